/* A notebook's cells that do not parse (notebook_syntax.h). */
#include "notebook_syntax.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "buf.h"

void gg_nb_unparsed_free(gg_nb_unparsed *u)
{
	for (size_t i = 0; i < u->len; i++)
		free((char *)u->items[i].message);
	free(u->items);
	u->items = NULL;
	u->len = 0;
}

/* 1 when text[0..len) parses, 0 when not (*err: its first error, valid while *tree lives), or -ENOMEM. */
static int parses(TSParser *parser, const char *text, size_t len, TSTree **tree, TSNode *err)
{
	ts_parser_reset(parser);
	*tree = gg_python_parse(parser, NULL, text, len);
	if (!*tree)
		return -ENOMEM;
	TSNode root = ts_tree_root_node(*tree);
	if (!ts_node_has_error(root))
		return 1;
	*err = gg_syntax_first_error(root);
	return ts_node_is_null(*err) ? 1 : 0;
}

int gg_notebook_unparsed(gg_notebook *nb, TSParser *parser, gg_nb_unparsed *out)
{
	out->items = NULL;
	out->len = 0;
	if (nb->len > UINT32_MAX || !gg_analysis_mentions_framework(nb->text, nb->len))
		return 0;
	TSTree *tree;
	TSNode err;
	int rc = parses(parser, nb->text, nb->len, &tree, &err);
	if (tree)
		ts_tree_delete(tree);
	if (rc != 0)
		return rc < 0 ? rc : 0;
	bool *blank = calloc(nb->ncells ? nb->ncells : 1, sizeof *blank);
	size_t cap = 0, nblank = 0;
	rc = blank ? 0 : -ENOMEM;
	for (size_t c = 0; !rc && c < nb->ncells; c++) {
		const gg_nb_cell *cell = &nb->cells[c];
		const char *text = nb->text + cell->start;
		size_t len = cell->end - cell->start;
		int ok = parses(parser, text, len, &tree, &err);
		if (ok == 0) {
			gg_byte_range range;
			char *message = gg_syntax_error_message(err, text, len, &range);
			rc = message ? gg_grow((void **)&out->items, &cap, out->len, sizeof *out->items) : -ENOMEM;
			if (!rc) {
				range.start += (uint32_t)cell->start;
				range.end += (uint32_t)cell->start;
				out->items[out->len++] = (gg_unparsed){ range, message };
				blank[c] = true;
				nblank++;
			} else {
				free(message);
			}
		} else if (ok < 0) {
			rc = ok;
		}
		if (tree)
			ts_tree_delete(tree);
	}
	if (!rc && nblank)
		rc = gg_notebook_blank_cells(nb, blank);
	free(blank);
	if (rc)
		gg_nb_unparsed_free(out);
	return rc;
}
