/*
 * Glob matching without backtracking: the pattern is compiled into a list of
 * elements, read as a nondeterministic automaton whose set of live states is
 * carried along the path one character at a time (Thompson's construction).
 * Every step costs at most one visit per element, so "**" and '*' repeated
 * any number of times cost what a literal does. (A backtracking matcher, as
 * the one this replaced, is exponential in the number of "**" segments, and
 * so is git's wildmatch, which GG_GLOB_GIT follows in what it matches.)
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

struct gg_glob {
	glob_elem *elems; /* owned */
	size_t len;
	bool hidden_dot; /* fnmatch's FNM_PERIOD: only a literal '.' starts a segment with one */
};

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


/* git's character classes (wildmatch under git's ctype): ASCII only, and its isspace is "\t\n\r " alone. */
static bool git_class_has(const char *name, size_t len, unsigned c)
{
#define GIT_CLASS(s) (len == sizeof(s) - 1 && memcmp(name, s, len) == 0)
	bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
	bool graph = c > 0x20 && c < 0x7f, space = c == '\t' || c == '\n' || c == '\r' || c == ' ';
	if (GIT_CLASS("alnum"))
		return lower || upper || digit;
	if (GIT_CLASS("alpha"))
		return lower || upper;
	if (GIT_CLASS("blank"))
		return c == ' ' || c == '\t';
	if (GIT_CLASS("cntrl"))
		return c < 0x20 || c == 0x7f;
	if (GIT_CLASS("digit"))
		return digit;
	if (GIT_CLASS("graph"))
		return graph;
	if (GIT_CLASS("lower"))
		return lower;
	if (GIT_CLASS("print"))
		return graph || c == ' ';
	if (GIT_CLASS("punct"))
		return graph && !lower && !upper && !digit;
	if (GIT_CLASS("space"))
		return space;
	if (GIT_CLASS("upper"))
		return upper;
	return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); /* xdigit */
#undef GIT_CLASS
}

static bool git_class_known(const char *name, size_t len)
{
	static const char *const names[] = { "alnum", "alpha", "blank", "cntrl", "digit", "graph",
					     "lower", "print", "punct", "space", "upper", "xdigit" };
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
		if (strlen(names[k]) == len && memcmp(names[k], name, len) == 0)
			return true;
	return false;
}

/*
 * A bracket expression as git's wildmatch reads it, at p[0] == '['. It may
 * hold a '/' (which it never matches); the first member (after '!' or '^')
 * may be ']'; '\' quotes; "a-z" is a range unless '-' is last; "[:name:]" a
 * class, "[:" without ":]" before the next ']' a '[' member. Returns the
 * length it spans, or -1 when the pattern can match nothing (no closing ']',
 * an unknown class name, a '\' at the end).
 */
