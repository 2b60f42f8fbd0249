/*
 * GG002 graph-accumulation: a tensor that carries autograd history is
 * accumulated across loop iterations (`total += loss`, `total = total + loss`,
 * `losses.append(loss)`), so every iteration's graph stays alive.
 *
 * One walk over the statements, in order, per function:
 *   history      which names hold a value computed by a model forward or a
 *                loss in this function (names_bind, history_of);
 *   accumulation a `+=`, `A = A + v` or `A.append(v)` in a loop, with grad on,
 *                into an accumulator that outlives the iteration, of a value
 *                whose history was made in that loop (candidate_consider);
 *   intent       an accumulator that flows into backward() or, outside
 *                evaluation code, out of the function (a loss summed on
 *                purpose, outputs gathered for a loss) is not reported
 *                (function_finish).
 * A function whose every call site in the file runs under no_grad is not
 * reported either (file_finish).
 *
 * Precision comes first: a value of unknown origin, or one that went through
 * .item(), float(), .detach(), .tolist(), .numpy(), is never history. Origin,
 * not names: a forward counts where its receiver is a module by the semantic
 * model's facts, a loss where its input has history (a torch loss also from a
 * forward the model took by the receiver's name alone); .detach() is offered
 * only on what is proven a tensor.
 *
 * Work is linear in the tree: each statement is visited once, each expression
 * scanned a bounded number of times, name lookups are hashed.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grad_context.h"
#include "rules.h"
#include "semantic/semantic.h"
#include "tree.h"

static const char rule_code[] = "GG002";

/* Deeper statement nesting than CPython accepts is not analysed. */
#define MAX_BLOCK_DEPTH 200
/* Deeper expressions than this are not followed for history. */
#define MAX_EXPR_DEPTH 64
/* Longest attribute chain read as a name (a.b.c...). */
#define MAX_NAME_SEGMENTS 32
/* Quotations longer than this are summarised in messages. */
#define MAX_QUOTE 60

#define NO_POS UINT32_MAX

typedef struct span {
	const char *ptr;
	size_t len;
} span;

/*
 * What the walk knows of a name (an identifier or a chain like self.total) in
 * one function: its last plain binding and, when it holds a value with
 * autograd history, where that value was made.
 */
typedef struct name_info {
	span name;            /* the key; ptr NULL marks an empty slot */
	uint32_t bound_at;    /* start of its last plain binding, or NO_POS */
	gg_node bound_stmt;    /* the statement of that binding */
	uint32_t history_at;  /* where its history was made, or NO_POS */
	gg_node origin;        /* the model or loss call the history comes from */
	bool loss;            /* the origin computes a loss: a scalar */
	bool loss_known;      /* ... a torch loss by its origin (history.loss_known) */
	bool tensor;          /* the value is a tensor by what made it (history.tensor) */
	bool weak;            /* its history is only a forward's by the receiver's name (history.weak) */
} name_info;

/* Open addressing over spans of the checked text. */
typedef struct name_table {
	name_info *slots; /* owned */
	size_t cap, len;
} name_table;

/* The history of an expression: from which call, made where. */
typedef struct history {
	bool yes;
	uint32_t at;
	gg_node origin;
	bool loss;
	/*
	 * .backward() ran on the value earlier in the loop: it is a loss with a
	 * graph whatever computed it, and summing it afterwards is for logging.
	 */
	bool backwarded;
	/* the origin is a torch loss by what built it (nn.*Loss, F.*_loss), not by its name: a tensor */
	bool loss_known;
	/*
	 * The value itself is a tensor by what made it (a torch loss, a tensor
	 * method's or torch function's result, arithmetic on one): .detach()
	 * exists on it. A forward's output may be a tuple or a dict, and what a
	 * callable of unknown origin returns may be anything.
	 */
	bool tensor;
	/*
	 * The history comes only from a call the semantic model took for a
	 * forward because of the receiver's name (model(x) of a parameter
	 * `model`): no evidence alone, but a torch loss computed from it is one.
	 */
	bool weak;
} history;

typedef struct assign_fact {
	span lhs;
	gg_node rhs;
	bool done;
} assign_fact;

typedef struct candidate {
	gg_node stmt;  /* the accumulation */
	gg_node acc;   /* the accumulator as written */
	gg_node value; /* the accumulated value */
	span key;     /* the accumulator's name */
	history h;
	bool list;    /* .append */
	bool dropped;
	bool by_backward; /* its history is known only from the .backward() that ran on it */
	bool by_input;    /* ... only from a .backward() that ran on what was computed from it */
	/*
	 * No history known where it is accumulated: it has one only if a
	 * .backward() later in the same iteration runs on the same value
	 * (losses.append(loss); loss.backward()); settled when the function ends.
	 */
	bool by_later_backward;
	uint32_t loop_end;
} candidate;

/* The pending finding of a function, until its callers are known. */
typedef struct pending {
	candidate cand;
	span function; /* empty at module level */
} pending;

typedef struct call_site {
	span name; /* the callee's last segment */
	bool grad_off;
} call_site;

/* One function (or the module) being walked. */
typedef struct function {
	span name;          /* empty at module level */
	uint32_t start;     /* of its def; the module is at_module */
	bool at_module;
	/*
	 * Where the probe met no possible candidate, the full walk records only
	 * the call sites (for the callers of the others): no bindings, no history.
	 */
	bool sites_only;
	bool evaluation;    /* named like evaluation code: it returns results, not graphs */
	bool builds_graph;  /* forward(): accumulating is what it is for */
	gg_node def;        /* its function_definition; null at module level */
	bool globals;       /* its text says `global`: a name it adds to may outlive the call */
	name_table names;
	assign_fact *assigns; /* owned */
	size_t assigns_len, assigns_cap;
	gg_node *sinks; /* owned: backward calls and step(value) calls, in text order */
	size_t sinks_len, sinks_cap;
	candidate *cands; /* owned */
	size_t cands_len, cands_cap;
} function;

/* Everything one check needs; lives for one gg_rule_gg002_check. */
typedef struct check {
	const gg_py_ids *ids; /* not owned */
	const char *text;
	size_t len;
	gg_node root;
	gg_torch_names torch;
	name_table models; /* names that are evidently models: receivers of .eval(), instances */
	name_table losses; /* names bound to loss objects: criterion = nn.CrossEntropyLoss() */
	pending *pending;  /* owned */
	size_t pending_len, pending_cap;
	call_site *calls; /* owned */
	size_t calls_len, calls_cap;
	/*
	 * Every call in document order (so by start byte), for calls_scan:
	 * GG001's index of the tree, or own_calls when there is none. When
	 * calls_exact is false (a call without width), calls_scan walks.
	 */
	const gg_tree_index *index; /* not owned; may be NULL */
	const gg_semantic *model;   /* not owned: what a name says */
	const gg_call_ref *call_refs;
	size_t call_refs_len;
	bool calls_exact;
	gg_call_ref *own_calls; /* owned */
	size_t own_calls_len, own_calls_cap;
	gg_findings *out;
	int error; /* first negative errno met; the walk stops */
	/*
	 * The probe: a first walk of the statements alone, without the call
	 * scans or the bindings, that only asks whether some accumulation in a
	 * loop could be a candidate (found). Most files have none and are done;
	 * the others get the full walk. The file's facts are collected at its
	 * first accumulation in a loop with grad on, to rule out values that can
	 * have no history.
	 */
	bool probe;
	bool found; /* the probe met a possible candidate */
	/* The functions where it did: their def's start and their names, and the module. */
	uint32_t *hits; /* owned */
	size_t hits_len, hits_cap;
	span *hit_names; /* owned */
	size_t hit_names_len, hit_names_cap;
	/* The starts of the calls whose last name is a hit function's, ascending (calls_hits); hit_calls_ok once built. */
	uint32_t *hit_calls; /* owned */
	size_t hit_calls_len, hit_calls_cap;
	bool hit_calls_ok;
	bool module_hit;
	bool facts_collected; /* models, losses and call_refs: asked for by the probe's first possible candidate */
} check;

typedef struct ctx {
	function *fn;
	bool grad_off;  /* autograd off, controlled on purpose, or unknown */
	gg_node loop;    /* innermost enclosing for/while of this function, or null */
	gg_node cls;     /* the class whose body this is, or null */
	unsigned depth;
} ctx;

/* ---- small helpers ---- */

static int u32_cmp(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	return (a > b) - (a < b);
}

#define IS(n, name) gg_py_is((n), c->ids->sym_##name)
#define FIELD(n, name) gg_node_child_by_field_id((n), c->ids->fld_##name)

static span node_span(const check *c, gg_node n)
{
	span out = { c->text, 0 };
	if (gg_node_is_null(n))
		return out;
	uint32_t s = gg_node_start_byte(n), e = gg_node_end_byte(n);
	if (s <= e && e <= c->len) {
		out.ptr = c->text + s;
		out.len = e - s;
	}
	return out;
}

/* The name of an attribute callee (f(x).backward: "backward"), or an empty span. */
static span method_of(const check *c, const gg_call_ref *ref)
{
	span out = { c->text + ref->method_start, ref->attribute ? ref->callee_end - ref->method_start : 0 };
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

static bool span_ends(span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.len >= n && memcmp(a.ptr + a.len - n, lit, n) == 0;
}

static bool span_contains(span a, const char *lit)
{
	return gg_text_contains(a.ptr, a.len, lit);
}

static bool span_one_of(span a, const char *const *names)
{
	for (; *names; names++)
		if (span_is(a, *names))
			return true;
	return false;
}

static void fail(check *c, int err)
{
	if (!c->error)
		c->error = err;
}

/* An identifier or an attribute chain of identifiers: total, self.total. */
static bool is_name_chain(const check *c, gg_node n)
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

/* The last segment of a name chain: `encoder` in self.model.encoder. */
static span last_segment(const check *c, gg_node chain)
{
	return node_span(c, IS(chain, attribute) ? FIELD(chain, attribute) : chain);
}

static gg_node skip_parens(const check *c, gg_node n)
{
	for (unsigned i = 0; i < MAX_EXPR_DEPTH && IS(n, parenthesized_expression) &&
			     gg_node_named_child_count(n) == 1; i++)
		n = gg_node_named_child(n, 0);
	return n;
}

/* The positional arguments of a call, comments and keywords aside. */
static gg_node positional_at(const check *c, gg_node args, uint32_t index, uint32_t *count)
{
	gg_node found = gg_node_null();
	*count = 0;
	uint32_t n = gg_node_named_child_count(args);
	for (uint32_t i = 0; i < n; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, comment) || IS(a, keyword_argument))
			continue;
		if ((*count)++ == index)
			found = a;
	}
	return found;
}

/* ---- name tables ---- */

static uint64_t span_hash(span s)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	for (size_t i = 0; i < s.len; i++) {
		h ^= (unsigned char)s.ptr[i];
		h *= 1099511628211ull;
	}
	return h;
}

static name_info *table_find(const name_table *t, span key)
{
	if (!t->cap)
		return NULL;
	for (size_t i = span_hash(key) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
		name_info *slot = &t->slots[i];
		if (!slot->name.ptr)
			return NULL;
		if (span_eq(slot->name, key))
			return slot;
	}
}

static int table_grow(name_table *t)
{
	size_t cap = t->cap ? t->cap * 2 : 32;
	name_info *slots = calloc(cap, sizeof *slots);
	if (!slots)
		return -ENOMEM;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->slots[i].name.ptr)
			continue;
		size_t j = span_hash(t->slots[i].name) & (cap - 1);
		while (slots[j].name.ptr)
			j = (j + 1) & (cap - 1);
		slots[j] = t->slots[i];
	}
	free(t->slots);
	t->slots = slots;
	t->cap = cap;
	return 0;
}

/* The entry for key, added empty when missing (*added says so). NULL when out of memory. */
static name_info *table_insert(name_table *t, span key, bool *added)
{
	*added = false;
	name_info *slot = table_find(t, key);
	if (slot)
		return slot;
	if ((t->len + 1) * 2 > t->cap && table_grow(t))
		return NULL;
	size_t i = span_hash(key) & (t->cap - 1);
	while (t->slots[i].name.ptr)
		i = (i + 1) & (t->cap - 1);
	slot = &t->slots[i];
	*slot = (name_info){ key, NO_POS, gg_node_null(), NO_POS, gg_node_null(), false, false, false, false };
	t->len++;
	*added = true;
	return slot;
}

static void table_free(name_table *t)
{
	free(t->slots);
	t->slots = NULL;
	t->cap = t->len = 0;
}

/* ---- words in names ---- */

static bool is_upper(char ch)
{
	return ch >= 'A' && ch <= 'Z';
}

static bool has_word(span name, const char *const *words)
{
	return gg_name_has_word(name.ptr, name.len, words);
}

/* ---- what is a model, what is a loss ---- */

/* Whether the semantic model knows that what name holds where it is spelled records no graph (grad_context.h, no_graph). */
static bool no_graph(const check *c, span name)
{
	const gg_tree_index *ix = c->index;
	if (!ix || !gg_node_eq(ix->root, c->root))
		return false;
	uint32_t at = (uint32_t)(name.ptr - c->text);
	for (size_t i = 0; i < ix->no_graph_len; i++) {
		const gg_no_graph *g = &ix->no_graph[i];
		if (g->len == name.len && at >= g->from && at < g->to && memcmp(g->ptr, name.ptr, name.len) == 0)
			return true;
	}
	return false;
}

/*
 * Whether chain holds a module by its origin, as the semantic model's facts
 * say it (built from a module class or a model factory, loaded, used as a
 * module: .eval(), .parameters(), or a parameter annotated as one), or, with
 * prefix, is an attribute of one (a submodule: model.encoder). A name that
 * only says "model" is no evidence (SPEC §2: when the evidence is not there,
 * do not report).
 */
static bool chain_is_module(const check *c, gg_node chain, bool prefix)
{
	if (!is_name_chain(c, chain))
		return false;
	span s = node_span(c, chain);
	if (no_graph(c, s))
		return false;
	/* A parameter its annotation declares a module (`policy: nn.Module`): as GG001 reads it. */
	if (IS(chain, identifier) && gg_semantic_parameter_is_module(c->model, gg_node_start_byte(chain), s.ptr, s.len))
		return true;
	for (;;) {
		if (table_find(&c->models, s))
			return true;
		if (!prefix)
			return false;
		size_t n = s.len;
		while (n && s.ptr[n - 1] != '.')
			n--;
		if (n < 2)
			return false;
		s.len = n - 1;
	}
}

