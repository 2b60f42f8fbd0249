#include "jsonrpc.h"

#include "check.h"

#include <stdlib.h>
#include <string.h>

static void parse(const char *body, gg_rpc_message *m)
{
	gg_rpc_parse(body, strlen(body), m);
}

/* Parses body, answers it with a null result and compares the whole reply. */
static void check_echo(const char *body, const char *expected_reply)
{
	gg_rpc_message m;
	char *reply;

	parse(body, &m);
	CHECK_EQ_INT(m.kind, GG_RPC_REQUEST);
	CHECK(m.id != NULL);
	reply = gg_rpc_encode_result(m.id, NULL);
	CHECK_STR(reply, expected_reply);
	free(reply);
	gg_rpc_message_free(&m);
}

static void test_id_echo(void)
{
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890,\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":1.50,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":1.50,\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":-0,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":-0,\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":1E+2,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":1E+2,\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":1e400,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":1e400,\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":-9007199254740993,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":-9007199254740993,\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":null}");
	/* Whitespace of every kind around the id is not part of it. */
	check_echo("{ \"jsonrpc\" : \"2.0\" ,\n\t\"id\" :\r\n 42 \n, \"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":null}");
	check_echo("{\"method\":\"m\",\"jsonrpc\":\"2.0\",\"id\":7}",
		   "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":null}");
	/* Nested values with brackets and escaped quotes inside strings come before the id. */
	check_echo("{\"params\":{\"a\":\"}\\\"{\",\"b\":[1,{\"c\":\"]\\\\\"},[]],\"id\":5},\"jsonrpc\":\"2.0\","
		   "\"method\":\"m\",\"id\":99}",
		   "{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":null}");
	/* A duplicated key: the first one wins, as cJSON reads it. */
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":1.0,\"id\":2,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":1.0,\"result\":null}");
	/* A key spelled with an escape is the same key. */
	check_echo("{\"jsonrpc\":\"2.0\",\"\\u0069d\":3.25,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":3.25,\"result\":null}");
	/* A byte order mark before the object. */
	check_echo("\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":null}");

	/* String ids. */
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\\\\c\\n\",\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\\\\c\\n\",\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":\"\xE4\xB8\xAD\xF0\x9F\x98\x80\",\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":\"\xE4\xB8\xAD\xF0\x9F\x98\x80\",\"result\":null}");
	/* An escaped non-ASCII id comes back as the same string, in UTF-8. */
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":\"\\u00e9\\ud83d\\ude00\",\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":\"\xC3\xA9\xF0\x9F\x98\x80\",\"result\":null}");
	check_echo("{\"jsonrpc\":\"2.0\",\"id\":\"12\",\"method\":\"m\"}",
		   "{\"jsonrpc\":\"2.0\",\"id\":\"12\",\"result\":null}");
}

static void test_deep_params_before_id(void)
{
	const int depth = 500;
	size_t cap = (size_t)depth * 2 + 128;
	char *body = malloc(cap);
	size_t n = 0;
	gg_rpc_message m;

	if (!body)
		abort();
	n += (size_t)sprintf(body, "{\"params\":");
	for (int i = 0; i < depth; i++)
		body[n++] = '[';
	for (int i = 0; i < depth; i++)
		body[n++] = ']';
	n += (size_t)sprintf(body + n, ",\"jsonrpc\":\"2.0\",\"method\":\"m\",\"id\":8.5}");
	gg_rpc_parse(body, n, &m);
	CHECK_EQ_INT(m.kind, GG_RPC_REQUEST);
	CHECK(cJSON_IsRaw(m.id) && strcmp(m.id->valuestring, "8.5") == 0);
	gg_rpc_message_free(&m);
	free(body);

	/* Nesting past cJSON's limit is a parse error, not a crash. */
	const size_t deep = 100000;
	body = malloc(deep * 2);
	if (!body)
		abort();
	memset(body, '[', deep);
	memset(body + deep, ']', deep);
	gg_rpc_parse(body, deep * 2, &m);
	CHECK_EQ_INT(m.kind, GG_RPC_INVALID);
	CHECK_EQ_INT(m.error_code, GG_RPC_PARSE_ERROR);
	gg_rpc_message_free(&m);
	free(body);
}

