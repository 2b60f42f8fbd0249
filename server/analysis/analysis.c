#include "analysis.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "grad_context.h"
#include "noqa.h"
#include "project.h"
#include "project_lines.h"
#include "rules.h"

/*
 * Each row of gg_rules (rule_table.c, which the configuration reader links
 * alone) to its implementation (rules.h); gg_analyzer_new refuses a row
 * without one.
 */
static const struct {
	const char *code;
	const gg_rule_impl *impl;
} rule_impls[] = {
	{ "GG001", &gg_rule_gg001 },
	{ "GG002", &gg_rule_gg002 },
	{ "GG003", &gg_rule_gg003 },
	{ "GG000", &gg_rule_gg000 },
};

static const gg_rule_impl *rule_impl(const char *code)
{
	for (size_t i = 0; i < sizeof rule_impls / sizeof *rule_impls; i++)
		if (strcmp(rule_impls[i].code, code) == 0)
			return rule_impls[i].impl;
	return NULL;
}

struct gg_analyzer {
	TSParser *parser;     /* owned */
	gg_tree *copy;        /* owned: the copy of the tree of the file being checked (tree.h) */
	gg_semantic *model;   /* owned; the model of the file being checked */
	void **states;        /* owned; each rule's state, by its row in gg_rules */
	const gg_rule_impl **impls; /* owned array; each row's implementation */
	size_t rules_len;
	gg_py_ids ids;        /* the grammar's node types and fields the rules test */
	/* The text whose tree copy holds after the last check that analysed it (gg_analyzer_checked_tree); borrowed. */
	const char *checked_text;
	size_t checked_len;
};

gg_analyzer *gg_analyzer_new(char **error)
{
	if (error)
		*error = NULL;
	gg_analyzer *a = calloc(1, sizeof *a);
	if (!a) {
		if (error)
			*error = gg_strdup_printf("out of memory");
		return NULL;
	}
	a->parser = gg_python_parser_new();
	if (!a->parser) {
		if (error)
			*error = gg_strdup_printf("cannot load the Python grammar (ABI %u; this libtree-sitter loads %u..%u)",
						  ts_language_version(gg_python_language()),
						  (unsigned)TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION,
						  (unsigned)TREE_SITTER_LANGUAGE_VERSION);
		gg_analyzer_delete(a);
		return NULL;
	}
	if (!gg_py_ids_init(&a->ids, gg_python_language())) {
		if (error)
			*error = gg_strdup_printf("the Python grammar lacks a node type or field the rules need");
		gg_analyzer_delete(a);
		return NULL;
	}
	a->model = gg_semantic_new(error);
	a->copy = gg_tree_new();
	if (a->copy)
		gg_tree_set_fields(a->copy, gg_python_field_pairs, gg_python_field_pairs_len);
	while (gg_rules[a->rules_len].code)
		a->rules_len++;
	a->states = calloc(a->rules_len, sizeof *a->states);
	a->impls = calloc(a->rules_len, sizeof *a->impls);
	if (!a->model || !a->copy || !a->states || !a->impls) {
		if (error && !*error)
			*error = gg_strdup_printf("out of memory");
		gg_analyzer_delete(a);
		return NULL;
	}
	for (size_t i = 0; i < a->rules_len; i++) {
		const gg_rule_impl *impl = a->impls[i] = rule_impl(gg_rules[i].code);
		if (!impl) {
			if (error)
				*error = gg_strdup_printf("%s: the rule has no implementation", gg_rules[i].code);
			gg_analyzer_delete(a);
			return NULL;
		}
		if (impl->state_new && !(a->states[i] = impl->state_new(error))) {
			if (error && !*error)
				*error = gg_strdup_printf("%s: out of memory", gg_rules[i].code);
			gg_analyzer_delete(a);
			return NULL;
		}
	}
	return a;
}

void gg_analyzer_delete(gg_analyzer *a)
{
	if (!a)
		return;
	if (a->parser)
		ts_parser_delete(a->parser);
	gg_semantic_delete(a->model);
	gg_tree_delete(a->copy);
	for (size_t i = 0; a->states && i < a->rules_len; i++)
		if (a->states[i])
			a->impls[i]->state_delete(a->states[i]);
	free(a->states);
	free(a->impls);
	free(a);
}

