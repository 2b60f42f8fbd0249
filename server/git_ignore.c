/*
 * .gitignore and .ignore rules through libgit2 (git_ignore.h). A walked path
 * is made absolute (realpath of its folder, then its name) and looked up
 * relative to the work tree of the repository that holds its folder; a path
 * in no repository is looked up whole in the stand-in (git_standin.h).
 *
 * The .ignore files of a folder and of every folder above it join the
 * internal rules of that repository (or of the stand-in), rewritten for its
 * base (ignore_rules.h), the first time a path in the folder is asked about;
 * the folders above first, so a deeper file's rules come later. libgit2 asks
 * the internal rules before any .gitignore file, at the path and at each
 * folder above it, and the last internal rule that matches decides: a
 * .ignore file wins over .gitignore files, a deeper one over a shallower.
 */
#include "git_ignore.h"

#include <errno.h>
#include <git2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "git_standin.h"
#include "ignore_rules.h"
#include "pyfiles.h"

/* One folder's ignore files, as internal rules of its repository (ignore_rules.h); each NULL when none. */
typedef struct gi_folder {
	char *path;      /* owned */
	char *gitignore; /* owned: its .gitignore's rules (inside a work tree only) */
	char *ignore;    /* owned: its .ignore's rules */
} gi_folder;

/* A repository (or the stand-in) and the ignore files in its internal rules. */
typedef struct gi_rules {
	git_repository *repo; /* owned */
	char *base;           /* owned; its work tree without the trailing '/', "/" for the stand-in */
	gi_folder *read;      /* owned; the folders whose ignore files were read, sorted by path */
	size_t nread, cap;
	size_t nfiles;        /* the .ignore files among them that gave rules */
} gi_rules;

typedef struct gi_dir {
	char *dir;  /* owned; as the walk names it */
	long repo;  /* index in repos, -1 for none (the stand-in answers) */
	char *real; /* owned; its realpath, or NULL */
} gi_dir;

struct gg_git_ignore {
	gi_rules *repos; /* owned */
	size_t nrepos;
	gi_rules standin;    /* repo NULL until a path in no repository is asked about */
	bool standin_failed; /* it could not be made: outside repositories nothing is ignored */
	gi_dir *dirs;        /* owned; the folders looked up, the last one first to be asked again */
	size_t ndirs, cap;
	int started;         /* libgit2: 0 not yet, 1 started, -1 could not start (nothing is ignored) */
};

gg_git_ignore *gg_git_ignore_new(void)
{
	return calloc(1, sizeof(gg_git_ignore));
}

/*
 * Starts libgit2 on the first question: its start reads the system's TLS
 * certificates (libgit2 1.5 with mbedtls), more than half of what checking
 * one small named file costs, and a run that walks no folder asks nothing.
 */
static bool gi_start(gg_git_ignore *g)
{
	if (!g->started)
		g->started = git_libgit2_init() < 0 ? -1 : 1;
	return g->started > 0;
}

static void gi_rules_free(gi_rules *r)
{
	git_repository_free(r->repo);
	free(r->base);
	for (size_t i = 0; i < r->nread; i++) {
		free(r->read[i].path);
		free(r->read[i].gitignore);
		free(r->read[i].ignore);
	}
	free(r->read);
}

void gg_git_ignore_delete(gg_git_ignore *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->nrepos; i++)
		gi_rules_free(&g->repos[i]);
	gi_rules_free(&g->standin);
	for (size_t i = 0; i < g->ndirs; i++) {
		free(g->dirs[i].dir);
		free(g->dirs[i].real);
	}
	free(g->repos);
	free(g->dirs);
	if (g->started > 0)
		git_libgit2_shutdown();
	free(g);
}

/*
 * folder/name's rules for r's base into *out (NULL when it has none or
 * cannot be read, as git takes an unreadable .gitignore). Returns 0 or a
 * negative errno.
 */
static int gi_rules_read_file(const gi_rules *r, const char *folder, const char *name, char **out)
{
	*out = NULL;
	gg_buf path = { 0 };
	if (gg_buf_printf(&path, "%s/%s", strcmp(folder, "/") == 0 ? "" : folder, name))
		return -ENOMEM;
	char *text = NULL, *rules = NULL;
	size_t len = 0;
	int rc = gg_pyfiles_read(gg_buf_cstr(&path), &text, &len);
	gg_buf_free(&path);
	if (rc)
		return rc == -ENOMEM ? rc : 0;
	rc = gg_ignore_rules_rebase(text, len, folder, r->base, &rules);
	free(text);
	if (!rc && *rules)
		*out = rules;
	else
		free(rules);
	return rc;
}