static void test_classify(void)
{
	gg_rpc_message m;

	parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"a\":1}}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_REQUEST);
	CHECK_STR(m.method, "initialize");
	CHECK(cJSON_IsObject(m.params));
	CHECK(m.root != NULL);
	CHECK(cJSON_IsRaw(m.id) && strcmp(m.id->valuestring, "1") == 0);
	gg_rpc_message_free(&m);
	CHECK(m.root == NULL && m.id == NULL);

	parse("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_NOTIFICATION);
	CHECK_STR(m.method, "initialized");
	CHECK(m.id == NULL);
	gg_rpc_message_free(&m);

	parse("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_NOTIFICATION);
	CHECK(m.params == NULL);
	gg_rpc_message_free(&m);

	parse("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"m\",\"params\":[1,2]}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_REQUEST);
	CHECK(cJSON_IsArray(m.params));
	gg_rpc_message_free(&m);

	/* "params": null reads as no params. */
	parse("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"shutdown\",\"params\":null}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_REQUEST);
	CHECK(m.params == NULL);
	gg_rpc_message_free(&m);

	parse("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"result\":{\"applied\":true}}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_RESPONSE);
	CHECK(cJSON_IsString(m.id) && strcmp(m.id->valuestring, "s1") == 0);
	CHECK(m.method == NULL);
	gg_rpc_message_free(&m);

	parse("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":null}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_RESPONSE);
	gg_rpc_message_free(&m);

	parse("{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32601,\"message\":\"no\"}}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_RESPONSE);
	gg_rpc_message_free(&m);

	/* An error response to something the peer could not read carries id null. */
	parse("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"x\"}}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_RESPONSE);
	CHECK(m.id == NULL);
	gg_rpc_message_free(&m);
}

static void check_invalid(const char *body, size_t len, int code, const char *message, const char *id_reply)
{
	gg_rpc_message m;

	gg_rpc_parse(body, len, &m);
	CHECK_EQ_INT(m.kind, GG_RPC_INVALID);
	CHECK_EQ_INT(m.error_code, code);
	if (message)
		CHECK_STR(m.error_message, message);
	else
		CHECK(m.error_message != NULL && m.error_message[0] != '\0');
	CHECK(m.method == NULL && m.params == NULL);
	/* The error reply carries the id when one was readable, null otherwise. */
	char *reply = gg_rpc_encode_error(m.id, m.error_code, m.error_message, NULL);
	CHECK(reply != NULL && strstr(reply, id_reply) != NULL);
	if (reply && !strstr(reply, id_reply))
		fprintf(stderr, "  reply %s lacks %s\n", reply, id_reply);
	free(reply);
	gg_rpc_message_free(&m);
}

#define INVALID(body, code, msg, id) check_invalid(body, strlen(body), code, msg, id)

static void test_invalid(void)
{
	const char *null_id = "\"id\":null";

	/* Not JSON. */
	INVALID("", GG_RPC_PARSE_ERROR, NULL, null_id);
	INVALID("{", GG_RPC_PARSE_ERROR, NULL, null_id);
	INVALID("hello", GG_RPC_PARSE_ERROR, NULL, null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"method\":\"m\",}", GG_RPC_PARSE_ERROR, NULL, null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"method\":\"m\"} x", GG_RPC_PARSE_ERROR, NULL, null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"method\":\"m\"}{}", GG_RPC_PARSE_ERROR, NULL, null_id);
	check_invalid("{\"jsonrpc\":\"2.0\",\"method\":\"m\"}\0", 32, GG_RPC_PARSE_ERROR, NULL, null_id);
	check_invalid("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}\x01", 38, GG_RPC_PARSE_ERROR, NULL, null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"method\":\"\xFF\"}", GG_RPC_PARSE_ERROR, "invalid UTF-8", null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"method\":\"\xED\xA0\x80\"}", GG_RPC_PARSE_ERROR, "invalid UTF-8", null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xC0\xAF\"}", GG_RPC_PARSE_ERROR, "invalid UTF-8",
		null_id);

	/* JSON, but not a single request object. */
	INVALID("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}]", GG_RPC_INVALID_REQUEST,
		"batch requests are not supported", null_id);
	INVALID("[]", GG_RPC_INVALID_REQUEST, "batch requests are not supported", null_id);
	INVALID("42", GG_RPC_INVALID_REQUEST, NULL, null_id);
	INVALID("\"str\"", GG_RPC_INVALID_REQUEST, NULL, null_id);
	INVALID("null", GG_RPC_INVALID_REQUEST, NULL, null_id);
	INVALID("  true \r\n", GG_RPC_INVALID_REQUEST, NULL, null_id);

	/* Version. */
	INVALID("{\"id\":1,\"method\":\"m\"}", GG_RPC_INVALID_REQUEST, NULL, "\"id\":1");
	INVALID("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"m\"}", GG_RPC_INVALID_REQUEST, NULL, "\"id\":1");
	INVALID("{\"jsonrpc\":2.0,\"id\":\"x\",\"method\":\"m\"}", GG_RPC_INVALID_REQUEST, NULL, "\"id\":\"x\"");

	/* Ids of the wrong type: refused, answered with id null. */
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"m\"}", GG_RPC_INVALID_REQUEST, NULL, null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"m\"}", GG_RPC_INVALID_REQUEST, NULL, null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"m\"}", GG_RPC_INVALID_REQUEST, NULL, null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"m\"}", GG_RPC_INVALID_REQUEST, NULL, null_id);

	/* Method and params. */
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":7}", GG_RPC_INVALID_REQUEST, NULL, "\"id\":5");
	INVALID("{\"jsonrpc\":\"2.0\",\"method\":null}", GG_RPC_INVALID_REQUEST, NULL, null_id);
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"m\",\"params\":\"s\"}", GG_RPC_INVALID_PARAMS, NULL,
		"\"id\":6");
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":6.0,\"method\":\"m\",\"params\":3}", GG_RPC_INVALID_PARAMS, NULL,
		"\"id\":6.0");
	INVALID("{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":false}", GG_RPC_INVALID_PARAMS, NULL, null_id);

	/* Neither a call nor a response. */
	INVALID("{\"jsonrpc\":\"2.0\",\"id\":8}", GG_RPC_INVALID_REQUEST, NULL, "\"id\":8");
	INVALID("{\"jsonrpc\":\"2.0\"}", GG_RPC_INVALID_REQUEST, NULL, null_id);
}

/* Whatever a response looks like, it is classified as one and never answered. */
static void test_responses_never_answered(void)
{
	static const char *const bodies[] = {
		"{\"jsonrpc\":\"2.0\",\"id\":true,\"result\":1}",
		"{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":1}",
		"{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":1,\"error\":{}}",
		"{\"jsonrpc\":\"2.0\",\"result\":1}",
	};
	for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
		gg_rpc_message m;
		parse(bodies[i], &m);
		CHECK_EQ_INT(m.kind, GG_RPC_RESPONSE);
		gg_rpc_message_free(&m);
	}
	/* A notification with bad params is refused without a reply. */
	gg_rpc_message m;
	parse("{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":1}", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_INVALID);
	CHECK(m.silent);
	gg_rpc_message_free(&m);
	parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":1}", &m);
	CHECK(!m.silent);
	gg_rpc_message_free(&m);
}

