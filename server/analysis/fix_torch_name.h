#ifndef GG_FIX_TORCH_NAME_H
#define GG_FIX_TORCH_NAME_H

#include <stdbool.h>
#include <stddef.h>

#include "grad_context.h"
#include "tree.h"

/*
 * Whether name (the module's `import torch as t`, or `torch`) still means
 * torch where the code at `at` runs, so that a fix (and the finding's advice)
 * may write `name.no_grad()` there: nothing in the module's own statements,
 * in the class body holding it, or in any function around it binds the name
 * to something else. A local anywhere in a function makes the name local in
 * all of it, and `with t.no_grad():` above `t = ...` raises UnboundLocalError.
 * A read of the name binds nothing (`for m in (np, torch):`). text/len are
 * root's source. *module_memo caches the module's part for this name (-1:
 * not yet known; the caller keeps one per name).
 */
bool gg_fix_name_is_torch_at(const char *text, size_t len, gg_node root, gg_node at, gg_text_span name,
			     signed char *module_memo);

#endif
