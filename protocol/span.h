#ifndef GG_SPAN_H
#define GG_SPAN_H

#include <stddef.h>
#include <string.h>

/* A borrowed slice of text: a pointer and a length, never NUL-terminated by contract. */
typedef struct gg_span {
	const char *ptr;
	size_t len;
} gg_span;

static inline gg_span gg_span_make(const char *ptr, size_t len)
{
	gg_span s = { ptr, len };
	return s;
}

static inline gg_span gg_span_cstr(const char *s)
{
	return gg_span_make(s, strlen(s));
}

static inline int gg_span_eq(gg_span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.len == n && memcmp(a.ptr, lit, n) == 0;
}

#endif
