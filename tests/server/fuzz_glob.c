/*
 * Fuzz entry point for the exclude globs (server/glob_match.c). An input is
 * a pattern, a newline, and a path. Any bytes in: no overrun, no leak, no
 * hang; and on short inputs the answer must be the one of a plain
 * backtracking reference (fnmatch(3) per segment, "**" tried at every
 * segment: the matcher gradguard had before, exponential but exact), so a
 * fuzzer finds a wrong answer as it finds a crash.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined -DGG_LIBFUZZER it is
 * a libFuzzer target (see docs/fuzzing.md); built plainly (as
 * the tests do) it replays the files named on its command line, or every
 * file of a folder named.
 */
#include <fnmatch.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz_replay.h"
#include "glob_match.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The reference: segments, "**" recursively, the rest to fnmatch. */
static bool ref_match(const char *pat, const char *path)
{
	for (;;) {
		const char *pe = strchr(pat, '/');
		size_t pn = pe ? (size_t)(pe - pat) : strlen(pat);
		if (pn == 2 && pat[0] == '*' && pat[1] == '*') {
			if (!pe || !pe[1])
				return true;
			for (const char *p = path;; p++) {
				if ((p == path || p[-1] == '/') && ref_match(pe + 1, p))
					return true;
				if (!*p)
					return false;
			}
		}
		const char *se = strchr(path, '/');
		size_t sn = se ? (size_t)(se - path) : strlen(path);
		char *ps = strndup(pat, pn), *ss = strndup(path, sn);
		if (!ps || !ss)
			abort();
		bool ok = fnmatch(ps, ss, FNM_PERIOD) == 0;
		free(ps);
		free(ss);
		if (!ok)
			return false;
		if (!pe || !pe[1])
			return !se;
		if (!se)
			return false;
		pat = pe + 1;
		path = se + 1;
	}
}

/*
 * Where the reference is not the specification: glibc's corners of bracket
 * syntax ([:name:], [=c=] and [.c.], a '[' without its ']'), which
 * glob_match.c follows only in the common cases; a backslash before a '/'
 * (the reference cuts the pattern there); bytes outside ASCII.
 */
static bool ref_applies(const char *pat, const char *path)
{
	if (strlen(pat) > 24 || strlen(path) > 24)
		return false; /* the reference is exponential */
	for (const char *p = pat; *p; p++) {
		if ((unsigned char)*p >= 0x80 || (p[0] == '\\' && p[1] == '/'))
			return false;
		if (p[0] == '[' && (p[1] == ':' || p[1] == '=' || p[1] == '.'))
			return false;
		if (p[0] == '[' && !strchr(p + 1, ']'))
			return false;
	}
	for (const char *p = path; *p; p++)
		if ((unsigned char)*p >= 0x80)
			return false;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	char *nl = strchr(text, '\n');
	const char *pattern = text, *path = "";
	if (nl) {
		*nl = '\0';
		path = nl + 1;
	}
	int got = gg_glob_match(pattern, path);
	if (got >= 0 && ref_applies(pattern, path) && (got == 1) != ref_match(pattern, path)) {
		fprintf(stderr, "fuzz-glob: \"%s\" on \"%s\": %d, the reference says %d\n", pattern, path, got,
			(int)ref_match(pattern, path));
		abort();
	}
	free(text);
	return 0;
}

#ifndef GG_LIBFUZZER
int main(int argc, char **argv)
{
	return gg_fuzz_replay("fuzz-glob", NULL, argc, argv, NULL);
}
#endif
