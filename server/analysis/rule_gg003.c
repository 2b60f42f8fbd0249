/*
 * GG003 volatile-no-op: `volatile=True` in a call, typically
 * `Variable(x, volatile=True)`, or a value set at run time (`volatile=not
 * train`) given to torch's Variable. The flag has done nothing since PyTorch
 * 0.4, so code that relies on it runs evaluation with autograd on.
 *
 * The pattern is queries/gg003.scm; only files that import torch are checked.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grad_context.h"
#include "semantic/elsewhere.h"
#include "query.h"
#include "rules.h"

extern const char gg_query_gg003[];
extern const unsigned gg_query_gg003_len;

static const char rule_code[] = "GG003";

typedef struct gg003_state {
	gg_query *query;       /* owned */
	TSQueryCursor *cursor; /* owned */
	uint32_t cap_volatile, cap_value, cap_callee;
} gg003_state;

/*
 * Whether the callee (its root name as an import of the file binds it)
 * belongs to a library whose calls take a volatile flag of their own:
 * Triton's tl.load, a memory access.
 */
static bool own_volatile(const gg_semantic *model, const char *text, TSNode callee)
{
	static const char *const libraries[] = { "triton", NULL };
	TSNode root = callee;
	while (strcmp(ts_node_type(root), "attribute") == 0)
		root = ts_node_child_by_field_name(root, "object", 6);
	if (strcmp(ts_node_type(root), "identifier") != 0)
		return false;
	uint32_t start = ts_node_start_byte(root);
	const char *target = gg_semantic_import_target(model, text + start, ts_node_end_byte(root) - start);
	for (const char *const *l = libraries; target && *l; l++) {
		size_t n = strlen(*l);
		if (strncmp(target, *l, n) == 0 && (target[n] == '.' || target[n] == '\0'))
			return true;
	}
	return false;
}

