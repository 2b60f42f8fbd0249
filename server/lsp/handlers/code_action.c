/*
 * textDocument/codeAction: the quick fixes of the findings in the range, and
 * source.fixAll.gradguard for the whole file. Edits are computed later, in
 * codeAction/resolve, when the client supports it; each action's data names
 * the document version and the finding, so a stale resolve is refused.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lsp/handlers/handlers.h"
#include "lsp/code_actions.h"
#include "lsp/notebook_document.h"

/* Whether kind passes context.only (absent: everything; an entry matches itself and its sub-kinds). */
static bool code_action_wanted(const cJSON *only, const char *kind)
{
	if (!cJSON_IsArray(only))
		return true;
	const cJSON *item;
	cJSON_ArrayForEach(item, only)
	{
		if (!cJSON_IsString(item))
			continue;
		size_t n = strlen(item->valuestring);
		if (strncmp(kind, item->valuestring, n) == 0 && (kind[n] == '\0' || kind[n] == '.'))
			return true;
	}
	return false;
}

/* The client's diagnostic for finding f (same code and range), to attach to its actions; NULL if none. */
static const cJSON *code_action_diagnostic(gg_session *s, const gg_document *doc, const cJSON *diagnostics,
					   const gg_finding *f)
{
	gg_place p = gg_document_place(doc, f->range, s->encoding);
	gg_position a = p.start, b = p.end;
	const cJSON *d;
	cJSON_ArrayForEach(d, diagnostics)
	{
		const char *code = gg_json_string(d, "code");
		const cJSON *range = gg_json_object(d, "range");
		unsigned l0, c0, l1, c1;
		if (!code || strcmp(code, f->code) != 0 ||
		    gg_json_uint32(gg_json_object(range, "start"), "line", &l0) ||
		    gg_json_uint32(gg_json_object(range, "start"), "character", &c0) ||
		    gg_json_uint32(gg_json_object(range, "end"), "line", &l1) ||
		    gg_json_uint32(gg_json_object(range, "end"), "character", &c1))
			continue;
		if (l0 == a.line && c0 == a.character && l1 == b.line && c1 == b.character)
			return d;
	}
	return NULL;
}

static cJSON *code_action_data(const gg_document *doc)
{
	cJSON *data = cJSON_CreateObject();
	cJSON_AddStringToObject(data, "uri", doc->uri);
	cJSON_AddNumberToObject(data, "version", (double)doc->version);
	return data;
}

/* The actions of finding f, whose fixes are given. */
static int code_action_quickfixes(gg_session *s, gg_document *doc, const gg_finding *f, const gg_fixes *given,
				  const cJSON *diagnostics, cJSON *list)
{
	const gg_fixes fixes = *given;
	int rc = 0;
	const cJSON *diag = code_action_diagnostic(s, doc, diagnostics, f);
	for (size_t i = 0; i < fixes.len && !rc; i++) {
		const gg_fix *fix = &fixes.items[i];
		cJSON *a = cJSON_CreateObject();
		cJSON_AddStringToObject(a, "title", fix->title);
		cJSON_AddStringToObject(a, "kind", "quickfix");
		if (diag) {
			cJSON *ds = cJSON_AddArrayToObject(a, "diagnostics");
			cJSON_AddItemToArray(ds, cJSON_Duplicate(diag, 1));
		}
		if (fix->preferred)
			cJSON_AddBoolToObject(a, "isPreferred", 1);
		cJSON *data = code_action_data(doc);
		cJSON_AddStringToObject(data, "code", f->code);
		cJSON_AddNumberToObject(data, "start", f->range.start);
		cJSON_AddNumberToObject(data, "end", f->range.end);
		cJSON_AddStringToObject(data, "fix", gg_fix_kind_name(fix->kind));
		cJSON_AddItemToObject(a, "data", data);
		if (!s->client_resolves_code_actions) {
			cJSON *edit = gg_code_actions_workspace_edit(s, doc, fix->edits, fix->edits_len);
			/* A notebook's fix that cannot be put back in its cells (an IPython line) is not offered. */
			if (!edit) {
				cJSON_Delete(a);
				if (doc->notebook)
					continue;
				rc = -ENOMEM;
				break;
			}
			cJSON_AddItemToObject(a, "edit", edit);
		}
		if (!cJSON_AddItemToArray(list, a)) {
			cJSON_Delete(a);
			rc = -ENOMEM;
		}
	}
	return rc;
}

