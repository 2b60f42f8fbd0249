/*
 * GG000 invalid-syntax: text that does not parse is a finding of its own, as
 * ruff's invalid-syntax is, never a silent pass (SPEC §6). It is reported at
 * the first error of the tree (a node tree-sitter could not fit, or one it
 * had to invent) and at each notebook cell that did not parse on its own
 * (gg_analyzer_check_unparsed, notebook_syntax.c); the other rules still run on what
 * parses around it.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static const char rule_code[] = "GG000";

/*
 * Two statements of n (the module or a block) on one line with nothing
 * between them (`import os from a import b`): where the grammar invented a
 * hidden newline, a node no child walk sees. The second statement's first
 * token, as CPython points at it, or a null node.
 */
static TSNode statements_run_together(TSNode n)
{
	const char *type = ts_node_type(n);
	if (strcmp(type, "module") != 0 && strcmp(type, "block") != 0)
		return (TSNode){ 0 };
	TSNode prev = { 0 };
	uint32_t count = ts_node_child_count(n);
	for (uint32_t i = 0; i < count; i++) {
		TSNode c = ts_node_child(n, i);
		if (ts_node_is_extra(c))
			continue; /* a comment stands anywhere */
		if (!ts_node_is_null(prev) && ts_node_is_named(prev) && ts_node_is_named(c) &&
		    ts_node_start_point(c).row == ts_node_end_point(prev).row) {
			while (ts_node_child_count(c) > 0)
				c = ts_node_child(c, 0);
			return c;
		}
		prev = c;
	}
	return (TSNode){ 0 };
}

TSNode gg_syntax_first_error(TSNode n)
{
	while (!ts_node_is_null(n)) {
		if (ts_node_is_missing(n) || strcmp(ts_node_type(n), "ERROR") == 0)
			return n;
		TSNode next = { 0 };
		uint32_t count = ts_node_child_count(n);
		for (uint32_t i = 0; i < count; i++) {
			TSNode c = ts_node_child(n, i);
			if (ts_node_has_error(c)) {
				next = c;
				break;
			}
		}
		/* No child holds it: the error is a hidden token the grammar invented between two of them. */
		if (ts_node_is_null(next))
			return statements_run_together(n);
		n = next;
	}
	return n;
}

/* The first token of n (an ERROR may hold a whole statement): what the message quotes. */
static TSNode first_leaf(TSNode n)
{
	while (ts_node_child_count(n) > 0)
		n = ts_node_child(n, 0);
	return n;
}

/*
 * The innermost bracket that err's tokens open and never close, or a null
 * node. The stack is bounded: past it, deeper brackets are not told apart.
 */
#define GG000_BRACKETS_MAX 64

static TSNode unclosed_bracket(TSNode err)
{
	TSNode stack[GG000_BRACKETS_MAX];
	size_t depth = 0, lost = 0;
	TSTreeCursor cur = ts_tree_cursor_new(err);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		if (ts_node_child_count(n) == 0 && !ts_node_is_missing(n)) {
			const char *t = ts_node_type(n);
			if ((t[0] == '(' || t[0] == '[' || t[0] == '{') && !t[1]) {
				if (depth < GG000_BRACKETS_MAX)
					stack[depth++] = n;
				else
					lost++;
			} else if ((t[0] == ')' || t[0] == ']' || t[0] == '}') && !t[1]) {
				if (lost)
					lost--;
				else if (depth)
					depth--;
			}
		}
		if (ts_tree_cursor_goto_first_child(&cur))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&cur))
			if (!ts_tree_cursor_goto_parent(&cur)) {
				ts_tree_cursor_delete(&cur);
				return depth ? stack[depth - 1] : (TSNode){ 0 };
			}
	}
}

/*
 * "SyntaxError: expected ')'" for a node the parser invented, "SyntaxError:
 * unexpected 'tok'" for one it could not fit (the token cut at its line and
 * at 40 bytes: the message is one line). *range: where it is, a token long.
 */
/* Whether a token of type t ends an operand (`1`, `x`, `"s"`, `)`), or with start, begins one. */
static bool operand_edge(const char *t, bool start)
{
	static const char *const both[] = { "integer", "float", "identifier", "true", "false", "none", NULL };
	for (const char *const *b = both; *b; b++)
		if (strcmp(t, *b) == 0)
			return true;
	return start ? strcmp(t, "string_start") == 0
		     : strcmp(t, "string_end") == 0 || strcmp(t, ")") == 0 || strcmp(t, "]") == 0 || strcmp(t, "}") == 0;
}

