/*
 * The index's life: made empty, freed, and written out as bytes for the
 * check's cache (cli/check_cache.h: its run key). Its lists are named once, in the
 * tables below, so that a list added to gg_project is freed and cached
 * with the others; the static assertion on the struct's size is the
 * reminder.
 */
#include "project.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"

#define LIST(field) offsetof(gg_project, field)
static const size_t project_lists[] = {
	LIST(names), LIST(no_grad_functions), LIST(renamed), LIST(renamed_to), LIST(deferred),
	LIST(subclass_files), LIST(subclass_bases), LIST(forward_methods), LIST(submodules),
	LIST(module_classes), LIST(plain_classes), LIST(holder_methods), LIST(holder_eval_methods), LIST(method_parts),
	LIST(pending_parts), LIST(pending_classes), LIST(pending_bases), LIST(pending_methods), LIST(pending_own_forwards),
	LIST(pending_holders), LIST(frozen_classes), LIST(paramless_classes), LIST(framework_classes),
	LIST(weightless_classes), LIST(pending_paramless), LIST(graph_classes), LIST(training_graph_classes), LIST(grad_functions),
	LIST(train_methods), LIST(grad_methods), LIST(accumulators), LIST(flag_methods), LIST(off_methods), LIST(plain_methods), LIST(param_forwarders), LIST(pending_forwarders), LIST(pending_method_forwarders),
	LIST(eval_loaders), LIST(module_makers), LIST(pending_makers), LIST(outside_calls), LIST(method_calls), LIST(pending_graph), LIST(pending_held),
	LIST(handed_classes),
};
#undef LIST
#define NLISTS (sizeof project_lists / sizeof *project_lists)

#define LIST(field) offsetof(gg_project_class, field)
static const size_t class_lists[] = {
	LIST(bases), LIST(methods), LIST(no_grad), LIST(guarded), LIST(aliases), LIST(alias_targets),
};
#undef LIST
#define NCLASS_LISTS (sizeof class_lists / sizeof *class_lists)

#if UINTPTR_MAX == 0xffffffffffffffffu
/* The lists, the two class arrays and their order, four flags and counts: a new field fails here until the tables name it. */
_Static_assert(sizeof(gg_project) == NLISTS * sizeof(gg_strings) + 2 * (sizeof(gg_project_class *) + 2 * sizeof(size_t)) +
			       sizeof(uint32_t *) + sizeof(size_t) + 2 * sizeof(size_t) + 2 * sizeof(size_t),
	       "a field of gg_project is not in project_store.c's tables");
_Static_assert(sizeof(gg_project_class) == sizeof(char *) + NCLASS_LISTS * sizeof(gg_strings) + sizeof(size_t),
	       "a field of gg_project_class is not in project_store.c's tables");
#endif

static gg_strings *list_at(void *base, size_t offset)
{
	return (gg_strings *)((char *)base + offset);
}

static const gg_strings *list_in(const void *base, size_t offset)
{
	return (const gg_strings *)((const char *)base + offset);
}

void gg_project_init(gg_project *p)
{
	memset(p, 0, sizeof *p);
	for (size_t i = 0; i < NLISTS; i++)
		gg_strings_init(list_at(p, project_lists[i]));
}

static void class_free(gg_project_class *k)
{
	free(k->name);
	k->name = NULL;
	for (size_t i = 0; i < NCLASS_LISTS; i++)
		gg_strings_free(list_at(k, class_lists[i]));
}

static void classes_free(gg_project_class **items, size_t *len, size_t *cap)
{
	for (size_t i = 0; i < *len; i++)
		class_free(&(*items)[i]);
	free(*items);
	*items = NULL;
	*len = *cap = 0;
}

void gg_project_free(gg_project *p)
{
	for (size_t i = 0; i < NLISTS; i++)
		gg_strings_free(list_at(p, project_lists[i]));
	classes_free(&p->classes, &p->classes_len, &p->classes_cap);
	classes_free(&p->maybe, &p->maybe_len, &p->maybe_cap);
	free(p->class_order);
	gg_project_init(p);
}

static int classes_put(gg_buf *b, const gg_project_class *items, size_t len)
{
	int rc = gg_store_put_u64(b, len);
	for (size_t i = 0; i < len && !rc; i++) {
		rc = gg_store_put_str(b, items[i].name);
		for (size_t j = 0; j < NCLASS_LISTS && !rc; j++)
			rc = gg_store_put_strings(b, list_in(&items[i], class_lists[j]));
		if (!rc)
			rc = gg_store_put_u64(b, items[i].inherits);
	}
	return rc;
}

int gg_project_write(const gg_project *p, gg_buf *b)
{
	int rc = 0;
	for (size_t i = 0; i < NLISTS && !rc; i++)
		rc = gg_store_put_strings(b, list_in(p, project_lists[i]));
	if (!rc)
		rc = classes_put(b, p->classes, p->classes_len);
	if (!rc)
		rc = classes_put(b, p->maybe, p->maybe_len);
	uint64_t flags = (uint64_t)p->subclass_files_done | (uint64_t)p->classes_sorted << 1 |
			 (uint64_t)(p->class_order_len == p->classes_len && p->class_order) << 2;
	if (!rc)
		rc = gg_store_put_u64(b, flags);
	if (!rc)
		rc = gg_store_put_u64(b, p->no_grad_methods);
	if (!rc)
		rc = gg_store_put_u64(b, p->guarded_methods);
	return rc;
}
