/*
 * Requests the server sends to the client (workspace/configuration): a
 * table of the ids awaiting an answer, each with the callback that takes it.
 */
#include "lsp/session.h"

#include <errno.h>
#include <stdlib.h>

#include "log.h"

int gg_session_send_request(gg_session *s, const char *method, cJSON *params, gg_response_fn callback, void *ctx)
{
	if (s->pending_len == s->pending_cap) {
		size_t cap = s->pending_cap ? s->pending_cap * 2 : 4;
		gg_pending_request *p = realloc(s->pending, cap * sizeof *p);
		if (!p) {
			cJSON_Delete(params);
			return -ENOMEM;
		}
		s->pending = p;
		s->pending_cap = cap;
	}
	long long id = ++s->next_request_id;
	cJSON *id_json = cJSON_CreateNumber((double)id);
	char *json = id_json ? gg_rpc_encode_request(id_json, method, params) : NULL;
	if (!id_json)
		cJSON_Delete(params);
	cJSON_Delete(id_json);
	if (!json)
		return -ENOMEM;
	s->pending[s->pending_len++] = (gg_pending_request){ id, callback, ctx };
	if (s->state == GG_SESSION_EXITED) {
		free(json);
		return 0;
	}
	s->transport.send(s->transport.ctx, json);
	return 0;
}

bool gg_session_take_response(gg_session *s, const gg_rpc_message *msg)
{
	/* From the parsed body: msg->id is kept for requests, as raw text. */
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(msg->root, "id");
	if (!cJSON_IsNumber(id))
		return false;
	for (size_t i = 0; i < s->pending_len; i++) {
		if ((double)s->pending[i].id != id->valuedouble)
			continue;
		gg_pending_request req = s->pending[i];
		s->pending[i] = s->pending[--s->pending_len];
		const cJSON *result = cJSON_GetObjectItemCaseSensitive(msg->root, "result");
		const cJSON *error = cJSON_GetObjectItemCaseSensitive(msg->root, "error");
		if (error)
			result = NULL;
		req.callback(s, result, error, req.ctx);
		return true;
	}
	return false;
}

void gg_session_response_logged(gg_session *s, const cJSON *result, const cJSON *error, void *ctx)
{
	(void)s;
	(void)result;
	if (error)
		gg_log_warn("%s failed: %s", (const char *)ctx,
			    gg_json_string(error, "message") ? gg_json_string(error, "message") : "(no message)");
}
