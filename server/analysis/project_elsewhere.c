/*
 * The project index answering the semantic model's questions
 * (semantic/elsewhere.h): the one place the model's interface meets the
 * index's own functions. A gg_elsewhere is a gg_project seen through that
 * interface; the model never sees the struct.
 */
#include "project.h"
#include "semantic/elsewhere.h"

const gg_elsewhere *gg_project_elsewhere(const gg_project *p)
{
	return (const gg_elsewhere *)(const void *)p;
}

static const gg_project *project_of(const gg_elsewhere *e)
{
	return (const gg_project *)(const void *)e;
}

bool gg_elsewhere_is(const gg_elsewhere *e, gg_elsewhere_question q, const char *name, size_t len)
{
	const gg_project *p = project_of(e);
	if (!p)
		return false;
	switch (q) {
	case GG_ELSEWHERE_CLASS_TAKES_GRAD: return gg_project_class_takes_grad(p, name, len);
	case GG_ELSEWHERE_CLASS_TAKES_GRAD_TRAINING: return gg_project_class_takes_grad_training(p, name, len);
	case GG_ELSEWHERE_CLASS_PARAMLESS: return gg_project_class_paramless(p, name, len);
	case GG_ELSEWHERE_CLASS_WEIGHTLESS: return gg_project_class_weightless(p, name, len);
	case GG_ELSEWHERE_CLASS_SPELLED: return gg_project_class_spelled(p, name, len);
	case GG_ELSEWHERE_CLASS_IN_FRAMEWORK: return gg_project_class_in_framework(p, name, len);
	case GG_ELSEWHERE_CLASS_RUNS_MODULES:
		return gg_project_class_in_framework(p, name, len) || gg_project_holder_class(p, name, len);
	case GG_ELSEWHERE_MODULE_TAKES_GRAD: return gg_project_module_takes_grad(p, name, len);
	case GG_ELSEWHERE_FUNCTION_TAKES_GRAD: return gg_project_function_takes_grad(p, name, len);
	case GG_ELSEWHERE_DISABLES_GRAD: return gg_project_disables_grad(p, name, len);
	case GG_ELSEWHERE_NO_GRAD_FUNCTION: return gg_project_no_grad_function(p, name, len);
	case GG_ELSEWHERE_FROZEN_LOADER: return gg_project_frozen_loader(p, name, len);
	case GG_ELSEWHERE_FORWARD_METHOD: return gg_project_forward_method(p, name, len);
	case GG_ELSEWHERE_SUBMODULE: return gg_project_submodule(p, name, len);
	case GG_ELSEWHERE_OFF_METHOD: return gg_project_off_method(p, name, len);
	case GG_ELSEWHERE_PLAIN_METHOD: return gg_project_plain_method(p, name, len);
	case GG_ELSEWHERE_TRAIN_METHOD: return gg_project_train_method(p, name, len);
	case GG_ELSEWHERE_GRAD_METHOD: return gg_project_grad_method(p, name, len);
	case GG_ELSEWHERE_CALLED_ELSEWHERE: return gg_project_called_elsewhere(p, name, len);
	}
	return false;
}

bool gg_elsewhere_knows(const gg_elsewhere *e, gg_elsewhere_kind kind)
{
	const gg_project *p = project_of(e);
	if (!p)
		return false;
	switch (kind) {
	case GG_ELSEWHERE_WRAPPERS: return p->names.len > 0;
	case GG_ELSEWHERE_NO_GRAD_METHODS: return p->no_grad_methods > 0;
	case GG_ELSEWHERE_GUARDED_METHODS: return p->guarded_methods > 0;
	case GG_ELSEWHERE_EVAL_LOADERS: return p->eval_loaders.len > 0;
	case GG_ELSEWHERE_GRAD_FUNCTIONS: return p->grad_functions.len > 0;
	case GG_ELSEWHERE_PARAM_FORWARDERS: return p->param_forwarders.len > 0;
	case GG_ELSEWHERE_HOLDER_METHODS: return p->holder_methods.len > 0;
	case GG_ELSEWHERE_HOLDER_EVAL_METHODS: return p->holder_eval_methods.len > 0;
	case GG_ELSEWHERE_OUTSIDE_CALLS: return p->outside_calls.len > 0;
	case GG_ELSEWHERE_FROZEN_CLASSES: return p->frozen_classes.len > 0;
	case GG_ELSEWHERE_TRAIN_METHODS: return p->train_methods.len > 0;
	case GG_ELSEWHERE_FRAMEWORK_CLASSES: return p->framework_classes.len > 0;
	}
	return false;
}

