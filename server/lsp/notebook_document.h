#ifndef GG_LSP_NOTEBOOK_DOCUMENT_H
#define GG_LSP_NOTEBOOK_DOCUMENT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "fix.h"
#include "lsp/session.h"
#include "notebook_cells.h"
#include "notebook_syntax.h"

/*
 * An open notebook document (the LSP notebookDocument methods): its cells, each a
 * gg_document of its own (text, version, line index in the cell's
 * coordinates), and the Python code cells joined into one text
 * (notebook_cells.h: magics masked) that the analysis reads, so that facts
 * cross cells. The joined text is a gg_document in the session's list, under
 * the notebook's URI, which owns this (gg_document.notebook): diagnostics,
 * hovers and fixes are computed on it and placed back into the cells here.
 */

typedef struct gg_notebook_cell {
	gg_document *doc; /* owned */
	bool code;        /* a code cell (kind 2), not markup */
} gg_notebook_cell;

typedef struct gg_notebook_document {
	gg_notebook_cell *cells; /* owned; in the notebook's order */
	size_t ncells;
	gg_notebook joined; /* the Python code cells joined; rebuilt on every change */
	size_t *joined_cell; /* owned; joined.cells[j] is cells[joined_cell[j]] */
	gg_nb_unparsed unparsed; /* owned; the code cells that do not parse, blanked in joined (as check has them) */
} gg_notebook_document;

/* Where a byte range of the joined text lies in the editor: a cell's URI and positions in it. */
typedef struct gg_place {
	const char *uri; /* borrowed from the document or the cell */
	gg_position start, end;
	size_t cell; /* the index in cells (notebook documents only) */
} gg_place;

void gg_notebook_document_free(gg_notebook_document *nb);

/*
 * Sets the joined document doc (doc->notebook set) to the notebook's code
 * cells joined again, after its cells changed; a cell that does not parse is
 * blanked in it and its first error kept for GG000 in the cell's own place,
 * as `check` does (notebook_syntax.h), so that it hides no other cell.
 * parser: the session's. Returns 0 or -ENOMEM.
 */
int gg_notebook_document_rejoin(gg_document *doc, TSParser *parser);

/* The open notebook (its joined document) holding a cell with this URI, and the cell's index; NULL if none. */
gg_document *gg_notebook_document_find_cell(gg_session *s, const char *uri, size_t *cell);

/*
 * The offset in the joined text of a position in cell `cell` of doc's
 * notebook; SIZE_MAX when the cell is not in the joined text (markup, or
 * another language). A masked line's columns clamp to the line's end.
 */
size_t gg_notebook_document_offset(const gg_document *doc, size_t cell, gg_position pos, gg_encoding enc);

/*
 * Where range r of doc lies as the editor shows it: for a plain document,
 * doc's URI and positions; for a notebook's joined document, the cell
 * holding r.start and positions in it (the end clamped to that cell).
 */
gg_place gg_document_place(const gg_document *doc, gg_byte_range r, gg_encoding enc);

/*
 * The notebook's cells after edits of the joined text (sorted, not
 * overlapping): out[j] (joined.ncells buffers, the caller's) the new text of
 * joined cell j. Returns 0, GG_NOTEBOOK_UNMAPPED when an edit spans a cell
 * boundary or rewrites an IPython line, or -ENOMEM.
 */
int gg_notebook_document_edited(const gg_document *doc, const gg_edit *edits, size_t len, gg_buf *out);

#endif
