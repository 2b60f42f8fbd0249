#ifndef GG_LOG_H
#define GG_LOG_H

/*
 * Logging for the program. Lines go to stderr (never stdout, which carries
 * protocol only) and, once the server installs a sink, to the client as
 * window/logMessage. The level and the sink are process-wide: there is one
 * log per process, set up by main before anything runs.
 */

typedef enum gg_log_level {
	GG_LOG_ERROR = 1,
	GG_LOG_WARN = 2,
	GG_LOG_INFO = 3,
	GG_LOG_DEBUG = 4,
} gg_log_level;

/* Receives each message at or above the sink level; message is valid during the call. */
typedef void (*gg_log_sink)(void *ctx, gg_log_level level, const char *message);

void gg_log_set_level(gg_log_level level);
gg_log_level gg_log_get_level(void);
/* Parses "error", "warn", "info", "debug" (also "warning", "trace"). Returns 0 or -1. */
int gg_log_level_parse(const char *name, gg_log_level *out);
/* Installs (or with NULL removes) the client sink, which gets messages at or above sink_level. */
void gg_log_set_sink(gg_log_sink sink, void *ctx, gg_log_level sink_level);

void gg_log(gg_log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define gg_log_error(...) gg_log(GG_LOG_ERROR, __VA_ARGS__)
#define gg_log_warn(...) gg_log(GG_LOG_WARN, __VA_ARGS__)
#define gg_log_info(...) gg_log(GG_LOG_INFO, __VA_ARGS__)
#define gg_log_debug(...) gg_log(GG_LOG_DEBUG, __VA_ARGS__)

#endif
