/*
 * Fuzz entry point for ignore files (server/ignore_file.c and the git mode of
 * server/glob_match.c). An input's last line is a path (a trailing '/' makes
 * it a folder); the lines before it are an ignore file. Any bytes in: no
 * overrun, no leak, no hang; and on short inputs the verdict must be the one
 * of a plain reference written the way git's dir.c and wildmatch work (each
 * line cut and read, the last matching line deciding, a pattern's literal
 * start compared first, the rest matched by backtracking), exponential but
 * direct, so a fuzzer finds a wrong answer as it finds a crash. The
 * reference was itself held to `git check-ignore` on the git_ignore cases.
 * An input whose first byte is 0x01 is read without it under core.ignoreCase
 * (GG_IGNORE_FOLD_CASE; the reference then does what wildmatch's WM_CASEFOLD
 * and git's fspathncmp do).
 *
 * Built with clang -fsanitize=fuzzer,address,undefined -DGG_LIBFUZZER it is
 * a libFuzzer target (docs/fuzzing.md); built plainly (as the tests do) it
 * replays the files named on its command line, or every file of a folder.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz_replay.h"
#include "ignore_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the reference ---- */

static bool ref_in_class(const char *name, size_t len, unsigned char c)
{
#define IS(s) (len == sizeof(s) - 1 && memcmp(name, s, len) == 0)
	bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
	if (IS("alnum")) return lower || upper || digit;
	if (IS("alpha")) return lower || upper;
	if (IS("blank")) return c == ' ' || c == '\t';
	if (IS("cntrl")) return c < 32 || c == 127;
	if (IS("digit")) return digit;
	if (IS("graph")) return c > 32 && c < 127;
	if (IS("lower")) return lower;
	if (IS("print")) return c >= 32 && c < 127;
	if (IS("punct")) return c > 32 && c < 127 && !lower && !upper && !digit;
	if (IS("space")) return c == ' ' || c == '\t' || c == '\n' || c == '\r';
	if (IS("upper")) return upper;
	if (IS("xdigit")) return digit || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
	return false;
#undef IS
}

static unsigned char ref_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* A bracket expression at p (p[0] == '['): 1 or 0 for c (lowered already under fold), its length in *len; -1 when malformed. */
static int ref_class(const char *p, const char *end, unsigned char c, bool fold, size_t *len)
{
	unsigned char up = fold && c >= 'a' && c <= 'z' ? (unsigned char)(c - 32) : c;
	const char *q = p + 1;
	bool neg = q < end && (*q == '!' || *q == '^');
	if (neg)
		q++;
	bool hit = false;
	unsigned prev = 0;
	for (bool first = true;; first = false) {
		if (q >= end)
			return -1;
		unsigned char m = (unsigned char)*q;
		if (m == ']' && !first)
			break;
		if (m == '\\') {
			if (++q >= end)
				return -1;
			m = (unsigned char)*q;
			hit |= m == c;
		} else if (m == '-' && prev && q + 1 < end && q[1] != ']') {
			unsigned char hi = (unsigned char)*++q;
			if (hi == '\\' && ++q >= end)
				return -1;
			hi = (unsigned char)*q;
			hit |= (c >= prev && c <= hi) || (up >= prev && up <= hi);
			m = 0;
		} else if (m == '[' && q + 1 < end && q[1] == ':') {
			const char *e = q + 2;
			while (e < end && *e != ']')
				e++;
			if (e >= end)
				return -1;
			if (e == q + 2 || e[-1] != ':') {
				hit |= c == '[';
			} else {
				static const char *const known[] = { "alnum", "alpha", "blank", "cntrl", "digit", "graph",
								     "lower", "print", "punct", "space", "upper", "xdigit" };
				size_t n = (size_t)(e - 1 - (q + 2));
				bool ok = false;
				for (size_t k = 0; k < 12; k++)
					ok |= strlen(known[k]) == n && memcmp(known[k], q + 2, n) == 0;
				if (!ok)
					return -1;
				hit |= ref_in_class(q + 2, n, c) || (up != c && n == 5 && memcmp(q + 2, "upper", 5) == 0);
				q = e;
				m = 0;
			}
		} else {
			hit |= m == c;
		}
		prev = m;
		q++;
	}
	*len = (size_t)(q + 1 - p);
	return (hit != neg) && c != '/';
}

/* wildmatch with WM_PATHNAME, by backtracking; start: where the pattern git hands wildmatch begins. */
static bool ref_wild(const char *p, const char *pe, const char *t, const char *te, const char *start, bool fold)
{
	while (p < pe) {
		if (*p == '*') {
			const char *q = p;
			while (q < pe && *q == '*')
				q++;
			bool across = q - p >= 2 && (p == start || p[-1] == '/') &&
				      (q == pe || *q == '/' || (*q == '\\' && q + 1 < pe && q[1] == '/'));
			if (across && q < pe && *q == '/' && ref_wild(q + 1, pe, t, te, start, fold))
				return true;
			for (const char *s = t;; s++) {
				if (ref_wild(q, pe, s, te, start, fold))
					return true;
				if (s == te || (!across && *s == '/'))
					return false;
			}
		}
		if (t == te)
			return false;
		if (*p == '?') {
			if (*t == '/')
				return false;
		} else if (*p == '[') {
			size_t len = 0;
			unsigned char tc = (unsigned char)*t;
			if (ref_class(p, pe, fold ? ref_lower(tc) : tc, fold, &len) != 1)
				return false;
			p += len - 1;
		} else {
			if (*p == '\\' && ++p == pe)
				return false;
			if (fold ? ref_lower((unsigned char)*p) != ref_lower((unsigned char)*t) : *p != *t)
				return false;
		}
		p++;
		t++;
	}
	return t == te;
}

