#ifndef GG_HANDLERS_H
#define GG_HANDLERS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "lsp/session.h"

/*
 * One handler per LSP method (server/lsp/handlers/<method>.c); lsp/dispatch.c
 * routes method names to them. A handler sees the session and the params,
 * never the transport: a request handler returns its result, or NULL with
 * the error filled in.
 */

typedef struct gg_rpc_failure {
	int code;
	char *message; /* owned by the failure; NULL for a generic message */
	/* Set (with NULL returned) by a handler that answers later itself, from a job (lsp/jobs.h). */
	bool deferred;
} gg_rpc_failure;

typedef cJSON *(*gg_request_fn)(gg_session *s, const cJSON *params, gg_rpc_failure *fail);
typedef void (*gg_notification_fn)(gg_session *s, const cJSON *params);

/* Fills *fail and returns NULL, for `return gg_fail(fail, code, "...")`. */
cJSON *gg_fail(gg_rpc_failure *fail, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * A string of the message being handled, whole: a document's text may hold
 * NULs, which cJSON's valuestring cuts short. NULL when item is no string.
 */
const char *gg_params_text(const gg_session *s, const cJSON *item, size_t *len);

cJSON *gg_handle_initialize(gg_session *s, const cJSON *params, gg_rpc_failure *fail);
cJSON *gg_handle_shutdown(gg_session *s, const cJSON *params, gg_rpc_failure *fail);
cJSON *gg_handle_pull_diagnostic(gg_session *s, const cJSON *params, gg_rpc_failure *fail);
cJSON *gg_handle_execute_command(gg_session *s, const cJSON *params, gg_rpc_failure *fail);
cJSON *gg_handle_hover(gg_session *s, const cJSON *params, gg_rpc_failure *fail);
cJSON *gg_handle_code_action(gg_session *s, const cJSON *params, gg_rpc_failure *fail);
cJSON *gg_handle_code_action_resolve(gg_session *s, const cJSON *params, gg_rpc_failure *fail);

void gg_handle_initialized(gg_session *s, const cJSON *params);
void gg_handle_exit(gg_session *s, const cJSON *params);
void gg_handle_cancel_request(gg_session *s, const cJSON *params);
void gg_handle_did_open(gg_session *s, const cJSON *params);
void gg_handle_did_change(gg_session *s, const cJSON *params);
void gg_handle_did_close(gg_session *s, const cJSON *params);
void gg_handle_did_save(gg_session *s, const cJSON *params);
void gg_handle_did_change_configuration(gg_session *s, const cJSON *params);
void gg_handle_did_change_watched_files(gg_session *s, const cJSON *params);
void gg_handle_notebook_did_open(gg_session *s, const cJSON *params);
void gg_handle_notebook_did_change(gg_session *s, const cJSON *params);
void gg_handle_notebook_did_save(gg_session *s, const cJSON *params);
void gg_handle_notebook_did_close(gg_session *s, const cJSON *params);

/*
 * Applies one TextDocumentContentChangeEvent to doc (positions in the
 * negotiated encoding). Returns 0, -1 for a malformed event, or -ENOMEM.
 */
int gg_params_apply_change(gg_session *s, gg_document *doc, const cJSON *change);
/* A new document from a TextDocumentItem {uri, languageId, version, text}; NULL when malformed or out of memory. */
gg_document *gg_params_text_document_item(gg_session *s, const cJSON *item);

/* The object of items (an array) whose "uri" is uri; NULL if none. */
const cJSON *gg_params_item_by_uri(const cJSON *items, const char *uri);

/* Reads {"uri": string} out of params.textDocument; NULL when absent or of another type. */
const char *gg_params_document_uri(const cJSON *params);

#endif
