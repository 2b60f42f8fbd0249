#ifndef GG_REAL_PATH_H
#define GG_REAL_PATH_H

#include <stddef.h>

/*
 * Real paths of the folders a walk meets, folder below folder (the
 * configuration loader's, the ignore rules'): a folder that is no link, below
 * one whose real path is known, is that path and its own name, one lstat
 * where realpath(3) reads every level of the path again. Each caller keeps
 * the real paths it knows in its own table.
 */

/* Where dir's own name starts when it is a folder named below another in it ("a/b" -> 2), else 0 (".", "..", "x", "/x", "a/"). */
size_t gg_real_path_child_at(const char *dir);

/*
 * The real path of dir (owned): with parent_real, the real path of dir's
 * text before child_at (less its slash), that and dir's name when dir is a
 * folder and no link; else realpath(3)'s. NULL when it cannot be resolved.
 */
char *gg_real_path_below(const char *dir, size_t child_at, const char *parent_real);

#endif
