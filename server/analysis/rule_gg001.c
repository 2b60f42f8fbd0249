/*
 * GG001 eval-forward-with-grad: a model forward in evaluation code that runs
 * with autograd on.
 *
 * One query pass (queries/gg001.scm) gathers the file's facts: framework
 * imports and torch bindings, backward evidence, function ranges. Then a walk
 * over the statements, in order, tracks three things the rule is made of:
 *   evaluation context  which receivers had .eval() called earlier in this
 *                       block or an enclosing one (eval_receiver_of);
 *   grad context        whether an enclosing with, decorator or earlier
 *                       set_grad_enabled turns autograd off (grad_context_of);
 *   model forward       which calls run such a receiver (forward_receiver).
 * Each is its own function so that it can grow into the full rule of SPEC §2
 * without the walk changing shape.
 *
 * Work is linear in the tree: each statement is visited once, each expression
 * scanned once, and fact lookups are binary searches.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "query.h"
#include "rules.h"

extern const char gg_query_gg001[];
extern const unsigned gg_query_gg001_len;

static const char rule_code[] = "GG001";

/* Deeper statement nesting than CPython accepts is not analysed. */
#define MAX_BLOCK_DEPTH 200
/* Longest attribute chain read as a dotted name (a.b.c...). */
#define MAX_NAME_SEGMENTS 32
/* Receivers tracked at once in one evaluation region. */
#define MAX_RECEIVERS 32
/* Calls longer than this are named by their callee in messages. */
#define MAX_QUOTED_CALL 60

struct gg_rule_gg001 {
	gg_query *query;        /* owned */
	TSQueryCursor *cursor;  /* owned */
	uint32_t cap_import_root, cap_import_module, cap_import_alias;
	uint32_t cap_from_module, cap_from_name, cap_from_alias;
	uint32_t cap_backward, cap_grad_callee, cap_function;
};

typedef struct span {
	const char *ptr;
	size_t len;
} span;

typedef struct strbuf {
	char *ptr; /* owned; NUL-terminated when len > 0 */
	size_t len, cap;
} strbuf;

/* A local name bound to a torch object: `th` -> "torch", `ng` -> "torch.no_grad". */
typedef struct binding {
	span local;
	char *target; /* owned */
} binding;

typedef struct range {
	uint32_t start, end;
} range;

/* A receiver of .eval(): its text and the call that put it in eval mode. */
typedef struct receiver {
	span text;
	TSNode eval_call;
} receiver;

typedef struct scope {
	bool is_module;
	TSNode def;      /* function_definition unless is_module */
	span name;
	int backward;    /* -1 until computed */
} scope;

/* Everything one check needs; lives for one gg_rule_gg001_check. */
typedef struct check {
	gg_rule_gg001 *rule;
	const char *text;
	size_t len;
	bool pytest_module;
	bool framework_imported;
	binding *bindings; /* owned; sorted by local name */
	size_t bindings_len, bindings_cap;
	uint32_t *backward_at; /* owned; start bytes, sorted */
	size_t backward_len, backward_cap;
	range *functions; /* owned; function_definition ranges */
	size_t functions_len, functions_cap;
	int module_backward; /* -1 until computed */
	receiver *evals; /* owned; the stack that block views index */
	size_t evals_cap;
	strbuf name; /* scratch for resolved names */
	span torch; /* how this file spells torch, for fixes in messages */
	TSTreeCursor cursor;
	gg_findings *out;
	int error; /* first negative errno met; the walk stops */
} check;

/*
 * What holds for the statements of one block. Copied into nested blocks, so a
 * nested block's changes end with it. The receivers in force are
 * evals[lo..hi); entries at or above base belong to this block and may be
 * edited in place, those below are the enclosing block's and are copied
 * before an edit.
 */
typedef struct ctx {
	scope *scope;
	bool grad_off;     /* autograd off, controlled on purpose, or unknown */
	bool exempt;       /* unit-test code */
	bool in_loop;
	bool testcase_class; /* directly in the body of a unittest.TestCase subclass */
	size_t lo, hi, base;
	unsigned depth;
} ctx;

