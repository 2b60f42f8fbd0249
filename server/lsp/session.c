#include "lsp/session.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "lsp/diagnosis_mark.h"
#include "lsp/diagnostics.h"
#include "lsp/dispatch.h"
#include "runtime_report.h"
#include "lsp/jobs.h"
#include "lsp/workspace_index.h"
#include "lsp/settings.h"
#include "docs_url.h"
#include "rpc_peek.h"

static void session_drain(uv_idle_t *idle);

int gg_session_init(gg_session *s, uv_loop_t *loop, const gg_session_options *opts,
		    const gg_session_transport *transport)
{
	memset(s, 0, sizeof *s);
	s->state = GG_SESSION_UNINITIALIZED;
	s->encoding = GG_ENC_UTF16;
	s->debounce_ms = opts->debounce_ms;
	s->transport = *transport;
	s->loop = loop;

	char *error = NULL;
	s->analyzer = gg_analyzer_new(&error);
	if (!s->analyzer) {
		gg_log_error("cannot set up the analysis: %s", error ? error : "out of memory");
		free(error);
		return -ENOMEM;
	}
	s->parser = gg_python_parser_new();
	if (!s->parser) {
		gg_analyzer_delete(s->analyzer);
		return -ENOMEM;
	}
	uv_timer_init(loop, &s->debounce);
	uv_idle_init(loop, &s->drain);
	s->debounce.data = s;
	s->drain.data = s;
	s->handles_open = true;
	s->docs_base = gg_docs_installed_base();
	return 0;
}

static void session_inbox_item_free(gg_inbox_item *item)
{
	gg_rpc_message_free(&item->msg);
}

void gg_session_close(gg_session *s)
{
	if (s->handles_open) {
		uv_close((uv_handle_t *)&s->debounce, NULL);
		uv_close((uv_handle_t *)&s->drain, NULL);
		s->handles_open = false;
	}
	for (size_t i = 0; i < s->inbox_len; i++)
		session_inbox_item_free(&s->inbox[(s->inbox_head + i) % s->inbox_cap]);
	free(s->inbox);
	s->inbox = NULL;
	s->inbox_len = s->inbox_cap = s->inbox_head = 0;
	for (size_t i = 0; i < s->docs_len; i++)
		gg_document_free(s->docs[i]);
	free(s->docs);
	s->docs = NULL;
	s->docs_len = s->docs_cap = 0;
	if (s->parser)
		ts_parser_delete(s->parser);
	s->parser = NULL;
	gg_analyzer_delete(s->analyzer);
	s->analyzer = NULL;
	/* Requests never answered: their callbacks learn it with neither result nor error. */
	for (size_t i = 0; i < s->pending_len; i++)
		s->pending[i].callback(s, NULL, NULL, s->pending[i].ctx);
	free(s->pending);
	s->pending = NULL;
	s->pending_len = s->pending_cap = 0;
	gg_diagnosis_mark_free(s);
	gg_settings_free(s);
	gg_workspace_index_close(s);
	gg_jobs_close(s);
	free(s->root_path);
	s->root_path = NULL;
	free(s->docs_base);
	s->docs_base = NULL;
	if (s->runtime)
		gg_runtime_report_free(s->runtime);
	free(s->runtime);
	s->runtime = NULL;
	for (size_t i = 0; i < s->folders_len; i++)
		free(s->folders[i]);
	free(s->folders);
	s->folders = NULL;
	s->folders_len = 0;
}

void gg_session_exit(gg_session *s, int code)
{
	if (s->state == GG_SESSION_EXITED)
		return;
	s->state = GG_SESSION_EXITED;
	s->exit_code = code;
	uv_timer_stop(&s->debounce);
	uv_idle_stop(&s->drain);
	if (s->transport.exited)
		s->transport.exited(s->transport.ctx);
}

/* The input ended and every message received has been handled. */
static void session_input_done(gg_session *s)
{
	if (s->state == GG_SESSION_EXITED)
		return;
	gg_log_info("input closed without an exit notification");
	gg_session_exit(s, s->state == GG_SESSION_SHUTDOWN ? 0 : 1);
}

