/*
 * gg_fix_all: every safe fix of a file, as `check --fix` and the
 * source.fixAll code action apply them. Like ruff, it works in rounds: check,
 * take each finding's safe fix unless it collides with one already taken,
 * apply, and check again, until a round takes nothing. A fix that collides
 * (two wraps of nested loops) waits for the next round, where the re-check
 * usually shows its finding already gone.
 *
 * Like ruff, it fixes only code that parses: on a tree that error recovery
 * made up, a wrap can land where the re-check does not see it, and the
 * rounds would wrap the same statement again and again (found by
 * tests/fixes/fuzz_fix.c).
 */
#include "fix.h"

#include "buf.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Enough for any file: each round removes at least one finding or stops. */
#define MAX_ROUNDS 16

/*
 * The edits taken in a round, and which of them holds each offset they touch
 * (an edit [start, end] touches start..end, ends included): a fix is checked
 * against the offsets its own edits touch, not against every edit taken, which
 * made a round quadratic in the edits (a wrap is one edit per line).
 */
typedef struct edit_list {
	gg_edit *items; /* the texts are borrowed from the round's fixes */
	size_t len, cap;
	uint32_t *marks; /* owned; open addressing: offset + 1 (0 free) at [2i], edit index at [2i + 1] */
	size_t marks_len, marks_cap;
	/*
	 * What the wraps and decorators taken cover, ascending and disjoint: a
	 * wrap inside another (nested loops) edits other offsets than the outer
	 * one's, yet the two together indent its lines twice over and once short.
	 */
	gg_byte_range *covers; /* owned */
	size_t covers_len, covers_cap;
} edit_list;

/* Where a range covering r would go among the taken covers, or -1 when r overlaps one of them. */
static long covers_slot(const edit_list *t, gg_byte_range r)
{
	size_t lo = 0, hi = t->covers_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->covers[mid].end <= r.start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->covers_len && t->covers[lo].start < r.end ? -1 : (long)lo;
}

static size_t mark_slot(uint32_t offset, size_t cap)
{
	uint64_t h = (uint64_t)offset * 0x9E3779B97F4A7C15ull;
	return (size_t)(h >> 32) & (cap - 1);
}

/* The index of the taken edit that touches offset, or -1. */
static long marks_find(const edit_list *t, uint32_t offset)
{
	if (!t->marks_cap)
		return -1;
	for (size_t i = mark_slot(offset, t->marks_cap);; i = (i + 1) & (t->marks_cap - 1)) {
		if (!t->marks[2 * i])
			return -1;
		if (t->marks[2 * i] == offset + 1)
			return (long)t->marks[2 * i + 1];
	}
}

static int marks_put(edit_list *t, uint32_t offset, uint32_t edit)
{
	if (2 * (t->marks_len + 1) > t->marks_cap) {
		size_t cap = t->marks_cap ? t->marks_cap * 2 : 256;
		uint32_t *m = calloc(2 * cap, sizeof *m);
		if (!m)
			return -ENOMEM;
		for (size_t i = 0; i < t->marks_cap; i++) {
			if (!t->marks[2 * i])
				continue;
			size_t j = mark_slot(t->marks[2 * i] - 1, cap);
			while (m[2 * j])
				j = (j + 1) & (cap - 1);
			m[2 * j] = t->marks[2 * i];
			m[2 * j + 1] = t->marks[2 * i + 1];
		}
		free(t->marks);
		t->marks = m;
		t->marks_cap = cap;
	}
	size_t i = mark_slot(offset, t->marks_cap);
	while (t->marks[2 * i] && t->marks[2 * i] != offset + 1)
		i = (i + 1) & (t->marks_cap - 1);
	if (t->marks[2 * i])
		return 0; /* touched already: by another edit of the same fix (the first keeps it) */
	t->marks[2 * i] = offset + 1;
	t->marks[2 * i + 1] = edit;
	t->marks_len++;
	return 0;
}

static bool edit_same(const gg_edit *a, const gg_edit *b)
{
	return a->range.start == b->range.start && a->range.end == b->range.end && a->text_len == b->text_len &&
	       memcmp(a->text, b->text, a->text_len) == 0;
}

/*
 * How e stands to the first `before` edits taken: 1 the same edit is taken,
 * -1 it touches another one (two insertions at one offset would depend on
 * their order), 0 neither.
 */
static int edit_against_taken(const edit_list *taken, const gg_edit *e, size_t before)
{
	int same = 0;
	for (uint64_t o = e->range.start; o <= e->range.end; o++) {
		long k = marks_find(taken, (uint32_t)o);
		if (k < 0 || (size_t)k >= before)
			continue;
		if (!edit_same(e, &taken->items[k]))
			return -1;
		same = 1;
	}
	return same;
}

