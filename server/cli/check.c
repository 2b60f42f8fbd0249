/*
 * `gradguard check`: finds the Python files under the given paths, runs the
 * analysis on each and prints the findings in the chosen format.
 *
 * Files are collected first, then sorted, so the output does not depend on
 * the order of readdir or of the arguments. A path that cannot be checked is
 * reported on stderr and skipped; the run goes on and exits 2.
 *
 * With --threads N (default: one per CPU) the files are checked on N worker
 * threads, each with its own analyzer, and each file's output is kept in a
 * slot of its own that the main thread prints in file order (ordered_pool.h):
 * what comes out is byte for byte what one thread prints.
 */
#include "cli/check.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <fcntl.h>
#include <getopt.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "analysis.h"
#include "analysis/fix.h"
#include "buf.h"
#include "cli/add_noqa.h"
#include "cli/check_cache.h"
#include "cli/config_arg.h"
#include "cli/fix.h"
#include "cli/fix_summary.h"
#include "cli/file_rewrite.h"
#include "cli/json_pretty.h"
#include "cli/output.h"
#include "cli/output_full.h"
#include "cli/output_sarif.h"
#include "cli/watch.h"
#include "config_load.h"
#include "docs_url.h"
#include "git_ignore.h"
#include "python_env.h"
#include "runtime_report.h"
#include "notebook_cells.h"
#include "notebook_syntax.h"
#include "cli/ordered_pool.h"
#include "project.h"
#include "position.h"
#include "pyfiles.h"
#include "uri.h"
#include "utf8.h"

typedef enum check_format {
	FORMAT_CONCISE,
	FORMAT_FULL,
	FORMAT_JSON,
	FORMAT_SARIF,
	FORMAT_GITHUB,
	FORMAT_GROUPED,
	FORMAT_PYLINT,
	FORMAT_AZURE,
	FORMAT_JSON_LINES,
	FORMAT_GITLAB,
	FORMAT_JUNIT,
	FORMAT_RDJSON,
} check_format;

static const struct {
	const char *name;
	check_format format;
} check_formats[] = {
	{ "concise", FORMAT_CONCISE }, { "full", FORMAT_FULL },		{ "json", FORMAT_JSON },
	{ "json-lines", FORMAT_JSON_LINES }, { "junit", FORMAT_JUNIT },	{ "grouped", FORMAT_GROUPED },
	{ "github", FORMAT_GITHUB },	     { "gitlab", FORMAT_GITLAB },	{ "pylint", FORMAT_PYLINT },
	{ "rdjson", FORMAT_RDJSON },	     { "azure", FORMAT_AZURE },		{ "sarif", FORMAT_SARIF },
};
#define CHECK_FORMAT_NAMES "concise, full, json, json-lines, junit, grouped, github, gitlab, pylint, rdjson, azure or sarif"

/* The formats printed as one document at the end of the run, from a row per finding (cli/output.h). */
static bool format_has_rows(check_format f)
{
	return f == FORMAT_JSON || f == FORMAT_GITLAB || f == FORMAT_JUNIT || f == FORMAT_RDJSON;
}

/* The formats for people, which a summary follows on stderr (ruff's: concise, full, grouped). */
static bool format_is_text(check_format f)
{
	return f == FORMAT_CONCISE || f == FORMAT_FULL || f == FORMAT_GROUPED;
}

/* The formats that show a finding's fixes (full: the title of the best). */
static bool format_shows_fixes(check_format f)
{
	return f == FORMAT_JSON || f == FORMAT_JSON_LINES || f == FORMAT_FULL || f == FORMAT_SARIF || f == FORMAT_RDJSON;
}

static const char check_usage[] =
	"usage: gradguard check [options] [PATH...]\n"
	"\n"
	"Checks Python files and Jupyter notebooks, and the *.py and *.ipynb files\n"
	"under folders (default: .), for evaluation forward passes that run with\n"
	"autograd on. PATH - reads stdin (so does --stdin-filename).\n"
	"\n"
	"options:\n"
	"  --output-format FORMAT   concise (default): path:row:col: CODE message\n"
	"                           full: concise, then the source lines with the range\n"
	"                             underlined and the fix\n"
	"                           json: ruff-compatible JSON, with the fixes\n"
	"                           json-lines: the json objects, one per line\n"
	"                           grouped: the findings under each file's name\n"
	"                           pylint: path:row: [CODE] message\n"
	"                           sarif: SARIF 2.1.0, for code scanning\n"
	"                           github: GitHub Actions workflow commands\n"
	"                           gitlab: GitLab Code Quality report\n"
	"                           azure: Azure Pipelines logging commands\n"
	"                           junit: JUnit XML, a test case per finding\n"
	"                           rdjson: reviewdog's Diagnostic Format\n"
	"  --config PATH            use this configuration file for every file: its\n"
	"                             [tool.gradguard], or a gradguard.toml's top level\n"
	"  --config 'KEY = VALUE'   override one setting (TOML, as in gradguard.toml:\n"
	"                             --config \"select = ['GG001']\"); repeatable\n"
	"  --isolated               ignore every pyproject.toml\n"
	"  --python PATH            the Python environment (its folder) or interpreter\n"
	"                             the imported libraries are read from, instead of\n"
	"                             the python setting; the only interpreter that\n"
	"                             gradguard may run (a repository's never is)\n"
	"  --select CODES           rules to run (codes or prefixes, comma-separated);\n"
	"                             a selector that names no rule is an error\n"
	"  --extend-select CODES    rules to run besides those selected\n"
	"  --ignore CODES           rules not to run (codes or prefixes, comma-separated)\n"
	"  --fix                    apply the safe fixes, then report what is left; on\n"
	"                             stdin, print the fixed source on stdout and the\n"
	"                             report on stderr\n"
	"  --fix-only               apply the safe fixes, report nothing that is left\n"
	"                             (exit 0 unless -e)\n"
	"  --show-fixes             after --fix, list the findings fixed per file and rule\n"
	"  -e, --exit-non-zero-on-fix  exit 1 when a file was fixed, even if nothing is left\n"
	"  --add-noqa               add `# noqa: CODE` to the line of every finding\n"
	"                             (notebooks are left as they are); exit 0\n"
	"  --diff                   print the changes --fix would make as a unified diff\n"
	"                             (a notebook: one per cell) and write nothing;\n"
	"                             exit 1 when there are changes (--fix is then ignored)\n"
	"  --unsafe-fixes           with --fix or --diff, apply the unsafe fixes too (each\n"
	"                             finding's best fix; their changes are not proven\n"
	"                             by the analysis: review the diff)\n"
	"  -j, --threads N          check N files at a time (default: one per CPU, at\n"
	"                           most 32); the output is the same for every N\n"
	"  --stdin-filename NAME    read stdin, named NAME (for its configuration and\n"
	"                             the report); other paths are ignored\n"
	"  --force-exclude          apply exclude to files named on the command line too\n"
	"  --no-respect-gitignore   walk into what .gitignore and .ignore files leave out\n"
	"  --exit-zero              exit 0 even with findings (2 on errors still)\n"
	"  --statistics             count the findings per rule instead of listing them\n"
	"  --show-settings          print the configuration PATH is checked with, and stop\n";

/* The help's second half (C99 bounds one string literal). */
static const char check_usage_more[] =
	"  --show-files             print the files that would be checked, and stop\n"
	"  --watch                  check again whenever a file under PATH changes\n"
	"  --no-cache               check every file: do not read or write the cache\n"
	"                             (also GRADGUARD_NO_CACHE=1)\n"
	"  --cache-dir PATH         keep the cache there instead of .gradguard_cache in\n"
	"                             the project's folder (also GRADGUARD_CACHE_DIR)\n"
	"  -q, --quiet              print the findings and errors, nothing else\n"
	"  -s, --silent             print errors only (the exit status says the rest)\n"
	"  -h, --help               print this help\n"
	"\n"
	"Each file is configured by the nearest .gradguard.toml or gradguard.toml\n"
	"above it, or pyproject.toml that has a [tool.gradguard] table; --config\n"
	"overrides, then --select/--ignore, go over it. Folders are\n"
	"walked respecting its exclude patterns, .gitignore and .ignore files; files\n"
	"named on the command line are always checked (unless --force-exclude).\n"
	"Colour on a terminal only, never when NO_COLOR is set.\n"
	"\n"
	"exit status: 0 clean, 1 findings, 2 errors\n";


/* Rules counted by --statistics (gg_rules has fewer). */
#define CHECK_RULES_MAX 16

/* One thread's analysis state, reused from file to file and never shared. */
typedef struct check_worker {
	gg_analyzer *analyzer; /* owned */
	TSParser *parser;      /* owned, made when first needed: json, full and sarif keep a tree for the fixes */
} check_worker;

/*
 * Where one file's results go. One thread: straight to stdout, stderr and
 * the run's document. Threads: to the file's slot (check_slot), which the
 * main thread prints and adds up in file order.
 */
typedef struct check_out {
	FILE *out, *err;
	cJSON *json_rows; /* borrowed; the rows of a document format (format_has_rows) are appended here */
	cJSON *sarif;     /* borrowed; a SARIF log whose runs[0].results grows */
	size_t findings;
	size_t fixed;
	bool failed;           /* the file, or its configuration, could not be checked */
	gg_ordered_pool *pool; /* NULL with one thread */
	size_t index;          /* the file's place in the run, for the pool */
	size_t stats[CHECK_RULES_MAX]; /* --statistics: findings per rule, by place in gg_rules */
	size_t stats_fixable[CHECK_RULES_MAX]; /* ... of them, those --fix would fix */
	gg_runtime_counts runtime;     /* what .gradguard/runtime.json confirmed, added, left unconfirmed */
	size_t fixable, hidden; /* findings --fix has a fix for; those only --unsafe-fixes has one for (fix_summary.h) */
	size_t noqa_added;      /* --add-noqa: lines given a directive */
	gg_buf fix_log;         /* --show-fixes: the files' blocks, in file order */
	size_t fixes_shown;     /* the findings they count */
	bool quiet;             /* -q or -s: no notes */
	size_t said;            /* reports and notes written for the files (the cache keeps only files with none) */
} check_out;

/* --threads: the most for one run, and the most by default. */
#define CHECK_THREADS_MAX 256
#define CHECK_THREADS_DEFAULT_MAX 32
/* Files checked ahead of the one printed next, per thread: bounds the slots kept. */
#define CHECK_WINDOW_PER_THREAD 16

/*
 * With threads, workers only read the run (the loader aside, which they take
 * turns with: check_config_for_file); the main thread alone writes the
 * counters, failed and the documents (check_deliver).
 */
/*
 * A notebook project_build read, kept for its check: the JSON is read and
 * its cells joined once per run, not once for the index and again for the
 * check. The check takes it where the JSON it reads is what was read then.
 */
typedef struct check_nb_kept {
	gg_notebook nb; /* owned until the check takes it (kept false then) */
	gg_digest hash; /* of the JSON it was read from */
	size_t json_len;
	bool kept;
} check_nb_kept;

/*
 * A parse the index made of a file it read for its exports, kept for the
 * file's check: one parse per file and run. The check takes it where the
 * text it reads is what was parsed (hash, len). Kept while the text they
 * parsed stays under CHECK_TREES_KEPT_BYTES in all: past it, the checks parse
 * again, as before (a tree holds several times its text).
 */
typedef struct check_tree_kept {
	TSTree *tree; /* owned until the check takes it (NULL then) */
	gg_digest hash;
	size_t len;
} check_tree_kept;

#define CHECK_TREES_KEPT_BYTES ((size_t)16 << 20)

typedef struct check_run {
	check_format format;
	check_worker worker; /* the main thread's; with threads, worker 0's */
	gg_pyfiles files;
	gg_project project; /* the files' grad-disabling wrappers, read before any file is checked */
	check_nb_kept *notebooks; /* owned, NULL or one per file: the notebooks project_build read */
	check_tree_kept *trees;   /* owned, NULL or one per file: the parses project_build made */
	bool whole_project; /* a folder named holds the project's (project_root): no module of it is left to read */
	cJSON *json_rows; /* owned; the rows of a document format (format_has_rows): json, gitlab, junit, rdjson */
	cJSON *sarif;     /* owned; the sarif format's log */
	gg_config overrides;      /* --select/--ignore */
	const char *config_path;  /* --config, borrowed from argv */
	const char *python;       /* --python, borrowed from argv: the user's environment or interpreter */
	bool isolated;            /* --isolated */
	gg_config forced;         /* what --config read */
	gg_config_loader *loader; /* owned; NULL with --config or --isolated */
	gg_cli_config_arg config_arg; /* --config values: a file, and overrides of single settings */
	size_t findings;
	bool fix;       /* --fix: apply the safe fixes first */
	bool unsafe_fixes; /* --unsafe-fixes: with --fix, the unsafe ones too */
	bool diff;      /* --diff: print what --fix would change, write nothing, report no findings */
	bool all_fixes; /* --all-fixes (for tests): every fix of a finding in json, with its kind */
	unsigned threads; /* --threads; 0: one per CPU */
	size_t fixed;
	bool failed; /* some path could not be checked */
	bool exit_zero;      /* --exit-zero: findings do not fail the run */
	bool statistics;     /* --statistics: counts per rule instead of the findings */
	bool force_exclude;  /* --force-exclude: exclude applies to files named too */
	bool show_settings;  /* --show-settings: print the configuration and stop */
	const char *stdin_filename; /* --stdin-filename, borrowed from argv */
	bool no_gitignore;   /* --no-respect-gitignore */
	gg_git_ignore *git;  /* owned; what .gitignore and .ignore files leave out of the walk (NULL: nothing) */
	char *stdin_text;    /* owned: what "-" read, checked as stdin_name */
	size_t stdin_len;
	const char *stdin_name; /* --stdin-filename, or "-" */
	bool color;          /* concise lines in colour: stdout is a terminal and NO_COLOR is not set */
	char *docs_base;     /* owned: the rule pages installed with the program (docs_url.h), or NULL */
	size_t stats[CHECK_RULES_MAX], stats_fixable[CHECK_RULES_MAX];
	gg_runtime_report runtime; /* ./.gradguard/runtime.json, gradguard.probe's measurements (empty: none) */
	gg_runtime_counts runtime_counts;
	bool quiet;          /* -q: the findings and errors only */
	bool silent;         /* -s: errors only */
	bool fix_only;       /* --fix-only: fix, report nothing left */
	bool show_fixes;     /* --show-fixes */
	bool exit_on_fix;    /* -e, --exit-non-zero-on-fix */
	bool add_noqa;       /* --add-noqa */
	bool show_files;     /* --show-files */
	bool watch;          /* --watch */
	bool no_cache;       /* --no-cache (or GRADGUARD_NO_CACHE) */
	const char *cache_dir; /* --cache-dir, borrowed from argv, or GRADGUARD_CACHE_DIR; NULL: the project's */
	char *cache_where;   /* owned: the cache's folder, once cache_dir has said it */
	/*
	 * The cache (check_cache.h), open when this run may use it: files it
	 * found clean before are not checked again. With it, one key per file
	 * and whether the file was clean (found so, or checked so), each
	 * written by the job of its file only. Owned.
	 */
	gg_check_cache cache;
	bool cache_on;
	gg_digest *cache_keys;
	bool *cache_clean;
	bool stdin_mode;     /* what is checked is stdin alone (--stdin-filename, or the one path "-") */
	FILE *report;        /* where the report goes: stdout; stderr when stdout carries stdin's fixed source */
	size_t fixable, hidden;
	size_t noqa_added;
	gg_buf fix_log;
	size_t fixes_shown;
} check_run;

