#ifndef GG_LOGSCAN_H
#define GG_LOGSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A streaming line reader for logs and pasted tracebacks. Bytes go in in
 * chunks of any size; each complete line comes out cleaned the way a
 * terminal would show it: ANSI escape sequences removed, a carriage-return
 * progress bar (tqdm) reduced to what was drawn last, and a launcher's
 * "[rankN]:" / "[defaultN]:" / "[job,N]<stderr>:" prefix taken off and
 * reported as the line's rank, a paste's quote marks ("> ") taken off and
 * Markdown code fences blanked. A multi-process runtime's words before a
 * line go the same way: a worker's process label ("(Worker rank=2 pid=7) ",
 * its rank=N the line's rank), a log record's level header ("ERROR 03-02
 * 10:11:12 [core.py:900] ", or older vLLM's "... core.py:900] " without the
 * bracket), Docker Compose's service label ("vllm-1  | "), a record's time label with a tensor-parallel
 * tag ("[2025-01-01 10:00:00 TP3] "), whose rank holds for the record's
 * unlabelled lines after it (the traceback it logged). Memory stays bounded: a line longer than the
 * limit is cut (its tail is counted but not kept).
 */

typedef struct gg_log_line {
	const char *text; /* cleaned text; valid during the callback only */
	size_t len;
	int rank;         /* from the prefix, or -1 */
	long pid;         /* a worker's process label's pid= ("(Worker pid=7) "), or -1: workers interleave their lines */
	uint64_t number;  /* 1-based line number in the input */
	uint64_t offset;  /* byte offset of the raw line in the input */
	uint64_t raw_len; /* raw bytes of the line, without its line end */
	bool truncated;   /* longer than the limit: text is its start */
	unsigned quotes;  /* quote marks (">") taken off its front: pytest's ">" marker is one */
	bool record;      /* a logged record's header (its level and time, or its time label) was taken off its front */
} gg_log_line;

/*
 * A log record's level and time at the start of s ("INFO 04-24 10:21:03 "):
 * their length with the space after them, 0 when s opens with none. The
 * scan takes them off with the record's source location after them; a
 * record cut before that location keeps them.
 */
size_t gg_logscan_level_stamp(const char *s, size_t n);

/* Called once per line, in order. A non-zero return stops the scan and is returned by feed/finish. */
typedef int (*gg_logscan_fn)(void *ctx, const gg_log_line *line);

typedef struct gg_logscan gg_logscan;

/* max_line: bytes of a raw line kept (at least 256). Returns NULL on OOM. */
gg_logscan *gg_logscan_new(size_t max_line, gg_logscan_fn fn, void *ctx);
void gg_logscan_delete(gg_logscan *s);
/* Scans a chunk. Returns 0, -ENOMEM, or the callback's non-zero return. */
int gg_logscan_feed(gg_logscan *s, const char *buf, size_t len);
/* Ends the input: emits a last line without a line end, if any. */
int gg_logscan_finish(gg_logscan *s);

/*
 * Cleans one raw line (no line end) into out as described above; returns
 * the rank of its prefix or -1. For tests and for callers with a whole text.
 */
struct gg_buf;
int gg_logscan_clean(const char *raw, size_t len, struct gg_buf *out);
/* The same, and in *quotes how many quote marks (">") it took off the front. */
int gg_logscan_clean_quoted(const char *raw, size_t len, struct gg_buf *out, unsigned *quotes);

#endif
