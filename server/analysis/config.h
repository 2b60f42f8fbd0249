#ifndef GG_CONFIG_H
#define GG_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "findings.h"

/*
 * What a user can configure ([tool.gradguard] in pyproject.toml, or the LSP
 * settings under "gradguard"). The analysis reads it; it does not know where
 * it came from. A NULL config means the defaults.
 */

typedef struct gg_strings {
	char **items; /* owned, each owned */
	size_t len, cap;
} gg_strings;

typedef enum gg_prefer {
	GG_PREFER_NO_GRAD,        /* with torch.no_grad(): — the default */
	GG_PREFER_INFERENCE_MODE, /* with torch.inference_mode(): */
} gg_prefer;

typedef struct gg_severity_override {
	char *code; /* owned: "GG001" */
	gg_severity severity;
} gg_severity_override;

typedef struct gg_config {
	gg_strings select; /* rule codes or prefixes; empty = every rule */
	gg_strings ignore; /* rule codes or prefixes, applied after select */
	gg_strings extra_model_names;          /* names that are models, besides the built-in ones */
	gg_strings extra_eval_names;           /* words that make a function evaluation code */
	gg_strings grad_disabling_decorators;  /* dotted names, e.g. "utils.smart_inference_mode" */
	gg_strings exclude;                    /* glob patterns relative to the config's folder (CLI, workspace) */
	gg_prefer prefer;
	gg_severity_override *severities; /* owned array */
	size_t severities_len;
	char *root; /* owned; folder of the pyproject.toml it came from, or NULL */
} gg_config;

void gg_config_init(gg_config *c);
void gg_config_free(gg_config *c);

void gg_strings_init(gg_strings *s);
void gg_strings_free(gg_strings *s);
/* Appends a copy of item. Returns 0 or -ENOMEM. */
int gg_strings_push(gg_strings *s, const char *item);
bool gg_strings_contains(const gg_strings *s, const char *item);

/* Whether the rule with this code runs under c (NULL: every rule). */
bool gg_config_rule_enabled(const gg_config *c, const char *code);
/* The severity a finding of this rule gets under c. */
gg_severity gg_config_severity(const gg_config *c, const char *code, gg_severity fallback);

#endif
