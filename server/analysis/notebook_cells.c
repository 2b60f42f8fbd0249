/*
 * Notebooks as one Python text (notebook_cells.h). cJSON reads the values;
 * a structural scan of the same bytes (strings skipped whole, brackets
 * counted) finds where each cell's "source" value lies, which cJSON does
 * not keep, so that a fix can replace those bytes and nothing else. The
 * scan runs only on what cJSON accepted.
 */
#include "notebook_cells.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

#define JS_BAD ((size_t)-1)

bool gg_notebook_path_is(const char *path)
{
	size_t n = strlen(path);
	return n > 6 && strcmp(path + n - 6, ".ipynb") == 0;
}

void gg_notebook_free(gg_notebook *nb)
{
	free(nb->text);
	free(nb->cells);
	free(nb->masks);
	free(nb->masked_text);
	memset(nb, 0, sizeof *nb);
}

static size_t js_ws(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	return i;
}

/* The end of the string starting at s[i] == '"', or JS_BAD. */
static size_t js_string_end(const char *s, size_t n, size_t i)
{
	for (i++; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '"')
			return i + 1;
	}
	return JS_BAD;
}

/* The end of the value starting at s[i], or JS_BAD. Nesting is counted, not recursed. */
static size_t js_value_end(const char *s, size_t n, size_t i)
{
	if (i >= n)
		return JS_BAD;
	if (s[i] == '"')
		return js_string_end(s, n, i);
	if (s[i] != '{' && s[i] != '[') {
		while (i < n && !strchr(",]} \t\r\n", s[i]))
			i++;
		return i;
	}
	size_t depth = 0;
	while (i < n) {
		char c = s[i];
		if (c == '"') {
			if ((i = js_string_end(s, n, i)) == JS_BAD)
				return JS_BAD;
			continue;
		}
		if (c == '{' || c == '[')
			depth++;
		else if ((c == '}' || c == ']') && --depth == 0)
			return i + 1;
		i++;
	}
	return JS_BAD;
}

/*
 * The value of member key of the object at s[i] == '{': [*vs, *ve); of the
 * last such member when the key repeats, as Jupyter (Python's json) and
 * editors read it. Returns false when absent.
 */
static bool js_member(const char *s, size_t n, size_t i, const char *key, size_t *vs, size_t *ve)
{
	if (i >= n || s[i] != '{')
		return false;
	size_t kn = strlen(key);
	bool found = false;
	for (i = js_ws(s, n, i + 1); i < n && s[i] == '"';) {
		size_t ke = js_string_end(s, n, i);
		if (ke == JS_BAD)
			return false;
		bool same = ke - i - 2 == kn && memcmp(s + i + 1, key, kn) == 0;
		i = js_ws(s, n, ke);
		if (i >= n || s[i] != ':')
			return false;
		size_t v = js_ws(s, n, i + 1), e = js_value_end(s, n, v);
		if (e == JS_BAD)
			return false;
		if (same) {
			*vs = v;
			*ve = e;
			found = true;
		}
		i = js_ws(s, n, e);
		if (i < n && s[i] == '}')
			return found;
		if (i >= n || s[i] != ',')
			return false;
		i = js_ws(s, n, i + 1);
	}
	return false;
}

/* Member key of object o, the last one when it repeats (cJSON's lookup gives the first). */
static const cJSON *nb_member(const cJSON *o, const char *key)
{
	const cJSON *last = NULL, *m;
	if (cJSON_IsObject(o))
		cJSON_ArrayForEach(m, o)
			if (m->string && strcmp(m->string, key) == 0)
				last = m;
	return last;
}

/* Four hex digits at s[0..4) into *out; false when they are not. */
static bool js_hex4(const char *s, unsigned *out)
{
	*out = 0;
	for (int k = 0; k < 4; k++) {
		char c = s[k];
		unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
			   : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
			   : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16u;
		if (d == 16)
			return false;
		*out = *out << 4 | d;
	}
	return true;
}

/*
 * Appends the JSON string at s[i] == '"' decoded, with its length: a "\u0000"
 * or a raw NUL is a character of the text (cJSON's valuestring would end
 * there). Returns 0, -EINVAL for what is not a string (a lone surrogate), or
 * -ENOMEM.
 */
