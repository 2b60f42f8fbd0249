/*
 * The `full` output of `gradguard check` (cli/output_full.h): a finding with
 * its source lines and a caret underline, as ruff's full format shows them.
 *
 * Everything is measured in terminal columns computed here from the code
 * points, never by the locale (wcwidth() answers -1 for every non-ASCII
 * character under LANG=C, which is what CI runs in), so the output is the
 * same bytes wherever it runs.
 */
#include "cli/output_full.h"

#include <utf8proc.h>

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "buf.h"
#include "utf8.h"

enum {
	FULL_CONTEXT = 2, /* lines shown before and after the finding */
	FULL_WIDTH = 200, /* columns of a source line shown before it is cut */
	FULL_FAR = 100,   /* a finding starting past this character cuts its line on the left... */
	FULL_LEAD = 40,   /* ...keeping this many characters before it */
	FULL_SPAN = 6,    /* a range over more lines shows its first 3 and last 2 */
	FULL_TAB = 4,     /* columns of a tab */
};

static const char full_ellipsis[] = "\xE2\x80\xA6"; /* "…", one column */

/*
 * Columns a printable code point takes, from libutf8proc's Unicode tables
 * (utf8proc_charwidth: 0 for combining marks and zero-width characters, 2
 * for East Asian wide and fullwidth characters and emoji, 1 for the rest),
 * so that they follow Unicode rather than a hand-kept list.
 */
static unsigned full_cp_width(uint32_t cp)
{
	if (cp < 0x300)
		return 1;
	int w = utf8proc_charwidth((utf8proc_int32_t)cp);
	return w < 0 ? 1 : (unsigned)w;
}

/*
 * Appends how the code point cp (bytes s[0..n)) is shown to src and returns
 * its width in columns, or -ENOMEM. A tab becomes spaces; what a terminal
 * would act on instead of printing (C0 and C1 controls, DEL, the bidi
 * overrides and isolates) becomes a visible stand-in of one column, so that
 * a finding's line can neither garble the terminal nor shift the carets.
 */
static int full_glyph(gg_buf *src, const char *s, size_t n, uint32_t cp)
{
	char pic[3];
	const char *show = s;
	size_t show_len = n;
	int width;
	if (cp == '\t') {
		show = "    ";
		show_len = FULL_TAB;
		width = FULL_TAB;
	} else if (cp < 0x20 || cp == 0x7F) {
		/* U+2400 + cp, and U+2421 for DEL: "␀", "␛", "␡". */
		uint32_t p = cp == 0x7F ? 0x2421 : 0x2400 + cp;
		pic[0] = (char)(0xE0 | (p >> 12));
		pic[1] = (char)(0x80 | ((p >> 6) & 0x3F));
		pic[2] = (char)(0x80 | (p & 0x3F));
		show = pic;
		show_len = 3;
		width = 1;
	} else if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
		   cp == 0xFFFD) {
		show = "\xEF\xBF\xBD"; /* U+FFFD; also what an invalid byte decodes to */
		show_len = 3;
		width = 1;
	} else {
		width = (int)full_cp_width(cp);
	}
	return gg_buf_append(src, show, show_len) ? -ENOMEM : width;
}

static int full_pad(gg_buf *b, char c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (gg_buf_append(b, &c, 1))
			return -ENOMEM;
	return 0;
}

/* One shown line: its text, and the underline when the range covers part of it. */
typedef struct full_line {
	gg_buf src, marks;
	bool marked; /* marks holds at least one '^' */
} full_line;

/*
 * Renders text[from, end) (part of one line; cut_left: something before it is
 * not shown) into line->src, and when has_mark, '^' under the characters of
 * [mark_from, mark_to) into line->marks. An empty range, or one that covers
 * only zero-width characters or the line's end, still gets one caret where it
 * starts. Returns 0 or -ENOMEM.
 */
static int full_render(full_line *line, const char *text, size_t from, size_t end, bool cut_left, bool has_mark,
		       size_t mark_from, size_t mark_to)
{
	size_t col = 0, mark_col = SIZE_MAX, caret_end = 0;
	if (cut_left) {
		if (gg_buf_append(&line->src, full_ellipsis, 3) || gg_buf_append(&line->marks, " ", 1))
			return -ENOMEM;
		col = 1;
	}
	size_t p = from;
	while (p < end) {
		/* Cut a long line, but never before the carets have started. */
		if (col >= FULL_WIDTH && (!has_mark || p > mark_from)) {
			if (gg_buf_append(&line->src, full_ellipsis, 3))
				return -ENOMEM;
			break;
		}
		uint32_t cp;
		size_t n = gg_utf8_decode(text + p, end - p, &cp);
		if (has_mark && mark_col == SIZE_MAX && p >= mark_from)
			mark_col = col;
		int width = full_glyph(&line->src, text + p, n, cp);
		if (width < 0)
			return width;
		bool under = has_mark && p >= mark_from && p < mark_to;
		if (full_pad(&line->marks, under ? '^' : ' ', (size_t)width))
			return -ENOMEM;
		if (under && width > 0) {
			line->marked = true;
			caret_end = line->marks.len;
		}
		col += (size_t)width;
		p += n;
	}
	if (has_mark && !line->marked) {
		if (mark_col == SIZE_MAX)
			mark_col = col;
		line->marks.len = mark_col < line->marks.len ? mark_col : line->marks.len;
		if (full_pad(&line->marks, ' ', mark_col - line->marks.len) || gg_buf_append(&line->marks, "^", 1))
			return -ENOMEM;
		line->marked = true;
		caret_end = line->marks.len;
	}
	/* No trailing blanks after the last caret. */
	line->marks.len = caret_end;
	if (line->marks.data)
		line->marks.data[caret_end] = '\0';
	return 0;
}

