/*
 * Functions and classes of the file: lookup by name, and what a class
 * derives from (nn.Module, LightningModule, HF Trainer, TestCase, another
 * package's base), followed through the file's own classes.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

int sem_func_cmp(const void *pa, const void *pb)
{
	const func *a = pa, *b = pb;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->end > b->end ? -1 : a->end < b->end;
}

int sem_named_cmp(const void *pa, const void *pb)
{
	const named *a = pa, *b = pb;
	int r = span_cmp(a->name, b->name);
	return r ? r : (a->index > b->index) - (a->index < b->index);
}

size_t sem_named_first(const named *v, size_t len, span name)
{
	size_t lo = 0, hi = len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (span_cmp(v[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int sem_klass_cmp(const void *pa, const void *pb)
{
	const klass *a = pa, *b = pb;
	int r = span_cmp(a->name, b->name);
	if (r)
		return r;
	uint32_t x = gg_node_start_byte(a->node), y = gg_node_start_byte(b->node);
	return (x > y) - (x < y);
}

/* The index of the function defined by def (by its start byte), or -1. */
int sem_func_of_def(const semantic *c, gg_node def)
{
	uint32_t start = gg_node_start_byte(def);
	size_t lo = 1, hi = c->funcs_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->funcs[mid].start < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->funcs_len && c->funcs[lo].start == start ? (int)lo : -1;
}

int sem_func_names_hash(semantic *c)
{
	size_t n = c->funcs_len - 1, cap = 16;
	while (cap < 2 * n)
		cap *= 2;
	uint32_t *h = calloc(cap, sizeof *h);
	if (!h)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		if (i && span_eq(c->func_names[i].name, c->func_names[i - 1].name))
			continue;
		size_t s = sem_span_hash(c->func_names[i].name) & (cap - 1);
		while (h[s])
			s = (s + 1) & (cap - 1);
		h[s] = (uint32_t)i + 1;
	}
	free(c->func_hash);
	c->func_hash = h;
	c->func_hash_cap = cap;
	return 0;
}

/*
 * The first entry of func_names with this name, or funcs_len - 1 (past the
 * end) when none has it. Most names asked are no function's: a hash, not a
 * search of the sorted names.
 */
size_t sem_func_names_lower(const semantic *c, span name)
{
	size_t none = c->funcs_len - 1;
	if (!c->func_hash_cap)
		return none;
	size_t mask = c->func_hash_cap - 1;
	for (size_t s = sem_span_hash(name) & mask; c->func_hash[s]; s = (s + 1) & mask)
		if (span_eq(c->func_names[c->func_hash[s] - 1].name, name))
			return c->func_hash[s] - 1;
	return none;
}

bool sem_is_func_name(const semantic *c, span name)
{
	size_t i = sem_func_names_lower(c, name);
	return i < c->funcs_len - 1 && span_eq(c->func_names[i].name, name);
}

/* The first class of the file named name, or NULL (the classes are the check's own: not const for the caller). */
klass *sem_class_find(const semantic *c, span name)
{
	klass key = { gg_node_null(), name, 0, 0, false, 0 };
	size_t lo = 0, hi = c->classes_len;
	/* The first class of that name: a redefinition is rare, the first is as good. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (span_cmp(c->classes[mid].name, key.name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->classes_len && span_eq(c->classes[lo].name, name) ? &c->classes[lo] : NULL;
}

/* A base from torch or the standard library: nothing there calls a subclass's methods under no_grad. */
static bool base_is_plain_library(const semantic *c, span r)
{
	static const char *const roots[] = {
		"torch.", "abc.", "typing.", "typing_extensions.", "enum.", "collections.", "dataclasses.", NULL,
	};
	for (const char *const *p = roots; *p; p++)
		if (span_starts(r, *p))
			return true;
	/*
	 * A library whose objects are no modules and that is not built on torch
	 * (sklearn's BaseEstimator): it never runs a subclass's method, let alone
	 * with grad off, so the class's methods are its own code.
	 */
	return gg_library_facts_plain(&c->sem->libraries, r.ptr, r.len) && !gg_analysis_mentions_framework(r.ptr, r.len);
}

/*
 * Whether a base an import resolves to is a plain class of another file of
 * the project (the index read its bases: no module, no framework's). Its own
 * code is in sight of the project index, which says which of its methods it
 * calls with grad off (GG_ELSEWHERE_GUARDED), so it is no base out of sight.
 */
static bool project_plain_class(const semantic *c, span resolved)
{
	return gg_elsewhere_class_kind(c->elsewhere, resolved.ptr, resolved.len) < 0;
}

/* What a base class expression makes its subclass. */
static unsigned base_kind(semantic *c, gg_node base, unsigned depth)
{
	if (!sem_is_name_chain(c, base))
		return 0;
	if (IS(base, identifier)) {
		klass *k = sem_class_find(c, node_span(c, base));
		if (k && !sem_binding_find(c, node_span(c, base)))
			return sem_class_kind(c, k, depth + 1);
	}
	unsigned kind = 0;
	if (span_ends(node_span(c, base), "TestCase"))
		kind |= CLASS_TESTCASE;
	bool imported = sem_binding_find(c, node_span(c, sem_chain_root(c, base))) != NULL;
	if (!sem_name_resolve(c, base))
		return kind;
	span r = sem_resolved(c);
	if (imported && !(kind & CLASS_TESTCASE) && !base_is_plain_library(c, r) && !project_plain_class(c, r))
		kind |= CLASS_EXTERNAL;
	/* Choice: a LightningModule is real when the base resolves into the lightning packages. */
	if ((span_starts(r, "lightning.") || span_starts(r, "pytorch_lightning.")) && span_ends(r, ".LightningModule"))
		kind |= CLASS_LIGHTNING | CLASS_MODULE;
	if (span_starts(r, "transformers.") && span_ends(r, "Trainer"))
		kind |= CLASS_HF_TRAINER;
	if (span_is(r, "torch.nn.Module") || span_is(r, "torch.nn.modules.module.Module") ||
	    (span_starts(r, "torch.nn.") && r.len > 9 && isupper((unsigned char)r.ptr[r.len - sem_chain_last(c, base).len]) &&
	     !span_ends(r, "Loss")) ||
	    (span_starts(r, "transformers.") && (span_ends(r, "PreTrainedModel") || span_ends(r, "Model"))))
		kind |= CLASS_MODULE;
	return kind;
}

/*
 * Whether a base's origin is out of this file's sight: not object, not a
 * class of the file, not torch's or the standard library's (a project's
 * BaseModel imported from another file, a name a star import brings).
 */
static bool base_is_unknown(semantic *c, gg_node base)
{
	if (IS(base, keyword_argument) || span_is(node_span(c, base), "object"))
		return false;
	if (!sem_is_name_chain(c, base))
		return true;
	if (IS(base, identifier) && !sem_binding_find(c, node_span(c, base)) && sem_class_find(c, node_span(c, base)))
		return false;
	return !sem_name_resolve(c, base) ||
	       !(base_is_plain_library(c, sem_resolved(c)) || project_plain_class(c, sem_resolved(c)));
}

/*
 * Choice: a class that defines forward() is a module when a base comes from
 * out of sight (a project's BaseModel, torch's own "from .module import
 * Module"): its methods are then the model's API, not evaluation code. A
 * class whose bases are all known, or that has none, is what they make it:
 * a forward() method alone makes no module (SPEC §2).
 */
static bool class_defines_forward(const semantic *c, gg_node def)
{
	gg_node body = FIELD(def, body);
	uint32_t count = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body);
	for (uint32_t i = 0; i < count; i++) {
		gg_node stmt = gg_node_named_child(body, i);
		if (IS(stmt, decorated_definition))
			stmt = FIELD(stmt, definition);
		if (IS(stmt, function_definition) && span_is(node_span(c, FIELD(stmt, name)), "forward"))
			return true;
	}
	return false;
}

unsigned sem_class_kind(semantic *c, klass *k, unsigned depth)
{
	if (k->state == 2 || k->state == 1 || depth > MAX_CLASS_DEPTH)
		return k->kind; /* a cycle reads as what is known so far */
	k->state = 1;
	gg_node bases = FIELD(k->node, superclasses);
	uint32_t count = gg_node_is_null(bases) ? 0 : gg_node_named_child_count(bases);
	unsigned kind = 0;
	bool unknown_base = false;
	for (uint32_t i = 0; i < count && !c->error; i++) {
		gg_node base = gg_node_named_child(bases, i);
		kind |= base_kind(c, base, depth);
		unknown_base = unknown_base || base_is_unknown(c, base);
	}
	if (unknown_base && class_defines_forward(c, k->node))
		kind |= CLASS_MODULE;
	k->kind = kind;
	k->state = 2;
	return kind;
}

