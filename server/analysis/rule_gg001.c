/*
 * GG001 eval-forward-with-grad: a model forward in evaluation code that runs
 * with autograd on (SPEC §2).
 *
 * The check runs in three steps, each linear-ish in the file:
 *
 *   facts    one walk over the tree (facts_collect; once a query, now
 *            hand-matched on node and field ids for speed, see
 *            docs/performance.md): imports and what they bind,
 *            backward evidence, grad-disabling names, function and class
 *            definitions, assignments. From them: which classes are
 *            nn.Module / LightningModule / HF Trainer / TestCase subclasses,
 *            which names are bound to models (or to metrics and estimators),
 *            which local functions wrap no_grad.
 *   walk     the statements in order, tracking per block the grad context
 *            (with, decorators, bare set_grad_enabled, framework hooks) and
 *            the evaluation context (X.eval() regions, loops over eval-named
 *            iterables). It records every model forward run with grad on as
 *            an event, and every call of a function of this file as a site.
 *   resolve  the within-file call graph: backward reached through callees,
 *            functions guarded at every call site, functions that are
 *            evaluation code because an evaluation caller runs them with
 *            grad on (a shared step called with train=False). Then each
 *            event whose evidence holds becomes a finding.
 *
 * Choices where SPEC §2 is silent are listed in docs/rules/GG001.md and
 * marked "Choice:" below.
 */
#include <ctype.h>
#include <regex.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "config.h"
#include "grad_context.h"
#include "library_facts.h"
#include "project.h"
#include "rules.h"


static const char rule_code[] = "GG001";

/* Deeper statement nesting than CPython accepts is not analysed. */
#define MAX_BLOCK_DEPTH 200
/* Longest attribute chain read as a dotted name (a.b.c...). */
#define MAX_NAME_SEGMENTS 32
/* Calls longer than this are named by their callee in messages. */
#define MAX_QUOTED_CALL 60
/* Base classes followed through the file's own classes. */
#define MAX_CLASS_DEPTH 16
/* Rounds of the call-graph fixed points; call chains deeper than this are cut. */
#define MAX_ROUNDS 32
/* Wrappers (enumerate(tqdm(val_loader))) looked through for a loop's iterable. */
#define MAX_ITER_WRAPS 8

struct gg_rule_gg001 {
	/*
	 * The node types and fields the facts walk tests, resolved once from the
	 * grammar: comparing ids is far cheaper than ts_node_type + strcmp or a
	 * field lookup by name on every node.
	 */
	TSSymbol sym_lambda, sym_import, sym_import_from, sym_aliased_import, sym_dotted_name, sym_identifier, sym_call,
		sym_attribute, sym_argument_list, sym_assignment, sym_true, sym_decorator, sym_keyword_argument,
		sym_function_definition, sym_class_definition, sym_wildcard_import;
	TSFieldId fld_name, fld_alias, fld_module_name, fld_function, fld_attribute, fld_object, fld_arguments,
		fld_left, fld_right, fld_value;
	gg_py_ids ids; /* the same, for the walk */
	gg_tree_index index; /* filled by each check's facts walk */
	uint32_t *marks;     /* owned: the facts walk's scratch, see marks_collect */
	size_t marks_cap;
	gg_library_facts libraries; /* what well-known libraries' callables do to autograd */
	regex_t step_receiver; /* the receivers of an optimizer's step() */
	bool step_receiver_ok;
};

typedef struct span {
	const char *ptr;
	size_t len;
} span;

/* A local name bound by an import: `th` -> "torch", `ng` -> "torch.no_grad". */
typedef struct binding {
	span local;
	char *target; /* owned */
} binding;

typedef struct offsets {
	uint32_t *items; /* owned; sorted once collected */
	size_t len, cap;
} offsets;

/* A set of source spellings (`model`, `self.backbone`), sorted for bsearch. */
typedef struct spanset {
	span *items; /* owned; the spans point into the checked text */
	size_t len, cap;
} spanset;

enum class_kind {
	CLASS_MODULE = 1 << 0,    /* derives torch.nn.Module */
	CLASS_LIGHTNING = 1 << 1, /* derives a real LightningModule */
	CLASS_HF_TRAINER = 1 << 2,/* derives transformers.Trainer */
	CLASS_TESTCASE = 1 << 3,  /* derives unittest.TestCase */
	/*
	 * derives a class from another package (not torch, not the standard
	 * library): a framework's base, whose loop may call the methods under
	 * no_grad where this file cannot see it
	 */
	CLASS_EXTERNAL = 1 << 4,
};

typedef struct klass {
	TSNode node;
	span name;
	unsigned kind;
	int state; /* 0 unresolved, 1 resolving, 2 resolved */
} klass;

/*
 * A function of the file. Index 0 is the module itself, so that every event
 * and call site has a scope. Filled by the facts step (name, range, wrapper),
 * the walk (class, parent, flag) and the resolve step (the rest).
 */
typedef struct func {
	TSNode def;
	uint32_t start, end;
	span name;
	int parent;       /* enclosing function, 0 for the module */
	int cls;          /* class whose body defines it directly, or -1 */
	bool eval_name;   /* its name (or an enclosing function's) says evaluation */
	bool framework_api; /* a method of a model built on a framework's base: that framework calls it */
	bool wrapper;     /* names no_grad/inference_mode: a grad-disabling wrapper */
	bool walked;
	bool bw;          /* backward on its code path, callees included */
	bool bw_flagged;  /* every backward of its own sits under `if <flag>:` */
	bool guarded;     /* every call site in the file has grad off */
	bool from_forward;/* called from a forward(): part of the model */
	span flag;        /* the parameter of `if train:` around its backward */
	int flag_index;   /* its position among the parameters */
	bool flag_default_false;
	int eval_site;    /* a site that runs it as evaluation code with grad on, or -1 */
	uint32_t nograd_with; /* start of its first grad-disabling with, or UINT32_MAX */
} func;

/* The function index of a name, sorted by name for lookup. */
typedef struct named {
	span name;
	int index;
} named;

/* A name bound to what a library callable made, and that callable's resolved name. */
typedef struct lib_object {
	span name;
	char *factory; /* owned */
} lib_object;

/* A byte range of the body of `if <flag>:` in function index. */
typedef struct flag_range {
	int func;
	uint32_t start, end;
} flag_range;

/* What makes code evaluation code where an event or a site happens. */
typedef struct evidence {
	TSNode eval_call;    /* X.eval() in force, or a null node */
	span eval_receiver;  /* its X */
	uint32_t region_end; /* end of the block the X.eval() was called in */
	TSNode loop_iter;    /* the eval-named iterable of an enclosing loop, or null */
	bool after_train;    /* X.train() came earlier in the block */
	uint32_t loop_start, loop_end;
} evidence;

/* A model forward run with grad on, not yet known to be a finding. */
typedef struct event {
	TSNode call;
	int scope;
	evidence ev;
	bool in_loop;
	bool loaded;    /* the model was loaded (torch.load, from_pretrained) */
	span detached;  /* ".detach()" / ".data" applied to the output, or empty */
} event;

/* A call of a function of this file. */
typedef struct site {
	TSNode call;
	int caller;
	int callee;     /* -1 until resolved */
	int caller_cls; /* class of the method the call is in, for self.f() */
	span name;
	bool method;    /* self.f(...) */
	bool on_model;  /* model.f(...), model a module: f is a method of one of this file's module classes */
	bool grad_off;
	bool flag_false;/* passes a false value for the callee's flag */
	bool counted;   /* its callee's backward is already counted in the caller */
	evidence ev;
} site;

/* A receiver of .eval(): its text, the call and the end of its region. */
typedef struct receiver {
	span text;
	TSNode eval_call;
	uint32_t region_end;
} receiver;

/* Everything one check needs; lives for one gg_rule_gg001_check. */
typedef struct check {
	gg_rule_gg001 *rule;
	const char *text;
	size_t len;
	const gg_config *config; /* may be NULL */
	const gg_project *project; /* the other files' wrappers; may be NULL */
	bool pytest_module;
	bool says_set_grad_enabled; /* the text spells set_grad_enabled (bare_grad_statement) */
	bool says_enter_context;    /* the text spells enter_context (bare_grad_statement) */
	bool framework_imported;
	binding *bindings; /* owned; sorted by local name */
	size_t bindings_len, bindings_cap;
	offsets backward, gradoff, volatile_at;
	func *funcs; /* owned; [0] is the module, then by start byte */
	size_t funcs_len, funcs_cap;
	named *func_names; /* owned; sorted by name */
	klass *classes; /* owned; sorted by name */
	size_t classes_len, classes_cap;
	TSNode *assign_left, *assign_right; /* owned; parallel */
	size_t assigns_len, assigns_cap;
	spanset models, not_models, loaded;
	/* Spellings on which a method only modules have is called (model.parameters()): evidence of a module. */
	spanset module_api;
	/* Names bound to what a library callable built or loaded: `model = whisper.load_model(...)`. */
	lib_object *lib_objects; /* owned, with each factory */
	size_t lib_objects_len, lib_objects_cap;
	flag_range *flags; /* owned */
	size_t flags_len, flags_cap;
	event *events; /* owned */
	size_t events_len, events_cap;
	site *sites; /* owned */
	size_t sites_len, sites_cap;
	receiver *evals; /* owned; the stack that block views index */
	size_t evals_cap;
	gg_buf name; /* scratch for resolved names */
	span torch;  /* how this file spells torch, for fixes in messages */
	TSTreeCursor cursor;
	/* The calls and assignments of the tree, for scan_calls (and GG002): rule->index. */
	gg_tree_index *index;
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
	int func;          /* innermost function, 0 for the module */
	int cls;           /* class whose body this is, or -1 */
	int module_class;  /* innermost enclosing nn.Module class of a method, or -1 */
	bool grad_off;     /* autograd off, controlled on purpose, or unknown */
	bool exempt;       /* unit-test code */
	bool in_loop;
	bool train_branch; /* inside `if <flag>:` of a shared step */
	bool after_train;  /* after X.train() in this block: training mode on purpose */
	TSNode loop_iter;
	uint32_t loop_start, loop_end;
	uint32_t block_end;
	size_t lo, hi, base;
	unsigned depth;
} ctx;

typedef enum grad_context {
	GRAD_NONE,       /* not a grad-mode object */
	GRAD_OFF,        /* no_grad, inference_mode, set_grad_enabled(False), a wrapper */
	GRAD_ON,         /* enable_grad, set_grad_enabled(True) */
	GRAD_CONTROLLED, /* set_grad_enabled(expr): decided at run time, on purpose */
} grad_context;

/* ---- small helpers ---- */

static span node_span(const check *c, TSNode n)
{
	span out = { c->text, 0 };
	if (ts_node_is_null(n))
		return out;
	uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
	if (s <= e && e <= c->len) {
		out.ptr = c->text + s;
		out.len = e - s;
	}
	return out;
}

static span text_between(const check *c, uint32_t start, uint32_t end)
{
	return (span){ c->text + start, end - start };
}

static bool span_eq(span a, span b)
{
	return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
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

static bool span_contains(span a, const char *lit)
{
	return gg_text_contains(a.ptr, a.len, lit);
}

static int span_cmp(span a, span b)
{
	size_t n = a.len < b.len ? a.len : b.len;
	int r = n ? memcmp(a.ptr, b.ptr, n) : 0;
	if (r)
		return r;
	return a.len < b.len ? -1 : a.len > b.len;
}

#define IS(n, name) gg_py_is((n), c->rule->ids.sym_##name)
#define FIELD(n, name) ts_node_child_by_field_id((n), c->rule->ids.fld_##name)

static TSNode null_node(void)
{
	TSNode none = { { 0, 0, 0, 0 }, NULL, NULL };
	return none;
}

static void fail(check *c, int err)
{
	if (!c->error)
		c->error = err;
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

#define PUSH(c, arr, len, cap, value)                                                      \
	do {                                                                               \
		if (grow((void **)&(arr), &(cap), (len), sizeof *(arr)))                    \
			fail((c), -ENOMEM);                                                \
		else                                                                       \
			(arr)[(len)++] = (value);                                          \
	} while (0)

static int u32_cmp(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	return a < b ? -1 : a > b;
}

static void offsets_sort(offsets *o)
{
	if (o->len)
		qsort(o->items, o->len, sizeof *o->items, u32_cmp);
}

/* Whether a sorted offset lies in [start, end). */
static bool offsets_any_in(const offsets *o, uint32_t start, uint32_t end)
{
	size_t lo = 0, hi = o->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (o->items[mid] < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < o->len && o->items[lo] < end;
}

static int span_qcmp(const void *pa, const void *pb)
{
	return span_cmp(*(const span *)pa, *(const span *)pb);
}

static void spanset_sort(spanset *s)
{
	if (s->len)
		qsort(s->items, s->len, sizeof *s->items, span_qcmp);
}

static bool spanset_has(const spanset *s, span key)
{
	return s->len && bsearch(&key, s->items, s->len, sizeof *s->items, span_qcmp);
}

/* The named children that are not comments: argument lists carry comments too. */
static uint32_t argument_count(const check *c, TSNode args)
{
	uint32_t n = 0, count = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < count; i++)
		if (!IS(ts_node_named_child(args, i), comment))
			n++;
	return n;
}

static TSNode argument_at(const check *c, TSNode args, uint32_t index)
{
	uint32_t count = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < count; i++) {
		TSNode a = ts_node_named_child(args, i);
		if (IS(a, comment))
			continue;
		if (index-- == 0)
			return a;
	}
	return null_node();
}

/* An identifier or an attribute chain of identifiers: model, self.model, self.net.encoder. */
static bool is_name_chain(const check *c, TSNode n)
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
static TSNode chain_root(const check *c, TSNode n)
{
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS && IS(n, attribute); i++)
		n = FIELD(n, object);
	return n;
}

/* The last segment of a name chain: `encoder` of self.model.encoder. */
static span chain_last(const check *c, TSNode n)
{
	if (IS(n, attribute))
		return node_span(c, FIELD(n, attribute));
	return node_span(c, n);
}

static int row_of(TSNode n)
{
	return (int)ts_node_start_point(n).row + 1;
}

/* ---- words of a name ---- */

/*
 * Calls fn on each word of a snake_case or camelCase name, lower-cased into
 * a small buffer; words longer than it are never one of ours. Stops and
 * returns true when fn does.
 */
