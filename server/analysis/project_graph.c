/*
 * Classes whose forward takes gradients of what it computes (project.h,
 * graph_classes): an interatomic potential returning forces as -dE/dx, an
 * implicit surface returning its normals, a physics-informed net returning
 * its residual's derivatives. Such a forward calls torch.autograd.grad on its
 * own output, and needs the graph it records: run under no_grad it raises,
 * so it is never evaluation's waste (SPEC §2, "whether anyone needs the
 * gradient") and never wrapped.
 *
 * A forward that registers a hook on a tensor it computes, unconditionally
 * (not under an if: a flag that asks for the hook, a test of requires_grad),
 * needs its graph the same way: Tensor.register_hook raises under no_grad.
 *
 * A forward that trains with grad turned on on purpose (a test-time
 * adaptation step: a function decorated @torch.enable_grad() that runs a
 * backward and an optimizer's step, called from the forward) trains under any
 * caller's no_grad: no evaluation to wrap either.
 *
 * A text scan of a file that names autograd, a backward or a tensor hook: the
 * methods (and top-level functions) whose body takes a gradient, then, to a fixed point
 * within the file, those that call one of them (`self.field.normals(x)`,
 * `grad_of(y, x)`). A class whose forward (or __call__) is among them is
 * noted "Name module" in graph_classes; a top-level function among them in
 * grad_functions (an attack's step that runs its own backward: a file that
 * calls it trains there), another method by its name in train_methods (a
 * test-time adaptation step).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "grad_context.h"
#include "project.h"
#include "project_lines.h"

/*
 * A method (cls empty: a top-level function), whether it takes a gradient
 * (autograd.grad), and whether it takes one or runs a backward.
 */
typedef struct graph_fn {
	gg_text_span cls, name;
	bool takes, trains;
	/* takes one only under a test of training mode (`if self.training:`, posterior sharpening): not in eval mode */
	bool takes_training;
	bool hooks; /* registers a hook on a tensor, unguarded, or calls what does */
	bool enables; /* turns grad on on purpose: @torch.enable_grad(), enable_grad(), set_grad_enabled(True) */
	bool adapts;  /* trains with grad turned on on purpose (test-time adaptation), or calls what does */
	/* its own body: runs a backward, reads a tensor's .grad, makes a tensor require grad (see line_reads_grad) */
	bool backward_own, reads_grad, marks_input;
	/*
	 * The parameter every backward of its own body sits under a test of
	 * (`if train:`, `if optimizer is not None:`, `if not validating:`): its
	 * place among the arguments a call passes (self not counted), and pol '+'
	 * when it trains where the value is true, '-' where it is false. flag
	 * empty with flag_mixed: some backward under no such test, or two.
	 */
	gg_text_span params; /* the def line from its '(' */
	gg_text_span flag;
	int place;
	char pol;
	bool flag_mixed;
	size_t calls_from, calls_to; /* its calls, [from, to) of graph_scan's calls */
} graph_fn;

/* A call in a body: `.name(` (dotted) or `name(`. */
typedef struct graph_call {
	gg_text_span name;
	bool dotted;
} graph_call;

/*
 * `self.x = Ctor(...)` in a class's __init__: the class holds what Ctor
 * builds (ctor: its dotted text, as written) as its attribute attr. lower:
 * Ctor is not capitalised (`stepwise_vat(...)`), a class of the file or a
 * function: read only against the file's own graph classes.
 */
typedef struct graph_part {
	gg_text_span cls, ctor, attr;
	bool lower;
} graph_part;

/* An `if` of the body that tests a parameter: its indentation, the parameter, and the truth its body runs under. */
typedef struct graph_if {
	unsigned indent;
	gg_text_span param;
	int place;
	char pol;
} graph_if;

enum { GRAPH_IFS = 16 };

typedef struct graph_scan {
	graph_fn *fns;
	size_t fns_len, fns_cap;
	graph_if ifs[GRAPH_IFS]; /* of the function being read, innermost last */
	size_t ifs_len;
	graph_call *calls;
	size_t calls_len, calls_cap;
	graph_part *parts;
	size_t parts_len, parts_cap;
} graph_scan;

