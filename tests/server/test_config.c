/*
 * Rule selection (ruff's prefix semantics), severity overrides, merging
 * editor settings over a file's, and the exclude globs. Table-driven.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "config_load.h"

static int failures;

static void split(gg_strings *s, const char *list)
{
	char *copy = strdup(list);
	for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		gg_strings_push(s, tok);
	free(copy);
}

static const struct {
	const char *select, *ignore, *code;
	bool enabled;
} enabled_cases[] = {
	{ "", "", "GG001", true },
	{ "GG", "", "GG002", true },
	{ "GG00", "", "GG003", true },
	{ "GG001", "", "GG002", false },
	{ "", "GG", "GG001", false },
	{ "GG", "GG002", "GG002", false },
	{ "GG", "GG002", "GG001", true },
	{ "GG001", "GG", "GG001", true },  /* the longer match wins */
	{ "GG001", "GG001", "GG001", false }, /* a tie: ignore wins */
	{ "ALL", "GG003", "GG001", true },
	{ "ALL", "GG003", "GG003", false },
	{ "E,W", "", "GG001", false },
};

static const struct {
	const char *root, *pattern, *path;
	bool excluded;
} exclude_cases[] = {
	{ "/r", "build", "/r/a/build", true },
	{ "/r", "*_pb2.py", "/r/x/y_pb2.py", true },
	{ "/r", "*_pb2.py", "/r/x/y_pb3.py", false },
	{ "/r", "scripts/*.py", "/r/scripts/a.py", true },
	{ "/r", "scripts/*.py", "/r/scripts/sub/a.py", false },
	{ "/r", "scripts/**/*.py", "/r/scripts/sub/deep/a.py", true },
	{ "/r", "scripts/**/*.py", "/r/scripts/a.py", true },
	{ "/r", "data/", "/r/data", true },
	{ "/r", "data/raw", "/r/other/data/raw", false },
	{ "/r", "**/gen", "/r/a/b/gen", true },
	{ "/r", "/top.py", "/r/top.py", true },
	{ "/r", "scripts/*.py", "/elsewhere/scripts/a.py", false },
	/* fnmatch's habits, kept by the matcher that replaced it. */
	{ "/r", "*.py", "/r/.py", false },             /* a leading '.' takes a literal '.' */
	{ "/r", ".*", "/r/.cache", true },
	{ "/r", "**/.cache/*", "/r/src/.cache/x", true },
	{ "/r", "[a-c]x", "/r/q/bx", true },
	{ "/r", "[!a-c]x", "/r/q/bx", false },
	{ "/r", "[[:digit:]]*", "/r/q/7up", true },
	{ "/r", "\\[x\\]", "/r/[x]", true },
	{ "/r", "data/**", "/r/data/raw/x.csv", true },
	{ "/r", "data/**", "/r/data", false },
	{ "/r", "a/**/b/**/c", "/r/a/x/b/y/z/c", true },
	{ "/r", "a/**/b/**/c", "/r/a/x/c", false },
	{ "/r", "*a*a*a*a*a*b", "/r/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false },
};

int main(void)
{
	for (size_t i = 0; i < sizeof enabled_cases / sizeof enabled_cases[0]; i++) {
		gg_config c;
		gg_config_init(&c);
		split(&c.select, enabled_cases[i].select);
		split(&c.ignore, enabled_cases[i].ignore);
		if (gg_config_rule_enabled(&c, enabled_cases[i].code) != enabled_cases[i].enabled) {
			fprintf(stderr, "FAIL select=%s ignore=%s: %s should be %s\n", enabled_cases[i].select,
				enabled_cases[i].ignore, enabled_cases[i].code, enabled_cases[i].enabled ? "on" : "off");
			failures++;
		}
		gg_config_free(&c);
	}
	if (!gg_config_rule_enabled(NULL, "GG001"))
		failures++;

	/* Severity: the longest matching entry; merge replaces per code, lists whole. */
	gg_config file, editor;
	gg_config_init(&file);
	gg_config_init(&editor);
	gg_config_set_severity(&file, "GG", GG_SEVERITY_HINT);
	gg_config_set_severity(&file, "GG002", GG_SEVERITY_ERROR);
	split(&file.select, "GG001,GG002");
	file.set = GG_CONFIG_SELECT | GG_CONFIG_SEVERITY;
	if (gg_config_severity(&file, "GG002", GG_SEVERITY_WARNING) != GG_SEVERITY_ERROR ||
	    gg_config_severity(&file, "GG001", GG_SEVERITY_WARNING) != GG_SEVERITY_HINT ||
	    gg_config_severity(NULL, "GG001", GG_SEVERITY_WARNING) != GG_SEVERITY_WARNING) {
		fprintf(stderr, "FAIL severity lookup\n");
		failures++;
	}
	split(&editor.ignore, "GG002");
	gg_config_set_severity(&editor, "GG002", GG_SEVERITY_INFORMATION);
	editor.set = GG_CONFIG_IGNORE | GG_CONFIG_SEVERITY;
	if (gg_config_merge(&file, &editor) != 0 || file.select.len != 2 || file.ignore.len != 1 ||
	    gg_config_severity(&file, "GG002", GG_SEVERITY_WARNING) != GG_SEVERITY_INFORMATION ||
	    gg_config_severity(&file, "GG003", GG_SEVERITY_WARNING) != GG_SEVERITY_HINT) {
		fprintf(stderr, "FAIL merge\n");
		failures++;
	}
	gg_config_free(&file);
	gg_config_free(&editor);

	/* Keys in every spelling. */
	if (gg_config_key_lookup("extraModelNames") != GG_CONFIG_EXTRA_MODEL_NAMES ||
	    gg_config_key_lookup("extra-model-names") != GG_CONFIG_EXTRA_MODEL_NAMES ||
	    gg_config_key_lookup("grad_disabling_decorators") != GG_CONFIG_GRAD_DISABLING_DECORATORS ||
	    gg_config_key_lookup("debounceMs") != 0 || gg_config_key_lookup("selects") != 0) {
		fprintf(stderr, "FAIL key lookup\n");
		failures++;
	}

	/* Exclude globs: absolute paths under a root that needs no realpath (it does not exist). */
	for (size_t i = 0; i < sizeof exclude_cases / sizeof exclude_cases[0]; i++) {
		gg_config c;
		gg_config_init(&c);
		c.root = strdup(exclude_cases[i].root);
		gg_strings_push(&c.exclude, exclude_cases[i].pattern);
		if (gg_config_excludes_absolute(&c, exclude_cases[i].path) != exclude_cases[i].excluded) {
			fprintf(stderr, "FAIL exclude %s on %s: expected %d\n", exclude_cases[i].pattern,
				exclude_cases[i].path, (int)exclude_cases[i].excluded);
			failures++;
		}
		gg_config_free(&c);
	}
	/* Many "**" segments cost what one does (a backtracking matcher took minutes for 16): 64 of them, 200 folders deep. */
	gg_config deep;
	gg_config_init(&deep);
	deep.root = strdup("/r");
	char pattern[64 * 3 + 8] = "", path[3 + 200 * 2 + 8] = "/r/";
	for (int i = 0; i < 64; i++)
		strcat(pattern, "**/");
	strcat(pattern, "x");
	for (int i = 0; i < 200; i++)
		strcat(path, "d/");
	strcat(path, "y");
	gg_strings_push(&deep.exclude, pattern);
	if (gg_config_excludes_absolute(&deep, path)) {
		fprintf(stderr, "FAIL 64 \"**/\" segments matched a path without x\n");
		failures++;
	}
	path[strlen(path) - 1] = 'x';
	if (!gg_config_excludes_absolute(&deep, path)) {
		fprintf(stderr, "FAIL 64 \"**/\" segments did not match .../x\n");
		failures++;
	}
	gg_config_free(&deep);
	printf("config: %d failed\n", failures);
	return failures ? 1 : 0;
}
