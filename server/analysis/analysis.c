#include "analysis.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

const gg_rule_info gg_rules[] = {
	{ "GG001", "eval-forward-with-grad", GG_SEVERITY_WARNING,
	  "A model forward pass in evaluation code runs with gradient tracking enabled." },
	{ NULL, NULL, 0, NULL },
};

const gg_rule_info *gg_rule_lookup(const char *code)
{
	if (!code)
		return NULL;
	for (const gg_rule_info *r = gg_rules; r->code; r++)
		if (strcmp(r->code, code) == 0)
			return r;
	return NULL;
}

struct gg_analyzer {
	TSParser *parser;     /* owned */
	gg_rule_gg001 *gg001; /* owned */
};

gg_analyzer *gg_analyzer_new(char **error)
{
	if (error)
		*error = NULL;
	gg_analyzer *a = calloc(1, sizeof *a);
	if (!a) {
		if (error)
			*error = gg_strdup_printf("out of memory");
		return NULL;
	}
	a->parser = gg_python_parser_new();
	if (!a->parser) {
		if (error)
			*error = gg_strdup_printf("cannot load the Python grammar (ABI %u; this libtree-sitter loads %u..%u)",
						  ts_language_version(gg_python_language()),
						  (unsigned)TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION,
						  (unsigned)TREE_SITTER_LANGUAGE_VERSION);
		gg_analyzer_delete(a);
		return NULL;
	}
	a->gg001 = gg_rule_gg001_new(error);
	if (!a->gg001) {
		gg_analyzer_delete(a);
		return NULL;
	}
	return a;
}

void gg_analyzer_delete(gg_analyzer *a)
{
	if (!a)
		return;
	if (a->parser)
		ts_parser_delete(a->parser);
	gg_rule_gg001_delete(a->gg001);
	free(a);
}

/*
 * Whether the text can import a checked framework at all: a file that never
 * spells one of their names is not parsed. Every import the rules accept
 * contains one of these words.
 */
static bool mentions_framework(const char *text, size_t len)
{
	static const char *const words[] = {
		"torch", "lightning", "transformers", "accelerate", "timm", NULL,
	};
	for (const char *const *w = words; *w; w++)
		if (memmem(text, len, *w, strlen(*w)))
			return true;
	return false;
}

int gg_analyzer_check(gg_analyzer *a, const gg_source *src, gg_findings *out)
{
	if (!a || !src || !out || (!src->text && src->len))
		return -EINVAL;
	if (src->len > UINT32_MAX)
		return -EFBIG; /* tree-sitter offsets are 32-bit */
	if (!src->tree && !mentions_framework(src->text, src->len))
		return 0;

	TSTree *owned = NULL;
	const TSTree *tree = src->tree;
	if (!tree) {
		ts_parser_reset(a->parser);
		owned = gg_python_parse(a->parser, NULL, src->text ? src->text : "", src->len);
		if (!owned)
			return -ENOMEM;
		tree = owned;
	}
	size_t before = out->len;
	int rc = gg_rule_gg001_check(a->gg001, src, ts_tree_root_node(tree), out);
	if (owned)
		ts_tree_delete(owned);
	if (rc) {
		/* Leave out as it was: a partial list would read as a clean file. */
		gg_findings_truncate(out, before);
		return rc;
	}
	gg_findings_sort(out);
	return 0;
}