typedef bool (*word_fn)(const check *c, const char *word, size_t len, void *arg);

static bool words_any(const check *c, span name, word_fn fn, void *arg)
{
	char word[32];
	size_t n = 0;
	bool too_long = false;
	for (size_t i = 0; i <= name.len; i++) {
		char ch = i < name.len ? name.ptr[i] : '_';
		bool sep = !isalnum((unsigned char)ch); /* _ . quotes brackets, and non-ASCII */
		bool boundary = sep || (i > 0 && isupper((unsigned char)ch) && islower((unsigned char)name.ptr[i - 1]));
		if (boundary && n) {
			if (!too_long && fn(c, word, n, arg))
				return true;
			n = 0;
			too_long = false;
		}
		if (sep)
			continue;
		if (isdigit((unsigned char)ch))
			continue; /* model2, net1: digits are no part of a word */
		if (n + 1 >= sizeof word)
			too_long = true;
		else
			word[n++] = (char)tolower((unsigned char)ch);
	}
	return false;
}

static bool word_in(const char *word, size_t len, const char *const *list)
{
	for (; *list; list++)
		if (strlen(*list) == len && memcmp(*list, word, len) == 0)
			return true;
	return false;
}

static bool word_in_strings(const char *word, size_t len, const gg_strings *s)
{
	for (size_t i = 0; s && i < s->len; i++)
		if (strlen(s->items[i]) == len && strncasecmp(s->items[i], word, len) == 0)
			return true;
	return false;
}

/*
 * Words that make a function evaluation code. Not for a method of an
 * nn.Module or of a framework's class: callers judge those (walk_function).
 */
static const char *const eval_words[] = {
	"eval", "evaluate", "evaluation", "evaluating", "valid", "validate", "validation", "validating",
	"val", "test", "testing", "predict", "prediction", "predicting", "inference", "infer", "score",
	"sample", "sampling", "generate", "generation", "decode", "decoding", "translate", NULL,
};
/* Words of an iterable that make its loop evaluation code. */
static const char *const eval_iter_words[] = {
	"val", "valid", "validation", "eval", "evaluation", "test", "testing", "holdout", NULL,
};
/* Words that name a model as the last word of a name. */
static const char *const model_words[] = {
	"model", "models", "net", "network", "encoder", "decoder", "backbone", "head", "unet",
	"generator", "policy", "classifier", "discriminator", "critic", "actor", "teacher",
	"student", "vae", "autoencoder", "regressor", "detector", "segmenter", "transformer", NULL,
};
/* Words that make a model-sounding name something else: build_model(), data_generator. */
static const char *const not_model_words[] = {
	"build", "create", "get", "load", "make", "init", "setup", "wrap", "prepare", "compile",
	"save", "export", "freeze", "unfreeze", "copy", "clone", "new", "instantiate", "construct",
	"data", "batch", "dataset", "loader", "random", "rng", "noise", "seed", "loss", "criterion",
	"metric", "metrics", "fn", "func", "cls", "class", "config", "cfg", "name", "path", "type",
	"registry", "factory", "builder", "kwargs", "args", "params", "state", "dict", "output",
	/* verbs and prepositions: a callee named so is a function that takes a model */
	"unwrap", "quantize", "generate", "check", "available", "run", "apply", "compute", "update", "convert",
	"merge", "prune", "from", "to", "with", "for", "of", "is", "has", "param", "parameter", "print", "log", NULL,
};

/* What from_pretrained loads besides models, as the last word of the name it is bound to. */
static const char *const loaded_not_models[] = {
	"tokenizer", "processor", "config", "extractor", "scheduler", "pipeline", "pipe", NULL,
};

/*
 * Methods that modules have and tensors, datasets and plain objects do not
 * (to(), cuda() and float() are tensors' too): calling one on a name is
 * evidence that the name holds a module.
 */
static const char *const module_api_methods[] = {
	"eval", "train", "parameters", "named_parameters", "state_dict", "load_state_dict", "modules",
	"named_modules", "children", "named_children", "zero_grad", "requires_grad_", "register_forward_hook",
	"register_forward_pre_hook", "buffers", "named_buffers", NULL,
};

static bool is_eval_word(const check *c, const char *w, size_t n, void *arg)
{
	(void)arg;
	return word_in(w, n, eval_words) || (c->config && word_in_strings(w, n, &c->config->extra_eval_names));
}

static bool name_says_eval(const check *c, span name)
{
	if (span_is(name, "forward") || span_is(name, "__call__"))
		return false;
	/* estimate_loss is nanoGPT's evaluation: two words that only mean it together. */
	if (memmem(name.ptr, name.len, "estimate_loss", 13))
		return true;
	return words_any(c, name, is_eval_word, NULL);
}

static bool is_iter_word(const check *c, const char *w, size_t n, void *arg)
{
	(void)c;
	(void)arg;
	return word_in(w, n, eval_iter_words);
}

static bool is_not_model_word(const check *c, const char *w, size_t n, void *arg)
{
	(void)c;
	(void)arg;
	return word_in(w, n, not_model_words);
}

/*
 * The last word of a snake_case or camelCase name, lower-cased into buf:
 * "encoder" of text_encoder and textEncoder, "net" of q_net2. 0 when none fits.
 */
static size_t last_word(span name, char *buf, size_t cap)
{
	size_t end = name.len;
	while (end > 0 && (isdigit((unsigned char)name.ptr[end - 1]) || name.ptr[end - 1] == '_'))
		end--;
	size_t start = end;
	while (start > 0) {
		char ch = name.ptr[start - 1];
		if (ch == '_' || ch == '.')
			break;
		start--;
		if (isupper((unsigned char)ch))
			break; /* the capital starts the camelCase word */
	}
	size_t n = end - start;
	if (n == 0 || n >= cap)
		return 0;
	for (size_t i = 0; i < n; i++)
		buf[i] = (char)tolower((unsigned char)name.ptr[start + i]);
	return n;
}

/* model, ema_model, text_encoder, cls_head, q_net2, and config extra-model-names. */
static bool name_says_model(const check *c, span name)
{
	if (!name.len || isupper((unsigned char)name.ptr[0]))
		return false; /* Net(...) builds a model; it does not run one */
	if (c->config) {
		const gg_strings *extra = &c->config->extra_model_names;
		for (size_t i = 0; i < extra->len; i++)
			if (span_is(name, extra->items[i]))
				return true;
	}
	if (words_any(c, name, is_not_model_word, NULL))
		return false;
	char buf[32];
	size_t n = last_word(name, buf, sizeof buf);
	return n && (word_in(buf, n, model_words) ||
		     (c->config && word_in_strings(buf, n, &c->config->extra_model_names)));
}

/* ---- imports and names ---- */

static int binding_cmp(const void *pa, const void *pb)
{
	return span_cmp(((const binding *)pa)->local, ((const binding *)pb)->local);
}

/* Appends the identifiers of a dotted_name joined by dots. */
static int dotted_append(const check *c, gg_buf *b, TSNode dotted)
{
	if (IS(dotted, relative_import)) {
		/* from ..base import Base: the text, dots included, names the module well enough. */
		span s = node_span(c, dotted);
		return gg_buf_append(b, s.ptr, s.len) ? -ENOMEM : 0;
	}
	uint32_t count = ts_node_named_child_count(dotted);
	for (uint32_t i = 0, seg = 0; i < count; i++) {
		TSNode id = ts_node_named_child(dotted, i);
		if (!IS(id, identifier))
			continue;
		span s = node_span(c, id);
		if ((seg++ && gg_buf_append(b, ".", 1)) || gg_buf_append(b, s.ptr, s.len))
			return -ENOMEM;
	}
	return 0;
}

static bool is_framework(span root)
{
	static const char *const names[] = {
		"torch", "lightning", "pytorch_lightning", "transformers", "accelerate", "timm", NULL,
	};
	for (const char *const *n = names; *n; n++)
		if (span_is(root, *n))
			return true;
	return false;
}

/*
 * Records what one import binds: root is the first identifier of the module; module and
 * alias are set for `import a.b [as c]`; from_module, from_name and from_alias
 * for `from a.b import c [as d]`. Null nodes are absent captures.
 */
static int import_record(check *c, TSNode root, TSNode module, TSNode alias, TSNode from_module, TSNode from_name,
			 TSNode from_alias)
{
	TSNode name = from_name;
	if (is_framework(node_span(c, root)))
		c->framework_imported = true;

	gg_buf target = { NULL, 0, 0 };
	int rc = 0;
	span local;
	if (!ts_node_is_null(module)) {
		if (!ts_node_is_null(alias)) {
			/* import torch.autograd as ag */
			rc = dotted_append(c, &target, module);
			local = node_span(c, alias);
		} else {
			/* import torch.autograd binds torch */
			local = node_span(c, root);
			rc = gg_buf_append(&target, local.ptr, local.len);
		}
	} else if (!ts_node_is_null(from_module) && !ts_node_is_null(name)) {
		module = from_module;
		/* from torch.autograd import grad [as g] */
		rc = dotted_append(c, &target, module);
		if (!rc)
			rc = gg_buf_append(&target, ".", 1);
		if (!rc)
			rc = dotted_append(c, &target, name);
		if (!ts_node_is_null(from_alias)) {
			local = node_span(c, from_alias);
		} else {
			uint32_t n = ts_node_named_child_count(name);
			local = node_span(c, n ? ts_node_named_child(name, n - 1) : name);
		}
	} else {
		return 0; /* from torch import * */
	}
	if (!rc && target.len) {
		if (grow((void **)&c->bindings, &c->bindings_cap, c->bindings_len, sizeof *c->bindings)) {
			rc = -ENOMEM;
		} else {
			/* The binding takes the buffer. */
			c->bindings[c->bindings_len++] = (binding){ local, target.data };
			target.data = NULL;
		}
	}
	free(target.data);
	return rc;
}

static const binding *binding_find(const check *c, span local)
{
	binding key = { local, NULL };
	if (!c->bindings_len)
		return NULL;
	return bsearch(&key, c->bindings, c->bindings_len, sizeof *c->bindings, binding_cmp);
}

/*
 * Resolves a name chain through the file's imports into c->name:
 * `th.no_grad` -> "torch.no_grad", `ng` -> "torch.no_grad", `pl.LightningModule`
 * -> "pytorch_lightning.LightningModule". A root no import binds stays as
 * written. Returns false for anything but a name chain.
 */
static bool name_resolve(check *c, TSNode n)
{
	TSNode attrs[MAX_NAME_SEGMENTS];
	unsigned count = 0;
	while (IS(n, attribute)) {
		if (count == MAX_NAME_SEGMENTS)
			return false;
		attrs[count++] = FIELD(n, attribute);
		n = FIELD(n, object);
	}
	if (!IS(n, identifier))
		return false;
	c->name.len = 0;
	span root = node_span(c, n);
	const binding *b = binding_find(c, root);
	int rc = b ? gg_buf_append(&c->name, b->target, strlen(b->target)) : gg_buf_append(&c->name, root.ptr, root.len);
	while (!rc && count > 0) {
		span a = node_span(c, attrs[--count]);
		rc = gg_buf_append(&c->name, ".", 1);
		if (!rc)
			rc = gg_buf_append(&c->name, a.ptr, a.len);
	}
	if (rc) {
		fail(c, rc);
		return false;
	}
	return true;
}

static span resolved(const check *c)
{
	return (span){ c->name.data ? c->name.data : "", c->name.len };
}

