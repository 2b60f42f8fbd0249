/*
 * The fix engine (fix.h): rewrites that remove a finding, as byte-range
 * edits. Every rewrite here is textual and local: it inserts or deletes a few
 * bytes and never reprints a node, so comments, blank lines, quotes and line
 * endings stay exactly as the user wrote them.
 *
 * Wrapping a block in `with torch.no_grad():` is the one rewrite that touches
 * many lines: it inserts one indentation unit on each line of the block, after
 * the block's own indentation, except on blank lines and on lines that begin
 * inside a string (a multi-line string's continuation lines are part of its
 * value; an f-string's replacement fields are left alone with it).
 */
#include "fix.h"
#include "fix_regions.h"
#include "fix_torch_name.h"
#include "tree.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"

typedef struct span {
	const char *ptr;
	size_t len;
} span;

/*
 * Where the `# noqa` suggestion of a line goes. It is the same for every
 * finding that starts on the line, so the line is read once for all of them:
 * reading it to its end for each finding made a long line with many findings
 * quadratic.
 */
typedef struct noqa_spot {
	bool known;
	size_t from, eol; /* [from, eol] are on the line, which ends at eol */
	bool in_string;   /* the line ends inside a string: no comment can go there */
	size_t end;       /* where its code or comment ends: eol less trailing blanks, not before from */
	bool after_backslash; /* end follows a line continuation */
	size_t codes_end;     /* end is in a `# noqa: CODES` comment: where its codes end; else 0 */
} noqa_spot;

/* The places of one finding's GG001 fixes: the wrapped region and the decorated function (0, 0: none). */
typedef struct gg001_places {
	uint32_t wrap_start, wrap_end, def_start, def_end;
} gg001_places;

/* The places given fixes so far (gg_fix_list_for_all): an open-addressing set. */
typedef struct places_seen {
	gg001_places *slots; /* owned; cap of them, a zero wrap_end and def_end marks a free slot */
	size_t len, cap;
} places_seen;

/* What every fix of a file needs, found once; finding is the one being fixed. */
typedef struct fixer {
	const char *text;
	size_t len;
	gg_node root;
	const gg_finding *finding;
	const gg_config *config;
	span eol;    /* the file's line ending */
	span torch;  /* the module-level name of torch, or empty: `import torch` must be added */
	size_t torch_at; /* where that import (or the one a fix adds) starts: code above it that runs with the module cannot name torch */
	gg_edit import_edit; /* the `import torch` insertion, for a fix that names torch where the file's name cannot (text owned) */
	signed char module_other[2]; /* whether module-level code binds (or may) fx->torch, "torch" to another value: -1 not yet known */
	span name;           /* the name the GG001 fix being built writes for torch (torch_name_pick) */
	bool name_import;    /* and whether it adds `import torch` for it */
	noqa_spot noqa;      /* the line of the last finding */
	bool for_all;        /* gg_fix_list_for_all: a GG001 fix already given to another finding is not repeated */
	places_seen seen;
	span file_unit;      /* the file's first indentation unit (indent_unit), once known */
} fixer;

/* ---- small helpers ---- */

static span node_span(const fixer *fx, gg_node n)
{
	uint32_t s = gg_node_start_byte(n), e = gg_node_end_byte(n);
	if (e > fx->len || s > e)
		return (span){ fx->text, 0 };
	return (span){ fx->text + s, e - s };
}

static bool span_is(span s, const char *lit)
{
	return s.len == strlen(lit) && memcmp(s.ptr, lit, s.len) == 0;
}

static bool span_eq(span a, span b)
{
	return a.len == b.len && (!a.len || memcmp(a.ptr, b.ptr, a.len) == 0);
}

static bool is_eol(char c)
{
	return c == '\n' || c == '\r';
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\f';
}

static size_t line_start(const fixer *fx, size_t off)
{
	while (off > 0 && !is_eol(fx->text[off - 1]))
		off--;
	return off;
}

static size_t line_end(const fixer *fx, size_t off)
{
	while (off < fx->len && !is_eol(fx->text[off]))
		off++;
	return off;
}

/* Start of the next line after the line end at off ("\r\n" is one end). */
static size_t next_line(const fixer *fx, size_t off)
{
	if (off < fx->len && fx->text[off] == '\r') {
		off++;
		if (off < fx->len && fx->text[off] == '\n')
			off++;
	} else if (off < fx->len && fx->text[off] == '\n') {
		off++;
	}
	return off;
}

static size_t indent_len(const fixer *fx, size_t ls)
{
	size_t i = ls;
	while (i < fx->len && is_blank(fx->text[i]))
		i++;
	return i - ls;
}

/* Whether node starts its line (only indentation before it) and ends it (only spaces or a comment after). */
static bool owns_lines(const fixer *fx, gg_node n)
{
	size_t s = gg_node_start_byte(n), e = gg_node_end_byte(n);
	size_t ls = line_start(fx, s);
	if (s - ls != indent_len(fx, ls))
		return false;
	while (e < fx->len && is_blank(fx->text[e]))
		e++;
	return e >= fx->len || is_eol(fx->text[e]) || fx->text[e] == '#';
}

static span detect_eol(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n')
			return (span){ "\n", 1 };
		if (text[i] == '\r')
			return i + 1 < len && text[i + 1] == '\n' ? (span){ "\r\n", 2 } : (span){ "\r", 1 };
	}
	return (span){ "\n", 1 };
}

/* ---- fixes and edits ---- */

void gg_fixes_init(gg_fixes *f)
{
	f->items = NULL;
	f->len = f->cap = 0;
}

static void fix_free(gg_fix *fix)
{
	for (size_t i = 0; i < fix->edits_len; i++)
		free(fix->edits[i].text);
	free(fix->edits);
	free(fix->title);
}

void gg_fixes_free(gg_fixes *f)
{
	for (size_t i = 0; i < f->len; i++)
		fix_free(&f->items[i]);
	free(f->items);
	gg_fixes_init(f);
}

