/*
 * `gradguard check`: finds the Python files under the given paths, runs the
 * analysis on each and prints the findings in the chosen format.
 *
 * Files are collected first, then sorted, so the output does not depend on
 * the order of readdir or of the arguments. A path that cannot be checked is
 * reported on stderr and skipped; the run goes on and exits 2.
 */
#include "cli_check.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis.h"
#include "fix.h"
#include "cli_fix.h"
#include "cli_output_full.h"
#include "cli_output_sarif.h"
#include "config_load.h"
#include "position.h"
#include "pyfiles.h"
#include "utf8.h"

typedef enum check_format {
	FORMAT_CONCISE,
	FORMAT_FULL,
	FORMAT_JSON,
	FORMAT_SARIF,
	FORMAT_GITHUB,
} check_format;

static const struct {
	const char *name;
	check_format format;
} check_formats[] = {
	{ "concise", FORMAT_CONCISE }, { "full", FORMAT_FULL }, { "json", FORMAT_JSON },
	{ "sarif", FORMAT_SARIF },     { "github", FORMAT_GITHUB },
};
#define CHECK_FORMAT_NAMES "concise, full, json, sarif or github"

static const char check_usage[] =
	"usage: gradguard check [options] [PATH...]\n"
	"\n"
	"Checks Python files, and the *.py files under folders (default: .), for\n"
	"evaluation forward passes that run with autograd on.\n"
	"\n"
	"options:\n"
	"  --output-format FORMAT   concise (default): path:row:col: CODE message\n"
	"                           full: concise, then the source lines with the range\n"
	"                             underlined and the fix\n"
	"                           json: ruff-compatible JSON, with the fixes\n"
	"                           sarif: SARIF 2.1.0, for code scanning\n"
	"                           github: GitHub Actions workflow commands\n"
	"  --config PATH            use this pyproject.toml for every file\n"
	"  --isolated               ignore every pyproject.toml\n"
	"  --select CODES           rules to run (codes or prefixes, comma-separated)\n"
	"  --ignore CODES           rules not to run (codes or prefixes, comma-separated)\n"
	"  --fix                    apply the safe fixes, then report what is left\n"
	"  -h, --help               print this help\n"
	"\n"
	"Each file is configured by [tool.gradguard] in the nearest pyproject.toml\n"
	"above it that has that table; --select/--ignore override it. Folders are\n"
	"walked respecting its exclude patterns; files named on the command line are\n"
	"always checked.\n"
	"\n"
	"exit status: 0 clean, 1 findings, 2 errors\n";


typedef struct check_run {
	check_format format;
	gg_analyzer *analyzer;
	gg_pyfiles files;
	cJSON *json_rows; /* owned; the json format's output */
	cJSON *sarif;     /* owned; the sarif format's log */
	gg_config overrides;      /* --select/--ignore */
	const char *config_path;  /* --config, borrowed from argv */
	bool isolated;            /* --isolated */
	gg_config forced;         /* what --config read */
	gg_config_loader *loader; /* owned; NULL with --config or --isolated */
	size_t findings;
	bool fix;       /* --fix: apply the safe fixes first */
	bool all_fixes; /* --all-fixes (for tests): every fix of a finding in json, with its kind */
	size_t fixed;
	TSParser *parser; /* owned; json, full and sarif keep a tree for the fixes */
	bool failed; /* some path could not be checked */
} check_run;

