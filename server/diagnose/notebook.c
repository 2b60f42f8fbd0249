/*
 * Notebook cell resolution (see notebook.h). Each notebook is parsed once
 * with cJSON and kept only as the text of its code cells, one after the
 * other, with a table of where each cell starts: the JSON (outputs, images)
 * is freed at once, and that text is what the static rules read.
 */
#include "notebook.h"

#include <cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

#define NB_MAX_FILE (20u << 20) /* a notebook larger than this (outputs, images) is not read */
#define NB_MAX_KEPT (64u << 20) /* code text kept for all notebooks together */

typedef struct nb_cell {
	uint32_t index; /* in the notebook's "cells", markdown included */
	long exec;      /* execution_count, -1 when null */
	uint32_t first; /* 1-based line of the book's text where the cell starts */
	uint32_t lines;
} nb_cell;

typedef struct nb_book {
	const char *path; /* borrowed from the workspace */
	char *text;       /* owned; the code cells, magics blanked */
	size_t len;
	nb_cell *cells; /* owned */
	size_t ncells;
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
	for (size_t i = 0; i < nb->len; i++) {
		free(nb->books[i].text);
		free(nb->books[i].cells);
	}
	free(nb->books);
	free(nb);
}

/* Cell magics whose body is still Python; any other (%%bash, %%writefile...) makes the cell foreign. */
static bool nb_python_cell_magic(const char *t, size_t n)
{
	static const char *const ok[] = { "%%time", "%%timeit", "%%capture", "%%prun", "%%debug", NULL };
	for (const char *const *m = ok; *m; m++) {
		size_t k = strlen(*m);
		if (n >= k && memcmp(t, *m, k) == 0 && (n == k || t[k] == ' '))
			return true;
	}
	return false;
}

/*
 * Appends one cell's source to out, line by line, blanking IPython syntax
 * (%magics, !shell) so the text parses as Python with the cell's line
 * numbers unchanged. Returns the number of lines, or -ENOMEM.
 */
static long nb_append_cell(gg_buf *out, const char *src, size_t n)
{
	long lines = 0;
	bool foreign = false;
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(src + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - src) : n;
		size_t tn = e - i;
		const char *t = gg_text_trim(src + i, &tn);
		if (lines == 0 && tn >= 2 && t[0] == '%' && t[1] == '%' && !nb_python_cell_magic(t, tn))
			foreign = true;
		bool blank = foreign || (tn > 0 && (t[0] == '%' || t[0] == '!'));
		if ((!blank && gg_buf_append(out, src + i, e - i) != 0) || gg_buf_append(out, "\n", 1) != 0)
			return -ENOMEM;
		lines++;
		i = e + 1;
	}
	return lines;
}

/* A cell's source: a string, or (nbformat 4) a list of strings that concatenate. */
static int nb_source(const cJSON *s, gg_buf *out)
{
	if (cJSON_IsString(s))
		return gg_buf_append(out, s->valuestring, strlen(s->valuestring));
	const cJSON *piece;
	cJSON_ArrayForEach(piece, s)
		if (cJSON_IsString(piece) && gg_buf_append(out, piece->valuestring, strlen(piece->valuestring)) != 0)
			return -ENOMEM;
	return 0;
}

