#include "lsp/handlers/handlers.h"

void gg_handle_exit(gg_session *s, const cJSON *params)
{
	(void)params;
	/* LSP: exit code 0 when shutdown came first, 1 otherwise. */
	gg_session_exit(s, s->state == GG_SESSION_SHUTDOWN ? 0 : 1);
}
