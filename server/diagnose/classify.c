/*
 * Weighing the evidence of one failure (see classify.h): which frames are
 * the user's, training or evaluation (the innermost frame that says so
 * wins, and a backward pass always means training), whether autograd was
 * already off on the path, the culprit line, what the workspace's file and
 * the static rules say about it.
 */
#include "classify.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cause.h"
#include "findings.h"
#include "phase.h"
#include "text.h"

/* A loop header pasted as code reaches the exception this many lines under it (an elided body, a blank). */
#define CLASSIFY_LOOP_REACH 4
#define CLASSIFY_NOTE_REACH 3 /* lines from an evaluation's announcement to the traceback's header (a bar may come between) */

int gg_evidence_add(gg_diagnosis *d, const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	int n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -ENOMEM;
	char **e = realloc(d->evidence, (d->evidence_len + 1) * sizeof *e);
	if (!e) {
		free(s);
		return -ENOMEM;
	}
	d->evidence = e;
	d->evidence[d->evidence_len++] = s;
	return 0;
}

/* Drops the evidence lines that open with prefix: a reading a later, closer one overturned. */
static void classify_evidence_drop(gg_diagnosis *d, const char *prefix)
{
	size_t kept = 0, n = strlen(prefix);
	for (size_t i = 0; i < d->evidence_len; i++) {
		if (strncmp(d->evidence[i], prefix, n) == 0)
			free(d->evidence[i]);
		else
			d->evidence[kept++] = d->evidence[i];
	}
	d->evidence_len = kept;
}

/*
 * The user's innermost frame only waits for another process: its line
 * joins a worker (`p.join()`) or fetches a remote task's result
 * (`ray.get(...)`), and the frame under it is that wait's own (the
 * stdlib's join or wait, Ray's own frames). The work that failed ran in the
 * other process, whose traceback is elsewhere: these frames are no
 * culprit, and their names ("train" for a launcher) tell no phase.
 */
static bool classify_only_waits(const gg_diagnosis *d, const gg_traceback *tb, size_t *innermost)
{
	size_t k = tb->len;
	for (size_t i = 0; i < tb->len; i++)
		if (d->frames[i].user)
			k = i;
	if (k + 1 >= tb->len || !tb->frames[k].code)
		return false;
	const char *code = tb->frames[k].code, *fn = tb->frames[k + 1].function, *file = tb->frames[k + 1].filename;
	bool joins = strstr(code, ".join(") && !strstr(code, "\".join(") && !strstr(code, "'.join(") &&
		     (strcmp(fn, "join") == 0 || strcmp(fn, "wait") == 0) &&
		     (strstr(file, "multiprocessing") || strstr(file, "threading") || strstr(file, "process.py"));
	bool fetches = strstr(code, "ray.get(") && (strstr(file, "/ray/") || strstr(file, "\\ray\\"));
	*innermost = k;
	return joins || fetches;
}

/*
 * Frames outside site-packages that are still no user's code. A kernel
 * torch.compile generated (/tmp/torchinductor_*) is nobody's source, and
 * what it calls right below it, outside site-packages, is the runtime that
 * launches it (a kernel library's launcher in a checkout). A library's own
 * source tree (its checkout, by its package's layout) that the user's
 * frames above call into is that library's, and so is every frame under
 * the same checkout root (its sibling packages). Where no user frame
 * calls in from another folder (the library's own tests), nothing changes.
 */
static void classify_checkouts(gg_diagnosis *d, const gg_traceback *tb)
{
	bool below_generated = false;
	for (size_t i = 0; i < tb->len; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		bool gen = !f->notebook && gg_phase_is_generated(f->filename);
		if (gen || (below_generated && d->frames[i].user && !f->notebook))
			d->frames[i].user = false;
		below_generated = gen || (below_generated && !d->frames[i].user && !gg_phase_is_library(f->filename));
	}
	for (size_t i = 0; i < tb->len; i++) {
		const char *root = tb->frames[i].filename;
		size_t k = d->frames[i].user ? gg_phase_library_root(root) : 0;
		if (k == 0)
			continue;
		bool caller = false;
		for (size_t j = 0; j < i && !caller; j++)
			caller = d->frames[j].user && strncmp(tb->frames[j].filename, root, k) != 0;
		if (!caller)
			continue;
		for (size_t j = 0; j < tb->len; j++)
			if (strncmp(tb->frames[j].filename, root, k) == 0)
				d->frames[j].user = false;
	}
}

static int classify_resolve(gg_diagnosis *d, const gg_traceback *tb, gg_workspace *ws, gg_notebooks *nb)
{
	for (size_t i = 0; i < tb->len; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		d->frames[i].user = f->notebook || !gg_phase_is_library(f->filename);
	}
	/*
	 * A frame printed without its file ("line 230, in replacement_add",
	 * the path lost in the paste) right above a library's frame other than
	 * torch's is taken as that library's: a library's code calls its own
	 * below it (faiss's wrapper, then faiss). Above torch's, it is the
	 * user's call into torch (a model's call).
	 */
	for (size_t i = tb->len; i-- > 0;) {
		const gg_tb_frame *f = &tb->frames[i], *below = i + 1 < tb->len ? &tb->frames[i + 1] : NULL;
		if (!f->filename[0] && !f->notebook && below && !d->frames[i + 1].user &&
		    (!below->filename[0] || (!strstr(below->filename, "/torch/") && !strstr(below->filename, "\\torch\\"))))
			d->frames[i].user = false;
	}
	classify_checkouts(d, tb);
	size_t waits;
	if (classify_only_waits(d, tb, &waits))
		for (size_t i = 0; i <= waits; i++)
			d->frames[i].user = false;
	for (size_t i = 0; i < tb->len; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		/* A frame the paste printed without its file ("line 42, in f") has nothing to resolve. */
		if (!ws || !d->frames[i].user || (f->notebook && !nb) || !f->filename[0])
			continue;
		int rc = f->notebook ? gg_notebooks_resolve(nb, f->filename, f->line, f->code, &d->frames[i].res)
				     : gg_workspace_resolve(ws, f->filename, f->line, f->code, &d->frames[i].res);
		if (rc)
			return rc;
	}
	return 0;
}

/*
 * Where a line of the text the rules read is, for the evidence: "path:line",
 * or for a notebook "path, cell k, line n" (the text is its code cells
 * joined). Caller owns; NULL on OOM.
 */
static char *classify_where(gg_notebooks *nb, const gg_dx_frame *x, uint32_t text_line)
{
	uint32_t cell, line;
	if (x->res.is_cell && nb && gg_notebooks_cell_line(nb, x->res.path, text_line, &cell, &line))
		return gg_strdup_printf("%s, cell %u, line %u", x->res.path, cell, line);
	return gg_strdup_printf("%s:%u", x->res.path, text_line);
}

/* Byte offset where each line starts (lines[0] is line 1). Caller frees; NULL on OOM. */
static size_t *classify_line_starts(const char *text, size_t len, size_t *count)
{
	size_t n = 1;
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	size_t *starts = malloc(n * sizeof *starts);
	if (!starts)
		return NULL;
	size_t k = 0;
	starts[k++] = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n')
			starts[k++] = i + 1;
	*count = n;
	return starts;
}

/*
 * Whether line runs with autograd off by what encloses it: a `with
 * torch.no_grad()` (or inference_mode, set_grad_enabled(False)) at a lower
 * indentation, or a decorator of the enclosing def. Returns what was found
 * or NULL, and in *row (0-based) the line that says it. A textual scan:
 * good enough to refute a "no_grad missing".
 */
static const char *classify_source_grad_off(const char *text, size_t len, uint32_t line, uint32_t *row)
{
	size_t count;
	size_t *starts = classify_line_starts(text, len, &count);
	if (!starts || line == 0 || line > count) {
		free(starts);
		return NULL;
	}
	const char *found = NULL;
	size_t cur = gg_text_indent(text + starts[line - 1], len - starts[line - 1]);
	bool in_def = false;
	for (size_t k = line - 1; k-- > 0 && !found;) {
		size_t end = k + 1 < count ? starts[k + 1] : len;
		size_t ln = end - starts[k];
		const char *raw = text + starts[k];
		size_t ind = gg_text_indent(raw, ln);
		size_t tn = ln;
		const char *t = gg_text_trim(raw, &tn);
		while (tn && (t[tn - 1] == '\n' || t[tn - 1] == '\r'))
			tn--;
		if (tn == 0 || t[0] == '#')
			continue;
		if (in_def) {
			if (t[0] != '@')
				break;
			if (gg_text_find(t, tn, "no_grad") || gg_text_find(t, tn, "inference_mode")) {
				found = "a @torch.no_grad() decorator on the enclosing function";
				*row = (uint32_t)k;
			}
			continue;
		}
		if (ind >= cur)
			continue;
		cur = ind;
		/* `with torch.no_grad() if flag else nullcontext():` turns it off on one branch only: no proof. */
		bool conditional = gg_text_find(t, tn, " if ") && gg_text_find(t, tn, " else ");
		if (gg_text_starts(t, tn, "with ") && !conditional &&
		    (gg_text_find(t, tn, "no_grad") || gg_text_find(t, tn, "inference_mode") ||
		     gg_text_find(t, tn, "set_grad_enabled(False"))) {
			found = "an enclosing `with torch.no_grad()` block";
			*row = (uint32_t)k;
		}
		else if (gg_text_starts(t, tn, "def ") || gg_text_starts(t, tn, "async def "))
			in_def = true;
		else if (gg_text_starts(t, tn, "class "))
			break;
	}
	free(starts);
	return found;
}

/* Line row (0-based) of text, trimmed, bounded: what the evidence quotes. Caller owns; NULL on OOM. */
static char *classify_line_text(const char *text, size_t len, uint32_t row)
{
	size_t at = 0;
	for (uint32_t r = 0; r < row && at < len; at++)
		r += text[at] == '\n';
	const char *nl = at < len ? memchr(text + at, '\n', len - at) : NULL;
	size_t n = (nl ? (size_t)(nl - text) : len) - at;
	const char *t = gg_text_trim(text + at, &n);
	while (n && t[n - 1] == '\r')
		n--;
	return gg_text_dup(t, n, 200);
}

/*
 * Runs the rules on the culprit's file (for a notebook cell, on the
 * notebook's code cells joined, the culprit line mapped into that text);
 * records a finding on the culprit line (or GG002 anywhere).
 */
/*
 * The text the rules read for a resolved frame (a notebook's code cells
 * joined) and the frame's line in it (where it moved to, for a stale one);
 * NULL when unreadable.
 */
static const char *classify_frame_text(const gg_tb_frame *f, const gg_dx_frame *x, gg_workspace *ws,
				       gg_notebooks *nb, size_t *len, uint32_t *at)
{
	*len = 0;
	*at = f->line;
	/* A file edited since the run is read only where the printed line now is, when exactly one line reads it. */
	if (!x->res.path || (x->res.stale && !x->res.moved_to))
		return NULL;
	if (x->res.stale)
		*at = x->res.moved_to;
	if (x->res.is_cell) {
		const char *text = nb ? gg_notebooks_source(nb, x->res.path, len) : NULL;
		*at = text ? gg_notebooks_text_line(nb, x->res.path, x->res.cell, *at) : 0;
		return *at ? text : NULL;
	}
	return *at ? gg_workspace_text(ws, x->res.path, len) : NULL;
}

/*
 * Grad state along the whole mapped path: any user frame the workspace
 * shows running with autograd off (an enclosing no_grad block, a decorated
 * function, a wrapper, a caller that turns it off) means it was off where
 * the memory ran out. The semantic model answers; without an analyzer, a
 * textual look at what encloses the line.
 */
static int classify_path_grad(gg_diagnosis *d, const gg_traceback *tb, gg_workspace *ws, gg_notebooks *nb,
			      struct gg_analyzer *analyzer)
{
	for (size_t i = 0; i < tb->len && d->grad_disabled != 1; i++) {
		const gg_dx_frame *x = &d->frames[i];
		if (!x->user)
			continue;
		size_t len;
		uint32_t at;
		const char *text = classify_frame_text(&tb->frames[i], x, ws, nb, &len, &at);
		if (!text)
			continue;
		const char *why = NULL;
		uint32_t why_row = 0;
		if (analyzer) {
			gg_source src = { text, len, NULL, x->res.path, NULL, gg_workspace_root(ws), NULL, NULL };
			int rc = gg_analyzer_grad_at(analyzer, &src, at - 1, &why, &why_row);
			if (rc < 0 && rc != -EFBIG && rc != -EINVAL)
				return rc;
			if (rc == 2) {
				/* set_grad_enabled(flag), `no_grad() if c else nullcontext()`: no proof either way. */
				d->grad_controlled = true;
				char *where = classify_where(nb, x, at);
				char *said = classify_line_text(text, len, why_row);
				rc = where && said ? gg_evidence_add(d, "%s (%s()) runs in %s (`%s`): this run's mode the paste does not show",
								     where, tb->frames[i].function, why, said)
						   : -ENOMEM;
				free(where);
				free(said);
				if (rc)
					return rc;
				continue;
			}
		}
		/* The text alone when the model cannot tell (a notebook whose import is elsewhere): a spelled no_grad is enough to refute "add no_grad". */
		if (!why && (why = classify_source_grad_off(text, len, at, &why_row)) == NULL)
			continue;
		d->grad_disabled = 1;
		char *where = classify_where(nb, x, at);
		char *said = classify_line_text(text, len, why_row);
		int rc = where && said ? gg_evidence_add(d, "%s (%s()) runs with autograd off: %s (`%s`)", where,
							 tb->frames[i].function, why, said)
				       : -ENOMEM;
		free(where);
		free(said);
		if (rc)
			return rc;
	}
	return 0;
}

static int classify_static(gg_diagnosis *d, const gg_tb_frame *f, const gg_dx_frame *x, gg_workspace *ws,
			   gg_notebooks *nb, struct gg_analyzer *analyzer)
{
	size_t len;
	uint32_t at;
	const char *text = classify_frame_text(f, x, ws, nb, &len, &at);
	if (!text || !analyzer)
		return 0;
	gg_findings findings;
	gg_findings_init(&findings);
	gg_source src = { text, len, NULL, x->res.path, NULL, gg_workspace_root(ws), NULL, NULL };
	int rc = gg_analyzer_check(analyzer, &src, &findings);
	if (rc == 0) {
		/* Byte offset of the culprit line, to compare with the findings' ranges. */
		size_t start = 0, end;
		for (uint32_t k = 1; k < at && start < len; k++) {
			const char *nl = memchr(text + start, '\n', len - start);
			start = nl ? (size_t)(nl - text) + 1 : len;
		}
		const char *nl = memchr(text + start, '\n', len - start);
		end = nl ? (size_t)(nl - text) : len;
		const gg_finding *hit = NULL, *gg002 = NULL;
		for (size_t i = 0; i < findings.len; i++) {
			const gg_finding *g = &findings.items[i];
			if (g->range.start >= start && g->range.start <= end && !hit)
				hit = g;
			if (strcmp(g->code, "GG002") == 0 && !gg002)
				gg002 = g;
		}
		const gg_finding *use = hit ? hit : gg002;
		if (use) {
			uint32_t line = 1;
			for (size_t i = 0; i < use->range.start && i < len; i++)
				line += text[i] == '\n';
			d->static_code = strcmp(use->code, "GG001") == 0 ? "GG001"
				       : strcmp(use->code, "GG002") == 0 ? "GG002"
				       : strcmp(use->code, "GG003") == 0 ? "GG003" : "GG";
			d->static_message = strdup(use->message);
			d->static_line = line;
			/* In a notebook, the line is reported within its cell, as the frames are. */
			uint32_t cell, cell_line;
			if (x->res.is_cell && gg_notebooks_cell_line(nb, x->res.path, line, &cell, &cell_line)) {
				d->static_cell = (int64_t)cell;
				d->static_line = cell_line;
			}
			char *where = classify_where(nb, x, line);
			if (!d->static_message || !where)
				rc = -ENOMEM;
			else
				rc = gg_evidence_add(d, "gradguard check: %s: %s %s", where, use->code, use->message);
			free(where);
		}
	}
	gg_findings_free(&findings);
	return rc;
}

/*
 * A chained exception's later tracebacks (the handler's, "During handling
 * of the above exception...") show the frames outside the one that caught
 * the failure: a decorate_context among them, above that frame, means the
 * whole failing call ran with autograd off.
 */
