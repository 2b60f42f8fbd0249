#ifndef GG_RULES_H
#define GG_RULES_H

#include <tree_sitter/api.h>

#include "analysis.h"
#include "findings.h"
#include "grad_context.h"

/*
 * The rules behind gg_analyzer_check. Each rule owns its compiled queries and
 * a query cursor, so an instance serves one thread; a check keeps nothing
 * after it returns.
 */

typedef struct gg_rule_gg001 gg_rule_gg001;

/* Returns NULL on failure (a message in *error, owned by the caller, if error is not NULL). */
gg_rule_gg001 *gg_rule_gg001_new(char **error);
void gg_rule_gg001_delete(gg_rule_gg001 *r);
/* Appends GG001 findings for src (whose tree is root) to out. Returns 0 or a negative errno. */
int gg_rule_gg001_check(gg_rule_gg001 *r, const gg_source *src, TSNode root, gg_findings *out);
/* See gg_analyzer_exports: the file's top-level grad-disabling callables, from the rule's facts. */
int gg_rule_gg001_exports(gg_rule_gg001 *r, const char *text, size_t len, TSNode root,
			  int (*add)(void *ctx, const char *name, size_t len), void *ctx);

/* GG002 and GG003 keep no state between files. Append their findings for src to out; 0 or a negative errno. */
/* What GG001's walk indexed of the tree it last checked (calls, assignments), for GG002. */
const gg_tree_index *gg_rule_gg001_index(const gg_rule_gg001 *r);

/* index may be NULL: GG002 then walks the tree itself. */
int gg_rule_gg002_check(const gg_py_ids *ids, const gg_tree_index *index, const gg_source *src, TSNode root,
			gg_findings *out);

typedef struct gg_rule_gg003 gg_rule_gg003;

gg_rule_gg003 *gg_rule_gg003_new(char **error);
void gg_rule_gg003_delete(gg_rule_gg003 *r);
int gg_rule_gg003_check(gg_rule_gg003 *r, const gg_py_ids *ids, const gg_source *src, TSNode root, gg_findings *out);

#endif
