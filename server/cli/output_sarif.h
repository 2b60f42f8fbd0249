#ifndef GG_CLI_OUTPUT_SARIF_H
#define GG_CLI_OUTPUT_SARIF_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "analysis/fix.h"
#include "findings.h"
#include "position.h"

/*
 * `gradguard check --output-format sarif`: one SARIF 2.1.0 log with one run
 * (docs/output-formats.md has an example).
 *
 * - tool.driver: name "gradguard", the program's version, informationUri, and
 *   every rule of the rule table (id, name, shortDescription, helpUri: the
 *   page the json format's "url" names, defaultConfiguration.level).
 * - results: ruleId and ruleIndex, level ("error", "warning"; "note" for the
 *   information and hint severities), message.text, one physical location,
 *   relatedLocations for the finding's related ranges, and "fixes": every
 *   fix of the finding, best first, as artifactChanges/replacements
 *   (deletedRegion in the checked file's coordinates, insertedContent;
 *   properties.applicability "safe" or "unsafe"). The `# noqa` suppression
 *   is not a fix and is left out.
 * - Regions are 1-based, endColumn one past the last character. Columns are
 *   UTF-16 code units, and the run says so (columnKind "utf16CodeUnits"): a
 *   character outside the Basic Multilingual Plane (an emoji) counts 2 here
 *   and 1 in the code point columns of the other formats.
 * - artifactLocation.uri: a path given relative stays relative (percent-
 *   encoded, ':' included, so that it never reads as a scheme), with
 *   uriBaseId "%SRCROOT%", which run.originalUriBaseIds maps to the file URI
 *   of the working folder; an absolute path becomes a file:// URI.
 * - invocations[0].executionSuccessful: false when some path could not be
 *   checked (exit status 2).
 */

/* A log with its run, driver and rules and no results, or NULL on failure. The caller owns it (cJSON_Delete). */
cJSON *gg_cli_sarif_new(const char *docs_base);

/*
 * Appends the result for finding f of path. start and end are f's range in
 * UTF-16 columns; positions (converted in GG_ENC_UTF16 over the checked text)
 * holds the offsets of its related ranges and of its fixes' edits; fixes are
 * f's (gg_fix_list), maybe none. Returns 0 or -ENOMEM.
 */
int gg_cli_sarif_add(cJSON *log, const char *path, const gg_finding *f, gg_position start, gg_position end,
		     const gg_position_table *positions, const gg_fixes *fixes);

/* Records how the run ended (invocations[0]). Returns 0 or -ENOMEM. */
int gg_cli_sarif_finish(cJSON *log, bool successful);

#endif
