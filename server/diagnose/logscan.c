/*
 * Line splitting and cleaning for logs (see logscan.h). The raw bytes of the
 * current line are kept up to the limit; cleaning happens once per line.
 */
#include "logscan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

struct gg_logscan {
	gg_logscan_fn fn;
	void *ctx;
	size_t max_line;
	/*
	 * The rank a log record's bracketed label named ("[date time TP3]"):
	 * the record's later lines (a traceback it logged) carry no label of
	 * their own. -1 when the last label named none.
	 */
	int record_rank;
	gg_buf raw;   /* the current line's kept bytes */
	gg_buf clean; /* scratch for the cleaned line */
	uint64_t raw_len; /* bytes of the current line seen, kept or not */
	uint64_t offset;  /* input offset of the current line's start */
	uint64_t number;  /* lines emitted so far */
	/*
	 * A paste copied from an editor or a numbered listing carries the
	 * listing's line number before every line ("41   File ..."): the
	 * number the next line would carry, 0 when the last line carried none.
	 */
	unsigned long listing_next;
	/*
	 * A fixed label a parent puts before every line it relays from its
	 * child ("SUBPROCESS: ", "WORKER: ", "stderr: "), taken off as quoting
	 * is: the label, once a line showed it before a traceback's own start;
	 * empty when none.
	 */
	gg_buf relay;
	/*
	 * srun --label's task number before every line ("0: ", " 12: "), once
	 * a line showed one before a traceback's own start: every labelled
	 * line after is a task's, whatever its number (tasks interleave), and
	 * the number is its rank. task_rank: the current line's, or -1.
	 */
	bool tasks;
	int task_rank;
	/*
	 * A logger's stamp before every line of a traceback it wrote
	 * ("2031-04-02 10:11:12 [ERROR]  ", "[E] "): the stamp's shape, each
	 * run of digits one '0', once a line showed it before a traceback's own
	 * start; empty when none. The time changes from line to line, the
	 * shape does not.
	 */
	gg_buf stamp;
};

gg_logscan *gg_logscan_new(size_t max_line, gg_logscan_fn fn, void *ctx)
{
	gg_logscan *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->fn = fn;
	s->ctx = ctx;
	s->max_line = max_line < 256 ? 256 : max_line;
	s->record_rank = -1;
	s->task_rank = -1;
	return s;
}

void gg_logscan_delete(gg_logscan *s)
{
	if (!s)
		return;
	gg_buf_free(&s->raw);
	gg_buf_free(&s->clean);
	gg_buf_free(&s->relay);
	gg_buf_free(&s->stamp);
	free(s);
}

/* Length of the escape sequence at s[0] == ESC (at least 1). */
static size_t logscan_escape_len(const char *s, size_t n)
{
	if (n < 2)
		return 1;
	size_t i = 2;
	if (s[1] == '[') { /* CSI: parameters, intermediates, one final byte */
		while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] <= 0x3F)
			i++;
		return i < n ? i + 1 : n;
	}
	if (s[1] == ']') { /* OSC: up to BEL or ESC '\' (hyperlinks from rich, IPython) */
		for (; i < n; i++) {
			if (s[i] == '\a')
				return i + 1;
			if (s[i] == 0x1B && i + 1 < n && s[i + 1] == '\\')
				return i + 2;
		}
		return n;
	}
	return 2;
}

/* Whether the cleaned segment s[0..n) has anything but blanks. */
static bool logscan_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

/* A host name's character: letters, digits, '-', '.', '_'. */
static bool logscan_host_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
	       c == '_';
}

/*
 * "[rank3]:", "[default3]:" (torchrun), "[1,3]<stderr>:" (Open MPI), "[3]<stderr>:" (Horovod's gloo),
 * "[node07:3]:" (a launcher's host and task label, as srun-driven jobs
 * print): returns the prefix length and the rank.
 */
static size_t logscan_rank_prefix(const char *s, size_t n, int *rank)
{
	size_t i;
	/*
	 * The prefix with its opening bracket cut off by a selection that
	 * began one character late ("rank4]: torch.OutOfMemoryError: ..."):
	 * the closing "]:" right after the number still makes it the prefix.
	 */
	if (n >= 7 && gg_text_starts(s, n, "rank") && s[4] >= '0' && s[4] <= '9')
		i = 4;
	else if (n < 4 || s[0] != '[')
		return 0;
	else if (gg_text_starts(s, n, "[rank"))
		i = 5;
	else if (gg_text_starts(s, n, "[default"))
		i = 8;
	else if ((s[1] >= 'a' && s[1] <= 'z') || (s[1] >= 'A' && s[1] <= 'Z')) {
		i = 1;
		while (i < n && logscan_host_char(s[i]))
			i++;
		if (i >= n || s[i] != ':')
			return 0;
		i++;
	} else {
		/* Open MPI --tag-output: [jobid,rank]<stdout>:; Horovod's gloo launcher: [rank]<stderr>: */
		i = 1;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == 1 || i >= n)
			return 0;
		if (s[i] == ']' && (gg_text_starts(s + i + 1, n - i - 1, "<stdout>") || gg_text_starts(s + i + 1, n - i - 1, "<stderr>")))
			i = 1;
		else if (s[i] != ',')
			return 0;
		else
			i++;
	}
	size_t d = i;
	long v = 0;
	while (i < n && s[i] >= '0' && s[i] <= '9' && v < 1000000)
		v = v * 10 + (s[i++] - '0');
	if (i == d || i >= n || s[i] != ']')
		return 0;
	i++;
	if (gg_text_starts(s + i, n - i, "<stdout>") || gg_text_starts(s + i, n - i, "<stderr>"))
		i += 8;
	if (i >= n || s[i] != ':')
		return 0;
	i++;
	if (i < n && s[i] == ' ')
		i++;
	*rank = (int)v;
	return i;
}

