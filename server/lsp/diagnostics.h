#ifndef GG_LSP_DIAGNOSTICS_H
#define GG_LSP_DIAGNOSTICS_H

#include <cjson/cJSON.h>

#include "lsp/session.h"

/* The document changed: analyse and push its diagnostics after the debounce delay. */
void gg_diagnostics_schedule(gg_session *s, gg_document *doc);
/* Brings doc's tree and findings up to date with its text. Returns 0 or a negative errno. */
int gg_diagnostics_analyze(gg_session *s, gg_document *doc);
/* The LSP Diagnostic[] for doc's current findings (analysing first if needed); NULL on OOM. */
cJSON *gg_diagnostics_to_json(gg_session *s, gg_document *doc);
/* The Diagnostic[] of cell `cell` of doc's notebook (doc: a notebook's joined document), in the cell's coordinates; NULL on OOM. */
cJSON *gg_diagnostics_cell_json(gg_session *s, gg_document *doc, size_t cell);
/* Pushes textDocument/publishDiagnostics for doc now (for a notebook, one per cell). */
void gg_diagnostics_publish(gg_session *s, gg_document *doc);
/* Pushes an empty diagnostic list for uri (the document was closed). */
void gg_diagnostics_clear(gg_session *s, const char *uri);
/* The debounce timer's callback: publishes every document with a pending push. */
void gg_diagnostics_on_timer(uv_timer_t *timer);

#endif
