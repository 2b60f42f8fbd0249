/*
 * The call graph of the file: sites resolved to their callees, backward
 * reached through callees, functions guarded at every call site, functions
 * that are evaluation code through an evaluation caller.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

/*
 * Where scope's own statements last call the function that holds byte at
 * (one defined directly in scope), or 0 when they do not: from there on, a
 * name its body calls is what scope bound last before that call.
 */
static uint32_t last_run_in(const semantic *c, int scope, uint32_t at)
{
	int h = sem_func_at(c, at);
	while (h > 0 && c->funcs[h].parent != scope)
		h = c->funcs[h].parent;
	if (h <= 0 || c->funcs[h].cls >= 0)
		return 0;
	const gg_tree_index *ix = c->index;
	uint32_t last = 0;
	for (size_t i = sem_named_first(c->call_names, c->call_names_len, c->funcs[h].name);
	     i < c->call_names_len && span_eq(c->call_names[i].name, c->funcs[h].name); i++) {
		const gg_call_ref *r = &ix->calls[c->call_names[i].index];
		if (r->names == 1 && r->start > last && sem_func_at(c, r->start) == scope)
			last = r->start;
	}
	return last;
}

/*
 * The def nested in top-level function fi that each of fi's returns hands
 * back (`def make_loop(...): def run(phase): ...; return run`), or 0.
 */
static int returned_closure(semantic *c, int fi)
{
	func *f = &c->funcs[fi];
	if (f->closure >= 0)
		return f->closure;
	f->closure = 0;
	gg_node body = FIELD(f->def, body);
	int found = 0;
	for (gg_node n = body; !gg_node_is_null(n);
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda))) {
		if (!IS(n, return_statement))
			continue;
		gg_node v = gg_node_named_child_count(n) ? gg_node_named_child(n, 0) : gg_node_null();
		int g = 0;
		for (size_t k = (size_t)fi + 1; IS(v, identifier) && k < c->funcs_len && c->funcs[k].start < f->end; k++)
			if (c->funcs[k].parent == fi && c->funcs[k].cls < 0 && span_eq(c->funcs[k].name, node_span(c, v)))
				g = (int)k; /* the last def of that name */
		if (!g || (found && g != found))
			return 0;
		found = g;
	}
	return f->closure = found;
}

/* The function a site calls: self.f in the caller's class, else the nearest f in scope. */
static int site_callee(const semantic *c, const site *s)
{
	int best = -1;
	uint32_t at = gg_node_start_byte(s->call);
	if (s->closure > 0)
		return c->funcs[s->closure].walked ? s->closure : -1;
	for (size_t i = sem_func_names_lower(c, s->name); i < c->funcs_len - 1 && span_eq(c->func_names[i].name, s->name); i++) {
		int fi = c->func_names[i].index;
		const func *f = &c->funcs[fi];
		if (!f->walked)
			continue;
		if (s->method || s->inst_cls >= 0) {
			/*
			 * self.f() or t.f() (t made by a class here): f of that class,
			 * else of a base class (a mixin) of this file; the class's own
			 * override wins over a base's.
			 */
			int cls = s->method ? s->caller_cls : s->inst_cls;
			if (f->cls < 0 || cls < 0 || !sem_class_inherits(c, cls, f->cls, 0) || (s->super_call && f->cls == cls))
				continue;
			if (f->cls == cls)
				return fi;
			if (best < 0)
				best = fi;
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
		/* The innermost definition that encloses the call wins. */
		uint32_t best_scope = best < 0 ? 0 : c->funcs[c->funcs[best].parent].start;
		if (best < 0 || p->start > best_scope) {
			best = fi;
			continue;
		}
		if (p->start < best_scope)
			continue;
		/*
		 * Several in one scope: a call among that scope's own statements runs
		 * the latest one defined above it (a notebook cell that redefines a
		 * function calls its own); one inside a function body runs later, the last.
		 */
		const func *b = &c->funcs[best];
		bool f_before = f->start < at, b_before = b->start < at;
		if (sem_func_at(c, at) != f->parent) {
			/*
			 * The body's function runs when the scope calls it: the
			 * definition bound then (a notebook's training loop run
			 * before a later cell redefines its helper runs the first).
			 */
			uint32_t when = last_run_in(c, f->parent, at);
			bool f_bound = !when || f->start < when, b_bound = !when || b->start < when;
			if ((f_bound && !b_bound) || (f_bound == b_bound && f->start > b->start))
				best = fi;
		} else if (f_before ? (!b_before || f->start > b->start) : (!b_before && f->start > b->start)) {
			best = fi;
		}
	}
	return best;
}

/*
 * Whether class cls of the file has no base but object, an abstract base
 * (abc.ABC) or such a class of the file (`GreedyGenerator(Generator)`,
 * `Generator(abc.ABC)`): no framework calls its methods, only the project's
 * own code does.
 */
static bool class_plain_within(const semantic *c, gg_node node, unsigned depth)
{
	gg_node bases = FIELD(node, superclasses);
	uint32_t count = gg_node_is_null(bases) ? 0 : gg_node_named_child_count(bases);
	for (uint32_t i = 0; i < count; i++) {
		gg_node b = gg_node_named_child(bases, i);
		span name = node_span(c, b);
		if (IS(b, attribute) && text_eq(c, b, "abc.ABC"))
			continue;
		if (!IS(b, identifier))
			return false;
		if (span_is(name, "object") || span_is(name, "ABC"))
			continue;
		const klass *base = depth < MAX_BLOCK_DEPTH ? sem_class_find(c, name) : NULL;
		if (!base || gg_node_eq(base->node, node) || !class_plain_within(c, base->node, depth + 1))
			return false;
	}
	return true;
}

static bool class_plain(const semantic *c, int cls)
{
	return class_plain_within(c, c->classes[cls].node, 0);
}

/* Whether method f needs an argument besides self: a parameter without a default, before any `*`. */
static bool method_takes_args(const semantic *c, const func *f)
{
	gg_node params = FIELD(f->def, parameters);
	uint32_t count = gg_node_is_null(params) ? 0 : gg_node_named_child_count(params);
	for (uint32_t i = 0, pos = 0; i < count; i++) {
		gg_node p = gg_node_named_child(params, i);
		if (IS(p, comment))
			continue;
		if (!IS(p, identifier) && !IS(p, typed_parameter))
			return false; /* a default, a splat, a bare `*`: the rest may be left out */
		if (pos++ > 0)
			return true;
	}
	return false;
}

/*
 * Whether the project's files call methods named name only with grad on
 * (method_calls): an override of a base's method of this file that its
 * users run so (`agent.test(...)` in the training script) is their API,
 * not a hook whose caller owns the mode.
 */
static bool project_calls_with_grad(const semantic *c, const func *f)
{
	bool off, other, users;
	if (!c->elsewhere)
		return false;
	/* A call with no argument is no call of a method that needs one (another class's `evaluate()`). */
	gg_elsewhere_method_calls(c->elsewhere, f->name.ptr, f->name.len, method_takes_args(c, f), &off, &other, &users, NULL,
				  c->module);
	return users && !off;
}

/* Whether some call of the file runs function fi (sites sorted by callee). */
static bool func_has_site(const semantic *c, int fi)
{
	size_t i = sem_sites_of(c, fi);
	return i < c->sites_len && c->sites[i].callee == fi;
}

/*
 * Whether the file calls method name of class cls from outside that class's
 * own methods: name(...), x.name(...). A call from a sibling method is no
 * caller of the API; the sibling's own evidence reaches it through the call graph.
 */
static bool file_calls_method(const semantic *c, span name, int cls)
{
	const gg_tree_index *ix = c->index;
	if (!ix->calls_exact)
		return true; /* the calls are not all known: keep the name's evidence */
	for (size_t i = sem_named_first(c->call_names, c->call_names_len, name);
	     i < c->call_names_len && span_eq(c->call_names[i].name, name); i++) {
		const gg_call_ref *r = &ix->calls[c->call_names[i].index];
		int fi = sem_func_at(c, r->start);
		while (fi > 0 && c->funcs[fi].cls != cls)
			fi = c->funcs[fi].parent;
		if (fi == 0)
			return true;
	}
	return false;
}

/* Whether a call passes a false value for the callee's flag: step(batch, False), train=False, or the default. */
/* Whether v, passed for callee's flag, turns its training branch off: False, or another mode's string. */
static bool flag_value_false(const semantic *c, const func *callee, gg_node v)
{
	span got;
	if (callee->flag_negated)
		return IS(v, true); /* run_epoch(model, loader, validating=True) */
	if (!callee->flag_string)
		return IS(v, false) || IS(v, none); /* run_epoch(model, loader, None): no optimizer, no step */
	/* Any mode the test names trains (`mode == "train" or mode == "train+log"`). */
	return sem_mode_value(c, v, &got) && !sem_mode_tested(c, callee->flag_test, got);
}

/* Whether e tests a name target binds: `phase == "train"`, `phase in ("train",)`, `phase.startswith("train")`, `not ...`. */
static bool tests_loop_name(const semantic *c, gg_node e, gg_node target)
{
	while (IS(e, parenthesized_expression) || IS(e, not_operator))
		e = IS(e, not_operator) ? FIELD(e, argument) : gg_node_named_child(e, 0);
	if (IS(e, comparison_operator)) {
		for (uint32_t i = 0, n = gg_node_named_child_count(e); i < n; i++) {
			gg_node o = gg_node_named_child(e, i);
			if (IS(o, identifier) && sem_target_binds(c, target, node_span(c, o)))
				return true;
		}
		return false;
	}
	gg_node fn = IS(e, call) ? FIELD(e, function) : gg_node_null();
	if (!IS(fn, attribute) || !IS(FIELD(fn, object), identifier) || !sem_target_binds(c, target, node_span(c, FIELD(fn, object))))
		return false;
	span how = node_span(c, FIELD(fn, attribute));
	return span_is(how, "startswith") || span_is(how, "endswith");
}

/*
 * Whether v, passed at call for a flag, is a name the caller binds in a
 * loop around the call from a test of that loop's variable (`for phase in
 * loaders: train = phase.startswith("train")`): a loop over phases, the
 * flag false on those that do not train.
 */
static bool flag_from_phase_loop(const semantic *c, gg_node call, gg_node v)
{
	if (!IS(v, identifier))
		return false;
	span name = node_span(c, v);
	uint32_t at = gg_node_start_byte(call);
	for (gg_node loop = gg_node_parent(call); !gg_node_is_null(loop) && !IS(loop, function_definition) &&
						 !IS(loop, class_definition) && !IS(loop, lambda);
	     loop = gg_node_parent(loop)) {
		if (!IS(loop, for_statement))
			continue;
		gg_node body = FIELD(loop, body), target = FIELD(loop, left);
		for (gg_node n = body; !gg_node_is_null(n) && gg_node_start_byte(n) < at;
		     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, lambda))) {
			if (IS(n, assignment) && IS(FIELD(n, left), identifier) && span_eq(node_span(c, FIELD(n, left)), name) &&
			    tests_loop_name(c, FIELD(n, right), target))
				return true;
		}
	}
	return false;
}

