#ifndef GG_TREE_H
#define GG_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <tree_sitter/api.h>

/*
 * The analysis's own copy of a syntax tree: tree-sitter's visible nodes, in
 * document order, in one array. Every rule, the semantic model and the fixer
 * read this copy rather than the tree, for two reasons:
 *
 *   - Asking tree-sitter 0.20.7 (Debian 12's) costs hundreds of instructions
 *     a step: its cursor walks through the grammar's hidden nodes, a field
 *     lookup scans the children, ts_node_parent descends again from the root.
 *     Here a child, a parent, a field or a sibling is an array read.
 *   - The copy is made again after an edit from the parts tree-sitter reused:
 *     a subtree the incremental parse kept is the very same object in the
 *     old and the new tree, so its nodes are copied, shifted, not walked
 *     (gg_tree_update). On a keystroke in a long file the walk then visits
 *     the module's statements and the edited one's insides.
 *
 * A gg_node is a position in one copy, valid until that copy's next update.
 * Its functions mirror tree-sitter's node API (gg_node_X is ts_node_X), so
 * code reads the same; tests/server/test_tree.c holds them to it.
 */

enum {
	GG_NODE_NAMED = 1 << 0,
	GG_NODE_EXTRA = 1 << 1,     /* a comment: it may stand anywhere */
	GG_NODE_HAS_ERROR = 1 << 2, /* it or a node inside it did not parse */
	GG_NODE_MISSING = 1 << 3,   /* inserted by error recovery, zero-width */
	GG_NODE_LAST = 1 << 4,      /* the last child of its parent */
};

/*
 * One visible node, in 16 bytes: its parent and the end of its subtree as
 * distances, which a copied subtree keeps (the rare one too far for 16 bits
 * is GG_TREE_FAR, and in the copy's far lists).
 */
typedef struct gg_tree_entry {
	uint32_t start, end; /* bytes of the text */
	uint16_t up;         /* how many places back its parent is; 0 at the root */
	uint16_t size;       /* how many nodes its subtree holds, itself included */
	TSSymbol symbol;     /* as ts_node_symbol says it (aliases applied) */
	uint8_t field;       /* the field its parent holds it by (ts_tree_cursor_current_field_id), 0 for none */
	uint8_t flags;       /* GG_NODE_* */
} gg_tree_entry;

#define GG_TREE_NONE UINT32_MAX
#define GG_TREE_FAR UINT16_MAX

/* A distance too far for an entry: the node's index, and its parent's (far_up) or the end of its subtree (far_size). */
typedef struct gg_tree_far {
	uint32_t index;
	uint32_t value;
} gg_tree_far;

/* Far distances, in order of index. */
typedef struct gg_tree_fars {
	gg_tree_far *items; /* owned */
	size_t len, cap;
} gg_tree_fars;

/*
 * A node the next update may copy whole (tree.c): its tree-sitter subtree,
 * its place, and how deep its subtree goes below it.
 */
typedef struct gg_tree_key {
	const void *key;
	uint32_t index;
	uint32_t height;
} gg_tree_key;

/*
 * Subtrees of fewer nodes than this are not keys: walking one again costs
 * little, and keys for them all would cost the copy a third more memory.
 */
#define GG_TREE_KEY_NODES 16

/* The reuse map's slot: a place in keys, valid while stamp is the map's (tree.c). */
typedef struct gg_tree_slot {
	uint32_t key;
	uint32_t stamp;
} gg_tree_slot;

/*
 * A type of node, and the type of a child that one of its fields can hold
 * (the grammar's node-types.json says which; tools/field_types.py).
 */
typedef struct gg_tree_field_pair {
	const char *parent;
	const char *child;
	bool child_named; /* "type" names both a node and a keyword */
} gg_tree_field_pair;

/*
 * A node whose children the update is walking: how many of them are still
 * to come, the last one so far, its place in keys (GG_TREE_NONE: none), how
 * deep it reaches so far.
 */
typedef struct gg_tree_open {
	uint32_t index;
	uint32_t left;
	uint32_t last;
	uint32_t key;
	uint32_t height;
} gg_tree_open;

/*
 * The fields are the module's own (tree.c); they are here so that the node
 * functions below can be inline.
 */
