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
	free(t->far_up.items);
	free(t->far_size.items);
	free(t->keys);
	free(t->map);
	free(t->stack);
	free(t->rows);
	free(t->named);
	free(t->holds);
	free(t);
}

/* ---- the reuse map: a subtree -> its key, the node of the copy it was ---- */

/*
 * The key of node n's subtree: the subtree itself. A TSNode's id is the slot
 * (a Subtree, tree-sitter's tagged union) that holds it in its parent's list
 * of children; a node with children is never inline, so the slot holds the
 * address of its data, with the low bit clear (the inline tag is that bit).
 * A subtree the incremental parse reused keeps its data, even where its slot
 * moved (a function whose neighbours changed). The held tree keeps every
 * such object of the previous tree alive, and tree-sitter copies an object
 * before it edits one that two trees share, so the same key in the new tree
 * is the same unchanged subtree. NULL for an inline leaf: never a key.
 */
static const void *node_key(TSNode n)
{
	uintptr_t data;
	memcpy(&data, n.id, sizeof data);
	return data & 1 ? NULL : (const void *)data;
}

static size_t map_hash(const void *id)
{
	uint64_t x = (uint64_t)(uintptr_t)id;
	x ^= x >> 29;
	x *= 0x9E3779B97F4A7C15ull;
	return (size_t)(x >> 32);
}

/* The place of key in keys (the copy's the map was made for), if it is there. */
static bool map_find(const gg_tree *t, const gg_tree_key *keys, const void *key, uint32_t *at)
{
	if (!t->map_cap)
		return false;
	size_t mask = t->map_cap - 1;
	for (size_t i = map_hash(key) & mask; t->map[i].stamp == t->map_stamp; i = (i + 1) & mask)
		if (keys[t->map[i].key].key == key) {
			*at = t->map[i].key;
			return true;
		}
	return false;
}

/* The map of t's keys. A new stamp empties the map without a pass over it. */
static int map_build(gg_tree *t)
{
	/* At most three quarters full; the last map's capacity does unless too small, or far too large. */
	size_t cap = 16;
	while (cap / 4 * 3 < t->keys_len)
		cap *= 2;
	if (t->map_cap >= cap && t->map_cap <= 4 * cap)
		cap = t->map_cap;
	if (cap != t->map_cap || ++t->map_stamp == 0) {
		gg_tree_slot *m = cap != t->map_cap ? realloc(t->map, cap * sizeof *m) : t->map;
		if (!m)
			return -ENOMEM;
		t->map = m;
		t->map_cap = cap;
		memset(t->map, 0, t->map_cap * sizeof *t->map);
		t->map_stamp = 1;
	}
	size_t mask = t->map_cap - 1;
	for (uint32_t k = 0; k < t->keys_len; k++) {
		size_t s = map_hash(t->keys[k].key) & mask;
		while (t->map[s].stamp == t->map_stamp)
			s = (s + 1) & mask;
		t->map[s] = (gg_tree_slot){ k, t->map_stamp };
	}
	return 0;
}

/* ---- the copy ---- */

static int nodes_reserve(gg_tree *t, size_t need)
{
	if (need <= t->cap)
		return 0;
	/* The first ask is about the size of the copy: as much, then doubling. */
	size_t cap = t->cap ? t->cap : need > 256 ? need : 256;
	while (cap < need)
		cap *= 2;
	gg_tree_entry *n = realloc(t->nodes, cap * sizeof *n);
	if (!n)
		return -ENOMEM;
	t->nodes = n;
	t->cap = cap;
	return 0;
}