const gg_fix *gg_fixes_applied(const gg_fixes *f, bool unsafe)
{
	for (size_t i = 0; i < f->len; i++)
		if (f->items[i].safe)
			return &f->items[i];
	for (size_t i = 0; unsafe && i < f->len; i++)
		if (f->items[i].kind != GG_FIX_NOQA)
			return &f->items[i];
	return NULL;
}

const char *gg_fix_kind_name(gg_fix_kind kind)
{
	switch (kind) {
	case GG_FIX_WRAP_NO_GRAD: return "wrap-no-grad";
	case GG_FIX_DECORATE_NO_GRAD: return "decorate-no-grad";
	case GG_FIX_WRAP_INFERENCE: return "wrap-inference-mode";
	case GG_FIX_DECORATE_INFERENCE: return "decorate-inference-mode";
	case GG_FIX_DETACH_ITEM: return "detach-item";
	case GG_FIX_DETACH: return "detach";
	case GG_FIX_REMOVE_VOLATILE: return "remove-volatile";
	case GG_FIX_NOQA: return "noqa";
	}
	return "unknown";
}

/* Appends an edit replacing [start, end) with the concatenation of the parts (NULL-terminated). */
static int fix_edit(gg_fix *fix, size_t start, size_t end, ...)
{
	if (gg_grow((void **)&fix->edits, &fix->edits_cap, fix->edits_len, sizeof *fix->edits))
		return -ENOMEM;
	va_list ap;
	size_t total = 0;
	va_start(ap, end);
	for (const span *p = va_arg(ap, const span *); p; p = va_arg(ap, const span *))
		total += p->len;
	va_end(ap);
	char *text = malloc(total + 1);
	if (!text)
		return -ENOMEM;
	size_t at = 0;
	va_start(ap, end);
	for (const span *p = va_arg(ap, const span *); p; p = va_arg(ap, const span *)) {
		memcpy(text + at, p->ptr, p->len);
		at += p->len;
	}
	va_end(ap);
	text[total] = '\0';
	fix->edits[fix->edits_len++] = (gg_edit){ { (uint32_t)start, (uint32_t)end }, text, total };
	return 0;
}

static int edit_cmp(const void *pa, const void *pb)
{
	const gg_edit *a = pa, *b = pb;
	if (a->range.start != b->range.start)
		return a->range.start < b->range.start ? -1 : 1;
	return (a->range.end > b->range.end) - (a->range.end < b->range.end);
}

/* Moves fix into out (sorting its edits); fix is consumed on every path. */
static int fixes_push(gg_fixes *out, gg_fix *fix)
{
	if (gg_grow((void **)&out->items, &out->cap, out->len, sizeof *out->items)) {
		fix_free(fix);
		return -ENOMEM;
	}
	qsort(fix->edits, fix->edits_len, sizeof *fix->edits, edit_cmp);
	out->items[out->len++] = *fix;
	return 0;
}

/* The `import torch` insertion, shared by the fixes that name torch where the file has no name for it. */
static int fix_add_import(const fixer *fx, gg_fix *fix)
{
	if (!fx->name_import)
		return 0;
	span t = { fx->import_edit.text, fx->import_edit.text_len };
	return fix_edit(fix, fx->import_edit.range.start, fx->import_edit.range.end, &t, (const span *)NULL);
}

/* ---- reading the file ---- */

/*
 * The name torch has at module level (`import torch`, `import torch.nn`,
 * `import torch as th`), or empty, and *at where its statement starts.
 * Imports inside functions do not count: the fix may land in another function.
 */
static span module_torch_name(const fixer *fx, size_t *at)
{
	uint32_t n = gg_node_named_child_count(fx->root);
	for (uint32_t i = 0; i < n; i++) {
		gg_node stmt = gg_node_named_child(fx->root, i);
		if (!gg_node_type_is(stmt, "import_statement"))
			continue;
		uint32_t m = gg_node_named_child_count(stmt);
		for (uint32_t j = 0; j < m; j++) {
			gg_node item = gg_node_named_child(stmt, j);
			if (gg_node_type_is(item, "dotted_name")) {
				span s = node_span(fx, item);
				if (span_is(s, "torch") || (s.len > 6 && memcmp(s.ptr, "torch.", 6) == 0)) {
					*at = gg_node_start_byte(stmt);
					return (span){ s.ptr, 5 };
				}
			} else if (gg_node_type_is(item, "aliased_import")) {
				gg_node name = gg_node_child_by_field_name(item, "name", 4);
				gg_node alias = gg_node_child_by_field_name(item, "alias", 5);
				if (span_is(node_span(fx, name), "torch") && !gg_node_is_null(alias)) {
					*at = gg_node_start_byte(stmt);
					return node_span(fx, alias);
				}
			}
		}
	}
	return (span){ NULL, 0 };
}

/* Whether name means the module's torch at n (gg_fix_name_is_torch_at, the module's answer kept per name: which). */
static bool name_is_torch_at(fixer *fx, gg_node n, span name, int which)
{
	return gg_node_is_null(n) || gg_fix_name_is_torch_at(fx->text, fx->len, fx->root, n, (gg_text_span){ name.ptr, name.len },
							      &fx->module_other[which]);
}

/*
 * The name a finding's GG001 fixes write for torch (fx->name,
 * fx->name_import), the same in its wrap at wrap and its decorator on def
 * (either may be null), as its message says: the module's, else `torch` with
 * an import added; false when neither means torch at both, and no fix is offered.
 */
static bool torch_name_pick(fixer *fx, gg_node wrap, gg_node def)
{
	if (fx->torch.len && name_is_torch_at(fx, wrap, fx->torch, 0) && name_is_torch_at(fx, def, fx->torch, 0)) {
		fx->name = fx->torch;
		fx->name_import = false;
		return true;
	}
	span torch = { "torch", 5 };
	if (span_eq(fx->torch, torch) || !name_is_torch_at(fx, wrap, torch, 1) || !name_is_torch_at(fx, def, torch, 1))
		return false;
	fx->name = torch;
	fx->name_import = true;
	return true;
}

