#include "rpc_peek.h"

#include "check.h"

#include <stdlib.h>
#include <string.h>

/* Each body fed whole and one byte at a time must give the same answer. */
typedef struct peek_case {
	const char *body;
	bool request;
	const char *id; /* the id as printed, or NULL when none can be read */
	bool method, result;
} peek_case;

static const peek_case peek_cases[] = {
	{ "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"x\",\"params\":{}}", true, "7", true, false },
	{ "{\"params\":{\"id\":1,\"text\":\"}\\\"{\"},\"method\":\"m\",\"id\":\"a\\\"b\"}", true, "\"a\\\"b\"", true, false },
	{ "\xEF\xBB\xBF  {\"id\" : 12345678901234567890 , \"method\":\"m\"}", true, "12345678901234567890", true, false },
	{ "{\"id\":1.5e3,\"method\":\"m\"}", true, "1.5e3", true, false },
	{ "{\"method\":\"m\",\"params\":[[[[\"id\"]]]]}", false, NULL, true, false },
	{ "{\"id\":1,\"id\":2,\"method\":\"m\"}", true, "1", true, false },
	{ "{\"id\":1,\"result\":null}", false, "1", false, true },
	{ "{\"id\":null,\"method\":\"m\"}", true, NULL, true, false },
	{ "{\"id\":{\"a\":1},\"method\":\"m\"}", true, NULL, true, false },
	{ "{\"id\":01,\"method\":\"m\"}", true, NULL, true, false },
	{ "{\"i\\u0064\":1,\"method\":\"m\"}", false, NULL, true, false },
	{ "[{\"id\":1,\"method\":\"m\"}]", false, NULL, false, false },
	{ "{\"id\":1 junk \"method\":\"m\"}", false, "1", false, false },
	{ "", false, NULL, false, false },
};

static void check_peek(const peek_case *c, const gg_rpc_peek *p)
{
	CHECK_EQ_INT(gg_rpc_peek_is_request(p), c->request);
	CHECK_EQ_INT(p->has_method, c->method);
	CHECK_EQ_INT(p->has_result, c->result);
	cJSON *id = gg_rpc_peek_id(p);
	char *text = id ? cJSON_PrintUnformatted(id) : NULL;
	if (c->id) {
		CHECK(text != NULL && strcmp(text, c->id) == 0);
		if (!text || strcmp(text, c->id) != 0)
			fprintf(stderr, "  body %s: id %s, expected %s\n", c->body, text ? text : "(none)", c->id);
	} else {
		CHECK(id == NULL);
	}
	free(text);
	cJSON_Delete(id);
}

static void test_cases(void)
{
	for (size_t i = 0; i < sizeof peek_cases / sizeof peek_cases[0]; i++) {
		const peek_case *c = &peek_cases[i];
		gg_rpc_peek p;
		gg_rpc_peek_init(&p);
		gg_rpc_peek_push(&p, c->body, strlen(c->body));
		check_peek(c, &p);
		gg_rpc_peek_init(&p);
		for (size_t k = 0; c->body[k]; k++)
			gg_rpc_peek_push(&p, c->body + k, 1);
		check_peek(c, &p);
	}
}

/* An id longer than the peek holds is not guessed at; a huge body costs no memory. */
static void test_bounds(void)
{
	gg_rpc_peek p;
	gg_rpc_peek_init(&p);
	gg_rpc_peek_push(&p, "{\"method\":\"m\",\"id\":\"", 20);
	for (int i = 0; i < 2 * GG_RPC_PEEK_MAX_ID; i++)
		gg_rpc_peek_push(&p, "x", 1);
	gg_rpc_peek_push(&p, "\"}", 2);
	CHECK(gg_rpc_peek_is_request(&p));
	CHECK(gg_rpc_peek_id(&p) == NULL);

	/* Deep nesting before the id: a counter, not a stack. */
	gg_rpc_peek_init(&p);
	gg_rpc_peek_push(&p, "{\"params\":", 10);
	for (int i = 0; i < 1000000; i++)
		gg_rpc_peek_push(&p, "[", 1);
	for (int i = 0; i < 1000000; i++)
		gg_rpc_peek_push(&p, "]", 1);
	gg_rpc_peek_push(&p, ",\"id\":\"deep\",\"method\":\"m\"}", 26);
	cJSON *id = gg_rpc_peek_id(&p);
	CHECK(cJSON_IsString(id) && strcmp(id->valuestring, "deep") == 0);
	cJSON_Delete(id);
}

int main(void)
{
	test_cases();
	test_bounds();
	return check_report();
}