/* Loss functions of torch.nn.functional whose names do not end in loss. */
static const char *const functional_losses[] = {
	"cross_entropy", "binary_cross_entropy", "binary_cross_entropy_with_logits", "kl_div", NULL,
};

/* Names of callables that compute a loss. */
static const char *const loss_callables[] = {
	"loss", "loss_fn", "loss_func", "loss_function", "lossfn", "loss_fct", "loss_fcn",
	"compute_loss", "calc_loss", "calculate_loss", "get_loss", NULL,
};

static bool is_loss_class_call(const check *c, gg_node call)
{
	gg_node fn = FIELD(call, function);
	if (!is_name_chain(c, fn))
		return false;
	span seg = last_segment(c, fn);
	return seg.len > 4 && is_upper(seg.ptr[0]) && span_ends(seg, "Loss");
}

enum loss_callee { LOSS_NONE, LOSS_BY_NAME, LOSS_BY_ORIGIN };

/*
 * criterion(...), loss_fn(...), F.cross_entropy(...), nn.MSELoss()(...), ce(...) after ce = nn.CrossEntropyLoss():
 * LOSS_BY_ORIGIN where what is called is a torch loss by what built it, LOSS_BY_NAME where only its name says so.
 */
static enum loss_callee loss_callee_of(check *c, gg_node fn)
{
	if (IS(fn, call))
		return is_loss_class_call(c, fn) ? LOSS_BY_ORIGIN : LOSS_NONE;
	if (!is_name_chain(c, fn))
		return LOSS_NONE;
	if (table_find(&c->losses, node_span(c, fn)))
		return LOSS_BY_ORIGIN;
	int err = 0;
	const char *name = gg_torch_names_resolve(&c->torch, fn, &err);
	if (err)
		fail(c, err);
	static const char prefix[] = "torch.nn.functional.";
	if (name && strncmp(name, prefix, sizeof prefix - 1) == 0) {
		span f = { name + sizeof prefix - 1, strlen(name) - (sizeof prefix - 1) };
		if (span_ends(f, "_loss") || span_one_of(f, functional_losses))
			return LOSS_BY_ORIGIN;
	}
	span seg = last_segment(c, fn);
	static const char *const criterion[] = { "criterion", NULL };
	return span_one_of(seg, loss_callables) || has_word(seg, criterion) ? LOSS_BY_NAME : LOSS_NONE;
}

/* Whether the semantic model took call for a forward that records a graph (grad_context.h, forwards). */
static bool model_forward(const check *c, gg_node call)
{
	const gg_tree_index *ix = c->index;
	if (!ix || !gg_node_eq(ix->root, c->root))
		return false;
	return gg_tree_index_is_forward(ix, gg_node_start_byte(call), gg_node_end_byte(call));
}

/*
 * Whether calling fn runs a module known by its origin: a call the semantic
 * model took for a forward (model(x), self(x) in a module class,
 * agent.get_action(x)) of a receiver known to be a module, or model(x),
 * model.forward(x) of such a receiver where it took none. What a callable
 * of unknown origin returns is no evidence.
 */
enum callee_kind { CALLEE_NONE, CALLEE_BY_NAME, CALLEE_BY_ORIGIN };

static enum callee_kind model_callee_of(const check *c, gg_node fn)
{
	bool forward = model_forward(c, gg_node_parent(fn));
	if (forward && (span_is(node_span(c, fn), "self") || chain_is_module(c, fn, true)))
		return CALLEE_BY_ORIGIN;
	if (IS(fn, attribute)) {
		static const char *const forwards[] = { "forward", "encode", "decode", NULL };
		if (span_one_of(node_span(c, FIELD(fn, attribute)), forwards) && chain_is_module(c, FIELD(fn, object), false))
			return CALLEE_BY_ORIGIN;
	}
	if (chain_is_module(c, fn, false))
		return CALLEE_BY_ORIGIN;
	return forward ? CALLEE_BY_NAME : CALLEE_NONE;
}

/* ---- history ---- */

/* Methods whose result keeps the receiver's history. Anything else (argmax, max, eq) may not. */
static const char *const keeping_methods[] = {
	"mean", "sum", "view", "view_as", "reshape", "squeeze", "unsqueeze", "flatten", "float",
	"double", "half", "bfloat16", "to", "cuda", "cpu", "clone", "contiguous", "exp", "log",
	"pow", "abs", "sqrt", "softmax", "log_softmax", "sigmoid", "tanh", "relu", "transpose",
	"permute", "t", "mul", "add", "sub", "div", "norm", "neg", "expand", "expand_as",
	"repeat", "gather", "index_select", "masked_select", "masked_fill", "narrow", "select",
	"chunk", "split", "unbind",
	/* A distribution built from a forward's output: what it computes keeps that history. */
	"log_prob", "entropy", "rsample", "cdf", "icdf", NULL,
};

/* torch.X(t, ...) that keeps the history of t. */
static const char *const keeping_functions[] = {
	"torch.sum", "torch.mean", "torch.cat", "torch.stack", "torch.squeeze", "torch.flatten",
	"torch.exp", "torch.log", "torch.abs", "torch.sigmoid", "torch.softmax", "torch.log_softmax",
	"torch.clamp", "torch.norm", "torch.matmul", "torch.mul", "torch.add", "torch.div",
	"torch.nn.functional.softmax", "torch.nn.functional.log_softmax",
	"torch.nn.functional.sigmoid", "torch.nn.functional.normalize", NULL,
};

/* Attributes of a tensor that carry no history. */
static const char *const plain_attributes[] = {
	"data", "shape", "dtype", "device", "ndim", "requires_grad", "is_cuda", "grad",
	"grad_fn", "is_leaf", "layout", "names", NULL,
};

static bool name_is_one_of(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (strcmp(name, *names) == 0)
			return true;
	return false;
}

static const history no_history = { false, NO_POS, { NULL, 0 }, false, false, false, false, false };

/*
 * Words of a name that holds no tensor with history: `out, elapsed_time =
 * policy(x)` unpacks a float too; an accuracy or a count of correct answers
 * comes from comparisons and argmax, through which no gradient flows.
 */
static const char *const plain_value_words[] = {
	"time", "times", "duration", "elapsed", "seconds", "secs", "count", "num", "len", "length", "size", "idx",
	"index", "step", "steps", "info", "infos", "stats", "metrics", "name", "names", "text", "path", "done",
	"dones", "accuracy", "acc", "correct", "prec", "precision", "top1", NULL,
};

/*
 * The history of an expression: a model forward or a loss computed in it, or
 * a name holding one whose history was made in [lo, hi). Unknown is none.
 * Without fn (the probe, which keeps no bindings), any name may hold one.
 */
/* Whether callee (f or self.f) names a function of this file that returns plain numbers (grad_context.h, number_funcs). */
static bool returns_number(const check *c, gg_node callee)
{
	const gg_tree_index *ix = c->index;
	if (!ix || !gg_node_eq(ix->root, c->root))
		return false;
	span name;
	if (IS(callee, identifier))
		name = node_span(c, callee);
	else if (IS(callee, attribute) && IS(FIELD(callee, object), identifier) &&
		 span_is(node_span(c, FIELD(callee, object)), "self"))
		name = node_span(c, FIELD(callee, attribute));
	else
		return false;
	return gg_tree_index_returns_number(ix, name.ptr, name.len);
}

static history arguments_history(check *c, const function *fn, gg_node args, uint32_t lo, uint32_t hi, unsigned depth);

static history history_of(check *c, const function *fn, gg_node e, uint32_t lo, uint32_t hi, unsigned depth)
{
	e = skip_parens(c, e);
	if (gg_node_is_null(e) || depth > MAX_EXPR_DEPTH || c->error)
		return no_history;
	const gg_py_ids *ids = c->ids;
	TSSymbol type = gg_node_symbol(e);

	if (type == ids->sym_identifier || type == ids->sym_attribute) {
		if (is_name_chain(c, e)) {
			if (!fn)
				return (history){ true, NO_POS, gg_node_null(), false, false, false, false, false };
			const name_info *info = table_find(&fn->names, node_span(c, e));
			if (info || IS(e, identifier)) {
				if (!info || info->history_at == NO_POS || info->history_at < lo || info->history_at >= hi)
					return no_history;
				return (history){ true, info->history_at, info->origin, info->loss, false, info->loss_known,
						  info->tensor, info->weak };
			}
		}
		/* outputs.loss, model(x).logits: history of the object, unless a plain attribute. */
		if (span_one_of(node_span(c, FIELD(e, attribute)), plain_attributes))
			return no_history;
		return history_of(c, fn, FIELD(e, object), lo, hi, depth + 1);
	}
	if (type == ids->sym_subscript) {
		/* output_dict["accuracy"], stats["num_tokens"]: a key that names no tensor with history (plain_value_words). */
		gg_text_span key;
		if (gg_py_string_value(c->ids, c->text, FIELD(e, subscript), &key) &&
		    has_word((span){ key.ptr, key.len }, plain_value_words))
			return no_history;
		return history_of(c, fn, FIELD(e, value), lo, hi, depth + 1);
	}
	if (type == ids->sym_unary_operator)
		return history_of(c, fn, FIELD(e, argument), lo, hi, depth + 1);
	if (type == ids->sym_binary_operator) {
		history h = history_of(c, fn, FIELD(e, left), lo, hi, depth + 1);
		if (h.yes && !h.weak)
			return h;
		history r = history_of(c, fn, FIELD(e, right), lo, hi, depth + 1);
		return r.yes && (!h.yes || !r.weak) ? r : h;
	}
	if (type != ids->sym_call)
		return no_history;

	gg_node callee = FIELD(e, function);
	uint32_t at = gg_node_start_byte(e);
	if (at < lo || at >= hi)
		return no_history;
	/* A function of this file that returns a plain number (math.log(p) ** 2, t.item()): none, whatever its name. */
	if (returns_number(c, callee))
		return no_history;
	enum loss_callee loss = loss_callee_of(c, callee);
	if (loss != LOSS_NONE) {
		/*
		 * A loss records a graph only from an input that has one, by that
		 * input's origin: a callable named like a loss (loss(x) of a closure
		 * a factory returned) says nothing of what it returns. Only a torch
		 * loss by its origin is known to return a tensor.
		 */
		history in = arguments_history(c, fn, FIELD(e, arguments), lo, hi, depth + 1);
		bool known = loss == LOSS_BY_ORIGIN;
		/* A torch loss of a forward's output is evidence even where only the receiver's name says module. */
		if (!in.yes || (in.weak && !known))
			return no_history;
		return (history){ true, at, e, true, false, known, known, false };
	}
	/* A module that computes a fixed function of its inputs (no parameter, nothing handed in): their history only. */
	if (is_name_chain(c, callee) && gg_semantic_module_weightless(c->model, c->text + gg_node_start_byte(callee),
								      gg_node_end_byte(callee) - gg_node_start_byte(callee))) {
		history in = arguments_history(c, fn, FIELD(e, arguments), lo, hi, depth + 1);
		return in.yes ? (history){ true, at, e, false, false, false, in.tensor, in.weak } : no_history;
	}
	enum callee_kind model = model_callee_of(c, callee);
	if (model != CALLEE_NONE)
		return (history){ true, at, e, false, false, false, false, model == CALLEE_BY_NAME };
	if (IS(callee, attribute) &&
	    span_one_of(node_span(c, FIELD(callee, attribute)), keeping_methods)) {
		history h = history_of(c, fn, FIELD(callee, object), lo, hi, depth + 1);
		if (h.yes) {
			/* A tensor method's result is a tensor (out.logits.sum()); chunk, split and unbind give tuples. */
			static const char *const tuple_methods[] = { "chunk", "split", "unbind", NULL };
			h.tensor = !span_one_of(node_span(c, FIELD(callee, attribute)), tuple_methods);
			return h;
		}
	}
	int err = 0;
	const char *name = gg_torch_names_resolve(&c->torch, callee, &err);
	if (err)
		fail(c, err);
	/* Categorical(logits=out), Normal(mu, sigma): the distribution carries its parameters' history. */
	if (name && strncmp(name, "torch.distributions.", 20) == 0) {
		history h = arguments_history(c, fn, FIELD(e, arguments), lo, hi, depth + 1);
		h.tensor = false; /* a distribution, not a tensor: .detach() is not its */
		return h;
	}
	if (name && name_is_one_of(name, keeping_functions)) {
		uint32_t count;
		gg_node first = positional_at(c, FIELD(e, arguments), 0, &count);
		/* torch.cat([a, b]): the history of an element. */
		if (IS(first, list) || IS(first, tuple)) {
			uint32_t n = gg_node_named_child_count(first);
			for (uint32_t i = 0; i < n; i++) {
				history h = history_of(c, fn, gg_node_named_child(first, i), lo, hi, depth + 1);
				if (h.yes) {
					h.tensor = true; /* what torch.cat returns */
					return h;
				}
			}
			return no_history;
		}
		history h = history_of(c, fn, first, lo, hi, depth + 1);
		h.tensor = h.yes;
		return h;
	}
	return no_history;
}

/*
 * Whether an argument of a call (positional or keyword) carries history by
 * its origin: loss_fn(out, y) after out = model(x), not loss_fn(x) of a loop
 * variable. A detached argument carries none.
 */
static history arguments_history(check *c, const function *fn, gg_node args, uint32_t lo, uint32_t hi, unsigned depth)
{
	history found = no_history;
	if (!IS(args, argument_list) || depth > MAX_EXPR_DEPTH)
		return found;
	uint32_t n = gg_node_named_child_count(args);
	for (uint32_t i = 0; i < n && !c->error; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, keyword_argument))
			a = FIELD(a, value);
		else if (IS(a, list_splat) || IS(a, dictionary_splat) || IS(a, comment))
			continue;
		history h = history_of(c, fn, a, lo, hi, depth);
		if (h.yes && !h.weak)
			return h;
		if (h.yes)
			found = h;
	}
	return found;
}

/* ---- bindings ---- */