/* Whether the word grad is imported from torch.autograd on this line (`from torch.autograd import grad, Variable`). */
static bool imports_bare_grad(const line *l)
{
	if (!line_starts(l, "from torch.autograd import "))
		return false;
	for (const char *p = l->content + 27; p < l->end;) {
		size_t n = word_at(p, l->end);
		if (!n) {
			p++;
			continue;
		}
		const char *after = p + n;
		if (n == 4 && memcmp(p, "grad", 4) == 0) {
			/* `grad as g` binds another name: the bare call is not spelled grad( then. */
			while (after < l->end && *after == ' ')
				after++;
			return !((size_t)(l->end - after) > 3 && memcmp(after, "as ", 3) == 0);
		}
		p = after;
	}
	return false;
}

/* Whether the line takes a gradient: torch.autograd.grad(...), a bare grad(...) the file imports, autograd.functional. */
static bool line_takes_grad(const line *l, bool bare)
{
	if (line_has(l, "autograd.grad(") || line_has(l, "autograd.functional."))
		return true;
	if (!bare)
		return false;
	for (const char *p = l->content; (size_t)(l->end - p) >= 5;) {
		const char *hit = memmem(p, (size_t)(l->end - p), "grad(", 5);
		if (!hit)
			return false;
		if (hit == l->content || (!word_char(hit[-1]) && hit[-1] != '.'))
			return true;
		p = hit + 5;
	}
	return false;
}

/* Whether the line reads a tensor's gradient: `d.grad` as a word (not .grad_fn, .grad_sample). */
static bool line_reads_grad(const line *l)
{
	for (const char *p = l->content; (size_t)(l->end - p) >= 5;) {
		const char *hit = memmem(p, (size_t)(l->end - p), ".grad", 5);
		if (!hit)
			return false;
		if (hit > l->content && word_char(hit[-1]) && (hit + 5 == l->end || !word_char(hit[5])))
			return true;
		p = hit + 5;
	}
	return false;
}

/* Whether the line makes a tensor require grad: `requires_grad=True`, `.requires_grad_()` (not False), `.requires_grad = True`. */
static bool line_marks_input(const line *l)
{
	return line_has(l, "requires_grad=True") || line_has(l, ".requires_grad_()") || line_has(l, ".requires_grad_(True)") ||
	       line_has(l, ".requires_grad = True");
}

/* Notes the calls on a body line: each `name(` and `.name(`, keywords and defs aside. */
static int calls_note(graph_scan *s, const line *l)
{
	for (const char *p = l->content; p < l->end;) {
		size_t n = word_at(p, l->end);
		if (!n || (p > l->content && word_char(p[-1]))) {
			p += n ? n : 1;
			continue;
		}
		const char *after = p + n;
		if (after < l->end && *after == '(') {
			if (gg_grow((void **)&s->calls, &s->calls_cap, s->calls_len, sizeof *s->calls))
				return -ENOMEM;
			s->calls[s->calls_len++] = (graph_call){ { p, n }, p > l->content && p[-1] == '.' };
		}
		p = after;
	}
	return 0;
}

/*
 * Whether call names one of the file's functions that takes a gradient
 * (TRAINS: or runs a backward; HOOKS: registers a tensor hook; TAKES_TRAINING:
 * takes one only in training mode): a method when
 * dotted, a top-level function when bare.
 */
enum { TAKES, TRAINS, HOOKS, ADAPTS, TAKES_TRAINING };

static bool fn_has(const graph_fn *f, int what)
{
	return what == TAKES ? f->takes : what == TRAINS ? f->trains : what == HOOKS ? f->hooks : what == ADAPTS ? f->adapts : f->takes_training;
}

static bool call_takes(const graph_scan *s, const graph_call *call, int what)
{
	for (size_t i = 0; i < s->fns_len; i++)
		if (fn_has(&s->fns[i], what) && gg_text_span_eq(s->fns[i].name, call->name) &&
		    (s->fns[i].cls.len > 0) == call->dotted)
			return true;
	return false;
}

static int fn_open(graph_scan *s, gg_text_span cls, const line *l)
{
	const char *name = l->content + (line_starts(l, "def ") ? 4 : 10);
	size_t n = word_at(name, l->end);
	if (!n)
		return 1; /* no name: no function */
	if (gg_grow((void **)&s->fns, &s->fns_cap, s->fns_len, sizeof *s->fns))
		return -ENOMEM;
	const char *open = memchr(name, '(', (size_t)(l->end - name));
	s->fns[s->fns_len++] = (graph_fn){ .cls = cls, .name = { name, n }, .calls_from = s->calls_len, .calls_to = s->calls_len,
					   .params = { open ? open : l->end, open ? (size_t)(l->end - open) : 0 } };
	s->ifs_len = 0;
	return 0;
}