typedef enum grad_context {
	GRAD_NONE,       /* not a grad-mode object */
	GRAD_OFF,        /* no_grad, inference_mode, set_grad_enabled(False) */
	GRAD_ON,         /* enable_grad, set_grad_enabled(True) */
	GRAD_CONTROLLED, /* set_grad_enabled(expr): decided at run time, on purpose */
} grad_context;

/* ---- small helpers ---- */

static span node_span(const check *c, TSNode n)
{
	uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
	span out = { c->text, 0 };
	if (s <= e && e <= c->len) {
		out.ptr = c->text + s;
		out.len = e - s;
	}
	return out;
}

static bool span_eq(span a, span b)
{
	return a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0;
}

static bool span_is(span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.len == n && memcmp(a.ptr, lit, n) == 0;
}

static bool span_starts(span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.len >= n && memcmp(a.ptr, lit, n) == 0;
}

static bool span_ends(span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.len >= n && memcmp(a.ptr + a.len - n, lit, n) == 0;
}

static bool type_is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && strcmp(ts_node_type(n), type) == 0;
}

static TSNode field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

static void fail(check *c, int err)
{
	if (!c->error)
		c->error = err;
}

static int strbuf_append(strbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *p = realloc(b->ptr, cap);
		if (!p)
			return -ENOMEM;
		b->ptr = p;
		b->cap = cap;
	}
	memcpy(b->ptr + b->len, s, n);
	b->len += n;
	b->ptr[b->len] = '\0';
	return 0;
}

/* Grows *items (of size elem) to hold one more than len. */
static int grow(void **items, size_t *cap, size_t len, size_t elem)
{
	if (len < *cap)
		return 0;
	size_t n = *cap ? *cap * 2 : 16;
	void *p = realloc(*items, n * elem);
	if (!p)
		return -ENOMEM;
	*items = p;
	*cap = n;
	return 0;
}

/* The named children that are not comments: argument lists carry comments too. */
static uint32_t argument_count(TSNode args)
{
	uint32_t n = 0, count = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < count; i++)
		if (!type_is(ts_node_named_child(args, i), "comment"))
			n++;
	return n;
}

static TSNode argument_at(TSNode args, uint32_t index)
{
	uint32_t count = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < count; i++) {
		TSNode a = ts_node_named_child(args, i);
		if (type_is(a, "comment"))
			continue;
		if (index-- == 0)
			return a;
	}
	TSNode none = { { 0, 0, 0, 0 }, NULL, NULL };
	return none;
}

/* An identifier or an attribute chain of identifiers: model, self.model, self.net.encoder. */
static bool is_name_chain(TSNode n)
{
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS; i++) {
		if (type_is(n, "identifier"))
			return true;
		if (!type_is(n, "attribute"))
			return false;
		n = field(n, "object");
	}
	return false;
}

/* ---- facts from the query ---- */

static int binding_cmp(const void *pa, const void *pb)
{
	const binding *a = pa, *b = pb;
	size_t n = a->local.len < b->local.len ? a->local.len : b->local.len;
	int r = memcmp(a->local.ptr, b->local.ptr, n);
	if (r)
		return r;
	return a->local.len < b->local.len ? -1 : a->local.len > b->local.len;
}

static int u32_cmp(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	return a < b ? -1 : a > b;
}

static int range_cmp(const void *pa, const void *pb)
{
	const range *a = pa, *b = pb;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->end > b->end ? -1 : a->end < b->end;
}

/* Appends the identifiers of a dotted_name joined by dots. */
static int dotted_append(check *c, strbuf *b, TSNode dotted)
{
	uint32_t count = ts_node_named_child_count(dotted);
	for (uint32_t i = 0, seg = 0; i < count; i++) {
		TSNode id = ts_node_named_child(dotted, i);
		if (!type_is(id, "identifier"))
			continue;
		span s = node_span(c, id);
		if ((seg++ && strbuf_append(b, ".", 1)) || strbuf_append(b, s.ptr, s.len))
			return -ENOMEM;
	}
	return 0;
}

static int binding_add(check *c, span local, strbuf *target)
{
	if (grow((void **)&c->bindings, &c->bindings_cap, c->bindings_len, sizeof *c->bindings))
		return -ENOMEM;
	/* The binding takes the buffer. */
	c->bindings[c->bindings_len].local = local;
	c->bindings[c->bindings_len].target = target->ptr;
	c->bindings_len++;
	target->ptr = NULL;
	target->len = target->cap = 0;
	return 0;
}

