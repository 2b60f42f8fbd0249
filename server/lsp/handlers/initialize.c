#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gg_config.h"
#include "lsp/handlers/handlers.h"
#include "log.h"
#include "lsp/settings.h"
#include "uri.h"

/* The client lists encodings in its order of preference; take the first we know (LSP 3.17). */
static gg_encoding initialize_pick_encoding(const cJSON *capabilities)
{
	const cJSON *general = gg_json_object(capabilities, "general");
	const cJSON *list = gg_json_array(general, "positionEncodings");
	const cJSON *item;
	cJSON_ArrayForEach(item, list)
	{
		gg_encoding enc;
		if (cJSON_IsString(item) && gg_encoding_from_name(item->valuestring, &enc) == 0)
			return enc;
	}
	return GG_ENC_UTF16;
}

static void initialize_read_options(gg_session *s, const cJSON *options)
{
	const cJSON *debounce = cJSON_GetObjectItemCaseSensitive(options, "debounceMs");
	if (cJSON_IsNumber(debounce) && debounce->valuedouble >= 0 && debounce->valuedouble <= 10000)
		s->debounce_ms = (unsigned)debounce->valuedouble;
	else if (debounce)
		gg_log_warn("initializationOptions.debounceMs must be a number of milliseconds from 0 to 10000");
	/* The gradguard settings: the options object itself, or its "gradguard" member. */
	const cJSON *nested = gg_json_object(options, "gradguard");
	if (nested || options)
		gg_settings_set(s, nested ? nested : options);
}

/* Adds a workspace folder by its real path; folders that do not exist here are left out. */
static void initialize_add_folder(gg_session *s, const char *path)
{
	char *real = realpath(path, NULL);
	char **folders = real ? realloc(s->folders, (s->folders_len + 1) * sizeof *folders) : NULL;
	if (!folders) {
		if (real)
			gg_log_error("out of memory reading the workspace folders");
		else
			gg_log_warn("workspace folder %s: %s", path, strerror(errno));
		free(real);
		return;
	}
	s->folders = folders;
	s->folders[s->folders_len++] = real;
}

/* Every workspace folder: workspaceFolders, else rootUri, else rootPath. */
static void initialize_read_folders(gg_session *s, const cJSON *params)
{
	const cJSON *folder;
	cJSON_ArrayForEach(folder, gg_json_array(params, "workspaceFolders"))
	{
		const char *uri = gg_json_string(folder, "uri");
		char *path = uri ? gg_uri_to_path(uri) : NULL;
		if (path)
			initialize_add_folder(s, path);
		free(path);
	}
	if (s->folders_len > 0 || gg_json_array(params, "workspaceFolders"))
		return;
	const char *uri = gg_json_string(params, "rootUri");
	char *path = uri ? gg_uri_to_path(uri) : NULL;
	if (path)
		initialize_add_folder(s, path);
	else if (gg_json_string(params, "rootPath"))
		initialize_add_folder(s, gg_json_string(params, "rootPath"));
	free(path);
}

/* The workspace folder, for resolving traceback frames: workspaceFolders[0], else rootUri, else rootPath. */
static void initialize_read_root(gg_session *s, const cJSON *params)
{
	initialize_read_folders(s, params);
	const cJSON *folders = gg_json_array(params, "workspaceFolders");
	const cJSON *first = folders ? cJSON_GetArrayItem(folders, 0) : NULL;
	const char *uri = first ? gg_json_string(first, "uri") : NULL;
	if (!uri)
		uri = gg_json_string(params, "rootUri");
	char *path = uri ? gg_uri_to_path(uri) : NULL;
	if (!path && gg_json_string(params, "rootPath"))
		path = strdup(gg_json_string(params, "rootPath"));
	free(s->root_path);
	s->root_path = path;
}

/* What the client can take in code actions and hovers. */
static void initialize_read_client_features(gg_session *s, const cJSON *capabilities)
{
	const cJSON *text_document = gg_json_object(capabilities, "textDocument");
	const cJSON *resolve = gg_json_object(gg_json_object(text_document, "codeAction"), "resolveSupport");
	const cJSON *item;
	s->client_resolves_code_actions = false;
	cJSON_ArrayForEach(item, gg_json_array(resolve, "properties"))
	{
		if (cJSON_IsString(item) && strcmp(item->valuestring, "edit") == 0)
			s->client_resolves_code_actions = true;
	}
	const cJSON *edit = gg_json_object(gg_json_object(capabilities, "workspace"), "workspaceEdit");
	s->client_document_changes = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(edit, "documentChanges"));
	/* contentFormat lists the formats in order of preference; markdown unless plaintext comes first. */
	const cJSON *formats = gg_json_array(gg_json_object(text_document, "hover"), "contentFormat");
	const cJSON *first = cJSON_GetArrayItem(formats, 0);
	s->client_hover_plaintext = cJSON_IsString(first) && strcmp(first->valuestring, "plaintext") == 0;
	const cJSON *workspace = gg_json_object(capabilities, "workspace");
	const cJSON *watched = gg_json_object(workspace, "didChangeWatchedFiles");
	s->client_watches_files = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(watched, "dynamicRegistration"));
	const cJSON *diagnostics = gg_json_object(workspace, "diagnostics");
	s->client_diagnostic_refresh = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(diagnostics, "refreshSupport"));
}

