/*
 * The query engine's own predicate evaluation (libtree-sitter 0.20 applies
 * none): each predicate form, on both sides of its truth, and the
 * compile-time errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "query.h"

static int failures;

#define CHECK(cond)                                                                          \
	do {                                                                                 \
		if (!(cond)) {                                                               \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
			failures++;                                                          \
		}                                                                            \
	} while (0)

static const char source[] = "model(x)\nnet(y)\nmetric(z)\nmodel(model)\nf(a=True)\nf(volatile=True)\n";

/* Matches of query on source, their @hit texts joined by spaces into out. */
static int count_matches(const char *query_text, char *out, size_t out_len)
{
	char *error = NULL;
	gg_query *q = gg_query_new(gg_python_language(), "test", query_text, (uint32_t)strlen(query_text), &error);
	if (!q) {
		fprintf(stderr, "query did not compile: %s\n", error ? error : "?");
		free(error);
		return -1;
	}
	TSParser *parser = gg_python_parser_new();
	TSTree *tree = gg_python_parse(parser, NULL, source, strlen(source));
	TSQueryCursor *cursor = ts_query_cursor_new();
	uint32_t hit = gg_query_capture_id(q, "hit");
	TSQueryMatch m;
	int n = 0;
	out[0] = '\0';
	gg_query_exec(q, cursor, ts_tree_root_node(tree));
	while (gg_query_next_match(q, cursor, source, strlen(source), &m)) {
		TSNode node;
		if (gg_query_match_node(&m, hit, &node)) {
			size_t used = strlen(out);
			snprintf(out + used, out_len - used, "%s%.*s", n ? " " : "",
				 (int)(ts_node_end_byte(node) - ts_node_start_byte(node)), source + ts_node_start_byte(node));
		}
		n++;
	}
	ts_query_cursor_delete(cursor);
	ts_tree_delete(tree);
	ts_parser_delete(parser);
	gg_query_delete(q);
	return n;
}

static void expect(const char *query_text, const char *hits)
{
	char out[256];
	int n = count_matches(query_text, out, sizeof out);
	if (n < 0 || strcmp(out, hits) != 0) {
		fprintf(stderr, "query %s\n  matched \"%s\", expected \"%s\"\n", query_text, out, hits);
		failures++;
	}
}

static void expect_error(const char *query_text)
{
	char *error = NULL;
	gg_query *q = gg_query_new(gg_python_language(), "test", query_text, (uint32_t)strlen(query_text), &error);
	CHECK(q == NULL);
	if (!error || strncmp(error, "query test", 10) != 0) {
		fprintf(stderr, "query %s: error \"%s\"\n", query_text, error ? error : "(none)");
		failures++;
	}
	gg_query_delete(q);
	free(error);
}

int main(void)
{
	expect("((call function: (identifier) @hit) (#eq? @hit \"model\"))", "model model");
	expect("((call function: (identifier) @hit) (#not-eq? @hit \"model\"))", "net metric f f");
	expect("((call function: (identifier) @hit) (#match? @hit \"^(mod|ne)\"))", "model net model");
	expect("((call function: (identifier) @hit) (#not-match? @hit \"e\"))", "f f");
	expect("((call function: (identifier) @hit) (#any-of? @hit \"net\" \"metric\"))", "net metric");
	expect("((call function: (identifier) @hit) (#not-any-of? @hit \"net\" \"metric\" \"f\"))", "model model");
	/* Capture against capture: model(model) only. */
	expect("((call function: (identifier) @hit arguments: (argument_list (identifier) @arg)) (#eq? @hit @arg))",
	       "model");
	/* The GG003 shape: a keyword argument named volatile set to True. */
	expect("(call arguments: (argument_list (keyword_argument name: (identifier) @_n value: (true)) @hit) "
	       "(#eq? @_n \"volatile\"))",
	       "volatile=True");

	expect_error("((identifier) @a (#unknown? @a \"x\"))");
	expect_error("((identifier) @a (#eq? @a))");
	expect_error("((identifier) @a (#match? @a \"(\"))");
	expect_error("((identifier) @a (#set! foo \"bar\"))");

	if (failures) {
		fprintf(stderr, "%d check(s) failed\n", failures);
		return 1;
	}
	printf("query tests passed\n");
	return 0;
}
