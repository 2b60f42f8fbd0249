/*
 * `gradguard check --fix` and the "fix" member of the json output
 * (cli/fix.h). The rewrites themselves are the analysis's (fix.h).
 */
#include "cli/fix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/diff.h"

static cJSON *fix_location(const gg_position_table *positions, size_t offset)
{
	gg_position p = gg_position_table_find(positions, offset);
	cJSON *o = cJSON_CreateObject();
	if (o && (!cJSON_AddNumberToObject(o, "row", p.line + 1.0) ||
		  !cJSON_AddNumberToObject(o, "column", p.character + 1.0))) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o;
}

cJSON *gg_cli_fix_json(const gg_fix *fix, const gg_position_table *positions, bool with_kind, bool display_only)
{
	cJSON *o = cJSON_CreateObject();
	cJSON *edits = cJSON_CreateArray();
	const char *applicability = display_only ? "display-only" : fix->safe ? "safe" : "unsafe";
	bool ok = o && edits && cJSON_AddStringToObject(o, "applicability", applicability) &&
		  cJSON_AddStringToObject(o, "message", fix->title);
	if (ok && with_kind)
		ok = cJSON_AddStringToObject(o, "kind", gg_fix_kind_name(fix->kind)) != NULL;
	for (size_t i = 0; ok && i < fix->edits_len; i++) {
		const gg_edit *e = &fix->edits[i];
		cJSON *edit = cJSON_CreateObject();
		cJSON *from = fix_location(positions, e->range.start);
		cJSON *to = fix_location(positions, e->range.end);
		ok = edit && from && to && cJSON_AddStringToObject(edit, "content", e->text);
		if (ok) {
			cJSON_AddItemToObject(edit, "location", from);
			cJSON_AddItemToObject(edit, "end_location", to);
			from = to = NULL;
			ok = cJSON_AddItemToArray(edits, edit);
			edit = ok ? NULL : edit;
		}
		cJSON_Delete(from);
		cJSON_Delete(to);
		cJSON_Delete(edit);
	}
	if (!ok) {
		cJSON_Delete(o);
		cJSON_Delete(edits);
		return NULL;
	}
	cJSON_AddItemToObject(o, "edits", edits);
	return o;
}

int gg_cli_fix_text(gg_analyzer *a, const gg_source *src, bool unsafe, char **new_text, size_t *new_len,
		    size_t *fixed, size_t *by_rule, char **why)
{
	*new_text = NULL;
	*fixed = 0;
	*why = NULL;
	char *out = NULL;
	size_t out_len = 0;
	int rc = gg_fix_all_counted(a, src, unsafe, &out, &out_len, fixed, NULL, 0, by_rule);
	if (rc == GG_FIX_ALL_SYNTAX_ERROR) {
		*why = strdup("it has a syntax error (fixes are made only in code that parses)");
		return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
	}
	if (rc)
		return rc;
	if (out_len == src->len && memcmp(out, src->text, out_len) == 0) {
		free(out);
		*fixed = 0;
		return 0;
	}
	*new_text = out;
	*new_len = out_len;
	return 0;
}

int gg_cli_fix_file(gg_analyzer *a, const gg_source *src, gg_file_rewrite *file, const char *read, size_t read_len,
		    bool unsafe, char **new_text, size_t *new_len, size_t *fixed, size_t *by_rule, char **why)
{
	*new_text = NULL;
	char *out = NULL;
	size_t out_len = 0;
	int rc = gg_cli_fix_text(a, src, unsafe, &out, &out_len, fixed, by_rule, why);
	if (rc || !out)
		return rc;
	/* What comes before the body (a BOM) is written back as it was. */
	size_t head_len = (size_t)(src->text - read);
	rc = gg_file_rewrite_commit(file, read, read_len, read, head_len, out, out_len, why);
	if (rc) {
		free(out);
		*fixed = 0;
		return rc;
	}
	*new_text = out;
	*new_len = out_len;
	return 0;
}

int gg_cli_fix_notebook_text(gg_analyzer *a, const gg_source *src, const gg_notebook *nb, const char *read,
			     size_t read_len, bool unsafe, char **new_json, size_t *new_len, size_t *fixed,
			     size_t *by_rule, char **why)
{
	*new_json = NULL;
	*fixed = 0;
	*why = NULL;
	size_t *anchors = NULL, nanchors = 0;
	int rc = gg_notebook_anchors(nb, &anchors, &nanchors);
	if (rc)
		return rc;
	char *out = NULL, *json = NULL;
	size_t out_len = 0, json_len = 0, changed = 0;
	rc = gg_fix_all_counted(a, src, unsafe, &out, &out_len, fixed, anchors, nanchors, by_rule);
	const char *skip = NULL;
	if (rc == GG_FIX_ALL_SYNTAX_ERROR)
		skip = "its cells have a syntax error (fixes are made only in code that parses)";
	else if (rc == GG_FIX_ALL_ANCHOR_LOST)
		skip = "a fix would span two cells or touch an IPython line";
	if (!rc) {
		rc = gg_notebook_write(nb, read, read_len, out, out_len, anchors, &json, &json_len, &changed);
		if (rc == GG_NOTEBOOK_UNMAPPED)
			skip = "a fix would touch an IPython line";
	}
	free(out);
	free(anchors);
	if (skip) {
		*fixed = 0;
		*why = strdup(skip);
		return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
	}
	if (rc || !json) {
		*fixed = 0;
		return rc;
	}
	*new_json = json;
	*new_len = json_len;
	return 0;
}

