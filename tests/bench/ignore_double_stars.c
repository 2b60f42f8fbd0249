/*
 * The ignore-file matcher (server/ignore_file.c) on the shape that stalled
 * libgit2's backtracking wildmatch (#32): a line of N "**" segments and a
 * name, against a path thirty folders deep that does not end in that name.
 * A backtracking matcher doubles (or worse) with each "**"; this one must
 * stay flat in N and linear in the path. Prints the time per match for
 * N = 8, 16, 32 and 64, and for paths 30 and 300 folders deep.
 *
 * usage: ignore_double_stars [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "ignore_file.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 20000;
	static const int stars[] = { 8, 16, 32, 64 };
	static const int depths[] = { 30, 300 };
	for (size_t d = 0; d < sizeof depths / sizeof depths[0]; d++) {
		gg_buf path = { 0 };
		for (int i = 0; i < depths[d]; i++)
			gg_buf_printf(&path, "%c/", 'a' + i % 26);
		gg_buf_printf(&path, "nope.py");
		for (size_t s = 0; s < sizeof stars / sizeof stars[0]; s++) {
			gg_buf line = { 0 };
			for (int i = 0; i < stars[s]; i++)
				gg_buf_append(&line, "**/", 3);
			gg_buf_printf(&line, "zzzz.py\n");
			gg_ignore_file *f = NULL;
			if (gg_ignore_file_parse(line.data, line.len, 0, &f) != 0 || !f)
				return 1;
			double t0 = now();
			int hits = 0;
			for (long r = 0; r < rounds; r++)
				hits += gg_ignore_file_match(f, path.data, path.len, false) != GG_IGNORE_NONE;
			double per = (now() - t0) / (double)rounds;
			printf("%2d \"**/\", path %3d folders deep: %8.2f us per match%s\n", stars[s], depths[d], per * 1e6,
			       hits ? " (matched: wrong)" : "");
			if (hits)
				return 1;
			gg_ignore_file_free(f);
			gg_buf_free(&line);
		}
		gg_buf_free(&path);
	}
	return 0;
}