/* Records a plain binding of target (a name chain) in stmt, with the history h. */
static void name_bind(check *c, function *fn, gg_node target, gg_node stmt, history h)
{
	bool added;
	name_info *info = table_insert(&fn->names, node_span(c, target), &added);
	if (!info) {
		fail(c, -ENOMEM);
		return;
	}
	info->bound_at = gg_node_start_byte(stmt);
	info->bound_stmt = stmt;
	info->history_at = h.yes ? h.at : NO_POS;
	info->origin = h.yes ? h.origin : gg_node_null();
	info->loss = h.yes && h.loss;
	info->loss_known = h.yes && h.loss_known;
	info->tensor = h.yes && h.tensor;
	info->weak = h.yes && h.weak;
}

static void assign_fact_add(check *c, function *fn, gg_node lhs, gg_node rhs)
{
	if (gg_grow((void **)&fn->assigns, &fn->assigns_cap, fn->assigns_len, sizeof *fn->assigns)) {
		fail(c, -ENOMEM);
		return;
	}
	fn->assigns[fn->assigns_len++] = (assign_fact){ node_span(c, lhs), rhs, false };
}

/*
 * Whether part index of what call returns is a plain number by the model's
 * own forward(): `out, ratio = model(x)` where the file's class returns
 * `ratio = x.size(0) / n` there (the semantic model reads the class).
 */
static bool forward_part_is_number(const check *c, gg_node call, uint32_t index)
{
	const gg_tree_index *ix = c->index;
	if (!ix || !gg_node_eq(ix->root, c->root) || index >= 32 || !IS(call, call))
		return false;
	span callee = node_span(c, FIELD(call, function));
	return gg_tree_index_number_parts(ix, callee.ptr, callee.len, gg_node_start_byte(call)) >> index & 1;
}

/*
 * Whether stmt, a store into container[key], runs on every iteration of a
 * loop over all of container's keys (`for key in container`, `for key in
 * container.keys()`, `for key, v in container.items()`): a statement of
 * the loop's own body, no condition around it.
 */
static bool rebinds_every_entry(const check *c, gg_node stmt, gg_node container, gg_node key)
{
	gg_node block = gg_node_parent(stmt), loop = gg_node_parent(block);
	if (!IS(block, block) || !IS(loop, for_statement) || !IS(key, identifier))
		return false;
	gg_node over = skip_parens(c, FIELD(loop, right)), left = FIELD(loop, left);
	/* enumerate(container.items()): the pair after the count. */
	gg_node fn = IS(over, call) ? FIELD(over, function) : gg_node_null();
	if (IS(fn, identifier) && span_is(node_span(c, fn), "enumerate")) {
		uint32_t count;
		over = skip_parens(c, positional_at(c, FIELD(over, arguments), 0, &count));
		if (count != 1 || !(IS(left, pattern_list) || IS(left, tuple_pattern)) || gg_node_named_child_count(left) != 2)
			return false;
		left = gg_node_named_child(left, 1);
	}
	bool items = false;
	if (IS(over, call) && IS(FIELD(over, function), attribute)) {
		span m = node_span(c, FIELD(FIELD(over, function), attribute));
		items = span_is(m, "items");
		if (!items && !span_is(m, "keys"))
			return false;
		over = FIELD(FIELD(over, function), object);
	}
	if (!is_name_chain(c, over) || !span_eq(node_span(c, over), node_span(c, container)))
		return false;
	/* The loop's key: the target itself, or the first of the pair items() gives. */
	if (items && (IS(left, pattern_list) || IS(left, tuple_pattern) || IS(left, tuple)) &&
	    gg_node_named_child_count(left) == 2)
		left = gg_node_named_child(left, 0);
	else if (items)
		return false;
	return IS(left, identifier) && span_eq(node_span(c, left), node_span(c, key));
}

/*
 * Binds the names of a target (a name, or a tuple of them) to value; what is
 * computed with grad off carries no history.
 */
static void targets_bind(check *c, function *fn, gg_node target, gg_node value, gg_node stmt, bool grad_off,
			 bool unpacked, unsigned depth)
{
	target = skip_parens(c, target);
	if (depth > MAX_EXPR_DEPTH || c->error)
		return;
	if (is_name_chain(c, target)) {
		history h = gg_node_is_null(value) || grad_off ? no_history : history_of(c, fn, value, 0, NO_POS, 0);
		/* One part of what a forward returns: only a name that could hold a tensor keeps its history. */
		if (h.yes && depth > 0 && !h.loss && has_word(last_segment(c, target), plain_value_words))
			h = no_history;
		/* A part unpacked from a value is not known to be a tensor, whatever the whole is. */
		if (unpacked)
			h.tensor = false;
		name_bind(c, fn, target, stmt, h);
		if (!gg_node_is_null(value))
			assign_fact_add(c, fn, target, value);
		/*
		 * res.scores = torch.cat(parts): the local object now holds the
		 * value, and what reads the object (`return res`) reads it. Not
		 * self, whose stores are read as such (stores_on_self).
		 */
		gg_node root = target;
		for (unsigned i = 0; i < MAX_NAME_SEGMENTS && IS(root, attribute); i++)
			root = FIELD(root, object);
		if (!gg_node_eq(root, target) && IS(root, identifier) && !span_is(node_span(c, root), "self") &&
		    !gg_node_is_null(value))
			assign_fact_add(c, fn, root, value);
		return;
	}
	/*
	 * losses["feat"] = feat_sum: the container now holds the value, and
	 * what reads the container (sum(losses.values()).backward()) reads it.
	 */
	if (IS(target, subscript)) {
		gg_node base = target;
		for (unsigned i = 0; i < MAX_NAME_SEGMENTS && IS(base, subscript); i++)
			base = FIELD(base, value);
		if (is_name_chain(c, base) && !gg_node_is_null(value))
			assign_fact_add(c, fn, base, value);
		/* Every entry rebound to a value with no history (`for k, v in d.items(): d[k] = v.item()`): d holds none. */
		if (is_name_chain(c, base) && gg_node_eq(FIELD(target, value), base) && !gg_node_is_null(value) &&
		    (grad_off || !history_of(c, fn, value, 0, NO_POS, 0).yes) &&
		    rebinds_every_entry(c, stmt, base, FIELD(target, subscript)))
			name_bind(c, fn, base, stmt, no_history);
		return;
	}
	const gg_py_ids *ids = c->ids;
	TSSymbol type = gg_node_is_null(target) ? 0 : gg_node_symbol(target);
	if (type == 0 || (type != ids->sym_pattern_list && type != ids->sym_tuple_pattern && type != ids->sym_list_pattern &&
			  type != ids->sym_tuple && type != ids->sym_list && type != ids->sym_expression_list))
		return;
	uint32_t n = gg_node_named_child_count(target);
	gg_node v = skip_parens(c, value);
	/* a, b = x, y pairs up; out, h = model(x) gives both the call's history. */
	bool pairwise = !gg_node_is_null(v) && (IS(v, expression_list) || IS(v, tuple)) &&
			gg_node_named_child_count(v) == n;
	/*
	 * What a callable known only by its name to be a loss returns beside the
	 * loss (`loss, per_class = criterion(out, y)`): its origin is not known,
	 * and reported scores are often numbers or arrays. Only the loss is.
	 */
	bool loss_by_name = !pairwise && depth == 0 && IS(v, call) && loss_callee_of(c, FIELD(v, function)) == LOSS_BY_NAME;
	for (uint32_t i = 0; i < n; i++) {
		gg_node part = pairwise ? gg_node_named_child(v, i) : value;
		if (!pairwise && depth == 0 && (forward_part_is_number(c, v, i) || (loss_by_name && i > 0)))
			part = gg_node_null(); /* a number carries no history */
		targets_bind(c, fn, gg_node_named_child(target, i), part, stmt, grad_off, !pairwise, depth + 1);
	}
}

/* ---- accumulations ---- */

/* The accumulator's name: total, self.total, history in history["loss"]. */
static bool accumulator_key(const check *c, gg_node acc, span *key)
{
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS && IS(acc, subscript); i++)
		acc = FIELD(acc, value);
	if (!is_name_chain(c, acc))
		return false;
	*key = node_span(c, acc);
	return true;
}

/* Whether stmt lies in block, below the loop: a binding there runs on every iteration before it. */
static bool runs_each_iteration(gg_node stmt, gg_node block, gg_node loop)
{
	for (gg_node n = gg_node_parent(stmt); !gg_node_is_null(n) && !gg_node_eq(n, loop); n = gg_node_parent(n)) {
		if (gg_node_eq(n, block))
			return true;
	}
	return false;
}

static bool is_backward_call(check *c, const gg_call_ref *ref);
static bool loop_target_is(const check *c, gg_node left, span name);

/*
 * Whether the loop goes over the parts of what its enclosing iteration
 * made, not over data: `range(...)`, or a name (or a part of it, through
 * enumerate or zip) that the body of outer binds before loop (`heads`,
 * `outputs[-2:]` with `outputs = net(x)` above it).
 */
static bool loop_over_parts(const check *c, gg_node loop, gg_node outer)
{
	gg_node it = FIELD(loop, right);
	gg_node fn = IS(it, call) ? FIELD(it, function) : gg_node_null();
	if (IS(fn, identifier) && span_is(node_span(c, fn), "range"))
		return true;
	if (IS(fn, identifier) && (span_is(node_span(c, fn), "enumerate") || span_is(node_span(c, fn), "zip"))) {
		gg_node args = FIELD(it, arguments);
		uint32_t n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
		if (n == 0)
			return false;
		it = gg_node_named_child(args, 0);
	}
	while (IS(it, subscript))
		it = FIELD(it, value);
	if (!IS(it, identifier))
		return false;
	span name = node_span(c, it);
	gg_node body = FIELD(outer, body);
	uint32_t at = gg_node_start_byte(loop);
	for (gg_node n = body; !gg_node_is_null(n) && gg_node_start_byte(n) < at;
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, lambda)))
		if (IS(n, assignment) && gg_node_end_byte(n) <= at && loop_target_is(c, FIELD(n, left), name))
			return true;
	return false;
}

/*
 * Whether the accumulator (its last plain binding a) is bound afresh on
 * every iteration of the loop around loop, before loop, and loop goes over
 * the parts of that iteration's result, running no forward and no backward
 * of its own: it sums them (`loss = crit(outs[0])`, then `for o in
 * outs[1:]: loss += crit(o)`, a loss over a model's heads). One batch's
 * graph, which its outputs hold anyway, not every batch's.
 */
static bool sums_one_iteration(check *c, const name_info *a, gg_node stmt, gg_node loop)
{
	if (!a || a->bound_at == NO_POS || a->bound_at >= gg_node_start_byte(loop) || !IS(loop, for_statement))
		return false;
	gg_node outer = gg_node_parent(loop);
	while (!gg_node_is_null(outer) && !IS(outer, for_statement) && !IS(outer, while_statement) &&
	       !IS(outer, function_definition) && !IS(outer, class_definition))
		outer = gg_node_parent(outer);
	if (!IS(outer, for_statement) && !IS(outer, while_statement))
		return false;
	if (a->bound_at < gg_node_start_byte(outer) || !runs_each_iteration(stmt, gg_node_parent(a->bound_stmt), outer) ||
	    !loop_over_parts(c, loop, outer))
		return false;
	const gg_tree_index *ix = c->index;
	if (!ix || !gg_node_eq(ix->root, c->root))
		return false;
	uint32_t lo = gg_node_start_byte(loop), hi = gg_node_end_byte(loop);
	for (size_t k = gg_call_refs_from(ix->calls, ix->calls_len, lo); k < ix->calls_len && ix->calls[k].start < hi; k++)
		if (model_forward(c, ix->calls[k].node) || is_backward_call(c, &ix->calls[k]))
			return false;
	return true;
}

/* Whether name is bound once in the file, at its top level, to the number 1 (`accum_steps = 1`). */
static bool module_constant_one(const check *c, span name)
{
	const gg_tree_index *ix = c->index;
	bool one = false;
	for (size_t i = 0; i < ix->assignments_len; i++) {
		gg_node a = ix->assignments[i];
		if (!span_eq(node_span(c, FIELD(a, left)), name))
			continue;
		gg_node st = gg_node_parent(a);
		if (one || !IS(st, expression_statement) || !IS(gg_node_parent(st), module) ||
		    !span_is(node_span(c, skip_parens(c, FIELD(a, right))), "1"))
			return false;
		one = true;
	}
	return one;
}

/* Whether test holds on every iteration: `(i + 1) % k == 0` with k the number 1 (or a constant of the file bound to it). */
static bool always_true_period(const check *c, gg_node test)
{
	test = skip_parens(c, test);
	if (!IS(test, comparison_operator) || gg_node_named_child_count(test) != 2)
		return false;
	gg_node mod = skip_parens(c, gg_node_named_child(test, 0)), zero = gg_node_named_child(test, 1);
	if (!IS(mod, binary_operator) || !span_is(node_span(c, FIELD(mod, operator)), "%") || !span_is(node_span(c, zero), "0") ||
	    !span_is(node_span(c, gg_node_child(test, 1)), "=="))
		return false;
	gg_node k = skip_parens(c, FIELD(mod, right));
	return span_is(node_span(c, k), "1") || (IS(k, identifier) && module_constant_one(c, node_span(c, k)));
}

/*
 * Whether the loop binds the accumulator afresh, after stmt, on every
 * iteration, to a number or an empty list: directly in its body, or under
 * ifs that hold every time (`if (step + 1) % accum == 0:` with accum 1, a
 * gradient accumulation of one step). What it keeps is then one
 * iteration's. A reset every N steps keeps N steps' graphs: reported.
 */
static bool reset_every_iteration(const check *c, span key, gg_node loop, gg_node stmt)
{
	const gg_tree_index *ix = c->index;
	if (!ix || !gg_node_eq(ix->root, c->root))
		return false;
	gg_node body = FIELD(loop, body);
	uint32_t from = gg_node_end_byte(stmt), hi = gg_node_end_byte(loop);
	for (size_t i = 0; i < ix->assignments_len; i++) {
		gg_node a = ix->assignments[i];
		uint32_t at = gg_node_start_byte(a);
		if (at < from || at >= hi || !span_eq(node_span(c, FIELD(a, left)), key))
			continue;
		gg_node v = skip_parens(c, FIELD(a, right));
		if (!IS(v, integer) && !IS(v, float) && !(IS(v, list) && gg_node_named_child_count(v) == 0))
			continue;
		bool every = IS(gg_node_parent(a), expression_statement);
		gg_node n = gg_node_parent(gg_node_parent(a));
		for (unsigned d = 0; every && d < MAX_BLOCK_DEPTH && !gg_node_is_null(n) && !gg_node_eq(n, body); d++) {
			if (IS(n, if_statement))
				every = always_true_period(c, FIELD(n, condition));
			else
				every = IS(n, block);
			n = gg_node_parent(n);
		}
		if (every && gg_node_eq(n, body))
			return true;
	}
	return false;
}

