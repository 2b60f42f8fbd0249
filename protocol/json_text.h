#ifndef GG_JSON_TEXT_H
#define GG_JSON_TEXT_H

#include <cjson/cJSON.h>
#include <stddef.h>

/*
 * The strings of a parsed JSON text that hold NUL characters ("\u0000", or
 * a raw NUL byte cJSON let through), whole. cJSON decodes them, but its
 * valuestring is NUL-terminated and keeps no length, so every reader sees
 * them cut at the first NUL; a document's text must not be (the CLI reads
 * the same file whole). Found by reading the raw text alongside the tree:
 * cJSON keeps members in document order, so the n-th string token of the
 * text is the n-th key or string value of a pre-order walk.
 */
typedef struct gg_json_text {
	const cJSON *item; /* the string item, borrowed from the tree */
	char *text;        /* owned; len bytes, NUL-terminated as well */
	size_t len;
} gg_json_text;

typedef struct gg_json_texts {
	gg_json_text *items; /* owned */
	size_t len, cap;
} gg_json_texts;

/*
 * Fills out with the string values of root (parsed by cJSON from body/len,
 * all of it) that hold a NUL. out is empty when none does. Returns 0, or
 * -ENOMEM (out then holds what was found so far; free it either way).
 */
int gg_json_texts_find(gg_json_texts *out, const cJSON *root, const char *body, size_t len);
void gg_json_texts_free(gg_json_texts *t);

/* item's whole text and its length: from t when it is there, else valuestring. NULL when item is no string. */
const char *gg_json_texts_get(const gg_json_texts *t, const cJSON *item, size_t *len);

/*
 * A JSON string item holding s[0, len) whole, NULs included: cJSON's own
 * string when s has no NUL, else the literal written out ("\u0000" for a NUL)
 * as a raw item, which cJSON prints as it is. The caller owns the item; NULL
 * on OOM.
 */
cJSON *gg_json_string_create(const char *s, size_t len);

#endif