static bool site_passes_false(const semantic *c, site *s, const func *callee)
{
	gg_node args = FIELD(s->call, arguments);
	s->flag_arg = gg_node_null();
	if (!callee->flag.len || !IS(args, argument_list))
		return false;
	/* self.step(batch, False): self is the first parameter, not an argument. */
	bool unknown;
	gg_node a = sem_argument_for(c, args, callee->flag_index - (site_binds_self(s) ? 1 : 0), callee->flag, &unknown);
	if (unknown)
		return false;
	s->flag_arg = a;
	s->flag_phase = false;
	if (gg_node_is_null(a))
		return callee->flag_default_false;
	if (flag_value_false(c, callee, a))
		return true;
	s->flag_phase = !callee->flag_negated && !callee->flag_string && flag_from_phase_loop(c, s->call, a);
	return s->flag_phase;
}

/* Whether byte at of function fi lies in one of its `if <flag>:` branches. */
static bool in_flag_branch(const semantic *c, int fi, uint32_t at)
{
	for (size_t k = 0; k < c->flags_len; k++)
		if (c->flags[k].func == fi && at >= c->flags[k].start && at < c->flags[k].end)
			return true;
	return false;
}

/* Whether every backward of f's own text sits in one of its `if <flag>:` branches. */
static bool backward_all_flagged(const semantic *c, int fi)
{
	const func *f = &c->funcs[fi];
	if (!f->flag.len)
		return false;
	const offsets *o = &c->backward;
	bool any = false;
	for (size_t i = gg_offsets_lower(o->items, o->len, f->start); i < o->len && o->items[i] < f->end; i++) {
		if (!in_flag_branch(c, fi, o->items[i]))
			return false;
		any = true;
	}
	return any;
}

/* Whether the module's own code (outside every function) has backward. */
static bool module_backward(const semantic *c)
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
 * A flag passed on: `self.step(batch, optim)` in predict(loader, optim=None),
 * where step's backward sits behind `if optim is not None:`. The caller's
 * backward through that call is behind its own parameter, as if it tested
 * it: a call of predict that leaves optim None trains nothing, through any
 * number of such helpers (to a fixed point). Only a caller with no flag of
 * its own, or the same one, takes it.
 */
static void flags_pass_through(semantic *c)
{
	for (unsigned round = 0; round < MAX_ROUNDS && !c->error; round++) {
		bool changed = false;
		for (size_t i = 0; i < c->sites_len; i++) {
			site *s = &c->sites[i];
			if (s->callee < 0 || s->caller <= 0 || s->caller == s->callee || !IS(s->flag_arg, identifier))
				continue;
			const func *f = &c->funcs[s->callee];
			func *g = &c->funcs[s->caller];
			if (!f->bw_flagged || (g->bw && !g->bw_flagged))
				continue;
			span name = node_span(c, s->flag_arg);
			gg_node dflt;
			int index = sem_parameter_index(c, g->def, name, &dflt);
			if (index < 0 || in_flag_branch(c, s->caller, gg_node_start_byte(s->call)))
				continue;
			if (g->flag.len && (!span_eq(g->flag, name) || g->flag_string != f->flag_string ||
					    g->flag_negated != f->flag_negated ||
					    (f->flag_string && !span_eq(g->flag_value, f->flag_value))))
				continue;
			g->flag = name;
			g->flag_index = index;
			g->flag_string = f->flag_string;
			g->flag_negated = f->flag_negated;
			g->flag_value = f->flag_value;
			g->flag_test = f->flag_test;
			g->flag_default_false = sem_flag_default_false(c, g, dflt);
			flag_range r = { s->caller, gg_node_start_byte(s->call), gg_node_end_byte(s->call) };
			PUSH(c, c->flags, c->flags_len, c->flags_cap, r);
			g->bw = g->bw_flagged = true;
			changed = true;
		}
		if (!changed)
			break;
		/* The calls of a function that took a flag pass it or not. */
		for (size_t i = 0; i < c->sites_len; i++)
			if (c->sites[i].callee >= 0 && c->funcs[c->sites[i].callee].flag.len)
				c->sites[i].flag_false = site_passes_false(c, &c->sites[i], &c->funcs[c->sites[i].callee]);
	}
}

/* The node of list whose start byte is at, or null. */
static gg_node node_starting_at(gg_node *list, size_t len, uint32_t at)
{
	for (size_t i = 0; i < len; i++)
		if (gg_node_start_byte(list[i]) == at)
			return list[i];
	return gg_node_null();
}

/*
 * Whether [lo, hi) makes name a tensor that requires grad: `name =
 * x.clone().requires_grad_()`, `name.requires_grad_()`, `name.requires_grad
 * = True`, or `name = torch.zeros(..., requires_grad=True)`.
 */
static bool name_made_to_require_grad(const semantic *c, span name, uint32_t lo, uint32_t hi)
{
	for (size_t i = 0; i < c->grad_marks_len; i++) {
		gg_node m = c->grad_marks[i], up = gg_node_parent(m);
		if (gg_node_start_byte(m) < lo || gg_node_start_byte(m) >= hi)
			continue;
		/* What the mark makes require grad, or the name bound to what it returns (`x_k = x.clone().requires_grad_()`). */
		if (span_eq(sem_grad_mark_receiver(c, m), name) ||
		    (IS(m, call) && IS(up, assignment) && IS(FIELD(up, left), identifier) && span_eq(node_span(c, FIELD(up, left)), name)))
			return true;
	}
	const gg_tree_index *ix = c->index;
	for (size_t i = 0; i < ix->assignments_len; i++) {
		gg_node a = ix->assignments[i], right = FIELD(a, right);
		bool unknown;
		if (gg_node_start_byte(a) < lo || gg_node_start_byte(a) >= hi || !IS(FIELD(a, left), identifier) ||
		    !span_eq(node_span(c, FIELD(a, left)), name) || !IS(right, call))
			continue;
		/* Made so anywhere down its chain: `Variable(x.data, requires_grad=True).contiguous()`. */
		for (unsigned links = 0; IS(right, call) && links < MAX_NAME_SEGMENTS; links++) {
			gg_node v = sem_argument_for(c, FIELD(right, arguments), -1, (span){ "requires_grad", 13 }, &unknown);
			if (!gg_node_is_null(v) && text_eq(c, v, "True"))
				return true;
			gg_node fn = FIELD(right, function);
			right = IS(fn, attribute) ? FIELD(fn, object) : gg_node_null();
		}
	}
	return false;
}

/*
 * Whether the backward at `at` in f is a `.backward()` whose gradient f
 * reads off a tensor made to require one in it, or in the function around
 * it (`x_adv = Variable(x.data, requires_grad=True)`, then
 * `loss.backward()` and `x_adv.grad`): an attack's input gradient, as
 * autograd.grad of it is. Not where f steps an optimizer: that trains.
 */
static bool backward_for_input(const semantic *c, const func *f, int top, uint32_t at)
{
	const gg_tree_index *ix = c->index;
	bool backward = false;
	for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, at); i < ix->calls_len && ix->calls[i].start == at; i++)
		backward = backward || (ix->calls[i].attribute && span_is(sem_method_of(c, &ix->calls[i]), "backward"));
	if (!backward)
		return false;
	for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, f->start); i < ix->calls_len && ix->calls[i].start < f->end; i++)
		if (ix->calls[i].attribute && span_is(sem_method_of(c, &ix->calls[i]), "step"))
			return false;
	gg_node def = f->def;
	for (gg_node n = def; !gg_node_is_null(n); n = gg_node_walk_next(def, n, true)) {
		if (!IS(n, attribute) || !text_eq(c, FIELD(n, attribute), "grad") || !IS(FIELD(n, object), identifier))
			continue;
		if (name_made_to_require_grad(c, node_span(c, FIELD(n, object)), c->funcs[top].start, c->funcs[top].end))
			return true;
	}
	return false;
}