/* Records what an import match binds, when it binds a torch name. */
static int import_record(check *c, const TSQueryMatch *m)
{
	gg_rule_gg001 *r = c->rule;
	TSNode root, module, alias, name;
	if (!gg_query_match_node(m, r->cap_import_root, &root))
		return 0;
	c->framework_imported = true;
	if (!span_is(node_span(c, root), "torch"))
		return 0;

	strbuf target = { NULL, 0, 0 };
	int rc = 0;
	span local;
	if (gg_query_match_node(m, r->cap_import_module, &module)) {
		if (gg_query_match_node(m, r->cap_import_alias, &alias)) {
			/* import torch.autograd as ag */
			rc = dotted_append(c, &target, module);
			local = node_span(c, alias);
		} else {
			/* import torch.autograd binds torch */
			rc = strbuf_append(&target, "torch", 5);
			local = node_span(c, root);
		}
	} else if (gg_query_match_node(m, r->cap_from_module, &module) &&
		   gg_query_match_node(m, r->cap_from_name, &name)) {
		/* from torch.autograd import grad [as g] */
		rc = dotted_append(c, &target, module);
		if (!rc)
			rc = strbuf_append(&target, ".", 1);
		if (!rc)
			rc = dotted_append(c, &target, name);
		if (gg_query_match_node(m, r->cap_from_alias, &alias)) {
			local = node_span(c, alias);
		} else {
			uint32_t n = ts_node_named_child_count(name);
			local = node_span(c, n ? ts_node_named_child(name, n - 1) : name);
		}
	} else {
		return 0; /* from torch import * */
	}
	if (!rc && target.len)
		rc = binding_add(c, local, &target);
	free(target.ptr);
	return rc;
}


/* ---- names ---- */

static const binding *binding_find(const check *c, span local)
{
	binding key = { local, NULL };
	return bsearch(&key, c->bindings, c->bindings_len, sizeof *c->bindings, binding_cmp);
}

/*
 * Resolves a name chain through the file's torch bindings into c->name:
 * `th.no_grad` -> "torch.no_grad", `ng` -> "torch.no_grad". A root that no
 * torch import binds stays as written. Returns false for anything else.
 */
static bool name_resolve(check *c, TSNode n)
{
	TSNode attrs[MAX_NAME_SEGMENTS];
	unsigned count = 0;
	while (type_is(n, "attribute")) {
		if (count == MAX_NAME_SEGMENTS)
			return false;
		attrs[count++] = field(n, "attribute");
		n = field(n, "object");
	}
	if (!type_is(n, "identifier"))
		return false;
	c->name.len = 0;
	span root = node_span(c, n);
	const binding *b = binding_find(c, root);
	int rc = b ? strbuf_append(&c->name, b->target, strlen(b->target)) : strbuf_append(&c->name, root.ptr, root.len);
	while (!rc && count > 0) {
		span a = node_span(c, attrs[--count]);
		rc = strbuf_append(&c->name, ".", 1);
		if (!rc)
			rc = strbuf_append(&c->name, a.ptr, a.len);
	}
	if (rc) {
		fail(c, rc);
		return false;
	}
	return true;
}

static bool name_is_one_of(const check *c, const char *const *names)
{
	for (; *names; names++)
		if (c->name.len == strlen(*names) && memcmp(c->name.ptr, *names, c->name.len) == 0)
			return true;
	return false;
}

static const char *const names_no_grad[] = {
	"torch.no_grad", "torch.autograd.no_grad", "torch.autograd.grad_mode.no_grad", NULL,
};
static const char *const names_inference_mode[] = {
	"torch.inference_mode", "torch.autograd.inference_mode", "torch.autograd.grad_mode.inference_mode", NULL,
};
static const char *const names_set_grad_enabled[] = {
	"torch.set_grad_enabled", "torch.autograd.set_grad_enabled", "torch.autograd.grad_mode.set_grad_enabled", NULL,
};
static const char *const names_enable_grad[] = {
	"torch.enable_grad", "torch.autograd.enable_grad", "torch.autograd.grad_mode.enable_grad", NULL,
};
static const char *const names_autograd_grad[] = {
	"torch.autograd.grad", NULL,
};

/* ---- facts from the query ---- */

