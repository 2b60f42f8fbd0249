#ifndef GG_GIT_IGNORE_H
#define GG_GIT_IGNORE_H

#include <stdbool.h>

/*
 * What git ignores, for the folder walk of `gradguard check` (as ruff walks:
 * .gitignore files at every level, .git/info/exclude and the user's
 * core.excludesFile), answered by libgit2 for the repository each path is
 * in; a path in no repository is never ignored. Repositories are opened once
 * and remembered, as are folders found to be in none. Not thread-safe: the
 * walk runs on one thread.
 */

typedef struct gg_git_ignore gg_git_ignore;

/* NULL on OOM or when libgit2 cannot start (then nothing is ignored). */
gg_git_ignore *gg_git_ignore_new(void);
void gg_git_ignore_delete(gg_git_ignore *g);

/* Whether git ignores path (a file or a folder, found in folder dir). */
bool gg_git_ignore_path(gg_git_ignore *g, const char *dir, const char *path);

#endif