static bool is_docstring(gg_node stmt)
{
	return gg_node_type_is(stmt, "expression_statement") && gg_node_named_child_count(stmt) == 1 &&
	       gg_node_type_is(gg_node_named_child(stmt, 0), "string");
}

/*
 * Where `import torch` goes: before the first module-level import (beside the
 * others), else after the module docstring and `from __future__` imports,
 * else before the first statement.
 */
static int import_edit_make(fixer *fx)
{
	uint32_t n = gg_node_named_child_count(fx->root);
	size_t after = SIZE_MAX, first_stmt = SIZE_MAX, first_import = SIZE_MAX;
	bool prefix = true;
	for (uint32_t i = 0; i < n && first_import == SIZE_MAX; i++) {
		gg_node stmt = gg_node_named_child(fx->root, i);
		if (gg_node_type_is(stmt, "comment"))
			continue;
		size_t start = gg_node_start_byte(stmt);
		bool first = first_stmt == SIZE_MAX;
		if (first)
			first_stmt = start;
		if ((gg_node_type_is(stmt, "import_statement") || gg_node_type_is(stmt, "import_from_statement")) &&
		    line_start(fx, start) == start) {
			first_import = start;
		} else if (prefix && ((first && is_docstring(stmt)) || gg_node_type_is(stmt, "future_import_statement"))) {
			after = gg_node_end_byte(stmt);
		} else {
			prefix = false;
		}
	}
	if (first_import != SIZE_MAX) {
		after = SIZE_MAX;
		first_stmt = first_import;
	}
	size_t at;
	bool eol_first = false;
	if (after != SIZE_MAX) {
		at = line_end(fx, after);
		if (at >= fx->len)
			eol_first = true;
		else
			at = next_line(fx, at);
	} else {
		at = first_stmt == SIZE_MAX ? fx->len : line_start(fx, first_stmt);
		eol_first = at == fx->len && at > 0 && !is_eol(fx->text[at - 1]);
	}
	static const char import_line[] = "import torch";
	size_t total = fx->eol.len * (eol_first ? 2 : 1) + sizeof import_line - 1;
	char *text = malloc(total + 1);
	if (!text)
		return -ENOMEM;
	size_t k = 0;
	if (eol_first) {
		memcpy(text, fx->eol.ptr, fx->eol.len);
		k = fx->eol.len;
	}
	memcpy(text + k, import_line, sizeof import_line - 1);
	k += sizeof import_line - 1;
	memcpy(text + k, fx->eol.ptr, fx->eol.len);
	text[total] = '\0';
	fx->import_edit = (gg_edit){ { (uint32_t)at, (uint32_t)at }, text, total };
	return 0;
}

/*
 * The indentation unit at a statement: what its block adds to the block's
 * owner, else the first such difference in the file, else four spaces.
 */
static span indent_unit_between(const fixer *fx, gg_node owner, gg_node stmt)
{
	size_t os = line_start(fx, gg_node_start_byte(owner)), ss = line_start(fx, gg_node_start_byte(stmt));
	size_t oi = indent_len(fx, os), si = indent_len(fx, ss);
	if (os == ss || si <= oi || memcmp(fx->text + os, fx->text + ss, oi) != 0 ||
	    gg_node_start_byte(stmt) != ss + si)
		return (span){ NULL, 0 };
	return (span){ fx->text + ss + oi, si - oi };
}

static span indent_unit(fixer *fx, gg_node stmt)
{
	gg_node block = gg_node_parent(stmt);
	if (gg_node_type_is(block, "block")) {
		span u = indent_unit_between(fx, gg_node_parent(block), stmt);
		if (u.len)
			return u;
	}
	if (fx->file_unit.len)
		return fx->file_unit;
	/* The file's first unit, found once: a walk of the file for each fix made many fixes quadratic. */
	span found = { NULL, 0 };
	for (gg_node n = fx->root; !gg_node_is_null(n) && !found.len; n = gg_node_walk_next(fx->root, n, true))
		if (gg_node_type_is(n, "block") && gg_node_named_child_count(n) > 0)
			found = indent_unit_between(fx, gg_node_parent(n), gg_node_named_child(n, 0));
	fx->file_unit = found.len ? found : (span){ "    ", 4 };
	return fx->file_unit;
}

/* ---- GG001: with torch.no_grad(): and @torch.no_grad() ---- */

/* Line starts strictly inside a string node of region: lines whose text is part of a value. */
typedef struct strings {
	gg_byte_range *items; /* owned */
	size_t len, cap;
} strings;

static int strings_collect(strings *s, gg_node region)
{
	int rc = 0;
	for (gg_node n = region; !gg_node_is_null(n) && !rc;) {
		bool descend = true;
		if (gg_node_type_is(n, "string")) {
			if (gg_grow((void **)&s->items, &s->cap, s->len, sizeof *s->items)) {
				rc = -ENOMEM;
				break;
			}
			s->items[s->len++] = (gg_byte_range){ gg_node_start_byte(n), gg_node_end_byte(n) };
			descend = false; /* everything inside, f-string fields included, is covered */
		}
		n = gg_node_walk_next(region, n, descend);
	}
	return rc;
}

/*
 * Whether a string of s covers off (inside it, not at its start). The strings
 * are in document order and do not nest, and the offsets asked grow: *next
 * (the caller's, from 0) moves on past the strings that end before off.
 */
static bool strings_cover(const strings *s, size_t *next, size_t off)
{
	while (*next < s->len && s->items[*next].end <= off)
		(*next)++;
	return *next < s->len && s->items[*next].start < off;
}

