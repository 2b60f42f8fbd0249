/*
 * The statement walk: blocks in order, with the grad context and the
 * evaluation context of each; records forwards run with grad on (events)
 * and calls of the file's functions (sites).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

/* An enclosing comprehension, within stmt, over an eval-named iterable. */
static gg_node comprehension_iter(const semantic *c, gg_node call, gg_node stmt, uint32_t *start, uint32_t *end)
{
	/* Every comprehension spells `for`: a statement that does not holds none. */
	if (!span_contains(node_span(c, stmt), "for"))
		return gg_node_null();
	uint32_t stop = gg_node_start_byte(stmt);
	for (gg_node n = gg_node_parent(call); !gg_node_is_null(n) && gg_node_start_byte(n) >= stop; n = gg_node_parent(n)) {
		TSSymbol t = gg_node_symbol(n);
		const gg_py_ids *ids = &c->sem->ids;
		if (t != ids->sym_list_comprehension && t != ids->sym_generator_expression &&
		    t != ids->sym_set_comprehension && t != ids->sym_dictionary_comprehension) {
			if (gg_node_eq(n, stmt))
				break;
			continue;
		}
		uint32_t count = gg_node_named_child_count(n);
		for (uint32_t i = 0; i < count; i++) {
			gg_node clause = gg_node_named_child(n, i);
			if (IS(clause, for_in_clause) && sem_iterable_says_eval(c, FIELD(clause, right))) {
				*start = gg_node_start_byte(n);
				*end = gg_node_end_byte(n);
				return FIELD(clause, right);
			}
		}
		if (gg_node_eq(n, stmt))
			break;
	}
	return gg_node_null();
}

/*
 * What value is: itself, or for a name, the value of its last binding in
 * function fi before it (null: none); a name a tuple assignment unpacks,
 * the whole right side (a part of what it made).
 */
static gg_node value_made(const semantic *c, int fi, gg_node value)
{
	if (IS(value, keyword_argument))
		value = FIELD(value, value);
	if (!IS(value, identifier))
		return value;
	return sem_value_before(c, fi, node_span(c, value), gg_node_start_byte(value), true);
}

/*
 * Whether value is what a forward recorded so far in the walk of function fi
 * gave: that call, a name bound to one, or a part of either (`heads[0]`,
 * with `preds, heads = net(x)`; `head` in `for i, head in enumerate(heads)`).
 */
static bool forward_output(const semantic *c, int fi, gg_node value, unsigned depth)
{
	if (IS(value, keyword_argument))
		value = FIELD(value, value);
	while (IS(value, subscript))
		value = FIELD(value, value);
	if (IS(value, identifier) && depth < 3) {
		span name = node_span(c, value);
		for (gg_node p = gg_node_parent(value); !gg_node_is_null(p) && !IS(p, function_definition) && !IS(p, module);
		     p = gg_node_parent(p)) {
			if (!IS(p, for_statement) || !sem_target_binds(c, FIELD(p, left), name))
				continue;
			gg_node it = FIELD(p, right), fn = IS(it, call) ? FIELD(it, function) : gg_node_null();
			if (!IS(fn, identifier) || !(span_is(node_span(c, fn), "enumerate") || span_is(node_span(c, fn), "zip")))
				return forward_output(c, fi, it, depth + 1);
			gg_node args = FIELD(it, arguments);
			for (uint32_t i = 0, n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0; i < n; i++)
				if (forward_output(c, fi, gg_node_named_child(args, i), depth + 1))
					return true;
			return false;
		}
	}
	gg_node made = value_made(c, fi, value);
	for (size_t i = c->events_len; !gg_node_is_null(made) && i-- > 0 && c->events[i].scope == fi;)
		if (gg_node_eq(c->events[i].call, made))
			return true;
	return false;
}

/*
 * Whether value is a name last bound (in function fi, before it) to a call
 * made inside a `with` that turns grad off (`with torch.no_grad(): out =
 * net(x)`): what it holds carries no history.
 */
static bool bound_without_grad(const semantic *c, int fi, gg_node value)
{
	if (!IS(value, identifier) || !c->gradoff.len)
		return false;
	gg_node made = value_made(c, fi, value);
	if (!IS(made, call))
		return false;
	for (gg_node p = gg_node_parent(made); !gg_node_is_null(p) && !IS(p, function_definition) && !IS(p, module);
	     p = gg_node_parent(p)) {
		if (!IS(p, with_statement))
			continue;
		/* The with's header: its items, up to its body. */
		gg_node body = FIELD(p, body);
		if (sem_offsets_any_in(&c->gradoff, gg_node_start_byte(p), gg_node_start_byte(body)))
			return true;
	}
	return false;
}

/*
 * Whether the file makes name (a plain name or a chain, `self.grid`), as
 * seen from at, require grad: `name.requires_grad_()` (not False) or
 * `name.requires_grad = True` (facts.c's grad marks). A forward on it
 * records the graph on purpose: the derivative of the output by the input
 * is what the code takes next (a physics residual, a saliency map),
 * whatever hands it on. A plain name is the same variable only where the
 * mark is in the function of at, one around it, or at module level:
 * another function's local of that name (an attack's `x_adv`) is not.
 */
static bool file_makes_require_grad(semantic *c, span name, uint32_t at)
{
	int fi = -1;
	for (size_t i = 0; i < c->grad_marks_len; i++) {
		if (!span_eq(sem_grad_mark_receiver(c, c->grad_marks[i]), name))
			continue;
		if (memchr(name.ptr, '.', name.len))
			return true;
		if (fi < 0)
			fi = sem_func_at(c, at);
		int marked = sem_func_at(c, gg_node_start_byte(c->grad_marks[i]));
		for (int f = fi;; f = c->funcs[f].parent) {
			if (f == marked)
				return true;
			if (f <= 0)
				break;
		}
	}
	return false;
}

/* Whether an argument of the call is a name the file makes require grad (file_makes_require_grad). */
static bool input_wants_grad(semantic *c, const gg_call_ref *ref)
{
	gg_node args = FIELD(ref->node, arguments);
	for (uint32_t i = 0, n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0; i < n; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, keyword_argument))
			a = FIELD(a, value);
		if ((IS(a, identifier) || IS(a, attribute)) && sem_is_name_chain(c, a) &&
		    file_makes_require_grad(c, node_span(c, a), ref->start))
			return true;
	}
	return false;
}

/*
 * A module of the file's that holds no parameters (a loss, a metric) called
 * on what a forward gave: it computes on that output, whose forward is the
 * one to report (or, made with grad off, records nothing); its own call adds
 * nothing to fix.
 */
static bool consumes_forward(semantic *c, const ctx *x, const gg_call_ref *ref, span recv)
{
	if (!sem_spanset_has(&c->paramless, recv))
		return false;
	/*
	 * One that holds nothing handed in computes a fixed function of its
	 * inputs (an input normalisation): plain data gives no graph, and an
	 * input with history got it from a forward that is the one to fix.
	 */
	if (sem_spanset_has(&c->weightless, recv))
		return true;
	gg_node args = FIELD(ref->node, arguments);
	uint32_t count = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
	const gg_tree_index *ix = c->index;
	for (uint32_t i = 0; i < count; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (forward_output(c, x->func, a, 0) || bound_without_grad(c, x->func, a))
			return true;
		/* criterion(model(x), y): the argument is a forward met after this call in the walk. */
		if (IS(a, keyword_argument))
			a = FIELD(a, value);
		if (!IS(a, call) || !ix->calls_exact)
			continue;
		size_t k = gg_call_refs_from(ix->calls, ix->calls_len, gg_node_start_byte(a));
		bool loaded, held;
		span inner;
		if (k < ix->calls_len && gg_node_eq(ix->calls[k].node, a) &&
		    sem_forward_receiver(c, x, &ix->calls[k], &inner, &loaded, &held))
			return true;
	}
	return false;
}

/*
 * The subscript in e (or in what a name in it was last bound to, earlier in
 * the loop's body) that takes an item of evaluation data, or null.
 */
static gg_node eval_item_in(semantic *c, const ctx *x, gg_node e, unsigned depth)
{
	gg_node body = FIELD(x->loop, body);
	for (gg_node n = e; !gg_node_is_null(n) && depth < 5; n = gg_node_walk_next(e, n, true)) {
		if (IS(n, subscript) && sem_iterable_says_eval(c, FIELD(n, value)))
			return n;
		if (!IS(n, identifier) || gg_node_is_null(body))
			continue;
		/* A name bound in this loop's body, before e: `sample = test_set[i]`, `img, label = test_set[i]`. */
		span name = node_span(c, n);
		gg_node last = gg_node_null();
		for (gg_node a = body; !gg_node_is_null(a) && gg_node_start_byte(a) < gg_node_start_byte(e);
		     a = gg_node_walk_next(body, a, !IS(a, function_definition) && !IS(a, lambda)))
			if (IS(a, assignment) && sem_target_binds(c, FIELD(a, left), name))
				last = FIELD(a, right);
		gg_node found = gg_node_is_null(last) ? gg_node_null() : eval_item_in(c, x, last, depth + 1);
		if (!gg_node_is_null(found))
			return found;
	}
	return gg_node_null();
}

/*
 * A loop over a range whose body takes its items from evaluation data by
 * index (`for i in range(n): sample = test_set[i]`, `test_loaders[k].dataset[i]`)
 * runs over that data as `for sample in test_set:` would: the same evidence.
 */
static void indexed_eval_data(semantic *c, const ctx *x, const gg_call_ref *ref, evidence *ev)
{
	gg_node args = FIELD(ref->node, arguments);
	gg_node item = IS(args, argument_list) ? eval_item_in(c, x, args, 0) : gg_node_null();
	if (gg_node_is_null(item))
		return;
	ev->loop_iter = FIELD(item, value);
	ev->loop_start = gg_node_start_byte(x->loop);
	ev->loop_end = gg_node_end_byte(x->loop);
}

