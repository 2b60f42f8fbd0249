/*
 * Fuzz entry point for the traceback parser and the diagnosis: any bytes in,
 * a diagnosis (and its JSON) out, nothing leaked or overrun. Built with
 * clang -fsanitize=fuzzer,address -DGG_LIBFUZZER it is a libFuzzer target;
 * built plainly (as the tests do) it replays the files named on its command
 * line (the files of a folder named), each whole and then fed in pieces of
 * 1, 2, 3 bytes.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose.h"
#include "diagnose_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_one(const char *text, size_t size, size_t step)
{
	gg_diagnoser *d = gg_diagnoser_new();
	if (!d)
		return;
	for (size_t i = 0; i < size; i += step)
		if (gg_diagnoser_feed(d, text + i, i + step <= size ? step : size - i) != 0)
			break;
	gg_diagnoses all;
	if (gg_diagnoser_finish(d, NULL, &all) == 0) {
		cJSON *json = gg_diagnoses_to_json(&all);
		char *s = json ? cJSON_PrintUnformatted(json) : NULL;
		free(s);
		cJSON_Delete(json);
	}
	gg_diagnoses_free(&all);
	gg_diagnoser_delete(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_one((const char *)data, size, size ? size : 1);
	fuzz_one((const char *)data, size, 7);
	return 0;
}

#ifndef GG_LIBFUZZER
static int fuzz_replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "fuzz-diagnose: cannot open %s\n", path);
		return 1;
	}
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	char chunk[65536];
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (len + n > cap) {
			cap = (len + n) * 2;
			char *p = realloc(buf, cap);
			if (!p)
				abort();
			buf = p;
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	fclose(f);
	LLVMFuzzerTestOneInput((const uint8_t *)(buf ? buf : ""), len);
	for (size_t step = 1; step <= 3 && len < 100000; step++)
		fuzz_one(buf ? buf : "", len, step);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	int failed = 0, files = 0;
	for (int i = 1; i < argc; i++) {
		DIR *dir = opendir(argv[i]);
		if (!dir) {
			failed |= fuzz_replay_file(argv[i]);
			files++;
			continue;
		}
		struct dirent *e;
		while ((e = readdir(dir))) {
			size_t n = strlen(e->d_name);
			if (n < 5 || strcmp(e->d_name + n - 4, ".log") != 0)
				continue;
			char *path = malloc(strlen(argv[i]) + n + 2);
			if (!path)
				abort();
			sprintf(path, "%s/%s", argv[i], e->d_name);
			failed |= fuzz_replay_file(path);
			files++;
			free(path);
		}
		closedir(dir);
	}
	printf("fuzz-diagnose: replayed %d inputs\n", files);
	return failed || files == 0;
}
#endif