/*
 * Whether every backward of function fi's own text (nested functions
 * included) asks only the gradient of tensors made to require one in it,
 * or in the function around it: torch.autograd.grad of those inputs, with
 * no graph of the gradient, their marks and enable_grad. A sampler's
 * Langevin steps or an attack's input gradient train no parameter: a call
 * of it is no backward of its caller, whose other forwards stay
 * evaluation. Read before its calls' backward is added: a call of a
 * function that trains makes it train (backward_propagate).
 */
static bool input_gradient_only(const semantic *c, int fi)
{
	const func *f = &c->funcs[fi];
	int top = fi;
	while (c->funcs[top].parent > 0)
		top = c->funcs[top].parent;
	bool asked = false;
	const offsets *bw = &c->backward;
	for (size_t i = gg_offsets_lower(bw->items, bw->len, f->start); i < bw->len && bw->items[i] < f->end; i++) {
		uint32_t at = bw->items[i];
		gg_node grad = node_starting_at(c->input_grads, c->input_grads_len, at);
		if (gg_node_is_null(grad)) {
			if (!gg_node_is_null(node_starting_at(c->grad_marks, c->grad_marks_len, at)))
				continue;
			if (!backward_for_input(c, f, top, at))
				return false;
			asked = true;
			continue;
		}
		bool unknown;
		gg_node inputs = sem_argument_for(c, FIELD(grad, arguments), 1, (span){ "inputs", 6 }, &unknown);
		if (IS(inputs, identifier)) {
			if (!name_made_to_require_grad(c, node_span(c, inputs), c->funcs[top].start, c->funcs[top].end))
				return false;
		} else if (IS(inputs, list) || IS(inputs, tuple)) {
			uint32_t n = gg_node_named_child_count(inputs);
			for (uint32_t k = 0; k < n; k++) {
				gg_node e = gg_node_named_child(inputs, k);
				if (!IS(e, identifier) || !name_made_to_require_grad(c, node_span(c, e), c->funcs[top].start, c->funcs[top].end))
					return false;
			}
			if (!n)
				return false;
		} else {
			return false;
		}
		asked = true;
	}
	return asked;
}

/* Whether the backward at is fi's own: not only of a function nested in it that asks an input's gradient alone. */
static bool backward_own(const semantic *c, int fi, uint32_t at)
{
	for (int g = sem_func_at(c, at); g > 0 && g != fi; g = c->funcs[g].parent)
		if (c->funcs[g].input_grad)
			return false;
	return true;
}

/* Whether fi's text (nested functions included, but those that ask an input's gradient alone) holds a backward. */
static bool backward_in(const semantic *c, int fi)
{
	const func *f = &c->funcs[fi];
	const offsets *bw = &c->backward;
	for (size_t i = gg_offsets_lower(bw->items, bw->len, f->start); i < bw->len && bw->items[i] < f->end; i++)
		if (backward_own(c, fi, bw->items[i]))
			return true;
	return false;
}

/*
 * Backward on each function's code path: its own text (nested functions
 * included, but those that ask an input's gradient alone), then what its
 * calls reach, to a fixed point. A call that passes a shared step a false
 * flag does not reach the step's backward; a call of a function that asks
 * only an input's gradient reaches none.
 */
static void backward_propagate(semantic *c)
{
	for (size_t i = 1; i < c->funcs_len; i++)
		c->funcs[i].input_grad = c->backward.len && input_gradient_only(c, (int)i);
	for (size_t i = 1; i < c->funcs_len; i++) {
		func *f = &c->funcs[i];
		f->bw = backward_in(c, (int)i);
		f->bw_flagged = f->bw && backward_all_flagged(c, (int)i);
	}
	flags_pass_through(c);
	for (unsigned round = 0; round < MAX_ROUNDS && !c->error; round++) {
		bool changed = false;
		for (size_t i = 0; i < c->sites_len; i++) {
			site *s = &c->sites[i];
			if (s->counted || s->callee < 0)
				continue;
			const func *callee = &c->funcs[s->callee];
			if (!callee->bw || callee->input_grad || (callee->bw_flagged && s->flag_false))
				continue;
			s->counted = true;
			changed = true;
			uint32_t at = gg_node_start_byte(s->call);
			PUSH(c, c->backward.items, c->backward.len, c->backward.cap, at);
			PUSH(c, c->training_calls.items, c->training_calls.len, c->training_calls.cap, at);
			/* A function that calls one that trains trains: its calls count from the next round. */
			for (int g = sem_func_at(c, at); g > 0; g = c->funcs[g].parent)
				c->funcs[g].input_grad = false;
		}
		if (!changed)
			break;
		sem_offsets_sort(&c->backward);
		sem_offsets_sort(&c->training_calls);
		for (size_t i = 1; i < c->funcs_len; i++) {
			func *f = &c->funcs[i];
			if (!f->bw)
				f->bw = backward_in(c, (int)i);
			/* A flag passed on covers only the calls it passes: a backward reached otherwise is no longer behind it. */
			if (f->bw_flagged && !backward_all_flagged(c, (int)i))
				f->bw_flagged = false;
		}
	}
	c->funcs[0].bw = module_backward(c);
}

/* ---- whether a caller needs the gradient of what a call returns ---- */

/* The most names a call's result is followed through in its caller. */
#define MAX_CARRIERS 32

typedef struct carriers {
	span names[MAX_CARRIERS];
	size_t len;
	/* names[lost..] were bound to a torch loss of a carrier (`loss = F.nll_loss(out, y)`); SIZE_MAX: none */
	size_t lost;
} carriers;