/* The kind of the class a class_definition node is, looked up by name and position. */
unsigned sem_class_kind_of(semantic *c, gg_node def)
{
	span name = node_span(c, FIELD(def, name));
	uint32_t at = gg_node_start_byte(def);
	klass *k = sem_class_find(c, name);
	for (; k && k < c->classes + c->classes_len && span_eq(k->name, name); k++)
		if (gg_node_start_byte(k->node) == at)
			return sem_class_kind(c, k, 0);
	return 0;
}

/*
 * Whether pred holds for a base of class cls that the file defines, or for
 * one of that base's own bases, to MAX_CLASS_DEPTH (imported bases are not
 * followed: their classes are not the file's).
 */
static bool file_bases_any(const semantic *c, int cls, bool (*pred)(const semantic *, int, const void *), const void *arg,
			   unsigned depth)
{
	if (depth > MAX_CLASS_DEPTH)
		return false;
	gg_node bases = FIELD(c->classes[cls].node, superclasses);
	uint32_t count = gg_node_is_null(bases) ? 0 : gg_node_named_child_count(bases);
	for (uint32_t i = 0; i < count; i++) {
		gg_node b = gg_node_named_child(bases, i);
		if (!IS(b, identifier) || sem_binding_find(c, node_span(c, b)))
			continue;
		span name = node_span(c, b);
		for (const klass *k = sem_class_find(c, name); k && k < c->classes + c->classes_len && span_eq(k->name, name);
		     k++) {
			int ki = (int)(k - c->classes);
			if (pred(c, ki, arg) || file_bases_any(c, ki, pred, arg, depth + 1))
				return true;
		}
	}
	return false;
}

static bool is_class(const semantic *c, int k, const void *base)
{
	(void)c;
	return k == *(const int *)base;
}

/* Whether class sub is class base or derives from it through the file's own classes. */
bool sem_class_inherits(const semantic *c, int sub, int base, unsigned depth)
{
	return sub == base || file_bases_any(c, sub, is_class, &base, depth);
}

/* ---- across files: what the project index says of this file's classes and instances ---- */

/* Whether a decorator of decorated (a decorated_definition) turns grad off for the body. */
bool sem_decorated_grad_off(semantic *c, gg_node decorated)
{
	uint32_t count = gg_node_named_child_count(decorated);
	for (uint32_t i = 0; i < count; i++) {
		gg_node d = gg_node_named_child(decorated, i);
		if (!IS(d, decorator) || gg_node_has_error(d))
			continue;
		grad_context g = sem_grad_context_of(c, gg_node_named_child(d, 0));
		if (g == GRAD_OFF || g == GRAD_CONTROLLED)
			return true;
	}
	return false;
}

/* The method named name that class node cls defines in its own body (a null node when none), and its decoration. */
static gg_node class_method_def(const semantic *c, gg_node cls, span name, gg_node *decorated)
{
	*decorated = gg_node_null();
	gg_node body = FIELD(cls, body);
	if (gg_node_is_null(body))
		return gg_node_null();
	gg_node found = gg_node_null();
	for (gg_node top = gg_node_first_child(body); !gg_node_is_null(top); top = gg_node_next_sibling(top)) {
		gg_node stmt = top, dec = gg_node_null();
		if (IS(stmt, decorated_definition)) {
			dec = stmt;
			stmt = FIELD(stmt, definition);
		}
		/* The last definition wins, as at run time. */
		if (IS(stmt, function_definition) && span_eq(node_span(c, FIELD(stmt, name)), name)) {
			found = stmt;
			*decorated = dec;
		}
	}
	return found;
}

static bool class_method_fact(semantic *c, gg_node cls, span method, gg_elsewhere_fact fact, unsigned depth);

gg_node sem_class_method_def(const semantic *c, int cls, span name)
{
	gg_node decorated;
	return class_method_def(c, c->classes[cls].node, name, &decorated);
}

static bool defines_method(const semantic *c, int k, const void *name)
{
	gg_node decorated;
	return !gg_node_is_null(class_method_def(c, c->classes[k].node, *(const span *)name, &decorated));
}

bool sem_class_base_defines_here(const semantic *c, int cls, span name, unsigned depth)
{
	return file_bases_any(c, cls, defines_method, &name, depth);
}

bool sem_class_alias(const semantic *c, gg_node stmt, span *name, gg_node *value)
{
	if (!IS(stmt, expression_statement) || gg_node_named_child_count(stmt) != 1)
		return false;
	gg_node a = gg_node_named_child(stmt, 0);
	if (!IS(a, assignment))
		return false;
	gg_node left = FIELD(a, left), right = FIELD(a, right);
	if (!IS(left, identifier) || !sem_is_name_chain(c, right))
		return false;
	*name = node_span(c, left);
	*value = right;
	return true;
}

bool sem_function_named_no_grad(semantic *c, gg_node value)
{
	span written = node_span(c, value);
	if (IS(value, identifier) && !sem_binding_find(c, written)) {
		for (size_t i = sem_func_names_lower(c, written);
		     i + 1 < c->funcs_len && span_eq(c->func_names[i].name, written); i++) {
			gg_node decorated = gg_node_parent(c->funcs[c->func_names[i].index].def);
			if (IS(decorated, decorated_definition) && IS(gg_node_parent(decorated), module) &&
			    sem_decorated_grad_off(c, decorated))
				return true;
		}
		return false;
	}
	if (!c->elsewhere || !sem_binding_find(c, node_span(c, sem_chain_root(c, value))) || !sem_name_resolve(c, value))
		return false;
	span r = sem_resolved(c);
	return gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_NO_GRAD_FUNCTION, r.ptr, r.len);
}

/*
 * Whether method def's body (a docstring aside) only returns a call of
 * another method of its own (`return self.run_inference(images)`): *to that
 * method's name.
 */
bool sem_method_delegates(const semantic *c, gg_node def, span *to)
{
	gg_node body = FIELD(def, body);
	uint32_t n = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body);
	gg_node last = gg_node_null();
	for (uint32_t i = 0; i < n; i++) {
		gg_node st = gg_node_named_child(body, i);
		if (IS(st, comment) || (i == 0 && IS(st, expression_statement) && IS(gg_node_named_child(st, 0), string)))
			continue;
		if (!gg_node_is_null(last))
			return false;
		last = st;
	}
	gg_node v = IS(last, return_statement) && gg_node_named_child_count(last) ? gg_node_named_child(last, 0) : gg_node_null();
	gg_node fn = IS(v, call) ? FIELD(v, function) : gg_node_null();
	if (!IS(fn, attribute) || !IS(FIELD(fn, object), identifier) || !span_is(node_span(c, FIELD(fn, object)), "self"))
		return false;
	*to = node_span(c, FIELD(fn, attribute));
	return true;
}

/* Whether a statement holds a call of something of self's (`self.g(x)`, `self.run(x)`): it may run the module. */
static bool calls_own(const semantic *c, gg_node stmt)
{
	for (gg_node n = stmt; !gg_node_is_null(n); n = gg_node_walk_next(stmt, n, true)) {
		if (!IS(n, call))
			continue;
		span f = node_span(c, FIELD(n, function));
		if (span_starts(f, "self.") || span_is(f, "self"))
			return true;
	}
	return false;
}

/* Whether block opens with a with that turns grad off, and nothing after it runs self's parts. */
static bool branch_grad_off(semantic *c, gg_node block)
{
	bool opened = false;
	for (uint32_t i = 0, n = gg_node_named_child_count(block); i < n; i++) {
		gg_node st = gg_node_named_child(block, i);
		if (IS(st, comment))
			continue;
		if (!opened) {
			gg_node clause = IS(st, with_statement) ? gg_node_named_child(st, 0) : gg_node_null();
			if (!IS(clause, with_clause) || sem_with_grad(c, clause) != GRAD_OFF)
				return false;
			opened = true;
		} else if (calls_own(c, st)) {
			return false;
		}
	}
	return opened;
}

