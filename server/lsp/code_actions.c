/* Fixes as LSP objects (lsp/code_actions.h). */
#include "lsp/code_actions.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_text.h"
#include "log.h"
#include "lsp/diagnostics.h"
#include "lsp/log_document.h"
#include "lsp/notebook_document.h"
#include "lsp/settings.h"
#include "project.h"

bool gg_code_actions_prepare(gg_session *s, gg_document *doc)
{
	if (!gg_document_is_python(doc) || gg_log_document_is_log(doc))
		return false;
	if (gg_diagnostics_analyze(s, doc) != 0 || gg_document_parse(doc, s->parser) != 0 || !doc->tree)
		return false;
	return true;
}

/* The analyzer's copy of doc's tree, which the fixer reads (after gg_code_actions_prepare). */
static int code_actions_root(gg_session *s, gg_document *doc, gg_node *root)
{
	gg_source src = { doc->text, doc->len, doc->tree, doc->path, NULL, s->root_path, gg_project_elsewhere(s->project), NULL };
	return gg_analyzer_tree(s->analyzer, &src, root);
}

int gg_code_actions_fixes(gg_session *s, gg_document *doc, const gg_finding *f, gg_fixes *out)
{
	gg_node root;
	int rc = code_actions_root(s, doc, &root);
	return rc ? rc : gg_fix_list(doc->text, doc->len, root, f, gg_settings_config_for(s, doc), out);
}

int gg_code_actions_fixes_each(gg_session *s, gg_document *doc, const gg_finding *findings, size_t count,
			       gg_fixes *out)
{
	/*
	 * As fix-all lists them: a wrap of the loop another finding in the range
	 * already offers is not offered again. A client without codeAction/resolve
	 * gets each action's edit inline, and a thousand findings in one loop
	 * would each carry the same thousand-line wrap.
	 */
	gg_node root;
	int rc = code_actions_root(s, doc, &root);
	if (rc) {
		for (size_t i = 0; i < count; i++)
			gg_fixes_init(&out[i]);
		return rc;
	}
	return gg_fix_list_for_all(doc->text, doc->len, root, findings, count, gg_settings_config_for(s, doc), out);
}

int gg_code_actions_any_safe(gg_session *s, gg_document *doc, bool *any)
{
	*any = false;
	size_t n = doc->findings.len;
	if (!n)
		return 0;
	gg_fixes *each = malloc(n * sizeof *each);
	if (!each)
		return -ENOMEM;
	/* As fix-all sees them: the fixes a loop's findings share are made once. */
	gg_node root;
	int rc = code_actions_root(s, doc, &root);
	if (rc) {
		free(each);
		return rc;
	}
	rc = gg_fix_list_for_all(doc->text, doc->len, root, doc->findings.items, n, gg_settings_config_for(s, doc), each);
	for (size_t i = 0; i < n && !rc; i++) {
		for (size_t k = 0; k < each[i].len; k++)
			*any = *any || each[i].items[k].safe;
		gg_fixes_free(&each[i]);
	}
	free(each);
	return rc;
}

static cJSON *code_actions_position(gg_session *s, const gg_document *doc, size_t offset)
{
	gg_position p = gg_document_position(doc, offset, s->encoding);
	cJSON *o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "line", p.line);
	cJSON_AddNumberToObject(o, "character", p.character);
	return o;
}

static cJSON *code_actions_text_edit(gg_session *s, const gg_document *doc, size_t start, size_t end,
				     const char *text, size_t len)
{
	cJSON *e = cJSON_CreateObject();
	cJSON *range = cJSON_AddObjectToObject(e, "range");
	cJSON_AddItemToObject(range, "start", code_actions_position(s, doc, start));
	cJSON_AddItemToObject(range, "end", code_actions_position(s, doc, end));
	cJSON *t = gg_json_string_create(text, len); /* whole: a NUL in the document's text is kept */
	if (!t || !cJSON_AddItemToObject(e, "newText", t)) {
		cJSON_Delete(t);
		cJSON_Delete(e);
		return NULL;
	}
	return e;
}