static bool is_name_byte(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* Whether text holds one of the carriers from names[from] on as a whole name (`loss`, not `loss_sum` or `x.loss`). */
static bool mentions_carrier_from(const carriers *k, size_t from, span text)
{
	for (size_t i = from; i < k->len; i++) {
		span w = k->names[i];
		for (size_t at = 0; w.len && at + w.len <= text.len; at++) {
			if (memcmp(text.ptr + at, w.ptr, w.len) != 0)
				continue;
			bool before = at > 0 && (is_name_byte(text.ptr[at - 1]) || text.ptr[at - 1] == '.');
			bool after = at + w.len < text.len && is_name_byte(text.ptr[at + w.len]);
			if (!before && !after)
				return true;
		}
	}
	return false;
}

static bool mentions_carrier(const carriers *k, span text)
{
	return mentions_carrier_from(k, 0, text);
}

/* Adds the names an assignment target binds (a, self.a, a pattern's names). */
static void carriers_add_target(const semantic *c, carriers *k, gg_node target, unsigned depth)
{
	if (gg_node_is_null(target) || depth > 8)
		return;
	if (IS(target, identifier) || (IS(target, attribute) && sem_is_name_chain(c, target))) {
		span s = node_span(c, target);
		for (size_t i = 0; i < k->len; i++)
			if (span_eq(k->names[i], s))
				return;
		if (k->len < MAX_CARRIERS)
			k->names[k->len++] = s;
		return;
	}
	uint32_t n = gg_node_named_child_count(target);
	for (uint32_t i = 0; i < n; i++)
		carriers_add_target(c, k, gg_node_named_child(target, i), depth + 1);
}

/*
 * Whether a backward (an offset of c->backward: a call that trains) at b mentions a carrier, or ends past the call:
 * `f(x)[1].backward()`. The call itself is no backward on its result, though c->backward counts the call of a
 * function that trains where it stands.
 */
static bool backward_takes(const semantic *c, uint32_t b, const carriers *k, uint32_t call_end)
{
	const gg_tree_index *ix = c->index;
	size_t r = gg_call_refs_from(ix->calls, ix->calls_len, b);
	if (r >= ix->calls_len || ix->calls[r].start != b)
		return false;
	return (call_end && ix->calls[r].end > call_end) ||
	       mentions_carrier(k, text_between(c, ix->calls[r].start, ix->calls[r].end));
}

/* Whether e calls one of torch's functional losses (`F.nll_loss(...)`, `torch.nn.functional.cross_entropy(...)`). */
static bool torch_loss_call(semantic *c, gg_node e)
{
	gg_node fn = IS(e, call) ? FIELD(e, function) : gg_node_null();
	if (gg_node_is_null(fn) || !sem_is_name_chain(c, fn) || !sem_name_resolve(c, fn))
		return false;
	span r = sem_resolved(c);
	static const char prefix[] = "torch.nn.functional.";
	if (r.len <= sizeof prefix - 1 || memcmp(r.ptr, prefix, sizeof prefix - 1) != 0)
		return false;
	span last = { r.ptr + sizeof prefix - 1, r.len - (sizeof prefix - 1) };
	return (last.len > 4 && memcmp(last.ptr + last.len - 4, "loss", 4) == 0) || span_is(last, "cross_entropy") ||
	       span_is(last, "binary_cross_entropy") || span_is(last, "binary_cross_entropy_with_logits") ||
	       span_is(last, "kl_div");
}

/*
 * The lists the caller's calls from calls[i] on, before byte to, add a
 * carrier to (`batch.append(emb)`, `parts.extend(embs)`): what a padding or
 * stacking of them makes carries the result on. Returns where it stopped.
 */
static size_t carriers_add_appends(semantic *c, carriers *k, int caller, size_t i, uint32_t to)
{
	const gg_tree_index *ix = c->index;
	for (; i < ix->calls_len && ix->calls[i].start < to; i++) {
		const gg_call_ref *r = &ix->calls[i];
		if (r->names < 2 || sem_func_at(c, r->start) != caller)
			continue;
		span m = sem_method_of(c, r);
		if ((span_is(m, "append") || span_is(m, "extend") || span_is(m, "insert")) &&
		    mentions_carrier(k, node_span(c, FIELD(r->node, arguments))))
			carriers_add_target(c, k, FIELD(r->callee, object), 0);
	}
	return i;
}

/*
 * The names the site's result is bound to in its caller (stmt: the call's
 * statement), then those the caller's later assignments pass it on to
 * (`loss = (log_prob - q).mean()`), noting from which one on a torch loss
 * was made of them (k->lost). False when the call is not assigned.
 */
static bool site_carriers(semantic *c, const site *s, gg_node stmt, carriers *k)
{
	gg_node expr = gg_node_named_child_count(stmt) ? gg_node_named_child(stmt, 0) : gg_node_null();
	if (!IS(stmt, expression_statement) || !IS(expr, assignment))
		return false;
	/* A loss function's result is a loss already (`loss, dist = mle_steps(...)`). */
	k->lost = s->callee >= 0 && c->funcs[s->callee].returns_loss ? k->len : SIZE_MAX;
	carriers_add_target(c, k, FIELD(expr, left), 0);
	const gg_tree_index *ix = c->index;
	uint32_t stmt_end = gg_node_end_byte(stmt);
	uint32_t end = s->caller > 0 ? c->funcs[s->caller].end : (uint32_t)c->len;
	size_t call = gg_call_refs_from(ix->calls, ix->calls_len, stmt_end);
	for (size_t i = sem_assignments_from(c, stmt_end); i < ix->assignments_len && gg_node_start_byte(ix->assignments[i]) < end; i++) {
		gg_node a = ix->assignments[i];
		call = carriers_add_appends(c, k, s->caller, call, gg_node_start_byte(a));
		if (sem_func_at(c, gg_node_start_byte(a)) != s->caller || !mentions_carrier(k, node_span(c, FIELD(a, right))))
			continue;
		size_t before = k->len;
		carriers_add_target(c, k, FIELD(a, left), 0);
		if (k->lost == SIZE_MAX && k->len > before && torch_loss_call(c, FIELD(a, right)))
			k->lost = before;
	}
	carriers_add_appends(c, k, s->caller, call, end);
	return true;
}

/* Whether text mentions a carrier bound to a torch loss of the call's result (carriers.lost). */
static bool mentions_loss(const carriers *k, span text)
{
	return k->lost < k->len && mentions_carrier_from(k, k->lost, text);
}

/*
 * The attributes of self a method stores (`self.loss_feat = ...`), added to
 * k: a sibling method that calls it and then backwards `self.loss_all` trains
 * on what it stored. False when it stores none.
 */
static bool self_stores(const semantic *c, int callee, carriers *k)
{
	if (callee <= 0)
		return false;
	const func *f = &c->funcs[callee];
	const gg_tree_index *ix = c->index;
	size_t before = k->len;
	for (size_t i = sem_assignments_from(c, f->start); i < ix->assignments_len && gg_node_start_byte(ix->assignments[i]) < f->end; i++) {
		gg_node a = ix->assignments[i];
		gg_node left = FIELD(a, left);
		if (sem_func_at(c, gg_node_start_byte(a)) == callee && IS(left, attribute) && text_eq(c, FIELD(left, object), "self"))
			carriers_add_target(c, k, left, 0);
	}
	/* Added onto as well (`self.loss += rl_loss`): the index holds plain assignments only. */
	gg_node body = FIELD(f->def, body);
	for (gg_node n = body; !gg_node_is_null(n) && !gg_node_is_null(body);
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda))) {
		gg_node left = IS(n, augmented_assignment) ? FIELD(n, left) : gg_node_null();
		if (IS(left, attribute) && text_eq(c, FIELD(left, object), "self"))
			carriers_add_target(c, k, left, 0);
	}
	return k->len > before;
}

/*
 * Whether the caller carries what the site's call returns to a backward
 * (SPEC §4: no caller may need the gradient of what a fix wraps, and such a
 * call is training, not evaluation): the call's own statement trains on it
 * (`f(x)[1].backward()`), or a name it is assigned to reaches, through the
 * caller's later assignments, a backward, an optimizer's step or a call of a
 * function that trains (the backward offsets, with the counted sites).
 */
static bool site_result_trains(semantic *c, const site *s)
{
	const func *caller = &c->funcs[s->caller];
	uint32_t end = s->caller > 0 ? caller->end : (uint32_t)c->len;
	gg_node stmt = s->call;
	for (gg_node p = gg_node_parent(stmt); !gg_node_is_null(p) && !IS(p, block) && !IS(p, module); p = gg_node_parent(p))
		stmt = p;
	uint32_t call_start = gg_node_start_byte(s->call), stmt_end = gg_node_end_byte(stmt);
	carriers k = { .len = 0 };
	/* The statement itself: a backward on the call's own result. */
	const offsets *bw = &c->backward;
	for (size_t i = gg_offsets_lower(bw->items, bw->len, gg_node_start_byte(stmt)); i < bw->len && bw->items[i] <= call_start;
	     i++)
		if (backward_takes(c, bw->items[i], &k, gg_node_end_byte(s->call)))
			return true;
	/* Backward after the call in the caller first: most calls have none, and need no more look. */
	size_t first_bw = gg_offsets_lower(bw->items, bw->len, stmt_end);
	if (first_bw >= bw->len || bw->items[first_bw] >= end)
		return false;
	if (!site_carriers(c, s, stmt, &k) && !(s->method && self_stores(c, s->callee, &k)))
		return false;
	for (size_t i = first_bw; i < bw->len && bw->items[i] < end; i++)
		if (sem_func_at(c, bw->items[i]) == s->caller && backward_takes(c, bw->items[i], &k, 0))
			return true;
	return false;
}

/* An assignment's target that is an attribute of an object the caller was handed (`strategy.loss`), not its own. */
static bool target_handed_in(const semantic *c, int caller, gg_node target)
{
	if (caller <= 0 || !IS(target, attribute))
		return false;
	gg_node root = target;
	while (IS(root, attribute))
		root = FIELD(root, object);
	if (!IS(root, identifier))
		return false;
	span name = node_span(c, root);
	gg_node dflt;
	return !span_is(name, "self") && !span_is(name, "cls") &&
	       sem_parameter_index(c, c->funcs[caller].def, name, &dflt) >= 0;
}

/*
 * Whether what call gives reaches top (an expression holding it) only as a
 * number or a detached copy: `.item()`, `.tolist()`, `.numpy()`,
 * `.detach()` on the way, or float()/int()/len() around it.
 */
static bool reaches_as_number(const semantic *c, gg_node call, gg_node top)
{
	static const char *const methods[] = { "item", "tolist", "numpy", "detach", "detach_", NULL };
	static const char *const casts[] = { "float", "int", "bool", "len", "str", NULL };
	for (gg_node n = call, p = gg_node_parent(n); !gg_node_is_null(p) && !gg_node_eq(n, top); n = p, p = gg_node_parent(p)) {
		if (IS(p, attribute) && gg_node_eq(FIELD(p, object), n)) {
			span name = node_span(c, FIELD(p, attribute));
			for (const char *const *m = methods; *m; m++)
				if (span_is(name, *m))
					return true;
		}
		if (IS(p, argument_list) && IS(gg_node_parent(p), call)) {
			span fn = node_span(c, FIELD(gg_node_parent(p), function));
			for (const char *const *k = casts; *k; k++)
				if (span_is(fn, *k))
					return true;
		}
	}
	return false;
}

/*
 * Where a caller may hand a call's result on to a backward it cannot see
 * (escapes[], collected once in document order): a return, when the caller's
 * own result trains; an addition onto an object it was handed
 * (`strategy.loss += penalty`), whose owner's code runs the backward.
 */
/* Calls that take a function and only iterate, sort or pick with it: no gradient is taken through what it returns. */
static const char *const plain_takers[] = {
	"map", "filter", "sorted", "min", "max", "sum", "any", "all", "print", "list", "tuple", "iter", "next",
	"functools.partial", "functools.reduce", "itertools.starmap", NULL,
};

/*
 * Marks the functions of the file handed to a call as an argument
 * (`PathGradients(score_fn)`, `attack(model_fn, x)`), to a callee that is
 * neither one of the file's functions (the call graph follows those) nor a
 * plain taker: a library receiver, which may take the gradient of what they
 * return (func.handed_on).
 */
