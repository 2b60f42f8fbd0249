#include "jsonrpc.h"

#include "span.h"
#include "utf8.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* cJSON treats every byte <= ' ' as whitespace between tokens; the scanner must agree. */
static inline bool rpc_is_cjson_space(unsigned char c)
{
	return c <= ' ';
}

/* Strict JSON whitespace, for what follows the value. */
static inline bool rpc_is_json_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t rpc_skip_space(const char *s, size_t len, size_t i)
{
	while (i < len && rpc_is_cjson_space((unsigned char)s[i]))
		i++;
	return i;
}

/* s[i] is the opening quote. Returns the index after the closing one, or len. */
static size_t rpc_skip_string(const char *s, size_t len, size_t i)
{
	for (i++; i < len; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '"')
			return i + 1;
	}
	return len;
}

/* Skips one value starting at s[i]; iterative, so nesting depth costs nothing. */
static size_t rpc_skip_value(const char *s, size_t len, size_t i)
{
	size_t depth = 0;

	if (i >= len)
		return len;
	if (s[i] == '"')
		return rpc_skip_string(s, len, i);
	if (s[i] != '{' && s[i] != '[') {
		while (i < len && !rpc_is_cjson_space((unsigned char)s[i]) && s[i] != ',' && s[i] != '}' &&
		       s[i] != ']')
			i++;
		return i;
	}
	while (i < len) {
		char c = s[i];
		if (c == '"') {
			i = rpc_skip_string(s, len, i);
			continue;
		}
		if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (--depth == 0)
				return i + 1;
		}
		i++;
	}
	return len;
}

/*
 * The raw text of the value of the index-th member of the top-level object.
 * cJSON keeps members in document order, so the index of the item cJSON
 * returns for a key names the same member here (duplicates included), and
 * keys never need unescaping. The body was accepted by cJSON, but every
 * step is still bounds-checked.
 */
static bool rpc_member_raw(const char *s, size_t len, size_t index, gg_span *out)
{
	size_t i = 0;

	if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		i = 3; /* cJSON skips a byte order mark too */
	i = rpc_skip_space(s, len, i);
	if (i >= len || s[i] != '{')
		return false;
	i++;
	for (size_t m = 0;; m++) {
		size_t start;
		i = rpc_skip_space(s, len, i);
		if (i >= len || s[i] != '"')
			return false;
		i = rpc_skip_space(s, len, rpc_skip_string(s, len, i));
		if (i >= len || s[i] != ':')
			return false;
		start = rpc_skip_space(s, len, i + 1);
		i = rpc_skip_value(s, len, start);
		if (m == index) {
			*out = gg_span_make(s + start, i - start);
			return i > start;
		}
		i = rpc_skip_space(s, len, i);
		if (i >= len || s[i] != ',')
			return false;
		i++;
	}
}

/* RFC 8259 number grammar; cJSON is laxer ("01", "1."), and a lax id must not be echoed. */
static bool rpc_is_json_number(gg_span t)
{
	size_t i = 0, n = t.len;
	const char *s = t.ptr;

	if (i < n && s[i] == '-')
		i++;
	if (i >= n)
		return false;
	if (s[i] == '0') {
		i++;
	} else if (s[i] >= '1' && s[i] <= '9') {
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
	} else {
		return false;
	}
	if (i < n && s[i] == '.') {
		size_t d = ++i;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == d)
			return false;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t d;
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		d = i;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == d)
			return false;
	}
	return i == n;
}

/* A copy of a numeric id that prints exactly as it was sent. */
static cJSON *rpc_number_id(const char *body, size_t len, const cJSON *root, const cJSON *item)
{
	size_t index = 0;
	gg_span raw;

	for (const cJSON *c = root->child; c && c != item; c = c->next)
		index++;
	if (rpc_member_raw(body, len, index, &raw) && rpc_is_json_number(raw))
		return gg_rpc_id_from_text(raw.ptr, raw.len);
	return cJSON_CreateNumber(item->valuedouble);
}

cJSON *gg_rpc_id_from_text(const char *text, size_t len)
{
	gg_span t = gg_span_make(text, len);
	cJSON *parsed, *id = NULL;

	if (rpc_is_json_number(t)) {
		char *copy = malloc(len + 1); /* temporary: cJSON_CreateRaw copies it */
		if (!copy)
			return NULL;
		memcpy(copy, text, len);
		copy[len] = '\0';
		id = cJSON_CreateRaw(copy);
		free(copy);
		return id;
	}
	if (len < 2 || text[0] != '"' || !gg_utf8_valid(text, len))
		return NULL;
	parsed = cJSON_ParseWithLength(text, len);
	if (cJSON_IsString(parsed))
		id = cJSON_CreateString(parsed->valuestring);
	cJSON_Delete(parsed);
	return id;
}

static void rpc_invalid(gg_rpc_message *out, int code, const char *message)
{
	out->kind = GG_RPC_INVALID;
	out->method = NULL;
	out->params = NULL;
	out->error_code = code;
	out->error_message = message;
}

