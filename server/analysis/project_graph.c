/*
 * Classes whose forward takes gradients of what it computes (project.h,
 * graph_classes): an interatomic potential returning forces as -dE/dx, an
 * implicit surface returning its normals, a physics-informed net returning
 * its residual's derivatives. Such a forward calls torch.autograd.grad on its
 * own output, and needs the graph it records: run under no_grad it raises,
 * so it is never evaluation's waste (SPEC §2, "whether anyone needs the
 * gradient") and never wrapped.
 *
 * A forward that registers a hook on a tensor it computes (unless a test of
 * requires_grad or training guards it) needs its graph the same way:
 * Tensor.register_hook raises under no_grad.
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
	bool hooks; /* registers a hook on a tensor, unguarded, or calls what does */
	size_t calls_from, calls_to; /* its calls, [from, to) of graph_scan's calls */
} graph_fn;

/* A call in a body: `.name(` (dotted) or `name(`. */
typedef struct graph_call {
	gg_text_span name;
	bool dotted;
} graph_call;

typedef struct graph_scan {
	graph_fn *fns;
	size_t fns_len, fns_cap;
	graph_call *calls;
	size_t calls_len, calls_cap;
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
 * (TRAINS: or runs a backward; HOOKS: registers a tensor hook): a method when
 * dotted, a top-level function when bare.
 */
enum { TAKES, TRAINS, HOOKS };

static bool fn_has(const graph_fn *f, int what)
{
	return what == TAKES ? f->takes : what == TRAINS ? f->trains : f->hooks;
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
	s->fns[s->fns_len++] = (graph_fn){ cls, { name, n }, false, false, false, s->calls_len, s->calls_len };
	return 0;
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

/* Whether the line tests grad or training (`if x.requires_grad:`, `if self.training:`): what it guards may not run without grad. */
static bool line_tests_grad(const line *l)
{
	return (line_starts(l, "if ") || line_starts(l, "elif ")) &&
	       (line_has(l, "requires_grad") || line_has(l, "training") || line_has(l, "is_grad_enabled"));
}

int gg_project_graph_scan(gg_project *p, const char *module, const char *text, size_t len)
{
	if (!gg_text_contains(text, len, "autograd") && !gg_text_contains(text, len, ".backward(") &&
	    !gg_text_contains(text, len, ".register_hook("))
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
	unsigned class_indent = 0, def_indent = 0, guard_indent = 0;
	bool in_fn = false, guarded = false;
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
		if (in_fn) {
			graph_fn *f = &s.fns[s.fns_len - 1];
			if (guarded && l.indent <= guard_indent)
				guarded = false;
			if (!guarded && line_tests_grad(&l)) {
				guarded = true;
				guard_indent = l.indent;
			}
			f->takes = f->takes || line_takes_grad(&l, bare);
			f->hooks = f->hooks || (!guarded && line_hooks_tensor(&l));
			f->trains = f->trains || f->takes || line_has(&l, ".backward(");
			rc = calls_note(&s, &l);
			continue;
		}
		if (line_starts(&l, "class ")) {
			size_t n = word_at(l.content + 6, l.end);
			cls = (gg_text_span){ l.content + 6, n };
			class_indent = l.indent;
			continue;
		}
		/* A method of the class, or a top-level function; a def nested elsewhere belongs to its enclosing body. */
		bool method = cls.len && l.indent > class_indent, top = !cls.len && l.indent == 0;
		if ((method || top) && (line_starts(&l, "def ") || line_starts(&l, "async def "))) {
			rc = fn_open(&s, method ? cls : (gg_text_span){ text, 0 }, &l);
			in_fn = rc == 0;
			guarded = false;
			def_indent = l.indent;
			rc = rc > 0 ? 0 : rc;
		}
	}
	if (in_fn)
		s.fns[s.fns_len - 1].calls_to = s.calls_len;
	/* Callers of what takes a gradient take one too: a fixed point, bounded by the file's functions. */
	bool any = false;
	for (size_t i = 0; i < s.fns_len && !any; i++)
		any = s.fns[i].trains || s.fns[i].hooks;
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
		}
	}
	gg_buf entry = { NULL, 0, 0 };
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
			continue;
		}
		if (f->cls.len ? !forward || !(f->takes || f->hooks) : !f->trains)
			continue;
		entry.len = 0;
		const gg_text_span *name = forward ? &f->cls : &f->name;
		if (gg_buf_printf(&entry, "%.*s %s", (int)name->len, name->ptr, module) ||
		    gg_strings_push(forward ? &p->graph_classes : &p->grad_functions, gg_buf_cstr(&entry)))
			rc = -ENOMEM;
	}
	gg_buf_free(&entry);
	free(s.fns);
	free(s.calls);
	return rc;
}