static void check_report(check_out *o, const char *path, const char *message)
{
	fprintf(o->err, "gradguard: %s: %s\n", path, message);
	o->failed = true;
	o->said++;
}

/* A file left as it was, for a reason that is no error (read-only, changed meanwhile): its findings stay. */
static void check_note(check_out *o, const char *path, const char *message)
{
	if (!o->quiet)
		fprintf(o->err, "gradguard: %s: not fixed: %s\n", path, message);
	o->said++;
}

/*
 * What a fix's failure rc (non-zero) says to the user: a skipped file is a
 * note with why, any other failure a report. Returns -ENOMEM, which ends the
 * run, or 0.
 */
static int check_fix_failed(check_out *o, const char *path, int rc, const char *why)
{
	if (rc == GG_FILE_REWRITE_SKIPPED) {
		check_note(o, path, why);
		return 0;
	}
	check_report(o, path, strerror(-rc));
	return rc == -ENOMEM ? rc : 0;
}

static int path_cmp(const void *pa, const void *pb)
{
	return strcmp(*(char *const *)pa, *(char *const *)pb);
}

/* The configuration for files in dir (NULL: the defaults); a broken pyproject.toml is reported once. */
static const gg_config *run_config_for_dir(check_run *run, const char *dir)
{
	if (run->config_path)
		return &run->forced;
	if (!run->loader)
		return run->overrides.set ? &run->overrides : NULL;
	const gg_config *c = NULL;
	char *error = NULL;
	int rc = gg_config_loader_for_dir(run->loader, dir, &c, &error);
	if (rc) {
		fprintf(stderr, "gradguard: %s\n", error ? error : strerror(-rc));
		run->failed = true;
	}
	free(error);
	return c;
}

/* The walk's callbacks: a path left out by the exclude patterns of its folder's configuration, or by .gitignore or .ignore files. */
static bool run_excluded(void *ctx, const char *dir, const char *path)
{
	check_run *run = ctx;
	return gg_config_excludes(run_config_for_dir(run, dir), path) || gg_git_ignore_path(run->git, dir, path);
}

static void run_report(void *ctx, const char *path, const char *message)
{
	check_run *run = ctx;
	fprintf(stderr, "gradguard: %s: %s\n", path, message);
	run->failed = true;
}

/* Percent-escapes what GitHub workflow commands reserve; props also escape ':' and ','. */
static void github_escape(FILE *out, const char *s, bool property)
{
	for (; *s; s++) {
		switch (*s) {
		case '%': fputs("%25", out); break;
		case '\r': fputs("%0D", out); break;
		case '\n': fputs("%0A", out); break;
		case ':': fputs(property ? "%3A" : ":", out); break;
		case ',': fputs(property ? "%2C" : ",", out); break;
		default: fputc(*s, out);
		}
	}
}

static const char *severity_name(gg_severity s)
{
	switch (s) {
	case GG_SEVERITY_ERROR: return "error";
	case GG_SEVERITY_WARNING: return "warning";
	default: return "notice";
	}
}

/* What a format may need besides the finding: the checked text, its lines, the finding's fixes. */
typedef struct emit_source {
	const char *text;
	size_t len;
	const gg_line_index *ix;
	const gg_fixes *fixes; /* empty when the format shows none (concise, github) */
	const gg_position_table *positions; /* of the findings, related ranges and fix edits (positions_compute) */
	const gg_notebook *nb; /* the notebook whose cells text joins, or NULL; positions are then in its cells */
	const gg_nb_cell *cell; /* the finding's cell, with nb */
	bool fixable; /* ruff's [*] after the code: --fix (not given) has a fix for it */
	bool display_only; /* --fix makes no fix in this file (it does not parse) */
	const char *docs_base;  /* where the rule pages are (docs_url.h), or NULL */
	gg_output_item *group;  /* grouped: the file's findings so far (group_len of them), room for all */
	size_t *group_len;
} emit_source;

/* Appends a document format's row (consumed) to o's rows. Returns 0 or -ENOMEM. */
static int emit_row(check_out *o, cJSON *row)
{
	if (row && cJSON_AddItemToArray(o->json_rows, row))
		return 0;
	cJSON_Delete(row);
	return -ENOMEM;
}

/* The title of the finding's best fix, for `help:`; the `# noqa` suppression is not a fix. */
static const char *fix_help(const gg_fixes *fixes)
{
	const gg_fix *fix = gg_fixes_applied(fixes, true);
	return fix ? fix->title : NULL;
}

/* Where offset (of text, lines per ix) falls in the same line of cell (its lines per cix): the rows match. */
static size_t full_cell_offset(const gg_line_index *ix, const char *text, size_t len, const gg_line_index *cix,
			       size_t cell_len, size_t offset)
{
	gg_position p = gg_offset_to_position(ix, text, len, offset, GG_ENC_UTF8);
	if (p.line >= cix->count)
		return cell_len;
	size_t at = cix->starts[p.line] + p.character;
	return at < cell_len ? at : cell_len;
}

/*
 * The full format; in a notebook, the finding's cell alone is shown as the
 * notebook has it (IPython lines included), with its own rows.
 */
static int emit_full(check_out *o, const char *shown, const gg_finding *f, gg_position start, gg_position end,
		     const emit_source *src)
{
	if (!src->cell)
		return gg_cli_full_print(o->out, shown, src->text, src->len, src->ix, f, start, end, fix_help(src->fixes));
	const gg_nb_cell *c = src->cell;
	const char *slice = src->text + c->start;
	size_t slice_len = c->end - c->start;
	char *cell = NULL;
	size_t cell_len = 0;
	gg_line_index six, cix;
	gg_line_index_init(&six);
	gg_line_index_init(&cix);
	int rc = gg_notebook_cell_text(src->nb, c, &cell, &cell_len);
	if (!rc)
		rc = gg_line_index_build(&six, slice, slice_len);
	if (!rc)
		rc = gg_line_index_build(&cix, cell, cell_len);
	if (!rc) {
		/* The range in the cell's bytes, line by line (a masked line differs in length); one past its cell ends with it. */
		gg_finding in_cell = *f;
		size_t to = f->range.end <= c->end ? f->range.end - c->start : slice_len;
		in_cell.range.start = full_cell_offset(&six, slice, slice_len, &cix, cell_len, f->range.start - c->start);
		in_cell.range.end = full_cell_offset(&six, slice, slice_len, &cix, cell_len, to);
		if (f->range.end > c->end)
			end = gg_offset_to_position(&cix, cell, cell_len, cell_len, GG_ENC_UTF32);
		rc = gg_cli_full_print(o->out, shown, cell, cell_len, &cix, &in_cell, start, end, fix_help(src->fixes));
	}
	gg_line_index_free(&six);
	gg_line_index_free(&cix);
	free(cell);
	return rc;
}

/* The cell of the SARIF log's last result, as a property bag ("cell": 1-based). Returns 0 or -ENOMEM. */
static int sarif_add_cell(cJSON *log, const gg_nb_cell *cell)
{
	cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(log, "runs"), 0);
	cJSON *results = cJSON_GetObjectItemCaseSensitive(run, "results");
	cJSON *last = cJSON_GetArrayItem(results, cJSON_GetArraySize(results) - 1);
	cJSON *props = cJSON_GetObjectItemCaseSensitive(last, "properties");
	if (last && !props)
		props = cJSON_AddObjectToObject(last, "properties");
	return props && cJSON_AddNumberToObject(props, "cell", cell->index + 1.0) ? 0 : -ENOMEM;
}

/* start and end are in code points, UTF-16 units for sarif (positions_compute). */
static int emit(check_run *run, check_out *o, const char *path, const gg_finding *f, gg_position start,
		gg_position end, const emit_source *src)
{
	if (run->statistics) {
		const gg_rule_info *r = gg_rule_lookup(f->code);
		if (r && (size_t)(r - gg_rules) < CHECK_RULES_MAX)
			o->stats[r - gg_rules]++;
		return 0;
	}
	/* -s, and --fix-only (ruff's: nothing is reported but the fixes), show no finding in any format. */
	if (run->silent || run->fix_only)
		return 0;
	unsigned row = start.line + 1, col = start.character + 1;
	/* In a notebook, ruff's "nb.ipynb:cell 3:2:5": the row is the cell's. */
	char *where = src->cell ? gg_strdup_printf("%s:cell %u", path, src->cell->index + 1) : NULL;
	if (src->cell && !where)
		return -ENOMEM;
	const char *shown = where ? where : path;
	char *url = run->format == FORMAT_GROUPED ? NULL : gg_docs_url(src->docs_base, f->code);
	if (src->docs_base && !url && run->format != FORMAT_GROUPED) {
		free(where);
		return -ENOMEM;
	}
	gg_output_item it = { path, src->cell ? src->cell->index + 1 : 0, f, start, end, src->fixes, src->positions, url,
			      src->fixable, src->display_only };
	int rc = 0;
	switch (run->format) {
	case FORMAT_JSON:
		rc = emit_row(o, gg_cli_json_row(&it, run->all_fixes));
		break;
	case FORMAT_JSON_LINES:
		rc = gg_cli_json_lines_print(o->out, &it);
		break;
	case FORMAT_GITLAB:
		rc = emit_row(o, gg_cli_gitlab_row(&it, getenv("CI_PROJECT_DIR")));
		break;
	case FORMAT_JUNIT:
		rc = emit_row(o, gg_cli_junit_row(&it));
		break;
	case FORMAT_RDJSON:
		rc = emit_row(o, gg_cli_rdjson_row(&it));
		break;
	case FORMAT_PYLINT:
		rc = gg_cli_pylint_print(o->out, &it);
		break;
	case FORMAT_AZURE:
		rc = gg_cli_azure_print(o->out, &it);
		break;
	case FORMAT_GROUPED: /* printed when the file's findings are all there (check_findings) */
		src->group[(*src->group_len)++] = it;
		break;
	case FORMAT_FULL:
		if (src->fixable) {
			/* The header line is the concise one: [*] goes before the message there too. */
			gg_finding marked = *f;
			marked.message = gg_strdup_printf("[*] %s", f->message);
			rc = marked.message ? emit_full(o, shown, &marked, start, end, src) : -ENOMEM;
			free(marked.message);
		} else {
			rc = emit_full(o, shown, f, start, end, src);
		}
		break;
	case FORMAT_SARIF:
		rc = gg_cli_sarif_add(o->sarif, path, f, start, end, src->positions, src->fixes);
		if (!rc && src->cell)
			rc = sarif_add_cell(o->sarif, src->cell);
		break;
	case FORMAT_GITHUB:
		fprintf(o->out, "::%s title=gradguard (%s),file=", severity_name(f->severity), f->code);
		github_escape(o->out, path, true);
		fprintf(o->out, ",line=%u,col=%u,endLine=%u,endColumn=%u::", row, col, end.line + 1, end.character + 1);
		github_escape(o->out, shown, false);
		fprintf(o->out, ":%u:%u: %s ", row, col, f->code);
		github_escape(o->out, f->message, false);
		fputc('\n', o->out);
		break;
	case FORMAT_CONCISE:
		if (run->color) /* ruff's colours: the path bold, the code bold red, the fix mark's star cyan */
			fprintf(o->out, "\033[1m%s\033[0m:%u:%u: \033[1;31m%s\033[0m %s%s\n", shown, row, col, f->code,
				src->fixable ? "[\033[36m*\033[0m] " : "", f->message);
		else
			fprintf(o->out, "%s:%u:%u: %s %s%s\n", shown, row, col, f->code, src->fixable ? "[*] " : "",
				f->message);
		break;
	}
	free(url);
	free(where);
	return rc;
}

static int positions_add_range(gg_position_table *table, gg_byte_range r)
{
	int rc = gg_position_table_add(table, r.start);
	return rc ? rc : gg_position_table_add(table, r.end);
}

/*
 * Positions (columns in enc units) of every offset the output shows: the
 * findings' ranges, their related ranges and, unless fixes is NULL, the edits
 * of fixes[i] (findings->len of them), in one sweep over the text (lines per
 * ix): converting each on its own rescans its line, which is quadratic on a
 * long line with many findings. Returns 0 or -ENOMEM.
 */
static int positions_compute(gg_position_table *table, const gg_findings *findings, const gg_fixes *fixes,
			     const char *text, size_t len, const gg_line_index *ix, gg_encoding enc)
{
	int rc = 0;
	for (size_t i = 0; i < findings->len && !rc; i++) {
		const gg_finding *f = &findings->items[i];
		rc = positions_add_range(table, f->range);
		for (size_t k = 0; k < f->related_len && !rc; k++)
			rc = positions_add_range(table, f->related[k].range);
		for (size_t k = 0; fixes && k < fixes[i].len && !rc; k++)
			for (size_t e = 0; e < fixes[i].items[k].edits_len && !rc; e++)
				rc = positions_add_range(table, fixes[i].items[k].edits[e].range);
	}
	if (!rc)
		gg_position_table_convert(table, ix, text, len, enc);
	return rc;
}

/* A notebook's positions in its cells' rows: each line made relative to the cell its offset is in. */
static void positions_in_cells(gg_position_table *table, const gg_notebook *nb)
{
	for (size_t i = 0; i < table->len; i++) {
		const gg_nb_cell *c = gg_notebook_cell_at(nb, table->items[i].offset);
		if (c && table->items[i].pos.line + 1 >= c->first)
			table->items[i].pos.line -= c->first - 1;
	}
}

/*
 * PEP 263: a "coding[:=] NAME" comment on line 1 or 2 declares the file's
 * encoding. Returns the name (malloc'd) or NULL when there is none.
 */
static char *source_declared_encoding(const char *text, size_t len)
{
	size_t line_start = 0;
	for (int line = 0; line < 2 && line_start < len; line++) {
		const char *nl = memchr(text + line_start, '\n', len - line_start);
		size_t end = nl ? (size_t)(nl - text) : len;
		const char *p = text + line_start, *e = text + end;
		while (p < e && (*p == ' ' || *p == '\t' || *p == '\f'))
			p++;
		if (p < e && *p == '#') {
			const char *m = memmem(p, (size_t)(e - p), "coding", 6);
			if (m && m + 6 < e && (m[6] == ':' || m[6] == '=')) {
				const char *n = m + 7;
				while (n < e && (*n == ' ' || *n == '\t'))
					n++;
				const char *ne = n;
				while (ne < e && (isalnum((unsigned char)*ne) || *ne == '-' || *ne == '_' || *ne == '.'))
					ne++;
				if (ne > n)
					return strndup(n, (size_t)(ne - n));
			}
		} else if (p < e) {
			return NULL; /* only comment lines may declare it */
		}
		line_start = end + 1;
	}
	return NULL;
}

