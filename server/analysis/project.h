#ifndef GG_PROJECT_H
#define GG_PROJECT_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"
#include "config.h"

/*
 * What a project's files tell each other (SPEC §2, "a workspace index of
 * per-file summaries"): the grad-disabling callables each module defines at
 * its top level (a decorator factory such as smart_inference_mode(), a
 * context-manager class whose __enter__ turns grad off), by dotted name, so
 * that a file importing one knows what it does. Built before the files are
 * checked; read-only while they are (threads may share it).
 */
typedef struct gg_project {
	gg_strings names; /* "utils.torch_utils.smart_inference_mode", ... */
} gg_project;

void gg_project_init(gg_project *p);
void gg_project_free(gg_project *p);

/*
 * Whether the file's text could define such a callable at all: it names
 * no_grad or inference_mode other than in a plain `with torch.no_grad():` or
 * `@torch.no_grad()`, or has an __enter__ or a contextmanager and a grad-mode
 * name. Cheap (a text scan); a false answer is certain, a true one only a maybe.
 */
bool gg_project_may_export(const char *text, size_t len);

/*
 * Reads one file's exports: path is its path (the module's dotted name is
 * made from it: utils/torch_utils.py -> utils.torch_utils). Returns 0 or a
 * negative errno.
 */
int gg_project_add_file(gg_project *p, gg_analyzer *a, const char *path, const char *text, size_t len);

/*
 * Whether the dotted name an import resolves to (utils.torch_utils.x, or
 * .torch_utils.x from a relative import) names a grad-disabling callable of
 * the project: one is a suffix of the other at a dot, so the project's root
 * and the package layout need not agree.
 */
bool gg_project_disables_grad(const gg_project *p, const char *dotted, size_t len);

#endif
