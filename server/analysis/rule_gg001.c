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

static TSNode null_node(void)
{
	TSNode none = { { 0, 0, 0, 0 }, NULL, NULL };
	return none;
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
	return null_node();
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

/* ---- imports ---- */

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
	if (!c->bindings_len)
		return NULL;
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
		if (c->bindings_len)
			qsort(c->bindings, c->bindings_len, sizeof *c->bindings, binding_cmp);
		for (size_t i = 0; i < callees_len && !c->error; i++)
			if (backward_callee_confirm(c, callees[i]) && offset_push(c, ts_node_start_byte(callees[i])))
				fail(c, -ENOMEM);
	}
	free(callees);
	if (c->error)
		return c->error;
	/* qsort and bsearch want a non-null base even for no elements. */
	if (c->backward_len)
		qsort(c->backward_at, c->backward_len, sizeof *c->backward_at, u32_cmp);
	if (c->functions_len)
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

/* ---- grad context ---- */

/* true/false literal, positional or as mode=: 1, 0; anything else -1. */
static int literal_mode(const check *c, TSNode args)
{
	if (argument_count(args) != 1)
		return -1;
	TSNode a = argument_at(args, 0);
	if (type_is(a, "keyword_argument")) {
		if (!span_is(node_span(c, field(a, "name")), "mode"))
			return -1;
		a = field(a, "value");
	}
	if (type_is(a, "true"))
		return 1;
	if (type_is(a, "false"))
		return 0;
	return -1;
}

/*
 * What an expression used as a context manager or a decorator does to
 * autograd: `torch.no_grad()`, `th.inference_mode(mode=True)`, `ng`,
 * `torch.set_grad_enabled(training)` ...
 */
static grad_context grad_context_of(check *c, TSNode expr)
{
	if (type_is(expr, "as_pattern"))
		expr = ts_node_named_child(expr, 0);
	if (type_is(expr, "parenthesized_expression") && ts_node_named_child_count(expr) == 1)
		expr = ts_node_named_child(expr, 0);

	if (!type_is(expr, "call")) {
		/* Only decorators name these without calling them. */
		if (!name_resolve(c, expr))
			return GRAD_NONE;
		if (name_is_one_of(c, names_no_grad) || name_is_one_of(c, names_inference_mode))
			return GRAD_OFF;
		if (name_is_one_of(c, names_enable_grad))
			return GRAD_ON;
		return GRAD_NONE;
	}
	TSNode args = field(expr, "arguments");
	if (!name_resolve(c, field(expr, "function")) || !type_is(args, "argument_list"))
		return GRAD_NONE;
	if (name_is_one_of(c, names_no_grad))
		return GRAD_OFF;
	if (name_is_one_of(c, names_enable_grad))
		return GRAD_ON;
	if (name_is_one_of(c, names_inference_mode)) {
		if (argument_count(args) == 0)
			return GRAD_OFF;
		int mode = literal_mode(c, args);
		return mode == 1 ? GRAD_OFF : mode == 0 ? GRAD_NONE : GRAD_CONTROLLED;
	}
	if (name_is_one_of(c, names_set_grad_enabled)) {
		int mode = literal_mode(c, args);
		return mode == 0 ? GRAD_OFF : mode == 1 ? GRAD_ON : GRAD_CONTROLLED;
	}
	return GRAD_NONE;
}

/* Whether any item of a with clause (plain, multi-item or parenthesized) disables or controls grad. */
static bool with_disables_grad(check *c, TSNode with_clause)
{
	uint32_t count = ts_node_named_child_count(with_clause);
	for (uint32_t i = 0; i < count; i++) {
		TSNode item = ts_node_named_child(with_clause, i);
		if (!type_is(item, "with_item"))
			continue;
		grad_context g = grad_context_of(c, field(item, "value"));
		if (g == GRAD_OFF || g == GRAD_CONTROLLED)
			return true;
	}
	return false;
}

/* ---- evaluation context ---- */

typedef enum mode_change {
	MODE_NONE,
	MODE_EVAL,  /* X.eval(), X.train(False) */
	MODE_TRAIN, /* X.train(), X.train(True), X.train(flag) */
} mode_change;

