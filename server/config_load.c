/*
 * Configuration discovery (the nearest .gradguard.toml or gradguard.toml, or
 * pyproject.toml with [tool.gradguard]), a per-folder cache, and the exclude
 * globs.
 */
#include "config_load.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "glob_match.h"
#include "pyproject.h"
#include "real_path.h"

typedef struct loader_asked {
	char *dir;  /* owned; as the walk wrote it; NULL: an empty slot */
	char *real; /* owned */
} loader_asked;

typedef struct loader_dir {
	char *dir;               /* owned; absolute */
	const gg_config *config; /* borrowed from configs; NULL: the defaults */
} loader_dir;

struct gg_config_loader {
	gg_config overrides;
	bool has_overrides;
	gg_config **configs; /* owned, each owned */
	size_t configs_len;
	loader_dir *dirs; /* owned */
	size_t dirs_len, dirs_cap;
	/* Owned: open addressing over dirs by dir (index + 1, 0 empty), slots_cap a power of two: a walk asks for every folder. */
	size_t *slots;
	size_t slots_cap;
	/* The folders asked for, as written, and their realpaths (both owned): a child's is its parent's and its name. */
	struct loader_asked *asked; /* open addressing, asked_cap a power of two */
	size_t asked_len, asked_cap;
	/* The folder last asked for, as written, and its answer: files come folder by folder (realpath is dear). */
	char *last_dir; /* owned */
	const gg_config *last_config;
};

gg_config_loader *gg_config_loader_new(const gg_config *overrides)
{
	gg_config_loader *l = calloc(1, sizeof *l);
	if (!l)
		return NULL;
	gg_config_init(&l->overrides);
	if (overrides) {
		l->has_overrides = true;
		if (gg_config_merge(&l->overrides, overrides) != 0) {
			gg_config_loader_delete(l);
			return NULL;
		}
	}
	return l;
}

void gg_config_loader_delete(gg_config_loader *l)
{
	if (!l)
		return;
	gg_config_free(&l->overrides);
	for (size_t i = 0; i < l->configs_len; i++) {
		gg_config_free(l->configs[i]);
		free(l->configs[i]);
	}
	free(l->configs);
	for (size_t i = 0; i < l->dirs_len; i++)
		free(l->dirs[i].dir);
	free(l->dirs);
	free(l->slots);
	for (size_t i = 0; i < l->asked_cap; i++) {
		free(l->asked[i].dir);
		free(l->asked[i].real);
	}
	free(l->asked);
	free(l->last_dir);
	free(l);
}

/* Reads the file whole, up to max bytes: -EFBIG past them (a device or a huge file is not slurped). */
static int load_read(const char *path, size_t max, char **text, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -errno;
	char *buf = NULL;
	size_t cap = 0, n = 0;
	int rc = 0;
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				rc = -EFBIG;
				break;
			}
			size_t ncap = cap ? cap * 2 : 4096;
			if (ncap > max + 1)
				ncap = max + 1;
			char *p = realloc(buf, ncap + 1);
			if (!p) {
				rc = -ENOMEM;
				break;
			}
			buf = p;
			cap = ncap;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f))
				rc = -EIO;
			break;
		}
	}
	fclose(f);
	if (!rc && n > max)
		rc = -EFBIG;
	if (rc) {
		free(buf);
		return rc;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}

/* The folder of path, made absolute ("." for a bare name). Caller owns. */
static char *load_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? gg_strdup_printf("%.*s", slash == path ? 1 : (int)(slash - path), path) : strdup(".");
	if (!dir)
		return NULL;
	char *abs = realpath(dir, NULL);
	free(dir);
	return abs;
}

/* Whether path's last part is name. */
static bool load_named(const char *path, const char *name)
{
	const char *slash = strrchr(path, '/');
	return strcmp(slash ? slash + 1 : path, name) == 0;
}

/* How a configuration file is read: its [tool.gradguard], its top level, or the table if it has one, else its top. */
typedef enum load_how { LOAD_TABLE, LOAD_TOP, LOAD_GIVEN } load_how;