int sem_mode_key(semantic *c, span param, span value)
{
	c->name.len = 0;
	return gg_buf_append(&c->name, "forward(", 8) || gg_buf_append(&c->name, param.ptr, param.len) ||
			       gg_buf_append(&c->name, "=", 1) || gg_buf_append(&c->name, value.ptr, value.len) ||
			       gg_buf_append(&c->name, ")", 1)
		       ? -ENOMEM
		       : 0;
}

void sem_forward_modes_off(semantic *c, gg_node def, sem_mode_visit visit, void *arg)
{
	gg_node body = FIELD(def, body);
	for (uint32_t i = 0, n = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body); i < n; i++) {
		gg_node st = gg_node_named_child(body, i);
		if (!IS(st, if_statement))
			continue;
		/* The if and each elif: `mode == "inference"` around a branch that opens under no_grad. */
		for (uint32_t k = 0, m = gg_node_named_child_count(st); k <= m; k++) {
			gg_node clause = k == 0 ? st : gg_node_named_child(st, k - 1);
			if (k > 0 && !IS(clause, elif_clause))
				continue;
			gg_node cond = FIELD(clause, condition), block = FIELD(clause, consequence);
			span value;
			if (!IS(cond, comparison_operator) || gg_node_child_count(cond) != 3 ||
			    !span_is(node_span(c, gg_node_child(cond, 1)), "==") || !IS(gg_node_named_child(cond, 0), identifier) ||
			    !sem_string_value(c, gg_node_named_child(cond, 1), &value) || !branch_grad_off(c, block))
				continue;
			gg_node dflt;
			span param = node_span(c, gg_node_named_child(cond, 0));
			int place = sem_parameter_index(c, def, param, &dflt);
			if (place > 0 && visit(c, param, place, value, arg))
				return;
		}
	}
}

/* Whether class node cls binds method in its body to a function that runs with grad off (sem_class_alias). */
static bool class_alias_no_grad(semantic *c, gg_node cls, span method, bool *bound)
{
	gg_node body = FIELD(cls, body);
	uint32_t count = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body);
	*bound = false;
	for (uint32_t i = 0; i < count; i++) {
		span name;
		gg_node value;
		if (sem_class_alias(c, gg_node_named_child(body, i), &name, &value) && span_eq(name, method)) {
			*bound = true;
			return sem_function_named_no_grad(c, value);
		}
	}
	return false;
}

/*
 * Whether the bases of class node cls have fact for method: a base of this
 * file (when it defines the method, only its decoration answers), else one
 * the imports resolve to a class of the project index.
 */
static bool class_bases_fact(semantic *c, gg_node cls, span method, gg_elsewhere_fact fact, unsigned depth)
{
	if (depth > MAX_CLASS_DEPTH)
		return false;
	gg_node bases = FIELD(cls, superclasses);
	uint32_t count = gg_node_is_null(bases) ? 0 : gg_node_named_child_count(bases);
	for (uint32_t i = 0; i < count && !c->error; i++) {
		gg_node b = gg_node_named_child(bases, i);
		if (!sem_is_name_chain(c, b))
			continue;
		span written = node_span(c, b);
		if (IS(b, identifier) && !sem_binding_find(c, written)) {
			const klass *k = sem_class_find(c, written);
			if (k && class_method_fact(c, k->node, method, fact, depth + 1))
				return true;
			continue;
		}
		if (!sem_binding_find(c, node_span(c, sem_chain_root(c, b))) || !sem_name_resolve(c, b))
			continue;
		span r = sem_resolved(c);
		/* A hook is a plain base's: a module base's methods are the model's API. */
		if (fact == GG_ELSEWHERE_DEFINES && !project_plain_class(c, r))
			continue;
		if (gg_elsewhere_method(c->elsewhere, r.ptr, r.len, method.ptr, method.len, fact))
			return true;
	}
	return false;
}

/*
 * Whether a plain base of another file of the project (through the file's own
 * classes too) defines method: an override of it is that base's hook, which
 * the base's code calls as it needs (the index keeps the methods of the
 * classes it exports).
 */
bool sem_project_base_defines(semantic *c, gg_node cls, span method, unsigned depth)
{
	return c->elsewhere && class_bases_fact(c, cls, method, GG_ELSEWHERE_DEFINES, depth);
}

/*
 * Whether method of class node cls has fact: its own definition when it has
 * one (decorated to run with grad off; whether this file's own calls guard
 * it is the call graph's business), else its bases'.
 */
static bool class_method_fact(semantic *c, gg_node cls, span method, gg_elsewhere_fact fact, unsigned depth)
{
	gg_node decorated;
	gg_node def = class_method_def(c, cls, method, &decorated);
	if (!gg_node_is_null(def)) {
		if (fact != GG_ELSEWHERE_NO_GRAD)
			return false;
		if (!gg_node_is_null(decorated) && sem_decorated_grad_off(c, decorated))
			return true;
		/* `def forward(self, x): return self.infer(x)`, infer decorated no_grad: the forward runs without grad too. */
		span to;
		return depth < MAX_CLASS_DEPTH && sem_method_delegates(c, def, &to) && !span_eq(to, method) &&
		       class_method_fact(c, cls, to, fact, depth + 1);
	}
	bool bound;
	bool no_grad = class_alias_no_grad(c, cls, method, &bound);
	if (bound)
		return fact == GG_ELSEWHERE_NO_GRAD && no_grad;
	return class_bases_fact(c, cls, method, fact, depth);
}

bool sem_class_method_no_grad(semantic *c, gg_node cls, span method)
{
	return class_method_fact(c, cls, method, GG_ELSEWHERE_NO_GRAD, 0);
}

/* Whether the class expression cls (X of X(...) or of an annotation) is a class whose method runs with grad off. */
static bool class_expr_no_grad(semantic *c, gg_node cls, span method)
{
	/* X.from_pretrained(...), X.from_config(...): by Python's convention an alternate constructor builds an X. */
	if (IS(cls, attribute) && span_starts(node_span(c, FIELD(cls, attribute)), "from_"))
		cls = FIELD(cls, object);
	if (!sem_is_name_chain(c, cls))
		return false;
	span written = node_span(c, cls);
	if (IS(cls, identifier) && !sem_binding_find(c, written)) {
		const klass *k = sem_class_find(c, written);
		return k && class_method_fact(c, k->node, method, GG_ELSEWHERE_NO_GRAD, 0);
	}
	if (!c->elsewhere || !sem_binding_find(c, node_span(c, sem_chain_root(c, cls))) || !sem_name_resolve(c, cls))
		return false;
	span r = sem_resolved(c);
	if (gg_elsewhere_method(c->elsewhere, r.ptr, r.len, method.ptr, method.len, GG_ELSEWHERE_NO_GRAD))
		return true;
	/* A factory of the project whose every return builds one class (`load_model(name)`): that class's method. */
	gg_text_span k = gg_elsewhere_maker_class(c->elsewhere, r.ptr, r.len);
	return k.len && gg_elsewhere_method(c->elsewhere, k.ptr, k.len, method.ptr, method.len, GG_ELSEWHERE_NO_GRAD);
}

/* Whether the class a dotted name written in a string annotation ("Whisper", "models.Whisper") names has such a method. */
static bool class_name_no_grad(semantic *c, span written, span method)
{
	for (size_t i = 0; i < written.len; i++)
		if (!(isalnum((unsigned char)written.ptr[i]) || written.ptr[i] == '_' || written.ptr[i] == '.'))
			return false;
	const char *dot = memchr(written.ptr, '.', written.len);
	span root = { written.ptr, dot ? (size_t)(dot - written.ptr) : written.len };
	const binding *b = root.len ? sem_binding_find(c, root) : NULL;
	if (!b) {
		const klass *k = dot ? NULL : sem_class_find(c, written);
		return k && class_method_fact(c, k->node, method, GG_ELSEWHERE_NO_GRAD, 0);
	}
	if (!c->elsewhere)
		return false;
	c->name.len = 0;
	if (gg_buf_append(&c->name, b->target, strlen(b->target)) ||
	    gg_buf_append(&c->name, written.ptr + root.len, written.len - root.len)) {
		fail(c, -ENOMEM);
		return false;
	}
	span r = sem_resolved(c);
	return gg_elsewhere_method(c->elsewhere, r.ptr, r.len, method.ptr, method.len, GG_ELSEWHERE_NO_GRAD);
}