/* For a call `X.eval()` / `X.train(...)`: the change, and X in *object. */
static mode_change mode_call(const check *c, TSNode call, TSNode *object)
{
	TSNode fn = field(call, "function"), args = field(call, "arguments");
	if (!type_is(fn, "attribute") || !type_is(args, "argument_list"))
		return MODE_NONE;
	*object = field(fn, "object");
	span method = node_span(c, field(fn, "attribute"));
	if (span_is(method, "eval"))
		return argument_count(args) == 0 ? MODE_EVAL : MODE_NONE;
	if (span_is(method, "train")) {
		if (argument_count(args) == 0)
			return MODE_TRAIN;
		return literal_mode(c, args) == 0 ? MODE_EVAL : MODE_TRAIN;
	}
	return MODE_NONE;
}

/*
 * The evaluation-mode change a statement makes, the receiver (a name chain, in *target)
 * it applies to and the call that makes it:
 *   model.eval()   model.eval().to(device)   model.train(False)   model.train()
 *   model = build(...).eval()   self.net = torch.load(p).eval()
 */
static mode_change eval_receiver_of(const check *c, TSNode stmt, TSNode *target, TSNode *call)
{
	if (!type_is(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1)
		return MODE_NONE;
	TSNode e = ts_node_named_child(stmt, 0);
	bool assigned = false;
	if (type_is(e, "assignment")) {
		*target = field(e, "left");
		if (!is_name_chain(*target))
			return MODE_NONE;
		assigned = true;
		e = field(e, "right");
	}
	/* Down a method chain a.eval().to(d).half(): the .eval() may be any link. */
	for (unsigned links = 0; type_is(e, "call") && links < MAX_NAME_SEGMENTS; links++) {
		TSNode object;
		mode_change m = mode_call(c, e, &object);
		if (m != MODE_NONE) {
			if (!assigned) {
				if (!is_name_chain(object))
					return MODE_NONE;
				*target = object;
			}
			*call = e;
			return m;
		}
		TSNode fn = field(e, "function");
		if (!type_is(fn, "attribute"))
			break;
		e = field(fn, "object");
	}
	return MODE_NONE;
}

static int evals_reserve(check *c, size_t need)
{
	if (need <= c->evals_cap)
		return 0;
	size_t cap = c->evals_cap ? c->evals_cap : 16;
	while (cap < need)
		cap *= 2;
	receiver *p = realloc(c->evals, cap * sizeof *p);
	if (!p)
		return -ENOMEM;
	c->evals = p;
	c->evals_cap = cap;
	return 0;
}

static receiver *receiver_find(const check *c, const ctx *x, span text)
{
	for (size_t i = x->lo; i < x->hi; i++)
		if (span_eq(c->evals[i].text, text))
			return &c->evals[i];
	return NULL;
}

/* Makes the view this block's own, so that it may be edited. */
static int view_own(check *c, ctx *x)
{
	if (x->lo >= x->base)
		return 0;
	size_t n = x->hi - x->lo;
	if (evals_reserve(c, x->hi + n + 1))
		return -ENOMEM;
	memcpy(c->evals + x->hi, c->evals + x->lo, n * sizeof *c->evals);
	x->lo = x->hi;
	x->hi += n;
	x->base = x->lo;
	return 0;
}

static void eval_region_apply(check *c, ctx *x, mode_change m, TSNode receiver_node, TSNode call)
{
	span text = node_span(c, receiver_node);
	receiver *found = receiver_find(c, x, text);
	if (m == MODE_EVAL && found && found >= c->evals + x->base) {
		found->eval_call = call;
		return;
	}
	if ((m == MODE_EVAL && found) || (m == MODE_TRAIN && !found))
		return;
	if (view_own(c, x)) {
		fail(c, -ENOMEM);
		return;
	}
	if (m == MODE_EVAL) {
		if (x->hi - x->lo >= MAX_RECEIVERS)
			return;
		if (evals_reserve(c, x->hi + 1)) {
			fail(c, -ENOMEM);
			return;
		}
		c->evals[x->hi++] = (receiver){ text, call };
		return;
	}
	found = receiver_find(c, x, text);
	size_t i = (size_t)(found - c->evals);
	memmove(found, found + 1, (x->hi - i - 1) * sizeof *found);
	x->hi--;
}

/* ---- model forward ---- */

/* The eval-mode receiver a call runs: model(x), model.forward(x), self.model(x). */
static const receiver *forward_receiver(const check *c, const ctx *x, TSNode call)
{
	TSNode fn = field(call, "function");
	if (ts_node_is_null(fn))
		return NULL;
	const receiver *r = receiver_find(c, x, node_span(c, fn));
	if (r)
		return r;
	if (type_is(fn, "attribute") && span_is(node_span(c, field(fn, "attribute")), "forward"))
		return receiver_find(c, x, node_span(c, field(fn, "object")));
	return NULL;
}

/* ---- findings ---- */

/* A short quotation of a node for messages: its text, or fallback + suffix when long. */
static span quote_of(const check *c, TSNode n)
{
	span s = node_span(c, n);
	if (s.len > MAX_QUOTED_CALL || memchr(s.ptr, '\n', s.len) || memchr(s.ptr, '\r', s.len))
		s.len = 0;
	return s;
}

static void report(check *c, const ctx *x, TSNode call, const receiver *r)
{
	if (scope_has_backward(c, x->scope))
		return;
	span fwd = quote_of(c, call);
	span callee = quote_of(c, field(call, "function"));
	span eval = quote_of(c, r->eval_call);
	span recv = r->text.len <= MAX_QUOTED_CALL ? r->text : (span){ "model", 5 };
	span t = c->torch;
	const scope *s = x->scope;

	char *fwd_text = fwd.len ? gg_strdup_printf("%.*s", (int)fwd.len, fwd.ptr)
				 : gg_strdup_printf("%.*s(...)", (int)callee.len, callee.ptr);
	char *eval_text = eval.len ? gg_strdup_printf("%.*s", (int)eval.len, eval.ptr)
				   : gg_strdup_printf("%.*s.eval()", (int)recv.len, recv.ptr);
	char *where = s->is_module ? gg_strdup_printf("at module level")
				   : gg_strdup_printf("in %.*s()", (int)s->name.len, s->name.ptr);
	char *fix;
	if (x->in_loop)
		fix = gg_strdup_printf("wrap the loop in %.*s.no_grad()", (int)t.len, t.ptr);
	else if (s->is_module)
		fix = gg_strdup_printf("wrap the call in %.*s.no_grad()", (int)t.len, t.ptr);
	else
		fix = gg_strdup_printf("wrap the call in %.*s.no_grad() or decorate %.*s() with @%.*s.no_grad()",
				       (int)t.len, t.ptr, (int)s->name.len, s->name.ptr, (int)t.len, t.ptr);
	char *message = NULL, *related = NULL;
	if (fwd_text && eval_text && where && fix) {
		message = gg_strdup_printf("%s runs with autograd on after %s %s: %s does not disable gradients; %s",
					   fwd_text, eval_text, where, eval_text, fix);
		related = gg_strdup_printf("%s called here", eval_text);
	}
	free(fwd_text);
	free(eval_text);
	free(where);
	free(fix);
	if (!message || !related) {
		free(message);
		free(related);
		fail(c, -ENOMEM);
		return;
	}
	gg_byte_range at = { ts_node_start_byte(call), ts_node_end_byte(call) };
	gg_finding *f = gg_findings_push(c->out, rule_code, GG_SEVERITY_WARNING, at, message);
	if (!f) {
		free(related);
		fail(c, -ENOMEM);
		return;
	}
	gg_byte_range eval_at = { ts_node_start_byte(r->eval_call), ts_node_end_byte(r->eval_call) };
	if (gg_finding_add_related(f, eval_at, related))
		fail(c, -ENOMEM);
}

/* ---- the walk ---- */

/* Reports the forwards of eval-mode receivers in an expression or simple statement. */
static void scan_forwards(check *c, const ctx *x, TSNode node)
{
	if (x->grad_off || x->exempt || x->lo == x->hi || ts_node_has_error(node))
		return;
	TSTreeCursor *cur = &c->cursor;
	ts_tree_cursor_reset(cur, node);
	unsigned depth = 0;
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(cur);
		if (type_is(n, "call")) {
			const receiver *r = forward_receiver(c, x, n);
			if (r)
				report(c, x, n, r);
		}
		if (c->error)
			return;
		if (ts_tree_cursor_goto_first_child(cur)) {
			depth++;
			continue;
		}
		for (;;) {
			if (depth == 0)
				return;
			if (ts_tree_cursor_goto_next_sibling(cur))
				break;
			ts_tree_cursor_goto_parent(cur);
			depth--;
		}
	}
}

