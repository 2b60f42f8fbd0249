/*
 * workspace/executeCommand. One command: gradguard.diagnoseTraceback, with
 * the pasted text as its argument (a string, or {"text", "root", "show"}).
 * The diagnosis runs on the thread pool (lsp/jobs.h), cancellable.
 * It answers the diagnosis (the JSON of `gradguard diagnose`), publishes a
 * diagnostic at the culprit line of the resolved source file (next to that
 * file's own findings, so the GG001 quick fix is offered there) until it no
 * longer applies (lsp/diagnosis_mark.h), and with "show": true asks the
 * client to open it (window/showDocument).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose_json.h"
#include "findings.h"
#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnosis_mark.h"
#include "lsp/diagnostics.h"
#include "runtime_report.h"
#include "lsp/jobs.h"
#include "lsp/log_document.h"
#include "pyfiles.h"
#include "uri.h"

#define DIAGNOSE_COMMAND "gradguard.diagnoseTraceback"

static cJSON *command_position(uint32_t line, uint32_t character)
{
	cJSON *p = cJSON_CreateObject();
	cJSON_AddNumberToObject(p, "line", line);
	cJSON_AddNumberToObject(p, "character", character);
	return p;
}

/*
 * The culprit line, from its first non-blank column (indent: blanks are one
 * code unit in every encoding) to the start of the next line: the squiggle
 * under the code, not under the indentation.
 */
static cJSON *command_line_range(const gg_diagnosis *d, uint32_t indent)
{
	const gg_tb_frame *c = gg_diagnosis_culprit(d);
	cJSON *range = cJSON_CreateObject();
	cJSON_AddItemToObject(range, "start", command_position(c->line - 1, indent));
	cJSON_AddItemToObject(range, "end", command_position(c->line, 0));
	return range;
}

/* The answer to showDocument needs nothing from us. */
static void command_show_answered(gg_session *s, const cJSON *result, const cJSON *error, void *ctx)
{
	(void)s;
	(void)result;
	(void)ctx;
	if (error)
		gg_log_debug("window/showDocument was refused");
}

/* The blanks that start the 1-based line of text (0 past its end). */
static uint32_t command_indent(const char *text, size_t len, uint32_t line)
{
	size_t i = 0;
	for (uint32_t at = 1; at < line && i < len; i++)
		if (text[i] == '\n')
			at++;
	uint32_t n = 0;
	while (i + n < len && (text[i + n] == ' ' || text[i + n] == '\t'))
		n++;
	return n;
}

/* The culprit line's diagnostic ("... here, in the pasted traceback"); NULL on OOM. */
static cJSON *command_diagnostic(const gg_diagnosis *d, uint32_t indent)
{
	char *head = gg_log_diagnosis_headline(d);
	char *msg = head ? gg_strdup_printf("%s here, in the pasted traceback: %s\nFix: %s", head, d->explanation, d->fix) : NULL;
	free(head);
	cJSON *diag = cJSON_CreateObject();
	if (!msg || !diag) {
		free(msg);
		cJSON_Delete(diag);
		return NULL;
	}
	cJSON_AddItemToObject(diag, "range", command_line_range(d, indent));
	cJSON_AddNumberToObject(diag, "severity", d->oom.is_oom ? 1 : 3);
	cJSON_AddStringToObject(diag, "code", gg_dx_kind_name(d->kind));
	cJSON_AddStringToObject(diag, "source", "gradguard");
	cJSON_AddStringToObject(diag, "message", msg);
	free(msg);
	return diag;
}

/*
 * A file not open, for a pushing client: its findings, analysed from its
 * text (read from disk, NULL when unreadable) in a document that lives for
 * this call only, and the mark. NULL on OOM.
 */
static cJSON *command_closed_file_list(gg_session *s, const char *uri, const char *text, size_t len)
{
	cJSON *list = NULL;
	if (!s->client_pulls_diagnostics) {
		gg_document *scratch = text ? gg_document_new(uri, "python", 0, text, len) : NULL;
		list = scratch ? gg_diagnostics_to_json(s, scratch) : NULL;
		gg_document_free(scratch);
	}
	/* A client that pulls gets the file's findings from its own pull: pushing them too would list them twice. */
	if (!list)
		list = cJSON_CreateArray();
	if (list && gg_diagnosis_mark_append(s, uri, list) != 0) {
		cJSON_Delete(list);
		return NULL;
	}
	return list;
}

/*
 * Makes the culprit diagnostic the session's diagnosis mark on the resolved
 * file and publishes that file; returns its URI (caller owns) or NULL, and
 * the culprit line's indentation in *indent. The
 * file's own findings go with the mark, so that its GG001 (and the quick fix
 * on it) shows at the same line; the mark stays until the file is edited,
 * saved or closed, or another diagnosis replaces it (lsp/diagnosis_mark.h).
 */