/* Whether t, a token, can only stand between two operands (`<`, `==`, `@`): never where an operand starts. */
static bool between_only(const char *t)
{
	static const char *const ops[] = { "<", ">", "<=", ">=", "==", "!=", "<>", "|", "&", "^", "%", "/", "//", "@",
					   "<<", ">>", ".", NULL };
	for (const char *const *o = ops; *o; o++)
		if (strcmp(t, *o) == 0)
			return true;
	return false;
}

/* Whether a token of type t leaves the parser where an operand starts: nothing yet, an opener, `,`, `:`, `=`. */
static bool operand_expected(const char *t)
{
	return !t || !strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{") || !strcmp(t, ",") || !strcmp(t, ":") ||
	       !strcmp(t, "=");
}

/*
 * Two operands side by side inside brackets, nothing between them (`"a": 1`
 * then `"b": 2` on the next line): a comma forgotten, where CPython says
 * "Perhaps you forgot a comma?". The first of the two, or a null node. Not
 * where an operator that only stands between operands comes first where
 * an operand should (`x = <YOUR CODE>`, a template's blank): that is the
 * error, and the first token says it.
 */
static TSNode missing_comma(TSNode err, const char *text, size_t len)
{
	TSNode prev = { 0 }, found = { 0 };
	int depth = 0;
	TSTreeCursor cur = ts_tree_cursor_new(err);
	for (bool more = true; more && ts_node_is_null(found);) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		if (ts_node_child_count(n) == 0 && !ts_node_is_missing(n)) {
			const char *t = ts_node_type(n);
			if (between_only(t) && operand_expected(ts_node_is_null(prev) ? NULL : ts_node_type(prev))) {
				ts_tree_cursor_delete(&cur);
				return (TSNode){ 0 };
			}
			if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
				depth++;
			if (depth > 0 && !ts_node_is_null(prev) && operand_edge(ts_node_type(prev), false) && operand_edge(t, true) &&
			    ts_node_end_byte(prev) < ts_node_start_byte(n))
				found = prev;
			if ((!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) && depth > 0)
				depth--;
			if (strcmp(t, "string_content") != 0 && strcmp(t, "escape_sequence") != 0 && strcmp(t, "comment") != 0)
				prev = n;
		}
		if (ts_tree_cursor_goto_first_child(&cur))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&cur))
			if (!ts_tree_cursor_goto_parent(&cur)) {
				more = false;
				break;
			}
	}
	ts_tree_cursor_delete(&cur);
	/* The error may stop at the first operand, its neighbour parsed on after it: the next token in the text. */
	if (ts_node_is_null(found) && depth > 0 && !ts_node_is_null(prev) && operand_edge(ts_node_type(prev), false) &&
	    ts_node_end_byte(prev) == ts_node_end_byte(err)) {
		size_t at = ts_node_end_byte(err);
		while (at < len && (text[at] == ' ' || text[at] == '\t' || text[at] == '\r' || text[at] == '\n' || text[at] == '#')) {
			if (text[at] == '#')
				while (at < len && text[at] != '\n')
					at++;
			else
				at++;
		}
		TSNode root = ts_tree_root_node(err.tree);
		TSNode next = at < len ? ts_node_descendant_for_byte_range(root, (uint32_t)at, (uint32_t)at) : (TSNode){ 0 };
		if (!ts_node_is_null(next) && ts_node_start_byte(next) == at && operand_edge(ts_node_type(first_leaf(next)), true))
			found = prev;
	}
	return found;
}

/*
 * Whether the bracket at byte at is closed further on in the text: its
 * depth back to zero, comments and one-line strings skipped (a rough
 * reading, as a tokenizer would count).
 */
static bool closed_later(const char *text, size_t len, uint32_t at)
{
	long depth = 0;
	for (size_t i = at; i < len; i++) {
		char ch = text[i];
		if (ch == '#') {
			while (i < len && text[i] != '\n')
				i++;
		} else if (ch == '\'' || ch == '"') {
			for (i++; i < len && text[i] != ch && text[i] != '\n'; i++)
				if (text[i] == '\\')
					i++;
		} else if (ch == '(' || ch == '[' || ch == '{') {
			depth++;
		} else if (ch == ')' || ch == ']' || ch == '}') {
			if (--depth == 0)
				return true;
		}
	}
	return false;
}

