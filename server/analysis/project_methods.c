/*
 * The forward-like methods of the project's module classes (project.h):
 * methods other than forward() whose body runs a submodule, so that a file
 * that calls `model.get_action(obs)` or `model.inference(seq)` on a model
 * whose class lives in another file knows the call is a forward (SPEC §2).
 * A text scan of each file, linear, run on every file the index reads: a
 * parse of every model file would cost the pre-pass a parse of the project.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "grad_context.h"
#include "project.h"

/* A line of the text: where it starts, its indentation and where its content begins and ends. */
typedef struct line {
	const char *start, *content, *end;
	unsigned indent;
} line;

/* The line at p (p at a line's start), and where the next begins. */
static const char *line_read(const char *p, const char *end, line *l)
{
	l->start = p;
	unsigned indent = 0;
	while (p < end && (*p == ' ' || *p == '\t')) {
		indent = *p == '\t' ? (indent / 8 + 1) * 8 : indent + 1;
		p++;
	}
	l->content = p;
	l->indent = indent;
	const char *nl = p < end ? memchr(p, '\n', (size_t)(end - p)) : NULL;
	l->end = nl ? nl : end;
	if (l->end > l->content && l->end[-1] == '\r')
		l->end--;
	return nl ? nl + 1 : end;
}

static bool line_blank(const line *l)
{
	return l->content == l->end || *l->content == '#';
}

static bool line_starts(const line *l, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(l->end - l->content) >= n && memcmp(l->content, lit, n) == 0;
}

static bool line_has(const line *l, const char *lit)
{
	return gg_text_contains(l->content, (size_t)(l->end - l->content), lit);
}

static bool word_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* The identifier at p, its length (0: none). */
static size_t word_at(const char *p, const char *end)
{
	size_t n = 0;
	while (p + n < end && word_char(p[n]))
		n++;
	return n;
}

/*
 * Whether a class line's bases make a module: a base whose last name is
 * Module (nn.Module, torch.nn.Module, LightningModule), or ends in Model
 * (a library's PreTrainedModel, a project's BaseModel), or a module class
 * the same file defined before.
 */
static bool bases_say_module(const line *l, const gg_strings *modules)
{
	const char *open = memchr(l->content, '(', (size_t)(l->end - l->content));
	if (!open)
		return false;
	for (const char *p = open + 1; p < l->end && *p != ')';) {
		size_t n = word_at(p, l->end);
		if (!n) {
			p++;
			continue;
		}
		const char *after = p + n;
		bool last = after >= l->end || *after != '.';
		if (last && ((n >= 6 && memcmp(after - 6, "Module", 6) == 0) || (n >= 5 && memcmp(after - 5, "Model", 5) == 0)))
			return true;
		for (size_t i = 0; last && i < modules->len; i++)
			if (strlen(modules->items[i]) == n && memcmp(modules->items[i], p, n) == 0)
				return true;
		p = after;
	}
	return false;
}

/* Whether the body line calls the module itself or a submodule: self(...), self.forward(...), self.<sub>(...). */
static bool calls_submodule(const line *l, const gg_strings *subs)
{
	for (const char *p = l->content; p < l->end; p++) {
		const char *hit = memmem(p, (size_t)(l->end - p), "self", 4);
		if (!hit)
			return false;
		p = hit;
		if (hit > l->content && (word_char(hit[-1]) || hit[-1] == '.'))
			continue;
		const char *q = hit + 4;
		if (q < l->end && *q == '(')
			return true;
		if (q >= l->end || *q != '.')
			continue;
		size_t n = word_at(q + 1, l->end);
		if (!n || q + 1 + n >= l->end || q[1 + n] != '(')
			continue;
		if (n == 7 && memcmp(q + 1, "forward", 7) == 0)
			return true;
		for (size_t i = 0; i < subs->len; i++)
			if (strlen(subs->items[i]) == n && memcmp(subs->items[i], q + 1, n) == 0)
				return true;
	}
	return false;
}

/* `self.<name> = <Capitalised or nn.>...(`: the name of a submodule the class builds, pushed on subs. */
static int submodule_note(const line *l, gg_strings *subs)
{
	if (!line_starts(l, "self."))
		return 0;
	const char *p = l->content + 5;
	size_t n = word_at(p, l->end);
	const char *q = p + n;
	while (q < l->end && *q == ' ')
		q++;
	if (!n || q >= l->end || *q != '=' || (q + 1 < l->end && q[1] == '='))
		return 0;
	for (q++; q < l->end && *q == ' '; q++)
		;
	/* The constructor's last name starts with a capital: nn.Linear(, Encoder(, models.resnet18 is not one. */
	const char *call = memchr(q, '(', (size_t)(l->end - q));
	if (!call)
		return 0;
	const char *last = call;
	while (last > q && (word_char(last[-1])))
		last--;
	if (last == call || !(*last >= 'A' && *last <= 'Z'))
		return 0;
	char *name = strndup(p, n);
	if (!name)
		return -ENOMEM;
	int rc = gg_strings_push(subs, name);
	free(name);
	return rc;
}

