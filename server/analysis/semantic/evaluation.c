/*
 * Evaluation evidence: X.eval() regions until X.train(), loops over
 * evaluation-named iterables, and whether that evidence holds for a scope.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

/* For a call `X.eval()` / `X.train(...)`: the change, and X in *object. */
static mode_change mode_call(const semantic *c, gg_node call, gg_node *object)
{
	gg_node fn = FIELD(call, function), args = FIELD(call, arguments);
	if (!IS(fn, attribute) || !IS(args, argument_list))
		return MODE_NONE;
	*object = FIELD(fn, object);
	span method = node_span(c, FIELD(fn, attribute));
	if (span_is(method, "eval"))
		return sem_argument_count(c, args) == 0 ? MODE_EVAL : MODE_NONE;
	if (span_is(method, "train")) {
		if (sem_argument_count(c, args) == 0)
			return MODE_TRAIN;
		return sem_literal_mode(c, args) == 0 ? MODE_EVAL : MODE_TRAIN;
	}
	return MODE_NONE;
}

/* A keyword argument of a loader that asks for eval mode: eval=True, is_eval=True, eval_mode=True. */
static bool loader_asks_eval(const semantic *c, gg_node call)
{
	gg_node args = FIELD(call, arguments);
	uint32_t n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
	for (uint32_t i = 0; i < n; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (!IS(a, keyword_argument) || !IS(FIELD(a, value), true))
			continue;
		span k = node_span(c, FIELD(a, name));
		if (span_is(k, "eval") || span_is(k, "is_eval") || span_is(k, "eval_mode"))
			return true;
	}
	return false;
}

/* Whether a return under n (nested definitions left out) returns a module in eval mode: X.eval() itself, or a name the function's text puts in eval mode. */
static bool returns_eval_receiver(const semantic *c, const func *f, gg_node n, unsigned depth)
{
	if (depth > MAX_BLOCK_DEPTH)
		return false;
	uint32_t count = gg_node_named_child_count(n);
	for (uint32_t i = 0; i < count; i++) {
		gg_node child = gg_node_named_child(n, i);
		if (IS(child, function_definition) || IS(child, class_definition) || IS(child, lambda))
			continue;
		if (IS(child, return_statement)) {
			gg_node v = gg_node_named_child_count(child) ? gg_node_named_child(child, 0) : gg_node_null();
			/* return load(p).eval(), return net.to(device).eval() */
			for (unsigned links = 0; IS(v, call) && links < MAX_NAME_SEGMENTS; links++) {
				gg_node object;
				if (mode_call(c, v, &object) == MODE_EVAL)
					return true;
				gg_node fn = FIELD(v, function);
				if (!IS(fn, attribute))
					break;
				v = FIELD(fn, object);
			}
			if (!IS(v, identifier))
				continue;
			/* `return model` after `model.eval()`: the text says it; each of these is a short function. */
			span name = node_span(c, v), body = text_between(c, f->start, gg_node_start_byte(child));
			for (size_t at = 0; at + name.len + 7 <= body.len; at++)
				if (memcmp(body.ptr + at, name.ptr, name.len) == 0 &&
				    memcmp(body.ptr + at + name.len, ".eval()", 7) == 0 &&
				    (at == 0 || !(isalnum((unsigned char)body.ptr[at - 1]) || body.ptr[at - 1] == '_' ||
						  body.ptr[at - 1] == '.')))
					return true;
			continue;
		}
		if (returns_eval_receiver(c, f, child, depth + 1))
			return true;
	}
	return false;
}

/*
 * A loader that hands back a module in eval mode (SPEC §2): a call that asks
 * for it (load(..., is_eval=True)), or a function of this file, walked
 * already, that returns a name it put in eval mode. *part: the module's place
 * in the tuple it returns (0: first, or the value itself).
 */
