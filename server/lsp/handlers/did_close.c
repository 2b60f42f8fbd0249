#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnosis_mark.h"
#include "lsp/diagnostics.h"

void gg_handle_did_close(gg_session *s, const cJSON *params)
{
	const char *uri = gg_params_document_uri(params);
	if (!uri) {
		gg_log_warn("didClose: needs textDocument.uri");
		return;
	}
	if (!gg_session_remove_document(s, uri)) {
		gg_log_warn("didClose for %s, which is not open", uri);
		return;
	}
	/* Ending a mark publishes the file's empty list already. */
	if (!gg_diagnosis_mark_end(s, uri))
		gg_diagnostics_clear(s, uri);
}
