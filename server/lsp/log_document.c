/*
 * Log documents and tracebacks in the server (see lsp/log_document.h). The
 * diagnosis itself lives in server/diagnose/; this file turns it into
 * findings and markdown in the log's own coordinates.
 */
#include "lsp/log_document.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "lsp/diagnostics.h"
#include "runtime_report.h"
#include "text.h"
#include "uri.h"

static bool log_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

bool gg_log_document_is_log(const gg_document *doc)
{
	if (strcmp(doc->language_id, "log") == 0 || strcmp(doc->language_id, "plaintext") == 0)
		return true;
	if (doc->language_id[0] != '\0')
		return false;
	return log_ends_with(doc->uri, ".log") || log_ends_with(doc->uri, ".err") || log_ends_with(doc->uri, ".out");
}

/* Open documents win over the disk: the traceback may point at a file being edited. */
static char *log_read_open_document(void *ctx, const char *path, size_t *len)
{
	gg_session *s = ctx;
	for (size_t i = 0; i < s->docs_len; i++) {
		const gg_document *doc = s->docs[i];
		if (doc->path && strcmp(doc->path, path) == 0) {
			char *copy = malloc(doc->len + 1);
			if (!copy)
				return NULL;
			memcpy(copy, doc->text, doc->len);
			copy[doc->len] = '\0';
			*len = doc->len;
			return copy;
		}
	}
	return NULL;
}

int gg_log_diagnose(gg_session *s, const char *text, size_t len, const char *root, gg_diagnoses *out)
{
	gg_diagnose_options opts = { root ? root : s->root_path, s->analyzer, log_read_open_document, s };
	int rc = gg_diagnose_text(text, len, &opts, out);
	/* What gradguard.probe measured in the workspace, read anew: the session's report is the main thread's. */
	if (rc == 0 && opts.root)
		rc = gg_runtime_report_diagnoses(opts.root, out);
	if (rc != 0)
		gg_diagnoses_free(out);
	return rc;
}

char *gg_log_diagnosis_headline(const gg_diagnosis *d)
{
	const char *phase = gg_diagnosis_verdict(d);
	if (!phase && d->follows_rank >= 0)
		return gg_strdup_printf("Not an out-of-memory error: it follows rank %d's failure", d->follows_rank);
	if (!phase)
		return strdup(d->kind == GG_DX_INCOMPLETE ? "The pasted traceback is cut short" : "Not an out-of-memory error");
	const char *dev = gg_oom_device_name(d->oom.device);
	char idx[32] = "";
	if (dev && d->oom.device_index >= 0)
		snprintf(idx, sizeof idx, ":%d", d->oom.device_index);
	return gg_strdup_printf("OUT OF MEMORY%s%s%s%s%s%s", dev ? " (" : "", dev ? dev : "", idx, dev ? ")" : "", *phase ? " " : "", phase);
}

char *gg_log_diagnosis_markdown(const gg_diagnosis *d)
{
	char *head = gg_log_diagnosis_headline(d);
	if (!head)
		return NULL;
	gg_buf b = { 0 };
	int rc = gg_buf_printf(&b, "**%s**", head);
	free(head);
	if (d->rank >= 0)
		rc |= gg_buf_printf(&b, ", rank %d", d->rank);
	rc |= gg_buf_printf(&b, "  \n`%s` · %s confidence%s\n\n", gg_dx_kind_name(d->kind), gg_dx_confidence_name(d->confidence),
			    d->first ? " · the first failure" : "");
	rc |= gg_buf_printf(&b, "**Why.** %s\n\n**Fix.** %s\n", d->explanation, d->fix);
	const gg_tb_frame *c = gg_diagnosis_culprit(d);
	if (c) {
		const gg_dx_frame *x = &d->frames[d->culprit];
		rc |= gg_buf_printf(&b, "\n**Culprit.** `%s:%u` in `%s()`", gg_tb_frame_file(c), c->line, c->function);
		if (x->res.path && !x->res.stale && x->res.is_cell) {
			rc |= gg_buf_printf(&b, " → `%s`, cell %u, line %u", x->res.path, x->res.cell, c->line);
		} else if (x->res.path && !x->res.stale) {
			char *uri = gg_uri_from_path(x->res.path);
			if (uri)
				rc |= gg_buf_printf(&b, " → [%s](%s#L%u)", x->res.path, uri, c->line);
			free(uri);
		} else if (x->res.stale) {
			rc |= gg_buf_printf(&b, " (the file has changed since this run)");
		}
		rc |= gg_buf_printf(&b, "\n");
	}
	if (d->evidence_len) {
		rc |= gg_buf_printf(&b, "\n**Evidence**\n");
		for (size_t i = 0; i < d->evidence_len; i++)
			rc |= gg_buf_printf(&b, "- %s\n", d->evidence[i]);
	}
	if (rc) {
		gg_buf_free(&b);
		return NULL;
	}
	return gg_buf_take(&b);
}

static gg_byte_range log_line_range(const gg_document *doc, const gg_log_span *at)
{
	uint64_t start = at->offset, end = at->offset + at->len;
	if (start > doc->len)
		start = doc->len;
	if (end > doc->len)
		end = doc->len;
	/* Start at the text: past a launcher's "[rank1]:" / "[1,0]<stderr>:" prefix and the indentation. */
	if (start < end && doc->text[start] == '[') {
		const char *close = memchr(doc->text + start, ']', end - start < 24 ? end - start : 24);
		const char *colon = close ? memchr(close, ':', (size_t)(doc->text + end - close) < 10 ? (size_t)(doc->text + end - close) : 10) : NULL;
		if (colon)
			start = (uint64_t)(colon + 1 - doc->text);
	}
	while (start < end && (doc->text[start] == ' ' || doc->text[start] == '\t'))
		start++;
	return (gg_byte_range){ (uint32_t)start, (uint32_t)end };
}

