/*
 * What .gitignore, info/exclude, core.excludesFile and .ignore files leave
 * out (git_ignore.h). The patterns are ours (ignore_file.h, linear in path
 * times pattern); libgit2 only opens a folder holding ".git" as a
 * repository, to learn its common folder (for info/exclude) and its
 * core.excludesFile.
 *
 * Folders are known by their realpath, each once, with the folder above it,
 * its repository and its ignore files; the folders above a path are read
 * too, as far as "/", since .ignore files count at every level above. A path
 * is asked about with the verdict of the first of, in order:
 *   - the .ignore files from its folder up to "/", the deepest first;
 *   - inside a work tree, its .gitignore files from the path's folder up to
 *     the work tree, the deepest first, then info/exclude, then
 *     core.excludesFile;
 * each file by its last line that matches. And as git has it, a path whose
 * folder (or one above it in the same work tree) is left out is left out.
 */
#include "git_ignore.h"

#include <errno.h>
#include <fcntl.h>
#include <git2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "ignore_file.h"
#include "real_path.h"

/* git reads no pattern file larger than this (dir.c's PATTERN_MAX_FILE_SIZE); neither do we. */
#define GI_MAX_FILE (100u << 20)

typedef struct gi_repo {
	char *workdir;            /* owned; realpath of its work tree */
	gg_ignore_file *exclude;  /* owned; info/exclude, NULL for none */
	gg_ignore_file *global;   /* owned; core.excludesFile, NULL for none */
	unsigned flags;           /* GG_IGNORE_FOLD_CASE when its core.ignoreCase is true */
} gi_repo;

typedef struct gi_folder {
	char *real;                 /* owned; realpath, no trailing '/' but "/" itself */
	size_t len;
	struct gi_folder *parent;   /* NULL for "/" */
	gi_repo *repo;              /* the repository whose work tree holds it, or NULL; owned by the set */
	bool top;                   /* it is that work tree */
	gg_ignore_file *gitignore;  /* owned; its .gitignore (in a work tree only), NULL for none */
	gg_ignore_file *ignore;     /* owned; its .ignore, NULL for none */
	int excluded;               /* -1 not known yet; 0; 1 left out (itself or a folder above it in its work tree) */
} gi_folder;

/* A sorted map from a name to a folder. */
typedef struct gi_entry {
	char *key; /* owned */
	gi_folder *folder;
} gi_entry;

typedef struct gi_map {
	gi_entry *items; /* owned; sorted by key */
	size_t len, cap;
} gi_map;

struct gg_git_ignore {
	gi_map by_real;   /* every folder, by realpath; owns them */
	gi_map by_dir;    /* the folders as the walk names them (no folder owned) */
	gi_repo **repos;  /* owned, each owned */
	size_t nrepos, cap;
	int started;      /* libgit2: 0 not yet, 1 started, -1 could not start (no repository then) */
};

gg_git_ignore *gg_git_ignore_new(void)
{
	return calloc(1, sizeof(gg_git_ignore));
}

static void gi_folder_free(gi_folder *f)
{
	free(f->real);
	gg_ignore_file_free(f->gitignore);
	gg_ignore_file_free(f->ignore);
	free(f);
}

void gg_git_ignore_delete(gg_git_ignore *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->by_real.len; i++) {
		free(g->by_real.items[i].key);
		gi_folder_free(g->by_real.items[i].folder);
	}
	for (size_t i = 0; i < g->by_dir.len; i++)
		free(g->by_dir.items[i].key);
	for (size_t i = 0; i < g->nrepos; i++) {
		free(g->repos[i]->workdir);
		gg_ignore_file_free(g->repos[i]->exclude);
		gg_ignore_file_free(g->repos[i]->global);
		free(g->repos[i]);
	}
	free(g->by_real.items);
	free(g->by_dir.items);
	free(g->repos);
	if (g->started > 0)
		git_libgit2_shutdown();
	free(g);
}

/* Where key is in m, or would go: *found tells which. */
static size_t gi_map_find(const gi_map *m, const char *key, bool *found)
{
	size_t lo = 0, hi = m->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(m->items[mid].key, key);
		if (c == 0) {
			*found = true;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = false;
	return lo;
}

/* Inserts (a copy of key, f) at pos. Returns 0 or -ENOMEM. */
static int gi_map_insert(gi_map *m, size_t pos, const char *key, gi_folder *f)
{
	char *k = strdup(key);
	if (!k || gg_grow((void **)&m->items, &m->cap, m->len, sizeof *m->items)) {
		free(k);
		return -ENOMEM;
	}
	memmove(m->items + pos + 1, m->items + pos, (m->len - pos) * sizeof *m->items);
	m->items[pos] = (gi_entry){ k, f };
	m->len++;
	return 0;
}

/*
 * An ignore file's patterns into *out (NULL when it has none, is missing, is
 * not a regular file, or is larger than git reads). nofollow: a link is
 * none (git does not follow a .gitignore that is a link). Never blocks on a
 * FIFO. Returns 0 or -ENOMEM.
 */
static int gi_read(const char *path, bool nofollow, unsigned flags, gg_ignore_file **out)
{
	*out = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (nofollow ? O_NOFOLLOW : 0));
	if (fd < 0)
		return 0;
	struct stat st;
	char *text = NULL;
	size_t len = 0;
	int rc = 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size <= GI_MAX_FILE) {
		size_t cap = (size_t)st.st_size + 1;
		text = malloc(cap);
		if (!text)
			rc = -ENOMEM;
		while (!rc && len < cap) {
			ssize_t got = read(fd, text + len, cap - len);
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0)
				break;
			len += (size_t)got;
		}
		/* A file that grew while read: what fits its size at open, as a file that changes meanwhile gives. */
		if (!rc)
			rc = gg_ignore_file_parse(text, len < cap ? len : cap - 1, flags, out);
	}
	close(fd);
	free(text);
	return rc;
}

