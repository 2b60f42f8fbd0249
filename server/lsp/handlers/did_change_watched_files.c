#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "config_load.h"
#include "jsonrpc.h"
#include "log.h"
#include "lsp/diagnosis_mark.h"
#include "lsp/handlers/handlers.h"
#include "lsp/settings.h"
#include "lsp/workspace_index.h"
#include "uri.h"

static bool watched_python(const char *path)
{
	size_t n = strlen(path);
	return n >= 3 && strcmp(path + n - 3, ".py") == 0;
}

/*
 * workspace/didChangeWatchedFiles: files changed on disk, outside the
 * editor's buffers (a checkout, a formatter, another editor). What the server
 * read from disk is read again: a configuration file (pyproject.toml,
 * gradguard.toml, .gradguard.toml) for the documents below it, the
 * workspace's Python files for the index; and a culprit file the diagnosis
 * marked no longer holds the line it named.
 */
void gg_handle_did_change_watched_files(gg_session *s, const cJSON *params)
{
	bool python = false;
	const cJSON *change;
	cJSON_ArrayForEach(change, gg_json_array(params, "changes"))
	{
		const char *uri = gg_json_string(change, "uri");
		char *path = uri ? gg_uri_to_path(uri) : NULL;
		if (!path) {
			gg_log_debug("didChangeWatchedFiles: a change without a file URI ignored");
			continue;
		}
		/* Created, changed or deleted alike: the file is not the one the traceback ran. */
		gg_diagnosis_mark_end(s, uri);
		char *slash = strrchr(path, '/'); /* a file path has one */
		if (slash && gg_config_is_file_name(slash + 1)) {
			*slash = '\0'; /* the folder whose files it configures */
			gg_settings_reload_under(s, path[0] ? path : "/");
		} else if (watched_python(path)) {
			python = true;
		}
		free(path);
	}
	/* One rebuild for the whole batch (a checkout changes many files at once). */
	if (python)
		gg_workspace_index_start(s);
}