static void callbacks_mark(semantic *c)
{
	const gg_tree_index *ix = c->index;
	for (size_t i = 0; i < ix->calls_len && !c->error; i++) {
		const gg_call_ref *r = &ix->calls[i];
		gg_node fn = FIELD(r->node, function);
		if (!sem_is_name_chain(c, fn) || (IS(fn, identifier) && sem_is_func_name(c, node_span(c, fn))))
			continue;
		span callee = node_span(c, fn);
		if (sem_name_resolve(c, fn) ? sem_name_is_one_of(c, plain_takers)
					    : sem_word_in(callee.ptr, callee.len, plain_takers))
			continue;
		gg_node args = FIELD(r->node, arguments);
		uint32_t n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
		for (uint32_t k = 0; k < n; k++) {
			gg_node a = gg_node_named_child(args, k);
			if (IS(a, keyword_argument))
				a = FIELD(a, value);
			if (!IS(a, identifier))
				continue;
			span name = node_span(c, a);
			for (size_t j = sem_func_names_lower(c, name); j + 1 < c->funcs_len && span_eq(c->func_names[j].name, name); j++)
				c->funcs[c->func_names[j].index].handed_on = true;
		}
	}
}

/* Whether site s's caller hands what the call returns on (see above); *loss: as a torch loss it made of it, and returns. */
static bool site_result_escapes(semantic *c, const site *s, const gg_node *escapes, size_t escapes_len, bool *loss)
{
	*loss = false;
	if (s->caller <= 0)
		return false;
	const func *caller = &c->funcs[s->caller];
	size_t lo = 0, hi = escapes_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (gg_node_start_byte(escapes[mid]) < caller->start)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= escapes_len || gg_node_start_byte(escapes[lo]) >= caller->end)
		return false; /* most callers hand nothing on: no need to follow the result */
	gg_node stmt = s->call;
	for (gg_node p = gg_node_parent(stmt); !gg_node_is_null(p) && !IS(p, block) && !IS(p, module); p = gg_node_parent(p))
		stmt = p;
	carriers k = { .len = 0 };
	bool assigned = site_carriers(c, s, stmt, &k);
	uint32_t call_start = gg_node_start_byte(s->call), call_end = gg_node_end_byte(s->call);
	for (size_t i = lo; i < escapes_len && gg_node_start_byte(escapes[i]) < caller->end; i++) {
		gg_node e = escapes[i];
		if (sem_func_at(c, gg_node_start_byte(e)) != s->caller)
			continue;
		bool is_return = IS(e, return_statement);
		gg_node value = is_return ? e : FIELD(e, right);
		/*
		 * A torch loss made of the result and returned (`loss = F.nll_loss(
		 * out, y); return loss`): a loss function, whose callers train on
		 * what it returns.
		 */
		if (is_return && assigned && gg_node_start_byte(e) > call_start && mentions_loss(&k, node_span(c, value))) {
			*loss = true;
			return true;
		}
		if (is_return && !caller->result_trains && !caller->handed_on)
			continue;
		bool holds = gg_node_start_byte(value) <= call_start && call_end <= gg_node_end_byte(value) &&
			     !reaches_as_number(c, s->call, value);
		if (holds || (assigned && gg_node_start_byte(e) > call_start && mentions_carrier(&k, node_span(c, value))))
			return true;
	}
	return false;
}

/* Whether a site runs its callee with grad off: its own context, or a caller guarded everywhere. */
bool sem_site_guarded(const semantic *c, const site *s)
{
	return s->grad_off || (s->caller > 0 && c->funcs[s->caller].guarded);
}

static int site_callee_cmp(const void *pa, const void *pb)
{
	const site *a = pa, *b = pb;
	if (a->callee != b->callee)
		return a->callee < b->callee ? -1 : 1;
	uint32_t x = gg_node_start_byte(a->call), y = gg_node_start_byte(b->call);
	return (x > y) - (x < y);
}

/*
 * Whether every call of function fi in the file comes from an __init__:
 * code that runs while a module is built (inferring a layer's output size
 * on random tensors) is no evaluation, whatever its name says. Sites are
 * sorted by callee.
 */
static bool built_only(const semantic *c, int fi)
{
	size_t i = sem_sites_of(c, fi);
	if (i >= c->sites_len || c->sites[i].callee != fi)
		return false;
	for (; i < c->sites_len && c->sites[i].callee == fi; i++)
		if (!span_is(c->funcs[c->sites[i].caller].name, "__init__"))
			return false;
	return true;
}

/*
 * The parameter a function's own body loops over (`for xb, yb in loader:`,
 * through enumerate()/tqdm()), or an empty span: what its callers hand it
 * there is the data it runs over.
 */
static span iterated_param(const semantic *c, const func *f)
{
	gg_node body = FIELD(f->def, body);
	gg_node dflt;
	for (gg_node n = body; !gg_node_is_null(n); n = gg_node_walk_next(body, n, !IS(n, function_definition) &&
										 !IS(n, class_definition) && !IS(n, lambda))) {
		if (!IS(n, for_statement))
			continue;
		gg_node it = FIELD(n, right);
		for (unsigned i = 0; i < MAX_ITER_WRAPS && IS(it, call); i++) {
			gg_node args = FIELD(it, arguments);
			it = IS(args, argument_list) && sem_argument_count(c, args) ? sem_argument_at(c, args, 0) : gg_node_null();
		}
		if (IS(it, identifier) && sem_parameter_index(c, f->def, node_span(c, it), &dflt) >= 0)
			return node_span(c, it);
	}
	return (span){ c->text, 0 };
}

/* Whether site s hands its callee, for the parameter the callee loops over, data that says evaluation (test_loader). */
static bool hands_eval_data(const semantic *c, const site *s)
{
	const func *f = &c->funcs[s->callee];
	if (!f->iter_param.len || f->cls >= 0 || !IS(s->call, call))
		return false;
	gg_node dflt;
	int place = sem_parameter_index(c, f->def, f->iter_param, &dflt);
	bool unknown = false;
	gg_node arg = sem_argument_for(c, FIELD(s->call, arguments), place, f->iter_param, &unknown);
	return !unknown && !gg_node_is_null(arg) && sem_iterable_says_eval(c, arg);
}

