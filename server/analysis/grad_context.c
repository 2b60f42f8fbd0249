#include "grad_context.h"
#include "tree.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

#define IS(n, name) gg_py_is((n), t->ids->sym_##name)
#define FIELD(n, name) gg_node_child_by_field_id((n), t->ids->fld_##name)

bool gg_py_ids_init(gg_py_ids *ids, const TSLanguage *lang)
{
	bool ok = true;
#define GG_PY_SYMBOL_(n)                                                                   \
	ids->sym_##n = ts_language_symbol_for_name(lang, #n, (uint32_t)strlen(#n), true); \
	ok = ok && ids->sym_##n;
#define GG_PY_FIELD_(n)                                                                 \
	ids->fld_##n = ts_language_field_id_for_name(lang, #n, (uint32_t)strlen(#n)); \
	ok = ok && ids->fld_##n;
	GG_PY_SYMBOLS(GG_PY_SYMBOL_)
	GG_PY_FIELDS(GG_PY_FIELD_)
#undef GG_PY_SYMBOL_
#undef GG_PY_FIELD_
	return ok;
}

/* The node's text; empty when the node lies outside the text. */
static const char *node_text(const gg_torch_names *t, gg_node n, size_t *len)
{
	uint32_t s = gg_node_start_byte(n), e = gg_node_end_byte(n);
	if (s > e || e > t->len) {
		*len = 0;
		return t->text;
	}
	*len = e - s;
	return t->text + s;
}

static bool text_is(const char *p, size_t n, const char *lit)
{
	return n == strlen(lit) && memcmp(p, lit, n) == 0;
}

/* ---- the scratch name ---- */

static int name_append(gg_torch_names *t, const char *s, size_t n)
{
	return gg_buf_append(&t->name, s, n);
}

/* Appends the identifiers of a dotted_name joined by dots. */
static int dotted_append(gg_torch_names *t, gg_node dotted)
{
	uint32_t count = gg_node_named_child_count(dotted);
	for (uint32_t i = 0, seg = 0; i < count; i++) {
		gg_node id = gg_node_named_child(dotted, i);
		if (!IS(id, identifier))
			continue;
		size_t n;
		const char *s = node_text(t, id, &n);
		if ((seg++ && name_append(t, ".", 1)) || name_append(t, s, n))
			return -ENOMEM;
	}
	return 0;
}

/* ---- imports ---- */

static int binding_cmp(const void *pa, const void *pb)
{
	const gg_torch_binding *a = pa, *b = pb;
	size_t n = a->local_len < b->local_len ? a->local_len : b->local_len;
	int r = memcmp(a->local, b->local, n);
	if (r)
		return r;
	return a->local_len < b->local_len ? -1 : a->local_len > b->local_len;
}

/* Binds local to a copy of the scratch name. */
static int binding_add(gg_torch_names *t, const char *local, size_t local_len)
{
	if (gg_grow((void **)&t->bindings, &t->bindings_cap, t->bindings_len, sizeof *t->bindings))
		return -ENOMEM;
	char *target = malloc(t->name.len + 1);
	if (!target)
		return -ENOMEM;
	memcpy(target, gg_buf_cstr(&t->name), t->name.len + 1);
	t->bindings[t->bindings_len++] = (gg_torch_binding){ local, local_len, target };
	return 0;
}

/* The first identifier of a dotted_name: "torch" in torch.nn.functional. */
static gg_node dotted_root(gg_node dotted)
{
	return gg_node_named_child(dotted, 0);
}

bool gg_package_is_framework(const char *root, size_t n)
{
	static const char *const frameworks[] = {
		"lightning", "pytorch_lightning", "transformers", "accelerate", "timm", "diffusers", NULL,
	};
	if (n >= 5 && memcmp(root, "torch", 5) == 0)
		return true;
	for (const char *const *f = frameworks; *f; f++)
		if (text_is(root, n, *f))
			return true;
	return false;
}