/* Builds the book of one parsed notebook; returns 0 (book->ncells may be 0) or -ENOMEM. */
static int nb_build(const cJSON *root, nb_book *book)
{
	const cJSON *cells = cJSON_GetObjectItemCaseSensitive(root, "cells");
	bool v3 = false;
	if (!cJSON_IsArray(cells)) {
		/* nbformat 3 (IPython 1-3): worksheets[0].cells, "input", "prompt_number". */
		const cJSON *ws = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "worksheets"), 0);
		cells = cJSON_GetObjectItemCaseSensitive(ws, "cells");
		v3 = true;
		if (!cJSON_IsArray(cells))
			return 0;
	}
	size_t total = (size_t)cJSON_GetArraySize(cells);
	book->cells = total ? calloc(total, sizeof *book->cells) : NULL;
	if (total && !book->cells)
		return -ENOMEM;
	gg_buf text = { 0 }, src = { 0 };
	uint32_t line = 1, index = 0;
	int rc = 0;
	const cJSON *c;
	cJSON_ArrayForEach(c, cells) {
		uint32_t k = index++;
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(c, "cell_type");
		if (!cJSON_IsString(type) || strcmp(type->valuestring, "code") != 0)
			continue;
		src.len = 0;
		if ((rc = nb_source(cJSON_GetObjectItemCaseSensitive(c, v3 ? "input" : "source"), &src)) != 0)
			break;
		long lines = nb_append_cell(&text, src.data ? src.data : "", src.len);
		if (lines < 0 || line + (uint64_t)lines > UINT32_MAX) {
			rc = lines < 0 ? -ENOMEM : 0;
			break;
		}
		const cJSON *ec = cJSON_GetObjectItemCaseSensitive(c, v3 ? "prompt_number" : "execution_count");
		book->cells[book->ncells++] = (nb_cell){ k, cJSON_IsNumber(ec) && ec->valuedouble >= 0 ? (long)ec->valuedouble : -1,
							 line, (uint32_t)lines };
		line += (uint32_t)lines;
	}
	gg_buf_free(&src);
	if (rc) {
		gg_buf_free(&text);
		return rc;
	}
	book->len = text.len;
	book->text = gg_buf_take(&text);
	return book->text ? 0 : -ENOMEM;
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
		cJSON *root = json ? cJSON_ParseWithLength(json, len) : NULL;
		free(json);
		if (!root)
			continue; /* unreadable, too large, not JSON: as if absent (or out of memory: nothing to do) */
		nb_book *b = &nb->books[nb->len];
		memset(b, 0, sizeof *b);
		b->path = path;
		int rc = nb_build(root, b);
		cJSON_Delete(root);
		if (rc || b->ncells == 0) {
			free(b->text);
			free(b->cells);
			if (rc)
				return rc;
			continue;
		}
		nb->kept += b->len;
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
static const char *nb_cell_line(const nb_book *b, const nb_cell *c, uint32_t line, size_t *n)
{
	if (line == 0 || line > c->lines)
		return NULL;
	return gg_text_line(b->text, b->len, c->first + line - 1, n);
}

/* The one line of cell c reading want, or 0 (none, or several). */
static uint32_t nb_find_in_cell(const nb_book *b, const nb_cell *c, const char *want, size_t wn)
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

static int nb_set(gg_resolution *out, const nb_book *b, const nb_cell *c)
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
	const nb_cell *match_c = NULL, *exec_c = NULL, *stale_c = NULL;
	size_t matches = 0, exec_matches = 0, same_exec = 0, scope_books = 0;
	for (size_t i = 0; i < nb->len; i++) {
		const nb_book *b = &nb->books[i];
		if (best > 0 && gg_path_suffix_match(h.name, b->path, fold) != best)
			continue;
		scope_books++;
		named = b;
		for (size_t j = 0; j < b->ncells; j++) {
			const nb_cell *c = &b->cells[j];
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
		const nb_cell *moved = NULL;
		uint32_t at = 0;
		size_t seen = 0;
		for (size_t j = 0; j < named->ncells; j++) {
			uint32_t l = nb_find_in_cell(named, &named->cells[j], want, wn);
			if (l && seen++ == 0) {
				moved = &named->cells[j];
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
	*len = b->len;
	return b->text;
}

uint32_t gg_notebooks_text_line(gg_notebooks *nb, const char *path, uint32_t cell, uint32_t line)
{
	const nb_book *b = nb_book_of(nb, path);
	for (size_t j = 0; b && j < b->ncells; j++)
		if (b->cells[j].index == cell)
			return line >= 1 && line <= b->cells[j].lines ? b->cells[j].first + line - 1 : 0;
	return 0;
}

bool gg_notebooks_cell_line(gg_notebooks *nb, const char *path, uint32_t text_line, uint32_t *cell, uint32_t *line)
{
	const nb_book *b = nb_book_of(nb, path);
	for (size_t j = 0; b && j < b->ncells; j++) {
		const nb_cell *c = &b->cells[j];
		if (text_line >= c->first && text_line < c->first + c->lines) {
			*cell = c->index;
			*line = text_line - c->first + 1;
			return true;
		}
	}
	return false;
}
