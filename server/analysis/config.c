/*
 * The user's configuration as the analysis sees it: lists of strings, rule
 * selection with ruff's prefix semantics, and severity overrides. Where the
 * values come from (pyproject.toml, LSP settings) is the server's business.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "analysis.h"
#include "store.h"

void gg_strings_init(gg_strings *s)
{
	s->items = NULL;
	s->len = s->cap = 0;
}

void gg_strings_free(gg_strings *s)
{
	for (size_t i = 0; i < s->len; i++)
		free(s->items[i]);
	free(s->items);
	gg_strings_init(s);
}

int gg_strings_push(gg_strings *s, const char *item)
{
	if (gg_grow((void **)&s->items, &s->cap, s->len, sizeof *s->items))
		return -ENOMEM;
	char *copy = strdup(item);
	if (!copy)
		return -ENOMEM;
	s->items[s->len++] = copy;
	return 0;
}

bool gg_strings_contains(const gg_strings *s, const char *item)
{
	for (size_t i = 0; i < s->len; i++)
		if (strcmp(s->items[i], item) == 0)
			return true;
	return false;
}

void gg_config_init(gg_config *c)
{
	memset(c, 0, sizeof *c);
	gg_strings_init(&c->select);
	gg_strings_init(&c->extend_select);
	gg_strings_init(&c->ignore);
	gg_strings_init(&c->extra_model_names);
	gg_strings_init(&c->extra_eval_names);
	gg_strings_init(&c->grad_disabling_decorators);
	gg_strings_init(&c->exclude);
	c->prefer = GG_PREFER_NO_GRAD;
}

void gg_config_free(gg_config *c)
{
	gg_strings_free(&c->select);
	gg_strings_free(&c->extend_select);
	gg_strings_free(&c->ignore);
	gg_strings_free(&c->extra_model_names);
	gg_strings_free(&c->extra_eval_names);
	gg_strings_free(&c->grad_disabling_decorators);
	gg_strings_free(&c->exclude);
	for (size_t i = 0; i < c->severities_len; i++)
		free(c->severities[i].code);
	free(c->severities);
	free(c->root);
	free(c->python);
	free(c->docs_url);
	gg_config_init(c);
}

#if UINTPTR_MAX == 0xffffffffffffffffu
_Static_assert(sizeof(gg_config) == 7 * sizeof(gg_strings) + 7 * sizeof(void *), "gg_config_digest does not read every field");
#endif

int gg_config_digest(const gg_config *c, gg_digest *out)
{
	gg_buf b = { 0 };
	const gg_strings *lists[] = { &c->select, &c->ignore, &c->extend_select, &c->extra_model_names,
				      &c->extra_eval_names, &c->grad_disabling_decorators, &c->exclude };
	int rc = 0;
	for (size_t i = 0; i < sizeof lists / sizeof *lists && !rc; i++)
		rc = gg_store_put_strings(&b, lists[i]);
	if (!rc)
		rc = gg_store_put_u64(&b, (uint64_t)c->prefer);
	if (!rc)
		rc = gg_store_put_str(&b, c->python);
	if (!rc)
		rc = gg_store_put_str(&b, c->docs_url);
	if (!rc)
		rc = gg_store_put_str(&b, c->root);
	if (!rc)
		rc = gg_store_put_u64(&b, c->set);
	for (size_t i = 0; i < c->severities_len && !rc; i++) {
		rc = gg_store_put_str(&b, c->severities[i].code);
		if (!rc)
			rc = gg_store_put_u64(&b, (uint64_t)c->severities[i].severity);
	}
	if (!rc)
		*out = gg_digest_of(b.data, b.len);
	gg_buf_free(&b);
	return rc;
}

/*
 * The length of the longest entry of s that is a prefix of code ("ALL"
 * counts as the empty prefix, as in ruff), or -1 when none is. The longer
 * match wins between select and ignore, so `select = ["GG001"]` with
 * `ignore = ["GG"]` keeps GG001, as ruff does.
 */