/* Converts text from encoding to UTF-8 (malloc'd, *out_len set). Returns 0, -EINVAL or -ENOMEM. */
static int source_decode(const char *encoding, const char *text, size_t len, char **out, size_t *out_len)
{
	/* Python spells latin-1 in ways iconv does not know; other names mostly agree. */
	static const char *const latin1[] = { "latin-1", "latin_1", "latin1", "l1", "iso-8859-1", "iso_8859_1", NULL };
	for (const char *const *n = latin1; *n; n++)
		if (strcasecmp(encoding, *n) == 0 || (strncasecmp(encoding, *n, strlen(*n)) == 0 &&
						       (encoding[strlen(*n)] == '-' || encoding[strlen(*n)] == '_')))
			encoding = "ISO-8859-1";
	iconv_t cd = iconv_open("UTF-8", encoding);
	if (cd == (iconv_t)-1)
		return -EINVAL;
	size_t cap = len * 4 + 16; /* enough for any single-byte or CJK encoding's expansion */
	char *buf = malloc(cap);
	if (!buf) {
		iconv_close(cd);
		return -ENOMEM;
	}
	char *in = (char *)text, *dst = buf;
	size_t in_left = len, out_left = cap;
	size_t r = iconv(cd, &in, &in_left, &dst, &out_left);
	iconv_close(cd);
	if (r == (size_t)-1 || in_left) {
		free(buf);
		return -EINVAL;
	}
	*out = buf;
	*out_len = cap - out_left;
	return 0;
}

typedef struct config_lookup {
	gg_config_loader *loader;
	const char *path;
	const gg_config *config;
	char *error; /* owned */
	int rc;
} config_lookup;

static void config_lookup_step(void *arg)
{
	config_lookup *c = arg;
	c->rc = gg_config_loader_for_file(c->loader, c->path, &c->config, &c->error);
}

/*
 * The configuration of the file at path (see gg_config_loader_for_file). The
 * loader is not thread-safe, and reports a broken pyproject.toml once, with
 * the first file that needs it: with threads the lookups take turns in file
 * order, so that it is the same file as with one thread.
 */
static int check_config_for_file(check_run *run, check_out *o, const char *path, const gg_config **config,
				 char **error)
{
	config_lookup c = { run->loader, path, NULL, NULL, 0 };
	if (o->pool)
		gg_ordered_pool_in_order(o->pool, o->index, config_lookup_step, &c);
	else
		config_lookup_step(&c);
	*config = c.config;
	*error = c.error;
	return c.rc;
}

/*
 * Checks one file with w's analysis, its output and reports going to o.
 * Returns 0, or a negative errno that ends the run (out of memory).
 */
/* The configuration of path into *config; reported on failure. Returns 0 or -ENOMEM (which ends the run). */
static int check_config(check_run *run, check_out *o, const char *path, const gg_config **config)
{
	*config = NULL;
	if (run->config_path || !run->loader) {
		*config = run_config_for_dir(run, "."); /* no loader: only reads run */
		return 0;
	}
	char *error = NULL;
	int rc = check_config_for_file(run, o, path, config, &error);
	if (rc)
		check_report(o, "configuration", error ? error : strerror(-rc));
	free(error);
	return rc == -ENOMEM ? rc : 0;
}

/*
 * Reads the file at path; with --fix, opens it for the rewrite first
 * (*rewriting then says so), locked until check_file is done with it. A
 * file that cannot be rewritten safely is read for the check alone, and
 * noted. Returns 0, 1 (reported: skip the file) or -ENOMEM.
 */
static int check_read(check_run *run, check_out *o, const char *path, gg_file_rewrite *file, bool *rewriting,
		      char **text, size_t *len)
{
	*rewriting = false;
	int rc, open_rc = 0;
	char *why = NULL;
	if (run->stdin_text && strcmp(path, run->stdin_name) == 0) {
		*text = malloc(run->stdin_len ? run->stdin_len : 1);
		if (!*text)
			return -ENOMEM;
		memcpy(*text, run->stdin_text, run->stdin_len);
		*len = run->stdin_len;
		return 0;
	}
	if (run->fix || run->add_noqa) {
		open_rc = gg_file_rewrite_open(file, path, text, len, &why);
		if (open_rc == 0) {
			*rewriting = true;
			return 0;
		}
		gg_file_rewrite_close(file);
		if (open_rc == -ENOMEM)
			return open_rc;
	}
	rc = gg_pyfiles_read(path, text, len);
	if (rc == GG_PYFILES_NOT_REGULAR) {
		/* A FIFO or a device named (ruff skips them too): reading it could wait forever. */
		fprintf(o->err, "gradguard: warning: %s: not a regular file; skipped\n", path);
		free(why);
		return 1;
	}
	if (rc) {
		check_report(o, path, strerror(-rc));
		free(why);
		return rc == -ENOMEM ? rc : 1;
	}
	/* Read for the check, but not opened for the fix: say why it will not be fixed. */
	if (open_rc)
		check_note(o, path, open_rc == GG_FILE_REWRITE_SKIPPED ? why : strerror(-open_rc));
	free(why);
	return 0;
}

/*
 * Checks src (its text, the file's body or a notebook's joined cells) and
 * prints its findings; positions in nb's cells when nb is not NULL. Returns
 * 0, or a negative errno that ends the run.
 */
static int check_findings(check_run *run, check_worker *w, check_out *o, const char *path, gg_source *src,
			  const gg_notebook *nb, const gg_nb_unparsed *unparsed, TSTree *kept)
{
	const char *body = src->text;
	size_t body_len = src->len;
	const gg_config *config = src->config;
	gg_findings findings;
	gg_findings_init(&findings);
	int rc;
	/*
	 * json and sarif list each finding's fixes and full names the best: they
	 * need the tree. kept (owned: deleted here) is the index's parse of body.
	 */
	TSTree *tree = kept;
	src->tree = kept;
	if (!tree && format_shows_fixes(run->format)) {
		if (!w->parser)
			w->parser = gg_python_parser_new();
		tree = w->parser ? gg_python_parse(w->parser, NULL, body, body_len) : NULL;
		src->tree = tree;
	}
	rc = unparsed ? gg_analyzer_check_unparsed(w->analyzer, src, unparsed->items, unparsed->len, &findings)
		      : gg_analyzer_check(w->analyzer, src, &findings);
	/*
	 * concise and full mark what --fix can fix ([*]) and count it under the
	 * findings, as ruff does: their fixes are listed too, on the tree the
	 * check just analysed (no second parse).
	 */
	bool counts_fixes = format_is_text(run->format);
	gg_node root = gg_node_null();
	if (!rc && findings.len && !tree && counts_fixes)
		rc = gg_analyzer_checked_tree(w->analyzer, src, &root);
	/* The run's measurements mark the static findings they confirm and add those it alone found (no fixes). */
	size_t n_static = findings.len;
	if (!rc)
		rc = gg_runtime_report_apply(&run->runtime, path, body, body_len, nb, config, &findings, 0, &o->runtime);
	if (rc) {
		check_report(o, path, strerror(-rc));
		rc = rc == -ENOMEM ? rc : 0;
	} else if (findings.len) {
		/* SARIF columns are UTF-16 code units (cli/output_sarif.h); the others count code points. */
		gg_encoding enc = run->format == FORMAT_SARIF ? GG_ENC_UTF16 : GG_ENC_UTF32;
		gg_position_table table;
		gg_position_table_init(&table);
		gg_line_index ix;
		gg_line_index_init(&ix);
		/* Every finding's fixes first: the positions of their edits are converted with the findings'. */
		gg_fixes *fixes = calloc(findings.len, sizeof *fixes);
		rc = fixes ? 0 : -ENOMEM;
		if (!rc && tree)
			rc = gg_analyzer_tree(w->analyzer, src, &root);
		if (!rc && !gg_node_is_null(root))
			rc = gg_fix_list_each(body, body_len, root, findings.items, n_static, config, fixes);
		if (!rc)
			rc = gg_line_index_build(&ix, body, body_len);
		if (!rc) /* concise and full show no edit */
			rc = positions_compute(&table, &findings, counts_fixes ? NULL : fixes, body, body_len, &ix, enc);
		if (!rc && nb)
			positions_in_cells(&table, nb);
		/*
		 * --fix fixes only text that parses (fix.h): a file with a syntax
		 * error has nothing fixable, nor has a notebook with a cell that does
		 * not parse (blanked in body, so its tree alone does not say).
		 */
		bool fixes_apply = !gg_node_is_null(root) && !gg_node_has_error(root) && !(unparsed && unparsed->len);
		/* Nor has text the grammar takes and Python refuses (GG000 without a tree error: `print x`, `f(async=True)`). */
		for (size_t i = 0; fixes_apply && i < findings.len; i++)
			fixes_apply = strcmp(findings.items[i].code, "GG000") != 0;
		/* grouped prints a file's findings together: its widths are its findings'. */
		gg_output_item *group = NULL;
		size_t group_len = 0;
		if (!rc && run->format == FORMAT_GROUPED && !run->statistics && !(group = calloc(findings.len, sizeof *group)))
			rc = -ENOMEM;
		const char *docs_base = config && config->docs_url ? config->docs_url : run->docs_base;
		for (size_t i = 0; i < findings.len && !rc; i++) {
			const gg_finding *f = &findings.items[i];
			/* ruff's counts: a fix --fix applies (with --unsafe-fixes if given), or one only it would. */
			bool applies = fixes_apply && gg_fixes_applied(&fixes[i], run->unsafe_fixes) != NULL;
			bool hidden = fixes_apply && !applies && !run->unsafe_fixes && gg_fixes_applied(&fixes[i], true) != NULL;
			o->fixable += applies;
			o->hidden += hidden;
			const gg_rule_info *rule = run->statistics && applies ? gg_rule_lookup(f->code) : NULL;
			if (rule && (size_t)(rule - gg_rules) < CHECK_RULES_MAX)
				o->stats_fixable[rule - gg_rules]++;
			emit_source es = { body, body_len, &ix, &fixes[i], &table, nb,
					   nb ? gg_notebook_cell_at(nb, f->range.start) : NULL,
					   applies && counts_fixes && !run->fix, !fixes_apply, docs_base, group, &group_len };
			rc = emit(run, o, path, f, gg_position_table_find(&table, f->range.start),
				  gg_position_table_find(&table, f->range.end), &es);
			o->findings++;
		}
		if (!rc && group_len)
			rc = gg_cli_grouped_print(o->out, group, group_len);
		free(group);
		for (size_t i = 0; fixes && i < findings.len; i++)
			gg_fixes_free(&fixes[i]);
		free(fixes);
		gg_line_index_free(&ix);
		gg_position_table_free(&table);
	}
	if (tree)
		ts_tree_delete(tree);
	src->tree = NULL;
	gg_findings_free(&findings);
	return rc;
}

/*
 * --diff on src (nb: the notebook it joins, or NULL): what --fix would
 * change, as a diff on o's output; the findings are not reported. Returns 0,
 * or a negative errno that ends the run.
 */
static int check_diff(check_run *run, check_worker *w, check_out *o, const char *path, gg_source *src,
		      const gg_notebook *nb)
{
	size_t fixed = 0;
	char *why = NULL;
	int rc = gg_cli_fix_diff(w->analyzer, src, nb, run->unsafe_fixes, path, o->out, &fixed, &why);
	if (rc)
		rc = check_fix_failed(o, path, rc, why);
	free(why);
	o->fixed += fixed;
	return rc;
}

/* Whether path is what "-" read (stdin), not a file. */
static bool check_is_stdin(const check_run *run, const char *path)
{
	return run->stdin_text && strcmp(path, run->stdin_name) == 0;
}

/* --show-fixes: the file's block, from the fixes by_rule counts. */
static int check_rules_fixed(check_run *run, check_out *o, const char *path, const size_t *by_rule)
{
	if (!run->show_fixes)
		return 0;
	const char *codes[CHECK_RULES_MAX], *names[CHECK_RULES_MAX];
	size_t n = 0;
	for (; n < CHECK_RULES_MAX && gg_rules[n].code; n++) {
		codes[n] = gg_rules[n].code;
		names[n] = gg_rules[n].name;
	}
	return gg_cli_fix_summary_file(&o->fix_log, path, codes, names, by_rule, n, &o->fixes_shown);
}

/* --fix on stdin: what is left goes to stdout whole, fixed or not (ruff's habit: editors replace the buffer with it). */
static void check_print_stdin(const char *head, size_t head_len, const char *body, size_t body_len)
{
	fwrite(head, 1, head_len, stdout);
	fwrite(body, 1, body_len, stdout);
}

/*
 * Whether the cache (check_cache.h) found file index clean before, read as
 * text[0..len) and configured with config (NULL: the defaults): 1, and it
 * stays clean; 0, and *key is what cache_note records; or -ENOMEM.
 */
static int cache_hit(check_run *run, size_t index, const gg_config *config, const char *text, size_t len,
		     gg_digest *key)
{
	gg_config defaults;
	gg_config_init(&defaults);
	gg_digest settings;
	if (gg_config_digest(config ? config : &defaults, &settings))
		return -ENOMEM;
	*key = gg_check_cache_key(text, len, settings);
	run->cache_keys[index] = *key;
	run->cache_clean[index] = gg_check_cache_clean(&run->cache, run->files.items[index], *key);
	return run->cache_clean[index];
}

/* After file index was checked (rc): clean, for the next run, when nothing was said of it since said and findings. */
static void cache_note(check_run *run, const check_out *o, size_t index, gg_digest key, size_t said, size_t findings,
		       int rc)
{
	run->cache_keys[index] = key;
	run->cache_clean[index] = !rc && o->said == said && o->findings == findings;
}

/*
 * Checks the notebook at path, read into json[0..len) (owned; freed here),
 * open for the rewrite when rewriting (file is closed here), as check_file
 * does a Python file: the analysis reads its code cells joined.
 */