static bool loader_returns_eval(semantic *c, gg_node call, unsigned *part)
{
	*part = 0;
	if (!IS(call, call))
		return false;
	if (loader_asks_eval(c, call))
		return true;
	gg_node fn = FIELD(call, function);
	/* A loader another file of the project defines (project_functions.c), imported here. */
	if (gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_EVAL_LOADERS) && sem_is_name_chain(c, fn) &&
	    sem_binding_find(c, node_span(c, sem_chain_root(c, fn))) && sem_name_resolve(c, fn)) {
		span r = sem_resolved(c);
		return gg_elsewhere_eval_loader(c->elsewhere, r.ptr, r.len, part);
	}
	if (!IS(fn, identifier) || sem_binding_find(c, node_span(c, fn)))
		return false;
	span name = node_span(c, fn);
	for (size_t i = sem_func_names_lower(c, name); i + 1 < c->funcs_len && span_eq(c->func_names[i].name, name); i++) {
		func *f = &c->funcs[c->func_names[i].index];
		if (!f->walked || f->cls >= 0)
			continue;
		if (f->returns_eval < 0)
			f->returns_eval = returns_eval_receiver(c, f, f->def, 0);
		if (f->returns_eval)
			return true;
	}
	return false;
}

/* The module a parallel wrapper or the compiler is handed (`nn.DataParallel(net.eval())`), else e itself. */
static gg_node wrapped_module(semantic *c, gg_node e)
{
	gg_node fn = IS(e, call) ? FIELD(e, function) : gg_node_null();
	gg_node args = IS(e, call) ? FIELD(e, arguments) : gg_node_null();
	if (gg_node_is_null(fn) || !sem_is_name_chain(c, fn) || !sem_name_resolve(c, fn) || !sem_name_is_one_of(c, sem_module_wrappers) ||
	    !IS(args, argument_list) || !gg_node_named_child_count(args) || IS(gg_node_named_child(args, 0), keyword_argument))
		return e;
	return gg_node_named_child(args, 0);
}

/*
 * The evaluation-mode change a statement makes, the receiver (a name chain, in *target)
 * it applies to and the call that makes it:
 *   model.eval()   model.eval().to(device)   model.train(False)   model.train()
 *   model = build(...).eval()   self.net = torch.load(p).eval()
 *   model, vis = load(name, is_eval=True)   model = load_checkpoint(p)  (it returns model after model.eval())
 */
mode_change sem_eval_receiver_of(semantic *c, gg_node stmt, gg_node *target, gg_node *call)
{
	if (!IS(stmt, expression_statement) || gg_node_named_child_count(stmt) != 1)
		return MODE_NONE;
	gg_node e = gg_node_named_child(stmt, 0);
	bool assigned = false;
	if (IS(e, assignment)) {
		*target = FIELD(e, left);
		gg_node whole = *target;
		bool unpacked = (IS(whole, pattern_list) || IS(whole, tuple_pattern)) && gg_node_named_child_count(whole);
		/* model, preprocess = load(...): the module comes first, unless the loader says which part it is. */
		if (unpacked)
			*target = gg_node_named_child(whole, 0);
		if (!sem_is_name_chain(c, *target))
			return MODE_NONE;
		assigned = true;
		e = FIELD(e, right);
		gg_node base = IS(e, call) ? sem_call_chain_base(c, e) : gg_node_null();
		unsigned part;
		if (loader_returns_eval(c, base, &part)) {
			if (part && !(unpacked && part < gg_node_named_child_count(whole) &&
				      sem_is_name_chain(c, *target = gg_node_named_child(whole, part))))
				return MODE_NONE; /* the module is a part this statement does not bind */
			*call = base;
			return MODE_EVAL;
		}
	}
	/* holder.setup_to_test(): a plain holder's method that puts what it holds in eval mode, as holder.eval() would. */
	gg_node hfn = !assigned && IS(e, call) ? FIELD(e, function) : gg_node_null();
	if (IS(hfn, attribute) && IS(FIELD(hfn, object), identifier) && c->elsewhere) {
		uint32_t at = gg_node_start_byte(stmt);
		if (sem_holder_sets_eval(c, sem_func_at(c, at), node_span(c, FIELD(hfn, object)), at, sem_attribute_name(c, hfn))) {
			*target = FIELD(hfn, object);
			*call = e;
			return MODE_EVAL;
		}
	}
	span t;
	/* The method is .eval or .train: a statement that spells neither is no mode change. */
	if (!node_text_of(c, stmt, &t) || (!span_contains(t, "eval") && !span_contains(t, "train")))
		return MODE_NONE;
	/* model = nn.DataParallel(model.train(False).cuda()): the wrapper runs the module in the mode it is handed in. */
	if (assigned)
		e = wrapped_module(c, e);
	/* Down a method chain a.eval().to(d).half(): the .eval() may be any link. */
	for (unsigned links = 0; IS(e, call) && links < MAX_NAME_SEGMENTS; links++) {
		gg_node object;
		mode_change m = mode_call(c, e, &object);
		if (m != MODE_NONE) {
			if (!assigned) {
				/* model.cuda().eval(): .to/.cuda/.cpu/.half/.float return the module itself. */
				for (unsigned k = 0; k < MAX_NAME_SEGMENTS && IS(object, call) && IS(FIELD(object, function), attribute); k++) {
					span how = sem_attribute_name(c, FIELD(object, function));
					if (!sem_word_in(how.ptr, how.len, sem_returns_self))
						break;
					object = FIELD(FIELD(object, function), object);
				}
				if (!sem_is_name_chain(c, object))
					return MODE_NONE;
				*target = object;
			}
			*call = e;
			return m;
		}
		gg_node fn = FIELD(e, function);
		if (!IS(fn, attribute))
			break;
		e = FIELD(fn, object);
	}
	return MODE_NONE;
}

