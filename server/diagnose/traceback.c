/*
 * The traceback parser: a small state machine per stream (rank). Plain
 * CPython tracebacks are read by indentation relative to their "File" lines
 * (so launcher prefixes and torchelastic's indented copies read the same);
 * notebook tracebacks by their header and "---->" arrow lines. Python
 * 3.11+ exception groups are unwrapped first (see tb_group_line): each
 * nested traceback joins the group's chain, so that the first OOM inside is
 * found as for chained exceptions.
 */
#include "traceback.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "oom.h"
#include "text.h"

/* Bounds on what one traceback may keep, whatever the input. */
#define TB_MAX_FRAMES 256   /* deeper stacks lose frames from the middle */
#define TB_KEEP_OUTER 64    /* outermost frames always kept */
#define TB_MAX_CHAIN 16     /* tracebacks per chain: a longer one loses links after its first */
#define TB_MAX_NAME 4096
#define TB_MAX_CODE 1024
#define TB_MAX_MESSAGE 4096
#define TB_MAX_CONTINUATION 8
#define TB_MAX_NOISE 64     /* foreign lines tolerated inside a traceback */
#define TB_MAX_WRAP 4       /* lines a hard-wrapped "File" line may span */
#define TB_MAX_STREAMS 128  /* ranks beyond share the last stream */
#define TB_MAX_CHAIN_BYTES (256u << 10) /* frame text one chain may keep: bounds memory on hostile input */

typedef enum tb_state {
	TB_IDLE,
	TB_FRAMES,    /* inside a plain traceback */
	TB_NOTEBOOK,  /* inside an IPython traceback */
	TB_AFTER_EXC, /* after the exception line: continuation, chain marker or the end */
	TB_RICH,      /* inside a `rich` traceback box (Lightning, accelerate, typer print them) */
	TB_PYTEST,    /* inside pytest's report of a failing test ("path.py:12: in f", ">", "E   ") */
} tb_state;

typedef struct tb_stream {
	int rank;
	tb_state state;
	gg_tb_chain *chain; /* owned; in progress */
	size_t file_indent; /* indentation of this traceback's "File" lines */
	bool have_file_indent;
	bool expect_code;   /* the last line was a frame header */
	gg_buf wrapped;     /* a "File" line cut by a terminal hard-wrap */
	gg_log_span wrapped_at;
	int wrapped_lines;
	int noise;
	int continuation;
	size_t exc_indent;
	bool blank_after_exc;
	bool chained;       /* a chain marker was seen: the next traceback belongs to this chain */
	bool caused;        /* ... and it was "The above exception was the direct cause" */
	bool group;         /* inside a 3.11+ exception group's "|"-prefixed block */
	bool group_sep;     /* the last line was a group's "+---- n ----" separator */
	int summary_rank;
	/*
	 * The last exception line seen while idle: when a chain marker follows,
	 * it was a traceback pasted without its frames.
	 */
	gg_buf pending;
	gg_log_line pending_line; /* its span; text points into pending */
	int pending_age;          /* non-blank lines since */
	/* pytest's long entries print a function's source, then its location: what the source said until then. */
	gg_buf pt_def;  /* the function named by the entry's "def" line */
	gg_buf pt_code; /* the entry's ">" line, the one that ran */
	bool headless_open; /* the traceback in progress began at a frame line without its "File" head */
	unsigned pt_quotes; /* quote marks of the line that opened a pytest report: one more is its ">" marker */
} tb_stream;

struct gg_tbparse {
	gg_tb_sink sink;
	void *ctx;
	tb_stream *streams; /* owned */
	size_t len, cap;
	uint64_t seq;
	/*
	 * The log's previous line, in any stream, was a "File" line cut by a
	 * hard-wrap: a "line N, in f" now is its tail, which reaches another
	 * stream when the wrap dropped the rank's prefix.
	 */
	bool after_cut_file;
};

static void tb_frame_free(gg_tb_frame *f)
{
	free(f->filename);
	free(f->function);
	free(f->code);
}

static void tb_exception_free(gg_tb_exception *e)
{
	free(e->type);
	free(e->message);
	free(e->detail);
}

void gg_tb_chain_free(gg_tb_chain *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->len; i++) {
		gg_traceback *tb = &c->tbs[i];
		for (size_t j = 0; j < tb->len; j++)
			tb_frame_free(&tb->frames[j]);
		free(tb->frames);
		free(tb->header_type);
		if (tb->has_exception)
			tb_exception_free(&tb->exc);
	}
	free(c->tbs);
	free(c->anomaly_forward);
	free(c);
}

int gg_tb_splice(gg_traceback *outer, gg_traceback *inner)
{
	if (gg_grow_to((void **)&outer->frames, &outer->cap, outer->len + inner->len, sizeof *outer->frames))
		return -ENOMEM;
	if (inner->len) /* inner may hold no frames at all (NULL) */
		memcpy(outer->frames + outer->len, inner->frames, inner->len * sizeof *inner->frames);
	outer->len += inner->len;
	outer->omitted += inner->omitted;
	inner->len = 0; /* the frames are outer's now */
	if (outer->has_exception)
		tb_exception_free(&outer->exc);
	outer->exc = inner->exc;
	outer->has_exception = inner->has_exception;
	inner->has_exception = false; /* ... and so is the exception */
	memset(&inner->exc, 0, sizeof inner->exc);
	return 0;
}

const char *gg_tb_frame_file(const gg_tb_frame *f)
{
	return f->filename[0] ? f->filename : "<file not in the paste>";
}

gg_tbparse *gg_tbparse_new(gg_tb_sink sink, void *ctx)
{
	gg_tbparse *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->sink = sink;
	p->ctx = ctx;
	return p;
}

void gg_tbparse_delete(gg_tbparse *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->len; i++) {
		gg_tb_chain_free(p->streams[i].chain);
		gg_buf_free(&p->streams[i].wrapped);
		gg_buf_free(&p->streams[i].pending);
		gg_buf_free(&p->streams[i].pt_def);
		gg_buf_free(&p->streams[i].pt_code);
	}
	free(p->streams);
	free(p);
}

static gg_log_span tb_span(const gg_log_line *l)
{
	return (gg_log_span){ l->number, l->offset, l->raw_len };
}

/* The stream of a rank; NULL on OOM or when there are too many ranks (they share the last). */
static tb_stream *tb_stream_for(gg_tbparse *p, int rank)
{
	for (size_t i = 0; i < p->len; i++)
		if (p->streams[i].rank == rank)
			return &p->streams[i];
	if (p->len == TB_MAX_STREAMS)
		return &p->streams[p->len - 1];
	if (gg_grow((void **)&p->streams, &p->cap, p->len, sizeof *p->streams))
		return NULL;
	tb_stream *s = &p->streams[p->len++];
	memset(s, 0, sizeof *s);
	s->rank = rank;
	s->summary_rank = -1;
	return s;
}

static gg_traceback *tb_current(tb_stream *s)
{
	return s->chain && s->chain->len ? &s->chain->tbs[s->chain->len - 1] : NULL;
}

/* Hands the chain in progress to the sink and goes idle. */
/*
 * Whether an exception's type alone says whether it is an out-of-memory
 * error: torch's OutOfMemoryError and Python's MemoryError are; a KeyError
 * or a ValueError never is. A RuntimeError, an OSError or a distributed
 * error may carry an allocator's message: only the message tells.
 */
bool gg_tb_type_named(const char *type, const char *name)
{
	size_t tl = strlen(type), k = strlen(name);
	return tl >= k && strcmp(type + tl - k, name) == 0;
}

bool gg_tb_type_decides(const char *type)
{
	static const char *const decided[] = {
		"OutOfMemoryError", "MemoryError", "KeyError", "ValueError", "TypeError", "IndexError",
		"AttributeError", "NameError", "AssertionError", "ImportError", "ModuleNotFoundError",
		"FileNotFoundError", "ZeroDivisionError", "NotImplementedError", "UnboundLocalError",
		"KeyboardInterrupt", "SyntaxError", "IndentationError", "RecursionError", "StopIteration", NULL,
	};
	const char *dot = strrchr(type, '.');
	const char *last = dot ? dot + 1 : type;
	for (const char *const *d = decided; *d; d++)
		if (strcmp(last, *d) == 0)
			return true;
	return false;
}

static int tb_add_frame(tb_stream *s, gg_tb_frame *f);