/* Adds fix's edits to taken unless one collides; an edit already taken (the shared import) is not repeated. */
static int fix_all_take(edit_list *taken, const gg_fix *fix, bool *took)
{
	*took = false;
	long slot = fix->covers.end ? covers_slot(taken, fix->covers) : 0;
	if (slot < 0)
		return 0; /* inside or around a wrap taken: the next round's check says whether it is still needed */
	size_t fresh = 0;
	for (size_t i = 0; i < fix->edits_len; i++) {
		int how = edit_against_taken(taken, &fix->edits[i], taken->len);
		if (how < 0)
			return 0;
		fresh += how == 0;
	}
	if (!fresh)
		return 0;
	if (gg_grow_to((void **)&taken->items, &taken->cap, taken->len + fresh, sizeof *taken->items))
		return -ENOMEM;
	size_t before = taken->len;
	for (size_t i = 0; i < fix->edits_len; i++) {
		const gg_edit *e = &fix->edits[i];
		/* Taken before, or just now: a fix's edits are sorted, so one it repeats comes next to it. */
		if (edit_against_taken(taken, e, before) == 1 || (i > 0 && edit_same(e, &fix->edits[i - 1])))
			continue;
		uint32_t k = (uint32_t)taken->len;
		taken->items[taken->len++] = *e;
		for (uint64_t o = e->range.start; o <= e->range.end; o++) {
			int rc = marks_put(taken, (uint32_t)o, k);
			if (rc)
				return rc;
		}
	}
	if (fix->covers.end) {
		if (gg_grow((void **)&taken->covers, &taken->covers_cap, taken->covers_len, sizeof *taken->covers))
			return -ENOMEM;
		memmove(taken->covers + slot + 1, taken->covers + slot, (taken->covers_len - (size_t)slot) * sizeof *taken->covers);
		taken->covers[slot] = fix->covers;
		taken->covers_len++;
	}
	*took = true;
	return 0;
}

static int edit_order(const void *pa, const void *pb)
{
	const gg_edit *a = pa, *b = pb;
	return (a->range.start > b->range.start) - (a->range.start < b->range.start);
}

/*
 * Carries anchors (ascending offsets of text) through edits (sorted, not
 * overlapping): an anchor moves with the text after it, so an insertion at
 * an anchor lands after it. Returns false when an anchor lies strictly
 * inside a replaced range (it has no place in the new text).
 */
static bool anchors_carry(size_t *anchors, size_t n, const gg_edit *edits, size_t edits_len)
{
	long long delta = 0;
	size_t e = 0;
	for (size_t k = 0; k < n; k++) {
		size_t o = anchors[k];
		for (; e < edits_len && edits[e].range.start < o; e++) {
			if (edits[e].range.end > o)
				return false;
			delta += (long long)edits[e].text_len - (long long)(edits[e].range.end - edits[e].range.start);
		}
		anchors[k] = (size_t)((long long)o + delta);
	}
	return true;
}

bool gg_fix_anchors_carry(size_t *anchors, size_t n, const gg_edit *edits, size_t edits_len)
{
	return anchors_carry(anchors, n, edits, edits_len);
}

/* A rule's bit in a mask of rules (gg_rules' order). */
#define RULE_BIT(r) (1ull << ((size_t)((r) - gg_rules) % 64))

/*
 * One round on text: *next is the fixed text (NULL when nothing applied),
 * *applied the fixes it took, *found the findings of text and found_rules
 * (NULL: not counted) those per rule, *found_mask the rules they are of.
 * It takes fixes only of the rules in allowed: a later round fixes what
 * the first one found and could not take at once, never a rule's findings
 * that only the earlier rounds' edits brought (an `import torch` a wrap
 * added makes a numpy notebook torch's, and its arrays "tensors").
 * Returns GG_FIX_ALL_SYNTAX_ERROR, taking nothing, when text does not parse
 * cleanly.
 */
