#include "handlers.h"

#include "jsonrpc.h"

const char *gg_params_document_uri(const cJSON *params)
{
	const cJSON *doc = gg_json_object(params, "textDocument");
	return doc ? gg_json_string(doc, "uri") : NULL;
}
