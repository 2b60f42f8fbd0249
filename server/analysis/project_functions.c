/*
 * What a text scan of each file tells of the project's top-level functions
 * (project.h): those that run a module they are handed, `def mean_loss(loader,
 * net): ... net(x) ...`, with grad as the caller left it. A file that imports
 * one and calls it on an evaluation model runs that model's forward through
 * it (SPEC §2: a forward is what runs a module, in this file or through a
 * helper of the project), so the call is judged as the forward would be.
 *
 * And those that hand back a module in eval mode (`return net.eval()`, or
 * `net.eval()` then `return net`): a loader, whose result is an evaluation
 * model where it is called, as a loader of the file's own is.
 *
 * Left out of the first, so that the call stays what it looks like: a function decorated
 * grad-off, or whose body trains or touches grad (backward, an optimizer
 * step, no_grad, enable_grad, requires_grad), sets a mode (.eval(),
 * .train()), yields, or is evaluation code of its own (a name that says
 * evaluation over a loop): its own file reports that one, where the fix
 * belongs.
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

/* What keeps a function out: it trains, changes grad or mode, or yields (grad turned off: see grad_off_keeps_out). */
static const char *const body_words[] = {
	"backward", ".step(", "zero_grad", "enable_grad", "set_grad_enabled",
	"requires_grad", "autograd", ".eval()", ".train(", "yield", NULL,
};

/*
 * Whether the code of l (up to a comment) calls name as a function: `name(`,
 * name a whole word, not an attribute; with forward, `name.forward(` too (a
 * module run by its method, as nn.Module.__call__ would).
 */
static bool line_calls(const line *l, const char *name, size_t n, bool forward)
{
	const char *text = l->content, *end = l->end;
	const char *hash = memchr(text, '#', (size_t)(end - text));
	if (hash)
		end = hash; /* a # inside a string cuts too early: a call missed, never one made up */
	for (const char *p = text; n && (size_t)(end - p) > n;) {
		const char *hit = memmem(p, (size_t)(end - p), name, n);
		if (!hit)
			return false;
		if ((hit == text || (!word_char(hit[-1]) && hit[-1] != '.')) && hit + n < end &&
		    (hit[n] == '(' || (forward && (size_t)(end - hit - n) > 9 && memcmp(hit + n, ".forward(", 9) == 0)))
			return true;
		p = hit + n;
	}
	return false;
}

/*
 * Whether the lines of body outside docstrings and other triple-quoted text
 * hold lit: a docstring's "yields the embedding" is no yield. Comments are
 * read: what keeps a function out is looked for widely.
 */
static bool code_contains(const char *body, const char *end, const char *lit)
{
	bool quoted = false;
	for (const char *q = body; q < end;) {
		line l;
		q = line_read(q, end, &l);
		if (!line_is_text(&l, &quoted) && line_has(&l, lit))
			return true;
	}
	return false;
}

/* Whether the code of l (up to a comment) has a call at all: most lines have none, and are asked of every import. */
static bool line_may_call(const line *l)
{
	const char *hash = memchr(l->content, '#', (size_t)(l->end - l->content));
	const char *end = hash ? hash : l->end;
	return memchr(l->content, '(', (size_t)(end - l->content)) != NULL;
}

/*
 * Whether the code of l may hand a name on (`{"greedy": greedy_decode}`,
 * `register(fn)`, `step = fn`): not an import, nor a line of an import's
 * bracketed names (words, commas and brackets, no call).
 */
static bool line_may_refer(const line *l)
{
	if (line_starts(l, "from ") || line_starts(l, "import ") || line_blank(l))
		return false;
	const char *hash = memchr(l->content, '#', (size_t)(l->end - l->content));
	const char *end = hash ? hash : l->end;
	for (const char *p = l->content; p < end; p++) {
		if (word_char(*p) || *p == ' ' || *p == '\t' || *p == ',' || *p == ')')
			continue;
		if (*p == '(' && p > l->content && word_char(p[-1]))
			return true; /* a call: `register(fn)` */
		if (*p != '(')
			return true;
	}
	return false;
}

/* The bound names of a file's imports, sorted, for the lookup of each word of a line. */
typedef struct import_name {
	const char *ptr;
	size_t len;
	const gg_project_import *im;
} import_name;

typedef struct import_names {
	import_name *items; /* owned */
	size_t len;
	uint8_t *marks; /* owned: per item, what the line being read does with it (1 calls, 2 names) */
	const gg_project_import **stars; /* owned array (the imports borrowed): `from M import *`, each M's */
	size_t stars_len;
} import_names;

static int import_name_cmp(const void *pa, const void *pb)
{
	const import_name *a = pa, *b = pb;
	int r = memcmp(a->ptr, b->ptr, a->len < b->len ? a->len : b->len);
	return r ? r : (a->len > b->len) - (a->len < b->len);
}

