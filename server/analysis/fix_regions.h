#ifndef GG_FIX_REGIONS_H
#define GG_FIX_REGIONS_H

#include "tree.h"

/*
 * The regions a GG001 fix may put under no_grad, around the call it fixes:
 * the innermost loop in the call's own scope, the statement that holds the
 * call, and the function that directly holds it (none: a null node). GG001
 * asks the semantic model whether each trains and says so in the finding's
 * proof; the fixer places its edits there. One definition, so both mean the
 * same nodes.
 */
typedef struct gg_fix_regions {
	gg_node loop;
	gg_node statement;
	gg_node def; /* a function_definition; its body is what a decorator covers */
} gg_fix_regions;

void gg_fix_regions_find(gg_node call, gg_fix_regions *out);

#endif