static void test_trailing_whitespace_ok(void)
{
	gg_rpc_message m;

	parse(" \t\r\n{\"jsonrpc\":\"2.0\",\"method\":\"m\"} \t\r\n", &m);
	CHECK_EQ_INT(m.kind, GG_RPC_NOTIFICATION);
	gg_rpc_message_free(&m);
}

/* A number id that cJSON accepts but JSON does not is echoed as cJSON reads it, never verbatim. */
static void test_lax_number_id(void)
{
	gg_rpc_message m;
	char *reply;

	parse("{\"jsonrpc\":\"2.0\",\"id\":007,\"method\":\"m\"}", &m);
	if (m.kind == GG_RPC_REQUEST) {
		reply = gg_rpc_encode_result(m.id, NULL);
		CHECK_STR(reply, "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":null}");
		free(reply);
	} else {
		CHECK_EQ_INT(m.kind, GG_RPC_INVALID);
	}
	gg_rpc_message_free(&m);
}

static void test_encoders(void)
{
	cJSON *id = cJSON_CreateRaw("12345678901234567890");
	cJSON *sid = cJSON_CreateString("q\"1");
	cJSON *nid = cJSON_CreateNumber(3);
	cJSON *obj;
	char *s;

	obj = cJSON_CreateObject();
	cJSON_AddNumberToObject(obj, "a", 1);
	s = gg_rpc_encode_result(id, obj);
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890,\"result\":{\"a\":1}}");
	free(s);

	s = gg_rpc_encode_result(NULL, cJSON_CreateArray());
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":[]}");
	free(s);

	s = gg_rpc_encode_error(NULL, GG_RPC_PARSE_ERROR, "Parse error", NULL);
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
	free(s);

	s = gg_rpc_encode_error(sid, GG_RPC_METHOD_NOT_FOUND, "no \"such\" method", cJSON_CreateString("x"));
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"id\":\"q\\\"1\",\"error\":{\"code\":-32601,"
		     "\"message\":\"no \\\"such\\\" method\",\"data\":\"x\"}}");
	free(s);

	s = gg_rpc_encode_error(nid, GG_RPC_SERVER_NOT_INITIALIZED, NULL, NULL);
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32002,\"message\":\"\"}}");
	free(s);

	obj = cJSON_CreateObject();
	cJSON_AddStringToObject(obj, "message", "\xE4\xB8\xAD");
	s = gg_rpc_encode_notification("window/logMessage", obj);
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"method\":\"window/logMessage\",\"params\":{\"message\":\"\xE4\xB8\xAD\"}}");
	free(s);

	s = gg_rpc_encode_notification("exit", NULL);
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
	free(s);

	s = gg_rpc_encode_request(nid, "workspace/configuration", cJSON_CreateArray());
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"workspace/configuration\",\"params\":[]}");
	free(s);

	s = gg_rpc_encode_request(sid, "client/registerCapability", NULL);
	CHECK_STR(s, "{\"jsonrpc\":\"2.0\",\"id\":\"q\\\"1\",\"method\":\"client/registerCapability\"}");
	free(s);

	/* What the encoders write, the parser reads back with the same id. */
	gg_rpc_message m;
	s = gg_rpc_encode_request(id, "m", NULL);
	parse(s, &m);
	CHECK_EQ_INT(m.kind, GG_RPC_REQUEST);
	CHECK(gg_rpc_id_equal(m.id, id));
	CHECK(cJSON_IsRaw(m.id) && strcmp(m.id->valuestring, "12345678901234567890") == 0);
	gg_rpc_message_free(&m);
	free(s);

	cJSON_Delete(id);
	cJSON_Delete(sid);
	cJSON_Delete(nid);
}