static int js_string_decode(const char *s, size_t n, size_t i, gg_buf *out)
{
	size_t e = js_string_end(s, n, i);
	if (e == JS_BAD)
		return -EINVAL;
	e--; /* the closing quote */
	for (i++; i < e;) {
		const char *bs = memchr(s + i, '\\', e - i);
		size_t run = bs ? (size_t)(bs - s) : e;
		if (gg_buf_append(out, s + i, run - i) != 0)
			return -ENOMEM;
		if ((i = run) >= e)
			break;
		char c = s[i + 1], one;
		i += 2;
		switch (c) {
		case 'b': one = '\b'; break;
		case 'f': one = '\f'; break;
		case 'n': one = '\n'; break;
		case 'r': one = '\r'; break;
		case 't': one = '\t'; break;
		case 'u': one = 0; break;
		default: one = c; break; /* '"', '\\', '/' */
		}
		if (c != 'u') {
			if (gg_buf_append(out, &one, 1) != 0)
				return -ENOMEM;
			continue;
		}
		unsigned cp, lo;
		if (i + 4 > e || !js_hex4(s + i, &cp))
			return -EINVAL;
		i += 4;
		if (cp >= 0xDC00 && cp <= 0xDFFF)
			return -EINVAL;
		if (cp >= 0xD800 && cp <= 0xDBFF) {
			if (i + 6 > e || s[i] != '\\' || s[i + 1] != 'u' || !js_hex4(s + i + 2, &lo) || lo < 0xDC00 ||
			    lo > 0xDFFF)
				return -EINVAL;
			i += 6;
			cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
		}
		char u[4];
		size_t k = 0;
		if (cp < 0x80) {
			u[k++] = (char)cp;
		} else if (cp < 0x800) {
			u[k++] = (char)(0xC0 | cp >> 6);
			u[k++] = (char)(0x80 | (cp & 0x3F));
		} else if (cp < 0x10000) {
			u[k++] = (char)(0xE0 | cp >> 12);
			u[k++] = (char)(0x80 | (cp >> 6 & 0x3F));
			u[k++] = (char)(0x80 | (cp & 0x3F));
		} else {
			u[k++] = (char)(0xF0 | cp >> 18);
			u[k++] = (char)(0x80 | (cp >> 12 & 0x3F));
			u[k++] = (char)(0x80 | (cp >> 6 & 0x3F));
			u[k++] = (char)(0x80 | (cp & 0x3F));
		}
		if (gg_buf_append(out, u, k) != 0)
			return -ENOMEM;
	}
	return 0;
}

/* The start of the array item after the one ending at i (or the first, i just past '['); JS_BAD at the end. */
static size_t js_next_item(const char *s, size_t n, size_t i, bool first)
{
	i = js_ws(s, n, i);
	if (!first) {
		if (i >= n || s[i] != ',')
			return JS_BAD;
		i = js_ws(s, n, i + 1);
	}
	return i < n && s[i] != ']' ? i : JS_BAD;
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

static bool nb_name_byte(unsigned char ch)
{
	return ch == '_' || ch == '.' || ch == '*' || ch >= 0x80 || (ch >= '0' && ch <= '9') || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z');
}

/*
 * IPython's help lines, t[0..n) without indentation: `?obj`, `??obj`,
 * `obj?`, `obj.attr??`, `np.*load*?`. Python never has a `?` outside a
 * string or comment, and a name with dots and wildcards holds neither.
 */
static bool nb_help_line(const char *t, size_t n)
{
	while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r'))
		n--;
	size_t lead = 0, trail = 0;
	while (lead < n && lead < 2 && t[lead] == '?')
		lead++;
	while (trail < n - lead && trail < 2 && t[n - 1 - trail] == '?')
		trail++;
	if ((lead == 0) == (trail == 0) || lead + trail >= n)
		return false;
	for (size_t i = lead; i < n - trail; i++)
		if (!nb_name_byte((unsigned char)t[i]))
			return false;
	return true;
}

/*
 * IPython's `x = !ls` and `x = %sx ls` (targets `a, b` too): an `=` before
 * any quote whose next non-blank byte is `!` or `%`, which Python never
 * writes (`!=`, `%=` are the operator before the `=`).
 */
static bool nb_assign_escape(const char *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char ch = t[i];
		if (ch == '"' || ch == '\'' || ch == '#')
			return false;
		if (ch != '=' || (i + 1 < n && t[i + 1] == '='))
			continue;
		if (i > 0 && strchr("=!<>+-*/%&|^@:", t[i - 1]))
			continue;
		size_t k = i + 1;
		while (k < n && (t[k] == ' ' || t[k] == '\t'))
			k++;
		return k < n && (t[k] == '!' || t[k] == '%');
	}
	return false;
}

/* How many triple quotes (\"\"\" or \'\'\') the line holds: an odd count opens or closes a string across lines. */
static unsigned nb_triple_quotes(const char *t, size_t n)
{
	unsigned count = 0;
	for (size_t i = 0; i + 2 < n; i++)
		if ((t[i] == '"' || t[i] == '\'') && t[i + 1] == t[i] && t[i + 2] == t[i]) {
			count++;
			i += 2;
		}
	return count;
}

/*
 * IPython's automagic (on by default): a line magic written without its `%`,
 * `pip install -q pkg`, `cd ../data`, `matplotlib inline`. Only where the
 * word is followed by what Python cannot put after a name there: another
 * word that is no operator keyword, a quote, an option (`-q`), a path (`~`,
 * `../`). `time = 3`, `ls - n`, `cd(x)` stay Python.
 */