/* grad.callee captures count as backward evidence once their names resolve. */
static bool backward_callee_confirm(check *c, TSNode callee)
{
	return name_resolve(c, callee) &&
	       (name_is_one_of(c, names_autograd_grad) || name_is_one_of(c, names_enable_grad));
}

static int offset_push(check *c, uint32_t at)
{
	if (grow((void **)&c->backward_at, &c->backward_cap, c->backward_len, sizeof *c->backward_at))
		return -ENOMEM;
	c->backward_at[c->backward_len++] = at;
	return 0;
}

static int facts_collect(check *c, TSNode root)
{
	gg_rule_gg001 *r = c->rule;
	TSQueryMatch m;
	TSNode n;
	/* Callees wait for every binding: an import may follow its use in the text. */
	TSNode *callees = NULL; /* owned */
	size_t callees_len = 0, callees_cap = 0;

	gg_query_exec(r->query, r->cursor, root);
	while (!c->error && gg_query_next_match(r->query, r->cursor, c->text, c->len, &m)) {
		int rc = 0;
		if (gg_query_match_node(&m, r->cap_import_root, &n)) {
			rc = import_record(c, &m);
		} else if (gg_query_match_node(&m, r->cap_backward, &n)) {
			rc = offset_push(c, ts_node_start_byte(n));
		} else if (gg_query_match_node(&m, r->cap_grad_callee, &n)) {
			rc = grow((void **)&callees, &callees_cap, callees_len, sizeof *callees);
			if (!rc)
				callees[callees_len++] = n;
		} else if (gg_query_match_node(&m, r->cap_function, &n)) {
			rc = grow((void **)&c->functions, &c->functions_cap, c->functions_len, sizeof *c->functions);
			if (!rc)
				c->functions[c->functions_len++] = (range){ ts_node_start_byte(n), ts_node_end_byte(n) };
		}
		if (rc)
			fail(c, rc);
	}
	if (!c->error) {
		qsort(c->bindings, c->bindings_len, sizeof *c->bindings, binding_cmp);
		for (size_t i = 0; i < callees_len && !c->error; i++)
			if (backward_callee_confirm(c, callees[i]) && offset_push(c, ts_node_start_byte(callees[i])))
				fail(c, -ENOMEM);
	}
	free(callees);
	if (c->error)
		return c->error;
	qsort(c->backward_at, c->backward_len, sizeof *c->backward_at, u32_cmp);
	qsort(c->functions, c->functions_len, sizeof *c->functions, range_cmp);
	return 0;
}

/* How the file spells torch in a fix: `th` after `import torch as th`. */
static span torch_spelling(const check *c)
{
	span best = { "torch", 5 };
	for (size_t i = 0; i < c->bindings_len; i++) {
		if (strcmp(c->bindings[i].target, "torch") != 0)
			continue;
		if (span_is(c->bindings[i].local, "torch"))
			return c->bindings[i].local;
		best = c->bindings[i].local;
	}
	return best;
}

/* First backward offset at or after start, or backward_len. */
static size_t backward_lower_bound(const check *c, uint32_t start)
{
	size_t lo = 0, hi = c->backward_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->backward_at[mid] < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Whether the code path of the scope computes gradients. A function counts
 * its nested functions (a closure passed to optimizer.step); the module
 * counts what lies outside every function.
 */
static bool scope_has_backward(check *c, scope *s)
{
	if (s->backward >= 0)
		return s->backward;
	if (!s->is_module) {
		uint32_t start = ts_node_start_byte(s->def), end = ts_node_end_byte(s->def);
		size_t i = backward_lower_bound(c, start);
		s->backward = i < c->backward_len && c->backward_at[i] < end;
		return s->backward;
	}
	/* Both lists are sorted: merge, skipping functions nested in the last outermost one. */
	size_t f = 0;
	uint32_t covered_end = 0;
	s->backward = 0;
	for (size_t i = 0; i < c->backward_len; i++) {
		uint32_t at = c->backward_at[i];
		while (f < c->functions_len && c->functions[f].start <= at) {
			if (c->functions[f].end > covered_end)
				covered_end = c->functions[f].end;
			f++;
		}
		if (at >= covered_end) {
			s->backward = 1;
			break;
		}
	}
	return s->backward;
}
