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

/* What every rule's check is handed: the file, its tree, and the model built for it. */
typedef struct gg_rule_input {
	const gg_source *src;
	gg_node root;         /* the analyzer's copy of the tree (tree.h) */
	TSNode ts_root;       /* tree-sitter's tree itself, for the queries (query.h) */
	gg_semantic *model;   /* built for src by gg_semantic_build */
	const gg_py_ids *ids; /* the grammar's node types and fields */
	const gg_unparsed *unparsed; /* syntax errors found before (gg_analyzer_check_unparsed) */
	size_t unparsed_len;
} gg_rule_input;

/*
 * A rule's implementation, one per row of gg_rules (analysis.c): its
 * per-thread state (state_new NULL: none) and its check, which appends the
 * rule's findings for in->src to out and returns 0 or a negative errno.
 */
typedef struct gg_rule_impl {
	void *(*state_new)(char **error);
	void (*state_delete)(void *state);
	int (*check)(void *state, const gg_rule_input *in, gg_findings *out);
} gg_rule_impl;

/* GG000 (rule_gg000.c): text that does not parse. */
extern const gg_rule_impl gg_rule_gg000;
/* GG001 (rule_gg001.c): the model's forwards with grad on whose evaluation evidence holds. */
extern const gg_rule_impl gg_rule_gg001;
/* GG002 (rule_gg002.c): tensors with history accumulated across iterations. */
extern const gg_rule_impl gg_rule_gg002;
/* GG003 (rule_gg003.c): volatile=True, a query. */
extern const gg_rule_impl gg_rule_gg003;

#endif
