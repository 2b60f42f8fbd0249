#include "project.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "grad_context.h"

void gg_project_init(gg_project *p)
{
	gg_strings_init(&p->names);
}

void gg_project_free(gg_project *p)
{
	gg_strings_free(&p->names);
}

static bool name_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/*
 * Whether word occurs in text other than as the plain use `with torch.word(`
 * or `@torch.word` (any dotted prefix): a wrapper must return it, enter it
 * or name it some other way.
 */
static bool named_otherwise(const char *text, size_t len, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = text, *end = text + len; (size_t)(end - p) >= n;) {
		const char *hit = memmem(p, (size_t)(end - p), word, n);
		if (!hit)
			return false;
		p = hit + n;
		/* A word of its own (not _no_grad_uniform_), and not the plain uses. */
		if ((p < end && name_char(*p)) || (hit > text && name_char(hit[-1])))
			continue;
		const char *b = hit;
		while (b > text && (name_char(b[-1]) || b[-1] == '.'))
			b--;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		bool decorator = b > text && b[-1] == '@';
		bool with = b - text >= 4 && memcmp(b - 4, "with", 4) == 0 && (b - 4 == text || !name_char(b[-5]));
		if (!decorator && !with)
			return true;
	}
	return false;
}

bool gg_project_may_export(const char *text, size_t len)
{
	/*
	 * A context-manager class turns grad off in __enter__, however it spells
	 * it; a @contextmanager generator yields inside a plain `with no_grad():`.
	 */
	if ((gg_text_contains(text, len, "__enter__") || gg_text_contains(text, len, "contextmanager")) &&
	    (gg_text_contains(text, len, "set_grad_enabled") || gg_text_contains(text, len, "no_grad") ||
	     gg_text_contains(text, len, "inference_mode")))
		return true;
	return named_otherwise(text, len, "no_grad") || named_otherwise(text, len, "inference_mode");
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
	gg_buf dotted = { NULL, 0, 0 };
	int rc = gg_buf_append(&dotted, x->module, x->module_len);
	if (!rc && x->module_len)
		rc = gg_buf_append(&dotted, ".", 1);
	if (!rc)
		rc = gg_buf_append(&dotted, name, len);
	if (!rc)
		rc = gg_buf_append(&dotted, "", 1); /* the NUL */
	if (!rc)
		rc = gg_strings_push(&x->p->names, dotted.data);
	free(dotted.data);
	return rc;
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
	for (size_t i = 0; i < p->names.len; i++) {
		const char *name = p->names.items[i];
		size_t n = strlen(name);
		if (n && name[n - 1] == dotted[len - 1] && dotted_suffix(name, n, dotted, len))
			return true;
	}
	return false;
}