static bool nb_automagic_line(const char *t, size_t n, const gg_buf *loaded)
{
	static const char *const magics[] = {
		"pip", "conda", "mamba", "cd", "matplotlib", "load_ext", "reload_ext", "unload_ext", "env", "set_env",
		"timeit", "time", "run", "pwd", "ls", "cat", "mkdir", "rmdir", "rm", "cp", "mv", "who", "whos",
		"history", "autoreload", "config", "pdb", "debug", "prun", "store", "bookmark", NULL,
	};
	static const char *const operator_words[] = { "in", "is", "if", "else", "and", "or", "not", "for", NULL };
	size_t w = 0;
	while (w < n && (t[w] == '_' || ((t[w] | 0x20) >= 'a' && (t[w] | 0x20) <= 'z')))
		w++;
	bool known = false;
	for (const char *const *m = magics; *m && !known; m++)
		known = strlen(*m) == w && memcmp(t, *m, w) == 0;
	/* An extension the notebook loaded registers its magic by its name (`%load_ext watermark`, then `watermark -v`). */
	for (const char *m = loaded->data, *end = m ? m + loaded->len : NULL; m && m < end && !known;) {
		const char *nl = memchr(m, '\n', (size_t)(end - m));
		known = (size_t)(nl - m) == w && memcmp(t, m, w) == 0;
		m = nl + 1;
	}
	if (!known || w >= n || (t[w] != ' ' && t[w] != '\t'))
		return false;
	size_t k = w;
	while (k < n && (t[k] == ' ' || t[k] == '\t'))
		k++;
	if (k >= n)
		return false;
	char ch = t[k];
	if (ch == '"' || ch == '\'' || ch == '~')
		return true;
	if (ch == '-')
		return k + 1 < n && ((t[k + 1] | 0x20) >= 'a' && (t[k + 1] | 0x20) <= 'z');
	if (ch == '.')
		return k + 1 < n && (t[k + 1] == '/' || t[k + 1] == '.');
	if (!nb_name_byte((unsigned char)ch) || ch == '*')
		return false;
	size_t e = k;
	while (e < n && (t[e] == '_' || ((t[e] | 0x20) >= 'a' && (t[e] | 0x20) <= 'z')))
		e++;
	for (const char *const *o = operator_words; *o; o++)
		if (strlen(*o) == e - k && memcmp(t + k, *o, e - k) == 0 && (e == n || t[e] == ' ' || t[e] == '\t'))
			return false;
	return true;
}

/* Whether the line t[0..n) ends with a `\` that continues it (IPython joins the next line to a magic). */
static bool nb_continued(const char *t, size_t n)
{
	if (n && t[n - 1] == '\r')
		n--;
	return n && t[n - 1] == '\\';
}

typedef struct nb_build {
	gg_buf text, masked;
	gg_nb_mask *masks;
	size_t nmasks, cap;
	gg_buf loaded; /* the extensions `%load_ext` loaded so far, each name (its last dotted part) and a newline */
} nb_build;

/* Notes the extension a `%load_ext NAME` (or automagic `load_ext NAME`) line loads: its magic is NAME. 0 or -ENOMEM. */
static int nb_note_extension(nb_build *b, const char *t, size_t n)
{
	size_t k = t[0] == '%' ? 1 : 0;
	if (n < k + 9 || memcmp(t + k, "load_ext", 8) != 0 || (t[k + 8] != ' ' && t[k + 8] != '\t'))
		return 0;
	k += 8;
	while (k < n && (t[k] == ' ' || t[k] == '\t'))
		k++;
	size_t e = k;
	while (e < n && (nb_name_byte((unsigned char)t[e]) || t[e] == '.'))
		e++;
	const char *dot = memrchr(t + k, '.', e - k);
	size_t s = dot ? (size_t)(dot + 1 - t) : k;
	if (e == s)
		return 0;
	return gg_buf_append(&b->loaded, t + s, e - s) || gg_buf_append(&b->loaded, "\n", 1) ? -ENOMEM : 0;
}

static int nb_mask_push(nb_build *b, const char *line, size_t n, bool placeholder)
{
	if (gg_grow((void **)&b->masks, &b->cap, b->nmasks, sizeof *b->masks))
		return -ENOMEM;
	b->masks[b->nmasks++] = (gg_nb_mask){ b->text.len, b->masked.len, n, placeholder, false };
	return n ? gg_buf_append(&b->masked, line, n) : 0;
}

/*
 * How a Python line changes the depth of open brackets: ( [ { against
 * ) ] }, outside its one-line strings and its comment. Inside brackets a
 * line that starts with `%` is the modulo operator, not a magic (IPython
 * reads magics at the start of a logical line only).
 */
static long nb_bracket_delta(const char *t, size_t n)
{
	long d = 0;
	for (size_t i = 0; i < n; i++) {
		char ch = t[i];
		if (ch == '#')
			break;
		if (ch == '\\') {
			i++;
		} else if (ch == '\'' || ch == '"') {
			for (i++; i < n && t[i] != ch; i++)
				if (t[i] == '\\')
					i++;
		} else if (ch == '(' || ch == '[' || ch == '{') {
			d++;
		} else if (ch == ')' || ch == ']' || ch == '}') {
			d--;
		}
	}
	return d;
}

