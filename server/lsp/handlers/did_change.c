#include <string.h>

#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnosis_mark.h"
#include "lsp/diagnostics.h"

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
		int rc = gg_params_apply_change(s, doc, change);
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
