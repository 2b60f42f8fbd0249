#ifndef GG_CLI_DIFF_H
#define GG_CLI_DIFF_H

#include <stddef.h>
#include <stdio.h>

/*
 * `check --diff`: a unified diff of two texts (three lines of context, as
 * ruff and diff -u print), computed by libgit2 (git_patch_from_buffers).
 * The headers are "--- label" and "+++ label", without git's a/ and b/.
 */

/* Prints the diff of old[0..old_len) and new[0..new_len) to out. Returns 0 or a negative errno. */
int gg_cli_diff_print(FILE *out, const char *label, const char *old, size_t old_len, const char *new_text,
		      size_t new_len);

#endif