/* The node's field, by name. */
static gg_node field(gg_node n, const char *name)
{
	return gg_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

static bool text_eq(const char *text, gg_node n, const char *s, size_t len)
{
	return gg_node_end_byte(n) - gg_node_start_byte(n) == len && memcmp(text + gg_node_start_byte(n), s, len) == 0;
}

/* False or None as written: a flag left off. */
static bool flag_off(gg_node v)
{
	return gg_node_type_is(v, "false") || gg_node_type_is(v, "none");
}

/*
 * Whether call leaves the flag off: no keyword param=... but False or None,
 * no positional argument at place (-1: keyword-only) but False or None, no
 * * or ** splat that may carry it.
 */
static bool call_leaves_off(const char *text, gg_node call, const char *param, size_t n, int place)
{
	gg_node args = field(call, "arguments");
	int positional = 0;
	for (uint32_t i = 0, k = gg_node_named_child_count(args); i < k; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (gg_node_type_is(a, "list_splat") || gg_node_type_is(a, "dictionary_splat"))
			return false;
		if (gg_node_type_is(a, "keyword_argument")) {
			if (text_eq(text, field(a, "name"), param, n) && !flag_off(field(a, "value")))
				return false;
			continue;
		}
		if (gg_node_type_is(a, "comment"))
			continue;
		if (positional++ == place && !flag_off(a))
			return false;
	}
	return true;
}

/*
 * Whether value, a name, is a parameter of the top-level function (or of a
 * method of a top-level class) around it that defaults to False or None and
 * that nothing shows set: the function never rebinds it, every call of the
 * function in the file leaves it off, and no other file of the project
 * imports a function of that name (a method: the file calls it, `self.f(x)`,
 * and every such call leaves it off). Then the flag is never set:
 * `to_variable(x, volatile=False)` passing volatile=volatile on is dead
 * code, no sign of evaluation.
 */
static bool flag_never_set(const gg_rule_input *in, gg_node value)
{
	const char *text = in->src->text;
	if (!gg_node_type_is(value, "identifier"))
		return false;
	gg_node def = gg_node_parent(value);
	while (!gg_node_is_null(def) && !gg_node_type_is(def, "function_definition"))
		def = gg_node_parent(def);
	gg_node up = gg_node_parent(def);
	if (gg_node_type_is(up, "decorated_definition"))
		up = gg_node_parent(up);
	/* A method: its class's block, the class at the top. Its callers pass no self. */
	bool method = gg_node_type_is(up, "block") && gg_node_type_is(gg_node_parent(up), "class_definition") &&
		      gg_node_type_is(gg_node_parent(gg_node_parent(up)), "module");
	if (gg_node_is_null(def) || (!method && !gg_node_type_is(up, "module")))
		return false;
	const char *param = text + gg_node_start_byte(value);
	size_t n = gg_node_end_byte(value) - gg_node_start_byte(value);
	/* Its place among the positional parameters, and a default of False or None. */
	gg_node params = field(def, "parameters");
	int place = 0, found = -2;
	for (uint32_t i = 0, k = gg_node_named_child_count(params); i < k && found == -2; i++) {
		gg_node p = gg_node_named_child(params, i);
		bool dflt = gg_node_type_is(p, "default_parameter") || gg_node_type_is(p, "typed_default_parameter");
		gg_node name = dflt ? field(p, "name") : gg_node_type_is(p, "typed_parameter") ? gg_node_named_child(p, 0) : p;
		if (gg_node_type_is(p, "keyword_separator") || gg_node_type_is(p, "list_splat_pattern"))
			place = -1000; /* what follows is keyword-only */
		else if (gg_node_type_is(name, "identifier") && text_eq(text, name, param, n))
			found = dflt && flag_off(field(p, "value")) ? (place < 0 ? -1 : place) : -3;
		else
			place++;
	}
	if (found < -1 || (method && found == 0))
		return false;
	if (method && found > 0)
		found--;
	/* Rebound in the body (`volatile = not train`): set at run time. */
	gg_node body = field(def, "body");
	for (gg_node m = body; !gg_node_is_null(m); m = gg_node_walk_next(body, m, true))
		if ((gg_node_type_is(m, "assignment") || gg_node_type_is(m, "augmented_assignment")) &&
		    gg_node_type_is(field(m, "left"), "identifier") && text_eq(text, field(m, "left"), param, n))
			return false;
	gg_node fname = field(def, "name");
	const char *f = text + gg_node_start_byte(fname);
	size_t fn = gg_node_end_byte(fname) - gg_node_start_byte(fname);
	if (!method && gg_elsewhere_is(in->src->elsewhere, GG_ELSEWHERE_CALLED_ELSEWHERE, f, fn))
		return false;
	const gg_tree_index *ix = gg_semantic_index(in->model);
	size_t calls = 0;
	for (size_t i = 0; i < ix->calls_len; i++) {
		const gg_call_ref *r = &ix->calls[i];
		bool named = method ? r->attribute && r->callee_end - r->method_start == fn &&
					      memcmp(text + r->method_start, f, fn) == 0
				    : r->names == 1 && text_eq(text, r->callee, f, fn);
		if (!named)
			continue;
		if (!call_leaves_off(text, r->node, param, n, found))
			return false;
		calls++;
	}
	return !method || calls > 0;
}

static void gg003_delete(void *state);

static void *gg003_new(char **error)
{
	gg003_state *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->query = gg_query_new(gg_python_language(), "gg003", gg_query_gg003, gg_query_gg003_len, error);
	r->cursor = ts_query_cursor_new();
	if (!r->query || !r->cursor) {
		gg003_delete(r);
		return NULL;
	}
	r->cap_volatile = gg_query_capture_id(r->query, "volatile");
	r->cap_value = gg_query_capture_id(r->query, "value");
	r->cap_callee = gg_query_capture_id(r->query, "callee");
	return r;
}

static void gg003_delete(void *state)
{
	gg003_state *r = state;
	if (!r)
		return;
	gg_query_delete(r->query);
	if (r->cursor)
		ts_query_cursor_delete(r->cursor);
	free(r);
}

/*
 * Where grad is already off, the keyword is only dead text. Elsewhere it is
 * the author's one sign that this code meant to run without autograd, so the
 * message asks for the no_grad that replaces it (and the fixer does not drop
 * it alone: gg_fix.safe reads GG_PROOF_GRAD_OFF).
 */
static int report(gg_findings *out, const gg_tree_index *ix, gg_node root, TSNode kw, TSNode value, const char *text)
{
	gg_node at_kw = gg_node_named_descendant_for_byte_range(root, ts_node_start_byte(kw), ts_node_end_byte(kw));
	bool grad_off = !gg_node_is_null(gg_tree_index_grad_off_cause(ix, root, at_kw));
	/* volatile=VALUE, the value as written (`not train`), or the keyword alone when that is long or on several lines. */
	uint32_t s = ts_node_start_byte(value), n = ts_node_end_byte(value) - s;
	bool brief = n > 32 || memchr(text + s, '\n', n);
	char *message = gg_strdup_printf(grad_off ? "volatile%s%.*s has had no effect since PyTorch 0.4, and grad is "
						    "already off here; remove it"
						  : "volatile%s%.*s has had no effect since PyTorch 0.4; "
						    "remove it and wrap the evaluation in torch.no_grad()",
					 brief ? "" : "=", brief ? 0 : (int)n, text + s);
	if (!message)
		return -ENOMEM;
	gg_byte_range at = { ts_node_start_byte(kw), ts_node_end_byte(kw) };
	gg_finding *f = gg_findings_push(out, rule_code, GG_SEVERITY_WARNING, at, message);
	if (!f)
		return -ENOMEM;
	if (grad_off)
		f->proof |= GG_PROOF_GRAD_OFF;
	return 0;
}

static int gg003_check(void *state, const gg_rule_input *in, gg_findings *out)
{
	gg003_state *r = state;
	const gg_py_ids *ids = in->ids;
	const gg_source *src = in->src;
	gg_node root = in->root;
	/* Nearly no file passes the keyword (the model's facts saw every keyword argument): skip the import scan and the query. */
	if (!gg_semantic_says_volatile(in->model))
		return 0;
	gg_torch_names names;
	int rc = gg_torch_names_init(&names, ids, src->text, src->len, root);
	if (rc || !names.torch_imported) {
		gg_torch_names_free(&names);
		return rc;
	}

	TSQueryMatch m;
	TSNode kw, value, callee;
	gg_query_exec(r->query, r->cursor, in->ts_root);
	while (!rc && gg_query_next_match(r->query, r->cursor, src->text, src->len, &m)) {
		if (!gg_query_match_node(&m, r->cap_volatile, &kw) || !gg_query_match_node(&m, r->cap_value, &value) ||
		    !gg_query_match_node(&m, r->cap_callee, &callee))
			continue;
		/*
		 * True anywhere but in a library whose own call takes a volatile
		 * flag (Triton's tl.load: a memory access, which removing would
		 * change); False never; another value only on torch's own Variable
		 * (a flag set at run time).
		 */
		const char *kind = ts_node_type(value);
		if (strcmp(kind, "false") == 0 || strcmp(kind, "none") == 0)
			continue;
		if (strcmp(kind, "true") == 0 && own_volatile(in->model, src->text, callee))
			continue;
		if (strcmp(kind, "true") != 0) {
			gg_node fn = gg_node_named_descendant_for_byte_range(root, ts_node_start_byte(callee),
									     ts_node_end_byte(callee));
			const char *name = gg_torch_names_resolve(&names, fn, &rc);
			if (rc || !name || strcmp(name, "torch.autograd.Variable") != 0)
				continue;
		}
		/* Under `if torch.__version__ < "0.4":` the keyword still works, and no torch of today runs it. */
		if (gg_semantic_old_torch_only(in->model, ts_node_start_byte(kw)))
			continue;
		if (strcmp(kind, "identifier") == 0 &&
		    flag_never_set(in, gg_node_named_descendant_for_byte_range(root, ts_node_start_byte(value),
									       ts_node_end_byte(value))))
			continue;
		rc = report(out, gg_semantic_index(in->model), root, kw, value, src->text);
	}
	gg_torch_names_free(&names);
	return rc;
}

const gg_rule_impl gg_rule_gg003 = { gg003_new, gg003_delete, gg003_check };