/*
 * Whether a sink is a step(value): where a value flows it may be
 * differentiated, but it is no backward that proves the value had a graph
 * (a scheduler's step(val_loss) reads a number).
 */
static bool sink_is_step(const check *c, gg_node call)
{
	gg_node fn = FIELD(call, function);
	return IS(fn, attribute) && span_is(node_span(c, FIELD(fn, attribute)), "step");
}

/* What a backward call runs on: loss of loss.backward(), accelerator.backward(loss), scaler.scale(loss).backward(). */
static gg_node backward_target(const check *c, gg_node call)
{
	gg_node fn = FIELD(call, function);
	if (!IS(fn, attribute))
		return gg_node_null();
	gg_node object = skip_parens(c, FIELD(fn, object));
	uint32_t count;
	static const char *const loss_words[] = { "loss", "losses", NULL };
	if (is_name_chain(c, object) && !has_word(last_segment(c, object), loss_words)) {
		/* accelerator.backward(loss), engine.backward(loss): the argument */
		gg_node arg = positional_at(c, FIELD(call, arguments), 0, &count);
		if (!gg_node_is_null(arg))
			return skip_parens(c, arg);
	}
	if (IS(object, call)) {
		/* scaler.scale(loss).backward() */
		gg_node arg = positional_at(c, FIELD(object, arguments), 0, &count);
		return gg_node_is_null(arg) ? object : skip_parens(c, arg);
	}
	return object;
}

/* The backward call of fn in [lo, hi) that runs on value (a name), or a null node. */
static gg_node backward_on(const check *c, const function *fn, gg_node value, uint32_t lo, uint32_t hi)
{
	value = skip_parens(c, value);
	if (!is_name_chain(c, value))
		return gg_node_null();
	span name = node_span(c, value);
	/* loss = loss.detach() after the backward: what is summed is no longer that tensor. */
	const name_info *info = table_find(&fn->names, name);
	uint32_t rebound = info && info->bound_at != NO_POS && info->bound_at < hi ? info->bound_at : 0;
	for (size_t i = fn->sinks_len; i-- > 0;) {
		uint32_t at = gg_node_start_byte(fn->sinks[i]);
		if (at >= hi)
			continue;
		if (at < rebound)
			break;
		if (at < lo)
			break; /* sinks are in text order */
		if (sink_is_step(c, fn->sinks[i]))
			continue;
		gg_node target = backward_target(c, fn->sinks[i]);
		if (!gg_node_is_null(target) && span_eq(node_span(c, target), name))
			return fn->sinks[i];
	}
	return gg_node_null();
}

static bool is_detached_use(const check *c, gg_node n);

/* Whether name is read in e other than through a detaching use (out in criterion(out, y), not in out.detach()). */
static bool reads_name(const check *c, gg_node e, span name)
{
	for (gg_node n = e; !gg_node_is_null(n); n = gg_node_walk_next(e, n, true)) {
		if (!(IS(n, identifier) || IS(n, attribute)) || !is_name_chain(c, n) || !span_eq(node_span(c, n), name))
			continue;
		gg_node p = gg_node_parent(n);
		if (IS(p, attribute) && gg_node_eq(FIELD(p, attribute), n))
			continue; /* the `out` of self.out */
		if (!is_detached_use(c, n))
			return true;
	}
	return false;
}

/*
 * Whether the name's last binding made a tensor from data: a constructor
 * (torch.tensor(ids, dtype=torch.long), torch.from_numpy(a)) or a function
 * of the file that returns one (grad_context.h, data_funcs); or a value no
 * graph holds by its callee (gg_semantic_call_no_history). A label tensor
 * handed to the loss is such a value: the graph does not hold it.
 */
static bool bound_as_data(check *c, const name_info *v)
{
	gg_node stmt = v ? v->bound_stmt : gg_node_null();
	gg_node assign = IS(stmt, expression_statement) && gg_node_named_child_count(stmt) ? gg_node_named_child(stmt, 0)
											: gg_node_null();
	gg_node right = IS(assign, assignment) ? skip_parens(c, FIELD(assign, right)) : gg_node_null();
	if (!IS(right, call))
		return false;
	gg_node fn = FIELD(right, function);
	const gg_tree_index *ix = c->index;
	if (IS(fn, identifier) && ix && gg_node_eq(ix->root, c->root) &&
	    gg_tree_index_returns_data(ix, node_span(c, fn).ptr, node_span(c, fn).len))
		return true;
	/* A weight from a grad-off helper (`w_t = ramp_weight(epoch)`, decorated no_grad), or a plain number. */
	if (c->model && gg_semantic_call_no_history(c->model, gg_node_start_byte(right)))
		return true;
	static const char *const makers[] = { "torch.tensor", "torch.as_tensor", "torch.from_numpy", "torch.LongTensor",
					      NULL };
	int err = 0;
	const char *name = is_name_chain(c, fn) ? gg_torch_names_resolve(&c->torch, fn, &err) : NULL;
	if (err)
		fail(c, err);
	return name && name_is_one_of(name, makers);
}

/*
 * The backward call of fn in [lo, hi) that ran through the value of the name
 * value: err.backward() after err = criterion(out, y), or
 * criterion(out, y).backward(), for out bound before. The graph backward ran
 * through holds out's, so out carries history by the flow of values, whatever
 * computed it, unless it was made from data (bound_as_data). A null node
 * when none did.
 */
static gg_node backward_through(check *c, const function *fn, gg_node value, uint32_t lo, uint32_t hi)
{
	value = skip_parens(c, value);
	if (!is_name_chain(c, value))
		return gg_node_null();
	span name = node_span(c, value);
	const name_info *v = table_find(&fn->names, name);
	if (bound_as_data(c, v))
		return gg_node_null();
	uint32_t v_at = v && v->bound_at != NO_POS ? v->bound_at : 0;
	for (size_t i = fn->sinks_len; i-- > 0;) {
		uint32_t at = gg_node_start_byte(fn->sinks[i]);
		if (at >= hi)
			continue;
		if (at < lo || at < v_at)
			break; /* sinks are in text order */
		if (sink_is_step(c, fn->sinks[i]))
			continue;
		gg_node target = backward_target(c, fn->sinks[i]);
		if (gg_node_is_null(target))
			continue;
		if (!is_name_chain(c, target)) {
			if (reads_name(c, target, name))
				return fn->sinks[i];
			continue;
		}
		const name_info *t = table_find(&fn->names, node_span(c, target));
		if (!t || t->bound_at == NO_POS || t->bound_at < lo || t->bound_at < v_at || t->bound_at >= at)
			continue;
		gg_node stmt = t->bound_stmt;
		gg_node assign = IS(stmt, expression_statement) && gg_node_named_child_count(stmt)
					 ? gg_node_named_child(stmt, 0)
					 : gg_node_null();
		if (IS(assign, assignment) && reads_name(c, FIELD(assign, right), name))
			return fn->sinks[i];
	}
	return gg_node_null();
}

static void file_facts_collect(check *c, gg_node root);

/* Whether the loop's target (a name, or one of a tuple's) reads as name. */
static bool loop_target_is(const check *c, gg_node left, span name)
{
	if (IS(left, identifier))
		return span_eq(node_span(c, left), name);
	uint32_t n = gg_node_named_child_count(left);
	for (uint32_t i = 0; i < n; i++) {
		gg_node t = gg_node_named_child(left, i);
		if (IS(t, identifier) && span_eq(node_span(c, t), name))
			return true;
	}
	return false;
}

/*
 * Whether the loop goes over models, not data, and keeps one output per
 * model, as many as the models it names: the module origin runs is the
 * loop's variable (`for net in nets: outs.append(net(x))`), or a name
 * the loop's body binds, before the forward, from that variable (`for m in
 * range(levels): net = models[f"net_{m}"]`, a cascade's levels).
 */
static bool loop_runs_the_model(const check *c, gg_node loop, gg_node origin)
{
	if (!IS(loop, for_statement) || !IS(origin, call))
		return false;
	gg_node fn = FIELD(origin, function);
	if (IS(fn, attribute) && span_is(node_span(c, FIELD(fn, attribute)), "forward"))
		fn = FIELD(fn, object);
	if (!IS(fn, identifier))
		return false;
	span name = node_span(c, fn);
	gg_node left = FIELD(loop, left);
	if (loop_target_is(c, left, name))
		return true;
	gg_node body = FIELD(loop, body);
	uint32_t at = gg_node_start_byte(origin);
	for (gg_node m = body; !gg_node_is_null(m) && gg_node_start_byte(m) < at; m = gg_node_walk_next(body, m, true)) {
		if (!IS(m, assignment) || gg_node_end_byte(m) >= at || !IS(FIELD(m, left), identifier) ||
		    !span_eq(node_span(c, FIELD(m, left)), name))
			continue;
		gg_node right = FIELD(m, right);
		for (gg_node r = right; !gg_node_is_null(r); r = gg_node_walk_next(right, r, true))
			if (IS(r, identifier) && loop_target_is(c, left, node_span(c, r)))
				return true;
	}
	return false;
}

/*
 * Whether value is a recurrent state: a name the forward that gave it its
 * history, in the loop [lo, hi), is handed back (`h = cell(x[t], h)`, then
 * `outs.append(h)`). Each step's graph is kept by the next step's anyway
 * (the state's history runs through all of them): the list adds nothing to
 * it, and it is the unrolled sequence's output, not batches gathered.
 */
/* Whether call's arguments name name (a name or a name chain), anywhere inside them: `rnn(x, h)`, `field(y + h * k, t)`. */
static bool call_hands(const check *c, gg_node call, span name)
{
	gg_node args = FIELD(call, arguments);
	for (gg_node m = args; !gg_node_is_null(m); m = gg_node_walk_next(args, m, true))
		if ((IS(m, identifier) || IS(m, attribute)) && span_eq(node_span(c, m), name))
			return true;
	return false;
}

static bool recurrent_state(const check *c, gg_node value, gg_node origin, uint32_t lo, uint32_t hi)
{
	gg_node v = skip_parens(c, value);
	if (!IS(v, identifier) || !IS(origin, call) || gg_node_start_byte(origin) < lo || gg_node_end_byte(origin) > hi)
		return false;
	span name = node_span(c, v);
	if (!call_hands(c, origin, name))
		return false;
	/*
	 * Bound again in the loop before the forward (`h = h.detach()`, a
	 * language model's repackaged state): each step's history starts there,
	 * and the list keeps every step's graph.
	 */
	gg_node loop = gg_node_parent(origin);
	while (!gg_node_is_null(loop) && gg_node_start_byte(loop) > lo)
		loop = gg_node_parent(loop);
	uint32_t at = gg_node_start_byte(origin);
	for (gg_node m = loop; !gg_node_is_null(m) && gg_node_start_byte(m) < at; m = gg_node_walk_next(loop, m, true)) {
		if (!IS(m, assignment) && !IS(m, augmented_assignment))
			continue;
		gg_node left = FIELD(m, left);
		if (gg_node_end_byte(m) < at && IS(left, identifier) && span_eq(node_span(c, left), name))
			return false;
	}
	return true;
}

static gg_node self_addition(const check *c, gg_node left, gg_node right);

/*
 * Whether the call the added value came from is handed the accumulator
 * itself (`k = field(state, t)`, then `state = state + h * k`) in a
 * function whose result a caller trains through: a state integrated step
 * by step through the model, whose graph is the computation (an ODE
 * solver's), not history kept by mistake. Decoding that feeds its outputs
 * back in evaluation keeps them for nothing: reported.
 */
static bool hands_accumulator(const check *c, gg_node origin, span key)
{
	return IS(origin, call) && gg_semantic_result_trains(c->model, gg_node_start_byte(origin)) && call_hands(c, origin, key);
}

/* The history of a value the .backward() call sink ran on: a loss tensor, whatever computed it. */
static history backwarded_history(gg_node sink)
{
	history h = { true, gg_node_start_byte(sink), sink, true, true, false, true, false };
	h.backwarded = true;
	return h;
}

/*
 * Whether the accumulator named key is bound again from itself later in the
 * same iteration, by what is no addition (`f = f + t; f = f.logsumexp(-1)`, a
 * forward algorithm's or a filter's step): a state carried from step to
 * step, as a recurrent network's hidden state is, not a running total.
 */
static bool state_step(const check *c, gg_node loop, gg_node stmt, span key)
{
	for (gg_node m = gg_node_walk_next(loop, stmt, false); !gg_node_is_null(m); m = gg_node_walk_next(loop, m, true)) {
		if (!IS(m, assignment))
			continue;
		/*
		 * A step runs wherever the addition does: one under an `if` of its
		 * own (the period's mean before a reset, `if i % 4 == 3: run = run
		 * / 4`) is a report of the total, which it keeps.
		 */
		bool every = true;
		uint32_t at = gg_node_start_byte(stmt);
		for (gg_node p = gg_node_parent(m);
		     every && !gg_node_is_null(p) && !gg_node_eq(p, loop) && !(gg_node_start_byte(p) <= at && at < gg_node_end_byte(p));
		     p = gg_node_parent(p))
			every = !IS(p, if_statement) && !IS(p, elif_clause) && !IS(p, else_clause);
		if (!every)
			continue;
		gg_node left = FIELD(m, left), right = FIELD(m, right);
		if (IS(left, identifier) && span_eq(node_span(c, left), key) && reads_name(c, right, key) &&
		    gg_node_is_null(self_addition(c, left, right)))
			return true;
	}
	return false;
}

static bool in_module_class(const check *c, gg_node cls);

/*
 * Whether the loop reads the list key back by index as it goes (`inputs =
 * anchors[index]`, `prev = outs[-1]`) in a method of a module class or a
 * function whose result a caller trains through: the items are the
 * computation's own state (a controller's earlier layers fed to its next
 * step), not outputs kept by mistake. A script's decoding that feeds its
 * outputs back in evaluation is neither, and stays reported.
 */