static int load_file_as(const char *path, load_how how, gg_config *out, bool *found, char **error)
{
	*error = NULL;
	*found = false;
	char *text = NULL;
	size_t len = 0;
	int rc = load_read(path, GG_PYPROJECT_MAX_BYTES, &text, &len);
	if (rc == -EFBIG)
		*error = gg_strdup_printf("%s: larger than %d bytes, the most a configuration file may have", path,
					  GG_PYPROJECT_MAX_BYTES);
	else if (rc)
		*error = gg_strdup_printf("%s: %s", path, strerror(-rc));
	if (rc)
		return rc;
	if (how != LOAD_TOP)
		rc = gg_pyproject_parse(path, text, len, out, found, error);
	if (!rc && how == LOAD_GIVEN && !*found && load_named(path, "pyproject.toml")) {
		/* Named on the command line, it was meant to configure: saying nothing would check with the defaults. */
		*error = gg_strdup_printf("%s: no [tool.gradguard] table (a gradguard.toml holds the settings at "
					  "its top level)", path);
		rc = *error ? -EINVAL : -ENOMEM;
	} else if (!rc && (how == LOAD_TOP || (how == LOAD_GIVEN && !*found))) {
		gg_config_free(out);
		gg_config_init(out);
		rc = gg_gradguard_toml_parse(path, text, len, out, error);
		*found = rc == 0;
	}
	free(text);
	if (!rc && !(out->root = load_dir_of(path)))
		rc = errno ? -errno : -ENOMEM;
	return rc;
}

int gg_config_load_file(const char *path, gg_config *out, bool *found, char **error)
{
	return load_file_as(path, load_named(path, "pyproject.toml") ? LOAD_TABLE : LOAD_TOP, out, found, error);
}

int gg_config_load_given(const char *path, gg_config *out, char **error)
{
	bool found;
	return load_file_as(path, LOAD_GIVEN, out, &found, error);
}

/* A folder's configuration files, in the order they are looked for (ruff: .ruff.toml, ruff.toml, pyproject.toml). */
static const char *const load_names[] = { ".gradguard.toml", "gradguard.toml", "pyproject.toml" };

bool gg_config_is_file_name(const char *name)
{
	for (size_t i = 0; name && i < sizeof load_names / sizeof *load_names; i++)
		if (strcmp(name, load_names[i]) == 0)
			return true;
	return false;
}

const char *gg_config_file_name(const char *dir)
{
	for (size_t i = 0; i < sizeof load_names / sizeof *load_names; i++) {
		char *path = gg_strdup_printf("%s%s%s", dir, strcmp(dir, "/") == 0 ? "" : "/", load_names[i]);
		struct stat st;
		bool there = path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
		free(path);
		if (there)
			return load_names[i];
	}
	return "pyproject.toml";
}

/* FNV-1a: folder paths, a few dozen bytes each. */
static size_t loader_hash(const char *dir)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (const unsigned char *p = (const unsigned char *)dir; *p; p++)
		h = (h ^ *p) * 0x100000001b3u;
	return (size_t)h;
}

/* The slot of dir in l->slots: its own, or the empty one where it would go. */
static size_t loader_slot(const gg_config_loader *l, const char *dir)
{
	size_t mask = l->slots_cap - 1, i = loader_hash(dir) & mask;
	while (l->slots[i] && strcmp(l->dirs[l->slots[i] - 1].dir, dir) != 0)
		i = (i + 1) & mask;
	return i;
}

static const gg_config *loader_cached(const gg_config_loader *l, const char *dir, bool *hit)
{
	size_t i = l->slots_cap ? loader_slot(l, dir) : 0;
	*hit = l->slots_cap && l->slots[i];
	return *hit ? l->dirs[l->slots[i] - 1].config : NULL;
}

static int loader_remember(gg_config_loader *l, const char *dir, const gg_config *config)
{
	if (l->dirs_len == l->dirs_cap) {
		size_t cap = l->dirs_cap ? l->dirs_cap * 2 : 16;
		loader_dir *dirs = realloc(l->dirs, cap * sizeof *dirs);
		if (!dirs)
			return -ENOMEM;
		l->dirs = dirs;
		l->dirs_cap = cap;
	}
	/* At most half full: grown, every folder is placed again. */
	if (2 * (l->dirs_len + 1) > l->slots_cap) {
		size_t cap = l->slots_cap ? l->slots_cap * 2 : 32;
		size_t *slots = calloc(cap, sizeof *slots);
		if (!slots)
			return -ENOMEM;
		free(l->slots);
		l->slots = slots;
		l->slots_cap = cap;
		for (size_t k = 0; k < l->dirs_len; k++)
			l->slots[loader_slot(l, l->dirs[k].dir)] = k + 1;
	}
	char *copy = strdup(dir);
	if (!copy)
		return -ENOMEM;
	l->dirs[l->dirs_len] = (loader_dir){ copy, config };
	l->slots[loader_slot(l, copy)] = ++l->dirs_len;
	return 0;
}

