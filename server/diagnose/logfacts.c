/*
 * Facts from the lines around the tracebacks (see logfacts.h). Each check
 * starts with a cheap memmem so that a 200 MB log of progress lines costs
 * little more than reading it.
 */
#include "logfacts.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "oom.h"
#include "phase.h"
#include "traceback.h"
#include "text.h"

#define FACTS_MAX_WARNINGS 32
#define FACTS_MAX_ORPHANS 32
#define FACTS_MAX_STOPPED 256 /* workers the agent stops: one node's, and more */
#define FACTS_MAX_TEXT 1024
#define FACTS_NAMED_REACH 8 /* lines from a sentence that names a memory error to the message that may follow it */

void gg_logfacts_init(gg_log_facts *f)
{
	memset(f, 0, sizeof *f);
	f->root_rank = -1;
	f->launcher_rank = -1;
	f->event_rank = -1;
	f->xla_ordinal = -1;
	f->command_local_rank = -1;
	f->last_rank = -1;
	f->wrap_rank = -1;
	f->header_open = -1;
	f->volatile_warning = -1;
	f->eval_accumulation_steps = -1;
	f->srun_oom_task = -1;
	f->srun_killed_task = -1;
	f->failed_worker = -1;
}

void gg_logfacts_free(gg_log_facts *f)
{
	for (size_t i = 0; i < f->warnings_len; i++) {
		free(f->warnings[i].file);
		free(f->warnings[i].category);
		free(f->warnings[i].message);
	}
	free(f->warnings);
	for (size_t i = 0; i < f->orphans_len; i++) {
		free(f->orphans[i].text);
		free(f->orphans[i].type);
		free(f->orphans[i].place_file);
		free(f->orphans[i].code_above);
	}
	free(f->device_assert);
	free(f->resource_text);
	free(f->argparse_text);
	free(f->stopped_pids);
	free(f->worker_crash_test);
	free(f->prev_code);
	free(f->logged_func);
	free(f->orphans);
	free(f->lone.text);
	free(f->lone.type);
	free(f->logged.text);
	free(f->startup_method);
	free(f->torch_version);
	free(f->torch_version_other);
	free(f->torch_version_refuted);
	free(f->abort_type);
	free(f->cuda_warning);
	gg_logfacts_init(f);
}

int gg_logfacts_summary_rank(const gg_log_facts *f)
{
	return f->in_root_cause ? f->root_rank : -1;
}

int gg_logfacts_first_rank(const gg_log_facts *f)
{
	return f->root_rank >= 0 ? f->root_rank : f->launcher_rank >= 0 ? f->launcher_rank : f->event_rank;
}

bool gg_logfacts_first_killed(const gg_log_facts *f)
{
	return f->sigkill || (f->root_rank < 0 && f->launcher_rank >= 0 && f->launcher_exitcode == -9);
}


static long facts_number(const char *p, const char *end)
{
	long v = 0;
	if (p >= end || *p < '0' || *p > '9')
		return -1;
	while (p < end && *p >= '0' && *p <= '9' && v < 100000000)
		v = v * 10 + (*p++ - '0');
	return v;
}

/* An optionally negative number at p ("-9", "1") into *value; false when p holds none. */
static bool facts_signed(const char *p, const char *end, long *value)
{
	bool neg = p < end && *p == '-';
	long v = facts_number(p + neg, end);
	if (v < 0)
		return false;
	*value = neg ? -v : v;
	return true;
}

/* Reads "key : N" (a torchelastic summary field) into *value; returns 1, or 0 when the line is not that field. */
static int facts_field(const char *t, size_t n, const char *key, long *value)
{
	if (!gg_text_starts(t, n, key))
		return 0;
	const char *p = t + strlen(key), *end = t + n;
	while (p < end && *p == ' ')
		p++;
	if (p >= end || *p != ':')
		return 0;
	p++;
	while (p < end && *p == ' ')
		p++;
	return facts_signed(p, end, value);
}

/* Whether the line says key, a code ending in a number ("exit code -9"), not a longer number (-90). */
static bool says_code(const char *t, size_t n, const char *key)
{
	const char *p = gg_text_find(t, n, key);
	size_t k = strlen(key);
	return p && (p + k == t + n || !isdigit((unsigned char)p[k]));
}

/* "key N", "key: N", "key : -9" anywhere in the line (a flattened summary: "rank1 (local_rank: 1)exitcode: -9"). */
static int facts_inline(const char *t, size_t n, const char *key, long *value)
{
	const char *end = t + n;
	for (const char *p = t; (p = gg_text_find(p, (size_t)(end - p), key)) != NULL; p++) {
		if (p > t && ((p[-1] >= 'a' && p[-1] <= 'z') || p[-1] == '_'))
			continue; /* "local_rank" */
		const char *q = p + strlen(key);
		while (q < end && (*q == ' ' || *q == ':'))
			q++;
		if (facts_signed(q, end, value))
			return 1;
	}
	return 0;
}

/*
 * A launcher's exit code that is a crash's signal (-11, -6, -7: not -9, the
 * OOM killer's): the shell's words for it, as its job line would say them,
 * so that the paste reads as that crash (diagnose.c, the job's signal).
 */
static void facts_exit_signal(gg_log_facts *f, const gg_log_line *l, long code)
{
	static const struct {
		long code;
		const char *words;
	} signals[] = { { -11, "segmentation fault" }, { -6, "abort" }, { -7, "bus error" },
			{ -4, "illegal hardware instruction" }, { -8, "floating point exception" } };
	for (size_t i = 0; i < sizeof signals / sizeof *signals && !f->job_signal; i++)
		if (signals[i].code == code) {
			f->job_signal = signals[i].words;
			f->job_signal_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		}
}

/*
 * The elastic agent's own line for a worker that died: "failed (exitcode:
 * -9) local_rank: 3 (pid: 812917) of binary: ...". Every launcher prints
 * it, with or without the summary after it, so it names the rank when the
 * summary is cut or missing. Only the first counts: the others follow it.
 */
/*
 * The launcher of torch.distributed.launch's elastic years says it as
 * "Child process 4411 (local_rank 0) FAILED (exitcode 1)", under its
 * "CHILD PROCESS FAILED WITH NO ERROR_FILE" banner: the same fact.
 */
static void facts_launcher(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	const char *p = gg_text_find(t, n, "failed (exitcode:");
	const char *child = p ? NULL : gg_text_find(t, n, "Child process ");
	if (child && gg_text_find(t, n, ") FAILED (exitcode"))
		p = child;
	if (!p || f->launcher_rank >= 0)
		return;
	const char *end = t + n;
	long code, rank;
	if (!facts_inline(p, (size_t)(end - p), "exitcode", &code))
		return;
	if (!facts_inline(p, (size_t)(end - p), "local_rank", &rank)) {
		/*
		 * Its rank's words garbled (another write landed on them): the
		 * exit code still says a worker was killed, the kernel's OOM
		 * killer most likely, as a shell's "Killed" says it.
		 */
		if (code == -9 && !f->killed) {
			f->killed = true;
			f->killed_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		}
		return;
	}
	f->launcher_rank = (int)rank;
	f->launcher_exitcode = code;
	f->launcher_at = (gg_log_span){ l->number, l->offset, l->raw_len };
	facts_exit_signal(f, l, code);
	long pid;
	if (facts_inline(p, (size_t)(end - p), child ? "Child process" : "pid", &pid) && pid > 0)
		f->launcher_pid = pid;
}

/* The agent's "Sending process P closing signal SIGTERM": a worker still running when it acted. */
static int facts_stopped(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	/* DeepSpeed's launcher does the same after a child's failure: "[launch.py:315:sigkill_handler] Killing subprocess P". */
	if (!f->killing_line && gg_text_find(t, n, "sigkill_handler] Killing subprocess "))
		f->killing_line = l->number;
	/* mpirun (Open MPI) after a process exited with an error: "Per user-direction, the job has been aborted." */
	if (!f->mpi_aborted_line && (gg_text_find(t, n, "the job has been aborted") ||
				     gg_text_find(t, n, "mpirun detected that one or more processes exited with non-zero status")))
		f->mpi_aborted_line = l->number;
	const char *p = gg_text_find(t, n, "Sending process ");
	if (!p || !gg_text_find(t, n, "closing signal SIGTERM") || f->stopped_len == FACTS_MAX_STOPPED)
		return 0;
	long pid;
	if (!facts_signed(p + 16, t + n, &pid) || pid <= 0)
		return 0;
	if (gg_grow((void **)&f->stopped_pids, &f->stopped_cap, f->stopped_len, sizeof *f->stopped_pids))
		return -ENOMEM;
	f->stopped_pids[f->stopped_len++] = pid;
	if (!f->stopped_line)
		f->stopped_line = l->number;
	return 0;
}

const char *gg_logfacts_signal_name(int sig)
{
	static const char *const names[] = { NULL, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS",
					     "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM" };
	return sig > 0 && (size_t)sig < sizeof names / sizeof *names ? names[sig] : NULL;
}

/* The agent's "Received N death signal, shutting down workers" (see logfacts.h): the first. */
static void facts_agent_signal(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	const char *p = f->agent_signal ? NULL : gg_text_find(t, n, "Received ");
	long sig;
	if (!p || !gg_text_find(t, n, " death signal") || !facts_signed(p + 9, t + n, &sig) || sig <= 0 || sig > 64)
		return;
	f->agent_signal = (int)sig;
	f->agent_signal_at = (gg_log_span){ l->number, l->offset, l->raw_len };
}

/* pytest-xdist's test worker that died without a Python error (see logfacts.h); -ENOMEM. */
static int facts_worker_crash(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	static const char running[] = "' crashed while running '";
	const char *crashed = gg_text_find(t, n, running);
	bool down = gg_text_find(t, n, "node down: Not properly terminated") != NULL;
	if (!down && !(crashed && gg_text_starts(t, n, "worker '")))
		return 0;
	f->worker_crashes++;
	if (!f->worker_crash_line)
		f->worker_crash_line = l->number;
	if (crashed && !f->worker_crash_test) {
		const char *b = crashed + sizeof running - 1, *e = memchr(b, '\'', (size_t)(t + n - b));
		f->worker_crash_test = gg_text_dup(b, (size_t)((e ? e : t + n) - b), FACTS_MAX_TEXT);
		if (!f->worker_crash_test)
			return -ENOMEM;
	}
	return 0;
}

int gg_logfacts_rank_stopped(const gg_log_facts *f, int rank)
{
	if (f->root_rank >= 0 || f->launcher_rank < 0 || f->launcher_pid <= 0 || rank < 0 || !f->stopped_len)
		return -1;
	long lo = f->launcher_pid, hi = f->launcher_pid;
	for (size_t i = 0; i < f->stopped_len; i++) {
		if (f->stopped_pids[i] == f->launcher_pid)
			return -1; /* the failed one stopped too: not one agent's lines */
		lo = f->stopped_pids[i] < lo ? f->stopped_pids[i] : lo;
		hi = f->stopped_pids[i] > hi ? f->stopped_pids[i] : hi;
	}
	for (size_t i = 0; i < f->stopped_len; i++)
		for (size_t j = i + 1; j < f->stopped_len; j++)
			if (f->stopped_pids[i] == f->stopped_pids[j])
				return -1;
	/*
	 * P at local rank N, the stopped pids beside it with one gap at most
	 * (a rank that had exited too): anything else and the pids say
	 * nothing of ranks.
	 */
	if (f->launcher_pid - lo != f->launcher_rank || hi - lo > (long)f->stopped_len + 1)
		return -1;
	for (size_t i = 0; i < f->stopped_len; i++)
		if (f->stopped_pids[i] == lo + rank)
			return 1;
	/* Exited too where the run holds its pid: a gap in it, or just after its end. */
	return lo + rank <= hi + 1 && lo + rank != f->launcher_pid ? 0 : -1;
}

/*
 * The other launchers' line for the process that failed first: mp.spawn's
 * "process 2 terminated with signal SIGKILL" / "with exit code 10" / "with
 * the following error:" (its index is the local rank), and mpirun's
 * "process rank 1 with PID ... exited on signal 9 (Killed)". Read like the
 * elastic agent's line; a signal 9 counts as its exit code -9.
 */
static void facts_spawn(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	if (f->launcher_rank >= 0)
		return;
	const char *end = t + n;
	for (const char *p = t; (p = gg_text_find_ci(p, (size_t)(end - p), "process ")) != NULL; p++) {
		const char *q = p + 8;
		bool mpi = (size_t)(end - q) > 5 && memcmp(q, "rank ", 5) == 0;
		if (mpi)
			q += 5;
		long rank = facts_number(q, end);
		if (rank < 0)
			continue;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
		size_t rest = (size_t)(end - q);
		long code;
		if (!mpi && gg_text_starts(q, rest, " terminated with signal ")) {
			code = gg_text_find(q, rest, "SIGKILL") ? -9 : -1;
		} else if (!mpi && gg_text_starts(q, rest, " terminated with exit code ")) {
			if (!facts_signed(q + 27, end, &code))
				continue;
		} else if (!mpi && gg_text_starts(q, rest, " terminated with the following error")) {
			code = 1;
		} else if (mpi && gg_text_find(q, rest, "exited on signal ")) {
			code = gg_text_find(q, rest, "signal 9 ") || gg_text_find(q, rest, "(Killed)") ? -9 : -1;
		} else {
			continue;
		}
		f->launcher_rank = (int)rank;
		f->launcher_exitcode = code;
		f->launcher_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		f->launcher_follows = !mpi && gg_text_starts(q, rest, " terminated with the following error");
		return;
	}
}

/*
 * mpirun's report of the process that exited first ("The first process to
 * do so was:", then "  Process name: [[50371,1],0]" and "  Exit code: 1"):
 * the name's last number is its rank. A few lines on at most.
 */
static void facts_mpirun(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	if (gg_text_find(t, n, "The first process to do so was")) {
		f->mpirun_first_line = l->number;
		return;
	}
	if (!f->mpirun_first_line || l->number > f->mpirun_first_line + 4)
		return;
	const char *end = t + n, *name = gg_text_find(t, n, "Process name: [[");
	if (name && f->launcher_rank < 0) {
		const char *close = gg_text_find(name, (size_t)(end - name), "],");
		long rank = close ? facts_number(close + 2, end) : -1;
		if (rank >= 0) {
			f->launcher_rank = (int)rank;
			f->launcher_exitcode = 1; /* until its "Exit code:" line says */
			f->launcher_first_exit = true;
			f->launcher_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		}
		return;
	}
	const char *code = gg_text_find(t, n, "Exit code:");
	long v;
	if (code && f->launcher_rank >= 0 && f->launcher_at.line >= f->mpirun_first_line) {
		const char *q = code + 10;
		while (q < end && *q == ' ')
			q++;
		if (facts_signed(q, end, &v))
			f->launcher_exitcode = v;
	}
}

/*
 * DeepSpeed's launcher: "[launch.py:320:sigkill_handler] ['python', '-u',
 * 'train.py', '--local_rank=1', ...] exits with return code = -9", the
 * command often hard-wrapped over lines. The code is the failed worker's,
 * but the command is the last one the launcher built (its loop's variable),
 * so its `--local_rank=` is the highest local rank, not the one that
 * failed: it names the worker only when it is 0, one worker on the node.
 */
static void facts_deepspeed(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	const char *end = t + n;
	for (const char *p = t; (p = gg_text_find(p, (size_t)(end - p), "--local_rank=")) != NULL; p++) {
		long r = facts_number(p + 13, end);
		if (r >= 0)
			f->command_local_rank = (int)r;
	}
	const char *exit = gg_text_find(t, n, "exits with return code = ");
	if (!exit || f->launcher_rank >= 0)
		return;
	long code;
	if (!facts_signed(exit + 25, end, &code))
		return;
	if (code == -9 && !f->killed) {
		f->killed = true;
		f->killed_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		f->killed_macos = gg_text_find(t, n, "Killed: 9") != NULL;
	}
	facts_exit_signal(f, l, code);
	if (f->command_local_rank != 0)
		return;
	f->launcher_rank = 0;
	f->launcher_exitcode = code;
	f->launcher_at = (gg_log_span){ l->number, l->offset, l->raw_len };
}

