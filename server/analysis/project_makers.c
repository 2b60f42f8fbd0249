/*
 * Which top-level functions of the project hand back a module by its origin
 * (SPEC §2: what a value is comes from the function that returned it;
 * project.h, module_makers). A factory whose every return builds a module
 * class of the project: directly (`return UNet(cfg)`), through a local it
 * binds (`net = None`, then `net = UNet()` in each branch, `return net`),
 * through a helper that hands its first argument back (`return
 * prepare(net, devices)` with `def prepare(net, ...): ...; return net`), or
 * through another such factory. A text scan of each file notes every
 * top-level function's returns; what they build is known once every file is
 * read and the classes sorted (gg_project_makers_settle).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "project.h"
#include "project_lines.h"
#include "semantic/model.h"

/*
 * What marks a body that loads state into what it hands back, on a line of
 * its own block: a trained module, not a fresh one. A load under a condition
 * (`if pretrained:`) leaves what comes back as it was built, by default.
 */
static const char *const load_words[] = {
	"load_state_dict(", "torch.load(", "load_checkpoint(", "from_pretrained(", NULL,
};

/* A function's body as the scan reads it: its text, the file's module and imports. */
typedef struct body {
	const char *start, *end;
	const char *module;
	const gg_project_imports *imports;
} body;

static const char *spaces_skip(const char *p, const char *end)
{
	while (p < end && *p == ' ')
		p++;
	return p;
}

static span trimmed(const char *s, const char *e)
{
	s = spaces_skip(s, e);
	while (e > s && e[-1] == ' ')
		e--;
	return (span){ s, (size_t)(e - s) };
}

/* Whether s is one identifier. */
static bool is_word(span s)
{
	return s.len && word_at(s.ptr, s.ptr + s.len) == s.len && !(*s.ptr >= '0' && *s.ptr <= '9');
}

/*
 * The call at v (up to end, a line's code): its callee, a dotted name, and
 * its first positional argument (empty where there is none, or a keyword or
 * splat comes first). *after: past its closing parenthesis, or end where the
 * call goes on over the next lines. False when v is no call of a name.
 */
static bool call_read(const char *v, const char *end, span *callee, span *first, const char **after)
{
	const char *p = v;
	while (p < end && (word_char(*p) || *p == '.'))
		p++;
	if (p == v || p >= end || *p != '(' || (*v >= '0' && *v <= '9') || p[-1] == '.')
		return false;
	*callee = (span){ v, (size_t)(p - v) };
	int depth = 1;
	const char *arg = p + 1, *arg_end = NULL;
	for (p++; p < end && depth > 0; p++) {
		if (*p == '(' || *p == '[' || *p == '{')
			depth++;
		else if (*p == ')' || *p == ']' || *p == '}')
			depth--;
		if (!arg_end && ((depth == 1 && *p == ',') || depth == 0))
			arg_end = p;
	}
	*first = trimmed(arg, arg_end ? arg_end : end);
	/* `net=x` or `*nets`: no positional argument first. */
	size_t w = word_at(first->ptr, first->ptr + first->len);
	const char *eq = spaces_skip(first->ptr + w, first->ptr + first->len);
	if ((first->len && *first->ptr == '*') ||
	    (w && eq < first->ptr + first->len && *eq == '=' && (eq + 1 == first->ptr + first->len || eq[1] != '=')))
		first->len = 0;
	*after = depth == 0 ? p : end;
	return true;
}

/* Whether [p, end) holds nothing but moves and modes of what came before (`.to(dev).eval()`) and a comment. */
static bool same_object_tail(const char *p, const char *end)
{
	for (;;) {
		p = spaces_skip(p, end);
		if (p == end || *p == '#')
			return true;
		if (*p != '.')
			return false;
		span callee, first;
		const char *after;
		size_t n = word_at(p + 1, end);
		if (!n || !sem_word_in(p + 1, n, sem_returns_self) || !call_read(p + 1, end, &callee, &first, &after))
			return false;
		p = after;
	}
}