/*
 * Quoting a paste adds marks in front of every line: "> " (e-mail, Markdown
 * replies, nested as "> > "). Returns the length of those marks, keeping the
 * indentation after them. A REPL's ">>> " prompt goes the same way, harmlessly.
 */
static size_t logscan_quote_prefix(const char *s, size_t n, unsigned *marks)
{
	size_t i = 0, end = 0;
	*marks = 0;
	while (i < n && i < 4 && s[i] == ' ')
		i++;
	while (i < n && s[i] == '>') {
		i++;
		(*marks)++;
		if (i < n && s[i] == ' ')
			i++;
		end = i;
		while (i < n && s[i] == ' ' && i - end < 3 && i + 1 < n && s[i + 1] == '>')
			i++;
	}
	return end;
}

/*
 * A reporter's numbering in front of the lines of a paste ("1、File
 * \"train.py\", line 82, ...", "2、 CUDA out of memory. ...", "1. File
 * ..."): up to three digits and the list's mark, the ideographic comma
 * before anything, a full stop or a parenthesis only before a frame or a
 * traceback's header. Returns the length to drop with the spaces after it,
 * or 0.
 */
static size_t logscan_list_number(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && i < 3 && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 0 || i >= n)
		return 0;
	size_t mark = n - i >= 3 && memcmp(s + i, "\xe3\x80\x81", 3) == 0 ? 3 : (s[i] == '.' || s[i] == ')') ? 1 : 0;
	if (!mark)
		return 0;
	size_t k = i + mark;
	while (k < n && s[k] == ' ')
		k++;
	if (mark == 1 && !(gg_text_starts(s + k, n - k, "File \"") || gg_text_starts(s + k, n - k, "Traceback (")))
		return 0;
	return k < n ? k : 0;
}

/* A Markdown code fence ("```", "```python", "~~~"): the paste's wrapping, not its text. */
static bool logscan_fence(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && s[i] == ' ')
		i++;
	return n - i >= 3 && (memcmp(s + i, "```", 3) == 0 || memcmp(s + i, "~~~", 3) == 0);
}

/*
 * A C++ logger's line glued after the last redraw of a progress bar (no
 * line break before it): "Epoch 0:  6%|██  | 320/5000 [6:28<9:39, loss=2.6][E
 * ProcessGroupNCCL.cpp:458] [Rank 0] Watchdog ...". Returns where the
 * logger's tag starts ("[E ...cpp:458]", glog's "[E1016 19:14:46.12 77
 * ProcessGroupNCCL.cpp:616]"), or 0 when s is no such line: only after a
 * bar ("%|"), so a log line's own brackets stay.
 */
static size_t logscan_glued_log_tag(const char *s, size_t n)
{
	const char *bar = gg_text_find(s, n, "%|");
	if (!bar)
		return 0;
	const char *end = s + n;
	for (const char *p = bar; (p = gg_text_find(p, (size_t)(end - p), "][")) != NULL; p++) {
		const char *t = p + 1;
		if (end - t < 4 || !strchr("EWIF", t[1]) || !(t[2] == ' ' || (t[2] >= '0' && t[2] <= '9')))
			continue;
		/* The tag closes with a source location, ":LINE]", within a line's worth of text. */
		const char *close = memchr(t, ']', (size_t)(end - t) < 256 ? (size_t)(end - t) : 256);
		const char *d = close;
		while (d && d > t && d[-1] >= '0' && d[-1] <= '9')
			d--;
		if (close && d < close && d > t && d[-1] == ':')
			return (size_t)(t - s);
	}
	return 0;
}

static bool logscan_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The decimal number right after key ("rank=") inside s[0..n), or -1. */
static long logscan_key_number(const char *s, size_t n, const char *key)
{
	size_t k = strlen(key);
	for (const char *p = s; (p = gg_text_find(p, (size_t)(s + n - p), key)) != NULL; p++) {
		if (p > s && p[-1] != ' ' && p[-1] != ',' && p[-1] != '(')
			continue; /* "local_rank=" is not "rank=" */
		const char *q = p + k, *end = s + n;
		long v = 0;
		if (q >= end || !logscan_digit(*q))
			continue;
		while (q < end && logscan_digit(*q) && v < 1000000)
			v = v * 10 + (*q++ - '0');
		return v;
	}
	return -1;
}

/*
 * A process label in parentheses that a multi-process runtime puts before
 * each line its workers print: "(EngineCore pid=4242) ", "(Worker rank=2
 * pid=777) ", "(pid=31) ", "(Trainer pid=9, ip=10.0.0.2) ". Told by a
 * "pid=" number inside; "rank=N" names the rank. Returns the label's length
 * with its space, 0 when s has none.
 */
static size_t logscan_process_label(const char *s, size_t n, int *rank, long *pid)
{
	if (n < 8 || s[0] != '(')
		return 0;
	const char *close = memchr(s, ')', n < 160 ? n : 160);
	if (!close || close + 1 >= s + n || close[1] != ' ')
		return 0;
	size_t in = (size_t)(close - s);
	if ((*pid = logscan_key_number(s + 1, in - 1, "pid=")) < 0)
		return 0;
	long r = logscan_key_number(s + 1, in - 1, "rank=");
	/*
	 * A worker named for its tensor-parallel index ("(Worker_TP1 pid=901)",
	 * as a serving engine's workers are): TPn is its rank, as in a record's
	 * bracketed TPn tag.
	 */
	const char *sp = memchr(s + 1, ' ', in - 1);
	if (r < 0 && sp && sp - s > 3) {
		const char *d = sp;
		while (d > s + 1 && logscan_digit(d[-1]))
			d--;
		if (d < sp && sp - d <= 6 && d - s >= 3 && d[-2] == 'T' && d[-1] == 'P' && (d - s == 3 || d[-3] == '_' || d[-3] == '-')) {
			r = 0;
			for (const char *q = d; q < sp; q++)
				r = r * 10 + (*q - '0');
		}
	}
	*rank = r >= 0 ? (int)r : -1;
	return in + 2;
}

