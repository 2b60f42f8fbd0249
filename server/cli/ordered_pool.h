#ifndef GG_ORDERED_POOL_H
#define GG_ORDERED_POOL_H

#include <stddef.h>

/*
 * Jobs 0..n-1 run on worker threads, handed out one at a time in index
 * order to whichever worker is free (job sizes vary a lot: a static split
 * would leave workers idle), while the calling thread takes each job's
 * result in index order as soon as it and every job before it are done.
 * That is what `gradguard check --threads N` needs to print exactly what one
 * thread prints, and to print it as it goes.
 *
 * Memory stays bounded: a job is not started until the job `window` places
 * before it has been delivered, so the caller keeps `window` result slots
 * and gives job i slot i % window.
 */

typedef struct gg_ordered_pool gg_ordered_pool;

typedef struct gg_ordered_pool_ops {
	/*
	 * Runs job i on worker thread `worker` (0..threads-1; a worker runs
	 * one job at a time, so per-worker state needs no lock).
	 */
	void (*job)(void *ctx, gg_ordered_pool *pool, unsigned worker, size_t i);
	/*
	 * On the calling thread, in index order, once job i is done; no worker
	 * touches job i's slot meanwhile. Nonzero stops the run: no job starts
	 * after it, those running finish, and gg_ordered_pool_run returns it.
	 */
	int (*deliver)(void *ctx, size_t i);
	void *ctx;
} gg_ordered_pool_ops;

/*
 * Runs the n jobs on up to `threads` threads (fewer when some cannot be
 * started; *started says how many were) with a window of `window` (>= 1)
 * jobs, and returns when every thread has ended: 0, what deliver returned to
 * stop, or a negative errno. With *started 0 no job has run.
 */
int gg_ordered_pool_run(size_t n, unsigned threads, size_t window, const gg_ordered_pool_ops *ops,
			unsigned *started);

/*
 * Called by job i at most once: waits until every job before i has called
 * this or ended, then runs step(arg). Steps thus run one at a time and in
 * index order, as in a single-threaded loop (the configuration lookup of
 * `check`, whose "reported once" errors must come with the same file). A job
 * that ends without calling this lets the next ones through.
 */
void gg_ordered_pool_in_order(gg_ordered_pool *pool, size_t i, void (*step)(void *arg), void *arg);

#endif
