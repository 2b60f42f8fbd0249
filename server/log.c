#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The process's one log; see log.h for why this is the only global. */
static struct {
	gg_log_level level;
	gg_log_sink sink;
	void *sink_ctx;
	gg_log_level sink_level;
	int in_sink; /* a sink that logs must not recurse into itself */
} gg_log_state = { GG_LOG_INFO, NULL, NULL, GG_LOG_WARN, 0 };

static const char *const gg_log_names[] = { "", "error", "warn", "info", "debug" };

void gg_log_set_level(gg_log_level level)
{
	gg_log_state.level = level;
}

gg_log_level gg_log_get_level(void)
{
	return gg_log_state.level;
}

int gg_log_level_parse(const char *name, gg_log_level *out)
{
	static const struct {
		const char *name;
		gg_log_level level;
	} table[] = {
		{ "error", GG_LOG_ERROR }, { "warn", GG_LOG_WARN }, { "warning", GG_LOG_WARN },
		{ "info", GG_LOG_INFO },   { "debug", GG_LOG_DEBUG }, { "trace", GG_LOG_DEBUG },
	};
	for (size_t i = 0; name && i < sizeof table / sizeof table[0]; i++) {
		if (strcasecmp(name, table[i].name) == 0) {
			*out = table[i].level;
			return 0;
		}
	}
	return -1;
}

void gg_log_set_sink(gg_log_sink sink, void *ctx, gg_log_level sink_level)
{
	gg_log_state.sink = sink;
	gg_log_state.sink_ctx = ctx;
	gg_log_state.sink_level = sink_level;
}

void gg_log(gg_log_level level, const char *fmt, ...)
{
	int to_stderr = level <= gg_log_state.level;
	int to_sink = gg_log_state.sink && level <= gg_log_state.sink_level && !gg_log_state.in_sink;
	if (!to_stderr && !to_sink)
		return;

	va_list ap;
	va_start(ap, fmt);
	char *msg = NULL;
	int n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0) {
		fprintf(stderr, "gradguard: %s: (out of memory formatting a log line)\n", gg_log_names[level]);
		return;
	}
	if (to_stderr)
		fprintf(stderr, "gradguard: %s: %s\n", gg_log_names[level], msg);
	if (to_sink) {
		gg_log_state.in_sink = 1;
		gg_log_state.sink(gg_log_state.sink_ctx, level, msg);
		gg_log_state.in_sink = 0;
	}
	free(msg);
}