void sem_call_graph_resolve(semantic *c)
{
	for (size_t i = 0; i < c->sites_len; i++) {
		site *s = &c->sites[i];
		if (s->factory > 0 && (s->closure = returned_closure(c, s->factory)) > 0)
			s->name = c->funcs[s->closure].name;
		s->callee = site_callee(c, s);
		if (s->callee >= 0) {
			s->flag_false = site_passes_false(c, s, &c->funcs[s->callee]);
			/* Choice: a function called from a forward() is a part of the model, not evaluation code. */
			const func *caller = &c->funcs[s->caller];
			if (span_is(caller->name, "forward") || span_is(caller->name, "__call__")) {
				c->funcs[s->callee].from_forward = true;
				if (caller->cls >= 0 && (c->classes[caller->cls].kind & CLASS_MODULE))
					c->funcs[s->callee].in_module_forward = true;
			}
		}
	}
	/* And what such a part calls of its own class (self.score() calling self._head()): to a fixed point. */
	for (unsigned round = 0; round < MAX_ROUNDS; round++) {
		bool changed = false;
		for (size_t i = 0; i < c->sites_len; i++) {
			const site *s = &c->sites[i];
			if (s->callee >= 0 && s->method && c->funcs[s->caller].in_module_forward &&
			    !c->funcs[s->callee].in_module_forward)
				changed = c->funcs[s->callee].in_module_forward = c->funcs[s->callee].from_forward = true;
		}
		if (!changed)
			break;
	}
	/*
	 * self.f() in a method of class B also runs each override of f in B's
	 * subclasses here (a base's evaluation loop calls the hook a subclass
	 * defines): one more edge to each, so that the base's grad mode at
	 * that call reaches them. Only the grad mode: whether the override is
	 * evaluation stays its own evidence's (which class runs is not known).
	 */
	for (size_t i = 0, n = c->sites_len; i < n && !c->error; i++) {
		if (!c->sites[i].method || c->sites[i].caller_cls < 0)
			continue;
		span name = c->sites[i].name;
		for (size_t k = sem_func_names_lower(c, name); k + 1 < c->funcs_len && span_eq(c->func_names[k].name, name); k++) {
			int fi = (int)c->func_names[k].index;
			const func *f = &c->funcs[fi];
			if (!f->walked || f->cls < 0 || f->cls == c->sites[i].caller_cls || fi == c->sites[i].callee ||
			    !sem_class_inherits(c, f->cls, c->sites[i].caller_cls, 0))
				continue;
			site o = c->sites[i];
			o.callee = fi;
			o.override = true;
			o.flag_false = site_passes_false(c, &o, f);
			PUSH(c, c->sites, c->sites_len, c->sites_cap, o);
		}
	}
	/* Sites grouped by callee, in text order: sites of function f are [first[f], first[f+1]). */
	if (c->sites_len)
		qsort(c->sites, c->sites_len, sizeof *c->sites, site_callee_cmp);
	for (size_t i = 1; i < c->funcs_len; i++) {
		func *f = &c->funcs[i];
		f->eval_site = -1;
		if (f->from_forward || built_only(c, (int)i))
			f->eval_name = false;
		/*
		 * A part of a module's forward puts its own submodules in the mode
		 * it wants (a frozen trunk's .eval() to keep its normalisation
		 * statistics, then trainable heads): that says nothing of grad,
		 * which its callers choose, as for forward() itself. A plain
		 * class's __call__ is a user's entry point: its parts' evidence
		 * stands.
		 */
		if (f->in_module_forward)
			f->callers_own_mode = true;
		/*
		 * Choice: a method's name is its class's API. When the file calls
		 * it only from the class itself, its callers are elsewhere (a
		 * task's inference step, a sampler that builds the solver under
		 * no_grad) and own the grad mode: its name alone is no evidence.
		 * Its own X.eval() and loops over evaluation data still are; so
		 * is the name once the file calls it from outside the class, or
		 * the project's files call it only with grad on (`agent.test()`
		 * in the training script).
		 */
		if (f->eval_name && f->cls >= 0 && !file_calls_method(c, f->name, f->cls) && !project_calls_with_grad(c, f))
			f->eval_name = false;
		/* A def nested in a method stands as that method does: the method's callers decide. */
		int method = f->cls < 0 ? sem_enclosing_method(c, f->parent) : 0;
		if (f->eval_name && method > 0 && !file_calls_method(c, c->funcs[method].name, c->funcs[method].cls))
			f->eval_name = false;
		/*
		 * Choice: a method of a class built on a base from elsewhere (another
		 * package, another file) that this file never calls is the base's hook:
		 * the base calls it, in the grad mode it needs (an attack that takes
		 * the gradient of the prediction). Its own X.eval() is no evidence
		 * then, as for a module's forward(). Lightning's loops call only its
		 * hooks, which are known (walk.c): another method of a
		 * LightningModule is called by its users, as they choose.
		 */
		unsigned kind = f->cls >= 0 ? c->classes[f->cls].kind : 0;
		if (f->cls >= 0 && !func_has_site(c, (int)i) &&
		    (((kind & CLASS_EXTERNAL) && !(kind & CLASS_LIGHTNING)) ||
		     ((sem_project_base_defines(c, c->classes[f->cls].node, f->name, 0) ||
		       sem_class_base_defines_here(c, f->cls, f->name, 0)) &&
		      !project_calls_with_grad(c, f))))
			f->callers_own_mode = true;
		/* A nested def held its function's name; it keeps only its own. */
		if (f->eval_name && f->cls < 0 && f->parent > 0 && !c->funcs[f->parent].eval_name &&
		    !sem_name_says_eval(c, f->name))
			f->eval_name = false;
	}
	backward_propagate(c);
	/*
	 * A function whose result some caller carries to a backward computes a
	 * gradient someone needs: its name is no evidence of evaluation, and no
	 * fix may wrap it (an actor's sample() whose log-probability feeds the
	 * loss). An evaluation caller may still run it as evaluation, below.
	 */
	for (size_t i = 0; i < c->sites_len; i++) {
		site *s = &c->sites[i];
		/* A function that returns only plain numbers (`return loss.item()`) hands no graph to anyone. */
		if (s->callee < 0 || sem_func_returns_number(c, &c->funcs[s->callee]) ||
		    !(s->result_trains = site_result_trains(c, s)))
			continue;
		c->funcs[s->callee].result_trains = true;
		c->funcs[s->callee].eval_name = false;
	}
	/*
	 * Or hands it on where a backward it cannot see may take it: returned by
	 * a function whose result trains or that the file hands on as a callback,
	 * or stored into an object it was handed (a plugin's penalty added to the
	 * trainer's loss): to a fixed point.
	 */
	gg_node *escapes = NULL;
	size_t escapes_len = 0, escapes_cap = 0;
	gg_node root = c->funcs[0].def;
	for (gg_node n = root; !gg_node_is_null(n) && !c->error; n = gg_node_walk_next(root, n, true)) {
		/* Added onto (not set on: results a caller keeps): `trainer.loss += penalty`. */
		bool store = IS(n, augmented_assignment) &&
			     target_handed_in(c, sem_func_at(c, gg_node_start_byte(n)), FIELD(n, left));
		if (IS(n, return_statement) || store)
			PUSH(c, escapes, escapes_len, escapes_cap, n);
	}
	/* A callback the file hands to a library call returns to a receiver that may differentiate it (an attribution method). */
	if (escapes_len)
		callbacks_mark(c);
	for (unsigned round = 0; round < MAX_ROUNDS && escapes_len && !c->error; round++) {
		bool changed = false;
		for (size_t i = 0; i < c->sites_len; i++) {
			site *s = &c->sites[i];
			bool loss;
			if (s->callee < 0 || s->result_trains || !site_result_escapes(c, s, escapes, escapes_len, &loss))
				continue;
			s->result_trains = changed = true;
			c->funcs[s->callee].result_trains = true;
			c->funcs[s->callee].eval_name = false;
			if (loss && s->caller > 0) {
				/*
				 * A step that returns a torch loss of a forward, iterates
				 * nothing and sets no eval mode is a loss function: its
				 * name (`batch_generate`) is no evidence of evaluation.
				 */
				func *caller = &c->funcs[s->caller];
				caller->returns_loss = true;
				if (!caller->eval_mode && !sem_func_iterates(c, s->caller))
					caller->eval_name = false;
			}
		}
		if (!changed)
			break;
	}
	free(escapes);
	sem_overrides_guarded(c); /* what the project's base classes say */

	/*
	 * A top-level function the file never calls, that other files import
	 * and call only with grad off (`with torch.no_grad(): validation(...)`
	 * in train.py): guarded too. One that another file calls with grad on
	 * in a function that runs a backward (a score its training step turns
	 * into a loss term) computes a gradient someone may need, as a caller
	 * here that trains on it: its name is no evidence, and no fix wraps it.
	 */
	for (size_t i = 1; c->elsewhere && c->module && i < c->funcs_len; i++) {
		func *f = &c->funcs[i];
		size_t s = sem_sites_of(c, (int)i), off, on, trains;
		if (f->cls >= 0 || f->parent != 0)
			continue;
		gg_elsewhere_outside_calls(c->elsewhere, f->name.ptr, f->name.len, c->module, strlen(c->module), &off, &on, &trains);
		if (trains) {
			f->result_trains = true;
			f->eval_name = false;
		}
		/*
		 * Other files call it: they decide what it is, training perhaps (a
		 * renderer a training step runs, its evaluation callers under
		 * no_grad). A def nested in it is a part of it, called as it is:
		 * where its own name says no evaluation, the part's (an
		 * `inference()` chunking the forward) says nothing either.
		 */
		if ((off || on) && !f->eval_name)
			for (size_t k = i + 1; k < c->funcs_len && c->funcs[k].start < f->end; k++)
				if (c->funcs[k].cls < 0 && c->funcs[k].start >= f->start)
					c->funcs[k].eval_name = false;
		if (off && !on && !(s < c->sites_len && c->sites[s].callee == (int)i))
			f->guarded = true;
		f->called_on_outside = on > 0;
	}

	/*
	 * A method (not a module's forward) whose result some file of the
	 * project keeps in a def that runs a backward after the call (`losses
	 * = self.loss_fn.compute_loss_G(...)`, then `loss.backward()`): what it
	 * computes may be that loss, as for a function another file calls so
	 * (above): its forwards feed it, its name is no evidence, and no fix
	 * wraps it.
	 */
	/*
	 * Not a name Python's own containers and strings answer too (`d.get(k)`,
	 * `parts.append(x)` in every training step): the call cannot be tied to
	 * this class by it.
	 */
	static const char *const builtin_methods[] = { "get", "items", "keys", "values", "update", "pop", "append", "extend",
						       "insert", "remove", "copy", "format", "join", "split", "strip",
						       "replace", "index", "count", "sort", "setdefault", "add", "clear",
						       "read", "write", NULL };
	for (size_t i = 1; c->elsewhere && i < c->funcs_len; i++) {
		func *f = &c->funcs[i];
		bool off, other, trains;
		if (f->cls < 0 || f->callers_own_mode || (f->name.len > 1 && f->name.ptr[0] == '_' && f->name.ptr[1] == '_') ||
		    sem_word_in(f->name.ptr, f->name.len, builtin_methods))
			continue;
		/* Another file's calls: this file's own are resolved to their class (site_result_trains). */
		if (!c->module)
			break;
		gg_elsewhere_method_calls(c->elsewhere, f->name.ptr, f->name.len, method_takes_args(c, f), &off, &other, NULL,
					&trains, c->module);
		if (trains) {
			f->result_trains = true;
			f->eval_name = false;
		}
	}

	/*
	 * A method of a plain class of the file (no base but object: no
	 * framework calls it), or of a module class built on torch alone (a
	 * trainer's sample(), not its forward), that the project's files call,
	 * on whatever instance, only with grad off, and never hand on uncalled
	 * (a helper's predict(), its object built by a factory elsewhere and
	 * called under no_grad there): guarded. The name alone ties the calls
	 * to it, so a call with grad on of any method so named keeps it
	 * unguarded.
	 */
	for (size_t i = 1; c->elsewhere && i < c->funcs_len; i++) {
		func *f = &c->funcs[i];
		bool off, other;
		bool torch_module = f->cls >= 0 && c->classes[f->cls].kind == CLASS_MODULE && !span_is(f->name, "forward");
		if (f->cls < 0 || f->guarded || !(class_plain(c, f->cls) || torch_module) ||
		    (f->name.len > 1 && f->name.ptr[0] == '_' && f->name.ptr[1] == '_'))
			continue;
		gg_elsewhere_method_calls(c->elsewhere, f->name.ptr, f->name.len, method_takes_args(c, f), &off, &other, NULL, NULL,
					c->module);
		if (!off || other)
			continue;
		bool all = true;
		for (size_t s = sem_sites_of(c, (int)i); all && s < c->sites_len && c->sites[s].callee == (int)i; s++)
			all = sem_site_guarded(c, &c->sites[s]);
		f->guarded = all;
	}

	/* Guarded everywhere: a least fixed point; a function called only by itself is guarded by nothing. */
	for (unsigned round = 0; round < MAX_ROUNDS; round++) {
		bool changed = false;
		size_t i = 0;
		while (i < c->sites_len && c->sites[i].callee < 0)
			i++;
		while (i < c->sites_len) {
			int fi = c->sites[i].callee;
			bool all = true, outside = false;
			size_t j = i;
			/* Its calls of itself run as its entry does: only the calls from elsewhere decide. */
			for (; j < c->sites_len && c->sites[j].callee == fi; j++) {
				if (c->sites[j].caller == fi)
					continue;
				outside = true;
				all = all && sem_site_guarded(c, &c->sites[j]);
			}
			if (all && outside && !c->funcs[fi].guarded && !c->funcs[fi].called_on_outside) {
				c->funcs[fi].guarded = true;
				changed = true;
			}
			i = j;
		}
		if (!changed)
			break;
	}

	for (size_t i = 1; i < c->funcs_len; i++)
		c->funcs[i].iter_param = c->funcs[i].cls < 0 ? iterated_param(c, &c->funcs[i]) : (span){ c->text, 0 };
	/* Evaluation code through a caller: a site in evaluation code that runs the callee with grad on. */
	for (unsigned round = 0; round < MAX_ROUNDS; round++) {
		bool changed = false;
		for (size_t i = 0; i < c->sites_len; i++) {
			const site *s = &c->sites[i];
			if (s->callee < 0 || c->funcs[s->callee].eval_site >= 0)
				continue;
			if (sem_site_runs_eval(c, s)) {
				/*
				 * Evaluation only through a caller whose result some
				 * caller trains on (a metrics helper the training loop
				 * backwards through): no wrap may go inside it, so the
				 * site that matters is the evaluation's own call of it.
				 * So is a call whose result the caller itself carries
				 * to a backward (a shared step's score, backwarded
				 * under its flag), or one in a function that training
				 * also runs: a wrap there would cut training's graph.
				 */
				int caller_site = s->caller > 0 ? c->funcs[s->caller].eval_site : -1;
				/* A call that passes its caller's flag on trains when the caller does. */
				bool passed = !s->flag_false && c->funcs[s->callee].bw &&
					      in_flag_branch(c, s->caller, gg_node_start_byte(s->call));
				bool through = caller_site >= 0 &&
					       (c->funcs[s->caller].result_trains || s->result_trains || passed ||
						sem_func_trained_through(c, s->caller)) &&
					       !sem_evidence_holds(c, &s->ev, s->caller, s->loaded);
				c->funcs[s->callee].eval_site = through ? caller_site : (int)i;
				changed = true;
			}
		}
		if (!changed)
			break;
	}
}

