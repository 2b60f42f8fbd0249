#ifndef GG_CONFIG_SETTINGS_H
#define GG_CONFIG_SETTINGS_H

#include <cjson/cJSON.h>

#include "config.h"

/*
 * The editor's settings (initializationOptions, or the "gradguard" section of
 * workspace/configuration): an object with the keys of [tool.gradguard], in
 * camelCase, kebab-case or snake_case (extraModelNames, extra-model-names),
 * severity an object of code: "error" | "warning" | "information" | "hint".
 * Keys it does not know (debounceMs, trace, path of the editor's own) are
 * left alone, but one near a known key (selct) is described in *warning
 * with the key it was meant to be; a known key with a value of the wrong
 * type is skipped, and a rule selector that names no rule is left out of its
 * list (the rest kept), each described in *warning too (owned by the
 * caller; every problem, in order, "; " between them).
 * Fills out (initialised by the caller); only keys present are marked set.
 * Returns 0 or -ENOMEM.
 */
int gg_config_from_settings(const cJSON *settings, gg_config *out, char **warning);

#endif