static bool list_read_back_for_training(const check *c, const ctx *x, gg_node stmt, span key)
{
	gg_node loop = x->loop;
	bool read = false;
	gg_node body = FIELD(loop, body);
	for (gg_node n = body; !gg_node_is_null(n) && !read; n = gg_node_walk_next(body, n, true)) {
		if (!IS(n, subscript) || !IS(FIELD(n, value), identifier) || !span_eq(node_span(c, FIELD(n, value)), key))
			continue;
		gg_node p = gg_node_parent(n);
		read = !((IS(p, assignment) || IS(p, augmented_assignment)) && gg_node_eq(FIELD(p, left), n));
	}
	if (!read)
		return false;
	/* The def's class: def, maybe its decorators, the class's block, the class. */
	gg_node cls = x->fn->def;
	if (!gg_node_is_null(cls) && IS(gg_node_parent(cls), decorated_definition))
		cls = gg_node_parent(cls);
	cls = gg_node_is_null(cls) ? cls : gg_node_parent(gg_node_parent(cls));
	return (IS(cls, class_definition) && in_module_class(c, cls)) || gg_semantic_result_trains(c->model, gg_node_start_byte(stmt));
}

/*
 * Where a function adds to a module-level name it declares `global`, and
 * the file calls it from a loop (`def step(...): global run; ...; run +=
 * loss`, called once a batch): its body is that loop's body, each call an
 * iteration whose value the name keeps. Its block, or a null node.
 */
static gg_node global_step_body(const check *c, const function *fn, gg_node acc)
{
	if (!fn->globals || gg_node_is_null(fn->def) || !IS(acc, identifier))
		return gg_node_null();
	gg_node body = FIELD(fn->def, body);
	span name = node_span(c, acc);
	bool declared = false;
	for (uint32_t i = 0, n = gg_node_named_child_count(body); i < n && !declared; i++) {
		gg_node g = gg_node_named_child(body, i);
		for (uint32_t k = 0; IS(g, global_statement) && k < gg_node_named_child_count(g) && !declared; k++)
			declared = span_eq(node_span(c, gg_node_named_child(g, k)), name);
	}
	return declared && gg_semantic_called_in_loop(c->model, fn->start) ? body : gg_node_null();
}

static void candidate_consider(check *c, const ctx *x, gg_node stmt, gg_node acc, gg_node value, bool list)
{
	function *fn = x->fn;
	ctx here = *x;
	if (gg_node_is_null(here.loop))
		here.loop = global_step_body(c, fn, acc);
	x = &here;
	if (gg_node_is_null(x->loop) || x->grad_off || fn->builds_graph || gg_node_is_null(value))
		return;
	span key;
	if (!accumulator_key(c, acc, &key) || span_eq(key, node_span(c, skip_parens(c, value))))
		return;
	if (!list && IS(acc, identifier) && state_step(c, x->loop, stmt, key))
		return;
	if (list && IS(acc, identifier) && list_read_back_for_training(c, x, stmt, key))
		return;
	if (c->probe) {
		/*
		 * A value that has no history whatever its names hold (running +=
		 * loss.item()) is no candidate: the file's facts are enough to say so.
		 * The rest needs the bindings: the full walk decides.
		 */
		if (!c->facts_collected)
			file_facts_collect(c, c->root);
		if (c->error || !history_of(c, NULL, value, 0, NO_POS, 0).yes)
			return;
		c->found = true;
		if (fn->at_module)
			c->module_hit = true;
		else if (!c->hits_len || c->hits[c->hits_len - 1] != fn->start) {
			if (gg_grow((void **)&c->hits, &c->hits_cap, c->hits_len, sizeof *c->hits) ||
			    gg_grow((void **)&c->hit_names, &c->hit_names_cap, c->hit_names_len, sizeof *c->hit_names)) {
				fail(c, -ENOMEM);
			} else {
				c->hits[c->hits_len++] = fn->start;
				c->hit_names[c->hit_names_len++] = fn->name;
			}
		}
		return;
	}
	uint32_t lo = gg_node_start_byte(x->loop), hi = gg_node_end_byte(x->loop), at = gg_node_start_byte(stmt);
	history h = history_of(c, fn, value, lo, hi, 0);
	/* A forward known only by its receiver's name is no evidence (SPEC §2). */
	if (h.weak)
		h = no_history;
	gg_node backward = backward_on(c, fn, value, lo, at);
	gg_node v = skip_parens(c, value);
	/* loss * x.size(0), loss / n: the term .backward() ran on. */
	for (unsigned i = 0; i < 2 && gg_node_is_null(backward) && IS(v, binary_operator); i++)
		backward = backward_on(c, fn, i ? FIELD(v, right) : FIELD(v, left), lo, at);
	bool by_backward = !h.yes && !gg_node_is_null(backward);
	if (!gg_node_is_null(backward)) {
		if (!h.yes)
			h = backwarded_history(backward);
		h.backwarded = true;
		h.tensor = true; /* .backward() ran on it */
	}
	bool by_input = false;
	if (!h.yes) {
		gg_node through = backward_through(c, fn, value, lo, at);
		if (!gg_node_is_null(through)) {
			h = (history){ true, gg_node_start_byte(through), through, false, false, false, false, false };
			by_input = true;
		}
	}
	bool later = !h.yes && is_name_chain(c, v);
	if ((!h.yes && !later) || (h.yes && (loop_runs_the_model(c, x->loop, h.origin) ||
					     recurrent_state(c, value, h.origin, lo, hi) || hands_accumulator(c, h.origin, key))))
		return;
	/* An accumulator bound afresh on every iteration (loss = ...; loss += reg) keeps one graph. */
	const name_info *a = table_find(&fn->names, key);
	if (a && a->bound_at != NO_POS && a->bound_at >= lo && a->bound_at < gg_node_start_byte(stmt) &&
	    runs_each_iteration(stmt, gg_node_parent(a->bound_stmt), x->loop))
		return;
	if (sums_one_iteration(c, a, stmt, x->loop) || reset_every_iteration(c, key, x->loop, stmt))
		return;
	if (gg_grow((void **)&fn->cands, &fn->cands_cap, fn->cands_len, sizeof *fn->cands)) {
		fail(c, -ENOMEM);
		return;
	}
	fn->cands[fn->cands_len++] = (candidate){ stmt, acc, value, key, h, list, false, by_backward, by_input, later, hi };
}

/*
 * Settles a candidate accumulated before its value's .backward() in the same
 * iteration: the backward ran on what was accumulated when no binding of the
 * name lies between them (the value's last binding is before the
 * accumulation). Without one, it is dropped.
 */
static void later_backward_settle(check *c, function *fn, candidate *k)
{
	k->by_later_backward = false;
	k->dropped = true;
	span name = node_span(c, skip_parens(c, k->value));
	const name_info *info = table_find(&fn->names, name);
	uint32_t at = gg_node_start_byte(k->stmt);
	if (!info || info->bound_at == NO_POS || info->bound_at >= at)
		return;
	gg_node sink = backward_on(c, fn, k->value, at + 1, k->loop_end);
	if (gg_node_is_null(sink))
		return;
	k->h = backwarded_history(sink);
	k->by_backward = true;
	k->dropped = false;
}

/* total = total + loss, total = loss + total: the value added, or a null node. */
static gg_node self_addition(const check *c, gg_node left, gg_node right)
{
	right = skip_parens(c, right);
	if (!IS(right, binary_operator) || !is_name_chain(c, left))
		return gg_node_null();
	span op = node_span(c, FIELD(right, operator));
	if (!span_is(op, "+") && !span_is(op, "-"))
		return gg_node_null();
	span acc = node_span(c, left);
	gg_node l = skip_parens(c, FIELD(right, left)), r = FIELD(right, right);
	if (span_eq(node_span(c, l), acc))
		return r;
	if (span_is(op, "+") && span_eq(node_span(c, skip_parens(c, r)), acc))
		return l;
	return gg_node_null();
}

/*
 * acc = torch.cat((acc, out)), acc = torch.cat([acc, out], 0), and
 * acc = out if acc is None else torch.cat((acc, out)): the value joined
 * onto the accumulator, or a null node. Concatenating keeps every joined
 * tensor's graph, as adding does.
 */
static gg_node self_concat(check *c, gg_node left, gg_node right, unsigned depth)
{
	right = skip_parens(c, right);
	if (depth < 2 && IS(right, conditional_expression) && gg_node_named_child_count(right) == 3) {
		gg_node a = self_concat(c, left, gg_node_named_child(right, 0), depth + 1);
		return gg_node_is_null(a) ? self_concat(c, left, gg_node_named_child(right, 2), depth + 1) : a;
	}
	if (!IS(right, call) || !is_name_chain(c, left))
		return gg_node_null();
	int err = 0;
	const char *name = gg_torch_names_resolve(&c->torch, FIELD(right, function), &err);
	if (err)
		fail(c, err);
	if (!name || (strcmp(name, "torch.cat") != 0 && strcmp(name, "torch.concat") != 0))
		return gg_node_null();
	uint32_t count;
	gg_node seq = positional_at(c, FIELD(right, arguments), 0, &count);
	if (!IS(seq, tuple) && !IS(seq, list))
		return gg_node_null();
	if (gg_node_named_child_count(seq) != 2)
		return gg_node_null();
	span acc = node_span(c, left);
	gg_node a = gg_node_named_child(seq, 0), b = gg_node_named_child(seq, 1);
	if (span_eq(node_span(c, skip_parens(c, a)), acc))
		return b;
	if (span_eq(node_span(c, skip_parens(c, b)), acc))
		return a;
	return gg_node_null();
}

/*
 * x = 0.0; then x += crit(out, y) or x = x + 0.1 * crit(out, y): a number
 * that a tensor with history is added to is that tensor from then on,
 * history and all (a loss summed over a model's outputs in an inner loop).
 */
static void sum_takes_history(check *c, const ctx *x, gg_node acc, gg_node added)
{
	if (c->probe || x->grad_off || !x->fn || !IS(acc, identifier))
		return;
	name_info *info = table_find(&x->fn->names, node_span(c, acc));
	history h = info && info->history_at == NO_POS ? history_of(c, x->fn, added, 0, NO_POS, 0) : no_history;
	if (h.yes && (h.tensor || h.loss)) {
		info->history_at = h.at;
		info->origin = h.origin;
		info->loss = h.loss;
		info->loss_known = h.loss_known;
		info->tensor = h.tensor;
		info->weak = h.weak;
	}
}

static void assignment_handle(check *c, const ctx *x, gg_node stmt, gg_node e)
{
	gg_node left = FIELD(e, left), right = FIELD(e, right);
	gg_node added = self_addition(c, left, right);
	if (gg_node_is_null(added))
		added = self_concat(c, left, right, 0);
	if (!gg_node_is_null(added)) {
		/* An accumulation, not a fresh binding: the accumulator keeps its past. */
		candidate_consider(c, x, e, left, added, false);
		if (!c->probe)
			assign_fact_add(c, x->fn, left, right);
		sum_takes_history(c, x, left, added);
		return;
	}
	if (c->probe)
		return; /* bindings only matter to the history of values */
	/* a = b = value: every target takes the innermost value. */
	gg_node value = right;
	for (unsigned i = 0; i < MAX_EXPR_DEPTH && IS(value, assignment); i++)
		value = FIELD(value, right);
	for (gg_node a = e; IS(a, assignment); a = FIELD(a, right))
		targets_bind(c, x->fn, FIELD(a, left), IS(value, assignment) ? gg_node_null() : value, stmt, x->grad_off, false, 0);
}

static void augmented_handle(check *c, const ctx *x, gg_node e)
{
	span op = node_span(c, FIELD(e, operator));
	gg_node right = skip_parens(c, FIELD(e, right));
	/* preds += [out]: a list grown by one item, as append(out) grows it. */
	if (span_is(op, "+=") && IS(right, list) && gg_node_named_child_count(right) == 1)
		candidate_consider(c, x, e, FIELD(e, left), gg_node_named_child(right, 0), true);
	else if (span_is(op, "+=") || span_is(op, "-="))
		candidate_consider(c, x, e, FIELD(e, left), FIELD(e, right), false);
	/* loss += att_loss: what flows into loss flows on from it (a sum of loss terms for backward). */
	if (!c->probe && is_name_chain(c, FIELD(e, left)))
		assign_fact_add(c, x->fn, FIELD(e, left), FIELD(e, right));
	if (span_is(op, "+=") || span_is(op, "-="))
		sum_takes_history(c, x, FIELD(e, left), right);
}

/* losses.append(loss), history["loss"].append(loss) */
static void call_statement_handle(check *c, const ctx *x, gg_node call)
{
	gg_node fn = FIELD(call, function);
	if (!IS(fn, attribute))
		return;
	/* meter.update(loss), a method of the file's class that adds what it is handed into its object. */
	gg_node recv = FIELD(fn, object);
	span m = node_span(c, FIELD(fn, attribute));
	if (IS(recv, identifier) && !span_is(m, "append")) {
		span r = node_span(c, recv);
		int k = gg_semantic_method_accumulates(c->model, gg_node_start_byte(call), r.ptr, r.len, m.ptr, m.len);
		uint32_t count;
		gg_node value = k >= 0 ? positional_at(c, FIELD(call, arguments), (uint32_t)k, &count) : gg_node_null();
		if (!gg_node_is_null(value))
			candidate_consider(c, x, call, recv, value, false);
		return;
	}
	if (!span_is(m, "append"))
		return;
	uint32_t count;
	gg_node args = FIELD(call, arguments);
	gg_node value = positional_at(c, args, 0, &count);
	/* list.append takes one value and no keyword: append(v, count=n) is a meter's own method (it may detach). */
	for (uint32_t i = 0, n = gg_node_named_child_count(args); i < n && count == 1; i++)
		if (IS(gg_node_named_child(args, i), keyword_argument))
			count = 0;
	if (count == 1)
		candidate_consider(c, x, call, FIELD(fn, object), value, true);
}

/* ---- intent: where accumulators flow ---- */

/*
 * .backward(), accelerator.backward(loss), self.manual_backward(loss),
 * torch.autograd.grad(...), and a step handed a value: a differentiable
 * optimizer's step(loss) (higher's inner loop) takes the gradient of what it
 * is given. A scheduler's step(metric) only reads it: taking it for a sink
 * too errs towards silence.
 */
