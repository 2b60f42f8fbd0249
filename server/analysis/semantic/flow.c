/*
 * What a module-level forward's result reaches (SPEC §2, GG001): the
 * module's statements in document order (expression statements, returns and
 * for headers, outside functions and classes), each with the names it binds,
 * and the names each reads, sorted by name. A forward's result reaches the names
 * its statement binds, then every later statement that reads one of them,
 * and what that one binds: a walk along the index, linear in what it
 * reaches, where a walk of the whole module per forward was quadratic in a
 * notebook of eval and train cells. Built once per file, where the file
 * has a backward (semantic.c); a function's body the same way, when asked
 * (sem_flow_build_in: whether a forward in eval mode feeds a backward
 * written after it in its function).
 */
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

static void bind_add(const semantic *c, module_flow *f, gg_node name)
{
	if (gg_grow((void **)&f->binds, &f->binds_cap, f->binds_len, sizeof *f->binds))
		f->failed = true;
	else
		f->binds[f->binds_len++] = node_span(c, name);
}

/* The names stmt binds or changes: its targets' root names, a for's names, or the object of the method a bare call calls (outs.append(y)). */
static void binds_collect(const semantic *c, module_flow *f, gg_node stmt)
{
	if (IS(stmt, for_statement)) {
		gg_node left = FIELD(stmt, left);
		for (gg_node m = left; !gg_node_is_null(m); m = gg_node_walk_next(left, m, true))
			if (IS(m, identifier))
				bind_add(c, f, m);
		return;
	}
	gg_node top = gg_node_named_child(stmt, 0), e = top;
	while (IS(e, assignment) || IS(e, augmented_assignment)) {
		gg_node left = FIELD(e, left);
		for (gg_node m = left; !gg_node_is_null(m);) {
			bool root = IS(m, identifier) || IS(m, attribute) || IS(m, subscript);
			if (root) {
				gg_node base = m;
				while (IS(base, subscript) || IS(base, attribute))
					base = IS(base, subscript) ? FIELD(base, value) : FIELD(base, object);
				if (IS(base, identifier))
					bind_add(c, f, base);
			}
			m = gg_node_walk_next(left, m, !root);
		}
		e = FIELD(e, right);
	}
	if (gg_node_eq(e, top) && IS(e, call) && IS(FIELD(e, function), attribute)) {
		gg_node base = FIELD(FIELD(e, function), object);
		while (IS(base, subscript) || IS(base, attribute) || IS(base, call))
			base = IS(base, subscript) ? FIELD(base, value) : IS(base, call) ? FIELD(base, function) : FIELD(base, object);
		if (IS(base, identifier))
			bind_add(c, f, base);
	}
}

/* The identifiers n reads (nested functions aside), each a read of statement k. */
static void reads_collect(const semantic *c, module_flow *f, gg_node n, uint32_t k)
{
	for (gg_node m = n; !gg_node_is_null(m) && !f->failed;) {
		bool nested = IS(m, function_definition) || IS(m, class_definition);
		if (IS(m, identifier)) {
			if (gg_grow((void **)&f->reads, &f->reads_cap, f->reads_len, sizeof *f->reads))
				f->failed = true;
			else
				f->reads[f->reads_len++] = (named){ node_span(c, m), (int)k };
		}
		m = gg_node_walk_next(n, m, !nested);
	}
}

/* The statements of root's body (the module, or a function's) into f; f->failed when memory ran out. */
static void flow_index(const semantic *c, module_flow *f, gg_node root)
{
	for (gg_node m = root; !gg_node_is_null(m) && !f->failed;) {
		bool stmt = IS(m, expression_statement) || IS(m, for_statement) || IS(m, return_statement);
		if (stmt) {
			if (gg_grow((void **)&f->stmts, &f->stmts_cap, f->stmts_len, sizeof *f->stmts)) {
				f->failed = true;
				break;
			}
			uint32_t k = (uint32_t)f->stmts_len;
			flow_stmt *s = &f->stmts[f->stmts_len++];
			s->node = m;
			s->start = gg_node_start_byte(m);
			s->end = IS(m, for_statement) ? gg_node_start_byte(FIELD(m, body)) : gg_node_end_byte(m);
			s->loop_end = IS(m, for_statement) ? gg_node_end_byte(m) : 0;
			s->binds_from = (uint32_t)f->binds_len;
			binds_collect(c, f, m);
			f->stmts[k].binds_to = (uint32_t)f->binds_len;
			reads_collect(c, f, IS(m, for_statement) ? FIELD(m, right) : m, k);
		}
		bool nested = (IS(m, function_definition) || IS(m, class_definition)) && !gg_node_eq(m, root);
		m = gg_node_walk_next(root, m, !(nested || IS(m, expression_statement) || IS(m, return_statement)));
	}
	gg_sort(f->reads, f->reads_len, sizeof *f->reads, sem_named_cmp);
	f->marks = f->failed ? NULL : calloc(1 + f->stmts_len + f->reads_len, sizeof *f->marks);
	f->failed = f->failed || !f->marks;
	f->built = !f->failed;
}