char *gg_syntax_error_message(TSNode err, const char *text, size_t len, gg_byte_range *range)
{
	if (ts_node_is_missing(err)) {
		uint32_t at = ts_node_start_byte(err);
		*range = (gg_byte_range){ at, at };
		const char *type = ts_node_type(err);
		/* A missing identifier or block is named, a missing token quoted. */
		bool named = ts_node_is_named(err);
		return gg_strdup_printf(named ? "SyntaxError: expected %s" : "SyntaxError: expected '%s'", type);
	}
	/* A control byte in what did not parse is why: CPython's words for it. */
	uint32_t from = ts_node_start_byte(err), to = ts_node_end_byte(err);
	for (uint32_t i = from; i < to && i < len; i++) {
		unsigned char ch = (unsigned char)text[i];
		if ((ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r' && ch != '\f') || ch == 0x7f) {
			*range = (gg_byte_range){ i, i + 1 };
			return ch ? gg_strdup_printf("SyntaxError: invalid non-printable character U+%04X", ch)
				  : gg_strdup_printf("SyntaxError: source code cannot contain null bytes");
		}
	}
	/*
	 * Two operands side by side in brackets: a comma forgotten, unless a
	 * bracket the error leaves open is never closed in the text either
	 * (a comment that swallowed its `)`): Python's "'(' was never closed".
	 */
	TSNode comma = missing_comma(err, text, len);
	TSNode open = unclosed_bracket(err);
	if (!ts_node_is_null(comma) && (ts_node_is_null(open) || closed_later(text, len, ts_node_start_byte(open)))) {
		*range = (gg_byte_range){ ts_node_start_byte(comma), ts_node_end_byte(comma) };
		return gg_strdup_printf("SyntaxError: invalid syntax. Perhaps you forgot a comma?");
	}
	if (!ts_node_is_null(open)) {
		uint32_t at = ts_node_start_byte(open);
		*range = (gg_byte_range){ at, at + 1 };
		return gg_strdup_printf("SyntaxError: '%s' was never closed", ts_node_type(open));
	}
	TSNode tok = first_leaf(err);
	uint32_t start = ts_node_start_byte(tok), end = ts_node_end_byte(tok);
	if (end > len)
		end = (uint32_t)len;
	if (start > end)
		start = end;
	size_t n = end - start;
	const char *nl = n ? memchr(text + start, '\n', n) : NULL;
	if (nl)
		n = (size_t)(nl - (text + start));
	if (n > 40)
		n = 40;
	/* Not cut inside a UTF-8 sequence. */
	while (n > 0 && n < end - start && ((unsigned char)text[start + n] & 0xC0) == 0x80)
		n--;
	*range = (gg_byte_range){ start, (uint32_t)(start + n) };
	/* A tab or form feed in the token is not printed either (the message is one line). */
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)text[start + i] < 0x20) {
			n = i;
			break;
		}
	if (n == 0)
		return gg_strdup_printf("SyntaxError: invalid syntax");
	return gg_strdup_printf("SyntaxError: unexpected '%.*s'", (int)n, text + start);
}

/*
 * Whether the error stands where the grammar (tree-sitter-python 0.23.6)
 * fails on valid Python. CPython takes these; a report there would call
 * valid code broken, so such an error is no evidence and is not reported
 * (the rules still run around it). First shape: a starred item in a bare
 * expression list (`return head, *rest`, `host, *rest = text, *[]`).
 */
static bool starred_list_gap(TSNode err, const char *text, size_t len)
{
	uint32_t start = ts_node_start_byte(err), end = ts_node_end_byte(err);
	while (start > 0 && text[start - 1] != '\n')
		start--;
	while (end < len && text[end] != '\n')
		end++;
	for (uint32_t i = start; i + 2 < end && i + 2 < len; i++) {
		if (text[i] != ',')
			continue;
		uint32_t j = i + 1;
		while (j < end && (text[j] == ' ' || text[j] == '\t'))
			j++;
		if (j + 1 < end && text[j] == '*' && text[j + 1] != '*')
			return true;
	}
	return false;
}

/*
 * The grammar's annotation is a generic type or an expression, never a
 * generic type inside one: `size: tuple[int, int] or None = None` (a
 * parameter, a return type, a variable) leaves `or None` as an ERROR right
 * after the annotation. CPython takes any expression there.
 */