static int tb_stream_end(gg_tbparse *p, tb_stream *s)
{
	gg_tb_chain *c = s->chain;
	bool pytest = s->state == TB_PYTEST;
	/*
	 * A long report cut after its last entry's "E" lines: that entry's
	 * location line, printed after them, is lost, but its source showed
	 * the function ("def name(") and the line that ran (">"). It is the
	 * innermost frame, its line number unknown (0); its file is the
	 * calling entry's where that one calls it as a method of the same
	 * object ("self.name("), else unknown.
	 */
	gg_traceback *pt = pytest && c ? &c->tbs[c->len - 1] : NULL;
	if (pt && pt->has_exception && pt->len > 0 && s->pt_def.len && s->pt_code.len && s->pt_def.len < 200) {
		const gg_tb_frame *caller = &pt->frames[pt->len - 1];
		char call[208];
		snprintf(call, sizeof call, "self.%.*s(", (int)s->pt_def.len, s->pt_def.data);
		bool same = caller->code && strstr(caller->code, call);
		gg_tb_frame f;
		memset(&f, 0, sizeof f);
		f.filename = strdup(same ? caller->filename : "");
		f.function = gg_text_dup(s->pt_def.data, s->pt_def.len, TB_MAX_NAME);
		f.code = gg_text_dup(s->pt_code.data, s->pt_code.len, TB_MAX_CODE);
		f.at = pt->exc.at;
		if (!f.code) {
			tb_frame_free(&f);
			return -ENOMEM;
		}
		int rc = tb_add_frame(s, &f);
		if (rc)
			return rc;
	}
	bool headless_open = s->headless_open;
	s->headless_open = false;
	s->chain = NULL;
	s->state = TB_IDLE;
	s->chained = false;
	s->caused = false;
	s->wrapped.len = 0;
	s->wrapped_lines = 0;
	s->pt_def.len = 0;
	s->pt_code.len = 0;
	if (!c)
		return 0;
	if (pytest && c->len == 1 && c->tbs[0].len == 0 && !c->tbs[0].has_exception) {
		/* A section rule that held no failure ("____ summary ____"): nothing to report. */
		gg_tb_chain_free(c);
		return 0;
	}
	if (headless_open && c->len == 1 && !c->tbs[0].has_exception) {
		/*
		 * "line 42, in f" lines with no code under them and no exception:
		 * the tails of hard-wrapped "File" lines another stream printed
		 * (a rank's prefix is not repeated on a wrap), not a traceback.
		 */
		bool code = false;
		for (size_t i = 0; i < c->tbs[0].len && !code; i++)
			code = c->tbs[0].frames[i].code != NULL;
		if (!code) {
			gg_tb_chain_free(c);
			return 0;
		}
	}
	/* A notebook traceback cut before its exception line: its header named the type. */
	for (size_t i = 0; i < c->len; i++) {
		gg_traceback *tb = &c->tbs[i];
		if (tb->has_exception || !tb->header_type || !gg_tb_type_decides(tb->header_type))
			continue;
		tb->exc.type = tb->header_type;
		tb->header_type = NULL;
		tb->exc.message = strdup("");
		tb->exc.detail = strdup("");
		tb->exc.at = tb->at;
		tb->has_exception = true;
		tb->type_from_header = true;
		if (!tb->exc.message || !tb->exc.detail) {
			gg_tb_chain_free(c);
			return -ENOMEM;
		}
	}
	for (size_t i = 0; i < c->len && !c->has_oom; i++) {
		gg_traceback *tb = &c->tbs[i];
		gg_oom_info info;
		if (tb->has_exception &&
		    gg_oom_match(tb->exc.type, tb->exc.detail, strlen(tb->exc.detail), &info))
			c->has_oom = true;
	}
	return p->sink(p->ctx, c);
}

/*
 * Makes room in a full chain for its next link by dropping the second one:
 * the first (where the failure began) and the latest (how it ended) decide
 * the verdict, so a long chain stays one failure with the same verdict.
 */
static void tb_chain_drop_link(gg_tb_chain *c)
{
	gg_traceback *tb = &c->tbs[1];
	gg_oom_info info;
	if (tb->has_exception && gg_oom_match(tb->exc.type, tb->exc.detail, strlen(tb->exc.detail), &info))
		c->has_oom = true;
	for (size_t j = 0; j < tb->len; j++) {
		size_t bytes = sizeof tb->frames[j] + strlen(tb->frames[j].filename) + strlen(tb->frames[j].function);
		c->bytes -= bytes < c->bytes ? bytes : c->bytes;
		tb_frame_free(&tb->frames[j]);
	}
	free(tb->frames);
	free(tb->header_type);
	if (tb->has_exception)
		tb_exception_free(&tb->exc);
	memmove(&c->tbs[1], &c->tbs[2], (c->len - 2) * sizeof *c->tbs);
	c->len--;
}

/* Starts a traceback: in the current chain when a chain marker preceded it, else in a new chain. */
static int tb_begin(gg_tbparse *p, tb_stream *s, const gg_log_line *l, tb_state state)
{
	if (s->chained && s->chain && s->chain->len >= TB_MAX_CHAIN)
		tb_chain_drop_link(s->chain);
	if (!(s->chained && s->chain)) {
		int rc = tb_stream_end(p, s);
		if (rc != 0)
			return rc;
		s->chain = calloc(1, sizeof *s->chain);
		if (!s->chain)
			return -ENOMEM;
		s->chain->rank = s->rank;
		s->chain->pid = l->pid;
		s->chain->seq = p->seq++;
		if (s->rank < 0 && s->summary_rank >= 0) {
			s->chain->rank = s->summary_rank;
			s->chain->from_summary = true;
		}
	}
	gg_tb_chain *c = s->chain;
	if (gg_grow((void **)&c->tbs, &c->cap, c->len, sizeof *c->tbs))
		return -ENOMEM;
	gg_traceback *tb = &c->tbs[c->len++];
	memset(tb, 0, sizeof *tb);
	tb->at = tb_span(l);
	tb->pytest = state == TB_PYTEST;
	tb->in_group = s->group;
	tb->raised_from = s->chained && s->caused && c->len > 1;
	s->pt_quotes = l->quotes;
	s->state = state;
	s->chained = false;
	s->caused = false;
	s->have_file_indent = false;
	s->expect_code = false;
	s->noise = 0;
	s->wrapped.len = 0;
	s->wrapped_lines = 0;
	return 0;
}

/* Appends a frame (taking ownership of the strings, freed on failure). */
static int tb_add_frame(tb_stream *s, gg_tb_frame *f)
{
	gg_traceback *tb = tb_current(s);
	if (!tb || !f->filename || !f->function) {
		tb_frame_free(f);
		return tb ? -ENOMEM : 0;
	}
	size_t bytes = sizeof *f + strlen(f->filename) + strlen(f->function);
	if (s->chain->bytes + bytes > TB_MAX_CHAIN_BYTES) {
		tb_frame_free(f);
		tb->omitted++;
		s->expect_code = false;
		return 0;
	}
	s->chain->bytes += bytes;
	if (tb->len == TB_MAX_FRAMES) {
		/* Keep the outermost and the innermost frames; the middle of a recursion tells nothing. */
		tb_frame_free(&tb->frames[TB_KEEP_OUTER]);
		memmove(&tb->frames[TB_KEEP_OUTER], &tb->frames[TB_KEEP_OUTER + 1],
			(tb->len - TB_KEEP_OUTER - 1) * sizeof *tb->frames);
		tb->len--;
		tb->omitted++;
	}
	if (gg_grow((void **)&tb->frames, &tb->cap, tb->len, sizeof *tb->frames)) {
		tb_frame_free(f);
		return -ENOMEM;
	}
	tb->frames[tb->len++] = *f;
	s->expect_code = true;
	return 0;
}

static gg_tb_frame *tb_last_frame(tb_stream *s)
{
	gg_traceback *tb = tb_current(s);
	return tb && tb->len ? &tb->frames[tb->len - 1] : NULL;
}

static bool tb_is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       (unsigned char)c >= 0x80;
}

static bool tb_type_looks_raised(const char *t, size_t n)
{
	static const char *const suffixes[] = { "Error", "Exception", "Interrupt", "Exit", "Warning", "Failure",
						"Iteration", "Fault", "Timeout", "Raised", NULL };
	size_t last = 0; /* start of the last dotted component */
	for (size_t i = 0; i < n; i++)
		if (t[i] == '.')
			last = i + 1;
	const char *name = t + last;
	size_t nn = n - last;
	if (nn == 0)
		return false;
	for (const char *const *s = suffixes; *s; s++) {
		size_t k = strlen(*s);
		if (nn >= k && memcmp(name + nn - k, *s, k) == 0)
			return true;
	}
	if (gg_text_find(name, nn, "Error") || gg_text_find(name, nn, "Exception"))
		return true;
	/* A qualified, capitalised class name: "torch.distributed.DistBackendError" and kin. */
	return last > 0 && name[0] >= 'A' && name[0] <= 'Z';
}

/* U+FF1A FULLWIDTH COLON, which Chinese and Japanese input methods type for ':'. */
static bool tb_is_fullwidth_colon(const char *s, size_t n)
{
	return n >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBC && (unsigned char)s[2] == 0x9A;
}

