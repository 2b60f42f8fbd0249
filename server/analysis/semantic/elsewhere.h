/*
 * What the semantic model may ask of the workspace's other files: the one
 * interface it is given (gg_source's elsewhere). The model never reads the
 * project index itself; the index answers these questions
 * (project_elsewhere.c), and a model built without it (a lone file, a
 * pasted traceback's frame) gets "nothing known" from each.
 *
 * Names are as the file's imports resolve them: dotted (module.Name, a
 * relative import's dots kept, matched by their dotted tails), or a bare
 * last name (a method's or an attribute's, of any class).
 */
#ifndef GG_SEMANTIC_ELSEWHERE_H
#define GG_SEMANTIC_ELSEWHERE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "grad_context.h"

/* Borrowed by the model for one build; owned by whoever built the index. */
typedef struct gg_elsewhere gg_elsewhere;

/* A yes-or-no question about one name (gg_elsewhere_is). */
typedef enum gg_elsewhere_question {
	/* A module class of the project whose forward takes gradients of its own output (name NULL: any such class). */
	GG_ELSEWHERE_CLASS_TAKES_GRAD,
	/* One of those whose forward takes them only in a branch run in training mode (`if self.training:`). */
	GG_ELSEWHERE_CLASS_TAKES_GRAD_TRAINING,
	/* A module class of the project that holds no parameters. */
	GG_ELSEWHERE_CLASS_PARAMLESS,
	/* A parameterless module class that runs nothing it holds, or holds nothing handed in: a fixed function. */
	GG_ELSEWHERE_CLASS_WEIGHTLESS,
	/*
	 * A class whose import runs torch's modules in the importing file: a
	 * module class whose file names a framework, or a plain class with a
	 * method that runs a module it holds (an agent holding its networks).
	 */
	GG_ELSEWHERE_CLASS_RUNS_MODULES,
	/* A class of the project whose module ends with the name's whole module, not a tail of it. */
	GG_ELSEWHERE_CLASS_SPELLED,
	/* A module class whose file names a checked framework. */
	GG_ELSEWHERE_CLASS_IN_FRAMEWORK,
	/* The module (exactly this dotted module) defines a class whose forward takes gradients of its own output. */
	GG_ELSEWHERE_MODULE_TAKES_GRAD,
	/* A function that takes a gradient or runs a backward in its body. */
	GG_ELSEWHERE_FUNCTION_TAKES_GRAD,
	/* A grad-disabling callable (a wrapper, a decorated function, a class whose __call__ runs with grad off). */
	GG_ELSEWHERE_DISABLES_GRAD,
	/* A top-level function decorated to run with grad off. */
	GG_ELSEWHERE_NO_GRAD_FUNCTION,
	/* A loader that hands back a module in eval mode and turns requires_grad off for it (records no graph). */
	GG_ELSEWHERE_FROZEN_LOADER,
	/* Last names: a forward-like method of some module class. */
	GG_ELSEWHERE_FORWARD_METHOD,
	/* Last names: some module class assigns self.<name> a module in its __init__. */
	GG_ELSEWHERE_SUBMODULE,
	/* Last names: some module class defines a method of that name that runs with grad off. */
	GG_ELSEWHERE_OFF_METHOD,
	/* Last names: some plain class defines a method of that name that records no graph. */
	GG_ELSEWHERE_PLAIN_METHOD,
	/* Last names: calling a method of that name trains. */
	GG_ELSEWHERE_TRAIN_METHOD,
	/* Last names: some class, plain ones too, defines a method of that name that runs a backward or takes a gradient. */
	GG_ELSEWHERE_GRAD_METHOD,
	/* Last names: some file imports a function of that name (of any module) and calls or hands it on. */
	GG_ELSEWHERE_CALLED_ELSEWHERE,
} gg_elsewhere_question;

/* Whether the workspace knows anything of a kind at all: asked before a costly resolution (gg_elsewhere_knows). */
typedef enum gg_elsewhere_kind {
	GG_ELSEWHERE_WRAPPERS,           /* grad-disabling callables */
	GG_ELSEWHERE_NO_GRAD_METHODS,    /* methods whose body runs with grad off */
	GG_ELSEWHERE_GUARDED_METHODS,    /* methods their class's file calls only with grad off */
	GG_ELSEWHERE_EVAL_LOADERS,       /* functions that hand back a module in eval mode */
	GG_ELSEWHERE_GRAD_FUNCTIONS,     /* functions that take a gradient */
	GG_ELSEWHERE_PARAM_FORWARDERS,   /* functions that run the module a parameter hands them */
	GG_ELSEWHERE_HOLDER_METHODS,     /* plain classes' methods that run the module they hold */
	GG_ELSEWHERE_HOLDER_EVAL_METHODS, /* those that put it in eval mode first */
	GG_ELSEWHERE_OUTSIDE_CALLS,      /* calls other files make of a module's functions */
	GG_ELSEWHERE_FROZEN_CLASSES,     /* module classes that freeze their own parameters */
	GG_ELSEWHERE_TRAIN_METHODS,      /* methods whose call trains */
	GG_ELSEWHERE_FRAMEWORK_CLASSES,  /* module classes whose file names a checked framework */
} gg_elsewhere_kind;

/* What gg_elsewhere_method asks of a method. */
typedef enum gg_elsewhere_fact {
	GG_ELSEWHERE_NO_GRAD, /* its body runs with grad off */
	GG_ELSEWHERE_GUARDED, /* its class's file calls it only with grad off: an override is called so too */
	GG_ELSEWHERE_DEFINES, /* the class (or a base) defines it: an override is the base's hook */
} gg_elsewhere_fact;

