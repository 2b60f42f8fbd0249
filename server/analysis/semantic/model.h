/*
 * The semantic model's insides, shared by its files (server/analysis/semantic/)
 * and by the rules that read it. Not a public header: the rest of the program
 * sees semantic.h.
 *
 * The model is built in three steps, each linear-ish in the file:
 *
 *   facts    one walk over the tree (facts.c; hand-matched on node and field
 *            ids for speed, see docs/performance.md): imports and what they
 *            bind (imports.c), backward evidence, grad-disabling names,
 *            function and class definitions (classes.c), assignments. From
 *            them: which classes are nn.Module / LightningModule / HF Trainer /
 *            TestCase subclasses, which names are bound to models (models.c),
 *            which local functions wrap no_grad (grad_mode.c).
 *   walk     the statements in order (walk.c), tracking per block the grad
 *            context (grad_mode.c) and the evaluation context (evaluation.c).
 *            It records every model forward run with grad on as an event, and
 *            every call of a function of this file as a site.
 *   resolve  the within-file call graph (calls.c): backward reached through
 *            callees, functions guarded at every call site, functions that are
 *            evaluation code because an evaluation caller runs them with grad
 *            on (a shared step called with train=False).
 *
 * GG001 reports the events whose evidence holds; GG002 and the traceback
 * diagnosis read the tree index the model publishes. Choices where SPEC §2 is
 * silent are listed in docs/rules/GG001.md and marked "Choice:" in the code.
 */
#ifndef GG_SEMANTIC_MODEL_H
#define GG_SEMANTIC_MODEL_H

#include <errno.h>
#include <regex.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "buf.h"
#include "config.h"
#include "grad_context.h"
#include "library_facts.h"
#include "analysis.h"
#include "semantic/elsewhere.h"
#include "semantic/semantic.h"

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

struct gg_semantic {
	/*
	 * The node types and fields the facts walk tests, resolved once from the
	 * grammar: comparing ids is far cheaper than gg_node_type + strcmp or a
	 * field lookup by name on every node.
	 */
	TSSymbol sym_lambda, sym_import, sym_import_from, sym_aliased_import, sym_dotted_name, sym_identifier, sym_call,
		sym_attribute, sym_argument_list, sym_assignment, sym_true, sym_decorator, sym_keyword_argument,
		sym_function_definition, sym_class_definition, sym_wildcard_import;
	TSFieldId fld_name, fld_alias, fld_module_name, fld_function, fld_attribute, fld_object, fld_arguments,
		fld_left, fld_right, fld_value;
	gg_py_ids ids; /* the same, for the walk */
	/* What the facts walk does at a node, by its symbol (FACT_*; facts.c), for symbols below kinds_len. */
	uint8_t *kinds; /* owned */
	size_t kinds_len;
	gg_tree_index index; /* filled by each check's facts walk */
	gg_library_facts libraries; /* what well-known libraries' callables do to autograd */
	regex_t step_receiver; /* the receivers of an optimizer's step() */
	bool step_receiver_ok;
	struct semantic *file; /* owned: the model of the file last built, or NULL */
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
	gg_node node;
	span name;
	unsigned kind;
	int state; /* 0 unresolved, 1 resolving, 2 resolved */
	bool numbers_known; /* numbers is computed (sem_class_forward_numbers) */
	uint32_t numbers;
} klass;

/*
 * A function of the file. Index 0 is the module itself, so that every event
 * and call site has a scope. Filled by the facts step (name, range, wrapper),
 * the walk (class, parent, flag) and the resolve step (the rest).
 */