bool gg_tb_exception_line(const char *s, size_t n, size_t *type_len, const char **msg)
{
	size_t i = 0;
	if (n == 0 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
		return false;
	/* Identifier bytes include UTF-8 lead bytes: stop before a full-width colon. */
	while (i < n && !tb_is_fullwidth_colon(s + i, n - i) &&
	       (tb_is_ident_char(s[i]) || (s[i] == '.' && i + 1 < n && tb_is_ident_char(s[i + 1]))))
		i++;
	/*
	 * A wrapper that names the class it carries in parentheses: Ray's
	 * "RayTaskError(OutOfMemoryError): ray::Actor.method() ..." is the
	 * task's own exception raised again in its caller. The whole is the
	 * type; the outer name must look raised, the inner be one name.
	 */
	size_t outer = i;
	if (i < n && s[i] == '(' && tb_type_looks_raised(s, i)) {
		size_t j = i + 1;
		while (j < n && (tb_is_ident_char(s[j]) || s[j] == '.'))
			j++;
		if (j > i + 1 && j < n && s[j] == ')')
			i = j + 1;
	}
	size_t colon = 1;
	if (i < n && tb_is_fullwidth_colon(s + i, n - i))
		colon = 3;
	else if (i < n && !(s[i] == ':' && (i + 1 == n || s[i + 1] == ' ')))
		return false;
	if (!tb_type_looks_raised(s, outer))
		return false;
	*type_len = i;
	*msg = i < n ? s + i + colon : s + n;
	if (*msg > s + n)
		*msg = s + n;
	while (*msg < s + n && **msg == ' ')
		(*msg)++;
	return true;
}

static bool tb_is_caret_line(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] != '^' && s[i] != '~' && s[i] != ' ' && s[i] != '-' && s[i] != '+')
			return false;
	return true;
}

static bool tb_ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);
	return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

/* Parses the unsigned decimal at *s (advancing it); -1 when none. */
static long tb_number(const char **s, const char *end)
{
	const char *p = *s;
	long v = 0;
	if (p >= end || *p < '0' || *p > '9')
		return -1;
	while (p < end && *p >= '0' && *p <= '9' && v < 100000000)
		v = v * 10 + (*p++ - '0');
	*s = p;
	return v;
}

/* A notebook cell's file name: old IPython's, ipykernel's temporary files (Colab's /tmp/ipython-input-N.py), VS Code's cell URIs. */
static bool tb_is_cell_name(const char *name, size_t n)
{
	return gg_text_starts(name, n, "<ipython-input-") || gg_text_find(name, n, "/ipython-input-") || gg_text_find(name, n, "/ipykernel_") ||
	       gg_text_find(name, n, "\\ipykernel_") || gg_text_starts(name, n, "vscode-notebook-cell:") ||
	       gg_text_find(name, n, ".ipynb");
}

/*
 * `File "path", line N, in func` (trimmed). Returns 1 and fills f, 0 when
 * the line is cut short (a hard-wrap: more may follow), -1 when it is no
 * frame line.
 */
/*
 * Whether t opens a frame line: `File "`, or `File ` then a path whose
 * opening quote the paste lost (`File xx/train.py", line 275, in main`).
 */
static bool tb_file_line_start(const char *t, size_t n)
{
	if (gg_text_starts(t, n, "File \""))
		return true;
	return n > 6 && gg_text_starts(t, n, "File ") && t[5] != ' ' && t[5] != '"' && gg_text_find(t, n, "\", line ");
}

static bool tb_is_function_name(const char *t, size_t n);

static int tb_parse_file_line(const char *t, size_t n, gg_tb_frame *f)
{
	if (!tb_file_line_start(t, n))
		return -1;
	const char *end = t + n;
	const char *path = t + (t[5] == '"' ? 6 : 5);
	/*
	 * The path may contain quotes and commas: take the last `", line `
	 * marker. A paste re-spaced by its editor puts two spaces after the
	 * comma (`",  line 44,  in f`): still the marker.
	 */
	const char *q = NULL, *num = NULL;
	for (const char *p = path; (p = gg_text_find(p, (size_t)(end - p), "\",")); p++) {
		const char *r = p + 2;
		while (r < end && *r == ' ')
			r++;
		if (r > p + 2 && gg_text_starts(r, (size_t)(end - r), "line ")) {
			q = p;
			num = r + 5;
		}
	}
	if (!q)
		return 0;
	long line = tb_number(&num, end);
	if (line < 0)
		return num == end ? 0 : -1;
	const char *func = "";
	size_t func_len = 0;
	const char *in = num;
	if (in < end && *in == ',') {
		in++;
		while (in < end && *in == ' ')
			in++;
	}
	if (in > num + 1 && gg_text_starts(in, (size_t)(end - in), "in ")) {
		func = in + 3;
		func_len = (size_t)(end - func);
	} else if (num != end) {
		return num + 1 >= end || num[0] == ',' ? 0 : -1;
	}
	memset(f, 0, sizeof *f);
	/* A function name has no spaces: after one comes the code line, glued on when a paste lost its line break. */
	const char *close = func_len && func[0] == '<' ? memchr(func, '>', func_len) : NULL; /* "<cell line: 5>" */
	const char *from = close ? close : func;
	const char *glued = func_len ? memchr(from, ' ', (size_t)(func + func_len - from)) : NULL;
	if (glued) {
		size_t cn = (size_t)(func + func_len - glued);
		const char *code = gg_text_trim(glued, &cn);
		if (cn)
			f->code = gg_text_dup(code, cn, TB_MAX_CODE);
		func_len = (size_t)(glued - func);
	}
	f->filename = gg_text_dup(path, (size_t)(q - path), TB_MAX_NAME);
	f->function = gg_text_dup(func, func_len, TB_MAX_NAME);
	/* Markdown made a dunder bold ("in **init**" for "in __init__"): the name as Python printed it. */
	size_t fn = f->function ? strlen(f->function) : 0;
	if (fn > 4 && memcmp(f->function, "**", 2) == 0 && memcmp(f->function + fn - 2, "**", 2) == 0 &&
	    tb_is_function_name(f->function + 2, fn - 4))
		f->function[0] = f->function[1] = f->function[fn - 2] = f->function[fn - 1] = '_';
	f->line = (uint32_t)line;
	f->notebook = tb_is_cell_name(path, (size_t)(q - path));
	return 1;
}

/* A function name as a frame line prints it: "evaluate", "Net.forward", "<module>", "<listcomp>". */
static bool tb_is_function_name(const char *t, size_t n)
{
	if (n == 0 || n > 256)
		return false;
	if (t[0] == '<')
		return t[n - 1] == '>';
	if (t[0] >= '0' && t[0] <= '9')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!tb_is_ident_char(t[i]) && t[i] != '.')
			return false;
	return true;
}

/*
 * A frame line that lost its head in a paste (trimmed): "line 42, in
 * evaluate", as a hand-trimmed or quoted fragment prints it, or the tail of
 * a path a paste starts in ('ls/eval.py", line 42, in evaluate'). Returns 1
 * and fills f: the file is the path's tail when one is printed, else ""
 * (unknown); -1 when the line is none. The "File" line of a hard-wrap is
 * read before this, by tb_parse_file_line.
 */
static int tb_parse_headless_line(const char *t, size_t n, gg_tb_frame *f)
{
	const char *end = t + n;
	const char *num, *path = t;
	size_t path_len = 0;
	if (gg_text_starts(t, n, "line ")) {
		num = t + 5;
	} else {
		const char *q = gg_text_find(t, n, "\", line ");
		if (!q || q == t || memchr(t, '"', (size_t)(q - t)))
			return -1;
		path_len = (size_t)(q - t);
		/* Only a path's tail: "eval.py" or ".../eval.py", never prose that happens to quote. */
		bool pathlike = (path_len > 3 && memcmp(q - 3, ".py", 3) == 0) || memchr(t, '/', path_len) ||
				memchr(t, '\\', path_len);
		if (!pathlike || memchr(t, ' ', path_len))
			return -1;
		num = q + 8;
	}
	long line = tb_number(&num, end);
	if (line <= 0 || !gg_text_starts(num, (size_t)(end - num), ", in "))
		return -1;
	const char *func = num + 5;
	if (!tb_is_function_name(func, (size_t)(end - func)))
		return -1;
	memset(f, 0, sizeof *f);
	f->filename = gg_text_dup(path, path_len, TB_MAX_NAME);
	f->function = gg_text_dup(func, (size_t)(end - func), TB_MAX_NAME);
	f->line = (uint32_t)line;
	return 1;
}