static int evals_reserve(semantic *c, size_t need)
{
	return gg_grow_to((void **)&c->evals, &c->evals_cap, need, sizeof *c->evals);
}

receiver *sem_receiver_find(const semantic *c, const ctx *x, span text)
{
	for (size_t i = x->lo; i < x->hi; i++)
		if (span_eq(c->evals[i].text, text))
			return &c->evals[i];
	return NULL;
}

/* Makes the view this block's own, so that it may be edited. */
static int view_own(semantic *c, ctx *x)
{
	if (x->lo >= x->base)
		return 0;
	size_t n = x->hi - x->lo;
	if (evals_reserve(c, x->hi + n + 1))
		return -ENOMEM;
	memcpy(c->evals + x->hi, c->evals + x->lo, n * sizeof *c->evals);
	x->lo = x->hi;
	x->hi += n;
	x->base = x->lo;
	return 0;
}

void sem_eval_region_apply(semantic *c, ctx *x, mode_change m, gg_node receiver_node, gg_node call)
{
	span text = node_span(c, receiver_node);
	receiver *found = sem_receiver_find(c, x, text);
	if (m == MODE_EVAL)
		c->funcs[x->func].eval_mode = true;
	if (m == MODE_EVAL && found && found >= c->evals + x->base) {
		found->eval_call = call;
		found->region_end = x->block_end;
		return;
	}
	if ((m == MODE_EVAL && found) || (m == MODE_TRAIN && !found))
		return;
	if (view_own(c, x)) {
		fail(c, -ENOMEM);
		return;
	}
	if (m == MODE_EVAL) {
		if (evals_reserve(c, x->hi + 1)) {
			fail(c, -ENOMEM);
			return;
		}
		c->evals[x->hi++] = (receiver){ text, call, x->block_end, false };
		return;
	}
	found = sem_receiver_find(c, x, text);
	size_t i = (size_t)(found - c->evals);
	memmove(found, found + 1, (x->hi - i - 1) * sizeof *found);
	x->hi--;
}

/*
 * Whether an iterable's name says evaluation: val_loader, self.test_dl,
 * dataloaders["val"], enumerate(tqdm(eval_dataloader)), dm.val_dataloader().
 */
/* The call a plain name was last assigned before its use in the same function (`bar = tqdm(test_loader)`), or null. */
static gg_node assigned_call(const semantic *c, gg_node name)
{
	span s = node_span(c, name);
	uint32_t at = gg_node_start_byte(name);
	int scope = sem_func_at(c, at);
	gg_node best = gg_node_null();
	uint32_t best_at = 0;
	for (size_t i = sem_named_first(c->assign_names, c->assign_names_len, s);
	     i < c->assign_names_len && span_eq(c->assign_names[i].name, s); i++) {
		size_t k = (size_t)c->assign_names[i].index;
		uint32_t from = gg_node_start_byte(c->assign_left[k]);
		if (from < at && from >= best_at && sem_func_at(c, from) == scope) {
			best = c->assign_right[k];
			best_at = from;
		}
	}
	return IS(best, call) ? best : gg_node_null();
}

