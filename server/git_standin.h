#ifndef GG_GIT_STANDIN_H
#define GG_GIT_STANDIN_H

#include <git2.h>

/*
 * A repository that stands in for none, for asking libgit2 about ignore
 * rules (git_ignore_add_rule, git_ignore_path_is_ignored) on paths in no
 * repository: bare, so no .gitignore file is read (and a path is a folder
 * only when it ends in '/'), with its own core.excludesFile (empty) and
 * core.ignoreCase (false) so that the user's global excludes and settings do
 * not apply. It is made in a fresh folder under $TMPDIR (or /tmp), which is
 * removed again before this returns: libgit2 has read what it needs, and
 * nothing is left behind however the run ends.
 *
 * *out is the caller's (git_repository_free). libgit2 must be initialised.
 * Returns 0, or a negative errno (-EIO when libgit2 fails).
 */
int gg_git_standin_new(git_repository **out);

#endif