/* `with <torch>.<cm>():` around the statements target..last (whole lines): one edit per line. */
static int wrap_edits_at(fixer *fx, gg_node target, gg_node last, const char *cm, gg_fix *fix)
{
	size_t start = gg_node_start_byte(target), end = gg_node_end_byte(last);
	fix->covers = (gg_byte_range){ (uint32_t)start, (uint32_t)end };
	size_t ls = line_start(fx, start);
	span indent = { fx->text + ls, start - ls };
	span unit = indent_unit(fx, target);
	span head_a = { "with ", 5 };
	span torch = fx->name;
	span dot = { ".", 1 };
	span name = { cm, strlen(cm) };
	span head_b = { "():", 3 };
	int rc = fix_edit(fix, start, start, &head_a, &torch, &dot, &name, &head_b, &fx->eol, &indent, &unit,
			  (const span *)NULL);
	strings str = { NULL, 0, 0 };
	size_t str_next = 0;
	for (gg_node n = target; !rc && !gg_node_is_null(n) && gg_node_start_byte(n) < end; n = gg_node_next_sibling(n))
		rc = strings_collect(&str, n);
	for (size_t at = next_line(fx, line_end(fx, start)); !rc && at < end; at = next_line(fx, line_end(fx, at))) {
		size_t le = line_end(fx, at);
		if (indent_len(fx, at) == le - at || strings_cover(&str, &str_next, at))
			continue; /* blank, or text of a string */
		size_t ins = at;
		if (le - at >= indent.len && memcmp(fx->text + at, indent.ptr, indent.len) == 0)
			ins = at + indent.len;
		rc = fix_edit(fix, ins, ins, &unit, (const span *)NULL);
	}
	free(str.items);
	return rc;
}

/* The same, and `import torch` where the file has none. */
static int wrap_edits(fixer *fx, gg_node target, gg_node last, const char *cm, gg_fix *fix)
{
	int rc = wrap_edits_at(fx, target, last, cm, fix);
	return rc ? rc : fix_add_import(fx, fix);
}

static gg_node wrap_target(const fixer *fx, const gg_fix_regions *r, unsigned proof, gg_byte_range run, bool *is_loop,
			   gg_node *last);

/*
 * The other callers' calls the rule gave (fix_also) wrapped by the same fix,
 * each where its own proof allows: the helper's finding is then fixed whole.
 * One that cannot be wrapped leaves the fix partial: not safe. A call inside
 * a region already wrapped adds nothing.
 */
static int wrap_also(fixer *fx, const char *cm, gg_fix *fix)
{
	const gg_finding *f = fx->finding;
	for (size_t i = 0; i < f->fix_also_len; i++) {
		gg_node n = gg_node_descendant_for_byte_range(fx->root, f->fix_also[i].at.start, f->fix_also[i].at.end);
		while (!gg_node_is_null(n) && !gg_node_type_is(n, "call"))
			n = gg_node_parent(n);
		gg_fix_regions regions;
		bool is_loop;
		gg_node last, target = (gg_node){ 0 };
		if (!gg_node_is_null(n)) {
			gg_fix_regions_find(n, &regions);
			target = wrap_target(fx, &regions, f->fix_also[i].proof, (gg_byte_range){ 0, 0 }, &is_loop, &last);
		}
		if (gg_node_is_null(target) || !name_is_torch_at(fx, target, fx->name, fx->name_import)) {
			fix->safe = fix->preferred = false;
			continue;
		}
		uint32_t start = gg_node_start_byte(target), end = gg_node_end_byte(last);
		if (start < fix->covers.end && fix->covers.start < end)
			continue; /* overlaps what the fix wraps already (the same loop) */
		gg_byte_range covers = fix->covers;
		int rc = wrap_edits_at(fx, target, last, cm, fix);
		if (rc)
			return rc;
		fix->covers = (gg_byte_range){ start < covers.start ? start : covers.start, end > covers.end ? end : covers.end };
	}
	return 0;
}

/*
 * What a no_grad wrap covers: the innermost loop around the call in its
 * function, else the statement, or the run of sibling statements the rule
 * gave (wrap_run), where the rule proved it does not train
 * (GG_PROOF_*_QUIET) and it owns its lines; else nothing. *last is the last
 * statement covered.
 */
static gg_node wrap_target(const fixer *fx, const gg_fix_regions *r, unsigned proof, gg_byte_range run, bool *is_loop,
			   gg_node *last)
{
	*is_loop = false;
	*last = (gg_node){ 0 };
	if (!gg_node_is_null(r->loop) && (proof & GG_PROOF_LOOP_QUIET) && owns_lines(fx, r->loop)) {
		*is_loop = true;
		*last = r->loop;
		return r->loop;
	}
	if (gg_node_is_null(r->statement) || !(proof & GG_PROOF_STATEMENT_QUIET))
		return (gg_node){ 0 };
	gg_node first = r->statement, end = r->statement;
	if (run.end) {
		for (gg_node p = gg_node_prev_sibling(first); !gg_node_is_null(p) && gg_node_start_byte(p) >= run.start;
		     p = gg_node_prev_sibling(p))
			first = p;
		for (gg_node n = gg_node_next_sibling(end); !gg_node_is_null(n) && gg_node_end_byte(n) <= run.end;
		     n = gg_node_next_sibling(n))
			end = n;
		/* Comments at either end of the run stay outside it. */
		while (!gg_node_eq(first, end) && gg_node_type_is(first, "comment"))
			first = gg_node_next_sibling(first);
		while (!gg_node_eq(first, end) && gg_node_type_is(end, "comment"))
			end = gg_node_prev_sibling(end);
	}
	if (!owns_lines(fx, first) || !owns_lines(fx, end))
		return (gg_node){ 0 };
	*last = end;
	return first;
}

