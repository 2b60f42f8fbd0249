/*
 * What a forward is: a call whose callee is evidently a module (the
 * receiver of .eval(), constructed, loaded, a module API's receiver), not a
 * getter, wrapper, constructor or a library's plain object.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

static chain chain_of_node(const semantic *c, gg_node n)
{
	chain ch;
	memset(&ch, 0, sizeof ch);
	ch.chain = sem_is_name_chain(c, n);
	if (ch.chain) {
		ch.identifier = IS(n, identifier);
		ch.text = node_span(c, n);
		ch.root = node_span(c, sem_chain_root(c, n));
		ch.last = sem_chain_last(c, n);
	}
	return ch;
}

/* The callee of a call as a chain. */
static chain chain_of_callee(const semantic *c, const gg_call_ref *ref)
{
	chain ch;
	memset(&ch, 0, sizeof ch);
	if (!ref->names)
		return ch;
	ch.chain = true;
	ch.identifier = ref->names == 1;
	ch.text = text_between(c, ref->start, ref->callee_end);
	ch.root = text_between(c, ref->start, ref->root_end);
	ch.last = text_between(c, ref->last_start, ref->callee_end);
	return ch;
}

/* The object of an attribute callee (model of model.forward) as a chain. */
chain sem_chain_of_object(const semantic *c, const gg_call_ref *ref)
{
	if (ref->names < 2)
		return chain_of_node(c, FIELD(ref->callee, object)); /* not a name chain, or one too long */
	chain ch;
	memset(&ch, 0, sizeof ch);
	ch.chain = true;
	ch.identifier = ref->names == 2;
	ch.text = text_between(c, ref->start, ref->object_end);
	ch.root = text_between(c, ref->start, ref->root_end);
	ch.last = text_between(c, ref->prev_start, ref->object_end);
	return ch;
}

/*
 * The last assignment to the plain local name before its use in the
 * function that uses it (a nested function's or a sibling's do not count),
 * or NULL when that function assigns it no value before (a parameter, a
 * global, a closure's variable).
 */
const bind *sem_bind_at(const semantic *c, const ctx *x, span name)
{
	return sem_bind_before(c, name, x->func, (uint32_t)(name.ptr - c->text));
}

const bind *sem_bind_before(const semantic *c, span name, int func, uint32_t use)
{
	size_t lo = 0, hi = c->binds_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = span_cmp(c->binds[mid].name, name);
		if (r < 0 || (r == 0 && c->binds[mid].at < use))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i-- > 0 && span_eq(c->binds[i].name, name);)
		if (c->binds[i].func == func)
			return &c->binds[i];
	return NULL;
}

/* The class whose method holds byte at (a nested def's too), or -1. */
static int class_at(const semantic *c, uint32_t at)
{
	int method = sem_enclosing_method(c, sem_func_at(c, at));
	return method > 0 ? c->funcs[method].cls : -1;
}

/*
 * Whether, between from and at, the code builds a new part into root and
 * hangs it where path lies (`lm.embed = WithPrompt(lm.embed)`, `net.head[6] =
 * nn.Linear(...)`): that part has parameters of its own that train, so
 * whatever holds it or lies in it records a graph again. path is root or
 * a part of it (net.features); a part built elsewhere in root leaves it
 * frozen.
 */
static bool thawed(const semantic *c, span root, span path, uint32_t from, uint32_t at)
{
	const gg_tree_index *ix = c->index;
	for (size_t i = sem_assignments_from(c, from); i < ix->assignments_len && gg_node_start_byte(ix->assignments[i]) < at; i++) {
		gg_node a = ix->assignments[i], left = FIELD(a, left), right = FIELD(a, right);
		if (!(IS(left, attribute) || IS(left, subscript)) || !IS(right, call))
			continue;
		span t = node_span(c, left);
		if (t.len <= root.len || memcmp(t.ptr, root.ptr, root.len) != 0 || (t.ptr[root.len] != '.' && t.ptr[root.len] != '['))
			continue;
		/* The new part lies in path, or path in the new part. */
		size_t n = t.len < path.len ? t.len : path.len;
		if (memcmp(t.ptr, path.ptr, n) == 0 &&
		    (t.len == path.len || (t.len > path.len ? t.ptr[n] == '.' || t.ptr[n] == '[' : path.ptr[n] == '.' || path.ptr[n] == '[')))
			return true;
	}
	return false;
}

/*
 * Whether parameters of name or of a part of it (`model.fc`,
 * `model.layer4[2]`) are set to require grad again between from and at:
 * that part trains, so what runs it records a graph again.
 */
static bool thawed_by_flag(const semantic *c, span name, uint32_t from, uint32_t at)
{
	for (size_t i = 0; i < c->thaws_len && c->thaws[i].at < at; i++) {
		span t = c->thaws[i].name;
		if (c->thaws[i].at > from && t.len >= name.len && memcmp(t.ptr, name.ptr, name.len) == 0 &&
		    (t.len == name.len || t.ptr[name.len] == '.' || t.ptr[name.len] == '['))
			return true;
	}
	return false;
}

static bool frozen_part_before(const semantic *c, span name, span path, uint32_t at)
{
	/* A plain name is its function's; self.<x> its class's (two classes' self.net are two modules). */
	bool plain = !memchr(name.ptr, '.', name.len), own = span_starts(name, "self.");
	for (size_t i = 0; i < c->frozen_len && c->frozen[i].at < at; i++)
		if (span_eq(c->frozen[i].name, name) && (!plain || sem_func_at(c, c->frozen[i].at) == sem_func_at(c, at)) &&
		    (!own || class_at(c, c->frozen[i].at) == class_at(c, at)) && !thawed(c, name, path, c->frozen[i].at, at) &&
		    !thawed_by_flag(c, name, c->frozen[i].at, at))
			return true;
	return false;
}

bool sem_frozen_before(const semantic *c, span name, uint32_t at)
{
	return frozen_part_before(c, name, name, at);
}

/*
 * Whether name was frozen in function scope before at (a frozen entry of
 * that function's own), no part of it set to require grad again since (a
 * fine-tuned head thawed before the call that hands the model on).
 */
static bool frozen_in_scope(const semantic *c, span name, int scope, uint32_t at)
{
	for (size_t i = 0; i < c->frozen_len && c->frozen[i].at < at; i++)
		if (span_eq(c->frozen[i].name, name) && sem_func_at(c, c->frozen[i].at) == scope &&
		    !thawed_by_flag(c, name, c->frozen[i].at, at))
			return true;
	return false;
}

static bool param_frozen(semantic *c, int fi, span name, unsigned depth);

/* sem_param_arguments' visit: what the call hands is frozen there, or is its function's parameter that is (*ctx: depth). */
static bool passes_frozen(semantic *c, span arg, int scope, uint32_t at, void *ctx)
{
	unsigned depth = *(unsigned *)ctx;
	return frozen_in_scope(c, arg, scope, at) || (depth < 4 && param_frozen(c, scope, arg, depth + 1));
}

/*
 * Whether parameter name of function fi holds a frozen module at every call
 * of fi in the file (and there is one): a parameter's origin is what its
 * callers hand it, through a chain of helpers that pass it on.
 */
static bool param_frozen(semantic *c, int fi, span name, unsigned depth)
{
	return fi > 0 && sem_param_arguments(c, fi, name, passes_frozen, &depth) > 0;
}

bool sem_param_frozen(semantic *c, int fi, span name)
{
	return c->frozen_len && param_frozen(c, fi, name, 0);
}

/* span_cmp of s against the text "self." followed by name, without building it. */
static int cmp_self_attribute(span s, span name)
{
	span self = { "self.", 5 };
	size_t n = s.len < 5 ? s.len : 5;
	int r = memcmp(s.ptr, self.ptr, n);
	if (r || s.len < 5)
		return r ? r : -1;
	span rest = { s.ptr + 5, s.len - 5 };
	return span_cmp(rest, name);
}

