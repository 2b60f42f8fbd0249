/*
 * `# noqa` directives: found by scanning the text for "noqa" and keeping the
 * hits that lie in a comment node, so a file without the word costs one
 * memchr-speed pass and no tree walk.
 */
#include "noqa.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

typedef struct noqa_directive {
	uint32_t line_start, line_end; /* its line: [line_start, line_end) */
	uint32_t start, end;            /* the comment's bytes */
	bool file_level;
} noqa_directive;

typedef struct noqa_list {
	noqa_directive *items; /* owned */
	size_t len, cap;
	const char *text;
	size_t text_len;
} noqa_list;

/* Offset of the first byte of the line holding offset; "\r", "\n" and "\r\n" end lines. */
static uint32_t noqa_line_start(const char *text, uint32_t offset)
{
	while (offset > 0 && text[offset - 1] != '\n' && text[offset - 1] != '\r')
		offset--;
	return offset;
}

static bool noqa_word_at(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(end - p) < n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)p[i]) != word[i])
			return false;
	return true;
}

static const char *noqa_skip_space(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/*
 * After "noqa": whether the directive covers code. Bare (or a colon with no
 * code after it, as flake8 reads it) covers everything; else the list of
 * codes, separated by commas and spaces, must name it.
 */
static bool noqa_codes_cover(const char *p, const char *end, const char *code)
{
	const char *q = noqa_skip_space(p, end);
	if (q == end || *q != ':')
		return true;
	q++;
	bool any = false;
	size_t code_len = strlen(code);
	for (;;) {
		while (q < end && (*q == ' ' || *q == '\t' || *q == ','))
			q++;
		const char *w = q;
		while (q < end && isupper((unsigned char)*q))
			q++;
		if (q == w)
			break;
		while (q < end && isdigit((unsigned char)*q))
			q++;
		if (q < end && isalnum((unsigned char)*q))
			break; /* not a code: the list ends here */
		any = true;
		if ((size_t)(q - w) == code_len && memcmp(w, code, code_len) == 0)
			return true;
	}
	return !any;
}

/*
 * Whether the comment text [p, end) holds a directive covering code: a "#",
 * optional spaces, "noqa" not followed by a word character. With file_level,
 * the comment must be "# gradguard: noqa..." from its start.
 */
static bool noqa_comment_covers(const char *p, const char *end, const char *code, bool file_level)
{
	if (file_level) {
		p = noqa_skip_space(p + 1, end); /* past the '#' */
		if (!noqa_word_at(p, end, "gradguard"))
			return false;
		p = noqa_skip_space(p + 9, end);
		if (p == end || *p != ':')
			return false;
		p = noqa_skip_space(p + 1, end);
		if (!noqa_word_at(p, end, "noqa") || (p + 4 < end && (isalnum((unsigned char)p[4]) || p[4] == '_')))
			return false;
		return noqa_codes_cover(p + 4, end, code);
	}
	for (const char *h = memchr(p, '#', (size_t)(end - p)); h; h = memchr(h + 1, '#', (size_t)(end - h - 1))) {
		const char *q = noqa_skip_space(h + 1, end);
		if (!noqa_word_at(q, end, "noqa"))
			continue;
		q += 4;
		if (q < end && (isalnum((unsigned char)*q) || *q == '_'))
			continue;
		return noqa_codes_cover(q, end, code);
	}
	return false;
}

/* A "# gradguard: noqa" comment: first thing on its line. */
static bool noqa_is_file_level(const char *text, uint32_t line_start, uint32_t start, uint32_t end)
{
	for (uint32_t i = line_start; i < start; i++)
		if (text[i] != ' ' && text[i] != '\t' && text[i] != '\f')
			return false;
	const char *p = noqa_skip_space(text + start + 1, text + end);
	return noqa_word_at(p, text + end, "gradguard");
}

static int noqa_list_add(noqa_list *l, noqa_directive d)
{
	if (gg_grow((void **)&l->items, &l->cap, l->len, sizeof *l->items))
		return -ENOMEM;
	l->items[l->len++] = d;
	return 0;
}

/* Each comment node with a case-insensitive "noqa" in it: its line. */
static int noqa_collect(noqa_list *l, gg_node root)
{
	const char *text = l->text;
	if (gg_node_is_null(root))
		return 0;
	TSSymbol comment = ts_language_symbol_for_name(root.tree->language, "comment", 7, true);
	uint32_t last_comment = UINT32_MAX;
	/* The text's rare letter: each q of a "noqa", then the comment around it (if any). */
	const char *end = text + l->text_len;
	const char *q = l->text_len > 2 ? memchr(text + 2, 'q', l->text_len - 2) : NULL;
	const char *Q = l->text_len > 2 ? memchr(text + 2, 'Q', l->text_len - 2) : NULL;
	while (q || Q) {
		const char *hit = q && (!Q || q < Q) ? q : Q;
		if (hit == q)
			q = memchr(q + 1, 'q', (size_t)(end - q - 1));
		else
			Q = memchr(Q + 1, 'Q', (size_t)(end - Q - 1));
		size_t i = (size_t)(hit - text) - 2;
		if (!noqa_word_at(text + i, end, "noqa"))
			continue;
		gg_node n = gg_node_descendant_for_byte_range(root, (uint32_t)i, (uint32_t)i + 4);
		if (gg_node_symbol(n) != comment)
			continue;
		uint32_t start = gg_node_start_byte(n), stop = gg_node_end_byte(n);
		if (start == last_comment)
			continue;
		last_comment = start;
		uint32_t line_start = noqa_line_start(text, start);
		/* A comment runs to its line's end. */
		noqa_directive d = { line_start, stop, start, stop, noqa_is_file_level(text, line_start, start, stop) };
		int rc = noqa_list_add(l, d);
		if (rc)
			return rc;
	}
	return 0;
}

static bool noqa_drop(gg_finding *f, void *ctx)
{
	const noqa_list *l = ctx;
	/* Range tests, not a scan back to the line start: a long line with many findings stays linear. */
	for (size_t i = 0; i < l->len; i++) {
		const noqa_directive *d = &l->items[i];
		if (!d->file_level && (f->range.start < d->line_start || f->range.start >= d->line_end))
			continue;
		if (noqa_comment_covers(l->text + d->start, l->text + d->end, f->code, d->file_level))
			return true;
	}
	return false;
}

int gg_noqa_filter(gg_node root, const char *text, size_t len, gg_findings *out, size_t from)
{
	if (out->len <= from || !text)
		return 0;
	noqa_list l = { NULL, 0, 0, text, len };
	int rc = noqa_collect(&l, root);
	if (!rc && l.len)
		gg_findings_remove_if(out, from, noqa_drop, &l);
	free(l.items);
	return rc;
}