static bool facts_is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* Batch sizes: "per_device_eval_batch_size=64", "--val-batch-size 32", HF's "Batch size = 8" banners. */
static void facts_batch(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	const char *end = t + n;
	if (gg_text_find(t, n, "***** Running training") || gg_text_find(t, n, "***** Running Training")) {
		f->section = 1;
		f->eval_banner_line = 0;
	} else if (gg_text_find(t, n, "***** Running Evaluation") || gg_text_find(t, n, "***** Running Prediction")) {
		f->section = 2;
		f->eval_banner_line = l->number;
	}
	static const char train_banner[] = "Instantaneous batch size per device = ";
	static const char eval_banner[] = "Batch size = ";
	const char *p = gg_text_find(t, n, train_banner);
	if (p) {
		long v = facts_number(p + sizeof train_banner - 1, end);
		if (v > 0)
			f->train_batch = v;
		return;
	}
	p = gg_text_find(t, n, eval_banner);
	if (p && f->section == 2) {
		long v = facts_number(p + sizeof eval_banner - 1, end);
		if (v > 0)
			f->eval_batch = v;
		return;
	}
	for (const char *s = t; (s = gg_text_find_ci(s, (size_t)(end - s), "batch")) != NULL; s += 5) {
		const char *a = s, *b = s + 5;
		while (a > t && facts_is_word_char(a[-1]))
			a--;
		while (b < end && facts_is_word_char(*b))
			b++;
		size_t wl = (size_t)(b - a);
		if (!gg_text_find_ci(a, wl, "size"))
			continue;
		const char *v = b;
		while (v < end && (*v == ' ' || *v == '=' || *v == ':' || *v == '"' || *v == '\''))
			v++;
		long val = facts_number(v, end);
		if (val <= 0)
			continue;
		bool eval = gg_text_find_ci(a, wl, "eval") || gg_text_find_ci(a, wl, "val") ||
			    gg_text_find_ci(a, wl, "test") || gg_text_find_ci(a, wl, "infer") ||
			    gg_text_find_ci(a, wl, "predict");
		bool train = gg_text_find_ci(a, wl, "train") != NULL;
		if (eval)
			f->eval_batch = val;
		else if (train)
			f->train_batch = val;
	}
}

static bool facts_line_is(const char *t, size_t n, const char *lit)
{
	return n == strlen(lit) && memcmp(t, lit, n) == 0;
}

static bool facts_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * The device that [p, end) names and nothing else: a name and its index up
 * to the line's end ("cuda:0", "mps"), not a sentence that begins with one.
 */
static gg_oom_device device_named_whole(const char *p, const char *end)
{
	size_t r = (size_t)(end - p), k = 0;
	gg_oom_device said = r >= 4 && strncmp(p, "cuda", 4) == 0 ? (k = 4, GG_OOM_DEVICE_CUDA)
			     : r >= 3 && strncmp(p, "mps", 3) == 0 ? (k = 3, GG_OOM_DEVICE_MPS)
			     : r >= 3 && strncmp(p, "xpu", 3) == 0 ? (k = 3, GG_OOM_DEVICE_XPU)
			     : r >= 3 && strncmp(p, "cpu", 3) == 0 ? (k = 3, GG_OOM_DEVICE_CPU)
								   : GG_OOM_DEVICE_UNKNOWN;
	if (k && k < r && p[k] == ':')
		for (k++; k < r && facts_digit(p[k]); k++)
			;
	return k == r ? said : GG_OOM_DEVICE_UNKNOWN;
}

/*
 * The signal a shell names when a job it ran ends by one: zsh's job line
 * ("[1]    26478 killed     python x.py", "[2]  + 812 bus error  python
 * x.py"), bash's ("[1]+  Killed   python x.py"), a script's bash ("run.sh:
 * line 6:  3305 Killed   python x.py") and zsh's foreground form ("zsh:
 * killed  python x.py"), macOS's with the signal's number ("23001
 * Killed: 9   python x.py"), glued after a progress bar's last redraw or
 * alone. The command after the word is required: prose saying "killed" is
 * no job line. Returns the signal's words as the shell prints them
 * (lowercased, static), or NULL.
 */
/* Moves *p past a run of digits: whether there was one and the byte after it is end. */
static bool facts_digits_then(const char *t, size_t n, size_t *p, char end)
{
	size_t d = *p;
	while (*p < n && facts_digit(t[*p]))
		(*p)++;
	return *p > d && *p < n && t[*p] == end;
}

static const char *facts_job_signal(const char *t, size_t n)
{
	static const char *const words[] = { "killed", "bus error", "segmentation fault", "abort", "illegal hardware instruction",
					     "floating point exception" };
	for (size_t i = 0; i < n; i++) {
		size_t p;
		if (t[i] == '[') {
			/* "[N]", then zsh's optional "+"/"-", then the pid (bash prints none) */
			p = i + 1;
			if (!facts_digits_then(t, n, &p, ']'))
				continue;
			p++;
			/* bash's current job is "[1]+", zsh's "[1]  + 812" */
			if (p < n && (t[p] == '+' || t[p] == '-'))
				p++;
			size_t sp = p;
			while (p < n && t[p] == ' ')
				p++;
			if (p == sp)
				continue;
			if (p < n && (t[p] == '+' || t[p] == '-'))
				p++;
			while (p < n && t[p] == ' ')
				p++;
			while (p < n && facts_digit(t[p]))
				p++;
		} else if (t[i] == 'z' && n - i > 5 && memcmp(t + i, "zsh: ", 5) == 0 && (i == 0 || t[i - 1] == ']' || t[i - 1] == ' ')) {
			p = i + 5;
		} else if (t[i] == 'l' && i >= 2 && t[i - 2] == ':' && t[i - 1] == ' ' && n - i > 5 && memcmp(t + i, "line ", 5) == 0) {
			/* a script's bash, not interactive: "run.sh: line 6:  3305 Killed   python x.py" */
			p = i + 5;
			if (!facts_digits_then(t, n, &p, ':'))
				continue;
			p++;
			while (p < n && t[p] == ' ')
				p++;
			if (!facts_digits_then(t, n, &p, ' '))
				continue;
		} else
			continue;
		while (p < n && t[p] == ' ')
			p++;
		for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
			size_t wl = strlen(words[w]);
			/* macOS's shells add the signal's number: "Killed: 9", "Segmentation fault: 11". */
			if (n - p <= wl || strncasecmp(t + p, words[w], wl) != 0 || (t[p + wl] != ' ' && t[p + wl] != ':'))
				continue;
			/* a command follows the word */
			size_t q = p + wl;
			while (q < n && t[q] == ' ')
				q++;
			if (q < n)
				return words[w];
		}
	}
	return NULL;
}

/*
 * "torch==1.4.0", "PyTorch version: 2.1.0+cu121", "torch 1.13.1", "Torch
 * version 0.3.1": the first version printed after the word. Returns 0 or -ENOMEM.
 */
static int facts_torch_version(gg_log_facts *f, const char *t, size_t n)
{
	const char *end = t + n;
	for (const char *p = t; !f->torch_version_other && (p = gg_text_find_ci(p, (size_t)(end - p), "torch")) != NULL; p += 5) {
		if (p > t && (facts_is_word_char(p[-1]) && !(p - t >= 2 && (p[-2] == 'p' || p[-2] == 'P'))))
			continue; /* "libtorch", "xtorch"; "pytorch" is fine */
		const char *q = p + 5;
		if (q < end && (*q == '/' || *q == '\\' || *q == '.' || *q == '_'))
			continue; /* a path or module name: "torch/nn", "torch.cuda" */
		const char *stop = q + 24 < end ? q + 24 : end;
		/* Up to the number: separators and the word "version" ("torch==", "PyTorch version: ", "torch v"). */
		while (q < stop) {
			if (gg_text_starts(q, (size_t)(end - q), "version") || gg_text_starts(q, (size_t)(end - q), "Version"))
				q += 7;
			else if (*q && strchr(" =:v('\"", *q))
				q++;
			else
				break;
		}
		const char *v = q;
		while (q < end && facts_digit(*q))
			q++;
		if (q == v || q >= end || *q != '.' || q + 1 >= end || !facts_digit(q[1]))
			continue;
		while (q < end && (facts_digit(*q) || *q == '.' || *q == '+' || (*q >= 'a' && *q <= 'z')))
			q++;
		size_t vl = (size_t)(q - v);
		/* The first version printed; then the first other one (prose that names the working and the failing release). */
		if (f->torch_version && (strlen(f->torch_version) == (vl < 32 ? vl : 32) && memcmp(f->torch_version, v, strlen(f->torch_version)) == 0))
			continue;
		char *got = gg_text_dup(v, vl, 32);
		if (!got)
			return -ENOMEM;
		if (!f->torch_version)
			f->torch_version = got;
		else
			f->torch_version_other = got;
	}
	return 0;
}

/* "mem: 5.21G", "GPU mem 3.2 GB", "memory: 10234" (MiB, as mmcv logs it): one reading per line. */
static void facts_memory_reading(gg_log_facts *f, const char *t, size_t n)
{
	const char *end = t + n;
	const char *p = gg_text_find_ci(t, n, "mem");
	if (!p || gg_text_find_ci(t, n, "out of memory") || gg_text_find(t, n, "allocate") || gg_text_find(t, n, "Warning"))
		return;
	while (p < end && facts_is_word_char(*p))
		p++;
	while (p < end && (*p == ' ' || *p == ':' || *p == '='))
		p++;
	const char *v = p;
	while (p < end && (facts_digit(*p) || *p == '.'))
		p++;
	if (p == v)
		return;
	double x = strtod(v, NULL);
	while (p < end && *p == ' ')
		p++;
	if (p < end && (*p == 'G' || *p == 'g'))
		x *= 1073741824.0;
	else if (p < end && (*p == 'M' || *p == 'm'))
		x *= 1048576.0;
	else if (x >= 100 && !gg_text_find(v, (size_t)(p - v), "."))
		x *= 1048576.0; /* a bare integer: MiB */
	else
		return;
	if (f->mem_readings == 0)
		f->mem_first = x;
	else if (x > f->mem_last)
		f->mem_rises++;
	f->mem_last = x;
	f->mem_readings++;
}

static int facts_warning(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	const char *w = gg_text_find(t, n, "Warning: ");
	if (!w || f->warnings_len == FACTS_MAX_WARNINGS)
		return 0;
	const char *cat = w;
	while (cat > t && ((cat[-1] >= 'a' && cat[-1] <= 'z') || (cat[-1] >= 'A' && cat[-1] <= 'Z')))
		cat--;
	/* "path:12: UserWarning: msg" -> file and line; a bare "UserWarning: msg" has neither. */
	const char *file = t, *file_end = t;
	long line = 0;
	if (cat >= t + 2 && cat[-1] == ' ' && cat[-2] == ':') {
		const char *d = cat - 2;
		const char *e = d;
		while (d > t && d[-1] >= '0' && d[-1] <= '9')
			d--;
		if (d < e && d > t && d[-1] == ':') {
			line = facts_number(d, e);
			file_end = d - 1;
		}
	}
	if (gg_grow((void **)&f->warnings, &f->warnings_cap, f->warnings_len, sizeof *f->warnings))
		return -ENOMEM;
	const char *msg = w + 9;
	gg_log_warning *x = &f->warnings[f->warnings_len];
	x->file = gg_text_dup(file, (size_t)(file_end - file), FACTS_MAX_TEXT);
	x->line = line > 0 ? (uint32_t)line : 0;
	x->category = gg_text_dup(cat, (size_t)(w + 7 - cat), 64);
	x->message = gg_text_dup(msg, (size_t)(t + n - msg), FACTS_MAX_TEXT);
	x->at = (gg_log_span){ l->number, l->offset, l->raw_len };
	if (!x->file || !x->category || !x->message) {
		free(x->file);
		free(x->category);
		free(x->message);
		return -ENOMEM;
	}
	if (f->volatile_warning < 0 && gg_text_find(msg, (size_t)(t + n - msg), "volatile"))
		f->volatile_warning = (int)f->warnings_len;
	f->warnings_len++;
	return 0;
}

/* The runtime's own words for failures that are not out of memory (NCCL timeouts, asserts, illegal accesses). */
static bool facts_failure_line(const char *t, size_t n)
{
	static const char *const needles[] = {
		"CUDA error: ", "cuda runtime error (", "device-side assert triggered", "illegal memory access",
		GG_WATCHDOG_TIMEOUT, "NCCL error", "ncclInternalError", "ncclSystemError",
		"CUBLAS_STATUS_", "CUDNN_STATUS_", "HIP error: ",
		/* ROCm's runtime aborting a queue on a kernel's access outside any mapping: a bad address, not memory running out. */
		"HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION",
		/* The watchdog's line hard-wrapped after its first words ("[Rank 2] Watchdog caught " / "collective ..."). */
		"] Watchdog caught",
		/* NCCL's watchdog in its other words: a hang, not memory. */
		"watchdog got stuck", "Heartbeat monitor timed out", "Terminating the process after attempting to dump debug info",
		"watchdog thread terminated with exception",
		/* c10::Error's own location line, over its C++ frames: a watchdog's abort may show nothing else. */
		"Exception raised from ",
		/* Apple's frameworks (Metal, MPS) abort the process with "file.mm:705: failed assertion `...'". */
		": failed assertion `",
		NULL,
	};
	for (const char *const *k = needles; *k; k++)
		if (gg_text_find(t, n, *k))
			return true;
	/*
	 * An extension's own check of a CUDA driver API call ("[ext.cpp]
	 * CUresult error result=1 file=... func=..."): a failure on the
	 * device, printed before its process exits with no Python traceback.
	 * result=2 is CUDA_ERROR_OUT_OF_MEMORY, which is not read as "not
	 * memory" here.
	 */
	const char *cu = gg_text_find(t, n, "CUresult error");
	if (cu) {
		const char *r = gg_text_find(cu, (size_t)(t + n - cu), "result=");
		return !r || facts_number(r + 7, t + n) != 2;
	}
	return false;
}

/*
 * The rank c10d names inside its own log lines: "[Rank 3] Watchdog caught
 * ...", and 2.4+'s "[PG ID 0 PG GUID 0(default_pg) Rank 3] ...". -1 when
 * none.
 */
static int facts_tag_rank(const char *t, size_t n)
{
	const char *end = t + n;
	for (const char *p = t; (p = memchr(p, '[', (size_t)(end - p))) != NULL; p++) {
		size_t room = (size_t)(end - p) < 128 ? (size_t)(end - p) : 128;
		const char *close = memchr(p, ']', room);
		if (!close)
			continue;
		const char *d = close;
		while (d > p && d[-1] >= '0' && d[-1] <= '9')
			d--;
		if (d == close || d - p < 6 || memcmp(d - 5, "Rank ", 5) != 0 || (d - 5 != p + 1 && d[-6] != ' '))
			continue;
		long v = facts_number(d, close);
		if (v >= 0 && v < 1000000)
			return (int)v;
	}
	return -1;
}

/*
 * torch_xla's multiprocessing names the process that raised by its device:
 * "Exception in device=TPU:6: ...". Each process drives one TPU core, whose
 * ordinal is the process's index: its rank on the host. -1 when none.
 */
static int facts_xla_ordinal(const char *t, size_t n)
{
	static const char key[] = "Exception in device=TPU:";
	const char *p = gg_text_find(t, n, key);
	if (!p)
		return -1;
	long v = facts_number(p + sizeof key - 1, t + n);
	return v >= 0 && v < 1000000 ? (int)v : -1;
}

/* A zeroed orphan at the end of the list (not yet counted), or NULL when out of memory. */
/*
 * Whether the memory words of the line t sit inside a string of a JSON
 * object it prints (`... {"error":"...","warnings":["CUDA out of memory.
 * ..."]}`): a server's response body, which an app or a client printed.
 */
static bool facts_relayed_json(const char *t, size_t n)
{
	const char *oom = gg_text_find_ci(t, n, "out of memory");
	const char *open = oom ? gg_text_find(t, (size_t)(oom - t), "{\"") : NULL;
	if (!open || !gg_text_find(open, (size_t)(oom - open), "\":"))
		return false;
	unsigned quotes = 0;
	for (const char *q = open; q < oom; q++)
		if (*q == '\\' && q + 1 < oom)
			q++;
		else if (*q == '"')
			quotes++;
	return quotes % 2 == 1;
}

static gg_log_orphan *facts_orphan_slot(gg_log_facts *f)
{
	if (gg_grow((void **)&f->orphans, &f->orphans_cap, f->orphans_len, sizeof *f->orphans))
		return NULL;
	gg_log_orphan *o = &f->orphans[f->orphans_len];
	memset(o, 0, sizeof *o);
	return o;
}

/*
 * Where the failure's own words start in a line an application logged or
 * printed around them ("2024-05-01 12:00:01,000 - jobs - ERROR - CUDA out
 * of memory...", "[ERROR] Item 0: torch.OutOfMemoryError: ...", a progress
 * bar glued in front): at an exception line after a space, else at an
 * allocator's or runtime's message head. 0 when the line starts with them.
 */
static size_t facts_message_start(const char *t, size_t n)
{
	static const char *const heads[] = {
		"CUDA out of memory", "CUDA error: ", "HIP out of memory", "HIP error: ", "MPS backend out of memory",
		"XPU out of memory", "cuda runtime error (", "DefaultCPUAllocator", "[enforce fail at ",
		/* XLA's status and its TPU allocator's words, behind a glog header or a host's and worker's label. */
		"RESOURCE_EXHAUSTED", "Resource exhausted", "Attempting to reserve ", "Attempting to allocate ",
		/* NCCL's warning behind its stamp, host, pid, thread, rank and source place. */
		"Cuda failure ", NULL,
	};
	size_t type_len;
	const char *msg;
	/* torch_xla's label of the process that raised ("Exception in device=TPU:6: "): it names the device, kept. */
	if (gg_text_starts(t, n, "Exception in device="))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (t[i - 1] == ' ' && gg_tb_exception_line(t + i, n - i, &type_len, &msg) &&
		    (gg_text_find(t + i, type_len, "Error") || gg_text_find(t + i, type_len, "Exception")))
			return i;
	size_t best = 0;
	for (const char *const *h = heads; *h; h++) {
		const char *p = gg_text_find(t, n, *h);
		if (p && p > t && (p[-1] == ' ' || p[-1] == ']') && (!best || (size_t)(p - t) < best))
			best = (size_t)(p - t);
	}
	return best;
}

