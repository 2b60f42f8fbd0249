/* Where a GG001 fix may go, for the rule's proof and the fixer's edits alike (fix_regions.h). */
#include <stdbool.h>
#include <string.h>

#include "fix_regions.h"
#include "tree.h"

static bool is_scope(gg_node n)
{
	return gg_node_type_is(n, "function_definition") || gg_node_type_is(n, "class_definition") || gg_node_type_is(n, "lambda");
}

static bool is_statement_child(gg_node n)
{
	gg_node p = gg_node_parent(n);
	return gg_node_type_is(p, "block") || gg_node_type_is(p, "module");
}

void gg_fix_regions_find(gg_node call, gg_fix_regions *out)
{
	memset(out, 0, sizeof *out);
	for (gg_node p = call; !gg_node_is_null(p) && !is_scope(p); p = gg_node_parent(p)) {
		if (gg_node_is_null(out->statement) && is_statement_child(p))
			out->statement = p;
		if (gg_node_type_is(p, "for_statement") || gg_node_type_is(p, "while_statement")) {
			out->loop = p;
			break;
		}
	}
	gg_node p = gg_node_parent(call);
	while (!gg_node_is_null(p) && !is_scope(p))
		p = gg_node_parent(p);
	if (gg_node_type_is(p, "function_definition"))
		out->def = p;
}
