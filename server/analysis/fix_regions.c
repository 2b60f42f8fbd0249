/* Where a GG001 fix may go, for the rule's proof and the fixer's edits alike (fix_regions.h). */
#include <stdbool.h>
#include <string.h>

#include "fix_regions.h"

static bool type_is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && strcmp(ts_node_type(n), type) == 0;
}

static bool is_scope(TSNode n)
{
	return type_is(n, "function_definition") || type_is(n, "class_definition") || type_is(n, "lambda");
}

static bool is_statement_child(TSNode n)
{
	TSNode p = ts_node_parent(n);
	return type_is(p, "block") || type_is(p, "module");
}

void gg_fix_regions_find(TSNode call, gg_fix_regions *out)
{
	memset(out, 0, sizeof *out);
	for (TSNode p = call; !ts_node_is_null(p) && !is_scope(p); p = ts_node_parent(p)) {
		if (ts_node_is_null(out->statement) && is_statement_child(p))
			out->statement = p;
		if (type_is(p, "for_statement") || type_is(p, "while_statement")) {
			out->loop = p;
			break;
		}
	}
	TSNode p = ts_node_parent(call);
	while (!ts_node_is_null(p) && !is_scope(p))
		p = ts_node_parent(p);
	if (type_is(p, "function_definition"))
		out->def = p;
}