static bool name_is(const char *p, size_t n, const char *lit)
{
	return strlen(lit) == n && memcmp(p, lit, n) == 0;
}

/* The length of the name of a bare call `name()` that l is (up to a comment), or 0. */
static size_t bare_call(const line *l)
{
	size_t n = word_at(l->content, l->end);
	const char *p = l->content + n;
	if (!n || (size_t)(l->end - p) < 2 || memcmp(p, "()", 2) != 0)
		return 0;
	for (p += 2; p < l->end && (*p == ' ' || *p == '\t' || *p == '\r'); p++)
		;
	return p == l->end || *p == '#' ? n : 0;
}

static bool main_runs_tests(const char *text, size_t len, const line *l, unsigned depth);

/*
 * Whether the top-level function name of text only runs the file's tests
 * (`def main(): test_small(); test_trace()`), as a __main__ block may.
 */
static bool function_runs_tests(const char *text, size_t len, const char *name, size_t n, unsigned depth)
{
	const char *end = text + len;
	for (const char *q = text; q < end;) {
		line l;
		q = line_read(q, end, &l);
		if (l.indent || !line_starts(&l, "def ") || word_at(l.content + 4, l.end) != n ||
		    memcmp(l.content + 4, name, n) != 0 || l.content + 4 + n >= l.end || l.content[4 + n] != '(')
			continue;
		bool any = false;
		while (q < end) {
			const char *next = line_read(q, end, &l);
			if (!line_blank(&l) && l.indent == 0)
				break;
			q = next;
			if (line_blank(&l))
				continue;
			if (!main_runs_tests(text, len, &l, depth + 1))
				return false;
			any = true;
		}
		return any;
	}
	return false;
}

/*
 * Whether a line of a __main__ block only passes or runs the file's tests:
 * `pass`, `test_x()`, pytest.main(...), or `main()` whose body does only that.
 */
static bool main_runs_tests(const char *text, size_t len, const line *l, unsigned depth)
{
	if (line_starts(l, "pass") || line_has(l, "pytest.main") || line_has(l, "unittest.main"))
		return true;
	size_t n = bare_call(l);
	if (!n)
		return false;
	if (n >= 4 && memcmp(l->content, "test", 4) == 0)
		return true;
	return depth < 2 && function_runs_tests(text, len, l->content, n, depth);
}

/*
 * Whether a file named like a pytest module is an evaluation script: no
 * pytest or unittest import and no Test class, a __main__ block (or eval
 * mode set at module level: a script with no guard), and a model put in
 * eval mode or loaded. A detection project's test_net.py evaluates a
 * checkpoint on the test split: evaluation code, not a test. Its own
 * test_one_epoch(model, loader) functions are the script's steps, run from
 * its __main__ block (or from code that reads its command line at import,
 * which pytest's arguments would fail); without either they are pytest's. A harness run
 * as a script that evaluates no model (a fuzzer of traced graphs) stays a
 * test.
 */
static bool named_test_is_script(const char *text, size_t len)
{
	/* A model put in eval mode (an agent's own eval_mode() too), or weights loaded (a policy rolled out from its checkpoint). */
	if (!memmem(text, len, ".eval()", 7) && !memmem(text, len, ".eval_mode()", 12) && !memmem(text, len, "load_state_dict(", 16) &&
	    !memmem(text, len, "torch.load(", 11))
		return false;
	bool main_block = false, guardless = false, test_functions = false, arguments = false, in_main = false;
	for (const char *q = text, *end = text + len; q < end;) {
		line l;
		q = line_read(q, end, &l);
		if (line_blank(&l))
			continue;
		/*
		 * A __main__ block that only passes or runs the file's own tests
		 * (`test_attack()`, pytest.main) leaves a test file a test file.
		 */
		if (in_main && l.indent > 0) {
			if (!main_runs_tests(text, len, &l, 0))
				main_block = true;
			continue;
		}
		in_main = false;
		if (line_starts(&l, "class Test") || line_starts(&l, "import pytest") || line_starts(&l, "from pytest") ||
		    line_starts(&l, "import unittest") || line_starts(&l, "from unittest"))
			return false;
		if (line_starts(&l, "def test") || line_starts(&l, "async def test"))
			test_functions = true;
		if (line_starts(&l, "if __name__") && line_has(&l, "__main__")) {
			/* `if __name__ == "__main__": main()` on one line: what follows the colon is the block. */
			const char *colon = memrchr(l.content, ':', (size_t)(l.end - l.content));
			line rest = l;
			rest.content = colon ? colon + 1 : l.end;
			while (rest.content < rest.end && *rest.content == ' ')
				rest.content++;
			if (line_blank(&rest))
				in_main = true;
			else if (!main_runs_tests(text, len, &rest, 0))
				main_block = true;
		}
		/* A script written at module level, no __main__ guard: its model put in eval mode right there. */
		if (l.indent == 0 && line_has(&l, ".eval()"))
			guardless = true;
		/* Its command line read at import (pytest's own arguments would fail it): a script, whatever it defines. */
		if (l.indent == 0 && line_has(&l, "parse_args("))
			arguments = true;
	}
	return main_block || arguments || (guardless && !test_functions);
}