static int import_names_make(import_names *n, const gg_project_imports *seen)
{
	n->items = calloc(seen->len + 1, sizeof *n->items); /* + 1: a file with no import still has its methods read */
	n->marks = calloc(seen->len + 1, 1);
	n->stars = calloc(seen->len + 1, sizeof *n->stars);
	n->len = n->stars_len = 0;
	if (!n->items || !n->marks || !n->stars)
		return -ENOMEM;
	for (size_t i = 0; i < seen->len; i++) {
		const gg_project_import *im = &seen->items[i];
		if (im->name.len == 1 && im->name.ptr[0] == '*')
			n->stars[n->stars_len++] = im;
		else if (im->bound.len)
			n->items[n->len++] = (import_name){ im->bound.ptr, im->bound.len, im };
	}
	qsort(n->items, n->len, sizeof *n->items, import_name_cmp);
	return 0;
}

static void import_names_free(import_names *n)
{
	free(n->items);
	free(n->marks);
	free(n->stars);
}

/* The first import bound to word[0..len), or n->len. */
static size_t import_names_lower(const import_names *n, const char *word, size_t len)
{
	import_name key = { word, len, NULL };
	size_t lo = 0, hi = n->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (import_name_cmp(&n->items[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Notes what the code of l does with the imported names, word by word: a
 * call (`name(`, not an attribute; up to the first #, a string's or not, as
 * a call was always read) with grad off or on there, or, outside strings, a
 * name handed on without a call (mode 3: called where this scan cannot see,
 * in a mode it cannot tell; only where refers, line_may_refer). One entry
 * per import and line. 0 or -ENOMEM.
 */
static int line_uses_note(gg_project *p, const line *l, import_names *n, bool off, bool refers)
{
	const char *text = l->content, *end = l->end;
	const char *hash = memchr(text, '#', (size_t)(end - text));
	const char *calls_end = hash ? hash : end;
	bool any = false;
	char quote = 0;
	int rc = 0;
	for (const char *q = text; q < end && !rc; q++) {
		if (quote) {
			if (*q == '\\')
				q++;
			else if (*q == quote)
				quote = 0;
			if (q >= calls_end)
				break;
			if (!word_char(*q) || (q > text && (word_char(q[-1]) || q[-1] == '.')))
				continue;
		} else if (*q == '#') {
			break;
		} else if (*q == '"' || *q == '\'') {
			quote = *q;
			continue;
		} else if (!word_char(*q) || (q > text && (word_char(q[-1]) || q[-1] == '.'))) {
			continue;
		}
		size_t w = word_at(q, end);
		bool call = q + w < calls_end && q[w] == '(';
		bool named = !quote && refers && (q + w == end || q[w] != '(');
		size_t i = import_names_lower(n, q, w);
		bool imported = i < n->len && n->items[i].len == w && memcmp(n->items[i].ptr, q, w) == 0;
		for (; (call || named) && i < n->len && n->items[i].len == w && memcmp(n->items[i].ptr, q, w) == 0; i++) {
			n->marks[i] |= call ? 1 : 2;
			any = true;
		}
		/*
		 * A call of a name no import binds, where a star import brings
		 * names: maybe that module's function (`from testing import *`,
		 * then `testing(model, loader)`). An entry for a name the module
		 * does not define is never asked for; a def or a class line of the
		 * file defines, not calls.
		 */
		bool defined = (q - text >= 4 && memcmp(q - 4, "def ", 4) == 0) || (q - text >= 6 && memcmp(q - 6, "class ", 6) == 0);
		for (size_t s = 0; call && !quote && !imported && !defined && s < n->stars_len && !rc; s++) {
			const gg_project_import *im = n->stars[s];
			char *entry = gg_strdup_printf("%.*s %.*s %d", (int)w, q, (int)im->module.len, im->module.ptr, off ? 1 : 0);
			rc = entry ? gg_strings_push(&p->outside_calls, entry) : -ENOMEM;
			free(entry);
		}
		q += w - 1;
	}
	for (size_t i = 0; any && !rc && i < n->len; i++) {
		if (!n->marks[i])
			continue;
		const gg_project_import *im = n->items[i].im;
		int mode = n->marks[i] & 1 ? (off ? 1 : 0) : 3;
		n->marks[i] = 0;
		char *entry = rc ? NULL
				 : gg_strdup_printf("%.*s %.*s %d", (int)im->name.len, im->name.ptr, (int)im->module.len,
						    im->module.ptr, mode);
		if (!rc)
			rc = entry ? gg_strings_push(&p->outside_calls, entry) : -ENOMEM;
		free(entry);
	}
	return rc;
}

/*
 * Notes the attribute names the code of l calls (`x.name(`) or reads
 * without a call (`x.name`), outside strings and comments: "name G\0" (as
 * method_calls) appended to calls, made entries once the file is read.
 * 0 or -ENOMEM.
 */
static int line_methods_note(gg_buf *calls, const line *l, bool off)
{
	if (line_starts(l, "from ") || line_starts(l, "import "))
		return 0;
	const char *end = l->end;
	char quote = 0;
	for (const char *q = l->content; q < end; q++) {
		if (quote) {
			if (*q == '\\')
				q++;
			else if (*q == quote)
				quote = 0;
			continue;
		}
		if (*q == '#')
			break;
		if (*q == '"' || *q == '\'') {
			quote = *q;
			continue;
		}
		if (*q != '.' || q + 1 >= end || !word_char(q[1]) || (q[1] >= '0' && q[1] <= '9'))
			continue;
		size_t w = word_at(q + 1, end);
		const char *after = q + 1 + w;
		/*
		 * self.name( or self.part.name( with grad on: the class's own call
		 * or its machinery's (a model's forward_test running its heads'),
		 * no user's (4).
		 */
		const char *root = q;
		while (root > l->content && (word_char(root[-1]) || root[-1] == '.'))
			root--;
		bool own = q - root >= 4 && memcmp(root, "self", 4) == 0 && (q - root == 4 || root[4] == '.');
		/*
		 * `x.name()` with grad on and no argument (6): no call of a method
		 * that needs one. A call whose result the line drops, the chain
		 * starting the line (7, 8 on self): never a loss a later backward
		 * takes (block_backward).
		 */
		const char *in = after + 1;
		while (in < end && *in == ' ')
			in++;
		bool bare = after < end && *after == '(' && in < end && *in == ')';
		bool dropped = root == l->content;
		char on = own ? (dropped ? '8' : '4') : bare ? '6' : dropped ? '7' : '0';
		/* With grad off: '1', or '9' with no argument (no call of a method that needs one). */
		char mode[3] = { ' ', after < end && *after == '(' ? (off ? (bare ? '9' : '1') : on) : '3', '\0' };
		if (gg_buf_append(calls, q + 1, w) || gg_buf_append(calls, mode, sizeof mode))
			return -ENOMEM;
		q = after - 1;
	}
	return 0;
}

static int entry_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Moves a file's notes (line_methods_note's) into method_calls, once each, with its module; a test's only with grad off. */
static int methods_settle(gg_project *p, const gg_buf *calls, bool test, const char *module)
{
	size_t n = 0;
	for (size_t i = 0; i < calls->len; i++)
		n += calls->data[i] == '\0';
	if (!n)
		return 0;
	char **entries = malloc(n * sizeof *entries);
	if (!entries)
		return -ENOMEM;
	size_t k = 0;
	for (char *e = calls->data; e < calls->data + calls->len; e += strlen(e) + 1)
		entries[k++] = e;
	qsort(entries, n, sizeof *entries, entry_cmp);
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		size_t len = strlen(entries[i]);
		if ((i && strcmp(entries[i], entries[i - 1]) == 0) || (test && entries[i][len - 1] != '1' && entries[i][len - 1] != '9'))
			continue;
		char *entry = gg_strdup_printf("%s %s", entries[i], module);
		rc = entry ? gg_strings_push(&p->method_calls, entry) : -ENOMEM;
		free(entry);
	}
	free(entries);
	return rc;
}

/*
 * Whether grad turned off in body keeps the function out: no_grad or
 * inference_mode anywhere but on a `with` line (a decorator, a bare call, an
 * alias), or a grad-off `with` block around a call of one of the count
 * parameters names. A block that holds only the input's preparation (`with
 * torch.no_grad(): img = torch.FloatTensor(x)`, then `net(img)` after it)
 * leaves the forward as the caller's mode has it.
 */
static bool grad_off_keeps_out(const char *body, const char *end, const char **names, const size_t *lens, size_t count)
{
	bool quoted = false, inside = false;
	unsigned block = 0;
	for (const char *q = body; q < end;) {
		line l;
		q = line_read(q, end, &l);
		if (line_is_text(&l, &quoted) || line_blank(&l))
			continue;
		if (inside && l.indent <= block)
			inside = false;
		bool off = line_has(&l, "no_grad") || line_has(&l, "inference_mode");
		if (off && !line_starts(&l, "with "))
			return true;
		if (off && !inside) {
			inside = true;
			block = l.indent;
		}
		/* The with's own line too: `with torch.no_grad(): out = net(x)`. */
		for (size_t i = 0; inside && i < count; i++)
			if (line_calls(&l, names[i], lens[i], true))
				return true;
	}
	return false;
}

/* Whether the code of body (docstrings and other triple-quoted text left out) calls name, or its forward(). */
static bool body_calls(const char *body, const char *end, const char *name, size_t n)
{
	bool quoted = false; /* inside a triple-quoted string that spans lines */
	for (const char *q = body; q < end;) {
		line l;
		q = line_read(q, end, &l);
		size_t len = (size_t)(l.end - l.content);
		if (!line_is_text(&l, &quoted) && len && line_calls(&l, name, n, true))
			return true;
	}
	return false;
}

/*
 * The parameters of a def whose list opens at open (text up to end): each
 * plain name, its place among the positional ones in *places (a keyword-only
 * one gets UINT_MAX), up to max. Returns the count and sets *close past ')'.
 */
static size_t params_read(const char *open, const char *end, const char **names, size_t *lens, unsigned *places,
			  size_t max, const char **close)
{
	size_t count = 0;
	unsigned place = 0;
	bool keyword_only = false;
	int depth = 0;
	const char *p = open + 1;
	bool expect_name = true;
	for (; p < end; p++) {
		char ch = *p;
		if (ch == '(' || ch == '[' || ch == '{') {
			depth++;
		} else if (ch == ')' || ch == ']' || ch == '}') {
			if (depth-- == 0)
				break;
		} else if (depth == 0 && ch == ',') {
			expect_name = true;
		} else if (depth == 0 && expect_name && ch == '*') {
			/* `*`, `*args`, `**kwargs`: no place of their own, and what follows is keyword-only. */
			keyword_only = true;
			while (p + 1 < end && p[1] == '*')
				p++;
			p += word_at(p + 1, end);
			expect_name = false;
		} else if (depth == 0 && expect_name && word_char(ch)) {
			size_t n = word_at(p, end);
			if (count < max) {
				names[count] = p;
				lens[count] = n;
				places[count] = keyword_only ? UINT_MAX : place;
				count++;
			}
			if (!keyword_only)
				place++;
			p += n - 1;
			expect_name = false;
		}
	}
	*close = p < end ? p + 1 : end;
	return count;
}

/*
 * Which part of what a body returns is a module in eval mode: a return line
 * that calls .eval(), or `W.eval()` on a line of its own (or `W =
 * model.eval().to(dev)`) and a later `return W`; in a returned tuple (`return tokenizer, model.eval()`) that
 * part's place, else 0. -1 when it hands back none.
 */
static int body_returns_eval(const char *body, const char *end)
{
	const char *put = NULL; /* W of the last `W.eval()` statement */
	size_t put_len = 0;
	for (const char *q = body; q < end;) {
		line l;
		q = line_read(q, end, &l);
		if (line_starts(&l, "return ")) {
			/* The parts at the top level, parentheses around the whole aside. */
			const char *v = l.content + 7, *e = l.end;
			while (v < e && *v == ' ')
				v++;
			if (v < e && *v == '(' && e[-1] == ')') {
				v++;
				e--;
			}
			int part = 0, depth = 0;
			for (const char *s = v, *a = v; a <= e; a++) {
				if (a < e && (*a == '(' || *a == '[' || *a == '{'))
					depth++;
				else if (a < e && (*a == ')' || *a == ']' || *a == '}'))
					depth--;
				if (a < e && (depth || *a != ','))
					continue;
				const char *t = s, *te = a;
				while (t < te && *t == ' ')
					t++;
				while (te > t && te[-1] == ' ')
					te--;
				size_t n = (size_t)(te - t);
				if ((n >= 7 && memmem(t, n, ".eval()", 7)) || (put && n == put_len && memcmp(t, put, n) == 0))
					return part;
				part++;
				s = a + 1;
			}
			continue;
		}
		size_t n = word_at(l.content, l.end);
		if (n && (size_t)(l.end - l.content) == n + 7 && memcmp(l.content + n, ".eval()", 7) == 0) {
			put = l.content;
			put_len = n;
			continue;
		}
		/* `W = model.eval().to(dev)`: W holds the module in eval mode. */
		const char *eq = n ? l.content + n : NULL;
		while (eq && eq < l.end && *eq == ' ')
			eq++;
		if (eq && eq + 1 < l.end && *eq == '=' && eq[1] != '=' &&
		    gg_text_contains(eq, (size_t)(l.end - eq), ".eval()")) {
			put = l.content;
			put_len = n;
		}
	}
	return -1;
}

#define MAX_PARAMS 16

/*
 * The calls in body that hand parameter param (len n) on as a positional
 * argument, `g(x, param, ...)` on one line: each as a pending forwarder,
 * "fname module place param g.dotted k" (g resolved through the file's
 * imports, else a function of module). Returns 0 or -ENOMEM.
 */
static int hands_on_note(gg_project *p, const char *body, const char *end, const char *fname, size_t fn_len,
			 const char *module, unsigned place, const char *param, size_t n, const gg_project_imports *imports)
{
	bool quoted = false;
	int rc = 0;
	for (const char *q = body; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		if (line_is_text(&l, &quoted))
			continue;
		for (const char *c = l.content; c < l.end && !rc; c++) {
			if (*c != '(' || c == l.content || !word_char(c[-1]))
				continue;
			const char *g = c;
			while (g > l.content && word_char(g[-1]))
				g--;
			if ((g > l.content && g[-1] == '.') || ((size_t)(c - g) == fn_len && memcmp(g, fname, fn_len) == 0))
				continue; /* a method, or itself */
			/* The positional arguments on this line: which one is param. */
			unsigned k = 0;
			int depth = 0;
			const char *arg = c + 1;
			long found = -1;
			for (const char *a = c + 1; a < l.end && depth >= 0; a++) {
				if (*a == '(' || *a == '[' || *a == '{')
					depth++;
				else if (*a == ')' || *a == ']' || *a == '}')
					depth--;
				if (depth < 0 || (depth == 0 && *a == ',')) {
					const char *s = arg, *e = a;
					while (s < e && *s == ' ')
						s++;
					while (e > s && e[-1] == ' ')
						e--;
					if ((size_t)(e - s) == n && memcmp(s, param, n) == 0 && found < 0)
						found = k;
					if (memchr(s, '=', (size_t)(e - s)) || (s < e && *s == '*'))
						break; /* keywords and splats from here: no more places */
					k++;
					arg = a + 1;
				}
			}
			if (found < 0)
				continue;
			/* g through the file's imports, or a function of this module. */
			size_t gl = (size_t)(c - g);
			const gg_project_import *from = gg_project_import_of(imports, g, gl);
			char *entry = from ? gg_strdup_printf("%.*s %s %u %.*s %.*s.%.*s %ld", (int)fn_len, fname, module,
							      place, (int)n, param, (int)from->module.len, from->module.ptr,
							      (int)from->name.len, from->name.ptr, found)
					   : gg_strdup_printf("%.*s %s %u %.*s %s.%.*s %ld", (int)fn_len, fname, module,
							      place, (int)n, param, module, (int)gl, g, found);
			rc = entry ? gg_strings_push(&p->pending_forwarders, entry) : -ENOMEM;
			free(entry);
		}
	}
	return rc;
}

/*
 * The methods body calls on parameter param (len n), `param.method(`: each a
 * pending method forwarder, "fname module place param method" (a module's
 * own API, `.eval()`, `.to(`, is no forward: gg_project_method_excluded).
 * Returns 0 or -ENOMEM.
 */
static int method_calls_note(gg_project *p, const char *body, const char *end, const char *fname, size_t fn_len,
			     const char *module, unsigned place, const char *param, size_t n)
{
	bool quoted = false;
	int rc = 0;
	for (const char *q = body; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		if (line_is_text(&l, &quoted))
			continue;
		for (const char *c = l.content; c + n + 2 < l.end && !rc; c++) {
			if (memcmp(c, param, n) != 0 || c[n] != '.' || (c > l.content && (word_char(c[-1]) || c[-1] == '.')))
				continue;
			const char *m = c + n + 1;
			size_t mn = word_at(m, l.end);
			if (!mn || m + mn >= l.end || m[mn] != '(' || gg_project_method_excluded(m, mn))
				continue;
			char *entry = gg_strdup_printf("%.*s %s %u %.*s %.*s", (int)fn_len, fname, module, place, (int)n, param,
						       (int)mn, m);
			rc = entry ? gg_strings_push(&p->pending_method_forwarders, entry) : -ENOMEM;
			free(entry);
		}
	}
	return rc;
}

int gg_project_method_forwarders_settle(gg_project *p)
{
	int rc = 0;
	size_t before = p->param_forwarders.len;
	for (size_t i = 0; i < p->pending_method_forwarders.len && !rc; i++) {
		const char *e = p->pending_method_forwarders.items[i], *m = strrchr(e, ' ');
		if (m && gg_project_names_has(&p->forward_methods, m + 1, strlen(m + 1))) {
			char *entry = strndup(e, (size_t)(m - e));
			rc = entry ? gg_strings_push(&p->param_forwarders, entry) : -ENOMEM;
			free(entry);
		}
	}
	gg_strings_free(&p->pending_method_forwarders);
	if (p->param_forwarders.len > before)
		gg_project_sort_unique(&p->param_forwarders);
	return rc;
}

int gg_project_functions_scan(gg_project *p, const char *module, const char *text, size_t len,
			      const gg_project_imports *imports)
{
	if (!gg_text_contains(text, len, "def "))
		return 0;
	const char *end = text + len;
	int rc = 0;
	bool decorated_off = false; /* a decorator above the def turns grad off (@torch.no_grad()) */
	for (const char *q = text; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		if (l.indent == 0 && line_starts(&l, "@")) {
			decorated_off = decorated_off || line_has(&l, "no_grad") || line_has(&l, "inference_mode");
			continue;
		}
		bool off = decorated_off;
		if (!line_blank(&l))
			decorated_off = false;
		if (off || l.indent != 0 || !(line_starts(&l, "def ") || line_starts(&l, "async def ")))
			continue;
		const char *name = l.content + (line_starts(&l, "def ") ? 4 : 10);
		size_t n = word_at(name, l.end);
		const char *open = name + n;
		while (open < end && *open == ' ')
			open++;
		if (!n || open >= end || *open != '(')
			continue;
		const char *names[MAX_PARAMS], *close;
		size_t lens[MAX_PARAMS];
		unsigned places[MAX_PARAMS];
		size_t count = params_read(open, end, names, lens, places, MAX_PARAMS, &close);
		/* The body: the lines after the def's own, up to the next line at the left margin. */
		const char *body = memchr(close, '\n', (size_t)(end - close));
		body = body ? body + 1 : end;
		const char *body_end = body;
		for (const char *b = body; b < end;) {
			line bl;
			const char *next = line_read(b, end, &bl);
			if (!line_blank(&bl) && bl.indent == 0)
				break;
			body_end = next;
			b = next;
		}
		q = body_end;
		bool first = count && places[0] == 0;
		rc = gg_project_makers_note(p, module, name, n, first ? names[0] : NULL, first ? lens[0] : 0, body, body_end,
					    imports);
		if (rc)
			break;
		int part = body_returns_eval(body, body_end);
		if (part >= 0) {
			/* A loader that also freezes what it loads (requires_grad off) hands back a module that records no graph. */
			size_t body_len = (size_t)(body_end - body);
			bool frozen = gg_text_contains(body, body_len, "requires_grad_(False)") ||
				      gg_text_contains(body, body_len, "requires_grad = False") ||
				      gg_text_contains(body, body_len, "requires_grad=False");
			char *entry = gg_strdup_printf("%.*s %s %d%s", (int)n, name, module, part, frozen ? " frozen" : "");
			rc = entry ? gg_strings_push(&p->eval_loaders, entry) : -ENOMEM;
			free(entry);
			continue;
		}
		bool out = grad_off_keeps_out(body, body_end, names, lens, count);
		for (const char *const *w = body_words; *w && !out; w++)
			out = code_contains(body, body_end, *w);
		if (out || (sem_name_says_eval_alone((span){ name, n }) &&
			    (code_contains(body, body_end, "for ") || code_contains(body, body_end, "while "))))
			continue;
		bool runs = false;
		for (size_t i = 0; i < count && !runs && !rc; i++) {
			if (places[i] == UINT_MAX || (lens[i] == 4 && memcmp(names[i], "self", 4) == 0) ||
			    !body_calls(body, body_end, names[i], lens[i]))
				continue;
			char *entry = gg_strdup_printf("%.*s %s %u %.*s", (int)n, name, module, places[i], (int)lens[i], names[i]);
			rc = entry ? gg_strings_push(&p->param_forwarders, entry) : -ENOMEM;
			free(entry);
			runs = true; /* the first module it runs: one is enough to call it a forward */
		}
		/* Or hands one on to another function: a forwarder if that one is (settled once all is read). */
		for (size_t i = 0; i < count && !runs && !rc; i++)
			if (places[i] != UINT_MAX && !(lens[i] == 4 && memcmp(names[i], "self", 4) == 0))
				rc = hands_on_note(p, body, body_end, name, n, module, places[i], names[i], lens[i], imports);
		/* Or calls a method of one: a forwarder if the method is a module class's forward-like one. */
		for (size_t i = 0; i < count && !runs && !rc; i++)
			if (places[i] != UINT_MAX && !(lens[i] == 4 && memcmp(names[i], "self", 4) == 0))
				rc = method_calls_note(p, body, body_end, name, n, module, places[i], names[i], lens[i]);
	}
	return rc;
}

/* A pending forwarder ("fname module place param callee k") whose callee is one at place k: "fname module place param". */
static int forwarder_settles(gg_project *p, const char *e, char **out)
{
	const char *k_at = strrchr(e, ' '), *callee = k_at ? memrchr(e, ' ', (size_t)(k_at - e)) : NULL;
	if (!callee)
		return 0;
	char *dotted = strndup(callee + 1, (size_t)(k_at - callee - 1));
	if (!dotted)
		return -ENOMEM;
	unsigned at;
	const char *param;
	size_t param_len;
	bool is = gg_project_param_forwarder(p, dotted, strlen(dotted), &at, &param, &param_len) &&
		  at == (unsigned)strtoul(k_at + 1, NULL, 10);
	free(dotted);
	if (is && !(*out = strndup(e, (size_t)(callee - e))))
		return -ENOMEM;
	return 0;
}

/*
 * The pending forwarders whose callee is a forwarder at the place they hand
 * their parameter to join param_forwarders, to a fixed point (param_forwarders
 * sorted each round, as lookups need). Empties pending_forwarders. 0 or -ENOMEM.
 */
int gg_project_forwarders_settle(gg_project *p)
{
	bool saved = p->classes_sorted;
	p->classes_sorted = true; /* gg_project_function_entry's guard: the list is sorted while it settles */
	int rc = gg_project_settle(p, &p->pending_forwarders, &p->param_forwarders, forwarder_settles);
	p->classes_sorted = saved;
	return rc;
}

const char *gg_project_function_entry(const gg_project *p, const gg_strings *s, const char *dotted, size_t len)
{
	const char *dot = memrchr(dotted, '.', len);
	if (!dot || !p->classes_sorted)
		return NULL;
	const char *name = dot + 1, *module = dotted;
	size_t n = len - (size_t)(name - dotted), module_len = (size_t)(dot - dotted);
	while (module_len && *module == '.') {
		module++;
		module_len--;
	}
	for (size_t i = gg_project_entries_lower(s, name, n);
	     i < s->len && strncmp(s->items[i], name, n) == 0 && s->items[i][n] == ' '; i++) {
		const char *m = s->items[i] + n + 1, *sp = strchr(m, ' ');
		size_t m_len = sp ? (size_t)(sp - m) : strlen(m);
		if (gg_project_module_names(m, m_len, module, module_len))
			return m + m_len;
	}
	return NULL;
}

bool gg_project_eval_loader(const gg_project *p, const char *dotted, size_t len, unsigned *part)
{
	const char *rest = gg_project_function_entry(p, &p->eval_loaders, dotted, len);
	if (!rest)
		return false;
	*part = *rest == ' ' ? (unsigned)strtoul(rest + 1, NULL, 10) : 0;
	return true;
}

bool gg_project_frozen_loader(const gg_project *p, const char *dotted, size_t len)
{
	const char *rest = gg_project_function_entry(p, &p->eval_loaders, dotted, len);
	return rest && strstr(rest, " frozen") != NULL;
}

bool gg_project_param_forwarder(const gg_project *p, const char *dotted, size_t len, unsigned *place, const char **param,
				size_t *param_len)
{
	const char *rest = gg_project_function_entry(p, &p->param_forwarders, dotted, len);
	if (!rest || *rest != ' ')
		return false;
	char *tail;
	unsigned long at = strtoul(rest + 1, &tail, 10);
	if (*tail != ' ')
		return false;
	*place = (unsigned)at;
	*param = tail + 1;
	*param_len = strlen(tail + 1);
	return true;
}

/* ---- where other files call a file's functions ---- */

/* An open block of the scan: its indentation, and whether grad is off in it. */
typedef struct open_block {
	unsigned indent;
	bool off;
	bool def;      /* a def: the calls in its body before a backward may make its loss */
	size_t first;  /* a def's first entry of outside_calls */
	size_t methods_first; /* ... and where its method calls start in the file's notes (line_methods_note's) */
	bool module_class; /* a class whose bases say Module: its `self` is a module */
} open_block;

/*
 * A backward in def b's body (`loss.backward()`, autograd.grad): its calls
 * so far with grad on, of imported functions and of methods, may carry their
 * result to it ('2').
 */
static void block_backward(gg_project *p, const open_block *b, gg_buf *methods)
{
	for (size_t i = b->first; i < p->outside_calls.len; i++) {
		char *e = p->outside_calls.items[i];
		size_t n = strlen(e);
		if (n && e[n - 1] == '0')
			e[n - 1] = '2';
	}
	/* A method's result kept in such a def (2; 5 on self): its result may be that loss. */
	for (char *e = methods->data ? methods->data + b->methods_first : NULL; e && e < methods->data + methods->len; e += strlen(e) + 1) {
		size_t n = strlen(e);
		if (n && e[n - 1] == '0')
			e[n - 1] = '2';
		else if (n && e[n - 1] == '4')
			e[n - 1] = '5';
	}
}

/* Whether a class whose bases say Module is open on the stack. */
static bool block_in_module_class(const open_block *stack, size_t depth)
{
	for (size_t i = 0; i < depth; i++)
		if (stack[i].module_class)
			return true;
	return false;
}

/*
 * Notes the imported classes l builds handing them a bare `self`
 * (`Evaluator(self)`, `Evaluator(data, model=self)`), l inside a module
 * class (handed_classes). 0 or -ENOMEM.
 */
static int line_handed_note(gg_project *p, const line *l, const import_names *n)
{
	int rc = 0;
	for (size_t i = 0; i < n->len && !rc; i++) {
		const gg_project_import *im = n->items[i].im;
		for (const char *q = l->content; (q = memmem(q, (size_t)(l->end - q), n->items[i].ptr, n->items[i].len)) != NULL;
		     q += n->items[i].len) {
			const char *open = q + n->items[i].len, *last = q;
			if (q > l->content && (word_char(q[-1]) || q[-1] == '.'))
				continue;
			/* `evaluators.Evaluator(self)`: a class of the imported module, by its last name. */
			while (open + 1 < l->end && *open == '.' && word_char(open[1])) {
				last = open + 1;
				open = last + word_at(last, l->end);
			}
			if (open >= l->end || *open != '(')
				continue;
			/* A bare `self` argument before the call's closing bracket (the first one: a simple call). */
			const char *close = memchr(open, ')', (size_t)(l->end - open));
			bool handed = false;
			for (const char *s = open; close && !handed && (s = memmem(s, (size_t)(close - s), "self", 4)) != NULL; s += 4) {
				const char *b = s, *a = s + 4;
				while (b > open && b[-1] == ' ')
					b--;
				while (a < close && *a == ' ')
					a++;
				handed = (b[-1] == '(' || b[-1] == ',' || b[-1] == '=') && (a == close || *a == ',');
			}
			if (!handed)
				continue;
			char *entry = last == q ? gg_strdup_printf("%.*s %.*s", (int)im->name.len, im->name.ptr, (int)im->module.len,
								   im->module.ptr)
						: gg_strdup_printf("%.*s %.*s.%.*s", (int)(open - last), last, (int)im->module.len,
								   im->module.ptr, (int)im->name.len, im->name.ptr);
			rc = entry ? gg_strings_push(&p->handed_classes, entry) : -ENOMEM;
			free(entry);
			break;
		}
	}
	return rc;
}

/* The innermost def open on the stack, or NULL. */
static const open_block *block_def(const open_block *stack, size_t depth)
{
	while (depth && !stack[depth - 1].def)
		depth--;
	return depth ? &stack[depth - 1] : NULL;
}

/*
 * Text scan, as the rest of this file: each code line's indentation against
 * a stack of the blocks opened above it (a line ending in ':'), a `with`
 * naming no_grad or inference_mode, or a def under such a decorator, turning
 * grad off in its block. A call of an imported name on a line is noted with
 * whether some enclosing block turns grad off, or, with grad on, whether the
 * def it is in runs a backward after it (its result may be that loss).
 */
int gg_project_calls_scan(gg_project *p, const char *module, const char *text, size_t len, const gg_project_imports *seen,
			  bool test)
{
	size_t first = p->outside_calls.len;
	import_names names;
	gg_buf methods = { 0 }; /* this file's method_calls, made unique before they join the project's */
	int rc = import_names_make(&names, seen);
	open_block *stack = NULL;
	size_t depth = 0, cap = 0;
	bool quoted = false, decorated_off = false;
	long header_open = 0; /* brackets a def's header leaves open */
	const char *end = text + len;
	for (const char *q = text; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		if (line_is_text(&l, &quoted) || line_blank(&l))
			continue;
		while (depth && stack[depth - 1].indent >= l.indent && !line_closes_bracket(&l))
			depth--;
		bool off = depth && stack[depth - 1].off;
		const open_block *in_def = block_def(stack, depth);
		if (in_def && (line_has(&l, ".backward(") || line_has(&l, "autograd.grad(")))
			block_backward(p, in_def, &methods);
		bool refers = line_may_refer(&l);
		if ((names.len || names.stars_len) && (refers || line_may_call(&l)))
			rc = line_uses_note(p, &l, &names, off, refers);
		if (!rc && names.len && line_has(&l, "self") && block_in_module_class(stack, depth))
			rc = line_handed_note(p, &l, &names);
		if (!rc && memchr(l.content, '.', (size_t)(l.end - l.content)))
			rc = line_methods_note(&methods, &l, off);
		if (line_starts(&l, "@")) {
			decorated_off = decorated_off || line_has(&l, "no_grad") || line_has(&l, "inference_mode");
			continue;
		}
		const char *e = l.end;
		const char *hash = memchr(l.content, '#', (size_t)(l.end - l.content));
		if (hash)
			e = hash;
		while (e > l.content && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		bool opens = e > l.content && e[-1] == ':';
		bool def = line_starts(&l, "def ") || line_starts(&l, "async def ") || header_open > 0;
		/* A def whose parameters go on over lines opens its block on the header's last line, still under its decorator. */
		if (def) {
			for (const char *k = l.content; k < e; k++)
				header_open += *k == '(' ? 1 : *k == ')' ? -1 : 0;
			if (header_open > 0 && !opens)
				continue;
			header_open = 0;
		}
		if (opens && !rc) {
			bool with_off = line_starts(&l, "with ") && (line_has(&l, "no_grad") || line_has(&l, "inference_mode")) &&
					!(line_has(&l, " if ") && line_has(&l, " else ")); /* a flag picks: no proof */
			if (gg_grow((void **)&stack, &cap, depth, sizeof *stack))
				rc = -ENOMEM;
			else
				stack[depth++] = (open_block){ l.indent, off || with_off || (def && decorated_off), def,
							     p->outside_calls.len, methods.len,
							     line_starts(&l, "class ") && line_has(&l, "Module") };
		}
		decorated_off = false;
	}
	free(stack);
	import_names_free(&names);
	/*
	 * A test's call with grad on says nothing of evaluation (a unit test
	 * runs the helper as it likes): only its calls before a backward stay,
	 * which say that the helper's gradient is wanted.
	 */
	size_t kept = first;
	for (size_t i = first; i < p->outside_calls.len; i++) {
		char *e = p->outside_calls.items[i];
		size_t n = strlen(e);
		if (test && n && (e[n - 1] == '0' || e[n - 1] == '3'))
			free(e);
		else
			p->outside_calls.items[kept++] = e;
	}
	p->outside_calls.len = kept;
	/* As for the functions: a test's own ways of calling a method say nothing of where the project runs it. */
	if (!rc)
		rc = methods_settle(p, &methods, test, module);
	gg_buf_free(&methods);
	return rc;
}

void gg_project_method_calls(const gg_project *p, const char *name, size_t n, bool takes_args, bool *off, bool *other,
			     bool *users, bool *trains, const char *module)
{
	*off = *other = false;
	if (users)
		*users = false;
	if (trains)
		*trains = false;
	const gg_strings *s = &p->method_calls;
	if (!p->classes_sorted)
		return;
	for (size_t i = gg_project_entries_lower(s, name, n);
	     i < s->len && strncmp(s->items[i], name, n) == 0 && s->items[i][n] == ' '; i++) {
		char mode = s->items[i][n + 1];
		if ((mode == '6' || mode == '9') && takes_args)
			continue;
		bool elsewhere = !(module && strcmp(s->items[i] + n + 3, module) == 0);
		if (mode == '1' || mode == '9')
			*off = true;
		else if (elsewhere || (mode != '4' && mode != '8'))
			*other = true;
		/* else module's own call on self or a part of it: its call graph resolves those (sem_sites_of). */
		if (users && (mode == '0' || mode == '6' || mode == '7') && elsewhere)
			*users = true;
		if (trains && (mode == '2' || mode == '5') && elsewhere)
			*trains = true;
	}
}

bool gg_project_called_elsewhere(const gg_project *p, const char *name, size_t n)
{
	const gg_strings *s = &p->outside_calls;
	if (!p->classes_sorted)
		return false;
	size_t i = gg_project_entries_lower(s, name, n);
	return i < s->len && strncmp(s->items[i], name, n) == 0 && s->items[i][n] == ' ';
}

void gg_project_outside_calls(const gg_project *p, const char *name, size_t n, const char *module, size_t module_len,
			      size_t *off, size_t *on, size_t *trains)
{
	*off = *on = *trains = 0;
	const gg_strings *s = &p->outside_calls;
	if (!p->classes_sorted)
		return;
	for (size_t i = gg_project_entries_lower(s, name, n);
	     i < s->len && strncmp(s->items[i], name, n) == 0 && s->items[i][n] == ' '; i++) {
		const char *m = s->items[i] + n + 1, *sp = strrchr(m, ' ');
		if (!sp || !gg_project_module_names(module, module_len, m, (size_t)(sp - m)))
			continue;
		if (sp[1] == '1')
			(*off)++;
		else
			(*on)++;
		if (sp[1] == '2')
			(*trains)++;
	}
}
