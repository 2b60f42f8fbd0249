#include "position.h"

#include "utf8.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/*
 * An index that is empty (only initialised, or whose last build failed for
 * lack of memory) behaves as one line holding the whole text: conversions
 * stay in bounds, they are just not line-aware.
 */

void gg_line_index_init(gg_line_index *ix)
{
	ix->starts = NULL;
	ix->count = 0;
	ix->cap = 0;
}

void gg_line_index_free(gg_line_index *ix)
{
	free(ix->starts);
	gg_line_index_init(ix);
}

static int line_index_push(gg_line_index *ix, size_t start)
{
	if (ix->count == ix->cap) {
		size_t cap = ix->cap ? ix->cap * 2 : 64;
		size_t *p = realloc(ix->starts, cap * sizeof *p);
		if (!p)
			return -ENOMEM;
		ix->starts = p;
		ix->cap = cap;
	}
	ix->starts[ix->count++] = start;
	return 0;
}

int gg_line_index_build(gg_line_index *ix, const char *text, size_t len)
{
	const char *end = text + len;
	const char *p = text;
	/*
	 * memchr for each terminator separately keeps the scan at memchr speed;
	 * each result is reused until the scan passes it, so the text is read
	 * about twice at most, and only once when it has no '\r'.
	 */
	const char *next_lf = len ? memchr(text, '\n', len) : NULL;
	const char *next_cr = len ? memchr(text, '\r', len) : NULL;

	ix->count = 0;
	if (line_index_push(ix, 0) < 0)
		goto oom;
	for (;;) {
		const char *t;
		if (next_lf && next_lf < p)
			next_lf = memchr(p, '\n', (size_t)(end - p));
		if (next_cr && next_cr < p)
			next_cr = memchr(p, '\r', (size_t)(end - p));
		if (!next_lf && !next_cr)
			break;
		if (next_cr && (!next_lf || next_cr < next_lf)) {
			t = next_cr + 1;
			if (t < end && *t == '\n')
				t++;
		} else {
			t = next_lf + 1;
		}
		if (line_index_push(ix, (size_t)(t - text)) < 0)
			goto oom;
		p = t;
	}
	return 0;
oom:
	gg_line_index_free(ix);
	return -ENOMEM;
}

uint32_t gg_line_index_line_of(const gg_line_index *ix, size_t offset)
{
	size_t lo = 0, hi = ix->count;

	if (hi == 0)
		return 0;
	/* Last line whose start is <= offset; starts[0] == 0 always qualifies. */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (ix->starts[mid] <= offset)
			lo = mid;
		else
			hi = mid;
	}
	return lo > UINT32_MAX ? UINT32_MAX : (uint32_t)lo;
}

static size_t line_start(const gg_line_index *ix, size_t len, uint32_t line)
{
	if (ix->count == 0 || line >= ix->count)
		return len;
	return ix->starts[line] < len ? ix->starts[line] : len;
}

size_t gg_line_index_line_end(const gg_line_index *ix, const char *text, size_t len, uint32_t line)
{
	size_t next, start;

	if (ix->count == 0 || line + (size_t)1 >= ix->count)
		return len;
	start = line_start(ix, len, line);
	next = ix->starts[line + 1] < len ? ix->starts[line + 1] : len;
	/* The line ends before its terminator: "\n", "\r\n" or "\r". */
	if (next > start && text[next - 1] == '\n')
		next--;
	if (next > start && text[next - 1] == '\r')
		next--;
	return next;
}

/* Code units one decoded character occupies; an invalid byte counts as one unit. */
static inline size_t char_units(uint32_t cp, size_t bytes, gg_encoding enc)
{
	switch (enc) {
	case GG_ENC_UTF8:
		return bytes;
	case GG_ENC_UTF16:
		return gg_utf16_units(cp);
	case GG_ENC_UTF32:
	default:
		return 1;
	}
}

size_t gg_position_to_offset(const gg_line_index *ix, const char *text, size_t len, gg_position pos, gg_encoding enc)
{
	size_t start, end, p, units = 0;

	if (ix->count == 0) {
		if (pos.line > 0)
			return len;
		start = 0;
		end = len;
	} else {
		if (pos.line >= ix->count)
			return len;
		start = line_start(ix, len, pos.line);
		end = gg_line_index_line_end(ix, text, len, pos.line);
	}
	p = start;
	if (enc == GG_ENC_UTF8 && pos.character <= end - start) {
		/* Byte units: only the snap back to a sequence start needs decoding. */
		size_t target = start + pos.character;
		while (p < target) {
			uint32_t cp;
			size_t n = gg_utf8_decode(text + p, end - p, &cp);
			if (p + n > target)
				return p;
			p += n;
		}
		return p;
	}
	while (p < end) {
		uint32_t cp;
		size_t n = gg_utf8_decode(text + p, end - p, &cp);
		units += char_units(cp, n, enc);
		if (units > pos.character)
			return p;
		p += n;
	}
	return end;
}

