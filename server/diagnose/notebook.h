#ifndef GG_NOTEBOOK_H
#define GG_NOTEBOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "resolve.h"

/*
 * Notebook cell frames ("Cell In[12], line 7", "<ipython-input-12-ab>",
 * "/tmp/ipykernel_1/123.py", "vscode-notebook-cell:/p/nb.ipynb#W3sZmlsZQ==")
 * resolved to a code cell of a workspace notebook by content: the cell
 * whose line k reads what the traceback printed. The notebook the frame
 * names is preferred, then the cells whose execution count is the frame's
 * In[n]. Notebooks are read once, on the first notebook frame, within bounds
 * (count, file size, text kept).
 */

typedef struct gg_notebooks gg_notebooks;

/* An index over the notebooks of ws (borrowed; it must outlive the index). NULL on OOM. */
gg_notebooks *gg_notebooks_new(gg_workspace *ws);
void gg_notebooks_delete(gg_notebooks *nb);

/*
 * Resolves one notebook frame: out->path is the notebook, out->cell the code
 * cell; ambiguous when several cells match equally; stale (with moved_to, a
 * line of the cell) when the frame's cell is known by In[n] or by name but no
 * longer reads the printed line. Returns 0 or -ENOMEM.
 */
int gg_notebooks_resolve(gg_notebooks *nb, const char *filename, uint32_t line, const char *code, gg_resolution *out);

/*
 * A notebook's code cells as one Python text (IPython magics and shell
 * escapes blanked, line numbers kept), for the static rules; NULL when the
 * notebook was not read. The text is owned by the index.
 */
const char *gg_notebooks_source(gg_notebooks *nb, const char *path, size_t *len);
/* The line of that text holding line `line` of cell `cell`; 0 when out of range. */
uint32_t gg_notebooks_text_line(gg_notebooks *nb, const char *path, uint32_t cell, uint32_t line);
/* The reverse: the cell and its line for a line of the text. Returns false when in no cell. */
bool gg_notebooks_cell_line(gg_notebooks *nb, const char *path, uint32_t text_line, uint32_t *cell, uint32_t *line);

#endif
