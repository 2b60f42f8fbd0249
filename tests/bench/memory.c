/*
 * What a document costs in memory as the language server holds it (SPEC §8:
 * the server's own state beyond the text and its tree stays under a quarter
 * of the tree's cost): the file is opened as a gg_document, parsed, checked
 * by an analyzer that keeps the tree for the next edit, then edited EDITS
 * times (a character typed at the middle line, as keystroke_latency.py
 * types), each parsed and checked again. The heap (glibc's mallinfo2, mmap'd
 * blocks included) is read between the steps; "most seen" is the largest
 * reading after an edit's check, not the peak inside one.
 *
 * usage: memory FILE [EDITS]
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "lsp/document.h"
#include "pyfiles.h"

static size_t heap(void)
{
	struct mallinfo2 m = mallinfo2();
	return m.uordblks + m.hblkhd;
}

static int check(gg_analyzer *a, gg_document *doc, TSParser *parser)
{
	if (gg_document_parse(doc, parser) != 0)
		return -1;
	gg_findings_free(&doc->findings);
	gg_findings_init(&doc->findings);
	gg_source src = { doc->text, doc->len, doc->tree, "/bench/memory/module.py", NULL, NULL, NULL, NULL };
	return gg_analyzer_check(a, &src, &doc->findings) < 0 ? -1 : 0;
}

static void row(const char *what, size_t bytes, size_t tree)
{
	printf("%-44s %10.2f MB", what, bytes / 1e6);
	if (tree)
		printf("  %5.1f%% of the tree", 100.0 * (double)bytes / (double)tree);
	printf("\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: memory FILE [EDITS]\n");
		return 2;
	}
	long edits = argc > 2 ? strtol(argv[2], NULL, 10) : 30;
	size_t len = 0;
	char *text = NULL;
	if (gg_pyfiles_read(argv[1], &text, &len))
		text = NULL;
	char *err = NULL;
	gg_analyzer *a = gg_analyzer_new(&err);
	TSParser *parser = gg_python_parser_new();
	if (!text || !a || !parser) {
		fprintf(stderr, "memory: %s\n", !text ? "cannot read the file" : err ? err : "cannot start the analysis");
		return 1;
	}
	/*
	 * A first parse, thrown away: the parser's buffers are the process's.
	 * The analyzer's working state is counted with the document: the
	 * server keeps one, for the document last analysed.
	 */
	TSTree *warm = gg_python_parse(parser, NULL, text, len);
	ts_tree_delete(warm);

	size_t h0 = heap();
	gg_document *doc = gg_document_new("file:///bench/memory/module.py", "python", 1, text, len);
	size_t h1 = heap();
	if (!doc || gg_document_parse(doc, parser)) {
		fprintf(stderr, "memory: cannot parse %s\n", argv[1]);
		return 1;
	}
	size_t h2 = heap();
	if (check(a, doc, parser)) {
		fprintf(stderr, "memory: cannot analyse %s\n", argv[1]);
		return 1;
	}
	size_t h3 = heap();
	size_t at = doc->len / 2;
	while (at < doc->len && doc->text[at] != '\n')
		at++;
	size_t most = h3;
	for (long e = 0; e < edits; e++) {
		gg_position p = gg_document_position(doc, at + (size_t)e, GG_ENC_UTF8);
		if (gg_document_apply_change(doc, p, p, GG_ENC_UTF8, "x", 1) || check(a, doc, parser)) {
			fprintf(stderr, "memory: edit %ld failed\n", e);
			return 1;
		}
		if (heap() > most)
			most = heap();
	}
	size_t h4 = heap();
	size_t tree = h2 - h1;
	printf("%s: %zu bytes, %zu findings\n", argv[1], len, doc->findings.len);
	row("text and line index (the document)", h1 - h0, 0);
	row("tree (tree-sitter)", tree, 0);
	printf("%-44s %10.1f x the text\n", "", (double)tree / (double)len);
	row("analysis state after opening", h3 - h2, tree);
	row("document and analysis after the edits", h4 - h0, 0);
	/* Beyond the document as opened (its text and line index) and its tree. */
	row("  of which beyond the text and the tree", h4 - h1 - tree, tree);
	row("most seen between edits, beyond them", most - h1 - tree, tree);
	gg_document_free(doc);
	gg_analyzer_delete(a);
	ts_parser_delete(parser);
	free(text);
	free(err);
	return 0;
}
