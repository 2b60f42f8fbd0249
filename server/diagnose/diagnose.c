/*
 * The diagnosis driver: streams the log through the line reader into the
 * traceback parser and the facts scanner, keeps the chains in bounded
 * memory, then turns each into a diagnosis and picks the initiating one.
 */
#include "diagnose.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "classify.h"
#include "findings.h"
#include "phase.h"
#include "text.h"

#define DX_MAX_LINE (1u << 20) /* bytes of one log line kept: longer lines are cut */
#define DX_MAX_CHAINS 64       /* failures kept */

struct gg_diagnoser {
	gg_logscan *scan;
	gg_tbparse *parse;
	gg_log_facts facts;
	gg_tb_chain **chains; /* owned, each owned */
	size_t len;
	size_t omitted;
	int error;
	uint64_t launcher_tail; /* the launcher's own traceback folded into the failure it reports: its line, or 0 */
	uint64_t launcher_summary; /* the launcher's ChildFailedError, its summary naming the root cause, folded: its line, or 0 */
	uint64_t stamped_over;    /* a ranked runtime line printed above the one picked, stamped later: its line, or 0 */
	uint64_t timeout_stacks;  /* cut tracebacks under watchdog timeout lines, read as those ranks reporting it: where they start, or 0 */
	/*
	 * Watchdog timeouts of several ranks, all in one collective (one
	 * SeqNum): its SeqNum, the ranks listed (a bit each,
	 * the first 64) and how many; 0 seq when not so (see dx_one_collective).
	 */
	long collective_seq;
	uint64_t collective_ranks;
	int collective_count;
	bool collective_stamped; /* ... their lines carry glog stamps */
	int collective_missing;  /* ... the one rank below the highest listed that is not listed, or -1 */
	int collective_cut;      /* ... a rank not listed whose line ends the paste, cut before its words: it printed too; or -1 */
	bool collective_cut_prefix; /* ... the paste ends inside one more line's rank prefix ("[ra"): whose, unknown */
};

const char *gg_dx_kind_name(gg_dx_kind k)
{
	switch (k) {
	case GG_DX_NOT_OOM: return "not-oom";
	case GG_DX_OOM: return "oom";
	case GG_DX_OOM_TRAINING: return "oom-training";
	case GG_DX_OOM_EVAL: return "oom-eval";
	case GG_DX_OOM_EVAL_NO_GRAD: return "oom-eval-no-grad";
	case GG_DX_INCOMPLETE: return "incomplete";
	}
	return "oom";
}

const char *gg_diagnosis_verdict(const gg_diagnosis *d)
{
	switch (d->kind) {
	case GG_DX_OOM_EVAL_NO_GRAD: return d->grad_controlled ? "in evaluation, with autograd on if its flag said so" : "in evaluation, with autograd on";
	case GG_DX_OOM_EVAL: return d->grad_disabled == 1 ? "in evaluation (autograd was already off)" : "in evaluation";
	case GG_DX_OOM_TRAINING: return "in training";
	case GG_DX_OOM:
		if (d->cause == GG_CAUSE_KV_CACHE)
			return "at the serving engine's start (its KV cache)";
		return d->phase == GG_PHASE_LOADING ? "while loading the model" : "";
	case GG_DX_INCOMPLETE:
	case GG_DX_NOT_OOM: break;
	}
	return NULL;
}

const char *gg_dx_phase_name(gg_dx_phase p)
{
	switch (p) {
	case GG_PHASE_TRAINING: return "training";
	case GG_PHASE_EVALUATION: return "evaluation";
	case GG_PHASE_LOADING: return "loading";
	case GG_PHASE_UNKNOWN: break;
	}
	return "unknown";
}

const char *gg_dx_confidence_name(gg_dx_confidence c)
{
	return c == GG_CONFIDENCE_HIGH ? "high" : c == GG_CONFIDENCE_MEDIUM ? "medium" : "low";
}

/*
 * Keeps a finished chain. When full, an older chain without an OOM makes
 * room; if every kept chain is an OOM the new one is dropped: the earliest
 * OOMs are the ones that matter.
 */
static int dx_keep(void *ctx, gg_tb_chain *c)
{
	gg_diagnoser *d = ctx;
	if (d->len == DX_MAX_CHAINS) {
		size_t victim = d->len;
		for (size_t i = 0; i < d->len; i++)
			if (!d->chains[i]->has_oom) {
				victim = i;
				break;
			}
		if (victim == d->len) {
			d->omitted++;
			gg_tb_chain_free(c);
			return 0;
		}
		gg_tb_chain_free(d->chains[victim]);
		memmove(&d->chains[victim], &d->chains[victim + 1], (d->len - victim - 1) * sizeof *d->chains);
		d->len--;
		d->omitted++;
	}
	d->chains[d->len++] = c;
	return 0;
}

static int dx_line(void *ctx, const gg_log_line *line)
{
	gg_diagnoser *d = ctx;
	int rc = gg_logfacts_line(&d->facts, line);
	if (rc)
		return rc;
	return gg_tbparse_line(d->parse, line, gg_logfacts_summary_rank(&d->facts));
}

gg_diagnoser *gg_diagnoser_new(void)
{
	gg_diagnoser *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	gg_logfacts_init(&d->facts);
	/* rank 0 is a rank: none until dx_one_collective reads one */
	d->collective_cut = -1;
	d->collective_missing = -1;
	d->chains = calloc(DX_MAX_CHAINS, sizeof *d->chains);
	d->scan = gg_logscan_new(DX_MAX_LINE, dx_line, d);
	d->parse = gg_tbparse_new(dx_keep, d);
	if (!d->chains || !d->scan || !d->parse) {
		gg_diagnoser_delete(d);
		return NULL;
	}
	return d;
}

void gg_diagnoser_delete(gg_diagnoser *d)
{
	if (!d)
		return;
	gg_logscan_delete(d->scan);
	gg_tbparse_delete(d->parse);
	gg_logfacts_free(&d->facts);
	for (size_t i = 0; i < d->len; i++)
		gg_tb_chain_free(d->chains[i]);
	free(d->chains);
	free(d);
}

int gg_diagnoser_feed(gg_diagnoser *d, const char *buf, size_t len)
{
	if (d->error)
		return d->error;
	int rc = gg_logscan_feed(d->scan, buf, len);
	if (rc)
		d->error = rc;
	return rc;
}

/*
 * Moves from's frames into to, which has none to keep: to owns them, and
 * from keeps to's buffer, empty (each buffer has one owner throughout).
 */
static void dx_frames_take(gg_traceback *to, gg_traceback *from)
{
	gg_tb_frame *frames = to->frames;
	size_t cap = to->cap;
	to->frames = from->frames;
	to->len = from->len;
	to->cap = from->cap;
	from->frames = frames;
	from->len = 0;
	from->cap = cap;
}

static void dx_diagnosis_free(gg_diagnosis *x)
{
	const gg_traceback *tb = x->chain ? gg_diagnosis_traceback(x) : NULL;
	if (x->frames && tb)
		for (size_t i = 0; i < tb->len; i++)
			gg_resolution_free(&x->frames[i].res);
	free(x->frames);
	gg_tb_chain_free(x->chain);
	free(x->explanation);
	free(x->fix);
	free(x->cause_evidence);
	for (size_t i = 0; i < x->evidence_len; i++)
		free(x->evidence[i]);
	free(x->evidence);
	free(x->static_message);
	free(x->consequence_type);
}

void gg_diagnoses_free(gg_diagnoses *d)
{
	for (size_t i = 0; i < d->len; i++)
		dx_diagnosis_free(&d->items[i]);
	free(d->items);
	free(d->torch_version);
	memset(d, 0, sizeof *d);
}

const gg_traceback *gg_diagnosis_traceback(const gg_diagnosis *d)
{
	return &d->chain->tbs[d->tb];
}

const gg_tb_frame *gg_diagnosis_culprit(const gg_diagnosis *d)
{
	return d->culprit >= 0 ? &gg_diagnosis_traceback(d)->frames[d->culprit] : NULL;
}

/* Gives tb the exception an out-of-memory line printed on its own. Returns 0 or -ENOMEM. */
static int dx_exception_from_orphan(gg_traceback *tb, const gg_log_orphan *o)
{
	size_t type_len;
	const char *msg;
	size_t n = strlen(o->text);
	/*
	 * A wrapper's or a logger's "Error:" in front of the exception's own
	 * line ("Error:RuntimeError: NPU out of memory ..."): the type is the
	 * one after it.
	 */
	const char *t = o->text;
	if (!o->type && !o->abort && !o->header && n > 6 && strncasecmp(t, "error:", 6) == 0) {
		const char *r = t + 6;
		while (*r == ' ')
			r++;
		if (gg_tb_exception_line(r, strlen(r), &type_len, &msg)) {
			n -= (size_t)(r - t);
			t = r;
		}
	}
	if (o->type || o->abort || o->header) {
		/* Typed by the paste (a debugger's header, a C++ abort's): the text is the message. */
		tb->exc.type = strdup(o->type ? o->type : "");
		tb->exc.message = gg_text_dup(o->text, n, 4096);
	} else if (gg_tb_exception_line(t, n, &type_len, &msg)) {
		size_t glued = gg_tb_type_glued(t, type_len);
		tb->exc.type = gg_text_dup(t + glued, type_len - glued, 256);
		tb->exc.message = gg_text_dup(msg, n - (size_t)(msg - t), 4096);
		tb->exc.colon_only = msg == t + n && n > type_len &&
				     (t[type_len] == ':' || (unsigned char)t[type_len] == 0xEF);
	} else {
		tb->exc.type = strdup("");
		tb->exc.message = strdup(o->text);
	}
	tb->exc.detail = strdup(o->text);
	tb->exc.at = o->at;
	tb->has_exception = true;
	return tb->exc.type && tb->exc.message && tb->exc.detail ? 0 : -ENOMEM;
}

/*
 * A failure the paste shows no traceback of (a launcher's summary, a stop,
 * run output cut short, an allocation listing): one empty traceback at the
 * line it is read from, for rank. NULL when out of memory.
 */
static gg_tb_chain *dx_bare_chain(int rank, uint64_t line)
{
	gg_tb_chain *c = calloc(1, sizeof *c);
	gg_traceback *tb = c ? calloc(1, sizeof *tb) : NULL;
	if (!tb) {
		free(c);
		return NULL;
	}
	c->tbs = tb;
	c->len = c->cap = 1;
	c->rank = rank;
	tb->at = (gg_log_span){ line, 0, 0 };
	return c;
}

/* A chain of one frameless traceback for an OOM line printed without one. */
static gg_tb_chain *dx_orphan_chain(const gg_log_orphan *o, uint64_t seq)
{
	gg_tb_chain *c = calloc(1, sizeof *c);
	gg_traceback *tb = calloc(1, sizeof *tb);
	if (!c || !tb) {
		free(c);
		free(tb);
		return NULL;
	}
	c->tbs = tb;
	c->len = c->cap = 1;
	c->rank = o->rank;
	c->pid = o->pid;
	c->has_oom = o->oom;
	c->abort_unsaid = o->unsaid;
	c->relayed_json = o->relayed_json;
	c->seq = seq;
	tb->at = o->at;
	if (dx_exception_from_orphan(tb, o) != 0) {
		gg_tb_chain_free(c);
		return NULL;
	}
	/* The place a logger line names is where it was raised: one frame, its function not printed. */
	if (o->place_file) {
		tb->frames = calloc(1, sizeof *tb->frames);
		if (!tb->frames) {
			gg_tb_chain_free(c);
			return NULL;
		}
		tb->len = tb->cap = 1;
		tb->frames[0] = (gg_tb_frame){ .filename = strdup(o->place_file), .function = strdup(""), .line = o->place_line, .at = o->at };
		if (!tb->frames[0].filename || !tb->frames[0].function) {
			gg_tb_chain_free(c);
			return NULL;
		}
	}
	return c;
}

/*
 * A chain for a line the paste shows in place of a traceback (a kill, a
 * signal, a kernel's assertion): text (owned, freed here; NULL where it
 * could not be made), at line at, of rank. NULL on failure.
 */
static gg_tb_chain *dx_line_chain(char *text, int rank, bool oom, gg_log_span at)
{
	gg_log_orphan o = { .rank = rank, .oom = oom, .text = text, .at = at, .continued_to = at.line };
	gg_tb_chain *c = text ? dx_orphan_chain(&o, 0) : NULL;
	free(text);
	return c;
}

/*
 * Frames whose out-of-memory line was printed above them: logging's
 * `logger.error(msg, stack_info=True)` prints the message, then "Stack
 * (most recent call last):" and the frames; some IDEs and paste tools put
 * the message first and the frames innermost first, without a header.
 */
#define DX_STACK_REACH 20 /* lines between the message and its stack block */
#define DX_HEADERLESS_REACH 12 /* the message's own continuation lines may come between */
#define DX_CUT_REACH 3 /* an allocator's line (THCudaCheck FAIL) right above a traceback cut before its exception */
static void dx_frames_reverse(gg_traceback *tb)
{
	for (size_t a = 0, b = tb->len; a + 1 < b; a++, b--) {
		gg_tb_frame t = tb->frames[a];
		tb->frames[a] = tb->frames[b - 1];
		tb->frames[b - 1] = t;
	}
}

/* Whether a frame's function is the script's top level: "<module>", or that name cut by the paste ("<mo"). */
static bool dx_top_level(const gg_tb_frame *f)
{
	size_t n = strlen(f->function);
	return n >= 2 && f->function[0] == '<' && strncmp(f->function, "<module>", n) == 0;
}

/* Whether a's source line calls the function of frame b (`losses = self.compute_losses(...)` and compute_losses). */
static bool dx_line_calls(const gg_tb_frame *a, const gg_tb_frame *b)
{
	size_t n = strlen(b->function);
	if (!a->code || n == 0 || b->function[0] == '<')
		return false;
	for (const char *p = strstr(a->code, b->function); p; p = strstr(p + 1, b->function)) {
		bool starts = p == a->code || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		if (starts && p[n] == '(')
			return true;
	}
	return false;
}

/*
 * Frames printed innermost first, told by the ends: <module> (always the
 * outermost) last and not first, or a library frame first and the user's
 * code last; or by the calls, each frame's line calling the frame printed
 * above it rather than the one below. Only for frames a view printed
 * without their header.
 */
static bool dx_innermost_first(const gg_traceback *tb)
{
	if (tb->len < 2)
		return false;
	const gg_tb_frame *head = &tb->frames[0], *tail = &tb->frames[tb->len - 1];
	if ((dx_top_level(tail) && !dx_top_level(head)) ||
	    (gg_phase_is_library(head->filename) && !gg_phase_is_library(tail->filename)))
		return true;
	size_t down = 0, up = 0;
	for (size_t i = 0; i + 1 < tb->len; i++) {
		down += dx_line_calls(&tb->frames[i], &tb->frames[i + 1]);
		up += dx_line_calls(&tb->frames[i + 1], &tb->frames[i]);
	}
	return up >= 2 && down == 0;
}

/*
 * A debugger's header names the failure when its message is there, or when
 * its type alone decides (a ValueError, a MemoryError): a RuntimeError with
 * its message not pasted may be an allocator's, so the frames stay cut.
 */
static bool dx_header_speaks(const gg_log_orphan *o)
{
	return o->header && o->type && (o->text[0] || o->oom || gg_tb_type_decides(o->type));
}

/*
 * Workers of one runtime print into one log, each line under its process
 * label: a message of one worker is never the exception of another's
 * traceback, even when it lands right above it. Unlabelled: one process.
 */
static bool dx_same_process(const gg_log_orphan *o, const gg_tb_chain *c)
{
	return o->pid <= 0 || c->pid <= 0 || o->pid == c->pid;
}

/*
 * The paste's lone exception line (see logfacts.h), above tb within reach,
 * on its rank, not given to another traceback and not the exception line
 * of any traceback read.
 */
static bool dx_lone_above(const gg_diagnoser *d, const gg_tb_chain *c, const gg_traceback *tb, uint64_t reach)
{
	const gg_log_orphan *o = &d->facts.lone;
	if (!o->text || o->used || !dx_same_process(o, c) || o->at.line >= tb->at.line || o->continued_to + reach < tb->at.line ||
	    (o->rank != c->rank && o->rank >= 0))
		return false;
	for (size_t i = 0; i < d->len; i++)
		for (size_t k = 0; k < d->chains[i]->len; k++) {
			const gg_traceback *t = &d->chains[i]->tbs[k];
			if (t->has_exception && t->exc.at.line == o->at.line)
				return false;
		}
	return true;
}

