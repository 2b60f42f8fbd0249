/*
 * Rule and API explanations (explain_docs.h). Written against the PyTorch
 * documentation linked in each text; keep the claims to what those pages say.
 */
#include "explain_docs.h"

#include "analysis.h"
#include "buf.h"
#include "findings.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define DOC_AUTOGRAD_LOCAL "https://pytorch.org/docs/stable/notes/autograd.html#locally-disabling-gradient-computation"
#define DOC_NO_GRAD "https://pytorch.org/docs/stable/generated/torch.no_grad.html"
#define DOC_INFERENCE "https://pytorch.org/docs/stable/generated/torch.inference_mode.html"
#define DOC_SET_GRAD "https://pytorch.org/docs/stable/generated/torch.set_grad_enabled.html"
#define DOC_ENABLE_GRAD "https://pytorch.org/docs/stable/generated/torch.enable_grad.html"
#define DOC_EVAL "https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.eval"
#define DOC_TRAIN "https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.train"
#define DOC_DETACH "https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html"
#define DOC_ITEM "https://pytorch.org/docs/stable/generated/torch.Tensor.item.html"
#define DOC_VARIABLE "https://pytorch.org/docs/stable/autograd.html#variable-deprecated"

/* The rule pages docs/rules/GGnnn.md, compiled in by meson (gg-embed). */
extern const char gg_doc_GG000[], gg_doc_GG001[], gg_doc_GG002[], gg_doc_GG003[];

typedef struct doc_entry {
	const char *name;
	const char *text;
} doc_entry;

