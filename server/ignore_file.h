#ifndef GG_IGNORE_FILE_H
#define GG_IGNORE_FILE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * One ignore file's patterns (.gitignore, .git/info/exclude, the user's
 * core.excludesFile, ruff's .ignore), read and matched as git reads and
 * matches them (gitignore(5)):
 *
 * - a leading UTF-8 byte order mark is skipped; lines end at '\n', a '\r'
 *   before it goes, and a NUL ends the line; an empty line or one starting
 *   with '#' is none; trailing spaces go unless a '\' quotes them;
 * - "!" negates (a later negation re-includes what an earlier line leaves
 *   out); a trailing '/' matches folders only;
 * - a pattern with no other '/' matches a path's last name at any depth
 *   below the file's folder; one with a '/' (a leading one included)
 *   matches the path relative to that folder;
 * - the wildcards are git's wildmatch (glob_match.h, GG_GLOB_GIT), matched
 *   after the pattern's leading literal part, as git does (so "foo**" then
 *   "/bar" matches foo/bar and foox/y/bar, as in git).
 *
 * Matching costs the path's length times the patterns' (no backtracking).
 * What a file's folder, its place among other files and a folder above a
 * path mean is the caller's (git_ignore.h).
 */

typedef struct gg_ignore_file gg_ignore_file;

/* What the last line of a file that matches a path says about it. */
typedef enum gg_ignore_verdict {
	GG_IGNORE_NONE = 0,   /* no line matches */
	GG_IGNORE_EXCLUDED,   /* left out */
	GG_IGNORE_INCLUDED,   /* a "!" line: kept, whatever files of less weight say */
} gg_ignore_verdict;

/* gg_ignore_file_parse's flags. */
enum {
	/* The repository's core.ignoreCase: ASCII letters match either case, as git matches then. */
	GG_IGNORE_FOLD_CASE = 1,
};

/*
 * Reads text (len bytes, any bytes) into *out, the caller's
 * (gg_ignore_file_free); NULL when it holds no pattern. Returns 0 or -ENOMEM.
 */
int gg_ignore_file_parse(const char *text, size_t len, unsigned flags, gg_ignore_file **out);
void gg_ignore_file_free(gg_ignore_file *f);

/*
 * The verdict of f's last line that matches rel (rel_len bytes: a path
 * relative to the file's folder, '/'-separated, no leading or trailing '/'),
 * a folder when is_dir. A NULL f says GG_IGNORE_NONE. Out of memory is
 * GG_IGNORE_NONE for the line that needed it (less is left out).
 */
gg_ignore_verdict gg_ignore_file_match(const gg_ignore_file *f, const char *rel, size_t rel_len, bool is_dir);

#endif