static void check_report(check_run *run, const char *path, const char *message)
{
	fprintf(stderr, "gradguard: %s: %s\n", path, message);
	run->failed = true;
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

/* The walk's callbacks: a path left out by the exclude patterns of its folder's configuration. */
static bool run_excluded(void *ctx, const char *dir, const char *path)
{
	check_run *run = ctx;
	return gg_config_excludes(run_config_for_dir(run, dir), path);
}

static void run_report(void *ctx, const char *path, const char *message)
{
	check_report(ctx, path, message);
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

static cJSON *json_location(gg_position p)
{
	cJSON *o = cJSON_CreateObject();
	if (o && (!cJSON_AddNumberToObject(o, "row", p.line + 1.0) ||
		  !cJSON_AddNumberToObject(o, "column", p.character + 1.0))) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o;
}

/* The fix member: the best fix (ruff's shape) or null; with --all-fixes also "fixes", every one with its kind. */
static int emit_json_fixes(check_run *run, cJSON *row, const gg_fixes *fixes, const char *text, size_t len,
			   const gg_line_index *ix)
{
	cJSON *best = fixes->len ? gg_cli_fix_json(&fixes->items[0], text, len, ix, false) : cJSON_CreateNull();
	if (!best || !cJSON_AddItemToObject(row, "fix", best)) {
		cJSON_Delete(best);
		return -ENOMEM;
	}
	if (!run->all_fixes)
		return 0;
	cJSON *all = cJSON_AddArrayToObject(row, "fixes");
	for (size_t i = 0; all && i < fixes->len; i++) {
		cJSON *one = gg_cli_fix_json(&fixes->items[i], text, len, ix, true);
		if (!one || !cJSON_AddItemToArray(all, one)) {
			cJSON_Delete(one);
			return -ENOMEM;
		}
	}
	return all ? 0 : -ENOMEM;
}

/* What a format may need besides the finding: the checked text, its lines, the finding's fixes. */
typedef struct emit_source {
	const char *text;
	size_t len;
	const gg_line_index *ix;
	const gg_fixes *fixes; /* empty when the format shows none (concise, github) */
} emit_source;

static int emit_json(check_run *run, const char *path, const gg_finding *f, gg_position start, gg_position end,
		     const emit_source *src)
{
	cJSON *row = cJSON_CreateObject();
	char *url = gg_strdup_printf("%s%s.md", GG_RULE_DOCS_BASE, f->code);
	cJSON *loc = json_location(start), *end_loc = json_location(end);
	bool ok = row && url && loc && end_loc;
	if (ok) {
		/* The object owns loc and end_loc once added. */
		cJSON_AddItemToObject(row, "code", cJSON_CreateString(f->code));
		cJSON_AddItemToObject(row, "message", cJSON_CreateString(f->message));
		cJSON_AddItemToObject(row, "filename", cJSON_CreateString(path));
		cJSON_AddItemToObject(row, "location", loc);
		cJSON_AddItemToObject(row, "end_location", end_loc);
		loc = end_loc = NULL;
		/* A finding's noqa line is where it starts (see noqa.h). */
		cJSON_AddNumberToObject(row, "noqa_row", start.line + 1.0);
		cJSON_AddItemToObject(row, "url", cJSON_CreateString(url));
		ok = cJSON_GetArraySize(row) == 7 &&
		     emit_json_fixes(run, row, src->fixes, src->text, src->len, src->ix) == 0;
	}
	free(url);
	cJSON_Delete(loc);
	cJSON_Delete(end_loc);
	if (!ok) {
		cJSON_Delete(row);
		return -ENOMEM;
	}
	if (!cJSON_AddItemToArray(run->json_rows, row)) {
		cJSON_Delete(row);
		return -ENOMEM;
	}
	return 0;
}

/* The title of the finding's best fix, for `help:`; the `# noqa` suppression is not a fix. */
static const char *fix_help(const gg_fixes *fixes)
{
	for (size_t i = 0; i < fixes->len; i++)
		if (fixes->items[i].kind != GG_FIX_NOQA)
			return fixes->items[i].title;
	return NULL;
}

/* start and end are in code points, UTF-16 units for sarif (positions_compute). */
static int emit(check_run *run, const char *path, const gg_finding *f, gg_position start, gg_position end,
		const emit_source *src)
{
	unsigned row = start.line + 1, col = start.character + 1;
	switch (run->format) {
	case FORMAT_JSON:
		return emit_json(run, path, f, start, end, src);
	case FORMAT_FULL:
		return gg_cli_full_print(stdout, path, src->text, src->len, src->ix, f, start, end, fix_help(src->fixes));
	case FORMAT_SARIF:
		return gg_cli_sarif_add(run->sarif, path, f, start, end, src->text, src->len, src->ix, src->fixes);
	case FORMAT_GITHUB:
		printf("::%s title=gradguard (%s),file=", severity_name(f->severity), f->code);
		github_escape(stdout, path, true);
		printf(",line=%u,col=%u,endLine=%u,endColumn=%u::", row, col, end.line + 1, end.character + 1);
		github_escape(stdout, path, false);
		printf(":%u:%u: %s ", row, col, f->code);
		github_escape(stdout, f->message, false);
		putchar('\n');
		return 0;
	case FORMAT_CONCISE:
		printf("%s:%u:%u: %s %s\n", path, row, col, f->code, f->message);
		return 0;
	}
	return 0;
}

typedef struct offset_position {
	size_t offset;
	gg_position pos;
} offset_position;

static int offset_cmp(const void *pa, const void *pb)
{
	size_t a = ((const offset_position *)pa)->offset, b = ((const offset_position *)pb)->offset;
	return a < b ? -1 : a > b;
}

/*
 * Positions (columns in enc units) for every start and end offset of the
 * findings, in one sweep over the text (lines per ix): converting each on its
 * own rescans its line, which is quadratic on a long line with many findings.
 * Returns the table sorted by offset (caller owns), or NULL.
 */
static offset_position *positions_compute(const gg_findings *findings, const char *text, size_t len,
					  const gg_line_index *ix, gg_encoding enc, size_t *count)
{
	offset_position *table = malloc(2 * findings->len * sizeof *table);
	if (!table)
		return NULL;
	for (size_t i = 0; i < findings->len; i++) {
		table[2 * i].offset = findings->items[i].range.start;
		table[2 * i + 1].offset = findings->items[i].range.end;
	}
	*count = 2 * findings->len;
	qsort(table, *count, sizeof *table, offset_cmp);
	size_t prev = 0;
	gg_position at = { 0, 0 };
	for (size_t i = 0; i < *count; i++) {
		size_t off = table[i].offset < len ? table[i].offset : len;
		uint32_t line = gg_line_index_line_of(ix, off);
		if (i == 0 || line != at.line) {
			at.line = line;
			prev = ix->starts[line];
			at.character = 0;
		}
		at.character += (uint32_t)gg_encoding_units(text + prev, off - prev, enc);
		prev = off;
		table[i].pos = at;
	}
	return table;
}

static gg_position position_lookup(const offset_position *table, size_t count, size_t offset)
{
	offset_position key = { offset, { 0, 0 } };
	const offset_position *found = bsearch(&key, table, count, sizeof *table, offset_cmp);
	return found ? found->pos : (gg_position){ 0, 0 };
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

static int check_file(check_run *run, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	int rc = gg_pyfiles_read(path, &text, &len);
	if (rc) {
		check_report(run, path, strerror(-rc));
		return rc == -ENOMEM ? rc : 0;
	}
	/* Python skips a UTF-8 byte order mark; so do the positions. */
	const char *body = text;
	size_t body_len = len;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		body += 3;
		body_len -= 3;
	}
	size_t bad = gg_utf8_first_invalid(body, body_len);
	bool decoded = false;
	if (bad < body_len) {
		/* Valid Python in a declared legacy encoding is checked in UTF-8; only --fix leaves it alone. */
		char *encoding = source_declared_encoding(body, body_len);
		char *utf8 = NULL;
		size_t utf8_len = 0;
		rc = encoding ? source_decode(encoding, body, body_len, &utf8, &utf8_len) : -EINVAL;
		if (rc == -ENOMEM) {
			free(encoding);
			free(text);
			return rc;
		}
		if (rc) {
			char *msg = encoding ? gg_strdup_printf("cannot decode as %s (declared encoding)", encoding)
					     : gg_strdup_printf("not valid UTF-8 (byte %zu)", bad + (size_t)(body - text));
			check_report(run, path, msg ? msg : "not valid UTF-8");
			free(msg);
			free(encoding);
			free(text);
			return 0;
		}
		free(encoding);
		free(text);
		text = utf8;
		body = text;
		body_len = len = utf8_len;
		decoded = true;
	}

	gg_findings findings;
	gg_findings_init(&findings);
	const gg_config *config = NULL;
	if (run->config_path || !run->loader) {
		config = run_config_for_dir(run, ".");
	} else {
		char *error = NULL;
		rc = gg_config_loader_for_file(run->loader, path, &config, &error);
		if (rc) {
			check_report(run, "configuration", error ? error : strerror(-rc));
			free(error);
			if (rc == -ENOMEM) {
				free(text);
				return rc;
			}
		}
	}
	gg_source src = { body, body_len, NULL, path, config };
	char *fixed_text = NULL;
	if (run->fix && decoded) {
		check_report(run, path, "not fixed: the file is not UTF-8 (fixes are written in UTF-8 only)");
	} else if (run->fix) {
		size_t fixed = 0, fixed_len = 0;
		rc = gg_cli_fix_file(run->analyzer, &src, path, body != text, &fixed_text, &fixed_len, &fixed);
		if (rc) {
			check_report(run, path, strerror(-rc));
			if (rc == -ENOMEM) {
				free(text);
				return rc;
			}
		} else if (fixed_text) {
			src.text = body = fixed_text;
			src.len = body_len = fixed_len;
			run->fixed += fixed;
		}
	}
	/* json and sarif list each finding's fixes and full names the best: they need the tree. */
	TSTree *tree = NULL;
	if (run->format == FORMAT_JSON || run->format == FORMAT_FULL || run->format == FORMAT_SARIF) {
		if (!run->parser)
			run->parser = gg_python_parser_new();
		tree = run->parser ? gg_python_parse(run->parser, NULL, body, body_len) : NULL;
		src.tree = tree;
	}
	rc = gg_analyzer_check(run->analyzer, &src, &findings);
	if (rc) {
		check_report(run, path, strerror(-rc));
		rc = rc == -ENOMEM ? rc : 0;
	} else if (findings.len) {
		/* SARIF columns are UTF-16 code units (cli_output_sarif.h); the others count code points. */
		gg_encoding enc = run->format == FORMAT_SARIF ? GG_ENC_UTF16 : GG_ENC_UTF32;
		size_t count = 0;
		offset_position *table = NULL;
		gg_line_index ix;
		gg_line_index_init(&ix);
		if (gg_line_index_build(&ix, body, body_len) == 0)
			table = positions_compute(&findings, body, body_len, &ix, enc, &count);
		rc = table ? 0 : -ENOMEM;
		for (size_t i = 0; i < findings.len && !rc; i++) {
			const gg_finding *f = &findings.items[i];
			gg_fixes fixes;
			gg_fixes_init(&fixes);
			if (tree)
				rc = gg_fix_list(body, body_len, ts_tree_root_node(tree), f, config, &fixes);
			emit_source es = { body, body_len, &ix, &fixes };
			if (!rc)
				rc = emit(run, path, f, position_lookup(table, count, f->range.start),
					  position_lookup(table, count, f->range.end), &es);
			run->findings++;
			gg_fixes_free(&fixes);
		}
		gg_line_index_free(&ix);
		free(table);
	}
	if (tree)
		ts_tree_delete(tree);
	gg_findings_free(&findings);
	free(fixed_text);
	free(text);
	return rc;
}

/*
 * "--name VALUE" or "--name=VALUE": whether a is that option; *value is the
 * value (NULL, reported, when it is missing).
 */
static bool option_value(const char *a, const char *name, int argc, char **argv, int *i, const char **value)
{
	size_t n = strlen(name);
	if (strncmp(a, name, n) != 0 || (a[n] != '=' && a[n] != '\0'))
		return false;
	*value = a[n] == '=' ? a + n + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
	if (!*value)
		fprintf(stderr, "gradguard: %s needs a value\n", name);
	return true;
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

/* Parses options into run; collects PATH arguments into *paths (borrowed from argv). */
static int parse_args(check_run *run, int argc, char **argv, char ***paths, int *npaths)
{
	*paths = calloc((size_t)argc + 1, sizeof **paths);
	if (!*paths)
		return -ENOMEM;
	*npaths = 0;
	bool options_done = false;
	const char *codes = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (options_done || a[0] != '-' || a[1] == '\0') {
			(*paths)[(*npaths)++] = argv[i];
			continue;
		}
		if (strcmp(a, "--") == 0) {
			options_done = true;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			fputs(check_usage, stdout);
			return 1;
		} else if (strncmp(a, "--output-format", 15) == 0 && (a[15] == '=' || a[15] == '\0')) {
			const char *v = a[15] == '=' ? a + 16 : (i + 1 < argc ? argv[++i] : NULL);
			if (!v) {
				fputs("gradguard: --output-format needs a value: " CHECK_FORMAT_NAMES "\n", stderr);
				return -EINVAL;
			}
			size_t k = 0, n = sizeof check_formats / sizeof *check_formats;
			while (k < n && strcmp(v, check_formats[k].name) != 0)
				k++;
			if (k == n) {
				fprintf(stderr, "gradguard: unknown output format '%s' (" CHECK_FORMAT_NAMES ")\n", v);
				return -EINVAL;
			}
			run->format = check_formats[k].format;
		} else if (strcmp(a, "--fix") == 0) {
			run->fix = true;
		} else if (strcmp(a, "--all-fixes") == 0) {
			run->all_fixes = true;
		} else if (strcmp(a, "--isolated") == 0) {
			run->isolated = true;
		} else if (option_value(a, "--config", argc, argv, &i, &run->config_path)) {
			if (!run->config_path)
				return -EINVAL;
		} else if (option_value(a, "--select", argc, argv, &i, &codes) ||
			   option_value(a, "--ignore", argc, argv, &i, &codes)) {
			unsigned key = a[2] == 's' ? GG_CONFIG_SELECT : GG_CONFIG_IGNORE;
			if (!codes)
				return -EINVAL;
			int rc = codes_add(gg_config_list(&run->overrides, key), codes);
			if (rc)
				return rc;
			run->overrides.set |= key;
		} else {
			fprintf(stderr, "gradguard: unknown option '%s'\n%s", a, check_usage);
			return -EINVAL;
		}
	}
	return 0;
}

/* --config, or the loader that finds each file's pyproject.toml. Returns 0, or 2 after a message. */
static int run_setup_config(check_run *run)
{
	if (run->config_path) {
		bool found = false;
		char *error = NULL;
		int rc = gg_config_load_file(run->config_path, &run->forced, &found, &error);
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
	gg_config_loader_delete(run->loader);
	gg_config_free(&run->forced);
	gg_config_free(&run->overrides);
}

/* The json and sarif documents go out whole, at the end of the run. Returns 0 or -ENOMEM. */
static int print_json(const cJSON *doc)
{
	char *out = cJSON_Print(doc);
	if (!out)
		return -ENOMEM;
	puts(out);
	free(out);
	return 0;
}

int gg_cli_check_main(int argc, char **argv)
{
	check_run run;
	memset(&run, 0, sizeof run);
	gg_config_init(&run.overrides);
	gg_config_init(&run.forced);
	char **paths = NULL;
	int npaths = 0;
	int rc = parse_args(&run, argc, argv, &paths, &npaths);
	if (!rc && run_setup_config(&run) != 0)
		rc = -EINVAL;
	if (rc) {
		run_free_config(&run);
		free(paths);
		return rc > 0 ? 0 : 2;
	}
	if (npaths == 0)
		paths[npaths++] = ".";

	char *error = NULL;
	run.analyzer = gg_analyzer_new(&error);
	if (!run.analyzer) {
		fprintf(stderr, "gradguard: %s\n", error ? error : "cannot start the analysis");
		free(error);
		run_free_config(&run);
		free(paths);
		return 2;
	}
	if (run.format == FORMAT_JSON && !(run.json_rows = cJSON_CreateArray()))
		rc = -ENOMEM;
	if (run.format == FORMAT_SARIF && !(run.sarif = gg_cli_sarif_new()))
		rc = -ENOMEM;

	gg_pyfiles_walker walker = { run_excluded, run_report, &run };
	for (int i = 0; i < npaths && !rc; i++)
		rc = gg_pyfiles_collect(&run.files, paths[i], &walker);
	if (!rc && run.files.len) {
		qsort(run.files.items, run.files.len, sizeof *run.files.items, path_cmp);
		for (size_t i = 0; i < run.files.len && !rc; i++) {
			/* The same file named twice is checked once. */
			if (i > 0 && strcmp(run.files.items[i], run.files.items[i - 1]) == 0)
				continue;
			rc = check_file(&run, run.files.items[i]);
		}
	}
	if (!rc && run.json_rows)
		rc = print_json(run.json_rows);
	if (!rc && run.sarif) {
		rc = gg_cli_sarif_finish(run.sarif, !run.failed);
		if (!rc)
			rc = print_json(run.sarif);
	}
	if (rc)
		fprintf(stderr, "gradguard: %s\n", strerror(-rc));
	else if ((run.format == FORMAT_CONCISE || run.format == FORMAT_FULL) && run.findings)
		fprintf(stderr, "Found %zu finding%s.\n", run.findings, run.findings == 1 ? "" : "s");
	if (!rc && run.fixed)
		fprintf(stderr, "Fixed %zu finding%s.\n", run.fixed, run.fixed == 1 ? "" : "s");

	cJSON_Delete(run.json_rows);
	cJSON_Delete(run.sarif);
	gg_pyfiles_free(&run.files);
	gg_analyzer_delete(run.analyzer);
	if (run.parser)
		ts_parser_delete(run.parser);
	run_free_config(&run);
	free(paths);
	if (fflush(stdout) != 0)
		return 2;
	if (rc || run.failed)
		return 2;
	return run.findings ? 1 : 0;
}