static void test_id_equal(void)
{
	cJSON *raw12 = cJSON_CreateRaw("12");
	cJSON *raw12f = cJSON_CreateRaw("12.0");
	cJSON *num12 = cJSON_CreateNumber(12);
	cJSON *num13 = cJSON_CreateNumber(13);
	cJSON *s12 = cJSON_CreateString("12");
	cJSON *s12b = cJSON_CreateString("12");
	cJSON *null = cJSON_CreateNull();

	CHECK(gg_rpc_id_equal(raw12, num12));
	CHECK(gg_rpc_id_equal(num12, raw12));
	CHECK(gg_rpc_id_equal(raw12, raw12f));
	CHECK(!gg_rpc_id_equal(raw12, num13));
	CHECK(gg_rpc_id_equal(s12, s12b));
	CHECK(!gg_rpc_id_equal(s12, raw12));
	CHECK(!gg_rpc_id_equal(num12, s12));
	CHECK(!gg_rpc_id_equal(null, null));
	CHECK(!gg_rpc_id_equal(NULL, num12));
	CHECK(!gg_rpc_id_equal(NULL, NULL));
	cJSON_Delete(raw12);
	cJSON_Delete(raw12f);
	cJSON_Delete(num12);
	cJSON_Delete(num13);
	cJSON_Delete(s12);
	cJSON_Delete(s12b);
	cJSON_Delete(null);
}