/*
 * A log record's header before its message: a level, the time, the
 * source location, "ERROR 03-02 10:11:12 [core.py:900] " ("INFO
 * 2024-01-01 10:00:00,123 [x.py:12] "). Returns its length with the one
 * space after it (the message keeps its own indentation: a traceback's
 * "  File" lines), 0 when s has none.
 */
size_t gg_logscan_level_stamp(const char *s, size_t n)
{
	static const char *const levels[] = { "DEBUG ", "INFO ", "WARNING ", "WARN ", "ERROR ", "CRITICAL ", "FATAL ", NULL };
	size_t i = 0;
	for (const char *const *l = levels; *l && i == 0; l++)
		if (gg_text_starts(s, n, *l))
			i = strlen(*l);
	if (i == 0)
		return 0;
	/* The date and time: digits and their separators, at least one of each. */
	size_t stamp = 0;
	bool digits = false;
	while (i < n && (logscan_digit(s[i]) || strchr("-/:., ", s[i]))) {
		digits |= logscan_digit(s[i]);
		i++, stamp++;
	}
	return digits && stamp >= 6 && i < n && s[i - 1] == ' ' ? i : 0;
}

static size_t logscan_level_header(const char *s, size_t n)
{
	size_t i = gg_logscan_level_stamp(s, n);
	if (i == 0)
		return 0;
	/* "[file.py:900]": a name, a colon, a line number; older vLLM prints it without the "[" ("file.py:900]"). */
	if (s[i] != '[' && !((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || s[i] == '_'))
		return 0;
	const char *close = memchr(s + i, ']', n - i < 256 ? n - i : 256);
	if (!close || close + 1 >= s + n || close[1] != ' ')
		return 0;
	const char *d = close;
	while (d > s + i && logscan_digit(d[-1]))
		d--;
	if (d == close || d[-1] != ':' || memchr(s + i, ' ', (size_t)(close - s - i)))
		return 0;
	return (size_t)(close + 2 - s);
}

/*
 * Docker Compose's label of the service before each line it relays:
 * "vllm-1  | ", "web_1 | " (the service's name, its replica's number, the
 * padding that aligns the services). Returns its length with the space
 * after the bar, 0 when s has none.
 */
static size_t logscan_compose_label(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && i < 64 && (logscan_host_char(s[i])))
		i++;
	if (i < 3 || i >= n || s[i] != ' ' || !logscan_digit(s[i - 1]))
		return 0;
	/* The replica's number after a '-' (Compose v2) or a '_' (v1). */
	size_t d = i;
	while (d > 0 && logscan_digit(s[d - 1]))
		d--;
	if (d < 2 || (s[d - 1] != '-' && s[d - 1] != '_'))
		return 0;
	while (i < n && s[i] == ' ')
		i++;
	if (i >= n || s[i] != '|')
		return 0;
	i++;
	return i < n && s[i] == ' ' ? i + 1 : i;
}

/*
 * Bracketed labels in front of a line, one of them "[rank=N]" (a trial
 * runner's "[2022-10-01T10:00:00Z] [c0ffee] [rank=0] RuntimeError: ..."):
 * the labels' length with the space after the rank's, and *rank; 0 when
 * no such label opens the line.
 */
static size_t logscan_rank_label(const char *s, size_t n, int *rank)
{
	size_t i = 0;
	for (int group = 0; group < 4 && i < n && s[i] == '['; group++) {
		const char *close = memchr(s + i, ']', n - i < 64 ? n - i : 64);
		if (!close)
			return 0;
		size_t in = (size_t)(close - s);
		long v = logscan_key_number(s + i + 1, in - i - 1, "rank=");
		bool whole = v >= 0 && gg_text_starts(s + i + 1, in - i - 1, "rank=");
		i = in + 1;
		if (i >= n || s[i] != ' ')
			return 0;
		i++;
		if (whole) {
			*rank = (int)v;
			return i;
		}
	}
	return 0;
}

/*
 * A log record's bracketed label of time and process tags, "[2025-01-01
 * 10:00:00 TP3] ", "[... DP0 TP3 EP3] ": the tensor-parallel tag TPn names
 * the rank. Returns the label's length with its space (0 when s has none,
 * or a label of the time alone, which stays: it tells nothing to take off)
 * and in *label the rank (-1 when no tag names one) whenever s opens with a
 * time label, tagged or not.
 */
static size_t logscan_record_label(const char *s, size_t n, int *label)
{
	if (n < 12 || s[0] != '[' || !logscan_digit(s[1]))
		return 0;
	const char *close = memchr(s, ']', n < 96 ? n : 96);
	if (!close)
		return 0;
	size_t i = 1, in = (size_t)(close - s);
	bool date = false, time = false;
	while (i < in && (logscan_digit(s[i]) || strchr("-/:., ", s[i]))) {
		date |= s[i] == '-' || s[i] == '/';
		time |= s[i] == ':';
		i++;
	}
	if (!date || !time)
		return 0;
	int rank = -1;
	bool tags = false;
	while (i < in) {
		/* A tag: capital letters, then digits ("TP3", "DP0"). */
		size_t a = i;
		while (i < in && s[i] >= 'A' && s[i] <= 'Z')
			i++;
		size_t letters = i - a;
		long v = 0;
		size_t b = i;
		while (i < in && logscan_digit(s[i]) && v < 1000000)
			v = v * 10 + (s[i++] - '0');
		if (letters == 0 || letters > 4 || i == b || (i < in && s[i] != ' '))
			return 0;
		if (letters == 2 && memcmp(s + a, "TP", 2) == 0)
			rank = (int)v;
		tags = true;
		while (i < in && s[i] == ' ')
			i++;
	}
	*label = rank;
	if (!tags || close + 1 >= s + n || close[1] != ' ')
		return 0;
	return in + 2;
}

