#ifndef GG_CLI_FIX_SUMMARY_H
#define GG_CLI_FIX_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "buf.h"

/*
 * What `gradguard check` says about fixes under its report, in ruff's words
 * (crates/ruff/src/printer.rs, docs/ruff-habits.md):
 *
 *   [*] 2 fixable with the `--fix` option (1 hidden fix can be enabled with the `--unsafe-fixes` option).
 *   No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).
 *
 * and the table --show-fixes prints after a --fix:
 *
 *   Fixed 3 findings:
 *   - eval.py:
 *       2 × GG001 (eval-forward-with-grad)
 *       1 × GG002 (graph-accumulation)
 *
 * which counts fixes applied, as ruff's does (and "Fixed N findings." below
 * it): a wrap that also puts a GG002 under no_grad counts once, for GG001.
 *
 * A finding is fixable when `--fix` (with `--unsafe-fixes`, if given) has a
 * fix for it; hidden when only `--unsafe-fixes` has one.
 */

/*
 * The fixable line after the findings (nothing when neither count is set).
 * unsafe_given: --unsafe-fixes was given (ruff then says "--fix" without
 * backquotes and no hidden count).
 */
void gg_cli_fix_summary_fixable(FILE *out, size_t fixable, size_t hidden, bool unsafe_given);

/*
 * Where the report is not shown (--fix-only, --diff), ruff's "Fixed N
 * findings." with the hidden fixes left: "Fixed 2 findings (1 additional fix
 * available with `--unsafe-fixes`)." or "No findings fixed (...)"; would:
 * --diff's "Would fix". Prints nothing when there is nothing to say.
 */
void gg_cli_fix_summary_fixed(FILE *out, size_t fixed, size_t hidden, bool would);

/*
 * --show-fixes: one file's block into log: fixed[i] fixes of rule codes[i]
 * (named names[i]; n rules) were applied to it; *total grows by them.
 * Nothing when none was. 0 or -ENOMEM.
 */
int gg_cli_fix_summary_file(gg_buf *log, const char *path, const char *const *codes, const char *const *names,
			    const size_t *fixed, size_t n, size_t *total);

/* --show-fixes: "Fixed N findings:" and the files' blocks, between empty lines (nothing when total is 0). */
void gg_cli_fix_summary_print(FILE *out, const gg_buf *log, size_t total);

#endif