/*
 * Moves *p, the start of a character of a line that ends at end, past the
 * whole characters before offset (<= end) and returns the code units passed.
 * Going on from where the last call stopped gives what one call from the
 * line's start gives: the position table's sweep and gg_offset_to_position
 * convert alike because both count with this.
 */
static size_t units_until(const char *text, size_t end, size_t *p, size_t offset, gg_encoding enc)
{
	size_t at = *p, units = 0;

	while (at < offset) {
		uint32_t cp;
		size_t n = gg_utf8_decode(text + at, end - at, &cp);
		if (at + n > offset)
			break;
		units += char_units(cp, n, enc);
		at += n;
	}
	*p = at;
	return units;
}

static uint32_t units_clamp(size_t units)
{
	return units > UINT32_MAX ? UINT32_MAX : (uint32_t)units;
}

gg_position gg_offset_to_position(const gg_line_index *ix, const char *text, size_t len, size_t offset, gg_encoding enc)
{
	gg_position pos;
	size_t end, p;

	if (offset > len)
		offset = len;
	pos.line = gg_line_index_line_of(ix, offset);
	p = ix->count ? line_start(ix, len, pos.line) : 0;
	end = gg_line_index_line_end(ix, text, len, pos.line);
	/* Inside the terminator (between "\r" and "\n") means the end of the line. */
	if (offset > end)
		offset = end;
	pos.character = units_clamp(units_until(text, end, &p, offset, enc));
	return pos;
}

void gg_position_table_init(gg_position_table *t)
{
	memset(t, 0, sizeof *t);
}

void gg_position_table_free(gg_position_table *t)
{
	free(t->items);
	gg_position_table_init(t);
}

int gg_position_table_add(gg_position_table *t, size_t offset)
{
	if (t->len == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		gg_offset_position *items = realloc(t->items, cap * sizeof *items);
		if (!items)
			return -ENOMEM;
		t->items = items;
		t->cap = cap;
	}
	t->items[t->len++] = (gg_offset_position){ offset, { 0, 0 } };
	return 0;
}

static int offset_position_cmp(const void *pa, const void *pb)
{
	size_t a = ((const gg_offset_position *)pa)->offset, b = ((const gg_offset_position *)pb)->offset;
	return (a > b) - (a < b);
}

void gg_position_table_convert(gg_position_table *t, const gg_line_index *ix, const char *text, size_t len,
			       gg_encoding enc)
{
	t->ix = ix;
	t->text = text;
	t->text_len = len;
	t->enc = enc;
	if (t->len == 0)
		return;
	qsort(t->items, t->len, sizeof *t->items, offset_position_cmp);
	/* The same offset is often asked for many times (every `# noqa` of a line goes at its end). */
	size_t kept = 1;
	for (size_t i = 1; i < t->len; i++)
		if (t->items[i].offset != t->items[kept - 1].offset)
			t->items[kept++] = t->items[i];
	t->len = kept;
	/* Sorted, a line's offsets come one after another: each count goes on from where the last stopped. */
	uint32_t line = 0;
	size_t end = 0, p = 0, units = 0;
	for (size_t i = 0; i < t->len; i++) {
		size_t offset = t->items[i].offset < len ? t->items[i].offset : len;
		uint32_t l = gg_line_index_line_of(ix, offset);
		if (i == 0 || l != line) {
			line = l;
			p = ix->count ? line_start(ix, len, l) : 0;
			end = gg_line_index_line_end(ix, text, len, l);
			units = 0;
		}
		if (offset > end)
			offset = end;
		units += units_until(text, end, &p, offset, enc);
		t->items[i].pos = (gg_position){ l, units_clamp(units) };
	}
}

gg_position gg_position_table_find(const gg_position_table *t, size_t offset)
{
	if (!t->ix)
		return (gg_position){ 0, 0 };
	size_t lo = 0, hi = t->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->items[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->len && t->items[lo].offset == offset)
		return t->items[lo].pos;
	return gg_offset_to_position(t->ix, t->text, t->text_len, offset, t->enc);
}

size_t gg_encoding_units(const char *text, size_t len, gg_encoding enc)
{
	size_t p = 0, units = 0;

	if (enc == GG_ENC_UTF8)
		return len;
	while (p < len) {
		uint32_t cp;
		size_t n = gg_utf8_decode(text + p, len - p, &cp);
		units += char_units(cp, n, enc);
		p += n;
	}
	return units;
}

const char *gg_encoding_name(gg_encoding enc)
{
	switch (enc) {
	case GG_ENC_UTF8:
		return "utf-8";
	case GG_ENC_UTF32:
		return "utf-32";
	case GG_ENC_UTF16:
	default:
		return "utf-16";
	}
}

int gg_encoding_from_name(const char *name, gg_encoding *out)
{
	if (!name)
		return -1;
	if (strcmp(name, "utf-8") == 0)
		*out = GG_ENC_UTF8;
	else if (strcmp(name, "utf-16") == 0)
		*out = GG_ENC_UTF16;
	else if (strcmp(name, "utf-32") == 0)
		*out = GG_ENC_UTF32;
	else
		return -1;
	return 0;
}