bool gg_elsewhere_is(const gg_elsewhere *e, gg_elsewhere_question q, const char *name, size_t len);
bool gg_elsewhere_knows(const gg_elsewhere *e, gg_elsewhere_kind kind);
/*
 * Whether text, a file of the project that never names a checked framework,
 * runs its modules all the same: it puts what it is handed in eval mode in a
 * project that defines module classes, or it defines a class that another
 * file's module builds with itself (`Evaluator(self)`).
 */
bool gg_elsewhere_text_runs_modules(const gg_elsewhere *e, const char *text, size_t len);

/* What the class dotted names is: 1 a module, -1 a plain class, 0 unknown (not the project's, or two disagree). */
int gg_elsewhere_class_kind(const gg_elsewhere *e, const char *dotted, size_t len);
/*
 * Whether method of the class dotted names has fact: the class itself or,
 * when it does not define the method, its bases, first base first. A class
 * or base nobody defines answers false.
 */
bool gg_elsewhere_method(const gg_elsewhere *e, const char *dotted, size_t len, const char *method, size_t method_len,
			 gg_elsewhere_fact fact);
/*
 * The place among a call's positional arguments (self not counted) of the
 * parameter that method of the class dotted names adds into its object
 * (`self.sum += val * n`), or -1.
 */
int gg_elsewhere_accumulates(const gg_elsewhere *e, const char *dotted, size_t len, const char *method, size_t method_len);
/*
 * Whether the module class dotted names freezes its own parameters in
 * __init__: always with *param NULL; with *param (borrowed, *param_len) and
 * *place when only unless the constructor is handed that parameter.
 */
bool gg_elsewhere_class_frozen(const gg_elsewhere *e, const char *dotted, size_t len, const char **param,
			       size_t *param_len, int *place);
/* The parts of what the module class dotted names returns from forward() that are plain Python numbers (bit i: part i). */
uint32_t gg_elsewhere_forward_numbers(const gg_elsewhere *e, const char *dotted, size_t len);

/* Whether the function dotted names hands back a module in eval mode; *part: its place in a returned tuple. */
bool gg_elsewhere_eval_loader(const gg_elsewhere *e, const char *dotted, size_t len, unsigned *part);
/* Whether the function dotted names hands back a module by its origin; *loads: state loaded into it on the way. */
bool gg_elsewhere_makes_module(const gg_elsewhere *e, const char *dotted, size_t len, bool *loads);
/* ... or whose every return is a tuple with such a module first (`return net, losses`). */
bool gg_elsewhere_makes_module_first(const gg_elsewhere *e, const char *dotted, size_t len, bool *loads);
/* Whether it hands its first argument back (moved, wrapped or not); *loads as above. */
bool gg_elsewhere_hands_back(const gg_elsewhere *e, const char *dotted, size_t len, bool *loads);
/* The one module class a factory's returns build, dotted as the index spells it (borrowed), or empty. */
gg_text_span gg_elsewhere_maker_class(const gg_elsewhere *e, const char *dotted, size_t len);
/*
 * Whether the function dotted names runs, with grad on, the module one of its
 * parameters hands it: *place among the positional ones, *param its name
 * (borrowed, *param_len).
 */
bool gg_elsewhere_param_forwarder(const gg_elsewhere *e, const char *dotted, size_t len, unsigned *place,
				  const char **param, size_t *param_len);
/* Whether method of the plain class dotted names runs the module it holds; with eval, puts it in eval mode first. */
bool gg_elsewhere_holder_method(const gg_elsewhere *e, const char *dotted, size_t len, const char *method,
				size_t method_len, bool eval);
/*
 * Whether every method named name that trains does so only under a test of
 * one parameter, the same in each: *param (borrowed, *param_len), *place, and
 * *pol ('+': trains where it is true).
 */
bool gg_elsewhere_flag_method(const gg_elsewhere *e, const char *name, size_t len, const char **param,
			      size_t *param_len, unsigned *place, char *pol);
/*
 * How the project's files call methods named name, with takes_args leaving
 * out the calls with no argument: *off whether some call runs with grad off,
 * *other whether some runs with it on or the name is handed on without a
 * call (module's own calls on self or its parts left out, when module is
 * given), *users (NULL: not asked) whether some call with grad on is on another
 * object than self in a file other than module's (NULL: any file), *trains
 * (NULL: not asked) whether some call, in a file other than module's, keeps
 * the result in a def that runs a backward after it.
 */
void gg_elsewhere_method_calls(const gg_elsewhere *e, const char *name, size_t n, bool takes_args, bool *off,
			       bool *other, bool *users, bool *trains, const char *module);
/*
 * Of the calls other files make of function name of module: how many run
 * with grad off, how many with it on, and of those how many sit in a function
 * that runs a backward (*trains: their result may be its loss).
 */
void gg_elsewhere_outside_calls(const gg_elsewhere *e, const char *name, size_t n, const char *module,
				size_t module_len, size_t *off, size_t *on, size_t *trains);
/*
 * The dotted module the workspace names a file by, from its path relative to
 * the project root: ./pkg/utils.py -> pkg.utils, pkg/__init__.py -> pkg. 0
 * or a negative errno.
 */
int gg_elsewhere_module_of(const char *path, gg_buf *out);

#endif
