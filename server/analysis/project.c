#include "project.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "pyfiles.h"
#include "grad_context.h"

/* Bases followed through the index: deeper hierarchies are cut (and answer false). */
#define MAX_PROJECT_CLASS_DEPTH 16

static bool name_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* Methods whose no_grad decoration the files that use the class ask about (models.c's forwards). */
static const char *const forward_like[] = {
	"forward", "__call__", "encode", "decode", "encode_image", "encode_text", NULL,
};

/* The column of the line that holds p: how far its first non-blank byte is from the line's start. */
static size_t indent_of(const char *text, const char *p, const char **line_start)
{
	const char *s = p;
	while (s > text && s[-1] != '\n' && s[-1] != '\r')
		s--;
	*line_start = s;
	const char *q = s;
	while (q < p && (*q == ' ' || *q == '\t'))
		q++;
	return (size_t)(q - s);
}

/*
 * The names a file defines with `def name(`, sorted: read once per file,
 * since every call in every guarded method body asks (a search of the whole
 * text per call made the pre-pass quadratic in the file).
 */
typedef struct def_names {
	gg_text_span *items; /* owned; into the file's text */
	size_t len, cap;
	bool read, failed; /* failed: out of memory, the text is asked instead */
} def_names;

static int span_cmp(const void *a, const void *b)
{
	return gg_text_span_cmp(*(const gg_text_span *)a, *(const gg_text_span *)b);
}

static int def_names_read(def_names *d, const char *text, size_t len)
{
	for (const char *p = text, *end = text + len; (size_t)(end - p) > 4;) {
		const char *hit = memmem(p, (size_t)(end - p), "def ", 4);
		if (!hit)
			break;
		const char *name = hit + 4, *ne = name;
		while (ne < end && name_char(*ne))
			ne++;
		p = ne > name ? ne : name;
		if (ne == name || ne == end || *ne != '(')
			continue;
		if (gg_grow((void **)&d->items, &d->cap, d->len, sizeof *d->items)) {
			free(d->items);
			*d = (def_names){ .failed = true };
			return -ENOMEM;
		}
		d->items[d->len++] = (gg_text_span){ name, (size_t)(ne - name) };
	}
	gg_sort(d->items, d->len, sizeof *d->items, span_cmp);
	d->read = true;
	return 0;
}

/* Whether text has `def name(`: from the names read once, or the text itself where they could not be. */
static bool defines(def_names *d, const char *text, size_t len, const char *name, size_t n)
{
	if (!d->read && !d->failed)
		def_names_read(d, text, len);
	if (d->read) {
		gg_text_span key = { name, n };
		return bsearch(&key, d->items, d->len, sizeof *d->items, span_cmp) != NULL;
	}
	for (const char *p = text, *end = text + len; (size_t)(end - p) > n;) {
		const char *hit = memmem(p, (size_t)(end - p), name, n);
		if (!hit)
			return false;
		p = hit + n;
		if (p < end && *p == '(' && hit - text >= 4 && memcmp(hit - 4, "def ", 4) == 0)
			return true;
	}
	return false;
}

/* Whether text spells `return self.<name>(` somewhere: another method of the file hands its work to this one. */
static bool self_call_spelled(const char *text, size_t len, const char *name, size_t n)
{
	for (const char *p = text, *end = text + len; (p = memmem(p, (size_t)(end - p), "return self.", 12)) != NULL;) {
		p += 12;
		if ((size_t)(end - p) > n && memcmp(p, name, n) == 0 && p[n] == '(')
			return true;
	}
	return false;
}

/*
 * Whether the indented plain use at `at` (its '@' or its `with`) can make an
 * export: a method so decorated that the using files ask about (a forward),
 * or a body, decorated or under the with, that calls `self.m(` with m a
 * function of the file (a guarded method). The body is the lines below
 * indented deeper than the use.
 */
static bool body_may_export(def_names *defs, const char *text, size_t len, const char *at, bool decorator)
{
	const char *end = text + len, *line;
	size_t indent = indent_of(text, at, &line);
	const char *p = memchr(at, '\n', (size_t)(end - at));
	bool in_def = !decorator;
	while (p && p < end) {
		const char *s = p + 1;
		const char *q = s;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		const char *eol = memchr(q, '\n', (size_t)(end - q));
		if (!eol)
			eol = end;
		bool blank = q == eol || *q == '#' || *q == '\r';
		size_t col = (size_t)(q - s);
		if (!blank && !in_def) {
			/* The decorated line: more decorators, then the def and its name. */
			if (col != indent)
				return false;
			if (*q == '@') {
				p = eol;
				continue;
			}
			if ((size_t)(eol - q) > 10 && memcmp(q, "async ", 6) == 0)
				q += 6;
			if ((size_t)(eol - q) < 5 || memcmp(q, "def ", 4) != 0)
				return false;
			const char *name = q + 4, *ne = name;
			while (ne < eol && name_char(*ne))
				ne++;
			for (const char *const *f = forward_like; *f; f++)
				if (strlen(*f) == (size_t)(ne - name) && memcmp(*f, name, (size_t)(ne - name)) == 0)
					return true;
			/* A method another one hands its work to (`return self.run_inference(x)` in forward). */
			if (self_call_spelled(text, len, name, (size_t)(ne - name)))
				return true;
			in_def = true;
		} else if (!blank && col <= indent) {
			return false;
		} else if (!blank) {
			for (const char *c = q; c + 5 < eol;) {
				const char *hit = memmem(c, (size_t)(eol - c), "self.", 5);
				if (!hit)
					break;
				const char *name = hit + 5, *ne = name;
				while (ne < eol && name_char(*ne))
					ne++;
				c = ne;
				if ((hit == q || !name_char(hit[-1])) && ne < eol && *ne == '(' && ne > name &&
				    defines(defs, text, len, name, (size_t)(ne - name)))
					return true;
			}
		}
		p = eol < end ? eol : NULL;
	}
	return false;
}

/*
 * Whether word occurs in text other than as the plain use `with torch.word(`
 * or `@torch.word` (any dotted prefix): a wrapper must return it, enter it
 * or name it some other way. With classes, an indented plain use counts too.
 */
/*
 * The nearest block header above the line at at, less indented than it
 * (its code, from the first non-blank character, and its length), or NULL
 * at the top level.
 */
static const char *header_above(const char *text, const char *at, size_t *n)
{
	const char *line;
	size_t indent = indent_of(text, at, &line);
	while (line > text) {
		const char *prev_end = line - 1, *prev = prev_end;
		while (prev > text && prev[-1] != '\n')
			prev--;
		const char *q = prev;
		while (q < prev_end && (*q == ' ' || *q == '\t'))
			q++;
		size_t col = (size_t)(q - prev);
		if (q < prev_end && *q != '#' && *q != '\r' && col < indent) {
			*n = (size_t)(prev_end - q);
			return q;
		}
		line = prev;
	}
	return NULL;
}

/* Whether the line at at lies in a `def forward(`: the nearest def above it, less indented. */
static bool in_forward(const char *text, const char *at)
{
	size_t n;
	for (const char *h = header_above(text, at, &n); h; h = header_above(text, h, &n))
		if (n >= 4 && memcmp(h, "def ", 4) == 0)
			return n >= 12 && memcmp(h, "def forward(", 12) == 0;
	return false;
}

/*
 * Whether the line at at lies in a def nested in another def: a decorator's
 * inner wrapper (`def wrapper(*a): with torch.no_grad(): return func(*a)`),
 * which the outer def returns.
 */
static bool in_nested_def(const char *text, const char *at)
{
	size_t n;
	const char *h = header_above(text, at, &n);
	while (h && !(n >= 4 && memcmp(h, "def ", 4) == 0))
		h = header_above(text, h, &n);
	if (!h)
		return false;
	h = header_above(text, h, &n);
	return h && n >= 4 && memcmp(h, "def ", 4) == 0;
}

static bool named_otherwise(def_names *defs, const char *text, size_t len, const char *word, bool classes)
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
		/*
		 * An indented plain use in a file with classes: a method decorated so
		 * (an export), or a with around a method's self.m(...) (a guarded one).
		 */
		const char *at = decorator ? b - 1 : b - 4;
		if (classes && at > text && (at[-1] == ' ' || at[-1] == '\t') && body_may_export(defs, text, len, at, decorator))
			return true;
		/* A with in a forward: a mode of it may run with grad off (`elif mode == "inference": with no_grad():`). */
		if (classes && with && in_forward(text, at))
			return true;
		/* A with in a decorator's inner wrapper: the decorator this file exports turns grad off. */
		if (with && in_nested_def(text, at))
			return true;
	}
	return false;
}

