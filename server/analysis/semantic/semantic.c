/*
 * The semantic model's handle and its life: the grammar's ids, the library
 * facts and the last file's model (semantic.h); the build runs the facts
 * walk, the statement walk and the call graph (model.h says how).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

gg_semantic *gg_semantic_new(char **error)
{
	if (error)
		*error = NULL;
	gg_semantic *r = calloc(1, sizeof *r);
	if (!r) {
		if (error)
			*error = gg_strdup_printf("out of memory");
		return NULL;
	}
	const TSLanguage *lang = gg_python_language();
#define SYM(name) ts_language_symbol_for_name(lang, name, (uint32_t)strlen(name), true)
#define FLD(name) ts_language_field_id_for_name(lang, name, (uint32_t)strlen(name))
	r->sym_lambda = SYM("lambda");
	r->sym_import = SYM("import_statement");
	r->sym_import_from = SYM("import_from_statement");
	r->sym_aliased_import = SYM("aliased_import");
	r->sym_dotted_name = SYM("dotted_name");
	r->sym_identifier = SYM("identifier");
	r->sym_call = SYM("call");
	r->sym_attribute = SYM("attribute");
	r->sym_argument_list = SYM("argument_list");
	r->sym_assignment = SYM("assignment");
	r->sym_true = SYM("true");
	r->sym_decorator = SYM("decorator");
	r->sym_keyword_argument = SYM("keyword_argument");
	r->sym_function_definition = SYM("function_definition");
	r->sym_class_definition = SYM("class_definition");
	r->sym_wildcard_import = SYM("wildcard_import");
	r->fld_name = FLD("name");
	r->fld_alias = FLD("alias");
	r->fld_module_name = FLD("module_name");
	r->fld_function = FLD("function");
	r->fld_attribute = FLD("attribute");
	r->fld_object = FLD("object");
	r->fld_arguments = FLD("arguments");
	r->fld_left = FLD("left");
	r->fld_right = FLD("right");
	r->fld_value = FLD("value");
#undef SYM
#undef FLD
	/* A grammar without one of them would match nothing: refuse it, as a query that does not compile. */
	if (!r->sym_lambda || !r->sym_import || !r->sym_import_from || !r->sym_aliased_import || !r->sym_dotted_name ||
	    !r->sym_identifier || !r->sym_call || !r->sym_attribute || !r->sym_argument_list || !r->sym_assignment ||
	    !r->sym_true || !r->sym_decorator || !r->sym_keyword_argument || !r->sym_function_definition ||
	    !r->sym_class_definition || !r->sym_wildcard_import || !r->fld_name || !r->fld_alias ||
	    !r->fld_module_name || !r->fld_function || !r->fld_attribute || !r->fld_object || !r->fld_arguments ||
	    !r->fld_left || !r->fld_right || !r->fld_value) {
		if (error)
			*error = gg_strdup_printf("the semantic model: the Python grammar lacks a node type or field the rule needs");
		gg_semantic_delete(r);
		return NULL;
	}
	if (!gg_py_ids_init(&r->ids, lang) || sem_fact_kinds_init(r, lang)) {
		if (error)
			*error = gg_strdup_printf("the semantic model: the Python grammar lacks a node type or field the rule needs");
		gg_semantic_delete(r);
		return NULL;
	}
	if (regcomp(&r->step_receiver, "([Oo]ptim|(^|[._])opt($|_)|[Ss]caler$)", REG_EXTENDED | REG_NOSUB) != 0) {
		if (error)
			*error = gg_strdup_printf("the semantic model: cannot compile the optimizer pattern");
		gg_semantic_delete(r);
		return NULL;
	}
	r->step_receiver_ok = true;
	if (gg_library_facts_init(&r->libraries) != 0) {
		if (error)
			*error = gg_strdup_printf("the semantic model: cannot read the library facts (queries/libraries.txt)");
		gg_semantic_delete(r);
		return NULL;
	}
	return r;
}

bool gg_semantic_says_volatile(const gg_semantic *r)
{
	return r && r->file && r->file->volatile_keyword;
}

bool gg_semantic_test_module(const gg_semantic *r)
{
	return r && r->file && r->file->pytest_module;
}

