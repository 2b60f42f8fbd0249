#ifndef GG_PYTHON_ENV_H
#define GG_PYTHON_ENV_H

#include "config.h"

/*
 * The user's Python environment, as far as gradguard reads it: the folders
 * its imports are found in (site-packages and the like, never the standard
 * library), for the project index to read the libraries a project imports
 * (project.h, gg_project_add_libraries). Found the way ty finds it, first
 * that answers:
 *   1. the `python` setting: a virtual environment's folder, or an
 *      interpreter (its prefix's layout; run for its sys.path when the
 *      layout says nothing, as for a wrapper script);
 *   2. $VIRTUAL_ENV;
 *   3. a .venv folder in the project's root (the configuration's folder),
 *      else in the current folder;
 *   4. python3 on PATH, by its layout only (never run).
 */
typedef struct gg_python_env {
	gg_strings roots; /* the folders, in sys.path order */
	const char *origin; /* static: what found them ("VIRTUAL_ENV", ...); NULL when nothing did */
	char *where;        /* owned: the environment's folder or interpreter, or NULL */
} gg_python_env;

void gg_python_env_init(gg_python_env *env);
void gg_python_env_free(gg_python_env *env);

/*
 * Finds the environment: setting is the `python` setting (NULL: none), taken
 * relative to root (the configuration's folder; NULL: the current one).
 * Returns 0 (env->origin NULL when none was found, which is no error),
 * -ENOENT when the setting names nothing usable, -ENOMEM.
 */
int gg_python_env_find(gg_python_env *env, const char *setting, const char *root);

#endif
