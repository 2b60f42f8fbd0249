#ifndef GG_NOTEBOOK_SYNTAX_H
#define GG_NOTEBOOK_SYNTAX_H

#include <stddef.h>
#include <tree_sitter/api.h>

#include "analysis.h"
#include "notebook_cells.h"

/*
 * A notebook's code cells that do not parse. Joined, one broken cell would
 * let the parser's error recovery swallow the cells after it, and their
 * findings with them; Jupyter runs each cell on its own. So a cell that
 * does not parse alone is blanked in nb's text (gg_notebook_blank_cells)
 * and its first error handed to GG000 (gg_analyzer_check_unparsed), in the
 * cell's own coordinates.
 */

typedef struct gg_nb_unparsed {
	gg_unparsed *items; /* owned, and each message */
	size_t len;
} gg_nb_unparsed;

/*
 * Finds nb's cells that do not parse (none is looked for when the joined
 * text parses, or names no checked framework: then it is not analysed),
 * blanks them in nb and lists their first errors in *out (initialised here;
 * gg_nb_unparsed_free on every path). parser: a Python parser of the
 * caller's. Returns 0 or a negative errno.
 */
int gg_notebook_unparsed(gg_notebook *nb, TSParser *parser, gg_nb_unparsed *out);
void gg_nb_unparsed_free(gg_nb_unparsed *u);

#endif
