/*
 * .gradguard/runtime.json, the probe's measurements (runtime_report.h), read
 * and matched against a file's static findings. The file is the probe's
 * (python/gradguard/probe_output.py writes it; docs/probe.md documents it):
 * a member that is missing or of another type leaves its entry out rather
 * than failing the whole report.
 */
#include "runtime_report.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "analysis.h"
#include "buf.h"
#include "position.h"
#include "pyfiles.h"
#include "utf8.h"

#define RUNTIME_FILE "/.gradguard/runtime.json"
/* The prefix of a runtime-only finding's message, and what a confirmed one gets. */
#define RUNTIME_ONLY_PREFIX "(runtime only) "
#define CONFIRMED_TEXT " (confirmed at run time: "

void gg_runtime_report_init(gg_runtime_report *r)
{
	memset(r, 0, sizeof *r);
}

static void entry_free(gg_runtime_entry *e)
{
	free(e->path);
	free(e->cell);
	free(e->notebook);
	free(e->code);
	free(e->message);
	free(e->figure);
	free(e->text);
}

static void report_clear(gg_runtime_report *r)
{
	for (size_t i = 0; i < r->len; i++)
		entry_free(&r->items[i]);
	r->len = 0;
}

void gg_runtime_report_free(gg_runtime_report *r)
{
	report_clear(r);
	free(r->items);
	gg_runtime_report_init(r);
}

