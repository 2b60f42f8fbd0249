/*
 * An ignore file's lines as libgit2 internal rules for another folder
 * (ignore_rules.h). Nothing here matches paths: libgit2 does, and fnmatch(3)
 * only says whether a pattern's leading part names the folders down to the base.
 */
#include "ignore_rules.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

/* One pattern line, as libgit2 reads it. */
typedef struct ir_line {
	bool negative; /* "!" */
	bool dir_only; /* a trailing '/' */
	bool anchored; /* a '/' before the trailing one: relative to the file's folder */
	const char *body; /* without the '!', the one leading '/' and the trailing '/' */
	size_t len;
} ir_line;

/* path's part below folder top ("" for top itself), or NULL when path is not top or below it (both absolute). */
static const char *ir_below(const char *path, const char *top)
{
	if (strcmp(top, "/") == 0)
		return path + 1;
	size_t n = strlen(top);
	if (strncmp(path, top, n) != 0)
		return NULL;
	return path[n] == '\0' ? path + n : path[n] == '/' ? path + n + 1 : NULL;
}

/* Whether s[0..n) is a rule rather than a comment or a blank, and what it says (git's and libgit2's order). */
static bool ir_line_parse(const char *s, size_t n, ir_line *l)
{
	if (n && s[n - 1] == '\r')
		n--;
	if (n == 0 || s[0] == '#' || memchr(s, '\0', n))
		return false;
	l->negative = s[0] == '!';
	if (l->negative) {
		s++;
		n--;
	}
	/* Trailing blanks go unless escaped (an odd number of backslashes before them). */
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) {
		size_t k = 0;
		while (k + 1 < n && s[n - 2 - k] == '\\')
			k++;
		if (k % 2)
			break;
		n--;
	}
	l->dir_only = n && s[n - 1] == '/';
	if (l->dir_only)
		n--;
	l->anchored = memchr(s, '/', n) != NULL;
	if (n && s[0] == '/') {
		s++;
		n--;
	}
	l->body = s;
	l->len = n;
	return n > 0;
}

/* A folder path into a pattern: wildcards, escapes and what is special at a line's start escaped. 1: cannot be written (a newline). */
static int ir_put_escaped(gg_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			return 1;
		if (strchr("*?[\\!#\v\f", s[i]) && gg_buf_append(b, "\\", 1))
			return -ENOMEM;
		if (gg_buf_append(b, s + i, 1))
			return -ENOMEM;
	}
	return 0;
}

static bool ir_has_wildcard(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '*' || s[i] == '?' || s[i] == '[')
			return true;
	}
	return false;
}

/* One rule: head (a folder part) then tail (the pattern's), '!' and the trailing '/' as the line had them. */
static int ir_emit(gg_buf *b, const ir_line *l, const char *head, size_t hn, const char *tail, size_t tn)
{
	gg_buf r = { 0 };
	int rc = gg_buf_append(&r, head, hn);
	if (!rc)
		rc = gg_buf_append(&r, tail, tn);
	if (!rc && l->negative)
		rc = gg_buf_append(b, "!", 1);
	size_t i = 0;
	if (!rc && l->negative && !ir_has_wildcard(r.data, r.len)) {
		/* Kept by libgit2 only with a wildcard (ignore_rules.h): the first literal character as a class of one. */
		while (i < r.len && (r.data[i] == '/' || (r.data[i] == '\\' && i + 1 < r.len && r.data[i + 1] == '/')))
			i += r.data[i] == '/' ? 1 : 2;
		if (i < r.len) {
			size_t w = r.data[i] == '\\' && i + 1 < r.len ? 2 : 1;
			char c = r.data[i + w - 1];
			rc = gg_buf_append(b, r.data, i);
			if (!rc)
				rc = gg_buf_append(b, "[\\", 2);
			if (!rc)
				rc = gg_buf_append(b, &c, 1);
			if (!rc)
				rc = gg_buf_append(b, "]", 1);
			i += w;
		}
	}
	if (!rc)
		rc = gg_buf_append(b, r.data + i, r.len - i);
	if (!rc && l->dir_only)
		rc = gg_buf_append(b, "/", 1);
	if (!rc)
		rc = gg_buf_append(b, "\n", 1);
	gg_buf_free(&r);
	return rc;
}

