#ifndef GG_RPC_PEEK_H
#define GG_RPC_PEEK_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * What a JSON-RPC message is, read from its body as the bytes stream past,
 * without holding the body: the top-level "id" (a number, or a string of at
 * most GG_RPC_PEEK_MAX_ID bytes as written), and whether "method", "result"
 * or "error" are there. It is for bodies too large to parse (over
 * --max-message-size), so that a request still gets its error reply.
 * Constant memory, linear time, any bytes: a body that is not a JSON object
 * simply yields nothing.
 */

#define GG_RPC_PEEK_MAX_ID 1024

typedef struct gg_rpc_peek {
	/* Internal state; see rpc_peek.c. */
	int state;
	size_t depth;  /* nesting inside a top-level member's value */
	bool escape;   /* the previous byte of a string was a backslash */
	char key[8];   /* the top-level key being read ("method" is the longest we need) */
	size_t key_len;
	bool key_plain; /* the key so far has no escapes and fits key[] */
	int member;     /* which of our members the current value belongs to */

	char id[GG_RPC_PEEK_MAX_ID]; /* the id's text as written (quotes included for a string) */
	size_t id_len;
	bool id_seen;     /* an "id" member was there (the first one is kept, as cJSON does) */
	bool id_too_long; /* ... but its text did not fit id[] */
	bool has_method, has_result, has_error;
} gg_rpc_peek;

void gg_rpc_peek_init(gg_rpc_peek *p);
void gg_rpc_peek_push(gg_rpc_peek *p, const char *data, size_t len);

/* A request: a method and an id (gg_rpc_peek_id says whether the id could be read). */
bool gg_rpc_peek_is_request(const gg_rpc_peek *p);
/* The id as gg_rpc_parse keeps it (caller owns), or NULL: none, not a number or string, too long, or no memory. */
cJSON *gg_rpc_peek_id(const gg_rpc_peek *p);

#endif