/*
 * Whether an override edge (a base's self.f() to a subclass's f) runs f as
 * evaluation: the base's method is evaluation only because that subclass
 * (or one of its own) entered it through super(), so the instance is of
 * the override's class: `super().test(iters)` after the subclass's
 * `self.encoder.eval()`, the base's loop calling `self.rollout()`.
 */
static bool override_entered_by_super(const semantic *c, const site *s)
{
	int entry = s->caller > 0 ? c->funcs[s->caller].eval_site : -1;
	const site *e = entry >= 0 ? &c->sites[entry] : NULL;
	int cls = c->funcs[s->callee].cls;
	return e && e->super_call && e->caller_cls >= 0 && cls >= 0 && sem_class_inherits(c, e->caller_cls, cls, 0);
}

bool sem_site_runs_eval(const semantic *c, const site *s)
{
	if (s->callee < 0 || sem_site_guarded(c, s) || s->shape_check || s->grad_on || (s->override && !override_entered_by_super(c, s)))
		return false;
	const func *callee = &c->funcs[s->callee];
	if (callee->bw) {
		if (!callee->bw_flagged)
			return false;
		/*
		 * The shared step's eval half, but not where a module's forward
		 * (or what it runs) makes the call: that runs in its own callers'
		 * mode, training's too (a visualisation switch left off there).
		 */
		if (s->flag_false)
			return !(s->caller > 0 && (sem_module_forward(c, s->caller) || c->funcs[s->caller].in_module_forward ||
						   c->funcs[s->caller].from_forward));
		/* Its caller's own flag passed on (flags_pass_through), the caller run as its eval half: so is this call. */
		const func *g = s->caller > 0 ? &c->funcs[s->caller] : NULL;
		return g && g->eval_site >= 0 && g->flag.len && IS(s->flag_arg, identifier) &&
		       span_eq(node_span(c, s->flag_arg), g->flag) && in_flag_branch(c, s->caller, gg_node_start_byte(s->call));
	}
	if (s->caller > 0 && c->funcs[s->caller].eval_site >= 0)
		return true;
	/*
	 * A callback that returns what this call computes to the library it is
	 * handed to (an attribution method's forward function): that receiver
	 * decides the grad mode and may differentiate it, whatever the
	 * callback's own name or eval mode say. Only its callers here speak.
	 */
	if (s->result_trains && s->caller > 0 && c->funcs[s->caller].handed_on)
		return false;
	/* The callee loops over what this call hands it, and that is evaluation data: evaluation, as the loop inline would be. */
	if (hands_eval_data(c, s))
		return true;
	if (!sem_evidence_holds(c, &s->ev, s->caller, s->loaded))
		return false;
	/*
	 * A caller's name is no evidence when the file calls it only from shape
	 * checks (`inference()` of a model file's own `__main__` self-test on
	 * random tensors): what it calls runs on what they feed it.
	 */
	if (s->caller == 0 || !c->funcs[s->caller].eval_name || sem_eval_region_holds(c, &s->ev, s->caller) ||
	    !gg_node_is_null(s->ev.loop_iter))
		return true;
	size_t i = sem_sites_of(c, s->caller);
	bool any = false;
	for (; i < c->sites_len && c->sites[i].callee == s->caller; i++) {
		if (!c->sites[i].shape_check)
			return true;
		any = true;
	}
	return !any;
}

/*
 * Whether training reaches function g through a caller of it here whose
 * data flow no site can follow: a module's own forward or __call__ (all it
 * computes, state it stores included, is differentiated), or a function
 * whose result a caller trains on. A wrap inside g would cut that graph
 * too: its evaluation is fixed where it is called as such. (A caller with a
 * backward of its own is followed by its sites' result_trains.)
 */
static bool callers_train(const semantic *c, int g, int callee)
{
	for (size_t i = sem_sites_of(c, callee); i < c->sites_len && c->sites[i].callee == callee; i++) {
		const site *t = &c->sites[i];
		if (t->caller == g || t->caller <= 0 || sem_site_guarded(c, t))
			continue;
		const func *h = &c->funcs[t->caller];
		if (h->callers_own_mode || h->result_trains)
			return true;
	}
	return false;
}

bool sem_func_trained_through(const semantic *c, int g)
{
	if (callers_train(c, g, g))
		return true;
	/* A method: a call on a model resolves to one class's method of that name; it may run another's. */
	const func *f = &c->funcs[g];
	if (f->cls < 0)
		return false;
	for (size_t i = sem_func_names_lower(c, f->name); i + 1 < c->funcs_len && span_eq(c->func_names[i].name, f->name); i++) {
		int other = (int)c->func_names[i].index;
		if (other != g && c->funcs[other].cls >= 0 && callers_train(c, g, other))
			return true;
	}
	return false;
}

/* The first call site of function fi (sites sorted by callee, after the call graph), or sites_len. */
size_t sem_sites_of(const semantic *c, int fi)
{
	size_t lo = 0, hi = c->sites_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->sites[mid].callee < fi)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* How many call sites of f run it with grad on. Sites are sorted by callee. */
size_t sem_unguarded_sites(const semantic *c, int fi)
{
	size_t n = 0;
	for (size_t i = sem_sites_of(c, fi); i < c->sites_len && c->sites[i].callee == fi; i++)
		n += !sem_site_guarded(c, &c->sites[i]) && !c->sites[i].shape_check && c->sites[i].caller != fi;
	return n;
}

/*
 * The first call site of f that runs it with grad on, or -1 (sites are
 * sorted by callee): a shape check aside (nothing to fix there), and f's
 * calls of itself, which run as its entry does.
 */
int sem_unguarded_site(const semantic *c, int fi)
{
	for (size_t i = sem_sites_of(c, fi); i < c->sites_len && c->sites[i].callee == fi; i++)
		if (!sem_site_guarded(c, &c->sites[i]) && !c->sites[i].shape_check && c->sites[i].caller != fi)
			return (int)i;
	return -1;
}

