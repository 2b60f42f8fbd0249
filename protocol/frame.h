#ifndef GG_FRAME_H
#define GG_FRAME_H

#include <stddef.h>
#include <stdint.h>

/*
 * Incremental LSP base-protocol framer: "Content-Length: N\r\n" headers (any
 * case, optional Content-Type, any order), a blank line, then N bytes of body.
 *
 * Bytes arrive in arbitrary pieces; gg_frame_reader_push() reports each event
 * through the callback as soon as it is known. A body larger than the limit is
 * skipped as it streams past and never held in memory. A malformed header
 * block is reported and the reader resynchronises on the next header name
 * ("Content-Length:" or "Content-Type:", any case) wherever it appears: the
 * broken message's body has no line end, so the next header often starts mid-line.
 */

#define GG_FRAME_DEFAULT_MAX_MESSAGE ((size_t)64 << 20)
#define GG_FRAME_MAX_HEADER_LINE 8192

typedef enum gg_frame_event {
	GG_FRAME_MESSAGE,    /* body/len: one complete message body */
	GG_FRAME_TOO_LARGE,  /* body NULL, len: the declared Content-Length; being skipped */
	/*
	 * body/len: the next piece of the body being skipped, passed on so that
	 * the owner can still learn what it was (its id) in bounded memory.
	 */
	GG_FRAME_SKIPPED,
	GG_FRAME_SKIPPED_END, /* body NULL, len: the declared length; the whole oversized body went past */
	GG_FRAME_BAD_HEADER,  /* body/len: the offending header text (possibly truncated) */
	/*
	 * From gg_frame_reader_finish only: body NULL, len: the body bytes of the
	 * unfinished message received (0 when it ended in the header block).
	 */
	GG_FRAME_TRUNCATED,
} gg_frame_event;

/* body is valid only during the call. */
typedef void (*gg_frame_cb)(void *ctx, gg_frame_event ev, const char *body, size_t len);

typedef struct gg_frame_reader {
	size_t max_message;
	/* Internal state; see frame.c. */
	int state;
	char *buf;          /* pending header or body bytes; owned */
	size_t buf_len, buf_cap;
	size_t content_length;
	int have_length;
	uint64_t skip_left; /* bytes of an oversized body still to discard */
} gg_frame_reader;

void gg_frame_reader_init(gg_frame_reader *r, size_t max_message);
void gg_frame_reader_free(gg_frame_reader *r);

/* Feeds bytes; events are delivered in order. Returns 0, or -ENOMEM. */
int gg_frame_reader_push(gg_frame_reader *r, const char *data, size_t len, gg_frame_cb cb, void *ctx);

/*
 * The input ended. Reports GG_FRAME_TRUNCATED when it ended inside a message
 * (stray blank lines and bytes skipped while resynchronising are not one),
 * and leaves the reader as after init.
 */
void gg_frame_reader_finish(gg_frame_reader *r, gg_frame_cb cb, void *ctx);

/* Wraps a body in a header. Returns a malloc'd buffer the caller owns, or NULL. */
char *gg_frame_encode(const char *body, size_t len, size_t *out_len);

#endif