/*
 * Appends one cell's source to the text, line by line, masking IPython
 * syntax so the text parses as Python with the cell's line numbers
 * unchanged: a %magic or !shell line becomes `pass` at its indentation (it
 * may be a block's only statement, and a wrap re-indents it with its block);
 * a foreign cell's lines become empty. Returns the number of lines, or -ENOMEM.
 */
static long nb_append_cell(nb_build *b, const char *src, size_t n)
{
	long lines = 0;
	bool foreign = false, continued = false, in_string = false;
	bool code = false; /* a line other than a blank or a comment came: a cell magic no longer can (Colab takes `# note` then `%%shell`) */
	long depth = 0; /* open brackets of the Python lines so far */
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(src + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - src) : n;
		const char *t = src + i;
		size_t tn = e - i;
		while (tn && (*t == ' ' || *t == '\t')) {
			t++;
			tn--;
		}
		if (!code && !foreign && tn >= 2 && t[0] == '%' && t[1] == '%' && !nb_python_cell_magic(t, tn))
			foreign = true;
		if (tn && t[0] != '#' && t[0] != '\r')
			code = true;
		/* A line a magic's `\` continues is the magic's (its quoted or key=value arguments are no Python). */
		bool rest = !foreign && continued;
		/* Automagic only as a top-level line of its own, never a line of a triple-quoted string. */
		bool escape = !foreign && !rest && tn > 0 && depth == 0 && !in_string &&
			      (t[0] == '%' || t[0] == '!' || nb_help_line(t, tn) || nb_assign_escape(t, tn) ||
			       (t == src + i && nb_automagic_line(t, tn, &b->loaded)));
		if (escape && nb_note_extension(b, t, tn))
			return -ENOMEM;
		unsigned triples = nb_triple_quotes(t, tn);
		if (!foreign && !rest && !escape && !in_string && !triples) {
			depth += nb_bracket_delta(t, tn);
			if (depth < 0)
				depth = 0;
		}
		if (triples % 2)
			in_string = !in_string;
		continued = (escape || rest) && nb_continued(t, tn);
		int rc = 0;
		if (foreign || rest)
			rc = nb_mask_push(b, src + i, e - i, false);
		else if (escape && (rc = nb_mask_push(b, t, tn, true)) == 0)
			rc = gg_buf_append(&b->text, src + i, (size_t)(t - (src + i)));
		if (!rc && escape)
			rc = gg_buf_append(&b->text, "pass", 4);
		if (!rc && !foreign && !rest && !escape)
			rc = gg_buf_append(&b->text, src + i, e - i);
		if (rc || gg_buf_append(&b->text, "\n", 1) != 0)
			return -ENOMEM;
		lines++;
		i = e + 1;
	}
	return lines;
}

/*
 * A cell's source value json[vs..ve) (found by the scan): a string, or a
 * list of strings that concatenate, decoded whole (NULs kept).
 */
static int nb_source_raw(const char *json, size_t vs, size_t ve, gg_buf *out)
{
	if (json[vs] == '"')
		return js_string_decode(json, ve, vs, out);
	if (json[vs] != '[')
		return 0;
	for (size_t i = js_next_item(json, ve, vs + 1, true); i != JS_BAD;
	     i = js_next_item(json, ve, js_value_end(json, ve, i), false)) {
		int rc = json[i] == '"' ? js_string_decode(json, ve, i, out) : 0;
		if (rc)
			return rc;
	}
	return 0;
}

/* A cell's source as cJSON has it (where the scan lost the cells): a string, or (nbformat 4) a list of strings that concatenate. */
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

/* Where the cells list lies in the JSON: [*as, ...) at its '['; false when the scan does not find it. */
static bool nb_cells_span(const char *json, size_t len, bool v3, size_t *at)
{
	size_t root = js_ws(json, len, 0), vs, ve;
	if (!v3)
		return js_member(json, len, root, "cells", at, &ve) && json[*at] == '[';
	if (!js_member(json, len, root, "worksheets", &vs, &ve) || json[vs] != '[')
		return false;
	size_t first = js_next_item(json, len, vs + 1, true);
	return first != JS_BAD && js_member(json, len, first, "cells", at, &ve) && json[*at] == '[';
}

/* Hands what b built to nb (which owns it from here, on failure too): each cell's end, the masks, the text. */
static int nb_finish(gg_notebook *nb, nb_build *b, int rc)
{
	gg_buf_free(&b->loaded);
	for (size_t i = 0; i < nb->ncells; i++)
		nb->cells[i].end = i + 1 < nb->ncells ? nb->cells[i + 1].start : b->text.len;
	nb->masks = b->masks;
	nb->nmasks = b->nmasks;
	nb->masked_text = b->masked.data;
	nb->len = b->text.len;
	nb->text = rc ? b->text.data : gg_buf_take(&b->text);
	if (!rc && !nb->text)
		rc = -ENOMEM;
	return rc;
}