bool gg_elsewhere_text_runs_modules(const gg_elsewhere *e, const char *text, size_t len)
{
	return e && gg_project_text_runs_modules(project_of(e), text, len);
}

int gg_elsewhere_class_kind(const gg_elsewhere *e, const char *dotted, size_t len)
{
	return e ? gg_project_class_kind(project_of(e), dotted, len) : 0;
}

bool gg_elsewhere_method(const gg_elsewhere *e, const char *dotted, size_t len, const char *method, size_t method_len,
			 gg_elsewhere_fact fact)
{
	return e && gg_project_method(project_of(e), dotted, len, method, method_len, fact);
}

int gg_elsewhere_accumulates(const gg_elsewhere *e, const char *dotted, size_t len, const char *method, size_t method_len)
{
	return e ? gg_project_accumulates(project_of(e), dotted, len, method, method_len) : -1;
}

bool gg_elsewhere_class_frozen(const gg_elsewhere *e, const char *dotted, size_t len, const char **param,
			       size_t *param_len, int *place)
{
	return e && gg_project_class_frozen(project_of(e), dotted, len, param, param_len, place);
}

uint32_t gg_elsewhere_forward_numbers(const gg_elsewhere *e, const char *dotted, size_t len)
{
	return e ? gg_project_forward_numbers(project_of(e), dotted, len) : 0;
}

bool gg_elsewhere_eval_loader(const gg_elsewhere *e, const char *dotted, size_t len, unsigned *part)
{
	return e && gg_project_eval_loader(project_of(e), dotted, len, part);
}

bool gg_elsewhere_makes_module(const gg_elsewhere *e, const char *dotted, size_t len, bool *loads)
{
	return e && gg_project_makes_module(project_of(e), dotted, len, loads);
}

bool gg_elsewhere_makes_module_first(const gg_elsewhere *e, const char *dotted, size_t len, bool *loads)
{
	return e && gg_project_makes_module_first(project_of(e), dotted, len, loads);
}

bool gg_elsewhere_hands_back(const gg_elsewhere *e, const char *dotted, size_t len, bool *loads)
{
	return e && gg_project_hands_back(project_of(e), dotted, len, loads);
}

gg_text_span gg_elsewhere_maker_class(const gg_elsewhere *e, const char *dotted, size_t len)
{
	return e ? gg_project_maker_class(project_of(e), dotted, len) : (gg_text_span){ NULL, 0 };
}

bool gg_elsewhere_param_forwarder(const gg_elsewhere *e, const char *dotted, size_t len, unsigned *place,
				  const char **param, size_t *param_len)
{
	return e && gg_project_param_forwarder(project_of(e), dotted, len, place, param, param_len);
}

bool gg_elsewhere_holder_method(const gg_elsewhere *e, const char *dotted, size_t len, const char *method,
				size_t method_len, bool eval)
{
	if (!e)
		return false;
	return eval ? gg_project_holder_eval_method(project_of(e), dotted, len, method, method_len)
		    : gg_project_holder_method(project_of(e), dotted, len, method, method_len);
}

bool gg_elsewhere_flag_method(const gg_elsewhere *e, const char *name, size_t len, const char **param,
			      size_t *param_len, unsigned *place, char *pol)
{
	return e && gg_project_flag_method(project_of(e), name, len, param, param_len, place, pol);
}

void gg_elsewhere_method_calls(const gg_elsewhere *e, const char *name, size_t n, bool takes_args, bool *off,
			       bool *other, bool *users, bool *trains, const char *module)
{
	if (e) {
		gg_project_method_calls(project_of(e), name, n, takes_args, off, other, users, trains, module);
		return;
	}
	*off = *other = false;
	if (users)
		*users = false;
	if (trains)
		*trains = false;
}

void gg_elsewhere_outside_calls(const gg_elsewhere *e, const char *name, size_t n, const char *module,
				size_t module_len, size_t *off, size_t *on, size_t *trains)
{
	if (e)
		gg_project_outside_calls(project_of(e), name, n, module, module_len, off, on, trains);
	else
		*off = *on = *trains = 0;
}

int gg_elsewhere_module_of(const char *path, gg_buf *out)
{
	return gg_project_module_of(path, out);
}
