/*
 * [tool.gradguard] from pyproject.toml, parsed with the tree-sitter TOML
 * grammar: every key is resolved to its full dotted path (table header,
 * dotted keys and inline tables alike), so the three spellings of the same
 * setting go through one assignment.
 */
#include "pyproject.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_toml(void);

typedef struct toml_reader {
	const char *path;
	const char *text;
	gg_config *out;
	bool found;
	char *error; /* owned; the first problem */
	int rc;
} toml_reader;

static void toml_fail(toml_reader *r, TSNode at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void toml_fail(toml_reader *r, TSNode at, const char *fmt, ...)
{
	if (r->rc)
		return;
	r->rc = -EINVAL;
	char *what = NULL;
	va_list ap;
	va_start(ap, fmt);
	if (vasprintf(&what, fmt, ap) < 0)
		what = NULL;
	va_end(ap);
	TSPoint p = ts_node_start_point(at);
	if (what)
		r->error = gg_strdup_printf("%s:%u:%u: %s", r->path, p.row + 1, p.column + 1, what);
	free(what);
	if (!r->error)
		r->rc = -ENOMEM;
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

/* Appends the segments of a key (bare_key, quoted_key or dotted_key) to path. */
static void toml_key_path(toml_reader *r, TSNode key, gg_strings *path)
{
	const char *type = ts_node_type(key);
	if (strcmp(type, "dotted_key") == 0) {
		uint32_t n = ts_node_named_child_count(key);
		for (uint32_t i = 0; i < n && !r->rc; i++)
			toml_key_path(r, ts_node_named_child(key, i), path);
		return;
	}
	char *segment = NULL;
	if (strcmp(type, "bare_key") == 0) {
		uint32_t a = ts_node_start_byte(key), b = ts_node_end_byte(key);
		segment = gg_strdup_printf("%.*s", (int)(b - a), r->text + a);
		if (!segment)
			toml_oom(r);
	} else if (strcmp(type, "quoted_key") == 0) {
		segment = toml_string_value(r, key);
	} else {
		toml_fail(r, key, "expected a key");
	}
	if (segment && gg_strings_push(path, segment) != 0)
		toml_oom(r);
	free(segment);
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
	uint32_t n = ts_node_named_child_count(value);
	for (uint32_t i = 0; i < n && !r->rc; i++) {
		TSNode item = ts_node_named_child(value, i);
		if (strcmp(ts_node_type(item), "comment") == 0)
			continue;
		if (strcmp(ts_node_type(item), "string") != 0) {
			toml_fail(r, item, "%s must be an array of strings, not of %s", gg_config_key_name(key),
				  ts_node_type(item));
			return;
		}
		char *s = toml_string_value(r, item);
		if (s && gg_strings_push(list, s) != 0)
			toml_oom(r);
		free(s);
	}
}

static void toml_set_severity(toml_reader *r, const char *code, TSNode value)
{
	char *name = strcmp(ts_node_type(value), "string") == 0 ? toml_string_value(r, value) : NULL;
	gg_severity sev;
	if (!name && !r->rc)
		toml_fail(r, value, "severity.%s must be a string: \"error\", \"warning\", \"information\" or \"hint\"", code);
	else if (name && gg_severity_from_name(name, &sev) != 0)
		toml_fail(r, value, "severity.%s: unknown severity \"%s\" (error, warning, information or hint)", code, name);
	else if (name && gg_config_set_severity(r->out, code, sev) != 0)
		toml_oom(r);
	free(name);
}

/* One setting: rest is the key path under tool.gradguard (never empty). */
static void toml_assign_setting(toml_reader *r, TSNode at, const gg_strings *path, TSNode value)
{
	const char *name = path->items[2];
	unsigned key = gg_config_key_lookup(name);
	if (!key) {
		toml_fail(r, at, "unknown key tool.gradguard.%s", name);
		return;
	}
	if (key == GG_CONFIG_SEVERITY) {
		if (path->len == 4) {
			toml_set_severity(r, path->items[3], value);
		} else if (path->len == 3 && strcmp(ts_node_type(value), "inline_table") == 0) {
			toml_visit_pairs(r, value, path);
		} else {
			toml_fail(r, at, "severity must be a table of code = \"error\" | \"warning\" | \"information\" | \"hint\"");
			return;
		}
		r->out->set |= key;
		return;
	}
	if (path->len > 3) {
		toml_fail(r, at, "tool.gradguard.%s is not a table", name);
		return;
	}
	if (r->out->set & key) {
		toml_fail(r, at, "duplicate key tool.gradguard.%s", name);
		return;
	}
	r->out->set |= key;
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
}

/* A key path (table header + key) and its value. */
static void toml_assign(toml_reader *r, TSNode at, const gg_strings *path, TSNode value)
{
	if (toml_path_is(path, 2, tool_gradguard)) {
		r->found = true;
		if (path->len > 2)
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
	uint32_t n = ts_node_named_child_count(parent);
	for (uint32_t i = 0; i < n && !r->rc; i++) {
		TSNode pair = ts_node_named_child(parent, i);
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
		toml_key_path(r, ts_node_named_child(pair, 0), &path);
		if (!r->rc)
			toml_assign(r, pair, &path, value);
		gg_strings_free(&path);
	}
}

/* A [header] table: its pairs, under the header's key path. */
static void toml_visit_table(toml_reader *r, TSNode table)
{
	gg_strings header;
	gg_strings_init(&header);
	TSNode key = ts_node_named_child(table, 0);
	if (!ts_node_is_null(key))
		toml_key_path(r, key, &header);
	if (!r->rc && toml_path_is(&header, 2, tool_gradguard)) {
		r->found = true;
		if (header.len == 3 && gg_config_key_lookup(header.items[2]) == GG_CONFIG_SEVERITY)
			r->out->set |= GG_CONFIG_SEVERITY;
		else if (header.len > 2)
			toml_fail(r, table, "unknown table [tool.gradguard.%s]", header.items[2]);
	}
	if (!r->rc && (header.len >= 2 || (header.len == 1 && strcmp(header.items[0], "tool") == 0)))
		toml_visit_pairs(r, table, &header);
	gg_strings_free(&header);
}

/* The first ERROR or MISSING node, depth first, or a null node. */
static TSNode toml_first_error(TSNode node)
{
	if (ts_node_is_missing(node) || strcmp(ts_node_type(node), "ERROR") == 0)
		return node;
	uint32_t n = ts_node_child_count(node);
	for (uint32_t i = 0; i < n; i++) {
		TSNode child = ts_node_child(node, i);
		if (ts_node_has_error(child))
			return toml_first_error(child);
	}
	return (TSNode){ { 0, 0, 0, 0 }, NULL, NULL };
}

int gg_pyproject_parse(const char *path, const char *text, size_t len, gg_config *out, bool *found, char **error)
{
	*found = false;
	*error = NULL;
	if (len > UINT32_MAX)
		return -EFBIG;
	TSParser *parser = ts_parser_new();
	if (!parser)
		return -ENOMEM;
	if (!ts_parser_set_language(parser, tree_sitter_toml())) {
		ts_parser_delete(parser);
		*error = gg_strdup_printf("%s: cannot load the TOML grammar (ABI %u)", path,
					  ts_language_version(tree_sitter_toml()));
		return *error ? -EINVAL : -ENOMEM;
	}
	TSTree *tree = ts_parser_parse_string(parser, NULL, text, (uint32_t)len);
	ts_parser_delete(parser);
	if (!tree)
		return -ENOMEM;

	toml_reader r = { path, text, out, false, NULL, 0 };
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
	gg_strings top;
	gg_strings_init(&top);
	if (!r.rc)
		toml_visit_pairs(&r, root, &top);
	uint32_t n = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < n && !r.rc; i++) {
		TSNode child = ts_node_named_child(root, i);
		if (strcmp(ts_node_type(child), "table") == 0)
			toml_visit_table(&r, child);
	}
	ts_tree_delete(tree);
	*found = r.found;
	*error = r.error;
	return r.rc;
}
