/*
 * What a text scan of each file tells of what its classes' methods return,
 * part by part (project.h, method_parts): `return loss, hit.item(), seen / n`
 * hands back a loss and two plain Python numbers. A file that unpacks what a
 * module class of another file returns (`loss, hit, rate = model(x)`) learns
 * here that hit and rate carry no history, as it learns it of a class of its
 * own (classes.c, sem_class_forward_numbers). A part that is itself a part of
 * what a submodule (`self.decoder(...)`, built from a class of any file) or
 * another method of the class (`self.align(...)`) returns is settled once
 * every file is read (gg_project_classes_sort), to a fixed point.
 *
 * Only what the text shows for certain counts: a part is a number where
 * every return gives one there, and a name is one where every binding of it
 * in the method is; anything else is not known, and keeps its history.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "findings.h"
#include "project.h"
#include "project_lines.h"

/* Parts past this are not followed (a mask bit each). */
enum { MAX_PARTS = 32 };

/* What a part, or a name, of a method is. */
typedef enum part_kind { PART_OTHER, PART_NUMBER, PART_FROM } part_kind;

/* What a name of the method holds: a number, or part pos of what self.<callee>(...) returns. */
typedef struct binding {
	char *name; /* owned: statements are read from a buffer each reuses */
	size_t len;
	part_kind kind;
	char *callee; /* owned; PART_FROM: the attribute after self., or with fn the function called */
	size_t callee_len;
	unsigned pos;
	bool fn; /* PART_FROM: what a call of a plain name returns (`mse = MSE(y, t)`), not a part of self's */
} binding;

/* A part of a return taken from another method's: where it comes from. */
typedef struct part_from {
	unsigned part;
	char *callee; /* owned */
	size_t callee_len;
	unsigned pos;
	bool fn; /* callee is a function's name (binding.fn) */
} part_from;

/* A function defined in the method (`def bert_out():`): the parts of its returns that are numbers. */
typedef struct inner_def {
	char *name; /* owned */
	size_t len;
	uint32_t mask;
} inner_def;

/* The method the scan is in. */
typedef struct method_scan {
	const char *cls, *name; /* into the text */
	size_t cls_len, name_len;
	uint32_t mask; /* parts a number or from another method in every return so far */
	bool returned;
	bool function; /* a top-level function (cls "-"): what its one value is, as part 0 */
	bool tuple;    /* a method: some return hands back a tuple of parts */
	unsigned body, at; /* the indentation of its body's statements, and of the statement being read */
	binding *names;
	size_t names_len, names_cap;
	part_from *froms;
	size_t froms_len, froms_cap;
	inner_def *inners; /* read to their ends so far */
	size_t inners_len, inners_cap;
} method_scan;

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\\'))
		p++;
	return p;
}

static const char *trim_end(const char *p, const char *end)
{
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\\'))
		end--;
	return end;
}

/* Past the string literal opening at p (its quote), or end. */
static const char *string_skip(const char *p, const char *end)
{
	char q = *p++;
	while (p < end && *p != q) {
		if (*p == '\\')
			p++;
		p++;
	}
	return p < end ? p + 1 : end;
}

/* Where the code of [p, end) ends: at a comment outside strings, or end. */
static const char *code_end(const char *p, const char *end)
{
	while (p < end && *p != '#')
		p = *p == '"' || *p == '\'' ? string_skip(p, end) : p + 1;
	return p < end ? p : end;
}

/* The bracket depth change of [p, end), strings and a comment left out. */
static int depth_change(const char *p, const char *end)
{
	int depth = 0;
	while (p < end) {
		if (*p == '#')
			break;
		if (*p == '"' || *p == '\'') {
			p = string_skip(p, end);
			continue;
		}
		depth += (*p == '(' || *p == '[' || *p == '{') - (*p == ')' || *p == ']' || *p == '}');
		p++;
	}
	return depth;
}

/*
 * The next top-level occurrence in [p, end) of a byte of set, outside
 * brackets and strings, or end.
 */
static const char *top_level_find(const char *p, const char *end, const char *set)
{
	int depth = 0;
	while (p < end) {
		if (*p == '"' || *p == '\'') {
			p = string_skip(p, end);
			continue;
		}
		if (*p == '#')
			return end;
		if (*p == '(' || *p == '[' || *p == '{')
			depth++;
		else if (*p == ')' || *p == ']' || *p == '}')
			depth--;
		else if (depth == 0 && strchr(set, *p))
			return p;
		p++;
	}
	return end;
}

/* Whether [p, end) is one bracketed group, `( ... )`, the whole of it. */
static bool wrapped(const char *p, const char *end)
{
	if (end - p < 2 || *p != '(' || end[-1] != ')')
		return false;
	int depth = 0;
	for (const char *q = p; q < end; q++) {
		if (*q == '"' || *q == '\'') {
			q = string_skip(q, end) - 1;
			continue;
		}
		depth += (*q == '(' || *q == '[' || *q == '{') - (*q == ')' || *q == ']' || *q == '}');
		if (depth == 0 && q + 1 < end)
			return false;
	}
	return true;
}

static bool is_name(const char *p, const char *end)
{
	return p < end && !(*p >= '0' && *p <= '9') && word_at(p, end) == (size_t)(end - p);
}