static int fix_all_round(gg_analyzer *a, TSParser *parser, const gg_source *src, bool unsafe, const char *text,
			 size_t len, char **next, size_t *next_len, size_t *applied, size_t *found, size_t *anchors,
			 size_t nanchors, size_t *found_rules, uint64_t allowed, uint64_t *found_mask)
{
	*found_mask = 0;
	*next = NULL;
	*applied = 0;
	*found = 0;
	TSTree *tree = gg_python_parse(parser, NULL, text, len);
	if (!tree)
		return -ENOMEM;
	if (ts_node_has_error(ts_tree_root_node(tree))) {
		ts_tree_delete(tree);
		return GG_FIX_ALL_SYNTAX_ERROR;
	}
	gg_source here = *src;
	here.text = text;
	here.len = len;
	here.tree = tree;
	/* The front end's cells are those of the text as given: a round's rewritten text keeps their names only. */
	gg_line_namer names;
	if (src->lines && (len != src->len || memcmp(text, src->text, len) != 0)) {
		names = *src->lines;
		names.cell = NULL;
		here.lines = &names;
	}
	gg_findings findings;
	gg_findings_init(&findings);
	gg_fixes *each = NULL; /* findings.len of them: each finding's fixes */
	edit_list taken = { NULL, 0, 0, NULL, 0, 0, NULL, 0, 0 };
	int rc = gg_analyzer_check(a, &here, &findings);
	/* Text that parses but that Python refuses (`print x`, `f(async=True)`: GG000 without a tree error) is not rewritten either. */
	for (size_t i = 0; !rc && i < findings.len; i++)
		if (strcmp(findings.items[i].code, "GG000") == 0)
			rc = GG_FIX_ALL_SYNTAX_ERROR;
	/* Counted of the allowed rules only: what the earlier edits brought is neither fixed nor weighed. */
	for (size_t i = 0; !rc && i < findings.len; i++) {
		const gg_rule_info *r = gg_rule_lookup(findings.items[i].code);
		if (r && !(allowed & RULE_BIT(r)))
			continue;
		(*found)++;
		if (r && found_rules)
			found_rules[r - gg_rules]++;
		if (r)
			*found_mask |= RULE_BIT(r);
	}
	if (!rc && findings.len) {
		gg_node root;
		each = calloc(findings.len, sizeof *each);
		rc = each ? gg_analyzer_tree(a, &here, &root) : -ENOMEM;
		if (!rc)
			rc = gg_fix_list_for_all(text, len, root, findings.items, findings.len, src->config, each);
	}
	size_t took_count = 0;
	for (size_t i = 0; each && i < findings.len && !rc; i++) {
		const gg_rule_info *r = gg_rule_lookup(findings.items[i].code);
		if (!r || !(allowed & RULE_BIT(r)))
			continue;
		const gg_fix *fix = gg_fixes_applied(&each[i], unsafe);
		if (fix) {
			bool took;
			rc = fix_all_take(&taken, fix, &took);
			took_count += took;
		}
	}
	if (!rc && taken.len) {
		qsort(taken.items, taken.len, sizeof *taken.items, edit_order);
		rc = gg_fix_apply(text, len, taken.items, taken.len, next, next_len);
		if (!rc && anchors && !anchors_carry(anchors, nanchors, taken.items, taken.len))
			rc = GG_FIX_ALL_ANCHOR_LOST;
		if (!rc)
			*applied = took_count;
	}
	free(taken.items);
	free(taken.marks);
	free(taken.covers);
	for (size_t i = 0; each && i < findings.len; i++)
		gg_fixes_free(&each[i]);
	free(each);
	gg_findings_free(&findings);
	ts_tree_delete(tree);
	return rc;
}

int gg_fix_all(gg_analyzer *a, const gg_source *src, bool unsafe, char **out, size_t *out_len, size_t *applied)
{
	return gg_fix_all_counted(a, src, unsafe, out, out_len, applied, NULL, 0, NULL);
}

int gg_fix_all_anchored(gg_analyzer *a, const gg_source *src, bool unsafe, char **out, size_t *out_len,
			size_t *applied, size_t *anchors, size_t nanchors)
{
	return gg_fix_all_counted(a, src, unsafe, out, out_len, applied, anchors, nanchors, NULL);
}

