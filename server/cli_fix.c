/*
 * `gradguard check --fix` and the "fix" member of the json output
 * (cli_fix.h). The rewrites themselves are the analysis's (fix.h).
 */
#include "cli_fix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

cJSON *gg_cli_fix_json(const gg_fix *fix, const gg_position_table *positions, bool with_kind)
{
	cJSON *o = cJSON_CreateObject();
	cJSON *edits = cJSON_CreateArray();
	bool ok = o && edits && cJSON_AddStringToObject(o, "applicability", fix->safe ? "safe" : "unsafe") &&
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

/* Writes BOM + body next to path and renames it over path, keeping the file's mode. */
static int fix_write(const char *path, bool bom, const char *body, size_t len)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -errno;
	char *tmp = NULL;
	if (asprintf(&tmp, "%s.gradguard-fix~", path) < 0)
		return -ENOMEM;
	FILE *f = fopen(tmp, "wb");
	int rc = f ? 0 : -errno;
	if (!rc && ((bom && fwrite("\xEF\xBB\xBF", 1, 3, f) != 3) || fwrite(body, 1, len, f) != len))
		rc = -EIO;
	if (f && fclose(f) != 0 && !rc)
		rc = -EIO;
	if (!rc && chmod(tmp, st.st_mode & 07777) != 0)
		rc = -errno;
	if (!rc && rename(tmp, path) != 0)
		rc = -errno;
	if (rc && f)
		unlink(tmp);
	free(tmp);
	return rc;
}

int gg_cli_fix_file(gg_analyzer *a, const gg_source *src, const char *path, bool bom, bool unsafe, char **new_text,
		    size_t *new_len, size_t *fixed)
{
	*new_text = NULL;
	*fixed = 0;
	char *out = NULL;
	size_t out_len = 0;
	int rc = gg_fix_all(a, src, unsafe, &out, &out_len, fixed);
	if (rc)
		return rc;
	if (out_len == src->len && memcmp(out, src->text, out_len) == 0) {
		free(out);
		*fixed = 0;
		return 0;
	}
	rc = fix_write(path, bom, out, out_len);
	if (rc) {
		free(out);
		*fixed = 0;
		return rc;
	}
	*new_text = out;
	*new_len = out_len;
	return 0;
}
