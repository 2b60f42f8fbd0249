#ifndef GG_PYFILES_H
#define GG_PYFILES_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/*
 * The Python sources of a project as gradguard finds them: a folder is walked
 * in sorted order for *.py files, leaving out version control, virtualenvs
 * (any folder holding a pyvenv.cfg), caches and build output, and not
 * following links to folders; a file named directly is taken whatever its
 * name. `gradguard check`, the workspace scan of `gradguard diagnose` and the
 * benchmark all walk this way.
 */

typedef struct gg_pyfiles {
	char **items; /* owned, each owned; in walk order */
	size_t len, cap;
} gg_pyfiles;

typedef struct gg_pyfiles_walker {
	/* Leaves path (found in dir) out, folder or file; NULL keeps everything. */
	bool (*excluded)(void *ctx, const char *dir, const char *path);
	/* A path that could not be read; the walk goes on. */
	void (*report)(void *ctx, const char *path, const char *message);
	void *ctx;
	bool notebooks; /* *.ipynb files are kept too */
} gg_pyfiles_walker;

void gg_pyfiles_free(gg_pyfiles *files);
/* Appends path (consumed, freed on failure). Returns 0 or -ENOMEM. */
int gg_pyfiles_add(gg_pyfiles *files, char *path);

/*
 * Adds what arg (a file or a folder) holds; a file named whose extension is
 * not Python's (.py, .pyi, .ipynb) is left out. Returns 0, or -ENOMEM
 * (other errors are reported).
 */
int gg_pyfiles_collect(gg_pyfiles *files, const char *arg, const gg_pyfiles_walker *w);

/*
 * Keeps one path of each file that several name (a recipe folder's links to
 * a shared model file, as speech toolkits lay them out): the one that is no
 * link, else the first; the order of those kept is unchanged. Paths that
 * cannot be read are kept (their check reports them). Returns 0 or -ENOMEM.
 */
int gg_pyfiles_drop_aliases(gg_pyfiles *files);

/* gg_pyfiles_read's answer for what is not a regular file (a FIFO, a device): reading it could wait forever. */
#define GG_PYFILES_NOT_REGULAR (-ENODEV)

/*
 * Reads a whole regular file of any size into *text (malloc'd, owned by the
 * caller; not NUL-terminated) and *len. Never waits on a FIFO. Returns 0 or a
 * negative errno (-EISDIR for a folder, GG_PYFILES_NOT_REGULAR).
 */
int gg_pyfiles_read(const char *path, char **text, size_t *len);

/* Whether path names a folder (through links). */
bool gg_pyfiles_is_dir(const char *path);

/* Whether the folder path (named name) is one the walk leaves out. */
bool gg_pyfiles_skip_dir(const char *path, const char *name);

/*
 * Whether text is a Git LFS pointer (`version https://git-lfs.github.com/spec/v1`
 * and the object's hash): a file whose content was never fetched.
 */
bool gg_pyfiles_lfs_pointer(const char *text, size_t len);

/* dir/name, without a leading "./" when dir is ".". Caller owns the result; NULL on OOM. */
char *gg_pyfiles_join(const char *dir, const char *name);
/* The same path written over *out (NUL-terminated), for a caller that joins many. 0 or -ENOMEM. */
int gg_pyfiles_join_into(gg_buf *out, const char *dir, const char *name);

#endif
