#ifndef GG_GRAD_CONTEXT_H
#define GG_GRAD_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "buf.h"

#include "analysis.h"
#include "findings.h"

/*
 * How a file names torch, and what its grad-mode constructs do to autograd:
 * the "gradient already disabled" part of SPEC §2 that GG002 and GG003 share.
 * `import torch as th`, `from torch import no_grad as ng` and
 * `import torch.autograd` are resolved, so `th.no_grad()` and `ng()` read as
 * torch.no_grad().
 */

/*
 * The node types and fields of the Python grammar the rules test, resolved
 * once (per analyzer) from the language: comparing gg_node_symbol with an id
 * and gg_node_child_by_field_id cost a fraction of gg_node_type + strcmp and
 * of a field lookup by name, which scans the grammar's field names each time.
 */
#define GG_PY_SYMBOLS(X)                                                                                  \
	X(ERROR) X(aliased_import) X(argument_list) X(as_pattern) X(assignment) X(attribute)               \
	X(augmented_assignment) X(binary_operator) X(block) X(call) X(case_clause) X(class_definition)     \
	X(comment) X(decorated_definition) X(decorator) X(dotted_name) X(elif_clause) X(else_clause)       \
	X(except_clause) X(except_group_clause) X(expression_list) X(expression_statement) X(false)        \
	X(finally_clause) X(for_in_clause) X(for_statement) X(function_definition) X(identifier)           \
	X(if_statement) X(import_from_statement) X(import_statement) X(keyword_argument) X(lambda) X(list) \
	X(list_pattern) X(match_statement) X(module) X(parenthesized_expression) X(pattern_list)           \
	X(return_statement) X(subscript) X(true) X(try_statement) X(tuple) X(tuple_pattern)                \
	X(unary_operator) X(while_statement) X(with_clause) X(with_item) X(with_statement) X(yield)          \
	X(string) X(default_parameter) X(typed_default_parameter) X(typed_parameter) X(list_splat)         \
	X(dictionary_splat) X(list_comprehension) X(generator_expression) X(set_comprehension)             \
	X(dictionary_comprehension) X(relative_import) X(comparison_operator) X(boolean_operator) X(await)  \
	X(conditional_expression) X(continue_statement) X(break_statement) X(none) X(integer) X(float)    \
	X(global_statement) X(not_operator) X(wildcard_import) X(dictionary) X(pair)
#define GG_PY_FIELDS(X)                                                                                   \
	X(alias) X(argument) X(arguments) X(attribute) X(body) X(consequence) X(definition) X(function)    \
	X(left) X(module_name) X(name) X(object) X(operator) X(right) X(superclasses) X(value) X(subscript) \
	X(parameters) X(condition)

typedef struct gg_py_ids {
#define GG_PY_SYMBOL_(n) TSSymbol sym_##n;
#define GG_PY_FIELD_(n) TSFieldId fld_##n;
	GG_PY_SYMBOLS(GG_PY_SYMBOL_)
	GG_PY_FIELDS(GG_PY_FIELD_)
#undef GG_PY_SYMBOL_
#undef GG_PY_FIELD_
} gg_py_ids;

/* Resolves the ids; false when the grammar lacks one of them (then nothing would match). */
bool gg_py_ids_init(gg_py_ids *ids, const TSLanguage *lang);

/* Whether lit occurs in text[0, len): memchr and memcmp, cheaper than memmem on a statement's few bytes. */
static inline bool gg_text_contains(const char *text, size_t len, const char *lit)
{
	size_t n = strlen(lit);
	for (const char *p = text, *end = text + len; n && (size_t)(end - p) >= n; p++) {
		p = memchr(p, lit[0], (size_t)(end - p) - n + 1);
		if (!p)
			return false;
		if (memcmp(p, lit, n) == 0)
			return true;
	}
	return false;
}

/* Whether n is not null and of the type sym (an id of gg_py_ids). */
static inline bool gg_py_is(gg_node n, TSSymbol sym)
{
	return !gg_node_is_null(n) && gg_node_symbol(n) == sym;
}