/* Whether the file assigns self.<name> a module (`self.enc = nn.Conv1d(...)`): owner.<name> is that submodule. */
static bool self_attribute_is_model(const semantic *c, span name)
{
	size_t lo = 0, hi = c->models.len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = cmp_self_attribute(c->models.items[mid], name);
		if (!r)
			return true;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/*
 * Whether the file imports another framework's networks (MXNet's Gluon,
 * TensorFlow, Keras, JAX, Flax, Paddle): there a `net` or a `model` may be
 * theirs, and a name alone says nothing of torch (a Gluon training script
 * that borrows torchvision's transforms).
 */
static bool other_framework(semantic *c)
{
	static const char *const roots[] = { "mxnet", "tensorflow", "keras", "jax", "flax", "haiku", "paddle", "chainer",
					     "jittor", "mindspore", "oneflow", NULL };
	if (c->other_framework < 0) {
		c->other_framework = 0;
		for (size_t i = 0; i < c->bindings_len && !c->other_framework; i++)
			for (const char *const *r = roots; *r; r++) {
				size_t n = strlen(*r);
				const char *t = c->bindings[i].target;
				if (strncmp(t, *r, n) == 0 && (t[n] == '\0' || t[n] == '.'))
					c->other_framework = 1;
			}
	}
	return c->other_framework > 0;
}

/*
 * Whether the file imports another framework's networks and nothing of
 * torch (`import jax.numpy as jnp; from transformers import FlaxBertModel`):
 * its models are that framework's, and no wrap of torch's belongs there.
 */
bool sem_other_framework_only(semantic *c)
{
	if (!other_framework(c))
		return false;
	for (size_t i = 0; i < c->bindings_len; i++) {
		const char *t = c->bindings[i].target;
		if (strncmp(t, "torch", 5) == 0 && (t[5] == '\0' || t[5] == '.'))
			return false;
	}
	return true;
}

/* sem_param_arguments' visit: what the call hands is a name bound to no module there. */
static bool passes_not_model(semantic *c, span arg, int scope, uint32_t at, void *ctx)
{
	(void)ctx;
	const bind *b = sem_bind_before(c, arg, scope, at);
	return b && b->kind == BIND_NOT_MODEL;
}

/* What passes_model gathers: the depth of helpers passed through, and whether every call hands a loaded module. */
typedef struct model_pass {
	unsigned depth;
	bool loaded;
} model_pass;

static bool param_model(semantic *c, int fi, span name, model_pass *q);
static bool state_loaded_since(semantic *c, uint32_t from, uint32_t before, span recv, bool stored);

/* sem_param_arguments' visit: what the call hands is a module there, or its function's parameter that is one. */
static bool passes_model(semantic *c, span arg, int scope, uint32_t at, void *ctx)
{
	model_pass *q = ctx;
	const bind *b = sem_bind_before(c, arg, scope, at);
	if (b && b->kind != BIND_UNKNOWN) {
		q->loaded = q->loaded && (b->kind == BIND_LOADED || state_loaded_since(c, b->at, at, arg, true));
		return b->kind == BIND_MODEL || b->kind == BIND_LOADED;
	}
	/* The file-wide sets speak for what the bind does not say (`net = build(...)`, a factory of the file). */
	if (sem_spanset_has(&c->models, arg) && !sem_spanset_has(&c->not_models, arg)) {
		q->loaded = q->loaded && (sem_spanset_has(&c->loaded, arg) ||
					  (b && state_loaded_since(c, b->at, at, arg, true)));
		return true;
	}
	if (b)
		return false;
	if (q->depth >= 4)
		return false;
	model_pass inner = { q->depth + 1, true };
	bool is = param_model(c, scope, arg, &inner);
	q->loaded = q->loaded && inner.loaded;
	return is;
}

/*
 * Whether parameter name of function fi is handed a module by every call of
 * fi in the file (and there is one), through helpers that pass it on: a
 * parameter is what its callers give it, whatever it is called
 * (`greedy_eval(Net, ...)` called with the net a factory built). q->loaded
 * stays true where every call hands a trained one.
 */
static bool param_model(semantic *c, int fi, span name, model_pass *q)
{
	return fi > 0 && sem_param_arguments(c, fi, name, passes_model, q) > 0;
}

/*
 * Whether name, free in a nested function fi (neither its parameter nor
 * bound there), is bound to no module by an enclosing function: `net =
 * lambda X: ...` (or a plain function fetched) before `def eval_loss():
 * return loss(net(X), y)`.
 */
static bool closure_not_model(const semantic *c, int fi, span name)
{
	gg_node dflt;
	if (fi <= 0 || c->funcs[fi].parent <= 0 || sem_parameter_index(c, c->funcs[fi].def, name, &dflt) >= 0)
		return false;
	for (int f = c->funcs[fi].parent; f > 0; f = c->funcs[f].parent) {
		const bind *b = sem_bind_before(c, name, f, (uint32_t)(name.ptr - c->text));
		if (b)
			return b->kind == BIND_NOT_MODEL;
	}
	return false;
}

/*
 * Whether the last top-level binding of name in the text is a def: what a
 * function finds under that name when it runs (after the module ran) is
 * that function, whatever an earlier assignment bound.
 */
static bool defined_last_at_top(const semantic *c, span name)
{
	uint32_t def_at = 0;
	bool any = false;
	for (size_t i = sem_func_names_lower(c, name); i < c->funcs_len - 1 && span_eq(c->func_names[i].name, name); i++) {
		gg_node def = c->funcs[c->func_names[i].index].def, up = gg_node_parent(def);
		if (IS(up, decorated_definition))
			up = gg_node_parent(up);
		if (IS(up, module) && (!any || gg_node_start_byte(def) > def_at)) {
			def_at = gg_node_start_byte(def);
			any = true;
		}
	}
	if (!any)
		return false;
	const bind *b = sem_bind_before(c, name, 0, UINT32_MAX);
	return !b || b->at < def_at;
}

/*
 * Whether what a load call puts into its module comes from storage: its
 * arguments load something (`torch.load(p)`, `load_file(p)`, a path read by
 * `load_weights(p)`) or name what was loaded (`ckpt = torch.load(p)`, then
 * `ckpt["model"]`). Another module's weights copied in (`state =
 * a.state_dict()`, a dict of tensors made here) are no checkpoint.
 */
static bool from_storage(const semantic *c, const gg_call_ref *r)
{
	span m = sem_method_of(c, r);
	if (!span_is(m, "load_state_dict"))
		return true;
	gg_node args = FIELD(r->node, arguments);
	if (gg_node_is_null(args))
		return false;
	if (span_contains(node_span(c, args), "load"))
		return true;
	for (gg_node n = args; !gg_node_is_null(n); n = gg_node_walk_next(args, n, true))
		if (IS(n, identifier) && sem_spanset_has(&c->loaded, node_span(c, n)))
			return true;
	return false;
}

/*
 * Whether recv had state loaded into it in [from, before): load_state_dict(),
 * load(), a wrapper's load_model()/load_weights(); with stored, from storage
 * only (a checkpoint's, not a copy of another module's). The file's load calls are
 * few: asked of them, not of every call since the binding (a notebook's one
 * model, run in every cell, made that quadratic).
 */
static bool state_loaded_since(semantic *c, uint32_t from, uint32_t before, span recv, bool stored)
{
	const gg_tree_index *ix = c->index;
	if (!c->load_calls_ok) {
		c->load_calls_ok = true;
		for (size_t i = 0; i < ix->calls_len && !c->error; i++) {
			const gg_call_ref *r = &ix->calls[i];
			span m = r->attribute ? sem_method_of(c, r) : (span){ c->text, 0 };
			if (r->names >= 2 && m.len >= 4 && memcmp(m.ptr, "load", 4) == 0)
				PUSH(c, c->load_calls.items, c->load_calls.len, c->load_calls.cap, (uint32_t)i);
		}
	}
	const offsets *loads = &c->load_calls;
	for (size_t k = 0; k < loads->len; k++) {
		const gg_call_ref *r = &ix->calls[loads->items[k]];
		if (r->start >= before)
			break;
		if (r->start < from || !span_eq(text_between(c, r->start, r->object_end), recv))
			continue;
		if (!stored || from_storage(c, r))
			return true;
	}
	return false;
}

/* Whether the file's plain assignments store attribute text of self (`self.net = ...`): one sorted set, built when first asked. */
static bool self_stored(semantic *c, span text)
{
	const gg_tree_index *ix = c->index;
	for (size_t i = 0; !c->self_stored_read && i < ix->assignments_len; i++) {
		span left = node_span(c, FIELD(ix->assignments[i], left));
		if (span_starts(left, "self."))
			PUSH(c, c->self_stored.items, c->self_stored.len, c->self_stored.cap, left);
	}
	if (!c->self_stored_read) {
		sem_spanset_sort(&c->self_stored);
		c->self_stored_read = true;
	}
	return sem_spanset_has(&c->self_stored, text);
}

/*
 * Whether a name chain is evidently a model: the receiver of .eval(), a name
 * bound to a model, or a name that says so (model, self.backbone, q_net).
 */
bool sem_chain_is_model(semantic *c, const ctx *x, const chain *obj, bool *loaded)
{
	if (obj->identifier && span_is(obj->text, "self"))
		return x->module_class >= 0;
	if (!obj->chain)
		return false;
	/* A module frozen before (every parameter's requires_grad off) records no graph: no forward to report. */
	if (sem_frozen_before(c, obj->text, (uint32_t)(obj->text.ptr - c->text)) ||
	    (obj->identifier && c->frozen_len && param_frozen(c, x->func, obj->text, 0)))
		return false;
	/* Nor does a part of one: G.mapping(z) after G = copy(G0).eval().requires_grad_(False). */
	for (span owner = obj->text; c->frozen_len && !obj->identifier;) {
		const char *dot = memrchr(owner.ptr, '.', owner.len);
		if (!dot)
			break;
		owner.len = (size_t)(dot - owner.ptr);
		if (frozen_part_before(c, owner, obj->text, (uint32_t)(obj->text.ptr - c->text)))
			return false;
	}
	/*
	 * A local name is what its last assignment here made it (kornia-style
	 * `fn = Net.from_pretrained()` then `fn = getattr(mod, name)`); the
	 * file-wide sets speak for names this function does not assign.
	 */
	const bind *b = obj->identifier ? sem_bind_at(c, x, obj->text) : NULL;
	int bound = b ? b->kind : -1;
	if (bound == BIND_NOT_MODEL || (!b && obj->identifier && closure_not_model(c, x->func, obj->text)))
		return false;
	/* Loaded: by its origin (torch.load), or a checkpoint's state put into the module built here since. */
	*loaded = bound == BIND_LOADED ||
		  (bound == BIND_MODEL && state_loaded_since(c, b->at, (uint32_t)(obj->text.ptr - c->text), obj->text, true));
	if (bound == BIND_MODEL || bound == BIND_LOADED)
		return true;
	/* The receiver of an X.eval() in force, unless X was bound anew since. */
	const receiver *r = sem_receiver_find(c, x, obj->text);
	if (r && (!b || b->at < gg_node_start_byte(r->eval_call)))
		return true;
	if (!b) {
		if (sem_spanset_has(&c->not_models, obj->text))
			return false;
		/* A name the module binds last with a def (`checkpoint = torch.load(...)`, later `def checkpoint(...)`): a function. */
		if (obj->identifier && x->func > 0 && defined_last_at_top(c, obj->text))
			return false;
		/* A parameter whose default is a function of this file (`decoder=decode_tokens`) is handed a function. */
		gg_node dflt = gg_node_null();
		if (obj->identifier && x->func > 0 &&
		    sem_parameter_index(c, c->funcs[x->func].def, obj->text, &dflt) >= 0 && IS(dflt, identifier) &&
		    sem_is_func_name(c, node_span(c, dflt)))
			return false;
		/* A parameter every call of its function in the file hands a function (a lambda bound before): no module. */
		if (obj->identifier && x->func > 0 && sem_param_arguments(c, x->func, obj->text, passes_not_model, NULL) > 0)
			return false;
		*loaded = sem_spanset_has(&c->loaded, obj->text);
		if (sem_spanset_has(&c->models, obj->text))
			return true;
		/*
		 * A parameter is what its annotation declares, whatever its name
		 * says; but `Model: nn.Module` spelt as a class is handed a class
		 * (`agent = Model(envs)` builds one), annotated loosely.
		 */
		int declared = obj->identifier ? sem_parameter_annotation_kind(c, x->func, obj->text) : 0;
		if (declared < 0 || (declared > 0 && !isupper((unsigned char)obj->text.ptr[0])))
			return declared > 0;
		model_pass q = { 0, true };
		if (obj->identifier && x->func > 0 && param_model(c, x->func, obj->text, &q)) {
			*loaded = q.loaded;
			return true;
		}
	}
	/*
	 * A submodule of an evident model: model.encoder(x) after model.eval(),
	 * ddp.module(x) (DistributedDataParallel's wrapped model). A method of
	 * the file's classes is a call instead, followed by the call graph.
	 */
	bool says = sem_name_says_model_cached(c, obj->last);
	/* A method a module class of the project runs with grad off is a call, whatever its name says (eval_network). */
	bool off_method = gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_OFF_METHOD, obj->last.ptr, obj->last.len);
	/* One lower-case word ending in "net" (`tnet.embeddingnet(x)`): a part's name, as `encoder` is. */
	bool net_word = obj->last.len > 3 && span_ends(obj->last, "net") && islower((unsigned char)obj->last.ptr[0]) &&
			!memchr(obj->last.ptr, '_', obj->last.len);
	if (!obj->identifier && obj->text.len > obj->last.len + 1 &&
	    (((says || net_word) && !off_method) || span_is(obj->last, "module") || self_attribute_is_model(c, obj->last) ||
	     (gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_SUBMODULE, obj->last.ptr, obj->last.len))) &&
	    !sem_is_func_name(c, obj->last)) {
		/*
		 * The owner, or an owner of it: model.transformer.text_encoder(x)
		 * after model.eval(); or a module by its origin or its use, a whole
		 * pickled model out of a checkpoint put in eval mode at the top
		 * (`decoder = ckpt["decoder"]`, `decoder.eval()`) and run part by
		 * part in a beam search (decoder.embedding(w), decoder.fc(h)).
		 */
		span owner = { obj->text.ptr, obj->text.len - obj->last.len - 1 };
		for (unsigned k = 0; k < MAX_NAME_SEGMENTS && owner.len; k++) {
			bool plain = !memchr(owner.ptr, '.', owner.len);
			const bind *ob = plain ? sem_bind_at(c, x, owner) : NULL;
			/* The file's module use speaks for a global, not for a parameter or a local that holds something else here. */
			gg_node dflt;
			bool global = plain && !ob && (x->func <= 0 || sem_parameter_index(c, c->funcs[x->func].def, owner, &dflt) < 0);
			if (sem_receiver_find(c, x, owner) || sem_spanset_has(&c->models, owner) ||
			    (ob ? ob->kind == BIND_MODEL || ob->kind == BIND_LOADED
				: sem_spanset_has(&c->loaded, owner) || (global && sem_spanset_has(&c->module_api, owner))))
				return true;
			const char *dot = memrchr(owner.ptr, '.', owner.len);
			owner.len = dot ? (size_t)(dot - owner.ptr) : 0;
		}
	}
	/* A name an import binds is a module or a function: torchvision.models.resnet18, F.linear. */
	if (sem_binding_find(c, obj->root))
		return false;
	if (obj->identifier && sem_is_func_name(c, obj->text))
		return false; /* a function of this file: a call, followed by the call graph */
	/* A class of this file, however it is spelled (`policy_network(...)`): its call builds one. */
	if (obj->identifier && sem_class_find(c, obj->text))
		return false;
	if (!says || other_framework(c))
		return false;
	/*
	 * A name alone is weak evidence (SPEC §2): accelerator.unwrap_model(),
	 * available_models() and self.quantize_model() say "model" too. It counts
	 * for a plain name (a parameter or a local: model, net) and for self.<name>
	 * that is not a method of this file; an attribute of another object
	 * (helpers.check_model) takes a module's own method called on the same
	 * spelling somewhere in the file (model.encoder.eval()).
	 */
	if (sem_spanset_has(&c->module_api, obj->text))
		return true;
	/*
	 * A name the file never binds, only calls, has no origin: where a star
	 * import brings names (`from pkg.evaluation import *`, then
	 * `validate_model(net, loader)`) the star module's function is as
	 * likely as its model, and elsewhere the call raises NameError (a demo's
	 * `classifier(out)` left from an older version). A name alone is no
	 * evidence.
	 */
	if (obj->identifier && sem_name_only_called(c, obj->text))
		return false;
	if (obj->identifier)
		return true;
	if (!span_is(obj->root, "self") || obj->root.len + 1 + obj->last.len != obj->text.len || sem_is_func_name(c, obj->last))
		return false;
	/*
	 * Nothing in this file stores it (`self._index_generator(i)` in a
	 * reader whose base is another file's): the base's method or part, of
	 * an origin this file does not show. The name alone decides nothing.
	 */
	int fi = x->func;
	while (fi > 0 && c->funcs[fi].cls < 0)
		fi = c->funcs[fi].parent;
	gg_node bases = fi > 0 ? FIELD(c->classes[c->funcs[fi].cls].node, superclasses) : gg_node_null();
	bool based = !gg_node_is_null(bases) && gg_node_named_child_count(bases) > 0 && !text_eq(c, bases, "(object)");
	if (!based)
		return true;
	return self_stored(c, obj->text);
}

