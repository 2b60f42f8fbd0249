#include "uri.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int uri_hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *gg_uri_to_path(const char *uri)
{
	if (strncasecmp(uri, "file://", 7) != 0)
		return NULL;
	const char *p = uri + 7;
	/* An authority other than localhost names another machine: not a local path. */
	if (*p != '/') {
		if (strncasecmp(p, "localhost/", 10) != 0)
			return NULL;
		p += 9;
	}
	size_t n = strlen(p);
	char *out = malloc(n + 1);
	if (!out)
		return NULL;
	size_t j = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '%') {
			int hi = i + 2 < n ? uri_hex(p[i + 1]) : -1;
			int lo = hi >= 0 ? uri_hex(p[i + 2]) : -1;
			if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) {
				free(out);
				return NULL;
			}
			out[j++] = (char)(hi * 16 + lo);
			i += 2;
		} else if (p[i] == '?' || p[i] == '#') {
			break;
		} else {
			out[j++] = p[i];
		}
	}
	out[j] = '\0';
	return out;
}

char *gg_uri_encode(const char *prefix, const char *path, bool keep_colon)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t p = strlen(prefix), n = strlen(path);
	/* Worst case every byte is escaped as %XX. */
	char *out = malloc(p + 3 * n + 1);
	if (!out)
		return NULL;
	memcpy(out, prefix, p);
	size_t j = p;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)path[i];
		/* "a//b" names "a/b"; kept, a doubled slash would read as an authority ("file:////etc"). */
		if (c == '/' && i > 0 && path[i - 1] == '/')
			continue;
		bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			     strchr("/-._~!$&'()*+,;=@", c) != NULL || (keep_colon && c == ':');
		if (plain) {
			out[j++] = (char)c;
		} else {
			out[j++] = '%';
			out[j++] = hex[c >> 4];
			out[j++] = hex[c & 15];
		}
	}
	out[j] = '\0';
	return out;
}

char *gg_uri_from_path(const char *path)
{
	return gg_uri_encode(path[0] == '/' ? "file://" : "file:///", path, true);
}