static int classify_handler_grad(gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	if (d->grad_disabled == 1 || tb->len == 0)
		return 0;
	/* The root cause's own first frame: frames in front of it came from the later traceback (diagnose.c). */
	const gg_tb_frame *top = &tb->frames[tb->outer < tb->len ? tb->outer : 0];
	for (size_t k = d->tb + 1; k < d->chain->len; k++) {
		const gg_traceback *h = &d->chain->tbs[k];
		for (size_t i = 0; i < h->len; i++) {
			const gg_tb_frame *f = &h->frames[i];
			if (strcmp(f->filename, top->filename) == 0 && strcmp(f->function, top->function) == 0)
				break; /* the catching frame: what is below it is the handler's own work */
			if (gg_phase_is_grad_off_frame(f)) {
				d->grad_disabled = 1;
				const char *next = i + 1 < h->len ? h->frames[i + 1].function : "the next function";
				return gg_evidence_add(d, "the handler's traceback (log line %llu) shows %s() called through torch's decorate_context: the failing call ran under @torch.no_grad() (or inference_mode)",
						       (unsigned long long)h->at.line, next);
			}
		}
	}
	return 0;
}

static bool classify_is_comprehension(const char *fn)
{
	return strcmp(fn, "<listcomp>") == 0 || strcmp(fn, "<dictcomp>") == 0 || strcmp(fn, "<setcomp>") == 0 ||
	       strcmp(fn, "<genexpr>") == 0;
}

/* Whether a frame's code line is only an opening bracket (`[`, `(`, `{`): it names no call. */
static bool classify_bare_bracket(const char *code)
{
	size_t n = code ? strlen(code) : 0;
	const char *t = code ? gg_text_trim(code, &n) : NULL;
	return n == 1 && strchr("[({", t[0]);
}

/* A line that joins a whole collection of tensors into one: torch.cat/stack, numpy's concatenate/vstack. */
static bool classify_joins_gathered(const char *code)
{
	return code && (strstr(code, "torch.cat(") || strstr(code, "torch.stack(") || strstr(code, "torch.vstack(") ||
			strstr(code, "concatenate(") || strstr(code, "np.vstack("));
}

/*
 * A line that only copies a tensor to the device ("x = x.cuda(non_blocking=True)",
 * "imgs = batch['img'].to(device)"): the value is a name, an attribute or an
 * item, moved, with no call before the move (not "model(x.cuda())"), and
 * not a model's move, which loading reads.
 */
static bool classify_moves_data(const char *code)
{
	if (!code || strstr(code, "model") || strstr(code, "net.") || strstr(code, "Net("))
		return false;
	const char *p = strstr(code, " = ");
	p = p ? p + 3 : code;
	while (*p == ' ')
		p++;
	for (; *p; p++) {
		if (strncmp(p, ".cuda(", 6) == 0)
			return true;
		/* .to() to a device, not to a dtype ("x.to(torch.float16)" casts in place). */
		if (strncmp(p, ".to(", 4) == 0)
			return strstr(p, "device") || strstr(p, "cuda") || strstr(p, "gpu") || strstr(p, "non_blocking");
		bool name = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
			    *p == '.' || *p == '[' || *p == ']' || *p == '\'' || *p == '"';
		if (!name)
			return false;
	}
	return false;
}

static bool classify_is_sep(char c)
{
	return c == '/' || c == '\\';
}

/* Where path's tests folder ("tests/" or "test/") starts, or NULL. */
static const char *classify_tests_dir(const char *path)
{
	for (const char *p = path; *p; p++) {
		if (p != path && !classify_is_sep(p[-1]))
			continue;
		if ((strncmp(p, "tests", 5) == 0 && classify_is_sep(p[5])) || (strncmp(p, "test", 4) == 0 && classify_is_sep(p[4])))
			return p;
	}
	return NULL;
}

/*
 * A library's own test suite: a pytest report whose frames of code not
 * installed are the test module's and one package's, beside its tests
 * ("tests/test_codec.py" and "lattice/codec.py", or both under one
 * checkout's folder). The user's code there is the test: the package is
 * what it tests. Returns the test function's frame (the outermost test_*
 * of a test module), *pkg and *pkg_len the package's folder; -1 when the
 * report is no such suite (a user's project spreads over loose modules or
 * several folders).
 */
static int classify_library_suite_test(const gg_diagnosis *d, const gg_traceback *tb, const char **pkg, size_t *pkg_len)
{
	if (!tb->pytest)
		return -1;
	int test = -1;
	for (size_t i = 0; i < tb->len && test < 0; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		const char *name = strrchr(f->function, '.'); /* 3.11 prints "TestCodec.test_round_trip" */
		name = name ? name + 1 : f->function;
		if (d->frames[i].user && !f->notebook && gg_phase_is_test_file(f->filename) && strncmp(name, "test", 4) == 0)
			test = (int)i;
	}
	if (test < 0)
		return -1;
	const char *tpath = tb->frames[test].filename;
	const char *tdir = classify_tests_dir(tpath);
	size_t root = 0;
	*pkg = NULL;
	*pkg_len = 0;
	if (tdir && tdir > tpath) {
		/* "/ci/lattice/tests/..." or "lattice/tests/...": the folder above the tests names the package. */
		size_t e = (size_t)(tdir - tpath) - 1, b = e;
		while (b > 0 && !classify_is_sep(tpath[b - 1]))
			b--;
		*pkg = tpath + b;
		*pkg_len = e - b;
		root = b;
	} else if (!tdir) {
		for (size_t i = 0; tpath[i]; i++)
			if (classify_is_sep(tpath[i]))
				root = i + 1;
	}
	size_t package_frames = 0;
	for (size_t i = 0; i < tb->len; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		if (!d->frames[i].user || gg_phase_is_test_file(f->filename))
			continue;
		if (f->notebook || strncmp(f->filename, tpath, root) != 0)
			return -1;
		const char *rest = f->filename + root;
		size_t n = 0;
		while (rest[n] && !classify_is_sep(rest[n]))
			n++;
		if (n == 0 || !rest[n])
			return -1; /* a loose module: a project's script, not a package */
		if (!*pkg) {
			*pkg = rest;
			*pkg_len = n;
		} else if (n != *pkg_len || strncmp(rest, *pkg, n) != 0) {
			return -1;
		}
		package_frames++;
	}
	return package_frames ? test : -1;
}

/* A constructor's frame: "__init__", or 3.11's qualified "PitchNet.__init__". */
static bool classify_is_init(const char *fn)
{
	const char *dot = strrchr(fn, '.');
	return strcmp(dot ? dot + 1 : fn, "__init__") == 0;
}

int gg_classify_layer_build(const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	if (!tb || tb->len < 2)
		return -1;
	size_t u = tb->len;
	for (size_t i = tb->len; i-- > 0 && u == tb->len;)
		if (d->frames[i].user)
			u = i;
	if (u + 1 >= tb->len || !classify_is_init(tb->frames[u].function))
		return -1;
	/* Below it only torch.nn's construction: a module's __init__, its reset_parameters, torch.nn.init. */
	bool torch_init = false;
	for (size_t i = u + 1; i < tb->len; i++) {
		const char *fn = tb->frames[i].filename;
		if (!strstr(fn, "torch/nn/") && !strstr(fn, "torch\\nn\\"))
			return -1;
		torch_init |= classify_is_init(tb->frames[i].function);
	}
	return torch_init ? (int)u : -1;
}

/*
 * The remote task a wrapper names ("RayTaskError(OutOfMemoryError): ray::
 * SamplerActor.move_to_gpu() (pid=...)"): the method's name, its length in
 * *n; NULL when the exception is no such wrapper.
 */
static const char *classify_remote_method(const gg_traceback *tb, size_t *n)
{
	if (!tb->has_exception || !tb->exc.type || !tb->exc.message)
		return NULL;
	size_t tl = strlen(tb->exc.type);
	if (tl == 0 || tb->exc.type[tl - 1] != ')' || strncmp(tb->exc.message, "ray::", 5) != 0)
		return NULL;
	const char *m = tb->exc.message + 5, *e = m;
	while (*e && *e != '(' && *e != ' ')
		e++;
	const char *dot = m;
	for (const char *q = m; q < e; q++)
		if (*q == '.')
			dot = q + 1;
	*n = (size_t)(e - dot);
	return *n ? dot : NULL;
}

/* A remote method's name that says it moves weights onto the device: "move_to_gpu", "backload_to_gpu", "load_weights". */
static bool classify_method_loads(const char *m, size_t n)
{
	if (gg_text_find_ci(m, n, "offload"))
		return false; /* moving off the device */
	return gg_text_find_ci(m, n, "load") || gg_text_find_ci(m, n, "to_gpu") || gg_text_find_ci(m, n, "to_cuda") ||
	       gg_text_find_ci(m, n, "to_device");
}

/* What classify_child_status answers for a message cut before the child's status: neither Python wording is there. */
#define CHILD_STATUS_CUT (-1L)

/*
 * The exit status a launcher's CalledProcessError reports for its child
 * ("Command [...] returned non-zero exit status 3221225477."), where every
 * frame is a library's (the launcher's own); CHILD_STATUS_CUT where its
 * message stops inside the command (no "exit status", no "died with");
 * 0 otherwise.
 */
static long classify_child_status(const gg_diagnosis *d, const gg_traceback *tb)
{
	if (!gg_tb_type_named(tb->exc.type, "CalledProcessError"))
		return 0;
	for (size_t i = 0; i < tb->len; i++)
		if (d->frames[i].user)
			return 0;
	const char *p = strstr(tb->exc.message, "returned non-zero exit status ");
	if (!p)
		return strstr(tb->exc.message, " died with ") ? 0 : CHILD_STATUS_CUT;
	char *end;
	long v = strtol(p + strlen("returned non-zero exit status "), &end, 10);
	return end > p && v > 0 ? v : 0;
}

/*
 * c10's location line alone ("Exception raised from X at file:line"),
 * where X is no watchdog check: the function that raised names no error.
 */
static bool classify_location_only(const char *message)
{
	if (strncmp(message, "Exception raised from ", 22) != 0)
		return false;
	return !strstr(message, "checkTimeout") && !strstr(message, "Watchdog") && !strstr(message, "watchdog");
}

/*
 * Whether exc is a whole line with no message, as Python prints an
 * exception raised bare: `assert x` prints "AssertionError", Ctrl-C
 * "KeyboardInterrupt". Not cut, whatever the paste's end.
 */
static bool classify_bare_whole(const gg_tb_exception *exc)
{
	static const char *const bare[] = { "AssertionError", "KeyboardInterrupt", "StopIteration", "SystemExit",
					    "NotImplementedError", "GeneratorExit", NULL };
	if (exc->message[0] || exc->colon_only)
		return false;
	for (const char *const *b = bare; *b; b++)
		if (strcmp(exc->type, *b) == 0)
			return true;
	return false;
}

/*
 * A message that is only a process group's tag ("[PG ID 0 PG GUID 0(default_pg)
 * Rank 3]") and at most a piece of one word after it: the words that say
 * what failed are cut. A whole message goes on past its first word.
 */
static bool classify_tag_only(const char *message)
{
	if (message[0] != '[')
		return false;
	const char *close = strchr(message, ']');
	if (!close || !strstr(message, "Rank"))
		return false;
	const char *rest = close + 1;
	while (*rest == ' ')
		rest++;
	size_t n = strlen(rest);
	while (n > 0 && rest[n - 1] == ' ')
		n--;
	for (size_t i = 0; i < n; i++)
		if (!((rest[i] >= 'a' && rest[i] <= 'z') || (rest[i] >= 'A' && rest[i] <= 'Z')))
			return false;
	return n < 12;
}

/* fn without 3.11's qualifying class ("Ranker.score_chunk" → "score_chunk"). */
static const char *classify_bare_name(const char *fn)
{
	const char *dot = strrchr(fn, '.');
	return dot ? dot + 1 : fn;
}

/*
 * A model's own method (not its forward) that runs one of its layers
 * ("h = self.encoder(x)" in score_chunk(), the next frame the module call),
 * called by a helper that an evaluation entry calls (score_all() ->
 * rank_candidates() -> net.score_chunk()): the method is the model's code,
 * run for whoever calls it, and the helper is the evaluation's, where grad
 * can be turned off or the chunk made smaller: the line to change is the
 * helper's call into the model. Where the entry calls the method itself,
 * or the script's top level does, the method's line stays (the entry is
 * named apart). Returns the helper's frame, or -1.
 */
static int classify_model_method(const gg_diagnosis *d, const gg_traceback *tb, int i)
{
	const gg_tb_frame *f = &tb->frames[i], *caller = &tb->frames[i - 1];
	if ((size_t)i + 1 >= tb->len || !gg_phase_is_module_call(&tb->frames[i + 1]) || gg_phase_is_forward(f) ||
	    !d->frames[i - 1].user || !f->code || !strstr(f->code, "self.") || gg_phase_is_forward(caller) ||
	    classify_is_init(caller->function) || caller->function[0] == '<')
		return -1;
	const char *name = classify_bare_name(f->function);
	if (!name[0] || name[0] == '<')
		return -1;
	/* The model calling its own method ("self.score_chunk(x)"): still the model's code. */
	const char *code = caller->code ? caller->code : "";
	size_t n = strlen(name);
	for (const char *p = strstr(code, name); p; p = strstr(p + 1, name))
		if (p - code >= 5 && strncmp(p - 5, "self.", 5) == 0 && p[n] == '(')
			return -1;
	/* The helper sits under an evaluation entry of the user's. */
	for (int j = 0; j < i - 1; j++)
		if (d->frames[j].user && gg_phase_words(tb->frames[j].function) == GG_WORDS_EVAL)
			return i - 1;
	return -1;
}

/* Whether file b sits in a folder below file a's ("wan/modules/vae.py" under "wan/pipe.py"). */
static bool classify_file_deeper(const char *a, const char *b)
{
	const char *slash = strrchr(a, '/');
	if (!slash || slash == a)
		return false; /* a bare name ("train.py") beside a full path: where it sits is not known */
	size_t n = (size_t)(slash - a) + 1;
	return strncmp(a, b, n) == 0 && strchr(b + n, '/') != NULL;
}

/*
 * The user's own model module, in a folder below the code that calls it
 * (a pipeline's "torch.stack(self.vae.decode(latents))" into
 * wan/modules/vae.py), its method running one of its layers
 * ("out = self.decoder(z)"; the next frame the module call, or the paste
 * cut right there), maybe through the same file's wrapper methods: the
 * model's code runs for whoever calls it, and the caller's line decides
 * how much it gets at once. The call site is the culprit, as SPEC names
 * it, whatever the caller's name (an evaluation entry too: the model's
 * module is apart from it). Callers in the model's own folder keep the
 * method's line (see classify_model_method). Returns the caller's frame,
 * or -1.
 */
/* Whether files a and b sit in different folders (neither a bare name). */
static bool classify_file_apart(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	return sa && sb && (sa - a != sb - b || strncmp(a, b, (size_t)(sa - a)) != 0);
}

static int classify_module_caller(const gg_diagnosis *d, const gg_traceback *tb, int i)
{
	const gg_tb_frame *f = &tb->frames[i];
	bool runs = (size_t)i + 1 < tb->len ? gg_phase_is_module_call(&tb->frames[i + 1]) : !tb->has_exception;
	if (!runs || gg_phase_is_forward(f) || classify_is_init(f->function) || !f->code)
		return -1;
	int j = i;
	while (j > 0 && d->frames[j - 1].user && strcmp(tb->frames[j - 1].filename, f->filename) == 0 &&
	       !gg_phase_is_forward(&tb->frames[j - 1]) && !classify_is_init(tb->frames[j - 1].function) &&
	       tb->frames[j - 1].code && strstr(tb->frames[j - 1].code, "self."))
		j--;
	if (j == 0 || !d->frames[j - 1].user)
		return -1;
	/*
	 * An evaluation entry in one folder calling a method of the model that
	 * lives in another ("outputs = model.predict(" in eval/run.py into
	 * model/net.py): that call decides how much the model gets at once,
	 * whatever the model's own methods are named, and whether they reach
	 * their layer through self or a local.
	 */
	const gg_tb_frame *entry = &tb->frames[j - 1];
	const char *m = entry->code ? strstr(entry->code, tb->frames[j].function) : NULL;
	size_t ml = strlen(tb->frames[j].function);
	/* The entry's line names the method it calls on the model ("model.segment(", not "getattr(lm, kind)("). */
	bool calls = m && m > entry->code && m[-1] == '.' && m[ml] == '(';
	if (calls && gg_phase_words(entry->function) == GG_WORDS_EVAL && !strstr(entry->code, "self.") &&
	    classify_file_apart(entry->filename, f->filename) && !classify_file_deeper(f->filename, entry->filename))
		return j - 1;
	if (!strstr(f->code, "self."))
		return -1;
	/*
	 * A trainer's own method ("eval_epoch", "validate", "train_step") is the
	 * loop, not the model: its line stays. Strong words only, as for a
	 * library's frame: a model's decode() or sample() is still the model's.
	 */
	for (int k = j; k <= i; k++)
		if (gg_phase_frame_words(&tb->frames[k], 0) != 0)
			return -1;
	const gg_tb_frame *caller = &tb->frames[j - 1];
	if (gg_phase_is_forward(caller) || classify_is_init(caller->function) || caller->function[0] == '<' ||
	    !caller->code || strstr(caller->code, "super()") || !classify_file_deeper(caller->filename, f->filename))
		return -1;
	return j - 1;
}

