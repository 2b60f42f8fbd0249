/*
 * The facts walk: one pass over the tree that records imports, calls,
 * assignments, backward evidence, grad-mode names, functions and classes,
 * and from them which spellings hold models (published in the tree index).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

/* What from_pretrained loads besides models, as the last word of the name it is bound to. */
static const char *const loaded_not_models[] = {
	"tokenizer", "processor", "config", "extractor", "scheduler", "pipeline", "pipe", NULL,
};

/*
 * Methods that modules have and tensors, datasets and plain objects do not
 * (to(), cuda() and float() are tensors' too): calling one on a name is
 * evidence that the name holds a module. Not state_dict, load_state_dict
 * and zero_grad: optimizers and schedulers have them too (a checkpoint's
 * `[opt.state_dict() for opt in optimizers]`).
 */
static const char *const module_api_methods[] = {
	"eval", "train", "parameters", "named_parameters", "modules", "named_modules", "children",
	"named_children", "requires_grad_", "register_forward_hook", "register_forward_pre_hook", "buffers",
	"named_buffers", NULL,
};

/* ---- bindings of models ---- */

/* The innermost call of a method chain: torch.load(p).eval().to(d) -> torch.load(p). */
gg_node sem_call_chain_base(const semantic *c, gg_node call)
{
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS; i++) {
		gg_node fn = FIELD(call, function);
		if (!IS(fn, attribute))
			break;
		gg_node obj = FIELD(fn, object);
		if (!IS(obj, call))
			break;
		call = obj;
	}
	return call;
}

/*
 * Whether call (a constructor of the class dotted names) builds a module
 * that freezes its own parameters (gg_elsewhere_class_frozen): always, or
 * because the call leaves the freezing parameter at its False default (not
 * given by keyword but as False, nor at its place among the positionals,
 * nor through a splat).
 */
static bool builds_frozen(const semantic *c, gg_node call, const char *dotted, size_t len)
{
	const char *param;
	size_t param_len;
	int place;
	if (!c->elsewhere || !gg_elsewhere_class_frozen(c->elsewhere, dotted, len, &param, &param_len, &place))
		return false;
	if (!param)
		return true;
	gg_node args = FIELD(call, arguments);
	uint32_t n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
	int positional = 0;
	for (uint32_t i = 0; i < n; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, comment))
			continue;
		if (IS(a, list_splat) || IS(a, dictionary_splat))
			return false;
		if (!IS(a, keyword_argument)) {
			positional++;
			continue;
		}
		span k = node_span(c, FIELD(a, name));
		if (k.len == param_len && memcmp(k.ptr, param, param_len) == 0 && !IS(FIELD(a, value), false))
			return false;
	}
	return positional <= place;
}

/* What `target = call` built freezes itself: target records no graph from here on (sem_frozen_before). */
static void frozen_construction(semantic *c, gg_node left, gg_node call, span dotted)
{
	if (builds_frozen(c, call, dotted.ptr, dotted.len))
		PUSH(c, c->frozen, c->frozen_len, c->frozen_cap, ((frozen){ node_span(c, left), gg_node_start_byte(left) }));
}

/*
 * `model, utils = torch.hub.load(...)` (or a from_pretrained that returns a
 * tuple): a loader that hands the module first, as loaders do; its first
 * name, to be read as `model = torch.hub.load(...)`. A null node otherwise.
 */
static gg_node hub_tuple_first(const semantic *c, gg_node left, gg_node right)
{
	if (!(IS(left, pattern_list) || IS(left, tuple_pattern)) || !gg_node_named_child_count(left) || !IS(right, call))
		return gg_node_null();
	gg_node first = gg_node_named_child(left, 0);
	span fn = node_span(c, FIELD(sem_call_chain_base(c, right), function));
	bool loader = span_ends(fn, "hub.load") || span_ends(fn, ".from_pretrained");
	return loader && IS(first, identifier) ? first : gg_node_null();
}

/* Notes the parts of what target's forward returns that carry no history (mask), for GG002. */
static void number_parts_note(semantic *c, span target, uint32_t mask)
{
	gg_tree_index *ix = c->index;
	if (mask)
		PUSH(c, ix->number_parts, ix->number_parts_len, ix->number_parts_cap,
		     ((gg_number_parts){ { target.ptr, target.len }, mask, 0, UINT32_MAX }));
}

/* Sorts target by the project class that dotted names (semantic/elsewhere.h); false when the project does not know it. */
static bool project_class_classify(semantic *c, span target, span dotted)
{
	int kind = gg_elsewhere_class_kind(c->elsewhere, dotted.ptr, dotted.len);
	if (kind > 0) {
		PUSH(c, c->models.items, c->models.len, c->models.cap, target);
		/* A loss or a metric another file writes as a module: its call records only what its inputs bring. */
		if (gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_PARAMLESS, dotted.ptr, dotted.len))
			PUSH(c, c->paramless.items, c->paramless.len, c->paramless.cap, target);
		/* What another file's class returns part by part (project_parts.c). */
		number_parts_note(c, target, gg_elsewhere_forward_numbers(c->elsewhere, dotted.ptr, dotted.len));
	}
	else if (kind < 0)
		PUSH(c, c->not_models.items, c->not_models.len, c->not_models.cap, target);
	return kind != 0;
}

static int frozen_cmp(const void *pa, const void *pb)
{
	const frozen *a = pa, *b = pb;
	return (a->at > b->at) - (a->at < b->at);
}

/* Whether keyword name is passed the literal False among args. */
static bool keyword_false(const semantic *c, gg_node args, const char *name)
{
	bool unknown;
	gg_node v = IS(args, argument_list) ? sem_argument_for(c, args, -1, (span){ name, strlen(name) }, &unknown)
					    : gg_node_null();
	return IS(v, false);
}

static bool parameterless_call(semantic *c, gg_node call, unsigned depth);

/*
 * Whether torch.nn's layer r, called with args, holds no parameter that
 * trains: a norm built with affine=False (elementwise_affine=False), an
 * embedding's from_pretrained (frozen unless freeze=False), or a Sequential
 * of parameterless layers only (Dropout alone). Such a module records no
 * graph from inputs without history: its forward is nothing to report.
 */
static bool parameterless_layer(semantic *c, span r, gg_node args, unsigned depth)
{
	if (!span_starts(r, "torch.nn."))
		return false;
	span layer = { r.ptr + 9, r.len - 9 };
	if (span_is(layer, "Embedding.from_pretrained") || span_is(layer, "EmbeddingBag.from_pretrained"))
		return !keyword_false(c, args, "freeze");
	if (span_starts(layer, "BatchNorm") || span_starts(layer, "InstanceNorm") || span_is(layer, "GroupNorm") ||
	    span_is(layer, "SyncBatchNorm"))
		return keyword_false(c, args, "affine");
	if (span_is(layer, "LayerNorm") || span_is(layer, "RMSNorm"))
		return keyword_false(c, args, "elementwise_affine");
	if (!span_is(layer, "Sequential") || depth > MAX_BLOCK_DEPTH || !IS(args, argument_list))
		return false;
	uint32_t count = gg_node_named_child_count(args), layers = 0;
	for (uint32_t i = 0; i < count; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, comment))
			continue;
		if (!IS(a, call) || !parameterless_call(c, a, depth + 1))
			return false;
		layers++;
	}
	return layers > 0;
}

/* Whether call builds one of torch.nn's layers that holds no parameter (ReLU, Dropout, pooling: none in the table). */
static bool parameterless_call(semantic *c, gg_node call, unsigned depth)
{
	if (!sem_name_resolve(c, FIELD(call, function)))
		return false;
	span r = sem_resolved(c);
	if (!span_starts(r, "torch.nn.") || memchr(r.ptr + 9, '.', r.len - 9))
		return false;
	char *name = strndup(r.ptr, r.len);
	if (!name) {
		fail(c, -ENOMEM);
		return false;
	}
	span own = { name, r.len };
	bool none = parameterless_layer(c, own, FIELD(call, arguments), depth) ||
		    (!gg_library_facts_module(&c->sem->libraries, name, r.len) && !span_is(own, "torch.nn.Sequential") &&
		     !span_starts(own, "torch.nn.Module"));
	free(name);
	return none;
}

/* Whether v is a literal: a number, a string, True/False/None, or a list or tuple of literals. */
static bool literal_value(const semantic *c, gg_node v, unsigned depth)
{
	if (depth > MAX_NAME_SEGMENTS)
		return false;
	if (IS(v, integer) || IS(v, float) || IS(v, string) || IS(v, true) || IS(v, false) || IS(v, none))
		return true;
	if (IS(v, unary_operator))
		return literal_value(c, FIELD(v, argument), depth + 1);
	if (!IS(v, list) && !IS(v, tuple))
		return false;
	for (uint32_t i = 0, n = gg_node_named_child_count(v); i < n; i++)
		if (!literal_value(c, gg_node_named_child(v, i), depth + 1))
			return false;
	return true;
}

/* Whether every argument of a call (by place or by keyword) is a literal. */
static bool arguments_literal(const semantic *c, gg_node args)
{
	if (!IS(args, argument_list))
		return false;
	for (uint32_t i = 0, n = gg_node_named_child_count(args); i < n; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, keyword_argument))
			a = FIELD(a, value);
		if (!literal_value(c, a, 0))
			return false;
	}
	return true;
}

/* Whether an assignment classified before (in text order) made name such a module (the set is sorted later). */
static bool weightless_bound(const semantic *c, span name)
{
	for (size_t i = 0; i < c->weightless.len; i++)
		if (span_eq(c->weightless.items[i], name))
			return true;
	return false;
}

/*
 * Whether value builds a module that holds no parameter and nothing but
 * what literals give it: a parameterless class of the file or of the
 * project given only literals (`BitSqueezing(bit_depth=5)`; one of the
 * file's that keeps nothing handed in, given anything), or a Sequential of
 * such (a defence's pipeline of filters). A fixed function of its inputs.
 */
static bool builds_weightless(semantic *c, gg_node value, unsigned depth)
{
	if (depth > MAX_NAME_SEGMENTS)
		return false;
	if (depth > 0 && IS(value, identifier))
		return weightless_bound(c, node_span(c, value));
	if (!IS(value, call))
		return false;
	gg_node fn = FIELD(value, function), args = FIELD(value, arguments);
	/* Moved or put in a mode, it is the same module: `Audio2Mel(...).cuda()`. */
	if (IS(fn, attribute) && IS(FIELD(fn, object), call)) {
		span how = sem_attribute_name(c, fn);
		return sem_word_in(how.ptr, how.len, sem_returns_self) && builds_weightless(c, FIELD(fn, object), depth);
	}
	if (!sem_is_name_chain(c, fn) || !IS(args, argument_list))
		return false;
	span name = node_span(c, fn);
	if (IS(fn, identifier) && !sem_binding_find(c, name)) {
		klass *k = sem_class_find(c, name);
		bool handed;
		/* A class a star import brings from a project file (`from losses import *`), as assignment_classify reads it. */
		if (!k && depth == 0 && c->elsewhere && c->says_star_import)
			return gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_PARAMLESS, name.ptr, name.len) &&
			       (arguments_literal(c, args) || gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_WEIGHTLESS, name.ptr, name.len));
		if (!k) /* a name bound above to such a module: `pipeline = nn.Sequential(jpeg, squeeze)` */
			return depth > 0 && weightless_bound(c, name);
		return (sem_class_kind(c, k, 0) & CLASS_MODULE) && sem_class_holds_no_parameters(c, k, &handed) &&
		       sem_class_forward_computes(c, k) && (!handed || arguments_literal(c, args));
	}
	if (!sem_name_resolve(c, fn))
		return false;
	span r = sem_resolved(c);
	if (span_is(r, "torch.nn.Sequential")) {
		uint32_t n = gg_node_named_child_count(args);
		for (uint32_t i = 0; i < n; i++)
			if (!builds_weightless(c, gg_node_named_child(args, i), depth + 1))
				return false;
		return n > 0;
	}
	/* A library's module that holds no parameter, given literals: a fixed function of its inputs (`nn.Dropout(0.5)`). */
	if (gg_library_facts_parameterless(&c->sem->libraries, r.ptr, r.len))
		return arguments_literal(c, args);
	return gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_PARAMLESS, r.ptr, r.len) &&
	       (arguments_literal(c, args) || gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_WEIGHTLESS, r.ptr, r.len));
}