/* Whether folder is r's work tree or below it (where git reads .gitignore files). */
static bool gi_in_work_tree(const gi_rules *r, const char *folder)
{
	size_t n = strlen(r->base);
	return strcmp(r->base, "/") != 0 && strncmp(folder, r->base, n) == 0 && (folder[n] == '\0' || folder[n] == '/');
}

/*
 * Gives r's repository its internal rules again, from the folders read: every
 * .gitignore first, then every .ignore, each set from the top down. libgit2
 * asks internal rules before its own reading of the files, the last match
 * deciding, so this order makes any .ignore win over any .gitignore and a
 * deeper file over a shallower one, as ruff's walk has it. The .gitignore
 * files are given too because libgit2 1.5 drops a negation without wildcards
 * (`!keep.py` in sub/ against the root's `*.py`) that git honours; the
 * rewritten rules keep it (ignore_rules.h). Returns 0 or -EIO.
 */
static int gi_rules_apply(gi_rules *r)
{
	if (git_ignore_clear_internal_rules(r->repo) != 0)
		return -EIO;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < r->nread; i++) {
			const char *rules = pass == 0 ? r->read[i].gitignore : r->read[i].ignore;
			if (rules && git_ignore_add_rule(r->repo, rules) != 0)
				return -EIO;
		}
	return 0;
}

/* Reads folder's ignore files into r unless done before; *added tells whether one gave rules. Returns 0 or a negative errno. */
static int gi_rules_read_once(gi_rules *r, const char *folder, bool *added)
{
	size_t lo = 0, hi = r->nread;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(r->read[mid].path, folder);
		if (c == 0)
			return 0;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (r->nread == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 16;
		gi_folder *read = realloc(r->read, cap * sizeof *read);
		if (!read)
			return -ENOMEM;
		r->read = read;
		r->cap = cap;
	}
	gi_folder f = { strdup(folder), NULL, NULL };
	if (!f.path)
		return -ENOMEM;
	int rc = gi_rules_read_file(r, folder, ".ignore", &f.ignore);
	if (!rc && gi_in_work_tree(r, folder))
		rc = gi_rules_read_file(r, folder, ".gitignore", &f.gitignore);
	memmove(r->read + lo + 1, r->read + lo, (r->nread - lo) * sizeof *r->read);
	r->read[lo] = f;
	r->nread++;
	r->nfiles += f.ignore != NULL;
	*added = *added || f.ignore || f.gitignore;
	return rc;
}

/* The ignore files of real (a folder's realpath) and of each folder above it, from the top, each once. */
static int gi_rules_load(gi_rules *r, const char *real)
{
	size_t n = strlen(real);
	char *folder = malloc(n + 1);
	if (!folder)
		return -ENOMEM;
	int rc = 0;
	bool added = false;
	for (size_t end = 1; !rc;) { /* "/", "/a", "/a/b": the first end bytes of real */
		memcpy(folder, real, end);
		folder[end] = '\0';
		rc = gi_rules_read_once(r, folder, &added);
		if (end >= n)
			break;
		const char *slash = strchr(real + end + (end > 1), '/');
		end = slash ? (size_t)(slash - real) : n;
	}
	free(folder);
	return added && rc != -ENOMEM ? gi_rules_apply(r) : rc;
}

/* The repository whose work tree holds real (a folder's realpath): one opened before, or opened now; -1 for none. */
static long gi_repo_for(gg_git_ignore *g, const char *real)
{
	for (size_t i = 0; i < g->nrepos; i++) {
		const char *wd = git_repository_workdir(g->repos[i].repo); /* ends with '/' */
		size_t n = wd ? strlen(wd) : 0;
		if (n && (strncmp(real, wd, n) == 0 || (strlen(real) + 1 == n && strncmp(real, wd, n - 1) == 0)))
			return (long)i;
	}
	git_repository *repo = NULL;
	if (git_repository_open_ext(&repo, real, 0, NULL) != 0)
		return -1;
	const char *wd = git_repository_workdir(repo);
	char *base = wd && !git_repository_is_bare(repo) ? strdup(wd) : NULL;
	gi_rules *r = base ? realloc(g->repos, (g->nrepos + 1) * sizeof *r) : NULL;
	if (!r) {
		free(base);
		git_repository_free(repo);
		return -1;
	}
	size_t bn = strlen(base);
	if (bn > 1 && base[bn - 1] == '/')
		base[bn - 1] = '\0';
	g->repos = r;
	g->repos[g->nrepos] = (gi_rules){ repo, base, NULL, 0, 0, 0 };
	return (long)g->nrepos++;
}