/* The function that directly holds the call, when the rule proved its body does not train and it can take a decorator. */
static gg_node decorate_target(const fixer *fx, const gg_fix_regions *r)
{
	gg_node p = r->def;
	if (gg_node_is_null(p) || !(fx->finding->proof & GG_PROOF_BODY_QUIET) || !owns_lines(fx, p))
		return (gg_node){ 0 };
	/* no_grad's decorator does not cover the body of a coroutine: the call only creates it. */
	if (node_span(fx, p).len < 4 || memcmp(node_span(fx, p).ptr, "def", 3) != 0)
		return (gg_node){ 0 };
	return p;
}

static int decorate_edits(const fixer *fx, gg_node def, const char *cm, gg_fix *fix)
{
	size_t start = gg_node_start_byte(def);
	fix->covers = (gg_byte_range){ (uint32_t)start, gg_node_end_byte(def) };
	size_t ls = line_start(fx, start);
	span indent = { fx->text + ls, start - ls };
	span at = { "@", 1 };
	span torch = fx->name;
	span dot = { ".", 1 };
	span name = { cm, strlen(cm) };
	span call = { "()", 2 };
	/* Directly above `def`, below any other decorator: @staticmethod and friends stay outermost. */
	int rc = fix_edit(fix, start, start, &at, &torch, &dot, &name, &call, &fx->eol, &indent, (const span *)NULL);
	return rc ? rc : fix_add_import(fx, fix);
}

static char *title_with_import(const fixer *fx, char *title)
{
	if (!title || !fx->name_import)
		return title;
	char *t = gg_strdup_printf("%s (adds `import torch`)", title);
	free(title);
	return t;
}

static size_t places_hash(const gg001_places *p)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a over the four offsets */
	const uint32_t v[4] = { p->wrap_start, p->wrap_end, p->def_start, p->def_end };
	for (int i = 0; i < 4; i++) {
		h ^= v[i];
		h *= 1099511628211ull;
	}
	return (size_t)(h ^ (h >> 29));
}

static bool places_free(const gg001_places *p)
{
	return !p->wrap_end && !p->def_end;
}

/* Adds p to the set; *fresh says whether it was not there yet. Returns 0 or -ENOMEM. */
static int places_add(places_seen *s, const gg001_places *p, bool *fresh)
{
	*fresh = false;
	if (places_free(p))
		return 0;
	if (2 * (s->len + 1) > s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		gg001_places *slots = calloc(cap, sizeof *slots);
		if (!slots)
			return -ENOMEM;
		for (size_t i = 0; i < s->cap; i++) {
			if (places_free(&s->slots[i]))
				continue;
			size_t j = places_hash(&s->slots[i]) & (cap - 1);
			while (!places_free(&slots[j]))
				j = (j + 1) & (cap - 1);
			slots[j] = s->slots[i];
		}
		free(s->slots);
		s->slots = slots;
		s->cap = cap;
	}
	size_t j = places_hash(p) & (s->cap - 1);
	for (; !places_free(&s->slots[j]); j = (j + 1) & (s->cap - 1))
		if (memcmp(&s->slots[j], p, sizeof *p) == 0)
			return 0;
	s->slots[j] = *p;
	s->len++;
	*fresh = true;
	return 0;
}

/*
 * Whether torch is bound when the code at n runs, so that a fix may name it
 * there: inside a function, which runs after the module has (a wrap in a body
 * called from above the import aside), or below the module's import of
 * torch. A wrap at module level, or a decorator on a top-level def, above a
 * later `import torch` (further down a script, a notebook's later cell) would
 * raise NameError when the file runs top to bottom (#32 item 13).
 */
static bool torch_bound_at(const fixer *fx, gg_node n)
{
	for (gg_node p = gg_node_parent(n); !gg_node_is_null(p); p = gg_node_parent(p))
		if (gg_node_type_is(p, "function_definition") || gg_node_type_is(p, "lambda"))
			return true;
	return fx->torch_at <= gg_node_start_byte(n);
}

static int gg001_fixes(fixer *fx, gg_node call, gg_fixes *out)
{
	/*
	 * A call that is a whole statement (`run_epoch(...)`): the statement covers
	 * the same bytes, and so does a block holding only that statement (the body
	 * of `for b in loader: score(net, b)`).
	 */
	while ((gg_node_type_is(call, "block") || gg_node_type_is(call, "expression_statement")) &&
	       gg_node_named_child_count(call) == 1)
		call = gg_node_named_child(call, 0);
	if (!gg_node_type_is(call, "call"))
		return 0; /* a finding of another shape: only its noqa */
	bool inference_first = fx->config && fx->config->prefer == GG_PREFER_INFERENCE_MODE;
	gg_fix_regions regions;
	gg_fix_regions_find(call, &regions);
	bool is_loop = false;
	gg_node wrap_last;
	gg_node wrap = wrap_target(fx, &regions, fx->finding->proof, fx->finding->wrap_run, &is_loop, &wrap_last);
	gg_node def = decorate_target(fx, &regions);
	if (fx->for_all) {
		/*
		 * Findings in one loop share its wrap: the fixes of the first are
		 * the fixes of all. Building them again for each made a loop with
		 * many findings cost findings times lines.
		 */
		gg001_places p = { 0, 0, 0, 0 };
		if (!gg_node_is_null(wrap))
			p.wrap_start = gg_node_start_byte(wrap), p.wrap_end = gg_node_end_byte(wrap_last);
		if (!gg_node_is_null(def))
			p.def_start = gg_node_start_byte(def), p.def_end = gg_node_end_byte(def);
		bool fresh;
		int rc = places_add(&fx->seen, &p, &fresh);
		if (rc || (!fresh && !places_free(&p)))
			return rc;
	}
	if (!torch_name_pick(fx, wrap, def))
		return 0;
	span torch = fx->name;
	/* A module of the project that differentiates in its forward may be the one run here: offered, never safe. */
	bool safe_given = fx->finding->proof & GG_PROOF_MAY_DIFFERENTIATE;
	for (int round = 0; round < 2; round++) {
		bool inference = (round == 0) == inference_first;
		const char *cm = inference ? "inference_mode" : "no_grad";
		if (!gg_node_is_null(wrap)) {
			gg_fix fix = { .kind = inference ? GG_FIX_WRAP_INFERENCE : GG_FIX_WRAP_NO_GRAD };
			fix.title = title_with_import(fx, gg_strdup_printf("Wrap the %s in `with %.*s.%s():`",
									    is_loop ? "loop"
									    : gg_node_eq(wrap, wrap_last) ? "statement"
													   : "statements",
									    (int)torch.len, torch.ptr, cm));
			fix.safe = fix.preferred = !safe_given && torch_bound_at(fx, wrap);
			safe_given = true;
			int rc = fix.title ? wrap_edits(fx, wrap, wrap_last, cm, &fix) : -ENOMEM;
			if (!rc)
				rc = wrap_also(fx, cm, &fix);
			if (rc) {
				fix_free(&fix);
				return rc;
			}
			if ((rc = fixes_push(out, &fix)))
				return rc;
		}
		if (!gg_node_is_null(def)) {
			span name = node_span(fx, gg_node_child_by_field_name(def, "name", 4));
			gg_fix fix = { .kind = inference ? GG_FIX_DECORATE_INFERENCE : GG_FIX_DECORATE_NO_GRAD };
			fix.title = title_with_import(fx, gg_strdup_printf("Decorate `%.*s` with `@%.*s.%s()`",
									    (int)name.len, name.ptr, (int)torch.len,
									    torch.ptr, cm));
			/* The whole function goes under the context: safe only when no wrap is possible. */
			fix.safe = fix.preferred = !safe_given && torch_bound_at(fx, def);
			safe_given = true;
			int rc = fix.title ? decorate_edits(fx, def, cm, &fix) : -ENOMEM;
			if (rc) {
				fix_free(&fix);
				return rc;
			}
			if ((rc = fixes_push(out, &fix)))
				return rc;
		}
	}
	return 0;
}

