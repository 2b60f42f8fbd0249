/*
 * gradguard's entry point: parses the command line and hands over to the
 * language server (lsp/loop.c) or to a CLI command (cli/).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/check.h"
#include "cli/diagnose.h"
#include "cli/explain.h"
#include "frame.h"
#include "gg_config.h"
#include "log.h"
#include "lsp/loop.h"
#include "lsp/session.h"

static const char main_usage[] =
	"usage: gradguard <command> [options]\n"
	"\n"
	"Finds PyTorch evaluation code that runs with autograd on.\n"
	"\n"
	"commands:\n"
	"  check [PATH...]    check Python files and folders (gradguard check --help)\n"
	"  diagnose [FILE|-]  diagnose a traceback or training log (gradguard diagnose --help)\n"
	"  explain CODE|API   explain a rule (GG001) or an API (no_grad, eval...)\n"
	"  lsp [--stdio]      run the language server on stdin/stdout\n"
	"\n"
	"options:\n"
	"  --version          print the version\n"
	"  --help             print this help\n"
	"\n"
	"lsp options:\n"
	"  --log-level LEVEL        error, warn, info (default) or debug; also GRADGUARD_LOG\n"
	"  --debounce-ms N          delay between an edit and its diagnostics (default 30)\n"
	"  --max-message-size N     largest message accepted, in bytes (default 64 MiB)\n"
	"  --max-queued-output N    bytes of replies a client that does not read may leave\n"
	"                           queued before no new message is read (default 32 MiB)\n";

static int main_parse_size(const char *text, unsigned long long max, unsigned long long *out)
{
	char *end;
	errno = 0;
	if (!text || *text == '-' || *text == '\0')
		return -1;
	unsigned long long v = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0' || v > max)
		return -1;
	*out = v;
	return 0;
}

/* Accepts "--opt VALUE" and "--opt=VALUE". Returns the value, or NULL when argv[*i] is not opt. */
static const char *main_option(int argc, char **argv, int *i, const char *opt, int *missing)
{
	size_t n = strlen(opt);
	if (strncmp(argv[*i], opt, n) != 0)
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

static int main_lsp(int argc, char **argv)
{
	gg_lsp_options opts = { GG_FRAME_DEFAULT_MAX_MESSAGE, GG_DEFAULT_DEBOUNCE_MS, GG_LSP_DEFAULT_MAX_QUEUED_OUTPUT };
	for (int i = 1; i < argc; i++) {
		int missing = 0;
		const char *v;
		unsigned long long n;
		if (strcmp(argv[i], "--stdio") == 0)
			continue;
		if ((v = main_option(argc, argv, &i, "--log-level", &missing))) {
			gg_log_level level;
			if (gg_log_level_parse(v, &level) != 0) {
				fprintf(stderr, "gradguard: unknown log level '%s' (error, warn, info, debug)\n", v);
				return 2;
			}
			gg_log_set_level(level);
		} else if ((v = main_option(argc, argv, &i, "--debounce-ms", &missing))) {
			if (main_parse_size(v, 10000, &n) != 0) {
				fprintf(stderr, "gradguard: --debounce-ms takes milliseconds from 0 to 10000\n");
				return 2;
			}
			opts.debounce_ms = (unsigned)n;
		} else if ((v = main_option(argc, argv, &i, "--max-message-size", &missing))) {
			if (main_parse_size(v, (unsigned long long)SIZE_MAX / 2, &n) != 0 || n == 0) {
				fprintf(stderr, "gradguard: --max-message-size takes a positive number of bytes\n");
				return 2;
			}
			opts.max_message = (size_t)n;
		} else if ((v = main_option(argc, argv, &i, "--max-queued-output", &missing))) {
			if (main_parse_size(v, (unsigned long long)SIZE_MAX / 2, &n) != 0 || n == 0) {
				fprintf(stderr, "gradguard: --max-queued-output takes a positive number of bytes\n");
				return 2;
			}
			opts.max_queued_output = (size_t)n;
		} else {
			fprintf(stderr, missing ? "gradguard: %s needs a value\n" : "gradguard: unknown lsp option '%s'\n",
				argv[i]);
			return 2;
		}
	}
	return gg_lsp_run(&opts);
}

int main(int argc, char **argv)
{
	/* A client that goes away must surface as a write error, not kill us mid-message. */
	signal(SIGPIPE, SIG_IGN);

	const char *env_level = getenv("GRADGUARD_LOG");
	gg_log_level level;
	if (env_level && *env_level) {
		if (gg_log_level_parse(env_level, &level) == 0)
			gg_log_set_level(level);
		else
			fprintf(stderr, "gradguard: ignoring GRADGUARD_LOG=%s (error, warn, info, debug)\n", env_level);
	}

	if (argc < 2) {
		fputs(main_usage, stderr);
		return 2;
	}
	const char *cmd = argv[1];
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0 || strcmp(cmd, "version") == 0) {
		printf("gradguard %s\n", GG_VERSION);
		return 0;
	}
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		fputs(main_usage, stdout);
		return 0;
	}
	if (strcmp(cmd, "lsp") == 0 || strcmp(cmd, "server") == 0)
		return main_lsp(argc - 1, argv + 1);
	if (strcmp(cmd, "--stdio") == 0)
		return main_lsp(argc, argv);
	if (strcmp(cmd, "check") == 0)
		return gg_cli_check_main(argc - 1, argv + 1);
	if (strcmp(cmd, "diagnose") == 0)
		return gg_cli_diagnose_main(argc - 1, argv + 1);
	if (strcmp(cmd, "explain") == 0)
		return gg_cli_explain_main(argc - 1, argv + 1);
	fprintf(stderr, "gradguard: unknown command '%s'\n\n%s", cmd, main_usage);
	return 2;
}
