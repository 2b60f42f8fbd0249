#include "project.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "grad_context.h"
#include "rules.h"

void gg_project_init(gg_project *p)
{
	memset(p, 0, sizeof *p);
}

void gg_project_free(gg_project *p)
{
	for (size_t i = 0; i < p->len; i++)
		free(p->names[i]);
	free(p->names);
	gg_project_init(p);
}

bool gg_project_may_export(const char *text, size_t len)
{
	return gg_text_contains(text, len, "no_grad") || gg_text_contains(text, len, "inference_mode") ||
	       gg_text_contains(text, len, "set_grad_enabled");
}

/* The dotted module name of a path: ./pkg/utils.py -> pkg.utils, pkg/__init__.py -> pkg. */
static int module_of(const char *path, gg_buf *out)
{
	while (path[0] == '.' && (path[1] == '/' || path[1] == '\\'))
		path += 2;
	while (*path == '/' || *path == '\\')
		path++;
	size_t n = strlen(path);
	if (n >= 3 && strcmp(path + n - 3, ".py") == 0)
		n -= 3;
	if (n >= 9 && strncmp(path + n - 9, "/__init__", 9) == 0)
		n -= 9;
	for (size_t i = 0; i < n; i++) {
		char ch = path[i] == '/' || path[i] == '\\' ? '.' : path[i];
		if (gg_buf_append(out, &ch, 1))
			return -ENOMEM;
	}
	return 0;
}

typedef struct export_ctx {
	gg_project *p;
	const char *module;
	size_t module_len;
} export_ctx;

static int export_add(void *ctx, const char *name, size_t len)
{
	export_ctx *x = ctx;
	gg_project *p = x->p;
	if (p->len == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 16;
		char **names = realloc(p->names, cap * sizeof *names);
		if (!names)
			return -ENOMEM;
		p->names = names;
		p->cap = cap;
	}
	size_t n = x->module_len + (x->module_len ? 1 : 0) + len;
	char *s = malloc(n + 1);
	if (!s)
		return -ENOMEM;
	memcpy(s, x->module, x->module_len);
	size_t at = x->module_len;
	if (x->module_len)
		s[at++] = '.';
	memcpy(s + at, name, len);
	s[n] = '\0';
	p->names[p->len++] = s;
	return 0;
}

int gg_project_add_file(gg_project *p, gg_analyzer *a, const char *path, const char *text, size_t len)
{
	gg_buf module = { NULL, 0, 0 };
	int rc = module_of(path, &module);
	if (rc) {
		free(module.data);
		return rc;
	}
	export_ctx x = { p, module.data ? module.data : "", module.len };
	rc = gg_analyzer_exports(a, text, len, export_add, &x);
	free(module.data);
	return rc;
}

/* Whether the shorter of a and b ends the longer one, at a dot. */
static bool dotted_suffix(const char *a, size_t an, const char *b, size_t bn)
{
	if (an > bn) {
		const char *t = a;
		a = b;
		b = t;
		size_t tn = an;
		an = bn;
		bn = tn;
	}
	return an && memcmp(b + bn - an, a, an) == 0 && (an == bn || b[bn - an - 1] == '.');
}

bool gg_project_disables_grad(const gg_project *p, const char *dotted, size_t len)
{
	while (len && *dotted == '.') {
		dotted++;
		len--;
	}
	/* A module and a name at least: a bare name is the file's own business. */
	if (!p || !memchr(dotted, '.', len))
		return false;
	/* The names are few (a project's wrappers); a scan with a cheap last-byte test does. */
	for (size_t i = 0; i < p->len; i++) {
		size_t n = strlen(p->names[i]);
		if (n && p->names[i][n - 1] == dotted[len - 1] && dotted_suffix(p->names[i], n, dotted, len))
			return true;
	}
	return false;
}
