/*
 * GG003 volatile-no-op: `volatile=True` in a call, typically
 * `Variable(x, volatile=True)`. The flag has done nothing since PyTorch 0.4,
 * so code that relies on it runs evaluation with autograd on.
 *
 * One walk over the tree; only files that import torch are checked.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "grad_context.h"
#include "rules.h"

static const char rule_code[] = "GG003";

#define IS(n, name) gg_py_is((n), ids->sym_##name)
#define FIELD(n, name) ts_node_child_by_field_id((n), ids->fld_##name)

/* `volatile=True` as a keyword argument of a call. */
static bool is_volatile_true(const gg_py_ids *ids, const gg_source *src, TSNode kw)
{
	if (!IS(kw, keyword_argument) || !IS(FIELD(kw, value), true))
		return false;
	TSNode name = FIELD(kw, name);
	TSNode args = ts_node_parent(kw);
	if (!IS(name, identifier) || !IS(args, argument_list) || !IS(ts_node_parent(args), call))
		return false;
	uint32_t s = ts_node_start_byte(name), e = ts_node_end_byte(name);
	return e <= src->len && e - s == 8 && memcmp(src->text + s, "volatile", 8) == 0;
}

static int report(gg_findings *out, TSNode kw)
{
	char *message = gg_strdup_printf("volatile=True has had no effect since PyTorch 0.4; "
					 "remove it and wrap the evaluation in torch.no_grad()");
	if (!message)
		return -ENOMEM;
	gg_byte_range at = { ts_node_start_byte(kw), ts_node_end_byte(kw) };
	return gg_findings_push(out, rule_code, GG_SEVERITY_WARNING, at, message) ? 0 : -ENOMEM;
}

int gg_rule_gg003_check(const gg_source *src, TSNode root, gg_findings *out)
{
	/* Nearly no file spells the keyword: skip resolving the ids for those. */
	if (!memmem(src->text, src->len, "volatile", 8))
		return 0;
	gg_py_ids ids;
	if (!gg_py_ids_init(&ids, ts_tree_language(root.tree)))
		return -EINVAL;
	return gg_rule_gg003_check_ids(&ids, src, root, out);
}

int gg_rule_gg003_check_ids(const gg_py_ids *ids, const gg_source *src, TSNode root, gg_findings *out)
{
	/* Nearly no file spells the keyword: skip the walks for those. */
	if (!memmem(src->text, src->len, "volatile", 8))
		return 0;
	gg_torch_names names;
	int rc = gg_torch_names_init(&names, ids, src->text, src->len, root);
	bool checked = !rc && names.torch_imported;
	gg_torch_names_free(&names);
	if (!checked)
		return rc;

	TSTreeCursor cur = ts_tree_cursor_new(root);
	for (bool more = true; more && !rc;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		if (is_volatile_true(ids, src, n))
			rc = report(out, n);
		if (ts_tree_cursor_goto_first_child(&cur))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&cur)) {
			if (!ts_tree_cursor_goto_parent(&cur)) {
				more = false;
				break;
			}
		}
	}
	ts_tree_cursor_delete(&cur);
	return rc;
}
