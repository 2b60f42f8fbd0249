/*
 * notebookDocument/didSave: the open cells are already current, and no
 * other file imports a notebook: nothing to analyse or index again.
 */
#include "lsp/handlers/handlers.h"
#include "log.h"

void gg_handle_notebook_did_save(gg_session *s, const cJSON *params)
{
	const char *uri = gg_json_string(gg_json_object(params, "notebookDocument"), "uri");
	if (!uri) {
		gg_log_warn("notebookDocument/didSave: needs notebookDocument.uri");
		return;
	}
	const gg_document *doc = gg_session_find_document(s, uri);
	if (!doc || !doc->notebook)
		gg_log_debug("notebookDocument/didSave for %s, which is not an open notebook", uri);
}