/*
 * Sorts one assignment `X = <call>` into the model sets: X is a model when the
 * call builds one of this file's nn.Module classes or comes from a model
 * factory; a metric, loss or sklearn estimator when it builds one of those.
 */
/* Whether v is name itself, or name moved or put in a mode (`net.cuda()`, `net.to(device).eval()`): the same object. */
static bool same_object(const semantic *c, gg_node v, span name, unsigned depth)
{
	if (IS(v, identifier))
		return span_eq(node_span(c, v), name);
	gg_node fn = IS(v, call) ? FIELD(v, function) : gg_node_null();
	if (!IS(fn, attribute) || depth > MAX_NAME_SEGMENTS)
		return false;
	span how = sem_attribute_name(c, fn);
	return sem_word_in(how.ptr, how.len, sem_returns_self) && same_object(c, FIELD(fn, object), name, depth + 1);
}

/*
 * What value holds when it calls a plain function of this file that hands
 * its first argument back (`def gpu(t): return t.cuda() if use_gpu else t`,
 * each return that argument, moved): that argument, to a few such calls
 * deep; else value. `RNN = gpu(RecNet())` holds a RecNet.
 */
static gg_node passed_through(semantic *c, gg_node value)
{
	for (unsigned depth = 0; depth < MAX_NAME_SEGMENTS && IS(value, call); depth++) {
		gg_node fn = FIELD(value, function), args = FIELD(value, arguments);
		if (!IS(fn, identifier) || !IS(args, argument_list) || !gg_node_named_child_count(args) ||
		    IS(gg_node_named_child(args, 0), keyword_argument))
			return value;
		span name = node_span(c, fn);
		const func *only = NULL;
		for (size_t i = 1; i < c->funcs_len; i++)
			if (span_eq(c->funcs[i].name, name)) {
				if (only)
					return value; /* several of that name: no telling which */
				only = &c->funcs[i];
			}
		/* A helper of another file that hands its argument back (project_makers.c), loading nothing into it. */
		bool loads = true;
		if (!only && c->elsewhere && sem_binding_find(c, name) && sem_name_resolve(c, fn) &&
		    gg_elsewhere_hands_back(c->elsewhere, sem_resolved(c).ptr, sem_resolved(c).len, &loads) && !loads) {
			value = gg_node_named_child(args, 0);
			continue;
		}
		gg_node params = only ? FIELD(only->def, parameters) : gg_node_null();
		gg_node first = !gg_node_is_null(params) && gg_node_named_child_count(params) ? gg_node_named_child(params, 0)
											    : gg_node_null();
		if (IS(first, default_parameter) || IS(first, typed_parameter) || IS(first, typed_default_parameter))
			first = IS(first, typed_parameter) ? gg_node_named_child(first, 0) : FIELD(first, name);
		if (!IS(first, identifier))
			return value;
		span param = node_span(c, first);
		gg_node body = FIELD(only->def, body);
		bool any = false;
		for (gg_node n = body; !gg_node_is_null(n);
		     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda))) {
			if (!IS(n, return_statement))
				continue;
			gg_node r = gg_node_named_child_count(n) ? gg_node_named_child(n, 0) : gg_node_null();
			/* `return t.cuda() if use_gpu else t`: both arms. */
			bool same = IS(r, conditional_expression)
					    ? same_object(c, gg_node_named_child(r, 0), param, 0) &&
						      same_object(c, gg_node_named_child(r, 2), param, 0)
					    : same_object(c, r, param, 0);
			if (!same)
				return value;
			any = true;
		}
		if (!any)
			return value;
		value = gg_node_named_child(args, 0);
	}
	return value;
}

/*
 * Whether name (module.name where module is given) is a factory of the
 * project whose returns build a module (project_makers.c), or with first
 * whose returns are tuples with a module first: target holds one, a
 * trained one where the factory loads state into it.
 */
static bool project_maker_classify(semantic *c, span target, span module, span name, bool first)
{
	char *dotted = module.len ? gg_strdup_printf("%.*s.%.*s", (int)module.len, module.ptr, (int)name.len, name.ptr)
				  : strndup(name.ptr, name.len);
	bool loads = false;
	bool is = dotted && (first ? gg_elsewhere_makes_module_first(c->elsewhere, dotted, strlen(dotted), &loads)
				   : gg_elsewhere_makes_module(c->elsewhere, dotted, strlen(dotted), &loads));
	if (!dotted)
		fail(c, -ENOMEM);
	free(dotted);
	if (!is)
		return false;
	PUSH(c, c->models.items, c->models.len, c->models.cap, target);
	if (loads)
		PUSH(c, c->loaded.items, c->loaded.len, c->loaded.cap, target);
	return true;
}

/*
 * What the first name of `net, history = fit(...)` holds, name unpacked from
 * the call right: where fit is a function of the project whose every
 * return is a tuple with a module first (a trainer handing back the model
 * and its losses), that module (noted a model, a loaded one where fit loads
 * state into it): BIND_MODEL or BIND_LOADED; else BIND_UNKNOWN.
 */
static int unpacked_first(semantic *c, span name, gg_node right)
{
	gg_node asg = gg_node_parent(right);
	while (IS(asg, parenthesized_expression))
		asg = gg_node_parent(asg);
	gg_node left = IS(asg, assignment) ? FIELD(asg, left) : gg_node_null();
	if (!c->elsewhere || gg_node_is_null(left) || !gg_node_named_child_count(left) ||
	    gg_node_start_byte(gg_node_named_child(left, 0)) != (uint32_t)(name.ptr - c->text))
		return BIND_UNKNOWN;
	gg_node fn = FIELD(sem_call_chain_base(c, right), function);
	if (!sem_is_name_chain(c, fn))
		return BIND_UNKNOWN;
	span last = sem_chain_last(c, fn), module = { NULL, 0 };
	if (IS(fn, identifier) && !sem_binding_find(c, last)) {
		if (!c->module)
			return BIND_UNKNOWN;
		module = (span){ c->module, strlen(c->module) };
	} else if (sem_name_resolve(c, fn)) {
		last = sem_resolved(c);
	} else {
		return BIND_UNKNOWN;
	}
	size_t loaded = c->loaded.len;
	if (!project_maker_classify(c, name, module, last, true))
		return BIND_UNKNOWN;
	return c->loaded.len != loaded ? BIND_LOADED : BIND_MODEL;
}

/* Whether n names a module class of the file. */
static bool names_module_class(semantic *c, gg_node n)
{
	klass *k = IS(n, identifier) ? sem_class_find(c, node_span(c, n)) : NULL;
	return k && (sem_class_kind(c, k, 0) & CLASS_MODULE);
}

/*
 * What an alias's right side names: the name itself, or for `A if cond
 * else B`, A where both are module classes of the file (either builds a
 * module); a null node otherwise.
 */
static gg_node alias_named(semantic *c, gg_node right)
{
	if (IS(right, identifier))
		return right;
	if (!IS(right, conditional_expression) || gg_node_named_child_count(right) != 3)
		return gg_node_null();
	gg_node a = gg_node_named_child(right, 0), b = gg_node_named_child(right, 2);
	return names_module_class(c, a) && names_module_class(c, b) ? a : gg_node_null();
}

/*
 * What a local name called at byte at stands for when it is only ever a
 * second name for another one in its function (`model = DGCNN` in one
 * branch, then `self.gnn = model(...)`; `cls = A if small else B`): that
 * name's node, so that the call builds what the class builds. A null node
 * where no such alias comes before at, where the function binds the name
 * to anything else, or where its aliases disagree (unless each names a
 * module class of the file: any of them builds a module).
 */
static gg_node class_alias_of(semantic *c, span name, uint32_t at)
{
	int fi = sem_func_at(c, at);
	gg_node to = gg_node_null();
	bool modules = true;
	for (size_t i = 0; i < c->name_aliases_len; i++) {
		gg_node a = c->name_aliases[i], right = alias_named(c, FIELD(a, right));
		uint32_t start = gg_node_start_byte(a);
		if (!span_eq(node_span(c, FIELD(a, left)), name) || sem_func_at(c, start) != fi)
			continue;
		if (gg_node_is_null(right))
			return gg_node_null();
		modules = modules && names_module_class(c, right);
		if (!gg_node_is_null(to) && !span_eq(node_span(c, to), node_span(c, right)) && !modules)
			return gg_node_null();
		if (start < at || gg_node_is_null(to))
			to = right;
	}
	if (gg_node_is_null(to) || gg_node_start_byte(to) > at)
		return gg_node_null();
	for (size_t i = 0; i < c->assigns_len; i++) {
		gg_node left = c->assign_left[i];
		uint32_t start = gg_node_start_byte(left);
		if (IS(left, identifier) && start != at && sem_func_at(c, start) == fi && span_eq(node_span(c, left), name))
			return gg_node_null();
	}
	return to;
}