/* Whether the orphan's line is the exception line of a traceback read. */
static bool dx_ends_a_traceback(const gg_diagnoser *d, const gg_log_orphan *o)
{
	for (size_t i = 0; i < d->len; i++)
		for (size_t k = 0; k < d->chains[i]->len; k++)
			if (d->chains[i]->tbs[k].has_exception && d->chains[i]->tbs[k].exc.at.line == o->at.line)
				return true;
	return false;
}

/*
 * The log's last ERROR record (see logfacts.h) on the line right above
 * tb's header, on its rank and process, not given to another traceback.
 */
static bool dx_logged_above(const gg_diagnoser *d, const gg_tb_chain *c, const gg_traceback *tb)
{
	const gg_log_orphan *o = &d->facts.logged;
	return o->text && !o->used && dx_same_process(o, c) && o->at.line + 1 == tb->at.line &&
	       (o->rank == c->rank || o->rank < 0);
}

/* The traceback of another chain of c's rank whose exception line is the orphan's, or NULL. */
static gg_traceback *dx_exception_owner(gg_diagnoser *d, const gg_tb_chain *c, const gg_log_orphan *o)
{
	for (size_t i = 0; i < d->len; i++) {
		gg_tb_chain *x = d->chains[i];
		if (x == c || (x->rank != c->rank && x->rank >= 0 && c->rank >= 0))
			continue;
		for (size_t k = 0; k < x->len; k++)
			if (x->tbs[k].has_exception && x->tbs[k].exc.at.line == o->at.line)
				return &x->tbs[k];
	}
	return NULL;
}

/*
 * A memory monitor's kill names the task it killed, another process than
 * the one whose traceback may follow (the driver waiting on it): that
 * traceback is the caller's, never where memory ran out.
 */
static bool dx_kills_another(const gg_log_orphan *o)
{
	gg_oom_info info;
	return o->oom && gg_oom_match(NULL, o->text, strlen(o->text), &info) && strcmp(info.form, GG_OOM_FORM_NODE_MEMORY) == 0;
}

/*
 * Whether a line naming a memory error reads as a sentence of the
 * reporter's: a pronoun or a verb of telling around the claim, or it ends
 * in a colon that introduces what follows ("..., the traceback is:").
 */
static bool dx_prose(const char *t)
{
	static const char *const words[] = { "I ", "I'm ", "We ", "we ", " get ", " got ", " getting ", " when ", " while ",
					     " here is", "traceback is", "following", NULL };
	size_t n = strlen(t);
	while (n && t[n - 1] == ' ')
		n--;
	if (n && t[n - 1] == ':')
		return true;
	for (const char *const *w = words; *w; w++)
		if (strstr(t, *w))
			return true;
	return false;
}

/*
 * A runtime's own line saying a kernel failed on the device (an illegal
 * memory access, a device-side assert, a launch failure), typed or not:
 * printed by the library that launched it, right above a traceback cut
 * before its exception line, it is the failure that traceback caught (a
 * server's loop logging its crash), not a second one of unknown kind.
 */
static bool dx_kernel_failure(const gg_diagnoser *d, const gg_log_orphan *o)
{
	static const char *const words[] = { "illegal memory access", "device-side assert", "misaligned address",
					     "unspecified launch failure", "an illegal instruction", NULL };
	if (o->oom || o->header || o->named_only)
		return false;
	/* Not the exception line of a traceback read: that one has ended already. */
	for (size_t i = 0; i < d->len; i++)
		for (size_t k = 0; k < d->chains[i]->len; k++)
			if (d->chains[i]->tbs[k].has_exception && d->chains[i]->tbs[k].exc.at.line == o->at.line)
				return false;
	for (const char *const *w = words; *w; w++)
		if (strstr(o->text, *w))
			return true;
	return false;
}

/* Gives tb's exception the message text (copied), logged whole at line above: its own line was cut. 0 or -ENOMEM. */
static int dx_message_from_above(gg_traceback *tb, const char *text, uint64_t above)
{
	char *m = strdup(text), *detail = strdup(text);
	if (!m || !detail) {
		free(m);
		free(detail);
		return -ENOMEM;
	}
	free(tb->exc.message);
	free(tb->exc.detail);
	tb->exc.message = m;
	tb->exc.detail = detail;
	tb->exc.colon_only = false;
	tb->exc.message_above = above;
	return 0;
}

static int dx_stack_exceptions(gg_diagnoser *d)
{
	for (size_t i = 0; i < d->len; i++) {
		gg_tb_chain *c = d->chains[i];
		gg_traceback *tb = &c->tbs[c->len - 1];
		/*
		 * A traceback cut before its exception line, under an allocator's
		 * out-of-memory line: one failure, whose frames are these.
		 */
		/* Or only its header is there (a "File" line cut mid-path under it): the message above still names it. */
		bool cut = !tb->stack && !tb->headerless && c->len == 1;
		/*
		 * Or its type only from IPython's header: the exception's own line
		 * printed above the header (a notebook that shows the message
		 * first) is that exception's, with its message and figures.
		 */
		bool header_only = cut && tb->has_exception && tb->type_from_header;
		/*
		 * An exception line cut to its type ("RuntimeError:") under the
		 * same type's whole line pasted above the traceback (quoted as the
		 * report's first line): that line is its message.
		 */
		if (tb->has_exception && tb->exc.colon_only && !tb->exc.message[0] &&
		    dx_lone_above(d, c, tb, DX_HEADERLESS_REACH)) {
			gg_log_orphan *o = &d->facts.lone;
			if (!o->type || strcmp(o->type, tb->exc.type) != 0 || !o->text[0])
				continue;
			if (dx_message_from_above(tb, o->text, o->at.line))
				return -ENOMEM;
			o->used = true;
			continue;
		}
		/*
		 * An exception line cut by the paste's end ("RuntimeError:
		 * DataLoade") under a line that logs the same message whole (a
		 * trainer's "Exception: DataLoader worker (pid 7) is killed by
		 * signal: Killed."): that line is its message.
		 */
		if (tb->has_exception && tb->exc.message[0] && tb->exc.at.line >= d->facts.last_text_line) {
			size_t ml = strlen(tb->exc.message);
			const char *whole = NULL;
			uint64_t above = 0;
			for (size_t k = 0; k < d->facts.orphans_len && !whole; k++) {
				const gg_log_orphan *o = &d->facts.orphans[k];
				const char *hit = o->at.line < tb->at.line ? strstr(o->text, tb->exc.message) : NULL;
				if (hit && strlen(hit) > ml) {
					whole = hit;
					above = o->at.line;
				}
			}
			if (whole && dx_message_from_above(tb, whole, above))
				return -ENOMEM;
			if (whole)
				continue;
		}
		if (!(tb->stack || tb->headerless || cut) || (tb->has_exception && !header_only))
			continue;
		uint64_t reach = tb->stack ? DX_STACK_REACH : tb->headerless ? DX_HEADERLESS_REACH : DX_CUT_REACH;
		gg_log_orphan *best = NULL;
		for (size_t k = 0; k < d->facts.orphans_len; k++) {
			gg_log_orphan *o = &d->facts.orphans[k];
			/*
			 * Counted from the message's last line: a debugger's header's
			 * message, an allocator's sentences or CUDA's hints under it.
			 */
			uint64_t from = o->continued_to;
			/* A cut traceback's: not a line that already ends another traceback read (a second process's copy below it). */
			if (cut && dx_ends_a_traceback(d, o))
				continue;
			if (header_only && (!o->oom || !gg_text_starts(o->text, strlen(o->text), tb->exc.type)))
				continue;
			if (((o->oom && !dx_kills_another(o)) || (dx_header_speaks(o) && tb->headerless) || (cut && dx_kernel_failure(d, o))) &&
			    o->at.line < tb->at.line && from + reach >= tb->at.line &&
			    (o->rank == c->rank || o->rank < 0) && dx_same_process(o, c) && (!best || o->at.line > best->at.line))
				best = o;
		}
		/*
		 * Or the allocator's message right under the last frame, its
		 * exception's type cut away by the paste ("CUDA out of memory.
		 * Tried to allocate ..." with no "RuntimeError: " before it): the
		 * exception line those frames end with.
		 */
		if (!best && !tb->stack && !tb->has_exception && tb->len > 0) {
			const gg_tb_frame *last = &tb->frames[tb->len - 1];
			uint64_t end = last->at.line + (last->code ? 1 : 0);
			for (size_t k = 0; k < d->facts.orphans_len && !best; k++) {
				gg_log_orphan *o = &d->facts.orphans[k];
				if (o->oom && !o->type && !dx_kills_another(o) && o->at.line > end && o->at.line <= end + 2 &&
				    (o->rank == c->rank || o->rank < 0) && dx_same_process(o, c) && !dx_ends_a_traceback(d, o))
					best = o;
			}
		}
		/*
		 * Else a plain exception line pasted above the traceback it ended
		 * ("RuntimeError: CUDNN_STATUS_NOT_SUPPORTED", then "the whole
		 * trace:" and the frames, cut): no memory error, but its own.
		 */
		/* A sentence and the paste's fences may come between (logging's stack blocks are no exception's). */
		if (best && cut && dx_kernel_failure(d, best))
			c->lone_above = true; /* pasted apart from its frames: medium, as a typed line there */
		if (!best && !tb->stack && dx_lone_above(d, c, tb, DX_HEADERLESS_REACH)) {
			best = &d->facts.lone;
			c->lone_above = true;
		}
		/*
		 * Or a logger's ERROR record right above the header of frames cut
		 * before their exception line (a loop logging what it caught, then
		 * printing its traceback): the record's message is the failure.
		 */
		if (!best && cut && dx_logged_above(d, c, tb)) {
			best = &d->facts.logged;
			c->logged_above = true;
		}
		/*
		 * Frames quoted after a message that already ends a traceback of
		 * the paste ("it breaks here:" and the frame): that failure's, not
		 * a second one. They fill its frames where the paste elided them;
		 * else they repeat what it shows.
		 */
		gg_traceback *owner = best && tb->headerless ? dx_exception_owner(d, c, best) : NULL;
		if (owner) {
			if (owner->len == 0) {
				dx_frames_take(owner, tb);
				owner->quoted_after = true;
			}
			tb->stack = true; /* no failure of its own: dropped below with the stack blocks that have none */
			continue;
		}
		/*
		 * A sentence of the reporter's that names the error in prose
		 * ("I get CUDA out of memory while ..., the traceback is:") over
		 * frames cut before their exception line: the claim is not the
		 * message, and without the message's figures and type the
		 * paste is cut short. The sentence stays the traceback's context.
		 * Frames without their "Traceback" header (the paste began at a
		 * "File" line) are the same: the sentence is still no message.
		 */
		if (best && (cut || tb->headerless) && best->named_only && !best->type && (dx_prose(best->text) || best->prose_lead)) {
			best->folded = true;
			c->prose_above = best->at.line;
			continue;
		}
		if (!best && header_only)
			continue;
		if (best) {
			if (header_only) {
				/* The header's type gives way to the line that carries it with its message. */
				free(tb->exc.type);
				free(tb->exc.message);
				free(tb->exc.detail);
				memset(&tb->exc, 0, sizeof tb->exc);
				tb->has_exception = false;
				tb->type_from_header = false;
			}
			int rc = dx_exception_from_orphan(tb, best);
			if (rc)
				return rc;
			best->used = true;
			c->has_oom = best->oom;
			/* Headerless with the message first: some views print the frames innermost first. */
			if (tb->headerless && dx_innermost_first(tb))
				dx_frames_reverse(tb);
		}
	}
	/*
	 * The same view with the exception line printed too, at the end: a
	 * copy of its message right above the headerless frames says the
	 * frames between are that view's, innermost first.
	 */
	for (size_t i = 0; i < d->len; i++) {
		gg_tb_chain *c = d->chains[i];
		gg_traceback *tb = &c->tbs[c->len - 1];
		if (!tb->headerless || !tb->has_exception || tb->stack || !dx_innermost_first(tb))
			continue;
		size_t ml = strlen(tb->exc.message);
		for (size_t k = 0; k < d->facts.orphans_len; k++) {
			gg_log_orphan *o = &d->facts.orphans[k];
			size_t cmp = ml < 48 ? ml : 48;
			if (o->used || !o->oom || o->at.line >= tb->at.line || o->continued_to + DX_HEADERLESS_REACH < tb->at.line ||
			    (o->rank != c->rank && o->rank >= 0) || cmp < 16 || strncmp(o->text, tb->exc.message, cmp) != 0)
				continue;
			o->used = true;
			dx_frames_reverse(tb);
			break;
		}
	}
	/*
	 * A stack block without a failure above it is a log call's stack, not an
	 * error; a lone header with nothing under it, beside other tracebacks,
	 * is a stream's leftover (a header glued to another rank's line): dropped.
	 * So is one right after the launcher's line for a failed worker: the
	 * launcher's own report of it (torchrun's ChildFailedError), cut.
	 */
	size_t kept = 0;
	for (size_t i = 0; i < d->len; i++) {
		gg_tb_chain *c = d->chains[i];
		const gg_traceback *last = &c->tbs[c->len - 1];
		bool after_launcher = d->facts.launcher_rank >= 0 && d->facts.launcher_at.line < last->at.line &&
				      d->facts.launcher_at.line + 2 >= last->at.line;
		bool empty = c->len == 1 && !last->has_exception &&
			     (last->stack || (last->len == 0 && (d->len > 1 || after_launcher)));
		if (empty)
			gg_tb_chain_free(c);
		else
			d->chains[kept++] = c;
	}
	d->len = kept;
	return 0;
}

#define DX_MAX_JOINED 256 /* frames one traceback keeps after a join, as the parser keeps (traceback.c) */

static bool dx_frame_user(const gg_tb_frame *f)
{
	return f->notebook || !gg_phase_is_library(f->filename);
}

/*
 * A root cause whose own frames are all library code (a DataLoader
 * worker's death, seen in the queue's wait) surfaced in code that the
 * chain's later traceback shows ("The above exception was the direct
 * cause...", "During handling..."), even one cut before its exception
 * line: its frames down to the one that caught the failure are the
 * callers, and the user's culprit is among them. They are moved in front
 * of the root cause's frames. Not for an exception group, whose links are
 * siblings. Returns 0 or -ENOMEM.
 */
static int dx_join_outer(gg_tb_chain *c, size_t at)
{
	gg_traceback *tb = &c->tbs[at];
	if (tb->len == 0 || tb->borrowed || tb->in_group)
		return 0;
	for (size_t i = 0; i < tb->len; i++)
		if (dx_frame_user(&tb->frames[i]))
			return 0;
	const gg_tb_frame *top = &tb->frames[0];
	for (size_t j = at + 1; j < c->len; j++) {
		gg_traceback *h = &c->tbs[j];
		if (h->in_group)
			return 0;
		/* Its frames above the one that caught the failure: that frame is the root cause's own first. */
		size_t k = 0;
		while (k < h->len && !(strcmp(h->frames[k].filename, top->filename) == 0 &&
				       strcmp(h->frames[k].function, top->function) == 0))
			k++;
		bool user = false;
		for (size_t i = 0; i < k && !user; i++)
			user = dx_frame_user(&h->frames[i]);
		if (!user)
			continue;
		/* Within the bound, the innermost callers: the culprit is the last of the user's frames. */
		size_t keep = tb->len + k > DX_MAX_JOINED ? (tb->len < DX_MAX_JOINED ? DX_MAX_JOINED - tb->len : 0) : k;
		if (keep == 0)
			return 0;
		if (gg_grow_to((void **)&tb->frames, &tb->cap, tb->len + keep, sizeof *tb->frames))
			return -ENOMEM;
		size_t a = k - keep;
		memmove(tb->frames + keep, tb->frames, tb->len * sizeof *tb->frames);
		memcpy(tb->frames, h->frames + a, keep * sizeof *tb->frames);
		memmove(h->frames + a, h->frames + k, (h->len - k) * sizeof *h->frames);
		tb->len += keep;
		h->len -= keep;
		tb->outer = keep;
		return 0;
	}
	return 0;
}