/*
 * Whether call sits in an except handler of a try whose body makes the very
 * same call (`try: p = m.predict(x).detach().numpy()` / `except ...: p =
 * np.asarray(m.predict(x))`): the fallback for a value the tried call's
 * follow-up could not take, another library's object. The tried call is the
 * forward to report; the fallback runs only when that one was no tensor.
 */
static bool repeats_tried_call(const semantic *c, gg_node call)
{
	gg_node handler = gg_node_null();
	for (gg_node p = gg_node_parent(call); !gg_node_is_null(p); p = gg_node_parent(p)) {
		if (IS(p, function_definition) || IS(p, lambda) || IS(p, class_definition))
			return false;
		if (IS(p, except_clause)) {
			handler = p;
			break;
		}
	}
	gg_node try_stmt = gg_node_is_null(handler) ? gg_node_null() : gg_node_parent(handler);
	gg_node body = IS(try_stmt, try_statement) ? FIELD(try_stmt, body) : gg_node_null();
	if (gg_node_is_null(body))
		return false;
	span text = node_span(c, call);
	for (gg_node n = body; !gg_node_is_null(n); n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, lambda)))
		if (IS(n, call) && span_eq(node_span(c, n), text))
			return true;
	return false;
}

/* sem_words_any's visit: a word that names a part of a batch other than its inputs (a mask, lengths, labels). */
static bool part_word(const semantic *c, const char *w, size_t n, void *arg)
{
	(void)c;
	(void)arg;
	static const char *const parts[] = { "mask", "masks", "len", "lens", "length", "lengths", "cfg", "config",
					     "label", "labels", "target", "targets", "channels", "hidden", "ids", "idx",
					     "index", "offsets", "item", "coord", "coords", NULL };
	return sem_word_in(w, n, parts);
}

/* Whether function fi calls name itself (`name(...)`): a callable there, a module or a function, not data. */
static bool called_in(const semantic *c, span name, int fi)
{
	const gg_tree_index *ix = c->index;
	for (size_t i = sem_named_first(c->call_names, c->call_names_len, name);
	     i < c->call_names_len && span_eq(c->call_names[i].name, name); i++) {
		const gg_call_ref *r = &ix->calls[c->call_names[i].index];
		if (r->names == 1 && sem_func_at(c, r->start) == fi)
			return true;
	}
	return false;
}

/*
 * An argument of the forward, a plain name, that names held-out inputs
 * (`val_input`, `X_test`, not `valid_mask` or `test_labels`): the forward
 * runs on held-out data in one tensor, not in a loop over it. A null node
 * where none does. rule_gg001.c asks more: the function trains before it.
 */
static gg_node eval_argument(semantic *c, gg_node call)
{
	gg_node args = FIELD(call, arguments);
	for (uint32_t i = 0, n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0; i < n; i++) {
		gg_node a = gg_node_named_child(args, i);
		/* Moved or cast on the way in (`X_test.float()`, `x_val.to(device)`): the same data. */
		while (IS(a, call) && IS(FIELD(a, function), attribute) && IS(FIELD(a, arguments), argument_list)) {
			span how = sem_attribute_name(c, FIELD(a, function));
			if (!sem_word_in(how.ptr, how.len, sem_returns_self))
				break;
			a = FIELD(FIELD(a, function), object);
		}
		/* A module handed in (`wrap(model_test)`, a name the function calls) is no data, whatever it is called. */
		span name = IS(a, identifier) ? node_span(c, a) : (span){ NULL, 0 };
		if (name.len && sem_iterable_says_eval(c, a) && !sem_words_any(c, name, part_word, NULL) &&
		    !sem_name_says_model_cached(c, name) && !sem_spanset_has(&c->models, name) &&
		    !called_in(c, name, sem_func_at(c, gg_node_start_byte(call))))
			return a;
	}
	return gg_node_null();
}

static void event_record(semantic *c, const ctx *x, const gg_call_ref *ref, gg_node stmt)
{
	bool loaded, held;
	span recv;
	if (sem_other_framework_only(c) || !sem_forward_receiver(c, x, ref, &recv, &loaded, &held))
		return;
	/*
	 * Not evaluation (SPEC §2): a shape check of a module built here, an
	 * export's check, a measuring pass thrown to `_`, a one-item demo, a
	 * shape read, right there or of the output bound to a name.
	 */
	if (sem_shape_check(c, x, ref, recv) || sem_export_check(c, x, ref) || sem_thrown_pass(c, x, ref) || sem_one_item_demo(c, x, ref) ||
	    sem_shape_read(c, ref) || sem_output_shape_only(c, x, ref) || sem_construction_pass(c, x, recv) ||
	    repeats_tried_call(c, ref->node) || sem_name_only_call_on_host_data(c, x, ref, recv))
		return;
	/* A tracer's forward, or a forward that differentiates its own output: the graph it records is what the code reads. */
	if (sem_func_reads_graph(c, x->func) || consumes_forward(c, x, ref, recv) || sem_call_mode_grad_off(c, x, ref, recv) ||
	    input_wants_grad(c, ref) || sem_output_read_as_numpy(c, x, ref->node))
		return;
	int differentiates = sem_forward_takes_grad(c, x, recv);
	if (differentiates > 0)
		return;
	/*
	 * A method a module class of the project trains in (a test-time
	 * adaptation step): the call is training. Not where it trains only
	 * under a test of one parameter and the call passes the value that
	 * turns that off: the step's forward alone runs.
	 */
	bool step = false;
	if (ref->attribute && gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_TRAIN_METHODS)) {
		span m = sem_method_of(c, ref);
		if (gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_TRAIN_METHOD, m.ptr, m.len) && !(step = sem_call_skips_training(c, ref)))
			return;
	}
	event e;
	memset(&e, 0, sizeof e);
	e.call = ref->node;
	e.scope = x->func;
	e.ev = sem_evidence_here(c, x, recv, ref->start);
	e.ev.at = ref->start;
	if (gg_node_is_null(e.ev.loop_iter) && !gg_node_is_null(x->loop))
		indexed_eval_data(c, x, ref, &e.ev);
	e.in_loop = x->in_loop;
	e.grad_on = x->grad_on;
	e.untrained = sem_built_untrained(c, x, recv, ref->start);
	e.loaded = loaded;
	e.warm_up = sem_warm_up(c, x, ref);
	e.detached = sem_detached_output(c, ref->node);
	e.may_differentiate = differentiates < 0;
	e.ev.eval_input = gg_node_null();
	if (gg_node_is_null(e.ev.loop_iter)) {
		e.ev.eval_input = eval_argument(c, ref->node);
		e.ev.loop_iter = comprehension_iter(c, ref->node, stmt, &e.ev.loop_start, &e.ev.loop_end);
		if (!gg_node_is_null(e.ev.loop_iter))
			e.in_loop = true;
	}
	PUSH(c, c->events, c->events_len, c->events_cap, e);
	gg_tree_index *ix = c->index;
	/*
	 * A warm-up's result is thrown away: nothing downstream carries its
	 * history. A holder's method returns what it chooses (`loss.data, err`),
	 * as a shared step does (`loss.item(), acc`): no evidence of history for
	 * what accumulates it.
	 */
	if (!e.warm_up && !held && !step)
		PUSH(c, ix->forwards, ix->forwards_len, ix->forwards_cap, ((gg_byte_range){ ref->start, ref->end }));
}

/* Whether a module-level call hands on a loaded model: an argument that is a name bound to one. */
static bool hands_loaded_model(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	gg_node args = FIELD(ref->node, arguments);
	uint32_t count = x->func == 0 && IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
	for (uint32_t i = 0; i < count; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, keyword_argument))
			a = FIELD(a, value);
		if (!IS(a, identifier))
			continue;
		span name = node_span(c, a);
		const bind *b = sem_bind_at(c, x, name);
		if (b ? b->kind == BIND_LOADED : sem_spanset_has(&c->loaded, name))
			return true;
	}
	return false;
}

/* Pushes the call-graph edge s, named and kinded by the caller, with where it stands: ref in x. */
static void site_push(semantic *c, const ctx *x, const gg_call_ref *ref, site s)
{
	s.loaded = s.loaded || hands_loaded_model(c, x, ref);
	s.call = ref->node;
	s.caller = x->func;
	s.callee = -1;
	s.caller_cls = c->funcs[x->func].cls;
	s.grad_off = x->grad_off;
	s.grad_on = x->grad_on;
	/* A method called on the model put in eval mode (flow.density(grid) after flow.eval()) runs that model. */
	gg_node fn = FIELD(ref->node, function);
	gg_node object = IS(fn, attribute) ? FIELD(fn, object) : gg_node_null();
	s.ev = sem_evidence_here(c, x, !gg_node_is_null(object) && sem_is_name_chain(c, object) ? node_span(c, object) : (span){ NULL, 0 },
				 ref->start);
	s.ev.at = ref->start;
	PUSH(c, c->sites, c->sites_len, c->sites_cap, s);
}

int sem_param_arguments(semantic *c, int fi, span name, sem_argument_fn fn, void *ctx)
{
	const func *f = &c->funcs[fi];
	gg_node dflt;
	int place = fi > 0 && f->cls < 0 ? sem_parameter_index(c, f->def, name, &dflt) : -1;
	if (place < 0)
		return -1;
	int calls = 0;
	const gg_tree_index *ix = c->index;
	for (size_t i = sem_named_first(c->call_names, c->call_names_len, f->name);
	     i < c->call_names_len && span_eq(c->call_names[i].name, f->name); i++) {
		const gg_call_ref *r = &ix->calls[c->call_names[i].index];
		if (r->names != 1)
			continue; /* obj.f(...): another f */
		bool unknown = false;
		gg_node arg = sem_argument_for(c, FIELD(r->node, arguments), place, name, &unknown);
		if (unknown || !IS(arg, identifier) || !fn(c, node_span(c, arg), sem_func_at(c, r->start), r->start, ctx))
			return -1;
		calls++;
	}
	return calls;
}