/* ---- GG002: .detach() / .detach().item() ---- */

static bool is_primary(gg_node v)
{
	return gg_node_type_is(v, "identifier") || gg_node_type_is(v, "attribute") || gg_node_type_is(v, "call") ||
	       gg_node_type_is(v, "subscript") || gg_node_type_is(v, "parenthesized_expression");
}

static int detach_fix(const fixer *fx, gg_node value, bool item, bool preferred, bool tensor, gg_fixes *out)
{
	span v = node_span(fx, value);
	bool primary = is_primary(value);
	const char *suffix = item ? ".detach().item()" : ".detach()";
	gg_fix fix = { .kind = item ? GG_FIX_DETACH_ITEM : GG_FIX_DETACH, .preferred = preferred };
	/*
	 * .detach() keeps the value and drops the history: safe only on what the
	 * rule proved a tensor (a forward may return a tuple or a dict). .item()
	 * also turns it into a Python number, which later tensor code may not take.
	 */
	fix.safe = !item && tensor;
	bool quote = v.len <= 40 && !memchr(v.ptr, '\n', v.len) && !memchr(v.ptr, '\r', v.len);
	fix.title = quote ? gg_strdup_printf("Use `%s%.*s%s%s`%s", primary ? "" : "(", (int)v.len, v.ptr,
					     primary ? "" : ")", suffix, item ? " (a Python float)" : "")
			  : gg_strdup_printf("Use `%s` on the accumulated value", suffix + 1);
	span open = { "(", 1 };
	span tail = { suffix, strlen(suffix) };
	span close_tail[2] = { { ")", 1 }, tail };
	int rc = fix.title ? 0 : -ENOMEM;
	if (!rc && !primary)
		rc = fix_edit(&fix, gg_node_start_byte(value), gg_node_start_byte(value), &open, (const span *)NULL);
	if (!rc)
		rc = primary ? fix_edit(&fix, gg_node_end_byte(value), gg_node_end_byte(value), &tail, (const span *)NULL)
			     : fix_edit(&fix, gg_node_end_byte(value), gg_node_end_byte(value), &close_tail[0],
					&close_tail[1], (const span *)NULL);
	if (rc) {
		fix_free(&fix);
		return rc;
	}
	return fixes_push(out, &fix);
}

/* value: what the accumulation joins (GG002 gives it as fix_at: the rule found it, the fixer does not look again). */
static int gg002_fixes(fixer *fx, gg_node value, gg_fixes *out)
{
	if (!fx->finding->fix_at.end || gg_node_type_is(value, "list") || gg_node_type_is(value, "tuple") ||
	    gg_node_type_is(value, "keyword_argument") || gg_node_type_is(value, "list_splat"))
		return 0;
	/* What the rule proved of the value: a scalar loss (".item()" fits), a tensor, or neither. */
	bool scalar = fx->finding->proof & GG_PROOF_SCALAR;
	bool tensor = fx->finding->proof & GG_PROOF_TENSOR;
	/* .detach() exists only on tensors: on a dict, a tuple or a number it raises, so nothing is offered. */
	if (!tensor)
		return 0;
	/*
	 * .detach() first and preferred: the fix --fix applies (safe on a proven
	 * tensor), the one json, full's help and an editor's quick fix name,
	 * and what GG002's message says. .detach().item() after it, unsafe.
	 */
	int rc = detach_fix(fx, value, false, true, tensor, out);
	if (!rc && scalar)
		rc = detach_fix(fx, value, true, false, tensor, out);
	return rc;
}

/* ---- GG003: drop volatile=True ---- */

static bool has_comment_between(gg_node parent, size_t start, size_t end)
{
	uint32_t n = gg_node_child_count(parent);
	for (uint32_t i = 0; i < n; i++) {
		gg_node c = gg_node_child(parent, i);
		if (gg_node_type_is(c, "comment") && gg_node_start_byte(c) >= start && gg_node_end_byte(c) <= end)
			return true;
	}
	return false;
}

