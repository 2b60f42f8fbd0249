/*
 * [tool.gradguard] from pyproject.toml, parsed with the tree-sitter TOML
 * grammar: every key is resolved to its full dotted path (table header,
 * dotted keys and inline tables alike), so the three spellings of the same
 * setting go through one assignment.
 *
 * The file is the user's, or anyone's whose repository the user opens, so
 * nothing in it may take the program down: its size and its nesting are
 * bounded before the parse, the parse itself is guarded (see toml_guard),
 * and every walk of the tree is a loop, or recursion no deeper than the
 * three levels of tool.gradguard.severity.
 */
#include "pyproject.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "docs_url.h"
#include "toml_keys.h"

const TSLanguage *tree_sitter_toml(void);

typedef struct toml_reader {
	const char *path;
	const char *text;
	/* Where the settings are: under tool.gradguard (base 2), or at the top of a gradguard.toml (base 0). */
	size_t base;
	const char *prefix; /* "tool.gradguard." or "", for messages */
	gg_config *out;
	bool found;
	char *error; /* owned; the first problem */
	int rc;
} toml_reader;

static void toml_vfail(toml_reader *r, TSPoint p, const char *fmt, va_list ap)
{
	if (r->rc)
		return;
	r->rc = -EINVAL;
	char *what = NULL;
	if (vasprintf(&what, fmt, ap) < 0)
		what = NULL;
	if (what)
		r->error = gg_strdup_printf("%s:%u:%u: %s", r->path, p.row + 1, p.column + 1, what);
	free(what);
	if (!r->error)
		r->rc = -ENOMEM;
}

