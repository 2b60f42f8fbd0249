/*
 * Grad mode: which `with` items, decorators and bare statements turn
 * autograd off (torch's names, configured decorators, the file's and the
 * project's wrappers, framework hooks that run without grad).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

const char *const sem_names_no_grad[] = {
	"torch.no_grad", "torch.autograd.no_grad", "torch.autograd.grad_mode.no_grad", NULL,
};
const char *const sem_names_inference_mode[] = {
	"torch.inference_mode", "torch.autograd.inference_mode", "torch.autograd.grad_mode.inference_mode", NULL,
};
const char *const sem_names_set_grad_enabled[] = {
	"torch.set_grad_enabled", "torch.autograd.set_grad_enabled", "torch.autograd.grad_mode.set_grad_enabled", NULL,
};
const char *const sem_names_enable_grad[] = {
	"torch.enable_grad", "torch.autograd.enable_grad", "torch.autograd.grad_mode.enable_grad", NULL,
};
const char *const sem_names_autograd_grad[] = {
	"torch.autograd.grad", NULL,
};

/* true/false literal, positional or as mode=: 1, 0; anything else -1. */
int sem_literal_mode(const semantic *c, gg_node args)
{
	if (sem_argument_count(c, args) != 1)
		return -1;
	gg_node a = sem_argument_at(c, args, 0);
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
static bool configured_decorator(semantic *c, gg_node name)
{
	if (!c->config || !c->config->grad_disabling_decorators.len)
		return false;
	span written = node_span(c, name), last = sem_chain_last(c, name);
	bool ok = sem_name_resolve(c, name);
	span r = ok ? sem_resolved(c) : written;
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

/*
 * A wrapper another file of the project defines, imported here (`from utils
 * import smart_inference_mode`), or brought by a star import of its module
 * or of a package above it that re-exports it (`from utils import *`, whose
 * __init__ does `from utils.experiment import *`): a name no import binds
 * and no def of this file defines.
 */
static bool project_wrapper(semantic *c, gg_node name)
{
	if (!gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_WRAPPERS))
		return false;
	if (!sem_binding_find(c, node_span(c, sem_chain_root(c, name)))) {
		if (!IS(name, identifier) || !c->star_modules.len || sem_is_func_name(c, node_span(c, name)))
			return false;
		span n = node_span(c, name);
		for (size_t i = 0; i < c->star_modules.len; i++) {
			char *dotted = gg_strdup_printf("%.*s.%.*s", (int)c->star_modules.items[i].len, c->star_modules.items[i].ptr,
						       (int)n.len, n.ptr);
			bool off = dotted && gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_DISABLES_GRAD, dotted, strlen(dotted));
			free(dotted);
			if (off)
				return true;
		}
		return false;
	}
	if (!sem_name_resolve(c, name))
		return false;
	span r = sem_resolved(c);
	return gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_DISABLES_GRAD, r.ptr, r.len);
}

/*
 * A callable another package defines that this workspace cannot read (a
 * package cloned at run time, not installed) and whose own name is a grad
 * mode's (`from yolov5.utils.torch_utils import smart_inference_mode`),
 * entered or applied without arguments: it says what it does, and nothing
 * here says otherwise (the project's and the installed libraries' own
 * wrappers are read, project_wrapper).
 */
static bool foreign_wrapper_named(semantic *c, gg_node name)
{
	if (!sem_is_name_chain(c, name) || !sem_binding_find(c, node_span(c, sem_chain_root(c, name))) ||
	    !sem_name_resolve(c, name))
		return false;
	if (span_starts(sem_resolved(c), "torch."))
		return false;
	span last = sem_chain_last(c, name);
	return span_ends(last, "_no_grad") || span_ends(last, "_inference_mode");
}