static int check_notebook(check_run *run, check_worker *w, check_out *o, size_t index, const gg_config *config,
			  gg_file_rewrite *file, bool rewriting, char *json, size_t len)
{
	const char *path = run->files.items[index];
	check_nb_kept *kept = run->notebooks ? &run->notebooks[index] : NULL;
	/* A notebook is UTF-8 JSON; Jupyter refuses other bytes, and so is a .py file with them refused. */
	size_t bad = gg_utf8_first_invalid(json, len);
	if (bad < len) {
		gg_file_rewrite_close(file);
		char *msg = gg_strdup_printf("not valid UTF-8 (byte %zu)", bad);
		check_report(o, path, msg ? msg : "not valid UTF-8");
		free(msg);
		free(json);
		return 0;
	}
	/* An empty file named .ipynb (a notebook created and never saved): no cells, nothing to check, as ruff has it. */
	size_t blank = 0;
	while (blank < len && (json[blank] == ' ' || json[blank] == '\t' || json[blank] == '\n' || json[blank] == '\r'))
		blank++;
	if (blank == len) {
		gg_file_rewrite_close(file);
		free(json);
		return 0;
	}
	/* A notebook kept in Git LFS and never pulled: nothing to check, and no error of the user's code. */
	if (gg_pyfiles_lfs_pointer(json, len)) {
		gg_file_rewrite_close(file);
		if (!o->quiet)
			fprintf(o->err, "gradguard: %s: skipped: a Git LFS pointer, not the notebook (`git lfs pull` fetches it)\n",
				path);
		o->said++;
		free(json);
		return 0;
	}
	gg_notebook nb;
	int rc = 0;
	if (kept && kept->kept && kept->json_len == len && gg_digest_equal(kept->hash, gg_digest_of(json, len))) {
		nb = kept->nb; /* taken: this check owns it now */
		kept->kept = false;
	} else {
		rc = gg_notebook_read(&nb, json, len);
	}
	if (rc) {
		gg_file_rewrite_close(file);
		check_report(o, path, rc == -EINVAL ? "not a notebook (JSON with a list of cells)" : strerror(-rc));
		gg_notebook_free(&nb);
		free(json);
		return rc == -ENOMEM ? rc : 0;
	}
	if (!run->fix && !run->add_noqa && (rc = check_config(run, o, path, &config))) {
		gg_file_rewrite_close(file);
		gg_notebook_free(&nb);
		free(json);
		return rc;
	}
	gg_digest key;
	size_t said = o->said, findings = o->findings;
	if (run->cache_on && (rc = cache_hit(run, index, config, json, len, &key)) != 0) {
		gg_notebook_free(&nb);
		free(json);
		return rc < 0 ? rc : 0;
	}
	if (run->add_noqa) { /* as ruff, --add-noqa leaves notebooks alone */
		gg_file_rewrite_close(file);
		gg_notebook_free(&nb);
		free(json);
		return 0;
	}
	/* Messages cite lines in cell coordinates, as the findings are placed. */
	gg_line_namer cells = { gg_notebook_line_name, gg_notebook_line_cell, &nb };
	gg_source src = { nb.text, nb.len, NULL, path, config, NULL, gg_project_elsewhere(&run->project), &cells };
	bool unreadable = false;
	if (run->diff) {
		rc = check_diff(run, w, o, path, &src, &nb);
		gg_file_rewrite_close(file);
		gg_notebook_free(&nb);
		free(json);
		return rc;
	}
	size_t by_rule[CHECK_RULES_MAX] = { 0 };
	bool from_stdin = run->fix && check_is_stdin(run, path);
	if (rewriting || from_stdin) {
		size_t fixed = 0, new_len = 0;
		char *new_json = NULL, *why = NULL;
		rc = from_stdin ? gg_cli_fix_notebook_text(w->analyzer, &src, &nb, json, len, run->unsafe_fixes, &new_json,
							   &new_len, &fixed, by_rule, &why)
				: gg_cli_fix_notebook(w->analyzer, &src, &nb, file, json, len, run->unsafe_fixes, &new_json,
						      &new_len, &fixed, by_rule, &why);
		if (from_stdin)
			check_print_stdin("", 0, new_json ? new_json : json, new_json ? new_len : len);
		if (rc) {
			rc = check_fix_failed(o, path, rc, why);
		} else if (new_json) {
			/* What is reported is what was written: the notebook read again. */
			gg_notebook_free(&nb);
			free(json);
			json = new_json;
			len = new_len;
			rc = gg_notebook_read(&nb, json, len);
			src.text = nb.text;
			src.len = nb.len;
			o->fixed += fixed;
			if (rc == -EINVAL) { /* cannot be: what was written was read from a notebook */
				check_report(o, path, "the notebook written cannot be read back");
				unreadable = true;
				rc = 0;
			}
		}
		free(why);
	}
	gg_file_rewrite_close(file);
	/* A cell that does not parse is reported on its own and left out, so that it hides no other cell. */
	gg_nb_unparsed unparsed = { NULL, 0 };
	if (!rc && !unreadable && !w->parser && !(w->parser = gg_python_parser_new()))
		rc = -ENOMEM;
	if (!rc && !unreadable)
		rc = gg_notebook_unparsed(&nb, w->parser, &unparsed);
	if (!rc && !unreadable) {
		src.text = nb.text;
		rc = check_findings(run, w, o, path, &src, &nb, &unparsed, NULL);
	}
	if (run->cache_on)
		cache_note(run, o, index, key, said, findings, rc);
	if (!rc && !unreadable && (rewriting || from_stdin))
		rc = check_rules_fixed(run, o, path, by_rule);
	gg_nb_unparsed_free(&unparsed);
	gg_notebook_free(&nb);
	free(json);
	return rc;
}

/*
 * --add-noqa on src, the body of the file that file holds open (read[0..
 * read_len) as read, BOM included; rewriting says it is open): a directive
 * for each finding, written back (cli/add_noqa.h). Returns 0, or a negative
 * errno that ends the run.
 */
static int check_add_noqa(check_worker *w, check_out *o, const char *path, gg_source *src,
			  gg_file_rewrite *file, bool rewriting, const char *read, size_t read_len)
{
	if (!rewriting)
		return 0; /* check_read said why */
	if (!w->parser && !(w->parser = gg_python_parser_new()))
		return -ENOMEM;
	TSTree *tree = gg_python_parse(w->parser, NULL, src->text, src->len);
	if (!tree)
		return -ENOMEM;
	src->tree = tree;
	gg_findings findings;
	gg_findings_init(&findings);
	gg_fixes *fixes = NULL;
	char *out = NULL, *why = NULL;
	size_t out_len = 0, added = 0;
	int rc = gg_analyzer_check(w->analyzer, src, &findings);
	gg_node root;
	if (!rc && findings.len && !(fixes = calloc(findings.len, sizeof *fixes)))
		rc = -ENOMEM;
	if (!rc && findings.len)
		rc = gg_analyzer_tree(w->analyzer, src, &root);
	if (!rc && findings.len)
		rc = gg_fix_list_each(src->text, src->len, root, findings.items, findings.len, src->config, fixes);
	if (!rc && findings.len)
		rc = gg_cli_add_noqa(src->text, src->len, findings.items, fixes, findings.len, &out, &out_len, &added);
	if (!rc && out) {
		rc = gg_file_rewrite_commit(file, read, read_len, read, (size_t)(src->text - read), out, out_len, &why);
		if (rc == GG_FILE_REWRITE_SKIPPED)
			check_note(o, path, why);
		else if (rc)
			check_report(o, path, strerror(-rc));
		else
			o->noqa_added += added;
		rc = rc == -ENOMEM ? rc : 0;
	} else if (rc && rc != -ENOMEM) {
		check_report(o, path, strerror(-rc));
		rc = 0;
	}
	for (size_t i = 0; fixes && i < findings.len; i++)
		gg_fixes_free(&fixes[i]);
	free(fixes);
	free(out);
	free(why);
	gg_findings_free(&findings);
	ts_tree_delete(tree);
	src->tree = NULL;
	return rc;
}

/* The parse project_build kept of the file at index when body is the text it parsed, now the caller's; else NULL. */
static TSTree *tree_take(check_run *run, size_t index, const char *body, size_t len)
{
	check_tree_kept *k = run->trees ? &run->trees[index] : NULL;
	if (!k || !k->tree || k->len != len || !gg_digest_equal(k->hash, gg_digest_of(body, len)))
		return NULL;
	TSTree *t = k->tree;
	k->tree = NULL;
	return t;
}

/*
 * Checks one file with w's analysis, its output and reports going to o.
 * Returns 0, or a negative errno that ends the run (out of memory).
 */
static int check_file(check_run *run, check_worker *w, check_out *o, size_t index)
{
	const char *path = run->files.items[index];
	const gg_config *config = NULL;
	int rc;
	/*
	 * With --fix the configuration comes first, before the file is locked:
	 * with threads the lookups take turns in file order, and a job waiting
	 * for its turn while it holds a lock another job waits for (the same
	 * file by two paths) would wait forever.
	 */
	if ((run->fix || run->add_noqa) && (rc = check_config(run, o, path, &config)))
		return rc;
	char *text = NULL;
	size_t len = 0;
	gg_file_rewrite file = { NULL, -1, false, { 0 } };
	bool rewriting = false;
	rc = check_read(run, o, path, &file, &rewriting, &text, &len);
	if (rc) {
		gg_file_rewrite_close(&file);
		return rc < 0 ? rc : 0;
	}
	if (gg_notebook_path_is(path))
		return check_notebook(run, w, o, index, config, &file, rewriting, text, len);
	/* Python skips a UTF-8 byte order mark; so do the positions. */
	const char *body = text;
	size_t body_len = len;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		body += 3;
		body_len -= 3;
	}
	size_t bad = gg_utf8_first_invalid(body, body_len);
	bool decoded = false;
	/*
	 * Bytes with a NUL among them and not UTF-8 are a binary file given a
	 * .py name (a database, an archive): no source of anyone's, as git
	 * would call it binary. Skipped with a word, not an error of the run.
	 */
	if (bad < body_len && memchr(body, '\0', body_len)) {
		if (!o->quiet)
			fprintf(o->err, "gradguard: %s: skipped: binary (not Python source)\n", path);
		free(text);
		gg_file_rewrite_close(&file);
		return 0;
	}
	if (bad < body_len) {
		/* Valid Python in a declared legacy encoding is checked in UTF-8; only --fix leaves it alone. */
		char *encoding = source_declared_encoding(body, body_len);
		char *utf8 = NULL;
		size_t utf8_len = 0;
		rc = encoding ? source_decode(encoding, body, body_len, &utf8, &utf8_len) : -EINVAL;
		if (rc == -ENOMEM) {
			free(encoding);
			free(text);
			gg_file_rewrite_close(&file);
			return rc;
		}
		if (rc) {
			char *msg = encoding ? gg_strdup_printf("cannot decode as %s (declared encoding)", encoding)
					     : gg_strdup_printf("not valid UTF-8 (byte %zu)", bad + (size_t)(body - text));
			check_report(o, path, msg ? msg : "not valid UTF-8");
			free(msg);
			free(encoding);
			free(text);
			gg_file_rewrite_close(&file);
			return 0;
		}
		free(encoding);
		free(text);
		text = utf8;
		body = text;
		body_len = len = utf8_len;
		decoded = true;
	}

	if (!run->fix && !run->add_noqa && (rc = check_config(run, o, path, &config))) {
		free(text);
		return rc;
	}
	/* The cache: a file found clean before, with these bytes and this configuration, is not checked again. */
	gg_digest key;
	size_t said = o->said, findings = o->findings;
	if (run->cache_on && (rc = cache_hit(run, index, config, text, len, &key)) != 0) {
		free(text);
		return rc < 0 ? rc : 0;
	}
	gg_source src = { body, body_len, NULL, path, config, NULL, gg_project_elsewhere(&run->project), NULL };
	char *fixed_text = NULL;
	if (run->add_noqa) {
		rc = decoded ? (check_note(o, path, "the file is not UTF-8 (directives are written in UTF-8 only)"), 0)
			     : check_add_noqa(w, o, path, &src, &file, rewriting, text, len);
		gg_file_rewrite_close(&file);
		free(text);
		return rc;
	}
	if (run->diff) {
		if (decoded)
			check_note(o, path, "the file is not UTF-8 (fixes are written in UTF-8 only)");
		else
			rc = check_diff(run, w, o, path, &src, NULL);
		free(text);
		return rc;
	}
	bool from_stdin = run->fix && check_is_stdin(run, path);
	size_t by_rule[CHECK_RULES_MAX] = { 0 };
	if (run->fix && decoded) {
		check_report(o, path, "not fixed: the file is not UTF-8 (fixes are written in UTF-8 only)");
		if (from_stdin) /* as it came, in its own encoding */
			check_print_stdin("", 0, run->stdin_text, run->stdin_len);
	} else if (rewriting || from_stdin) {
		size_t fixed = 0, fixed_len = 0;
		char *why = NULL;
		rc = from_stdin ? gg_cli_fix_text(w->analyzer, &src, run->unsafe_fixes, &fixed_text, &fixed_len, &fixed,
						  by_rule, &why)
				: gg_cli_fix_file(w->analyzer, &src, &file, text, len, run->unsafe_fixes, &fixed_text,
						  &fixed_len, &fixed, by_rule, &why);
		/* The BOM (what comes before the body) is given back as it came. */
		if (from_stdin)
			check_print_stdin(text, (size_t)(body - text), fixed_text ? fixed_text : body,
					  fixed_text ? fixed_len : body_len);
		if (rc) {
			if ((rc = check_fix_failed(o, path, rc, why))) {
				free(why);
				free(text);
				gg_file_rewrite_close(&file);
				return rc;
			}
		} else if (fixed_text) {
			src.text = body = fixed_text;
			src.len = body_len = fixed_len;
			o->fixed += fixed;
		}
		free(why);
	}
	/* Written or left: the lock is no longer needed for what is reported. */
	gg_file_rewrite_close(&file);
	rc = check_findings(run, w, o, path, &src, NULL, NULL, tree_take(run, index, body, body_len));
	if (run->cache_on)
		cache_note(run, o, index, key, said, findings, rc);
	if (!rc && (rewriting || from_stdin) && !decoded)
		rc = check_rules_fixed(run, o, path, by_rule);
	free(fixed_text);
	free(text);
	return rc;
}

/* "GG001,GG002" (commas or spaces) into list. Returns 0 or -ENOMEM. */
static int codes_add(gg_strings *list, const char *codes)
{
	for (const char *p = codes; *p;) {
		size_t n = strcspn(p, ", ");
		if (n) {
			char *code = strndup(p, n);
			int rc = code ? gg_strings_push(list, code) : -ENOMEM;
			free(code);
			if (rc)
				return rc;
		}
		p += n;
		p += strspn(p, ", ");
	}
	return 0;
}

/* --threads N: a whole number from 1; more than CHECK_THREADS_MAX means CHECK_THREADS_MAX. Returns 0 or -EINVAL. */
static int threads_parse(const char *v, unsigned *out)
{
	char *end = NULL;
	errno = 0;
	unsigned long n = isdigit((unsigned char)v[0]) ? strtoul(v, &end, 10) : 0;
	if (n == 0 || *end) {
		fprintf(stderr, "gradguard: --threads needs a whole number from 1 up, not '%s'\n", v);
		return -EINVAL;
	}
	*out = errno == ERANGE || n > CHECK_THREADS_MAX ? CHECK_THREADS_MAX : (unsigned)n;
	return 0;
}