/* The dotted name callee resolves to, through the file's imports, else as a name of the module (owned; NULL: -ENOMEM). */
static char *callee_dotted(const body *b, span callee)
{
	const char *dot = memchr(callee.ptr, '.', callee.len);
	size_t head = dot ? (size_t)(dot - callee.ptr) : callee.len;
	const gg_project_import *im = gg_project_import_of(b->imports, callee.ptr, head);
	if (im) {
		const char *m = im->module.ptr;
		size_t ml = im->module.len;
		while (ml && *m == '.') {
			m++;
			ml--;
		}
		return gg_strdup_printf("%.*s%s%.*s%.*s", (int)ml, m, ml ? "." : "", (int)im->name.len, im->name.ptr,
					(int)(callee.len - head), callee.ptr + head);
	}
	return dot ? strndup(callee.ptr, callee.len) : gg_strdup_printf("%s.%.*s", b->module, (int)callee.len, callee.ptr);
}

/*
 * Each line of b's code, nested definitions and text left out, to fn; stops
 * at fn's first nonzero answer and returns it.
 */
typedef int (*line_fn)(const line *l, void *ctx);

static int body_each(const body *b, line_fn fn, void *ctx)
{
	bool quoted = false;
	unsigned nested = UINT_MAX; /* the indentation of a nested def or class being skipped */
	for (const char *q = b->start; q < b->end;) {
		line l;
		q = line_read(q, b->end, &l);
		if (line_blank(&l) || line_is_text(&l, &quoted))
			continue;
		if (nested != UINT_MAX && l.indent > nested)
			continue;
		nested = UINT_MAX;
		if (line_starts(&l, "def ") || line_starts(&l, "async def ") || line_starts(&l, "class ") ||
		    line_starts(&l, "@")) {
			nested = l.indent;
			continue;
		}
		int rc = fn(&l, ctx);
		if (rc)
			return rc;
	}
	return 0;
}

/* The value l binds name to (`name = v`, `name: T = v`), or false. */
static bool line_binds(const line *l, span name, span *value)
{
	if ((size_t)(l->end - l->content) <= name.len || memcmp(l->content, name.ptr, name.len) != 0)
		return false;
	const char *p = l->content + name.len;
	if (word_char(*p))
		return false;
	p = spaces_skip(p, l->end);
	if (p < l->end && *p == ':') {
		p = memchr(p, '=', (size_t)(l->end - p));
		if (!p)
			return false;
	}
	if (p >= l->end || *p != '=' || (p + 1 < l->end && p[1] == '='))
		return false;
	const char *hash = memchr(p, '#', (size_t)(l->end - p));
	*value = trimmed(p + 1, hash ? hash : l->end);
	return true;
}

/*
 * Whether value keeps what name held (`net = net.to(dev)`, `net =
 * DataParallel(net, ids)`: the same module, moved or wrapped).
 */
static bool keeps(span value, span name)
{
	span callee, first;
	const char *after, *end = value.ptr + value.len;
	if (value.len > name.len && memcmp(value.ptr, name.ptr, name.len) == 0 && value.ptr[name.len] == '.')
		return same_object_tail(value.ptr + name.len, end);
	return call_read(value.ptr, end, &callee, &first, &after) && first.len == name.len &&
	       memcmp(first.ptr, name.ptr, name.len) == 0;
}

/* ---- the sources of a function's returns ---- */

typedef struct sources {
	const body *b;
	span param;    /* the first positional parameter (empty: none) */
	gg_buf out;    /* " src src ...", each `C` or `H>C` (dotted names) */
	bool unknown;  /* some return (or a local it returns) has no origin the scan can name */
	bool any;      /* some return was read */
	bool hands;    /* every return so far is the first parameter, moved or not */
	/* every return so far a tuple (`return net, losses`: its first element is read), or none is; both: unknown */
	bool tuples, plains;
	int rc;
} sources;

