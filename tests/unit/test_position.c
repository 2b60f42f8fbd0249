#include "position.h"

#include "utf8.h"

#include "check.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const gg_encoding all_encodings[] = { GG_ENC_UTF8, GG_ENC_UTF16, GG_ENC_UTF32 };

static gg_position pos_make(uint32_t line, uint32_t character)
{
	gg_position p = { line, character };
	return p;
}

/* A document for the duration of one test: text and its index. */
typedef struct doc {
	const char *text;
	size_t len;
	gg_line_index ix;
} doc;

static void doc_open(doc *d, const char *text, size_t len)
{
	d->text = text;
	d->len = len;
	gg_line_index_init(&d->ix);
	CHECK_EQ_INT(gg_line_index_build(&d->ix, text, len), 0);
}

static size_t to_off(const doc *d, uint32_t line, uint32_t ch, gg_encoding enc)
{
	return gg_position_to_offset(&d->ix, d->text, d->len, pos_make(line, ch), enc);
}

#define CHECK_POS(d, offset, enc, eline, echar)                                          \
	do {                                                                             \
		gg_position p_ = gg_offset_to_position(&(d)->ix, (d)->text, (d)->len, (offset), (enc)); \
		CHECK_EQ_INT(p_.line, (eline));                                          \
		CHECK_EQ_INT(p_.character, (echar));                                     \
	} while (0)

/*
 * Line 0 "a中b\n" (中 = 3 bytes), line 1 "😀x\r\n" (astral, 4 bytes, 2 UTF-16
 * units), line 2 "é" as e + U+0301 then "z\r" (lone CR), line 3 "q".
 */
static const char mixed[] = "a\xE4\xB8\xAD" "b\n\xF0\x9F\x98\x80x\r\ne\xCC\x81z\rq";

static void test_mixed_index(void)
{
	doc d;

	doc_open(&d, mixed, sizeof mixed - 1);
	CHECK_EQ_SIZE(d.len, 19);
	CHECK_EQ_SIZE(d.ix.count, 4);
	CHECK_EQ_SIZE(d.ix.starts[0], 0);
	CHECK_EQ_SIZE(d.ix.starts[1], 6);
	CHECK_EQ_SIZE(d.ix.starts[2], 13);
	CHECK_EQ_SIZE(d.ix.starts[3], 18);

	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, 0), 5);
	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, 1), 11);
	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, 2), 17);
	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, 3), 19);
	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, 4), 19);
	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, UINT32_MAX), 19);

	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 0), 0);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 5), 0);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 6), 1);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 12), 1);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 13), 2);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 17), 2);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 18), 3);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 19), 3);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, SIZE_MAX), 3);
	gg_line_index_free(&d.ix);
}