static int tb_set_code(tb_stream *s, gg_tb_frame *f, const char *t, size_t n)
{
	if (f->code || s->chain->bytes + n > TB_MAX_CHAIN_BYTES)
		return 0;
	f->code = gg_text_dup(t, n, TB_MAX_CODE);
	if (!f->code)
		return -ENOMEM;
	s->chain->bytes += strlen(f->code);
	return 0;
}

size_t gg_tb_type_glued(const char *type, size_t len)
{
	/* "RuntimeErrorRuntimeError": two processes' lines glued, the whole name twice; one name. */
	if (len >= 10 && len % 2 == 0 && memcmp(type, type + len / 2, len / 2) == 0 && tb_ends_with(type, len / 2, "Error"))
		return len / 2;
	/* "RuntimeErrRuntimeError": a cut head of the name, then the name whole; the head at least "Err"'s length. */
	for (size_t k = 3; 2 * k < len; k++)
		if (memcmp(type, type + k, k) == 0 && tb_ends_with(type, len, "Error") && !tb_ends_with(type, k, "Error"))
			return k;
	return 0;
}

static int tb_set_exception(tb_stream *s, const gg_log_line *l, const char *t, size_t n, size_t type_len,
			    const char *msg)
{
	gg_traceback *tb = tb_current(s);
	if (!tb)
		return 0;
	size_t mlen = (size_t)(t + n - msg);
	bool colon_only = mlen == 0 && n > type_len && (t[type_len] == ':' || (unsigned char)t[type_len] == 0xEF);
	size_t glued = gg_tb_type_glued(t, type_len);
	t += glued;
	type_len -= glued;
	tb->exc.type = gg_text_dup(t, type_len, TB_MAX_NAME);
	tb->exc.message = gg_text_dup(msg, mlen, TB_MAX_MESSAGE);
	tb->exc.detail = gg_text_dup(msg, mlen, TB_MAX_MESSAGE);
	tb->exc.colon_only = colon_only;
	tb->exc.at = tb_span(l);
	tb->has_exception = true;
	if (!tb->exc.type || !tb->exc.message || !tb->exc.detail)
		return -ENOMEM;
	s->state = TB_AFTER_EXC;
	s->continuation = 0;
	s->blank_after_exc = false;
	s->exc_indent = gg_text_indent(l->text, l->len);
	return 0;
}

/* Message lines after the exception line: kept for matching ("CUDA kernel errors might be..."). */
static int tb_add_continuation(tb_stream *s, const char *t, size_t n)
{
	gg_traceback *tb = tb_current(s);
	gg_buf b = { 0 };
	size_t have = strlen(tb->exc.detail);
	if (have + n + 1 > TB_MAX_MESSAGE)
		return 0;
	if (gg_buf_append(&b, tb->exc.detail, have) != 0 || gg_buf_append(&b, "\n", 1) != 0) {
		gg_buf_free(&b);
		return -ENOMEM;
	}
	char *piece = gg_text_dup(t, n, TB_MAX_MESSAGE);
	int rc = piece ? gg_buf_append(&b, piece, strlen(piece)) : -ENOMEM;
	free(piece);
	if (rc != 0) {
		gg_buf_free(&b);
		return rc;
	}
	free(tb->exc.detail);
	tb->exc.detail = gg_buf_take(&b);
	return tb->exc.detail ? 0 : -ENOMEM;
}

/*
 * "OutOfMemoryError      Traceback (most recent call last)": IPython's
 * header (no colon). Returns the length of the type it names, 0 when t is
 * no such header.
 */
static size_t tb_notebook_header_type(const char *t, size_t n)
{
	const char *h = gg_text_find(t, n, "Traceback (most recent call last)");
	if (!h || h == t || tb_ends_with(t, n, ":"))
		return 0;
	size_t k;
	const char *msg;
	size_t before = (size_t)(h - t);
	while (before && t[before - 1] == ' ')
		before--;
	return gg_tb_exception_line(t, before, &k, &msg) && k == before ? before : 0;
}

static bool tb_is_notebook_header(const char *t, size_t n)
{
	return tb_notebook_header_type(t, n) > 0;
}

static bool tb_is_plain_header(const char *t, size_t n)
{
	static const char header[] = "Traceback (most recent call last):";
	if (tb_ends_with(t, n, header))
		return true;
	/* A terminal's leftover glued after the colon ("...last):hs"): a few letters, no space. */
	const char *h = gg_text_find(t, n, header);
	if (!h || h != t)
		return false;
	const char *rest = h + sizeof header - 1, *end = t + n;
	if (end - rest > 8)
		return false;
	for (const char *p = rest; p < end; p++)
		if (*p == ' ' || *p == ':')
			return false;
	return true;
}

/* logging's stack_info=True block: the frames of where the log call was made. */
static bool tb_is_stack_header(const char *t, size_t n)
{
	return tb_ends_with(t, n, "Stack (most recent call last):");
}

/* rich's box drawing: "╭", "╰" and "│" (U+256D, U+2570, U+2502). */
#define TB_RICH_TOP "\xe2\x95\xad"
#define TB_RICH_BOTTOM "\xe2\x95\xb0"
#define TB_RICH_SIDE "\xe2\x94\x82"
#define TB_RICH_ARROW "\xe2\x9d\xb1" /* "❱", the line that ran */

/* "╭──── Traceback (most recent call last) ────╮" */
static bool tb_is_rich_header(const char *t, size_t n)
{
	return gg_text_starts(t, n, TB_RICH_TOP) && gg_text_find(t, n, "Traceback (most recent call last)");
}

static bool tb_is_header(const char *t, size_t n)
{
	return tb_is_plain_header(t, n) || tb_is_stack_header(t, n) || tb_is_notebook_header(t, n) ||
	       tb_is_rich_header(t, n);
}

static bool tb_is_chain_marker(const char *t, size_t n)
{
	return gg_text_starts(t, n, "During handling of the above exception") ||
	       gg_text_starts(t, n, "The above exception was the direct cause");
}

/*
 * A Markdown link in front of a frame's name, "[/path/x.py](https://...) in f":
 * returns the character after the link's closing parenthesis, else NULL.
 */
static const char *tb_link_end(const char *t, size_t n)
{
	if (n < 5 || t[0] != '[')
		return NULL;
	const char *close = memchr(t, ']', n);
	if (!close || close == t + 1 || close + 1 >= t + n || close[1] != '(')
		return NULL;
	const char *paren = memchr(close, ')', (size_t)(t + n - close));
	return paren ? paren + 1 : NULL;
}

/* Parses a notebook frame header. Returns 1 (f filled), or 0 when the line is none. */
static int tb_parse_notebook_header(const char *t, size_t n, gg_tb_frame *f)
{
	const char *end = t + n;
	const char *name = NULL, *func = "";
	size_t name_len = 0, func_len = 0;
	long line = 0;
	bool notebook = false;
	if (gg_text_starts(t, n, "Cell In[") || gg_text_starts(t, n, "Input In [")) {
		/* IPython 8: "Cell In[3], line 5" / "Cell In[3], line 5, in f(x)" / "Input In [3], in <cell line: 5>()" */
		const char *close = memchr(t, ']', n);
		if (!close)
			return 0;
		name = t;
		name_len = (size_t)(close + 1 - t);
		notebook = true;
		const char *p = close + 1;
		if (gg_text_starts(p, (size_t)(end - p), ", line ")) {
			p += 7;
			line = tb_number(&p, end);
		} else if (gg_text_starts(p, (size_t)(end - p), ", [line ")) {
			/* VS Code links the line: "Cell In[35], [line 1](vscode-notebook-cell:?execution_count=35&line=1)". */
			p += 8;
			line = tb_number(&p, end);
			if (p < end && *p == ']')
				p++;
			if (p < end && *p == '(') {
				const char *close_link = memchr(p, ')', (size_t)(end - p));
				p = close_link ? close_link + 1 : end;
			}
		}
		if (gg_text_starts(p, (size_t)(end - p), ", in ")) {
			func = p + 5;
			func_len = (size_t)(end - func);
		}
		const char *cl = gg_text_find(t, n, "<cell line: ");
		if (cl && line <= 0) {
			const char *q = cl + 12;
			line = tb_number(&q, end);
		}
	} else if (gg_text_starts(t, n, "File ")) {
		/* IPython 8: "File /path/x.py:123, in f(x)" */
		const char *in = gg_text_find(t, n, ", in ");
		const char *stop = in ? in : end;
		const char *colon = NULL;
		for (const char *p = t + 5; p < stop; p++)
			if (*p == ':' && p + 1 < stop && p[1] >= '0' && p[1] <= '9')
				colon = p;
		if (!colon)
			return 0;
		name = t + 5;
		name_len = (size_t)(colon - name);
		const char *p = colon + 1;
		line = tb_number(&p, end);
		if (in) {
			func = in + 5;
			func_len = (size_t)(end - func);
		}
	} else {
		/*
		 * Old IPython: "<ipython-input-3-abc> in <module>()" / "/path/x.py in f(x)";
		 * ipykernel 6 prints a module frame with no parentheses
		 * ("/tmp/ipykernel_7/123.py in <module>"), a function's with its
		 * arguments ("~/lib/x.py in run(self, data)").
		 */
		/*
		 * Colab links the file: "[/path/x.py](https://localhost:8080/#) in
		 * f(x)". The name is the bracketed text; " in " is looked for after
		 * the link, whose address may hold one.
		 */
		const char *link_end = tb_link_end(t, n);
		const char *in = gg_text_find(link_end ? link_end : t, link_end ? (size_t)(end - link_end) : n, " in ");
		if (!in)
			return 0;
		const char *fn = in + 4;
		size_t fn_len = (size_t)(end - fn);
		bool bare = fn_len > 2 && fn[0] == '<' && fn[fn_len - 1] == '>' && !memchr(fn, ' ', fn_len);
		if (!tb_ends_with(t, n, ")") && !bare)
			return 0;
		const char *nm = link_end ? t + 1 : t;
		size_t nm_len = link_end ? (size_t)(memchr(t, ']', n) ? (const char *)memchr(t, ']', n) - nm : 0) : (size_t)(in - t);
		bool cell = gg_text_starts(nm, nm_len, "<ipython-input-") || gg_text_find(nm, nm_len, "/ipython-input-");
		bool path = memchr(nm, '/', nm_len) || memchr(nm, '\\', nm_len);
		if (!cell && !path)
			return 0;
		name = nm;
		name_len = nm_len;
		func = in + 4;
		func_len = (size_t)(end - func);
		notebook = cell;
	}
	/* Keep the function's name, not its argument list: "f(x)" -> "f", "<cell line: 5>()" -> "<cell line: 5>". */
	const char *stop = func_len && func[0] == '<' ? memchr(func, '>', func_len) : memchr(func, '(', func_len);
	if (stop)
		func_len = (size_t)(stop - func) + (func[0] == '<');
	memset(f, 0, sizeof *f);
	f->filename = gg_text_dup(name, name_len, TB_MAX_NAME);
	f->function = gg_text_dup(func, func_len, TB_MAX_NAME);
	f->line = line > 0 ? (uint32_t)line : 0;
	f->notebook = notebook || tb_is_cell_name(name, name_len);
	return 1;
}