static int gg003_fixes(fixer *fx, gg_node kw, gg_fixes *out)
{
	if (!gg_node_type_is(kw, "keyword_argument"))
		return 0;
	gg_node args = gg_node_parent(kw);
	gg_node prev = gg_node_prev_sibling(kw), next = gg_node_next_sibling(kw);
	size_t start = gg_node_start_byte(kw), end = gg_node_end_byte(kw);
	if (gg_node_type_is(prev, ",")) {
		start = gg_node_start_byte(prev);
	} else if (gg_node_type_is(next, ",")) {
		/* The first argument: take its comma and the spaces after it, not a line end. */
		end = gg_node_end_byte(next);
		while (end < fx->len && fx->text[end] == ' ')
			end++;
	}
	if (has_comment_between(args, start, end))
		return 0;
	/*
	 * Where grad is on, dropping the keyword alone changes nothing the
	 * program does but erases the one sign that this evaluation meant to run
	 * without autograd: not safe. The no_grad wrap comes first (GG001's fix);
	 * fix-all's next round then finds grad off here and drops the keyword.
	 */
	bool grad_off = fx->finding->proof & GG_PROOF_GRAD_OFF;
	gg_fix fix = { .kind = GG_FIX_REMOVE_VOLATILE,
		       .title = gg_strdup_printf(grad_off ? "Remove `volatile=True` (a no-op since PyTorch 0.4)"
							  : "Remove `volatile=True` (a no-op since PyTorch 0.4; the "
							    "evaluation still needs torch.no_grad())"),
		       .safe = grad_off,
		       .preferred = grad_off };
	span none = { "", 0 };
	int rc = fix.title ? fix_edit(&fix, start, end, &none, (const span *)NULL) : -ENOMEM;
	if (rc) {
		fix_free(&fix);
		return rc;
	}
	return fixes_push(out, &fix);
}

/* ---- # noqa: GGxxx ---- */

/* In a comment, the end of the code list of a `noqa:` directive, or 0 when it has none. */
static size_t noqa_codes_end(const fixer *fx, gg_node comment)
{
	span c = node_span(fx, comment);
	for (size_t i = 0; i + 4 <= c.len; i++) {
		if (strncasecmp(c.ptr + i, "noqa", 4) != 0)
			continue;
		size_t k = i + 4;
		while (k < c.len && is_blank(c.ptr[k]))
			k++;
		if (k >= c.len || c.ptr[k] != ':')
			return 0;
		k++;
		size_t last = 0;
		for (;;) {
			while (k < c.len && (is_blank(c.ptr[k]) || c.ptr[k] == ','))
				k++;
			size_t w = k;
			while (k < c.len && isupper((unsigned char)c.ptr[k]))
				k++;
			if (k == w)
				break;
			while (k < c.len && isdigit((unsigned char)c.ptr[k]))
				k++;
			last = k;
		}
		return last ? (size_t)(c.ptr - fx->text) + last : 0;
	}
	return 0;
}

/* Whether the line end at eol lies inside a string (a multi-line string continues past it). */
static bool noqa_in_string(const fixer *fx, size_t eol)
{
	for (gg_node n = gg_node_descendant_for_byte_range(fx->root, (uint32_t)eol, (uint32_t)eol); !gg_node_is_null(n);
	     n = gg_node_parent(n)) {
		if ((gg_node_type_is(n, "string") || gg_node_type_is(n, "string_content")) && gg_node_start_byte(n) < eol &&
		    gg_node_end_byte(n) > eol)
			return true;
	}
	return false;
}

/* The parts of s that follow from s->end: a backslash before it, a noqa comment around it. */
static void noqa_spot_settle(const fixer *fx, noqa_spot *s)
{
	size_t end = s->end;
	gg_node last = gg_node_descendant_for_byte_range(fx->root, (uint32_t)(end ? end - 1 : 0), (uint32_t)end);
	bool in_comment = gg_node_type_is(last, "comment");
	s->after_backslash = !in_comment && end > 0 && fx->text[end - 1] == '\\';
	s->codes_end = in_comment ? noqa_codes_end(fx, last) : 0;
}

/* The spot of the line that at is on, read from at to the line's end. */
static void noqa_spot_find(const fixer *fx, size_t at, noqa_spot *s)
{
	s->known = true;
	s->from = at;
	s->eol = line_end(fx, at);
	s->in_string = noqa_in_string(fx, s->eol);
	s->end = s->eol;
	while (s->end > at && is_blank(fx->text[s->end - 1]))
		s->end--;
	noqa_spot_settle(fx, s);
}

static int noqa_fix(fixer *fx, gg_fixes *out)
{
	size_t at = fx->finding->range.start;
	/* Findings come in order: the next one is most often on the line of the one before. */
	if (!fx->noqa.known || at < fx->noqa.from || at > fx->noqa.eol)
		noqa_spot_find(fx, at, &fx->noqa);
	noqa_spot spot = fx->noqa;
	if (at > spot.end) {
		/* The finding starts in the line's trailing blanks: the suggestion goes where it starts. */
		spot.end = at;
		noqa_spot_settle(fx, &spot);
	}
	/* The line must end in code or a comment, not inside a string or after a backslash. */
	if (spot.in_string || spot.after_backslash)
		return 0;
	const char *code = fx->finding->code;
	gg_fix fix = { .kind = GG_FIX_NOQA, .title = gg_strdup_printf("Suppress %s on this line (`# noqa: %s`)", code, code) };
	span c = { code, strlen(code) };
	int rc = fix.title ? 0 : -ENOMEM;
	if (!rc && spot.codes_end) {
		span sep = { ", ", 2 };
		rc = fix_edit(&fix, spot.codes_end, spot.codes_end, &sep, &c, (const span *)NULL);
	} else if (!rc) {
		span lead = { "  # noqa: ", 10 };
		rc = fix_edit(&fix, spot.end, spot.end, &lead, &c, (const span *)NULL);
	}
	if (rc) {
		fix_free(&fix);
		return rc;
	}
	return fixes_push(out, &fix);
}

