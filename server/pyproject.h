#ifndef GG_PYPROJECT_H
#define GG_PYPROJECT_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"

/*
 * Reads [tool.gradguard] out of the text of a pyproject.toml, with the
 * tree-sitter TOML grammar: a [tool.gradguard] table (and
 * [tool.gradguard.severity]), dotted keys (tool.gradguard.select = [...]),
 * inline tables (gradguard = { select = [...] } under [tool]). Keys in
 * kebab-case (snake_case is accepted). Values:
 *
 *   select, ignore, extra-model-names, extra-eval-names,
 *   grad-disabling-decorators, exclude     arrays of strings
 *   prefer                                 "no_grad" or "inference_mode"
 *   severity                               table: code or prefix = "error" | "warning" | "information" | "hint"
 *
 * Fills out (initialised by the caller) and sets *found when the file has
 * the table. Returns 0; -EINVAL for a TOML syntax error, an unknown key, a
 * value of the wrong type or past a bound below, with "PATH:LINE:COL: what"
 * in *error (owned by the caller); -EFBIG for a text over
 * GG_PYPROJECT_MAX_BYTES ("PATH: what"); -ENOMEM.
 *
 * Any text is safe to give: the bounds hold whatever it holds, and nothing
 * recurses on what the file controls.
 */
enum {
	GG_PYPROJECT_MAX_BYTES = 1 << 20,  /* the text */
	GG_PYPROJECT_MAX_DEPTH = 128,      /* arrays and inline tables within each other */
	GG_PYPROJECT_MAX_KEY_PARTS = 128,  /* a key's dotted parts, with its table's */
};

int gg_pyproject_parse(const char *path, const char *text, size_t len, gg_config *out, bool *found, char **error);

/*
 * The same settings at the top level of a gradguard.toml or .gradguard.toml
 * (as ruff reads ruff.toml: `select = [...]`, `[severity]`), or of a
 * `--config "key = value"` override: every key must be a setting. Returns
 * as gg_pyproject_parse.
 */
int gg_gradguard_toml_parse(const char *path, const char *text, size_t len, gg_config *out, char **error);

#endif
