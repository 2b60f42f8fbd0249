/*
 * --config: a file or a `KEY = VALUE` override (cli/config_arg.h). Which one
 * is decided as ruff decides it: a value that names an existing file is that
 * file; otherwise it must parse as TOML, a gradguard.toml of one setting.
 */
#include "cli/config_arg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "pyproject.h"

/* ruff's tip, in a line: what --config takes. */
#define CONFIG_ARG_TIP                                                                                                 \
	"a --config value is either the path of a .toml configuration file or a TOML `KEY = VALUE` pair that "        \
	"overrides one setting"

void gg_cli_config_arg_init(gg_cli_config_arg *a)
{
	a->path = NULL;
	gg_config_init(&a->overrides);
}

void gg_cli_config_arg_free(gg_cli_config_arg *a)
{
	gg_config_free(&a->overrides);
}

static bool config_arg_is_toml_path(const char *value)
{
	size_t n = strlen(value);
	return n > 5 && strcasecmp(value + n - 5, ".toml") == 0 && !strchr(value, '=');
}

int gg_cli_config_arg_add(gg_cli_config_arg *a, const char *value, char **error)
{
	*error = NULL;
	struct stat st;
	if (stat(value, &st) == 0 && !S_ISDIR(st.st_mode)) {
		if (a->path) {
			*error = gg_strdup_printf("--config: one configuration file at most ('%s' and '%s'); "
						  "overrides of single settings may be added (--config \"KEY = VALUE\")",
						  a->path, value);
			return *error ? -EINVAL : -ENOMEM;
		}
		a->path = value;
		return 0;
	}
	if (!strchr(value, '=')) {
		if (config_arg_is_toml_path(value)) /* a path mistyped, most likely: said once, as ruff says it */
			*error = gg_strdup_printf("invalid value for '--config': the path `%s` does not point to a "
						  "configuration file (" CONFIG_ARG_TIP ")", value);
		else
			*error = gg_strdup_printf("invalid value '%s' for '--config': " CONFIG_ARG_TIP, value);
		return *error ? -EINVAL : -ENOMEM;
	}
	gg_config one;
	gg_config_init(&one);
	char *why = NULL;
	int rc = gg_gradguard_toml_parse("--config", value, strlen(value), &one, &why);
	if (!rc)
		rc = gg_config_merge(&a->overrides, &one);
	gg_config_free(&one);
	if (rc == -EINVAL) {
		*error = gg_strdup_printf("invalid value '%s' for '--config': %s (" CONFIG_ARG_TIP ")", value,
					  why ? why : "not valid TOML");
		rc = *error ? -EINVAL : -ENOMEM;
	}
	free(why);
	return rc;
}