/* Every selector of a --select/--ignore/--extend-select value names a rule; else says which and what was meant. */
static int codes_check(const char *option, const gg_strings *list, size_t from)
{
	for (size_t i = from; i < list->len; i++) {
		const char *sel = list->items[i];
		if (gg_config_selector_valid(sel))
			continue;
		const char *hint = gg_config_selector_suggest(sel);
		fprintf(stderr, "gradguard: %s: unknown rule selector '%s'%s%s%s (rules: GG000, GG001, GG002, GG003; prefixes such as GG, or ALL)\n",
			option, sel, hint ? "; did you mean '" : "", hint ? hint : "", hint ? "'?" : "");
		return -EINVAL;
	}
	return 0;
}

/* The long options; those without a short form get codes from 256 up. */
enum {
	OPT_OUTPUT_FORMAT = 256,
	OPT_FIX,
	OPT_UNSAFE_FIXES,
	OPT_ALL_FIXES,
	OPT_ISOLATED,
	OPT_CONFIG,
	OPT_SELECT,
	OPT_IGNORE,
	OPT_EXTEND_SELECT,
	OPT_EXIT_ZERO,
	OPT_STATISTICS,
	OPT_FORCE_EXCLUDE,
	OPT_SHOW_SETTINGS,
	OPT_STDIN_FILENAME,
	OPT_NO_RESPECT_GITIGNORE,
	OPT_DIFF,
	OPT_PYTHON,
	OPT_FIX_ONLY,
	OPT_SHOW_FIXES,
	OPT_ADD_NOQA,
	OPT_SHOW_FILES,
	OPT_WATCH,
	OPT_NO_CACHE,
	OPT_CACHE_DIR,
};

static const struct option check_options[] = {
	{ "output-format", required_argument, NULL, OPT_OUTPUT_FORMAT },
	{ "fix", no_argument, NULL, OPT_FIX },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "unsafe-fixes", no_argument, NULL, OPT_UNSAFE_FIXES },
	{ "all-fixes", no_argument, NULL, OPT_ALL_FIXES },
	{ "isolated", no_argument, NULL, OPT_ISOLATED },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "python", required_argument, NULL, OPT_PYTHON },
	{ "select", required_argument, NULL, OPT_SELECT },
	{ "ignore", required_argument, NULL, OPT_IGNORE },
	{ "extend-select", required_argument, NULL, OPT_EXTEND_SELECT },
	{ "exit-zero", no_argument, NULL, OPT_EXIT_ZERO },
	{ "statistics", no_argument, NULL, OPT_STATISTICS },
	{ "force-exclude", no_argument, NULL, OPT_FORCE_EXCLUDE },
	{ "show-settings", no_argument, NULL, OPT_SHOW_SETTINGS },
	{ "stdin-filename", required_argument, NULL, OPT_STDIN_FILENAME },
	{ "no-respect-gitignore", no_argument, NULL, OPT_NO_RESPECT_GITIGNORE },
	{ "fix-only", no_argument, NULL, OPT_FIX_ONLY },
	{ "show-fixes", no_argument, NULL, OPT_SHOW_FIXES },
	{ "add-noqa", no_argument, NULL, OPT_ADD_NOQA },
	{ "show-files", no_argument, NULL, OPT_SHOW_FILES },
	{ "watch", no_argument, NULL, OPT_WATCH },
	{ "no-cache", no_argument, NULL, OPT_NO_CACHE },
	{ "cache-dir", required_argument, NULL, OPT_CACHE_DIR },
	{ "exit-non-zero-on-fix", no_argument, NULL, 'e' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "silent", no_argument, NULL, 's' },
	{ "threads", required_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/*
 * ruff's habit: an unknown long option is one line, with the option meant
 * when one is close, not the whole help (which scrolls the line away).
 */
static void option_unknown(const char *name, size_t n)
{
	const char *names[sizeof check_options / sizeof *check_options];
	size_t count = 0;
	for (const struct option *o = check_options; o->name; o++)
		names[count++] = o->name;
	char *word = gg_memdup_str(name, n);
	const char *hint = word ? gg_config_suggest(word, names, count) : NULL;
	fprintf(stderr, "gradguard: unknown option '--%.*s'%s%s%s; see 'gradguard check --help'\n", (int)n, name,
		hint ? " (did you mean '--" : "", hint ? hint : "", hint ? "'?)" : "");
	free(word);
}

/* The option argv[optind - 1] that getopt_long refused, as the user wrote it (without "=value"). */
static void option_error(int argc, char **argv, int c)
{
	const char *a = optind - 1 < argc ? argv[optind - 1] : "";
	size_t n = strcspn(a, "=");
	if (c == ':' && !(a[0] == '-' && a[1] == '-'))
		fprintf(stderr, "gradguard: -%c needs a value\n", optopt);
	else if (c == ':')
		fprintf(stderr, "gradguard: %.*s needs a value\n", (int)n, a);
	else if (a[0] == '-' && a[1] == '-')
		option_unknown(a + 2, n - 2);
	else
		fprintf(stderr, "gradguard: unknown option '-%c'; see 'gradguard check --help'\n", optopt ? optopt : '?');
}

/*
 * Parses options into run with getopt_long (options and paths in any order,
 * "--" ends the options, "-" is a path: stdin); collects PATH arguments into
 * *paths (borrowed from argv).
 */
static int parse_args(check_run *run, int argc, char **argv, char ***paths, int *npaths)
{
	*paths = calloc((size_t)argc + 1, sizeof **paths);
	if (!*paths)
		return -ENOMEM;
	*npaths = 0;
	/* getopt's state is the C library's: reset for each parse. A leading ':' reports a missing value as ':'. */
	optind = 0;
	opterr = 0;
	int c, rc = 0;
	while (!rc && (c = getopt_long(argc, argv, ":hj:eqs", check_options, NULL)) != -1) {
		switch (c) {
		case 'h':
			fputs(check_usage, stdout);
			fputs(check_usage_more, stdout);
			return 1;
		case OPT_OUTPUT_FORMAT: {
			size_t k = 0, n = sizeof check_formats / sizeof *check_formats;
			while (k < n && strcmp(optarg, check_formats[k].name) != 0)
				k++;
			if (k == n) {
				fprintf(stderr, "gradguard: unknown output format '%s' (" CHECK_FORMAT_NAMES ")\n", optarg);
				return -EINVAL;
			}
			run->format = check_formats[k].format;
			break;
		}
		case OPT_FIX: run->fix = true; break;
		case OPT_DIFF: run->diff = true; break;
		case OPT_UNSAFE_FIXES: run->unsafe_fixes = true; break;
		case OPT_ALL_FIXES: run->all_fixes = true; break;
		case OPT_ISOLATED: run->isolated = true; break;
		case OPT_EXIT_ZERO: run->exit_zero = true; break;
		case OPT_STATISTICS: run->statistics = true; break;
		case OPT_FORCE_EXCLUDE: run->force_exclude = true; break;
		case OPT_SHOW_SETTINGS: run->show_settings = true; break;
		case OPT_STDIN_FILENAME: run->stdin_filename = optarg; break;
		case OPT_NO_RESPECT_GITIGNORE: run->no_gitignore = true; break;
		case OPT_CONFIG: {
			char *why = NULL;
			rc = gg_cli_config_arg_add(&run->config_arg, optarg, &why);
			if (why)
				fprintf(stderr, "gradguard: %s\n", why);
			free(why);
			break;
		}
		case OPT_FIX_ONLY: run->fix_only = run->fix = true; break;
		case OPT_SHOW_FIXES: run->show_fixes = true; break;
		case OPT_ADD_NOQA: run->add_noqa = true; break;
		case OPT_SHOW_FILES: run->show_files = true; break;
		case OPT_WATCH: run->watch = true; break;
		case OPT_NO_CACHE: run->no_cache = true; break;
		case OPT_CACHE_DIR: run->cache_dir = optarg; break;
		case 'e': run->exit_on_fix = true; break;
		case 'q': run->quiet = true; break;
		case 's': run->silent = run->quiet = true; break;
		case OPT_PYTHON: run->python = optarg; break;
		case 'j':
			rc = threads_parse(optarg, &run->threads);
			break;
		case OPT_SELECT:
		case OPT_IGNORE:
		case OPT_EXTEND_SELECT: {
			unsigned key = c == OPT_SELECT ? GG_CONFIG_SELECT : c == OPT_IGNORE ? GG_CONFIG_IGNORE
											: GG_CONFIG_EXTEND_SELECT;
			gg_strings *list = gg_config_list(&run->overrides, key);
			size_t from = list->len;
			/* A later --select replaces an earlier one, as ruff has it; --ignore and --extend-select add. */
			if (key == GG_CONFIG_SELECT) {
				gg_strings_free(list);
				gg_strings_init(list);
				from = 0;
			}
			rc = codes_add(list, optarg);
			if (!rc)
				rc = codes_check(c == OPT_SELECT ? "--select" : c == OPT_IGNORE ? "--ignore" : "--extend-select",
						 list, from);
			run->overrides.set |= key;
			break;
		}
		default:
			option_error(argc, argv, c);
			return -EINVAL;
		}
	}
	if (rc)
		return rc;
	for (int i = optind; i < argc; i++)
		(*paths)[(*npaths)++] = argv[i];
	run->config_path = run->config_arg.path;
	/* --config's overrides go over the files, and --select and the like over them (ruff's order). */
	if (run->config_arg.overrides.set) {
		gg_config *over = &run->config_arg.overrides;
		if (!over->root)
			over->root = realpath(".", NULL); /* an override's exclude is relative to where it was typed */
		rc = gg_config_merge(over, &run->overrides);
		if (!rc) {
			gg_config_free(&run->overrides);
			run->overrides = *over;
			gg_config_init(over);
		}
	}
	return rc;
}

/* --config, or the loader that finds each file's pyproject.toml. Returns 0, or 2 after a message. */
static int run_setup_config(check_run *run)
{
	if (run->config_path) {
		char *error = NULL;
		int rc = gg_config_load_given(run->config_path, &run->forced, &error);
		if (!rc)
			rc = gg_config_merge(&run->forced, &run->overrides);
		if (rc) {
			fprintf(stderr, "gradguard: %s\n", error ? error : strerror(-rc));
			free(error);
			return 2;
		}
		return 0;
	}
	if (run->isolated)
		return 0;
	run->loader = gg_config_loader_new(run->overrides.set ? &run->overrides : NULL);
	if (!run->loader) {
		fputs("gradguard: out of memory\n", stderr);
		return 2;
	}
	return 0;
}

static void run_free_config(check_run *run)
{
	gg_cli_config_arg_free(&run->config_arg);
	gg_config_loader_delete(run->loader);
	gg_config_free(&run->forced);
	gg_config_free(&run->overrides);
}

/* Sorted files: the same file named twice is checked once. */
static void files_unique(gg_pyfiles *files)
{
	size_t kept = 0;
	for (size_t i = 0; i < files->len; i++) {
		if (kept > 0 && strcmp(files->items[i], files->items[kept - 1]) == 0)
			free(files->items[i]);
		else
			files->items[kept++] = files->items[i];
	}
	files->len = kept;
}

/* The CPUs this process may run on (taskset, a container's cpuset), else those online. */
static unsigned cpus_available(void)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

/* --threads, or one per CPU up to CHECK_THREADS_DEFAULT_MAX; never more than there are files. */
static unsigned run_thread_count(const check_run *run)
{
	unsigned n = run->threads;
	if (n == 0) {
		n = cpus_available();
		if (n > CHECK_THREADS_DEFAULT_MAX)
			n = CHECK_THREADS_DEFAULT_MAX;
	}
	if (n > run->files.len)
		n = (unsigned)run->files.len;
	return n ? n : 1;
}

static void run_add(check_run *run, const check_out *o)
{
	for (size_t i = 0; i < CHECK_RULES_MAX; i++) {
		run->stats[i] += o->stats[i];
		run->stats_fixable[i] += o->stats_fixable[i];
	}
	run->findings += o->findings;
	run->fixed += o->fixed;
	run->runtime_counts.confirmed += o->runtime.confirmed;
	run->runtime_counts.runtime_only += o->runtime.runtime_only;
	run->runtime_counts.unconfirmed += o->runtime.unconfirmed;
	run->failed |= o->failed;
	run->fixable += o->fixable;
	run->hidden += o->hidden;
	run->noqa_added += o->noqa_added;
	run->fixes_shown += o->fixes_shown;
	/* Out of memory here loses only --show-fixes' lines. */
	if (o->fix_log.len)
		gg_buf_append(&run->fix_log, o->fix_log.data, o->fix_log.len);
}

/* One thread: each file's output goes out as it is checked. Returns 0 or a negative errno. */
static int check_sequential(check_run *run)
{
	check_out o;
	memset(&o, 0, sizeof o);
	o.out = run->report;
	o.err = stderr;
	o.json_rows = run->json_rows;
	o.sarif = run->sarif;
	o.quiet = run->quiet;
	int rc = 0;
	for (size_t i = 0; i < run->files.len && !rc; i++)
		rc = check_file(run, &run->worker, &o, i);
	run_add(run, &o);
	gg_buf_free(&o.fix_log);
	return rc;
}

/* A file's results, kept from its check until the main thread prints them. */
typedef struct check_slot {
	check_out o;               /* out and err: memory streams over out_text and err_text */
	char *out_text, *err_text; /* owned once the streams are closed */
	size_t out_len, err_len;
	cJSON *doc; /* owned: the file's json rows, or a SARIF log holding its results */
	int rc;     /* check_file's */
} check_slot;

typedef struct check_parallel {
	check_run *run;
	check_worker *extra; /* owned: workers 1.., worker 0 is run->worker */
	check_slot *slots;   /* owned: job i has slots[i % window] */
	size_t window;
} check_parallel;

static check_worker *parallel_worker(check_parallel *p, unsigned k)
{
	return k == 0 ? &p->run->worker : &p->extra[k - 1];
}

static void slot_clear(check_slot *s)
{
	if (s->o.out)
		fclose(s->o.out);
	if (s->o.err)
		fclose(s->o.err);
	free(s->out_text);
	free(s->err_text);
	cJSON_Delete(s->doc);
	gg_buf_free(&s->o.fix_log);
	memset(s, 0, sizeof *s);
}

/* runs[0].results of a SARIF log. */
static cJSON *sarif_results(cJSON *log)
{
	cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(log, "runs"), 0);
	return cJSON_GetObjectItemCaseSensitive(run, "results");
}

/* The least SARIF log gg_cli_sarif_add appends to: {"runs": [{"results": []}]}. NULL on failure. */
static cJSON *sarif_stand_in_new(void)
{
	cJSON *log = cJSON_CreateObject(), *runs = log ? cJSON_AddArrayToObject(log, "runs") : NULL;
	cJSON *run = runs ? cJSON_CreateObject() : NULL;
	if (run && !cJSON_AddItemToArray(runs, run)) {
		cJSON_Delete(run);
		run = NULL;
	}
	if (!run || !cJSON_AddArrayToObject(run, "results")) {
		cJSON_Delete(log);
		return NULL;
	}
	return log;
}

