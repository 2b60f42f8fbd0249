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
