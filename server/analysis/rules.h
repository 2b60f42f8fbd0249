#ifndef GG_RULES_H
#define GG_RULES_H

#include <tree_sitter/api.h>

#include "analysis.h"
#include "findings.h"
#include "grad_context.h"
#include "semantic/semantic.h"

/*
 * The rules behind gg_analyzer_check. They read the semantic model
 * (semantic/semantic.h) built for the file; GG003 owns a compiled query and
 * its cursor, so an instance serves one thread; a check keeps nothing after
 * it returns.
 */

/* GG001 reports the forwards the model s found with grad on whose evaluation evidence holds. */
int gg_rule_gg001_check(gg_semantic *s, gg_findings *out);

/* GG002 and GG003 keep no state between files. Append their findings for src to out; 0 or a negative errno. */
/* index may be NULL: GG002 then walks the tree itself. */
int gg_rule_gg002_check(const gg_py_ids *ids, const gg_tree_index *index, const gg_source *src, TSNode root,
			gg_findings *out);

typedef struct gg_rule_gg003 gg_rule_gg003;

gg_rule_gg003 *gg_rule_gg003_new(char **error);
void gg_rule_gg003_delete(gg_rule_gg003 *r);
int gg_rule_gg003_check(gg_rule_gg003 *r, const gg_py_ids *ids, const gg_source *src, TSNode root, gg_findings *out);

#endif
