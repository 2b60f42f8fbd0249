#include "lsp/handlers/handlers.h"
#include "lsp/settings.h"

/*
 * workspace/didChangeConfiguration: settings.gradguard when the client sends
 * it (the old push style), else ask for the section again. Either way every
 * open document is analysed again and republished.
 */
void gg_handle_did_change_configuration(gg_session *s, const cJSON *params)
{
	const cJSON *settings = gg_json_object(params, "settings");
	const cJSON *section = gg_json_object(settings, "gradguard");
	if (section)
		gg_settings_set(s, section);
	else if (s->client_configuration)
		gg_settings_request(s);
	else
		gg_settings_set(s, s->settings); /* a pyproject.toml may have changed: re-read */
}