static const char *const forward_methods[] = {
	"forward", "encode", "decode", "encode_image", "encode_text", NULL,
};

/* Whether calling method name of a model runs it (model.forward, clip.encode_image). */
bool sem_is_forward_method(span name)
{
	for (const char *const *m = forward_methods; *m; m++)
		if (span_is(name, *m))
			return true;
	return false;
}

const char *sem_lib_object_factory(const semantic *c, span name)
{
	/* The last binding before the use wins; bindings are few, so a scan does. */
	for (size_t i = c->lib_objects_len; i-- > 0;)
		if (span_eq(c->lib_objects[i].name, name))
			return c->lib_objects[i].factory;
	return NULL;
}

const char *sem_lib_object_in_force(const semantic *c, const ctx *x, span name)
{
	const bind *b = sem_bind_at(c, x, name);
	if (!b) /* a name this function does not bind: the file's objects of that name speak for it */
		return sem_lib_object_factory(c, name);
	for (size_t i = c->lib_objects_len; i-- > 0;)
		if (span_eq(c->lib_objects[i].name, name) && (uint32_t)(c->lib_objects[i].name.ptr - c->text) == b->at)
			return c->lib_objects[i].factory;
	return NULL;
}

/* Whether name holds what a library callable made whose method runs without grad (whisper's decode). */
static bool library_method_no_grad(const semantic *c, const ctx *x, span name, span method)
{
	const char *f = sem_lib_object_in_force(c, x, name);
	return f && gg_library_facts_no_grad(&c->sem->libraries, f, strlen(f), method.ptr, method.len);
}

/*
 * Whether a call of a function another file of the project defines runs a
 * module it is handed (project_functions.c): `mean_loss(val_loader, net)` with
 * net a model where it is passed, by place or by keyword. Then the call is
 * that model's forward, with grad as the caller leaves it (SPEC §2).
 */
static bool helper_runs_model(semantic *c, const ctx *x, const gg_call_ref *ref, span *recv, bool *loaded)
{
	/* `helper(...)`, or `engine.helper(...)` of a module the file imports (resolved below through the import). */
	if (!c->elsewhere || !ref->names || (ref->attribute && ref->names != 2) ||
	    !gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_PARAM_FORWARDERS))
		return false;
	gg_node fn = FIELD(ref->node, function);
	if (!sem_is_name_chain(c, fn) || !sem_binding_find(c, node_span(c, sem_chain_root(c, fn))) ||
	    !sem_name_resolve(c, fn))
		return false;
	span r = sem_resolved(c);
	unsigned place;
	const char *param;
	size_t param_len;
	if (!gg_elsewhere_param_forwarder(c->elsewhere, r.ptr, r.len, &place, &param, &param_len))
		return false;
	bool unknown;
	gg_node handed = sem_argument_for(c, FIELD(ref->node, arguments), (int)place, (span){ param, param_len }, &unknown);
	chain ch = chain_of_node(c, handed);
	if (gg_node_is_null(handed) || !ch.chain || !sem_chain_is_model(c, x, &ch, loaded))
		return false;
	*recv = ch.text;
	return true;
}

/* A holder method's name and the depth of the search, for holds_holder's visits of call sites. */
typedef struct holder_query {
	span method;
	unsigned depth;
	bool any; /* some call hands one */
} holder_query;

/* What the assignment that made binding b of name calls (`Cls` of `x = Cls(...).to(d)`), or a null node. */
static gg_node bound_callee(const semantic *c, span name, const bind *b)
{
	for (size_t i = sem_named_first(c->assign_names, c->assign_names_len, name);
	     i < c->assign_names_len && span_eq(c->assign_names[i].name, name); i++) {
		size_t k = (size_t)c->assign_names[i].index;
		if (gg_node_start_byte(c->assign_left[k]) == b->at)
			return FIELD(sem_call_chain_base(c, c->assign_right[k]), function);
	}
	return gg_node_null();
}

static bool holds_holder(semantic *c, int fi, span name, uint32_t at, span method, unsigned depth);

/* Each call is visited (a true return goes on): *ctx notes whether one hands a holder. */
static bool passes_holder(semantic *c, span arg, int scope, uint32_t at, void *ctx)
{
	holder_query *q = ctx;
	q->any = q->any || holds_holder(c, scope, arg, at, q->method, q->depth + 1);
	return true;
}

/*
 * Whether the plain name `name`, used in function fi before byte at, holds an
 * instance of another file's plain class whose method runs a module the
 * instance holds (gg_elsewhere_holder_method): its last assignment there builds
 * one (`policy = agents.TD3(...)`), or it is a parameter a call of fi in
 * this file hands such a name (an evaluation helper handed agents of two
 * classes runs the one that keeps grad on with grad on, from that call).
 * Its origin decides, never its name.
 */
static bool holds_holder(semantic *c, int fi, span name, uint32_t at, span method, unsigned depth)
{
	if (depth > 4)
		return false;
	const bind *b = sem_bind_before(c, name, fi, at);
	if (!b) {
		holder_query q = { method, depth, false };
		return sem_param_arguments(c, fi, name, passes_holder, &q) > 0 && q.any;
	}
	gg_node fn = bound_callee(c, name, b);
	if (!sem_is_name_chain(c, fn) || !sem_name_resolve(c, fn))
		return false;
	span r = sem_resolved(c);
	return gg_elsewhere_holder_method(c->elsewhere, r.ptr, r.len, method.ptr, method.len, false);
}

bool sem_holder_sets_eval(semantic *c, int fi, span name, uint32_t at, span method)
{
	if (!gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_HOLDER_EVAL_METHODS))
		return false;
	const bind *b = sem_bind_before(c, name, fi, at);
	gg_node fn = b ? bound_callee(c, name, b) : gg_node_null();
	if (gg_node_is_null(fn) || !sem_is_name_chain(c, fn) || !sem_name_resolve(c, fn))
		return false;
	span r = sem_resolved(c);
	return gg_elsewhere_holder_method(c->elsewhere, r.ptr, r.len, method.ptr, method.len, true);
}

/*
 * Whether the plain name `name`, used in function fi before byte at, was last
 * bound here to an instance of a module class another file of the project
 * defines (`model = Flowish()`, Flowish imported): its methods are that
 * class's, whatever a class of this file defines under the same names.
 */
static bool holds_imported_module(semantic *c, int fi, span name, uint32_t at)
{
	const bind *b = sem_bind_before(c, name, fi, at);
	if (!b)
		return false;
	gg_node fn = bound_callee(c, name, b);
	if (!sem_is_name_chain(c, fn) || !sem_binding_find(c, node_span(c, sem_chain_root(c, fn))) ||
	    !sem_name_resolve(c, fn))
		return false;
	span r = sem_resolved(c);
	return gg_elsewhere_class_kind(c->elsewhere, r.ptr, r.len) > 0;
}

/*
 * Whether the class of the method enclosing function fi assigns self.<name>
 * (`self.inference = inference` in its __init__): self.<name>(...) then calls
 * that value, whose origin is the assignment's, not a method of that name.
 */
static bool self_attribute_assigned(const semantic *c, int fi, span name)
{
	int method = sem_enclosing_method(c, fi);
	int cls = method > 0 ? c->funcs[method].cls : -1;
	if (cls < 0)
		return false;
	gg_node node = c->classes[cls].node;
	uint32_t from = gg_node_start_byte(node), to = gg_node_end_byte(node);
	const gg_tree_index *ix = c->index;
	for (size_t i = sem_assignments_from(c, from); i < ix->assignments_len && gg_node_start_byte(ix->assignments[i]) < to; i++) {
		gg_node left = FIELD(ix->assignments[i], left);
		if (IS(left, attribute) && text_eq(c, FIELD(left, object), "self") &&
		    span_eq(sem_attribute_name(c, left), name))
			return true;
	}
	return false;
}

/*
 * Whether a library the file imports runs its objects' method without grad
 * (transformers' generate, queries/libraries.txt): then a receiver not known
 * to be one of the project's module classes may be that library's, and a
 * project method of the same name says nothing of it.
 */
static bool imported_library_method_no_grad(const semantic *c, span method)
{
	for (size_t i = 0; i < c->bindings_len; i++) {
		const char *t = c->bindings[i].target;
		if (gg_library_facts_no_grad(&c->sem->libraries, t, strlen(t), method.ptr, method.len))
			return true;
	}
	return false;
}

/*
 * Whether a call of an attribute of some object's (model.fuse_layers(),
 * net.reset_classifier(0)) is a method called for its effect: its result
 * is dropped, and nothing makes that attribute a module (the file's or the
 * project's classes assigning it one, DDP's .module). A submodule run only
 * to drop what it computes is no evaluation either; self.<name>(x) of a
 * class's own is left to the rest.
 */
static bool method_for_effect(const semantic *c, const chain *fn, const gg_call_ref *ref)
{
	gg_node parent = gg_node_parent(ref->node);
	if (fn->identifier || !fn->chain || !IS(parent, expression_statement) || gg_node_named_child_count(parent) != 1)
		return false;
	span owner = { fn->text.ptr, fn->text.len > fn->last.len ? fn->text.len - fn->last.len - 1 : 0 };
	if (!owner.len || span_is(owner, "self") || span_is(fn->last, "module"))
		return false;
	return !self_attribute_is_model(c, fn->last) &&
	       !(gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_SUBMODULE, fn->last.ptr, fn->last.len));
}

/*
 * Whether this file's functions named method are all methods of plain
 * classes (no module's), and the call's receiver is an attribute of self
 * in a plain class's method (`self.model.track(x)` inside a tracker's own
 * `track(self, img)`): a holder's method is not what the module it holds
 * runs.
 */
static bool holder_method_only(const semantic *c, const ctx *x, const chain *obj, span method)
{
	int m = sem_enclosing_method(c, x->func);
	int cls = m > 0 ? c->funcs[m].cls : -1;
	if (cls < 0 || (c->classes[cls].kind & CLASS_MODULE) || obj->identifier || !span_is(obj->root, "self"))
		return false;
	for (size_t i = sem_func_names_lower(c, method); i < c->funcs_len - 1 && span_eq(c->func_names[i].name, method); i++) {
		int k = c->funcs[c->func_names[i].index].cls;
		if (k < 0 || (c->classes[k].kind & CLASS_MODULE))
			return false;
	}
	return true;
}

/*
 * Whether only its name makes recv (a plain name) a model where x is: nothing
 * binds it there, puts it in eval mode, uses it as a module or hands it one.
 */
static bool name_only_model(semantic *c, const ctx *x, span recv)
{
	model_pass q = { 0, true };
	const bind *b = recv.len ? sem_bind_at(c, x, recv) : NULL;
	return recv.len && !memchr(recv.ptr, '.', recv.len) && (!b || b->kind == BIND_UNKNOWN) && !sem_receiver_find(c, x, recv) &&
	       !sem_spanset_has(&c->models, recv) && !sem_spanset_has(&c->loaded, recv) &&
	       !sem_spanset_has(&c->module_api, recv) && !(x->func > 0 && param_model(c, x->func, recv, &q));
}

