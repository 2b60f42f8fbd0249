#include "handlers.h"
#include "lsp_settings.h"

void gg_handle_initialized(gg_session *s, const cJSON *params)
{
	(void)params;
	/* Settings the client keeps (workspace/configuration) replace the initializationOptions. */
	gg_settings_request(s);
}
