#ifndef GG_LSP_CODE_ACTIONS_H
#define GG_LSP_CODE_ACTIONS_H

#include <cjson/cJSON.h>

#include "fix.h"
#include "lsp/session.h"

/*
 * The LSP side of the fix engine, shared by textDocument/codeAction and
 * codeAction/resolve: fixes of a document's findings, and fixes as
 * WorkspaceEdits in the negotiated position encoding.
 */

/*
 * Brings doc's tree and findings up to date; false when doc is not a Python
 * document (no fixes for it) or its analysis failed.
 */
bool gg_code_actions_prepare(gg_session *s, gg_document *doc);

/* The fixes of doc's finding f (doc prepared). Returns 0 or -ENOMEM. */
int gg_code_actions_fixes(gg_session *s, gg_document *doc, const gg_finding *f, gg_fixes *out);

/*
 * The fixes of count findings of doc (doc prepared), out[i] those of
 * findings[i] (the caller frees each), read from the document once; a
 * finding whose GG001 fixes an earlier one already has gets only its
 * `# noqa` (gg_fix_list_for_all). Returns 0 or -ENOMEM.
 */
int gg_code_actions_fixes_each(gg_session *s, gg_document *doc, const gg_finding *findings, size_t count,
			       gg_fixes *out);

/* Whether some finding of doc (prepared) has a safe fix: fix-all is offered then. Returns 0 or -ENOMEM. */
int gg_code_actions_any_safe(gg_session *s, gg_document *doc, bool *any);

/* A WorkspaceEdit applying edits to doc (versioned when the client takes documentChanges); NULL on OOM. */
cJSON *gg_code_actions_workspace_edit(gg_session *s, const gg_document *doc, const gg_edit *edits, size_t len);

/*
 * The WorkspaceEdit of every safe fix of doc (gg_fix_all), as one edit over
 * the changed span. *edit is NULL when nothing would change. Returns 0 or a negative errno.
 */
int gg_code_actions_fix_all(gg_session *s, gg_document *doc, cJSON **edit);

#endif
