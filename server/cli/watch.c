/*
 * --watch (cli/watch.h): a libuv loop with an fs event handle per folder, a
 * short timer that gathers a burst of changes (an editor's save is several)
 * into one run, and the run itself a child process.
 */
#include "cli/watch.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <uv.h>

#include "buf.h"
#include "config_load.h"
#include "findings.h"

/* How long after the last change the run starts: a save that writes, renames and touches is one run. */
#define WATCH_SETTLE_MS 100

typedef struct watch_dir {
	uv_fs_event_t handle;
	struct watch_state *state;
	bool config_only; /* a folder above the paths: only its configuration files configure them */
} watch_dir;

typedef struct watch_state {
	uv_loop_t loop;
	uv_timer_t settle;
	uv_process_t child;
	bool running;  /* a run is under way */
	bool pending;  /* something changed during it */
	char **argv;   /* owned (the array; the strings are argv's or static): the run's command */
	char *const *paths;
	size_t npaths;
	bool quiet;
	watch_dir **dirs; /* owned, each owned until its handle is closed */
	size_t dirs_len, dirs_cap;
	int failed; /* set when a run could not be started: the loop stops */
} watch_state;

/* ruff's notify_user: "[14:03:12 PM] message" (its clock format, 24-hour with AM/PM). */
static void watch_say(const watch_state *w, const char *message)
{
	if (w->quiet)
		return;
	char stamp[64];
	time_t now = time(NULL);
	struct tm tm;
	if (!localtime_r(&now, &tm) || !strftime(stamp, sizeof stamp, "%H:%M:%S %p", &tm))
		stamp[0] = '\0';
	printf("[%s] %s\n", stamp, message);
}

static bool watch_relevant(const char *name)
{
	static const char *const exts[] = { ".py", ".pyi", ".pyw", ".ipynb", ".toml" };
	const char *dot = name ? strrchr(name, '.') : NULL;
	for (size_t i = 0; dot && i < sizeof exts / sizeof *exts; i++)
		if (strcmp(dot, exts[i]) == 0)
			return true;
	return false;
}

static void watch_run(watch_state *w);

static void watch_clear(void);

/* The changes have settled: a run on a cleared screen, under ruff's line (or later, when one is under way). */
static void watch_on_settled(uv_timer_t *t)
{
	watch_state *w = t->data;
	if (w->running) {
		w->pending = true;
		return;
	}
	watch_clear();
	watch_say(w, "File change detected...\n");
	watch_run(w);
}

static void watch_on_change(uv_fs_event_t *h, const char *name, int events, int status)
{
	(void)events;
	watch_dir *d = h->data;
	/* An overflowed queue names nothing: anything may have changed. */
	if (status == 0 && name && (d->config_only ? !gg_config_is_file_name(name) : !watch_relevant(name)))
		return;
	if (d->state->running)
		d->state->pending = true;
	else
		uv_timer_start(&d->state->settle, watch_on_settled, WATCH_SETTLE_MS, 0);
}

static void watch_on_closed(uv_handle_t *h)
{
	free(h->data);
}

static void watch_close_dirs(watch_state *w)
{
	for (size_t i = 0; i < w->dirs_len; i++)
		uv_close((uv_handle_t *)&w->dirs[i]->handle, watch_on_closed);
	w->dirs_len = 0;
}

static int watch_add(watch_state *w, const char *path, bool config_only)
{
	if (gg_grow((void **)&w->dirs, &w->dirs_cap, w->dirs_len, sizeof *w->dirs))
		return -ENOMEM;
	watch_dir *d = calloc(1, sizeof *d);
	if (!d)
		return -ENOMEM;
	d->state = w;
	d->config_only = config_only;
	d->handle.data = d;
	uv_fs_event_init(&w->loop, &d->handle);
	int rc = uv_fs_event_start(&d->handle, watch_on_change, path, 0);
	if (rc) {
		/* A folder that went away or cannot be read is not watched; the run reports what matters. */
		uv_close((uv_handle_t *)&d->handle, watch_on_closed);
		return 0;
	}
	w->dirs[w->dirs_len++] = d;
	return 0;
}

static bool watch_skipped(const char *name)
{
	return name[0] == '.' || strcmp(name, "__pycache__") == 0 || strcmp(name, "node_modules") == 0;
}

/* path and the folders under it (a loop over a stack of folders: no recursion on what the disk holds). */
static int watch_walk(watch_state *w, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return 0;
	if (!S_ISDIR(st.st_mode))
		return watch_add(w, path, false);
	char **stack = NULL;
	size_t len = 0, cap = 0;
	char *first = strdup(path);
	int rc = first && !gg_grow((void **)&stack, &cap, len, sizeof *stack) ? 0 : -ENOMEM;
	if (!rc)
		stack[len++] = first;
	else
		free(first);
	while (!rc && len) {
		char *dir = stack[--len];
		rc = watch_add(w, dir, false);
		DIR *d = rc ? NULL : opendir(dir);
		for (struct dirent *e; d && !rc && (e = readdir(d));) {
			if (watch_skipped(e->d_name))
				continue;
			char *sub = gg_strdup_printf("%s/%s", dir, e->d_name);
			struct stat sst;
			if (!sub) {
				rc = -ENOMEM;
			} else if (lstat(sub, &sst) == 0 && S_ISDIR(sst.st_mode) &&
				   !gg_grow((void **)&stack, &cap, len, sizeof *stack)) {
				stack[len++] = sub;
				sub = NULL;
			}
			free(sub);
		}
		if (d)
			closedir(d);
		free(dir);
	}
	while (len)
		free(stack[--len]);
	free(stack);
	return rc;
}