static void test_mixed_utf16(void)
{
	const gg_encoding e = GG_ENC_UTF16;
	doc d;

	doc_open(&d, mixed, sizeof mixed - 1);
	CHECK_EQ_SIZE(to_off(&d, 0, 0, e), 0);
	CHECK_EQ_SIZE(to_off(&d, 0, 1, e), 1);
	CHECK_EQ_SIZE(to_off(&d, 0, 2, e), 4);
	CHECK_EQ_SIZE(to_off(&d, 0, 3, e), 5);
	CHECK_EQ_SIZE(to_off(&d, 1, 0, e), 6);
	CHECK_EQ_SIZE(to_off(&d, 1, 1, e), 6); /* between the surrogates: snaps to the emoji */
	CHECK_EQ_SIZE(to_off(&d, 1, 2, e), 10);
	CHECK_EQ_SIZE(to_off(&d, 1, 3, e), 11);
	CHECK_EQ_SIZE(to_off(&d, 1, 4, e), 11); /* past the end: before "\r\n", never between */
	CHECK_EQ_SIZE(to_off(&d, 1, 1000, e), 11);
	CHECK_EQ_SIZE(to_off(&d, 2, 1, e), 14); /* the combining mark is its own unit */
	CHECK_EQ_SIZE(to_off(&d, 2, 2, e), 16);
	CHECK_EQ_SIZE(to_off(&d, 2, 3, e), 17);
	CHECK_EQ_SIZE(to_off(&d, 2, 9, e), 17);
	CHECK_EQ_SIZE(to_off(&d, 3, 0, e), 18);
	CHECK_EQ_SIZE(to_off(&d, 3, 1, e), 19);
	CHECK_EQ_SIZE(to_off(&d, 3, UINT32_MAX, e), 19);
	CHECK_EQ_SIZE(to_off(&d, 4, 0, e), 19); /* past the last line: end of document */
	CHECK_EQ_SIZE(to_off(&d, UINT32_MAX, UINT32_MAX, e), 19);

	CHECK_POS(&d, 0, e, 0, 0);
	CHECK_POS(&d, 1, e, 0, 1);
	CHECK_POS(&d, 2, e, 0, 1); /* inside 中 */
	CHECK_POS(&d, 3, e, 0, 1);
	CHECK_POS(&d, 4, e, 0, 2);
	CHECK_POS(&d, 5, e, 0, 3);
	CHECK_POS(&d, 6, e, 1, 0);
	CHECK_POS(&d, 8, e, 1, 0); /* inside the emoji */
	CHECK_POS(&d, 10, e, 1, 2);
	CHECK_POS(&d, 11, e, 1, 3);
	CHECK_POS(&d, 12, e, 1, 3); /* between "\r" and "\n" */
	CHECK_POS(&d, 13, e, 2, 0);
	CHECK_POS(&d, 14, e, 2, 1);
	CHECK_POS(&d, 15, e, 2, 1);
	CHECK_POS(&d, 16, e, 2, 2);
	CHECK_POS(&d, 17, e, 2, 3);
	CHECK_POS(&d, 18, e, 3, 0);
	CHECK_POS(&d, 19, e, 3, 1);
	CHECK_POS(&d, 1000, e, 3, 1);
	gg_line_index_free(&d.ix);
}

static void test_mixed_utf8_utf32(void)
{
	doc d;

	doc_open(&d, mixed, sizeof mixed - 1);
	/* UTF-8: character counts bytes; the middle of a sequence snaps back. */
	CHECK_EQ_SIZE(to_off(&d, 0, 1, GG_ENC_UTF8), 1);
	CHECK_EQ_SIZE(to_off(&d, 0, 2, GG_ENC_UTF8), 1);
	CHECK_EQ_SIZE(to_off(&d, 0, 3, GG_ENC_UTF8), 1);
	CHECK_EQ_SIZE(to_off(&d, 0, 4, GG_ENC_UTF8), 4);
	CHECK_EQ_SIZE(to_off(&d, 0, 5, GG_ENC_UTF8), 5);
	CHECK_EQ_SIZE(to_off(&d, 0, 6, GG_ENC_UTF8), 5);
	CHECK_EQ_SIZE(to_off(&d, 1, 3, GG_ENC_UTF8), 6);
	CHECK_EQ_SIZE(to_off(&d, 1, 4, GG_ENC_UTF8), 10);
	CHECK_EQ_SIZE(to_off(&d, 1, 6, GG_ENC_UTF8), 11);
	CHECK_EQ_SIZE(to_off(&d, 2, 2, GG_ENC_UTF8), 14);
	CHECK_EQ_SIZE(to_off(&d, 2, 3, GG_ENC_UTF8), 16);
	CHECK_POS(&d, 4, GG_ENC_UTF8, 0, 4);
	CHECK_POS(&d, 3, GG_ENC_UTF8, 0, 1);
	CHECK_POS(&d, 10, GG_ENC_UTF8, 1, 4);
	CHECK_POS(&d, 12, GG_ENC_UTF8, 1, 5);
	CHECK_POS(&d, 16, GG_ENC_UTF8, 2, 3);

	/* UTF-32: one unit per code point, astral included. */
	CHECK_EQ_SIZE(to_off(&d, 0, 2, GG_ENC_UTF32), 4);
	CHECK_EQ_SIZE(to_off(&d, 1, 1, GG_ENC_UTF32), 10);
	CHECK_EQ_SIZE(to_off(&d, 1, 2, GG_ENC_UTF32), 11);
	CHECK_EQ_SIZE(to_off(&d, 1, 3, GG_ENC_UTF32), 11);
	CHECK_EQ_SIZE(to_off(&d, 2, 2, GG_ENC_UTF32), 16);
	CHECK_POS(&d, 10, GG_ENC_UTF32, 1, 1);
	CHECK_POS(&d, 11, GG_ENC_UTF32, 1, 2);
	CHECK_POS(&d, 7, GG_ENC_UTF32, 1, 0);
	gg_line_index_free(&d.ix);
}