static bool name_is_one_of(const check *c, const char *const *names)
{
	for (; *names; names++)
		if (span_is(resolved(c), *names))
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

/* ---- functions and classes ---- */

static int func_cmp(const void *pa, const void *pb)
{
	const func *a = pa, *b = pb;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->end > b->end ? -1 : a->end < b->end;
}

static int named_cmp(const void *pa, const void *pb)
{
	const named *a = pa, *b = pb;
	int r = span_cmp(a->name, b->name);
	return r ? r : (a->index > b->index) - (a->index < b->index);
}

static int klass_cmp(const void *pa, const void *pb)
{
	const klass *a = pa, *b = pb;
	int r = span_cmp(a->name, b->name);
	if (r)
		return r;
	uint32_t x = ts_node_start_byte(a->node), y = ts_node_start_byte(b->node);
	return (x > y) - (x < y);
}

/* The index of the function defined by def (by its start byte), or -1. */
static int func_of_def(const check *c, TSNode def)
{
	uint32_t start = ts_node_start_byte(def);
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

/* The first entry of func_names with this name, or funcs_len - 1 entries past the end. */
static size_t func_names_lower(const check *c, span name)
{
	size_t lo = 0, hi = c->funcs_len - 1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (span_cmp(c->func_names[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool is_func_name(const check *c, span name)
{
	size_t i = func_names_lower(c, name);
	return i < c->funcs_len - 1 && span_eq(c->func_names[i].name, name);
}

/* The first class of the file named name, or NULL (the classes are the check's own: not const for the caller). */
static klass *class_find(const check *c, span name)
{
	klass key = { null_node(), name, 0, 0 };
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

static unsigned class_kind(check *c, klass *k, unsigned depth);

/* A base from torch or the standard library: nothing there calls a subclass's methods under no_grad. */
static bool base_is_plain_library(span r)
{
	static const char *const roots[] = {
		"torch.", "abc.", "typing.", "typing_extensions.", "enum.", "collections.", "dataclasses.", NULL,
	};
	for (const char *const *p = roots; *p; p++)
		if (span_starts(r, *p))
			return true;
	return false;
}

/* What a base class expression makes its subclass. */
static unsigned base_kind(check *c, TSNode base, unsigned depth)
{
	if (!is_name_chain(c, base))
		return 0;
	if (IS(base, identifier)) {
		klass *k = class_find(c, node_span(c, base));
		if (k && !binding_find(c, node_span(c, base)))
			return class_kind(c, k, depth + 1);
	}
	unsigned kind = 0;
	if (span_ends(node_span(c, base), "TestCase"))
		kind |= CLASS_TESTCASE;
	bool imported = binding_find(c, node_span(c, chain_root(c, base))) != NULL;
	if (!name_resolve(c, base))
		return kind;
	span r = resolved(c);
	if (imported && !(kind & CLASS_TESTCASE) && !base_is_plain_library(r))
		kind |= CLASS_EXTERNAL;
	/* Choice: a LightningModule is real when the base resolves into the lightning packages. */
	if ((span_starts(r, "lightning.") || span_starts(r, "pytorch_lightning.")) && span_ends(r, ".LightningModule"))
		kind |= CLASS_LIGHTNING | CLASS_MODULE;
	if (span_starts(r, "transformers.") && span_ends(r, "Trainer"))
		kind |= CLASS_HF_TRAINER;
	if (span_is(r, "torch.nn.Module") || span_is(r, "torch.nn.modules.module.Module") ||
	    (span_starts(r, "torch.nn.") && r.len > 9 && isupper((unsigned char)r.ptr[r.len - chain_last(c, base).len]) &&
	     !span_ends(r, "Loss")) ||
	    (span_starts(r, "transformers.") && (span_ends(r, "PreTrainedModel") || span_ends(r, "Model"))))
		kind |= CLASS_MODULE;
	return kind;
}

/*
 * Choice: a class that defines forward() is a module even when its base comes
 * from elsewhere (a project's BaseModel, torch's own "from .module import
 * Module"): its methods are then the model's API, not evaluation code.
 */
static bool class_defines_forward(const check *c, TSNode def)
{
	TSNode body = FIELD(def, body);
	uint32_t count = ts_node_is_null(body) ? 0 : ts_node_named_child_count(body);
	for (uint32_t i = 0; i < count; i++) {
		TSNode stmt = ts_node_named_child(body, i);
		if (IS(stmt, decorated_definition))
			stmt = FIELD(stmt, definition);
		if (IS(stmt, function_definition) && span_is(node_span(c, FIELD(stmt, name)), "forward"))
			return true;
	}
	return false;
}

static unsigned class_kind(check *c, klass *k, unsigned depth)
{
	if (k->state == 2 || k->state == 1 || depth > MAX_CLASS_DEPTH)
		return k->kind; /* a cycle reads as what is known so far */
	k->state = 1;
	TSNode bases = FIELD(k->node, superclasses);
	uint32_t count = ts_node_is_null(bases) ? 0 : ts_node_named_child_count(bases);
	unsigned kind = 0;
	for (uint32_t i = 0; i < count && !c->error; i++)
		kind |= base_kind(c, ts_node_named_child(bases, i), depth);
	if (class_defines_forward(c, k->node))
		kind |= CLASS_MODULE;
	k->kind = kind;
	k->state = 2;
	return kind;
}

/* The kind of the class a class_definition node is, looked up by name and position. */
static unsigned class_kind_of(check *c, TSNode def)
{
	span name = node_span(c, FIELD(def, name));
	uint32_t at = ts_node_start_byte(def);
	klass *k = class_find(c, name);
	for (; k && k < c->classes + c->classes_len && span_eq(k->name, name); k++)
		if (ts_node_start_byte(k->node) == at)
			return class_kind(c, k, 0);
	return 0;
}

/* ---- bindings of models ---- */

/* The innermost call of a method chain: torch.load(p).eval().to(d) -> torch.load(p). */
static TSNode call_chain_base(const check *c, TSNode call)
{
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS; i++) {
		TSNode fn = FIELD(call, function);
		if (!IS(fn, attribute))
			break;
		TSNode obj = FIELD(fn, object);
		if (!IS(obj, call))
			break;
		call = obj;
	}
	return call;
}

/*
 * Sorts one assignment `X = <call>` into the model sets: X is a model when the
 * call builds one of this file's nn.Module classes or comes from a model
 * factory; a metric, loss or sklearn estimator when it builds one of those.
 */
static void assignment_classify(check *c, TSNode left, TSNode right)
{
	if (!is_name_chain(c, left))
		return;
	span target = node_span(c, left);
	TSNode base = call_chain_base(c, right);
	TSNode fn = FIELD(base, function);
	if (!is_name_chain(c, fn))
		return;
	span last = chain_last(c, fn);
	if (IS(fn, identifier) && !binding_find(c, last)) {
		klass *k = class_find(c, last);
		if (k && (class_kind(c, k, 0) & CLASS_MODULE))
			PUSH(c, c->models.items, c->models.len, c->models.cap, target);
		return;
	}
	if (!name_resolve(c, fn))
		return;
	span r = resolved(c);
	bool loaded = span_ends(r, ".from_pretrained") || span_is(r, "torch.load") || span_is(r, "torch.jit.load") ||
		      span_is(r, "torch.hub.load");
	/* AutoTokenizer.from_pretrained loads a tokenizer, not a model. */
	if (span_ends(r, ".from_pretrained") &&
	    (memmem(r.ptr, r.len, "Tokenizer", 9) || memmem(r.ptr, r.len, "Processor", 9) ||
	     memmem(r.ptr, r.len, "Config", 6) || memmem(r.ptr, r.len, "FeatureExtractor", 16)))
		return;
	/* tokenizer = tokenizer_class.from_pretrained(...): the name says what the class did not. */
	char word[32];
	size_t wn = last_word(chain_last(c, left), word, sizeof word);
	if (wn && word_in(word, wn, loaded_not_models))
		return;
	bool factory = loaded || span_starts(r, "torchvision.models.") || span_is(r, "timm.create_model");
	/*
	 * Losses, metrics, estimators, tokenizers: no modules to run. A diffusers
	 * pipeline and its kind run __call__ without grad (queries/libraries.txt).
	 */
	bool not_model = span_ends(r, "Loss") || span_ends(r, "Metric") ||
		      gg_library_facts_plain(&c->rule->libraries, r.ptr, r.len) ||
		      gg_library_facts_no_grad(&c->rule->libraries, r.ptr, r.len, NULL, 0);
	if (gg_library_facts_has_methods(&c->rule->libraries, r.ptr, r.len)) {
		char *factory = strndup(r.ptr, r.len);
		if (!factory || grow((void **)&c->lib_objects, &c->lib_objects_cap, c->lib_objects_len,
				     sizeof *c->lib_objects)) {
			free(factory);
			fail(c, -ENOMEM);
			return;
		}
		c->lib_objects[c->lib_objects_len++] = (lib_object){ target, factory };
	}
	if (not_model)
		PUSH(c, c->not_models.items, c->not_models.len, c->not_models.cap, target);
	else if (factory)
		PUSH(c, c->models.items, c->models.len, c->models.cap, target);
	if (loaded && !not_model)
		PUSH(c, c->loaded.items, c->loaded.len, c->loaded.cap, target);
}

/* ---- facts: imports, backward evidence, grad-off names, definitions, in one walk ---- */

static bool sym_is(TSNode n, TSSymbol sym)
{
	return !ts_node_is_null(n) && ts_node_symbol(n) == sym;
}

static TSNode field_id(TSNode n, TSFieldId id)
{
	return ts_node_is_null(n) ? null_node() : ts_node_child_by_field_id(n, id);
}

/* The node's text, false when it lies outside the text (a stale tree): a text predicate then fails. */
static bool node_text_of(const check *c, TSNode n, span *out)
{
	uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
	if (e < s || e > c->len)
		return false;
	*out = (span){ c->text + s, e - s };
	return true;
}

/* (#eq? @n "lit") */
static bool text_eq(const check *c, TSNode n, const char *lit)
{
	span t;
	return node_text_of(c, n, &t) && span_is(t, lit);
}

/* The name of an attribute, or an empty span. */
static span attribute_name(const check *c, TSNode attr)
{
	uint32_t end = ts_node_end_byte(attr);
	if (end > c->len)
		return (span){ c->text, 0 };
	uint32_t start = gg_py_attribute_name_start(&c->rule->ids, c->text, c->len, attr);
	return (span){ c->text + start, end - start };
}

/* The name of an attribute callee (f(x).backward: "backward"). */
static span method_of(const check *c, const gg_call_ref *ref)
{
	return (span){ c->text + ref->method_start, ref->attribute ? ref->callee_end - ref->method_start : 0 };
}

/* (dotted_name . (identifier) @import.root): the root, or a null node when the pattern fails. */
static TSNode dotted_root_of(const check *c, TSNode dotted)
{
	const gg_rule_gg001 *r = c->rule;
	if (!sym_is(dotted, r->sym_dotted_name) || ts_node_named_child_count(dotted) == 0)
		return null_node();
	TSNode root = ts_node_named_child(dotted, 0);
	return sym_is(root, r->sym_identifier) ? root : null_node();
}

/* import a.b, import a.b as c: one match per name (patterns 1 and 2). */
static int imports_of(check *c, TSNode stmt)
{
	const gg_rule_gg001 *r = c->rule;
	TSTreeCursor cur = ts_tree_cursor_new(stmt);
	int rc = 0;
	for (bool more = ts_tree_cursor_goto_first_child(&cur); more && !rc; more = ts_tree_cursor_goto_next_sibling(&cur)) {
		if (ts_tree_cursor_current_field_id(&cur) != r->fld_name)
			continue;
		TSNode item = ts_tree_cursor_current_node(&cur);
		TSNode root = dotted_root_of(c, item);
		if (!ts_node_is_null(root)) {
			rc = import_record(c, root, item, null_node(), null_node(), null_node(), null_node());
		} else if (sym_is(item, r->sym_aliased_import)) {
			TSNode module = field_id(item, r->fld_name), alias = field_id(item, r->fld_alias);
			root = dotted_root_of(c, module);
			if (!ts_node_is_null(root) && sym_is(alias, r->sym_identifier))
				rc = import_record(c, root, module, alias, null_node(), null_node(), null_node());
		}
	}
	ts_tree_cursor_delete(&cur);
	return rc;
}

/* from a.b import c [as d], from a.b import *: patterns 3, 4 and 5. */
static int from_imports_of(check *c, TSNode stmt)
{
	const gg_rule_gg001 *r = c->rule;
	TSNode module = field_id(stmt, r->fld_module_name);
	/* A relative import binds its names too (a base class from the package is not torch's). */
	TSNode root = IS(module, relative_import) ? module : dotted_root_of(c, module);
	if (ts_node_is_null(root))
		return 0;
	TSTreeCursor cur = ts_tree_cursor_new(stmt);
	int rc = 0;
	for (bool more = ts_tree_cursor_goto_first_child(&cur); more && !rc; more = ts_tree_cursor_goto_next_sibling(&cur)) {
		TSNode item = ts_tree_cursor_current_node(&cur);
		if (sym_is(item, r->sym_wildcard_import)) {
			rc = import_record(c, root, null_node(), null_node(), module, null_node(), null_node());
			continue;
		}
		if (ts_tree_cursor_current_field_id(&cur) != r->fld_name)
			continue;
		if (sym_is(item, r->sym_dotted_name)) {
			rc = import_record(c, root, null_node(), null_node(), module, item, null_node());
		} else if (sym_is(item, r->sym_aliased_import)) {
			TSNode name = field_id(item, r->fld_name), alias = field_id(item, r->fld_alias);
			if (sym_is(name, r->sym_dotted_name) && sym_is(alias, r->sym_identifier))
				rc = import_record(c, root, null_node(), null_node(), module, name, alias);
		}
	}
	ts_tree_cursor_delete(&cur);
	return rc;
}

/* (#match? @_receiver "([Oo]ptim|(^|[._])opt($|_)|[Ss]caler$)") */
static bool step_receiver(const check *c, TSNode receiver)
{
	span t;
	if (!c->rule->step_receiver_ok || !node_text_of(c, receiver, &t))
		return false;
	char *copy = malloc(t.len + 1);
	if (!copy)
		return false;
	memcpy(copy, t.ptr, t.len);
	copy[t.len] = '\0';
	bool hit = regexec(&c->rule->step_receiver, copy, 0, NULL, 0) == 0;
	free(copy);
	return hit;
}

/*
 * Where the nodes the facts walk looks for inside expressions can be: every
 * '(' (calls) and every start of no_grad or inference_mode (the names it
 * looks for without a call: @torch.no_grad, ctx = torch.no_grad) and of
 * volatile (volatile=True). Each such node has its mark after the start of
 * every node around it, so the walk enters an expression only where a mark
 * lies after its start: not an argument or parameter list whose only bracket
 * is its own, nor the names, operators and punctuation that no rule reads.
 * Sorted; *count of them.
 */
static int marks_collect(check *c, size_t *count)
{
	gg_rule_gg001 *r = c->rule;
	*count = 0;
	for (const char *p = c->text, *end = c->text + c->len; p && p < end; p++) {
		p = memchr(p, '(', (size_t)(end - p));
		if (!p)
			break;
		if (grow((void **)&r->marks, &r->marks_cap, *count, sizeof *r->marks))
			return -ENOMEM;
		r->marks[(*count)++] = (uint32_t)(p - c->text);
	}
	static const char *const words[] = { "no_grad", "inference_mode", "volatile", NULL };
	bool words_found = false;
	for (const char *const *w = words; *w; w++) {
		size_t n = strlen(*w);
		for (const char *p = c->text, *end = c->text + c->len; p < end; p++) {
			p = memmem(p, (size_t)(end - p), *w, n);
			if (!p)
				break;
			if (grow((void **)&r->marks, &r->marks_cap, *count, sizeof *r->marks))
				return -ENOMEM;
			r->marks[(*count)++] = (uint32_t)(p - c->text);
			words_found = true;
		}
	}
	if (words_found)
		qsort(r->marks, *count, sizeof *r->marks, u32_cmp);
	return 0;
}

/* Whether a mark lies in [start, end); *next is the first mark not before the last start asked. */
static bool marks_within(const uint32_t *marks, size_t count, size_t *next, uint32_t start, uint32_t end)
{
	size_t k = *next;
	if (k > 0 && k <= count && marks[k - 1] >= start) {
		/* A node that starts before the one asked last (error recovery): search again. */
		size_t lo = 0, hi = count;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (marks[mid] < start)
				lo = mid + 1;
			else
				hi = mid;
		}
		k = lo;
	}
	while (k < count && marks[k] < start)
		k++;
	*next = k;
	return k < count && marks[k] < end;
}

/* Hands the spellings that hold modules to the other rules through the index. */
static void models_publish(check *c)
{
	gg_tree_index *ix = c->index;
	ix->models_len = 0;
	ix->module_classes_len = 0;
	for (size_t i = 0; i < c->classes_len && !c->error; i++) {
		unsigned kind = class_kind(c, &c->classes[i], 0);
		if (!(kind & CLASS_MODULE) || (kind & CLASS_LIGHTNING))
			continue;
		if (grow((void **)&ix->module_classes, &ix->module_classes_cap, ix->module_classes_len,
			 sizeof *ix->module_classes)) {
			fail(c, -ENOMEM);
			return;
		}
		ix->module_classes[ix->module_classes_len++] = ts_node_start_byte(c->classes[i].node);
	}
	if (ix->module_classes_len)
		qsort(ix->module_classes, ix->module_classes_len, sizeof *ix->module_classes, u32_cmp);
	const spanset *sets[] = { &c->models, &c->module_api };
	for (size_t k = 0; k < 2 && !c->error; k++) {
		for (size_t i = 0; i < sets[k]->len; i++) {
			span s = sets[k]->items[i];
			if (spanset_has(&c->not_models, s))
				continue;
			if (grow((void **)&ix->models, &ix->models_cap, ix->models_len, sizeof *ix->models)) {
				fail(c, -ENOMEM);
				return;
			}
			ix->models[ix->models_len++] = (gg_text_span){ s.ptr, s.len };
		}
	}
}

static int facts_collect(check *c, TSNode root)
{
	gg_rule_gg001 *r = c->rule;
	/* Names wait for every binding: an import may follow its use in the text. */
	TSNode *callees = NULL, *offs = NULL; /* owned */
	size_t callees_len = 0, callees_cap = 0, offs_len = 0, offs_cap = 0;

	func module = { root, 0, (uint32_t)c->len, { "<module>", 8 }, 0, -1, false, false, false, false, false, false,
			false, false, { NULL, 0 }, -1, false, -1, UINT32_MAX };
	PUSH(c, c->funcs, c->funcs_len, c->funcs_cap, module);

	/*
	 * Every node once, in document order:
	 * each node type checks the patterns it can start.
	 */
	TSTreeCursor cur = ts_tree_cursor_new(root);
	uint32_t lambda_end = 0; /* end of the outermost lambda around the walk, 0 outside */
	gg_tree_index *ix = c->index;
	ix->root = null_node();
	ix->calls_len = ix->assignments_len = ix->imports_len = ix->models_len = ix->module_classes_len = 0;
	ix->grad_off_len = 0;
	ix->calls_exact = true;
	/* Whether the nodes at each depth have only statement holders above them (imports there count). */
	size_t depth = 0;
	if (grow((void **)&ix->reach, &ix->reach_cap, 0, sizeof *ix->reach))
		fail(c, -ENOMEM);
	else
		ix->reach[0] = true;
	size_t marks_len = 0, mark_next = 0;
	int marks_rc = marks_collect(c, &marks_len);
	if (marks_rc)
		fail(c, marks_rc);
	for (bool more = true; more && !c->error;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		TSSymbol sym = ts_node_symbol(n);
		if (sym == r->sym_lambda) {
			uint32_t start = ts_node_start_byte(n);
			if (start >= lambda_end)
				lambda_end = ts_node_end_byte(n);
		} else if (sym == r->sym_call) {
			gg_call_ref ref;
			gg_call_ref_init(&ref, &r->ids, c->text, c->len, n);
			if (ref.end <= ref.start || (ix->calls_len && ref.start < ix->calls[ix->calls_len - 1].start))
				ix->calls_exact = false;
			/* A lambda's body runs where it is called: scan_calls leaves it out. */
			ref.in_lambda = ref.start < lambda_end;
			PUSH(c, ix->calls, ix->calls_len, ix->calls_cap, ref);
			TSNode fn = ref.callee;
			if (ref.attribute) {
				span m = method_of(c, &ref);
				bool backward = false;
				if (span_is(m, "backward")) {
					backward = true;
				} else if (span_is(m, "step")) {
					TSNode recv = field_id(fn, r->fld_object);
					backward = (sym_is(recv, r->sym_identifier) || sym_is(recv, r->sym_attribute)) &&
						   step_receiver(c, recv);
				} else if (span_is(m, "requires_grad_")) {
					TSNode args = field_id(n, r->fld_arguments);
					span t;
					backward = sym_is(args, r->sym_argument_list) && node_text_of(c, args, &t) &&
						   !(t.len && memmem(t.ptr, t.len, "False", 5));
				} else if (span_is(m, "grad") || span_is(m, "enable_grad")) {
					PUSH(c, callees, callees_len, callees_cap, fn);
				}
				if (backward)
					PUSH(c, c->backward.items, c->backward.len, c->backward.cap, ts_node_start_byte(n));
				else if (ref.plain && ref.names >= 2 && word_in(m.ptr, m.len, module_api_methods))
					PUSH(c, c->module_api.items, c->module_api.len, c->module_api.cap,
					     text_between(c, ref.start, ref.object_end));
			} else if (ref.names == 1) {
				span name = { c->text + ref.start, ref.callee_end - ref.start };
				if (span_is(name, "grad") || span_is(name, "enable_grad"))
					PUSH(c, callees, callees_len, callees_cap, fn);
				else if (span_is(name, "no_grad") || span_is(name, "inference_mode"))
					PUSH(c, offs, offs_len, offs_cap, n);
			}
		} else if (sym == r->sym_attribute) {
			span a = attribute_name(c, n);
			if (span_is(a, "no_grad") || span_is(a, "inference_mode"))
				PUSH(c, offs, offs_len, offs_cap, n);
		} else if (sym == r->sym_assignment) {
			PUSH(c, ix->assignments, ix->assignments_len, ix->assignments_cap, n);
			TSNode left = field_id(n, r->fld_left), right = field_id(n, r->fld_right);
			if (sym_is(left, r->sym_attribute) && sym_is(right, r->sym_true) &&
			    span_is(attribute_name(c, left), "requires_grad")) {
				PUSH(c, c->backward.items, c->backward.len, c->backward.cap, ts_node_start_byte(n));
			} else if ((sym_is(left, r->sym_identifier) || sym_is(left, r->sym_attribute)) &&
				   sym_is(right, r->sym_call)) {
				if (!grow((void **)&c->assign_left, &c->assigns_cap, c->assigns_len, sizeof *c->assign_left)) {
					TSNode *p = realloc(c->assign_right, c->assigns_cap * sizeof *p);
					if (!p) {
						fail(c, -ENOMEM);
					} else {
						c->assign_right = p;
						c->assign_left[c->assigns_len] = left;
						c->assign_right[c->assigns_len++] = right;
					}
				} else {
					fail(c, -ENOMEM);
				}
			}
		} else if (sym == r->sym_decorator) {
			uint32_t count = ts_node_named_child_count(n);
			for (uint32_t i = 0; i < count; i++) {
				TSNode d = ts_node_named_child(n, i);
				if ((sym_is(d, r->sym_identifier) && text_eq(c, d, "enable_grad")) ||
				    (sym_is(d, r->sym_attribute) && span_is(attribute_name(c, d), "enable_grad")))
					PUSH(c, callees, callees_len, callees_cap, d);
			}
		} else if (sym == r->sym_keyword_argument) {
			TSNode name = field_id(n, r->fld_name);
			if (sym_is(name, r->sym_identifier) && sym_is(field_id(n, r->fld_value), r->sym_true) &&
			    text_eq(c, name, "volatile"))
				PUSH(c, c->volatile_at.items, c->volatile_at.len, c->volatile_at.cap, ts_node_start_byte(n));
		} else if (sym == r->sym_function_definition) {
			func f = module;
			f.def = n;
			f.start = ts_node_start_byte(n);
			f.end = ts_node_end_byte(n);
			f.name = node_span(c, field_id(n, r->fld_name));
			PUSH(c, c->funcs, c->funcs_len, c->funcs_cap, f);
		} else if (sym == r->sym_class_definition) {
			klass k = { n, node_span(c, field_id(n, r->fld_name)), 0, 0 };
			PUSH(c, c->classes, c->classes_len, c->classes_cap, k);
		} else if (sym == r->sym_import) {
			if (ix->reach[depth])
				PUSH(c, ix->imports, ix->imports_len, ix->imports_cap, n);
			int rc = imports_of(c, n);
			if (rc)
				fail(c, rc);
		} else if (sym == r->sym_import_from) {
			if (ix->reach[depth])
				PUSH(c, ix->imports, ix->imports_len, ix->imports_cap, n);
			int rc = from_imports_of(c, n);
			if (rc)
				fail(c, rc);
		}
		bool holds = gg_py_holds_statements(&r->ids, sym);
		bool reach = ix->reach[depth] && sym != r->sym_import && sym != r->sym_import_from && holds;
		/* Statements are all entered (an assignment needs no bracket); expressions where a mark lies after their start. */
		bool enter = holds || sym == r->ids.sym_expression_statement || sym == r->sym_assignment ||
			     marks_within(r->marks, marks_len, &mark_next, ts_node_start_byte(n) + 1, ts_node_end_byte(n));
		if (enter && ts_tree_cursor_goto_first_child(&cur)) {
			if (grow((void **)&ix->reach, &ix->reach_cap, depth + 1, sizeof *ix->reach)) {
				fail(c, -ENOMEM);
				break;
			}
			ix->reach[++depth] = reach;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&cur)) {
			if (!ts_tree_cursor_goto_parent(&cur)) {
				more = false;
				break;
			}
			depth--;
		}
	}
	ts_tree_cursor_delete(&cur);
	if (!c->error)
		ix->root = root;
	if (!c->error && c->bindings_len)
		qsort(c->bindings, c->bindings_len, sizeof *c->bindings, binding_cmp);
	for (size_t i = 0; i < callees_len && !c->error; i++)
		if (name_resolve(c, callees[i]) &&
		    (name_is_one_of(c, names_autograd_grad) || name_is_one_of(c, names_enable_grad)))
			PUSH(c, c->backward.items, c->backward.len, c->backward.cap, ts_node_start_byte(callees[i]));
	for (size_t i = 0; i < offs_len && !c->error; i++) {
		TSNode name = IS(offs[i], call) ? FIELD(offs[i], function) : offs[i];
		if (name_resolve(c, name) && (name_is_one_of(c, names_no_grad) || name_is_one_of(c, names_inference_mode)))
			PUSH(c, c->gradoff.items, c->gradoff.len, c->gradoff.cap, ts_node_start_byte(offs[i]));
	}
	free(callees);
	free(offs);
	if (c->error)
		return c->error;

	offsets_sort(&c->backward);
	offsets_sort(&c->gradoff);
	offsets_sort(&c->volatile_at);
	if (c->funcs_len > 1)
		qsort(c->funcs + 1, c->funcs_len - 1, sizeof *c->funcs, func_cmp);
	c->func_names = malloc((c->funcs_len) * sizeof *c->func_names);
	if (!c->func_names)
		return -ENOMEM;
	for (size_t i = 1; i < c->funcs_len; i++) {
		func *f = &c->funcs[i];
		f->wrapper = offsets_any_in(&c->gradoff, f->start, f->end);
		c->func_names[i - 1] = (named){ f->name, (int)i };
	}
	if (c->funcs_len > 1)
		qsort(c->func_names, c->funcs_len - 1, sizeof *c->func_names, named_cmp);
	if (c->classes_len)
		qsort(c->classes, c->classes_len, sizeof *c->classes, klass_cmp);
	for (size_t i = 0; i < c->assigns_len && !c->error; i++)
		assignment_classify(c, c->assign_left[i], c->assign_right[i]);
	spanset_sort(&c->models);
	spanset_sort(&c->not_models);
	spanset_sort(&c->loaded);
	spanset_sort(&c->module_api);
	models_publish(c);
	return c->error;
}

/* ---- grad context ---- */

/* true/false literal, positional or as mode=: 1, 0; anything else -1. */
static int literal_mode(const check *c, TSNode args)
{
	if (argument_count(c, args) != 1)
		return -1;
	TSNode a = argument_at(c, args, 0);
	if (IS(a, keyword_argument)) {
		if (!span_is(node_span(c, FIELD(a, name)), "mode"))
			return -1;
		a = FIELD(a, value);
	}
	if (IS(a, true))
		return 1;
	if (IS(a, false))
		return 0;
	return -1;
}

/* A name the configuration says disables grad: "utils.smart_inference_mode" or "smart_inference_mode". */
static bool configured_decorator(check *c, TSNode name)
{
	if (!c->config || !c->config->grad_disabling_decorators.len)
		return false;
	span written = node_span(c, name), last = chain_last(c, name);
	bool ok = name_resolve(c, name);
	span r = ok ? resolved(c) : written;
	const gg_strings *s = &c->config->grad_disabling_decorators;
	for (size_t i = 0; i < s->len; i++) {
		const char *item = s->items[i];
		if (span_is(r, item) || span_is(written, item) || (!strchr(item, '.') && span_is(last, item)))
			return true;
		/* "pkg.utils.smart_inference_mode" matches `from utils import smart_inference_mode`. */
		size_t n = strlen(item);
		if (r.len < n && r.len && item[n - r.len - 1] == '.' && memcmp(item + n - r.len, r.ptr, r.len) == 0)
			return true;
	}
	return false;
}

/* A wrapper another file of the project defines, imported here (`from utils import smart_inference_mode`). */
static bool project_wrapper(check *c, TSNode name)
{
	if (!c->project || !c->project->names.len || !binding_find(c, node_span(c, chain_root(c, name))) ||
	    !name_resolve(c, name))
		return false;
	span r = resolved(c);
	return gg_project_disables_grad(c->project, r.ptr, r.len);
}

/* A function of this file that wraps no_grad/inference_mode (smart_inference_mode). */
static bool local_wrapper(const check *c, TSNode name)
{
	if (!IS(name, identifier) || binding_find(c, node_span(c, name)))
		return false;
	span s = node_span(c, name);
	for (size_t i = func_names_lower(c, s); i < c->funcs_len - 1 && span_eq(c->func_names[i].name, s); i++)
		if (c->funcs[c->func_names[i].index].wrapper)
			return true;
	return false;
}

/*
 * What an expression used as a context manager or a decorator does to
 * autograd: `torch.no_grad()`, `th.inference_mode(mode=True)`, `ng`,
 * `torch.set_grad_enabled(training)`, `smart_inference_mode()` ...
 */
static grad_context grad_context_of(check *c, TSNode expr)
{
	if (IS(expr, as_pattern))
		expr = ts_node_named_child(expr, 0);
	if (IS(expr, parenthesized_expression) && ts_node_named_child_count(expr) == 1)
		expr = ts_node_named_child(expr, 0);

	if (!IS(expr, call)) {
		/* Only decorators name these without calling them. */
		if (!is_name_chain(c, expr))
			return GRAD_NONE;
		if (local_wrapper(c, expr) || configured_decorator(c, expr) || project_wrapper(c, expr))
			return GRAD_OFF;
		if (!name_resolve(c, expr))
			return GRAD_NONE;
		if (name_is_one_of(c, names_no_grad) || name_is_one_of(c, names_inference_mode))
			return GRAD_OFF;
		if (name_is_one_of(c, names_enable_grad))
			return GRAD_ON;
		return GRAD_NONE;
	}
	TSNode fn = FIELD(expr, function), args = FIELD(expr, arguments);
	if (!IS(args, argument_list) || !is_name_chain(c, fn))
		return GRAD_NONE;
	if (local_wrapper(c, fn) || configured_decorator(c, fn) || project_wrapper(c, fn))
		return GRAD_OFF;
	if (!name_resolve(c, fn))
		return GRAD_NONE;
	if (name_is_one_of(c, names_no_grad))
		return GRAD_OFF;
	if (name_is_one_of(c, names_enable_grad))
		return GRAD_ON;
	if (name_is_one_of(c, names_inference_mode)) {
		if (argument_count(c, args) == 0)
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

/* What a with clause (plain, multi-item or parenthesized) does to grad inside it. */
static grad_context with_grad(check *c, TSNode with_clause)
{
	grad_context out = GRAD_NONE;
	uint32_t count = ts_node_named_child_count(with_clause);
	for (uint32_t i = 0; i < count; i++) {
		TSNode item = ts_node_named_child(with_clause, i);
		if (!IS(item, with_item))
			continue;
		grad_context g = grad_context_of(c, FIELD(item, value));
		if (g == GRAD_OFF || g == GRAD_CONTROLLED)
			return GRAD_OFF;
		if (g == GRAD_ON)
			out = GRAD_ON;
	}
	return out;
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
	TSNode fn = FIELD(call, function), args = FIELD(call, arguments);
	if (!IS(fn, attribute) || !IS(args, argument_list))
		return MODE_NONE;
	*object = FIELD(fn, object);
	span method = node_span(c, FIELD(fn, attribute));
	if (span_is(method, "eval"))
		return argument_count(c, args) == 0 ? MODE_EVAL : MODE_NONE;
	if (span_is(method, "train")) {
		if (argument_count(c, args) == 0)
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
	span t;
	/* The method is .eval or .train: a statement that spells neither is no mode change. */
	if (!node_text_of(c, stmt, &t) || (!span_contains(t, "eval") && !span_contains(t, "train")))
		return MODE_NONE;
	if (!IS(stmt, expression_statement) || ts_node_named_child_count(stmt) != 1)
		return MODE_NONE;
	TSNode e = ts_node_named_child(stmt, 0);
	bool assigned = false;
	if (IS(e, assignment)) {
		*target = FIELD(e, left);
		if (!is_name_chain(c, *target))
			return MODE_NONE;
		assigned = true;
		e = FIELD(e, right);
	}
	/* Down a method chain a.eval().to(d).half(): the .eval() may be any link. */
	for (unsigned links = 0; IS(e, call) && links < MAX_NAME_SEGMENTS; links++) {
		TSNode object;
		mode_change m = mode_call(c, e, &object);
		if (m != MODE_NONE) {
			if (!assigned) {
				if (!is_name_chain(c, object))
					return MODE_NONE;
				*target = object;
			}
			*call = e;
			return m;
		}
		TSNode fn = FIELD(e, function);
		if (!IS(fn, attribute))
			break;
		e = FIELD(fn, object);
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
		found->region_end = x->block_end;
		return;
	}
	if ((m == MODE_EVAL && found) || (m == MODE_TRAIN && !found))
		return;
	if (view_own(c, x)) {
		fail(c, -ENOMEM);
		return;
	}
	if (m == MODE_EVAL) {
		if (evals_reserve(c, x->hi + 1)) {
			fail(c, -ENOMEM);
			return;
		}
		c->evals[x->hi++] = (receiver){ text, call, x->block_end };
		return;
	}
	found = receiver_find(c, x, text);
	size_t i = (size_t)(found - c->evals);
	memmove(found, found + 1, (x->hi - i - 1) * sizeof *found);
	x->hi--;
}

/*
 * Whether an iterable's name says evaluation: val_loader, self.test_dl,
 * dataloaders["val"], enumerate(tqdm(eval_dataloader)), dm.val_dataloader().
 */
static bool iterable_says_eval(const check *c, TSNode it)
{
	for (unsigned i = 0; i < MAX_ITER_WRAPS && !ts_node_is_null(it); i++) {
		if (IS(it, identifier) || IS(it, attribute))
			return words_any(c, chain_last(c, it), is_iter_word, NULL);
		if (IS(it, subscript)) {
			TSNode key = FIELD(it, subscript);
			if (IS(key, string)) {
				span s = node_span(c, key);
				return words_any(c, s, is_iter_word, NULL);
			}
			it = FIELD(it, value);
			continue;
		}
		if (!IS(it, call))
			return false;
		TSNode fn = FIELD(it, function);
		/* dm.val_dataloader(), self.get_test_loader() */
		if (IS(fn, attribute) && words_any(c, chain_last(c, fn), is_iter_word, NULL))
			return true;
		TSNode args = FIELD(it, arguments);
		if (!IS(args, argument_list) || argument_count(c, args) == 0)
			return false;
		it = argument_at(c, args, 0);
	}
	return false;
}

static evidence evidence_here(const check *c, const ctx *x, span prefer)
{
	evidence ev;
	memset(&ev, 0, sizeof ev);
	ev.eval_call = null_node();
	ev.loop_iter = x->loop_iter;
	ev.loop_start = x->loop_start;
	ev.loop_end = x->loop_end;
	ev.after_train = x->after_train;
	if (x->lo < x->hi) {
		/* The receiver the call runs, else the latest .eval() in force. */
		const receiver *r = prefer.len ? receiver_find(c, x, prefer) : NULL;
		if (!r)
			r = &c->evals[x->hi - 1];
		ev.eval_call = r->eval_call;
		ev.eval_receiver = r->text;
		ev.region_end = r->region_end;
	}
	return ev;
}

/* ---- model forward ---- */

/* A name chain as text: model, self.backbone (chain false: not a name chain). */
typedef struct chain {
	bool chain;
	bool identifier; /* a single name */
	span text, root, last;
} chain;

static chain chain_of_node(const check *c, TSNode n)
{
	chain ch;
	memset(&ch, 0, sizeof ch);
	ch.chain = is_name_chain(c, n);
	if (ch.chain) {
		ch.identifier = IS(n, identifier);
		ch.text = node_span(c, n);
		ch.root = node_span(c, chain_root(c, n));
		ch.last = chain_last(c, n);
	}
	return ch;
}

/* The callee of a call as a chain. */
static chain chain_of_callee(const check *c, const gg_call_ref *ref)
{
	chain ch;
	memset(&ch, 0, sizeof ch);
	if (!ref->names)
		return ch;
	ch.chain = true;
	ch.identifier = ref->names == 1;
	ch.text = text_between(c, ref->start, ref->callee_end);
	ch.root = text_between(c, ref->start, ref->root_end);
	ch.last = text_between(c, ref->last_start, ref->callee_end);
	return ch;
}

/* The object of an attribute callee (model of model.forward) as a chain. */
static chain chain_of_object(const check *c, const gg_call_ref *ref)
{
	if (ref->names < 2)
		return chain_of_node(c, FIELD(ref->callee, object)); /* not a name chain, or one too long */
	chain ch;
	memset(&ch, 0, sizeof ch);
	ch.chain = true;
	ch.identifier = ref->names == 2;
	ch.text = text_between(c, ref->start, ref->object_end);
	ch.root = text_between(c, ref->start, ref->root_end);
	ch.last = text_between(c, ref->prev_start, ref->object_end);
	return ch;
}

/*
 * Whether a name chain is evidently a model: the receiver of .eval(), a name
 * bound to a model, or a name that says so (model, self.backbone, q_net).
 */
static bool chain_is_model(const check *c, const ctx *x, const chain *obj, bool *loaded)
{
	if (obj->identifier && span_is(obj->text, "self"))
		return x->module_class >= 0;
	if (!obj->chain)
		return false;
	if (spanset_has(&c->not_models, obj->text))
		return false;
	*loaded = spanset_has(&c->loaded, obj->text);
	if (receiver_find(c, x, obj->text) || spanset_has(&c->models, obj->text))
		return true;
	/* A name an import binds is a module or a function: torchvision.models.resnet18, F.linear. */
	if (binding_find(c, obj->root))
		return false;
	if (obj->identifier && is_func_name(c, obj->text))
		return false; /* a function of this file: a call, followed by the call graph */
	if (!name_says_model(c, obj->last))
		return false;
	/*
	 * A name alone is weak evidence (SPEC §2): accelerator.unwrap_model(),
	 * available_models() and self.quantize_model() say "model" too. It counts
	 * for a plain name (a parameter or a local: model, net) and for self.<name>
	 * that is not a method of this file; an attribute of another object
	 * (helpers.check_model) takes a module's own method called on the same
	 * spelling somewhere in the file (model.encoder.eval()).
	 */
	if (spanset_has(&c->module_api, obj->text))
		return true;
	if (obj->identifier)
		return true;
	return span_is(obj->root, "self") && obj->root.len + 1 + obj->last.len == obj->text.len &&
	       !is_func_name(c, obj->last);
}

static const char *const forward_methods[] = {
	"forward", "encode", "decode", "encode_image", "encode_text", NULL,
};

/* Whether name holds what a library callable made whose method runs without grad (whisper's decode). */
static bool library_method_no_grad(const check *c, span name, span method)
{
	/* The last binding before the use wins; bindings are few, so a scan does. */
	for (size_t i = c->lib_objects_len; i-- > 0;)
		if (span_eq(c->lib_objects[i].name, name))
			return gg_library_facts_no_grad(&c->rule->libraries, c->lib_objects[i].factory,
							strlen(c->lib_objects[i].factory), method.ptr, method.len);
	return false;
}

/* The model a call runs (model(x), self.net.forward(x), self(x)) into *recv; false when none. */
static bool forward_receiver(const check *c, const ctx *x, const gg_call_ref *ref, span *recv, bool *loaded)
{
	*loaded = false;
	if (ref->attribute) {
		span method = method_of(c, ref);
		for (const char *const *m = forward_methods; *m; m++) {
			if (span_is(method, *m)) {
				chain obj = chain_of_object(c, ref);
				*recv = obj.text;
				return chain_is_model(c, x, &obj, loaded) && !library_method_no_grad(c, obj.text, method);
			}
		}
	}
	chain fn = chain_of_callee(c, ref);
	*recv = fn.text;
	return chain_is_model(c, x, &fn, loaded);
}

/* ".detach()" or ".data" applied right on a forward's output. */
static span detached_output(const check *c, TSNode call)
{
	TSNode parent = ts_node_parent(call);
	span none = { NULL, 0 };
	if (!IS(parent, attribute))
		return none;
	span attr = node_span(c, FIELD(parent, attribute));
	if (span_is(attr, "detach") || span_is(attr, "data") || span_is(attr, "detach_"))
		return attr;
	return none;
}

/* An enclosing comprehension, within stmt, over an eval-named iterable. */
static TSNode comprehension_iter(const check *c, TSNode call, TSNode stmt, uint32_t *start, uint32_t *end)
{
	uint32_t stop = ts_node_start_byte(stmt);
	for (TSNode n = ts_node_parent(call); !ts_node_is_null(n) && ts_node_start_byte(n) >= stop; n = ts_node_parent(n)) {
		TSSymbol t = ts_node_symbol(n);
		const gg_py_ids *ids = &c->rule->ids;
		if (t != ids->sym_list_comprehension && t != ids->sym_generator_expression &&
		    t != ids->sym_set_comprehension && t != ids->sym_dictionary_comprehension) {
			if (ts_node_eq(n, stmt))
				break;
			continue;
		}
		uint32_t count = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < count; i++) {
			TSNode clause = ts_node_named_child(n, i);
			if (IS(clause, for_in_clause) && iterable_says_eval(c, FIELD(clause, right))) {
				*start = ts_node_start_byte(n);
				*end = ts_node_end_byte(n);
				return FIELD(clause, right);
			}
		}
		if (ts_node_eq(n, stmt))
			break;
	}
	return null_node();
}

/* ---- the walk ---- */

static void event_record(check *c, const ctx *x, const gg_call_ref *ref, TSNode stmt)
{
	bool loaded;
	span recv;
	if (!forward_receiver(c, x, ref, &recv, &loaded))
		return;
	event e;
	memset(&e, 0, sizeof e);
	e.call = ref->node;
	e.scope = x->func;
	e.ev = evidence_here(c, x, recv);
	e.in_loop = x->in_loop;
	e.loaded = loaded;
	e.detached = detached_output(c, ref->node);
	if (ts_node_is_null(e.ev.loop_iter)) {
		e.ev.loop_iter = comprehension_iter(c, ref->node, stmt, &e.ev.loop_start, &e.ev.loop_end);
		if (!ts_node_is_null(e.ev.loop_iter))
			e.in_loop = true;
	}
	PUSH(c, c->events, c->events_len, c->events_cap, e);
}

/* f(...) or self.f(...) where f is a function of this file: a call-graph edge. */
static void site_record(check *c, const ctx *x, const gg_call_ref *ref)
{
	site s;
	memset(&s, 0, sizeof s);
	if (ref->names == 1) {
		s.name = text_between(c, ref->start, ref->callee_end);
	} else if (ref->names == 2 && (span_is(text_between(c, ref->start, ref->root_end), "self") ||
				       span_is(text_between(c, ref->start, ref->root_end), "cls"))) {
		s.name = text_between(c, ref->last_start, ref->callee_end);
		s.method = true;
	} else if (ref->names >= 2 && ref->plain) {
		/* net.validation_step(x): a module's method run from outside its class. */
		chain obj = chain_of_object(c, ref);
		bool loaded;
		s.name = text_between(c, ref->last_start, ref->callee_end);
		if (!is_func_name(c, s.name) || !chain_is_model(c, x, &obj, &loaded))
			return;
		s.on_model = true;
	} else {
		return;
	}
	if (!is_func_name(c, s.name))
		return;
	s.call = ref->node;
	s.caller = x->func;
	s.callee = -1;
	s.caller_cls = c->funcs[x->func].cls;
	s.grad_off = x->grad_off;
	s.ev = evidence_here(c, x, (span){ NULL, 0 });
	PUSH(c, c->sites, c->sites_len, c->sites_cap, s);
}

/* Records the forwards and the call-graph edges of an expression or simple statement. */
static void scan_calls(check *c, const ctx *x, TSNode node)
{
	if (x->exempt || ts_node_has_error(node))
		return;
	const gg_tree_index *ix = c->index;
	if (ix->calls_exact) {
		/*
		 * The calls of node are those of the facts walk within its byte
		 * range (node is never inside a lambda: it is a statement or a
		 * part of one), in the order a walk of node meets them.
		 */
		uint32_t end = ts_node_end_byte(node);
		for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, ts_node_start_byte(node));
		     i < ix->calls_len && ix->calls[i].start < end; i++) {
			const gg_call_ref *ref = &ix->calls[i];
			if (ref->end > end || ref->in_lambda)
				continue;
			site_record(c, x, ref);
			if (!x->grad_off && !x->train_branch)
				event_record(c, x, ref, node);
			if (c->error)
				return;
		}
		return;
	}
	TSTreeCursor *cur = &c->cursor;
	ts_tree_cursor_reset(cur, node);
	unsigned depth = 0;
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(cur);
		if (IS(n, call)) {
			gg_call_ref ref;
			gg_call_ref_init(&ref, &c->rule->ids, c->text, c->len, n);
			site_record(c, x, &ref);
			if (!x->grad_off && !x->train_branch)
				event_record(c, x, &ref, node);
		}
		if (c->error)
			return;
		/* A lambda's body runs where it is called: not here. */
		if (!IS(n, lambda) && ts_tree_cursor_goto_first_child(cur)) {
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
	if (!IS(stmt, expression_statement) || ts_node_named_child_count(stmt) != 1)
		return GRAD_NONE;
	TSNode call = ts_node_named_child(stmt, 0);
	/* stack.enter_context(torch.no_grad()): the context holds until the ExitStack's with ends. */
	if (c->says_enter_context && IS(call, call)) {
		TSNode fn = FIELD(call, function);
		TSNode args = FIELD(call, arguments);
		if (IS(fn, attribute) && span_is(attribute_name(c, fn), "enter_context") &&
		    argument_count(c, args) == 1) {
			grad_context g = grad_context_of(c, argument_at(c, args, 0));
			return g == GRAD_OFF || g == GRAD_CONTROLLED ? g : GRAD_NONE;
		}
	}
	/* Any name that resolves to set_grad_enabled is spelled so in the call or in an import. */
	if (!c->says_set_grad_enabled)
		return GRAD_NONE;
	if (!IS(call, call) || !name_resolve(c, FIELD(call, function)) ||
	    !name_is_one_of(c, names_set_grad_enabled))
		return GRAD_NONE;
	return grad_context_of(c, call);
}

/* Records that node (a definition, a with, a bare statement) leaves grad off, for the other rules. */
static void grad_off_note(check *c, TSNode node)
{
	gg_tree_index *ix = c->index;
	if (grow((void **)&ix->grad_off, &ix->grad_off_cap, ix->grad_off_len, sizeof *ix->grad_off))
		fail(c, -ENOMEM);
	else
		ix->grad_off[ix->grad_off_len++] = ts_node_start_byte(node);
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
	scan_calls(c, x, stmt);

	TSNode receiver_node, call;
	mode_change m = eval_receiver_of(c, stmt, &receiver_node, &call);
	if (m != MODE_NONE)
		eval_region_apply(c, x, m, receiver_node, call);
	/* Choice: after X.train() the code runs training mode on purpose, whatever the function is named. */
	if (m == MODE_TRAIN)
		x->after_train = true;
	else if (m == MODE_EVAL)
		x->after_train = false;

	grad_context g = bare_grad_statement(c, stmt);
	if (g == GRAD_OFF || g == GRAD_CONTROLLED) {
		x->grad_off = true;
		grad_off_note(c, stmt);
	}
	else if (g == GRAD_ON)
		x->grad_off = false;
}

/* The position of a parameter named name of def, or -1. */
static int parameter_index(const check *c, TSNode def, span name, bool *default_false)
{
	TSNode params = FIELD(def, parameters);
	uint32_t count = ts_node_is_null(params) ? 0 : ts_node_named_child_count(params);
	*default_false = false;
	for (uint32_t i = 0, pos = 0; i < count; i++) {
		TSNode p = ts_node_named_child(params, i);
		if (IS(p, comment))
			continue;
		TSNode id = p;
		if (IS(p, default_parameter) || IS(p, typed_default_parameter))
			id = FIELD(p, name);
		else if (IS(p, typed_parameter))
			id = ts_node_named_child(p, 0);
		if (IS(id, identifier) && span_eq(node_span(c, id), name)) {
			TSNode value = FIELD(p, value);
			*default_false = IS(value, false);
			return (int)pos;
		}
		pos++;
	}
	return -1;
}

/*
 * `if train:` / `if is_training:` on a parameter of the current function:
 * the branch a shared step trains in. Records its range and returns true.
 */
static bool flag_branch(check *c, const ctx *x, TSNode if_stmt, TSNode block)
{
	TSNode cond = FIELD(if_stmt, condition);
	func *f = &c->funcs[x->func];
	if (x->func == 0 || !IS(cond, identifier))
		return false;
	span name = node_span(c, cond);
	bool default_false;
	int index = parameter_index(c, f->def, name, &default_false);
	if (index < 0 || (f->flag.len && !span_eq(f->flag, name)))
		return false;
	f->flag = name;
	f->flag_index = index;
	f->flag_default_false = default_false;
	flag_range r = { x->func, ts_node_start_byte(block), ts_node_end_byte(block) };
	PUSH(c, c->flags, c->flags_len, c->flags_cap, r);
	return true;
}

/* if/for/while/try/match and their clauses: expressions in the header, blocks below. */
static void walk_compound(check *c, const ctx *x, TSNode node)
{
	bool loop = IS(node, for_statement) || IS(node, while_statement);
	bool eval_loop = IS(node, for_statement) && iterable_says_eval(c, FIELD(node, right));
	uint32_t count = ts_node_named_child_count(node);
	for (uint32_t i = 0; i < count && !c->error; i++) {
		TSNode ch = ts_node_named_child(node, i);
		TSSymbol sym = ts_node_symbol(ch);
		const char *type = sym == c->rule->ids.sym_block ? "block" : ts_node_type(ch);
		ctx sub = ctx_nested(x);
		if (sym == c->rule->ids.sym_block) {
			sub.in_loop = sub.in_loop || loop;
			sub.block_end = ts_node_end_byte(ch);
			if (eval_loop) {
				sub.loop_iter = FIELD(node, right);
				sub.loop_start = ts_node_start_byte(node);
				sub.loop_end = ts_node_end_byte(node);
			}
			/* Only a branch that trains is the training half of a shared step. */
			if (IS(node, if_statement) && ts_node_eq(ch, FIELD(node, consequence)) &&
			    offsets_any_in(&c->backward, ts_node_start_byte(ch), ts_node_end_byte(ch)) &&
			    flag_branch(c, x, node, ch))
				sub.train_branch = true;
			walk_block(c, sub, ch);
		} else if (strstr(type, "_clause") && strcmp(type, "if_clause") != 0) {
			if (sub.depth <= MAX_BLOCK_DEPTH)
				walk_compound(c, &sub, ch);
		} else if (sym != c->rule->ids.sym_comment) {
			scan_calls(c, x, ch);
		}
	}
}

static void walk_with(check *c, const ctx *x, TSNode node)
{
	ctx sub = ctx_nested(x);
	uint32_t count = ts_node_named_child_count(node);
	for (uint32_t i = 0; i < count; i++) {
		TSNode ch = ts_node_named_child(node, i);
		if (!IS(ch, with_clause))
			continue;
		scan_calls(c, x, ch);
		/* A clause we cannot read might be the no_grad being typed. */
		grad_context g = ts_node_has_error(ch) ? GRAD_OFF : with_grad(c, ch);
		if (g == GRAD_OFF) {
			sub.grad_off = true;
			grad_off_note(c, node);
			func *f = &c->funcs[x->func];
			if (f->nograd_with == UINT32_MAX)
				f->nograd_with = ts_node_start_byte(node);
		} else if (g == GRAD_ON) {
			sub.grad_off = false;
		}
	}
	TSNode body = FIELD(node, body);
	sub.block_end = ts_node_end_byte(body);
	walk_block(c, sub, body);
}

static void walk_class(check *c, const ctx *x, TSNode node)
{
	ctx sub = ctx_nested(x);
	unsigned kind = class_kind_of(c, node);
	sub.cls = -1;
	/* Index the class by its position in c->classes for methods. */
	span name = node_span(c, FIELD(node, name));
	for (klass *k = class_find(c, name); k && k < c->classes + c->classes_len && span_eq(k->name, name); k++)
		if (ts_node_eq(k->node, node))
			sub.cls = (int)(k - c->classes);
	sub.exempt = x->exempt || (kind & CLASS_TESTCASE);
	TSNode body = FIELD(node, body);
	sub.block_end = ts_node_end_byte(body);
	walk_block(c, sub, body);
}

static bool is_lightning_hook(span name)
{
	/* Choice: Lightning runs its whole evaluation loop, epoch-end hooks included, without grad. */
	return span_is(name, "validation_step") || span_is(name, "test_step") || span_is(name, "predict_step") ||
	       span_starts(name, "on_validation_") || span_starts(name, "on_test_") || span_starts(name, "on_predict_") ||
	       span_is(name, "validation_epoch_end") || span_is(name, "test_epoch_end");
}

/* decorated is the decorated_definition around def, or a null node. */
static void walk_function(check *c, const ctx *x, TSNode def, TSNode decorated)
{
	int index = func_of_def(c, def);
	if (index < 0)
		return;
	func *f = &c->funcs[index];
	f->walked = true;
	f->parent = x->func;
	f->cls = x->cls;
	unsigned kind = x->cls >= 0 ? c->classes[x->cls].kind : 0;

	ctx sub = ctx_nested(x);
	sub.func = index;
	sub.cls = -1;
	if (x->cls >= 0)
		sub.module_class = (kind & CLASS_MODULE) ? x->cls : -1;
	/* A function body runs where it is called, not where it is defined. */
	sub.grad_off = false;
	sub.in_loop = false;
	sub.train_branch = false;
	sub.after_train = false;
	sub.loop_iter = null_node();
	sub.lo = sub.hi;
	sub.exempt = x->exempt;

	/* A nested def inherits its function's evaluation name; a method of a nested class does not. */
	bool inherits = x->func > 0 && x->cls < 0 && c->funcs[x->func].eval_name;
	/*
	 * Choice: the methods of an nn.Module (predict, forward_test, val_step)
	 * are its API, and a class built on another package's base (a trainer's,
	 * a recipe runner's, a model zoo's) has hooks that the framework's loop
	 * may call under no_grad: their names are no evidence either way
	 * (SPEC §2, GG001). Their callers here, an .eval() or a loop over
	 * evaluation data still are.
	 */
	f->eval_name = !(kind & (CLASS_MODULE | CLASS_EXTERNAL)) && (name_says_eval(c, f->name) || inherits);
	/*
	 * Choice: a model built on a framework's base (mmengine's BaseModel,
	 * diffusers' ModelMixin) has its predict()/test_step() called by that
	 * framework's loops, under no_grad: its own self.eval() says nothing of
	 * the grad mode it runs in. Its callers here, and its own loops over
	 * evaluation data, still do.
	 */
	f->framework_api = (kind & CLASS_MODULE) && (kind & CLASS_EXTERNAL);

	if ((kind & CLASS_LIGHTNING) && is_lightning_hook(f->name))
		sub.grad_off = true;
	if ((kind & CLASS_HF_TRAINER) && span_is(f->name, "prediction_step"))
		sub.grad_off = true;

	uint32_t count = ts_node_is_null(decorated) ? 0 : ts_node_named_child_count(decorated);
	for (uint32_t i = 0; i < count; i++) {
		TSNode d = ts_node_named_child(decorated, i);
		if (!IS(d, decorator))
			continue;
		if (ts_node_has_error(d)) {
			sub.grad_off = true;
			continue;
		}
		grad_context g = grad_context_of(c, ts_node_named_child(d, 0));
		if (g == GRAD_OFF || g == GRAD_CONTROLLED)
			sub.grad_off = true;
	}
	if (sub.grad_off)
		grad_off_note(c, def);
	TSNode body = FIELD(def, body);
	sub.block_end = ts_node_end_byte(body);
	walk_block(c, sub, body);
}

static void walk_statement(check *c, ctx *x, TSNode stmt)
{
	const gg_py_ids *ids = &c->rule->ids;
	TSSymbol type = ts_node_symbol(stmt);
	if (type == ids->sym_function_definition) {
		walk_function(c, x, stmt, null_node());
	} else if (type == ids->sym_decorated_definition) {
		TSNode def = FIELD(stmt, definition);
		if (IS(def, function_definition))
			walk_function(c, x, def, stmt);
		else if (IS(def, class_definition))
			walk_class(c, x, def);
	} else if (type == ids->sym_class_definition) {
		walk_class(c, x, stmt);
	} else if (type == ids->sym_with_statement) {
		walk_with(c, x, stmt);
	} else if (gg_py_may_have_body(ids, type) && ts_node_child_count(stmt) &&
		   (!ts_node_has_error(stmt) || FIELD(stmt, body).id || FIELD(stmt, consequence).id)) {
		/* Only a statement the parser could not read may lack its block (field lookups are dear). */
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
	/* A cursor: ts_node_named_child(block, i) starts from the first child each time. */
	TSTreeCursor cur = ts_tree_cursor_new(block);
	for (bool more = ts_tree_cursor_goto_first_child(&cur); more && !c->error;
	     more = ts_tree_cursor_goto_next_sibling(&cur)) {
		TSNode stmt = ts_tree_cursor_current_node(&cur);
		if (!ts_node_is_named(stmt) || IS(stmt, comment))
			continue;
		if (IS(stmt, ERROR)) {
			x.grad_off = true;
			continue;
		}
		walk_statement(c, &x, stmt);
		if (ts_node_has_error(stmt))
			x.grad_off = true;
	}
	ts_tree_cursor_delete(&cur);
}

/* ---- the call graph ---- */

/* Whether class sub is class base or derives from it through the file's own classes. */
static bool class_inherits(const check *c, int sub, int base, unsigned depth)
{
	if (sub == base)
		return true;
	if (depth > MAX_CLASS_DEPTH)
		return false;
	TSNode bases = FIELD(c->classes[sub].node, superclasses);
	uint32_t count = ts_node_is_null(bases) ? 0 : ts_node_named_child_count(bases);
	for (uint32_t i = 0; i < count; i++) {
		TSNode b = ts_node_named_child(bases, i);
		if (!IS(b, identifier) || binding_find(c, node_span(c, b)))
			continue;
		span name = node_span(c, b);
		for (const klass *k = class_find(c, name); k && k < c->classes + c->classes_len &&
								  span_eq(k->name, name); k++)
			if (class_inherits(c, (int)(k - c->classes), base, depth + 1))
				return true;
	}
	return false;
}

/* The function a site calls: self.f in the caller's class, else the nearest f in scope. */
static int site_callee(const check *c, const site *s)
{
	int best = -1;
	uint32_t at = ts_node_start_byte(s->call);
	for (size_t i = func_names_lower(c, s->name); i < c->funcs_len - 1 && span_eq(c->func_names[i].name, s->name); i++) {
		int fi = c->func_names[i].index;
		const func *f = &c->funcs[fi];
		if (!f->walked)
			continue;
		if (s->method) {
			/* self.f(): f of the caller's class, or of a base class (a mixin) of this file. */
			if (f->cls >= 0 && s->caller_cls >= 0 && class_inherits(c, s->caller_cls, f->cls, 0))
				return fi;
			continue;
		}
		if (s->on_model) {
			if (f->cls >= 0 && (c->classes[f->cls].kind & CLASS_MODULE))
				return fi;
			continue;
		}
		if (f->cls >= 0)
			continue; /* a method is not in scope by its bare name */
		const func *p = &c->funcs[f->parent];
		if (at < p->start || at >= p->end)
			continue;
		/* The innermost definition that encloses the call wins; ties go to the last one. */
		if (best < 0 || p->start >= c->funcs[c->funcs[best].parent].start)
			best = fi;
	}
	return best;
}

/* Whether a call passes a false value for the callee's flag: step(batch, False), train=False, or the default. */
static bool site_passes_false(const check *c, const site *s, const func *callee)
{
	TSNode args = FIELD(s->call, arguments);
	if (!callee->flag.len || !IS(args, argument_list))
		return false;
	/* self.step(batch, False): self is the first parameter, not an argument. */
	int pos = callee->flag_index - (s->method ? 1 : 0);
	uint32_t count = argument_count(c, args);
	bool given = false;
	for (uint32_t i = 0; i < count; i++) {
		TSNode a = argument_at(c, args, i);
		if (IS(a, keyword_argument)) {
			if (span_eq(node_span(c, FIELD(a, name)), callee->flag))
				return IS(FIELD(a, value), false);
			continue;
		}
		if (IS(a, list_splat) || IS(a, dictionary_splat))
			return false;
		if ((int)i == pos) {
			given = true;
			if (IS(a, false))
				return true;
		}
	}
	return !given && callee->flag_default_false;
}

/* Whether every backward of f's own text sits in one of its `if <flag>:` branches. */
static bool backward_all_flagged(const check *c, int fi)
{
	const func *f = &c->funcs[fi];
	if (!f->flag.len)
		return false;
	const offsets *o = &c->backward;
	size_t lo = 0, hi = o->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (o->items[mid] < f->start)
			lo = mid + 1;
		else
			hi = mid;
	}
	bool any = false;
	for (size_t i = lo; i < o->len && o->items[i] < f->end; i++) {
		bool in = false;
		for (size_t k = 0; k < c->flags_len && !in; k++)
			in = c->flags[k].func == fi && o->items[i] >= c->flags[k].start && o->items[i] < c->flags[k].end;
		if (!in)
			return false;
		any = true;
	}
	return any;
}

/* Whether the module's own code (outside every function) has backward. */
static bool module_backward(const check *c)
{
	/* Both lists are sorted: merge, skipping what the outermost functions cover. */
	size_t f = 1;
	uint32_t covered_end = 0;
	for (size_t i = 0; i < c->backward.len; i++) {
		uint32_t at = c->backward.items[i];
		while (f < c->funcs_len && c->funcs[f].start <= at) {
			if (c->funcs[f].end > covered_end)
				covered_end = c->funcs[f].end;
			f++;
		}
		if (at >= covered_end)
			return true;
	}
	return false;
}

/*
 * Backward on each function's code path: its own text (nested functions
 * included), then what its calls reach, to a fixed point. A call that passes
 * a shared step a false flag does not reach the step's backward.
 */
static void backward_propagate(check *c)
{
	for (size_t i = 1; i < c->funcs_len; i++) {
		func *f = &c->funcs[i];
		f->bw = offsets_any_in(&c->backward, f->start, f->end);
		f->bw_flagged = f->bw && backward_all_flagged(c, (int)i);
	}
	for (unsigned round = 0; round < MAX_ROUNDS && !c->error; round++) {
		bool changed = false;
		for (size_t i = 0; i < c->sites_len; i++) {
			site *s = &c->sites[i];
			if (s->counted || s->callee < 0)
				continue;
			const func *callee = &c->funcs[s->callee];
			if (!callee->bw || (callee->bw_flagged && s->flag_false))
				continue;
			s->counted = true;
			changed = true;
			PUSH(c, c->backward.items, c->backward.len, c->backward.cap, ts_node_start_byte(s->call));
		}
		if (!changed)
			break;
		offsets_sort(&c->backward);
		for (size_t i = 1; i < c->funcs_len; i++)
			if (!c->funcs[i].bw)
				c->funcs[i].bw = offsets_any_in(&c->backward, c->funcs[i].start, c->funcs[i].end);
	}
	c->funcs[0].bw = module_backward(c);
}

/* Whether code at a site or event has evaluation evidence whose path has no backward. */
static bool evidence_holds(const check *c, const evidence *ev, int scope, bool loaded)
{
	const func *f = &c->funcs[scope];
	if (!ts_node_is_null(ev->eval_call) && !f->framework_api &&
	    !offsets_any_in(&c->backward, ts_node_start_byte(ev->eval_call), ev->region_end) &&
	    !(scope == 0 && f->bw))
		return true;
	if (!ts_node_is_null(ev->loop_iter) && !offsets_any_in(&c->backward, ev->loop_start, ev->loop_end))
		return true;
	if (scope > 0 && f->eval_name && !f->bw && !ev->after_train)
		return true;
	/* Choice: a module-level forward of a loaded model, with no training at module level, is an inference script. */
	return scope == 0 && loaded && !f->bw;
}

/* Whether a site runs its callee with grad off: its own context, or a caller guarded everywhere. */
static bool site_guarded(const check *c, const site *s)
{
	return s->grad_off || (s->caller > 0 && c->funcs[s->caller].guarded);
}

static int site_callee_cmp(const void *pa, const void *pb)
{
	const site *a = pa, *b = pb;
	if (a->callee != b->callee)
		return a->callee < b->callee ? -1 : 1;
	uint32_t x = ts_node_start_byte(a->call), y = ts_node_start_byte(b->call);
	return (x > y) - (x < y);
}

static void call_graph_resolve(check *c)
{
	for (size_t i = 0; i < c->sites_len; i++) {
		site *s = &c->sites[i];
		s->callee = site_callee(c, s);
		if (s->callee >= 0) {
			s->flag_false = site_passes_false(c, s, &c->funcs[s->callee]);
			/* Choice: a function called from a forward() is a part of the model, not evaluation code. */
			if (span_is(c->funcs[s->caller].name, "forward") || span_is(c->funcs[s->caller].name, "__call__"))
				c->funcs[s->callee].from_forward = true;
		}
	}
	/* Sites grouped by callee, in text order: sites of function f are [first[f], first[f+1]). */
	if (c->sites_len)
		qsort(c->sites, c->sites_len, sizeof *c->sites, site_callee_cmp);
	for (size_t i = 1; i < c->funcs_len; i++) {
		c->funcs[i].eval_site = -1;
		if (c->funcs[i].from_forward)
			c->funcs[i].eval_name = false;
	}
	backward_propagate(c);

	/* Guarded everywhere: a least fixed point, so a recursion alone guards nothing. */
	for (unsigned round = 0; round < MAX_ROUNDS; round++) {
		bool changed = false;
		size_t i = 0;
		while (i < c->sites_len && c->sites[i].callee < 0)
			i++;
		while (i < c->sites_len) {
			int fi = c->sites[i].callee;
			bool all = true;
			size_t j = i;
			for (; j < c->sites_len && c->sites[j].callee == fi; j++)
				all = all && site_guarded(c, &c->sites[j]);
			if (all && !c->funcs[fi].guarded) {
				c->funcs[fi].guarded = true;
				changed = true;
			}
			i = j;
		}
		if (!changed)
			break;
	}

	/* Evaluation code through a caller: a site in evaluation code that runs the callee with grad on. */
	for (unsigned round = 0; round < MAX_ROUNDS; round++) {
		bool changed = false;
		for (size_t i = 0; i < c->sites_len; i++) {
			const site *s = &c->sites[i];
			if (s->callee < 0 || site_guarded(c, s))
				continue;
			func *callee = &c->funcs[s->callee];
			if (callee->eval_site >= 0)
				continue;
			bool eval_call;
			if (callee->bw)
				eval_call = callee->bw_flagged && s->flag_false; /* the shared step's eval half */
			else
				eval_call = evidence_holds(c, &s->ev, s->caller, false) ||
					    (s->caller > 0 && c->funcs[s->caller].eval_site >= 0);
			if (eval_call) {
				callee->eval_site = (int)i;
				changed = true;
			}
		}
		if (!changed)
			break;
	}
}

/* The first call site of f that runs it with grad on, or -1. Sites are sorted by callee. */
static int unguarded_site(const check *c, int fi)
{
	size_t lo = 0, hi = c->sites_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->sites[mid].callee < fi)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < c->sites_len && c->sites[i].callee == fi; i++)
		if (!site_guarded(c, &c->sites[i]))
			return (int)i;
	return -1;
}

/* ---- findings ---- */

/* Whether the file returns f (`return eval_wrapper`), the function itself and not a call of it. */
static bool func_handed_on(const check *c, const func *f)
{
	span name = f->name;
	TSNode name_node = FIELD(f->def, name);
	uint32_t own = ts_node_start_byte(name_node);
	for (const char *p = c->text, *end = c->text + c->len; name.len && p < end;) {
		const char *hit = memmem(p, (size_t)(end - p), name.ptr, name.len);
		if (!hit)
			break;
		const char *after = hit + name.len;
		p = after;
		bool word = (hit == c->text || !(isalnum((unsigned char)hit[-1]) || hit[-1] == '_' || hit[-1] == '.')) &&
			    (after == end || !(isalnum((unsigned char)*after) || *after == '_'));
		if (!word || (uint32_t)(hit - c->text) == own)
			continue;
		const char *before = hit;
		while (before > c->text && (before[-1] == ' ' || before[-1] == '\t'))
			before--;
		bool returned = before - c->text >= 6 && memcmp(before - 6, "return", 6) == 0 && before < hit;
		while (after < end && (*after == ' ' || *after == '\t'))
			after++;
		if (returned && (after == end || *after == '\n' || *after == '\r' || *after == '#' || *after == ';'))
			return true;
	}
	return false;
}

/* A short quotation of a node for messages, or an empty span when long or multi-line. */
static span quote_of(const check *c, TSNode n)
{
	span s = node_span(c, n);
	if (s.len > MAX_QUOTED_CALL || memchr(s.ptr, '\n', s.len) || memchr(s.ptr, '\r', s.len))
		s.len = 0;
	return s;
}

static void text_add(check *c, gg_buf *b, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void text_add(check *c, gg_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = NULL;
	int n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		fail(c, -ENOMEM);
		return;
	}
	if (gg_buf_append(b, s, (size_t)n))
		fail(c, -ENOMEM);
	free(s);
}

/* "model(images)", or "model(...)" when the call is too long to quote. */
static void call_add(check *c, gg_buf *b, TSNode call)
{
	span q = quote_of(c, call);
	if (q.len) {
		text_add(c, b, "%.*s", (int)q.len, q.ptr);
		return;
	}
	span callee = quote_of(c, FIELD(call, function));
	if (!callee.len)
		callee = (span){ "the model", 9 };
	text_add(c, b, "%.*s(...)", (int)callee.len, callee.ptr);
}

static void where_add(check *c, gg_buf *b, int scope)
{
	if (scope == 0)
		text_add(c, b, "at module level");
	else
		text_add(c, b, "in %.*s()", (int)c->funcs[scope].name.len, c->funcs[scope].name.ptr);
}

/* "evaluate()" or "module level", for the caller of a site. */
static void caller_add(check *c, gg_buf *b, int scope)
{
	if (scope == 0)
		text_add(c, b, "module level");
	else
		text_add(c, b, "%.*s()", (int)c->funcs[scope].name.len, c->funcs[scope].name.ptr);
}

static void report(check *c, const event *e)
{
	const func *f = &c->funcs[e->scope];
	if (e->scope > 0 && f->guarded)
		return;
	const evidence *ev = &e->ev;
	bool region = !ts_node_is_null(ev->eval_call) && !f->framework_api &&
		      !offsets_any_in(&c->backward, ts_node_start_byte(ev->eval_call), ev->region_end) &&
		      !(e->scope == 0 && f->bw);
	bool loop = !ts_node_is_null(ev->loop_iter) && !offsets_any_in(&c->backward, ev->loop_start, ev->loop_end);
	/*
	 * Choice: a closure that the file returns, and never calls, runs where
	 * its receiver calls it, perhaps under no_grad: its name alone is no
	 * evidence then. (One passed to a call here is judged as usual: the
	 * runner may well call it with grad on, as torch's quantize() does.)
	 */
	bool named = e->scope > 0 && f->eval_name && !f->bw && !ev->after_train &&
		     !(unguarded_site(c, e->scope) < 0 && func_handed_on(c, f));
	bool script = e->scope == 0 && e->loaded && !f->bw;
	bool local = region || loop || named || script;
	int site_i = -1;
	if (local)
		site_i = e->scope > 0 ? unguarded_site(c, e->scope) : -1;
	else if (e->scope > 0 && f->eval_site >= 0)
		site_i = f->eval_site;
	else
		return;
	const site *s = site_i >= 0 ? &c->sites[site_i] : NULL;
	span t = c->torch;
	const char *ctxname = c->config && c->config->prefer == GG_PREFER_INFERENCE_MODE ? "inference_mode" : "no_grad";

	gg_buf m = { NULL, 0, 0 };
	call_add(c, &m, e->call);
	text_add(c, &m, " runs with autograd on ");
	if (named || (!local && s)) {
		where_add(c, &m, e->scope);
	} else if (region) {
		span q = quote_of(c, ev->eval_call);
		if (q.len)
			text_add(c, &m, "after %.*s ", (int)q.len, q.ptr);
		where_add(c, &m, e->scope);
	} else if (loop) {
		span q = quote_of(c, ev->loop_iter);
		text_add(c, &m, "in the loop over %.*s ", (int)(q.len ? q.len : 13), q.len ? q.ptr : "evaluation data");
		where_add(c, &m, e->scope);
	} else {
		text_add(c, &m, "in a module-level inference script");
	}
	if (!local && s) {
		text_add(c, &m, ", called from ");
		caller_add(c, &m, s->caller);
		if (s->flag_false)
			text_add(c, &m, " with %.*s=False", (int)f->flag.len, f->flag.ptr);
		text_add(c, &m, " on line %d", row_of(s->call));
	}

	/* What is there and does not disable grad. */
	const char *sep = ": ";
	if (!ts_node_is_null(ev->eval_call)) {
		span r = ev->eval_receiver.len <= MAX_QUOTED_CALL ? ev->eval_receiver : (span){ "the model", 9 };
		text_add(c, &m, "%s%.*s.eval() does not disable gradients", sep, (int)r.len, r.ptr);
		sep = "; ";
	}
	if (offsets_any_in(&c->volatile_at, f->start, f->end)) {
		text_add(c, &m, "%svolatile=True has had no effect since PyTorch 0.4", sep);
		sep = "; ";
	}
	if (e->detached.len) {
		text_add(c, &m, "%s.%.*s%s on the output does not stop the graph from being built", sep,
			 (int)e->detached.len, e->detached.ptr, span_is(e->detached, "data") ? "" : "()");
		sep = "; ";
	}
	if (f->nograd_with != UINT32_MAX) {
		TSPoint p = { 0, 0 };
		/* The with's line: rows are counted from the tree, not the text. */
		TSNode root = ts_tree_root_node(e->call.tree);
		TSNode w = ts_node_descendant_for_byte_range(root, f->nograd_with, f->nograd_with);
		if (!ts_node_is_null(w))
			p = ts_node_start_point(w);
		text_add(c, &m, "%sthe grad-disabling with on line %u does not contain this call", sep, (unsigned)p.row + 1);
		sep = "; ";
	}
	if (local && s) {
		text_add(c, &m, "%sit is called with autograd on from ", sep);
		caller_add(c, &m, s->caller);
		text_add(c, &m, " on line %d", row_of(s->call));
	}

	/* The fix. */
	if (!local && s)
		text_add(c, &m, "; wrap the call on line %d in %.*s.%s()", row_of(s->call), (int)t.len, t.ptr, ctxname);
	else if (e->in_loop)
		text_add(c, &m, "; wrap the loop in %.*s.%s()", (int)t.len, t.ptr, ctxname);
	else if (e->scope == 0)
		text_add(c, &m, "; wrap the call in %.*s.%s()", (int)t.len, t.ptr, ctxname);
	else
		text_add(c, &m, "; wrap the call in %.*s.%s() or decorate %.*s() with @%.*s.%s()", (int)t.len, t.ptr,
			 ctxname, (int)f->name.len, f->name.ptr, (int)t.len, t.ptr, ctxname);
	if (c->error) {
		free(m.data);
		return;
	}

	gg_byte_range at = { ts_node_start_byte(e->call), ts_node_end_byte(e->call) };
	gg_finding *finding = gg_findings_push(c->out, rule_code, GG_SEVERITY_WARNING, at, m.data);
	if (!finding) {
		fail(c, -ENOMEM);
		return;
	}
	/* Evaluation only through a caller: the fix goes on that call, not into a helper training may run too. */
	if (!local && s)
		finding->fix_at = (gg_byte_range){ ts_node_start_byte(s->call), ts_node_end_byte(s->call) };
	if (!ts_node_is_null(ev->eval_call)) {
		span q = quote_of(c, ev->eval_call);
		char *rel = gg_strdup_printf("%.*s called here", (int)(q.len ? q.len : 6), q.len ? q.ptr : ".eval()");
		gg_byte_range r = { ts_node_start_byte(ev->eval_call), ts_node_end_byte(ev->eval_call) };
		if (!rel || gg_finding_add_related(finding, r, rel))
			fail(c, -ENOMEM);
	}
	if (s) {
		const func *callee = &c->funcs[e->scope];
		char *rel = gg_strdup_printf("%.*s() called here with autograd on", (int)callee->name.len, callee->name.ptr);
		gg_byte_range r = { ts_node_start_byte(s->call), ts_node_end_byte(s->call) };
		if (!rel || gg_finding_add_related(finding, r, rel))
			fail(c, -ENOMEM);
	}
}

/* ---- the rule ---- */

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
	const TSLanguage *lang = gg_python_language();
#define SYM(name) ts_language_symbol_for_name(lang, name, (uint32_t)strlen(name), true)
#define FLD(name) ts_language_field_id_for_name(lang, name, (uint32_t)strlen(name))
	r->sym_lambda = SYM("lambda");
	r->sym_import = SYM("import_statement");
	r->sym_import_from = SYM("import_from_statement");
	r->sym_aliased_import = SYM("aliased_import");
	r->sym_dotted_name = SYM("dotted_name");
	r->sym_identifier = SYM("identifier");
	r->sym_call = SYM("call");
	r->sym_attribute = SYM("attribute");
	r->sym_argument_list = SYM("argument_list");
	r->sym_assignment = SYM("assignment");
	r->sym_true = SYM("true");
	r->sym_decorator = SYM("decorator");
	r->sym_keyword_argument = SYM("keyword_argument");
	r->sym_function_definition = SYM("function_definition");
	r->sym_class_definition = SYM("class_definition");
	r->sym_wildcard_import = SYM("wildcard_import");
	r->fld_name = FLD("name");
	r->fld_alias = FLD("alias");
	r->fld_module_name = FLD("module_name");
	r->fld_function = FLD("function");
	r->fld_attribute = FLD("attribute");
	r->fld_object = FLD("object");
	r->fld_arguments = FLD("arguments");
	r->fld_left = FLD("left");
	r->fld_right = FLD("right");
	r->fld_value = FLD("value");
#undef SYM
#undef FLD
	/* A grammar without one of them would match nothing: refuse it, as a query that does not compile. */
	if (!r->sym_lambda || !r->sym_import || !r->sym_import_from || !r->sym_aliased_import || !r->sym_dotted_name ||
	    !r->sym_identifier || !r->sym_call || !r->sym_attribute || !r->sym_argument_list || !r->sym_assignment ||
	    !r->sym_true || !r->sym_decorator || !r->sym_keyword_argument || !r->sym_function_definition ||
	    !r->sym_class_definition || !r->sym_wildcard_import || !r->fld_name || !r->fld_alias ||
	    !r->fld_module_name || !r->fld_function || !r->fld_attribute || !r->fld_object || !r->fld_arguments ||
	    !r->fld_left || !r->fld_right || !r->fld_value) {
		if (error)
			*error = gg_strdup_printf("GG001: the Python grammar lacks a node type or field the rule needs");
		gg_rule_gg001_delete(r);
		return NULL;
	}
	if (!gg_py_ids_init(&r->ids, lang)) {
		if (error)
			*error = gg_strdup_printf("GG001: the Python grammar lacks a node type or field the rule needs");
		gg_rule_gg001_delete(r);
		return NULL;
	}
	if (regcomp(&r->step_receiver, "([Oo]ptim|(^|[._])opt($|_)|[Ss]caler$)", REG_EXTENDED | REG_NOSUB) != 0) {
		if (error)
			*error = gg_strdup_printf("GG001: cannot compile the optimizer pattern");
		gg_rule_gg001_delete(r);
		return NULL;
	}
	r->step_receiver_ok = true;
	if (gg_library_facts_init(&r->libraries) != 0) {
		if (error)
			*error = gg_strdup_printf("GG001: cannot read the library facts (queries/libraries.txt)");
		gg_rule_gg001_delete(r);
		return NULL;
	}
	return r;
}

const gg_tree_index *gg_rule_gg001_index(const gg_rule_gg001 *r)
{
	return r ? &r->index : NULL;
}

void gg_rule_gg001_delete(gg_rule_gg001 *r)
{
	if (!r)
		return;
	if (r->step_receiver_ok)
		regfree(&r->step_receiver);
	gg_library_facts_free(&r->libraries);
	free(r->index.calls);
	free(r->index.assignments);
	free(r->index.imports);
	free(r->index.reach);
	free(r->index.models);
	free(r->index.module_classes);
	free(r->index.grad_off);
	free(r->marks);
	free(r);
}

static void check_free(check *c)
{
	for (size_t i = 0; i < c->bindings_len; i++)
		free(c->bindings[i].target);
	free(c->bindings);
	free(c->backward.items);
	free(c->gradoff.items);
	free(c->volatile_at.items);
	free(c->funcs);
	free(c->func_names);
	free(c->classes);
	free(c->assign_left);
	free(c->assign_right);
	free(c->models.items);
	free(c->not_models.items);
	free(c->loaded.items);
	free(c->module_api.items);
	for (size_t i = 0; i < c->lib_objects_len; i++)
		free(c->lib_objects[i].factory);
	free(c->lib_objects);
	free(c->flags);
	free(c->events);
	free(c->sites);
	free(c->evals);
	free(c->name.data);
}

int gg_rule_gg001_check(gg_rule_gg001 *r, const gg_source *src, TSNode root, gg_findings *out)
{
	check c;
	memset(&c, 0, sizeof c);
	c.rule = r;
	c.index = &r->index;
	c.text = src->text;
	c.len = src->len;
	c.config = src->config;
	c.project = src->project;
	c.pytest_module = gg_source_is_test_module(src);
	c.says_set_grad_enabled = src->text && memmem(src->text, src->len, "set_grad_enabled", 16);
	c.says_enter_context = src->text && memmem(src->text, src->len, "enter_context", 13);
	c.out = out;

	int rc = facts_collect(&c, root);
	if (!rc && c.framework_imported) {
		ctx x;
		memset(&x, 0, sizeof x);
		x.cls = -1;
		x.module_class = -1;
		/* Choice: unit-test modules run tiny forwards on purpose, helpers included. */
		x.exempt = c.pytest_module;
		x.loop_iter = null_node();
		x.block_end = (uint32_t)c.len;
		c.torch = torch_spelling(&c);
		c.cursor = ts_tree_cursor_new(root);
		walk_block(&c, x, root);
		ts_tree_cursor_delete(&c.cursor);
		if (!c.error)
			call_graph_resolve(&c);
		/* Functions whose every call site in the file runs without grad: the other rules skip them too. */
		for (size_t i = 1; i < c.funcs_len && !c.error; i++)
			if (c.funcs[i].guarded)
				grad_off_note(&c, c.funcs[i].def);
		if (c.index->grad_off_len)
			qsort(c.index->grad_off, c.index->grad_off_len, sizeof *c.index->grad_off, u32_cmp);
		for (size_t i = 0; i < c.events_len && !c.error; i++)
			report(&c, &c.events[i]);
		rc = c.error;
	}
	check_free(&c);
	return rc;
}

/*
 * Whether f, a function of the file, is a method named __enter__ that turns
 * grad off: a no_grad/inference_mode name, or set_grad_enabled(False).
 */
static bool enter_disables_grad(const check *c, const func *f)
{
	span body = text_between(c, f->start, f->end);
	return span_is(f->name, "__enter__") &&
	       (f->wrapper || gg_text_contains(body.ptr, body.len, "set_grad_enabled(False)"));
}

int gg_rule_gg001_exports(gg_rule_gg001 *r, const char *text, size_t len, TSNode root,
			  int (*add)(void *ctx, const char *name, size_t len), void *ctx)
{
	check chk; /* c is the pointer the IS() and FIELD() helpers expect */
	check *c = &chk;
	memset(c, 0, sizeof *c);
	c->rule = r;
	c->index = &r->index;
	c->text = text;
	c->len = len;
	int rc = facts_collect(c, root);
	/* Top level: the module's own children (a decorated definition's parent is the module too). */
	for (size_t i = 1; i < c->funcs_len && !rc; i++) {
		const func *f = &c->funcs[i];
		TSNode parent = ts_node_parent(f->def);
		if (IS(parent, decorated_definition))
			parent = ts_node_parent(parent);
		if (IS(parent, module) && f->wrapper) {
			rc = add(ctx, f->name.ptr, f->name.len);
			continue;
		}
		/* A method of a top-level class: the class is the context manager. */
		if (!IS(parent, block) || !enter_disables_grad(c, f))
			continue;
		TSNode cls = ts_node_parent(parent);
		TSNode above = ts_node_parent(cls);
		if (IS(above, decorated_definition))
			above = ts_node_parent(above);
		if (IS(cls, class_definition) && IS(above, module)) {
			span name = node_span(c, FIELD(cls, name));
			rc = add(ctx, name.ptr, name.len);
		}
	}
	check_free(c);
	return rc;
}