/*
 * Whether nodes of type sym hold statements (imports among them): the module,
 * blocks, compound statements and their clauses, definitions, ERROR.
 */
static inline bool gg_py_holds_statements(const gg_py_ids *ids, TSSymbol s)
{
	return s == ids->sym_module || s == ids->sym_block || s == ids->sym_if_statement || s == ids->sym_elif_clause ||
	       s == ids->sym_else_clause || s == ids->sym_for_statement || s == ids->sym_while_statement ||
	       s == ids->sym_try_statement || s == ids->sym_except_clause || s == ids->sym_except_group_clause ||
	       s == ids->sym_finally_clause || s == ids->sym_with_statement || s == ids->sym_function_definition ||
	       s == ids->sym_class_definition || s == ids->sym_decorated_definition || s == ids->sym_match_statement ||
	       s == ids->sym_case_clause || s == ids->sym_ERROR;
}

/*
 * Whether nodes of type sym can have a body or consequence field (the
 * grammar's node-types.json): the others need not be asked for them.
 */
static inline bool gg_py_may_have_body(const gg_py_ids *ids, TSSymbol sym)
{
	return sym == ids->sym_if_statement || sym == ids->sym_for_statement || sym == ids->sym_while_statement ||
	       sym == ids->sym_try_statement || sym == ids->sym_with_statement || sym == ids->sym_match_statement ||
	       sym == ids->sym_function_definition || sym == ids->sym_class_definition || sym == ids->sym_case_clause ||
	       sym == ids->sym_elif_clause || sym == ids->sym_else_clause || sym == ids->sym_lambda ||
	       sym == ids->sym_list_comprehension || sym == ids->sym_dictionary_comprehension ||
	       sym == ids->sym_set_comprehension || sym == ids->sym_generator_expression;
}

/*
 * What GG001's walk over every node (its facts) saw that GG002 needs too, so
 * that GG002 need not walk the whole tree again: every call with its byte
 * range (document order, so by start byte) and every assignment. The buffers
 * are reused from file to file.
 */
typedef struct gg_call_ref {
	gg_node node;
	gg_node callee; /* its function field */
	uint32_t start, end; /* the call's bytes; its callee starts at start too */
	uint32_t callee_end;
	/*
	 * When the callee is a name chain (`f`, `self.net.encode`; at most
	 * GG_PY_MAX_NAMES names): how many names, where the first ends, where the
	 * last two start and where the chain without its last name ends. 0 names:
	 * not a chain. The rules read names from these instead of asking the tree
	 * again for each.
	 */
	uint32_t root_end, prev_start, last_start, object_end;
	uint8_t names;
	bool plain;     /* the chain is written without spaces or comments: text[start, callee_end) is "a.b.c" */
	bool attribute; /* the callee is an attribute (a chain or not: f(x).backward): its name is method */
	uint32_t method_start; /* with attribute: its name is [method_start, callee_end), empty when unreadable */
	bool in_lambda; /* inside a lambda (whose body runs where it is called) */
} gg_call_ref;

