/* Hover in Python documents (hover_python.h). */
#include "lsp/hover_python.h"

#include <stdlib.h>
#include <string.h>

#include "explain_docs.h"
#include "lsp/diagnostics.h"
#include "lsp/log_document.h"
#include "lsp/notebook_document.h"
#include "lsp/settings.h"
#include "runtime_report.h"

static bool hover_type_is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && strcmp(ts_node_type(n), type) == 0;
}

/* The API an identifier names where it stands: "eval" for the callee of x.eval(), "volatile" for volatile=. */
static const char *hover_api_at(const gg_document *doc, TSNode id)
{
	static const char *const methods[] = { "eval", "train", "detach", "item", NULL };
	static const char *const grad_modes[] = { "no_grad", "inference_mode", "set_grad_enabled", "enable_grad", NULL };
	uint32_t s = ts_node_start_byte(id), e = ts_node_end_byte(id);
	if (e > doc->len)
		return NULL;
	TSNode parent = ts_node_parent(id);
	for (int i = 0; grad_modes[i]; i++)
		if (e - s == strlen(grad_modes[i]) && memcmp(doc->text + s, grad_modes[i], e - s) == 0)
			return grad_modes[i];
	if (e - s == 8 && memcmp(doc->text + s, "volatile", 8) == 0 && hover_type_is(parent, "keyword_argument"))
		return "volatile";
	/* A method only as `x.name(...)`: an attribute that is the callee of a call. */
	if (!hover_type_is(parent, "attribute") || !hover_type_is(ts_node_parent(parent), "call") ||
	    ts_node_start_byte(ts_node_child_by_field_name(parent, "attribute", 9)) != s)
		return NULL;
	for (int i = 0; methods[i]; i++)
		if (e - s == strlen(methods[i]) && memcmp(doc->text + s, methods[i], e - s) == 0)
			return methods[i];
	return NULL;
}

/* The finding's code as a hover names it: its first line, cut at 60 bytes; NULL when it is no inline code. */
static char *hover_subject(const gg_document *doc, gg_byte_range r)
{
	enum { MAX = 60 };
	if (r.end > doc->len || r.start >= r.end)
		return NULL;
	size_t len = r.end - r.start;
	const char *text = doc->text + r.start;
	const char *nl = memchr(text, '\n', len);
	bool cut = nl || len > MAX;
	if (nl)
		len = (size_t)(nl - text);
	if (nl && len > 0 && text[len - 1] == '\r')
		len--;
	if (len > MAX)
		len = MAX;
	/* Back to a character boundary: never half of a UTF-8 sequence. */
	while (cut && len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80)
		len--;
	if (len == 0 || memchr(text, '`', len))
		return NULL;
	return gg_strdup_printf("%.*s%s", (int)len, text, cut ? "…" : "");
}

static cJSON *hover_range(gg_session *s, const gg_document *doc, size_t start, size_t end)
{
	gg_position a = gg_document_position(doc, start, s->encoding);
	gg_position b = gg_document_position(doc, end, s->encoding);
	cJSON *range = cJSON_CreateObject();
	cJSON *from = cJSON_AddObjectToObject(range, "start");
	cJSON_AddNumberToObject(from, "line", a.line);
	cJSON_AddNumberToObject(from, "character", a.character);
	cJSON *to = cJSON_AddObjectToObject(range, "end");
	cJSON_AddNumberToObject(to, "line", b.line);
	cJSON_AddNumberToObject(to, "character", b.character);
	return range;
}

/* The Hover for markdown (consumed), in the client's format. */
static cJSON *hover_make(gg_session *s, const gg_document *doc, char *markdown, size_t start, size_t end)
{
	if (!markdown)
		return NULL;
	char *value = markdown;
	if (s->client_hover_plaintext) {
		value = gg_docs_plaintext(markdown);
		free(markdown);
		if (!value)
			return NULL;
	}
	cJSON *h = cJSON_CreateObject();
	cJSON *contents = cJSON_AddObjectToObject(h, "contents");
	cJSON_AddStringToObject(contents, "kind", s->client_hover_plaintext ? "plaintext" : "markdown");
	cJSON_AddStringToObject(contents, "value", value);
	cJSON_AddItemToObject(h, "range", hover_range(s, doc, start, end));
	free(value);
	if (!cJSON_GetObjectItemCaseSensitive(h, "range")) {
		cJSON_Delete(h);
		return NULL;
	}
	return h;
}

/* md (consumed) with what gradguard.probe measured at f's site, when it did (runtime_report.h). NULL on OOM. */
static char *hover_runtime(gg_session *s, const gg_document *doc, const gg_finding *f, char *md)
{
	if (!md || !s->runtime || !s->runtime->len)
		return md;
	uint32_t line = 1;
	for (size_t i = 0; i < f->range.start && i < doc->len; i++)
		line += doc->text[i] == '\n';
	const gg_runtime_entry *e = gg_runtime_report_find(s->runtime, doc->path, doc->text, doc->len,
							   doc->notebook ? &doc->notebook->joined : NULL, line, f->code);
	if (!e)
		return md;
	char *with = gg_strdup_printf("%s\n\n**Measured at run time** (`.gradguard/runtime.json`): %s", md, e->message);
	free(md);
	return with;
}

cJSON *gg_hover_python(gg_session *s, gg_document *doc, size_t offset)
{
	if (gg_log_document_is_log(doc) || gg_diagnostics_analyze(s, doc) != 0 || !doc->tree)
		return NULL;
	/* The innermost finding under the cursor. */
	const gg_finding *best = NULL;
	for (size_t i = 0; i < doc->findings.len; i++) {
		const gg_finding *f = &doc->findings.items[i];
		if (f->range.start <= offset && offset <= f->range.end &&
		    (!best || f->range.end - f->range.start < best->range.end - best->range.start))
			best = f;
	}
	if (best) {
		/*
		 * The rule and the code it is on, its mechanism in brief, the link to
		 * all of it. Not the message: the editor shows the diagnostic itself
		 * (VS Code right above this text), and twice is what cut the hover.
		 */
		char *subject = hover_subject(doc, best->range);
		char *url = gg_settings_rule_url(s, doc, best->code);
		char *md = hover_runtime(s, doc, best, gg_docs_rule_hover(best->code, subject, url));
		free(url);
		free(subject);
		return md ? hover_make(s, doc, md, best->range.start, best->range.end) : NULL;
	}
	TSNode root = ts_tree_root_node(doc->tree);
	TSNode id = ts_node_descendant_for_byte_range(root, (uint32_t)offset, (uint32_t)offset);
	if (!hover_type_is(id, "identifier") && offset > 0)
		id = ts_node_descendant_for_byte_range(root, (uint32_t)offset - 1, (uint32_t)offset - 1);
	if (!hover_type_is(id, "identifier"))
		return NULL;
	const char *api = hover_api_at(doc, id);
	const char *text = api ? gg_docs_api(api) : NULL;
	if (!text)
		return NULL;
	return hover_make(s, doc, strdup(text), ts_node_start_byte(id), ts_node_end_byte(id));
}
