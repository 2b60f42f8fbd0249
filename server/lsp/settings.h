#ifndef GG_LSP_SETTINGS_H
#define GG_LSP_SETTINGS_H

#include <cjson/cJSON.h>

#include "config.h"
#include "lsp/session.h"

/*
 * The editor's gradguard settings and the configuration each document is
 * analysed with. A document's configuration is the [tool.gradguard] of the
 * nearest pyproject.toml above its file (as for `gradguard check`), with
 * the editor's settings merged on top, key by key: the editor wins for the
 * keys it sets (ruff's default configurationPreference, "editorFirst").
 *
 * Settings come from initializationOptions, then from workspace/configuration
 * (section "gradguard") when the client supports it: asked after
 * `initialized` and again on workspace/didChangeConfiguration unless that
 * notification carries settings.gradguard itself.
 */

/* Replaces the settings with a copy of settings (an object; NULL: none) and re-analyses every open document. */
void gg_settings_set(gg_session *s, const cJSON *settings);
/* Asks the client for the "gradguard" section; its answer goes through gg_settings_set. */
void gg_settings_request(gg_session *s);
/*
 * A pyproject.toml in folder dir changed on disk: the configuration files are
 * read again, and the open documents below dir analysed again and published
 * (a pulling client that supports it is asked to pull again).
 */
void gg_settings_reload_under(gg_session *s, const char *dir);
/* The configuration for doc (owned by the session; NULL: the defaults). */
const gg_config *gg_settings_config_for(gg_session *s, const gg_document *doc);
/* The configuration for files in folder dir (owned by the session; NULL: the defaults). */
const gg_config *gg_settings_config_for_dir(gg_session *s, const char *dir);
/*
 * The `python` setting of the editor's own settings, or NULL: the user's
 * (python_env.h), which may name an interpreter to run, unlike a
 * pyproject.toml's.
 */
const char *gg_settings_python(const gg_session *s);
/*
 * The page of rule code for doc (docs_url.h): under its configuration's
 * docs-url (the editor's docsUrl winning, as for every key), else under the
 * pages installed with the program. NULL when there is none, or on OOM;
 * the caller frees.
 */
char *gg_settings_rule_url(gg_session *s, const gg_document *doc, const char *code);
/* Frees the settings and the cached configurations. */
void gg_settings_free(gg_session *s);

#endif
