#include "utf8.h"

#include "check.h"

#include <stdint.h>

static void test_decode_valid(void)
{
	uint32_t cp = 0;

	CHECK_EQ_SIZE(gg_utf8_decode("A", 1, &cp), 1);
	CHECK_EQ_INT(cp, 'A');
	CHECK_EQ_SIZE(gg_utf8_decode("\xC3\xA9", 2, &cp), 2); /* é */
	CHECK_EQ_INT(cp, 0xE9);
	CHECK_EQ_SIZE(gg_utf8_decode("\xE4\xB8\xAD", 3, &cp), 3); /* 中 */
	CHECK_EQ_INT(cp, 0x4E2D);
	CHECK_EQ_SIZE(gg_utf8_decode("\xF0\x9F\x98\x80", 4, &cp), 4); /* 😀 */
	CHECK_EQ_INT(cp, 0x1F600);
	CHECK_EQ_SIZE(gg_utf8_decode("\xCC\x81", 2, &cp), 2); /* combining acute */
	CHECK_EQ_INT(cp, 0x301);
	/* Boundaries of each length. */
	CHECK_EQ_SIZE(gg_utf8_decode("\x7F", 1, &cp), 1);
	CHECK_EQ_INT(cp, 0x7F);
	CHECK_EQ_SIZE(gg_utf8_decode("\xC2\x80", 2, &cp), 2);
	CHECK_EQ_INT(cp, 0x80);
	CHECK_EQ_SIZE(gg_utf8_decode("\xDF\xBF", 2, &cp), 2);
	CHECK_EQ_INT(cp, 0x7FF);
	CHECK_EQ_SIZE(gg_utf8_decode("\xE0\xA0\x80", 3, &cp), 3);
	CHECK_EQ_INT(cp, 0x800);
	CHECK_EQ_SIZE(gg_utf8_decode("\xED\x9F\xBF", 3, &cp), 3);
	CHECK_EQ_INT(cp, 0xD7FF);
	CHECK_EQ_SIZE(gg_utf8_decode("\xEF\xBF\xBF", 3, &cp), 3);
	CHECK_EQ_INT(cp, 0xFFFF);
	CHECK_EQ_SIZE(gg_utf8_decode("\xF0\x90\x80\x80", 4, &cp), 4);
	CHECK_EQ_INT(cp, 0x10000);
	CHECK_EQ_SIZE(gg_utf8_decode("\xF4\x8F\xBF\xBF", 4, &cp), 4);
	CHECK_EQ_INT(cp, 0x10FFFF);
	/* NUL is a character like any other. */
	CHECK_EQ_SIZE(gg_utf8_decode("\0x", 2, &cp), 1);
	CHECK_EQ_INT(cp, 0);
}

static void check_invalid_decode(const char *s, size_t len, int line)
{
	uint32_t cp = 0;
	size_t n = gg_utf8_decode(s, len, &cp);

	check_count++;
	if (n != 1 || cp != 0xFFFD) {
		check_failures++;
		fprintf(stderr, "%s:%d: invalid sequence decoded as %zu bytes, U+%04X\n", __FILE__, line, n,
			(unsigned)cp);
	}
}

static void test_decode_invalid(void)
{
	check_invalid_decode("\x80", 1, __LINE__);             /* lone continuation */
	check_invalid_decode("\xBF", 1, __LINE__);
	check_invalid_decode("\xC0\x80", 2, __LINE__);         /* overlong NUL */
	check_invalid_decode("\xC1\xBF", 2, __LINE__);         /* overlong */
	check_invalid_decode("\xE0\x80\x80", 3, __LINE__);     /* overlong 3-byte */
	check_invalid_decode("\xE0\x9F\xBF", 3, __LINE__);
	check_invalid_decode("\xF0\x8F\xBF\xBF", 4, __LINE__); /* overlong 4-byte */
	check_invalid_decode("\xED\xA0\x80", 3, __LINE__);     /* surrogate D800 */
	check_invalid_decode("\xED\xBF\xBF", 3, __LINE__);     /* surrogate DFFF */
	check_invalid_decode("\xF4\x90\x80\x80", 4, __LINE__); /* > U+10FFFF */
	check_invalid_decode("\xF5\x80\x80\x80", 4, __LINE__);
	check_invalid_decode("\xFE", 1, __LINE__);
	check_invalid_decode("\xFF", 1, __LINE__);
	check_invalid_decode("\xC3", 1, __LINE__);             /* truncated by len */
	check_invalid_decode("\xE4\xB8", 2, __LINE__);
	check_invalid_decode("\xF0\x9F\x98", 3, __LINE__);
	check_invalid_decode("\xE4\xB8\xADx", 2, __LINE__);    /* truncated: len stops early */
	check_invalid_decode("\xC3x", 2, __LINE__);            /* bad continuation */
	check_invalid_decode("\xE4\xB8x", 3, __LINE__);
	check_invalid_decode("\xF0\x9F\x98x", 4, __LINE__);
}