bool gg_semantic_old_torch_only(const gg_semantic *r, uint32_t at)
{
	if (!r || !r->file)
		return false;
	for (size_t i = 0; i < r->file->old_torch_len; i++)
		if (at >= r->file->old_torch[i].start && at < r->file->old_torch[i].end)
			return true;
	return false;
}

bool gg_semantic_parameter_is_module(const gg_semantic *r, uint32_t at, const char *name, size_t len)
{
	if (!r || !r->file || !len || isupper((unsigned char)name[0]))
		return false;
	semantic *c = r->file; /* the model's own: asking caches nothing the rules see */
	return sem_parameter_annotation_kind(c, sem_func_at(c, at), (span){ name, len }) > 0;
}

bool gg_semantic_module_weightless(const gg_semantic *r, const char *name, size_t len)
{
	return r && r->file && len && sem_spanset_has(&r->file->weightless, (span){ name, len });
}

int gg_semantic_method_accumulates(const gg_semantic *r, uint32_t at, const char *recv, size_t recv_len,
				   const char *method, size_t method_len)
{
	semantic *c = r ? r->file : NULL; /* the model's own: asking caches nothing the rules see */
	if (!c || !recv_len || !method_len)
		return -1;
	klass *k = sem_local_instance_class(c, at, (span){ recv, recv_len });
	if (k)
		return sem_method_accumulates(c, (int)(k - c->classes), (span){ method, method_len });
	/* `meter = AverageMeter(...)`, the class imported from another file of the workspace: the index says. */
	gg_node made = c->elsewhere ? sem_value_before(c, sem_func_at(c, at), (span){ recv, recv_len }, at, false)
				    : gg_node_null();
	gg_node fn = IS(made, call) ? FIELD(made, function) : gg_node_null();
	if (!sem_is_name_chain(c, fn))
		return -1;
	if (!sem_binding_find(c, node_span(c, sem_chain_root(c, fn)))) {
		/* A name no import binds, in a file that star-imports modules of the project: one of theirs. */
		span n = node_span(c, fn);
		int place = -1;
		for (size_t i = 0; IS(fn, identifier) && i < c->star_modules.len && place < 0; i++) {
			char *dotted = gg_strdup_printf("%.*s.%.*s", (int)c->star_modules.items[i].len,
						       c->star_modules.items[i].ptr, (int)n.len, n.ptr);
			place = dotted ? gg_elsewhere_accumulates(c->elsewhere, dotted, strlen(dotted), method, method_len) : -1;
			free(dotted);
		}
		return place;
	}
	if (!sem_name_resolve(c, fn))
		return -1;
	span dotted = sem_resolved(c);
	return gg_elsewhere_accumulates(c->elsewhere, dotted.ptr, dotted.len, method, method_len);
}

bool gg_semantic_branch_guarded(const gg_semantic *r, uint32_t at)
{
	return r && r->file && sem_branch_guarded(r->file, at);
}

/* The function whose def starts at byte at, or 0 (the module: none). */
static int def_at(const semantic *c, uint32_t at)
{
	int fi = c ? sem_func_at(c, at) : 0;
	return fi > 0 && c->funcs[fi].start == at ? fi : 0;
}

bool gg_semantic_called_in_loop(const gg_semantic *r, uint32_t at)
{
	const semantic *c = r ? r->file : NULL;
	int fi = def_at(c, at);
	if (!fi)
		return false;
	for (size_t i = sem_sites_of(c, fi); i < c->sites_len && c->sites[i].callee == fi; i++)
		for (gg_node p = gg_node_parent(c->sites[i].call); !gg_node_is_null(p) && !IS(p, function_definition);
		     p = gg_node_parent(p))
			if (IS(p, for_statement) || IS(p, while_statement))
				return true;
	return false;
}

bool gg_semantic_function_backward(const gg_semantic *r, uint32_t at)
{
	const semantic *c = r ? r->file : NULL;
	int fi = def_at(c, at);
	return fi && c->funcs[fi].bw;
}

bool gg_semantic_result_trains(const gg_semantic *r, uint32_t at)
{
	const semantic *c = r ? r->file : NULL;
	int fi = c ? sem_func_at(c, at) : 0;
	return fi > 0 && c->funcs[fi].result_trains;
}

