/*
 * codeAction/resolve: computes the edit of an action from its data (the
 * document version, the finding, the fix kind). When the document has moved
 * on, or the finding is gone, the request fails with ContentModified rather
 * than return an edit computed for other text.
 */
#include <errno.h>
#include <string.h>

#include "lsp/handlers/handlers.h"
#include "lsp/code_actions.h"

#define GG_RPC_CONTENT_MODIFIED (-32801)

static cJSON *resolve_quickfix(gg_session *s, gg_document *doc, const cJSON *data, gg_rpc_failure *fail)
{
	const char *code = gg_json_string(data, "code");
	const char *kind = gg_json_string(data, "fix");
	long long start, end;
	if (!code || !kind || gg_json_int64(data, "start", &start) || gg_json_int64(data, "end", &end))
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "codeAction/resolve: data does not name a fix");
	for (size_t i = 0; i < doc->findings.len; i++) {
		const gg_finding *f = &doc->findings.items[i];
		if (strcmp(f->code, code) != 0 || f->range.start != start || f->range.end != end)
			continue;
		gg_fixes fixes;
		gg_fixes_init(&fixes);
		int rc = gg_code_actions_fixes(s, doc, f, &fixes);
		cJSON *edit = NULL;
		for (size_t k = 0; k < fixes.len && !rc && !edit; k++) {
			if (strcmp(gg_fix_kind_name(fixes.items[k].kind), kind) == 0) {
				edit = gg_code_actions_workspace_edit(s, doc, fixes.items[k].edits, fixes.items[k].edits_len);
				if (!edit && !doc->notebook)
					rc = -ENOMEM;
				if (!edit)
					break; /* in a notebook: the fix cannot be put back in its cells */
			}
		}
		gg_fixes_free(&fixes);
		if (rc)
			return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "codeAction/resolve: out of memory");
		if (edit)
			return edit;
		break;
	}
	return gg_fail(fail, GG_RPC_CONTENT_MODIFIED, "codeAction/resolve: the finding is gone");
}

cJSON *gg_handle_code_action_resolve(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	const cJSON *data = gg_json_object(params, "data");
	const char *uri = gg_json_string(data, "uri");
	long long version;
	if (!cJSON_IsObject(params) || !uri || gg_json_int64(data, "version", &version))
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "codeAction/resolve: not an action of gradguard");
	gg_document *doc = gg_session_find_document(s, uri);
	if (!doc)
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "codeAction/resolve: %s is not open", uri);
	if (doc->version != version)
		return gg_fail(fail, GG_RPC_CONTENT_MODIFIED, "codeAction/resolve: %s changed (version %lld, now %lld)",
			       uri, version, (long long)doc->version);
	if (!gg_code_actions_prepare(s, doc))
		return gg_fail(fail, GG_RPC_CONTENT_MODIFIED, "codeAction/resolve: %s cannot be fixed", uri);
	cJSON *edit = NULL;
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(data, "fixAll"))) {
		int rc = gg_code_actions_fix_all(s, doc, &edit);
		if (rc)
			return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "codeAction/resolve: fix-all failed (%d)", rc);
		if (!edit)
			return gg_fail(fail, GG_RPC_CONTENT_MODIFIED, "codeAction/resolve: nothing left to fix");
	} else {
		edit = resolve_quickfix(s, doc, data, fail);
		if (!edit)
			return NULL;
	}
	cJSON *action = cJSON_Duplicate(params, 1);
	if (!action) {
		cJSON_Delete(edit);
		return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "out of memory");
	}
	cJSON_DeleteItemFromObjectCaseSensitive(action, "edit");
	cJSON_AddItemToObject(action, "edit", edit);
	return action;
}
