/*
 * Finding the user's Python environment (python_env.h), from the disk: an
 * environment's folder holds lib/python3.X/site-packages; an interpreter's
 * prefix is the folder above its bin/, with the same layout (Debian's
 * dist-packages too). Only an interpreter the `python` setting names whose
 * layout says nothing (a wrapper script, a pyenv shim) is run, once, and
 * prints the entries of its sys.path that are not its standard library:
 * python3 on PATH is never run, so that a check costs no interpreter start.
 */
#include "python_env.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "buf.h"
#include "pyfiles.h"

extern char **environ;

/* What the interpreter prints: sys.path without '' (the current folder), the standard library and missing folders. */
static const char sys_path_script[] =
	"import os, sys, sysconfig\n"
	"std = [os.path.realpath(sysconfig.get_paths()[k]) for k in ('stdlib', 'platstdlib')]\n"
	"for e in sys.path:\n"
	"    r = os.path.realpath(e) if e else ''\n"
	"    lib = any(r == s or r.startswith(s + os.sep) for s in std)\n"
	"    if r and os.path.isdir(r) and (not lib or os.path.basename(r) in ('site-packages', 'dist-packages')):\n"
	"        print(r)\n";

void gg_python_env_init(gg_python_env *env)
{
	gg_strings_init(&env->roots);
	env->origin = NULL;
	env->where = NULL;
}

void gg_python_env_free(gg_python_env *env)
{
	gg_strings_free(&env->roots);
	free(env->where);
	env->where = NULL;
	env->origin = NULL;
}

/*
 * An environment's folder or an interpreter's prefix: its site-packages
 * (POSIX and Windows layouts; Debian's dist-packages, in its sys.path order).
 * Returns 0 or -ENOMEM.
 */
static int prefix_roots(gg_python_env *env, const char *prefix)
{
	static const char *const layouts[] = {
		"/lib/python3*/site-packages", "/Lib/site-packages", "/local/lib/python3*/dist-packages",
		"/lib/python3/dist-packages", NULL,
	};
	int rc = 0;
	for (const char *const *l = layouts; *l && !rc; l++) {
		char *pattern = gg_strdup_printf("%s%s", prefix, *l);
		if (!pattern)
			return -ENOMEM;
		glob_t g;
		int grc = glob(pattern, GLOB_ONLYDIR, NULL, &g);
		free(pattern);
		if (grc == GLOB_NOSPACE)
			return -ENOMEM;
		for (size_t i = 0; grc == 0 && i < g.gl_pathc && !rc; i++)
			rc = gg_strings_push(&env->roots, g.gl_pathv[i]);
		if (grc == 0)
			globfree(&g);
	}
	return rc;
}

/*
 * Runs python (a path, or a name looked up on PATH) and reads the roots it
 * prints. Returns 0 with roots added, -ENOENT when it cannot be run or fails,
 * -ENOMEM.
 */