/* Whether function fi has a parameter name; *type gets the expression of its annotation (`name: X`) or a null node. */
static bool parameter_of(const semantic *c, int fi, span name, gg_node *type)
{
	*type = gg_node_null();
	gg_node params = FIELD(c->funcs[fi].def, parameters);
	uint32_t count = gg_node_is_null(params) ? 0 : gg_node_named_child_count(params);
	for (uint32_t i = 0; i < count; i++) {
		gg_node p = gg_node_named_child(params, i), id = p, annotation = gg_node_null();
		if (IS(p, typed_parameter)) {
			id = gg_node_named_child(p, 0);
			annotation = gg_node_child_by_field_name(p, "type", 4);
		} else if (IS(p, typed_default_parameter)) {
			id = FIELD(p, name);
			annotation = gg_node_child_by_field_name(p, "type", 4);
		} else if (IS(p, default_parameter)) {
			id = FIELD(p, name);
		}
		if (!IS(id, identifier) || !span_eq(node_span(c, id), name))
			continue;
		if (!gg_node_is_null(annotation) && gg_node_named_child_count(annotation))
			*type = gg_node_named_child(annotation, 0);
		return true;
	}
	return false;
}

/*
 * The function whose local a plain name used in function fi is, as Python's
 * scopes have it: the nearest function around the use (fi first) that has it
 * as a parameter or assigns it a call; 0, the module, when none does.
 */
static int name_scope(const semantic *c, int fi, span name)
{
	for (; fi > 0 && (size_t)fi < c->funcs_len; fi = c->funcs[fi].parent) {
		gg_node type;
		if (parameter_of(c, fi, name, &type))
			return fi;
		for (size_t i = sem_named_first(c->assign_names, c->assign_names_len, name);
		     i < c->assign_names_len && span_eq(c->assign_names[i].name, name); i++)
			if (sem_func_at(c, gg_node_start_byte(c->assign_left[c->assign_names[i].index])) == fi)
				return fi;
	}
	return 0;
}

/*
 * Whether spelling (encoder, self.embedder) holds an instance of a class whose
 * method runs with grad off (decorated so, or bound to a function decorated
 * so, here or in another file of the project), where function fi uses it:
 * every assignment of a call to it builds one (`X(...)`, or `spelling: X =
 * ...`), and there is one; or, with no assignment, it is a parameter
 * annotated with such a class (`model: "Whisper"`). A plain name's
 * assignments and parameter are those of its scope (name_scope); an
 * attribute's are the file's. Then spelling.method(...) is no forward run
 * with grad on.
 */
bool sem_instance_method_no_grad(semantic *c, int fi, span spelling, const char *method)
{
	if (!c->classes_len && !gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_NO_GRAD_METHODS))
		return false;
	span m = { method, strlen(method) };
	bool plain = !memchr(spelling.ptr, '.', spelling.len);
	int scope = plain ? name_scope(c, fi, spelling) : -1;
	bool any = false;
	for (size_t n = sem_named_first(c->assign_names, c->assign_names_len, spelling);
	     n < c->assign_names_len && span_eq(c->assign_names[n].name, spelling) && !c->error; n++) {
		size_t i = (size_t)c->assign_names[n].index;
		if (scope >= 0 && sem_func_at(c, gg_node_start_byte(c->assign_left[i])) != scope)
			continue;
		gg_node type = gg_node_child_by_field_name(gg_node_parent(c->assign_left[i]), "type", 4);
		gg_node cls = !gg_node_is_null(type) && gg_node_named_child_count(type)
				     ? gg_node_named_child(type, 0)
				     : FIELD(sem_call_chain_base(c, c->assign_right[i]), function);
		if (!class_expr_no_grad(c, cls, m))
			return false;
		any = true;
	}
	gg_node type;
	if (any || scope <= 0 || !parameter_of(c, scope, spelling, &type))
		return any;
	span written;
	if (IS(type, string))
		return sem_string_value(c, type, &written) && class_name_no_grad(c, written, m);
	return !gg_node_is_null(type) && class_expr_no_grad(c, type, m);
}

/*
 * What the annotation of the parameter a plain name used in function fi is
 * says it holds (`decoder: Decoder`, `net: nn.Module`): 1 a module, -1 no
 * module (a plain class of the file or of the project, a library's plain
 * object), 0 unknown, or no annotation, or the name is no parameter. The
 * annotation is the value's declared origin: it outweighs the name.
 */
/*
 * Whether an import target comes from a library not built on torch, whose
 * objects are never a torch module (a compiled inference engine's model,
 * another framework's network).
 */
static bool foreign_target(const char *target)
{
	static const char *const roots[] = { "openvino", "onnxruntime", "tensorrt", "tensorflow", "keras", "jax", "flax",
					     "mxnet", "paddle", "sklearn", "numpy", NULL };
	for (const char *const *r = roots; *r; r++) {
		size_t n = strlen(*r);
		if (strncmp(target, *r, n) == 0 && (target[n] == '\0' || target[n] == '.'))
			return true;
	}
	return false;
}

int sem_parameter_annotation_kind(semantic *c, int fi, span name)
{
	int scope = name_scope(c, fi, name);
	gg_node type;
	if (scope <= 0 || !parameter_of(c, scope, name, &type) || gg_node_is_null(type))
		return 0;
	/* `model: "CompiledModel"`, a forward reference to a name imported for type checking: that name's import. */
	if (IS(type, string)) {
		span s = node_span(c, type);
		if (s.len < 3 || (s.ptr[0] != '"' && s.ptr[0] != '\'') || s.ptr[s.len - 1] != s.ptr[0])
			return 0;
		const binding *b = sem_binding_find(c, (span){ s.ptr + 1, s.len - 2 });
		return b && foreign_target(b->target) ? -1 : 0;
	}
	if (!sem_is_name_chain(c, type))
		return 0;
	span written = node_span(c, type);
	if (IS(type, identifier) && !sem_binding_find(c, written)) {
		klass *k = sem_class_find(c, written);
		if (!k)
			return 0;
		return (sem_class_kind(c, k, 0) & CLASS_MODULE) ? 1 : sem_class_is_plain(c, k, 0) ? -1 : 0;
	}
	const binding *root = sem_binding_find(c, node_span(c, sem_chain_root(c, type)));
	if (root && foreign_target(root->target))
		return -1;
	if (!root || !sem_name_resolve(c, type))
		return 0;
	span r = sem_resolved(c);
	if (span_is(r, "torch.nn.Module") || span_is(r, "torch.nn.modules.module.Module"))
		return 1;
	int kind = c->elsewhere ? gg_elsewhere_class_kind(c->elsewhere, r.ptr, r.len) : 0;
	if (kind)
		return kind;
	if (gg_library_facts_plain(&c->sem->libraries, r.ptr, r.len))
		return -1;
	return gg_library_facts_module(&c->sem->libraries, r.ptr, r.len) ? 1 : 0;
}

/*
 * Choice: a method that overrides one its base in another file of the
 * project calls only with grad off (self.m(...) in no_grad methods), and that
 * this file never calls, is called as the base's is: guarded. A call here
 * makes it the call graph's business again. Sites are sorted by callee.
 */
void sem_overrides_guarded(semantic *c)
{
	if (!gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_GUARDED_METHODS))
		return;
	for (size_t i = 1; i < c->funcs_len && !c->error; i++) {
		func *f = &c->funcs[i];
		size_t first = sem_sites_of(c, (int)i);
		bool called = first < c->sites_len && c->sites[first].callee == (int)i;
		if (!f->walked || f->cls < 0 || f->guarded || called)
			continue;
		if (class_bases_fact(c, c->classes[f->cls].node, f->name, GG_ELSEWHERE_GUARDED, 0))
			f->guarded = true;
	}
}


/*
 * Whether k is a plain class of the file: every base is `object`, the
 * standard library's, or another plain class of the file. An imported base
 * of any other package, or one that cannot be resolved, may be a module.
 */