static int dx_push(gg_diagnoses *out, gg_tb_chain *c)
{
	if (gg_grow((void **)&out->items, &out->cap, out->len, sizeof *out->items)) {
		gg_tb_chain_free(c);
		return -ENOMEM;
	}
	gg_diagnosis *x = &out->items[out->len++];
	memset(x, 0, sizeof *x);
	x->chain = c;
	x->rank = c->rank;
	x->frames_rank = -1;
	x->culprit = -1;
	x->entry = -1;
	x->static_cell = -1;
	/*
	 * The reported traceback: the first out-of-memory one (the root cause),
	 * else the last raised; but not a last one cut before its exception
	 * line that was raised from the one before (`raise ... from`): that one
	 * is whole, and is its cause.
	 */
	x->tb = c->len - 1;
	if (c->len > 1 && !c->tbs[c->len - 1].has_exception && c->tbs[c->len - 1].raised_from && c->tbs[c->len - 2].has_exception)
		x->tb = c->len - 2;
	for (size_t i = 0; i < c->len; i++) {
		gg_oom_info info;
		const gg_traceback *tb = &c->tbs[i];
		if (tb->has_exception && gg_oom_match(tb->exc.type, tb->exc.detail, strlen(tb->exc.detail), &info)) {
			x->tb = i;
			x->oom = info;
			break;
		}
	}
	/*
	 * Pasted without its frames, the failure still has a path: the next
	 * traceback of its chain (its handler's) starts from the same callers.
	 */
	gg_traceback *tb = &c->tbs[x->tb];
	for (size_t j = x->tb + 1; tb->len == 0 && j < c->len; j++) {
		gg_traceback *h = &c->tbs[j];
		if (h->len == 0)
			continue;
		dx_frames_take(tb, h);
		tb->omitted = h->omitted;
		tb->borrowed = true;
	}
	return dx_join_outer(c, x->tb);
}

/*
 * Pushes a failure the paste holds no traceback of (a launcher's line, a
 * run's output cut short): one empty traceback at line, of rank. Returns
 * its diagnosis, valid until the next push, or NULL on -ENOMEM; the caller
 * marks what made it.
 */
static gg_diagnosis *dx_push_bare(gg_diagnoses *out, int rank, uint64_t line)
{
	gg_tb_chain *c = dx_bare_chain(rank, line);
	return c && dx_push(out, c) == 0 ? &out->items[out->len - 1] : NULL;
}

/* Torchelastic prints the root cause's traceback again in its summary: drop that copy. */
static bool dx_is_summary_copy(gg_diagnoser *d, size_t k)
{
	const gg_tb_chain *c = d->chains[k];
	if (!c->from_summary)
		return false;
	const gg_traceback *a = &c->tbs[c->len - 1];
	for (size_t i = 0; i < d->len; i++) {
		const gg_tb_chain *o = d->chains[i];
		if (i == k || o->from_summary)
			continue;
		const gg_traceback *b = &o->tbs[o->len - 1];
		if (a->has_exception && b->has_exception && strcmp(a->exc.type, b->exc.type) == 0 &&
		    strcmp(a->exc.message, b->exc.message) == 0)
			return true;
	}
	return false;
}

/*
 * A framework that logs an exception and then re-raises it prints the same
 * failure twice, the log's copy with fewer frames (from its own loop down):
 * chain k is such a copy when a later chain of its rank has the same
 * exception and ends with the same frames.
 */
static bool dx_is_logged_copy(gg_diagnoser *d, size_t k)
{
	const gg_tb_chain *c = d->chains[k];
	const gg_traceback *a = &c->tbs[c->len - 1];
	if (!a->has_exception || a->len == 0)
		return false;
	for (size_t i = 0; i < d->len; i++) {
		const gg_tb_chain *o = d->chains[i];
		const gg_traceback *b = &o->tbs[o->len - 1];
		if (i == k || o->rank != c->rank || o->seq < c->seq || !b->has_exception || b->len <= a->len ||
		    strcmp(a->exc.type, b->exc.type) != 0 || strcmp(a->exc.message, b->exc.message) != 0)
			continue;
		bool suffix = true;
		for (size_t f = 1; f <= a->len && suffix; f++) {
			const gg_tb_frame *x = &a->frames[a->len - f], *y = &b->frames[b->len - f];
			suffix = x->line == y->line && strcmp(x->filename, y->filename) == 0;
		}
		if (suffix)
			return true;
	}
	return false;
}

/*
 * A script's top level failing on a name it never bound (NameError at
 * "<module>", in a finally or exit handler, or after the code it guards),
 * beside a memory failure of the same script: the failure stopped the run
 * before the line that would have bound the name, so the NameError is its
 * consequence, not a second failure to report (least of all first, at
 * high). Told by its frames, all "<module>" lines of a file the memory
 * failure's frames also run.
 */
static bool dx_is_unbound_after_oom(const gg_diagnoser *d, size_t k)
{
	const gg_tb_chain *c = d->chains[k];
	const gg_traceback *a = &c->tbs[c->len - 1];
	if (c->len != 1 || c->has_oom || !a->has_exception || a->len == 0 || strcmp(a->exc.type, "NameError") != 0)
		return false;
	for (size_t f = 0; f < a->len; f++)
		if (strcmp(a->frames[f].function, "<module>") != 0)
			return false;
	for (size_t i = 0; i < d->len; i++) {
		const gg_tb_chain *o = d->chains[i];
		if (i == k || !o->has_oom || o->rank != c->rank)
			continue;
		for (size_t t = 0; t < o->len; t++)
			for (size_t f = 0; f < o->tbs[t].len; f++)
				if (strcmp(o->tbs[t].frames[f].filename, a->frames[0].filename) == 0)
					return true;
	}
	return false;
}

/*
 * The launcher's own traceback, cut before its exception line, after its
 * agent has reported a worker's failure ("failed (exitcode: -9)
 * local_rank: 0"): torchrun raising ChildFailedError for that failure,
 * not a new one. Told by its first frame, a console script in bin/, and
 * nothing of the user's under it. Its ChildFailedError line with the
 * summary cut before "Root Cause" is the same tail: the agent's line
 * already tells the rank and the exit code that section would give.
 */
static bool dx_is_launcher_tail(gg_diagnoser *d, size_t k)
{
	const gg_tb_chain *c = d->chains[k];
	const gg_traceback *tb = &c->tbs[c->len - 1];
	bool summary_cut = tb->has_exception && strstr(tb->exc.type, "ChildFailedError") && d->facts.root_rank < 0;
	/*
	 * Started as a console script (torchrun) or as a module (`python -m
	 * torch.distributed.launch`, runpy's frame first): the latter only
	 * beside another traceback of the paste (the child's), where alone it
	 * is kept and folded into the failure line it follows, as before.
	 */
	const char *first = tb->frames && tb->len ? tb->frames[0].filename : "";
	size_t fl = strlen(first);
	bool as_module = fl >= 8 && strcmp(first + fl - 8, "runpy.py") == 0 && (fl == 8 || first[fl - 9] == '/' || first[fl - 9] == '\\');
	if (c->len != 1 || (tb->has_exception && !summary_cut) || tb->len == 0 || d->facts.launcher_rank < 0 ||
	    d->facts.launcher_at.line > tb->at.line || !(gg_phase_is_console_script(first) || (as_module && d->len > 1)))
		return false;
	/*
	 * A positive exit code is a Python exception in the worker, not a
	 * kill that a memory diagnosis reports: with no other failure in the
	 * paste the cut tail is all there is, kept as the incomplete failure
	 * of that rank.
	 */
	bool oom_line = false; /* a worker's out-of-memory line outside tracebacks: the failure the launcher reports */
	bool any_line = false; /* any failure the runtime printed outside tracebacks (an abort's C++ frames) */
	for (size_t i = 0; i < d->facts.orphans_len; i++) {
		bool before = d->facts.orphans[i].at.line < d->facts.launcher_at.line;
		oom_line |= d->facts.orphans[i].oom && before;
		any_line |= before;
	}
	if (d->facts.launcher_exitcode > 0 && d->len == 1 && !oom_line)
		return false;
	/*
	 * So are SIGABRT (-6) and SIGBUS (-7): no OOM killer's kill that a
	 * memory diagnosis would report in its place, but an abort may be an
	 * error thrown in a C++ thread (an allocator's among them), and a bus
	 * error shared memory run short, that the cut paste does not show. A
	 * crash in native code (-11 SIGSEGV, -4 SIGILL, -8 SIGFPE) is the
	 * failure itself, whatever the cut tail would have said: folded, the
	 * agent's line reads as that crash (the job's signal).
	 */
	bool crash = d->facts.job_signal && d->facts.job_signal_at.line == d->facts.launcher_at.line &&
		     d->facts.launcher_exitcode != -6 && d->facts.launcher_exitcode != -7;
	if (d->facts.launcher_exitcode < 0 && d->facts.launcher_exitcode != -9 && d->len == 1 && !any_line && !crash)
		return false;
	for (size_t i = 0; i < tb->len; i++)
		if (!gg_phase_is_library(tb->frames[i].filename))
			return false;
	if (summary_cut)
		d->launcher_tail = tb->at.line;
	return true;
}

/*
 * torchrun's own traceback raising ChildFailedError, its summary naming
 * the root cause's rank with an exit code (positive: a Python exception
 * in the worker; negative: a signal, -6 SIGABRT from NCCL's watchdog or a
 * C++ abort, -9 the OOM killer that the summary's SIGKILL reading
 * reports), and no other exception line in the paste: the launcher
 * reporting that rank's failure, which the paste cut (its traceback
 * stops above, or is not there), not a failure of its own. Read as its
 * exception it would say "not an OOM" of a paste that never shows what
 * the worker raised; folded, that rank's cut traceback, or the summary
 * alone, stands for it (incomplete), as with no frames above it. Where
 * the worker's own exception is in the paste the summary is kept beside
 * it, as before.
 */
/*
 * A traceback Python printed under "Exception ignored in: <... __del__
 * ...>": an exception a finalizer raised that nothing could catch, most
 * often at shutdown after the real failure (a DataLoader's iterator
 * closing its workers once the interpreter is half torn down). Beside an
 * earlier failure it is that failure's aftermath, not one of its own;
 * alone it is still reported.
 */
static bool dx_is_ignored_after(const gg_diagnoser *d, size_t k)
{
	const gg_tb_chain *c = d->chains[k];
	uint64_t at = c->tbs[0].at.line;
	bool ignored = false;
	for (size_t i = 0; i < d->facts.ignored_len && !ignored; i++)
		ignored = d->facts.ignored_lines[i] + 1 == at || d->facts.ignored_lines[i] + 2 == at;
	if (!ignored)
		return false;
	for (size_t i = 0; i < d->len; i++)
		if (i != k && d->chains[i]->tbs[0].at.line < at && d->chains[i]->tbs[d->chains[i]->len - 1].has_exception)
			return true;
	return false;
}

/*
 * Two processes printing one traceback at once interleave it line by
 * line: the second copy's header lands inside the first right after its
 * first frames, and the first stops there, cut. That stub, every frame of
 * it also in the copy that starts right under it (same file and line),
 * is no failure of its own; the longer copy stands for both.
 */
static bool dx_is_interleaved_stub(const gg_diagnoser *d, size_t k)
{
	const gg_tb_chain *c = d->chains[k];
	const gg_traceback *a = &c->tbs[c->len - 1];
	if (c->len != 1 || a->has_exception || a->len == 0 || c->from_summary)
		return false;
	uint64_t end = a->frames[a->len - 1].at.line;
	for (size_t i = 0; i < d->len; i++) {
		const gg_tb_chain *o = d->chains[i];
		const gg_traceback *b = &o->tbs[o->len - 1];
		/* A copy as short, cut as well, is the next of a pile of them (three processes or more). */
		if (i == k || o->len != 1 || o->rank != c->rank || b->len < a->len || b->at.line <= a->at.line || b->at.line > end + 2)
			continue;
		bool all = true;
		for (size_t f = 0; f < a->len && all; f++) {
			bool found = false;
			for (size_t g = 0; g < b->len && !found; g++)
				found = a->frames[f].line == b->frames[g].line && strcmp(a->frames[f].filename, b->frames[g].filename) == 0;
			all = found;
		}
		if (all)
			return true;
	}
	return false;
}

/*
 * A message that reports a child process's failure, as a test harness or
 * a wrapper CLI raises it after the child it ran failed: the command line
 * quoted first ("'torchrun --nproc_per_node 4 ...' failed with returncode
 * 1", cut or whole), or a return code or exit status named.
 */
static bool dx_reports_child(const char *msg)
{
	size_t n = strlen(msg);
	const char *m = gg_text_trim(msg, &n);
	static const char *const launchers[] = { "torchrun", "accelerate", "python", "deepspeed", "mpirun", "srun", NULL };
	if (n > 1 && (m[0] == '\'' || m[0] == '"' || m[0] == '['))
		for (size_t i = 0; launchers[i]; i++)
			if (gg_text_find(m, n < 48 ? n : 48, launchers[i]))
				return true;
	return gg_text_find(m, n, "returncode") || gg_text_find(m, n, "return code") || gg_text_find(m, n, "exit status") ||
	       gg_text_find(m, n, "non-zero exit");
}

static bool dx_is_launcher_summary(gg_diagnoser *d, size_t k)
{
	const gg_tb_chain *c = d->chains[k];
	const gg_traceback *tb = &c->tbs[c->len - 1];
	/* A harness's own exception saying its child failed, under the child's summary: the same failure, reported once more. */
	bool wrapper = tb->has_exception && !strstr(tb->exc.type, "OutOfMemory") && dx_reports_child(tb->exc.message);
	if (c->len != 1 || !tb->has_exception || !(strstr(tb->exc.type, "ChildFailedError") || wrapper) ||
	    d->facts.root_rank < 0 || d->facts.root_exitcode == 0)
		return false;
	for (size_t i = 0; i < tb->len; i++)
		if (!gg_phase_is_library(tb->frames[i].filename))
			return false;
	for (size_t i = 0; i < d->len; i++)
		for (size_t j = 0; j < d->chains[i]->len && i != k; j++)
			if (d->chains[i]->tbs[j].has_exception)
				return false;
	for (size_t i = 0; i < d->facts.orphans_len; i++)
		if (d->facts.orphans[i].oom || d->facts.orphans[i].abort)
			return false;
	d->launcher_summary = tb->exc.at.line;
	return true;
}

/*
 * A glog stamp at the head of a runtime's line ("[E1101 09:30:00.000001
 * ProcessGroupNCCL.cpp:630] ...", "[E626 ..."; the "[" optional): month, day and time
 * as one number that orders within a year; -1 when the line has none.
 */
static double dx_glog_stamp(const char *t)
{
	if (*t == '[')
		t++;
	if (!(*t == 'E' || *t == 'W' || *t == 'I' || *t == 'F'))
		return -1;
	t++;
	long md = 0;
	int k = 0;
	for (; k < 4 && t[k] >= '0' && t[k] <= '9'; k++)
		md = md * 10 + (t[k] - '0');
	if (k < 3 || t[k] != ' ') /* c10's month is not padded: "E626" is 26 June */
		return -1;
	t += k + 1;
	int hms[3] = { 0, 0, 0 };
	for (int f = 0; f < 3; f++) {
		if (!(t[0] >= '0' && t[0] <= '9' && t[1] >= '0' && t[1] <= '9'))
			return -1;
		hms[f] = (t[0] - '0') * 10 + (t[1] - '0');
		t += 2;
		if (f < 2 && *t++ != ':')
			return -1;
	}
	double frac = 0, scale = 0.1;
	if (*t == '.')
		for (t++; *t >= '0' && *t <= '9' && scale > 1e-10; t++, scale /= 10)
			frac += (*t - '0') * scale;
	return (double)md * 100000.0 + hms[0] * 3600.0 + hms[1] * 60.0 + hms[2] + frac;
}

/*
 * Whether runtime line a is stamped before b: ranks print their watchdog
 * lines when they notice, not in the order they failed, and a paste
 * gathers them in any order; the stamps tell which came first.
 */
static bool dx_stamped_earlier(const gg_log_orphan *a, const gg_log_orphan *b)
{
	double x = dx_glog_stamp(a->text), y = dx_glog_stamp(b->text);
	return x >= 0 && y >= 0 && x < y;
}

/*
 * Whether the runtime lines are watchdog timeouts of two or more ranks, all
 * in the same collective (one SeqNum): every rank waited for the same call,
 * and neither the order they are pasted in nor their stamps say who stopped
 * first. A stamp only says when that rank's own timeout ran out, which is
 * when it entered the collective plus the timeout: the earliest stamp is the
 * rank that waited longest, not one that failed. The other runtime lines of
 * the listed ranks (the watchdog's teardown: "failure detected", "taking the
 * entire process down") are the same timeout. Fills d->collective_*.
 */