static bool has_child(TSNode n, const char *type)
{
	for (uint32_t i = 0; i < ts_node_child_count(n); i++)
		if (strcmp(ts_node_type(ts_node_child(n, i)), type) == 0)
			return true;
	return false;
}

static bool generic_annotation_gap(TSNode err, const char *text, size_t len)
{
	TSNode prev = ts_node_prev_sibling(err);
	if (ts_node_is_null(prev) || strcmp(ts_node_type(prev), "type") != 0 || ts_node_named_child_count(prev) != 1 ||
	    strcmp(ts_node_type(ts_node_named_child(prev, 0)), "generic_type") != 0)
		return false;
	/* The operator and its operand: `or = 1`, with the operand missing, stays an error. */
	if (ts_node_named_child_count(err) < 2)
		return false;
	static const char *const ops[] = { "or", "and", "if", NULL };
	uint32_t at = ts_node_start_byte(err);
	for (const char *const *op = ops; *op; op++) {
		size_t n = strlen(*op);
		if (at + n < len && memcmp(text + at, *op, n) == 0 &&
		    (text[at + n] == ' ' || text[at + n] == '\t' || text[at + n] == '('))
			return op != &ops[2] || has_child(err, "else");
	}
	return false;
}

static bool grammar_gap(TSNode err, const char *text, size_t len)
{
	return starred_list_gap(err, text, len) || generic_annotation_gap(err, text, len);
}

/*
 * The indentation of the line that holds byte at, with a tab to the next
 * multiple of 8 (*col8) and counted as one column (*col1), as CPython's
 * tokenizer compares both: false when other text stands before at on its
 * line (`if x: y = 1`), where indentation says nothing.
 */
static bool line_indent(const char *text, uint32_t at, unsigned *col8, unsigned *col1)
{
	uint32_t start = at;
	while (start > 0 && text[start - 1] != '\n' && text[start - 1] != '\r')
		start--;
	*col8 = *col1 = 0;
	for (uint32_t i = start; i < at; i++) {
		if (text[i] == ' ')
			++*col8;
		else if (text[i] == '\t')
			*col8 = (*col8 / 8 + 1) * 8;
		else if (text[i] != '\f')
			return false;
		++*col1;
	}
	return true;
}

/* The nodes that hold statements: compound statements and their clauses. */
static bool holds_statements(const char *type)
{
	static const char *const types[] = {
		"function_definition", "class_definition", "decorated_definition", "if_statement", "for_statement",
		"while_statement", "try_statement", "with_statement", "match_statement", "elif_clause", "else_clause",
		"except_clause", "except_group_clause", "finally_clause", "case_clause", NULL,
	};
	for (const char *const *t = types; *t; t++)
		if (strcmp(type, *t) == 0)
			return true;
	return false;
}

/*
 * The columns of the first line that is not blank of the notebook cell
 * holding row (0-based; its line starts at byte line): IPython takes that
 * line's indentation, comment or code, off every line of the cell before
 * Python reads it. False when that line is no indentation and code.
 */
static bool cell_indent(const char *text, size_t len, uint32_t line, uint32_t row, const gg_line_namer *cells, long cell,
			unsigned *col8, unsigned *col1)
{
	while (line > 0 && row > 0 && cells->cell(cells->ctx, row - 1) == cell) {
		line--;
		while (line > 0 && text[line - 1] != '\n')
			line--;
		row--;
	}
	for (;;) {
		uint32_t at = line;
		while (at < len && (text[at] == ' ' || text[at] == '\t' || text[at] == '\f'))
			at++;
		if (at >= len || (text[at] != '\n' && text[at] != '\r'))
			return at < len && line_indent(text, at, col8, col1);
		line = at + 1; /* a blank line: IPython drops the cell's leading ones */
	}
}

/*
 * The first indentation error under n (the module, a block, or a node that
 * holds blocks), which tree-sitter's grammar takes without an ERROR: a
 * block with no statement (`def f():` and nothing indented under it), or a
 * statement indented unlike the others of its block (or indented at the top
 * level). *what: CPython's words. A null node when there is none.
 */
#define GG000_INDENT_DEPTH 200

