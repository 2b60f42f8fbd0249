#include "lsp/handlers/handlers.h"

#include <string.h>

#include "jsonrpc.h"
#include "log.h"

const char *gg_params_document_uri(const cJSON *params)
{
	const cJSON *doc = gg_json_object(params, "textDocument");
	return doc ? gg_json_string(doc, "uri") : NULL;
}

const char *gg_params_text(const gg_session *s, const cJSON *item, size_t *len)
{
	return gg_rpc_string(s->dispatching, item, len);
}

static int params_read_position(const cJSON *obj, gg_position *pos)
{
	unsigned line, character;
	if (gg_json_uint32(obj, "line", &line) != 0 || gg_json_uint32(obj, "character", &character) != 0)
		return -1;
	pos->line = line;
	pos->character = character;
	return 0;
}

int gg_params_apply_change(gg_session *s, gg_document *doc, const cJSON *change)
{
	size_t len = 0;
	const char *text = gg_params_text(s, cJSON_GetObjectItemCaseSensitive(change, "text"), &len);
	if (!text)
		return -1;
	const cJSON *range = cJSON_GetObjectItemCaseSensitive(change, "range");
	if (!range)
		return gg_document_replace_all(doc, text, len);
	gg_position start, end;
	if (params_read_position(gg_json_object(range, "start"), &start) != 0 ||
	    params_read_position(gg_json_object(range, "end"), &end) != 0)
		return -1;
	return gg_document_apply_change(doc, start, end, s->encoding, text, len);
}

gg_document *gg_params_text_document_item(gg_session *s, const cJSON *item)
{
	const char *uri = gg_json_string(item, "uri");
	size_t len = 0;
	const char *text = gg_params_text(s, cJSON_GetObjectItemCaseSensitive(item, "text"), &len);
	long long version;
	if (!uri || !text || gg_json_int64(item, "version", &version) != 0)
		return NULL;
	const char *language = gg_json_string(item, "languageId");
	gg_document *doc = gg_document_new(uri, language ? language : "", version, text, len);
	if (!doc)
		gg_log_error("%s: out of memory", uri);
	return doc;
}

const cJSON *gg_params_item_by_uri(const cJSON *items, const char *uri)
{
	const cJSON *item;
	cJSON_ArrayForEach(item, items)
	{
		const char *u = gg_json_string(item, "uri");
		if (u && strcmp(u, uri) == 0)
			return item;
	}
	return NULL;
}
