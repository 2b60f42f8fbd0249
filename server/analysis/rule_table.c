/*
 * The rules, one row each (analysis.h): what the analysis runs, what
 * explain, hover and --statistics name, and what a selector may name
 * (config.c checks selectors against it).
 */
#include "analysis.h"

#include <string.h>

const gg_rule_info gg_rules[] = {
	{ "GG001", "eval-forward-with-grad", GG_SEVERITY_WARNING,
	  "A model forward pass in evaluation code runs with gradient tracking enabled." },
	{ "GG002", "graph-accumulation", GG_SEVERITY_WARNING,
	  "A tensor that carries autograd history is accumulated across loop iterations." },
	{ "GG003", "volatile-no-op", GG_SEVERITY_WARNING,
	  "volatile=True has had no effect since PyTorch 0.4." },
	/* Last, so that the rules' places (SARIF's ruleIndex) stay as they were before it. */
	{ "GG000", "invalid-syntax", GG_SEVERITY_ERROR,
	  "Text that does not parse as Python: reported, never a silent pass." },
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