static void test_terminators(void)
{
	doc d;

	doc_open(&d, "", 0);
	CHECK_EQ_SIZE(d.ix.count, 1);
	CHECK_EQ_SIZE(to_off(&d, 0, 0, GG_ENC_UTF16), 0);
	CHECK_EQ_SIZE(to_off(&d, 0, 5, GG_ENC_UTF16), 0);
	CHECK_EQ_SIZE(to_off(&d, 3, 0, GG_ENC_UTF16), 0);
	CHECK_POS(&d, 0, GG_ENC_UTF16, 0, 0);
	CHECK_POS(&d, 4, GG_ENC_UTF16, 0, 0);
	gg_line_index_free(&d.ix);

	/* A final terminator opens an empty last line. */
	doc_open(&d, "a\n", 2);
	CHECK_EQ_SIZE(d.ix.count, 2);
	CHECK_EQ_SIZE(to_off(&d, 1, 0, GG_ENC_UTF16), 2);
	CHECK_EQ_SIZE(to_off(&d, 1, 7, GG_ENC_UTF16), 2);
	CHECK_EQ_SIZE(to_off(&d, 0, 7, GG_ENC_UTF16), 1);
	CHECK_POS(&d, 2, GG_ENC_UTF16, 1, 0);
	CHECK_POS(&d, 1, GG_ENC_UTF16, 0, 1);
	gg_line_index_free(&d.ix);

	doc_open(&d, "\r\n\r\n", 4);
	CHECK_EQ_SIZE(d.ix.count, 3);
	CHECK_EQ_SIZE(d.ix.starts[1], 2);
	CHECK_EQ_SIZE(d.ix.starts[2], 4);
	CHECK_EQ_SIZE(to_off(&d, 0, 1, GG_ENC_UTF16), 0);
	CHECK_EQ_SIZE(to_off(&d, 1, 0, GG_ENC_UTF16), 2);
	CHECK_POS(&d, 1, GG_ENC_UTF16, 0, 0);
	CHECK_POS(&d, 3, GG_ENC_UTF16, 1, 0);
	gg_line_index_free(&d.ix);

	/* "\n\r" is two line ends (LF, then a lone CR), not one. */
	doc_open(&d, "x\n\ry", 4);
	CHECK_EQ_SIZE(d.ix.count, 3);
	CHECK_EQ_SIZE(d.ix.starts[1], 2);
	CHECK_EQ_SIZE(d.ix.starts[2], 3);
	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, 1), 2);
	CHECK_EQ_SIZE(to_off(&d, 2, 1, GG_ENC_UTF16), 4);
	gg_line_index_free(&d.ix);

	doc_open(&d, "\r\r\n\r", 4);
	CHECK_EQ_SIZE(d.ix.count, 4);
	CHECK_EQ_SIZE(d.ix.starts[1], 1);
	CHECK_EQ_SIZE(d.ix.starts[2], 3);
	CHECK_EQ_SIZE(d.ix.starts[3], 4);
	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, 1), 1);
	CHECK_EQ_SIZE(gg_line_index_line_end(&d.ix, d.text, d.len, 2), 3);
	CHECK_POS(&d, 2, GG_ENC_UTF16, 1, 0);
	gg_line_index_free(&d.ix);
}

