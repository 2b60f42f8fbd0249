#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/diagnosis_mark.h"
#include "lsp/workspace_index.h"

#include <string.h>

void gg_handle_did_save(gg_session *s, const cJSON *params)
{
	/* The open document's text is already current; a save changes nothing to analyse. */
	const char *uri = gg_params_document_uri(params);
	if (uri && !gg_session_find_document(s, uri))
		gg_log_debug("didSave for %s, which is not open", uri);
	/* The file the diagnosis named is now another: its mark would point at a line that moved. */
	gg_diagnosis_mark_end(s, uri);
	/* A saved Python file may define a wrapper other files import: the index is read again. */
	size_t n = uri ? strlen(uri) : 0;
	if (n > 3 && strcmp(uri + n - 3, ".py") == 0)
		gg_workspace_index_start(s);
}