/* Notes the framework a module belongs to; true when it is torch. */
static bool module_note(gg_torch_names *t, gg_node dotted)
{
	if (!IS(dotted, dotted_name))
		return false;
	size_t n;
	const char *root = node_text(t, dotted_root(dotted), &n);
	if (gg_package_is_framework(root, n))
		t->framework_imported = true;
	if (!text_is(root, n, "torch"))
		return false;
	t->torch_imported = true;
	return true;
}

/* import torch, import torch.autograd as ag */
static int import_record(gg_torch_names *t, gg_node stmt)
{
	uint32_t count = gg_node_named_child_count(stmt);
	for (uint32_t i = 0; i < count; i++) {
		gg_node item = gg_node_named_child(stmt, i);
		gg_node dotted = IS(item, aliased_import) ? FIELD(item, name) : item;
		if (!module_note(t, dotted))
			continue;
		t->name.len = 0;
		size_t n;
		const char *local;
		int rc;
		if (IS(item, aliased_import)) {
			rc = dotted_append(t, dotted);
			local = node_text(t, FIELD(item, alias), &n);
		} else {
			/* import torch.autograd binds torch */
			rc = name_append(t, "torch", 5);
			local = node_text(t, dotted_root(dotted), &n);
		}
		if (rc || binding_add(t, local, n))
			return -ENOMEM;
	}
	return 0;
}

/* from torch.autograd import grad [as g], from torch import * */
static int import_from_record(gg_torch_names *t, gg_node stmt)
{
	gg_node module = FIELD(stmt, module_name);
	if (!module_note(t, module))
		return 0;
	uint32_t count = gg_node_named_child_count(stmt);
	for (uint32_t i = 0; i < count; i++) {
		gg_node item = gg_node_named_child(stmt, i);
		if (gg_node_eq(item, module))
			continue;
		gg_node name = IS(item, aliased_import) ? FIELD(item, name) : item;
		if (!IS(name, dotted_name))
			continue;
		t->name.len = 0;
		if (dotted_append(t, module) || name_append(t, ".", 1) || dotted_append(t, name))
			return -ENOMEM;
		size_t n;
		const char *local;
		if (IS(item, aliased_import)) {
			local = node_text(t, FIELD(item, alias), &n);
		} else {
			uint32_t segs = gg_node_named_child_count(name);
			local = node_text(t, segs ? gg_node_named_child(name, segs - 1) : name, &n);
		}
		if (binding_add(t, local, n))
			return -ENOMEM;
	}
	return 0;
}

/*
 * Imports are statements: they sit in the module, in blocks and in the
 * clauses of compound statements, never inside an expression. The walk only
 * descends into those containers.
 */
static bool holds_statements(const gg_torch_names *t, gg_node n)
{
	return gg_py_holds_statements(t->ids, gg_node_symbol(n));
}

const char *gg_text_torch_use(const char *text, size_t len, gg_node root)
{
	for (const char *p = text, *end = text + len; text && p < end;) {
		const char *hit = memmem(p, (size_t)(end - p), "torch.", 6);
		if (!hit)
			return NULL;
		char before = hit > text ? hit[-1] : ' ';
		uint32_t at = (uint32_t)(hit - text);
		/* Code, not prose: the tree's name there (a docstring's torch.utils.data is no use). */
		if (!(isalnum((unsigned char)before) || before == '_' || before == '.') &&
		    gg_node_type_is(gg_node_named_descendant_for_byte_range(root, at, at + 5), "identifier"))
			return hit;
		p = hit + 6;
	}
	return NULL;
}

