#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/jobs.h"

void gg_handle_cancel_request(gg_session *s, const cJSON *params)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(params, "id");
	if (!cJSON_IsNumber(id) && !cJSON_IsString(id)) {
		gg_log_warn("$/cancelRequest: id must be a number or a string");
		return;
	}
	/* A request already answered, or never sent, has nothing left to cancel. */
	if (!gg_session_cancel_pending(s, id) && !gg_jobs_cancel(s, id))
		gg_log_debug("$/cancelRequest: no pending request with that id");
}