/* Whether fn lists a folder's files: os.listdir, os.scandir, glob.glob, glob.iglob, a Path's glob or rglob. */
static bool listing_call(const semantic *c, gg_node fn)
{
	static const char *const listings[] = { "listdir", "scandir", "glob", "iglob", "rglob", NULL };
	span last = IS(fn, attribute) ? sem_chain_last(c, fn) : IS(fn, identifier) ? node_span(c, fn) : (span){ NULL, 0 };
	return last.len && sem_word_in(last.ptr, last.len, listings);
}

/*
 * Whether a listed path, written out, names a held-out split
 * ("./val_images", os.path.join(root, "test")): a folder of evaluation
 * data, as a loader's name would say.
 */
static bool path_says_eval(const semantic *c, gg_node path)
{
	span s;
	if (sem_string_value(c, path, &s))
		return sem_words_any(c, s, sem_is_iter_word, NULL);
	gg_node fn = IS(path, call) ? FIELD(path, function) : gg_node_null();
	gg_node args = FIELD(path, arguments);
	if (!IS(fn, attribute) || !span_is(sem_chain_last(c, fn), "join") || !IS(args, argument_list))
		return false;
	for (uint32_t i = 0, n = sem_argument_count(c, args); i < n; i++)
		if (sem_string_value(c, sem_argument_at(c, args, i), &s) && sem_words_any(c, s, sem_is_iter_word, NULL))
			return true;
	return false;
}

static bool iterable_says_eval(const semantic *c, gg_node it, unsigned depth)
{
	/* A tensor's own methods: what they give is made of the tensor alone (a shape of it, a copy), none of their arguments. */
	static const char *const shapes[] = { "size", "dim", "numel", NULL };
	static const char *const tensor_ops[] = { "repeat", "to", "view", "reshape", "expand", "permute", "cuda", "cpu",
						  "float", "long", "type", "unsqueeze", "squeeze", "contiguous",
						  "transpose", "flatten", NULL };
	for (unsigned i = depth; i < MAX_ITER_WRAPS && !gg_node_is_null(it); i++) {
		if (IS(it, identifier) || IS(it, attribute)) {
			if (sem_words_any(c, sem_chain_last(c, it), sem_is_iter_word, NULL))
				return true;
			/* A name for a wrapper around the data (`bar = tqdm(test_loader)`): what it wraps. */
			it = IS(it, identifier) ? assigned_call(c, it) : gg_node_null();
			continue;
		}
		if (IS(it, subscript)) {
			gg_node key = FIELD(it, subscript);
			if (IS(key, string)) {
				span s = node_span(c, key);
				return sem_words_any(c, s, sem_is_iter_word, NULL);
			}
			it = FIELD(it, value);
			continue;
		}
		if (!IS(it, call))
			return false;
		gg_node fn = FIELD(it, function);
		if (IS(fn, attribute)) {
			span method = sem_chain_last(c, fn);
			if (sem_word_in(method.ptr, method.len, shapes))
				return false;
			if (sem_word_in(method.ptr, method.len, tensor_ops)) {
				it = FIELD(fn, object);
				continue;
			}
			/* dm.val_dataloader(), self.get_test_loader() */
			if (sem_words_any(c, method, sem_is_iter_word, NULL))
				return true;
			if (span_contains(method, "train"))
				return false;
			/* loaders["test"].get_iterator(), val_set.batches(64): what the evaluation data hands out */
			if (iterable_says_eval(c, FIELD(fn, object), i + 1))
				return true;
		}
		gg_node args = FIELD(it, arguments);
		if (!IS(args, argument_list) || sem_argument_count(c, args) == 0)
			return false;
		it = sem_argument_at(c, args, 0);
		if (listing_call(c, fn))
			return path_says_eval(c, it);
	}
	return false;
}

bool sem_iterable_says_eval(const semantic *c, gg_node it)
{
	return iterable_says_eval(c, it, 0);
}

/* Whether the statements walked between byte since (recv's binding) and byte at put recv in training mode. */
static bool put_in_train_mode_since(const semantic *c, span recv, uint32_t since, uint32_t at)
{
	for (size_t i = 0; recv.len && i < c->train_modes_len; i++)
		if (c->train_modes[i].at >= since && c->train_modes[i].at < at && span_eq(c->train_modes[i].name, recv))
			return true;
	return false;
}