static int names_finish(gg_torch_names *t, gg_node root, int rc)
{
	/* `torch.` used with no import of it: a star import brings it, or a fragment runs where torch is imported. */
	const char *use = !rc && !t->torch_imported ? gg_text_torch_use(t->text, t->len, root) : NULL;
	if (use) {
		t->name.len = 0;
		rc = name_append(t, "torch", 5) ? -ENOMEM : binding_add(t, use, 5);
		t->torch_imported = t->framework_imported = !rc;
	}
	/* qsort wants a non-null base even for no elements. */
	if (!rc && t->bindings_len)
		qsort(t->bindings, t->bindings_len, sizeof *t->bindings, binding_cmp);
	return rc;
}

int gg_torch_names_init_index(gg_torch_names *t, const gg_py_ids *ids, const gg_tree_index *index, const char *text,
			      size_t len, gg_node root)
{
	if (!index || !gg_node_eq(index->root, root))
		return gg_torch_names_init(t, ids, text, len, root);
	memset(t, 0, sizeof *t);
	t->ids = ids;
	t->text = text;
	t->len = len;
	t->says_set_grad_enabled = text && memmem(text, len, "set_grad_enabled", 16) != NULL;
	int rc = 0;
	/* In document order, as the walk below meets them. */
	for (size_t i = 0; i < index->imports_len && !rc; i++) {
		gg_node n = index->imports[i];
		rc = IS(n, import_statement) ? import_record(t, n) : import_from_record(t, n);
	}
	return names_finish(t, root, rc);
}

int gg_torch_names_init(gg_torch_names *t, const gg_py_ids *ids, const char *text, size_t len, gg_node root)
{
	memset(t, 0, sizeof *t);
	t->ids = ids;
	t->text = text;
	t->len = len;
	t->says_set_grad_enabled = text && memmem(text, len, "set_grad_enabled", 16) != NULL;
	/* Imports may sit anywhere (in try blocks, in functions): walk the whole tree once. */
	int rc = 0;
	for (gg_node n = root; !gg_node_is_null(n) && !rc;) {
		bool descend = false;
		if (IS(n, import_statement))
			rc = import_record(t, n);
		else if (IS(n, import_from_statement))
			rc = import_from_record(t, n);
		else
			descend = holds_statements(t, n);
		n = gg_node_walk_next(root, n, descend);
	}
	return names_finish(t, root, rc);
}

void gg_torch_names_free(gg_torch_names *t)
{
	for (size_t i = 0; i < t->bindings_len; i++)
		free(t->bindings[i].target);
	free(t->bindings);
	gg_buf_free(&t->name);
	memset(t, 0, sizeof *t);
}

/* ---- names ---- */

static const gg_torch_binding *binding_find(const gg_torch_names *t, const char *local, size_t len)
{
	if (!t->bindings_len)
		return NULL;
	gg_torch_binding key = { local, len, NULL };
	return bsearch(&key, t->bindings, t->bindings_len, sizeof *t->bindings, binding_cmp);
}

const char *gg_torch_names_resolve(gg_torch_names *t, gg_node n, int *err)
{
	gg_node attrs[GG_PY_MAX_NAMES];
	unsigned count = 0;
	while (IS(n, attribute)) {
		if (count == GG_PY_MAX_NAMES)
			return NULL;
		attrs[count++] = FIELD(n, attribute);
		n = FIELD(n, object);
	}
	if (!IS(n, identifier))
		return NULL;
	size_t len;
	const char *root = node_text(t, n, &len);
	const gg_torch_binding *b = binding_find(t, root, len);
	t->name.len = 0;
	int rc = b ? name_append(t, b->target, strlen(b->target)) : name_append(t, root, len);
	while (!rc && count > 0) {
		const char *a = node_text(t, attrs[--count], &len);
		rc = name_append(t, ".", 1);
		if (!rc)
			rc = name_append(t, a, len);
	}
	if (rc) {
		*err = rc;
		return NULL;
	}
	return gg_buf_cstr(&t->name);
}

