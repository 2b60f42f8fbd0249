/*
 * Long requests run off the loop and can be cancelled while they run
 * (server/lsp/jobs.c): gradguard.diagnoseTraceback is answered from the
 * thread pool, so until the loop runs its reply does not exist, and a
 * $/cancelRequest in between answers RequestCancelled and drops the result.
 * The session is driven directly (no pipes), so the order is deterministic.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "jsonrpc.h"
#include "lsp/dispatch.h"
#include "lsp/session.h"
#include "uri.h"

static int failures;

#define EXPECT(cond)                                                        \
	do {                                                                \
		if (!(cond)) {                                              \
			fprintf(stderr, "%s:%d: EXPECT(%s) failed\n", __FILE__, __LINE__, #cond); \
			failures++;                                         \
		}                                                           \
	} while (0)

/* Every message the session sent, in order. */
typedef struct sent {
	char **items; /* owned, each owned */
	size_t len, cap;
} sent;

static void sent_send(void *ctx, char *json)
{
	sent *out = ctx;
	if (out->len == out->cap) {
		out->cap = out->cap ? out->cap * 2 : 16;
		out->items = realloc(out->items, out->cap * sizeof *out->items);
		if (!out->items)
			abort();
	}
	out->items[out->len++] = json;
}

static void sent_exited(void *ctx)
{
	(void)ctx;
}

/* How many messages sent contain all of the given pieces. */
static size_t sent_count(const sent *out, const char *a, const char *b)
{
	size_t n = 0;
	for (size_t i = 0; i < out->len; i++)
		if (strstr(out->items[i], a) && (!b || strstr(out->items[i], b)))
			n++;
	return n;
}

static void dispatch(gg_session *s, const char *json)
{
	gg_rpc_message m;
	gg_rpc_parse(json, strlen(json), &m);
	EXPECT(m.kind != GG_RPC_INVALID);
	gg_dispatch_message(s, &m);
	gg_rpc_message_free(&m);
}

static const char traceback[] =
	"Traceback (most recent call last):\\n"
	"  File \\\"/home/alice/proj/train.py\\\", line 8, in evaluate\\n"
	"    out = model(x)\\n"
	"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\\n";

static void send_diagnose(gg_session *s, int id)
{
	char buf[1024];
	snprintf(buf, sizeof buf,
		 "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"workspace/executeCommand\",\"params\":"
		 "{\"command\":\"gradguard.diagnoseTraceback\",\"arguments\":[{\"text\":\"%s\"}]}}",
		 id, traceback);
	dispatch(s, buf);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_jobs SOURCE_ROOT\n");
		return 2;
	}
	char *ws = malloc(strlen(argv[1]) + 64);
	sprintf(ws, "%s/tests/tracebacks/workspace", argv[1]);
	char *ws_uri = gg_uri_from_path(ws);

	uv_loop_t loop;
	uv_loop_init(&loop);
	sent out = { 0 };
	gg_session s;
	gg_session_options opts = { 0 };
	gg_session_transport transport = { sent_send, sent_exited, &out };
	EXPECT(gg_session_init(&s, &loop, &opts, &transport) == 0);

	char init[2048];
	snprintf(init, sizeof init,
		 "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{},"
		 "\"workspaceFolders\":[{\"uri\":\"%s\",\"name\":\"w\"}]}}",
		 ws_uri);
	dispatch(&s, init);
	dispatch(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}");
	EXPECT(sent_count(&out, "\"id\":1,\"result\"", NULL) == 1);

	/* Dispatched, not answered: the work is on the pool, and the loop has not run. */
	send_diagnose(&s, 7);
	EXPECT(sent_count(&out, "\"id\":7", NULL) == 0);
	/* Cancelled while it runs: answered at once, and its result never comes. */
	dispatch(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":7}}");
	EXPECT(sent_count(&out, "\"id\":7", "-32800") == 1);
	uv_run(&loop, UV_RUN_DEFAULT);
	EXPECT(sent_count(&out, "\"id\":7", NULL) == 1);
	EXPECT(sent_count(&out, "publishDiagnostics", "train.py") == 0);

	/* Not cancelled: answered once the loop runs, with what the synchronous command gave. */
	send_diagnose(&s, 8);
	EXPECT(sent_count(&out, "\"id\":8", NULL) == 0);
	uv_run(&loop, UV_RUN_DEFAULT);
	EXPECT(sent_count(&out, "\"id\":8,\"result\"", "oom-eval-no-grad") == 1);
	EXPECT(sent_count(&out, "publishDiagnostics", "train.py") == 1);

	/* A job still running when the session closes is orphaned and frees itself. */
	send_diagnose(&s, 9);
	gg_session_close(&s);
	uv_run(&loop, UV_RUN_DEFAULT);
	EXPECT(sent_count(&out, "\"id\":9", NULL) == 0);
	EXPECT(uv_loop_close(&loop) == 0);

	for (size_t i = 0; i < out.len; i++)
		free(out.items[i]);
	free(out.items);
	free(ws_uri);
	free(ws);
	if (failures)
		fprintf(stderr, "test_jobs: %d failed\n", failures);
	else
		printf("test_jobs: passed\n");
	return failures != 0;
}