evidence sem_evidence_here(semantic *c, const ctx *x, span prefer, uint32_t at)
{
	evidence ev;
	memset(&ev, 0, sizeof ev);
	ev.eval_call = gg_node_null();
	ev.at = UINT32_MAX;
	ev.loop_iter = x->loop_iter;
	ev.loop_start = x->loop_start;
	ev.loop_end = x->loop_end;
	ev.phase_loop = x->phase_loop;
	ev.phase_train = x->phase_train;
	ev.after_train = x->after_train;
	if (prefer.len && at != UINT32_MAX) {
		const bind *b = sem_bind_at(c, x, prefer);
		ev.own_train = put_in_train_mode_since(c, prefer, b ? b->at : c->funcs[x->func].start, at);
	}
	if (x->lo < x->hi) {
		/* The receiver the call runs, else the latest .eval() in force that speaks for any forward. */
		const receiver *r = prefer.len ? sem_receiver_find(c, x, prefer) : NULL;
		/* Or its owner's: self.model.classifier(x) runs part of self.model, in eval mode since __init__. */
		for (span owner = prefer; !r && owner.len;) {
			const char *dot = memrchr(owner.ptr, '.', owner.len);
			owner.len = dot ? (size_t)(dot - owner.ptr) : 0;
			if (owner.len && !span_is(owner, "self"))
				r = sem_receiver_find(c, x, owner);
		}
		ev.own_eval = r != NULL;
		/* Another model's .eval() says nothing of a module built here that nothing has trained yet. */
		bool fresh = !r && x->func == 0 && sem_built_untrained(c, x, prefer, at);
		/* Nor of one put in training mode on purpose since it was bound (`head.train()`, then `head(x, labels=y)`). */
		for (size_t i = x->hi; !r && !fresh && !ev.own_train && i-- > x->lo;)
			if (!c->evals[i].own_only)
				r = &c->evals[i];
		if (r) {
			ev.eval_call = r->eval_call;
			ev.eval_receiver = r->text;
			ev.region_end = r->region_end;
		}
	}
	return ev;
}

/* Whether the call starting at at hands the model receiver (X of X.eval()) on: a training of that very model. */
static bool training_call_takes(const semantic *c, uint32_t at, span receiver)
{
	const gg_tree_index *ix = c->index;
	size_t i = gg_call_refs_from(ix->calls, ix->calls_len, at);
	if (i >= ix->calls_len || ix->calls[i].start != at || !receiver.len)
		return true; /* not found: count it, as before */
	gg_node args = FIELD(ix->calls[i].node, arguments);
	for (gg_node n = args; !gg_node_is_null(n); n = gg_node_walk_next(args, n, true))
		if ((IS(n, identifier) || IS(n, attribute)) && span_eq(node_span(c, n), receiver))
			return true;
	return false;
}

/* The statement (an expression statement, or a for's header) that holds the byte at, outside nested definitions. */
static gg_node statement_at(const semantic *c, uint32_t at)
{
	gg_node n = gg_node_named_descendant_for_byte_range(c->funcs[0].def, at, at + 1);
	for (; !gg_node_is_null(n); n = gg_node_parent(n)) {
		if (IS(n, expression_statement))
			return n;
		if (IS(n, for_statement))
			return at < gg_node_start_byte(FIELD(n, body)) ? n : gg_node_null();
		if (IS(n, function_definition) || IS(n, class_definition) || IS(n, block))
			return gg_node_null();
	}
	return n;
}

/*
 * Whether the result of the forward at `at`, in function scope (or the
 * module's), reaches a backward written at or after `from` there, through
 * what its statement binds (`scores += teacher(feats) * w`, then `loss =
 * crit(scores, y)`, `loss.backward()`): a generator trained through frozen
 * teachers, whose eval mode says nothing of the graph it needs; or a loop
 * that keeps each batch's output (`lls.append(...)`) for a gradient taken
 * after it (`torch.autograd.grad(torch.cat(lls).mean(), params)`: a Fisher
 * estimate). A function's index is built only where it has such a
 * backward, once; the module's is the file's; out of memory answers no.
 */