/* sem_param_arguments' visit for param_instance_class: *ctx the class so far (-1: none yet). */
static bool passes_instance(semantic *c, span arg, int scope, uint32_t at, void *ctx)
{
	int *cls = ctx;
	const bind *b = sem_bind_before(c, arg, scope, at);
	if (!b || b->cls < 0 || (*cls >= 0 && b->cls != *cls))
		return false;
	*cls = b->cls;
	return true;
}

/*
 * The class of this file whose instance every call of function fi in the
 * file passes for its parameter name (`eval_policy(policy)` after
 * `policy = Agent(...)`), or -1: a parameter's origin is what its call
 * sites hand it.
 */
static int param_instance_class(semantic *c, int fi, span name)
{
	int cls = -1;
	return sem_param_arguments(c, fi, name, passes_instance, &cls) > 0 ? cls : -1;
}

/*
 * An edge to method name of class cls (of this file) for an instance's call;
 * false for no class, or for forward of a module class (a module's forward
 * is reported as one, not a call into it).
 */
static bool instance_site_push(semantic *c, const ctx *x, const gg_call_ref *ref, span name, int cls)
{
	if (cls < 0 || (span_is(name, "forward") && (sem_class_kind(c, &c->classes[cls], 0) & CLASS_MODULE)))
		return false;
	site s;
	memset(&s, 0, sizeof s);
	s.name = name;
	s.inst_cls = cls;
	site_push(c, x, ref, s);
	return true;
}

/*
 * t.f(...) where t was made by a class of this file (`t = Trainer()`, or one
 * of several in `if`/`else` branches before the call), or is a parameter its
 * callers hand such an instance: an edge to f of each such class. Whether t
 * is one is its origin, not its name. False when t is no such instance, and
 * the other kinds of site are tried.
 */
static bool instance_sites(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	span obj = text_between(c, ref->start, ref->root_end);
	span name = text_between(c, ref->last_start, ref->callee_end);
	if (span_is(obj, "self") || span_is(obj, "cls") || !sem_is_func_name(c, name))
		return false;
	const bind *b = sem_bind_at(c, x, obj);
	if (!b) {
		/* A module handed in, run by net.forward(x): the same as below. */
		return instance_site_push(c, x, ref, name, param_instance_class(c, x->func, obj));
	}
	if (b->cls < 0)
		return false;
	/* t.forward(x) of a module t: the module's forward, reported as one (site_record), not a call into its insides. */
	if (span_is(name, "forward") && (sem_class_kind(c, &c->classes[b->cls], 0) & CLASS_MODULE))
		return false;
	/* Walk back over this scope's earlier bindings of t while each makes an instance of a class here. */
	for (size_t i = (size_t)(b - c->binds) + 1; i-- > 0 && span_eq(c->binds[i].name, obj) && !c->error;) {
		b = &c->binds[i];
		if (b->func != x->func)
			continue;
		if (b->cls < 0)
			break;
		site s;
		memset(&s, 0, sizeof s);
		s.name = name;
		s.inst_cls = b->cls;
		/* A module class's instance built here on synthetic tensors, or a top level's one-item demo. */
		s.shape_check = sem_shape_check(c, x, ref, obj) || sem_one_item_demo(c, x, ref);
		site_push(c, x, ref, s);
	}
	return true;
}

/*
 * self.t.f(...) where the caller's class keeps in self.t an instance of a
 * class of this file (`self.extractor = Extractor(self.model)` in any of its
 * methods, each such assignment the same class): an edge to that class's f,
 * as for a local t. False when self.t is no such instance.
 */
static bool self_instance_sites(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	int own = x->func > 0 ? c->funcs[x->func].cls : -1;
	span attr = text_between(c, ref->start, ref->object_end);
	span name = text_between(c, ref->last_start, ref->callee_end);
	if (own < 0 || !sem_is_func_name(c, name))
		return false;
	int cls = -1;
	for (size_t n = sem_named_first(c->assign_names, c->assign_names_len, attr);
	     n < c->assign_names_len && span_eq(c->assign_names[n].name, attr); n++) {
		size_t i = (size_t)c->assign_names[n].index;
		int fi = sem_func_at(c, gg_node_start_byte(c->assign_left[i]));
		if (fi <= 0 || c->funcs[fi].cls != own)
			continue;
		gg_node right = c->assign_right[i];
		gg_node fn = IS(right, call) ? FIELD(right, function) : gg_node_null();
		klass *k = IS(fn, identifier) ? sem_class_find(c, node_span(c, fn)) : NULL;
		if (!k || (cls >= 0 && cls != (int)(k - c->classes)))
			return false;
		cls = (int)(k - c->classes);
	}
	return instance_site_push(c, x, ref, name, cls);
}

/*
 * The factory whose result a plain name holds at a call: the name bound,
 * here, to a call of a top-level function of this file (the only one of
 * that name), or 0. Whether it returns a def nested in it is asked once
 * every def is walked (calls.c): the value's origin, the function that
 * returned it.
 */
static int factory_called(semantic *c, const ctx *x, span name)
{
	const bind *b = sem_bind_at(c, x, name);
	if (!b || b->cls >= 0)
		return 0;
	for (size_t i = sem_named_first(c->assign_names, c->assign_names_len, name);
	     i < c->assign_names_len && span_eq(c->assign_names[i].name, name); i++) {
		size_t k = (size_t)c->assign_names[i].index;
		if (gg_node_start_byte(c->assign_left[k]) != b->at)
			continue;
		gg_node right = c->assign_right[k], fn = IS(right, call) ? FIELD(right, function) : gg_node_null();
		if (!IS(fn, identifier))
			return 0;
		span callee = node_span(c, fn);
		int only = 0;
		for (size_t j = sem_func_names_lower(c, callee); j + 1 < c->funcs_len && span_eq(c->func_names[j].name, callee); j++) {
			if (only)
				return 0;
			only = c->func_names[j].index;
		}
		return only > 0 && c->funcs[only].parent == 0 && c->funcs[only].cls < 0 ? only : 0;
	}
	return 0;
}

/* f(...) or self.f(...) where f is a function of this file: a call-graph edge. */
static void site_record(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	site s;
	memset(&s, 0, sizeof s);
	if (ref->names == 1) {
		s.name = text_between(c, ref->start, ref->callee_end);
		/* `loop(phase=...)` after `loop = make_loop(...)`: the def the factory returned, if it returns one. */
		s.factory = factory_called(c, x, s.name);
	} else if (ref->names == 2 && (span_is(text_between(c, ref->start, ref->root_end), "self") ||
				       span_is(text_between(c, ref->start, ref->root_end), "cls"))) {
		s.name = text_between(c, ref->last_start, ref->callee_end);
		s.method = true;
		/* self.forward(x) in a module's method: the module's own forward, reported as one, not a call into it. */
		if (span_is(s.name, "forward") && x->module_class >= 0)
			return;
	} else if (ref->names == 2 && ref->plain && instance_sites(c, x, ref)) {
		return;
	} else if (ref->names == 3 && ref->plain && span_is(text_between(c, ref->start, ref->root_end), "self") &&
		   self_instance_sites(c, x, ref)) {
		return;
	} else if (ref->attribute && IS(FIELD(ref->callee, object), call) &&
		   text_eq(c, FIELD(FIELD(ref->callee, object), function), "super")) {
		/* super().test(iters): the base's method, run on this instance. */
		s.name = node_span(c, FIELD(ref->callee, attribute));
		s.method = true;
		s.super_call = true;
	} else if (ref->names >= 2 && ref->plain) {
		/* net.validation_step(x): a module's method run from outside its class. */
		chain obj = sem_chain_of_object(c, ref);
		bool loaded;
		s.name = text_between(c, ref->last_start, ref->callee_end);
		/*
		 * model.forward(x) is the model's forward, reported as one: its
		 * insides are the model's, not evaluation code. A library's object
		 * (`st = SentenceTransformer(...)`, then `st.encode(x)`) runs the
		 * library's method, not one of this file's of that name.
		 */
		if (span_is(s.name, "forward") || !sem_is_func_name(c, s.name) || sem_lib_object_in_force(c, x, obj.text) ||
		    !sem_chain_is_model(c, x, &obj, &loaded))
			return;
		s.on_model = true;
		s.loaded = loaded && x->func == 0;
		s.shape_check = sem_shape_check(c, x, ref, obj.text) || sem_one_item_demo(c, x, ref);
	} else {
		return;
	}
	if (!sem_is_func_name(c, s.name))
		return;
	s.inst_cls = -1;
	site_push(c, x, ref, s);
}

/* Records the forwards and the call-graph edges of an expression or simple statement. */
void sem_scan_calls(semantic *c, const ctx *x, gg_node node)
{
	if (x->exempt || gg_node_has_error(node))
		return;
	const gg_tree_index *ix = c->index;
	if (ix->calls_exact) {
		/*
		 * The calls of node are those of the facts walk within its byte
		 * range (node is never inside a lambda: it is a statement or a
		 * part of one), in the order a walk of node meets them.
		 */
		uint32_t end = gg_node_end_byte(node);
		for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, gg_node_start_byte(node));
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
	for (gg_node n = node; !gg_node_is_null(n);) {
		if (IS(n, call)) {
			gg_call_ref ref;
			gg_call_ref_init(&ref, &c->sem->ids, c->text, c->len, n);
			site_record(c, x, &ref);
			if (!x->grad_off && !x->train_branch)
				event_record(c, x, &ref, node);
		}
		if (c->error)
			return;
		/* A lambda's body runs where it is called: not here. */
		n = gg_node_walk_next(node, n, !IS(n, lambda));
	}
}

static ctx ctx_nested(const ctx *x)
{
	ctx sub = *x;
	sub.base = sub.hi;
	sub.depth++;
	return sub;
}

