#ifndef GG_CLI_JSON_PRETTY_H
#define GG_CLI_JSON_PRETTY_H

#include <cjson/cJSON.h>
#include <stdio.h>

/*
 * JSON as ruff prints it (serde_json's pretty layout): two spaces per level,
 * `"key": value`, one member or element per line, `[]` and `{}` when empty.
 * cJSON_Print indents with tabs and puts a tab after the colon, which no
 * other tool does. Members keep their order. Returns 0, or -EIO when out
 * could not be written.
 */
int gg_json_pretty_print(FILE *out, const cJSON *item);

/* One value on one line, without spaces (serde_json's compact layout, json-lines'). */
int gg_json_compact_print(FILE *out, const cJSON *item);

#endif
