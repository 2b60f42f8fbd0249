#include "lsp/handlers/handlers.h"

cJSON *gg_handle_shutdown(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	(void)params;
	(void)fail;
	s->state = GG_SESSION_SHUTDOWN;
	uv_timer_stop(&s->debounce);
	return cJSON_CreateNull();
}