/* Whether the class of the method around x->func defines a method named name itself. */
static bool own_class_method(const semantic *c, const ctx *x, span name)
{
	int m = sem_enclosing_method(c, x->func);
	int cls = m > 0 ? c->funcs[m].cls : -1;
	for (size_t i = sem_func_names_lower(c, name); cls >= 0 && i < c->funcs_len - 1 && span_eq(c->func_names[i].name, name); i++)
		if (c->funcs[c->func_names[i].index].cls == cls)
			return true;
	return false;
}

/* The model a call runs (model(x), self.net.forward(x), self(x)) into *recv; false when none. */
bool sem_forward_receiver(semantic *c, const ctx *x, const gg_call_ref *ref, span *recv, bool *loaded, bool *held)
{
	*loaded = false;
	*held = false;
	if (ref->attribute) {
		span method = sem_method_of(c, ref);
		for (const char *const *m = forward_methods; *m; m++) {
			if (span_is(method, *m)) {
				/* hub.encode("a sentence"): a model's encode of a string tokenises it; no forward takes text. */
				gg_node args = FIELD(ref->node, arguments);
				gg_node first = IS(args, argument_list) && gg_node_named_child_count(args) ? gg_node_named_child(args, 0)
													 : gg_node_null();
				if (IS(first, string) || gg_node_type_is(first, "concatenated_string"))
					return false;
				chain obj = sem_chain_of_object(c, ref);
				/* self.decode(...) of a method its own class defines: its body says what it runs (the call graph); self.forward(x) is the forward. */
				if (obj.identifier && span_is(obj.text, "self") && !span_is(method, "forward") && own_class_method(c, x, method))
					break;
				/*
				 * A receiver only its name calls a model (`text_encoder`), where
				 * the project defines this method only on plain classes that
				 * run no module (a tokenizer's encode): the project's meaning.
				 */
				if (!span_is(method, "forward") && obj.identifier && c->elsewhere &&
				    gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_PLAIN_METHOD, method.ptr, method.len) &&
				    !gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_FORWARD_METHOD, method.ptr, method.len) && name_only_model(c, x, obj.text))
					break;
				*recv = obj.text;
				/*
				 * No model, or a plain holder put in eval mode by a method of
				 * its own: the holder's own method of that name may still run
				 * what it holds (below).
				 */
				bool holder = obj.identifier && gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_HOLDER_METHODS) &&
					      holds_holder(c, x->func, obj.text, ref->start, method, 0);
				if (!holder && sem_chain_is_model(c, x, &obj, loaded))
					return !library_method_no_grad(c, x, obj.text, method) &&
					       !sem_instance_method_no_grad(c, x->func, obj.text, *m);
				break;
			}
		}
		/*
		 * A method another file's module class defines that runs a submodule
		 * (agent.get_action(obs), model.inference(seq)): a forward too. One of
		 * this file's functions of that name is followed by the call graph
		 * instead, unless the receiver was built from that other file's
		 * class: then this file's same-named method is not the one it runs.
		 * A self.<name> the class assigns (a callable its owner handed in)
		 * is no method at all.
		 */
		if (c->elsewhere && method.len && gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_FORWARD_METHOD, method.ptr, method.len)) {
			chain obj = sem_chain_of_object(c, ref);
			bool attribute = obj.identifier && span_is(obj.text, "self") && self_attribute_assigned(c, x->func, method);
			bool built = obj.identifier && holds_imported_module(c, x->func, obj.text, ref->start);
			/*
			 * A plain class of the project defines a method of that name
			 * that records no graph (a topic model's `inference` under
			 * no_grad): a receiver whose class is not known may hold that one.
			 */
			bool careful = !built && obj.identifier && gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_PLAIN_METHOD, method.ptr, method.len) &&
				       name_only_model(c, x, obj.text);
			if (!attribute && !careful && (built || !imported_library_method_no_grad(c, method)) &&
			    (!sem_is_func_name(c, method) || built || holder_method_only(c, x, &obj, method))) {
				*recv = obj.text;
				return sem_chain_is_model(c, x, &obj, loaded) && !library_method_no_grad(c, x, obj.text, method);
			}
		}
		/*
		 * A method of another file's plain class that runs a module the
		 * instance holds (an agent's select_action(state)): that module's
		 * forward, judged where the method is called.
		 */
		if (gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_HOLDER_METHODS) && ref->names == 2 && ref->plain &&
		    !sem_is_func_name(c, method)) {
			chain obj = sem_chain_of_object(c, ref);
			if (obj.identifier && holds_holder(c, x->func, obj.text, ref->start, method, 0)) {
				*recv = obj.text;
				*held = true;
				return true;
			}
		}
	}
	chain fn = chain_of_callee(c, ref);
	*recv = fn.text;
	if (method_for_effect(c, &fn, ref))
		return false;
	/* An instance of a class whose forward (or __call__) is decorated no_grad runs without grad. */
	if (sem_chain_is_model(c, x, &fn, loaded) && !sem_instance_method_no_grad(c, x->func, fn.text, "forward") &&
	    !sem_instance_method_no_grad(c, x->func, fn.text, "__call__"))
		return true;
	return helper_runs_model(c, x, ref, recv, loaded);
}

typedef struct mode_pick {
	span param, value;
	bool hit;
} mode_pick;

static bool mode_matches(semantic *c, span param, int place, span value, void *arg)
{
	(void)c, (void)place;
	mode_pick *m = arg;
	m->hit = span_eq(param, m->param) && span_eq(value, m->value);
	return m->hit;
}

/*
 * Whether a call of a module, `model(data, mode="inference")`, passes a
 * mode its class's forward runs with grad off (sem_forward_modes_off): the
 * class of this file the name was built from, or the project's (its index
 * says "forward(mode=inference)").
 */
bool sem_call_mode_grad_off(semantic *c, const ctx *x, const gg_call_ref *ref, span recv)
{
	gg_node args = FIELD(ref->node, arguments);
	/* A string among the arguments, or no mode is passed at all. */
	const char *t = c->text + ref->start;
	size_t tn = ref->end - ref->start;
	if (!IS(args, argument_list) || !recv.len || (!memchr(t, '"', tn) && !memchr(t, '\'', tn)))
		return false;
	const bind *b = sem_bind_at(c, x, recv);
	gg_node fwd = b && b->cls >= 0 ? sem_class_method_def(c, b->cls, (span){ "forward", 7 }) : gg_node_null();
	span resolved = { NULL, 0 };
	if (gg_node_is_null(fwd) && c->elsewhere && b) {
		gg_node fn = bound_callee(c, recv, b);
		if (!gg_node_is_null(fn) && sem_is_name_chain(c, fn) && sem_name_resolve(c, fn))
			resolved = sem_resolved(c);
	}
	if (gg_node_is_null(fwd) && !resolved.len)
		return false;
	char *dotted = resolved.len ? strndup(resolved.ptr, resolved.len) : NULL; /* sem_resolved's buffer is reused below */
	if (resolved.len && !dotted)
		return false;
	bool off = false;
	uint32_t positional = 0;
	char at[16]; /* "@N": a positional argument's place, as the project's index keys it */
	for (uint32_t i = 0, n = gg_node_named_child_count(args); i < n && !off; i++) {
		gg_node a = gg_node_named_child(args, i);
		span param = { NULL, 0 }, value;
		if (IS(a, keyword_argument)) {
			param = node_span(c, FIELD(a, name));
			a = FIELD(a, value);
		} else if (!IS(a, comment)) {
			positional++;
			/* By position, only where this file's class says which parameter it is. */
			gg_node params = gg_node_is_null(fwd) ? gg_node_null() : FIELD(fwd, parameters);
			gg_node p = !gg_node_is_null(params) && positional < gg_node_named_child_count(params)
					    ? gg_node_named_child(params, positional)
					    : gg_node_null();
			if (IS(p, identifier))
				param = node_span(c, p);
			else if (IS(p, default_parameter))
				param = node_span(c, FIELD(p, name));
			else if (gg_node_is_null(fwd) && dotted) {
				snprintf(at, sizeof at, "@%u", positional);
				param = (span){ at, strlen(at) };
			}
		}
		if (!param.len || !sem_string_value(c, a, &value))
			continue;
		if (!gg_node_is_null(fwd)) {
			mode_pick m = { param, value, false };
			sem_forward_modes_off(c, fwd, mode_matches, &m);
			off = m.hit;
		} else {
			off = !sem_mode_key(c, param, value) &&
			      gg_elsewhere_method(c->elsewhere, dotted, strlen(dotted), c->name.data, c->name.len, GG_ELSEWHERE_NO_GRAD);
		}
	}
	free(dotted);
	return off;
}

/* ".detach()" or ".data" applied right on a forward's output. */
span sem_detached_output(const semantic *c, gg_node call)
{
	span none = { NULL, 0 };
	/*
	 * An attribute of the output is the dot that comes next after the call,
	 * past space, comments and line breaks (not one that error recovery
	 * supposed): the text says so first, then the tree which attribute.
	 */
	uint32_t i = gg_node_end_byte(call);
	while (i < c->len) {
		char ch = c->text[i];
		if (ch == '#') {
			while (i < c->len && c->text[i] != '\n')
				i++;
		} else if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\\' || ch == '\f') {
			i++;
		} else {
			break;
		}
	}
	if (i >= c->len || c->text[i] != '.')
		return none;
	gg_node parent = gg_node_parent(call);
	if (!IS(parent, attribute))
		return none;
	span attr = node_span(c, FIELD(parent, attribute));
	if (span_is(attr, "detach") || span_is(attr, "data") || span_is(attr, "detach_"))
		return attr;
	return none;
}

/*
 * What keeps a tensor's dtype and its history: moves, casts to floating
 * point, reshapes, elementwise maths and reductions to floats. Not argmax,
 * comparisons, long() and the like: an integer tensor never requires grad,
 * so its .numpy() proves nothing of the graph.
 */
static const char *const float_keeping[] = {
	"cpu", "cuda", "to", "float", "half", "double", "squeeze", "unsqueeze", "view", "view_as", "reshape", "permute",
	"transpose", "contiguous", "flatten", "clone", "sigmoid", "softmax", "log_softmax", "exp", "log", "abs", "mean",
	"sum", "clamp", "t", "T", "expand", "repeat", "mul", "add", "sub", "div", "pow", "sqrt", "tanh", "relu", NULL,
};

/*
 * Up the chain applied on n (subscripts by position or slice, float-keeping
 * methods): its top, or a null node where the chain ends the history first
 * (a detach) or may not hold floats (a string key of a dict of outputs may hold
 * labels, argmax returns integers); *numpy when the chain reads .numpy()
 * before that.
 */
static gg_node chain_climb(const semantic *c, gg_node n, bool *numpy)
{
	*numpy = false;
	for (unsigned k = 0; k < 4 * MAX_NAME_SEGMENTS; k++) {
		gg_node p = gg_node_parent(n);
		if (IS(p, subscript) && gg_node_eq(FIELD(p, value), n)) {
			gg_node index = FIELD(p, subscript);
			for (gg_node i = index; !gg_node_is_null(i); i = gg_node_walk_next(index, i, true))
				if (IS(i, string))
					return gg_node_null();
			n = p;
			continue;
		}
		if (!IS(p, attribute) || !gg_node_eq(FIELD(p, object), n))
			break;
		span a = node_span(c, FIELD(p, attribute));
		if (span_is(a, "numpy")) {
			*numpy = true;
			break;
		}
		if (!sem_word_in(a.ptr, a.len, float_keeping))
			return gg_node_null();
		gg_node q = gg_node_parent(p);
		n = IS(q, call) && gg_node_eq(FIELD(q, function), p) ? q : p;
	}
	return n;
}

/* The most statements after an assignment of a forward's output that are read for its .numpy(). */
#define NUMPY_LOOKAHEAD 32