/* One line's pattern against path (len n, its last name from name on): as dir.c's last_matching_pattern. */
/* git's fspathncmp: bytes, or ASCII letters of either case under core.ignoreCase. */
static bool ref_same(const char *a, const char *b, size_t n, bool fold)
{
	for (size_t i = 0; i < n; i++)
		if (fold ? ref_lower((unsigned char)a[i]) != ref_lower((unsigned char)b[i]) : a[i] != b[i])
			return false;
	return true;
}

static int ref_line(const char *s, size_t n, const char *path, size_t len, const char *name, bool is_dir, bool fold)
{
	bool neg = n && s[0] == '!';
	if (neg)
		s++, n--;
	bool dir_only = n && s[n - 1] == '/';
	if (dir_only)
		n--;
	if (dir_only && !is_dir)
		return 0;
	bool by_name = !memchr(s, '/', n);
	const char *t = by_name ? name : path, *te = path + len;
	if (!by_name && s[0] == '/')
		s++, n--;
	size_t prefix = 0;
	while (prefix < n && !strchr("*?[\\", s[prefix]))
		prefix++;
	bool hit;
	if (by_name) {
		hit = n && ref_wild(s, s + n, t, te, s, fold);
	} else {
		hit = n && prefix <= (size_t)(te - t) && ref_same(s, t, prefix, fold) &&
		      ref_wild(s + prefix, s + n, t + prefix, te, s + prefix, fold);
	}
	return hit ? (neg ? GG_IGNORE_INCLUDED : GG_IGNORE_EXCLUDED) : 0;
}

static gg_ignore_verdict ref_verdict(const char *text, size_t len, const char *path, size_t plen, bool is_dir, bool fold)
{
	const char *name = path + plen;
	while (name > path && name[-1] != '/')
		name--;
	int verdict = GG_IGNORE_NONE;
	size_t i = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	while (i < len) {
		const char *line = text + i;
		const char *nl = memchr(line, '\n', len - i);
		size_t n = nl ? (size_t)(nl - line) : len - i;
		i += n + 1;
		if (!n || line[0] == '#')
			continue;
		if (line[n - 1] == '\r')
			n--;
		const char *z = memchr(line, '\0', n);
		if (z)
			n = (size_t)(z - line);
		/* Trailing spaces: all of a final run of spaces unless a '\' quotes its first. */
		size_t keep = n;
		for (size_t k = 0; k < n; k++) {
			if (line[k] == '\\') {
				if (++k == n) {
					keep = n;
					break;
				}
				keep = n;
			} else if (line[k] != ' ') {
				keep = n;
			} else if (keep == n) {
				keep = k;
			}
		}
		int v = ref_line(line, keep, path, plen, name, is_dir, fold);
		if (v)
			verdict = v;
	}
	return (gg_ignore_verdict)verdict;
}

/* ---- the entry point ---- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	size_t n = size;
	bool fold = n && text[0] == '\x01';
	if (fold)
		text++, n--;
	if (n && text[n - 1] == '\n')
		n--;
	const char *nl = n ? memrchr(text, '\n', n) : NULL;
	size_t file_len = nl ? (size_t)(nl - text) + 1 : 0;
	const char *path = text + file_len;
	size_t plen = n - file_len;
	bool is_dir = plen && path[plen - 1] == '/';
	if (is_dir)
		plen--;
	gg_ignore_file *f = NULL;
	if (gg_ignore_file_parse(text, file_len, fold ? GG_IGNORE_FOLD_CASE : 0, &f) != 0)
		return 0;
	gg_ignore_verdict got = gg_ignore_file_match(f, path, plen, is_dir);
	gg_ignore_file_free(f);
	/* The reference is exponential: short lines and paths only, and a path as the walk gives one. */
	bool short_enough = plen <= 24 && file_len <= 96 && (!plen || (path[0] != '/' && !memchr(path, '\0', plen)));
	for (const char *l = text; short_enough && l < text + file_len;) {
		const char *e = memchr(l, '\n', (size_t)(text + file_len - l));
		short_enough = (size_t)(e - l) <= 24;
		l = e + 1;
	}
	if (short_enough && plen) {
		gg_ignore_verdict want = ref_verdict(text, file_len, path, plen, is_dir, fold);
		if (got != want) {
			fprintf(stderr, "fuzz-ignore: %.*s%s: %d, the reference says %d\n", (int)plen, path, is_dir ? "/" : "",
				got, want);
			abort();
		}
	}
	return 0;
}

#ifndef GG_LIBFUZZER
int main(int argc, char **argv)
{
	return gg_fuzz_replay("fuzz-ignore", NULL, argc, argv, NULL);
}
#endif
