/* Where a GG001 fix may go, for the rule's proof and the fixer's edits alike (fix_regions.h). */
#include <stdbool.h>
#include <string.h>

#include "fix_regions.h"
#include "tree_walk.h"

static bool is_scope(TSNode n)
{
	return gg_tree_node_is(n, "function_definition") || gg_tree_node_is(n, "class_definition") || gg_tree_node_is(n, "lambda");
}

static bool is_statement_child(TSNode n)
{
	TSNode p = ts_node_parent(n);
	return gg_tree_node_is(p, "block") || gg_tree_node_is(p, "module");
}

void gg_fix_regions_find(TSNode call, gg_fix_regions *out)
{
	memset(out, 0, sizeof *out);
	for (TSNode p = call; !ts_node_is_null(p) && !is_scope(p); p = ts_node_parent(p)) {
		if (ts_node_is_null(out->statement) && is_statement_child(p))
			out->statement = p;
		if (gg_tree_node_is(p, "for_statement") || gg_tree_node_is(p, "while_statement")) {
			out->loop = p;
			break;
		}
	}
	TSNode p = ts_node_parent(call);
	while (!ts_node_is_null(p) && !is_scope(p))
		p = ts_node_parent(p);
	if (gg_tree_node_is(p, "function_definition"))
		out->def = p;
}