/*
 * The place of parameter [w, w+n) among the arguments a call of f passes
 * (a method's self or cls not counted), or -1: not a positional parameter
 * of its def line (a signature over several lines is not read).
 */
static int param_place(const graph_fn *f, const char *w, size_t n)
{
	const char *p = f->params.ptr, *end = p + f->params.len;
	if (!f->params.len || memchr(p, ')', (size_t)(end - p)) == NULL)
		return -1;
	int place = 0;
	bool first = true;
	for (p++; p < end && *p != ')';) {
		while (p < end && (*p == ' ' || *p == ','))
			p++;
		if (p < end && *p == '*')
			return -1; /* keyword-only from here */
		size_t k = word_at(p, end);
		if (!k)
			return -1;
		bool self = first && f->cls.len && ((k == 4 && memcmp(p, "self", 4) == 0) || (k == 3 && memcmp(p, "cls", 3) == 0));
		if (k == n && memcmp(p, w, n) == 0)
			return place;
		if (!self)
			place++;
		first = false;
		/* Past its annotation and default, to the next comma at this depth. */
		int depth = 0;
		for (p += k; p < end && !(depth == 0 && (*p == ',' || *p == ')')); p++)
			depth += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
	}
	return -1;
}

/*
 * Whether line l opens `if <test of a parameter of f>:` (`if train:`, `if
 * not evaluating:`, `if optimizer is not None:`, `if train == True:`): *out
 * the test. A test of anything else, or of a parameter the def line does not
 * place, is not one.
 */
static bool line_tests_param(const graph_fn *f, const line *l, graph_if *out)
{
	const char *p = l->content + (line_starts(l, "if") ? 2 : line_starts(l, "elif") ? 4 : 0), *end = l->end;
	if (p == l->content || p >= end || (*p != ' ' && *p != '('))
		return false;
	while (p < end && *p == ' ')
		p++;
	bool paren = p < end && *p == '('; /* `if(train):` */
	if (paren)
		p++;
	char pol = '+';
	if ((size_t)(end - p) > 4 && memcmp(p, "not ", 4) == 0) {
		pol = '-';
		p += 4;
	}
	size_t n = word_at(p, end);
	if (!n || (p + n < end && p[n] == '.'))
		return false;
	const char *rest = p + n;
	while (rest < end && *rest == ' ')
		rest++;
	if (paren && (rest >= end || *rest++ != ')'))
		return false;
	static const char *const tails[] = { ":", "is not None:", "== True:", "is True:", "is None:", "== False:", "is False:", NULL };
	int which = -1;
	for (int i = 0; tails[i] && which < 0; i++)
		if ((size_t)(end - rest) >= strlen(tails[i]) && memcmp(rest, tails[i], strlen(tails[i])) == 0)
			which = i;
	if (which < 0)
		return false;
	if (which >= 4)
		pol = pol == '+' ? '-' : '+';
	int place = param_place(f, p, n);
	if (place < 0)
		return false;
	*out = (graph_if){ l->indent, { p, n }, place, pol };
	return true;
}

/* A backward at line l of f: the parameter test around it, or none (flag_mixed). */
static void flag_note(graph_scan *s, graph_fn *f, const line *l)
{
	graph_if here;
	const graph_if *t = s->ifs_len ? &s->ifs[s->ifs_len - 1] : NULL;
	/* `if train: loss.backward()` on one line. */
	if (line_tests_param(f, l, &here))
		t = &here;
	if (!t || (f->flag.len && (!gg_text_span_eq(f->flag, t->param) || f->pol != t->pol))) {
		f->flag_mixed = true;
		return;
	}
	f->flag = t->param;
	f->place = t->place;
	f->pol = t->pol;
}

/*
 * Whether the line registers a hook on a tensor (`attn.register_hook(fn)`):
 * Tensor.register_hook raises on a tensor that does not require grad, so a
 * forward that does it unconditionally cannot run under no_grad (a network
 * built for relevance propagation keeps its activations' gradients so).
 * Module hooks (register_forward_hook and the like) are other words.
 */