/* Whether text defines a class: `class ` at the start of a line, after indentation or not. */
static bool has_class(const char *text, size_t len)
{
	for (const char *p = text, *end = text + len; (size_t)(end - p) >= 6;) {
		const char *hit = memmem(p, (size_t)(end - p), "class ", 6);
		if (!hit)
			return false;
		p = hit + 6;
		const char *b = hit;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == text || b[-1] == '\n' || b[-1] == '\r')
			return true;
	}
	return false;
}

/* Whether a line starts with `@` and names word in its decorator: a top-level function decorated so. */
static bool top_level_decorator(const char *text, size_t len, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = text, *end = text + len; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		if (*p == '@' && (size_t)(eol - p) > n && memmem(p, (size_t)(eol - p), word, n))
			return true;
		p = eol + 1;
	}
	return false;
}

/*
 * Whether an indented line binds a forward-like name to another name,
 * `    decode = decode_function`: a class attribute that makes a method of a
 * function defined elsewhere (an export when that function runs with grad off).
 */
static bool forward_alias_line(const char *text, size_t len)
{
	for (const char *p = text, *end = text + len; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		const char *name = q;
		while (q < eol && name_char(*q))
			q++;
		size_t n = (size_t)(q - name);
		bool forward = false;
		for (const char *const *f = forward_like; *f && name > p && n; f++)
			forward = forward || (strlen(*f) == n && memcmp(*f, name, n) == 0);
		while (forward && q < eol && *q == ' ')
			q++;
		if (forward && q + 1 < eol && q[0] == '=' && q[1] != '=') {
			q++;
			while (q < eol && *q == ' ')
				q++;
			const char *value = q;
			while (q < eol && (name_char(*q) || *q == '.'))
				q++;
			while (q < eol && (*q == ' ' || *q == '\r'))
				q++;
			if (q > value && (q == eol || *q == '#'))
				return true;
		}
		p = eol + 1;
	}
	return false;
}

