#ifndef GG_IGNORE_RULES_H
#define GG_IGNORE_RULES_H

#include <stddef.h>

/*
 * An ignore file's lines (gitignore syntax: ruff's `.ignore` files) rewritten
 * as libgit2 internal rules (git_ignore_add_rule), which are matched against
 * paths relative to one base folder: a repository's work tree, or "/" for the
 * stand-in repository that answers for paths in no repository.
 *
 * A file in the base folder or below it keeps its meaning under the folder's
 * path: a pattern with no slash but a trailing one matches at any depth below
 * it (in sub/, "p" becomes sub/, a double star, then /p), one with a slash is
 * anchored to it ("/p", "a/p" become "sub/p", "sub/a/p"); the folder's name is escaped, '!' and the
 * trailing '/' kept, comments and blank lines dropped. A file above the base
 * (a parent folder's .ignore, over a work tree) keeps the patterns that reach
 * into the base: those with no slash, and the anchored ones whose leading
 * parts match the base's path (each part matched by fnmatch(3); a "**" may
 * take any number of them). A file in a folder unrelated to the base has no rules there.
 *
 * libgit2 drops a negative rule without wildcards unless an earlier rule of
 * the same set names what it negates; as `.ignore` negations exist to
 * re-include what a .gitignore file (another set) leaves out, a negative
 * rule's first literal character is written as a one-character class ("[\x]")
 * so that the rule is kept; it matches what it matched.
 */

/*
 * The rules of the ignore file text (len bytes, any line ends) found in
 * folder `at`, for paths relative to folder `base` (both absolute, no trailing
 * '/' but "/" itself). *out (malloc'd, NUL-terminated, every rule ending in a
 * newline; "" when none apply) is the caller's. Returns 0 or -ENOMEM.
 */
int gg_ignore_rules_rebase(const char *text, size_t len, const char *at, const char *base, char **out);

#endif