static void toml_fail_at(toml_reader *r, TSPoint p, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void toml_fail(toml_reader *r, TSNode at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void toml_fail_at(toml_reader *r, TSPoint p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	toml_vfail(r, p, fmt, ap);
	va_end(ap);
}

static void toml_fail(toml_reader *r, TSNode at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	toml_vfail(r, ts_node_start_point(at), fmt, ap);
	va_end(ap);
}

static void toml_oom(toml_reader *r)
{
	if (!r->rc)
		r->rc = -ENOMEM;
}

/* Appends the UTF-8 encoding of code point cp. */
static char *toml_put_utf8(char *o, uint32_t cp)
{
	if (cp < 0x80) {
		*o++ = (char)cp;
	} else if (cp < 0x800) {
		*o++ = (char)(0xC0 | cp >> 6);
		*o++ = (char)(0x80 | (cp & 0x3F));
	} else if (cp < 0x10000) {
		*o++ = (char)(0xE0 | cp >> 12);
		*o++ = (char)(0x80 | (cp >> 6 & 0x3F));
		*o++ = (char)(0x80 | (cp & 0x3F));
	} else {
		*o++ = (char)(0xF0 | cp >> 18);
		*o++ = (char)(0x80 | (cp >> 12 & 0x3F));
		*o++ = (char)(0x80 | (cp >> 6 & 0x3F));
		*o++ = (char)(0x80 | (cp & 0x3F));
	}
	return o;
}

static int toml_hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (c | 0x20) - 'a' + 10;
	return -1;
}

/*
 * The value of a string or quoted key: basic "..." and literal '...',
 * multi-line """...""" and '''...''' (a newline right after the opening
 * delimiter is dropped; in basic ones a backslash at a line end swallows the
 * line break and the whitespace after it). Returns a malloc'd string, or NULL
 * with r->rc set. Escapes never grow the text, so len + 1 bytes suffice.
 */
static char *toml_string_value(toml_reader *r, TSNode node)
{
	uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
	const char *s = r->text + start, *e = r->text + end;
	char q = s < e ? *s : 0;
	if (q != '"' && q != '\'') {
		toml_fail(r, node, "expected a string");
		return NULL;
	}
	bool multi = e - s >= 6 && s[1] == q && s[2] == q;
	size_t delim = multi ? 3 : 1;
	if ((size_t)(e - s) < 2 * delim) {
		toml_fail(r, node, "unterminated string");
		return NULL;
	}
	s += delim;
	e -= delim;
	if (multi && s < e && *s == '\n')
		s++;
	else if (multi && e - s >= 2 && s[0] == '\r' && s[1] == '\n')
		s += 2;
	char *out = malloc((size_t)(e - s) + 1), *o = out;
	if (!out) {
		toml_oom(r);
		return NULL;
	}
	while (s < e) {
		if (q == '\'' || *s != '\\') {
			*o++ = *s++;
			continue;
		}
		s++; /* the backslash */
		char c = s < e ? *s++ : 0;
		switch (c) {
		case 'b': *o++ = '\b'; break;
		case 't': *o++ = '\t'; break;
		case 'n': *o++ = '\n'; break;
		case 'f': *o++ = '\f'; break;
		case 'r': *o++ = '\r'; break;
		case 'e': *o++ = '\x1B'; break;
		case '"': *o++ = '"'; break;
		case '\\': *o++ = '\\'; break;
		case 'u':
		case 'U': {
			int digits = c == 'u' ? 4 : 8;
			uint32_t cp = 0;
			for (int i = 0; i < digits; i++) {
				int h = s < e ? toml_hex(*s) : -1;
				if (h < 0) {
					cp = UINT32_MAX;
					break;
				}
				cp = cp << 4 | (uint32_t)h;
				s++;
			}
			if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
				free(out);
				toml_fail(r, node, "invalid \\%c escape: not a Unicode scalar value", c);
				return NULL;
			}
			o = toml_put_utf8(o, cp);
			break;
		}
		default:
			if (multi && (c == ' ' || c == '\t' || c == '\r' || c == '\n')) {
				/* A line-ending backslash: trim up to the next non-whitespace. */
				while (s < e && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n'))
					s++;
				break;
			}
			free(out);
			toml_fail(r, node, "invalid escape sequence \\%c", c ? c : ' ');
			return NULL;
		}
	}
	*o = '\0';
	if (strlen(out) != (size_t)(o - out)) {
		free(out);
		toml_fail(r, node, "a string holding a NUL character");
		return NULL;
	}
	return out;
}

/* One segment of a key: a bare_key or a quoted_key. Returns a malloc'd string, or NULL with r->rc set. */
static char *toml_key_segment(toml_reader *r, TSNode key)
{
	const char *type = ts_node_type(key);
	if (strcmp(type, "bare_key") == 0) {
		uint32_t a = ts_node_start_byte(key), b = ts_node_end_byte(key);
		char *segment = strndup(r->text + a, b - a);
		if (!segment)
			toml_oom(r);
		return segment;
	}
	if (strcmp(type, "quoted_key") == 0)
		return toml_string_value(r, key);
	toml_fail(r, key, "expected a key");
	return NULL;
}

/*
 * Appends the segments of a key (bare_key, quoted_key or dotted_key) to
 * path. The grammar nests a dotted key to the left, one level per '.', so
 * a.b.c is ((a.b).c): the chain is followed in a loop, never by recursion,
 * and a path longer than GG_PYPROJECT_MAX_KEY_PARTS is an error.
 */
static void toml_key_path(toml_reader *r, TSNode key, gg_strings *path)
{
	size_t parts = 1;
	for (TSNode k = key; strcmp(ts_node_type(k), "dotted_key") == 0; k = ts_node_named_child(k, 0)) {
		if (ts_node_named_child_count(k) != 2) {
			toml_fail(r, k, "expected a key");
			return;
		}
		parts++;
		if (path->len + parts > GG_PYPROJECT_MAX_KEY_PARTS) {
			toml_fail(r, key, "a key of more than %d parts", GG_PYPROJECT_MAX_KEY_PARTS);
			return;
		}
	}
	/* The last segments come first down the chain: place them from the end. */
	TSNode *segments = malloc(parts * sizeof *segments);
	if (!segments) {
		toml_oom(r);
		return;
	}
	size_t i = parts;
	TSNode k = key;
	while (strcmp(ts_node_type(k), "dotted_key") == 0) {
		segments[--i] = ts_node_named_child(k, 1);
		k = ts_node_named_child(k, 0);
	}
	segments[--i] = k;
	for (i = 0; i < parts && !r->rc; i++) {
		char *segment = toml_key_segment(r, segments[i]);
		if (segment && gg_strings_push(path, segment) != 0)
			toml_oom(r);
		free(segment);
	}
	free(segments);
}

/* The named children of node, in order, through a cursor (ts_node_named_child(i) costs O(i) each). */
typedef struct toml_children {
	TSTreeCursor cursor;
	bool started, done;
} toml_children;

static void toml_children_init(toml_children *it, TSNode node)
{
	it->cursor = ts_tree_cursor_new(node);
	it->started = false;
	it->done = false;
}

static bool toml_children_next(toml_children *it, TSNode *out)
{
	while (!it->done) {
		bool moved = it->started ? ts_tree_cursor_goto_next_sibling(&it->cursor)
					 : ts_tree_cursor_goto_first_child(&it->cursor);
		it->started = true;
		if (!moved) {
			it->done = true;
			break;
		}
		TSNode n = ts_tree_cursor_current_node(&it->cursor);
		if (ts_node_is_named(n)) {
			*out = n;
			return true;
		}
	}
	return false;
}

static void toml_children_close(toml_children *it)
{
	ts_tree_cursor_delete(&it->cursor);
}

static bool toml_path_is(const gg_strings *path, size_t len, const char *const *names)
{
	if (path->len < len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (strcmp(path->items[i], names[i]) != 0)
			return false;
	return true;
}

static const char *const tool_gradguard[] = { "tool", "gradguard" };

static void toml_visit_pairs(toml_reader *r, TSNode parent, const gg_strings *prefix);

static void toml_set_strings(toml_reader *r, unsigned key, TSNode value)
{
	if (strcmp(ts_node_type(value), "array") != 0) {
		toml_fail(r, value, "%s must be an array of strings", gg_config_key_name(key));
		return;
	}
	gg_strings *list = gg_config_list(r->out, key);
	gg_strings_free(list);
	toml_children items;
	toml_children_init(&items, value);
	TSNode item;
	while (!r->rc && toml_children_next(&items, &item)) {
		if (strcmp(ts_node_type(item), "comment") == 0)
			continue;
		if (strcmp(ts_node_type(item), "string") != 0) {
			toml_fail(r, item, "%s must be an array of strings, not of %s", gg_config_key_name(key),
				  ts_node_type(item));
			break;
		}
		if (list->len == GG_CONFIG_MAX_ITEMS) {
			toml_fail(r, item, "%s has more than %d entries", gg_config_key_name(key), GG_CONFIG_MAX_ITEMS);
			break;
		}
		char *s = toml_string_value(r, item);
		if (s && strlen(s) > GG_CONFIG_MAX_ITEM_BYTES)
			toml_fail(r, item, "%s: an entry longer than %d bytes", gg_config_key_name(key),
				  GG_CONFIG_MAX_ITEM_BYTES);
		else if (s && gg_strings_push(list, s) != 0)
			toml_oom(r);
		free(s);
	}
	toml_children_close(&items);
}

static void toml_set_severity(toml_reader *r, const char *code, TSNode value)
{
	char *name = strcmp(ts_node_type(value), "string") == 0 ? toml_string_value(r, value) : NULL;
	gg_severity sev;
	if (!name && !r->rc)
		toml_fail(r, value, "severity.%s must be a string: \"error\", \"warning\", \"information\" or \"hint\"", code);
	else if (name && gg_severity_from_name(name, &sev) != 0)
		toml_fail(r, value, "severity.%s: unknown severity \"%s\" (error, warning, information or hint)", code, name);
	else if (name && r->out->severities_len >= GG_CONFIG_MAX_ITEMS && gg_config_severity_index(r->out, code) < 0)
		toml_fail(r, value, "severity has more than %d entries", GG_CONFIG_MAX_ITEMS);
	else if (name && gg_config_set_severity(r->out, code, sev) != 0)
		toml_oom(r);
	free(name);
}

/* One setting: path is its key path, with r->base parts before the setting's name. */
static void toml_assign_setting(toml_reader *r, TSNode at, const gg_strings *path, TSNode value)
{
	const char *name = path->items[r->base];
	unsigned key = gg_config_key_lookup(name);
	if (!key) {
		const char *hint = gg_config_key_suggest(name);
		toml_fail(r, at, "unknown key %s%s%s%s%s", r->prefix, name, hint ? " (did you mean '" : "",
			  hint ? hint : "", hint ? "'?)" : "");
		return;
	}
	if (key == GG_CONFIG_SEVERITY) {
		if (path->len == r->base + 2) {
			toml_set_severity(r, path->items[r->base + 1], value);
		} else if (path->len == r->base + 1 && strcmp(ts_node_type(value), "inline_table") == 0) {
			toml_visit_pairs(r, value, path);
		} else {
			toml_fail(r, at, "severity must be a table of code = \"error\" | \"warning\" | \"information\" | \"hint\"");
			return;
		}
		r->out->set |= key;
		return;
	}
	if (path->len > r->base + 1) {
		toml_fail(r, at, "%s%s is not a table", r->prefix, name);
		return;
	}
	if (r->out->set & key) {
		toml_fail(r, at, "duplicate key %s%s", r->prefix, name);
		return;
	}
	r->out->set |= key;
	if (key == GG_CONFIG_PYTHON) {
		char *v = strcmp(ts_node_type(value), "string") == 0 ? toml_string_value(r, value) : NULL;
		if (!v && !r->rc)
			toml_fail(r, value, "python must be a string: a virtual environment's folder or an interpreter");
		free(r->out->python);
		r->out->python = v;
		return;
	}
	if (key == GG_CONFIG_DOCS_URL) {
		char *v = strcmp(ts_node_type(value), "string") == 0 ? toml_string_value(r, value) : NULL;
		if (!v && !r->rc)
			toml_fail(r, value, "docs-url must be a string: the rule pages' URL");
		else if (v && !gg_docs_url_valid(v))
			toml_fail(r, value, "docs-url must be an http://, https:// or file:// URL, not \"%s\"", v);
		if (r->rc) {
			free(v);
			v = NULL;
		}
		free(r->out->docs_url);
		r->out->docs_url = v;
		return;
	}
	if (key == GG_CONFIG_PREFER) {
		char *v = strcmp(ts_node_type(value), "string") == 0 ? toml_string_value(r, value) : NULL;
		if (!v && !r->rc)
			toml_fail(r, value, "prefer must be a string: \"no_grad\" or \"inference_mode\"");
		else if (v && gg_prefer_from_name(v, &r->out->prefer) != 0)
			toml_fail(r, value, "prefer: unknown value \"%s\" (no_grad or inference_mode)", v);
		free(v);
		return;
	}
	toml_set_strings(r, key, value);
	/* A selector that names no rule (a typo, lowercase) is an error, as in ruff: it would select nothing. */
	const gg_strings *list = gg_config_list(r->out, key);
	for (size_t i = 0; !r->rc && (key & (GG_CONFIG_SELECT | GG_CONFIG_IGNORE | GG_CONFIG_EXTEND_SELECT)) &&
			   i < list->len; i++) {
		const char *sel = list->items[i];
		if (gg_config_selector_valid(sel))
			continue;
		const char *hint = gg_config_selector_suggest(sel);
		toml_fail(r, value, "%s: unknown rule selector \"%s\"%s%s%s", name, sel, hint ? " (did you mean \"" : "",
			  hint ? hint : "", hint ? "\"?)" : "");
	}
}

/* A key path (table header + key) and its value. */
static void toml_assign(toml_reader *r, TSNode at, const gg_strings *path, TSNode value)
{
	if (toml_path_is(path, r->base, tool_gradguard)) {
		r->found = true;
		if (path->len > r->base)
			toml_assign_setting(r, at, path, value);
		else if (strcmp(ts_node_type(value), "inline_table") == 0)
			toml_visit_pairs(r, value, path);
		else
			toml_fail(r, at, "tool.gradguard must be a table");
		return;
	}
	/* tool = { gradguard = {...} }: an inline table on the way to ours. */
	if (path->len == 1 && strcmp(path->items[0], "tool") == 0 && strcmp(ts_node_type(value), "inline_table") == 0)
		toml_visit_pairs(r, value, path);
}

/* The pairs of a table, an inline table or the document's top level, under prefix. */
static void toml_visit_pairs(toml_reader *r, TSNode parent, const gg_strings *prefix)
{
	toml_children pairs;
	toml_children_init(&pairs, parent);
	TSNode pair;
	while (!r->rc && toml_children_next(&pairs, &pair)) {
		if (strcmp(ts_node_type(pair), "pair") != 0)
			continue;
		/* A pair is key, value (and maybe a trailing comment): key first, value next. */
		uint32_t k = ts_node_named_child_count(pair);
		TSNode value = { { 0, 0, 0, 0 }, NULL, NULL };
		for (uint32_t j = 1; j < k && ts_node_is_null(value); j++) {
			TSNode v = ts_node_named_child(pair, j);
			if (strcmp(ts_node_type(v), "comment") != 0)
				value = v;
		}
		if (ts_node_is_null(value))
			continue;
		gg_strings path;
		gg_strings_init(&path);
		for (size_t j = 0; j < prefix->len && !r->rc; j++)
			if (gg_strings_push(&path, prefix->items[j]) != 0)
				toml_oom(r);
		if (!r->rc)
			toml_key_path(r, ts_node_named_child(pair, 0), &path);
		if (!r->rc)
			toml_assign(r, pair, &path, value);
		gg_strings_free(&path);
	}
	toml_children_close(&pairs);
}

/* A [header] table: its pairs, under the header's key path. */
static void toml_visit_table(toml_reader *r, TSNode table)
{
	gg_strings header;
	gg_strings_init(&header);
	TSNode key = ts_node_named_child(table, 0);
	if (!ts_node_is_null(key))
		toml_key_path(r, key, &header);
	if (!r->rc && toml_path_is(&header, r->base, tool_gradguard)) {
		r->found = true;
		if (header.len == r->base + 1 && gg_config_key_lookup(header.items[r->base]) == GG_CONFIG_SEVERITY)
			r->out->set |= GG_CONFIG_SEVERITY;
		else if (header.len > r->base)
			toml_fail(r, table, "unknown table [%s%s]", r->prefix, header.items[r->base]);
	}
	if (!r->rc && (r->base == 0 || header.len >= 2 || (header.len == 1 && strcmp(header.items[0], "tool") == 0)))
		toml_visit_pairs(r, table, &header);
	gg_strings_free(&header);
}

/* The value of a pair (its named children after the key, comments skipped), or a null node. */
static TSNode toml_pair_value(TSNode pair)
{
	uint32_t k = ts_node_named_child_count(pair);
	for (uint32_t j = 1; j < k; j++) {
		TSNode v = ts_node_named_child(pair, j);
		if (strcmp(ts_node_type(v), "comment") != 0)
			return v;
	}
	TSNode none = { { 0, 0, 0, 0 }, NULL, NULL };
	return none;
}

static void toml_keys_failed(toml_reader *r, TSNode at, int rc, char *why)
{
	if (rc == -ENOMEM)
		toml_oom(r);
	else if (rc)
		toml_fail(r, at, "%s", why);
	free(why);
}

/*
 * The pairs of parent (a table, the document, or with base an inline
 * table's: its keys under base) into keys; an inline table's own keys are
 * read one level down, where a duplicate is most likely, and deeper ones
 * are closed as wholes (no recursion).
 */
static void toml_keys_pairs(toml_reader *r, gg_toml_keys *keys, TSNode parent, const gg_strings *base)
{
	toml_children pairs;
	toml_children_init(&pairs, parent);
	TSNode pair;
	while (!r->rc && toml_children_next(&pairs, &pair)) {
		if (strcmp(ts_node_type(pair), "pair") != 0)
			continue;
		TSNode value = toml_pair_value(pair);
		if (ts_node_is_null(value))
			continue;
		bool inline_table = strcmp(ts_node_type(value), "inline_table") == 0;
		gg_strings key;
		gg_strings_init(&key);
		toml_key_path(r, ts_node_named_child(pair, 0), &key);
		char *why = NULL;
		if (!r->rc) {
			int rc = gg_toml_keys_pair(keys, base, &key, inline_table, ts_node_start_point(pair).row + 1, &why);
			toml_keys_failed(r, pair, rc, why);
		}
		if (!r->rc && inline_table && !base)
			toml_keys_pairs(r, keys, value, &key);
		gg_strings_free(&key);
	}
	toml_children_close(&pairs);
}

/* Every header and pair of the document, in order, as tomllib defines them: what it rejects is an error here. */
static void toml_check_keys(toml_reader *r, TSNode root)
{
	gg_toml_keys keys;
	gg_toml_keys_init(&keys);
	toml_keys_pairs(r, &keys, root, NULL);
	toml_children tables;
	toml_children_init(&tables, root);
	TSNode child;
	while (!r->rc && toml_children_next(&tables, &child)) {
		const char *type = ts_node_type(child);
		bool array = strcmp(type, "table_array_element") == 0;
		if (!array && strcmp(type, "table") != 0)
			continue;
		gg_strings header;
		gg_strings_init(&header);
		TSNode key = ts_node_named_child(child, 0);
		if (!ts_node_is_null(key))
			toml_key_path(r, key, &header);
		char *why = NULL;
		if (!r->rc) {
			int rc = gg_toml_keys_table(&keys, &header, array, ts_node_start_point(child).row + 1, &why);
			toml_keys_failed(r, child, rc, why);
		}
		if (!r->rc)
			toml_keys_pairs(r, &keys, child, NULL);
		gg_strings_free(&header);
	}
	toml_children_close(&tables);
	gg_toml_keys_free(&keys);
}

/* The first ERROR or MISSING node, depth first, or a null node: down the children that have an error, in a loop. */
static TSNode toml_first_error(TSNode root)
{
	TSNode found = { { 0, 0, 0, 0 }, NULL, NULL };
	TSTreeCursor c = ts_tree_cursor_new(root);
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&c);
		if (ts_node_is_missing(node) || strcmp(ts_node_type(node), "ERROR") == 0) {
			found = node;
			break;
		}
		if (!ts_tree_cursor_goto_first_child(&c))
			break;
		bool has = ts_node_has_error(ts_tree_cursor_current_node(&c));
		while (!has && ts_tree_cursor_goto_next_sibling(&c))
			has = ts_node_has_error(ts_tree_cursor_current_node(&c));
		if (!has)
			break;
	}
	ts_tree_cursor_delete(&c);
	return found;
}

