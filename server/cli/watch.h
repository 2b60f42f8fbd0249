#ifndef GG_CLI_WATCH_H
#define GG_CLI_WATCH_H

#include <stdbool.h>
#include <stddef.h>

/*
 * `gradguard check --watch` (ruff's): clears the screen, checks, and checks
 * again whenever a .py, .pyi, .ipynb or .toml file under the paths changes,
 * until interrupted. Each run is the same command without --watch, in the
 * concise format, run as a child process of this one: a run starts from
 * nothing, so what one run read (a configuration, the project index) cannot
 * go stale in the next. Folders are watched with libuv's fs events (inotify),
 * one watch per folder, found again before each run so that new folders are
 * seen; those whose name starts with '.' (.git, .venv), __pycache__ and
 * node_modules are not walked.
 */

/*
 * args (argc of them, args[0] "check") are the command line as typed,
 * --watch among them; paths[0..npaths) the paths it names. quiet: no
 * timestamped lines (-q, -s). Returns only on failure: 2, after a message.
 */
int gg_cli_watch(int argc, char **args, char *const *paths, size_t npaths, bool quiet);

#endif