/* How gg_project_add_source reads a file for its exports. */
typedef enum export_read {
	EXPORTS_NONE,     /* it can export nothing */
	EXPORTS_NOW,      /* it may (gg_project_may_export) */
	EXPORTS_DEFERRED, /* only a top-level grad-disabled function: read once an alias or another file's call names it */
} export_read;

static export_read exports_of(const char *text, size_t len)
{
	bool no_grad = gg_text_contains(text, len, "no_grad"), inference = gg_text_contains(text, len, "inference_mode");
	/*
	 * A context-manager class turns grad off in __enter__, however it spells
	 * it; a @contextmanager generator yields inside a plain `with no_grad():`.
	 */
	if ((gg_text_contains(text, len, "__enter__") || gg_text_contains(text, len, "contextmanager")) &&
	    (gg_text_contains(text, len, "set_grad_enabled") || no_grad || inference))
		return EXPORTS_NOW;
	bool classes = has_class(text, len);
	if (classes && forward_alias_line(text, len))
		return EXPORTS_NOW;
	if (!no_grad && !inference)
		return EXPORTS_NONE;
	def_names defs = { 0 };
	bool named = (no_grad && named_otherwise(&defs, text, len, "no_grad", classes)) ||
		     (inference && named_otherwise(&defs, text, len, "inference_mode", classes));
	free(defs.items);
	if (named)
		return EXPORTS_NOW;
	/*
	 * Top-level functions decorated to run with grad off matter only where a
	 * class elsewhere makes one a method (GG_EXPORT_ALIAS) or another file
	 * calls one (what it returns has no history), and example scripts
	 * decorate their test() so by the hundred: read once one is named so.
	 */
	bool decorated = (no_grad && top_level_decorator(text, len, "no_grad")) ||
			 (inference && top_level_decorator(text, len, "inference_mode"));
	return decorated ? EXPORTS_DEFERRED : EXPORTS_NONE;
}

bool gg_project_may_export(const char *text, size_t len)
{
	return exports_of(text, len) == EXPORTS_NOW;
}

int gg_project_module_of(const char *path, gg_buf *out)
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

/* Where a file's GG_EXPORT_SUBCLASS goes. */
typedef enum export_keep {
	KEEP_FIRST, /* a file read for its other exports: to maybe, until a base of it is known */
	KEEP_ALL,   /* a file read for its subclasses: to the classes, as one that inherits */
} export_keep;

typedef struct export_ctx {
	gg_project *p;
	const char *module;
	size_t module_len;
	gg_project_class *cls; /* the class the members go to, or NULL */
	export_keep keep;
} export_ctx;

/* module.name (module empty: name), NUL-terminated into *out (owned by the caller). */
static int dotted_make(const export_ctx *x, const char *name, size_t len, char **out)
{
	gg_buf dotted = { NULL, 0, 0 };
	int rc = gg_buf_append(&dotted, x->module, x->module_len);
	if (!rc && x->module_len)
		rc = gg_buf_append(&dotted, ".", 1);
	if (!rc)
		rc = gg_buf_append(&dotted, name, len);
	if (!rc)
		rc = gg_buf_append(&dotted, "", 1); /* the NUL */
	if (rc) {
		free(dotted.data);
		return -ENOMEM;
	}
	*out = dotted.data;
	return 0;
}

static int member_push(gg_strings *s, const char *name, size_t len)
{
	char *copy = strndup(name, len);
	int rc = copy ? gg_strings_push(s, copy) : -ENOMEM;
	free(copy);
	return rc;
}

/* A new, empty class at the end of *arr, or NULL without memory. */
static gg_project_class *class_push(gg_project_class **arr, size_t *len, size_t *cap)
{
	if (gg_grow((void **)arr, cap, *len, sizeof **arr))
		return NULL;
	gg_project_class *k = &(*arr)[(*len)++];
	memset(k, 0, sizeof *k);
	gg_strings_init(&k->bases);
	gg_strings_init(&k->methods);
	gg_strings_init(&k->no_grad);
	gg_strings_init(&k->guarded);
	gg_strings_init(&k->aliases);
	gg_strings_init(&k->alias_targets);
	return k;
}

