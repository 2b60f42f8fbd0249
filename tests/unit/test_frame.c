#include "frame.h"

#include "check.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Events as the callback saw them; bodies are copied because they are borrowed. */
typedef struct event {
	gg_frame_event ev;
	char *body; /* owned; NULL for TOO_LARGE and TRUNCATED */
	size_t len;
	/* TOO_LARGE: the SKIPPED pieces that followed it are folded in here. */
	size_t skipped;     /* their bytes */
	unsigned long sum;  /* a checksum of those bytes, in order */
	bool ended;         /* SKIPPED_END came, with len equal to this event's */
} event;

typedef struct recorder {
	event *ev;
	size_t count, cap;
	size_t max_buf_cap; /* largest reader buffer seen from inside a callback */
	gg_frame_reader *reader;
} recorder;

static unsigned long sum_bytes(unsigned long sum, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sum = sum * 31 + (unsigned char)p[i];
	return sum;
}

static void record(void *ctx, gg_frame_event ev, const char *body, size_t len)
{
	recorder *rec = ctx;

	if (ev == GG_FRAME_SKIPPED || ev == GG_FRAME_SKIPPED_END) {
		event *last = rec->count ? &rec->ev[rec->count - 1] : NULL;
		CHECK(last && last->ev == GG_FRAME_TOO_LARGE && !last->ended);
		if (!last)
			return;
		if (ev == GG_FRAME_SKIPPED) {
			CHECK(body != NULL && len > 0);
			last->skipped += len;
			last->sum = sum_bytes(last->sum, body, len);
		} else {
			CHECK(body == NULL);
			CHECK_EQ_SIZE(len, last->len);
			CHECK_EQ_SIZE(last->skipped, last->len);
			last->ended = true;
		}
		return;
	}
	if (rec->count == rec->cap) {
		size_t cap = rec->cap ? rec->cap * 2 : 16;
		event *p = realloc(rec->ev, cap * sizeof *p);
		if (!p)
			abort();
		rec->ev = p;
		rec->cap = cap;
	}
	event *e = &rec->ev[rec->count++];
	e->ev = ev;
	e->len = len;
	e->body = NULL;
	e->skipped = 0;
	e->sum = 0;
	e->ended = false;
	if (ev != GG_FRAME_TOO_LARGE && ev != GG_FRAME_TRUNCATED) {
		CHECK(body != NULL);
		e->body = malloc(len + 1);
		if (!e->body)
			abort();
		if (len)
			memcpy(e->body, body, len);
		e->body[len] = '\0';
	} else {
		CHECK(body == NULL);
	}
}

static void rec_clear(recorder *rec)
{
	for (size_t i = 0; i < rec->count; i++)
		free(rec->ev[i].body);
	free(rec->ev);
	memset(rec, 0, sizeof *rec);
}

static int push(gg_frame_reader *r, recorder *rec, const char *data, size_t len)
{
	return gg_frame_reader_push(r, data, len, record, rec);
}

static int push_str(gg_frame_reader *r, recorder *rec, const char *s)
{
	return push(r, rec, s, strlen(s));
}

#define CHECK_EVENT(rec, i, kind, text)                                    \
	do {                                                               \
		CHECK((rec)->count > (i));                                 \
		if ((rec)->count > (i)) {                                  \
			CHECK_EQ_INT((rec)->ev[i].ev, (kind));             \
			CHECK_MEM((rec)->ev[i].body, (rec)->ev[i].len, (text)); \
		}                                                          \
	} while (0)

static void test_single(void)
{
	gg_frame_reader r;
	recorder rec = { 0 };

	gg_frame_reader_init(&r, 0);
	CHECK_EQ_SIZE(r.max_message, GG_FRAME_DEFAULT_MAX_MESSAGE);
	CHECK_EQ_INT(push_str(&r, &rec, "Content-Length: 7\r\n\r\n{\"a\":1}"), 0);
	CHECK_EQ_SIZE(rec.count, 1);
	CHECK_EVENT(&rec, 0, GG_FRAME_MESSAGE, "{\"a\":1}");
	gg_frame_reader_free(&r);
	rec_clear(&rec);
}

