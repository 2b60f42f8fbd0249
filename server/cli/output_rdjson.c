/*
 * The rdjson format (cli/output.h): reviewdog's Diagnostic Format, ruff's
 * shape ({"diagnostics": [...], "severity": "WARNING", "source": {"name"}}
 * (no "url": gradguard has no web site), members
 * in alphabetical order as ruff prints them), each diagnostic with its
 * severity as well, and the edits of the fix `json` names as suggestions.
 * Rows and columns are 1-based, columns in code points.
 */
#include "cli/output.h"

#include <errno.h>
#include <stdlib.h>

#include "cli/json_pretty.h"

static const char *rdjson_severity(gg_severity s)
{
	switch (s) {
	case GG_SEVERITY_ERROR: return "ERROR";
	case GG_SEVERITY_WARNING: return "WARNING";
	default: return "INFO";
	}
}

static bool rdjson_add(cJSON *o, const char *key, cJSON *item)
{
	if (item && cJSON_AddItemToObject(o, key, item))
		return true;
	cJSON_Delete(item);
	return false;
}

static cJSON *rdjson_position(gg_position p)
{
	cJSON *o = cJSON_CreateObject();
	if (o && (!cJSON_AddNumberToObject(o, "column", p.character + 1.0) || !cJSON_AddNumberToObject(o, "line", p.line + 1.0))) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o;
}

static cJSON *rdjson_range(gg_position start, gg_position end)
{
	cJSON *r = cJSON_CreateObject();
	if (r && (!rdjson_add(r, "end", rdjson_position(end)) || !rdjson_add(r, "start", rdjson_position(start)))) {
		cJSON_Delete(r);
		r = NULL;
	}
	return r;
}

/* The edits of the fix json names (a notebook's none: their rows are the cells', not the file's). */
static bool rdjson_suggestions(cJSON *row, const gg_output_item *it)
{
	const gg_fix *fix = it->cell ? NULL : gg_fixes_applied(it->fixes, true);
	if (!fix || !fix->edits_len)
		return true;
	cJSON *list = cJSON_AddArrayToObject(row, "suggestions");
	for (size_t i = 0; list && i < fix->edits_len; i++) {
		const gg_edit *e = &fix->edits[i];
		cJSON *s = cJSON_CreateObject();
		if (!s || !cJSON_AddItemToArray(list, s)) {
			cJSON_Delete(s);
			return false;
		}
		if (!rdjson_add(s, "range", rdjson_range(gg_position_table_find(it->positions, e->range.start),
							 gg_position_table_find(it->positions, e->range.end))) ||
		    !cJSON_AddStringToObject(s, "text", e->text ? e->text : ""))
			return false;
	}
	return list != NULL;
}

cJSON *gg_cli_rdjson_row(const gg_output_item *it)
{
	char *message = gg_output_message(it);
	char *path = gg_output_path(it->path);
	cJSON *row = message && path ? cJSON_CreateObject() : NULL;
	cJSON *code = NULL, *location = NULL;
	gg_position first = { 0, 0 };
	bool ok = row && (code = cJSON_AddObjectToObject(row, "code")) &&
		  (!it->url || cJSON_AddStringToObject(code, "url", it->url)) &&
		  cJSON_AddStringToObject(code, "value", it->f->code) &&
		  (location = cJSON_AddObjectToObject(row, "location")) && cJSON_AddStringToObject(location, "path", path) &&
		  /* A notebook's finding at 1:1 of the notebook, its message says where in the cell (cli/output.h). */
		  rdjson_add(location, "range", it->cell ? rdjson_range(first, first) : rdjson_range(it->start, it->end)) &&
		  cJSON_AddStringToObject(row, "message", message) &&
		  cJSON_AddStringToObject(row, "severity", rdjson_severity(it->f->severity)) && rdjson_suggestions(row, it);
	free(message);
	free(path);
	if (!ok) {
		cJSON_Delete(row);
		return NULL;
	}
	return row;
}

int gg_cli_rdjson_print(FILE *out, cJSON *rows)
{
	cJSON *doc = cJSON_CreateObject();
	cJSON *source = NULL;
	bool ok = doc && cJSON_AddItemReferenceToObject(doc, "diagnostics", rows) &&
		  cJSON_AddStringToObject(doc, "severity", "WARNING") && (source = cJSON_AddObjectToObject(doc, "source")) &&
		  cJSON_AddStringToObject(source, "name", "gradguard");
	int rc = ok ? gg_json_pretty_print(out, doc) : -ENOMEM;
	cJSON_Delete(doc); /* the reference, not rows */
	return rc;
}
