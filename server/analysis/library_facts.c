#include "library_facts.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"

extern const char gg_query_libraries[];
extern const unsigned gg_query_libraries_len;

/* The next blank-separated word of [*p, end) into *w, *n; false at the end of the line. */
static bool word_next(const char **p, const char *end, const char **w, size_t *n)
{
	while (*p < end && (**p == ' ' || **p == '\t'))
		(*p)++;
	if (*p == end || **p == '#')
		return false;
	*w = *p;
	while (*p < end && **p != ' ' && **p != '\t')
		(*p)++;
	*n = (size_t)(*p - *w);
	return true;
}

static int line_parse(gg_library_facts *f, const char *p, const char *end)
{
	const char *kind, *pattern, *method = NULL, *extra;
	size_t kind_n, pattern_n, method_n = 0, extra_n;
	if (!word_next(&p, end, &kind, &kind_n))
		return 0; /* blank or comment */
	bool call = kind_n == 12 && memcmp(kind, "no-grad-call", 12) == 0;
	bool meth = kind_n == 14 && memcmp(kind, "no-grad-method", 14) == 0;
	bool plain = kind_n == 12 && memcmp(kind, "plain-object", 12) == 0;
	bool module = kind_n == 6 && memcmp(kind, "module", 6) == 0;
	bool grad = kind_n == 10 && memcmp(kind, "takes-grad", 10) == 0;
	bool paramless = kind_n == 13 && memcmp(kind, "parameterless", 13) == 0;
	if ((!call && !meth && !plain && !module && !grad && !paramless) || !word_next(&p, end, &pattern, &pattern_n))
		return -EINVAL;
	if (meth && !word_next(&p, end, &method, &method_n))
		return -EINVAL;
	/* takes-grad PATTERN METHOD: the method of what PATTERN builds differentiates. */
	if (grad)
		word_next(&p, end, &method, &method_n);
	if (word_next(&p, end, &extra, &extra_n))
		return -EINVAL;
	gg_library_fact *items = realloc(f->items, (f->len + 1) * sizeof *items);
	if (!items)
		return -ENOMEM;
	f->items = items;
	gg_library_fact *fact = &items[f->len];
	fact->kind = plain    ? GG_LIBRARY_PLAIN_OBJECT
		     : module ? GG_LIBRARY_MODULE
		     : grad   ? GG_LIBRARY_TAKES_GRAD
		     : paramless ? GG_LIBRARY_PARAMLESS
			      : GG_LIBRARY_NO_GRAD;
	fact->pattern = gg_memdup_str(pattern, pattern_n);
	fact->literal = strcspn(fact->pattern ? fact->pattern : "", "*?[\\");
	fact->method = method ? gg_memdup_str(method, method_n) : NULL;
	if (!fact->pattern || (method && !fact->method)) {
		free(fact->pattern);
		free(fact->method);
		return -ENOMEM;
	}
	f->len++;
	f->takes_grad += grad;
	return 0;
}

int gg_library_facts_init(gg_library_facts *f)
{
	f->items = NULL;
	f->len = 0;
	f->takes_grad = 0;
	const char *p = gg_query_libraries, *end = p + gg_query_libraries_len;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		int rc = line_parse(f, p, eol);
		if (rc) {
			gg_library_facts_free(f);
			return rc;
		}
		p = eol + 1;
	}
	return 0;
}

void gg_library_facts_free(gg_library_facts *f)
{
	for (size_t i = 0; i < f->len; i++) {
		free(f->items[i].pattern);
		free(f->items[i].method);
	}
	free(f->items);
	f->items = NULL;
	f->len = f->takes_grad = 0;
}

/* Whether name can match fact's pattern at all: it starts with the pattern's plain text. */
static bool prefix_fits(const gg_library_fact *fact, const char *name, size_t len)
{
	return fact->literal <= len && memcmp(fact->pattern, name, fact->literal) == 0;
}

/* facts_match's kind for any fact on a method, whatever its kind and method. */
#define ANY_METHOD_FACT (-1)

/*
 * Whether a fact of kind (or ANY_METHOD_FACT) on method (NULL: on the
 * callable itself) matches factory with its whole pattern.
 */
static bool facts_match(const gg_library_facts *f, int kind, const char *factory, size_t len, const char *method,
			size_t method_len)
{
	/* Called for every resolved assignment of a file: no allocation for the usual short name. */
	char small[256], *name = NULL;
	bool found = false;
	for (size_t i = 0; i < f->len && !found; i++) {
		const gg_library_fact *fact = &f->items[i];
		bool wanted = kind == ANY_METHOD_FACT ? fact->method != NULL
						      : (int)fact->kind == kind && !fact->method == !method;
		if (!wanted || !prefix_fits(fact, factory, len))
			continue;
		if (method && (strlen(fact->method) != method_len || memcmp(fact->method, method, method_len) != 0))
			continue;
		if (!name) {
			name = len < sizeof small ? small : malloc(len + 1);
			if (!name)
				return false; /* out of memory: no fact, so the finding stands */
			memcpy(name, factory, len);
			name[len] = '\0';
		}
		found = fnmatch(fact->pattern, name, 0) == 0;
	}
	if (name != small)
		free(name);
	return found;
}

bool gg_library_facts_has_methods(const gg_library_facts *f, const char *factory, size_t len)
{
	/*
	 * The whole pattern, not its literal prefix: a loader named with its
	 * argument ("sentence_transformers.SentenceTransformer(all-MiniLM)")
	 * is no match for a fact on the bare name, which the caller tries next.
	 */
	return facts_match(f, ANY_METHOD_FACT, factory, len, NULL, 0);
}

bool gg_library_facts_no_grad(const gg_library_facts *f, const char *factory, size_t len, const char *method,
			      size_t method_len)
{
	return facts_match(f, GG_LIBRARY_NO_GRAD, factory, len, method, method_len);
}

bool gg_library_facts_plain(const gg_library_facts *f, const char *factory, size_t len)
{
	return facts_match(f, GG_LIBRARY_PLAIN_OBJECT, factory, len, NULL, 0);
}

bool gg_library_facts_module(const gg_library_facts *f, const char *factory, size_t len)
{
	return facts_match(f, GG_LIBRARY_MODULE, factory, len, NULL, 0);
}

bool gg_library_facts_parameterless(const gg_library_facts *f, const char *factory, size_t len)
{
	return facts_match(f, GG_LIBRARY_PARAMLESS, factory, len, NULL, 0);
}

bool gg_library_facts_takes_grad(const gg_library_facts *f, const char *name, size_t len)
{
	return f->takes_grad && facts_match(f, GG_LIBRARY_TAKES_GRAD, name, len, NULL, 0);
}

bool gg_library_facts_takes_grad_method(const gg_library_facts *f, const char *factory, size_t len, const char *method,
					size_t method_len)
{
	return f->takes_grad && facts_match(f, GG_LIBRARY_TAKES_GRAD, factory, len, method, method_len);
}
