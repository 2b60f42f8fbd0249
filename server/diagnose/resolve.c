/*
 * Frame-to-file resolution (see resolve.h). The workspace is listed once;
 * each resolution compares path components from the end, so that
 * "/home/alice/proj/src/train.py" finds "src/train.py" under any root.
 */
#include "resolve.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "pyfiles.h"
#include "text.h"

#define WS_MAX_FILES 100000
#define WS_MAX_DEPTH 32
#define WS_MAX_CACHED (64u << 20) /* bytes of file text kept */
#define WS_MAX_FILE (16u << 20)

typedef struct ws_file {
	char *path; /* owned; root-joined */
	char *text; /* owned; cached, NULL until read */
	size_t len;
	bool read_tried;
} ws_file;

struct gg_workspace {
	char *root; /* owned; absolute when it could be made so */
	ws_file *files;
	size_t len, cap;
	char **notebooks; /* owned, each owned; read by notebook.c on demand */
	size_t nb_len, nb_cap;
	size_t cached;
	gg_read_fn read;
	void *read_ctx;
};

static int ws_add(gg_workspace *w, char *path)
{
	if (gg_grow((void **)&w->files, &w->cap, w->len, sizeof *w->files)) {
		free(path);
		return -ENOMEM;
	}
	w->files[w->len++] = (ws_file){ path, NULL, 0, false };
	return 0;
}

static int ws_add_notebook(gg_workspace *w, char *path)
{
	if (w->nb_len == GG_WS_MAX_NOTEBOOKS) {
		free(path);
		return 0;
	}
	if (gg_grow((void **)&w->notebooks, &w->nb_cap, w->nb_len, sizeof *w->notebooks)) {
		free(path);
		return -ENOMEM;
	}
	w->notebooks[w->nb_len++] = path;
	return 0;
}

static bool ws_has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), k = strlen(suffix);
	return n > k && strcmp(name + n - k, suffix) == 0;
}

static int ws_walk(gg_workspace *w, const char *dir, int depth)
{
	if (depth > WS_MAX_DEPTH)
		return 0;
	DIR *d = opendir(dir);
	if (!d)
		return 0; /* unreadable folders are skipped, as by `gradguard check` */
	int rc = 0;
	struct dirent *e;
	while (rc == 0 && w->len < WS_MAX_FILES && (e = readdir(d))) {
		const char *name = e->d_name;
		if (name[0] == '.') /* ".", "..", and hidden folders and files */
			continue;
		char *path = gg_strdup_join(dir, name);
		if (!path)
			return -ENOMEM;
		struct stat st;
		if (lstat(path, &st) != 0) {
			free(path);
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			/* The folders `gradguard check` leaves out: version control, venvs, caches, build output. */
			if (!gg_pyfiles_skip_dir(path, name))
				rc = ws_walk(w, path, depth + 1);
			free(path);
		} else if (S_ISREG(st.st_mode) && ws_has_suffix(name, ".py")) {
			rc = ws_add(w, path);
		} else if (S_ISREG(st.st_mode) && ws_has_suffix(name, ".ipynb")) {
			rc = ws_add_notebook(w, path);
		} else {
			free(path);
		}
	}
	closedir(d);
	return rc;
}

const char *gg_workspace_root(const gg_workspace *w)
{
	return w ? w->root : NULL;
}

gg_workspace *gg_workspace_open(const char *root, gg_read_fn read, void *read_ctx)
{
	gg_workspace *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->read = read;
	w->read_ctx = read_ctx;
	if (!root)
		return w;
	w->root = realpath(root, NULL);
	if (!w->root)
		w->root = strdup(root);
	if (!w->root || ws_walk(w, w->root, 0) != 0) {
		gg_workspace_close(w);
		return NULL;
	}
	return w;
}

void gg_workspace_close(gg_workspace *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->len; i++) {
		free(w->files[i].path);
		free(w->files[i].text);
	}
	free(w->files);
	for (size_t i = 0; i < w->nb_len; i++)
		free(w->notebooks[i]);
	free(w->notebooks);
	free(w->root);
	free(w);
}

void gg_resolution_free(gg_resolution *r)
{
	free(r->path);
	memset(r, 0, sizeof *r);
}

static char *ws_read_disk(const char *path, size_t max, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	gg_buf b = { 0 };
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
		if (b.len + n > max || gg_buf_append(&b, chunk, n) != 0) {
			gg_buf_free(&b);
			fclose(fp);
			return NULL;
		}
	}
	fclose(fp);
	*len = b.len;
	return gg_buf_take(&b);
}

