/*
 * .gitignore rules through libgit2 (git_ignore.h). A walked path is made
 * absolute (realpath of its folder, then its name) and looked up relative to
 * the work tree of the repository that holds its folder.
 */
#include "git_ignore.h"

#include <git2.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct gi_dir {
	char *dir;  /* owned; as the walk names it */
	long repo;  /* index in repos, -1 for none */
	char *real; /* owned; its realpath, or NULL */
} gi_dir;

struct gg_git_ignore {
	git_repository **repos; /* owned */
	size_t nrepos;
	gi_dir *dirs; /* owned; the folders looked up, the last one first to be asked again */
	size_t ndirs, cap;
};

gg_git_ignore *gg_git_ignore_new(void)
{
	if (git_libgit2_init() < 0)
		return NULL;
	gg_git_ignore *g = calloc(1, sizeof *g);
	if (!g)
		git_libgit2_shutdown();
	return g;
}

void gg_git_ignore_delete(gg_git_ignore *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->nrepos; i++)
		git_repository_free(g->repos[i]);
	for (size_t i = 0; i < g->ndirs; i++) {
		free(g->dirs[i].dir);
		free(g->dirs[i].real);
	}
	free(g->repos);
	free(g->dirs);
	free(g);
	git_libgit2_shutdown();
}

/* The repository whose work tree holds real (a folder's realpath): one opened before, or opened now; -1 for none. */
static long gi_repo_for(gg_git_ignore *g, const char *real)
{
	for (size_t i = 0; i < g->nrepos; i++) {
		const char *wd = git_repository_workdir(g->repos[i]); /* ends with '/' */
		size_t n = wd ? strlen(wd) : 0;
		if (n && (strncmp(real, wd, n) == 0 || (strlen(real) + 1 == n && strncmp(real, wd, n - 1) == 0)))
			return (long)i;
	}
	git_repository *repo = NULL;
	if (git_repository_open_ext(&repo, real, 0, NULL) != 0)
		return -1;
	if (git_repository_is_bare(repo)) {
		git_repository_free(repo);
		return -1;
	}
	git_repository **r = realloc(g->repos, (g->nrepos + 1) * sizeof *r);
	if (!r) {
		git_repository_free(repo);
		return -1;
	}
	g->repos = r;
	g->repos[g->nrepos] = repo;
	return (long)g->nrepos++;
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
	g->ndirs++;
	return d;
}

bool gg_git_ignore_path(gg_git_ignore *g, const char *dir, const char *path)
{
	if (!g)
		return false;
	const gi_dir *d = gi_dir_of(g, dir);
	if (!d || d->repo < 0)
		return false;
	git_repository *repo = g->repos[d->repo];
	const char *wd = git_repository_workdir(repo);
	const char *name = strrchr(path, '/');
	name = name ? name + 1 : path;
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
	bool out = strcmp(name, ".git") != 0 && strcmp(name, ".") != 0 && strcmp(name, "..") != 0 && git_ignore_path_is_ignored(&ignored, repo, rel) == 0 && ignored;
	free(rel);
	return out;
}