const char *gg_torch_names_resolve_call(gg_torch_names *t, const gg_call_ref *ref, int *err)
{
	if (!ref->names)
		return NULL;
	if (!ref->plain)
		return gg_torch_names_resolve(t, ref->callee, err);
	/* "a.b.c": the binding of a, then ".b.c" as written. */
	const char *root = t->text + ref->start;
	size_t root_len = ref->root_end - ref->start;
	const gg_torch_binding *b = binding_find(t, root, root_len);
	t->name.len = 0;
	int rc = b ? name_append(t, b->target, strlen(b->target)) : name_append(t, root, root_len);
	if (!rc)
		rc = name_append(t, t->text + ref->root_end, ref->callee_end - ref->root_end);
	if (rc) {
		*err = rc;
		return NULL;
	}
	return gg_buf_cstr(&t->name);
}

/* Whether name is torch.X, torch.autograd.X or torch.autograd.grad_mode.X. */
static bool is_torch_grad_name(const char *name, const char *x)
{
	static const char *const prefixes[] = { "torch.", "torch.autograd.", "torch.autograd.grad_mode.", NULL };
	for (const char *const *p = prefixes; *p; p++) {
		size_t n = strlen(*p);
		if (strncmp(name, *p, n) == 0 && strcmp(name + n, x) == 0)
			return true;
	}
	return false;
}

/* The first argument and, in *count, how many there are; argument lists carry comments too. */
static gg_node sole_argument(const gg_torch_names *t, gg_node args, uint32_t *count)
{
	gg_node found = { NULL, 0 };
	*count = 0;
	uint32_t n = gg_node_named_child_count(args);
	for (uint32_t i = 0; i < n; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, comment))
			continue;
		if ((*count)++ == 0)
			found = a;
	}
	return found;
}

/* A true/false literal, positional or as mode=: 1, 0; no argument -2; anything else -1. */
static int literal_mode(const gg_torch_names *t, gg_node args)
{
	uint32_t count;
	gg_node a = sole_argument(t, args, &count);
	if (count == 0)
		return -2;
	if (count != 1)
		return -1;
	if (IS(a, keyword_argument)) {
		size_t n;
		const char *k = node_text(t, FIELD(a, name), &n);
		if (!text_is(k, n, "mode"))
			return -1;
		a = FIELD(a, value);
	}
	if (IS(a, true))
		return 1;
	if (IS(a, false))
		return 0;
	return -1;
}

gg_grad_mode gg_grad_mode_of(gg_torch_names *t, gg_node expr, int *err)
{
	if (IS(expr, as_pattern))
		expr = gg_node_named_child(expr, 0);
	while (IS(expr, parenthesized_expression) && gg_node_named_child_count(expr) == 1)
		expr = gg_node_named_child(expr, 0);
	/*
	 * `with accumulate(model) and no_grad():` enters what the `and` gives,
	 * its right side (a context manager is truthy); `or` gives its left.
	 */
	if (IS(expr, boolean_operator)) {
		gg_node op = FIELD(expr, operator);
		bool and = !gg_node_is_null(op) && strcmp(gg_node_type(op), "and") == 0;
		return gg_grad_mode_of(t, and ? FIELD(expr, right) : FIELD(expr, left), err);
	}
	/* `no_grad() if frozen else nullcontext()`: the condition picks the mode, as set_grad_enabled(flag) does. */
	if (IS(expr, conditional_expression) && gg_node_named_child_count(expr) == 3) {
		gg_grad_mode a = gg_grad_mode_of(t, gg_node_named_child(expr, 0), err);
		gg_grad_mode b = gg_grad_mode_of(t, gg_node_named_child(expr, 2), err);
		if (a == b)
			return a;
		return a == GG_GRAD_NONE && b == GG_GRAD_NONE ? GG_GRAD_NONE : GG_GRAD_CONTROLLED;
	}

	bool called = IS(expr, call);
	gg_node args = called ? FIELD(expr, arguments) : expr;
	const char *name = gg_torch_names_resolve(t, called ? FIELD(expr, function) : expr, err);
	if (!name || (called && !IS(args, argument_list)))
		return GG_GRAD_NONE;
	if (is_torch_grad_name(name, "no_grad"))
		return GG_GRAD_OFF;
	if (is_torch_grad_name(name, "enable_grad"))
		return GG_GRAD_ON;
	if (is_torch_grad_name(name, "inference_mode")) {
		int mode = called ? literal_mode(t, args) : -2;
		/* inference_mode(False) leaves autograd as it was. */
		return mode == 1 || mode == -2 ? GG_GRAD_OFF : mode == 0 ? GG_GRAD_NONE : GG_GRAD_CONTROLLED;
	}
	if (called && is_torch_grad_name(name, "set_grad_enabled")) {
		int mode = literal_mode(t, args);
		return mode == 0 ? GG_GRAD_OFF : mode == 1 ? GG_GRAD_ON : GG_GRAD_CONTROLLED;
	}
	return GG_GRAD_NONE;
}

