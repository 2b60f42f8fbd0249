#include "lsp/file_watch.h"
#include "lsp/handlers/handlers.h"
#include "lsp/settings.h"
#include "lsp/workspace_index.h"

void gg_handle_initialized(gg_session *s, const cJSON *params)
{
	(void)params;
	/* Settings the client keeps (workspace/configuration) replace the initializationOptions. */
	gg_settings_request(s);
	/* What the workspace's files define for each other (imported wrappers), built off the loop. */
	gg_workspace_index_start(s);
	/* Files changed on disk outside the editor (a checkout) reach us as didChangeWatchedFiles. */
	gg_file_watch_register(s);
}