/* The slot of dir among the folders asked for: its own, or the empty one where it would go. */
static size_t asked_slot(const loader_asked *asked, size_t cap, const char *dir)
{
	size_t mask = cap - 1, i = loader_hash(dir) & mask;
	while (asked[i].dir && strcmp(asked[i].dir, dir) != 0)
		i = (i + 1) & mask;
	return i;
}

/*
 * The realpath of dir (owned), as a walk asks folder after folder: below a
 * folder asked before, a child that is no link is that folder's realpath and
 * its name (one lstat, where realpath(3) reads every level again). NULL when
 * it cannot be resolved, or on no memory (*nomem).
 */
static char *loader_real(gg_config_loader *l, const char *dir, bool *nomem)
{
	*nomem = false;
	if (l->asked_cap) {
		size_t i = asked_slot(l->asked, l->asked_cap, dir);
		if (l->asked[i].dir)
			return strdup(l->asked[i].real);
	}
	size_t at = l->asked_cap ? gg_real_path_child_at(dir) : 0;
	const char *up = NULL;
	char *parent = at ? strndup(dir, at - 1) : NULL;
	if (parent) {
		size_t i = asked_slot(l->asked, l->asked_cap, parent);
		up = l->asked[i].dir ? l->asked[i].real : NULL;
	}
	char *real = gg_real_path_below(dir, at, up);
	free(parent);
	if (!real)
		return NULL;
	/* At most half full: grown, every folder is placed again. */
	if (2 * (l->asked_len + 1) > l->asked_cap) {
		size_t cap = l->asked_cap ? l->asked_cap * 2 : 32;
		loader_asked *asked = calloc(cap, sizeof *asked);
		if (!asked) {
			free(real);
			*nomem = true;
			return NULL;
		}
		for (size_t k = 0; k < l->asked_cap; k++)
			if (l->asked[k].dir)
				asked[asked_slot(asked, cap, l->asked[k].dir)] = l->asked[k];
		free(l->asked);
		l->asked = asked;
		l->asked_cap = cap;
	}
	char *key = strdup(dir), *value = strdup(real);
	if (!key || !value) {
		free(key);
		free(value);
		free(real);
		*nomem = true;
		return NULL;
	}
	l->asked[asked_slot(l->asked, l->asked_cap, key)] = (loader_asked){ key, value };
	l->asked_len++;
	return real;
}

/*
 * Reads dir's .gradguard.toml, gradguard.toml or pyproject.toml, the first
 * there is. *config: a new configuration the loader owns, or NULL.
 */
static int loader_try_dir(gg_config_loader *l, const char *dir, const gg_config **config, bool *stop, char **error)
{
	*stop = false;
	char *path = NULL;
	struct stat st;
	for (size_t i = 0; i < sizeof load_names / sizeof *load_names; i++) {
		path = gg_strdup_printf("%s%s%s", dir, strcmp(dir, "/") == 0 ? "" : "/", load_names[i]);
		if (!path)
			return -ENOMEM;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			break;
		free(path);
		path = NULL;
	}
	if (!path)
		return 0;
	gg_config *c = malloc(sizeof *c);
	gg_config **grown = realloc(l->configs, (l->configs_len + 1) * sizeof *grown);
	if (grown)
		l->configs = grown;
	if (!c || !grown) {
		free(c);
		free(path);
		return -ENOMEM;
	}
	gg_config_init(c);
	bool found = false;
	int rc = gg_config_load_file(path, c, &found, error);
	free(path);
	if (!rc && l->has_overrides)
		rc = gg_config_merge(c, &l->overrides);
	if (rc || !found) {
		gg_config_free(c);
		free(c);
		/* A broken file ends the walk: its folder's files get the defaults, not an outer config. */
		*stop = rc != 0;
		return rc;
	}
	l->configs[l->configs_len++] = c;
	*config = c;
	*stop = true;
	return 0;
}

