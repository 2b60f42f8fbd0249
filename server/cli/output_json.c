/*
 * The json and json-lines formats (cli/output.h): ruff's objects, a list of
 * them printed whole at the end of the run (json_pretty.h), or one per line
 * as they come.
 */
#include "cli/output.h"

#include <errno.h>
#include <stdlib.h>

#include "cli/fix.h"
#include "cli/json_pretty.h"

static cJSON *json_location(gg_position p)
{
	cJSON *o = cJSON_CreateObject();
	if (o && (!cJSON_AddNumberToObject(o, "row", p.line + 1.0) ||
		  !cJSON_AddNumberToObject(o, "column", p.character + 1.0))) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o;
}

/* Adds item (consumed) to o as key. */
static bool json_add(cJSON *o, const char *key, cJSON *item)
{
	if (item && cJSON_AddItemToObject(o, key, item))
		return true;
	cJSON_Delete(item);
	return false;
}

/* The fix member: the fix --fix (with --unsafe-fixes) applies, in ruff's shape, or null; with_all, "fixes" too. */
static bool json_fixes(cJSON *row, const gg_fixes *fixes, const gg_position_table *positions, bool with_all,
		       bool display_only)
{
	const gg_fix *applied = gg_fixes_applied(fixes, true);
	if (!applied && fixes->len) /* a finding whose only fix is its noqa shows that */
		applied = &fixes->items[0];
	if (!json_add(row, "fix", applied ? gg_cli_fix_json(applied, positions, false, display_only) : cJSON_CreateNull()))
		return false;
	if (!with_all)
		return true;
	cJSON *all = cJSON_AddArrayToObject(row, "fixes");
	for (size_t i = 0; all && i < fixes->len; i++) {
		cJSON *one = gg_cli_fix_json(&fixes->items[i], positions, true, display_only);
		if (!one || !cJSON_AddItemToArray(all, one)) {
			cJSON_Delete(one);
			return false;
		}
	}
	return all != NULL;
}

cJSON *gg_cli_json_row(const gg_output_item *it, bool with_all_fixes)
{
	cJSON *row = cJSON_CreateObject();
	char *filename = gg_output_path(it->path);
	bool ok = row && filename && json_add(row, "code", cJSON_CreateString(it->f->code)) &&
		  json_add(row, "message", cJSON_CreateString(it->f->message)) &&
		  json_add(row, "filename", cJSON_CreateString(filename)) &&
		  /* ruff's "cell": the 1-based place of the cell in the notebook, rows counted in the cell. */
		  (!it->cell || json_add(row, "cell", cJSON_CreateNumber(it->cell))) &&
		  json_add(row, "location", json_location(it->start)) &&
		  json_add(row, "end_location", json_location(it->end)) &&
		  /* A finding's noqa line is where it starts (see noqa.h). */
		  json_add(row, "noqa_row", cJSON_CreateNumber(it->start.line + 1.0)) &&
		  json_add(row, "url", it->url ? cJSON_CreateString(it->url) : cJSON_CreateNull()) &&
		  json_fixes(row, it->fixes, it->positions, with_all_fixes, it->display_only);
	free(filename);
	if (!ok) {
		cJSON_Delete(row);
		return NULL;
	}
	return row;
}

int gg_cli_json_lines_print(FILE *out, const gg_output_item *it)
{
	cJSON *row = gg_cli_json_row(it, false);
	if (!row)
		return -ENOMEM;
	int rc = gg_json_compact_print(out, row);
	cJSON_Delete(row);
	return rc;
}