static void test_invalid_bytes(void)
{
	/* \xFF, then \xE4\xB8 cut short by 'c': three invalid bytes, one unit each. */
	static const char text[] = "a\xFF" "b\xE4\xB8" "c\xF0\x9F\x98\x80";
	doc d;

	doc_open(&d, text, sizeof text - 1);
	for (size_t k = 0; k < 3; k++) {
		gg_encoding e = all_encodings[k];
		for (uint32_t ch = 0; ch <= 6; ch++)
			CHECK_EQ_SIZE(to_off(&d, 0, ch, e), ch);
		CHECK_POS(&d, 1, e, 0, 1);
		CHECK_POS(&d, 3, e, 0, 3);
		CHECK_POS(&d, 4, e, 0, 4);
		CHECK_POS(&d, 5, e, 0, 5);
		CHECK_POS(&d, 6, e, 0, 6);
		CHECK_POS(&d, 8, e, 0, 6); /* inside the emoji */
	}
	CHECK_POS(&d, 10, GG_ENC_UTF8, 0, 10);
	CHECK_POS(&d, 10, GG_ENC_UTF16, 0, 8);
	CHECK_POS(&d, 10, GG_ENC_UTF32, 0, 7);
	CHECK_EQ_SIZE(gg_encoding_units(text, sizeof text - 1, GG_ENC_UTF8), 10);
	CHECK_EQ_SIZE(gg_encoding_units(text, sizeof text - 1, GG_ENC_UTF16), 8);
	CHECK_EQ_SIZE(gg_encoding_units(text, sizeof text - 1, GG_ENC_UTF32), 7);
	gg_line_index_free(&d.ix);
}

/*
 * Every character boundary survives offset -> position -> offset in every
 * encoding; an offset inside a character comes back as that character's
 * start, one inside a line terminator as the line's end. Boundaries are found
 * independently by decoding the whole text (terminators are ASCII, so no
 * sequence spans one).
 */
static void check_round_trips(const char *text, size_t len)
{
	bool *is_start = calloc(len + 1, sizeof *is_start);
	doc d;
	int bad = 0;

	CHECK(is_start != NULL);
	if (!is_start)
		return;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		is_start[i] = true;
		i += gg_utf8_decode(text + i, len - i, &cp);
	}
	is_start[len] = true;
	doc_open(&d, text, len);
	for (size_t k = 0; k < 3; k++) {
		gg_encoding e = all_encodings[k];
		size_t char_start = 0;
		for (size_t off = 0; off <= len; off++) {
			gg_position p = gg_offset_to_position(&d.ix, text, len, off, e);
			size_t back = gg_position_to_offset(&d.ix, text, len, p, e);
			size_t end = gg_line_index_line_end(&d.ix, text, len, gg_line_index_line_of(&d.ix, off));
			size_t want;
			if (is_start[off])
				char_start = off;
			if (off > end)
				want = end;
			else if (off == end)
				want = off;
			else
				want = char_start;
			if (back != want) {
				bad++;
				fprintf(stderr, "  enc %d offset %zu -> %u:%u -> %zu, expected %zu\n", (int)e, off,
					(unsigned)p.line, (unsigned)p.character, back, want);
			}
		}
	}
	CHECK_EQ_INT(bad, 0);
	gg_line_index_free(&d.ix);
	free(is_start);
}

static void test_round_trips(void)
{
	static const char cjk[] = "\xE4\xB8\xAD\xE6\x96\x87\xE6\xB5\x8B\xE8\xAF\x95\n\xE6\x97\xA5\xE6\x9C\xAC";
	static const char emoji[] = "\xF0\x9F\x98\x80\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD x = 1\r\n\xF0\x9F\x92\xA9";
	static const char combining[] = "e\xCC\x81\xCC\x82 o\xCC\x88\r\n\xE1\x84\x80\xE1\x85\xA1";
	static const char mix_crlf[] = "a\r\nb\rc\nd\r\r\n\n\xC3\xA9\r";
	static const char invalid[] = "\xFF\xFE\n\xC3\r\n\xE4\xB8\xF0\x9F\x98\r\xED\xA0\x80x";

	check_round_trips(mixed, sizeof mixed - 1);
	check_round_trips(cjk, sizeof cjk - 1);
	check_round_trips(emoji, sizeof emoji - 1);
	check_round_trips(combining, sizeof combining - 1);
	check_round_trips(mix_crlf, sizeof mix_crlf - 1);
	check_round_trips(invalid, sizeof invalid - 1);
}