static void test_readers(void)
{
	const char *text = "{\"s\":\"v\",\"o\":{},\"a\":[],\"n\":5,\"big\":4294967295,\"over\":4294967296,"
			   "\"neg\":-1,\"frac\":1.5,\"ll\":-9007199254740992,\"huge\":1e300,\"null\":null}";
	cJSON *root = cJSON_Parse(text);
	unsigned u = 77;
	long long ll = 77;

	CHECK(root != NULL);
	CHECK_STR(gg_json_string(root, "s"), "v");
	CHECK(gg_json_string(root, "o") == NULL);
	CHECK(gg_json_string(root, "missing") == NULL);
	CHECK(gg_json_string(NULL, "s") == NULL);
	CHECK(gg_json_object(root, "o") != NULL);
	CHECK(gg_json_object(root, "a") == NULL);
	CHECK(gg_json_array(root, "a") != NULL);
	CHECK(gg_json_array(root, "o") == NULL);
	CHECK(gg_json_object(gg_json_array(root, "a"), "x") == NULL);
	CHECK(gg_json_string(cJSON_GetObjectItem(root, "s"), "s") == NULL);

	CHECK_EQ_INT(gg_json_uint32(root, "n", &u), 0);
	CHECK_EQ_INT(u, 5);
	CHECK_EQ_INT(gg_json_uint32(root, "big", &u), 0);
	CHECK_EQ_INT(u, 4294967295u);
	u = 77;
	CHECK_EQ_INT(gg_json_uint32(root, "over", &u), -1);
	CHECK_EQ_INT(gg_json_uint32(root, "neg", &u), -1);
	CHECK_EQ_INT(gg_json_uint32(root, "frac", &u), -1);
	CHECK_EQ_INT(gg_json_uint32(root, "s", &u), -1);
	CHECK_EQ_INT(gg_json_uint32(root, "null", &u), -1);
	CHECK_EQ_INT(gg_json_uint32(root, "missing", &u), -1);
	CHECK_EQ_INT(gg_json_uint32(NULL, "n", &u), -1);
	CHECK_EQ_INT(u, 77);

	CHECK_EQ_INT(gg_json_int64(root, "neg", &ll), 0);
	CHECK_EQ_INT(ll, -1);
	CHECK_EQ_INT(gg_json_int64(root, "ll", &ll), 0);
	CHECK(ll == -9007199254740992LL);
	ll = 77;
	CHECK_EQ_INT(gg_json_int64(root, "huge", &ll), -1);
	CHECK_EQ_INT(gg_json_int64(root, "frac", &ll), -1);
	CHECK_EQ_INT(gg_json_int64(root, "s", &ll), -1);
	CHECK_EQ_INT(gg_json_int64(root, "missing", &ll), -1);
	CHECK_EQ_INT(ll, 77);
	cJSON_Delete(root);
}

