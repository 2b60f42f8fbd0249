#ifndef GG_CLI_ADD_NOQA_H
#define GG_CLI_ADD_NOQA_H

#include <stddef.h>

#include "analysis/fix.h"
#include "findings.h"

/*
 * `gradguard check --add-noqa` (ruff's): a `# noqa: CODE` directive on the
 * line of each finding, so that a codebase adopts the rules without fixing
 * what is there. The codes of one line join in one comment, a line's
 * existing `# noqa: X` gets `, CODE` added; a line that ends inside a string
 * or after a backslash takes none (as the editor's noqa fix). GG000 is left
 * out: a syntax error is fixed, not silenced (ruff cannot silence it either).
 */

/*
 * text (len bytes) with the directives of findings[0..count), whose fixes
 * are fixes[0..count) (gg_fix_list_each: the GG_FIX_NOQA one is used), in
 * *out (the caller's; NULL when no line takes one). *added counts the lines
 * given or extended a directive. Returns 0 or -ENOMEM.
 */
int gg_cli_add_noqa(const char *text, size_t len, const gg_finding *findings, const gg_fixes *fixes, size_t count,
		    char **out, size_t *out_len, size_t *added);

#endif
