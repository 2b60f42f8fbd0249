/*
 * Fuzz entry point for the configuration readers: any bytes as a
 * pyproject.toml (server/pyproject.c, the TOML grammar under tree-sitter),
 * and, when they parse as JSON, as the editor's settings
 * (server/config_settings.c); what either reads then goes through merging,
 * rule selection, severities and the exclude globs. Nothing may crash,
 * overrun, leak or hang, and a refused file must say where (PATH:LINE:COL)
 * or why.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined -DGG_LIBFUZZER it is
 * a libFuzzer target (see docs/fuzzing.md); built plainly (as
 * the tests do) it replays the files named on its command line, or every
 * file of a folder named, each whole and (up to 64 KiB) cut short at 32
 * places.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "config_load.h"
#include "config_settings.h"
#include "../fuzz_replay.h"
#include "pyproject.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What the analysis and the walk do with a configuration. */
static void fuzz_use(gg_config *c)
{
	static const char *const codes[] = { "GG001", "GG002", "GG003", "E501", "" };
	static const char *const paths[] = {
		"/r/a.py", "/r/src/pkg/mod.py", "/r/.hidden/x.py", "/r/build", "/elsewhere/a.py",
		"/r/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/gen_pb2.py",
	};
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
		(void)gg_config_rule_enabled(c, codes[i]);
		(void)gg_config_severity(c, codes[i], GG_SEVERITY_WARNING);
	}
	free(c->root);
	c->root = strdup("/r");
	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
		(void)gg_config_excludes_absolute(c, paths[i]);
	gg_config merged;
	gg_config_init(&merged);
	if (gg_config_merge(&merged, c) == 0)
		(void)gg_config_rule_enabled(&merged, "GG001");
	gg_config_free(&merged);
}

static void fuzz_toml(const char *text, size_t size)
{
	gg_config c;
	gg_config_init(&c);
	bool found = false;
	char *error = NULL;
	int rc = gg_pyproject_parse("pyproject.toml", text, size, &c, &found, &error);
	if (rc == 0 && error)
		abort(); /* an error message without an error */
	if (rc == -EINVAL && (!error || strncmp(error, "pyproject.toml:", 15) != 0)) {
		fprintf(stderr, "fuzz-config: a refusal without its line: %s\n", error ? error : "(none)");
		abort();
	}
	if (rc == 0)
		fuzz_use(&c);
	free(error);
	gg_config_free(&c);
}

static void fuzz_settings(const char *text, size_t size)
{
	cJSON *json = cJSON_ParseWithLength(text, size);
	if (!json)
		return;
	gg_config c;
	gg_config_init(&c);
	char *warning = NULL;
	if (gg_config_from_settings(json, &c, &warning) == 0)
		fuzz_use(&c);
	free(warning);
	gg_config_free(&c);
	cJSON_Delete(json);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The readers take text with a NUL after it (as the loader reads files). */
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	fuzz_toml(text, size);
	fuzz_settings(text, size);
	free(text);
	return 0;
}

#ifndef GG_LIBFUZZER
/* Each input cut short: the error paths of every construct it holds (the large ones whole only: time). */
static void fuzz_prefixes(const uint8_t *data, size_t size)
{
	for (size_t k = 1; k < 32 && size > 1 && size <= 65536; k++)
		LLVMFuzzerTestOneInput(data, size * k / 32);
}

int main(int argc, char **argv)
{
	return gg_fuzz_replay("fuzz-config", NULL, argc, argv, fuzz_prefixes);
}
#endif
