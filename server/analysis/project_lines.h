#ifndef GG_PROJECT_LINES_H
#define GG_PROJECT_LINES_H

/*
 * The line reader of the project index's text scans (project_methods.c,
 * project_functions.c): a file read line by line, with each line's
 * indentation, and the words on it, without a parse.
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "grad_context.h"

/* A line of the text: where it starts, its indentation and where its content begins and ends. */
typedef struct line {
	const char *start, *content, *end;
	unsigned indent;
} line;

/* The line at p (p at a line's start), and where the next begins. */
static inline const char *line_read(const char *p, const char *end, line *l)
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

/*
 * Whether the line opens with a closing bracket: the rest of a def's header
 * or a call whose brackets opened above (`    ) -> Tensor:` at the def's own
 * indentation), never the end of a block.
 */
static inline bool line_closes_bracket(const line *l)
{
	return l->content < l->end && (*l->content == ')' || *l->content == ']' || *l->content == '}');
}

static inline bool line_blank(const line *l)
{
	return l->content == l->end || *l->content == '#';
}

static inline bool line_starts(const line *l, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(l->end - l->content) >= n && memcmp(l->content, lit, n) == 0;
}

static inline bool line_has(const line *l, const char *lit)
{
	return gg_text_contains(l->content, (size_t)(l->end - l->content), lit);
}

static inline bool word_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* The identifier at p, its length (0: none). */
static inline size_t word_at(const char *p, const char *end)
{
	size_t n = 0;
	while (p + n < end && word_char(p[n]))
		n++;
	return n;
}

/* The triple quotes of q in [p, end), as memmem finds them one after another; memchr skips a line without q at once. */
static inline size_t line_triple_quotes(const char *p, const char *end, char q)
{
	size_t n = 0;
	while (p < end && (p = memchr(p, q, (size_t)(end - p))) != NULL) {
		if (end - p >= 3 && p[1] == q && p[2] == q) {
			n++;
			p += 3;
		} else {
			p++;
		}
	}
	return n;
}

/*
 * Whether l is text rather than code: it lies in a triple-quoted string that
 * spans lines (*quoted, carried from line to line), or opens, closes or holds
 * triple quotes itself, and is left out whole.
 */
static inline bool line_is_text(const line *l, bool *quoted)
{
	size_t quotes = line_triple_quotes(l->content, l->end, '"') + line_triple_quotes(l->content, l->end, '\'');
	bool text = *quoted || quotes;
	if (quotes % 2)
		*quoted = !*quoted;
	return text;
}

/*
 * `self.<name> = <...>name(`: the attribute (*attr, *attr_len), the callee
 * expression's start (*expr) and its last name ([*ctor, *call), *call at the
 * parenthesis). False for any other line.
 */
static inline bool self_assign_any_call(const line *l, const char **attr, size_t *attr_len, const char **expr,
					const char **ctor, const char **call)
{
	if (!line_starts(l, "self."))
		return false;
	const char *p = l->content + 5;
	size_t n = word_at(p, l->end);
	const char *q = p + n;
	while (q < l->end && *q == ' ')
		q++;
	if (!n || q >= l->end || *q != '=' || (q + 1 < l->end && q[1] == '='))
		return false;
	for (q++; q < l->end && *q == ' '; q++)
		;
	const char *open = memchr(q, '(', (size_t)(l->end - q));
	if (!open)
		return false;
	const char *last = open;
	while (last > q && (word_char(last[-1])))
		last--;
	if (last == open)
		return false;
	*attr = p;
	*attr_len = n;
	*expr = q;
	*ctor = last;
	*call = open;
	return true;
}

/*
 * self_assign_any_call of a Capitalised name: what is built must be a class
 * (nn.Linear(, Encoder(; models.resnet18 is not one).
 */
static inline bool self_assign_call(const line *l, const char **attr, size_t *attr_len, const char **expr, const char **ctor,
				    const char **call)
{
	return self_assign_any_call(l, attr, attr_len, expr, ctor, call) && **ctor >= 'A' && **ctor <= 'Z';
}

#endif