/* Takes the first k bytes off out. */
static void logscan_drop(gg_buf *out, size_t k)
{
	memmove(out->data, out->data + k, out->len - k);
	out->len -= k;
	out->data[out->len] = '\0';
}

/*
 * A console pasted into a web page's HTML (a GitHub comment's <pre>
 * block): its quotes and angle brackets are entities ("File &quot;a.py&quot;,
 * line 3, in &lt;module&gt;"), and the block's tags sit on its first and
 * last lines. Decodes the entities a console's text needs and drops those
 * tags, in place, so the frames read as printed. "&amp;" goes last, as
 * the page encoded it first.
 */
static void logscan_unhtml(gg_buf *out)
{
	static const char *const tags[] = { "<pre>", "</pre>", "<code>", "</code>", NULL };
	static const struct {
		const char *entity;
		char c;
	} ents[] = { { "&quot;", '"' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&#39;", '\'' }, { "&#x27;", '\'' }, { "&amp;", '&' } };
	for (const char *const *t = tags; *t; t++) {
		size_t k = strlen(*t);
		while (out->len >= k && memcmp(out->data, *t, k) == 0)
			logscan_drop(out, k);
		while (out->len >= k && memcmp(out->data + out->len - k, *t, k) == 0)
			out->data[out->len -= k] = '\0';
	}
	if (!memchr(out->data, '&', out->len))
		return;
	for (size_t e = 0; e < sizeof ents / sizeof ents[0]; e++) {
		size_t k = strlen(ents[e].entity), w = 0;
		for (size_t r = 0; r < out->len;) {
			if (out->len - r >= k && memcmp(out->data + r, ents[e].entity, k) == 0) {
				out->data[w++] = ents[e].c;
				r += k;
			} else
				out->data[w++] = out->data[r++];
		}
		out->len = w;
		out->data[w] = '\0';
	}
}

static int logscan_clean(const char *raw, size_t len, gg_buf *out, unsigned *quotes, int *label, long *pid, bool *record);

/*
 * A JSON error record's message field on a line of its own, as a
 * launcher's error handler prints it pretty ("message": "MemoryError:
 * std::bad_alloc",): the line becomes the string's first line, its
 * escapes undone, so the exception line in it reads as one. Other keys
 * and other values (an object, a number) stay as they are.
 */
static void logscan_json_message(gg_buf *out)
{
	static const char *const keys[] = { "\"message\":", "\"error\":", NULL };
	size_t i = 0;
	while (i < out->len && out->data[i] == ' ')
		i++;
	size_t k = 0;
	for (const char *const *key = keys; *key && !k; key++)
		if (gg_text_starts(out->data + i, out->len - i, *key))
			k = strlen(*key);
	if (!k)
		return;
	i += k;
	while (i < out->len && out->data[i] == ' ')
		i++;
	if (i >= out->len || out->data[i] != '"')
		return;
	size_t w = 0;
	bool closed = false;
	for (i++; i < out->len; i++) {
		char c = out->data[i];
		if (c == '"') {
			closed = true;
			break;
		}
		if (c == '\\' && i + 1 < out->len) {
			c = out->data[++i];
			if (c == 'n')
				break; /* the message's first line is its exception line */
			if (c != '"' && c != '\\' && c != '/')
				c = ' ';
		}
		out->data[w++] = c; /* w never passes i: the text only shrinks */
	}
	(void)closed; /* a value cut by the paste keeps what it has */
	out->len = w;
	out->data[w] = '\0';
}

int gg_logscan_clean(const char *raw, size_t len, gg_buf *out)
{
	unsigned quotes;
	int label;
	long pid;
	bool record;
	return logscan_clean(raw, len, out, &quotes, &label, &pid, &record);
}

int gg_logscan_clean_quoted(const char *raw, size_t len, gg_buf *out, unsigned *quotes)
{
	int label;
	long pid;
	bool record;
	return logscan_clean(raw, len, out, quotes, &label, &pid, &record);
}

/*
 * A forum's typography turns a frame's quotes curly (`File “main.py”, line
 * 135, in main`): a frame line whose path opens with “ gets its “ and ”
 * back as the '"' Python wrote. Other lines keep theirs (a message may
 * quote so).
 */
static void logscan_straight_quotes(gg_buf *out)
{
	size_t sp = 0;
	while (sp < out->len && (out->data[sp] == ' ' || out->data[sp] == '\t'))
		sp++;
	if (!gg_text_starts(out->data + sp, out->len - sp, "File \xE2\x80\x9C"))
		return;
	size_t k = 0;
	for (size_t i = 0; i < out->len; i++) {
		if (i + 2 < out->len && (unsigned char)out->data[i] == 0xE2 && (unsigned char)out->data[i + 1] == 0x80 &&
		    ((unsigned char)out->data[i + 2] == 0x9C || (unsigned char)out->data[i + 2] == 0x9D)) {
			out->data[k++] = '"';
			i += 2;
			continue;
		}
		out->data[k++] = out->data[i];
	}
	out->len = k;
	out->data[k] = '\0';
}

/*
 * label: the rank a record's time label names (-1 none), or -2 when the line
 * opens with no such label. pid: a worker's process label's pid, or -1.
 */
static int logscan_clean(const char *raw, size_t len, gg_buf *out, unsigned *quotes, int *label, long *pid, bool *record)
{
	*label = -2;
	*pid = -1;
	*quotes = 0;
	*record = false;
	out->len = 0;
	if (out->data)
		out->data[0] = '\0';
	/*
	 * Drop escapes and controls; a "\r" restarts the line as on a terminal.
	 * Keep the last segment that shows something, so a tqdm bar redrawn in
	 * place yields its final state and "bar\rTraceback..." yields the traceback.
	 */
	size_t seg_start = 0;    /* in out: where the current segment begins */
	size_t last_start = 0, last_len = 0;
	bool have_last = false;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)raw[i];
		if (c == 0x1B) {
			i += logscan_escape_len(raw + i, len - i);
			continue;
		}
		if (c == '\r') {
			/* An empty segment (nothing kept yet: out->data may still be NULL) shows nothing. */
			if (out->len > seg_start && !logscan_blank(out->data + seg_start, out->len - seg_start)) {
				last_start = seg_start;
				last_len = out->len - seg_start;
				have_last = true;
			}
			seg_start = out->len;
			i++;
			continue;
		}
		if ((c < 0x20 && c != '\t') || c == 0x7F) {
			i++;
			continue;
		}
		size_t j = i + 1;
		while (j < len && (unsigned char)raw[j] >= 0x20 && raw[j] != 0x7F && raw[j] != 0x1B)
			j++;
		if (gg_buf_append(out, raw + i, j - i) != 0)
			return -ENOMEM;
		i = j;
	}
	if (gg_buf_append(out, "", 0) != 0)
		return -ENOMEM;
	if (logscan_blank(out->data + seg_start, out->len - seg_start) && have_last) {
		memmove(out->data, out->data + last_start, last_len);
		out->len = last_len;
	} else if (seg_start > 0) {
		memmove(out->data, out->data + seg_start, out->len - seg_start);
		out->len -= seg_start;
	}
	out->data[out->len] = '\0';
	logscan_unhtml(out);
	size_t q = logscan_quote_prefix(out->data, out->len, quotes);
	if (q > 0) {
		memmove(out->data, out->data + q, out->len - q);
		out->len -= q;
		out->data[out->len] = '\0';
	}
	if (logscan_fence(out->data, out->len)) {
		out->len = 0;
		out->data[0] = '\0';
	}
	if ((q = logscan_list_number(out->data, out->len)) > 0)
		logscan_drop(out, q);
	logscan_straight_quotes(out);
	/* A paste quoted line by line, each line one inline code span ("`RuntimeError: ...`"): the span's text is the line. */
	if (out->len > 2 && out->data[0] == '`' && out->data[1] != '`') {
		size_t e = out->len;
		while (e > 1 && out->data[e - 1] == ' ')
			e--;
		if (e > 2 && out->data[e - 1] == '`' && !memchr(out->data + 1, '`', e - 2)) {
			out->len = e - 1;
			out->data[out->len] = '\0';
			logscan_drop(out, 1);
		}
	}
	/*
	 * An inline quote opened on a traceback's own line ("`  File ...",
	 * "`Traceback (most recent call last):"), closed lines later: the
	 * backtick is the paste's, and the frame keeps its indentation.
	 */
	if (out->len > 1 && out->data[0] == '`' && out->data[1] != '`') {
		const char *r = out->data + 1;
		size_t rn = out->len - 1, sp = 0;
		while (sp < rn && r[sp] == ' ')
			sp++;
		if (gg_text_starts(r + sp, rn - sp, "File \"") || gg_text_starts(r + sp, rn - sp, "Traceback (most recent call last)"))
			logscan_drop(out, 1);
	}
	/* "**RuntimeError: CUDA out of memory.** Tried...": Markdown bold around a pasted line (not a "*****" banner). */
	if (out->len >= 3 && out->data[0] == '*' && out->data[1] == '*' &&
	    ((out->data[2] >= 'A' && out->data[2] <= 'Z') || (out->data[2] >= 'a' && out->data[2] <= 'z'))) {
		size_t k = 0;
		for (size_t i = 0; i < out->len; i++) {
			if (out->data[i] == '*' && i + 1 < out->len && out->data[i + 1] == '*') {
				i++;
				continue;
			}
			out->data[k++] = out->data[i];
		}
		out->len = k;
		out->data[k] = '\0';
	}
	logscan_json_message(out);
	/*
	 * A worker's process label, a log record's level header, a record's
	 * time label: the runtime's words around the line, taken off like a
	 * launcher's prefix (the label's rank, if it names one, is the line's).
	 */
	int label_rank = -1;
	size_t k = logscan_compose_label(out->data, out->len);
	if (k > 0)
		logscan_drop(out, k);
	k = logscan_process_label(out->data, out->len, &label_rank, pid);
	if (k > 0)
		logscan_drop(out, k);
	if ((k = logscan_level_header(out->data, out->len)) > 0)
		logscan_drop(out, k);
	*record = k > 0;
	if (label_rank < 0 && (k = logscan_record_label(out->data, out->len, label)) > 0)
		logscan_drop(out, k);
	*record = *record || k > 0;
	if (label_rank < 0 && (k = logscan_rank_label(out->data, out->len, &label_rank)) > 0)
		logscan_drop(out, k);
	int rank = -1;
	/*
	 * pytest's "E" failure column in front of a rank's line ("E    [rank0]:
	 * RuntimeError: ..."): the column is pytest's, the prefix the rank's.
	 */
	if (out->len > 2 && out->data[0] == 'E' && out->data[1] == ' ') {
		size_t e = 1;
		while (e < out->len && out->data[e] == ' ')
			e++;
		if (logscan_rank_prefix(out->data + e, out->len - e, &rank) > 0)
			logscan_drop(out, e);
		rank = -1;
	}
	size_t p = logscan_rank_prefix(out->data, out->len, &rank);
	/*
	 * A rank's line glued after another's progress bar: "...1.66s/it][rank4]: Traceback ...",
	 * "...examples/s][default2]:[E ProcessGroupNCCL.cpp:475] ..." (torchrun --tee's local
	 * prefix); after a line's own prefix, only right after its bar's "]".
	 */
	for (const char *r = out->data + (p > 0 ? p : 1), *end = out->data + out->len;
	     r < end && (r = memchr(r, '[', (size_t)(end - r))) != NULL; r++) {
		size_t rest = (size_t)(end - r), q;
		int glued_rank;
		if ((p > 0 && r[-1] != ']') || (!gg_text_starts(r, rest, "[rank") && !gg_text_starts(r, rest, "[default")) ||
		    (q = logscan_rank_prefix(r, rest, &glued_rank)) == 0)
			continue;
		p = (size_t)(r - out->data) + q;
		rank = glued_rank;
		break;
	}
	/* The bar is a line of its own, drawn last; the logger's line after it is the one that counts. */
	size_t glued = p == 0 ? logscan_glued_log_tag(out->data, out->len) : 0;
	if (glued > 0) {
		memmove(out->data, out->data + glued, out->len - glued);
		out->len -= glued;
		out->data[out->len] = '\0';
	}
	/* torchrun --tee puts its local "[default1]:" before torch's global "[rank1]:": the inner one is the rank. */
	for (size_t q; p > 0 && (q = logscan_rank_prefix(out->data + p, out->len - p, &rank)) > 0;)
		p += q;
	if (p > 0) {
		memmove(out->data, out->data + p, out->len - p);
		out->len -= p;
		out->data[out->len] = '\0';
	}
	if (rank < 0)
		rank = label_rank >= 0 ? label_rank : *label >= 0 ? *label : -1;
	return rank;
}