bool sem_output_read_as_numpy(semantic *c, const ctx *x, gg_node call)
{
	func *f = &c->funcs[x->func];
	if (f->reads_numpy < 0)
		f->reads_numpy = span_contains(text_between(c, f->start, f->end), ".numpy(");
	if (!f->reads_numpy)
		return false;
	bool numpy;
	gg_node top = chain_climb(c, call, &numpy);
	if (numpy || gg_node_is_null(top))
		return numpy;
	gg_node assign = gg_node_parent(top), stmt = gg_node_parent(assign);
	if (!IS(assign, assignment) || !gg_node_eq(FIELD(assign, right), top) || !IS(FIELD(assign, left), identifier) ||
	    !IS(stmt, expression_statement))
		return false;
	span name = node_span(c, FIELD(assign, left));
	unsigned n = 0;
	for (gg_node s = gg_node_next_named_sibling(stmt); !gg_node_is_null(s) && n < NUMPY_LOOKAHEAD;
	     s = gg_node_next_named_sibling(s), n++) {
		for (gg_node k = s; !gg_node_is_null(k); k = gg_node_walk_next(s, k, !IS(k, function_definition) && !IS(k, lambda))) {
			if (!IS(k, identifier) || !span_eq(node_span(c, k), name))
				continue;
			gg_node p = gg_node_parent(k);
			/* Bound anew: what follows reads another value. */
			if (IS(p, assignment) && gg_node_eq(FIELD(p, left), k))
				return false;
			chain_climb(c, k, &numpy);
			if (numpy)
				return true;
		}
	}
	return false;
}

/* What ends a tensor's history where it is read: a detach, or a value that holds none. */
static const char *const history_enders[] = { "detach", "detach_", "data", "item", "tolist", "numpy",
					       /* what reads only its shape or place */
					       "size", "shape", "dim", "ndim", "numel", "dtype", "device", NULL };

/*
 * How a read of a tensor with history goes on, up the chain applied to it
 * (subscripts, float-keeping methods): HISTORY_ENDS where the chain ends it
 * (`preds.cpu().detach()`), HISTORY_GOES_ON where the value leaves as it is
 * (an argument, a return, an operation). *rebinds when the chain's top is
 * bound to name itself (`preds = preds.cpu()`).
 */
enum { HISTORY_GOES_ON, HISTORY_ENDS };
static int history_read(const semantic *c, gg_node n, span name, bool *rebinds)
{
	int how = HISTORY_GOES_ON;
	for (unsigned k = 0; k < 4 * MAX_NAME_SEGMENTS; k++) {
		gg_node p = gg_node_parent(n);
		if (IS(p, subscript) && gg_node_eq(FIELD(p, value), n)) {
			n = p;
			continue;
		}
		if (!IS(p, attribute) || !gg_node_eq(FIELD(p, object), n))
			break;
		span a = node_span(c, FIELD(p, attribute));
		if (sem_word_in(a.ptr, a.len, history_enders))
			how = HISTORY_ENDS;
		else if (how != HISTORY_ENDS && !sem_word_in(a.ptr, a.len, float_keeping))
			return HISTORY_GOES_ON; /* a method of its own: what it keeps is not known */
		gg_node q = gg_node_parent(p);
		n = IS(q, call) && gg_node_eq(FIELD(q, function), p) ? q : p;
	}
	gg_node p = gg_node_parent(n);
	*rebinds = IS(p, assignment) && gg_node_eq(FIELD(p, right), n) && IS(FIELD(p, left), identifier) &&
		   span_eq(node_span(c, FIELD(p, left)), name);
	return how;
}

/* Whether name, bound at byte from in function fi, drops the history it holds before anything takes it. */
static bool name_history_dropped(const semantic *c, int fi, span name, uint32_t from, bool *ended)
{
	gg_node body = fi > 0 ? FIELD(c->funcs[fi].def, body) : c->funcs[0].def;
	bool live = true; /* the name holds the forward's history */
	for (gg_node k = body; !gg_node_is_null(k); k = gg_node_walk_next(body, k, !IS(k, function_definition) && !IS(k, lambda))) {
		if (gg_node_start_byte(k) < from || !IS(k, identifier) || !span_eq(node_span(c, k), name))
			continue;
		gg_node p = gg_node_parent(k);
		if (IS(p, assignment) && gg_node_eq(FIELD(p, left), k)) {
			/* Bound anew to what does not read it: another value from here. Else its right side's read decides. */
			gg_node r = FIELD(p, right);
			bool reads = false;
			for (gg_node i = r; !gg_node_is_null(i) && !reads; i = gg_node_walk_next(r, i, true))
				reads = IS(i, identifier) && span_eq(node_span(c, i), name);
			if (!reads)
				live = false;
			continue;
		}
		if (!live)
			continue;
		bool rebinds = false;
		int how = history_read(c, k, name, &rebinds);
		if (how == HISTORY_GOES_ON && !rebinds)
			return false;
		if (how == HISTORY_ENDS)
			*ended = true;
		if (how == HISTORY_ENDS && rebinds)
			live = false; /* `preds = preds.detach()`: what the name holds from here has none */
	}
	return true;
}

/*
 * The output's history ended on the spot (`m(x).tolist()`), or the output
 * bound whole, indexed or unpacked (`out = m(x)`, `g, l = m(x)[:2]`) and
 * every name it is bound to drops its history.
 */
bool sem_output_history_dropped(const semantic *c, int fi, gg_node call, bool *ended)
{
	bool any = false;
	if (!ended)
		ended = &any;
	*ended = false;
	/* Dropped on the spot: `vectors[k] = m(x).tolist()`, `m(x).detach().cpu()`. */
	bool rebinds = false;
	if (fi >= 0 && history_read(c, call, (span){ c->text, 0 }, &rebinds) == HISTORY_ENDS) {
		*ended = true;
		return true;
	}
	gg_node value = call, assign = gg_node_parent(call);
	while (IS(assign, subscript) && gg_node_eq(FIELD(assign, value), value)) {
		value = assign;
		assign = gg_node_parent(assign);
	}
	if (fi < 0 || !IS(assign, assignment) || !gg_node_eq(FIELD(assign, right), value))
		return false;
	gg_node left = FIELD(assign, left);
	uint32_t from = gg_node_end_byte(assign);
	if (IS(left, identifier))
		return name_history_dropped(c, fi, node_span(c, left), from, ended);
	if (!IS(left, pattern_list) && !IS(left, tuple_pattern))
		return false;
	uint32_t n = gg_node_named_child_count(left);
	for (uint32_t i = 0; i < n; i++) {
		gg_node t = gg_node_named_child(left, i);
		if (!IS(t, identifier) || !name_history_dropped(c, fi, node_span(c, t), from, ended))
			return false;
	}
	return n > 0;
}

/* What moves or casts a tensor and keeps its items (`x.to(device)`), and what reshapes it. */
static const char *const tensor_moves[] = { "to", "cuda", "cpu", "float", "half", "double", "bfloat16", "contiguous", NULL };
static const char *const tensor_reshapes[] = { "unsqueeze", "view", "reshape", "permute", "transpose", "flatten", "squeeze", NULL };

/* torch's factories of synthetic tensors: what a shape check feeds a module. */
static const char *const synthetic_makers[] = {
	"torch.randn", "torch.rand", "torch.randint", "torch.zeros", "torch.ones", "torch.empty", "torch.full",
	"torch.randn_like", "torch.rand_like", "torch.zeros_like", "torch.ones_like", "torch.arange", NULL,
};
/* The legacy constructors: given sizes (no data), an uninitialised tensor, as torch.empty. */
static const char *const legacy_constructors[] = { "torch.FloatTensor", "torch.Tensor", "torch.cuda.FloatTensor", NULL };

/* What joins tensors (synthetic when every part is), and what makes a tensor of an array. */
static const char *const synthetic_joins[] = { "torch.cat", "torch.stack", "torch.concat", NULL };
static const char *const tensor_wrappers[] = { "torch.tensor", "torch.from_numpy", "torch.as_tensor", "torch.Tensor",
					       "torch.FloatTensor", NULL };
/* numpy's random and constant arrays: no data. */
static const char *const numpy_synthetic_makers[] = {
	"numpy.random.normal", "numpy.random.randn", "numpy.random.rand", "numpy.random.random", "numpy.random.uniform",
	"numpy.random.randint", "numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full", NULL,
};

/* Whether value is a synthetic tensor: a factory's call (with .to(), .cuda() after it), or a name bound to one before at in function fi. */
/*
 * The value the last assignment of name in function fi before byte at binds
 * it to without a call of its own, when that comes after byte after: a list,
 * a tuple, a comprehension, a slice, an operation or another name (`last = x[:, [10], :]`),
 * or the call a tuple target unpacks (`full, cache = attn(x)`). Assignments
 * of calls to a name are indexed apart (assign_names). Else a null node.
 */
static gg_node plain_bound(const semantic *c, span name, int fi, uint32_t at, uint32_t after)
{
	const gg_tree_index *ix = c->index;
	uint32_t from = fi > 0 ? c->funcs[fi].start : 0;
	gg_node last = gg_node_null();
	for (size_t i = sem_assignments_from(c, from); i < ix->assignments_len && gg_node_start_byte(ix->assignments[i]) < at; i++) {
		gg_node a = ix->assignments[i], left = FIELD(a, left), right = FIELD(a, right);
		if (gg_node_start_byte(a) < after || gg_node_end_byte(a) > at || sem_func_at(c, gg_node_start_byte(a)) != fi)
			continue;
		if (IS(left, identifier) && span_eq(node_span(c, left), name)) {
			last = IS(right, list) || IS(right, tuple) || IS(right, list_comprehension) || IS(right, subscript) ||
					       IS(right, identifier) || IS(right, binary_operator)
				       ? right
				       : gg_node_null();
			continue;
		}
		if (!(IS(left, pattern_list) || IS(left, tuple_pattern)))
			continue;
		for (uint32_t k = 0, n = gg_node_named_child_count(left); k < n; k++) {
			gg_node t = gg_node_named_child(left, k);
			if (IS(t, identifier) && span_eq(node_span(c, t), name))
				last = IS(right, call) ? right : gg_node_null();
		}
	}
	return last;
}

static bool synthetic_value(semantic *c, gg_node value, int fi, uint32_t at, unsigned depth);

static bool constant_value(const semantic *c, gg_node v);
static bool synthetic_argument_list(semantic *c, gg_node args, int fi, uint32_t at, unsigned depth);

/* Whether n is a number, or a (nested) list or tuple of numbers only, written out. */
static bool number_literal(const semantic *c, gg_node n, unsigned depth)
{
	if (IS(n, integer) || IS(n, float))
		return true;
	if (IS(n, unary_operator))
		return number_literal(c, FIELD(n, argument), depth + 1);
	if (!(IS(n, list) || IS(n, tuple)) || depth > 4)
		return false;
	uint32_t count = gg_node_named_child_count(n);
	for (uint32_t i = 0; i < count; i++)
		if (!number_literal(c, gg_node_named_child(n, i), depth + 1))
			return false;
	return count > 0;
}

/* `[c[:, :-1] for c in cache]`: each item a part of what it iterates, which is synthetic. */
static bool comprehension_of_synthetic(semantic *c, gg_node comp, int fi, uint32_t at, unsigned depth)
{
	gg_node clause = gg_node_null();
	for (uint32_t k = 0, n = gg_node_named_child_count(comp); k < n && gg_node_is_null(clause); k++)
		if (IS(gg_node_named_child(comp, k), for_in_clause))
			clause = gg_node_named_child(comp, k);
	gg_node var = FIELD(clause, left), body = FIELD(comp, body);
	if (!IS(var, identifier))
		return false;
	while (IS(body, subscript) || IS(body, attribute))
		body = IS(body, subscript) ? FIELD(body, value) : FIELD(body, object);
	return IS(body, identifier) && span_eq(node_span(c, body), node_span(c, var)) &&
	       synthetic_value(c, FIELD(clause, right), fi, at, depth + 1);
}

/*
 * Whether value is a call of a module built fresh in function fi (bound
 * there by its constructor, not loaded) on synthetic tensors only: a
 * self-test's second step feeds it what its first returned.
 */
static bool fresh_forward_of_synthetic(semantic *c, gg_node value, int fi, uint32_t at, unsigned depth)
{
	gg_node fn = IS(value, call) ? FIELD(value, function) : gg_node_null();
	if (!IS(fn, identifier))
		return false;
	const bind *b = sem_bind_before(c, node_span(c, fn), fi, at);
	if (!b || (b->kind != BIND_MODEL && b->cls < 0))
		return false;
	return synthetic_argument_list(c, FIELD(value, arguments), fi, at, depth + 1);
}

