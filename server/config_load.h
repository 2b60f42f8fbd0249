#ifndef GG_CONFIG_LOAD_H
#define GG_CONFIG_LOAD_H

#include <stdbool.h>

#include "config.h"

/*
 * Finding and reading the configuration of files on disk.
 *
 * A file's configuration is the nearest one, walking up from the file's
 * folder, of: a .gradguard.toml or gradguard.toml (the settings at its top
 * level; looked for first, in that order, as ruff looks for .ruff.toml and
 * ruff.toml), or a pyproject.toml that HAS a [tool.gradguard] table (as ruff
 * skips a pyproject.toml without [tool.ruff]); none found: the defaults.
 * Folders are cached, so checking many files parses each file once. Every configuration handed out has the loader's
 * overrides (command-line --select/--ignore, or the editor's settings)
 * merged on top.
 */

typedef struct gg_config_loader gg_config_loader;

/* overrides is copied; NULL for none. Returns NULL on out of memory. */
gg_config_loader *gg_config_loader_new(const gg_config *overrides);
void gg_config_loader_delete(gg_config_loader *l);

/*
 * The configuration for files in folder dir (owned by the loader, valid
 * until it is deleted; NULL means the defaults). A pyproject.toml that
 * cannot be read or parsed is reported once, in *error (owned by the
 * caller), with -EINVAL (or another negative errno); its folder then gets the
 * defaults (with the overrides).
 */
int gg_config_loader_for_dir(gg_config_loader *l, const char *dir, const gg_config **config, char **error);
/* The overrides alone (what a file outside any folder gets); NULL when there are none. */
const gg_config *gg_config_loader_overrides(const gg_config_loader *l);
/* The same for the folder holding the file at path. */
int gg_config_loader_for_file(gg_config_loader *l, const char *path, const gg_config **config, char **error);

/* Whether name (a file's last component) is one a folder's configuration is read from. */
bool gg_config_is_file_name(const char *name);

/*
 * Reads one configuration file: fills out (initialised by the caller) from
 * the [tool.gradguard] of a file named pyproject.toml (*found tells whether
 * it has the table), or from the top level of any other (a gradguard.toml;
 * *found is then set), with out->root its folder. Returns 0 or a negative
 * errno (message in *error).
 */
int gg_config_load_file(const char *path, gg_config *out, bool *found, char **error);
/*
 * The file named by --config PATH: its [tool.gradguard] table when it has
 * one; else a pyproject.toml is refused (-EINVAL: it has no such table) and
 * any other file is read as a gradguard.toml, at its top level.
 */
int gg_config_load_given(const char *path, gg_config *out, char **error);
/* The configuration file's name that the loader reads in folder dir (static): where `--show-settings` says it came from. */
const char *gg_config_file_name(const char *dir);

/*
 * Whether path (a file or folder, relative to the current folder or
 * absolute) matches one of c's exclude patterns. Patterns are globs relative
 * to c->root: one without a '/' matches a file or folder name anywhere
 * ("build", "*_pb2.py"); one with a '/' matches the path from the root
 * ("scripts/gen_*.py", "data/raw"); '*' and '?' do not cross '/', a "**"
 * segment matches any number of folders. A folder that matches is not walked.
 */
bool gg_config_excludes(const gg_config *c, const char *path);
/* The same for an absolute path with no "." or ".." parts (not resolved again). */
bool gg_config_excludes_absolute(const gg_config *c, const char *abs);
/*
 * Whether a path named on the command line is left out (--force-exclude):
 * it, or a folder above it below c->root, matches (`exclude = ["generated"]`
 * leaves out generated/x.py as a walk would, which never enters generated/;
 * ruff checks every ancestor so).
 */
bool gg_config_excludes_named(const gg_config *c, const char *path);

#endif