/* Moves from's items to the end of to, in order. Returns 0 or -ENOMEM. */
static int json_move_items(cJSON *to, cJSON *from)
{
	if (!to || !from)
		return -ENOMEM;
	for (cJSON *item; (item = cJSON_DetachItemFromArray(from, 0));) {
		if (!cJSON_AddItemToArray(to, item)) {
			cJSON_Delete(item);
			return -ENOMEM;
		}
	}
	return 0;
}

/* On worker `worker`: checks file i into its slot. */
static void check_job(void *ctx, gg_ordered_pool *pool, unsigned worker, size_t i)
{
	check_parallel *p = ctx;
	check_run *run = p->run;
	check_slot *s = &p->slots[i % p->window];
	s->o.pool = pool;
	s->o.index = i;
	s->o.quiet = run->quiet;
	s->o.out = open_memstream(&s->out_text, &s->out_len);
	s->o.err = open_memstream(&s->err_text, &s->err_len);
	if (format_has_rows(run->format))
		s->doc = s->o.json_rows = cJSON_CreateArray();
	else if (run->format == FORMAT_SARIF)
		s->doc = s->o.sarif = sarif_stand_in_new();
	bool doc_ok = s->doc || (!format_has_rows(run->format) && run->format != FORMAT_SARIF);
	if (s->o.out && s->o.err && doc_ok)
		s->rc = check_file(run, parallel_worker(p, worker), &s->o, i);
	else
		s->rc = -ENOMEM;
	/* Closing a memory stream leaves out_text/err_text and their lengths for check_deliver. */
	if (s->o.out && fclose(s->o.out) != 0 && !s->rc)
		s->rc = -ENOMEM;
	if (s->o.err && fclose(s->o.err) != 0 && !s->rc)
		s->rc = -ENOMEM;
	s->o.out = s->o.err = NULL;
}

/* On the main thread, in file order: prints file i's slot and adds it to the run. Nonzero ends the run. */
static int check_deliver(void *ctx, size_t i)
{
	check_parallel *p = ctx;
	check_run *run = p->run;
	check_slot *s = &p->slots[i % p->window];
	/* A file's reports come before its findings, as check_file writes them. */
	if (s->err_len)
		fwrite(s->err_text, 1, s->err_len, stderr);
	if (s->out_len)
		fwrite(s->out_text, 1, s->out_len, run->report);
	int rc = s->rc;
	if (!rc && format_has_rows(run->format))
		rc = json_move_items(run->json_rows, s->doc);
	else if (!rc && run->format == FORMAT_SARIF)
		rc = json_move_items(sarif_results(run->sarif), sarif_results(s->doc));
	run_add(run, &s->o);
	slot_clear(s);
	return rc;
}

/*
 * threads (>= 2) workers, each with its own analyzer. Returns 0 or a
 * negative errno, as check_sequential; 1 when not a second worker could be
 * had, before anything was checked.
 */
static int check_parallel_run(check_run *run, unsigned threads)
{
	check_parallel p = { run, NULL, NULL, 0 };
	p.extra = calloc(threads - 1, sizeof *p.extra);
	unsigned workers = 1;
	while (p.extra && workers < threads) {
		/* Without its analyzer a worker is not started: fewer threads, the same output. */
		char *error = NULL;
		p.extra[workers - 1].analyzer = gg_analyzer_new(&error);
		free(error);
		if (!p.extra[workers - 1].analyzer)
			break;
		workers++;
	}
	p.window = (size_t)workers * CHECK_WINDOW_PER_THREAD;
	p.slots = workers > 1 ? calloc(p.window, sizeof *p.slots) : NULL;
	int rc = 1;
	if (p.slots) {
		gg_ordered_pool_ops ops = { check_job, check_deliver, &p };
		unsigned started = 0;
		rc = gg_ordered_pool_run(run->files.len, workers, p.window, &ops, &started);
		if (started == 0)
			rc = 1;
		for (size_t k = 0; k < p.window; k++)
			slot_clear(&p.slots[k]); /* those done but not printed when the run stopped */
	}
	for (unsigned k = 1; k < workers; k++) {
		gg_analyzer_delete(p.extra[k - 1].analyzer);
		if (p.extra[k - 1].parser)
			ts_parser_delete(p.extra[k - 1].parser);
	}
	free(p.slots);
	free(p.extra);
	return rc;
}

/* The json and sarif documents go out whole, at the end of the run, in ruff's layout. Returns 0 or -EIO. */
static int print_json(FILE *to, const cJSON *doc)
{
	return gg_json_pretty_print(to, doc);
}

/* A document format's rows, as that format prints them. Returns 0 or a negative errno. */
static int print_rows(check_run *run)
{
	switch (run->format) {
	case FORMAT_GITLAB: return gg_cli_gitlab_print(run->report, run->json_rows);
	case FORMAT_JUNIT: return gg_cli_junit_print(run->report, run->json_rows);
	case FORMAT_RDJSON: return gg_cli_rdjson_print(run->report, run->json_rows);
	default: return print_json(run->report, run->json_rows);
	}
}

/*
 * What to look for (python_env.h): --python, which is the user's own and may
 * name an interpreter to run, else the `python` setting of c (the
 * repository's: read by layout only) taken in c's folder.
 */
static gg_python_env_query run_python_query(const check_run *run, const gg_config *c)
{
	gg_python_env_query q = { NULL, c ? c->root : NULL, false, NULL };
	if (run->python) {
		q.setting = run->python;
		q.root = NULL; /* relative to where the user typed it */
		q.users = true;
	} else if (c) {
		q.setting = c->python;
	}
	return q;
}

/* Why the environment q names cannot be read (rc from gg_python_env_find, not 0 or -ENOMEM), on stderr. */
static void run_python_problem(const check_run *run, const gg_python_env_query *q, int rc)
{
	if (rc == -EPERM && q->users) {
		/* A bare name that PATH does not have: the file of that name here is not taken for it. */
		fprintf(stderr, "gradguard: --python %s: no such program on PATH (to run the file here, write ./%s)\n",
			q->setting, q->setting);
		return;
	}
	if (rc == -EPERM) {
		/* A warning: the libraries are not read, the check goes on. */
		fprintf(stderr,
			"gradguard: python = \"%s\" in %s%s%s names no environment folder; gradguard never runs a "
			"program a repository names (use --python)\n",
			q->setting, run->config_path ? run->config_path : q->root ? q->root : "pyproject.toml",
			run->config_path || !q->root ? "" : "/", run->config_path || !q->root ? "" : gg_config_file_name(q->root));
		return;
	}
	const char *why = rc == -ETIMEDOUT ? "gave no answer in time, and was stopped"
			: rc == -EFBIG	   ? "printed more than a sys.path, and was stopped"
					   : "no virtual environment or interpreter there";
	if (q->users)
		fprintf(stderr, "gradguard: --python %s: %s\n", q->setting, why);
	else
		fprintf(stderr, "gradguard: python = \"%s\": %s\n", q->setting, why);
}

/*
 * The Python environment for the run (python_env.h), from --python or the
 * configuration of the current folder (its `python` setting and its folder),
 * as ty finds the project's environment from where it runs. A setting that
 * names nothing usable is reported (exit 2); one that names a program the
 * repository holds is not run, with a warning; none found is no error.
 */
static int run_environment(check_run *run, gg_python_env *env, const char **root)
{
	const gg_config *c = run_config_for_dir(run, ".");
	*root = c ? c->root : NULL;
	gg_python_env_query q = run_python_query(run, c);
	int rc = gg_python_env_find(env, &q);
	if (rc && rc != -ENOMEM) {
		run_python_problem(run, &q, rc);
		run->failed = run->failed || rc != -EPERM || q.users; /* the repository's program not run: a warning */
		rc = 0;
	}
	return rc;
}

/* The project's folder: the current folder's configuration's, else NULL (the current folder). */
static const char *project_root(check_run *run)
{
	const gg_config *c = run_config_for_dir(run, ".");
	return c ? c->root : NULL;
}

/*
 * Whether a walk of the folder root would leave below (a path under it,
 * found by gg_project_add_own) out: each folder on the way and the file,
 * asked as the walk asks (run_excluded), and the folders it never enters.
 */
static bool own_excluded(void *ctx, const char *root, const char *below)
{
	check_run *run = ctx;
	char *path = gg_pyfiles_join(root, below);
	if (!path)
		return true;
	size_t skip = strlen(path) - strlen(below); /* root's part, and its slash */
	bool out = false;
	for (size_t i = skip, start = skip, n = strlen(path); i <= n && !out; i++) {
		if (i < n && path[i] != '/')
			continue;
		char saved = path[i];
		path[i] = '\0';
		char *dir = start > skip ? strndup(path, start - 1) : strdup(root);
		out = !dir || run_excluded(run, dir, path) || (i < n && gg_pyfiles_skip_dir(path, path + start));
		free(dir);
		path[i] = saved;
		start = i + 1;
	}
	free(path);
	return out;
}

/* Whether the folder path holds the project's folder (project_root): a walk of it reads every module of the project. */
static bool path_covers_project(check_run *run, const char *path)
{
	if (!gg_pyfiles_is_dir(path))
		return false;
	const char *root = project_root(run);
	char *real = realpath(path, NULL), *real_root = realpath(root ? root : ".", NULL);
	size_t n = real ? strlen(real) : 0;
	bool out = real && real_root && strncmp(real_root, real, n) == 0 && (real_root[n] == '/' || !real_root[n] || n == 1);
	free(real);
	free(real_root);
	return out;
}

/*
 * Reads one file into the index: its text, or a notebook's cells joined.
 * slot is its place in run->files when it is checked (its notebook and, while
 * *kept_bytes allows, its parse are kept for the check), else SIZE_MAX.
 * Returns 0, -ENOMEM, or another negative errno for a file that cannot be read.
 */
static int project_add_file(check_run *run, const char *path, size_t slot, gg_strings *wanted, size_t *kept_bytes)
{
	char *text = NULL;
	size_t len = 0;
	int rc = gg_pyfiles_read(path, &text, &len);
	if (rc)
		return rc;
	/* A notebook exports what its cells define, like a module (what `%run nb.ipynb` or an import hook gives). */
	gg_notebook nb;
	memset(&nb, 0, sizeof nb);
	gg_digest hash = { 0, 0 };
	size_t json_len = len;
	if (gg_notebook_path_is(path)) {
		hash = gg_digest_of(text, len);
		rc = gg_notebook_read(&nb, text, len);
		free(text);
		text = NULL;
		len = nb.len;
	}
	const char *body = nb.text ? nb.text : text;
	bool keep = slot != SIZE_MAX && run->trees && !nb.text && *kept_bytes + len <= CHECK_TREES_KEPT_BYTES;
	TSTree *tree = NULL;
	if (!rc)
		rc = gg_project_add_source(&run->project, run->worker.analyzer, path, body, len, wanted, keep ? &tree : NULL);
	if (tree) {
		run->trees[slot] = (check_tree_kept){ tree, gg_digest_of(body, len), len };
		*kept_bytes += len;
	}
	if (!rc && nb.text && slot != SIZE_MAX && run->notebooks) {
		run->notebooks[slot] = (check_nb_kept){ nb, hash, json_len, true };
		memset(&nb, 0, sizeof nb);
	}
	gg_notebook_free(&nb);
	free(text);
	return rc;
}

/* A file's identity, to find a checked file among the paths a walk names otherwise. */
typedef struct file_key {
	dev_t dev;
	ino_t ino;
	size_t slot; /* its place in run->files */
} file_key;

static int file_key_cmp(const void *pa, const void *pb)
{
	const file_key *a = pa, *b = pb;
	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	return a->ino < b->ino ? -1 : a->ino > b->ino;
}

/*
 * Whether the current folder is the project's when files are named one by
 * one: the configuration's folder, or, without one, a folder that holds
 * .git, pyproject.toml, setup.py or setup.cfg. Never a home folder full of
 * unrelated things: without such a mark, only the imported modules are read.
 */
static bool project_here(check_run *run)
{
	const char *root = project_root(run);
	if (root) {
		char *real = realpath(root, NULL), *here = realpath(".", NULL);
		bool same = real && here && strcmp(real, here) == 0;
		free(real);
		free(here);
		return same;
	}
	static const char *const marks[] = { ".git", "pyproject.toml", "setup.py", "setup.cfg" };
	for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
		if (access(marks[i], F_OK) == 0)
			return true;
	return false;
}

/*
 * The index walk's own loader: a broken pyproject.toml in a folder whose
 * files are not checked says nothing; the run's loader says it once, where a
 * checked file needs it.
 */
typedef struct index_walk {
	check_run *run;
	gg_config_loader *loader; /* owned; NULL with --config or --isolated */
} index_walk;

/* As run_excluded, with the walk's loader. */
static bool index_excluded(void *ctx, const char *dir, const char *path)
{
	index_walk *w = ctx;
	const gg_config *c = w->run->config_path ? &w->run->forced : w->run->overrides.set ? &w->run->overrides : NULL;
	if (w->loader) {
		char *error = NULL;
		c = NULL;
		gg_config_loader_for_dir(w->loader, dir, &c, &error);
		free(error);
	}
	return gg_config_excludes(c, path) || gg_git_ignore_path(w->run->git, dir, path);
}

/* The names a file's imports must hold to reach a checked module: each checked file's module's last part. */
typedef struct importer_scan {
	const gg_strings *lasts;
	bool hit;
} importer_scan;

/* Whether the dotted span holds last as one of its parts (`pkg.metrics.sub` holds "metrics"). */
static bool dotted_holds(gg_text_span s, const char *last)
{
	size_t n = strlen(last);
	for (const char *p = s.ptr, *end = s.ptr + s.len; p && p + n <= end; p++)
		if ((p == s.ptr || p[-1] == '.') && memcmp(p, last, n) == 0 && (p + n == end || p[n] == '.'))
			return true;
	return false;
}

static int importer_match(void *ctx, gg_text_span module, gg_text_span name, gg_text_span alias)
{
	(void)alias;
	importer_scan *x = ctx;
	for (size_t i = 0; i < x->lasts->len && !x->hit; i++)
		x->hit = dotted_holds(module, x->lasts->items[i]) || dotted_holds(name, x->lasts->items[i]);
	return x->hit;
}

/* The last part of path's module ("evalkit/metrics.py": "metrics"; "pkg/__init__.py": "pkg"), into lasts. */
static int module_last_push(gg_strings *lasts, const char *path)
{
	char *copy = strdup(path);
	if (!copy)
		return -ENOMEM;
	char *base = strrchr(copy, '/');
	base = base ? base + 1 : copy;
	if (strncmp(base, "__init__.", 9) == 0 && base > copy) {
		base[-1] = '\0';
		char *up = strrchr(copy, '/');
		base = up ? up + 1 : copy;
	}
	base[strcspn(base, ".")] = '\0';
	int rc = !*base || gg_strings_contains(lasts, base) ? 0 : gg_strings_push(lasts, base);
	free(copy);
	return rc;
}