static void assignment_classify(semantic *c, gg_node left, gg_node right)
{
	if (!sem_is_name_chain(c, left))
		return;
	span target = node_span(c, left);
	right = passed_through(c, right);
	/*
	 * torch.load(p)["net"]: what a checkpoint holds under a key. A state dict
	 * is never called, so where the name is run it is the module the
	 * checkpoint pickled: a loaded model by its origin, whatever its name.
	 */
	if (IS(right, subscript) && IS(FIELD(right, value), call) &&
	    sem_name_resolve(c, FIELD(FIELD(right, value), function))) {
		span r = sem_resolved(c);
		if (span_is(r, "torch.load") || span_is(r, "torch.jit.load")) {
			PUSH(c, c->models.items, c->models.len, c->models.cap, target);
			PUSH(c, c->loaded.items, c->loaded.len, c->loaded.cap, target);
		}
		return;
	}
	if (builds_weightless(c, right, 0)) {
		PUSH(c, c->paramless.items, c->paramless.len, c->paramless.cap, target);
		PUSH(c, c->weightless.items, c->weightless.len, c->weightless.cap, target);
	}
	gg_node base = sem_call_chain_base(c, right);
	gg_node fn = FIELD(base, function);
	if (!sem_is_name_chain(c, fn))
		return;
	span last = sem_chain_last(c, fn);
	if (IS(fn, identifier) && !sem_binding_find(c, last) && !sem_class_find(c, last)) {
		gg_node to = class_alias_of(c, last, gg_node_start_byte(left));
		if (!gg_node_is_null(to) && sem_is_name_chain(c, to)) {
			fn = to;
			last = sem_chain_last(c, fn);
		}
	}
	if (IS(fn, identifier) && !sem_binding_find(c, last)) {
		klass *k = sem_class_find(c, last);
		if (k && (sem_class_kind(c, k, 0) & CLASS_MODULE)) {
			/* A loss or a metric written as a module: its call records only what its inputs bring (walk.c). */
			bool handed;
			if (sem_class_holds_no_parameters(c, k, &handed)) {
				PUSH(c, c->paramless.items, c->paramless.len, c->paramless.cap, target);
				if (!handed)
					PUSH(c, c->weightless.items, c->weightless.len, c->weightless.cap, target);
			}
			PUSH(c, c->models.items, c->models.len, c->models.cap, target);
			uint32_t mask = sem_class_forward_numbers(c, k);
			/*
			 * The index read this file as every other: the class's own
			 * __init__ may freeze it, and the parts its forward returns may
			 * come from a submodule's forward or another method of it
			 * (project_parts.c).
			 */
			char *dotted = c->module ? gg_strdup_printf("%s.%.*s", c->module, (int)last.len, last.ptr) : NULL;
			if (c->module && !dotted) {
				fail(c, -ENOMEM);
			} else if (dotted) {
				frozen_construction(c, left, base, (span){ dotted, strlen(dotted) });
				if (c->elsewhere)
					mask |= gg_elsewhere_forward_numbers(c->elsewhere, dotted, strlen(dotted));
			}
			free(dotted);
			number_parts_note(c, target, mask);
		}
		/* A plain class of the file, or a function that makes one: not a module, whatever the name says. */
		else if (k ? sem_class_is_plain(c, k, 0) : sem_func_makes_plain(c, last))
			PUSH(c, c->not_models.items, c->not_models.len, c->not_models.cap, target);
		/*
		 * A function of the file that builds one there (def small_net(w):
		 * return Net(w)): a module, fresh unless the index, which read this
		 * file too, says it loads state into it (`load_model(path)`).
		 */
		else if (!k && sem_func_makes_module(c, last)) {
			if (!(c->elsewhere && c->module && project_maker_classify(c, target, (span){ c->module, strlen(c->module) }, last, false)))
				PUSH(c, c->models.items, c->models.len, c->models.cap, target);
		}
		/* A class a star import brings from a project file (`from models import *`). */
		else if (!k && c->elsewhere && c->says_star_import && project_class_classify(c, target, last))
			frozen_construction(c, left, base, last);
		/* A function of the file that builds one through a local or a helper (the index read this file too). */
		else if (!k && c->elsewhere && c->module)
			project_maker_classify(c, target, (span){ c->module, strlen(c->module) }, last, false);
		return;
	}
	if (!sem_name_resolve(c, fn))
		return;
	span r = sem_resolved(c);
	/*
	 * A library's object that is no torch module (another framework's
	 * model, an estimator) stays the library's where a file of the project
	 * only ends with the same names: the import spells packages it lacks.
	 */
	if (gg_library_facts_plain(&c->sem->libraries, r.ptr, r.len) &&
	    !(gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_SPELLED, r.ptr, r.len))) {
		PUSH(c, c->not_models.items, c->not_models.len, c->not_models.cap, target);
		return;
	}
	/* A class of another file of the project: what its bases make it, whatever the name says. */
	if (c->elsewhere && project_class_classify(c, target, r)) {
		frozen_construction(c, left, base, r);
		return;
	}
	/* A loader of another file that freezes what it loads: the name holds a frozen module from here. */
	if (gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_FROZEN_LOADER, r.ptr, r.len))
		PUSH(c, c->frozen, c->frozen_len, c->frozen_cap, ((frozen){ target, gg_node_start_byte(left) }));
	/* A factory of another file: what its returns build. */
	if (c->elsewhere && project_maker_classify(c, target, (span){ NULL, 0 }, r, false))
		return;
	/*
	 * Cls.from_pretrained(...) where Cls is a plain class of the project (a
	 * hub mixin's loader on a class that is no module): it builds that plain
	 * object, whatever the loader's name says of models.
	 */
	if (c->elsewhere && span_ends(r, ".from_pretrained") &&
	    gg_elsewhere_class_kind(c->elsewhere, r.ptr, r.len - strlen(".from_pretrained")) < 0) {
		PUSH(c, c->not_models.items, c->not_models.len, c->not_models.cap, target);
		return;
	}
	bool loaded = span_ends(r, ".from_pretrained") || span_is(r, "torch.load") || span_is(r, "torch.jit.load") ||
		      span_is(r, "torch.hub.load");
	/* AutoTokenizer.from_pretrained loads a tokenizer, not a model: known not to be one, whatever it is bound to. */
	if (span_ends(r, ".from_pretrained") &&
	    (memmem(r.ptr, r.len, "Tokenizer", 9) || memmem(r.ptr, r.len, "Processor", 9) ||
	     memmem(r.ptr, r.len, "Config", 6) || memmem(r.ptr, r.len, "FeatureExtractor", 16))) {
		PUSH(c, c->not_models.items, c->not_models.len, c->not_models.cap, target);
		return;
	}
	/* tokenizer = tokenizer_class.from_pretrained(...): the name says what the class did not. */
	char word[32];
	size_t wn = sem_last_word(sem_chain_last(c, left), word, sizeof word);
	if (wn && sem_word_in(word, wn, loaded_not_models))
		return;
	/* A layer of torch.nn with no parameter that trains: no module to run (resolving its parts reuses r's buffer). */
	char *layer = span_starts(r, "torch.nn.") ? strndup(r.ptr, r.len) : NULL;
	if (layer) {
		bool none = parameterless_layer(c, (span){ layer, strlen(layer) }, FIELD(base, arguments), 0);
		free(layer);
		if (none) {
			PUSH(c, c->not_models.items, c->not_models.len, c->not_models.cap, target);
			return;
		}
		if (!sem_name_resolve(c, fn))
			return;
		r = sem_resolved(c);
	}
	bool factory = loaded || gg_library_facts_module(&c->sem->libraries, r.ptr, r.len);
	/*
	 * Losses, metrics, estimators, tokenizers: no modules to run. A diffusers
	 * pipeline and its kind run __call__ without grad (queries/libraries.txt).
	 */
	/*
	 * A loader's facts may depend on what it loads: the table names
	 * torch.hub.load(owner/repo*) by its first argument, a string literal.
	 */
	char *sourced = NULL;
	gg_node args = FIELD(base, arguments);
	span what;
	if (IS(args, argument_list) && sem_argument_count(c, args) &&
	    sem_string_value(c, sem_argument_at(c, args, 0), &what) &&
	    asprintf(&sourced, "%.*s(%.*s)", (int)r.len, r.ptr, (int)what.len, what.ptr) < 0) {
		sourced = NULL;
		fail(c, -ENOMEM);
		return;
	}
	const gg_library_facts *lib = &c->sem->libraries;
	size_t sourced_len = sourced ? strlen(sourced) : 0;
	bool not_model = span_ends(r, "Loss") || span_ends(r, "Metric") || gg_library_facts_plain(lib, r.ptr, r.len) ||
			 gg_library_facts_no_grad(lib, r.ptr, r.len, NULL, 0) ||
			 (sourced && (gg_library_facts_plain(lib, sourced, sourced_len) ||
				      gg_library_facts_no_grad(lib, sourced, sourced_len, NULL, 0)));
	/* The name the method facts matched, kept with the binding (owned by lib_objects). */
	char *maker = NULL;
	if (sourced && gg_library_facts_has_methods(lib, sourced, sourced_len)) {
		maker = sourced;
		sourced = NULL;
	} else if (gg_library_facts_has_methods(lib, r.ptr, r.len) && !(maker = strndup(r.ptr, r.len))) {
		fail(c, -ENOMEM);
	}
	free(sourced);
	if (maker) {
		if (gg_grow((void **)&c->lib_objects, &c->lib_objects_cap, c->lib_objects_len, sizeof *c->lib_objects)) {
			free(maker);
			fail(c, -ENOMEM);
			return;
		}
		c->lib_objects[c->lib_objects_len++] = (lib_object){ target, maker };
	}
	if (not_model)
		PUSH(c, c->not_models.items, c->not_models.len, c->not_models.cap, target);
	else if (factory)
		PUSH(c, c->models.items, c->models.len, c->models.cap, target);
	if (loaded && !not_model)
		PUSH(c, c->loaded.items, c->loaded.len, c->loaded.cap, target);
}

span sem_grad_mark_receiver(const semantic *c, gg_node mark)
{
	gg_node fn = IS(mark, call) ? FIELD(mark, function) : gg_node_null();
	gg_node named = IS(mark, assignment) ? FIELD(FIELD(mark, left), object)
			: IS(fn, attribute) && span_is(sem_attribute_name(c, fn), "requires_grad_") ? FIELD(fn, object)
										      : gg_node_null();
	return !gg_node_is_null(named) && sem_is_name_chain(c, named) ? node_span(c, named) : (span){ c->text, 0 };
}

/* Whether torch.autograd.grad's arguments leave create_graph False: the gradient it returns carries no history. */
static bool builds_no_gradient_graph(const semantic *c, gg_node args)
{
	bool unknown;
	gg_node v = sem_argument_for(c, args, 4, (span){ "create_graph", 12 }, &unknown);
	return IS(args, argument_list) && !unknown && (gg_node_is_null(v) || text_eq(c, v, "False"));
}

/*
 * Whether what call returns is thrown away: a statement of its own, maybe
 * one branch of a conditional (`loss.backward() if train else None`).
 * Autograd's backward() returns None; a `.backward(...)` whose value is kept
 * (`y, log_det = self.flow.backward(z)`, a flow's inverse) is a method of
 * the user's own, no gradient.
 */
static bool value_thrown(const semantic *c, gg_node call)
{
	gg_node p = gg_node_parent(call);
	while (IS(p, conditional_expression) || IS(p, parenthesized_expression) || IS(p, boolean_operator) || IS(p, await))
		p = gg_node_parent(p);
	return IS(p, expression_statement) || IS(p, lambda);
}

/* Whether the arguments of requires_grad_(...) say False. */
static bool says_false(const semantic *c, gg_node args)
{
	span t;
	return IS(args, argument_list) && node_text_of(c, args, &t) && t.len && memmem(t.ptr, t.len, "False", 5);
}

/* Whether n holds a `continue` or `break` of the loop around it (not of a loop inside n). */
static bool skips_iteration(const semantic *c, gg_node n, unsigned depth)
{
	if (depth > MAX_BLOCK_DEPTH)
		return false;
	uint32_t count = gg_node_named_child_count(n);
	for (uint32_t i = 0; i < count; i++) {
		gg_node k = gg_node_named_child(n, i);
		if (IS(k, continue_statement) || IS(k, break_statement))
			return true;
		if (!IS(k, for_statement) && !IS(k, while_statement) && !IS(k, function_definition) &&
		    skips_iteration(c, k, depth + 1))
			return true;
	}
	return false;
}

/*
 * The module whose parameters a loop variable runs over: X of
 * `for p in X.parameters():` (or `for name, p in X.named_parameters():`)
 * around at, where var is p. An empty span when none.
 */
static span parameters_owner(const semantic *c, gg_node at, span var)
{
	/*
	 * Only a freeze of every parameter freezes the module: one under an `if`
	 * in the loop, or after an `if` that skips some (`if "fc" in name:
	 * continue`), leaves the others training (a fine-tuned head).
	 */
	bool conditional = false;
	gg_node child = at;
	for (gg_node n = gg_node_parent(at); !gg_node_is_null(n); child = n, n = gg_node_parent(n)) {
		if (IS(n, function_definition) || IS(n, class_definition))
			break;
		if (IS(n, if_statement) || IS(n, try_statement) || IS(n, while_statement) || IS(n, conditional_expression))
			conditional = true;
		if (IS(n, block) && !conditional)
			for (gg_node s = gg_node_prev_named_sibling(child); !gg_node_is_null(s) && !conditional;
			     s = gg_node_prev_named_sibling(s))
				conditional = IS(s, if_statement) && skips_iteration(c, s, 0);
		if (!IS(n, for_statement))
			continue;
		if (conditional)
			break;
		gg_node left = FIELD(n, left), right = FIELD(n, right);
		gg_node last = IS(left, identifier) ? left
			       : gg_node_named_child_count(left) ? gg_node_named_child(left, gg_node_named_child_count(left) - 1)
								   : gg_node_null();
		if (!IS(last, identifier) || !span_eq(node_span(c, last), var) || !IS(right, call))
			continue;
		gg_node fn = FIELD(right, function);
		span m = IS(fn, attribute) ? sem_attribute_name(c, fn) : (span){ c->text, 0 };
		gg_node owner = IS(fn, attribute) ? FIELD(fn, object) : gg_node_null();
		if ((span_is(m, "parameters") || span_is(m, "named_parameters")) && sem_is_name_chain(c, owner))
			return node_span(c, owner);
		break;
	}
	return (span){ c->text, 0 };
}