/*
 * A logger's own fields in front of a failure's words: Python's
 * "<class 'RuntimeError'>" (a handler that logs type(e)) and " at
 * FILE:LINE" (where it was raised), as in "[ERROR] trainer - <class
 * 'RuntimeError'> at fitloop.py:77 - CUDA error: ...". Sets o's type and
 * place from t[0, n), the part before the message. Returns 0 or -ENOMEM.
 */
static int facts_logger_place(gg_log_orphan *o, const char *t, size_t n)
{
	static const char cls[] = "<class '";
	const char *c = gg_text_find(t, n, cls), *end = t + n;
	if (c && !o->type) {
		const char *s = c + sizeof cls - 1, *q = s;
		while (q < end && *q != '\'' && *q != '>')
			q++;
		if (q < end && *q == '\'' && q > s) {
			/* The class as Python names it: the module's prefix for a builtin is none ("builtins" is not printed). */
			if (!(o->type = gg_text_dup(s, (size_t)(q - s), 256)))
				return -ENOMEM;
		}
	}
	for (const char *a = t; (a = gg_text_find(a, (size_t)(end - a), " at ")) != NULL; a += 4) {
		const char *p = a + 4, *e = p;
		while (e < end && *e != ' ' && *e != ',')
			e++;
		const char *d = e;
		while (d > p && d[-1] >= '0' && d[-1] <= '9')
			d--;
		/* "file.py:77": a source file's name, a colon, a line number. */
		if (d == e || d - p < 5 || d[-1] != ':' || memcmp(d - 4, ".py", 3) != 0)
			continue;
		long line = facts_number(d, e);
		if (line <= 0 || line > 10000000)
			continue;
		if (!(o->place_file = gg_text_dup(p, (size_t)(d - 1 - p), FACTS_MAX_TEXT)))
			return -ENOMEM;
		o->place_line = (uint32_t)line;
		break;
	}
	return 0;
}

/*
 * A logger's record location, "path/x.py:210 train_step" (rich's handler
 * prints it at the right of each line, loguru's format puts it in front):
 * a function whose name says training or evaluation is what the program
 * was doing when it logged. Returns 0 or -ENOMEM.
 */
