#ifndef GG_ANALYSIS_H
#define GG_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <tree_sitter/api.h>

#include "buf.h"
#include "findings.h"
#include "tree.h"

/*
 * The analysis entry point shared by the LSP server and the CLI. It knows
 * tree-sitter and Python and nothing of JSON-RPC: give it text (and the tree
 * for that text when the caller keeps one), get findings in byte offsets.
 */

typedef struct gg_rule_info {
	const char *code;     /* "GG001" */
	const char *name;     /* "eval-forward-with-grad" */
	gg_severity severity; /* default severity */
	const char *summary;  /* one line */
} gg_rule_info;

/* The rule table; terminated by an entry whose code is NULL. */
extern const gg_rule_info gg_rules[];
const gg_rule_info *gg_rule_lookup(const char *code);

/* Text that did not parse, found before the analysis (a notebook cell, notebook_syntax.h). */
typedef struct gg_unparsed {
	gg_byte_range range;
	const char *message; /* "SyntaxError: ..." */
} gg_unparsed;

/*
 * How a message names a line of the text it cites ("called from main() on
 * line 12"): the front end's words for it. A notebook's text joins its
 * cells, and its front end says "cell 4, line 2"; the analysis knows
 * nothing of cells. name appends to out the name of row (0-based in the
 * text) and returns 0 or -ENOMEM; cell says which of the front end's
 * units row is in (a cell's index, compiled apart from the others), or -1.
 */
typedef struct gg_line_namer {
	int (*name)(const void *ctx, uint32_t row, gg_buf *out);
	long (*cell)(const void *ctx, uint32_t row);
	const void *ctx;
} gg_line_namer;

typedef struct gg_source {
	const char *text; /* UTF-8; need not be NUL-terminated */
	size_t len;
	const TSTree *tree; /* tree for exactly this text, or NULL to parse here */
	const char *path;   /* file path or NULL; used to recognise pytest modules */
	const struct gg_config *config; /* NULL: the defaults */
	/*
	 * The project folder path is judged below (the workspace folder, the
	 * diagnosis root), or NULL: then the configuration's folder, else the
	 * path as given. A folder named tests above the project says nothing.
	 */
	const char *root;
	/* What the project's other files say (semantic/elsewhere.h: gg_project_elsewhere of the index), or NULL. */
	const struct gg_elsewhere *elsewhere;
	/* How messages name the lines they cite, or NULL: "line N" (N 1-based in the text). */
	const gg_line_namer *lines;
} gg_source;

/*
 * Whether src is a unit-test module: a file under a folder named tests,
 * test, unittests or unit_tests (below its project's root), test_*.py or
 * *_test.py (unless its text
 * is an evaluation script: a __main__ block, an .eval(), and nothing pytest
 * would collect), tests.py
 * or conftest.py. The rules leave them alone: tests run tiny forwards and
 * collect outputs on purpose.
 */
bool gg_source_is_test_module(const gg_source *src);

/* Compiled queries and a parser; reusable across files, one per thread. */
typedef struct gg_analyzer gg_analyzer;

/* Returns NULL on failure (and a message in *error, owned by the caller, if error is not NULL). */
gg_analyzer *gg_analyzer_new(char **error);
void gg_analyzer_delete(gg_analyzer *a);

/*
 * Whether the text could import a checked framework at all (it spells torch,
 * lightning, transformers, accelerate or timm): others are not even parsed.
 */
bool gg_analysis_mentions_framework(const char *text, size_t len);

/* One thing a file tells the project index (project.h); the spans point into the file's text. */
typedef enum gg_export_kind {
	GG_EXPORT_WRAPPER, /* name: a top-level grad-disabling callable */
	GG_EXPORT_CLASS,   /* name: a top-level class with a method below; those of the class follow */
	GG_EXPORT_BASE,    /* member: a base of the class, dotted as the file's imports resolve it */
	GG_EXPORT_BASE_LOCAL, /* member: a base of the class that the file defines itself */
	GG_EXPORT_METHOD,  /* member: a method the class defines */
	GG_EXPORT_NO_GRAD, /* member: a method whose body runs with grad off */
	GG_EXPORT_GUARDED, /* member: a method the file calls (self.m(...)) only with grad off */
	GG_EXPORT_NO_GRAD_FUNCTION, /* name: a top-level function whose body runs with grad off (decorated so) */
	/* member: a class attribute bound to an imported function (`decode = decode_function`); target: its dotted name */
	GG_EXPORT_ALIAS,
	/*
	 * name: a top-level class that says nothing of grad but derives from a
	 * class it imports (not torch's): it may inherit such a method. Its members
	 * follow as for CLASS; the index keeps it only where it reads a file for
	 * its subclasses (gg_project_add_deferred).
	 */
	GG_EXPORT_SUBCLASS,
} gg_export_kind;

typedef struct gg_export {
	gg_export_kind kind;
	const char *name; /* WRAPPER, CLASS, NO_GRAD_FUNCTION */
	size_t name_len;
	const char *member; /* the others: of the last CLASS */
	size_t member_len;
	const char *target; /* ALIAS */
	size_t target_len;
} gg_export;

