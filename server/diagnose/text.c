#include "text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when it is not valid. */
static size_t text_utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		len = 2, min = 0x80;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, min = 0x800;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, min = 0x10000;
	else
		return 0;
	if (n < len)
		return 0;
	unsigned cp = c & (0x7F >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

char *gg_text_dup(const char *s, size_t n, size_t max)
{
	gg_buf b = { 0 };
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		size_t k = text_utf8_len(u + i, n - i);
		const char *piece = s + i;
		size_t plen = k;
		if (k == 0) {
			piece = "\xEF\xBF\xBD";
			plen = 3;
			k = 1;
		} else if (k == 1 && (u[i] < 0x20 || u[i] == 0x7F) && u[i] != '\t') {
			i++;
			continue;
		}
		if (b.len + plen > max)
			break;
		if (gg_buf_append(&b, piece, plen) != 0) {
			gg_buf_free(&b);
			return NULL;
		}
		i += k;
	}
	return gg_buf_take(&b);
}

const char *gg_text_trim(const char *s, size_t *n)
{
	size_t len = *n;
	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	*n = len;
	return s;
}

size_t gg_text_indent(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

bool gg_text_starts(const char *s, size_t n, const char *prefix)
{
	size_t p = strlen(prefix);
	return n >= p && memcmp(s, prefix, p) == 0;
}

const char *gg_text_find(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle));
}

const char *gg_text_find_ci(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	if (k == 0)
		return s;
	for (size_t i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, needle, k) == 0)
			return s + i;
	return NULL;
}

char *gg_strdup_join(const char *dir, const char *name)
{
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	char *s;
	if (asprintf(&s, "%.*s/%s", (int)n, dir, name) < 0)
		return NULL;
	return s;
}