static int code_action_fix_all(gg_session *s, gg_document *doc, cJSON *list)
{
	/* Offered only when some finding has a safe fix. */
	bool any = false;
	int rc0 = gg_code_actions_any_safe(s, doc, &any);
	if (rc0)
		return rc0;
	if (!any)
		return 0;
	cJSON *edit = NULL;
	if (!s->client_resolves_code_actions) {
		int rc = gg_code_actions_fix_all(s, doc, &edit);
		if (rc || !edit)
			return rc;
	}
	cJSON *a = cJSON_CreateObject();
	cJSON_AddStringToObject(a, "title", "Fix all gradguard findings");
	cJSON_AddStringToObject(a, "kind", "source.fixAll.gradguard");
	cJSON *data = code_action_data(doc);
	cJSON_AddBoolToObject(data, "fixAll", 1);
	cJSON_AddItemToObject(a, "data", data);
	if (edit)
		cJSON_AddItemToObject(a, "edit", edit);
	if (!cJSON_AddItemToArray(list, a)) {
		cJSON_Delete(a);
		return -ENOMEM;
	}
	return 0;
}

cJSON *gg_handle_code_action(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	const char *uri = gg_params_document_uri(params);
	const cJSON *range = gg_json_object(params, "range");
	unsigned l0, c0, l1, c1;
	if (!uri || gg_json_uint32(gg_json_object(range, "start"), "line", &l0) ||
	    gg_json_uint32(gg_json_object(range, "start"), "character", &c0) ||
	    gg_json_uint32(gg_json_object(range, "end"), "line", &l1) ||
	    gg_json_uint32(gg_json_object(range, "end"), "character", &c1))
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "textDocument/codeAction: needs textDocument.uri and a range");
	cJSON *list = cJSON_CreateArray();
	if (!list)
		return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "out of memory");
	gg_document *doc = gg_session_find_document(s, uri);
	size_t cell = 0;
	gg_document *notebook = doc ? NULL : gg_notebook_document_find_cell(s, uri, &cell);
	/* In a notebook's cell: the range in its joined text (the fixes may edit other cells). */
	const gg_document *shown = notebook ? notebook->notebook->cells[cell].doc : doc;
	if (notebook)
		doc = notebook;
	/* A closed or non-Python document, or a range past the end, has nothing to fix: an empty list. */
	if (!doc || !gg_code_actions_prepare(s, doc) || l0 >= shown->lines.count || l1 < l0)
		return list;
	size_t from = notebook ? gg_notebook_document_offset(doc, cell, (gg_position){ l0, c0 }, s->encoding)
			       : gg_document_offset(doc, (gg_position){ l0, c0 }, s->encoding);
	size_t to = notebook ? gg_notebook_document_offset(doc, cell, (gg_position){ l1, c1 }, s->encoding)
			     : gg_document_offset(doc, (gg_position){ l1, c1 }, s->encoding);
	if (from == SIZE_MAX || to == SIZE_MAX) /* a markup cell */
		return list;
	const cJSON *context = gg_json_object(params, "context");
	const cJSON *only = cJSON_GetObjectItemCaseSensitive(context, "only");
	const cJSON *diagnostics = gg_json_array(context, "diagnostics");
	int rc = 0;
	if (code_action_wanted(only, "quickfix")) {
		/* Findings are kept by start: those in the range lie between the first and the last of them. */
		size_t first = 0, count = 0;
		for (size_t i = 0; i < doc->findings.len; i++) {
			const gg_finding *f = &doc->findings.items[i];
			if (f->range.start <= to && from <= f->range.end) {
				if (!count)
					first = i;
				count = i + 1 - first;
			}
		}
		/* Their fixes in one go: the file's facts are read once, not once per finding. */
		gg_fixes *each = count ? calloc(count, sizeof *each) : NULL;
		rc = count && !each ? -ENOMEM : 0;
		if (each)
			rc = gg_code_actions_fixes_each(s, doc, doc->findings.items + first, count, each);
		for (size_t i = 0; i < count && !rc; i++) {
			const gg_finding *f = &doc->findings.items[first + i];
			if (f->range.start <= to && from <= f->range.end)
				rc = code_action_quickfixes(s, doc, f, &each[i], diagnostics, list);
		}
		for (size_t i = 0; each && i < count; i++)
			gg_fixes_free(&each[i]);
		free(each);
	}
	if (!rc && code_action_wanted(only, "source.fixAll.gradguard"))
		rc = code_action_fix_all(s, doc, list);
	if (rc) {
		cJSON_Delete(list);
		return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "code actions failed (%d)", rc);
	}
	return list;
}