typedef struct func {
	gg_node def;
	uint32_t start, end;
	span name;
	int parent;       /* enclosing function, 0 for the module */
	int cls;          /* class whose body defines it directly, or -1 */
	bool eval_name;   /* its name (or an enclosing function's) says evaluation */
	bool callers_own_mode; /* its own X.eval() says nothing of grad: a framework's hook, a module's forward */
	bool wrapper;     /* names no_grad/inference_mode: a grad-disabling wrapper */
	bool walked;
	bool bw;          /* backward on its code path, callees included */
	bool bw_flagged;  /* every backward of its own sits under `if <flag>:` */
	bool input_grad;  /* every backward on its path asks the gradient of tensors it made require one (a sampler's, an attack's): no parameter's */
	bool guarded;     /* every call site in the file has grad off */
	bool called_on_outside; /* another file calls it with grad on (outside_calls): guarded by no call here alone */
	bool from_forward;/* called from a forward(): part of the model */
	bool in_module_forward; /* called from a module class's forward() or __call__, or from a method such a call reaches in its class */
	bool eval_mode;   /* its own body calls X.eval() */
	bool result_trains; /* some caller carries what it returns to a backward: its gradient is needed */
	bool returns_loss;  /* it returns a torch loss made of what a call of it made (calls.c): a loss function */
	bool handed_on;     /* the file hands it on (a callback): whoever receives it may differentiate what it returns */
	signed char iterates; /* its body holds a loop or a comprehension: -1 not asked yet (sem_func_iterates) */
	span iter_param;      /* a parameter its body loops over (`for x, y in loader:`), or empty (calls.c) */
	signed char returns_eval; /* it returns a module in eval mode: -1 not asked yet (evaluation.c) */
	signed char reads_graph;  /* its text reads the autograd graph (.grad_fn): -1 not asked yet (sem_func_reads_graph) */
	signed char exports;      /* its own code calls an exporter (torch.jit.trace, torch.onnx.export): -1 not asked yet (sem_export_check) */
	signed char reads_numpy;  /* its text calls .numpy(): -1 not asked yet (sem_output_read_as_numpy) */
	int closure;              /* the def nested in it that every return hands back, 0 none, -1 not asked yet (walk.c) */
	span flag;        /* the parameter of `if train:` around its backward */
	span flag_value;  /* "train" of `if mode == "train":`, when flag_string */
	gg_node flag_test; /* the whole test: `mode == "train" or mode == "train+log"` names more training modes */
	bool flag_string; /* the flag is compared with a string, not tested for truth */
	bool flag_negated; /* `if not validating:` around its backward: a true flag turns training off */
	int flag_index;   /* its position among the parameters */
	bool flag_default_false;
	int eval_site;    /* a site that runs it as evaluation code with grad on, or -1 */
	uint32_t nograd_with; /* start of its first grad-disabling with, or UINT32_MAX */
	uint32_t nograd_bare; /* start of its first bare `torch.no_grad()` statement (a context made and dropped, nothing turned off), or UINT32_MAX */
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

/* What one assignment made of a plain local name, in text order (flow-sensitive bindings). */
enum bind_kind { BIND_UNKNOWN, BIND_MODEL, BIND_LOADED, BIND_NOT_MODEL };

typedef struct bind {
	span name;
	uint32_t at;  /* start of the assignment's target */
	int func;     /* the innermost function holding it, 0 for the module */
	unsigned char kind; /* enum bind_kind */
	int cls;      /* the class of this file whose constructor made the value (`t = Trainer()`), or -1 */
} bind;

/* A module frozen in place: `X.requires_grad_(False)`, or a loop clearing requires_grad over X.parameters(). */
typedef struct frozen {
	span name; /* X, as spelled */
	uint32_t at; /* where it is frozen */
} frozen;

/*
 * A loop that sets requires_grad of every parameter of X from flag, both
 * names as spelled, checked at the end of the facts' pass to be parameters
 * of the function holding at: `for p in m.parameters(): p.requires_grad =
 * mode`. A call handing False freezes what it hands for m; True thaws it.
 */
typedef struct flag_freeze {
	span name, flag;
	uint32_t at;
} flag_freeze;

/* A byte range of the body of `if <flag>:` in function index. */
/* The evaluation half of a shared step: a node of function func (see semantic.eval_halves). */
typedef struct eval_half {
	int func;
	gg_node node;
} eval_half;

typedef struct flag_range {
	int func;
	uint32_t start, end;
} flag_range;

/* What makes code evaluation code where an event or a site happens. */
typedef struct evidence {
	gg_node eval_call;    /* X.eval() in force, or a null node */
	span eval_receiver;  /* its X */
	uint32_t region_end; /* end of the block the X.eval() was called in */
	uint32_t at;         /* where the forward or the call it is evidence for starts (UINT32_MAX: not known) */
	gg_node loop_iter;    /* the eval-named iterable of an enclosing loop, or null */
	bool after_train;    /* X.train() came earlier in the block */
	bool own_train;      /* the module the forward runs was put in training mode (`X.train()`) since it was bound */
	bool own_eval;       /* X is what the forward runs (not another model's .eval() in force) */
	uint32_t loop_start, loop_end;
	/* `for phase in ("train", "val"):` whose backward runs only when phase is phase_train: the loop, or null */
	gg_node phase_loop;
	span phase_train;
	/* An argument of the forward that names evaluation data (`net(val_input)`), outside any such loop, or null */
	gg_node eval_input;
} evidence;

/* A model forward run with grad on, not yet known to be a finding. */
typedef struct event {
	gg_node call;
	int scope;
	evidence ev;
	bool in_loop;
	bool loaded;    /* the model was loaded (torch.load, from_pretrained) */
	bool grad_on;   /* under a grad turned on on purpose: the author wants the graph (SPEC §2) */
	bool untrained; /* its module was built here by a workspace class and nothing trained it since (sem_built_untrained) */
	bool warm_up;   /* on synthetic tensors, its result thrown away: a warm-up when real work follows (rule_gg001.c) */
	span detached;  /* ".detach()" / ".data" applied to the output, or empty */
	bool may_differentiate; /* its module is unresolved and one of the project differentiates in its forward: no wrap is safe */
} event;

/* A call of a function of this file. */
typedef struct site {
	gg_node call;
	int caller;
	int callee;     /* -1 until resolved */
	int caller_cls; /* class of the method the call is in, for self.f() */
	span name;
	bool method;    /* self.f(...) */
	bool on_model;  /* model.f(...), model a module: f is a method of one of this file's module classes */
	int inst_cls;   /* t.f(...), t made by class inst_cls of this file: f is its method (or a base's); else -1 */
	bool grad_off;
	bool grad_on;   /* under a grad turned on on purpose: the caller wants the graph */
	bool override;  /* self.f() of a base's method, to a subclass's f: it passes the grad mode on, no evaluation */
	bool super_call; /* super().f(...) or super(C, self).f(...): the base's f, run for the caller's class */
	bool flag_false;/* passes a false value for the callee's flag */
	bool flag_phase;/* ... false on some iterations only: a flag computed in a loop over phases (flag_from_phase_loop) */
	gg_node flag_arg; /* the value it passes for the flag, or a null node (the default) */
	bool counted;   /* its callee's backward is already counted in the caller */
	bool result_trains; /* the caller carries what it returns to a backward (calls.c) */
	bool shape_check; /* runs a method of a module built here once on synthetic tensors, or on one item at a top level: no evaluation (SPEC §2) */
	bool loaded;      /* at module level, hands the callee a loaded model (or runs a loaded model's method) */
	int factory;      /* the called name holds what top-level function factory of this file returned (`loop = make_loop(...)`), else 0 */
	int closure;      /* the def nested in factory that it returns (calls.c, once every def is walked), else 0 */
	evidence ev;
} site;

/* Whether the call passes the instance itself, not as an argument (self.f(x), model.f(x), t.f(x)): the callee's parameters start one later. */
static inline bool site_binds_self(const site *s)
{
	return s->method || s->on_model || s->inst_cls >= 0;
}

/* A word the text hands on (`return f`, `self.fn = f`) and where it stands (calls.c). */
typedef struct handed {
	span word;
	uint32_t at;
} handed;

/* A receiver of .eval(): its text, the call and the end of its region. */
typedef struct receiver {
	span text;
	gg_node eval_call;
	uint32_t region_end;
	bool own_only; /* set where the function starts (a loader's global, a wrapper's attribute): evidence for its own forwards only */
} receiver;

/*
 * The model of one file: what gg_semantic_build found, kept by the handle
 * until the next build or gg_semantic_clear. The spans point into the text.
 */
/* A module-level statement of the flow (flow.c): an expression statement or a for's header, and its bound names in binds. */
typedef struct flow_stmt {
	gg_node node;
	uint32_t start, end; /* end: a for's header's (its body's statements are their own) */
	uint32_t loop_end;   /* a for's whole end (0: not a for) */
	uint32_t binds_from, binds_to; /* into module_flow.binds */
} flow_stmt;

/* The module's statements, what each binds, and what each reads sorted by name (flow.c). */
typedef struct module_flow {
	flow_stmt *stmts; /* owned; in document order */
	size_t stmts_len, stmts_cap;
	span *binds; /* owned */
	size_t binds_len, binds_cap;
	named *reads; /* owned; a name each statement reads (index: the statement), by name, then statement */
	size_t reads_len, reads_cap;
	/*
	 * Scratch of sem_flow_reach, owned: marks[0] the query's generation,
	 * then one mark per statement and one per read, equal to it when the
	 * query visited them. A query touches what it reaches, never all.
	 */
	unsigned *marks;
	bool built;
	bool failed; /* memory ran out while it was built */
} module_flow;

/* What one forward's statement reaches: the statements that read what it returned, or something made of it. */
typedef struct flow_reach {
	size_t first;    /* the forward's own statement */
	size_t *reached; /* owned; the statements reached, the first aside */
	size_t len, cap;
} flow_reach;

typedef struct semantic {
	gg_semantic *sem; /* the handle: grammar ids, library facts, the tree index */
	const char *text;
	size_t len;
	const gg_config *config; /* may be NULL */
	const gg_elsewhere *elsewhere; /* what the workspace's other files say (gg_source's, borrowed); may be NULL */
	char *module; /* owned: the file's dotted module from the project root (gg_elsewhere_module_of), or NULL */
	const gg_line_namer *lines; /* how messages name a line (gg_source's, borrowed for the build); may be NULL */
	bool pytest_module;
	bool says_set_grad_enabled; /* the text spells set_grad_enabled (bare_grad_statement) */
	bool says_enter_context;    /* the text spells enter_context (bare_grad_statement) */
	bool says_star_import;      /* the text spells `import *`: unbound names may be a project file's classes */
	bool notebook;              /* the text is a notebook's code cells, joined (its path ends in .ipynb) */
	bool cell_script;           /* a script cut into cells by `# %%` lines (Jupytext's percent format), run cell by cell */
	signed char other_framework; /* imports another framework's networks (mxnet, tensorflow, jax...): 1, 0, -1 not asked yet */
	/* Defines, or imports from the very module that defines, a class whose forward takes gradients: 1, 0, -1 not asked yet */
	signed char near_graph_class;
	bool framework_imported;
	binding *bindings; /* owned; sorted by local name */
	size_t bindings_len, bindings_cap;
	offsets backward, gradoff, volatile_at;
	/* Of backward, the calls of the file's functions that train (calls.c): a module-level one after a forward is not that forward's. */
	offsets training_calls;
	offsets load_calls;   /* X.load*(...) calls (load_state_dict, load_weights), in text order (models.c) */
	bool load_calls_ok;   /* load_calls collected (on the first shape check that asks) */
	bool volatile_keyword; /* some call passes volatile= anything but False or None (GG003 looks) */
	offsets suspends; /* the starts of yield and await expressions */
	/* The starts of the nodes that make a region train, ascending (trains.c): the fixer's proofs. */
	offsets trains;
	func *funcs; /* owned; [0] is the module, then by start byte */
	size_t funcs_len, funcs_cap;
	named *func_names; /* owned; sorted by name */
	/* Where each name's run of func_names starts, by a hash of the name (classes.c): 1 + that index, 0 empty. */
	uint32_t *func_hash; /* owned; func_hash_cap a power of two */
	size_t func_hash_cap;
	/* What sem_name_says_model said of the names asked last, by a hash of the name (names.c). */
	struct { span name; bool says; } says_model[256];
	klass *classes; /* owned; sorted by name */
	size_t classes_len, classes_cap;
	/* The module's statements and names, where the module has a backward of its own (flow.c). */
	module_flow flow;
	/*
	 * The last function whose statements sem_forward_feeds_backward
	 * indexed, kept while it asks of the same function (its forwards one
	 * after another). Owned; allocated with the model, so that a query
	 * through a const model can fill it.
	 */
	struct fn_flow_memo {
		module_flow flow;
		int scope; /* 0: none yet */
	} *fn_flow;
	gg_node *assign_left, *assign_right; /* owned; parallel */
	size_t assigns_len, assigns_cap;
	/* Each assignment by its left side's text, and each call of the index by the name it calls (sem_named_range). */
	named *assign_names, *call_names; /* owned */
	size_t assign_names_len, call_names_len;
	/*
	 * Each name a tuple assignment of a call's result unpacks (`preds, heads
	 * = net(x)`), by its text; its index is into unpack_right, that call.
	 */
	named *unpack_names; /* owned */
	size_t unpack_names_len, unpack_names_cap;
	gg_node *unpack_right; /* owned */
	size_t unpack_right_len, unpack_right_cap;
	/* owned: the names bound to no module: `name = obj.method` (fetches_plain_attribute), `name = lambda ...` */
	gg_node *fetches;
	size_t fetches_len, fetches_cap;
	/* owned: `X.freeze()` calls, no argument: LightningModule's freeze of every parameter, where the file's are (facts.c) */
	gg_node *freeze_calls;
	size_t freeze_calls_len, freeze_calls_cap;
	/*
	 * owned, of backward's evidence, what asks only an input's gradient
	 * (facts.c, read by calls.c's input_gradient_only): grad_marks are the
	 * marks that make a tensor require one (`x.requires_grad_()`, `x.requires_grad
	 * = True`) and enable_grad; input_grads the torch.autograd.grad calls that
	 * build no graph of the gradient (no create_graph).
	 */
	gg_node *grad_marks;
	size_t grad_marks_len, grad_marks_cap;
	gg_node *input_grads;
	size_t input_grads_len, input_grads_cap;
	/*
	 * owned: assignments of a name to a bare name chain that ends in no_grad
	 * or inference_mode (`inference_mode = torch.inference_mode`): the name
	 * is that callable where it is entered or called (grad_mode.c).
	 */
	gg_node *grad_aliases;
	size_t grad_aliases_len, grad_aliases_cap;
	/* owned: assignments of a plain name to another (`model = DGCNN`), in text order: class_alias_of (facts.c) */
	gg_node *name_aliases;
	size_t name_aliases_len, name_aliases_cap;
	spanset models, not_models, loaded;
	spanset paramless; /* models of the file's classes that hold no parameters (a loss written as a module) */
	/*
	 * Those of them that hold nothing handed in either (constants, tensors
	 * they make): a fixed function of their inputs, which records a graph
	 * only where an input brings one (walk.c).
	 */
	spanset weightless;
	/*
	 * Module-level names a top-level function declares `global` and puts in
	 * eval mode (a loader: `global _model; ...; _model.eval()`): the name,
	 * as its `global` statement spells it, and the .eval() call, for the
	 * other functions that run it (walk.c). Found on the first function walked.
	 */
	gg_node *global_evals; /* owned: name, call pairs */
	size_t global_evals_len, global_evals_cap;
	bool global_evals_found;
	frozen *frozen; /* owned; in text order */
	size_t frozen_len, frozen_cap;
	flag_freeze *flag_freezes; /* owned; helpers freezing as a parameter says, in text order (facts.c) */
	size_t flag_freezes_len, flag_freezes_cap;
	frozen *thaws; /* owned; parts whose parameters are set to require grad again (`p.requires_grad_(True)` over X.parameters()), in text order */
	size_t thaws_len, thaws_cap;
	frozen *train_modes; /* owned; modules put in training mode (`X.train()`), as walked */
	size_t train_modes_len, train_modes_cap;
	/* Spellings on which a method only modules have is called (model.parameters()): evidence of a module. */
	spanset module_api;
	/* The modules the file's star imports name (`from utils import *`), as written, dots of a relative one kept. */
	spanset star_modules;
	/* The attributes of self the file's plain assignments store (`self.net = net`), read once when first asked (models.c). */
	spanset self_stored;
	bool self_stored_read;
	/* Each assignment to a plain local name and what it bound, sorted by name, then position. */
	bind *binds; /* owned */
	size_t binds_len, binds_cap;
	/* By bind: 1 + where a call first trains, loads or takes what it bound (UINT32_MAX: none), 0 not asked (models.c). */
	uint32_t *bind_touched; /* owned */
	/* Names bound to what a library callable built or loaded: `model = whisper.load_model(...)`. */
	lib_object *lib_objects; /* owned, with each factory */
	size_t lib_objects_len, lib_objects_cap;
	flag_range *flags; /* owned */
	size_t flags_len, flags_cap;
	/*
	 * The evaluation half of a shared step (`else:` of `if train:` around
	 * the backward, the body of `if not train:`): a node of function func
	 * that only the calls passing the flag false run (calls.c notes it
	 * grad-off when each of those runs without grad).
	 */
	eval_half *eval_halves; /* owned */
	size_t eval_halves_len, eval_halves_cap;
	gg_byte_range *old_torch; /* owned: the branches only a torch before 1.0 runs, not walked (walk.c) */
	size_t old_torch_len, old_torch_cap;
	handed *handed; /* owned; made on the first sem_func_handed_on */
	size_t handed_len, handed_cap;
	bool handed_ok;
	event *events; /* owned */
	size_t events_len, events_cap;
	site *sites; /* owned */
	size_t sites_len, sites_cap;
	receiver *evals; /* owned; the stack that block views index */
	size_t evals_cap;
	gg_buf name; /* scratch for resolved names */
	span torch;  /* how this file spells torch, for fixes in messages */
	signed char torch_other; /* whether module-level code may bind that name to another value (gg_fix_name_is_torch_at's memo): -1 not yet known */
	/* The calls and assignments of the tree, for scan_calls (and GG002): sem->index. */
	gg_tree_index *index;
	gg_findings *out;
	int error; /* first negative errno met; the walk stops */
} semantic;

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
	bool grad_on;      /* autograd turned on on purpose (enable_grad, set_grad_enabled(True)) */
	bool exempt;       /* unit-test code */
	bool in_loop;
	bool train_branch; /* inside `if <flag>:` of a shared step */
	bool after_train;  /* after X.train() in this block: training mode on purpose */
	gg_node loop_iter;
	uint32_t loop_start, loop_end;
	gg_node loop;      /* the innermost loop around (a for or a while), or null */
	gg_node phase_loop; /* a loop over phase names that trains in one of them (evidence.phase_loop), or null */
	span phase_train;
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

#define IS(n, name) gg_py_is((n), c->sem->ids.sym_##name)
#define FIELD(n, name) gg_node_child_by_field_id((n), c->sem->ids.fld_##name)

#define PUSH(c, arr, len, cap, value)                                                      \
	do {                                                                               \
		if (gg_grow((void **)&(arr), &(cap), (len), sizeof *(arr)))                    \
			fail((c), -ENOMEM);                                                \
		else                                                                       \
			(arr)[(len)++] = (value);                                          \
	} while (0)

/* ---- words of a name ---- */

/* A test of one lower-cased word of a name (sem_words_any). */
typedef bool (*word_fn)(const semantic *c, const char *word, size_t len, void *arg);

/* ---- evaluation context ---- */

typedef enum mode_change {
	MODE_NONE,
	MODE_EVAL,  /* X.eval(), X.train(False) */
	MODE_TRAIN, /* X.train(), X.train(True), X.train(flag) */
} mode_change;

/* ---- model forward ---- */

/* A name chain as text: model, self.backbone (chain false: not a name chain). */
typedef struct chain {
	bool chain;
	bool identifier; /* a single name */
	span text, root, last;
} chain;

/* ---- small helpers, inline: the walk calls them on every node ---- */

static inline span node_span(const semantic *c, gg_node n)
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

static inline span text_between(const semantic *c, uint32_t start, uint32_t end)
{
	return (span){ c->text + start, end - start };
}

static inline bool span_eq(span a, span b)
{
	/* Names are short: a loop beats a call of memcmp, and most differ in their first byte. */
	if (a.len != b.len)
		return false;
	if (a.len > 16)
		return memcmp(a.ptr, b.ptr, a.len) == 0;
	for (size_t i = 0; i < a.len; i++)
		if (a.ptr[i] != b.ptr[i])
			return false;
	return true;
}

static inline bool span_is(span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.len == n && memcmp(a.ptr, lit, n) == 0;
}

static inline bool span_starts(span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.len >= n && memcmp(a.ptr, lit, n) == 0;
}

static inline bool span_ends(span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.len >= n && memcmp(a.ptr + a.len - n, lit, n) == 0;
}

static inline bool span_contains(span a, const char *lit)
{
	return gg_text_contains(a.ptr, a.len, lit);
}

static inline int span_cmp(span a, span b)
{
	size_t n = a.len < b.len ? a.len : b.len;
	/* memcmp's order (bytes as unsigned), without its call for the first bytes, where most names differ. */
	size_t i = 0;
	for (; i < n && i < 8; i++)
		if (a.ptr[i] != b.ptr[i])
			return (unsigned char)a.ptr[i] < (unsigned char)b.ptr[i] ? -1 : 1;
	int r = i < n ? memcmp(a.ptr + i, b.ptr + i, n - i) : 0;
	if (r)
		return r;
	return a.len < b.len ? -1 : a.len > b.len;
}

static inline void fail(semantic *c, int err)
{
	if (!c->error)
		c->error = err;
}

static inline int row_of(gg_node n)
{
	return (int)gg_node_start_point(n).row + 1;
}

static inline bool sym_is(gg_node n, TSSymbol sym)
{
	return !gg_node_is_null(n) && gg_node_symbol(n) == sym;
}

static inline gg_node field_id(gg_node n, TSFieldId id)
{
	return gg_node_is_null(n) ? gg_node_null() : gg_node_child_by_field_id(n, id);
}

/* The node's text, false when it lies outside the text (a stale tree): a text predicate then fails. */
static inline bool node_text_of(const semantic *c, gg_node n, span *out)
{
	uint32_t s = gg_node_start_byte(n), e = gg_node_end_byte(n);
	if (e < s || e > c->len)
		return false;
	*out = (span){ c->text + s, e - s };
	return true;
}

/* (#eq? @n "lit") */
static inline bool text_eq(const semantic *c, gg_node n, const char *lit)
{
	span t;
	return node_text_of(c, n, &t) && span_is(t, lit);
}

/* ---- shared between the model's files ---- */

/* evaluation.c */
mode_change sem_eval_receiver_of(semantic *c, gg_node stmt, gg_node *target, gg_node *call);
receiver *sem_receiver_find(const semantic *c, const ctx *x, span text);
void sem_eval_region_apply(semantic *c, ctx *x, mode_change m, gg_node receiver_node, gg_node call);
bool sem_iterable_says_eval(const semantic *c, gg_node it);
evidence sem_evidence_here(semantic *c, const ctx *x, span prefer, uint32_t at);
bool sem_built_untrained(semantic *c, const ctx *x, span name, uint32_t at);
/*
 * Whether a forward in a class's __init__ runs a module that __init__ built
 * (a block built, put in eval mode and run on a dummy to learn the next
 * layer's width): construction, no evaluation (SPEC §2, a shape check).
 */
bool sem_construction_pass(semantic *c, const ctx *x, span recv);
bool sem_eval_region_holds(const semantic *c, const evidence *ev, int scope);
/* Whether the forward at `at`'s result reaches a backward at or after `from` in its scope (the flow's answer). */
bool sem_forward_feeds_backward(const semantic *c, int scope, uint32_t at, uint32_t from);
bool sem_evidence_holds(const semantic *c, const evidence *ev, int scope, bool loaded);
/* Whether a forward at scope, of a model loaded or not, is a module-level inference script's (the choice sem_evidence_holds makes). */
bool sem_module_script(const semantic *c, const evidence *ev, int scope, bool loaded);
bool sem_module_forward(const semantic *c, int fi);
void sem_flow_build(semantic *c);
void sem_flow_free(module_flow *f);
/* What the module-level statement first's result reaches; -1 when it is not one of the flow's (r is then empty). */
int sem_flow_reach(const module_flow *f, gg_node first, flow_reach *r);
/* The statements of function def's body, as sem_flow_build indexes the module's, into f (sem_flow_free it). 0 or -ENOMEM. */
int sem_flow_build_in(const semantic *c, gg_node def, module_flow *f);
/* Whether a statement r reached (or its forward's own) holds one of o's offsets at or after from. */
bool sem_flow_reached_in(const module_flow *f, const flow_reach *r, const offsets *o, uint32_t from);
/* Whether function fi's own body (nested definitions left out) holds a loop or a comprehension. */
bool sem_func_iterates(semantic *c, int fi);
/* Whether the model an event runs was loaded: from a loader, or state loaded into it earlier in its function. */
bool sem_event_model_loaded(const semantic *c, const event *e);

/* models.c */
/*
 * Whether the module recv (as the forward at x spells it) may be one whose
 * forward takes gradients of its own output (GG_ELSEWHERE_CLASS_TAKES_GRAD): built
 * from such a class, or made where the file cannot tell while the project
 * has such classes. It needs its graph: no evaluation's waste.
 */
/*
 * Whether the module recv runs differentiates in its forward (a class of the
 * project that GG_ELSEWHERE_CLASS_TAKES_GRAD names): 1 it does, or may
 * (unresolved, near one), 0 it does not, -1 it does only in training mode,
 * or it is handed in (a parameter, self's attribute) unresolved while a
 * module elsewhere in the project does.
 */
int sem_forward_takes_grad(semantic *c, const ctx *x, span recv);
/*
 * Whether a call runs what takes the gradient of the model it was handed:
 * an object a class of the project builds whose forward differentiates (an
 * attack, `adv = attack(x, y)`), or a library object's method the table
 * says so of (advertorch's perturb, an explainer's attributions). Such a
 * call needs grad on; it trains no parameter.
 */
bool sem_call_takes_grad(semantic *c, const gg_call_ref *ref);
/* Whether the file imports another framework's networks and nothing of torch. */
bool sem_other_framework_only(semantic *c);
chain sem_chain_of_object(const semantic *c, const gg_call_ref *ref);
const bind *sem_bind_at(const semantic *c, const ctx *x, span name);
/* The last assignment to the plain name in function func before byte use, or NULL. */
const bind *sem_bind_before(const semantic *c, span name, int func, uint32_t use);
bool sem_is_forward_method(span name);
/* The library callable (resolved) whose result name holds, for its method facts, or NULL (owned by c->lib_objects). */
const char *sem_lib_object_factory(const semantic *c, span name);
/* The same for the binding of name in force where x is (a notebook rebinds `model` cell after cell), or NULL. */
const char *sem_lib_object_in_force(const semantic *c, const ctx *x, span name);
bool sem_chain_is_model(semantic *c, const ctx *x, const chain *obj, bool *loaded);
/* A forward that is a shape check: a module built here, run once on synthetic tensors (SPEC §2). */
/*
 * Whether function fi (nested functions included: a forward hook it
 * registers) reads the graph its forwards record, `out.grad_fn`,
 * `.next_functions`: a tracer, for which the graph is the product. The
 * module's code is never taken for one.
 */
bool sem_func_reads_graph(semantic *c, int fi);
bool sem_shape_check(semantic *c, const ctx *x, const gg_call_ref *ref, span recv);
/* A forward on synthetic tensors whose result is thrown away: a warm-up when a forward that keeps its result follows (SPEC §2). */
bool sem_warm_up(semantic *c, const ctx *x, const gg_call_ref *ref);
bool sem_export_check(semantic *c, const ctx *x, const gg_call_ref *ref);
bool sem_thrown_pass(semantic *c, const ctx *x, const gg_call_ref *ref);
/*
 * Whether a forward is a one-item demonstration: at a notebook's top
 * level (or a `# %%` cell script's), outside any loop, its input a batch of
 * one (`vae.encode(image)` after `image = test_set[71][0].unsqueeze(0)`),
 * any argument after it a setting (a literal, `vocab['<start>']`): a cell
 * showing what the model does. Memory cannot matter there, and nobody
 * wants it reported (SPEC §2's harmless noise). A script's is its inference
 * (SPEC §2).
 */
bool sem_one_item_demo(const semantic *c, const ctx *x, const gg_call_ref *ref);
/*
 * Whether ref calls a name that only its name says is a model (a parameter
 * called `decoder`) on host data (a numpy array, scipy's result): no torch
 * module takes that, so the callee is a function of the data (SPEC §2).
 */
bool sem_name_only_call_on_host_data(semantic *c, const ctx *x, const gg_call_ref *ref, span recv);
bool sem_shape_read(const semantic *c, const gg_call_ref *ref);
/* Whether a forward on synthetic tensors is bound to a name the statements after it read only for its shape: a shape check. */
bool sem_output_shape_only(semantic *c, const ctx *x, const gg_call_ref *ref);
/* Whether the module spelled name is frozen before byte at, in the same function for a plain name. */
bool sem_frozen_before(const semantic *c, span name, uint32_t at);
/*
 * Whether a call of a method that every class of the project defining it
 * trains in only under a test of one parameter (gg_elsewhere_flag_method)
 * passes the value that turns the training off: the step's forward alone.
 */
bool sem_call_skips_training(const semantic *c, const gg_call_ref *ref);
/*
 * Whether ref runs a model, *recv its receiver; *loaded: a loaded model's;
 * *held: a method of a plain class that runs a module the instance holds
 * (what it returns is the method's own: not known to carry history).
 */
bool sem_forward_receiver(semantic *c, const ctx *x, const gg_call_ref *ref, span *recv, bool *loaded, bool *held);
/*
 * Whether the forward's output is read with .numpy() before any detach,
 * right on the call or through the name it is assigned to: numpy() raises on
 * a tensor that requires grad, so code that runs records no graph there (a
 * feature transform holding no parameters on plain data).
 */
bool sem_output_read_as_numpy(semantic *c, const ctx *x, gg_node call);
/*
 * Whether the output of the forward call, bound to a name in function fi
 * (whole, indexed or unpacked: every name), leaves it without history:
 * every later read of the name ends it (a
 * detach, .item(), .numpy()) or rebinds the name to a float-keeping chain
 * of itself (`preds = preds.cpu()`), followed on. Nothing can carry it to
 * a backward. fi 0: the module's top level. *ended (NULL: not asked) says
 * whether some read ends it, not only that none keeps it.
 */
bool sem_output_history_dropped(const semantic *c, int fi, gg_node call, bool *ended);
span sem_detached_output(const semantic *c, gg_node call);

/* names.c */
bool sem_words_any(const semantic *c, span name, word_fn fn, void *arg);
bool sem_word_in(const char *word, size_t len, const char *const *list);
/* A module's methods that return the module itself (names.c). */
extern const char *const sem_returns_self[];
/* torch's wrappers whose forward runs the module handed to them: DataParallel, DDP, torch.compile, AveragedModel (names.c). */
extern const char *const sem_module_wrappers[];
/* sem_name_says_eval's words without a configuration's extra names: for the project index's text scans. */
bool sem_name_says_eval_alone(span name);
bool sem_name_says_eval(const semantic *c, span name);
bool sem_is_iter_word(const semantic *c, const char *w, size_t n, void *arg);
size_t sem_last_word(span name, char *buf, size_t cap);
bool sem_name_says_model(const semantic *c, span name);
/* sem_name_says_model, remembered for the names asked last (one model's check asks few names many times). */
bool sem_name_says_model_cached(semantic *c, span name);
/*
 * Whether the code spells name only as a call's callee (`validate_model(`):
 * nothing in the file binds it. A scan of the text, for the rare names no
 * other fact explains.
 */
bool sem_name_only_called(const semantic *c, span name);

/* syntax.c */
int sem_u32_cmp(const void *pa, const void *pb);
void sem_offsets_sort(offsets *o);
bool sem_offsets_any_in(const offsets *o, uint32_t start, uint32_t end);
void sem_spanset_sort(spanset *s);
bool sem_spanset_has(const spanset *s, span key);
uint32_t sem_argument_count(const semantic *c, gg_node args);
gg_node sem_argument_at(const semantic *c, gg_node args, uint32_t index);
/*
 * What a call passes for a parameter: the argument at place (among the
 * positional ones; -1: none) or the keyword argument name's value; a null
 * node when it passes none, with *unknown set when a splat hides it.
 */
gg_node sem_argument_for(const semantic *c, gg_node args, int place, span name, bool *unknown);
/*
 * Whether name is one of the names a tuple target left binds (`a, b = x, y`):
 * *value is then the item of right in its place, or a null node where right
 * is one value unpacked (`h, a = self.rnn(x)`: not known). The last place
 * wins where name stands twice.
 */
/*
 * The right side of name's last assignment in function fi before byte
 * before (null: none); with unpacked, a tuple assignment of a call that
 * unpacks it counts too, its whole call.
 */
gg_node sem_value_before(const semantic *c, int fi, span name, uint32_t before, bool unpacked);
/* Whether target (a name, or a tuple of names, nested) binds name. */
bool sem_target_binds(const semantic *c, gg_node target, span name);
bool sem_pattern_value(const semantic *c, gg_node left, gg_node right, span name, gg_node *value);
/* The name node of parameter p (`x`, `x=1`, `x: int`, `x: int = 1`); p itself otherwise (a splat, a bare `*`). */
gg_node sem_parameter_name(const semantic *c, gg_node p);
bool sem_string_value(const semantic *c, gg_node n, span *out);
bool sem_is_name_chain(const semantic *c, gg_node n);
gg_node sem_chain_root(const semantic *c, gg_node n);
/* The index of the first of the file's assignments (in document order) that starts at or after byte at. */
size_t sem_assignments_from(const semantic *c, uint32_t at);
span sem_chain_last(const semantic *c, gg_node n);
span sem_attribute_name(const semantic *c, gg_node attr);
span sem_method_of(const semantic *c, const gg_call_ref *ref);
span sem_callee_name(const semantic *c, const gg_call_ref *ref);

/* grad_mode.c */
extern const char *const sem_names_no_grad[];
extern const char *const sem_names_inference_mode[];
extern const char *const sem_names_enable_grad[];
extern const char *const sem_names_set_grad_enabled[];
extern const char *const sem_names_autograd_grad[];
int sem_literal_mode(const semantic *c, gg_node args);
grad_context sem_grad_context_of(semantic *c, gg_node expr);
/* Whether name is bound to grad's own no_grad or inference_mode (`inference_mode = torch.inference_mode`). */
bool sem_grad_alias_disables(semantic *c, gg_node name);
grad_context sem_with_grad(semantic *c, gg_node with_clause);
grad_context sem_bare_grad_statement(semantic *c, gg_node stmt);
/* Notes node as where grad goes off (g: GRAD_OFF, or GRAD_CONTROLLED when a flag picks the mode). */
void sem_grad_off_note(semantic *c, gg_node node, grad_context g);
bool sem_is_lightning_hook(span name);
bool sem_enter_disables_grad(const semantic *c, const func *f);

/* classes.c */
int sem_func_cmp(const void *pa, const void *pb);
int sem_named_cmp(const void *pa, const void *pb);
/* The first entry of v (sorted by sem_named_cmp) whose name is name or after it; its run goes on while the name is equal. */
size_t sem_named_first(const named *v, size_t len, span name);
int sem_klass_cmp(const void *pa, const void *pb);
int sem_func_of_def(const semantic *c, gg_node def);
size_t sem_func_names_lower(const semantic *c, span name);
bool sem_is_func_name(const semantic *c, span name);
klass *sem_class_find(const semantic *c, span name);
bool sem_class_is_plain(semantic *c, klass *k, unsigned depth);
/* *handed (may be NULL): an attribute of self is set to a name or an attribute (an object handed in, a module maybe). */
bool sem_class_holds_no_parameters(semantic *c, klass *k, bool *handed);
/* Whether k's own forward (or __call__) computes anything (a skeleton's `return x` does not). */
bool sem_class_forward_computes(const semantic *c, klass *k);
/*
 * How a text scan turns a name its file imports into the dotted name it
 * stands for (`MelSpectrogram` after `from torchaudio.transforms import
 * MelSpectrogram`): fn appends it to out and returns true, or false when the
 * file does not import the name's first segment.
 */
typedef struct sem_text_resolver {
	bool (*fn)(const void *ctx, const char *name, size_t len, gg_buf *out);
	const void *ctx;
} sem_text_resolver;
/*
 * The body half of it, on a class body's text (the project index's text scan
 * asks it of another file's classes): no line sets an attribute of self to
 * a call's result other than a library's layer without parameters (torch.nn's,
 * or an imported one's that resolve, may be NULL, names), and none names
 * Parameter, setattr, add_module, register_parameter or register_module.
 */
bool sem_text_holds_no_parameters(const char *body, size_t len, const gg_library_facts *libs,
				  const sem_text_resolver *resolve, bool *handed);
/* The class of the file that name, at byte at, was last bound to an instance of in its function (`m = Meter()`), or NULL. */
klass *sem_local_instance_class(semantic *c, uint32_t at, span name);
/* Which parameter (after self) method of class ci adds into an attribute of self (`self.sum += val`), or -1. */
int sem_method_accumulates(semantic *c, int ci, span method);
gg_node sem_call_chain_base(const semantic *c, gg_node call);
bool sem_func_makes_plain(semantic *c, span name);
/* Whether name is a function of the file whose every return builds a module there (return Net(width)). */
bool sem_func_makes_module(semantic *c, span name);
/*
 * Whether `name.method()` at byte at of function fi puts what the instance
 * holds in eval mode: name was last bound there to an instance of another
 * file's plain class whose method does (gg_elsewhere_holder_method).
 */
bool sem_holder_sets_eval(semantic *c, int fi, span name, uint32_t at, span method);
/* Whether every return of f makes a tensor from data (torch.tensor(...), torch.from_numpy(...)): no history. */
bool sem_func_returns_data(semantic *c, const func *f);
unsigned sem_class_kind(semantic *c, klass *k, unsigned depth);
unsigned sem_class_kind_of(semantic *c, gg_node def);
bool sem_class_inherits(const semantic *c, int sub, int base, unsigned depth);
/* Whether a base of class cls, in this file (through its bases), defines a method called name. */
bool sem_class_base_defines_here(const semantic *c, int cls, span name, unsigned depth);
bool sem_decorated_grad_off(semantic *c, gg_node decorated);
/* What the annotation of a plain name's parameter says: 1 a module, -1 no module, 0 unknown (classes.c). */
int sem_parameter_annotation_kind(semantic *c, int fi, span name);
bool sem_instance_method_no_grad(semantic *c, int fi, span spelling, const char *method);
/* Whether method of class node cls runs with grad off: decorated so, delegating to one that is, or a base's. */
bool sem_class_method_no_grad(semantic *c, gg_node cls, span method);
/*
 * The modes a module's forward runs with grad off: each `param == "value"`
 * branch of its body that opens under no_grad (`elif mode == "inference":
 * with torch.no_grad(): ...`), to visit, until it returns true.
 */
/* The def of method name of class cls of the file (the last one), or a null node. */
gg_node sem_class_method_def(const semantic *c, int cls, span name);
/* Whether a call of module recv passes a mode its class's forward runs with grad off. */
bool sem_call_mode_grad_off(semantic *c, const ctx *x, const gg_call_ref *ref, span recv);
/* A mode value of forward's parameter param, at place place (self is 0), whose branch runs with grad off. */
typedef bool (*sem_mode_visit)(semantic *c, span param, int place, span value, void *arg);
void sem_forward_modes_off(semantic *c, gg_node def, sem_mode_visit visit, void *arg);
/* The index's name for such a mode, "forward(mode=inference)", into c->name: 0 or -ENOMEM. */
int sem_mode_key(semantic *c, span param, span value);
/* Whether method def only returns a call of another method of self: *to its name. */
bool sem_method_delegates(const semantic *c, gg_node def, span *to);
/* `decode = decode_function` in a class body (stmt): the attribute's name and what it is bound to (a name chain). */
bool sem_class_alias(const semantic *c, gg_node stmt, span *name, gg_node *value);
/* Whether value names a function decorated to run with grad off: a top-level one of the file, or one the project index knows. */
bool sem_function_named_no_grad(semantic *c, gg_node value);
void sem_overrides_guarded(semantic *c);
bool sem_project_base_defines(semantic *c, gg_node cls, span method, unsigned depth);
uint32_t sem_class_forward_numbers(const semantic *c, klass *k);
/* Whether every return of f gives a plain Python number (and it has one): math.log(p) ** 2, t.item(). */
bool sem_func_returns_number(const semantic *c, const func *f);

/* facts.c */
/* Fills r->kinds from the grammar's ids. 0 or -ENOMEM. */
int sem_fact_kinds_init(gg_semantic *r, const TSLanguage *lang);
int sem_facts_collect(semantic *c, gg_node root);
int sem_func_at(const semantic *c, uint32_t at);
/* The position of def's parameter called name (its default in *dflt, else a null node), or -1. */
int sem_parameter_index(const semantic *c, gg_node def, span name, gg_node *dflt);
/*
 * Whether byte at sits in a branch `if P == "lit":` (or an elif) of its
 * function, P a parameter, and every call of the function in the file that
 * may pass "lit" runs with grad off (no other file calls it).
 */
bool sem_branch_guarded(const semantic *c, uint32_t at);
/* The name chain a grad mark makes require grad (`x` of `x.requires_grad_()`, `self.grid` of `self.grid.requires_grad = True`), or an empty span (facts.c). */
span sem_grad_mark_receiver(const semantic *c, gg_node mark);
/* A mode a flag is compared with: a string literal's text, or an enum member's dotted name (Phase.TRAIN). */
bool sem_mode_value(const semantic *c, gg_node n, span *out);
/* Whether the modes test (a flag's `mode == "train" or ...`) names mode. */
bool sem_mode_tested(const semantic *c, gg_node test, span mode);
/* Whether dflt, the default of f's flag parameter, leaves its training branch off (f's flag fields set). */
bool sem_flag_default_false(const semantic *c, const func *f, gg_node dflt);
/*
 * A parameter's origin is what its call sites hand it: fn visits the plain
 * name each plain call `f(...)` of function fi in the file passes for its
 * parameter name (by place or by keyword), with the caller's scope and the
 * call's offset. Returns how many calls there are, or -1 when fi is a
 * method or has no such parameter, a call hides the argument (a splat) or
 * passes anything but a plain name, or fn says no (walk.c).
 */
typedef bool (*sem_argument_fn)(semantic *c, span arg, int scope, uint32_t at, void *ctx);
int sem_param_arguments(semantic *c, int fi, span name, sem_argument_fn fn, void *ctx);
/* Whether parameter name of function fi holds a frozen module at every call of fi in the file (and there is one). */
bool sem_param_frozen(semantic *c, int fi, span name);
/* A hash of a name's bytes, for the model's small tables. */
static inline uint32_t sem_span_hash(span s)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < s.len; i++)
		h = (h ^ (unsigned char)s.ptr[i]) * 16777619u;
	return h;
}
/* Indexes func_names by name for sem_func_names_lower (after they are sorted). 0 or -ENOMEM. */
int sem_func_names_hash(semantic *c);
int sem_enclosing_method(const semantic *c, int fi);

