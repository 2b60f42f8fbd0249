/* Fixes as LSP objects (lsp/code_actions.h). */
#include "lsp/code_actions.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "lsp/diagnostics.h"
#include "lsp/log_document.h"
#include "lsp/settings.h"

bool gg_code_actions_prepare(gg_session *s, gg_document *doc)
{
	if (!gg_document_is_python(doc) || gg_log_document_is_log(doc))
		return false;
	if (gg_diagnostics_analyze(s, doc) != 0 || gg_document_parse(doc, s->parser) != 0 || !doc->tree)
		return false;
	return true;
}

int gg_code_actions_fixes(gg_session *s, gg_document *doc, const gg_finding *f, gg_fixes *out)
{
	return gg_fix_list(doc->text, doc->len, ts_tree_root_node(doc->tree), f, gg_settings_config_for(s, doc), out);
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
	return gg_fix_list_for_all(doc->text, doc->len, ts_tree_root_node(doc->tree), findings, count,
				   gg_settings_config_for(s, doc), out);
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
	int rc = gg_fix_list_for_all(doc->text, doc->len, ts_tree_root_node(doc->tree), doc->findings.items, n,
				     gg_settings_config_for(s, doc), each);
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
	char *copy = strndup(text, len);
	cJSON *t = copy ? cJSON_CreateString(copy) : NULL;
	free(copy);
	if (!t || !cJSON_AddItemToObject(e, "newText", t)) {
		cJSON_Delete(t);
		cJSON_Delete(e);
		return NULL;
	}
	return e;
}

cJSON *gg_code_actions_workspace_edit(gg_session *s, const gg_document *doc, const gg_edit *edits, size_t len)
{
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
	if (s->client_document_changes) {
		/* Versioned: a client whose document moved on rejects the edit instead of misapplying it. */
		cJSON *changes = cJSON_AddArrayToObject(we, "documentChanges");
		cJSON *one = cJSON_CreateObject();
		cJSON *id = cJSON_AddObjectToObject(one, "textDocument");
		cJSON_AddStringToObject(id, "uri", doc->uri);
		cJSON_AddNumberToObject(id, "version", (double)doc->version);
		cJSON_AddItemToObject(one, "edits", list);
		cJSON_AddItemToArray(changes, one);
	} else {
		cJSON *changes = cJSON_AddObjectToObject(we, "changes");
		cJSON_AddItemToObject(changes, doc->uri, list);
	}
	return we;
}

int gg_code_actions_fix_all(gg_session *s, gg_document *doc, cJSON **edit)
{
	*edit = NULL;
	gg_source src = { doc->text, doc->len, NULL, doc->path, gg_settings_config_for(s, doc), s->root_path, s->project };
	char *out = NULL;
	size_t out_len = 0, applied = 0;
	int rc = gg_fix_all(s->analyzer, &src, false, &out, &out_len, &applied);
	if (rc == GG_FIX_ALL_SYNTAX_ERROR)
		return 0; /* nothing is fixed in code that does not parse */
	if (rc)
		return rc;
	/* One edit over the span that changed, cut at character (and CRLF) boundaries. */
	size_t p = 0, n = doc->len < out_len ? doc->len : out_len;
	while (p < n && doc->text[p] == out[p])
		p++;
	while (p > 0 && (((unsigned char)doc->text[p] & 0xC0) == 0x80 ||
			 (doc->text[p - 1] == '\r' && p < doc->len && doc->text[p] == '\n')))
		p--;
	size_t q = 0;
	while (q < n - p && doc->text[doc->len - 1 - q] == out[out_len - 1 - q])
		q++;
	while (q > 0 && (((unsigned char)doc->text[doc->len - q] & 0xC0) == 0x80 ||
			 (doc->text[doc->len - q] == '\n' && doc->len - q > p && doc->text[doc->len - q - 1] == '\r')))
		q--;
	if (p == doc->len && p == out_len) {
		free(out);
		return 0;
	}
	gg_edit e = { { (uint32_t)p, (uint32_t)(doc->len - q) }, out + p, out_len - q - p };
	*edit = gg_code_actions_workspace_edit(s, doc, &e, 1);
	free(out);
	return *edit ? 0 : -ENOMEM;
}
