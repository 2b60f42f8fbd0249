#ifndef GG_NOQA_H
#define GG_NOQA_H

#include <stddef.h>
#include "findings.h"
#include "tree.h"

/*
 * Suppression comments, with flake8/ruff semantics, read from the tree's
 * comment nodes (a "# noqa" inside a string is text, not a directive):
 *
 *   x = model(batch)  # noqa                 every finding on this line
 *   x = model(batch)  # noqa: GG001, E501    only these codes (others' codes are fine)
 *   # gradguard: noqa                        the whole file (a comment on its own line)
 *   # gradguard: noqa: GG002                 the whole file, for these codes
 *
 * "noqa" is case-insensitive; "#noqa" and "# noqa:GG001" count. A finding's
 * noqa line is the line where its range starts (the CLI's json `noqa_row`).
 */

/*
 * Removes from out->items[from..] the findings that a directive in text
 * (whose tree is root) suppresses. Returns 0 or -ENOMEM (out is unchanged then).
 */
int gg_noqa_filter(gg_node root, const char *text, size_t len, gg_findings *out, size_t from);

#endif
