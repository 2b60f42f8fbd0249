/*
 * The definitions of a TOML document (toml_keys.h). A path is encoded as
 * its segments, each "k<len>:<bytes>", with "i<n>;" after an array of
 * tables for its n-th element, so that no two paths share an encoding
 * whatever their keys hold.
 */
#include "toml_keys.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

typedef enum toml_kind {
	KIND_NONE,
	KIND_IMPLICIT, /* a table a header's path passes through: [a.b] makes a */
	KIND_EXPLICIT, /* [a] */
	KIND_DOTTED,   /* a table a dotted key made: a.b = 1 makes a */
	KIND_INLINE,   /* a = { ... }: closed */
	KIND_ARRAY,    /* [[a]] */
	KIND_VALUE,    /* anything else: closed */
} toml_kind;

typedef struct toml_key_entry {
	char *path; /* owned; NULL: free slot */
	size_t len;
	toml_kind kind;
	uint32_t line;  /* where it was defined first */
	uint32_t count; /* KIND_ARRAY: its elements so far */
} toml_key_entry;

void gg_toml_keys_init(gg_toml_keys *k)
{
	memset(k, 0, sizeof *k);
}

void gg_toml_keys_free(gg_toml_keys *k)
{
	for (size_t i = 0; i < k->cap; i++)
		free(k->slots[i].path);
	free(k->slots);
	free(k->table);
	free(k->table_name);
	memset(k, 0, sizeof *k);
}

static size_t keys_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return (size_t)h;
}

static toml_key_entry *keys_slot(const gg_toml_keys *k, const char *path, size_t len)
{
	size_t i = keys_hash(path, len) & (k->cap - 1);
	while (k->slots[i].path && (k->slots[i].len != len || memcmp(k->slots[i].path, path, len) != 0))
		i = (i + 1) & (k->cap - 1);
	return &k->slots[i];
}

static int keys_grow(gg_toml_keys *k)
{
	size_t cap = k->cap ? k->cap * 2 : 64;
	toml_key_entry *slots = calloc(cap, sizeof *slots);
	if (!slots)
		return -ENOMEM;
	gg_toml_keys grown = *k;
	grown.slots = slots;
	grown.cap = cap;
	for (size_t i = 0; i < k->cap; i++)
		if (k->slots[i].path)
			*keys_slot(&grown, k->slots[i].path, k->slots[i].len) = k->slots[i];
	free(k->slots);
	k->slots = slots;
	k->cap = cap;
	return 0;
}

/* The entry of path, NULL when there is none. */
static toml_key_entry *keys_find(const gg_toml_keys *k, const gg_buf *path)
{
	if (!k->cap)
		return NULL;
	toml_key_entry *e = keys_slot(k, path->data ? path->data : "", path->len);
	return e->path ? e : NULL;
}

/* A new entry for path (absent). NULL on OOM. */
static toml_key_entry *keys_add(gg_toml_keys *k, const gg_buf *path, toml_kind kind, uint32_t line)
{
	if ((k->len + 1) * 2 > k->cap && keys_grow(k) != 0)
		return NULL;
	char *copy = malloc(path->len + 1);
	if (!copy)
		return NULL;
	memcpy(copy, path->data ? path->data : "", path->len);
	copy[path->len] = '\0';
	toml_key_entry *e = keys_slot(k, copy, path->len);
	*e = (toml_key_entry){ copy, path->len, kind, line, 0 };
	k->len++;
	return e;
}

static int keys_segment(gg_buf *path, const char *segment)
{
	size_t n = strlen(segment);
	return gg_buf_printf(path, "k%zu:", n) == 0 && gg_buf_append(path, segment, n) == 0 ? 0 : -ENOMEM;
}

/* The dotted name of prefix, a[0..an) and b[0..bn) for a message ("tool.gradguard"); NULL on OOM. */
static char *keys_name(const char *prefix, const gg_strings *a, size_t an, const gg_strings *b, size_t bn)
{
	gg_buf out = { 0 };
	int rc = prefix && *prefix ? gg_buf_append(&out, prefix, strlen(prefix)) : 0;
	for (size_t i = 0; i < an + bn && !rc; i++)
		rc = gg_buf_printf(&out, "%s%s", out.len ? "." : "", i < an ? a->items[i] : b->items[i - an]);
	if (rc) {
		gg_buf_free(&out);
		return NULL;
	}
	return gg_buf_take(&out);
}

