/*
 * The `sarif` output of `gradguard check` (cli/output_sarif.h): SARIF 2.1.0
 * built with cJSON, printed whole at the end of the run as the json format is.
 *
 * Every object is created attached to its parent (cJSON_Add*ToObject) or
 * deleted when attaching fails, so the log owns all there is and one
 * cJSON_Delete frees it whatever failed half-way.
 */
#include "cli/output_sarif.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "docs_url.h"
#include "gg_config.h"
#include "uri.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define SARIF_SRCROOT "%SRCROOT%"

static const char *sarif_level(gg_severity s)
{
	switch (s) {
	case GG_SEVERITY_ERROR: return "error";
	case GG_SEVERITY_WARNING: return "warning";
	default: return "note";
	}
}

/* {"text": text} as parent[key]. */
static bool sarif_message(cJSON *parent, const char *key, const char *text)
{
	cJSON *m = cJSON_AddObjectToObject(parent, key);
	return m && cJSON_AddStringToObject(m, "text", text);
}

/* A new object appended to array, or NULL. */
static cJSON *sarif_append_object(cJSON *array)
{
	cJSON *o = cJSON_CreateObject();
	if (o && !cJSON_AddItemToArray(array, o)) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o;
}

static bool sarif_region(cJSON *parent, const char *key, gg_position start, gg_position end)
{
	cJSON *r = cJSON_AddObjectToObject(parent, key);
	return r && cJSON_AddNumberToObject(r, "startLine", start.line + 1.0) &&
	       cJSON_AddNumberToObject(r, "startColumn", start.character + 1.0) &&
	       cJSON_AddNumberToObject(r, "endLine", end.line + 1.0) &&
	       cJSON_AddNumberToObject(r, "endColumn", end.character + 1.0);
}

/* parent.artifactLocation for path: relative to %SRCROOT%, or a file URI when absolute. */
static bool sarif_artifact(cJSON *parent, const char *path, const char *uri)
{
	cJSON *a = cJSON_AddObjectToObject(parent, "artifactLocation");
	return a && cJSON_AddStringToObject(a, "uri", uri) &&
	       (path[0] == '/' || cJSON_AddStringToObject(a, "uriBaseId", SARIF_SRCROOT));
}

/* run.originalUriBaseIds: %SRCROOT% is the working folder, as a file URI ending in '/'. Left out when unknown. */
static bool sarif_srcroot(cJSON *run)
{
	char *cwd = getcwd(NULL, 0);
	if (!cwd)
		return errno != ENOMEM;
	char *uri = gg_uri_from_path(cwd);
	char *dir = uri ? gg_strdup_printf("%s%s", uri, uri[strlen(uri) - 1] == '/' ? "" : "/") : NULL;
	cJSON *bases = dir ? cJSON_AddObjectToObject(run, "originalUriBaseIds") : NULL;
	cJSON *root = bases ? cJSON_AddObjectToObject(bases, SARIF_SRCROOT) : NULL;
	bool ok = root && cJSON_AddStringToObject(root, "uri", dir);
	free(dir);
	free(uri);
	free(cwd);
	return ok;
}

static bool sarif_rules(cJSON *driver, const char *docs_base)
{
	cJSON *rules = cJSON_AddArrayToObject(driver, "rules");
	bool ok = rules != NULL;
	for (const gg_rule_info *r = gg_rules; ok && r->code; r++) {
		char *url = gg_docs_url(docs_base, r->code);
		cJSON *rule = url || !docs_base ? sarif_append_object(rules) : NULL;
		cJSON *config = NULL;
		ok = rule && cJSON_AddStringToObject(rule, "id", r->code) &&
		     cJSON_AddStringToObject(rule, "name", r->name) &&
		     sarif_message(rule, "shortDescription", r->summary) &&
		     (!url || cJSON_AddStringToObject(rule, "helpUri", url)) &&
		     (config = cJSON_AddObjectToObject(rule, "defaultConfiguration")) &&
		     cJSON_AddStringToObject(config, "level", sarif_level(r->severity));
		free(url);
	}
	return ok;
}

cJSON *gg_cli_sarif_new(const char *docs_base)
{
	cJSON *log = cJSON_CreateObject();
	cJSON *runs = NULL, *run = NULL, *tool = NULL, *driver = NULL;
	bool ok = log && cJSON_AddStringToObject(log, "$schema", SARIF_SCHEMA) &&
		  cJSON_AddStringToObject(log, "version", "2.1.0") && (runs = cJSON_AddArrayToObject(log, "runs")) &&
		  (run = sarif_append_object(runs)) && (tool = cJSON_AddObjectToObject(run, "tool")) &&
		  (driver = cJSON_AddObjectToObject(tool, "driver")) &&
		  cJSON_AddStringToObject(driver, "name", "gradguard") &&
		  cJSON_AddStringToObject(driver, "version", GG_VERSION) &&
		  cJSON_AddStringToObject(driver, "semanticVersion", GG_VERSION) &&
		  sarif_rules(driver, docs_base) &&
		  cJSON_AddStringToObject(run, "columnKind", "utf16CodeUnits") && sarif_srcroot(run) &&
		  cJSON_AddArrayToObject(run, "results");
	if (!ok) {
		cJSON_Delete(log);
		return NULL;
	}
	return log;
}