bool gg_semantic_call_trains(const gg_semantic *r, uint32_t at)
{
	const semantic *c = r ? r->file : NULL;
	for (size_t i = 0; c && i < c->sites_len; i++)
		if (gg_node_start_byte(c->sites[i].call) == at)
			return c->sites[i].callee > 0 && c->funcs[c->sites[i].callee].bw;
	return false;
}

bool gg_semantic_call_no_history(const gg_semantic *r, uint32_t at)
{
	semantic *c = r ? r->file : NULL;
	if (!c)
		return false;
	const gg_tree_index *ix = c->index;
	size_t i = gg_call_refs_from(ix->calls, ix->calls_len, at);
	if (i >= ix->calls_len || ix->calls[i].start != at)
		return false;
	gg_node fn = FIELD(ix->calls[i].node, function);
	if (sem_is_name_chain(c, fn) && sem_function_named_no_grad(c, fn))
		return true;
	/* A function of the file (every one of that name) that returns only plain numbers. */
	if (!IS(fn, identifier) || sem_binding_find(c, node_span(c, fn)))
		return false;
	span name = node_span(c, fn);
	bool any = false, all = true;
	for (size_t k = sem_func_names_lower(c, name); k + 1 < c->funcs_len && span_eq(c->func_names[k].name, name); k++) {
		any = true;
		all = all && sem_func_returns_number(c, &c->funcs[c->func_names[k].index]);
	}
	return any && all;
}

const char *gg_semantic_import_target(const gg_semantic *r, const char *local, size_t len)
{
	const binding *b = r && r->file ? sem_binding_find(r->file, (span){ local, len }) : NULL;
	return b ? b->target : NULL;
}

const gg_tree_index *gg_semantic_index(const gg_semantic *r)
{
	return r ? &r->index : NULL;
}

void gg_semantic_delete(gg_semantic *r)
{
	if (!r)
		return;
	gg_semantic_clear(r);
	if (r->step_receiver_ok)
		regfree(&r->step_receiver);
	gg_library_facts_free(&r->libraries);
	free(r->kinds);
	free(r->index.calls);
	free(r->index.assignments);
	free(r->index.imports);
	free(r->index.models);
	free(r->index.no_graph);
	free(r->index.forwards);
	free(r->index.func_names);
	free(r->index.number_funcs);
	free(r->index.data_funcs);
	free(r->index.module_classes);
	free(r->index.test_classes);
	free(r->index.number_parts);
	free(r->index.eval_funcs);
	free(r->index.grad_off);
	free(r->index.grad_controlled);
	free(r);
}

static void semantic_free(semantic *c)
{
	free(c->module);
	for (size_t i = 0; i < c->bindings_len; i++)
		free(c->bindings[i].target);
	free(c->bindings);
	free(c->backward.items);
	free(c->gradoff.items);
	free(c->training_calls.items);
	free(c->load_calls.items);
	sem_flow_free(&c->flow);
	if (c->fn_flow)
		sem_flow_free(&c->fn_flow->flow);
	free(c->fn_flow);
	free(c->volatile_at.items);
	free(c->suspends.items);
	free(c->trains.items);
	free(c->funcs);
	free(c->func_names);
	free(c->func_hash);
	free(c->classes);
	free(c->assign_left);
	free(c->fetches);
	free(c->freeze_calls);
	free(c->grad_marks);
	free(c->input_grads);
	free(c->grad_aliases);
	free(c->name_aliases);
	free(c->assign_right);
	free(c->assign_names);
	free(c->unpack_names);
	free(c->unpack_right);
	free(c->call_names);
	free(c->models.items);
	free(c->not_models.items);
	free(c->paramless.items);
	free(c->weightless.items);
	free(c->loaded.items);
	free(c->module_api.items);
	free(c->star_modules.items);
	free(c->self_stored.items);
	free(c->frozen);
	free(c->thaws);
	free(c->flag_freezes);
	free(c->train_modes);
	free(c->global_evals);
	for (size_t i = 0; i < c->lib_objects_len; i++)
		free(c->lib_objects[i].factory);
	free(c->lib_objects);
	free(c->binds);
	free(c->bind_touched);
	free(c->flags);
	free(c->eval_halves);
	free(c->old_torch);
	free(c->handed);
	free(c->events);
	free(c->sites);
	free(c->evals);
	free(c->name.data);
}