/* A function of this file that wraps no_grad/inference_mode (smart_inference_mode). */
static bool local_wrapper(const semantic *c, gg_node name)
{
	if (!IS(name, identifier) || sem_binding_find(c, node_span(c, name)))
		return false;
	span s = node_span(c, name);
	for (size_t i = sem_func_names_lower(c, s); i < c->funcs_len - 1 && span_eq(c->func_names[i].name, s); i++)
		if (c->funcs[c->func_names[i].index].wrapper)
			return true;
	return false;
}

/*
 * Whether name is bound to grad's own no_grad or inference_mode
 * (`inference_mode = torch.inference_mode`, at module level or in the same
 * function), which turns grad off where it is entered or applied.
 */
bool sem_grad_alias_disables(semantic *c, gg_node name)
{
	if (!IS(name, identifier) || !c->grad_aliases_len)
		return false;
	span n = node_span(c, name);
	int fi = sem_func_at(c, gg_node_start_byte(name));
	for (size_t i = 0; i < c->grad_aliases_len; i++) {
		gg_node a = c->grad_aliases[i];
		int at = sem_func_at(c, gg_node_start_byte(a));
		if (!span_eq(node_span(c, FIELD(a, left)), n) || (at != 0 && at != fi))
			continue;
		gg_node value = FIELD(a, right);
		if (sem_name_resolve(c, value) &&
		    (sem_name_is_one_of(c, sem_names_no_grad) || sem_name_is_one_of(c, sem_names_inference_mode)))
			return true;
	}
	return false;
}

/*
 * A local name entered by a with (`ctx = torch.no_grad()` or
 * `torch.enable_grad()` by a flag, then `with ctx:`): what every assignment
 * of it before, in the same function, makes. One that is no grad-mode
 * object (or another name) leaves it unknown: GRAD_NONE.
 */
static grad_context local_grad_context(semantic *c, gg_node name)
{
	span n = node_span(c, name);
	uint32_t at = gg_node_start_byte(name);
	int fi = sem_func_at(c, at);
	grad_context out = GRAD_NONE;
	bool any = false;
	for (size_t k = sem_named_first(c->assign_names, c->assign_names_len, n);
	     k < c->assign_names_len && span_eq(c->assign_names[k].name, n); k++) {
		size_t i = (size_t)c->assign_names[k].index;
		uint32_t where = gg_node_start_byte(c->assign_left[i]);
		if (where >= at || sem_func_at(c, where) != fi || !IS(c->assign_left[i], identifier))
			continue;
		gg_node right = c->assign_right[i];
		grad_context g = IS(right, identifier) ? GRAD_NONE : sem_grad_context_of(c, right);
		if (g == GRAD_NONE)
			return GRAD_NONE;
		out = !any || g == out ? g : GRAD_CONTROLLED;
		any = true;
	}
	return out;
}

/*
 * What an expression used as a context manager or a decorator does to
 * autograd: `torch.no_grad()`, `th.inference_mode(mode=True)`, `ng`,
 * `torch.set_grad_enabled(training)`, `smart_inference_mode()` ...
 */