static bool synthetic_value(semantic *c, gg_node value, int fi, uint32_t at, unsigned depth)
{
	if (depth > 8) /* a few names, slices and calls deep */
		return false;
	if (IS(value, identifier)) {
		span name = node_span(c, value);
		gg_node last = gg_node_null();
		uint32_t last_at = 0;
		for (size_t n = sem_named_first(c->assign_names, c->assign_names_len, name);
		     n < c->assign_names_len && span_eq(c->assign_names[n].name, name); n++) {
			size_t i = (size_t)c->assign_names[n].index;
			uint32_t where = gg_node_start_byte(c->assign_left[i]);
			/* Not `x = net(x)` itself: its x is the one bound before. */
			bool holds_at = gg_node_start_byte(c->assign_right[i]) <= at && at < gg_node_end_byte(c->assign_right[i]);
			if (where < at && !holds_at && IS(c->assign_left[i], identifier) && sem_func_at(c, where) == fi) {
				last = c->assign_right[i];
				last_at = where;
			}
		}
		/* A later binding without a call of its own is the one in force. */
		gg_node plain = plain_bound(c, name, fi, at, last_at);
		if (!gg_node_is_null(plain))
			last = plain;
		return !gg_node_is_null(last) && synthetic_value(c, last, fi, gg_node_start_byte(last), depth + 1);
	}
	/* A list of Nones to fill (`[None] * n_layers`): no data at all. */
	if (IS(value, binary_operator) && IS(FIELD(value, left), list) && gg_node_named_child_count(FIELD(value, left)) == 1 &&
	    IS(gg_node_named_child(FIELD(value, left), 0), none))
		return true;
	/* A list or tuple of synthetic tensors, or one built by a comprehension of one (`[torch.ones(3, n) for _ in k]`). */
	if (IS(value, list) || IS(value, tuple)) {
		uint32_t n = gg_node_named_child_count(value);
		for (uint32_t i = 0; i < n; i++)
			if (!synthetic_value(c, gg_node_named_child(value, i), fi, at, depth + 1))
				return false;
		return n > 0;
	}
	if (IS(value, list_comprehension) || IS(value, generator_expression))
		return synthetic_value(c, FIELD(value, body), fi, at, depth + 1) || comprehension_of_synthetic(c, value, fi, at, depth);
	/* A slice of a synthetic tensor (`x[:2, :2]`) is one too, and one in brackets. */
	if (IS(value, parenthesized_expression) && gg_node_named_child_count(value) == 1)
		return synthetic_value(c, gg_node_named_child(value, 0), fi, at, depth + 1);
	if (IS(value, subscript))
		return synthetic_value(c, FIELD(value, value), fi, at, depth + 1);
	/* `img.half() if half else img`: synthetic on either branch. */
	if (IS(value, conditional_expression) && gg_node_named_child_count(value) == 3)
		return synthetic_value(c, gg_node_named_child(value, 0), fi, at, depth + 1) &&
		       synthetic_value(c, gg_node_named_child(value, 2), fi, at, depth + 1);
	if (!IS(value, call))
		return false;
	/* What a module built fresh here computes from synthetic tensors (`hidden = attn(x)[0]`): synthetic too. */
	if (fresh_forward_of_synthetic(c, value, fi, at, depth))
		return true;
	/* A synthetic tensor moved, cast or reshaped (`image.to(device)`, `x[:, a:b].reshape(-1, n)`) is one still. */
	gg_node fn = FIELD(value, function);
	if (IS(fn, attribute) && (IS(FIELD(fn, object), identifier) || IS(FIELD(fn, object), subscript))) {
		span m = sem_attribute_name(c, fn);
		if (sem_word_in(m.ptr, m.len, tensor_moves) || sem_word_in(m.ptr, m.len, tensor_reshapes))
			return synthetic_value(c, FIELD(fn, object), fi, at, depth + 1);
	}
	gg_node base = sem_call_chain_base(c, value);
	if (!sem_name_resolve(c, FIELD(base, function)))
		return false;
	if (sem_name_is_one_of(c, synthetic_makers))
		return true;
	if (sem_name_is_one_of(c, legacy_constructors)) {
		/* Sizes only: integers, or a splat of a shape (`torch.FloatTensor(1, *res)`); a name may hold data. */
		gg_node a = FIELD(base, arguments);
		uint32_t n = IS(a, argument_list) ? gg_node_named_child_count(a) : 0;
		for (uint32_t i = 0; i < n; i++) {
			gg_node v = gg_node_named_child(a, i);
			if (!IS(v, integer) && !IS(v, list_splat))
				return false;
		}
		return n > 0;
	}
	/*
	 * Made of synthetic parts only: torch.cat/stack of them, a tensor of
	 * numpy's random or constant arrays (`torch.tensor(np.random.normal(...))`).
	 */
	bool joins = sem_name_is_one_of(c, synthetic_joins), wraps = !joins && sem_name_is_one_of(c, tensor_wrappers);
	gg_node args = FIELD(base, arguments);
	gg_node first = IS(args, argument_list) && gg_node_named_child_count(args) ? gg_node_named_child(args, 0)
										     : gg_node_null();
	if (gg_node_is_null(first) || IS(first, keyword_argument))
		return false;
	if (wraps) {
		/* A few numbers written out (`torch.tensor([[0, 2, 1]])`): no data read. */
		if (IS(first, list) || IS(first, tuple))
			return number_literal(c, first, 0);
		if (!IS(first, call))
			return false;
		gg_node inner = sem_call_chain_base(c, first);
		return sem_name_resolve(c, FIELD(inner, function)) && sem_name_is_one_of(c, numpy_synthetic_makers);
	}
	if (!joins || !(IS(first, list) || IS(first, tuple)))
		return false;
	uint32_t n = gg_node_named_child_count(first);
	for (uint32_t i = 0; i < n; i++)
		if (!synthetic_value(c, gg_node_named_child(first, i), fi, at, depth + 1))
			return false;
	return n > 0;
}

/* Whether a keyword argument's value is a constant: a switch of the forward (`return_attn=True`), no data. */
static bool constant_value(const semantic *c, gg_node v)
{
	return IS(v, true) || IS(v, false) || IS(v, none) || IS(v, integer) || IS(v, float) || IS(v, string);
}

/* Whether an argument list has a synthetic tensor and every other argument is one too, or a constant switch. */
static bool synthetic_argument_list(semantic *c, gg_node args, int fi, uint32_t at, unsigned depth)
{
	uint32_t count = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
	bool any = false;
	for (uint32_t i = 0; i < count; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, comment))
			continue;
		if (IS(a, keyword_argument)) {
			a = FIELD(a, value);
			if (constant_value(c, a))
				continue;
		}
		if (!synthetic_value(c, a, fi, at, depth))
			return false;
		any = true;
	}
	return any;
}

/* Whether a call has a synthetic tensor among its arguments and every other is one too, or a constant switch. */
static bool synthetic_arguments(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	return synthetic_argument_list(c, FIELD(ref->node, arguments), x->func, ref->start, 0);
}

/*
 * Whether a forward is a shape check (SPEC §2, not evaluation): a module
 * (or an object of a class of the file, which builds what it holds) built
 * fresh in this function (not loaded, no state loaded into it, not trained
 * there since), run once, outside any loop, on synthetic tensors only.
 */
/* Whether the gradient step at byte at is a `.backward()` (on its line), not an optimizer's step. */
static bool backward_only(const semantic *c, uint32_t at)
{
	const char *p = c->text + at, *end = c->text + c->len;
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	span line = { p, (size_t)((nl ? nl : end) - p) };
	return span_contains(line, ".backward(") && !span_contains(line, ".step(");
}

/*
 * Whether name is bound, before its use and in its function, to an integer
 * literal (`n_eval = 10`), as the text spells it: a count of repeats.
 */
static bool bound_to_integer(const semantic *c, gg_node name)
{
	span s = node_span(c, name);
	uint32_t at = gg_node_start_byte(name);
	const func *f = &c->funcs[sem_func_at(c, at)];
	uint32_t from = f->start < at ? f->start : 0;
	for (const char *p = c->text + from, *end = c->text + at; p < end;) {
		const char *hit = memmem(p, (size_t)(end - p), s.ptr, s.len);
		if (!hit)
			return false;
		p = hit + s.len;
		/* At a line's start (after its indentation), then ` = ` and digits to the line's end. */
		const char *b = hit;
		while (b > c->text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > c->text && b[-1] != '\n')
			continue;
		const char *q = p;
		while (q < end && *q == ' ')
			q++;
		if (q >= end || *q != '=' || (q + 1 < end && q[1] == '='))
			continue;
		for (q++; q < end && *q == ' ';)
			q++;
		const char *d = q;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
		while (q < end && (*q == ' ' || *q == '\r'))
			q++;
		if (q > d && q < end && (*q == '\n' || *q == '#'))
			return true;
	}
	return false;
}

/* Whether a loop's iterable is range() of a count (`range(n_eval)`, n_eval = 10): repeats, however the count is named. */
static bool counted_range(const semantic *c, gg_node it)
{
	gg_node fn = IS(it, call) ? FIELD(it, function) : gg_node_null();
	gg_node args = IS(fn, identifier) && span_is(node_span(c, fn), "range") ? FIELD(it, arguments) : gg_node_null();
	if (!IS(args, argument_list) || sem_argument_count(c, args) != 1)
		return false;
	gg_node n = sem_argument_at(c, args, 0);
	return IS(n, integer) || (IS(n, identifier) && bound_to_integer(c, n));
}

bool sem_shape_check(semantic *c, const ctx *x, const gg_call_ref *ref, span recv)
{
	/*
	 * A loop over evaluation data is evaluation; one over a range (a
	 * self-test's steps, a timing loop's count however it is named) is not.
	 */
	if ((x->in_loop && !gg_node_is_null(x->loop_iter) && !counted_range(c, x->loop_iter)) || !recv.len ||
	    memchr(recv.ptr, '.', recv.len))
		return false;
	const bind *b = sem_bind_at(c, x, recv);
	/* A module built here, or an object of a class of this file built here (what it holds it built fresh). */
	if (!b || (b->kind != BIND_MODEL && b->cls < 0))
		return false;
	/* State loaded into it since: a trained model's weights, not a fresh one's. */
	if (state_loaded_since(c, b->at, ref->start, recv, false))
		return false;
	/*
	 * Trained since it was built (an optimizer stepped in this function, in
	 * between): a trained model, not a fresh one. A backward alone changes
	 * no weight: a self-test that backwards once, then runs in eval mode.
	 */
	const offsets *bw = &c->backward;
	for (size_t i = gg_offsets_lower(bw->items, bw->len, b->at + 1); i < bw->len && bw->items[i] < ref->start; i++)
		if (sem_func_at(c, bw->items[i]) == x->func && !backward_only(c, bw->items[i]))
			return false;
	return synthetic_arguments(c, x, ref);
}

/* Methods of a module that train it or hand its parameters to what may (load* is checked apart). */
static const char *const training_methods[] = {
	"train", "fit", "parameters", "named_parameters", "requires_grad_", NULL,
};

/*
 * Where a call after byte from first trains, loads or takes name (a load*()
 * or training method of it, or name among its arguments), or UINT32_MAX - 1.
 */
static uint32_t first_touch(const semantic *c, span name, uint32_t from)
{
	const gg_tree_index *ix = c->index;
	for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, from); i < ix->calls_len; i++) {
		const gg_call_ref *r = &ix->calls[i];
		span m = r->attribute ? text_between(c, r->method_start, r->callee_end) : (span){ c->text, 0 };
		if (m.len && span_eq(text_between(c, r->start, r->object_end), name) &&
		    (span_starts(m, "load") || sem_word_in(m.ptr, m.len, training_methods)))
			return r->start;
		gg_node args = FIELD(r->node, arguments);
		for (gg_node n = args; !gg_node_is_null(n); n = gg_node_walk_next(args, n, true))
			if (IS(n, identifier) && span_eq(node_span(c, n), name))
				return r->start;
	}
	return UINT32_MAX - 1;
}

/*
 * Whether name holds, at byte at, a module that a class of the workspace
 * built in this same scope and nothing has trained since: not handed to any
 * call (a fit, an optimizer over its parameters, a loss around its output),
 * no load*() or training method called on it (its own methods, a move or a
 * mode switch leave it so). Such a module is untrained: its forward is a
 * demonstration, whatever a function's name or another model's .eval()
 * says. A library's factory may load pretrained weights: never untrained.
 */