void gg_semantic_clear(gg_semantic *s)
{
	if (!s || !s->file)
		return;
	semantic_free(s->file);
	free(s->file);
	s->file = NULL;
}

/* A zeroed model of text for handle r. */
static void semantic_init(semantic *c, gg_semantic *r, const char *text, size_t len)
{
	memset(c, 0, sizeof *c);
	c->sem = r;
	c->index = &r->index;
	c->text = text;
	c->len = len;
	c->says_set_grad_enabled = text && memmem(text, len, "set_grad_enabled", 16);
	c->says_enter_context = text && memmem(text, len, "enter_context", 13);
	c->says_star_import = text && memmem(text, len, "import *", 8);
	c->other_framework = -1;
	c->near_graph_class = -1;
}

/* The walk and the call graph, after the facts. 0 or a negative errno. */
static int byte_range_cmp(const void *pa, const void *pb)
{
	const gg_byte_range *a = pa, *b = pb;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return (a->end > b->end) - (a->end < b->end);
}

/* sem_param_arguments' visit: the name handed holds a model whose forward returns numbers in some parts (*ctx: those every call shares). */
static bool passes_number_parts(semantic *c, span arg, int scope, uint32_t at, void *ctx)
{
	(void)scope;
	uint32_t *mask = ctx;
	*mask &= gg_tree_index_number_parts(c->index, arg.ptr, arg.len, at);
	return *mask != 0;
}

/*
 * A parameter is what its call sites hand it: `fit(net, ...)` after `net =
 * Prober(...)`, in every call, makes fit's `model(...)` return what Prober's
 * forward does, part by part (GG002's numbers), inside fit.
 */
static void param_number_parts(semantic *c)
{
	size_t notes = c->index->number_parts_len;
	for (size_t fi = 1; fi < c->funcs_len && notes && !c->error; fi++) {
		const func *f = &c->funcs[fi];
		gg_node params = FIELD(f->def, parameters);
		if (f->cls >= 0 || gg_node_is_null(params))
			continue;
		for (uint32_t k = 0; k < gg_node_named_child_count(params) && !c->error; k++) {
			gg_node p = sem_parameter_name(c, gg_node_named_child(params, k));
			if (!IS(p, identifier))
				continue;
			span name = node_span(c, p);
			uint32_t mask = UINT32_MAX;
			if (sem_param_arguments(c, (int)fi, name, passes_number_parts, &mask) <= 0 || !mask)
				continue;
			gg_tree_index *ix = c->index;
			PUSH(c, ix->number_parts, ix->number_parts_len, ix->number_parts_cap,
			     ((gg_number_parts){ { name.ptr, name.len }, mask, f->start, f->end }));
		}
	}
}

/*
 * A class whose constructor turns autograd off for the process, a bare
 * `torch.set_grad_enabled(False)` among its own statements, in a file that
 * never turns it back on: its other methods run on an instance built
 * before, so with grad off (an inference helper's __init__). Guarded, as
 * functions every call of which runs without grad are.
 */
static void constructor_grad_off(semantic *c)
{
	if (!c->says_set_grad_enabled || memmem(c->text, c->len, "set_grad_enabled(True", 21) ||
	    memmem(c->text, c->len, "enable_grad", 11) || c->backward.len)
		return;
	for (size_t k = 0; k < c->classes_len; k++) {
		gg_node init = sem_class_method_def(c, (int)k, (span){ "__init__", 8 });
		gg_node body = gg_node_is_null(init) ? gg_node_null() : FIELD(init, body);
		bool off = false;
		for (uint32_t i = 0, n = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body); i < n && !off; i++)
			off = sem_bare_grad_statement(c, gg_node_named_child(body, i)) == GRAD_OFF;
		for (size_t f = 1; off && f < c->funcs_len; f++)
			if (c->funcs[f].cls == (int)k && !span_is(c->funcs[f].name, "__init__"))
				c->funcs[f].guarded = true;
	}
}

