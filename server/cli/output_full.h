#ifndef GG_CLI_OUTPUT_FULL_H
#define GG_CLI_OUTPUT_FULL_H

#include <stdio.h>

#include "findings.h"
#include "position.h"

/*
 * `gradguard check --output-format full`: each finding as its concise line,
 * then the source lines around it with line numbers, a `|` gutter and `^`
 * under the reported range, then `help: <fix title>` when it has a fix:
 *
 *     v.py:5:13: GG001 model(x) runs with autograd on ...
 *       |
 *     3 | def validate(model, xs):
 *     4 |     model.eval()
 *     5 |     return [model(x) for x in xs]
 *       |             ^^^^^^^^ GG001
 *       |
 *     help: Wrap the statement in `with torch.no_grad():`
 *
 * and an empty line after each finding. The layout (docs/output-formats.md):
 * up to two lines of context before and after, blank context lines at the
 * edges left out; a tab shows as four spaces, a control character as its
 * Unicode "control picture" (U+2400...), East Asian wide characters and emoji
 * take two columns and combining marks none, whatever the locale, so the
 * carets stay under their characters in a terminal. A range over more than
 * six lines shows its first three and last two, with "..." between; a line
 * longer than 200 columns is cut with "…", and one whose finding starts past
 * its 100th character shows from 40 characters before it.
 */

/*
 * Prints finding f of path to out. text (len bytes, lines per ix) is what was
 * checked; start and end are f's range as line and code point column (the
 * header's coordinates). help is the fix title, or NULL for none.
 * Returns 0 or -ENOMEM (then part of the block may have been printed).
 */
int gg_cli_full_print(FILE *out, const char *path, const char *text, size_t len, const gg_line_index *ix,
		      const gg_finding *f, gg_position start, gg_position end, const char *help);

#endif