/* A line of a file in the base folder or below it (head: the folders between, escaped, ending in '/'; "" for the base). */
static int ir_rebase_below(gg_buf *b, const ir_line *l, const gg_buf *head)
{
	if (!head->len)
		return l->anchored ? ir_emit(b, l, "/", 1, l->body, l->len) : ir_emit(b, l, "", 0, l->body, l->len);
	if (l->anchored)
		return ir_emit(b, l, head->data, head->len, l->body, l->len);
	gg_buf h = { 0 };
	int rc = gg_buf_append(&h, head->data, head->len);
	if (!rc)
		rc = gg_buf_append(&h, "**/", 3);
	if (!rc)
		rc = ir_emit(b, l, h.data, h.len, l->body, l->len);
	gg_buf_free(&h);
	return rc;
}

/* s split at each '/' in place: *parts (malloc'd, pointing into s) and their count. Returns 0 or -ENOMEM. */
static int ir_split(char *s, char ***parts, size_t *n)
{
	size_t count = 1;
	for (char *p = s; *p; p++)
		count += *p == '/';
	*parts = malloc(count * sizeof **parts);
	if (!*parts)
		return -ENOMEM;
	*n = 0;
	for (char *p = s;; p++) {
		if (*n == 0 || p[-1] == '\0')
			(*parts)[(*n)++] = p;
		if (*p == '\0')
			break;
		if (*p == '/')
			*p = '\0';
	}
	return 0;
}

/*
 * An anchored line of a file above the base (rest: the base's path below the
 * file's folder): each way the line's leading parts can name rest's folders
 * leaves a remainder anchored at the base. reach[j]: the line's first i parts
 * can name rest's first j folders; a "**" part names any number of them.
 */
static int ir_rebase_above(gg_buf *b, const ir_line *l, const char *rest)
{
	char *pat = strndup(l->body, l->len), *dirs = strdup(rest);
	char **pp = NULL, **dp = NULL;
	size_t np = 0, nd = 0;
	bool *reach = NULL, *next = NULL;
	int rc = pat && dirs ? 0 : -ENOMEM;
	if (!rc)
		rc = ir_split(pat, &pp, &np);
	if (!rc)
		rc = ir_split(dirs, &dp, &nd);
	if (!rc && !(reach = calloc(nd + 1, sizeof *reach)))
		rc = -ENOMEM;
	if (!rc && !(next = calloc(nd + 1, sizeof *next)))
		rc = -ENOMEM;
	if (!rc)
		reach[0] = true;
	for (size_t i = 0; !rc && i < np; i++) {
		bool stars = strcmp(pp[i], "**") == 0;
		if (stars)
			for (size_t j = 1; j <= nd; j++)
				reach[j] = reach[j] || reach[j - 1];
		if (reach[nd]) /* parts i.. are relative to the base */
			rc = ir_emit(b, l, "/", 1, l->body + (pp[i] - pat), l->len - (size_t)(pp[i] - pat));
		memset(next, 0, (nd + 1) * sizeof *next);
		for (size_t j = 0; j <= nd; j++) {
			if (!reach[j])
				continue;
			if (stars)
				next[j] = true;
			else if (j < nd && fnmatch(pp[i], dp[j], 0) == 0)
				next[j + 1] = true;
		}
		bool *t = reach;
		reach = next;
		next = t;
	}
	free(reach);
	free(next);
	free(pp);
	free(dp);
	free(pat);
	free(dirs);
	return rc;
}

int gg_ignore_rules_rebase(const char *text, size_t len, const char *at, const char *base, char **out)
{
	*out = NULL;
	gg_buf b = { 0 }, head = { 0 };
	const char *below = ir_below(at, base);
	const char *above = below ? NULL : ir_below(base, at);
	int rc = 0;
	if (below && *below) {
		rc = ir_put_escaped(&head, below, strlen(below));
		if (!rc)
			rc = gg_buf_append(&head, "/", 1);
	}
	for (size_t i = 0; rc == 0 && (below || above) && i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
		ir_line l;
		if (ir_line_parse(text + i, n, &l)) {
			if (below)
				rc = ir_rebase_below(&b, &l, &head);
			else
				rc = l.anchored ? ir_rebase_above(&b, &l, above) : ir_emit(&b, &l, "", 0, l.body, l.len);
		}
		i += n + 1;
	}
	gg_buf_free(&head);
	if (rc < 0) {
		gg_buf_free(&b);
		return rc;
	}
	if (rc > 0) /* a folder name no pattern can spell: none of its rules */
		gg_buf_free(&b);
	*out = gg_buf_take(&b);
	return *out ? 0 : -ENOMEM;
}