static int nb_fill(gg_notebook *nb, const cJSON *root, const char *json, size_t len)
{
	const cJSON *cells = nb_member(root, "cells");
	bool v3 = false;
	if (!cJSON_IsArray(cells)) {
		/* nbformat 3 (IPython 1-3): worksheets[0].cells, "input", "prompt_number". */
		const cJSON *ws = cJSON_GetArrayItem(nb_member(root, "worksheets"), 0);
		cells = nb_member(ws, "cells");
		v3 = true;
		if (!cJSON_IsArray(cells))
			return -EINVAL;
	}
	const char *src_key = v3 ? "input" : "source";
	size_t total = (size_t)cJSON_GetArraySize(cells);
	nb->cells = total ? calloc(total, sizeof *nb->cells) : NULL;
	if (total && !nb->cells)
		return -ENOMEM;
	/* The scan walks the same items as cJSON; where it loses them, cells are read but not rewritable. */
	size_t item = JS_BAD, list = 0;
	bool located = nb_cells_span(json, len, v3, &list);
	nb_build b = { { 0 }, { 0 }, NULL, 0, 0, { 0 } };
	gg_buf src = { 0 };
	uint32_t line = 1, index = 0;
	int rc = 0;
	const cJSON *c;
	cJSON_ArrayForEach(c, cells) {
		uint32_t k = index++;
		if (located) {
			item = k == 0 ? js_next_item(json, len, list + 1, true)
				      : js_next_item(json, len, js_value_end(json, len, item), false);
			located = item != JS_BAD && js_value_end(json, len, item) != JS_BAD;
		}
		const cJSON *type = nb_member(c, "cell_type");
		if (!cJSON_IsString(type) || strcmp(type->valuestring, "code") != 0)
			continue;
		src.len = 0;
		size_t vs = 0, ve = 0;
		bool raw = located && js_member(json, len, item, src_key, &vs, &ve);
		if ((rc = raw ? nb_source_raw(json, vs, ve, &src) : nb_source(nb_member(c, src_key), &src)) != 0)
			break;
		size_t start = b.text.len;
		long lines = nb_append_cell(&b, src.data ? src.data : "", src.len);
		if (lines < 0 || line + (uint64_t)lines > UINT32_MAX) {
			rc = lines < 0 ? -ENOMEM : -EINVAL;
			break;
		}
		const cJSON *ec = nb_member(c, v3 ? "prompt_number" : "execution_count");
		gg_nb_cell *cell = &nb->cells[nb->ncells++];
		/* A count past any real kernel's (or NaN) is no count: the cast would be undefined. */
		long count = cJSON_IsNumber(ec) && ec->valuedouble >= 0 && ec->valuedouble <= INT32_MAX
				     ? (long)ec->valuedouble : -1;
		*cell = (gg_nb_cell){ k, count,
				      line, (uint32_t)lines, start, 0, 0, 0,
				      src.len > 0 && src.data[src.len - 1] == '\n' };
		if (raw) {
			cell->json_start = vs;
			cell->json_end = ve;
		}
		line += (uint32_t)lines;
	}
	gg_buf_free(&src);
	return nb_finish(nb, &b, rc);
}

int gg_notebook_read(gg_notebook *nb, const char *json, size_t len)
{
	memset(nb, 0, sizeof *nb);
	cJSON *root = cJSON_ParseWithLength(json, len);
	if (!root) /* cJSON's error pointer is a global, shared by the check's threads: not read */
		return -EINVAL;
	int rc = cJSON_IsObject(root) ? nb_fill(nb, root, json, len) : -EINVAL;
	cJSON_Delete(root);
	return rc;
}

int gg_notebook_join(gg_notebook *nb, const gg_nb_source *cells, size_t n)
{
	memset(nb, 0, sizeof *nb);
	nb->cells = n ? calloc(n, sizeof *nb->cells) : NULL;
	if (n && !nb->cells)
		return -ENOMEM;
	nb_build b = { { 0 }, { 0 }, NULL, 0, 0, { 0 } };
	uint32_t line = 1;
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		size_t start = b.text.len;
		long lines = nb_append_cell(&b, cells[i].text ? cells[i].text : "", cells[i].len);
		if (lines < 0 || line + (uint64_t)lines > UINT32_MAX) {
			rc = lines < 0 ? -ENOMEM : -EINVAL;
			break;
		}
		nb->cells[nb->ncells++] = (gg_nb_cell){ cells[i].index, -1, line, (uint32_t)lines, start, 0, 0, 0,
						       cells[i].len > 0 && cells[i].text[cells[i].len - 1] == '\n' };
		line += (uint32_t)lines;
	}
	return nb_finish(nb, &b, rc);
}

const gg_nb_cell *gg_notebook_cell_at(const gg_notebook *nb, size_t offset)
{
	size_t lo = 0, hi = nb->ncells;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (nb->cells[mid].end <= offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == nb->ncells)
		return nb->ncells ? &nb->cells[nb->ncells - 1] : NULL;
	return &nb->cells[lo];
}