/* The first of calls (sorted by start, as the facts walk records them) that starts at or after start; len if none. */
static inline size_t gg_call_refs_from(const gg_call_ref *calls, size_t len, uint32_t start)
{
	size_t lo = 0, hi = len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (calls[mid].start < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The longest name chain read as one (a.b.c...). */
#define GG_PY_MAX_NAMES 32

/* Fills ref for the call node (start, end, callee and its names); in_lambda is left false. */
void gg_call_ref_init(gg_call_ref *ref, const gg_py_ids *ids, const char *text, size_t len, gg_node call);

/*
 * The start of the name of an attribute node (its `attribute` field), which
 * ends where the node ends; start == end when it has none. Read from the text
 * when the node parsed cleanly.
 */
uint32_t gg_py_attribute_name_start(const gg_py_ids *ids, const char *text, size_t len, gg_node attr);

/* A slice of the checked text. */
typedef struct gg_text_span {
	const char *ptr;
	size_t len;
} gg_text_span;

/* Whether a span spells the C string lit exactly. */
static inline bool gg_text_span_is(gg_text_span s, const char *lit)
{
	size_t n = strlen(lit);
	return s.len == n && memcmp(s.ptr, lit, n) == 0;
}

/* Whether two spans spell the same text. */
static inline bool gg_text_span_eq(gg_text_span a, gg_text_span b)
{
	return a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0;
}

/* Byte order of two spans, the shorter first where one begins the other (for sorting and searching). */
static inline int gg_text_span_cmp(gg_text_span a, gg_text_span b)
{
	int c = memcmp(a.ptr, b.ptr, a.len < b.len ? a.len : b.len);
	return c ? c : (a.len > b.len) - (a.len < b.len);
}

/* The text between the quotes of a string literal node (r/b/u prefixes, triple quotes; not an f-string) into *out. */
bool gg_py_string_value(const gg_py_ids *ids, const char *text, gg_node n, gg_text_span *out);

/* A spelling bound to a module class of the file, and which parts of the tuple its forward() returns are numbers. */
typedef struct gg_no_graph {
	const char *ptr;
	size_t len;
	uint32_t from, to;
} gg_no_graph;

typedef struct gg_number_parts {
	gg_text_span model;
	uint32_t mask; /* bit i: part i is a plain Python number (x.size(0) / n) */
	uint32_t from, to; /* where the name holds it: the whole file, or the function whose parameter it is */
} gg_number_parts;

typedef struct gg_tree_index {
	gg_node root;       /* the tree it describes; a null node while it is being built or after a failure */
	gg_call_ref *calls; /* owned */
	size_t calls_len, calls_cap;
	gg_node *assignments; /* owned */
	size_t assignments_len, assignments_cap;
	/* The imports whose ancestors all hold statements (those gg_torch_names_init finds). */
	gg_node *imports; /* owned */
	size_t imports_len, imports_cap;
	/*
	 * The spellings that hold modules, as GG001's facts decide it (built from
	 * a module class or a model factory, loaded, or the receiver of a method
	 * only modules have), so that every rule means the same by "a model".
	 * Unsorted; the pointers are into the checked text.
	 */
	gg_text_span *models; /* owned */
	size_t models_len, models_cap;
	/*
	 * The spellings whose calls record no graph, as GG001's facts decide it:
	 * values whose origin is known not to be a module (a plain class's
	 * instance, a tokenizer, a library's plain object) and modules whose
	 * parameters are all frozen. Each holds in [from, to): a plain name in
	 * the function that binds or freezes it, from there on; an attribute
	 * chain (self.encoder) in the whole file. Unsorted; into the text.
	 */
	gg_no_graph *no_graph; /* owned */
	size_t no_graph_len, no_graph_cap;
	/*
	 * The start bytes of the classes that are modules (not LightningModules,
	 * whose steps are training code), ascending: their methods compute the
	 * model's own output.
	 */
	uint32_t *module_classes; /* owned */
	size_t module_classes_len, module_classes_cap;
	/* The start bytes of the classes that are unit tests (TestCase subclasses), ascending: no rule reports there. */
	uint32_t *test_classes; /* owned */
	size_t test_classes_len, test_classes_cap;
	/* Models of the file's own classes whose forward() returns numbers in some tuple parts (GG002's `out, ratio = model(x)`). */
	gg_number_parts *number_parts; /* owned; the spans point into the checked text */
	size_t number_parts_len, number_parts_cap;
	/*
	 * Where GG001 found autograd turned off, so that every rule means the
	 * same by it: the start bytes of the function definitions that run
	 * without grad (a decorator, a wrapper of this file or another, a
	 * framework hook, or every caller in the file guarded), of the with
	 * statements that turn it off, and of the bare statements after which it
	 * is off (set_grad_enabled(False), stack.enter_context(no_grad())).
	 * Ascending; filled by the check itself, after the facts.
	 */
	uint32_t *grad_off; /* owned */
	size_t grad_off_len, grad_off_cap;
	/*
	 * Of those, the ones whose mode is picked at run time on purpose
	 * (set_grad_enabled(flag), `no_grad() if c else nullcontext()`): no
	 * finding there, and no proof either way for a diagnosis. Ascending.
	 */
	uint32_t *grad_controlled; /* owned */
	size_t grad_controlled_len, grad_controlled_cap;
	/*
	 * The start bytes of the function definitions that GG001's model takes
	 * for evaluation code with no backward on their path: named so (and not a
	 * module's API), calling X.eval() themselves, or run as evaluation code by
	 * a caller of the file. Ascending; filled after the call graph.
	 */
	uint32_t *eval_funcs; /* owned */
	size_t eval_funcs_len, eval_funcs_cap;
	/*
	 * The calls the model takes for forwards of a module that record a graph
	 * (grad on, not frozen, not a warm-up or a shape check: GG001's events,
	 * whether or not they are evaluation), as start and end bytes, so that
	 * GG002 knows what carries history as GG001 does. Sorted by start, then end.
	 */
	gg_byte_range *forwards; /* owned */
	size_t forwards_len, forwards_cap;
	/*
	 * The names of the file's own functions and methods (def NAME), sorted by
	 * their bytes: a call of one is a call, not a model's forward, whatever
	 * its name says (profile_model(...)). The pointers are into the text.
	 */
	gg_text_span *func_names; /* owned */
	size_t func_names_len, func_names_cap;
	/*
	 * Of those, the names whose every definition returns a plain Python
	 * number in every return (math.log(p) ** 2, loss.item()): a call of one
	 * carries no history, whatever its name says. Sorted as func_names.
	 */
	gg_text_span *number_funcs; /* owned */
	size_t number_funcs_len, number_funcs_cap;
	/*
	 * Those whose every definition returns a tensor made from data in every
	 * return (`return torch.tensor(ids, dtype=torch.long)`): a call of one
	 * makes a tensor with no history. Sorted as func_names.
	 */
	gg_text_span *data_funcs; /* owned */
	size_t data_funcs_len, data_funcs_cap;
	/*
	 * False when the tree has a call without width or out of order, which a
	 * byte range cannot place: users then walk the subtree themselves.
	 */
	bool calls_exact;
} gg_tree_index;

/* The first of the ascending offsets[0, len) at or after at; len if none. */
static inline size_t gg_offsets_lower(const uint32_t *offsets, size_t len, uint32_t at)
{
	size_t lo = 0, hi = len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (offsets[mid] < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether any of the ascending offsets[0, len) lies in [start, end). */
static inline bool gg_offsets_any_in(const uint32_t *offsets, size_t len, uint32_t start, uint32_t end)
{
	size_t lo = gg_offsets_lower(offsets, len, start);
	return lo < len && offsets[lo] < end;
}

/* Whether the ascending offsets[0, len) hold at (the index's module_classes, grad_off). */
static inline bool gg_offsets_has(const uint32_t *offsets, size_t len, uint32_t at)
{
	size_t lo = gg_offsets_lower(offsets, len, at);
	return lo < len && offsets[lo] == at;
}

/* Whether the file defines a function or method named name (the index's func_names). */
bool gg_tree_index_defines(const gg_tree_index *ix, const char *name, size_t len);

/* Whether the file's functions named name all return plain numbers (the index's number_funcs). */
bool gg_tree_index_returns_number(const gg_tree_index *ix, const char *name, size_t len);
/* Whether the file's functions named name all return tensors made from data (the index's data_funcs). */
bool gg_tree_index_returns_data(const gg_tree_index *ix, const char *name, size_t len);
/* The parts of its forward's return that name, called at byte at, gives as plain numbers (the index's number_parts). */
uint32_t gg_tree_index_number_parts(const gg_tree_index *ix, const char *name, size_t len, uint32_t at);

/* Whether the index describes root's tree and says that the statement or definition n runs with grad off. */
bool gg_tree_index_grad_off(const gg_tree_index *ix, gg_node root, gg_node n);
/*
 * What turns grad off at n, by the index: the enclosing `with` or definition
 * noted grad-off, or an earlier bare statement of an enclosing block that
 * turns it off; a null node when grad is not known to be off there.
 */
gg_node gg_tree_index_grad_off_cause(const gg_tree_index *ix, gg_node root, gg_node n);
/* Whether the cause gg_tree_index_grad_off_cause found picks the mode at run time rather than turning grad off. */
bool gg_tree_index_grad_controlled(const gg_tree_index *ix, gg_node root, gg_node cause);
/* Whether the call of bytes [start, end) is one of the index's forwards (sorted by start, then end). */
bool gg_tree_index_is_forward(const gg_tree_index *ix, uint32_t start, uint32_t end);

/* The index of the tree GG001 last checked (rules.h); valid until its next check. */
typedef struct gg_torch_binding {
	const char *local; /* into the checked text */
	size_t local_len;
	char *target; /* owned: "torch", "torch.no_grad" */
} gg_torch_binding;

typedef struct gg_torch_names {
	const gg_py_ids *ids; /* not owned */
	const char *text; /* the checked text, not owned */
	size_t len;
	bool torch_imported;     /* some import of torch or torch.* */
	bool framework_imported; /* a package built on torch (gg_package_is_framework) */
	bool says_set_grad_enabled; /* the text spells set_grad_enabled: else no statement can call it */
	gg_torch_binding *bindings; /* owned; sorted by local name */
	size_t bindings_len, bindings_cap;
	gg_buf name; /* scratch: the last resolved name, NUL-terminated */
} gg_torch_names;

/*
 * Whether a top-level package is built on torch, so that a file importing it
 * is checked: torch itself and every torch* package (torchvision, torchaudio),
 * lightning, transformers, accelerate, timm, diffusers. The one list.
 */
bool gg_package_is_framework(const char *root, size_t n);

/*
 * Where text (parsed as root) uses `torch.` as a name of its own in code
 * (not an attribute, not part of a longer name, not in a string), or NULL. A file that does so without importing torch
 * has it from a star import (`from models import *` of a module that imports
 * torch): Python finds it nowhere else.
 */
const char *gg_text_torch_use(const char *text, size_t len, gg_node root);

/* Reads every import under root (linear in the tree). Returns 0 or -ENOMEM; free either way. ids must outlive t. */
int gg_torch_names_init(gg_torch_names *t, const gg_py_ids *ids, const char *text, size_t len, gg_node root);
/* gg_torch_names_init, reading the imports from index when it describes root's tree. */
int gg_torch_names_init_index(gg_torch_names *t, const gg_py_ids *ids, const gg_tree_index *index, const char *text,
			      size_t len, gg_node root);
void gg_torch_names_free(gg_torch_names *t);

/*
 * Resolves a name chain (identifier or attribute of identifiers) through the
 * torch imports: `th.no_grad` -> "torch.no_grad"; a root no torch import binds
 * stays as written. Returns t->name (valid until the next call), or NULL when n
 * is not a name chain, or when memory ran out (then *err is set to -ENOMEM).
 */
const char *gg_torch_names_resolve(gg_torch_names *t, gg_node n, int *err);
/* gg_torch_names_resolve of a call's callee, read from the text when it is written plainly. */
const char *gg_torch_names_resolve_call(gg_torch_names *t, const gg_call_ref *ref, int *err);

typedef enum gg_grad_mode {
	GG_GRAD_NONE,       /* not a grad-mode object */
	GG_GRAD_OFF,        /* no_grad, inference_mode, set_grad_enabled(False) */
	GG_GRAD_ON,         /* enable_grad, set_grad_enabled(True) */
	GG_GRAD_CONTROLLED, /* set_grad_enabled(expr): decided at run time, on purpose */
} gg_grad_mode;

/* What an expression used as a context manager or decorator does: `torch.no_grad()`, `@ng`. */
gg_grad_mode gg_grad_mode_of(gg_torch_names *t, gg_node expr, int *err);
/*
 * What a with clause (plain, multi-item or parenthesized) does: OFF when an
 * item disables or controls grad, or the clause does not parse (it may be the
 * no_grad being typed); else ON when an item enables it; else NONE.
 */
gg_grad_mode gg_grad_with_mode(gg_torch_names *t, gg_node with_clause, int *err);
/* A bare `torch.set_grad_enabled(...)` statement: what it leaves autograd as. */
gg_grad_mode gg_grad_statement_mode(gg_torch_names *t, gg_node stmt, int *err);

#endif
