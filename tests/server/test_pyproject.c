/*
 * [tool.gradguard] read from pyproject.toml text: every way TOML can spell
 * the table and its values, the errors a user gets (with file and line), and
 * the bounds on size, nesting, key length and list length.
 * One row per case; a NULL expectation is not checked.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "pyproject.h"

typedef struct toml_case {
	const char *name;
	const char *toml;
	int rc;
	int found;                 /* 1 found, 0 not */
	const char *select;        /* items joined with '|' */
	const char *ignore;
	const char *models;        /* extra-model-names */
	const char *severities;    /* "CODE=N|..." */
	int prefer;                /* -1: not checked */
	const char *error;         /* substring of the message */
} toml_case;

static const toml_case cases[] = {
	{ "no table", "[project]\nname = \"x\"\n", 0, 0, "", "", "", "", -1, NULL },
	{ "empty file", "", 0, 0, "", "", "", "", -1, NULL },
	{ "other tools only", "[tool.ruff]\nselect = [\"E\"]\n[tool.gradguardx]\nselect = 1\n", 0, 0, "", "", "", "", -1, NULL },
	{ "plain table", "[tool.gradguard]\nselect = [\"GG\", \"GG001\"]\nignore = [\"GG002\"]\n", 0, 1, "GG|GG001", "GG002", "", "", -1, NULL },
	{ "empty table", "[tool.gradguard]\n", 0, 1, "", "", "", "", -1, NULL },
	{ "comments everywhere", "[tool.gradguard] # c\nselect = [ # c\n  \"GG001\", # c\n  # c\n] # c\n", 0, 1, "GG001", "", "", "", -1, NULL },
	{ "dotted top-level key", "tool.gradguard.select = ['GG003']\n", 0, 1, "GG003", "", "", "", -1, NULL },
	{ "dotted key under [tool]", "[tool]\ngradguard.ignore = [\"GG\"]\n", 0, 1, "", "GG", "", "", -1, NULL },
	{ "inline table", "[tool]\ngradguard = { select = [\"GG001\"], prefer = \"inference_mode\" }\n", 0, 1, "GG001", "", "", "", 1, NULL },
	{ "tool inline table", "tool = { gradguard = { ignore = [\"GG001\"] } }\n", 0, 1, "", "GG001", "", "", -1, NULL },
	{ "quoted keys", "[\"tool\".'gradguard']\n\"extra-model-names\" = [\"clf\"]\n", 0, 1, "", "", "clf", "", -1, NULL },
	{ "snake_case key", "[tool.gradguard]\nextra_model_names = [\"clf\"]\n", 0, 1, "", "", "clf", "", -1, NULL },
	{ "basic escapes", "[tool.gradguard]\nextra-model-names = [\"a\\tb\", \"q\\\"q\", \"\\u00e9\", \"\\U0001F600\", \"back\\\\slash\"]\n", 0, 1, "", "", "a\tb|q\"q|\xC3\xA9|\xF0\x9F\x98\x80|back\\slash", "", -1, NULL },
	{ "literal string keeps backslashes", "[tool.gradguard]\nextra-model-names = ['C:\\path\\n']\n", 0, 1, "", "", "C:\\path\\n", "", -1, NULL },
	{ "multi-line basic", "[tool.gradguard]\nextra-model-names = [\"\"\"\nab\\\n    cd\"\"\"]\n", 0, 1, "", "", "abcd", "", -1, NULL },
	{ "multi-line literal", "[tool.gradguard]\nextra-model-names = ['''\nx\\y\n''']\n", 0, 1, "", "", "x\\y\n", "", -1, NULL },
	{ "severity inline", "[tool.gradguard]\nseverity = { GG001 = \"error\", GG = \"hint\" }\n", 0, 1, "", "", "", "GG001=1|GG=4", -1, NULL },
	{ "severity table", "[tool.gradguard.severity]\nGG002 = \"information\"\n", 0, 1, "", "", "", "GG002=3", -1, NULL },
	{ "severity dotted", "[tool.gradguard]\nseverity.GG003 = 'warning'\n", 0, 1, "", "", "", "GG003=2", -1, NULL },
	{ "prefer default", "[tool.gradguard]\nselect = []\n", 0, 1, "", "", "", "", 0, NULL },
	{ "CRLF", "[tool.gradguard]\r\nselect = [\"GG001\"]\r\n", 0, 1, "GG001", "", "", "", -1, NULL },
	{ "syntax error", "[tool.gradguard]\nselect = [\"GG001\"\n\n[other]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "pyproject.toml:" },
	{ "syntax error line", "[tool.gradguard]\nselect = [\"GG\"]\nignore = = 1\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "pyproject.toml:3:" },
	{ "unknown key", "[tool.gradguard]\nselekt = [\"GG\"]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "pyproject.toml:2:1: unknown key tool.gradguard.selekt" },
	{ "string not array", "[tool.gradguard]\nselect = \"GG001\"\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "2:10: select must be an array of strings" },
	{ "array of numbers", "[tool.gradguard]\nignore = [1]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "ignore must be an array of strings, not of integer" },
	{ "bad prefer", "[tool.gradguard]\nprefer = \"fast\"\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "prefer: unknown value \"fast\"" },
	{ "bad severity", "[tool.gradguard.severity]\nGG001 = \"fatal\"\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "unknown severity \"fatal\"" },
	{ "unknown subtable", "[tool.gradguard.rules]\nx = 1\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "unknown table [tool.gradguard.rules]" },
	{ "duplicate key", "[tool.gradguard]\nselect = []\n[tool]\ngradguard.select = []\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "4:1: table [tool.gradguard] (line 1) cannot be extended by a dotted key" },
	{ "bad unicode escape", "[tool.gradguard]\nselect = [\"\\uD800\"]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "pyproject.toml:2:" },
	{ "table not a table", "tool.gradguard = 3\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "tool.gradguard must be a table" },
	/* "top: " cases are a gradguard.toml: the settings at the top level, as ruff.toml has ruff's. */
	{ "top: plain keys", "select = [\"GG001\"]\nignore = [\"GG002\"]\n", 0, 1, "GG001", "GG002", "", "", -1, NULL },
	{ "top: empty file counts", "", 0, 1, "", "", "", "", -1, NULL },
	{ "top: severity table", "[severity]\nGG002 = \"hint\"\n", 0, 1, "", "", "", "GG002=4", -1, NULL },
	{ "top: severity dotted", "severity.GG003 = 'error'\nprefer = 'inference_mode'\n", 0, 1, "", "", "", "GG003=1", 1, NULL },
	{ "top: unknown key", "selekt = []\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "gradguard.toml:1:1: unknown key selekt (did you mean 'select'?)" },
	{ "top: a pyproject table is no setting", "[tool.gradguard]\nselect = []\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "unknown table [tool]" },
	{ "top: ruff's lint table", "[lint]\nselect = [\"E\"]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "unknown table [lint]" },
	{ "top: not a table", "select.x = []\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "select is not a table" },
	/* What the nesting bound does not count: brackets in strings and comments. */
	{ "brackets in strings and comments", "[tool.gradguard]\nextra-model-names = [\"[[[[[[[[\"] # {{{{{{{{{\n", 0, 1, "", "", "[[[[[[[[", "", -1, NULL },
	/* What Python's tomllib rejects anywhere in the file, with the line it is on and the line it clashes with. */
	{ "table declared twice", "[project]\nname = \"x\"\n[project]\nversion = \"1\"\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "pyproject.toml:3:1: table [project] is declared twice (first at line 1)" },
	{ "gradguard table twice", "[tool.gradguard]\nselect = [\"GG001\"]\n[tool.gradguard]\nignore = [\"GG002\"]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "3:1: table [tool.gradguard] is declared twice (first at line 1)" },
	{ "duplicate key elsewhere", "[project]\nname = \"x\"\nname = \"y\"\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "3:1: duplicate key project.name (first at line 2)" },
	{ "duplicate quoted key", "[project]\n\"name\" = \"x\"\nname = \"y\"\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "duplicate key project.name (first at line 2)" },
	{ "inline table extended by a header", "tool = { gradguard = { select = [\"GG001\"] } }\n[tool.gradguard]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "2:1: tool is an inline table (line 1): it cannot be extended later" },
	{ "inline table extended by a dotted key", "[tool]\ngradguard = { select = [\"GG001\"] }\ngradguard.ignore = [\"GG002\"]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "3:1: tool.gradguard is an inline table (line 2): it cannot be extended later" },
	{ "duplicate key in an inline table", "[tool]\ngradguard = { select = [], select = [] }\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "duplicate key tool.gradguard.select (first at line 2)" },
	{ "dotted keys then a header", "[tool]\ngradguard.select = [\"GG001\"]\n[tool.gradguard]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "3:1: table [tool.gradguard] was made by dotted keys (line 2): it cannot be declared again" },
	{ "header then dotted keys", "[tool.gradguard]\nselect = []\n[tool]\ngradguard.ignore = []\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "4:1: table [tool.gradguard] (line 1) cannot be extended by a dotted key" },
	{ "value then table", "tool = 1\n[tool.gradguard]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "2:1: tool already has a value (line 1): it cannot be a table" },
	{ "array of tables then table", "[[tool.x]]\n[tool.x]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "2:1: tool.x is an array of tables (line 1), not a table" },
	{ "table then array of tables", "[tool.x]\n[[tool.x]]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "2:1: tool.x is a table (line 1), not an array of tables" },
	/* ...and what it accepts, which nothing may lose. */
	{ "sub-table first", "[tool.gradguard.severity]\nGG001 = \"error\"\n[tool.gradguard]\nselect = [\"GG001\"]\n", 0, 1, "GG001", "", "", "GG001=1", -1, NULL },
	{ "dotted table, then its sub-table", "[tool]\ngradguard.select = [\"GG002\"]\n[tool.gradguard.severity]\nGG002 = \"hint\"\n", 0, 1, "GG002", "", "", "GG002=4", -1, NULL },
	{ "arrays of tables", "[[tool.mypy.overrides]]\nmodule = \"a\"\n[tool.mypy.overrides.x]\n[[tool.mypy.overrides]]\nmodule = \"b\"\n[tool.mypy.overrides.x]\n[tool.gradguard]\nignore = [\"GG003\"]\n", 0, 1, "", "GG003", "", "", -1, NULL },
	{ "same key in two tables", "[project]\nname = \"x\"\n[tool.poetry]\nname = \"x\"\n", 0, 0, "", "", "", "", -1, NULL },
	/* A selector must name a rule (ruff's rule): a typo would select nothing. */
	{ "unknown selector", "[tool.gradguard]\nselect = [\"GG001\", \"XYZ9\"]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "2:10: select: unknown rule selector \"XYZ9\"" },
	{ "lowercase selector", "[tool.gradguard]\nignore = [\"gg003\"]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "unknown rule selector \"gg003\" (did you mean \"GG003\"?)" },
	{ "extend-select", "[tool.gradguard]\nextend-select = [\"GG9\"]\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "extend-select: unknown rule selector \"GG9\" (did you mean \"GG\"?)" },
	{ "unknown key suggestion", "[tool.gradguard]\nextra_model_nams = []\n", -EINVAL, -1, NULL, NULL, NULL, NULL, -1, "unknown key tool.gradguard.extra_model_nams (did you mean 'extra-model-names'?)" },
	{ "quotes before a closing \"\"\"", "[tool.gradguard]\nextra-model-names = [\"\"\"m\"\"\"\", '''n''''']\n", 0, 1, "", "", "m\"|n''", "", -1, NULL },
};

/* Text made of before, then unit n times, then after. Caller frees. */
static char *repeat(const char *before, const char *unit, size_t n, const char *after)
{
	size_t b = strlen(before), u = strlen(unit), a = strlen(after);
	char *s = malloc(b + u * n + a + 1);
	if (!s)
		abort();
	memcpy(s, before, b);
	for (size_t i = 0; i < n; i++)
		memcpy(s + b + u * i, unit, u);
	memcpy(s + b + u * n, after, a + 1);
	return s;
}

/* The bounds: each at its limit is read, one past it is refused with its line (or, for the size, the file). */
static int check_bounds(void)
{
	char entry[4200], long_entry[4200];
	snprintf(entry, sizeof entry, "\"%4096s\"", "");
	snprintf(long_entry, sizeof long_entry, "\"%4097s\"", "");
	char *open128 = repeat("", "[", 128, ""), *open129 = repeat("", "[", 129, "");
	char *close128 = repeat("", "]", 128, "\n"), *close129 = repeat("", "]", 129, "\n");
	struct {
		const char *name;
		char *toml;
		int rc;
		const char *error;
	} bounds[] = {
		{ "128 nested arrays, closed", repeat("x = ", open128, 1, close128), 0, NULL },
		{ "129 nested arrays, closed", repeat("x = ", open129, 1, close129), -EINVAL,
		  "pyproject.toml:1:133: arrays and inline tables nested more than 128 deep" },
		{ "129 nested inline tables on line 2", repeat("a = 1\nx = ", "{a = ", 129, "1"), -EINVAL,
		  "pyproject.toml:2:645: arrays and inline tables nested" },
		{ "a key of 128 parts", repeat("", "k.", 127, "k = 1\n"), 0, NULL },
		{ "a key of 129 parts", repeat("", "k.", 128, "k = 1\n"), -EINVAL, "pyproject.toml:1:1: a key of more than 128 parts" },
		{ "a key of 129 parts with its table's", repeat("[tool.gradguard]\n", "k.", 126, "k = 1\n"), -EINVAL,
		  "pyproject.toml:2:1: a key of more than 128 parts" },
		{ "1024 entries", repeat("[tool.gradguard]\nselect = [", "\"GG\", ", 1024, "]\n"), 0, NULL },
		{ "1025 entries", repeat("[tool.gradguard]\nselect = [", "\"GG\", ", 1025, "]\n"), -EINVAL,
		  "pyproject.toml:2:6155: select has more than 1024 entries" },
		{ "an entry of 4096 bytes", repeat("[tool.gradguard]\nexclude = [", entry, 1, "]\n"), 0, NULL },
		{ "an entry of 4097 bytes", repeat("[tool.gradguard]\nexclude = [", long_entry, 1, "]\n"), -EINVAL,
		  "pyproject.toml:2:12: exclude: an entry longer than 4096 bytes" },
		{ "1 MiB", repeat("", "#", GG_PYPROJECT_MAX_BYTES - 1, "\n"), 0, NULL },
		{ "1 MiB and a byte", repeat("", "#", GG_PYPROJECT_MAX_BYTES, "\n"), -EFBIG, "pyproject.toml: larger than 1048576 bytes" },
	};
	free(open128);
	free(open129);
	free(close128);
	free(close129);
	int failures = 0;
	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
		gg_config c;
		gg_config_init(&c);
		bool found = false;
		char *error = NULL;
		int rc = gg_pyproject_parse("pyproject.toml", bounds[i].toml, strlen(bounds[i].toml), &c, &found, &error);
		if (rc != bounds[i].rc || (bounds[i].error ? !error || !strstr(error, bounds[i].error) : error != NULL)) {
			fprintf(stderr, "FAIL %s: rc %d (expected %d), error \"%s\" (expected \"%s\")\n", bounds[i].name, rc,
				bounds[i].rc, error ? error : "(none)", bounds[i].error ? bounds[i].error : "(none)");
			failures++;
		}
		free(error);
		gg_config_free(&c);
		free(bounds[i].toml);
	}
	return failures;
}

static char *join(const gg_strings *s)
{
	size_t n = 1;
	for (size_t i = 0; i < s->len; i++)
		n += strlen(s->items[i]) + 1;
	char *out = calloc(1, n);
	for (size_t i = 0; out && i < s->len; i++) {
		if (i)
			strcat(out, "|");
		strcat(out, s->items[i]);
	}
	return out;
}

static char *join_severities(const gg_config *c)
{
	gg_strings s;
	gg_strings_init(&s);
	for (size_t i = 0; i < c->severities_len; i++) {
		char *item = gg_strdup_printf("%s=%d", c->severities[i].code, (int)c->severities[i].severity);
		gg_strings_push(&s, item);
		free(item);
	}
	char *out = join(&s);
	gg_strings_free(&s);
	return out;
}

static int expect_text(const char *name, const char *what, const char *want, char *got)
{
	int bad = want && (!got || strcmp(want, got) != 0);
	if (bad)
		fprintf(stderr, "FAIL %s: %s is \"%s\", expected \"%s\"\n", name, what, got ? got : "(null)", want);
	free(got);
	return bad;
}

int main(void)
{
	int failures = 0;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const toml_case *t = &cases[i];
		gg_config c;
		gg_config_init(&c);
		bool found = false;
		char *error = NULL;
		bool top = strncmp(t->name, "top: ", 5) == 0;
		int rc = top ? gg_gradguard_toml_parse("gradguard.toml", t->toml, strlen(t->toml), &c, &error)
			     : gg_pyproject_parse("pyproject.toml", t->toml, strlen(t->toml), &c, &found, &error);
		found = found || (top && rc == 0);
		int bad = 0;
		if (rc != t->rc) {
			fprintf(stderr, "FAIL %s: rc %d, expected %d (%s)\n", t->name, rc, t->rc, error ? error : "");
			bad = 1;
		}
		if (t->found >= 0 && (int)found != t->found) {
			fprintf(stderr, "FAIL %s: found %d\n", t->name, (int)found);
			bad = 1;
		}
		if (t->error && (!error || !strstr(error, t->error))) {
			fprintf(stderr, "FAIL %s: error \"%s\", expected to contain \"%s\"\n", t->name, error ? error : "(none)", t->error);
			bad = 1;
		}
		if (!t->error && error) {
			fprintf(stderr, "FAIL %s: unexpected error \"%s\"\n", t->name, error);
			bad = 1;
		}
		if (rc == 0) {
			bad |= expect_text(t->name, "select", t->select, join(&c.select));
			bad |= expect_text(t->name, "ignore", t->ignore, join(&c.ignore));
			bad |= expect_text(t->name, "extra-model-names", t->models, join(&c.extra_model_names));
			bad |= expect_text(t->name, "severity", t->severities, join_severities(&c));
			if (t->prefer >= 0 && (int)c.prefer != t->prefer) {
				fprintf(stderr, "FAIL %s: prefer %d\n", t->name, (int)c.prefer);
				bad = 1;
			}
		}
		failures += bad;
		free(error);
		gg_config_free(&c);
	}
	failures += check_bounds();
	printf("%zu cases and the bounds, %d failed\n", sizeof cases / sizeof cases[0], failures);
	return failures ? 1 : 0;
}