/* Whether a frame is torch's DataLoader's (torch/utils/data), printed with either separator. */
static bool classify_in_dataloader(const gg_tb_frame *f)
{
	return strstr(f->filename, "torch/utils/data") || strstr(f->filename, "torch\\utils\\data");
}

/*
 * The deepest user frame is where the memory was asked for, not always
 * where the fix goes. A constructor's `.to(device)` runs because its
 * caller builds the object (per call, per file, per request): the caller's
 * line decides how often and how large. A forward() that training also
 * runs, entered from an evaluation method (test() calling self.forward()):
 * the fix goes on the call into that method, never on forward(). Returns the
 * frame the culprit moves to (a user frame), or culprit unchanged.
 */
static int classify_lift_culprit(const gg_diagnosis *d, const gg_traceback *tb, int culprit)
{
	if (culprit <= 0)
		return culprit;
	int i = culprit;
	if (classify_is_init(tb->frames[i].function)) {
		/* super().__init__ chains: the outermost constructor of the chain, then its caller. */
		while (i > 0 && d->frames[i - 1].user && classify_is_init(tb->frames[i - 1].function))
			i--;
		return i > 0 && d->frames[i - 1].user ? i - 1 : culprit;
	}
	int method = classify_model_method(d, tb, i);
	if (method >= 0)
		return method;
	int caller = classify_module_caller(d, tb, i);
	if (caller >= 0)
		return caller;
	/*
	 * Only a forward or a step its own object calls ("self.forward(...)",
	 * "self.step(...)" in validation(), the same file, a name that says no
	 * phase): a wrapper's step shared by its train and test methods. The
	 * fix goes on the evaluation method's call into it, the line that
	 * enters the shared step for evaluation. A model's forward another
	 * object's line calls by name ("net.forward(x)") is the model's
	 * boundary already: that line is the culprit.
	 */
	const char *by = tb->frames[i - 1].code;
	const char *name = classify_bare_name(tb->frames[i].function);
	size_t nl = strlen(name);
	bool self_call = false;
	for (const char *p = by ? strstr(by, name) : NULL; p && nl && !self_call; p = strstr(p + 1, name))
		self_call = p - by >= 5 && strncmp(p - 5, "self.", 5) == 0 && p[nl] == '(';
	bool runs = (size_t)i + 1 < tb->len && gg_phase_is_module_call(&tb->frames[i + 1]);
	bool shared = gg_phase_is_forward(&tb->frames[i]) ||
		      (runs && name[0] != '<' && gg_phase_words(name) == 0 && strcmp(tb->frames[i].filename, tb->frames[i - 1].filename) == 0);
	if (!shared || !self_call || !d->frames[i - 1].user)
		return culprit;
	int entry = i - 1;
	if (gg_phase_words(tb->frames[entry].function) != GG_WORDS_EVAL)
		return culprit;
	/*
	 * A training loop calling its evaluation method (fit() at
	 * `net.test()`): the line where training hands over to evaluation is
	 * where the fix goes. Any other caller (a worker's entry) only runs
	 * the evaluation method, whose own call is the line.
	 */
	bool from_training = entry > 0 && d->frames[entry - 1].user &&
			     gg_phase_words(tb->frames[entry - 1].function) == GG_WORDS_TRAIN;
	return from_training ? entry - 1 : entry;
}

/*
 * Where the fix goes: the outermost user function on the path (up to the
 * culprit) whose name says evaluation; else the culprit's, or the nearest
 * caller of it that is not a forward() or __call__, which training runs
 * too. -1 when there is none.
 */
static int classify_entry(const gg_diagnosis *d, const gg_traceback *tb)
{
	if (d->culprit < 0)
		return -1;
	for (int i = 0; i <= d->culprit; i++)
		if (d->frames[i].user && gg_phase_words(tb->frames[i].function) == GG_WORDS_EVAL)
			return i;
	for (int i = d->culprit; i >= 0; i--)
		if (d->frames[i].user && !gg_phase_is_forward(&tb->frames[i]))
			return i;
	return -1;
}

/*
 * A device others hold does not acquit autograd when this process's
 * PyTorch itself holds a large share of it (a quarter or more) in a
 * forward pass: the activations a missing no_grad keeps are in that share,
 * and freeing them may be all the room the request needs.
 */
static bool classify_own_share_large(const gg_diagnosis *d)
{
	const gg_oom_info *m = &d->oom;
	double own = m->reserved >= 0 ? m->reserved
		   : m->allocated >= 0 ? m->allocated + (m->reserved_unallocated > 0 ? m->reserved_unallocated : 0)
		   : -1;
	return d->model_runs && m->total > 0 && own >= 0.25 * m->total;
}

/* JAX raised it: jaxlib's XlaRuntimeError, or frames of jax, jaxlib, flax, optax or haiku. */
/*
 * AOTInductor's compiled wrapper allocating a buffer through its C shim
 * ("aoti_torch_empty_strided(..., cached_torch_device_type_cuda, 0,
 * &buf3_handle) API call failed"): the shim reports only that the call
 * failed, and the commonest reason is the allocator's out of memory,
 * printed earlier in the full log. Names the device from the call's
 * arguments. 1 when it is that call (the diagnosis made), 0 when not,
 * -ENOMEM.
 */
static int classify_aoti_alloc(gg_diagnosis *d, const gg_traceback *tb)
{
	const char *m = tb->exc.detail;
	if (!strstr(m, "aoti_torch_empty") || !strstr(m, "API call failed"))
		return 0;
	static const struct { const char *word; gg_oom_device dev; } devs[] = {
		{ "device_type_cuda", GG_OOM_DEVICE_CUDA }, { "device_type_xpu", GG_OOM_DEVICE_XPU },
		{ "device_type_mps", GG_OOM_DEVICE_MPS }, { "device_type_cpu", GG_OOM_DEVICE_CPU },
	};
	for (size_t i = 0; i < sizeof devs / sizeof *devs; i++) {
		const char *p = strstr(m, devs[i].word);
		if (!p)
			continue;
		d->oom.device = devs[i].dev;
		p += strlen(devs[i].word);
		/* The index is the next argument: ", 0,". */
		while (*p == ',' || *p == ' ')
			p++;
		if (*p >= '0' && *p <= '9' && devs[i].dev != GG_OOM_DEVICE_CPU)
			d->oom.device_index = (int)strtol(p, NULL, 10);
		break;
	}
	d->confidence = GG_CONFIDENCE_LOW;
	int rc = gg_evidence_add(d, "AOTInductor's compiled wrapper failed to allocate a buffer (aoti_torch_empty_strided): the shim says only that the call failed; most often the allocator ran out of memory, its message earlier in the full log");
	return rc ? rc : 1;
}

static bool classify_is_jax(const gg_traceback *tb)
{
	if (tb->has_exception && (strncmp(tb->exc.type, "jaxlib.", 7) == 0 || strncmp(tb->exc.type, "jax.", 4) == 0 ||
				  strcmp(tb->exc.type, "XlaRuntimeError") == 0))
		return true;
	static const char *const dirs[] = { "/jax/", "/jaxlib/", "/flax/", "/optax/", "/haiku/",
					    "\\jax\\", "\\jaxlib\\", "\\flax\\", NULL };
	for (size_t i = 0; i < tb->len; i++)
		for (const char *const *k = dirs; *k; k++)
			if (strstr(tb->frames[i].filename, *k) && gg_phase_is_library(tb->frames[i].filename))
				return true;
	return false;
}

/*
 * A client library's exception that carries a server's out-of-memory
 * message ("GenerationError: Request failed during generation: Server
 * error: CUDA out of memory..."): the type is not torch's, the memory
 * words come after the client's own, and the innermost frame raised it
 * from a response (its status code), or the message says it is the
 * server's. The memory ran out in the server's process, not along these
 * frames.
 */
static bool classify_relayed(const gg_diagnosis *d, const gg_traceback *tb)
{
	/* A line alone carrying a server's JSON response with the memory error in it. */
	if (d->oom.is_oom && d->chain->relayed_json)
		return true;
	if (!d->oom.is_oom || !tb->has_exception || !strchr(tb->exc.type, '.') || strncmp(tb->exc.type, "torch.", 6) == 0 ||
	    strstr(tb->exc.type, "OutOfMemory") || strstr(tb->exc.type, "MemoryError"))
		return false;
	const char *m = tb->exc.message;
	const char *oom = gg_text_find_ci(m, strlen(m), "out of memory");
	if (!oom || oom - m < 8)
		return false; /* the memory words open the message: the library's own error, or torch's under another name */
	const gg_tb_frame *last = tb->len ? &tb->frames[tb->len - 1] : NULL;
	bool from_response = last && last->code && gg_phase_is_library(last->filename) &&
			     (strstr(last->code, "status_code") || strstr(last->code, "response") || strstr(last->code, "resp."));
	return from_response || gg_text_find_ci(m, (size_t)(oom - m), "server");
}

/* The message, or the launcher's lines, say a serving engine was starting: its warm-up, a shard that could not start. */
static const char *classify_serving_start(const gg_diagnosis *d, const gg_traceback *tb, const gg_log_facts *facts)
{
	const char *m = tb->has_exception ? tb->exc.detail : "";
	size_t n = strlen(m);
	if (gg_text_find_ci(m, n, "warmup") || gg_text_find_ci(m, n, "warm up") || gg_text_find_ci(m, n, "warm-up"))
		return "the message says the model's warm-up failed: a serving engine's start, which runs the largest batch it will accept before serving any request";
	if (facts->shard_start_failed && d->oom.is_oom)
		return "the launcher says a shard (one of the engine's tensor-parallel processes) failed to start: the memory ran out at start-up, loading the weights or warming up, before any request";
	/* A worker's start-up method named by the runtime (its line is cited with the evidence). */
	if (facts->startup_method && d->oom.is_oom && !d->model_runs)
		return "a worker failed in one of the engine's start-up methods (loading the weights, placing the device, sizing its cache): the memory ran out at start-up, before any request";
	return NULL;
}

/* Whether the paste names AMD's stack (a ROCm or HIP path or word): Triton's resource words are the same there. */
static bool classify_rocm(const gg_traceback *tb, const gg_log_facts *facts)
{
	(void)facts;
	for (size_t i = 0; i < tb->len; i++)
		if (strstr(tb->frames[i].filename, "rocm") || strstr(tb->frames[i].filename, "/hip/"))
			return true;
	return tb->has_exception && (strstr(tb->exc.detail, "ROCm") || strstr(tb->exc.detail, "HIP") || strstr(tb->exc.detail, "LDS"));
}

#define CLASSIFY_LOAD_NOTE_REACH 3 /* a launcher's lines about its worker may come between the announcement and the cut */
#define CLASSIFY_KILL_NOTE_REACH 8 /* ... and a launcher's report of a killed worker, its command line wrapped */

/*
 * Whether an allocator's message ends cut inside its request, before its
 * size: "... out of memory. Tried to a", "... out of memory. T".
 */
bool gg_classify_cut_in_request(const char *m)
{
	const char *t = strstr(m, "out of memory.");
	if (!t)
		return false;
	t += 14;
	while (*t == ' ')
		t++;
	static const char full[] = "Tried to allocate";
	size_t n = strlen(t);
	while (n > 0 && t[n - 1] == ' ')
		n--;
	return n > 0 && n <= sizeof full - 1 && strncmp(t, full, n) == 0;
}

bool gg_classify_spawn_waits(const gg_traceback *tb)
{
	return tb->len > 0 && strstr(tb->frames[tb->len - 1].filename, "torch/multiprocessing/spawn.py") != NULL;
}

/*
 * Training, when a frame inside the model (past boundary, its first
 * nn.Module call) is one that named says a model runs only for a training
 * step; why completes the evidence. Only while the phase is still unknown.
 * 0 or -ENOMEM.
 */
static int training_inside_model(gg_diagnosis *d, const gg_traceback *tb, size_t boundary,
				 bool (*named)(const gg_tb_frame *), const char *why)
{
	for (size_t i = boundary + 1; d->phase == GG_PHASE_UNKNOWN && i < tb->len; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		if (!named(f))
			continue;
		d->phase = GG_PHASE_TRAINING;
		return gg_evidence_add(d, "training: frame %s() at %s:%u, %s", f->function, gg_tb_frame_file(f), f->line, why);
	}
	return 0;
}

bool gg_classify_worker_exit_cut(const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	return !d->oom.is_oom && d->chain->len == 1 && tb->has_exception && strstr(tb->exc.message, "DataLoader worker") &&
	       strstr(tb->exc.message, "exited unexpectedly");
}

