/*
 * Glob matching without backtracking: the pattern is compiled into a list of
 * elements, read as a nondeterministic automaton whose set of live states is
 * carried along the path one character at a time (Thompson's construction).
 * Every step costs at most one visit per element, so "**" and '*' repeated
 * any number of times cost what a literal does. (A backtracking matcher, as
 * the one this replaced, is exponential in the number of "**" segments.)
 */
#include "glob_match.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef enum glob_kind {
	GLOB_LIT,   /* the character ch */
	GLOB_ANY,   /* '?': one character of a segment */
	GLOB_CLASS, /* '[...]': one character of a segment in (or out of) set */
	GLOB_STAR,  /* '*': any run of characters of a segment */
	GLOB_DIRS,  /* a "**" segment before more: any number of whole segments, each with its '/' */
	GLOB_REST,  /* a final "**": anything */
} glob_kind;

typedef struct glob_elem {
	glob_kind kind;
	unsigned char ch;    /* GLOB_LIT */
	bool segment_start;  /* the first element of a pattern segment */
	uint8_t set[32];     /* GLOB_CLASS: a bitmap of the bytes it accepts */
} glob_elem;

typedef struct glob_prog {
	glob_elem *elems; /* owned */
	size_t len;
} glob_prog;

static void set_add(uint8_t *set, unsigned c)
{
	set[c >> 3] |= (uint8_t)(1u << (c & 7));
}

static bool set_has(const uint8_t *set, unsigned c)
{
	return set[c >> 3] & (1u << (c & 7));
}

