#ifndef GG_GLOB_MATCH_H
#define GG_GLOB_MATCH_H

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

#endif
