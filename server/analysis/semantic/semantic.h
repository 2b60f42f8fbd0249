#ifndef GG_SEMANTIC_H
#define GG_SEMANTIC_H

#include <stddef.h>
#include <tree_sitter/api.h>

#include "analysis.h"
#include "grad_context.h"

/*
 * The semantic model of a Python file (SPEC §2): bindings and imports,
 * classes and what they derive from, which values are modules, grad mode at
 * each statement, evaluation evidence, call sites and the call graph. Built
 * once per file in one walk; every rule, the fixer and the traceback
 * diagnosis read it rather than deciding for themselves.
 *
 * A handle serves one thread: it holds the grammar's ids, the library facts
 * and the last file's model. gg_semantic_build replaces that model; it lives
 * until the next build, gg_semantic_clear or gg_semantic_delete, and points
 * into the source text, which the caller keeps alive as long.
 */
typedef struct gg_semantic gg_semantic;

/* Returns NULL on failure (a message in *error, owned by the caller, if error is not NULL). */
gg_semantic *gg_semantic_new(char **error);
void gg_semantic_delete(gg_semantic *s);

/* Builds the model of src, whose tree is root. 0 or a negative errno (then no model is kept). */
int gg_semantic_build(gg_semantic *s, const gg_source *src, gg_node root);
/* Frees the last model (the handle stays usable). */
void gg_semantic_clear(gg_semantic *s);

/* Whether the last build's file passes `volatile=True` to anything (GG003 runs its query only then). */
bool gg_semantic_says_volatile(const gg_semantic *s);
/*
 * Whether the last build's file is a test module (SPEC §2: pytest collects
 * it, and no file of the project that is not a test runs its functions):
 * its forwards and the outputs it gathers are on purpose.
 */
bool gg_semantic_test_module(const gg_semantic *s);
/* Whether byte at lies in a branch that only a torch before 1.0 runs (`if torch.__version__ < "0.4":`). */
bool gg_semantic_old_torch_only(const gg_semantic *s, uint32_t at);

/* What the last build indexed (calls, assignments, models, where grad is off), for GG002 and grad_at. */
const gg_tree_index *gg_semantic_index(const gg_semantic *s);

/*
 * Whether a name says it holds a model, the one reading every rule shares
 * (model, ema_model, text_encoder, netG; not build_model, data_generator, Net),
 * with the extra-model-names of the configuration of the last build.
 */
bool gg_semantic_name_says_model(const gg_semantic *s, const char *name, size_t len);
/*
 * Whether name, spelled at byte at of the last build's text, is a parameter
 * of the function there that its annotation declares a module (`net:
 * nn.Module`, a module class of the file or the project): a value known by
 * its origin, as GG001 reads it. A parameter spelt as a class (`Model:
 * nn.Module`) is handed a class, not a module.
 */
bool gg_semantic_parameter_is_module(const gg_semantic *s, uint32_t at, const char *name, size_t len);
/*
 * Whether name holds a module of no parameter that holds nothing handed in
 * (a fixed function of its inputs: a slicer, a normalisation): its call
 * carries only the history its inputs bring.
 */
bool gg_semantic_module_weightless(const gg_semantic *s, const char *name, size_t len);
/*
 * Where the method called `recv.method(...)` at byte at (recv bound in its
 * function, before at, to a class of this file: `meter = AverageMeter()`)
 * adds one of its parameters into an attribute of its object (`self.sum +=
 * val * n`, `self.items.append(val)`): that parameter's place after self,
 * or -1. What it is handed is kept with the object, across the calls.
 */
int gg_semantic_method_accumulates(const gg_semantic *s, uint32_t at, const char *recv, size_t recv_len,
				   const char *method, size_t method_len);
/* Whether byte at is in a branch that only calls with grad off reach: `if mode == "test":` of a function called so (sem_branch_guarded). */
bool gg_semantic_branch_guarded(const gg_semantic *s, uint32_t at);
/* Whether the file calls the function defined at byte at (its def's start) from inside a loop. */
bool gg_semantic_called_in_loop(const gg_semantic *s, uint32_t at);
/* Whether the function defined at byte at (its def's start) runs a backward on its code path, its callees' included. */
bool gg_semantic_function_backward(const gg_semantic *s, uint32_t at);
/* Whether some caller takes a gradient of what the function holding byte at returns (it computes a training loss's input). */
bool gg_semantic_result_trains(const gg_semantic *s, uint32_t at);
/* Whether the call starting at byte at runs a function of this file whose code path runs a backward (a loss helper that trains). */
bool gg_semantic_call_trains(const gg_semantic *s, uint32_t at);
/*
 * Whether the call starting at byte at gives a value without autograd
 * history by what its callee is: a function decorated to run with grad off
 * (the file's, or another file's the project knows), or a function of the
 * file that returns only plain numbers.
 */
bool gg_semantic_call_no_history(const gg_semantic *s, uint32_t at);
/*
 * What an import of the last build's file binds local to (`import
 * triton.language as tl`: "triton.language"), or NULL when no import binds it.
 */
const char *gg_semantic_import_target(const gg_semantic *s, const char *local, size_t len);
/* Whether a snake_case or camelCase name has one of words (lower case, NULL-ended) among its words. */
bool gg_name_has_word(const char *name, size_t len, const char *const *words);

/*
 * What the file tells the project index (gg_export in analysis.h): its
 * top-level grad-disabling callables (wrappers such as smart_inference_mode(),
 * context-manager classes whose __enter__ turns grad off), and its top-level
 * classes whose methods run with grad off (decorated) or are called by the
 * file only with grad off. Clears the last model. 0, add's first non-zero
 * result, or a negative errno.
 */
int gg_semantic_exports(gg_semantic *s, const char *text, size_t len, gg_node root, gg_export_fn add, void *ctx);
/* The well-known libraries' facts the model reads (queries/libraries.txt). */
const struct gg_library_facts *gg_semantic_libraries(const gg_semantic *s);

#endif