static bool is_backward_call(check *c, const gg_call_ref *ref)
{
	if (ref->attribute) {
		span m = method_of(c, ref);
		if (span_is(m, "backward") || span_is(m, "manual_backward"))
			return true;
		if (span_is(m, "step")) {
			uint32_t count;
			positional_at(c, FIELD(ref->node, arguments), 0, &count);
			if (count)
				return true;
		}
	}
	int err = 0;
	const char *name = gg_torch_names_resolve_call(&c->torch, ref, &err);
	if (err)
		fail(c, err);
	return name && strcmp(name, "torch.autograd.grad") == 0;
}

static void call_site_add(check *c, const ctx *x, const gg_call_ref *ref)
{
	if (!ref->names)
		return;
	if (gg_grow((void **)&c->calls, &c->calls_cap, c->calls_len, sizeof *c->calls)) {
		fail(c, -ENOMEM);
		return;
	}
	span last = { c->text + ref->last_start, ref->callee_end - ref->last_start };
	c->calls[c->calls_len++] = (call_site){ last, x->grad_off };
}

/* Records the call sites and backward calls of an expression or simple statement. */
static void call_seen(check *c, const ctx *x, const gg_call_ref *ref)
{
	call_site_add(c, x, ref);
	if (!x->fn->sites_only && is_backward_call(c, ref)) {
		function *fn = x->fn;
		if (gg_grow((void **)&fn->sinks, &fn->sinks_cap, fn->sinks_len, sizeof *fn->sinks))
			fail(c, -ENOMEM);
		else
			fn->sinks[fn->sinks_len++] = ref->node;
	}
}

static void calls_scan(check *c, const ctx *x, gg_node node)
{
	if (c->probe)
		return; /* sites and sinks only matter to candidates */
	if (c->calls_exact) {
		/* The calls of node are those of the facts walk within its byte range, in the same order. */
		uint32_t end = gg_node_end_byte(node);
		for (size_t i = gg_call_refs_from(c->call_refs, c->call_refs_len, gg_node_start_byte(node));
		     i < c->call_refs_len && c->call_refs[i].start < end; i++) {
			if (c->call_refs[i].end > end)
				continue;
			call_seen(c, x, &c->call_refs[i]);
			if (c->error)
				return;
		}
		return;
	}
	for (gg_node n = node; !gg_node_is_null(n) && !c->error; n = gg_node_walk_next(node, n, true)) {
		if (IS(n, call)) {
			gg_call_ref ref;
			gg_call_ref_init(&ref, c->ids, c->text, c->len, n);
			call_seen(c, x, &ref);
		}
	}
}

/* A use that keeps no history: total.item(), float(total), total.detach(), total.cpu().numpy(). */
static bool is_detached_use(const check *c, gg_node n)
{
	static const char *const detaching[] = { "item", "tolist", "detach", "numpy", "data", NULL };
	static const char *const passing[] = { "cpu", "to", "float", "mean", "sum", NULL };
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS; i++) {
		gg_node p = gg_node_parent(n);
		if (IS(p, argument_list)) {
			gg_node call = gg_node_parent(p);
			uint32_t count;
			gg_node first = positional_at(c, p, 0, &count);
			span f = node_span(c, FIELD(call, function));
			if (count == 1 && (span_is(f, "float") || span_is(f, "int")))
				return true;
			/* torch.stack(log_probs).detach(): the joined whole is what the use detaches. */
			static const char *const joins[] = { "torch.stack", "torch.cat", "torch.concat", "torch.vstack",
							     "torch.hstack", NULL };
			if (!gg_node_eq(first, n) || !span_one_of(f, joins))
				return false;
			n = call;
			continue;
		}
		if (!IS(p, attribute) || !gg_node_eq(FIELD(p, object), n))
			return false;
		span attr = node_span(c, FIELD(p, attribute));
		if (span_one_of(attr, detaching))
			return true;
		if (!span_one_of(attr, passing) || !IS(gg_node_parent(p), call))
			return false;
		n = gg_node_parent(p);
	}
	return false;
}

/*
 * An accumulator only read item by item through a detaching use:
 * sum(l.item() for l in losses), [float(x) for x in history["loss"]].
 */
static bool is_detached_iteration(const check *c, gg_node n)
{
	gg_node m = n, p = gg_node_parent(n);
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS && IS(p, subscript) && gg_node_eq(FIELD(p, value), m); i++) {
		m = p;
		p = gg_node_parent(p);
	}
	if (!IS(p, for_in_clause) || !gg_node_eq(FIELD(p, right), m))
		return false;
	gg_node var = FIELD(p, left);
	gg_node body = gg_node_named_child(gg_node_parent(p), 0);
	for (unsigned i = 0; i < MAX_EXPR_DEPTH; i++) {
		body = skip_parens(c, body);
		if (IS(body, call)) {
			/* float(x): the argument; x.item(): the receiver. */
			gg_node fn = FIELD(body, function);
			uint32_t count;
			gg_node arg = positional_at(c, FIELD(body, arguments), 0, &count);
			body = IS(fn, attribute) ? fn : arg;
		} else if (IS(body, attribute)) {
			body = FIELD(body, object);
		} else if (IS(body, subscript)) {
			body = FIELD(body, value);
		} else {
			break;
		}
	}
	return IS(body, identifier) && IS(var, identifier) &&
	       span_eq(node_span(c, body), node_span(c, var)) && is_detached_use(c, body);
}

typedef struct flow {
	check *c;
	name_table reached; /* names that reach a sink */
	span *work;         /* owned: names to follow */
	size_t work_len, work_cap;
} flow;

/* Adds the names read in node to the reached set (returns skip detached uses). */
static void flow_harvest(flow *f, gg_node node, bool skip_detached)
{
	check *c = f->c;
	for (gg_node n = node; !gg_node_is_null(n); n = gg_node_walk_next(node, n, true)) {
		bool name = IS(n, attribute) ? is_name_chain(c, n) : IS(n, identifier);
		if (name && IS(n, identifier)) {
			/* The `total` of self.total is not the local total. */
			gg_node p = gg_node_parent(n);
			name = !(IS(p, attribute) && gg_node_eq(FIELD(p, attribute), n));
		}
		if (name && !(skip_detached && (is_detached_use(c, n) || is_detached_iteration(c, n)))) {
			bool added;
			span s = node_span(c, n);
			if (!table_insert(&f->reached, s, &added) ||
			    (added && gg_grow((void **)&f->work, &f->work_cap, f->work_len, sizeof *f->work))) {
				fail(c, -ENOMEM);
				return;
			}
			if (added)
				f->work[f->work_len++] = s;
		}
	}
}

static int span_cmp(span a, span b)
{
	size_t n = a.len < b.len ? a.len : b.len;
	int r = memcmp(a.ptr, b.ptr, n);
	if (r)
		return r;
	return a.len < b.len ? -1 : a.len > b.len;
}

static int assign_cmp(const void *pa, const void *pb)
{
	return span_cmp(((const assign_fact *)pa)->lhs, ((const assign_fact *)pb)->lhs);
}

