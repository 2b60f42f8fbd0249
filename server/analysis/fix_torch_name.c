/*
 * Whether a name means torch at a place (fix_torch_name.h): the question a
 * GG001 fix and its finding's advice ask before writing `t.no_grad()`.
 */
#include "fix_torch_name.h"

#include <string.h>

typedef gg_text_span span;

/* The text the nodes index. */
typedef struct source {
	const char *text;
	size_t len;
} source;

static span node_span(const source *fx, gg_node n)
{
	uint32_t s = gg_node_start_byte(n), e = gg_node_end_byte(n);
	if (e > fx->len || s > e)
		return (span){ fx->text, 0 };
	return (span){ fx->text + s, e - s };
}

/*
 * Whether an import statement binds name to something that is not torch:
 * `import os, t`, `from m import t`, `import numpy as t`; not `import torch`,
 * `import torch.nn` (both bind torch) nor `import torch as t`.
 */
static bool import_binds_other(const source *fx, gg_node stmt, span name)
{
	bool from = gg_node_type_is(stmt, "import_from_statement");
	gg_node module = from ? gg_node_child_by_field_name(stmt, "module_name", 11) : (gg_node){ 0 };
	uint32_t m = gg_node_named_child_count(stmt);
	for (uint32_t j = 0; j < m; j++) {
		gg_node item = gg_node_named_child(stmt, j);
		if (from && gg_node_eq(item, module))
			continue;
		bool aliased = gg_node_type_is(item, "aliased_import");
		span imported = node_span(fx, aliased ? gg_node_child_by_field_name(item, "name", 4) : item);
		span bound = aliased ? node_span(fx, gg_node_child_by_field_name(item, "alias", 5)) : imported;
		const char *dot = !aliased && !from ? memchr(bound.ptr, '.', bound.len) : NULL;
		if (dot)
			bound.len = (size_t)(dot - bound.ptr); /* `import a.b` binds a */
		if (!gg_text_span_eq(bound, name))
			continue;
		bool torch = !from && (gg_text_span_is(imported, "torch") || (!aliased && imported.len > 6 && memcmp(imported.ptr, "torch.", 6) == 0));
		if (!torch)
			return true;
	}
	return false;
}

static bool type_in(gg_node n, const char *const *types)
{
	for (; *types; types++)
		if (gg_node_type_is(n, *types))
			return true;
	return false;
}

static bool field_is(gg_node parent, const char *field, gg_node n)
{
	return gg_node_eq(gg_node_child_by_field_name(parent, field, (uint32_t)strlen(field)), n);
}

/*
 * Whether the identifier id is bound where it stands: an assignment's or a
 * loop's target (unpacked too), `with ... as`, `except ... as`, `:=`, a
 * parameter, `del`, `global` or `nonlocal` (which hand the name elsewhere).
 * A read (`(np, torch)` in a loop's iterable) binds nothing.
 */
static bool ident_binds(gg_node id)
{
	static const char *const unpacking[] = { "pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern",
						 "dictionary_splat_pattern", "parenthesized_expression", "tuple",
						 "list", "expression_list", NULL };
	static const char *const targets[] = { "assignment", "augmented_assignment", "for_statement", "for_in_clause", NULL };
	static const char *const named[] = { "default_parameter", "typed_default_parameter", "named_expression", NULL };
	static const char *const always[] = { "as_pattern_target", "parameters", "lambda_parameters", "typed_parameter",
					      "delete_statement", "global_statement", "nonlocal_statement", NULL };
	gg_node n = id, p = gg_node_parent(id);
	while (!gg_node_is_null(p) && type_in(p, unpacking)) {
		n = p;
		p = gg_node_parent(p);
	}
	if (gg_node_is_null(p))
		return false;
	if (type_in(p, targets))
		return field_is(p, "left", n);
	if (type_in(p, named))
		return field_is(p, "name", n);
	if (gg_node_type_is(p, "except_clause"))
		return field_is(p, "alias", n);
	return type_in(p, always);
}

/*
 * Whether code in top's subtree binds name to something that is not torch
 * (ident_binds, an import of another thing, a def or class of that name).
 * one_scope: top's own statements, not the bodies of the functions and
 * classes in it.
 */
static bool name_rebound_in(const source *fx, gg_node top, span name, bool one_scope)
{
	for (gg_node n = gg_node_named_child(top, 0); !gg_node_is_null(n);) {
		bool descend = true;
		if (gg_node_type_is(n, "import_statement") || gg_node_type_is(n, "import_from_statement")) {
			if (import_binds_other(fx, n, name))
				return true;
			descend = false;
		} else if (gg_node_type_is(n, "function_definition") || gg_node_type_is(n, "class_definition")) {
			/* Its name is bound here; its decorators and defaults are read here, their parent's. */
			if (gg_text_span_eq(node_span(fx, gg_node_child_by_field_name(n, "name", 4)), name))
				return true;
			descend = !one_scope;
		} else if (gg_node_type_is(n, "identifier") && gg_text_span_eq(node_span(fx, n), name) && ident_binds(n)) {
			return true;
		}
		n = gg_node_walk_next(top, n, descend);
	}
	return false;
}

bool gg_fix_name_is_torch_at(const char *text, size_t len, gg_node root, gg_node at, span name, signed char *module_memo)
{
	const source src = { text, len };
	if (*module_memo < 0)
		*module_memo = name_rebound_in(&src, root, name, true);
	if (*module_memo)
		return false;
	bool first = true;
	for (gg_node p = gg_node_parent(at); !gg_node_is_null(p); p = gg_node_parent(p)) {
		bool fn = gg_node_type_is(p, "function_definition") || gg_node_type_is(p, "lambda");
		if (fn && name_rebound_in(&src, p, name, false))
			return false;
		/* A class body is a scope to its own statements only, not to the functions in it. */
		if (first && gg_node_type_is(p, "class_definition") &&
		    name_rebound_in(&src, gg_node_child_by_field_name(p, "body", 4), name, true))
			return false;
		if (fn || gg_node_type_is(p, "class_definition"))
			first = false;
	}
	return true;
}