/*
 * Whether orphan o is a watchdog's timeout line cut at the paste's end
 * ("[Rank 4] Watchdog caught collective operation"): its text ends inside
 * the line's fixed words.
 */
static bool dx_watchdog_cut(const gg_diagnoser *d, const gg_log_orphan *o)
{
	static const char words[] = GG_WATCHDOG_TIMEOUT;
	const char *w = strstr(o->text, "Watchdog caught");
	if (!w || strstr(o->text, words) || o->at.line != d->facts.last_text_line)
		return false;
	size_t n = strlen(w);
	while (n && w[n - 1] == ' ')
		n--;
	return n < sizeof words - 1 && memcmp(w, words, n) == 0;
}

static bool dx_one_collective(gg_diagnoser *d)
{
	long seq = -1;
	uint64_t ranks = 0;
	int count = 0;
	bool stamped = false;
	for (size_t i = 0; i < d->facts.orphans_len; i++) {
		const gg_log_orphan *o = &d->facts.orphans[i];
		if (o->oom || !strstr(o->text, GG_WATCHDOG_TIMEOUT))
			continue;
		const char *sq = strstr(o->text, "SeqNum=");
		if (!sq || o->rank < 0)
			return false;
		long v = strtol(sq + 7, NULL, 10);
		if (seq >= 0 && v != seq)
			return false;
		seq = v;
		stamped |= dx_glog_stamp(o->text) >= 0;
		if (o->rank < 64 && !(ranks & (1ull << o->rank))) {
			ranks |= 1ull << o->rank;
			count++;
		}
	}
	if (count < 2)
		return false;
	/* Any other line must be a listed rank's own teardown of that timeout. */
	int cut_watchdog = -1;
	for (size_t i = 0; i < d->facts.orphans_len; i++) {
		const gg_log_orphan *o = &d->facts.orphans[i];
		if (dx_watchdog_cut(d, o)) {
			cut_watchdog = o->rank;
			continue;
		}
		if (o->oom || strstr(o->text, GG_WATCHDOG_TIMEOUT))
			continue;
		/* A teardown line with no rank on it ("Some NCCL operations have failed or timed out") is any listed rank's. */
		if ((o->rank >= 0 && (o->rank >= 64 || !(ranks & (1ull << o->rank)))) || !strstr(o->text, "ProcessGroupNCCL"))
			return false;
	}
	d->collective_seq = seq;
	d->collective_ranks = ranks;
	d->collective_count = count;
	d->collective_stamped = stamped;
	/*
	 * One rank below the highest listed and not in the list (ranks 1, 2, 3
	 * waiting; 0 silent): the one that never reached the collective, while
	 * the others waited in it. Two or more missing, or none: no rank.
	 */
	int top = 63, missing = 0;
	d->collective_missing = -1;
	/*
	 * A rank whose prefixed line ends the paste, cut before it says what
	 * (another watchdog's line, most likely): it printed with the others,
	 * so it is not one that stayed silent.
	 */
	int cut = cut_watchdog >= 0 ? cut_watchdog : d->facts.last_rank;
	d->collective_cut = cut >= 0 && cut < 64 && !(ranks & (1ull << cut)) &&
				    (cut_watchdog >= 0 || (d->facts.last_cut &&
							   gg_text_find(d->facts.prev_text, d->facts.prev_len, "ProcessGroupNCCL")))
				    ? cut
				    : -1;
	while (top > 0 && !(ranks & (1ull << top)))
		top--;
	for (int r = 0; r < top; r++)
		if (!(ranks & (1ull << r)) && r != d->collective_cut) {
			missing++;
			d->collective_missing = r;
		}
	/*
	 * The paste's last line cut inside the rank prefix the others carry
	 * ("[ra" under "[rank5]:[E ...] ..."): one more rank printed, whose the
	 * paste does not say.
	 */
	const char *t = d->facts.prev_text;
	size_t n = d->facts.prev_len;
	d->collective_cut_prefix = d->collective_cut < 0 && n >= 2 && n < 6 && !memchr(t, ']', n) && strncasecmp(t, "[rank", n) == 0;
	/* A paste cut inside one more rank's line may hold the others after it: a missing rank proves nothing then. */
	if (missing != 1 || d->collective_cut >= 0 || d->collective_cut_prefix)
		d->collective_missing = -1;
	return true;
}

/* Whether frames a[0..n) are b's first n frames: the same file and line each. */
static bool dx_frames_prefix(const gg_traceback *a, const gg_traceback *b, size_t n)
{
	if (n > a->len || n > b->len)
		return false;
	for (size_t f = 0; f < n; f++)
		if (a->frames[f].line != b->frames[f].line || strcmp(a->frames[f].filename, b->frames[f].filename) != 0 ||
		    strcmp(a->frames[f].function, b->frames[f].function) != 0)
			return false;
	return true;
}

/*
 * Whether chain c is a later copy of chain p: a script that catches and
 * prints its failure, or a retry loop, prints the same traceback again
 * (and the paste may cut the last copy). Same process and rank, every
 * traceback the same frames and exception as p's; the last may stop early,
 * its frames then a beginning of p's and no exception line of its own.
 */
static bool dx_is_repeat(const gg_tb_chain *p, const gg_tb_chain *c)
{
	if (p == c || p->seq > c->seq || p->rank != c->rank || p->pid != c->pid || c->len > p->len || c->from_summary ||
	    p->from_summary || c->len == 0)
		return false;
	for (size_t k = 0; k < c->len; k++) {
		const gg_traceback *a = &c->tbs[k], *b = &p->tbs[k];
		bool last = k + 1 == c->len;
		if (a->stack || b->stack || a->headerless != b->headerless)
			return false;
		if (a->has_exception) {
			if (!b->has_exception || a->len != b->len || strcmp(a->exc.type, b->exc.type) != 0 ||
			    strcmp(a->exc.message, b->exc.message) != 0 || (last && c->len != p->len))
				return false;
		} else if (!last) {
			if (b->has_exception || a->len != b->len)
				return false;
		} else if (a->len == 0) {
			return false; /* a bare header says nothing of what it would have shown */
		}
		if (!dx_frames_prefix(a, b, a->len))
			return false;
	}
	return true;
}

/* The same frame: file, line and function. */
static bool dx_same_frame(const gg_tb_frame *a, const gg_tb_frame *b)
{
	return a->line == b->line && strcmp(a->filename, b->filename) == 0 && strcmp(a->function, b->function) == 0;
}

/*
 * Whether tb prints one frame (file, line, function) twice with different
 * code under it: no process prints that (recursion repeats its code too),
 * so copies of one stack from several processes were mixed line by line.
 */
static bool dx_frames_mixed(const gg_traceback *tb)
{
	for (size_t i = 0; i < tb->len; i++)
		for (size_t k = i + 1; k < tb->len; k++) {
			const char *a = tb->frames[i].code, *b = tb->frames[k].code;
			if (!dx_same_frame(&tb->frames[i], &tb->frames[k]) || !a || !b || strcmp(a, b) == 0)
				continue;
			/* The paste cut inside its last line ("result = self.fo"): a frame called again, the same code cut short. */
			if (k + 1 == tb->len && !tb->has_exception && strncmp(a, b, strlen(b)) == 0)
				continue;
			return true;
		}
	return false;
}

