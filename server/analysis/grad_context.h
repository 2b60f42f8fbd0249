#ifndef GG_GRAD_CONTEXT_H
#define GG_GRAD_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <tree_sitter/api.h>

/*
 * How a file names torch, and what its grad-mode constructs do to autograd:
 * the "gradient already disabled" part of SPEC §2 that GG002 and GG003 share.
 * `import torch as th`, `from torch import no_grad as ng` and
 * `import torch.autograd` are resolved, so `th.no_grad()` and `ng()` read as
 * torch.no_grad().
 */

typedef struct gg_torch_binding {
	const char *local; /* into the checked text */
	size_t local_len;
	char *target; /* owned: "torch", "torch.no_grad" */
} gg_torch_binding;

typedef struct gg_torch_names {
	const char *text; /* the checked text, not owned */
	size_t len;
	bool torch_imported;     /* some import of torch or torch.* */
	bool framework_imported; /* torch, lightning, transformers, accelerate or timm */
	gg_torch_binding *bindings; /* owned; sorted by local name */
	size_t bindings_len, bindings_cap;
	char *name; /* owned scratch: the last resolved name, NUL-terminated */
	size_t name_len, name_cap;
} gg_torch_names;

/* Reads every import under root (linear in the tree). Returns 0 or -ENOMEM; free either way. */
int gg_torch_names_init(gg_torch_names *t, const char *text, size_t len, TSNode root);
void gg_torch_names_free(gg_torch_names *t);

/*
 * Resolves a name chain (identifier or attribute of identifiers) through the
 * torch imports: `th.no_grad` -> "torch.no_grad"; a root no torch import binds
 * stays as written. Returns t->name (valid until the next call), or NULL when n
 * is not a name chain, or when memory ran out (then *err is set to -ENOMEM).
 */
const char *gg_torch_names_resolve(gg_torch_names *t, TSNode n, int *err);

typedef enum gg_grad_mode {
	GG_GRAD_NONE,       /* not a grad-mode object */
	GG_GRAD_OFF,        /* no_grad, inference_mode, set_grad_enabled(False) */
	GG_GRAD_ON,         /* enable_grad, set_grad_enabled(True) */
	GG_GRAD_CONTROLLED, /* set_grad_enabled(expr): decided at run time, on purpose */
} gg_grad_mode;

/* What an expression used as a context manager or decorator does: `torch.no_grad()`, `@ng`. */
gg_grad_mode gg_grad_mode_of(gg_torch_names *t, TSNode expr, int *err);
/*
 * What a with clause (plain, multi-item or parenthesized) does: OFF when an
 * item disables or controls grad, or the clause does not parse (it may be the
 * no_grad being typed); else ON when an item enables it; else NONE.
 */
gg_grad_mode gg_grad_with_mode(gg_torch_names *t, TSNode with_clause, int *err);
/* A bare `torch.set_grad_enabled(...)` statement: what it leaves autograd as. */
gg_grad_mode gg_grad_statement_mode(gg_torch_names *t, TSNode stmt, int *err);

#endif