/* Adds the TextEdit[] list for document (uri, version) to the WorkspaceEdit we; takes list. Returns 0 or -ENOMEM. */
static int code_actions_add_edits(gg_session *s, cJSON *we, const char *uri, int64_t version, cJSON *list)
{
	if (s->client_document_changes) {
		/* Versioned: a client whose document moved on rejects the edit instead of misapplying it. */
		cJSON *changes = cJSON_GetObjectItemCaseSensitive(we, "documentChanges");
		if (!changes)
			changes = cJSON_AddArrayToObject(we, "documentChanges");
		cJSON *one = cJSON_CreateObject();
		cJSON *id = cJSON_AddObjectToObject(one, "textDocument");
		cJSON_AddStringToObject(id, "uri", uri);
		cJSON_AddNumberToObject(id, "version", (double)version);
		if (!changes || !id || !cJSON_AddItemToObject(one, "edits", list) || !cJSON_AddItemToArray(changes, one)) {
			cJSON_Delete(one);
			return -ENOMEM;
		}
		return 0;
	}
	cJSON *changes = cJSON_GetObjectItemCaseSensitive(we, "changes");
	if (!changes)
		changes = cJSON_AddObjectToObject(we, "changes");
	if (!changes || !cJSON_AddItemToObject(changes, uri, list)) {
		cJSON_Delete(list);
		return -ENOMEM;
	}
	return 0;
}

/*
 * The span where old and new differ: [p, old_len - q) of old becomes
 * [p, new_len - q) of new, cut at character (and CRLF) boundaries.
 */
static void code_actions_changed_span(const char *old, size_t old_len, const char *out, size_t out_len, size_t *pp,
				      size_t *qq)
{
	size_t p = 0, n = old_len < out_len ? old_len : out_len;
	while (p < n && old[p] == out[p])
		p++;
	while (p > 0 && (((unsigned char)old[p] & 0xC0) == 0x80 ||
			 (old[p - 1] == '\r' && p < old_len && old[p] == '\n')))
		p--;
	size_t q = 0;
	while (q < n - p && old[old_len - 1 - q] == out[out_len - 1 - q])
		q++;
	while (q > 0 && (((unsigned char)old[old_len - q] & 0xC0) == 0x80 ||
			 (old[old_len - q] == '\n' && old_len - q > p && old[old_len - q - 1] == '\r')))
		q--;
	*pp = p;
	*qq = q;
}

/*
 * A notebook's WorkspaceEdit: each cell whose text cells[j] (joined cell j's
 * new text) differs gets one edit over its changed span. NULL on OOM, or
 * when no cell changes.
 */
static cJSON *code_actions_notebook_edit(gg_session *s, const gg_document *doc, const gg_buf *cells)
{
	const gg_notebook_document *nb = doc->notebook;
	cJSON *we = cJSON_CreateObject();
	bool any = false;
	for (size_t j = 0; we && j < nb->joined.ncells; j++) {
		const gg_document *cd = nb->cells[nb->joined_cell[j]].doc;
		const char *text = cells[j].data ? cells[j].data : "";
		if (cells[j].len == cd->len && memcmp(text, cd->text, cd->len) == 0)
			continue;
		size_t p, q;
		code_actions_changed_span(cd->text, cd->len, text, cells[j].len, &p, &q);
		cJSON *list = cJSON_CreateArray();
		cJSON *e = list ? code_actions_text_edit(s, cd, p, cd->len - q, text + p, cells[j].len - q - p) : NULL;
		if (!e || !cJSON_AddItemToArray(list, e) || code_actions_add_edits(s, we, cd->uri, cd->version, list) != 0) {
			if (!e)
				cJSON_Delete(list);
			cJSON_Delete(e);
			cJSON_Delete(we);
			return NULL;
		}
		any = true;
	}
	if (!any) {
		cJSON_Delete(we);
		return NULL;
	}
	return we;
}

static cJSON *code_actions_notebook_fix(gg_session *s, const gg_document *doc, const gg_edit *edits, size_t len)
{
	size_t n = doc->notebook->joined.ncells;
	gg_buf *cells = calloc(n ? n : 1, sizeof *cells);
	if (!cells)
		return NULL;
	int rc = gg_notebook_document_edited(doc, edits, len, cells);
	cJSON *we = rc ? NULL : code_actions_notebook_edit(s, doc, cells);
	if (rc)
		gg_log_debug("a fix in %s cannot be put back in its cells (%d)", doc->uri, rc);
	for (size_t j = 0; j < n; j++)
		gg_buf_free(&cells[j]);
	free(cells);
	return we;
}