/* folder/name into b ("/name" for "/"). */
static int gi_join(gg_buf *b, const char *folder, const char *name)
{
	b->len = 0;
	return gg_buf_printf(b, "%s/%s", strcmp(folder, "/") == 0 ? "" : folder, name);
}

/*
 * The repository whose work tree is folder real (which holds ".git"), read
 * now: info/exclude and core.excludesFile (the user's, or git's default under
 * $XDG_CONFIG_HOME or ~/.config). NULL when libgit2 does not take it as one
 * (not a repository, not ours to open, a work tree elsewhere); *err: -ENOMEM.
 */
static gi_repo *gi_repo_open(gg_git_ignore *g, const char *real, int *err)
{
	*err = 0;
	if (!g->started)
		g->started = git_libgit2_init() < 0 ? -1 : 1;
	git_repository *repo = NULL;
	if (g->started < 0 || git_repository_open_ext(&repo, real, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) != 0)
		return NULL;
	const char *wd = git_repository_workdir(repo);
	size_t rn = strlen(real);
	if (!wd || strncmp(wd, real, rn) != 0 || (wd[rn] != '\0' && strcmp(wd + rn, "/") != 0)) {
		git_repository_free(repo);
		return NULL;
	}
	gi_repo *r = calloc(1, sizeof *r);
	gg_buf path = { 0 };
	git_config *cfg = NULL;
	git_buf excl = { 0 };
	int rc = r && (r->workdir = strdup(real)) ? 0 : -ENOMEM;
	int fold = 0;
	if (!rc && git_repository_config_snapshot(&cfg, repo) == 0 && git_config_get_bool(&fold, cfg, "core.ignoreCase") == 0 && fold)
		r->flags = GG_IGNORE_FOLD_CASE;
	if (!rc)
		rc = gg_buf_printf(&path, "%sinfo/exclude", git_repository_commondir(repo));
	if (!rc)
		rc = gi_read(gg_buf_cstr(&path), false, r->flags, &r->exclude);
	if (!rc && cfg && git_config_get_path(&excl, cfg, "core.excludesFile") == 0) {
		rc = gi_read(excl.ptr, false, r->flags, &r->global);
	} else if (!rc) {
		const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
		path.len = 0;
		if (xdg && *xdg)
			rc = gg_buf_printf(&path, "%s/git/ignore", xdg);
		else if (home && *home)
			rc = gg_buf_printf(&path, "%s/.config/git/ignore", home);
		if (!rc && path.len)
			rc = gi_read(gg_buf_cstr(&path), false, r->flags, &r->global);
	}
	git_buf_dispose(&excl);
	git_config_free(cfg);
	git_repository_free(repo);
	gg_buf_free(&path);
	if (!rc)
		rc = gg_grow((void **)&g->repos, &g->cap, g->nrepos, sizeof *g->repos);
	if (rc) {
		if (r) {
			free(r->workdir);
			gg_ignore_file_free(r->exclude);
			gg_ignore_file_free(r->global);
			free(r);
		}
		*err = rc;
		return NULL;
	}
	g->repos[g->nrepos++] = r;
	return r;
}

