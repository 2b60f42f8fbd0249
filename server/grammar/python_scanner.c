/*
 * tree-sitter-python's external scanner (.deps/, fetched by
 * tools/fetch-grammar), built through this file so that one defect can be
 * mended without editing code we do not own: its deserialize, given no state
 * (what ts_parser_reset and the start of every parse pass), empties the
 * indent and delimiter stacks but keeps inside_f_string from the last text the
 * parser read. A parser reused after a text that ended inside an f-string
 * then reads the next text as if inside one, and suppresses its dedents: a
 * method's last line and a module-level line after it become one block
 * (a false GG000 IndentationError, wrong scopes for every rule). One parser
 * serves many files in a check and many documents in the server.
 */
#define tree_sitter_python_external_scanner_deserialize gg_python_scanner_deserialize_upstream
#include "scanner.c"
#undef tree_sitter_python_external_scanner_deserialize

void tree_sitter_python_external_scanner_deserialize(void *payload, const char *buffer, unsigned length);

void tree_sitter_python_external_scanner_deserialize(void *payload, const char *buffer, unsigned length)
{
	gg_python_scanner_deserialize_upstream(payload, buffer, length);
	if (length == 0)
		((Scanner *)payload)->inside_f_string = false;
}