/*
 * A listing's line number at the front of a cleaned line: spaces, up to 7
 * digits, one space or tab. Returns the bytes it takes (0: none) and the
 * number in *number.
 */
static size_t logscan_listing_number(const char *s, size_t n, unsigned long *number)
{
	size_t i = 0;
	while (i < n && s[i] == ' ')
		i++;
	size_t d = i;
	unsigned long v = 0;
	while (i < n && logscan_digit(s[i]) && i - d < 7)
		v = v * 10 + (unsigned long)(s[i++] - '0');
	if (i == d || i >= n || (s[i] != ' ' && s[i] != '\t'))
		return 0;
	*number = v;
	return i + 1;
}

/*
 * Takes a listing's numbers off (see listing_next): a number that follows
 * the last line's by one, or one before a traceback's header or frame. A
 * lone number before text is the text's own ("3 workers started").
 */
static void logscan_unnumber(gg_logscan *s, gg_buf *out)
{
	unsigned long number;
	size_t k = logscan_listing_number(out->data, out->len, &number);
	if (k == 0) {
		s->listing_next = 0;
		return;
	}
	const char *rest = out->data + k;
	size_t rn = out->len - k;
	bool follows = s->listing_next > 0 && number == s->listing_next;
	bool opens = gg_text_starts(rest, rn, "Traceback (most recent call last)") || gg_text_starts(rest, rn, "  File \"");
	s->listing_next = number + 1;
	if (follows || opens)
		logscan_drop(out, k);
}

