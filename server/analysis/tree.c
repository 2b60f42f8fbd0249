/*
 * The analysis's copy of a syntax tree (tree.h): made from tree-sitter's
 * tree with one cursor walk, and again after an edit from the subtrees the
 * incremental parse reused, which are copied rather than walked.
 */
#include "tree.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

gg_tree *gg_tree_new(void)
{
	return calloc(1, sizeof(gg_tree));
}

void gg_tree_release(gg_tree *t)
{
	if (t && t->held) {
		ts_tree_delete(t->held);
		t->held = NULL;
	}
}

void gg_tree_delete(gg_tree *t)
{
	if (!t)
		return;
	gg_tree_release(t);
	free(t->nodes);
	free(t->ids);
	free(t->spare_nodes);
	free(t->spare_ids);
	free(t->map);
	free(t->stack);
	free(t->heights);
	free(t->rows);
	free(t);
}

/* ---- the reuse map: subtree -> index of its node in the current copy ---- */

static size_t map_hash(const void *id)
{
	uint64_t x = (uint64_t)(uintptr_t)id;
	x ^= x >> 29;
	x *= 0x9E3779B97F4A7C15ull;
	return (size_t)(x >> 32);
}

static bool map_find(const gg_tree *t, const void *id, uint32_t *index)
{
	if (!t->map_cap)
		return false;
	size_t mask = t->map_cap - 1;
	for (size_t i = map_hash(id) & mask; t->map[i].id; i = (i + 1) & mask)
		if (t->map[i].id == id) {
			*index = t->map[i].index;
			return true;
		}
	return false;
}

/*
 * Maps each node with children to its index, by its TSNode id: the address
 * of the slot that holds its subtree in its parent's list of children. The
 * held tree keeps every such list alive, and tree-sitter copies a node
 * before it edits one that two trees share, so the same address in a later
 * tree is the same unchanged subtree. Not the root, whose slot is in the
 * TSTree itself (freed with it, and its address may come back), nor leaves,
 * which cost as much to copy as to make.
 */
static int map_build(gg_tree *t)
{
	size_t count = 0;
	for (uint32_t i = 1; i < t->len; i++)
		count += t->nodes[i].after > i + 1;
	size_t cap = 16;
	while (cap < 2 * count)
		cap *= 2;
	if (cap != t->map_cap) {
		gg_tree_slot *m = realloc(t->map, cap * sizeof *m);
		if (!m)
			return -ENOMEM;
		t->map = m;
		t->map_cap = cap;
	}
	memset(t->map, 0, t->map_cap * sizeof *t->map);
	size_t mask = t->map_cap - 1;
	for (uint32_t i = 1; i < t->len; i++) {
		if (t->nodes[i].after == i + 1)
			continue;
		size_t s = map_hash(t->ids[i]) & mask;
		while (t->map[s].id)
			s = (s + 1) & mask;
		t->map[s] = (gg_tree_slot){ t->ids[i], i };
	}
	return 0;
}

/* ---- the copy ---- */

static int nodes_reserve(gg_tree *t, size_t need)
{
	if (need <= t->cap)
		return 0;
	size_t cap = t->cap ? t->cap : 256;
	while (cap < need)
		cap *= 2;
	gg_tree_entry *n = realloc(t->nodes, cap * sizeof *n);
	if (!n)
		return -ENOMEM;
	t->nodes = n;
	const void **ids = realloc(t->ids, cap * sizeof *ids);
	if (!ids)
		return -ENOMEM;
	t->ids = ids;
	t->cap = cap;
	return 0;
}

static uint8_t flags_of(TSNode n)
{
	return (uint8_t)((ts_node_is_named(n) ? GG_NODE_NAMED : 0) | (ts_node_is_extra(n) ? GG_NODE_EXTRA : 0) |
			 (ts_node_has_error(n) ? GG_NODE_HAS_ERROR : 0) | (ts_node_is_missing(n) ? GG_NODE_MISSING : 0));
}