static int interpreter_roots(gg_python_env *env, const char *python)
{
	int out[2];
	if (pipe2(out, O_CLOEXEC) != 0)
		return -ENOENT;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	/* stdout to the pipe; stdin and stderr nowhere: nothing but protocol may reach the server's stdout. */
	posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	char *argv[] = { (char *)python, "-c", (char *)sys_path_script, NULL };
	pid_t pid;
	int spawned = posix_spawnp(&pid, python, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(out[1]);
	if (spawned != 0) {
		close(out[0]);
		return -ENOENT;
	}
	gg_buf b = { NULL, 0, 0 };
	int rc = 0;
	char chunk[4096];
	for (;;) {
		ssize_t n = read(out[0], chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (!rc && gg_buf_append(&b, chunk, (size_t)n) != 0)
			rc = -ENOMEM; /* read on, so that the child is not left blocked on a full pipe */
	}
	close(out[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!rc && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
		rc = -ENOENT;
	for (size_t i = 0; !rc && i < b.len;) {
		const char *line = b.data + i, *nl = memchr(line, '\n', b.len - i);
		size_t n = nl ? (size_t)(nl - line) : b.len - i;
		char *root = strndup(line, n);
		rc = root ? (n ? gg_strings_push(&env->roots, root) : 0) : -ENOMEM;
		free(root);
		i += n + 1;
	}
	gg_buf_free(&b);
	return rc;
}

/* An interpreter's prefix: the folder above the bin/ its real file is in (/usr/bin/python3 -> /usr). Returns 0 or -ENOMEM. */
static int layout_roots(gg_python_env *env, const char *python)
{
	char *real = realpath(python, NULL);
	char *slash = real ? strrchr(real, '/') : NULL;
	if (slash)
		*slash = '\0';
	slash = slash ? strrchr(real, '/') : NULL;
	int rc = 0;
	if (slash && strcmp(slash, "/bin") == 0) {
		*slash = '\0';
		rc = prefix_roots(env, *real ? real : "/");
	}
	free(real);
	return rc;
}

/*
 * Takes roots from a folder (an environment) or a file (an interpreter: its
 * layout, else what it says when run); -ENOENT when neither gives any.
 */
static int roots_from(gg_python_env *env, const char *path)
{
	int rc = gg_pyfiles_is_dir(path) ? prefix_roots(env, path) : layout_roots(env, path);
	if (!rc && !env->roots.len && !gg_pyfiles_is_dir(path))
		rc = interpreter_roots(env, path);
	if (!rc && !env->roots.len)
		rc = -ENOENT;
	return rc;
}

/* python3 on PATH, as execvp(3) would find it; NULL when none is (or on OOM). Caller owns it. */
static char *path_lookup(const char *name)
{
	const char *path = getenv("PATH");
	for (const char *p = path; p && *p;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		char *exe = n ? gg_strdup_printf("%.*s/%s", (int)n, p, name) : NULL;
		if (exe && access(exe, X_OK) == 0 && !gg_pyfiles_is_dir(exe))
			return exe;
		free(exe);
		p = colon ? colon + 1 : p + n;
	}
	return NULL;
}

static int found(gg_python_env *env, const char *origin, const char *where)
{
	env->origin = origin;
	env->where = strdup(where);
	return env->where ? 0 : -ENOMEM;
}

int gg_python_env_find(gg_python_env *env, const char *setting, const char *root)
{
	gg_python_env_free(env);
	gg_python_env_init(env);
	const char *base = root ? root : ".";
	int rc;
	if (setting && *setting) {
		char *path = setting[0] == '/' ? strdup(setting) : gg_pyfiles_join(base, setting);
		if (!path)
			return -ENOMEM;
		rc = roots_from(env, path);
		if (!rc)
			rc = found(env, "the python setting", path);
		free(path);
		return rc;
	}
	const char *venv = getenv("VIRTUAL_ENV");
	if (venv && *venv && gg_pyfiles_is_dir(venv)) {
		rc = prefix_roots(env, venv);
		if (rc || env->roots.len)
			return rc ? rc : found(env, "VIRTUAL_ENV", venv);
	}
	for (int i = 0; i < 2; i++) {
		if (i == 1 && strcmp(base, ".") == 0)
			break;
		char *dot = gg_pyfiles_join(i == 0 ? base : ".", ".venv");
		if (!dot)
			return -ENOMEM;
		rc = gg_pyfiles_is_dir(dot) ? prefix_roots(env, dot) : 0;
		if (!rc && env->roots.len)
			rc = found(env, ".venv", dot);
		free(dot);
		if (rc || env->roots.len)
			return rc;
	}
	/* No Python found this way is no error: the built-in facts answer. */
	char *python = path_lookup("python3");
	rc = python ? layout_roots(env, python) : 0;
	if (!rc && env->roots.len)
		rc = found(env, "python3 on PATH", python);
	free(python);
	return rc;
}