gg_grad_mode gg_grad_with_mode(gg_torch_names *t, gg_node with_clause, int *err)
{
	if (gg_node_has_error(with_clause))
		return GG_GRAD_OFF;
	gg_grad_mode result = GG_GRAD_NONE;
	uint32_t count = gg_node_named_child_count(with_clause);
	for (uint32_t i = 0; i < count; i++) {
		gg_node item = gg_node_named_child(with_clause, i);
		if (!IS(item, with_item))
			continue;
		gg_grad_mode g = gg_grad_mode_of(t, FIELD(item, value), err);
		if (g == GG_GRAD_OFF || g == GG_GRAD_CONTROLLED)
			return GG_GRAD_OFF;
		if (g == GG_GRAD_ON)
			result = GG_GRAD_ON;
	}
	return result;
}

gg_grad_mode gg_grad_statement_mode(gg_torch_names *t, gg_node stmt, int *err)
{
	/* Any name that resolves to set_grad_enabled is spelled so in the call or in an import. */
	if (!t->says_set_grad_enabled || !IS(stmt, expression_statement) || gg_node_named_child_count(stmt) != 1)
		return GG_GRAD_NONE;
	gg_node call = gg_node_named_child(stmt, 0);
	if (!IS(call, call))
		return GG_GRAD_NONE;
	const char *name = gg_torch_names_resolve(t, FIELD(call, function), err);
	if (!name || !is_torch_grad_name(name, "set_grad_enabled"))
		return GG_GRAD_NONE;
	return gg_grad_mode_of(t, call, err);
}

/* ---- calls and their callees ---- */

static bool is_name_byte(char ch)
{
	unsigned char u = (unsigned char)ch;
	/* Non-ASCII bytes are parts of identifiers: the parser decided they form a name. */
	return u >= 0x80 || u == '_' || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9');
}

uint32_t gg_py_attribute_name_start(const gg_py_ids *ids, const char *text, size_t len, gg_node attr)
{
	uint32_t end = gg_node_end_byte(attr);
	if (end > len || gg_node_start_byte(attr) > end)
		return end;
	if (!gg_node_has_error(attr)) {
		/* A clean attribute ends with its name: no trailing comment or space belongs to the node. */
		uint32_t start = end;
		while (start > 0 && is_name_byte(text[start - 1]))
			start--;
		return start;
	}
	gg_node name = gg_node_child_by_field_id(attr, ids->fld_attribute);
	if (!gg_py_is(name, ids->sym_identifier) || gg_node_end_byte(name) != end)
		return end;
	return gg_node_start_byte(name);
}

/*
 * The names of a callee written plainly, `a.b.c` with nothing between the
 * names: false when anything else is there (a space, a comment, a bracket, a
 * literal such as None.x), which the tree then decides.
 */
