/* Notebook documents: cells joined for the analysis, results placed back in cells (lsp/notebook_document.h). */
#include "lsp/notebook_document.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void gg_notebook_document_free(gg_notebook_document *nb)
{
	if (!nb)
		return;
	for (size_t i = 0; i < nb->ncells; i++)
		gg_document_free(nb->cells[i].doc);
	free(nb->cells);
	free(nb->joined_cell);
	gg_notebook_free(&nb->joined);
	gg_nb_unparsed_free(&nb->unparsed);
	free(nb);
}

/* Whether cell i is Python code the analysis reads: a code cell whose language is Python (or unsaid). */
static bool notebook_joins(const gg_notebook_cell *c)
{
	return c->code && (c->doc->language_id[0] == '\0' || strcmp(c->doc->language_id, "python") == 0);
}

int gg_notebook_document_rejoin(gg_document *doc, TSParser *parser)
{
	gg_notebook_document *nb = doc->notebook;
	gg_nb_source *src = malloc((nb->ncells ? nb->ncells : 1) * sizeof *src);
	size_t *joined_cell = malloc((nb->ncells ? nb->ncells : 1) * sizeof *joined_cell);
	int rc = src && joined_cell ? 0 : -ENOMEM;
	size_t n = 0;
	for (size_t i = 0; !rc && i < nb->ncells; i++) {
		if (!notebook_joins(&nb->cells[i]))
			continue;
		src[n] = (gg_nb_source){ nb->cells[i].doc->text, nb->cells[i].doc->len, (uint32_t)i };
		joined_cell[n++] = i;
	}
	gg_notebook joined;
	gg_nb_unparsed unparsed = { NULL, 0 };
	if (!rc)
		rc = gg_notebook_join(&joined, src, n);
	/* A cell that does not parse is blanked (offsets kept), so that error recovery cannot swallow the cells after it. */
	if (!rc && (rc = gg_notebook_unparsed(&joined, parser, &unparsed)) != 0)
		gg_notebook_free(&joined);
	/* The whole text is replaced: cells are small, and their order may have changed. */
	if (!rc && (rc = gg_document_replace_all(doc, joined.text, joined.len)) != 0)
		gg_notebook_free(&joined);
	free(src);
	if (rc) {
		gg_nb_unparsed_free(&unparsed);
		free(joined_cell);
		return rc;
	}
	gg_notebook_free(&nb->joined);
	free(nb->joined_cell);
	gg_nb_unparsed_free(&nb->unparsed);
	nb->joined = joined;
	nb->joined_cell = joined_cell;
	nb->unparsed = unparsed;
	return 0;
}

gg_document *gg_notebook_document_find_cell(gg_session *s, const char *uri, size_t *cell)
{
	for (size_t i = 0; i < s->docs_len; i++) {
		const gg_notebook_document *nb = s->docs[i]->notebook;
		for (size_t k = 0; nb && k < nb->ncells; k++) {
			if (strcmp(nb->cells[k].doc->uri, uri) == 0) {
				*cell = k;
				return s->docs[i];
			}
		}
	}
	return NULL;
}

/* The joined cell of notebook cell `cell`, or NULL when it is not joined. */
static const gg_nb_cell *notebook_joined_of(const gg_notebook_document *nb, size_t cell)
{
	for (size_t j = 0; j < nb->joined.ncells; j++) {
		if (nb->joined_cell[j] == cell)
			return &nb->joined.cells[j];
	}
	return NULL;
}

/*
 * Offset col bytes into line `line` of text (indexed by ix), clamped to the
 * line's end; the end of the text past its last line. Cells and the joined
 * text hold the same bytes on every line but a masked one.
 */
static size_t notebook_line_col(const gg_line_index *ix, const char *text, size_t len, size_t line, size_t col)
{
	if (line >= ix->count)
		return len;
	size_t end = gg_line_index_line_end(ix, text, len, (uint32_t)line);
	size_t at = ix->starts[line] + col;
	return at < end ? at : end;
}

size_t gg_notebook_document_offset(const gg_document *doc, size_t cell, gg_position pos, gg_encoding enc)
{
	const gg_notebook_document *nb = doc->notebook;
	const gg_nb_cell *c = nb && cell < nb->ncells ? notebook_joined_of(nb, cell) : NULL;
	if (!c)
		return SIZE_MAX;
	const gg_document *cd = nb->cells[cell].doc;
	size_t off = gg_document_offset(cd, pos, enc);
	uint32_t line = gg_line_index_line_of(&cd->lines, off);
	size_t col = off - cd->lines.starts[line];
	if (line >= c->lines) /* past the cell's last line: its end */
		return c->end;
	return notebook_line_col(&doc->lines, doc->text, doc->len, c->first - 1 + line, col);
}

/* The offset in cell cd of joined offset `at`, which lies in joined cell c. */
static size_t notebook_cell_offset(const gg_document *doc, const gg_nb_cell *c, const gg_document *cd, size_t at)
{
	uint32_t line = gg_line_index_line_of(&doc->lines, at);
	size_t col = at - doc->lines.starts[line];
	if (at >= c->end || line + 1 < c->first)
		return at >= c->end ? cd->len : 0;
	return notebook_line_col(&cd->lines, cd->text, cd->len, line - (c->first - 1), col);
}

gg_place gg_document_place(const gg_document *doc, gg_byte_range r, gg_encoding enc)
{
	gg_place p = { doc->uri, { 0, 0 }, { 0, 0 }, 0 };
	const gg_notebook_document *nb = doc->notebook;
	const gg_nb_cell *c = nb ? gg_notebook_cell_at(&nb->joined, r.start) : NULL;
	if (!c) {
		p.start = gg_document_position(doc, r.start, enc);
		p.end = gg_document_position(doc, r.end, enc);
		return p;
	}
	size_t cell = nb->joined_cell[c - nb->joined.cells];
	const gg_document *cd = nb->cells[cell].doc;
	p.uri = cd->uri;
	p.cell = cell;
	p.start = gg_document_position(cd, notebook_cell_offset(doc, c, cd, r.start), enc);
	p.end = gg_document_position(cd, notebook_cell_offset(doc, c, cd, r.end < c->end ? r.end : c->end), enc);
	return p;
}

static int notebook_edit_cmp(const void *a, const void *b)
{
	const gg_edit *x = a, *y = b;
	return x->range.start < y->range.start ? -1 : x->range.start > y->range.start;
}

int gg_notebook_document_edited(const gg_document *doc, const gg_edit *edits, size_t len, gg_buf *out)
{
	const gg_notebook *j = &doc->notebook->joined;
	/* A fix lists its edits in the order it made them; applying them needs them by offset. */
	gg_edit *sorted = malloc((len ? len : 1) * sizeof *sorted);
	if (!sorted)
		return -ENOMEM;
	memcpy(sorted, edits, len * sizeof *sorted);
	qsort(sorted, len, sizeof *sorted, notebook_edit_cmp);
	size_t *anchors = NULL, nanchors = 0;
	char *text = NULL;
	size_t text_len = 0;
	int rc = gg_notebook_anchors(j, &anchors, &nanchors);
	if (!rc)
		rc = gg_fix_apply(doc->text, doc->len, sorted, len, &text, &text_len);
	if (!rc && !gg_fix_anchors_carry(anchors, nanchors, sorted, len))
		rc = GG_NOTEBOOK_UNMAPPED;
	if (!rc)
		rc = gg_notebook_sources(j, text, text_len, anchors, out);
	free(text);
	free(anchors);
	free(sorted);
	return rc;
}