/*
 * Whether the file at path imports one of the checked modules by name (a
 * notebook: names one anywhere in its JSON). A cheap search of the text
 * first: most files name none of them.
 */
static bool imports_checked(const char *path, const gg_strings *lasts)
{
	char *text = NULL;
	size_t len = 0;
	if (gg_pyfiles_read(path, &text, &len) != 0)
		return false;
	bool named = false;
	for (size_t i = 0; i < lasts->len && !named; i++)
		named = memmem(text, len, lasts->items[i], strlen(lasts->items[i])) != NULL;
	bool notebook = gg_notebook_path_is(path);
	importer_scan x = { lasts, false };
	if (named && !notebook)
		gg_project_imports_each(text, len, importer_match, &x);
	free(text);
	return named && (x.hit || notebook);
}

/*
 * Files named one by one (pre-commit names the changed ones) in the
 * project's folder: the index also reads the project's files that import
 * them, found by a walk of the folder as `check .` makes it, so that their
 * callers in other files, and what those callers hand them, are known. Only
 * the importers: a whole project's unrelated scripts (a test corpus, other
 * tools) would lend the checked files facts by name alone. Into *walked the
 * paths read, for gg_project_add_own to skip.
 */
static int project_add_walk(check_run *run, gg_strings *wanted, size_t *kept_bytes, gg_pyfiles *walked, bool *read)
{
	index_walk w = { run, NULL };
	if (run->loader && !(w.loader = gg_config_loader_new(run->overrides.set ? &run->overrides : NULL)))
		return -ENOMEM;
	gg_pyfiles_walker walker = { index_excluded, NULL, &w, true };
	int rc = gg_pyfiles_collect(walked, ".", &walker);
	gg_config_loader_delete(w.loader);
	if (!rc && walked->len) {
		qsort(walked->items, walked->len, sizeof *walked->items, path_cmp);
		files_unique(walked);
		rc = gg_pyfiles_drop_aliases(walked);
	}
	gg_strings lasts;
	gg_strings_init(&lasts);
	for (size_t i = 0; !rc && i < run->files.len; i++)
		rc = module_last_push(&lasts, run->files.items[i]);
	file_key *keys = rc ? NULL : calloc(run->files.len ? run->files.len : 1, sizeof *keys);
	size_t nkeys = 0;
	if (!rc && !keys)
		rc = -ENOMEM;
	for (size_t i = 0; !rc && i < run->files.len; i++) {
		struct stat st;
		if (stat(run->files.items[i], &st) == 0 && S_ISREG(st.st_mode))
			keys[nkeys++] = (file_key){ st.st_dev, st.st_ino, i };
	}
	if (keys)
		qsort(keys, nkeys, sizeof *keys, file_key_cmp);
	/* In the walk's order, as `check .` reads them: the checked files, and the others that import one (kept in *walked). */
	size_t kept = 0, i = 0;
	for (; !rc && i < walked->len; i++) {
		struct stat st;
		file_key *hit = NULL;
		if (stat(walked->items[i], &st) == 0) {
			file_key k = { st.st_dev, st.st_ino, 0 };
			hit = bsearch(&k, keys, nkeys, sizeof *keys, file_key_cmp);
		}
		if (!hit && !imports_checked(walked->items[i], &lasts)) {
			free(walked->items[i]);
			continue;
		}
		/* A checked file is read under the name it was given, so that its module is the one its check sees. */
		const char *path = hit ? run->files.items[hit->slot] : walked->items[i];
		if (hit)
			read[hit->slot] = true;
		rc = project_add_file(run, path, hit ? hit->slot : SIZE_MAX, wanted, kept_bytes);
		if (rc != -ENOMEM)
			rc = 0;
		walked->items[kept++] = walked->items[i];
	}
	/* What an error left unread stays listed, to be freed with the rest. */
	for (; i < walked->len; i++)
		walked->items[kept++] = walked->items[i];
	walked->len = kept;
	free(keys);
	gg_strings_free(&lasts);
	return rc;
}

/*
 * The project index (SPEC §2): what the files to check define for each other,
 * read first, so that every file's check sees every other file's wrappers
 * whatever the order or the thread, and what the libraries they import
 * define, read from the user's environment. Only files that name a grad-mode
 * construct are parsed. A file that cannot be read is left to check_file to report.
 */
static int project_build(check_run *run)
{
	gg_strings wanted; /* what the files import, "module" or "module:name" */
	gg_strings_init(&wanted);
	gg_pyfiles walked = { NULL, 0, 0 }; /* files named one by one: the project's folder's files */
	int rc = 0;
	/* Without room to keep them, the notebooks are read again by their checks, and the files parsed again. */
	run->notebooks = calloc(run->files.len, sizeof *run->notebooks);
	/* Only a check reads the parse: --fix, --diff and --add-noqa parse what they write. */
	bool plain = !run->fix && !run->diff && !run->add_noqa;
	run->trees = plain ? calloc(run->files.len, sizeof *run->trees) : NULL;
	bool *read = calloc(run->files.len ? run->files.len : 1, sizeof *read); /* the checked files the walk read */
	size_t kept_bytes = 0;
	if (!read)
		rc = -ENOMEM;
	if (!rc && !run->whole_project && project_here(run))
		rc = project_add_walk(run, &wanted, &kept_bytes, &walked, read);
	for (size_t i = 0; !rc && i < run->files.len; i++) {
		if (!read[i])
			rc = project_add_file(run, run->files.items[i], i, &wanted, &kept_bytes);
		if (rc != -ENOMEM)
			rc = 0;
	}
	free(read);
	if (!rc && !run->whole_project) {
		/* Files named one by one: the project's modules they import are read too, as `check .` reads them. */
		char **seen = malloc((run->files.len + walked.len + 1) * sizeof *seen); /* borrowed paths */
		if (!seen)
			rc = -ENOMEM;
		size_t nseen = 0;
		for (size_t i = 0; seen && i < run->files.len; i++)
			seen[nseen++] = run->files.items[i];
		for (size_t i = 0; seen && i < walked.len; i++)
			seen[nseen++] = walked.items[i];
		gg_project_own own = { project_root(run), seen, nseen, own_excluded, run, &wanted };
		size_t files = 0;
		if (!rc)
			rc = gg_project_add_own(&run->project, run->worker.analyzer, &own, &files);
		free(seen);
	}
	gg_pyfiles_free(&walked);
	if (!rc)
		rc = gg_project_add_deferred(&run->project, run->worker.analyzer, NULL);
	if (!rc && wanted.len) {
		gg_python_env env;
		gg_python_env_init(&env);
		const char *root = NULL; /* the configuration's folder: its packages shadow installed ones */
		rc = run_environment(run, &env, &root);
		size_t files = 0;
		if (!rc && env.roots.len)
			rc = gg_project_add_libraries(&run->project, run->worker.analyzer, &env.roots, root, &wanted, &files);
		gg_python_env_free(&env);
	}
	gg_strings_free(&wanted);
	return rc;
}

/* An environment variable set to something other than "", "0" or "false". */
static bool env_set(const char *name)
{
	const char *v = getenv(name);
	return v && *v && strcmp(v, "0") != 0 && strcasecmp(v, "false") != 0;
}

/* Where the cache is kept: --cache-dir, GRADGUARD_CACHE_DIR, else .gradguard_cache in the project's folder. */
static const char *cache_dir(check_run *run)
{
	if (run->cache_where)
		return run->cache_where;
	const char *dir = run->cache_dir ? run->cache_dir : getenv("GRADGUARD_CACHE_DIR");
	const char *root = project_root(run);
	if (dir && *dir)
		run->cache_where = strdup(dir);
	else
		run->cache_where = root ? gg_pyfiles_join(root, ".gradguard_cache") : strdup(".gradguard_cache");
	return run->cache_where;
}

/*
 * Opens the cache (check_cache.h) where this run may use it: a plain check
 * (what --fix, --diff and --add-noqa write, and stdin, are never cached), with
 * no measurements of gradguard.probe to apply (they come from outside the
 * files). Returns 0 or -ENOMEM; a cache it cannot open is left off.
 */
static int cache_open(check_run *run, char **paths, size_t npaths)
{
	if (run->no_cache || env_set("GRADGUARD_NO_CACHE") || run->fix || run->diff || run->add_noqa ||
	    run->stdin_text || run->runtime.len)
		return 0;
	gg_buf index = { 0 };
	int rc = gg_project_write(&run->project, &index);
	const char *dir = rc ? NULL : cache_dir(run);
	if (!rc && !dir)
		rc = -ENOMEM;
	if (!rc)
		rc = gg_check_cache_open(&run->cache, dir, paths, npaths, index.data, index.len);
	gg_buf_free(&index);
	if (!rc) {
		run->cache_keys = calloc(run->files.len, sizeof *run->cache_keys);
		run->cache_clean = calloc(run->files.len, sizeof *run->cache_clean);
		if (!run->cache_keys || !run->cache_clean)
			rc = -ENOMEM;
	}
	run->cache_on = !rc && run->cache.path;
	return rc;
}

/* All of stdin into *text (malloc'd, the caller's). Returns 0 or -1 with errno set. */
static int stdin_read(char **text, size_t *len)
{
	gg_buf b = { 0 };
	char chunk[65536];
	for (;;) {
		ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || (n > 0 && gg_buf_append(&b, chunk, (size_t)n) != 0)) {
			if (n > 0)
				errno = ENOMEM;
			gg_buf_free(&b);
			return -1;
		}
		if (n == 0)
			break;
	}
	*len = b.len;
	*text = gg_buf_take(&b);
	return *text ? 0 : -1;
}

/* Whether the exclude patterns of path's folder's configuration leave path, or a folder above it, out. */
static bool path_excluded(check_run *run, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, (size_t)(slash - path) + (slash == path)) : strdup(".");
	bool out = dir && gg_config_excludes_named(run_config_for_dir(run, dir), path);
	free(dir);
	return out;
}

/* Whether .gitignore or .ignore files leave out the folder path (named on the command line; ".", "sub/.." too) where it lies. */
static bool path_git_ignored(check_run *run, const char *path)
{
	char *real = realpath(path, NULL);
	char *slash = real ? strrchr(real, '/') : NULL;
	if (!slash || slash == real) {
		free(real);
		return false; /* the root folder: in no work tree's ignore rules */
	}
	*slash = '\0';
	bool out = gg_git_ignore_path(run->git, real, slash + 1);
	free(real);
	return out;
}

/*
 * --statistics: one line per rule found, most found first, in ruff's layout
 * (the counts right-aligned, the codes left-aligned, then `[*] ` for a rule
 * whose every finding --fix fixes and `[ ] ` for the others, when any is);
 * json: a list of objects.
 */
