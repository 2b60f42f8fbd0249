/*
 * What a text scan of each file tells of the project's classes (project.h):
 * which top-level classes are modules and which plain (so that a file that
 * builds one imported from another knows what the value is, SPEC §2), and
 * the forward-like methods of the module classes:
 * methods other than forward() whose body runs a submodule, so that a file
 * that calls `model.get_action(obs)` or `model.inference(seq)` on a model
 * whose class lives in another file knows the call is a forward (SPEC §2).
 * A text scan of each file, linear, run on every file the index reads: a
 * parse of every model file would cost the pre-pass a parse of the project.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "buf.h"
#include "grad_context.h"
#include "library_facts.h"
#include "project.h"
#include "project_lines.h"
#include "semantic/model.h"

/* Whether a list of names (a file's module or plain classes so far) holds the n bytes at p. */
static bool name_listed(const gg_strings *names, const char *p, size_t n)
{
	for (size_t i = 0; i < names->len; i++)
		if (strlen(names->items[i]) == n && memcmp(names->items[i], p, n) == 0)
			return true;
	return false;
}

/*
 * Whether the base whose last name is word[0..n) is written as a class of
 * torch.nn (`nn.Sequential`, `torch.nn.LSTM`, `nn.parallel.DistributedDataParallel`):
 * each is a module, but for the parameter kinds.
 */
static bool torch_nn_class(const char *bases, const char *word, size_t n)
{
	const char *q = word;
	while (q > bases && (word_char(q[-1]) || q[-1] == '.'))
		q--;
	size_t dotted = (size_t)(word + n - q);
	bool nn = (dotted > 3 && memcmp(q, "nn.", 3) == 0) || (dotted > 9 && memcmp(q, "torch.nn.", 9) == 0);
	if (!nn || !isupper((unsigned char)word[0]))
		return false;
	static const char *const plain[] = { "Parameter", "UninitializedParameter", "UninitializedBuffer", "Buffer", NULL };
	for (const char *const *w = plain; *w; w++)
		if (strlen(*w) == n && memcmp(*w, word, n) == 0)
			return false;
	return true;
}

/*
 * Whether a class line's bases make a module: a base whose last name is
 * Module (nn.Module, torch.nn.Module, LightningModule), or ends in Model
 * (a library's PreTrainedModel, a project's BaseModel), or a module class
 * the same file defined before. The name alone speaks only in a file that
 * names a framework (framework), and never for a plain class the file
 * defined itself (plains: a numpy package's own `class Module:`); elsewhere
 * such a base is settled against the project's classes.
 */
static bool bases_say_module(const line *l, const gg_strings *modules, const gg_strings *plains, bool framework)
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
		bool named = (n >= 6 && memcmp(after - 6, "Module", 6) == 0) || (n >= 5 && memcmp(after - 5, "Model", 5) == 0);
		bool bare = p == open + 1 || p[-1] != '.';
		/* A base reached through a name bound to a library that is no torch (`from jittor import nn`: nn.Module is jittor's). */
		const char *head = p;
		while (head > open + 1 && (word_char(head[-1]) || head[-1] == '.'))
			head--;
		if (last && !bare && name_listed(plains, head, word_at(head, l->end))) {
			p = after;
			continue;
		}
		if (last && named && framework && !(bare && name_listed(plains, p, n)))
			return true;
		if (last && torch_nn_class(open + 1, p, n))
			return true;
		if (last && name_listed(modules, p, n))
			return true;
		p = after;
	}
	return false;
}

/* Whether a base named so is Python's own and makes no module: object, an ABC, an Enum, a NamedTuple, an exception. */
static bool python_plain_base(const char *p, size_t n)
{
	static const char *const bases[] = { "object", "ABC", "Enum", "IntEnum", "Flag", "NamedTuple", "Exception", "Protocol", NULL };
	for (const char *const *b = bases; *b; b++)
		if (strlen(*b) == n && memcmp(*b, p, n) == 0)
			return true;
	return false;
}

/*
 * Whether a class line's bases are all known to make a plain class: none,
 * `object`, or plain classes the same file defined before.
 */
static bool bases_say_plain(const line *l, const gg_strings *plains)
{
	const char *open = memchr(l->content, '(', (size_t)(l->end - l->content));
	if (!open)
		return true;
	for (const char *p = open + 1; p < l->end && *p != ')';) {
		size_t n = word_at(p, l->end);
		if (!n) {
			if (*p != ' ' && *p != ',')
				return false; /* a call, a subscript, a keyword: not a plain name */
			p++;
			continue;
		}
		bool known = python_plain_base(p, n) || name_listed(plains, p, n);
		if (!known)
			return false;
		p += n;
		/* A dotted base reached through a plain library's name (`nn.Module` after `from jittor import nn`). */
		while (p < l->end && (word_char(*p) || *p == '.'))
			p++;
		if (p < l->end && *p != ')' && *p != ',' && *p != ' ')
			return false;
	}
	return true;
}

