/*
 * Fuzz entry point for the fix engine: any bytes in (invalid UTF-8 made '?',
 * as no front end hands the analysis anything else), checked, every fix of
 * every finding listed and applied, then fix-all, safe and unsafe. Nothing
 * may leak or overrun, and the engine's promises must hold:
 *  - a fix's edits are sorted, apart and inside the text (gg_fix_apply
 *    takes them);
 *  - the fixes listed for fix-all (gg_fix_list_for_all) are those of
 *    gg_fix_list_each, less repeats;
 *  - fix-all keeps the text UTF-8, keeps a text that parsed cleanly parsing
 *    cleanly, and changes nothing when run on its own result.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined -DGG_LIBFUZZER it is
 * a libFuzzer target (docs/fuzzing.md); built plainly (as the tests do) it
 * replays the files named on its command line (the *.py files of a folder
 * named), each whole and cut short at a few places.
 */
#include "../fuzz_replay.h"
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "fix.h"
#include "utf8.h"


/* A broken promise: say which and stop (a crash is what a fuzzer keeps). */
#define PROMISE(cond)                                                                     \
	do {                                                                              \
		if (!(cond)) {                                                            \
			fprintf(stderr, "fuzz-fix: %s:%d: broken: %s\n", __FILE__, __LINE__, #cond); \
			abort();                                                          \
		}                                                                         \
	} while (0)

static bool parses_cleanly(TSParser *parser, const char *text, size_t len)
{
	TSTree *tree = gg_python_parse(parser, NULL, text, len);
	bool clean = tree && !ts_node_has_error(ts_tree_root_node(tree));
	if (tree)
		ts_tree_delete(tree);
	return clean;
}

static void fixes_apply_each(const char *text, size_t len, const gg_fixes *fixes)
{
	for (size_t k = 0; k < fixes->len; k++) {
		const gg_fix *fix = &fixes->items[k];
		PROMISE(fix->title && fix->edits_len > 0);
		char *out = NULL;
		size_t out_len = 0;
		int rc = gg_fix_apply(text, len, fix->edits, fix->edits_len, &out, &out_len);
		PROMISE(rc == 0 || rc == -ENOMEM);
		free(out);
	}
}

static bool fix_same(const gg_fix *a, const gg_fix *b)
{
	if (a->kind != b->kind || a->safe != b->safe || a->edits_len != b->edits_len || strcmp(a->title, b->title))
		return false;
	for (size_t i = 0; i < a->edits_len; i++) {
		const gg_edit *x = &a->edits[i], *y = &b->edits[i];
		if (x->range.start != y->range.start || x->range.end != y->range.end || x->text_len != y->text_len ||
		    memcmp(x->text, y->text, x->text_len) != 0)
			return false;
	}
	return true;
}

/* Every fix of every finding of text, listed both ways and applied. */
static void fuzz_fixes(gg_analyzer *a, TSParser *parser, const char *text, size_t len)
{
	TSTree *tree = gg_python_parse(parser, NULL, text, len);
	if (!tree)
		return;
	gg_source src = { text, len, tree, "fuzz.py", NULL, NULL, NULL, NULL };
	gg_findings findings;
	gg_findings_init(&findings);
	if (gg_analyzer_check(a, &src, &findings) == 0 && findings.len) {
		size_t n = findings.len;
		gg_fixes *each = calloc(n, sizeof *each), *for_all = calloc(n, sizeof *for_all);
		gg_node root;
		if (each && for_all && gg_analyzer_tree(a, &src, &root) == 0 && gg_fix_list_each(text, len, root, findings.items, n, NULL, each) == 0 &&
		    gg_fix_list_for_all(text, len, root, findings.items, n, NULL, for_all) == 0) {
			for (size_t i = 0; i < n; i++) {
				fixes_apply_each(text, len, &each[i]);
				/* for_all[i] is each[i] less some fixes, in the same order. */
				size_t k = 0;
				for (size_t j = 0; j < for_all[i].len; j++) {
					while (k < each[i].len && !fix_same(&each[i].items[k], &for_all[i].items[j]))
						k++;
					PROMISE(k < each[i].len);
					k++;
				}
			}
		}
		for (size_t i = 0; i < n; i++) {
			if (each)
				gg_fixes_free(&each[i]);
			if (for_all)
				gg_fixes_free(&for_all[i]);
		}
		free(each);
		free(for_all);
	}
	gg_findings_free(&findings);
	ts_tree_delete(tree);
}

/* Whether the check reports GG000 on src: text the grammar takes and Python does not (`print x`). */
static bool reports_syntax_error(gg_analyzer *a, const gg_source *src)
{
	gg_findings findings;
	gg_findings_init(&findings);
	bool found = false;
	if (gg_analyzer_check(a, src, &findings) == 0)
		for (size_t i = 0; i < findings.len && !found; i++)
			found = strcmp(findings.items[i].code, "GG000") == 0;
	gg_findings_free(&findings);
	return found;
}

static void fuzz_fix_all(gg_analyzer *a, TSParser *parser, const char *text, size_t len, bool unsafe)
{
	gg_source src = { text, len, NULL, "fuzz.py", NULL, NULL, NULL, NULL };
	char *out = NULL;
	size_t out_len = 0, applied = 0;
	int rc = gg_fix_all(a, &src, unsafe, &out, &out_len, &applied);
	if (rc == GG_FIX_ALL_SYNTAX_ERROR)
		PROMISE(!parses_cleanly(parser, text, len) || reports_syntax_error(a, &src));
	if (rc)
		return;
	PROMISE(gg_utf8_first_invalid(out, out_len) == out_len);
	PROMISE(applied > 0 || (out_len == len && memcmp(out, text, len) == 0));
	if (applied && parses_cleanly(parser, text, len))
		PROMISE(parses_cleanly(parser, out, out_len));
	/* Its own result is a fixed point. */
	gg_source again = { out, out_len, NULL, "fuzz.py", NULL, NULL, NULL, NULL };
	char *out2 = NULL;
	size_t out2_len = 0, applied2 = 0;
	if (applied && gg_fix_all(a, &again, unsafe, &out2, &out2_len, &applied2) == 0) {
		PROMISE(out2_len == out_len && memcmp(out2, out, out_len) == 0);
		free(out2);
	}
	free(out);
}

/*
 * The analyzer and parser every input uses: made once (compiling the
 * queries for each input made the fuzzer twenty times slower). A fuzz
 * driver's only state; the replay's main frees it.
 */
static gg_analyzer *fuzz_analyzer;
static TSParser *fuzz_parser;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!fuzz_analyzer) {
		char *error = NULL;
		fuzz_analyzer = gg_analyzer_new(&error);
		free(error);
		fuzz_parser = gg_python_parser_new();
		if (!fuzz_analyzer || !fuzz_parser)
			abort();
	}
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	for (size_t at = 0; (at = gg_utf8_first_invalid(text + at, size - at) + at) < size; at++)
		text[at] = '?';
	fuzz_fixes(fuzz_analyzer, fuzz_parser, text, size);
	fuzz_fix_all(fuzz_analyzer, fuzz_parser, text, size, false);
	fuzz_fix_all(fuzz_analyzer, fuzz_parser, text, size, true);
	free(text);
	return 0;
}

#ifndef GG_LIBFUZZER
/* Also cut short: code broken off mid-statement, mid-string, mid-block. */
static void fuzz_also(const uint8_t *data, size_t len)
{
	for (size_t k = 1; k < 4; k++)
		LLVMFuzzerTestOneInput(data, len * k / 4);
}

int main(int argc, char **argv)
{
	return gg_fuzz_replay("fuzz-fix", ".py", argc, argv, fuzz_also);
}
#endif