/*
 * A relay label at the front of a raw line: a word of 2 to 32 letters,
 * digits, '_', '-' or '.', starting with a letter, then ": ". Returns its
 * length with the space, 0 when none. A drive letter ("C:\\") is no label.
 */
static size_t logscan_relay_label(const char *s, size_t n)
{
	size_t i = 0;
	if (n == 0 || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
		return 0;
	while (i < n && i < 32 &&
	       ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || logscan_digit(s[i]) || s[i] == '_' || s[i] == '-' || s[i] == '.'))
		i++;
	if (i < 2 || i + 1 >= n || s[i] != ':' || s[i + 1] != ' ')
		return 0;
	return i + 2;
}

/* Whether a line's text opens a traceback: its header, a frame line, the top or side of rich's box. */
static bool logscan_opens_traceback(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && s[i] == ' ')
		i++;
	return gg_text_starts(s + i, n - i, "Traceback (most recent call last)") || gg_text_starts(s + i, n - i, "File \"") ||
	       gg_text_starts(s + i, n - i, "\xe2\x94\x82") /* │ */ || gg_text_starts(s + i, n - i, "\xe2\x95\xad") /* ╭ */;
}

/*
 * Whether a line's text opens torchelastic's failure summary: its
 * ChildFailedError line, its "Failures:" or "Root Cause" heading. A CLI
 * that relays its child's stderr labels the summary as it labels a
 * traceback, and the summary read with its label on says nothing.
 */
static bool logscan_opens_summary(const char *s, size_t n)
{
	return gg_text_starts(s, n, "Root Cause (first observed failure)") || gg_text_starts(s, n, "Failures:") ||
	       (gg_text_starts(s, n, "torch.distributed.elastic.") && gg_text_find(s, n, "ChildFailedError"));
}

/*
 * srun --label's task number at the front of a raw line: spaces, 1 to 5
 * digits, ": ". Returns its length with the space (0: none), the number in
 * *task.
 */
static size_t logscan_task_label(const char *s, size_t n, int *task)
{
	size_t i = 0, d;
	while (i < n && i < 8 && s[i] == ' ')
		i++;
	d = i;
	int v = 0;
	while (i < n && i - d < 5 && logscan_digit(s[i]))
		v = v * 10 + (s[i++] - '0');
	if (i == d || i + 1 >= n || s[i] != ':' || s[i + 1] != ' ')
		return 0;
	*task = v;
	return i + 2;
}

/*
 * Takes srun's task label (see tasks) or a parent's relay label off the raw line (see relay): the label
 * starts to count on a line where a traceback or a failure summary opens after it, and holds
 * while the lines carry the same one. A label on one line alone
 * ("RuntimeError: ...", "INFO: ...") is the line's own words.
 */
