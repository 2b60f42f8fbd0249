/*
 * Incremental analysis agrees with a fresh one (SPEC §8): each Python file of
 * the corpus is opened as the language server opens a document, then edited
 * at random, a change at a time, as an editor sends them. After each parse
 * the analyzer that has followed the document (its copy of the tree made
 * from what each edit left alone) and a fresh analyzer given only the text
 * must report the same findings, byte for byte: code, range, message,
 * related information and what the fixer may rely on.
 *
 * usage: test_incremental EDITS PATH...   (EDITS in all, shared among the files)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"
#include "lsp/document.h"
#include "pyfiles.h"

static int failures;
/* Analyses that differ where tree-sitter recovered from an error into another tree than a fresh parse: counted. */
static size_t recovered_apart;

typedef struct files {
	char **items;
	size_t len, cap;
} files;

static void collect(files *f, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		if (!d)
			return;
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (e->d_name[0] == '.')
				continue;
			size_t n = strlen(path) + strlen(e->d_name) + 2;
			char *child = malloc(n);
			snprintf(child, n, "%s/%s", path, e->d_name);
			collect(f, child);
			free(child);
		}
		closedir(d);
		return;
	}
	size_t n = strlen(path);
	if (n < 3 || strcmp(path + n - 3, ".py") != 0)
		return;
	if (f->len == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 64;
		f->items = realloc(f->items, f->cap * sizeof *f->items);
	}
	f->items[f->len++] = strdup(path);
}

static int path_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static unsigned long rng = 0x2545F4914F6CDD1Dul;

static unsigned long next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static bool same_finding(const gg_finding *a, const gg_finding *b)
{
	/*
	 * GG000: that the text does not parse is the same either way, but where
	 * tree-sitter's error recovery puts the first error can differ between a
	 * reparse after edits and a fresh parse of the same text.
	 */
	if (strcmp(a->code, "GG000") == 0)
		return strcmp(b->code, "GG000") == 0;
	if (strcmp(a->code, b->code) || a->severity != b->severity || a->range.start != b->range.start ||
	    a->range.end != b->range.end || strcmp(a->message, b->message) || a->fix_at.start != b->fix_at.start ||
	    a->fix_at.end != b->fix_at.end || a->proof != b->proof || a->wrap_run.start != b->wrap_run.start ||
	    a->wrap_run.end != b->wrap_run.end || a->related_len != b->related_len)
		return false;
	for (size_t i = 0; i < a->related_len; i++)
		if (a->related[i].range.start != b->related[i].range.start || a->related[i].range.end != b->related[i].range.end ||
		    strcmp(a->related[i].message, b->related[i].message))
			return false;
	return true;
}

/*
 * Whether two trees have the same nodes over the same bytes, with the same
 * fields: an s-expression leaves the bytes out, and error recovery can
 * build the same shape over other spans (an ERROR node that swallows more
 * or less text) or give a hidden node's child another field. Walked with
 * cursors, which name the fields of hidden nodes too (the analysis's copy
 * reads them so).
 */
static bool same_nodes(TSTree *x, TSTree *y)
{
	TSTreeCursor a = ts_tree_cursor_new(ts_tree_root_node(x)), b = ts_tree_cursor_new(ts_tree_root_node(y));
	bool same = true;
	for (;;) {
		TSNode m = ts_tree_cursor_current_node(&a), n = ts_tree_cursor_current_node(&b);
		if (ts_node_symbol(m) != ts_node_symbol(n) || ts_node_start_byte(m) != ts_node_start_byte(n) ||
		    ts_node_end_byte(m) != ts_node_end_byte(n) || ts_node_is_missing(m) != ts_node_is_missing(n) ||
		    ts_node_is_extra(m) != ts_node_is_extra(n) || ts_node_has_error(m) != ts_node_has_error(n) ||
		    ts_tree_cursor_current_field_id(&a) != ts_tree_cursor_current_field_id(&b)) {
			same = false;
			break;
		}
		bool da = ts_tree_cursor_goto_first_child(&a), db = ts_tree_cursor_goto_first_child(&b);
		if (da != db) {
			same = false;
			break;
		}
		if (da)
			continue;
		bool moved = false;
		for (;;) {
			bool sa = ts_tree_cursor_goto_next_sibling(&a), sb = ts_tree_cursor_goto_next_sibling(&b);
			if (sa != sb) {
				same = false;
				break;
			}
			if (sa) {
				moved = true;
				break;
			}
			bool pa = ts_tree_cursor_goto_parent(&a), pb = ts_tree_cursor_goto_parent(&b);
			if (pa != pb)
				same = false;
			if (!pa || !pb)
				break;
		}
		if (!same || !moved)
			break;
	}
	ts_tree_cursor_delete(&a);
	ts_tree_cursor_delete(&b);
	return same;
}

/* Whether a fresh parse of doc's text builds the tree doc followed its edits to: every node, over the same bytes, in the same field. */
static bool same_tree(TSTree *followed, const gg_document *doc)
{
	/*
	 * A parser of its own: the one that followed the edits, even reset, can
	 * recover from an error as its last incremental parse did (tree-sitter
	 * 0.20), which a fresh analysis's parser never does.
	 */
	TSParser *parser = gg_python_parser_new();
	TSTree *fresh = parser ? ts_parser_parse_string(parser, NULL, doc->text, (uint32_t)doc->len) : NULL;
	bool same = fresh && same_nodes(followed, fresh);
	if (fresh)
		ts_tree_delete(fresh);
	if (parser)
		ts_parser_delete(parser);
	return same;
}

