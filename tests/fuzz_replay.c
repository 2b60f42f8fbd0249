/* Replays fuzz inputs from files (see fuzz_replay.h). */
#include "fuzz_replay.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

/* A *.repeat file's input (see fuzz_replay.h). Returns 0 or -1. */
static int replay_expand(const char *json, size_t len, char **out, size_t *out_len)
{
	cJSON *spec = cJSON_ParseWithLength(json, len);
	const cJSON *before = cJSON_GetObjectItemCaseSensitive(spec, "before");
	const cJSON *repeat = cJSON_GetObjectItemCaseSensitive(spec, "repeat");
	const cJSON *count = cJSON_GetObjectItemCaseSensitive(spec, "count");
	const cJSON *after = cJSON_GetObjectItemCaseSensitive(spec, "after");
	if (!cJSON_IsString(repeat) || !cJSON_IsNumber(count) || count->valuedouble < 0 ||
	    count->valuedouble > 1e7 || (before && !cJSON_IsString(before)) || (after && !cJSON_IsString(after))) {
		cJSON_Delete(spec);
		return -1;
	}
	const char *b = before ? before->valuestring : "", *r = repeat->valuestring, *a = after ? after->valuestring : "";
	size_t bn = strlen(b), rn = strlen(r), an = strlen(a), n = (size_t)count->valuedouble;
	char *s = malloc(bn + rn * n + an + 1);
	if (!s)
		abort();
	memcpy(s, b, bn);
	for (size_t i = 0; i < n; i++)
		memcpy(s + bn + rn * i, r, rn);
	memcpy(s + bn + rn * n, a, an + 1);
	*out = s;
	*out_len = bn + rn * n + an;
	cJSON_Delete(spec);
	return 0;
}

static int replay_file(const char *name, const char *path, void (*also)(const uint8_t *, size_t))
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "%s: cannot open %s\n", name, path);
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
	size_t pn = strlen(path);
	if (pn > 7 && strcmp(path + pn - 7, ".repeat") == 0) {
		char *input = NULL;
		if (replay_expand(buf ? buf : "", len, &input, &len) != 0) {
			fprintf(stderr, "%s: %s: expected {\"before\", \"repeat\", \"count\", \"after\"}\n", name, path);
			free(buf);
			return 1;
		}
		free(buf);
		buf = input;
	}
	const uint8_t *data = (const uint8_t *)(buf ? buf : "");
	LLVMFuzzerTestOneInput(data, len);
	if (also)
		also(data, len);
	free(buf);
	return 0;
}

static int path_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int gg_fuzz_replay(const char *name, const char *suffix, int argc, char **argv, void (*also)(const uint8_t *, size_t))
{
	size_t sl = suffix ? strlen(suffix) : 0;
	int failed = 0, files = 0;
	for (int i = 1; i < argc; i++) {
		DIR *dir = opendir(argv[i]);
		if (!dir) {
			failed |= replay_file(name, argv[i], also);
			files++;
			continue;
		}
		/* In name order, so that a failure's output reads the same every run. */
		char **paths = NULL;
		size_t len = 0;
		struct dirent *e;
		while ((e = readdir(dir))) {
			size_t n = strlen(e->d_name);
			if (e->d_name[0] == '.' || (n > 3 && strcmp(e->d_name + n - 3, ".md") == 0) ||
			    (suffix && (n < sl || strcmp(e->d_name + n - sl, suffix) != 0)))
				continue;
			char *path = malloc(strlen(argv[i]) + n + 2);
			char **grown = realloc(paths, (len + 1) * sizeof *paths);
			if (!path || !grown)
				abort();
			paths = grown;
			sprintf(path, "%s/%s", argv[i], e->d_name);
			struct stat st;
			if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
				paths[len++] = path;
			else
				free(path);
		}
		closedir(dir);
		if (len)
			qsort(paths, len, sizeof *paths, path_cmp);
		for (size_t k = 0; k < len; k++) {
			failed |= replay_file(name, paths[k], also);
			files++;
			free(paths[k]);
		}
		free(paths);
	}
	printf("%s: replayed %d inputs\n", name, files);
	return failed || files == 0;
}