static const doc_entry doc_apis[] = {
	{ "eval",
	  "### `Module.eval()`\n"
	  "\n"
	  "Sets the module and its children to evaluation mode (`training = False`): Dropout stops dropping, "
	  "BatchNorm uses its running statistics.\n"
	  "\n"
	  "**Does not** disable gradients: autograd still records the forward and keeps its activations. Use "
	  "it *together with* `torch.no_grad()` or `torch.inference_mode()` ([docs](" DOC_EVAL "), "
	  "[autograd notes](" DOC_AUTOGRAD_LOCAL ")).\n" },
	{ "train",
	  "### `Module.train(mode=True)`\n"
	  "\n"
	  "Sets the module and its children to training mode (`train(False)` is `eval()`): Dropout drops, "
	  "BatchNorm updates its running statistics.\n"
	  "\n"
	  "**Does not** enable or disable gradients, and does not change `requires_grad` of any parameter "
	  "([docs](" DOC_TRAIN ")). It ends the evaluation region that `eval()` started.\n" },
	{ "no_grad",
	  "### `torch.no_grad()`\n"
	  "\n"
	  "A context manager (and decorator) that disables gradient calculation: results computed inside have "
	  "`requires_grad=False`, no graph is recorded and no activations are kept ([docs](" DOC_NO_GRAD ")).\n"
	  "\n"
	  "- It does **not** detach tensors that already have history: a tensor computed before the block "
	  "keeps its graph.\n"
	  "- It is thread-local: it does not affect computation in other threads.\n"
	  "- As a decorator, `@torch.no_grad()` also works on a generator function: grad is disabled each time "
	  "the generator resumes and restored when it yields. A `with torch.no_grad():` block around a `yield` "
	  "stays in force in the caller until the generator resumes.\n"
	  "- `torch.enable_grad()` inside it turns gradients back on.\n"
	  "\n"
	  "See [locally disabling gradient computation](" DOC_AUTOGRAD_LOCAL ").\n" },
	{ "inference_mode",
	  "### `torch.inference_mode(mode=True)`\n"
	  "\n"
	  "Like `torch.no_grad()`, and faster: it also skips view tracking and version counter updates "
	  "([docs](" DOC_INFERENCE ")). A context manager and a decorator; thread-local.\n"
	  "\n"
	  "- Tensors created inside are *inference tensors*: they cannot be used in autograd later (saved for "
	  "backward by an operation recorded outside inference mode) and cannot be modified in place outside "
	  "it. Use `torch.no_grad()` when outputs go back into training (or `.clone()` them).\n"
	  "- It does **not** detach tensors that already have history.\n"
	  "- `inference_mode(False)` (or `mode=False`) does not disable anything.\n"
	  "\n"
	  "See [inference mode](https://pytorch.org/docs/stable/notes/autograd.html#inference-mode).\n" },
	{ "set_grad_enabled",
	  "### `torch.set_grad_enabled(mode)`\n"
	  "\n"
	  "Turns gradient calculation on or off ([docs](" DOC_SET_GRAD ")). Thread-local.\n"
	  "\n"
	  "- As a context manager, `with torch.set_grad_enabled(is_train):` switches by phase and restores the "
	  "previous mode on exit.\n"
	  "- As a bare statement, `torch.set_grad_enabled(False)` lasts until something enables grad again: it "
	  "does not end with the function or block it is called in.\n"
	  "- It does **not** detach tensors that already have history.\n" },
	{ "enable_grad",
	  "### `torch.enable_grad()`\n"
	  "\n"
	  "A context manager (and decorator) that enables gradient calculation, for example inside a "
	  "`torch.no_grad()` block or after `torch.set_grad_enabled(False)` ([docs](" DOC_ENABLE_GRAD ")). "
	  "Thread-local. Code under it records graphs and keeps activations again.\n" },
	{ "volatile",
	  "### `volatile=True`\n"
	  "\n"
	  "Before PyTorch 0.4, `Variable(x, volatile=True)` disabled autograd for everything computed from `x`. "
	  "Since 0.4 it has **no effect** (PyTorch warns that volatile was removed): the forward runs with "
	  "autograd on ([docs](" DOC_VARIABLE ")). Remove it and use `with torch.no_grad():` "
	  "([docs](" DOC_NO_GRAD ")).\n" },
	{ "detach",
	  "### `Tensor.detach()`\n"
	  "\n"
	  "Returns a new tensor that shares storage with this one but is cut from the graph "
	  "(`requires_grad=False`) ([docs](" DOC_DETACH ")).\n"
	  "\n"
	  "- On a forward's output it does **not** avoid the cost of the forward: the graph was already "
	  "recorded (it is freed once nothing refers to the original). Disable grad around the forward instead.\n"
	  "- It is the right fix for a tensor kept across iterations (`outputs.append(out.detach())`).\n"
	  "- The two tensors share memory: an in-place change to one shows in the other.\n" },
	{ "item",
	  "### `Tensor.item()`\n"
	  "\n"
	  "Returns the value of a one-element tensor as a Python number ([docs](" DOC_ITEM ")). A Python number "
	  "holds no graph, so `total += loss.detach().item()` keeps no iteration's graph alive.\n"
	  "\n"
	  "- It raises for a tensor with more than one element.\n"
	  "- On a GPU tensor it waits for the device (a synchronisation), so call it when you log, not on every "
	  "operation.\n" },
};

const char *gg_docs_rule(const char *code)
{
	if (!code)
		return NULL;
	if (strcmp(code, "GG000") == 0)
		return gg_doc_GG000;
	if (strcmp(code, "GG001") == 0)
		return gg_doc_GG001;
	if (strcmp(code, "GG002") == 0)
		return gg_doc_GG002;
	if (strcmp(code, "GG003") == 0)
		return gg_doc_GG003;
	return NULL;
}

/* The text under "## name" of a page, up to the next "## ", blank lines trimmed; false when there is none. */
static bool section_body(const char *page, const char *name, const char **body, size_t *len)
{
	size_t n = strlen(name);
	for (const char *p = strstr(page, "\n## "); p; p = strstr(p + 1, "\n## ")) {
		if (strncmp(p + 4, name, n) != 0 || p[4 + n] != '\n')
			continue;
		const char *from = p + 4 + n;
		const char *end = strstr(from, "\n## ");
		if (!end)
			end = from + strlen(from);
		while (from < end && (*from == '\n' || *from == ' '))
			from++;
		while (end > from && (end[-1] == '\n' || end[-1] == ' '))
			end--;
		*body = from;
		*len = (size_t)(end - from);
		return true;
	}
	return false;
}