static size_t full_line_start(const gg_line_index *ix, size_t len, uint32_t line)
{
	return ix->starts[line] < len ? ix->starts[line] : len;
}

/* Offset of the first character of [from, end) that is not a blank, or end. */
static size_t full_skip_blanks(const char *text, size_t from, size_t end)
{
	while (from < end && (text[from] == ' ' || text[from] == '\t' || text[from] == '\f'))
		from++;
	return from;
}

static bool full_line_blank(const char *text, size_t len, const gg_line_index *ix, uint32_t line)
{
	size_t end = gg_line_index_line_end(ix, text, len, line);
	return full_skip_blanks(text, full_line_start(ix, len, line), end) == end;
}

static unsigned full_digits(uint32_t n)
{
	unsigned d = 1;
	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

/*
 * Renders and prints line number `line` (0-based) with its underline. first
 * and last are the lines of the range; start and end its offsets. *label is
 * set once the code has been printed after a line's carets (on the last
 * underlined line).
 */
static int full_print_line(FILE *out, int gutter, const char *text, size_t len, const gg_line_index *ix,
			   uint32_t line, uint32_t first, uint32_t last, size_t start, size_t end, const char *code,
			   uint32_t start_column)
{
	size_t from = full_line_start(ix, len, line);
	size_t line_end = gg_line_index_line_end(ix, text, len, line);
	bool in_range = line >= first && line <= last;
	size_t mark_from = 0, mark_to = 0;
	bool cut_left = false;
	if (in_range) {
		/* The first line is marked from the start; the others from their indentation on. */
		mark_from = line == first ? start : full_skip_blanks(text, from, line_end);
		mark_to = line == last ? end : line_end;
		/* A range that ends inside the indentation of its last line: a caret where it ends. */
		if (line == last && mark_from > mark_to)
			mark_from = mark_to;
		if (line == first && start_column > FULL_FAR) {
			/* Step back FULL_LEAD characters from the start: O(1) on a megabyte line. */
			size_t q = start;
			for (int k = 0; k < FULL_LEAD && q > from; k++) {
				q--;
				while (q > from && ((unsigned char)text[q] & 0xC0) == 0x80)
					q--;
			}
			cut_left = q > from;
			from = q;
		}
	}
	/* A line in the middle that is blank has no caret; the first and last always do. */
	bool has_mark = in_range && (line == first || line == last || mark_from < mark_to);
	full_line l;
	memset(&l, 0, sizeof l);
	int rc = full_render(&l, text, from, line_end, cut_left, has_mark, mark_from, mark_to);
	if (!rc) {
		fprintf(out, "%*u |", gutter, line + 1);
		if (l.src.len)
			fprintf(out, " %s", l.src.data);
		fputc('\n', out);
		if (l.marked) {
			fprintf(out, "%*s | %s", gutter, "", l.marks.data);
			/* The code goes after the carets of the range's last line. */
			if (line == last)
				fprintf(out, " %s", code);
			fputc('\n', out);
		}
	}
	gg_buf_free(&l.src);
	gg_buf_free(&l.marks);
	return rc;
}

int gg_cli_full_print(FILE *out, const char *path, const char *text, size_t len, const gg_line_index *ix,
		      const gg_finding *f, gg_position start, gg_position end, const char *help)
{
	fprintf(out, "%s:%u:%u: %s %s\n", path, start.line + 1, start.character + 1, f->code, f->message);
	size_t from = f->range.start < len ? f->range.start : len;
	size_t to = f->range.end < len ? f->range.end : len;
	to = to < from ? from : to;
	uint32_t first = start.line, last = end.line < first ? first : end.line;
	/* A range that ends where a line starts (it takes the line break) ends on the line before. */
	if (last > first && end.character == 0)
		last--;
	uint32_t top = first > FULL_CONTEXT ? first - FULL_CONTEXT : 0;
	uint32_t bottom = last + FULL_CONTEXT < ix->count ? last + FULL_CONTEXT : (uint32_t)(ix->count - 1);
	while (top < first && full_line_blank(text, len, ix, top))
		top++;
	while (bottom > last && full_line_blank(text, len, ix, bottom))
		bottom--;
	int gutter = (int)full_digits(bottom + 1);
	bool elide = last - first + 1 > FULL_SPAN;
	int rc = 0;
	fprintf(out, "%*s |\n", gutter, "");
	for (uint32_t line = top; line <= bottom && !rc; line++) {
		if (elide && line == first + 3) {
			fputs("...\n", out);
			line = last - 2;
			continue;
		}
		rc = full_print_line(out, gutter, text, len, ix, line, first, last, from, to, f->code, start.character);
	}
	if (rc)
		return rc;
	fprintf(out, "%*s |\n", gutter, "");
	if (help)
		fprintf(out, "help: %s\n", help);
	fputc('\n', out);
	return 0;
}
