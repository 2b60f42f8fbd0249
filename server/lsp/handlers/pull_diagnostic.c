#include "lsp/handlers/handlers.h"
#include "lsp/diagnostics.h"
#include "lsp/notebook_document.h"

cJSON *gg_handle_pull_diagnostic(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	const char *uri = gg_params_document_uri(params);
	if (!uri)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/diagnostic: needs textDocument.uri");
	gg_document *doc = gg_session_find_document(s, uri);
	size_t cell = 0;
	gg_document *notebook = doc ? NULL : gg_notebook_document_find_cell(s, uri, &cell);
	if (!doc && !notebook)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/diagnostic: %s is not open", uri);
	/* A notebook cell's are those of its notebook's joined text that lie in it. */
	cJSON *items = doc ? gg_diagnostics_to_json(s, doc) : gg_diagnostics_cell_json(s, notebook, cell);
	cJSON *result = cJSON_CreateObject();
	if (!items || !result) {
		cJSON_Delete(items);
		cJSON_Delete(result);
		return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "out of memory");
	}
	cJSON_AddStringToObject(result, "kind", "full");
	cJSON_AddItemToObject(result, "items", items);
	return result;
}