static void test_cjk_emoji_counts(void)
{
	/* "x = '中文😀' # é" */
	static const char line[] = "x = '\xE4\xB8\xAD\xE6\x96\x87\xF0\x9F\x98\x80' # \xC3\xA9";
	doc d;

	doc_open(&d, line, sizeof line - 1);
	CHECK_EQ_SIZE(gg_encoding_units(line, sizeof line - 1, GG_ENC_UTF8), 21);
	CHECK_EQ_SIZE(gg_encoding_units(line, sizeof line - 1, GG_ENC_UTF16), 14);
	CHECK_EQ_SIZE(gg_encoding_units(line, sizeof line - 1, GG_ENC_UTF32), 13);
	/* The closing quote. */
	CHECK_EQ_SIZE(to_off(&d, 0, 9, GG_ENC_UTF16), 15);
	CHECK_EQ_SIZE(to_off(&d, 0, 8, GG_ENC_UTF32), 15);
	CHECK_EQ_SIZE(to_off(&d, 0, 15, GG_ENC_UTF8), 15);
	CHECK_POS(&d, 15, GG_ENC_UTF16, 0, 9);
	CHECK_POS(&d, 15, GG_ENC_UTF32, 0, 8);
	CHECK_POS(&d, sizeof line - 1, GG_ENC_UTF16, 0, 14);
	gg_line_index_free(&d.ix);
}

/* Byte-at-a-time reference for the index. */
static size_t reference_starts(const char *t, size_t len, size_t *starts)
{
	size_t n = 0;

	starts[n++] = 0;
	for (size_t i = 0; i < len; i++) {
		if (t[i] == '\r' && i + 1 < len && t[i + 1] == '\n')
			i++;
		if (t[i] == '\n' || t[i] == '\r')
			starts[n++] = i + 1;
	}
	return n;
}

static void test_build_against_reference(void)
{
	const size_t len = 20000;
	char *t = malloc(len);
	size_t *ref = malloc((len + 1) * sizeof *ref);
	gg_line_index ix;
	int mismatches = 0;
	unsigned seed = 12345;

	CHECK(t && ref);
	if (!t || !ref) {
		free(t);
		free(ref);
		return;
	}
	gg_line_index_init(&ix);
	for (int round = 0; round < 50; round++) {
		size_t n = (size_t)round * len / 50 + 1;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned r = (seed >> 16) % 8;
			t[i] = r == 0 ? '\r' : r == 1 ? '\n' : (char)('a' + r);
		}
		size_t count = reference_starts(t, n, ref);
		if (gg_line_index_build(&ix, t, n) != 0 || ix.count != count ||
		    memcmp(ix.starts, ref, count * sizeof *ref) != 0)
			mismatches++;
	}
	CHECK_EQ_INT(mismatches, 0);
	gg_line_index_free(&ix);
	CHECK(ix.starts == NULL && ix.count == 0);
	free(t);
	free(ref);
}

static void test_large_file(void)
{
	const size_t lines = 10000;
	const char *row = "    loss = model(x).sum()  # \xE4\xB8\xAD\n";
	size_t row_len = strlen(row);
	char *t = malloc(lines * row_len);
	doc d;

	CHECK(t != NULL);
	if (!t)
		return;
	for (size_t i = 0; i < lines; i++)
		memcpy(t + i * row_len, row, row_len);
	doc_open(&d, t, lines * row_len);
	CHECK_EQ_SIZE(d.ix.count, lines + 1);
	CHECK_EQ_INT(gg_line_index_line_of(&d.ix, 5000 * row_len + 3), 5000);
	CHECK_EQ_SIZE(to_off(&d, 9999, 30, GG_ENC_UTF16), 9999 * row_len + 29 + 3);
	CHECK_POS(&d, 9999 * row_len + 29 + 3, GG_ENC_UTF16, 9999, 30);
	CHECK_EQ_SIZE(to_off(&d, 10000, 0, GG_ENC_UTF16), lines * row_len);
	gg_line_index_free(&d.ix);
	free(t);
}