bool sem_class_is_plain(semantic *c, klass *k, unsigned depth)
{
	if (depth > MAX_CLASS_DEPTH || (sem_class_kind(c, k, 0) & (CLASS_MODULE | CLASS_EXTERNAL)))
		return false;
	gg_node supers = FIELD(k->node, superclasses);
	uint32_t count = gg_node_is_null(supers) ? 0 : gg_node_named_child_count(supers);
	for (uint32_t i = 0; i < count; i++) {
		gg_node base = gg_node_named_child(supers, i);
		if (IS(base, keyword_argument))
			continue; /* metaclass=...: no base */
		span name = node_span(c, base);
		if (span_is(name, "object"))
			continue;
		if (!sem_is_name_chain(c, base))
			return false;
		klass *own = IS(base, identifier) && !sem_binding_find(c, name) ? sem_class_find(c, name) : NULL;
		if (own) {
			if (own == k || !sem_class_is_plain(c, own, depth + 1))
				return false;
			continue;
		}
		if (!sem_binding_find(c, node_span(c, sem_chain_root(c, base))) || !sem_name_resolve(c, base) ||
		    !base_is_plain_library(c, sem_resolved(c)))
			return false;
	}
	return true;
}

/* Whether k's own forward (or __call__) computes anything: a call, an operator, an index or an attribute read. */
bool sem_class_forward_computes(const semantic *c, klass *k)
{
	gg_node body = FIELD(k->node, body);
	for (uint32_t i = 0, n = gg_node_named_child_count(body); i < n; i++) {
		gg_node d = gg_node_named_child(body, i);
		if (IS(d, decorated_definition))
			d = FIELD(d, definition);
		span name = node_span(c, FIELD(d, name));
		if (!IS(d, function_definition) || !(span_is(name, "forward") || span_is(name, "__call__")))
			continue;
		gg_node fbody = FIELD(d, body);
		for (gg_node m = fbody; !gg_node_is_null(m); m = gg_node_walk_next(fbody, m, true))
			if (IS(m, call) || IS(m, binary_operator) || IS(m, unary_operator) || IS(m, subscript) || IS(m, attribute))
				return true;
	}
	return false;
}

/* sem_text_resolver's fn for the file's own classes: a name's first segment through the file's imports. */
static bool binding_resolve(const void *ctx, const char *name, size_t len, gg_buf *out)
{
	const semantic *c = ctx;
	const char *dot = memchr(name, '.', len);
	span root = { name, dot ? (size_t)(dot - name) : len };
	const binding *b = sem_binding_find(c, root);
	return b && !gg_buf_append(out, b->target, strlen(b->target)) && !gg_buf_append(out, name + root.len, len - root.len);
}

/*
 * Whether module class k holds no parameters of its own, so that calling it
 * records nothing but what its inputs bring: its one base is torch's Module
 * itself, and no line of its body sets an attribute of self to a call's
 * result (`self.fc = nn.Linear(...)`, `self.head = Head()`) or names
 * Parameter, setattr, add_module or register_parameter. A loss or a metric
 * written as a module (`class MaskedL1(nn.Module)`): no model (SPEC §2).
 */
bool sem_class_holds_no_parameters(semantic *c, klass *k, bool *handed)
{
	gg_node supers = FIELD(k->node, superclasses);
	if (gg_node_is_null(supers) || gg_node_named_child_count(supers) != 1)
		return false;
	gg_node base = gg_node_named_child(supers, 0);
	if (!sem_is_name_chain(c, base) || !sem_binding_find(c, node_span(c, sem_chain_root(c, base))) ||
	    !sem_name_resolve(c, base) || !span_is(sem_resolved(c), "torch.nn.Module"))
		return false;
	span body = node_span(c, FIELD(k->node, body));
	sem_text_resolver resolve = { binding_resolve, c };
	if (!sem_text_holds_no_parameters(body.ptr, body.len, &c->sem->libraries, &resolve, handed))
		return false;
	/*
	 * A forward that calls nothing (`return x` under a TODO, an exercise's
	 * skeleton) is a model still to be written, not a fixed function: what
	 * its callers do is judged as for the model it will be.
	 */
	if (handed && !*handed && !sem_class_forward_computes(c, k))
		*handed = true;
	return true;
}

/* Whether rhs (to its line's end) starts with a call that makes a tensor or an array, never a module: `torch.Tensor(mean)`. */
static bool makes_tensor(const char *rhs, const char *end)
{
	static const char *const makers[] = {
		"torch.tensor(", "torch.Tensor(", "torch.FloatTensor(", "torch.LongTensor(", "torch.as_tensor(",
		"torch.from_numpy(", "torch.zeros(", "torch.ones(", "torch.full(", "torch.empty(", "torch.arange(",
		"torch.linspace(", "torch.eye(", "torch.rand(", "torch.randn(", "torch.hann_window(", "np.", "numpy.",
		/* Python's own builders: a list of ids, a count, never a module (`self.arm_ids = list(...)`). */
		"list(", "len(", "tuple(", "dict(", "set(", "int(", "float(", "str(", "bool(", "range(", "sorted(",
		"sum(", "min(", "max(", "abs(", "round(", NULL,
	};
	while (rhs < end && *rhs == ' ')
		rhs++;
	for (const char *const *m = makers; *m; m++) {
		size_t n = strlen(*m);
		if ((size_t)(end - rhs) >= n && memcmp(rhs, *m, n) == 0)
			return true;
	}
	return false;
}

/* Whether rhs (to its line's end, or a comment) is a bare name or attribute chain: `self.net = net`. */
static bool names_object(const char *rhs, const char *end)
{
	while (rhs < end && *rhs == ' ')
		rhs++;
	const char *p = rhs;
	while (p < end && (isalnum((unsigned char)*p) || *p == '_' || *p == '.'))
		p++;
	const char *q = p;
	while (q < end && (*q == ' ' || *q == '\r'))
		q++;
	bool whole = q == end || *q == '#';
	/* True, False, None and numbers hold nothing. */
	return p > rhs && whole && !isdigit((unsigned char)*rhs) && !(p - rhs == 4 && memcmp(rhs, "True", 4) == 0) &&
	       !(p - rhs == 5 && memcmp(rhs, "False", 5) == 0) && !(p - rhs == 4 && memcmp(rhs, "None", 4) == 0);
}

/*
 * The method whose body holds body[at], for at growing from call to call:
 * the last `def NAME(` in [*from, at) updates *m (empty at class level),
 * and *from moves to at, so that a whole body is read once.
 */
static void method_advance(const char *body, size_t at, size_t *from, span *m)
{
	for (const char *q = body + *from; q < body + at && (q = memmem(q, (size_t)(body + at - q), "def ", 4)) != NULL; q += 4) {
		if (q > body && q[-1] != ' ' && q[-1] != '\t')
			continue;
		const char *w = q + 4, *k = w;
		while (k < body + at && (isalnum((unsigned char)*k) || *k == '_'))
			k++;
		*m = (span){ w, (size_t)(k - w) };
	}
	*from = at;
}

/*
 * Whether a right side written in forward() may build a module: a class
 * called (a capitalised name before its parenthesis: `nn.Linear(`, a lazy
 * layer made on the first call), torch.nn's namespace, or a copy. Functions
 * called there (`torch.sigmoid(x)`, `self.targets * ...`) give tensors.
 */
static bool forward_builds_module(const char *rhs, const char *end)
{
	for (const char *q = rhs; q < end; q++) {
		if (*q == '(' && q > rhs) {
			const char *w = q;
			while (w > rhs && (isalnum((unsigned char)w[-1]) || w[-1] == '_'))
				w--;
			if (w < q && isupper((unsigned char)*w))
				return true;
		}
		if ((size_t)(end - q) >= 3 && memcmp(q, "nn.", 3) == 0)
			return true;
		if ((size_t)(end - q) >= 8 && memcmp(q, "deepcopy", 8) == 0)
			return true;
	}
	return false;
}

/*
 * Whether rhs is only a subscript of a name the body binds to a tensor
 * maker (`b = torch.linspace(0, 1, n)` ... `self.lo = b[:-1]`).
 */