/* "----> 5     out = model(x)" (an arrow line: returns 1 with the number and code), "      4 x" (0), else -1. */
static int tb_parse_context_line(const char *t, size_t n, long *line, const char **code, size_t *code_len)
{
	const char *p = t, *end = t + n;
	bool arrow = false;
	while (p < end && *p == ' ')
		p++;
	if (p < end && *p == '-') {
		while (p < end && *p == '-')
			p++;
		if (p >= end || *p != '>')
			return -1;
		p++;
		arrow = true;
	}
	while (p < end && *p == ' ')
		p++;
	/* VS Code links the number: "----> [1](vscode-notebook-cell:?execution_count=35&line=1) trainer.train()". */
	bool linked = p < end && *p == '[';
	if (linked)
		p++;
	long v = tb_number(&p, end);
	if (linked) {
		if (v < 0 || p + 1 >= end || p[0] != ']' || p[1] != '(')
			return -1;
		const char *close = memchr(p, ')', (size_t)(end - p));
		if (!close)
			return -1;
		p = close + 1;
	}
	if (v < 0 || (p < end && *p != ' '))
		return -1;
	if (p < end)
		p++;
	size_t cl = (size_t)(end - p);
	*code = gg_text_trim(p, &cl);
	*code_len = cl;
	*line = v;
	return arrow ? 1 : 0;
}

static int tb_idle(gg_tbparse *p, tb_stream *s, const gg_log_line *l);

static int tb_after_exception(gg_tbparse *p, tb_stream *s, const gg_log_line *l)
{
	size_t tn = l->len;
	const char *t = gg_text_trim(l->text, &tn);
	if (tn == 0) {
		s->blank_after_exc = true;
		return 0;
	}
	if (tb_is_chain_marker(t, tn)) {
		s->chained = true;
		s->caused = gg_text_starts(t, tn, "The above exception was the direct cause");
		return 0;
	}
	if (s->chained || tb_is_header(t, tn))
		return tb_idle(p, s, l);
	size_t indent = gg_text_indent(l->text, l->len);
	bool separator = t[0] == '=' || (tn >= 3 && t[0] == '-' && t[1] == '-' && t[2] == '-');
	if (!s->blank_after_exc && s->continuation < TB_MAX_CONTINUATION && indent >= s->exc_indent && !separator) {
		s->continuation++;
		return tb_add_continuation(s, t, tn);
	}
	int rc = tb_stream_end(p, s);
	return rc ? rc : tb_idle(p, s, l);
}

static int tb_frames(gg_tbparse *p, tb_stream *s, const gg_log_line *l)
{
	size_t tn = l->len;
	const char *t = gg_text_trim(l->text, &tn);
	size_t indent = gg_text_indent(l->text, l->len);
	gg_tb_frame f;

	size_t etl;
	const char *emsg;
	if (s->wrapped.len > 0 && (gg_text_starts(t, tn, "File \"") || tb_is_header(t, tn) ||
				   (indent < s->file_indent && gg_tb_exception_line(t, tn, &etl, &emsg)))) {
		/* Not the rest of a wrapped line after all: a frame, a header or the exception follows. */
		s->wrapped.len = 0;
	}
	if (s->wrapped.len > 0) {
		/* The rest of a hard-wrapped "File" line: glue it on and try again. */
		if (gg_buf_append(&s->wrapped, l->text, l->len) != 0)
			return -ENOMEM;
		size_t wn = s->wrapped.len;
		const char *w = gg_text_trim(s->wrapped.data, &wn);
		int r = tb_parse_file_line(w, wn, &f);
		if (r == 1) {
			s->wrapped.len = 0;
			f.at = s->wrapped_at;
			return tb_add_frame(s, &f);
		}
		if (r == 0 && ++s->wrapped_lines < TB_MAX_WRAP)
			return 0;
		s->wrapped.len = 0;
		return 0;
	}
	if (tn == 0)
		return 0;
	if (tb_is_header(t, tn)) {
		int rc = tb_stream_end(p, s); /* a traceback cut short: a new one starts */
		return rc ? rc : tb_idle(p, s, l);
	}
	int r = tb_parse_file_line(t, tn, &f);
	if (r == 1) {
		f.at = tb_span(l);
		if (!s->have_file_indent) {
			s->file_indent = indent;
			s->have_file_indent = true;
		}
		return tb_add_frame(s, &f);
	}
	/* A line cut by the reader's bound (a path of a megabyte) is no hard-wrap: nothing of it follows. */
	if (r == 0 && !l->truncated) {
		s->wrapped_lines = 0;
		s->wrapped_at = tb_span(l);
		return gg_buf_append(&s->wrapped, t, tn);
	}
	if (!p->after_cut_file && tb_parse_headless_line(t, tn, &f) == 1) {
		/* A frame whose "File" head a hand-trimmed paste dropped: a frame all the same. */
		f.at = tb_span(l);
		if (!s->have_file_indent) {
			s->file_indent = indent;
			s->have_file_indent = true;
		}
		return tb_add_frame(s, &f);
	}
	if (tb_is_caret_line(t, tn) || gg_text_starts(t, tn, "[Previous line repeated") || (tn == 3 && memcmp(t, "...", 3) == 0))
		return 0;
	bool deeper = s->have_file_indent ? indent > s->file_indent : indent > 0;
	if (deeper && s->expect_code) {
		s->expect_code = false;
		gg_tb_frame *last = tb_last_frame(s);
		return last ? tb_set_code(s, last, t, tn) : 0;
	}
	size_t type_len;
	const char *msg;
	/* A paste that lost its indentation puts the exception line level with the frames. */
	bool shallower = s->have_file_indent ? indent <= s->file_indent : true;
	if (shallower && gg_tb_exception_line(t, tn, &type_len, &msg))
		return tb_set_exception(s, l, t, tn, type_len, msg);
	if (s->expect_code && indent == s->file_indent && s->have_file_indent) {
		/* ... and its code lines too: right after a frame, the line is that frame's code. */
		s->expect_code = false;
		gg_tb_frame *last = tb_last_frame(s);
		return last ? tb_set_code(s, last, t, tn) : 0;
	}
	if (!deeper && ++s->noise > TB_MAX_NOISE)
		return tb_stream_end(p, s);
	return 0;
}

