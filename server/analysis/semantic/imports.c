/*
 * Imports and what they bind: local names resolved to dotted targets
 * (`th.no_grad` -> torch.no_grad), and how the file spells torch.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

int sem_binding_cmp(const void *pa, const void *pb)
{
	return span_cmp(((const binding *)pa)->local, ((const binding *)pb)->local);
}

/* Appends the identifiers of a dotted_name joined by dots. */
static int dotted_append(const semantic *c, gg_buf *b, gg_node dotted)
{
	if (IS(dotted, relative_import)) {
		/* from ..base import Base: the text, dots included, names the module well enough. */
		span s = node_span(c, dotted);
		return gg_buf_append(b, s.ptr, s.len) ? -ENOMEM : 0;
	}
	uint32_t count = gg_node_named_child_count(dotted);
	for (uint32_t i = 0, seg = 0; i < count; i++) {
		gg_node id = gg_node_named_child(dotted, i);
		if (!IS(id, identifier))
			continue;
		span s = node_span(c, id);
		if ((seg++ && gg_buf_append(b, ".", 1)) || gg_buf_append(b, s.ptr, s.len))
			return -ENOMEM;
	}
	return 0;
}

/*
 * Records what one import binds: root is the first identifier of the module; module and
 * alias are set for `import a.b [as c]`; from_module, from_name and from_alias
 * for `from a.b import c [as d]`. Null nodes are absent captures.
 */
static int import_record(semantic *c, gg_node root, gg_node module, gg_node alias, gg_node from_module, gg_node from_name,
			 gg_node from_alias)
{
	gg_node name = from_name;
	if (gg_package_is_framework(node_span(c, root).ptr, node_span(c, root).len))
		c->framework_imported = true;

	gg_buf target = { NULL, 0, 0 };
	int rc = 0;
	span local;
	if (!gg_node_is_null(module)) {
		if (!gg_node_is_null(alias)) {
			/* import torch.autograd as ag */
			rc = dotted_append(c, &target, module);
			local = node_span(c, alias);
		} else {
			/* import torch.autograd binds torch */
			local = node_span(c, root);
			rc = gg_buf_append(&target, local.ptr, local.len);
		}
	} else if (!gg_node_is_null(from_module) && !gg_node_is_null(name)) {
		module = from_module;
		/* from torch.autograd import grad [as g] */
		rc = dotted_append(c, &target, module);
		if (!rc)
			rc = gg_buf_append(&target, ".", 1);
		if (!rc)
			rc = dotted_append(c, &target, name);
		if (!gg_node_is_null(from_alias)) {
			local = node_span(c, from_alias);
		} else {
			uint32_t n = gg_node_named_child_count(name);
			local = node_span(c, n ? gg_node_named_child(name, n - 1) : name);
		}
	} else {
		return 0; /* from torch import * */
	}
	/*
	 * A module class of the project imported by name, or a plain class that
	 * runs the modules it holds (an agent): the file runs torch's modules
	 * though it never names torch.
	 */
	if (!rc && target.len && !c->framework_imported && c->elsewhere &&
	    gg_elsewhere_is(c->elsewhere, GG_ELSEWHERE_CLASS_RUNS_MODULES, target.data, target.len))
		c->framework_imported = true;
	if (!rc && target.len) {
		if (gg_grow((void **)&c->bindings, &c->bindings_cap, c->bindings_len, sizeof *c->bindings)) {
			rc = -ENOMEM;
		} else {
			/* The binding takes the buffer. */
			c->bindings[c->bindings_len++] = (binding){ local, target.data };
			target.data = NULL;
		}
	}
	free(target.data);
	return rc;
}

const binding *sem_binding_find(const semantic *c, span local)
{
	binding key = { local, NULL };
	if (!c->bindings_len)
		return NULL;
	return bsearch(&key, c->bindings, c->bindings_len, sizeof *c->bindings, sem_binding_cmp);
}

/*
 * Resolves a name chain through the file's imports into c->name:
 * `th.no_grad` -> "torch.no_grad", `ng` -> "torch.no_grad", `pl.LightningModule`
 * -> "pytorch_lightning.LightningModule". A root no import binds stays as
 * written. Returns false for anything but a name chain.
 */