/* The row and column (0-based, in bytes) of offset in text. */
static TSPoint toml_point(const char *text, size_t offset)
{
	TSPoint p = { 0, 0 };
	const char *line = text;
	for (const char *nl; (nl = memchr(line, '\n', offset - (size_t)(line - text))); line = nl + 1)
		p.row++;
	p.column = (uint32_t)(offset - (size_t)(line - text));
	return p;
}

/* Skips a string that starts at s[i] (a quote), as TOML reads it. Returns the offset after it. */
static size_t toml_skip_string(const char *s, size_t n, size_t i)
{
	char q = s[i];
	bool basic = q == '"';
	if (n - i >= 3 && s[i + 1] == q && s[i + 2] == q) {
		for (i += 3; i < n; i++) {
			if (basic && s[i] == '\\') {
				i++;
				continue;
			}
			if (n - i >= 3 && s[i] == q && s[i + 1] == q && s[i + 2] == q) {
				/* Up to two quotes of the content may stand before the closing three: """a""""". */
				i += 3;
				for (int extra = 0; extra < 2 && i < n && s[i] == q; extra++)
					i++;
				return i;
			}
		}
		return n;
	}
	for (i++; i < n && s[i] != q && s[i] != '\n'; i++)
		if (basic && s[i] == '\\' && i + 1 < n && s[i + 1] != '\n')
			i++;
	return i < n && s[i] == q ? i + 1 : i;
}

