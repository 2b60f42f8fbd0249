#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/* Defined by the tree-sitter-python grammar (parser.c). */
const TSLanguage *tree_sitter_python(void);

const TSLanguage *gg_python_language(void)
{
	return tree_sitter_python();
}

TSParser *gg_python_parser_new(void)
{
	TSParser *parser = ts_parser_new();
	if (!parser)
		return NULL;
	if (!ts_parser_set_language(parser, gg_python_language())) {
		/* The grammar's ABI is outside what this libtree-sitter loads. */
		ts_parser_delete(parser);
		return NULL;
	}
	return parser;
}

/*
 * Python ends lines at "\n", "\r\n" and a lone "\r" (universal newlines), but
 * the grammar only knows the first two. A text with a lone "\r" is read
 * through a TSInput that shows each lone "\r" as "\n": one byte for one byte,
 * so offsets do not move, and rows then count the same lines as LSP does.
 */
typedef struct python_cr_input {
	const char *text;
	size_t len;
	char chunk[4096];
} python_cr_input;

static const char *python_cr_read(void *payload, uint32_t byte, TSPoint point, uint32_t *bytes_read)
{
	python_cr_input *in = payload;
	(void)point;
	if (byte >= in->len) {
		*bytes_read = 0;
		return "";
	}
	size_t n = in->len - byte;
	if (n > sizeof in->chunk)
		n = sizeof in->chunk;
	const char *src = in->text + byte;
	for (size_t i = 0; i < n; i++) {
		bool lone = src[i] == '\r' && (byte + i + 1 >= in->len || src[i + 1] != '\n');
		in->chunk[i] = lone ? '\n' : src[i];
	}
	*bytes_read = (uint32_t)n;
	return in->chunk;
}

bool gg_python_has_lone_cr(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	while ((p = memchr(p, '\r', (size_t)(end - p))) != NULL) {
		if (p + 1 == end || p[1] != '\n')
			return true;
		p += 2;
	}
	return false;
}

/*
 * tree-sitter 0.20.7 (Debian 12's) counts a node's children in 16 bits: its
 * error recovery over more than 65,535 open brackets makes one node of them
 * all, and deleting that tree frees the wrong pointer. No Python nests that
 * deep (CPython stops at 200), so such a text is parsed as if it were empty.
 */
#define PYTHON_MAX_OPEN_BRACKETS 32768

bool gg_python_brackets_deeper(const char *text, size_t len, long limit)
{
	/* A table rather than a switch: this reads every byte of every file. */
	static const signed char delta[256] = {
		['('] = 1, ['['] = 1, ['{'] = 1, [')'] = -1, [']'] = -1, ['}'] = -1,
	};
	long depth = 0;
	for (size_t i = 0; i < len; i++) {
		depth += delta[(unsigned char)text[i]];
		if (depth < 0)
			depth = 0;
		else if (depth > limit)
			return true;
	}
	return false;
}

size_t gg_python_open_brackets(const char *text, size_t len)
{
	static const unsigned char opens[256] = { ['('] = 1, ['['] = 1, ['{'] = 1 };
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += opens[(unsigned char)text[i]];
	return n;
}

TSTree *gg_python_parse(TSParser *parser, const TSTree *old_tree, const char *text, size_t len)
{
	return gg_python_parse_counted(parser, old_tree, text, len, len);
}

TSTree *gg_python_parse_counted(TSParser *parser, const TSTree *old_tree, const char *text, size_t len,
				size_t open_brackets)
{
	if (len > UINT32_MAX)
		return NULL;
	/* No deeper than the brackets opened: the scan is for texts that open that many. */
	if (open_brackets > PYTHON_MAX_OPEN_BRACKETS && gg_python_brackets_deeper(text, len, PYTHON_MAX_OPEN_BRACKETS))
		return ts_parser_parse_string(parser, NULL, "", 0);
	if (!gg_python_has_lone_cr(text, len))
		return ts_parser_parse_string(parser, old_tree, text, (uint32_t)len);
	python_cr_input *in = malloc(sizeof *in);
	if (!in)
		return NULL;
	in->text = text;
	in->len = len;
	TSInput input = { in, python_cr_read, TSInputEncodingUTF8 };
	TSTree *tree = ts_parser_parse(parser, old_tree, input);
	free(in);
	return tree;
}