cJSON *gg_code_actions_workspace_edit(gg_session *s, const gg_document *doc, const gg_edit *edits, size_t len)
{
	if (doc->notebook)
		return code_actions_notebook_fix(s, doc, edits, len);
	cJSON *list = cJSON_CreateArray();
	for (size_t i = 0; list && i < len; i++) {
		cJSON *e = code_actions_text_edit(s, doc, edits[i].range.start, edits[i].range.end, edits[i].text,
						  edits[i].text_len);
		if (!e || !cJSON_AddItemToArray(list, e)) {
			cJSON_Delete(e);
			cJSON_Delete(list);
			return NULL;
		}
	}
	cJSON *we = cJSON_CreateObject();
	if (!we || !list) {
		cJSON_Delete(we);
		cJSON_Delete(list);
		return NULL;
	}
	if (code_actions_add_edits(s, we, doc->uri, doc->version, list) != 0) {
		cJSON_Delete(we);
		return NULL;
	}
	return we;
}

/* Fix-all in a notebook: the cells' starts and IPython lines carried through the fixes, each changed cell edited. */
static int code_actions_notebook_fix_all(gg_session *s, gg_document *doc, cJSON **edit)
{
	const gg_notebook *j = &doc->notebook->joined;
	size_t *anchors = NULL, nanchors = 0;
	int rc = gg_notebook_anchors(j, &anchors, &nanchors);
	if (rc)
		return rc;
	gg_source src = { doc->text, doc->len, NULL, doc->path, gg_settings_config_for(s, doc), s->root_path, gg_project_elsewhere(s->project), NULL };
	char *out = NULL;
	size_t out_len = 0, applied = 0;
	rc = gg_fix_all_anchored(s->analyzer, &src, false, &out, &out_len, &applied, anchors, nanchors);
	gg_buf *cells = rc ? NULL : calloc(j->ncells ? j->ncells : 1, sizeof *cells);
	if (!rc && !cells)
		rc = -ENOMEM;
	if (!rc)
		rc = gg_notebook_sources(j, out, out_len, anchors, cells);
	if (!rc)
		*edit = code_actions_notebook_edit(s, doc, cells); /* NULL: nothing changes (or OOM) */
	for (size_t k = 0; cells && k < j->ncells; k++)
		gg_buf_free(&cells[k]);
	free(cells);
	free(out);
	free(anchors);
	/* Code that does not parse, or fixes that cross a cell or touch an IPython line: nothing to offer. */
	if (rc == GG_FIX_ALL_SYNTAX_ERROR || rc == GG_FIX_ALL_ANCHOR_LOST || rc == GG_NOTEBOOK_UNMAPPED)
		return 0;
	return rc;
}

int gg_code_actions_fix_all(gg_session *s, gg_document *doc, cJSON **edit)
{
	*edit = NULL;
	if (doc->notebook)
		return code_actions_notebook_fix_all(s, doc, edit);
	gg_source src = { doc->text, doc->len, NULL, doc->path, gg_settings_config_for(s, doc), s->root_path, gg_project_elsewhere(s->project), NULL };
	char *out = NULL;
	size_t out_len = 0, applied = 0;
	int rc = gg_fix_all(s->analyzer, &src, false, &out, &out_len, &applied);
	if (rc == GG_FIX_ALL_SYNTAX_ERROR)
		return 0; /* nothing is fixed in code that does not parse */
	if (rc)
		return rc;
	if (out_len == doc->len && memcmp(out, doc->text, out_len) == 0) {
		free(out);
		return 0;
	}
	/* One edit over the span that changed. */
	size_t p, q;
	code_actions_changed_span(doc->text, doc->len, out, out_len, &p, &q);
	gg_edit e = { { (uint32_t)p, (uint32_t)(doc->len - q) }, out + p, out_len - q - p };
	*edit = gg_code_actions_workspace_edit(s, doc, &e, 1);
	free(out);
	return *edit ? 0 : -ENOMEM;
}