/* Two messages with different header styles; the expected bodies. */
static const char two_stream[] =
	"Content-Length: 17\r\n\r\n{\"id\":1,\"x\":\"\xC3\xA9\"}"
	"content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:2\r\n\r\n{}";
static const char two_body0[] = "{\"id\":1,\"x\":\"\xC3\xA9\"}";

static void check_two(const recorder *rec)
{
	CHECK_EQ_SIZE(rec->count, 2);
	CHECK_EVENT(rec, 0, GG_FRAME_MESSAGE, two_body0);
	CHECK_EVENT(rec, 1, GG_FRAME_MESSAGE, "{}");
}

static void test_every_split(void)
{
	const size_t n = sizeof two_stream - 1;

	CHECK_EQ_SIZE(strlen(two_body0), 17);
	for (size_t cut = 0; cut <= n; cut++) {
		gg_frame_reader r;
		recorder rec = { 0 };
		gg_frame_reader_init(&r, 0);
		CHECK_EQ_INT(push(&r, &rec, two_stream, cut), 0);
		CHECK_EQ_INT(push(&r, &rec, two_stream + cut, n - cut), 0);
		check_two(&rec);
		gg_frame_reader_free(&r);
		rec_clear(&rec);
	}
	/* Three pieces, every pair of cut points. */
	int bad = 0;
	for (size_t a = 0; a <= n; a++) {
		for (size_t b = a; b <= n; b++) {
			gg_frame_reader r;
			recorder rec = { 0 };
			gg_frame_reader_init(&r, 0);
			push(&r, &rec, two_stream, a);
			push(&r, &rec, two_stream + a, b - a);
			push(&r, &rec, two_stream + b, n - b);
			if (rec.count != 2 || rec.ev[0].len != 17 || memcmp(rec.ev[0].body, two_body0, 17) != 0 ||
			    rec.ev[1].len != 2 || memcmp(rec.ev[1].body, "{}", 2) != 0)
				bad++;
			gg_frame_reader_free(&r);
			rec_clear(&rec);
		}
	}
	CHECK_EQ_INT(bad, 0);
	/* One byte at a time. */
	gg_frame_reader r;
	recorder rec = { 0 };
	gg_frame_reader_init(&r, 0);
	for (size_t i = 0; i < n; i++)
		push(&r, &rec, two_stream + i, 1);
	check_two(&rec);
	gg_frame_reader_free(&r);
	rec_clear(&rec);
}

static void test_many_in_one_push(void)
{
	const int count = 1000;
	char *stream = malloc((size_t)count * 64);
	size_t len = 0;
	gg_frame_reader r;
	recorder rec = { 0 };
	int bad = 0;

	CHECK(stream != NULL);
	if (!stream)
		return;
	for (int i = 0; i < count; i++) {
		char body[32];
		int b = snprintf(body, sizeof body, "{\"id\":%d}", i);
		len += (size_t)sprintf(stream + len, "Content-Length: %d\r\n\r\n%s", b, body);
	}
	gg_frame_reader_init(&r, 0);
	CHECK_EQ_INT(push(&r, &rec, stream, len), 0);
	CHECK_EQ_SIZE(rec.count, (size_t)count);
	for (size_t i = 0; i < rec.count; i++) {
		char body[32];
		snprintf(body, sizeof body, "{\"id\":%zu}", i);
		if (rec.ev[i].ev != GG_FRAME_MESSAGE || strcmp(rec.ev[i].body, body) != 0)
			bad++;
	}
	CHECK_EQ_INT(bad, 0);
	/* Bodies delivered straight from the input leave nothing buffered. */
	CHECK_EQ_SIZE(r.buf_len, 0);
	gg_frame_reader_free(&r);
	rec_clear(&rec);
	free(stream);
}

