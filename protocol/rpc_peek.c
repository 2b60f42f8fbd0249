#include "rpc_peek.h"

#include <string.h>

#include "jsonrpc.h"

/*
 * A scanner of the top level of one JSON object. Only the members of the
 * outermost object are told apart; a nested value is skipped by counting
 * brackets outside strings, so any depth costs one counter. Malformed input
 * ends the scan (PEEK_DONE) with whatever was learnt before.
 */
enum {
	PEEK_START,          /* before the opening brace */
	PEEK_MEMBER,         /* expecting a key, ',' or '}' */
	PEEK_KEY,            /* inside a key */
	PEEK_COLON,          /* after a key */
	PEEK_VALUE,          /* expecting a value */
	PEEK_STRING,         /* inside a string value of the top level */
	PEEK_SCALAR,         /* inside a number or literal of the top level */
	PEEK_NESTED,         /* inside an object or array value, outside strings */
	PEEK_NESTED_STRING,  /* inside a string within one */
	PEEK_AFTER,          /* after a value: ',' or '}' */
	PEEK_DONE,
};

enum { MEMBER_OTHER, MEMBER_ID, MEMBER_METHOD, MEMBER_RESULT, MEMBER_ERROR };

/* cJSON takes every byte up to ' ' as whitespace between tokens; so do we. */
static inline bool peek_space(unsigned char c)
{
	return c <= ' ';
}

void gg_rpc_peek_init(gg_rpc_peek *p)
{
	memset(p, 0, sizeof *p);
	p->state = PEEK_START;
}

static void peek_id_append(gg_rpc_peek *p, char c)
{
	if (p->member != MEMBER_ID || p->id_too_long)
		return;
	if (p->id_len == sizeof p->id) {
		p->id_too_long = true;
		return;
	}
	p->id[p->id_len++] = c;
}

static void peek_key_end(gg_rpc_peek *p)
{
	static const struct {
		const char *name;
		int member;
	} known[] = { { "id", MEMBER_ID }, { "method", MEMBER_METHOD }, { "result", MEMBER_RESULT }, { "error", MEMBER_ERROR } };

	p->member = MEMBER_OTHER;
	if (!p->key_plain)
		return;
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		if (strlen(known[i].name) == p->key_len && memcmp(known[i].name, p->key, p->key_len) == 0)
			p->member = known[i].member;
	}
	switch (p->member) {
	case MEMBER_ID:
		/* cJSON answers the first of duplicate keys; so does the reply. */
		if (p->id_seen)
			p->member = MEMBER_OTHER;
		p->id_seen = true;
		break;
	case MEMBER_METHOD: p->has_method = true; break;
	case MEMBER_RESULT: p->has_result = true; break;
	case MEMBER_ERROR: p->has_error = true; break;
	default: break;
	}
}

/* A byte after a top-level value, or ending a scalar. */
static void peek_after(gg_rpc_peek *p, char c)
{
	if (c == ',')
		p->state = PEEK_MEMBER;
	else if (c == '}' || !peek_space((unsigned char)c))
		p->state = PEEK_DONE;
	else
		p->state = PEEK_AFTER;
}

static void peek_byte(gg_rpc_peek *p, char c)
{
	unsigned char u = (unsigned char)c;

	switch (p->state) {
	case PEEK_START:
		/* A UTF-8 byte order mark is skipped, as cJSON does. */
		if (c == '{')
			p->state = PEEK_MEMBER;
		else if (!peek_space(u) && u != 0xEF && u != 0xBB && u != 0xBF)
			p->state = PEEK_DONE;
		break;
	case PEEK_MEMBER:
		if (c == '"') {
			p->state = PEEK_KEY;
			p->key_len = 0;
			p->key_plain = true;
			p->escape = false;
		} else if (c == '}' || (!peek_space(u) && c != ',')) {
			p->state = PEEK_DONE;
		}
		break;
	case PEEK_KEY:
		if (p->escape) {
			p->escape = false;
		} else if (c == '\\') {
			/* An escaped key could still spell "id"; such a message is not answered. */
			p->escape = true;
			p->key_plain = false;
		} else if (c == '"') {
			peek_key_end(p);
			p->state = PEEK_COLON;
		} else if (p->key_len < sizeof p->key) {
			p->key[p->key_len++] = c;
		} else {
			p->key_plain = false;
		}
		break;
	case PEEK_COLON:
		if (c == ':')
			p->state = PEEK_VALUE;
		else if (!peek_space(u))
			p->state = PEEK_DONE;
		break;
	case PEEK_VALUE:
		if (peek_space(u))
			break;
		if (c == '{' || c == '[') {
			p->depth = 1;
			p->state = PEEK_NESTED;
			if (p->member == MEMBER_ID)
				p->id_too_long = true; /* not an id a reply can carry */
			break;
		}
		peek_id_append(p, c);
		p->escape = false;
		p->state = c == '"' ? PEEK_STRING : PEEK_SCALAR;
		break;
	case PEEK_STRING:
		peek_id_append(p, c);
		if (p->escape)
			p->escape = false;
		else if (c == '\\')
			p->escape = true;
		else if (c == '"')
			p->state = PEEK_AFTER;
		break;
	case PEEK_SCALAR:
		if (c == ',' || c == '}' || peek_space(u))
			peek_after(p, c);
		else
			peek_id_append(p, c);
		break;
	case PEEK_NESTED:
		if (c == '"') {
			p->escape = false;
			p->state = PEEK_NESTED_STRING;
		} else if (c == '{' || c == '[') {
			p->depth++;
		} else if ((c == '}' || c == ']') && --p->depth == 0) {
			p->state = PEEK_AFTER;
		}
		break;
	case PEEK_NESTED_STRING:
		if (p->escape)
			p->escape = false;
		else if (c == '\\')
			p->escape = true;
		else if (c == '"')
			p->state = PEEK_NESTED;
		break;
	case PEEK_AFTER:
		peek_after(p, c);
		break;
	default:
		break;
	}
}

void gg_rpc_peek_push(gg_rpc_peek *p, const char *data, size_t len)
{
	for (size_t i = 0; i < len && p->state != PEEK_DONE; i++)
		peek_byte(p, data[i]);
}

bool gg_rpc_peek_is_request(const gg_rpc_peek *p)
{
	return p->has_method && p->id_seen;
}

cJSON *gg_rpc_peek_id(const gg_rpc_peek *p)
{
	if (!p->id_seen || p->id_too_long || p->id_len == 0)
		return NULL;
	return gg_rpc_id_from_text(p->id, p->id_len);
}
