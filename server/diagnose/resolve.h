#ifndef GG_RESOLVE_H
#define GG_RESOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Maps the file names printed in a traceback (absolute paths from another
 * machine, relative paths, Windows paths) to the Python files of a
 * workspace by the longest match of trailing path components, and checks
 * that the printed source line is still what the file has at that line.
 */

/* Returns the text of path (caller owns, *len set) or NULL; lets an editor supply unsaved buffers. */
typedef char *(*gg_read_fn)(void *ctx, const char *path, size_t *len);

typedef struct gg_workspace gg_workspace;

/*
 * Lists the *.py files under root (skipping VCS folders, virtualenvs, caches),
 * and the *.ipynb notebooks (at most GG_WS_MAX_NOTEBOOKS). Returns NULL on OOM.
 */
#define GG_WS_MAX_NOTEBOOKS 2000
gg_workspace *gg_workspace_open(const char *root, gg_read_fn read, void *read_ctx);
void gg_workspace_close(gg_workspace *w);

typedef struct gg_resolution {
	char *path;        /* owned; the workspace file (root-joined), NULL when unresolved */
	bool is_cell;      /* path is a notebook and cell the 0-based index in its "cells" */
	uint32_t cell;
	bool ambiguous;    /* several files matched equally well; the shallowest was taken */
	bool stale;        /* the file no longer has the printed code at that line */
	uint32_t moved_to; /* when stale: the one line that now has that code, or 0 */
} gg_resolution;

/* Resolves one frame. code may be NULL (nothing to compare). Returns 0 or -ENOMEM. */
int gg_workspace_resolve(gg_workspace *w, const char *filename, uint32_t line, const char *code, gg_resolution *out);
void gg_resolution_free(gg_resolution *r);

/* The text of a workspace file, read once and cached by the workspace (NULL when unreadable). */
const char *gg_workspace_text(gg_workspace *w, const char *path, size_t *len);

/* The folder the workspace was opened on (absolute when it could be made so). */
const char *gg_workspace_root(const gg_workspace *w);

/* The notebooks found under the root, and the i-th of them (root-joined). */
size_t gg_workspace_notebooks(const gg_workspace *w);
const char *gg_workspace_notebook(const gg_workspace *w, size_t i);

/* A fresh copy of a file's text (the read callback first, then the disk), at most max bytes, or NULL. */
char *gg_workspace_read(gg_workspace *w, const char *path, size_t max, size_t *len);

/* Trailing path components a printed name shares with a workspace path ("\" and case folded when fold). */
size_t gg_path_suffix_match(const char *printed, const char *path, bool fold);

/* The 1-based line of text, trimmed of blanks; NULL when past the end. */
const char *gg_text_line(const char *text, size_t len, uint32_t line, size_t *n);

#endif