typedef int (*gg_export_fn)(void *ctx, const gg_export *e);

/*
 * What text tells the other files of its project, for the project index
 * (project.h): the grad-disabling callables it defines at its top level
 * (functions that wrap no_grad/inference_mode, classes whose __enter__ turns
 * grad off), and its top-level classes with methods that run with grad off.
 * add(ctx, e) for each, stopping at its first non-zero return. *tree (when
 * tree is not NULL): the parse of text, the caller's to delete (a check of the
 * same text takes it as gg_source.tree), or NULL. Returns 0 or a negative
 * errno.
 */
int gg_analyzer_exports(gg_analyzer *a, const char *text, size_t len, gg_export_fn add, void *ctx, TSTree **tree);
/* The well-known libraries' facts a's rules read (queries/libraries.txt); a may be NULL (then NULL). */
const struct gg_library_facts *gg_analyzer_libraries(const gg_analyzer *a);

/* Appends the findings for src to out, sorted. Returns 0, or a negative errno. */
int gg_analyzer_check(gg_analyzer *a, const gg_source *src, gg_findings *out);
/*
 * gg_analyzer_check, and GG000 at each of the n syntax errors the caller
 * found and masked before (a notebook's cells that do not parse on their
 * own, blanked so that the others are analysed: notebook_syntax.h).
 */
int gg_analyzer_check_unparsed(gg_analyzer *a, const gg_source *src, const gg_unparsed *unparsed, size_t n,
			       gg_findings *out);

/*
 * The analyzer's copy of src->tree (which src must have), for the fixer:
 * *root is valid until the analyzer's next call. After a check of the same
 * tree (or of the tree it was edited from) it is mostly copied, not walked.
 * 0, or a negative errno.
 */
int gg_analyzer_tree(gg_analyzer *a, const gg_source *src, gg_node *root);
/*
 * The copy of the tree the analyzer's last check of src analysed (the same
 * text, not copied: a check that found something has one), without a parse
 * or a copy of its own: *root is valid until the analyzer's next call. 0, or
 * -EINVAL when the last check did not analyse src.
 */
int gg_analyzer_checked_tree(gg_analyzer *a, const gg_source *src, gg_node *root);

/*
 * How autograd stands where line row (0-based) of src runs, as the rules see
 * it: 1 when something the file shows turns it off there (an enclosing
 * `with torch.no_grad()`, a grad-disabling decorator or wrapper, a function
 * every caller in the file runs without grad, an earlier bare
 * set_grad_enabled(False) in its block), with *why naming it (static text)
 * and *why_row the row where that is written; 2 when what encloses it picks
 * the mode at run time (set_grad_enabled(flag), `no_grad() if c else
 * nullcontext()`), *why and *why_row saying so; 0 when nothing does; a
 * negative errno on failure.
 */
int gg_analyzer_grad_at(gg_analyzer *a, const gg_source *src, uint32_t row, const char **why, uint32_t *why_row);

/*
 * GG000's message for err, the first ERROR or MISSING node of a tree of
 * text[0..len): "SyntaxError: expected ')'" or "SyntaxError: unexpected
 * 'tok'"; *range the token it is on. malloc'd (the caller's), NULL on OOM.
 */
char *gg_syntax_error_message(TSNode err, const char *text, size_t len, gg_byte_range *range);
/* The first ERROR or MISSING node under n in document order (a hidden newline missing: the first token of the statement after it), or a null node. */
TSNode gg_syntax_first_error(TSNode n);

/* The Python grammar, and a parser set to it (caller owns; ts_parser_delete). */
const TSLanguage *gg_python_language(void);
/* Where its fields can hold a child, for gg_tree_set_fields (generated from its node-types.json; none without it). */
extern const gg_tree_field_pair gg_python_field_pairs[];
extern const size_t gg_python_field_pairs_len;
TSParser *gg_python_parser_new(void);
/*
 * Parses Python text, incrementally when old_tree (already ts_tree_edit-ed) is
 * given. Lone "\r" line ends count as line ends, as in Python, so tree rows are
 * LSP lines. Returns a tree the caller owns, or NULL (out of memory, > 4 GiB).
 */
TSTree *gg_python_parse(TSParser *parser, const TSTree *old_tree, const char *text, size_t len);
/*
 * gg_python_parse of a text whose opening brackets the caller has counted
 * (open_brackets, or more; gg_python_open_brackets), as a document does
 * through its edits: the depth scan that guards tree-sitter is left out for
 * a text that opens too few to need it.
 */
TSTree *gg_python_parse_counted(TSParser *parser, const TSTree *old_tree, const char *text, size_t len,
				size_t open_brackets);
/* How many "(", "[" and "{" text holds (in strings and comments too). */
size_t gg_python_open_brackets(const char *text, size_t len);
bool gg_python_has_lone_cr(const char *text, size_t len);
/*
 * Whether brackets open more than limit deep anywhere in text, by a byte
 * scan (closers beyond the openers ignored; brackets in strings counted).
 */
bool gg_python_brackets_deeper(const char *text, size_t len, long limit);

#endif
