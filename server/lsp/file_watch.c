#include "lsp/file_watch.h"

#include <stdbool.h>

#include "log.h"

/* The Python files (for the index) and every file a folder's configuration is read from (config_load.c). */
static const char *const file_watch_globs[] = { "**/*.py", "**/pyproject.toml", "**/gradguard.toml", "**/.gradguard.toml" };

void gg_file_watch_register(gg_session *s)
{
	if (!s->client_watches_files)
		return;
	cJSON *params = cJSON_CreateObject();
	cJSON *list = cJSON_AddArrayToObject(params, "registrations");
	cJSON *reg = cJSON_CreateObject();
	bool ok = list && reg && cJSON_AddItemToArray(list, reg);
	if (!ok)
		cJSON_Delete(reg);
	ok = ok && cJSON_AddStringToObject(reg, "id", "gradguard-watched-files") &&
	     cJSON_AddStringToObject(reg, "method", "workspace/didChangeWatchedFiles");
	cJSON *options = ok ? cJSON_AddObjectToObject(reg, "registerOptions") : NULL;
	cJSON *watchers = options ? cJSON_AddArrayToObject(options, "watchers") : NULL;
	ok = watchers != NULL;
	for (size_t i = 0; ok && i < sizeof file_watch_globs / sizeof file_watch_globs[0]; i++) {
		/* No "kind": created, changed and deleted (the default, 7). */
		cJSON *w = cJSON_CreateObject();
		if (!w || !cJSON_AddItemToArray(watchers, w)) {
			cJSON_Delete(w);
			ok = false;
			break;
		}
		ok = cJSON_AddStringToObject(w, "globPattern", file_watch_globs[i]) != NULL;
	}
	if (!ok) {
		cJSON_Delete(params);
		gg_log_error("out of memory registering the file watchers");
		return;
	}
	if (gg_session_send_request(s, "client/registerCapability", params, gg_session_response_logged,
				    (void *)"client/registerCapability") != 0)
		gg_log_error("out of memory registering the file watchers");
}
