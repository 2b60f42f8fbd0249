#ifndef GG_QUERY_H
#define GG_QUERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

/*
 * A tree-sitter query with its text predicates compiled. libtree-sitter only
 * records predicates; this module evaluates them:
 *   (#eq? @a "s") (#eq? @a @b) (#not-eq? ...)    exact text
 *   (#match? @a "re") (#not-match? @a "re")      POSIX extended regex, searched
 *   (#any-of? @a "s" ...) (#not-any-of? ...)     one of the strings
 * Any other predicate, or a misshapen one, fails compilation. A predicate on a
 * capture with several nodes must hold for each; on none, it holds.
 *
 * A gg_query is immutable once built, so threads may share it, each with its
 * own TSQueryCursor.
 */

typedef struct gg_query gg_query;

/* name labels error messages. Returns NULL on failure (message in *error, owned by the caller, if error is not NULL). */
gg_query *gg_query_new(const TSLanguage *lang, const char *name, const char *source, uint32_t len, char **error);
void gg_query_delete(gg_query *q);

/* The capture's index, or UINT32_MAX when the query has no such capture. */
uint32_t gg_query_capture_id(const gg_query *q, const char *name);

/* Starts q over node on cursor (owned by the caller). */
void gg_query_exec(const gg_query *q, TSQueryCursor *cursor, TSNode node);

/*
 * The next match whose predicates hold on text, the source node was parsed
 * from. Returns false when there are no more.
 */
bool gg_query_next_match(const gg_query *q, TSQueryCursor *cursor, const char *text, size_t len, TSQueryMatch *match);

/* The first node captured as id in match; false when there is none. */
bool gg_query_match_node(const TSQueryMatch *match, uint32_t id, TSNode *out);

#endif
