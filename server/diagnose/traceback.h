#ifndef GG_TRACEBACK_H
#define GG_TRACEBACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "logscan.h"

/*
 * The traceback model (frames, exceptions, chains of exceptions) and the
 * parser that builds it from cleaned log lines, one stream per rank so that
 * interleaved ranks do not mix. It reads CPython tracebacks of every version
 * (2.7 to 3.13, with or without carets), chained exceptions, tracebacks
 * embedded in torchelastic summaries, and IPython/Jupyter/VS Code notebook
 * tracebacks (old "<ipython-input-..>", "Input In [n]", "Cell In[n], line k",
 * "File path:line, in f"), and 3.11+ exception groups, whose nested
 * tracebacks join the group's chain in printed order. Pastes are read as
 * people make them: a traceback may start at its first frame line without
 * its header, and logging's stack_info blocks read as frames.
 */

/* Where a piece of the model was printed in the log. */
typedef struct gg_log_span {
	uint64_t line;   /* 1-based log line */
	uint64_t offset; /* byte offset of that line */
	uint64_t len;    /* its raw length */
} gg_log_span;

typedef struct gg_tb_frame {
	char *filename; /* owned; as printed ("Cell In[3]" for a notebook cell); "" when the paste dropped it */
	char *function; /* owned; "" when not printed */
	char *code;     /* owned; the source line as printed, trimmed, or NULL */
	uint32_t line;  /* source line, 0 when unknown */
	bool notebook;  /* a notebook cell, not a file */
	gg_log_span at;
} gg_tb_frame;

typedef struct gg_tb_exception {
	char *type;    /* owned; "torch.OutOfMemoryError" */
	char *message; /* owned; first line of the message, "" when none */
	char *detail;  /* owned; the message with its continuation lines, "\n"-joined */
	/* "Type:" and nothing after the colon: Python prints the colon only before a message, so the message was cut */
	bool colon_only;
	/* ... and the log line of the same type's whole line pasted above the traceback, which gave the message; 0: none */
	uint64_t message_above;
	gg_log_span at;
} gg_tb_exception;

typedef struct gg_traceback {
	gg_tb_frame *frames; /* owned; outermost first, as printed */
	size_t len, cap;
	size_t omitted; /* frames dropped from the middle of a very deep stack */
	bool has_exception;
	gg_tb_exception exc;
	gg_log_span at; /* the "Traceback (most recent call last)" line, or the first frame's */
	bool headerless; /* pasted without its header: began at a frame line */
	bool stack;      /* logging's "Stack (most recent call last):" block: frames, never an exception */
	bool borrowed;   /* printed without frames; these are a later traceback's of its chain (see diagnose.c) */
	size_t outer;    /* frames in front that are a later traceback's of its chain, where it surfaced (see diagnose.c) */
	bool in_group;   /* read inside a 3.11+ exception group: its chain's links are siblings, not callers */
	bool pytest;     /* pytest's report of a failing test ("path.py:12: in f" entries) */
	bool quoted_after; /* its frames were pasted after its exception line, apart from it (see diagnose.c) */
	bool raised_from;  /* "The above exception was the direct cause" before it: the one before is its cause */
	/*
	 * exc's type is only what IPython's header line named ("OutOfMemoryError
	 * Traceback (most recent call last)"): the paste ends before the
	 * exception's own line, so its message is unknown (""). Only a type
	 * that decides alone is taken (not RuntimeError: its message tells).
	 */
	bool type_from_header;
	char *header_type; /* owned; that header's type while the traceback is read, else NULL */
} gg_traceback;

