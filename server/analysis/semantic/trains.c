/*
 * What makes a region of code train, for the proofs a GG001 finding gives its
 * fixer (SPEC §6: a wrap is in the safe set only over a region the model
 * proves does not train). Built after the call graph, from the facts walk's
 * calls and backward evidence; GG001 asks it of each region a fix may cover.
 */
#include <ctype.h>

#include "semantic/model.h"

/* Case aside (span_contains minds it), lit (lower case) occurs in s: `self.optimizer`, `grad_scaler`, `lr_sched`. */
static bool span_has_nocase(span s, const char *lit)
{
	size_t n = strlen(lit);
	for (size_t i = 0; i + n <= s.len; i++) {
		if ((s.ptr[i] | 0x20) != lit[0])
			continue;
		size_t k = 1;
		while (k < n && tolower((unsigned char)s.ptr[i + k]) == lit[k])
			k++;
		if (k == n)
			return true;
	}
	return false;
}

/*
 * A call that trains or changes what autograd does, on its face: backward,
 * an optimizer, scaler or scheduler step, zero_grad, autograd.grad,
 * requires_grad_, enable_grad or set_grad_enabled, or a callee whose name
 * says training (train_epoch, model.fit) unless it is a model's forward.
 * Conservative on purpose: a false "trains" only makes the fix wrap less.
 */
static bool call_trains(const semantic *c, const gg_call_ref *ref)
{
	span last = sem_callee_name(c, ref);
	span recv = ref->attribute ? text_between(c, ref->start, ref->method_start) : (span){ c->text, 0 };
	static const char *const training_words[] = { "train", "fit", NULL };
	return span_is(last, "backward") || span_is(last, "manual_backward") || span_is(last, "zero_grad") ||
	       span_is(last, "requires_grad_") || span_is(last, "enable_grad") || span_is(last, "set_grad_enabled") ||
	       (span_is(last, "grad") && span_has_nocase(recv, "autograd")) ||
	       (span_is(last, "step") &&
		(span_has_nocase(recv, "optim") || span_has_nocase(recv, "scaler") || span_has_nocase(recv, "sched"))) ||
	       /*
		* A method some class of the project runs a backward in (an
		* attack's `perturb`), whatever the receiver; not a shared step
		* handed the value that turns its training off.
		*/
	       (ref->attribute && gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_GRAD_METHOD, last.ptr, last.len) &&
		!sem_call_skips_training(c, ref)) ||
	       /*
		* Each word is letters in a row: a name without them has neither
		* (most calls). A model's forward is what its value is, whatever
		* its name says (`model_train(x)` of a loaded, eval-mode model).
		*/
	       ((span_has_nocase(last, "train") || span_has_nocase(last, "fit")) &&
		gg_name_has_word(last.ptr, last.len, training_words) &&
		!gg_tree_index_is_forward(c->index, ref->start, ref->end) &&
		/* A shared step handed the value that turns its training off runs its forward alone. */
		!sem_call_skips_training(c, ref));
}

/* Whether value is spelled as the callee of a forward in [start, end): the model itself, handed on. */
static bool is_forward_receiver(const semantic *c, gg_node value, uint32_t start, uint32_t end)
{
	const gg_tree_index *ix = c->index;
	span v = node_span(c, value);
	for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, start); i < ix->calls_len && ix->calls[i].start < end; i++) {
		const gg_call_ref *r = &ix->calls[i];
		if (r->names && span_eq(text_between(c, r->start, r->callee_end), v) &&
		    gg_tree_index_is_forward(ix, r->start, r->end))
			return true;
	}
	return false;
}

/*
 * A call of a parameter of its function (or of one around it) that is handed
 * the model the function runs: `run_fn(model, x)`. Code the caller hands in,
 * given the model, may train it (a backward in the callback), so a fix must
 * not put it under no_grad. A parameter handed outputs only
 * (`criterion(out, y)`) computes on them and is left alone.
 */