/*
 * Notes a module frozen by `X.requires_grad_(False)` (receiver X) or by
 * `p.requires_grad = False` / `p.requires_grad_(False)` in a loop over
 * X.parameters() (receiver p): what X runs records no graph of its own.
 * With thaw, X's parameters are set to require grad again (True): a part
 * of a frozen module that trains (a fine-tuned head), noted apart.
 */
static void module_grad_note(semantic *c, gg_node stmt, gg_node receiver, bool thaw)
{
	/* Down the methods that return the module itself: m.eval().requires_grad_(False) freezes m. */
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS && IS(receiver, call) && IS(FIELD(receiver, function), attribute); i++) {
		span m = sem_attribute_name(c, FIELD(receiver, function));
		if (!sem_word_in(m.ptr, m.len, sem_returns_self))
			break;
		receiver = FIELD(FIELD(receiver, function), object);
	}
	/* net = Net().eval().requires_grad_(False): what is frozen is what the name holds. */
	if (IS(receiver, call)) {
		gg_node p = gg_node_parent(stmt);
		while (IS(p, attribute) || IS(p, call))
			p = gg_node_parent(p);
		if (IS(p, assignment) && sem_is_name_chain(c, FIELD(p, left)))
			receiver = FIELD(p, left);
	}
	if (!sem_is_name_chain(c, receiver))
		return;
	span owner = IS(receiver, identifier) ? parameters_owner(c, stmt, node_span(c, receiver)) : (span){ c->text, 0 };
	if (!owner.len)
		owner = node_span(c, receiver);
	if (thaw)
		PUSH(c, c->thaws, c->thaws_len, c->thaws_cap, ((frozen){ owner, gg_node_start_byte(stmt) }));
	else
		PUSH(c, c->frozen, c->frozen_len, c->frozen_cap, ((frozen){ owner, gg_node_start_byte(stmt) }));
}

static void frozen_note(semantic *c, gg_node stmt, gg_node receiver)
{
	module_grad_note(c, stmt, receiver, false);
}

/*
 * `X.freeze()` in a file whose module classes are LightningModules and that
 * defines no freeze() of its own: Lightning's, which sets every parameter's
 * requires_grad to False (and eval mode), so X is frozen from there.
 */
static void lightning_freezes(semantic *c)
{
	if (!c->freeze_calls_len)
		return;
	bool lightning = false;
	for (size_t i = 0; i < c->classes_len && !lightning; i++)
		lightning = (sem_class_kind(c, &c->classes[i], 0) & CLASS_LIGHTNING) != 0;
	for (size_t i = 1; lightning && i < c->funcs_len; i++)
		if (span_is(c->funcs[i].name, "freeze"))
			return;
	for (size_t i = 0; lightning && i < c->freeze_calls_len && !c->error; i++)
		frozen_note(c, c->freeze_calls[i], FIELD(FIELD(c->freeze_calls[i], function), object));
}

/*
 * `model.fc = nn.Linear(...)`: a new torch.nn layer with parameters put in
 * a module's place trains, whatever was frozen before (a pretrained
 * backbone frozen, its head replaced): noted as a thaw of that part. A
 * layer without parameters (Identity, ReLU) thaws nothing.
 */
static void part_replaced_note(semantic *c, gg_node stmt, gg_node left, gg_node right)
{
	gg_node base = IS(left, subscript) ? FIELD(left, value) : left;
	if (!IS(base, attribute) || !sem_is_name_chain(c, base) || !IS(right, call) || !sem_name_resolve(c, FIELD(right, function)))
		return;
	span r = sem_resolved(c);
	if (!span_starts(r, "torch.nn.") || memchr(r.ptr + 9, '.', r.len - 9) || parameterless_call(c, right, 0))
		return;
	PUSH(c, c->thaws, c->thaws_len, c->thaws_cap, ((frozen){ node_span(c, left), gg_node_start_byte(stmt) }));
}

/*
 * `p.requires_grad = flag` in a loop over X.parameters(): noted for the
 * callers of its function, which say by flag whether X freezes or thaws
 * (flag_freezing_calls).
 */
static void flag_freeze_note(semantic *c, gg_node stmt, gg_node receiver, gg_node flag)
{
	span owner = IS(receiver, identifier) ? parameters_owner(c, stmt, node_span(c, receiver)) : (span){ c->text, 0 };
	if (owner.len)
		PUSH(c, c->flag_freezes, c->flag_freezes_len, c->flag_freezes_cap,
		     ((flag_freeze){ owner, node_span(c, flag), gg_node_start_byte(stmt) }));
}

/*
 * The argument each call of function fi in the file (f(x), or self.f(x) in
 * its class) hands its parameter name at place: visit(c, the call, the
 * argument, whether it is self.f(...), ctx) where the argument is a name
 * chain the text spells out.
 */
static void call_arguments_each(semantic *c, int fi, int place, span name,
				void (*visit)(semantic *c, const gg_call_ref *r, gg_node arg, bool method, void *ctx), void *ctx)
{
	const gg_tree_index *ix = c->index;
	const func *f = &c->funcs[fi];
	/* The calls of its name, from the index of calls by name. */
	for (size_t k = sem_named_first(c->call_names, c->call_names_len, f->name);
	     k < c->call_names_len && span_eq(c->call_names[k].name, f->name) && !c->error; k++) {
		const gg_call_ref *r = &ix->calls[c->call_names[k].index];
		bool method = r->names == 2 && f->cls >= 0 && span_is(text_between(c, r->start, r->root_end), "self");
		if (!(r->names == 1 || method) || (method && place == 0))
			continue;
		bool unknown;
		gg_node a = sem_argument_for(c, FIELD(r->node, arguments), place - (method ? 1 : 0), name, &unknown);
		if (!unknown && !gg_node_is_null(a) && sem_is_name_chain(c, a))
			visit(c, r, a, method, ctx);
	}
}

static void freeze_handed(semantic *c, const gg_call_ref *r, gg_node arg, bool method, void *ctx)
{
	(void)method;
	(void)ctx;
	PUSH(c, c->frozen, c->frozen_len, c->frozen_cap, ((frozen){ node_span(c, arg), r->start }));
}

/*
 * A function of the file that freezes a module it is handed (`def
 * freeze(m): for p in m.parameters(): p.requires_grad = False`): what a call
 * of it hands it is frozen from that call on, as if frozen there.
 */
static void freezing_calls(semantic *c)
{
	for (size_t i = 0, n = c->frozen_len; i < n && !c->error; i++) {
		int fi = sem_func_at(c, c->frozen[i].at);
		gg_node dflt;
		int place = fi > 0 ? sem_parameter_index(c, c->funcs[fi].def, c->frozen[i].name, &dflt) : -1;
		if (place >= 0)
			call_arguments_each(c, fi, place, c->frozen[i].name, freeze_handed, NULL);
	}
}

/* What flag_freezing_calls asks of each call: the flag's place and name, and its default. */
typedef struct flag_ask {
	int place;
	span name;
	gg_node dflt;
} flag_ask;

static void freeze_by_flag(semantic *c, const gg_call_ref *r, gg_node arg, bool method, void *ctx)
{
	const flag_ask *q = ctx;
	bool unknown;
	gg_node f = sem_argument_for(c, FIELD(r->node, arguments), q->place - (method ? 1 : 0), q->name, &unknown);
	if (gg_node_is_null(f) && !unknown)
		f = q->dflt;
	frozen at = { node_span(c, arg), r->start };
	if (text_eq(c, f, "False"))
		PUSH(c, c->frozen, c->frozen_len, c->frozen_cap, at);
	else if (text_eq(c, f, "True"))
		PUSH(c, c->thaws, c->thaws_len, c->thaws_cap, at);
}

/*
 * A function of the file that sets requires_grad of a module it is handed
 * from another parameter (`def set_trainable(m, mode): for p in
 * m.parameters(): p.requires_grad = mode`): a call handing False freezes
 * what it hands, from that call on; one handing True thaws it. A flag the
 * text does not spell says nothing.
 */
static void flag_freezing_calls(semantic *c)
{
	for (size_t i = 0; i < c->flag_freezes_len && !c->error; i++) {
		const flag_freeze *ff = &c->flag_freezes[i];
		int fi = sem_func_at(c, ff->at);
		if (fi <= 0)
			continue;
		gg_node dflt, flag_dflt;
		int flag_place = sem_parameter_index(c, c->funcs[fi].def, ff->flag, &flag_dflt);
		flag_ask q = { flag_place, ff->flag, flag_dflt };
		int place = sem_parameter_index(c, c->funcs[fi].def, ff->name, &dflt);
		if (place >= 0 && q.place >= 0)
			call_arguments_each(c, fi, place, ff->name, freeze_by_flag, &q);
	}
}

/* (#match? @_receiver "([Oo]ptim|(^|[._])opt($|_)|[Ss]caler$)") */
static bool step_receiver(const semantic *c, gg_node receiver)
{
	span t;
	if (!c->sem->step_receiver_ok || !node_text_of(c, receiver, &t))
		return false;
	char *copy = malloc(t.len + 1);
	if (!copy)
		return false;
	memcpy(copy, t.ptr, t.len);
	copy[t.len] = '\0';
	bool hit = regexec(&c->sem->step_receiver, copy, 0, NULL, 0) == 0;
	free(copy);
	return hit;
}

/*
 * Whether value passes on what name held: a method chain on name itself
 * (model = model.to(device).eval()) or a call that takes it first
 * (model = DDP(model), net = torch.compile(net)). Such a binding keeps the
 * kind of the one before it.
 */
/*
 * Whether value fetches a method or a plain attribute from an object rather
 * than a module: obj.name or getattr(obj, "name", ...) (and `a or b` of
 * such), with a name that neither says model nor is a forward method.
 * `decoder = getattr(policy, "decode_latents", None)` binds the policy's
 * method: what decoder runs is that method, not a module its own name
 * promises. `encoder = self.encoder` and `fn = model.forward` stay modules.
 */
/* Whether name says it holds a module: a model's word, a forward's, or `module` (the model DataParallel wraps). */
static bool name_says_module(const semantic *c, span name)
{
	return sem_name_says_model(c, name) || sem_is_forward_method(name) || span_is(name, "module");
}

static bool fetches_plain_attribute(const semantic *c, gg_node value, unsigned depth)
{
	if (depth > MAX_NAME_SEGMENTS)
		return false;
	if (IS(value, boolean_operator))
		return fetches_plain_attribute(c, FIELD(value, left), depth + 1) &&
		       fetches_plain_attribute(c, FIELD(value, right), depth + 1);
	span name = { NULL, 0 };
	if (IS(value, attribute) && sem_is_name_chain(c, value)) {
		name = sem_chain_last(c, value);
	} else if (IS(value, call) && span_is(node_span(c, FIELD(value, function)), "getattr")) {
		gg_node args = FIELD(value, arguments);
		if (!IS(args, argument_list) || sem_argument_count(c, args) < 2 ||
		    !sem_string_value(c, sem_argument_at(c, args, 1), &name))
			return false;
	}
	return name.len && !name_says_module(c, name);
}

/*
 * Whether pick (`pipelines["valid"]`, a subscript of a plain name the file
 * does not fill as a list or a dict) fetches something other than a module:
 * neither the container's name nor a string key says model or forward, nor
 * does the name in the singular (`nets[i]`). Another file's table of
 * transforms or of settings is data, whatever the name it is bound to
 * says; a checkpoint's `ckpt["model"]` stays unknown.
 */