/*
 * The offset of the first '[' or '{' nested deeper than
 * GG_PYPROJECT_MAX_DEPTH (strings and comments read as TOML reads them), or
 * n when there is none. Checked before the parse: tree-sitter keeps one
 * stack entry or more per open bracket, and the runtime Debian 12 ships
 * (0.20.7) counts a node's children in 16 bits, so that an error at the end
 * of 65,536 open brackets builds a node whose child count wraps, and
 * ts_tree_delete then frees a pointer into the middle of its children
 * (the double free of `[` * 66,000; fixed upstream in 0.20.8).
 */
static size_t toml_too_deep(const char *s, size_t n)
{
	unsigned depth = 0;
	size_t i = 0;
	while (i < n) {
		char c = s[i];
		if (c == '#') {
			const char *nl = memchr(s + i, '\n', n - i);
			i = nl ? (size_t)(nl - s) : n;
			continue;
		}
		if (c == '"' || c == '\'') {
			i = toml_skip_string(s, n, i);
			continue;
		}
		if ((c == '[' || c == '{') && ++depth > GG_PYPROJECT_MAX_DEPTH)
			return i;
		if ((c == ']' || c == '}') && depth > 0)
			depth--;
		i++;
	}
	return n;
}

/*
 * The parse's logger, which guards it. A valid prefix of the file has the
 * nesting toml_too_deep measured; past a syntax error, tree-sitter's error
 * recovery can read the rest differently (a quote it skipped opens no
 * string), grow its stack by an entry per token, and take time quadratic in
 * the tokens (ts_subtree_summarize_children, on "[= " repeated). The first
 * error is all we report, so the parse is cancelled a fixed number of steps
 * after it (tree-sitter checks the flag every 100 steps): the stack stays
 * far below the 65,536 entries that break 0.20.7, and the time linear.
 */
