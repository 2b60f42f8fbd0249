#ifndef GG_FILE_REWRITE_H
#define GG_FILE_REWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/*
 * Rewriting a file the user asked us to fix, as carefully as an editor's
 * save (`check --fix`):
 *
 *  - the file is opened, locked (flock, exclusive) and read under the lock,
 *    and stays locked until it is written or left: two `check --fix` runs on
 *    one file take turns, and the second reads what the first wrote;
 *  - a symbolic link is written through to its target; the link stays;
 *  - a new version is written to a temporary file created with O_EXCL (never
 *    through a link planted at its name) in the target's own folder, given
 *    the file's mode and owner, fsync'ed, then renamed over the file;
 *  - a file with other hard links, or whose owner cannot be kept, or in a
 *    folder where no file can be made, is written in place under the lock
 *    (its inode, links, owner and mode stay), its new size reserved first
 *    (posix_fallocate): a full disk fails the fix before a byte changes, and
 *    a write that fails all the same puts the old bytes back;
 *  - a file the user may not write (access(2) says so, for the effective
 *    ids: mode, ACLs, a read-only mount; or no write bit is set: read-only
 *    as an editor sees it, even for root) is left;
 *  - the file is opened for writing only to be written (in place): closing
 *    a file opened for writing tells file watchers it changed;
 *  - a file changed on disk since it was read (a different file at the
 *    path, another size or mtime, other bytes) is left.
 *
 * A file left alone is not an error: the calls say so with
 * GG_FILE_REWRITE_SKIPPED and a message for the user.
 */

#define GG_FILE_REWRITE_SKIPPED 1

typedef struct gg_file_rewrite {
	char *path;     /* owned: the file itself (a symlink's target, resolved) */
	int fd;         /* the file, open for reading and locked; -1 when closed */
	bool writable;  /* the user may write it */
	struct stat st; /* of fd, once read */
} gg_file_rewrite;

/*
 * Opens and locks the file at path and reads it whole into *text (malloc'd,
 * the caller's; not NUL-terminated) and *len. Returns 0, SKIPPED with *why
 * (malloc'd, the caller's) when the file cannot be rewritten safely and so
 * is not read for a fix (not a regular file, locked by another program for
 * too long), or a negative errno. f needs gg_file_rewrite_close on every
 * path.
 */
int gg_file_rewrite_open(gg_file_rewrite *f, const char *path, char **text, size_t *len, char **why);

/*
 * Replaces the contents of the file (which must still be `expect`, the
 * expect_len bytes read) with head and then body. Returns 0 when written,
 * SKIPPED with *why (malloc'd, the caller's) when the file was left as it
 * was (read-only, changed since read), or a negative errno (the file is as
 * it was).
 */
int gg_file_rewrite_commit(gg_file_rewrite *f, const char *expect, size_t expect_len, const char *head,
			   size_t head_len, const char *body, size_t body_len, char **why);

/* Unlocks and closes; f can be closed twice. */
void gg_file_rewrite_close(gg_file_rewrite *f);

#endif