static int tb_notebook(gg_tbparse *p, tb_stream *s, const gg_log_line *l)
{
	size_t tn = l->len;
	const char *t = gg_text_trim(l->text, &tn);
	if (tn == 0 || (tn == 3 && memcmp(t, "...", 3) == 0) || tb_is_caret_line(t, tn))
		return 0;
	if (tb_is_header(t, tn)) {
		int rc = tb_stream_end(p, s);
		return rc ? rc : tb_idle(p, s, l);
	}
	long line;
	const char *code;
	size_t code_len;
	int c = tb_parse_context_line(l->text, l->len, &line, &code, &code_len);
	if (c == 1) {
		gg_tb_frame *last = tb_last_frame(s);
		if (last) {
			if (last->line == 0)
				last->line = (uint32_t)line;
			return tb_set_code(s, last, code, code_len);
		}
		return 0;
	}
	if (c == 0)
		return 0;
	size_t indent = gg_text_indent(l->text, l->len);
	gg_tb_frame f;
	if (indent == 0 && tb_parse_notebook_header(t, tn, &f) == 1) {
		f.at = tb_span(l);
		return tb_add_frame(s, &f);
	}
	size_t type_len;
	const char *msg;
	if (indent == 0 && gg_tb_exception_line(t, tn, &type_len, &msg))
		return tb_set_exception(s, l, t, tn, type_len, msg);
	if (++s->noise > TB_MAX_NOISE)
		return tb_stream_end(p, s);
	return 0;
}

/*
 * pytest's reports. A failing test's section opens with a rule holding its
 * name ("_____ test_x[param] _____"); each entry of the traceback ends with
 * its location, "path.py:LINE: in func" (followed by the code line) or, for
 * the long entries that print the function's whole source, "path.py:LINE: "
 * after that source, whose ">" line is the one that ran; the exception is
 * printed on "E   " lines. Rules of '=' or '-' close the report (the short
 * summary and captured output follow).
 */