static gg_node indent_error(gg_node n, const char *text, size_t len, const gg_line_namer *cells, const char **what,
			    unsigned depth)
{
	const char *type = gg_node_type(n);
	bool block = strcmp(type, "block") == 0, module = strcmp(type, "module") == 0;
	long cell = -1; /* a notebook's top level: the cell whose first line's indentation IPython takes off */
	unsigned strip8 = 0, strip1 = 0;
	bool strip = false;
	if (depth > GG000_INDENT_DEPTH)
		return gg_node_null();
	uint32_t statements = 0;
	unsigned ref8 = 0, ref1 = 0;
	bool ref = module; /* the top level is at column 0 */
	for (gg_node c = gg_node_first_named_child(n); !gg_node_is_null(c); c = gg_node_next_named_sibling(c)) {
		const char *ct = gg_node_type(c);
		if (strcmp(ct, "comment") == 0)
			continue; /* comment lines stand at any column */
		statements++;
		unsigned col8, col1;
		if ((block || module) && line_indent(text, gg_node_start_byte(c), &col8, &col1)) {
			/*
			 * A notebook's cells are compiled one by one, IPython first
			 * taking the indentation of a cell's first line off every line
			 * that starts with it (a line indented less keeps its own): the
			 * top level is at column 0 after that. A cell whose first line
			 * is not known is not compared.
			 */
			uint32_t row = gg_node_start_point(c).row;
			long here = module && cells && cells->cell ? cells->cell(cells->ctx, row) : -1;
			if (module && cells && (here != cell || here < 0)) {
				cell = here;
				uint32_t line = gg_node_start_byte(c);
				while (line > 0 && text[line - 1] != '\n')
					line--;
				strip = here >= 0 && cell_indent(text, len, line, row, cells, here, &strip8, &strip1);
				ref = strip;
				ref8 = ref1 = 0;
			}
			if (module && cells && strip && col1 >= strip1 && col8 >= strip8) {
				col8 -= strip8;
				col1 -= strip1;
			}
			if (!ref) {
				ref8 = col8;
				ref1 = col1;
				ref = true;
			} else if (col8 != ref8 || col1 != ref1) {
				/* Columns that disagree with tabs counted as 8 and as 1: what a tab is worth decides. */
				*what = col8 == ref8 || col1 == ref1 || (col8 > ref8) != (col1 > ref1)
						? "TabError: inconsistent use of tabs and spaces in indentation"
					: col8 > ref8 ? "IndentationError: unexpected indent"
						      : "IndentationError: unindent does not match any outer indentation level";
				return c;
			}
		}
		if (strcmp(ct, "block") == 0 || holds_statements(ct)) {
			gg_node bad = indent_error(c, text, len, NULL, what, depth + 1);
			if (!gg_node_is_null(bad))
				return bad;
		}
	}
	if (block && statements == 0) {
		*what = "IndentationError: expected an indented block";
		return gg_node_parent(n);
	}
	return gg_node_null();
}

/*
 * The first Python 2 statement of the tree, which the grammar takes and
 * Python 3 does not (`print x`, `print >>f, x`, `exec code`), with CPython's
 * words in *what; or a null node. Only asked where the text spells one.
 */
static gg_node python2_statement(gg_node root, const char *text, size_t len, const char **what)
{
	if (!memmem(text, len, "print", 5) && !memmem(text, len, "exec", 4))
		return gg_node_null();
	for (gg_node n = root; !gg_node_is_null(n);) {
		const char *type = gg_node_type(n);
		/* `print >>f, x` reads in Python 3 as a tuple of a shift: it fails when run, not when compiled. */
		bool chevron = strcmp(type, "print_statement") == 0 && gg_node_named_child_count(n) > 0 &&
			       strcmp(gg_node_type(gg_node_named_child(n, 0)), "chevron") == 0;
		if (!chevron && (strcmp(type, "print_statement") == 0 || strcmp(type, "exec_statement") == 0)) {
			*what = type[0] == 'p' ? "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?"
					       : "SyntaxError: Missing parentheses in call to 'exec'. Did you mean exec(...)?";
			return n;
		}
		/* Statements only: expressions hold none. */
		bool down = gg_node_named_child_count(n) > 0 && !strstr(type, "expression") && strcmp(type, "call") != 0 &&
			    strcmp(type, "string") != 0;
		n = gg_node_walk_next(root, n, down);
	}
	return gg_node_null();
}

/*
 * The first name spelled `async` or `await` (`x.cuda(async=True)`, a
 * Python 3.6 keyword argument): keywords since Python 3.7, which the grammar
 * still takes as names. Only asked where the text spells one.
 */