/* Tracebacks linked by "During handling of..." / "The above exception was the direct cause...". */
typedef struct gg_tb_chain {
	gg_traceback *tbs; /* owned; in printed order (the first is the earliest exception) */
	size_t len, cap;
	int rank;          /* -1 when unknown */
	long pid;          /* the worker's process label on its first line ("(Worker pid=7) "), or <= 0 */
	bool from_summary; /* printed inside a torchelastic failure summary */
	bool from_stop;    /* no traceback: the launcher's agent stopping its workers (SIGTERM; DeepSpeed's "Killing subprocess" where no SIGTERM line is) says one failed (see diagnose.c) */
	bool from_launcher; /* no traceback: the agent's "failed (exitcode: N)" line alone, N not a kill (see diagnose.c) */
	bool from_worker_crash; /* no traceback: pytest-xdist says a test worker died without a Python error (see diagnose.c) */
	bool resource_log; /* no traceback: Triton's "out of resource" logged on a line of its own (see diagnose.c) */
	bool job_signal;   /* no traceback: a shell's job line naming a crash's signal (bus error, segmentation fault; see diagnose.c) */
	bool agent_signal; /* no traceback: the launcher's agent was sent a signal and stopped its workers, none of which failed (see diagnose.c) */
	bool debugger_stop; /* no traceback: a SIGKILL right after a debugger's prompt, the program paused there (see diagnose.c) */
	bool open_files;    /* no traceback: torch's shared-memory files refused beside "Too many open files" (see diagnose.c) */
	bool from_cut;     /* no traceback, no error line: a run's output cut inside its last line (see gg_logfacts_run_cut) */
	bool from_listing; /* no error line: XLA's listing of a compiled program's largest allocations, whose error line is above the paste (see diagnose.c) */
	bool has_oom;      /* some exception of it is an out-of-memory error */
	bool original_cut; /* a reraise ("Caught X in DataLoader worker ...") whose original traceback the paste cuts */
	bool lone;         /* one exception line pasted alone: no traceback, no runtime's failure line */
	uint64_t prose_above; /* a sentence of the reporter's right above its frames, cut, that names a memory error without its message: its line, else 0 (see diagnose.c) */
	bool lone_above;   /* its exception is a plain exception line pasted above its frames, which are cut (see diagnose.c) */
	bool logged_above; /* its exception is a logger's ERROR record right above its header, the frames cut (see diagnose.c) */
	bool abort_unsaid; /* no traceback: a C++ exception's terminate line without its what() line (see gg_log_orphan.unsaid) */
	bool relayed_json; /* no traceback: the line prints a server's JSON response carrying the error (see gg_log_orphan.relayed_json) */
	bool device_assert; /* a CUDA kernel's device-side assertion lines pasted alone, without the host's exception: its message is the assertion */
	/*
	 * Anomaly mode's forward trace printed above this chain's NaN error,
	 * folded into it (see diagnose.c): where the NaN starts, as
	 * "file:line in f(): `code`", owned, and its first log line; NULL, 0.
	 */
	char *anomaly_forward;
	uint64_t anomaly_line;
	/*
	 * Later copies of this same traceback folded into it (the script
	 * printed it several times, the last copies maybe cut): how many, and
	 * the first copy's log line; 0, 0 when none.
	 */
	size_t repeats;
	size_t interleaved; /* frames of other processes' copies mixed into its last traceback, folded (see dx_join_interleaved), 0 when none */
	uint64_t repeat_line;
	uint64_t seq;      /* order of appearance */
	size_t bytes;      /* frame text kept, for the memory bound */
} gg_tb_chain;

void gg_tb_chain_free(gg_tb_chain *c); /* frees the contents and c itself */
/*
 * A reraise's original traceback taken into the traceback that reraised it
 * ("Caught X in replica 0 on device 0." then "Original Traceback"): inner's
 * frames ran inside the call outer's last frame made, and its exception is
 * the failure. Moves inner's frames and exception to outer. 0 or -ENOMEM.
 */
int gg_tb_splice(gg_traceback *outer, gg_traceback *inner);

/* A frame's file for messages: as printed, or a stand-in when the paste dropped it ("line 42, in f"). */
const char *gg_tb_frame_file(const gg_tb_frame *f);

/* Completed chains are handed to sink, which takes ownership. Returns 0 or -ENOMEM. */
typedef int (*gg_tb_sink)(void *ctx, gg_tb_chain *chain);

typedef struct gg_tbparse gg_tbparse;

gg_tbparse *gg_tbparse_new(gg_tb_sink sink, void *ctx);
void gg_tbparse_delete(gg_tbparse *p);
/*
 * Feeds one cleaned line. summary_rank: the rank a torchelastic summary
 * names for the traceback that may follow (-1 outside a summary). Returns 0
 * or -ENOMEM.
 */
int gg_tbparse_line(gg_tbparse *p, const gg_log_line *line, int summary_rank);
/* Ends every stream; the chains in progress go to the sink. */
int gg_tbparse_finish(gg_tbparse *p);

/*
 * Splits "Type: message" when the line looks like a raised exception (the
 * colon may be a full-width "\uFF1A", as input methods type it). Returns
 * true and the type's length in *type_len; *msg points after the colon.
 */
/*
 * Whether an exception's type alone says whether it is an out-of-memory
 * error (OutOfMemoryError, MemoryError yes; KeyError, ValueError no); a
 * RuntimeError may carry an allocator's message, so its message tells.
 */
bool gg_tb_type_decides(const char *type);
/* Whether type ends with name: bare or qualified by its module ("subprocess.CalledProcessError"). */
bool gg_tb_type_named(const char *type, const char *name);
/*
 * Two writers interleaved mid-word glue a cut head of a type to the whole
 * type ("RuntimeErrRuntimeError"): returns the head's length to skip, or 0.
 */
size_t gg_tb_type_glued(const char *type, size_t len);
bool gg_tb_exception_line(const char *s, size_t n, size_t *type_len, const char **msg);

#endif
