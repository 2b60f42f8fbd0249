#include "pyfiles.h"

#include "notebook_cells.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"

/* Folders never walked into: version control, virtualenvs, caches, build output (as ruff). */
static const char *const pyfiles_skipped[] = {
	".bzr", ".direnv", ".eggs", ".git", ".gradguard_cache", ".hg", ".ipynb_checkpoints", ".mypy_cache", ".nox",
	".pytest_cache", ".pytype", ".ruff_cache", ".svn", ".tox", ".venv", "__pycache__",
	"__pypackages__", "build", "dist", "node_modules", "site-packages", "venv", NULL,
};

void gg_pyfiles_free(gg_pyfiles *files)
{
	for (size_t i = 0; i < files->len; i++)
		free(files->items[i]);
	free(files->items);
	files->items = NULL;
	files->len = files->cap = 0;
}

int gg_pyfiles_add(gg_pyfiles *files, char *path)
{
	if (!path)
		return -ENOMEM;
	if (gg_grow((void **)&files->items, &files->cap, files->len, sizeof *files->items)) {
		free(path);
		return -ENOMEM;
	}
	files->items[files->len++] = path;
	return 0;
}

bool gg_pyfiles_lfs_pointer(const char *text, size_t len)
{
	static const char head[] = "version https://git-lfs.github.com/spec/";
	return len >= sizeof head - 1 && len < 1024 && memcmp(text, head, sizeof head - 1) == 0;
}

int gg_pyfiles_join_into(gg_buf *out, const char *dir, const char *name)
{
	out->len = 0;
	if (strcmp(dir, ".") != 0) {
		size_t n = strlen(dir);
		while (n > 1 && dir[n - 1] == '/')
			n--;
		if (gg_buf_append(out, dir, n) || gg_buf_append(out, "/", 1))
			return -ENOMEM;
	}
	return gg_buf_append(out, name, strlen(name) + 1) ? -ENOMEM : 0; /* with its NUL */
}

char *gg_pyfiles_join(const char *dir, const char *name)
{
	gg_buf out = { NULL, 0, 0 };
	if (gg_pyfiles_join_into(&out, dir, name)) {
		gg_buf_free(&out);
		return NULL;
	}
	return out.data;
}

bool gg_pyfiles_skip_dir(const char *path, const char *name)
{
	for (const char *const *s = pyfiles_skipped; *s; s++)
		if (strcmp(name, *s) == 0)
			return true;
	/* A virtualenv under any name. */
	char *cfg = gg_pyfiles_join(path, "pyvenv.cfg");
	bool venv = cfg && access(cfg, F_OK) == 0;
	free(cfg);
	return venv;
}

static bool pyfiles_is_source(const char *name, const gg_pyfiles_walker *w)
{
	size_t n = strlen(name);
	return (n > 3 && strcmp(name + n - 3, ".py") == 0) || (w && w->notebooks && gg_notebook_path_is(name));
}

/*
 * A file named on the command line is checked when it is Python by its
 * name (.py, .pyi, a notebook) or has no extension (a script such as
 * bin/train); README.md or notes.txt is not, and a run that names only
 * such files says it found no Python.
 */
static bool pyfiles_named_is_source(const char *path, const gg_pyfiles_walker *w)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	if (!dot || dot == base)
		return true;
	size_t n = strlen(base);
	return pyfiles_is_source(base, w) || (n > 4 && strcmp(base + n - 4, ".pyi") == 0);
}

static void pyfiles_report(const gg_pyfiles_walker *w, const char *path, int err)
{
	if (w && w->report)
		w->report(w->ctx, path, strerror(err));
}

static int pyfiles_walk_dir(gg_pyfiles *files, const char *dir, const gg_pyfiles_walker *w);

/* One directory entry: a *.py file (or notebook, when asked) is kept, a folder walked. */
static int pyfiles_walk_entry(gg_pyfiles *files, const char *dir, const char *name, const gg_pyfiles_walker *w)
{
	char *path = gg_pyfiles_join(dir, name);
	if (!path)
		return -ENOMEM;
	struct stat st;
	int rc = 0;
	if (lstat(path, &st) != 0) {
		/* Gone since the folder was read (another run's temporary file, an editor's swap): nothing to check. */
		if (errno != ENOENT)
			pyfiles_report(w, path, errno);
	} else if (w && w->excluded && w->excluded(w->ctx, dir, path)) {
		/* left out by the caller's patterns */
	} else if (S_ISDIR(st.st_mode)) {
		rc = gg_pyfiles_skip_dir(path, name) ? 0 : pyfiles_walk_dir(files, path, w);
	} else if (pyfiles_is_source(name, w)) {
		/* A link to a folder is not followed; a link to a file (or to nothing: reported on reading) is kept. */
		bool link_to_dir = S_ISLNK(st.st_mode) && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
		if (!link_to_dir && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode))) {
			rc = gg_pyfiles_add(files, path);
			path = NULL; /* consumed */
		}
	}
	free(path);
	return rc;
}

