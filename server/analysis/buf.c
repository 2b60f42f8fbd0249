#include "buf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gg_buf_append(gg_buf *b, const char *s, size_t n)
{
	if (n >= SIZE_MAX / 2 - b->len)
		return -ENOMEM;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *d = realloc(b->data, cap);
		if (!d)
			return -ENOMEM;
		b->data = d;
		b->cap = cap;
	}
	if (n)
		memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int gg_buf_printf(gg_buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	int n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -ENOMEM;
	int rc = gg_buf_append(b, s, (size_t)n);
	free(s);
	return rc;
}

const char *gg_buf_cstr(gg_buf *b)
{
	return b->data ? b->data : "";
}

char *gg_buf_take(gg_buf *b)
{
	char *d = b->data ? b->data : strdup("");
	b->data = NULL;
	b->len = b->cap = 0;
	return d;
}

void gg_buf_free(gg_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

int gg_grow_to(void **items, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	size_t n = *cap ? *cap : 16;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return -ENOMEM;
		n *= 2;
	}
	if (n > SIZE_MAX / elem)
		return -ENOMEM;
	void *p = realloc(*items, n * elem);
	if (!p)
		return -ENOMEM;
	*items = p;
	*cap = n;
	return 0;
}

int gg_grow(void **items, size_t *cap, size_t len, size_t elem)
{
	return len < *cap ? 0 : gg_grow_to(items, cap, len + 1, elem);
}

void gg_sort(void *items, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	const char *p = items;
	size_t i = 1;
	while (i < n && cmp(p + (i - 1) * size, p + i * size) <= 0)
		i++;
	if (i < n)
		qsort(items, n, size, cmp);
}