bool sem_forward_feeds_backward(const semantic *c, int scope, uint32_t at, uint32_t from)
{
	gg_node def = c->funcs[scope].def;
	uint32_t end = scope > 0 ? gg_node_end_byte(def) : (uint32_t)c->len;
	if (at == UINT32_MAX || !sem_offsets_any_in(&c->backward, from, end))
		return false;
	gg_node own = statement_at(c, at);
	if (gg_node_is_null(own) || (scope > 0 && !c->fn_flow))
		return false;
	const module_flow *f = &c->flow;
	if (scope > 0) {
		/* One index per function, whatever the number of its forwards asked. */
		module_flow *g = &c->fn_flow->flow;
		if (c->fn_flow->scope != scope) {
			sem_flow_free(g);
			c->fn_flow->scope = scope;
			if (sem_flow_build_in(c, def, g) != 0)
				sem_flow_free(g); /* not built: answers no */
		}
		f = g;
	}
	flow_reach r = { 0, NULL, 0, 0 };
	bool feeds = f->built && sem_flow_reach(f, own, &r) == 0 && sem_flow_reached_in(f, &r, &c->backward, from);
	free(r.reached);
	return feeds;
}

/*
 * Whether the X.eval() region in force holds as evaluation evidence: no
 * backward inside it, nor a call of a function that trains (backward_propagate
 * notes those calls as backward too). At module level too: a script that
 * trains and then evaluates is split at its .eval().
 */
bool sem_eval_region_holds(const semantic *c, const evidence *ev, int scope)
{
	if (gg_node_is_null(ev->eval_call) || c->funcs[scope].callers_own_mode)
		return false;
	uint32_t from = gg_node_start_byte(ev->eval_call), end = ev->region_end;
	if (scope != 0 && ev->at < end)
		return !sem_offsets_any_in(&c->backward, from, end) && !sem_forward_feeds_backward(c, scope, ev->at, ev->at);
	if (scope != 0 || ev->at >= end)
		return !sem_offsets_any_in(&c->backward, from, end);
	/*
	 * At module level (a script, a notebook), a backward written after a
	 * forward of the model put in eval mode needs its graph only if it reads
	 * what the forward returned (another model fitted further down, or this
	 * one fitted again, does not), or is a call of a function that trains
	 * handed this very model; a backward before it makes the region
	 * training. Another model's .eval() in force is weaker evidence: a
	 * later backward of the module's own ends it, a call of a function that
	 * trains another model does not.
	 */
	bool holds = true, later = false;
	const offsets *bw = &c->backward;
	for (size_t i = gg_offsets_lower(bw->items, bw->len, from); i < bw->len && bw->items[i] < end && holds; i++) {
		uint32_t b = bw->items[i];
		if (sem_func_at(c, b) != 0)
			continue; /* a function's own backward is its callers' business: its calls are in the list */
		bool call = sem_offsets_any_in(&c->training_calls, b, b + 1);
		if (b < ev->at || (call && training_call_takes(c, b, ev->eval_receiver)))
			holds = false;
		else if (!ev->own_eval && !call)
			holds = false;
		else if (ev->own_eval)
			later = true;
		/* else another model's region, and a call that trains another model: not its end */
		/*
		 * Once a later backward is seen, only a later call of a function
		 * training this model can still end the region: asked of those
		 * few calls, not of every backward to the region's end (a
		 * notebook's cells made that quadratic).
		 */
		if (later && holds) {
			const offsets *tc = &c->training_calls;
			for (size_t k = gg_offsets_lower(tc->items, tc->len, b + 1); k < tc->len && tc->items[k] < end && holds; k++)
				if (sem_func_at(c, tc->items[k]) == 0 && training_call_takes(c, tc->items[k], ev->eval_receiver))
					holds = false;
			break;
		}
	}
	if (!holds || !later)
		return holds;
	/* The later backwards of the module: does one sit in a statement the forward's result reaches? */
	flow_reach r = { 0, NULL, 0, 0 };
	gg_node own = statement_at(c, ev->at);
	holds = !gg_node_is_null(own) && sem_flow_reach(&c->flow, own, &r) == 0 &&
		!sem_flow_reached_in(&c->flow, &r, &c->backward, ev->at);
	free(r.reached);
	return holds;
}