/*
 * A name in eval mode bound anew to a value that is not made from it
 * (`model = resnet18()` after `model = resnet18().eval()`): a new module, in
 * training mode. `model = model.half()`, `net = torch.compile(net)` keep it.
 */
static bool rebinds_receiver(semantic *c, const ctx *x, gg_node stmt, gg_node *target)
{
	if (!IS(stmt, expression_statement) || gg_node_named_child_count(stmt) != 1)
		return false;
	gg_node e = gg_node_named_child(stmt, 0);
	if (!IS(e, assignment) || gg_node_is_null(FIELD(e, right)))
		return false;
	*target = FIELD(e, left);
	if (!sem_is_name_chain(c, *target))
		return false;
	span name = node_span(c, *target), right = node_span(c, FIELD(e, right));
	if (!sem_receiver_find(c, x, name))
		return false;
	for (size_t at = 0; at + name.len <= right.len; at++) {
		if (memcmp(right.ptr + at, name.ptr, name.len) != 0)
			continue;
		char before = at ? right.ptr[at - 1] : ' ', after = at + name.len < right.len ? right.ptr[at + name.len] : ' ';
		if (!isalnum((unsigned char)before) && before != '_' && before != '.' && !isalnum((unsigned char)after) && after != '_')
			return false; /* made from it */
	}
	return true;
}

static void walk_simple(semantic *c, ctx *x, gg_node stmt)
{
	sem_scan_calls(c, x, stmt);

	gg_node receiver_node, call;
	mode_change m = sem_eval_receiver_of(c, stmt, &receiver_node, &call);
	if (m != MODE_NONE)
		sem_eval_region_apply(c, x, m, receiver_node, call);
	else if (rebinds_receiver(c, x, stmt, &receiver_node))
		sem_eval_region_apply(c, x, MODE_TRAIN, receiver_node, gg_node_null()); /* its region ends, as at .train() */
	/* Choice: after X.train() the code runs training mode on purpose, whatever the function is named. */
	if (m == MODE_TRAIN) {
		x->after_train = true;
		PUSH(c, c->train_modes, c->train_modes_len, c->train_modes_cap,
		     ((frozen){ node_span(c, receiver_node), gg_node_start_byte(stmt) }));
	}
	else if (m == MODE_EVAL)
		x->after_train = false;

	grad_context g = sem_bare_grad_statement(c, stmt);
	if (g == GRAD_OFF || g == GRAD_CONTROLLED) {
		x->grad_off = true;
		x->grad_on = false;
		sem_grad_off_note(c, stmt, g);
	} else if (g == GRAD_ON) {
		x->grad_off = false;
		x->grad_on = true;
	} else if (g == GRAD_NONE && IS(stmt, expression_statement) && gg_node_named_child_count(stmt) == 1 &&
		   IS(gg_node_named_child(stmt, 0), call) && sem_grad_context_of(c, gg_node_named_child(stmt, 0)) == GRAD_OFF &&
		   c->funcs[x->func].nograd_bare == UINT32_MAX) {
		/* `torch.no_grad()` on a line of its own: the context is made and dropped, and nothing is turned off. */
		c->funcs[x->func].nograd_bare = gg_node_start_byte(stmt);
	}
}

/* The position of a parameter named name of def, or -1. */
int sem_parameter_index(const semantic *c, gg_node def, span name, gg_node *dflt)
{
	gg_node params = FIELD(def, parameters);
	uint32_t count = gg_node_is_null(params) ? 0 : gg_node_named_child_count(params);
	*dflt = gg_node_null();
	for (uint32_t i = 0, pos = 0; i < count; i++) {
		gg_node p = gg_node_named_child(params, i);
		if (IS(p, comment))
			continue;
		gg_node id = sem_parameter_name(c, p);
		if (IS(id, identifier) && span_eq(node_span(c, id), name)) {
			*dflt = FIELD(p, value);
			return (int)pos;
		}
		pos++;
	}
	return -1;
}

/*
 * Whether if_stmt tests a parameter of its function, as a shared step's
 * `if train:` or `if mode == "train":` does; records the flag and the
 * branch's range.
 */
bool sem_mode_tested(const semantic *c, gg_node test, span mode)
{
	for (gg_node n = test; !gg_node_is_null(n); n = gg_node_walk_next(test, n, true)) {
		span s;
		if ((IS(n, string) || IS(n, attribute)) && sem_mode_value(c, n, &s) && span_eq(s, mode))
			return true;
	}
	return false;
}

bool sem_mode_value(const semantic *c, gg_node n, span *out)
{
	if (IS(n, attribute) && sem_is_name_chain(c, n)) {
		*out = node_span(c, n);
		return true;
	}
	return sem_string_value(c, n, out);
}

bool sem_flag_default_false(const semantic *c, const func *f, gg_node dflt)
{
	span d;
	if (f->flag_string)
		return sem_mode_value(c, dflt, &d) && !sem_mode_tested(c, f->flag_test, d);
	return f->flag_negated ? IS(dflt, true) : IS(dflt, false) || IS(dflt, none);
}

/*
 * Whether cond is `name == "str"`, or an `or` of such tests of one name
 * (`mode == "train" or mode == "train+log"`): *name and the first string.
 */
static bool mode_test(const semantic *c, gg_node cond, gg_node *name, span *value, unsigned depth)
{
	if (IS(cond, boolean_operator) && depth < MAX_NAME_SEGMENTS) {
		gg_node op = FIELD(cond, operator);
		gg_node right_name;
		span right_value;
		return !gg_node_is_null(op) && strcmp(gg_node_type(op), "or") == 0 &&
		       mode_test(c, FIELD(cond, left), name, value, depth + 1) &&
		       mode_test(c, FIELD(cond, right), &right_name, &right_value, depth + 1) &&
		       span_eq(node_span(c, *name), node_span(c, right_name));
	}
	if (!IS(cond, comparison_operator) || gg_node_child_count(cond) != 3 ||
	    !span_is(node_span(c, gg_node_child(cond, 1)), "==") || !sem_mode_value(c, gg_node_named_child(cond, 1), value))
		return false;
	*name = gg_node_named_child(cond, 0);
	return IS(*name, identifier);
}

/* Whether cond is `and`: a branch under `a and b` runs only when each holds. */
static bool conjunction(const semantic *c, gg_node cond)
{
	gg_node op = IS(cond, boolean_operator) ? FIELD(cond, operator) : gg_node_null();
	return !gg_node_is_null(op) && strcmp(gg_node_type(op), "and") == 0;
}

static bool flag_condition(semantic *c, const ctx *x, gg_node cond, gg_node block, unsigned depth);

/* Records the flag of `if <flag>:` (or elif, or one conjunct of `if not flag and fp16:`) around block. */
static bool flag_branch(semantic *c, const ctx *x, gg_node if_stmt, gg_node block)
{
	return flag_condition(c, x, FIELD(if_stmt, condition), block, 0);
}

static bool flag_condition(semantic *c, const ctx *x, gg_node cond, gg_node block, unsigned depth)
{
	if (conjunction(c, cond))
		return depth < MAX_NAME_SEGMENTS && (flag_condition(c, x, FIELD(cond, left), block, depth + 1) ||
						     flag_condition(c, x, FIELD(cond, right), block, depth + 1));
	gg_node test = cond, named;
	func *f = &c->funcs[x->func];
	span value = { NULL, 0 };
	bool string = mode_test(c, cond, &named, &value, 0), negated = false;
	if (string) {
		cond = named;
	} else if (IS(cond, not_operator)) {
		/* `if not validating:` around the backward: the flag names the evaluation half. */
		cond = FIELD(cond, argument);
		negated = true;
	}
	/* `if optimize == True:` (or `is True`) is `if optimize:`; `== False` is its `not`. */
	else if (IS(cond, comparison_operator) && gg_node_child_count(cond) == 3 &&
		 (IS(gg_node_named_child(cond, 1), true) || IS(gg_node_named_child(cond, 1), false)) &&
		 (span_is(node_span(c, gg_node_child(cond, 1)), "==") || span_is(node_span(c, gg_node_child(cond, 1)), "is"))) {
		negated = IS(gg_node_named_child(cond, 1), false);
		cond = gg_node_named_child(cond, 0);
	}
	/* `if optimizer is not None:` tests what `if optimizer:` does: a call passing None turns it off. */
	else if (IS(cond, comparison_operator) && gg_node_named_child_count(cond) == 2 &&
		 IS(gg_node_named_child(cond, 1), none) && span_is(node_span(c, gg_node_child(cond, 1)), "is not"))
		cond = gg_node_named_child(cond, 0);
	if (x->func == 0 || !IS(cond, identifier))
		return false;
	span name = node_span(c, cond);
	gg_node dflt;
	int index = sem_parameter_index(c, f->def, name, &dflt);
	if (index < 0 || (f->flag.len && (!span_eq(f->flag, name) || f->flag_string != string ||
					  f->flag_negated != negated || (string && !span_eq(f->flag_value, value)))))
		return false;
	f->flag = name;
	f->flag_index = index;
	f->flag_string = string;
	f->flag_negated = negated;
	f->flag_value = value;
	f->flag_test = string ? test : gg_node_null();
	f->flag_default_false = sem_flag_default_false(c, f, dflt);
	flag_range r = { x->func, gg_node_start_byte(block), gg_node_end_byte(block) };
	PUSH(c, c->flags, c->flags_len, c->flags_cap, r);
	return true;
}

/* Whether if_stmt ends in an else with no elif before it: the one branch that runs when its test is false. */
static bool lone_else(const semantic *c, gg_node if_stmt)
{
	gg_node alt = gg_node_child_by_field_name(if_stmt, "alternative", 11);
	return IS(alt, else_clause) && !IS(gg_node_prev_named_sibling(alt), elif_clause);
}

