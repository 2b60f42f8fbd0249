/*
 * The transport: a libuv loop reading stdin, framing messages into the
 * session, and writing the session's replies to stdout through a write
 * queue. stdin and stdout may be pipes, sockets, ttys or plain files.
 */
#include "lsp/loop.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "frame.h"
#include "log.h"
#include "rpc_peek.h"
#include "lsp/session.h"

#define LSP_READ_CHUNK (64 * 1024)

typedef union lsp_stream {
	uv_handle_t handle;
	uv_stream_t stream;
	uv_pipe_t pipe;
	uv_tty_t tty;
} lsp_stream;

typedef struct lsp_server {
	uv_loop_t loop;
	gg_session session;
	gg_frame_reader reader;
	gg_rpc_peek oversized; /* what is learnt of the body being skipped for its size */

	uv_handle_type in_type, out_type;
	lsp_stream in, out;
	bool in_open, out_open;
	uv_fs_t in_req;     /* reads when stdin is a file */
	char *read_buf;     /* owned; LSP_READ_CHUNK bytes, reused by every read */
	size_t writes_pending;
	bool output_broken; /* stdout failed: nothing more can reach the client */
	size_t max_queued;  /* bytes (see gg_lsp_options.max_queued_output) */
	bool paused;        /* over max_queued: input is not read, the inbox not run */
	bool read_withheld; /* a file read that was not issued while paused */
	bool input_ended;   /* EOF or a read error was seen */
	size_t pauses;      /* how often; the first is logged as a warning, the rest at debug level */
} lsp_server;

typedef struct lsp_write {
	uv_write_t req;
	lsp_server *server;
	char *data; /* owned: the framed message */
} lsp_write;

static void lsp_close_input(lsp_server *sv);
static void lsp_close_output_when_idle(lsp_server *sv);
static void lsp_read_resume(lsp_server *sv);

/* ---- back-pressure ----------------------------------------------------- */

static size_t lsp_queued(const lsp_server *sv)
{
	return sv->out_open && sv->out_type != UV_FILE ? uv_stream_get_write_queue_size(&sv->out.stream) : 0;
}

/*
 * Replies wait in libuv's queue when the client does not read them. Past
 * the bound, stop taking work (reading stdin, running queued messages), so
 * that memory stays bounded without dropping a reply; take it up again
 * once half of the queue is written.
 */
static void lsp_pressure_check(lsp_server *sv)
{
	size_t queued = lsp_queued(sv);

	if (!sv->paused && queued > sv->max_queued && !sv->output_broken) {
		sv->paused = true;
		if (sv->in_open && sv->in_type != UV_FILE && !sv->input_ended)
			uv_read_stop(&sv->in.stream);
		gg_session_set_output_blocked(&sv->session, true);
		gg_log(sv->pauses++ ? GG_LOG_DEBUG : GG_LOG_WARN,
		       "the client is not reading: %zu bytes of replies queued (over --max-queued-output %zu); "
		       "no new message is read until it does", queued, sv->max_queued);
	} else if (sv->paused && (queued <= sv->max_queued / 2 || sv->output_broken)) {
		sv->paused = false;
		gg_log(sv->pauses > 1 ? GG_LOG_DEBUG : GG_LOG_INFO, "the client reads again (%zu bytes queued): reading messages",
		       queued);
		lsp_read_resume(sv);
		gg_session_set_output_blocked(&sv->session, false);
	}
}

/* ---- output ------------------------------------------------------------ */

static void lsp_on_write(uv_write_t *req, int status)
{
	lsp_write *w = (lsp_write *)req;
	lsp_server *sv = w->server;
	free(w->data);
	free(w);
	sv->writes_pending--;
	if (status < 0 && !sv->output_broken) {
		sv->output_broken = true;
		gg_log_error("writing to stdout failed: %s", uv_strerror(status));
	}
	if (sv->paused)
		lsp_pressure_check(sv);
	if (sv->session.state == GG_SESSION_EXITED)
		lsp_close_output_when_idle(sv);
}

static void lsp_write_file(lsp_server *sv, const char *data, size_t len)
{
	while (len > 0 && !sv->output_broken) {
		ssize_t n = write(STDOUT_FILENO, data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			sv->output_broken = true;
			gg_log_error("writing to stdout failed: %s", strerror(errno));
			return;
		}
		data += n;
		len -= (size_t)n;
	}
}