/* Whether f's body (its docstring aside) is one `return` of a call: a hook that only hands its arguments on. */
static bool only_hands_on(const semantic *c, const func *f)
{
	gg_node body = FIELD(f->def, body);
	uint32_t count = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body);
	uint32_t i = 0;
	while (i < count && (IS(gg_node_named_child(body, i), comment) ||
			     (IS(gg_node_named_child(body, i), expression_statement) &&
			      IS(gg_node_named_child(gg_node_named_child(body, i), 0), string))))
		i++;
	if (i + 1 != count)
		return false;
	gg_node last = gg_node_named_child(body, i);
	return IS(last, return_statement) && gg_node_named_child_count(last) == 1 &&
	       IS(gg_node_named_child(last, 0), call);
}


/*
 * Whether function fi is a module's own forward() or __call__: it runs in
 * its caller's grad mode, so nothing in its body is evidence of evaluation
 * (a loop over a tensor named valid_ratios, a valid-area fraction, least of
 * all). A framework's hook is another matter: its own loop over validation
 * data still counts.
 */
bool sem_module_forward(const semantic *c, int fi)
{
	const func *f = &c->funcs[fi];
	return fi > 0 && f->callers_own_mode && (span_is(f->name, "forward") || span_is(f->name, "__call__"));
}

bool sem_evidence_holds(const semantic *c, const evidence *ev, int scope, bool loaded)
{
	const func *f = &c->funcs[scope];
	if (sem_module_forward(c, scope))
		return false;
	if (sem_eval_region_holds(c, ev, scope))
		return true;
	if (!gg_node_is_null(ev->loop_iter) && !sem_offsets_any_in(&c->backward, ev->loop_start, ev->loop_end))
		return true;
	/*
	 * A caller's evaluation name is evidence unless the caller only hands
	 * its arguments on (`def infer(model, x): return model.infer(x)`): such
	 * a hook does nothing evaluation does, and whoever calls it decides.
	 */
	if (scope > 0 && f->eval_name && !f->bw && !ev->after_train && !only_hands_on(c, f))
		return true;
	return sem_module_script(c, ev, scope, loaded);
}

bool sem_module_script(const semantic *c, const evidence *ev, int scope, bool loaded)
{
	/*
	 * Choice: a module-level forward of a loaded model, with no training at
	 * module level, is an inference script; not of a model put in training
	 * mode on purpose (`head.train()`: a training step shown a piece at a time).
	 */
	return scope == 0 && loaded && !c->funcs[0].bw && !ev->own_train;
}

/* Whether n runs its body once per item: a loop or a comprehension. */
static bool iterates_node(const semantic *c, gg_node n)
{
	return IS(n, for_statement) || IS(n, while_statement) || IS(n, list_comprehension) ||
	       IS(n, generator_expression) || IS(n, set_comprehension) || IS(n, dictionary_comprehension);
}

/* Whether a call runs inside a loop or a comprehension of the function that holds it. */
static bool call_in_loop(const semantic *c, gg_node call)
{
	for (gg_node p = gg_node_parent(call); !gg_node_is_null(p); p = gg_node_parent(p)) {
		if (IS(p, function_definition) || IS(p, class_definition) || IS(p, lambda))
			return false;
		if (iterates_node(c, p))
			return true;
	}
	return false;
}

bool sem_func_reads_graph(semantic *c, int fi)
{
	func *f = &c->funcs[fi];
	if (fi == 0)
		return false;
	if (f->reads_graph < 0) {
		span body = text_between(c, f->start, f->end);
		f->reads_graph = span_contains(body, ".grad_fn") || span_contains(body, ".next_functions");
	}
	return f->reads_graph;
}

/* Whether e is a list or tuple written out of constants: `["BPSK", "QPSK"]`, `(0.1, 0.5)`. */
static bool constants_literal(const semantic *c, gg_node e)
{
	if (!IS(e, list) && !IS(e, tuple))
		return false;
	uint32_t n = gg_node_named_child_count(e);
	for (uint32_t i = 0; i < n; i++) {
		gg_node k = gg_node_named_child(e, i);
		if (!IS(k, string) && !IS(k, integer) && !IS(k, float) && !IS(k, true) && !IS(k, false) && !IS(k, none))
			return false;
	}
	return n > 0;
}

