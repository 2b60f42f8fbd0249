#include "lsp/diagnostics.h"

#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "log.h"
#include "lsp/diagnosis_mark.h"
#include "lsp/log_document.h"
#include "lsp/notebook_document.h"
#include "lsp/settings.h"
#include "project.h"
#include "runtime_report.h"

void gg_diagnostics_schedule(gg_session *s, gg_document *doc)
{
	doc->analysis_stale = true;
	/* A client that pulls asks when it wants them; pushing as well would show them twice. */
	if (s->client_pulls_diagnostics)
		return;
	doc->publish_pending = true;
	uv_timer_start(&s->debounce, gg_diagnostics_on_timer, s->debounce_ms, 0);
}

/*
 * gradguard.probe's measurements (runtime_report.h) on doc's findings: the
 * workspace's .gradguard/runtime.json, read again when it changed.
 */
static int diagnostics_runtime(gg_session *s, gg_document *doc, const gg_config *config)
{
	if (!s->root_path || !doc->path)
		return 0;
	if (!s->runtime) {
		if (!(s->runtime = malloc(sizeof *s->runtime)))
			return -ENOMEM;
		gg_runtime_report_init(s->runtime);
	}
	char *error = NULL;
	int rc = gg_runtime_report_refresh(s->runtime, s->root_path, &error);
	if (rc && rc != -ENOMEM) /* logged once: refresh reads it again only when it changes */
		gg_log_warn("%s", error ? error : "cannot read .gradguard/runtime.json");
	free(error);
	if (rc == -ENOMEM)
		return rc;
	size_t before = doc->findings.len;
	rc = gg_runtime_report_apply(s->runtime, doc->path, doc->text, doc->len,
				     doc->notebook ? &doc->notebook->joined : NULL, config, &doc->findings, 0, NULL);
	if (!rc && doc->findings.len > before)
		gg_findings_sort(&doc->findings);
	return rc;
}

int gg_diagnostics_analyze(gg_session *s, gg_document *doc)
{
	if (!doc->analysis_stale)
		return 0;
	gg_findings_clear(&doc->findings);
	doc->analysis_stale = false;
	if (gg_log_document_is_log(doc))
		return gg_log_document_analyze(s, doc);
	if (!gg_document_is_python(doc))
		return 0;
	int rc = gg_document_parse(doc, s->parser);
	if (rc != 0) {
		gg_log_error("cannot parse %s: %s", doc->uri, rc == -EFBIG ? "too large" : "out of memory");
		return rc;
	}
	/* A notebook's messages cite lines in cell coordinates, as its diagnostics are placed. */
	gg_line_namer cells = { gg_notebook_line_name, gg_notebook_line_cell, doc->notebook ? &doc->notebook->joined : NULL };
	gg_source src = { doc->text, doc->len, doc->tree, doc->path, gg_settings_config_for(s, doc), s->root_path, gg_project_elsewhere(s->project),
			  doc->notebook ? &cells : NULL };
	/* A notebook's cells that do not parse were blanked on joining: GG000 at each one's first error. */
	const gg_nb_unparsed *unparsed = doc->notebook ? &doc->notebook->unparsed : NULL;
	rc = unparsed && unparsed->len
		     ? gg_analyzer_check_unparsed(s->analyzer, &src, unparsed->items, unparsed->len, &doc->findings)
		     : gg_analyzer_check(s->analyzer, &src, &doc->findings);
	if (rc == 0)
		rc = diagnostics_runtime(s, doc, src.config);
	if (rc != 0)
		gg_log_error("analysis of %s failed (%d)", doc->uri, rc);
	return rc;
}

static cJSON *diagnostics_position(gg_position p)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "line", p.line);
	cJSON_AddNumberToObject(o, "character", p.character);
	return o;
}

/* Where r lies as the editor shows it (a notebook's cell for its joined text); *uri the document or the cell. */
static cJSON *diagnostics_range(gg_session *s, const gg_document *doc, gg_byte_range r, const char **uri)
{
	gg_place p = gg_document_place(doc, r, s->encoding);
	if (uri)
		*uri = p.uri;
	cJSON *range = cJSON_CreateObject();
	cJSON_AddItemToObject(range, "start", diagnostics_position(p.start));
	cJSON_AddItemToObject(range, "end", diagnostics_position(p.end));
	return range;
}