cJSON *gg_handle_initialize(gg_session *s, const cJSON *params, gg_rpc_failure *fail)
{
	if (!cJSON_IsObject(params))
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "initialize: params must be an object");
	const cJSON *capabilities = cJSON_GetObjectItemCaseSensitive(params, "capabilities");
	if (capabilities && !cJSON_IsObject(capabilities))
		return gg_fail(fail, GG_RPC_INVALID_PARAMS, "initialize: capabilities must be an object");

	s->encoding = initialize_pick_encoding(capabilities);
	const cJSON *text_document = gg_json_object(capabilities, "textDocument");
	s->client_pulls_diagnostics = gg_json_object(text_document, "diagnostic") != NULL;
	initialize_read_options(s, gg_json_object(params, "initializationOptions"));
	initialize_read_root(s, params);
	initialize_read_client_features(s, capabilities);
	s->client_configuration = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(gg_json_object(capabilities, "workspace"), "configuration"));

	cJSON *result = cJSON_CreateObject();
	cJSON *caps = cJSON_AddObjectToObject(result, "capabilities");
	cJSON_AddStringToObject(caps, "positionEncoding", gg_encoding_name(s->encoding));
	cJSON *sync = cJSON_AddObjectToObject(caps, "textDocumentSync");
	cJSON_AddBoolToObject(sync, "openClose", 1);
	cJSON_AddNumberToObject(sync, "change", 2); /* TextDocumentSyncKind.Incremental */
	cJSON *save = cJSON_AddObjectToObject(sync, "save");
	cJSON_AddBoolToObject(save, "includeText", 0);
	/* Jupyter notebooks' Python cells, analysed together (lsp/notebook_document.h). */
	cJSON *nsync = cJSON_AddObjectToObject(caps, "notebookDocumentSync");
	cJSON *selectors = cJSON_AddArrayToObject(nsync, "notebookSelector");
	cJSON *selector = cJSON_CreateObject();
	cJSON_AddItemToArray(selectors, selector);
	cJSON_AddItemToObject(selector, "notebook", cJSON_CreateString("jupyter-notebook"));
	cJSON *cell_languages = cJSON_AddArrayToObject(selector, "cells");
	cJSON *python_cells = cJSON_CreateObject();
	cJSON_AddItemToArray(cell_languages, python_cells);
	cJSON_AddStringToObject(python_cells, "language", "python");
	cJSON_AddBoolToObject(nsync, "save", 1);
	cJSON_AddBoolToObject(caps, "hoverProvider", 1);
	cJSON *actions = cJSON_AddObjectToObject(caps, "codeActionProvider");
	cJSON *action_kinds = cJSON_AddArrayToObject(actions, "codeActionKinds");
	cJSON_AddItemToArray(action_kinds, cJSON_CreateString("quickfix"));
	cJSON_AddItemToArray(action_kinds, cJSON_CreateString("source.fixAll.gradguard"));
	cJSON_AddBoolToObject(actions, "resolveProvider", 1);
	cJSON *exec = cJSON_AddObjectToObject(caps, "executeCommandProvider");
	cJSON *commands = cJSON_AddArrayToObject(exec, "commands");
	cJSON_AddItemToArray(commands, cJSON_CreateString("gradguard.diagnoseTraceback"));
	cJSON *diag = cJSON_AddObjectToObject(caps, "diagnosticProvider");
	cJSON_AddStringToObject(diag, "identifier", "gradguard");
	cJSON_AddBoolToObject(diag, "interFileDependencies", 0);
	cJSON_AddBoolToObject(diag, "workspaceDiagnostics", 0);
	cJSON *info = cJSON_AddObjectToObject(result, "serverInfo");
	cJSON_AddStringToObject(info, "name", "gradguard");
	cJSON_AddStringToObject(info, "version", GG_VERSION);
	if (!info || !cJSON_GetObjectItemCaseSensitive(info, "version")) {
		cJSON_Delete(result);
		return gg_fail(fail, GG_RPC_INTERNAL_ERROR, "out of memory");
	}

	s->state = GG_SESSION_RUNNING;
	gg_log_info("initialized: position encoding %s, diagnostics %s", gg_encoding_name(s->encoding),
		    s->client_pulls_diagnostics ? "pulled by the client" : "pushed");
	return result;
}