static const char *json_string(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* A whole number from 1 to UINT32_MAX, or 0. */
static uint32_t json_line(const cJSON *v)
{
	if (!cJSON_IsNumber(v) || v->valuedouble < 1 || v->valuedouble > (double)UINT32_MAX)
		return 0;
	return (uint32_t)v->valuedouble;
}

/* root/filename (filename as is when absolute), resolved; NULL when it does not exist or on OOM. */
static char *entry_path(const char *root, const char *filename)
{
	char *joined = filename[0] == '/' ? strdup(filename) : gg_strdup_printf("%s/%s", root, filename);
	char *real = joined ? realpath(joined, NULL) : NULL;
	free(joined);
	return real;
}

/* One finding or site of the document into r. Returns 0 (added or left out) or -ENOMEM. */
static int report_add(gg_runtime_report *r, const char *root, const cJSON *o, bool finding)
{
	const char *filename = json_string(o, "filename"), *text = json_string(o, "text");
	const char *code = finding ? json_string(o, "code") : NULL;
	const char *message = finding ? json_string(o, "message") : NULL;
	const char *figure = finding ? json_string(o, "figure") : NULL;
	uint32_t line = json_line(cJSON_GetObjectItemCaseSensitive(o, "line"));
	const cJSON *lines = cJSON_GetObjectItemCaseSensitive(o, "function_lines");
	if (!filename || !text || !line || (finding && (!code || !message || !figure)))
		return 0;
	if (finding && strcmp(code, "GG001") != 0 && strcmp(code, "GG002") != 0)
		return 0; /* a rule this gradguard does not know */
	if (gg_grow((void **)&r->items, &r->cap, r->len, sizeof *r->items))
		return -ENOMEM;
	gg_runtime_entry *e = &r->items[r->len];
	memset(e, 0, sizeof *e);
	e->line = line;
	e->column = json_line(cJSON_GetObjectItemCaseSensitive(o, "column"));
	if (json_line(cJSON_GetObjectItemCaseSensitive(o, "end_line")) == line)
		e->end_column = json_line(cJSON_GetObjectItemCaseSensitive(o, "end_column"));
	if (e->end_column <= e->column)
		e->column = e->end_column = 0;
	e->first_line = json_line(cJSON_GetArrayItem(lines, 0));
	e->last_line = json_line(cJSON_GetArrayItem(lines, 1));
	if (!e->first_line || e->last_line < e->first_line)
		e->first_line = e->last_line = line;
	const char *cell = json_string(o, "cell"), *notebook = json_string(o, "notebook");
	if (cell) {
		/* A notebook the kernel named but that is gone (or moved): its cells match no notebook here. */
		e->notebook = notebook ? entry_path(root, notebook) : NULL;
		if (notebook && !e->notebook)
			return errno == ENOMEM ? -ENOMEM : 0;
		e->cell = strdup(cell);
	} else {
		e->path = entry_path(root, filename);
		if (!e->path)
			return errno == ENOMEM ? -ENOMEM : 0; /* a file that is gone: nothing to match */
	}
	e->text = strdup(text);
	e->code = code ? strdup(code) : NULL;
	e->message = message ? strdup(message) : NULL;
	e->figure = figure ? strdup(figure) : NULL;
	if (!e->text || (cell && !e->cell) || (code && (!e->code || !e->message || !e->figure))) {
		entry_free(e);
		return -ENOMEM;
	}
	r->len++;
	return 0;
}

static int report_fail(char **error, const char *why)
{
	if (error)
		*error = gg_strdup_printf(".gradguard/runtime.json: %s", why);
	return -EINVAL;
}

static int report_read(gg_runtime_report *r, const char *root, const char *file, char **error)
{
	char *text = NULL;
	size_t len = 0;
	int rc = gg_pyfiles_read(file, &text, &len);
	if (rc == -ENOENT)
		return 0;
	if (rc)
		return rc == -ENOMEM ? rc : report_fail(error, strerror(-rc));
	cJSON *doc = cJSON_ParseWithLength(text, len);
	free(text);
	if (!doc)
		return report_fail(error, "not JSON");
	const cJSON *version = cJSON_GetObjectItemCaseSensitive(doc, "version");
	const cJSON *findings = cJSON_GetObjectItemCaseSensitive(doc, "findings");
	const cJSON *sites = cJSON_GetObjectItemCaseSensitive(doc, "sites");
	if (!cJSON_IsNumber(version) || version->valuedouble != 1 || !cJSON_IsArray(findings)) {
		cJSON_Delete(doc);
		return report_fail(error, "not a runtime report of version 1 (python -m gradguard run writes one)");
	}
	const cJSON *o;
	cJSON_ArrayForEach(o, findings) {
		if (!rc)
			rc = report_add(r, root, o, true);
	}
	cJSON_ArrayForEach(o, sites) {
		if (!rc)
			rc = report_add(r, root, o, false);
	}
	cJSON_Delete(doc);
	if (rc)
		report_clear(r);
	return rc;
}

int gg_runtime_report_load(gg_runtime_report *r, const char *root, char **error)
{
	if (error)
		*error = NULL;
	report_clear(r);
	r->seen = false;
	char *file = gg_strdup_printf("%s" RUNTIME_FILE, root ? root : ".");
	if (!file)
		return -ENOMEM;
	struct stat st;
	if (stat(file, &st) == 0) {
		r->seen = true;
		r->mtime = st.st_mtim;
		r->size = st.st_size;
		r->ino = st.st_ino;
	}
	int rc = r->seen ? report_read(r, root ? root : ".", file, error) : 0;
	free(file);
	return rc;
}

int gg_runtime_report_load_file(gg_runtime_report *r, const char *root, const char *file, char **error)
{
	if (error)
		*error = NULL;
	report_clear(r);
	r->seen = false;
	struct stat st;
	if (stat(file, &st) != 0)
		return report_fail(error, strerror(errno));
	return report_read(r, root ? root : ".", file, error);
}

const gg_runtime_entry *gg_runtime_report_at(const gg_runtime_report *r, const char *path, uint32_t line)
{
	const gg_runtime_entry *around = NULL;
	for (size_t i = 0; i < r->len; i++) {
		const gg_runtime_entry *e = &r->items[i];
		if (!e->code || !e->path || strcmp(e->path, path) != 0)
			continue;
		if (e->line == line)
			return e;
		if (!around && e->first_line <= line && line <= e->last_line)
			around = e;
	}
	return around;
}

/* A culprit in a notebook cell has no line of a file to match; a stale one's line is no longer the run's. */
int gg_runtime_report_evidence(const gg_runtime_report *r, gg_diagnoses *all)
{
	for (size_t i = 0; i < all->len; i++) {
		gg_diagnosis *d = &all->items[i];
		const gg_tb_frame *c = gg_diagnosis_culprit(d);
		const gg_dx_frame *x = c ? &d->frames[d->culprit] : NULL;
		if (!x || !x->res.path || x->res.is_cell || x->res.stale)
			continue;
		char *real = realpath(x->res.path, NULL);
		const gg_runtime_entry *e = real ? gg_runtime_report_at(r, real, c->line) : NULL;
		free(real);
		if (e && gg_evidence_add(d, "gradguard.probe (%s at line %u): %s", e->code, e->line, e->message))
			return -ENOMEM;
	}
	return 0;
}

int gg_runtime_report_diagnoses(const char *root, gg_diagnoses *all)
{
	gg_runtime_report report;
	gg_runtime_report_init(&report);
	int rc = gg_runtime_report_load(&report, root, NULL);
	rc = rc == -ENOMEM ? rc : rc ? 0 : gg_runtime_report_evidence(&report, all);
	gg_runtime_report_free(&report);
	return rc;
}

int gg_runtime_report_refresh(gg_runtime_report *r, const char *root, char **error)
{
	if (error)
		*error = NULL;
	char *file = gg_strdup_printf("%s" RUNTIME_FILE, root ? root : ".");
	if (!file)
		return -ENOMEM;
	struct stat st;
	bool there = stat(file, &st) == 0;
	free(file);
	if (there == r->seen && (!there || (st.st_mtim.tv_sec == r->mtime.tv_sec &&
					    st.st_mtim.tv_nsec == r->mtime.tv_nsec && st.st_size == r->size &&
					    st.st_ino == r->ino)))
		return 0;
	return gg_runtime_report_load(r, root, error);
}

/* Line (1-based) of text without its surrounding blanks, as [*start, *end) offsets; false past the end. */
static bool line_span(const gg_line_index *ix, const char *text, size_t len, uint32_t line, size_t *start,
		      size_t *end)
{
	if (line == 0 || line > ix->count)
		return false;
	size_t s = ix->starts[line - 1], e = gg_line_index_line_end(ix, text, len, line - 1);
	while (s < e && isspace((unsigned char)text[s]))
		s++;
	while (e > s && isspace((unsigned char)text[e - 1]))
		e--;
	*start = s;
	*end = e;
	return true;
}

/* A line's text without its trailing blanks ([s, e) of the line at s, e: its end). */
static size_t trimmed_end(const char *s, const char *e)
{
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	return (size_t)(e - s);
}

/* Whether the text's line starting at offset at is masked IPython syntax (nb's masks are by position). */
static bool line_masked(const gg_notebook *nb, size_t at)
{
	size_t lo = 0, hi = nb->nmasks;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (nb->masks[mid].at < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nb->nmasks && nb->masks[lo].at == at && !nb->masks[lo].blank; /* a blanked cell did not run */
}

/*
 * Whether code cell c of nb (in text, lines per ix) is the cell the kernel
 * ran as `ran`, and where the run's line 1 is: *first, the cell's line in
 * the text. Its lines are compared without trailing blanks; a masked line
 * (a magic, a shell escape: IPython ran its own Python for it) matches any.
 * IPython drops a cell's leading blank lines before it compiles it, and
 * blank lines at its end count for nothing.
 */
static bool cell_is(const gg_notebook *nb, const gg_nb_cell *c, const gg_line_index *ix, const char *text,
		    size_t len, const char *ran, uint32_t *first)
{
	uint32_t row = c->first - 1, end = c->first - 1 + c->lines; /* 0-based rows of the text */
	for (; row < end; row++) {
		size_t s = ix->starts[row], e = gg_line_index_line_end(ix, text, len, row);
		if (line_masked(nb, s) || trimmed_end(text + s, text + e) != 0)
			break;
	}
	*first = row + 1;
	const char *p = ran;
	for (; *p; row++) {
		const char *nl = strchr(p, '\n'), *pe = nl ? nl : p + strlen(p);
		size_t n = trimmed_end(p, pe);
		if (row < end) {
			size_t s = ix->starts[row], e = gg_line_index_line_end(ix, text, len, row);
			if (!line_masked(nb, s) && (trimmed_end(text + s, text + e) != n || memcmp(text + s, p, n) != 0))
				return false;
		} else if (n) {
			return false; /* the run's cell goes on past the notebook's */
		}
		p = nl ? nl + 1 : pe;
	}
	for (; row < end; row++) { /* the notebook's cell goes on past the run's: blank lines only */
		size_t s = ix->starts[row], e = gg_line_index_line_end(ix, text, len, row);
		if (trimmed_end(text + s, text + e))
			return false;
	}
	return true;
}

/*
 * Where e's lines are in the file at real (text, lines per ix; nb: its
 * notebook or NULL): e's line n is line n + *shift of the text. False when e
 * is a site of another file (or of a cell this notebook does not have).
 */
static bool entry_place(const gg_runtime_entry *e, const char *real, const gg_notebook *nb, const gg_line_index *ix,
			const char *text, size_t len, uint32_t *shift)
{
	*shift = 0;
	if (!e->cell)
		return strcmp(e->path, real) == 0;
	if (!nb || (e->notebook && strcmp(e->notebook, real) != 0))
		return false;
	for (size_t c = 0; c < nb->ncells; c++) {
		uint32_t first;
		if (cell_is(nb, &nb->cells[c], ix, text, len, e->cell, &first)) {
			*shift = first - 1;
			return true;
		}
	}
	return false;
}

/* Whether entry e's line (line of the text) still reads as it did during the run. */
static bool entry_current(const gg_runtime_entry *e, uint32_t line, const gg_line_index *ix, const char *text,
			  size_t len)
{
	size_t s, t;
	return line_span(ix, text, len, line, &s, &t) && t - s == strlen(e->text) &&
	       memcmp(text + s, e->text, t - s) == 0;
}

/*
 * Whether f (a static finding starting on line) is at e's site, e's lines
 * shifted by shift: GG001 on its line, GG002 in its function.
 */
static bool entry_matches(const gg_runtime_entry *e, uint32_t shift, const char *code, uint32_t line)
{
	if (strcmp(code, e->code) != 0)
		return false;
	if (strcmp(code, "GG002") == 0)
		return e->first_line + shift <= line && line <= e->last_line + shift;
	return line == e->line + shift;
}

/* Whether the text of [s, t) has a `# noqa` for code ("# noqa" alone, or "# noqa: ..., CODE, ..."). */
static bool line_silences(const char *s, const char *t, const char *code)
{
	const char *hash = memchr(s, '#', (size_t)(t - s));
	for (; hash; hash = memchr(hash + 1, '#', (size_t)(t - hash - 1))) {
		const char *p = hash + 1;
		while (p < t && *p == ' ')
			p++;
		if (t - p < 4 || strncasecmp(p, "noqa", 4) != 0)
			continue;
		p += 4;
		if (p >= t || *p != ':')
			return true;
		size_t n = strlen(code);
		for (p++; p + n <= t; p++)
			if (strncasecmp(p, code, n) == 0)
				return true;
		return false;
	}
	return false;
}

/* Appends " (confirmed at run time: FIGURE)" to f's message, once. Returns 0 or -ENOMEM. */
static int finding_confirm(gg_finding *f, const gg_runtime_entry *e)
{
	if (strstr(f->message, CONFIRMED_TEXT))
		return 0;
	char *m = gg_strdup_printf("%s" CONFIRMED_TEXT "%s)", f->message, e->figure);
	if (!m)
		return -ENOMEM;
	free(f->message);
	f->message = m;
	return 0;
}

/* A runtime-only finding for e, at line of the text (e's line where the file has it). */
static int runtime_only_add(const gg_runtime_entry *e, uint32_t line, const gg_line_index *ix, const char *text,
			    size_t len, const gg_config *config, gg_findings *findings, gg_runtime_counts *counts)
{
	size_t s, t;
	if (!gg_config_rule_enabled(config, e->code) || !line_span(ix, text, len, line, &s, &t) ||
	    line_silences(text + s, text + t, e->code))
		return 0;
	/* The call's columns when the run knew them (Python 3.11 on) and they fit the line; else the line. */
	size_t at = ix->starts[line - 1], cs = SIZE_MAX, ce = SIZE_MAX;
	for (uint32_t col = 1; e->column && col <= e->end_column && at <= t; col++) {
		if (col == e->column)
			cs = at;
		if (col == e->end_column)
			ce = at;
		uint32_t cp;
		at += at < t ? gg_utf8_decode(text + at, t - at, &cp) : 1;
	}
	if (cs != SIZE_MAX && ce != SIZE_MAX && cs >= s && ce > cs && ce <= t) {
		s = cs;
		t = ce;
	}
	const gg_rule_info *rule = gg_rule_lookup(e->code); /* its code is static, as a finding's must be */
	if (!rule)
		return 0;
	char *m = gg_strdup_printf(RUNTIME_ONLY_PREFIX "%s", e->message);
	gg_byte_range range = { (uint32_t)s, (uint32_t)t };
	if (!m || !gg_findings_push(findings, rule->code, gg_config_severity(config, rule->code, rule->severity), range, m))
		return -ENOMEM;
	if (counts)
		counts->runtime_only++;
	return 0;
}

int gg_runtime_report_apply(const gg_runtime_report *r, const char *path, const char *text, size_t len,
			    const gg_notebook *nb, const gg_config *config, gg_findings *findings, size_t from,
			    gg_runtime_counts *counts)
{
	if (!r || !r->len || !path || len > UINT32_MAX)
		return 0;
	char *real = realpath(path, NULL);
	if (!real)
		return errno == ENOMEM ? -ENOMEM : 0;
	size_t n_static = findings->len, i;
	/* Most files have no site: one string compare each before any line is indexed. */
	for (i = 0; i < r->len && !(r->items[i].cell ? nb != NULL : strcmp(r->items[i].path, real) == 0); i++)
		;
	if (i == r->len) {
		free(real);
		return 0;
	}
	gg_line_index ix;
	gg_line_index_init(&ix);
	/* Per static finding: 1 confirmed, 2 at a site the run went through clean. */
	unsigned char *state = n_static > from ? calloc(n_static - from, 1) : NULL;
	int rc = gg_line_index_build(&ix, text, len);
	if (!rc && n_static > from && !state)
		rc = -ENOMEM;
	for (; i < r->len && !rc; i++) {
		const gg_runtime_entry *e = &r->items[i];
		uint32_t shift;
		if (!entry_place(e, real, nb, &ix, text, len, &shift) || !entry_current(e, e->line + shift, &ix, text, len))
			continue;
		bool matched = false;
		for (size_t k = from; k < n_static && !rc; k++) {
			gg_finding *f = &findings->items[k];
			uint32_t line = gg_line_index_line_of(&ix, f->range.start) + 1;
			if (!e->code) {
				if (line == e->line + shift && !state[k - from])
					state[k - from] = 2;
			} else if (entry_matches(e, shift, f->code, line)) {
				matched = true;
				state[k - from] = 1;
				rc = finding_confirm(f, e);
			}
		}
		if (!rc && e->code && !matched)
			rc = runtime_only_add(e, e->line + shift, &ix, text, len, config, findings, counts);
	}
	for (size_t k = 0; counts && state && k < n_static - from; k++) {
		counts->confirmed += state[k] == 1;
		counts->unconfirmed += state[k] == 2;
	}
	free(state);
	gg_line_index_free(&ix);
	free(real);
	return rc;
}

const gg_runtime_entry *gg_runtime_report_find(const gg_runtime_report *r, const char *path, const char *text,
					       size_t len, const gg_notebook *nb, uint32_t line, const char *code)
{
	if (!r || !r->len || !path || len > UINT32_MAX)
		return NULL;
	char *real = realpath(path, NULL);
	if (!real)
		return NULL;
	gg_line_index ix;
	gg_line_index_init(&ix);
	const gg_runtime_entry *found = NULL;
	bool indexed = false;
	for (size_t i = 0; i < r->len && !found; i++) {
		const gg_runtime_entry *e = &r->items[i];
		uint32_t shift;
		if (!e->code || (e->cell ? !nb : strcmp(e->path, real) != 0))
			continue;
		if (!indexed && gg_line_index_build(&ix, text, len) != 0)
			break;
		indexed = true;
		if (entry_place(e, real, nb, &ix, text, len, &shift) && entry_matches(e, shift, code, line))
			found = e;
	}
	gg_line_index_free(&ix);
	free(real);
	return found;
}