/* The parameter an `if` tests for truth (`if train:` +1, `if not validating:` -1), or 0. */
static int parameter_test(const semantic *c, const func *f, gg_node if_stmt, span *name)
{
	gg_node cond = FIELD(if_stmt, condition);
	/* `if not validating and fp16:`: the first conjunct that tests a parameter. */
	for (unsigned depth = 0; conjunction(c, cond) && depth < MAX_NAME_SEGMENTS; depth++) {
		gg_node left = FIELD(cond, left);
		bool plain = IS(left, identifier) || (IS(left, not_operator) && IS(FIELD(left, argument), identifier));
		cond = plain ? left : FIELD(cond, right);
	}
	int polarity = 1;
	if (IS(cond, not_operator)) {
		cond = FIELD(cond, argument);
		polarity = -1;
	}
	gg_node dflt;
	if (!IS(cond, identifier) || sem_parameter_index(c, f->def, node_span(c, cond), &dflt) < 0)
		return 0;
	*name = node_span(c, cond);
	return polarity;
}

/*
 * Which truth of parameter name the backward of function f runs under: +1
 * for `if name:` around it, -1 for `if not name:`, 0 neither. Read ahead of
 * the walk, so that a forward under the same test earlier in the step
 * (`if not validating: preds = model(x)`, its else under no_grad) is known
 * as the training half's.
 */
static int backward_truth(const semantic *c, const func *f, span name)
{
	gg_node body = FIELD(f->def, body);
	for (gg_node n = body; !gg_node_is_null(n);
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda))) {
		span tested;
		gg_node then = FIELD(n, consequence);
		int polarity;
		if ((IS(n, if_statement) || IS(n, elif_clause)) && (polarity = parameter_test(c, f, n, &tested)) != 0 &&
		    span_eq(tested, name) &&
		    sem_offsets_any_in(&c->backward, gg_node_start_byte(then), gg_node_end_byte(then)))
			return polarity;
	}
	return 0;
}

/* Which branch of a shared step's if_stmt is its training half: 1 the body, 2 the else, 0 neither. */
static int flag_training_branch(const semantic *c, const ctx *x, gg_node if_stmt)
{
	if (x->func <= 0)
		return 0;
	const func *f = &c->funcs[x->func];
	span name;
	int polarity = parameter_test(c, f, if_stmt, &name);
	int truth = polarity ? backward_truth(c, f, name) : 0;
	if (!truth)
		return 0;
	if (truth == polarity)
		return 1;
	/* The else of `if fitting and fp16:` runs in either half. */
	return lone_else(c, if_stmt) && !conjunction(c, FIELD(if_stmt, condition)) ? 2 : 0;
}

/*
 * Which branch of if_stmt runs only while a module trains: 1 for the body of
 * `if X.training:`, 2 for the else of `if not X.training:`, 0 for neither.
 * An evaluation caller's X.eval() never takes it, and training needs what it
 * computes, so its forwards are no evaluation's.
 */
static int training_branch(const semantic *c, gg_node if_stmt)
{
	gg_node cond = FIELD(if_stmt, condition);
	int which = 1;
	if (IS(cond, not_operator)) {
		cond = FIELD(cond, argument);
		which = 2;
	}
	return IS(cond, attribute) && span_is(node_span(c, FIELD(cond, attribute)), "training") ? which : 0;
}

/* Whether literal v (a string or a number: '0.4.0', "0.3", 0.4) names a release before torch 1.0. */
static bool version_before_one(const semantic *c, gg_node v)
{
	span t = node_span(c, v);
	if (IS(v, string)) {
		if (!sem_string_value(c, v, &t))
			return false;
	} else if (!IS(v, float)) {
		return false;
	}
	return t.len >= 2 && t.ptr[0] == '0' && t.ptr[1] == '.';
}

static bool reads_version(const semantic *c, gg_node n)
{
	span t = node_span(c, n);
	return memmem(t.ptr, t.len, "__version__", 11) != NULL;
}

/* The first string or number literal in n (`LooseVersion('0.4.0')`, `version.parse("0.4")`, `0.4`). */
static gg_node version_literal(const semantic *c, gg_node n)
{
	for (gg_node d = n; !gg_node_is_null(d); d = gg_node_walk_next(n, d, true))
		if (IS(d, string) || IS(d, float) || IS(d, integer))
			return d;
	return gg_node_null();
}

/*
 * Which branch of if_stmt runs only on a torch before 1.0: 1 the body of
 * `if torch.__version__ < "0.4":`, 2 the else of `if LooseVersion(torch.__version__)
 * >= LooseVersion("0.4.0"):`, 0 neither (another test, an elif chain). What such
 * a branch does (`volatile=True`, which worked then) runs on no torch anyone
 * uses now.
 */
static int old_torch_branch(const semantic *c, gg_node if_stmt)
{
	gg_node cond = FIELD(if_stmt, condition);
	bool flip = false;
	for (unsigned depth = 0; depth < MAX_NAME_SEGMENTS; depth++) {
		if (IS(cond, not_operator)) {
			flip = !flip;
			cond = FIELD(cond, argument);
		} else if (IS(cond, parenthesized_expression) && gg_node_named_child_count(cond) == 1) {
			cond = gg_node_named_child(cond, 0);
		} else {
			break;
		}
	}
	if (!IS(cond, comparison_operator) || gg_node_child_count(cond) != 3)
		return 0;
	gg_node left = gg_node_child(cond, 0), right = gg_node_child(cond, 2);
	span op = node_span(c, gg_node_child(cond, 1));
	bool less = span_is(op, "<") || span_is(op, "<="), more = span_is(op, ">") || span_is(op, ">=");
	bool version_left = reads_version(c, left);
	if ((!less && !more) || version_left == reads_version(c, right))
		return 0;
	gg_node lit = version_literal(c, version_left ? right : left);
	if (gg_node_is_null(lit) || !version_before_one(c, lit))
		return 0;
	bool old_when_true = (version_left ? less : more) != flip;
	if (old_when_true)
		return 1;
	return lone_else(c, if_stmt) ? 2 : 0;
}

/*
 * The evaluation data a while loop's test measures (`while i < len(val_data):`,
 * `while len(preds) < len(test_series):`): the loop steps through it as a
 * for over it would. A null node where no len() of such data is tested.
 */
static gg_node while_eval_data(const semantic *c, gg_node cond)
{
	for (gg_node n = cond; !gg_node_is_null(n); n = gg_node_walk_next(cond, n, !IS(n, lambda))) {
		if (!IS(n, call) || !IS(FIELD(n, function), identifier) || !span_is(node_span(c, FIELD(n, function)), "len"))
			continue;
		gg_node args = FIELD(n, arguments);
		if (IS(args, argument_list) && sem_argument_count(c, args) == 1 &&
		    sem_iterable_says_eval(c, sem_argument_at(c, args, 0)))
			return sem_argument_at(c, args, 0);
	}
	return gg_node_null();
}

/*
 * Whether if_stmt (or an elif) tests the phase loop's variable against the
 * name of the phase that trains (`if phase == "train":`): its body is the
 * training half.
 */
static bool phase_test(const semantic *c, const ctx *x, gg_node if_stmt)
{
	gg_node name;
	span value;
	return !gg_node_is_null(x->phase_loop) && mode_test(c, FIELD(if_stmt, condition), &name, &value, 0) &&
	       span_eq(node_span(c, name), node_span(c, FIELD(x->phase_loop, left))) && span_eq(value, x->phase_train);
}

/*
 * The phase that trains in a loop over phase names (`for phase in ["train",
 * "val"]:`): every backward in its body sits under `if phase == "train":`,
 * and another name of the list runs the same body, forwards and all,
 * with grad still on. The torchvision fine-tuning tutorial's loop without
 * its set_grad_enabled(phase == "train"). Empty where the loop is no such.
 */
static span phase_loop_train(const semantic *c, gg_node loop)
{
	span none = { NULL, 0 }, train = none;
	gg_node var = FIELD(loop, left), names = FIELD(loop, right), body = FIELD(loop, body);
	if (!IS(var, identifier) || !(IS(names, list) || IS(names, tuple)) || gg_node_is_null(body) ||
	    gg_node_named_child_count(names) < 2)
		return none;
	uint32_t start = gg_node_start_byte(body), end = gg_node_end_byte(body);
	span v = node_span(c, var);
	for (size_t i = 0; i < c->backward.len; i++) {
		uint32_t at = c->backward.items[i];
		if (at < start || at >= end)
			continue;
		span found = none;
		gg_node n = gg_node_descendant_for_byte_range(body, at, at);
		for (gg_node child = n, p = gg_node_parent(n); !gg_node_is_null(p) && gg_node_start_byte(p) >= start;
		     child = p, p = gg_node_parent(p)) {
			gg_node name;
			span value;
			if ((IS(p, if_statement) || IS(p, elif_clause)) && gg_node_eq(child, FIELD(p, consequence)) &&
			    mode_test(c, FIELD(p, condition), &name, &value, 0) && span_eq(node_span(c, name), v)) {
				found = value;
				break;
			}
		}
		if (!found.len || (train.len && !span_eq(train, found)))
			return none;
		train = found;
	}
	if (!train.len)
		return none;
	bool listed = false, other = false;
	for (uint32_t k = 0, n = gg_node_named_child_count(names); k < n; k++) {
		span s;
		if (!sem_string_value(c, gg_node_named_child(names, k), &s))
			return none;
		listed = listed || span_eq(s, train);
		other = other || !span_eq(s, train);
	}
	return listed && other ? train : none;
}

