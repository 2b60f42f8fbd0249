#include "lsp/handlers/handlers.h"

#include "jsonrpc.h"

const char *gg_params_document_uri(const cJSON *params)
{
	const cJSON *doc = gg_json_object(params, "textDocument");
	return doc ? gg_json_string(doc, "uri") : NULL;
}

const char *gg_params_text(const gg_session *s, const cJSON *item, size_t *len)
{
	return gg_rpc_string(s->dispatching, item, len);
}