/* A bare `torch.set_grad_enabled(...)` statement: what it leaves autograd as. */
static grad_context bare_grad_statement(check *c, TSNode stmt)
{
	if (!type_is(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1)
		return GRAD_NONE;
	TSNode call = ts_node_named_child(stmt, 0);
	if (!type_is(call, "call") || !name_resolve(c, field(call, "function")) ||
	    !name_is_one_of(c, names_set_grad_enabled))
		return GRAD_NONE;
	return grad_context_of(c, call);
}

static void walk_block(check *c, ctx x, TSNode block);

static ctx ctx_nested(const ctx *x)
{
	ctx sub = *x;
	sub.base = sub.hi;
	sub.depth++;
	return sub;
}

static void walk_simple(check *c, ctx *x, TSNode stmt)
{
	scan_forwards(c, x, stmt);

	TSNode receiver_node, call;
	mode_change m = eval_receiver_of(c, stmt, &receiver_node, &call);
	if (m != MODE_NONE)
		eval_region_apply(c, x, m, receiver_node, call);

	grad_context g = bare_grad_statement(c, stmt);
	if (g == GRAD_OFF || g == GRAD_CONTROLLED)
		x->grad_off = true;
	else if (g == GRAD_ON)
		x->grad_off = false;
}

/* if/for/while/try/match and their clauses: expressions in the header, blocks below. */
static void walk_compound(check *c, const ctx *x, TSNode node)
{
	bool loop = type_is(node, "for_statement") || type_is(node, "while_statement");
	uint32_t count = ts_node_named_child_count(node);
	for (uint32_t i = 0; i < count && !c->error; i++) {
		TSNode ch = ts_node_named_child(node, i);
		const char *type = ts_node_type(ch);
		ctx sub = ctx_nested(x);
		if (!strcmp(type, "block")) {
			sub.in_loop = sub.in_loop || loop;
			walk_block(c, sub, ch);
		} else if (strstr(type, "_clause") && strcmp(type, "if_clause") != 0) {
			if (sub.depth <= MAX_BLOCK_DEPTH)
				walk_compound(c, &sub, ch);
		} else if (strcmp(type, "comment") != 0) {
			scan_forwards(c, x, ch);
		}
	}
}

static void walk_with(check *c, const ctx *x, TSNode node)
{
	ctx sub = ctx_nested(x);
	uint32_t count = ts_node_named_child_count(node);
	for (uint32_t i = 0; i < count; i++) {
		TSNode ch = ts_node_named_child(node, i);
		if (!type_is(ch, "with_clause"))
			continue;
		scan_forwards(c, x, ch);
		/* A clause we cannot read might be the no_grad being typed. */
		if (ts_node_has_error(ch) || with_disables_grad(c, ch))
			sub.grad_off = true;
	}
	walk_block(c, sub, field(node, "body"));
}

static bool is_testcase_class(const check *c, TSNode class_def)
{
	TSNode bases = field(class_def, "superclasses");
	uint32_t count = ts_node_is_null(bases) ? 0 : ts_node_named_child_count(bases);
	for (uint32_t i = 0; i < count; i++) {
		TSNode b = ts_node_named_child(bases, i);
		if (is_name_chain(b) && span_ends(node_span(c, b), "TestCase"))
			return true;
	}
	return false;
}

static void walk_class(check *c, const ctx *x, TSNode node)
{
	ctx sub = ctx_nested(x);
	sub.testcase_class = is_testcase_class(c, node);
	walk_block(c, sub, field(node, "body"));
}

/* decorated is the decorated_definition around def, or a null node. */
static void walk_function(check *c, const ctx *x, TSNode def, TSNode decorated)
{
	scope s = { false, def, node_span(c, field(def, "name")), -1 };
	ctx sub = ctx_nested(x);
	sub.scope = &s;
	/* A function body runs where it is called, not where it is defined. */
	sub.grad_off = false;
	sub.in_loop = false;
	sub.testcase_class = false;
	sub.exempt = x->exempt || x->testcase_class || (c->pytest_module && span_starts(s.name, "test_"));
	sub.lo = sub.hi;

	uint32_t count = ts_node_is_null(decorated) ? 0 : ts_node_named_child_count(decorated);
	for (uint32_t i = 0; i < count; i++) {
		TSNode d = ts_node_named_child(decorated, i);
		if (!type_is(d, "decorator"))
			continue;
		if (ts_node_has_error(d)) {
			sub.grad_off = true;
			continue;
		}
		grad_context g = grad_context_of(c, ts_node_named_child(d, 0));
		if (g == GRAD_OFF || g == GRAD_CONTROLLED)
			sub.grad_off = true;
	}
	walk_block(c, sub, field(def, "body"));
}

static void walk_statement(check *c, ctx *x, TSNode stmt)
{
	const char *type = ts_node_type(stmt);
	if (!strcmp(type, "function_definition")) {
		walk_function(c, x, stmt, null_node());
	} else if (!strcmp(type, "decorated_definition")) {
		TSNode def = field(stmt, "definition");
		if (type_is(def, "function_definition"))
			walk_function(c, x, def, stmt);
		else if (type_is(def, "class_definition"))
			walk_class(c, x, def);
	} else if (!strcmp(type, "class_definition")) {
		walk_class(c, x, stmt);
	} else if (!strcmp(type, "with_statement")) {
		walk_with(c, x, stmt);
	} else if (ts_node_child_count(stmt) && (field(stmt, "body").id || field(stmt, "consequence").id)) {
		walk_compound(c, x, stmt);
	} else if (!ts_node_has_error(stmt)) {
		walk_simple(c, x, stmt);
	}
}

/*
 * The statements of a block (or the module) in order. A statement the parser
 * could not read ends the findings for the rest of the block: it may be the
 * context manager or the .train() being typed.
 */
static void walk_block(check *c, ctx x, TSNode block)
{
	if (ts_node_is_null(block) || x.depth > MAX_BLOCK_DEPTH)
		return;
	uint32_t count = ts_node_named_child_count(block);
	for (uint32_t i = 0; i < count && !c->error; i++) {
		TSNode stmt = ts_node_named_child(block, i);
		if (type_is(stmt, "comment"))
			continue;
		if (type_is(stmt, "ERROR")) {
			x.grad_off = true;
			continue;
		}
		walk_statement(c, &x, stmt);
		if (ts_node_has_error(stmt))
			x.grad_off = true;
	}
}

/* ---- the rule ---- */

static bool path_is_pytest_module(const char *path)
{
	if (!path)
		return false;
	const char *base = path;
	for (const char *p = path; *p; p++) {
		if (*p != '/' && *p != '\\')
			continue;
		/* A directory named tests anywhere in the path. */
		if (p - base == 5 && memcmp(base, "tests", 5) == 0)
			return true;
		base = p + 1;
	}
	span b = { base, strlen(base) };
	return (span_starts(b, "test_") && span_ends(b, ".py")) || span_ends(b, "_test.py") ||
	       span_is(b, "conftest.py");
}

gg_rule_gg001 *gg_rule_gg001_new(char **error)
{
	if (error)
		*error = NULL;
	gg_rule_gg001 *r = calloc(1, sizeof *r);
	if (!r) {
		if (error)
			*error = gg_strdup_printf("out of memory");
		return NULL;
	}
	r->query = gg_query_new(gg_python_language(), "gg001.scm", gg_query_gg001, gg_query_gg001_len, error);
	r->cursor = ts_query_cursor_new();
	if (!r->query || !r->cursor) {
		if (r->query && error)
			*error = gg_strdup_printf("out of memory");
		gg_rule_gg001_delete(r);
		return NULL;
	}
	r->cap_import_root = gg_query_capture_id(r->query, "import.root");
	r->cap_import_module = gg_query_capture_id(r->query, "import.module");
	r->cap_import_alias = gg_query_capture_id(r->query, "import.alias");
	r->cap_from_module = gg_query_capture_id(r->query, "from.module");
	r->cap_from_name = gg_query_capture_id(r->query, "from.name");
	r->cap_from_alias = gg_query_capture_id(r->query, "from.alias");
	r->cap_backward = gg_query_capture_id(r->query, "backward");
	r->cap_grad_callee = gg_query_capture_id(r->query, "grad.callee");
	r->cap_function = gg_query_capture_id(r->query, "function");
	return r;
}

void gg_rule_gg001_delete(gg_rule_gg001 *r)
{
	if (!r)
		return;
	gg_query_delete(r->query);
	if (r->cursor)
		ts_query_cursor_delete(r->cursor);
	free(r);
}

int gg_rule_gg001_check(gg_rule_gg001 *r, const gg_source *src, TSNode root, gg_findings *out)
{
	check c;
	memset(&c, 0, sizeof c);
	c.rule = r;
	c.text = src->text;
	c.len = src->len;
	c.pytest_module = path_is_pytest_module(src->path);
	c.out = out;

	int rc = facts_collect(&c, root);
	if (!rc && c.framework_imported) {
		scope module = { true, root, { "<module>", 8 }, -1 };
		ctx x;
		memset(&x, 0, sizeof x);
		x.scope = &module;
		c.torch = torch_spelling(&c);
		c.cursor = ts_tree_cursor_new(root);
		walk_block(&c, x, root);
		ts_tree_cursor_delete(&c.cursor);
		rc = c.error;
	}
	for (size_t i = 0; i < c.bindings_len; i++)
		free(c.bindings[i].target);
	free(c.bindings);
	free(c.backward_at);
	free(c.functions);
	free(c.evals);
	free(c.name.ptr);
	return rc;
}