static void walk_compound(semantic *c, const ctx *x, gg_node node)
{
	bool loop = IS(node, for_statement) || IS(node, while_statement);
	gg_node eval_data = IS(node, for_statement) ? FIELD(node, right)
			    : IS(node, while_statement) ? while_eval_data(c, FIELD(node, condition))
							: gg_node_null();
	bool eval_loop = !gg_node_is_null(eval_data) && (!IS(node, for_statement) || sem_iterable_says_eval(c, eval_data));
	int training = IS(node, if_statement) ? training_branch(c, node) : 0;
	if (IS(node, if_statement) && !training) {
		training = flag_training_branch(c, x, node);
		/* The other half runs only on the calls that pass the flag false (a lone else, or the body of `if not train:`). */
		gg_node half = training == 1 && lone_else(c, node) ? gg_node_child_by_field_name(node, "alternative", 11)
			       : training == 2			   ? FIELD(node, consequence)
								   : gg_node_null();
		if (!gg_node_is_null(half))
			PUSH(c, c->eval_halves, c->eval_halves_len, c->eval_halves_cap, ((eval_half){ x->func, half }));
	} else if (IS(node, elif_clause) && flag_training_branch(c, x, node) == 1)
		training = 1; /* `elif not validating:` */
	if ((IS(node, if_statement) || IS(node, elif_clause)) && phase_test(c, x, node))
		training = 1;
	span phase_train = IS(node, for_statement) ? phase_loop_train(c, node) : (span){ NULL, 0 };
	int old = IS(node, if_statement) ? old_torch_branch(c, node) : 0;
	uint32_t count = gg_node_named_child_count(node);
	for (uint32_t i = 0; i < count && !c->error; i++) {
		gg_node ch = gg_node_named_child(node, i);
		if ((old == 1 && gg_node_eq(ch, FIELD(node, consequence))) || (old == 2 && IS(ch, else_clause))) {
			gg_byte_range r = { gg_node_start_byte(ch), gg_node_end_byte(ch) };
			PUSH(c, c->old_torch, c->old_torch_len, c->old_torch_cap, r);
			continue; /* not walked: no forward, no event of it is anyone's today */
		}
		TSSymbol sym = gg_node_symbol(ch);
		const char *type = sym == c->sem->ids.sym_block ? "block" : gg_node_type(ch);
		ctx sub = ctx_nested(x);
		if (training == 2 && IS(ch, else_clause)) {
			sub.train_branch = true;
			training = 0;
		}
		if (sym == c->sem->ids.sym_block) {
			sub.in_loop = sub.in_loop || loop;
			if (loop)
				sub.loop = node;
			sub.block_end = gg_node_end_byte(ch);
			if (phase_train.len) {
				sub.phase_loop = node;
				sub.phase_train = phase_train;
			}
			if (eval_loop) {
				sub.loop_iter = eval_data;
				sub.loop_start = gg_node_start_byte(node);
				sub.loop_end = gg_node_end_byte(node);
			}
			/* Only a branch that trains is the training half of a shared step. */
			if ((IS(node, if_statement) || IS(node, elif_clause)) && gg_node_eq(ch, FIELD(node, consequence)) &&
			    sem_offsets_any_in(&c->backward, gg_node_start_byte(ch), gg_node_end_byte(ch)) &&
			    flag_branch(c, x, node, ch))
				sub.train_branch = true;
			if (training == 1 && gg_node_eq(ch, FIELD(node, consequence)))
				sub.train_branch = true;
			sem_walk_block(c, sub, ch);
		} else if (strstr(type, "_clause") && strcmp(type, "if_clause") != 0) {
			if (sub.depth <= MAX_BLOCK_DEPTH)
				walk_compound(c, &sub, ch);
		} else if (sym != c->sem->ids.sym_comment) {
			sem_scan_calls(c, x, ch);
		}
	}
}

static void walk_with(semantic *c, const ctx *x, gg_node node)
{
	ctx sub = ctx_nested(x);
	uint32_t count = gg_node_named_child_count(node);
	for (uint32_t i = 0; i < count; i++) {
		gg_node ch = gg_node_named_child(node, i);
		if (!IS(ch, with_clause))
			continue;
		sem_scan_calls(c, x, ch);
		/* A clause we cannot read might be the no_grad being typed. */
		grad_context g = gg_node_has_error(ch) ? GRAD_OFF : sem_with_grad(c, ch);
		if (g == GRAD_OFF || g == GRAD_CONTROLLED) {
			sub.grad_off = true;
			sub.grad_on = false;
			sem_grad_off_note(c, node, g);
			func *f = &c->funcs[x->func];
			if (f->nograd_with == UINT32_MAX)
				f->nograd_with = gg_node_start_byte(node);
		} else if (g == GRAD_ON) {
			sub.grad_off = false;
			sub.grad_on = true;
		}
	}
	gg_node body = FIELD(node, body);
	sub.block_end = gg_node_end_byte(body);
	sem_walk_block(c, sub, body);
}

static void walk_class(semantic *c, const ctx *x, gg_node node)
{
	ctx sub = ctx_nested(x);
	unsigned kind = sem_class_kind_of(c, node);
	sub.cls = -1;
	/* Index the class by its position in c->classes for methods. */
	span name = node_span(c, FIELD(node, name));
	for (klass *k = sem_class_find(c, name); k && k < c->classes + c->classes_len && span_eq(k->name, name); k++)
		if (gg_node_eq(k->node, node))
			sub.cls = (int)(k - c->classes);
	sub.exempt = x->exempt || (kind & CLASS_TESTCASE);
	gg_node body = FIELD(node, body);
	sub.block_end = gg_node_end_byte(body);
	sem_walk_block(c, sub, body);
}

/* Whether fn's own body (nested definitions aside) assigns name or declares it global: then it is fn's to speak of. */
static bool binds_name(semantic *c, gg_node fn, span name)
{
	gg_node body = FIELD(fn, body);
	for (gg_node n = body; !gg_node_is_null(n);
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda))) {
		gg_node t = IS(n, assignment) || IS(n, augmented_assignment) ? FIELD(n, left) : gg_node_null();
		if ((IS(t, identifier) || IS(t, attribute)) && span_eq(node_span(c, t), name))
			return true;
		for (uint32_t k = 0; IS(n, global_statement) && k < gg_node_named_child_count(n); k++)
			if (span_eq(node_span(c, gg_node_named_child(n, k)), name))
				return true;
	}
	return false;
}

/* Whether within text calls name.train(: a module put back in training, whose mode no call can know. */
static bool text_trains(span text, span name)
{
	const char *start = text.ptr, *end = text.ptr + text.len;
	for (const char *p = start; (p = memmem(p, (size_t)(end - p), name.ptr, name.len)) != NULL; p += name.len) {
		const char *after = p + name.len;
		if ((p == start || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.')) &&
		    (size_t)(end - after) >= 7 && memcmp(after, ".train(", 7) == 0)
			return true;
	}
	return false;
}

/*
 * Starts function def in receiver's eval region (call: its .eval()
 * elsewhere), as evidence for receiver's own forwards, when def's text
 * names the receiver at all.
 */
static void seed_eval(semantic *c, ctx *sub, gg_node def, gg_node receiver_node, gg_node call)
{
	span name = node_span(c, receiver_node), body = node_span(c, FIELD(def, body));
	if (!memmem(body.ptr, body.len, name.ptr, name.len))
		return;
	sem_eval_region_apply(c, sub, MODE_EVAL, receiver_node, call);
	receiver *r = c->error ? NULL : sem_receiver_find(c, sub, node_span(c, receiver_node));
	if (r)
		r->own_only = true;
}

/*
 * The file's loader-set globals (semantic.global_evals): each top-level
 * function's `global X`, with a statement `X.eval()` of its own body, and no
 * X.train() anywhere in the file.
 */
static void global_evals_find(semantic *c)
{
	c->global_evals_found = true;
	for (size_t i = 1; i < c->funcs_len && !c->error; i++) {
		/* A top-level def (decorated or not): the walk has not reached most functions yet to say. */
		gg_node def = c->funcs[i].def, up = gg_node_parent(def);
		if (IS(up, decorated_definition))
			up = gg_node_parent(up);
		if (!IS(up, module))
			continue;
		gg_node body = FIELD(def, body);
		for (gg_node g = body; !gg_node_is_null(g);
		     g = gg_node_walk_next(body, g, !IS(g, function_definition) && !IS(g, class_definition))) {
			for (uint32_t k = 0; IS(g, global_statement) && k < gg_node_named_child_count(g); k++) {
				gg_node name = gg_node_named_child(g, k);
				if (!IS(name, identifier))
					continue;
				span s = node_span(c, name);
				gg_node eval_call = gg_node_null();
				for (gg_node n = body; !gg_node_is_null(n) && gg_node_is_null(eval_call);
				     n = gg_node_walk_next(body, n, true)) {
					gg_node target, call;
					if (IS(n, expression_statement) && sem_eval_receiver_of(c, n, &target, &call) == MODE_EVAL &&
					    IS(target, identifier) && span_eq(node_span(c, target), s))
						eval_call = call;
				}
				if (gg_node_is_null(eval_call) || text_trains((span){ c->text, c->len }, s))
					continue;
				PUSH(c, c->global_evals, c->global_evals_len, c->global_evals_cap, name);
				PUSH(c, c->global_evals, c->global_evals_len, c->global_evals_cap, eval_call);
			}
		}
	}
}

/*
 * A function that runs a module-level name a loader put in eval mode (and
 * does not bind it itself) starts in that name's eval region: SPEC §2's "a
 * function of the workspace that calls .eval() on the module-level name it
 * assigns".
 */
static void global_evals_apply(semantic *c, ctx *sub, gg_node def)
{
	if (!c->global_evals_found)
		global_evals_find(c);
	for (size_t i = 0; i + 1 < c->global_evals_len && !c->error; i += 2) {
		span name = node_span(c, c->global_evals[i]);
		if (!binds_name(c, def, name))
			seed_eval(c, sub, def, c->global_evals[i], c->global_evals[i + 1]);
	}
}

/*
 * A plain class (no module) whose __init__ puts what it holds in eval mode
 * (`self.net = load(path).eval()`, `self.net.eval()`), with no `.train(` of
 * that attribute anywhere in the file: its other methods start in that eval
 * region, as a loader's module-level name does for functions (an inference
 * wrapper's get_landmarks() running self.net).
 */
static void attr_evals_from(semantic *c, ctx *sub, int cls, int owner, gg_node def, unsigned depth);

static void attr_evals_apply(semantic *c, ctx *sub, int cls, gg_node def)
{
	attr_evals_from(c, sub, cls, cls, def, 0);
}

/*
 * The .eval() that puts arg, handed to a construction at byte at, in eval
 * mode: a statement `arg.eval()` (or a loader's `arg = load(...)`) of the
 * constructing function before the call; or a null node.
 */
static gg_node eval_before(semantic *c, span arg, uint32_t at)
{
	int fi = sem_func_at(c, at);
	gg_node body = fi > 0 ? FIELD(c->funcs[fi].def, body) : gg_node_null();
	gg_node found = gg_node_null();
	for (gg_node n = body; !gg_node_is_null(n) && gg_node_start_byte(n) < at;
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda))) {
		gg_node target, call;
		if (IS(n, expression_statement) && gg_node_end_byte(n) <= at &&
		    sem_eval_receiver_of(c, n, &target, &call) == MODE_EVAL && span_eq(node_span(c, target), arg))
			found = call;
	}
	return found;
}