/* key (case-insensitive) at a word's start, followed by any of skip and then a digit: "iter 812", "loss: 3.1", "Epoch[2]". */
static bool facts_word_number(const char *t, size_t n, const char *key, const char *skip)
{
	size_t k = strlen(key);
	for (const char *p = t; (p = gg_text_find_ci(p, (size_t)(t + n - p), key)) != NULL; p++) {
		if (p > t && ((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z') || p[-1] == '_'))
			continue;
		const char *q = p + k;
		while (q < t + n && strchr(skip, *q))
			q++;
		if (q < t + n && ((*q >= '0' && *q <= '9') || (*q == '-' && q + 1 < t + n && q[1] >= '0' && q[1] <= '9')))
			return true;
	}
	return false;
}

/*
 * A training loop's own print: a counter (iter, step, epoch) and a loss
 * figure on one line, and no evaluation word (val, eval, test), which
 * an evaluation loop's print would carry. A loss the print itself calls
 * the training one ("Train loss 1200 0.31") needs no counter word.
 */
static bool facts_train_print(const char *t, size_t n)
{
	if (!facts_word_number(t, n, "loss", " :=") || gg_text_find_ci(t, n, "val") || gg_text_find_ci(t, n, "test"))
		return false;
	return facts_word_number(t, n, "iter", " :=[#") || facts_word_number(t, n, "iteration", " :=[#") ||
	       facts_word_number(t, n, "step", " :=[#") || facts_word_number(t, n, "epoch", " :=[#") ||
	       facts_word_number(t, n, "train loss", " :=") || facts_word_number(t, n, "training loss", " :=") ||
	       facts_word_number(t, n, "train_loss", " :=");
}

/*
 * See eval_print_line in logfacts.h: the first word names evaluation
 * ("Val", "Valid", "Eval", "Test"), and a counter "i/N" follows it.
 */
static bool facts_eval_print(const char *t, size_t n)
{
	size_t w = 0;
	while (w < n && ((t[w] >= 'a' && t[w] <= 'z') || (t[w] >= 'A' && t[w] <= 'Z')))
		w++;
	if (w == 0 || w >= n || (t[w] != ' ' && t[w] != ':') || gg_phase_words_n(t, w) != GG_WORDS_EVAL || gg_text_find(t, n, "%|"))
		return false;
	for (size_t i = w + 1; i + 1 < n; i++)
		if (t[i] == '/' && facts_digit(t[i - 1]) && facts_digit(t[i + 1]))
			return true;
	return false;
}

/*
 * Whether what a "Loading ..." line names is the run's data, not a model
 * ("Loading documents into Chroma", "loading the dataset"): a run out of
 * memory there was not reading weights.
 */
static bool facts_loads_data(const char *t, size_t n)
{
	static const char *const data[] = { "documents", "document ", "dataset", "data ", "data.", "data:", "corpus",
					    "images", "samples", "records", "files", "texts", "sentences", "examples", NULL };
	if (n > 4 && strncasecmp(t, "the ", 4) == 0)
		t += 4, n -= 4;
	else if (n > 4 && strncasecmp(t, "all ", 4) == 0)
		t += 4, n -= 4;
	for (const char *const *w = data; *w; w++) {
		size_t k = strlen(*w);
		if (n >= k && strncasecmp(t, *w, k) == 0)
			return true;
	}
	return n == 4 && strncasecmp(t, "data", 4) == 0;
}

/* A line opening with "loading ", after a print's own marks in front ("-- Loading model...", "> loading ..."), not of data. */
static bool facts_load_note(const char *t, size_t n)
{
	size_t i = 0;
	while (i < n && i < 4 && (t[i] == '-' || t[i] == '*' || t[i] == '>' || t[i] == '#' || t[i] == ' '))
		i++;
	if (n - i > 8 && strncasecmp(t + i, "loading ", 8) == 0)
		return !facts_loads_data(t + i + 8, n - i - 8);
	/* "Initializing language decoder from ../ckpt/7b/": weights read from a path, as loading. */
	return n - i > 13 && (strncasecmp(t + i, "initializing ", 13) == 0 || strncasecmp(t + i, "initialising ", 13) == 0) &&
	       gg_text_find(t + i, n - i, " from ") != NULL;
}

/* See eval_note_line in logfacts.h. */
static bool facts_eval_note(const char *t, size_t n)
{
	if (n == 0 || n > 100 || gg_text_find(t, n, "%|") || gg_text_starts(t, n, "File ") || gg_text_starts(t, n, "Traceback") ||
	    gg_text_find_ci(t, n, "loss") || gg_text_find_ci(t, n, "acc") || gg_text_find_ci(t, n, "error"))
		return false;
	/* No figure (`x=1`, a percentage, a call); a banner's rule of equals signs is none. */
	bool rule = gg_text_find(t, n, "===") != NULL;
	for (size_t i = 0; i < n; i++)
		if (t[i] == '(' || (t[i] == '=' && !rule) || t[i] == '%')
			return false;
	return gg_phase_words_n(t, n) == GG_WORDS_EVAL;
}

/*
 * loguru's place of a record, "| module.path:function:line - message": the
 * function's name into *fn (its length returned), 0 when the line has none.
 */
static bool facts_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static size_t facts_loguru_function(const char *t, size_t n, const char **fn)
{
	const char *end = t + n;
	for (const char *p = t; (p = gg_text_find(p, (size_t)(end - p), " - ")) != NULL; p += 3) {
		const char *d = p;
		while (d > t && d[-1] >= '0' && d[-1] <= '9')
			d--;
		if (d == p || d - 1 <= t || d[-1] != ':')
			continue;
		const char *e = d - 1, *b = e;
		while (b > t && (facts_ident(b[-1])))
			b--;
		if (b == e || b - 1 <= t || b[-1] != ':')
			continue;
		/* the module's dotted name before it, after the level's bar */
		const char *m = b - 1;
		while (m > t && (facts_ident(m[-1]) || m[-1] == '.'))
			m--;
		if (m == b - 1 || m < t + 2 || m[-1] != ' ' || m[-2] != '|')
			continue;
		*fn = b;
		return (size_t)(e - b);
	}
	return 0;
}

static int facts_logged_location(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	const char *lf;
	size_t lfn = gg_text_find(t, n, " - ") ? facts_loguru_function(t, n, &lf) : 0;
	if (lfn) {
		char *fn = gg_text_dup(lf, lfn, 128);
		if (!fn)
			return -ENOMEM;
		int w = gg_phase_words(fn);
		if (w == GG_WORDS_TRAIN || w == GG_WORDS_EVAL) {
			free(f->logged_func);
			f->logged_func = fn;
			f->logged_words = w;
			f->logged_line = l->number;
			return 0;
		}
		free(fn);
	}
	const char *end = t + n;
	for (const char *p = t; (p = gg_text_find(p, (size_t)(end - p), ".py:")) != NULL; p += 4) {
		const char *d = p + 4, *e = d;
		while (e < end && *e >= '0' && *e <= '9')
			e++;
		if (e == d || e >= end || *e != ' ')
			continue;
		const char *s = e + 1, *q = s;
		while (q < end && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_'))
			q++;
		/* The name ends the line or a field ("train_step", "train_step -", "train_step |"). */
		if (q == s || (q < end && *q != ' '))
			continue;
		char *fn = gg_text_dup(s, (size_t)(q - s), 128);
		if (!fn)
			return -ENOMEM;
		int w = gg_phase_words(fn);
		if (w != GG_WORDS_TRAIN && w != GG_WORDS_EVAL) {
			free(fn);
			continue;
		}
		free(f->logged_func);
		f->logged_func = fn;
		f->logged_words = w;
		f->logged_line = l->number;
		return 0;
	}
	return 0;
}

/*
 * A step counter in a line ("step 31", "Step: 31", "global_step=31",
 * "iter 31", "the 31st iteration"): how far the run got before what
 * follows. Only the words, never "[k/N]" (epochs, items and batches print
 * the same).
 */
static void facts_step(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	static const char *const words[] = { "step", "iteration", "iter", NULL };
	const char *end = t + n;
	for (const char *const *w = words; *w; w++) {
		size_t wl = strlen(*w);
		for (const char *p = t; (p = gg_text_find_ci(p, (size_t)(end - p), *w)) != NULL; p += wl) {
			if (p > t && ((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z')))
				continue; /* inside a word ("substep"); "global_step" is kept by its '_' */
			const char *d = p + wl;
			long v = -1;
			while (d < end && (*d == ' ' || *d == ':' || *d == '='))
				d++;
			if (d > p + wl && d < end && *d >= '0' && *d <= '9') {
				v = facts_number(d, end);
			} else if (p > t + 3 && p[-1] == ' ') {
				/* Prose's ordinal in front: "at the 48th iteration", "the 31st step". */
				const char *o = p - 1;
				if (o - t >= 3 && ((o[-2] == 't' && o[-1] == 'h') || (o[-2] == 's' && o[-1] == 't') ||
						   (o[-2] == 'n' && o[-1] == 'd') || (o[-2] == 'r' && o[-1] == 'd'))) {
					const char *e = o - 2, *b = e;
					while (b > t && b[-1] >= '0' && b[-1] <= '9')
						b--;
					if (b < e)
						v = facts_number(b, e);
				}
			}
			if (v > 0 && v < 100000000) {
				f->step = v;
				f->step_line = l->number;
			}
		}
	}
}

/*
 * A source line pasted bare, its "File" line not pasted (the last frame's
 * code right above the exception, "h = self.drop(tok + pos)"): an
 * assignment, a call or a return, indented or not, that is no sentence, no
 * frame and no logger's line.
 */
static bool facts_bare_code(const char *t, size_t n)
{
	if (n < 3 || n > 400 || gg_text_starts(t, n, "File ") || t[n - 1] == '.' || t[n - 1] == ':' || t[0] == '[' ||
	    t[0] == '#' || gg_text_find(t, n, ": "))
		return false;
	if (!((t[0] >= 'a' && t[0] <= 'z') || (t[0] >= 'A' && t[0] <= 'Z') || t[0] == '_'))
		return false;
	const char *eq = gg_text_find(t, n, " = ");
	bool call = memchr(t, '(', n) && t[n - 1] == ')';
	if (eq) {
		/* The target is a name, an attribute or a tuple of them: no spaces but after commas. */
		for (const char *p = t; p < eq; p++)
			if (*p == ' ' && (p == t || p[-1] != ','))
				return false;
		return true;
	}
	return call || gg_text_starts(t, n, "return ");
}

/*
 * An exception quoted in backticks inside a sentence ("I get `RuntimeError:
 * ...` every time", "`ValueError: ...` on my Mac, when ..."): the span
 * between the two backticks, when it is an exception line; else the line.
 */
static void prose_backticked(const char **text, size_t *len)
{
	const char *t = *text, *end = t + *len;
	for (const char *a = t; (a = memchr(a, '`', (size_t)(end - a))) != NULL; a++) {
		while (a < end && *a == '`')
			a++;
		const char *b = memchr(a, '`', (size_t)(end - a));
		if (!b)
			return;
		size_t type_len;
		const char *msg;
		if (b > a && gg_tb_exception_line(a, (size_t)(b - a), &type_len, &msg) &&
		    (gg_text_find(a, type_len, "Error") || gg_text_find(a, type_len, "Exception"))) {
			*text = a;
			*len = (size_t)(b - a);
			return;
		}
		a = b;
	}
}

/* A line pasted inside prose, without the backticks, quotes or Markdown bold around it. */
/* A typographic quote mark (“ ” ‘ ’, three bytes in UTF-8) at s, which a word processor or a chat puts around a quote. */
static bool prose_curly(const char *s, size_t n)
{
	return n >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 &&
	       ((unsigned char)s[2] >= 0x98 && (unsigned char)s[2] <= 0x9D && (unsigned char)s[2] != 0x9A && (unsigned char)s[2] != 0x9B);
}

static void prose_unwrap(const char **text, size_t *len)
{
	prose_backticked(text, len);
	const char *t = *text;
	size_t n = *len;
	while (n > 0 && (t[0] == '`' || t[0] == '"' || t[0] == '\'' || t[0] == '*' || prose_curly(t, n))) {
		size_t k = prose_curly(t, n) ? 3 : 1;
		t += k;
		n -= k;
	}
	while (n >= 3 && prose_curly(t + n - 3, 3))
		n -= 3;
	/*
	 * A closing backtick is the wrapper's only when it has no partner in
	 * the line: "when calling `cublasCreate(handle)`" ends the message's
	 * own quoted name, and stripping it would show it half-quoted.
	 */
	while (n > 0 && (t[n - 1] == '`' || t[n - 1] == '"' || t[n - 1] == '\'' || t[n - 1] == '*')) {
		if (t[n - 1] == '`') {
			size_t ticks = 0;
			for (size_t i = 0; i < n; i++)
				ticks += t[i] == '`';
			if (ticks % 2 == 0)
				break;
		}
		n--;
	}
	*text = t;
	*len = n;
}

/*
 * pytest's "E" marker in front of a failing test's exception line ("E
 * RuntimeError: ..."), pasted without the report around it: the line
 * without it, when what follows is an exception line.
 */
static void pytest_unmark(const char **text, size_t *len)
{
	const char *t = *text;
	size_t n = *len, i = 1;
	/* The short summary's "FAILED path::test[id] - Type: message": the test's exception, one line per test, in order. */
	if (n > 9 && memcmp(t, "FAILED ", 7) == 0) {
		const char *dash = gg_text_find(t + 7, n - 7, " - ");
		size_t type_len;
		const char *msg;
		if (dash && memchr(t + 7, ':', (size_t)(dash - t - 7)) &&
		    gg_tb_exception_line(dash + 3, (size_t)(t + n - dash - 3), &type_len, &msg)) {
			*text = dash + 3;
			*len = (size_t)(t + n - dash - 3);
		}
		return;
	}
	if (n < 3 || t[0] != 'E' || t[1] != ' ')
		return;
	while (i < n && t[i] == ' ')
		i++;
	size_t type_len;
	const char *msg;
	if (gg_tb_exception_line(t + i, n - i, &type_len, &msg)) {
		*text = t + i;
		*len = n - i;
	}
}

/*
 * A row of column titles: three words or more, separated by runs of
 * spaces, no digit, no punctuation of a sentence (a title may hold '_',
 * '(' and ')').
 */
static bool facts_titles_only(const char *t, size_t n)
{
	int words = 0;
	bool in = false;
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		if (facts_digit(c) || c == '.' || c == ',' || c == ':' || c == '=' || c == '%')
			return false;
		bool w = c != ' ' && c != '\t';
		words += w && !in;
		in = w;
	}
	return words >= 3;
}

static int facts_orphan(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	/* Cheap filters first: nearly every line fails them. */
	if (!gg_text_find(t, n, "emory") && !gg_text_find(t, n, "ALLOC") && !gg_text_find(t, n, "llocate") &&
	    !gg_text_find(t, n, "Allocation on device") &&
	    !gg_text_find(t, n, "WinError") && !gg_text_find(t, n, "1455") && !gg_text_find(t, n, "paging file") && !gg_text_find(t, n, "posix_memalign") &&
	    !gg_text_find(t, n, "RESOURCE_EXHAUSTED") && !gg_text_find(t, n, "esource exhausted") &&
	    /* Memory errors of oom.c's forms without these words: MPS's buffer limit, the allocator's NVML assert, a KV cache. */
	    !gg_text_find(t, n, "Invalid buffer size") && !gg_text_find(t, n, "bytes of NDArray") && !gg_text_find(t, n, "NVML_SUCCESS") && !gg_text_find(t, n, "cache blocks") &&
	    !gg_text_find(t, n, "KV cache") &&
	    /* cuDNN's "Unable to find a valid cuDNN algorithm to run convolution": no algorithm's workspace fit (oom.c). */
	    !gg_text_find(t, n, "valid cuDNN algorithm") &&
	    /* A DataLoader worker the kernel killed, logged by whatever caught it (a trainer's "Exception: ..." line). */
	    !gg_text_find(t, n, "is killed by signal: Killed") &&
	    /* Level Zero's and SYCL's own names (XPU), all in capitals: "UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY". */
	    !gg_text_find(t, n, "OUT_OF_DEVICE_MEMORY") && !gg_text_find(t, n, "PI_ERROR_OUT_OF_RESOURCES") &&
	    /* Ascend's CANN code for a failed allocation (its sentence may be cut). */
	    !gg_text_find(t, n, "EL0004") &&
	    /* CUDA's bare error number 2 (cudaErrorMemoryAllocation) in an extension's own check. */
	    !gg_text_find(t, n, "rror 2") && !gg_text_find(t, n, "rror code 2") && !facts_failure_line(t, n))
		return 0;
	/*
	 * A warning is advice or a notice, unless it quotes the allocator's own
	 * failure with its figures: a library that caught the error and went on
	 * (FSDP's "Failed to clone() tensor ... Error: CUDA out of memory. Tried
	 * to allocate 502.00 MiB (GPU 1; ...)"), its result now broken.
	 */
	if (gg_text_find(t, n, "Warning:") &&
	    !(gg_text_find(t, n, "Tried to allocate ") && (gg_text_find(t, n, "total capacity") || gg_text_find(t, n, " is free"))))
		return 0;
	/* A frame's source line that raises the error (`raise ValueError("No available memory ...`) is code, not what was printed. */
	size_t lead = 0;
	while (lead < n && (t[lead] == ' ' || t[lead] == '\t'))
		lead++;
	if (n - lead > 6 && memcmp(t + lead, "raise ", 6) == 0)
		return 0;
	/* Pasted inside prose: `RuntimeError: ...` in backticks, quotes or Markdown bold. */
	prose_unwrap(&t, &n);
	size_t type_len;
	const char *msg;
	bool exc = gg_tb_exception_line(t, n, &type_len, &msg);
	gg_oom_info info;
	bool oom;
	if (exc) {
		char *type = gg_text_dup(t, type_len, 256);
		oom = gg_oom_match(type, t, n, &info);
		free(type);
	} else {
		oom = gg_oom_match_text(t, n, &info);
	}
	/* Other failures count only in a paste without any traceback (see diagnose.c). */
	if (!oom && !facts_failure_line(t, n))
		return 0;
	/* Apple's assertion names its framework in the source path before it: Metal's, MPS's, the device. */
	if (!f->said_device && gg_text_find(t, n, ": failed assertion `") &&
	    (gg_text_find(t, n, "MetalPerformanceShaders") || gg_text_find(t, n, "/Metal") || gg_text_find(t, n, "MPS")))
		f->said_device = GG_OOM_DEVICE_MPS;
	/*
	 * A runtime failure hard-wrapped by the terminal: its tail lines lost the
	 * [rankN]: prefix. Without a prefix, c10d's own "[Rank N]" names it.
	 */
	int tag = l->rank < 0 ? facts_tag_rank(t, n) : -1;
	if (tag < 0 && l->rank < 0)
		tag = facts_xla_ordinal(t, n);
	int rank = l->rank >= 0 ? l->rank : tag >= 0 ? tag : oom ? -1 : f->wrap_rank;
	bool figures = oom && (info.tried >= 0 || info.total >= 0 || info.free >= 0 || info.allocated >= 0);
	/*
	 * A sentence that only names the error ("after a while a CUDA out of
	 * memory error occurs") with the allocator's message a few lines under
	 * it: the message, with its figures, is the failure; the sentence made
	 * way for it.
	 */
	gg_log_orphan *last = f->orphans_len ? &f->orphans[f->orphans_len - 1] : NULL;
	/* The sentence unprefixed, the message under a rank's prefix: the reporter's words above that rank's line. */
	if (figures && last && last->oom && last->named_only && !last->used && (last->rank == rank || last->rank < 0) &&
	    last->continued_to + FACTS_NAMED_REACH >= l->number) {
		free(last->text);
		free(last->type);
		free(last->place_file);
		free(last->code_above);
		f->orphans_len--;
	}
	if (f->orphans_len == FACTS_MAX_ORPHANS)
		return 0;
	gg_log_orphan *o = facts_orphan_slot(f);
	if (!o)
		return -ENOMEM;
	/* Read from the line, not info.form: for an exception line that may be its type, freed above. */
	if (oom && gg_text_find(t, n, "NCCL WARN Cuda failure")) {
		/* NCCL's tag of its process, "host:pid:tid [N]": N is the rank's local device. */
		for (const char *b = gg_text_find(t, n, "] "); b; b = gg_text_find(b + 1, (size_t)(t + n - b - 1), "] ")) {
			const char *d0 = b;
			while (d0 > t && d0[-1] >= '0' && d0[-1] <= '9')
				d0--;
			if (d0 < b && b - d0 <= 2 && d0 - 1 > t && d0[-1] == '[' && d0[-2] == ' ') {
				f->nccl_oom_ranks |= 1ull << strtol(d0, NULL, 10);
				break;
			}
		}
		f->nccl_oom_lines++;
		rank = -1; /* each rank's copy of one failure: the ranks are named in the evidence, none first */
	}
	/*
	 * Ascend's error block a few lines under its header (the code line,
	 * its cause and solution lines, the driver's lines): the header names
	 * the device and the rank.
	 */
	if (oom && info.device == GG_OOM_DEVICE_NPU && rank < 0 && f->npu_header_line && l->number <= f->npu_header_line + GG_FACTS_NPU_BLOCK)
		rank = f->npu_header_rank;
	o->rank = rank;
	o->pid = l->pid;
	o->oom = oom;
	o->relayed_json = oom && facts_relayed_json(t, n);
	/* A runtime's own status name (Level Zero's, SYCL's) is its message, not a sentence naming the error. */
	o->named_only = oom && !exc && !figures && !gg_text_find(t, n, "OUT_OF_DEVICE_MEMORY") &&
			!gg_text_find(t, n, "PI_ERROR_OUT_OF_RESOURCES");
	/* The logger's or the application's words in front are not the failure's message. */
	size_t from = exc ? 0 : facts_message_start(t, n);
	/*
	 * The words in front naming the process the record is about ("Error
	 * in process 1: CUDA out of memory..."): a launcher's or a pool's
	 * index of its workers, the rank of a line no prefix labels.
	 */
	if (from > 0 && o->rank < 0 && !gg_text_find(t, n, "NCCL WARN")) {
		size_t e = from;
		while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == ':'))
			e--;
		size_t d0 = e;
		while (d0 > 0 && facts_digit(t[d0 - 1]) && e - d0 < 4)
			d0--;
		if (d0 < e && e < from && t[e] == ':' &&
		    ((d0 >= 8 && strncasecmp(t + d0 - 8, "process ", 8) == 0) || (d0 >= 5 && strncasecmp(t + d0 - 5, "rank ", 5) == 0)))
			o->rank = (int)strtol(t + d0, NULL, 10);
	}
	if (o->named_only && from > 0) {
		/* The sentence's head, which the message below leaves out: whether a person wrote it. */
		static const char *const said[] = { "I ", "I'm ", "We ", "we ", " get ", " got ", " getting ", " when ", " while ", NULL };
		for (const char *const *w = said; *w && !o->prose_lead; w++)
			o->prose_lead = gg_text_find(t, from, *w) != NULL;
	}
	/*
	 * A type retyped with a space by whoever pasted it ("Runtime Error:
	 * CUDA out of memory"): the word in front is the type's head, not the
	 * logger's, and the two are joined back ("RuntimeError").
	 */
	size_t head = from;
	if (from > 1 && t[from - 1] == ' ' && gg_text_starts(t + from, n - from, "Error:")) {
		size_t w = from - 1;
		while (w > 0 && ((t[w - 1] >= 'a' && t[w - 1] <= 'z') || (t[w - 1] >= 'A' && t[w - 1] <= 'Z')))
			w--;
		if (w < from - 1 && t[w] >= 'A' && t[w] <= 'Z' && (w == 0 || t[w - 1] == ' ' || t[w - 1] == '`' || t[w - 1] == '"'))
			head = w;
	}
	if (head < from) {
		size_t wl = from - 1 - head;
		o->text = malloc(wl + (n - from) + 1);
		if (o->text) {
			memcpy(o->text, t + head, wl);
			memcpy(o->text + wl, t + from, n - from);
			o->text[wl + n - from] = '\0';
		}
	} else
		o->text = gg_text_dup(t + from, n - from, FACTS_MAX_TEXT);
	o->at = (gg_log_span){ l->number, l->offset, l->raw_len };
	o->continued_to = l->number;
	if (!o->text)
		return -ENOMEM;
	if (from > 0 && facts_logger_place(o, t, from) != 0) {
		free(o->text);
		free(o->type);
		return -ENOMEM;
	}
	if (f->prev_code && f->prev_code_line + 1 == l->number && !(o->code_above = strdup(f->prev_code))) {
		free(o->text);
		free(o->type);
		free(o->place_file);
		return -ENOMEM;
	}
	f->orphans_len++;
	return 0;
}

/*
 * XLA's status printed over lines under its first ("RuntimeError: Resource
 * exhausted: From /job:worker/replica:0/task:0:"): "2 root error(s)
 * found.", "(0) RESOURCE_EXHAUSTED: Attempting to reserve 7.20G ...", the
 * TPU allocator's sentence and its "HBM capacity 8.00G:".
 */
static bool facts_xla_continues(const char *t, size_t n)
{
	if (gg_text_starts(t, n, "Attempting to reserve ") || gg_text_starts(t, n, "Attempting to allocate ") ||
	    gg_text_starts(t, n, "HBM capacity ") || gg_text_find(t, n, "root error(s) found"))
		return true;
	if (n < 4 || t[0] != '(' || !facts_digit(t[1]))
		return false;
	const char *p = t + 1, *end = t + n;
	while (p < end && facts_digit(*p))
		p++;
	return gg_text_starts(p, (size_t)(end - p), ") RESOURCE_EXHAUSTED") || gg_text_starts(p, (size_t)(end - p), ") Resource exhausted");
}

/*
 * The allocator's message re-wrapped at a width, mid-sentence ("GPU 0 has a"
 * / "total capacity of 5.64 GiB of which ..."): a line that carries one of
 * the message's own phrases, under a message whose last sentence is not
 * finished, continues that sentence. A finished sentence needs a line that
 * opens the next one (the list in facts_orphan_continue).
 */
static bool facts_sentence_continues(const char *text, const char *t, size_t n)
{
	static const char *const phrases[] = {
		"total capacity", "total capacty", "of which ", " is free", "memory in use", "allocated by PyTorch",
		"reserved by PyTorch", "already allocated", "reserved in total", "but unallocated", "expandable_segments",
		/* 1.0 to 1.3's figures, after "already allocated;": "17.56 MiB free; 776.30 MiB cached)" */
		"iB free", "iB cached",
		/* 1.10 to 1.13's hint, wrapped inside it: "... try setting" / "max_split_size_mb to avoid fragmentation." */
		"max_split_size_mb", "PYTORCH_CUDA_ALLOC_CONF", NULL,
	};
	size_t k = strlen(text);
	while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '"'))
		k--;
	/* A sentence that ended ("... out of memory?": the reporter's question) is continued by nothing. */
	if (k == 0 || text[k - 1] == '.' || text[k - 1] == ')' || text[k - 1] == '?' || text[k - 1] == '!')
		return false;
	/* Nor by an exception line of its own ("torch.OutOfMemoryError: ..."): a message starts there. */
	size_t type_len;
	const char *msg;
	if (gg_tb_exception_line(t, n, &type_len, &msg))
		return false;
	for (const char *const *p = phrases; *p; p++)
		if (gg_text_find(t, n, *p))
			return true;
	return false;
}

/*
 * Appends a line to an owned text, after a space when the text holds some:
 * its bytes as gg_text_dup keeps them (invalid UTF-8 replaced), as the
 * text's first line was. 0 or -ENOMEM (the text is left as it was).
 */
static int text_join_line(char **text, const char *t, size_t n)
{
	char *piece = gg_text_dup(t, n, FACTS_MAX_TEXT);
	if (!piece)
		return -ENOMEM;
	size_t have = strlen(*text), pn = strlen(piece);
	char *joined = realloc(*text, have + 1 + pn + 1);
	if (!joined) {
		free(piece);
		return -ENOMEM;
	}
	if (have)
		joined[have++] = ' ';
	memcpy(joined + have, piece, pn);
	joined[have + pn] = '\0';
	free(piece);
	*text = joined;
	return 0;
}

#define FACTS_WRAP_WIDTH 60 /* a line at least this long may have been cut by a terminal's or a forum's hard wrap */

/*
 * A C++ exception's what() hard-wrapped at a fixed width, mid-word ("...
 * exception: [Rank 1" / "] Watchdog caught collective operation timeout:
 * WorkNCCL(SeqNum=9, OpT" / "ype=ALLREDUCE, ..."): a line right under a
 * long what() line whose message is not finished, starting in column 0
 * and opening nothing of its own (a log line, a frame, the exception's
 * origin), continues it, joined without a space where the wrap split a
 * word. at_word: the line's own words say it was cut, between words (a
 * watchdog's "Watchdog caught"), however short the line it kept (a bar
 * glued before it took the width): joined with a space. Returns 1 when
 * joined, 0 when the line is none, -ENOMEM.
 */
static int facts_abort_wrapped(gg_log_orphan *o, const gg_log_line *l, const char *t, size_t n, bool at_word)
{
	/* ... nor the shell's own word for how the process ended ("Aborted (core dumped)"). */
	static const char *const opens[] = {
		"Exception raised from", "frame #", "Traceback", "terminate called", "what():", "W", "E", "I",
		"Aborted", "Segmentation fault", "Bus error", "Killed", NULL,
	};
	size_t k = strlen(o->text);
	if ((!at_word && o->wrap_len < FACTS_WRAP_WIDTH) || n == 0 || t[0] == ' ' || t[0] == '\t' || k == 0 || o->text[k - 1] == '.' ||
	    (t[0] == '[' && n > 1 && t[1] != ']'))
		return 0;
	for (const char *const *p = opens; *p; p++)
		if (gg_text_starts(t, n, *p) && (strlen(*p) > 1 || (n > 1 && (t[1] == ' ' || (t[1] >= '0' && t[1] <= '9')))))
			return 0;
	if (k + n > FACTS_MAX_TEXT) {
		o->continued_to = l->number;
		return 1;
	}
	/* Mid-word (a letter on both sides of the wrap): no space; else the wrap took one. */
	char a = o->text[k - 1], b = t[0];
	bool word = !at_word && ((a >= 'a' && a <= 'z') || (a >= 'A' && a <= 'Z')) && ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z'));
	bool glue = word || b == ']' || b == ')' || a == '(' || a == '[';
	bool space = !glue && o->text[k - 1] != ' ';
	char *piece = gg_text_dup(t, n, FACTS_MAX_TEXT);
	if (!piece)
		return -ENOMEM;
	size_t pn = strlen(piece);
	char *joined = realloc(o->text, k + space + pn + 1);
	if (!joined) {
		free(piece);
		return -ENOMEM;
	}
	o->text = joined;
	if (space)
		o->text[k++] = ' ';
	memcpy(o->text + k, piece, pn + 1);
	free(piece);
	o->continued_to = l->number;
	o->wrap_len = l->raw_len;
	return 1;
}

/*
 * The kernel's report of a memory cgroup at its limit, "memory: usage
 * 117964800kB, limit 117964800kB, failcnt 93" (or "memory+swap: ..."),
 * printed as its OOM killer acts: usage at or over the limit.
 */
static bool facts_memcg_at_limit(const char *t, size_t n)
{
	const char *u = gg_text_find(t, n, "usage ");
	if (!(gg_text_starts(t, n, "memory: usage ") || gg_text_starts(t, n, "memory+swap: usage ")) || !u)
		return false;
	const char *lim = gg_text_find(u, (size_t)(t + n - u), ", limit ");
	if (!lim)
		return false;
	unsigned long long v[2] = { 0, 0 };
	const char *from[2] = { u + 6, lim + 8 }, *to[2] = { lim, t + n };
	for (int k = 0; k < 2; k++)
		for (const char *p = from[k]; p < to[k] && *p >= '0' && *p <= '9' && v[k] < (1ull << 56); p++)
			v[k] = v[k] * 10 + (unsigned)(*p - '0');
	return v[0] > 0 && v[1] > 0 && v[0] >= v[1];
}

/*
 * The allocator's message broken sentence by sentence over lines (a paste
 * that wrapped at each full stop): a line right under an out-of-memory
 * orphan that opens one of the message's own sentences is its
 * continuation, joined onto it so that its figures are read. Returns 1
 * when joined, 0 when the line is none, -ENOMEM.
 */
static int facts_orphan_continue(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	static const char *const sentences[] = {
		"Tried to allocate ", "GPU ", "Including non-PyTorch memory", "Of the allocated memory",
		"If reserved but unallocated", "If reserved memory is >> allocated memory", "See documentation", "Process ",
		/* A node memory monitor's second sentence: the node's RAM against its threshold. */
		"Memory on the node ", NULL,
	};
	/*
	 * CUDA's own hints under an error's message: the lines belong to the
	 * message (a traceback right under them is its), but say nothing of it.
	 */
	static const char *const hints[] = {
		"CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
		"For debugging consider passing CUDA_LAUNCH_BLOCKING=1.", "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
		NULL,
	};
	if (!f->orphans_len)
		return 0;
	gg_log_orphan *o = &f->orphans[f->orphans_len - 1];
	/* ... and c10d's watchdog line wrapped after its first words, whose rank it names. */
	bool watchdog_cut = strstr(o->text, "] Watchdog caught") && !strstr(o->text, "operation timeout");
	if ((o->abort || watchdog_cut) && !o->oom && o->continued_to + 1 == l->number)
		return facts_abort_wrapped(o, l, t, n, watchdog_cut);
	if (!o->oom || o->continued_to + 1 != l->number)
		return 0;
	/*
	 * A structured logger's fields printed under the message (" rank=0",
	 * as Rust's tracing writes a launcher's report of a shard's error):
	 * the rank of the process that raised it.
	 */
	size_t fn = n;
	const char *ft = gg_text_trim(t, &fn);
	if (fn > 5 && fn < 12 && memcmp(ft, "rank=", 5) == 0) {
		int r = 0;
		size_t i = 5;
		while (i < fn && facts_digit(ft[i]) && r < 100000)
			r = r * 10 + (ft[i++] - '0');
		if (i == fn) {
			if (o->rank < 0)
				o->rank = r;
			o->continued_to = l->number;
			return 1;
		}
	}
	for (const char *const *h = hints; *h; h++) {
		size_t hl = strlen(*h);
		/* The hint, or its tail on the next line when a terminal hard-wrapped it (at 80 columns). */
		bool head = n >= 24 && memcmp(t, *h, 24) == 0;
		bool tail = n >= 8 && n < hl && memcmp(*h + hl - n, t, n) == 0;
		if (head || tail) {
			o->continued_to = l->number;
			return 1;
		}
	}
	/*
	 * The memory-fraction form ("Allocation on device 0 would exceed
	 * allowed memory.") prints its figures one field a line, the last one's
	 * value on a line of its own (": 16.00 GiB").
	 */
	static const char *const fields[] = {
		"Currently allocated", "Requested", "Device limit", "Free (according to", "PyTorch limit", ":", NULL,
	};
	/*
	 * A line that names the error again, or opens with a date of its own
	 * (a logger's next record), starts a message: two workers' records of
	 * one error, one under the other, stay two.
	 */
	if (gg_text_find(t, n, "out of memory") || (n > 10 && facts_digit(t[0]) && facts_digit(t[1]) && facts_digit(t[2]) &&
						     facts_digit(t[3]) && (t[4] == '-' || t[4] == '/')))
		return 0;
	bool opens = false;
	for (const char *const *s = sentences; *s && !opens; s++)
		opens = gg_text_starts(t, n, *s);
	for (const char *const *s = fields; *s && !opens && strstr(o->text, "exceed allowed memory"); s++)
		opens = gg_text_starts(ft, fn, *s);
	if (!opens && (strstr(o->text, "RESOURCE_EXHAUSTED") || strstr(o->text, "Resource exhausted")))
		opens = facts_xla_continues(t, n);
	if (!opens)
		opens = facts_sentence_continues(o->text, t, n);
	if (!opens)
		return 0;
	o->named_only = false;
	size_t have = strlen(o->text);
	if (have + 1 + n > FACTS_MAX_TEXT) {
		o->continued_to = l->number; /* the rest is kept out, the lines still belong to it */
		return 1;
	}
	if (text_join_line(&o->text, t, n))
		return -ENOMEM;
	o->continued_to = l->number;
	return 1;
}

/*
 * Keeps the first exception line that is plainly no memory error (see
 * logfacts.h): a typed message, not an allocator's, not cut short.
 * Returns 0 or -ENOMEM.
 */
/*
 * The lone exception line hard-wrapped over the lines under it (a paste
 * wrapped at a width): while its message has not ended a sentence, the
 * next plain line continues it. Returns 1 when joined, 0, -ENOMEM.
 */
#define FACTS_LONE_WRAP_LINES 6
static int facts_lone_continue(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	if (!f->lone.text || f->lone.continued_to + 1 != l->number || l->number > f->lone.at.line + FACTS_LONE_WRAP_LINES || n == 0)
		return 0;
	size_t k = strlen(f->lone.text);
	while (k > 0 && f->lone.text[k - 1] == ' ')
		k--;
	char last = k ? f->lone.text[k - 1] : '.';
	/* A space left at the end is a wrap whatever came before it; else only an unfinished sentence goes on. */
	if (!f->lone_space && (last == '.' || last == '!' || last == '?' || last == ')' || last == ':'))
		return 0;
	size_t type_len;
	const char *msg;
	if (gg_tb_exception_line(t, n, &type_len, &msg) || gg_text_starts(t, n, "File ") || gg_text_starts(t, n, "Traceback") ||
	    gg_text_starts(t, n, "During handling") || gg_text_starts(t, n, "The above exception"))
		return 0;
	f->lone.text[k] = '\0';
	int rc = text_join_line(&f->lone.text, t, n);
	if (rc)
		return rc;
	f->lone.continued_to = l->number;
	f->lone_space = l->len > 0 && l->text[l->len - 1] == ' ';
	return 1;
}

static int facts_typed_orphan(gg_log_facts *f, const gg_log_line *l, const char *type, const char *msg, size_t n,
			      bool abort);

static int facts_lone_exception(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	if (f->lone.text || gg_text_find(t, n, "Warning:"))
		return 0;
	/*
	 * A line that opens with a quote right before its type is an exception
	 * printed as a string's repr ("'pkg.mod.Type: message'", its closing
	 * quote often cut with the paste): the quote says it is one, whatever
	 * the class is called.
	 */
	bool quoted = n > 1 && (t[0] == '\'' || t[0] == '"') && ((t[1] >= 'a' && t[1] <= 'z') || (t[1] >= 'A' && t[1] <= 'Z'));
	/* Pasted inside prose: in backticks, quotes or Markdown bold, with pytest's "E" marker. */
	prose_unwrap(&t, &n);
	pytest_unmark(&t, &n);
	size_t type_len;
	const char *msg;
	/* Intel's per-allocation refusal pasted without its type: the RuntimeError torch raises it as. */
	bool bare_limit = gg_text_starts(t, n, "Current platform can NOT allocate") && gg_oom_block_limit(t, n);
	/*
	 * A library's own exception named without Error in it
	 * ("triton.runtime.errors.OutOfResources"): its module says; or a
	 * dotted name re-exported elsewhere ("....runtime.autotuner.X") whose
	 * message is a kernel compiler's resource check: the message says.
	 */
	if (bare_limit) {
		type_len = 0;
		msg = t;
	} else if (!gg_tb_exception_line(t, n, &type_len, &msg) ||
	    !(gg_text_find(t, type_len, "Error") || gg_text_find(t, type_len, "Exception") ||
	      gg_text_find(t, type_len, ".errors.") || gg_text_find(t, type_len, ".exceptions.") || gg_text_find(t, type_len, ".exc.") ||
	      (quoted && memchr(t, '.', type_len)) ||
	      (memchr(t, '.', type_len) && gg_oom_out_of_resource(NULL, msg, (size_t)(t + n - msg)))))
		return 0;
	size_t ml = (size_t)(t + n - msg);
	/*
	 * A type alone on its line, the whole line (`AssertionError` of an
	 * assert without a message, as Python prints it): that exception, its
	 * message empty.
	 */
	bool bare = ml == 0 && type_len == n && n > 5 && memcmp(t + n - 5, "Error", 5) == 0;
	if ((ml == 0 && !bare) || (ml && gg_oom_cut_short(msg, ml)))
		return 0;
	size_t glued = bare_limit ? 0 : gg_tb_type_glued(t, type_len);
	char *type = bare_limit ? gg_text_dup("RuntimeError", 12, 256) : gg_text_dup(t + glued, type_len - glued, 256);
	if (!type)
		return -ENOMEM;
	gg_oom_info info;
	if (gg_oom_match(type, msg, ml, &info)) {
		free(type);
		return 0;
	}
	/*
	 * A rank's aborted communicator whose reason is its watchdog's timeout
	 * ("... aborted on rank 5. Original reason for failure was: [Rank 5]
	 * Watchdog caught collective operation timeout ..."): that rank's
	 * failure line, as its what() would be, beside the other ranks'.
	 */
	if (gg_text_find(msg, ml, GG_WATCHDOG_TIMEOUT)) {
		int rc = facts_typed_orphan(f, l, type, msg, ml, true);
		free(type);
		return rc;
	}
	f->lone.text = gg_text_dup(msg, ml, FACTS_MAX_TEXT);
	if (!f->lone.text) {
		free(type);
		return -ENOMEM;
	}
	f->lone.type = type;
	f->lone.rank = l->rank;
	f->lone.pid = l->pid;
	f->lone.at = (gg_log_span){ l->number, l->offset, l->raw_len };
	f->lone.continued_to = l->number;
	f->lone_space = l->len > 0 && l->text[l->len - 1] == ' ';
	return 0;
}

/*
 * A logger's record at level ERROR or CRITICAL ("[stamp] ERROR - name -
 * ...", "| ERROR |", "[ERROR]"), the level a word of its own among the
 * first characters: keeps its text after the level as f->logged, the last
 * one seen. Memory errors are the orphans' (facts_orphan). Returns 0 or
 * -ENOMEM.
 */
static int facts_logged_error(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	static const char *const levels[] = { "ERROR", "CRITICAL", NULL };
	size_t head = n < 80 ? n : 80;
	const char *after = NULL;
	for (const char *const *lv = levels; *lv && !after; lv++) {
		size_t k = strlen(*lv);
		for (const char *p = gg_text_find(t, head, *lv); p && !after; p = gg_text_find(p + 1, (size_t)(t + head - p - 1), *lv)) {
			char b = p > t ? p[-1] : ' ', a = p + k < t + n ? p[k] : '\0';
			if ((b == ' ' || b == '[' || b == '|') && (a == ' ' || a == ']' || a == '|' || a == ':'))
				after = p + k;
		}
	}
	if (!after)
		return 0;
	while (after < t + n && strchr(" -|:]", *after))
		after++;
	size_t rest = (size_t)(t + n - after);
	gg_oom_info info;
	if (rest < 12 || gg_oom_match_text(after, rest, &info))
		return 0;
	/* A launcher's report of a child's exit (the elastic agent's "failed (exitcode: 1)"): the child's error is elsewhere. */
	if (gg_text_find(after, rest, "exitcode") || gg_text_find(after, rest, "exit code") || gg_text_find(after, rest, "exit status"))
		return 0;
	char *text = gg_text_dup(after, rest, FACTS_MAX_TEXT);
	if (!text)
		return -ENOMEM;
	free(f->logged.text);
	f->logged = (gg_log_orphan){ .rank = l->rank, .pid = l->pid, .text = text,
				     .at = { l->number, l->offset, l->raw_len }, .continued_to = l->number };
	return 0;
}

/*
 * An orphan whose exception the paste types outside a traceback: its
 * type (NULL when unknown), its message so far. Returns 0, or -ENOMEM.
 */
static int facts_typed_orphan(gg_log_facts *f, const gg_log_line *l, const char *type, const char *msg, size_t n,
			      bool abort)
{
	if (f->orphans_len == FACTS_MAX_ORPHANS)
		return 0;
	gg_log_orphan *o = facts_orphan_slot(f);
	if (!o)
		return -ENOMEM;
	gg_oom_info info;
	o->oom = gg_oom_match(type, msg, n, &info);
	int tag = l->rank < 0 ? facts_tag_rank(msg, n) : -1;
	o->rank = l->rank >= 0 ? l->rank : tag >= 0 ? tag : o->oom ? -1 : f->wrap_rank;
	o->text = gg_text_dup(msg, n, FACTS_MAX_TEXT);
	o->type = type ? strdup(type) : NULL;
	o->abort = abort;
	o->header = !abort;
	o->wrap_len = l->raw_len;
	o->at = (gg_log_span){ l->number, l->offset, l->raw_len };
	o->continued_to = l->number;
	if (!o->text || (type && !o->type)) {
		free(o->text);
		free(o->type);
		return -ENOMEM;
	}
	f->orphans_len++;
	return 0;
}

/*
 * An uncaught C++ exception ends the process with "terminate called after
 * throwing an instance of 'c10::DistBackendError'" and, on the next line,
 * "  what():  <its message>": that message is the process's failure (an
 * NCCL watchdog's timeout, an allocator's), whatever traceback the paste
 * has besides (torchrun's own, another rank's). Returns 1 when the line is
 * one of the two, 0 when not, -ENOMEM.
 */
/*
 * A terminate line whose what() line never came (the paste stops, or
 * prose follows): the process still died of that C++ exception. Its
 * message is what c10 warned of right above it ("CUDA warning: an
 * illegal memory access was encountered (function destroyEvent)": the
 * error a destructor met, which it cannot throw), else none. Returns 0 or
 * -ENOMEM.
 */
static int facts_abort_alone(gg_log_facts *f)
{
	if (!f->abort_line)
		return 0;
	const char *msg = f->cuda_warning && f->cuda_warning_line < f->abort_line && f->cuda_warning_line + 3 >= f->abort_line
				  ? f->cuda_warning : "";
	gg_log_line at = { .text = "", .rank = f->abort_rank, .pid = f->abort_pid, .number = f->abort_at.line,
			   .offset = f->abort_at.offset, .raw_len = f->abort_at.len };
	size_t had = f->orphans_len;
	/* A runtime's failure line came under it (a watchdog's timeout): that says what was thrown. */
	bool said = f->orphans_len > f->abort_orphans;
	int rc = f->abort_type && !said ? facts_typed_orphan(f, &at, f->abort_type, msg, strlen(msg), true) : 0;
	if (!rc && f->orphans_len > had)
		f->orphans[had].unsaid = true;
	free(f->abort_type);
	f->abort_type = NULL;
	f->abort_line = 0;
	return rc;
}

int gg_logfacts_end(gg_log_facts *f)
{
	/* A worker lost without a rank of its own: the driver's "Worker N has failed." says which it was. */
	for (size_t i = 0; i < f->orphans_len && f->failed_worker >= 0; i++) {
		gg_log_orphan *o = &f->orphans[i];
		gg_oom_info info;
		if (o->oom && o->rank < 0 && gg_oom_match(NULL, o->text, strlen(o->text), &info) &&
		    strcmp(info.form, GG_OOM_FORM_WORKER_LOST) == 0)
			o->rank = f->failed_worker;
	}
	return facts_abort_alone(f);
}

static int facts_abort(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	static const char head[] = "terminate called after throwing an instance of '";
	const char *h = gg_text_find(t, n, head);
	if (h) {
		int rc = facts_abort_alone(f);
		if (rc)
			return rc;
		f->abort_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		f->abort_rank = l->rank;
		f->abort_pid = l->pid;
		f->abort_orphans = f->orphans_len;
		const char *s = h + sizeof head - 1, *end = t + n;
		const char *q = memchr(s, '\'', (size_t)(end - s));
		free(f->abort_type);
		f->abort_type = q && q > s ? gg_text_dup(s, (size_t)(q - s), 256) : NULL;
		f->abort_line = l->number;
		if (q && q > s && !f->abort_type)
			return -ENOMEM;
		return 1;
	}
	/* Right under its terminate line (a blank or a rank's other line may come between), wherever it starts. */
	bool under = f->abort_line && f->abort_line + 2 >= l->number;
	const char *w = gg_text_find(t, n, "what():");
	if (!w || (w != t && !under))
		return 0;
	const char *msg = w + 7, *end = t + n;
	while (msg < end && (*msg == ' ' || *msg == '\t'))
		msg++;
	const char *type = under ? f->abort_type : NULL;
	int rc = facts_typed_orphan(f, l, type, msg, (size_t)(end - msg), true);
	free(f->abort_type);
	f->abort_type = NULL;
	f->abort_line = 0;
	return rc ? rc : 1;
}

/* A line that ends a debugger header's message: a frame, a traceback's or a chain's header. */
static bool facts_header_message_ends(const char *t, size_t n)
{
	return gg_text_starts(t, n, "File \"") || gg_text_starts(t, n, "Traceback (most recent call last)") ||
	       gg_text_starts(t, n, "During handling of the above exception") ||
	       gg_text_starts(t, n, "The above exception was the direct cause") || gg_text_starts(t, n, "Cell In[") ||
	       gg_text_starts(t, n, "Exception has occurred:") || gg_text_starts(t, n, "Stack (most recent call last)");
}

#define FACTS_HEADER_LINES 16 /* message lines a debugger's header takes at most */

/*
 * VS Code's debugger shows a failure as "Exception has occurred:
 * OutOfMemoryError" (the type, sometimes with a note after it), the
 * message on the lines under it, then maybe the frames ("File ...,
 * line N, in f", innermost first). The header types the message: a
 * RuntimeError's text, a ValueError's, an OutOfMemoryError with any text.
 * Returns 1 when the line is the header or its message, 0 when not,
 * -ENOMEM.
 */
static int facts_debugger_header(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	static const char head[] = "Exception has occurred:";
	if (gg_text_starts(t, n, head)) {
		const char *s = t + sizeof head - 1, *end = t + n;
		while (s < end && *s == ' ')
			s++;
		const char *e = s;
		while (e < end && (*e == '_' || *e == '.' || (*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') ||
				   (*e >= '0' && *e <= '9')))
			e++;
		f->header_open = -1;
		if (e == s || f->orphans_len == FACTS_MAX_ORPHANS)
			return 0;
		char *type = gg_text_dup(s, (size_t)(e - s), 256);
		if (!type)
			return -ENOMEM;
		int rc = facts_typed_orphan(f, l, type, "", 0, false);
		free(type);
		if (rc)
			return rc;
		f->header_open = (int)f->orphans_len - 1;
		return 1;
	}
	if (f->header_open < 0)
		return 0;
	gg_log_orphan *o = &f->orphans[f->header_open];
	if (facts_header_message_ends(t, n) || l->number > o->at.line + FACTS_HEADER_LINES) {
		f->header_open = -1;
		return 0;
	}
	size_t have = strlen(o->text);
	if (have + 1 + n <= FACTS_MAX_TEXT) {
		if (text_join_line(&o->text, t, n))
			return -ENOMEM;
		gg_oom_info info;
		o->oom = gg_oom_match(o->type, o->text, strlen(o->text), &info);
	}
	o->continued_to = l->number;
	return 1;
}

/*
 * A multi-process runtime's report that one of its workers failed inside a
 * method the driver called on it ("Exception in worker W while processing
 * method load_model."): a start-up method (loading the weights, placing
 * the device, sizing the KV cache, the profiling run) says the engine was
 * starting, before any request, whichever worker's traceback follows.
 */
static int facts_startup_method(gg_log_facts *f, const gg_log_line *l, const char *t, size_t n)
{
	static const char *const startup[] = {
		"load_model", "init_device", "init_worker", "initialize_cache", "initialize_kv_cache", "_initialize_kv_caches",
		"determine_num_available_blocks", "determine_available_memory", "profile_run", "compile_or_warm_up_model", NULL,
	};
	static const char key[] = "while processing method ";
	const char *p = gg_text_find(t, n, key);
	if (!p)
		return 0;
	p += sizeof key - 1;
	const char *end = t + n, *q = p;
	while (q < end && (*q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9')))
		q++;
	for (const char *const *m = startup; *m; m++)
		if ((size_t)(q - p) == strlen(*m) && memcmp(p, *m, (size_t)(q - p)) == 0) {
			f->startup_method = gg_text_dup(p, (size_t)(q - p), 64);
			if (!f->startup_method)
				return -ENOMEM;
			f->startup_method_line = l->number;
			return 0;
		}
	return 0;
}

/*
 * A line only a run prints: a logger's level tag ("[INFO]", "[INFO|x.py:9]",
 * " - INFO - ", "INFO:"), glog's header ("I1012 00:28:45.38 ..."), a
 * progress bar, or a launcher's rank prefix (taken off by the scanner).
 * Prose and code carry none of these.
 */
static bool facts_run_line(const char *t, size_t n, int rank)
{
	static const char *const tags[] = {
		"[INFO]", "[WARNING]", "[ERROR]", "[DEBUG]", "[WARN]", "[INFO|", "[WARNING|", "[ERROR|", " - INFO - ",
		" - WARNING - ", " - ERROR - ", " - DEBUG - ", " | INFO ", " | WARNING ", " | ERROR ", " | DEBUG ", "%|", NULL,
	};
	if (rank >= 0)
		return true;
	for (const char *const *g = tags; *g; g++)
		if (gg_text_find(t, n, *g))
			return true;
	if (gg_text_starts(t, n, "INFO:") || gg_text_starts(t, n, "WARNING:") || gg_logscan_level_stamp(t, n))
		return true;
	/* glog: a level letter, MMDD, a space and hh:mm:ss. */
	if (n > 14 && strchr("IWEF", t[0]) && strspn(t + 1, "0123456789") == 4 && t[5] == ' ' && t[8] == ':' && t[11] == ':')
		return true;
	/*
	 * PyTorch's own C++ logging in brackets: a level letter, maybe a stamp,
	 * then the source file and line ("[I ProcessGroupWrapper.cpp:562] ",
	 * "[E1112 01:08:10.0359 ProcessGroupNCCL.cpp:607] ").
	 */
	const char *close = n > 4 && t[0] == '[' && t[1] && strchr("IWEF", t[1]) ? memchr(t, ']', n) : NULL;
	return close && (t[2] == ' ' || (t[2] >= '0' && t[2] <= '9')) &&
	       (gg_text_find(t, (size_t)(close - t), ".cpp:") || gg_text_find(t, (size_t)(close - t), ".h:"));
}

/* The length of the name (letters, digits, '_', '.') that t opens with; 0 when it opens with none. */
static size_t facts_name_len(const char *t, size_t n)
{
	size_t k = 0;
	if (n == 0 || !((t[0] >= 'A' && t[0] <= 'Z') || (t[0] >= 'a' && t[0] <= 'z') || t[0] == '_'))
		return 0;
	while (k < n && ((t[k] >= 'A' && t[k] <= 'Z') || (t[k] >= 'a' && t[k] <= 'z') || (t[k] >= '0' && t[k] <= '9') ||
			 t[k] == '_' || t[k] == '.'))
		k++;
	return k;
}

/* Whether t[0..n) ends in a name (letters, digits, '_') that a space or a line start opens. */
static bool facts_name_tail(const char *t, size_t n)
{
	size_t k = n;
	while (k > 0 && ((t[k - 1] >= 'A' && t[k - 1] <= 'Z') || (t[k - 1] >= 'a' && t[k - 1] <= 'z') || (t[k - 1] >= '0' && t[k - 1] <= '9') || t[k - 1] == '_'))
		k--;
	return k < n && (k == 0 || t[k - 1] == ' ');
}

/*
 * A row of a settings table a program printed ("BATCH_SIZE     24"): a
 * name, two or more spaces, a value. Returns the value's column, 0 when
 * the line is no such row. Prose puts one space between its words.
 */
static size_t facts_table_row(const char *t, size_t n)
{
	size_t k = facts_name_len(t, n), v = k;
	if (k < 2)
		return 0;
	while (v < n && t[v] == ' ')
		v++;
	return v - k >= 2 && v < n ? v : 0;
}

/*
 * A shell prompt and the command typed at it ("me@box:~/x$ python3 a.py",
 * "(env) root@c1:/w# torchrun ...", "$ python a.py"): the lines under it
 * are that command's output. The prompt ends in "$ " or "# " after a
 * word with no spaces that names a host or a directory (an '@', a ':' or
 * a '~'), or is that sign alone.
 */
static bool facts_prompt_command(const char *t, size_t n)
{
	size_t i = 0;
	if (n > 2 && t[0] == '(') { /* a virtual environment's name */
		const char *c = memchr(t, ')', n);
		if (!c || (size_t)(c - t) + 2 >= n || c[1] != ' ')
			return false;
		i = (size_t)(c - t) + 2;
	}
	size_t w = i;
	while (w < n && t[w] != ' ')
		w++;
	if (w == i || w + 1 >= n || (t[w - 1] != '$' && t[w - 1] != '#'))
		return false;
	bool placed = w - i == 1;
	for (size_t k = i; k < w - 1 && !placed; k++)
		placed = t[k] == '@' || t[k] == ':' || t[k] == '~';
	return placed && facts_name_len(t + w + 1, n - w - 1) >= 2;
}

/* Whether a line opens with a word like "Building" or "Loading": an announcement of what the run does next. */
static bool facts_announces(const char *t, size_t n)
{
	size_t w = 1;
	if (n == 0 || t[0] < 'A' || t[0] > 'Z')
		return false;
	while (w < n && t[w] >= 'a' && t[w] <= 'z')
		w++;
	return w >= 5 && w < n && t[w] == ' ' && memcmp(t + w - 3, "ing", 3) == 0;
}

/* Whether a bar's label is an epoch's number alone: "Epoch 0:", "epoch 3/10", "Epoch 12 ". */
static bool facts_epoch_label(const char *t, size_t n)
{
	while (n && (t[n - 1] == ' ' || t[n - 1] == ':'))
		n--;
	size_t i = 0;
	while (i < n && t[i] == ' ')
		i++;
	if (n - i < 7 || strncasecmp(t + i, "epoch ", 6) != 0)
		return false;
	bool digit = false;
	for (i += 6; i < n; i++) {
		if (t[i] >= '0' && t[i] <= '9')
			digit = true;
		else if (t[i] != '/' && t[i] != ' ')
			return false;
	}
	return digit;
}

/*
 * Why a run's last line reads as cut where the paste ended, or NULL: a
 * bracket it opened and did not close (a launcher's argv, "['python',
 * '-u', ..."), a logged record whose message is one to three characters
 * after its tags ("[utils.py:9:see_memory_usage] M"), or an announcement
 * without the "..." that the run's other announcements end with.
 */
/* The terminal's echo of an interrupt, often glued to a progress bar's last redraw: a stop, whatever else the paste holds. */
static const char interrupted[] = "it ends in ^C: the run was interrupted there, by a Ctrl-C or, in Colab and other notebook services, by the runtime stopping a process that ran out of RAM";

static const char *facts_cut_reason(const gg_log_facts *f, const char *t, size_t n)
{
	if (n >= 2 && t[n - 2] == '^' && t[n - 1] == 'C')
		return interrupted;
	int depth = 0;
	for (size_t i = 0; i < n; i++)
		depth += t[i] == '[' || t[i] == '(' || t[i] == '{' ? 1 : t[i] == ']' || t[i] == ')' || t[i] == '}' ? -1 : 0;
	if (depth > 0)
		return "it opens a bracket or an argument list that it does not close";
	const char *tag = NULL;
	for (const char *p = gg_text_find(t, n, "] "); p; p = gg_text_find(p + 2, (size_t)(t + n - p - 2), "] "))
		tag = p;
	if (tag) {
		const char *m = tag + 2;
		size_t k = (size_t)(t + n - m);
		if (k >= 1 && k <= 3 && gg_text_find(t, n, "[") && t[n - 1] != '.' && t[n - 1] != ']')
			return "a logged record's message stops after a few characters";
	}
	if (f->run_dots && facts_announces(t, n) && t[n - 1] != '.' && t[n - 1] != ')' && t[n - 1] != '!' && t[n - 1] != ':')
		return "it announces a step without the \"...\" that the run's announcements above end with";
	/* Python logging's "LEVEL:logger:message" with no colon after the logger's name: cut inside that name. */
	static const char *const levels[] = { "DEBUG:", "INFO:", "WARNING:", "ERROR:", "CRITICAL:", NULL };
	for (const char *const *lv = levels; *lv; lv++) {
		size_t k = strlen(*lv);
		if (gg_text_starts(t, n, *lv) && n > k && facts_name_len(t + k, n - k) == n - k)
			return "a logged record stops inside its logger's name, before the colon that starts its message";
	}
	/* An inline quote (`name`) opened and never closed: the line stops inside it. */
	size_t ticks = 0;
	for (size_t i = 0; i < n; i++)
		ticks += t[i] == '`';
	/* `like this': the old quoting of C libraries' messages (an assertion's text), closed by an apostrophe. */
	const char *last_tick = ticks % 2 == 1 ? memrchr(t, '`', n) : NULL;
	if (last_tick && !memchr(last_tick, '\'', (size_t)(t + n - last_tick)))
		return "it opens a quote (`) that it does not close";
	/*
	 * A line of key=value fields whose last field stops right after its
	 * '=' ("... FAIL file=x.cpp line="): a native check's report cut
	 * before the value and the error it names.
	 */
	if (n >= 2 && t[n - 1] == '=' && facts_name_tail(t, n - 1)) {
		const char *eq = memchr(t, '=', n - 1);
		if (eq && eq > t && eq[1] != ' ' && eq[1] != '=' && eq[-1] != ' ')
			return "its last field stops at its name and '=', before the value";
	}
	/*
	 * The line above said again, stopping inside one of its words (a
	 * launcher's "... Killing subprocess 6294" then "... Killi"): the same
	 * record repeated, cut.
	 */
	size_t skip = 0; /* a stamp in brackets that opens both ("[2031-01-02 10:00:00,123] "), its time apart */
	const char *close = n > 1 && t[0] == '[' ? memchr(t, ']', n) : NULL;
	if (close && f->prev_len > (size_t)(close - t) && f->prev_text[0] == '[' && f->prev_text[close - t] == ']')
		skip = (size_t)(close - t) + 1;
	if (n >= skip + 12 && n < f->prev_len && memcmp(t + skip, f->prev_text + skip, n - skip) == 0 && facts_name_tail(t, n) &&
	    ((f->prev_text[n] >= 'a' && f->prev_text[n] <= 'z') || (f->prev_text[n] >= 'A' && f->prev_text[n] <= 'Z')))
		return "it repeats the start of the line above and stops inside one of its words";
	/*
	 * A line of comma-separated key=value fields (an engine's config dump,
	 * "... model=x, seed=0, tokeni") whose last field is a bare name: it
	 * stops inside that name, before its '='.
	 */
	size_t fields = 0;
	for (size_t i = 1; i < n; i++)
		fields += t[i] == '=' && facts_name_tail(t, i);
	const char *comma = fields >= 3 ? memrchr(t, ',', n) : NULL;
	size_t tail = comma ? (size_t)(t + n - comma) : 0;
	if (tail > 2 && comma[1] == ' ' && facts_name_len(comma + 2, tail - 2) == tail - 2)
		return "its comma-separated key=value fields stop inside the last one's name, before its '='";
	/* A logged record's level and time with no message after them ("INFO 04-24 10:22:26 "): cut before it. */
	size_t stamp = gg_logscan_level_stamp(t, n);
	const char *msg = t + stamp;
	if (stamp && (size_t)(t + n - msg) <= 2 && !facts_name_len(msg, (size_t)(t + n - msg)))
		return "a logged record stops after its level and time, before its message";
	/* A bare name under a printed table whose rows all have a value: that row stops before its value. */
	if (f->table_rows >= 3 && facts_name_len(t, n) == n && n >= 2)
		return "a row of the settings table the program printed stops before its value";
	return NULL;
}

const char *gg_logfacts_run_cut(const gg_log_facts *f)
{
	/*
	 * A command's prompt or a printed settings table is a run's output as a
	 * logger's tags are; so is a CUDA runtime's own check-fail line, the
	 * last, under a training loop's prints of its step and loss.
	 */
	size_t marks = f->run_lines + (f->prompt_seen ? 1 : 0) + (f->table_rows >= 3 ? 2 : 0) +
		       (f->last_cuda_check && f->train_print_line ? 2 : 0) + (f->last_exc_cut ? 2 : 0) +
		       (f->last_cut == interrupted ? 2 : 0);
	return marks >= 2 ? f->last_cut : NULL;
}

int gg_logfacts_line(gg_log_facts *f, const gg_log_line *l)
{
	size_t n = l->len;
	const char *t = gg_text_trim(l->text, &n);
	f->lines = l->number;
	/* Past the reach of its what() line (see facts_abort): the terminate line stands alone. */
	if (f->abort_line && l->number > f->abort_line + 2) {
		int rc = facts_abort_alone(f);
		if (rc)
			return rc;
	}
	if (n == 0) {
		f->wrap_rank = -1;
		f->header_open = -1;
		return 0;
	}
	f->last_text_line = l->number;
	if (f->failed_worker < 0 && gg_text_starts(t, n, "Worker ") && n > 7 && t[7] >= '0' && t[7] <= '9') {
		char *stop;
		long w = strtol(t + 7, &stop, 10);
		if (w < 1 << 20 && (size_t)(t + n - stop) >= strlen(" has failed") && memcmp(stop, " has failed", strlen(" has failed")) == 0)
			f->failed_worker = (int)w;
	}
	if ((gg_text_starts(t, n, "Thread 0x") || gg_text_starts(t, n, "Current thread 0x")) && gg_text_find(t, n, "(most recent call first)")) {
		f->fault_dump_line = l->number;
		f->fault_dump_last = 0;
	} else if (f->fault_dump_line && gg_text_starts(t, n, "File \"")) {
		f->fault_dump_last = l->number;
		f->fault_dump_whole = gg_text_find(t, n, "\", line ") && gg_text_find(t, n, " in ");
	}
	const char *cw = gg_text_find(t, n, "CUDA warning: ");
	if (cw) {
		cw += sizeof "CUDA warning: " - 1;
		free(f->cuda_warning);
		if (!(f->cuda_warning = gg_text_dup(cw, (size_t)(t + n - cw), FACTS_MAX_TEXT)))
			return -ENOMEM;
		f->cuda_warning_line = l->number;
	}
	if (l->record || facts_run_line(t, n, l->rank))
		f->run_lines++;
	f->last_cut = facts_cut_reason(f, t, n);
	/*
	 * An exception line alone whose message stops inside the words of an
	 * out-of-memory error ("RuntimeError: DataLoader worker (pid 7) is
	 * killed by signal"): the paste is cut where the failure was being
	 * named, whatever else it holds.
	 */
	size_t type_len;
	const char *msg;
	f->last_exc_cut = !f->last_cut && gg_tb_exception_line(t, n, &type_len, &msg) && msg < t + n &&
			  gg_oom_cut_short(msg, (size_t)(t + n - msg));
	if (f->last_exc_cut)
		f->last_cut = "the exception's message stops inside the words of an out-of-memory error";
	f->prev_len = n < sizeof f->prev_text ? n : sizeof f->prev_text;
	memcpy(f->prev_text, t, f->prev_len);
	if (facts_prompt_command(t, n))
		f->prompt_seen = true;
	size_t col = facts_table_row(t, n);
	if (col && col == f->table_col)
		f->table_rows++;
	else if (col) {
		f->table_col = col;
		f->table_rows = 1;
	}
	f->last_rank = l->rank;
	f->last_argv = gg_text_find(t, n, "--local_rank=") != NULL;
	f->last_cuda_check = gg_text_find(t, n, "CudaCheck FAIL") != NULL;
	if (facts_announces(t, n) && n > 3 && memcmp(t + n - 3, "...", 3) == 0)
		f->run_dots = true;
	/*
	 * A kernel's assertion, printed by the device before the host's
	 * "device-side assert triggered" (or above a paste cut before it):
	 * "File.cu:N: operator(): block: [..], thread: [..] Assertion `cond` failed."
	 */
	const char *as = f->device_assert ? NULL : gg_text_find(t, n, "Assertion `");
	/* The kernel's place and its assertion hard-wrapped onto two lines ("Loss.cu:94: operator(): block: [0,0,0], thread: [0,0,0]"). */
	bool placed_above = f->kernel_place_line && f->kernel_place_line + 1 == l->number;
	if (!as && gg_text_find(t, n, ".cu:") && gg_text_find(t, n, "block: ["))
		f->kernel_place_line = l->number;
	if (as && (gg_text_find(t, n, ".cu:") || placed_above) && gg_text_find(t, n, "` failed")) {
		const char *c = as + 11, *q = gg_text_find(c, (size_t)(t + n - c), "` failed");
		if (!(f->device_assert = gg_text_dup(c, (size_t)(q - c), FACTS_MAX_TEXT)))
			return -ENOMEM;
		f->device_assert_line = l->number;
	}
	/* A frame's code line, its "File" head not pasted: the engine's backward call (torch/autograd/graph.py, __init__.py). */
	if (gg_text_find(t, n, "_execution_engine.run_backward(") || gg_text_starts(t, n, "torch.autograd.backward("))
		f->backward_code_line = l->number;
	/* 3.11's carets under that code line belong to it: the error comes right under them. */
	bool carets = n > 0 && strspn(t, "^~ ") == n;
	if (carets && f->backward_code_line && f->backward_code_line + 1 == l->number)
		f->backward_code_line = l->number;
	if (carets && f->move_code_line && f->move_code_line + 1 == l->number)
		f->move_code_line = l->number;
	/* The same for a loss: torch.nn.functional's own call of its kernel ("return torch._C._nn.nll_loss(...)"). */
	if (gg_text_starts(t, n, "return torch._C._nn.") && (gg_text_find(t, n, "_loss") || gg_text_find(t, n, "cross_entropy(")))
		f->loss_code_line = l->number;
	if (carets && f->loss_code_line && f->loss_code_line + 1 == l->number)
		f->loss_code_line = l->number;
	/* The same for a module's move to the device: convert's line in nn.Module.to, the lambda of .cuda(). */
	if (gg_text_starts(t, n, "return t.to(device, dtype if t.is_floating_point()") || gg_text_find(t, n, "_apply(lambda t: t.cuda(device))"))
		f->move_code_line = l->number;
	long v;
	/* A failed worker's status event names its global rank (an agent's own event has null there). */
	const char *ev = gg_text_find(t, n, "torchelastic.worker.status.FAILED");
	const char *gr = ev ? gg_text_find(ev, (size_t)(t + n - ev), "\"global_rank\":") : NULL;
	if (gr && f->event_rank < 0 && facts_signed(gr + 14 + strspn(gr + 14, " "), t + n, &v) && v >= 0 && v < 1000000)
		f->event_rank = (int)v;
	if (gg_text_starts(t, n, "XLA label: ") || gg_text_starts(t, n, "Allocation type: ") ||
	    gg_text_starts(t, n, "Extra memory due to padding: ") || gg_text_starts(t, n, "Unpadded size: ")) {
		f->xla_listing_fields++;
		f->xla_listing_line = l->number;
	}
	if (gg_text_find(t, n, "ChildFailedError"))
		f->elastic_summary = true;
	if (gg_text_starts(t, n, "Failures:") && f->elastic_summary) {
		f->in_failures = true;
	} else if (f->in_failures) {
		if (t[0] == '=' || t[0] == '-' || gg_text_starts(t, n, "Root Cause"))
			f->in_failures = false;
		else if (facts_field(t, n, "rank", &v) && v >= 0 && v < 64)
			f->failures_ranks |= 1ull << v;
	}
	if (gg_text_starts(t, n, "Root Cause (first observed failure)")) {
		/* The summary's root cause says as much as its ChildFailedError header, which a cut paste may lack. */
		f->in_root_cause = true;
		f->elastic_summary = true;
	} else if (f->in_root_cause) {
		const char *ef = gg_text_starts(t, n, "error_file") ? gg_text_find(t, n, ":") : NULL;
		if (ef && !gg_text_find(t, n, "<N/A>") && gg_text_find(t, n, "/"))
			f->root_error_file = true;
		if (gg_text_starts(t, n, "traceback") && gg_text_find(t, n, "Traceback (most recent call last)"))
			f->root_traceback = true;
		/* Fields one per line ("rank : 1"), or run together when a paste lost its line breaks. */
		if (t[0] == '=')
			f->in_root_cause = false;
		if ((facts_field(t, n, "rank", &v) || facts_inline(t, n, "rank", &v)) && f->root_rank < 0)
			f->root_rank = (int)v;
		if ((facts_field(t, n, "exitcode", &v) || facts_inline(t, n, "exitcode", &v)) && !f->root_exitcode)
			f->root_exitcode = v;
		if ((f->root_exitcode == -9 || gg_text_find(t, n, "(SIGKILL)")) && !f->sigkill) {
			f->sigkill = true;
			f->sigkill_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		}
	}
	if (gg_text_find(t, n, "atch") || gg_text_find(t, n, "ATCH") || gg_text_find(t, n, "***** Running"))
		facts_batch(f, l, t, n);
	const char *acc = gg_text_find(t, n, "eval_accumulation_steps");
	if (acc) {
		const char *p = acc + 23, *end = t + n;
		while (p < end && (*p == ' ' || *p == '=' || *p == ':'))
			p++;
		long steps = facts_number(p, end);
		f->eval_accumulation_steps = steps > 0 ? steps : 0;
	}
	/* Set by the user, not PyTorch's hint (its tail wraps onto a line of its own: "...:True to avoid fragmentation."). */
	if (gg_text_find(t, n, "expandable_segments:True") && !gg_text_find(t, n, "try setting") &&
	    !gg_text_find(t, n, "out of memory") && !gg_text_find(t, n, "to avoid fragmentation"))
		f->expandable_segments = true;
	/*
	 * A SIGKILL, as the shell reports it (often glued to the last redraw of
	 * a progress bar), as mp.spawn or a launcher does, or the kernel's own
	 * OOM-killer report from dmesg.
	 */
	/* pytest -v's test id, then the shell's word when the test's process was killed ("t.py::test_x Killed"). */
	const char *test_id = n > 7 && memcmp(t + n - 7, " Killed", 7) == 0 ? gg_text_find(t, n, ".py::") : NULL;
	/*
	 * The shell's "Killed" written over a progress line the terminal had
	 * not ended ("Killedg in train batch: 12 / 40"): the word at the line's
	 * start, the redrawn line's tail glued to it.
	 */
	bool over = n > 6 && memcmp(t, "Killed", 6) == 0 && t[6] >= 'a' && t[6] <= 'z';
	/*
	 * The word glued after a progress line the terminal had not ended, in
	 * English or in a Chinese locale's shell ("已杀死"): after a bar's own
	 * marks (tqdm's "]", mmcv's "ETA: 2621s", a rate), or alone.
	 */
	static const char zh_killed[] = "\xe5\xb7\xb2\xe6\x9d\x80\xe6\xad\xbb"; /* 已杀死 */
	size_t zk = sizeof zh_killed - 1;
	bool ends_zh = n >= zk && memcmp(t + n - zk, zh_killed, zk) == 0, ends_en = n > 6 && memcmp(t + n - 6, "Killed", 6) == 0 && t[n - 7] != ' ';
	bool glued = (ends_zh && n == zk) ||
		     ((ends_zh || ends_en) && (gg_text_find(t, n, "ETA:") || gg_text_find(t, n, "it/s") || gg_text_find(t, n, "task/s") ||
					      gg_text_find(t, n, "%|")));
	if (!f->killed && (facts_line_is(t, n, "Killed") || facts_line_is(t, n, "Killed: 9") || over || glued || (n > 7 && memcmp(t + n - 7, "]Killed", 7) == 0) ||
			   (test_id && !memchr(t, ' ', (size_t)(test_id - t))) ||
			   gg_text_find(t, n, "terminated with signal SIGKILL") || says_code(t, n, "exit code -9") ||
			   /* The code alone on a line, as a reporter copies it from a launcher's summary. */
			   facts_line_is(t, n, "exitcode -9") || facts_line_is(t, n, "exitcode: -9") ||
			   /* A job runner's report of its child ("ERROR: error code -9"). */
			   says_code(t, n, "error code -9") ||
			   /* A pool's or a launcher's own error for a child the kernel killed ("A subprocess exited unexpectedly with status -9"). */
			   says_code(t, n, "with status -9") ||
			   /* torchelastic's summary field alone ("traceback : Signal 9 (SIGKILL) received by PID 4923"). */
			   gg_text_find(t, n, "Signal 9 (SIGKILL) received by PID") ||
			   /* 128 + 9, as an IDE or a container's runtime reports it ("Process finished with exit code 137"). */
			   gg_text_find(t, n, "exit code 137") || gg_text_find(t, n, "exited with code 137") ||
			   gg_text_find(t, n, "exited on signal 9 (Killed)") ||
			   /* MPICH's hydra: its banner's "=   EXIT CODE: 9" (or 137), and the line after it. */
			   (t[0] == '=' && (says_code(t, n, "EXIT CODE: 9") || says_code(t, n, "EXIT CODE: 137"))) ||
			   gg_text_find(t, n, "EXIT STRING: Killed (signal 9)") ||
			   /* A launcher's CalledProcessError for a child the kernel killed, in both of Python's wordings. */
			   gg_text_find(t, n, "died with <Signals.SIGKILL: 9>") || gg_text_find(t, n, "non-zero exit status -9.") ||
			   gg_text_find(t, n, "invoked oom-killer") || gg_text_find(t, n, "Out of memory: Killed process"))) {
		f->killed = true;
		f->killed_at = (gg_log_span){ l->number, l->offset, l->raw_len };
	}
	/* argparse's own words: "<prog>: error: <what>", the program a script's name (the first one kept). */
	const char *ae = !f->argparse_text ? gg_text_find(t, n, ".py: error: ") : NULL;
	if (ae && !memchr(t, ' ', (size_t)(ae - t))) {
		if (!(f->argparse_text = gg_text_dup(t, n, FACTS_MAX_TEXT)))
			return -ENOMEM;
		f->argparse_line = l->number;
	}
	if (gg_text_starts(t, n, "Exception ignored in") && f->ignored_len < sizeof f->ignored_lines / sizeof *f->ignored_lines)
		f->ignored_lines[f->ignored_len++] = l->number;
	/* A script's own report of its device ("using device: mps", "Using device: cuda:0"): the first one. */
	if (!f->said_device && n > 13 && strncasecmp(t, "using device", 12) == 0) {
		const char *p = t + 12, *end = t + n;
		while (p < end && (*p == ':' || *p == '=' || *p == ' '))
			p++;
		size_t r = (size_t)(end - p);
		f->said_device = r >= 3 && strncmp(p, "mps", 3) == 0    ? GG_OOM_DEVICE_MPS
				 : r >= 4 && strncmp(p, "cuda", 4) == 0 ? GG_OOM_DEVICE_CUDA
				 : r >= 3 && strncmp(p, "xpu", 3) == 0  ? GG_OOM_DEVICE_XPU
				 : r >= 3 && strncmp(p, "cpu", 3) == 0  ? GG_OOM_DEVICE_CPU
									: GG_OOM_DEVICE_UNKNOWN;
	}
	/* An engine's report of the platform it found ("Automatically detected platform cuda."). */
	const char *plat = !f->said_device ? gg_text_find(t, n, "detected platform ") : NULL;
	if (plat) {
		const char *p = plat + 18, *end = t + n;
		while (end > p && end[-1] == '.')
			end--;
		f->said_device = device_named_whole(p, end);
	}
	/*
	 * A trainer's own line naming its device and nothing else ("Device:
	 * cuda:0", after a logger's stamp): the run's device.
	 */
	const char *dev = !f->said_device && n < 80 ? gg_text_find(t, n, "Device: ") : NULL;
	if (dev) {
		gg_oom_device said = device_named_whole(dev + 8, t + n);
		if (said != GG_OOM_DEVICE_UNKNOWN)
			f->said_device = said;
	}
	/*
	 * A tensor the run printed ("tensor([0.1, 0.7], device='cuda:0')"): its
	 * tensors live on that device. A CPU tensor prints no device.
	 */
	const char *tdev = !f->said_device ? gg_text_find(t, n, "device='") : NULL;
	if (tdev) {
		const char *p = tdev + 8;
		size_t r = (size_t)(t + n - p);
		f->said_device = r >= 4 && strncmp(p, "cuda", 4) == 0  ? GG_OOM_DEVICE_CUDA
				 : r >= 3 && strncmp(p, "mps", 3) == 0 ? GG_OOM_DEVICE_MPS
				 : r >= 3 && strncmp(p, "xpu", 3) == 0 ? GG_OOM_DEVICE_XPU
									: GG_OOM_DEVICE_UNKNOWN;
	}
	/*
	 * A run's configuration dump naming its device as a key and a value on
	 * a line of its own, with or without a colon ("device cuda", "device =
	 * cuda:1"): the run's device, as above. The whole line, nothing else.
	 */
	if (!f->said_device && n >= 10 && n < 24 && strncasecmp(t, "device", 6) == 0 && (t[6] == ' ' || t[6] == ':' || t[6] == '=')) {
		const char *p = t + 6, *end = t + n;
		while (p < end && (*p == ':' || *p == '=' || *p == ' '))
			p++;
		gg_oom_device said = device_named_whole(p, end);
		if (said != GG_OOM_DEVICE_UNKNOWN)
			f->said_device = said;
	}
	if ((!f->killed || !f->job_signal) && (gg_text_find(t, n, "[") || gg_text_find(t, n, "zsh: ") || gg_text_find(t, n, ": line "))) {
		const char *sig = facts_job_signal(t, n);
		/* SIGKILL is the OOM killer's signal; the others are crashes, said apart. */
		if (sig && strcmp(sig, "killed") == 0 && !f->killed) {
			f->killed = true;
			f->killed_at = (gg_log_span){ l->number, l->offset, l->raw_len };
			f->killed_macos = gg_text_find(t, n, "Killed: 9") != NULL;
		} else if (sig && strcmp(sig, "killed") != 0 && !f->job_signal) {
			f->job_signal = sig;
			f->job_signal_at = (gg_log_span){ l->number, l->offset, l->raw_len };
			/* The job's own command line may name its device ("device=mps", "--device mps"). */
			const char *dv = gg_text_find(t, n, "device="), *dp = gg_text_find(t, n, "--device ");
			if ((dv || dp) && !f->said_device) {
				const char *p = dv ? dv + 7 : dp + 9, *end = t + n;
				size_t r = p < end ? (size_t)(end - p) : 0;
				f->said_device = r >= 3 && strncmp(p, "mps", 3) == 0    ? GG_OOM_DEVICE_MPS
						 : r >= 4 && strncmp(p, "cuda", 4) == 0 ? GG_OOM_DEVICE_CUDA
						 : r >= 3 && strncmp(p, "cpu", 3) == 0  ? GG_OOM_DEVICE_CPU
											: GG_OOM_DEVICE_UNKNOWN;
			}
		}
	}
	/* The DataLoader's own word for a worker's bus error, and a shared-memory file it could not write ("unable to write to file </torch_12_34>"). */
	if (!f->shm && (gg_text_find(t, n, "insufficient shared memory") || gg_text_find(t, n, "to file </torch_"))) {
		f->shm = true;
		f->shm_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		f->shm_file = !gg_text_find(t, n, "insufficient shared memory");
	}
	/*
	 * A memory limit's OOM handler: SLURM's step cgroup ("Detected 1
	 * oom-kill event(s) in StepId=5.batch cgroup", "oom_kill event", "Exceeded
	 * job memory limit", "exceeded memory limit (X > Y), being killed"), the
	 * kernel's report for a memory cgroup. The first one is the one that counts.
	 */
	if (f->xla_ordinal < 0 && (f->xla_ordinal = facts_xla_ordinal(t, n)) >= 0)
		f->xla_ordinal_line = l->number;
	/* Ascend's error header: the device and rank of the error block under it. */
	const char *npu_dev = gg_text_find(t, n, "(PID:");
	npu_dev = npu_dev ? gg_text_find(npu_dev, (size_t)(t + n - npu_dev), ", Device:") : NULL;
	if (npu_dev) {
		long dev = facts_number(npu_dev + 9, t + n);
		const char *r = gg_text_find(npu_dev, (size_t)(t + n - npu_dev), "RankID:");
		long rank = r ? facts_number(r + 7, t + n) : -1;
		if (dev >= 0 && dev < 100000) {
			f->npu_header_device = (int)dev;
			f->npu_header_rank = rank >= 0 && rank < 1000000 ? (int)rank : -1;
			f->npu_header_line = l->number;
		}
	}
	if (!f->open_files_at.line && gg_text_find(t, n, "Too many open files"))
		f->open_files_at = (gg_log_span){ l->number, l->offset, l->raw_len };
	if (gg_text_find(t, n, "invoked oom-killer") || gg_text_find(t, n, "Out of memory: Killed process"))
		f->killed_kernel = true;
	if (gg_text_starts(t, n, "(Pdb)") || gg_text_starts(t, n, "(Pdb++)") || gg_text_starts(t, n, "ipdb>"))
		f->debugger_prompt_line = l->number;
	/* Only a memory monitor's kill prints these: the sentence sending the reader to its OOM page, its top users' table. */
	if (!f->monitor_oom && (gg_text_find(t, n, "ray-oom-prevention") || gg_text_find(t, n, "how to address the out of memory issue") ||
				(gg_text_starts(t, n, "PID") && gg_text_find(t, n, "MEM(GB)") && gg_text_find(t, n, "COMMAND")))) {
		f->monitor_oom = true;
		f->monitor_at = (gg_log_span){ l->number, l->offset, l->raw_len };
	}
	if (!f->cgroup_oom && (gg_text_find(t, n, "oom-kill event") || gg_text_find(t, n, "oom_kill event") ||
			       facts_memcg_at_limit(t, n) ||
			       gg_text_find(t, n, "xceeded job memory limit") || gg_text_find(t, n, "xceeded step memory limit") ||
			       (gg_text_find(t, n, "exceeded memory limit") && gg_text_find(t, n, "being killed")) ||
			       gg_text_find(t, n, "Memory cgroup out of memory") ||
			       /* Kubernetes: a container's "Reason: OOMKilled", runc's "container init was OOM-killed (memory limit too low?)". */
			       gg_text_find(t, n, "OOMKilled") || gg_text_find(t, n, "was OOM-killed"))) {
		f->cgroup_oom = true;
		f->cgroup_slurm = gg_text_find(t, n, "slurmstepd") || gg_text_find(t, n, "StepId=") ||
				  gg_text_find(t, n, "job memory limit") || gg_text_find(t, n, "step memory limit") ||
				  gg_text_find(t, n, "being killed");
		f->cgroup_at = (gg_log_span){ l->number, l->offset, l->raw_len };
	}
	/* srun naming the task its step's cgroup killed: "srun: error: node7: task 3: Out Of Memory". */
	const char *task = f->srun_oom_task < 0 && gg_text_starts(t, n, "srun: error: ") ? gg_text_find(t, n, ": task ") : NULL;
	if (task && gg_text_find(task, (size_t)(t + n - task), ": Out Of Memory")) {
		long v = facts_number(task + 7, t + n);
		if (v >= 0 && v < 1000000)
			f->srun_oom_task = (int)v;
	}
	/* ... or the one SIGKILL ended: "srun: error: node7: task 0: Killed" (the kernel's OOM killer, most likely). */
	task = f->srun_killed_task < 0 && gg_text_starts(t, n, "srun: error: ") ? gg_text_find(t, n, ": task ") : NULL;
	if (task && n > 8 && memcmp(t + n - 8, ": Killed", 8) == 0) {
		long v = facts_number(task + 7, t + n);
		if (v >= 0 && v < 1000000) {
			f->srun_killed_task = (int)v;
			if (!f->killed) {
				f->killed = true;
				f->killed_at = (gg_log_span){ l->number, l->offset, l->raw_len };
			}
		}
	}
	if (gg_text_find(t, n, "THCudaCheck FAIL"))
		f->thc_check = true;
	if (gg_text_find(t, n, "THCudaCheck") || gg_text_find(t, n, "cuda runtime error (2)") ||
	    gg_text_find(t, n, "/THC/") || gg_text_find(t, n, "\\THC\\"))
		f->thc = true;
	/* 0.4 moved THC under aten/src; before it, Variables printed themselves as "Variable containing:". */
	/* From 0.4 to 1.10 THC lived under aten/src: a message with that path came from one of those releases. */
	if (gg_text_find(t, n, "aten/src/THC") || gg_text_find(t, n, "aten\\src\\THC"))
		f->aten_thc = true;
	/* TH, the CPU library, lived there too before 0.4 ("at /pytorch/torch/lib/TH/THGeneral.c:253"). */
	if (gg_text_find(t, n, "torch/lib/THC/") || gg_text_find(t, n, "torch\\lib\\THC\\") ||
	    gg_text_find(t, n, "torch/lib/TH/") || gg_text_find(t, n, "torch\\lib\\TH\\") ||
	    facts_line_is(t, n, "Variable containing:"))
		f->pre_0_4 = true;
	/*
	 * A chat session's turn, its role's label and what was typed ("Human:
	 * hello", "User: ..."): the model was loaded and the session started.
	 */
	static const char *const roles[] = { "Human: ", "User: ", "USER: ", "You: ", NULL };
	for (const char *const *r = roles; *r; r++)
		if (n > strlen(*r) && n < 200 && gg_text_starts(t, n, *r))
			f->chat_prompt_line = l->number;
	/* vLLM's serving engine, by its package's path or its logger's file tag: it runs the model under inference_mode. */
	if (gg_text_find(t, n, "vllm/engine/") || gg_text_find(t, n, "vllm/v1/engine/") || gg_text_find(t, n, "vllm\\engine\\") ||
	    gg_text_find(t, n, "[async_llm_engine.py:") || gg_text_find(t, n, "[llm_engine.py:"))
		f->engine_line = l->number;
	/* A bar labelled for loading ("Loading checkpoint shards:  0%|"): weights being read. */
	const char *bar = gg_text_find(t, n, "%|");
	/* A notebook's tqdm prints no bar, only its figures ("57% 4/7 [00:40<00:29, 9.96s/it]"). */
	for (const char *p = t; !bar && (p = gg_text_find(p, (size_t)(t + n - p), "% ")) != NULL; p++)
		if (p + 2 < t + n && facts_digit(p[2]) && p > t && facts_digit(p[-1])) {
			const char *q = p + 2;
			while (q < t + n && facts_digit(*q))
				q++;
			if (q < t + n && *q == '/')
				bar = p;
		}
	if (bar) {
		const char *ld = gg_text_find(t, (size_t)(bar - t), "Loading ");
		/* The label may follow a prompt's own words, in any script ("...: Loading", a full-width colon). */
		if (ld && (ld == t || ld[-1] == ' ' || ld[-1] == ']' || ld[-1] == ':' || (unsigned char)ld[-1] >= 0x80))
			f->load_bar_line = l->number;
	}
	/* A serving launcher's shard (a tensor-parallel worker) that died before it served: the engine's start. */
	if (!f->shard_start_failed && (gg_text_find(t, n, "ShardCannotStart") ||
				       (gg_text_find_ci(t, n, "shard") && gg_text_find(t, n, "failed to start"))))
		f->shard_start_failed = true;
	if (!f->startup_method && facts_startup_method(f, l, t, n) != 0)
		return -ENOMEM;
	/* Inductor prints Triton's "out of resource" on a line of its own under its "No valid triton configs" error. */
	if (!f->out_of_resource && gg_text_find_ci(t, n, "out of resource:") && gg_oom_out_of_resource(NULL, t, n)) {
		f->out_of_resource = true;
		const char *r = gg_text_find_ci(t, n, "out of resource:");
		if (!(f->resource_text = gg_text_dup(r, (size_t)(t + n - r), FACTS_MAX_TEXT)))
			return -ENOMEM;
		f->resource_at = (gg_log_span){ l->number, l->offset, l->raw_len };
		f->resource_autotune = gg_text_find(t, n, "benchmark choice") || gg_text_find(t, n, "Ignoring this choice") ||
				       gg_text_find(t, n, "autotun") || gg_text_find(t, n, "select_algorithm.py");
	}
	/* NCCL's proxy thread names the global rank whose operation it failed: the rank, where the tag only names a device. */
	const char *pr;
	if (!f->nccl_proxy_rank1 && gg_text_find(t, n, "NCCL WARN [Proxy Service") && gg_text_find(t, n, "Failed to execute operation") &&
	    (pr = gg_text_find(t, n, " from rank ")) != NULL && pr + 11 < t + n && pr[11] >= '0' && pr[11] <= '9') {
		long r = strtol(pr + 11, NULL, 10);
		if (r >= 0 && r < 1000000)
			f->nccl_proxy_rank1 = (int)r + 1;
	}
	/* The watchdog's frames under a paste that cuts its what() line: the timeout check is what threw. */
	if (!f->nccl_timeout_frames && gg_text_find(t, n, "frame #") && gg_text_find(t, n, "WorkNCCL::checkTimeout"))
		f->nccl_timeout_frames = true;
	if (!f->cuda_cpp_frames && gg_text_find(t, n, "frame #") &&
	    (gg_text_find(t, n, "libtorch_cuda.so") || gg_text_find(t, n, "ProcessGroupNCCL") || gg_text_find(t, n, "libnccl")))
		f->cuda_cpp_frames = true;
	if (gg_text_find(t, n, "failed (exitcode:") || gg_text_find(t, n, "FAILED (exitcode"))
		facts_launcher(f, l, t, n);
	facts_agent_signal(f, l, t, n);
	if (facts_stopped(f, l, t, n) != 0)
		return -ENOMEM;
	if (facts_worker_crash(f, l, t, n) != 0)
		return -ENOMEM;
	if ((gg_text_find(t, n, ".py:") || gg_text_find(t, n, " - ")) && facts_logged_location(f, l, t, n) != 0)
		return -ENOMEM;
	/* A training loop's header pasted as code, its body elided: what was running, by the data it iterates. */
	if ((gg_text_starts(t, n, "for ") || gg_text_starts(t, n, "async for ")) && n > 1 && t[n - 1] == ':') {
		const char *in = gg_text_find(t, n, " in ");
		if (in && gg_phase_words_n(in + 4, (size_t)(t + n - in - 4)) == GG_WORDS_TRAIN)
			f->train_loop_line = l->number;
	}
	const char *pct = gg_text_find(t, n, "%|");
	if (!pct && n < 200 && (gg_text_find(t, n, "Epoch") || gg_text_find(t, n, "epoch")) && gg_text_find_ci(t, n, "loss") &&
	    facts_titles_only(t, n)) {
		f->train_titles_line = l->number;
		f->train_titles_gpu = gg_text_find(t, n, "GPU_mem") || gg_text_find(t, n, "gpu_mem");
	}
	if (pct) {
		/* The label: what precedes the bar's percentage figure. */
		size_t k = (size_t)(pct - t);
		while (k > 0 && ((t[k - 1] >= '0' && t[k - 1] <= '9') || t[k - 1] == '.' || t[k - 1] == ' '))
			k--;
		int words = gg_phase_words_n(t, k);
		if (words == GG_WORDS_EVAL)
			f->eval_bar_line = l->number;
		/*
		 * A bar labelled for training ("Train:  0%|"), its postfix maybe
		 * empty, is a training loop's as well; so is one labelled with an
		 * epoch's number alone ("Epoch 0:   4%|", Lightning's fit bar: its
		 * validation bar is labelled for validation).
		 */
		else if (words == GG_WORDS_TRAIN || facts_epoch_label(t, k))
			f->train_bar_line = l->number;
	}
	/*
	 * A loss and a learning rate in the postfix, or a running average of
	 * the training loss alone ("avr_loss=0.17", "train_loss=..."): an
	 * evaluation bar's loss is named for it (val_loss) or comes alone.
	 */
	if (pct && gg_text_find_ci(t, n, "loss") &&
	    (gg_text_find(t, n, "lr=") || gg_text_find(t, n, "lr:") || gg_text_find(t, n, "learning_rate") ||
	     gg_text_find_ci(t, n, "learning rate") || gg_text_find(t, n, "avr_loss=") ||
	     gg_text_find(t, n, "avg_loss=") || gg_text_find(t, n, "train_loss=")))
		f->train_bar_line = l->number;
	else if (!gg_text_find(t, n, "%|") && facts_train_print(t, n))
		f->train_print_line = l->number;
	else if (n < 200 && facts_load_note(t, n))
		/* "loading weights from ...", "Loading cached tokens in data/x_val.bin": what the run reads (its data whole is not: facts_loads_data). */
		f->load_note_line = l->number;
	else if (facts_eval_note(t, n)) {
		f->eval_note_line = l->number;
		f->eval_note_banner = gg_text_find(t, n, "---") || gg_text_find(t, n, "===") || gg_text_find(t, n, "***") ||
				      gg_text_find(t, n, "###");
	}
	if (facts_eval_print(t, n))
		f->eval_print_line = l->number;
	if (gg_text_find_ci(t, n, "step") || gg_text_find_ci(t, n, "iter"))
		facts_step(f, l, t, n);
	if (gg_text_find_ci(t, n, "process ") && (gg_text_find(t, n, " terminated with ") || gg_text_find(t, n, "exited on signal")))
		facts_spawn(f, l, t, n);
	if (gg_text_find(t, n, "--local_rank=") || gg_text_find(t, n, "exits with return code = "))
		facts_deepspeed(f, l, t, n);
	if (f->mpirun_first_line || gg_text_find(t, n, "The first process to do so was"))
		facts_mpirun(f, l, t, n);
	if (gg_text_find(t, n, "mem") || gg_text_find(t, n, "Mem") || gg_text_find(t, n, "MEM"))
		facts_memory_reading(f, t, n);
	int rc = 0;
	if (!f->torch_version_other && (gg_text_find(t, n, "orch") || gg_text_find(t, n, "ORCH")))
		rc = facts_torch_version(f, t, n);
	if (!rc)
		rc = facts_warning(f, l, t, n);
	if (!rc)
		rc = facts_debugger_header(f, l, t, n);
	if (!rc)
		rc = facts_abort(f, l, t, n);
	if (!rc)
		rc = facts_orphan_continue(f, l, t, n);
	if (rc == 1)
		rc = 0;
	else if (!rc)
		rc = facts_orphan(f, l, t, n);
	if (!rc && (rc = facts_lone_continue(f, l, t, n)) == 1)
		rc = 0;
	else if (!rc)
		rc = facts_lone_exception(f, l, t, n);
	if (!rc && (gg_text_find(t, n, "ERROR") || gg_text_find(t, n, "CRITICAL")))
		rc = facts_logged_error(f, l, t, n);
	if (l->rank >= 0)
		f->wrap_rank = l->rank;
	/* Kept after the line is read: the line under it is the one that may use it. */
	free(f->prev_code);
	f->prev_code = NULL;
	if (!rc && facts_bare_code(t, n)) {
		if (!(f->prev_code = gg_text_dup(t, n, FACTS_MAX_TEXT)))
			return -ENOMEM;
		f->prev_code_line = l->number;
	}
	return rc;
}

/* major * 100 + minor of a version string ("0.4.1" is 4), or -1. */
static int facts_version_number(const char *v)
{
	int major = -1, minor = -1;
	if (!v || sscanf(v, "%d.%d", &major, &minor) != 2)
		return -1;
	return major * 100 + minor;
}

void gg_logfacts_settle_version(gg_log_facts *f)
{
	int first = facts_version_number(f->torch_version);
	if (!f->aten_thc || first < 0 || first >= 4)
		return;
	/* The message's own path says 0.4 or later: the pre-0.4 release named is the one that worked, not this run's. */
	int other = facts_version_number(f->torch_version_other);
	f->torch_version_refuted = f->torch_version;
	f->torch_version = other >= 4 ? f->torch_version_other : NULL;
	if (other < 4)
		free(f->torch_version_other);
	f->torch_version_other = NULL;
}

bool gg_logfacts_collective_timeout(const char *m)
{
	return strstr(m, GG_WATCHDOG_TIMEOUT) || strstr(m, "Exception raised from checkTimeout");
}
