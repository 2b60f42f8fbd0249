/*
 * tree-sitter-python's external scanner (.deps/, fetched by
 * tools/fetch-grammar), built through this file so that its defects can be
 * mended without editing code we do not own. First, its deserialize, given no state
 * (what ts_parser_reset and the start of every parse pass), empties the
 * indent and delimiter stacks but keeps inside_f_string from the last text the
 * parser read. A parser reused after a text that ended inside an f-string
 * then reads the next text as if inside one, and suppresses its dedents: a
 * method's last line and a module-level line after it become one block
 * (a false GG000 IndentationError, wrong scopes for every rule). One parser
 * serves many files in a check and many documents in the server.
 */
#define tree_sitter_python_external_scanner_deserialize gg_python_scanner_deserialize_upstream
#define tree_sitter_python_external_scanner_scan gg_python_scanner_scan_upstream
#include "scanner.c"
#undef tree_sitter_python_external_scanner_deserialize
#undef tree_sitter_python_external_scanner_scan

bool tree_sitter_python_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols);

/*
 * The second mend: the end of any string clears inside_f_string, though an
 * f-string around it is still open. A nested f-string that ends inside a
 * triple-quoted f-string's replacement field, the field going on over a line
 * that starts left of the code's indentation (`{f'''{a}''' if c else` /
 * `f'''{b}'''}` in a function), then reads that line as a dedent: a false
 * GG000 ("'{' was never closed") on code CPython accepts. The flag is what
 * the open delimiters say: inside an f-string while one of them is one.
 */
bool tree_sitter_python_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols)
{
	bool found = gg_python_scanner_scan_upstream(payload, lexer, valid_symbols);
	Scanner *scanner = payload;
	if (found && lexer->result_symbol == STRING_END) {
		bool inside = false;
		for (uint32_t i = 0; i < scanner->delimiters.size && !inside; i++)
			inside = is_format(&scanner->delimiters.contents[i]);
		scanner->inside_f_string = inside;
	}
	return found;
}

void tree_sitter_python_external_scanner_deserialize(void *payload, const char *buffer, unsigned length);

void tree_sitter_python_external_scanner_deserialize(void *payload, const char *buffer, unsigned length)
{
	gg_python_scanner_deserialize_upstream(payload, buffer, length);
	if (length == 0)
		((Scanner *)payload)->inside_f_string = false;
}
