#ifndef GG_PYTHON_SITE_H
#define GG_PYTHON_SITE_H

#include "config.h"

/*
 * The folders a Python environment imports from, read from its layout on
 * disk and never by running it (python_env.h: a repository may name the
 * environment, so nothing in it is executed):
 *   - site-packages under the prefix (lib/python3.X/site-packages, Windows'
 *     Lib/site-packages, Debian's dist-packages); a conda environment (a
 *     conda-meta/ beside them) has the same layout;
 *   - with a pyvenv.cfg that says include-system-site-packages = true, those
 *     of its base interpreter too (its `home`, of the same version), after
 *     the environment's own, as site.py orders them;
 *   - after each site folder, the existing folders its .pth files name
 *     (editable installs); `import` lines are code and are never run.
 * What is read is bounded: a pyvenv.cfg or .pth file over
 * GG_PYTHON_SITE_MAX_FILE bytes is ignored, at most GG_PYTHON_SITE_MAX_PTH
 * .pth files are read per folder, and at most GG_PYTHON_SITE_MAX_ROOTS
 * folders are kept.
 */

#define GG_PYTHON_SITE_MAX_FILE (64 * 1024)
#define GG_PYTHON_SITE_MAX_PTH 256
#define GG_PYTHON_SITE_MAX_ROOTS 1024

/* Appends prefix's folders (an environment's folder or an interpreter's prefix) to roots, once each. Returns 0 or -ENOMEM. */
int gg_python_site_roots(gg_strings *roots, const char *prefix);

#endif
