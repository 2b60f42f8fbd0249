#include "json_text.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One string token of the raw text: [start, end) between its quotes. */
typedef struct text_token {
	size_t start, end;
	bool has_nul;
} text_token;

/* The next string token at or after *pos; false when there is none. */
static bool text_next_token(const char *s, size_t len, size_t *pos, text_token *tok)
{
	size_t i = *pos;

	while (i < len && s[i] != '"')
		i++;
	if (i >= len)
		return false;
	tok->start = ++i;
	tok->has_nul = false;
	for (; i < len && s[i] != '"'; i++) {
		if (s[i] == '\0') {
			tok->has_nul = true;
		} else if (s[i] == '\\' && i + 1 < len) {
			i++;
			if (s[i] == 'u' && i + 4 < len && memcmp(s + i + 1, "0000", 4) == 0)
				tok->has_nul = true;
		}
	}
	tok->end = i < len ? i : len;
	*pos = i < len ? i + 1 : len;
	return true;
}

static int text_hex4(const char *s, uint32_t *out)
{
	uint32_t v = 0;
	for (int k = 0; k < 4; k++) {
		char c = s[k];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (uint32_t)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static size_t text_put_utf8(char *out, uint32_t cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/*
 * Decodes the JSON string s[0, n) (no quotes). The output is never longer
 * than the input. Returns 0, -EINVAL for an escape cJSON would have refused
 * (then the caller keeps cJSON's string), or -ENOMEM.
 */
static int text_decode(const char *s, size_t n, char **out, size_t *out_len)
{
	char *buf = malloc(n + 1);
	size_t j = 0;

	if (!buf)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\\') {
			buf[j++] = s[i];
			continue;
		}
		if (++i >= n)
			goto bad;
		switch (s[i]) {
		case '"': buf[j++] = '"'; break;
		case '\\': buf[j++] = '\\'; break;
		case '/': buf[j++] = '/'; break;
		case 'b': buf[j++] = '\b'; break;
		case 'f': buf[j++] = '\f'; break;
		case 'n': buf[j++] = '\n'; break;
		case 'r': buf[j++] = '\r'; break;
		case 't': buf[j++] = '\t'; break;
		case 'u': {
			uint32_t cp, lo;
			if (i + 4 >= n || text_hex4(s + i + 1, &cp) != 0)
				goto bad;
			i += 4;
			if (cp >= 0xDC00 && cp <= 0xDFFF)
				goto bad;
			if (cp >= 0xD800 && cp <= 0xDBFF) {
				/* A high surrogate must be followed by "\uDC00".."\uDFFF" (12 input bytes give 4). */
				if (i + 6 >= n || s[i + 1] != '\\' || s[i + 2] != 'u' || text_hex4(s + i + 3, &lo) != 0 ||
				    lo < 0xDC00 || lo > 0xDFFF)
					goto bad;
				i += 6;
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
			}
			j += text_put_utf8(buf + j, cp);
			break;
		}
		default:
			goto bad;
		}
	}
	buf[j] = '\0';
	*out = buf;
	*out_len = j;
	return 0;
bad:
	free(buf);
	return -EINVAL;
}

static int text_add(gg_json_texts *t, const cJSON *item, char *text, size_t len)
{
	if (t->len == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 4;
		gg_json_text *p = realloc(t->items, cap * sizeof *p);
		if (!p)
			return -ENOMEM;
		t->items = p;
		t->cap = cap;
	}
	t->items[t->len++] = (gg_json_text){ item, text, len };
	return 0;
}

int gg_json_texts_find(gg_json_texts *out, const cJSON *root, const char *body, size_t len)
{
	const cJSON **stack = NULL; /* the next sibling to visit at each open level */
	size_t depth = 0, cap = 0, pos = 0;
	int rc = 0;

	memset(out, 0, sizeof *out);
	/* Most messages have no NUL at all: one scan, no walk. */
	if (!memchr(body, '\0', len) && !memmem(body, len, "\\u0000", 6))
		return 0;
	/*
	 * Pre-order walk without recursion: an item's key token (inside an
	 * object) comes before its value's, and a container's children follow it.
	 */
	const cJSON *item = root;
	while (item && rc == 0) {
		text_token tok;
		/* cJSON names the members of objects: those have a key token first. */
		if (item->string) {
			if (!text_next_token(body, len, &pos, &tok))
				break; /* the text and the tree disagree: keep cJSON's strings */
		}
		if (cJSON_IsString(item)) {
			if (!text_next_token(body, len, &pos, &tok))
				break;
			if (tok.has_nul) {
				char *text = NULL;
				size_t n = 0;
				int d = text_decode(body + tok.start, tok.end - tok.start, &text, &n);
				if (d == -ENOMEM || (d == 0 && text_add(out, item, text, n) != 0)) {
					free(text);
					rc = -ENOMEM;
					break;
				}
			}
		}
		if ((cJSON_IsArray(item) || cJSON_IsObject(item)) && item->child) {
			if (depth == cap) {
				size_t ncap = cap ? cap * 2 : 16;
				const cJSON **p = realloc(stack, ncap * sizeof *p);
				if (!p) {
					rc = -ENOMEM;
					break;
				}
				stack = p;
				cap = ncap;
			}
			stack[depth++] = item == root ? NULL : item->next; /* NULL: the last of its level */
			item = item->child;
			continue;
		}
		/* On to the next sibling, climbing out of every level that is done. */
		item = item == root ? NULL : item->next;
		while (!item && depth > 0)
			item = stack[--depth];
	}
	free(stack);
	return rc;
}

void gg_json_texts_free(gg_json_texts *t)
{
	for (size_t i = 0; i < t->len; i++)
		free(t->items[i].text);
	free(t->items);
	memset(t, 0, sizeof *t);
}

const char *gg_json_texts_get(const gg_json_texts *t, const cJSON *item, size_t *len)
{
	if (!cJSON_IsString(item) || !item->valuestring)
		return NULL;
	for (size_t i = 0; t && i < t->len; i++) {
		if (t->items[i].item == item) {
			*len = t->items[i].len;
			return t->items[i].text;
		}
	}
	*len = strlen(item->valuestring);
	return item->valuestring;
}

cJSON *gg_json_string_create(const char *s, size_t len)
{
	if (!memchr(s, '\0', len)) {
		char *copy = malloc(len + 1);
		if (!copy)
			return NULL;
		memcpy(copy, s, len);
		copy[len] = '\0';
		cJSON *item = cJSON_CreateString(copy);
		free(copy);
		return item;
	}
	/* Each byte at most six ("\u001f"), and the quotes. */
	if (len > (SIZE_MAX - 3) / 6)
		return NULL;
	char *lit = malloc(6 * len + 3);
	if (!lit)
		return NULL;
	size_t j = 0;
	lit[j++] = '"';
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			lit[j++] = '\\';
			lit[j++] = (char)c;
		} else if (c < 0x20) {
			j += (size_t)snprintf(lit + j, 7, "\\u%04x", c);
		} else {
			lit[j++] = (char)c;
		}
	}
	lit[j++] = '"';
	lit[j] = '\0';
	cJSON *item = cJSON_CreateRaw(lit);
	free(lit);
	return item;
}