/* The first of fars at index or after it. */
static size_t far_lower(const gg_tree_fars *fars, uint32_t index)
{
	size_t lo = 0, hi = fars->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (fars->items[mid].index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

uint32_t gg_tree_far_value(const gg_tree_fars *fars, uint32_t index)
{
	size_t at = far_lower(fars, index);
	return at < fars->len && fars->items[at].index == index ? fars->items[at].value : GG_TREE_NONE;
}

static int far_push(gg_tree_fars *fars, uint32_t index, uint32_t value)
{
	if (gg_grow((void **)&fars->items, &fars->cap, fars->len, sizeof *fars->items))
		return -ENOMEM;
	fars->items[fars->len++] = (gg_tree_far){ index, value };
	return 0;
}

static int far_cmp(const void *a, const void *b)
{
	uint32_t x = ((const gg_tree_far *)a)->index, y = ((const gg_tree_far *)b)->index;
	return x < y ? -1 : x > y;
}

/* The entry's distance up to its parent, the far list told when it does not fit. */
static int up_set(gg_tree *t, uint32_t at, uint32_t parent)
{
	uint32_t up = parent == GG_TREE_NONE ? 0 : at - parent;
	t->nodes[at].up = up < GG_TREE_FAR ? (uint16_t)up : GG_TREE_FAR;
	return up < GG_TREE_FAR ? 0 : far_push(&t->far_up, at, parent);
}

static int keys_push(gg_tree *t, gg_tree_key k)
{
	if (gg_grow((void **)&t->keys, &t->keys_cap, t->keys_len, sizeof *t->keys))
		return -ENOMEM;
	t->keys[t->keys_len++] = k;
	return 0;
}

/* The open node reaches at least one deeper than its child of height h. */
static inline void height_up(gg_tree_open *open, uint32_t h)
{
	if (h + 1 > open->height)
		open->height = h + 1;
}

void gg_tree_set_fields(gg_tree *t, const gg_tree_field_pair *pairs, size_t len)
{
	t->pairs = pairs;
	t->pairs_len = len;
	t->language = NULL; /* the tables are made again at the next update */
}

typedef struct symbol_name {
	const char *name;
	TSSymbol symbol;
	bool named;
} symbol_name;

static int symbol_name_cmp(const void *a, const void *b)
{
	const symbol_name *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (int)x->named - (int)y->named;
}

/* The first of the symbols sorted by name that is name (named or not), or n. */
static size_t symbol_find(const symbol_name *sorted, size_t n, const char *name, bool named)
{
	size_t lo = 0, hi = n;
	symbol_name key = { name, 0, named };
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (symbol_name_cmp(&sorted[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && symbol_name_cmp(&sorted[lo], &key) == 0 ? lo : n;
}

/*
 * The symbol pairs a field can join, from the named pairs: every symbol of
 * a name counts (a grammar may spell one type with several symbols).
 */
static int holds_init(gg_tree *t, const TSLanguage *lang, uint32_t n)
{
	free(t->holds);
	t->holds = NULL;
	if (!t->pairs_len)
		return 0;
	symbol_name *sorted = malloc((n ? n : 1) * sizeof *sorted);
	uint8_t *holds = calloc(((size_t)n * n + 7) / 8 + 1, 1);
	if (!sorted || !holds) {
		free(sorted);
		free(holds);
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < n; i++)
		sorted[i] = (symbol_name){ ts_language_symbol_name(lang, (TSSymbol)i), (TSSymbol)i,
					   ts_language_symbol_type(lang, (TSSymbol)i) == TSSymbolTypeRegular };
	qsort(sorted, n, sizeof *sorted, symbol_name_cmp);
	for (size_t k = 0; k < t->pairs_len; k++) {
		const gg_tree_field_pair *p = &t->pairs[k];
		for (size_t i = symbol_find(sorted, n, p->parent, true); i < n && !strcmp(sorted[i].name, p->parent) && sorted[i].named; i++)
			for (size_t j = symbol_find(sorted, n, p->child, p->child_named);
			     j < n && !strcmp(sorted[j].name, p->child) && sorted[j].named == p->child_named; j++) {
				size_t bit = (size_t)sorted[i].symbol * n + sorted[j].symbol;
				holds[bit / 8] |= (uint8_t)(1u << (bit % 8));
			}
	}
	free(sorted);
	t->holds = holds;
	return 0;
}

/*
 * What the copy reads of the language, once: whether nodes of a symbol (as
 * ts_node_symbol gives it: aliases applied) are named, and which pairs a
 * field can join.
 */
static int language_init(gg_tree *t, const TSLanguage *lang)
{
	if (t->named && t->language == lang)
		return 0;
	uint32_t n = ts_language_symbol_count(lang);
	uint8_t *named = malloc(n ? n : 1);
	if (!named)
		return -ENOMEM;
	for (uint32_t i = 0; i < n; i++)
		named[i] = ts_language_symbol_type(lang, (TSSymbol)i) == TSSymbolTypeRegular;
	free(t->named);
	t->named = named;
	t->named_len = n;
	int rc = holds_init(t, lang, n);
	if (!rc)
		t->language = lang;
	return rc;
}

/*
 * Whether a child of symbol child can be held by a field of its parent of
 * symbol parent. An ERROR node (error recovery's, without a production) has
 * no fields for ts_node_child_by_field_id to find, so none here either.
 */
static bool field_possible(const gg_tree *t, TSSymbol parent, TSSymbol child)
{
	if (parent == (TSSymbol)-1 /* ts_builtin_sym_error */)
		return false;
	if (!t->holds)
		return true;
	if (parent >= t->named_len || child >= t->named_len)
		return true;
	size_t bit = (size_t)parent * t->named_len + child;
	return t->holds[bit / 8] >> (bit % 8) & 1;
}

static uint8_t flags_of(const gg_tree *t, TSNode n, TSSymbol symbol)
{
	/* ERROR (past the table) is named. */
	bool named = symbol < t->named_len ? t->named[symbol] : true;
	return (uint8_t)((named ? GG_NODE_NAMED : 0) | (ts_node_is_extra(n) ? GG_NODE_EXTRA : 0) |
			 (ts_node_has_error(n) ? GG_NODE_HAS_ERROR : 0) | (ts_node_is_missing(n) ? GG_NODE_MISSING : 0));
}

/*
 * Copies the subtree of the previous copy's key k (prev and old_keys) to the
 * end of t, as the node n of the new tree: the same nodes, moved by the
 * bytes and the places n moved, and with keep its keys inside. What its
 * new parent makes of it (the field, an alias's name) is n's own.
 * 0 or -ENOMEM.
 */
static int subtree_copy(gg_tree *t, const gg_tree *prev, const gg_tree_key *old_keys, size_t old_keys_len, uint32_t k,
			TSNode n, TSSymbol symbol, TSFieldId field, uint32_t parent, bool keep)
{
	const gg_tree_entry *old = prev->nodes;
	uint32_t from = old_keys[k].index, count = gg_tree_after(prev, from) - from, at = t->len;
	if (nodes_reserve(t, (size_t)at + count))
		return -ENOMEM;
	memcpy(t->nodes + at, old + from, count * sizeof *old);
	uint32_t bytes = ts_node_start_byte(n) - old[from].start; /* modular: a move back wraps, and so does the sum */
	uint32_t places = at - from;
	for (gg_tree_entry *e = t->nodes + at, *end = e + count; e < end; e++) {
		e->start += bytes;
		e->end += bytes;
	}
	gg_tree_entry *top = &t->nodes[at];
	top->symbol = symbol;
	top->field = (uint8_t)field;
	top->flags = flags_of(t, n, top->symbol);
	t->len += count;
	t->reused += count;
	if (up_set(t, at, parent))
		return -ENOMEM;
	/* The far distances inside (the top's own up is its new parent's). */
	for (size_t j = far_lower(&prev->far_up, from + 1); j < prev->far_up.len && prev->far_up.items[j].index < from + count; j++)
		if (far_push(&t->far_up, prev->far_up.items[j].index + places, prev->far_up.items[j].value + places))
			return -ENOMEM;
	for (size_t j = far_lower(&prev->far_size, from); j < prev->far_size.len && prev->far_size.items[j].index < from + count; j++)
		if (far_push(&t->far_size, prev->far_size.items[j].index + places, prev->far_size.items[j].value + places))
			return -ENOMEM;
	/* The keys inside follow k in document order, up to the end of its subtree. */
	for (size_t j = k; keep && j < old_keys_len && old_keys[j].index < from + count; j++)
		if (keys_push(t, (gg_tree_key){ old_keys[j].key, old_keys[j].index + places, old_keys[j].height }))
			return -ENOMEM;
	return 0;
}

int gg_tree_update(gg_tree *t, const TSTree *ts, const char *text, size_t len, bool keep)
{
	TSNode root = ts_tree_root_node(ts);
	t->text = text;
	t->text_len = len;
	t->rows_ok = false;
	t->reused = 0;
	if (language_init(t, ts_tree_language(ts)))
		return -ENOMEM;
	/*
	 * The previous copy (prev: its nodes and far lists) is read while the
	 * new one is made, then freed: a spare kept for the next update would
	 * double what the copy holds.
	 */
	bool reuse = t->held != NULL && t->len > 0;
	gg_tree prev = { .nodes = t->nodes, .len = t->len, .far_up = t->far_up, .far_size = t->far_size };
	gg_tree_key *old_keys = t->keys;
	size_t old_keys_len = t->keys_len;
	t->nodes = NULL;
	t->cap = 0;
	t->len = 0;
	t->far_up = (gg_tree_fars){ NULL, 0, 0 };
	t->far_size = (gg_tree_fars){ NULL, 0, 0 };
	t->keys = NULL;
	t->keys_len = t->keys_cap = 0;

	int rc = nodes_reserve(t, (size_t)prev.len + prev.len / 8 + 64);
	TSTreeCursor cur = ts_tree_cursor_new(root);
	size_t depth = 0;
	uint32_t height = 0; /* the root's, once it is left */
	while (!rc) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		uint32_t parent = depth ? t->stack[depth - 1].index : GG_TREE_NONE, k, at = t->len;
		TSSymbol symbol = ts_node_symbol(n);
		/* The cursor names the field of a hidden node between the two. */
		TSFieldId field = parent != GG_TREE_NONE && field_possible(t, t->nodes[parent].symbol, symbol)
					  ? ts_tree_cursor_current_field_id(&cur)
					  : 0;
		if (depth)
			t->stack[depth - 1].last = at;
		const void *key = node_key(n);
		if (reuse && key && map_find(t, old_keys, key, &k)) {
			if ((rc = subtree_copy(t, &prev, old_keys, old_keys_len, k, n, symbol, field, parent, keep)))
				break;
			if (depth)
				height_up(&t->stack[depth - 1], old_keys[k].height);
			else
				height = old_keys[k].height;
		} else {
			if (t->len == t->cap && (rc = nodes_reserve(t, (size_t)t->len + 1)))
				break;
			t->len++;
			t->nodes[at] = (gg_tree_entry){ ts_node_start_byte(n), ts_node_end_byte(n), 0, 1,
							symbol, (uint8_t)field, flags_of(t, n, symbol) };
			if ((rc = up_set(t, at, parent)))
				break;
			/* The count is the subtree's own: a leaf is not asked for a child. */
			uint32_t children = ts_node_child_count(n);
			if (children && ts_tree_cursor_goto_first_child(&cur)) {
				uint32_t place = GG_TREE_NONE;
				if (keep && key) {
					if ((rc = keys_push(t, (gg_tree_key){ key, at, 0 })))
						break;
					place = (uint32_t)t->keys_len - 1;
				}
				if ((rc = gg_grow((void **)&t->stack, &t->stack_cap, depth, sizeof *t->stack)))
					break;
				t->stack[depth++] = (gg_tree_open){ at, children - 1, GG_TREE_NONE, place, 0 };
				continue;
			}
			if (depth)
				height_up(&t->stack[depth - 1], 0);
		}
		/*
		 * Up until a sibling: each node left behind ends its subtree here.
		 * The children counted are the cursor's, so a last child is not
		 * asked for a sibling (in tree-sitter 0.20.7 that walks up through
		 * the hidden nodes above it, only to come back).
		 */
		while (depth && !(t->stack[depth - 1].left && ts_tree_cursor_goto_next_sibling(&cur))) {
			if (!ts_tree_cursor_goto_parent(&cur)) {
				depth = 0;
				break;
			}
			gg_tree_open done = t->stack[--depth];
			uint32_t size = t->len - done.index;
			t->nodes[done.index].size = size < GG_TREE_FAR ? (uint16_t)size : GG_TREE_FAR;
			if (size >= GG_TREE_FAR && (rc = far_push(&t->far_size, done.index, t->len)))
				break;
			if (done.last != GG_TREE_NONE)
				t->nodes[done.last].flags |= GG_NODE_LAST;
			/* A small subtree's keys inside were small too, and went before its own: it is the last. */
			if (done.key != GG_TREE_NONE) {
				if (size < GG_TREE_KEY_NODES && done.key + 1 == t->keys_len)
					t->keys_len--;
				else
					t->keys[done.key].height = done.height;
			}
			if (depth)
				height_up(&t->stack[depth - 1], done.height);
			else
				height = done.height;
		}
		if (rc || !depth)
			break;
		t->stack[depth - 1].left--;
	}
	ts_tree_cursor_delete(&cur);
	free(prev.nodes);
	free(prev.far_up.items);
	free(prev.far_size.items);
	free(old_keys);
	/* Sizes are known as subtrees end, after the sizes inside them: in order of index again. */
	if (!rc)
		gg_sort(t->far_size.items, t->far_size.len, sizeof *t->far_size.items, far_cmp);
	/*
	 * What the walk reserved beyond a copy kept for the next update is given
	 * back: the document's copy lives until the next keystroke. (A copy not
	 * kept, as in check, leaves its room to the next file's.)
	 */
	if (!rc && keep && t->cap > (size_t)t->len + t->len / 32 + 256) {
		gg_tree_entry *fit = realloc(t->nodes, ((size_t)t->len + 1) * sizeof *fit);
		if (fit) {
			t->nodes = fit;
			t->cap = (size_t)t->len + 1;
		}
	}
	if (!rc && keep && t->keys_cap > t->keys_len + t->keys_len / 32 + 64) {
		gg_tree_key *fit = realloc(t->keys, (t->keys_len + 1) * sizeof *fit);
		if (fit) {
			t->keys = fit;
			t->keys_cap = t->keys_len + 1;
		}
	}
	gg_tree_release(t);
	t->depth = !rc ? height : 0;
	if (!rc && keep)
		rc = map_build(t);
	if (!rc && keep && !(t->held = ts_tree_copy(ts)))
		rc = -ENOMEM;
	if (rc) {
		gg_tree_release(t);
		t->len = 0;
		t->keys_len = 0;
		t->far_up.len = t->far_size.len = 0;
		t->depth = 0;
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
 * tree-sitter's descent (ts_node__descendant_for_byte_range) goes down
 * through the first child that reaches past start and to end and starts at
 * or before start; the last node passed that counts is the answer. Children
 * do not overlap, so that child is the last one starting at or before start,
 * and the path it takes is the chain of parents of k, the last node of n's
 * subtree in document order that starts at or before start: found by a
 * binary search (starts never decrease in document order), then walked up
 * to the deepest node of the chain that reaches far enough. Its cost is the
 * logarithm of the subtree and the depth, not the children of every level:
 * a fix asks for nodes of a module of any number of statements.
 */
static gg_node descendant(gg_node n, uint32_t start, uint32_t end, bool named_only)
{
	const gg_tree *t = n.tree;
	uint32_t lo = n.index + 1, hi = gg_tree_after(t, n.index);
	if (lo >= hi || t->nodes[lo].start > start)
		return n;
	while (hi - lo > 1) { /* nodes[lo].start <= start, and every node from hi on starts after it */
		uint32_t mid = lo + (hi - lo) / 2;
		if (t->nodes[mid].start <= start)
			lo = mid;
		else
			hi = mid;
	}
	uint64_t reach = end > start ? end : (uint64_t)start + 1; /* a node counts when its end is at least this */
	uint32_t k = lo;
	while (k != n.index && t->nodes[k].end < reach)
		k = gg_tree_parent_index(t, k);
	while (named_only && k != n.index && !(t->nodes[k].flags & GG_NODE_NAMED))
		k = gg_tree_parent_index(t, k);
	gg_node found = { t, k };
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