/* ---- the entry points ---- */

/* The node the finding's range covers exactly (the outermost such), or the smallest one around it. */
static gg_node finding_node(const fixer *fx)
{
	gg_byte_range r = fx->finding->fix_at.end ? fx->finding->fix_at : fx->finding->range;
	gg_node n = gg_node_descendant_for_byte_range(fx->root, r.start, r.end);
	for (gg_node p = gg_node_parent(n); !gg_node_is_null(p); p = gg_node_parent(p)) {
		if (gg_node_start_byte(p) != r.start || gg_node_end_byte(p) != r.end)
			break;
		n = p;
	}
	return n;
}

/* Reads what every fix of the file needs. Returns 0 or -ENOMEM; fixer_close frees it either way. */
static int fixer_open(fixer *fx, const char *text, size_t len, gg_node root, const gg_config *config)
{
	memset(fx, 0, sizeof *fx);
	fx->text = text;
	fx->len = len;
	fx->root = root;
	fx->config = config;
	fx->eol = detect_eol(text, len);
	fx->torch = module_torch_name(fx, &fx->torch_at);
	fx->module_other[0] = fx->module_other[1] = -1;
	/* Made even where the file names torch: a fix where that name means something else adds `import torch`. */
	int rc = import_edit_make(fx);
	if (!fx->torch.len)
		fx->torch_at = rc ? 0 : fx->import_edit.range.start;
	return rc;
}

static void fixer_close(fixer *fx)
{
	free(fx->import_edit.text);
	fx->import_edit.text = NULL;
	free(fx->seen.slots);
	memset(&fx->seen, 0, sizeof fx->seen);
}

/* Each rule's fixes, found by the finding's code: the routing table of the fix engine. */
typedef struct rule_fixes {
	const char *code;
	int (*fixes)(fixer *fx, gg_node n, gg_fixes *out);
} rule_fixes;

static const rule_fixes rules_fixes[] = {
	{ "GG001", gg001_fixes },
	{ "GG002", gg002_fixes },
	{ "GG003", gg003_fixes },
	{ NULL, NULL },
};

/* Appends finding's fixes to out; on failure out is as it was. */
static int fixer_list(fixer *fx, const gg_finding *finding, gg_fixes *out)
{
	if (finding->range.end > fx->len || finding->range.start > finding->range.end || finding->fix_at.end > fx->len ||
	    finding->fix_at.start > finding->fix_at.end)
		return 0;
	fx->finding = finding;
	gg_node n = finding_node(fx);
	size_t before = out->len;
	int rc = 0;
	for (const rule_fixes *r = rules_fixes; !gg_node_is_null(n) && r->code; r++)
		if (strcmp(finding->code, r->code) == 0) {
			rc = r->fixes(fx, n, out);
			break;
		}
	if (!rc)
		rc = noqa_fix(fx, out);
	if (rc)
		while (out->len > before)
			fix_free(&out->items[--out->len]);
	return rc;
}

int gg_fix_list(const char *text, size_t len, gg_node root, const gg_finding *finding, const gg_config *config,
		gg_fixes *out)
{
	if (finding->range.end > len || finding->range.start > finding->range.end || gg_node_end_byte(root) > len)
		return 0;
	fixer fx;
	int rc = fixer_open(&fx, text, len, root, config);
	if (!rc)
		rc = fixer_list(&fx, finding, out);
	fixer_close(&fx);
	return rc;
}

static int fix_list_many(const char *text, size_t len, gg_node root, const gg_finding *findings, size_t count,
			 const gg_config *config, bool for_all, gg_fixes *out)
{
	for (size_t i = 0; i < count; i++)
		gg_fixes_init(&out[i]);
	if (count == 0 || gg_node_end_byte(root) > len)
		return 0;
	fixer fx;
	int rc = fixer_open(&fx, text, len, root, config);
	fx.for_all = for_all;
	for (size_t i = 0; i < count && !rc; i++)
		rc = fixer_list(&fx, &findings[i], &out[i]);
	fixer_close(&fx);
	if (rc)
		for (size_t i = 0; i < count; i++)
			gg_fixes_free(&out[i]);
	return rc;
}

int gg_fix_list_each(const char *text, size_t len, gg_node root, const gg_finding *findings, size_t count,
		     const gg_config *config, gg_fixes *out)
{
	return fix_list_many(text, len, root, findings, count, config, false, out);
}

int gg_fix_list_for_all(const char *text, size_t len, gg_node root, const gg_finding *findings, size_t count,
			const gg_config *config, gg_fixes *out)
{
	return fix_list_many(text, len, root, findings, count, config, true, out);
}

int gg_fix_apply(const char *text, size_t len, const gg_edit *edits, size_t edits_len, char **out, size_t *out_len)
{
	size_t total = len, prev = 0;
	for (size_t i = 0; i < edits_len; i++) {
		const gg_edit *e = &edits[i];
		if (e->range.start > e->range.end || e->range.end > len || e->range.start < prev)
			return -EINVAL;
		prev = e->range.end;
		total = total - (e->range.end - e->range.start) + e->text_len;
	}
	char *buf = malloc(total + 1);
	if (!buf)
		return -ENOMEM;
	size_t at = 0, from = 0;
	for (size_t i = 0; i < edits_len; i++) {
		const gg_edit *e = &edits[i];
		memcpy(buf + at, text + from, e->range.start - from);
		at += e->range.start - from;
		memcpy(buf + at, e->text, e->text_len);
		at += e->text_len;
		from = e->range.end;
	}
	memcpy(buf + at, text + from, len - from);
	at += len - from;
	buf[at] = '\0';
	*out = buf;
	*out_len = at;
	return 0;
}