static bool slices_made_tensor(const char *body, size_t len, const char *rhs, const char *end)
{
	while (rhs < end && *rhs == ' ')
		rhs++;
	const char *w = rhs;
	while (w < end && (isalnum((unsigned char)*w) || *w == '_'))
		w++;
	if (w == rhs || w >= end || *w != '[' || !memchr(w, ']', (size_t)(end - w)))
		return false;
	const char *close = end;
	while (close > w && (close[-1] == ' ' || close[-1] == '\r'))
		close--;
	if (close[-1] != ']')
		return false;
	size_t n = (size_t)(w - rhs);
	for (const char *q = body; (q = memmem(q, (size_t)(body + len - q), rhs, n)) != NULL; q += n) {
		if ((q > body && (isalnum((unsigned char)q[-1]) || q[-1] == '_' || q[-1] == '.')))
			continue;
		const char *e = q + n;
		while (e < body + len && *e == ' ')
			e++;
		if (e + 1 < body + len && e[0] == '=' && e[1] != '=') {
			const char *line_end = memchr(e, '\n', (size_t)(body + len - e));
			if (makes_tensor(e + 1, line_end ? line_end : body + len))
				return true;
		}
	}
	return false;
}

/*
 * Whether rhs (to its line's end) builds one of torch.nn's layers that the
 * library table says hold no parameter (`nn.ReLU()`, `nn.NLLLoss(weight)`):
 * read from the text, the usual spellings of torch.nn.
 */
static bool builds_parameterless_layer(const char *rhs, const char *end, const gg_library_facts *libs,
				       const sem_text_resolver *resolve)
{
	while (rhs < end && *rhs == ' ')
		rhs++;
	if (!libs)
		return false;
	const char *e = rhs;
	while (e < end && (isalnum((unsigned char)*e) || *e == '_' || *e == '.'))
		e++;
	if (e == rhs || e >= end || *e != '(' || isdigit((unsigned char)*rhs))
		return false;
	size_t n = (size_t)(e - rhs);
	gg_buf dotted = { NULL, 0, 0 };
	bool ok;
	if (n > 9 && memcmp(rhs, "torch.nn.", 9) == 0)
		ok = !gg_buf_append(&dotted, rhs, n);
	else if (n > 3 && memcmp(rhs, "nn.", 3) == 0)
		ok = !gg_buf_printf(&dotted, "torch.%.*s", (int)n, rhs);
	else if (resolve && resolve->fn(resolve->ctx, rhs, n, &dotted))
		ok = true;
	else /* spelled whole: torchaudio.transforms.MelSpectrogram(...) */
		ok = memchr(rhs, '.', n) && !gg_buf_append(&dotted, rhs, n);
	bool out = ok && gg_library_facts_parameterless(libs, dotted.data, dotted.len); /* out of memory: not known to be */
	gg_buf_free(&dotted);
	return out;
}

/* Whether rhs (to its line's end) wraps a value in an old Variable that no gradient is asked of: a tensor, no parameter. */
static bool makes_variable(const char *rhs, const char *end)
{
	while (rhs < end && *rhs == ' ')
		rhs++;
	bool call = ((size_t)(end - rhs) > 9 && memcmp(rhs, "Variable(", 9) == 0) ||
		    ((size_t)(end - rhs) > 24 && memcmp(rhs, "torch.autograd.Variable(", 24) == 0);
	return call && !memmem(rhs, (size_t)(end - rhs), "requires_grad", 13);
}

bool sem_text_holds_no_parameters(const char *body, size_t len, const gg_library_facts *libs,
				  const sem_text_resolver *resolve, bool *handed)
{
	span b = { body, len };
	if (handed)
		*handed = false;
	/* Parameter( and its containers: the word alone is often a docstring's heading ("Parameters", "# FFT Parameters"). */
	if (span_contains(b, "Parameter(") || span_contains(b, "ParameterList") || span_contains(b, "ParameterDict") ||
	    span_contains(b, "setattr(") || span_contains(b, "add_module") || span_contains(b, "register_parameter") ||
	    span_contains(b, "register_module"))
		return false;
	/* Each `self.x = ...` line: a call on its right may build a submodule. */
	size_t scanned = 0;
	span m = { NULL, 0 };
	for (size_t i = 0; i + 5 < len; i++) {
		if (memcmp(body + i, "self.", 5) != 0 || (i && (isalnum((unsigned char)body[i - 1]) || body[i - 1] == '_')))
			continue;
		size_t j = i + 5;
		while (j < len && (isalnum((unsigned char)body[j]) || body[j] == '_'))
			j++;
		while (j < len && body[j] == ' ')
			j++;
		if (j >= len || body[j] != '=' || (j + 1 < len && body[j + 1] == '='))
			continue;
		const char *line_end = memchr(body + j, '\n', len - j);
		if (!line_end)
			line_end = body + len;
		if (makes_tensor(body + j + 1, line_end) || slices_made_tensor(body, len, body + j + 1, line_end) ||
		    makes_variable(body + j + 1, line_end) || builds_parameterless_layer(body + j + 1, line_end, libs, resolve))
			continue;
		method_advance(body, i, &scanned, &m);
		if ((span_is(m, "forward") || span_is(m, "__call__")) && !forward_builds_module(body + j + 1, line_end))
			continue;
		for (size_t e = j + 1; e < len && body[e] != '\n'; e++)
			if (body[e] == '(' || body[e] == '[')
				return false;
		if (handed && names_object(body + j + 1, line_end))
			*handed = true;
	}
	return true;
}

/* Whether value constructs a plain class of the file: Codec(...). */
static bool constructs_plain(semantic *c, gg_node value)
{
	gg_node fn = IS(value, call) ? FIELD(value, function) : gg_node_null();
	klass *k = IS(fn, identifier) && !sem_binding_find(c, node_span(c, fn)) ? sem_class_find(c, node_span(c, fn)) : NULL;
	return k && sem_class_is_plain(c, k, 0);
}

/*
 * Whether value constructs a module class: one of the file's (Encoder(...)),
 * or one of the project's that an import names (tdnn.XVEC(...)).
 */
static bool constructs_module(semantic *c, gg_node value)
{
	gg_node fn = IS(value, call) ? FIELD(value, function) : gg_node_null();
	if (IS(fn, identifier) && !sem_binding_find(c, node_span(c, fn))) {
		klass *k = sem_class_find(c, node_span(c, fn));
		return k && (sem_class_kind(c, k, 0) & CLASS_MODULE);
	}
	if (!c->elsewhere || gg_node_is_null(fn) || !sem_is_name_chain(c, fn) || !sem_name_resolve(c, fn))
		return false;
	span r = sem_resolved(c);
	return gg_elsewhere_class_kind(c->elsewhere, r.ptr, r.len) > 0;
}

/* Whether the local name, within [start, end), is only ever assigned plain constructions (enc = Codec(...)). */
static bool local_holds_plain(semantic *c, span name, uint32_t start, uint32_t end)
{
	bool any = false;
	for (size_t n = sem_named_first(c->assign_names, c->assign_names_len, name);
	     n < c->assign_names_len && span_eq(c->assign_names[n].name, name); n++) {
		size_t i = (size_t)c->assign_names[n].index;
		uint32_t at = gg_node_start_byte(c->assign_left[i]);
		if (at < start || at >= end)
			continue;
		if (!constructs_plain(c, c->assign_right[i]))
			return false;
		any = true;
	}
	return any;
}

/* What a return of function f must give (its value: a null node for a bare return). */
typedef bool (*return_test)(semantic *c, const func *f, gg_node value);

/*
 * Whether every return under n (nested definitions left out) passes test;
 * *seen counts them.
 */
static bool returns_all(semantic *c, const func *f, gg_node n, unsigned depth, unsigned *seen, return_test test)
{
	if (depth > MAX_BLOCK_DEPTH)
		return false;
	uint32_t count = gg_node_named_child_count(n);
	for (uint32_t i = 0; i < count; i++) {
		gg_node child = gg_node_named_child(n, i);
		if (IS(child, function_definition) || IS(child, class_definition) || IS(child, lambda))
			continue;
		if (IS(child, return_statement)) {
			gg_node value = gg_node_named_child_count(child) ? gg_node_named_child(child, 0) : gg_node_null();
			if (!test(c, f, value))
				return false;
			++*seen;
			continue;
		}
		if (!returns_all(c, f, child, depth + 1, seen, test))
			return false;
	}
	return true;
}

/* Whether f's body has a return and every one passes test. */
static bool func_returns_all(semantic *c, const func *f, return_test test)
{
	gg_node body = FIELD(f->def, body);
	unsigned seen = 0;
	return !gg_node_is_null(body) && returns_all(c, f, body, 0, &seen, test) && seen > 0;
}

