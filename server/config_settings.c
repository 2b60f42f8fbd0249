/* Editor settings (JSON) into a gg_config: the LSP twin of pyproject.c. */
#include "config_settings.h"

#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "docs_url.h"

static void settings_warn(char **warning, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void settings_warn(char **warning, const char *key, const char *fmt, ...)
{
	char *what = NULL;
	va_list ap;
	va_start(ap, fmt);
	if (vasprintf(&what, fmt, ap) < 0)
		what = NULL;
	va_end(ap);
	/* Every problem is told, one after the other. */
	char *next = !what ? NULL
		     : *warning ? gg_strdup_printf("%s; gradguard setting %s: %s", *warning, key, what)
				: gg_strdup_printf("gradguard setting %s: %s", key, what);
	free(what);
	if (next) {
		free(*warning);
		*warning = next;
	}
}

/* Returns 0, 1 when the value is skipped (not all strings), or -ENOMEM. */
static int settings_strings(const cJSON *value, gg_strings *list, const char *key, char **warning)
{
	const cJSON *item;
	int count = 0;
	cJSON_ArrayForEach(item, value)
	{
		if (!cJSON_IsString(item)) {
			settings_warn(warning, key, "must be an array of strings");
			return 1;
		}
		if (++count > GG_CONFIG_MAX_ITEMS) {
			settings_warn(warning, key, "has more than %d entries; skipped", GG_CONFIG_MAX_ITEMS);
			return 1;
		}
		if (strlen(item->valuestring) > GG_CONFIG_MAX_ITEM_BYTES) {
			settings_warn(warning, key, "has an entry longer than %d bytes; skipped", GG_CONFIG_MAX_ITEM_BYTES);
			return 1;
		}
	}
	bool selectors = gg_config_key_lookup(key) & (GG_CONFIG_SELECT | GG_CONFIG_IGNORE | GG_CONFIG_EXTEND_SELECT);
	cJSON_ArrayForEach(item, value)
	{
		/* A selector that names no rule is left out, and said, as `check` refuses it (config.h). */
		if (selectors && !gg_config_selector_valid(item->valuestring)) {
			const char *hint = gg_config_selector_suggest(item->valuestring);
			settings_warn(warning, key, "unknown rule selector '%s'%s%s%s; left out", item->valuestring,
				      hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
			continue;
		}
		if (gg_strings_push(list, item->valuestring) != 0)
			return -ENOMEM;
	}
	return 0;
}

static int settings_severity(const cJSON *value, gg_config *out, char **warning)
{
	const cJSON *item;
	cJSON_ArrayForEach(item, value)
	{
		gg_severity sev;
		if (!item->string || !cJSON_IsString(item) || gg_severity_from_name(item->valuestring, &sev) != 0) {
			settings_warn(warning, "severity", "values must be \"error\", \"warning\", \"information\" or \"hint\"");
			continue;
		}
		if (out->severities_len >= GG_CONFIG_MAX_ITEMS && gg_config_severity_index(out, item->string) < 0) {
			settings_warn(warning, "severity", "has more than %d entries; the rest are skipped", GG_CONFIG_MAX_ITEMS);
			break;
		}
		if (gg_config_set_severity(out, item->string, sev) != 0)
			return -ENOMEM;
	}
	return 0;
}

int gg_config_from_settings(const cJSON *settings, gg_config *out, char **warning)
{
	if (!cJSON_IsObject(settings))
		return 0;
	const cJSON *entry;
	cJSON_ArrayForEach(entry, settings)
	{
		unsigned key = entry->string ? gg_config_key_lookup(entry->string) : 0;
		/*
		 * The editor's own keys (debounceMs, trace, path) share the object:
		 * an unknown key is told only when it is near a known one (a typo).
		 */
		const char *hint = !key && entry->string ? gg_config_key_suggest(entry->string) : NULL;
		if (hint)
			settings_warn(warning, entry->string, "unknown key (did you mean '%s'?); ignored", hint);
		if (!key || cJSON_IsNull(entry))
			continue;
		int rc = 0;
		if (key == GG_CONFIG_PREFER) {
			if (!cJSON_IsString(entry) || gg_prefer_from_name(entry->valuestring, &out->prefer) != 0) {
				settings_warn(warning, entry->string, "must be \"no_grad\" or \"inference_mode\"");
				continue;
			}
		} else if (key == GG_CONFIG_PYTHON) {
			if (!cJSON_IsString(entry)) {
				settings_warn(warning, entry->string, "must be a string: a virtual environment's folder or an interpreter");
				continue;
			}
			free(out->python);
			if (!(out->python = strdup(entry->valuestring)))
				rc = -ENOMEM;
		} else if (key == GG_CONFIG_DOCS_URL) {
			if (!cJSON_IsString(entry) || !gg_docs_url_valid(entry->valuestring)) {
				settings_warn(warning, entry->string, "must be an http://, https:// or file:// URL");
				continue;
			}
			free(out->docs_url);
			if (!(out->docs_url = strdup(entry->valuestring)))
				rc = -ENOMEM;
		} else if (key == GG_CONFIG_SEVERITY) {
			if (!cJSON_IsObject(entry)) {
				settings_warn(warning, entry->string, "must be an object of code: severity");
				continue;
			}
			rc = settings_severity(entry, out, warning);
		} else {
			if (!cJSON_IsArray(entry)) {
				settings_warn(warning, entry->string, "must be an array of strings");
				continue;
			}
			gg_strings *list = gg_config_list(out, key);
			gg_strings_free(list);
			rc = settings_strings(entry, list, entry->string, warning);
		}
		if (rc < 0)
			return rc;
		if (rc == 0)
			out->set |= key;
	}
	return 0;
}
