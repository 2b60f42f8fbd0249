/*
 * parse_only: the floor that `gradguard check` is measured against. It walks
 * the given paths the way the CLI does (gg_pyfiles_collect: the same skipped
 * folders, sorted entries, links to folders not followed, *.py files only),
 * reads each file and parses it with the same grammar and the same entry
 * point as the analysis (gg_python_parse), then throws the tree away. No
 * queries, no rules, no output formatting.
 *
 * usage: parse_only [--framework] [--list] [--repeat N] PATH...
 *   --framework  parse only the files the analysis parses: those that spell
 *                one of the framework names (gg_analysis_mentions_framework);
 *                the others are read and skipped
 *   --list       print the path of each file that would be parsed, parse nothing
 *   --repeat N   parse the file set N times (for profilers; default 1)
 *
 * Prints one summary line on stderr:
 *   files=W parsed=P bytes=B read_s=R parse_s=S cpu_s=C
 * where bytes are those of the parsed files, read_s the wall time spent
 * reading, parse_s the wall time spent in the parser and cpu_s the process
 * CPU time at exit.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analysis.h"
#include "pyfiles.h"

static void walk_report(void *ctx, const char *path, const char *message)
{
	(void)ctx;
	fprintf(stderr, "parse_only: %s: %s\n", path, message);
}

static double seconds(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	bool framework = false, list = false;
	long repeat = 1;
	gg_pyfiles files = { NULL, 0, 0 };
	int rc = 0;
	gg_pyfiles_walker walker = { NULL, walk_report, NULL, false };
	for (int i = 1; i < argc && !rc; i++) {
		if (strcmp(argv[i], "--framework") == 0) {
			framework = true;
		} else if (strcmp(argv[i], "--list") == 0) {
			list = true;
		} else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
			repeat = strtol(argv[++i], NULL, 10);
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: parse_only [--framework] [--list] [--repeat N] PATH...\n");
			return 2;
		} else {
			rc = gg_pyfiles_collect(&files, argv[i], &walker);
		}
	}
	if (rc) {
		fprintf(stderr, "parse_only: %s\n", strerror(-rc));
		gg_pyfiles_free(&files);
		return 2;
	}

	TSParser *parser = gg_python_parser_new();
	if (!parser) {
		fprintf(stderr, "parse_only: cannot load the Python grammar\n");
		gg_pyfiles_free(&files);
		return 2;
	}
	size_t parsed = 0, bytes = 0;
	double read_s = 0, parse_s = 0;
	for (long r = 0; r < repeat && !rc; r++) {
		parsed = bytes = 0;
		for (size_t i = 0; i < files.len && !rc; i++) {
			char *text = NULL;
			size_t len = 0;
			double t0 = seconds(CLOCK_MONOTONIC);
			int err = gg_pyfiles_read(files.items[i], &text, &len);
			double t1 = seconds(CLOCK_MONOTONIC);
			read_s += t1 - t0;
			if (err) {
				fprintf(stderr, "parse_only: %s: %s\n", files.items[i], strerror(-err));
				continue;
			}
			/* As the CLI does: a UTF-8 byte order mark is not part of the text. */
			const char *body = text;
			if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
				body += 3;
				len -= 3;
			}
			if (!framework || gg_analysis_mentions_framework(body, len)) {
				if (list) {
					puts(files.items[i]);
				} else {
					ts_parser_reset(parser);
					TSTree *tree = gg_python_parse(parser, NULL, body, len);
					if (!tree)
						rc = -ENOMEM;
					ts_tree_delete(tree);
				}
				parsed++;
				bytes += len;
			}
			free(text);
			parse_s += seconds(CLOCK_MONOTONIC) - t1;
		}
	}
	ts_parser_delete(parser);
	fprintf(stderr, "files=%zu parsed=%zu bytes=%zu read_s=%.3f parse_s=%.3f cpu_s=%.3f\n", files.len, parsed,
		bytes, read_s, parse_s, seconds(CLOCK_PROCESS_CPUTIME_ID));
	gg_pyfiles_free(&files);
	if (rc)
		fprintf(stderr, "parse_only: %s\n", strerror(-rc));
	return rc ? 2 : 0;
}