static bool line_hooks_tensor(const line *l)
{
	return line_has(l, ".register_hook(");
}

/*
 * Whether the line opens a branch (`if x.requires_grad:`, `if register_hook:`,
 * `if self.save_attention:`, an else): a hook registered under it is one a
 * caller may leave off, so the forward may run without grad.
 */
static bool line_opens_branch(const line *l)
{
	return line_starts(l, "if ") || line_starts(l, "elif ") || line_starts(l, "else:") || line_starts(l, "if(");
}

/*
 * Whether the line opens a branch taken only in training mode: `if
 * self.training:`, `elif cond and self.training:`; not one that a negation
 * or an `or` may take in eval mode too.
 */
static bool line_tests_training(const line *l)
{
	if (!(line_starts(l, "if ") || line_starts(l, "elif ")) || line_has(l, "not ") || line_has(l, " or "))
		return false;
	for (const char *p = l->content; (size_t)(l->end - p) >= 13;) {
		const char *hit = memmem(p, (size_t)(l->end - p), "self.training", 13);
		if (!hit)
			return false;
		if ((hit == l->content || !word_char(hit[-1])) && (hit + 13 == l->end || !word_char(hit[13])))
			return true;
		p = hit + 13;
	}
	return false;
}

/*
 * Notes the parts the class of fn builds in __init__: each class called on
 * the right of `self.x = ...` (`Encoder(cfg)`, and the layers of
 * `nn.ModuleList([Layer(cfg) for _ in range(n)])`). 0 or -ENOMEM.
 */
static int part_note(graph_scan *s, const graph_fn *fn, const line *l)
{
	const char *attr, *expr, *ctor, *call;
	size_t n;
	if (!fn->cls.len || !gg_text_span_is(fn->name, "__init__") || !self_assign_any_call(l, &attr, &n, &expr, &ctor, &call))
		return 0;
	for (const char *q = expr; q < l->end; q++) {
		if (*q != '(' || q == expr || !word_char(q[-1]))
			continue;
		const char *start = q;
		while (start > expr && (word_char(start[-1]) || start[-1] == '.'))
			start--;
		const char *last = q;
		while (last > start && word_char(last[-1]))
			last--;
		bool lower = !(*last >= 'A' && *last <= 'Z');
		if (lower && last != start)
			continue;
		if (gg_grow((void **)&s->parts, &s->parts_cap, s->parts_len, sizeof *s->parts))
			return -ENOMEM;
		s->parts[s->parts_len++] = (graph_part){ fn->cls, { start, (size_t)(q - start) }, { attr, n }, lower };
	}
	return 0;
}

/* Whether cls is noted a graph class of this file (graph_classes from `first` on: this file's entries). */
static bool file_graph_class(const gg_project *p, size_t first, gg_text_span cls)
{
	for (size_t i = first; i < p->graph_classes.len; i++) {
		const char *e = p->graph_classes.items[i];
		if (strlen(e) > cls.len && e[cls.len] == ' ' && memcmp(e, cls.ptr, cls.len) == 0)
			return true;
	}
	return false;
}

/*
 * A module class that builds one whose forward needs its graph (a block
 * registering a tensor hook, several layers down) runs that forward in its
 * own: it needs the graph too. Within the file, to a fixed point over the
 * parts; a part built by an imported class, or by a class of the file not
 * known yet to need it, waits in pending_graph ("Class module ctor.dotted")
 * until every file is read (gg_project_graph_settle).
 */
