#ifndef GG_CHILD_RUN_H
#define GG_CHILD_RUN_H

#include <stdatomic.h>
#include <stddef.h>

/*
 * Running a program the user named (an interpreter given with --python or in
 * the editor's settings: python_env.h; never one a repository names) for
 * what it prints, bounded in time and in output, so that a program that
 * hangs or floods cannot stall a check or keep the language server from
 * exiting. The program runs in a process group of its own, which is killed
 * whole (a wrapper's children too) when time is up, when the output passes
 * its bound, when cancel is set, or when the thread that started it ends
 * (the server exiting).
 */

typedef struct gg_child_limits {
	int timeout_ms;     /* from the start to its exit */
	size_t max_output;  /* bytes of stdout; past them it is killed */
	const atomic_bool *cancel; /* NULL, or set from another thread to kill it now */
} gg_child_limits;

/* The defaults for an interpreter asked for its sys.path: a few seconds, 1 MiB. */
#define GG_CHILD_TIMEOUT_MS 5000
#define GG_CHILD_MAX_OUTPUT ((size_t)1 << 20)

/*
 * Runs argv[0] (a path: no PATH search) with argv, stdin and stderr on
 * /dev/null and stdout read into *out (malloc'd, NUL-terminated, owned by the
 * caller; NULL on failure) and *len. Returns the exit status (0..255),
 * -ENOENT when it could not be started or died of a signal, -ETIMEDOUT,
 * -EFBIG (more output than max_output), -ECANCELED, -ENOMEM; the child is
 * reaped on every path.
 */
int gg_child_run(char *const argv[], const gg_child_limits *limits, char **out, size_t *len);

#endif