/*
 * Copies the subtree of the previous copy's node at from (old, its parallel
 * ids) to the end of t, as the node n of the new tree at depth depth: the
 * same nodes, moved by the bytes and the places n moved. What its new parent
 * makes of it (the field, an alias's name) is n's own. 0 or -ENOMEM.
 */
static int subtree_copy(gg_tree *t, const gg_tree_entry *old, const void *const *old_ids, uint32_t from, TSNode n,
			TSFieldId field, uint32_t parent, uint32_t depth)
{
	uint32_t count = old[from].after - from, at = t->len;
	if (nodes_reserve(t, (size_t)at + count) ||
	    (count > t->heights_cap && gg_grow_to((void **)&t->heights, &t->heights_cap, count, sizeof *t->heights)))
		return -ENOMEM;
	memcpy(t->nodes + at, old + from, count * sizeof *old);
	memcpy(t->ids + at, old_ids + from, count * sizeof *old_ids);
	uint32_t bytes = ts_node_start_byte(n) - old[from].start; /* modular: a move back wraps, and so does the sum */
	uint32_t places = at - from, height = 0;
	uint32_t *h = t->heights;
	h[0] = 0;
	for (uint32_t k = 0; k < count; k++) {
		gg_tree_entry *e = &t->nodes[at + k];
		e->start += bytes;
		e->end += bytes;
		e->parent += places;
		e->after += places;
		/* Parents come first: a node's depth below the top is its parent's and one. */
		if (k) {
			h[k] = h[e->parent - at] + 1;
			if (h[k] > height)
				height = h[k];
		}
	}
	gg_tree_entry *top = &t->nodes[at];
	top->parent = parent;
	top->symbol = ts_node_symbol(n);
	top->field = (uint8_t)field;
	top->flags = flags_of(n);
	t->len += count;
	t->reused += count;
	if (depth + height > t->depth)
		t->depth = depth + height;
	return 0;
}

int gg_tree_update(gg_tree *t, const TSTree *ts, const char *text, size_t len, bool keep)
{
	TSNode root = ts_tree_root_node(ts);
	t->text = text;
	t->text_len = len;
	t->rows_ok = false;
	t->reused = 0;
	t->depth = 0;
	t->language = ts_tree_language(ts);
	/* The previous copy becomes the spare the new one may copy from. */
	bool reuse = t->held != NULL && t->len > 0;
	gg_tree_entry *old = t->nodes;
	const void **old_ids = t->ids;
	size_t old_cap = t->cap;
	t->nodes = t->spare_nodes;
	t->ids = t->spare_ids;
	t->cap = t->spare_cap;
	t->spare_nodes = old;
	t->spare_ids = old_ids;
	t->spare_cap = old_cap;
	t->len = 0;

	int rc = 0;
	TSTreeCursor cur = ts_tree_cursor_new(root);
	size_t depth = 0;
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		uint32_t parent = depth ? t->stack[depth - 1] : GG_TREE_NONE, from;
		/*
		 * The cursor names the field of a hidden node between the two; an
		 * ERROR node (error recovery's, without a production) has no fields
		 * for ts_node_child_by_field_id to find, so none here either.
		 */
		TSFieldId field = parent != GG_TREE_NONE && t->nodes[parent].symbol == (TSSymbol)-1 /* ts_builtin_sym_error */
					  ? 0
					  : ts_tree_cursor_current_field_id(&cur);
		if (reuse && map_find(t, n.id, &from)) {
			if ((rc = subtree_copy(t, old, old_ids, from, n, field, parent, (uint32_t)depth)))
				break;
		} else {
			if ((rc = nodes_reserve(t, (size_t)t->len + 1)))
				break;
			uint32_t at = t->len++;
			t->nodes[at] = (gg_tree_entry){ ts_node_start_byte(n), ts_node_end_byte(n), parent, at + 1,
							ts_node_symbol(n), (uint8_t)field, flags_of(n) };
			t->ids[at] = n.id;
			if (depth > t->depth)
				t->depth = (uint32_t)depth;
			if (ts_tree_cursor_goto_first_child(&cur)) {
				if ((rc = gg_grow((void **)&t->stack, &t->stack_cap, depth, sizeof *t->stack)))
					break;
				t->stack[depth++] = at;
				continue;
			}
		}
		/* Up until a sibling: each node left behind ends its subtree here. */
		bool more = true;
		while (!ts_tree_cursor_goto_next_sibling(&cur)) {
			if (!depth || !ts_tree_cursor_goto_parent(&cur)) {
				more = false;
				break;
			}
			t->nodes[t->stack[--depth]].after = t->len;
		}
		if (!more)
			break;
	}
	ts_tree_cursor_delete(&cur);
	gg_tree_release(t);
	if (!rc && keep) {
		rc = map_build(t);
		if (!rc && !(t->held = ts_tree_copy(ts)))
			rc = -ENOMEM;
	}
	if (rc) {
		gg_tree_release(t);
		t->len = 0;
	}
	return rc;
}

