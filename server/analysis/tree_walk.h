#ifndef GG_TREE_WALK_H
#define GG_TREE_WALK_H

#include <stdbool.h>
#include <string.h>
#include <tree_sitter/api.h>

/* Whether n is a node of the grammar's type named type (a null node is none). */
static inline bool gg_tree_node_is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && strcmp(ts_node_type(n), type) == 0;
}

/*
 * One step of a document-order (pre-order) walk with a tree cursor: into the
 * current node's children when descend, else to the next node after it.
 * Returns false once the walk has left the node the cursor was created on.
 */
static inline bool gg_tree_walk_next(TSTreeCursor *cur, bool descend)
{
	if (descend && ts_tree_cursor_goto_first_child(cur))
		return true;
	while (!ts_tree_cursor_goto_next_sibling(cur))
		if (!ts_tree_cursor_goto_parent(cur))
			return false;
	return true;
}

#endif
