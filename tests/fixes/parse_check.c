/*
 * parse_check FILE...: exits 1 when tree-sitter's Python grammar finds an
 * error (an ERROR or MISSING node) in a file, 2 when a file cannot be read.
 * The fix tests run it on every rewritten file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

static int parse_check_file(TSParser *parser, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 2;
	size_t cap = 1 << 16, len = 0;
	char *text = malloc(cap);
	for (size_t n; text && (n = fread(text + len, 1, cap - len, f)) > 0;) {
		len += n;
		if (len == cap) {
			char *more = realloc(text, cap *= 2);
			if (!more) {
				free(text);
				text = NULL;
			}
			text = more;
		}
	}
	fclose(f);
	if (!text)
		return 2;
	TSTree *tree = gg_python_parse(parser, NULL, text, len);
	int rc = !tree ? 2 : ts_node_has_error(ts_tree_root_node(tree)) ? 1 : 0;
	if (rc == 1)
		fprintf(stderr, "%s: syntax error in the tree\n", path);
	if (tree)
		ts_tree_delete(tree);
	free(text);
	return rc;
}

int main(int argc, char **argv)
{
	TSParser *parser = gg_python_parser_new();
	if (!parser)
		return 2;
	int rc = 0;
	for (int i = 1; i < argc; i++) {
		int r = parse_check_file(parser, argv[i]);
		if (r > rc)
			rc = r;
	}
	ts_parser_delete(parser);
	return rc;
}
