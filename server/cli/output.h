#ifndef GG_CLI_OUTPUT_H
#define GG_CLI_OUTPUT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis/fix.h"
#include "findings.h"
#include "position.h"

/*
 * One finding as `gradguard check`'s formats print it (docs/output-formats.md).
 * Each format has a file of its own: output_<format>.c. Line formats print
 * an item as it comes; the formats that are one document (json, gitlab,
 * junit, rdjson) make a row of each item (cJSON, kept in file order by the
 * run, threads or not) and print the rows at the end of the run.
 */
typedef struct gg_output_item {
	const char *path;  /* as the run named it */
	unsigned cell;     /* a notebook's cell, 1-based among all its cells; 0 in a plain file */
	const gg_finding *f;
	gg_position start, end; /* 0-based; the rows the cell's when cell; columns in code points */
	const gg_fixes *fixes;  /* the finding's fixes, best first (empty for the formats that show none) */
	const gg_position_table *positions; /* the fixes' edits' positions (code points) */
	const char *url; /* the rule's page (docs_url.h), or NULL when there is none */
	bool fixable;    /* ruff's [*] (grouped): --fix, not given, has a fix for it */
	bool display_only; /* the file does not parse: --fix makes none of its fixes, shown as ruff's "display-only" */
} gg_output_item;

/*
 * The formats that have no place for a notebook's cell (pylint, azure,
 * gitlab, junit, rdjson) put a notebook's finding at line 1, column 1 of
 * the notebook, as ruff does (the file's own lines are JSON), and begin its
 * message with where it is in the cell: "cell 4, line 3: ...". The message
 * to print for item: malloc'd, or NULL on OOM.
 */
char *gg_output_message(const gg_output_item *it);
/* The row and column (1-based) those formats print: the finding's, or 1:1 in a notebook. */
unsigned gg_output_row(const gg_output_item *it);
unsigned gg_output_column(const gg_output_item *it);
/* A path as a JSON or XML string may hold it: itself when UTF-8, else percent-encoded. Caller frees; NULL on OOM. */
char *gg_output_path(const char *path);

/* json (ruff's objects; a notebook's with "cell"): one row; with_all_fixes, "fixes" too (--all-fixes). */
cJSON *gg_cli_json_row(const gg_output_item *it, bool with_all_fixes);
/* json-lines: the json row of it on one line. Returns 0 or -ENOMEM. */
int gg_cli_json_lines_print(FILE *out, const gg_output_item *it);

/* grouped: a file's items (n >= 1): its name, then one indented line per finding, then an empty line. */
int gg_cli_grouped_print(FILE *out, const gg_output_item *items, size_t n);
/* pylint: `path:row: [CODE] message`. Returns 0 or -ENOMEM. */
int gg_cli_pylint_print(FILE *out, const gg_output_item *it);
/* azure: an Azure Pipelines `##vso[task.logissue ...]` logging command. Returns 0 or -ENOMEM. */
int gg_cli_azure_print(FILE *out, const gg_output_item *it);

/*
 * gitlab: GitLab's Code Quality report, one row per finding; project_dir
 * (CI_PROJECT_DIR, or NULL) the folder a path below it is made relative to,
 * as GitLab wants. The fingerprints are made when the report is printed.
 */
cJSON *gg_cli_gitlab_row(const gg_output_item *it, const char *project_dir);
int gg_cli_gitlab_print(FILE *out, cJSON *rows);

/* junit: a JUnit XML report, one test suite per file, one failed test case per finding. */
cJSON *gg_cli_junit_row(const gg_output_item *it);
int gg_cli_junit_print(FILE *out, const cJSON *rows);

/* rdjson: reviewdog's Diagnostic Format, the fixes' edits as suggestions. */
cJSON *gg_cli_rdjson_row(const gg_output_item *it);
int gg_cli_rdjson_print(FILE *out, cJSON *rows);

#endif
