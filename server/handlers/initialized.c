#include "handlers.h"

void gg_handle_initialized(gg_session *s, const cJSON *params)
{
	/* Nothing to register dynamically yet; the notification only confirms the handshake. */
	(void)s;
	(void)params;
}