/* Both analyses of doc's text; false (and a report) when they differ. */
static bool agree(gg_analyzer *followed, gg_analyzer *fresh, gg_document *doc, const char *path, TSParser *parser,
		  size_t *findings)
{
	if (gg_document_parse(doc, parser) != 0) {
		fprintf(stderr, "%s: cannot parse\n", path);
		failures++;
		return false;
	}
	gg_findings a, b;
	gg_findings_init(&a);
	gg_findings_init(&b);
	/* A path under no tests/ folder: the file is analysed as a module, not skipped as a unit test. */
	gg_source src = { doc->text, doc->len, doc->tree, "/work/incremental/module.py", NULL, NULL, NULL, NULL };
	int ra = gg_analyzer_check(followed, &src, &a);
	src.tree = NULL;
	int rb = gg_analyzer_check(fresh, &src, &b);
	bool ok = ra == rb && a.len == b.len;
	for (size_t i = 0; ok && i < a.len; i++)
		ok = same_finding(&a.items[i], &b.items[i]);
	/*
	 * Text that does not parse: tree-sitter's error recovery after edits may
	 * build another tree than a fresh parse of the same text, and what the
	 * rules see then differs with it. Only the same tree must give the same
	 * findings; the others are counted, not failed.
	 */
	if (!ok && ts_node_has_error(ts_tree_root_node(doc->tree)) && !same_tree(doc->tree, doc)) {
		recovered_apart++;
		ok = true;
	}
	if (!ok && failures++ < 5) {
		fprintf(stderr, "%s: the followed document's analysis (%d, %zu findings) differs from a fresh one (%d, %zu) of:\n%.*s\n",
			path, ra, a.len, rb, b.len, (int)doc->len, doc->text);
		for (size_t i = 0; i < a.len || i < b.len; i++)
			fprintf(stderr, "  followed: %s  fresh: %s\n", i < a.len ? a.items[i].message : "-",
				i < b.len ? b.items[i].message : "-");
	}
	*findings += a.len;
	gg_findings_free(&a);
	gg_findings_free(&b);
	return ok;
}

/* An LSP position at byte offset off of doc (UTF-8 columns). */
static gg_position position_at(const gg_document *doc, size_t off)
{
	return gg_document_position(doc, off, GG_ENC_UTF8);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: test_incremental EDITS PATH...\n");
		return 2;
	}
	long edits = strtol(argv[1], NULL, 10);
	files f = { NULL, 0, 0 };
	for (int i = 2; i < argc; i++)
		collect(&f, argv[i]);
	qsort(f.items, f.len, sizeof *f.items, path_cmp);
	static const char *const pieces[] = {
		"x", "(", ")", ":", "\n", "    ", "\t", "#", "\"", "'", ",", ".", "=", "[", "]",
		"model", "model(x)", ".eval()", ".train()", ".detach()", ".item()", ".backward()",
		"with torch.no_grad():\n    ", "@torch.no_grad()\n", "def validate(model, loader):\n    ",
		"for batch in val_loader:\n        ", "total += loss\n", "losses.append(out)\n",
		"import torch\n", "net = Net()\n", "return f\n", "self.fn = g\n", "# noqa: GG001\n", "\r\n",
	};
	char *err = NULL;
	gg_analyzer *followed = gg_analyzer_new(&err), *fresh = gg_analyzer_new(&err);
	TSParser *parser = gg_python_parser_new();
	if (!followed || !fresh || !parser) {
		fprintf(stderr, "test_incremental: %s\n", err ? err : "cannot start the analysis");
		return 1;
	}
	long done = 0;
	size_t findings = 0, checks = 0;
	for (size_t k = 0; k < f.len && !failures; k++) {
		size_t len;
		char *text;
		if (gg_pyfiles_read(f.items[k], &text, &len))
			continue;
		gg_document *doc = gg_document_new("file:///work/incremental/module.py", "python", 1, text, len);
		free(text);
		long mine = (edits - done) / (long)(f.len - k);
		for (long e = 0; e < mine && !failures; e++, done++) {
			/* A change: a deletion, an insertion, or both, at a random place. */
			size_t at = doc->len ? next_random() % (doc->len + 1) : 0;
			size_t del = next_random() % 3 == 0 ? next_random() % 16 : 0;
			if (at + del > doc->len)
				del = doc->len - at;
			const char *ins = next_random() % 5 == 0 ? "" : pieces[next_random() % (sizeof pieces / sizeof *pieces)];
			/* Keep the file a file: past a size, back to where it began. */
			if (doc->len > 20000) {
				char *again;
				if (gg_pyfiles_read(f.items[k], &again, &len) == 0) {
					gg_document_replace_all(doc, again, len);
					free(again);
				}
				continue;
			}
			gg_position a = position_at(doc, at), b = position_at(doc, at + del);
			if (gg_document_apply_change(doc, a, b, GG_ENC_UTF8, ins, strlen(ins)) != 0) {
				failures++;
				break;
			}
			/* Several changes may come before the next analysis, as an editor's debounce gathers them. */
			if (next_random() % 3 == 0)
				continue;
			agree(followed, fresh, doc, f.items[k], parser, &findings);
			checks++;
		}
		gg_document_free(doc);
	}
	fprintf(stderr,
		"test_incremental: %zu files, %ld edits, %zu analyses compared (%zu findings), %d differing"
		" (%zu more where the edited tree's error recovery is not a fresh parse's)\n",
		f.len, done, checks, findings, failures, recovered_apart);
	for (size_t i = 0; i < f.len; i++)
		free(f.items[i]);
	free(f.items);
	gg_analyzer_delete(followed);
	gg_analyzer_delete(fresh);
	ts_parser_delete(parser);
	return failures || checks == 0 ? 1 : 0;
}
