#ifndef GG_GIT_IGNORE_H
#define GG_GIT_IGNORE_H

#include <stdbool.h>

/*
 * What the folder walk of `gradguard check` leaves out, as ruff's walk does:
 * what git ignores (.gitignore files at every level of the work tree,
 * .git/info/exclude and the user's core.excludesFile) for the repository
 * each path is in, and what `.ignore` files (gitignore syntax) leave out,
 * inside or outside a repository, in the path's folder and in every folder
 * above it. A `.ignore` file wins over the git files (its "!pattern"
 * re-includes what they leave out), a deeper one over a shallower one. A
 * path below a folder that its work tree's rules leave out is left out (git's
 * rule). The patterns are matched by ignore_file.h in time linear in path
 * times pattern; libgit2 only opens repositories and reads their settings.
 * Folders are read once and remembered. Not thread-safe: the walk runs on
 * one thread.
 */

typedef struct gg_git_ignore gg_git_ignore;

/* NULL on OOM. libgit2 starts on the first folder holding ".git"; when it cannot, no repository is found. The caller owns it. */
gg_git_ignore *gg_git_ignore_new(void);
void gg_git_ignore_delete(gg_git_ignore *g);

/* Whether path (a file or a folder, found in folder dir) is left out. An unreadable ignore file counts as none. */
bool gg_git_ignore_path(gg_git_ignore *g, const char *dir, const char *path);

#endif