static void test_header_variants(void)
{
	static const char *const streams[] = {
		"Content-Length: 2\r\n\r\n{}",
		"content-length: 2\r\n\r\n{}",
		"CONTENT-LENGTH: 2\r\n\r\n{}",
		"CoNtEnT-lEnGtH:2\r\n\r\n{}",
		"Content-Length:\t 2 \t\r\n\r\n{}",
		"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}",
		"Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}",
		"Content-Length: 2\nContent-Type: x\n\n{}",          /* bare "\n" line ends */
		"Content-Length: 2\r\nContent-Type: x\n\r\n{}",      /* mixed */
		"X-Custom: whatever\r\nContent-Length: 2\r\n\r\n{}", /* unknown headers are ignored */
		"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}",  /* a repeat that agrees */
		"\r\n\r\n\nContent-Length: 2\r\n\r\n{}",             /* stray blank lines before a block */
		"Content-Length: 0002\r\n\r\n{}",
	};

	for (size_t i = 0; i < sizeof streams / sizeof streams[0]; i++) {
		gg_frame_reader r;
		recorder rec = { 0 };
		gg_frame_reader_init(&r, 0);
		CHECK_EQ_INT(push_str(&r, &rec, streams[i]), 0);
		if (rec.count != 1)
			fprintf(stderr, "  stream %zu gave %zu events\n", i, rec.count);
		CHECK_EQ_SIZE(rec.count, 1);
		CHECK_EVENT(&rec, 0, GG_FRAME_MESSAGE, "{}");
		gg_frame_reader_free(&r);
		rec_clear(&rec);
	}
}

static void test_empty_body(void)
{
	gg_frame_reader r;
	recorder rec = { 0 };

	gg_frame_reader_init(&r, 0);
	/* Delivered as soon as the blank line arrives, without waiting for more bytes. */
	push_str(&r, &rec, "Content-Length: 0\r\n\r\n");
	CHECK_EQ_SIZE(rec.count, 1);
	CHECK_EVENT(&rec, 0, GG_FRAME_MESSAGE, "");
	push_str(&r, &rec, "Content-Length: 1\r\n\r\nx");
	CHECK_EQ_SIZE(rec.count, 2);
	CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "x");
	gg_frame_reader_free(&r);
	rec_clear(&rec);
}

static void test_limit_boundary(void)
{
	gg_frame_reader r;
	recorder rec = { 0 };

	gg_frame_reader_init(&r, 4);
	push_str(&r, &rec, "Content-Length: 4\r\n\r\nabcdContent-Length: 5\r\n\r\nabcdeContent-Length: 1\r\n\r\nz");
	CHECK_EQ_SIZE(rec.count, 3);
	CHECK_EVENT(&rec, 0, GG_FRAME_MESSAGE, "abcd");
	CHECK(rec.count > 1 && rec.ev[1].ev == GG_FRAME_TOO_LARGE && rec.ev[1].len == 5);
	/* The skipped body still passes by, piece by piece, for the owner to peek at. */
	CHECK(rec.count > 1 && rec.ev[1].ended && rec.ev[1].sum == sum_bytes(0, "abcde", 5));
	CHECK_EVENT(&rec, 2, GG_FRAME_MESSAGE, "z");
	gg_frame_reader_free(&r);
	rec_clear(&rec);
}

static void test_oversized_streamed(void)
{
	const size_t body = (size_t)10 << 20, piece = 4096;
	char *chunk = malloc(piece);
	gg_frame_reader r;
	recorder rec = { 0 };
	char head[64];
	size_t max_cap = 0;
	int errs = 0;

	CHECK(chunk != NULL);
	if (!chunk)
		return;
	/* Body bytes that look like headers must not confuse the skip. */
	for (size_t i = 0; i < piece; i++)
		chunk[i] = "Content-Length: 1\r\n\r\n"[i % 21];
	gg_frame_reader_init(&r, (size_t)1 << 20);
	snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", body);
	push_str(&r, &rec, head);
	CHECK_EQ_SIZE(rec.count, 1);
	CHECK(rec.count == 1 && rec.ev[0].ev == GG_FRAME_TOO_LARGE && rec.ev[0].len == body);
	for (size_t sent = 0; sent < body; sent += piece) {
		if (push(&r, &rec, chunk, piece) != 0)
			errs++;
		if (r.buf_cap > max_cap)
			max_cap = r.buf_cap;
	}
	CHECK_EQ_INT(errs, 0);
	CHECK_EQ_SIZE(rec.count, 1); /* the event came once */
	CHECK(rec.count == 1 && rec.ev[0].ended && rec.ev[0].skipped == body);
	/* Nothing of the body was held: the buffer never grew past a header line. */
	CHECK(max_cap <= GG_FRAME_MAX_HEADER_LINE + 1);
	push_str(&r, &rec, "Content-Length: 2\r\n\r\n{}");
	CHECK_EQ_SIZE(rec.count, 2);
	CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "{}");
	gg_frame_reader_free(&r);
	rec_clear(&rec);
	free(chunk);

	/* With the default limit, a huge declared length is refused before any body byte arrives. */
	gg_frame_reader_init(&r, 0);
	push_str(&r, &rec, "Content-Length: 18446744073709551615\r\n\r\n");
	CHECK_EQ_SIZE(rec.count, 1);
	CHECK(rec.count == 1 && rec.ev[0].ev == GG_FRAME_TOO_LARGE && rec.ev[0].len == SIZE_MAX);
	CHECK(r.buf_cap <= GG_FRAME_MAX_HEADER_LINE + 1);
	gg_frame_reader_free(&r);
	rec_clear(&rec);
}

