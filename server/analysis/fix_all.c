/*
 * gg_fix_all: every safe fix of a file, as `check --fix` and the
 * source.fixAll code action apply them. Like ruff, it works in rounds: check,
 * take each finding's safe fix unless it collides with one already taken,
 * apply, and check again, until a round takes nothing. A fix that collides
 * (two wraps of nested loops) waits for the next round, where the re-check
 * usually shows its finding already gone.
 */
#include "fix.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Enough for any file: each round removes at least one finding or stops. */
#define MAX_ROUNDS 16

typedef struct edit_list {
	gg_edit *items; /* the texts are borrowed from the round's fixes */
	size_t len, cap;
} edit_list;

static bool edit_same(const gg_edit *a, const gg_edit *b)
{
	return a->range.start == b->range.start && a->range.end == b->range.end && a->text_len == b->text_len &&
	       memcmp(a->text, b->text, a->text_len) == 0;
}

/* Touching counts as colliding: two insertions at one offset would depend on their order. */
static bool edit_collides(const gg_edit *a, const gg_edit *b)
{
	return a->range.start <= b->range.end && b->range.start <= a->range.end;
}

/* Adds fix's edits to taken unless one collides; an edit already taken (the shared import) is not repeated. */
static int fix_all_take(edit_list *taken, const gg_fix *fix, bool *took)
{
	*took = false;
	size_t fresh = 0;
	for (size_t i = 0; i < fix->edits_len; i++) {
		bool same = false;
		for (size_t j = 0; j < taken->len; j++) {
			if (edit_same(&fix->edits[i], &taken->items[j])) {
				same = true;
				break;
			}
			if (edit_collides(&fix->edits[i], &taken->items[j]))
				return 0;
		}
		fresh += !same;
	}
	if (!fresh)
		return 0;
	if (taken->len + fresh > taken->cap) {
		size_t cap = (taken->len + fresh) * 2;
		gg_edit *items = realloc(taken->items, cap * sizeof *items);
		if (!items)
			return -ENOMEM;
		taken->items = items;
		taken->cap = cap;
	}
	for (size_t i = 0; i < fix->edits_len; i++) {
		bool same = false;
		for (size_t j = 0; j < taken->len && !same; j++)
			same = edit_same(&fix->edits[i], &taken->items[j]);
		if (!same)
			taken->items[taken->len++] = fix->edits[i];
	}
	*took = true;
	return 0;
}

static int edit_order(const void *pa, const void *pb)
{
	const gg_edit *a = pa, *b = pb;
	return (a->range.start > b->range.start) - (a->range.start < b->range.start);
}

/* One round on text: *next is the fixed text (NULL when nothing applied). */
static int fix_all_round(gg_analyzer *a, TSParser *parser, const gg_source *src, bool unsafe, const char *text,
			 size_t len, char **next, size_t *next_len, size_t *applied)
{
	*next = NULL;
	TSTree *tree = gg_python_parse(parser, NULL, text, len);
	if (!tree)
		return -ENOMEM;
	gg_source here = *src;
	here.text = text;
	here.len = len;
	here.tree = tree;
	gg_findings findings;
	gg_findings_init(&findings);
	gg_fixes *each = NULL; /* findings.len of them: each finding's fixes */
	edit_list taken = { NULL, 0, 0 };
	int rc = gg_analyzer_check(a, &here, &findings);
	if (!rc && findings.len) {
		each = malloc(findings.len * sizeof *each);
		rc = each ? gg_fix_list_each(text, len, ts_tree_root_node(tree), findings.items, findings.len,
					     src->config, each)
			  : -ENOMEM;
	}
	size_t took_count = 0;
	for (size_t i = 0; each && i < findings.len && !rc; i++) {
		for (size_t k = 0; k < each[i].len; k++) {
			/* Unsafe fixes: the best one that changes the code (a # noqa is no fix). */
			const gg_fix *fix = &each[i].items[k];
			if (!fix->safe && !(unsafe && fix->kind != GG_FIX_NOQA))
				continue;
			bool took;
			rc = fix_all_take(&taken, &each[i].items[k], &took);
			took_count += took;
			break;
		}
	}
	if (!rc && taken.len) {
		qsort(taken.items, taken.len, sizeof *taken.items, edit_order);
		rc = gg_fix_apply(text, len, taken.items, taken.len, next, next_len);
		if (!rc)
			*applied += took_count;
	}
	free(taken.items);
	for (size_t i = 0; each && i < findings.len; i++)
		gg_fixes_free(&each[i]);
	free(each);
	gg_findings_free(&findings);
	ts_tree_delete(tree);
	return rc;
}

int gg_fix_all(gg_analyzer *a, const gg_source *src, bool unsafe, char **out, size_t *out_len, size_t *applied)
{
	*applied = 0;
	char *cur = malloc(src->len + 1);
	if (!cur)
		return -ENOMEM;
	memcpy(cur, src->text, src->len);
	cur[src->len] = '\0';
	size_t cur_len = src->len;
	TSParser *parser = gg_python_parser_new();
	int rc = parser ? 0 : -ENOMEM;
	for (int round = 0; round < MAX_ROUNDS && !rc; round++) {
		char *next = NULL;
		size_t next_len = 0;
		rc = fix_all_round(a, parser, src, unsafe, cur, cur_len, &next, &next_len, applied);
		if (rc || !next)
			break;
		free(cur);
		cur = next;
		cur_len = next_len;
	}
	if (parser)
		ts_parser_delete(parser);
	if (rc) {
		free(cur);
		return rc;
	}
	*out = cur;
	*out_len = cur_len;
	return 0;
}