/* A plain class of the file constructed, directly or through a local name. */
static bool return_makes_plain(semantic *c, const func *f, gg_node value)
{
	return constructs_plain(c, value) ||
	       (IS(value, identifier) && local_holds_plain(c, node_span(c, value), f->start, f->end));
}

/* A module class constructed right there (a local name returned is not taken: state may have been loaded into it). */
static bool return_makes_module(semantic *c, const func *f, gg_node value)
{
	(void)f;
	return constructs_module(c, value);
}

/* The one function of the file named name, or NULL (none, or defined twice: which one runs is not known). */
static const func *func_named_once(const semantic *c, span name)
{
	size_t i = sem_func_names_lower(c, name);
	if (i >= c->funcs_len - 1 || !span_eq(c->func_names[i].name, name) ||
	    (i + 1 < c->funcs_len - 1 && span_eq(c->func_names[i + 1].name, name)))
		return NULL;
	return &c->funcs[c->func_names[i].index];
}

/*
 * Whether name is a function of the file whose every return constructs a
 * plain class of the file (def get_codec(): return Codec(...)): what it
 * makes is no module.
 */
bool sem_func_makes_plain(semantic *c, span name)
{
	const func *f = func_named_once(c, name);
	return f && func_returns_all(c, f, return_makes_plain);
}

/*
 * Whether name is a function of the file whose every return constructs a
 * module class right there (def small_net(width): return Net(width)): what
 * it makes is a module, built fresh by each call. A local name returned is
 * not taken: state may have been loaded into it on the way.
 */
bool sem_func_makes_module(semantic *c, span name)
{
	const func *f = func_named_once(c, name);
	return f && func_returns_all(c, f, return_makes_module);
}

/* Whether expr computes a plain Python number: x.size(0) / len(batch), n * 2, float(t.item()). */
static bool expr_is_number(const semantic *c, gg_node e, unsigned depth)
{
	if (gg_node_is_null(e) || depth > MAX_CLASS_DEPTH)
		return false;
	if (IS(e, parenthesized_expression))
		return expr_is_number(c, gg_node_named_child(e, 0), depth + 1);
	if (IS(e, binary_operator))
		return expr_is_number(c, FIELD(e, left), depth + 1) && expr_is_number(c, FIELD(e, right), depth + 1);
	if (IS(e, unary_operator))
		return expr_is_number(c, gg_node_named_child(e, 0), depth + 1);
	const char *type = gg_node_type(e);
	if (!strcmp(type, "integer") || !strcmp(type, "float"))
		return true;
	if (IS(e, subscript)) {
		/* x.shape[0] */
		gg_node v = FIELD(e, value);
		return IS(v, attribute) && span_is(sem_attribute_name(c, v), "shape");
	}
	if (!IS(e, call))
		return false;
	gg_node fn = FIELD(e, function);
	if (IS(fn, identifier)) {
		/* math's functions return floats (from math import log binds log to math.log). */
		const binding *b = sem_binding_find(c, node_span(c, fn));
		if (b)
			return strncmp(b->target, "math.", 5) == 0;
		return text_eq(c, fn, "len") || text_eq(c, fn, "float") || text_eq(c, fn, "int");
	}
	if (!IS(fn, attribute))
		return false;
	gg_node object = FIELD(fn, object);
	if (IS(object, identifier)) {
		const binding *b = sem_binding_find(c, node_span(c, object));
		if (b && strcmp(b->target, "math") == 0)
			return true;
	}
	span m = sem_attribute_name(c, fn);
	return span_is(m, "size") || span_is(m, "numel") || span_is(m, "item") || span_is(m, "dim");
}


/* Whether expr is a dict display of plain numbers ({"loss": loss.item(), "n": x.size(0)}): logging data, no tensor. */
static bool expr_is_number_dict(const semantic *c, gg_node e)
{
	if (gg_node_is_null(e) || strcmp(gg_node_type(e), "dictionary") != 0)
		return false;
	uint32_t count = gg_node_named_child_count(e);
	for (uint32_t i = 0; i < count; i++) {
		gg_node pair = gg_node_named_child(e, i);
		if (strcmp(gg_node_type(pair), "comment") == 0)
			continue;
		if (strcmp(gg_node_type(pair), "pair") != 0 || !expr_is_number(c, FIELD(pair, value), 0))
			return false;
	}
	return true;
}

/* The value of the last assignment `name = ...` in the subtree of n, outside nested definitions, or a null node. */
static gg_node last_value_of(const semantic *c, gg_node n, span name, unsigned depth)
{
	gg_node found = gg_node_null();
	if (depth > MAX_BLOCK_DEPTH)
		return found;
	uint32_t count = gg_node_named_child_count(n);
	for (uint32_t i = 0; i < count; i++) {
		gg_node k = gg_node_named_child(n, i);
		if (IS(k, function_definition) || IS(k, class_definition) || IS(k, lambda))
			continue;
		if (IS(k, assignment) && IS(FIELD(k, left), identifier) && span_eq(node_span(c, FIELD(k, left)), name)) {
			found = FIELD(k, right);
			continue;
		}
		/* a, b = [], []: the item in name's place; unpacked from one value (`h, a = self.rnn(x)`): not known. */
		gg_node v;
		if (IS(k, assignment) && sem_pattern_value(c, FIELD(k, left), FIELD(k, right), name, &v)) {
			found = v;
			continue;
		}
		gg_node inner = last_value_of(c, k, name, depth + 1);
		if (!gg_node_is_null(inner))
			found = inner;
	}
	return found;
}

/* Whether every return under n (nested definitions left out) gives a plain number; *seen counts them. */
static bool returns_number(const semantic *c, gg_node body, gg_node n, unsigned depth, unsigned *seen)
{
	if (depth > MAX_BLOCK_DEPTH)
		return false;
	uint32_t count = gg_node_named_child_count(n);
	for (uint32_t i = 0; i < count; i++) {
		gg_node k = gg_node_named_child(n, i);
		if (IS(k, function_definition) || IS(k, class_definition) || IS(k, lambda))
			continue;
		if (IS(k, yield))
			return false;
		if (!IS(k, return_statement)) {
			if (!returns_number(c, body, k, depth + 1, seen))
				return false;
			continue;
		}
		gg_node v = gg_node_named_child_count(k) ? gg_node_named_child(k, 0) : gg_node_null();
		if (IS(v, identifier))
			v = last_value_of(c, body, node_span(c, v), 0);
		if (!expr_is_number(c, v, 0))
			return false;
		++*seen;
	}
	return true;
}

/* The constructors that make a tensor from data, holding no history whatever they are handed. */
static const char *const data_makers[] = {
	"torch.tensor", "torch.as_tensor", "torch.from_numpy", "torch.LongTensor", "torch.FloatTensor", "torch.IntTensor",
	"torch.BoolTensor", "torch.Tensor", "torch.cuda.LongTensor", "torch.cuda.FloatTensor", NULL,
};

/* A tensor made from data: torch.tensor(ids).long().to(device), the chain's innermost call making it. */
static bool return_makes_data(semantic *c, const func *f, gg_node value)
{
	(void)f;
	gg_node base = IS(value, call) ? sem_call_chain_base(c, value) : gg_node_null();
	return !gg_node_is_null(base) && sem_name_resolve(c, FIELD(base, function)) && sem_name_is_one_of(c, data_makers);
}

bool sem_func_returns_data(semantic *c, const func *f)
{
	return func_returns_all(c, f, return_makes_data);
}

bool sem_func_returns_number(const semantic *c, const func *f)
{
	gg_node body = FIELD(f->def, body);
	unsigned seen = 0;
	return !gg_node_is_null(body) && returns_number(c, body, body, 0, &seen) && seen > 0;
}

/* Whether expr copies a tensor out to the host (x.detach().cpu().numpy(), t.tolist()): no history goes with it. */
static bool expr_is_host_copy(const semantic *c, gg_node e)
{
	gg_node fn = IS(e, call) ? FIELD(e, function) : gg_node_null();
	return IS(fn, attribute) && (span_is(sem_attribute_name(c, fn), "numpy") || span_is(sem_attribute_name(c, fn), "tolist"));
}

/* Whether e is an empty container, None or a string: nothing of a graph. */
static bool plain_literal(const semantic *c, gg_node e)
{
	return ((IS(e, list) || IS(e, tuple) || IS(e, dictionary)) && gg_node_named_child_count(e) == 0) || IS(e, none) ||
	       IS(e, string);
}