static char *command_publish(gg_session *s, const gg_diagnosis *d, uint32_t *indent)
{
	const gg_tb_frame *c = gg_diagnosis_culprit(d);
	const gg_dx_frame *x = c ? &d->frames[d->culprit] : NULL;
	/* A notebook cell is no text document of its own to publish on (the JSON names the cell). */
	if (!c || !x->res.path || x->res.stale || x->res.is_cell || c->line == 0)
		return NULL;
	gg_document *doc = NULL;
	for (size_t i = 0; i < s->docs_len && !doc; i++)
		if (s->docs[i]->path && strcmp(s->docs[i]->path, x->res.path) == 0)
			doc = s->docs[i];
	/* A file not open is read from disk (the buffer wins where it is open). */
	size_t len = 0;
	char *text = NULL;
	if (!doc && gg_pyfiles_read(x->res.path, &text, &len) != 0)
		text = NULL;
	*indent = doc ? command_indent(doc->text, doc->len, c->line) : text ? command_indent(text, len, c->line) : 0;
	/* An open document's URI as the client spelt it: the mark must name the same. */
	char *uri = doc ? strdup(doc->uri) : gg_uri_from_path(x->res.path);
	if (!uri || gg_diagnosis_mark_set(s, uri, command_diagnostic(d, *indent)) != 0) {
		free(text);
		free(uri);
		return NULL;
	}
	if (doc && !s->client_pulls_diagnostics) {
		gg_diagnostics_publish(s, doc);
		return uri;
	}
	cJSON *list = command_closed_file_list(s, uri, text, len);
	free(text);
	cJSON *params = cJSON_CreateObject();
	if (!list || !params) {
		cJSON_Delete(list);
		cJSON_Delete(params);
		free(uri);
		return NULL;
	}
	cJSON_AddStringToObject(params, "uri", uri);
	if (doc)
		cJSON_AddNumberToObject(params, "version", (double)doc->version);
	cJSON_AddItemToObject(params, "diagnostics", list);
	gg_session_send_notification(s, "textDocument/publishDiagnostics", params);
	return uri;
}

/*
 * The diagnosis runs on the thread pool (it may walk a large workspace): a
 * job holds copies of all it reads, never the session. Open documents are
 * copied too, since an editor buffer wins over the disk.
 */
typedef struct command_buffer {
	char *path; /* owned */
	char *text; /* owned; len bytes */
	size_t len;
} command_buffer;

typedef struct command_job {
	char *text; /* owned; the pasted text */
	size_t len;
	char *root; /* owned; the workspace folder to resolve frames under, or NULL */
	bool show;
	command_buffer *buffers; /* owned */
	size_t buffers_len;
	gg_diagnoses all; /* the result, filled on the pool thread */
	int rc;
} command_job;

static void command_job_free(void *data)
{
	command_job *job = data;
	if (!job)
		return;
	for (size_t i = 0; i < job->buffers_len; i++) {
		free(job->buffers[i].path);
		free(job->buffers[i].text);
	}
	free(job->buffers);
	free(job->text);
	free(job->root);
	if (job->rc == 0)
		gg_diagnoses_free(&job->all);
	free(job);
}

/* The read callback of the diagnosis, on the pool thread: the copied buffers, else NULL (the disk). */
static char *command_job_read(void *ctx, const char *path, size_t *len)
{
	command_job *job = ctx;
	for (size_t i = 0; i < job->buffers_len; i++) {
		if (strcmp(job->buffers[i].path, path) == 0) {
			*len = job->buffers[i].len;
			return gg_memdup_str(job->buffers[i].text, job->buffers[i].len);
		}
	}
	return NULL;
}

static void command_job_work(void *data)
{
	command_job *job = data;
	char *error = NULL;
	/* An analyzer of its own: the session's is not to be shared across threads. */
	gg_analyzer *analyzer = gg_analyzer_new(&error);
	free(error);
	if (!analyzer) {
		job->rc = -ENOMEM;
		return;
	}
	gg_diagnose_options opts = { job->root, analyzer, command_job_read, job };
	job->rc = gg_diagnose_text(job->text, job->len, &opts, &job->all);
	/* What gradguard.probe measured in the workspace, read on this thread: the session's report is the loop's. */
	if (job->rc == 0 && job->root)
		job->rc = gg_runtime_report_diagnoses(job->root, &job->all);
	if (job->rc != 0)
		gg_diagnoses_free(&job->all); /* what a failed diagnosis left */
	gg_analyzer_delete(analyzer);
}