enum { TOML_STEPS_AFTER_ERROR = 2000 };

typedef struct toml_guard {
	size_t cancel;            /* the flag tree-sitter reads: nonzero stops the parse */
	unsigned long steps;      /* parse log lines so far (each action logs one or more) */
	unsigned long error_step; /* steps at the first error; 0 before it */
	TSPoint error_at;         /* where the parse stood then */
	/* The last "process version:…, row:R, col:C" line, read only at an error (sscanf on every line is dear). */
	char process[128];
} toml_guard;

static void toml_guard_log(void *payload, TSLogType type, const char *msg)
{
	toml_guard *g = payload;
	if (type != TSLogTypeParse)
		return;
	g->steps++;
	if (g->error_step) {
		if (g->steps - g->error_step > TOML_STEPS_AFTER_ERROR)
			g->cancel = 1;
	} else if (msg[0] == 'p' && strncmp(msg, "process ", 8) == 0) {
		size_t n = strnlen(msg, sizeof g->process - 1);
		memcpy(g->process, msg, n);
		g->process[n] = '\0';
	} else if (msg[0] == 'd' && strcmp(msg, "detect_error") == 0) {
		g->error_step = g->steps;
		const char *pos = strstr(g->process, ", row:");
		unsigned row, col;
		if (pos && sscanf(pos, ", row:%u, col:%u", &row, &col) == 2)
			g->error_at = (TSPoint){ row, col };
	}
}

