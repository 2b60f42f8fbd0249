#include "lsp/workspace_index.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
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
 * One build, on a thread of its own rather than libuv's pool: the loop never
 * waits for it, so the server exits on `exit` however large the workspace
 * (a pool request would hold uv_run, and the pool is joined at exit).
 * Owned by the session while it runs (s->index_build); when the session
 * closes first it is detached: cancel is set, and the thread frees it when
 * it ends. The thread touches only what the build owns.
 */
typedef struct index_build {
	uv_thread_t thread;
	uv_async_t *done;    /* owned by the loop: signalled when the thread is done, freed when closed */
	uv_mutex_t lock;     /* guards finished and detached */
	bool finished;       /* the work is done; the thread only returns after */
	bool detached;       /* the session closed first: the thread frees the build */
	atomic_bool cancel;  /* set when the session closes: the walk and an interpreter run stop early */
	gg_session *session;
	char *root;          /* owned */
	char *python;        /* owned: the `python` setting for the root, or NULL */
	bool python_users;   /* that setting is the editor's own and names a program by an absolute path or on PATH: it may be run */
	char *config_root;   /* owned: the folder of the root's pyproject.toml, or NULL */
	char *warning;       /* owned: what the loop thread logs about the setting (once), or NULL */
	gg_project project;
	int rc;
	size_t files, library_files;
} index_build;

/* The thread that builds an index. 8 MiB, as libuv gives its pool's threads: the analysis recurses over deep trees. */
#define INDEX_STACK_SIZE ((size_t)8 << 20)

static void index_build_free(index_build *b)
{
	gg_project_free(&b->project);
	uv_mutex_destroy(&b->lock);
	free(b->root);
	free(b->python);
	free(b->config_root);
	free(b->warning);
	free(b);
}

static void index_async_free(uv_handle_t *h)
{
	free(h);
}

/* The walk's callback: once cancelled, every path is left out, so the walk ends at once. */
static bool index_cancelled(void *ctx, const char *dir, const char *path)
{
	(void)dir;
	(void)path;
	return atomic_load((atomic_bool *)ctx);
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

/* On the build's thread: the workspace's files, read and summarised with an analyzer of its own, then the libraries they import. */
static void index_work(index_build *b)
{
	gg_pyfiles files = { NULL, 0, 0 };
	gg_pyfiles_walker walker = { index_cancelled, NULL, &b->cancel, false };
	gg_strings wanted; /* what the files import (project.h) */
	gg_strings_init(&wanted);
	char *error = NULL;
	gg_analyzer *a = gg_analyzer_new(&error);
	free(error);
	b->rc = a ? gg_pyfiles_collect(&files, b->root, &walker) : -1;
	for (size_t i = 0; !b->rc && i < files.len && !atomic_load(&b->cancel); i++) {
		char *text = NULL;
		size_t len = 0;
		if (gg_pyfiles_read(files.items[i], &text, &len) != 0)
			continue;
		/* The path below the root, so that module names do not carry the user's folders. */
		const char *rel = files.items[i];
		size_t n = strlen(b->root);
		if (strncmp(rel, b->root, n) == 0 && rel[n] == '/')
			rel += n + 1;
		b->rc = gg_project_add_source(&b->project, a, rel, text, len, &wanted, NULL);
		free(text);
	}
	b->files = files.len;
	if (!b->rc && !atomic_load(&b->cancel))
		b->rc = gg_project_add_deferred(&b->project, a, b->root);
	if (!b->rc && wanted.len && !atomic_load(&b->cancel)) {
		gg_python_env env;
		gg_python_env_init(&env);
		const char *base = b->config_root ? b->config_root : b->root;
		gg_python_env_query q = { b->python, base, b->python_users, &b->cancel };
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

static void index_thread(void *arg)
{
	index_build *b = arg;
	index_work(b);
	uv_mutex_lock(&b->lock);
	b->finished = true;
	bool detached = b->detached;
	if (!detached)
		uv_async_send(b->done); /* under the lock: the loop cannot close it in between */
	uv_mutex_unlock(&b->lock);
	if (detached)
		index_build_free(b);
}

/* Back on the loop thread, once the thread is done. */
static void index_done(uv_async_t *h)
{
	index_build *b = h->data;
	gg_session *s = b->session;
	uv_thread_join(&b->thread);
	uv_close((uv_handle_t *)h, index_async_free);
	s->index_build = NULL;
	if (b->warning && (!s->python_warned || strcmp(s->python_warned, b->warning) != 0)) {
		/* Said once for each setting, not after every save. */
		gg_log_warn("%s", b->warning);
		free(s->python_warned);
		s->python_warned = b->warning;
		b->warning = NULL;
	}
	if (b->rc == 0) {
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
	} else {
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
	if (b && uv_mutex_init(&b->lock) != 0) {
		free(b);
		b = NULL;
	}
	const gg_config *c = b ? gg_settings_config_for_dir(s, s->root_path) : NULL;
	if (!b || !(b->done = malloc(sizeof *b->done)) || !(b->root = strdup(s->root_path)) ||
	    (c && c->python && !(b->python = strdup(c->python))) ||
	    (c && c->root && !(b->config_root = strdup(c->root)))) {
		if (b) {
			free(b->done);
			index_build_free(b);
		}
		gg_log_error("out of memory starting the workspace index");
		return;
	}
	b->python_users = index_python_users(s, c);
	atomic_init(&b->cancel, false);
	gg_project_init(&b->project);
	b->session = s;
	if (uv_async_init(s->loop, b->done, index_done) != 0) {
		free(b->done);
		index_build_free(b);
		return;
	}
	b->done->data = b;
	uv_unref((uv_handle_t *)b->done); /* the loop does not wait for a build */
	uv_thread_options_t opts = { UV_THREAD_HAS_STACK_SIZE, INDEX_STACK_SIZE };
	if (uv_thread_create_ex(&b->thread, &opts, index_thread, b) != 0) {
		uv_close((uv_handle_t *)b->done, index_async_free);
		index_build_free(b);
		gg_log_error("cannot start the workspace index's thread");
		return;
	}
	s->index_build = b;
}

void gg_workspace_index_close(gg_session *s)
{
	index_build *b = s->index_build;
	s->index_build = NULL;
	if (b) {
		uv_async_t *done = b->done;
		uv_thread_t thread = b->thread;
		uv_mutex_lock(&b->lock);
		bool finished = b->finished;
		atomic_store(&b->cancel, true);
		b->detached = !finished;
		/* Running: from here on the thread owns b, and frees it when it ends; it is not waited for. */
		if (!finished)
			pthread_detach(thread);
		uv_mutex_unlock(&b->lock);
		uv_close((uv_handle_t *)done, index_async_free);
		if (finished) {
			uv_thread_join(&thread);
			index_build_free(b);
		}
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
