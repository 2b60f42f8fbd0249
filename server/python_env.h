#ifndef GG_PYTHON_ENV_H
#define GG_PYTHON_ENV_H

#include <stdatomic.h>
#include <stdbool.h>

#include "config.h"

/*
 * The user's Python environment, as far as gradguard reads it: the folders
 * its imports are found in (site-packages and the like, never the standard
 * library), for the project index to read the libraries a project imports
 * (project.h, gg_project_add_libraries). Found the way ty finds it, first
 * that answers:
 *   1. the `python` setting: a virtual environment's folder, or an
 *      interpreter (its prefix's layout);
 *   2. $VIRTUAL_ENV;
 *   3. a .venv folder in the project's root (the configuration's folder),
 *      else in the current folder;
 *   4. python3 on PATH.
 * Each is read by its layout (python_site.h), never run. gradguard never
 * runs a program that a repository names: only an interpreter the user
 * named himself (`check --python`, the editor's own settings), whose layout
 * says nothing (a wrapper script, a pyenv shim), is run, once, bounded in
 * time and output (child_run.h), for the entries of its sys.path that are
 * not its standard library.
 */
typedef struct gg_python_env {
	gg_strings roots; /* the folders, in sys.path order */
	const char *origin; /* static: what found them ("VIRTUAL_ENV", ...); NULL when nothing did */
	char *where;        /* owned: the environment's folder or interpreter, or NULL */
} gg_python_env;

/* What to look for. */
typedef struct gg_python_env_query {
	const char *setting; /* the `python` setting as written, or NULL */
	const char *root;    /* the folder a relative setting and .venv are taken in (NULL: the current one) */
	/*
	 * The setting is the user's own (a command-line flag, the editor's user
	 * settings), not the repository's (pyproject.toml): an interpreter it
	 * names may be run when its layout says nothing.
	 */
	bool users;
	const atomic_bool *cancel; /* NULL, or set from another thread to stop such a run at once */
} gg_python_env_query;

void gg_python_env_init(gg_python_env *env);
void gg_python_env_free(gg_python_env *env);

/*
 * Finds the environment. Returns 0 (env->origin NULL when none was found,
 * which is no error); for a setting: -ENOENT when it names nothing usable,
 * -EPERM when it names a program whose layout says nothing and that is not
 * the user's, so not run; for the user's interpreter run: -ETIMEDOUT,
 * -EFBIG (it printed too much), -ECANCELED; -ENOMEM.
 */
int gg_python_env_find(gg_python_env *env, const gg_python_env_query *q);

#endif