int gg_cli_fix_notebook(gg_analyzer *a, const gg_source *src, const gg_notebook *nb, gg_file_rewrite *file,
			const char *read, size_t read_len, bool unsafe, char **new_json, size_t *new_len, size_t *fixed,
			size_t *by_rule, char **why)
{
	*new_json = NULL;
	char *json = NULL;
	size_t json_len = 0;
	int rc = gg_cli_fix_notebook_text(a, src, nb, read, read_len, unsafe, &json, &json_len, fixed, by_rule, why);
	if (rc || !json)
		return rc;
	/* The notebook is written whole: only the changed cells' source values differ from what was read. */
	rc = gg_file_rewrite_commit(file, read, read_len, read, 0, json, json_len, why);
	if (rc) {
		free(json);
		*fixed = 0;
		return rc;
	}
	*new_json = json;
	*new_len = json_len;
	return 0;
}

/* The notebook's cells before and after the fixes, diffed one by one. */
static int fix_diff_notebook(gg_analyzer *a, const gg_source *src, const gg_notebook *nb, bool unsafe,
			     const char *path, FILE *out, size_t *fixed, const char **skip)
{
	size_t *anchors = NULL, *before = NULL, nanchors = 0;
	int rc = gg_notebook_anchors(nb, &anchors, &nanchors);
	if (!rc && !(before = malloc((nanchors ? nanchors : 1) * sizeof *before)))
		rc = -ENOMEM;
	if (!rc)
		memcpy(before, anchors, nanchors * sizeof *before);
	char *text = NULL;
	size_t text_len = 0;
	if (!rc)
		rc = gg_fix_all_anchored(a, src, unsafe, &text, &text_len, fixed, anchors, nanchors);
	gg_buf *old = NULL, *new_cells = NULL;
	if (!rc) {
		old = calloc(nb->ncells ? nb->ncells : 1, sizeof *old);
		new_cells = calloc(nb->ncells ? nb->ncells : 1, sizeof *new_cells);
		rc = old && new_cells ? 0 : -ENOMEM;
	}
	/* The cells as they are, the way gg_notebook_write reads them (IPython given back), and as they would be. */
	if (!rc)
		rc = gg_notebook_sources(nb, nb->text, nb->len, before, old);
	if (!rc)
		rc = gg_notebook_sources(nb, text, text_len, anchors, new_cells);
	for (size_t c = 0; !rc && c < nb->ncells; c++) {
		if (old[c].len == new_cells[c].len && (!old[c].len || memcmp(old[c].data, new_cells[c].data, old[c].len) == 0))
			continue;
		char *label = gg_strdup_printf("%s:cell %u", path, nb->cells[c].index + 1);
		rc = label ? gg_cli_diff_print(out, label, old[c].data ? old[c].data : "", old[c].len,
					       new_cells[c].data ? new_cells[c].data : "", new_cells[c].len)
			   : -ENOMEM;
		free(label);
	}
	if (rc == GG_FIX_ALL_SYNTAX_ERROR)
		*skip = "its cells have a syntax error (fixes are made only in code that parses)";
	else if (rc == GG_FIX_ALL_ANCHOR_LOST)
		*skip = "a fix would span two cells or touch an IPython line";
	else if (rc == GG_NOTEBOOK_UNMAPPED)
		*skip = "a fix would touch an IPython line";
	for (size_t c = 0; old && new_cells && c < nb->ncells; c++) {
		gg_buf_free(&old[c]);
		gg_buf_free(&new_cells[c]);
	}
	free(old);
	free(new_cells);
	free(text);
	free(anchors);
	free(before);
	return *skip ? 0 : rc;
}

int gg_cli_fix_diff(gg_analyzer *a, const gg_source *src, const gg_notebook *nb, bool unsafe, const char *path,
		    FILE *out, size_t *fixed, char **why)
{
	*fixed = 0;
	*why = NULL;
	const char *skip = NULL;
	int rc;
	if (nb) {
		rc = fix_diff_notebook(a, src, nb, unsafe, path, out, fixed, &skip);
	} else {
		char *text = NULL;
		size_t text_len = 0;
		rc = gg_fix_all(a, src, unsafe, &text, &text_len, fixed);
		if (rc == GG_FIX_ALL_SYNTAX_ERROR) {
			skip = "it has a syntax error (fixes are made only in code that parses)";
			rc = 0;
		} else if (!rc && (text_len != src->len || memcmp(text, src->text, text_len) != 0)) {
			rc = gg_cli_diff_print(out, path, src->text, src->len, text, text_len);
		}
		free(text);
	}
	if (skip || rc)
		*fixed = 0;
	if (skip) {
		*why = strdup(skip);
		return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
	}
	return rc;
}