static int semantic_walk(semantic *c, gg_node root)
{
	ctx x;
	memset(&x, 0, sizeof x);
	x.cls = -1;
	x.module_class = -1;
	/* Choice: unit-test modules run tiny forwards on purpose, helpers included. */
	x.exempt = c->pytest_module;
	x.loop_iter = gg_node_null();
	x.phase_loop = gg_node_null();
	x.loop = gg_node_null();
	x.block_end = (uint32_t)c->len;
	c->torch = sem_torch_spelling(c);
	c->torch_other = -1;
	/*
	 * Where the file trains (a backward anywhere: a module-level call of a
	 * function that trains is one too, once the call graph is read), what
	 * the module's forwards' results reach (flow.c, evaluation.c).
	 */
	if (c->backward.len)
		sem_flow_build(c);
	sem_walk_block(c, x, root);
	/* The forwards GG002 looks up by position (grad_context.h): by start, then end. */
	if (c->index->forwards_len > 1)
		gg_sort(c->index->forwards, c->index->forwards_len, sizeof *c->index->forwards, byte_range_cmp);
	if (!c->error)
		sem_call_graph_resolve(c);
	if (!c->error)
		sem_trains_build(c);
	if (!c->error)
		constructor_grad_off(c);
	/* Functions whose every call site in the file runs without grad: the other rules skip them too. */
	for (size_t i = 1; i < c->funcs_len && !c->error; i++)
		if (c->funcs[i].guarded)
			sem_grad_off_note(c, c->funcs[i].def, GRAD_OFF);
	/* A shared step's evaluation half, every call passing the flag false without grad: grad is off there too. */
	for (size_t h = 0; h < c->eval_halves_len && !c->error; h++) {
		int fi = c->eval_halves[h].func;
		size_t off = 0, on = 0;
		for (size_t i = sem_sites_of(c, fi); i < c->sites_len && c->sites[i].callee == fi; i++)
			if (c->sites[i].flag_false)
				sem_site_guarded(c, &c->sites[i]) ? off++ : on++;
		if (off && !on)
			sem_grad_off_note(c, c->eval_halves[h].node, GRAD_OFF);
	}
	if (!c->error)
		param_number_parts(c);
	/* What is evaluation code, for GG002 (funcs are in text order: the offsets ascend). */
	gg_tree_index *ix = c->index;
	for (size_t i = 1; i < c->funcs_len && !c->error; i++) {
		const func *f = &c->funcs[i];
		bool own_eval = f->eval_mode && !f->callers_own_mode;
		if (f->bw || f->from_forward || f->result_trains || !(f->eval_name || own_eval || f->eval_site >= 0))
			continue;
		if (gg_grow((void **)&ix->eval_funcs, &ix->eval_funcs_cap, ix->eval_funcs_len, sizeof *ix->eval_funcs))
			fail(c, -ENOMEM);
		else
			ix->eval_funcs[ix->eval_funcs_len++] = gg_node_start_byte(f->def);
	}
	if (c->index->grad_off_len)
		gg_sort(c->index->grad_off, c->index->grad_off_len, sizeof *c->index->grad_off, sem_u32_cmp);
	if (c->index->grad_controlled_len)
		gg_sort(c->index->grad_controlled, c->index->grad_controlled_len, sizeof *c->index->grad_controlled, sem_u32_cmp);
	return c->error;
}

/*
 * Whether a file of the project that is not a test calls one of this file's
 * top-level functions with grad on (the index leaves such calls of tests
 * out): a file named like a pytest module (`single_year_test.py`) that the
 * project's own code imports and runs is that code's, not pytest's.
 */
static bool called_with_grad_elsewhere(semantic *c)
{
	for (size_t i = 1; i < c->funcs_len; i++) {
		const func *f = &c->funcs[i];
		size_t off = 0, on = 0, trains = 0;
		if (f->cls >= 0 || f->parent != 0)
			continue;
		gg_elsewhere_outside_calls(c->elsewhere, f->name.ptr, f->name.len, c->module, strlen(c->module), &off, &on, &trains);
		if (on)
			return true;
	}
	return false;
}