static bool callee_plain_names(gg_call_ref *ref, const char *text)
{
	uint32_t names = 0, prev = ref->start, last = ref->start, pos = ref->start;
	ref->object_end = ref->start;
	while (pos <= ref->callee_end) {
		uint32_t word = pos;
		while (pos < ref->callee_end && is_name_byte(text[pos]))
			pos++;
		if (pos == word || (text[word] >= '0' && text[word] <= '9'))
			return false;
		if (++names > GG_PY_MAX_NAMES)
			return false;
		if (names == 1) {
			static const char *const literals[] = { "None", "True", "False", NULL };
			for (const char *const *l = literals; *l; l++)
				if (pos - word == strlen(*l) && memcmp(text + word, *l, pos - word) == 0)
					return false;
			ref->root_end = pos;
		}
		prev = last;
		last = word;
		if (pos == ref->callee_end)
			break;
		if (text[pos] != '.')
			return false;
		ref->object_end = pos;
		pos++;
	}
	ref->names = (uint8_t)names;
	ref->prev_start = names > 1 ? prev : ref->start;
	ref->last_start = last;
	return true;
}

/* The names of a callee as the tree has them (any spacing). */
static void callee_tree_names(gg_call_ref *ref, const gg_py_ids *ids)
{
	gg_node names[GG_PY_MAX_NAMES]; /* the attribute names, the last first */
	unsigned count = 0;
	uint32_t object_end = ref->start;
	gg_node n = ref->callee;
	while (gg_py_is(n, ids->sym_attribute)) {
		if (count + 1 == GG_PY_MAX_NAMES)
			return;
		gg_node object = gg_node_child_by_field_id(n, ids->fld_object);
		if (count == 0)
			object_end = gg_node_end_byte(object);
		names[count++] = gg_node_child_by_field_id(n, ids->fld_attribute);
		n = object;
	}
	if (!gg_py_is(n, ids->sym_identifier))
		return;
	ref->names = (uint8_t)(count + 1);
	ref->root_end = gg_node_end_byte(n);
	ref->object_end = object_end;
	ref->last_start = count ? gg_node_start_byte(names[0]) : ref->start;
	ref->prev_start = count >= 2 ? gg_node_start_byte(names[1]) : ref->start;
}

void gg_call_ref_init(gg_call_ref *ref, const gg_py_ids *ids, const char *text, size_t len, gg_node call)
{
	memset(ref, 0, sizeof *ref);
	ref->node = call;
	ref->start = gg_node_start_byte(call);
	ref->end = gg_node_end_byte(call);
	ref->callee = gg_node_child_by_field_id(call, ids->fld_function);
	if (gg_node_is_null(ref->callee))
		return;
	ref->callee_end = gg_node_end_byte(ref->callee);
	if (ref->callee_end > len || gg_node_start_byte(ref->callee) != ref->start || ref->callee_end < ref->start) {
		ref->callee_end = ref->start;
		return; /* a stale tree: no names */
	}
	TSSymbol sym = gg_node_symbol(ref->callee);
	ref->attribute = sym == ids->sym_attribute;
	if (ref->attribute)
		ref->method_start = gg_py_attribute_name_start(ids, text, len, ref->callee);
	if (sym != ids->sym_identifier && !ref->attribute)
		return;
	if (!gg_node_has_error(ref->callee) && callee_plain_names(ref, text)) {
		ref->plain = true;
		return;
	}
	ref->names = 0;
	callee_tree_names(ref, ids);
}

bool gg_py_string_value(const gg_py_ids *ids, const char *text, gg_node n, gg_text_span *out)
{
	if (gg_node_is_null(n) || gg_node_symbol(n) != ids->sym_string)
		return false;
	const char *t = text + gg_node_start_byte(n);
	size_t len = gg_node_end_byte(n) - gg_node_start_byte(n), i = 0;
	while (i < len && strchr("rRbBuU", t[i]))
		i++;
	if (i >= len || (t[i] != '"' && t[i] != '\''))
		return false; /* an f-string, or something stranger */
	size_t q = len - i >= 6 && t[i + 1] == t[i] && t[i + 2] == t[i] ? 3 : 1;
	if (len < i + 2 * q)
		return false;
	*out = (gg_text_span){ t + i + q, len - i - 2 * q };
	return true;
}