static cJSON *sarif_run(cJSON *log)
{
	return cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(log, "runs"), 0);
}

static bool sarif_fix(cJSON *fixes, const char *uri, const char *path, const gg_fix *fix,
		      const gg_position_table *positions)
{
	cJSON *o = sarif_append_object(fixes);
	cJSON *props = NULL, *changes = NULL, *change = NULL, *replacements = NULL;
	bool ok = o && sarif_message(o, "description", fix->title) &&
		  (changes = cJSON_AddArrayToObject(o, "artifactChanges")) &&
		  (change = sarif_append_object(changes)) && sarif_artifact(change, path, uri) &&
		  (replacements = cJSON_AddArrayToObject(change, "replacements")) &&
		  (props = cJSON_AddObjectToObject(o, "properties")) &&
		  cJSON_AddStringToObject(props, "applicability", fix->safe ? "safe" : "unsafe") &&
		  cJSON_AddStringToObject(props, "kind", gg_fix_kind_name(fix->kind));
	for (size_t i = 0; ok && i < fix->edits_len; i++) {
		const gg_edit *e = &fix->edits[i];
		cJSON *r = sarif_append_object(replacements);
		/* Every deletedRegion is in the checked file's coordinates, as SARIF asks. */
		ok = r && sarif_region(r, "deletedRegion", gg_position_table_find(positions, e->range.start),
				       gg_position_table_find(positions, e->range.end)) &&
		     (e->text_len == 0 || sarif_message(r, "insertedContent", e->text));
	}
	return ok;
}

int gg_cli_sarif_add(cJSON *log, const char *path, const gg_finding *f, gg_position start, gg_position end,
		     const gg_position_table *positions, const gg_fixes *fixes)
{
	cJSON *results = cJSON_GetObjectItemCaseSensitive(sarif_run(log), "results");
	const gg_rule_info *rule = gg_rule_lookup(f->code);
	char *uri = path[0] == '/' ? gg_uri_from_path(path) : gg_uri_encode("", path, false);
	cJSON *result = uri && results ? sarif_append_object(results) : NULL;
	cJSON *locations = NULL, *location = NULL, *physical = NULL;
	bool ok = result && cJSON_AddStringToObject(result, "ruleId", f->code) &&
		  (!rule || cJSON_AddNumberToObject(result, "ruleIndex", (double)(rule - gg_rules))) &&
		  cJSON_AddStringToObject(result, "level", sarif_level(f->severity)) &&
		  sarif_message(result, "message", f->message) &&
		  (locations = cJSON_AddArrayToObject(result, "locations")) &&
		  (location = sarif_append_object(locations)) &&
		  (physical = cJSON_AddObjectToObject(location, "physicalLocation")) &&
		  sarif_artifact(physical, path, uri) && sarif_region(physical, "region", start, end);
	if (ok && f->related_len) {
		cJSON *related = cJSON_AddArrayToObject(result, "relatedLocations");
		ok = related != NULL;
		for (size_t i = 0; ok && i < f->related_len; i++) {
			const gg_related *r = &f->related[i];
			cJSON *loc = sarif_append_object(related);
			cJSON *phys = NULL;
			ok = loc && cJSON_AddNumberToObject(loc, "id", (double)i) &&
			     (phys = cJSON_AddObjectToObject(loc, "physicalLocation")) && sarif_artifact(phys, path, uri) &&
			     sarif_region(phys, "region", gg_position_table_find(positions, r->range.start),
					  gg_position_table_find(positions, r->range.end)) &&
			     sarif_message(loc, "message", r->message);
		}
	}
	cJSON *list = NULL;
	for (size_t i = 0; ok && i < fixes->len; i++) {
		if (fixes->items[i].kind == GG_FIX_NOQA)
			continue;
		if (!list)
			ok = (list = cJSON_AddArrayToObject(result, "fixes")) != NULL;
		ok = ok && sarif_fix(list, uri, path, &fixes->items[i], positions);
	}
	free(uri);
	return ok ? 0 : -ENOMEM;
}

int gg_cli_sarif_finish(cJSON *log, bool successful)
{
	cJSON *run = sarif_run(log);
	cJSON *invocations = run ? cJSON_AddArrayToObject(run, "invocations") : NULL;
	cJSON *invocation = invocations ? sarif_append_object(invocations) : NULL;
	return invocation && cJSON_AddBoolToObject(invocation, "executionSuccessful", successful) ? 0 : -ENOMEM;
}