bool sem_built_untrained(semantic *c, const ctx *x, span name, uint32_t at)
{
	const bind *b = name.len ? sem_bind_at(c, x, name) : NULL;
	if (!b || b->func != x->func || b->kind != BIND_MODEL)
		return false;
	if (b->cls >= 0 ? !(c->classes[b->cls].kind & CLASS_MODULE) : !c->elsewhere)
		return false;
	if (b->cls < 0) {
		gg_node fn = bound_callee(c, name, b);
		if (!sem_is_name_chain(c, fn) || !sem_name_resolve(c, fn))
			return false;
		span r = sem_resolved(c);
		if (gg_elsewhere_class_kind(c->elsewhere, r.ptr, r.len) <= 0)
			return false;
	}
	/* Where a call first touches the binding's value, found once per binding (every forward of it asks). */
	if (!c->bind_touched && !(c->bind_touched = calloc(c->binds_len, sizeof *c->bind_touched))) {
		fail(c, -ENOMEM);
		return false;
	}
	uint32_t *touched = &c->bind_touched[b - c->binds];
	if (!*touched)
		*touched = 1 + first_touch(c, name, b->at);
	return at < *touched - 1;
}

bool sem_construction_pass(semantic *c, const ctx *x, span recv)
{
	const func *f = &c->funcs[x->func];
	if (x->func <= 0 || f->cls < 0 || !span_is(f->name, "__init__") || !recv.len || memchr(recv.ptr, '.', recv.len))
		return false;
	/*
	 * Made there by a call (a constructor, its class resolved or not), not
	 * loaded; what it builds it puts in its own layers (layers.append(blk)),
	 * so being handed on trains nothing.
	 */
	const bind *b = sem_bind_at(c, x, recv);
	return b && b->func == x->func &&
	       (b->kind == BIND_MODEL || (b->kind == BIND_UNKNOWN && !gg_node_is_null(bound_callee(c, recv, b))));
}

/* How a module's forward takes gradients of what it computes (project_graph.c). */
enum {
	TAKES_UNKNOWN = -1, /* its origin does not say */
	TAKES_NONE = 0,
	TAKES_ALWAYS = 1,
	TAKES_TRAINING = 2, /* only in a branch run in training mode: a caller of unknown mode may run it either way */
};

/* How the class dotted names (as the project knows it) takes gradients in its forward: TAKES_NONE, _ALWAYS or _TRAINING. */
static int class_takes_grad(semantic *c, const char *dotted, size_t len)
{
	if (!gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_TAKES_GRAD, dotted, len))
		return TAKES_NONE;
	return gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_TAKES_GRAD_TRAINING, dotted, len) ? TAKES_TRAINING
												: TAKES_ALWAYS;
}

/* How the class named cls of this file takes gradients in its forward, as class_takes_grad answers. */
static int own_class_takes_grad(semantic *c, span cls)
{
	if (!c->module)
		return TAKES_NONE;
	char *dotted = gg_strdup_printf("%s.%.*s", c->module, (int)cls.len, cls.ptr);
	if (!dotted) {
		fail(c, -ENOMEM);
		return TAKES_NONE;
	}
	int takes = class_takes_grad(c, dotted, strlen(dotted));
	free(dotted);
	return takes;
}

/*
 * How the module name holds, as bind b made it, takes a gradient in its
 * forward (TAKES_*): TAKES_UNKNOWN when its origin does not say (no class
 * the file or the project knows, nor one of torch's).
 */
static int bound_takes_grad(semantic *c, span name, const bind *b)
{
	if (b->cls >= 0)
		return own_class_takes_grad(c, c->classes[b->cls].name);
	gg_node fn = bound_callee(c, name, b);
	if (!gg_node_is_null(fn) && sem_is_name_chain(c, fn) && sem_name_resolve(c, fn)) {
		span r = sem_resolved(c);
		/*
		 * A class of the project: its own answer; one of torch's, or what a
		 * library's model factory builds (torchvision.models.vgg16, timm's):
		 * none takes a gradient in its forward.
		 */
		if (gg_elsewhere_class_kind(c->elsewhere, r.ptr, r.len) != 0)
			return class_takes_grad(c, r.ptr, r.len);
		/* A wrapper (AveragedModel, DDP, torch.compile) runs what it was handed: that module's answer, not known here. */
		if (sem_name_is_one_of(c, sem_module_wrappers))
			return TAKES_UNKNOWN;
		if (span_starts(r, "torch.") || gg_library_facts_module(&c->sem->libraries, r.ptr, r.len))
			return TAKES_NONE;
	}
	return TAKES_UNKNOWN;
}

/* sem_param_arguments' visit: each call hands a name bound to a module whose forward takes no gradient. */
static bool passes_graph_free(semantic *c, span arg, int scope, uint32_t at, void *ctx)
{
	(void)ctx;
	const bind *b = sem_bind_before(c, arg, scope, at);
	return b && bound_takes_grad(c, arg, b) == TAKES_NONE;
}

/* Whether the object name holds (bound by b, or NULL) takes the gradient of its model in method (forward when empty). */
static bool object_takes_grad(semantic *c, span name, const bind *b, span method)
{
	if (!method.len || span_is(method, "forward") || span_is(method, "__call__"))
		return b && bound_takes_grad(c, name, b) >= TAKES_ALWAYS; /* in training mode only too: a region running it may need grad */
	const char *f = sem_lib_object_factory(c, name);
	return f && gg_library_facts_takes_grad_method(&c->sem->libraries, f, strlen(f), method.ptr, method.len);
}

typedef struct takes_visit {
	span method;
	bool found;
} takes_visit;

/* sem_param_arguments' visit: whether some call hands the parameter such an object (`check(net, loader, attacker)`). */
static bool hands_takes_grad(semantic *c, span arg, int scope, uint32_t at, void *ctx)
{
	takes_visit *v = ctx;
	v->found = v->found || object_takes_grad(c, arg, sem_bind_before(c, arg, scope, at), v->method);
	return true;
}

bool sem_call_takes_grad(semantic *c, const gg_call_ref *ref)
{
	if (!ref->names || !ref->plain)
		return false;
	span recv = text_between(c, ref->start, ref->callee_end), method = { c->text, 0 };
	if (ref->attribute) {
		if (ref->names != 2)
			return false;
		method = sem_method_of(c, ref);
		recv = text_between(c, ref->start, ref->object_end);
	} else if (ref->names != 1) {
		return false;
	}
	int scope = sem_func_at(c, ref->start);
	const bind *b = sem_bind_before(c, recv, scope, ref->start);
	if (object_takes_grad(c, recv, b, method))
		return true;
	/* A parameter is what its call sites hand it: an attack the caller built from the model. */
	gg_node dflt;
	if (b || scope <= 0 || sem_parameter_index(c, c->funcs[scope].def, recv, &dflt) < 0)
		return false;
	takes_visit v = { method, false };
	sem_param_arguments(c, scope, recv, hands_takes_grad, &v);
	return v.found;
}

/* The right side of the last plain `name = ...` in function fi before byte at, whatever it is; a null node if none. */
static gg_node assigned_before(const semantic *c, span name, int fi, uint32_t at)
{
	const gg_tree_index *ix = c->index;
	gg_node last = gg_node_null();
	for (size_t i = sem_assignments_from(c, fi > 0 ? c->funcs[fi].start : 0);
	     i < ix->assignments_len && gg_node_end_byte(ix->assignments[i]) <= at; i++) {
		gg_node a = ix->assignments[i], left = FIELD(a, left);
		if (IS(left, identifier) && span_eq(node_span(c, left), name) && sem_func_at(c, gg_node_start_byte(a)) == fi)
			last = FIELD(a, right);
	}
	return last;
}

/*
 * Whether value is something handed in: an attribute chain of self or of a
 * parameter of function fi (`self.model.module`), or either arm of a
 * conditional of such.
 */
static bool holds_handed(const semantic *c, int fi, gg_node value, unsigned depth)
{
	if (gg_node_is_null(value) || depth > 2)
		return false;
	if (IS(value, conditional_expression) && gg_node_named_child_count(value) == 3)
		return holds_handed(c, fi, gg_node_named_child(value, 0), depth + 1) ||
		       holds_handed(c, fi, gg_node_named_child(value, 2), depth + 1);
	if (!IS(value, attribute) && !IS(value, identifier))
		return false;
	gg_node root = sem_chain_root(c, value);
	if (!IS(root, identifier))
		return false;
	span name = node_span(c, root);
	gg_node dflt;
	return span_is(name, "self") || (fi > 0 && sem_parameter_index(c, c->funcs[fi].def, name, &dflt) >= 0);
}

int sem_forward_takes_grad(semantic *c, const ctx *x, span recv)
{
	if (!c->elsewhere || !gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_TAKES_GRAD, NULL, 0))
		return 0;
	if (span_is(recv, "self")) {
		int own = x->module_class >= 0 ? own_class_takes_grad(c, c->classes[x->module_class].name) : TAKES_NONE;
		return own == TAKES_TRAINING ? -1 : own;
	}
	const bind *b = recv.len ? sem_bind_at(c, x, recv) : NULL;
	int known = b ? bound_takes_grad(c, recv, b) : TAKES_UNKNOWN;
	if (known == TAKES_TRAINING)
		return -1;
	if (known >= 0)
		return known;
	span root = recv;
	const char *dot = memchr(recv.ptr, '.', recv.len);
	if (dot)
		root.len = (size_t)(dot - recv.ptr);
	/* A parameter is what its call sites hand it (`test(model, loader)` after `model = Net()`): a parameter's origin. */
	gg_node dflt;
	if (!b && root.len == recv.len && x->func > 0 && c->funcs[x->func].parent == 0 &&
	    sem_parameter_index(c, c->funcs[x->func].def, root, &dflt) >= 0 &&
	    !gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CALLED_ELSEWHERE, c->funcs[x->func].name.ptr, c->funcs[x->func].name.len) &&
	    sem_param_arguments(c, x->func, root, passes_graph_free, NULL) > 0)
		return 0;
	/*
	 * Made where this file cannot tell (a parameter, a factory, a loader):
	 * it may be one of them where the file is near one, defining one or
	 * importing from the very module that does (`from pkg.model import
	 * load_model` beside the class there); not because some other corner of
	 * a large project has one.
	 */
	if (c->near_graph_class < 0) {
		c->near_graph_class = c->module && gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_MODULE_TAKES_GRAD, c->module, strlen(c->module));
		for (size_t i = 0; i < c->bindings_len && !c->near_graph_class; i++) {
			const char *t = c->bindings[i].target, *dot = strrchr(t, '.');
			c->near_graph_class = gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_MODULE_TAKES_GRAD, t, strlen(t)) ||
					      (dot && gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_MODULE_TAKES_GRAD, t, (size_t)(dot - t)));
		}
	}
	if (c->near_graph_class > 0)
		return 1;
	/*
	 * Far from one, and handed in (a parameter, an attribute of self that a
	 * subclass or a caller sets): any module of the project may arrive,
	 * that one too. Reported, but no wrap is proven safe (-1).
	 */
	bool handed = span_is(root, "self") ||
		      (x->func > 0 && sem_parameter_index(c, c->funcs[x->func].def, root, &dflt) >= 0);
	/* Or a local that holds one so (`valid = self.model.module if ema is None else self.ema`). */
	if (!handed && root.len == recv.len) {
		uint32_t at = (uint32_t)(recv.ptr - c->text);
		handed = holds_handed(c, x->func, assigned_before(c, root, x->func, at), 0);
	}
	return handed ? -1 : 0;
}

/* What exports a model: tracing, scripting, ONNX and torch.export. */
static const char *const exporters[] = {
	"torch.jit.trace", "torch.jit.script", "torch.jit.trace_module", "torch.onnx.export", "torch.onnx._export",
	"torch.onnx.dynamo_export", "torch.export.export", NULL,
};

/*
 * Whether a forward is an export's check (SPEC §2: export and tracing are
 * not evaluation): run once, outside any loop, on synthetic tensors only, in
 * a function that exports a model (a dry run before torch.jit.trace, the
 * reloaded traced module compared with the eager output).
 */