/*
 * Whether the loop or comprehension n does work per item of data: its body
 * (a comprehension's element) calls something, and it does not go over
 * constants written out (`for name in ["BPSK", "QPSK"]`, settings). `[n +
 * pad for n in lengths]` computes numbers; it iterates no data.
 */
static bool iterates_work(const semantic *c, gg_node n)
{
	if (!iterates_node(c, n) || (IS(n, for_statement) && constants_literal(c, FIELD(n, right))))
		return false;
	gg_node body = FIELD(n, body);
	for (gg_node k = body; !gg_node_is_null(k); k = gg_node_walk_next(body, k, !IS(k, lambda)))
		if (IS(k, call))
			return true;
	return false;
}

/* Whether fi's body, or one of its call sites, iterates (after the call graph: sites are sorted by callee). */
bool sem_func_iterates(semantic *c, int fi)
{
	func *f = &c->funcs[fi];
	if (f->iterates >= 0)
		return f->iterates;
	gg_node def = f->def;
	bool found = false;
	for (gg_node n = def; !gg_node_is_null(n) && !found;) {
		bool nested = !gg_node_eq(n, def) && (IS(n, function_definition) || IS(n, class_definition) || IS(n, lambda));
		found = iterates_work(c, n);
		n = gg_node_walk_next(def, n, !nested);
	}
	/* Or a caller runs it once per item: score_batch(b) for b in loader. */
	for (size_t i = sem_sites_of(c, fi); !found && i < c->sites_len && c->sites[i].callee == fi; i++)
		found = call_in_loop(c, c->sites[i].call);
	/*
	 * A method called on an object the call graph does not follow (tagger.predict(b) for b in ...).
	 * Not on self in another class (`self._model.generate(...)` in a beam search): that
	 * class's own method, or its part's.
	 */
	const gg_tree_index *ix = c->index;
	size_t i = f->cls >= 0 ? sem_named_first(c->call_names, c->call_names_len, f->name) : c->call_names_len;
	for (; !found && i < c->call_names_len && span_eq(c->call_names[i].name, f->name); i++) {
		const gg_call_ref *r = &ix->calls[c->call_names[i].index];
		if (r->names >= 2 && !span_is(text_between(c, r->start, r->root_end), "self") &&
		    !(r->start >= gg_node_start_byte(c->classes[f->cls].node) && r->start < gg_node_end_byte(c->classes[f->cls].node)))
			found = call_in_loop(c, r->node);
	}
	f->iterates = found;
	return found;
}

/* Whether recv had weights loaded into it in scope before byte at (`recv.load_state_dict(...)`). */
static bool weights_loaded_into(const semantic *c, int scope, uint32_t at, span recv)
{
	const gg_tree_index *ix = c->index;
	uint32_t from = c->funcs[scope].start;
	for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, from); i < ix->calls_len && ix->calls[i].start < at; i++) {
		const gg_call_ref *r = &ix->calls[i];
		span m = r->attribute ? sem_method_of(c, r) : (span){ c->text, 0 };
		if (r->names >= 2 && (span_is(m, "load_state_dict") || span_is(m, "load_checkpoint")) &&
		    span_eq(text_between(c, r->start, r->object_end), recv))
			return true;
	}
	return false;
}

bool sem_event_model_loaded(const semantic *c, const event *e)
{
	if (e->loaded)
		return true;
	gg_node fn = FIELD(e->call, function);
	if (IS(fn, attribute) && sem_is_forward_method(node_span(c, FIELD(fn, attribute))))
		fn = FIELD(fn, object);
	uint32_t at = gg_node_start_byte(e->call);
	if (sem_is_name_chain(c, fn) && weights_loaded_into(c, e->scope, at, node_span(c, fn)))
		return true;
	/* A helper of the project handed the model (`score(loader, net)`): the name handed. */
	gg_node args = FIELD(e->call, arguments);
	uint32_t n = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
	for (uint32_t i = 0; i < n; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, identifier) && weights_loaded_into(c, e->scope, at, node_span(c, a)))
			return true;
	}
	return false;
}
