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
 * the table. Returns 0; -EINVAL for a TOML syntax error, an unknown key or a
 * value of the wrong type, with "PATH:LINE:COL: what" in *error (owned by the
 * caller); -ENOMEM.
 */
int gg_pyproject_parse(const char *path, const char *text, size_t len, gg_config *out, bool *found, char **error);

#endif
