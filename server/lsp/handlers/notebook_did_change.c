/*
 * notebookDocument/didChange: cell structure (cells added, removed, moved:
 * an array splice whose moved cells keep their documents), cell kinds, and
 * cell text edits; the notebook's metadata is not read. The cells are joined
 * again and the notebook re-analysed.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnostics.h"
#include "lsp/notebook_document.h"

#define GG_CELL_KIND_CODE 2

/* The cell documents a splice took out, until the inserted cells claim theirs back (a move). */
typedef struct splice_pool {
	gg_notebook_cell *cells; /* owned, each doc owned until claimed (then NULL) */
	size_t len;
} splice_pool;

static gg_document *pool_claim(splice_pool *pool, const char *uri)
{
	for (size_t i = 0; i < pool->len; i++) {
		gg_document *d = pool->cells[i].doc;
		if (d && strcmp(d->uri, uri) == 0) {
			pool->cells[i].doc = NULL;
			return d;
		}
	}
	return NULL;
}

/* Applies NotebookCellArrayChange `array` with the text documents opened in `opened`. Returns 0, -1 (malformed) or -ENOMEM. */
static int notebook_splice(gg_session *s, gg_notebook_document *nb, const cJSON *array, const cJSON *opened)
{
	long long start, del;
	if (gg_json_int64(array, "start", &start) != 0 || gg_json_int64(array, "deleteCount", &del) != 0 ||
	    start < 0 || del < 0 || (unsigned long long)start > nb->ncells ||
	    (unsigned long long)del > nb->ncells - (size_t)start)
		return -1;
	const cJSON *inserted = gg_json_array(array, "cells");
	size_t add = (size_t)cJSON_GetArraySize(inserted), n = nb->ncells - (size_t)del + add;
	gg_notebook_cell *cells = calloc(n ? n : 1, sizeof *cells);
	if (!cells)
		return -ENOMEM;
	splice_pool pool = { nb->cells + start, (size_t)del };
	size_t k = 0;
	memcpy(cells, nb->cells, (size_t)start * sizeof *cells);
	k = (size_t)start;
	int rc = 0;
	const cJSON *cell;
	cJSON_ArrayForEach(cell, inserted)
	{
		const char *uri = gg_json_string(cell, "document");
		long long kind;
		if (!uri || gg_json_int64(cell, "kind", &kind) != 0) {
			gg_log_warn("notebookDocument/didChange: skipped an inserted cell without document and kind");
			continue;
		}
		gg_document *d = pool_claim(&pool, uri);
		const cJSON *item = d ? NULL : gg_params_item_by_uri(opened, uri);
		if (!d && item)
			d = gg_params_text_document_item(s, item);
		if (!d) {
			gg_log_warn("notebookDocument/didChange: inserted cell %s has no text document; skipped", uri);
			continue;
		}
		cells[k++] = (gg_notebook_cell){ d, kind == GG_CELL_KIND_CODE };
	}
	memcpy(cells + k, nb->cells + start + del, (nb->ncells - (size_t)start - (size_t)del) * sizeof *cells);
	k += nb->ncells - (size_t)start - (size_t)del;
	/* What the splice took out and nothing took back is closed: its diagnostics go with it. */
	for (size_t i = 0; i < pool.len; i++) {
		if (!pool.cells[i].doc)
			continue;
		gg_diagnostics_clear(s, pool.cells[i].doc->uri);
		gg_document_free(pool.cells[i].doc);
	}
	free(nb->cells);
	nb->cells = cells;
	nb->ncells = k;
	return rc;
}

static gg_notebook_cell *notebook_cell(gg_notebook_document *nb, const char *uri)
{
	for (size_t i = 0; uri && i < nb->ncells; i++) {
		if (strcmp(nb->cells[i].doc->uri, uri) == 0)
			return &nb->cells[i];
	}
	return NULL;
}

void gg_handle_notebook_did_change(gg_session *s, const cJSON *params)
{
	const cJSON *nd = gg_json_object(params, "notebookDocument");
	const char *uri = gg_json_string(nd, "uri");
	const cJSON *change = gg_json_object(params, "change");
	long long version;
	if (!uri || !change || gg_json_int64(nd, "version", &version) != 0) {
		gg_log_warn("notebookDocument/didChange: needs notebookDocument {uri, version} and change");
		return;
	}
	gg_document *doc = gg_session_find_document(s, uri);
	if (!doc || !doc->notebook) {
		gg_log_warn("notebookDocument/didChange for %s, which is not an open notebook", uri);
		return;
	}
	gg_notebook_document *nb = doc->notebook;
	const cJSON *cells = gg_json_object(change, "cells");
	const cJSON *structure = gg_json_object(cells, "structure");
	const cJSON *array = gg_json_object(structure, "array");
	if (array) {
		int rc = notebook_splice(s, nb, array, gg_json_array(structure, "didOpen"));
		if (rc == -1)
			gg_log_warn("notebookDocument/didChange %s: skipped a malformed cell structure change", uri);
		else if (rc < 0)
			gg_log_error("notebookDocument/didChange %s: out of memory; cells may differ from the editor's", uri);
	}
	const cJSON *item;
	cJSON_ArrayForEach(item, gg_json_array(cells, "data"))
	{
		/* A cell's kind may change (markup to code); its metadata is not read. */
		gg_notebook_cell *c = notebook_cell(nb, gg_json_string(item, "document"));
		long long kind;
		if (c && gg_json_int64(item, "kind", &kind) == 0)
			c->code = kind == GG_CELL_KIND_CODE;
	}
	cJSON_ArrayForEach(item, gg_json_array(cells, "textContent"))
	{
		const cJSON *id = gg_json_object(item, "document");
		gg_notebook_cell *c = notebook_cell(nb, gg_json_string(id, "uri"));
		long long cell_version;
		if (!c || gg_json_int64(id, "version", &cell_version) != 0) {
			gg_log_warn("notebookDocument/didChange %s: text change for a cell it does not have", uri);
			continue;
		}
		const cJSON *ev;
		cJSON_ArrayForEach(ev, gg_json_array(item, "changes"))
		{
			int rc = gg_params_apply_change(s, c->doc, ev);
			if (rc == -1)
				gg_log_warn("notebookDocument/didChange %s: skipped a malformed change", c->doc->uri);
			else if (rc < 0)
				gg_log_error("notebookDocument/didChange %s: out of memory", c->doc->uri);
		}
		c->doc->version = cell_version;
	}
	doc->version = version;
	if (gg_notebook_document_rejoin(doc, s->parser) != 0)
		gg_log_error("notebookDocument/didChange %s: out of memory; the notebook is analysed as it was", uri);
	gg_diagnostics_schedule(s, doc);
}