static const struct {
	const char *name;
	int (*is)(int);
} glob_classes[] = {
	{ "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank }, { "cntrl", iscntrl },
	{ "digit", isdigit }, { "graph", isgraph }, { "lower", islower }, { "print", isprint },
	{ "punct", ispunct }, { "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit },
};

/*
 * A bracket expression at p[0] == '['. Returns the length it spans, 0 when it
 * is not one ('[' is then a literal: no closing ']' in the segment), or -1 for
 * one fnmatch rejects (an unknown class name, a collating element of more
 * than one character).
 */
static long glob_class(const char *p, size_t n, uint8_t *set)
{
	size_t j = 1;
	bool negate = j < n && (p[j] == '!' || p[j] == '^');
	if (negate)
		j++;
	memset(set, 0, 32);
	for (bool first = true;; first = false) {
		if (j >= n || p[j] == '/')
			return 0;
		unsigned char c = (unsigned char)p[j];
		if (c == ']' && !first) {
			j++;
			break;
		}
		if (c == '[' && j + 1 < n && (p[j + 1] == ':' || p[j + 1] == '=' || p[j + 1] == '.')) {
			char kind = p[j + 1];
			const char *name = p + j + 2;
			const char *end = NULL;
			for (const char *q = name; q + 1 < p + n && *q != '/'; q++) {
				if (q[0] == kind && q[1] == ']') {
					end = q;
					break;
				}
			}
			if (end && kind == ':') {
				size_t len = (size_t)(end - name);
				int (*is)(int) = NULL;
				for (size_t k = 0; k < sizeof glob_classes / sizeof glob_classes[0]; k++)
					if (strlen(glob_classes[k].name) == len && memcmp(glob_classes[k].name, name, len) == 0)
						is = glob_classes[k].is;
				if (!is)
					return -1;
				for (unsigned b = 0; b < 256; b++)
					if (is((int)b))
						set_add(set, b);
				j = (size_t)(end - p) + 2;
				continue;
			}
			if (end && end - name == 1) { /* [=c=], [.c.]: the character itself */
				set_add(set, (unsigned char)*name);
				j = (size_t)(end - p) + 2;
				continue;
			}
			/* As glibc: a longer or unterminated [.x.] is an error, a longer [=x=] too; else '[' is a member. */
			if (kind == '.' || (end && kind == '='))
				return -1;
		}
		if (c == '\\') {
			if (++j >= n || p[j] == '/')
				return 0;
			c = (unsigned char)p[j];
		}
		j++;
		if (j + 1 < n && p[j] == '-' && p[j + 1] != ']' && p[j + 1] != '/') {
			size_t k = j + 1;
			if (p[k] == '\\' && k + 1 < n && p[k + 1] != '/')
				k++;
			unsigned char hi = (unsigned char)p[k];
			for (unsigned b = c; b <= hi; b++)
				set_add(set, b);
			j = k + 1;
			continue;
		}
		set_add(set, c);
	}
	if (negate)
		for (size_t k = 0; k < 32; k++)
			set[k] = (uint8_t)~set[k];
	return (long)j;
}

/* Returns 0, -EINVAL for a pattern that matches nothing, or -ENOMEM. */
static int glob_compile(const char *p, glob_prog *prog)
{
	size_t n = strlen(p);
	if (n > 0 && p[n - 1] == '/')
		n--; /* "data/" is "data" */
	/* Each element takes at least one character of the pattern. */
	prog->elems = malloc((n + 1) * sizeof *prog->elems);
	prog->len = 0;
	if (!prog->elems)
		return -ENOMEM;
	bool seg_start = true;
	size_t i = 0;
	while (i < n) {
		glob_elem *e = &prog->elems[prog->len];
		glob_elem *prev = prog->len ? e - 1 : NULL;
		*e = (glob_elem){ .kind = GLOB_LIT, .segment_start = seg_start };
		if (seg_start && n - i >= 2 && p[i] == '*' && p[i + 1] == '*' && (i + 2 == n || p[i + 2] == '/')) {
			if (i + 2 >= n) {
				e->kind = GLOB_REST;
				prog->len++;
				break;
			}
			/* "**" after "**" adds nothing. */
			if (!prev || prev->kind != GLOB_DIRS) {
				e->kind = GLOB_DIRS;
				prog->len++;
			}
			i += 3;
			continue;
		}
		seg_start = false;
		char c = p[i];
		if (c == '*') {
			i++;
			if (prev && prev->kind == GLOB_STAR && !e->segment_start)
				continue; /* "**" inside a segment is '*' */
			e->kind = GLOB_STAR;
		} else if (c == '?') {
			i++;
			e->kind = GLOB_ANY;
		} else if (c == '[') {
			long span = glob_class(p + i, n - i, e->set);
			if (span < 0)
				return -EINVAL;
			e->kind = span ? GLOB_CLASS : GLOB_LIT;
			e->ch = '[';
			i += span ? (size_t)span : 1;
		} else if (c == '\\') {
			if (i + 1 >= n)
				return -EINVAL; /* fnmatch: a trailing backslash matches nothing */
			e->ch = (unsigned char)p[i + 1];
			i += 2;
		} else {
			e->ch = (unsigned char)c;
			i++;
		}
		if (e->kind == GLOB_LIT && e->ch == '/')
			seg_start = true;
		prog->len++;
	}
	return 0;
}

/* Follows the moves that take no character: past a '*', a "**" segment or a final "**" (which match nothing). */
static void glob_closure(const glob_prog *prog, bool *states)
{
	for (size_t i = 0; i < prog->len; i++) {
		glob_kind k = prog->elems[i].kind;
		if (states[i] && (k == GLOB_STAR || k == GLOB_DIRS || k == GLOB_REST))
			states[i + 1] = true;
	}
}

int gg_glob_match(const char *pattern, const char *path)
{
	glob_prog prog;
	int rc = glob_compile(pattern, &prog);
	if (rc) {
		free(prog.elems);
		return rc == -EINVAL ? 0 : rc;
	}
	size_t m = prog.len + 1;
	/*
	 * The live states: at[i], about to match element i; inside[i], in the
	 * middle of a segment that the "**" element i is passing over.
	 */
	bool *states = calloc(4 * m, sizeof *states);
	if (!states) {
		free(prog.elems);
		return -ENOMEM;
	}
	bool *at = states, *inside = states + m, *next_at = states + 2 * m, *next_inside = states + 3 * m;
	at[0] = true;
	glob_closure(&prog, at);
	bool alive = true;
	for (const char *s = path; *s && alive; s++) {
		unsigned char c = (unsigned char)*s;
		bool seg_start = s == path || s[-1] == '/';
		/* fnmatch's FNM_PERIOD: a '.' that starts a segment takes a literal '.' at the start of a segment. */
		bool hidden = seg_start && c == '.';
		bool wild = c != '/' && !hidden;
		memset(next_at, 0, m * sizeof *states);
		memset(next_inside, 0, m * sizeof *states);
		alive = false;
		for (size_t i = 0; i < prog.len; i++) {
			const glob_elem *e = &prog.elems[i];
			bool stay = false, advance = false;
			if (inside[i]) {
				(c == '/' ? next_at : next_inside)[i] = true;
				alive = true;
			}
			if (!at[i])
				continue;
			switch (e->kind) {
			case GLOB_LIT: advance = c == e->ch && (!hidden || e->segment_start); break;
			case GLOB_ANY: advance = wild; break;
			case GLOB_CLASS: advance = wild && set_has(e->set, c); break;
			case GLOB_STAR: stay = wild; break;
			case GLOB_DIRS:
				(c == '/' ? next_at : next_inside)[i] = true;
				alive = true;
				break;
			case GLOB_REST: stay = true; break;
			}
			next_at[i] |= stay;
			next_at[i + 1] |= advance;
			alive |= stay || advance;
		}
		glob_closure(&prog, next_at);
		bool *t = at;
		at = next_at;
		next_at = t;
		t = inside;
		inside = next_inside;
		next_inside = t;
	}
	rc = alive && at[prog.len];
	free(states);
	free(prog.elems);
	return rc;
}
