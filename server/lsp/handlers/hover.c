/*
 * textDocument/hover: a small dispatcher. Each kind of document has its
 * provider; the first that accepts the document answers. Log documents
 * explain their diagnosis; Python hovers (findings, model.eval(), no_grad,
 * inference_mode, volatile) slot into the same table.
 */
#include "lsp/handlers/handlers.h"
#include "lsp/hover_python.h"
#include "lsp/log_document.h"

typedef struct hover_provider {
	bool (*accepts)(const gg_document *doc);
	/* The Hover object at offset, or NULL for nothing to say. */
	cJSON *(*hover)(gg_session *s, gg_document *doc, size_t offset);
} hover_provider;

static const hover_provider hover_providers[] = {
	{ gg_log_document_is_log, gg_log_document_hover },
	{ gg_document_is_python, gg_hover_python },
};

cJSON *gg_handle_hover(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	const char *uri = gg_params_document_uri(params);
	const cJSON *position = gg_json_object(params, "position");
	unsigned line, character;
	if (!uri || gg_json_uint32(position, "line", &line) != 0 || gg_json_uint32(position, "character", &character) != 0)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/hover: needs textDocument.uri and a position");
	gg_document *doc = gg_session_find_document(s, uri);
	if (!doc)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/hover: %s is not open", uri);
	size_t offset = gg_document_offset(doc, (gg_position){ line, character }, s->encoding);
	for (size_t i = 0; i < sizeof hover_providers / sizeof hover_providers[0]; i++) {
		if (!hover_providers[i].accepts(doc))
			continue;
		cJSON *h = hover_providers[i].hover(s, doc, offset);
		if (h)
			return h;
		break;
	}
	cJSON *none = cJSON_CreateNull();
	return none ? none : gg_fail(fail, GG_RPC_INTERNAL_ERROR, "out of memory");
}
