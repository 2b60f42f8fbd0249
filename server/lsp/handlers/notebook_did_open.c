/*
 * notebookDocument/didOpen: the notebook's cells, each with its text
 * document, become one joined document under the notebook's URI
 * (lsp/notebook_document.h), analysed and published per cell.
 */
#include <stdlib.h>

#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnostics.h"
#include "lsp/notebook_document.h"

#define GG_CELL_KIND_CODE 2 /* NotebookCellKind.Code; 1 is Markup */

void gg_handle_notebook_did_open(gg_session *s, const cJSON *params)
{
	const cJSON *nd = gg_json_object(params, "notebookDocument");
	const char *uri = gg_json_string(nd, "uri");
	const cJSON *cells = gg_json_array(nd, "cells");
	const cJSON *items = gg_json_array(params, "cellTextDocuments");
	long long version;
	if (!uri || !cells || gg_json_int64(nd, "version", &version) != 0) {
		gg_log_warn("notebookDocument/didOpen: needs notebookDocument {uri, version, cells}");
		return;
	}
	gg_document *doc = gg_document_new(uri, "python", version, "", 0);
	size_t n = (size_t)cJSON_GetArraySize(cells);
	if (doc)
		doc->notebook = calloc(1, sizeof *doc->notebook);
	if (doc && doc->notebook)
		doc->notebook->cells = calloc(n ? n : 1, sizeof *doc->notebook->cells);
	if (!doc || !doc->notebook || !doc->notebook->cells) {
		gg_document_free(doc);
		gg_log_error("notebookDocument/didOpen %s: out of memory", uri);
		return;
	}
	gg_notebook_document *nb = doc->notebook;
	const cJSON *cell;
	cJSON_ArrayForEach(cell, cells)
	{
		const char *cell_uri = gg_json_string(cell, "document");
		long long kind;
		if (!cell_uri || gg_json_int64(cell, "kind", &kind) != 0) {
			gg_log_warn("notebookDocument/didOpen %s: skipped a cell without document and kind", uri);
			continue;
		}
		const cJSON *item = gg_params_item_by_uri(items, cell_uri);
		gg_document *cd = item ? gg_params_text_document_item(s, item) : NULL;
		if (!cd) {
			gg_log_warn("notebookDocument/didOpen %s: cell %s has no text document; skipped", uri, cell_uri);
			continue;
		}
		nb->cells[nb->ncells++] = (gg_notebook_cell){ cd, kind == GG_CELL_KIND_CODE };
	}
	if (gg_notebook_document_rejoin(doc, s->parser) != 0 || gg_session_add_document(s, doc) != 0) {
		gg_document_free(doc);
		gg_log_error("notebookDocument/didOpen %s: out of memory", uri);
		return;
	}
	gg_diagnostics_schedule(s, doc);
}