static long config_match_len(const gg_strings *s, const char *code)
{
	long best = -1;
	for (size_t i = 0; i < s->len; i++) {
		const char *p = s->items[i];
		size_t n = strcmp(p, "ALL") == 0 ? 0 : strlen(p);
		if (strncmp(p, code, n) == 0 && (long)n > best)
			best = (long)n;
	}
	return best;
}

bool gg_config_rule_enabled(const gg_config *c, const char *code)
{
	if (!c || !code)
		return true;
	long selected = c->select.len ? config_match_len(&c->select, code) : 0;
	long extended = config_match_len(&c->extend_select, code);
	if (extended > selected)
		selected = extended;
	if (selected < 0)
		return false;
	long ignored = config_match_len(&c->ignore, code);
	/* Equal lengths: ignore is applied after select (and -1, no match, is below any). */
	return ignored < selected;
}

gg_severity gg_config_severity(const gg_config *c, const char *code, gg_severity fallback)
{
	if (!c || !code)
		return fallback;
	/* The most specific entry wins ("GG" for all, "GG002" for one). */
	size_t best = 0;
	gg_severity severity = fallback;
	bool found = false;
	for (size_t i = 0; i < c->severities_len; i++) {
		const char *p = c->severities[i].code;
		size_t n = strlen(p);
		if (strncmp(p, code, n) == 0 && (!found || n >= best)) {
			best = n;
			severity = c->severities[i].severity;
			found = true;
		}
	}
	return severity;
}

long gg_config_severity_index(const gg_config *c, const char *code)
{
	for (size_t i = 0; i < c->severities_len; i++)
		if (strcmp(c->severities[i].code, code) == 0)
			return (long)i;
	return -1;
}

int gg_config_set_severity(gg_config *c, const char *code, gg_severity severity)
{
	long at = gg_config_severity_index(c, code);
	if (at >= 0) {
		c->severities[at].severity = severity;
		return 0;
	}
	gg_severity_override *grown = realloc(c->severities, (c->severities_len + 1) * sizeof *grown);
	if (!grown)
		return -ENOMEM;
	c->severities = grown;
	char *copy = strdup(code);
	if (!copy)
		return -ENOMEM;
	c->severities[c->severities_len++] = (gg_severity_override){ copy, severity };
	return 0;
}

int gg_severity_from_name(const char *name, gg_severity *out)
{
	static const struct {
		const char *name;
		gg_severity severity;
	} names[] = {
		{ "error", GG_SEVERITY_ERROR },   { "warning", GG_SEVERITY_WARNING },
		{ "information", GG_SEVERITY_INFORMATION }, { "info", GG_SEVERITY_INFORMATION },
		{ "hint", GG_SEVERITY_HINT },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(names[i].name, name) == 0) {
			*out = names[i].severity;
			return 0;
		}
	}
	return -EINVAL;
}

static int strings_copy(gg_strings *dst, const gg_strings *src)
{
	gg_strings_free(dst);
	for (size_t i = 0; i < src->len; i++) {
		int rc = gg_strings_push(dst, src->items[i]);
		if (rc)
			return rc;
	}
	return 0;
}