int gg_semantic_build(gg_semantic *r, const gg_source *src, gg_node root)
{
	gg_semantic_clear(r);
	semantic *c = calloc(1, sizeof *c);
	if (!c)
		return -ENOMEM;
	semantic_init(c, r, src->text, src->len);
	if (!(c->fn_flow = calloc(1, sizeof *c->fn_flow))) {
		free(c);
		return -ENOMEM;
	}
	c->config = src->config;
	c->elsewhere = src->elsewhere;
	c->lines = src->lines;
	c->pytest_module = gg_source_is_test_module(src);
	c->notebook = src->path && strlen(src->path) > 6 && strcmp(src->path + strlen(src->path) - 6, ".ipynb") == 0;
	c->cell_script = !c->notebook && src->len > 4 &&
			 (strncmp(src->text, "# %%", 4) == 0 || gg_text_contains(src->text, src->len, "\n# %%"));
	if ((gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_OUTSIDE_CALLS) ||
	     gg_elsewhere_knows(c->elsewhere, GG_ELSEWHERE_FROZEN_CLASSES)) && src->path) {
		/* The file's module, as the project index names the modules other files import (and its own classes). */
		const char *rel = src->path;
		size_t root_len = src->root ? strlen(src->root) : 0;
		if (root_len && strncmp(rel, src->root, root_len) == 0 && rel[root_len] == '/')
			rel += root_len + 1;
		gg_buf m = { NULL, 0, 0 };
		if (gg_elsewhere_module_of(rel, &m) || gg_buf_append(&m, "", 1)) {
			gg_buf_free(&m);
			semantic_free(c);
			free(c);
			return -ENOMEM;
		}
		c->module = m.data;
	}

	int rc = sem_facts_collect(c, root);
	if (!rc && c->pytest_module && c->module && called_with_grad_elsewhere(c))
		c->pytest_module = false;
	if (!rc && !c->framework_imported && gg_elsewhere_text_runs_modules(c->elsewhere, src->text, src->len))
		c->framework_imported = true; /* a torch-free helper that evaluates what it is handed */
	if (!rc && c->framework_imported)
		rc = semantic_walk(c, root);
	if (rc) {
		semantic_free(c);
		free(c);
		return rc;
	}
	r->file = c;
	return 0;
}

static int export_member(gg_export_fn add, void *ctx, gg_export_kind kind, span member)
{
	gg_export e = { kind, NULL, 0, member.ptr, member.len, NULL, 0 };
	return add(ctx, &e);
}

typedef struct mode_export {
	gg_export_fn add;
	void *ctx;
	int rc;
} mode_export;

static bool mode_seen(semantic *c, span param, int place, span value, void *arg)
{
	(void)c, (void)param, (void)place, (void)value;
	*(bool *)arg = true;
	return true;
}

static bool mode_export_visit(semantic *c, span param, int place, span value, void *arg)
{
	mode_export *x = arg;
	/* By name ("forward(mode=generate)") and by place ("forward(@3=generate)"): a call may pass it either way. */
	char at[16];
	snprintf(at, sizeof at, "@%d", place);
	span keys[2] = { param, { at, strlen(at) } };
	for (int k = 0; k < 2 && !x->rc; k++) {
		if ((x->rc = sem_mode_key(c, keys[k], value)) != 0)
			return true;
		/* Said as a method of its own, as the index looks a fact up among the methods a class defines. */
		span mode = { c->name.data, c->name.len };
		x->rc = export_member(x->add, x->ctx, GG_EXPORT_METHOD, mode);
		if (!x->rc)
			x->rc = export_member(x->add, x->ctx, GG_EXPORT_NO_GRAD, mode);
	}
	return x->rc != 0;
}

/*
 * A top-level class with a method that runs with grad off or is called only
 * so, or a subclass of one of the file's classes: the class, its bases, its
 * methods and which of them do. A class that derives from an imported class
 * and is none of these is said as a SUBCLASS, for the index to keep or not.
 */