void gg_session_input_closed(gg_session *s)
{
	if (s->state == GG_SESSION_EXITED || s->input_closed)
		return;
	s->input_closed = true;
	/*
	 * A pipe can deliver the last messages and the end of input in one read
	 * (cat session | gradguard lsp): they were queued, and are handled first.
	 */
	if (s->inbox_len > 0)
		uv_idle_start(&s->drain, session_drain);
	else
		session_input_done(s);
}

/* ---- outgoing ---------------------------------------------------------- */

static void session_send_text(gg_session *s, char *json)
{
	if (!json) {
		gg_log_error("out of memory encoding a message");
		return;
	}
	if (s->state == GG_SESSION_EXITED) {
		free(json);
		return;
	}
	s->transport.send(s->transport.ctx, json);
}

void gg_session_send_result(gg_session *s, const cJSON *id, cJSON *result)
{
	session_send_text(s, gg_rpc_encode_result(id, result));
}

void gg_session_send_error(gg_session *s, const cJSON *id, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *message = NULL;
	if (vasprintf(&message, fmt, ap) < 0)
		message = NULL;
	va_end(ap);
	session_send_text(s, gg_rpc_encode_error(id, code, message ? message : "error", NULL));
	free(message);
}

void gg_session_send_notification(gg_session *s, const char *method, cJSON *params)
{
	session_send_text(s, gg_rpc_encode_notification(method, params));
}

/* ---- incoming ---------------------------------------------------------- */

static int session_inbox_push(gg_session *s, gg_rpc_message *msg)
{
	if (s->inbox_len == s->inbox_cap) {
		size_t cap = s->inbox_cap ? s->inbox_cap * 2 : 16;
		gg_inbox_item *items = malloc(cap * sizeof *items);
		if (!items)
			return -ENOMEM;
		for (size_t i = 0; i < s->inbox_len; i++)
			items[i] = s->inbox[(s->inbox_head + i) % s->inbox_cap];
		free(s->inbox);
		s->inbox = items;
		s->inbox_cap = cap;
		s->inbox_head = 0;
	}
	gg_inbox_item *item = &s->inbox[(s->inbox_head + s->inbox_len) % s->inbox_cap];
	item->msg = *msg;
	item->cancelled = false;
	s->inbox_len++;
	return 0;
}

void gg_session_receive(gg_session *s, const char *body, size_t len)
{
	if (s->state == GG_SESSION_EXITED)
		return;
	gg_rpc_message msg;
	gg_rpc_parse(body, len, &msg);
	/* Invalid messages are queued too, so that replies keep the order of the requests. */
	if (gg_dispatch_is_immediate(&msg)) {
		gg_dispatch_message(s, &msg);
		gg_rpc_message_free(&msg);
		return;
	}
	if (session_inbox_push(s, &msg) != 0) {
		gg_log_error("out of memory queueing a message");
		if (msg.kind == GG_RPC_REQUEST)
			gg_session_send_error(s, msg.id, GG_RPC_INTERNAL_ERROR, "out of memory");
		gg_rpc_message_free(&msg);
		return;
	}
	uv_idle_start(&s->drain, session_drain);
}

void gg_session_receive_oversized(gg_session *s, const gg_rpc_peek *peek, size_t len)
{
	if (s->state == GG_SESSION_EXITED)
		return;
	cJSON *id = gg_rpc_peek_is_request(peek) ? gg_rpc_peek_id(peek) : NULL;
	if (!id) {
		/* A notification, a response or an unreadable id: there is no one to answer. */
		gg_log_warn("the message of %zu bytes over the limit was %s; nothing to answer", len,
			    !peek->has_method ? "not a request" : !peek->id_seen ? "a notification" : "a request whose id could not be read");
		return;
	}
	gg_rpc_message msg;
	memset(&msg, 0, sizeof msg);
	msg.kind = GG_RPC_INVALID;
	msg.id = id; /* owned by msg from here */
	msg.error_code = GG_RPC_INVALID_REQUEST;
	msg.error_message = "message over the size limit (--max-message-size); it was not read";
	/* Queued like any other message, so that the replies keep the order of the requests. */
	if (session_inbox_push(s, &msg) != 0) {
		gg_log_error("out of memory queueing a message");
		gg_session_send_error(s, msg.id, GG_RPC_INTERNAL_ERROR, "out of memory");
		gg_rpc_message_free(&msg);
		return;
	}
	uv_idle_start(&s->drain, session_drain);
}