/*
 * Whether every construction of class cls in the file (at least one) hands,
 * for __init__'s parameter at place, a name chain it put in eval mode just
 * before (`self.model.eval(); self.extractor = Extractor(self.model)`); *call
 * the last such .eval(). A holder built around an evaluated model runs it
 * in evaluation.
 */
static bool constructions_hand_eval(semantic *c, int cls, int place, span param, gg_node *call)
{
	const gg_tree_index *ix = c->index;
	span name = c->classes[cls].name;
	bool any = false;
	for (size_t k = sem_named_first(c->call_names, c->call_names_len, name);
	     k < c->call_names_len && span_eq(c->call_names[k].name, name) && !c->error; k++) {
		const gg_call_ref *r = &ix->calls[c->call_names[k].index];
		if (r->names != 1)
			continue;
		bool unknown;
		gg_node a = sem_argument_for(c, FIELD(r->node, arguments), place - 1, param, &unknown);
		if (unknown || gg_node_is_null(a) || !sem_is_name_chain(c, a))
			return false;
		/* Kept by whoever evaluated the model (`self.probe = Probe(self.net)`, `probe = Probe(net)`), not hung on another object. */
		gg_node up = gg_node_parent(r->node), kept = IS(up, assignment) ? FIELD(up, left) : gg_node_null();
		if (!IS(kept, identifier) &&
		    !(IS(kept, attribute) && IS(FIELD(kept, object), identifier) && span_is(node_span(c, FIELD(kept, object)), "self")))
			return false;
		span arg = node_span(c, a);
		gg_node e = eval_before(c, arg, r->start);
		if (gg_node_is_null(e) || text_trains((span){ c->text, c->len }, arg))
			return false;
		*call = e;
		any = true;
	}
	return any;
}

/* Whether stmt is `self.X = p`, p a parameter of def at *place (self at 0): *target the attribute. */
static bool stores_parameter(semantic *c, gg_node def, gg_node stmt, gg_node *target, int *place, span *param)
{
	gg_node e = IS(stmt, expression_statement) && gg_node_named_child_count(stmt) == 1 ? gg_node_named_child(stmt, 0)
											    : gg_node_null();
	if (!IS(e, assignment))
		return false;
	gg_node left = FIELD(e, left), right = FIELD(e, right), dflt;
	if (!IS(left, attribute) || !IS(FIELD(left, object), identifier) || !span_is(node_span(c, FIELD(left, object)), "self") ||
	    !IS(right, identifier))
		return false;
	*param = node_span(c, right);
	*place = sem_parameter_index(c, def, *param, &dflt);
	*target = left;
	return *place >= 1;
}

/* The method of class owner named name, or a null node. */
static gg_node method_def(const semantic *c, int owner, span name)
{
	for (size_t i = 1; i < c->funcs_len; i++)
		if (c->funcs[i].cls == owner && span_eq(c->funcs[i].name, name))
			return c->funcs[i].def;
	return gg_node_null();
}

/*
 * The self.X.eval() statements of fn's body (fn __init__ of class owner, or
 * a method it calls as a statement, `self.reload()`: init is then null),
 * seeded for def where no method of the class trains X; with init, also
 * what __init__ stores of a parameter its constructions put in eval mode,
 * and the methods it calls so, one level down.
 */
static void init_evals(semantic *c, ctx *sub, int cls, int owner, gg_node def, gg_node fn, bool init)
{
	gg_node body = FIELD(fn, body);
	for (gg_node n = body; !gg_node_is_null(n) && !c->error;
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda))) {
		gg_node target, call;
		int place;
		span param;
		gg_node e = init && IS(n, expression_statement) ? gg_node_named_child(n, 0) : gg_node_null();
		gg_node callee = IS(e, call) ? FIELD(e, function) : gg_node_null();
		/* self.reload(): a set-up step of the constructor, whose .eval() holds as the constructor's. */
		if (IS(callee, attribute) && IS(FIELD(callee, object), identifier) &&
		    span_is(node_span(c, FIELD(callee, object)), "self")) {
			gg_node m = method_def(c, owner, node_span(c, FIELD(callee, attribute)));
			if (!gg_node_is_null(m) && !gg_node_eq(m, fn) && !gg_node_eq(m, def))
				init_evals(c, sub, cls, owner, def, m, false);
			continue;
		}
		bool handed = init && stores_parameter(c, fn, n, &target, &place, &param);
		if (handed ? !constructions_hand_eval(c, owner, place, param, &call)
			   : !IS(n, expression_statement) || sem_eval_receiver_of(c, n, &target, &call) != MODE_EVAL ||
				     !IS(target, attribute) || !IS(FIELD(target, object), identifier) ||
				     !span_is(node_span(c, FIELD(target, object)), "self"))
			continue;
		/* Put back in training by any method of the class: no telling which mode a call finds it in. */
		if (!text_trains(node_span(c, c->classes[cls].node), node_span(c, target)) &&
		    (owner == cls || !text_trains(node_span(c, c->classes[owner].node), node_span(c, target))) &&
		    !binds_name(c, def, node_span(c, target)))
			seed_eval(c, sub, def, target, call);
	}
}

/*
 * attr_evals_apply for the __init__ of class owner, then of its bases of
 * this file (`super().__init__(net)` in a subclass: the base's
 * self.net.eval() holds in the subclass's methods too), to a few levels.
 */
static void attr_evals_from(semantic *c, ctx *sub, int cls, int owner, gg_node def, unsigned depth)
{
	gg_node bases = FIELD(c->classes[owner].node, superclasses);
	for (uint32_t k = 0, n = IS(bases, argument_list) ? gg_node_named_child_count(bases) : 0;
	     k < n && depth < MAX_NAME_SEGMENTS && !c->error; k++) {
		gg_node b = gg_node_named_child(bases, k);
		klass *base = IS(b, identifier) ? sem_class_find(c, node_span(c, b)) : NULL;
		if (base && base != &c->classes[owner])
			attr_evals_from(c, sub, cls, (int)(base - c->classes), def, depth + 1);
	}
	gg_node init = method_def(c, owner, (span){ "__init__", 8 });
	if (!gg_node_is_null(init) && !gg_node_eq(init, def))
		init_evals(c, sub, cls, owner, def, init, true);
}

/*
 * Whether a function is a unit test wherever its file is (SPEC §2): named
 * test_* (a top-level _test_*) and asserting in its own body. Its tiny
 * forwards are on purpose.
 */
static bool is_unit_test(const semantic *c, const func *f, gg_node def)
{
	/* _test_pooling(): a model file's private self-test, run from its __main__. */
	span name = f->name;
	if (name.len > 1 && name.ptr[0] == '_' && f->cls < 0)
		name = (span){ name.ptr + 1, name.len - 1 };
	if (name.len < 5 || memcmp(name.ptr, "test_", 5) != 0)
		return false;
	/* A method only of a class pytest collects (Test*, or a TestCase): a model's own test_step() is no unit test. */
	if (f->cls >= 0 && !span_starts(c->classes[f->cls].name, "Test") && !(c->classes[f->cls].kind & CLASS_TESTCASE))
		return false;
	gg_node body = FIELD(def, body);
	for (gg_node n = body; !gg_node_is_null(n);
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda)))
		if (strcmp(gg_node_type(n), "assert_statement") == 0)
			return true;
	return false;
}

/*
 * Whether def's body always stops in a debugger: a `breakpoint()` or a
 * `pdb.set_trace()` (any module's set_trace) among its own statements, not
 * under a condition or a loop. Such a function is a person's debugging
 * session (two forwards compared on a constant input, then a stop): its
 * forwards are not evaluation code. A stop under `if` (a NaN trap left in a
 * real evaluation loop) does not count.
 */
static bool stops_in_debugger(const semantic *c, gg_node def)
{
	gg_node body = FIELD(def, body);
	uint32_t count = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body);
	for (uint32_t i = 0; i < count; i++) {
		gg_node stmt = gg_node_named_child(body, i);
		gg_node e = IS(stmt, expression_statement) ? gg_node_named_child(stmt, 0) : gg_node_null();
		if (!IS(e, call))
			continue;
		gg_node fn = FIELD(e, function);
		span name = sem_chain_last(c, fn);
		if ((IS(fn, identifier) && span_is(name, "breakpoint")) || (IS(fn, attribute) && span_is(name, "set_trace")))
			return true;
	}
	return false;
}