static int class_export(semantic *c, gg_node cls, gg_export_fn add, void *ctx)
{
	gg_node body = FIELD(cls, body);
	uint32_t count = gg_node_is_null(body) ? 0 : gg_node_named_child_count(body);
	/* A subclass of a class of the file may inherit such a method: it is said too. */
	bool any = false, imported = false;
	gg_node bases = FIELD(cls, superclasses);
	uint32_t nb = gg_node_is_null(bases) ? 0 : gg_node_named_child_count(bases);
	for (uint32_t i = 0; i < nb && !any; i++) {
		gg_node b = gg_node_named_child(bases, i);
		any = IS(b, identifier) && !sem_binding_find(c, node_span(c, b)) && sem_class_find(c, node_span(c, b));
		/* torch's classes are known without the index (nn.Module is no grad-disabled base). */
		if (!any && !imported && sem_is_name_chain(c, b) && sem_binding_find(c, node_span(c, sem_chain_root(c, b))) &&
		    sem_name_resolve(c, b))
			imported = !span_starts(sem_resolved(c), "torch.");
	}
	for (uint32_t pass = 0; pass < 2; pass++) {
		/* Pass 0 asks whether there is anything to say; pass 1 says it. */
		if (pass == 1) {
			if (!any && !imported)
				return 0;
			span name = node_span(c, FIELD(cls, name));
			gg_export e = { any ? GG_EXPORT_CLASS : GG_EXPORT_SUBCLASS, name.ptr, name.len, NULL, 0, NULL, 0 };
			int rc = add(ctx, &e);
			for (uint32_t i = 0; i < nb && !rc; i++) {
				gg_node b = gg_node_named_child(bases, i);
				if (!sem_is_name_chain(c, b))
					continue;
				span written = node_span(c, b);
				if (IS(b, identifier) && !sem_binding_find(c, written) && sem_class_find(c, written)) {
					rc = export_member(add, ctx, GG_EXPORT_BASE_LOCAL, written);
				} else if (sem_binding_find(c, node_span(c, sem_chain_root(c, b))) && sem_name_resolve(c, b)) {
					rc = export_member(add, ctx, GG_EXPORT_BASE, sem_resolved(c));
				}
			}
			if (rc || c->error)
				return rc ? rc : c->error;
		}
		for (uint32_t i = 0; i < count; i++) {
			gg_node stmt = gg_node_named_child(body, i), decorated = gg_node_null();
			if (IS(stmt, decorated_definition)) {
				decorated = stmt;
				stmt = FIELD(stmt, definition);
			}
			span alias;
			gg_node value;
			if (gg_node_is_null(decorated) && sem_class_alias(c, stmt, &alias, &value)) {
				/*
				 * Bound to an imported function: whether it runs with grad off
				 * is its own file's to say (the index answers). Bound to one
				 * of this file: said here.
				 */
				bool imported = sem_binding_find(c, node_span(c, sem_chain_root(c, value))) &&
						sem_name_resolve(c, value);
				bool no_grad = !imported && sem_function_named_no_grad(c, value);
				if (pass == 0) {
					any = any || imported || no_grad;
					continue;
				}
				int rc = 0;
				if (imported) {
					span target = sem_resolved(c);
					gg_export e = { GG_EXPORT_ALIAS, NULL, 0, alias.ptr, alias.len, target.ptr, target.len };
					rc = add(ctx, &e);
				} else if (no_grad) {
					rc = export_member(add, ctx, GG_EXPORT_METHOD, alias);
					if (!rc)
						rc = export_member(add, ctx, GG_EXPORT_NO_GRAD, alias);
				}
				if (rc)
					return rc;
				continue;
			}
			if (!IS(stmt, function_definition))
				continue;
			int fi = sem_func_of_def(c, stmt);
			span to;
			bool no_grad = (!gg_node_is_null(decorated) && sem_decorated_grad_off(c, decorated)) ||
				       (sem_method_delegates(c, stmt, &to) && sem_class_method_no_grad(c, cls, to));
			bool guarded = fi > 0 && c->funcs[fi].walked && c->funcs[fi].guarded;
			if (pass == 0) {
				bool modes = false;
				if (!any && span_is(node_span(c, FIELD(stmt, name)), "forward"))
					sem_forward_modes_off(c, stmt, mode_seen, &modes);
				any = any || no_grad || guarded || modes;
				continue;
			}
			span name = node_span(c, FIELD(stmt, name));
			int rc = export_member(add, ctx, GG_EXPORT_METHOD, name);
			if (!rc && no_grad)
				rc = export_member(add, ctx, GG_EXPORT_NO_GRAD, name);
			if (!rc && guarded)
				rc = export_member(add, ctx, GG_EXPORT_GUARDED, name);
			if (!rc && span_is(name, "forward")) {
				/* "forward(mode=inference)": a mode its branch runs with grad off. */
				mode_export x = { add, ctx, 0 };
				sem_forward_modes_off(c, stmt, mode_export_visit, &x);
				rc = x.rc;
			}
			if (rc)
				return rc;
		}
	}
	return c->error;
}