gg_node gg_node_prev_sibling(gg_node n)
{
	gg_node p = gg_node_parent(n), prev = gg_node_null();
	for (gg_node c = gg_node_first_child(p); c.tree && c.index != n.index; c = gg_node_next_sibling(c))
		prev = c;
	return prev;
}

gg_node gg_node_prev_named_sibling(gg_node n)
{
	gg_node p = gg_node_parent(n), prev = gg_node_null();
	for (gg_node c = gg_node_first_child(p); c.tree && c.index != n.index; c = gg_node_next_sibling(c))
		if (gg_node_is_named(c))
			prev = c;
	return prev;
}

/* Where each row starts: after "\n", and after a "\r" that no "\n" follows (python.c parses it as one). */
static int rows_build(gg_tree *t)
{
	t->rows_len = 0;
	if (gg_grow((void **)&t->rows, &t->rows_cap, 0, sizeof *t->rows))
		return -ENOMEM;
	t->rows[t->rows_len++] = 0;
	const char *s = t->text;
	for (size_t i = 0; i < t->text_len; i++) {
		if (s[i] != '\n' && (s[i] != '\r' || (i + 1 < t->text_len && s[i + 1] == '\n')))
			continue;
		if (gg_grow((void **)&t->rows, &t->rows_cap, t->rows_len, sizeof *t->rows))
			return -ENOMEM;
		t->rows[t->rows_len++] = (uint32_t)(i + 1);
	}
	t->rows_ok = true;
	return 0;
}

TSPoint gg_node_start_point(gg_node n)
{
	TSPoint p = { 0, 0 };
	if (!n.tree)
		return p;
	/* Points are asked for messages, rarely: the rows are found on the first ask (the copy is one thread's). */
	gg_tree *t = (gg_tree *)n.tree;
	if (!t->rows_ok && rows_build(t))
		return p;
	uint32_t at = gg_node_start_byte(n);
	size_t lo = 0, hi = t->rows_len;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->rows[mid] <= at)
			lo = mid;
		else
			hi = mid;
	}
	p.row = (uint32_t)lo;
	p.column = at - t->rows[lo];
	return p;
}

/*
 * tree-sitter's descent (ts_node__descendant_for_byte_range): down through
 * the first child that reaches past start and to end and starts at or
 * before start; the last node passed that counts is the answer.
 */
static gg_node descendant(gg_node n, uint32_t start, uint32_t end, bool named_only)
{
	gg_node found = n;
	for (bool down = true; down;) {
		down = false;
		for (gg_node c = gg_node_first_child(n); c.tree; c = gg_node_next_sibling(c)) {
			uint32_t c_end = gg_node_end_byte(c);
			if (c_end < end || c_end <= start)
				continue;
			if (start < gg_node_start_byte(c))
				break;
			n = c;
			if (!named_only || gg_node_is_named(c))
				found = c;
			down = true;
			break;
		}
	}
	return found;
}

gg_node gg_node_descendant_for_byte_range(gg_node n, uint32_t start, uint32_t end)
{
	return n.tree ? descendant(n, start, end, false) : n;
}

gg_node gg_node_named_descendant_for_byte_range(gg_node n, uint32_t start, uint32_t end)
{
	return n.tree ? descendant(n, start, end, true) : n;
}