static int export_add(void *ctx, const gg_export *e)
{
	export_ctx *x = ctx;
	char *dotted = NULL;
	int rc = 0;
	switch (e->kind) {
	case GG_EXPORT_WRAPPER:
	case GG_EXPORT_NO_GRAD_FUNCTION:
		rc = dotted_make(x, e->name, e->name_len, &dotted);
		if (!rc)
			rc = gg_strings_push(e->kind == GG_EXPORT_WRAPPER ? &x->p->names : &x->p->no_grad_functions, dotted);
		break;
	case GG_EXPORT_ALIAS:
		if (!x->cls)
			return 0;
		rc = member_push(&x->cls->aliases, e->member, e->member_len);
		if (!rc)
			rc = member_push(&x->cls->alias_targets, e->target, e->target_len);
		/* Whether it runs with grad off is known once the target's file is read: counted as maybe. */
		if (!rc)
			x->p->no_grad_methods++;
		break;
	case GG_EXPORT_SUBCLASS:
	case GG_EXPORT_CLASS: {
		gg_project *p = x->p;
		bool maybe = e->kind == GG_EXPORT_SUBCLASS && x->keep == KEEP_FIRST;
		x->cls = maybe ? class_push(&p->maybe, &p->maybe_len, &p->maybe_cap)
			       : class_push(&p->classes, &p->classes_len, &p->classes_cap);
		if (!x->cls)
			return -ENOMEM;
		x->cls->inherits = x->keep == KEEP_ALL;
		rc = dotted_make(x, e->name, e->name_len, &x->cls->name);
		if (rc) {
			/* Not kept: nothing else of it was allocated. */
			if (maybe)
				p->maybe_len--;
			else
				p->classes_len--;
			x->cls = NULL;
		}
		return rc;
	}
	case GG_EXPORT_BASE_LOCAL:
		if (!x->cls)
			return 0;
		rc = dotted_make(x, e->member, e->member_len, &dotted);
		if (!rc)
			rc = gg_strings_push(&x->cls->bases, dotted);
		break;
	case GG_EXPORT_BASE:
	case GG_EXPORT_METHOD:
	case GG_EXPORT_NO_GRAD:
	case GG_EXPORT_GUARDED:
		if (!x->cls)
			return 0;
		rc = member_push(e->kind == GG_EXPORT_BASE	  ? &x->cls->bases
				 : e->kind == GG_EXPORT_METHOD  ? &x->cls->methods
				 : e->kind == GG_EXPORT_NO_GRAD ? &x->cls->no_grad
								: &x->cls->guarded,
				 e->member, e->member_len);
		if (!rc && e->kind == GG_EXPORT_NO_GRAD)
			x->p->no_grad_methods++;
		if (!rc && e->kind == GG_EXPORT_GUARDED)
			x->p->guarded_methods++;
		break;
	}
	free(dotted);
	return rc;
}

static int file_add(gg_project *p, gg_analyzer *a, const char *path, const char *text, size_t len, export_keep keep,
		    TSTree **tree)
{
	gg_buf module = { NULL, 0, 0 };
	int rc = gg_project_module_of(path, &module);
	if (rc) {
		free(module.data);
		return rc;
	}
	export_ctx x = { p, module.data ? module.data : "", module.len, NULL, keep };
	rc = gg_analyzer_exports(a, text, len, export_add, &x, tree);
	free(module.data);
	return rc;
}

int gg_project_add_file(gg_project *p, gg_analyzer *a, const char *path, const char *text, size_t len)
{
	return file_add(p, a, path, text, len, KEEP_FIRST, NULL);
}

/*
 * The last names of the bases of text's top-level classes (`class Fast(base.Runner,
 * Mixin):` gives "Runner Mixin "), appended to *out; none: nothing appended. A
 * keyword argument or a subscript is read as names too: a superset does no harm.
 */
static int base_words(const char *text, size_t len, gg_buf *out)
{
	for (const char *q = text, *end = text + len; (size_t)(end - q) >= 6;) {
		const char *hit = memmem(q, (size_t)(end - q), "class ", 6);
		if (!hit)
			return 0;
		q = hit + 6;
		if (hit != text && hit[-1] != '\n' && hit[-1] != '\r')
			continue;
		const char *b = q;
		while (b < end && *b != '(' && *b != ':' && *b != '\n')
			b++;
		if (b == end || *b != '(')
			continue;
		for (b++; b < end && *b != ')';) {
			const char *start = b;
			while (b < end && (name_char(*b) || *b == '.'))
				b++;
			if (b == start) {
				b++;
				continue;
			}
			const char *word = memrchr(start, '.', (size_t)(b - start));
			word = word ? word + 1 : start;
			if (word < b && (gg_buf_append(out, word, (size_t)(b - word)) || gg_buf_append(out, " ", 1)))
				return -ENOMEM;
		}
		q = b;
	}
	return 0;
}

/* Whether the file at path (text[0..len)) is test code, as gg_source_is_test_module says. */
static bool source_is_test(const char *path, const char *text, size_t len)
{
	gg_source src;
	memset(&src, 0, sizeof src);
	src.path = path;
	src.text = text;
	src.len = len;
	return gg_source_is_test_module(&src);
}