static int parts_settle(gg_project *p, const graph_scan *s, const char *module, const gg_project_imports *imports,
			size_t first)
{
	gg_buf entry = { NULL, 0, 0 };
	int rc = 0;
	for (bool changed = first < p->graph_classes.len; changed && !rc;) {
		changed = false;
		for (size_t i = 0; i < s->parts_len && !rc; i++) {
			const graph_part *part = &s->parts[i];
			if (file_graph_class(p, first, part->cls) || memchr(part->ctor.ptr, '.', part->ctor.len) ||
			    !file_graph_class(p, first, part->ctor))
				continue;
			entry.len = 0;
			rc = gg_buf_printf(&entry, "%.*s %s", (int)part->cls.len, part->cls.ptr, module) ||
					     gg_strings_push(&p->graph_classes, gg_buf_cstr(&entry))
				     ? -ENOMEM
				     : 0;
			changed = true;
		}
	}
	for (size_t i = 0; i < s->parts_len && !rc; i++) {
		const graph_part *part = &s->parts[i];
		if (part->lower || file_graph_class(p, first, part->cls))
			continue;
		const char *dot = memchr(part->ctor.ptr, '.', part->ctor.len);
		size_t head = dot ? (size_t)(dot - part->ctor.ptr) : part->ctor.len;
		const gg_project_import *im = imports ? gg_project_import_of(imports, part->ctor.ptr, head) : NULL;
		if (im && gg_analysis_mentions_framework(im->module.ptr, im->module.len))
			continue;
		entry.len = 0;
		if (!im) {
			/* A class of this file, maybe one that needs its graph once another file's is known one. */
			if (dot)
				continue;
			rc = gg_buf_printf(&entry, "%.*s %s %s.%.*s", (int)part->cls.len, part->cls.ptr, module, module,
					   (int)part->ctor.len, part->ctor.ptr) ||
					     gg_strings_push(&p->pending_graph, gg_buf_cstr(&entry))
				     ? -ENOMEM
				     : 0;
			continue;
		}
		/* `from pkg.mod import Enc` then Enc(...): pkg.mod.Enc; `from pkg import mod` then mod.Enc(...): pkg.mod.Enc. */
		rc = gg_buf_printf(&entry, "%.*s %s %.*s", (int)part->cls.len, part->cls.ptr, module, (int)im->module.len,
				   im->module.ptr) ||
				     (im->name.len && gg_buf_printf(&entry, ".%.*s", (int)im->name.len, im->name.ptr)) ||
				     (dot && gg_buf_append(&entry, dot, part->ctor.len - head)) ||
				     gg_strings_push(&p->pending_graph, gg_buf_cstr(&entry))
			     ? -ENOMEM
			     : 0;
	}
	gg_buf_free(&entry);
	return rc;
}

/*
 * A module class's forward that calls a function another file of the
 * project defines (`result = compute_properties(data, ...)`, imported from
 * `.basic`): that function may take a gradient of what the forward
 * computed (forces from an energy), known once every file is read; the
 * class waits in pending_graph ("Class module func.dotted"), settled where
 * the function is one of grad_functions (gg_project_graph_settle).
 */
static int forwards_call_imported(gg_project *p, const graph_scan *s, const char *module,
				  const gg_project_imports *imports, size_t first)
{
	gg_buf entry = { NULL, 0, 0 };
	int rc = 0;
	for (size_t i = 0; i < s->fns_len && !rc; i++) {
		const graph_fn *f = &s->fns[i];
		bool forward = f->cls.len && (gg_text_span_is(f->name, "forward") || gg_text_span_is(f->name, "__call__"));
		if (!forward || file_graph_class(p, first, f->cls))
			continue;
		for (size_t k = f->calls_from; k < f->calls_to && !rc; k++) {
			const graph_call *call = &s->calls[k];
			const gg_project_import *im = call->dotted ? NULL : gg_project_import_of(imports, call->name.ptr, call->name.len);
			if (!im || !im->name.len || gg_analysis_mentions_framework(im->module.ptr, im->module.len))
				continue;
			entry.len = 0;
			rc = gg_buf_printf(&entry, "%.*s %s %.*s.%.*s", (int)f->cls.len, f->cls.ptr, module, (int)im->module.len,
					   im->module.ptr, (int)im->name.len, im->name.ptr) ||
					     gg_strings_push(&p->pending_graph, gg_buf_cstr(&entry))
				     ? -ENOMEM
				     : 0;
		}
	}
	gg_buf_free(&entry);
	return rc;
}

/*
 * A method other than the forward that calls a part of its class whose
 * forward needs its graph (`self.vat_loss(self, x)` where __init__ built
 * `self.vat_loss = VAT(...)`, a class of the file that takes a gradient):
 * the call needs autograd as the part's forward does, so the method is
 * noted in train_methods, as one that runs a backward itself is.
 */