/* walk.c */
void sem_scan_calls(semantic *c, const ctx *x, gg_node node);
void sem_walk_function(semantic *c, const ctx *x, gg_node def, gg_node decorated);
void sem_walk_block(semantic *c, ctx x, gg_node block);

/* calls.c */
void sem_call_graph_resolve(semantic *c);
/* Whether call site s runs its callee as evaluation code with grad on (after the call graph). */
bool sem_site_runs_eval(const semantic *c, const site *s);
size_t sem_sites_of(const semantic *c, int fi);
bool sem_func_trained_through(const semantic *c, int g);
int sem_unguarded_site(const semantic *c, int fi);
/* Whether a site runs its callee with grad off: its own context, or a caller guarded everywhere. */
bool sem_site_guarded(const semantic *c, const site *s);
size_t sem_unguarded_sites(const semantic *c, int fi);
bool sem_func_handed_on(semantic *c, const func *f);
bool sem_eval_half_proved(const semantic *c, int fi);

/* trains.c */
void sem_trains_build(semantic *c);
/* Whether a node that trains starts in region, other than at except (a null region trains). */
bool sem_region_trains(const semantic *c, gg_node region, uint32_t except);
/* Whether a node that trains starts in [start, end). */
bool sem_range_trains(const semantic *c, uint32_t start, uint32_t end);

/* imports.c */
int sem_binding_cmp(const void *pa, const void *pb);
const binding *sem_binding_find(const semantic *c, span local);
bool sem_name_resolve(semantic *c, gg_node n);
span sem_resolved(const semantic *c);
bool sem_name_is_one_of(const semantic *c, const char *const *names);
span sem_torch_spelling(const semantic *c);
int sem_imports_of(semantic *c, gg_node stmt);
int sem_from_imports_of(semantic *c, gg_node stmt);

#endif