/*
 * A file read for nothing else whose top-level class has bases: one of them may
 * be a class of the index, from which it inherits (gg_project_add_deferred).
 * The file need not name torch. Kept: its path and the bases' last names.
 * Notebooks are left out: they are read again by path.
 */
static int subclass_file_note(gg_project *p, const char *path, const char *text, size_t len)
{
	size_t n = strlen(path);
	/* Tests derive from their fixtures' classes by the hundred, and nothing there is reported. */
	if (p->subclass_files_done || (n >= 6 && strcmp(path + n - 6, ".ipynb") == 0) || source_is_test(path, text, len))
		return 0;
	gg_buf words = { NULL, 0, 0 };
	int rc = base_words(text, len, &words);
	if (!rc && words.len) {
		rc = gg_buf_append(&words, "", 1); /* the NUL */
		if (!rc)
			rc = gg_strings_push(&p->subclass_bases, words.data);
		if (!rc && (rc = gg_strings_push(&p->subclass_files, path)) != 0)
			free(p->subclass_bases.items[--p->subclass_bases.len]); /* the two lists stay parallel */
	}
	gg_buf_free(&words);
	return rc;
}

int gg_project_add_source(gg_project *p, gg_analyzer *a, const char *path, const char *text, size_t len,
			  gg_strings *wanted, TSTree **tree)
{
	if (tree)
		*tree = NULL;
	int rc = 0;
	/* Every project file's classes, torch or not: a plain class imported from a helper file is no model. */
	if (!p->subclass_files_done) {
		gg_buf module = { NULL, 0, 0 };
		gg_project_imports imports = { NULL, 0, 0 }; /* read once, for the three scans */
		rc = gg_project_module_of(path, &module) || gg_buf_append(&module, "", 1) ? -ENOMEM : 0;
		if (!rc)
			rc = gg_project_imports_read(text, len, &imports);
		if (!rc)
			rc = gg_project_classes_scan(p, module.data, text, len, &imports, gg_analyzer_libraries(a));
		if (!rc)
			rc = gg_project_functions_scan(p, module.data, text, len, &imports);
		if (!rc)
			rc = gg_project_parts_scan(p, module.data, text, len, &imports);
		if (!rc)
			rc = gg_project_calls_scan(p, module.data, text, len, &imports, source_is_test(path, text, len));
		if (!rc)
			rc = gg_project_graph_scan(p, module.data, text, len, &imports);
		free(imports.items);
		gg_buf_free(&module);
	}
	if (rc)
		return rc;
	if (!gg_analysis_mentions_framework(text, len))
		return subclass_file_note(p, path, text, len);
	rc = wanted ? gg_project_imports_scan(wanted, text, len) : 0;
	if (rc)
		return rc;
	switch (exports_of(text, len)) {
	case EXPORTS_NOW:
		return file_add(p, a, path, text, len, KEEP_FIRST, tree);
	case EXPORTS_DEFERRED:
		return gg_strings_push(&p->deferred, path); /* gg_project_add_deferred */
	default:
		return subclass_file_note(p, path, text, len);
	}
}


/* A relative import's leading dots dropped: the index's names are matched by their dotted tails. */
static void dots_drop(const char **dotted, size_t *len)
{
	while (*len && **dotted == '.') {
		(*dotted)++;
		(*len)--;
	}
}

/*
 * Reads a file gg_project_add_source put off (path as given, below base when
 * base is not NULL) into the index. A file that cannot be read now is left to
 * its check to report: 0 then.
 */
static int deferred_read(gg_project *p, gg_analyzer *a, const char *base, const char *path, export_keep keep)
{
	char *joined = base ? gg_pyfiles_join(base, path) : NULL;
	if (base && !joined)
		return -ENOMEM;
	char *text = NULL;
	size_t len = 0;
	int rc = gg_pyfiles_read(joined ? joined : path, &text, &len);
	if (!rc)
		rc = file_add(p, a, path, text, len, keep, NULL);
	else if (rc != -ENOMEM)
		rc = 0;
	free(text);
	free(joined);
	return rc;
}

/* Whether module (dotted) is the module of an alias target of the index: target is module.name, as dotted_names matches. */
static bool alias_targets_module(const gg_project *p, const char *module, size_t n)
{
	for (size_t i = 0; i < p->classes_len; i++) {
		const gg_strings *t = &p->classes[i].alias_targets;
		for (size_t j = 0; j < t->len; j++) {
			const char *target = t->items[j];
			size_t len = strlen(target);
			dots_drop(&target, &len);
			const char *dot = memrchr(target, '.', len);
			if (dot && gg_project_dotted_suffix(module, n, target, (size_t)(dot - target)))
				return true;
		}
	}
	return false;
}

/* A class another may inherit something of grad from: its own methods, or one it inherits. */
static bool class_says_grad(const gg_project_class *k)
{
	return k->no_grad.len || k->guarded.len || k->aliases.len || k->inherits;
}