/* Method names never taken for forwards: the module's own API and what every object has. */
static bool method_excluded(const char *name, size_t n)
{
	static const char *const api[] = {
		"forward", "eval", "train", "to", "cuda", "cpu", "half", "float", "double", "parameters",
		"named_parameters", "state_dict", "load_state_dict", "modules", "children", "apply", "zero_grad",
		"requires_grad_", "extra_repr", "reset_parameters", "init_weights", NULL,
	};
	if (n && name[0] == '_')
		return true; /* private and dunder methods: their callers are the class's own */
	for (const char *const *a = api; *a; a++)
		if (strlen(*a) == n && memcmp(*a, name, n) == 0)
			return true;
	return false;
}

static int name_push(gg_strings *s, const char *p, size_t n)
{
	char *name = strndup(p, n);
	if (!name)
		return -ENOMEM;
	int rc = gg_strings_push(s, name);
	free(name);
	return rc;
}

int gg_project_forward_methods_scan(gg_project *p, const char *text, size_t len)
{
	if (!gg_text_contains(text, len, "class ") || !gg_text_contains(text, len, "self"))
		return 0;
	const char *end = text + len;
	gg_strings modules, subs;
	gg_strings_init(&modules);
	gg_strings_init(&subs);
	int rc = 0;
	/* First the submodules any class of the file builds, then the methods that run them. */
	for (const char *q = text; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		if (l.indent > 0)
			rc = submodule_note(&l, &subs);
	}
	bool in_module = false;
	unsigned class_indent = 0, def_indent = 0;
	const char *method = NULL;
	size_t method_len = 0;
	bool off = false, runs = false, decorated_off = false;
	for (const char *q = text; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		if (line_blank(&l))
			continue;
		/* A line at or left of the method's def ends its body. */
		if (method && l.indent <= def_indent) {
			if (runs && !off)
				rc = name_push(&p->forward_methods, method, method_len);
			method = NULL;
		}
		if (in_module && l.indent <= class_indent && !line_starts(&l, "@"))
			in_module = false;
		if (line_starts(&l, "class ")) {
			const char *name = l.content + 6;
			size_t n = word_at(name, l.end);
			in_module = n && bases_say_module(&l, &modules);
			class_indent = l.indent;
			if (in_module && !rc)
				rc = name_push(&modules, name, n);
			decorated_off = false;
			continue;
		}
		if (!in_module || l.indent <= class_indent)
			continue;
		if (!method && line_starts(&l, "@")) {
			decorated_off = decorated_off || line_has(&l, "no_grad") || line_has(&l, "inference_mode");
			continue;
		}
		if (!method && (line_starts(&l, "def ") || line_starts(&l, "async def "))) {
			const char *name = l.content + (line_starts(&l, "def ") ? 4 : 10);
			size_t n = word_at(name, l.end);
			if (n && !method_excluded(name, n)) {
				method = name;
				method_len = n;
				def_indent = l.indent;
				off = decorated_off;
				runs = false;
			}
			decorated_off = false;
			continue;
		}
		decorated_off = false;
		if (method && l.indent > def_indent) {
			/* A with that turns grad off inside the body: the method is careful, leave it. */
			if (line_starts(&l, "with ") && (line_has(&l, "no_grad") || line_has(&l, "inference_mode")))
				off = true;
			else if (calls_submodule(&l, &subs))
				runs = true;
		}
	}
	if (!rc && method && runs && !off)
		rc = name_push(&p->forward_methods, method, method_len);
	gg_strings_free(&modules);
	gg_strings_free(&subs);
	return rc;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void gg_project_forward_methods_sort(gg_project *p)
{
	gg_strings *s = &p->forward_methods;
	if (!s->len)
		return;
	qsort(s->items, s->len, sizeof *s->items, name_cmp);
	size_t out = 1;
	for (size_t i = 1; i < s->len; i++) {
		if (strcmp(s->items[i], s->items[out - 1]) == 0)
			free(s->items[i]);
		else
			s->items[out++] = s->items[i];
	}
	s->len = out;
	p->forward_methods_sorted = true;
}

bool gg_project_forward_method(const gg_project *p, const char *name, size_t len)
{
	const gg_strings *s = &p->forward_methods;
	size_t lo = 0, hi = p->forward_methods_sorted ? s->len : 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *m = s->items[mid];
		size_t n = strlen(m);
		int r = memcmp(m, name, n < len ? n : len);
		if (!r)
			r = n < len ? -1 : n > len;
		if (!r)
			return true;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}