/* Whether a sorted array of spans holds name (bytes compared as memcmp does). */
static bool text_spans_has(const gg_text_span *items, size_t count, const char *name, size_t len)
{
	size_t lo = 0, hi = count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const gg_text_span *m = &items[mid];
		size_t n = m->len < len ? m->len : len;
		int r = n ? memcmp(m->ptr, name, n) : 0;
		if (!r)
			r = m->len < len ? -1 : m->len > len;
		if (!r)
			return true;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool gg_tree_index_defines(const gg_tree_index *ix, const char *name, size_t len)
{
	return ix && text_spans_has(ix->func_names, ix->func_names_len, name, len);
}

bool gg_tree_index_returns_number(const gg_tree_index *ix, const char *name, size_t len)
{
	return ix && text_spans_has(ix->number_funcs, ix->number_funcs_len, name, len);
}

bool gg_tree_index_returns_data(const gg_tree_index *ix, const char *name, size_t len)
{
	return ix && text_spans_has(ix->data_funcs, ix->data_funcs_len, name, len);
}

uint32_t gg_tree_index_number_parts(const gg_tree_index *ix, const char *name, size_t len, uint32_t at)
{
	uint32_t mask = 0;
	for (size_t i = 0; ix && i < ix->number_parts_len; i++) {
		const gg_number_parts *p = &ix->number_parts[i];
		if (at >= p->from && at < p->to && p->model.len == len && memcmp(p->model.ptr, name, len) == 0)
			mask |= p->mask;
	}
	return mask;
}

bool gg_tree_index_grad_off(const gg_tree_index *ix, gg_node root, gg_node n)
{
	return ix && !gg_node_is_null(n) && gg_node_eq(ix->root, root) &&
	       gg_offsets_has(ix->grad_off, ix->grad_off_len, gg_node_start_byte(n));
}

bool gg_tree_index_is_forward(const gg_tree_index *ix, uint32_t start, uint32_t end)
{
	size_t lo = 0, hi = ix->forwards_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const gg_byte_range *r = &ix->forwards[mid];
		if (r->start < start || (r->start == start && r->end < end))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ix->forwards_len && ix->forwards[lo].start == start && ix->forwards[lo].end == end;
}

bool gg_tree_index_grad_controlled(const gg_tree_index *ix, gg_node root, gg_node cause)
{
	return ix && !gg_node_is_null(cause) && gg_node_eq(ix->root, root) &&
	       gg_offsets_has(ix->grad_controlled, ix->grad_controlled_len, gg_node_start_byte(cause));
}

gg_node gg_tree_index_grad_off_cause(const gg_tree_index *ix, gg_node root, gg_node n)
{
	for (; !gg_node_is_null(n) && !gg_node_eq(n, root); n = gg_node_parent(n)) {
		/* Only these kinds are noted; a block starts where its first statement does. */
		const char *type = gg_node_type(n);
		bool scope = strcmp(type, "with_statement") == 0 || strcmp(type, "function_definition") == 0 ||
			     strcmp(type, "decorated_definition") == 0;
		if (scope && gg_tree_index_grad_off(ix, root, n))
			return n;
		/* A bare set_grad_enabled(False) earlier in the same block. */
		gg_node parent = gg_node_parent(n);
		if (gg_node_is_null(parent) || (strcmp(gg_node_type(parent), "block") != 0 && !gg_node_eq(parent, root)))
			continue;
		for (gg_node s = gg_node_prev_named_sibling(n); !gg_node_is_null(s); s = gg_node_prev_named_sibling(s))
			if (strcmp(gg_node_type(s), "expression_statement") == 0 && gg_tree_index_grad_off(ix, root, s))
				return s;
	}
	return (gg_node){ 0 };
}