static void test_large_body_released(void)
{
	const size_t body = (size_t)1 << 20, piece = 1000;
	char *data = malloc(body);
	gg_frame_reader r;
	recorder rec = { 0 };
	char head[64];

	CHECK(data != NULL);
	if (!data)
		return;
	memset(data, 'x', body);
	gg_frame_reader_init(&r, 0);
	snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", body);
	push_str(&r, &rec, head);
	for (size_t sent = 0; sent < body; sent += piece)
		push(&r, &rec, data + sent, body - sent < piece ? body - sent : piece);
	CHECK_EQ_SIZE(rec.count, 1);
	CHECK(rec.count == 1 && rec.ev[0].len == body && memcmp(rec.ev[0].body, data, body) == 0);
	/* One large message does not pin its buffer for the life of the session. */
	CHECK(r.buf_cap <= ((size_t)64 << 10));
	gg_frame_reader_free(&r);
	rec_clear(&rec);
	free(data);
}

/* A malformed block followed by its body (no line end) and then a good message. */
static void check_bad_then_good(const char *bad, const char *expect_text)
{
	gg_frame_reader r;
	recorder rec = { 0 };
	size_t n = strlen(bad);

	gg_frame_reader_init(&r, 0);
	CHECK_EQ_INT(push_str(&r, &rec, bad), 0);
	CHECK_EQ_INT(push_str(&r, &rec, "Content-Length: 2\r\n\r\n{}"), 0);
	if (rec.count != 2)
		fprintf(stderr, "  input \"%s\" gave %zu events\n", bad, rec.count);
	CHECK_EQ_SIZE(rec.count, 2);
	CHECK_EVENT(&rec, 0, GG_FRAME_BAD_HEADER, expect_text);
	CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "{}");
	gg_frame_reader_free(&r);
	rec_clear(&rec);

	/* The same, with the whole stream cut at every byte. */
	char *all = malloc(n + 32);
	int bad_splits = 0;
	if (!all)
		abort();
	memcpy(all, bad, n);
	memcpy(all + n, "Content-Length: 2\r\n\r\n{}", 24);
	for (size_t cut = 0; cut <= n + 24; cut++) {
		gg_frame_reader_init(&r, 0);
		push(&r, &rec, all, cut);
		push(&r, &rec, all + cut, n + 24 - cut);
		if (rec.count != 2 || rec.ev[0].ev != GG_FRAME_BAD_HEADER || rec.ev[1].ev != GG_FRAME_MESSAGE ||
		    strcmp(rec.ev[1].body, "{}") != 0)
			bad_splits++;
		gg_frame_reader_free(&r);
		rec_clear(&rec);
	}
	CHECK_EQ_INT(bad_splits, 0);
	free(all);
}