static bool fetches_plain_element(const semantic *c, gg_node pick)
{
	span name = node_span(c, FIELD(pick, value)), key;
	if (name_says_module(c, name) ||
	    (name.len > 1 && name.ptr[name.len - 1] == 's' && sem_name_says_model(c, (span){ name.ptr, name.len - 1 })))
		return false;
	return !(sem_string_value(c, FIELD(pick, subscript), &key) && name_says_module(c, key));
}

/*
 * Whether value is the bare name of a function this file defines outside
 * any class (`net, loss = linreg, squared_loss`): a name bound to it holds
 * that function, no module, whatever the new name says. Asked once the
 * facts walk has seen every def (few names are bound so).
 */
static bool names_plain_function(const semantic *c, gg_node value)
{
	if (!IS(value, identifier))
		return false;
	span name = node_span(c, value);
	bool plain = false;
	for (size_t i = 1; i < c->funcs_len; i++) {
		if (!span_eq(c->funcs[i].name, name))
			continue;
		gg_node up = gg_node_parent(c->funcs[i].def);
		if (IS(up, decorated_definition))
			up = gg_node_parent(up);
		if (!(IS(up, block) && IS(gg_node_parent(up), class_definition)))
			plain = true;
	}
	for (size_t i = 0; plain && i < c->classes_len; i++)
		if (span_eq(c->classes[i].name, name))
			return false;
	return plain;
}

static bool rebinds_itself(const semantic *c, span name, gg_node value)
{
	gg_node base = sem_call_chain_base(c, value);
	if (!IS(base, call))
		return false;
	gg_node fn = FIELD(base, function);
	if (IS(fn, attribute) && IS(FIELD(fn, object), identifier) && span_eq(node_span(c, FIELD(fn, object)), name))
		return true;
	gg_node args = FIELD(base, arguments);
	gg_node first = IS(args, argument_list) && sem_argument_count(c, args) ? sem_argument_at(c, args, 0) : gg_node_null();
	return IS(first, identifier) && span_eq(node_span(c, first), name);
}

/* The innermost method at or around function fi (fi itself when it is one): what a nested def stands as; 0 for none. */
int sem_enclosing_method(const semantic *c, int fi)
{
	while (fi > 0 && c->funcs[fi].cls < 0)
		fi = c->funcs[fi].parent;
	return fi;
}

/* The innermost function of the file whose text holds byte at, 0 for the module (funcs sorted by start). */
int sem_func_at(const semantic *c, uint32_t at)
{
	size_t lo = 1, hi = c->funcs_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->funcs[mid].start <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* The latest-starting function that still holds at is the innermost: definitions nest. */
	for (size_t i = lo; i-- > 1;)
		if (c->funcs[i].end > at)
			return (int)i;
	return 0;
}

static int bind_cmp(const void *pa, const void *pb)
{
	const bind *a = pa, *b = pb;
	int r = span_cmp(a->name, b->name);
	return r ? r : (a->at > b->at) - (a->at < b->at);
}

/* Hands the spellings that hold modules to the other rules through the index. */
static void models_publish(semantic *c)
{
	gg_tree_index *ix = c->index;
	ix->models_len = 0;
	ix->module_classes_len = 0;
	ix->test_classes_len = 0;
	for (size_t i = 0; i < c->classes_len && !c->error; i++) {
		unsigned kind = sem_class_kind(c, &c->classes[i], 0);
		if (kind & CLASS_TESTCASE) {
			if (gg_grow((void **)&ix->test_classes, &ix->test_classes_cap, ix->test_classes_len,
				 sizeof *ix->test_classes)) {
				fail(c, -ENOMEM);
				return;
			}
			ix->test_classes[ix->test_classes_len++] = gg_node_start_byte(c->classes[i].node);
		}
		if (!(kind & CLASS_MODULE) || (kind & CLASS_LIGHTNING))
			continue;
		if (gg_grow((void **)&ix->module_classes, &ix->module_classes_cap, ix->module_classes_len,
			 sizeof *ix->module_classes)) {
			fail(c, -ENOMEM);
			return;
		}
		ix->module_classes[ix->module_classes_len++] = gg_node_start_byte(c->classes[i].node);
	}
	if (ix->module_classes_len)
		qsort(ix->module_classes, ix->module_classes_len, sizeof *ix->module_classes, sem_u32_cmp);
	if (ix->test_classes_len)
		qsort(ix->test_classes, ix->test_classes_len, sizeof *ix->test_classes, sem_u32_cmp);
	ix->no_graph_len = 0;
	for (size_t i = 0; i < c->not_models.len + c->frozen_len && !c->error; i++) {
		span s = i < c->not_models.len ? c->not_models.items[i] : c->frozen[i - c->not_models.len].name;
		uint32_t at = i < c->not_models.len ? (uint32_t)(s.ptr - c->text) : c->frozen[i - c->not_models.len].at;
		gg_no_graph g = { s.ptr, s.len, 0, (uint32_t)c->len };
		if (!memchr(s.ptr, '.', s.len)) {
			const func *f = &c->funcs[sem_func_at(c, at)];
			g.from = at;
			g.to = f->end;
		}
		if (gg_grow((void **)&ix->no_graph, &ix->no_graph_cap, ix->no_graph_len, sizeof *ix->no_graph)) {
			fail(c, -ENOMEM);
			return;
		}
		ix->no_graph[ix->no_graph_len++] = g;
	}
	/* A parameter every call hands a frozen module (a features(backbone, ...) after freeze(backbone)): no graph in its function. */
	for (size_t fi = 1; c->frozen_len && fi < c->funcs_len && !c->error; fi++) {
		const func *f = &c->funcs[fi];
		gg_node params = FIELD(f->def, parameters);
		uint32_t count = gg_node_is_null(params) ? 0 : gg_node_named_child_count(params);
		for (uint32_t i = 0; i < count && !c->error; i++) {
			gg_node p = sem_parameter_name(c, gg_node_named_child(params, i));
			span name = IS(p, identifier) ? node_span(c, p) : (span){ c->text, 0 };
			if (!name.len || span_is(name, "self") || !sem_param_frozen(c, (int)fi, name))
				continue;
			if (gg_grow((void **)&ix->no_graph, &ix->no_graph_cap, ix->no_graph_len, sizeof *ix->no_graph)) {
				fail(c, -ENOMEM);
				return;
			}
			ix->no_graph[ix->no_graph_len++] = (gg_no_graph){ name.ptr, name.len, f->start, f->end };
		}
	}
	const spanset *sets[] = { &c->models, &c->module_api };
	for (size_t k = 0; k < 2 && !c->error; k++) {
		for (size_t i = 0; i < sets[k]->len; i++) {
			span s = sets[k]->items[i];
			if (sem_spanset_has(&c->not_models, s))
				continue;
			if (gg_grow((void **)&ix->models, &ix->models_cap, ix->models_len, sizeof *ix->models)) {
				fail(c, -ENOMEM);
				return;
			}
			ix->models[ix->models_len++] = (gg_text_span){ s.ptr, s.len };
		}
	}
}

/* What the facts walk does at a node (gg_semantic.kinds): one of these, and whether the node holds statements. */
enum {
	FACT_NONE,
	FACT_LAMBDA,
	FACT_CALL,
	FACT_ATTRIBUTE,
	FACT_ASSIGNMENT,
	FACT_SUSPEND, /* yield, await */
	FACT_DECORATOR,
	FACT_KEYWORD_ARGUMENT,
	FACT_FUNCTION,
	FACT_CLASS,
	FACT_IMPORT,
	FACT_IMPORT_FROM,
	FACT_FOR,
	FACT_HOLDS = 0x80,
};

int sem_fact_kinds_init(gg_semantic *r, const TSLanguage *lang)
{
	r->kinds_len = ts_language_symbol_count(lang);
	r->kinds = calloc(r->kinds_len, 1);
	if (!r->kinds)
		return -ENOMEM;
	const struct {
		TSSymbol sym;
		uint8_t kind;
	} table[] = {
		{ r->sym_lambda, FACT_LAMBDA }, { r->sym_call, FACT_CALL }, { r->sym_attribute, FACT_ATTRIBUTE },
		{ r->sym_assignment, FACT_ASSIGNMENT }, { r->ids.sym_yield, FACT_SUSPEND }, { r->ids.sym_await, FACT_SUSPEND },
		{ r->sym_decorator, FACT_DECORATOR }, { r->sym_keyword_argument, FACT_KEYWORD_ARGUMENT },
		{ r->sym_function_definition, FACT_FUNCTION }, { r->sym_class_definition, FACT_CLASS },
		{ r->sym_import, FACT_IMPORT }, { r->sym_import_from, FACT_IMPORT_FROM },
		{ r->ids.sym_for_statement, FACT_FOR },
	};
	for (size_t i = 0; i < sizeof table / sizeof *table; i++)
		if (table[i].sym < r->kinds_len)
			r->kinds[table[i].sym] = table[i].kind;
	for (size_t s = 0; s < r->kinds_len; s++)
		if (gg_py_holds_statements(&r->ids, (TSSymbol)s))
			r->kinds[s] |= FACT_HOLDS;
	return 0;
}

/* The class of this file that value constructs (`Trainer(...)`), as an index of c->classes (sorted), or -1. */
static int constructed_class(const semantic *c, gg_node value)
{
	if (!IS(value, call))
		return -1;
	gg_node fn = FIELD(value, function);
	klass *k = IS(fn, identifier) ? sem_class_find(c, node_span(c, fn)) : NULL;
	return k ? (int)(k - c->classes) : -1;
}
/*
 * copy.deepcopy(model) (an EMA, a frozen teacher, a snapshot to compare) is
 * a module as its argument is: a second model by origin, whatever its name.
 * Runs once the binds are sorted; a copy of a copy is not followed.
 */
static void copies_classify(semantic *c)
{
	bool grown = false;
	for (size_t i = 0; i < c->assigns_len && !c->error; i++) {
		gg_node right = c->assign_right[i], left = c->assign_left[i];
		if (!IS(right, call) || !sem_name_resolve(c, FIELD(right, function)))
			continue;
		span r = sem_resolved(c);
		gg_node args = FIELD(right, arguments);
		if (!(span_is(r, "copy.deepcopy") || span_is(r, "copy.copy")) || !IS(args, argument_list) ||
		    sem_argument_count(c, args) != 1)
			continue;
		gg_node arg = sem_argument_at(c, args, 0);
		if (!sem_is_name_chain(c, arg))
			continue;
		span from = node_span(c, arg);
		uint32_t at = gg_node_start_byte(arg);
		const bind *b = IS(arg, identifier) ? sem_bind_before(c, from, sem_func_at(c, at), at) : NULL;
		bool loaded = b ? b->kind == BIND_LOADED : sem_spanset_has(&c->loaded, from);
		if (!(b ? b->kind == BIND_MODEL || loaded : sem_spanset_has(&c->models, from)))
			continue;
		span target = node_span(c, left);
		uint32_t to = gg_node_start_byte(left);
		bind *own = IS(left, identifier) ? (bind *)sem_bind_before(c, target, sem_func_at(c, to), to + 1) : NULL;
		if (own && own->at == to)
			own->kind = loaded ? BIND_LOADED : BIND_MODEL;
		PUSH(c, c->models.items, c->models.len, c->models.cap, target);
		if (loaded)
			PUSH(c, c->loaded.items, c->loaded.len, c->loaded.cap, target);
		grown = true;
	}
	if (grown) {
		sem_spanset_sort(&c->models);
		sem_spanset_sort(&c->loaded);
	}
}

/* The names `a, b = call(...)` unpacks (left a pattern), each to that call: unpack_names. */
static void unpack_note(semantic *c, gg_node left, gg_node right)
{
	int at = (int)c->unpack_right_len;
	PUSH(c, c->unpack_right, c->unpack_right_len, c->unpack_right_cap, right);
	for (uint32_t k = 0, n = gg_node_named_child_count(left); k < n && (int)c->unpack_right_len > at; k++) {
		gg_node t = gg_node_named_child(left, k);
		if (IS(t, identifier))
			PUSH(c, c->unpack_names, c->unpack_names_len, c->unpack_names_cap, ((named){ node_span(c, t), at }));
	}
}