/* Returns the label's length to skip (0: none), or -ENOMEM. */
static long logscan_unrelay(gg_logscan *s)
{
	const char *r = s->raw.data ? s->raw.data : "";
	int task;
	size_t t = logscan_task_label(r, s->raw.len, &task);
	s->task_rank = -1;
	if (t > 0 && (s->tasks || logscan_opens_traceback(r + t, s->raw.len - t) || logscan_opens_summary(r + t, s->raw.len - t))) {
		s->tasks = true;
		s->task_rank = task;
		return (long)t;
	}
	size_t k = logscan_relay_label(r, s->raw.len);
	bool same = k > 0 && s->relay.len == k && memcmp(s->relay.data, r, k) == 0;
	if (!same) {
		s->relay.len = 0;
		if (k == 0 || !(logscan_opens_traceback(r + k, s->raw.len - k) || logscan_opens_summary(r + k, s->raw.len - k)))
			return 0;
		if (gg_buf_append(&s->relay, r, k) != 0)
			return -ENOMEM;
	}
	return (long)k;
}

/*
 * One word of a logger's stamp, its brackets and a closing ':' or ','
 * taken off: a date or a time (digits with '-', '/', ':' or '.', five
 * characters at least: "2031-04-02", "10:11:12,123"), a level's name
 * ("ERROR"; one letter only in brackets, "[E]"), glog's level and day
 * ("E1203"), or a lone separator ("-", "|").
 */
static bool logscan_stamp_word(const char *w, size_t n)
{
	bool bracket = false;
	while (n > 0 && (w[0] == '[' || w[0] == '(')) {
		w++, n--;
		bracket = true;
	}
	while (n > 0 && (w[n - 1] == ']' || w[n - 1] == ')' || w[n - 1] == ':' || w[n - 1] == ',')) {
		bracket |= w[n - 1] == ']' || w[n - 1] == ')';
		n--;
	}
	if (n == 0)
		return bracket;
	if (n == 1 && (w[0] == '-' || w[0] == '|'))
		return true;
	static const char *const levels[] = { "DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL", "FATAL", NULL };
	for (const char *const *l = levels; *l; l++)
		if (strlen(*l) == n && memcmp(w, *l, n) == 0)
			return true;
	if (n == 1 && bracket && strchr("DIWEF", w[0]))
		return true;
	if (n == 5 && strchr("IWEF", w[0]) && logscan_digit(w[1]) && logscan_digit(w[2]) && logscan_digit(w[3]) && logscan_digit(w[4]))
		return true;
	/* ISO 8601's date and time in one word, as container logs stamp each line: "2031-04-02T10:11:12.123456789Z". */
	if (n > 11 && w[10] == 'T' && logscan_digit(w[9]) && logscan_digit(w[11])) {
		if (w[n - 1] == 'Z')
			n--;
		return logscan_stamp_word(w, 10) && logscan_stamp_word(w + 11, n - 11);
	}
	size_t digits = 0, marks = 0;
	for (size_t i = 0; i < n; i++) {
		if (logscan_digit(w[i]))
			digits++;
		else if (strchr("-/:.,+", w[i]))
			marks += w[i] != '.' && w[i] != ',';
		else
			return false;
	}
	return n >= 5 && digits >= 4 && marks > 0;
}

/*
 * A logger's stamp at the front of a raw line: its words (see
 * logscan_stamp_word), each followed by spaces, at least one of them a
 * date, a time or a level. Returns its length with the one space after
 * it (the message keeps the rest of its indentation), 0 when none.
 */
static size_t logscan_stamp_prefix(const char *s, size_t n)
{
	size_t i = 0, end = 0;
	unsigned words = 0;
	while (i < n && i < 96 && words < 8) {
		size_t a = i;
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
		if (i == a || i >= n)
			break;
		/*
		 * After the stamp's own words, a stream's or a logger's name
		 * between bars ("... | ERROR | stderr | "): part of the stamp
		 * when a bar closes it; any other word is the message's.
		 */
		if (!logscan_stamp_word(s + a, i - a)) {
			bool name = words > 0 && i - a <= 32 && i + 2 < n && s[i + 1] == '|' && s[i + 2] == ' ';
			for (size_t c = a; c < i && name; c++)
				name = (s[c] >= 'A' && s[c] <= 'Z') || (s[c] >= 'a' && s[c] <= 'z') || logscan_digit(s[c]) ||
				       s[c] == '_' || s[c] == '-' || s[c] == '.';
			if (!name)
				break;
			end = i + 1;
			i++;
			continue;
		}
		bool sep = i - a == 1 && (s[a] == '-' || s[a] == '|');
		words += !sep;
		end = i + 1;
		while (i < n && s[i] == ' ')
			i++;
	}
	return words > 0 ? end : 0;
}

/*
 * The stamp's shape at r[i] into *c: a digit's run is one '0' (a fraction
 * of a second loses its trailing zeros in some loggers), any other
 * character itself. False inside a run, which adds nothing.
 */
static bool logscan_shape_char(const char *r, size_t i, char *c)
{
	if (logscan_digit(r[i]) && i > 0 && logscan_digit(r[i - 1]))
		return false;
	*c = logscan_digit(r[i]) ? '0' : r[i];
	return true;
}

/*
 * Takes a logger's stamp off the raw line (see stamp): it starts to count
 * on a line where a traceback opens after it, and holds while the lines
 * carry a stamp of the same shape. Returns its length, or -ENOMEM.
 */
static long logscan_unstamp(gg_logscan *s)
{
	const char *r = s->raw.data ? s->raw.data : "";
	size_t k = logscan_stamp_prefix(r, s->raw.len);
	if (k == 0 || k > 256) {
		/* A blank line between the logger's records (some write one after each) keeps the shape. */
		if (!logscan_blank(r, s->raw.len))
			s->stamp.len = 0;
		return 0;
	}
	size_t j = 0;
	bool same = true;
	for (size_t i = 0; i < k && same; i++) {
		char c;
		if (logscan_shape_char(r, i, &c))
			same = j < s->stamp.len && s->stamp.data[j++] == c;
	}
	same = same && j == s->stamp.len;
	if (!same) {
		s->stamp.len = 0;
		if (!logscan_opens_traceback(r + k, s->raw.len - k))
			return 0;
		for (size_t i = 0; i < k; i++) {
			char c;
			if (logscan_shape_char(r, i, &c) && gg_buf_append(&s->stamp, &c, 1) != 0)
				return -ENOMEM;
		}
	}
	return (long)k;
}