static void test_bad_headers(void)
{
	check_bad_then_good("garbage without a colon\r\n", "garbage without a colon");
	check_bad_then_good("Content-Length: abc\r\n\r\n{\"x\":1}", "Content-Length: abc");
	check_bad_then_good("Content-Length: -5\r\n\r\nhello", "Content-Length: -5");
	check_bad_then_good("Content-Length: +5\r\n\r\nhello", "Content-Length: +5");
	check_bad_then_good("Content-Length: 12abc\r\n\r\nhello", "Content-Length: 12abc");
	check_bad_then_good("Content-Length: 1 2\r\n\r\nhello", "Content-Length: 1 2");
	check_bad_then_good("Content-Length:\r\n\r\nhello", "Content-Length:");
	check_bad_then_good("Content-Length: 99999999999999999999999\r\n\r\nhello",
			    "Content-Length: 99999999999999999999999");
	check_bad_then_good("Content-Length: 18446744073709551616\r\n\r\nhello", "Content-Length: 18446744073709551616");
	check_bad_then_good("Content-Type: text/plain\r\n\r\n{\"no\":\"length\"}", "missing Content-Length");
	check_bad_then_good("X-Other: 1\r\n\r\nbody", "missing Content-Length");
	check_bad_then_good("Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello", "Content-Length: 6");
	/* One damaged block gives one event, even when its later lines look like headers. */
	check_bad_then_good("Content-Length: x\r\nContent-Type: a\r\n\r\n{\"a\":1}", "Content-Length: x");
	/* A log line that happens to parse as a header, then lines that do not. */
	check_bad_then_good("oops: not json\r\nmore junk\r\n{}\r\n", "more junk");
	check_bad_then_good("junk\nmore junk\n", "junk");
}

static void test_bad_then_good_again(void)
{
	gg_frame_reader r;
	recorder rec = { 0 };

	/* After recovery a new malformed header is reported again. */
	gg_frame_reader_init(&r, 0);
	push_str(&r, &rec, "bad1\r\nContent-Length: 1\r\n\r\nabad2\r\nContent-Length: 1\r\n\r\nb");
	CHECK_EQ_SIZE(rec.count, 4);
	CHECK_EVENT(&rec, 0, GG_FRAME_BAD_HEADER, "bad1");
	CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "a");
	CHECK_EVENT(&rec, 2, GG_FRAME_BAD_HEADER, "bad2");
	CHECK_EVENT(&rec, 3, GG_FRAME_MESSAGE, "b");
	gg_frame_reader_free(&r);
	rec_clear(&rec);

	/* Resync on Content-Type as well, in any case; the block it starts is read in full. */
	gg_frame_reader_init(&r, 0);
	push_str(&r, &rec, "???\r\nxx cONTENT-tYPE: y\r\nContent-Length: 3\r\n\r\nabc");
	CHECK_EQ_SIZE(rec.count, 2);
	CHECK_EVENT(&rec, 0, GG_FRAME_BAD_HEADER, "???");
	CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "abc");
	gg_frame_reader_free(&r);
	rec_clear(&rec);

	/* A partial token ("Content-Le") followed by a restart must still match. */
	gg_frame_reader_init(&r, 0);
	push_str(&r, &rec, "?\nContent-LeContent-Length: 1\r\n\r\nq");
	CHECK_EQ_SIZE(rec.count, 2);
	CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "q");
	gg_frame_reader_free(&r);
	rec_clear(&rec);
}