/* Whether code calls the function fn names (its last dotted part): "utils.setup(args)" calls "setup". */
static bool dx_code_calls(const char *code, const char *fn)
{
	const char *dot = strrchr(fn, '.');
	fn = dot ? dot + 1 : fn;
	/* A constructor is called by its class's name ("t = Trainer(" runs Trainer.__init__). */
	if (strcmp(fn, "__init__") == 0) {
		for (const char *p = code; *p; p++)
			if (isupper((unsigned char)*p) && (p == code || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.'))) {
				const char *q = p;
				while (isalnum((unsigned char)*q) || *q == '_')
					q++;
				if (*q == '(')
					return true;
			}
		return false;
	}
	size_t n = strlen(fn);
	if (!n || fn[0] == '<')
		return false;
	for (const char *p = strstr(code, fn); p; p = strstr(p + 1, fn))
		if (p[n] == '(' && (p == code || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')))
			return true;
	return false;
}

/*
 * Whether all[i]'s code is two of the pile's other code lines run
 * together, as two processes' writes land on one line ("main()x = f(").
 */
static bool dx_code_glued(const gg_tb_frame *all, size_t m, size_t i)
{
	const char *c = all[i].code;
	size_t n = c ? strlen(c) : 0;
	for (size_t g = 0; g < m && n; g++) {
		size_t k = g != i && all[g].code ? strlen(all[g].code) : 0;
		if (!k || k >= n || strcmp(c + n - k, all[g].code) != 0)
			continue;
		for (size_t h = 0; h < m; h++)
			if (h != i && all[h].code && strlen(all[h].code) == n - k && strncmp(c, all[h].code, n - k) == 0)
				return true;
	}
	return false;
}

/* Whether all[i]'s code is the same text as a line already taken as another frame's call. */
static bool dx_code_taken(const gg_tb_frame *all, const bool *used, size_t m, size_t i)
{
	for (size_t g = 0; g < m; g++)
		if (used[g] && g != i && strcmp(all[g].code, all[i].code) == 0)
			return true;
	return false;
}

/* Frames in the order the log printed them. */
static int dx_frame_line_cmp(const void *a, const void *b)
{
	const gg_tb_frame *x = a, *y = b;
	return x->at.line < y->at.line ? -1 : x->at.line > y->at.line;
}

/*
 * Several processes printing one traceback at once (the same script run by
 * a launcher on each GPU, unlabelled): their headers pile up, each cut
 * after a frame or two, and the last copy's lines take in the others'
 * frames, out of order and with code lines displaced, before one
 * exception line closes them all. The pile is that one failure: the cut
 * copies are folded into the last, whose frames become the stack each
 * copy printed, every frame once in the order first printed (a frame's
 * callers always print before it, in whichever copy); a frame's code line
 * is the one among all the copies' lines that calls the next frame's
 * function, else the one its copies agree on, else none. Returns 0 or
 * -ENOMEM.
 */
static int dx_join_interleaved(gg_diagnoser *d)
{
	for (size_t j = 0; j < d->len; j++) {
		gg_tb_chain *c = d->chains[j];
		gg_traceback *tb = &c->tbs[0];
		/* Cut before the exception line too: the pile is there whatever ends it. */
		if (c->len != 1 || tb->headerless || tb->len < 3 || !dx_frames_mixed(tb))
			continue;
		/* The cut copies right above, each one's last frame within two lines of the next one's header. */
		size_t n = tb->len;
		uint64_t top = tb->at.line;
		for (bool more = true; more;) {
			more = false;
			for (size_t k = 0; k < d->len && !more; k++) {
				gg_tb_chain *o = d->chains[k];
				gg_traceback *ot = &o->tbs[0];
				uint64_t end = ot->len ? ot->frames[ot->len - 1].at.line : ot->at.line;
				if (k == j || o->interleaved == (size_t)-1 || o->len != 1 || ot->has_exception || ot->headerless || ot->stack ||
				    o->from_summary || o->rank != c->rank || ot->at.line >= top || end + 2 < top)
					continue;
				o->interleaved = (size_t)-1; /* folded: freed below */
				n += ot->len;
				top = ot->at.line;
				more = true;
			}
		}
		gg_tb_frame *all = malloc(n * sizeof *all);
		gg_tb_frame *one = calloc(n, sizeof *one);
		bool *used = calloc(n, sizeof *used);
		if (!all || !one || !used) {
			free(all);
			free(one);
			free(used);
			return -ENOMEM;
		}
		size_t m = 0;
		for (size_t k = 0; k < d->len; k++) {
			gg_traceback *ot = &d->chains[k]->tbs[0];
			if (k != j && d->chains[k]->interleaved != (size_t)-1)
				continue;
			if (ot->len) /* a frameless copy has no array: memcpy wants one even for 0 bytes */
				memcpy(all + m, ot->frames, ot->len * sizeof *all);
			m += ot->len;
			free(ot->frames);
			ot->frames = NULL;
			ot->len = ot->cap = 0;
		}
		qsort(all, m, sizeof *all, dx_frame_line_cmp);
		size_t kept = 0;
		for (size_t i = 0; i < m; i++) {
			bool seen = false;
			for (size_t k = 0; k < kept && !seen; k++)
				seen = dx_same_frame(&all[i], &one[k]);
			if (!seen)
				one[kept++] = (gg_tb_frame){ .filename = all[i].filename, .function = all[i].function, .line = all[i].line,
							     .notebook = all[i].notebook, .at = all[i].at };
		}
		int rc = 0;
		for (size_t k = 0; k < kept && !rc; k++) {
			const char *pick = NULL;
			/* the line that calls the next frame's function, wherever the mixing put it */
			for (size_t i = 0; k + 1 < kept && i < m && !pick; i++)
				if (all[i].code && !used[i] && !dx_code_glued(all, m, i) && dx_code_calls(all[i].code, one[k + 1].function)) {
					pick = all[i].code;
					used[i] = true;
				}
			/*
			 * else the code this frame's copies agree on, leaving out a line
			 * another frame took (displaced onto this one) and two lines
			 * glued together
			 */
			for (size_t i = 0; i < m && !pick; i++)
				if (dx_same_frame(&all[i], &one[k]) && all[i].code && !dx_code_glued(all, m, i) && !dx_code_taken(all, used, m, i)) {
					bool agree = true;
					for (size_t g = 0; g < m && agree; g++)
						agree = !dx_same_frame(&all[g], &one[k]) || !all[g].code || dx_code_glued(all, m, g) ||
							dx_code_taken(all, used, m, g) || strcmp(all[g].code, all[i].code) == 0;
					pick = agree ? all[i].code : "";
				}
			if (pick && pick[0] && !(one[k].code = strdup(pick)))
				rc = -ENOMEM;
		}
		/* The names now belong to the kept frames; the rest is freed. */
		for (size_t i = 0; i < m; i++) {
			bool mine = false;
			for (size_t k = 0; k < kept && !mine; k++)
				mine = one[k].filename == all[i].filename;
			if (!mine) {
				free(all[i].filename);
				free(all[i].function);
			}
			free(all[i].code);
		}
		free(all);
		free(used);
		tb->frames = one;
		tb->len = kept;
		tb->cap = n;
		c->interleaved = m - kept;
		if (rc)
			return rc;
	}
	size_t kept = 0;
	for (size_t i = 0; i < d->len; i++) {
		if (d->chains[i]->interleaved == (size_t)-1)
			gg_tb_chain_free(d->chains[i]);
		else
			d->chains[kept++] = d->chains[i];
	}
	d->len = kept;
	return 0;
}

/* Folds each later copy of a traceback into its first copy (see dx_is_repeat). */
static void dx_join_repeated(gg_diagnoser *d)
{
	bool *gone = d->len ? calloc(d->len, sizeof *gone) : NULL;
	if (!gone)
		return; /* no memory to mark: the copies stay reported apart, as before */
	for (size_t i = 0; i < d->len; i++) {
		if (gone[i])
			continue;
		for (size_t k = 0; k < d->len; k++) {
			if (k == i || gone[k] || !dx_is_repeat(d->chains[i], d->chains[k]))
				continue;
			gg_tb_chain *p = d->chains[i];
			const gg_traceback *at = &d->chains[k]->tbs[0];
			if (!p->repeats || at->at.line < p->repeat_line)
				p->repeat_line = at->at.line;
			p->repeats++;
			gone[k] = true;
		}
	}
	size_t kept = 0;
	for (size_t i = 0; i < d->len; i++) {
		if (gone[i])
			gg_tb_chain_free(d->chains[i]);
		else
			d->chains[kept++] = d->chains[i];
	}
	d->len = kept;
	free(gone);
}

/*
 * A reraise whose original traceback the paste cuts down to its exception
 * line, that line pasted right under it ("Caught RuntimeError in replica 3
 * on device 3.", then "RuntimeError: CUDA out of memory. ..."): the line
 * is the original's exception, taken as a's. 0 or -ENOMEM.
 */
static int dx_reraise_take_line(gg_diagnoser *d, gg_tb_chain *c)
{
	gg_traceback *a = &c->tbs[c->len - 1];
	int rank = c->rank;
	for (size_t k = 0; k < d->facts.orphans_len; k++) {
		gg_log_orphan *o = &d->facts.orphans[k];
		size_t type_len;
		const char *msg;
		if (!o->oom || o->used || o->type || o->at.line <= a->exc.at.line || o->at.line > a->exc.at.line + DX_CUT_REACH ||
		    (o->rank != rank && o->rank >= 0 && rank >= 0) || !gg_tb_exception_line(o->text, strlen(o->text), &type_len, &msg))
			continue;
		char *type = strndup(o->text, type_len), *detail = strdup(msg);
		char *message = detail ? strndup(detail, strcspn(detail, "\n")) : NULL;
		if (!type || !detail || !message) {
			free(type);
			free(detail);
			free(message);
			return -ENOMEM;
		}
		free(a->exc.type);
		free(a->exc.message);
		free(a->exc.detail);
		a->exc = (gg_tb_exception){ .type = type, .message = message, .detail = detail, .at = o->at };
		o->used = true;
		c->has_oom = true;
		return 0;
	}
	return 0;
}

/*
 * The DataLoader reraises a worker's or the pin-memory thread's error, and
 * DataParallel a replica's, as "Caught X in ... \nOriginal Traceback (most
 * recent call last):" and the original's frames: one failure. When the
 * paste cuts that original before its exception line, its message is
 * missing; when it shows it, that exception is the failure, raised under
 * the reraise's frames (the user's line that called the model among them).
 */
static int dx_join_reraised(gg_diagnoser *d)
{
	size_t kept = 0;
	int rc = 0;
	for (size_t i = 0; i < d->len; i++) {
		gg_tb_chain *c = d->chains[i];
		d->chains[kept++] = c;
		gg_traceback *a = &c->tbs[c->len - 1];
		if (rc || !a->has_exception || strncmp(a->exc.message, "Caught ", 7) != 0)
			continue;
		if (i + 1 >= d->len || d->chains[i + 1]->tbs[0].at.line > a->exc.at.line + 2) {
			if (strstr(a->exc.message, " in replica ") || strstr(a->exc.message, " in DataLoader worker"))
				rc = dx_reraise_take_line(d, c);
			continue;
		}
		gg_tb_chain *o = d->chains[i + 1];
		gg_traceback *b = &o->tbs[0];
		if (o->len != 1 || o->rank != c->rank)
			continue;
		if (b->has_exception) {
			if ((rc = gg_tb_splice(a, b)))
				continue;
			c->has_oom = c->has_oom || o->has_oom;
		} else {
			c->original_cut = true;
		}
		gg_tb_chain_free(o);
		i++;
	}
	d->len = kept;
	return rc;
}

/*
 * A traceback the paste cuts at its very end, right under a failure that
 * is no memory error and whose exception line is there ("[...] Worker hit
 * an exception: Traceback ..." after Triton's error): a framework logging
 * that failure again on its way down, not a second one whose message is
 * missing. Dropped; its rank (the logger's label) is the failure's.
 */
/*
 * The installed package a frame's file is in: the folder right under
 * site-packages or dist-packages ("deepspeed" of ".../site-packages/
 * deepspeed/pt/engine.py"), *len its length; NULL when none.
 */
static const char *dx_frame_package(const gg_tb_frame *f, size_t *len)
{
	static const char *const roots[] = { "site-packages/", "dist-packages/", "site-packages\\", "dist-packages\\", NULL };
	for (const char *const *r = roots; *r; r++) {
		const char *p = strstr(f->filename, *r);
		if (!p)
			continue;
		p += strlen(*r);
		size_t n = strcspn(p, "/\\");
		if (n == 0 || p[n] == '\0')
			return NULL; /* a module right under site-packages: no folder to compare */
		*len = n;
		return p;
	}
	return NULL;
}

/*
 * A cut traceback that ends in the package where an earlier fragment,
 * headless, all library code, begins: the one failure printed twice by
 * two processes (or the log cut in between), the first copy losing its
 * head and the second its tail. The second's frames are the first's
 * callers.
 */
static bool dx_cut_leads_into(const gg_traceback *own, const gg_traceback *cut)
{
	if (!own->headerless || own->len == 0 || cut->len == 0)
		return false;
	for (size_t k = 0; k < own->len; k++)
		if (dx_frame_user(&own->frames[k]))
			return false;
	size_t a = 0, b = 0;
	const char *pa = dx_frame_package(&cut->frames[cut->len - 1], &a), *pb = dx_frame_package(&own->frames[0], &b);
	return pa && pb && a == b && memcmp(pa, pb, a) == 0;
}

static void dx_join_logged_cut(gg_diagnoser *d)
{
	size_t kept = 0;
	for (size_t i = 0; i < d->len; i++) {
		gg_tb_chain *c = d->chains[i];
		const gg_traceback *tb = &c->tbs[c->len - 1];
		gg_tb_chain *p = kept ? d->chains[kept - 1] : NULL;
		const gg_traceback *pt = p ? &p->tbs[p->len - 1] : NULL;
		/*
		 * Under its own header, its last frame's code line and a frame
		 * line cut inside its path may end the paste; headerless frames
		 * there are another process's (dx_fold_interleaved).
		 */
		bool cut_at_end = c->len == 1 && !tb->has_exception && tb->len > 0 && !tb->stack &&
				  tb->frames[tb->len - 1].at.line + (tb->headerless ? 0 : 2) >= d->facts.last_text_line;
		/*
		 * mp.spawn's "-- Process 0 terminated with the following error:"
		 * between them: the cut traceback is that worker's own, the failure
		 * the launcher's exception reports, not a logged copy of it.
		 */
		bool worker_below = pt && d->facts.launcher_follows && d->facts.launcher_at.line > pt->exc.at.line &&
				    d->facts.launcher_at.line < tb->at.line;
		if (cut_at_end && !worker_below && pt && pt->has_exception && (!p->has_oom || dx_cut_leads_into(pt, tb)) &&
		    (p->rank < 0 || p->rank == c->rank || c->rank < 0) &&
		    pt->exc.at.line < tb->at.line && pt->exc.at.line + DX_HEADERLESS_REACH >= tb->at.line) {
			if (p->rank < 0)
				p->rank = c->rank;
			/* The failure's own frames all library code: the logged copy's are its callers, where the user's code is. */
			gg_traceback *own = &p->tbs[p->len - 1];
			bool user = false;
			for (size_t k = 0; k < own->len && !user; k++)
				user = dx_frame_user(&own->frames[k]);
			gg_traceback *cut = &c->tbs[0];
			if (!user && own->len + cut->len <= DX_MAX_JOINED &&
			    gg_grow_to((void **)&own->frames, &own->cap, own->len + cut->len, sizeof *own->frames) == 0) {
				memmove(own->frames + cut->len, own->frames, own->len * sizeof *own->frames);
				memcpy(own->frames, cut->frames, cut->len * sizeof *own->frames);
				own->len += cut->len;
				cut->len = 0; /* the frames moved: not freed with c */
			}
			gg_tb_chain_free(c);
			continue;
		}
		d->chains[kept++] = c;
	}
	d->len = kept;
}

/*
 * Autograd's anomaly mode prints the forward call that made a failing
 * backward function as bare frames ("Traceback of forward call that caused
 * the error:", a header often elided when pasted), then the backward's own
 * traceback ending in "Function 'XBackward' returned nan values": one
 * failure. The forward frames are not a traceback cut short; their last
 * frame of the user's code is where the NaN starts, kept on the error's
 * chain for its advice.
 */
static int dx_join_anomaly_forward(gg_diagnoser *d)
{
	size_t kept = 0;
	for (size_t i = 0; i < d->len; i++) {
		gg_tb_chain *c = d->chains[i];
		gg_tb_chain *o = i + 1 < d->len ? d->chains[i + 1] : NULL;
		const gg_traceback *tb = &c->tbs[0];
		const gg_traceback *ot = o ? &o->tbs[o->len - 1] : NULL;
		if (!o || c->len != 1 || tb->has_exception || tb->len == 0 || !ot->has_exception ||
		    !strstr(ot->exc.message, "returned nan values") || (c->rank >= 0 && o->rank >= 0 && c->rank != o->rank) ||
		    tb->frames[tb->len - 1].at.line > o->tbs[0].at.line ||
		    tb->frames[tb->len - 1].at.line + DX_HEADERLESS_REACH < o->tbs[0].at.line) {
			d->chains[kept++] = c;
			continue;
		}
		const gg_tb_frame *f = NULL;
		for (size_t k = tb->len; k-- > 0 && !f;)
			if (dx_frame_user(&tb->frames[k]))
				f = &tb->frames[k];
		if (f && !o->anomaly_forward) {
			o->anomaly_forward = gg_strdup_printf("%s:%u in %s()%s%s%s", gg_tb_frame_file(f), f->line,
							      f->function[0] ? f->function : "<module>", f->code ? ": `" : "",
							      f->code ? f->code : "", f->code ? "`" : "");
			if (!o->anomaly_forward)
				return -ENOMEM;
			o->anomaly_line = tb->at.line;
		}
		gg_tb_chain_free(c);
	}
	d->len = kept;
	return 0;
}

static int dx_chain_cmp(const void *pa, const void *pb)
{
	const gg_tb_chain *a = *(gg_tb_chain *const *)pa, *b = *(gg_tb_chain *const *)pb;
	uint64_t la = a->tbs[0].at.line, lb = b->tbs[0].at.line;
	return la < lb ? -1 : la > lb;
}

static int dx_item_cmp(const void *pa, const void *pb)
{
	const gg_diagnosis *a = pa, *b = pb;
	uint64_t la = a->chain->tbs[0].at.line, lb = b->chain->tbs[0].at.line;
	return la < lb ? -1 : la > lb;
}

/*
 * What a rank's collective raises when the process across it died: gloo's
 * closed or reset connection, NCCL's aborted communicator or its watchdog's
 * timeout, a store that lost its server.
 */
static bool dx_peer_lost(const char *message)
{
	static const char *const words[] = {
		"Connection closed by peer", "Connection reset by peer", "Broken pipe",
		"NCCL communicator was aborted", "has been aborted", GG_WATCHDOG_TIMEOUT,
		"ProcessGroupNCCL's watchdog", "Socket Timeout", "failed to recv, got 0 bytes",
	};
	for (size_t i = 0; message && i < sizeof words / sizeof *words; i++)
		if (strstr(message, words[i]))
			return true;
	return false;
}

/* What a caller raises when the process serving it died: its connection or the server is gone. */
static bool dx_link_lost(const gg_traceback *tb)
{
	static const char *const types[] = { "Closed", "ConnectionLost", "ConnectionError", "ActorDied", "WorkerCrashed", NULL };
	for (const char *const *t = types; *t; t++)
		if (strstr(tb->exc.type, *t))
			return true;
	return dx_peer_lost(tb->exc.message) || strstr(tb->exc.message, " closed") || strstr(tb->exc.message, "onnection lost");
}

/* Whether a progress bar was printed between lines a and b (both excluded): the run went on there. */
static bool dx_bar_between(const gg_log_facts *facts, uint64_t a, uint64_t b)
{
	const uint64_t bars[] = { facts->load_bar_line, facts->train_bar_line, facts->eval_bar_line };
	for (size_t i = 0; i < sizeof bars / sizeof *bars; i++)
		if (bars[i] > a && bars[i] < b)
			return true;
	return false;
}

/* A source line of its own frames pasted right above an exception line: its stack was there, cut. */
static bool dx_code_above(const gg_log_facts *facts, uint64_t line)
{
	for (size_t i = 0; i < facts->orphans_len; i++)
		if (facts->orphans[i].at.line == line)
			return facts->orphans[i].code_above != NULL;
	return false;
}

#define DX_NCCL_TRAIL 16 /* NCCL's INFO lines tracing the failure back, between its warning and the traceback */

/*
 * A traceback right under an out-of-memory failure told by a log line
 * alone (an app's ERROR line with the allocator's message, a memory
 * monitor's kill) that only follows from it: the caller's traceback cut
 * before its exception line (the driver's wait on the killed task), or a
 * lost connection raised from library code only (a client of the server
 * the failure took down). One failure: the later one is folded into the
 * memory error and named in its evidence. items are in log order.
 */
static void dx_fold_consequences(gg_diagnoses *out, const gg_log_facts *facts)
{
	size_t kept = 0;
	const gg_diagnosis *oom = NULL, *framed = NULL;
	for (size_t i = 0; i < out->len; i++) {
		gg_diagnosis *x = &out->items[i];
		const gg_traceback *tb = gg_diagnosis_traceback(x);
		/*
		 * NCCL's "Cuda failure 'out of memory'" printed under the collective's
		 * traceback it failed (C-level warnings flushed after Python's
		 * output, or pasted in that order): the same one failure as below,
		 * the memory error taking the traceback's frames.
		 */
		gg_diagnosis *prev = kept ? &out->items[kept - 1] : NULL;
		const gg_traceback *pt = prev ? gg_diagnosis_traceback(prev) : NULL;
		if (prev && x->oom.is_oom && !prev->oom.is_oom && x->chain->len == 1 && tb->len == 0 && x->oom.form &&
		    strcmp(x->oom.form, GG_OOM_FORM_NCCL) == 0 && prev->chain->len == 1 && pt->has_exception && pt->len > 0 &&
		    strstr(pt->exc.message, "NCCL error") && (prev->rank < 0 || x->rank < 0 || prev->rank == x->rank) &&
		    pt->exc.at.line < tb->at.line && pt->exc.at.line + DX_NCCL_TRAIL >= tb->at.line) {
			dx_frames_take(&x->chain->tbs[x->tb], &prev->chain->tbs[prev->tb]);
			x->consequence_line = pt->exc.at.line;
			x->consequence_nccl = true;
			dx_diagnosis_free(prev);
			kept--;
		}
		if (x->oom.is_oom) {
			out->items[kept++] = *x;
			/* A line alone: its chain is one traceback without frames. */
			oom = x->chain->len == 1 && tb->len == 0 && !x->consequence_line ? &out->items[kept - 1] : NULL;
			/* A whole traceback of its own, its exception line printed. */
			framed = x->chain->len == 1 && tb->len > 0 && tb->has_exception && !x->consequence_line ? &out->items[kept - 1] : NULL;
			continue;
		}
		bool cut_here = x->chain->len == 1 && !tb->has_exception && tb->len > 0;
		const gg_traceback *ft = framed ? gg_diagnosis_traceback(framed) : NULL;
		/*
		 * A traceback cut before its exception line a few lines under a
		 * whole out-of-memory traceback, only an app's words between them
		 * (no progress bar: the run did not go on): the caller that went on
		 * after the failure was caught and reported, failing for it. The
		 * memory error is the failure; the paste's cut adds nothing to ask.
		 */
		if (framed && cut_here && (framed->rank < 0 || x->rank < 0 || framed->rank == x->rank) &&
		    ft->exc.at.line < x->chain->tbs[0].at.line && ft->exc.at.line + DX_HEADERLESS_REACH >= x->chain->tbs[0].at.line &&
		    !dx_bar_between(facts, ft->exc.at.line, x->chain->tbs[0].at.line)) {
			gg_diagnosis *o = &out->items[kept - 1];
			o->consequence_line = x->chain->tbs[0].at.line;
			dx_diagnosis_free(x);
			framed = NULL;
			continue;
		}
		framed = NULL;
		bool user = false;
		for (size_t k = 0; k < tb->len && !user; k++)
			user = dx_frame_user(&tb->frames[k]);
		bool cut = x->chain->len == 1 && !tb->has_exception && tb->len > 0;
		bool lost = tb->has_exception && !user && dx_link_lost(tb);
		const gg_traceback *ot = oom ? gg_diagnosis_traceback(oom) : NULL;
		/*
		 * Another rank's traceback cut before its exception line, right
		 * under this rank's frameless memory error: the launcher's ranks
		 * all run the same code, so its frames are where this one was too
		 * (the phase, autograd's state, the line), and its missing
		 * exception most likely the same. One failure, its frames lent.
		 */
		if (oom && cut && oom->rank >= 0 && x->rank >= 0 && oom->rank != x->rank && x->chain->pid <= 0 &&
		    !dx_code_above(facts, ot->exc.at.line) &&
		    ot->at.line < x->chain->tbs[0].at.line && ot->at.line + DX_HEADERLESS_REACH >= x->chain->tbs[0].at.line) {
			gg_diagnosis *o = &out->items[kept - 1];
			gg_traceback *to = &o->chain->tbs[o->tb];
			gg_traceback *from = &x->chain->tbs[0];
			dx_frames_take(to, from);
			o->frames_rank = x->rank;
			o->consequence_line = from->at.line;
			dx_diagnosis_free(x);
			oom = NULL;
			continue;
		}
		/*
		 * NCCL's own "Cuda failure 'out of memory'" and then the collective's
		 * traceback in that process, raised as an NCCL error (internal
		 * error, unhandled cuda error): one failure, the memory error, and
		 * the traceback's frames say where the collective was called.
		 */
		if (oom && tb->has_exception && tb->len > 0 && oom->oom.form && strcmp(oom->oom.form, GG_OOM_FORM_NCCL) == 0 &&
		    strstr(tb->exc.message, "NCCL error") && (oom->rank < 0 || x->rank < 0 || oom->rank == x->rank) &&
		    ot->at.line < x->chain->tbs[0].at.line && ot->at.line + DX_NCCL_TRAIL >= x->chain->tbs[0].at.line) {
			gg_diagnosis *o = &out->items[kept - 1];
			dx_frames_take(&o->chain->tbs[o->tb], &x->chain->tbs[0]);
			o->consequence_line = tb->exc.at.line;
			o->consequence_nccl = true;
			dx_diagnosis_free(x);
			oom = NULL;
			continue;
		}
		if (oom && (cut || lost) && (oom->rank < 0 || x->rank < 0 || oom->rank == x->rank) &&
		    ot->at.line < x->chain->tbs[0].at.line && ot->at.line + DX_HEADERLESS_REACH >= x->chain->tbs[0].at.line) {
			gg_diagnosis *o = &out->items[kept - 1];
			o->consequence_line = x->chain->tbs[0].at.line;
			o->consequence_pid = o->chain->pid > 0 && x->chain->pid > 0 && o->chain->pid != x->chain->pid ? x->chain->pid : 0;
			o->consequence_type = lost ? strdup(tb->exc.type) : NULL; /* NULL on OOM too: named as cut */
			dx_diagnosis_free(x);
			oom = NULL;
			continue;
		}
		out->items[kept++] = *x;
		oom = NULL;
	}
	out->len = kept;
}

/*
 * A launcher's CalledProcessError (torch.distributed.launch's, a script's
 * subprocess.run(check=True)), its own frames only, after a child's
 * failure the paste shows: the launcher saw that child exit and said so.
 * One failure, reported twice: folded into the child's, and named in its
 * evidence.
 */
static void dx_fold_launcher_reports(gg_diagnoses *out)
{
	size_t kept = 0;
	for (size_t i = 0; i < out->len; i++) {
		gg_diagnosis *x = &out->items[i];
		const gg_traceback *tb = x->chain ? gg_diagnosis_traceback(x) : NULL;
		gg_diagnosis *prev = kept ? &out->items[kept - 1] : NULL;
		const gg_traceback *pt = prev && prev->chain ? gg_diagnosis_traceback(prev) : NULL;
		bool report = tb && tb->has_exception && gg_tb_type_named(tb->exc.type, "CalledProcessError") && x->chain->len == 1;
		for (size_t f = 0; report && f < tb->len; f++)
			report = !dx_frame_user(&tb->frames[f]);
		if (report && pt && pt->has_exception && !prev->launcher_report_line && pt->exc.at.line < tb->exc.at.line) {
			prev->launcher_report_line = tb->exc.at.line;
			dx_diagnosis_free(x);
			continue;
		}
		out->items[kept++] = *x;
	}
	out->len = kept;
}

/*
 * The failure at first is a rank's collective timeout, and every other
 * entry is a rank's collective timeout too (its own again, or another
 * rank's that waited as well) or a launcher's report of a child that
 * failed (torchrun's ChildFailedError, a CalledProcessError): no error of
 * a rank that stopped and no memory error is in the paste.
 */
static bool dx_waiting_ranks_only(const gg_diagnoses *out, int first)
{
	const gg_diagnosis *f = &out->items[first];
	const gg_traceback *ft = f->chain ? gg_diagnosis_traceback(f) : NULL;
	if (!ft || !ft->has_exception || f->oom.is_oom || !gg_logfacts_collective_timeout(ft->exc.message))
		return false;
	for (size_t i = 0; i < out->len; i++) {
		const gg_diagnosis *x = &out->items[i];
		const gg_traceback *tb = x->chain ? gg_diagnosis_traceback(x) : NULL;
		if ((int)i == first)
			continue;
		if (x->oom.is_oom || !tb || !tb->has_exception)
			return false;
		if (strstr(tb->exc.type, "ChildFailedError") || strstr(tb->exc.type, "CalledProcessError"))
			continue;
		if (x->rank < 0 || !gg_logfacts_collective_timeout(tb->exc.message))
			return false;
	}
	return true;
}

/*
 * Frames without a header that follow an exception line to the end of the
 * paste and stop with no exception of their own, all library code:
 * another process still printing its stack into the same terminal (its
 * exception, if any, comes later, cut from the paste). Not a second
 * failure: folded into the one whose exception they follow, and named in
 * its evidence.
 */
#define DX_INTERLEAVE_REACH 40 /* lines from that exception line to where the frames kept start */
#define DX_INTERLEAVE_END 2    /* their last frame's code line, and a blank, may end the paste */

static void dx_fold_interleaved(gg_diagnoses *out, const gg_log_facts *facts)
{
	size_t kept = 0;
	for (size_t i = 0; i < out->len; i++) {
		gg_diagnosis *x = &out->items[i];
		const gg_traceback *tb = gg_diagnosis_traceback(x);
		gg_diagnosis *prev = kept ? &out->items[kept - 1] : NULL;
		const gg_traceback *pt = prev ? gg_diagnosis_traceback(prev) : NULL;
		bool library = i + 1 == out->len && x->chain->len == 1 && tb->headerless && !tb->has_exception && tb->len > 0 &&
			       tb->frames[tb->len - 1].at.line + DX_INTERLEAVE_END >= facts->last_text_line;
		for (size_t k = 0; k < tb->len && library; k++)
			library = !dx_frame_user(&tb->frames[k]);
		if (library && pt && pt->has_exception && !prev->interleaved_line && pt->exc.at.line < tb->at.line &&
		    pt->exc.at.line + DX_INTERLEAVE_REACH >= tb->at.line && (prev->rank == x->rank || x->rank < 0)) {
			prev->interleaved_line = pt->exc.at.line + 1;
			dx_diagnosis_free(x);
			continue;
		}
		out->items[kept++] = *x;
	}
	out->len = kept;
}

/*
 * Whether every entry so far is a traceback cut before its exception line
 * and a rank's watchdog timeout line stands above the first of them: the
 * log line where those tracebacks start, else 0.
 */
static uint64_t dx_cut_after_watchdog(const gg_diagnoser *d, const gg_diagnoses *out)
{
	uint64_t start = 0;
	for (size_t i = 0; i < out->len; i++) {
		const gg_tb_chain *c = out->items[i].chain;
		if (out->items[i].oom.is_oom || !c || !c->len || c->from_summary)
			return 0;
		for (size_t k = 0; k < c->len; k++)
			if (c->tbs[k].has_exception)
				return 0;
		if (!start || c->tbs[0].at.line < start)
			start = c->tbs[0].at.line;
	}
	for (size_t i = 0; i < d->facts.orphans_len && start; i++) {
		const gg_log_orphan *o = &d->facts.orphans[i];
		if (!o->oom && o->rank >= 0 && o->at.line < start && gg_logfacts_collective_timeout(o->text))
			return start;
	}
	return 0;
}

int gg_diagnoser_finish(gg_diagnoser *d, const gg_diagnose_options *opts, gg_diagnoses *out)
{
	memset(out, 0, sizeof *out);
	int rc = d->error;
	if (!rc)
		rc = gg_logscan_finish(d->scan);
	if (!rc)
		rc = gg_tbparse_finish(d->parse);
	if (!rc)
		rc = gg_logfacts_end(&d->facts);
	if (rc)
		return rc;
	out->lines = d->facts.lines;
	out->omitted = d->omitted;
	gg_logfacts_settle_version(&d->facts);
	out->torch_version = d->facts.torch_version; /* moved: the facts are freed with the diagnoser */
	d->facts.torch_version = NULL;

	/* The piled copies of several processes' one failure, before they are taken for stubs one by one. */
	if ((rc = dx_join_interleaved(d)) != 0)
		return rc;
	/* Drop the summary's copies first: the comparison needs every chain still in place. */
	bool *drop = d->len ? calloc(d->len, sizeof *drop) : NULL;
	if (d->len && !drop)
		return -ENOMEM;
	for (size_t i = 0; i < d->len; i++)
		drop[i] = dx_is_ignored_after(d, i) || dx_is_summary_copy(d, i) || dx_is_logged_copy(d, i) || dx_is_launcher_tail(d, i) ||
			  dx_is_launcher_summary(d, i) || dx_is_interleaved_stub(d, i) || dx_is_unbound_after_oom(d, i);
	size_t kept = 0;
	for (size_t i = 0; i < d->len; i++) {
		if (drop[i])
			gg_tb_chain_free(d->chains[i]);
		else
			d->chains[kept++] = d->chains[i];
	}
	free(drop);
	d->len = kept;
	/* Before the cut copies borrow an exception line from above them (dx_stack_exceptions). */
	dx_join_repeated(d);
	if ((rc = dx_stack_exceptions(d)) != 0)
		return rc;
	/* Streams finish at different times: report in order of appearance in the log. */
	if (d->len > 1)
		qsort(d->chains, d->len, sizeof *d->chains, dx_chain_cmp);
	if ((rc = dx_join_reraised(d)) != 0)
		return rc;
	dx_join_logged_cut(d);
	if ((rc = dx_join_anomaly_forward(d)) != 0)
		return rc;
	/* The rank that failed first: the summary's root cause, else the launcher's "failed" line. */
	int root = gg_logfacts_first_rank(&d->facts);
	bool killed9 = gg_logfacts_first_killed(&d->facts);
	for (size_t i = 0; i < d->len; i++) {
		if (d->chains[i]->rank < 0 && d->facts.root_rank >= 0 && d->chains[i]->from_summary)
			d->chains[i]->rank = d->facts.root_rank;
		gg_tb_chain *c = d->chains[i];
		d->chains[i] = NULL;
		if ((rc = dx_push(out, c)))
			return rc;
	}
	d->len = 0;
	/* OOM lines without a traceback count for ranks that have no OOM traceback. */
	bool had_tracebacks = out->len > 0, open_files_said = false;
	for (size_t i = 0; i < d->facts.orphans_len; i++) {
		const gg_log_orphan *o = &d->facts.orphans[i];
		if (!o->oom || o->folded)
			continue;
		bool covered = false;
		for (size_t j = 0; j < out->len && !covered; j++) {
			gg_diagnosis *x = &out->items[j];
			covered = x->oom.is_oom && (x->rank == o->rank || o->rank < 0 || x->rank < 0);
			/*
			 * The runtime's unlabelled line, then the same failure as the
			 * process that raised it reports it, with its rank (torch_xla's
			 * "Exception in device=TPU:6: ..."): one failure, of that rank.
			 */
			if (covered && x->rank < 0 && o->rank >= 0 && x->chain->len == 1 && x->chain->tbs[0].len == 0 &&
			    x->chain->seq == (uint64_t)-1) {
				gg_oom_info info;
				if (gg_oom_match(NULL, o->text, strlen(o->text), &info) && info.device == x->oom.device) {
					x->rank = x->chain->rank = o->rank;
					if (x->oom.device_index < 0)
						x->oom.device_index = info.device_index;
				}
			}
		}
		if (covered)
			continue;
		/*
		 * torch's shared-memory files (the DataLoader's batches, </torch_...>)
		 * refused beside "Too many open files": the file-descriptor limit
		 * of the file_descriptor sharing strategy, not the host's memory.
		 */
		if (d->facts.open_files_at.line && strstr(o->text, "</torch_")) {
			if (open_files_said)
				continue;
			open_files_said = true;
			gg_tb_chain *oc = dx_line_chain(strdup("torch's shared-memory files were refused: too many open files"), o->rank,
							false, d->facts.open_files_at);
			if (oc)
				oc->open_files = true;
			if (!oc || (rc = dx_push(out, oc)))
				return oc ? rc : -ENOMEM;
			continue;
		}
		gg_tb_chain *c = dx_orphan_chain(o, (uint64_t)-1);
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
	}

	/*
	 * XLA's runtime line without a rank, then torch_xla's label of the
	 * process that raised it cut short ("Exception in device=TPU:3: RES"):
	 * the label is enough to name the rank.
	 */
	for (size_t j = 0; j < out->len && d->facts.xla_ordinal >= 0; j++) {
		gg_diagnosis *x = &out->items[j];
		const gg_traceback *tb = gg_diagnosis_traceback(x);
		if (x->oom.xla && x->rank < 0 && tb->len == 0 && tb->at.line < d->facts.xla_ordinal_line &&
		    tb->at.line + DX_HEADERLESS_REACH >= d->facts.xla_ordinal_line) {
			x->rank = x->chain->rank = d->facts.xla_ordinal;
			if (x->oom.device_index < 0)
				x->oom.device_index = d->facts.xla_ordinal;
		}
	}
	/*
	 * A process's own last words outside any traceback: an uncaught C++
	 * exception's what() (an NCCL watchdog's abort above torchrun's
	 * traceback), a debugger's typed header with no frames under it. A
	 * failure whatever else the paste holds, unless a traceback of that
	 * rank already raised the same message.
	 */
	for (size_t i = 0; i < d->facts.orphans_len; i++) {
		const gg_log_orphan *o = &d->facts.orphans[i];
		if (o->oom || o->used || !(o->abort || dx_header_speaks(o)))
			continue;
		bool covered = false;
		for (size_t j = 0; j < out->len && !covered; j++) {
			const gg_diagnosis *x = &out->items[j];
			const gg_traceback *tb = x->chain ? gg_diagnosis_traceback(x) : NULL;
			covered = tb && tb->has_exception && o->text[0] && (x->rank == o->rank || x->rank < 0 || o->rank < 0) &&
				  (strstr(tb->exc.message, o->text) || (strlen(tb->exc.message) >= 16 && strstr(o->text, tb->exc.message)));
		}
		/*
		 * A C++ exception's what() with a memory error's line right under
		 * it (SYCL's "Enqueue process failed.", then Level Zero's
		 * UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY): the runtime's detail of
		 * that same exception, one failure, the memory error.
		 */
		for (size_t k = 0; k < d->facts.orphans_len && !covered && o->abort; k++) {
			const gg_log_orphan *m = &d->facts.orphans[k];
			covered = m->oom && m->at.line > o->continued_to && m->at.line <= o->continued_to + 2 &&
				  (m->rank == o->rank || m->rank < 0 || o->rank < 0);
		}
		if (covered)
			continue;
		gg_tb_chain *c = dx_orphan_chain(o, (uint64_t)-1);
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
	}

	/*
	 * NCCL's watchdog timing a collective out, then only tracebacks cut
	 * before their exception lines: releases that raise the timeout into
	 * the ranks' Python code print a stack per rank after it, and the paste
	 * ends inside them. The timeout is the failure, said by the lines above;
	 * the stacks are those ranks reporting it, read below as no traceback.
	 */
	d->timeout_stacks = dx_cut_after_watchdog(d, out);
	if (d->timeout_stacks) {
		for (size_t i = 0; i < out->len; i++)
			dx_diagnosis_free(&out->items[i]);
		out->len = 0;
		had_tracebacks = false;
	}

	/* A root cause killed by SIGKILL and no OOM anywhere: the kernel's OOM killer, most likely. */
	bool any_oom = false;
	uint64_t last_oom = 0;
	for (size_t i = 0; i < out->len; i++) {
		const gg_traceback *otb = out->items[i].chain ? gg_diagnosis_traceback(&out->items[i]) : NULL;
		any_oom |= out->items[i].oom.is_oom;
		if (out->items[i].oom.is_oom && otb && otb->exc.at.line > last_oom)
			last_oom = otb->exc.at.line;
	}
	/*
	 * A shell's SIGKILL after every memory error, the run's own lines between
	 * (the program caught the device's error and went on, on the CPU): a
	 * failure of its own, the one that ended the run.
	 */
	bool late_kill = any_oom && d->facts.killed && !killed9 && !d->facts.cgroup_oom && d->facts.killed_at.line > last_oom + 1;
	/*
	 * A SIGKILL a few lines under a debugger's prompt, the program paused
	 * there (`(Pdb)`, nothing run since): an IDE's stop button ends a run
	 * with SIGKILL (exit code 137). Stopped, not out of memory.
	 */
	uint64_t prompt = d->facts.debugger_prompt_line;
	bool stopped = !any_oom && !killed9 && !d->facts.cgroup_oom && d->facts.killed && prompt &&
		       d->facts.killed_at.line > prompt && d->facts.killed_at.line <= prompt + 3;
	if (stopped) {
		gg_tb_chain *c = dx_line_chain(gg_strdup_printf("the run, paused at a debugger's prompt, was killed (SIGKILL)"), -1, false,
					       d->facts.killed_at);
		if (c)
			c->debugger_stop = true;
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
	}
	/* Only a node memory monitor's lines, its message's own sentence cut away: the kill they report. */
	bool monitor = d->facts.monitor_oom && !killed9 && !d->facts.killed && !d->facts.cgroup_oom;
	if ((killed9 || d->facts.killed || d->facts.cgroup_oom || monitor) && (!any_oom || late_kill) && !stopped) {
		/* A memory limit's handler says why the SIGKILL came: the job's limit, not the machine's RAM alone. */
		bool cgroup = d->facts.cgroup_oom;
		gg_log_span at = cgroup    ? d->facts.cgroup_at
				 : monitor ? d->facts.monitor_at
				 : d->facts.sigkill ? d->facts.sigkill_at
				 : killed9 ? d->facts.launcher_at
					   : d->facts.killed_at;
		char *text = cgroup ? gg_strdup_printf("a process was killed by its %s memory limit's OOM handler",
						      d->facts.cgroup_slurm ? "job's" : "cgroup's")
			     : monitor ? gg_strdup_printf("a node memory monitor killed a task (a line of its message)")
			     : killed9 ? gg_strdup_printf("rank %d exited with signal 9 (SIGKILL)", root)
			     : d->facts.killed_kernel ? gg_strdup_printf("the kernel's OOM killer killed the process (its own report)")
				       : gg_strdup_printf("the process was killed by SIGKILL"); /* its line is the message's own (at) */
		/* srun's task its cgroup killed: a rank where srun starts one task per rank (no launcher's word on ranks). */
		int task = root >= 0 ? -1 : cgroup ? d->facts.srun_oom_task : d->facts.srun_killed_task;
		gg_tb_chain *c = dx_line_chain(text, killed9 ? root : task, true, at);
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
		gg_diagnosis *x = &out->items[out->len - 1];
		x->oom.is_oom = true;
		x->oom.device = GG_OOM_DEVICE_CPU;
		x->oom.form = cgroup ? GG_OOM_FORM_CGROUP : monitor ? GG_OOM_FORM_NODE_MEMORY : GG_OOM_FORM_SIGKILL;
		x->oom.device_index = -1; /* the host's memory: no device is numbered */
		if (task >= 0 && (rc = gg_evidence_add(x, "srun reports task %d %s: with one task per rank (`srun python train.py`) that is rank %d; under a launcher per node it is that node's launcher",
						       task, cgroup ? "out of memory" : "killed (SIGKILL, which the kernel's OOM killer sends)", task)))
			return rc;
		/* A kill prints no figures: unknown (-1), never read as 0 bytes (the JSON's memory object leaves them out). */
		double *figs[] = { &x->oom.tried, &x->oom.total, &x->oom.allocated, &x->oom.reserved, &x->oom.reserved_unallocated,
				   &x->oom.cached, &x->oom.free, &x->oom.limit };
		for (size_t k = 0; k < sizeof figs / sizeof figs[0]; k++)
			if (*figs[k] == 0)
				*figs[k] = -1;
		/*
		 * The launcher's line is its own traceback's exception (mp.spawn's
		 * "process 0 terminated with signal SIGKILL"): that traceback is
		 * the launcher reporting this kill, not a second failure. Its
		 * frames are the launcher's wait, not the killed worker's: the
		 * one reading of the kill stays without them.
		 */
		for (size_t j = 0; !cgroup && j + 1 < out->len; j++) {
			gg_diagnosis *y = &out->items[j];
			gg_traceback *ytb = y->chain && y->chain->len == 1 ? &y->chain->tbs[0] : NULL;
			if (y->oom.is_oom || !ytb || !ytb->has_exception || ytb->exc.at.line != at.line)
				continue;
			dx_diagnosis_free(y);
			memmove(y, y + 1, (out->len - j - 1) * sizeof *y);
			out->len--;
			j--;
		}
	}
	/*
	 * A shell's job line naming a crash's signal (zsh's "[1]  4021 bus
	 * error  python x.py"), and no traceback or error line: the process
	 * died of that signal. A failure, not nothing found, and not the OOM
	 * killer's (that is SIGKILL, "killed", read above).
	 */
	if (out->len == 0 && !had_tracebacks && !d->facts.orphans_len && !d->facts.lone.text && d->facts.job_signal &&
	    !d->facts.killed && !killed9 && !d->facts.cgroup_oom) {
		/* A launcher's exit code (-11) read as the signal: the rank it names. */
		bool launcher = d->facts.launcher_rank >= 0 && d->facts.launcher_at.line == d->facts.job_signal_at.line;
		char *text = launcher ? gg_strdup_printf("rank %d exited with signal %ld (%s)", d->facts.launcher_rank,
							 -d->facts.launcher_exitcode, d->facts.job_signal)
				      : gg_strdup_printf("the shell reports the process ended by a signal: %s", d->facts.job_signal);
		gg_tb_chain *c = dx_line_chain(text, launcher ? d->facts.launcher_rank : -1, false, d->facts.job_signal_at);
		if (c)
			c->job_signal = true;
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
	}
	/*
	 * A DataLoader worker's own report of its bus error ("Unexpected bus
	 * error encountered in worker. This might be caused by insufficient
	 * shared memory (shm)"), or a shared-memory file it could not write,
	 * the main process's traceback cut off below it or its error line in
	 * a form not read: the failure is that one, read as its traceback
	 * would be.
	 */
	if (out->len == 0 && !had_tracebacks && !d->facts.orphans_len && !d->facts.lone.text && d->facts.shm &&
	    !d->facts.job_signal && !d->facts.killed && !killed9 && !d->facts.cgroup_oom) {
		/* Its own words where the line is a shared-memory file not written: no bus error is said then. */
		char *text = strdup(d->facts.shm_file ? "a shared-memory file could not be written (unable to write to file </torch_...>): /dev/shm is full"
						      : "a DataLoader worker died of a bus error: insufficient shared memory (shm)");
		gg_tb_chain *c = dx_line_chain(text, -1, false, d->facts.shm_at);
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
	}
	/*
	 * The agent's own "Received 1 death signal", and no traceback, no
	 * worker's failure: something outside the run stopped it (a closed
	 * terminal, a scheduler, Ctrl-C) and the agent passed the signal on to
	 * its workers. That is the failure, not one cut short, and not memory.
	 */
	if (out->len == 0 && !had_tracebacks && !d->facts.orphans_len && !d->facts.lone.text && d->facts.agent_signal &&
	    d->facts.launcher_rank < 0 && d->facts.root_rank < 0 && !d->facts.killed && !killed9 && !d->facts.cgroup_oom) {
		const char *name = gg_logfacts_signal_name(d->facts.agent_signal);
		char *text = gg_strdup_printf("the launcher received signal %d%s%s%s and stopped its workers", d->facts.agent_signal,
					      name ? " (" : "", name ? name : "", name ? ")" : "");
		gg_tb_chain *c = dx_line_chain(text, -1, false, d->facts.agent_signal_at);
		if (c)
			c->agent_signal = true;
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
	}
	/*
	 * torchrun's summary alone: a rank failed, and what it raised is not in
	 * the paste. Cut before its root cause's rank (inside "Root Cause", or
	 * in the "Failures:" list above it), it still says a worker failed: a
	 * failure cut short with no rank, never nothing found.
	 */
	if (out->len == 0 && d->facts.elastic_summary &&
	    (d->facts.root_rank >= 0 || d->facts.in_root_cause || d->facts.in_failures || d->facts.failures_ranks)) {
		gg_diagnosis *x = dx_push_bare(out, d->facts.root_rank, d->facts.last_text_line);
		if (!x)
			return -ENOMEM;
		x->chain->from_summary = true;
	}
	/*
	 * No traceback, no summary, no launcher's "failed" line, but its agent
	 * sending SIGTERM to the workers: it does so only after one of them
	 * failed, and the paste ends before that worker's error and the
	 * agent's line naming it. A failure cut short, never nothing found.
	 */
	if (out->len == 0 && !had_tracebacks && d->facts.stopped_line && d->facts.launcher_rank < 0 && d->facts.root_rank < 0 &&
	    !d->facts.orphans_len) {
		/* No rank: the pids it stops are the ranks still running, not the one that failed. */
		gg_diagnosis *x = dx_push_bare(out, -1, d->facts.stopped_line);
		if (!x)
			return -ENOMEM;
		x->chain->from_stop = true;
	}
	/*
	 * The agent's "failed (exitcode: 1) local_rank: 0" line alone: a worker
	 * raised an error the paste does not hold (-9, the kernel's kill, is
	 * read above). A failure cut short, with its rank, never nothing found.
	 */
	/*
	 * ... unless argparse's own error line is above it and the code is
	 * argparse's 2: the worker rejected its command line (every rank does),
	 * and that line is the error.
	 */
	if (out->len == 0 && !had_tracebacks && d->facts.launcher_rank >= 0 && d->facts.launcher_exitcode == 2 &&
	    d->facts.root_rank < 0 && !d->facts.orphans_len && !d->facts.lone.text && d->facts.argparse_text &&
	    d->facts.argparse_line < d->facts.launcher_at.line) {
		gg_log_orphan o = { .rank = d->facts.launcher_rank, .text = d->facts.argparse_text, .type = "SystemExit",
				    .at = { d->facts.argparse_line, 0, 0 }, .continued_to = d->facts.argparse_line };
		gg_tb_chain *c = dx_orphan_chain(&o, (uint64_t)-1);
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
	}
	if (out->len == 0 && !had_tracebacks && d->facts.launcher_rank >= 0 && d->facts.launcher_exitcode > 0 &&
	    d->facts.root_rank < 0 && !d->facts.orphans_len && !d->facts.lone.text) {
		gg_diagnosis *x = dx_push_bare(out, d->facts.launcher_rank, d->facts.launcher_at.line);
		if (!x)
			return -ENOMEM;
		x->chain->from_launcher = true;
	}
	/*
	 * pytest-xdist's test worker that died without a Python error (a
	 * native crash, or a kill: the OOM killer's SIGKILL among them): the
	 * signal is not in the paste, so a failure cut short, never nothing
	 * found, and never an out-of-memory error on that word alone.
	 */
	if (out->len == 0 && !had_tracebacks && d->facts.worker_crash_line) {
		gg_diagnosis *x = dx_push_bare(out, -1, d->facts.worker_crash_line);
		if (!x)
			return -ENOMEM;
		x->chain->from_worker_crash = true;
	}
	/*
	 * Triton's resource check logged on a line of its own, no traceback
	 * and no other failure line (Inductor's autotuning refusing a kernel
	 * choice whose shared memory per block is over the GPU's limit, on
	 * every rank alike): that is what the paste shows, and it is no memory
	 * error. Which rank logged it first says nothing: they all do.
	 */
	if (out->len == 0 && !had_tracebacks && !d->facts.orphans_len && !d->facts.lone.text && d->facts.resource_text) {
		gg_log_orphan o = { .rank = -1, .text = d->facts.resource_text, .at = d->facts.resource_at,
				    .continued_to = d->facts.resource_at.line };
		gg_tb_chain *c = dx_orphan_chain(&o, 0);
		if (c)
			c->resource_log = true;
		if (!c || (rc = dx_push(out, c)))
			return c ? rc : -ENOMEM;
	}
	/*
	 * No traceback, no error line, nothing a launcher says of a failure,
	 * but a run's output (its loggers' tags, rank prefixes, progress bars)
	 * cut inside its last line: the paste ends before whatever stopped the
	 * run, so it is a failure cut short, never nothing found. Text that is
	 * no run's output (prose, code) keeps saying nothing.
	 */
	if (out->len == 0 && !had_tracebacks && !d->facts.orphans_len && !d->facts.lone.text && !d->facts.device_assert_line &&
	    gg_logfacts_run_cut(&d->facts)) {
		/*
		 * The cut line's own rank prefix, or the only worker a launcher's cut
		 * command line can name: its `--local_rank=` is the last worker built.
		 */
		int rank = d->facts.last_rank >= 0		      ? d->facts.last_rank
			   : d->facts.last_argv && d->facts.command_local_rank == 0 ? 0
										   : -1;
		gg_diagnosis *x = dx_push_bare(out, rank, d->facts.last_text_line);
		if (!x)
			return -ENOMEM;
		x->chain->from_cut = true;
		/* The cut line is CUDA's own check failing: the device is named, whatever error it was about to print. */
		if (d->facts.last_cuda_check)
			x->oom.device = GG_OOM_DEVICE_CUDA;
	}
	/*
	 * DeepSpeed's launcher killing its processes, or mpirun aborting the
	 * job, and nothing after it: each does so after one of the processes
	 * exited with an error, which the paste does not hold (mpirun's banner
	 * naming the process and its code, or a kill, is read above). A
	 * failure cut short, never nothing found.
	 */
	uint64_t stop = d->facts.killing_line ? d->facts.killing_line : d->facts.launcher_rank < 0 && !d->facts.killed ? d->facts.mpi_aborted_line : 0;
	if (out->len == 0 && !had_tracebacks && stop && !d->facts.orphans_len && !d->facts.lone.text) {
		gg_diagnosis *x = dx_push_bare(out, -1, stop);
		if (!x)
			return -ENOMEM;
		x->chain->from_stop = true;
	}
	/*
	 * XLA's listing of the largest allocations in a program it compiled,
	 * and nothing else: XLA prints it only under its out-of-memory error
	 * (RESOURCE_EXHAUSTED, "Ran out of memory in memory space ..."), which
	 * is above where the paste starts. A memory failure cut short, on the
	 * TPU the listing's program was built for; never nothing found.
	 */
	if (out->len == 0 && !had_tracebacks && !d->facts.orphans_len && !d->facts.lone.text && d->facts.xla_listing_fields >= 3) {
		gg_diagnosis *x = dx_push_bare(out, -1, d->facts.xla_listing_line);
		if (!x)
			return -ENOMEM;
		x->chain->from_listing = true;
		x->oom.device = GG_OOM_DEVICE_TPU;
		x->oom.device_index = -1;
		x->oom.xla = true;
	}
	/* A paste with no traceback and no memory error, but a failure the runtime printed: say what it is. */
	if (out->len == 0 && !had_tracebacks) {
		/* The first such line, preferring one that names its rank (a hard-wrapped line's tail names none). */
		const gg_log_orphan *pick = NULL;
		for (size_t i = 0; i < d->facts.orphans_len; i++) {
			const gg_log_orphan *o = &d->facts.orphans[i];
			bool earlier = !o->oom && pick && pick->rank >= 0 && o->rank >= 0 && dx_stamped_earlier(o, pick);
			if (earlier && !d->stamped_over)
				d->stamped_over = pick->at.line;
			if (!o->oom && (!pick || (pick->rank < 0 && o->rank >= 0) || earlier))
				pick = o;
		}
		/* Else an exception line pasted alone, whose message names no memory error. */
		bool lone = !pick && d->facts.lone.text;
		if (lone)
			pick = &d->facts.lone;
		if (pick) {
			gg_tb_chain *c = dx_orphan_chain(pick, 0);
			if (c)
				c->lone = lone;
			/* Every rank timed out in one collective: no rank is named by the order of the paste or by the stamps. */
			if (c && !lone && dx_one_collective(d)) {
				c->rank = d->collective_missing;
				d->stamped_over = 0;
			}
			if (!c || (rc = dx_push(out, c)))
				return c ? rc : -ENOMEM;
		} else if (d->facts.device_assert_line) {
			/*
			 * A kernel's assertion lines alone: the device prints them as
			 * the kernel fails, before the host raises "device-side assert
			 * triggered". They are the failure, and it is no memory error.
			 */
			char *text = gg_strdup_printf("Assertion `%s` failed.", d->facts.device_assert);
			gg_tb_chain *c = dx_line_chain(text, -1, false, (gg_log_span){ d->facts.device_assert_line, 0, 0 });
			if (c)
				c->device_assert = true;
			if (!c || (rc = dx_push(out, c)))
				return c ? rc : -ENOMEM;
		}
	}
	if (out->len > 1)
		qsort(out->items, out->len, sizeof *out->items, dx_item_cmp);
	dx_fold_consequences(out, &d->facts);
	dx_fold_interleaved(out, &d->facts);
	dx_fold_launcher_reports(out);

	/*
	 * mp.spawn's "-- Process 0 terminated with the following error:" names
	 * the process whose traceback starts on the next line, cut or whole.
	 */
	for (size_t i = 0; d->facts.launcher_follows && i < out->len; i++) {
		gg_diagnosis *x = &out->items[i];
		const gg_traceback *xt = x->chain && x->chain->len ? &x->chain->tbs[0] : NULL;
		if (x->rank < 0 && xt && xt->at.line > d->facts.launcher_at.line && xt->at.line <= d->facts.launcher_at.line + 2)
			x->rank = x->chain->rank = d->facts.launcher_rank;
	}
	/*
	 * The initiating failure: torchelastic's root cause when it names one;
	 * else the first OOM (other ranks then fail in collectives); else the first failure.
	 */
	int first = -1;
	for (size_t i = 0; i < out->len && first < 0; i++)
		if (root >= 0 && out->items[i].rank == root && out->items[i].oom.is_oom)
			first = (int)i;
	/*
	 * mp.spawn's header names the process whose error surfaced, not the
	 * first to fail: an out-of-memory error printed before it (a batch
	 * skipped on another rank, the collectives then out of step) comes first.
	 */
	for (size_t i = 0; i < out->len && first < 0 && d->facts.launcher_follows; i++)
		if (out->items[i].oom.is_oom)
			first = (int)i;
	for (size_t i = 0; i < out->len && first < 0; i++)
		if (root >= 0 && out->items[i].rank == root)
			first = (int)i;
	for (size_t i = 0; i < out->len && first < 0; i++)
		if (out->items[i].oom.is_oom)
			first = (int)i;
	if (first < 0 && out->len)
		first = 0;
	for (size_t i = 0; i < out->len; i++)
		out->items[i].follows_rank = out->items[i].failed_before = -1;
	/*
	 * The launcher's first failure is another rank than the one whose
	 * error the paste shows, and its SIGTERM lines show this one still
	 * running when it acted: this failure came after, and the first one's
	 * own error is not in the paste.
	 */
	int state = first >= 0 && out->items[first].rank >= 0 && out->items[first].rank != root
			    ? (root == d->facts.launcher_rank && d->facts.launcher_first_exit ? 1
										      : gg_logfacts_rank_stopped(&d->facts, out->items[first].rank))
			    : -1;
	if (state >= 0) {
		out->items[first].failed_before = root;
		out->items[first].failed_tie = state == 0;
		if (state == 1)
			first = -1;
	}
	/*
	 * One rank's watchdog timing a collective out, or several ranks'
	 * (older releases print no SeqNum to tie them to one collective), and
	 * nothing else of any rank but the launcher's report of it: each rank
	 * waited for a peer that never arrived. Each is a rank that reported,
	 * not the one that started the failure, which the paste does not
	 * hold: no entry is first. A rank inferred as the one missing from
	 * several ranks' lists (collective_missing) is named by that inference
	 * and stays first, as does one torchelastic's summary or its agent's
	 * line names (its "first observed failure", said as the launcher's
	 * word).
	 */
	if (first >= 0 && root < 0 && out->items[first].rank >= 0 && out->items[first].rank != d->collective_missing &&
	    d->collective_count <= 1 && !d->stamped_over && dx_waiting_ranks_only(out, first)) {
		/* Several ranks' timeouts, each its own wait: none of them stopped first. */
		for (size_t i = 0; i < out->len; i++) {
			const gg_traceback *tb = out->items[i].chain ? gg_diagnosis_traceback(&out->items[i]) : NULL;
			if (out->items[i].rank >= 0 && tb && tb->has_exception && gg_logfacts_collective_timeout(tb->exc.message))
				out->items[i].waited = true;
		}
		first = -1;
	}
	if (first >= 0)
		out->items[first].first = true;
	/* Another rank's collective that lost its peer when the first failure killed it: a consequence, not a cause. */
	int first_rank = first >= 0 ? (out->items[first].rank >= 0 ? out->items[first].rank : root) : -1;
	for (size_t i = 0; i < out->len && first_rank >= 0; i++) {
		gg_diagnosis *x = &out->items[i];
		const gg_traceback *tb = x->chain ? gg_diagnosis_traceback(x) : NULL;
		if (!x->first && !x->oom.is_oom && x->rank >= 0 && x->rank != first_rank && tb && tb->has_exception &&
		    dx_peer_lost(tb->exc.message))
			x->follows_rank = first_rank;
	}

	gg_workspace *ws = NULL;
	gg_notebooks *nb = NULL; /* reads the notebooks only when a notebook frame is resolved */
	if (opts && opts->root) {
		ws = gg_workspace_open(opts->root, opts->read, opts->read_ctx);
		nb = ws ? gg_notebooks_new(ws) : NULL;
		if (!nb) {
			gg_workspace_close(ws);
			return -ENOMEM;
		}
	}
	for (size_t i = 0; i < out->len && rc == 0; i++) {
		gg_diagnosis *x = &out->items[i];
		x->torch_version = out->torch_version;
		x->only = out->len == 1;
		rc = gg_classify(x, &d->facts, ws, nb, opts ? opts->analyzer : NULL);
		/* Ascend's error header right above the block numbers the device (and the rank) its lines do not. */
		const gg_traceback *xt = x->chain ? gg_diagnosis_traceback(x) : NULL;
		if (!rc && x->oom.is_oom && x->oom.device == GG_OOM_DEVICE_NPU && x->oom.device_index < 0 && xt && xt->has_exception &&
		    d->facts.npu_header_line && xt->exc.at.line >= d->facts.npu_header_line &&
		    xt->exc.at.line <= d->facts.npu_header_line + GG_FACTS_NPU_BLOCK) {
			x->oom.device_index = d->facts.npu_header_device;
			if (x->rank < 0 && d->facts.npu_header_rank >= 0)
				x->rank = x->chain->rank = d->facts.npu_header_rank;
		}
		/* Not a failure printed above the launcher's header of the traceback it names (another process's, maybe). */
		bool above = d->facts.launcher_follows && root == d->facts.launcher_rank && xt && xt->at.line &&
			     xt->at.line < d->facts.launcher_at.line;
		if (!rc && x->rank < 0 && root >= 0 && x->first && !above)
			x->rank = root;
		else if (!rc && x->rank < 0 && x->first && above)
			rc = gg_evidence_add(x, "the launcher's line (log line %llu) names process %d for the traceback below it; this failure was printed above it, and no line says by which process",
					     (unsigned long long)d->facts.launcher_at.line, root);
		/*
		 * A launcher that passes each worker `--local_rank=i` (DeepSpeed's,
		 * torch.distributed.launch) starts one per GPU of the node, local
		 * rank i on GPU i: an out-of-memory error that names GPU N, and no
		 * rank of its own, is local rank N's (N no higher than the last
		 * worker's local rank, the command line the log shows).
		 */
		if (!rc && x->rank < 0 && x->first && root < 0 && x->oom.is_oom && x->oom.device == GG_OOM_DEVICE_CUDA &&
		    x->oom.device_index >= 0 && d->facts.command_local_rank >= x->oom.device_index) {
			x->rank = x->oom.device_index;
			rc = gg_evidence_add(x, "the error names GPU %d and the launcher gives each worker its own GPU by its --local_rank= (its last command line says %d): local rank %d ran out of memory",
					     x->rank, d->facts.command_local_rank, x->rank);
		}
		if (!rc && killed9 && x->first)
			rc = gg_evidence_add(x, "the launcher reports that rank %d exited with -9 (SIGKILL%s): usually the kernel's OOM killer (host RAM); `dmesg | grep -i oom` tells",
					     root, d->facts.sigkill ? "" : ", its line for the first process that failed");
		if (!rc && x->first && x->rank == d->facts.launcher_rank && d->launcher_tail)
			rc = gg_evidence_add(x, "torchrun's own traceback (log line %llu), its summary cut before \"Root Cause\", reports this failure: the launcher's line above already names the rank and its exit code",
					     (unsigned long long)d->launcher_tail);
		if (!rc && x->first && x->rank == root && d->launcher_summary && !x->chain->from_summary)
			rc = gg_evidence_add(x, "torchrun's ChildFailedError (log line %llu) reports this failure: its summary's root cause is rank %d (exit code %ld), not a second failure",
					     (unsigned long long)d->launcher_summary, root, d->facts.root_exitcode);
		if (!rc && x->first && d->stamped_over && x->rank >= 0)
			rc = gg_evidence_add(x, "rank %d's line is stamped before the line printed above it (log line %llu): ranks print when they notice, and the earliest stamp is the first to fail",
					     x->rank, (unsigned long long)d->stamped_over);
		if (!rc && x->first && d->collective_count && x->rank == d->collective_missing) {
			gg_buf missing = { 0 };
			int top = 63;
			while (top > 0 && !(d->collective_ranks & (1ull << top)))
				top--;
			for (int r = 0; r < top && rc == 0; r++)
				if (!(d->collective_ranks & (1ull << r)) && r != d->collective_cut)
					rc = gg_buf_printf(&missing, "%s%d", missing.len ? ", " : "", r);
			if (!rc)
				rc = gg_evidence_add(x, "%d ranks' watchdogs timed out in the same collective (SeqNum=%ld) and %s: every one of them waited, and the order they are pasted in does not tell which stopped first%s%s%s",
						     d->collective_count, d->collective_seq,
						     d->collective_stamped ? "each line's stamp says only when that rank's own wait ran out" : "the lines carry no time stamps",
						     !missing.len ? "" : x->rank >= 0 ? "; the one rank below the highest listed that is not in the list (" : "; ranks below the highest listed that are not in the list (",
						     missing.len ? gg_buf_cstr(&missing) : "",
						     !missing.len ? "" : x->rank >= 0 ? ") is the one that never reached that collective (still busy elsewhere, or hung) while the others waited in it: look at its last lines"
											  : ") never reached that collective or did not print: look at their last lines");
			gg_buf_free(&missing);
			if (!rc && d->collective_cut >= 0)
				rc = gg_evidence_add(x, "rank %d's line ends the paste, cut before it says what: it printed with the others, most likely the same timeout, and the ranks not listed may have printed after where the paste ends",
						     d->collective_cut);
			else if (!rc && d->collective_cut_prefix)
				rc = gg_evidence_add(x, "the paste ends inside one more line's rank prefix (log line %llu), cut before it says whose: a rank not listed printed there, most likely the same timeout, so the ranks missing from the list do not tell which one never arrived",
						     (unsigned long long)d->facts.last_text_line);
		}
		/*
		 * faulthandler prints a thread's frames innermost first: a dump
		 * that ends the paste cut inside a frame's line has lost the
		 * outer frames, the user's.
		 */
		if (!rc && d->facts.fault_dump_line && d->facts.fault_dump_last == d->facts.last_text_line && !d->facts.fault_dump_whole)
			rc = gg_evidence_add(x, "the faulthandler dump from log line %llu is cut inside its last frame at the end of the paste: it lists frames innermost first, so the outer frames, the script's own, are missing",
					     (unsigned long long)d->facts.fault_dump_line);
		if (!rc && x->first && d->timeout_stacks)
			rc = gg_evidence_add(x, "the tracebacks from log line %llu on, cut before their exception lines, are those ranks stopping on this timeout, not a second failure",
					     (unsigned long long)d->timeout_stacks);
		/* The what() kept as this rank's failure: the other ranks' timeout lines beside it are read the same. */
		if (!rc && x->waited && !d->collective_count)
			(void)dx_one_collective(d);
		if (!rc && x->waited && d->collective_count >= 2 && !x->first) {
			/* Several ranks' own timeouts on one collective are in the paste: each waited, so none of them started it. */
			gg_buf ranks = { 0 };
			for (int r = 0; r < 64 && rc == 0; r++)
				if (d->collective_ranks & (1ull << r))
					rc = gg_buf_printf(&ranks, "%s%d", ranks.len ? ", " : "", r);
			if (!rc)
				rc = gg_evidence_add(x, "ranks %s each timed out waiting in the same collective (SeqNum=%ld): each waited for a rank that never reached it, so none of them started the failure, and no first failure is shown in the paste",
						     gg_buf_cstr(&ranks), d->collective_seq);
			gg_buf_free(&ranks);
		} else if (!rc && x->waited)
			rc = gg_evidence_add(x, "rank %d's watchdog timed out waiting in the collective for a rank that never reached it: rank %d reported the timeout, it did not start the failure; the rank that did is not in the paste, so which rank failed first is unknown",
					     x->rank, x->rank);
		if (!rc && x->failed_before >= 0 && x->failed_tie)
			rc = gg_evidence_add(x, "the launcher names rank %d (pid %ld) as the first to fail (log line %llu), but this rank had exited too when it looked (its pid is not among those it stopped): which of the two failed first the log does not tell",
					     x->failed_before, d->facts.launcher_pid, (unsigned long long)d->facts.launcher_at.line);
		else if (!rc && x->failed_before >= 0 && d->facts.launcher_first_exit)
			rc = gg_evidence_add(x, "mpirun names rank %d as the first process to exit (log line %llu): this failure came after, and rank %d's own error is not in the paste (every rank runs the same code: most likely the same one)",
					     x->failed_before, (unsigned long long)d->facts.launcher_at.line, x->failed_before);
		else if (!rc && x->failed_before >= 0)
			rc = gg_evidence_add(x, "the launcher names rank %d (pid %ld) as the first to fail (log line %llu), and it stopped this rank with SIGTERM while it was still running: this failure came after, and rank %d's own error is not in the paste (every rank runs the same code: most likely the same one)",
					     x->failed_before, d->facts.launcher_pid, (unsigned long long)d->facts.launcher_at.line, x->failed_before);
		if (!rc && x->chain->interleaved)
			rc = gg_evidence_add(x, "the traceback prints frames again with other code under the same file and line (%zu lines of frames more than one stack holds): several processes printed this failure at once, mixed line by line; read as one stack",
					     x->chain->interleaved);
		if (!rc && x->launcher_report_line)
			rc = gg_evidence_add(x, "log line %llu: the launcher's CalledProcessError reports a child's exit after this failure: the same failure as the launcher saw it, not a second one (the command it quotes is the last it built, so its --local_rank= need not be this one's)",
					     (unsigned long long)x->launcher_report_line);
		if (!rc && x->interleaved_line)
			rc = gg_evidence_add(x, "the frames after this exception line (log line %llu on) to the end of the paste are library code only and end with no exception: another process's stack printed into the same output, not a second failure",
					     (unsigned long long)x->interleaved_line);
		/* Lent frames are another process's: never high confidence on them. */
		if (!rc && x->frames_rank >= 0 && x->confidence == GG_CONFIDENCE_HIGH)
			x->confidence = GG_CONFIDENCE_MEDIUM;
		if (!rc && x->frames_rank >= 0)
			rc = gg_evidence_add(x, "the frames are rank %d's, from its traceback at log line %llu cut before its exception line: the ranks run the same code, so they are taken as where rank %d was too",
					     x->frames_rank, (unsigned long long)x->consequence_line, x->rank);
		else if (!rc && x->consequence_nccl)
			rc = gg_evidence_add(x, "the traceback ending at log line %llu is the collective this failure stopped, NCCL's error raised for it: its frames are where it was called",
					     (unsigned long long)x->consequence_line);
		else if (!rc && x->consequence_line)
			rc = x->consequence_type
				? gg_evidence_add(x, "the traceback at log line %llu, ending in %s from library code only, follows from this failure: a caller lost the process that ran out of memory",
						  (unsigned long long)x->consequence_line, x->consequence_type)
				: x->consequence_pid
				? gg_evidence_add(x, "the traceback at log line %llu, cut before its exception line, is another worker's (pid %ld), failing beside it: its frames are not this failure's",
						  (unsigned long long)x->consequence_line, x->consequence_pid)
				: gg_evidence_add(x, "the traceback at log line %llu, cut before its exception line, is this failure seen from its caller, not a second one",
						  (unsigned long long)x->consequence_line);
		if (!rc)
			rc = gg_explain(x, &d->facts);
	}
	gg_notebooks_delete(nb);
	gg_workspace_close(ws);
	return rc;
}

int gg_diagnose_text(const char *text, size_t len, const gg_diagnose_options *opts, gg_diagnoses *out)
{
	gg_diagnoser *d = gg_diagnoser_new();
	if (!d) {
		memset(out, 0, sizeof *out);
		return -ENOMEM;
	}
	int rc = gg_diagnoser_feed(d, text, len);
	if (rc == 0)
		rc = gg_diagnoser_finish(d, opts, out);
	else
		memset(out, 0, sizeof *out);
	gg_diagnoser_delete(d);
	return rc;
}