static void lsp_send(void *ctx, char *json)
{
	lsp_server *sv = ctx;
	size_t len = 0;
	char *framed = gg_frame_encode(json, strlen(json), &len);
	free(json);
	if (!framed) {
		gg_log_error("out of memory framing a message");
		return;
	}
	if (sv->output_broken || !sv->out_open) {
		free(framed);
		return;
	}
	if (sv->out_type == UV_FILE) {
		lsp_write_file(sv, framed, len);
		free(framed);
		return;
	}
	lsp_write *w = malloc(sizeof *w);
	if (!w) {
		free(framed);
		gg_log_error("out of memory queueing a message");
		return;
	}
	w->server = sv;
	w->data = framed;
	uv_buf_t buf = uv_buf_init(framed, (unsigned)len);
	int rc = uv_write(&w->req, &sv->out.stream, &buf, 1, lsp_on_write);
	if (rc < 0) {
		free(framed);
		free(w);
		sv->output_broken = true;
		gg_log_error("writing to stdout failed: %s", uv_strerror(rc));
		return;
	}
	sv->writes_pending++;
	lsp_pressure_check(sv);
}

/* Closing a stream cancels its queued writes; their callbacks still run and free them. */
static void lsp_close_output(lsp_server *sv)
{
	if (!sv->out_open)
		return;
	sv->out_open = false;
	if (sv->out_type != UV_FILE)
		uv_close(&sv->out.handle, NULL);
}

static void lsp_close_output_when_idle(lsp_server *sv)
{
	if (sv->writes_pending == 0)
		lsp_close_output(sv);
}

/* ---- input ------------------------------------------------------------- */

static void lsp_on_frame(void *ctx, gg_frame_event ev, const char *body, size_t len)
{
	lsp_server *sv = ctx;
	switch (ev) {
	case GG_FRAME_MESSAGE:
		gg_session_receive(&sv->session, body, len);
		break;
	case GG_FRAME_TOO_LARGE:
		gg_log_error("skipped a message of %zu bytes: over the limit of %zu (--max-message-size)", len,
			     sv->reader.max_message);
		gg_rpc_peek_init(&sv->oversized);
		break;
	case GG_FRAME_SKIPPED:
		gg_rpc_peek_push(&sv->oversized, body, len);
		break;
	case GG_FRAME_SKIPPED_END:
		gg_session_receive_oversized(&sv->session, &sv->oversized, len);
		break;
	case GG_FRAME_TRUNCATED:
		gg_log_warn("input ended inside a message (%zu bytes of its body received); it is dropped", len);
		break;
	case GG_FRAME_BAD_HEADER:
		gg_log_error("malformed message header (%.*s); skipping to the next header", (int)(len > 80 ? 80 : len),
			     body ? body : "");
		break;
	}
}

static void lsp_take_bytes(lsp_server *sv, const char *data, size_t len)
{
	if (sv->session.state == GG_SESSION_EXITED)
		return;
	if (gg_frame_reader_push(&sv->reader, data, len, lsp_on_frame, sv) != 0) {
		gg_log_error("out of memory reading a message; stopping");
		gg_session_input_closed(&sv->session);
	}
}

static void lsp_input_ended(lsp_server *sv)
{
	sv->input_ended = true;
	if (sv->in_open && sv->in_type != UV_FILE)
		uv_read_stop(&sv->in.stream);
	gg_frame_reader_finish(&sv->reader, lsp_on_frame, sv);
	gg_session_input_closed(&sv->session);
}

static void lsp_on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buf)
{
	lsp_server *sv = handle->data;
	(void)suggested;
	*buf = uv_buf_init(sv->read_buf, LSP_READ_CHUNK);
}

static void lsp_on_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf)
{
	lsp_server *sv = stream->data;
	if (nread > 0) {
		lsp_take_bytes(sv, buf->base, (size_t)nread);
	} else if (nread < 0) {
		if (nread != UV_EOF)
			gg_log_error("reading stdin failed: %s", uv_strerror((int)nread));
		lsp_input_ended(sv);
	}
}

static void lsp_on_file_read(uv_fs_t *req)
{
	lsp_server *sv = req->data;
	ssize_t n = req->result;
	uv_fs_req_cleanup(req);
	if (n > 0) {
		lsp_take_bytes(sv, sv->read_buf, (size_t)n);
		if (sv->session.state != GG_SESSION_EXITED) {
			if (sv->paused) {
				sv->read_withheld = true; /* issued by lsp_read_resume */
				return;
			}
			uv_buf_t buf = uv_buf_init(sv->read_buf, LSP_READ_CHUNK);
			uv_fs_read(&sv->loop, &sv->in_req, STDIN_FILENO, &buf, 1, -1, lsp_on_file_read);
		}
		return;
	}
	if (n < 0)
		gg_log_error("reading stdin failed: %s", uv_strerror((int)n));
	lsp_input_ended(sv);
}

static void lsp_read_resume(lsp_server *sv)
{
	if (!sv->in_open || sv->input_ended || sv->session.state == GG_SESSION_EXITED)
		return;
	if (sv->in_type != UV_FILE) {
		int rc = uv_read_start(&sv->in.stream, lsp_on_alloc, lsp_on_read);
		if (rc < 0 && rc != UV_EALREADY) {
			gg_log_error("reading stdin failed: %s", uv_strerror(rc));
			lsp_input_ended(sv);
		}
	} else if (sv->read_withheld) {
		sv->read_withheld = false;
		uv_buf_t buf = uv_buf_init(sv->read_buf, LSP_READ_CHUNK);
		uv_fs_read(&sv->loop, &sv->in_req, STDIN_FILENO, &buf, 1, -1, lsp_on_file_read);
	}
}

