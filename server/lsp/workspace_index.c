#include "lsp/workspace_index.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lsp/diagnostics.h"
#include "lsp/settings.h"
#include "findings.h"
#include "log.h"
#include "python_env.h"
#include "project.h"
#include "pyfiles.h"

/*
 * One build. Owned by the session while it runs (s->index_build); detached
 * (session NULL) when the session closes first, then it frees itself in
 * index_after. The work callback touches only root and project.
 */
typedef struct index_build {
	uv_work_t req;
	gg_session *session; /* NULL once detached */
	char *root;          /* owned */
	char *python;        /* owned: the `python` setting for the root, or NULL */
	bool python_users;   /* that setting is the editor's own and names a program by an absolute path or on PATH: it may be run */
	char *config_root;   /* owned: the folder of the root's pyproject.toml, or NULL */
	char *warning;       /* owned: what the loop thread logs about the setting (once), or NULL */
	gg_project project;
	int rc;
	size_t files, library_files;
} index_build;

static void index_build_free(index_build *b)
{
	gg_project_free(&b->project);
	free(b->root);
	free(b->python);
	free(b->config_root);
	free(b->warning);
	free(b);
}

/* Why the python setting gave no libraries, for the log; NULL when nothing is to be said (or on OOM). */
static char *index_python_warning(const index_build *b, int rc)
{
	if (rc == -EPERM)
		return gg_strdup_printf("python = \"%s\" (from pyproject.toml) names no environment folder; gradguard never "
					"runs a program a repository names: set gradguard.python in your editor's user "
					"settings to an absolute path to run it", b->python);
	if (rc == -ETIMEDOUT)
		return gg_strdup_printf("python = \"%s\" gave no answer in time, and was stopped", b->python);
	if (rc == -EFBIG)
		return gg_strdup_printf("python = \"%s\" printed more than a sys.path, and was stopped", b->python);
	if (rc == -ENOENT)
		return gg_strdup_printf("python = \"%s\": no virtual environment or interpreter there", b->python);
	return NULL;
}

/* On a pool thread: the workspace's files, read and summarised with an analyzer of its own, then the libraries they import. */
static void index_work(uv_work_t *req)
{
	index_build *b = req->data;
	gg_pyfiles files = { NULL, 0, 0 };
	gg_pyfiles_walker walker = { NULL, NULL, NULL, false };
	gg_strings wanted; /* what the files import (project.h) */
	gg_strings_init(&wanted);
	char *error = NULL;
	gg_analyzer *a = gg_analyzer_new(&error);
	free(error);
	b->rc = a ? gg_pyfiles_collect(&files, b->root, &walker) : -1;
	for (size_t i = 0; !b->rc && i < files.len; i++) {
		char *text = NULL;
		size_t len = 0;
		if (gg_pyfiles_read(files.items[i], &text, &len) != 0)
			continue;
		/* The path below the root, so that module names do not carry the user's folders. */
		const char *rel = files.items[i];
		size_t n = strlen(b->root);
		if (strncmp(rel, b->root, n) == 0 && rel[n] == '/')
			rel += n + 1;
		b->rc = gg_project_add_source(&b->project, a, rel, text, len, &wanted);
		free(text);
	}
	b->files = files.len;
	if (!b->rc)
		b->rc = gg_project_add_deferred(&b->project, a, b->root);
	if (!b->rc && wanted.len) {
		gg_python_env env;
		gg_python_env_init(&env);
		const char *base = b->config_root ? b->config_root : b->root;
		gg_python_env_query q = { b->python, base, b->python_users, NULL };
		int rc = gg_python_env_find(&env, &q);
		if (rc == -ENOMEM)
			b->rc = rc;
		else if (rc)
			b->warning = index_python_warning(b, rc); /* logged on the loop thread: the log's sink is the session's */
		else if (env.roots.len)
			b->rc = gg_project_add_libraries(&b->project, a, &env.roots, base, &wanted, &b->library_files);
		gg_python_env_free(&env);
	}
	gg_strings_free(&wanted);
	gg_pyfiles_free(&files);
	gg_analyzer_delete(a);
}

/* Back on the loop thread. */
static void index_after(uv_work_t *req, int status)
{
	index_build *b = req->data;
	gg_session *s = b->session;
	if (!s) {
		index_build_free(b);
		return;
	}
	s->index_build = NULL;
	if (b->warning && (!s->python_warned || strcmp(s->python_warned, b->warning) != 0)) {
		/* Said once for each setting, not after every save. */
		gg_log_warn("%s", b->warning);
		free(s->python_warned);
		s->python_warned = b->warning;
		b->warning = NULL;
	}
	if (status == 0 && b->rc == 0) {
		gg_project *project = malloc(sizeof *project);
		if (project) {
			*project = b->project;
			gg_project_init(&b->project);
			if (s->project)
				gg_project_free(s->project);
			free(s->project);
			s->project = project;
			gg_log_info("workspace index: %zu files, %zu library files, %zu grad-disabling wrappers", b->files,
				    b->library_files, project->names.len);
			/* Every open document may now read differently. */
			for (size_t i = 0; i < s->docs_len; i++)
				gg_diagnostics_schedule(s, s->docs[i]);
		}
	} else if (status == 0) {
		gg_log_error("workspace index of %s failed (%d)", b->root, b->rc);
	}
	index_build_free(b);
	if (s->index_again && s->state != GG_SESSION_EXITED) {
		s->index_again = false;
		gg_workspace_index_start(s);
	}
}

/*
 * Whether the index may run the interpreter c's python setting names: only
 * when the editor's own settings name it (the merge lets them win over the
 * workspace's pyproject.toml) by an absolute path or a name on PATH; a
 * relative path would name a file of the workspace.
 */
static bool index_python_users(gg_session *s, const gg_config *c)
{
	const char *editor = gg_settings_python(s);
	return editor && c && c->python && strcmp(editor, c->python) == 0 &&
	       (editor[0] == '/' || !strchr(editor, '/'));
}

void gg_workspace_index_start(gg_session *s)
{
	if (!s->root_path || s->state == GG_SESSION_EXITED)
		return;
	if (s->index_build) {
		s->index_again = true;
		return;
	}
	index_build *b = calloc(1, sizeof *b);
	const gg_config *c = b ? gg_settings_config_for_dir(s, s->root_path) : NULL;
	if (!b || !(b->root = strdup(s->root_path)) || (c && c->python && !(b->python = strdup(c->python))) ||
	    (c && c->root && !(b->config_root = strdup(c->root)))) {
		if (b)
			index_build_free(b);
		gg_log_error("out of memory starting the workspace index");
		return;
	}
	b->python_users = index_python_users(s, c);
	gg_project_init(&b->project);
	b->session = s;
	b->req.data = b;
	if (uv_queue_work(s->loop, &b->req, index_work, index_after) != 0) {
		index_build_free(b);
		return;
	}
	s->index_build = b;
}

void gg_workspace_index_close(gg_session *s)
{
	if (s->index_build) {
		/* Not started yet: cancelled, and index_after frees it; running: it frees itself when done. */
		s->index_build->session = NULL;
		uv_cancel((uv_req_t *)&s->index_build->req);
		s->index_build = NULL;
	}
	s->index_again = false;
	free(s->python_warned);
	s->python_warned = NULL;
	if (s->project) {
		gg_project_free(s->project);
		free(s->project);
		s->project = NULL;
	}
}
