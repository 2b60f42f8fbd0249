#include <string.h>

#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnosis_mark.h"
#include "lsp/diagnostics.h"

static int did_change_read_position(const cJSON *obj, gg_position *pos)
{
	unsigned line, character;
	if (gg_json_uint32(obj, "line", &line) != 0 || gg_json_uint32(obj, "character", &character) != 0)
		return -1;
	pos->line = line;
	pos->character = character;
	return 0;
}

/* Applies one TextDocumentContentChangeEvent. Returns 0, -1 for a malformed event, or -ENOMEM. */
static int did_change_apply(gg_session *s, gg_document *doc, const cJSON *change)
{
	size_t len = 0;
	const char *text = gg_params_text(s, cJSON_GetObjectItemCaseSensitive(change, "text"), &len);
	if (!text)
		return -1;
	const cJSON *range = cJSON_GetObjectItemCaseSensitive(change, "range");
	if (!range)
		return gg_document_replace_all(doc, text, len);
	gg_position start, end;
	if (did_change_read_position(gg_json_object(range, "start"), &start) != 0 ||
	    did_change_read_position(gg_json_object(range, "end"), &end) != 0)
		return -1;
	return gg_document_apply_change(doc, start, end, s->encoding, text, len);
}

void gg_handle_did_change(gg_session *s, const cJSON *params)
{
	const char *uri = gg_params_document_uri(params);
	const cJSON *changes = gg_json_array(params, "contentChanges");
	long long version;
	if (!uri || !changes || gg_json_int64(gg_json_object(params, "textDocument"), "version", &version) != 0) {
		gg_log_warn("didChange: needs textDocument {uri, version} and contentChanges");
		return;
	}
	gg_document *doc = gg_session_find_document(s, uri);
	if (!doc) {
		gg_log_warn("didChange for %s, which is not open", uri);
		return;
	}
	const cJSON *change;
	cJSON_ArrayForEach(change, changes)
	{
		int rc = did_change_apply(s, doc, change);
		if (rc == -1)
			gg_log_warn("didChange %s: skipped a malformed change", uri);
		else if (rc < 0)
			gg_log_error("didChange %s: out of memory; the document may now differ from the editor's", uri);
	}
	doc->version = version;
	gg_diagnostics_schedule(s, doc);
	/* After the schedule: a pushing client's next publish, after the analysis, drops the mark. */
	gg_diagnosis_mark_end(s, uri);
}
