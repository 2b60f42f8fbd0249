#ifndef GG_STORE_H
#define GG_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "config.h"

/*
 * What the analysis keeps between runs (the check's cache, cli/check_cache.h):
 * its plain data written as bytes (the index's, for the run's key; the
 * cache's entries, read back), and a digest that says whether two such
 * writings are the same. Numbers are written little-end
 * first whatever the machine; a cache is read by the program that wrote it
 * (the key holds the program's identity), so there is no versioning here.
 */

/* A 128-bit digest (XXH3): equal digests are taken for equal bytes. */
typedef struct gg_digest {
	uint64_t low, high;
} gg_digest;

gg_digest gg_digest_of(const void *data, size_t len);
bool gg_digest_equal(gg_digest a, gg_digest b);

/* Appends to b. Each returns 0 or -ENOMEM (b may then hold part of it). */
int gg_store_put_u64(gg_buf *b, uint64_t v);
int gg_store_put_bytes(gg_buf *b, const char *s, size_t n); /* its length, then the bytes */
int gg_store_put_str(gg_buf *b, const char *s);             /* NULL and "" differ */
int gg_store_put_strings(gg_buf *b, const gg_strings *s);

/*
 * Reads back what the puts wrote, in the same order. A read past the end
 * or of a malformed length sets bad and reads zeros from then on: the
 * caller asks bad once, at the end.
 */
typedef struct gg_store_reader {
	const char *at;
	size_t left;
	bool bad;
} gg_store_reader;

uint64_t gg_store_get_u64(gg_store_reader *r);
/* The bytes in place (not NUL-terminated): valid while the data read is; *n their length. */
const char *gg_store_get_bytes(gg_store_reader *r, size_t *n);

#endif
