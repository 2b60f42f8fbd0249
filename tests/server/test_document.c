/*
 * Document edits: LSP changes in every position encoding applied to the
 * text, and the tree kept in step (ts_tree_edit + incremental parse) agreeing
 * with a fresh parse after many random edits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "lsp/document.h"

static int failures;

#define CHECK(cond)                                                                  \
	do {                                                                         \
		if (!(cond)) {                                                       \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
			failures++;                                                  \
		}                                                                    \
	} while (0)

#define CHECK_TEXT(doc, expected)                                                               \
	do {                                                                                    \
		if ((doc)->len != strlen(expected) || memcmp((doc)->text, expected, (doc)->len) != 0) { \
			fprintf(stderr, "%s:%d: text is \"%.*s\", expected \"%s\"\n", __FILE__, __LINE__, \
				(int)(doc)->len, (doc)->text, expected);                          \
			failures++;                                                             \
		}                                                                               \
	} while (0)

static gg_position pos(uint32_t line, uint32_t character)
{
	gg_position p = { line, character };
	return p;
}

static void edit(gg_document *doc, gg_position a, gg_position b, gg_encoding enc, const char *text)
{
	CHECK(gg_document_apply_change(doc, a, b, enc, text, strlen(text)) == 0);
}

static gg_document *open_doc(const char *text)
{
	gg_document *doc = gg_document_new("file:///tmp/t.py", "python", 1, text, strlen(text));
	CHECK(doc != NULL);
	return doc;
}

static void test_ascii_edits(void)
{
	gg_document *doc = open_doc("abc\ndef\n");
	edit(doc, pos(0, 1), pos(0, 2), GG_ENC_UTF16, "XY");
	CHECK_TEXT(doc, "aXYc\ndef\n");
	edit(doc, pos(0, 4), pos(1, 1), GG_ENC_UTF16, "");
	CHECK_TEXT(doc, "aXYcef\n");
	edit(doc, pos(1, 0), pos(1, 0), GG_ENC_UTF16, "new line\n");
	CHECK_TEXT(doc, "aXYcef\nnew line\n");
	CHECK(gg_document_replace_all(doc, "x", 1) == 0);
	CHECK_TEXT(doc, "x");
	gg_document_free(doc);
}

static void test_non_ascii_encodings(void)
{
	/* "é" is 2 bytes / 1 unit; "😀" is 4 bytes / 2 utf-16 units / 1 code point; "中" 3 bytes. */
	const char *text = "é😀中x\n";
	gg_document *doc = open_doc(text);
	edit(doc, pos(0, 3), pos(0, 4), GG_ENC_UTF16, "-");
	CHECK_TEXT(doc, "é😀-x\n");
	gg_document_free(doc);

	doc = open_doc(text);
	edit(doc, pos(0, 2), pos(0, 3), GG_ENC_UTF32, "-");
	CHECK_TEXT(doc, "é😀-x\n");
	gg_document_free(doc);

	doc = open_doc(text);
	edit(doc, pos(0, 6), pos(0, 9), GG_ENC_UTF8, "-");
	CHECK_TEXT(doc, "é😀-x\n");
	gg_document_free(doc);

	/* A combining mark is its own code point: "e\u0301" is two characters. */
	doc = open_doc("e\xcc\x81z\n");
	edit(doc, pos(0, 2), pos(0, 3), GG_ENC_UTF16, "Q");
	CHECK_TEXT(doc, "e\xcc\x81Q\n");
	gg_document_free(doc);
}

static void test_line_ends_and_clamping(void)
{
	gg_document *doc = open_doc("ab\r\ncd\ref\n");
	edit(doc, pos(1, 1), pos(2, 1), GG_ENC_UTF16, "_");
	CHECK_TEXT(doc, "ab\r\nc_f\n");
	/* Past the line's end means its end, before the CRLF. */
	edit(doc, pos(0, 99), pos(0, 99), GG_ENC_UTF16, "!");
	CHECK_TEXT(doc, "ab!\r\nc_f\n");
	/* Past the last line means the end of the document. */
	edit(doc, pos(99, 0), pos(99, 5), GG_ENC_UTF16, "END");
	CHECK_TEXT(doc, "ab!\r\nc_f\nEND");
	/* A start after the end is the range between them. */
	edit(doc, pos(1, 3), pos(1, 0), GG_ENC_UTF16, "z");
	CHECK_TEXT(doc, "ab!\r\nz\nEND");
	gg_document_free(doc);
}

static char *tree_string(TSTree *tree)
{
	return ts_node_string(ts_tree_root_node(tree));
}

/* Random edits, reparsed incrementally, must give the tree a fresh parse gives. */
static void test_incremental_tree_matches_fresh(void)
{
	static const char *const snippets[] = {
		"x", "(", ")", "\n", "    ", "model(x)\n", "with torch.no_grad():\n    ", "def f(a):\n", "é", "😀",
		"\r\n", "\r", "'", "\"\"\"", "#", ":", "for b in val_loader:\n", "model.eval()\n", "", "[{(",
	};
	const char *start = "import torch\n\ndef validate(model, loader):\n    model.eval()\n"
			    "    for x in loader:\n        y = model(x)\n    return y\n";
	TSParser *parser = gg_python_parser_new();
	gg_document *doc = open_doc(start);
	CHECK(gg_document_parse(doc, parser) == 0);
	srand(12345);
	for (int i = 0; i < 3000 && !failures; i++) {
		gg_encoding enc = (gg_encoding)(rand() % 3);
		uint32_t lines = (uint32_t)doc->lines.count;
		gg_position a = pos((uint32_t)rand() % (lines + 1), (uint32_t)rand() % 40);
		gg_position b = rand() % 3 ? a : pos((uint32_t)rand() % (lines + 1), (uint32_t)rand() % 40);
		const char *ins = snippets[rand() % (int)(sizeof snippets / sizeof snippets[0])];
		edit(doc, a, b, enc, ins);
		if (doc->len > 4000)
			CHECK(gg_document_replace_all(doc, start, strlen(start)) == 0);
		/* The count the parse's guard reads, kept through the edits. */
		CHECK(doc->open_brackets == gg_python_open_brackets(doc->text, doc->len));
		if (rand() % 4 == 0 || i % 50 == 0) {
			CHECK(gg_document_parse(doc, parser) == 0);
			TSTree *fresh = gg_python_parse(parser, NULL, doc->text, doc->len);
			char *inc = tree_string(doc->tree), *ref = tree_string(fresh);
			if (strcmp(inc, ref) != 0) {
				fprintf(stderr, "edit %d: incremental tree differs from a fresh parse of:\n%.*s\n", i,
					(int)doc->len, doc->text);
				failures++;
			}
			free(inc);
			free(ref);
			ts_tree_delete(fresh);
		}
	}
	gg_document_free(doc);
	ts_parser_delete(parser);
}

int main(void)
{
	test_ascii_edits();
	test_non_ascii_encodings();
	test_line_ends_and_clamping();
	test_incremental_tree_matches_fresh();
	if (failures) {
		fprintf(stderr, "%d check(s) failed\n", failures);
		return 1;
	}
	printf("document tests passed\n");
	return 0;
}
