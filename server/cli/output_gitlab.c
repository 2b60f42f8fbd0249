/*
 * The gitlab format (cli/output.h): a GitLab Code Quality report, ruff's
 * shape: a list of {check_name, description ("CODE: message": GitLab shows
 * no check_name), severity, fingerprint, location: {path, positions: {begin,
 * end}}}. The fingerprint identifies a finding from one pipeline to the
 * next: a hash of its code and path, not of its line, which moves with
 * every edit above it; a second finding of the same code in the same file
 * hashes the first's fingerprint in as well, so that none repeats.
 */
#include "cli/output.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/json_pretty.h"

/* GitLab's severities: info, minor, major, critical, blocker. */
static const char *gitlab_severity(gg_severity s)
{
	switch (s) {
	case GG_SEVERITY_ERROR: return "major";
	case GG_SEVERITY_WARNING: return "minor";
	default: return "info";
	}
}

static cJSON *gitlab_position(unsigned line, unsigned column)
{
	cJSON *o = cJSON_CreateObject();
	if (o && (!cJSON_AddNumberToObject(o, "line", line) || !cJSON_AddNumberToObject(o, "column", column))) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o;
}

/* path relative to project_dir when it lies below it, else as named. Caller frees; NULL on OOM. */
static char *gitlab_path(const char *path, const char *project_dir)
{
	char *abs = project_dir && *project_dir ? realpath(path, NULL) : NULL;
	char *root = abs ? realpath(project_dir, NULL) : NULL;
	size_t n = root ? strlen(root) : 0;
	const char *rel = root && strncmp(abs, root, n) == 0 && abs[n] == '/' ? abs + n + 1 : NULL;
	char *out = gg_output_path(rel ? rel : path);
	free(abs);
	free(root);
	return out;
}

static bool gitlab_add(cJSON *o, const char *key, cJSON *item)
{
	if (item && cJSON_AddItemToObject(o, key, item))
		return true;
	cJSON_Delete(item);
	return false;
}

cJSON *gg_cli_gitlab_row(const gg_output_item *it, const char *project_dir)
{
	char *message = gg_output_message(it);
	char *description = message ? gg_strdup_printf("%s: %s", it->f->code, message) : NULL;
	char *path = gitlab_path(it->path, project_dir);
	cJSON *row = description && path ? cJSON_CreateObject() : NULL;
	cJSON *location = NULL, *positions = NULL;
	/* A notebook's finding is at 1:1 of the notebook (cli/output.h); its message says where in the cell. */
	unsigned l0 = it->cell ? 1 : it->start.line + 1, c0 = it->cell ? 1 : it->start.character + 1;
	unsigned l1 = it->cell ? 1 : it->end.line + 1, c1 = it->cell ? 1 : it->end.character + 1;
	bool ok = row && cJSON_AddStringToObject(row, "check_name", it->f->code) &&
		  cJSON_AddStringToObject(row, "description", description) &&
		  cJSON_AddStringToObject(row, "severity", gitlab_severity(it->f->severity)) &&
		  cJSON_AddStringToObject(row, "fingerprint", "") && (location = cJSON_AddObjectToObject(row, "location")) &&
		  cJSON_AddStringToObject(location, "path", path) &&
		  (positions = cJSON_AddObjectToObject(location, "positions")) &&
		  gitlab_add(positions, "begin", gitlab_position(l0, c0)) && gitlab_add(positions, "end", gitlab_position(l1, c1));
	free(message);
	free(description);
	free(path);
	if (!ok) {
		cJSON_Delete(row);
		return NULL;
	}
	return row;
}

/* FNV-1a, 64 bits, over s and its NUL, from h. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
	do {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	} while (*s++);
	return h;
}

static uint64_t gitlab_fingerprint(uint64_t salt, const char *code, const char *path)
{
	char seed[17];
	snprintf(seed, sizeof seed, "%016llx", (unsigned long long)salt);
	return fnv1a(fnv1a(fnv1a(0xcbf29ce484222325ULL, seed), code), path);
}

/* An open-addressing set of the fingerprints given so far (0 marks a free slot: a fingerprint of 0 is made 1). */
typedef struct fingerprints {
	uint64_t *slots; /* owned */
	size_t mask;
} fingerprints;

/* Adds h; false when it was there already. */
static bool fingerprints_add(fingerprints *set, uint64_t h)
{
	for (size_t i = (size_t)h & set->mask;; i = (i + 1) & set->mask) {
		if (set->slots[i] == h)
			return false;
		if (!set->slots[i]) {
			set->slots[i] = h;
			return true;
		}
	}
}

int gg_cli_gitlab_print(FILE *out, cJSON *rows)
{
	size_t n = (size_t)cJSON_GetArraySize(rows), cap = 16;
	while (cap < 2 * n)
		cap *= 2;
	fingerprints set = { calloc(cap, sizeof *set.slots), cap - 1 };
	if (!set.slots)
		return -ENOMEM;
	int rc = 0;
	cJSON *row;
	cJSON_ArrayForEach(row, rows)
	{
		const char *code = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(row, "check_name"));
		const cJSON *location = cJSON_GetObjectItemCaseSensitive(row, "location");
		const char *path = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(location, "path"));
		uint64_t h = gitlab_fingerprint(0, code ? code : "", path ? path : "");
		for (h = h ? h : 1; !fingerprints_add(&set, h);)
			if (!(h = gitlab_fingerprint(h, code ? code : "", path ? path : "")))
				h = 1;
		char hex[17];
		snprintf(hex, sizeof hex, "%llx", (unsigned long long)h);
		cJSON *s = cJSON_CreateString(hex);
		if (!s || !cJSON_ReplaceItemInObjectCaseSensitive(row, "fingerprint", s)) {
			cJSON_Delete(s);
			rc = -ENOMEM;
			break;
		}
	}
	free(set.slots);
	return rc ? rc : gg_json_pretty_print(out, rows);
}