static int methods_through_parts(gg_project *p, const graph_scan *s, const char *module, size_t first)
{
	gg_buf entry = { NULL, 0, 0 };
	int rc = 0;
	for (size_t i = 0; i < s->fns_len && !rc; i++) {
		const graph_fn *f = &s->fns[i];
		if (!f->cls.len || f->trains || gg_text_span_is(f->name, "forward") || gg_text_span_is(f->name, "__call__") ||
		    gg_text_span_is(f->name, "__init__"))
			continue;
		bool through = false;
		for (size_t k = f->calls_from; k < f->calls_to && !through; k++) {
			if (!s->calls[k].dotted)
				continue;
			for (size_t j = 0; j < s->parts_len && !through; j++) {
				const graph_part *part = &s->parts[j];
				through = gg_text_span_eq(part->cls, f->cls) && gg_text_span_eq(part->attr, s->calls[k].name) &&
					  !memchr(part->ctor.ptr, '.', part->ctor.len) && file_graph_class(p, first, part->ctor);
			}
		}
		if (!through)
			continue;
		entry.len = 0;
		if (gg_buf_printf(&entry, "%.*s %.*s %s", (int)f->name.len, f->name.ptr, (int)f->cls.len, f->cls.ptr, module) ||
		    gg_strings_push(&p->train_methods, gg_buf_cstr(&entry)))
			rc = -ENOMEM;
	}
	gg_buf_free(&entry);
	return rc;
}

/*
 * Whether dotted (module.Name, maybe without the module's first packages)
 * is one of list's "Name module" entries (graph_classes, grad_functions);
 * scratch: a buffer.
 */
static bool graph_listed(const gg_strings *list, const char *dotted, gg_buf *scratch)
{
	for (size_t i = 0; i < list->len; i++) {
		const char *e = list->items[i], *sp = strchr(e, ' ');
		if (!sp)
			continue;
		scratch->len = 0;
		if (gg_buf_printf(scratch, "%s.%.*s", sp + 1, (int)(sp - e), e))
			return false;
		if (gg_project_dotted_suffix(scratch->data, scratch->len, dotted, strlen(dotted)))
			return true;
	}
	return false;
}

int gg_project_graph_settle(gg_project *p)
{
	int rc = 0;
	gg_buf entry = { NULL, 0, 0 }, scratch = { NULL, 0, 0 };
	for (bool changed = p->pending_graph.len && (p->graph_classes.len || p->grad_functions.len); changed && !rc;) {
		changed = false;
		for (size_t i = 0; i < p->pending_graph.len && !rc; i++) {
			char *e = p->pending_graph.items[i];
			const char *sp = strchr(e, ' '), *sp2 = sp ? strchr(sp + 1, ' ') : NULL;
			/* Its part a graph class, or its forward calling another file's function that takes a gradient. */
			if (!sp2 || !(graph_listed(&p->graph_classes, sp2 + 1, &scratch) ||
				      graph_listed(&p->grad_functions, sp2 + 1, &scratch)))
				continue;
			entry.len = 0;
			rc = gg_buf_append(&entry, e, (size_t)(sp2 - e)) || gg_strings_push(&p->graph_classes, gg_buf_cstr(&entry))
				     ? -ENOMEM
				     : 0;
			/* Settled: taken out, so that the loop ends. */
			free(e);
			p->pending_graph.items[i] = p->pending_graph.items[--p->pending_graph.len];
			i--;
			changed = true;
		}
	}
	gg_buf_free(&entry);
	gg_buf_free(&scratch);
	gg_strings_free(&p->pending_graph);
	return rc;
}

