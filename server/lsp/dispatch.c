#include "lsp/dispatch.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp/handlers/handlers.h"
#include "log.h"

/* The method table: every LSP method the server answers, and its handler. */
typedef struct gg_method {
	const char *name;
	gg_request_fn request;           /* set for requests */
	gg_notification_fn notification; /* set for notifications */
} gg_method;

static const gg_method gg_methods[] = {
	{ "initialize", gg_handle_initialize, NULL },
	{ "shutdown", gg_handle_shutdown, NULL },
	{ "textDocument/diagnostic", gg_handle_pull_diagnostic, NULL },
	{ "textDocument/hover", gg_handle_hover, NULL },
	{ "textDocument/codeAction", gg_handle_code_action, NULL },
	{ "codeAction/resolve", gg_handle_code_action_resolve, NULL },
	{ "workspace/executeCommand", gg_handle_execute_command, NULL },
	{ "initialized", NULL, gg_handle_initialized },
	{ "exit", NULL, gg_handle_exit },
	{ "$/cancelRequest", NULL, gg_handle_cancel_request },
	{ "textDocument/didOpen", NULL, gg_handle_did_open },
	{ "textDocument/didChange", NULL, gg_handle_did_change },
	{ "textDocument/didClose", NULL, gg_handle_did_close },
	{ "textDocument/didSave", NULL, gg_handle_did_save },
	{ "workspace/didChangeConfiguration", NULL, gg_handle_did_change_configuration },
	{ "workspace/didChangeWatchedFiles", NULL, gg_handle_did_change_watched_files },
	{ "notebookDocument/didOpen", NULL, gg_handle_notebook_did_open },
	{ "notebookDocument/didChange", NULL, gg_handle_notebook_did_change },
	{ "notebookDocument/didSave", NULL, gg_handle_notebook_did_save },
	{ "notebookDocument/didClose", NULL, gg_handle_notebook_did_close },
};

static const gg_method *dispatch_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof gg_methods / sizeof gg_methods[0]; i++) {
		if (strcmp(gg_methods[i].name, name) == 0)
			return &gg_methods[i];
	}
	return NULL;
}

cJSON *gg_fail(gg_rpc_failure *fail, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fail->code = code;
	if (vasprintf(&fail->message, fmt, ap) < 0)
		fail->message = NULL;
	va_end(ap);
	return NULL;
}

bool gg_dispatch_is_immediate(const gg_rpc_message *msg)
{
	return msg->kind == GG_RPC_NOTIFICATION && strcmp(msg->method, "$/cancelRequest") == 0;
}

static void dispatch_request(gg_session *s, const gg_rpc_message *msg)
{
	const gg_method *m = dispatch_lookup(msg->method);
	bool is_initialize = strcmp(msg->method, "initialize") == 0;

	switch (s->state) {
	case GG_SESSION_UNINITIALIZED:
		if (!is_initialize) {
			gg_session_send_error(s, msg->id, GG_RPC_SERVER_NOT_INITIALIZED,
					      "server not initialized: %s before initialize", msg->method);
			return;
		}
		break;
	case GG_SESSION_RUNNING:
		if (is_initialize) {
			gg_session_send_error(s, msg->id, GG_RPC_INVALID_REQUEST, "initialize was already received");
			return;
		}
		break;
	case GG_SESSION_SHUTDOWN:
		gg_session_send_error(s, msg->id, GG_RPC_INVALID_REQUEST, "%s after shutdown", msg->method);
		return;
	case GG_SESSION_EXITED:
		return;
	}

	if (!m || !m->request) {
		gg_session_send_error(s, msg->id, GG_RPC_METHOD_NOT_FOUND, "unhandled method %s", msg->method);
		return;
	}
	gg_rpc_failure fail = { 0, NULL, false };
	cJSON *result = m->request(s, msg->params, &fail);
	if (!result && fail.deferred) {
		free(fail.message);
		return;
	}
	if (result) {
		gg_session_send_result(s, msg->id, result);
	} else {
		gg_log_debug("%s failed: %s", msg->method, fail.message ? fail.message : "(no message)");
		gg_session_send_error(s, msg->id, fail.code ? fail.code : GG_RPC_INTERNAL_ERROR, "%s",
				      fail.message ? fail.message : "internal error");
		free(fail.message);
	}
}

static void dispatch_notification(gg_session *s, const gg_rpc_message *msg)
{
	const gg_method *m = dispatch_lookup(msg->method);
	bool is_exit = strcmp(msg->method, "exit") == 0;

	if (s->state == GG_SESSION_EXITED)
		return;
	if (!is_exit && s->state != GG_SESSION_RUNNING) {
		gg_log_debug("ignored %s: %s", msg->method,
			     s->state == GG_SESSION_UNINITIALIZED ? "not initialized" : "after shutdown");
		return;
	}
	if (!m || !m->notification) {
		/* Unknown notifications, $/ ones included, are ignored as the spec asks. */
		gg_log_debug("ignored notification %s", msg->method);
		return;
	}
	m->notification(s, msg->params);
}

void gg_dispatch_message(gg_session *s, const gg_rpc_message *msg)
{
	const gg_rpc_message *outer = s->dispatching;
	s->dispatching = msg;
	switch (msg->kind) {
	case GG_RPC_REQUEST:
		dispatch_request(s, msg);
		break;
	case GG_RPC_NOTIFICATION:
		dispatch_notification(s, msg);
		break;
	case GG_RPC_RESPONSE:
		if (!gg_session_take_response(s, msg))
			gg_log_debug("ignored a response that answers no request of ours");
		break;
	case GG_RPC_INVALID:
		gg_log_warn("rejected a message: %s", msg->error_message ? msg->error_message : "invalid");
		if (!msg->silent)
			gg_session_send_error(s, msg->id, msg->error_code, "%s",
					      msg->error_message ? msg->error_message : "invalid message");
		break;
	}
	s->dispatching = outer;
}
