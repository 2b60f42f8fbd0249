/*
 * The ordered pool (ordered_pool.h) on POSIX threads: one mutex over a few
 * counters, a state byte per window place, and two condition variables
 * (workers wait for the window or their turn; the caller waits for the next
 * job to be done).
 *
 * Invariant: delivered <= turn <= next <= n, where jobs below `delivered`
 * have been delivered, jobs below `turn` have had their in-order step (or
 * ended), and jobs below `next` have been handed out. So the jobs whose
 * state matters, [delivered, next), always fit the window.
 */
#include "cli/ordered_pool.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/resource.h>

enum {
	JOB_DONE = 1,   /* the job returned */
	JOB_PASSED = 2, /* the job had its in-order step, or ended */
};

struct gg_ordered_pool {
	pthread_mutex_t mu;
	pthread_cond_t worker_cv; /* the window moved, a turn passed, or stop */
	pthread_cond_t caller_cv; /* a job is done */
	const gg_ordered_pool_ops *ops;
	size_t n, window;
	size_t next, turn, delivered;
	unsigned char *state; /* window places: JOB_* of job i at i % window */
	bool stop;
};

typedef struct pool_worker {
	gg_ordered_pool *pool;
	unsigned index;
	pthread_t thread;
} pool_worker;

/* Moves the turn past jobs that have had their step; call locked. */
static void pool_advance_turn(gg_ordered_pool *p)
{
	size_t was = p->turn;
	while (p->turn < p->next && (p->state[p->turn % p->window] & JOB_PASSED))
		p->turn++;
	if (p->turn != was)
		pthread_cond_broadcast(&p->worker_cv);
}

static void *pool_worker_main(void *arg)
{
	pool_worker *w = arg;
	gg_ordered_pool *p = w->pool;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->stop && p->next < p->n && p->next - p->delivered >= p->window)
			pthread_cond_wait(&p->worker_cv, &p->mu);
		if (p->stop || p->next >= p->n)
			break;
		size_t i = p->next++;
		p->state[i % p->window] = 0;
		pthread_mutex_unlock(&p->mu);

		p->ops->job(p->ops->ctx, p, w->index, i);

		pthread_mutex_lock(&p->mu);
		p->state[i % p->window] |= JOB_DONE | JOB_PASSED;
		pool_advance_turn(p);
		if (i == p->delivered)
			pthread_cond_signal(&p->caller_cv);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

void gg_ordered_pool_in_order(gg_ordered_pool *p, size_t i, void (*step)(void *arg), void *arg)
{
	pthread_mutex_lock(&p->mu);
	while (p->turn != i)
		pthread_cond_wait(&p->worker_cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
	/* Alone: the turn stays at i until this job passes, and jobs after i wait for it. */
	step(arg);
	pthread_mutex_lock(&p->mu);
	p->state[i % p->window] |= JOB_PASSED;
	pool_advance_turn(p);
	pthread_mutex_unlock(&p->mu);
}

/*
 * The stack the main thread may grow to (RLIMIT_STACK), so that a file the
 * single-threaded run gets through (deeply nested code) does not overflow a
 * worker; glibc would give 2 MiB when the limit is unlimited.
 */
static size_t pool_stack_size(void)
{
	const size_t fallback = (size_t)8 << 20, most = (size_t)1 << 30;
	struct rlimit rl;
	if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return fallback;
	if (rl.rlim_cur > most)
		return most;
	size_t least = (size_t)PTHREAD_STACK_MIN;
	return rl.rlim_cur < least ? least : (size_t)rl.rlim_cur;
}

/* Delivers jobs in order until all are delivered or deliver says stop. Returns what it said. */
static int pool_deliver_all(gg_ordered_pool *p)
{
	int rc = 0;
	pthread_mutex_lock(&p->mu);
	while (!rc && p->delivered < p->n) {
		size_t i = p->delivered;
		while (!(i < p->next && (p->state[i % p->window] & JOB_DONE)))
			pthread_cond_wait(&p->caller_cv, &p->mu);
		pthread_mutex_unlock(&p->mu);
		rc = p->ops->deliver(p->ops->ctx, i);
		pthread_mutex_lock(&p->mu);
		p->delivered++;
		if (rc)
			p->stop = true;
		pthread_cond_broadcast(&p->worker_cv);
	}
	pthread_mutex_unlock(&p->mu);
	return rc;
}

int gg_ordered_pool_run(size_t n, unsigned threads, size_t window, const gg_ordered_pool_ops *ops,
			unsigned *started)
{
	*started = 0;
	if (n == 0)
		return 0;
	if (threads == 0 || window == 0)
		return -EINVAL;
	gg_ordered_pool p = { .ops = ops, .n = n, .window = window };
	p.state = calloc(window, 1);
	pool_worker *workers = calloc(threads, sizeof *workers);
	if (!p.state || !workers) {
		free(p.state);
		free(workers);
		return -ENOMEM;
	}
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.worker_cv, NULL);
	pthread_cond_init(&p.caller_cv, NULL);
	pthread_attr_t attr;
	bool have_attr = pthread_attr_init(&attr) == 0;
	if (have_attr)
		pthread_attr_setstacksize(&attr, pool_stack_size()); /* a refusal keeps the default */
	unsigned t = 0;
	int err = 0;
	for (; t < threads; t++) {
		workers[t] = (pool_worker){ .pool = &p, .index = t };
		err = pthread_create(&workers[t].thread, have_attr ? &attr : NULL, pool_worker_main, &workers[t]);
		if (err)
			break;
	}
	if (have_attr)
		pthread_attr_destroy(&attr);
	*started = t;
	int rc;
	if (t == 0) {
		rc = -err;
	} else {
		/* The threads started do every job between them. */
		rc = pool_deliver_all(&p);
		while (t > 0)
			pthread_join(workers[--t].thread, NULL);
	}
	pthread_cond_destroy(&p.caller_cv);
	pthread_cond_destroy(&p.worker_cv);
	pthread_mutex_destroy(&p.mu);
	free(workers);
	free(p.state);
	return rc;
}