/* Whether a class of the index that says something of grad has the last name word. */
static bool base_indexed(const gg_project *p, const char *word, size_t n)
{
	for (size_t i = 0; n && i < p->classes_len; i++)
		if (class_says_grad(&p->classes[i]) && gg_project_dotted_suffix(p->classes[i].name, strlen(p->classes[i].name), word, n))
			return true;
	return false;
}

/* Whether one of words (base_words) is the last name of a class of the index that says something of grad. */
static bool derives_indexed(const gg_project *p, const char *words)
{
	for (const char *w = words; *w;) {
		const char *sp = strchr(w, ' ');
		size_t n = sp ? (size_t)(sp - w) : strlen(w);
		if (base_indexed(p, w, n))
			return true;
		w += n + (sp != NULL);
	}
	return false;
}

/* Moves the classes of maybe with a base that base_indexed knows into the classes. Returns 0 or -ENOMEM. */
static int maybe_promote(gg_project *p)
{
	for (size_t i = 0; i < p->maybe_len; i++) {
		gg_project_class *k = &p->maybe[i];
		bool wanted = false;
		for (size_t j = 0; k->name && j < k->bases.len && !wanted; j++) {
			const char *base = k->bases.items[j], *dot = strrchr(base, '.');
			const char *word = dot ? dot + 1 : base;
			wanted = base_indexed(p, word, strlen(word));
		}
		if (!wanted)
			continue;
		gg_project_class *to = class_push(&p->classes, &p->classes_len, &p->classes_cap);
		if (!to)
			return -ENOMEM;
		*to = *k; /* the strings move with it */
		to->inherits = true;
		memset(k, 0, sizeof *k); /* name NULL: moved; class_free of it frees nothing */
	}
	return 0;
}

/*
 * The classes that inherit from one of the index's, in rounds (a chain of
 * subclasses across files): those of the files already read, kept aside in
 * maybe, and those of the files subclass_file_note kept, read now. Only when
 * some class of the index says something of grad.
 */
static int subclasses_add(gg_project *p, gg_analyzer *a, const char *base)
{
	int rc = 0;
	gg_strings *files = &p->subclass_files;
	for (unsigned round = 0; round < MAX_PROJECT_CLASS_DEPTH && rc != -ENOMEM; round++) {
		if (!p->no_grad_methods && !p->guarded_methods)
			break;
		size_t before = p->classes_len;
		rc = maybe_promote(p);
		for (size_t i = 0; i < files->len && rc != -ENOMEM; i++) {
			if (!files->items[i] || !derives_indexed(p, p->subclass_bases.items[i]))
				continue;
			rc = deferred_read(p, a, base, files->items[i], KEEP_ALL);
			free(files->items[i]);
			files->items[i] = NULL; /* read: not again */
		}
		if (p->classes_len == before)
			break;
	}
	gg_strings_free(files);
	gg_strings_free(&p->subclass_bases);
	p->subclass_files_done = true;
	return rc == -ENOMEM ? rc : 0;
}

/*
 * Whether another file imports a function of module and calls it (an
 * outside_calls entry "name imported.module mode" whose module names it):
 * its grad-off functions are then asked of by name (`w = ramp(epoch)`).
 */
static bool outside_calls_module(const gg_project *p, const char *module, size_t n)
{
	for (size_t i = 0; i < p->outside_calls.len; i++) {
		const char *e = p->outside_calls.items[i], *m = strchr(e, ' '), *sp = m ? strrchr(m + 1, ' ') : NULL;
		if (!sp || sp[1] == '3')
			continue; /* named without a call */
		const char *im = m + 1;
		size_t im_len = (size_t)(sp - im);
		dots_drop(&im, &im_len);
		if (im_len && gg_project_module_names(module, n, im, im_len))
			return true;
	}
	return false;
}

int gg_project_add_deferred(gg_project *p, gg_analyzer *a, const char *base)
{
	int rc = 0;
	for (size_t i = 0; i < p->deferred.len && rc != -ENOMEM; i++) {
		gg_buf module = { NULL, 0, 0 };
		rc = gg_project_module_of(p->deferred.items[i], &module);
		bool wanted = !rc && module.len &&
			      (alias_targets_module(p, module.data, module.len) || outside_calls_module(p, module.data, module.len));
		gg_buf_free(&module);
		if (wanted)
			rc = deferred_read(p, a, base, p->deferred.items[i], KEEP_FIRST);
	}
	gg_strings_free(&p->deferred);
	if (rc != -ENOMEM)
		rc = gg_project_classes_sort(p);
	if (rc != -ENOMEM)
		rc = subclasses_add(p, a, base);
	return rc ? rc : gg_project_classes_index(p);
}

/* A dotted name's last name (all of it without a dot). */
static const char *last_name(const char *dotted, size_t n, size_t *len)
{
	const char *dot = memrchr(dotted, '.', n);
	const char *last = dot ? dot + 1 : dotted;
	*len = n - (size_t)(last - dotted);
	return last;
}