bool gg_source_is_test_module(const gg_source *src)
{
	if (!src->path)
		return false;
	const char *path = src->path;
	const char *root = src->root ? src->root : src->config ? src->config->root : NULL;
	size_t root_len = root ? strlen(root) : 0;
	while (root_len && (root[root_len - 1] == '/' || root[root_len - 1] == '\\'))
		root_len--;
	/* An absolute path outside any known project: its folders may be anybody's (/home/u/tests/proj). */
	bool folders = path[0] != '/' && path[0] != '\\';
	if (root_len && strncmp(path, root, root_len) == 0 && (path[root_len] == '/' || path[root_len] == '\\')) {
		path += root_len + 1;
		folders = true;
	}
	const char *base = path;
	for (const char *p = path; *p; p++) {
		if (*p != '/' && *p != '\\')
			continue;
		/* A package's own test helpers live in `unittests/` too (mixins its tests/ inherit). */
		size_t fn = (size_t)(p - base);
		if (folders && (name_is(base, fn, "tests") || name_is(base, fn, "test") || name_is(base, fn, "unittests") ||
				name_is(base, fn, "unit_tests")))
			return true;
		base = p + 1;
	}
	size_t n = strlen(base);
	if ((n > 8 && memcmp(base, "test_", 5) == 0 && memcmp(base + n - 3, ".py", 3) == 0) ||
	    (n > 8 && memcmp(base + n - 8, "_test.py", 8) == 0))
		return !src->text || !named_test_is_script(src->text, src->len);
	return name_is(base, n, "conftest.py") ||
	       name_is(base, n, "tests.py"); /* a suite in one file, as Django lays it out; test.py is often the evaluation */
}

/*
 * Whether the text can import a checked framework at all: a file that never
 * spells one of their names is not parsed. Every package
 * gg_package_is_framework accepts contains one of these words.
 */
bool gg_analysis_mentions_framework(const char *text, size_t len)
{
	static const char *const words[] = {
		"torch", "lightning", "transformers", "accelerate", "timm", "diffusers", NULL,
	};
	for (const char *const *w = words; *w; w++)
		if (memmem(text, len, *w, strlen(*w)))
			return true;
	return false;
}

/*
 * CPython rejects more than 200 nested brackets ("too many nested
 * parentheses") and 100 nested blocks, so a deeper tree is not a program
 * Python runs. Such trees are also where tree-sitter's query cursor turns
 * quadratic (it rescans its stack at every node), so they are not analysed.
 * The copy's depth is the cheap test; the byte scan then says whether
 * brackets made it (a long chain of `a + b + ...` is deep too, and fine).
 */
#define ANALYSIS_MAX_BRACKETS 200
#define ANALYSIS_MAX_TREE_DEPTH 1500

static bool analysis_too_deep(const gg_tree *copy, const char *text, size_t len)
{
	return gg_tree_depth(copy) > ANALYSIS_MAX_TREE_DEPTH && gg_python_brackets_deeper(text, len, ANALYSIS_MAX_BRACKETS);
}

const struct gg_library_facts *gg_analyzer_libraries(const gg_analyzer *a)
{
	return a ? gg_semantic_libraries(a->model) : NULL;
}