typedef struct gg_tree {
	const TSLanguage *language;
	const char *text; /* the text the copy describes: the caller's, not owned */
	size_t text_len;
	gg_tree_entry *nodes; /* owned */
	uint32_t len;
	size_t cap;
	gg_tree_fars far_up, far_size;
	/*
	 * With a held tree (owned: a ts_tree_copy of the tree this copy was
	 * made from), the subtrees of the copy's nodes stay alive, so an equal
	 * pointer in a later tree is the same unchanged subtree. keys (owned)
	 * are the copy's nodes worth copying whole, in document order; the map
	 * finds one by its subtree.
	 */
	TSTree *held;
	gg_tree_key *keys;
	size_t keys_len, keys_cap;
	gg_tree_slot *map; /* owned; open addressing by keys[].key, map_cap a power of two */
	size_t map_cap;
	uint32_t map_stamp; /* the slots of the last map_build have it; older ones are empty */
	gg_tree_open *stack; /* owned: the update's open nodes */
	size_t stack_cap;
	uint32_t depth;   /* the depth of the deepest node (the root's is 0) */
	/* The byte where each row starts (rows as the parser counts them), made on the first point asked. */
	uint32_t *rows; /* owned */
	size_t rows_len, rows_cap;
	bool rows_ok;
	/* Whether each symbol's nodes are named (tree.c). */
	uint8_t *named; /* owned */
	uint32_t named_len;
	/*
	 * The field pairs (not owned; static data) and, from them, a bit for
	 * each symbol and child symbol a field can join (owned; NULL: every
	 * child may have a field).
	 */
	const gg_tree_field_pair *pairs;
	size_t pairs_len;
	uint8_t *holds;
	/* Nodes copied from the previous copy in the last update, for tests and benchmarks. */
	uint32_t reused;
} gg_tree;

typedef struct gg_node {
	const gg_tree *tree; /* NULL: the null node */
	uint32_t index;
} gg_node;

/* An empty copy; NULL when out of memory. */
gg_tree *gg_tree_new(void);
void gg_tree_delete(gg_tree *t);
/*
 * The pairs of the grammar's node types where a field can hold a child
 * (pairs stays the caller's, alive as long as t): tree-sitter 0.20.7 finds
 * a child's field by walking up through the hidden nodes above it (a long
 * block's statements hang under a balanced tree of them), and elsewhere the
 * copy leaves it unasked. Without pairs every child is asked.
 */
void gg_tree_set_fields(gg_tree *t, const gg_tree_field_pair *pairs, size_t len);

/*
 * Makes t the copy of ts, the tree of text[0, len) (which the caller keeps
 * alive and unchanged while t is read). With keep, t holds on to ts's nodes
 * (a ts_tree_copy) so that the next update can copy what an edit left alone
 * (the caller goes on editing its own ts, ts_tree_edit and a reparse, as the
 * language server does); without, t keeps nothing of ts and the next update
 * starts afresh. 0, or -ENOMEM (t is then empty).
 */
int gg_tree_update(gg_tree *t, const TSTree *ts, const char *text, size_t len, bool keep);
/* Forgets the tree held for reuse (a full copy comes next). */
void gg_tree_release(gg_tree *t);

/* The root (the module), or the null node of an empty copy. */
static inline gg_node gg_tree_root(const gg_tree *t)
{
	gg_node n = { t && t->len ? t : NULL, 0 };
	return n;
}

/* The depth of the deepest node (the root's is 0). */
static inline uint32_t gg_tree_depth(const gg_tree *t)
{
	return t->depth;
}

static inline gg_node gg_node_null(void)
{
	gg_node n = { NULL, 0 };
	return n;
}

static inline gg_node gg_node_at(const gg_tree *t, uint32_t index)
{
	gg_node n = { index < t->len ? t : NULL, index };
	return n;
}

static inline bool gg_node_is_null(gg_node n)
{
	return n.tree == NULL;
}

static inline bool gg_node_eq(gg_node a, gg_node b)
{
	return a.tree == b.tree && (!a.tree || a.index == b.index);
}

static inline const gg_tree_entry *gg_node_entry(gg_node n)
{
	return &n.tree->nodes[n.index];
}

/* The accessors below return 0 / false / the null node for the null node, as tree-sitter's do. */
static inline TSSymbol gg_node_symbol(gg_node n)
{
	return n.tree ? gg_node_entry(n)->symbol : 0;
}

static inline uint32_t gg_node_start_byte(gg_node n)
{
	return n.tree ? gg_node_entry(n)->start : 0;
}

static inline uint32_t gg_node_end_byte(gg_node n)
{
	return n.tree ? gg_node_entry(n)->end : 0;
}

static inline bool gg_node_is_named(gg_node n)
{
	return n.tree && (gg_node_entry(n)->flags & GG_NODE_NAMED);
}

static inline bool gg_node_has_error(gg_node n)
{
	return n.tree && (gg_node_entry(n)->flags & GG_NODE_HAS_ERROR);
}

static inline bool gg_node_is_missing(gg_node n)
{
	return n.tree && (gg_node_entry(n)->flags & GG_NODE_MISSING);
}

static inline bool gg_node_is_extra(gg_node n)
{
	return n.tree && (gg_node_entry(n)->flags & GG_NODE_EXTRA);
}

/* The field its parent holds it by, 0 for none. */
static inline TSFieldId gg_node_field(gg_node n)
{
	return n.tree ? gg_node_entry(n)->field : 0;
}

/* The grammar's name of its type ("call", "ERROR", "("). */
static inline const char *gg_node_type(gg_node n)
{
	return n.tree ? ts_language_symbol_name(n.tree->language, gg_node_entry(n)->symbol) : "";
}

/* The value of index in fars (tree.c). */
uint32_t gg_tree_far_value(const gg_tree_fars *fars, uint32_t index);

