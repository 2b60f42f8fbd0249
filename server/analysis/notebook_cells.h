#ifndef GG_NOTEBOOK_CELLS_H
#define GG_NOTEBOOK_CELLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/*
 * A Jupyter notebook (.ipynb, nbformat 3 or 4) as the rules read it: its
 * code cells joined into one Python text, IPython syntax masked so that it
 * parses with each cell's line numbers unchanged: a %line magic or !shell
 * escape (`x = !ls` and `x = %time f()` too), a help line (`obj?`, `obj??`,
 * `?obj`) reads `pass` at its indentation, the lines that continue a magic
 * or shell escape with `\` and every line of a %%cell magic whose body is not
 * Python are empty. Facts
 * cross cells as they do in a kernel: an import in one cell, model.eval() in
 * another, the loop in a third.
 *
 * `gradguard check` reports and fixes through it, the traceback diagnosis
 * resolves cell frames with it. gg_notebook_write puts a fixed text back into
 * the notebook's JSON: only the "source" values of the cells that changed
 * are rewritten, every other byte (outputs, metadata, indentation, key
 * order) is left as it was.
 */

typedef struct gg_nb_cell {
	uint32_t index;   /* in the notebook's "cells", markdown included (0-based) */
	long exec;        /* execution_count, -1 when null */
	uint32_t first;   /* 1-based line of the text where the cell starts */
	uint32_t lines;
	size_t start, end; /* the cell's bytes in the text (end: the next cell's start) */
	size_t json_start, json_end; /* its "source" value in the JSON; equal when not found there */
	bool newline_end;  /* its source ends with a newline (in the text, every line does) */
} gg_nb_cell;

/* A line masked in the text, and what the cell holds there. */
typedef struct gg_nb_mask {
	size_t at;             /* the line's start in the text */
	size_t orig, orig_len; /* in gg_notebook.masked_text: the cell's line without its newline (and,
				  for a placeholder, without its indentation) */
	bool placeholder;      /* the text has `pass` at the line's indentation; else an empty line */
	/*
	 * The text has the line as spaces, one per byte (a cell that does not
	 * parse, gg_notebook_blank_cells): offsets in the cell keep their place.
	 * orig is then the whole line, indentation included.
	 */
	bool blank;
} gg_nb_mask;

typedef struct gg_notebook {
	char *text; /* owned, NUL-terminated; the code cells joined */
	size_t len;
	gg_nb_cell *cells; /* owned; the code cells, in order */
	size_t ncells;
	gg_nb_mask *masks; /* owned; by position in the text */
	size_t nmasks;
	char *masked_text; /* owned; the masked lines as the cells have them */
} gg_notebook;

/*
 * Blanks the cells c for which blank[c] (nb->ncells flags): each line of
 * theirs not masked yet reads as spaces in the text, a masked line of
 * theirs too, so that a cell that does not parse cannot hide the others
 * from the analysis (notebook_syntax.h). Offsets do not move; the cells'
 * sources (gg_notebook_cell_text, gg_notebook_sources) stay what they were.
 * Returns 0 or -ENOMEM (nb then unchanged).
 */
int gg_notebook_blank_cells(gg_notebook *nb, const bool *blank);

/* Whether path names a notebook (ends in .ipynb). */
bool gg_notebook_path_is(const char *path);

/*
 * Reads the notebook in json[0..len) into nb (initialised here; free with
 * gg_notebook_free on every path). Returns 0, -EINVAL when it is not a
 * notebook (not JSON, no cells list), or -ENOMEM.
 */
int gg_notebook_read(gg_notebook *nb, const char *json, size_t len);
void gg_notebook_free(gg_notebook *nb);

/* A code cell's source given as text (an editor's cell), and its index among the notebook's cells. */
typedef struct gg_nb_source {
	const char *text; /* borrowed; len bytes */
	size_t len;
	uint32_t index;
} gg_nb_source;

/*
 * The n code cells joined and masked as gg_notebook_read does (the language
 * server's notebook documents: it has the cells' texts, not the JSON; no
 * cell has a place in a JSON, so gg_notebook_write does not apply). nb is
 * initialised here; free it with gg_notebook_free on every path. Returns 0,
 * -EINVAL (over 2^32 lines) or -ENOMEM.
 */
int gg_notebook_join(gg_notebook *nb, const gg_nb_source *cells, size_t n);

/* The code cell holding byte offset of the text (the last cell for the end); NULL when there is none. */
const gg_nb_cell *gg_notebook_cell_at(const gg_notebook *nb, size_t offset);
/* The code cell holding 1-based line `line` of the text; NULL when none does. */
const gg_nb_cell *gg_notebook_cell_of_line(const gg_notebook *nb, uint32_t line);

/*
 * A gg_line_namer's name (analysis.h) for the joined text of ctx (a const
 * gg_notebook *): row (0-based in the text) as "cell 4, line 2", the cell
 * 1-based among all the notebook's cells and the line in it, as the
 * formats' coordinates are. Appends to out; returns 0 or -ENOMEM.
 */
int gg_notebook_line_name(const void *ctx, uint32_t row, gg_buf *out);
/* gg_line_namer's cell: the index of the cell row (0-based in the text) is in, or -1. */
long gg_notebook_line_cell(const void *ctx, uint32_t row);

/*
 * Cell c's lines as the notebook has them (IPython included), each ending
 * with a newline as in the text: what an editor shows of the cell. *out
 * (NUL-terminated, *len bytes) is the caller's. Returns 0 or -ENOMEM.
 */
int gg_notebook_cell_text(const gg_notebook *nb, const gg_nb_cell *c, char **out, size_t *len);

/*
 * The offsets of the text that gg_notebook_write needs carried through a
 * fix (gg_fix_all_anchored): each cell's start and each masked line's
 * start, ascending. *out (count *n) is the caller's. Returns 0 or -ENOMEM.
 */
int gg_notebook_anchors(const gg_notebook *nb, size_t **out, size_t *n);

/* gg_notebook_write's answer when the fixed text cannot be put back in cells (a fix touched a masked line). */
#define GG_NOTEBOOK_UNMAPPED 1

/*
 * The notebook json (the bytes nb was read from) with its code cells set to
 * text (len bytes, the fixed text; anchors: gg_notebook_anchors carried into
 * it). Masked lines get their IPython back (at the indentation the fix gave them); a cell's source that changed is
 * written as the list of its lines, laid out as the JSON had it. *out is the
 * caller's (NULL when no cell changed); *changed counts the cells rewritten.
 * Returns 0, GG_NOTEBOOK_UNMAPPED, or -ENOMEM.
 */
int gg_notebook_write(const gg_notebook *nb, const char *json, size_t json_len, const char *text, size_t len,
		      const size_t *anchors, char **out, size_t *out_len, size_t *changed);

/*
 * Each cell's source from text (a fixed text, anchors carried into it as for
 * gg_notebook_write): out[c] (nb->ncells buffers, the caller's) is cell c as
 * the editor will hold it, masked lines restored. Returns 0,
 * GG_NOTEBOOK_UNMAPPED, or -ENOMEM.
 */
int gg_notebook_sources(const gg_notebook *nb, const char *text, size_t len, const size_t *anchors, gg_buf *out);

#endif