/* First assignment to lhs in the sorted facts, or assigns_len. */
static size_t assign_lower_bound(const function *fn, span lhs)
{
	size_t lo = 0, hi = fn->assigns_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (span_cmp(fn->assigns[mid].lhs, lhs) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Drops the candidates whose accumulator reaches a backward call (directly or
 * through assignments: preds = torch.cat(outs); loss = f(preds); loss.backward())
 * or a return of a function that is not evaluation code. Flow-insensitive: a
 * flow anywhere in the function counts, which errs towards silence.
 */
/* Follows the names in f's work list back through the function's assignments. */
static void flow_close(check *c, function *fn, flow *f)
{
	while (f->work_len && !c->error) {
		span name = f->work[--f->work_len];
		for (size_t i = assign_lower_bound(fn, name); i < fn->assigns_len && span_eq(fn->assigns[i].lhs, name) &&
							      !c->error; i++) {
			if (fn->assigns[i].done)
				continue;
			fn->assigns[i].done = true;
			flow_harvest(f, fn->assigns[i].rhs, false);
		}
	}
}

/*
 * Whether the loop around stmt (the innermost, in this function) runs a
 * backward of its own on each iteration: then what it accumulates is no
 * loss for a later backward (the graphs' parameters are stepped in place
 * on every iteration), whatever it is summed from.
 */
static bool loop_backwards(const check *c, const function *fn, gg_node stmt)
{
	gg_node loop = gg_node_parent(stmt);
	while (!gg_node_is_null(loop) && !IS(loop, for_statement) && !IS(loop, while_statement) &&
	       !IS(loop, function_definition))
		loop = gg_node_parent(loop);
	if (gg_node_is_null(loop) || IS(loop, function_definition))
		return false;
	uint32_t lo = gg_node_start_byte(loop), hi = gg_node_end_byte(loop);
	for (size_t i = 0; i < fn->sinks_len; i++) {
		uint32_t at = gg_node_start_byte(fn->sinks[i]);
		if (at >= lo && at < hi && !sink_is_step(c, fn->sinks[i]))
			return true;
	}
	return false;
}

/*
 * Drops the candidates whose accumulator flows into a backward (a loss summed
 * on purpose) or, outside evaluation code, out of the function (outputs
 * gathered for a loss elsewhere), unless .backward() already ran on the value
 * in the loop, or the loop runs a backward of its own on every iteration and
 * the value's history is a forward's or a loss's (not only a value the
 * backward's graph read): then the sum can only be for logging (the PyTorch
 * FAQ's case; a stats dict of an update loop returned to be logged).
 */
/*
 * Whether a sink can read what the accumulation at stmt built: it comes after
 * it, or a loop holds both (the next iteration's). A sink before it, outside
 * any common loop, read an earlier value of the same name (a training sum
 * backwarded, then the name rebound to 0 for evaluation).
 */
static bool sink_may_read(const check *c, gg_node stmt, gg_node sink)
{
	if (gg_node_start_byte(sink) > gg_node_start_byte(stmt))
		return true;
	for (gg_node p = gg_node_parent(stmt); !gg_node_is_null(p); p = gg_node_parent(p)) {
		if (IS(p, function_definition) || IS(p, class_definition))
			return false;
		if ((IS(p, for_statement) || IS(p, while_statement)) && gg_node_start_byte(sink) >= gg_node_start_byte(p))
			return true;
	}
	return false;
}

/* Whether name's last binding in fn detached what it holds (`log_probs = torch.cat(log_probs).detach()`). */
static bool bound_detached(const check *c, const function *fn, span name)
{
	const name_info *info = table_find(&fn->names, name);
	gg_node stmt = info && info->bound_at != NO_POS ? info->bound_stmt : gg_node_null();
	gg_node assign = IS(stmt, expression_statement) && gg_node_named_child_count(stmt) ? gg_node_named_child(stmt, 0)
											     : gg_node_null();
	gg_node right = IS(assign, assignment) ? skip_parens(c, FIELD(assign, right)) : gg_node_null();
	gg_node fn_node = IS(right, call) ? FIELD(right, function) : gg_node_null();
	if (!IS(fn_node, attribute))
		return false;
	span m = node_span(c, FIELD(fn_node, attribute));
	return span_is(m, "detach") || span_is(m, "item") || span_is(m, "tolist") || span_is(m, "numpy");
}

/*
 * Drops the candidates whose list or total the function hands, as it is,
 * to a function of this file that trains with it (an actor-critic's loss
 * helper, called with the rollout's lists, that calls backward): the
 * gradient is needed, as where a backward takes it here. A name rebound to
 * a detached copy before the call hands no graph.
 */
static void helpers_filter(check *c, function *fn, gg_node body)
{
	if (gg_node_is_null(body) || !fn->cands_len)
		return;
	for (size_t r = gg_call_refs_from(c->call_refs, c->call_refs_len, gg_node_start_byte(body));
	     r < c->call_refs_len && c->call_refs[r].start < gg_node_end_byte(body) && !c->error; r++) {
		const gg_call_ref *ref = &c->call_refs[r];
		if (!gg_semantic_call_trains(c->model, ref->start))
			continue;
		gg_node args = FIELD(ref->node, arguments);
		for (uint32_t a = 0, n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0; a < n; a++) {
			gg_node arg = gg_node_named_child(args, a);
			if (IS(arg, keyword_argument))
				arg = FIELD(arg, value);
			if (!is_name_chain(c, arg) || bound_detached(c, fn, node_span(c, arg)))
				continue;
			for (size_t i = 0; i < fn->cands_len; i++)
				if (!fn->cands[i].dropped && span_eq(fn->cands[i].key, node_span(c, arg)) &&
				    sink_may_read(c, fn->cands[i].stmt, ref->node))
					fn->cands[i].dropped = true;
		}
	}
}

/* Whether target is an attribute of self (`self.loss`, `self.stats.total`). */
static bool stores_on_self(const check *c, gg_node target)
{
	if (!IS(target, attribute))
		return false;
	while (IS(target, attribute))
		target = FIELD(target, object);
	return IS(target, identifier) && span_is(node_span(c, target), "self");
}

/* Whether branch (a block) appends or adds a detached copy into the accumulator key: `log_probs.append(lp.detach())`. */
static bool branch_detaches_into(const check *c, gg_node branch, span key)
{
	for (size_t r = gg_call_refs_from(c->call_refs, c->call_refs_len, gg_node_start_byte(branch));
	     r < c->call_refs_len && c->call_refs[r].start < gg_node_end_byte(branch); r++) {
		const gg_call_ref *ref = &c->call_refs[r];
		gg_node callee = FIELD(ref->node, function);
		if (!IS(callee, attribute) || !span_eq(node_span(c, FIELD(callee, object)), key))
			continue;
		span m = node_span(c, FIELD(callee, attribute));
		if ((span_is(m, "append") || span_is(m, "extend")) &&
		    span_contains(node_span(c, FIELD(ref->node, arguments)), ".detach()"))
			return true;
	}
	for (gg_node n = branch; !gg_node_is_null(n);) {
		if (IS(n, augmented_assignment) && span_eq(node_span(c, FIELD(n, left)), key) &&
		    span_contains(node_span(c, FIELD(n, right)), ".detach()"))
			return true;
		n = gg_node_walk_next(branch, n, !IS(n, function_definition) && !IS(n, class_definition));
	}
	return false;
}

/*
 * Whether the accumulation at stmt sits in one branch of an if whose other
 * branch accumulates a detached copy into the same accumulator (`if train:
 * log_probs.append(lp)` / `else: log_probs.append(lp.detach())`): the author
 * chose to keep the graph in this branch, for a gradient someone needs.
 */
static bool detached_twin(const check *c, const candidate *cand)
{
	gg_node branch = gg_node_null();
	for (gg_node n = cand->stmt, p = gg_node_parent(n); !gg_node_is_null(p); n = p, p = gg_node_parent(p)) {
		if (IS(p, function_definition) || IS(p, class_definition) || IS(p, for_statement) || IS(p, while_statement))
			return false;
		if (IS(n, block) && (IS(p, if_statement) || IS(p, elif_clause) || IS(p, else_clause)))
			branch = n;
		if (!IS(p, if_statement))
			continue;
		/* The if's branches: its consequence, each elif's and the else's. */
		for (uint32_t i = 0, count = gg_node_named_child_count(p); i < count; i++) {
			gg_node k = gg_node_named_child(p, i);
			gg_node block = IS(k, block) ? k : IS(k, elif_clause) || IS(k, else_clause) ? FIELD(k, consequence) : gg_node_null();
			if (IS(k, else_clause) && gg_node_is_null(block))
				block = FIELD(k, body);
			if (!gg_node_is_null(block) && !gg_node_eq(block, branch) && branch_detaches_into(c, block, cand->key))
				return true;
		}
		return false;
	}
	return false;
}

static void candidates_filter(check *c, function *fn, gg_node body)
{
	flow f = { c, { NULL, 0, 0 }, NULL, 0, 0 };
	if (fn->assigns_len)
		qsort(fn->assigns, fn->assigns_len, sizeof *fn->assigns, assign_cmp);
	/* Each sink on its own: what it reaches, and which accumulations come before it. */
	for (size_t s = 0; s < fn->sinks_len && !c->error; s++) {
		for (size_t k = 0; k < fn->assigns_len; k++)
			fn->assigns[k].done = false;
		flow_harvest(&f, fn->sinks[s], false);
		flow_close(c, fn, &f);
		for (size_t i = 0; i < fn->cands_len; i++)
			if (!fn->cands[i].dropped && table_find(&f.reached, fn->cands[i].key) &&
			    sink_may_read(c, fn->cands[i].stmt, fn->sinks[s]))
				fn->cands[i].dropped = true;
		table_free(&f.reached);
		f.work_len = 0;
	}
	for (size_t k = 0; k < fn->assigns_len; k++)
		fn->assigns[k].done = false;
	helpers_filter(c, fn, body);
	for (size_t i = 0; i < fn->cands_len; i++)
		if (!fn->cands[i].dropped && detached_twin(c, &fn->cands[i]))
			fn->cands[i].dropped = true;
	if (!fn->evaluation && !gg_node_is_null(body)) {
		/*
		 * Returns and yields of this function, not of nested ones, and what
		 * it stores on its instance (`self.loss += rl_loss`), which a
		 * sibling method may take on to a backward.
		 */
		for (gg_node n = body; !gg_node_is_null(n) && !c->error;) {
			bool descend = !IS(n, function_definition) && !IS(n, class_definition) &&
				       !IS(n, lambda);
			if (IS(n, return_statement) || IS(n, yield)) {
				flow_harvest(&f, n, true);
				descend = false;
			} else if ((IS(n, assignment) || IS(n, augmented_assignment)) && stores_on_self(c, FIELD(n, left))) {
				flow_harvest(&f, FIELD(n, right), true);
				descend = false;
			}
			n = gg_node_walk_next(body, n, descend);
		}
		flow_close(c, fn, &f);
		for (size_t i = 0; i < fn->cands_len; i++)
			if (!fn->cands[i].h.backwarded && table_find(&f.reached, fn->cands[i].key) &&
			    (fn->cands[i].by_input || !loop_backwards(c, fn, fn->cands[i].stmt)))
				fn->cands[i].dropped = true;
	}
	table_free(&f.reached);
	free(f.work);
}

/* Ends a function: its surviving candidates wait for the file's call sites. */
static void function_finish(check *c, function *fn, gg_node body)
{
	if (c->probe) {
		table_free(&fn->names);
		free(fn->assigns);
		free(fn->sinks);
		free(fn->cands);
		return;
	}
	for (size_t i = 0; i < fn->cands_len && !c->error; i++)
		if (fn->cands[i].by_later_backward)
			later_backward_settle(c, fn, &fn->cands[i]);
	if (fn->cands_len && !c->error)
		candidates_filter(c, fn, body);
	for (size_t i = 0; i < fn->cands_len && !c->error; i++) {
		if (fn->cands[i].dropped)
			continue;
		if (gg_grow((void **)&c->pending, &c->pending_cap, c->pending_len, sizeof *c->pending))
			fail(c, -ENOMEM);
		else
			c->pending[c->pending_len++] = (pending){ fn->cands[i], fn->name };
	}
	table_free(&fn->names);
	free(fn->assigns);
	free(fn->sinks);
	free(fn->cands);
}

/* ---- findings ---- */

/* A short quotation of a node for messages, or an empty span when long or multi-line. */
static span quote_of(const check *c, gg_node n)
{
	span s = node_span(c, n);
	if (s.len > MAX_QUOTE || memchr(s.ptr, '\n', s.len) || memchr(s.ptr, '\r', s.len))
		s.len = 0;
	return s;
}

/* Whether v reads as one term, so v.detach() needs no parentheses. */
static bool is_primary(const check *c, gg_node v)
{
	return IS(v, identifier) || IS(v, attribute) || IS(v, call) ||
	       IS(v, subscript) || IS(v, parenthesized_expression);
}

static void report(check *c, const candidate *cand)
{
	span stmt = quote_of(c, cand->stmt);
	span acc = quote_of(c, cand->acc);
	span val = quote_of(c, cand->value);
	span callee = quote_of(c, FIELD(cand->h.origin, function));
	bool scalar = cand->h.loss || span_contains(node_span(c, cand->value), "loss");

	char *what = stmt.len ? gg_strdup_printf("%.*s", (int)stmt.len, stmt.ptr)
			      : acc.len ? gg_strdup_printf("accumulating into %.*s", (int)acc.len, acc.ptr)
					: gg_strdup_printf("this accumulation");
	char *value = val.len ? gg_strdup_printf("%.*s", (int)val.len, val.ptr) : gg_strdup_printf("the value");
	/* Known only by the backward that ran on it: say so. */
	char *origin = cand->by_backward ? gg_strdup_printf("the graph its .backward() ran through")
		       : cand->by_input && callee.len ? gg_strdup_printf("the graph %.*s() ran through", (int)callee.len, callee.ptr)
		       : callee.len ? gg_strdup_printf("%.*s(...)", (int)callee.len, callee.ptr)
				    : gg_strdup_printf(cand->h.loss ? "a loss computation" : "a model forward");
	char *fixed = !val.len ? gg_strdup_printf("its ")
			       : is_primary(c, skip_parens(c, cand->value)) ? gg_strdup_printf("%.*s", (int)val.len, val.ptr)
								      : gg_strdup_printf("(%.*s)", (int)val.len, val.ptr);
	char *message = NULL, *related = NULL;
	if (what && value && origin && fixed) {
		/* What the fix writes (.detach(), fix.c), then the number a scalar may be kept as instead. */
		const char *dot = val.len ? "." : "";
		message = gg_strdup_printf("%s keeps every iteration's autograd graph alive: %s carries history from %s; "
					   "%s %s%sdetach() instead%s%s%s%s",
					   what, value, origin, cand->list ? "append" : "accumulate", fixed, dot,
					   scalar ? ", or " : "", scalar ? fixed : "", scalar ? dot : "",
					   scalar ? "detach().item() for a Python float" : "");
		related = gg_strdup_printf("%s made here", origin);
	}
	free(what);
	free(value);
	free(origin);
	free(fixed);
	if (!message || !related) {
		free(message);
		free(related);
		fail(c, -ENOMEM);
		return;
	}
	gg_byte_range at = { gg_node_start_byte(cand->stmt), gg_node_end_byte(cand->stmt) };
	gg_finding *f = gg_findings_push(c->out, rule_code, GG_SEVERITY_WARNING, at, message);
	if (!f) {
		free(related);
		fail(c, -ENOMEM);
		return;
	}
	/* The value joined onto the accumulator: where .detach() goes. */
	f->fix_at = (gg_byte_range){ gg_node_start_byte(cand->value), gg_node_end_byte(cand->value) };
	/*
	 * A torch loss, or what .backward() ran on, is a tensor; so is what a
	 * tensor method returns. A forward's output may be a tuple, and what a
	 * callable named like a loss returns may be a number.
	 */
	if (cand->h.loss_known || cand->h.backwarded)
		f->proof = GG_PROOF_TENSOR | GG_PROOF_SCALAR;
	else if (cand->h.tensor)
		f->proof = GG_PROOF_TENSOR;
	gg_byte_range origin_at = { gg_node_start_byte(cand->h.origin), gg_node_end_byte(cand->h.origin) };
	if (gg_finding_add_related(f, origin_at, related))
		fail(c, -ENOMEM);
}

static int call_site_cmp(const void *pa, const void *pb)
{
	const call_site *a = pa, *b = pb;
	int r = span_cmp(a->name, b->name);
	return r ? r : (int)a->grad_off - (int)b->grad_off;
}

/* Whether the function is called in the file, and only with grad off. */
static bool only_called_without_grad(const check *c, span name)
{
	size_t lo = 0, hi = c->calls_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (span_cmp(c->calls[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Sorted with grad-on sites first: the first site decides. */
	return lo < c->calls_len && span_eq(c->calls[lo].name, name) && c->calls[lo].grad_off;
}

static void file_finish(check *c)
{
	if (c->calls_len)
		qsort(c->calls, c->calls_len, sizeof *c->calls, call_site_cmp);
	for (size_t i = 0; i < c->pending_len && !c->error; i++) {
		const pending *p = &c->pending[i];
		if ((p->function.len && only_called_without_grad(c, p->function)) ||
		    gg_semantic_branch_guarded(c->model, gg_node_start_byte(p->cand.stmt)))
			continue;
		report(c, &p->cand);
	}
}

/* ---- the walk ---- */

static void walk_block(check *c, ctx x, gg_node block);

static ctx ctx_nested(const ctx *x)
{
	ctx sub = *x;
	sub.depth++;
	return sub;
}

/* Whether the probe can skip a statement: candidate_consider would turn any accumulation in it down. */
static bool probe_skips(const check *c, const ctx *x)
{
	return c->probe && ((gg_node_is_null(x->loop) && !x->fn->globals) || x->grad_off || x->fn->builds_graph);
}

static void walk_simple(check *c, ctx *x, gg_node stmt)
{
	calls_scan(c, x, stmt);
	if (!probe_skips(c, x) && !x->fn->sites_only && IS(stmt, expression_statement) &&
	    gg_node_named_child_count(stmt) == 1) {
		gg_node e = gg_node_named_child(stmt, 0);
		if (IS(e, assignment))
			assignment_handle(c, x, stmt, e);
		else if (IS(e, augmented_assignment))
			augmented_handle(c, x, e);
		else if (IS(e, call))
			call_statement_handle(c, x, e);
	}
	int err = 0;
	gg_grad_mode g = gg_grad_statement_mode(&c->torch, stmt, &err);
	if (err)
		fail(c, err);
	if (g == GG_GRAD_OFF || g == GG_GRAD_CONTROLLED || gg_tree_index_grad_off(c->index, c->root, stmt))
		x->grad_off = true;
	else if (g == GG_GRAD_ON)
		x->grad_off = false;
}

/* if/for/while/try/match and their clauses: expressions in the header, blocks below. */
static void walk_compound(check *c, const ctx *x, gg_node node)
{
	bool loop = IS(node, for_statement) || IS(node, while_statement);
	if (IS(node, for_statement) && !c->probe && !x->fn->sites_only) {
		/* The loop variable is bound afresh, with a value of unknown origin. */
		targets_bind(c, x->fn, FIELD(node, left), gg_node_null(), FIELD(node, left), x->grad_off, false, 0);
		/*
		 * For the flow to a backward, each name it binds comes from the
		 * iterable: `for k, l in loss.items(): total += l` then
		 * total.backward() reaches the accumulations into loss[...].
		 */
		gg_node left = FIELD(node, left), right = FIELD(node, right);
		for (gg_node n = left; !gg_node_is_null(n) && !gg_node_is_null(right) && !c->error;
		     n = gg_node_walk_next(left, n, true))
			if (IS(n, identifier))
				assign_fact_add(c, x->fn, n, right);
	}
	uint32_t count = gg_node_named_child_count(node);
	for (uint32_t i = 0; i < count && !c->error; i++) {
		gg_node ch = gg_node_named_child(node, i);
		TSSymbol sym = gg_node_symbol(ch);
		const char *type = sym == c->ids->sym_block ? "block" : gg_node_type(ch);
		ctx sub = ctx_nested(x);
		/* GG001's answer: a shared step's evaluation half that every evaluation call runs without grad. */
		if (gg_tree_index_grad_off(c->index, c->root, ch))
			sub.grad_off = true;
		if (sym == c->ids->sym_block) {
			if (loop && gg_node_eq(ch, FIELD(node, body)))
				sub.loop = node;
			walk_block(c, sub, ch);
		} else if (strstr(type, "_clause") && strcmp(type, "if_clause") != 0) {
			if (sub.depth <= MAX_BLOCK_DEPTH)
				walk_compound(c, &sub, ch);
		} else if (sym != c->ids->sym_comment) {
			calls_scan(c, x, ch);
		}
	}
}

static void walk_with(check *c, const ctx *x, gg_node node)
{
	ctx sub = ctx_nested(x);
	uint32_t count = gg_node_named_child_count(node);
	for (uint32_t i = 0; i < count; i++) {
		gg_node ch = gg_node_named_child(node, i);
		if (!IS(ch, with_clause))
			continue;
		calls_scan(c, x, ch);
		int err = 0;
		gg_grad_mode g = gg_grad_with_mode(&c->torch, ch, &err);
		if (err)
			fail(c, err);
		if (g == GG_GRAD_OFF)
			sub.grad_off = true;
		else if (g == GG_GRAD_ON)
			sub.grad_off = false;
	}
	/* GG001's answer, which also knows the project's wrappers and the file's own. */
	if (gg_tree_index_grad_off(c->index, c->root, node))
		sub.grad_off = true;
	walk_block(c, sub, FIELD(node, body));
}

static void walk_class(check *c, const ctx *x, gg_node node)
{
	const gg_tree_index *ix = c->index;
	/* A unit test gathers outputs on purpose (GG001's TestCase classes). */
	if (ix && gg_node_eq(ix->root, c->root) &&
	    gg_offsets_has(ix->test_classes, ix->test_classes_len, gg_node_start_byte(node)))
		return;
	ctx sub = ctx_nested(x);
	sub.cls = node;
	walk_block(c, sub, FIELD(node, body));
}

/* Framework hooks that run without grad (SPEC §2): Lightning's validation_step, HF prediction_step. */
static bool is_no_grad_hook(const check *c, gg_node cls, span name)
{
	static const char *const lightning_hooks[] = { "validation_step", "test_step", "predict_step", NULL };
	bool lightning = span_one_of(name, lightning_hooks), trainer = span_is(name, "prediction_step");
	if (gg_node_is_null(cls) || (!lightning && !trainer))
		return false;
	span bases = node_span(c, FIELD(cls, superclasses));
	return lightning ? span_contains(bases, "LightningModule") : span_contains(bases, "Trainer");
}

/*
 * Whether text may call a function the probe met a candidate in: the full
 * walk of a function keeps only call sites, and only sites of those
 * functions matter (only_called_without_grad), so text that never spells
 * their names need not be walked.
 */
static bool calls_hits(const check *c, span text)
{
	if (c->hit_calls_ok) {
		uint32_t start = (uint32_t)(text.ptr - c->text);
		return gg_offsets_any_in(c->hit_calls, c->hit_calls_len, start, start + (uint32_t)text.len);
	}
	for (size_t i = 0; i < c->hit_names_len; i++)
		if (c->hit_names[i].len && memmem(text.ptr, text.len, c->hit_names[i].ptr, c->hit_names[i].len))
			return true;
	return false;
}

static int span_qcmp(const void *pa, const void *pb)
{
	return span_cmp(*(const span *)pa, *(const span *)pb);
}

/*
 * Where the file calls a function the probe met a candidate in, from the
 * calls the index holds: a sorted position list answers calls_hits for each
 * function, where a text search per function and name grew with both. Only
 * name-chain calls make sites (call_site_add), so nothing else is missed.
 */
static void hit_calls_collect(check *c)
{
	c->hit_calls_len = 0;
	c->hit_calls_ok = false;
	if (!c->calls_exact)
		return;
	if (c->hit_names_len)
		qsort(c->hit_names, c->hit_names_len, sizeof *c->hit_names, span_qcmp);
	for (size_t i = 0; i < c->call_refs_len; i++) {
		const gg_call_ref *ref = &c->call_refs[i];
		if (!ref->names)
			continue;
		span last = { c->text + ref->last_start, ref->callee_end - ref->last_start };
		if (!c->hit_names_len ||
		    !bsearch(&last, c->hit_names, c->hit_names_len, sizeof *c->hit_names, span_qcmp))
			continue;
		if (gg_grow((void **)&c->hit_calls, &c->hit_calls_cap, c->hit_calls_len, sizeof *c->hit_calls)) {
			fail(c, -ENOMEM);
			return;
		}
		c->hit_calls[c->hit_calls_len++] = ref->start;
	}
	if (c->hit_calls_len)
		qsort(c->hit_calls, c->hit_calls_len, sizeof *c->hit_calls, u32_cmp);
	c->hit_calls_ok = true;
}

/* Whether cls (a class_definition or a null node) is one of the file's module classes, as GG001 decided. */
static bool in_module_class(const check *c, gg_node cls)
{
	const gg_tree_index *ix = c->index;
	return !gg_node_is_null(cls) && ix && gg_node_eq(ix->root, c->root) &&
	       gg_offsets_has(ix->module_classes, ix->module_classes_len, gg_node_start_byte(cls));
}

/* build_layers, _make_residual, create_heads: functions that assemble modules. */
static bool builder_name(span name)
{
	static const char *const verbs[] = { "build", "make", "create", "init", "setup", "construct", NULL };
	while (name.len && name.ptr[0] == '_') {
		name.ptr++;
		name.len--;
	}
	size_t n = 0;
	while (n < name.len && name.ptr[n] != '_')
		n++;
	return span_one_of((span){ name.ptr, n }, verbs);
}

/* decorated is the decorated_definition around def, or a null node. */
static void walk_function(check *c, const ctx *x, gg_node def, gg_node decorated)
{
	function fn;
	memset(&fn, 0, sizeof fn);
	fn.name = node_span(c, FIELD(def, name));
	fn.start = gg_node_start_byte(def);
	fn.def = def;
	fn.sites_only = !c->probe && !(c->hits_len && bsearch(&fn.start, c->hits, c->hits_len, sizeof *c->hits, u32_cmp));
	/* Evaluation code as the semantic model sees it (its name, an X.eval() of its own, an evaluation caller). */
	fn.evaluation = c->index && gg_node_eq(c->index->root, c->root) &&
			gg_offsets_has(c->index->eval_funcs, c->index->eval_funcs_len, fn.start);
	/*
	 * forward() and the other methods of a module gather the pieces of the
	 * model's own output (tiles of a tiled decode); __init__ and builders
	 * gather modules, not values. Not a method that trains the module
	 * itself (a `fit()` running its own backward): its loop is a training
	 * loop, as a plain function's is.
	 */
	fn.globals = span_contains(node_span(c, def), "global ");
	fn.builds_graph = span_is(fn.name, "forward") || span_is(fn.name, "__init__") || builder_name(fn.name) ||
			  (in_module_class(c, x->cls) && !gg_semantic_function_backward(c->model, gg_node_start_byte(def)));

	ctx sub = ctx_nested(x);
	sub.fn = &fn;
	sub.loop = gg_node_null();
	sub.cls = gg_node_null();
	/* A function body runs where it is called, not where it is defined. */
	sub.grad_off = is_no_grad_hook(c, x->cls, fn.name);

	uint32_t count = gg_node_is_null(decorated) ? 0 : gg_node_named_child_count(decorated);
	for (uint32_t i = 0; i < count; i++) {
		gg_node d = gg_node_named_child(decorated, i);
		if (!IS(d, decorator))
			continue;
		calls_scan(c, x, d);
		int err = 0;
		gg_grad_mode g = gg_node_has_error(d) ? GG_GRAD_OFF
						      : gg_grad_mode_of(&c->torch, gg_node_named_child(d, 0), &err);
		if (err)
			fail(c, err);
		if (g == GG_GRAD_OFF || g == GG_GRAD_CONTROLLED)
			sub.grad_off = true;
	}
	/* GG001's answer: wrappers of this file or the project, hooks, every caller guarded. */
	if (gg_tree_index_grad_off(c->index, c->root, def))
		sub.grad_off = true;
	gg_node body = FIELD(def, body);
	/*
	 * The probe looks for accumulations in loops: a function that spells
	 * neither for nor while has no loop, nor have the functions it nests,
	 * unless it adds to a global name (global_step_body).
	 */
	span text = node_span(c, def);
	if (c->probe ? span_contains(text, "for") || span_contains(text, "while") || fn.globals : !fn.sites_only || calls_hits(c, text))
		walk_block(c, sub, body);
	function_finish(c, &fn, body);
}

static void walk_statement(check *c, ctx *x, gg_node stmt)
{
	const gg_py_ids *ids = c->ids;
	TSSymbol type = gg_node_symbol(stmt);
	if (type == ids->sym_function_definition) {
		walk_function(c, x, stmt, gg_node_null());
	} else if (type == ids->sym_decorated_definition) {
		gg_node def = FIELD(stmt, definition);
		if (IS(def, function_definition))
			walk_function(c, x, def, stmt);
		else if (IS(def, class_definition))
			walk_class(c, x, def);
	} else if (type == ids->sym_class_definition) {
		walk_class(c, x, stmt);
	} else if (type == ids->sym_with_statement) {
		walk_with(c, x, stmt);
	} else if (gg_py_may_have_body(ids, type) && gg_node_child_count(stmt) &&
		   (!gg_node_has_error(stmt) || !gg_node_is_null(FIELD(stmt, body)) || !gg_node_is_null(FIELD(stmt, consequence)))) {
		/* Only a statement the parser could not read may lack its block: the others need no field asked. */
		walk_compound(c, x, stmt);
	} else if (!gg_node_has_error(stmt)) {
		walk_simple(c, x, stmt);
	}
}

/*
 * The statements of a block (or the module) in order. A statement the parser
 * could not read turns reporting off for the rest of the block: it may be the
 * no_grad being typed.
 */
static void walk_block(check *c, ctx x, gg_node block)
{
	if (gg_node_is_null(block) || x.depth > MAX_BLOCK_DEPTH)
		return;
	for (gg_node stmt = gg_node_first_child(block); !gg_node_is_null(stmt) && !c->error; stmt = gg_node_next_sibling(stmt)) {
		if (!gg_node_is_named(stmt) || IS(stmt, comment))
			continue;
		if (IS(stmt, ERROR)) {
			x.grad_off = true;
			continue;
		}
		walk_statement(c, &x, stmt);
		if (gg_node_has_error(stmt))
			x.grad_off = true;
	}
}

/* ---- facts about the file ---- */

static void name_note(check *c, name_table *t, gg_node chain)
{
	bool added;
	if (is_name_chain(c, chain) && !table_insert(t, node_span(c, chain), &added))
		fail(c, -ENOMEM);
}

/*
 * Names that hold models and loss objects anywhere in the file: receivers of
 * .eval()/.train()/.parameters(), instances of model and loss classes.
 */
static const char *const model_methods[] = { "eval", "train", "parameters", "named_parameters", NULL };

static void call_fact(check *c, const gg_call_ref *ref)
{
	if (!ref->attribute || !span_one_of(method_of(c, ref), model_methods))
		return;
	if (ref->names >= 2) {
		bool added;
		if (!table_insert(&c->models, (span){ c->text + ref->start, ref->object_end - ref->start }, &added))
			fail(c, -ENOMEM);
		return;
	}
	name_note(c, &c->models, FIELD(ref->callee, object)); /* not a name chain, or one too long */
}

static void assignment_fact(check *c, gg_node n)
{
	gg_node right = skip_parens(c, FIELD(n, right));
	if (IS(right, call) && is_loss_class_call(c, right))
		name_note(c, &c->losses, FIELD(n, left));
}

static void file_facts_collect(check *c, gg_node root)
{
	const gg_tree_index *ix = c->index;
	c->facts_collected = true;
	if (ix && gg_node_eq(ix->root, root)) {
		/* GG001 walked this tree already: its calls and assignments are all the facts need. */
		c->call_refs = ix->calls;
		c->call_refs_len = ix->calls_len;
		c->calls_exact = ix->calls_exact;
		for (size_t i = 0; i < ix->calls_len && !c->error; i++)
			call_fact(c, &ix->calls[i]);
		for (size_t i = 0; i < ix->assignments_len && !c->error; i++)
			assignment_fact(c, ix->assignments[i]);
		/* What GG001's facts know holds a module: built from a module class, loaded, a factory's. */
		for (size_t i = 0; i < ix->models_len && !c->error; i++) {
			bool added;
			if (!table_insert(&c->models, (span){ ix->models[i].ptr, ix->models[i].len }, &added))
				fail(c, -ENOMEM);
		}
		return;
	}
	c->calls_exact = true;
	for (gg_node n = root; !gg_node_is_null(n) && !c->error; n = gg_node_walk_next(root, n, true)) {
		if (IS(n, call)) {
			gg_call_ref ref;
			gg_call_ref_init(&ref, c->ids, c->text, c->len, n);
			if (ref.end <= ref.start ||
			    (c->own_calls_len && ref.start < c->own_calls[c->own_calls_len - 1].start))
				c->calls_exact = false;
			if (gg_grow((void **)&c->own_calls, &c->own_calls_cap, c->own_calls_len, sizeof *c->own_calls))
				fail(c, -ENOMEM);
			else
				c->own_calls[c->own_calls_len++] = ref;
			call_fact(c, &ref);
		} else if (IS(n, assignment)) {
			assignment_fact(c, n);
		}
	}
	c->call_refs = c->own_calls;
	c->call_refs_len = c->own_calls_len;
}

/* ---- the rule ---- */

static int gg002_check(void *state, const gg_rule_input *in, gg_findings *out)
{
	(void)state;
	const gg_py_ids *ids = in->ids;
	const gg_tree_index *index = gg_semantic_index(in->model);
	const gg_source *src = in->src;
	gg_node root = in->root;
	check c;
	memset(&c, 0, sizeof c);
	c.ids = ids;
	c.index = index;
	c.model = in->model;
	c.text = src->text ? src->text : "";
	c.len = src->len;
	c.root = root;
	c.out = out;
	if (c.model ? gg_semantic_test_module(c.model) : gg_source_is_test_module(src))
		return 0; /* tests gather outputs on purpose */

	int rc = gg_torch_names_init_index(&c.torch, ids, index, c.text, c.len, root);
	if (!rc && c.torch.framework_imported) {
		/* The probe, then the full walk where it found something: the same walk either way. */
		for (int pass = 0; pass < 2 && !c.error; pass++) {
			c.probe = pass == 0;
			if (!c.probe) {
				if (!c.found)
					break;
				c.found = false;
				if (c.hits_len)
					qsort(c.hits, c.hits_len, sizeof *c.hits, u32_cmp);
				if (!c.facts_collected)
					file_facts_collect(&c, root);
				hit_calls_collect(&c);
			}
			function module;
			memset(&module, 0, sizeof module);
			module.name = (span){ c.text, 0 };
			module.at_module = true;
			module.sites_only = !c.probe && !c.module_hit;
			ctx x;
			memset(&x, 0, sizeof x);
			x.fn = &module;
			x.loop = gg_node_null();
			x.cls = gg_node_null();
			if (!c.error)
				walk_block(&c, x, root);
			function_finish(&c, &module, root);
		}
		if (!c.error)
			file_finish(&c);
		rc = c.error;
	}
	gg_torch_names_free(&c.torch);
	table_free(&c.models);
	table_free(&c.losses);
	free(c.pending);
	free(c.hits);
	free(c.hit_names);
	free(c.hit_calls);
	free(c.calls);
	free(c.own_calls);
	return rc;
}

const gg_rule_impl gg_rule_gg002 = { NULL, NULL, gg002_check };
