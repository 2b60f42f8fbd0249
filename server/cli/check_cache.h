#ifndef GG_CHECK_CACHE_H
#define GG_CHECK_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "store.h"

/*
 * What `gradguard check` remembers between runs (ruff's .ruff_cache): the
 * files a run found clean — nothing reported, nothing said — each under a
 * key of its bytes and its configuration. A file whose key is the same in
 * the next run, in a run whose key is the same, is not checked again: its
 * answer cannot differ. The run's key is the program (its version and its
 * file's size and time) and the project index the files were checked
 * against (gg_project_write's bytes), so that a change in another file that
 * changes what the files tell each other checks every file again.
 *
 * Kept in DIR/VERSION/check-SCOPE, SCOPE a digest of the folder the run
 * started in and the paths it was given: one file per way the project is
 * checked, replaced whole at the end of each run (written beside, then
 * renamed, so a run that reads it meanwhile reads the old or the new one).
 * DIR gets a .gitignore of `*` and a CACHEDIR.TAG when made, as ruff's does.
 * A cache that cannot be read or written is no error: the run checks every
 * file, and says nothing.
 */
typedef struct gg_check_cache {
	char *path;       /* owned: the cache's file */
	gg_digest run;    /* this run's key */
	char *data;       /* owned: the file as read, when its run key is this run's */
	size_t data_len;
	/* The clean files the last run recorded, sorted by path; their paths point into data. */
	struct gg_check_cache_entry *entries; /* owned */
	size_t len;
} gg_check_cache;

/*
 * Opens the cache in dir for a run given paths (npaths) whose index wrote
 * index_bytes. 0, or -ENOMEM; any other trouble (no such folder yet, a file
 * from another run) opens an empty cache.
 */
int gg_check_cache_open(gg_check_cache *c, const char *dir, char *const *paths, size_t npaths,
			const char *index_bytes, size_t index_len);
void gg_check_cache_close(gg_check_cache *c);

/* The key of a file: its bytes and its configuration's digest. */
gg_digest gg_check_cache_key(const char *text, size_t len, gg_digest config);
/* Whether the last run found path clean under key. */
bool gg_check_cache_clean(const gg_check_cache *c, const char *path, gg_digest key);
/*
 * Replaces the cache's file with this run's clean files: paths[i] under
 * keys[i] where clean[i]. Makes dir when missing. 0; a failure is silent
 * (the next run checks everything) but for -ENOMEM.
 */
int gg_check_cache_save(gg_check_cache *c, const char *dir, char *const *paths, const gg_digest *keys,
			const bool *clean, size_t n);

#endif