/*
 * Whether every binding of name in body gives it a plain literal (`a, b = [],
 * []`, under any branch) and nothing fills it in place (name.append(...),
 * .extend, .insert, .update, name[k] = v, name += v): what it holds is empty
 * whatever path ran.
 */
static bool only_plain_bindings(const semantic *c, gg_node body, span name)
{
	static const char *const fills[] = { "append", "extend", "insert", "update", "add", NULL };
	for (gg_node n = body; !gg_node_is_null(n); n = gg_node_walk_next(body, n, true)) {
		gg_node target = gg_node_null(), fn = IS(n, call) ? FIELD(n, function) : gg_node_null();
		span method = IS(fn, attribute) ? sem_attribute_name(c, fn) : (span){ NULL, 0 };
		if (method.len && sem_word_in(method.ptr, method.len, fills))
			target = FIELD(fn, object);
		else if (IS(n, assignment) && IS(FIELD(n, left), subscript))
			target = FIELD(FIELD(n, left), value);
		else if (IS(n, augmented_assignment))
			target = FIELD(n, left);
		if (IS(target, identifier) && span_eq(node_span(c, target), name))
			return false;
		gg_node left = IS(n, assignment) ? FIELD(n, left) : IS(n, for_statement) ? FIELD(n, left) : gg_node_null();
		if (IS(left, identifier) && span_eq(node_span(c, left), name) && (IS(n, for_statement) || !plain_literal(c, FIELD(n, right))))
			return false;
		/* A tuple target's name: the item in its place, none where one value is unpacked (a for's target: none). */
		gg_node v;
		if (sem_pattern_value(c, left, IS(n, assignment) ? FIELD(n, right) : gg_node_null(), name, &v) && !plain_literal(c, v))
			return false;
	}
	return true;
}

/* The number parts of every return of fn's body (outside nested definitions), ANDed into *mask. */
static void returns_number_parts(const semantic *c, gg_node body, gg_node n, uint32_t *mask, bool *seen, unsigned depth)
{
	if (depth > MAX_BLOCK_DEPTH || !*mask)
		return;
	uint32_t count = gg_node_named_child_count(n);
	for (uint32_t i = 0; i < count && *mask; i++) {
		gg_node k = gg_node_named_child(n, i);
		if (IS(k, function_definition) || IS(k, class_definition) || IS(k, lambda))
			continue;
		if (!IS(k, return_statement)) {
			returns_number_parts(c, body, k, mask, seen, depth + 1);
			continue;
		}
		gg_node v = gg_node_named_child(k, 0);
		if (IS(v, parenthesized_expression))
			v = gg_node_named_child(v, 0);
		uint32_t parts = 0;
		if (IS(v, expression_list) || IS(v, tuple)) {
			uint32_t m = gg_node_named_child_count(v);
			for (uint32_t j = 0; j < m && j < 32; j++) {
				gg_node part = gg_node_named_child(v, j);
				/* A name the body keeps an empty list (`alpha_b = []`, never filled): nothing of a graph. */
				bool kept_empty = false;
				if (IS(part, identifier)) {
					span name = node_span(c, part);
					part = last_value_of(c, body, name, 0);
					kept_empty = plain_literal(c, part) && only_plain_bindings(c, body, name);
				}
				if (kept_empty || expr_is_number(c, part, 0) || expr_is_number_dict(c, part) || expr_is_host_copy(c, part))
					parts |= 1u << j;
			}
		}
		*mask &= parts;
		*seen = true;
	}
}

/*
 * Which parts of the tuple that module class k's forward() returns are plain
 * Python numbers (bit i: part i), in every return: `return out, loss, ratio`
 * with `ratio = x.size(0) / n`. 0 when none is, or k has no forward here.
 */
uint32_t sem_class_forward_numbers(const semantic *c, klass *k)
{
	/* Asked once per assignment of an instance: `self.block1 = Block(...)` and its siblings share the answer. */
	if (k->numbers_known)
		return k->numbers;
	k->numbers_known = true;
	k->numbers = 0;
	gg_node body = FIELD(k->node, body);
	uint32_t count = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body);
	for (uint32_t i = 0; i < count; i++) {
		gg_node def = gg_node_named_child(body, i);
		if (IS(def, decorated_definition))
			def = FIELD(def, definition);
		if (!IS(def, function_definition) || !text_eq(c, FIELD(def, name), "forward"))
			continue;
		gg_node fbody = FIELD(def, body);
		uint32_t mask = UINT32_MAX;
		bool seen = false;
		returns_number_parts(c, fbody, fbody, &mask, &seen, 0);
		k->numbers = seen ? mask : 0;
		break;
	}
	return k->numbers;
}

klass *sem_local_instance_class(semantic *c, uint32_t at, span name)
{
	gg_node made = sem_value_before(c, sem_func_at(c, at), name, at, false);
	gg_node fn = IS(made, call) ? FIELD(made, function) : gg_node_null();
	if (!IS(fn, identifier) || sem_binding_find(c, node_span(c, fn)))
		return NULL;
	return sem_class_find(c, node_span(c, fn));
}

/* Whether target (an assignment's left side: a name, or names unpacked) binds name. */
static bool binds_name_in(semantic *c, gg_node target, span name)
{
	if (IS(target, identifier))
		return span_eq(node_span(c, target), name);
	if (!IS(target, pattern_list) && !IS(target, tuple_pattern) && !IS(target, list_pattern))
		return false;
	for (uint32_t i = 0, n = gg_node_named_child_count(target); i < n; i++)
		if (binds_name_in(c, gg_node_named_child(target, i), name))
			return true;
	return false;
}

/* Whether e is name, or name times or divided by something (`val * n`). */
static bool names_param(semantic *c, gg_node e, span name)
{
	while (IS(e, parenthesized_expression))
		e = gg_node_named_child(e, 0);
	if (IS(e, identifier))
		return span_eq(node_span(c, e), name);
	return IS(e, binary_operator) && (names_param(c, FIELD(e, left), name) || names_param(c, FIELD(e, right), name));
}

/* Whether n, a statement of a method's body, adds name into an attribute of self: `self.sum += name`, `self.xs.append(name)`. */
static bool adds_into_self(semantic *c, gg_node n, span name)
{
	if (IS(n, augmented_assignment)) {
		gg_node left = FIELD(n, left);
		span op = node_span(c, FIELD(n, operator));
		return IS(left, attribute) && span_is(node_span(c, FIELD(left, object)), "self") &&
		       (span_is(op, "+=") || span_is(op, "-=")) && names_param(c, FIELD(n, right), name);
	}
	if (!IS(n, call))
		return false;
	gg_node fn = FIELD(n, function), args = FIELD(n, arguments);
	if (!IS(fn, attribute) || !span_is(sem_attribute_name(c, fn), "append"))
		return false;
	gg_node list = FIELD(fn, object);
	return IS(list, attribute) && span_is(node_span(c, FIELD(list, object)), "self") && IS(args, argument_list) &&
	       gg_node_named_child_count(args) == 1 && names_param(c, gg_node_named_child(args, 0), name);
}

int sem_method_accumulates(semantic *c, int ci, span method)
{
	for (size_t i = 1; i < c->funcs_len; i++) {
		const func *f = &c->funcs[i];
		if (f->cls != ci || !span_eq(f->name, method))
			continue;
		gg_node params = FIELD(f->def, parameters), body = FIELD(f->def, body);
		uint32_t n = gg_node_is_null(params) ? 0 : gg_node_named_child_count(params);
		for (uint32_t k = 1; k < n; k++) {
			gg_node p = sem_parameter_name(c, gg_node_named_child(params, k));
			if (!IS(p, identifier))
				continue;
			span name = node_span(c, p);
			bool adds = false, rebound = false;
			for (gg_node s = body; !gg_node_is_null(s) && !rebound;
			     s = gg_node_walk_next(body, s, !IS(s, function_definition) && !IS(s, lambda))) {
				adds = adds || adds_into_self(c, s, name);
				/* `v = v.data.sum()`: what it adds from then on may not be what it was handed. */
				rebound = IS(s, assignment) && binds_name_in(c, FIELD(s, left), name);
			}
			if (adds && !rebound)
				return (int)k - 1;
		}
		return -1;
	}
	return -1;
}