static bool tb_is_pytest_section(const char *t, size_t n)
{
	if (n < 8 || memcmp(t, "___", 3) != 0 || memcmp(t + n - 3, "___", 3) != 0)
		return false;
	size_t a = 0, b = n;
	while (a < n && t[a] == '_')
		a++;
	while (b > a && t[b - 1] == '_')
		b--;
	/* "_ _ _ _" separates entries: a name needs a space on each side and a letter. */
	if (b - a < 3 || t[a] != ' ' || t[b - 1] != ' ')
		return false;
	for (size_t i = a; i < b; i++)
		if ((t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z'))
			return true;
	return false;
}

static bool tb_is_rule(const char *t, size_t n, char c)
{
	if (n < 5)
		return false;
	for (size_t i = 0; i < 5; i++)
		if (t[i] != c)
			return false;
	return true;
}

/*
 * "path.py:LINE: in func", "path.py:LINE: " or "path.py:LINE: Error: msg"
 * (trimmed). Returns true with the path, the line and what follows ": ".
 */
static bool tb_parse_pytest_location(const char *t, size_t n, size_t *path_len, long *line, const char **rest,
				     size_t *rest_len)
{
	const char *end = t + n;
	for (const char *c = t; c < end; c++) {
		if (*c == ' ')
			return false; /* no spaces in the path: this is prose or a log line */
		if (*c != ':' || c + 1 >= end || c[1] < '0' || c[1] > '9')
			continue;
		const char *q = c + 1;
		long v = tb_number(&q, end);
		if (v <= 0 || q >= end || *q != ':' || (q + 1 < end && q[1] != ' '))
			continue;
		size_t pl = (size_t)(c - t);
		bool pathlike = (pl > 3 && memcmp(c - 3, ".py", 3) == 0) || memchr(t, '/', pl) || memchr(t, '\\', pl);
		if (!pathlike)
			return false;
		*path_len = pl;
		*line = v;
		const char *r = q + 1 < end ? q + 2 : end;
		*rest = r;
		*rest_len = (size_t)(end - r);
		return true;
	}
	return false;
}

/* "def name(...)" of a long entry's source: remembered as the function the location will name. */
static int tb_pytest_def(tb_stream *s, const char *t, size_t n)
{
	if (gg_text_starts(t, n, "async "))
		t += 6, n -= 6;
	if (!gg_text_starts(t, n, "def "))
		return 0;
	const char *name = t + 4, *end = t + n;
	const char *q = name;
	while (q < end && tb_is_ident_char(*q))
		q++;
	if (q == name || q >= end || *q != '(')
		return 0;
	s->pt_def.len = 0;
	return gg_buf_append(&s->pt_def, name, (size_t)(q - name));
}

static int tb_pytest_location(tb_stream *s, const gg_log_line *l, const char *t, size_t tn, size_t path_len, long line,
			      const char *rest, size_t rest_len)
{
	gg_tb_frame f;
	memset(&f, 0, sizeof f);
	bool short_entry = gg_text_starts(rest, rest_len, "in ");
	const char *func = short_entry ? rest + 3 : s->pt_def.data;
	size_t func_len = short_entry ? rest_len - 3 : s->pt_def.len;
	f.filename = gg_text_dup(t, path_len, TB_MAX_NAME);
	f.function = gg_text_dup(func ? func : "", func ? func_len : 0, TB_MAX_NAME);
	f.line = (uint32_t)line;
	f.at = tb_span(l);
	if (!short_entry && s->pt_code.len)
		f.code = gg_text_dup(s->pt_code.data, s->pt_code.len, TB_MAX_CODE);
	s->pt_def.len = 0;
	s->pt_code.len = 0;
	int rc = tb_add_frame(s, &f);
	if (rc)
		return rc;
	s->expect_code = short_entry;
	/* --tb=line: "path.py:12: RuntimeError: msg" is the whole report. */
	gg_traceback *tb = tb_current(s);
	size_t type_len;
	const char *msg;
	if (!short_entry && tb && !tb->has_exception && rest_len && gg_tb_exception_line(rest, rest_len, &type_len, &msg)) {
		rc = tb_set_exception(s, l, rest, rest_len, type_len, msg);
		s->state = TB_PYTEST;
	}
	(void)tn;
	return rc;
}

static int tb_pytest(gg_tbparse *p, tb_stream *s, const gg_log_line *l)
{
	size_t tn = l->len;
	const char *t = gg_text_trim(l->text, &tn);
	size_t indent = gg_text_indent(l->text, l->len);
	if (tn == 0)
		return 0;
	if (indent == 0 && t[0] == 'E' && (tn == 1 || t[1] == ' ')) {
		/* "E   RuntimeError: CUDA out of memory. ..." and its continuation lines. */
		size_t en = tn - 1;
		const char *e = gg_text_trim(t + 1, &en);
		gg_traceback *tb = tb_current(s);
		size_t type_len;
		const char *msg;
		if (!tb || en == 0)
			return 0;
		if (!tb->has_exception) {
			if (!gg_tb_exception_line(e, en, &type_len, &msg))
				return 0;
			int rc = tb_set_exception(s, l, e, en, type_len, msg);
			s->state = TB_PYTEST;
			s->continuation = 0;
			return rc;
		}
		if (s->continuation >= TB_MAX_CONTINUATION)
			return 0;
		s->continuation++;
		return tb_add_continuation(s, e, en);
	}
	if (tb_is_pytest_section(t, tn)) {
		int rc = tb_stream_end(p, s);
		return rc ? rc : tb_begin(p, s, l, TB_PYTEST);
	}
	if (tb_is_rule(t, tn, '=') || tb_is_rule(t, tn, '-') || tb_is_header(t, tn)) {
		int rc = tb_stream_end(p, s);
		return rc ? rc : tb_idle(p, s, l);
	}
	size_t path_len, rest_len;
	long line;
	const char *rest;
	if (indent == 0 && tb_parse_pytest_location(t, tn, &path_len, &line, &rest, &rest_len))
		return tb_pytest_location(s, l, t, tn, path_len, line, rest, rest_len);
	/* The line that ran, "> " + its source: the reader takes the ">" off as a quote mark, and says so. */
	bool marker = l->quotes > s->pt_quotes;
	if (marker || (indent == 0 && t[0] == '>' && (tn == 1 || t[1] == ' '))) {
		size_t cn = marker ? tn : tn - 1;
		const char *c = marker ? t : gg_text_trim(t + 1, &cn);
		s->pt_code.len = 0;
		s->expect_code = false;
		return gg_buf_append(&s->pt_code, c, cn < TB_MAX_CODE ? cn : TB_MAX_CODE);
	}
	if (indent > 0 && s->expect_code) {
		s->expect_code = false;
		gg_tb_frame *last = tb_last_frame(s);
		return last ? tb_set_code(s, last, t, tn) : 0;
	}
	if (indent > 0)
		return tb_pytest_def(s, t, tn); /* a long entry's source */
	if (++s->noise > TB_MAX_NOISE)
		return tb_stream_end(p, s);
	return 0;
}

/*
 * A rich box's frame line, its side bars taken off: "path:line in func", the
 * last " in " with ":digits" right before it. 1 with *f filled (caller owns
 * its strings), 0 when it is not one, -ENOMEM.
 */
static int tb_rich_frame(const char *t, size_t tn, gg_tb_frame *f)
{
	const char *in = NULL;
	for (const char *q = t; (q = gg_text_find(q, (size_t)(t + tn - q), " in ")); q++)
		in = q;
	if (!in)
		return 0;
	const char *colon = in;
	while (colon > t && colon[-1] >= '0' && colon[-1] <= '9')
		colon--;
	if (colon == in || colon == t || colon[-1] != ':')
		return 0;
	const char *num = colon;
	long line = tb_number(&num, in);
	memset(f, 0, sizeof *f);
	f->filename = gg_text_dup(t, (size_t)(colon - 1 - t), TB_MAX_NAME);
	f->function = gg_text_dup(in + 4, (size_t)(t + tn - in - 4), TB_MAX_NAME);
	f->line = line > 0 ? (uint32_t)line : 0;
	if (!f->filename || !f->function) {
		tb_frame_free(f);
		return -ENOMEM;
	}
	f->notebook = tb_is_cell_name(f->filename, strlen(f->filename));
	return 1;
}

/* The inside of a box line "│ ... │": its bars and padding taken off; NULL when t is not one. */
static const char *tb_rich_inside(const char *t, size_t tn, size_t *n)
{
	if (!gg_text_starts(t, tn, TB_RICH_SIDE))
		return NULL;
	t += 3;
	tn -= 3;
	if (tn >= 3 && memcmp(t + tn - 3, TB_RICH_SIDE, 3) == 0)
		tn -= 3;
	*n = tn;
	return gg_text_trim(t, n);
}

/*
 * A box pasted without its top edge: its first line is a frame
 * ("│ /path/x.py:91 in main │") whose path names a Python file, so that a
 * table's bars are never read as a traceback.
 */
static int tb_rich_headerless(const char *t, size_t tn, gg_tb_frame *f)
{
	size_t n;
	const char *in = tb_rich_inside(t, tn, &n);
	if (!in || !gg_text_find(in, n, ".py:"))
		return 0;
	int r = tb_rich_frame(in, n, f);
	if (r == 1 && !strstr(f->filename, ".py")) {
		tb_frame_free(f);
		return 0;
	}
	return r;
}

static int tb_idle(gg_tbparse *p, tb_stream *s, const gg_log_line *l)
{
	size_t tn = l->len;
	const char *t = gg_text_trim(l->text, &tn);
	if (tb_is_plain_header(t, tn))
		return tb_begin(p, s, l, TB_FRAMES);
	if (tb_is_rich_header(t, tn))
		return tb_begin(p, s, l, TB_RICH);
	if (tb_is_stack_header(t, tn)) {
		int rc = tb_begin(p, s, l, TB_FRAMES);
		if (rc == 0)
			tb_current(s)->stack = true;
		return rc;
	}
	size_t header_type = tb_notebook_header_type(t, tn);
	if (header_type) {
		int rc = tb_begin(p, s, l, TB_NOTEBOOK);
		if (rc)
			return rc;
		/* The type it names is what the exception is, should the paste end before its line. */
		gg_traceback *tb = tb_current(s);
		tb->header_type = strndup(t, header_type);
		return tb->header_type ? 0 : -ENOMEM;
	}
	gg_tb_frame rf;
	int rr = tb_rich_headerless(t, tn, &rf);
	if (rr < 0)
		return rr;
	if (rr == 1) {
		int rc = tb_begin(p, s, l, TB_RICH);
		if (rc) {
			tb_frame_free(&rf);
			return rc;
		}
		tb_current(s)->headerless = true;
		rf.at = tb_span(l);
		return tb_add_frame(s, &rf);
	}
	size_t indent = gg_text_indent(l->text, l->len);
	if (indent == 0 && tb_is_pytest_section(t, tn))
		return tb_begin(p, s, l, TB_PYTEST);
	size_t pt_path, pt_rest_len;
	long pt_line;
	const char *pt_rest;
	if (indent == 0 && tb_parse_pytest_location(t, tn, &pt_path, &pt_line, &pt_rest, &pt_rest_len) &&
	    gg_text_starts(pt_rest, pt_rest_len, "in ")) {
		/* A short report pasted without its section rule: its first entry opens it. */
		int rc = tb_begin(p, s, l, TB_PYTEST);
		if (rc)
			return rc;
		tb_current(s)->headerless = true;
		return tb_pytest_location(s, l, t, tn, pt_path, pt_line, pt_rest, pt_rest_len);
	}
	/*
	 * A paste that starts below its header: its first frame line opens the
	 * traceback ("Cell In[n]" for a notebook's).
	 */
	gg_tb_frame f;
	int r = tb_parse_file_line(t, tn, &f);
	/* IPython 8's library frames ("File /path/x.py:12, in f(x)") open one too: a paste often starts below the cell. */
	bool ipython_file = r != 1 && gg_text_starts(t, tn, "File ") && !gg_text_starts(t, tn, "File \"") &&
			    gg_text_find(t, tn, ", in ");
	/* ... and an older kernel's cell frame ("/tmp/ipykernel_7/123.py in <module>"): only a cell's name, never prose's " in ". */
	bool old_cell = r != 1 && gg_text_indent(l->text, l->len) == 0 && gg_text_find(t, tn, " in ") &&
			(gg_text_starts(t, tn, "<ipython-input-") || gg_text_find(t, tn, "/ipykernel_") ||
			 gg_text_find(t, tn, "\\ipykernel_"));
	/* ... and Colab's linked frame ("[/path/x.py](https://localhost:8080/#) in f(x)"). */
	bool linked = r != 1 && gg_text_indent(l->text, l->len) == 0 && tb_link_end(t, tn) &&
		      gg_text_find(tb_link_end(t, tn), (size_t)(t + tn - tb_link_end(t, tn)), " in ");
	if (r == 1 || ((gg_text_starts(t, tn, "Cell In[") || gg_text_starts(t, tn, "Input In [") || ipython_file || old_cell || linked) &&
		       tb_parse_notebook_header(t, tn, &f) == 1)) {
		int rc = tb_begin(p, s, l, r == 1 ? TB_FRAMES : TB_NOTEBOOK);
		if (rc) {
			tb_frame_free(&f);
			return rc;
		}
		tb_current(s)->headerless = true;
		f.at = tb_span(l);
		if (r == 1) {
			s->file_indent = gg_text_indent(l->text, l->len);
			s->have_file_indent = true;
		}
		return tb_add_frame(s, &f);
	}
	/*
	 * A frame line without its "File" head ("line 42, in evaluate"): a
	 * quoted or hand-trimmed fragment, or a paste that starts mid-frame.
	 */
	if (!p->after_cut_file && tb_parse_headless_line(t, tn, &f) == 1) {
		int rc = tb_begin(p, s, l, TB_FRAMES);
		if (rc) {
			tb_frame_free(&f);
			return rc;
		}
		tb_current(s)->headerless = true;
		s->headless_open = true;
		f.at = tb_span(l);
		s->file_indent = gg_text_indent(l->text, l->len);
		s->have_file_indent = true;
		return tb_add_frame(s, &f);
	}
	size_t type_len;
	const char *msg;
	if (tb_is_chain_marker(t, tn) && !s->chain && s->pending.len && s->pending_age <= 1) {
		/* "RuntimeError: CUDA out of memory..." then the marker: its traceback's frames were not pasted. */
		gg_log_line pl = s->pending_line;
		pl.text = s->pending.data;
		pl.len = s->pending.len;
		int rc = tb_begin(p, s, &pl, TB_FRAMES);
		if (rc == 0 && gg_tb_exception_line(pl.text, pl.len, &type_len, &msg))
			rc = tb_set_exception(s, &pl, pl.text, pl.len, type_len, msg);
		s->pending.len = 0;
		if (rc)
			return rc;
		s->chained = true;
		s->caused = gg_text_starts(t, tn, "The above exception was the direct cause");
		return 0;
	}
	if (tn > 0 && !s->chain && gg_tb_exception_line(t, tn, &type_len, &msg)) {
		s->pending.len = 0;
		s->pending_line = *l;
		s->pending_age = 0;
		return gg_buf_append(&s->pending, t, tn);
	}
	if (tn > 0)
		s->pending_age++;
	if (s->chained && tn > 0 && !tb_is_chain_marker(t, tn)) {
		/* A marker not followed by a traceback: the chain is over. */
		int rc = tb_stream_end(p, s);
		if (rc)
			return rc;
	}
	return 0;
}

/*
 * One line inside a rich box: "│ /path/x.py:341 in train │" is a frame,
 * "│ ❱ 341 │ code │" its line; the bottom edge ends the frames, and the
 * exception line follows at the margin, as after a plain traceback.
 */
static int tb_rich(gg_tbparse *p, tb_stream *s, const gg_log_line *l)
{
	size_t tn = l->len;
	const char *t = gg_text_trim(l->text, &tn);
	if (gg_text_starts(t, tn, TB_RICH_BOTTOM)) {
		s->state = TB_FRAMES;
		s->have_file_indent = true;
		s->file_indent = 1; /* the exception line comes at the margin */
		s->expect_code = false;
		return 0;
	}
	if (tb_is_header(t, tn) && !tb_is_rich_header(t, tn)) {
		int rc = tb_stream_end(p, s);
		return rc ? rc : tb_idle(p, s, l);
	}
	size_t type_len;
	const char *msg;
	if (!gg_text_starts(t, tn, TB_RICH_SIDE) && tb_current(s)->len && gg_tb_exception_line(t, tn, &type_len, &msg)) {
		/* A box cut before its bottom edge, its exception line pasted under it: the box is over. */
		s->state = TB_FRAMES;
		s->have_file_indent = true;
		s->file_indent = 1;
		s->expect_code = false;
		return tb_frames(p, s, l);
	}
	t = tb_rich_inside(t, tn, &tn);
	if (!t)
		return 0;
	if (gg_text_starts(t, tn, TB_RICH_ARROW)) {
		/* "❱ 341 │ │ cli()": the code is after the number's bar; rich's indent guides are bars too. */
		const char *bar = gg_text_find(t, tn, TB_RICH_SIDE);
		gg_tb_frame *last = tb_last_frame(s);
		if (!bar || !last || last->code)
			return 0;
		const char *c = bar, *end = t + tn;
		while (c < end && (gg_text_starts(c, (size_t)(end - c), TB_RICH_SIDE) || *c == ' '))
			c += *c == ' ' ? 1 : 3;
		return tb_set_code(s, last, c, (size_t)(end - c));
	}
	gg_tb_frame f;
	if (tb_rich_frame(t, tn, &f) != 1)
		return 0;
	f.at = tb_span(l);
	return tb_add_frame(s, &f);
}

static int tb_dispatch(gg_tbparse *p, tb_stream *s, const gg_log_line *l)
{
	switch (s->state) {
	case TB_RICH:
		return tb_rich(p, s, l);
	case TB_IDLE:
		return tb_idle(p, s, l);
	case TB_FRAMES:
		return tb_frames(p, s, l);
	case TB_NOTEBOOK:
		return tb_notebook(p, s, l);
	case TB_AFTER_EXC:
		return tb_after_exception(p, s, l);
	case TB_PYTEST:
		return tb_pytest(p, s, l);
	}
	return 0;
}

/* "+-+---------------- 1 ----------------", "+---------------- ... ----------------", "+------------------------------------". */
static bool tb_is_group_separator(const char *t, size_t n)
{
	if (n < 4 || t[0] != '+')
		return false;
	size_t dashes = 0;
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		if (c == '-')
			dashes++;
		else if (c != '+' && c != ' ' && c != '.' && !(c >= '0' && c <= '9'))
			return false;
	}
	return dashes >= 3;
}

/*
 * One line of a 3.11+ exception group, prefixed by "| " at its nesting
 * depth: the text after the prefix is an ordinary traceback line, fed to the
 * state machine as if printed alone. A separator ends one sub-exception; the
 * next traceback joins the chain (chained), and a sub-exception printed
 * without a traceback ("| ValueError: x") starts a frameless one.
 */
static int tb_group_line(gg_tbparse *p, tb_stream *s, const gg_log_line *l, const char *t)
{
	if (t[0] == '+') {
		s->group_sep = true;
		if (s->state != TB_IDLE && s->chain) {
			s->state = TB_AFTER_EXC;
			s->blank_after_exc = true;
			s->chained = true;
		}
		return 0;
	}
	/* After "|", one space; the rest keeps its own indentation. */
	const char *bar = l->text + (size_t)(t - l->text) + 1;
	const char *end = l->text + l->len;
	if (bar < end && *bar == ' ')
		bar++;
	gg_log_line inner = *l;
	inner.text = bar;
	inner.len = (size_t)(end - bar);
	size_t in = inner.len;
	const char *it = gg_text_trim(inner.text, &in);
	bool after_sep = s->group_sep;
	s->group_sep = false;
	/* Python's own elisions of large groups say nothing about the failure. */
	if ((gg_text_starts(it, in, "and ") && gg_text_find(it, in, "more exception")) ||
	    gg_text_starts(it, in, "... (max_group_depth"))
		return 0;
	size_t type_len;
	const char *msg;
	if (after_sep && in > 0 && !tb_is_plain_header(it, in) && gg_tb_exception_line(it, in, &type_len, &msg)) {
		int rc = tb_begin(p, s, &inner, TB_FRAMES);
		return rc ? rc : tb_set_exception(s, &inner, it, in, type_len, msg);
	}
	return tb_dispatch(p, s, &inner);
}

static int tb_line(gg_tbparse *p, const gg_log_line *l, int summary_rank);

int gg_tbparse_line(gg_tbparse *p, const gg_log_line *l, int summary_rank)
{
	size_t tn = l->len;
	const char *t = gg_text_trim(l->text, &tn);
	gg_tb_frame f;
	/* tb_parse_file_line allocates only when it returns 1. */
	int r = tb_file_line_start(t, tn) && !l->truncated ? tb_parse_file_line(t, tn, &f) : -1;
	if (r == 1)
		tb_frame_free(&f);
	int rc = tb_line(p, l, summary_rank);
	p->after_cut_file = r == 0;
	return rc;
}

/*
 * A rank's exception line ending frames printed without any prefix (a
 * test runner's report keeps the prefix on its "E" line only): when that
 * rank has no traceback open and the unprefixed stream waits in its frames
 * for its exception, the line is that traceback's end, and its rank the
 * traceback's. Returns the unprefixed stream, or NULL.
 */
static tb_stream *tb_rank_ends_plain(gg_tbparse *p, const gg_log_line *l)
{
	if (l->rank < 0)
		return NULL;
	tb_stream *plain = NULL;
	for (size_t i = 0; i < p->len; i++) {
		if (p->streams[i].rank == l->rank && p->streams[i].state != TB_IDLE)
			return NULL;
		if (p->streams[i].rank < 0)
			plain = &p->streams[i];
	}
	if (!plain || plain->state != TB_FRAMES || !plain->chain || plain->chain->len != 1 || plain->group)
		return NULL;
	size_t tn = l->len, type_len;
	const char *t = gg_text_trim(l->text, &tn), *msg;
	if (!gg_tb_exception_line(t, tn, &type_len, &msg))
		return NULL;
	plain->chain->rank = l->rank;
	return plain;
}

static int tb_line(gg_tbparse *p, const gg_log_line *l, int summary_rank)
{
	tb_stream *s = tb_rank_ends_plain(p, l);
	if (!s)
		s = tb_stream_for(p, l->rank);
	if (!s)
		return -ENOMEM;
	s->summary_rank = summary_rank;
	size_t tn = l->len;
	const char *t = gg_text_trim(l->text, &tn);
	/* "  + Exception Group Traceback (most recent call last):" opens a group; its "+ " goes. */
	if (tn > 2 && t[0] == '+' && t[1] == ' ' && tb_is_plain_header(t + 2, tn - 2)) {
		s->group = true;
		s->group_sep = false;
		gg_log_line inner = *l;
		inner.text = t + 2;
		inner.len = tn - 2;
		return tb_dispatch(p, s, &inner);
	}
	/*
	 * A traceback a report prints in a "| " gutter, as a group prints its
	 * members (a benchmark runner's summary of the exceptions it caught):
	 * read as a group's block, the gutter taken off.
	 */
	if (!s->group && tn > 2 && t[0] == '|' && t[1] == ' ') {
		size_t hn = tn - 2;
		const char *h = gg_text_trim(t + 2, &hn);
		if (tb_is_plain_header(h, hn)) {
			s->group = true;
			s->group_sep = false;
		}
	}
	if (s->group) {
		if (tn > 0 && (t[0] == '|' || tb_is_group_separator(t, tn)))
			return tb_group_line(p, s, l, t);
		/* The group's block is over: what follows is read as after any exception. */
		s->group = false;
		s->group_sep = false;
		if (s->state != TB_IDLE) {
			s->state = TB_AFTER_EXC;
			s->blank_after_exc = true;
			s->chained = false;
			s->caused = false;
		}
	}
	return tb_dispatch(p, s, l);
}

int gg_tbparse_finish(gg_tbparse *p)
{
	for (size_t i = 0; i < p->len; i++) {
		int rc = tb_stream_end(p, &p->streams[i]);
		if (rc)
			return rc;
	}
	return 0;
}
