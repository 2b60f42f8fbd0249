#ifndef GG_LSP_JOBS_H
#define GG_LSP_JOBS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "lsp/session.h"

/*
 * Requests answered from the libuv thread pool, so that long work (a
 * traceback diagnosis that walks the workspace) leaves the loop free to
 * read, answer and cancel. A job is cancellable while it runs: a
 * $/cancelRequest answers RequestCancelled at once and the job's result is
 * dropped when it comes back (the work itself runs to its end: the
 * diagnosis has no way to stop midway, but it is bounded).
 */

/* On a pool thread: data only, never the session. */
typedef void (*gg_job_work_fn)(void *data);
/* Back on the loop, for a job neither cancelled nor orphaned: sends the reply to id. */
typedef void (*gg_job_done_fn)(gg_session *s, const cJSON *id, void *data);
/* Frees data, on the loop, whatever became of the job. */
typedef void (*gg_job_free_fn)(void *data);

/*
 * Runs work(data) on the pool, then done(s, id, data). Takes ownership of
 * data (freed with free_fn on every path, failure included); id is copied.
 * Returns 0 or a negative errno (then no reply was sent).
 */
int gg_job_start(gg_session *s, const cJSON *id, void *data, gg_job_work_fn work, gg_job_done_fn done,
		 gg_job_free_fn free_fn);

/* Cancels the running job that answers id: RequestCancelled now, its result dropped. False when none. */
bool gg_jobs_cancel(gg_session *s, const cJSON *id);

/* The session closes: running jobs are orphaned and free themselves when their work ends. */
void gg_jobs_close(gg_session *s);

#endif
