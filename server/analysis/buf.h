#ifndef GG_BUF_H
#define GG_BUF_H

#include <stddef.h>

/* A growable byte buffer for building names and messages. Zero-initialised is empty. */
typedef struct gg_buf {
	char *data; /* owned; NUL-terminated when len > 0 or after gg_buf_cstr */
	size_t len, cap;
} gg_buf;

/* Appends n bytes. Returns 0 or -ENOMEM (the buffer is then unchanged). */
int gg_buf_append(gg_buf *b, const char *s, size_t n);
int gg_buf_printf(gg_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The contents as a C string ("" when empty); valid until the next append. */
const char *gg_buf_cstr(gg_buf *b);
/* Hands the contents over (caller owns; "" when empty, NULL on OOM) and empties the buffer. */
char *gg_buf_take(gg_buf *b);
void gg_buf_free(gg_buf *b);

/*
 * Room for one more item in a typed array (*items, of elem bytes each, len
 * used of *cap): doubles it, from 16, when full. Returns 0 or -ENOMEM (the
 * array is then unchanged). The analysis's arrays all grow through it.
 */
int gg_grow(void **items, size_t *cap, size_t len, size_t elem);
/* Room for need items in all: doubles the capacity, from 16, until it is enough. 0 or -ENOMEM (unchanged). */
int gg_grow_to(void **items, size_t *cap, size_t need, size_t elem);

/*
 * qsort of items[0, n), which first looks whether they are in order already:
 * the analysis's lists mostly come in document order, and a sort of a
 * sorted list costs its n log n all the same.
 */
void gg_sort(void *items, size_t n, size_t size, int (*cmp)(const void *, const void *));

#endif