static int pyfiles_name_cmp(const void *pa, const void *pb)
{
	return strcmp(*(char *const *)pa, *(char *const *)pb);
}

static int pyfiles_walk_dir(gg_pyfiles *files, const char *dir, const gg_pyfiles_walker *w)
{
	DIR *d = opendir(dir);
	if (!d) {
		pyfiles_report(w, dir, errno);
		return 0;
	}
	gg_pyfiles names = { NULL, 0, 0 };
	int rc = 0;
	struct dirent *e;
	while (!rc && (errno = 0, e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			rc = gg_pyfiles_add(&names, strdup(e->d_name));
	}
	if (!rc && errno != 0)
		pyfiles_report(w, dir, errno);
	closedir(d);
	if (!rc && names.len)
		qsort(names.items, names.len, sizeof *names.items, pyfiles_name_cmp);
	for (size_t i = 0; i < names.len && !rc; i++)
		rc = pyfiles_walk_entry(files, dir, names.items[i], w);
	gg_pyfiles_free(&names);
	return rc;
}

bool gg_pyfiles_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int gg_pyfiles_collect(gg_pyfiles *files, const char *arg, const gg_pyfiles_walker *w)
{
	struct stat st;
	if (stat(arg, &st) != 0) {
		pyfiles_report(w, arg, errno);
		return 0;
	}
	if (S_ISDIR(st.st_mode))
		return pyfiles_walk_dir(files, arg, w);
	if (!pyfiles_named_is_source(arg, w))
		return 0;
	return gg_pyfiles_add(files, strdup(arg));
}

int gg_pyfiles_read(const char *path, char **text, size_t *len)
{
	/* O_NONBLOCK: opening a FIFO waits for a writer, which may never come. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int err = -errno;
		close(fd);
		return err;
	}
	if (S_ISDIR(st.st_mode) || !S_ISREG(st.st_mode)) {
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : GG_PYFILES_NOT_REGULAR;
	}
	size_t cap = S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size + 1 : 65536;
	size_t n = 0;
	char *buf = malloc(cap);
	int rc = buf ? 0 : -ENOMEM;
	while (!rc) {
		if (n == cap) {
			char *p = realloc(buf, cap * 2);
			if (!p) {
				rc = -ENOMEM;
				break;
			}
			buf = p;
			cap *= 2;
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0) {
			if (errno != EINTR)
				rc = -errno;
			continue;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	if (rc) {
		free(buf);
		return rc;
	}
	*text = buf;
	*len = n;
	return 0;
}

/* A file of the list by its identity: device, inode, whether its path is a link, and its place. */
typedef struct pyfile_id {
	dev_t dev;
	ino_t ino;
	bool link;
	size_t index;
} pyfile_id;

static int pyfile_id_cmp(const void *pa, const void *pb)
{
	const pyfile_id *a = pa, *b = pb;
	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	if (a->ino != b->ino)
		return a->ino < b->ino ? -1 : 1;
	if (a->link != b->link)
		return a->link ? 1 : -1; /* the real file first */
	return (a->index > b->index) - (a->index < b->index);
}

int gg_pyfiles_drop_aliases(gg_pyfiles *files)
{
	if (files->len < 2)
		return 0;
	pyfile_id *ids = calloc(files->len, sizeof *ids);
	bool *drop = calloc(files->len, sizeof *drop);
	if (!ids || !drop) {
		free(ids);
		free(drop);
		return -ENOMEM;
	}
	size_t n = 0;
	for (size_t i = 0; i < files->len; i++) {
		struct stat st, lst;
		if (stat(files->items[i], &st) != 0 || !S_ISREG(st.st_mode))
			continue; /* left to the check, which says why it cannot read it */
		bool link = lstat(files->items[i], &lst) == 0 && S_ISLNK(lst.st_mode);
		ids[n++] = (pyfile_id){ st.st_dev, st.st_ino, link, i };
	}
	qsort(ids, n, sizeof *ids, pyfile_id_cmp);
	for (size_t i = 1; i < n; i++)
		if (ids[i].dev == ids[i - 1].dev && ids[i].ino == ids[i - 1].ino)
			drop[ids[i].index] = true;
	size_t kept = 0;
	for (size_t i = 0; i < files->len; i++) {
		if (drop[i])
			free(files->items[i]);
		else
			files->items[kept++] = files->items[i];
	}
	files->len = kept;
	free(ids);
	free(drop);
	return 0;
}