const struct gg_library_facts *gg_semantic_libraries(const gg_semantic *s)
{
	return &s->libraries;
}

int gg_semantic_exports(gg_semantic *r, const char *text, size_t len, gg_node root, gg_export_fn add, void *ctx)
{
	gg_semantic_clear(r);
	semantic chk; /* c is the pointer the IS() and FIELD() helpers expect */
	semantic *c = &chk;
	semantic_init(c, r, text, len);
	int rc = sem_facts_collect(c, root);
	/* Top level: the module's own children (a decorated definition's parent is the module too). */
	for (size_t i = 1; i < c->funcs_len && !rc; i++) {
		const func *f = &c->funcs[i];
		gg_node parent = gg_node_parent(f->def);
		if (IS(parent, decorated_definition))
			parent = gg_node_parent(parent);
		if (IS(parent, module) && f->wrapper) {
			gg_export e = { GG_EXPORT_WRAPPER, f->name.ptr, f->name.len, NULL, 0, NULL, 0 };
			rc = add(ctx, &e);
			continue;
		}
		/* A method of a top-level class: the class is the context manager. */
		if (!IS(parent, block) || !sem_enter_disables_grad(c, f))
			continue;
		gg_node cls = gg_node_parent(parent);
		gg_node above = gg_node_parent(cls);
		if (IS(above, decorated_definition))
			above = gg_node_parent(above);
		if (IS(cls, class_definition) && IS(above, module)) {
			span name = node_span(c, FIELD(cls, name));
			gg_export e = { GG_EXPORT_WRAPPER, name.ptr, name.len, NULL, 0, NULL, 0 };
			rc = add(ctx, &e);
		}
	}
	/* A module-level name bound to grad's own callable (`inference_mode = torch.inference_mode`): imported, it is that. */
	for (size_t i = 0; i < c->grad_aliases_len && !rc; i++) {
		gg_node a = c->grad_aliases[i];
		gg_node left = FIELD(a, left);
		/* At module level, a version shim's branches too (`if hasattr(torch, "inference_mode"): ... else: ...`). */
		bool top = true;
		for (gg_node p = gg_node_parent(a); top && !gg_node_is_null(p) && !IS(p, module); p = gg_node_parent(p))
			top = !IS(p, function_definition) && !IS(p, class_definition) && !IS(p, lambda);
		if (!top || !sem_grad_alias_disables(c, left))
			continue;
		span name = node_span(c, left);
		gg_export e = { GG_EXPORT_WRAPPER, name.ptr, name.len, NULL, 0, NULL, 0 };
		rc = add(ctx, &e);
	}
	/*
	 * Classes: which methods the file calls only with grad off needs the
	 * walk and the call graph (the facts alone say which are decorated).
	 */
	if (!rc && c->classes_len && c->framework_imported)
		rc = semantic_walk(c, root);
	for (gg_node top = rc ? gg_node_null() : gg_node_first_child(root); !gg_node_is_null(top) && !rc;
	     top = gg_node_next_sibling(top)) {
		gg_node stmt = top, decorated = gg_node_null();
		if (IS(stmt, decorated_definition)) {
			decorated = stmt;
			stmt = FIELD(stmt, definition);
		}
		if (IS(stmt, class_definition)) {
			rc = class_export(c, stmt, add, ctx);
		} else if (IS(stmt, function_definition) && !gg_node_is_null(decorated) &&
			   sem_decorated_grad_off(c, decorated)) {
			/* @torch.no_grad() def decode(...): a class elsewhere may make it a method. */
			span name = node_span(c, FIELD(stmt, name));
			gg_export e = { GG_EXPORT_NO_GRAD_FUNCTION, name.ptr, name.len, NULL, 0, NULL, 0 };
			rc = add(ctx, &e);
		}
	}
	semantic_free(c);
	return rc;
}