static int print_statistics(check_run *run)
{
	size_t order[CHECK_RULES_MAX], n = 0;
	for (size_t i = 0; i < CHECK_RULES_MAX && gg_rules[i].code; i++)
		if (run->stats[i])
			order[n++] = i;
	for (size_t i = 1; i < n; i++) /* insertion sort: a handful of rules, stable by code */
		for (size_t j = i; j > 0 && run->stats[order[j]] > run->stats[order[j - 1]]; j--) {
			size_t t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	/* With a runtime report (runtime_report.h): what the run confirmed, went past, added. */
	const gg_runtime_counts *rt = &run->runtime_counts;
	const struct {
		const char *code, *name;
		size_t count;
	} runtime[] = {
		{ "runtime-confirmed", "static findings confirmed at run time", rt->confirmed },
		{ "runtime-unconfirmed", "static findings the run went through without confirming", rt->unconfirmed },
		{ "runtime-only", "runtime findings without a static one", rt->runtime_only },
	};
	size_t n_runtime = run->runtime.len ? sizeof runtime / sizeof *runtime : 0;
	if (run->format != FORMAT_JSON) {
		int count_width = 1, code_width = 0;
		bool any_fixable = false;
		for (size_t i = 0; i < n + n_runtime; i++) {
			size_t count = i < n ? run->stats[order[i]] : runtime[i - n].count;
			const char *code = i < n ? gg_rules[order[i]].code : runtime[i - n].code;
			int digits = snprintf(NULL, 0, "%zu", count);
			count_width = digits > count_width ? digits : count_width;
			if (i < n) /* the run's own rows (runtime-confirmed, ...) are no rules: not aligned with them */
				code_width = (int)strlen(code) > code_width ? (int)strlen(code) : code_width;
			any_fixable = any_fixable || (i < n && run->stats_fixable[order[i]]);
		}
		for (size_t i = 0; i < n + n_runtime; i++) {
			bool rule = i < n;
			size_t count = rule ? run->stats[order[i]] : runtime[i - n].count;
			const char *mark = "";
			if (any_fixable && rule)
				mark = run->stats_fixable[order[i]] == count ? "[*] " : "[ ] ";
			fprintf(run->report, "%*zu\t%-*s\t%s%s\n", count_width, count, rule ? code_width : 0,
				rule ? gg_rules[order[i]].code : runtime[i - n].code, mark,
				rule ? gg_rules[order[i]].name : runtime[i - n].name);
		}
		return 0;
	}
	cJSON *list = cJSON_CreateArray();
	for (size_t i = 0; list && i < n + n_runtime; i++) {
		const char *code = i < n ? gg_rules[order[i]].code : runtime[i - n].code;
		const char *name = i < n ? gg_rules[order[i]].name : runtime[i - n].name;
		size_t count = i < n ? run->stats[order[i]] : runtime[i - n].count;
		cJSON *o = cJSON_CreateObject();
		bool fixable = i < n && count && run->stats_fixable[order[i]] == count;
		if (!o || !cJSON_AddStringToObject(o, "code", code) || !cJSON_AddStringToObject(o, "name", name) ||
		    !cJSON_AddNumberToObject(o, "count", (double)count) || !cJSON_AddBoolToObject(o, "fixable", fixable) ||
		    !cJSON_AddItemToArray(list, o)) {
			cJSON_Delete(o);
			cJSON_Delete(list);
			return -ENOMEM;
		}
	}
	int rc = list ? print_json(run->report, list) : -ENOMEM;
	cJSON_Delete(list);
	return rc;
}

static void show_list(const char *key, const gg_strings *l)
{
	printf("%s = [", key);
	for (size_t i = 0; i < l->len; i++)
		printf("%s\"%s\"", i ? ", " : "", l->items[i]);
	puts("]");
}

/* --show-settings: the configuration the first path is checked with, as TOML keys. Returns 0 or -1. */
static int show_settings(check_run *run, const char *path)
{
	const gg_config *c = NULL;
	if (run->config_path) {
		c = &run->forced;
	} else if (run->loader) {
		char *error = NULL;
		int rc = gg_pyfiles_is_dir(path) ? gg_config_loader_for_dir(run->loader, path, &c, &error)
					   : gg_config_loader_for_file(run->loader, path, &c, &error);
		if (rc) {
			fprintf(stderr, "gradguard: %s\n", error ? error : strerror(-rc));
			free(error);
			return -1;
		}
	} else if (run->overrides.set) {
		c = &run->overrides;
	}
	gg_config defaults;
	gg_config_init(&defaults);
	if (!c)
		c = &defaults;
	printf("Resolved settings for: %s\n", path);
	if (run->config_path)
		printf("Settings path: %s\n", run->config_path);
	else if (c->root)
		printf("Settings path: %s/%s\n", c->root, gg_config_file_name(c->root));
	else
		puts("Settings path: none (the defaults)");
	show_list("select", &c->select);
	show_list("extend-select", &c->extend_select);
	show_list("ignore", &c->ignore);
	show_list("exclude", &c->exclude);
	show_list("extra-model-names", &c->extra_model_names);
	show_list("extra-eval-names", &c->extra_eval_names);
	show_list("grad-disabling-decorators", &c->grad_disabling_decorators);
	printf("prefer = \"%s\"\n", c->prefer == GG_PREFER_INFERENCE_MODE ? "inference_mode" : "no_grad");
	printf("severity = {");
	for (size_t i = 0; i < c->severities_len; i++) {
		gg_severity sv = c->severities[i].severity;
		printf("%s%s = \"%s\"", i ? ", " : " ", c->severities[i].code,
		       sv == GG_SEVERITY_ERROR ? "error" : sv == GG_SEVERITY_WARNING ? "warning"
			 : sv == GG_SEVERITY_INFORMATION ? "information" : "hint");
	}
	puts(c->severities_len ? " }" : "}");
	printf("python = \"%s\"\n", c->python ? c->python : "");
	printf("docs-url = \"%s\"\n", c->docs_url ? c->docs_url : "");
	/* Where the libraries the project imports are read from (python_env.h): the current folder's configuration's. */
	const gg_config *here = run->config_path || !run->loader ? c : NULL;
	char *error = NULL;
	if (!here && gg_config_loader_for_dir(run->loader, ".", &here, &error) != 0)
		here = NULL;
	free(error);
	if (!here)
		here = &defaults;
	gg_python_env env;
	gg_python_env_init(&env);
	gg_python_env_query q = run_python_query(run, here);
	int rc = gg_python_env_find(&env, &q);
	if (rc == -EPERM && !q.users)
		printf("Python environment: none: \"%s\" is not run (a program the repository names)\n", q.setting);
	else if (rc && rc != -ENOMEM)
		printf("Python environment: none at \"%s\"\n", q.setting);
	else if (!rc && !env.origin)
		puts("Python environment: none found (the built-in library facts answer)");
	else if (!rc)
		printf("Python environment: %s (%s)\n", env.where, env.origin);
	for (size_t i = 0; !rc && i < env.roots.len; i++)
		printf("  %s\n", env.roots.items[i]);
	gg_python_env_free(&env);
	gg_config_free(&defaults);
	return rc == -ENOMEM ? -1 : 0;
}

/*
 * The lines under the report, on stderr (-q leaves them out): ruff's
 * "Found N findings." (after --fix "Found N findings (F fixed, R
 * remaining).") or "All checks passed!", and what
 * --fix could fix (cli/fix_summary.h); --add-noqa's count.
 */
static void run_summary(const check_run *run)
{
	bool text = format_is_text(run->format);
	if (run->add_noqa) {
		if (run->noqa_added)
			fprintf(stderr, "Added %zu noqa directive%s.\n", run->noqa_added, run->noqa_added == 1 ? "" : "s");
		return;
	}
	if (run->show_fixes && text)
		gg_cli_fix_summary_print(stderr, &run->fix_log, run->fixes_shown);
	if (run->diff || run->fix_only) {
		/* No report: ruff's "Fixed N" with the fixes --unsafe-fixes would add (known after --fix-only's check). */
		gg_cli_fix_summary_fixed(stderr, run->fixed, run->fix_only && text ? run->hidden : 0, run->diff);
		return;
	}
	size_t found = run->findings + run->fixed;
	if (text && run->fixed) /* ruff's line after --fix: what was found, in two parts */
		fprintf(stderr, "Found %zu finding%s (%zu fixed, %zu remaining).\n", found, found == 1 ? "" : "s", run->fixed,
			run->findings);
	else if (text && run->findings)
		fprintf(stderr, "Found %zu finding%s.\n", run->findings, run->findings == 1 ? "" : "s");
	else if (text && !run->failed && !run->statistics)
		fputs("All checks passed!\n", stderr);
	else if (run->fixed)
		fprintf(stderr, "Fixed %zu finding%s.\n", run->fixed, run->fixed == 1 ? "" : "s");
	if (text && !run->statistics)
		gg_cli_fix_summary_fixable(stderr, run->fixable, run->hidden, run->unsafe_fixes);
}

int gg_cli_check_main(int argc, char **argv)
{
	check_run run;
	memset(&run, 0, sizeof run);
	gg_config_init(&run.overrides);
	gg_config_init(&run.forced);
	gg_cli_config_arg_init(&run.config_arg);
	run.report = stdout;
	char **paths = NULL;
	int npaths = 0;
	int rc = parse_args(&run, argc, argv, &paths, &npaths);
	if (!rc && run.watch) {
		/* Each run is this command without --watch (cli/watch.h): nothing of this one is needed. */
		if (npaths == 0)
			paths[npaths++] = ".";
		rc = run.stdin_filename || (npaths == 1 && strcmp(paths[0], "-") == 0) ? -EINVAL : 0;
		if (rc)
			fputs("gradguard: --watch checks files, not stdin\n", stderr);
		else
			rc = gg_cli_watch(argc, argv, paths, (size_t)npaths, run.quiet);
		run_free_config(&run);
		free(paths);
		return rc ? 2 : 0;
	}
	if (!rc && run_setup_config(&run) != 0)
		rc = -EINVAL;
	if (rc) {
		run_free_config(&run);
		free(paths);
		return rc > 0 ? 0 : 2;
	}
	/*
	 * ruff's stdin: --stdin-filename reads it whatever the paths say (they
	 * are ignored, with a warning), as does a lone "-"; a "-" among other
	 * paths is checked with them.
	 */
	if (run.stdin_filename) {
		for (int i = 0; i < npaths; i++)
			if (strcmp(paths[i], "-") != 0 && !run.quiet)
				fprintf(stderr, "gradguard: warning: Ignoring file %s in favor of standard input.\n", paths[i]);
		npaths = 0;
		paths[npaths++] = "-";
	}
	if (npaths == 0)
		paths[npaths++] = ".";
	run.stdin_mode = npaths == 1 && strcmp(paths[0], "-") == 0;
	/* --diff writes nothing, --fix or not (ruff: --diff implies no writes). */
	if (run.diff)
		run.fix = run.fix_only = false;
	if (run.add_noqa && (run.fix || run.diff) && !run.quiet)
		fputs("gradguard: warning: --fix is incompatible with --add-noqa.\n", stderr);
	if (run.add_noqa)
		run.fix = run.fix_only = run.diff = false;
	/* Fixing stdin: its fixed source is stdout's, the report goes to stderr (ruff's habit). */
	if (run.stdin_mode && run.fix)
		run.report = stderr;
	run.stdin_name = run.stdin_filename ? run.stdin_filename : "-";
	run.color = run.format == FORMAT_CONCISE && isatty(STDOUT_FILENO) && !(getenv("NO_COLOR") && *getenv("NO_COLOR"));
	if (run.show_settings) {
		rc = show_settings(&run, paths[0][0] == '-' && !paths[0][1] ? run.stdin_name : paths[0]);
		run_free_config(&run);
		free(paths);
		return rc ? 2 : 0;
	}
	for (int i = 0; i < npaths && !rc; i++) {
		if (strcmp(paths[i], "-") != 0 || run.stdin_text)
			continue;
		if (run.fix && !run.stdin_mode) {
			fputs("gradguard: --fix on stdin ('-') takes no other path: its fixed source goes to stdout\n", stderr);
			rc = -EINVAL;
		} else if (run.add_noqa) {
			fputs("gradguard: --add-noqa writes files: name them, not stdin ('-')\n", stderr);
			rc = -EINVAL;
		} else if (stdin_read(&run.stdin_text, &run.stdin_len) != 0) {
			fprintf(stderr, "gradguard: cannot read stdin: %s\n", strerror(errno));
			rc = -EINVAL;
		}
	}
	if (rc) {
		free(run.stdin_text);
		run_free_config(&run);
		free(paths);
		return 2;
	}

	char *error = NULL;
	run.worker.analyzer = gg_analyzer_new(&error);
	if (!run.worker.analyzer) {
		fprintf(stderr, "gradguard: %s\n", error ? error : "cannot start the analysis");
		free(error);
		run_free_config(&run);
		free(paths);
		return 2;
	}
	if (format_has_rows(run.format) && !(run.json_rows = cJSON_CreateArray()))
		rc = -ENOMEM;
	run.docs_base = gg_docs_installed_base(); /* NULL: none found, and no link unless configured */
	/* gradguard.probe's measurements, from the folder check runs in (docs/probe.md); a broken file is a warning. */
	char *runtime_error = NULL;
	int runtime_rc = rc ? 0 : gg_runtime_report_load(&run.runtime, ".", &runtime_error);
	if (runtime_rc == -ENOMEM)
		rc = runtime_rc;
	else if (runtime_rc)
		fprintf(stderr, "gradguard: warning: %s\n", runtime_error ? runtime_error : strerror(-runtime_rc));
	free(runtime_error);
	if (run.format == FORMAT_SARIF && !rc) {
		/* The rules' pages for the run: the working folder's configuration's docs-url, else the installed pages. */
		const gg_config *here = run_config_for_dir(&run, ".");
		if (!(run.sarif = gg_cli_sarif_new(here && here->docs_url ? here->docs_url : run.docs_base)))
			rc = -ENOMEM;
	}

	if (!run.no_gitignore)
		run.git = gg_git_ignore_new(); /* NULL: nothing is ignored */
	gg_pyfiles_walker walker = { run_excluded, run_report, &run, true };
	for (int i = 0; i < npaths && !rc; i++) {
		bool from_stdin = strcmp(paths[i], "-") == 0;
		const char *path = from_stdin ? run.stdin_name : paths[i];
		/* --force-exclude: a file named (or stdin's name) is left out as the walk would leave it. */
		if (run.force_exclude && (from_stdin || !gg_pyfiles_is_dir(path)) && path_excluded(&run, path))
			continue;
		if (from_stdin) {
			char *copy = strdup(path);
			rc = copy ? gg_pyfiles_add(&run.files, copy) : -ENOMEM;
		} else {
			run.whole_project = run.whole_project || path_covers_project(&run, path);
			/* A folder named that .gitignore or .ignore files leave out as a whole is walked as named (ruff does), with none of them applied. */
			gg_git_ignore *git = run.git;
			if (git && gg_pyfiles_is_dir(path) && path_git_ignored(&run, path))
				run.git = NULL;
			rc = gg_pyfiles_collect(&run.files, paths[i], &walker);
			run.git = git;
		}
	}
	if (!rc && run.files.len) {
		qsort(run.files.items, run.files.len, sizeof *run.files.items, path_cmp);
		files_unique(&run.files);
		rc = gg_pyfiles_drop_aliases(&run.files);
	}
	/* --show-files: what would be checked, as the findings name them, and nothing else (ruff's). */
	for (size_t i = 0; !rc && run.show_files && i < run.files.len; i++)
		puts(run.files.items[i]);
	if (!rc && run.files.len && !run.show_files) {
		rc = project_build(&run);
		if (!rc)
			rc = cache_open(&run, paths, (size_t)npaths);
		unsigned threads = run_thread_count(&run);
		if (!rc)
			rc = threads > 1 ? check_parallel_run(&run, threads) : check_sequential(&run);
		if (rc == 1) /* no second thread to be had */
			rc = check_sequential(&run);
		if (!rc && run.cache_on)
			rc = gg_check_cache_save(&run.cache, cache_dir(&run), run.files.items, run.cache_keys, run.cache_clean,
						 run.files.len);
	}
	/* -s and --fix-only report nothing (ruff's), in any format. */
	bool reports = !run.silent && !run.fix_only && !run.show_files && !run.add_noqa;
	if (run.diff || !reports)
		; /* the diffs were the output, or there is none */
	else if (!rc && run.statistics)
		rc = print_statistics(&run);
	else if (!rc && run.json_rows)
		rc = print_rows(&run);
	if (!rc && run.sarif && !run.statistics && !run.diff && reports) {
		rc = gg_cli_sarif_finish(run.sarif, !run.failed);
		if (!rc)
			rc = print_json(run.report, run.sarif);
	}
	/* The summary goes below the findings where both streams land in one log (pre-commit, CI). */
	fflush(stdout);
	fflush(run.report);
	if (rc)
		fprintf(stderr, "gradguard: %s\n", strerror(-rc));
	else if (!run.files.len && !run.failed && !run.quiet)
		/* ruff's warning and exit 0: a walk that finds nothing checked nothing (a missing path is an error). */
		fputs("gradguard: warning: No Python files found under the given path(s)\n", stderr);
	else if (!run.quiet && !run.show_files)
		run_summary(&run);

	cJSON_Delete(run.json_rows);
	cJSON_Delete(run.sarif);
	free(run.docs_base);
	free(run.stdin_text);
	gg_git_ignore_delete(run.git);
	/* Before the files: they count the notebooks kept. */
	for (size_t i = 0; run.notebooks && i < run.files.len; i++)
		if (run.notebooks[i].kept)
			gg_notebook_free(&run.notebooks[i].nb);
	free(run.notebooks);
	for (size_t i = 0; run.trees && i < run.files.len; i++)
		if (run.trees[i].tree)
			ts_tree_delete(run.trees[i].tree);
	free(run.trees);
	gg_pyfiles_free(&run.files);
	gg_project_free(&run.project);
	gg_check_cache_close(&run.cache);
	free(run.cache_keys);
	free(run.cache_clean);
	free(run.cache_where);
	gg_runtime_report_free(&run.runtime);
	gg_analyzer_delete(run.worker.analyzer);
	if (run.worker.parser)
		ts_parser_delete(run.worker.parser);
	run_free_config(&run);
	free(paths);
	gg_buf_free(&run.fix_log);
	if (fflush(stdout) != 0)
		return 2;
	if (rc || run.failed)
		return 2;
	if (run.exit_zero || run.show_files || run.add_noqa)
		return 0;
	if (run.diff) /* ruff's --diff: 1 when a file would change */
		return run.fixed ? 1 : 0;
	if (run.fix_only) /* what is left is not the question; -e asks whether anything was fixed */
		return run.exit_on_fix && run.fixed ? 1 : 0;
	return run.findings || (run.exit_on_fix && run.fixed) ? 1 : 0;
}