bool sem_export_check(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	if (x->in_loop || !synthetic_arguments(c, x, ref))
		return false;
	func *f = &c->funcs[x->func];
	/* Asked once per function: a script's every module-level check would scan the module again. */
	if (f->exports < 0) {
		uint32_t start = x->func > 0 ? f->start : 0, end = x->func > 0 ? f->end : (uint32_t)c->len;
		const gg_tree_index *ix = c->index;
		f->exports = 0;
		for (size_t i = gg_call_refs_from(ix->calls, ix->calls_len, start);
		     i < ix->calls_len && ix->calls[i].start < end && !f->exports; i++) {
			const gg_call_ref *r = &ix->calls[i];
			f->exports = r->names >= 2 && sem_func_at(c, r->start) == x->func &&
				     sem_name_resolve(c, FIELD(r->node, function)) && sem_name_is_one_of(c, exporters);
		}
	}
	return f->exports > 0;
}

/*
 * Whether a forward is a warm-up (SPEC §2, not evaluation): its result is
 * thrown away (the call is a statement of its own) and it runs on synthetic
 * tensors. A discarded forward over real data is not one: forward hooks may
 * keep what it computes.
 */
bool sem_warm_up(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	gg_node parent = gg_node_parent(ref->node);
	return IS(parent, expression_statement) && gg_node_named_child_count(parent) == 1 && synthetic_arguments(c, x, ref);
}

/*
 * Whether a forward's output is read only for its shape, right there
 * (`print(model(x).shape)`, `model(x)["prediction"].size()`): nothing keeps
 * it, and the graph goes with the statement. A shape inspection, not
 * evaluation.
 */
static bool shape_read_at(const semantic *c, gg_node n)
{
	static const char *const shape_attrs[] = { "shape", "ndim", "dtype", "device", NULL };
	static const char *const shape_calls[] = { "size", "dim", NULL };
	for (unsigned i = 0; i < MAX_NAME_SEGMENTS; i++) {
		gg_node p = gg_node_parent(n);
		if (IS(p, subscript) && gg_node_eq(FIELD(p, value), n)) {
			n = p;
			continue;
		}
		if (!IS(p, attribute) || !gg_node_eq(FIELD(p, object), n))
			return false;
		span a = sem_attribute_name(c, p);
		if (sem_word_in(a.ptr, a.len, shape_attrs))
			return true;
		if (sem_word_in(a.ptr, a.len, shape_calls))
			return IS(gg_node_parent(p), call);
		n = p; /* model(x).logits: an attribute of the output, read on */
	}
	return false;
}

bool sem_shape_read(const semantic *c, const gg_call_ref *ref)
{
	return shape_read_at(c, ref->node);
}

/* The most statements after a forward's output is bound that are read for how it is used (a shape check's prints). */
#define SHAPE_LOOKAHEAD 32

/*
 * Whether a forward on synthetic tensors is bound to a name that the
 * statements after it read only for its shape (`out = net(torch.randn(1, 3,
 * 224, 224))`, then `print(out.shape)`): a shape check whatever the module's
 * weights, pretrained ones too. Nothing keeps the output.
 */
bool sem_output_shape_only(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	gg_node assign = gg_node_parent(ref->node), stmt = gg_node_parent(assign);
	if (x->in_loop || !IS(assign, assignment) || !gg_node_eq(FIELD(assign, right), ref->node) ||
	    !IS(FIELD(assign, left), identifier) || !IS(stmt, expression_statement))
		return false;
	span name = node_span(c, FIELD(assign, left));
	unsigned n = 0;
	bool read = false, rebound = false;
	for (gg_node s = gg_node_next_named_sibling(stmt); !gg_node_is_null(s) && n < SHAPE_LOOKAHEAD && !rebound;
	     s = gg_node_next_named_sibling(s), n++) {
		for (gg_node k = s; !gg_node_is_null(k) && !rebound;
		     k = gg_node_walk_next(s, k, !IS(k, function_definition) && !IS(k, lambda))) {
			if (!IS(k, identifier) || !span_eq(node_span(c, k), name))
				continue;
			gg_node p = gg_node_parent(k);
			/* Bound anew: what follows reads another value (not `out = post(out)`, a read of this one first). */
			rebound = IS(p, assignment) && gg_node_eq(FIELD(p, left), k);
			span right = rebound ? node_span(c, FIELD(p, right)) : (span){ NULL, 0 };
			if (right.len && memmem(right.ptr, right.len, name.ptr, name.len))
				return false;
			if (!rebound && !shape_read_at(c, k))
				return false;
			read = read || !rebound;
		}
	}
	/* Read past the statements looked at: not known to be a shape's. Last, what costs most: the inputs synthetic. */
	return read && (rebound || n < SHAPE_LOOKAHEAD) && synthetic_arguments(c, x, ref);
}

/*
 * The value the last assignment in function fi before byte at gives name:
 * its right side, or the matching item of a tuple assigned to several names
 * (`a, b = x[0], x[1]`); a null node where there is none or it is unknown.
 */
static gg_node bound_value(const semantic *c, span name, int fi, uint32_t at)
{
	const gg_tree_index *ix = c->index;
	uint32_t from = fi > 0 ? c->funcs[fi].start : 0;
	gg_node last = gg_node_null();
	for (size_t i = sem_assignments_from(c, from); i < ix->assignments_len && gg_node_start_byte(ix->assignments[i]) < at; i++) {
		gg_node a = ix->assignments[i], left = FIELD(a, left), right = FIELD(a, right);
		if (gg_node_end_byte(a) > at || sem_func_at(c, gg_node_start_byte(a)) != fi)
			continue;
		gg_node v;
		if (IS(left, identifier) && span_eq(node_span(c, left), name))
			last = right;
		else if (sem_pattern_value(c, left, right, name, &v))
			last = v;
	}
	return last;
}

/* Whether a call's first argument is the integer literal lit (`unsqueeze(0)`, `view(1, -1)`). */
static bool first_argument_is(const semantic *c, gg_node call, const char *lit)
{
	gg_node args = FIELD(call, arguments);
	return IS(args, argument_list) && gg_node_named_child_count(args) >= 1 &&
	       IS(gg_node_named_child(args, 0), integer) && text_eq(c, gg_node_named_child(args, 0), lit);
}

/*
 * Whether value is a batch of one item: made so where it is written
 * (`x.unsqueeze(0)`, `x[None]`, `x.view(1, -1)`), moved or cast after
 * (`.to(device)`), or a name the last assignment before bound so.
 */
static bool one_item(const semantic *c, gg_node value, int fi, uint32_t at, unsigned depth)
{
	if (depth > 6)
		return false;
	if (IS(value, parenthesized_expression) && gg_node_named_child_count(value) == 1)
		return one_item(c, gg_node_named_child(value, 0), fi, at, depth + 1);
	if (IS(value, identifier)) {
		gg_node v = bound_value(c, node_span(c, value), fi, at);
		return !gg_node_is_null(v) && one_item(c, v, fi, gg_node_start_byte(v), depth + 1);
	}
	if (IS(value, subscript)) {
		gg_node index = FIELD(value, subscript);
		return IS(index, none) || (IS(index, tuple) && gg_node_named_child_count(index) && IS(gg_node_named_child(index, 0), none));
	}
	gg_node fn = IS(value, call) ? FIELD(value, function) : gg_node_null();
	if (gg_node_is_null(fn))
		return false;
	span m = IS(fn, attribute) ? sem_attribute_name(c, fn) : (span){ NULL, 0 };
	if (!m.len || !sem_word_in(m.ptr, m.len, tensor_moves)) {
		/* A forward of a batch of one gives a batch of one (`feats = stn(image[None])`, then `head(feats)`). */
		gg_node args = FIELD(value, arguments);
		gg_node first = IS(args, argument_list) && gg_node_named_child_count(args) ? gg_node_named_child(args, 0)
											      : gg_node_null();
		if (!gg_node_is_null(first) && !IS(first, keyword_argument) && one_item(c, first, fi, at, depth + 1))
			return true;
	}
	if (!m.len)
		return false;
	if (span_is(m, "unsqueeze"))
		return first_argument_is(c, value, "0");
	if (span_is(m, "view") || span_is(m, "reshape"))
		return first_argument_is(c, value, "1");
	return sem_word_in(m.ptr, m.len, tensor_moves) && one_item(c, FIELD(fn, object), fi, at, depth + 1);
}

/*
 * Whether value is host data: a tensor copied out (`.numpy()`, `.tolist()`)
 * or what a library of plain objects returns (scipy's filters, numpy's
 * functions), or a name the last assignment before bound so.
 */
static bool host_data(semantic *c, gg_node value, int fi, uint32_t at, unsigned depth)
{
	if (depth > 4)
		return false;
	if (IS(value, identifier)) {
		gg_node v = bound_value(c, node_span(c, value), fi, at);
		return !gg_node_is_null(v) && host_data(c, v, fi, gg_node_start_byte(v), depth + 1);
	}
	gg_node fn = IS(value, call) ? FIELD(value, function) : gg_node_null();
	if (IS(fn, attribute)) {
		span m = sem_attribute_name(c, fn);
		if (span_is(m, "numpy") || span_is(m, "tolist"))
			return true;
	}
	if (gg_node_is_null(fn) || !sem_is_name_chain(c, fn) || !sem_name_resolve(c, fn))
		return false;
	span r = sem_resolved(c);
	return gg_library_facts_plain(&c->sem->libraries, r.ptr, r.len) && !gg_analysis_mentions_framework(r.ptr, r.len);
}

bool sem_name_only_call_on_host_data(semantic *c, const ctx *x, const gg_call_ref *ref, span recv)
{
	if (!recv.len || memchr(recv.ptr, '.', recv.len) || x->func <= 0)
		return false;
	gg_node args = FIELD(ref->node, arguments);
	gg_node first = IS(args, argument_list) && gg_node_named_child_count(args) ? gg_node_named_child(args, 0)
										      : gg_node_null();
	if (gg_node_is_null(first) || IS(first, keyword_argument) || !host_data(c, first, x->func, ref->start, 0))
		return false;
	return name_only_model(c, x, recv);
}

/* A setting handed beside the input: a literal, or a lookup by a string key (`word2idx['<start>']`, a token's id; not `feats[0]`). */
static bool setting_value(const semantic *c, gg_node v)
{
	return constant_value(c, v) || (IS(v, subscript) && IS(FIELD(v, subscript), string) && sem_is_name_chain(c, FIELD(v, value)));
}

bool sem_one_item_demo(const semantic *c, const ctx *x, const gg_call_ref *ref)
{
	if (!(c->notebook || c->cell_script) || x->func != 0 || x->in_loop)
		return false;
	gg_node args = FIELD(ref->node, arguments);
	uint32_t count = IS(args, argument_list) ? gg_node_named_child_count(args) : 0;
	bool any = false;
	for (uint32_t i = 0; i < count; i++) {
		gg_node a = gg_node_named_child(args, i);
		if (IS(a, comment) || (IS(a, keyword_argument) && setting_value(c, FIELD(a, value))))
			continue;
		if (IS(a, keyword_argument))
			return false;
		if (one_item(c, a, x->func, ref->start, 0))
			any = true;
		else if (!any || !setting_value(c, a))
			return false; /* the input first, then settings */
	}
	return any;
}

/*
 * Whether a forward is a measuring pass (SPEC §2's warm-up, by its own
 * word): its result bound to `_`, the name that says it is thrown away,
 * on synthetic tensors (`_ = model(torch.FloatTensor(1, *shape))` while
 * hooks count FLOPs). Nothing downstream reads it.
 */
bool sem_thrown_pass(semantic *c, const ctx *x, const gg_call_ref *ref)
{
	/* `_ = model(img) if on_gpu else None`: the pass is thrown away on the branch that runs it too. */
	gg_node value = ref->node, parent = gg_node_parent(value);
	while (IS(parent, conditional_expression) && gg_node_eq(gg_node_named_child(parent, 0), value)) {
		value = parent;
		parent = gg_node_parent(value);
	}
	return IS(parent, assignment) && gg_node_eq(FIELD(parent, right), value) && IS(FIELD(parent, left), identifier) &&
	       span_is(node_span(c, FIELD(parent, left)), "_") && synthetic_arguments(c, x, ref);
}