int gg_config_loader_for_dir(gg_config_loader *l, const char *dir, const gg_config **config, char **error)
{
	*error = NULL;
	if (l->last_dir && strcmp(l->last_dir, dir) == 0) {
		*config = l->last_config;
		return 0;
	}
	*config = l->has_overrides ? &l->overrides : NULL;
	bool nomem;
	char *at = loader_real(l, dir, &nomem);
	if (!at)
		return nomem ? -ENOMEM : 0; /* the file will be reported when it is read */
	int rc = 0;
	size_t first_new = l->dirs_len;
	const gg_config *found = l->has_overrides ? &l->overrides : NULL;
	for (;;) {
		bool hit, stop = false;
		const gg_config *cached = loader_cached(l, at, &hit);
		if (hit) {
			found = cached;
			break;
		}
		rc = loader_remember(l, at, NULL);
		if (rc)
			break;
		const gg_config *c = NULL;
		rc = loader_try_dir(l, at, &c, &stop, error);
		if (c)
			found = c;
		if (stop || strcmp(at, "/") == 0)
			break;
		char *slash = strrchr(at, '/');
		if (slash == at)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
	free(at);
	for (size_t i = first_new; i < l->dirs_len; i++)
		l->dirs[i].config = found;
	*config = found;
	if (!rc) {
		free(l->last_dir);
		l->last_dir = strdup(dir);
		l->last_config = found;
	}
	return rc == -ENOMEM ? rc : (rc ? -EINVAL : 0);
}

const gg_config *gg_config_loader_overrides(const gg_config_loader *l)
{
	return l->has_overrides ? &l->overrides : NULL;
}

int gg_config_loader_for_file(gg_config_loader *l, const char *path, const gg_config **config, char **error)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? gg_strdup_printf("%.*s", slash == path ? 1 : (int)(slash - path), path) : strdup(".");
	if (!dir)
		return -ENOMEM;
	int rc = gg_config_loader_for_dir(l, dir, config, error);
	free(dir);
	return rc;
}

bool gg_config_excludes_absolute(const gg_config *c, const char *abs)
{
	if (!c || !c->exclude.len || !c->root)
		return false;
	const char *base = strrchr(abs, '/');
	base = base ? base + 1 : abs;
	size_t rn = strlen(c->root);
	while (rn > 0 && c->root[rn - 1] == '/')
		rn--;
	/* Outside the root, only the name patterns apply. */
	const char *rel = strncmp(abs, c->root, rn) == 0 && abs[rn] == '/' ? abs + rn + 1 : NULL;
	for (size_t i = 0; i < c->exclude.len; i++) {
		const char *pat = c->exclude.items[i];
		size_t pn = strlen(pat);
		bool has_slash = memchr(pat, '/', pn && pat[pn - 1] == '/' ? pn - 1 : pn) != NULL;
		/* Out of memory counts as no match: the file is checked. */
		if ((!has_slash ? gg_glob_match(pat, base) : rel ? gg_glob_match(pat[0] == '/' ? pat + 1 : pat, rel) : 0) > 0)
			return true;
	}
	return false;
}

bool gg_config_excludes(const gg_config *c, const char *path)
{
	if (!c || !c->exclude.len || !c->root)
		return false;
	/* The realpath of its folder, plus its own name (a link is excluded by its name). */
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char *dir = load_dir_of(path);
	char *abs = dir ? gg_strdup_printf("%s/%s", strcmp(dir, "/") == 0 ? "" : dir, base) : NULL;
	free(dir);
	bool excluded = abs && gg_config_excludes_absolute(c, abs);
	free(abs);
	return excluded;
}

bool gg_config_excludes_named(const gg_config *c, const char *path)
{
	if (!c || !c->exclude.len || !c->root)
		return false;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char *dir = load_dir_of(path);
	char *abs = dir ? gg_strdup_printf("%s/%s", strcmp(dir, "/") == 0 ? "" : dir, base) : NULL;
	free(dir);
	size_t rn = strlen(c->root);
	while (rn > 0 && c->root[rn - 1] == '/')
		rn--;
	bool excluded = abs && gg_config_excludes_absolute(c, abs);
	/* Each folder above it, up to (not with) the root: cut at its last '/'. */
	for (char *slash; abs && !excluded && (slash = strrchr(abs, '/')) && (size_t)(slash - abs) > rn;) {
		*slash = '\0';
		excluded = strncmp(abs, c->root, rn) == 0 && abs[rn] == '/' && gg_config_excludes_absolute(c, abs);
	}
	free(abs);
	return excluded;
}
