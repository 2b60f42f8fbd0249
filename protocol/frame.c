#include "frame.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * States of the reader. HEADER_START waits for the first header line of a
 * block (blank lines there are skipped, so stray line ends between messages
 * are harmless); HEADER is inside a block; BODY collects a body in buf; SKIP
 * discards an oversized body; RESYNC discards bytes after a malformed header
 * until "Content-Length:" or "Content-Type:" appears, holding only the
 * partial match (at most 15 bytes) in buf.
 *
 * RECOVERING is a flag on top of the state: set by a malformed header, it
 * silences further BAD_HEADER events until a frame is recognised again, so
 * that one damaged message gives one event however its remains resync.
 */
enum {
	FRAME_HEADER_START,
	FRAME_HEADER,
	FRAME_BODY,
	FRAME_SKIP,
	FRAME_RESYNC,
	FRAME_STATE_MASK = 0xff,
	FRAME_RECOVERING = 0x100,
};

/* A body buffer grown this large is released once its message is delivered. */
#define FRAME_KEEP_CAP ((size_t)64 << 10)

static const char frame_tok_length[] = "content-length:";
static const char frame_tok_type[] = "content-type:";

static inline int frame_state(const gg_frame_reader *r)
{
	return r->state & FRAME_STATE_MASK;
}

static inline void frame_set_state(gg_frame_reader *r, int state)
{
	r->state = (r->state & ~FRAME_STATE_MASK) | state;
}

static inline char frame_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool frame_name_is(const char *s, size_t len, const char *lit)
{
	size_t n = strlen(lit);
	if (len != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (frame_lower(s[i]) != lit[i])
			return false;
	return true;
}

void gg_frame_reader_init(gg_frame_reader *r, size_t max_message)
{
	memset(r, 0, sizeof *r);
	r->max_message = max_message ? max_message : GG_FRAME_DEFAULT_MAX_MESSAGE;
	r->state = FRAME_HEADER_START;
}

void gg_frame_reader_free(gg_frame_reader *r)
{
	free(r->buf);
	r->buf = NULL;
	r->buf_len = r->buf_cap = 0;
}

/* Makes room for need bytes in buf, growing geometrically but never past limit. */
static int frame_reserve(gg_frame_reader *r, size_t need, size_t limit)
{
	size_t cap;
	char *p;

	if (need <= r->buf_cap)
		return 0;
	cap = r->buf_cap ? r->buf_cap : 256;
	while (cap < need && cap <= limit / 2)
		cap *= 2;
	if (cap < need)
		cap = limit > need ? limit : need;
	p = realloc(r->buf, cap);
	if (!p)
		return -ENOMEM;
	r->buf = p;
	r->buf_cap = cap;
	return 0;
}

static void frame_block_reset(gg_frame_reader *r, int state)
{
	frame_set_state(r, state);
	r->buf_len = 0;
	r->have_length = 0;
	r->content_length = 0;
}

static void frame_bad(gg_frame_reader *r, const char *text, size_t len, gg_frame_cb cb, void *ctx)
{
	bool quiet = (r->state & FRAME_RECOVERING) != 0;

	r->state |= FRAME_RECOVERING;
	frame_block_reset(r, FRAME_RESYNC);
	if (!quiet)
		cb(ctx, GG_FRAME_BAD_HEADER, text, len);
}

/* Parses the value of Content-Length: digits with optional blanks around them. */
static bool frame_parse_length(const char *s, size_t len, size_t *out)
{
	size_t i = 0, v = 0;
	bool any = false;

	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
		size_t d = (size_t)(s[i] - '0');
		if (v > (SIZE_MAX - d) / 10)
			return false;
		v = v * 10 + d;
		any = true;
	}
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (!any || i != len)
		return false;
	*out = v;
	return true;
}

/* Handles one complete header line (its terminator removed). */
static void frame_header_line(gg_frame_reader *r, const char *line, size_t len, gg_frame_cb cb, void *ctx)
{
	const char *colon;

	if (len == 0) {
		if (frame_state(r) == FRAME_HEADER_START)
			return;
		if (!r->have_length) {
			static const char missing[] = "missing Content-Length";
			frame_bad(r, missing, sizeof missing - 1, cb, ctx);
			return;
		}
		r->state &= ~FRAME_RECOVERING;
		r->buf_len = 0;
		if (r->content_length > r->max_message) {
			frame_set_state(r, FRAME_SKIP);
			r->skip_left = r->content_length;
			cb(ctx, GG_FRAME_TOO_LARGE, NULL, r->content_length);
		} else if (r->content_length == 0) {
			/* Delivered now: no further byte may come to complete it. */
			frame_block_reset(r, FRAME_HEADER_START);
			cb(ctx, GG_FRAME_MESSAGE, "", 0);
		} else {
			frame_set_state(r, FRAME_BODY);
		}
		return;
	}
	colon = memchr(line, ':', len);
	if (!colon) {
		frame_bad(r, line, len, cb, ctx);
		return;
	}
	if (frame_name_is(line, (size_t)(colon - line), "content-length")) {
		size_t v;
		const char *val = colon + 1;
		if (!frame_parse_length(val, len - (size_t)(val - line), &v) ||
		    (r->have_length && v != r->content_length)) {
			frame_bad(r, line, len, cb, ctx);
			return;
		}
		r->content_length = v;
		r->have_length = 1;
	}
	/* Content-Type and unknown but well-formed headers carry nothing we use. */
	frame_set_state(r, FRAME_HEADER);
}

