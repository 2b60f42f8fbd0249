/* notebookDocument/didClose: the notebook and its cells are dropped; each cell's diagnostics are cleared. */
#include <stdlib.h>
#include <string.h>

#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnostics.h"
#include "lsp/notebook_document.h"

void gg_handle_notebook_did_close(gg_session *s, const cJSON *params)
{
	const char *uri = gg_json_string(gg_json_object(params, "notebookDocument"), "uri");
	if (!uri) {
		gg_log_warn("notebookDocument/didClose: needs notebookDocument.uri");
		return;
	}
	gg_document *doc = gg_session_find_document(s, uri);
	if (!doc || !doc->notebook) {
		gg_log_warn("notebookDocument/didClose for %s, which is not an open notebook", uri);
		return;
	}
	/* The cells' URIs die with the document: taken out before it is freed. */
	gg_notebook_document *nb = doc->notebook;
	size_t n = nb->ncells;
	char **uris = calloc(n ? n : 1, sizeof *uris);
	for (size_t i = 0; uris && i < n; i++) {
		uris[i] = nb->cells[i].doc->uri;
		nb->cells[i].doc->uri = NULL;
	}
	gg_session_remove_document(s, uri);
	for (size_t i = 0; uris && i < n; i++) {
		if (uris[i])
			gg_diagnostics_clear(s, uris[i]);
		free(uris[i]);
	}
	if (!uris)
		gg_log_error("notebookDocument/didClose %s: out of memory; its cells' diagnostics stay", uri);
	free(uris);
}