/* The index of the parent of the node at index i, GG_TREE_NONE for the root. */
static inline uint32_t gg_tree_parent_index(const gg_tree *t, uint32_t i)
{
	uint16_t up = t->nodes[i].up;
	return up == 0 ? GG_TREE_NONE : up != GG_TREE_FAR ? i - up : gg_tree_far_value(&t->far_up, i);
}

/* One past the last index of the subtree of the node at index i. */
static inline uint32_t gg_tree_after(const gg_tree *t, uint32_t i)
{
	uint16_t size = t->nodes[i].size;
	return size != GG_TREE_FAR ? i + size : gg_tree_far_value(&t->far_size, i);
}

static inline gg_node gg_node_parent(gg_node n)
{
	if (!n.tree)
		return n;
	uint32_t p = gg_tree_parent_index(n.tree, n.index);
	gg_node r = { p == GG_TREE_NONE ? NULL : n.tree, p == GG_TREE_NONE ? 0 : p };
	return r;
}

static inline gg_node gg_node_first_child(gg_node n)
{
	if (!n.tree || gg_node_entry(n)->size == 1)
		return gg_node_null();
	gg_node c = { n.tree, n.index + 1 };
	return c;
}

static inline gg_node gg_node_next_sibling(gg_node n)
{
	if (!n.tree)
		return n;
	const gg_tree_entry *e = gg_node_entry(n);
	if (e->up == 0 || (e->flags & GG_NODE_LAST))
		return gg_node_null();
	gg_node s = { n.tree, gg_tree_after(n.tree, n.index) };
	return s;
}

static inline gg_node gg_node_first_named_child(gg_node n)
{
	gg_node c = gg_node_first_child(n);
	while (c.tree && !(gg_node_entry(c)->flags & GG_NODE_NAMED))
		c = gg_node_next_sibling(c);
	return c;
}

static inline gg_node gg_node_next_named_sibling(gg_node n)
{
	gg_node c = gg_node_next_sibling(n);
	while (c.tree && !(gg_node_entry(c)->flags & GG_NODE_NAMED))
		c = gg_node_next_sibling(c);
	return c;
}

static inline uint32_t gg_node_child_count(gg_node n)
{
	uint32_t count = 0;
	for (gg_node c = gg_node_first_child(n); c.tree; c = gg_node_next_sibling(c))
		count++;
	return count;
}

static inline uint32_t gg_node_named_child_count(gg_node n)
{
	uint32_t count = 0;
	for (gg_node c = gg_node_first_named_child(n); c.tree; c = gg_node_next_named_sibling(c))
		count++;
	return count;
}

static inline gg_node gg_node_child(gg_node n, uint32_t i)
{
	gg_node c = gg_node_first_child(n);
	while (c.tree && i--)
		c = gg_node_next_sibling(c);
	return c;
}

static inline gg_node gg_node_named_child(gg_node n, uint32_t i)
{
	gg_node c = gg_node_first_named_child(n);
	while (c.tree && i--)
		c = gg_node_next_named_sibling(c);
	return c;
}

/* Whether n is of the grammar's type named type (the null node is of none); a string compare, for the fixer's few asks. */
static inline bool gg_node_type_is(gg_node n, const char *type)
{
	return n.tree && strcmp(gg_node_type(n), type) == 0;
}

/* The first child its parent holds by field id. */
static inline gg_node gg_node_child_by_field_id(gg_node n, TSFieldId field)
{
	if (!field)
		return gg_node_null();
	for (gg_node c = gg_node_first_child(n); c.tree; c = gg_node_next_sibling(c))
		if (gg_node_entry(c)->field == field)
			return c;
	return gg_node_null();
}

/* The same by the field's name (the fixer's few asks; the rules resolve ids once, gg_py_ids). */
static inline gg_node gg_node_child_by_field_name(gg_node n, const char *name, uint32_t len)
{
	return n.tree ? gg_node_child_by_field_id(n, ts_language_field_id_for_name(n.tree->language, name, len)) : n;
}

gg_node gg_node_prev_sibling(gg_node n);
gg_node gg_node_prev_named_sibling(gg_node n);
/* Where the node starts, in rows and byte columns as the parser counts them (a lone "\r" ends a row). */
TSPoint gg_node_start_point(gg_node n);
/* The smallest node (named: named node) inside n that spans [start, end), as tree-sitter finds it. */
gg_node gg_node_descendant_for_byte_range(gg_node n, uint32_t start, uint32_t end);
gg_node gg_node_named_descendant_for_byte_range(gg_node n, uint32_t start, uint32_t end);

/*
 * One step of a document-order walk of the subtree of top: into n's children
 * when descend, else to the node after n's subtree. The null node once the
 * walk has left top's subtree.
 */
static inline gg_node gg_node_walk_next(gg_node top, gg_node n, bool descend)
{
	uint32_t next = descend ? n.index + 1 : gg_tree_after(n.tree, n.index);
	gg_node r = { next < gg_tree_after(top.tree, top.index) ? n.tree : NULL, next };
	return r;
}

#endif
