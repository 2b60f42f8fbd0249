/*
 * Fuzz entry point for the transport's input side, fed whole sessions: the
 * framer (frame.c) up to the end of input (gg_frame_reader_finish), each
 * message through gg_rpc_parse (with the strings that hold NULs, json_text.c)
 * and each oversized body through rpc_peek.c, as lsp/loop.c does. Nothing may
 * leak, overrun or differ with the way the bytes are cut: the input is read
 * whole, then in pieces of 1, 2, 3 and 7 bytes, under two size limits, and
 * every way must give the same events.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined -DGG_LIBFUZZER it is
 * a libFuzzer target (see tests/protocol/README.md); built plainly, as the
 * test suite does with gcc under ASan/UBSan, it replays the files named on
 * its command line (or in the folders named).
 */
#include "../fuzz_replay.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "jsonrpc.h"
#include "rpc_peek.h"


/* What one reading of the input saw: a running digest of every event, so that readings compare cheaply. */
typedef struct fuzz_run {
	gg_rpc_peek peek;
	unsigned long long digest;
	size_t events;
} fuzz_run;

static unsigned long long fuzz_mix(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}

static void fuzz_note(fuzz_run *run, int what, const char *text, size_t len)
{
	run->events++;
	run->digest = fuzz_mix(run->digest, &what, sizeof what);
	run->digest = fuzz_mix(run->digest, &len, sizeof len);
	if (text)
		run->digest = fuzz_mix(run->digest, text, len);
}

static void fuzz_on_frame(void *ctx, gg_frame_event ev, const char *body, size_t len)
{
	fuzz_run *run = ctx;

	switch (ev) {
	case GG_FRAME_MESSAGE: {
		gg_rpc_message m;
		gg_rpc_parse(body, len, &m);
		fuzz_note(run, ev, body, len);
		fuzz_note(run, 100 + (int)m.kind, NULL, m.texts.len);
		/* Every string the server would read whole, read whole. */
		for (size_t i = 0; i < m.texts.len; i++) {
			size_t n = 0;
			const char *t = gg_rpc_string(&m, m.texts.items[i].item, &n);
			if (!t || n != m.texts.items[i].len)
				abort();
			fuzz_note(run, 200, t, n);
		}
		if (m.kind == GG_RPC_INVALID && !m.silent) {
			char *reply = gg_rpc_encode_error(m.id, m.error_code, m.error_message, NULL);
			free(reply);
		}
		gg_rpc_message_free(&m);
		break;
	}
	case GG_FRAME_TOO_LARGE:
		gg_rpc_peek_init(&run->peek);
		fuzz_note(run, ev, NULL, len);
		break;
	case GG_FRAME_SKIPPED:
		/* Pieces depend on how the input is cut: only what they add up to is compared. */
		gg_rpc_peek_push(&run->peek, body, len);
		break;
	case GG_FRAME_SKIPPED_END: {
		cJSON *id = gg_rpc_peek_id(&run->peek);
		char *text = id ? cJSON_PrintUnformatted(id) : NULL;
		fuzz_note(run, ev, NULL, len);
		fuzz_note(run, 300 + gg_rpc_peek_is_request(&run->peek), text, text ? strlen(text) : 0);
		free(text);
		cJSON_Delete(id);
		break;
	}
	case GG_FRAME_BAD_HEADER:
		/* The text reported is cut differently by different pieces; that there was one is not. */
		fuzz_note(run, ev, NULL, 0);
		break;
	case GG_FRAME_TRUNCATED:
		fuzz_note(run, ev, NULL, len);
		break;
	}
}

static fuzz_run fuzz_read(const uint8_t *data, size_t size, size_t step, size_t limit)
{
	gg_frame_reader r;
	fuzz_run run;

	memset(&run, 0, sizeof run);
	run.digest = 14695981039346656037ull;
	gg_frame_reader_init(&r, limit);
	for (size_t i = 0; i < size; i += step) {
		size_t n = i + step <= size ? step : size - i;
		if (gg_frame_reader_push(&r, (const char *)data + i, n, fuzz_on_frame, &run) != 0)
			abort(); /* out of memory: not expected at these sizes */
	}
	gg_frame_reader_finish(&r, fuzz_on_frame, &run);
	gg_frame_reader_free(&r);
	return run;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t steps[] = { 1, 2, 3, 7 };
	/* A small limit sends most bodies down the oversized path; the default takes them all. */
	static const size_t limits[] = { 64, 0 };

	for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
		fuzz_run whole = fuzz_read(data, size, size ? size : 1, limits[l]);
		for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
			if (size > 200000 && steps[k] < 7)
				continue; /* byte by byte is slow under ASan on big inputs; 7 still cuts everything */
			fuzz_run cut = fuzz_read(data, size, steps[k], limits[l]);
			if (cut.digest != whole.digest || cut.events != whole.events) {
				fprintf(stderr, "fuzz-frame: %zu events read whole, %zu in pieces of %zu (limit %zu)\n",
					whole.events, cut.events, steps[k], limits[l]);
				abort();
			}
		}
	}
	return 0;
}

#ifndef GG_LIBFUZZER

int main(int argc, char **argv)
{
	return gg_fuzz_replay("fuzz-frame", NULL, argc, argv, NULL);
}
#endif