/*
 * The assignments by their left side's text and the calls by the name they
 * call, so that what a name holds or whether the file calls a method is one
 * search, not a scan of the file for each question.
 */
static int names_index(semantic *c)
{
	const gg_tree_index *ix = c->index;
	c->assign_names = malloc((c->assigns_len + 1) * sizeof *c->assign_names);
	c->call_names = malloc((ix->calls_len + 1) * sizeof *c->call_names);
	if (!c->assign_names || !c->call_names)
		return -ENOMEM;
	c->assign_names_len = c->call_names_len = 0;
	for (size_t i = 0; i < c->assigns_len; i++)
		c->assign_names[c->assign_names_len++] = (named){ node_span(c, c->assign_left[i]), (int)i };
	for (size_t i = 0; i < ix->calls_len; i++) {
		span name = sem_callee_name(c, &ix->calls[i]);
		if (name.len)
			c->call_names[c->call_names_len++] = (named){ name, (int)i };
	}
	qsort(c->assign_names, c->assign_names_len, sizeof *c->assign_names, sem_named_cmp);
	if (c->unpack_names_len)
		qsort(c->unpack_names, c->unpack_names_len, sizeof *c->unpack_names, sem_named_cmp);
	qsort(c->call_names, c->call_names_len, sizeof *c->call_names, sem_named_cmp);
	return 0;
}


/*
 * What an assignment of a plain name makes (left = right), in text order:
 * its bind, flow-sensitive, and the file-wide sets assignment_classify
 * fills.
 */
static void bind_note(semantic *c, gg_node left, gg_node right)
{
	size_t models = c->models.len, not_models = c->not_models.len, loaded = c->loaded.len;
	assignment_classify(c, left, right);
	uint32_t at = gg_node_start_byte(left);
	bind b = { node_span(c, left), at, sem_func_at(c, at), BIND_UNKNOWN, constructed_class(c, passed_through(c, right)) };
	b.kind = c->not_models.len != not_models ? BIND_NOT_MODEL
		 : c->loaded.len != loaded	 ? BIND_LOADED
		 : c->models.len != models	 ? BIND_MODEL
		 : fetches_plain_attribute(c, right, 0) ? BIND_NOT_MODEL
						 : BIND_UNKNOWN;
	PUSH(c, c->binds, c->binds_len, c->binds_cap, b);
}

/* The facts walk's for loops, and its assignments of a list to a plain name (`models = []`, `= [Net() for ...]`). */
typedef struct loop_lists {
	gg_node *loops, *lists;
	size_t loops_len, loops_cap, lists_len, lists_cap;
	gg_node *picks; /* assignments of one element of a name's container: `tf = pipelines["valid"]` */
	size_t picks_len, picks_cap;
} loop_lists;

/* The callee of the innermost call of e's method chain (`Net` of `Net(k).to(device)`), or a null node. */
static gg_node element_maker(const semantic *c, gg_node e)
{
	return IS(e, call) ? FIELD(sem_call_chain_base(c, e), function) : gg_node_null();
}

/* Whether e is made as first is: the same callee, spelt alike. */
static bool element_alike(const semantic *c, gg_node first, gg_node e)
{
	gg_node a = element_maker(c, first), b = element_maker(c, e);
	return !gg_node_is_null(a) && !gg_node_is_null(b) && sem_is_name_chain(c, b) &&
	       span_eq(node_span(c, a), node_span(c, b));
}

/*
 * The element a container named name holds at at (in scope), one of those
 * it was given, when all were made alike, or a null node. The container is
 * the name's last assignment of a list or a dict in that scope before at,
 * with no other assignment of the name between (a call's), and the
 * elements are those of the list or the dict's values written, or of a
 * comprehension's, or appended to it in that scope before at (`models =
 * []`, then `models.append(Net().to(device))` k times).
 */
static gg_node container_element(semantic *c, const loop_lists *ll, const named *lists, const named *appends,
				 size_t appends_len, span name, uint32_t at, bool *filled)
{
	int scope = sem_func_at(c, at);
	gg_node list = gg_node_null();
	for (size_t k = sem_named_first(lists, ll->lists_len, name); k < ll->lists_len && span_eq(lists[k].name, name); k++) {
		gg_node a = ll->lists[lists[k].index];
		if (gg_node_start_byte(a) >= at)
			break;
		if (sem_func_at(c, gg_node_start_byte(a)) == scope)
			list = a;
	}
	*filled = !gg_node_is_null(list);
	if (gg_node_is_null(list))
		return gg_node_null();
	uint32_t from = gg_node_end_byte(list);
	/* Bound anew between, to what a call returned: no telling what it holds. */
	for (size_t n = sem_named_first(c->assign_names, c->assign_names_len, name);
	     n < c->assign_names_len && span_eq(c->assign_names[n].name, name); n++) {
		uint32_t a = gg_node_start_byte(c->assign_left[c->assign_names[n].index]);
		if (a >= from && a < at && sem_func_at(c, a) == scope)
			return gg_node_null();
	}
	gg_node value = FIELD(list, right), first = gg_node_null();
	if (IS(value, list_comprehension)) {
		first = FIELD(value, body);
		if (gg_node_is_null(element_maker(c, first)))
			return gg_node_null();
	} else {
		for (uint32_t i = 0, n = gg_node_named_child_count(value); i < n; i++) {
			gg_node e = gg_node_named_child(value, i);
			if (IS(value, dictionary)) {
				if (!IS(e, pair))
					return gg_node_null(); /* a `**more` splat: no telling */
				e = FIELD(e, value);
			}
			if (gg_node_is_null(first))
				first = e;
			if (!element_alike(c, first, e))
				return gg_node_null();
		}
	}
	const gg_tree_index *ix = c->index;
	for (size_t k = sem_named_first(appends, appends_len, name); k < appends_len && span_eq(appends[k].name, name); k++) {
		const gg_call_ref *ref = &ix->calls[appends[k].index];
		if (ref->start < from || ref->start >= at || sem_func_at(c, ref->start) != scope)
			continue;
		gg_node args = FIELD(ref->node, arguments);
		if (sem_argument_count(c, args) != 1)
			return gg_node_null();
		gg_node e = sem_argument_at(c, args, 0);
		if (gg_node_is_null(first))
			first = e;
		if (!element_alike(c, first, e))
			return gg_node_null();
	}
	return first;
}

/* The element a loop's target holds (container_element), the target in *target. */
static gg_node loop_element(semantic *c, const loop_lists *ll, const named *lists, const named *appends,
			    size_t appends_len, gg_node loop, gg_node *target)
{
	gg_node left = FIELD(loop, left), seq = FIELD(loop, right);
	*target = left;
	/* `for i, m in enumerate(models):`: m holds an element. */
	if (IS(seq, call) && IS(FIELD(seq, function), identifier) && text_eq(c, FIELD(seq, function), "enumerate") &&
	    !sem_binding_find(c, node_span(c, FIELD(seq, function))) && (IS(left, pattern_list) || IS(left, tuple_pattern)) &&
	    gg_node_named_child_count(left) == 2 && sem_argument_count(c, FIELD(seq, arguments)) == 1) {
		*target = gg_node_named_child(left, 1);
		seq = sem_argument_at(c, FIELD(seq, arguments), 0);
	}
	if (!IS(*target, identifier) || !IS(seq, identifier))
		return gg_node_null();
	bool filled;
	return container_element(c, ll, lists, appends, appends_len, node_span(c, seq), gg_node_start_byte(loop), &filled);
}

/*
 * A loop over a list of values made alike binds its target to what one of
 * them is, by origin, as an assignment would (`for i, m in
 * enumerate(models): m.score(x)` runs Net.score when models holds Nets):
 * SPEC §2, the value's origin, not its name. So does a pick of one element
 * (`tf = steps["valid"]`); a pick from a container the scope does not
 * fill is data where no name says model (fetches_plain_element).
 */
static void loop_binds(semantic *c, const loop_lists *ll)
{
	const gg_tree_index *ix = c->index;
	named *lists = malloc((ll->lists_len + 1) * sizeof *lists), *appends = NULL;
	size_t appends_len = 0, appends_cap = 0;
	if (!lists) {
		fail(c, -ENOMEM);
		return;
	}
	for (size_t i = 0; i < ll->lists_len; i++)
		lists[i] = (named){ node_span(c, FIELD(ll->lists[i], left)), (int)i };
	qsort(lists, ll->lists_len, sizeof *lists, sem_named_cmp);
	for (size_t i = 0; i < ix->calls_len && !c->error; i++) {
		const gg_call_ref *ref = &ix->calls[i];
		if (ref->names == 2 && ref->plain && span_is(text_between(c, ref->last_start, ref->callee_end), "append"))
			PUSH(c, appends, appends_len, appends_cap, ((named){ text_between(c, ref->start, ref->root_end), (int)i }));
	}
	if (appends_len)
		qsort(appends, appends_len, sizeof *appends, sem_named_cmp);
	for (size_t i = 0; i < ll->loops_len && !c->error; i++) {
		gg_node target, e = loop_element(c, ll, lists, appends, appends_len, ll->loops[i], &target);
		if (!gg_node_is_null(e))
			bind_note(c, target, e);
	}
	/* `tf = pipelines["valid"]`: what one element is, as for a loop's target. */
	for (size_t i = 0; i < ll->picks_len && !c->error; i++) {
		gg_node left = FIELD(ll->picks[i], left), pick = FIELD(ll->picks[i], right);
		bool filled;
		gg_node e = container_element(c, ll, lists, appends, appends_len, node_span(c, FIELD(pick, value)),
					      gg_node_start_byte(ll->picks[i]), &filled);
		if (!gg_node_is_null(e))
			bind_note(c, left, e);
		else if (!filled && fetches_plain_element(c, pick))
			PUSH(c, c->fetches, c->fetches_len, c->fetches_cap, left);
	}
	free(lists);
	free(appends);
}

