#ifndef GG_DOCUMENT_H
#define GG_DOCUMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

#include "findings.h"
#include "position.h"

struct gg_diagnoses;
struct gg_notebook_document;

/*
 * An open text document: its text, the line index for LSP positions, and the
 * tree-sitter tree kept in step with every edit (ts_tree_edit) so that the
 * next parse is incremental. Created by didOpen, freed by didClose.
 */
typedef struct gg_document {
	char *uri;         /* owned */
	char *path;        /* owned; local path for file: URIs, else NULL */
	char *language_id; /* owned */
	int64_t version;
	char *text; /* owned; len bytes, NUL-terminated for convenience */
	size_t len, cap;
	gg_line_index lines;
	TSTree *tree;     /* owned; NULL until first parse */
	size_t open_brackets; /* "(", "[" and "{" in text, kept through edits for the parse's guard */
	bool tree_stale;  /* edited since the last parse */
	bool analysis_stale;
	bool publish_pending; /* diagnostics to push when the debounce timer fires */
	gg_findings findings; /* results for the current text once !analysis_stale */
	/*
	 * Log documents: the diagnosis those findings came from (owned; NULL
	 * until the first analysis), kept so that hovers reuse it rather than
	 * walk the workspace again. Valid while !analysis_stale.
	 */
	struct gg_diagnoses *diagnoses;
	/* A notebook's joined code cells: the notebook (owned; lsp/notebook_document.h). NULL for other documents. */
	struct gg_notebook_document *notebook;
} gg_document;

/* Returns NULL on allocation failure. text is copied. */
gg_document *gg_document_new(const char *uri, const char *language_id, int64_t version, const char *text, size_t len);
void gg_document_free(gg_document *doc);
/* Replaces the kept diagnosis (freeing the old one); takes ownership of a malloc'd diagnoses, or NULL. */
void gg_document_set_diagnoses(gg_document *doc, struct gg_diagnoses *diagnoses);

/* Replaces the whole text. Returns 0 or -ENOMEM (the document is then unchanged). */
int gg_document_replace_all(gg_document *doc, const char *text, size_t len);

/*
 * Replaces the text between two LSP positions (in enc) with text. Positions
 * are clamped as the LSP spec says; a start after the end is taken as the
 * range between them. Returns 0 or -ENOMEM (the document is then unchanged).
 */
int gg_document_apply_change(gg_document *doc, gg_position start, gg_position end, gg_encoding enc,
			     const char *text, size_t len);

/* Brings the tree up to date with the text (incrementally). Returns 0 or -ENOMEM. */
int gg_document_parse(gg_document *doc, TSParser *parser);

/* LSP position of a byte offset / byte offset of a position, in enc. */
gg_position gg_document_position(const gg_document *doc, size_t offset, gg_encoding enc);
size_t gg_document_offset(const gg_document *doc, gg_position pos, gg_encoding enc);

/* Whether this document is Python source (by language id or file name) to be analysed. */
bool gg_document_is_python(const gg_document *doc);

#endif
