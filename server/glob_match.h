#ifndef GG_GLOB_MATCH_H
#define GG_GLOB_MATCH_H

#include <stddef.h>

/*
 * The exclude globs: a pattern against a '/'-separated path, in time
 * proportional to the path's length times the pattern's, whatever the
 * pattern (no backtracking).
 *
 * Within a segment, as fnmatch(3) with FNM_PERIOD does it: '*' any run of
 * characters, '?' one, '[...]' a bracket expression ('!' or '^' negates,
 * ranges, [:alpha:] and the other POSIX classes, [=c=] and [.c.] for one
 * character), '\' quotes the next character; none of them matches '/', nor a
 * '.' that starts a segment (only a literal '.' does). A segment that is
 * exactly "**" matches any number of whole segments (none included); a final
 * "**" matches whatever is left. A trailing '/' is ignored ("data/" is
 * "data"). A pattern fnmatch would reject (a trailing '\', an unknown
 * [:class:]) matches nothing.
 *
 * Returns 1 on a match, 0 without one, -ENOMEM.
 */
int gg_glob_match(const char *pattern, const char *path);

/* gg_glob_compile's flags. */
enum {
	/*
	 * git's wildmatch with WM_PATHNAME, as .gitignore patterns mean it
	 * (ignore_file.h cuts the lines): '*' and '?' take a leading '.' too; a
	 * run of two or more stars at the start or after a '/' and before the
	 * end, a '/' or "\/" matches across folders, any other run is one '*';
	 * bracket expressions as wildmatch reads them (a '/' inside, ASCII
	 * [:classes:], no [=c=] or [.c.]); one with no closing ']', or an unknown
	 * class, and a trailing '\', make a pattern that matches nothing. A
	 * trailing '/' is a character like another.
	 */
	GG_GLOB_GIT = 1,
	/* With GG_GLOB_GIT: core.ignoreCase, wildmatch's WM_CASEFOLD (ASCII letters; see glob_match.c). */
	GG_GLOB_FOLD_CASE = 2,
};

/* A compiled pattern; NULL is one that matches nothing. */
typedef struct gg_glob gg_glob;

/*
 * Compiles pattern[0..len) (no NUL inside) into *out, the caller's
 * (gg_glob_free); *out is NULL for a pattern that matches nothing. Returns 0
 * or -ENOMEM.
 */
int gg_glob_compile(const char *pattern, size_t len, unsigned flags, gg_glob **out);
void gg_glob_free(gg_glob *g);

/* Whether g matches path[0..len): 1, 0, or -ENOMEM. Time: len times the pattern's length. */
int gg_glob_matches(const gg_glob *g, const char *path, size_t len);

#endif