/* An index that was never built (or whose build failed) must still be safe. */
static void test_empty_index(void)
{
	gg_line_index ix;

	gg_line_index_init(&ix);
	CHECK_EQ_INT(gg_line_index_line_of(&ix, 3), 0);
	CHECK_EQ_SIZE(gg_position_to_offset(&ix, "abc", 3, pos_make(0, 2), GG_ENC_UTF16), 2);
	CHECK_EQ_SIZE(gg_position_to_offset(&ix, "abc", 3, pos_make(1, 0), GG_ENC_UTF16), 3);
	gg_position p = gg_offset_to_position(&ix, "abc", 3, 2, GG_ENC_UTF16);
	CHECK_EQ_INT(p.line, 0);
	CHECK_EQ_INT(p.character, 2);
	CHECK_EQ_SIZE(gg_line_index_line_end(&ix, "abc", 3, 0), 3);
	gg_line_index_free(&ix);
}

static void test_rebuild(void)
{
	gg_line_index ix;

	gg_line_index_init(&ix);
	CHECK_EQ_INT(gg_line_index_build(&ix, "a\nb\nc", 5), 0);
	CHECK_EQ_SIZE(ix.count, 3);
	CHECK_EQ_INT(gg_line_index_build(&ix, "abc", 3), 0);
	CHECK_EQ_SIZE(ix.count, 1);
	CHECK_EQ_SIZE(ix.starts[0], 0);
	gg_line_index_free(&ix);
}

static void test_encoding_names(void)
{
	gg_encoding e = GG_ENC_UTF16;

	CHECK_STR(gg_encoding_name(GG_ENC_UTF8), "utf-8");
	CHECK_STR(gg_encoding_name(GG_ENC_UTF16), "utf-16");
	CHECK_STR(gg_encoding_name(GG_ENC_UTF32), "utf-32");
	CHECK_EQ_INT(gg_encoding_from_name("utf-8", &e), 0);
	CHECK_EQ_INT(e, GG_ENC_UTF8);
	CHECK_EQ_INT(gg_encoding_from_name("utf-32", &e), 0);
	CHECK_EQ_INT(e, GG_ENC_UTF32);
	CHECK_EQ_INT(gg_encoding_from_name("utf-16", &e), 0);
	CHECK_EQ_INT(e, GG_ENC_UTF16);
	CHECK_EQ_INT(gg_encoding_from_name("UTF-8", &e), -1);
	CHECK_EQ_INT(gg_encoding_from_name("utf8", &e), -1);
	CHECK_EQ_INT(gg_encoding_from_name(NULL, &e), -1);
	CHECK_EQ_INT(e, GG_ENC_UTF16);
}

/*
 * The table converts as gg_offset_to_position does, whatever the order the
 * offsets come in and however often, in every encoding: the even offsets of
 * text (and past its end) are added from the last down, then some again in a
 * scrambled order; the odd ones, never added, check the lookup's fallback.
 */
static void check_table_against_one_by_one(const char *text, size_t len)
{
	doc d;
	int bad = 0;
	unsigned seed = 7;

	doc_open(&d, text, len);
	for (size_t k = 0; k < 3; k++) {
		gg_encoding e = all_encodings[k];
		gg_position_table t;
		gg_position_table_init(&t);
		size_t n = len + 3;
		for (size_t off = n; off-- > 0;)
			if (off % 2 == 0)
				CHECK_EQ_INT(gg_position_table_add(&t, off), 0);
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			size_t off = (seed >> 8) % n;
			if (off % 2 == 0)
				CHECK_EQ_INT(gg_position_table_add(&t, off), 0);
		}
		gg_position_table_convert(&t, &d.ix, text, len, e);
		for (size_t i = 1; i < t.len; i++)
			CHECK(t.items[i - 1].offset < t.items[i].offset);
		for (size_t off = 0; off < n; off++) {
			gg_position want = gg_offset_to_position(&d.ix, text, len, off, e);
			gg_position got = gg_position_table_find(&t, off);
			if (got.line != want.line || got.character != want.character) {
				bad++;
				fprintf(stderr, "  enc %d offset %zu: table %u:%u, one by one %u:%u\n", (int)e, off,
					(unsigned)got.line, (unsigned)got.character, (unsigned)want.line,
					(unsigned)want.character);
			}
		}
		gg_position_table_free(&t);
		CHECK(t.items == NULL && t.len == 0);
	}
	CHECK_EQ_INT(bad, 0);
	gg_line_index_free(&d.ix);
}