static int class_order_cmp(const void *pa, const void *pb, void *arg)
{
	const gg_project *p = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	size_t an, bn;
	const char *x = last_name(p->classes[a].name, strlen(p->classes[a].name), &an);
	const char *y = last_name(p->classes[b].name, strlen(p->classes[b].name), &bn);
	int r = memcmp(x, y, an < bn ? an : bn);
	if (r || an != bn)
		return r ? r : an < bn ? -1 : 1;
	return (a > b) - (a < b);
}

int gg_project_classes_index(gg_project *p)
{
	free(p->class_order);
	p->class_order = NULL;
	p->class_order_len = 0;
	if (!p->classes_len || p->classes_len > UINT32_MAX)
		return 0;
	p->class_order = malloc(p->classes_len * sizeof *p->class_order);
	if (!p->class_order)
		return -ENOMEM;
	for (size_t i = 0; i < p->classes_len; i++)
		p->class_order[i] = (uint32_t)i;
	qsort_r(p->class_order, p->classes_len, sizeof *p->class_order, class_order_cmp, p);
	p->class_order_len = p->classes_len;
	return 0;
}

/* Whether the shorter of a and b ends the longer one, at a dot. */
bool gg_project_dotted_suffix(const char *a, size_t an, const char *b, size_t bn)
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

bool gg_project_module_names(const char *module, size_t n, const char *dotted, size_t len)
{
	if (gg_project_dotted_suffix(module, n, dotted, len))
		return true;
	/* A package above it: a run of its names, from a name's start, with more names after. */
	for (size_t k = 0; len && k + len < n;) {
		if (memcmp(module + k, dotted, len) == 0 && module[k + len] == '.')
			return true;
		const char *dot = memchr(module + k, '.', n - k);
		if (!dot)
			break;
		k = (size_t)(dot - module) + 1;
	}
	return false;
}

/*
 * Whether name (a dotted name of the index) is what dotted names: the same
 * last name, in a module that dotted's module names (gg_project_module_names).
 * A bare name on either side is matched by the dotted tail alone.
 */
static bool dotted_names(const char *name, size_t n, const char *dotted, size_t len)
{
	if (!n || !len || name[n - 1] != dotted[len - 1]) /* a cheap first test: the names are many, matches few */
		return false;
	const char *own = memrchr(name, '.', n), *dot = memrchr(dotted, '.', len);
	if (!own || !dot)
		return gg_project_dotted_suffix(name, n, dotted, len);
	size_t last = len - (size_t)(dot - dotted) - 1;
	if (n - (size_t)(own - name) - 1 != last || memcmp(own + 1, dot + 1, last) != 0)
		return false;
	return gg_project_module_names(name, (size_t)(own - name), dotted, (size_t)(dot - dotted));
}

/* Whether one of names is what dotted (leading dots of a relative import dropped) names (dotted_names). */
static bool names_name(const gg_strings *names, const char *dotted, size_t len)
{
	dots_drop(&dotted, &len);
	/* A module and a name at least: a bare name is the file's own business. */
	if (!memchr(dotted, '.', len))
		return false;
	for (size_t i = 0; i < names->len; i++)
		if (dotted_names(names->items[i], strlen(names->items[i]), dotted, len))
			return true;
	return false;
}

int gg_project_rename(gg_project *p, const char *module, const char *name, const char *module_to, const char *name_to)
{
	char *from = gg_strdup_printf("%s.%s", module, name), *to = gg_strdup_printf("%s.%s", module_to, name_to);
	int rc = from && to ? gg_strings_push(&p->renamed, from) : -ENOMEM;
	if (!rc && (rc = gg_strings_push(&p->renamed_to, to)))
		p->renamed.len--; /* kept parallel */
	free(from);
	free(to);
	return rc;
}

/*
 * What dotted means after a rename (renamed, renamed_to), or NULL: one step,
 * as a package re-exports a name it imported; a chain of renames is not
 * followed.
 */
static const char *renamed_to(const gg_project *p, const char *dotted, size_t len)
{
	dots_drop(&dotted, &len);
	for (size_t i = 0; i < p->renamed.len; i++)
		if (dotted_names(p->renamed.items[i], strlen(p->renamed.items[i]), dotted, len))
			return p->renamed_to.items[i];
	return NULL;
}

/* names_name, or after a rename. */
static bool project_names(const gg_project *p, const gg_strings *names, const char *dotted, size_t len)
{
	if (names_name(names, dotted, len))
		return true;
	const char *to = renamed_to(p, dotted, len);
	return to && names_name(names, to, strlen(to));
}

bool gg_project_disables_grad(const gg_project *p, const char *dotted, size_t len)
{
	return p && project_names(p, &p->names, dotted, len);
}

bool gg_project_no_grad_function(const gg_project *p, const char *dotted, size_t len)
{
	return p && project_names(p, &p->no_grad_functions, dotted, len);
}

/* Whether name is one of s. */
static bool strings_has(const gg_strings *s, const char *name, size_t len)
{
	for (size_t i = 0; i < s->len; i++)
		if (strlen(s->items[i]) == len && memcmp(s->items[i], name, len) == 0)
			return true;
	return false;
}