/*
 * Whether a raw line is a whole traceback whose line ends became tabs (a
 * logger that wrote traceback.format_exc() on one line): its header and a
 * frame, or two frames, each right after a tab ("...call last):\t  File
 * \"a.py\", line 3, in f\t    code\t  File ..."). A tab inside a line of
 * its own (a table, a message) has no frame after it.
 */
static bool logscan_tab_joined(const char *s, size_t n)
{
	size_t frames = 0;
	for (const char *p = memchr(s, '\t', n); p; p = memchr(p, '\t', (size_t)(s + n - p))) {
		p++;
		size_t rest = (size_t)(s + n - p), sp = 0;
		while (sp < rest && p[sp] == ' ')
			sp++;
		if (gg_text_starts(p + sp, rest - sp, "File \""))
			frames++;
	}
	return frames >= 2 || (frames == 1 && gg_text_find(s, n, "Traceback (most recent call last):\t"));
}

/*
 * Where a paste that lost its line breaks starts its next rank's line: a
 * " [rank2]:" after a space, in a line that starts with such a prefix
 * ("[rank2]:[E1112 ...] Watchdog caught ... [rank3]:[E1112 ...] ..."). A
 * pointer to its "[", or NULL.
 */
static const char *logscan_next_rank_line(const char *s, const char *end)
{
	for (const char *p = s; (p = gg_text_find(p, (size_t)(end - p), " [rank")) != NULL; p++) {
		int rank;
		if (logscan_rank_prefix(p + 1, (size_t)(end - p - 1), &rank))
			return p + 1;
	}
	return NULL;
}

/* Cleans one segment of the raw line and hands it on, as line number s->number. */
static int logscan_emit_text(gg_logscan *s, const char *raw, size_t len)
{
	unsigned quotes;
	int label;
	long pid;
	bool record;
	int rank = logscan_clean(raw, len, &s->clean, &quotes, &label, &pid, &record);
	if (rank == -ENOMEM)
		return -ENOMEM;
	if (rank < 0 && label < 0)
		rank = s->task_rank;
	logscan_unnumber(s, &s->clean);
	/* A record's later lines are its own until the next labelled line: a rank's prefix, another record. */
	if (label != -2)
		s->record_rank = label;
	else if (rank >= 0)
		s->record_rank = -1;
	else
		rank = s->record_rank;
	gg_log_line line = {
		.text = gg_buf_cstr(&s->clean),
		.len = s->clean.len,
		.rank = rank,
		.pid = pid,
		.number = s->number,
		.offset = s->offset,
		.raw_len = s->raw_len,
		.truncated = s->raw_len > s->raw.len,
		.quotes = quotes,
		.record = record,
	};
	if (line.raw_len > 0 && !line.truncated && s->raw.data[s->raw.len - 1] == '\r')
		line.raw_len--;
	return s->fn(s->ctx, &line);
}

static int logscan_emit(gg_logscan *s)
{
	long skip = logscan_unrelay(s);
	if (skip == 0)
		skip = logscan_unstamp(s);
	if (skip < 0)
		return -ENOMEM;
	size_t len = s->raw.len;
	/* CRLF: the "\r" belongs to the line end, not to a redraw. */
	if (s->raw_len == len && len > 0 && s->raw.data[len - 1] == '\r')
		len--;
	const char *raw = s->raw.data ? s->raw.data + skip : "";
	len -= (size_t)skip;
	s->number++;
	int rc = 0;
	const char *next = NULL; /* a paste that lost its line breaks: where its second rank's line starts */
	if (len && logscan_tab_joined(raw, len)) {
		/* Read as the lines it was, each under the line's own number: the tab was their line end. */
		const char *end = raw + len;
		for (const char *p = raw; rc == 0 && p <= end;) {
			const char *tab = memchr(p, '\t', (size_t)(end - p));
			const char *q = tab ? tab : end;
			rc = logscan_emit_text(s, p, (size_t)(q - p));
			p = q + 1;
		}
	} else if (len && gg_text_starts(raw, len, "[rank") && (next = logscan_next_rank_line(raw + 1, raw + len)) != NULL) {
		/* Each rank's line under the line's own number: the prefix was its line start. */
		const char *end = raw + len;
		for (const char *p = raw; rc == 0 && p < end;) {
			rc = logscan_emit_text(s, p, (size_t)((next ? next - 1 : end) - p));
			p = next ? next : end;
			next = p < end ? logscan_next_rank_line(p + 1, end) : NULL;
		}
	} else
		rc = logscan_emit_text(s, raw, len);
	s->offset += s->raw_len;
	s->raw.len = 0;
	s->raw_len = 0;
	return rc;
}

int gg_logscan_feed(gg_logscan *s, const char *buf, size_t len)
{
	size_t i = 0;
	while (i < len) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = end - i;
		size_t room = s->raw.len < s->max_line ? s->max_line - s->raw.len : 0;
		if (gg_buf_append(&s->raw, buf + i, n < room ? n : room) != 0)
			return -ENOMEM;
		s->raw_len += n;
		i = end;
		if (nl) {
			int rc = logscan_emit(s);
			s->offset += 1; /* the "\n" */
			if (rc != 0)
				return rc;
			i++;
		}
	}
	return 0;
}

int gg_logscan_finish(gg_logscan *s)
{
	if (s->raw_len == 0)
		return 0;
	return logscan_emit(s);
}