/* decorated is the decorated_definition around def, or a null node. */
void sem_walk_function(semantic *c, const ctx *x, gg_node def, gg_node decorated)
{
	int index = sem_func_of_def(c, def);
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
	sub.grad_on = false;
	sub.in_loop = false;
	sub.loop = gg_node_null();
	sub.train_branch = false;
	sub.after_train = false;
	sub.loop_iter = gg_node_null();
	sub.phase_loop = gg_node_null();
	sub.lo = sub.hi;
	sub.exempt = x->exempt || is_unit_test(c, f, def) || stops_in_debugger(c, def);

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
	/* A def nested in a method stands as the method does: in a module's or a framework base's, its name is no evidence. */
	int method = sem_enclosing_method(c, x->func);
	unsigned standing = method > 0 && x->cls < 0 ? c->classes[c->funcs[method].cls].kind : kind;
	f->eval_name = !(standing & (CLASS_MODULE | CLASS_EXTERNAL)) && (sem_name_says_eval(c, f->name) || inherits);
	/*
	 * Choice: a model built on a framework's base (mmengine's BaseModel,
	 * diffusers' ModelMixin) has its predict()/test_step() called by that
	 * framework's loops, under no_grad: its own self.eval() says nothing of
	 * the grad mode it runs in. Its callers here, and its own loops over
	 * evaluation data, still do. So for a module's own forward(): an
	 * `self.vocoder.eval()` there picks a submodule's behaviour, and whether
	 * autograd records is its callers' choice (training runs it too).
	 * Lightning's loops call its hooks alone, and those are known
	 * (sem_is_lightning_hook, grad off below): any other method of a
	 * LightningModule (an infer() that calls self.eval() then self(x)) is
	 * the user's to call, and its own evidence counts.
	 */
	bool framework_called = (kind & CLASS_EXTERNAL) && !(kind & CLASS_LIGHTNING);
	/*
	 * Any class's __call__ makes its objects callables that run as their
	 * callers choose (a body model held in eval mode since construction,
	 * turned into joints for a training loss): as a module's forward.
	 */
	f->callers_own_mode = ((kind & CLASS_MODULE) &&
			       (framework_called || span_is(f->name, "forward") || span_is(f->name, "__call__"))) ||
			      (x->cls >= 0 && span_is(f->name, "__call__"));

	if ((kind & CLASS_LIGHTNING) && sem_is_lightning_hook(f->name))
		sub.grad_off = true;
	if ((kind & CLASS_HF_TRAINER) && span_is(f->name, "prediction_step"))
		sub.grad_off = true;

	grad_context why = sub.grad_off ? GRAD_OFF : GRAD_NONE;
	uint32_t count = gg_node_is_null(decorated) ? 0 : gg_node_named_child_count(decorated);
	for (uint32_t i = 0; i < count; i++) {
		gg_node d = gg_node_named_child(decorated, i);
		if (!IS(d, decorator))
			continue;
		grad_context g = gg_node_has_error(d) ? GRAD_OFF : sem_grad_context_of(c, gg_node_named_child(d, 0));
		if (g == GRAD_OFF || (g == GRAD_CONTROLLED && why != GRAD_OFF))
			why = g;
		sub.grad_on = sub.grad_on || g == GRAD_ON;
	}
	sub.grad_off = why != GRAD_NONE;
	sub.grad_on = sub.grad_on && !sub.grad_off;
	if (sub.grad_off)
		sem_grad_off_note(c, def, why);
	gg_node body = FIELD(def, body);
	sub.block_end = gg_node_end_byte(body);
	if (x->func == 0 && !sub.grad_off)
		global_evals_apply(c, &sub, def);
	if (x->cls >= 0 && !(kind & (CLASS_MODULE | CLASS_EXTERNAL)) && !sub.grad_off)
		attr_evals_apply(c, &sub, x->cls, def);
	/* A def nested in a plain class's method reads the same self: what __init__ put in eval mode stays so there. */
	else if (x->cls < 0 && method > 0 && !(standing & (CLASS_MODULE | CLASS_EXTERNAL)) && !sub.grad_off)
		attr_evals_apply(c, &sub, c->funcs[method].cls, def);
	sem_walk_block(c, sub, body);
}

/*
 * A loop whose body's own statements leave a module in eval mode (the
 * epoch's `model.train()` ... `model.eval()`, then its test): the mode
 * stays so after the loop, as the last pass left it, until the code sets
 * it again. Statements of blocks nested in the body are not read: a
 * branch may not run.
 */
static void loop_leaves_eval(semantic *c, ctx *x, gg_node loop)
{
	gg_node body = FIELD(loop, body);
	uint32_t count = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body);
	for (uint32_t i = 0; i < count && !c->error; i++) {
		gg_node st = gg_node_named_child(body, i), recv, call;
		if (sem_eval_receiver_of(c, st, &recv, &call) != MODE_EVAL)
			continue;
		span name = node_span(c, recv);
		bool later = false; /* set back to training, or bound anew, further down the body */
		for (uint32_t k = i + 1; k < count && !later; k++) {
			gg_node s2 = gg_node_named_child(body, k), r2, c2;
			mode_change m2 = sem_eval_receiver_of(c, s2, &r2, &c2);
			later = m2 != MODE_NONE && span_eq(node_span(c, r2), name);
			gg_node e = IS(s2, expression_statement) && gg_node_named_child_count(s2) == 1 ? gg_node_named_child(s2, 0)
												      : gg_node_null();
			later = later || (IS(e, assignment) && span_eq(node_span(c, FIELD(e, left)), name));
		}
		if (!later)
			sem_eval_region_apply(c, x, MODE_EVAL, recv, call);
	}
}

/*
 * Whether a branch of if_stmt turns grad off with a bare statement of its
 * own (`else: torch.set_grad_enabled(False)` beside `if phase == "train":`):
 * what follows the if runs with the grad mode each branch set, on purpose.
 */
static bool branch_sets_grad_off(semantic *c, gg_node if_stmt)
{
	for (gg_node n = if_stmt; !gg_node_is_null(n); n = gg_node_walk_next(if_stmt, n, !IS(n, block))) {
		if (!IS(n, block))
			continue;
		for (gg_node st = gg_node_first_child(n); !gg_node_is_null(st); st = gg_node_next_sibling(st))
			if (gg_node_is_named(st) && IS(st, expression_statement) && sem_bare_grad_statement(c, st) == GRAD_OFF)
				return true;
	}
	return false;
}

/* The call that puts recv in eval mode among block's own statements (`m.eval()`), or null. */
static gg_node block_sets_eval(semantic *c, gg_node block, span recv)
{
	for (gg_node st = gg_node_first_child(block); !gg_node_is_null(st); st = gg_node_next_sibling(st)) {
		gg_node target, call;
		if (gg_node_is_named(st) && sem_eval_receiver_of(c, st, &target, &call) == MODE_EVAL &&
		    span_eq(node_span(c, target), recv))
			return call;
	}
	return gg_node_null();
}

/*
 * An if with an else whose every branch puts the same name in eval mode
 * (`m = copy.deepcopy(net); m.eval()` beside `m = net; m.eval()`): what
 * follows runs with it in eval mode, as after one `m.eval()` of the block.
 */
static void branches_set_eval(semantic *c, ctx *x, gg_node if_stmt)
{
	gg_node first = FIELD(if_stmt, consequence), alt = gg_node_null();
	for (uint32_t i = 0, n = gg_node_named_child_count(if_stmt); i < n; i++)
		if (IS(gg_node_named_child(if_stmt, i), else_clause))
			alt = gg_node_named_child(if_stmt, i);
	if (gg_node_is_null(first) || gg_node_is_null(alt))
		return;
	for (gg_node st = gg_node_first_child(first); !gg_node_is_null(st); st = gg_node_next_sibling(st)) {
		gg_node target, call;
		if (!gg_node_is_named(st) || sem_eval_receiver_of(c, st, &target, &call) != MODE_EVAL)
			continue;
		span recv = node_span(c, target);
		bool every = true;
		for (uint32_t i = 0, n = gg_node_named_child_count(if_stmt); i < n && every; i++) {
			gg_node ch = gg_node_named_child(if_stmt, i);
			gg_node body = IS(ch, elif_clause) ? FIELD(ch, consequence) : IS(ch, else_clause) ? FIELD(ch, body)
												 : gg_node_null();
			if (!gg_node_is_null(body) && gg_node_is_null(block_sets_eval(c, body, recv)))
				every = false;
		}
		if (every)
			sem_eval_region_apply(c, x, MODE_EVAL, target, call);
	}
}

static void walk_statement(semantic *c, ctx *x, gg_node stmt)
{
	const gg_py_ids *ids = &c->sem->ids;
	TSSymbol type = gg_node_symbol(stmt);
	if (type == ids->sym_function_definition) {
		sem_walk_function(c, x, stmt, gg_node_null());
	} else if (type == ids->sym_decorated_definition) {
		gg_node def = FIELD(stmt, definition);
		if (IS(def, function_definition))
			sem_walk_function(c, x, def, stmt);
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
		if (type == ids->sym_for_statement || type == ids->sym_while_statement)
			loop_leaves_eval(c, x, stmt);
		else if (type == ids->sym_if_statement && branch_sets_grad_off(c, stmt)) {
			x->grad_off = true;
			x->grad_on = false;
		}
		if (type == ids->sym_if_statement)
			branches_set_eval(c, x, stmt);
	} else if (!gg_node_has_error(stmt)) {
		walk_simple(c, x, stmt);
	}
}

/*
 * The statements of a block (or the module) in order. A statement the parser
 * could not read ends the findings for the rest of the block: it may be the
 * context manager or the .train() being typed.
 */
void sem_walk_block(semantic *c, ctx x, gg_node block)
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
		/* What follows a return, a raise, a break or a continue in the same block never runs. */
		if (IS(stmt, return_statement) || gg_node_type_is(stmt, "raise_statement") ||
		    gg_node_type_is(stmt, "break_statement") || gg_node_type_is(stmt, "continue_statement"))
			break;
	}
}