/* Stops collecting a header block after an allocation failure: what follows is resynced silently. */
static void frame_oom(gg_frame_reader *r, int *err)
{
	*err = -ENOMEM;
	r->state |= FRAME_RECOVERING;
	frame_block_reset(r, FRAME_RESYNC);
}

/* A header line longer than the limit: reports its first GG_FRAME_MAX_HEADER_LINE bytes. */
static size_t frame_line_too_long(gg_frame_reader *r, const char *data, size_t take, gg_frame_cb cb, void *ctx)
{
	size_t from_data;

	if (r->buf_len == 0) {
		frame_bad(r, data, GG_FRAME_MAX_HEADER_LINE, cb, ctx);
		return GG_FRAME_MAX_HEADER_LINE;
	}
	from_data = r->buf_len < GG_FRAME_MAX_HEADER_LINE ? GG_FRAME_MAX_HEADER_LINE - r->buf_len : 0;
	if (from_data > take)
		from_data = take;
	if (frame_reserve(r, r->buf_len + from_data, GG_FRAME_MAX_HEADER_LINE + 1) < 0)
		from_data = 0; /* report what is already held rather than nothing */
	memcpy(r->buf + r->buf_len, data, from_data);
	r->buf_len += from_data;
	frame_bad(r, r->buf, r->buf_len < GG_FRAME_MAX_HEADER_LINE ? r->buf_len : GG_FRAME_MAX_HEADER_LINE, cb, ctx);
	/* The rest of the line is left to the resync scan. */
	return from_data;
}

/* Header bytes up to and including the next '\n'. Returns how many of data were consumed. */
static size_t frame_push_header(gg_frame_reader *r, const char *data, size_t len, gg_frame_cb cb, void *ctx, int *err)
{
	const char *nl = memchr(data, '\n', len);
	size_t take = nl ? (size_t)(nl - data) : len;
	const char *line = data;
	size_t line_len = take;

	/* One byte of slack: a line of exactly the limit may still end in "\r\n". */
	if (r->buf_len + take > GG_FRAME_MAX_HEADER_LINE + 1)
		return frame_line_too_long(r, data, take, cb, ctx);
	if (!nl || r->buf_len > 0) {
		if (frame_reserve(r, r->buf_len + take, GG_FRAME_MAX_HEADER_LINE + 1) < 0) {
			frame_oom(r, err);
			return nl ? take + 1 : take;
		}
		memcpy(r->buf + r->buf_len, data, take);
		r->buf_len += take;
		if (!nl)
			return take;
		line = r->buf;
		line_len = r->buf_len;
	}
	/* "\r\n" is the protocol's line end; a bare "\n" is accepted too. */
	if (line_len > 0 && line[line_len - 1] == '\r')
		line_len--;
	if (line_len > GG_FRAME_MAX_HEADER_LINE) {
		frame_bad(r, line, GG_FRAME_MAX_HEADER_LINE, cb, ctx);
	} else {
		r->buf_len = 0;
		frame_header_line(r, line, line_len, cb, ctx);
	}
	return take + 1;
}

static void frame_message_done(gg_frame_reader *r)
{
	/* Keep a modest buffer for the next message; give back what one large message needed. */
	if (r->buf_cap > FRAME_KEEP_CAP) {
		free(r->buf);
		r->buf = NULL;
		r->buf_cap = 0;
	}
	frame_block_reset(r, FRAME_HEADER_START);
}

static size_t frame_push_body(gg_frame_reader *r, const char *data, size_t len, gg_frame_cb cb, void *ctx, int *err)
{
	size_t need = r->content_length - r->buf_len;
	size_t n = len < need ? len : need;

	if (r->buf_len == 0 && n == need) {
		/* The whole body is in this piece: deliver it without a copy. */
		frame_block_reset(r, FRAME_HEADER_START);
		cb(ctx, GG_FRAME_MESSAGE, data, n);
		return n;
	}
	if (frame_reserve(r, r->buf_len + n, r->content_length) < 0) {
		/* The message is lost; skip the rest of its body and carry on with the next. */
		*err = -ENOMEM;
		r->skip_left = need;
		r->buf_len = 0;
		frame_set_state(r, FRAME_SKIP);
		return 0;
	}
	memcpy(r->buf + r->buf_len, data, n);
	r->buf_len += n;
	if (r->buf_len == r->content_length) {
		cb(ctx, GG_FRAME_MESSAGE, r->buf, r->buf_len);
		frame_message_done(r);
	}
	return n;
}