const char *gg_workspace_text(gg_workspace *w, const char *path, size_t *len)
{
	for (size_t i = 0; i < w->len; i++) {
		ws_file *f = &w->files[i];
		if (strcmp(f->path, path) != 0)
			continue;
		if (!f->read_tried && w->cached < WS_MAX_CACHED) {
			f->read_tried = true;
			f->text = w->read ? w->read(w->read_ctx, path, &f->len) : NULL;
			if (!f->text)
				f->text = ws_read_disk(path, WS_MAX_FILE, &f->len);
			if (f->text)
				w->cached += f->len;
		}
		*len = f->len;
		return f->text;
	}
	return NULL;
}

size_t gg_workspace_notebooks(const gg_workspace *w)
{
	return w->nb_len;
}

const char *gg_workspace_notebook(const gg_workspace *w, size_t i)
{
	return i < w->nb_len ? w->notebooks[i] : NULL;
}

char *gg_workspace_read(gg_workspace *w, const char *path, size_t max, size_t *len)
{
	char *text = w->read ? w->read(w->read_ctx, path, len) : NULL;
	if (text && *len > max) {
		free(text);
		return NULL;
	}
	return text ? text : ws_read_disk(path, max, len);
}

const char *gg_text_line(const char *text, size_t len, uint32_t line, size_t *n)
{
	if (line == 0)
		return NULL;
	size_t i = 0;
	for (uint32_t l = 1; l < line; l++) {
		const char *nl = memchr(text + i, '\n', len - i);
		if (!nl)
			return NULL;
		i = (size_t)(nl - text) + 1;
	}
	const char *nl = memchr(text + i, '\n', len - i);
	size_t e = nl ? (size_t)(nl - text) : len;
	if (e > i && text[e - 1] == '\r')
		e--;
	*n = e - i;
	return gg_text_trim(text + i, n);
}

/* Number of trailing path components a and b share (a may use "\" and be case-insensitive). */
size_t gg_path_suffix_match(const char *a, const char *b, bool fold)
{
	size_t i = strlen(a), j = strlen(b), count = 0;
	for (;;) {
		while (i > 0 && (a[i - 1] == '/' || a[i - 1] == '\\'))
			i--;
		while (j > 0 && b[j - 1] == '/')
			j--;
		if (i == 0 || j == 0)
			return count;
		size_t ai = i, bj = j;
		while (ai > 0 && a[ai - 1] != '/' && a[ai - 1] != '\\')
			ai--;
		while (bj > 0 && b[bj - 1] != '/')
			bj--;
		size_t al = i - ai, bl = j - bj;
		if (al != bl || (fold ? strncasecmp(a + ai, b + bj, al) : strncmp(a + ai, b + bj, al)) != 0)
			return count;
		if (al == 1 && a[ai] == '.')
			return count;
		count++;
		i = ai;
		j = bj;
	}
}

static size_t ws_depth(const char *p)
{
	size_t d = 0;
	for (; *p; p++)
		d += *p == '/';
	return d;
}

int gg_workspace_resolve(gg_workspace *w, const char *filename, uint32_t line, const char *code, gg_resolution *out)
{
	memset(out, 0, sizeof *out);
	bool windows = strchr(filename, '\\') || (filename[0] && filename[1] == ':');
	size_t best = 0, best_depth = 0;
	ws_file *pick = NULL;
	bool tie = false;
	for (size_t i = 0; i < w->len; i++) {
		size_t m = gg_path_suffix_match(filename, w->files[i].path, windows);
		if (m == 0 || m < best)
			continue;
		size_t depth = ws_depth(w->files[i].path);
		if (m > best) {
			best = m;
			pick = &w->files[i];
			best_depth = depth;
			tie = false;
		} else if (depth < best_depth) {
			pick = &w->files[i];
			best_depth = depth;
			tie = false;
		} else if (depth == best_depth) {
			tie = true;
		}
	}
	if (!pick)
		return 0;
	/* Only the shallowest of equally good matches is taken, and only when it is alone. */
	if (tie) {
		out->ambiguous = true;
		return 0;
	}
	for (size_t i = 0; i < w->len; i++)
		if (&w->files[i] != pick && gg_path_suffix_match(filename, w->files[i].path, windows) == best)
			out->ambiguous = true;
	out->path = strdup(pick->path);
	if (!out->path)
		return -ENOMEM;
	if (!code || !*code || line == 0)
		return 0;
	size_t len, n;
	const char *text = gg_workspace_text(w, pick->path, &len);
	if (!text)
		return 0;
	const char *have = gg_text_line(text, len, line, &n);
	size_t cn = strlen(code);
	const char *want = gg_text_trim(code, &cn);
	if (have && n == cn && memcmp(have, want, n) == 0)
		return 0;
	out->stale = true;
	/* Edited since the run: find where the printed line went, if exactly one line has it. */
	uint32_t found = 0;
	for (uint32_t l = 1;; l++) {
		const char *t = gg_text_line(text, len, l, &n);
		if (!t)
			break;
		if (n == cn && memcmp(t, want, n) == 0) {
			if (found) {
				found = 0;
				break;
			}
			found = l;
		}
	}
	out->moved_to = found;
	return 0;
}