void sem_flow_build(semantic *c)
{
	flow_index(c, &c->flow, c->funcs[0].def);
	if (c->flow.failed)
		fail(c, -ENOMEM);
}

int sem_flow_build_in(const semantic *c, gg_node def, module_flow *f)
{
	memset(f, 0, sizeof *f);
	flow_index(c, f, def);
	return f->failed ? -ENOMEM : 0;
}

void sem_flow_free(module_flow *f)
{
	free(f->stmts);
	free(f->binds);
	free(f->reads);
	free(f->marks);
	memset(f, 0, sizeof *f);
}

/* The index of the statement node stmt in the flow, or -1. */
static long flow_stmt_index(const module_flow *f, gg_node stmt)
{
	uint32_t at = gg_node_start_byte(stmt);
	size_t lo = 0, hi = f->stmts_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (f->stmts[mid].start < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < f->stmts_len && f->stmts[lo].start == at; lo++)
		if (gg_node_eq(f->stmts[lo].node, stmt))
			return (long)lo;
	return -1;
}

/* Queues the names statement k binds that some statement reads and none queued before: each by the index of its first read. */
static int binds_queue(const module_flow *f, size_t k, unsigned gen, size_t **queue, size_t *len, size_t *cap)
{
	unsigned *read_mark = f->marks + 1 + f->stmts_len;
	for (uint32_t b = f->stmts[k].binds_from; b < f->stmts[k].binds_to; b++) {
		size_t lo = sem_named_first(f->reads, f->reads_len, f->binds[b]);
		if (lo >= f->reads_len || !span_eq(f->reads[lo].name, f->binds[b]) || read_mark[lo] == gen)
			continue;
		read_mark[lo] = gen;
		if (gg_grow((void **)queue, cap, *len, sizeof **queue))
			return -1;
		(*queue)[(*len)++] = lo;
	}
	return 0;
}

/*
 * Whether a for statement after statement `from`, around statement t, binds
 * name afresh (`for x, batch in loader:` between the forward and a read of
 * batch in that loop's body): t reads the loop's value, not what the
 * forward's statement made. Asked of t's enclosing statements only.
 */
static bool rebound_by_loop(const module_flow *f, size_t from, size_t t, span name)
{
	uint32_t after = f->stmts[from].start;
	for (gg_node n = gg_node_parent(f->stmts[t].node); !gg_node_is_null(n); n = gg_node_parent(n)) {
		if (gg_node_start_byte(n) <= after)
			break;
		long k = flow_stmt_index(f, n);
		if (k < 0 || !f->stmts[k].loop_end)
			continue;
		for (uint32_t b = f->stmts[k].binds_from; b < f->stmts[k].binds_to; b++)
			if (span_eq(f->binds[b], name))
				return true;
	}
	return false;
}

int sem_flow_reach(const module_flow *f, gg_node first, flow_reach *r)
{
	memset(r, 0, sizeof *r);
	long k = f->built ? flow_stmt_index(f, first) : -1;
	if (k < 0)
		return -1;
	r->first = (size_t)k;
	/* A new generation: the marks of earlier queries mean nothing now (all cleared once it wraps). */
	if (++f->marks[0] == 0) {
		memset(f->marks, 0, (1 + f->stmts_len + f->reads_len) * sizeof *f->marks);
		f->marks[0] = 1;
	}
	unsigned gen = f->marks[0], *stmt_mark = f->marks + 1;
	size_t *queue = NULL, queue_len = 0, queue_cap = 0;
	int rc = binds_queue(f, r->first, gen, &queue, &queue_len, &queue_cap);
	for (size_t done = 0; done < queue_len && !rc; done++) {
		/* Every later statement that reads the name is reached, and what it binds is followed in turn. */
		size_t lo = queue[done];
		for (size_t i = lo; i < f->reads_len && span_eq(f->reads[i].name, f->reads[lo].name) && !rc; i++) {
			size_t t = (size_t)f->reads[i].index;
			if (t <= r->first || stmt_mark[t] == gen || rebound_by_loop(f, r->first, t, f->reads[i].name))
				continue;
			stmt_mark[t] = gen;
			if (gg_grow((void **)&r->reached, &r->cap, r->len, sizeof *r->reached))
				rc = -1;
			else
				r->reached[r->len++] = t;
			if (!rc)
				rc = binds_queue(f, t, gen, &queue, &queue_len, &queue_cap);
		}
	}
	free(queue);
	if (rc) {
		free(r->reached);
		memset(r, 0, sizeof *r);
		return -1;
	}
	return 0;
}

/* Whether an offset of o lies in [from, end) of statement k (a for's header only: its body's statements are their own). */
static bool stmt_holds(const module_flow *f, size_t k, const offsets *o, uint32_t from)
{
	uint32_t start = f->stmts[k].start, end = f->stmts[k].end;
	return sem_offsets_any_in(o, start > from ? start : from, end);
}

bool sem_flow_reached_in(const module_flow *f, const flow_reach *r, const offsets *o, uint32_t from)
{
	if (stmt_holds(f, r->first, o, from))
		return true;
	for (size_t i = 0; i < r->len; i++)
		if (stmt_holds(f, r->reached[i], o, from))
			return true;
	return false;
}