/* The rules paths in folder real are asked of, its .ignore files and those above it read; NULL for none. */
static gi_rules *gi_rules_for(gg_git_ignore *g, long repo, const char *real)
{
	gi_rules *r = repo >= 0 ? &g->repos[repo] : &g->standin;
	if (!r->repo && !g->standin_failed) {
		r->base = strdup("/");
		if (!r->base || gg_git_standin_new(&r->repo) != 0) {
			free(r->base);
			r->base = NULL;
			g->standin_failed = true;
		}
	}
	if (!r->repo)
		return NULL;
	(void)gi_rules_load(r, real); /* on failure some rules are missing: less is ignored */
	return r;
}

/* The cached answer for folder dir, added when new; NULL on OOM. */
static const gi_dir *gi_dir_of(gg_git_ignore *g, const char *dir)
{
	for (size_t i = g->ndirs; i-- > 0;)
		if (strcmp(g->dirs[i].dir, dir) == 0)
			return &g->dirs[i];
	if (g->ndirs == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 16;
		gi_dir *d = realloc(g->dirs, cap * sizeof *d);
		if (!d)
			return NULL;
		g->dirs = d;
		g->cap = cap;
	}
	gi_dir *d = &g->dirs[g->ndirs];
	d->dir = strdup(dir);
	d->real = realpath(dir, NULL);
	if (!d->dir) {
		free(d->real);
		return NULL;
	}
	d->repo = d->real ? gi_repo_for(g, d->real) : -1;
	if (d->real)
		(void)gi_rules_for(g, d->repo, d->real);
	g->ndirs++;
	return d;
}

/* name in folder real, asked of the stand-in: absolute, with a trailing '/' for a folder (it cannot look). */
static bool gi_standin_ignores(gg_git_ignore *g, const char *real, const char *name)
{
	gg_buf abs = { 0 };
	if (gg_buf_printf(&abs, "%s/%s", strcmp(real, "/") == 0 ? "" : real, name))
		return false;
	struct stat st;
	int ignored = 0;
	bool out = (stat(gg_buf_cstr(&abs), &st) != 0 || !S_ISDIR(st.st_mode) || gg_buf_append(&abs, "/", 1) == 0) &&
		   git_ignore_path_is_ignored(&ignored, g->standin.repo, gg_buf_cstr(&abs)) == 0 && ignored;
	gg_buf_free(&abs);
	return out;
}

bool gg_git_ignore_path(gg_git_ignore *g, const char *dir, const char *path)
{
	if (!g || !gi_start(g))
		return false;
	const gi_dir *d = gi_dir_of(g, dir);
	const char *name = strrchr(path, '/');
	name = name ? name + 1 : path;
	if (!d || !d->real || strcmp(name, ".git") == 0 || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return false;
	if (d->repo < 0) /* with no .ignore rules read, the stand-in has nothing to say: not asked */
		return g->standin.repo && g->standin.nfiles && gi_standin_ignores(g, d->real, name);
	git_repository *repo = g->repos[d->repo].repo;
	const char *wd = git_repository_workdir(repo);
	size_t wn = strlen(wd), rn = strlen(d->real);
	/* The path from the work tree: the folder's part below it, then the name. */
	const char *below = rn + 1 >= wn ? d->real + wn - 1 : "";
	while (*below == '/')
		below++;
	size_t bn = strlen(below), nn = strlen(name);
	char *rel = malloc(bn + nn + 2);
	if (!rel)
		return false;
	memcpy(rel, below, bn);
	size_t k = bn;
	if (bn)
		rel[k++] = '/';
	memcpy(rel + k, name, nn + 1);
	int ignored = 0;
	bool out = git_ignore_path_is_ignored(&ignored, repo, rel) == 0 && ignored;
	free(rel);
	return out;
}