/* Where value's top-level comma is (`net, losses`, not `Net(a, b)` or `"a, b"`), or NULL: a tuple's first element ends there. */
static const char *top_comma(span value)
{
	int depth = 0;
	char quote = 0;
	for (const char *p = value.ptr, *end = value.ptr + value.len; p < end; p++) {
		if (quote) {
			if (*p == '\\')
				p++;
			else if (*p == quote)
				quote = 0;
		} else if (*p == '"' || *p == '\'') {
			quote = *p;
		} else if (*p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if (*p == ')' || *p == ']' || *p == '}') {
			depth--;
		} else if (*p == ',' && depth == 0) {
			return p;
		}
	}
	return NULL;
}

static void source_of(sources *s, span value, unsigned depth);

typedef struct local_scan {
	sources *s;
	span name;
	unsigned depth;
	bool any;
} local_scan;

static int local_line(const line *l, void *ctx)
{
	local_scan *ls = ctx;
	span value;
	if (!line_binds(l, ls->name, &value) || (value.len == 4 && memcmp(value.ptr, "None", 4) == 0) ||
	    keeps(value, ls->name))
		return 0;
	ls->any = true;
	source_of(ls->s, value, ls->depth + 1);
	return ls->s->unknown || ls->s->rc ? 1 : 0;
}

/*
 * What the call at value (its callee H, its first argument) adds: `H`, or
 * `H>C` for each C the argument may have been built by (a call of C, or a
 * local the body binds to calls only, one level down).
 */
static void source_of_call(sources *s, span callee, span first, unsigned depth)
{
	char *h = callee_dotted(s->b, callee);
	if (!h) {
		s->rc = -ENOMEM;
		return;
	}
	gg_buf inner = { NULL, 0, 0 }; /* " C C ...": what built the argument */
	span ic, ifirst;
	const char *iafter;
	if (first.len && call_read(first.ptr, first.ptr + first.len, &ic, &ifirst, &iafter)) {
		char *c = callee_dotted(s->b, ic);
		if (!c || gg_buf_printf(&inner, " %s", c))
			s->rc = -ENOMEM;
		free(c);
	} else if (is_word(first) && !span_eq(first, s->param)) {
		local_scan ls = { s, first, depth, false };
		gg_buf saved = s->out;
		bool unknown = s->unknown;
		s->out = (gg_buf){ NULL, 0, 0 };
		body_each(s->b, local_line, &ls);
		/* Plain calls only: a helper's own helper is not followed. */
		if (ls.any && !s->unknown && s->out.len && !memchr(s->out.data, '>', s->out.len))
			inner = s->out;
		else
			gg_buf_free(&s->out);
		s->out = saved;
		s->unknown = unknown;
	}
	int rc = 0;
	if (!inner.len)
		rc = gg_buf_printf(&s->out, " %s", h);
	for (const char *c = inner.data, *end = inner.data + inner.len; !rc && c && c < end;) {
		const char *stop = memchr(c + 1, ' ', (size_t)(end - c - 1));
		stop = stop ? stop : end;
		rc = gg_buf_printf(&s->out, " %s>%.*s", h, (int)(stop - c - 1), c + 1);
		c = stop;
	}
	if (rc)
		s->rc = rc;
	gg_buf_free(&inner);
	free(h);
}

static void source_of(sources *s, span value, unsigned depth)
{
	span callee, first;
	const char *after;
	if (depth > 2 || !value.len) {
		s->unknown = true;
		return;
	}
	/* A local name, moved or put in a mode (`net.eval()`): what every binding of it in the body builds. */
	size_t w = word_at(value.ptr, value.ptr + value.len);
	span name = { value.ptr, w };
	bool local = is_word(name) && same_object_tail(value.ptr + w, value.ptr + value.len);
	if (!local && call_read(value.ptr, value.ptr + value.len, &callee, &first, &after) &&
	    same_object_tail(after, value.ptr + value.len)) {
		source_of_call(s, callee, first, depth);
		return;
	}
	if (!local || span_eq(name, s->param)) {
		s->unknown = true;
		return;
	}
	local_scan ls = { s, name, depth, false };
	body_each(s->b, local_line, &ls);
	if (!ls.any)
		s->unknown = true;
}

static int return_line(const line *l, void *ctx)
{
	sources *s = ctx;
	span value;
	if (!(l->end - l->content >= 6 && memcmp(l->content, "return", 6) == 0 &&
	      (l->end - l->content == 6 || l->content[6] == ' ' || l->content[6] == '#'))) {
		/* The first parameter rebound to anything but itself moved or wrapped: not handed back as it came. */
		if (s->param.len && line_binds(l, s->param, &value) && !keeps(value, s->param))
			s->hands = false;
		return 0;
	}
	const char *hash = memchr(l->content, '#', (size_t)(l->end - l->content));
	value = trimmed(l->content + 6, hash ? hash : l->end);
	s->any = true;
	/* `return net, history`: what the first element is, for `net, history = fit(...)`; never what a plain name holds. */
	const char *comma = top_comma(value);
	if (comma) {
		value = trimmed(value.ptr, comma);
		s->tuples = true;
		s->hands = false;
	} else {
		s->plains = true;
	}
	if (s->tuples && s->plains)
		s->unknown = true;
	size_t w = word_at(value.ptr, value.ptr + value.len);
	if (!(s->param.len && w == s->param.len && memcmp(value.ptr, s->param.ptr, w) == 0 &&
	      same_object_tail(value.ptr + w, value.ptr + value.len)))
		s->hands = false;
	if (!s->unknown)
		source_of(s, value, 0);
	return s->rc ? 1 : 0;
}

/* Whether the body loads state unconditionally: a load on a line of its own block, not under an `if pretrained:`. */
typedef struct load_scan {
	unsigned indent; /* the body's own (its first line's) */
	bool loads;
} load_scan;

static int load_line(const line *l, void *ctx)
{
	load_scan *ls = ctx;
	if (ls->indent == UINT_MAX)
		ls->indent = l->indent;
	for (const char *const *w = load_words; *w && l->indent == ls->indent; w++)
		if (line_has(l, *w)) {
			ls->loads = true;
			return 1;
		}
	return 0;
}

int gg_project_makers_note(gg_project *p, const char *module, const char *name, size_t n, const char *param,
			   size_t param_len, const char *start, const char *end, const gg_project_imports *imports)
{
	if (!gg_text_contains(start, (size_t)(end - start), "return"))
		return 0;
	body b = { start, end, module, imports };
	sources s = { &b, { param ? param : "", param ? param_len : 0 }, { NULL, 0, 0 }, false, false, true, false, false, 0 };
	body_each(&b, return_line, &s);
	load_scan ls = { UINT_MAX, false };
	body_each(&b, load_line, &ls);
	bool loads = ls.loads;
	int rc = s.rc;
	char *entry = NULL;
	gg_strings *list = NULL;
	if (!rc && s.any && s.hands && s.param.len) {
		/* Settled at once: what it hands back is what it was handed. */
		list = &p->module_makers;
		entry = gg_strdup_printf("%.*s %s h%s", (int)n, name, module, loads ? "l" : "");
	} else if (!rc && s.any && !s.unknown && s.out.len) {
		/* The flag: `l` loads, `-` not; a tuple's first element, `t` loads, `_` not. */
		list = &p->pending_makers;
		entry = gg_strdup_printf("%.*s %s %c%.*s", (int)n, name, module, s.tuples ? (loads ? 't' : '_') : (loads ? 'l' : '-'),
					 (int)s.out.len, s.out.data);
	}
	if (list)
		rc = entry ? gg_strings_push(list, entry) : -ENOMEM;
	free(entry);
	gg_buf_free(&s.out);
	return rc;
}

/* ---- once every file is read ---- */

/* The kind letters of dotted's entry in module_makers (after "name module "), or NULL. */
static const char *maker_kind(const gg_project *p, const char *dotted, size_t len)
{
	const char *rest = gg_project_function_entry(p, &p->module_makers, dotted, len);
	return rest && *rest == ' ' ? rest + 1 : NULL;
}

bool gg_project_makes_module(const gg_project *p, const char *dotted, size_t len, bool *loads)
{
	const char *k = maker_kind(p, dotted, len);
	*loads = k && k[1] == 'l';
	return k && *k == 'm';
}

bool gg_project_makes_module_first(const gg_project *p, const char *dotted, size_t len, bool *loads)
{
	const char *k = maker_kind(p, dotted, len);
	*loads = k && k[1] == 'l';
	return k && *k == 't';
}

bool gg_project_hands_back(const gg_project *p, const char *dotted, size_t len, bool *loads)
{
	const char *k = maker_kind(p, dotted, len);
	*loads = k && k[1] == 'l';
	return k && *k == 'h';
}

/*
 * Whether dotted names a module class of the project or a factory settled as
 * one; *loads as the factory's, *cls the class it builds (dotted as its
 * entry spells it; empty where it is no one class).
 */
static bool builds_module(const gg_project *p, const char *dotted, size_t len, bool *loads, span *cls)
{
	*loads = false;
	*cls = (span){ NULL, 0 };
	if (gg_project_class_kind(p, dotted, len) > 0) {
		*cls = (span){ dotted, len };
		return true;
	}
	if (!gg_project_makes_module(p, dotted, len, loads))
		return false;
	gg_text_span t = gg_project_maker_class(p, dotted, len);
	*cls = (span){ t.ptr, t.len };
	return true;
}

/* A pending entry's sources ("name module L src..."): whether each builds a module; *loads where one loads, *cls their one class. */
static bool pending_builds(const gg_project *p, const char *e, bool *loads, span *cls)
{
	const char *sp = strchr(e, ' '), *flags = sp ? strchr(sp + 1, ' ') : NULL;
	if (!flags)
		return false;
	*loads = flags[1] == 'l' || flags[1] == 't';
	bool first = true;
	for (const char *src = flags + 2; *src == ' ';) {
		src++;
		const char *stop = strchr(src, ' ');
		size_t len = stop ? (size_t)(stop - src) : strlen(src);
		const char *arrow = memchr(src, '>', len);
		size_t h = arrow ? (size_t)(arrow - src) : len;
		bool l = false, hl = false;
		span one;
		/* H>C: H a factory, or a helper handing back what C built. */
		if (builds_module(p, src, h, &l, &one))
			*loads = *loads || l;
		else if (arrow && gg_project_hands_back(p, src, h, &hl) && builds_module(p, arrow + 1, len - h - 1, &l, &one))
			*loads = *loads || l || hl;
		else
			return false;
		/* H>C where H is a factory of its own: H's class, not C's. */
		if (first)
			*cls = one;
		else if (!span_eq(*cls, one))
			*cls = (span){ NULL, 0 };
		first = false;
		src += len;
	}
	return true;
}

/*
 * A pending maker whose every source builds a module: "name module m[l]
 * [class]", or `t[l]` where what it returns is a tuple whose first element
 * is that module.
 */
static int maker_settles(gg_project *p, const char *e, char **out)
{
	bool loads;
	span cls = { NULL, 0 };
	if (!pending_builds(p, e, &loads, &cls))
		return 0;
	const char *flags = strchr(strchr(e, ' ') + 1, ' ');
	bool tuple = flags[1] == 't' || flags[1] == '_';
	*out = gg_strdup_printf("%.*s %c%s%s%.*s", (int)(flags - e), e, tuple ? 't' : 'm', loads ? "l" : "", cls.len ? " " : "",
				(int)cls.len, cls.ptr ? cls.ptr : "");
	return *out ? 0 : -ENOMEM;
}

gg_text_span gg_project_maker_class(const gg_project *p, const char *dotted, size_t len)
{
	const char *k = maker_kind(p, dotted, len);
	const char *sp = k && *k == 'm' ? strchr(k, ' ') : NULL;
	return sp ? (gg_text_span){ sp + 1, strlen(sp + 1) } : (gg_text_span){ NULL, 0 };
}

int gg_project_makers_settle(gg_project *p)
{
	return gg_project_settle(p, &p->pending_makers, &p->module_makers, maker_settles);
}