static int keys_fail(char **why, const char *fmt, const char *name, uint32_t line)
{
	*why = name ? gg_strdup_printf(fmt, name, line) : NULL;
	return *why ? -EINVAL : -ENOMEM;
}

/* Why what is at e cannot hold a table (or a key) under it; NULL when it can. */
static const char *keys_closed(const toml_key_entry *e)
{
	if (e->kind == KIND_INLINE)
		return "%s is an inline table (line %u): it cannot be extended later";
	if (e->kind == KIND_VALUE)
		return "%s already has a value (line %u): it cannot be a table";
	return NULL;
}

int gg_toml_keys_table(gg_toml_keys *k, const gg_strings *path, int array, uint32_t line, char **why)
{
	*why = NULL;
	gg_buf enc = { 0 };
	int rc = 0;
	for (size_t i = 0; i < path->len && !rc; i++) {
		if ((rc = keys_segment(&enc, path->items[i])) != 0)
			break;
		toml_key_entry *e = keys_find(k, &enc);
		bool last = i + 1 == path->len;
		const char *closed = e ? keys_closed(e) : NULL;
		char *name = e ? keys_name(NULL, path, i + 1, NULL, 0) : NULL;
		if (!e) {
			e = keys_add(k, &enc, last ? (array ? KIND_ARRAY : KIND_EXPLICIT) : KIND_IMPLICIT, line);
			rc = e ? 0 : -ENOMEM;
		} else if (closed) {
			rc = keys_fail(why, closed, name, e->line);
		} else if (last && array && e->kind != KIND_ARRAY) {
			rc = keys_fail(why, "%s is a table (line %u), not an array of tables", name, e->line);
		} else if (last && !array && e->kind == KIND_ARRAY) {
			rc = keys_fail(why, "%s is an array of tables (line %u), not a table", name, e->line);
		} else if (last && !array && e->kind == KIND_EXPLICIT) {
			rc = keys_fail(why, "table [%s] is declared twice (first at line %u)", name, e->line);
		} else if (last && !array && e->kind == KIND_DOTTED) {
			rc = keys_fail(why, "table [%s] was made by dotted keys (line %u): it cannot be declared again", name,
				       e->line);
		} else if (last && !array) {
			e->kind = KIND_EXPLICIT; /* [a.b] then [a]: a is declared now */
			e->line = line;
		}
		free(name);
		if (!rc && e && e->kind == KIND_ARRAY) {
			if (last && array)
				e->count++;
			rc = gg_buf_printf(&enc, "i%u;", e->count);
		}
	}
	if (!rc) {
		free(k->table);
		free(k->table_name);
		k->table_len = enc.len;
		k->table = gg_buf_take(&enc);
		k->table_name = keys_name(NULL, path, path->len, NULL, 0);
		rc = k->table && k->table_name ? 0 : -ENOMEM;
	}
	gg_buf_free(&enc);
	return rc;
}

int gg_toml_keys_pair(gg_toml_keys *k, const gg_strings *base, const gg_strings *key, int inline_table, uint32_t line,
		      char **why)
{
	*why = NULL;
	gg_buf enc = { 0 };
	int rc = k->table_len ? gg_buf_append(&enc, k->table, k->table_len) : 0;
	size_t bn = base ? base->len : 0;
	for (size_t i = 0; i < bn && !rc; i++)
		rc = keys_segment(&enc, base->items[i]);
	for (size_t i = 0; i < key->len && !rc; i++) {
		if ((rc = keys_segment(&enc, key->items[i])) != 0)
			break;
		toml_key_entry *e = keys_find(k, &enc);
		bool last = i + 1 == key->len;
		char *name = e ? keys_name(k->table_name, base ? base : key, bn, key, i + 1) : NULL;
		if (!e) {
			toml_kind kind = !last ? KIND_DOTTED : inline_table ? KIND_INLINE : KIND_VALUE;
			rc = keys_add(k, &enc, kind, line) ? 0 : -ENOMEM;
		} else if (last) {
			rc = keys_fail(why, "duplicate key %s (first at line %u)", name, e->line);
		} else if (keys_closed(e)) {
			rc = keys_fail(why, keys_closed(e), name, e->line);
		} else if (e->kind == KIND_EXPLICIT) {
			rc = keys_fail(why, "table [%s] (line %u) cannot be extended by a dotted key", name, e->line);
		} else if (e->kind == KIND_ARRAY) {
			rc = keys_fail(why, "%s is an array of tables (line %u): a dotted key cannot extend it", name, e->line);
		}
		free(name);
	}
	gg_buf_free(&enc);
	return rc;
}