int gg_analyzer_exports(gg_analyzer *a, const char *text, size_t len, gg_export_fn add, void *ctx, TSTree **kept)
{
	if (kept)
		*kept = NULL;
	if (len > UINT32_MAX)
		return -EFBIG;
	ts_parser_reset(a->parser);
	TSTree *tree = gg_python_parse(a->parser, NULL, text ? text : "", len);
	if (!tree)
		return -ENOMEM;
	int rc = gg_tree_update(a->copy, tree, text, len, false);
	if (!rc && !analysis_too_deep(a->copy, text, len))
		rc = gg_semantic_exports(a->model, text, len, gg_tree_root(a->copy), add, ctx);
	if (!rc && kept)
		*kept = tree;
	else
		ts_tree_delete(tree);
	return rc;
}

/*
 * Whether src imports a module class of its project by name (`from
 * app.models import Scorer`), or a plain class that runs the modules it
 * holds (an agent), or puts what it is handed in eval mode
 * (gg_elsewhere_text_runs_modules): a file that never spells torch still
 * runs torch's modules then, and is read. Only asked with an index.
 */
static bool imports_project_module(const gg_source *src)
{
	const gg_elsewhere *e = src->elsewhere;
	if (gg_elsewhere_text_runs_modules(e, src->text, src->len))
		return true;
	if ((!gg_elsewhere_knows(e, GG_ELSEWHERE_FRAMEWORK_CLASSES) && !gg_elsewhere_knows(e, GG_ELSEWHERE_HOLDER_METHODS)) ||
	    !gg_text_contains(src->text, src->len, "import "))
		return false;
	gg_project_imports imports = { NULL, 0, 0 };
	bool found = false;
	gg_buf dotted = { NULL, 0, 0 };
	if (!gg_project_imports_read(src->text, src->len, &imports))
		for (size_t i = 0; i < imports.len && !found; i++) {
			const gg_project_import *im = &imports.items[i];
			dotted.len = 0;
			if (gg_buf_append(&dotted, im->module.ptr, im->module.len) || gg_buf_append(&dotted, ".", 1) ||
			    gg_buf_append(&dotted, im->name.ptr, im->name.len))
				break;
			found = gg_elsewhere_is(e, GG_ELSEWHERE_CLASS_RUNS_MODULES, dotted.data, dotted.len);
		}
	gg_buf_free(&dotted);
	free(imports.items);
	return found;
}

/*
 * The tree the rules read for src, made the analyzer's copy: src's own, or
 * one parsed here (*owned, the caller deletes it). The copy holds on to a
 * tree the caller keeps (src->tree), so that the next check of its edited
 * tree copies what the edit left alone. Returns 1 with *tree set, 0 when
 * there is nothing to analyse (no framework named, nesting too deep to
 * walk), or a negative errno.
 */
static int analysis_tree(gg_analyzer *a, const gg_source *src, const TSTree **tree, TSTree **owned)
{
	*owned = NULL;
	*tree = NULL;
	if (!a || !src || (!src->text && src->len))
		return -EINVAL;
	if (src->len > UINT32_MAX)
		return -EFBIG; /* tree-sitter offsets are 32-bit */
	if (!src->tree && !gg_analysis_mentions_framework(src->text, src->len) && !imports_project_module(src))
		return 0;
	const TSTree *t = src->tree;
	if (!t) {
		ts_parser_reset(a->parser);
		*owned = gg_python_parse(a->parser, NULL, src->text ? src->text : "", src->len);
		if (!*owned)
			return -ENOMEM;
		t = *owned;
	}
	int rc = gg_tree_update(a->copy, t, src->text, src->len, src->tree != NULL);
	if (rc || analysis_too_deep(a->copy, src->text, src->len)) {
		if (*owned)
			ts_tree_delete(*owned);
		*owned = NULL;
		return rc;
	}
	*tree = t;
	return 1;
}

int gg_analyzer_tree(gg_analyzer *a, const gg_source *src, gg_node *root)
{
	*root = gg_node_null();
	if (!a || !src || !src->tree || (!src->text && src->len) || src->len > UINT32_MAX)
		return -EINVAL;
	int rc = gg_tree_update(a->copy, src->tree, src->text, src->len, true);
	if (!rc)
		*root = gg_tree_root(a->copy);
	return rc;
}