static bool call_of_parameter(const semantic *c, const gg_call_ref *ref)
{
	if (ref->attribute || ref->names != 1 || gg_tree_index_is_forward(c->index, ref->start, ref->end))
		return false;
	span name = text_between(c, ref->start, ref->root_end);
	gg_node dflt;
	int f = sem_func_at(c, ref->start);
	int owner = f;
	while (owner > 0 && sem_parameter_index(c, c->funcs[owner].def, name, &dflt) < 0)
		owner = c->funcs[owner].parent;
	if (owner <= 0)
		return false;
	gg_node args = FIELD(ref->node, arguments);
	uint32_t count = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
	for (uint32_t i = 0; i < count; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, keyword_argument))
			a = FIELD(a, value);
		if (!gg_node_is_null(a) && is_forward_receiver(c, a, c->funcs[f].start, c->funcs[f].end))
			return true;
	}
	return false;
}

/* Whether a function of the file named name trains (marked[] per function). Every function of that name counts. */
static bool name_trains(const semantic *c, span name, const bool *named)
{
	if (!name.len)
		return false;
	size_t i = sem_func_names_lower(c, name);
	return i + 1 < c->funcs_len && span_eq(c->func_names[i].name, name) && named[i];
}

/*
 * For each entry of the file's sorted function names, whether a function of
 * that name is marked: once per round, so that a call asks once, not of each
 * function of its name (every class's __init__ for each super().__init__()).
 */
static void names_mark(const semantic *c, const bool *marked, bool *named)
{
	for (size_t i = 0, j; i + 1 < c->funcs_len; i = j) {
		bool any = false;
		for (j = i; j + 1 < c->funcs_len && span_eq(c->func_names[j].name, c->func_names[i].name); j++)
			any = any || marked[c->func_names[j].index];
		for (size_t k = i; k < j; k++)
			named[k] = any;
	}
}

void sem_trains_build(semantic *c)
{
	offsets *t = &c->trains;
	const gg_tree_index *ix = c->index;
	for (size_t i = 0; i < ix->calls_len && !c->error; i++)
		if (call_trains(c, &ix->calls[i]) || call_of_parameter(c, &ix->calls[i]) || sem_call_takes_grad(c, &ix->calls[i]))
			PUSH(c, t->items, t->len, t->cap, ix->calls[i].start);
	/* backward and the steps it found, and the calls of functions whose path reaches one */
	for (size_t i = 0; i < c->backward.len && !c->error; i++)
		PUSH(c, t->items, t->len, t->cap, c->backward.items[i]);
	/* A with block stays open across a yield or await, into the code that resumes it. */
	for (size_t i = 0; i < c->suspends.len && !c->error; i++)
		PUSH(c, t->items, t->len, t->cap, c->suspends.items[i]);
	sem_offsets_sort(t);
	if (c->error || c->funcs_len < 2)
		return;
	/* marked: by function; named: by entry of c->func_names */
	bool *marked = calloc(2 * c->funcs_len, sizeof *marked), *named = marked + c->funcs_len;
	if (!marked) {
		fail(c, -ENOMEM);
		return;
	}
	/*
	 * A call of a function of the file that trains trains too, by name (a
	 * method is not resolved to its class): to a fixed point, each round
	 * marking the functions whose text holds a node that trains.
	 */
	for (bool changed = true; changed && !c->error;) {
		changed = false;
		for (size_t i = 1; i < c->funcs_len; i++)
			if (!marked[i] && sem_offsets_any_in(t, c->funcs[i].start, c->funcs[i].end))
				marked[i] = changed = true;
		if (!changed)
			break;
		names_mark(c, marked, named);
		size_t sorted = t->len;
		for (size_t i = 0; i < ix->calls_len && !c->error; i++) {
			uint32_t at = ix->calls[i].start;
			if (!gg_offsets_has(t->items, sorted, at) && name_trains(c, sem_callee_name(c, &ix->calls[i]), named))
				PUSH(c, t->items, t->len, t->cap, at);
		}
		sem_offsets_sort(t);
	}
	free(marked);
}

bool sem_range_trains(const semantic *c, uint32_t start, uint32_t end)
{
	const offsets *t = &c->trains;
	size_t i = gg_offsets_lower(t->items, t->len, start);
	return i < t->len && t->items[i] < end;
}

bool sem_region_trains(const semantic *c, gg_node region, uint32_t except)
{
	if (gg_node_is_null(region))
		return true;
	const offsets *t = &c->trains;
	uint32_t end = gg_node_end_byte(region);
	for (size_t i = gg_offsets_lower(t->items, t->len, gg_node_start_byte(region)); i < t->len && t->items[i] < end; i++)
		if (t->items[i] != except)
			return true;
	return false;
}