static bool is_word_byte(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/*
 * Whether the word text[at, at + n) is handed on: after `return ` or a lone
 * `=` (self.fn = f; not ==, <=, >=, !=), and last on its line before a
 * comment or a `;`. Text, not tree: the answer of the earlier whole-text
 * search, which this keeps.
 */
static bool word_handed_on(const semantic *c, uint32_t at, uint32_t n)
{
	const char *hit = c->text + at, *after = hit + n, *end = c->text + c->len;
	if (hit > c->text && (is_word_byte(hit[-1]) || hit[-1] == '.'))
		return false;
	if (after < end && is_word_byte(*after))
		return false;
	const char *before = hit;
	while (before > c->text && (before[-1] == ' ' || before[-1] == '\t'))
		before--;
	bool returned = before - c->text >= 6 && memcmp(before - 6, "return", 6) == 0 && before < hit;
	bool stored = before - c->text >= 2 && before[-1] == '=' && !strchr("=<>!", before[-2]);
	while (after < end && (*after == ' ' || *after == '\t'))
		after++;
	return (returned || stored) && (after == end || *after == '\n' || *after == '\r' || *after == '#' || *after == ';');
}

/* The word that starts at from past spaces and tabs, as a handed-on candidate (word_handed_on decides). */
static void handed_candidate(semantic *c, const char *from)
{
	const char *end = c->text + c->len, *w = from;
	while (w < end && (*w == ' ' || *w == '\t'))
		w++;
	const char *q = w;
	while (q < end && is_word_byte(*q))
		q++;
	/* A function's name starts with a letter or _: `= 0` hands on no function. */
	if (q == w || isdigit((unsigned char)*w) || !word_handed_on(c, (uint32_t)(w - c->text), (uint32_t)(q - w)))
		return;
	if (gg_grow((void **)&c->handed, &c->handed_cap, c->handed_len, sizeof *c->handed)) {
		fail(c, -ENOMEM);
		return;
	}
	c->handed[c->handed_len++] = (handed){ { w, (size_t)(q - w) }, (uint32_t)(w - c->text) };
}

/*
 * The words the text hands on (word_handed_on), found once a check:
 * each follows a `=` or a `return` past spaces and tabs, so only those are
 * looked at. Words of word bytes only; a name with others (é) is searched
 * for in the text.
 */
static void handed_collect(semantic *c)
{
	c->handed_ok = true;
	const char *text = c->text, *end = text + c->len;
	for (const char *p = text; p < end && !c->error; p++) {
		p = memchr(p, '=', (size_t)(end - p));
		if (!p)
			break;
		handed_candidate(c, p + 1);
	}
	for (const char *p = text; p < end && !c->error; p += 6) {
		p = memmem(p, (size_t)(end - p), "return", 6);
		if (!p)
			break;
		handed_candidate(c, p + 6);
	}
}

/* Whether the file returns f (`return eval_wrapper`) or stores it (`self.fn = eval_wrapper`), the function itself and not a call of it. */
bool sem_func_handed_on(semantic *c, const func *f)
{
	span name = f->name;
	uint32_t own = gg_node_start_byte(FIELD(f->def, name));
	bool plain = name.len > 0;
	for (size_t i = 0; i < name.len; i++)
		plain = plain && is_word_byte(name.ptr[i]);
	if (!plain) {
		/* Its bytes end no word of the pass: search the text. */
		for (const char *p = c->text, *end = c->text + c->len; name.len && p < end;) {
			const char *hit = memmem(p, (size_t)(end - p), name.ptr, name.len);
			if (!hit)
				break;
			p = hit + name.len;
			if ((uint32_t)(hit - c->text) != own && word_handed_on(c, (uint32_t)(hit - c->text), (uint32_t)name.len))
				return true;
		}
		return false;
	}
	if (!c->handed_ok)
		handed_collect(c);
	/* A few names are asked, of a few words: a scan, by length first. */
	for (size_t i = 0; i < c->handed_len; i++)
		if (c->handed[i].word.len == name.len && c->handed[i].at != own && span_eq(c->handed[i].word, name))
			return true;
	return false;
}

static bool word_trains(const semantic *c, const char *w, size_t n, void *arg)
{
	(void)c;
	(void)arg;
	return (n == 5 && memcmp(w, "train", 5) == 0) || (n == 3 && memcmp(w, "fit", 3) == 0);
}

/* Whether r is X.train(...) on an X the file also calls .eval() on: a mode switch, not training. */
static bool mode_switched(const semantic *c, const gg_call_ref *r)
{
	if (!r->plain || r->names < 2)
		return false;
	span obj = text_between(c, r->start, r->object_end);
	const gg_tree_index *ix = c->index;
	span eval = { "eval", 4 };
	for (size_t i = sem_named_first(c->call_names, c->call_names_len, eval);
	     i < c->call_names_len && span_eq(c->call_names[i].name, eval); i++) {
		const gg_call_ref *e = &ix->calls[c->call_names[i].index];
		if (e->plain && e->names >= 2 && e->attribute &&
		    span_eq(text_between(c, e->start, e->object_end), obj))
			return true;
	}
	return false;
}

/*
 * Whether a call that turns shared step fi's flag off runs nothing that
 * trains: every backward on its path (its own and those its calls reach,
 * after the call graph) sits behind the flag, and outside the flag's
 * branches it calls nothing named for training (train_step(), trainer.fit(),
 * trainer.train()), which may be another file's; X.train() on a model the
 * file also puts in .eval() is a mode switch. What a fix may wrap safely.
 */
bool sem_eval_half_proved(const semantic *c, int fi)
{
	if (fi <= 0 || (size_t)fi >= c->funcs_len || !c->funcs[fi].bw_flagged || !backward_all_flagged(c, fi))
		return false;
	const func *f = &c->funcs[fi];
	const gg_tree_index *ix = c->index;
	if (!ix->calls_exact)
		return false;
	for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, f->start); i < ix->calls_len && ix->calls[i].start < f->end;
	     i++) {
		const gg_call_ref *r = &ix->calls[i];
		span name = sem_callee_name(c, r);
		if (!name.len || in_flag_branch(c, fi, r->start))
			continue;
		if (sem_words_any(c, name, word_trains, NULL) && !(span_is(name, "train") && mode_switched(c, r)))
			return false;
	}
	return true;
}

/* ---- a branch only some calls reach ---- */

/* Whether test reads `P == "lit"` (either way round), P a parameter of fi: *param and *lit are its two sides. */
static bool branch_compares_parameter(const semantic *c, int fi, gg_node test, span *param, span *lit)
{
	if (!IS(test, comparison_operator) || gg_node_named_child_count(test) != 2)
		return false;
	gg_node a = gg_node_named_child(test, 0), b = gg_node_named_child(test, 1);
	span op = text_between(c, gg_node_end_byte(a), gg_node_start_byte(b));
	if (!span_contains(op, "==") || span_contains(op, "!="))
		return false;
	if (IS(a, string)) {
		gg_node t = a;
		a = b;
		b = t;
	}
	gg_node dflt;
	if (!IS(a, identifier) || !sem_string_value(c, b, lit))
		return false;
	*param = node_span(c, a);
	return sem_parameter_index(c, c->funcs[fi].def, *param, &dflt) >= 0;
}

/*
 * Whether every call of fi in the file that may pass lit for param runs
 * with grad off: one that passes another string never enters the branch.
 * At least one call; a call whose arguments the text cannot place answers no.
 */
static bool calls_passing_run_grad_off(const semantic *c, int fi, span param, span lit)
{
	gg_node dflt;
	int index = sem_parameter_index(c, c->funcs[fi].def, param, &dflt);
	size_t i = sem_sites_of(c, fi);
	if (index < 0 || i >= c->sites_len || c->sites[i].callee != fi)
		return false;
	for (; i < c->sites_len && c->sites[i].callee == fi; i++) {
		const site *t = &c->sites[i];
		bool unknown;
		gg_node a = sem_argument_for(c, FIELD(t->call, arguments), index - (site_binds_self(t) ? 1 : 0), param, &unknown);
		if (unknown)
			return false;
		if (gg_node_is_null(a))
			a = dflt;
		span v;
		if (!gg_node_is_null(a) && sem_string_value(c, a, &v) && !span_eq(v, lit))
			continue;
		if (!t->grad_off && !(t->caller > 0 && c->funcs[t->caller].guarded))
			return false;
	}
	return true;
}

bool sem_branch_guarded(const semantic *c, uint32_t at)
{
	int fi = sem_func_at(c, at);
	if (fi <= 0 || c->funcs[fi].called_on_outside)
		return false;
	const func *f = &c->funcs[fi];
	if (gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CALLED_ELSEWHERE, f->name.ptr, f->name.len))
		return false;
	gg_node child = gg_node_descendant_for_byte_range(f->def, at, at);
	for (gg_node p = gg_node_parent(child); !gg_node_is_null(p) && !gg_node_eq(child, f->def); child = p, p = gg_node_parent(p)) {
		span param, lit;
		if ((IS(p, if_statement) || IS(p, elif_clause)) && gg_node_eq(FIELD(p, consequence), child) &&
		    branch_compares_parameter(c, fi, FIELD(p, condition), &param, &lit) &&
		    calls_passing_run_grad_off(c, fi, param, lit))
			return true;
	}
	return false;
}

/* `model.train_one_batch(batch, 0, train=False)`, `model.run_on_batch(data, None)`: the project says which place. */
bool sem_call_skips_training(const semantic *c, const gg_call_ref *ref)
{
	span m = sem_method_of(c, ref);
	if (!ref->attribute || !c->elsewhere || !m.len)
		return false;
	const char *param;
	size_t param_len;
	unsigned place;
	char pol;
	if (!gg_elsewhere_flag_method(c->elsewhere, m.ptr, m.len, &param, &param_len, &place, &pol))
		return false;
	bool unknown;
	gg_node a = sem_argument_for(c, FIELD(ref->node, arguments), (int)place, (span){ param, param_len }, &unknown);
	if (unknown || gg_node_is_null(a))
		return false;
	return pol == '+' ? IS(a, false) || IS(a, none) : IS(a, true);
}
