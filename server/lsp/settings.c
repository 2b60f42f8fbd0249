#include "lsp/settings.h"

#include <stdlib.h>
#include <string.h>

#include "config_load.h"
#include "config_settings.h"
#include "docs_url.h"
#include "log.h"
#include "lsp/diagnostics.h"
#include "lsp/workspace_index.h"

void gg_settings_free(gg_session *s)
{
	cJSON_Delete(s->settings);
	s->settings = NULL;
	gg_config_loader_delete(s->config_loader);
	s->config_loader = NULL;
}

/*
 * Part of the configuration was ignored (a broken pyproject.toml, a setting
 * of the wrong type): the user is shown what and why, and the log keeps it.
 * Each loader reports a file once (it caches the folder's answer), so this
 * comes once per file and per change of the settings, not per keystroke.
 */
static void settings_report(gg_session *s, const char *what)
{
	gg_log_warn("%s", what);
	cJSON *params = cJSON_CreateObject();
	char *message = gg_strdup_printf("gradguard: %s", what);
	if (!params || !message || !cJSON_AddNumberToObject(params, "type", 2 /* Warning */) ||
	    !cJSON_AddStringToObject(params, "message", message)) {
		cJSON_Delete(params);
		free(message);
		return;
	}
	free(message);
	gg_session_send_notification(s, "window/showMessage", params);
}

/* The loader for the current settings, built on first use after a change. */
static gg_config_loader *settings_loader(gg_session *s)
{
	if (s->config_loader)
		return s->config_loader;
	gg_config editor;
	gg_config_init(&editor);
	char *warning = NULL;
	if (gg_config_from_settings(s->settings, &editor, &warning) == 0)
		s->config_loader = gg_config_loader_new(editor.set ? &editor : NULL);
	if (warning)
		settings_report(s, warning);
	free(warning);
	gg_config_free(&editor);
	if (!s->config_loader)
		gg_log_error("out of memory reading the settings");
	return s->config_loader;
}

const gg_config *gg_settings_config_for(gg_session *s, const gg_document *doc)
{
	gg_config_loader *l = settings_loader(s);
	if (!l)
		return NULL;
	/* A document without a file (untitled:) gets the editor's settings alone. */
	if (!doc->path)
		return gg_config_loader_overrides(l);
	const gg_config *c = NULL;
	char *error = NULL;
	int rc = gg_config_loader_for_file(l, doc->path, &c, &error);
	if (rc && error) {
		/* The loader gave the folder the defaults (with the editor's settings): say so. */
		char *what = gg_strdup_printf("%s; this file is ignored: its folder is checked with the defaults", error);
		settings_report(s, what ? what : error);
		free(what);
	} else if (rc) {
		settings_report(s, "cannot read the configuration; files are checked with the defaults");
	}
	free(error);
	return c;
}

const gg_config *gg_settings_config_for_dir(gg_session *s, const char *dir)
{
	gg_config_loader *l = settings_loader(s);
	const gg_config *c = NULL;
	char *error = NULL;
	if (l && gg_config_loader_for_dir(l, dir, &c, &error) != 0 && error)
		settings_report(s, error); /* the loader says it once, to whoever asks first */
	free(error);
	return c;
}

/* The `python` setting of an editor's settings object, or NULL. */
static const char *settings_python(const cJSON *settings)
{
	const cJSON *v = cJSON_IsObject(settings) ? cJSON_GetObjectItemCaseSensitive(settings, "python") : NULL;
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

const char *gg_settings_python(const gg_session *s)
{
	return settings_python(s->settings);
}

void gg_settings_set(gg_session *s, const cJSON *settings)
{
	cJSON *copy = cJSON_IsObject(settings) ? cJSON_Duplicate(settings, 1) : NULL;
	if (settings && cJSON_IsObject(settings) && !copy) {
		gg_log_error("out of memory keeping the settings");
		return;
	}
	const char *was = settings_python(s->settings), *now = settings_python(copy);
	bool python_changed = (was || now) && (!was || !now || strcmp(was, now) != 0);
	gg_settings_free(s);
	s->settings = copy;
	/* Another environment: the libraries the index read may be others (the index re-analyses the documents). */
	if (python_changed && (s->project || s->index_build))
		gg_workspace_index_start(s);
	/* Every open document may now read differently: analyse again and push. */
	for (size_t i = 0; i < s->docs_len; i++)
		gg_diagnostics_schedule(s, s->docs[i]);
}

static bool settings_path_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	if (n == 1 && dir[0] == '/')
		return path[0] == '/';
	return strncmp(path, dir, n) == 0 && path[n] == '/';
}

void gg_settings_reload_under(gg_session *s, const char *dir)
{
	/*
	 * The loader caches each folder's answer; a new one reads the files
	 * again when next asked. Documents elsewhere read the same files as
	 * before, so only those below dir are analysed again.
	 */
	gg_config_loader_delete(s->config_loader);
	s->config_loader = NULL;
	size_t affected = 0;
	for (size_t i = 0; i < s->docs_len; i++) {
		if (s->docs[i]->path && settings_path_under(s->docs[i]->path, dir)) {
			gg_diagnostics_schedule(s, s->docs[i]);
			affected++;
		}
	}
	gg_log_debug("configuration under %s changed: %zu open documents analysed again", dir, affected);
	/* A pulling client keeps what it pulled until told to ask again. */
	if (affected && s->client_pulls_diagnostics && s->client_diagnostic_refresh)
		gg_session_send_request(s, "workspace/diagnostic/refresh", NULL, gg_session_response_logged,
					(void *)"workspace/diagnostic/refresh");
}

static void settings_on_response(gg_session *s, const cJSON *result, const cJSON *error, void *ctx)
{
	(void)ctx;
	if (!error && !result)
		return; /* the session ended first */
	if (error || !result) {
		gg_log_warn("workspace/configuration failed: keeping the current settings");
		return;
	}
	const cJSON *section = cJSON_IsArray(result) ? cJSON_GetArrayItem(result, 0) : NULL;
	/* null: the client has no such section; the initializationOptions stay. */
	if (cJSON_IsObject(section))
		gg_settings_set(s, section);
	else if (section && !cJSON_IsNull(section))
		gg_log_warn("workspace/configuration: the gradguard section is not an object");
}

void gg_settings_request(gg_session *s)
{
	if (!s->client_configuration)
		return;
	cJSON *params = cJSON_CreateObject();
	cJSON *items = cJSON_AddArrayToObject(params, "items");
	cJSON *item = cJSON_CreateObject();
	if (!item || !cJSON_AddStringToObject(item, "section", "gradguard") || !cJSON_AddItemToArray(items, item)) {
		cJSON_Delete(item);
		cJSON_Delete(params);
		gg_log_error("out of memory asking for the settings");
		return;
	}
	if (gg_session_send_request(s, "workspace/configuration", params, settings_on_response, NULL) != 0)
		gg_log_error("out of memory asking for the settings");
}

char *gg_settings_rule_url(gg_session *s, const gg_document *doc, const char *code)
{
	const gg_config *c = gg_settings_config_for(s, doc);
	return gg_docs_url(c && c->docs_url ? c->docs_url : s->docs_base, code);
}
