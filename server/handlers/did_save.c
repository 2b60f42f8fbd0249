#include "handlers.h"
#include "log.h"

void gg_handle_did_save(gg_session *s, const cJSON *params)
{
	/* The open document's text is already current; a save changes nothing to analyse. */
	const char *uri = gg_params_document_uri(params);
	if (uri && !gg_session_find_document(s, uri))
		gg_log_debug("didSave for %s, which is not open", uri);
}