static void test_header_line_limit(void)
{
	const size_t max = GG_FRAME_MAX_HEADER_LINE;
	char *line = malloc(max + 64);
	gg_frame_reader r;
	recorder rec = { 0 };

	if (!line)
		abort();
	/* Exactly at the limit: accepted ("X-Pad" is an unknown header, ignored). */
	memcpy(line, "X-Pad: ", 7);
	memset(line + 7, 'p', max - 7);
	memcpy(line + max, "\r\n", 3);
	for (int piecewise = 0; piecewise < 2; piecewise++) {
		gg_frame_reader_init(&r, 0);
		if (piecewise) {
			for (size_t i = 0; i < max + 2; i += 100)
				push(&r, &rec, line + i, max + 2 - i < 100 ? max + 2 - i : 100);
		} else {
			push_str(&r, &rec, line);
		}
		push_str(&r, &rec, "Content-Length: 2\r\n\r\n{}");
		CHECK_EQ_SIZE(rec.count, 1);
		CHECK_EVENT(&rec, 0, GG_FRAME_MESSAGE, "{}");
		gg_frame_reader_free(&r);
		rec_clear(&rec);
	}

	/* One byte more: rejected with the first GG_FRAME_MAX_HEADER_LINE bytes, then resync. */
	memset(line + 7, 'p', max - 6);
	memcpy(line + max + 1, "\r\n", 3);
	for (int piecewise = 0; piecewise < 3; piecewise++) {
		size_t cap = 0;
		gg_frame_reader_init(&r, 0);
		if (piecewise == 1) {
			for (size_t i = 0; i < max + 3; i++) {
				push(&r, &rec, line + i, 1);
				cap = r.buf_cap > cap ? r.buf_cap : cap;
			}
		} else if (piecewise == 2) {
			push(&r, &rec, line, max + 1);
			push_str(&r, &rec, line + max + 1);
		} else {
			push_str(&r, &rec, line);
		}
		CHECK(cap <= max + 1);
		push_str(&r, &rec, "Content-Length: 2\r\n\r\n{}");
		CHECK_EQ_SIZE(rec.count, 2);
		CHECK(rec.count == 2 && rec.ev[0].ev == GG_FRAME_BAD_HEADER && rec.ev[0].len == max &&
		      memcmp(rec.ev[0].body, line, max) == 0);
		CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "{}");
		gg_frame_reader_free(&r);
		rec_clear(&rec);
	}
	free(line);

	/* An endless line without a line end is never buffered past the limit. */
	char junk[1000];
	size_t cap = 0;
	memset(junk, 'j', sizeof junk);
	gg_frame_reader_init(&r, 0);
	for (int i = 0; i < 10000; i++) {
		push(&r, &rec, junk, sizeof junk);
		cap = r.buf_cap > cap ? r.buf_cap : cap;
	}
	CHECK(cap <= GG_FRAME_MAX_HEADER_LINE + 1);
	CHECK_EQ_SIZE(rec.count, 1);
	CHECK(rec.count == 1 && rec.ev[0].ev == GG_FRAME_BAD_HEADER);
	push_str(&r, &rec, "Content-Length: 2\r\n\r\n{}");
	CHECK_EQ_SIZE(rec.count, 2);
	CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "{}");
	gg_frame_reader_free(&r);
	rec_clear(&rec);
}

static void test_encode(void)
{
	size_t n = 0;
	char *out = gg_frame_encode("{\"a\":1}", 7, &n);
	gg_frame_reader r;
	recorder rec = { 0 };

	CHECK(out != NULL);
	if (!out)
		return;
	CHECK_MEM(out, n, "Content-Length: 7\r\n\r\n{\"a\":1}");
	CHECK(out[n] == '\0');
	gg_frame_reader_init(&r, 0);
	push(&r, &rec, out, n);
	push(&r, &rec, out, n);
	CHECK_EQ_SIZE(rec.count, 2);
	CHECK_EVENT(&rec, 0, GG_FRAME_MESSAGE, "{\"a\":1}");
	CHECK_EVENT(&rec, 1, GG_FRAME_MESSAGE, "{\"a\":1}");
	gg_frame_reader_free(&r);
	rec_clear(&rec);
	free(out);

	out = gg_frame_encode(NULL, 0, &n);
	CHECK(out != NULL);
	if (out)
		CHECK_MEM(out, n, "Content-Length: 0\r\n\r\n");
	free(out);

	/* Byte-exact for bodies with NUL and non-ASCII bytes. */
	out = gg_frame_encode("a\0\xC3\xA9", 4, &n);
	CHECK(out != NULL && n == 25 && memcmp(out + 21, "a\0\xC3\xA9", 4) == 0);
	free(out);
}

/*
 * Random bodies (with line ends and header-like text inside), random header
 * spellings and random piece sizes: every body comes out intact and in order.
 */
