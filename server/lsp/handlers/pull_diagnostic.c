#include "lsp/handlers/handlers.h"
#include "lsp/diagnostics.h"

cJSON *gg_handle_pull_diagnostic(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	const char *uri = gg_params_document_uri(params);
	if (!uri)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/diagnostic: needs textDocument.uri");
	gg_document *doc = gg_session_find_document(s, uri);
	if (!doc)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/diagnostic: %s is not open", uri);
	cJSON *items = gg_diagnostics_to_json(s, doc);
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
