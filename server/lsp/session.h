#ifndef GG_SESSION_H
#define GG_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "analysis.h"
#include "lsp/document.h"
#include "jsonrpc.h"
#include "position.h"

/*
 * The server session: lifecycle state, negotiated options, open documents
 * and the queue of messages waiting to be handled. It is the one piece of
 * mutable state the server has; handlers receive it by pointer. It never
 * touches stdin/stdout: outgoing messages go through the send callback that
 * the transport (lsp/loop.c) installs.
 */

typedef enum gg_session_state {
	GG_SESSION_UNINITIALIZED,
	GG_SESSION_RUNNING,
	GG_SESSION_SHUTDOWN, /* shutdown answered; waiting for exit */
	GG_SESSION_EXITED,
} gg_session_state;

typedef struct gg_session_options {
	unsigned debounce_ms;
} gg_session_options;

#define GG_DEFAULT_DEBOUNCE_MS 30u

/* What the transport provides: a way out for messages, and a way to learn that the session ended. */
typedef struct gg_session_transport {
	/* Takes ownership of json (one complete JSON-RPC message) on every path. */
	void (*send)(void *ctx, char *json);
	/* Called once, when the session reaches GG_SESSION_EXITED. */
	void (*exited)(void *ctx);
	void *ctx;
} gg_session_transport;

/* A received message waiting for its turn; a cancelled request stays as a tombstone. */
typedef struct gg_inbox_item {
	gg_rpc_message msg;
	bool cancelled;
} gg_inbox_item;

struct gg_session;
struct gg_config_loader;
struct gg_rpc_peek;
typedef struct gg_job gg_job;

/*
 * Called with the client's answer to a request we sent: result, or error
 * (the other one NULL; both borrowed for the call), or both NULL when the
 * session ends before the answer.
 */
typedef void (*gg_response_fn)(struct gg_session *s, const cJSON *result, const cJSON *error, void *ctx);

/* A request we sent and whose answer we wait for. */
typedef struct gg_pending_request {
	long long id;
	gg_response_fn callback;
	void *ctx;
} gg_pending_request;

typedef struct gg_session {
	gg_session_state state;
	int exit_code; /* valid once EXITED */
	gg_encoding encoding;
	unsigned debounce_ms;
	bool client_pulls_diagnostics;

	gg_document **docs; /* owned, each owned */
	size_t docs_len, docs_cap;

	TSParser *parser;      /* owned */
	gg_analyzer *analyzer; /* owned */

	gg_session_transport transport;

	/* Requests to the client awaiting answers; our ids are integers from 1. */
	gg_pending_request *pending; /* owned */
	size_t pending_len, pending_cap;
	long long next_request_id;

	/* Configuration: the editor's settings, merged over each document's pyproject.toml. */
	bool client_configuration; /* the client answers workspace/configuration */
	bool client_resolves_code_actions; /* codeAction/resolve may fill "edit" later */
	bool client_document_changes;      /* WorkspaceEdit.documentChanges (versioned edits) */
	bool client_hover_plaintext;       /* hover text as plaintext: the client cannot render markdown */
	bool client_watches_files;      /* workspace.didChangeWatchedFiles.dynamicRegistration */
	bool client_diagnostic_refresh; /* workspace.diagnostics.refreshSupport (a pulling client) */
	char *root_path; /* owned; the first workspace folder's local path, or NULL (traceback resolution) */
	char *docs_base; /* owned; the rule pages installed with the program (docs_url.h), or NULL: none found */
	/* Every workspace folder's real path (owned, each owned): what diagnoseTraceback's root may name. */
	char **folders;
	size_t folders_len;
	/* The workspace's project index (lsp/workspace_index.c): owned, NULL until built. */
	struct gg_project *project;
	struct index_build *index_build; /* the build running on its thread, or NULL */
	bool index_again;                /* a file was saved during that build: one more */
	char *python_warned; /* owned: the last warning about the python setting, so that it is logged once, or NULL */
	cJSON *settings;           /* owned; the "gradguard" settings object, or NULL */
	struct gg_config_loader *config_loader; /* owned; built from settings, NULL until first needed */
	/* root_path's .gradguard/runtime.json (runtime_report.h): owned, NULL until first needed. */
	struct gg_runtime_report *runtime;

	/* Messages received but not yet handled, in arrival order (a ring). */
	gg_inbox_item *inbox; /* owned */
	size_t inbox_head, inbox_len, inbox_cap;

	uv_loop_t *loop;
	uv_timer_t debounce; /* fires to analyse and publish edited documents */
	uv_idle_t drain;     /* runs the inbox once the current read is queued */
	bool handles_open;
	bool input_closed;   /* no more input: exit once the inbox is empty */
	bool output_blocked; /* the client is not reading replies: queued messages wait */
	gg_job *jobs;        /* requests running on the thread pool (lsp/jobs.c); each owned by its uv request */
	/* The diagnosis mark (lsp/diagnosis_mark.h): the culprit line's diagnostic while it applies. */
	struct {
		char *uri;          /* owned, or NULL: no mark */
		char *path;         /* owned; uri's local path (URIs spell one path in several ways) */
		cJSON *diagnostic;  /* owned */
	} mark;
	/* The message whose handler runs now (borrowed; NULL between messages): its strings, whole. */
	const gg_rpc_message *dispatching;
} gg_session;

