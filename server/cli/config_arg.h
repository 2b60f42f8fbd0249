#ifndef GG_CLI_CONFIG_ARG_H
#define GG_CLI_CONFIG_ARG_H

#include "config.h"

/*
 * `--config VALUE`, read as ruff reads it: the path of a configuration file
 * (at most one), or a TOML `KEY = VALUE` pair that overrides one setting
 * (`--config "select = ['GG001']"`, `--config "severity.GG002 = 'error'"`),
 * any number of them, later ones over earlier ones. A value that names no
 * file and is not such a pair is refused with why.
 */
typedef struct gg_cli_config_arg {
	const char *path;     /* borrowed from argv; NULL: none named */
	gg_config overrides;  /* owned: what the pairs set (overrides.set says which keys) */
} gg_cli_config_arg;

void gg_cli_config_arg_init(gg_cli_config_arg *a);
void gg_cli_config_arg_free(gg_cli_config_arg *a);

/*
 * Takes one --config value. Returns 0, -EINVAL with *error (malloc'd, the
 * caller's: the whole message, without "gradguard: "), or -ENOMEM.
 */
int gg_cli_config_arg_add(gg_cli_config_arg *a, const char *value, char **error);

#endif