int gg_config_merge(gg_config *dst, const gg_config *src)
{
	static const unsigned list_bits[] = {
		GG_CONFIG_SELECT, GG_CONFIG_IGNORE, GG_CONFIG_EXTRA_MODEL_NAMES, GG_CONFIG_EXTRA_EVAL_NAMES,
		GG_CONFIG_GRAD_DISABLING_DECORATORS, GG_CONFIG_EXCLUDE,
	};
	gg_strings *dst_lists[] = {
		&dst->select, &dst->ignore, &dst->extra_model_names, &dst->extra_eval_names,
		&dst->grad_disabling_decorators, &dst->exclude,
	};
	const gg_strings *src_lists[] = {
		&src->select, &src->ignore, &src->extra_model_names, &src->extra_eval_names,
		&src->grad_disabling_decorators, &src->exclude,
	};
	for (size_t i = 0; i < sizeof list_bits / sizeof list_bits[0]; i++) {
		if (!(src->set & list_bits[i]))
			continue;
		int rc = strings_copy(dst_lists[i], src_lists[i]);
		if (rc)
			return rc;
		dst->set |= list_bits[i];
	}
	if (src->set & GG_CONFIG_SELECT) {
		gg_strings_free(&dst->extend_select);
		gg_strings_init(&dst->extend_select);
	}
	for (size_t i = 0; i < src->extend_select.len; i++) {
		int rc = gg_strings_push(&dst->extend_select, src->extend_select.items[i]);
		if (rc)
			return rc;
	}
	dst->set |= src->set & GG_CONFIG_EXTEND_SELECT;
	if (src->set & GG_CONFIG_PREFER) {
		dst->prefer = src->prefer;
		dst->set |= GG_CONFIG_PREFER;
	}
	if (src->set & GG_CONFIG_PYTHON) {
		char *python = src->python ? strdup(src->python) : NULL;
		if (src->python && !python)
			return -ENOMEM;
		free(dst->python);
		dst->python = python;
		dst->set |= GG_CONFIG_PYTHON;
	}
	if (src->set & GG_CONFIG_DOCS_URL) {
		char *url = src->docs_url ? strdup(src->docs_url) : NULL;
		if (src->docs_url && !url)
			return -ENOMEM;
		free(dst->docs_url);
		dst->docs_url = url;
		dst->set |= GG_CONFIG_DOCS_URL;
	}
	/* Severities merge per code: the editor can raise one rule and keep the file's others. */
	for (size_t i = 0; i < src->severities_len; i++) {
		int rc = gg_config_set_severity(dst, src->severities[i].code, src->severities[i].severity);
		if (rc)
			return rc;
	}
	dst->set |= src->set & GG_CONFIG_SEVERITY;
	if (src->root && !dst->root && !(dst->root = strdup(src->root)))
		return -ENOMEM;
	return 0;
}

static bool config_drop(gg_finding *f, void *ctx)
{
	const gg_config *c = ctx;
	if (!gg_config_rule_enabled(c, f->code))
		return true;
	f->severity = gg_config_severity(c, f->code, f->severity);
	return false;
}

void gg_config_apply(const gg_config *c, gg_findings *out, size_t from)
{
	if (c && (c->select.len || c->ignore.len || c->extend_select.len || c->severities_len))
		gg_findings_remove_if(out, from, config_drop, (void *)c);
}

/* Key names compare without case, '-' or '_': extra-model-names, extra_model_names, extraModelNames. */
static bool config_key_equal(const char *key, const char *canonical)
{
	for (;;) {
		while (*key == '-' || *key == '_')
			key++;
		while (*canonical == '-')
			canonical++;
		if (!*key || !*canonical)
			return !*key && !*canonical;
		if (tolower((unsigned char)*key) != *canonical)
			return false;
		key++;
		canonical++;
	}
}

static const struct {
	const char *name;
	unsigned key;
} config_keys[] = {
	{ "select", GG_CONFIG_SELECT },
	{ "ignore", GG_CONFIG_IGNORE },
	{ "extend-select", GG_CONFIG_EXTEND_SELECT },
	{ "extra-model-names", GG_CONFIG_EXTRA_MODEL_NAMES },
	{ "extra-eval-names", GG_CONFIG_EXTRA_EVAL_NAMES },
	{ "grad-disabling-decorators", GG_CONFIG_GRAD_DISABLING_DECORATORS },
	{ "exclude", GG_CONFIG_EXCLUDE },
	{ "prefer", GG_CONFIG_PREFER },
	{ "severity", GG_CONFIG_SEVERITY },
	{ "python", GG_CONFIG_PYTHON },
	{ "docs-url", GG_CONFIG_DOCS_URL },
};

unsigned gg_config_key_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof config_keys / sizeof config_keys[0]; i++)
		if (config_key_equal(name, config_keys[i].name))
			return config_keys[i].key;
	return 0;
}

