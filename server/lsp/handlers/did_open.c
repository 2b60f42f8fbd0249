#include <string.h>

#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnostics.h"

void gg_handle_did_open(gg_session *s, const cJSON *params)
{
	const cJSON *td = gg_json_object(params, "textDocument");
	const char *uri = gg_json_string(td, "uri");
	size_t len = 0;
	const char *text = gg_params_text(s, cJSON_GetObjectItemCaseSensitive(td, "text"), &len);
	long long version;
	if (!uri || !text || gg_json_int64(td, "version", &version) != 0) {
		gg_log_warn("didOpen: textDocument needs uri, text and an integer version");
		return;
	}
	const char *language = gg_json_string(td, "languageId");
	gg_document *doc = gg_document_new(uri, language ? language : "", version, text, len);
	if (!doc || gg_session_add_document(s, doc) != 0) {
		gg_document_free(doc);
		gg_log_error("didOpen %s: out of memory", uri);
		return;
	}
	gg_diagnostics_schedule(s, doc);
}