/* Returns 0 or a negative errno. On failure nothing needs closing. */
int gg_session_init(gg_session *s, uv_loop_t *loop, const gg_session_options *opts,
		    const gg_session_transport *transport);
/* Closes the uv handles (their close callbacks run on the loop) and frees the rest. */
void gg_session_close(gg_session *s);

/* Takes one framed message body off the wire: parses it and queues it (or answers an error). */
void gg_session_receive(gg_session *s, const char *body, size_t len);
/*
 * A message over the size limit went past unread; peek is what was learnt of
 * it. A request whose id could be read is answered InvalidRequest, in its
 * turn among the queued messages; anything else only leaves a log line.
 */
void gg_session_receive_oversized(gg_session *s, const struct gg_rpc_peek *peek, size_t len);
/*
 * The input ended (EOF or error). The messages already received are still
 * handled, in order (they may hold the exit); then the session exits (code 0
 * after shutdown, else 1).
 */
void gg_session_input_closed(gg_session *s);
/*
 * The transport's queue of replies is over its bound (the client does not
 * read): queued messages are not handled, so that no more replies are made,
 * until it is called again with false.
 */
void gg_session_set_output_blocked(gg_session *s, bool blocked);
/* Moves to GG_SESSION_EXITED with this exit code and tells the transport; later calls do nothing. */
void gg_session_exit(gg_session *s, int code);

/* Answers a still-queued request with id with RequestCancelled. Returns false when none is queued. */
bool gg_session_cancel_pending(gg_session *s, const cJSON *id);

/* Outgoing messages. Each takes ownership of the cJSON it is given. */
void gg_session_send_result(gg_session *s, const cJSON *id, cJSON *result);
void gg_session_send_error(gg_session *s, const cJSON *id, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void gg_session_send_notification(gg_session *s, const char *method, cJSON *params);

/*
 * Sends a request to the client; callback runs with its answer (see
 * gg_response_fn). Takes ownership of params. Returns 0 or -ENOMEM (then the
 * callback never runs).
 */
int gg_session_send_request(gg_session *s, const char *method, cJSON *params, gg_response_fn callback, void *ctx);
/*
 * A gg_response_fn for requests whose answer only matters when it is an
 * error: logs it. ctx is the method's name (a string that outlives the request).
 */
void gg_session_response_logged(gg_session *s, const cJSON *result, const cJSON *error, void *ctx);
/* Routes a response from the client to its pending request. Returns false when it answers nothing of ours. */
bool gg_session_take_response(gg_session *s, const gg_rpc_message *msg);

/*
 * Whether path (made real: symlinks, "..") is one of the workspace folders
 * or inside one. Returns its real path (caller owns), or NULL with *why set
 * to -ENOENT (no such folder), -EACCES (outside every folder) or -ENOMEM.
 */
char *gg_session_path_in_workspace(const gg_session *s, const char *path, int *why);

/* Documents. */
gg_document *gg_session_find_document(gg_session *s, const char *uri);
/* Adds doc (taking ownership); replaces (and frees) an open document with the same URI. Returns 0 or -ENOMEM. */
int gg_session_add_document(gg_session *s, gg_document *doc);
/* Removes and frees the document. Returns false when no such document is open. */
bool gg_session_remove_document(gg_session *s, const char *uri);

#endif