/* ASCII case, as git's ctype has it. */
static unsigned git_lower(unsigned c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static unsigned git_upper(unsigned c)
{
	return c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c;
}

/*
 * The bytes b a member accepts: with fold (core.ignoreCase), wildmatch's
 * WM_CASEFOLD lowers the path's character t first, then compares it with a
 * member as written (so an upper-case member accepts nothing), takes a range
 * (range: one written with '-', `A-A` too) for t or its upper case, and
 * [:upper:] for a lower-case t too.
 */
static void git_member_add(uint8_t *set, unsigned lo, unsigned hi, const char *class_name, size_t class_len, bool fold,
			   bool range)
{
	for (unsigned b = 0; b < 256; b++) {
		unsigned t = fold ? git_lower(b) : b;
		bool in;
		if (class_name)
			in = git_class_has(class_name, class_len, t) ||
			     (fold && class_len == 5 && memcmp(class_name, "upper", 5) == 0 && t != git_upper(t));
		else
			in = (t >= lo && t <= hi) || (fold && range && git_upper(t) >= lo && git_upper(t) <= hi);
		if (in)
			set_add(set, b);
	}
}

static long git_class(const char *p, size_t n, uint8_t *set, bool fold)
{
	size_t j = 1;
	bool negate = j < n && (p[j] == '!' || p[j] == '^');
	if (negate)
		j++;
	memset(set, 0, 32);
	unsigned prev = 0; /* the previous member, a range's low end; 0 after a range or a class */
	for (bool first = true;; first = false) {
		if (j >= n)
			return -1;
		unsigned c = (unsigned char)p[j];
		if (c == ']' && !first)
			break;
		if (c == '\\') {
			if (++j >= n)
				return -1;
			c = (unsigned char)p[j];
			git_member_add(set, c, c, NULL, 0, fold, false);
		} else if (c == '-' && prev && j + 1 < n && p[j + 1] != ']') {
			unsigned hi = (unsigned char)p[++j];
			if (hi == '\\') {
				if (++j >= n)
					return -1;
				hi = (unsigned char)p[j];
			}
			if (prev <= hi)
				git_member_add(set, prev, hi, NULL, 0, fold, true);
			c = 0;
		} else if (c == '[' && j + 1 < n && p[j + 1] == ':') {
			size_t s = j + 2, e = s;
			while (e < n && p[e] != ']')
				e++;
			if (e >= n)
				return -1;
			if (e == s || p[e - 1] != ':') {
				git_member_add(set, '[', '[', NULL, 0, fold, false); /* no ":]": '[' is a member, and ':' and what follows are read as members */
			} else {
				if (!git_class_known(p + s, e - 1 - s))
					return -1;
				git_member_add(set, 0, 0, p + s, e - 1 - s, fold, false);
				j = e;
				c = 0;
			}
		} else {
			git_member_add(set, c, c, NULL, 0, fold, false);
		}
		prev = c;
		j++;
	}
	if (negate)
		for (size_t k = 0; k < 32; k++)
			set[k] = (uint8_t)~set[k];
	return (long)j + 1;
}

/*
 * git's stars at p[i] == '*': a run of two or more at the pattern's start or
 * after a '/', followed by the end, a '/' or "\/", matches across folders
 * ("**" then '/' is GLOB_DIRS, else GLOB_REST); any other run is one '*'.
 * Returns the characters taken.
 */
static size_t git_stars(const char *p, size_t n, size_t i, glob_elem *e, const glob_elem *prev)
{
	size_t j = i;
	while (j < n && p[j] == '*')
		j++;
	bool alone = j - i >= 2 && (i == 0 || p[i - 1] == '/');
	if (alone && j < n && p[j] == '/') {
		e->kind = prev && prev->kind == GLOB_DIRS ? GLOB_LIT : GLOB_DIRS; /* GLOB_LIT here: dropped by the caller */
		return j + 1 - i;
	}
	e->kind = alone && (j == n || (p[j] == '\\' && j + 1 < n && p[j + 1] == '/')) ? GLOB_REST : GLOB_STAR;
	return j - i;
}

/* Returns 0, -EINVAL for a pattern that matches nothing, or -ENOMEM. */
static int glob_compile(const char *p, size_t n, unsigned flags, gg_glob *prog)
{
	bool git = flags & GG_GLOB_GIT;
	bool fold = git && (flags & GG_GLOB_FOLD_CASE);
	if (!git && n > 0 && p[n - 1] == '/')
		n--; /* "data/" is "data" */
	/* Each element takes at least one character of the pattern. */
	prog->elems = malloc((n + 1) * sizeof *prog->elems);
	prog->len = 0;
	prog->hidden_dot = !git;
	if (!prog->elems)
		return -ENOMEM;
	bool seg_start = true;
	size_t i = 0;
	while (i < n) {
		glob_elem *e = &prog->elems[prog->len];
		glob_elem *prev = prog->len ? e - 1 : NULL;
		*e = (glob_elem){ .kind = GLOB_LIT, .segment_start = seg_start };
		if (git && p[i] == '*') {
			i += git_stars(p, n, i, e, prev);
			if (e->kind == GLOB_LIT)
				continue; /* "**" after "**" adds nothing */
			if (e->kind == GLOB_STAR && prev && prev->kind == GLOB_STAR)
				continue;
			prog->len++;
			continue;
		}
		if (git && p[i] == '[') {
			long span = git_class(p + i, n - i, e->set, fold);
			if (span < 0)
				return -EINVAL;
			e->kind = GLOB_CLASS;
			i += (size_t)span;
			prog->len++;
			continue;
		}
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
		if (fold && e->kind == GLOB_LIT && git_lower(e->ch) != git_upper(e->ch)) {
			/* WM_CASEFOLD lowers both sides of a literal: either case of the letter. */
			memset(e->set, 0, sizeof e->set);
			set_add(e->set, git_lower(e->ch));
			set_add(e->set, git_upper(e->ch));
			e->kind = GLOB_CLASS;
		}
		prog->len++;
	}
	return 0;
}

/* Follows the moves that take no character: past a '*', a "**" segment or a final "**" (which match nothing). */
static void glob_closure(const gg_glob *prog, bool *states)
{
	for (size_t i = 0; i < prog->len; i++) {
		glob_kind k = prog->elems[i].kind;
		if (states[i] && (k == GLOB_STAR || k == GLOB_DIRS || k == GLOB_REST))
			states[i + 1] = true;
	}
}

int gg_glob_compile(const char *pattern, size_t len, unsigned flags, gg_glob **out)
{
	*out = NULL;
	gg_glob *g = malloc(sizeof *g);
	if (!g)
		return -ENOMEM;
	int rc = glob_compile(pattern, len, flags, g);
	if (rc) {
		gg_glob_free(g);
		return rc == -EINVAL ? 0 : rc;
	}
	*out = g;
	return 0;
}

void gg_glob_free(gg_glob *g)
{
	if (!g)
		return;
	free(g->elems);
	free(g);
}

int gg_glob_matches(const gg_glob *prog, const char *path, size_t len)
{
	if (!prog)
		return 0;
	size_t m = prog->len + 1;
	/*
	 * The live states: at[i], about to match element i; inside[i], in the
	 * middle of a segment that the "**" element i is passing over. Short
	 * patterns (nearly all) keep them on the stack.
	 */
	bool small[4 * 64];
	bool *states = m <= 64 ? small : calloc(4 * m, sizeof *states);
	if (!states)
		return -ENOMEM;
	memset(states, 0, 4 * m * sizeof *states);
	bool *at = states, *inside = states + m, *next_at = states + 2 * m, *next_inside = states + 3 * m;
	at[0] = true;
	glob_closure(prog, at);
	bool alive = true;
	for (size_t k = 0; k < len && alive; k++) {
		unsigned char c = (unsigned char)path[k];
		bool seg_start = k == 0 || path[k - 1] == '/';
		/* fnmatch's FNM_PERIOD: a '.' that starts a segment takes a literal '.' at the start of a segment. */
		bool hidden = prog->hidden_dot && seg_start && c == '.';
		bool wild = c != '/' && !hidden;
		memset(next_at, 0, m * sizeof *states);
		memset(next_inside, 0, m * sizeof *states);
		alive = false;
		for (size_t i = 0; i < prog->len; i++) {
			const glob_elem *e = &prog->elems[i];
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
		glob_closure(prog, next_at);
		bool *t = at;
		at = next_at;
		next_at = t;
		t = inside;
		inside = next_inside;
		next_inside = t;
	}
	int rc = alive && at[prog->len];
	if (states != small)
		free(states);
	return rc;
}

int gg_glob_match(const char *pattern, const char *path)
{
	gg_glob *g = NULL;
	int rc = gg_glob_compile(pattern, strlen(pattern), 0, &g);
	if (!rc)
		rc = gg_glob_matches(g, path, strlen(path));
	gg_glob_free(g);
	return rc;
}
