/*
 * textDocument/hover: a small dispatcher. Each kind of document has its
 * provider; the first that accepts the document answers. Log documents
 * explain their diagnosis; Python hovers (findings, model.eval(), no_grad,
 * inference_mode, volatile) slot into the same table.
 */
#include <stdint.h>

#include "lsp/handlers/handlers.h"
#include "lsp/hover_python.h"
#include "lsp/log_document.h"
#include "lsp/notebook_document.h"

typedef struct hover_provider {
	bool (*accepts)(const gg_document *doc);
	/* The Hover object at offset, or NULL for nothing to say. */
	cJSON *(*hover)(gg_session *s, gg_document *doc, size_t offset);
} hover_provider;

static const hover_provider hover_providers[] = {
	{ gg_log_document_is_log, gg_log_document_hover },
	{ gg_document_is_python, gg_hover_python },
};

/* The hover's range, made on the joined text, placed in the cell that holds it. */
static void hover_in_cell(gg_session *s, const gg_document *doc, cJSON *h)
{
	cJSON *range = cJSON_GetObjectItemCaseSensitive(h, "range");
	unsigned l0, c0, l1, c1;
	if (!range || gg_json_uint32(gg_json_object(range, "start"), "line", &l0) ||
	    gg_json_uint32(gg_json_object(range, "start"), "character", &c0) ||
	    gg_json_uint32(gg_json_object(range, "end"), "line", &l1) ||
	    gg_json_uint32(gg_json_object(range, "end"), "character", &c1))
		return;
	gg_byte_range r = { (uint32_t)gg_document_offset(doc, (gg_position){ l0, c0 }, s->encoding),
			    (uint32_t)gg_document_offset(doc, (gg_position){ l1, c1 }, s->encoding) };
	gg_place p = gg_document_place(doc, r, s->encoding);
	cJSON *start = gg_json_object(range, "start"), *end = gg_json_object(range, "end");
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(start, "line"), p.start.line);
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(start, "character"), p.start.character);
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(end, "line"), p.end.line);
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(end, "character"), p.end.character);
}

cJSON *gg_handle_hover(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	const char *uri = gg_params_document_uri(params);
	const cJSON *position = gg_json_object(params, "position");
	unsigned line, character;
	if (!uri || gg_json_uint32(position, "line", &line) != 0 || gg_json_uint32(position, "character", &character) != 0)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/hover: needs textDocument.uri and a position");
	gg_document *doc = gg_session_find_document(s, uri);
	size_t cell = 0, offset = 0;
	bool in_cell = false;
	if (!doc && (doc = gg_notebook_document_find_cell(s, uri, &cell)) != NULL)
		in_cell = true;
	if (!doc)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/hover: %s is not open", uri);
	/* On a notebook's cell: the hover of its joined text at the same place (none on a markup cell). */
	offset = in_cell ? gg_notebook_document_offset(doc, cell, (gg_position){ line, character }, s->encoding)
			 : gg_document_offset(doc, (gg_position){ line, character }, s->encoding);
	for (size_t i = 0; offset != SIZE_MAX && i < sizeof hover_providers / sizeof hover_providers[0]; i++) {
		if (!hover_providers[i].accepts(doc))
			continue;
		cJSON *h = hover_providers[i].hover(s, doc, offset);
		if (h && in_cell)
			hover_in_cell(s, doc, h);
		if (h)
			return h;
		break;
	}
	cJSON *none = cJSON_CreateNull();
	return none ? none : gg_fail(fail, GG_RPC_INTERNAL_ERROR, "out of memory");
}
