#ifndef GG_LIBRARY_FACTS_H
#define GG_LIBRARY_FACTS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * What well-known libraries' callables do to autograd, read from the table
 * queries/libraries.txt (compiled into the binary): a diffusers pipeline runs
 * its __call__ under no_grad, transformers' generate() too. The rules ask it
 * where the user's environment cannot be read.
 */
typedef enum gg_library_fact_kind {
	GG_LIBRARY_NO_GRAD,      /* no-grad-call / no-grad-method */
	GG_LIBRARY_PLAIN_OBJECT, /* plain-object: no torch module */
	GG_LIBRARY_MODULE,       /* module: a torch module with parameters */
	GG_LIBRARY_TAKES_GRAD,   /* takes-grad: a function that differentiates what it is handed */
	GG_LIBRARY_PARAMLESS,    /* parameterless: a torch module that holds no parameter */
} gg_library_fact_kind;

typedef struct gg_library_fact {
	gg_library_fact_kind kind;
	char *pattern; /* owned: fnmatch(3) over a resolved dotted name */
	size_t literal; /* how many of its first bytes are plain text: a name must start with them */
	char *method;  /* owned: the method that runs without grad, or NULL for __call__ */
} gg_library_fact;

typedef struct gg_library_facts {
	gg_library_fact *items; /* owned */
	size_t len;
	size_t takes_grad; /* how many takes-grad facts: none, and no call need be asked */
} gg_library_facts;

/* Parses the built-in table. Returns 0, -ENOMEM, or -EINVAL for a malformed line. */
int gg_library_facts_init(gg_library_facts *f);
void gg_library_facts_free(gg_library_facts *f);

/*
 * Whether calling METHOD (NULL: calling the object itself) of an object that
 * the callable `factory` (a resolved dotted name, length len) built or loaded
 * runs without grad.
 */
bool gg_library_facts_no_grad(const gg_library_facts *f, const char *factory, size_t len, const char *method,
			      size_t method_len);

/* Whether what the callable `factory` (a resolved dotted name) builds or loads is no torch module. */
bool gg_library_facts_plain(const gg_library_facts *f, const char *factory, size_t len);

/* Whether what the callable `factory` (a resolved dotted name) builds or loads is a torch module with parameters. */
bool gg_library_facts_module(const gg_library_facts *f, const char *factory, size_t len);

/* Whether what the callable `factory` (a resolved dotted name) builds is a torch module that holds no parameter. */
bool gg_library_facts_parameterless(const gg_library_facts *f, const char *factory, size_t len);

/*
 * Whether calling the callable `name` (a resolved dotted name) takes the
 * gradient of what it is handed (torch.autograd.grad inside: a
 * meta-learning library's inner-loop update): a backward at the call.
 */
bool gg_library_facts_takes_grad(const gg_library_facts *f, const char *name, size_t len);

/* Whether method of what the callable `factory` builds takes gradients (an explainer's attributions): a backward at the call. */
bool gg_library_facts_takes_grad_method(const gg_library_facts *f, const char *factory, size_t len, const char *method,
					size_t method_len);

/* Whether some method fact could concern what `factory` makes (worth remembering the name it is bound to). */
bool gg_library_facts_has_methods(const gg_library_facts *f, const char *factory, size_t len);

#endif