/* CHECK_MEM for a literal that holds NULs. */
#define CHECK_BYTES(ptr, len, lit) \
	CHECK((ptr) != NULL && (len) == sizeof(lit) - 1 && memcmp((ptr), (lit), sizeof(lit) - 1) == 0)

/* Strings with NULs come back whole, wherever they sit in the tree; the rest as cJSON has them. */
static void test_strings_with_nul(void)
{
	static const char body[] =
		"{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":{\"a\":[\"x\",{\"k\\u0000\":\"\\\"q\\u0000\\ud83d\\ude00\\n\"}],"
		"\"text\":\"a\\u0000b\\u0001\\u0000\",\"plain\":\"no nul\"}}";
	gg_rpc_message m;
	size_t len = 0;

	gg_rpc_parse(body, strlen(body), &m);
	CHECK_EQ_INT(m.kind, GG_RPC_NOTIFICATION);
	const cJSON *text = cJSON_GetObjectItemCaseSensitive(m.params, "text");
	const char *t = gg_rpc_string(&m, text, &len);
	CHECK_BYTES(t, len, "a\0b\x01\0");
	const cJSON *plain = cJSON_GetObjectItemCaseSensitive(m.params, "plain");
	t = gg_rpc_string(&m, plain, &len);
	CHECK(t == plain->valuestring && len == 6);
	/* Nested in an array, under a key that itself holds a NUL. */
	const cJSON *obj = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(m.params, "a"), 1);
	t = gg_rpc_string(&m, obj ? obj->child : NULL, &len);
	CHECK_BYTES(t, len, "\"q\0\xF0\x9F\x98\x80\n");
	CHECK(gg_rpc_string(&m, m.params, &len) == NULL);
	CHECK(gg_rpc_string(NULL, plain, &len) == plain->valuestring);
	gg_rpc_message_free(&m);

	/* A raw NUL byte, which cJSON lets through inside a string. */
	static const char raw[] = "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":{\"text\":\"x\0y\"}}";
	gg_rpc_parse(raw, sizeof raw - 1, &m);
	if (m.kind == GG_RPC_NOTIFICATION) {
		t = gg_rpc_string(&m, cJSON_GetObjectItemCaseSensitive(m.params, "text"), &len);
		CHECK_BYTES(t, len, "x\0y");
	}
	gg_rpc_message_free(&m);
}

/* Written whole (gg_json_string_create) and read back whole: a text edit's newText with a NUL. */
static void test_string_create_with_nul(void)
{
	static const char text[] = "a\0\"b\\\x01\n\xC3\xA9";
	cJSON *params = cJSON_CreateObject();
	cJSON *plain = gg_json_string_create("plain", 5);
	CHECK(plain && cJSON_IsString(plain) && strcmp(plain->valuestring, "plain") == 0);
	cJSON_AddItemToObject(params, "plain", plain);
	cJSON_AddItemToObject(params, "text", gg_json_string_create(text, sizeof text - 1));
	char *p = cJSON_PrintUnformatted(params);
	cJSON_Delete(params);
	CHECK(p != NULL);
	char *body = NULL;
	CHECK(p && asprintf(&body, "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":%s}", p) > 0);
	free(p);
	gg_rpc_message m;
	size_t len = 0;
	gg_rpc_parse(body, strlen(body), &m);
	CHECK_EQ_INT(m.kind, GG_RPC_NOTIFICATION);
	const char *t = gg_rpc_string(&m, cJSON_GetObjectItemCaseSensitive(m.params, "text"), &len);
	CHECK_BYTES(t, len, text);
	gg_rpc_message_free(&m);
	free(body);
}

int main(void)
{
	test_strings_with_nul();
	test_string_create_with_nul();
	test_id_echo();
	test_deep_params_before_id();
	test_classify();
	test_invalid();
	test_responses_never_answered();
	test_trailing_whitespace_ok();
	test_lax_number_id();
	test_encoders();
	test_id_equal();
	test_readers();
	return check_report();
}
