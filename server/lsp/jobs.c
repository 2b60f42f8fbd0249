#include "lsp/jobs.h"

#include <errno.h>
#include <stdlib.h>

#include "log.h"

/* One job; linked into s->jobs while the session waits for it. */
struct gg_job {
	uv_work_t req;
	gg_session *session; /* NULL once orphaned */
	cJSON *id;           /* owned */
	bool cancelled;
	void *data; /* owned, freed by free_fn */
	gg_job_work_fn work;
	gg_job_done_fn done;
	gg_job_free_fn free_fn;
	struct gg_job *next;
};

static void job_free(gg_job *job)
{
	job->free_fn(job->data);
	cJSON_Delete(job->id);
	free(job);
}

static void job_unlink(gg_session *s, gg_job *job)
{
	for (gg_job **p = &s->jobs; *p; p = &(*p)->next) {
		if (*p == job) {
			*p = job->next;
			return;
		}
	}
}

static void job_work(uv_work_t *req)
{
	gg_job *job = req->data;
	job->work(job->data);
}

static void job_after(uv_work_t *req, int status)
{
	gg_job *job = req->data;
	gg_session *s = job->session;
	if (s) {
		job_unlink(s, job);
		if (status == 0 && !job->cancelled && s->state != GG_SESSION_EXITED)
			job->done(s, job->id, job->data);
	}
	job_free(job);
}

int gg_job_start(gg_session *s, const cJSON *id, void *data, gg_job_work_fn work, gg_job_done_fn done,
		 gg_job_free_fn free_fn)
{
	gg_job *job = calloc(1, sizeof *job);
	cJSON *copy = id ? cJSON_Duplicate(id, 1) : NULL;
	if (!job || (id && !copy)) {
		free(job);
		cJSON_Delete(copy);
		free_fn(data);
		return -ENOMEM;
	}
	*job = (gg_job){ .session = s, .id = copy, .data = data, .work = work, .done = done, .free_fn = free_fn };
	job->req.data = job;
	int rc = uv_queue_work(s->loop, &job->req, job_work, job_after);
	if (rc != 0) {
		job_free(job);
		return rc;
	}
	job->next = s->jobs;
	s->jobs = job;
	return 0;
}

bool gg_jobs_cancel(gg_session *s, const cJSON *id)
{
	for (gg_job *job = s->jobs; job; job = job->next) {
		if (job->cancelled || !gg_rpc_id_equal(job->id, id))
			continue;
		job->cancelled = true;
		/* Not yet started: the pool drops it (job_after sees UV_ECANCELED). */
		uv_cancel((uv_req_t *)&job->req);
		gg_session_send_error(s, job->id, GG_RPC_REQUEST_CANCELLED, "request cancelled while it ran");
		return true;
	}
	return false;
}

void gg_jobs_close(gg_session *s)
{
	for (gg_job *job = s->jobs; job; job = job->next) {
		job->session = NULL;
		uv_cancel((uv_req_t *)&job->req);
	}
	s->jobs = NULL;
}