grad_context sem_grad_context_of(semantic *c, gg_node expr)
{
	if (IS(expr, as_pattern))
		expr = gg_node_named_child(expr, 0);
	if (IS(expr, parenthesized_expression) && gg_node_named_child_count(expr) == 1)
		expr = gg_node_named_child(expr, 0);
	/*
	 * `with accumulate(model) and torch.no_grad():` enters what the `and`
	 * gives, its right side (a context manager is truthy); `or` its left.
	 */
	if (IS(expr, boolean_operator)) {
		gg_node op = FIELD(expr, operator);
		bool and = !gg_node_is_null(op) && strcmp(gg_node_type(op), "and") == 0;
		return sem_grad_context_of(c, and ? FIELD(expr, right) : FIELD(expr, left));
	}
	/* `torch.no_grad() if frozen else nullcontext()`: the condition picks the mode, as set_grad_enabled(flag) does. */
	if (IS(expr, conditional_expression) && gg_node_named_child_count(expr) == 3) {
		grad_context a = sem_grad_context_of(c, gg_node_named_child(expr, 0));
		grad_context b = sem_grad_context_of(c, gg_node_named_child(expr, 2));
		if (a == b)
			return a;
		return a == GRAD_NONE && b == GRAD_NONE ? GRAD_NONE : GRAD_CONTROLLED;
	}

	if (!IS(expr, call)) {
		/* Only decorators name these without calling them. */
		if (!sem_is_name_chain(c, expr))
			return GRAD_NONE;
		if (local_wrapper(c, expr) || configured_decorator(c, expr) || project_wrapper(c, expr) ||
		    sem_grad_alias_disables(c, expr) || foreign_wrapper_named(c, expr))
			return GRAD_OFF;
		if (IS(expr, identifier) && !sem_binding_find(c, node_span(c, expr)))
			return local_grad_context(c, expr);
		if (!sem_name_resolve(c, expr))
			return GRAD_NONE;
		if (sem_name_is_one_of(c, sem_names_no_grad) || sem_name_is_one_of(c, sem_names_inference_mode))
			return GRAD_OFF;
		if (sem_name_is_one_of(c, sem_names_enable_grad))
			return GRAD_ON;
		return GRAD_NONE;
	}
	gg_node fn = FIELD(expr, function), args = FIELD(expr, arguments);
	if (!IS(args, argument_list) || !sem_is_name_chain(c, fn))
		return GRAD_NONE;
	if (local_wrapper(c, fn) || configured_decorator(c, fn) || project_wrapper(c, fn))
		return GRAD_OFF;
	/* `inference_mode()` of `inference_mode = torch.inference_mode`: called without arguments, it turns grad off. */
	if (sem_argument_count(c, args) == 0 && (sem_grad_alias_disables(c, fn) || foreign_wrapper_named(c, fn)))
		return GRAD_OFF;
	if (!sem_name_resolve(c, fn))
		return GRAD_NONE;
	if (sem_name_is_one_of(c, sem_names_no_grad))
		return GRAD_OFF;
	if (sem_name_is_one_of(c, sem_names_enable_grad))
		return GRAD_ON;
	if (sem_name_is_one_of(c, sem_names_inference_mode)) {
		if (sem_argument_count(c, args) == 0)
			return GRAD_OFF;
		int mode = sem_literal_mode(c, args);
		return mode == 1 ? GRAD_OFF : mode == 0 ? GRAD_NONE : GRAD_CONTROLLED;
	}
	if (sem_name_is_one_of(c, sem_names_set_grad_enabled)) {
		int mode = sem_literal_mode(c, args);
		return mode == 0 ? GRAD_OFF : mode == 1 ? GRAD_ON : GRAD_CONTROLLED;
	}
	return GRAD_NONE;
}

/* What a with clause (plain, multi-item or parenthesized) does to grad inside it. */
grad_context sem_with_grad(semantic *c, gg_node with_clause)
{
	grad_context out = GRAD_NONE;
	uint32_t count = gg_node_named_child_count(with_clause);
	for (uint32_t i = 0; i < count; i++) {
		gg_node item = gg_node_named_child(with_clause, i);
		if (!IS(item, with_item))
			continue;
		grad_context g = sem_grad_context_of(c, FIELD(item, value));
		if (g == GRAD_OFF)
			return GRAD_OFF;
		if (g == GRAD_CONTROLLED || (g == GRAD_ON && out != GRAD_CONTROLLED))
			out = g;
	}
	return out;
}