const gg_nb_cell *gg_notebook_cell_of_line(const gg_notebook *nb, uint32_t line)
{
	size_t lo = 0, hi = nb->ncells;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (nb->cells[mid].first + nb->cells[mid].lines <= line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nb->ncells && line >= nb->cells[lo].first ? &nb->cells[lo] : NULL;
}

int gg_notebook_line_name(const void *ctx, uint32_t row, gg_buf *out)
{
	const gg_notebook *nb = ctx;
	const gg_nb_cell *c = row < UINT32_MAX ? gg_notebook_cell_of_line(nb, row + 1) : NULL;
	if (!c) /* a row past the cells (none is cited): the text's own count */
		return gg_buf_printf(out, "line %u", (unsigned)row + 1);
	return gg_buf_printf(out, "cell %u, line %u", (unsigned)c->index + 1, (unsigned)(row + 1 - c->first + 1));
}

long gg_notebook_line_cell(const void *ctx, uint32_t row)
{
	const gg_nb_cell *c = row < UINT32_MAX ? gg_notebook_cell_of_line(ctx, row + 1) : NULL;
	return c ? (long)c->index : -1;
}

int gg_notebook_blank_cells(gg_notebook *nb, const bool *blank)
{
	/* The masked lines' texts so far: each mask's orig ends before the next one's starts. */
	size_t masked_len = nb->nmasks ? nb->masks[nb->nmasks - 1].orig + nb->masks[nb->nmasks - 1].orig_len : 0;
	gg_buf masked = { 0 };
	gg_nb_mask *masks = NULL;
	size_t nmasks = 0, cap = 0, m = 0;
	int rc = masked_len ? gg_buf_append(&masked, nb->masked_text, masked_len) : 0;
	for (size_t c = 0; !rc && c < nb->ncells; c++) {
		const gg_nb_cell *cell = &nb->cells[c];
		for (size_t at = cell->start; !rc && at < cell->end;) {
			const char *nl = memchr(nb->text + at, '\n', cell->end - at);
			size_t e = nl ? (size_t)(nl - nb->text) : cell->end;
			bool had = m < nb->nmasks && nb->masks[m].at == at;
			gg_nb_mask k = had ? nb->masks[m++] : (gg_nb_mask){ at, 0, 0, false, false };
			if (blank[c] && !k.blank && (!had || k.placeholder) && e > at) {
				/* The whole line as the cell has it: the text's indentation, then what the mask kept. */
				size_t ws = at;
				while (had && ws < e && (nb->text[ws] == ' ' || nb->text[ws] == '\t'))
					ws++;
				size_t orig = masked.len;
				rc = gg_buf_append(&masked, nb->text + at, (had ? ws : e) - at);
				if (!rc && had && k.orig_len)
					rc = gg_buf_append(&masked, nb->masked_text + k.orig, k.orig_len);
				k = (gg_nb_mask){ at, orig, masked.len - orig, false, true };
				had = true;
			}
			if (!rc && had && !(rc = gg_grow((void **)&masks, &cap, nmasks, sizeof *masks)))
				masks[nmasks++] = k;
			at = e + 1;
		}
	}
	if (rc) {
		gg_buf_free(&masked);
		free(masks);
		return rc;
	}
	/* Nothing can fail from here: the text is changed in place. */
	for (size_t k = 0; k < nmasks; k++)
		if (masks[k].blank) {
			const char *nl = memchr(nb->text + masks[k].at, '\n', nb->len - masks[k].at);
			size_t e = nl ? (size_t)(nl - nb->text) : nb->len;
			memset(nb->text + masks[k].at, ' ', e - masks[k].at);
		}
	free(nb->masks);
	free(nb->masked_text);
	nb->masks = masks;
	nb->nmasks = nmasks;
	nb->masked_text = masked.data;
	return 0;
}

int gg_notebook_anchors(const gg_notebook *nb, size_t **out, size_t *n)
{
	*n = nb->ncells + nb->nmasks;
	*out = malloc((*n ? *n : 1) * sizeof **out);
	if (!*out)
		return -ENOMEM;
	/* Merged by offset; a cell's start comes before a masked line at the same offset. */
	size_t c = 0, m = 0, k = 0;
	while (c < nb->ncells || m < nb->nmasks) {
		if (m == nb->nmasks || (c < nb->ncells && nb->cells[c].start <= nb->masks[m].at))
			(*out)[k++] = nb->cells[c++].start;
		else
			(*out)[k++] = nb->masks[m++].at;
	}
	return 0;
}

int gg_notebook_cell_text(const gg_notebook *nb, const gg_nb_cell *c, char **out, size_t *len)
{
	*out = NULL;
	*len = 0;
	size_t m = 0;
	while (m < nb->nmasks && nb->masks[m].at < c->start)
		m++;
	gg_buf b = { 0 };
	size_t i = c->start;
	int rc = 0;
	for (; !rc && m < nb->nmasks && nb->masks[m].at < c->end; m++) {
		const gg_nb_mask *k = &nb->masks[m];
		size_t ws = k->at;
		while (k->placeholder && (nb->text[ws] == ' ' || nb->text[ws] == '\t'))
			ws++;
		rc = gg_buf_append(&b, nb->text + i, ws - i);
		if (!rc && k->orig_len)
			rc = gg_buf_append(&b, nb->masked_text + k->orig, k->orig_len);
		const char *nl = memchr(nb->text + ws, '\n', c->end - ws);
		i = nl ? (size_t)(nl - nb->text) : c->end;
	}
	if (!rc)
		rc = gg_buf_append(&b, nb->text + i, c->end - i);
	if (rc) {
		gg_buf_free(&b);
		return rc;
	}
	*len = b.len;
	*out = gg_buf_take(&b);
	return *out ? 0 : -ENOMEM;
}

/*
 * s[0..n) as a JSON string into out, NULs included, escaped as cJSON prints
 * strings (so that a rewritten cell reads as before). Returns 0 or -ENOMEM.
 */
static int nb_json_string(gg_buf *out, const char *s, size_t n)
{
	int rc = gg_buf_append(out, "\"", 1);
	for (size_t i = 0; i < n && !rc;) {
		size_t run = i;
		while (run < n && (unsigned char)s[run] >= 0x20 && s[run] != '"' && s[run] != '\\')
			run++;
		rc = gg_buf_append(out, s + i, run - i);
		if (rc || (i = run) >= n)
			break;
		unsigned char c = (unsigned char)s[i++];
		const char *two = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\b' ? "\\b" : c == '\f' ? "\\f"
				: c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : NULL;
		rc = two ? gg_buf_append(out, two, 2) : gg_buf_printf(out, "\\u%04x", c);
	}
	return rc ? rc : gg_buf_append(out, "\"", 1);
}

/*
 * The source value for src[0..n), laid out like the old value json[vs..ve):
 * a string stays a string; a list keeps the spacing before its first item,
 * after its commas and before its closing bracket, one item per line of the
 * source (Jupyter's way).
 */
static int nb_source_json(gg_buf *out, const char *json, size_t vs, size_t ve, const char *src, size_t n)
{
	if (json[vs] == '"')
		return nb_json_string(out, src, n);
	size_t first = js_ws(json, ve, vs + 1), close = ve - 1;
	while (close > first && strchr(" \t\r\n", json[close - 1]))
		close--;
	const char *sep = json + vs + 1, *tail = json + close, *item_sep = sep;
	size_t sep_len = first - vs - 1, tail_len = ve - 1 - close, item_sep_len = sep_len;
	if (first == ve - 1) { /* [] had no items to copy the layout from */
		sep_len = tail_len = item_sep_len = 0;
	} else {
		size_t after = js_value_end(json, ve, first);
		after = after == JS_BAD ? JS_BAD : js_ws(json, ve, after);
		if (after != JS_BAD && after < close && json[after] == ',') { /* as it separated its first two items */
			item_sep = json + after + 1;
			item_sep_len = js_ws(json, ve, after + 1) - after - 1;
		}
	}
	int rc = gg_buf_append(out, "[", 1);
	for (size_t i = 0; i < n && !rc;) {
		const char *nl = memchr(src + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - src) + 1 : n;
		if (i > 0 && !(rc = gg_buf_append(out, ",", 1)))
			rc = gg_buf_append(out, item_sep, item_sep_len);
		else if (i == 0)
			rc = gg_buf_append(out, sep, sep_len);
		if (!rc)
			rc = nb_json_string(out, src + i, e - i);
		i = e;
	}
	if (!rc && n > 0)
		rc = gg_buf_append(out, tail, tail_len);
	return rc ? rc : gg_buf_append(out, "]", 1);
}

/*
 * Whether text[at..] up to its newline is still the mask m put there
 * (indentation, then `pass` for a placeholder); *ws is the end of the
 * indentation, which a fix may have changed.
 */
static bool nb_mask_still_at(const char *text, size_t len, size_t at, const gg_nb_mask *m, size_t *ws)
{
	while (at < len && (text[at] == ' ' || text[at] == '\t'))
		at++;
	*ws = at;
	if (m->placeholder) {
		if (len - at < 4 || memcmp(text + at, "pass", 4) != 0)
			return false;
		at += 4;
	}
	return at < len && text[at] == '\n';
}

/*
 * The source of cell c (cells and masks per anchors: *mask is the next
 * masked line's index) from text[from..to): masked lines restored.
 */
static int nb_cell_source(const gg_notebook *nb, const gg_nb_cell *c, const char *text, size_t from, size_t to,
			  const size_t *mask_at, size_t *mask, gg_buf *out)
{
	size_t i = from;
	while (*mask < nb->nmasks && mask_at[*mask] < to) {
		size_t at = mask_at[*mask], ws;
		const gg_nb_mask *m = &nb->masks[*mask];
		if (at < i || !nb_mask_still_at(text, to, at, m, &ws))
			return GG_NOTEBOOK_UNMAPPED;
		/* The indentation is the text's (a wrap re-indents the line with its block), the rest the cell's; a blanked line is all the cell's. */
		if (gg_buf_append(out, text + i, (m->blank ? at : ws) - i) != 0 ||
		    (m->orig_len && gg_buf_append(out, nb->masked_text + m->orig, m->orig_len) != 0))
			return -ENOMEM;
		i = (size_t)((const char *)memchr(text + ws, '\n', to - ws) - text);
		(*mask)++;
	}
	if (gg_buf_append(out, text + i, to - i) != 0)
		return -ENOMEM;
	/* The text ends every line with a newline; the cell's last line may have none. */
	if (!c->newline_end && out->len > 0 && out->data[out->len - 1] == '\n')
		out->len--;
	return 0;
}

/*
 * The anchors split back as gg_notebook_anchors merged them: (*cell_at)[c]
 * each cell's start, [ncells] the end (len); (*mask_at)[m] each masked
 * line's. Both are the caller's (freed also on failure). Returns 0 or -ENOMEM.
 */
static int nb_split_anchors(const gg_notebook *nb, const size_t *anchors, size_t len, size_t **cell_at,
			    size_t **mask_at)
{
	*cell_at = malloc((nb->ncells + 1) * sizeof **cell_at);
	*mask_at = malloc((nb->nmasks + 1) * sizeof **mask_at);
	if (!*cell_at || !*mask_at)
		return -ENOMEM;
	for (size_t c = 0, m = 0, k = 0; k < nb->ncells + nb->nmasks; k++) {
		if (m == nb->nmasks || (c < nb->ncells && nb->cells[c].start <= nb->masks[m].at))
			(*cell_at)[c++] = anchors[k];
		else
			(*mask_at)[m++] = anchors[k];
	}
	(*cell_at)[nb->ncells] = len;
	return 0;
}

int gg_notebook_sources(const gg_notebook *nb, const char *text, size_t len, const size_t *anchors, gg_buf *out)
{
	size_t *cell_at = NULL, *mask_at = NULL, mask = 0;
	int rc = nb_split_anchors(nb, anchors, len, &cell_at, &mask_at);
	for (size_t c = 0; !rc && c < nb->ncells; c++) {
		out[c].len = 0;
		if (cell_at[c] > cell_at[c + 1] || cell_at[c + 1] > len)
			rc = GG_NOTEBOOK_UNMAPPED;
		else
			rc = nb_cell_source(nb, &nb->cells[c], text, cell_at[c], cell_at[c + 1], mask_at, &mask, &out[c]);
	}
	if (!rc && mask != nb->nmasks)
		rc = GG_NOTEBOOK_UNMAPPED;
	free(cell_at);
	free(mask_at);
	return rc;
}

int gg_notebook_write(const gg_notebook *nb, const char *json, size_t json_len, const char *text, size_t len,
		      const size_t *anchors, char **out, size_t *out_len, size_t *changed)
{
	*out = NULL;
	*out_len = 0;
	*changed = 0;
	size_t *cell_at = NULL, *mask_at = NULL;
	int rc = nb_split_anchors(nb, anchors, len, &cell_at, &mask_at);
	gg_buf doc = { 0 }, src = { 0 }, old = { 0 };
	size_t copied = 0, mask = 0, omask = 0;
	size_t *old_mask_at = malloc((nb->nmasks + 1) * sizeof *old_mask_at);
	if (!old_mask_at)
		rc = -ENOMEM;
	for (size_t m = 0; !rc && m < nb->nmasks; m++)
		old_mask_at[m] = nb->masks[m].at;
	for (size_t c = 0; !rc && c < nb->ncells; c++) {
		const gg_nb_cell *cell = &nb->cells[c];
		if (cell_at[c] > cell_at[c + 1] || cell_at[c + 1] > len) {
			rc = GG_NOTEBOOK_UNMAPPED;
			break;
		}
		src.len = old.len = 0;
		rc = nb_cell_source(nb, cell, text, cell_at[c], cell_at[c + 1], mask_at, &mask, &src);
		if (!rc)
			rc = nb_cell_source(nb, cell, nb->text, cell->start, cell->end, old_mask_at, &omask, &old);
		if (rc || (src.len == old.len && (src.len == 0 || memcmp(src.data, old.data, src.len) == 0)))
			continue;
		if (cell->json_start == cell->json_end) {
			rc = GG_NOTEBOOK_UNMAPPED; /* the scan did not find this cell's source */
			break;
		}
		rc = gg_buf_append(&doc, json + copied, cell->json_start - copied);
		if (!rc)
			rc = nb_source_json(&doc, json, cell->json_start, cell->json_end, src.data ? src.data : "", src.len);
		copied = cell->json_end;
		(*changed)++;
	}
	if (!rc && mask != nb->nmasks)
		rc = GG_NOTEBOOK_UNMAPPED;
	if (!rc && *changed) {
		rc = gg_buf_append(&doc, json + copied, json_len - copied);
		if (!rc) {
			*out_len = doc.len;
			*out = gg_buf_take(&doc);
			rc = *out ? 0 : -ENOMEM;
		}
	}
	if (rc)
		*changed = 0;
	gg_buf_free(&doc);
	gg_buf_free(&src);
	gg_buf_free(&old);
	free(cell_at);
	free(mask_at);
	free(old_mask_at);
	return rc;
}
