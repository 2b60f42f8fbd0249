#ifndef GG_CLI_FIX_H
#define GG_CLI_FIX_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis.h"
#include "cli/file_rewrite.h"
#include "analysis/fix.h"
#include "notebook_cells.h"
#include "position.h"

/*
 * The fix side of `gradguard check`: fixes as ruff-compatible JSON, and
 * `--fix` applied to a file on disk.
 */

/*
 * {"applicability": "safe"|"unsafe" ("display-only" with display_only: the
 * file does not parse, so --fix makes none), "message", "edits": [{content, location,
 * end_location}]} with 1-based rows and code point columns: positions
 * (converted in GG_ENC_UTF32) holds the edits' offsets, converted with the
 * file's other offsets in one sweep. with_kind adds "kind"
 * (gg_fix_kind_name). Returns NULL on failure.
 */
cJSON *gg_cli_fix_json(const gg_fix *fix, const gg_position_table *positions, bool with_kind, bool display_only);

/*
 * Every safe fix (with unsafe, every best fix) applied to src, written
 * nowhere: *new_text (the caller's) is the fixed text, NULL when nothing
 * changed (`--fix` on stdin prints it). Returns as gg_cli_fix_file.
 */
int gg_cli_fix_text(gg_analyzer *a, const gg_source *src, bool unsafe, char **new_text, size_t *new_len,
		    size_t *fixed, size_t *by_rule, char **why);

/*
 * Applies every safe fix (with unsafe, every best fix) to src, the body of
 * the file that file holds open: read_len bytes read from it, src->text
 * pointing into them after any BOM. When something changed, rewrites the
 * file (BOM kept; gg_file_rewrite_commit) and hands over the new body in
 * *new_text / *new_len (the caller's). *fixed counts the fixes, and
 * by_rule (NULL: not counted) per rule (gg_fix_all_counted). Returns 0,
 * GG_FILE_REWRITE_SKIPPED with *why (the caller's: why the file was left as
 * it was), or a negative errno (the file untouched).
 */
int gg_cli_fix_file(gg_analyzer *a, const gg_source *src, gg_file_rewrite *file, const char *read, size_t read_len,
		    bool unsafe, char **new_text, size_t *new_len, size_t *fixed, size_t *by_rule, char **why);

/*
 * --fix on a notebook: nb was read from read[0..read_len) (the file that
 * file holds open), src checks its text. The fixes run on the joined cells,
 * so facts cross cells; only the cells they change are rewritten
 * (gg_notebook_write). *new_json (the caller's) is the notebook written.
 * Returns as gg_cli_fix_file: GG_FILE_REWRITE_SKIPPED with *why when a fix
 * would span cells or touch IPython syntax, or the cells do not parse.
 */
int gg_cli_fix_notebook(gg_analyzer *a, const gg_source *src, const gg_notebook *nb, gg_file_rewrite *file,
			const char *read, size_t read_len, bool unsafe, char **new_json, size_t *new_len, size_t *fixed,
			size_t *by_rule, char **why);
/* The same, written nowhere: *new_json is NULL when nothing changed. */
int gg_cli_fix_notebook_text(gg_analyzer *a, const gg_source *src, const gg_notebook *nb, const char *read,
			     size_t read_len, bool unsafe, char **new_json, size_t *new_len, size_t *fixed,
			     size_t *by_rule, char **why);

/*
 * --diff: what --fix would do to src (nb: the notebook it joins, or NULL),
 * printed to out as a unified diff (cli/diff.h) labelled path, or for a
 * notebook one per changed cell labelled "path:cell N"; nothing is written.
 * *fixed counts the fixes. Returns 0, GG_FILE_REWRITE_SKIPPED with *why (the
 * caller's) as --fix would skip the file, or a negative errno.
 */
int gg_cli_fix_diff(gg_analyzer *a, const gg_source *src, const gg_notebook *nb, bool unsafe, const char *path,
		    FILE *out, size_t *fixed, char **why);

#endif