const char *gg_config_key_name(unsigned key)
{
	for (size_t i = 0; i < sizeof config_keys / sizeof config_keys[0]; i++)
		if (config_keys[i].key == key)
			return config_keys[i].name;
	return "?";
}

gg_strings *gg_config_list(gg_config *c, unsigned key)
{
	switch (key) {
	case GG_CONFIG_SELECT: return &c->select;
	case GG_CONFIG_IGNORE: return &c->ignore;
	case GG_CONFIG_EXTEND_SELECT: return &c->extend_select;
	case GG_CONFIG_EXTRA_MODEL_NAMES: return &c->extra_model_names;
	case GG_CONFIG_EXTRA_EVAL_NAMES: return &c->extra_eval_names;
	case GG_CONFIG_GRAD_DISABLING_DECORATORS: return &c->grad_disabling_decorators;
	case GG_CONFIG_EXCLUDE: return &c->exclude;
	default: return NULL;
	}
}

int gg_prefer_from_name(const char *name, gg_prefer *out)
{
	if (strcmp(name, "no_grad") == 0) {
		*out = GG_PREFER_NO_GRAD;
		return 0;
	}
	if (strcmp(name, "inference_mode") == 0) {
		*out = GG_PREFER_INFERENCE_MODE;
		return 0;
	}
	return -EINVAL;
}

/* Edit distance (Levenshtein) between a and b, capped at 64 bytes of b: enough to rank short names. */
static size_t config_distance(const char *a, const char *b)
{
	size_t row[65], bn = strlen(b);
	if (bn > 64)
		bn = 64;
	for (size_t j = 0; j <= bn; j++)
		row[j] = j;
	for (size_t i = 1; a[i - 1]; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= bn; j++) {
			size_t up = row[j];
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = diag + cost;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[bn];
}

const char *gg_config_suggest(const char *word, const char *const *candidates, size_t n)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1, len = strlen(word);
	for (size_t i = 0; i < n; i++) {
		if (strcasecmp(word, candidates[i]) == 0)
			return candidates[i]; /* a case slip: gg003 for GG003 */
		size_t d = config_distance(word, candidates[i]);
		if (d < best_d) {
			best_d = d;
			best = candidates[i];
		}
	}
	/* Only a near miss is worth a suggestion: a third of the word, at least one edit. */
	return best && best_d <= (len / 3 > 1 ? len / 3 : 1) ? best : NULL;
}

bool gg_config_selector_valid(const char *selector)
{
	if (strcmp(selector, "ALL") == 0)
		return true;
	size_t n = strlen(selector);
	for (const gg_rule_info *r = gg_rules; n && r->code; r++)
		if (strncmp(r->code, selector, n) == 0)
			return true;
	return false;
}

const char *gg_config_selector_suggest(const char *selector)
{
	/* The codes, their family "GG", and ALL: what a selector may be. */
	const char *names[16];
	size_t n = 0;
	names[n++] = "ALL";
	names[n++] = "GG";
	for (const gg_rule_info *r = gg_rules; r->code && n < sizeof names / sizeof *names; r++)
		names[n++] = r->code;
	return gg_config_suggest(selector, names, n);
}

const char *gg_config_key_suggest(const char *name)
{
	const char *names[sizeof config_keys / sizeof config_keys[0]];
	for (size_t i = 0; i < sizeof config_keys / sizeof config_keys[0]; i++)
		names[i] = config_keys[i].name;
	/* snake_case and camelCase spell the same keys: compare in kebab-case. */
	char kebab[128];
	size_t k = 0;
	for (const char *p = name; *p && k + 2 < sizeof kebab; p++) {
		if (*p == '_') {
			kebab[k++] = '-';
		} else if (*p >= 'A' && *p <= 'Z') {
			kebab[k++] = '-';
			kebab[k++] = (char)(*p - 'A' + 'a');
		} else {
			kebab[k++] = *p;
		}
	}
	kebab[k] = '\0';
	return gg_config_suggest(kebab, names, sizeof names / sizeof *names);
}