int gg_classify(gg_diagnosis *d, const gg_log_facts *facts, gg_workspace *ws, gg_notebooks *nb,
		struct gg_analyzer *analyzer)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	int rc;
	d->culprit = -1;
	d->entry = -1;
	d->grad_disabled = -1;
	d->grad_controlled = false;
	d->phase = GG_PHASE_UNKNOWN;
	/* No memory error: its info was never read from a message (zeroed), so no device index is known. */
	if (!d->oom.is_oom)
		d->oom.device_index = -1;
	if (tb->len) {
		d->frames = calloc(tb->len, sizeof *d->frames);
		if (!d->frames)
			return -ENOMEM;
	}
	d->static_cell = -1;
	if ((rc = classify_resolve(d, tb, ws, nb)) != 0)
		return rc;
	if (tb->borrowed && (rc = gg_evidence_add(d, "the out-of-memory traceback was pasted without its frames: these are the next traceback's of its chain, which start from the same callers")))
		return rc;
	if (tb->quoted_after && (rc = gg_evidence_add(d, "the traceback's frames were elided; the frame pasted after the message (log line %llu) is taken as where it failed",
						      (unsigned long long)tb->frames[0].at.line)))
		return rc;
	if (tb->outer && (rc = gg_evidence_add(d, "the failure's own frames are all library code; the %zu above them (from log line %llu) are the next traceback's of its chain, where it surfaced in the code that was running",
					       tb->outer, (unsigned long long)tb->frames[0].at.line)))
		return rc;
	if (tb->type_from_header && (rc = gg_evidence_add(d, "the paste ends before the exception's own line: its type, %s, is the one IPython's header names, and its message is not in the paste", tb->exc.type)))
		return rc;

	if (d->chain->repeats && (rc = gg_evidence_add(d, "the same traceback is printed again from log line %llu (%zu more %s, the last maybe cut): one failure, reported once",
						      (unsigned long long)d->chain->repeat_line, d->chain->repeats,
						      d->chain->repeats == 1 ? "copy" : "copies")))
		return rc;
	/*
	 * The model boundary: frames past the first nn.Module call are the
	 * model's, not the loop's. So is a user's method named forward_*
	 * (`forward_multiple`, `forward_test`) called as a method of an object
	 * from a user's line: a module's own way in, past its __call__.
	 */
	size_t boundary = tb->len;
	for (size_t i = 0; i < tb->len; i++) {
		const char *fn = tb->frames[i].function, *code = i ? tb->frames[i - 1].code : NULL;
		const char *at = code && strncmp(fn, "forward_", 8) == 0 ? strstr(code, fn) : NULL;
		if (gg_phase_is_module_call(&tb->frames[i]) ||
		    (at && at > code && at[-1] == '.' && at[strlen(fn)] == '(' && d->frames[i].user && d->frames[i - 1].user)) {
			boundary = i;
			break;
		}
	}
	/*
	 * A view that shows only the user's own frames (a debugger's "just my
	 * code") drops torch's module frames: for a memory error, the first
	 * forward() of the user's, entered from a line of the user's, is where
	 * the model starts, and that line is what decides how much it holds.
	 * So is one that line calls by name (`model.forward(x)`: no module
	 * frame is printed for it, only for the layers inside), whatever the
	 * error and whatever view printed it.
	 */
	bool only_user = boundary == tb->len;
	for (size_t i = 1; i < boundary && i < tb->len; i++) {
		const char *code = tb->frames[i - 1].code;
		const char *by_name = code ? strstr(code, ".forward(") : NULL;
		/* Not `self.forward(...)`: a wrapper's shared step entered by its own method (classify_lift_culprit). */
		bool own = by_name && by_name - code >= 4 && strncmp(by_name - 4, "self", 4) == 0 &&
			   (by_name - code == 4 || !(isalnum((unsigned char)by_name[-5]) || by_name[-5] == '_' || by_name[-5] == '.'));
		if (d->frames[i].user && d->frames[i - 1].user && strcmp(tb->frames[i].function, "forward") == 0 && code &&
		    ((by_name && !own) || (only_user && d->oom.is_oom && strchr(code, '(') != NULL)))
			boundary = i;
	}
	d->model_runs = false;
	for (size_t i = 0; i < tb->len && !d->model_runs; i++)
		d->model_runs = gg_phase_runs_model(&tb->frames[i]);
	bool backward = false;
	int loading = -1; /* the innermost frame loading or placing a model */
	const char *framework = NULL;
	int evidence_frame = -1;
	gg_dx_phase file_phase = GG_PHASE_UNKNOWN;
	int file_frame = -1; /* the innermost frame whose file's name alone speaks */
	for (size_t i = 0; i < tb->len; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		bool off;
		const char *fw = gg_phase_framework_eval(f, &off);
		if (gg_phase_is_backward(f))
			backward = true;
		if (gg_phase_is_loading(f))
			loading = (int)i;
		if (gg_phase_is_grad_off_frame(f) && d->grad_disabled != 1) {
			d->grad_disabled = 1;
			const char *next = i + 1 < tb->len ? tb->frames[i + 1].function : "the next function";
			if ((rc = gg_evidence_add(d, "%s() is called through torch's decorate_context: it is decorated with @torch.no_grad() (or inference_mode)", next)))
				return rc;
		}
		if (fw) {
			framework = fw;
			if (off && d->grad_disabled != 1) {
				d->grad_disabled = 1;
				if ((rc = gg_evidence_add(d, "the path goes through %s", fw)))
					return rc;
			}
			d->phase = GG_PHASE_EVALUATION;
			evidence_frame = (int)i;
			continue;
		}
		if (gg_phase_framework_train(f)) {
			d->phase = GG_PHASE_TRAINING;
			evidence_frame = (int)i;
			continue;
		}
		/* Frames inside the model say nothing of why it runs; the innermost frame that speaks wins. */
		if (i > boundary)
			continue;
		/* The user's frames that only wait for another process (see classify_only_waits): a launcher's names. */
		if (!d->frames[i].user && !f->notebook && !gg_phase_is_library(f->filename))
			continue;
		unsigned how = (d->frames[i].user ? GG_FRAME_USER : 0) | (i + 1 == boundary ? GG_FRAME_FEEDS_MODEL : 0) |
			       (boundary < tb->len ? GG_FRAME_MODEL_RUNS : 0);
		int w = gg_phase_frame_words(f, how | GG_FRAME_NO_FILE);
		if (w == GG_WORDS_EVAL || w == GG_WORDS_TRAIN) {
			d->phase = w == GG_WORDS_EVAL ? GG_PHASE_EVALUATION : GG_PHASE_TRAINING;
			evidence_frame = (int)i;
			continue;
		}
		w = gg_phase_frame_words(f, how);
		if (w == GG_WORDS_EVAL || w == GG_WORDS_TRAIN) {
			file_phase = w == GG_WORDS_EVAL ? GG_PHASE_EVALUATION : GG_PHASE_TRAINING;
			file_frame = (int)i;
		}
	}
	/*
	 * A file's name (train_worker.py) is the weakest word: a frame's own
	 * name or call anywhere on the path (its validation() method) says
	 * more of what ran. Only where none speaks does the file's tell.
	 */
	if (evidence_frame < 0 && file_frame >= 0) {
		d->phase = file_phase;
		evidence_frame = file_frame;
	}
	/*
	 * Frames inside the model say nothing of why it runs, except a branch
	 * the model's forward takes only when it trains, named so: the path
	 * under it is the training step's, whatever loop was cut above.
	 */
	if ((rc = training_inside_model(d, tb, boundary, gg_phase_is_train_branch,
					"inside the model, is the branch its forward takes when it trains")))
		return rc;
	/*
	 * The same for the model's own loss computation under its forward (a
	 * detector's losses()): a forward that computes its losses returns
	 * them to a training step. Medium at most: no backward is shown.
	 */
	if ((rc = training_inside_model(d, tb, boundary, gg_phase_is_loss_method,
					"inside the model's forward, computes its losses, which a model does for a training step")))
		return rc;
	/*
	 * The driver's "CUDA error: out of memory" raised in torch.cuda's own
	 * switch of stream or device (the last frame torch/cuda's, its line
	 * setting a stream or a device): a runtime call that asks the caching
	 * allocator for nothing, so no tensor of this step was refused.
	 */
	d->runtime_call = false;
	const gg_tb_frame *lf = tb->len ? &tb->frames[tb->len - 1] : NULL;
	if (lf && d->oom.is_oom && d->oom.form && strcmp(d->oom.form, "CUDA error: out of memory") == 0 && gg_phase_is_library(lf->filename) &&
	    strstr(lf->filename, "torch/cuda/") && lf->code &&
	    (strstr(lf->code, "setStream") || strstr(lf->code, "set_stream") || strstr(lf->code, "setDevice") || strstr(lf->code, "set_device") ||
	     strstr(lf->code, "_cuda_exchangeDevice"))) {
		d->runtime_call = true;
		if ((rc = gg_evidence_add(d, "the driver's error is raised by torch.cuda's %s() at %s:%u (`%s`), a CUDA runtime call that asks the caching allocator for nothing: no tensor of this step was refused",
					  lf->function, gg_tb_frame_file(lf), lf->line, lf->code)))
			return rc;
	}
	/*
	 * The paste ends inside torch.nn building a layer for the user's
	 * constructor (a Conv2d's __init__ making its weight): the model is
	 * being built, no data has reached it. Loading, as a model's weights
	 * being placed is.
	 */
	int build = d->phase == GG_PHASE_UNKNOWN ? gg_classify_layer_build(d) : -1;
	if (build >= 0) {
		d->phase = GG_PHASE_LOADING;
		if ((rc = gg_evidence_add(d, "building the model: %s() at %s:%u constructs a layer, and the frames under it are torch.nn's own construction of it (its weight's allocation); no data has reached the model",
					  tb->frames[build].function, gg_tb_frame_file(&tb->frames[build]), tb->frames[build].line)))
			return rc;
	}
	/* An optimizer's step on the path, no other word for the phase: only training steps one. */
	for (size_t i = 0; i < tb->len && d->phase == GG_PHASE_UNKNOWN; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		if (!gg_phase_is_optimizer_step(f))
			continue;
		/*
		 * Stepped inside an object's construction (a sharded optimizer's
		 * __init__ running one step to create its moment buffers): the
		 * optimizer's state is being set up, no step of training has run.
		 */
		size_t ctor = i;
		for (size_t j = 0; j < i && ctor == i; j++)
			if (classify_is_init(tb->frames[j].function))
				ctor = j;
		if (ctor < i) {
			d->phase = GG_PHASE_LOADING;
			d->optimizer_setup = true;
			if ((rc = gg_evidence_add(d, "set-up: frame %s() at %s:%u steps an optimizer inside the construction at %s:%u (%s()): its state is being created, before any training step",
						  f->function[0] ? f->function : "<module>", gg_tb_frame_file(f), f->line,
						  gg_tb_frame_file(&tb->frames[ctor]), tb->frames[ctor].line, tb->frames[ctor].function)))
				return rc;
			break;
		}
		d->phase = GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "training: frame %s() at %s:%u steps an optimizer%s%s", f->function[0] ? f->function : "<module>",
					  gg_tb_frame_file(f), f->line, f->code ? ": " : "", f->code ? f->code : "")))
			return rc;
	}
	/*
	 * A remote task's error raised again in its caller: the memory ran out
	 * in that task's process, in the method the wrapper names, and the
	 * caller's frames only wait on it. The method's name tells what it did
	 * where it says so; the caller's loop does not.
	 */
	size_t rml = 0;
	const char *rm = classify_remote_method(tb, &rml);
	int rw = rm ? gg_phase_words_n(rm, rml) : 0;
	if (rm && (classify_method_loads(rm, rml) || rw == GG_WORDS_EVAL || rw == GG_WORDS_TRAIN)) {
		d->phase = classify_method_loads(rm, rml) ? GG_PHASE_LOADING : rw == GG_WORDS_EVAL ? GG_PHASE_EVALUATION : GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "%s is the remote task %.*s()'s error raised again in its caller: it failed in that task's process, whose name says %s; the frames here only wait on it",
					  tb->exc.type, (int)rml, rm,
					  d->phase == GG_PHASE_LOADING ? "it moves or loads weights onto the device" : d->phase == GG_PHASE_EVALUATION ? "evaluation" : "training")))
			return rc;
	} else if (rm && d->phase != GG_PHASE_UNKNOWN) {
		d->phase = GG_PHASE_UNKNOWN; /* the caller's frames say what the caller did, not the task */
	}
	/*
	 * No frame, but the logger named the function it was called from
	 * before the failure ("train_step" at the right of a rich log line):
	 * what the program was doing then, at low weight (the failure may come
	 * later in another function). Training only: an evaluation read from a
	 * logger would put autograd in question with nothing to show it.
	 */
	/* Library frames that told no phase (a framework's wrapper under the logged error) say no more than none. */
	bool user_frame = false;
	for (size_t i = 0; i < tb->len; i++)
		user_frame |= d->frames[i].user;
	bool logged_phase = !user_frame && d->phase == GG_PHASE_UNKNOWN && facts->logged_func && facts->logged_words == GG_WORDS_TRAIN &&
			    tb->has_exception && facts->logged_line <= tb->exc.at.line;
	if (logged_phase) {
		d->phase = GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "log line %llu, before the failure, is logged from %s(): the program was training",
					  (unsigned long long)facts->logged_line, facts->logged_func)))
			return rc;
	}
	/*
	 * No frame, but a training loop's progress bar (a loss and a learning
	 * rate in its postfix) is drawn just before or after the failure: tqdm
	 * writes to stderr beside the traceback, and the step it shows is the
	 * one that failed. Within a few lines only, at low weight as above.
	 */
	/*
	 * A launcher's own frames only (accelerate's, torchrun's: no frame of
	 * the user's, the child's error printed elsewhere) say no more than
	 * none: the bar above its header is the child's step, and the paste
	 * cut before the exception places it by the header.
	 */
	bool launcher_only = tb->len > 0;
	for (size_t i = 0; i < tb->len && launcher_only; i++)
		launcher_only = gg_phase_is_library(tb->frames[i].filename) && !gg_phase_runs_model(&tb->frames[i]);
	uint64_t bar = facts->train_bar_line, at = tb->has_exception ? tb->exc.at.line : 0;
	if (launcher_only && bar && bar <= tb->at.line && bar + 2 >= tb->at.line)
		at = tb->at.line;
	if ((!tb->len || launcher_only) && d->phase == GG_PHASE_UNKNOWN && bar && at && (bar + 3 >= at && bar <= at + 3)) {
		d->phase = GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "log line %llu, beside the failure, is a training loop's progress bar (its label or its postfix, a loss and a learning rate, says so)",
					  (unsigned long long)bar)))
			return rc;
	}
	/*
	 * A training table's column titles (an epoch, a loss) right above a
	 * traceback's header: its row, the bar the traceback was glued to
	 * (and taken off with the rank's prefix), was a training step. Low
	 * weight, as the bar above; only where the frames said nothing.
	 */
	uint64_t titles = facts->train_titles_line;
	if (d->phase == GG_PHASE_UNKNOWN && titles && tb->at.line > titles && tb->at.line <= titles + 2) {
		d->phase = GG_PHASE_TRAINING;
		if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && facts->train_titles_gpu)
			d->oom.device = GG_OOM_DEVICE_CUDA;
		if ((rc = gg_evidence_add(d, "log line %llu, right above the traceback's header, titles a training table's columns (an epoch, a loss%s): the row under it, the step that failed, was training",
					  (unsigned long long)titles, facts->train_titles_gpu ? ", the GPU's memory" : "")))
			return rc;
	}
	/*
	 * The same for a training loop's plain print of its counter and loss,
	 * right before a traceback's header whose frames were all cut: the
	 * header says a traceback followed the print. Low weight, as above;
	 * a lone exception line under a print says no more than the print.
	 * Where the reporter elided the frames (a row of dots, a glued frame
	 * no parser reads), the header still follows the print at once and
	 * the exception comes a few lines under it.
	 */
	uint64_t print = facts->train_print_line;
	bool printed = !tb->len && !d->chain->lone && d->phase == GG_PHASE_UNKNOWN && print && at && tb->at.line > print &&
		       tb->at.line < at && (print + 3 >= at || (tb->at.line <= print + 2 && tb->at.line + 6 >= at));
	if (printed) {
		d->phase = GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "log line %llu, just before the failure, is a training loop's print of its step and loss",
					  (unsigned long long)print)))
			return rc;
	}
	/*
	 * A run's output cut in a runtime's own failure line (a CUDA check
	 * failing) right under a training loop's print of its step and loss:
	 * the run was training when it failed. Low weight, as above.
	 */
	if (d->chain->from_cut && facts->last_cuda_check && d->phase == GG_PHASE_UNKNOWN && print && print + 1 == tb->at.line &&
	    facts->eval_note_line < print) {
		d->phase = GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "log line %llu, right above the cut line, is a training loop's print of its step and loss: the run was training",
					  (unsigned long long)print)))
			return rc;
	}
	/*
	 * No frame, and the last bar above the failure (or on its line) is one
	 * loading weights ("Loading checkpoint shards: 0%|", or at 100 % with
	 * nothing run after it), no training or evaluation logged after it: the
	 * run died loading its model, before any step. Low weight, as above.
	 * Not where a chat session's turn follows the bar: loading had ended.
	 */
	uint64_t lbar = facts->load_bar_line;
	if (!tb->len && d->phase == GG_PHASE_UNKNOWN && lbar && lbar <= tb->at.line && facts->train_bar_line < lbar &&
	    facts->train_print_line < lbar && facts->eval_bar_line < lbar && facts->eval_note_line < lbar &&
	    facts->eval_banner_line < lbar && !(facts->chat_prompt_line > lbar && facts->chat_prompt_line <= tb->at.line)) {
		d->phase = GG_PHASE_LOADING;
		if ((rc = gg_evidence_add(d, "log line %llu is a progress bar loading the model's weights, and no training or evaluation step is logged after it: the run stopped while loading",
					  (unsigned long long)lbar)))
			return rc;
	}
	/*
	 * No frame, and the log ends on an evaluation bar (its label names
	 * validation or evaluation, no training word) below the failure: the
	 * reporter pasted the exception on top and the run's log under it, and
	 * the step it stopped in was that evaluation. Low weight, as above.
	 */
	uint64_t ebar = facts->eval_bar_line;
	bool eval_bar = !tb->len && !d->chain->lone && d->phase == GG_PHASE_UNKNOWN && ebar && at && ebar > at &&
			ebar == facts->last_text_line && facts->train_bar_line < ebar && facts->train_print_line < ebar;
	if (eval_bar) {
		d->phase = GG_PHASE_EVALUATION;
		if ((rc = gg_evidence_add(d, "log line %llu, the last of the paste, is an evaluation's progress bar: the run stopped in that evaluation",
					  (unsigned long long)ebar)))
			return rc;
	}
	/*
	 * A kill and no traceback (the OOM killer's SIGKILL, as a shell or a
	 * launcher reports it): the step the process was in is the last bar
	 * drawn at or above the report, a shell's report glued to its last
	 * redraw, a launcher's a few of its own lines under it, with no step
	 * printed since. Low weight, as above.
	 */
	uint64_t kbar = facts->train_bar_line > facts->eval_bar_line ? facts->train_bar_line : facts->eval_bar_line;
	bool kill_bar = !tb->len && d->phase == GG_PHASE_UNKNOWN && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_SIGKILL) == 0 &&
			kbar && at && kbar <= at && kbar + 8 >= at && facts->train_print_line <= kbar && facts->eval_note_line <= kbar;
	if (kill_bar) {
		bool eval = kbar == facts->eval_bar_line;
		d->phase = eval ? GG_PHASE_EVALUATION : GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "log line %llu, the last progress bar before the kill, is %s: the process was killed in that step",
					  (unsigned long long)kbar, eval ? "an evaluation's" : "a training loop's")))
			return rc;
	}
	/*
	 * vLLM's serving engine named on the failure's lines (its package's
	 * frames, its logger's file tag), no frame of the user's and nothing
	 * else telling the phase: the engine answering requests, which runs its
	 * model under inference_mode (its start-up, the profiling run and the
	 * KV cache's sizing, has its own forms and frames, loading). The phase
	 * stays untold: what filled the device (the cause) is read as for no
	 * phase, and the advice is the engine's settings (explain.c).
	 */
	bool engine = d->phase == GG_PHASE_UNKNOWN && d->oom.is_oom && !user_frame && facts->engine_line && !backward &&
		      !(d->oom.form && (strcmp(d->oom.form, GG_OOM_FORM_WARMUP) == 0 || strcmp(d->oom.form, GG_OOM_FORM_KV_CACHE) == 0));
	if (engine) {
		d->grad_disabled = 1;
		if ((rc = gg_evidence_add(d, "log line %llu names vLLM's serving engine, which runs the model under torch.inference_mode(): it was answering requests, autograd off",
					  (unsigned long long)facts->engine_line)))
			return rc;
	}
	/*
	 * A run's output cut short a few lines under its announcement of what
	 * it loads ("Loading model-x..."), nothing of a step logged since: the
	 * run stopped while loading. Low weight, as above.
	 */
	uint64_t lnote = facts->load_note_line;
	/*
	 * The same above a launcher's report of a worker killed (-9, no
	 * frame): its own lines (killing the other workers, the command line,
	 * wrapped) come between, a few more than a cut's.
	 */
	bool killed = !tb->len && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_SIGKILL) == 0;
	uint64_t reach = killed ? CLASSIFY_KILL_NOTE_REACH : CLASSIFY_LOAD_NOTE_REACH;
	if ((d->chain->from_cut || killed) && !tb->len && d->phase == GG_PHASE_UNKNOWN && lnote && lnote < tb->at.line &&
	    lnote + reach >= tb->at.line && facts->train_bar_line < lnote && facts->train_print_line < lnote &&
	    facts->eval_bar_line < lnote && facts->eval_print_line < lnote && facts->eval_note_line < lnote) {
		d->phase = GG_PHASE_LOADING;
		if ((rc = gg_evidence_add(d, "log line %llu, a few lines above where the paste ends, announces what the run loads, and no step is logged after it: it stopped while loading",
					  (unsigned long long)lnote)))
			return rc;
	}
	/* The same for an evaluation loop's plain prints of its counter ("Val 3/50 12/60 ..."), the last of the paste. */
	uint64_t eprint = facts->eval_print_line;
	bool eval_printed = !tb->len && !d->chain->lone && d->phase == GG_PHASE_UNKNOWN && eprint && at && eprint > at &&
			    eprint == facts->last_text_line && facts->train_bar_line < at && facts->train_print_line < at;
	if (eval_printed) {
		d->phase = GG_PHASE_EVALUATION;
		if ((rc = gg_evidence_add(d, "log line %llu, the last of the paste, is an evaluation loop's print of its counter, with no training print after the failure: the run stopped in that evaluation",
					  (unsigned long long)eprint)))
			return rc;
	}
	/*
	 * No frame, and the last trainer banner above the failure opens an
	 * evaluation ("***** Running Evaluation *****"), no training bar or
	 * print after it: the run was in that evaluation when it failed (its
	 * bar, unlabelled, may come between). Low weight, as above.
	 */
	uint64_t banner = facts->eval_banner_line;
	if (!tb->len && d->phase == GG_PHASE_UNKNOWN && banner && banner < tb->at.line && facts->train_bar_line < banner &&
	    facts->train_print_line < banner) {
		d->phase = GG_PHASE_EVALUATION;
		if ((rc = gg_evidence_add(d, "log line %llu, above the failure, is the trainer's banner opening an evaluation, and no training step is logged after it: the run was in that evaluation",
					  (unsigned long long)banner)))
			return rc;
	}
	/*
	 * Frames that show only the script's top level (its "<module>" line,
	 * library code under it), and the log's line just above the traceback
	 * announces evaluation or inference ("Eval epoch: 1", a bar at 0 %
	 * between): the script was in that evaluation when it failed. Low
	 * weight, as above; no training print or bar between.
	 */
	uint64_t note = facts->eval_note_line;
	/*
	 * A header cut before its first frame shows no more than the top level:
	 * the note speaks the same; so do a runtime's own lines with no frame
	 * at all (ranks' watchdog timeouts right under "Evaluating ...").
	 */
	/* A frameless memory error: only under the run's own banner, not a reporter's sentence ("Running X on the test set fails with"). */
	bool top_only = tb->len > 0 || !tb->has_exception || !d->oom.is_oom || facts->eval_note_banner;
	for (size_t i = 0; i < tb->len && top_only; i++)
		top_only = !d->frames[i].user || strcmp(tb->frames[i].function, "<module>") == 0;
	/* A run's output cut with no header at all (from_cut) has no traceback for the note to stand above. */
	if (top_only && !d->chain->from_cut && d->phase == GG_PHASE_UNKNOWN && note && note < tb->at.line && note + CLASSIFY_NOTE_REACH >= tb->at.line &&
	    facts->train_bar_line < note && facts->train_print_line < note) {
		d->phase = GG_PHASE_EVALUATION;
		if ((rc = gg_evidence_add(d, tb->len ? "log line %llu, just above the traceback, announces an evaluation or inference, and the frames show only the script's top level: it failed in that step"
					     : tb->has_exception ? "log line %llu, just above the failure, announces an evaluation or inference, and no frame shows another step: it failed in that step"
						     : "log line %llu, just above the traceback, announces an evaluation or inference, and the traceback is cut before its first frame: it failed in that step",
					  (unsigned long long)note)))
			return rc;
	}
	/*
	 * A native assertion that aborts the process (Metal's per-tensor
	 * limit) prints no traceback at all, only the script's own lines
	 * above it: an announcement of testing or inference with no training
	 * print or bar after it is the step it died in, however many of its
	 * per-item prints came between. Low weight, as above.
	 */
	if (!tb->len && d->phase == GG_PHASE_UNKNOWN && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_MPS_NDARRAY) == 0 && note &&
	    note < tb->at.line && facts->train_bar_line < note && facts->train_print_line < note) {
		d->phase = GG_PHASE_EVALUATION;
		if ((rc = gg_evidence_add(d, "log line %llu announces testing or inference, and the native abort below it left no frame to show another step: it failed in that step",
					  (unsigned long long)note)))
			return rc;
	}
	/*
	 * The run's announcement of what it loads right above the traceback
	 * ("-- Loading model..."), no model's forward and no backward on the
	 * path: the failure came while that was set up (the weights, a cache
	 * built beside them). Low weight, as above.
	 */
	uint64_t lnote_tb = facts->load_note_line;
	if (d->phase == GG_PHASE_UNKNOWN && tb->len && lnote_tb && lnote_tb < tb->at.line && lnote_tb + 2 >= tb->at.line &&
	    boundary == tb->len && !backward && !d->model_runs) {
		d->phase = GG_PHASE_LOADING;
		if ((rc = gg_evidence_add(d, "log line %llu, right above the traceback, announces what the run loads, and no model runs on the path: it failed while setting that up",
					  (unsigned long long)lnote_tb)))
			return rc;
	}
	/*
	 * No frame, but the reporter pasted the training loop's header a few
	 * lines above the exception with the body between elided ("...."):
	 * the failure is inside that loop. Low weight, as above.
	 */
	uint64_t loop = facts->train_loop_line;
	if (!tb->len && d->phase == GG_PHASE_UNKNOWN && loop && at && loop < at && loop + CLASSIFY_LOOP_REACH >= at) {
		d->phase = GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "log line %llu, a few lines above the failure, is a training loop's header pasted as code: the failure is inside that loop",
					  (unsigned long long)loop)))
			return rc;
	}
	/* No frame, but the line just above the error is the engine's backward call: a backward pass. */
	if (!backward && !tb->len && tb->has_exception && facts->backward_code_line &&
	    facts->backward_code_line + 1 == tb->exc.at.line) {
		backward = true;
		if ((rc = gg_evidence_add(d, "log line %llu, just above the error, is autograd's backward call (run_backward)",
					  (unsigned long long)facts->backward_code_line)))
			return rc;
	}
	/*
	 * No frame, but the line just above the error is torch's loss kernel
	 * call, its frame's head cut off: a loss was being computed. Mostly a
	 * training step's (an evaluation computes one too, under no_grad, where
	 * a tensor this size is rarer): training, at low weight like a print.
	 */
	bool loss_above = !backward && !tb->len && tb->has_exception && d->phase == GG_PHASE_UNKNOWN && facts->loss_code_line &&
			  facts->loss_code_line + 1 == tb->exc.at.line;
	if (loss_above) {
		d->phase = GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "log line %llu, just above the error, is a loss function's own line (torch.nn.functional), its frame's head cut off: a loss was being computed, most often in a training step",
					  (unsigned long long)facts->loss_code_line)))
			return rc;
	}
	/* No frame, but the line just above the error is a module's move of its tensors to the device: loading. */
	bool moving = !backward && !tb->len && tb->has_exception && d->phase == GG_PHASE_UNKNOWN && facts->move_code_line &&
		      facts->move_code_line + 1 == tb->exc.at.line;
	if (moving && (rc = gg_evidence_add(d, "log line %llu, just above the error, is nn.Module.to's move of each tensor to the device (convert): a model is being moved there, no forward has run",
					    (unsigned long long)facts->move_code_line)))
		return rc;
	if (moving) {
		d->phase = GG_PHASE_LOADING;
	} else if (backward) {
		d->phase = GG_PHASE_TRAINING;
		if ((rc = gg_evidence_add(d, "the failure is in a backward pass: this is training")))
			return rc;
	} else if (loading >= 0 && boundary == tb->len && loading >= evidence_frame) {
		/* No forward ran: memory ran out while a model was loaded or moved to the device. */
		const gg_tb_frame *f = &tb->frames[loading];
		d->phase = GG_PHASE_LOADING;
		if ((rc = gg_evidence_add(d, "loading: frame %s() at %s:%u%s%s: a model is being loaded or moved to the device, no forward has run",
					  f->function, gg_tb_frame_file(f), f->line, f->code ? ": " : "", f->code ? f->code : "")))
			return rc;
	} else if (evidence_frame >= 0) {
		const gg_tb_frame *f = &tb->frames[evidence_frame];
		if ((rc = gg_evidence_add(d, "%s: frame %s() at %s:%u%s%s", gg_dx_phase_name(d->phase), f->function,
					  gg_tb_frame_file(f), f->line, f->code ? ": " : "", f->code ? f->code : "")))
			return rc;
	}

	/*
	 * A last frame whose header is the paste's very last line, no code
	 * line nor a launcher's empty prefixed line under it,
	 * may be cut inside its function's name ("in pos" of "postprocess"):
	 * it shows no line to change, and its caller's line is the last whole
	 * one.
	 */
	size_t cut_tail = tb->len;
	if (!tb->has_exception && tb->len > 1 && !tb->frames[tb->len - 1].code && !tb->frames[tb->len - 1].notebook &&
	    tb->frames[tb->len - 1].at.line >= facts->lines)
		cut_tail = tb->len - 1;
	/*
	 * Frames that end in torch.multiprocessing's spawn, cut there: the
	 * launching process waiting on its workers. The failure was in a
	 * worker, whose own frames the paste does not hold: no line here is
	 * where it ran out.
	 */
	bool spawn_waits = gg_classify_spawn_waits(tb);
	if (spawn_waits &&
	    (rc = gg_evidence_add(d, "the frames end in torch.multiprocessing's spawn, the launching process waiting on its workers: the failing worker's own traceback is not in the paste")))
		return rc;
	/* The culprit: the last user frame before the model boundary (the line that called the model). */
	for (size_t i = 0; i < tb->len && i <= boundary && !spawn_waits; i++)
		if (d->frames[i].user && i < boundary && i != cut_tail)
			d->culprit = (int)i;
	if (d->culprit < 0)
		for (size_t i = 0; i < tb->len && !spawn_waits; i++)
			if (d->frames[i].user && i != cut_tail)
				d->culprit = (int)i;
	/*
	 * A comprehension's frame is its function's line: the fix goes in the
	 * function. Unless that line is only the comprehension's opening
	 * bracket (Python 3.11 points at the first line of one spread over
	 * several): the comprehension's own line names the call.
	 */
	if (d->culprit > 0 && classify_is_comprehension(tb->frames[d->culprit].function) &&
	    d->frames[d->culprit - 1].user &&
	    strcmp(tb->frames[d->culprit - 1].filename, tb->frames[d->culprit].filename) == 0 &&
	    !classify_bare_bracket(tb->frames[d->culprit - 1].code))
		d->culprit--;
	int allocated_in = d->culprit;
	d->culprit = classify_lift_culprit(d, tb, d->culprit);
	if (d->culprit != allocated_in) {
		const gg_tb_frame *f = &tb->frames[allocated_in];
		if ((rc = gg_evidence_add(d, "allocated in %s() at %s:%u%s%s, which %s", f->function, gg_tb_frame_file(f), f->line,
					  f->code ? ": " : "", f->code ? f->code : "",
					  classify_is_init(f->function)		      ? "the object's construction runs: the fix goes on the call that builds it"
					  : classify_model_method(d, tb, allocated_in) >= 0 || classify_module_caller(d, tb, allocated_in) >= 0
						  ? "is the model's own method, run for whoever calls it: the fix goes on the call into it"
											      : "training runs too: the fix goes on the call that enters evaluation")))
			return rc;
		/*
		 * No forward on the path, an object being built: a model
		 * constructed and its state placed, before it ran; also where an
		 * outer function's name said training (`model = SeqModel(data)`
		 * at the top of train()): no step had started. Not where what
		 * failed is a NumPy array or a Python object on the host (a replay
		 * buffer's np.empty): no model's state is placed by that.
		 */
		if (classify_is_init(f->function) && (d->phase == GG_PHASE_UNKNOWN || (d->phase == GG_PHASE_TRAINING && evidence_frame < allocated_in)) &&
		    boundary == tb->len && !backward && !gg_cause_host_array(&d->oom)) {
			classify_evidence_drop(d, "training: frame ");
			d->phase = GG_PHASE_LOADING;
			if ((rc = gg_evidence_add(d, "loading: the path builds an object (%s) and no forward runs on it: a model being constructed, its state placed on the device",
						  tb->frames[d->culprit].code ? tb->frames[d->culprit].code : f->function)))
				return rc;
		}
	}
	/*
	 * A one-line def's frame (`def rvar(a): return var(a.repeat(1, k, 1))`
	 * nested in a method): its line is the definition, not a call a wrap
	 * can hold; the line that called it, in the frame above, is.
	 */
	if (d->culprit > 0 && tb->frames[d->culprit].code && strncmp(tb->frames[d->culprit].code, "def ", 4) == 0 &&
	    d->frames[d->culprit - 1].user)
		d->culprit--;
	/*
	 * A line typed at an interactive prompt (<stdin>, <console>), no code
	 * printed for it, cannot be opened or edited: the frame it called, the
	 * first in a file of the user's, is the line to look at.
	 */
	if (d->culprit >= 0 && (size_t)d->culprit + 1 < tb->len && !tb->frames[d->culprit].code &&
	    (strcmp(tb->frames[d->culprit].filename, "<stdin>") == 0 || strcmp(tb->frames[d->culprit].filename, "<console>") == 0) &&
	    d->frames[d->culprit + 1].user)
		d->culprit++;
	const char *pkg;
	size_t pkg_len;
	int suite_test = d->culprit >= 0 ? classify_library_suite_test(d, tb, &pkg, &pkg_len) : -1;
	if (suite_test >= 0 && suite_test != d->culprit) {
		d->culprit = suite_test;
		const gg_tb_frame *f = &tb->frames[suite_test];
		if ((rc = gg_evidence_add(d, "a library's own test suite: the report's frames are its package's (%.*s) and its tests', so the code to change is the test, %s() at %s:%u",
					  (int)pkg_len, pkg, f->function, f->filename, f->line)))
			return rc;
	}
	/*
	 * Raised by the DataLoader's SIGCHLD handler (torch/utils/data's
	 * handler()): the signal interrupted whatever the main process ran (a
	 * forward, a print), so the frames above it are where it was when a
	 * worker died, not what failed. The worker's own code is not in the paste.
	 * Unless it was waiting for a batch (the DataLoader's own frames above
	 * the handler): then the loop that asked for it is the line to look at.
	 */
	bool handler = d->culprit >= 0 && tb->len > 1 && strcmp(tb->frames[tb->len - 1].function, "handler") == 0 &&
		       classify_in_dataloader(&tb->frames[tb->len - 1]);
	for (size_t i = 0; handler && i + 1 < tb->len; i++)
		handler = !classify_in_dataloader(&tb->frames[i]);
	if (handler) {
		const gg_tb_frame *f = &tb->frames[d->culprit];
		/*
		 * Unless the main process was itself joining what it gathered
		 * (`feats = np.append(feats, batch, axis=0)` over the whole set):
		 * that grows with the data, and is the line to look at.
		 */
		bool gathering = d->frames[d->culprit].user && f->code &&
				 (classify_joins_gathered(f->code) || strstr(f->code, "np.append("));
		if ((rc = gg_evidence_add(d, "the DataLoader's signal handler raised it, interrupting the main process in %s() at %s:%u%s%s: %s",
					  f->function, gg_tb_frame_file(f), f->line, f->code ? ": " : "", f->code ? f->code : "",
					  gathering ? "the main process was joining what it gathered over the data, which grows with the set and holds host memory the killed worker needed"
						    : "the failure is in a worker process, whose frames are not in the paste")))
			return rc;
		if (!gathering)
			d->culprit = -1;
	}
	/*
	 * After the loop: no model runs on the path and the user's line joins
	 * what was gathered over the whole set (torch.cat of a list of
	 * outputs). That is evaluation's aggregation, whatever autograd was.
	 */
	int aggregate = -1;
	if (boundary == tb->len && !backward && d->phase != GG_PHASE_TRAINING && d->phase != GG_PHASE_LOADING)
		for (size_t i = 0; i < tb->len; i++)
			if (d->frames[i].user && classify_joins_gathered(tb->frames[i].code))
				aggregate = (int)i;
	/*
	 * A module's forward on the path (printed without torch's call frames):
	 * a model runs, and a torch.cat in it joins its own pieces (a U-Net's
	 * skip connections), not what a loop gathered.
	 */
	for (size_t i = 0; aggregate >= 0 && i < tb->len; i++) {
		const char *fn = tb->frames[i].function, *dot = strrchr(fn, '.');
		if (gg_phase_is_forward(&tb->frames[i]) && strcmp(dot ? dot + 1 : fn, "__call__") != 0)
			aggregate = -1; /* not __call__: a predictor's may well gather */
	}
	/* The user's frames below the join: its argument was still being computed (a model's decode), not joined. */
	for (size_t i = aggregate >= 0 ? (size_t)aggregate + 1 : tb->len; i < tb->len; i++)
		if (d->frames[i].user)
			aggregate = -1;
	if (aggregate >= 0) {
		const gg_tb_frame *f = &tb->frames[aggregate];
		d->phase = GG_PHASE_EVALUATION;
		if ((rc = gg_evidence_add(d, "after the loop: no model runs on the path, and %s() at %s:%u joins what was gathered: %s",
					  f->function, gg_tb_frame_file(f), f->line, f->code)))
			return rc;
	}
	/*
	 * No model on the path and the failing line is the user's copy of a
	 * batch to the device: no forward ran, so no activations were kept,
	 * and autograd has nothing to do with it; the copy needs room for the
	 * batch itself, on a device something else already fills.
	 */
	d->transfer = tb->len && boundary == tb->len && !backward && !d->model_runs && d->frames[tb->len - 1].user &&
		      d->phase != GG_PHASE_LOADING && classify_moves_data(tb->frames[tb->len - 1].code);
	if (d->transfer) {
		const gg_tb_frame *f = &tb->frames[tb->len - 1];
		if ((rc = gg_evidence_add(d, "no model runs on the path: %s() at %s:%u copies data to the device (%s), the same with autograd on or off",
					  f->function, gg_tb_frame_file(f), f->line, f->code)))
			return rc;
	}
	d->entry = classify_entry(d, tb);

	/* volatile=True: the user meant to turn autograd off, and it did nothing. */
	if (facts->volatile_warning >= 0) {
		const gg_log_warning *w = &facts->warnings[facts->volatile_warning];
		if (d->grad_disabled != 1)
			d->grad_disabled = 0;
		if (d->phase == GG_PHASE_UNKNOWN)
			d->phase = GG_PHASE_EVALUATION;
		if ((rc = gg_evidence_add(d, "log line %llu: %s: %s (volatile=True has done nothing since PyTorch 0.4)",
					  (unsigned long long)w->at.line, w->category, w->message)))
			return rc;
	}

	if (ws && (rc = classify_path_grad(d, tb, ws, nb, analyzer)))
		return rc;
	if ((rc = classify_handler_grad(d)))
		return rc;
	if (tb->has_exception && tb->exc.message_above &&
	    (rc = gg_evidence_add(d, "the exception line (log line %llu) is cut short (to its type, or by the paste's end); its whole message is the line above the traceback (log line %llu)",
				  (unsigned long long)tb->exc.at.line, (unsigned long long)tb->exc.message_above)))
		return rc;

	if (d->culprit >= 0) {
		const gg_tb_frame *f = &tb->frames[d->culprit];
		const gg_dx_frame *x = &d->frames[d->culprit];
		if (x->res.path && x->res.stale && x->res.is_cell) {
			if (x->res.moved_to)
				rc = gg_evidence_add(d, "%s, cell %u has changed since this run: the printed line is now at line %u of the cell; the notebook was not used",
						     x->res.path, x->res.cell, x->res.moved_to);
			else
				rc = gg_evidence_add(d, "%s, cell %u has changed since this run (line %u no longer reads `%s`): the notebook was not used",
						     x->res.path, x->res.cell, f->line, f->code ? f->code : "");
			if (rc)
				return rc;
		} else if (x->res.path && x->res.stale) {
			if (x->res.moved_to)
				rc = gg_evidence_add(d, "%s has changed since this run: the printed line is now at line %u; the %s was not used",
						     x->res.path, x->res.moved_to, f->notebook ? "notebook" : "file");
			else
				rc = gg_evidence_add(d, "%s has changed since this run (line %u no longer reads `%s`): the %s was not used",
						     x->res.path, f->line, f->code ? f->code : "", f->notebook ? "notebook" : "file");
			if (rc)
				return rc;
		} else if (!x->res.path && x->res.ambiguous && f->notebook) {
			if ((rc = gg_evidence_add(d, "several notebook cells read `%s` at line %u: the frame was not resolved",
						  f->code ? f->code : "", f->line)))
				return rc;
		} else if (x->res.path && ws) {
			if (x->res.is_cell && (rc = gg_evidence_add(d, "%s is cell %u of %s (matched by its line %u)", f->filename,
								    x->res.cell, x->res.path, f->line)))
				return rc;
			if ((rc = classify_static(d, f, x, ws, nb, analyzer)))
				return rc;
			if (d->static_code && strcmp(d->static_code, "GG001") == 0 && d->grad_disabled != 1) {
				d->grad_disabled = 0;
				if (d->phase == GG_PHASE_UNKNOWN)
					d->phase = GG_PHASE_EVALUATION;
			}
		}
	}

	/* A serving engine's KV cache is sized once, at start-up: the message itself tells the phase. */
	if (d->oom.is_oom && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_KV_CACHE) == 0 && d->phase == GG_PHASE_UNKNOWN) {
		d->phase = GG_PHASE_LOADING;
		if ((rc = gg_evidence_add(d, "the message is a serving engine's start-up check of its KV cache (after loading the weights and a profiling run), before any request")))
			return rc;
	}

	/*
	 * TensorRT's logger speaks while it builds an engine or sets up its
	 * execution context: the weights and the builder's workspace are being
	 * placed, before any inference. Training never runs through it.
	 */
	if (d->oom.is_oom && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_TENSORRT) == 0 && d->phase == GG_PHASE_UNKNOWN) {
		d->phase = GG_PHASE_LOADING;
		if ((rc = gg_evidence_add(d, "the message is TensorRT's logger: a request made while building an engine or its execution context, before it ran")))
			return rc;
	}

	/* NCCL's warnings: which local ranks hit it; all at once, no one of them first. */
	if (d->oom.is_oom && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_NCCL) == 0 && facts->nccl_oom_ranks) {
		gg_buf ranks = { 0 };
		unsigned count = 0;
		for (int r = 0; r < 64 && rc == 0; r++)
			if (facts->nccl_oom_ranks & (1ull << r)) {
				rc = gg_buf_printf(&ranks, "%s%d", ranks.len ? ", " : "", r);
				count++;
			}
		if (rc == 0)
			rc = gg_evidence_add(d, "NCCL's own CUDA check failed with error 2 (cudaErrorMemoryAllocation) on local rank%s %s (%u line%s): %s",
					     count > 1 ? "s" : "", gg_buf_cstr(&ranks), facts->nccl_oom_lines, facts->nccl_oom_lines > 1 ? "s" : "",
					     count > 1 ? "each rank logs it as it finds the device full, so no one of them is the first" : "that rank's device was full when NCCL set up its buffers");
		gg_buf_free(&ranks);
		if (rc)
			return rc;
		/* NCCL's proxy named the global rank it failed for; else one local rank alone logged it: that one's device was full. */
		if (facts->nccl_proxy_rank1 && d->rank < 0) {
			d->rank = d->chain->rank = facts->nccl_proxy_rank1 - 1;
			rc = gg_evidence_add(d, "NCCL's proxy failed an operation for rank %d: the rank whose device was full (its warnings' [N] tag is a local device, not the rank)",
					     d->rank);
			if (rc)
				return rc;
		}
		if (count == 1 && d->rank < 0)
			for (int r = 0; r < 64; r++)
				if (facts->nccl_oom_ranks & (1ull << r))
					d->rank = d->chain->rank = r;
	}

	/* A serving engine's memory: relayed by a client (this script made a request), or at the engine's start. */
	d->serving = GG_SERVING_NONE;
	const char *start = d->oom.is_oom ? classify_serving_start(d, tb, facts) : NULL;
	if (d->oom.is_oom && classify_relayed(d, tb)) {
		d->serving = GG_SERVING_RELAYED;
		d->culprit = d->entry = -1;
		d->phase = GG_PHASE_EVALUATION; /* the server's inference */
		if ((rc = !d->chain->relayed_json
				  ? gg_evidence_add(d, "%s is a client library's exception carrying the server's message: the memory ran out in the server's process, whose grad mode and batch these frames do not show; the script only sent a request",
						    tb->exc.type)
				  : gg_evidence_add(d, "log line %llu prints a server's JSON response whose text carries the memory error: it ran out in the server's process, not in the one that printed it",
						    (unsigned long long)tb->exc.at.line)))
			return rc;
	} else if (engine && !start) {
		d->serving = GG_SERVING_ANSWERING;
	} else if (start && d->phase != GG_PHASE_TRAINING) {
		d->serving = GG_SERVING_START;
		d->phase = GG_PHASE_LOADING;
		if ((rc = gg_evidence_add(d, "%s", start)))
			return rc;
		if (facts->startup_method && (rc = gg_evidence_add(d, "log line %llu: the runtime reports a worker's exception while processing %s()",
								   (unsigned long long)facts->startup_method_line, facts->startup_method)))
			return rc;
	}

	/* The kind. */
	if (gg_classify_worker_exit_cut(d)) {
		d->kind = GG_DX_INCOMPLETE;
		d->confidence = GG_CONFIDENCE_LOW;
		return gg_evidence_add(d, "log line %llu: a DataLoader worker died without a Python error, and the error this was raised from (the signal that ended the worker) is not in the paste",
				       (unsigned long long)tb->exc.at.line);
	}
	if (!d->oom.is_oom && d->chain->original_cut) {
		d->kind = GG_DX_INCOMPLETE;
		d->confidence = GG_CONFIDENCE_LOW;
		return gg_evidence_add(d, "log line %llu reraises another thread's or process's error (%s), and the paste stops inside that original traceback, before its exception line",
				       (unsigned long long)tb->exc.at.line, tb->exc.message);
	}
	/* torchrun's summary cut before its "Root Cause" section: the worker's failure is not in the paste. */
	if (!d->oom.is_oom && tb->has_exception && strstr(tb->exc.type, "ChildFailedError") && facts->root_rank < 0) {
		d->kind = GG_DX_INCOMPLETE;
		d->confidence = GG_CONFIDENCE_LOW;
		return gg_evidence_add(d, "torchrun's failure summary (log line %llu) ends before its \"Root Cause\" section: what the worker raised is not in the paste",
				       (unsigned long long)tb->exc.at.line);
	}
	/*
	 * An out-of-memory type and its colon with nothing after, ending the
	 * paste: Python prints the colon only before a message, so the message
	 * (its device, its figures) was cut: incomplete, never a confident OOM.
	 */
	if (d->oom.is_oom && tb->has_exception && tb->exc.colon_only && !tb->exc.message[0] &&
	    tb->exc.at.line >= facts->last_text_line) {
		d->kind = GG_DX_INCOMPLETE;
		d->confidence = GG_CONFIDENCE_LOW;
		d->oom.is_oom = false; /* as a message cut inside its words: no exit status of an OOM found */
		return gg_evidence_add(d, "the exception line ends the paste at its colon (log line %llu: %s:): the message after it, with the device and the figures, is cut",
				       (unsigned long long)tb->exc.at.line, tb->exc.type);
	}
	/*
	 * The allocator's message cut inside its request ("... out of memory.
	 * Tried to a"), ending the paste: its exception line is there, and says
	 * an OOM on its device, so it is one (the contract's incomplete is a
	 * paste cut before that line); its figures are cut, so the cause is
	 * what the frames show or unknown.
	 */
	if (d->oom.is_oom && tb->has_exception && tb->exc.at.line >= facts->last_text_line && d->oom.tried <= 0 &&
	    d->oom.total <= 0 && gg_classify_cut_in_request(tb->exc.message)) {
		if ((rc = gg_evidence_add(d, "the out-of-memory message ends the paste cut inside its request (log line %llu): the figures after it (the size asked, what was free and held) are cut, so what filled the device cannot be told",
					  (unsigned long long)tb->exc.at.line)))
			return rc;
	}
	/*
	 * Cut later, inside its figures ("(GPU 0; 8.00 GiB total capacity; ...
	 * 6.83 GiB rese"): an OOM with the figures read so far; the rest
	 * (PyTorch's reserved memory, the allocator's advice) is said missing.
	 */
	const char *figs = d->oom.is_oom && tb->has_exception && tb->exc.at.line >= facts->last_text_line
				   ? strstr(tb->exc.message, "(GPU ")
				   : NULL;
	if (figs && !strchr(figs, ')') &&
	    (rc = gg_evidence_add(d, "the out-of-memory message ends the paste cut inside its figures (log line %llu): the figures after the cut are missing, and the cause is read from those before it",
				  (unsigned long long)tb->exc.at.line)))
		return rc;
	if (!d->oom.is_oom) {
		/* A paste cut short says nothing of what failed: never "not an OOM" then. */
		if (!tb->has_exception) {
			d->kind = GG_DX_INCOMPLETE;
			d->confidence = GG_CONFIDENCE_LOW;
			/* The device's own assertion above the cut frames: the failure was on a CUDA device. */
			if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && gg_explain_assert_above(d, facts)) {
				d->oom.device = GG_OOM_DEVICE_CUDA;
				if ((rc = gg_evidence_add(d, "log line %llu, just above the traceback, is a CUDA kernel's device-side assertion (`%s`)",
							  (unsigned long long)facts->device_assert_line, facts->device_assert)))
					return rc;
			}
			/*
			 * The innermost user line puts its work on a CUDA device by
			 * name ('map_location="cuda:"+str(rank)', '.to("cuda")',
			 * '.cuda('): what it was doing ran there, whatever it raised.
			 */
			for (size_t i = tb->len; d->oom.device == GG_OOM_DEVICE_UNKNOWN && i-- > 0;) {
				const char *c = tb->frames[i].code;
				if (!d->frames[i].user)
					continue;
				if (c && (strstr(c, "\"cuda") || strstr(c, "'cuda") || strstr(c, ".cuda("))) {
					d->oom.device = GG_OOM_DEVICE_CUDA;
					if ((rc = gg_evidence_add(d, "the frame %s() at %s:%u puts its work on a CUDA device (`%s`)", tb->frames[i].function,
								  gg_tb_frame_file(&tb->frames[i]), tb->frames[i].line, c)))
						return rc;
				}
				break;
			}
			/*
			 * The run's own report of its device ("Device: cuda:0",
			 * "using device: cuda"), or CUDA's own check failing in it
			 * (THCudaCheck): the cut failure was on that device.
			 */
			if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && facts->said_device) {
				d->oom.device = (gg_oom_device)facts->said_device;
				if ((rc = gg_evidence_add(d, "the run reported its device (%s) before it failed", gg_oom_device_name(d->oom.device))))
					return rc;
			} else if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && facts->thc_check) {
				d->oom.device = GG_OOM_DEVICE_CUDA;
				if ((rc = gg_evidence_add(d, "a THCudaCheck line, CUDA's own check in PyTorch, is in the run's output: the run was on a CUDA device")))
					return rc;
			}
			/* The reporter's sentence above the cut frames names the error: its device, not its kind. */
			for (size_t i = 0; i < facts->orphans_len && d->chain->prose_above; i++) {
				const gg_log_orphan *o = &facts->orphans[i];
				gg_oom_info said;
				if (o->at.line != d->chain->prose_above)
					continue;
				if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && gg_oom_match_text(o->text, strlen(o->text), &said))
					d->oom.device = said.device;
				if ((rc = gg_evidence_add(d, "log line %llu, a sentence above the frames, says the run ran out of memory (\"%s\"), but the frames are cut before the exception line that would show it: its type and its figures are not in the paste",
							  (unsigned long long)o->at.line, o->text)))
					return rc;
			}
			const gg_tb_frame *last = tb->len ? &tb->frames[tb->len - 1] : NULL;
			if (d->chain->from_listing)
				rc = gg_evidence_add(d, "log lines up to %llu are XLA's listing of a compiled program's largest allocations (%u of its fields read), printed only under its out-of-memory error, which the paste does not hold",
						     (unsigned long long)tb->at.line, facts->xla_listing_fields);
			else if (d->chain->from_cut)
				rc = gg_evidence_add(d, "log line %llu, the paste's last, is %s cut short (%s), and no error line comes before it: what stopped the run is below where the paste ends",
						     (unsigned long long)tb->at.line, facts->last_exc_cut ? "an exception line" : "a run's output",
						     gg_logfacts_run_cut(facts));
			else if (d->chain->from_stop && !facts->stopped_line && !facts->killing_line)
				rc = gg_evidence_add(d, "log line %llu: mpirun aborted the job because a process exited with a non-zero code; that process's error is not in the paste",
						     (unsigned long long)tb->at.line);
			else if (d->chain->from_stop && !facts->stopped_line)
				rc = gg_evidence_add(d, "log line %llu: DeepSpeed's launcher is killing its processes, which it does after one of them exited with an error; that process's error and the launcher's return code are not in the paste",
						     (unsigned long long)tb->at.line);
			else if (d->chain->from_stop)
				rc = gg_evidence_add(d, "log line %llu: torchrun's agent is stopping its workers (SIGTERM), which it does after one of them failed; that worker's error and the agent's \"failed (exitcode: N)\" line are not in the paste",
						     (unsigned long long)tb->at.line);
			else if (d->chain->from_launcher)
				rc = gg_evidence_add(d, "log line %llu: %s says %s %d failed with exit code %ld; the error it raised is not in the paste",
						     (unsigned long long)tb->at.line, facts->mpirun_first_line ? "mpirun" : "torchrun's agent",
						     facts->mpirun_first_line ? "rank" : "local rank", d->chain->rank, facts->launcher_exitcode);
			else if (d->chain->from_worker_crash)
				rc = gg_evidence_add(d, "log line %llu: pytest-xdist says a test worker died without a Python error%s%s%s (%d such report%s): a native crash or a kill, whose signal is not in the paste",
						     (unsigned long long)tb->at.line, facts->worker_crash_test ? " while running `" : "",
						     facts->worker_crash_test ? facts->worker_crash_test : "", facts->worker_crash_test ? "`" : "",
						     facts->worker_crashes, facts->worker_crashes == 1 ? "" : "s");
			else if (d->chain->from_summary && !last && d->chain->rank < 0) {
				gg_buf ranks = { 0 };
				for (int r = 0; r < 64 && rc == 0; r++)
					if (facts->failures_ranks & (1ull << r))
						rc = gg_buf_printf(&ranks, "%s%d", ranks.len ? ", " : "", r);
				if (rc == 0)
					rc = gg_evidence_add(d, "torchrun's failure summary (ending at log line %llu) is cut before its root cause's rank%s%s%s",
							     (unsigned long long)tb->at.line, ranks.len ? "; its \"Failures:\" list names rank " : "",
							     ranks.len ? gg_buf_cstr(&ranks) : "", ranks.len ? ", which failed besides the first" : "");
				gg_buf_free(&ranks);
			} else if (d->chain->from_summary && !last)
				rc = gg_evidence_add(d, "torchrun's failure summary names rank %d as the first to fail (exit code %ld), but its traceback is not in the paste",
						     d->chain->rank, facts->root_exitcode);
			else if (last && last->line == 0)
				/* A notebook frame cut before its arrow line: where in the file is not in the paste. */
				rc = gg_evidence_add(d, "the traceback stops after its frame %s() in %s (log line %llu), before the exception line",
						     last->function[0] ? last->function : "<module>", gg_tb_frame_file(last),
						     (unsigned long long)last->at.line);
			else if (last)
				rc = gg_evidence_add(d, "the traceback stops after its frame %s%s at %s:%u (log line %llu), before the exception line",
						     last->function[0] ? last->function : "(cut before its function's name)", last->function[0] ? "()" : "",
						     gg_tb_frame_file(last), last->line,
						     (unsigned long long)last->at.line);
			else
				rc = gg_evidence_add(d, "the traceback's header (log line %llu) is all there is of it",
						     (unsigned long long)tb->at.line);
			/* The last frame was raising: its source line says what the cut exception line would have shown. */
			if (rc == 0 && last && last->code && strncmp(last->code, "raise ", 6) == 0) {
				gg_oom_info raised;
				bool oom = gg_oom_match_text(last->code, strlen(last->code), &raised);
				rc = gg_evidence_add(d, "that frame was raising the error (`%s`)%s", last->code,
						     oom ? ": an out-of-memory error, by its words; the rest of its message and its figures are cut" : "");
			}
			return rc;
		}
		bool tag_only = tb->exc.at.line >= facts->last_text_line && classify_tag_only(tb->exc.message);
		if (tb->exc.at.line >= facts->last_text_line && !classify_bare_whole(&tb->exc) &&
		    (tag_only || gg_oom_cut_short(tb->exc.message, strlen(tb->exc.message)))) {
			d->kind = GG_DX_INCOMPLETE;
			d->confidence = GG_CONFIDENCE_LOW;
			/* PyTorch's CUDA library or NCCL in the C++ frames above it: the thread that threw ran on a CUDA device. */
			if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && facts->cuda_cpp_frames) {
				d->oom.device = GG_OOM_DEVICE_CUDA;
				if ((rc = gg_evidence_add(d, "the C++ frames above it are in PyTorch's CUDA library or NCCL's process group: the failure was on a CUDA device")))
					return rc;
			}
			/* The fragment that is left opens with the device's runtime ("CUDA ou", "CUDA error: an ill"). */
			if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && !tag_only && gg_text_starts(tb->exc.message, strlen(tb->exc.message), "CUDA"))
				d->oom.device = GG_OOM_DEVICE_CUDA;
			if (tag_only)
				return gg_evidence_add(d, "the exception message ends the paste after its process group's tag (log line %llu: %s: %s): what failed (a CUDA error, a timeout, a memory error) is cut",
						       (unsigned long long)tb->exc.at.line, tb->exc.type, tb->exc.message);
			return gg_evidence_add(d, "the exception message ends the paste unfinished (log line %llu: %s%s%s)",
					       (unsigned long long)tb->exc.at.line, tb->exc.type, tb->exc.message[0] ? ": " : "",
					       tb->exc.message);
		}
		/*
		 * c10's location line ("Exception raised from X at file:line
		 * (most recent call first):") over its C++ frames, and nothing
		 * of the error's own words above it: that line follows every
		 * error c10 checks (a CUDA check prints it under `CUDA error: out
		 * of memory` as under any other), so the error's name is cut.
		 * The watchdog's own check (checkTimeout, its watchdog loop) says
		 * what it is and stays read.
		 */
		if (!tb->len && !tb->exc.type[0] && classify_location_only(tb->exc.message)) {
			d->kind = GG_DX_INCOMPLETE;
			d->confidence = GG_CONFIDENCE_LOW;
			bool cuda = strstr(tb->exc.message, "cuda") || strstr(tb->exc.message, "CUDA") || facts->cuda_cpp_frames;
			if (cuda && d->oom.device == GG_OOM_DEVICE_UNKNOWN)
				d->oom.device = GG_OOM_DEVICE_CUDA;
			return gg_evidence_add(d, "log line %llu is c10's location line under an error (%s), printed after every error it checks, out-of-memory included; the error's own line above it (`what():`, `CUDA error: ...`) is not in the paste",
					       (unsigned long long)tb->exc.at.line, cuda ? "a CUDA check: the failure was on a CUDA device" : "its C++ frames below");
		}
		/*
		 * A launcher's CalledProcessError for the child it ran, its own
		 * frames only: the child's exit status is what the paste says of
		 * the failure. 1 to 255 is the child's own error (a Python
		 * exception, an OOM among them), printed above and not pasted
		 * when nothing else is: incomplete. A Windows NTSTATUS
		 * (0xC0000005 and its kin) is a native crash whose own output
		 * is unseen too: incomplete as well, never not-oom, since an
		 * access violation under a large model is often the host's
		 * memory (the page file) running out; said at low.
		 */
		long status = tb->has_exception ? classify_child_status(d, tb) : 0;
		/* Cut before the status, and the child's own last words (its argument parser's refusal) not above it either. */
		if (status == CHILD_STATUS_CUT && d->only && !facts->argparse_text) {
			d->kind = GG_DX_INCOMPLETE;
			d->confidence = GG_CONFIDENCE_LOW;
			return gg_evidence_add(d, "log line %llu: the launcher's CalledProcessError is cut inside the child's command, before its exit status, and the child's own error is not in the paste",
					       (unsigned long long)tb->exc.at.line);
		}
		if (status > 0 && status < 256 && d->only) {
			d->kind = GG_DX_INCOMPLETE;
			d->confidence = GG_CONFIDENCE_LOW;
			return gg_evidence_add(d, "log line %llu: the launcher's child exited with status %ld, its own error printed above the launcher's traceback, and the paste has none of it",
					       (unsigned long long)tb->exc.at.line, status);
		}
		if (status >= 0xC0000000L && d->only) {
			d->kind = GG_DX_INCOMPLETE;
			d->confidence = GG_CONFIDENCE_LOW;
			return gg_evidence_add(d, "log line %llu: the launcher's child exited with status %ld (0x%lX), a Windows NTSTATUS: the child crashed in native code, and its own output, above the launcher's traceback, is not in the paste",
					       (unsigned long long)tb->exc.at.line, status, (unsigned long)status);
		}
		if (status >= 0xC0000000L) {
			d->kind = GG_DX_NOT_OOM;
			d->confidence = GG_CONFIDENCE_LOW;
			return gg_evidence_add(d, "log line %llu: the launcher's child exited with status %ld (0x%lX), a Windows NTSTATUS: the process crashed in native code, and its own output is not in the paste",
					       (unsigned long long)tb->exc.at.line, status, (unsigned long)status);
		}
		d->kind = GG_DX_NOT_OOM;
		d->confidence = GG_CONFIDENCE_HIGH;
		/* No memory error, but the device it happened on, where the message names CUDA's runtime or libraries. */
		if (tb->has_exception && d->oom.device == GG_OOM_DEVICE_UNKNOWN &&
		    (strstr(tb->exc.detail, "CUDA error") || strstr(tb->exc.detail, "cuDNN error") || strstr(tb->exc.detail, "CUDNN_STATUS_") ||
		     strstr(tb->exc.detail, "CUBLAS_STATUS_") || strstr(tb->exc.detail, "CUDA driver error") ||
		     /* The THC era's lowercase form with its error number: "cuda runtime error (59) : device-side assert ...". */
		     strstr(tb->exc.detail, "cuda runtime error (") || strstr(tb->exc.detail, "THCudaCheck FAIL") ||
		     gg_text_find_ci(tb->exc.detail, strlen(tb->exc.detail), "cuda graph") ||
		     /* NCCL runs on CUDA devices only: its watchdog's and communicators' errors name the device kind. */
		     strstr(tb->exc.detail, "NCCL") ||
		     /* The runtime's own error names (cudaErrorAssert, cudaErrorIllegalAddress), as thrust and extensions print them. */
		     strstr(tb->exc.type, "cudaError") || strstr(tb->exc.detail, "cudaError") ||
		     /* The driver API's status type, as an extension's own check prints it. */
		     strstr(tb->exc.detail, "CUresult error") ||
		     /* cudaErrorIllegalAddress's own text, printed bare before the "CUDA error:" prefix (2017's 0.x). */
		     (strstr(tb->exc.detail, "an illegal memory access was encountered") && !strstr(tb->exc.detail, "HIP"))))
			d->oom.device = GG_OOM_DEVICE_CUDA;
		/* The run's own word for its device (a framework's assertion naming Metal, "Using device: mps"). */
		if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && facts->said_device)
			d->oom.device = (gg_oom_device)facts->said_device;
		/* ROCm's runtime (HSA) names its own status: the device is an AMD GPU. */
		if (tb->has_exception && d->oom.device == GG_OOM_DEVICE_UNKNOWN &&
		    (strstr(tb->exc.detail, "HSA_STATUS_ERROR_") || strstr(tb->exc.detail, "HIP error: ")))
			d->oom.device = GG_OOM_DEVICE_HIP;
		/* Apple's backend named by the message ("... not been allocated on MPS device!", "MPS backend"). */
		if (tb->has_exception && d->oom.device == GG_OOM_DEVICE_UNKNOWN &&
		    (strstr(tb->exc.detail, "MPS device") || strstr(tb->exc.detail, "MPS backend") || strstr(tb->exc.detail, "mps:0")))
			d->oom.device = GG_OOM_DEVICE_MPS;
		if (tb->has_exception && strstr(tb->exc.detail, "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION") &&
		    (rc = gg_evidence_add(d, "log line %llu: ROCm's runtime aborted a queue because a kernel accessed an address outside any mapping of the GPU (an aperture violation): a bad address, as CUDA's illegal memory access, not memory running out",
					  (unsigned long long)tb->exc.at.line)))
			return rc;
		/*
		 * Raised inside torch's own XPU module (torch/xpu/memory.py from a
		 * `torch.xpu.*` call): the device is Intel's GPU, though the message
		 * may name only the product.
		 */
		for (size_t i = tb->len; d->oom.device == GG_OOM_DEVICE_UNKNOWN && i-- > 0;)
			if (strstr(tb->frames[i].filename, "/torch/xpu/") || strstr(tb->frames[i].filename, "\\torch\\xpu\\")) {
				d->oom.device = GG_OOM_DEVICE_XPU;
				d->oom.device_index = -1;
			}
		/* Intel's per-allocation limit: the device is Intel's GPU, and nothing else in the message says so. */
		if (tb->has_exception && gg_oom_block_limit(tb->exc.detail, strlen(tb->exc.detail))) {
			d->oom.device = GG_OOM_DEVICE_XPU;
			d->oom.device_index = -1;
			d->confidence = GG_CONFIDENCE_MEDIUM;
			if ((rc = gg_evidence_add(d, "log line %llu: the runtime refused one allocation for its size alone, over Intel's GPU runtime's limit on a single block, not for want of free memory",
						  (unsigned long long)tb->exc.at.line)))
				return rc;
		}
		if (tb->has_exception && (rc = classify_aoti_alloc(d, tb)))
			return rc < 0 ? rc : 0;
		/*
		 * A CUDA library that could not start is memory as often as not
		 * (its handle finds the device full): no verdict at high
		 * confidence, least of all from one line.
		 */
		const char *lib = tb->has_exception ? gg_oom_handle_init_failed(tb->exc.detail, strlen(tb->exc.detail)) : NULL;
		if (lib) {
			/* Library frames alone (a logger's last frame) place it no better than the line. */
			bool user = false;
			for (size_t i = 0; i < tb->len && !user; i++)
				user = d->frames[i].user;
			d->confidence = user ? GG_CONFIDENCE_MEDIUM : GG_CONFIDENCE_LOW;
			if ((rc = gg_evidence_add(d, "%s could not initialise: no out-of-memory status, but most often it found no memory left for its handle and workspace on a device already full; else a driver, CUDA or library mismatch",
						  lib)))
				return rc;
		}
		/* Autograd's anomaly check names the backward function that made a NaN: a backward pass. */
		if (tb->has_exception && strstr(tb->exc.message, "returned nan values") && strstr(tb->exc.message, "Backward") &&
		    d->phase == GG_PHASE_UNKNOWN) {
			d->phase = GG_PHASE_TRAINING;
			if ((rc = gg_evidence_add(d, "autograd's anomaly detection names a backward function that returned NaN: a backward pass, training")))
				return rc;
		}
		/*
		 * A terminate line whose what() the paste does not show: the
		 * type alone, or with c10's warning above it as its message, is
		 * less than the error's own words (a CUDAError may be memory).
		 */
		if (d->chain->abort_unsaid) {
			bool warned = tb->exc.message[0] != '\0';
			d->confidence = warned ? GG_CONFIDENCE_MEDIUM : GG_CONFIDENCE_LOW;
			if ((rc = warned ? gg_evidence_add(d, "log line %llu: the process aborted on an uncaught %s whose what() line is not in the paste; its message is taken from CUDA's warning right above it",
							  (unsigned long long)tb->exc.at.line, tb->exc.type)
					 : gg_evidence_add(d, "log line %llu: the process aborted on an uncaught %s whose what() line, its message, is not in the paste",
							  (unsigned long long)tb->exc.at.line, tb->exc.type)))
				return rc;
		}
		/* A logger's record of what was caught, over frames cut before their own line: its words, not the exception's. */
		if (d->chain->logged_above) {
			d->confidence = GG_CONFIDENCE_LOW;
			if ((rc = gg_evidence_add(d, "log line %llu, a logger's ERROR record right above the traceback's header, carries the failure's message; the traceback is cut before its own exception line: the message names %s",
						  (unsigned long long)tb->exc.at.line,
						  facts->shm ? "shared memory (/dev/shm), not memory a model or a batch fills" : "no memory error")))
				return rc;
		}
		/* The line pasted apart from its cut frames: its own, most likely, but the paste does not join them. */
		if (d->chain->lone_above) {
			d->confidence = GG_CONFIDENCE_MEDIUM;
			if ((rc = gg_evidence_add(d, "log line %llu, pasted above the traceback cut before its own exception line, is taken as that traceback's exception: its message names no memory error",
						  (unsigned long long)tb->exc.at.line)))
				return rc;
		}
		/*
		 * torch.load's refusal to restore CUDA tensors where CUDA is not
		 * available: a checkpoint being loaded, on a machine without CUDA.
		 */
		if (tb->has_exception && strstr(tb->exc.detail, "deserialize object on a CUDA device") && d->phase == GG_PHASE_UNKNOWN) {
			d->phase = GG_PHASE_LOADING;
			if ((rc = gg_evidence_add(d, "torch.load restores tensors saved on CUDA and this machine's PyTorch has no CUDA device: a checkpoint being loaded")))
				return rc;
		}
		/*
		 * Triton's "out of resource" names its own limit and figures
		 * (shared memory per multiprocessor): the message decides, with
		 * frames or without.
		 */
		if (facts->out_of_resource || (tb->has_exception && gg_oom_out_of_resource(tb->exc.type, tb->exc.detail, strlen(tb->exc.detail)))) {
			/* Triton compiles for a GPU: CUDA's, where nothing in the paste names ROCm (whose LDS gives the same words). */
			if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && !classify_rocm(tb, facts))
				d->oom.device = GG_OOM_DEVICE_CUDA;
			d->confidence = GG_CONFIDENCE_HIGH;
			if (d->chain->resource_log && facts->resource_autotune) {
				/* Autotuning drops the choice and goes on with the others: a logged refusal, maybe no failure at all. */
				d->confidence = GG_CONFIDENCE_MEDIUM;
				if ((rc = gg_evidence_add(d, "log line %llu: Inductor's autotuning logs Triton's resource check for one benchmark choice (a kernel configuration needing more shared memory per block than the GPU has) and drops that choice; the run may go on with the others",
							  (unsigned long long)facts->resource_at.line)))
					return rc;
			}
			return gg_evidence_add(d, "Triton's \"out of resource\" (a kernel's shared memory per multiprocessor against the GPU's limit, found when it is compiled): no memory error, whatever else the paste shows");
		}
		/*
		 * A shell's job line naming a crash's signal, nothing else: the
		 * process died of it. SIGBUS and SIGSEGV are native crashes (a
		 * memory-mapped file cut short or changed under the process,
		 * /dev/shm too small, a driver or an extension's fault), not the
		 * OOM killer, whose signal is SIGKILL. The device is the one the
		 * run said it used, if it did.
		 */
		if (d->chain->job_signal) {
			d->confidence = GG_CONFIDENCE_HIGH;
			if (d->oom.device == GG_OOM_DEVICE_UNKNOWN && facts->said_device)
				d->oom.device = (gg_oom_device)facts->said_device;
			/* The run's last announcement, right above, was of what it read: it crashed reading it. */
			if (facts->load_note_line && facts->load_note_line + 1 == tb->exc.at.line) {
				d->phase = GG_PHASE_LOADING;
				if ((rc = gg_evidence_add(d, "log line %llu, right above, announces what the run reads next: it crashed while loading",
							  (unsigned long long)facts->load_note_line)))
					return rc;
			}
			return gg_evidence_add(d, "log line %llu: %s reports the process ended by a signal (%s), a crash in native code, not the kernel's OOM killer, which sends SIGKILL (\"killed\")",
					       (unsigned long long)tb->exc.at.line, d->chain->rank >= 0 ? "the launcher" : "the shell", facts->job_signal);
		}
		/* torch's shared-memory files refused beside the process's open-file limit. */
		if (d->chain->open_files) {
			d->confidence = GG_CONFIDENCE_MEDIUM;
			return gg_evidence_add(d, "log line %llu says \"Too many open files\": the DataLoader's workers pass each batch as shared-memory files (torch's file_descriptor sharing strategy), one descriptor each, and the process reached its limit; the mmap refusal beside it comes from that, not from the host's RAM",
					       (unsigned long long)facts->open_files_at.line);
		}
		/* A SIGKILL right under a debugger's prompt: the run was stopped from the debugger or the IDE. */
		if (d->chain->debugger_stop) {
			d->confidence = GG_CONFIDENCE_MEDIUM;
			return gg_evidence_add(d, "log line %llu is a debugger's prompt, the program paused there, and the SIGKILL comes right after it: an IDE's stop button ends a run with SIGKILL (exit code 137); the kernel's OOM killer does not wait on a prompt",
					       (unsigned long long)facts->debugger_prompt_line);
		}
		/* The launcher's agent stopped by a signal from outside: a scheduler's SIGTERM may follow a job's memory limit too. */
		if (d->chain->agent_signal) {
			d->confidence = facts->agent_signal == 15 ? GG_CONFIDENCE_MEDIUM : GG_CONFIDENCE_HIGH;
			return gg_evidence_add(d, "log line %llu: the launcher's agent says it received signal %d and is shutting its workers down; no worker failed before it, and the agent was not killed for memory (the kernel's kill is SIGKILL, which no process is told of)",
					       (unsigned long long)tb->exc.at.line, facts->agent_signal);
		}
		/* The device's assertion lines alone: a CUDA kernel failed, the host's exception line is not pasted. */
		if (d->chain->device_assert) {
			d->oom.device = GG_OOM_DEVICE_CUDA;
			d->confidence = GG_CONFIDENCE_MEDIUM;
			return gg_evidence_add(d, "log line %llu is a CUDA kernel's device-side assertion (`%s`), pasted without the host's exception: the kernel's own failure, no memory error",
					       (unsigned long long)tb->exc.at.line, facts->device_assert);
		}
		/* One line, no frames around it: what it says is all there is, and it is no memory error. */
		if (d->chain->lone) {
			d->confidence = GG_CONFIDENCE_LOW;
			return gg_evidence_add(d, "log line %llu is an exception pasted alone, without its traceback: its message names no memory error",
					       (unsigned long long)tb->exc.at.line);
		}
		return 0;
	}
	bool jax = classify_is_jax(tb);
	bool nothing_off = false; /* said once the kind is final: a cause may yet make autograd beside the point */
	d->jax = jax;
	if (d->phase == GG_PHASE_EVALUATION && jax) {
		/* JAX has no autograd mode to leave on: gradients are only taken where jax.grad is called. */
		d->kind = GG_DX_OOM_EVAL;
		d->confidence = GG_CONFIDENCE_MEDIUM;
		if ((rc = gg_evidence_add(d, "JAX (%s): it keeps no graph for a backward pass unless jax.grad is called, so PyTorch's no_grad question does not apply",
					  tb->has_exception && tb->exc.type[0] ? tb->exc.type : "its frames")))
			return rc;
	} else if (d->serving == GG_SERVING_RELAYED) {
		/* The server's memory: no verdict on grad along a client's frames. */
		d->kind = GG_DX_OOM;
		d->confidence = GG_CONFIDENCE_MEDIUM;
	} else if (d->phase == GG_PHASE_EVALUATION) {
		d->kind = d->grad_disabled == 1 ? GG_DX_OOM_EVAL : GG_DX_OOM_EVAL_NO_GRAD;
		bool confirmed = d->grad_disabled == 0;
		/*
		 * Unknown grad state stays low: a `with torch.no_grad():` block
		 * leaves no frame, so a path without a grad-off frame proves
		 * nothing until the source is read (the culprit resolved in the
		 * workspace, its path's with-blocks seen) or a flag is found.
		 */
		bool read = d->grad_controlled || (d->culprit >= 0 && d->frames[d->culprit].res.path);
		d->confidence = confirmed || d->grad_disabled == 1 ? GG_CONFIDENCE_HIGH : read ? GG_CONFIDENCE_MEDIUM : GG_CONFIDENCE_LOW;
		nothing_off = !confirmed && d->grad_disabled == -1 && aggregate < 0 && !d->grad_controlled;
		/*
		 * The traceback ends at the user's call into another function
		 * (an evaluator's `evaluate(...)`) and the paste cuts the rest,
		 * its exception line missing or joined from a line above it:
		 * a no_grad inside it would not show, so the missing no_grad is
		 * only a suspicion.
		 */
		d->callee_cut = d->grad_disabled == -1 && !confirmed && d->culprit >= 0 && (size_t)d->culprit + 1 == tb->len &&
				(!tb->has_exception || tb->exc.at.line < tb->at.line) && tb->frames[d->culprit].code && strchr(tb->frames[d->culprit].code, '(');
		if (d->callee_cut) {
			d->confidence = GG_CONFIDENCE_LOW;
			nothing_off = false;
			if ((rc = gg_evidence_add(d, "the frames stop at the call %s at line %u and the paste cuts what it ran: whether autograd was off inside it does not show",
						  tb->frames[d->culprit].code, tb->frames[d->culprit].line)))
				return rc;
		}
	} else if (d->phase == GG_PHASE_TRAINING) {
		d->kind = GG_DX_OOM_TRAINING;
		d->confidence = backward ? GG_CONFIDENCE_HIGH : logged_phase || printed || loss_above ? GG_CONFIDENCE_LOW : GG_CONFIDENCE_MEDIUM;
	} else {
		d->kind = GG_DX_OOM;
		d->confidence = tb->len ? GG_CONFIDENCE_MEDIUM : GG_CONFIDENCE_LOW;
	}

	/* grad off only by what generate() usually does: no more than medium. */
	if (framework && strcmp(framework, GG_PHASE_GENERATE_CALL) == 0 && d->confidence == GG_CONFIDENCE_HIGH)
		d->confidence = GG_CONFIDENCE_MEDIUM;
	if ((rc = gg_cause_weigh(d, facts, framework)))
		return rc;
	/* One kernel's scratch read from the compiler's words: the cause is a reading of them, not of the allocator's numbers. */
	if (d->cause == GG_CAUSE_ONCHIP && d->confidence == GG_CONFIDENCE_HIGH)
		d->confidence = GG_CONFIDENCE_MEDIUM;
	/* cuDNN's "no valid algorithm" is a full device most often, a mismatched build sometimes: never more than medium. */
	if (d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_CUDNN_NO_ALGO) == 0 && d->confidence == GG_CONFIDENCE_HIGH) {
		d->confidence = GG_CONFIDENCE_MEDIUM;
		if ((rc = gg_evidence_add(d, "cuDNN found no convolution algorithm it could run: most often none could get its workspace on a full device, else the CUDA or cuDNN build does not match the card")))
			return rc;
	}
	if (facts->torch_version_refuted &&
	    (rc = gg_evidence_add(d, "the paste names PyTorch %s, but the message's path (aten/src/THC) is from 0.4 or later: that release is not the failing run's%s%s",
				  facts->torch_version_refuted, d->torch_version ? ", which is " : "", d->torch_version ? d->torch_version : "")))
		return rc;
	if (d->torch_version && (rc = gg_evidence_add(d, "the log shows PyTorch %s: the advice is for that version", d->torch_version)))
		return rc;
	/*
	 * Host memory (the paging file, the OOM killer): the phase does not
	 * change what to do. Not Windows' CPU allocator refusing a tensor: that
	 * request is the model's, and evaluation with autograd on still says so.
	 */
	if ((d->cause == GG_CAUSE_PAGING_FILE && strcmp(d->oom.form, GG_OOM_FORM_PAGING_FILE) == 0) || d->cause == GG_CAUSE_HOST_RAM)
		d->kind = GG_DX_OOM;
	/*
	 * A CUDA library that could not allocate its handle, made at its first
	 * call: the device was full before the step, or an earlier asynchronous
	 * CUDA error (an index out of range's device-side assert) surfaced at
	 * this call. Never high confidence.
	 */
	const char *lib = tb->has_exception ? gg_oom_handle_alloc_failed(d->oom.form, tb->exc.detail) : NULL;
	if (lib && d->kind != GG_DX_OOM) {
		if (d->confidence == GG_CONFIDENCE_HIGH)
			d->confidence = GG_CONFIDENCE_MEDIUM;
		if ((rc = gg_evidence_add(d, "%s creates its handle at its first call: an allocation status there says the device was full before this step, or reports an earlier asynchronous CUDA error late, most often a device-side assert from an index out of range (CUDA_LAUNCH_BLOCKING=1 tells which)",
					  lib)))
			return rc;
	}
	/*
	 * The allocator's numbers prove a cause no_grad would not remove (one
	 * request as large as the device, a device others hold): without
	 * evidence that autograd was on, that is not a missing no_grad.
	 */
	/* A host array keeps no graph: evaluation, but not a missing no_grad. */
	if (d->cause == GG_CAUSE_HOST_ARRAY && d->kind == GG_DX_OOM_EVAL_NO_GRAD)
		d->kind = GG_DX_OOM_EVAL;
	if ((aggregate >= 0 || d->transfer) && (d->kind == GG_DX_OOM_EVAL_NO_GRAD || d->kind == GG_DX_OOM_EVAL))
		d->kind = GG_DX_OOM_EVAL; /* no forward on the path: autograd is not what ran out */
	/* Evaluation read from the loop's prints alone: no frame shows a forward, so autograd is no finding. */
	if (eval_printed && d->kind == GG_DX_OOM_EVAL_NO_GRAD && d->grad_disabled == -1) {
		d->kind = GG_DX_OOM_EVAL;
		nothing_off = false;
		if ((rc = gg_evidence_add(d, "no frame is in the paste: whether a forward ran with autograd on it does not show")))
			return rc;
	}
	/* The user's own arithmetic after the model, one large request: a smaller piece, not no_grad, makes it fit. */
	if (d->own_arithmetic && d->kind == GG_DX_OOM_EVAL_NO_GRAD && d->grad_disabled == -1) {
		d->kind = GG_DX_OOM_EVAL;
		const gg_tb_frame *f = &tb->frames[tb->len - 1];
		if ((rc = gg_evidence_add(d, "no model runs on the path: %s() at %s:%u is the script's own arithmetic on tensors it already has, and its one request is the same with autograd on or off",
					  f->function, gg_tb_frame_file(f), f->line)))
			return rc;
	}
	/*
	 * No model on the path, and the request made in an autograd Function's
	 * own forward (`SomeFunction.apply(...)`, then its `forward`): a
	 * library's operation, which runs with autograd off inside by
	 * construction; no_grad around the call would not change what it asks.
	 */
	if (d->kind == GG_DX_OOM_EVAL_NO_GRAD && d->grad_disabled == -1 && !d->model_runs && tb->len >= 2) {
		const gg_tb_frame *in = &tb->frames[tb->len - 1], *up = &tb->frames[tb->len - 2];
		if (strcmp(in->function, "forward") == 0 && up->code && strstr(up->code, "Function.apply(") &&
		    gg_phase_is_library(in->filename)) {
			d->kind = GG_DX_OOM_EVAL;
			if ((rc = gg_evidence_add(d, "no model runs on the path: the request is made in an autograd Function's own forward (%s:%u), a library operation that runs with autograd off inside; no_grad around its call would not change it",
						  gg_tb_frame_file(in), in->line)))
				return rc;
		}
	}
	if (d->kind == GG_DX_OOM_EVAL_NO_GRAD && d->grad_disabled == -1 &&
	    (d->cause == GG_CAUSE_OVERSIZED || d->cause == GG_CAUSE_REFUSED ||
	     (d->cause == GG_CAUSE_OTHER_PROCESSES && !classify_own_share_large(d)) ||
	     /* MPS's cap filled outside the tensors, which hold under a quarter of it: the graph no_grad frees is tensors. */
	     (d->cause == GG_CAUSE_MPS_OTHER && d->oom.limit > 0 && d->oom.allocated >= 0 && d->oom.allocated < 0.25 * d->oom.limit))) {
		d->kind = GG_DX_OOM_EVAL;
		rc = gg_evidence_add(d, "whether autograd was off the paste does not show, and it does not matter here: %s",
				     d->cause_evidence);
	}
	if (!rc && nothing_off && d->kind == GG_DX_OOM_EVAL_NO_GRAD)
		rc = gg_evidence_add(d, "nothing on the path turns autograd off (no no_grad decorator, no framework evaluation loop)");
	return rc;
}