/* "Name module": an entry of the class lists, sorted by the class's name. */
static int class_push(gg_strings *s, const char *name, size_t n, const char *module)
{
	char *entry = gg_strdup_printf("%.*s %s", (int)n, name, module);
	if (!entry)
		return -ENOMEM;
	int rc = gg_strings_push(s, entry);
	free(entry);
	return rc;
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

/* Past the bracket that opens at open (`[i]`, `["a"][0]` one at a time), or end. */
static const char *bracket_end(const char *open, const char *end)
{
	int depth = 0;
	for (const char *p = open; p < end; p++) {
		depth += *p == '[' ? 1 : *p == ']' ? -1 : 0;
		if (depth == 0)
			return p + 1;
	}
	return end;
}

/*
 * Which of subs the body line calls: self(...), self.forward(...) (when own:
 * a module class's method; then subs->len), self.<sub>(...) (its index); -1
 * when none.
 */
static long submodule_called(const line *l, const gg_strings *subs, bool own)
{
	for (const char *p = l->content; p < l->end; p++) {
		const char *hit = memmem(p, (size_t)(l->end - p), "self", 4);
		if (!hit)
			return -1;
		p = hit;
		if (hit > l->content && (word_char(hit[-1]) || hit[-1] == '.'))
			continue;
		const char *q = hit + 4;
		if (own && q < l->end && *q == '(')
			return (long)subs->len;
		/* self[0](x): an item of the container module the class is (a ModuleList's). */
		if (own && q < l->end && *q == '[') {
			const char *r = bracket_end(q, l->end);
			if (r < l->end && *r == '(')
				return (long)subs->len;
			continue;
		}
		if (q >= l->end || *q != '.')
			continue;
		size_t n = word_at(q + 1, l->end);
		const char *after = q + 1 + n;
		/* self.nets["policy"](obs), self.blocks[i](x): an item of a ModuleDict/ModuleList held there. */
		while (n && after < l->end && *after == '[')
			after = bracket_end(after, l->end);
		/* self.encoder.forward(x): only a module has its forward called so, whatever built it (a module handed in). */
		if (own && n && (size_t)(l->end - after) >= 9 && memcmp(after, ".forward(", 9) == 0)
			return (long)subs->len;
		if (!n || after >= l->end || *after != '(')
			continue;
		if (own && n == 7 && memcmp(q + 1, "forward", 7) == 0)
			return (long)subs->len;
		for (size_t i = 0; i < subs->len; i++)
			if (strlen(subs->items[i]) == n && memcmp(subs->items[i], q + 1, n) == 0)
				return (long)i;
	}
	return -1;
}

/* Notes in calls (NUL-separated) the names of self's own methods the code of l calls: `self.beam_search(`. */
static int self_calls_note(const line *l, gg_buf *calls)
{
	for (const char *p = l->content; (p = memmem(p, (size_t)(l->end - p), "self.", 5)) != NULL; p += 5) {
		if (p > l->content && (word_char(p[-1]) || p[-1] == '.'))
			continue;
		size_t n = word_at(p + 5, l->end);
		const char *after = p + 5 + n;
		if (n && after < l->end && *after == '(' && (gg_buf_append(calls, p + 5, n) || gg_buf_append(calls, "", 1)))
			return -ENOMEM;
	}
	return 0;
}

/* A module class's method that ran no submodule: "method callee" in pending_own_forwards for each own method it calls. */
static int self_calls_settle(gg_project *p, const char *method, size_t method_len, const gg_buf *calls)
{
	for (const char *e = calls->data; e && e < calls->data + calls->len; e += strlen(e) + 1) {
		if (strlen(e) == method_len && memcmp(e, method, method_len) == 0)
			continue;
		char *entry = gg_strdup_printf("%.*s %s", (int)method_len, method, e);
		int rc = entry ? gg_strings_push(&p->pending_own_forwards, entry) : -ENOMEM;
		free(entry);
		if (rc)
			return rc;
	}
	return 0;
}

/*
 * `self.<name> = <Capitalised or nn.>...(`: the name of a submodule the class
 * builds, pushed on subs. With modules, only a module class of the file
 * (one of modules) or torch's (`nn.`, `torch.nn.`; not a criterion, `nn.*Loss`)
 * counts: what a plain class holds is a module by its constructor, not by
 * its capital.
 */
static int submodule_note(const line *l, gg_strings *subs, const gg_strings *modules)
{
	const char *p, *q, *last, *call;
	size_t n;
	/* With the file's module classes known, one named in lower case is one too (`self.net = two_layer(...)`). */
	if (!(modules ? self_assign_any_call(l, &p, &n, &q, &last, &call) : self_assign_call(l, &p, &n, &q, &last, &call)))
		return 0;
	if (modules) {
		size_t cn = (size_t)(call - last);
		/* torch's criteria (nn.NLLLoss, nn.CrossEntropyLoss) hold no parameters: computing a loss runs no network. */
		bool torch_nn = (last - q >= 3 && memcmp(last - 3, "nn.", 3) == 0) && *last >= 'A' && *last <= 'Z' &&
				!(cn >= 4 && memcmp(call - 4, "Loss", 4) == 0);
		if (!name_listed(modules, last, cn) && !torch_nn)
			return 0;
	}
	return name_push(subs, p, n);
}

/* Where the value of `name = value` starts, name the n bytes at q (`=` with spaces around it, not `==`), or NULL. */
static const char *assigned_value(const char *q, const char *end, size_t n)
{
	const char *r = q + n;
	while (r < end && *r == ' ')
		r++;
	if (!n || r >= end || *r != '=' || (r + 1 < end && r[1] == '='))
		return NULL;
	for (r++; r < end && *r == ' '; r++)
		;
	return r;
}

/*
 * `self.<name> = value` in a module class's __init__, value one plain name
 * (a parameter, a local: `self.feature_extractor = backbone`): name goes on
 * handed, a part the class was handed, known to be a module once its
 * forward runs it (handed_part_run).
 */
static int handed_attribute_note(const line *l, gg_strings *handed)
{
	if (!line_starts(l, "self."))
		return 0;
	const char *attr = l->content + 5, *end = l->end;
	const char *hash = memchr(attr, '#', (size_t)(end - attr));
	end = hash ? hash : end;
	while (end > attr && end[-1] == ' ')
		end--;
	size_t n = word_at(attr, end);
	const char *r = assigned_value(attr, end, n);
	size_t v = r ? word_at(r, end) : 0;
	if (!v || r + v != end || (*r >= '0' && *r <= '9') || (v == 4 && (memcmp(r, "None", 4) == 0 || memcmp(r, "True", 4) == 0)) ||
	    (v == 5 && memcmp(r, "False", 5) == 0))
		return 0;
	return name_push(handed, attr, n);
}

/*
 * A line of a module class's forward that runs a part its __init__ was
 * handed (`H = self.feature_extractor(x)`): a module, then, by its use;
 * `model.feature_extractor(patch)` in another file runs it (submodules).
 */
static int handed_part_run(gg_project *p, const line *l, const gg_strings *handed)
{
	long at = handed->len ? submodule_called(l, handed, false) : -1;
	if (at < 0 || (size_t)at >= handed->len)
		return 0;
	return name_push(&p->submodules, handed->items[at], strlen(handed->items[at]));
}

/*
 * `self.<name> = X(...)` in a module class's __init__, X a module class of
 * the file or a torch.nn layer the library table says holds parameters
 * (not nn.ReLU, nn.Dropout): name goes on p->submodules.
 */
static int submodule_attribute_note(gg_project *p, const line *l, const gg_strings *modules, const gg_library_facts *libs)
{
	const char *attr, *expr, *last, *call;
	size_t n;
	if (!self_assign_call(l, &attr, &n, &expr, &last, &call))
		return 0;
	size_t cn = (size_t)(call - last);
	bool known = name_listed(modules, last, cn);
	if (!known && libs && last - expr >= 3 && memcmp(last - 3, "nn.", 3) == 0) {
		char *dotted = gg_strdup_printf("torch.nn.%.*s", (int)cn, last);
		if (!dotted)
			return -ENOMEM;
		known = gg_library_facts_module(libs, dotted, strlen(dotted));
		free(dotted);
	}
	return known ? name_push(&p->submodules, attr, n) : 0;
}

/*
 * `self.<name> = Imported(...)` in a plain class, Imported a capitalised
 * name the file imports from a module outside the frameworks: the
 * attribute goes to attrs and the constructor's dotted name to ctors, at
 * the same index, to be settled once every file is read. A name no import
 * binds, in a file with a star import, is the class by its name alone.
 */
static int held_import_note(const line *l, const gg_project_imports *imports, gg_strings *attrs, gg_strings *ctors)
{
	const char *p, *q, *last, *call;
	size_t n;
	if (!self_assign_call(l, &p, &n, &q, &last, &call) || last != q)
		return 0;
	size_t cn = (size_t)(call - last);
	bool star = false;
	for (size_t i = 0; i < imports->len; i++) {
		const gg_project_import *im = &imports->items[i];
		if (gg_analysis_mentions_framework(im->module.ptr, im->module.len))
			continue;
		star = star || (im->name.len == 1 && im->name.ptr[0] == '*');
		if (im->bound.len != cn || memcmp(im->bound.ptr, last, cn) != 0)
			continue;
		char *dotted = gg_strdup_printf("%.*s.%.*s", (int)im->module.len, im->module.ptr, (int)im->name.len,
						im->name.ptr);
		int rc = dotted ? name_push(attrs, p, n) : -ENOMEM;
		if (!rc)
			rc = gg_strings_push(ctors, dotted);
		free(dotted);
		return rc;
	}
	if (!star)
		return 0;
	int rc = name_push(attrs, p, n);
	return rc ? rc : name_push(ctors, last, cn);
}

/* Method names never taken for forwards: the module's own API and what every object has. */
bool gg_project_method_excluded(const char *name, size_t n)
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

/*
 * The imports of imports that bind a class of a library libs says builds
 * plain objects and that is not built on torch (`from sklearn.base import
 * BaseEstimator`): each bound name goes to plains, a base that makes no
 * module and runs no method of its subclasses.
 */
static int plain_imports_note(const gg_project_imports *imports, const gg_library_facts *libs, gg_strings *plains)
{
	int rc = 0;
	for (size_t i = 0; i < imports->len && !rc; i++) {
		const gg_project_import *im = &imports->items[i];
		if (im->relative || (im->name.len == 1 && im->name.ptr[0] == '*'))
			continue;
		char *dotted = gg_strdup_printf("%.*s.%.*s", (int)im->module.len, im->module.ptr, (int)im->name.len,
						im->name.ptr);
		if (!dotted)
			return -ENOMEM;
		size_t dn = strlen(dotted);
		if (gg_library_facts_plain(libs, dotted, dn) && !gg_analysis_mentions_framework(dotted, dn))
			rc = name_push(plains, im->bound.ptr, im->bound.len);
		free(dotted);
	}
	return rc;
}

/* What the scan knows of the class it is in. */
enum { CLASS_IS_OTHER, CLASS_IS_MODULE, CLASS_IS_PLAIN, CLASS_IS_PENDING };

/* The last names of a class line's bases, space-separated ("A B"), into out (NUL-terminated). */
static int bases_note(const line *l, gg_buf *out)
{
	out->len = 0;
	const char *open = memchr(l->content, '(', (size_t)(l->end - l->content));
	for (const char *p = open ? open + 1 : l->end; p < l->end && *p != ')';) {
		size_t n = word_at(p, l->end);
		if (!n) {
			p++;
			continue;
		}
		const char *after = p + n;
		bool keyword = after < l->end && *after == '='; /* metaclass=ABCMeta */
		if (!keyword && (after >= l->end || *after != '.') &&
		    (gg_buf_append(out, p, n) || gg_buf_append(out, " ", 1)))
			return -ENOMEM;
		p = after;
	}
	return gg_buf_append(out, "", 1);
}

/*
 * Notes a plain class's method that puts what the instance holds in eval
 * mode (`def setup_to_test(self): self.net_g.eval()`, no .train( in it):
 * "Class.method module" in holder_eval_methods. 0 or -ENOMEM.
 */
static int eval_method_note(gg_project *p, const char *cls, size_t cls_len, const char *method, size_t method_len,
			    const char *module)
{
	if (!cls)
		return 0;
	char *entry = gg_strdup_printf("%.*s.%.*s %s", (int)cls_len, cls, (int)method_len, method, module);
	int rc = entry ? gg_strings_push(&p->holder_eval_methods, entry) : -ENOMEM;
	free(entry);
	return rc;
}

/*
 * Notes a method whose body was read: a module class's that runs a
 * submodule with grad on is forward-like, one it runs with grad off (off)
 * makes its name no forward by itself; a plain class's that runs a
 * module it holds, with grad on and no work of its own (own_work: it
 * trains, changes grad or sets a mode), is a holder's (an agent's
 * select_action), and so is a pending class's (holds) where the class
 * settles plain; ctor: the dotted name of the imported class that built
 * what a plain class's method runs, when that is all it runs (pending).
 * Returns 0 or -ENOMEM.
 */
static int method_note(gg_project *p, int kind, const char *cls, size_t cls_len, const char *method,
		       size_t method_len, const char *module, bool runs, bool holds, const char *ctor, bool off,
		       bool own_work)
{
	if (kind == CLASS_IS_PENDING && holds && !off && !own_work && cls) {
		char *entry = gg_strdup_printf("%.*s.%.*s %s", (int)cls_len, cls, (int)method_len, method, module);
		int rc = entry ? gg_strings_push(&p->pending_held, entry) : -ENOMEM;
		free(entry);
		if (rc)
			return rc;
	}
	/* A pending class may settle plain: its methods named as a module's API are read for that alone (above). */
	if (kind == CLASS_IS_PENDING && gg_project_method_excluded(method, method_len))
		return 0;
	if (off && (kind == CLASS_IS_MODULE || kind == CLASS_IS_PENDING))
		return name_push(&p->off_methods, method, method_len);
	if (kind == CLASS_IS_PLAIN && (off || (!runs && !ctor))) {
		int rc = name_push(&p->plain_methods, method, method_len);
		if (rc || off)
			return rc;
	}
	if (!runs && ctor && !off && !own_work && cls) {
		/* It runs what an imported class built: a holder's once that class is known a module. */
		char *entry = gg_strdup_printf("%.*s.%.*s %s %s", (int)cls_len, cls, (int)method_len, method, module, ctor);
		int rc = entry ? gg_strings_push(&p->pending_holders, entry) : -ENOMEM;
		free(entry);
		return rc;
	}
	if (!runs || off)
		return 0;
	if (kind == CLASS_IS_MODULE)
		return name_push(&p->forward_methods, method, method_len);
	char *entry = NULL;
	if (kind == CLASS_IS_PENDING) {
		/* Settled with its class (gg_project_classes_sort). */
		if (!(entry = gg_strdup_printf("%.*s %s %.*s", (int)cls_len, cls, module, (int)method_len, method)))
			return -ENOMEM;
		int rc = gg_strings_push(&p->pending_methods, entry);
		free(entry);
		return rc;
	}
	if (own_work || !cls)
		return 0;
	entry = gg_strdup_printf("%.*s.%.*s %s", (int)cls_len, cls, (int)method_len, method, module);
	if (!entry)
		return -ENOMEM;
	int rc = gg_strings_push(&p->holder_methods, entry);
	free(entry);
	return rc;
}

/*
 * What a module class's __init__ says of its own parameters' grad: a loop
 * `for p in self.parameters(): p.requires_grad = V` (or requires_grad_(V)),
 * or `self.requires_grad_(V)`, V False or a parameter of __init__ that
 * defaults to False (`requires_grad=False`). The scan feeds it __init__'s
 * lines, its signature first.
 */
typedef struct init_scan {
	gg_buf sig;            /* the signature, from `def __init__(` to its `)` */
	int depth;             /* of parentheses in sig so far; 0 once it is whole */
	const char *loop_var;  /* of `for X in self.parameters():`, or NULL */
	size_t loop_var_len;
	unsigned loop_indent;
	const char *freeze;    /* V, or NULL */
	size_t freeze_len;
} init_scan;

/* After "requires_grad = " or "requires_grad_(": the value's word (False, a name), or 0. */
static size_t freeze_value(const char *p, const char *end)
{
	while (p < end && *p == ' ')
		p++;
	return word_at(p, end);
}

/* One line of __init__'s body (the signature's included, read into sig first). */
static int init_scan_line(init_scan *x, const line *l)
{
	if (x->depth > 0 || (!x->sig.len && line_starts(l, "def "))) {
		for (const char *q = l->content; q < l->end; q++)
			x->depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
		return gg_buf_append(&x->sig, l->content, (size_t)(l->end - l->content)) || gg_buf_append(&x->sig, " ", 1)
			       ? -ENOMEM
			       : 0;
	}
	if (x->loop_var && l->indent <= x->loop_indent)
		x->loop_var = NULL;
	if (line_starts(l, "for ") && line_has(l, "in self.parameters()")) {
		x->loop_var = l->content + 4;
		x->loop_var_len = word_at(x->loop_var, l->end);
		x->loop_indent = l->indent;
		return 0;
	}
	const char *at = NULL;
	size_t skip = 0;
	if (x->loop_var && x->loop_var_len && (size_t)(l->end - l->content) > x->loop_var_len + 1 &&
	    memcmp(l->content, x->loop_var, x->loop_var_len) == 0 && l->content[x->loop_var_len] == '.')
		at = l->content + x->loop_var_len + 1;
	else if (line_starts(l, "self.requires_grad_("))
		at = l->content + 5;
	if (!at)
		return 0;
	if (l->end - at > 15 && memcmp(at, "requires_grad_(", 15) == 0)
		skip = 15;
	else if (l->end - at > 13 && memcmp(at, "requires_grad", 13) == 0) {
		const char *q = at + 13;
		while (q < l->end && *q == ' ')
			q++;
		if (q < l->end && *q == '=' && (q + 1 >= l->end || q[1] != '='))
			skip = (size_t)(q + 1 - at);
	}
	size_t n = skip ? freeze_value(at + skip, l->end) : 0;
	if (n) {
		const char *v = at + skip;
		while (*v == ' ')
			v++;
		x->freeze = v;
		x->freeze_len = n;
	}
	return 0;
}

/*
 * Where __init__'s parameter name (len n) defaults to False: its place among
 * the parameters after self (0-based), or -1 when it does not.
 */
static int init_false_default(const gg_buf *sig, const char *name, size_t n)
{
	const char *s = sig->data, *end = s + sig->len;
	const char *open = s ? memchr(s, '(', sig->len) : NULL;
	if (!open)
		return -1;
	int place = -1, depth = 0;
	for (const char *p = open + 1; p < end; p++) {
		if (*p == '(' || *p == '[' || *p == '{')
			depth++;
		else if (*p == ')' || *p == ']' || *p == '}')
			depth--;
		if (depth < 0)
			break;
		if (depth == 0 && *p == ',')
			place++;
		if (depth || !word_char(*p) || (p > open + 1 && word_char(p[-1])))
			continue;
		size_t w = word_at(p, end);
		if (w != n || memcmp(p, name, n) != 0) {
			p += w ? w - 1 : 0;
			continue;
		}
		/* name, an annotation perhaps, then "= False". */
		const char *q = p + n;
		while (q < end && *q != '=' && *q != ',' && *q != ')')
			q++;
		if (q >= end || *q != '=')
			return -1;
		for (q++; q < end && *q == ' '; q++)
			;
		return end - q >= 5 && memcmp(q, "False", 5) == 0 && !word_char(q[5]) ? place : -1;
	}
	return -1;
}

/* The verdict of a whole __init__ into frozen_classes: "Name module -" (always) or "Name module PARAM PLACE". */
static int init_scan_end(gg_project *p, init_scan *x, const char *cls, size_t cls_len, const char *module)
{
	int rc = 0;
	bool always = x->freeze && x->freeze_len == 5 && memcmp(x->freeze, "False", 5) == 0;
	int place = x->freeze && !always ? init_false_default(&x->sig, x->freeze, x->freeze_len) : -1;
	/* A value set any other way (a parameter with another default, an expression): nothing known. */
	if (always || place >= 0) {
		char *entry = always ? gg_strdup_printf("%.*s %s -", (int)cls_len, cls, module)
				     : gg_strdup_printf("%.*s %s %.*s %d", (int)cls_len, cls, module, (int)x->freeze_len,
							x->freeze, place);
		rc = entry ? gg_strings_push(&p->frozen_classes, entry) : -ENOMEM;
		free(entry);
	}
	gg_buf_free(&x->sig);
	memset(x, 0, sizeof *x);
	return rc;
}

/* The bases of a class line, between its brackets, spaces trimmed: [*b, *e). False when it has none. */
static bool class_bases(const line *l, const char **b, const char **e)
{
	const char *open = memchr(l->content, '(', (size_t)(l->end - l->content));
	const char *close = open ? memchr(open, ')', (size_t)(l->end - open)) : NULL;
	if (!close)
		return false;
	for (*b = open + 1, *e = close; *b < *e && **b == ' ';)
		++*b;
	while (*e > *b && (*e)[-1] == ' ')
		--*e;
	return true;
}

/*
 * Whether a class line's bases are torch's Module alone (however its path is
 * spelled: nn.Module, torch.nn.modules.Module), or beside Python's own plain
 * bases only: `class Loss(nn.Module):`, `class Algo(torch.nn.Module, ABC):`.
 */
static bool base_is_torch_module(const line *l)
{
	const char *b, *e;
	if (!class_bases(l, &b, &e))
		return false;
	bool module = false;
	for (const char *q = b; q < e;) {
		const char *comma = memchr(q, ',', (size_t)(e - q)), *end = comma ? comma : e;
		while (q < end && *q == ' ')
			q++;
		const char *last = end;
		while (last > q && last[-1] == ' ')
			last--;
		size_t n = (size_t)(last - q);
		static const char *const spellings[] = { "nn.Module", "torch.nn.Module", "nn.modules.Module", "torch.nn.modules.Module",
							 "nn.modules.module.Module", "torch.nn.modules.module.Module", NULL };
		bool spelled = false;
		for (const char *const *w = spellings; *w && !spelled; w++)
			spelled = strlen(*w) == n && memcmp(q, *w, n) == 0;
		if (spelled)
			module = true;
		else if (!python_plain_base(q, n))
			return false;
		q = comma ? comma + 1 : e;
	}
	return module;
}

/*
 * The one base of a class line that is not torch's Module, by its last name
 * (`class JPEGFilter(base.Processor):` gives Processor), or an empty span.
 */
static gg_text_span single_base(const line *l)
{
	gg_text_span none = { NULL, 0 };
	const char *b, *e;
	if (!class_bases(l, &b, &e) || memchr(b, ',', (size_t)(e - b)))
		return none;
	for (const char *q = b; q < e; q++)
		if (!word_char(*q) && *q != '.')
			return none;
	const char *dot = memrchr(b, '.', (size_t)(e - b));
	gg_text_span last = { dot ? dot + 1 : b, (size_t)(e - (dot ? dot + 1 : b)) };
	return last.len ? last : none;
}

/* A class read by paramless_note: where its body starts, and its one base if that is not torch's Module. */
typedef struct paramless_class {
	const char *name, *body;
	size_t n;
	gg_text_span base;
} paramless_class;

/*
 * Whether the class body [body, end) calls an attribute of self, or a
 * method of one (`self.proj(x)`, `self.norm.forward(x)`): something it
 * holds runs. Its own buffers' registration runs nothing.
 */
static bool runs_own_attribute(const char *body, const char *end)
{
	for (const char *q = body; (q = memmem(q, (size_t)(end - q), "self.", 5)) != NULL; q += 5) {
		if (q > body && (word_char(q[-1]) || q[-1] == '.'))
			continue;
		const char *w = q + 5, *after = w;
		while (after < end && (word_char(*after) || *after == '.'))
			after++;
		if (after >= end || *after != '(')
			continue;
		size_t n = (size_t)(after - w);
		if (!((n == 15 && memcmp(w, "register_buffer", 15) == 0) || (n == 8 && memcmp(w, "__init__", 8) == 0)))
			return true;
	}
	return false;
}

/* sem_text_resolver's fn for another file's classes: a name's first segment through the file's from-imports. */
static bool import_resolve(const void *ctx, const char *name, size_t len, gg_buf *out)
{
	const char *dot = memchr(name, '.', len);
	size_t head = dot ? (size_t)(dot - name) : len;
	const gg_project_import *im = ctx ? gg_project_import_of(ctx, name, head) : NULL;
	return im && !im->relative &&
	       !gg_buf_printf(out, "%.*s.%.*s%.*s", (int)im->module.len, im->module.ptr, (int)im->name.len, im->name.ptr,
			      (int)(len - head), name + head);
}

static int paramless_close(gg_project *p, const char *module, const paramless_class *k, const char *end,
			   const gg_library_facts *libs, const gg_project_imports *imports)
{
	sem_text_resolver resolve = { import_resolve, imports };
	bool handed = false;
	if (!sem_text_holds_no_parameters(k->body, (size_t)(end - k->body), libs, &resolve, &handed))
		return 0;
	if (!k->base.len) {
		int rc = class_push(&p->paramless_classes, k->name, k->n, module);
		/* Nothing handed to it can make it record: it runs nothing it holds, or holds nothing handed in. */
		if (!rc && (!runs_own_attribute(k->body, end) || !handed))
			rc = class_push(&p->weightless_classes, k->name, k->n, module);
		return rc;
	}
	char *entry = gg_strdup_printf("%.*s %s %.*s", (int)k->n, k->name, module, (int)k->base.len, k->base.ptr);
	int rc = entry ? gg_strings_push(&p->pending_paramless, entry) : -ENOMEM;
	free(entry);
	return rc;
}

/*
 * The top-level module classes of text that hold no parameters (their one
 * base torch's Module, their body as sem_text_holds_no_parameters says): a
 * loss or a metric written as a module, "Name module" on
 * p->paramless_classes. Calling one records only what its inputs bring.
 * A class with one other base and such a body waits on pending_paramless.
 */
static int paramless_note(gg_project *p, const char *module, const char *text, size_t len, const gg_library_facts *libs,
			  const gg_project_imports *imports)
{
	const char *end = text + len;
	paramless_class k = { NULL, NULL, 0, { NULL, 0 } };
	int rc = 0;
	bool quoted = false; /* in a triple-quoted string: its lines at the margin close nothing */
	for (const char *q = text; q < end && !rc;) {
		line l;
		const char *next = line_read(q, end, &l);
		bool top = !line_is_text(&l, &quoted) && !line_blank(&l) && l.indent == 0;
		/* A line back at the left margin closes the class being read. */
		if (k.name && top && !line_starts(&l, "@")) {
			rc = paramless_close(p, module, &k, q, libs, imports);
			k.name = NULL;
		}
		if (!rc && top && line_starts(&l, "class ")) {
			bool module_base = base_is_torch_module(&l);
			k.base = module_base ? (gg_text_span){ NULL, 0 } : single_base(&l);
			k.name = module_base || k.base.len ? l.content + 6 : NULL;
			k.n = k.name ? word_at(k.name, l.end) : 0;
			k.body = next;
			if (!k.n)
				k.name = NULL;
		}
		q = next;
	}
	/* The last class runs to the end of the text. */
	if (!rc && k.name)
		rc = paramless_close(p, module, &k, end, libs, imports);
	return rc;
}

/*
 * A plain class's body building a module into a local name first
 * (`reduce = ReduceState()`, `reduce = reduce.eval()`), then holding it
 * (`self.reduce_state = reduce`): made keeps the names a line binds to a
 * module class of the file (modules) or to such a name's method chain, and
 * an attribute of self bound to one of them is held as if built there
 * (held, and the project's submodule names). Returns 0 or -ENOMEM.
 */
static int held_local_note(gg_project *p, const line *l, const gg_strings *modules, gg_strings *made, gg_strings *held)
{
	const char *q = l->content, *end = l->end;
	bool self = line_starts(l, "self.");
	if (self)
		q += 5;
	size_t n = word_at(q, end);
	const char *r = assigned_value(q, end, n);
	size_t v = r ? word_at(r, end) : 0;
	if (!v)
		return 0;
	bool local = name_listed(made, r, v) && (r + v == end || r[v] == '.');
	if (self) {
		int rc = local ? name_push(held, q, n) : 0;
		return rc || !local ? rc : name_push(&p->submodules, q, n);
	}
	/* `name = Module(...)`, `name = name.eval()` / `.cuda()`: the name holds a module. */
	bool built = r + v < end && r[v] == '(' && name_listed(modules, r, v);
	return built || local ? name_push(made, q, n) : 0;
}

/*
 * The bit of each parameter of a one-line def header (`def update(self, val,
 * n=1):`, self not counted, up to 32) that rhs names, rhs being names,
 * numbers and arithmetic alone (`val * n`): what a call hands there is what
 * the line adds. A call, an attribute or a subscript on it may be anything
 * (`val.item()`): 0.
 */
static uint32_t params_named(const char *def, const char *def_end, const char *rhs, const char *end)
{
	for (const char *q = rhs; q < end; q++) {
		if (!word_char(*q) && !strchr(" \t*/+-()", *q))
			return 0;
		/* A bracket after a name is a call's (`float(val)`): only grouping ones are arithmetic. */
		const char *b = q;
		while (*q == '(' && b > rhs && b[-1] == ' ')
			b--;
		if (*q == '(' && b > rhs && word_char(b[-1]))
			return 0;
	}
	const char *open = memchr(def, '(', (size_t)(def_end - def));
	const char *close = open ? memchr(open, ')', (size_t)(def_end - open)) : NULL;
	if (!close)
		return 0; /* a header over several lines: its parameters are not read */
	uint32_t bits = 0;
	int place = -1; /* self first */
	for (const char *q = open + 1; q < close && place < 32;) {
		while (q < close && (*q == ' ' || *q == ','))
			q++;
		if (q < close && *q == '*')
			break; /* *args: the places after it are the caller's choice */
		size_t n = word_at(q, close);
		if (!n)
			break;
		for (const char *w = rhs; place >= 0 && w < end;) {
			size_t m = word_at(w, end);
			if (m == n && memcmp(w, q, n) == 0 && !(w > rhs && word_char(w[-1])))
				bits |= 1u << place;
			w += m ? m : 1;
		}
		place++;
		const char *comma = memchr(q, ',', (size_t)(close - q));
		q = comma ? comma + 1 : close;
	}
	return bits;
}

/*
 * The bit of the parameter of a one-line def header that line binds anew
 * (`v = v.data.sum()`, `v, n = ...`): what the method adds from then on may
 * not be what it was handed.
 */
static uint32_t line_rebinds(const line *l, const char *def, const char *def_end)
{
	const char *end = l->end, *q = l->content;
	uint32_t bits = 0;
	/* The names before a lone `=` (`v =`, `v, n =`, `v: float =`), each a target. */
	for (size_t n; (n = word_at(q, end)) > 0;) {
		bits |= params_named(def, def_end, q, q + n);
		for (q += n; q < end && *q == ' '; q++)
			;
		if (q < end && *q == ',') {
			for (q++; q < end && *q == ' '; q++)
				;
			continue;
		}
		bool assigns = q < end && (*q == ':' || (*q == '=' && (q + 1 == end || q[1] != '=')));
		return assigns ? bits : 0;
	}
	return 0;
}

/* What a line of a method's body adds into the object, by parameter (params_named): `self.x += rhs`, `self.x.append(rhs)`. */
static uint32_t line_accumulates(const line *l, const char *def, const char *def_end)
{
	if (!line_starts(l, "self."))
		return 0;
	const char *p = l->content + 5, *end = l->end;
	const char *hash = memchr(p, '#', (size_t)(end - p));
	if (hash)
		end = hash;
	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	size_t n = word_at(p, end);
	if (!n)
		return 0;
	p += n;
	if (end - p > 9 && memcmp(p, ".append(", 8) == 0 && end[-1] == ')')
		return params_named(def, def_end, p + 8, end - 1);
	while (p < end && *p == ' ')
		p++;
	if (end - p > 2 && (p[0] == '+' || p[0] == '-') && p[1] == '=')
		return params_named(def, def_end, p + 2, end);
	return 0;
}

/* Notes method of class cls as adding its parameter at the lowest bit of bits into its object (accumulators). */
static int accumulator_note(gg_project *p, const char *cls, size_t cls_len, const char *method, size_t method_len,
			    const char *module, uint32_t bits)
{
	unsigned place = 0;
	while (!(bits & (1u << place)))
		place++;
	char *entry = gg_strdup_printf("%s.%.*s %.*s %u", module, (int)cls_len, cls, (int)method_len, method, place);
	int rc = entry ? gg_strings_push(&p->accumulators, entry) : -ENOMEM;
	free(entry);
	return rc;
}

int gg_project_classes_scan(gg_project *p, const char *module, const char *text, size_t len,
			    const gg_project_imports *imports, const gg_library_facts *libs)
{
	if (!gg_text_contains(text, len, "class "))
		return 0;
	/* Every file's classes: a parameterless base may be another file's (`class Squeeze(Processor):`). */
	int prc = paramless_note(p, module, text, len, libs, imports);
	if (prc)
		return prc;
	const char *end = text + len;
	bool framework = gg_analysis_mentions_framework(text, len);
	gg_strings modules, subs, plains, held, held_imported, held_ctors;
	gg_strings_init(&modules);
	gg_strings_init(&subs);
	gg_strings_init(&plains);
	gg_strings_init(&held); /* what the plain classes hold that is a module: self.actor = Actor(...) */
	gg_strings handed; /* what module classes' __init__ assign self.<name> from one plain name (handed_attribute_note) */
	gg_strings_init(&handed);
	gg_strings made; /* local names a plain class's method binds to a module (held_local_note) */
	gg_strings_init(&made);
	gg_buf self_calls = { NULL, 0, 0 }; /* the own methods a module class's method calls (self_calls_note) */
	/* What the plain classes hold that an imported class built, and that class's dotted name, index by index. */
	gg_strings_init(&held_imported);
	gg_strings_init(&held_ctors);
	/* First the plain bases it imports and the submodules any class of the file builds, then the methods that run them. */
	int rc = libs ? plain_imports_note(imports, libs, &plains) : 0;
	for (const char *q = text; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		if (l.indent > 0)
			rc = submodule_note(&l, &subs, NULL);
	}
	int kind = CLASS_IS_OTHER; /* of the class whose body the scan is in */
	gg_buf bases = { NULL, 0, 0 };
	const char *class_name = NULL;
	size_t class_len = 0;
	unsigned class_indent = 0, def_indent = 0;
	const char *method = NULL;
	size_t method_len = 0;
	const char *def_line = NULL, *def_line_end = NULL; /* the method's header, for its parameters */
	uint32_t adds = 0; /* the parameters the method adds into its object (line_accumulates) */
	uint32_t rebound = 0; /* ... and those it binds anew (line_rebinds): no longer what a call hands */
	bool off = false, runs = false, holds = false, own_work = false, decorated_off = false;
	bool sets_eval = false, sets_train = false; /* a plain class's method: self.<x>.eval(), .train( in its body */
	const char *ctor = NULL; /* of held_ctors: what the method runs, built by an imported class */
	long at;
	init_scan init; /* a module class's __init__, while the scan is in it */
	memset(&init, 0, sizeof init);
	bool in_init = false, quoted = false;
	unsigned init_indent = 0;
	bool in_forward = false; /* in a module class's forward(), which method_note leaves out */
	unsigned forward_indent = 0;
	for (const char *q = text; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		/* A docstring's lines are no code, and its lines at the margin close no class. */
		if (line_blank(&l) || line_is_text(&l, &quoted))
			continue;
		if (in_init && l.indent <= init_indent && init.depth <= 0) {
			rc = init_scan_end(p, &init, class_name, class_len, module);
			in_init = false;
			if (rc)
				break;
		}
		if (in_init) {
			if ((rc = init_scan_line(&init, &l)) != 0)
				break;
			/* What a pending class holds, should it settle plain. */
			if (kind == CLASS_IS_PENDING && (rc = submodule_note(&l, &held, &modules)) != 0)
				break;
			/* A module class's submodule (self.blk = SubNet(...), SubNet a module class of the file or torch's). */
			if (kind == CLASS_IS_MODULE && (rc = submodule_attribute_note(p, &l, &modules, libs)) != 0)
				break;
			if (kind == CLASS_IS_MODULE && (rc = handed_attribute_note(&l, &handed)) != 0)
				break;
			continue;
		}
		/* A line at or left of the method's def ends its body (a header's closing bracket does not). */
		if (method && l.indent <= def_indent && !line_closes_bracket(&l)) {
			rc = method_note(p, kind, class_name, class_len, method, method_len, module, runs, holds, ctor,
					 off, own_work);
			if (!rc && kind == CLASS_IS_MODULE && !runs && !off)
				rc = self_calls_settle(p, method, method_len, &self_calls);
			if (!rc && kind == CLASS_IS_PLAIN && sets_eval && !sets_train)
				rc = eval_method_note(p, class_name, class_len, method, method_len, module);
			if (!rc && (adds & ~rebound) && class_indent == 0)
				rc = accumulator_note(p, class_name, class_len, method, method_len, module, adds & ~rebound);
			method = NULL;
		}
		if (kind != CLASS_IS_OTHER && l.indent <= class_indent && !line_starts(&l, "@") && !line_closes_bracket(&l))
			kind = CLASS_IS_OTHER;
		if (line_starts(&l, "class ")) {
			const char *name = l.content + 6;
			size_t n = word_at(name, l.end);
			kind = n && bases_say_module(&l, &modules, &plains, framework) ? CLASS_IS_MODULE : CLASS_IS_OTHER;
			class_indent = l.indent;
			if (kind == CLASS_IS_MODULE && !rc)
				rc = name_push(&modules, name, n);
			/* Top-level classes, for the files that import them. */
			if (n && l.indent == 0 && !rc) {
				if (kind == CLASS_IS_MODULE) {
					rc = class_push(&p->module_classes, name, n, module);
					if (!rc && framework)
						rc = class_push(&p->framework_classes, name, n, module);
				} else if (bases_say_plain(&l, &plains) && !(rc = name_push(&plains, name, n))) {
					rc = class_push(&p->plain_classes, name, n, module);
					kind = CLASS_IS_PLAIN;
				} else if (!(rc = bases_note(&l, &bases)) && bases.len > 1 &&
					   !(rc = class_push(&p->pending_classes, name, n, module))) {
					/* Bases from other files: settled once every file is read. */
					rc = gg_strings_push(&p->pending_bases, bases.data);
					kind = CLASS_IS_PENDING;
				}
			}
			class_name = name;
			class_len = n;
			gg_strings_free(&made); /* a class's local names are its own */
			gg_strings_init(&made);
			decorated_off = false;
			continue;
		}
		if (in_forward && l.indent <= forward_indent && !line_closes_bracket(&l))
			in_forward = false;
		if (kind == CLASS_IS_OTHER || l.indent <= class_indent)
			continue;
		if (in_forward && (rc = handed_part_run(p, &l, &handed)) != 0)
			break;
		if (kind == CLASS_IS_MODULE && line_starts(&l, "def forward(")) {
			in_forward = true;
			forward_indent = l.indent;
		}
		/* Any line of a plain class's body, __init__'s above all (a pending class's __init__ is read above). */
		if (kind == CLASS_IS_PLAIN && ((rc = submodule_note(&l, &held, &modules)) != 0 ||
					       (rc = held_import_note(&l, imports, &held_imported, &held_ctors)) != 0 ||
					       (rc = held_local_note(p, &l, &modules, &made, &held)) != 0))
			break;
		if (kind == CLASS_IS_PENDING && (rc = submodule_note(&l, &held, &modules)) != 0)
			break;
		if (!method && line_starts(&l, "@")) {
			decorated_off = decorated_off || line_has(&l, "no_grad") || line_has(&l, "inference_mode");
			continue;
		}
		if (!method && (kind == CLASS_IS_MODULE || kind == CLASS_IS_PENDING) && line_starts(&l, "def __init__(")) {
			/* What it does to its own parameters' grad (init_scan). */
			in_init = true;
			init_indent = l.indent;
			if ((rc = init_scan_line(&init, &l)) != 0)
				break;
			decorated_off = false;
			continue;
		}
		if (!method && (line_starts(&l, "def ") || line_starts(&l, "async def "))) {
			const char *name = l.content + (line_starts(&l, "def ") ? 4 : 10);
			size_t n = word_at(name, l.end);
			/*
			 * A plain class's own helper (`_step`, not a dunder) is kept:
			 * holder_methods are matched by class, and a script that drives
			 * the holder calls it from outside (`runner._step(batch)`). So
			 * are names a module's API has: a plain class's `eval(x, y)` is
			 * its own method, whatever nn.Module's eval() does (and a
			 * pending class's, which may settle plain: method_note).
			 */
			bool plain = (kind == CLASS_IS_PLAIN || kind == CLASS_IS_PENDING) && n &&
				     !(n > 1 && name[0] == '_' && name[1] == '_');
			if (n && (plain || !gg_project_method_excluded(name, n))) {
				method = name;
				method_len = n;
				def_indent = l.indent;
				off = decorated_off;
				runs = holds = own_work = sets_eval = sets_train = false;
				ctor = NULL;
				def_line = l.content;
				def_line_end = l.end;
				adds = rebound = 0;
				self_calls.len = 0;
			}
			decorated_off = false;
			continue;
		}
		decorated_off = false;
		if (method && l.indent > def_indent) {
			/* A with that turns grad off inside the body: the method is careful, leave it. */
			if (line_starts(&l, "with ") && (line_has(&l, "no_grad") || line_has(&l, "inference_mode")))
				off = true;
			else if (submodule_called(&l, kind == CLASS_IS_PLAIN ? &held : &subs, kind != CLASS_IS_PLAIN) >= 0)
				runs = true;
			else if (kind == CLASS_IS_MODULE && (rc = self_calls_note(&l, &self_calls)) != 0)
				break;
			if (kind == CLASS_IS_PENDING && submodule_called(&l, &held, false) >= 0)
				holds = true;
			else if (kind == CLASS_IS_PLAIN && !ctor && (at = submodule_called(&l, &held_imported, false)) >= 0)
				ctor = held_ctors.items[at];
			/*
			 * What keeps a holder's method out: it trains or changes grad, or
			 * sets a mode (.eval(), .train()): then it is evaluation code of
			 * its own, which its own file reports, where the fix belongs.
			 */
			if (line_has(&l, "backward") || line_has(&l, ".step(") || line_has(&l, "zero_grad") ||
			    line_has(&l, "set_grad_enabled") || line_has(&l, "enable_grad") || line_has(&l, ".eval()") ||
			    line_has(&l, ".train("))
				own_work = true;
			sets_eval = sets_eval || (line_starts(&l, "self.") && line_has(&l, ".eval()"));
			adds |= line_accumulates(&l, def_line, def_line_end);
			rebound |= line_rebinds(&l, def_line, def_line_end);
			sets_train = sets_train || line_has(&l, ".train(");
		}
	}
	if (!rc && method)
		rc = method_note(p, kind, class_name, class_len, method, method_len, module, runs, holds, ctor, off,
				 own_work);
	if (!rc && method && kind == CLASS_IS_MODULE && !runs && !off)
		rc = self_calls_settle(p, method, method_len, &self_calls);
	if (!rc && method && kind == CLASS_IS_PLAIN && sets_eval && !sets_train)
		rc = eval_method_note(p, class_name, class_len, method, method_len, module);
	if (!rc && method && (adds & ~rebound) && class_indent == 0)
		rc = accumulator_note(p, class_name, class_len, method, method_len, module, adds & ~rebound);
	if (!rc && in_init)
		rc = init_scan_end(p, &init, class_name, class_len, module);
	gg_buf_free(&init.sig);
	gg_buf_free(&bases);
	gg_strings_free(&held_imported);
	gg_strings_free(&held_ctors);
	gg_strings_free(&modules);
	gg_strings_free(&subs);
	gg_strings_free(&plains);
	gg_strings_free(&held);
	gg_strings_free(&handed);
	gg_strings_free(&made);
	gg_buf_free(&self_calls);
	return rc;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void gg_project_sort_unique(gg_strings *s)
{
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
}

int gg_project_settle(gg_project *p, gg_strings *pending, gg_strings *settled, gg_project_settle_fn fn)
{
	int rc = 0;
	for (bool changed = pending->len > 0; changed && !rc;) {
		changed = false;
		gg_project_sort_unique(settled);
		gg_strings found = { NULL, 0, 0 }; /* settled in this pass: looked up from the next */
		size_t kept = 0;
		for (size_t i = 0; i < pending->len; i++) {
			char *e = pending->items[i], *entry = NULL;
			if (!rc)
				rc = fn(p, e, &entry);
			if (rc || !entry) {
				pending->items[kept++] = e;
				continue;
			}
			rc = gg_strings_push(&found, entry);
			free(entry);
			free(e);
			changed = true;
		}
		pending->len = kept;
		for (size_t i = 0; i < found.len && !rc; i++)
			rc = gg_strings_push(settled, found.items[i]);
		gg_strings_free(&found);
	}
	gg_strings_free(pending);
	gg_strings_init(pending);
	gg_project_sort_unique(settled);
	return rc;
}

/*
 * Splits a dotted name an import resolves to (module.Class) into its class
 * name (returned, *n its length) and module (*module, NULL when there is
 * none), a relative import's leading dots dropped: the index's names are
 * matched by their dotted tails.
 */
static const char *dotted_split(const char *dotted, size_t len, const char **module, size_t *module_len, size_t *n)
{
	const char *dot = memrchr(dotted, '.', len);
	*module = NULL;
	*module_len = 0;
	if (dot) {
		*module = dotted;
		*module_len = (size_t)(dot - dotted);
		while (*module_len && **module == '.') {
			(*module)++;
			(*module_len)--;
		}
		if (!*module_len)
			*module = NULL;
	}
	const char *name = dot ? dot + 1 : dotted;
	*n = len - (size_t)(name - dotted);
	return name;
}

static bool class_listed(const gg_strings *list, const char *name, size_t n, const char *module, size_t module_len);

/* A pending_paramless entry ("Name module Base") whose base is a parameterless class: "Name module". */
static int paramless_settles(gg_project *p, const char *e, char **out)
{
	const char *sp = strchr(e, ' '), *base = sp ? strchr(sp + 1, ' ') : NULL;
	if (!base || !class_listed(&p->paramless_classes, base + 1, strlen(base + 1), NULL, 0))
		return 0;
	*out = strndup(e, (size_t)(base - e)); /* the entry without its base */
	return *out ? 0 : -ENOMEM;
}

/*
 * Settles pending_paramless: a class whose one base is a parameterless class
 * (by its last name, of any module) is one, to a fixed point. 0 or -ENOMEM.
 */
static int paramless_settle(gg_project *p)
{
	return gg_project_settle(p, &p->pending_paramless, &p->paramless_classes, paramless_settles);
}

/*
 * Settles the pending classes: one with a base among the module classes, or
 * among those settled so, is one, to a fixed point (a chain of bases across
 * files), and its forward-like methods join forward_methods. A name that is
 * also a plain class's settles nothing. The classes themselves stay out of
 * module_classes: what a value built from one is (an annotation, a
 * constructor) is left to the evidence at hand, and only the method names
 * are learned. 0 or -ENOMEM.
 */
static int pending_settle(gg_project *p)
{
	size_t n = p->pending_classes.len < p->pending_bases.len ? p->pending_classes.len : p->pending_bases.len;
	bool *settled = n ? calloc(n, sizeof *settled) : NULL;
	if (n && !settled)
		return -ENOMEM;
	gg_strings modules; /* module_classes and the classes settled so far */
	gg_strings_init(&modules);
	int rc = 0;
	for (size_t i = 0; i < p->module_classes.len && !rc; i++)
		rc = gg_strings_push(&modules, p->module_classes.items[i]);
	for (bool changed = true; changed && !rc;) {
		changed = false;
		gg_project_sort_unique(&modules);
		gg_project_sort_unique(&p->plain_classes);
		for (size_t i = 0; i < n && !rc; i++) {
			if (settled[i])
				continue;
			for (const char *b = p->pending_bases.items[i]; *b && !settled[i];) {
				const char *sp = strchr(b, ' ');
				size_t len = sp ? (size_t)(sp - b) : strlen(b);
				if (len && class_listed(&modules, b, len, NULL, 0) &&
				    !class_listed(&p->plain_classes, b, len, NULL, 0))
					settled[i] = true;
				b += len + (sp != NULL);
			}
			if (settled[i]) {
				rc = gg_strings_push(&modules, p->pending_classes.items[i]);
				changed = true;
			}
		}
	}
	/*
	 * Then the plain ones: a pending class not settled a module whose bases
	 * are all plain classes of the project, or Python's own (an ABC, an
	 * Enum, object), is plain too: a processing step built on a base class
	 * with an abstract __call__ runs no module, whatever it is named.
	 */
	bool *plain = n && !rc ? calloc(n, sizeof *plain) : NULL;
	if (n && !rc && !plain)
		rc = -ENOMEM;
	for (bool changed = true; changed && !rc && n;) {
		changed = false;
		gg_project_sort_unique(&p->plain_classes);
		for (size_t i = 0; i < n && !rc; i++) {
			if (settled[i] || plain[i])
				continue;
			bool all = true;
			for (const char *b = p->pending_bases.items[i]; *b && all;) {
				const char *sp = strchr(b, ' ');
				size_t len = sp ? (size_t)(sp - b) : strlen(b);
				all = !len || python_plain_base(b, len) || class_listed(&p->plain_classes, b, len, NULL, 0);
				b += len + (sp != NULL);
			}
			if (all) {
				plain[i] = changed = true;
				rc = gg_strings_push(&p->plain_classes, p->pending_classes.items[i]);
			}
		}
	}
	free(plain);
	/* Plain classes' methods that run what a class they import built: a holder's where it is a module class. */
	for (size_t i = 0; i < p->pending_holders.len && !rc; i++) {
		char *e = p->pending_holders.items[i];
		const char *dotted = strrchr(e, ' ') + 1, *cmod;
		size_t cmod_len, cn;
		const char *cname = dotted_split(dotted, strlen(dotted), &cmod, &cmod_len, &cn);
		if (class_listed(&modules, cname, cn, cmod, cmod_len) &&
		    !class_listed(&p->plain_classes, cname, cn, cmod, cmod_len))
			rc = name_push(&p->holder_methods, e, (size_t)(dotted - 1 - e));
	}
	gg_strings_free(&p->pending_holders);
	/* Pending classes settled plain: their methods that run a module they hold are a holder's. */
	for (size_t i = 0; i < p->pending_held.len && !rc; i++) {
		const char *e = p->pending_held.items[i], *sp = strrchr(e, ' '), *dot = memchr(e, '.', (size_t)(sp - e));
		if (dot && class_listed(&p->plain_classes, e, (size_t)(dot - e), sp + 1, strlen(sp + 1)))
			rc = name_push(&p->holder_methods, e, strlen(e));
	}
	gg_strings_free(&p->pending_held);
	gg_strings_free(&modules);
	/* The methods of the classes settled as modules: "Name module method". */
	for (size_t i = 0; i < p->pending_methods.len && !rc; i++) {
		const char *m = p->pending_methods.items[i];
		const char *last = strrchr(m, ' ');
		size_t cls_len = (size_t)(last - m);
		for (size_t k = 0; k < n; k++)
			if (settled[k] && strlen(p->pending_classes.items[k]) == cls_len &&
			    strncmp(p->pending_classes.items[k], m, cls_len) == 0) {
				rc = name_push(&p->forward_methods, last + 1, strlen(last + 1));
				break;
			}
	}
	free(settled);
	gg_strings_free(&p->pending_classes);
	gg_strings_free(&p->pending_bases);
	gg_strings_free(&p->pending_methods);
	return rc;
}

/* forward_methods less the names some module class runs with grad off (both sorted and unique; off_methods kept). */
static void off_methods_drop(gg_project *p)
{
	gg_strings *s = &p->forward_methods;
	size_t out = 0, j = 0;
	for (size_t i = 0; i < s->len; i++) {
		while (j < p->off_methods.len && strcmp(p->off_methods.items[j], s->items[i]) < 0)
			j++;
		if (j < p->off_methods.len && strcmp(p->off_methods.items[j], s->items[i]) == 0)
			free(s->items[i]);
		else
			s->items[out++] = s->items[i];
	}
	s->len = out;
}

/*
 * train_methods down to the names of methods of classes not known to be
 * plain (a module class, or one whose bases live in other files: a plain
 * class's `fit` is called on no model), leaving out Module's own API
 * (`model.train()` switches a mode).
 */
static int train_methods_settle(gg_project *p)
{
	static const char *const module_api[] = { "train", "eval", "to", "cuda", "cpu", "apply", "zero_grad",
						  "parameters", "requires_grad_", "load_state_dict", "state_dict", NULL };
	size_t kept = 0;
	for (size_t i = 0; i < p->train_methods.len; i++) {
		char *e = p->train_methods.items[i], *sp = strchr(e, ' ');
		if (!sp) { /* settled by an earlier sort */
			p->train_methods.items[kept++] = e;
			continue;
		}
		bool keep = true;
		for (const char *const *m = module_api; keep && *m; m++)
			keep = !(strlen(*m) == (size_t)(sp - e) && memcmp(*m, e, (size_t)(sp - e)) == 0);
		if (keep) {
			*sp = '\0'; /* the name alone, copied */
			int rc = gg_strings_push(&p->grad_methods, e);
			*sp = ' ';
			if (rc)
				return rc;
			/* "Class module" after the name: as the class lists' entries, looked up by class and module. */
			const char *cls = sp + 1, *msp = strchr(cls, ' ');
			char *dotted = msp ? gg_strdup_printf("%s.%.*s", msp + 1, (int)(msp - cls), cls) : NULL;
			if (msp && !dotted)
				return -ENOMEM;
			keep = dotted && gg_project_class_kind(p, dotted, strlen(dotted)) >= 0;
			free(dotted);
		}
		if (keep) {
			*sp = '\0'; /* the name alone */
			p->train_methods.items[kept++] = e;
		} else {
			free(e);
		}
	}
	p->train_methods.len = kept;
	gg_project_sort_unique(&p->train_methods);
	gg_project_sort_unique(&p->grad_methods);
	gg_project_sort_unique(&p->flag_methods);
	return 0;
}

/*
 * pending_own_forwards settled: a method that calls a forward-like method of its
 * class is forward-like (predict() through beam_search()), to a fixed point
 * bounded by the entries. forward_methods comes sorted and leaves so.
 */
static int forwards_through_own_methods(gg_project *p)
{
	int rc = 0;
	gg_strings found; /* this round's, added once the round's lookups are done (forward_methods stays sorted for them) */
	gg_strings_init(&found);
	for (bool changed = p->pending_own_forwards.len > 0; changed && !rc;) {
		for (size_t i = 0; i < p->pending_own_forwards.len && !rc; i++) {
			const char *e = p->pending_own_forwards.items[i], *sp = strchr(e, ' ');
			if (sp && gg_project_names_has(&p->forward_methods, sp + 1, strlen(sp + 1)) &&
			    !gg_project_names_has(&p->forward_methods, e, (size_t)(sp - e)))
				rc = name_push(&found, e, (size_t)(sp - e));
		}
		changed = found.len > 0;
		for (size_t i = 0; i < found.len && !rc; i++)
			rc = gg_strings_push(&p->forward_methods, found.items[i]);
		gg_strings_free(&found);
		gg_strings_init(&found);
		gg_project_sort_unique(&p->forward_methods);
	}
	gg_strings_free(&found);
	gg_strings_free(&p->pending_own_forwards);
	return rc;
}

int gg_project_classes_sort(gg_project *p)
{
	int rc = pending_settle(p);
	if (!rc)
		rc = paramless_settle(p);
	if (!rc)
		rc = gg_project_forwarders_settle(p);
	if (!rc)
		rc = gg_project_parts_settle(p);
	gg_project_sort_unique(&p->forward_methods);
	if (!rc)
		rc = forwards_through_own_methods(p);
	if (!rc)
		rc = gg_project_method_forwarders_settle(p);
	gg_project_sort_unique(&p->submodules);
	gg_project_sort_unique(&p->off_methods);
	gg_project_sort_unique(&p->plain_methods);
	off_methods_drop(p);
	gg_project_sort_unique(&p->module_classes);
	gg_project_sort_unique(&p->plain_classes);
	gg_project_sort_unique(&p->holder_methods);
	gg_project_sort_unique(&p->holder_eval_methods);
	gg_project_sort_unique(&p->frozen_classes);
	gg_project_sort_unique(&p->paramless_classes);
	gg_project_sort_unique(&p->weightless_classes);
	gg_project_sort_unique(&p->framework_classes);
	gg_project_sort_unique(&p->graph_classes);
	if (!rc && p->pending_graph.len) {
		rc = gg_project_graph_settle(p);
		gg_project_sort_unique(&p->graph_classes);
	}
	gg_project_sort_unique(&p->training_graph_classes);
	gg_project_sort_unique(&p->grad_functions);
	gg_project_sort_unique(&p->param_forwarders);
	gg_project_sort_unique(&p->eval_loaders);
	gg_project_sort_unique(&p->method_calls);
	gg_project_sort_unique(&p->handed_classes);
	if (p->outside_calls.len) /* one entry per call: counted, so not made unique */
		qsort(p->outside_calls.items, p->outside_calls.len, sizeof *p->outside_calls.items, name_cmp);
	p->classes_sorted = true;
	if (!rc)
		rc = gg_project_makers_settle(p);
	return rc ? rc : train_methods_settle(p);
}

/*
 * Whether list (sorted "Name module" entries) holds class name of a module
 * that module names (gg_project_module_names: a re-exporting package too;
 * module NULL: of any module).
 */
size_t gg_project_entries_lower(const gg_strings *s, const char *name, size_t n)
{
	size_t lo = 0, hi = s->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strncmp(s->items[mid], name, n);
		if (r < 0 || (r == 0 && s->items[mid][n] < ' '))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* class_listed's match of an entry's module m against the module dotted names. */
typedef bool module_match(const char *m, size_t mn, const char *module, size_t module_len);

static bool class_listed_by(const gg_strings *list, const char *name, size_t n, const char *module, size_t module_len,
			    module_match *match)
{
	for (size_t i = gg_project_entries_lower(list, name, n); i < list->len && strncmp(list->items[i], name, n) == 0 && list->items[i][n] == ' '; i++) {
		const char *m = list->items[i] + n + 1;
		if (!module || match(m, strlen(m), module, module_len))
			return true;
	}
	return false;
}

static bool class_listed(const gg_strings *list, const char *name, size_t n, const char *module, size_t module_len)
{
	return class_listed_by(list, name, n, module, module_len, gg_project_module_names);
}

int gg_project_class_kind(const gg_project *p, const char *dotted, size_t len)
{
	if (!p->classes_sorted)
		return 0;
	const char *module;
	size_t module_len, n;
	const char *name = dotted_split(dotted, len, &module, &module_len, &n);
	bool is_module = class_listed(&p->module_classes, name, n, module, module_len);
	bool is_plain = class_listed(&p->plain_classes, name, n, module, module_len);
	/* Two classes of that name that disagree (one a module, one not): no answer. */
	return is_module == is_plain ? 0 : is_module ? 1 : -1;
}

/* The project's module m ends with every package the import spells (at a dot). */
static bool module_spells(const char *m, size_t mn, const char *module, size_t module_len)
{
	return mn >= module_len && gg_project_dotted_suffix(m, mn, module, module_len);
}

bool gg_project_class_spelled(const gg_project *p, const char *dotted, size_t len)
{
	if (!p->classes_sorted)
		return false;
	const char *module;
	size_t module_len, n;
	const char *name = dotted_split(dotted, len, &module, &module_len, &n);
	return class_listed_by(&p->module_classes, name, n, module, module_len, module_spells) ||
	       class_listed_by(&p->plain_classes, name, n, module, module_len, module_spells);
}

/* Whether dotted (module.Name, or Name alone) is on list, one of the sorted "Name module" lists. */
static bool dotted_listed(const gg_project *p, const gg_strings *list, const char *dotted, size_t len)
{
	if (!p->classes_sorted || !list->len)
		return false;
	const char *module;
	size_t module_len, n;
	const char *name = dotted_split(dotted, len, &module, &module_len, &n);
	return class_listed(list, name, n, module, module_len);
}

bool gg_project_class_paramless(const gg_project *p, const char *dotted, size_t len)
{
	return dotted_listed(p, &p->paramless_classes, dotted, len);
}

bool gg_project_class_in_framework(const gg_project *p, const char *dotted, size_t len)
{
	return dotted_listed(p, &p->framework_classes, dotted, len);
}

bool gg_project_text_runs_modules(const gg_project *p, const char *text, size_t len)
{
	if (!p)
		return false;
	if (p->framework_classes.len && gg_text_contains(text, len, ".eval()"))
		return true;
	/* It defines a class another file builds handing it a module (handed_classes: "Name module"). */
	for (size_t i = 0; i < p->handed_classes.len; i++) {
		const char *e = p->handed_classes.items[i], *sp = strchr(e, ' ');
		size_t n = sp ? (size_t)(sp - e) : strlen(e);
		for (const char *q = text; (q = memmem(q, (size_t)(text + len - q), "class ", 6)) != NULL; q += 6)
			if ((q == text || q[-1] == '\n') && (size_t)(text + len - q) > 6 + n && memcmp(q + 6, e, n) == 0 &&
			    (q[6 + n] == '(' || q[6 + n] == ':'))
				return true;
	}
	return false;
}

bool gg_project_class_weightless(const gg_project *p, const char *dotted, size_t len)
{
	return dotted_listed(p, &p->weightless_classes, dotted, len);
}

bool gg_project_class_takes_grad(const gg_project *p, const char *dotted, size_t len)
{
	if (!dotted)
		return p->classes_sorted && p->graph_classes.len;
	return dotted_listed(p, &p->graph_classes, dotted, len);
}

bool gg_project_class_takes_grad_training(const gg_project *p, const char *dotted, size_t len)
{
	return dotted_listed(p, &p->training_graph_classes, dotted, len);
}

bool gg_project_module_takes_grad(const gg_project *p, const char *module, size_t n)
{
	for (size_t i = 0; p->classes_sorted && i < p->graph_classes.len; i++) {
		const char *e = p->graph_classes.items[i], *m = strchr(e, ' ');
		if (!m || strlen(m + 1) != n || memcmp(m + 1, module, n) != 0)
			continue;
		/* One that differentiates only in training mode proves nothing of a model of unknown mode. */
		if (class_listed(&p->training_graph_classes, e, (size_t)(m - e), module, n))
			continue;
		/*
		 * A plain class (an attack object whose forward takes the input's
		 * gradient) is no module a model could be: only a module class, or
		 * one whose kind the project does not know, makes its module one.
		 */
		size_t name_len = (size_t)(m - e);
		if (!(class_listed(&p->plain_classes, e, name_len, module, n) &&
		      !class_listed(&p->module_classes, e, name_len, module, n)))
			return true;
	}
	return false;
}

bool gg_project_function_takes_grad(const gg_project *p, const char *dotted, size_t len)
{
	return dotted_listed(p, &p->grad_functions, dotted, len);
}

bool gg_project_class_frozen(const gg_project *p, const char *dotted, size_t len, const char **param,
			     size_t *param_len, int *place)
{
	if (!p->classes_sorted || !p->frozen_classes.len)
		return false;
	const char *module;
	size_t module_len, n;
	const char *name = dotted_split(dotted, len, &module, &module_len, &n);
	const gg_strings *list = &p->frozen_classes;
	for (size_t i = gg_project_entries_lower(list, name, n);
	     i < list->len && strncmp(list->items[i], name, n) == 0 && list->items[i][n] == ' '; i++) {
		const char *m = list->items[i] + n + 1, *sp = strchr(m, ' ');
		if (!sp || (module && !gg_project_module_names(m, (size_t)(sp - m), module, module_len)))
			continue;
		const char *what = sp + 1, *sp2 = strchr(what, ' ');
		*param = NULL;
		*param_len = 0;
		*place = -1;
		if (sp2) {
			*param = what;
			*param_len = (size_t)(sp2 - what);
			*place = atoi(sp2 + 1);
		}
		return true;
	}
	return false;
}

/* Whether dotted's class has method on list (sorted "Class.method module" entries). */
static bool class_method_listed(const gg_project *p, const gg_strings *list, const char *dotted, size_t len,
				const char *method, size_t method_len)
{
	if (!p->classes_sorted || !list->len)
		return false;
	const char *module;
	size_t module_len, n;
	const char *name = dotted_split(dotted, len, &module, &module_len, &n);
	char *key = gg_strdup_printf("%.*s.%.*s", (int)n, name, (int)method_len, method);
	if (!key)
		return false;
	bool found = class_listed(list, key, strlen(key), module, module_len);
	free(key);
	return found;
}

bool gg_project_holder_method(const gg_project *p, const char *dotted, size_t len, const char *method, size_t method_len)
{
	return class_method_listed(p, &p->holder_methods, dotted, len, method, method_len);
}

bool gg_project_holder_class(const gg_project *p, const char *dotted, size_t len)
{
	if (!p->classes_sorted || !p->holder_methods.len)
		return false;
	const char *module;
	size_t module_len, n;
	const char *name = dotted_split(dotted, len, &module, &module_len, &n);
	const gg_strings *list = &p->holder_methods;
	/* "Class.method module" entries, sorted: those of the class follow its name and a dot. */
	for (size_t i = gg_project_entries_lower(list, name, n); i < list->len && strncmp(list->items[i], name, n) == 0; i++) {
		const char *e = list->items[i], *sp = strchr(e, ' ');
		if (e[n] == '.' && sp && (!module || gg_project_module_names(sp + 1, strlen(sp + 1), module, module_len)))
			return true;
	}
	return false;
}

bool gg_project_holder_eval_method(const gg_project *p, const char *dotted, size_t len, const char *method,
				   size_t method_len)
{
	return class_method_listed(p, &p->holder_eval_methods, dotted, len, method, method_len);
}

bool gg_project_names_has(const gg_strings *s, const char *name, size_t len)
{
	size_t lo = 0, hi = s->len;
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

bool gg_project_forward_method(const gg_project *p, const char *name, size_t len)
{
	return p->classes_sorted && gg_project_names_has(&p->forward_methods, name, len);
}

bool gg_project_off_method(const gg_project *p, const char *name, size_t len)
{
	return p->classes_sorted && gg_project_names_has(&p->off_methods, name, len);
}

bool gg_project_plain_method(const gg_project *p, const char *name, size_t len)
{
	return p->classes_sorted && gg_project_names_has(&p->plain_methods, name, len);
}

bool gg_project_flag_method(const gg_project *p, const char *name, size_t len, const char **param, size_t *param_len,
			    unsigned *place, char *pol)
{
	const gg_strings *s = &p->flag_methods;
	const char *agreed = NULL;
	if (!p->classes_sorted)
		return false;
	for (size_t i = gg_project_entries_lower(s, name, len);
	     i < s->len && strncmp(s->items[i], name, len) == 0 && s->items[i][len] == ' '; i++) {
		const char *rest = s->items[i] + len + 1;
		/* A method of that name that trains otherwise, or under another test: no call's flag turns them all off. */
		if (rest[0] == '-' || (agreed && strcmp(agreed, rest) != 0))
			return false;
		agreed = rest;
	}
	const char *sp = agreed ? strchr(agreed, ' ') : NULL;
	char *tail;
	unsigned long at = sp ? strtoul(sp + 1, &tail, 10) : 0;
	if (!sp || *tail != ' ' || (tail[1] != '+' && tail[1] != '-'))
		return false;
	*param = agreed;
	*param_len = (size_t)(sp - agreed);
	*place = (unsigned)at;
	*pol = tail[1];
	return true;
}

bool gg_project_grad_method(const gg_project *p, const char *name, size_t len)
{
	return p->classes_sorted && gg_project_names_has(&p->grad_methods, name, len);
}

bool gg_project_train_method(const gg_project *p, const char *name, size_t len)
{
	return p->classes_sorted && gg_project_names_has(&p->train_methods, name, len);
}

bool gg_project_submodule(const gg_project *p, const char *name, size_t len)
{
	return p->classes_sorted && gg_project_names_has(&p->submodules, name, len);
}