static gg_node reserved_name(gg_node root, const gg_py_ids *ids, const char *text, size_t len)
{
	if (!memmem(text, len, "async", 5) && !memmem(text, len, "await", 5))
		return gg_node_null();
	for (gg_node n = root; !gg_node_is_null(n); n = gg_node_walk_next(root, n, true)) {
		uint32_t s = gg_node_start_byte(n), e = gg_node_end_byte(n);
		if (gg_node_symbol(n) == ids->sym_identifier && e - s == 5 &&
		    (memcmp(text + s, "async", 5) == 0 || memcmp(text + s, "await", 5) == 0))
			return n;
	}
	return gg_node_null();
}

/*
 * The first argument a call passes out of Python's order, which the grammar
 * takes: a positional one after a keyword (`f(a=1, x)`) or after `**kw`, or
 * `*args` after `**kw`. *what: CPython's words. A null node when none.
 */
static gg_node argument_order(const gg_rule_input *in, const char **what)
{
	const gg_tree_index *ix = gg_semantic_index(in->model);
	for (size_t i = 0; i < ix->calls_len; i++) {
		gg_node args = gg_node_child_by_field_name(ix->calls[i].node, "arguments", 9);
		if (!gg_node_type_is(args, "argument_list"))
			continue; /* f(x for x in y) */
		bool keyword = false, unpacking = false;
		for (gg_node a = gg_node_first_named_child(args); !gg_node_is_null(a); a = gg_node_next_named_sibling(a)) {
			if (gg_node_is_extra(a))
				continue; /* a comment, a backslash continuing the line */
			if (gg_node_type_is(a, "keyword_argument")) {
				keyword = true;
			} else if (gg_node_type_is(a, "dictionary_splat")) {
				unpacking = true;
			} else if (gg_node_type_is(a, "list_splat")) {
				if (unpacking) {
					*what = "SyntaxError: iterable argument unpacking follows keyword argument unpacking";
					return a;
				}
			} else if (unpacking || keyword) {
				*what = unpacking ? "SyntaxError: positional argument follows keyword argument unpacking"
						  : "SyntaxError: positional argument follows keyword argument";
				return a;
			}
		}
	}
	return gg_node_null();
}

static int gg000_check(void *state, const gg_rule_input *in, gg_findings *out)
{
	(void)state;
	const gg_source *src = in->src;
	for (size_t i = 0; i < in->unparsed_len; i++) {
		char *message = gg_memdup_str(in->unparsed[i].message, strlen(in->unparsed[i].message));
		if (!message || !gg_findings_push(out, rule_code, GG_SEVERITY_ERROR, in->unparsed[i].range, message))
			return -ENOMEM;
	}
	/* Only where the other rules look: a file that names no framework is not read at all, tree or not. */
	if (!gg_analysis_mentions_framework(src->text, src->len))
		return 0;
	if (!ts_node_has_error(in->ts_root)) {
		/* A notebook's front end names lines by cell, and its cells' top levels are compared apart. */
		const char *what = NULL;
		gg_node bad = in->unparsed_len ? gg_node_null() : indent_error(in->root, src->text, src->len, src->lines, &what, 0);
		if (gg_node_is_null(bad))
			bad = python2_statement(in->root, src->text, src->len, &what);
		if (gg_node_is_null(bad))
			bad = argument_order(in, &what);
		if (!gg_node_is_null(bad)) {
			/* The message quotes the statement's first token. */
			while (gg_node_child_count(bad) > 0)
				bad = gg_node_first_child(bad);
		} else if (!gg_node_is_null(bad = reserved_name(in->root, in->ids, src->text, src->len))) {
			what = "SyntaxError: invalid syntax";
		} else {
			return 0;
		}
		gg_byte_range range = { gg_node_start_byte(bad), gg_node_end_byte(bad) };
		char *message = gg_strdup_printf("%s", what);
		if (!message || !gg_findings_push(out, rule_code, GG_SEVERITY_ERROR, range, message))
			return -ENOMEM;
		return 0;
	}
	TSNode err = gg_syntax_first_error(in->ts_root);
	if (ts_node_is_null(err) || grammar_gap(err, src->text, src->len))
		return 0;
	gg_byte_range range;
	char *message = gg_syntax_error_message(err, src->text, src->len, &range);
	if (!message || !gg_findings_push(out, rule_code, GG_SEVERITY_ERROR, range, message))
		return -ENOMEM;
	return 0;
}

const gg_rule_impl gg_rule_gg000 = { NULL, NULL, gg000_check };