char *gg_docs_rule_hover(const char *code, const char *subject, const char *url)
{
	const char *page = gg_docs_rule(code);
	if (!page)
		return NULL;
	/* The page's title ("# GG001 eval-forward-with-grad"), bold: a heading would take a hover's height. */
	const char *title = code;
	size_t title_len = strlen(code);
	if (strncmp(page, "# ", 2) == 0) {
		title = page + 2;
		title_len = strcspn(title, "\n");
	}
	const char *brief = NULL;
	size_t brief_len = 0;
	if (!section_body(page, "In brief", &brief, &brief_len))
		brief = "";
	/* The link ends the brief's paragraph: a line of its own would cost a line of the hover. */
	/* A link's destination ends at ')' or a space: those of the URL (a folder's name) go percent-encoded. */
	gg_buf link = { NULL, 0, 0 };
	for (const char *p = url; p && *p; p++) {
		int rc = *p == '(' ? gg_buf_append(&link, "%28", 3)
			 : *p == ')' ? gg_buf_append(&link, "%29", 3)
			 : *p == ' ' ? gg_buf_append(&link, "%20", 3)
				     : gg_buf_append(&link, p, 1);
		if (rc) {
			gg_buf_free(&link);
			return NULL;
		}
	}
	url = url ? gg_buf_cstr(&link) : NULL;
	char *text;
	if (!url)
		text = gg_strdup_printf("**%.*s**%s%s%s\n\n%.*s\n", (int)title_len, title, subject ? " · `" : "",
					subject ? subject : "", subject ? "`" : "", (int)brief_len, brief);
	else
		text = gg_strdup_printf("**%.*s**%s%s%s\n\n%.*s%s[%s: why it happens, the fix and how to verify](%s)\n",
					(int)title_len, title, subject ? " · `" : "", subject ? subject : "", subject ? "`" : "",
					(int)brief_len, brief, brief_len ? " " : "", code, url);
	gg_buf_free(&link);
	return text;
}

const char *gg_docs_api(const char *name)
{
	for (size_t i = 0; name && i < sizeof doc_apis / sizeof doc_apis[0]; i++)
		if (strcmp(doc_apis[i].name, name) == 0)
			return doc_apis[i].text;
	return NULL;
}

char *gg_docs_plaintext(const char *md)
{
	size_t n = strlen(md);
	/* "[t](u)" becomes "t (u)": one byte longer per link at most. */
	char *out = malloc(2 * n + 1);
	if (!out)
		return NULL;
	size_t k = 0;
	bool line_start = true;
	for (size_t i = 0; i < n;) {
		if (line_start && md[i] == '#') {
			while (i < n && (md[i] == '#' || md[i] == ' '))
				i++;
			line_start = false;
			continue;
		}
		line_start = false;
		if (md[i] == '`' || (md[i] == '*' && i + 1 < n && md[i + 1] == '*')) {
			i += md[i] == '`' ? 1 : 2;
			continue;
		}
		if (md[i] == '*' && (i + 1 < n && md[i + 1] != ' ')) {
			i++;
			continue;
		}
		if (md[i] == '[') {
			const char *close = strstr(md + i, "](");
			const char *end = close ? strchr(close, ')') : NULL;
			const char *nl = strchr(md + i, '\n');
			if (close && end && (!nl || end < nl)) {
				size_t tlen = (size_t)(close - (md + i + 1));
				size_t ulen = (size_t)(end - (close + 2));
				memcpy(out + k, md + i + 1, tlen);
				k += tlen;
				memcpy(out + k, " (", 2);
				k += 2;
				memcpy(out + k, close + 2, ulen);
				k += ulen;
				out[k++] = ')';
				i = (size_t)(end - md) + 1;
				continue;
			}
		}
		if (md[i] == '\n')
			line_start = true;
		out[k++] = md[i++];
	}
	out[k] = '\0';
	return out;
}
