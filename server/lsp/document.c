#include "lsp/document.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "diagnose.h"
#include "lsp/notebook_document.h"
#include "uri.h"

static char *document_strdup(const char *s)
{
	return s ? strdup(s) : strdup("");
}

static int document_reserve(gg_document *doc, size_t need)
{
	if (need + 1 <= doc->cap)
		return 0;
	size_t cap = doc->cap ? doc->cap : 256;
	while (cap < need + 1) {
		if (cap > SIZE_MAX / 2)
			return -ENOMEM;
		cap *= 2;
	}
	char *p = realloc(doc->text, cap);
	if (!p)
		return -ENOMEM;
	doc->text = p;
	doc->cap = cap;
	return 0;
}

/* Re-derives what depends on the text; the line index is rebuilt in O(n). */
static int document_reindex(gg_document *doc)
{
	doc->text[doc->len] = '\0';
	doc->analysis_stale = true;
	return gg_line_index_build(&doc->lines, doc->text, doc->len);
}

gg_document *gg_document_new(const char *uri, const char *language_id, int64_t version, const char *text, size_t len)
{
	gg_document *doc = calloc(1, sizeof *doc);
	if (!doc)
		return NULL;
	gg_line_index_init(&doc->lines);
	gg_findings_init(&doc->findings);
	doc->uri = document_strdup(uri);
	doc->language_id = document_strdup(language_id);
	doc->path = gg_uri_to_path(uri);
	doc->version = version;
	if (!doc->uri || !doc->language_id || document_reserve(doc, len) != 0) {
		gg_document_free(doc);
		return NULL;
	}
	memcpy(doc->text, text, len);
	doc->len = len;
	doc->open_brackets = gg_python_open_brackets(text, len);
	doc->tree_stale = true;
	if (document_reindex(doc) != 0) {
		gg_document_free(doc);
		return NULL;
	}
	return doc;
}

void gg_document_free(gg_document *doc)
{
	if (!doc)
		return;
	free(doc->uri);
	free(doc->path);
	free(doc->language_id);
	free(doc->text);
	gg_line_index_free(&doc->lines);
	if (doc->tree)
		ts_tree_delete(doc->tree);
	gg_findings_free(&doc->findings);
	gg_document_set_diagnoses(doc, NULL);
	gg_notebook_document_free(doc->notebook);
	free(doc);
}

void gg_document_set_diagnoses(gg_document *doc, struct gg_diagnoses *diagnoses)
{
	if (doc->diagnoses) {
		gg_diagnoses_free(doc->diagnoses);
		free(doc->diagnoses);
	}
	doc->diagnoses = diagnoses;
}

/* gg_python_parse reads lone "\r" as a line end, so tree rows are exactly LSP lines. */
static TSPoint document_ts_point(const gg_document *doc, size_t offset)
{
	uint32_t line = gg_line_index_line_of(&doc->lines, offset);
	TSPoint pt = { line, (uint32_t)(offset - doc->lines.starts[line]) };
	return pt;
}

static int document_splice(gg_document *doc, size_t start, size_t old_end, const char *text, size_t len)
{
	size_t removed = old_end - start;
	if (len > removed && document_reserve(doc, doc->len - removed + len) != 0)
		return -ENOMEM;

	TSInputEdit edit;
	if (doc->tree) {
		edit.start_byte = (uint32_t)start;
		edit.old_end_byte = (uint32_t)old_end;
		edit.start_point = document_ts_point(doc, start);
		edit.old_end_point = document_ts_point(doc, old_end);
	}

	doc->open_brackets += gg_python_open_brackets(text, len) - gg_python_open_brackets(doc->text + start, removed);
	memmove(doc->text + start + len, doc->text + old_end, doc->len - old_end);
	memcpy(doc->text + start, text, len);
	doc->len = doc->len - removed + len;
	int rc = document_reindex(doc);
	doc->tree_stale = true;
	if (rc != 0) {
		/* Without the line index the edit cannot be described: parse afresh later. */
		if (doc->tree)
			ts_tree_delete(doc->tree);
		doc->tree = NULL;
		return rc;
	}

	if (doc->tree) {
		edit.new_end_byte = (uint32_t)(start + len);
		edit.new_end_point = document_ts_point(doc, start + len);
		ts_tree_edit(doc->tree, &edit);
	}
	return 0;
}

int gg_document_replace_all(gg_document *doc, const char *text, size_t len)
{
	return document_splice(doc, 0, doc->len, text, len);
}

int gg_document_apply_change(gg_document *doc, gg_position start, gg_position end, gg_encoding enc,
			     const char *text, size_t len)
{
	size_t a = gg_position_to_offset(&doc->lines, doc->text, doc->len, start, enc);
	size_t b = gg_position_to_offset(&doc->lines, doc->text, doc->len, end, enc);
	if (a > b) {
		size_t t = a;
		a = b;
		b = t;
	}
	return document_splice(doc, a, b, text, len);
}

int gg_document_parse(gg_document *doc, TSParser *parser)
{
	if (doc->tree && !doc->tree_stale)
		return 0;
	/* tree-sitter offsets are 32-bit; larger texts are not parsed at all. */
	if (doc->len > UINT32_MAX)
		return -EFBIG;
	TSTree *tree = gg_python_parse_counted(parser, doc->tree, doc->text, doc->len, doc->open_brackets);
	if (!tree)
		return -ENOMEM;
	if (doc->tree)
		ts_tree_delete(doc->tree);
	doc->tree = tree;
	doc->tree_stale = false;
	return 0;
}

gg_position gg_document_position(const gg_document *doc, size_t offset, gg_encoding enc)
{
	return gg_offset_to_position(&doc->lines, doc->text, doc->len, offset, enc);
}

size_t gg_document_offset(const gg_document *doc, gg_position pos, gg_encoding enc)
{
	return gg_position_to_offset(&doc->lines, doc->text, doc->len, pos, enc);
}

static bool document_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool gg_document_is_python(const gg_document *doc)
{
	if (strcmp(doc->language_id, "python") == 0)
		return true;
	if (doc->language_id[0] != '\0')
		return false;
	return document_ends_with(doc->uri, ".py") || document_ends_with(doc->uri, ".pyi");
}