void gg_rpc_parse(const char *body, size_t len, gg_rpc_message *out)
{
	const char *end = NULL;
	const cJSON *jsonrpc, *id, *method;
	cJSON *params;
	bool has_result, has_error, id_ok;

	memset(out, 0, sizeof *out);
	if (!gg_utf8_valid(body, len)) {
		rpc_invalid(out, GG_RPC_PARSE_ERROR, "invalid UTF-8");
		return;
	}
	out->root = len ? cJSON_ParseWithLengthOpts(body, len, &end, 0) : NULL;
	if (!out->root) {
		rpc_invalid(out, GG_RPC_PARSE_ERROR, "invalid JSON");
		return;
	}
	for (const char *p = end; p < body + len; p++) {
		if (!rpc_is_json_space(*p)) {
			rpc_invalid(out, GG_RPC_PARSE_ERROR, "trailing characters after the JSON value");
			return;
		}
	}
	if (cJSON_IsArray(out->root)) {
		rpc_invalid(out, GG_RPC_INVALID_REQUEST, "batch requests are not supported");
		return;
	}
	if (!cJSON_IsObject(out->root)) {
		rpc_invalid(out, GG_RPC_INVALID_REQUEST, "a message must be a JSON object");
		return;
	}

	/* The id is read first so that every later error can still be answered to it. */
	id = cJSON_GetObjectItemCaseSensitive(out->root, "id");
	id_ok = id && (cJSON_IsNumber(id) || cJSON_IsString(id));
	if (id_ok) {
		out->id = cJSON_IsNumber(id) ? rpc_number_id(body, len, out->root, id)
					     : cJSON_CreateString(id->valuestring);
		if (!out->id) {
			rpc_invalid(out, GG_RPC_INTERNAL_ERROR, "out of memory");
			return;
		}
	}

	if (gg_json_texts_find(&out->texts, out->root, body, len) != 0) {
		rpc_invalid(out, GG_RPC_INTERNAL_ERROR, "out of memory");
		return;
	}

	jsonrpc = cJSON_GetObjectItemCaseSensitive(out->root, "jsonrpc");
	if (!cJSON_IsString(jsonrpc) || strcmp(jsonrpc->valuestring, "2.0") != 0) {
		rpc_invalid(out, GG_RPC_INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
		return;
	}

	method = cJSON_GetObjectItemCaseSensitive(out->root, "method");
	if (method) {
		if (id && !id_ok) {
			rpc_invalid(out, GG_RPC_INVALID_REQUEST, "\"id\" must be a number or a string");
			return;
		}
		if (!cJSON_IsString(method)) {
			rpc_invalid(out, GG_RPC_INVALID_REQUEST, "\"method\" must be a string");
			return;
		}
		params = cJSON_GetObjectItemCaseSensitive(out->root, "params");
		/* Some clients send "params": null for methods without params (shutdown): read as absent. */
		if (cJSON_IsNull(params))
			params = NULL;
		if (params && !cJSON_IsObject(params) && !cJSON_IsArray(params)) {
			rpc_invalid(out, GG_RPC_INVALID_PARAMS, "\"params\" must be an object or an array");
			out->silent = id == NULL;
			return;
		}
		out->kind = id ? GG_RPC_REQUEST : GG_RPC_NOTIFICATION;
		out->method = method->valuestring;
		out->params = params;
		return;
	}

	has_result = cJSON_GetObjectItemCaseSensitive(out->root, "result") != NULL;
	has_error = cJSON_GetObjectItemCaseSensitive(out->root, "error") != NULL;
	if (!has_result && !has_error) {
		rpc_invalid(out, GG_RPC_INVALID_REQUEST, "missing \"method\"");
		return;
	}
	/* Malformed or not, a response is never answered: answering could loop between peers. */
	out->kind = GG_RPC_RESPONSE;
}

void gg_rpc_message_free(gg_rpc_message *m)
{
	gg_json_texts_free(&m->texts);
	cJSON_Delete(m->root);
	cJSON_Delete(m->id);
	memset(m, 0, sizeof *m);
}

const char *gg_rpc_string(const gg_rpc_message *m, const cJSON *item, size_t *len)
{
	return gg_json_texts_get(m ? &m->texts : NULL, item, len);
}

/* Adds item to obj, deleting item when that fails. Returns false on failure. */
static bool rpc_add(cJSON *obj, const char *key, cJSON *item)
{
	if (!item)
		return false;
	if (!cJSON_AddItemToObject(obj, key, item)) {
		cJSON_Delete(item);
		return false;
	}
	return true;
}

static cJSON *rpc_id_copy(const cJSON *id)
{
	return id ? cJSON_Duplicate(id, 1) : cJSON_CreateNull();
}

/* {"jsonrpc":"2.0"}: every message starts with the version. */
static cJSON *rpc_envelope(void)
{
	cJSON *obj = cJSON_CreateObject();

	if (obj && !rpc_add(obj, "jsonrpc", cJSON_CreateString("2.0"))) {
		cJSON_Delete(obj);
		return NULL;
	}
	return obj;
}

/* Prints and deletes obj; NULL obj or a failed step (ok false) gives NULL. */
static char *rpc_finish(cJSON *obj, bool ok)
{
	char *text = ok && obj ? cJSON_PrintUnformatted(obj) : NULL;

	cJSON_Delete(obj);
	return text;
}

char *gg_rpc_encode_result(const cJSON *id, cJSON *result)
{
	cJSON *obj = rpc_envelope();
	bool ok = obj && rpc_add(obj, "id", rpc_id_copy(id));

	if (!result)
		result = cJSON_CreateNull();
	if (ok)
		ok = rpc_add(obj, "result", result);
	else
		cJSON_Delete(result);
	return rpc_finish(obj, ok);
}

char *gg_rpc_encode_error(const cJSON *id, int code, const char *message, cJSON *data)
{
	cJSON *obj = rpc_envelope();
	cJSON *err = cJSON_CreateObject();
	bool ok = obj && err && rpc_add(obj, "id", rpc_id_copy(id));

	/* err is added last so that it has a single owner at every step. */
	ok = ok && rpc_add(err, "code", cJSON_CreateNumber(code));
	ok = ok && rpc_add(err, "message", cJSON_CreateString(message ? message : ""));
	if (data) {
		if (ok)
			ok = rpc_add(err, "data", data);
		else
			cJSON_Delete(data);
	}
	if (ok)
		ok = rpc_add(obj, "error", err);
	else
		cJSON_Delete(err);
	return rpc_finish(obj, ok);
}

/* The method and params members shared by requests and notifications. */
static bool rpc_add_call(cJSON *obj, bool ok, const char *method, cJSON *params)
{
	ok = ok && rpc_add(obj, "method", cJSON_CreateString(method ? method : ""));
	if (params) {
		if (ok)
			ok = rpc_add(obj, "params", params);
		else
			cJSON_Delete(params);
	}
	return ok;
}

char *gg_rpc_encode_notification(const char *method, cJSON *params)
{
	cJSON *obj = rpc_envelope();

	return rpc_finish(obj, rpc_add_call(obj, obj != NULL, method, params));
}

char *gg_rpc_encode_request(const cJSON *id, const char *method, cJSON *params)
{
	cJSON *obj = rpc_envelope();
	bool ok = obj && rpc_add(obj, "id", rpc_id_copy(id));

	return rpc_finish(obj, rpc_add_call(obj, ok, method, params));
}

int gg_rpc_id_equal(const cJSON *a, const cJSON *b)
{
	bool a_num, b_num;

	if (!a || !b)
		return 0;
	if (cJSON_IsString(a) && cJSON_IsString(b))
		return strcmp(a->valuestring, b->valuestring) == 0;
	a_num = cJSON_IsNumber(a) || cJSON_IsRaw(a);
	b_num = cJSON_IsNumber(b) || cJSON_IsRaw(b);
	if (!a_num || !b_num)
		return 0;
	if (cJSON_IsRaw(a) && cJSON_IsRaw(b))
		return strcmp(a->valuestring, b->valuestring) == 0 ||
		       strtod(a->valuestring, NULL) == strtod(b->valuestring, NULL);
	return (cJSON_IsRaw(a) ? strtod(a->valuestring, NULL) : a->valuedouble) ==
	       (cJSON_IsRaw(b) ? strtod(b->valuestring, NULL) : b->valuedouble);
}

const char *gg_json_string(const cJSON *obj, const char *key)
{
	const cJSON *it = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;

	return cJSON_IsString(it) ? it->valuestring : NULL;
}

cJSON *gg_json_object(const cJSON *obj, const char *key)
{
	cJSON *it = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;

	return cJSON_IsObject(it) ? it : NULL;
}

cJSON *gg_json_array(const cJSON *obj, const char *key)
{
	cJSON *it = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;

	return cJSON_IsArray(it) ? it : NULL;
}

int gg_json_uint32(const cJSON *obj, const char *key, unsigned *out)
{
	const cJSON *it = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
	double v;

	if (!cJSON_IsNumber(it))
		return -1;
	v = it->valuedouble;
	/* The range test also rejects NaN; the round trip rejects fractions. */
	if (!(v >= 0.0 && v <= 4294967295.0) || (double)(uint32_t)v != v)
		return -1;
	*out = (unsigned)v;
	return 0;
}

int gg_json_int64(const cJSON *obj, const char *key, long long *out)
{
	const cJSON *it = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
	double v;

	if (!cJSON_IsNumber(it))
		return -1;
	v = it->valuedouble;
	if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0) || (double)(long long)v != v)
		return -1;
	*out = (long long)v;
	return 0;
}