int gg_fix_all_counted(gg_analyzer *a, const gg_source *src, bool unsafe, char **out, size_t *out_len,
		       size_t *applied, size_t *anchors, size_t nanchors, size_t *by_rule)
{
	*applied = 0;
	*out = NULL;
	/*
	 * What the fixes resolved is the first check's findings less those of
	 * the text handed back (a wrap taken once for a loop resolves every
	 * forward in it): the findings per rule of the first text, of the text
	 * before the last round's fixes (prev) and of the last text checked.
	 */
	size_t nrules = 0;
	while (by_rule && gg_rules[nrules].code)
		nrules++;
	size_t *rules = by_rule ? calloc(nrules ? 3 * nrules : 1, sizeof *rules) : NULL;
	size_t *first_rules = rules, *prev_rules = rules ? rules + nrules : NULL, *cur_rules = rules ? rules + 2 * nrules : NULL;
	if (by_rule && !rules)
		return -ENOMEM;
	/*
	 * Three copies of the anchors: before this round, as they were for prev
	 * (the text before the last round), and as given (a run that resolves
	 * nothing hands the text back as it was).
	 */
	size_t *saved = anchors ? malloc((3 * nanchors + 1) * sizeof *saved) : NULL;
	size_t *prev_anchors = saved ? saved + nanchors : NULL;
	size_t *given_anchors = saved ? saved + 2 * nanchors : NULL;
	if (given_anchors)
		memcpy(given_anchors, anchors, nanchors * sizeof *anchors);
	char *cur = !anchors || saved ? malloc(src->len + 1) : NULL;
	if (!cur) {
		free(saved);
		free(rules);
		return -ENOMEM;
	}
	memcpy(cur, src->text, src->len);
	cur[src->len] = '\0';
	size_t cur_len = src->len;
	char *prev = NULL; /* the text before the last round's fixes */
	size_t prev_len = 0, took_all = 0, first_found = 0, prev_found = 0, last_found = 0;
	bool last_checked = false; /* the text handed back was checked: its findings are last_found */
	uint64_t allowed = UINT64_MAX; /* the rules whose fixes a round takes: all, then those the first round found */
	TSParser *parser = gg_python_parser_new();
	int rc = parser ? 0 : -ENOMEM;
	for (int round = 0; round < MAX_ROUNDS && !rc; round++) {
		char *next = NULL;
		size_t next_len = 0, took = 0, found = 0;
		if (anchors)
			memcpy(saved, anchors, nanchors * sizeof *anchors);
		if (cur_rules)
			memset(cur_rules, 0, nrules * sizeof *cur_rules);
		uint64_t found_mask;
		rc = fix_all_round(a, parser, src, unsafe, cur, cur_len, &next, &next_len, &took, &found, anchors, nanchors,
				   cur_rules, allowed, &found_mask);
		if (round == 0)
			allowed = found_mask;
		if (rc == GG_FIX_ALL_ANCHOR_LOST) {
			free(next);
			next = NULL;
		}
		if (rc == GG_FIX_ALL_SYNTAX_ERROR && round > 0) {
			/* The last round broke the code (no fix should): its fixes are dropped, and the rounds stop. */
			if (anchors)
				memcpy(anchors, prev_anchors, nanchors * sizeof *anchors);
			free(cur);
			cur = prev;
			cur_len = prev_len;
			prev = NULL;
			last_found = prev_found;
			if (cur_rules)
				memcpy(cur_rules, prev_rules, nrules * sizeof *cur_rules);
			last_checked = true;
			rc = 0;
			break;
		}
		if (round == 0) {
			first_found = found;
			if (first_rules)
				memcpy(first_rules, cur_rules, nrules * sizeof *first_rules);
		}
		if (rc || !next) {
			last_found = found;
			last_checked = true;
			break;
		}
		if (anchors)
			memcpy(prev_anchors, saved, nanchors * sizeof *anchors);
		free(prev);
		prev = cur;
		prev_len = cur_len;
		prev_found = found;
		if (prev_rules)
			memcpy(prev_rules, cur_rules, nrules * sizeof *prev_rules);
		cur = next;
		cur_len = next_len;
		took_all += took;
	}
	free(prev);
	if (parser)
		ts_parser_delete(parser);
	if (rc) {
		free(saved);
		free(cur);
		free(rules);
		return rc;
	}
	/* Rounds run out before a check of the last text (it cannot happen with fixes that hold): the fixes taken. */
	*applied = !last_checked ? took_all : first_found > last_found ? first_found - last_found : 0;
	/*
	 * Edits that resolved no finding (a wrap in code only tree-sitter
	 * parses, after an indent Python refuses) are not kept: the text as it
	 * was, the anchors as given.
	 */
	bool reverted = !*applied && (cur_len != src->len || memcmp(cur, src->text, src->len) != 0);
	if (reverted) {
		char *given = malloc(src->len + 1);
		if (!given) {
			free(saved);
			free(cur);
			free(rules);
			return -ENOMEM;
		}
		memcpy(given, src->text, src->len);
		given[src->len] = '\0';
		free(cur);
		cur = given;
		cur_len = src->len;
		if (anchors)
			memcpy(anchors, given_anchors, nanchors * sizeof *anchors);
	}
	free(saved);
	for (size_t k = 0; last_checked && !reverted && k < nrules; k++)
		by_rule[k] += first_rules[k] > cur_rules[k] ? first_rules[k] - cur_rules[k] : 0;
	free(rules);
	*out = cur;
	*out_len = cur_len;
	return 0;
}
