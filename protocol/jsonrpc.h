#ifndef GG_JSONRPC_H
#define GG_JSONRPC_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "json_text.h"

/* JSON-RPC 2.0 and LSP error codes. */
enum {
	GG_RPC_PARSE_ERROR = -32700,
	GG_RPC_INVALID_REQUEST = -32600,
	GG_RPC_METHOD_NOT_FOUND = -32601,
	GG_RPC_INVALID_PARAMS = -32602,
	GG_RPC_INTERNAL_ERROR = -32603,
	GG_RPC_SERVER_NOT_INITIALIZED = -32002,
	GG_RPC_UNKNOWN_ERROR = -32001,
	GG_RPC_REQUEST_FAILED = -32803,
	GG_RPC_SERVER_CANCELLED = -32802,
	GG_RPC_CONTENT_MODIFIED = -32801,
	GG_RPC_REQUEST_CANCELLED = -32800,
};

typedef enum gg_rpc_kind {
	GG_RPC_REQUEST,
	GG_RPC_NOTIFICATION,
	GG_RPC_RESPONSE,
	GG_RPC_INVALID, /* error_code/error_message say why; id is set when one could be read */
} gg_rpc_kind;

typedef struct gg_rpc_message {
	gg_rpc_kind kind;
	cJSON *root;        /* owned; NULL when the body was not JSON */
	cJSON *id;          /* owned copy, exactly as sent (numbers kept as raw text); NULL if absent */
	const char *method; /* borrowed from root */
	cJSON *params;      /* borrowed from root; NULL if absent */
	int error_code;     /* for GG_RPC_INVALID */
	const char *error_message;
	bool silent;        /* GG_RPC_INVALID that must get no reply: it was a notification */
	gg_json_texts texts; /* owned; string values with NULs, whole (read them with gg_rpc_string) */
} gg_rpc_message;

/*
 * Parses and classifies one message body. Always fills *out (free it with
 * gg_rpc_message_free). Bodies that are not valid UTF-8 or not JSON give
 * GG_RPC_INVALID with GG_RPC_PARSE_ERROR; batches, missing/wrong "jsonrpc",
 * a bad id type or a non-string method give GG_RPC_INVALID_REQUEST; params
 * that are neither object nor array give GG_RPC_INVALID_PARAMS. Anything
 * without a method but with a result or an error is a response, never answered.
 */
void gg_rpc_parse(const char *body, size_t len, gg_rpc_message *out);
void gg_rpc_message_free(gg_rpc_message *m);

/*
 * A string item of m's tree, whole (NULs included) with its length; NULL
 * when item is no string. m may be NULL (then valuestring as cJSON has it).
 */
const char *gg_rpc_string(const gg_rpc_message *m, const cJSON *item, size_t *len);

/*
 * Encoders. Each returns a malloc'd NUL-terminated JSON text the caller owns,
 * or NULL on allocation failure. id may be NULL (written as null). Arguments
 * named "consumed" are owned by the callee from the call on, even on failure.
 */
char *gg_rpc_encode_result(const cJSON *id, cJSON *result /* consumed; NULL = null */);
char *gg_rpc_encode_error(const cJSON *id, int code, const char *message, cJSON *data /* consumed, may be NULL */);
char *gg_rpc_encode_notification(const char *method, cJSON *params /* consumed, may be NULL */);
char *gg_rpc_encode_request(const cJSON *id, const char *method, cJSON *params /* consumed, may be NULL */);

/*
 * True when two ids name the same request: strings by content, numbers by
 * value, whether held as cJSON numbers or as the raw text gg_rpc_parse keeps
 * (so a $/cancelRequest id matches the id of the request it cancels).
 */
int gg_rpc_id_equal(const cJSON *a, const cJSON *b);

/*
 * An id from its JSON text: a number (kept as raw text, as gg_rpc_parse
 * keeps it) or a string. Caller owns; NULL for anything else or no memory.
 */
cJSON *gg_rpc_id_from_text(const char *text, size_t len);

/* Field readers that tolerate any JSON: NULL / fallback when absent or of another type. */
const char *gg_json_string(const cJSON *obj, const char *key);
cJSON *gg_json_object(const cJSON *obj, const char *key);
cJSON *gg_json_array(const cJSON *obj, const char *key);
/* Reads a non-negative integer that fits in uint32. Returns 0 on success, -1 otherwise. */
int gg_json_uint32(const cJSON *obj, const char *key, unsigned *out);
int gg_json_int64(const cJSON *obj, const char *key, long long *out);

#endif