/* The class a dotted name (leading dots of a relative import dropped) names (dotted_names), or NULL. */
static const gg_project_class *class_named(const gg_project *p, const char *dotted, size_t len)
{
	dots_drop(&dotted, &len);
	/* A module and a name at least: a bare name is the file's own business. */
	if (!len || !memchr(dotted, '.', len))
		return NULL;
	/*
	 * Both matches need the same last name: with the index, only the
	 * classes of that name are asked, in the order of the scans below.
	 */
	if (p->class_order_len && p->class_order_len == p->classes_len) {
		size_t want_len, lo = 0, hi = p->class_order_len;
		const char *want = last_name(dotted, len, &want_len);
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2, n;
			const char *name = p->classes[p->class_order[mid]].name;
			const char *x = last_name(name, strlen(name), &n);
			int r = memcmp(x, want, n < want_len ? n : want_len);
			if (r < 0 || (r == 0 && n < want_len))
				lo = mid + 1;
			else
				hi = mid;
		}
		size_t end = lo;
		for (size_t n; end < p->class_order_len; end++) {
			const char *name = p->classes[p->class_order[end]].name;
			const char *x = last_name(name, strlen(name), &n);
			if (n != want_len || memcmp(x, want, n) != 0)
				break;
		}
		for (size_t k = lo; k < end; k++) {
			const char *name = p->classes[p->class_order[k]].name;
			if (gg_project_dotted_suffix(name, strlen(name), dotted, len))
				return &p->classes[p->class_order[k]];
		}
		for (size_t k = lo; k < end; k++) {
			const char *name = p->classes[p->class_order[k]].name;
			if (dotted_names(name, strlen(name), dotted, len))
				return &p->classes[p->class_order[k]];
		}
		return NULL;
	}
	/* An exact match first: a re-export must not hide the class that is named. */
	for (size_t i = 0; i < p->classes_len; i++) {
		const char *name = p->classes[i].name;
		size_t n = strlen(name);
		if (n && name[n - 1] == dotted[len - 1] && gg_project_dotted_suffix(name, n, dotted, len))
			return &p->classes[i];
	}
	for (size_t i = 0; i < p->classes_len; i++)
		if (dotted_names(p->classes[i].name, strlen(p->classes[i].name), dotted, len))
			return &p->classes[i];
	return NULL;
}

/* class_named, or after a rename. */
static const gg_project_class *class_find(const gg_project *p, const char *dotted, size_t len)
{
	const gg_project_class *k = class_named(p, dotted, len);
	const char *to = k ? NULL : renamed_to(p, dotted, len);
	return to ? class_named(p, to, strlen(to)) : k;
}

static bool method_has(const gg_project *p, const char *cls, size_t len, const char *method, size_t method_len,
		       gg_elsewhere_fact fact, unsigned depth)
{
	const gg_project_class *k = class_find(p, cls, len);
	if (!k || depth > MAX_PROJECT_CLASS_DEPTH)
		return false;
	/* The first class that defines the method decides, as Python's lookup does for a simple hierarchy. */
	if (strings_has(&k->methods, method, method_len))
		return fact == GG_ELSEWHERE_DEFINES ||
		       strings_has(fact == GG_ELSEWHERE_NO_GRAD ? &k->no_grad : &k->guarded, method, method_len);
	for (size_t i = 0; i < k->aliases.len; i++)
		if (strlen(k->aliases.items[i]) == method_len && memcmp(k->aliases.items[i], method, method_len) == 0)
			return fact == GG_ELSEWHERE_DEFINES ||
			       (fact == GG_ELSEWHERE_NO_GRAD && project_names(p, &p->no_grad_functions, k->alias_targets.items[i],
									    strlen(k->alias_targets.items[i])));
	for (size_t i = 0; i < k->bases.len; i++)
		if (method_has(p, k->bases.items[i], strlen(k->bases.items[i]), method, method_len, fact, depth + 1))
			return true;
	return false;
}

int gg_project_accumulates(const gg_project *p, const char *cls, size_t len, const char *method, size_t method_len)
{
	if (!p || !p->accumulators.len)
		return -1;
	dots_drop(&cls, &len);
	for (size_t i = 0; i < p->accumulators.len; i++) {
		const char *e = p->accumulators.items[i], *sp = strchr(e, ' '), *sp2 = sp ? strchr(sp + 1, ' ') : NULL;
		if (sp2 && (size_t)(sp2 - sp - 1) == method_len && memcmp(sp + 1, method, method_len) == 0 &&
		    dotted_names(e, (size_t)(sp - e), cls, len))
			return atoi(sp2 + 1);
	}
	return -1;
}

bool gg_project_method(const gg_project *p, const char *cls, size_t len, const char *method, size_t method_len,
		       gg_elsewhere_fact fact)
{
	if (!p || (fact == GG_ELSEWHERE_NO_GRAD && !p->no_grad_methods) || (fact == GG_ELSEWHERE_GUARDED && !p->guarded_methods))
		return false;
	return method_has(p, cls, len, method, method_len, fact, 0);
}
