#ifndef GG_CLI_FIX_H
#define GG_CLI_FIX_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"
#include "fix.h"
#include "position.h"

/*
 * The fix side of `gradguard check`: fixes as ruff-compatible JSON, and
 * `--fix` applied to a file on disk.
 */

/*
 * {"applicability": "safe"|"unsafe", "message", "edits": [{content, location,
 * end_location}]} with 1-based rows and code point columns: positions
 * (converted in GG_ENC_UTF32) holds the edits' offsets, converted with the
 * file's other offsets in one sweep. with_kind adds "kind"
 * (gg_fix_kind_name). Returns NULL on failure.
 */
cJSON *gg_cli_fix_json(const gg_fix *fix, const gg_position_table *positions, bool with_kind);

/*
 * Applies every safe fix (with unsafe, every best fix) to the file at path whose body (after any BOM) is
 * src->text; when something changed, writes the file back (BOM kept) and
 * hands over the new body in *text / *len (the caller's; freed old one).
 * *fixed counts the fixes. Returns 0 or a negative errno (file untouched).
 */
int gg_cli_fix_file(gg_analyzer *a, const gg_source *src, const char *path, bool bom, bool unsafe, char **new_text,
		    size_t *new_len, size_t *fixed);

#endif