/*
 * The folders above path, up to the file system's root: the nearest
 * configuration (config_load.c) may be in any of them, and one created or
 * changed there changes the run.
 */
static int watch_parents(watch_state *w, const char *path)
{
	char *dir = realpath(path, NULL);
	if (!dir)
		return errno == ENOMEM ? -ENOMEM : 0;
	int rc = 0;
	for (char *slash; !rc && (slash = strrchr(dir, '/')) != NULL;) {
		slash[slash == dir] = '\0'; /* "/a" -> "/", "/" -> "" (done) */
		if (!dir[0])
			break;
		rc = watch_add(w, dir, true);
		if (strcmp(dir, "/") == 0)
			break;
	}
	free(dir);
	return rc;
}

static void watch_on_exit(uv_process_t *p, int64_t status, int signal)
{
	(void)status;
	(void)signal;
	watch_state *w = p->data;
	uv_close((uv_handle_t *)p, NULL);
	w->running = false;
	fflush(stdout);
	watch_say(w, "Watching for file changes.");
	fflush(stdout);
	if (w->pending) {
		w->pending = false;
		uv_timer_start(&w->settle, watch_on_settled, WATCH_SETTLE_MS, 0);
	}
}

/* Clears the screen as ruff does (the clearscreen crate's sequence for a terminal: home, erase, erase scrollback). */
static void watch_clear(void)
{
	fputs("\033[H\033[2J\033[3J", stdout);
}

static void watch_run(watch_state *w)
{
	watch_close_dirs(w);
	for (size_t i = 0; i < w->npaths && !w->failed; i++)
		if (watch_walk(w, w->paths[i]) == -ENOMEM || watch_parents(w, w->paths[i]) == -ENOMEM)
			w->failed = 2;
	if (w->failed) {
		fputs("gradguard: out of memory\n", stderr);
		uv_stop(&w->loop);
		return;
	}
	fflush(stdout);
	fflush(stderr);
	uv_stdio_container_t stdio[3] = {
		{ UV_INHERIT_FD, { .fd = 0 } }, { UV_INHERIT_FD, { .fd = 1 } }, { UV_INHERIT_FD, { .fd = 2 } }
	};
	uv_process_options_t opts = { 0 };
	opts.file = w->argv[0];
	opts.args = w->argv;
	opts.exit_cb = watch_on_exit;
	opts.stdio = stdio;
	opts.stdio_count = 3;
	w->child.data = w;
	int rc = uv_spawn(&w->loop, &w->child, &opts);
	if (rc) {
		fprintf(stderr, "gradguard: --watch: cannot run %s: %s\n", w->argv[0], uv_strerror(rc));
		uv_close((uv_handle_t *)&w->child, NULL);
		w->failed = 2;
		uv_stop(&w->loop);
		return;
	}
	w->running = true;
}

/* Whether a is --output-format (with its value in the next argument: *takes set) or --output-format=... */
static bool watch_is_format(const char *a, bool *takes)
{
	*takes = strcmp(a, "--output-format") == 0;
	return *takes || strncmp(a, "--output-format=", 16) == 0;
}

int gg_cli_watch(int argc, char **args, char *const *paths, size_t npaths, bool quiet)
{
	watch_state w;
	memset(&w, 0, sizeof w);
	w.paths = paths;
	w.npaths = npaths;
	w.quiet = quiet;
	char exe[4096];
	size_t exe_len = sizeof exe;
	w.argv = calloc((size_t)argc + 3, sizeof *w.argv);
	if (!w.argv || uv_exepath(exe, &exe_len) != 0) {
		fputs("gradguard: --watch: cannot find the program's own path\n", stderr);
		free(w.argv);
		return 2;
	}
	/* The same command, without --watch, and in the concise format (ruff's watch mode uses only its default). */
	size_t n = 0;
	bool other_format = false, after_dashes = false;
	w.argv[n++] = exe;
	w.argv[n++] = args[0];
	w.argv[n++] = "--output-format=concise";
	for (int i = 1; i < argc; i++) {
		bool takes = false;
		if (!after_dashes && strcmp(args[i], "--watch") == 0)
			continue;
		if (!after_dashes && watch_is_format(args[i], &takes)) {
			const char *v = takes ? (i + 1 < argc ? args[i + 1] : "") : args[i] + 16;
			other_format |= strcmp(v, "concise") != 0;
			i += takes;
			continue;
		}
		after_dashes |= strcmp(args[i], "--") == 0;
		w.argv[n++] = args[i];
	}
	if (other_format && !quiet)
		fputs("gradguard: warning: `--output-format concise` is always used in watch mode.\n", stderr);
	int rc = uv_loop_init(&w.loop);
	if (rc) {
		fprintf(stderr, "gradguard: --watch: %s\n", uv_strerror(rc));
		free(w.argv);
		return 2;
	}
	uv_timer_init(&w.loop, &w.settle);
	w.settle.data = &w;
	watch_clear();
	watch_say(&w, "Starting linter in watch mode...\n");
	watch_run(&w);
	/* Runs until interrupted: the folders' handles keep the loop alive. */
	uv_run(&w.loop, UV_RUN_DEFAULT);
	watch_close_dirs(&w);
	uv_close((uv_handle_t *)&w.settle, NULL);
	uv_run(&w.loop, UV_RUN_DEFAULT);
	uv_loop_close(&w.loop);
	free(w.dirs);
	free(w.argv);
	return w.failed ? 2 : 0;
}