static void test_random_streams(void)
{
	static const char *const heads[] = {
		"Content-Length: %zu\r\n\r\n",
		"content-length:%zu\r\n\r\n",
		"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH: %zu\r\n\r\n",
		"Content-Length: %zu\nContent-Type: x\n\n",
	};
	static const char alphabet[] = "{}[]\":,\r\nContent-Length: 12abc\xC3\xA9";
	const size_t count = 300;
	unsigned seed = 99;
	char *stream = malloc(count * 700);
	size_t *lens = malloc(count * sizeof *lens);
	size_t *offs = malloc(count * sizeof *offs);
	size_t len = 0;
	int bad = 0;

	if (!stream || !lens || !offs)
		abort();
	for (size_t i = 0; i < count; i++) {
		seed = seed * 1103515245u + 12345u;
		size_t blen = (seed >> 8) % 500;
		len += (size_t)sprintf(stream + len, heads[(seed >> 20) % 4], blen);
		offs[i] = len;
		lens[i] = blen;
		for (size_t k = 0; k < blen; k++) {
			seed = seed * 1103515245u + 12345u;
			stream[len++] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
		}
	}
	for (int round = 0; round < 20; round++) {
		gg_frame_reader r;
		recorder rec = { 0 };
		/* A limit that some bodies exceed in half of the rounds. */
		size_t limit = round % 2 ? 250 : 0;
		gg_frame_reader_init(&r, limit);
		for (size_t sent = 0; sent < len;) {
			seed = seed * 1103515245u + 12345u;
			size_t n = 1 + (seed >> 16) % 300;
			if (n > len - sent)
				n = len - sent;
			push(&r, &rec, stream + sent, n);
			sent += n;
		}
		if (rec.count != count) {
			bad++;
		} else {
			for (size_t i = 0; i < count; i++) {
				const event *e = &rec.ev[i];
				if (limit && lens[i] > limit) {
					if (e->ev != GG_FRAME_TOO_LARGE || e->len != lens[i] || !e->ended ||
					    e->sum != sum_bytes(0, stream + offs[i], lens[i]))
						bad++;
				} else if (e->ev != GG_FRAME_MESSAGE || e->len != lens[i] ||
					   memcmp(e->body, stream + offs[i], lens[i]) != 0) {
					bad++;
				}
			}
		}
		gg_frame_reader_free(&r);
		rec_clear(&rec);
	}
	CHECK_EQ_INT(bad, 0);
	free(stream);
	free(lens);
	free(offs);
}

/* The end of input: inside a header, a body or a skipped body it is reported once; between messages never. */
static void test_finish(void)
{
	static const struct {
		const char *input;
		size_t limit;
		bool truncated;
		size_t body; /* body bytes the TRUNCATED event reports */
	} cases[] = {
		{ "", 0, false, 0 },
		{ "Content-Length: 2\r\n\r\n{}", 0, false, 0 },
		{ "Content-Length: 2\r\n\r\n{}\r\n\r\n", 0, false, 0 },
		{ "Content-Length: 2\r\n\r\n{}\r", 0, false, 0 },
		{ "Cont", 0, true, 0 },
		{ "Content-Length: 2\r\n", 0, true, 0 },
		{ "Content-Length: 9\r\n\r\n{\"a\"", 0, true, 4 },
		{ "Content-Length: 9\r\n\r\n{\"a\"", 5, true, 4 },
		{ "junk\r\nmore junk", 0, false, 0 }, /* reported as a bad header, not again */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gg_frame_reader r;
		recorder rec = { 0 };
		gg_frame_reader_init(&r, cases[i].limit);
		push_str(&r, &rec, cases[i].input);
		size_t before = rec.count;
		gg_frame_reader_finish(&r, record, &rec);
		CHECK_EQ_SIZE(rec.count - before, cases[i].truncated ? 1 : 0);
		if (cases[i].truncated && rec.count > before) {
			CHECK_EQ_INT(rec.ev[before].ev, GG_FRAME_TRUNCATED);
			CHECK_EQ_SIZE(rec.ev[before].len, cases[i].body);
		}
		/* The reader starts afresh: the next message is read whole. */
		push_str(&r, &rec, "Content-Length: 2\r\n\r\n[]");
		CHECK_EVENT(&rec, rec.count - 1, GG_FRAME_MESSAGE, "[]");
		gg_frame_reader_free(&r);
		rec_clear(&rec);
	}
}

int main(void)
{
	test_single();
	test_every_split();
	test_many_in_one_push();
	test_header_variants();
	test_empty_body();
	test_limit_boundary();
	test_oversized_streamed();
	test_large_body_released();
	test_bad_headers();
	test_bad_then_good_again();
	test_header_line_limit();
	test_encode();
	test_random_streams();
	test_finish();
	return check_report();
}