int gg_log_document_analyze(gg_session *s, gg_document *doc)
{
	gg_document_set_diagnoses(doc, NULL);
	if (doc->len > UINT32_MAX)
		return -EFBIG;
	/* Kept in doc until the next change: hovers read it instead of diagnosing (and walking) again. */
	gg_diagnoses *all = malloc(sizeof *all);
	if (!all)
		return -ENOMEM;
	gg_log_debug("log document %s, version %lld: diagnosing", doc->uri, (long long)doc->version);
	int rc = gg_log_diagnose(s, doc->text, doc->len, NULL, all);
	if (rc != 0) {
		free(all);
		gg_log_error("diagnosis of %s failed (%d)", doc->uri, rc);
		return rc;
	}
	gg_document_set_diagnoses(doc, all);
	for (size_t i = 0; i < all->len && rc == 0; i++) {
		const gg_diagnosis *d = &all->items[i];
		const gg_traceback *tb = gg_diagnosis_traceback(d);
		char *head = d->oom.is_oom ? gg_log_diagnosis_headline(d) : NULL;
		char *msg = head ? gg_strdup_printf("%s: %s\nFix: %s", head, d->explanation, d->fix)
				 : d->oom.is_oom ? NULL : strdup(d->explanation);
		free(head);
		if (!msg) {
			rc = -ENOMEM;
			break;
		}
		gg_severity sev = !d->oom.is_oom ? GG_SEVERITY_INFORMATION : d->first ? GG_SEVERITY_ERROR : GG_SEVERITY_WARNING;
		gg_log_span at = tb->has_exception ? tb->exc.at : tb->at;
		gg_byte_range exc_range = log_line_range(doc, &at);
		gg_finding *f = gg_findings_push(&doc->findings, gg_dx_kind_name(d->kind), sev, exc_range, msg);
		if (!f) {
			rc = -ENOMEM;
			break;
		}
		const gg_tb_frame *c = gg_diagnosis_culprit(d);
		if (!c)
			continue;
		gg_byte_range frame_range = log_line_range(doc, &c->at);
		char *rel = gg_strdup_printf("the culprit frame: %s() at %s:%u", c->function, gg_tb_frame_file(c), c->line);
		if (!rel || gg_finding_add_related(f, frame_range, rel) != 0) {
			rc = -ENOMEM;
			break;
		}
		char *cmsg = d->oom.is_oom
				     ? gg_strdup_printf("The line of your code behind the out-of-memory error (%s): %s",
							gg_dx_kind_name(d->kind), d->fix)
				     : gg_strdup_printf("%s was raised from here", tb->has_exception ? tb->exc.type : "The exception");
		gg_finding *cf = cmsg ? gg_findings_push(&doc->findings, gg_dx_kind_name(d->kind),
							 d->oom.is_oom ? GG_SEVERITY_WARNING : GG_SEVERITY_INFORMATION,
							 frame_range, cmsg)
				      : NULL;
		char *back = gg_strdup_printf("%s", tb->has_exception ? tb->exc.type : "the exception");
		if (!cf || !back || gg_finding_add_related(cf, exc_range, back) != 0) {
			if (cf == NULL)
				free(back);
			rc = -ENOMEM;
		}
	}
	gg_findings_sort(&doc->findings);
	return rc;
}

static bool log_span_has(const gg_log_span *at, size_t offset)
{
	return offset >= at->offset && offset <= at->offset + at->len;
}

cJSON *gg_log_document_hover(gg_session *s, gg_document *doc, size_t offset)
{
	/* The diagnosis of this version of the text: made now if the document changed, else the kept one. */
	if (gg_diagnostics_analyze(s, doc) != 0 || !doc->diagnoses)
		return NULL;
	const gg_diagnoses *all = doc->diagnoses;
	cJSON *hover = NULL;
	for (size_t i = 0; i < all->len && !hover; i++) {
		const gg_diagnosis *d = &all->items[i];
		const gg_traceback *tb = gg_diagnosis_traceback(d);
		const gg_tb_frame *c = gg_diagnosis_culprit(d);
		const gg_log_span *at = NULL;
		if (tb->has_exception && log_span_has(&tb->exc.at, offset))
			at = &tb->exc.at;
		else if (c && log_span_has(&c->at, offset))
			at = &c->at;
		if (!at)
			continue;
		char *md = gg_log_diagnosis_markdown(d);
		if (!md)
			break;
		hover = cJSON_CreateObject();
		cJSON *contents = cJSON_AddObjectToObject(hover, "contents");
		cJSON_AddStringToObject(contents, "kind", "markdown");
		cJSON_AddStringToObject(contents, "value", md);
		free(md);
		gg_byte_range r = log_line_range(doc, at);
		gg_position a = gg_document_position(doc, r.start, s->encoding);
		gg_position b = gg_document_position(doc, r.end, s->encoding);
		cJSON *range = cJSON_AddObjectToObject(hover, "range");
		cJSON *start = cJSON_AddObjectToObject(range, "start");
		cJSON_AddNumberToObject(start, "line", a.line);
		cJSON_AddNumberToObject(start, "character", a.character);
		cJSON *end = cJSON_AddObjectToObject(range, "end");
		cJSON_AddNumberToObject(end, "line", b.line);
		if (!cJSON_AddNumberToObject(end, "character", b.character)) {
			cJSON_Delete(hover);
			hover = NULL;
		}
	}
	return hover;
}