static void lsp_close_input(lsp_server *sv)
{
	if (!sv->in_open)
		return;
	sv->in_open = false;
	if (sv->in_type != UV_FILE) {
		uv_read_stop(&sv->in.stream);
		uv_close(&sv->in.handle, NULL);
	}
}

/* The session ended: stop reading, and let queued replies drain before closing stdout. */
static void lsp_on_exited(void *ctx)
{
	lsp_server *sv = ctx;
	lsp_close_input(sv);
	lsp_close_output_when_idle(sv);
}

static void lsp_log_sink(void *ctx, gg_log_level level, const char *message)
{
	lsp_server *sv = ctx;
	if (sv->session.state == GG_SESSION_EXITED)
		return;
	cJSON *params = cJSON_CreateObject();
	cJSON_AddNumberToObject(params, "type", level); /* MessageType shares our numbering */
	cJSON_AddStringToObject(params, "message", message);
	gg_session_send_notification(&sv->session, "window/logMessage", params);
}

/* ---- set-up ------------------------------------------------------------ */

static int lsp_open_stream(lsp_server *sv, lsp_stream *s, int fd, uv_handle_type type, bool readable)
{
	int rc;
	if (type == UV_TTY) {
		rc = uv_tty_init(&sv->loop, &s->tty, fd, readable);
	} else {
		rc = uv_pipe_init(&sv->loop, &s->pipe, 0);
		if (rc == 0) {
			rc = uv_pipe_open(&s->pipe, fd);
			if (rc < 0)
				uv_close(&s->handle, NULL);
		}
	}
	if (rc == 0)
		s->handle.data = sv;
	return rc;
}

int gg_lsp_run(const gg_lsp_options *opts)
{
	lsp_server *sv = calloc(1, sizeof *sv);
	if (!sv)
		return 1;
	sv->read_buf = malloc(LSP_READ_CHUNK);
	if (!sv->read_buf || uv_loop_init(&sv->loop) != 0) {
		free(sv->read_buf);
		free(sv);
		return 1;
	}
	gg_frame_reader_init(&sv->reader, opts->max_message);
	sv->max_queued = opts->max_queued_output ? opts->max_queued_output : GG_LSP_DEFAULT_MAX_QUEUED_OUTPUT;

	int exit_code = 1;
	gg_session_options sopts = { opts->debounce_ms };
	gg_session_transport transport = { lsp_send, lsp_on_exited, sv };
	if (gg_session_init(&sv->session, &sv->loop, &sopts, &transport) != 0)
		goto out_loop;

	sv->in_type = uv_guess_handle(STDIN_FILENO);
	sv->out_type = uv_guess_handle(STDOUT_FILENO);
	if (sv->out_type != UV_FILE) {
		int rc = lsp_open_stream(sv, &sv->out, STDOUT_FILENO, sv->out_type, false);
		if (rc < 0) {
			gg_log_error("cannot use stdout (%s)", uv_strerror(rc));
			goto out_session;
		}
	}
	sv->out_open = true;

	if (sv->in_type == UV_FILE) {
		sv->in_req.data = sv;
		uv_buf_t buf = uv_buf_init(sv->read_buf, LSP_READ_CHUNK);
		uv_fs_read(&sv->loop, &sv->in_req, STDIN_FILENO, &buf, 1, -1, lsp_on_file_read);
	} else {
		int rc = lsp_open_stream(sv, &sv->in, STDIN_FILENO, sv->in_type, true);
		if (rc == 0)
			rc = uv_read_start(&sv->in.stream, lsp_on_alloc, lsp_on_read);
		if (rc < 0) {
			gg_log_error("cannot read stdin (%s)", uv_strerror(rc));
			goto out_session;
		}
	}
	sv->in_open = true;

	gg_log_set_sink(lsp_log_sink, sv, gg_log_get_level());
	uv_run(&sv->loop, UV_RUN_DEFAULT);
	gg_log_set_sink(NULL, NULL, GG_LOG_ERROR);
	exit_code = sv->session.state == GG_SESSION_EXITED ? sv->session.exit_code : 1;

out_session:
	lsp_close_input(sv);
	lsp_close_output(sv);
	gg_session_close(&sv->session);
	uv_run(&sv->loop, UV_RUN_DEFAULT);
out_loop:
	if (uv_loop_close(&sv->loop) != 0)
		gg_log_debug("event loop closed with handles still open");
	gg_frame_reader_free(&sv->reader);
	free(sv->read_buf);
	free(sv);
	return exit_code;
}