static void test_position_table(void)
{
	static const char emoji[] = "\xF0\x9F\x98\x80\xF0\x9F\x91\x8D x = 1\r\n\xF0\x9F\x92\xA9";
	static const char mix_crlf[] = "a\r\nb\rc\nd\r\r\n\n\xC3\xA9\r";
	static const char invalid[] = "\xFF\xFE\n\xC3\r\n\xE4\xB8\xF0\x9F\x98\r\xED\xA0\x80x";

	check_table_against_one_by_one(mixed, sizeof mixed - 1);
	check_table_against_one_by_one(emoji, sizeof emoji - 1);
	check_table_against_one_by_one(mix_crlf, sizeof mix_crlf - 1);
	check_table_against_one_by_one(invalid, sizeof invalid - 1);
	check_table_against_one_by_one("", 0);

	/* Nothing added, or not converted yet: nothing to find. */
	gg_position_table t;
	gg_position_table_init(&t);
	gg_position p = gg_position_table_find(&t, 3);
	CHECK(p.line == 0 && p.character == 0);
	doc d;
	doc_open(&d, mixed, sizeof mixed - 1);
	gg_position_table_convert(&t, &d.ix, d.text, d.len, GG_ENC_UTF16);
	p = gg_position_table_find(&t, 12);
	CHECK(p.line == 1 && p.character == 3);
	gg_position_table_free(&t);
	gg_line_index_free(&d.ix);

	/* An index that was never built: one line, as gg_offset_to_position has it. */
	gg_line_index empty;
	gg_line_index_init(&empty);
	gg_position_table_init(&t);
	CHECK_EQ_INT(gg_position_table_add(&t, 2), 0);
	gg_position_table_convert(&t, &empty, "a\nb", 3, GG_ENC_UTF32);
	p = gg_position_table_find(&t, 2);
	CHECK(p.line == 0 && p.character == 2);
	gg_position_table_free(&t);
}

/* Many offsets on one long line: the table walks it once (one by one, this would take minutes). */
static void test_position_table_long_line(void)
{
	const size_t n = 200000;
	char *t = malloc(n * 2 + 1);
	CHECK(t != NULL);
	if (!t)
		return;
	for (size_t i = 0; i < n; i++)
		memcpy(t + 2 * i, "\xC3\xA9", 2);
	t[2 * n] = '\n';
	doc d;
	doc_open(&d, t, 2 * n + 1);
	gg_position_table table;
	gg_position_table_init(&table);
	for (size_t i = n; i-- > 0;)
		CHECK_EQ_INT(gg_position_table_add(&table, 2 * i), 0);
	gg_position_table_convert(&table, &d.ix, d.text, d.len, GG_ENC_UTF16);
	int bad = 0;
	for (size_t i = 0; i < n; i++) {
		gg_position p = gg_position_table_find(&table, 2 * i);
		bad += p.line != 0 || p.character != i;
	}
	CHECK_EQ_INT(bad, 0);
	gg_position_table_free(&table);
	gg_line_index_free(&d.ix);
	free(t);
}

int main(void)
{
	test_mixed_index();
	test_mixed_utf16();
	test_mixed_utf8_utf32();
	test_terminators();
	test_invalid_bytes();
	test_round_trips();
	test_cjk_emoji_counts();
	test_build_against_reference();
	test_large_file();
	test_empty_index();
	test_rebuild();
	test_encoding_names();
	test_position_table();
	test_position_table_long_line();
	return check_report();
}