static bool is_number_literal(const char *p, const char *end)
{
	if (p >= end || !(*p >= '0' && *p <= '9'))
		return false;
	for (; p < end; p++)
		if (!((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' || *p == 'E' || *p == '_'))
			return false;
	return true;
}

static bool ends_with(const char *p, const char *end, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(end - p) >= n && memcmp(end - n, lit, n) == 0;
}

static const binding *binding_find(const method_scan *m, const char *name, size_t n)
{
	for (size_t i = 0; i < m->names_len; i++)
		if (m->names[i].len == n && memcmp(m->names[i].name, name, n) == 0)
			return &m->names[i];
	return NULL;
}

/*
 * What expression [p, end) is: a number (a literal; x.item(); float(...),
 * int(...), len(...), round(...) whole; a name bound only to numbers;
 * arithmetic of numbers), a part of another method's return (a name bound
 * so), or not known.
 */
static part_kind expr_kind(const method_scan *m, const char *p, const char *end, const binding **from, unsigned depth)
{
	p = skip_space(p, end);
	end = trim_end(p, end);
	*from = NULL;
	if (p >= end || depth > 8)
		return PART_OTHER;
	if (wrapped(p, end))
		return expr_kind(m, p + 1, end - 1, from, depth + 1);
	/* Arithmetic: every operand a number (a leading sign is no operand). */
	const char *op = top_level_find(*p == '-' || *p == '+' ? p + 1 : p, end, "+-*/%");
	if (op < end) {
		const binding *ignored;
		for (const char *a = p; a < end;) {
			const char *b = top_level_find(a == p && (*a == '-' || *a == '+') ? a + 1 : a, end, "+-*/%");
			const char *s = a == p && (*a == '-' || *a == '+') ? a + 1 : a;
			if (skip_space(s, b) < trim_end(s, b) && expr_kind(m, s, b, &ignored, depth + 1) != PART_NUMBER)
				return PART_OTHER;
			a = b < end ? b + 1 : end;
			while (a < end && (*a == '*' || *a == '/' || *a == ' ')) /* ** and // */
				a++;
		}
		return PART_NUMBER;
	}
	/* A number, or a tensor that carries no history: detached, its .data, copied out to the host. */
	static const char *const endings[] = { ".item()", ".data", ".detach()", ".tolist()", ".numpy()", NULL };
	if (is_number_literal(p, end))
		return PART_NUMBER;
	/* An empty container, None, a string: nothing of a graph (a list a name keeps empty unless it is filled, below). */
	static const char *const plain[] = { "[]", "()", "{}", "None", NULL };
	for (const char *const *w = plain; *w; w++)
		if ((size_t)(end - p) == strlen(*w) && memcmp(p, *w, (size_t)(end - p)) == 0)
			return PART_NUMBER;
	if ((*p == '"' || *p == '\'') && string_skip(p, end) == end)
		return PART_NUMBER;
	for (const char *const *e = endings; *e; e++)
		if (ends_with(p, end, *e))
			return PART_NUMBER;
	/* loss.data[0]: an item of what carries no history. */
	if (end[-1] == ']') {
		const char *open = end - 1;
		for (int depth = 0; open > p; open--) {
			depth += (*open == ']') - (*open == '[');
			if (depth == 0)
				break;
		}
		if (open > p && *open == '[' && ends_with(p, open, ".data"))
			return PART_NUMBER;
	}
	static const char *const casts[] = { "float(", "int(", "len(", "round(", NULL };
	for (const char *const *c = casts; *c; c++) {
		size_t n = strlen(*c);
		if ((size_t)(end - p) > n && memcmp(p, *c, n) == 0 && wrapped(p + n - 1, end))
			return PART_NUMBER;
	}
	if (is_name(p, end)) {
		const binding *b = binding_find(m, p, (size_t)(end - p));
		if (b && b->kind == PART_FROM)
			*from = b;
		return b ? b->kind : PART_OTHER;
	}
	return PART_OTHER;
}

/* Records a binding of name: a second one keeps a number only where both are. */
static int name_bind_from(method_scan *m, const char *name, size_t n, part_kind kind, const char *callee,
			  size_t callee_len, unsigned pos, bool fn)
{
	/*
	 * A statement of the body's own level (in no branch or loop) runs after
	 * every binding before it: what it binds is what the name holds now.
	 */
	bool replaces = m->body && m->at == m->body;
	for (size_t i = 0; i < m->names_len; i++) {
		binding *b = &m->names[i];
		if (b->len == n && memcmp(b->name, name, n) == 0 && replaces) {
			char *own_callee = callee ? strndup(callee, callee_len) : NULL;
			if (callee && !own_callee)
				return -ENOMEM;
			free(b->callee);
			*b = (binding){ b->name, n, kind, own_callee, callee_len, pos, fn };
			return 0;
		}
		if (b->len == n && memcmp(b->name, name, n) == 0) {
			/*
			 * `a, hit = self.head(x)` in one branch, `a, hit = 0, 0` in the
			 * other: a number either way once the head's part is one.
			 */
			if (b->kind == PART_NUMBER && kind == PART_FROM) {
				char *own_callee = strndup(callee, callee_len);
				if (!own_callee)
					return -ENOMEM;
				*b = (binding){ b->name, n, PART_FROM, own_callee, callee_len, pos, fn };
			} else if (!(kind == PART_NUMBER && (b->kind == PART_NUMBER || b->kind == PART_FROM))) {
				b->kind = PART_OTHER;
			}
			return 0;
		}
	}
	if (gg_grow((void **)&m->names, &m->names_cap, m->names_len, sizeof *m->names))
		return -ENOMEM;
	char *own = strndup(name, n), *own_callee = callee ? strndup(callee, callee_len) : NULL;
	if (!own || (callee && !own_callee)) {
		free(own);
		free(own_callee);
		return -ENOMEM;
	}
	m->names[m->names_len++] = (binding){ own, n, kind, own_callee, callee_len, pos, fn };
	return 0;
}

static int name_bind(method_scan *m, const char *name, size_t n, part_kind kind, const char *callee, size_t callee_len,
		     unsigned pos)
{
	return name_bind_from(m, name, n, kind, callee, callee_len, pos, false);
}

/*
 * The function a call that is the whole of [p, end) runs, a plain name
 * (`MSE(y, target)`): *name, *len. False otherwise. Its value is what that
 * function returns, known once every file is read (gg_project_parts_settle).
 */
static bool plain_call(const char *p, const char *end, const char **name, size_t *len)
{
	size_t n = word_at(p, end);
	if (!n || (*p >= '0' && *p <= '9') || p + n >= end || p[n] != '(' || !wrapped(p + n, end))
		return false;
	*name = p;
	*len = n;
	return true;
}

/*
 * The callee of a call that is the whole of [p, end) and runs an attribute
 * of self (`self.decoder(x, z)`): *attr, *attr_len. False otherwise.
 */
static bool self_call(const char *p, const char *end, const char **attr, size_t *attr_len)
{
	if ((size_t)(end - p) < 6 || memcmp(p, "self.", 5) != 0)
		return false;
	size_t n = word_at(p + 5, end);
	const char *open = p + 5 + n;
	if (!n || open >= end || *open != '(' || !wrapped(open, end))
		return false;
	*attr = p + 5;
	*attr_len = n;
	return true;
}

/* The parts of a comma list [p, end) (a tuple's brackets taken off): their starts and ends. */
static size_t parts_split(const char *p, const char *end, const char **starts, const char **ends, size_t max)
{
	p = skip_space(p, end);
	end = trim_end(p, end);
	if (wrapped(p, end) && top_level_find(p + 1, end - 1, ",") < end - 1) {
		p++;
		end--;
	}
	size_t n = 0;
	while (p < end) {
		const char *comma = top_level_find(p, end, ",");
		if (n == max)
			return max + 1;
		starts[n] = p;
		ends[n++] = comma;
		p = comma < end ? comma + 1 : end;
		if (skip_space(p, end) >= end)
			break; /* a trailing comma */
	}
	return n;
}

/* An assignment statement [p, end): what each name it binds holds. */
static int assignment_note(method_scan *m, const char *p, const char *end)
{
	const char *eq = top_level_find(p, end, "=");
	if (eq >= end)
		return 0;
	/* ==, <=, >=, != are no assignment; x += y is an augmented one. */
	if ((eq + 1 < end && eq[1] == '=') || (eq > p && strchr("<>!", eq[-1])))
		return 0;
	const char *rhs = eq + 1, *lhs_end = trim_end(p, eq);
	if (rhs < end && *rhs == '=')
		return 0;
	bool augmented = lhs_end > p && strchr("+-*/%&|^@", lhs_end[-1]);
	if (augmented) {
		lhs_end = trim_end(p, lhs_end - 1);
		while (lhs_end > p && strchr("*/<>", lhs_end[-1])) /* **=, //=, <<=, >>= */
			lhs_end = trim_end(p, lhs_end - 1);
	}
	const char *lstarts[MAX_PARTS], *lends[MAX_PARTS];
	size_t count = parts_split(p, lhs_end, lstarts, lends, MAX_PARTS);
	if (count > MAX_PARTS)
		return 0; /* too many names to follow: none of them is a number, as none is recorded */
	const binding *from;
	if (count == 1) {
		const char *s = skip_space(lstarts[0], lends[0]), *e = trim_end(s, lends[0]);
		if (!is_name(s, e))
			return 0;
		part_kind k = expr_kind(m, rhs, end, &from, 0);
		if (augmented && k == PART_NUMBER) {
			const binding *b = binding_find(m, s, (size_t)(e - s));
			k = b ? b->kind : PART_OTHER;
		}
		/* A name bound to another name's part (`acc = word_acc`) holds that part too. */
		if (k == PART_FROM && from)
			return name_bind_from(m, s, (size_t)(e - s), PART_FROM, from->callee, from->callee_len, from->pos,
					      from->fn);
		const char *r = skip_space(rhs, end), *fn;
		size_t fn_len;
		if (k != PART_NUMBER && !augmented && plain_call(r, trim_end(r, end), &fn, &fn_len))
			return name_bind_from(m, s, (size_t)(e - s), PART_FROM, fn, fn_len, 0, true);
		return name_bind(m, s, (size_t)(e - s), k == PART_NUMBER ? PART_NUMBER : PART_OTHER, NULL, 0, 0);
	}
	const char *rstarts[MAX_PARTS], *rends[MAX_PARTS];
	size_t rcount = parts_split(rhs, end, rstarts, rends, MAX_PARTS);
	const char *attr = NULL;
	size_t attr_len = 0;
	const char *r = skip_space(rhs, end);
	bool unpacked = rcount == 1 && self_call(r, trim_end(r, end), &attr, &attr_len);
	for (size_t i = 0; i < count; i++) {
		const char *s = skip_space(lstarts[i], lends[i]), *e = trim_end(s, lends[i]);
		if (*s == '*')
			s++; /* a starred name: a list of parts, nothing known */
		if (!is_name(s, e))
			continue;
		int rc;
		if (unpacked && s == skip_space(lstarts[i], lends[i]))
			rc = name_bind(m, s, (size_t)(e - s), PART_FROM, attr, attr_len, (unsigned)i);
		else if (rcount == count && !augmented)
			rc = name_bind(m, s, (size_t)(e - s),
				       expr_kind(m, rstarts[i], rends[i], &from, 0) == PART_NUMBER ? PART_NUMBER : PART_OTHER,
				       NULL, 0, 0);
		else
			rc = name_bind(m, s, (size_t)(e - s), PART_OTHER, NULL, 0, 0);
		if (rc)
			return rc;
	}
	return 0;
}

/* Every name of a target list [p, end) (nested ones too), bound to what is not known. */
static int names_unknown(method_scan *m, const char *p, const char *end, unsigned depth)
{
	const char *starts[MAX_PARTS], *ends[MAX_PARTS];
	size_t count = parts_split(p, end, starts, ends, MAX_PARTS);
	for (size_t i = 0; i < count && i < MAX_PARTS && depth < 8; i++) {
		const char *a = skip_space(starts[i], ends[i]), *b = trim_end(a, ends[i]);
		if (a < b && *a == '*')
			a++;
		int rc = wrapped(a, b)	 ? names_unknown(m, a + 1, b - 1, depth + 1)
			 : is_name(a, b) ? name_bind(m, a, (size_t)(b - a), PART_OTHER, NULL, 0, 0)
					 : 0;
		if (rc)
			return rc;
	}
	return 0;
}

/* A for loop's or a with's names ([p, end) the statement): bound to what is not known. */
static int header_note(method_scan *m, const char *p, const char *end)
{
	if ((size_t)(end - p) > 4 && memcmp(p, "for ", 4) == 0) {
		const char *in = memmem(p + 4, (size_t)(end - p - 4), " in ", 4);
		return names_unknown(m, p + 4, in ? in : end, 0);
	}
	const char *as = memmem(p, (size_t)(end - p), " as ", 4);
	return as ? names_unknown(m, as + 4, top_level_find(as + 4, end, ":"), 0) : 0;
}

/* The function of the method that [p, end) calls whole (`bert_out()`, any arguments), or NULL. */
static const inner_def *inner_called(const method_scan *m, const char *p, const char *end)
{
	size_t n = word_at(p, end);
	if (!n || p + n >= end || p[n] != '(' || !wrapped(p + n, end))
		return NULL;
	for (size_t i = 0; i < m->inners_len; i++)
		if (m->inners[i].len == n && memcmp(m->inners[i].name, p, n) == 0)
			return &m->inners[i];
	return NULL;
}

/* A return statement's value [p, end): which parts are numbers, or parts of another method's return. */
static int return_note(method_scan *m, const char *p, const char *end)
{
	const char *starts[MAX_PARTS], *ends[MAX_PARTS];
	size_t count = skip_space(p, end) < end ? parts_split(p, end, starts, ends, MAX_PARTS) : 0;
	m->returned = true;
	/* `return bert_out()`, a function the method defines: what its returns hold. */
	const inner_def *in = count == 1 ? inner_called(m, skip_space(p, end), trim_end(p, end)) : NULL;
	if (in) {
		m->mask &= in->mask;
		m->tuple = m->tuple || in->mask;
		return 0;
	}
	/*
	 * A method's return of one value beside its tuples (`if eval: return y`)
	 * is not what a caller unpacking the tuple's parts gets: left to them
	 * (method_end). A function's one value is its part 0 (a tuple's parts
	 * are not followed through a call).
	 */
	if (count == 1 && !m->function)
		return 0;
	if ((count < 2 && !(m->function && count == 1)) || count > MAX_PARTS) {
		m->mask = 0; /* a value that is no tuple of parts: nothing is known part by part */
		return 0;
	}
	m->tuple = m->tuple || count >= 2;
	uint32_t parts = 0;
	for (size_t i = 0; i < count; i++) {
		const binding *from;
		part_kind k = expr_kind(m, starts[i], ends[i], &from, 0);
		if (k == PART_NUMBER) {
			parts |= 1u << i;
		} else if (k == PART_FROM && from && (m->mask >> i & 1)) {
			char *callee = gg_grow((void **)&m->froms, &m->froms_cap, m->froms_len, sizeof *m->froms)
					       ? NULL
					       : strndup(from->callee, from->callee_len);
			if (!callee)
				return -ENOMEM;
			m->froms[m->froms_len++] = (part_from){ (unsigned)i, callee, from->callee_len, from->pos, from->fn };
			parts |= 1u << i;
		}
	}
	m->mask &= parts;
	return 0;
}

/*
 * The constructor's dotted name of what the class assigns to self.<attr>
 * (attrs: "Class attr Ctor" of the file's classes), resolved through the
 * file's imports: an imported name is its module's, a class of the file
 * the file's own module's; any other name stands alone (of any module).
 * NULL when the class assigns the attribute nothing built from a class.
 */
static char *attr_constructor(const gg_strings *attrs, const gg_strings *own_classes, const gg_project_imports *imports,
			      const char *module, const method_scan *m, const char *attr, size_t attr_len)
{
	for (size_t i = 0; i < attrs->len; i++) {
		const char *e = attrs->items[i];
		if (strncmp(e, m->cls, m->cls_len) != 0 || e[m->cls_len] != ' ')
			continue;
		const char *a = e + m->cls_len + 1, *sp = strchr(a, ' ');
		if ((size_t)(sp - a) != attr_len || memcmp(a, attr, attr_len) != 0)
			continue;
		const char *ctor = sp + 1;
		size_t n = strlen(ctor);
		const gg_project_import *im = gg_project_import_of(imports, ctor, n);
		if (im)
			return gg_strdup_printf("%.*s.%.*s", (int)im->module.len, im->module.ptr, (int)im->name.len, im->name.ptr);
		if (gg_strings_contains(own_classes, ctor))
			return gg_strdup_printf("%s.%s", module, ctor);
		return strdup(ctor);
	}
	return NULL;
}

/* "module.Name" of a dotted constructor name, as "Name.method module" (module "-" when it has none). */
static char *target_key(const char *dotted, const char *method, size_t method_len)
{
	const char *dot = strrchr(dotted, '.');
	if (!dot)
		return gg_strdup_printf("%s.%.*s -", dotted, (int)method_len, method);
	const char *module = dotted;
	while (*module == '.')
		module++;
	return gg_strdup_printf("%s.%.*s %.*s", dot + 1, (int)method_len, method,
				module < dot ? (int)(dot - module) : 1, module < dot ? module : "-");
}

/* Forgets what the scan knew of the method's names and parts. */
static void method_reset(method_scan *m)
{
	for (size_t i = 0; i < m->names_len; i++) {
		free(m->names[i].name);
		free(m->names[i].callee);
	}
	for (size_t i = 0; i < m->froms_len; i++)
		free(m->froms[i].callee);
	for (size_t i = 0; i < m->inners_len; i++)
		free(m->inners[i].name);
	m->name = NULL;
	m->function = m->tuple = false;
	m->body = m->at = 0;
	m->names_len = m->froms_len = m->inners_len = 0;
}

/*
 * Function in read to its end, inside method m: what its returns hold, a
 * number part by part, kept for m's `return in()`. A part taken from a
 * method of self is not followed from in there: not known.
 */
static int inner_end(method_scan *m, method_scan *in)
{
	uint32_t mask = in->returned && in->tuple ? in->mask : 0;
	for (size_t i = 0; i < in->froms_len; i++)
		mask &= ~(1u << in->froms[i].part);
	int rc = 0;
	if (in->name && !gg_grow((void **)&m->inners, &m->inners_cap, m->inners_len, sizeof *m->inners)) {
		char *name = strndup(in->name, in->name_len);
		if (name)
			m->inners[m->inners_len++] = (inner_def){ name, in->name_len, mask };
		else
			rc = -ENOMEM;
	} else if (in->name) {
		rc = -ENOMEM;
	}
	method_reset(in);
	return rc;
}

/* The method read to its end: its entry, and its parts still waiting on another method's. */
static int method_end(gg_project *p, method_scan *m, const char *module, const gg_strings *attrs,
		      const gg_strings *own_classes, const gg_project_imports *imports)
{
	int rc = 0;
	/* A method whose every return is one value: no tuple, nothing known part by part. */
	if (!m->function && !m->tuple)
		m->mask = 0;
	if (m->returned && m->mask) {
		char *entry = gg_strdup_printf("%.*s.%.*s %s %u", (int)m->cls_len, m->cls, (int)m->name_len, m->name, module,
					       (unsigned)m->mask);
		rc = entry ? gg_strings_push(&p->method_parts, entry) : -ENOMEM;
		free(entry);
		for (size_t i = 0; i < m->froms_len && !rc; i++) {
			const part_from *f = &m->froms[i];
			if (!(m->mask >> f->part & 1))
				continue;
			/* self.decoder(...): the forward of what built it; self.align(...): the class's own method; MSE(...): the function. */
			char *ctor = f->fn ? NULL : attr_constructor(attrs, own_classes, imports, module, m, f->callee, f->callee_len);
			const gg_project_import *im = f->fn ? gg_project_import_of(imports, f->callee, f->callee_len) : NULL;
			char *target = f->fn ? (im ? gg_strdup_printf("-.%.*s %.*s", (int)im->name.len, im->name.ptr, (int)im->module.len,
								      im->module.ptr)
						   : gg_strdup_printf("-.%.*s %s", (int)f->callee_len, f->callee, module))
				     : ctor ? target_key(ctor, "forward", 7)
					    : gg_strdup_printf("%.*s.%.*s %s", (int)m->cls_len, m->cls, (int)f->callee_len,
							       f->callee, module);
			char *dep = target ? gg_strdup_printf("%.*s.%.*s %s %u %s %u", (int)m->cls_len, m->cls,
							      (int)m->name_len, m->name, module, f->part, target, f->pos)
					   : NULL;
			rc = dep ? gg_strings_push(&p->pending_parts, dep) : -ENOMEM;
			free(dep);
			free(target);
			free(ctor);
		}
	}
	method_reset(m);
	return rc;
}

/*
 * One logical statement of a method's body, [p, end) (continuation lines
 * joined by the caller's bracket count): a return, an assignment, or a
 * loop's or a with's names.
 */
static int statement_note(method_scan *m, const char *p, const char *end)
{
	end = trim_end(p, end);
	if ((size_t)(end - p) >= 6 && memcmp(p, "return", 6) == 0 && (end - p == 6 || !word_char(p[6])))
		return return_note(m, p + 6, end);
	if ((size_t)(end - p) >= 5 && memcmp(p, "yield", 5) == 0 && (end - p == 5 || !word_char(p[5]))) {
		m->mask = 0;
		m->returned = true;
		return 0;
	}
	if (line_starts(&(line){ p, p, end, 0 }, "for ") || line_starts(&(line){ p, p, end, 0 }, "with "))
		return header_note(m, p, end);
	static const char *const keywords[] = { "if ", "elif ", "while ", "else", "try", "except", "finally", "assert ",
						"raise", "del ", "import ", "from ", "print(", "pass", "global ", NULL };
	for (const char *const *k = keywords; *k; k++)
		if (line_starts(&(line){ p, p, end, 0 }, *k))
			return 0;
	/* A container filled in place (`alpha.append(a)`, `parts[i] = a`): what it holds is no longer known. */
	size_t n = word_at(p, end);
	if (n && p + n < end && (p[n] == '[' || p[n] == '.')) {
		static const char *const fills[] = { ".append(", ".extend(", ".insert(", ".update(", ".add(", NULL };
		bool filled = p[n] == '[' && top_level_find(p + n, end, "=") < end;
		for (const char *const *f = fills; *f && !filled; f++)
			filled = (size_t)(end - p - n) > strlen(*f) && memcmp(p + n, *f, strlen(*f)) == 0;
		if (filled)
			return name_bind(m, p, n, PART_OTHER, NULL, 0, 0);
	}
	return assignment_note(m, p, end);
}

/* `self.<attr> = <...>Ctor(` lines of the file's top-level classes: "Class attr Ctor" into attrs. */
static int attrs_collect(const char *text, const char *end, gg_strings *attrs, gg_strings *own_classes)
{
	const char *cls = NULL;
	size_t cls_len = 0;
	int rc = 0;
	for (const char *q = text; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		if (line_blank(&l))
			continue;
		if (l.indent == 0) {
			cls = NULL;
			if (line_starts(&l, "class ")) {
				cls = l.content + 6;
				cls_len = word_at(cls, l.end);
				char *name = strndup(cls, cls_len);
				rc = name ? gg_strings_push(own_classes, name) : -ENOMEM;
				free(name);
			}
			continue;
		}
		const char *attr, *ctor, *last, *open;
		size_t n;
		if (!cls || !self_assign_call(&l, &attr, &n, &ctor, &last, &open))
			continue;
		/* The constructor: a dotted name (nn.Linear, Decoder), nothing else. */
		const char *c = ctor;
		while (c < open && (word_char(*c) || *c == '.'))
			c++;
		if (c != open)
			continue;
		char *entry = gg_strdup_printf("%.*s %.*s %.*s", (int)cls_len, cls, (int)n, attr, (int)(open - ctor), ctor);
		rc = entry ? gg_strings_push(attrs, entry) : -ENOMEM;
		free(entry);
	}
	return rc;
}

int gg_project_parts_scan(gg_project *p, const char *module, const char *text, size_t len,
			  const gg_project_imports *imports)
{
	/* Only the methods of classes and the top-level functions, and only what they return. */
	if ((!gg_text_contains(text, len, "class ") && !gg_text_contains(text, len, "def ")) ||
	    !gg_text_contains(text, len, "return"))
		return 0;
	const char *end = text + len;
	gg_strings attrs, own_classes;
	gg_strings_init(&attrs);
	gg_strings_init(&own_classes);
	int rc = attrs_collect(text, end, &attrs, &own_classes);
	method_scan m, in; /* the method, and a function it defines while that is read (in.name set) */
	memset(&m, 0, sizeof m);
	memset(&in, 0, sizeof in);
	unsigned body_indent = 0, def_indent = 0, nested_indent = 0, deep_indent = 0, stmt_at = 0;
	bool nested = false, deep = false, quoted = false, signature = false;
	gg_buf stmt = { NULL, 0, 0 }; /* a statement whose brackets span lines, joined */
	int depth = 0;
	for (const char *q = text; q < end && !rc;) {
		line l;
		q = line_read(q, end, &l);
		/*
		 * A def or a class at the method's level inside open brackets: the
		 * count went wrong (a bracket in text it could not tell apart). What
		 * the method returns is then not known.
		 */
		if (depth > 0 && m.name && l.indent <= def_indent &&
		    (line_starts(&l, "def ") || line_starts(&l, "class ") || line_starts(&l, "@"))) {
			depth = 0;
			m.mask = 0;
			signature = false;
		}
		if (depth > 0) {
			/* A continuation line of an open statement. */
			const char *code = code_end(l.content, l.end);
			depth += depth_change(l.content, code);
			rc = gg_buf_append(&stmt, " ", 1) || gg_buf_append(&stmt, l.content, (size_t)(code - l.content))
				     ? -ENOMEM
				     : 0;
			if (!rc && depth <= 0 && m.name && (!nested || (in.name && !deep)) && !signature) {
				(nested ? &in : &m)->at = stmt_at;
				rc = statement_note(nested ? &in : &m, stmt.data, stmt.data + stmt.len);
			}
			if (depth <= 0)
				signature = false;
			continue;
		}
		/* Docstrings and other text that spans lines. */
		if (line_is_text(&l, &quoted) || line_blank(&l))
			continue;
		if (in.name && l.indent <= nested_indent)
			rc = inner_end(&m, &in);
		if (!rc && m.name && l.indent <= def_indent)
			rc = method_end(p, &m, module, &attrs, &own_classes, imports);
		if (rc)
			break;
		if (l.indent == 0) {
			m.cls = NULL;
			if (line_starts(&l, "class ")) {
				m.cls = l.content + 6;
				m.cls_len = word_at(m.cls, l.end);
				body_indent = 0;
			} else if (line_starts(&l, "def ") || line_starts(&l, "async def ")) {
				/* A top-level function, keyed "-.name": what its one value is, for the methods that call it. */
				const char *name = l.content + (line_starts(&l, "def ") ? 4 : 10);
				m.cls = "-";
				m.cls_len = 1;
				m.name = name;
				m.name_len = word_at(name, l.end);
				m.mask = m.name_len ? UINT32_MAX : 0;
				m.returned = nested = false;
				m.function = true;
				def_indent = 0;
				body_indent = 0;
				depth = depth_change(l.content, code_end(l.content, l.end));
				signature = depth > 0;
			}
			continue;
		}
		if (!m.cls)
			continue;
		if (!body_indent)
			body_indent = l.indent;
		if (!m.name) {
			if (l.indent == body_indent && (line_starts(&l, "def ") || line_starts(&l, "async def "))) {
				const char *name = l.content + (line_starts(&l, "def ") ? 4 : 10);
				m.name = name;
				m.name_len = word_at(name, l.end);
				m.mask = m.name_len ? UINT32_MAX : 0;
				m.returned = nested = false;
				def_indent = l.indent;
				/* A signature over several lines: its continuation is no statement. */
				depth = depth_change(l.content, code_end(l.content, l.end));
				signature = depth > 0;
			}
			continue;
		}
		/*
		 * A function defined in the method: its returns are its own, read
		 * apart (in) for the method's `return f()`; a class or a function
		 * defined in it in turn is not followed.
		 */
		method_scan *cur = &m;
		if (nested && l.indent > nested_indent) {
			if (!in.name || (deep && l.indent > deep_indent))
				continue;
			deep = false;
			if (line_starts(&l, "def ") || line_starts(&l, "async def ") || line_starts(&l, "class ") ||
			    line_starts(&l, "lambda")) {
				deep = true;
				deep_indent = l.indent;
				depth = depth_change(l.content, code_end(l.content, l.end));
				signature = depth > 0;
				continue;
			}
			cur = &in;
		} else {
			nested = false;
			if (line_starts(&l, "def ") || line_starts(&l, "async def ") || line_starts(&l, "class ") ||
			    line_starts(&l, "lambda")) {
				nested = true;
				deep = false;
				nested_indent = l.indent;
				if (!line_starts(&l, "class ") && !line_starts(&l, "lambda")) {
					in.name = l.content + (line_starts(&l, "def ") ? 4 : 10);
					in.name_len = word_at(in.name, l.end);
					in.mask = in.name_len ? UINT32_MAX : 0;
					in.returned = false;
					if (!in.name_len)
						in.name = NULL;
				}
				depth = depth_change(l.content, code_end(l.content, l.end));
				signature = depth > 0;
				continue;
			}
		}
		if (line_starts(&l, "@"))
			continue;
		if (!cur->body)
			cur->body = l.indent; /* the first line of the body, whatever it opens */
		/* `if x: return a, b` on one line: the statement after the colon. */
		const char *s = l.content;
		if (line_starts(&l, "if ") || line_starts(&l, "elif ") || line_starts(&l, "else")) {
			const char *colon = top_level_find(s, l.end, ":");
			if (colon >= l.end || skip_space(colon + 1, l.end) >= l.end)
				continue;
			s = skip_space(colon + 1, l.end);
		}
		const char *code = code_end(s, l.end);
		stmt.len = 0;
		rc = gg_buf_append(&stmt, s, (size_t)(code - s)) ? -ENOMEM : 0;
		depth = depth_change(s, code);
		stmt_at = s == l.content ? l.indent : l.indent + 1; /* after `if x:` on its line: in a branch */
		if (!rc && depth <= 0) {
			depth = 0;
			cur->at = stmt_at;
			rc = statement_note(cur, stmt.data, stmt.data + stmt.len);
		}
	}
	if (!rc && in.name)
		rc = inner_end(&m, &in);
	if (!rc && m.name)
		rc = method_end(p, &m, module, &attrs, &own_classes, imports);
	method_reset(&in);
	method_reset(&m);
	free(in.names);
	free(in.froms);
	free(m.names);
	free(m.froms);
	free(m.inners);
	gg_buf_free(&stmt);
	gg_strings_free(&attrs);
	gg_strings_free(&own_classes);
	return rc;
}

/* A method_parts entry taken apart: "Key module MASK". */
typedef struct parts_entry {
	const char *key, *module; /* into the entry */
	size_t key_len, module_len;
	uint32_t cand, known;
} parts_entry;

/* A pending_parts entry taken apart: the owner's part waits on part pos of target. */
typedef struct parts_wait {
	size_t owner; /* into the entries */
	unsigned part, pos;
	const char *target, *tmodule; /* into the entry; tmodule NULL: any module */
	size_t target_len, tmodule_len;
} parts_wait;

/* "A B C..." split at spaces into up to max words; the count. */
static size_t words_split(const char *s, const char **w, size_t *n, size_t max)
{
	size_t count = 0;
	while (*s && count < max) {
		const char *sp = strchr(s, ' ');
		w[count] = s;
		n[count++] = sp ? (size_t)(sp - s) : strlen(s);
		if (!sp)
			break;
		s = sp + 1;
	}
	return count;
}

/* Whether the known parts of every entry for key (of a module tmodule names; NULL: any) hold pos; none: false. */
static bool parts_known(const parts_entry *e, size_t len, const char *key, size_t key_len, const char *tmodule,
			size_t tmodule_len, unsigned pos)
{
	bool found = false;
	for (size_t i = 0; i < len; i++) {
		if (e[i].key_len != key_len || memcmp(e[i].key, key, key_len) != 0)
			continue;
		if (tmodule && !gg_project_module_names(e[i].module, e[i].module_len, tmodule, tmodule_len))
			continue;
		if (!(e[i].known >> pos & 1))
			return false;
		found = true;
	}
	return found;
}

int gg_project_parts_settle(gg_project *p)
{
	size_t n = p->method_parts.len, m = p->pending_parts.len;
	parts_entry *e = n ? calloc(n, sizeof *e) : NULL;
	parts_wait *w = m ? calloc(m, sizeof *w) : NULL;
	if ((n && !e) || (m && !w)) {
		free(e);
		free(w);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		const char *words[3];
		size_t lens[3];
		if (words_split(p->method_parts.items[i], words, lens, 3) != 3)
			continue;
		e[i] = (parts_entry){ words[0], words[1], lens[0], lens[1], (uint32_t)strtoul(words[2], NULL, 10), 0 };
		e[i].known = e[i].cand;
	}
	/* Each wait: its owner, and the owner's part is not known until it is settled. */
	size_t waits = 0;
	for (size_t i = 0; i < m; i++) {
		/* "Owner.method module part Target.method tmodule pos" */
		const char *words[6];
		size_t lens[6];
		if (words_split(p->pending_parts.items[i], words, lens, 6) != 6)
			continue;
		for (size_t j = 0; j < n; j++) {
			if (e[j].key_len != lens[0] || memcmp(e[j].key, words[0], lens[0]) != 0 ||
			    e[j].module_len != lens[1] || memcmp(e[j].module, words[1], lens[1]) != 0)
				continue;
			unsigned part = (unsigned)strtoul(words[2], NULL, 10), pos = (unsigned)strtoul(words[5], NULL, 10);
			if (part >= MAX_PARTS || pos >= MAX_PARTS)
				break;
			bool any = lens[4] == 1 && words[4][0] == '-';
			w[waits++] = (parts_wait){ j, part, pos, words[3], any ? NULL : words[4], lens[3], any ? 0 : lens[4] };
			e[j].known &= ~(1u << part);
			break;
		}
	}
	/* A part is known once every part it waits on is: a chain across files, to a fixed point. */
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 0; i < waits; i++) {
			parts_entry *owner = &e[w[i].owner];
			uint32_t bit = 1u << w[i].part;
			if ((owner->known & bit) || !(owner->cand & bit))
				continue;
			bool all = true;
			for (size_t k = 0; k < waits && all; k++)
				if (w[k].owner == w[i].owner && w[k].part == w[i].part)
					all = parts_known(e, n, w[k].target, w[k].target_len, w[k].tmodule, w[k].tmodule_len,
							  w[k].pos);
			if (all) {
				owner->known |= bit;
				changed = true;
			}
		}
	}
	gg_strings settled;
	gg_strings_init(&settled);
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		if (!e[i].known)
			continue;
		char *entry = gg_strdup_printf("%.*s %.*s %u", (int)e[i].key_len, e[i].key, (int)e[i].module_len,
					       e[i].module, (unsigned)e[i].known);
		rc = entry ? gg_strings_push(&settled, entry) : -ENOMEM;
		free(entry);
	}
	free(e);
	free(w);
	if (rc) {
		gg_strings_free(&settled);
		return rc;
	}
	gg_strings_free(&p->method_parts);
	gg_strings_free(&p->pending_parts);
	p->method_parts = settled;
	gg_project_sort_unique(&p->method_parts);
	return 0;
}