static size_t frame_push_skip(gg_frame_reader *r, const char *data, size_t len, gg_frame_cb cb, void *ctx)
{
	size_t n = r->skip_left < len ? (size_t)r->skip_left : len;

	r->skip_left -= n;
	/* An allocation failure mid-body also skips, but that body is not the oversized one announced. */
	if (r->content_length > r->max_message) {
		cb(ctx, GG_FRAME_SKIPPED, data, n);
		if (r->skip_left == 0)
			cb(ctx, GG_FRAME_SKIPPED_END, NULL, r->content_length);
	}
	if (r->skip_left == 0)
		frame_block_reset(r, FRAME_HEADER_START);
	return n;
}

/* True when the k bytes held plus c still prefix tok (case-insensitively). */
static bool frame_token_prefix(const char *held, size_t k, char c, const char *tok, size_t tok_len)
{
	if (k >= tok_len || tok[k] != c)
		return false;
	for (size_t i = 0; i < k; i++)
		if (frame_lower(held[i]) != tok[i])
			return false;
	return true;
}

/*
 * Looks for "Content-Length:" or "Content-Type:" anywhere, not only at a line
 * start: after a bad header the body that followed has no line end of its
 * own, so the next message's header usually starts mid-line.
 */
static size_t frame_push_resync(gg_frame_reader *r, const char *data, size_t len, int *err)
{
	const size_t len_tok = sizeof frame_tok_length - 1, type_tok = sizeof frame_tok_type - 1;

	if (frame_reserve(r, len_tok, GG_FRAME_MAX_HEADER_LINE + 1) < 0) {
		*err = -ENOMEM;
		return len;
	}
	for (size_t i = 0; i < len; i++) {
		char c = frame_lower(data[i]);
		size_t k = r->buf_len;
		bool in_len = frame_token_prefix(r->buf, k, c, frame_tok_length, len_tok);
		bool in_type = frame_token_prefix(r->buf, k, c, frame_tok_type, type_tok);

		if (!in_len && !in_type) {
			/* 'c' occurs only first in either token, so restarting there is exact. */
			r->buf_len = 0;
			if (c == 'c')
				r->buf[r->buf_len++] = data[i];
			continue;
		}
		r->buf[r->buf_len++] = data[i];
		if ((in_len && r->buf_len == len_tok) || (in_type && r->buf_len == type_tok)) {
			/* buf now starts the header line; the block is read as usual from here. */
			frame_set_state(r, FRAME_HEADER);
			return i + 1;
		}
	}
	return len;
}

int gg_frame_reader_push(gg_frame_reader *r, const char *data, size_t len, gg_frame_cb cb, void *ctx)
{
	size_t i = 0;
	int err = 0;

	while (i < len) {
		const char *p = data + i;
		size_t n = len - i;

		switch (frame_state(r)) {
		case FRAME_HEADER_START:
		case FRAME_HEADER:
			i += frame_push_header(r, p, n, cb, ctx, &err);
			break;
		case FRAME_BODY:
			i += frame_push_body(r, p, n, cb, ctx, &err);
			break;
		case FRAME_SKIP:
			i += frame_push_skip(r, p, n, cb, ctx);
			break;
		case FRAME_RESYNC:
		default:
			i += frame_push_resync(r, p, n, &err);
			break;
		}
	}
	return err;
}

void gg_frame_reader_finish(gg_frame_reader *r, gg_frame_cb cb, void *ctx)
{
	size_t body = 0;
	bool inside;

	switch (frame_state(r)) {
	case FRAME_HEADER_START:
		/* A partial first line counts unless it is only line-end noise. */
		inside = false;
		for (size_t i = 0; i < r->buf_len && !inside; i++)
			inside = r->buf[i] != '\r';
		break;
	case FRAME_HEADER:
		inside = true;
		break;
	case FRAME_BODY:
		inside = true;
		body = r->buf_len;
		break;
	case FRAME_SKIP:
		inside = true;
		body = (size_t)(r->content_length - r->skip_left);
		break;
	default:
		inside = false; /* resynchronising: the damage was reported already */
		break;
	}
	r->state = FRAME_HEADER_START;
	r->buf_len = 0;
	r->have_length = 0;
	r->content_length = 0;
	r->skip_left = 0;
	if (inside)
		cb(ctx, GG_FRAME_TRUNCATED, NULL, body);
}

char *gg_frame_encode(const char *body, size_t len, size_t *out_len)
{
	char head[48];
	int h = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", len);
	char *out;

	if (h < 0 || len > SIZE_MAX - (size_t)h - 1)
		return NULL;
	out = malloc((size_t)h + len + 1);
	if (!out)
		return NULL;
	memcpy(out, head, (size_t)h);
	if (len)
		memcpy(out + h, body, len);
	out[(size_t)h + len] = '\0';
	if (out_len)
		*out_len = (size_t)h + len;
	return out;
}