int gg_analyzer_checked_tree(gg_analyzer *a, const gg_source *src, gg_node *root)
{
	*root = gg_node_null();
	if (!a || !src || !a->checked_text || a->checked_text != src->text || a->checked_len != src->len)
		return -EINVAL;
	*root = gg_tree_root(a->copy);
	return 0;
}

int gg_analyzer_check(gg_analyzer *a, const gg_source *src, gg_findings *out)
{
	return gg_analyzer_check_unparsed(a, src, NULL, 0, out);
}

int gg_analyzer_check_unparsed(gg_analyzer *a, const gg_source *src, const gg_unparsed *unparsed, size_t n,
			       gg_findings *out)
{
	if (!out)
		return -EINVAL;
	const TSTree *tree;
	TSTree *owned;
	a->checked_text = NULL;
	int got = analysis_tree(a, src, &tree, &owned);
	if (got <= 0)
		return got;
	a->checked_text = src->text;
	a->checked_len = src->len;
	size_t before = out->len;
	/* One model of the file; every rule of the table reads it. */
	gg_rule_input in = { src, gg_tree_root(a->copy), ts_tree_root_node(tree), a->model, &a->ids, unparsed, n };
	int rc = gg_semantic_build(a->model, src, in.root);
	for (size_t i = 0; i < a->rules_len && !rc; i++)
		rc = a->impls[i]->check(a->states[i], &in, out);
	gg_semantic_clear(a->model);
	if (!rc) {
		/* Post-filters, so every rule gets select/ignore/severity and noqa alike. */
		gg_config_apply(src->config, out, before);
		rc = gg_noqa_filter(in.root, src->text, src->len, out, before);
	}
	if (owned)
		ts_tree_delete(owned);
	if (rc) {
		/* Leave out as it was: a partial list would read as a clean file. */
		gg_findings_truncate(out, before);
		return rc;
	}
	gg_findings_sort(out);
	return 0;
}

/* What turned autograd off at n, by the kind of the node the index noted. */
static const char *analysis_grad_off_why(gg_node n)
{
	const char *t = gg_node_type(n);
	if (strcmp(t, "with_statement") == 0)
		return "an enclosing `with` block that turns autograd off";
	if (strcmp(t, "function_definition") == 0 || strcmp(t, "decorated_definition") == 0)
		return "its function, decorated to run without autograd or called only with it off";
	return "an earlier statement of its block that turns autograd off";
}

int gg_analyzer_grad_at(gg_analyzer *a, const gg_source *src, uint32_t row, const char **why, uint32_t *why_row)
{
	*why = NULL;
	*why_row = 0;
	const TSTree *tree;
	TSTree *owned;
	int got = analysis_tree(a, src, &tree, &owned);
	if (got <= 0)
		return got;
	gg_node root = gg_tree_root(a->copy);
	/* The model's index says where grad is off. */
	int rc = gg_semantic_build(a->model, src, root);
	const gg_tree_index *ix = gg_semantic_index(a->model);
	/* The first thing written on the row. */
	uint32_t col = 0;
	size_t at = 0;
	for (uint32_t r = 0; r < row && at < src->len; at++)
		r += src->text[at] == '\n';
	while (at + col < src->len && (src->text[at + col] == ' ' || src->text[at + col] == '\t'))
		col++;
	uint32_t first = (uint32_t)(at + col);
	gg_node n = rc == 0 && at < src->len ? gg_node_named_descendant_for_byte_range(root, first, first) : root;
	gg_node cause = rc == 0 ? gg_tree_index_grad_off_cause(ix, root, n) : (gg_node){ 0 };
	bool controlled = !gg_node_is_null(cause) && gg_tree_index_grad_controlled(ix, root, cause);
	if (!gg_node_is_null(cause)) {
		*why = controlled ? "an enclosing block whose grad mode a flag or a condition picks at run time"
				  : analysis_grad_off_why(cause);
		*why_row = gg_node_start_point(cause).row;
	}
	gg_semantic_clear(a->model);
	if (owned)
		ts_tree_delete(owned);
	return rc ? rc : controlled ? 2 : *why != NULL;
}