/* Runs the queued messages in order. Started after a read, so that a
 * $/cancelRequest in the same read still finds its request waiting. */
static void session_drain(uv_idle_t *idle)
{
	gg_session *s = idle->data;
	while (s->inbox_len > 0 && !s->output_blocked) {
		gg_inbox_item item = s->inbox[s->inbox_head];
		s->inbox_head = (s->inbox_head + 1) % s->inbox_cap;
		s->inbox_len--;
		if (!item.cancelled && s->state != GG_SESSION_EXITED)
			gg_dispatch_message(s, &item.msg);
		session_inbox_item_free(&item);
	}
	uv_idle_stop(&s->drain);
	/* Blocked, the rest waits for gg_session_set_output_blocked(s, false), the end of input too. */
	if (s->input_closed && s->inbox_len == 0)
		session_input_done(s);
}

void gg_session_set_output_blocked(gg_session *s, bool blocked)
{
	s->output_blocked = blocked;
	if (!blocked && s->state != GG_SESSION_EXITED && (s->inbox_len > 0 || s->input_closed))
		uv_idle_start(&s->drain, session_drain);
}

bool gg_session_cancel_pending(gg_session *s, const cJSON *id)
{
	for (size_t i = 0; i < s->inbox_len; i++) {
		gg_inbox_item *item = &s->inbox[(s->inbox_head + i) % s->inbox_cap];
		if (item->cancelled || item->msg.kind != GG_RPC_REQUEST || !gg_rpc_id_equal(item->msg.id, id))
			continue;
		item->cancelled = true;
		gg_session_send_error(s, item->msg.id, GG_RPC_REQUEST_CANCELLED, "request %s cancelled",
				      item->msg.method);
		return true;
	}
	return false;
}

/* ---- workspace ----------------------------------------------------------- */

char *gg_session_path_in_workspace(const gg_session *s, const char *path, int *why)
{
	char *real = realpath(path, NULL);
	if (!real) {
		*why = errno == ENOMEM ? -ENOMEM : -ENOENT;
		return NULL;
	}
	for (size_t i = 0; i < s->folders_len; i++) {
		const char *f = s->folders[i];
		size_t n = strlen(f);
		/* "/" contains everything; otherwise a whole path segment must match ("/ws" is not in "/w"). */
		if (strncmp(real, f, n) == 0 && (real[n] == '\0' || real[n] == '/' || (n > 0 && f[n - 1] == '/')))
			return real;
	}
	free(real);
	*why = -EACCES;
	return NULL;
}

/* ---- documents --------------------------------------------------------- */

gg_document *gg_session_find_document(gg_session *s, const char *uri)
{
	for (size_t i = 0; i < s->docs_len; i++) {
		if (strcmp(s->docs[i]->uri, uri) == 0)
			return s->docs[i];
	}
	return NULL;
}

int gg_session_add_document(gg_session *s, gg_document *doc)
{
	for (size_t i = 0; i < s->docs_len; i++) {
		if (strcmp(s->docs[i]->uri, doc->uri) == 0) {
			gg_document_free(s->docs[i]);
			s->docs[i] = doc;
			return 0;
		}
	}
	if (s->docs_len == s->docs_cap) {
		size_t cap = s->docs_cap ? s->docs_cap * 2 : 8;
		gg_document **docs = realloc(s->docs, cap * sizeof *docs);
		if (!docs)
			return -ENOMEM;
		s->docs = docs;
		s->docs_cap = cap;
	}
	s->docs[s->docs_len++] = doc;
	return 0;
}

bool gg_session_remove_document(gg_session *s, const char *uri)
{
	for (size_t i = 0; i < s->docs_len; i++) {
		if (strcmp(s->docs[i]->uri, uri) == 0) {
			gg_document_free(s->docs[i]);
			s->docs[i] = s->docs[--s->docs_len];
			return true;
		}
	}
	return false;
}