bool sem_name_resolve(semantic *c, gg_node n)
{
	gg_node attrs[MAX_NAME_SEGMENTS];
	unsigned count = 0;
	while (IS(n, attribute)) {
		if (count == MAX_NAME_SEGMENTS)
			return false;
		attrs[count++] = FIELD(n, attribute);
		n = FIELD(n, object);
	}
	if (!IS(n, identifier))
		return false;
	c->name.len = 0;
	span root = node_span(c, n);
	const binding *b = sem_binding_find(c, root);
	int rc = b ? gg_buf_append(&c->name, b->target, strlen(b->target)) : gg_buf_append(&c->name, root.ptr, root.len);
	while (!rc && count > 0) {
		span a = node_span(c, attrs[--count]);
		rc = gg_buf_append(&c->name, ".", 1);
		if (!rc)
			rc = gg_buf_append(&c->name, a.ptr, a.len);
	}
	if (rc) {
		fail(c, rc);
		return false;
	}
	return true;
}

span sem_resolved(const semantic *c)
{
	return (span){ c->name.data ? c->name.data : "", c->name.len };
}

bool sem_name_is_one_of(const semantic *c, const char *const *names)
{
	for (; *names; names++)
		if (span_is(sem_resolved(c), *names))
			return true;
	return false;
}

/* How the file spells torch in a fix: `th` after `import torch as th`. */
span sem_torch_spelling(const semantic *c)
{
	span best = { "torch", 5 };
	for (size_t i = 0; i < c->bindings_len; i++) {
		if (strcmp(c->bindings[i].target, "torch") != 0)
			continue;
		if (span_is(c->bindings[i].local, "torch"))
			return c->bindings[i].local;
		best = c->bindings[i].local;
	}
	return best;
}

/* (dotted_name . (identifier) @import.root): the root, or a null node when the pattern fails. */
static gg_node dotted_root_of(const semantic *c, gg_node dotted)
{
	const gg_semantic *r = c->sem;
	if (!sym_is(dotted, r->sym_dotted_name) || gg_node_named_child_count(dotted) == 0)
		return gg_node_null();
	gg_node root = gg_node_named_child(dotted, 0);
	return sym_is(root, r->sym_identifier) ? root : gg_node_null();
}

/* import a.b, import a.b as c: one match per name (patterns 1 and 2). */
int sem_imports_of(semantic *c, gg_node stmt)
{
	const gg_semantic *r = c->sem;
	int rc = 0;
	for (gg_node item = gg_node_first_child(stmt); !gg_node_is_null(item) && !rc; item = gg_node_next_sibling(item)) {
		if (gg_node_field(item) != r->fld_name)
			continue;
		gg_node root = dotted_root_of(c, item);
		if (!gg_node_is_null(root)) {
			rc = import_record(c, root, item, gg_node_null(), gg_node_null(), gg_node_null(), gg_node_null());
		} else if (sym_is(item, r->sym_aliased_import)) {
			gg_node module = field_id(item, r->fld_name), alias = field_id(item, r->fld_alias);
			root = dotted_root_of(c, module);
			if (!gg_node_is_null(root) && sym_is(alias, r->sym_identifier))
				rc = import_record(c, root, module, alias, gg_node_null(), gg_node_null(), gg_node_null());
		}
	}
	return rc;
}

/* from a.b import c [as d], from a.b import *: patterns 3, 4 and 5. */
int sem_from_imports_of(semantic *c, gg_node stmt)
{
	const gg_semantic *r = c->sem;
	gg_node module = field_id(stmt, r->fld_module_name);
	/* A relative import binds its names too (a base class from the package is not torch's). */
	gg_node root = IS(module, relative_import) ? module : dotted_root_of(c, module);
	if (gg_node_is_null(root))
		return 0;
	int rc = 0;
	for (gg_node item = gg_node_first_child(stmt); !gg_node_is_null(item) && !rc; item = gg_node_next_sibling(item)) {
		if (sym_is(item, r->sym_wildcard_import)) {
			rc = import_record(c, root, gg_node_null(), gg_node_null(), module, gg_node_null(), gg_node_null());
			if (!rc && gg_grow((void **)&c->star_modules.items, &c->star_modules.cap, c->star_modules.len,
					   sizeof *c->star_modules.items))
				rc = -ENOMEM;
			else if (!rc)
				c->star_modules.items[c->star_modules.len++] = node_span(c, module);
			continue;
		}
		if (gg_node_field(item) != r->fld_name)
			continue;
		if (sym_is(item, r->sym_dotted_name)) {
			rc = import_record(c, root, gg_node_null(), gg_node_null(), module, item, gg_node_null());
		} else if (sym_is(item, r->sym_aliased_import)) {
			gg_node name = field_id(item, r->fld_name), alias = field_id(item, r->fld_alias);
			if (sym_is(name, r->sym_dotted_name) && sym_is(alias, r->sym_identifier))
				rc = import_record(c, root, gg_node_null(), gg_node_null(), module, name, alias);
		}
	}
	return rc;
}