int sem_facts_collect(semantic *c, gg_node root)
{
	gg_semantic *r = c->sem;
	/* Names wait for every binding: an import may follow its use in the text. */
	gg_node *callees = NULL, *offs = NULL; /* owned */
	size_t callees_len = 0, callees_cap = 0, offs_len = 0, offs_cap = 0;
	/* Owned: calls of a single name, maybe another file's function that runs a backward (GG_ELSEWHERE_GRAD_FUNCTIONS). */
	gg_node *imported = NULL;
	size_t imported_len = 0, imported_cap = 0;
	gg_node *pairs = NULL; /* owned: a name and the name bound to it, in a tuple's assignment */
	size_t pairs_len = 0, pairs_cap = 0;
	loop_lists ll; /* owned: for loops and the lists they may run over (loop_binds) */
	memset(&ll, 0, sizeof ll);
	/* Calls of a single imported name are asked whether they differentiate: another file's function, or a library's. */
	bool any_grad_function = gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_GRAD_FUNCTIONS) || r->libraries.takes_grad;

	func module;
	memset(&module, 0, sizeof module);
	module.def = root;
	module.end = (uint32_t)c->len;
	module.name = (span){ "<module>", 8 };
	module.cls = -1;
	module.flag_index = -1;
	module.eval_site = -1;
	module.iterates = -1;
	module.returns_eval = -1;
	module.reads_graph = -1;
	module.exports = -1;
	module.reads_numpy = -1;
	module.closure = -1;
	module.nograd_with = UINT32_MAX;
	module.nograd_bare = UINT32_MAX;
	PUSH(c, c->funcs, c->funcs_len, c->funcs_cap, module);

	/*
	 * Every node once, in document order:
	 * each node type checks the patterns it can start.
	 */
	uint32_t lambda_end = 0; /* end of the outermost lambda around the walk, 0 outside */
	gg_tree_index *ix = c->index;
	ix->root = gg_node_null();
	ix->calls_len = ix->assignments_len = ix->imports_len = ix->models_len = ix->module_classes_len = 0;
	ix->test_classes_len = 0;
	ix->number_parts_len = 0;
	ix->func_names_len = 0;
	ix->number_funcs_len = 0;
	ix->data_funcs_len = 0;
	ix->eval_funcs_len = 0;
	ix->forwards_len = 0;
	ix->grad_off_len = 0;
	ix->grad_controlled_len = 0;
	ix->calls_exact = true;
	/*
	 * Imports count where every node above them holds statements: nothing
	 * below an expression or an import does. unreach_end is where the
	 * subtree of the outermost node the walk is in that holds none ends.
	 */
	uint32_t unreach_end = 0;
	const gg_tree_entry *nodes = gg_node_is_null(root) ? NULL : root.tree->nodes;
	uint32_t end = gg_node_is_null(root) ? 0 : gg_tree_after(root.tree, root.index);
	for (uint32_t i = root.index; i < end && !c->error; i++) {
		bool reach = i >= unreach_end;
		gg_node n = { root.tree, i };
		TSSymbol sym = nodes[i].symbol;
		/* ERROR (a symbol past the table) holds statements, as gg_py_holds_statements says. */
		uint8_t kind = sym < r->kinds_len ? r->kinds[sym] : FACT_HOLDS;
		uint8_t what = kind & (uint8_t)~FACT_HOLDS;
		if (what == FACT_NONE) {
			/* Most nodes: nothing to note. */
		} else if (what == FACT_LAMBDA) {
			uint32_t start = gg_node_start_byte(n);
			if (start >= lambda_end)
				lambda_end = gg_node_end_byte(n);
		} else if (what == FACT_CALL) {
			gg_call_ref ref;
			gg_call_ref_init(&ref, &r->ids, c->text, c->len, n);
			if (ref.end <= ref.start || (ix->calls_len && ref.start < ix->calls[ix->calls_len - 1].start))
				ix->calls_exact = false;
			/* A lambda's body runs where it is called: scan_calls leaves it out. */
			ref.in_lambda = ref.start < lambda_end;
			PUSH(c, ix->calls, ix->calls_len, ix->calls_cap, ref);
			gg_node fn = ref.callee;
			if (ref.attribute) {
				span m = sem_method_of(c, &ref);
				bool backward = false;
				if (span_is(m, "backward")) {
					backward = value_thrown(c, n);
				} else if (span_is(m, "step")) {
					gg_node recv = field_id(fn, r->fld_object);
					backward = (sym_is(recv, r->sym_identifier) || sym_is(recv, r->sym_attribute)) &&
						   step_receiver(c, recv);
				} else if (span_is(m, "requires_grad_")) {
					gg_node args = field_id(n, r->fld_arguments);
					backward = sym_is(args, r->sym_argument_list) && !says_false(c, args);
					if (sym_is(args, r->sym_argument_list) && !backward)
						frozen_note(c, n, field_id(fn, r->fld_object));
				} else if (span_is(m, "grad") || span_is(m, "enable_grad") || span_is(m, "set_grad_enabled")) {
					PUSH(c, callees, callees_len, callees_cap, fn);
				} else if (span_is(m, "freeze")) {
					gg_node args = field_id(n, r->fld_arguments);
					if (sym_is(args, r->sym_argument_list) && gg_node_named_child_count(args) == 0)
						PUSH(c, c->freeze_calls, c->freeze_calls_len, c->freeze_calls_cap, n);
				}
				if (backward)
					PUSH(c, c->backward.items, c->backward.len, c->backward.cap, gg_node_start_byte(n));
				if (backward && span_is(m, "requires_grad_")) {
					PUSH(c, c->grad_marks, c->grad_marks_len, c->grad_marks_cap, n);
					module_grad_note(c, n, field_id(fn, r->fld_object), true);
				}
				else if (ref.plain && ref.names >= 2 && sem_word_in(m.ptr, m.len, module_api_methods))
					PUSH(c, c->module_api.items, c->module_api.len, c->module_api.cap,
					     text_between(c, ref.start, ref.object_end));
			} else if (ref.names == 1) {
				span name = { c->text + ref.start, ref.callee_end - ref.start };
				if (span_is(name, "grad") || span_is(name, "enable_grad") || span_is(name, "set_grad_enabled"))
					PUSH(c, callees, callees_len, callees_cap, fn);
				else if (span_is(name, "no_grad") || span_is(name, "inference_mode"))
					PUSH(c, offs, offs_len, offs_cap, n);
				else if (any_grad_function)
					PUSH(c, imported, imported_len, imported_cap, fn);
			}
		} else if (what == FACT_ATTRIBUTE) {
			/* A clean attribute ends with its name: most end otherwise, and need no more look. */
			uint32_t e = nodes[i].end;
			bool may = e <= c->len && ((e >= 7 && memcmp(c->text + e - 7, "no_grad", 7) == 0) ||
						   (e >= 14 && memcmp(c->text + e - 14, "inference_mode", 14) == 0));
			span a = may || (nodes[i].flags & GG_NODE_HAS_ERROR) ? sem_attribute_name(c, n) : (span){ c->text, 0 };
			if (span_is(a, "no_grad") || span_is(a, "inference_mode"))
				PUSH(c, offs, offs_len, offs_cap, n);
		} else if (what == FACT_ASSIGNMENT) {
			PUSH(c, ix->assignments, ix->assignments_len, ix->assignments_cap, n);
			gg_node left = field_id(n, r->fld_left), right = field_id(n, r->fld_right);
			/* `x = (\n    torch.arange(n)\n    .view(...)\n)`: a call in brackets, to span its lines. */
			while (sym_is(right, r->ids.sym_parenthesized_expression) && gg_node_named_child_count(right) == 1)
				right = gg_node_named_child(right, 0);
			if ((sym_is(left, r->ids.sym_pattern_list) || sym_is(left, r->ids.sym_tuple_pattern)) && sym_is(right, r->sym_call))
				unpack_note(c, left, right);
			if ((sym_is(left, r->sym_attribute) || sym_is(left, r->ids.sym_subscript)) && sym_is(right, r->sym_call))
				part_replaced_note(c, n, left, right);
			if (sym_is(left, r->sym_attribute) && sym_is(right, r->sym_true) &&
			    span_is(sem_attribute_name(c, left), "requires_grad")) {
				PUSH(c, c->backward.items, c->backward.len, c->backward.cap, gg_node_start_byte(n));
				PUSH(c, c->grad_marks, c->grad_marks_len, c->grad_marks_cap, n);
				module_grad_note(c, n, field_id(left, r->fld_object), true);
			} else if (sym_is(left, r->sym_attribute) && text_eq(c, right, "False") &&
				   span_is(sem_attribute_name(c, left), "requires_grad")) {
				frozen_note(c, n, field_id(left, r->fld_object));
			} else if (sym_is(left, r->sym_attribute) && sym_is(right, r->sym_identifier) &&
				   span_is(sem_attribute_name(c, left), "requires_grad")) {
				flag_freeze_note(c, n, field_id(left, r->fld_object), right);
			} else if (sym_is(left, r->sym_identifier) && sym_is(right, r->sym_lambda)) {
				/* `net = lambda X: linreg(X, w, b)`: a function, no module. */
				PUSH(c, c->fetches, c->fetches_len, c->fetches_cap, left);
			} else if (sym_is(left, r->ids.sym_pattern_list) && sym_is(right, r->ids.sym_expression_list) &&
				   gg_node_named_child_count(left) == gg_node_named_child_count(right)) {
				/* `net, loss = lambda X: ..., squared_loss` or `= d2l.linreg, d2l.squared_loss`: pair by pair, as alone. */
				for (uint32_t k = 0, kn = gg_node_named_child_count(left); k < kn; k++) {
					gg_node l = gg_node_named_child(left, k), v = gg_node_named_child(right, k);
					if (sym_is(l, r->sym_identifier) &&
					    (sym_is(v, r->sym_lambda) || (sym_is(v, r->sym_attribute) && fetches_plain_attribute(c, v, 0))))
						PUSH(c, c->fetches, c->fetches_len, c->fetches_cap, l);
					else if (sym_is(l, r->sym_identifier) && sym_is(v, r->sym_identifier)) {
						PUSH(c, pairs, pairs_len, pairs_cap, l); /* `net, loss = linreg, ...`: below */
						PUSH(c, pairs, pairs_len, pairs_cap, v);
					}
				}
			} else if (sym_is(left, r->sym_identifier) &&
				   (sym_is(right, r->ids.sym_list) || sym_is(right, r->ids.sym_list_comprehension) ||
				    sym_is(right, r->ids.sym_dictionary))) {
				PUSH(c, ll.lists, ll.lists_len, ll.lists_cap, n); /* what a loop over it may hold: loop_binds */
			} else if (sym_is(left, r->sym_identifier) && sym_is(right, r->ids.sym_subscript) &&
				   sym_is(field_id(right, r->ids.fld_value), r->sym_identifier)) {
				PUSH(c, ll.picks, ll.picks_len, ll.picks_cap, n); /* one element of a container: loop_binds */
			} else if (sym_is(left, r->sym_identifier) &&
				   (sym_is(right, r->sym_identifier) || sym_is(right, r->ids.sym_conditional_expression))) {
				/* `gen = ImportedStep`, `cls = A if small else B`: an alias, sorted once the imports are known (below). */
				PUSH(c, c->name_aliases, c->name_aliases_len, c->name_aliases_cap, n);
			} else if (sym_is(left, r->sym_identifier) &&
				   (sym_is(right, r->sym_attribute) || sym_is(right, r->ids.sym_boolean_operator))) {
				span v = node_span(c, right);
				if (sym_is(right, r->sym_attribute) && (span_ends(v, ".no_grad") || span_ends(v, ".inference_mode")))
					PUSH(c, c->grad_aliases, c->grad_aliases_len, c->grad_aliases_cap, n);
				else if (fetches_plain_attribute(c, right, 0))
					PUSH(c, c->fetches, c->fetches_len, c->fetches_cap, left);
			} else if ((sym_is(left, r->sym_identifier) || sym_is(left, r->sym_attribute) ||
				    (left = hub_tuple_first(c, left, right), !gg_node_is_null(left))) &&
				   (sym_is(right, r->sym_call) ||
				    (sym_is(right, r->ids.sym_subscript) && sym_is(field_id(right, r->ids.fld_value), r->sym_call)))) {
				size_t cap = c->assigns_cap;
				if (!gg_grow((void **)&c->assign_left, &c->assigns_cap, c->assigns_len, sizeof *c->assign_left)) {
					gg_node *p = cap == c->assigns_cap ? c->assign_right
									: realloc(c->assign_right, c->assigns_cap * sizeof *p);
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
		} else if (what == FACT_FOR) {
			PUSH(c, ll.loops, ll.loops_len, ll.loops_cap, n);
		} else if (what == FACT_SUSPEND) {
			PUSH(c, c->suspends.items, c->suspends.len, c->suspends.cap, gg_node_start_byte(n));
		} else if (what == FACT_DECORATOR) {
			uint32_t count = gg_node_named_child_count(n);
			for (uint32_t i = 0; i < count; i++) {
				gg_node d = gg_node_named_child(n, i);
				if ((sym_is(d, r->sym_identifier) && text_eq(c, d, "enable_grad")) ||
				    (sym_is(d, r->sym_attribute) && span_is(sem_attribute_name(c, d), "enable_grad")))
					PUSH(c, callees, callees_len, callees_cap, d);
			}
		} else if (what == FACT_KEYWORD_ARGUMENT) {
			gg_node name = field_id(n, r->fld_name), value = field_id(n, r->fld_value);
			if (sym_is(name, r->sym_identifier) && text_eq(c, name, "volatile")) {
				if (sym_is(value, r->sym_true))
					PUSH(c, c->volatile_at.items, c->volatile_at.len, c->volatile_at.cap,
					     gg_node_start_byte(n));
				c->volatile_keyword = c->volatile_keyword || !(IS(value, false) || IS(value, none));
			}
		} else if (what == FACT_FUNCTION) {
			func f = module;
			f.def = n;
			f.start = gg_node_start_byte(n);
			f.end = gg_node_end_byte(n);
			f.name = node_span(c, field_id(n, r->fld_name));
			PUSH(c, c->funcs, c->funcs_len, c->funcs_cap, f);
		} else if (what == FACT_CLASS) {
			klass k = { n, node_span(c, field_id(n, r->fld_name)), 0, 0, false, 0 };
			PUSH(c, c->classes, c->classes_len, c->classes_cap, k);
		} else if (what == FACT_IMPORT) {
			if (reach)
				PUSH(c, ix->imports, ix->imports_len, ix->imports_cap, n);
			int rc = sem_imports_of(c, n);
			if (rc)
				fail(c, rc);
		} else if (what == FACT_IMPORT_FROM) {
			if (reach)
				PUSH(c, ix->imports, ix->imports_len, ix->imports_cap, n);
			int rc = sem_from_imports_of(c, n);
			if (rc)
				fail(c, rc);
		}
		if (reach && nodes[i].size > 1 && (what == FACT_IMPORT || what == FACT_IMPORT_FROM || !(kind & FACT_HOLDS)))
			unreach_end = gg_tree_after(root.tree, i);
	}
	if (!c->error)
		ix->root = root;
	/*
	 * `torch.` used with no import of it (gg_text_torch_use): a star import
	 * brings it, or, where nothing imports torch at all, the file is a
	 * fragment (a snippet, dead code) that runs where torch is imported;
	 * either way it is torch's code, and its torch.no_grad or
	 * torch.autograd.grad is what it says.
	 */
	bool bound = false, torch_any = false; /* not sorted yet: a scan */
	for (size_t i = 0; i < c->bindings_len && !bound; i++) {
		const char *t = c->bindings[i].target;
		bound = span_is(c->bindings[i].local, "torch");
		torch_any = torch_any || (strncmp(t, "torch", 5) == 0 && (t[5] == '\0' || t[5] == '.'));
	}
	const char *use = !c->error && !bound && (c->says_star_import || !torch_any) ? gg_text_torch_use(c->text, c->len, root) : NULL;
	if (use) {
		char *target = strdup("torch");
		if (!target || gg_grow((void **)&c->bindings, &c->bindings_cap, c->bindings_len, sizeof *c->bindings)) {
			free(target);
			fail(c, -ENOMEM);
		} else {
			c->bindings[c->bindings_len++] = (binding){ { use, 5 }, target };
			c->framework_imported = true;
		}
	}
	if (!c->error && c->bindings_len)
		qsort(c->bindings, c->bindings_len, sizeof *c->bindings, sem_binding_cmp);
	/* Grad turned on on purpose (enable_grad, set_grad_enabled(True): test-time adaptation) is training's evidence. */
	for (size_t i = 0; i < callees_len && !c->error; i++) {
		if (!sem_name_resolve(c, callees[i]))
			continue;
		gg_node call = gg_node_parent(callees[i]);
		bool grad = sem_name_is_one_of(c, sem_names_autograd_grad), enable = sem_name_is_one_of(c, sem_names_enable_grad);
		if (grad || enable ||
		    (sem_name_is_one_of(c, sem_names_set_grad_enabled) && sem_literal_mode(c, FIELD(call, arguments)) == 1))
			PUSH(c, c->backward.items, c->backward.len, c->backward.cap, gg_node_start_byte(callees[i]));
		if (enable)
			PUSH(c, c->grad_marks, c->grad_marks_len, c->grad_marks_cap, call);
		if (grad && builds_no_gradient_graph(c, FIELD(call, arguments)))
			PUSH(c, c->input_grads, c->input_grads_len, c->input_grads_cap, call);
	}
	/* A function another file defines that runs its own backward (an attack's step): calling it trains here. */
	for (size_t i = 0; i < imported_len && !c->error; i++)
		if (sem_binding_find(c, node_span(c, imported[i])) && sem_name_resolve(c, imported[i])) {
			span r = sem_resolved(c);
			if (gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_FUNCTION_TAKES_GRAD, r.ptr, r.len) ||
			    gg_library_facts_takes_grad(&c->sem->libraries, r.ptr, r.len))
				PUSH(c, c->backward.items, c->backward.len, c->backward.cap, gg_node_start_byte(imported[i]));
		}
	free(imported);
	/*
	 * A name bound to an imported name itself, not to a call of it (`step =
	 * StreamStep`), holds what the import binds: a function or a class,
	 * whose call computes or builds, never a module's forward; so does one
	 * bound to a plain function of this file (`net = linreg`).
	 */
	for (size_t i = 0; i < c->name_aliases_len && !c->error; i++) {
		gg_node right = field_id(c->name_aliases[i], r->fld_right);
		if (sem_binding_find(c, node_span(c, right)) || names_plain_function(c, right))
			PUSH(c, c->fetches, c->fetches_len, c->fetches_cap, field_id(c->name_aliases[i], r->fld_left));
	}
	for (size_t i = 0; i + 1 < pairs_len && !c->error; i += 2)
		if (sem_binding_find(c, node_span(c, pairs[i + 1])) || names_plain_function(c, pairs[i + 1]))
			PUSH(c, c->fetches, c->fetches_len, c->fetches_cap, pairs[i]);
	free(pairs);
	for (size_t i = 0; i < offs_len && !c->error; i++) {
		gg_node name = IS(offs[i], call) ? FIELD(offs[i], function) : offs[i];
		if (sem_name_resolve(c, name) && (sem_name_is_one_of(c, sem_names_no_grad) || sem_name_is_one_of(c, sem_names_inference_mode)))
			PUSH(c, c->gradoff.items, c->gradoff.len, c->gradoff.cap, gg_node_start_byte(offs[i]));
	}
	free(callees);
	free(offs);
	if (c->error)
		goto out;

	sem_offsets_sort(&c->backward);
	sem_offsets_sort(&c->gradoff);
	sem_offsets_sort(&c->volatile_at);
	if (c->funcs_len > 1)
		gg_sort(c->funcs + 1, c->funcs_len - 1, sizeof *c->funcs, sem_func_cmp);
	c->func_names = malloc((c->funcs_len) * sizeof *c->func_names);
	if (!c->func_names) {
		fail(c, -ENOMEM);
		goto out;
	}
	for (size_t i = 1; i < c->funcs_len; i++) {
		func *f = &c->funcs[i];
		f->wrapper = sem_offsets_any_in(&c->gradoff, f->start, f->end);
		c->func_names[i - 1] = (named){ f->name, (int)i };
	}
	if (c->funcs_len > 1)
		qsort(c->func_names, c->funcs_len - 1, sizeof *c->func_names, sem_named_cmp);
	if (sem_func_names_hash(c)) {
		fail(c, -ENOMEM);
		goto out;
	}
	/* Published for the other rules, sorted as func_names are (one per name suffices). */
	for (size_t i = 0; i + 1 < c->funcs_len && !c->error; i++) {
		span n = c->func_names[i].name;
		if (i && span_eq(n, c->func_names[i - 1].name))
			continue;
		gg_tree_index *ix = c->index;
		PUSH(c, ix->func_names, ix->func_names_len, ix->func_names_cap, ((gg_text_span){ n.ptr, n.len }));
		bool number = true, data = true;
		for (size_t j = i; j + 1 < c->funcs_len && span_eq(c->func_names[j].name, n) && (number || data); j++) {
			number = number && sem_func_returns_number(c, &c->funcs[c->func_names[j].index]);
			data = data && sem_func_returns_data(c, &c->funcs[c->func_names[j].index]);
		}
		if (number)
			PUSH(c, ix->number_funcs, ix->number_funcs_len, ix->number_funcs_cap, ((gg_text_span){ n.ptr, n.len }));
		if (data)
			PUSH(c, ix->data_funcs, ix->data_funcs_len, ix->data_funcs_cap, ((gg_text_span){ n.ptr, n.len }));
	}
	if (c->classes_len)
		qsort(c->classes, c->classes_len, sizeof *c->classes, sem_klass_cmp);
	if (names_index(c)) {
		fail(c, -ENOMEM);
		goto out;
	}
	for (size_t i = 0; i < c->assigns_len && !c->error; i++) {
		if (!IS(c->assign_left[i], identifier) ||
		    rebinds_itself(c, node_span(c, c->assign_left[i]), c->assign_right[i])) {
			assignment_classify(c, c->assign_left[i], c->assign_right[i]);
			continue;
		}
		bind_note(c, c->assign_left[i], c->assign_right[i]);
	}
	if ((ll.loops_len || ll.picks_len) && !c->error)
		loop_binds(c, &ll);
	for (size_t i = 0; i < c->fetches_len && !c->error; i++) {
		uint32_t at = gg_node_start_byte(c->fetches[i]);
		bind b = { node_span(c, c->fetches[i]), at, sem_func_at(c, at), BIND_NOT_MODEL, -1 };
		PUSH(c, c->binds, c->binds_len, c->binds_cap, b);
	}
	/*
	 * A name a tuple assignment unpacks (`tok, model = make(...)`) is bound
	 * anew there, to what is not known: what an earlier binding said of it
	 * (`model = Parser(...)` in another branch) no longer holds after it.
	 * The first of a project function's tuple of a module and more is that
	 * module (unpacked_first).
	 */
	size_t plain_binds = c->binds_len;
	for (size_t i = 0; i < c->unpack_names_len && !c->error; i++) {
		span name = c->unpack_names[i].name;
		uint32_t at = (uint32_t)(name.ptr - c->text);
		bind b = { name, at, sem_func_at(c, at), unpacked_first(c, name, c->unpack_right[c->unpack_names[i].index]), -1 };
		PUSH(c, c->binds, c->binds_len, c->binds_cap, b);
	}
	if (c->binds_len)
		qsort(c->binds, c->binds_len, sizeof *c->binds, bind_cmp);
	/* Where a binding at the same place says more (the first of `model, _ = hub.load(...)`), it stands alone. */
	if (c->binds_len > plain_binds) {
		size_t kept = 0;
		for (size_t i = 0; i < c->binds_len; i++) {
			const bind *b = &c->binds[i], *prev = kept ? &c->binds[kept - 1] : NULL;
			const bind *next = i + 1 < c->binds_len ? &c->binds[i + 1] : NULL;
			/* One already kept at the place, or the next one there saying more. */
			bool same = prev && span_eq(prev->name, b->name) && prev->at == b->at;
			bool said_next = next && span_eq(next->name, b->name) && next->at == b->at &&
					 (next->kind != BIND_UNKNOWN || next->cls >= 0);
			if ((same || said_next) && b->kind == BIND_UNKNOWN && b->cls < 0)
				continue;
			c->binds[kept++] = *b;
		}
		c->binds_len = kept;
	}
	lightning_freezes(c);
	freezing_calls(c);
	flag_freezing_calls(c);
	/* The assignments' pass adds freezes (a frozen class built, a freezing loader) after the walk's: back in text order. */
	gg_sort(c->frozen, c->frozen_len, sizeof *c->frozen, frozen_cmp);
	gg_sort(c->thaws, c->thaws_len, sizeof *c->thaws, frozen_cmp);
	sem_spanset_sort(&c->models);
	sem_spanset_sort(&c->not_models);
	sem_spanset_sort(&c->paramless);
	sem_spanset_sort(&c->weightless);
	sem_spanset_sort(&c->loaded);
	sem_spanset_sort(&c->module_api);
	copies_classify(c);
	models_publish(c);
out:
	free(ll.loops); /* the early exits' too */
	free(ll.lists);
	free(ll.picks);
	return c->error;
}