uint32_t gg_project_forward_numbers(const gg_project *p, const char *dotted, size_t len)
{
	if (!p->classes_sorted || !p->method_parts.len)
		return 0;
	const char *dot = memrchr(dotted, '.', len), *module = dotted;
	size_t module_len = dot ? (size_t)(dot - dotted) : 0;
	while (module_len && *module == '.') {
		module++;
		module_len--;
	}
	const char *name = dot ? dot + 1 : dotted;
	char *key = gg_strdup_printf("%.*s.forward", (int)(len - (size_t)(name - dotted)), name);
	if (!key)
		return 0;
	size_t key_len = strlen(key);
	uint32_t mask = UINT32_MAX;
	bool found = false;
	const gg_strings *s = &p->method_parts;
	for (size_t i = gg_project_entries_lower(s, key, key_len);
	     i < s->len && strncmp(s->items[i], key, key_len) == 0 && s->items[i][key_len] == ' '; i++) {
		const char *m = s->items[i] + key_len + 1, *sp = strchr(m, ' ');
		if (!sp || (module_len && !gg_project_module_names(m, (size_t)(sp - m), module, module_len)))
			continue;
		mask &= (uint32_t)strtoul(sp + 1, NULL, 10);
		found = true;
	}
	free(key);
	return found ? mask : 0;
}
