/*
 * An ignore file's patterns, as git's dir.c reads them (ignore_file.h). The
 * wildcards are glob_match.c's automaton in git's mode; what git matches
 * literally (a pattern's leading part without '*', '?', '[' or '\') is
 * compared as bytes first, as git does, which also decides where a "**"
 * counts as starting a segment.
 */
#include "ignore_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "glob_match.h"

typedef struct if_pattern {
	char *text;      /* owned: without the '!', a path pattern's leading '/' and the trailing '/' */
	size_t len;
	size_t prefix;   /* the leading bytes git compares literally */
	gg_glob *rest;   /* owned: text after the prefix; NULL when the prefix is all or it matches nothing */
	bool negative;   /* "!" */
	bool dir_only;   /* a trailing '/' */
	bool by_name;    /* no '/': matched against a path's last name */
} if_pattern;

struct gg_ignore_file {
	if_pattern *items; /* owned; in the file's order */
	size_t len, cap;
	bool fold; /* GG_IGNORE_FOLD_CASE */
};

void gg_ignore_file_free(gg_ignore_file *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->len; i++) {
		free(f->items[i].text);
		gg_glob_free(f->items[i].rest);
	}
	free(f->items);
	free(f);
}

/* git's trim_trailing_spaces: spaces (not tabs) at the end go, unless a '\' quotes the first of them. */
static size_t if_trim(const char *s, size_t n)
{
	size_t last_space = n;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ' ') {
			if (last_space == n)
				last_space = i;
		} else if (s[i] == '\\') {
			if (++i == n)
				return n;
			last_space = n;
		} else {
			last_space = n;
		}
	}
	return last_space;
}

static bool if_special(char c)
{
	return c == '*' || c == '?' || c == '[' || c == '\\';
}

/* One line (already cut at '\n', '\r', a NUL and trailing spaces) into f. Returns 0 or -ENOMEM. */
static int if_add_line(gg_ignore_file *f, const char *s, size_t n)
{
	if_pattern p = { 0 };
	if (n && s[0] == '!') {
		p.negative = true;
		s++;
		n--;
	}
	if (n && s[n - 1] == '/') {
		p.dir_only = true;
		n--;
	}
	p.by_name = memchr(s, '/', n) == NULL;
	if (!p.by_name && s[0] == '/') {
		s++;
		n--;
	}
	if (n == 0)
		return 0; /* matches nothing: a path or a name is never empty */
	while (p.prefix < n && !if_special(s[p.prefix]))
		p.prefix++;
	p.text = malloc(n + 1);
	if (!p.text)
		return -ENOMEM;
	memcpy(p.text, s, n);
	p.text[n] = '\0';
	p.len = n;
	int rc = 0;
	if (p.prefix < n) {
		rc = gg_glob_compile(p.text + p.prefix, n - p.prefix, GG_GLOB_GIT | (f->fold ? GG_GLOB_FOLD_CASE : 0), &p.rest);
		if (!rc && !p.rest) { /* it matches nothing */
			free(p.text);
			return 0;
		}
	}
	if (!rc)
		rc = gg_grow((void **)&f->items, &f->cap, f->len, sizeof *f->items);
	if (rc) {
		free(p.text);
		gg_glob_free(p.rest);
		return rc;
	}
	f->items[f->len++] = p;
	return 0;
}

int gg_ignore_file_parse(const char *text, size_t len, unsigned flags, gg_ignore_file **out)
{
	*out = NULL;
	gg_ignore_file *f = calloc(1, sizeof *f);
	if (!f)
		return -ENOMEM;
	f->fold = flags & GG_IGNORE_FOLD_CASE;
	size_t i = 0;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	int rc = 0;
	while (!rc && i < len) {
		const char *line = text + i;
		const char *nl = memchr(line, '\n', len - i);
		size_t n = nl ? (size_t)(nl - line) : len - i;
		i += n + 1;
		if (n == 0 || line[0] == '#')
			continue;
		if (line[n - 1] == '\r')
			n--;
		const char *nul = memchr(line, '\0', n);
		if (nul)
			n = (size_t)(nul - line);
		rc = if_add_line(f, line, if_trim(line, n));
	}
	if (rc || !f->len) {
		gg_ignore_file_free(f);
		return rc;
	}
	*out = f;
	return 0;
}

/* Whether p matches s[0..n): its literal prefix as bytes, the rest by the automaton. */
/* The literal part, compared as git does: bytes, or ASCII letters of either case under core.ignoreCase. */
static bool if_same(const char *a, const char *b, size_t n, bool fold)
{
	if (!fold)
		return memcmp(a, b, n) == 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
		if (x != y && !(x >= 'A' && x <= 'Z' ? x + 32 == y : y >= 'A' && y <= 'Z' && y + 32 == x))
			return false;
	}
	return true;
}

static bool if_pattern_matches(const if_pattern *p, const char *s, size_t n, bool fold)
{
	if (p->prefix > n || !if_same(p->text, s, p->prefix, fold))
		return false;
	if (p->prefix == p->len)
		return n == p->len;
	return gg_glob_matches(p->rest, s + p->prefix, n - p->prefix) > 0;
}

gg_ignore_verdict gg_ignore_file_match(const gg_ignore_file *f, const char *rel, size_t rel_len, bool is_dir)
{
	if (!f)
		return GG_IGNORE_NONE;
	const char *name = rel + rel_len;
	while (name > rel && name[-1] != '/')
		name--;
	size_t name_len = (size_t)(rel + rel_len - name);
	for (size_t i = f->len; i-- > 0;) {
		const if_pattern *p = &f->items[i];
		if (p->dir_only && !is_dir)
			continue;
		if (p->by_name ? if_pattern_matches(p, name, name_len, f->fold) : if_pattern_matches(p, rel, rel_len, f->fold))
			return p->negative ? GG_IGNORE_INCLUDED : GG_IGNORE_EXCLUDED;
	}
	return GG_IGNORE_NONE;
}