/* Back on the loop: the answer, the published diagnostic and the request to show it. */
static void command_job_done(gg_session *s, const cJSON *id, void *data)
{
	command_job *job = data;
	cJSON *result = job->rc == 0 ? gg_diagnoses_to_json(&job->all) : NULL;
	if (!result) {
		gg_session_send_error(s, id, GG_RPC_INTERNAL_ERROR, "out of memory");
		return;
	}
	const gg_diagnosis *first = NULL;
	for (size_t i = 0; i < job->all.len && !first; i++)
		if (job->all.items[i].first)
			first = &job->all.items[i];
	uint32_t indent = 0;
	char *uri = first ? command_publish(s, first, &indent) : NULL;
	if (uri) {
		cJSON_AddStringToObject(result, "published", uri);
		if (job->show) {
			cJSON *p = cJSON_CreateObject();
			cJSON_AddStringToObject(p, "uri", uri);
			cJSON_AddBoolToObject(p, "takeFocus", 1);
			cJSON_AddItemToObject(p, "selection", command_line_range(first, indent));
			if (gg_session_send_request(s, "window/showDocument", p, command_show_answered, NULL) != 0)
				gg_log_warn("could not ask the client to show %s", uri);
		}
	} else {
		cJSON_AddNullToObject(result, "published");
	}
	free(uri);
	gg_session_send_result(s, id, result);
}

/* A job with copies of the text, the root and the open buffers. NULL when memory ran out. */
static command_job *command_job_new(gg_session *s, const char *text, size_t len, char *root, bool show)
{
	command_job *job = calloc(1, sizeof *job);
	if (!job) {
		free(root);
		return NULL;
	}
	job->root = root;
	job->show = show;
	job->rc = -1; /* nothing to free in all until the work ran */
	job->len = len;
	job->text = gg_memdup_str(text, len);
	if (!job->root && s->root_path)
		job->root = strdup(s->root_path);
	job->buffers = calloc(s->docs_len ? s->docs_len : 1, sizeof *job->buffers);
	if (!job->text || (s->root_path && !job->root) || !job->buffers) {
		command_job_free(job);
		return NULL;
	}
	for (size_t i = 0; i < s->docs_len; i++) {
		const gg_document *doc = s->docs[i];
		if (!doc->path)
			continue;
		command_buffer *b = &job->buffers[job->buffers_len++];
		b->path = strdup(doc->path);
		b->text = gg_memdup_str(doc->text, doc->len);
		b->len = doc->len;
		if (!b->path || !b->text) {
			command_job_free(job);
			return NULL;
		}
	}
	return job;
}

cJSON *gg_handle_execute_command(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	const char *command = gg_json_string(params, "command");
	if (!command)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "workspace/executeCommand: needs a command");
	if (strcmp(command, DIAGNOSE_COMMAND) != 0)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "unknown command %s (gradguard has %s)", command, DIAGNOSE_COMMAND);
	const cJSON *args = gg_json_array(params, "arguments");
	const cJSON *arg = args ? cJSON_GetArrayItem(args, 0) : NULL;
	size_t text_len = 0;
	const char *text = gg_params_text(s, cJSON_IsString(arg) ? arg : cJSON_GetObjectItemCaseSensitive(arg, "text"), &text_len);
	const char *root = cJSON_IsObject(arg) ? gg_json_string(arg, "root") : NULL;
	bool show = cJSON_IsObject(arg) && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(arg, "show"));
	if (!text)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, DIAGNOSE_COMMAND ": arguments[0] must be the text, or {\"text\": ...}");

	/*
	 * The client's root is walked and its files read: it must be a workspace
	 * folder or inside one, never "/" or a home folder the user did not open.
	 */
	char *real_root = NULL;
	if (root) {
		int why = 0;
		real_root = gg_session_path_in_workspace(s, root, &why);
		if (!real_root && why == -ENOMEM)
			return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "out of memory");
		if (!real_root && why == -ENOENT)
			return gg_fail(fail, GG_RPC_INVALID_PARAMS, DIAGNOSE_COMMAND ": root %s is no folder here", root);
		if (!real_root)
			return gg_fail(fail, GG_RPC_INVALID_PARAMS,
				       DIAGNOSE_COMMAND ": root %s is outside the workspace folders%s", root,
				       s->folders_len ? "" : " (the client named none)");
	}
	command_job *job = command_job_new(s, text, text_len, real_root, show);
	if (!job || gg_job_start(s, s->dispatching ? s->dispatching->id : NULL, job, command_job_work, command_job_done,
				 command_job_free) != 0)
		return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "could not start the diagnosis (out of memory)");
	fail->deferred = true;
	return NULL;
}
