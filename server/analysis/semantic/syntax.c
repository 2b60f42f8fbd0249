/*
 * Spans, name chains and call arguments: how the model reads the tree's text.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

int sem_u32_cmp(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	return a < b ? -1 : a > b;
}

void sem_offsets_sort(offsets *o)
{
	if (o->len)
		gg_sort(o->items, o->len, sizeof *o->items, sem_u32_cmp);
}

/* Whether a sorted offset lies in [start, end). */
bool sem_offsets_any_in(const offsets *o, uint32_t start, uint32_t end)
{
	return gg_offsets_any_in(o->items, o->len, start, end);
}

static int span_qcmp(const void *pa, const void *pb)
{
	return span_cmp(*(const span *)pa, *(const span *)pb);
}

void sem_spanset_sort(spanset *s)
{
	if (s->len)
		qsort(s->items, s->len, sizeof *s->items, span_qcmp);
}

bool sem_spanset_has(const spanset *s, span key)
{
	return s->len && bsearch(&key, s->items, s->len, sizeof *s->items, span_qcmp);
}

/* The named children that are not comments: argument lists carry comments too. */
uint32_t sem_argument_count(const semantic *c, gg_node args)
{
	uint32_t n = 0, count = gg_node_named_child_count(args);
	for (uint32_t i = 0; i < count; i++)
		if (!IS(gg_node_named_child(args, i), comment))
			n++;
	return n;
}

gg_node sem_argument_at(const semantic *c, gg_node args, uint32_t index)
{
	uint32_t count = gg_node_named_child_count(args);
	for (uint32_t i = 0; i < count; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, comment))
			continue;
		if (index-- == 0)
			return a;
	}
	return gg_node_null();
}

gg_node sem_parameter_name(const semantic *c, gg_node p)
{
	if (IS(p, default_parameter) || IS(p, typed_default_parameter))
		return FIELD(p, name);
	if (IS(p, typed_parameter))
		return gg_node_named_child(p, 0);
	return p;
}

bool sem_pattern_value(const semantic *c, gg_node left, gg_node right, span name, gg_node *value)
{
	if (!IS(left, pattern_list) && !IS(left, tuple_pattern))
		return false;
	uint32_t n = gg_node_named_child_count(left);
	bool paired = (IS(right, expression_list) || IS(right, tuple)) && gg_node_named_child_count(right) == n;
	bool hit = false;
	for (uint32_t k = 0; k < n; k++) {
		gg_node t = gg_node_named_child(left, k);
		if (IS(t, identifier) && span_eq(node_span(c, t), name)) {
			*value = paired ? gg_node_named_child(right, k) : gg_node_null();
			hit = true;
		}
	}
	return hit;
}

gg_node sem_argument_for(const semantic *c, gg_node args, int place, span name, bool *unknown)
{
	*unknown = false;
	uint32_t count = IS(args, argument_list) ? sem_argument_count(c, args) : 0;
	for (uint32_t i = 0; i < count; i++) {
		gg_node a = sem_argument_at(c, args, i);
		if (IS(a, keyword_argument)) {
			if (span_eq(node_span(c, FIELD(a, name)), name))
				return FIELD(a, value);
			continue;
		}
		if (IS(a, list_splat) || IS(a, dictionary_splat)) {
			*unknown = true; /* where the places after it fall, or which names it passes, the text does not say */
			return gg_node_null();
		}
		if ((int)i == place)
			return a;
	}
	return gg_node_null();
}

/* An identifier or an attribute chain of identifiers: model, self.model, self.net.encoder. */
bool sem_is_name_chain(const semantic *c, gg_node n)
{
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS; i++) {
		if (IS(n, identifier))
			return true;
		if (!IS(n, attribute))
			return false;
		n = FIELD(n, object);
	}
	return false;
}

/* The root identifier of a name chain. */
gg_node sem_chain_root(const semantic *c, gg_node n)
{
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS && IS(n, attribute); i++)
		n = FIELD(n, object);
	return n;
}

/* The last segment of a name chain: `encoder` of self.model.encoder. */
span sem_chain_last(const semantic *c, gg_node n)
{
	if (IS(n, attribute))
		return node_span(c, FIELD(n, attribute));
	return node_span(c, n);
}

/* The name of an attribute, or an empty span. */
span sem_attribute_name(const semantic *c, gg_node attr)
{
	uint32_t end = gg_node_end_byte(attr);
	if (end > c->len)
		return (span){ c->text, 0 };
	uint32_t start = gg_py_attribute_name_start(&c->sem->ids, c->text, c->len, attr);
	return (span){ c->text + start, end - start };
}

/* The name of an attribute callee (f(x).backward: "backward"). */
span sem_method_of(const semantic *c, const gg_call_ref *ref)
{
	return (span){ c->text + ref->method_start, ref->attribute ? ref->callee_end - ref->method_start : 0 };
}

/* The name a call calls: f of f(x), m of x.m(x) or f(x).m(); empty when it has none (a subscript's call). */
span sem_callee_name(const semantic *c, const gg_call_ref *ref)
{
	if (ref->attribute)
		return sem_method_of(c, ref);
	if (ref->names == 1 && ref->start < ref->callee_end && ref->callee_end <= c->len)
		return text_between(c, ref->start, ref->callee_end);
	return (span){ c->text, 0 };
}

/* The text inside a plain string literal ('valid', "train", r"x"), false for f-strings and concatenations. */
bool sem_string_value(const semantic *c, gg_node n, span *out)
{
	gg_text_span v;
	if (!gg_py_string_value(&c->sem->ids, c->text, n, &v))
		return false;
	*out = (span){ v.ptr, v.len };
	return true;
}

size_t sem_assignments_from(const semantic *c, uint32_t at)
{
	/* The assignments are in document order (the facts walk's). */
	const gg_tree_index *ix = c->index;
	size_t lo = 0, hi = ix->assignments_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (gg_node_start_byte(ix->assignments[mid]) < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool sem_target_binds(const semantic *c, gg_node target, span name)
{
	if (IS(target, identifier))
		return span_eq(node_span(c, target), name);
	if (!IS(target, pattern_list) && !IS(target, tuple_pattern))
		return false;
	for (uint32_t i = 0; i < gg_node_named_child_count(target); i++)
		if (sem_target_binds(c, gg_node_named_child(target, i), name))
			return true;
	return false;
}

gg_node sem_value_before(const semantic *c, int fi, span name, uint32_t before, bool unpacked)
{
	gg_node made = gg_node_null();
	uint32_t made_at = 0;
	const named *sets[] = { c->assign_names, c->unpack_names };
	size_t lens[] = { c->assign_names_len, unpacked ? c->unpack_names_len : 0 };
	const gg_node *rights[] = { c->assign_right, c->unpack_right };
	for (size_t s = 0; s < 2; s++)
		for (size_t n = sem_named_first(sets[s], lens[s], name); n < lens[s] && span_eq(sets[s][n].name, name); n++) {
			gg_node right = rights[s][sets[s][n].index];
			uint32_t at = gg_node_start_byte(right);
			if (sem_func_at(c, at) == fi && at < before && (gg_node_is_null(made) || at > made_at)) {
				made = right;
				made_at = at;
			}
		}
	return made;
}
