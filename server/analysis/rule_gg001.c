/*
 * GG001 eval-forward-with-grad: a model forward in evaluation code that runs
 * with autograd on (SPEC §2). The semantic model (semantic/) found every
 * forward run with grad on and the evaluation evidence around it; this rule
 * reports those whose evidence holds, and says why in the message.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fix_regions.h"
#include "fix_torch_name.h"
#include "rules.h"
#include "semantic/model.h"


static const char rule_code[] = "GG001";

/* A short quotation of a node for messages, or an empty span when long or multi-line. */
static span quote_of(const semantic *c, gg_node n)
{
	span s = node_span(c, n);
	if (s.len > MAX_QUOTED_CALL || memchr(s.ptr, '\n', s.len) || memchr(s.ptr, '\r', s.len))
		s.len = 0;
	return s;
}

static void text_add(semantic *c, gg_buf *b, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* "line 12" for a 0-based row, or what the front end calls it (a notebook's "cell 3, line 2"; gg_line_namer). */
static void line_add(semantic *c, gg_buf *b, uint32_t row)
{
	if (c->lines && c->lines->name) {
		if (c->lines->name(c->lines->ctx, row, b))
			fail(c, -ENOMEM);
		return;
	}
	if (gg_buf_printf(b, "line %u", (unsigned)row + 1))
		fail(c, -ENOMEM);
}

static void text_add(semantic *c, gg_buf *b, const char *fmt, ...)
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
static void call_add(semantic *c, gg_buf *b, gg_node call)
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

static void where_add(semantic *c, gg_buf *b, int scope)
{
	if (scope == 0)
		text_add(c, b, "at module level");
	else
		text_add(c, b, "in %.*s()", (int)c->funcs[scope].name.len, c->funcs[scope].name.ptr);
}

/* "evaluate()" or "module level", for the caller of a site. */
static void caller_add(semantic *c, gg_buf *b, int scope)
{
	if (scope == 0)
		text_add(c, b, "module level");
	else
		text_add(c, b, "%.*s()", (int)c->funcs[scope].name.len, c->funcs[scope].name.ptr);
}

/* Calls a warm-up looks ahead through for the work it warms up: enough for any real function. */
#define MAX_WARM_UP_LOOKAHEAD 4096

/*
 * Whether a discarded forward on synthetic tensors is a warm-up (SPEC §2,
 * not evaluation): it runs once, outside any loop (a pass whose hooks count
 * operations keeps nothing past its statement), or a forward of the same
 * model that keeps its result follows in the same function. In a loop,
 * followed only by more of its kind, it is the work being measured (a
 * timing or memory loop), and its activations are saved for backward while
 * it runs.
 */
static bool is_warm_up(const semantic *c, const event *e)
{
	if (!e->warm_up)
		return false;
	if (!e->in_loop)
		return true;
	const func *f = &c->funcs[e->scope];
	uint32_t end = e->scope > 0 ? f->end : (uint32_t)c->len;
	span callee = node_span(c, FIELD(e->call, function));
	const gg_tree_index *ix = c->index;
	/* Any later call of the same model in the function that keeps its result, with grad on or off. */
	size_t from = gg_call_refs_from(ix->calls, ix->calls_len, gg_node_end_byte(e->call));
	for (size_t i = from; i < ix->calls_len && i < from + MAX_WARM_UP_LOOKAHEAD && ix->calls[i].start < end; i++) {
		const gg_call_ref *r = &ix->calls[i];
		gg_node parent = gg_node_parent(r->node);
		if (span_eq(text_between(c, r->start, r->callee_end), callee) && !IS(parent, expression_statement) &&
		    sem_func_at(c, r->start) == e->scope)
			return true;
	}
	return false;
}

/*
 * Whether function f passes `volatile=True` in a statement before call's,
 * in a block that holds call (the same branch, or one around it): the input
 * the forward runs on was meant to record nothing. In the forward's own
 * statement GG003 already says it, once.
 */
static bool volatile_before(const semantic *c, const func *f, gg_node call)
{
	gg_node stmt = call;
	while (!gg_node_is_null(gg_node_parent(stmt)) && !IS(gg_node_parent(stmt), block) && !IS(gg_node_parent(stmt), module))
		stmt = gg_node_parent(stmt);
	uint32_t at = gg_node_start_byte(call);
	const offsets *v = &c->volatile_at;
	for (size_t i = gg_offsets_lower(v->items, v->len, f->start); i < v->len && v->items[i] < gg_node_start_byte(stmt); i++) {
		gg_node n = gg_node_named_descendant_for_byte_range(f->def, v->items[i], v->items[i] + 1);
		while (!gg_node_is_null(n) && !IS(n, block))
			n = gg_node_parent(n);
		if (!gg_node_is_null(n) && gg_node_start_byte(n) <= at && at < gg_node_end_byte(n))
			return true;
	}
	return false;
}

/* Reports one event when its evidence holds; *fixed is the call its fix goes on (a null node: none reported). */
/* Whether this rule reported a finding since first whose fix goes on call (one caller's mistake, one finding). */
static bool caller_reported(const semantic *c, size_t first, gg_node call)
{
	gg_byte_range at = { gg_node_start_byte(call), gg_node_end_byte(call) };
	for (size_t i = first; i < c->out->len; i++)
		if (c->out->items[i].fix_at.start == at.start && c->out->items[i].fix_at.end == at.end && at.end)
			return true;
	return false;
}

/*
 * Whether call is itself a model forward the walk met (`ae.encode(x)`, a
 * method of a module): judged, and reported, where it stands; the method's
 * insides reached through it are not a second mistake.
 */
static bool call_is_event(const semantic *c, gg_node call)
{
	for (size_t i = 0; i < c->events_len; i++)
		if (gg_node_eq(c->events[i].call, call))
			return true;
	return false;
}

/* GG_PROOF_*_QUIET of the regions a wrap of call may cover (its loop, statement, function body); quiet_call trains not. */
static unsigned regions_proof(const semantic *c, gg_node call, uint32_t quiet_call)
{
	unsigned proof = 0;
	gg_fix_regions regions;
	gg_fix_regions_find(call, &regions);
	if (!sem_region_trains(c, regions.loop, quiet_call))
		proof |= GG_PROOF_LOOP_QUIET;
	if (!sem_region_trains(c, regions.statement, quiet_call))
		proof |= GG_PROOF_STATEMENT_QUIET;
	if (!gg_node_is_null(regions.def) && !sem_region_trains(c, FIELD(regions.def, body), quiet_call))
		proof |= GG_PROOF_BODY_QUIET;
	return proof;
}

/*
 * The proofs of the regions a wrap of site s's call may cover: a call of a
 * shared step that runs only its evaluation half (train=False) does not
 * train by itself.
 */
static unsigned site_proof(const semantic *c, const site *s)
{
	bool half = s->flag_false && sem_eval_half_proved(c, s->callee);
	return regions_proof(c, s->call, half ? gg_node_start_byte(s->call) : UINT32_MAX);
}

/* The call sites other than s that run s's callee as evaluation with grad on. */
static size_t other_eval_sites(const semantic *c, const site *s)
{
	size_t n = 0;
	for (size_t i = sem_sites_of(c, s->callee); i < c->sites_len && c->sites[i].callee == s->callee; i++)
		n += &c->sites[i] != s && sem_site_runs_eval(c, &c->sites[i]);
	return n;
}

/* Whether call is what its statement returns, as it is (alone or in a tuple), not a number or a part of it. */
static bool returned_as_is(const semantic *c, gg_node call)
{
	for (gg_node n = call, p = gg_node_parent(n); !gg_node_is_null(p); n = p, p = gg_node_parent(p)) {
		if (IS(p, return_statement))
			return true;
		if (!IS(p, expression_list) && !IS(p, tuple) && !IS(p, parenthesized_expression))
			return false;
	}
	return false;
}

/* Whether a site of callee before index end already stands for site o (two calls in one function training runs). */
static bool wrapped_before(const semantic *c, int callee, size_t end, const site *o)
{
	for (size_t i = sem_sites_of(c, callee); i < end; i++) {
		const site *p = &c->sites[i];
		if (p->caller > 0 && c->funcs[p->caller].eval_site >= 0 && sem_func_trained_through(c, p->caller) &&
		    &c->sites[c->funcs[p->caller].eval_site] == o)
			return true;
		if (p == o)
			return true;
	}
	return false;
}

/* The name the forward's statement assigns its result to (`embed = self.model.embed(x)`), or an empty span. */
static span result_name(const semantic *c, gg_node call)
{
	for (gg_node n = gg_node_parent(call); !gg_node_is_null(n); n = gg_node_parent(n)) {
		if (IS(n, assignment))
			return IS(FIELD(n, left), identifier) ? node_span(c, FIELD(n, left)) : (span){ c->text, 0 };
		if (IS(n, expression_statement) || IS(n, block) || IS(n, function_definition))
			break;
	}
	return (span){ c->text, 0 };
}

/* Whether cond is a parameter of function fi, or its negation: a choice its caller makes (`if not use_tensor:`). */
static bool tests_parameter(const semantic *c, int fi, gg_node cond)
{
	if (IS(cond, not_operator))
		cond = FIELD(cond, argument);
	gg_node dflt;
	return IS(cond, identifier) && sem_parameter_index(c, c->funcs[fi].def, node_span(c, cond), &dflt) >= 0;
}

/*
 * Whether the function keeps the forward's graph by choice: it returns the
 * result, and detaches it (or copies it out) only under an `if` on one of
 * its parameters (`if not use_tensor: embed = embed.detach().cpu().numpy()`).
 * The other branch hands the graph to the caller on purpose (an embedding
 * API that preserves the gradient): whether it is needed is the caller's to
 * say, so the finding is only through an evaluation caller, wrapped there.
 */
static bool graph_kept_by_choice(const semantic *c, const event *e)
{
	span name = e->scope > 0 ? result_name(c, e->call) : (span){ c->text, 0 };
	if (!name.len)
		return false;
	gg_node body = FIELD(c->funcs[e->scope].def, body);
	bool returned = false, detached_if = false;
	for (gg_node n = body; !gg_node_is_null(n);
	     n = gg_node_walk_next(body, n, !IS(n, function_definition) && !IS(n, class_definition) && !IS(n, lambda))) {
		if (IS(n, return_statement) && gg_node_named_child_count(n) == 1 &&
		    span_eq(node_span(c, gg_node_named_child(n, 0)), name))
			returned = true;
		if (!IS(n, assignment) || !span_eq(node_span(c, FIELD(n, left)), name) ||
		    gg_node_start_byte(n) < gg_node_end_byte(e->call))
			continue;
		span right = node_span(c, FIELD(n, right));
		bool copies = memmem(right.ptr, right.len, ".detach(", 8) || memmem(right.ptr, right.len, ".numpy(", 7) ||
			      memmem(right.ptr, right.len, ".tolist(", 8);
		for (gg_node p = gg_node_parent(n); copies && !gg_node_is_null(p) && !gg_node_eq(p, body); p = gg_node_parent(p))
			if (IS(p, if_statement) && tests_parameter(c, e->scope, FIELD(p, condition)))
				detached_if = true;
	}
	return returned && detached_if;
}

/* Whether a backward of function scope itself (not of a def nested in it) starts in [start, end). */
static bool backward_in_scope(const semantic *c, int scope, uint32_t start, uint32_t end)
{
	for (size_t i = 0; i < c->backward.len; i++) {
		uint32_t at = c->backward.items[i];
		if (at >= start && at < end && sem_func_at(c, at) == scope)
			return true;
	}
	return false;
}

/*
 * Whether what call's statement binds is read again in its loop before it
 * is bound (`out, state = rnn(x, state)`, `X = blk(X)`): the next pass
 * takes it, history and all.
 */
static bool fed_back(const semantic *c, gg_node call)
{
	gg_node assign = gg_node_parent(call);
	while (IS(assign, subscript))
		assign = gg_node_parent(assign);
	if (!IS(assign, assignment))
		return false;
	gg_node loop = gg_node_parent(assign);
	while (!gg_node_is_null(loop) && !IS(loop, for_statement) && !IS(loop, while_statement) && !IS(loop, function_definition))
		loop = gg_node_parent(loop);
	if (!IS(loop, for_statement) && !IS(loop, while_statement))
		return false;
	gg_node left = FIELD(assign, left), body = FIELD(loop, body);
	for (gg_node t = left; !gg_node_is_null(t); t = gg_node_walk_next(left, t, true)) {
		if (!IS(t, identifier))
			continue;
		span name = node_span(c, t);
		for (gg_node k = body; !gg_node_is_null(k) && gg_node_start_byte(k) < gg_node_end_byte(assign);
		     k = gg_node_walk_next(body, k, true))
			if (IS(k, identifier) && span_eq(node_span(c, k), name) &&
			    !(gg_node_start_byte(k) >= gg_node_start_byte(left) && gg_node_end_byte(k) <= gg_node_end_byte(left)))
				return true;
	}
	return false;
}

static void report(semantic *c, const event *e, size_t first, gg_node *fixed_out)
{
	*fixed_out = gg_node_null();
	const func *f = &c->funcs[e->scope];
	/* Grad turned on on purpose (enable_grad, set_grad_enabled(True)): the author wants the graph. */
	if ((e->scope > 0 && f->guarded) || e->grad_on || is_warm_up(c, e))
		return;
	const evidence *ev = &e->ev;
	bool region = sem_eval_region_holds(c, ev, e->scope);
	/*
	 * A closure the file hands on and never calls, returning the forward's
	 * output as it is: its receiver decides the grad mode, and may
	 * differentiate what it returns (a score model's likelihood), whatever
	 * mode the closure puts the model in.
	 */
	if (region && e->scope > 0 && returned_as_is(c, e->call) && sem_unguarded_site(c, e->scope) < 0 &&
	    sem_func_handed_on(c, f))
		region = false;
	/* A module's own forward() runs in its caller's mode: its loops, its passes and its inputs say nothing. */
	bool callers_mode = sem_module_forward(c, e->scope);
	/*
	 * A plain class's __call__ runs in its callers' mode too, but not when
	 * it runs a model it put in eval mode (since it was built) and drops
	 * the output's history before anything can take it (`preds =
	 * self.model(x)` ... `preds = preds.detach()`): a predictor, whatever
	 * calls it. A body model held in eval mode whose output a training loss
	 * reads keeps its history, and stays its callers' business.
	 */
	if (callers_mode && !region && f->cls >= 0 && !(c->classes[f->cls].kind & CLASS_MODULE) && !f->bw &&
	    !gg_node_is_null(ev->eval_call) && ev->own_eval && sem_output_history_dropped(c, e->scope, e->call, NULL)) {
		region = true;
		callers_mode = false;
	}
	/* A loop over evaluation data with no backward in it, nor one after it that takes what it kept (a Fisher estimate). */
	bool loop = !callers_mode && !gg_node_is_null(ev->loop_iter) && !sem_offsets_any_in(&c->backward, ev->loop_start, ev->loop_end) &&
		    !sem_forward_feeds_backward(c, e->scope, gg_node_start_byte(e->call), ev->loop_end);
	/*
	 * A loop that trains nothing (the fixer's own proof) and keeps what the
	 * forward returns only without its history (`feats.extend(out.cpu().data)`):
	 * nothing can need its gradient, whatever its data is called (features
	 * of the training set taken out of a pretrained network before a head is
	 * fit on them): some read drops it, none keeps it. A module built here
	 * and never trained is a demonstration; a method's callers, or a
	 * caller already reported, decide for it.
	 */
	bool ended = false;
	bool dropped = !callers_mode && e->in_loop && !e->untrained && gg_node_is_null(ev->loop_iter) &&
		       (e->scope == 0 || (f->cls < 0 && f->eval_site < 0)) && !fed_back(c, e->call) &&
		       sem_output_history_dropped(c, e->scope, e->call, &ended) && ended &&
		       (regions_proof(c, e->call, UINT32_MAX) & GG_PROOF_LOOP_QUIET);
	/*
	 * A function (or a module's top level) that trains, then runs a forward
	 * on held-out data in one tensor with no backward after it: the
	 * evaluation after the training step (walk.c, eval_argument). Any
	 * backward of the function after it, even past the loop it is in, may
	 * take its output (`preds = net(x_val)` in the loop, a loss on preds
	 * backwarded after it): then no.
	 */
	bool input = !loop && !callers_mode && !gg_node_is_null(ev->eval_input) &&
		     backward_in_scope(c, e->scope, f->start, gg_node_start_byte(e->call)) &&
		     !backward_in_scope(c, e->scope, gg_node_start_byte(e->call), e->scope > 0 ? f->end : (uint32_t)c->len);
	/*
	 * Choice: a closure that the file returns, and never calls, runs where
	 * its receiver calls it, perhaps under no_grad: its name alone is no
	 * evidence then. (One passed to a call here is judged as usual: the
	 * runner may well call it with grad on, as torch's quantize() does.)
	 */
	/*
	 * A name is evidence only with something evaluation does (SPEC §2): the
	 * forward runs over data (in a loop) or runs a loaded model. A helper
	 * named sample() that runs a model once is as likely a training step's
	 * part; an evaluation caller reaches it through its call site instead.
	 */
	/* A module the function built itself and nothing trained: its name (a test()) does not make a demonstration evaluation. */
	bool named = e->scope > 0 && f->eval_name && !f->bw && !ev->after_train && !e->untrained &&
		     (sem_func_iterates(c, e->scope) || sem_event_model_loaded(c, e)) &&
		     !(sem_unguarded_site(c, e->scope) < 0 && sem_func_handed_on(c, f));
	bool script = sem_module_script(c, ev, e->scope, e->loaded);
	/*
	 * The function makes its inputs `volatile=True` (PyTorch 0.3's way to
	 * turn autograd off for inference, a no-op since 0.4): its author's own
	 * word that this is evaluation, which no longer holds (SPEC §2, GG003).
	 */
	bool volatile_eval = e->scope > 0 && !f->bw && !callers_mode && !f->from_forward && !f->in_module_forward &&
			     !span_is(f->name, "__init__") && volatile_before(c, f, e->call);
	/* A pass of a loop over phase names that never trains (walk.c, phase_loop_train): the torchvision loop's val pass. */
	bool phase = !callers_mode && !gg_node_is_null(ev->phase_loop);
	/*
	 * What the function computes some caller carries to a backward, or hands
	 * on where one may take it (calls.c): the gradient is needed, whatever
	 * mode the model is in. Only an evaluation caller can make it evaluation.
	 */
	bool local = (region || loop || named || script || phase || input || dropped || volatile_eval) &&
		     !(e->scope > 0 && f->result_trains) &&
		     !graph_kept_by_choice(c, e);
	/* The evidence that alone makes it evaluation, where it decides the message and the fix. */
	bool phase_only = phase && !(region || loop || named || script || input || dropped || volatile_eval);
	bool input_only = input && !(region || loop || named || script || volatile_eval);
	bool dropped_only = dropped && !(region || loop || named || script || phase || input || volatile_eval);
	int site_i = -1;
	if (local)
		site_i = e->scope > 0 ? sem_unguarded_site(c, e->scope) : -1;
	else if (e->scope > 0 && f->eval_site >= 0)
		site_i = f->eval_site;
	else
		return;
	const site *s = site_i >= 0 ? &c->sites[site_i] : NULL;
	/*
	 * Evaluation only through a caller: the mistake is that call, reported
	 * once at the helper's first forward, not once per submodule it runs.
	 */
	if (!local && s && (caller_reported(c, first, s->call) || call_is_event(c, s->call)))
		return;
	/*
	 * The name the fix writes (fix.c): torch where the file's alias is a
	 * local of a function around the call, or bound to something else where
	 * a decorator of the function holding it is read.
	 */
	span t = c->torch;
	if (!span_is(t, "torch")) {
		gg_node root = gg_tree_root(e->call.tree), def = gg_node_parent(e->call);
		while (!gg_node_is_null(def) && !gg_node_type_is(def, "function_definition"))
			def = gg_node_parent(def);
		gg_text_span alias = { t.ptr, t.len };
		if (!gg_fix_name_is_torch_at(c->text, c->len, root, e->call, alias, &c->torch_other) ||
		    (!gg_node_is_null(def) && !gg_fix_name_is_torch_at(c->text, c->len, root, def, alias, &c->torch_other)))
			t = (span){ "torch", 5 };
	}
	const char *ctxname = c->config && c->config->prefer == GG_PREFER_INFERENCE_MODE ? "inference_mode" : "no_grad";

	gg_buf m = { NULL, 0, 0 };
	call_add(c, &m, e->call);
	text_add(c, &m, " runs with autograd on ");
	if (named || (!local && s) || (volatile_eval && !region && !loop && !phase && !input && !dropped)) {
		where_add(c, &m, e->scope);
	} else if (region) {
		span q = quote_of(c, ev->eval_call);
		int held = sem_func_at(c, gg_node_start_byte(ev->eval_call));
		if (q.len && held != e->scope) {
			/* Put in eval mode where it was built (__init__): say where, not "after" in this function. */
			where_add(c, &m, e->scope);
			text_add(c, &m, ", %.*s having run ", (int)q.len, q.ptr);
			where_add(c, &m, held);
		} else {
			if (q.len)
				text_add(c, &m, "after %.*s ", (int)q.len, q.ptr);
			where_add(c, &m, e->scope);
		}
	} else if (phase) {
		span v = node_span(c, FIELD(ev->phase_loop, left));
		text_add(c, &m, "when %.*s is not \"%.*s\" ", (int)v.len, v.ptr, (int)ev->phase_train.len, ev->phase_train.ptr);
		where_add(c, &m, e->scope);
	} else if (input) {
		where_add(c, &m, e->scope);
	} else if (loop) {
		span q = quote_of(c, ev->loop_iter);
		text_add(c, &m, "in the loop over %.*s ", (int)(q.len ? q.len : 13), q.len ? q.ptr : "evaluation data");
		where_add(c, &m, e->scope);
	} else if (dropped && !script) {
		text_add(c, &m, "in a loop that trains nothing ");
		where_add(c, &m, e->scope);
	} else {
		text_add(c, &m, "in a module-level inference script");
	}
	if (!local && s) {
		text_add(c, &m, ", called from ");
		caller_add(c, &m, s->caller);
		if (s->callee != e->scope) { /* the site calls a caller of f's, whose result training needs */
			const func *g = &c->funcs[s->callee];
			text_add(c, &m, " through %.*s()", (int)g->name.len, g->name.ptr);
		}
		if (s->flag_false) { /* the flag of the function s calls: f's, or a caller's of f's on the way */
			const func *g = &c->funcs[s->callee];
			span v = gg_node_is_null(s->flag_arg) ? (span){ NULL, 0 } : quote_of(c, s->flag_arg);
			if (v.len)
				text_add(c, &m, " with %.*s=%.*s", (int)g->flag.len, g->flag.ptr, (int)v.len, v.ptr);
			else if (g->flag_string)
				text_add(c, &m, " with the default %.*s", (int)g->flag.len, g->flag.ptr);
			else {
				/* The default it leaves: False, or None for an optimizer-or-None parameter. */
				gg_node dflt;
				sem_parameter_index(c, g->def, g->flag, &dflt);
				span d = gg_node_is_null(dflt) ? (span){ "False", 5 } : quote_of(c, dflt);
				text_add(c, &m, " with %.*s=%.*s", (int)g->flag.len, g->flag.ptr, (int)(d.len ? d.len : 5),
					 d.len ? d.ptr : "False");
			}
		}
		text_add(c, &m, " on ");
		line_add(c, &m, (uint32_t)row_of(s->call) - 1);
	}
	/* Every unguarded caller is a mistake of its own: say how many, so that fixing one does not hide the rest. */
	size_t more = !s ? 0 : local ? sem_unguarded_sites(c, e->scope) - 1 : other_eval_sites(c, s);
	if (!local && s && more)
		text_add(c, &m, " and from %zu other place%s in this file", more, more == 1 ? "" : "s");

	/* What is there and does not disable grad. */
	const char *sep = ": ";
	if (!gg_node_is_null(ev->eval_call)) {
		span r = ev->eval_receiver.len <= MAX_QUOTED_CALL ? ev->eval_receiver : (span){ "the model", 9 };
		gg_node fn = FIELD(ev->eval_call, function);
		span method = IS(fn, attribute) ? sem_attribute_name(c, fn) : (span){ c->text, 0 };
		gg_node owner = IS(fn, attribute) ? FIELD(fn, object) : gg_node_null();
		if (span_is(method, "eval") || span_is(method, "train"))
			text_add(c, &m, "%s%.*s.eval() does not disable gradients", sep, (int)r.len, r.ptr);
		else if (!gg_node_is_null(owner) && span_eq(node_span(c, owner), ev->eval_receiver)) /* a holder's own method */
			text_add(c, &m, "%s%.*s.%.*s() puts what it holds in eval mode, which does not disable gradients", sep,
				 (int)r.len, r.ptr, (int)method.len, method.ptr);
		else /* a loader that returns it in eval mode */
			text_add(c, &m, "%seval mode (which %.*s is in from its loader) does not disable gradients", sep, (int)r.len,
				 r.ptr);
		sep = "; ";
	}
	if (dropped_only) {
		text_add(c, &m, "%sits output is kept only without its history, so nothing needs the graph", sep);
		sep = "; ";
	}
	if (input_only) {
		span q = quote_of(c, ev->eval_input);
		text_add(c, &m, "%s%.*s is held-out data and no backward follows", sep, (int)q.len, q.ptr);
		sep = "; ";
	}
	if (sem_offsets_any_in(&c->volatile_at, f->start, f->end)) {
		text_add(c, &m, "%svolatile=True has had no effect since PyTorch 0.4", sep);
		sep = "; ";
	}
	if (e->detached.len) {
		text_add(c, &m, "%s.%.*s%s on the output does not stop the graph from being built", sep,
			 (int)e->detached.len, e->detached.ptr, span_is(e->detached, "data") ? "" : "()");
		sep = "; ";
	}
	if (f->nograd_bare < gg_node_start_byte(e->call)) {
		TSPoint p = gg_node_start_point(gg_node_descendant_for_byte_range(gg_tree_root(e->call.tree), f->nograd_bare, f->nograd_bare));
		text_add(c, &m, "%sthe bare no_grad() call on ", sep);
		line_add(c, &m, p.row);
		text_add(c, &m, " turns nothing off (only a with block does)");
		sep = "; ";
	}
	if (f->nograd_with != UINT32_MAX) {
		TSPoint p = { 0, 0 };
		/* The with's line: rows are counted from the tree, not the text. */
		gg_node root = gg_tree_root(e->call.tree);
		gg_node w = gg_node_descendant_for_byte_range(root, f->nograd_with, f->nograd_with);
		if (!gg_node_is_null(w))
			p = gg_node_start_point(w);
		text_add(c, &m, "%sthe grad-disabling with on ", sep);
		line_add(c, &m, p.row);
		text_add(c, &m, " does not contain this call");
		sep = "; ";
	}
	if (local && s) {
		text_add(c, &m, "%sit is called with autograd on from ", sep);
		caller_add(c, &m, s->caller);
		text_add(c, &m, " on ");
		line_add(c, &m, (uint32_t)row_of(s->call) - 1);
		if (more)
			text_add(c, &m, " and from %zu other place%s in this file", more, more == 1 ? "" : "s");
		sep = "; ";
	}

	/* The fix. What a wrap of the caller's call may cover, asked once for the text and the finding. */
	unsigned caller_proof = !local && s ? site_proof(c, s) : 0;
	if (phase_only) {
		/* Only that pass trains: no_grad around the forward would stop training too, so no wrap is offered. */
		span v = node_span(c, FIELD(ev->phase_loop, left));
		text_add(c, &m, "%sonly the \"%.*s\" pass calls backward; wrap the pass in %.*s.set_grad_enabled(%.*s == \"%.*s\")",
			 sep, (int)ev->phase_train.len, ev->phase_train.ptr, (int)t.len, t.ptr, (int)v.len, v.ptr,
			 (int)ev->phase_train.len, ev->phase_train.ptr);
	} else if (!local && s && s->flag_phase) {
		/* The same call trains on the other phases: no_grad around it would stop training too, so no wrap is offered. */
		span v = node_span(c, s->flag_arg);
		text_add(c, &m, "; it trains only where %.*s is true: wrap the call on ", (int)v.len, v.ptr);
		line_add(c, &m, (uint32_t)row_of(s->call) - 1);
		text_add(c, &m, " in %.*s.set_grad_enabled(%.*s)", (int)t.len, t.ptr, (int)v.len, v.ptr);
	} else if (!local && s && !(caller_proof & GG_PROOF_STATEMENT_QUIET)) {
		/*
		 * The caller's call also runs what needs grad (an explainer's
		 * attributions, an attack beside the forward): no wrap of it is
		 * offered; the forward alone is what to wrap.
		 */
		text_add(c, &m, "; wrap the call in %.*s.%s() (not the call on ", (int)t.len, t.ptr, ctxname);
		line_add(c, &m, (uint32_t)row_of(s->call) - 1);
		text_add(c, &m, ", which also runs code that needs autograd)");
	} else if (!local && s) {
		/* Its one fix wraps every such caller (the fix sites below): the message says so. */
		text_add(c, &m, more ? "; wrap the calls on " : "; wrap the call on ");
		line_add(c, &m, (uint32_t)row_of(s->call) - 1);
		if (more == 1)
			text_add(c, &m, " and at the other place");
		else if (more)
			text_add(c, &m, " and at the %zu other places", more);
		text_add(c, &m, " in %.*s.%s()", (int)t.len, t.ptr, ctxname);
	}
	else if (e->in_loop && (regions_proof(c, e->call, UINT32_MAX) & GG_PROOF_LOOP_QUIET))
		text_add(c, &m, "; wrap the loop in %.*s.%s()", (int)t.len, t.ptr, ctxname);
	else if (e->in_loop) /* the loop also trains, or runs code handed the model: the call alone */
		text_add(c, &m, "; wrap the call in %.*s.%s()", (int)t.len, t.ptr, ctxname);
	else if (e->scope == 0 || f->bw || !(regions_proof(c, e->call, UINT32_MAX) & GG_PROOF_BODY_QUIET))
		/* A function that also trains is not offered a decorator (the fixer's own proof, fix.c). */
		text_add(c, &m, "; wrap the call in %.*s.%s()", (int)t.len, t.ptr, ctxname);
	else
		text_add(c, &m, "; wrap the call in %.*s.%s() or decorate %.*s() with @%.*s.%s()", (int)t.len, t.ptr,
			 ctxname, (int)f->name.len, f->name.ptr, (int)t.len, t.ptr, ctxname);
	if (c->error) {
		free(m.data);
		return;
	}

	gg_byte_range at = { gg_node_start_byte(e->call), gg_node_end_byte(e->call) };
	gg_finding *finding = gg_findings_push(c->out, rule_code, GG_SEVERITY_WARNING, at, m.data);
	if (!finding) {
		fail(c, -ENOMEM);
		return;
	}
	/* Evaluation only through a caller: the fix goes on that call, not into a helper training may run too. */
	gg_node fixed = e->call;
	if (!local && s) {
		fixed = s->call;
		finding->fix_at = (gg_byte_range){ gg_node_start_byte(s->call), gg_node_end_byte(s->call) };
	}
	*fixed_out = fixed;
	if (!phase_only && !(!local && s && s->flag_phase))
		finding->proof |= !local && s ? caller_proof : regions_proof(c, fixed, UINT32_MAX);
	if (e->may_differentiate)
		finding->proof |= GG_PROOF_MAY_DIFFERENTIATE;
	if (!gg_node_is_null(ev->eval_call)) {
		span q = quote_of(c, ev->eval_call);
		char *rel = gg_strdup_printf("%.*s called here", (int)(q.len ? q.len : 6), q.len ? q.ptr : ".eval()");
		gg_byte_range r = { gg_node_start_byte(ev->eval_call), gg_node_end_byte(ev->eval_call) };
		if (!rel || gg_finding_add_related(finding, r, rel))
			fail(c, -ENOMEM);
	}
	if (s) {
		const func *callee = &c->funcs[e->scope];
		char *rel = gg_strdup_printf("%.*s() called here with autograd on", (int)callee->name.len, callee->name.ptr);
		gg_byte_range r = { gg_node_start_byte(s->call), gg_node_end_byte(s->call) };
		if (!rel || gg_finding_add_related(finding, r, rel))
			fail(c, -ENOMEM);
	}
	/* The other unguarded callers, each where the editor can go. */
	for (size_t i = more ? sem_sites_of(c, e->scope) : c->sites_len;
	     i < c->sites_len && c->sites[i].callee == e->scope && !c->error; i++) {
		const site *o = &c->sites[i];
		if (o == s || (local ? sem_site_guarded(c, o) : !sem_site_runs_eval(c, o)))
			continue;
		/* In a function training also runs: the wrap goes where that function is called as evaluation. */
		if (!local && o->caller > 0 && c->funcs[o->caller].eval_site >= 0 && sem_func_trained_through(c, o->caller))
			o = &c->sites[c->funcs[o->caller].eval_site];
		if (o == s || wrapped_before(c, e->scope, i, o))
			continue;
		const func *callee = &c->funcs[e->scope];
		char *rel = gg_strdup_printf("%.*s() also called here with autograd on", (int)callee->name.len,
					     callee->name.ptr);
		gg_byte_range r = { gg_node_start_byte(o->call), gg_node_end_byte(o->call) };
		/* Reached through callers: its one fix wraps each of them, or it fixes the finding by halves. */
		if (!local && gg_finding_add_fix_site(finding, r, site_proof(c, o)))
			fail(c, -ENOMEM);
		if (!rel || gg_finding_add_related(finding, r, rel))
			fail(c, -ENOMEM);
	}
}

/* A finding whose fix wraps its statement, with that statement's block. */
typedef struct run_member {
	size_t finding;
	uint32_t block; /* the block's node index */
	uint32_t start, end; /* the statement's bytes */
	gg_node stmt;
} run_member;

static int run_member_cmp(const void *pa, const void *pb)
{
	const run_member *a = pa, *b = pb;
	if (a->block != b->block)
		return a->block < b->block ? -1 : 1;
	return (a->start > b->start) - (a->start < b->start);
}

/*
 * One wrap for every forward of a region (SPEC §4): the findings whose fix
 * wraps their statement, in one block, get the run of sibling statements
 * from the first to the last of them, where nothing in the run trains and
 * nothing after it in the function does (a value the run computes could
 * otherwise reach a backward through no_grad). Sorted by block: linear
 * after the sort, however many findings one statement holds.
 */
static void wrap_runs(semantic *c, gg_findings *out, const gg_node *fixed, const size_t *index, size_t n)
{
	run_member *m = malloc(n * sizeof *m);
	if (!m) {
		fail(c, -ENOMEM);
		return;
	}
	size_t len = 0;
	for (size_t i = 0; i < n; i++) {
		const gg_finding *f = &out->items[index[i]];
		gg_fix_regions r;
		gg_fix_regions_find(fixed[i], &r);
		bool loop_wrap = !gg_node_is_null(r.loop) && (f->proof & GG_PROOF_LOOP_QUIET);
		/*
		 * Runs are made in blocks only: module-level statements may stand
		 * in different notebook cells, which a with cannot span.
		 */
		if (loop_wrap || gg_node_is_null(r.statement) || !(f->proof & GG_PROOF_STATEMENT_QUIET) ||
		    !IS(gg_node_parent(r.statement), block))
			continue;
		m[len++] = (run_member){ index[i], gg_node_parent(r.statement).index, gg_node_start_byte(r.statement),
					 gg_node_end_byte(r.statement), r.statement };
	}
	gg_sort(m, len, sizeof *m, run_member_cmp);
	for (size_t i = 0; i < len;) {
		/*
		 * A run is statements next to each other that all hold forwards
		 * reported here: a statement between them could call code of
		 * another file that takes a gradient (an attack, a saliency map).
		 */
		size_t j = i + 1;
		uint32_t end = m[i].end;
		while (j < len && m[j].block == m[i].block) {
			if (!gg_node_eq(m[j].stmt, m[j - 1].stmt)) {
				gg_node prev = gg_node_prev_named_sibling(m[j].stmt);
				while (IS(prev, comment))
					prev = gg_node_prev_named_sibling(prev);
				if (!gg_node_eq(prev, m[j - 1].stmt))
					break;
			}
			end = m[j].end > end ? m[j].end : end;
			j++;
		}
		/* A run of one statement (all its findings in it) needs nothing more. */
		if (!gg_node_eq(m[j - 1].stmt, m[i].stmt)) {
			uint32_t start = m[i].start;
			int scope = sem_func_at(c, start);
			uint32_t scope_end = scope > 0 ? c->funcs[scope].end : (uint32_t)c->len;
			if (!sem_range_trains(c, start, scope_end))
				for (size_t k = i; k < j; k++)
					out->items[m[k].finding].wrap_run = (gg_byte_range){ start, end };
		}
		i = j;
	}
	free(m);
}

static int gg001_check(void *state, const gg_rule_input *in, gg_findings *out)
{
	(void)state;
	semantic *c = in->model->file;
	if (!c)
		return 0; /* nothing built: the file imports no framework */
	c->out = out;
	size_t first = out->len;
	gg_node *fixed = c->events_len ? calloc(c->events_len, sizeof *fixed) : NULL;
	size_t *index = c->events_len ? calloc(c->events_len, sizeof *index) : NULL;
	if (c->events_len && (!fixed || !index))
		fail(c, -ENOMEM);
	size_t n = 0;
	for (size_t i = 0; i < c->events_len && !c->error; i++) {
		size_t before = out->len;
		gg_node f;
		report(c, &c->events[i], first, &f);
		if (out->len > before && !gg_node_is_null(f)) {
			fixed[n] = f;
			index[n++] = before;
		}
	}
	if (!c->error && out->len > first + 1)
		wrap_runs(c, out, fixed, index, n);
	free(fixed);
	free(index);
	c->out = NULL;
	return c->error;
}

const gg_rule_impl gg_rule_gg001 = { NULL, NULL, gg001_check };
