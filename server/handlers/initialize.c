#include <stdlib.h>
#include <string.h>

#include "gg_config.h"
#include "handlers.h"
#include "log.h"
#include "lsp_settings.h"

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
	s->client_configuration = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(gg_json_object(capabilities, "workspace"), "configuration"));

	cJSON *result = cJSON_CreateObject();
	cJSON *caps = cJSON_AddObjectToObject(result, "capabilities");
	cJSON_AddStringToObject(caps, "positionEncoding", gg_encoding_name(s->encoding));
	cJSON *sync = cJSON_AddObjectToObject(caps, "textDocumentSync");
	cJSON_AddBoolToObject(sync, "openClose", 1);
	cJSON_AddNumberToObject(sync, "change", 2); /* TextDocumentSyncKind.Incremental */
	cJSON *save = cJSON_AddObjectToObject(sync, "save");
	cJSON_AddBoolToObject(save, "includeText", 0);
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