/* A bare `torch.set_grad_enabled(...)` statement: what it leaves autograd as. */
grad_context sem_bare_grad_statement(semantic *c, gg_node stmt)
{
	if (!IS(stmt, expression_statement) || gg_node_named_child_count(stmt) != 1)
		return GRAD_NONE;
	gg_node call = gg_node_named_child(stmt, 0);
	/* stack.enter_context(torch.no_grad()): the context holds until the ExitStack's with ends. */
	if (c->says_enter_context && IS(call, call)) {
		gg_node fn = FIELD(call, function);
		gg_node args = FIELD(call, arguments);
		if (IS(fn, attribute) && span_is(sem_attribute_name(c, fn), "enter_context") &&
		    sem_argument_count(c, args) == 1) {
			grad_context g = sem_grad_context_of(c, sem_argument_at(c, args, 0));
			return g == GRAD_OFF || g == GRAD_CONTROLLED ? g : GRAD_NONE;
		}
	}
	/*
	 * torch.no_grad().__enter__(): a context entered by hand holds until its
	 * __exit__, which nothing here calls: the rest of the block runs as
	 * under its with.
	 */
	if (IS(call, call) && IS(FIELD(call, function), attribute) &&
	    span_is(sem_attribute_name(c, FIELD(call, function)), "__enter__") &&
	    sem_argument_count(c, FIELD(call, arguments)) == 0) {
		grad_context g = sem_grad_context_of(c, FIELD(FIELD(call, function), object));
		return g == GRAD_OFF || g == GRAD_CONTROLLED ? g : GRAD_NONE;
	}
	/* Any name that resolves to set_grad_enabled is spelled so in the call or in an import. */
	if (!c->says_set_grad_enabled)
		return GRAD_NONE;
	if (!IS(call, call) || !sem_name_resolve(c, FIELD(call, function)) ||
	    !sem_name_is_one_of(c, sem_names_set_grad_enabled))
		return GRAD_NONE;
	return sem_grad_context_of(c, call);
}

/* Records that node (a definition, a with, a bare statement) leaves grad off, for the other rules. */
void sem_grad_off_note(semantic *c, gg_node node, grad_context g)
{
	gg_tree_index *ix = c->index;
	if (gg_grow((void **)&ix->grad_off, &ix->grad_off_cap, ix->grad_off_len, sizeof *ix->grad_off))
		fail(c, -ENOMEM);
	else
		ix->grad_off[ix->grad_off_len++] = gg_node_start_byte(node);
	if (g != GRAD_CONTROLLED)
		return;
	if (gg_grow((void **)&ix->grad_controlled, &ix->grad_controlled_cap, ix->grad_controlled_len, sizeof *ix->grad_controlled))
		fail(c, -ENOMEM);
	else
		ix->grad_controlled[ix->grad_controlled_len++] = gg_node_start_byte(node);
}

bool sem_is_lightning_hook(span name)
{
	/* Choice: Lightning runs its whole evaluation loop, epoch-end hooks included, without grad. */
	return span_is(name, "validation_step") || span_is(name, "test_step") || span_is(name, "predict_step") ||
	       span_starts(name, "on_validation_") || span_starts(name, "on_test_") || span_starts(name, "on_predict_") ||
	       span_is(name, "validation_epoch_end") || span_is(name, "test_epoch_end");
}

/*
 * Whether f, a function of the file, is a method named __enter__ that turns
 * grad off: a no_grad/inference_mode name, or set_grad_enabled(False); or
 * one that enters by hand (`self.ctx.__enter__()`) a context its class made
 * elsewhere (`self.ctx = torch.no_grad()` in __init__), often under a flag
 * the constructor takes: grad is then off or controlled, never on by mistake.
 */
bool sem_enter_disables_grad(const semantic *c, const func *f)
{
	if (!span_is(f->name, "__enter__"))
		return false;
	span body = text_between(c, f->start, f->end);
	if (f->wrapper || gg_text_contains(body.ptr, body.len, "set_grad_enabled(False)"))
		return true;
	if (!gg_text_contains(body.ptr, body.len, ".__enter__()"))
		return false;
	gg_node cls = gg_node_parent(gg_node_parent(f->def));
	return IS(cls, class_definition) && sem_offsets_any_in(&c->gradoff, gg_node_start_byte(cls), gg_node_end_byte(cls));
}