int gg_project_graph_scan(gg_project *p, const char *module, const char *text, size_t len,
			  const gg_project_imports *imports)
{
	/* A file with none of those words takes no gradient: only the parts its classes build are read, for the files that do. */
	bool parts_only = !gg_text_contains(text, len, "autograd") && !gg_text_contains(text, len, ".backward(") &&
			  !gg_text_contains(text, len, ".register_hook(");
	if (parts_only && (!imports || !imports->len || !gg_text_contains(text, len, "def __init__")))
		return 0;
	const char *end = text + len;
	bool bare = false;
	for (const char *q = text; q < end && !bare;) {
		line l;
		q = line_read(q, end, &l);
		bare = imports_bare_grad(&l);
	}
	graph_scan s;
	memset(&s, 0, sizeof s);
	gg_text_span cls = { text, 0 };
	unsigned class_indent = 0, def_indent = 0, guard_indent = 0, training_indent = 0;
	bool in_fn = false, guarded = false, enabling = false; /* enabling: a decorator above the next def turns grad on */
	bool training = false; /* inside a branch that runs only in training mode (line_tests_training) */
	int rc = 0;
	for (const char *q = text; q < end && rc >= 0;) {
		line l;
		q = line_read(q, end, &l);
		/* A def's or a class's bracket closed at its own indentation is still its header. */
		if (line_blank(&l) || line_starts(&l, "#") || line_closes_bracket(&l))
			continue;
		if (in_fn && l.indent <= def_indent) {
			s.fns[s.fns_len - 1].calls_to = s.calls_len;
			in_fn = false;
		}
		if (cls.len && l.indent <= class_indent && !line_starts(&l, "@"))
			cls.len = 0;
		if (in_fn && parts_only) {
			graph_fn *f = &s.fns[s.fns_len - 1];
			rc = part_note(&s, f, &l);
			/* A forward's calls: another file's function it calls may take a gradient (forwards_call_imported). */
			if (!rc && f->cls.len && (gg_text_span_is(f->name, "forward") || gg_text_span_is(f->name, "__call__")))
				rc = calls_note(&s, &l);
			continue;
		}
		if (in_fn) {
			graph_fn *f = &s.fns[s.fns_len - 1];
			if (guarded && l.indent <= guard_indent)
				guarded = false;
			if (!guarded && line_opens_branch(&l)) {
				guarded = true;
				guard_indent = l.indent;
			}
			if (training && l.indent <= training_indent)
				training = false;
			bool opens = !training && line_tests_training(&l);
			if (training)
				f->takes_training = f->takes_training || line_takes_grad(&l, bare);
			else
				f->takes = f->takes || line_takes_grad(&l, bare);
			if (opens) {
				training = true;
				training_indent = l.indent;
			}
			f->hooks = f->hooks || (!guarded && line_hooks_tensor(&l));
			if (!rc)
				rc = part_note(&s, f, &l);
			while (s.ifs_len && s.ifs[s.ifs_len - 1].indent >= l.indent)
				s.ifs_len--;
			if (line_has(&l, ".backward("))
				flag_note(&s, f, &l);
			graph_if t;
			if (s.ifs_len < GRAPH_IFS && line_tests_param(f, &l, &t))
				s.ifs[s.ifs_len++] = t;
			f->backward_own = f->backward_own || line_has(&l, ".backward(");
			f->reads_grad = f->reads_grad || line_reads_grad(&l);
			f->marks_input = f->marks_input || line_marks_input(&l);
			f->trains = f->trains || f->takes || f->backward_own;
			f->enables = f->enables || line_has(&l, "enable_grad(") || line_has(&l, "set_grad_enabled(True)");
			rc = calls_note(&s, &l);
			continue;
		}
		if (line_starts(&l, "@")) {
			enabling = enabling || line_has(&l, "enable_grad");
			continue;
		}
		if (line_starts(&l, "class ")) {
			size_t n = word_at(l.content + 6, l.end);
			cls = (gg_text_span){ l.content + 6, n };
			class_indent = l.indent;
			enabling = false;
			continue;
		}
		/* A method of the class, or a top-level function; a def nested elsewhere belongs to its enclosing body. */
		bool method = cls.len && l.indent > class_indent, top = !cls.len && l.indent == 0;
		if ((method || top) && (line_starts(&l, "def ") || line_starts(&l, "async def "))) {
			rc = fn_open(&s, method ? cls : (gg_text_span){ text, 0 }, &l);
			in_fn = rc == 0;
			if (in_fn)
				s.fns[s.fns_len - 1].enables = enabling;
			enabling = false;
			guarded = training = false;
			def_indent = l.indent;
			rc = rc > 0 ? 0 : rc;
		}
	}
	if (in_fn)
		s.fns[s.fns_len - 1].calls_to = s.calls_len;
	/* Callers of what takes a gradient take one too: a fixed point, bounded by the file's functions. */
	bool any = false;
	for (size_t i = 0; i < s.fns_len; i++) {
		/*
		 * A backward whose gradient the body reads off a tensor it made
		 * require one (`d = torch.randn_like(x, requires_grad=True)`, then
		 * `loss.backward()` and `d.grad`: an adversarial direction's power
		 * step) takes that gradient as autograd.grad does: under no_grad
		 * the backward raises.
		 */
		if (s.fns[i].backward_own && s.fns[i].reads_grad && s.fns[i].marks_input)
			s.fns[i].takes = true;
		s.fns[i].adapts = s.fns[i].enables && s.fns[i].trains;
		any = any || s.fns[i].trains || s.fns[i].hooks || s.fns[i].takes_training;
	}
	for (bool changed = rc == 0 && any; changed;) {
		changed = false;
		for (size_t i = 0; i < s.fns_len; i++) {
			graph_fn *f = &s.fns[i];
			for (size_t k = f->calls_from; !f->takes && k < f->calls_to; k++)
				if (call_takes(&s, &s.calls[k], TAKES))
					changed = f->takes = f->trains = true;
			for (size_t k = f->calls_from; !f->trains && k < f->calls_to; k++)
				if (call_takes(&s, &s.calls[k], TRAINS))
					changed = f->trains = true;
			for (size_t k = f->calls_from; !f->hooks && k < f->calls_to; k++)
				if (call_takes(&s, &s.calls[k], HOOKS))
					changed = f->hooks = true;
			for (size_t k = f->calls_from; !f->adapts && k < f->calls_to; k++)
				if (call_takes(&s, &s.calls[k], ADAPTS))
					changed = f->adapts = true;
			/* A method that takes its gradient only in training mode, called: so does the caller. */
			for (size_t k = f->calls_from; !f->takes_training && k < f->calls_to; k++)
				if (call_takes(&s, &s.calls[k], TAKES_TRAINING))
					changed = f->takes_training = true;
		}
	}
	gg_buf entry = { NULL, 0, 0 };
	size_t first = p->graph_classes.len;
	for (size_t i = 0; i < s.fns_len && !rc; i++) {
		const graph_fn *f = &s.fns[i];
		/*
		 * A forward that runs a backward (a trainer's step written as its
		 * forward, often only in training mode) needs no graph in
		 * evaluation: only one that takes a gradient counts.
		 */
		bool forward = f->cls.len && (gg_text_span_is(f->name, "forward") || gg_text_span_is(f->name, "__call__"));
		if (f->cls.len && !forward && f->trains) {
			entry.len = 0;
			if (gg_buf_printf(&entry, "%.*s %.*s %s", (int)f->name.len, f->name.ptr, (int)f->cls.len, f->cls.ptr,
					  module) ||
			    gg_strings_push(&p->train_methods, gg_buf_cstr(&entry)))
				rc = -ENOMEM;
			/* A shared step: its own backward only, every one under the same parameter's test. */
			bool flagged = f->backward_own && f->flag.len && !f->flag_mixed && !f->takes;
			entry.len = 0;
			if (!rc && (gg_buf_printf(&entry, "%.*s", (int)f->name.len, f->name.ptr) ||
				    (flagged ? gg_buf_printf(&entry, " %.*s %d %c", (int)f->flag.len, f->flag.ptr, f->place, f->pol)
					     : gg_buf_printf(&entry, " -")) ||
				    gg_strings_push(&p->flag_methods, gg_buf_cstr(&entry))))
				rc = -ENOMEM;
			continue;
		}
		/*
		 * A forward that adapts (trains with grad turned on on purpose, a
		 * test-time adaptation step) needs its graph under any caller's
		 * no_grad, as one that takes a gradient does.
		 */
		if (f->cls.len ? !forward || !(f->takes || f->hooks || f->adapts || f->takes_training) : !f->trains)
			continue;
		entry.len = 0;
		const gg_text_span *name = forward ? &f->cls : &f->name;
		if (gg_buf_printf(&entry, "%.*s %s", (int)name->len, name->ptr, module) ||
		    gg_strings_push(forward ? &p->graph_classes : &p->grad_functions, gg_buf_cstr(&entry)))
			rc = -ENOMEM;
		/* Its gradient only in training mode: evaluation in eval mode runs none (project.h). */
		if (!rc && forward && !(f->takes || f->hooks || f->adapts) &&
		    gg_strings_push(&p->training_graph_classes, gg_buf_cstr(&entry)))
			rc = -ENOMEM;
	}
	gg_buf_free(&entry);
	if (!rc && imports)
		rc = forwards_call_imported(p, &s, module, imports, first);
	if (!rc && s.parts_len)
		rc = parts_settle(p, &s, module, imports, first);
	if (!rc && s.parts_len)
		rc = methods_through_parts(p, &s, module, first);
	free(s.fns);
	free(s.calls);
	free(s.parts);
	return rc;
}
