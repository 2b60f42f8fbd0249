/*
 * Finding the user's Python environment (python_env.h), from the disk: an
 * environment's folder, or an interpreter's prefix (the folder above its
 * bin/), read by its layout (python_site.h). Nothing a repository names is
 * ever run: its pyproject.toml's `python`, a .venv in it, python3 on PATH
 * are read only. An interpreter the user named himself whose layout says
 * nothing (a wrapper script, a pyenv shim) is run, once, bounded
 * (child_run.h), and prints the entries of its sys.path that are not its
 * standard library.
 */
#include "python_env.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "child_run.h"
#include "findings.h"
#include "pyfiles.h"
#include "python_site.h"

/*
 * What the interpreter prints: sys.path without the standard library and
 * missing folders. The current folder (sys.path[0] for -c) goes first, so
 * that nothing is imported from it: the server's may be the repository.
 */
static const char sys_path_script[] =
	"import sys\n"
	"if sys.path and sys.path[0] in ('', '.'):\n"
	"    del sys.path[0]\n"
	"import os, sysconfig\n"
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

/* The prefix of an interpreter at path: the folder above the bin/ it is in (/usr/bin/python3 -> /usr); NULL when none. Returns 0 or -ENOMEM. */
static int bin_prefix(const char *path, char **prefix)
{
	*prefix = NULL;
	const char *end = strrchr(path, '/');
	size_t n = end ? (size_t)(end - path) : 0;
	if (n < 3 || memcmp(end - 3, "bin", 3) != 0 || (n > 3 && end[-4] != '/'))
		return 0;
	size_t keep = n > 4 ? n - 4 : 0;
	*prefix = keep ? strndup(path, keep) : strdup(path[0] == '/' ? "/" : ".");
	return *prefix ? 0 : -ENOMEM;
}

/*
 * An interpreter's roots by its layout: the prefix it is named in first (a
 * virtual environment's bin/python links to its base, but its pyvenv.cfg and
 * site-packages are the environment's), then its real file's. Returns 0 or -ENOMEM.
 */
static int interpreter_layout(gg_python_env *env, const char *path)
{
	char *prefix = NULL;
	int rc = bin_prefix(path, &prefix);
	if (!rc && prefix)
		rc = gg_python_site_roots(&env->roots, prefix);
	free(prefix);
	if (rc || env->roots.len)
		return rc;
	char *real = realpath(path, NULL);
	if (real) {
		rc = bin_prefix(real, &prefix);
		if (!rc && prefix)
			rc = gg_python_site_roots(&env->roots, prefix);
		free(prefix);
		free(real);
	}
	return rc;
}

/*
 * Runs the user's interpreter at path and reads the roots it prints (one a
 * line), bounded (child_run.h). Returns 0 with roots added, -ENOENT when it
 * cannot be run or fails, -ETIMEDOUT, -EFBIG, -ECANCELED, -ENOMEM.
 */
static int interpreter_run(gg_python_env *env, const char *path, const atomic_bool *cancel)
{
	char *argv[] = { (char *)path, (char *)"-c", (char *)sys_path_script, NULL };
	gg_child_limits limits = { GG_CHILD_TIMEOUT_MS, GG_CHILD_MAX_OUTPUT, cancel };
	char *out = NULL;
	size_t len = 0;
	int rc = gg_child_run(argv, &limits, &out, &len);
	if (rc > 0 || (rc < 0 && rc != -ENOMEM && rc != -ETIMEDOUT && rc != -EFBIG && rc != -ECANCELED))
		rc = -ENOENT;
	for (size_t i = 0; !rc && i < len;) {
		const char *line = out + i, *nl = memchr(line, '\n', len - i);
		size_t n = nl ? (size_t)(nl - line) : len - i;
		i += n + 1;
		if (!n || memchr(line, '\0', n) || env->roots.len >= GG_PYTHON_SITE_MAX_ROOTS)
			continue;
		char *root = strndup(line, n);
		rc = root ? (gg_strings_contains(&env->roots, root) ? 0 : gg_strings_push(&env->roots, root)) : -ENOMEM;
		free(root);
	}
	free(out);
	return rc;
}