static void test_valid(void)
{
	static const char ok[] = "plain ascii \xC3\xA9 \xE4\xB8\xAD\xE6\x96\x87 \xF0\x9F\x98\x80 e\xCC\x81";

	CHECK(gg_utf8_valid("", 0));
	CHECK(gg_utf8_valid(ok, sizeof ok - 1));
	CHECK_EQ_SIZE(gg_utf8_first_invalid(ok, sizeof ok - 1), sizeof ok - 1);
	CHECK(gg_utf8_valid("a\0b", 3));

	CHECK(!gg_utf8_valid("\xFF", 1));
	CHECK(!gg_utf8_valid("\xED\xA0\x80", 3));
	CHECK_EQ_SIZE(gg_utf8_first_invalid("abc\xC3", 4), 3);
	CHECK_EQ_SIZE(gg_utf8_first_invalid("\xE4\xB8\xAD\x80", 4), 3);
	/* The 8-byte ASCII fast path must hand over exactly at the first non-ASCII byte. */
	CHECK_EQ_SIZE(gg_utf8_first_invalid("0123456789abcdef\xC0\x80", 18), 16);
	CHECK_EQ_SIZE(gg_utf8_first_invalid("0123456\xFF" "89abcdef", 16), 7);
	CHECK_EQ_SIZE(gg_utf8_first_invalid("01234567\xE4\xB8\xAD" "89abcdefgh\x80", 22), 21);
	CHECK(gg_utf8_valid("01234567\xE4\xB8\xAD" "89abcdefgh", 21));
	/* A sequence that straddles the end of the buffer is invalid. */
	CHECK_EQ_SIZE(gg_utf8_first_invalid("0123456789ab\xF0\x9F\x98", 15), 12);
}

static void test_utf16_units(void)
{
	CHECK_EQ_INT(gg_utf16_units('a'), 1);
	CHECK_EQ_INT(gg_utf16_units(0xFFFF), 1);
	CHECK_EQ_INT(gg_utf16_units(0x10000), 2);
	CHECK_EQ_INT(gg_utf16_units(0x1F600), 2);
	CHECK_EQ_INT(gg_utf16_units(0xFFFD), 1);
}

/* Exhaustive over code points: encode, check validity and decode back. */
static void test_round_trip_all(void)
{
	int bad = 0;

	for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
		unsigned char b[4];
		size_t n;
		uint32_t back = 0;

		if (cp >= 0xD800 && cp <= 0xDFFF)
			continue;
		if (cp < 0x80) {
			b[0] = (unsigned char)cp;
			n = 1;
		} else if (cp < 0x800) {
			b[0] = (unsigned char)(0xC0 | (cp >> 6));
			b[1] = (unsigned char)(0x80 | (cp & 0x3F));
			n = 2;
		} else if (cp < 0x10000) {
			b[0] = (unsigned char)(0xE0 | (cp >> 12));
			b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
			b[2] = (unsigned char)(0x80 | (cp & 0x3F));
			n = 3;
		} else {
			b[0] = (unsigned char)(0xF0 | (cp >> 18));
			b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
			b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
			b[3] = (unsigned char)(0x80 | (cp & 0x3F));
			n = 4;
		}
		if (gg_utf8_decode((const char *)b, n, &back) != n || back != cp ||
		    !gg_utf8_valid((const char *)b, n))
			bad++;
	}
	CHECK_EQ_INT(bad, 0);
}

int main(void)
{
	test_decode_valid();
	test_decode_invalid();
	test_valid();
	test_utf16_units();
	test_round_trip_all();
	return check_report();
}
