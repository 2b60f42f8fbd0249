/*
 * Notebook cell resolution (see notebook.h). Each notebook is parsed once
 * (analysis/notebook_cells.h) and kept only as the text of its code cells,
 * one after the other, with a table of where each cell starts: the JSON
 * (outputs, images) is freed at once, and that text is what the static rules
 * read.
 */
#include "notebook.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "notebook_cells.h"
#include "text.h"

#define NB_MAX_FILE (20u << 20) /* a notebook larger than this (outputs, images) is not read */
#define NB_MAX_KEPT (64u << 20) /* code text kept for all notebooks together */

typedef struct nb_book {
	const char *path; /* borrowed from the workspace */
	gg_notebook cells; /* owned; the code cells joined (notebook_cells.h) */
} nb_book;

struct gg_notebooks {
	gg_workspace *ws;
	nb_book *books; /* owned */
	size_t len;
	size_t kept;
	bool loaded;
};

gg_notebooks *gg_notebooks_new(gg_workspace *ws)
{
	gg_notebooks *nb = calloc(1, sizeof *nb);
	if (nb)
		nb->ws = ws;
	return nb;
}

void gg_notebooks_delete(gg_notebooks *nb)
{
	if (!nb)
		return;
	for (size_t i = 0; i < nb->len; i++)
		gg_notebook_free(&nb->books[i].cells);
	free(nb->books);
	free(nb);
}

/* Reads every listed notebook once; unreadable or malformed ones are skipped. */
static int nb_load(gg_notebooks *nb)
{
	if (nb->loaded)
		return 0;
	nb->loaded = true;
	size_t n = gg_workspace_notebooks(nb->ws);
	if (n == 0)
		return 0;
	nb->books = calloc(n, sizeof *nb->books);
	if (!nb->books)
		return -ENOMEM;
	for (size_t i = 0; i < n && nb->kept < NB_MAX_KEPT; i++) {
		const char *path = gg_workspace_notebook(nb->ws, i);
		size_t len = 0;
		char *json = gg_workspace_read(nb->ws, path, NB_MAX_FILE, &len);
		if (!json)
			continue; /* unreadable or too large: as if absent */
		nb_book *b = &nb->books[nb->len];
		b->path = path;
		int rc = gg_notebook_read(&b->cells, json, len);
		free(json);
		if (rc || b->cells.ncells == 0) {
			gg_notebook_free(&b->cells);
			if (rc == -ENOMEM)
				return rc;
			continue; /* not a notebook, or no code: as if absent */
		}
		nb->kept += b->cells.len;
		nb->len++;
	}
	return 0;
}

/* What a frame's printed name says: the In[n] execution count and the notebook's name. */
typedef struct nb_hint {
	long exec;  /* -1 when not printed */
	char *name; /* owned; a notebook path ("x.ipynb"), percent-decoded, or NULL */
} nb_hint;

static long nb_digits(const char *p)
{
	long v = -1;
	for (; *p >= '0' && *p <= '9' && v < 100000000; p++)
		v = (v < 0 ? 0 : v * 10) + (*p - '0');
	return v;
}

static int nb_hex(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A copy of s[0..n) with %XX escapes decoded (VS Code cell URIs escape "c:" as "c%3A"). */
static char *nb_unescape(const char *s, size_t n)
{
	char *out = malloc(n + 1), *o = out;
	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		int h, l;
		if (s[i] == '%' && i + 2 < n && (h = nb_hex(s[i + 1])) >= 0 && (l = nb_hex(s[i + 2])) >= 0 && (h || l)) {
			*o++ = (char)(h * 16 + l);
			i += 2;
		} else {
			*o++ = s[i];
		}
	}
	*o = '\0';
	return out;
}

static int nb_parse_hint(const char *f, nb_hint *h)
{
	h->exec = -1;
	h->name = NULL;
	const char *in = strstr(f, "In[");
	if (in)
		h->exec = nb_digits(in + 3);
	else if ((in = strstr(f, "In [")))
		h->exec = nb_digits(in + 4);
	else if (strncmp(f, "<ipython-input-", 15) == 0)
		h->exec = nb_digits(f + 15);
	const char *start = f;
	if (strncmp(f, "vscode-notebook-cell:", 21) == 0)
		start = f + 21;
	/* The URI's fragment (#W3sZmlsZQ==) names the cell by an editor handle: not usable here. */
	const char *ext = strstr(start, ".ipynb");
	if (!ext)
		return 0;
	h->name = nb_unescape(start, (size_t)(ext + 6 - start));
	return h->name ? 0 : -ENOMEM;
}

/* The trimmed line `line` of cell c, or NULL. */
static const char *nb_cell_line(const nb_book *b, const gg_nb_cell *c, uint32_t line, size_t *n)
{
	if (line == 0 || line > c->lines)
		return NULL;
	return gg_text_line(b->cells.text, b->cells.len, c->first + line - 1, n);
}

/* The one line of cell c reading want, or 0 (none, or several). */
static uint32_t nb_find_in_cell(const nb_book *b, const gg_nb_cell *c, const char *want, size_t wn)
{
	uint32_t found = 0;
	for (uint32_t l = 1; l <= c->lines; l++) {
		size_t n;
		const char *t = nb_cell_line(b, c, l, &n);
		if (t && n == wn && memcmp(t, want, wn) == 0) {
			if (found)
				return 0;
			found = l;
		}
	}
	return found;
}