/* The folder at realpath real, known from before or read now with the folders above it; NULL on OOM. */
static gi_folder *gi_folder_of(gg_git_ignore *g, const char *real)
{
	bool found;
	size_t pos = gi_map_find(&g->by_real, real, &found);
	if (found)
		return g->by_real.items[pos].folder;
	gi_folder *parent = NULL;
	if (strcmp(real, "/") != 0) {
		const char *slash = strrchr(real, '/');
		char *up = slash == real ? strdup("/") : strndup(real, (size_t)(slash - real));
		parent = up ? gi_folder_of(g, up) : NULL;
		free(up);
		if (!parent)
			return NULL;
		pos = gi_map_find(&g->by_real, real, &found);
	}
	gi_folder *f = calloc(1, sizeof *f);
	gg_buf path = { 0 };
	int rc = f && (f->real = strdup(real)) ? 0 : -ENOMEM;
	if (!rc) {
		f->len = strlen(real);
		f->parent = parent;
		f->excluded = -1;
		f->repo = parent ? parent->repo : NULL;
		rc = gi_join(&path, real, ".git");
	}
	struct stat st;
	if (!rc && lstat(gg_buf_cstr(&path), &st) == 0) {
		gi_repo *r = gi_repo_open(g, real, &rc);
		if (r) {
			f->repo = r;
			f->top = true;
		}
	}
	if (!rc)
		rc = gi_join(&path, real, ".ignore");
	if (!rc)
		rc = gi_read(gg_buf_cstr(&path), false, 0, &f->ignore); /* ruff's: case-sensitive */
	if (!rc && f->repo)
		rc = gi_join(&path, real, ".gitignore");
	if (!rc && f->repo)
		rc = gi_read(gg_buf_cstr(&path), true, f->repo->flags, &f->gitignore);
	if (!rc)
		rc = gi_map_insert(&g->by_real, pos, real, f);
	gg_buf_free(&path);
	if (rc) {
		if (f)
			gi_folder_free(f);
		return NULL;
	}
	return f;
}

/* path (absolute, len bytes) below folder f: its part after f's path and the '/'. */
static const char *gi_below(const gi_folder *f, const char *path, size_t *len)
{
	size_t skip = f->len == 1 ? 1 : f->len + 1;
	*len -= skip;
	return path + skip;
}

/* The verdict on path (absolute, len bytes, name in folder d; a folder when is_dir), d's exclusion aside. */
static gg_ignore_verdict gi_verdict(const gi_folder *d, const char *path, size_t len, bool is_dir)
{
	for (const gi_folder *f = d; f; f = f->parent) {
		size_t n = len;
		const char *rel = gi_below(f, path, &n);
		gg_ignore_verdict v = gg_ignore_file_match(f->ignore, rel, n, is_dir);
		if (v)
			return v;
	}
	if (!d->repo)
		return GG_IGNORE_NONE;
	const gi_folder *top = d;
	for (const gi_folder *f = d; f && f->repo == d->repo; f = f->parent) {
		size_t n = len;
		const char *rel = gi_below(f, path, &n);
		gg_ignore_verdict v = gg_ignore_file_match(f->gitignore, rel, n, is_dir);
		if (v)
			return v;
		top = f;
		if (f->top)
			break;
	}
	size_t n = len;
	const char *rel = gi_below(top, path, &n);
	gg_ignore_verdict v = gg_ignore_file_match(d->repo->exclude, rel, n, is_dir);
	return v ? v : gg_ignore_file_match(d->repo->global, rel, n, is_dir);
}

/* Whether folder f is left out: by its own verdict or as below a folder left out, in its work tree. */
static bool gi_excluded(gi_folder *f)
{
	if (f->excluded < 0) {
		gi_folder *up = f->parent;
		bool out = false;
		if (up && f->repo && !f->top)
			out = gi_excluded(up) || gi_verdict(up, f->real, f->len, true) == GG_IGNORE_EXCLUDED;
		f->excluded = out;
	}
	return f->excluded > 0;
}

/* The realpath of dir, a folder the walk names, from the folder it named above it where it can (real_path.h). Owned. */
static char *gi_real_of(gg_git_ignore *g, const char *dir)
{
	size_t at = gg_real_path_child_at(dir);
	const char *up = NULL;
	if (at) {
		char *parent = strndup(dir, at - 1);
		bool found = false;
		size_t pos = parent ? gi_map_find(&g->by_dir, parent, &found) : 0;
		free(parent);
		up = found ? g->by_dir.items[pos].folder->real : NULL;
	}
	return gg_real_path_below(dir, at, up);
}

/* The folder the walk names dir, found by its realpath the first time; NULL when it cannot be resolved. */
static gi_folder *gi_dir_of(gg_git_ignore *g, const char *dir)
{
	bool found;
	size_t pos = gi_map_find(&g->by_dir, dir, &found);
	if (found)
		return g->by_dir.items[pos].folder;
	char *real = gi_real_of(g, dir);
	gi_folder *f = real ? gi_folder_of(g, real) : NULL;
	free(real);
	if (f && gi_map_insert(&g->by_dir, pos, dir, f))
		return NULL;
	return f;
}

bool gg_git_ignore_path(gg_git_ignore *g, const char *dir, const char *path)
{
	if (!g)
		return false;
	const char *name = strrchr(path, '/');
	name = name ? name + 1 : path;
	if (!*name || strcmp(name, ".git") == 0 || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return false;
	gi_folder *d = gi_dir_of(g, dir);
	if (!d)
		return false;
	if (gi_excluded(d))
		return true;
	gg_buf abs = { 0 };
	struct stat st;
	bool is_dir = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
	bool out = gi_join(&abs, d->real, name) == 0 &&
		   gi_verdict(d, abs.data, abs.len, is_dir) == GG_IGNORE_EXCLUDED;
	gg_buf_free(&abs);
	return out;
}