/* Parses text with the guard on. NULL: cancelled (g->error_step tells where) or out of memory. */
static TSTree *toml_parse(TSParser *parser, const char *text, uint32_t len, toml_guard *g)
{
	ts_parser_set_logger(parser, (TSLogger){ g, toml_guard_log });
	ts_parser_set_cancellation_flag(parser, &g->cancel);
	return ts_parser_parse_string(parser, NULL, text, len);
}

static int toml_read(const char *path, const char *text, size_t len, size_t base, gg_config *out, bool *found,
		     char **error)
{
	*found = false;
	*error = NULL;
	toml_reader r = { path, text, base, base ? "tool.gradguard." : "", out, base == 0, NULL, 0 };
	if (len > GG_PYPROJECT_MAX_BYTES) {
		*error = gg_strdup_printf("%s: larger than %d bytes, the most a pyproject.toml may have", path,
					  GG_PYPROJECT_MAX_BYTES);
		return *error ? -EFBIG : -ENOMEM;
	}
	size_t deep = toml_too_deep(text, len);
	if (deep < len) {
		toml_fail_at(&r, toml_point(text, deep), "arrays and inline tables nested more than %d deep",
			     GG_PYPROJECT_MAX_DEPTH);
		*error = r.error;
		return r.rc;
	}
	TSParser *parser = ts_parser_new();
	if (!parser)
		return -ENOMEM;
	if (!ts_parser_set_language(parser, tree_sitter_toml())) {
		ts_parser_delete(parser);
		*error = gg_strdup_printf("%s: cannot load the TOML grammar (ABI %u)", path,
					  ts_language_version(tree_sitter_toml()));
		return *error ? -EINVAL : -ENOMEM;
	}
	toml_guard guard = { 0 };
	TSTree *tree = toml_parse(parser, text, (uint32_t)len, &guard);
	ts_parser_delete(parser);
	if (!tree && guard.error_step) {
		toml_fail_at(&r, guard.error_at, "TOML syntax error");
		*error = r.error;
		return r.rc;
	}
	if (!tree)
		return -ENOMEM;

	TSNode root = ts_tree_root_node(tree);
	if (ts_node_has_error(root)) {
		TSNode bad = toml_first_error(root);
		if (ts_node_is_null(bad))
			bad = root;
		if (ts_node_is_missing(bad))
			toml_fail(&r, bad, "TOML syntax error: missing %s", ts_node_type(bad));
		else
			toml_fail(&r, bad, "TOML syntax error");
	}
	if (!r.rc)
		toml_check_keys(&r, root);
	gg_strings top;
	gg_strings_init(&top);
	if (!r.rc)
		toml_visit_pairs(&r, root, &top);
	toml_children tables;
	toml_children_init(&tables, root);
	TSNode child;
	while (!r.rc && toml_children_next(&tables, &child))
		if (strcmp(ts_node_type(child), "table") == 0)
			toml_visit_table(&r, child);
	toml_children_close(&tables);
	ts_tree_delete(tree);
	*found = r.found;
	*error = r.error;
	return r.rc;
}

int gg_pyproject_parse(const char *path, const char *text, size_t len, gg_config *out, bool *found, char **error)
{
	return toml_read(path, text, len, 2, out, found, error);
}

int gg_gradguard_toml_parse(const char *path, const char *text, size_t len, gg_config *out, char **error)
{
	bool found;
	return toml_read(path, text, len, 0, out, &found, error);
}
