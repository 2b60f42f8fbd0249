#include "utf8.h"

#include <string.h>

/*
 * Well-formed UTF-8 per Unicode table 3-7: the second byte's range depends on
 * the lead byte, which is what excludes overlongs, surrogates and values past
 * U+10FFFF without decoding first.
 */

static inline bool utf8_is_cont(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

/* Length of the well-formed sequence at s, or 0 when it is not one. */
static size_t utf8_sequence_len(const unsigned char *s, size_t len)
{
	unsigned char b0 = s[0];
	unsigned char lo = 0x80, hi = 0xBF;
	size_t n;

	if (b0 < 0x80)
		return 1;
	if (b0 >= 0xC2 && b0 <= 0xDF) {
		n = 2;
	} else if (b0 >= 0xE0 && b0 <= 0xEF) {
		n = 3;
		if (b0 == 0xE0)
			lo = 0xA0;
		else if (b0 == 0xED)
			hi = 0x9F;
	} else if (b0 >= 0xF0 && b0 <= 0xF4) {
		n = 4;
		if (b0 == 0xF0)
			lo = 0x90;
		else if (b0 == 0xF4)
			hi = 0x8F;
	} else {
		return 0;
	}
	if (len < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (!utf8_is_cont(s[i]))
			return 0;
	return n;
}

size_t gg_utf8_decode(const char *s, size_t len, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = utf8_sequence_len(u, len);

	switch (n) {
	case 1:
		*cp = u[0];
		return 1;
	case 2:
		*cp = ((uint32_t)(u[0] & 0x1F) << 6) | (u[1] & 0x3F);
		return 2;
	case 3:
		*cp = ((uint32_t)(u[0] & 0x0F) << 12) | ((uint32_t)(u[1] & 0x3F) << 6) | (u[2] & 0x3F);
		return 3;
	case 4:
		*cp = ((uint32_t)(u[0] & 0x07) << 18) | ((uint32_t)(u[1] & 0x3F) << 12) |
		      ((uint32_t)(u[2] & 0x3F) << 6) | (u[3] & 0x3F);
		return 4;
	default:
		*cp = 0xFFFD;
		return 1;
	}
}

size_t gg_utf8_first_invalid(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	while (i < len) {
		/* Protocol bodies are mostly ASCII: test eight bytes at a time. */
		if (len - i >= 8) {
			uint64_t w;
			memcpy(&w, u + i, sizeof w);
			if ((w & UINT64_C(0x8080808080808080)) == 0) {
				i += 8;
				continue;
			}
		}
		if (u[i] < 0x80) {
			i++;
			continue;
		}
		size_t n = utf8_sequence_len(u + i, len - i);
		if (n == 0)
			return i;
		i += n;
	}
	return len;
}

bool gg_utf8_valid(const char *s, size_t len)
{
	return gg_utf8_first_invalid(s, len) == len;
}