static cJSON *diagnostics_one(gg_session *s, const gg_document *doc, const gg_finding *f)
{
	cJSON *d = cJSON_CreateObject();
	cJSON_AddItemToObject(d, "range", diagnostics_range(s, doc, f->range, NULL));
	cJSON_AddNumberToObject(d, "severity", f->severity);
	cJSON_AddStringToObject(d, "code", f->code);
	/* A link that resolves, or none (docs_url.h). */
	char *href = gg_settings_rule_url(s, doc, f->code);
	if (href)
		cJSON_AddStringToObject(cJSON_AddObjectToObject(d, "codeDescription"), "href", href);
	free(href);
	cJSON_AddStringToObject(d, "source", "gradguard");
	cJSON_AddStringToObject(d, "message", f->message);
	/* What codeAction/resolve needs to find this finding again, and to refuse a stale document. */
	cJSON *data = cJSON_AddObjectToObject(d, "data");
	cJSON_AddNumberToObject(data, "version", (double)doc->version);
	cJSON_AddNumberToObject(data, "start", f->range.start);
	cJSON_AddNumberToObject(data, "end", f->range.end);
	if (f->related_len > 0) {
		cJSON *related = cJSON_AddArrayToObject(d, "relatedInformation");
		for (size_t i = 0; i < f->related_len; i++) {
			cJSON *info = cJSON_CreateObject();
			cJSON *loc = cJSON_AddObjectToObject(info, "location");
			const char *uri = doc->uri;
			cJSON *range = diagnostics_range(s, doc, f->related[i].range, &uri);
			cJSON_AddStringToObject(loc, "uri", uri);
			cJSON_AddItemToObject(loc, "range", range);
			cJSON_AddStringToObject(info, "message", f->related[i].message);
			cJSON_AddItemToArray(related, info);
		}
	}
	return d;
}

/* The diagnostics of doc, or of one cell of doc's notebook when cell is not SIZE_MAX. */
static cJSON *diagnostics_list(gg_session *s, gg_document *doc, size_t cell)
{
	gg_diagnostics_analyze(s, doc);
	cJSON *list = cJSON_CreateArray();
	if (!list)
		return NULL;
	for (size_t i = 0; i < doc->findings.len; i++) {
		const gg_finding *f = &doc->findings.items[i];
		if (cell != SIZE_MAX && gg_document_place(doc, f->range, s->encoding).cell != cell)
			continue;
		cJSON *d = diagnostics_one(s, doc, f);
		if (!d || !cJSON_AddItemToArray(list, d)) {
			cJSON_Delete(d);
			cJSON_Delete(list);
			return NULL;
		}
	}
	return list;
}

cJSON *gg_diagnostics_to_json(gg_session *s, gg_document *doc)
{
	return diagnostics_list(s, doc, SIZE_MAX);
}

cJSON *gg_diagnostics_cell_json(gg_session *s, gg_document *doc, size_t cell)
{
	return diagnostics_list(s, doc, cell);
}

static void diagnostics_send(gg_session *s, const char *uri, int64_t version, cJSON *list)
{
	cJSON *params = cJSON_CreateObject();
	if (!params || !list) {
		cJSON_Delete(params);
		cJSON_Delete(list);
		gg_log_error("out of memory publishing diagnostics for %s", uri);
		return;
	}
	cJSON_AddStringToObject(params, "uri", uri);
	cJSON_AddNumberToObject(params, "version", (double)version);
	cJSON_AddItemToObject(params, "diagnostics", list);
	gg_session_send_notification(s, "textDocument/publishDiagnostics", params);
}

void gg_diagnostics_publish(gg_session *s, gg_document *doc)
{
	doc->publish_pending = false;
	if (doc->notebook) {
		/* Each cell its own list, in its own coordinates; a cell without findings gets an empty one. */
		for (size_t i = 0; i < doc->notebook->ncells; i++) {
			const gg_document *cd = doc->notebook->cells[i].doc;
			diagnostics_send(s, cd->uri, cd->version, gg_diagnostics_cell_json(s, doc, i));
		}
		return;
	}
	cJSON *list = gg_diagnostics_to_json(s, doc);
	if (list && gg_diagnosis_mark_append(s, doc->uri, list) != 0) {
		cJSON_Delete(list);
		list = NULL;
	}
	diagnostics_send(s, doc->uri, doc->version, list);
}

void gg_diagnostics_clear(gg_session *s, const char *uri)
{
	if (s->client_pulls_diagnostics)
		return;
	cJSON *params = cJSON_CreateObject();
	cJSON_AddStringToObject(params, "uri", uri);
	cJSON_AddArrayToObject(params, "diagnostics");
	gg_session_send_notification(s, "textDocument/publishDiagnostics", params);
}

void gg_diagnostics_on_timer(uv_timer_t *timer)
{
	gg_session *s = timer->data;
	if (s->state != GG_SESSION_RUNNING)
		return;
	for (size_t i = 0; i < s->docs_len; i++) {
		if (s->docs[i]->publish_pending)
			gg_diagnostics_publish(s, s->docs[i]);
	}
}
