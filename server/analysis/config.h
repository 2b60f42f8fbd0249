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
	gg_strings extend_select; /* selected besides select (ruff's extend-select) */
	gg_strings extra_model_names;          /* names that are models, besides the built-in ones */
	gg_strings extra_eval_names;           /* words that make a function evaluation code */
	gg_strings grad_disabling_decorators;  /* dotted names, e.g. "utils.smart_inference_mode" */
	gg_strings exclude;                    /* glob patterns relative to the config's folder (CLI, workspace) */
	gg_prefer prefer;
	char *python; /* owned: the `python` setting (python_env.h), as written, or NULL */
	char *docs_url; /* owned: where the rule pages are (docs_url.h: "{code}" or a base), or NULL: the installed ones */
	gg_severity_override *severities; /* owned array */
	size_t severities_len;
	char *root; /* owned; folder of the pyproject.toml it came from, or NULL */
	unsigned set; /* GG_CONFIG_* bits: the keys given explicitly (for gg_config_merge) */
} gg_config;

enum {
	GG_CONFIG_SELECT = 1u << 0,
	GG_CONFIG_IGNORE = 1u << 1,
	GG_CONFIG_EXTRA_MODEL_NAMES = 1u << 2,
	GG_CONFIG_EXTRA_EVAL_NAMES = 1u << 3,
	GG_CONFIG_GRAD_DISABLING_DECORATORS = 1u << 4,
	GG_CONFIG_EXCLUDE = 1u << 5,
	GG_CONFIG_PREFER = 1u << 6,
	GG_CONFIG_SEVERITY = 1u << 7,
	GG_CONFIG_EXTEND_SELECT = 1u << 8,
	GG_CONFIG_PYTHON = 1u << 9,
	GG_CONFIG_DOCS_URL = 1u << 10,
};

/*
 * What one setting may hold, whoever reads it (pyproject.toml, the editor's
 * settings): entries of a list or of the severity table, and bytes of one
 * entry. Past them a reader refuses the value (a list's cost is paid per
 * file and per finding).
 */
enum {
	GG_CONFIG_MAX_ITEMS = 1024,
	GG_CONFIG_MAX_ITEM_BYTES = 4096,
};

void gg_config_init(gg_config *c);
void gg_config_free(gg_config *c);
/* A digest of every setting of c (the check's cache keys a file's answer with it). 0 or -ENOMEM. */
struct gg_digest;
int gg_config_digest(const gg_config *c, struct gg_digest *out);

void gg_strings_init(gg_strings *s);
void gg_strings_free(gg_strings *s);
/* Appends a copy of item. Returns 0 or -ENOMEM. */
int gg_strings_push(gg_strings *s, const char *item);
bool gg_strings_contains(const gg_strings *s, const char *item);

/*
 * Overlays src on dst: each key src sets explicitly replaces dst's (lists
 * whole; severities code by code), but extend-select adds to dst's, and a
 * select drops dst's extend-select (as ruff's layers do). dst->root is kept
 * if it has one.
 * Returns 0 or -ENOMEM (dst is then partly merged but valid).
 */
int gg_config_merge(gg_config *dst, const gg_config *src);
/* The index of code's own severity override in c->severities, or -1. */
long gg_config_severity_index(const gg_config *c, const char *code);
/* Sets (or replaces) the severity override for code (a code or a prefix). Returns 0 or -ENOMEM. */
int gg_config_set_severity(gg_config *c, const char *code, gg_severity severity);
/*
 * The keys, for the readers of pyproject.toml and of the LSP settings: a
 * GG_CONFIG_* bit for a key name in kebab-case, snake_case or camelCase
 * ("extra-model-names", "extraModelNames"), 0 for an unknown one.
 */
unsigned gg_config_key_lookup(const char *name);
/* The kebab-case name of a GG_CONFIG_* bit (static). */
const char *gg_config_key_name(unsigned key);
/* The list a list key (select ... exclude, extend-select) fills; NULL for prefer and severity. */
gg_strings *gg_config_list(gg_config *c, unsigned key);
/* "no_grad" or "inference_mode". Returns 0 or -EINVAL. */
int gg_prefer_from_name(const char *name, gg_prefer *out);
/* "error", "warning", "information" (or "info"), "hint". Returns 0 or -EINVAL. */
int gg_severity_from_name(const char *name, gg_severity *out);

/*
 * Whether the rule with this code runs under c (NULL: every rule). select and
 * ignore hold codes or prefixes ("GG", "GG00", "GG001"; "ALL"), as in ruff:
 * the longest matching entry decides, ignore winning a tie.
 */
bool gg_config_rule_enabled(const gg_config *c, const char *code);
/* The severity a finding of this rule gets under c: the longest matching override, else fallback. */
gg_severity gg_config_severity(const gg_config *c, const char *code, gg_severity fallback);
/*
 * Whether selector ("GG001", a prefix such as "GG" or "GG00", or "ALL")
 * names at least one rule: as in ruff, one that names none (a typo, XYZ9,
 * lowercase gg003) is an error, not a selection of nothing.
 */
bool gg_config_selector_valid(const char *selector);
/* The rule code, prefix or ALL that an invalid selector was probably meant to be (static), or NULL. */
const char *gg_config_selector_suggest(const char *selector);
/* The known key an unknown one was probably meant to be (kebab-case, static), or NULL. */
const char *gg_config_key_suggest(const char *name);
/* The candidate nearest to word (same letters in another case first; a few edits at most), or NULL. */
const char *gg_config_suggest(const char *word, const char *const *candidates, size_t n);

/* Drops out->items[from..] of disabled rules and gives the rest their configured severity. */
void gg_config_apply(const gg_config *c, gg_findings *out, size_t from);

#endif
