#include "store.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Header-only: the digest is compiled in, so the program needs no libxxhash at run time. */
#define XXH_INLINE_ALL
#include <xxhash.h>

gg_digest gg_digest_of(const void *data, size_t len)
{
	XXH128_hash_t h = XXH3_128bits(data, len);
	return (gg_digest){ h.low64, h.high64 };
}

bool gg_digest_equal(gg_digest a, gg_digest b)
{
	return a.low == b.low && a.high == b.high;
}

int gg_store_put_u64(gg_buf *b, uint64_t v)
{
	char bytes[8];
	for (int i = 0; i < 8; i++)
		bytes[i] = (char)(unsigned char)(v >> (8 * i));
	return gg_buf_append(b, bytes, sizeof bytes);
}

int gg_store_put_bytes(gg_buf *b, const char *s, size_t n)
{
	int rc = gg_store_put_u64(b, n);
	return rc ? rc : gg_buf_append(b, s, n);
}

/* NULL is written as the length UINT64_MAX, which no string has. */
int gg_store_put_str(gg_buf *b, const char *s)
{
	return s ? gg_store_put_bytes(b, s, strlen(s)) : gg_store_put_u64(b, UINT64_MAX);
}

int gg_store_put_strings(gg_buf *b, const gg_strings *s)
{
	int rc = gg_store_put_u64(b, s->len);
	for (size_t i = 0; i < s->len && !rc; i++)
		rc = gg_store_put_str(b, s->items[i]);
	return rc;
}

uint64_t gg_store_get_u64(gg_store_reader *r)
{
	if (r->bad || r->left < 8) {
		r->bad = true;
		return 0;
	}
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)(unsigned char)r->at[i] << (8 * i);
	r->at += 8;
	r->left -= 8;
	return v;
}

const char *gg_store_get_bytes(gg_store_reader *r, size_t *n)
{
	uint64_t len = gg_store_get_u64(r);
	if (r->bad || len > r->left) {
		r->bad = true;
		*n = 0;
		return NULL;
	}
	const char *s = r->at;
	r->at += len;
	r->left -= len;
	*n = (size_t)len;
	return s;
}
