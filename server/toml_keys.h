#ifndef GG_TOML_KEYS_H
#define GG_TOML_KEYS_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

/*
 * What a TOML document has defined so far, key path by key path, to reject
 * what Python's tomllib rejects: a table declared twice, a key given twice,
 * an inline table (or any value) extended later, a table that dotted keys
 * made declared again as [header], an array of tables redeclared as a
 * table. pyproject.c feeds it every header and pair of the document, in
 * order; it never sees a tree-sitter node. Paths are hashed, so a file of
 * many keys costs linear time.
 */

typedef struct gg_toml_keys {
	struct toml_key_entry *slots; /* owned; open addressing */
	size_t len, cap;
	char *table; /* owned; the encoded path of the current table (where pairs go) */
	size_t table_len;
	char *table_name; /* owned; its dotted name for messages ("" at the top) */
} gg_toml_keys;

void gg_toml_keys_init(gg_toml_keys *k);
void gg_toml_keys_free(gg_toml_keys *k);

/*
 * [path] (or [[path]] when array), on line (1-based): the current table
 * from now on. Returns 0, -EINVAL with *why (malloc'd, the caller's: what is
 * wrong, naming the earlier line), or -ENOMEM.
 */
int gg_toml_keys_table(gg_toml_keys *k, const gg_strings *path, int array, uint32_t line, char **why);

/*
 * key = value in the current table (or, with base, under the current
 * table's base...: an inline table's own keys, base being the inline
 * table's key); inline_table says the value is one, which closes it.
 * Returns as gg_toml_keys_table.
 */
int gg_toml_keys_pair(gg_toml_keys *k, const gg_strings *base, const gg_strings *key, int inline_table, uint32_t line,
		      char **why);

#endif