static int nb_set(gg_resolution *out, const nb_book *b, const gg_nb_cell *c)
{
	out->path = strdup(b->path);
	out->is_cell = c != NULL;
	out->cell = c ? c->index : 0;
	return out->path ? 0 : -ENOMEM;
}

int gg_notebooks_resolve(gg_notebooks *nb, const char *filename, uint32_t line, const char *code, gg_resolution *out)
{
	memset(out, 0, sizeof *out);
	if (!code || !*code || line == 0)
		return 0; /* nothing to recognise the cell by */
	int rc = nb_load(nb);
	if (rc)
		return rc;
	nb_hint h;
	if ((rc = nb_parse_hint(filename, &h)) != 0)
		return rc;
	size_t wn = strlen(code);
	const char *want = gg_text_trim(code, &wn);

	/* The notebook the frame names, when the workspace has it: only its cells are candidates. */
	size_t best = 0;
	bool fold = h.name && (strchr(h.name, '\\') || (h.name[0] && h.name[1] == ':') || strstr(h.name, ":/"));
	for (size_t i = 0; h.name && i < nb->len; i++) {
		size_t m = gg_path_suffix_match(h.name, nb->books[i].path, fold);
		if (m > best)
			best = m;
	}
	const nb_book *match_b = NULL, *exec_b = NULL, *stale_b = NULL, *named = NULL;
	const gg_nb_cell *match_c = NULL, *exec_c = NULL, *stale_c = NULL;
	size_t matches = 0, exec_matches = 0, same_exec = 0, scope_books = 0;
	for (size_t i = 0; i < nb->len; i++) {
		const nb_book *b = &nb->books[i];
		if (best > 0 && gg_path_suffix_match(h.name, b->path, fold) != best)
			continue;
		scope_books++;
		named = b;
		for (size_t j = 0; j < b->cells.ncells; j++) {
			const gg_nb_cell *c = &b->cells.cells[j];
			bool exec = h.exec >= 0 && c->exec == h.exec;
			if (exec && same_exec++ == 0) {
				stale_b = b;
				stale_c = c;
			}
			size_t n;
			const char *t = nb_cell_line(b, c, line, &n);
			if (!t || n != wn || memcmp(t, want, wn) != 0)
				continue;
			if (matches++ == 0) {
				match_b = b;
				match_c = c;
			}
			if (exec && exec_matches++ == 0) {
				exec_b = b;
				exec_c = c;
			}
		}
	}
	if (matches == 1) {
		rc = nb_set(out, match_b, match_c);
	} else if (matches > 1 && exec_matches == 1) {
		rc = nb_set(out, exec_b, exec_c);
	} else if (matches > 1) {
		out->ambiguous = true; /* like a tie of paths: no cell is trusted */
	} else if (same_exec == 1) {
		/* In[n] names a cell that no longer reads the printed line: edited since the run. */
		rc = nb_set(out, stale_b, stale_c);
		out->stale = true;
		out->moved_to = nb_find_in_cell(stale_b, stale_c, want, wn);
	} else if (best > 0 && scope_books == 1) {
		/* The named notebook has changed: say which cell has the line now, if exactly one line does. */
		const gg_nb_cell *moved = NULL;
		uint32_t at = 0;
		size_t seen = 0;
		for (size_t j = 0; j < named->cells.ncells; j++) {
			uint32_t l = nb_find_in_cell(named, &named->cells.cells[j], want, wn);
			if (l && seen++ == 0) {
				moved = &named->cells.cells[j];
				at = l;
			}
		}
		rc = nb_set(out, named, seen == 1 ? moved : NULL);
		out->stale = true;
		out->moved_to = seen == 1 ? at : 0;
	}
	free(h.name);
	return rc;
}

static const nb_book *nb_book_of(gg_notebooks *nb, const char *path)
{
	for (size_t i = 0; i < nb->len; i++)
		if (strcmp(nb->books[i].path, path) == 0)
			return &nb->books[i];
	return NULL;
}

const char *gg_notebooks_source(gg_notebooks *nb, const char *path, size_t *len)
{
	const nb_book *b = nb_book_of(nb, path);
	if (!b)
		return NULL;
	*len = b->cells.len;
	return b->cells.text;
}

uint32_t gg_notebooks_text_line(gg_notebooks *nb, const char *path, uint32_t cell, uint32_t line)
{
	const nb_book *b = nb_book_of(nb, path);
	for (size_t j = 0; b && j < b->cells.ncells; j++)
		if (b->cells.cells[j].index == cell)
			return line >= 1 && line <= b->cells.cells[j].lines ? b->cells.cells[j].first + line - 1 : 0;
	return 0;
}

bool gg_notebooks_cell_line(gg_notebooks *nb, const char *path, uint32_t text_line, uint32_t *cell, uint32_t *line)
{
	const nb_book *b = nb_book_of(nb, path);
	for (size_t j = 0; b && j < b->cells.ncells; j++) {
		const gg_nb_cell *c = &b->cells.cells[j];
		if (text_line >= c->first && text_line < c->first + c->lines) {
			*cell = c->index;
			*line = text_line - c->first + 1;
			return true;
		}
	}
	return false;
}