/*
 * Takes roots from a folder (an environment) or a file (an interpreter: its
 * layout, else, when it may be run, being the user's, what it says when
 * run); -ENOENT when neither gives any, -EPERM when a program that is not
 * the user's would have had to be run.
 */
static int roots_from(gg_python_env *env, const char *path, bool may_run, const atomic_bool *cancel)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -ENOENT;
	int rc = S_ISDIR(st.st_mode) ? gg_python_site_roots(&env->roots, path) : interpreter_layout(env, path);
	if (rc || env->roots.len)
		return rc;
	if (S_ISDIR(st.st_mode))
		return -ENOENT;
	if (!may_run)
		return -EPERM;
	rc = interpreter_run(env, path, cancel);
	return rc || env->roots.len ? rc : -ENOENT;
}

/*
 * A program on PATH, as execvp(3) would find it, but in its absolute folders
 * only: an empty or relative entry would name the current folder's, which
 * may be the repository. NULL when none is (or on OOM). Caller owns it.
 */
static char *path_lookup(const char *name)
{
	const char *path = getenv("PATH");
	for (const char *p = path; p && *p;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		char *exe = n && p[0] == '/' ? gg_strdup_printf("%.*s/%s", (int)n, p, name) : NULL;
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

/*
 * The setting's path: absolute, relative to root (else to the current
 * folder, made absolute, so that the folders found are), or a bare name of
 * the user's found on PATH (`--python python3.11`). Caller owns it; NULL on OOM.
 */
static char *setting_path(const gg_python_env_query *q, bool *may_run)
{
	const char *setting = q->setting;
	*may_run = q->users;
	if (setting[0] == '/')
		return strdup(setting);
	char *cwd = q->root ? NULL : getcwd(NULL, 0);
	char *path = gg_pyfiles_join(q->root ? q->root : cwd ? cwd : ".", setting);
	free(cwd);
	/*
	 * A bare name is a program on PATH, as a shell takes it, unless it names
	 * a folder (an environment) there; a file of that name beside it is
	 * never the one run.
	 */
	if (path && q->users && !strchr(setting, '/') && !gg_pyfiles_is_dir(path)) {
		char *found = path_lookup(setting);
		*may_run = found != NULL;
		if (found) {
			free(path);
			path = found;
		}
	}
	return path;
}

int gg_python_env_find(gg_python_env *env, const gg_python_env_query *q)
{
	gg_python_env_free(env);
	gg_python_env_init(env);
	const char *base = q->root ? q->root : ".";
	int rc;
	if (q->setting && *q->setting) {
		bool may_run = false;
		char *path = setting_path(q, &may_run);
		if (!path)
			return -ENOMEM;
		rc = roots_from(env, path, may_run, q->cancel);
		if (!rc)
			rc = found(env, "the python setting", path);
		else
			gg_strings_free(&env->roots);
		free(path);
		return rc;
	}
	const char *venv = getenv("VIRTUAL_ENV");
	if (venv && *venv && gg_pyfiles_is_dir(venv)) {
		rc = gg_python_site_roots(&env->roots, venv);
		if (rc || env->roots.len)
			return rc ? rc : found(env, "VIRTUAL_ENV", venv);
	}
	for (int i = 0; i < 2; i++) {
		if (i == 1 && strcmp(base, ".") == 0)
			break;
		char *dot = gg_pyfiles_join(i == 0 ? base : ".", ".venv");
		if (!dot)
			return -ENOMEM;
		rc = gg_pyfiles_is_dir(dot) ? gg_python_site_roots(&env->roots, dot) : 0;
		if (!rc && env->roots.len)
			rc = found(env, ".venv", dot);
		free(dot);
		if (rc || env->roots.len)
			return rc;
	}
	/* No Python found this way is no error: the built-in facts answer. */
	char *python = path_lookup("python3");
	rc = python ? interpreter_layout(env, python) : 0;
	if (!rc && env->roots.len)
		rc = found(env, "python3 on PATH", python);
	free(python);
	return rc;
}
