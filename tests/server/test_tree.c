/*
 * The analysis's copy of the syntax tree (server/analysis/tree.h) against
 * tree-sitter itself: for every Python file under the given paths, every
 * node's type, bytes, point, flags, field, parent, children, siblings and
 * fields as tree-sitter's node API answers them; then random edits, each
 * parsed incrementally and copied from the previous copy (gg_tree_update
 * with keep), must give the copy a fresh one gives, node for node. First a
 * generated module too large for the copy's 16-bit distances, the same way.
 * Each file gets 24 rounds of edits in the long form (GG_TEST_LONG=1, `meson
 * test --setup full`), 8 by default.
 *
 * usage: test_tree PATH...
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"
#include "tree.h"

static int failures;
static const char *current;

#define CHECK(cond)                                                                                          \
	do {                                                                                                 \
		if (!(cond)) {                                                                               \
			if (failures++ < 40 || getenv("TREE_VERBOSE"))                                                               \
				fprintf(stderr, "%s: %s:%d: CHECK failed: %s\n", current, __FILE__, __LINE__, #cond); \
		}                                                                                            \
	} while (0)

/* The same node, as far as its place says: bytes and type (nothing else can tell them apart). */
static bool same(TSNode a, gg_node b)
{
	if (ts_node_is_null(a) || gg_node_is_null(b))
		return ts_node_is_null(a) == gg_node_is_null(b);
	return ts_node_start_byte(a) == gg_node_start_byte(b) && ts_node_end_byte(a) == gg_node_end_byte(b) &&
	       ts_node_symbol(a) == gg_node_symbol(b);
}

static void show(const char *what, TSNode n, TSNode a, gg_node b)
{
	if (!getenv("TREE_VERBOSE") || same(a, b))
		return;
	bool null = ts_node_is_null(a);
	fprintf(stderr, "%s of %s [%u,%u): tree-sitter %s [%u,%u), copy %s [%u,%u)\n", what, ts_node_type(n),
		ts_node_start_byte(n), ts_node_end_byte(n), null ? "null" : ts_node_type(a), null ? 0 : ts_node_start_byte(a),
		null ? 0 : ts_node_end_byte(a), gg_node_type(b), gg_node_start_byte(b), gg_node_end_byte(b));
}

/*
 * Whether a child of n is anonymous yet holds nodes (`not in` written over
 * a comment): tree-sitter 0.20.7's named-child walk then goes into it and
 * answers its comment as n's named child, while its own named child count,
 * like the copy, counts n's children only. The copy's named children are
 * n's named children.
 */
static bool holds_anonymous_parent(TSNode n)
{
	uint32_t count = ts_node_child_count(n);
	for (uint32_t k = 0; k < count; k++) {
		TSNode c = ts_node_child(n, k);
		if (!ts_node_is_named(c) && ts_node_child_count(c) > 0)
			return true;
	}
	return false;
}

/* Every node of ts against the copy, in document order. */
static void compare(const TSTree *ts, const gg_tree *t, bool deep)
{
	const TSLanguage *lang = ts_tree_language(ts);
	uint32_t fields = ts_language_field_count(lang);
	TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(ts));
	uint32_t i = 0;
	uint32_t *stack = NULL;
	size_t depth = 0, cap = 0, deepest = 0;
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		if (depth > deepest)
			deepest = depth;
		CHECK(i < t->len);
		if (i >= t->len)
			break;
		gg_node g = gg_node_at(t, i);
		CHECK(same(n, g));
		CHECK(strcmp(ts_node_type(n), gg_node_type(g)) == 0);
		CHECK(ts_node_is_named(n) == gg_node_is_named(g));
		CHECK(ts_node_has_error(n) == gg_node_has_error(g));
		CHECK(ts_node_is_missing(n) == gg_node_is_missing(g));
		CHECK(ts_node_is_extra(n) == gg_node_is_extra(g));
		/* Under an ERROR node no field: tree-sitter's field lookup finds none there (tree.c). */
		bool under_error = depth && gg_node_symbol(gg_node_at(t, stack[depth - 1])) == (TSSymbol)-1;
		CHECK((under_error ? 0 : ts_tree_cursor_current_field_id(&cur)) == gg_node_field(g));
		TSPoint p = ts_node_start_point(n), q = gg_node_start_point(g);
		CHECK(p.row == q.row && p.column == q.column);
		/* The structural parent: the copy's, and where tree-sitter's own search agrees, its. */
		CHECK(depth ? gg_node_parent(g).index == stack[depth - 1] : gg_node_is_null(gg_node_parent(g)));
		/*
		 * tree-sitter 0.20.7 finds a parent by descending from the root by
		 * bytes: a zero-width node (an empty block while `with x:` is being
		 * typed, a MISSING ")") gets the token before it. The copy's parent
		 * is the structural one; the rest must agree.
		 */
		bool zero_width = ts_node_start_byte(n) == ts_node_end_byte(n);
		if (deep && !zero_width && !same(ts_node_parent(n), gg_node_parent(g)) && getenv("TREE_VERBOSE")) {
			TSNode tp = ts_node_parent(n);
			gg_node gp = gg_node_parent(g);
			fprintf(stderr, "node %s [%u,%u) missing=%d: ts parent %s [%u,%u) copy's %s [%u,%u)\n", ts_node_type(n),
				ts_node_start_byte(n), ts_node_end_byte(n), ts_node_is_missing(n), ts_node_type(tp), ts_node_start_byte(tp),
				ts_node_end_byte(tp), gg_node_type(gp), gg_node_start_byte(gp), gg_node_end_byte(gp));
		}
		/* tree-sitter's parent costs a pass over the siblings above: only in a deep compare. */
		CHECK(!deep || zero_width || same(ts_node_parent(n), gg_node_parent(g)));
		uint32_t count = ts_node_child_count(n), named = ts_node_named_child_count(n);
		CHECK(count == gg_node_child_count(g));
		CHECK(named == gg_node_named_child_count(g));
		if (deep) {
			for (uint32_t k = 0; k < count && k < 64; k++)
				CHECK(same(ts_node_child(n, k), gg_node_child(g, k)));
			bool named_ok = !holds_anonymous_parent(n);
			for (uint32_t k = 0; named_ok && k < named && k < 64; k++)
				CHECK(same(ts_node_named_child(n, k), gg_node_named_child(g, k)));
			for (TSFieldId f = 1; f <= fields; f++) {
				show(ts_language_field_name_for_id(lang, f), n, ts_node_child_by_field_id(n, f), gg_node_child_by_field_id(g, f));
				CHECK(same(ts_node_child_by_field_id(n, f), gg_node_child_by_field_id(g, f)));
			}
			/* Siblings go through the parent, which tree-sitter gets wrong for a zero-width node (above). */
			if (!zero_width) {
				bool named_siblings_ok = depth == 0 || !holds_anonymous_parent(ts_node_parent(n));
				show("next", n, ts_node_next_sibling(n), gg_node_next_sibling(g));
				show("prev", n, ts_node_prev_sibling(n), gg_node_prev_sibling(g));
				CHECK(same(ts_node_next_sibling(n), gg_node_next_sibling(g)));
				CHECK(same(ts_node_prev_sibling(n), gg_node_prev_sibling(g)));
				CHECK(!named_siblings_ok || same(ts_node_next_named_sibling(n), gg_node_next_named_sibling(g)));
				CHECK(!named_siblings_ok || same(ts_node_prev_named_sibling(n), gg_node_prev_named_sibling(g)));
			}
			uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
			TSNode root = ts_tree_root_node(ts);
			gg_node groot = gg_tree_root(t);
			CHECK(same(ts_node_descendant_for_byte_range(root, s, s), gg_node_descendant_for_byte_range(groot, s, s)));
			CHECK(same(ts_node_descendant_for_byte_range(root, s, e), gg_node_descendant_for_byte_range(groot, s, e)));
			CHECK(same(ts_node_named_descendant_for_byte_range(root, s, e),
				   gg_node_named_descendant_for_byte_range(groot, s, e)));
			/* Offsets inside a node and ranges across nodes, as a fix asks (a line's end, a selection). */
			uint32_t mid = s + (e - s) / 2;
			CHECK(same(ts_node_descendant_for_byte_range(root, mid, mid), gg_node_descendant_for_byte_range(groot, mid, mid)));
			CHECK(same(ts_node_descendant_for_byte_range(root, e, e), gg_node_descendant_for_byte_range(groot, e, e)));
			CHECK(same(ts_node_descendant_for_byte_range(root, mid, e + 1),
				   gg_node_descendant_for_byte_range(groot, mid, e + 1)));
			CHECK(same(ts_node_named_descendant_for_byte_range(root, mid, mid),
				   gg_node_named_descendant_for_byte_range(groot, mid, mid)));
		}
		i++;
		if (ts_tree_cursor_goto_first_child(&cur)) {
			if (depth == cap) {
				cap = cap ? 2 * cap : 64;
				stack = realloc(stack, cap * sizeof *stack);
			}
			stack[depth++] = i - 1;
			continue;
		}
		bool more = true;
		while (!ts_tree_cursor_goto_next_sibling(&cur)) {
			if (!depth || !ts_tree_cursor_goto_parent(&cur)) {
				more = false;
				break;
			}
			depth--;
		}
		if (!more)
			break;
	}
	CHECK(i == t->len);
	CHECK(deepest == gg_tree_depth(t));
	ts_tree_cursor_delete(&cur);
	free(stack);
}

/*
 * A copy as the analyzer makes it: fields asked where the grammar's pairs
 * say they can be (TREE_ALL_FIELDS=1: everywhere, which must agree).
 */
static gg_tree *tree_new(void)
{
	gg_tree *t = gg_tree_new();
	if (!getenv("TREE_ALL_FIELDS"))
		gg_tree_set_fields(t, gg_python_field_pairs, gg_python_field_pairs_len);
	return t;
}

static bool same_fars(const gg_tree_fars *a, const gg_tree_fars *b)
{
	return a->len == b->len && (!a->len || memcmp(a->items, b->items, a->len * sizeof *a->items) == 0);
}

/* Two copies node for node, and their far distances. */
static void compare_copies(const gg_tree *a, const gg_tree *b)
{
	CHECK(a->len == b->len);
	for (uint32_t i = 0; i < a->len && i < b->len; i++)
		CHECK(memcmp(&a->nodes[i], &b->nodes[i], sizeof a->nodes[i]) == 0);
	CHECK(same_fars(&a->far_up, &b->far_up));
	CHECK(same_fars(&a->far_size, &b->far_size));
}

static unsigned long rng;

/*
 * A case begins: its edits come from its name (and TREE_SEED, to look
 * further), so that the order a directory lists files in does not change them.
 */
static void begin(const char *name)
{
	current = name;
	rng = 88172645463325252ul;
	for (const char *c = name; *c; c++)
		rng = (rng ^ (unsigned char)*c) * 1099511628211ul;
	if (getenv("TREE_SEED"))
		rng ^= strtoul(getenv("TREE_SEED"), NULL, 10) * 0x9e3779b97f4a7c15ul;
	if (!rng)
		rng = 1;
}

static unsigned long next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The point of byte at of text[0, len), rows as gg_python_parse counts them. */
static TSPoint point_at(const char *text, size_t len, size_t at)
{
	TSPoint p = { 0, 0 };
	for (size_t i = 0; i < at; i++) {
		bool lone_cr = text[i] == '\r' && !(i + 1 < len && text[i + 1] == '\n');
		if (text[i] == '\n' || lone_cr) {
			p.row++;
			p.column = 0;
		} else {
			p.column++;
		}
	}
	return p;
}

/* Random edits: deletions, insertions of Python-ish pieces, each copied from the last copy. */
static void edit_rounds(const char *text, size_t len, int rounds, bool deep)
{
	static const char *const pieces[] = {
		"x", "(", ")", ":", "\n", "    ", "def f():\n    pass\n", "model(x)", " = ", ".eval()", "#", "\"", "[",
		"with torch.no_grad():\n", "for b in val_loader:\n    y = net(b)\n", ",", "lambda: 0", "\r\n", "\t",
	};
	size_t cap = len + 4096;
	char *buf = malloc(cap);
	memcpy(buf, text, len);
	TSParser *parser = gg_python_parser_new();
	TSTree *ts = gg_python_parse(parser, NULL, buf, len);
	gg_tree *inc = tree_new(), *fresh = tree_new();
	CHECK(gg_tree_update(inc, ts, buf, len, true) == 0);
	for (int r = 0; r < rounds; r++) {
		size_t at = len ? next_random() % (len + 1) : 0;
		size_t del = len - at ? next_random() % (len - at < 12 ? len - at + 1 : 12) : 0;
		if (next_random() % 3 == 0)
			del = 0;
		const char *ins = pieces[next_random() % (sizeof pieces / sizeof *pieces)];
		size_t ins_len = next_random() % 4 == 0 ? 0 : strlen(ins);
		if (len - del + ins_len + 1 > cap) {
			cap = 2 * (len + ins_len + 1);
			buf = realloc(buf, cap);
		}
		TSInputEdit e;
		e.start_byte = (uint32_t)at;
		e.old_end_byte = (uint32_t)(at + del);
		e.new_end_byte = (uint32_t)(at + ins_len);
		e.start_point = point_at(buf, len, at);
		e.old_end_point = point_at(buf, len, at + del);
		memmove(buf + at + ins_len, buf + at + del, len - at - del);
		memcpy(buf + at, ins, ins_len);
		len = len - del + ins_len;
		e.new_end_point = point_at(buf, len, at + ins_len);
		ts_tree_edit(ts, &e);
		TSTree *next = gg_python_parse(parser, ts, buf, len);
		ts_tree_delete(ts);
		ts = next;
		CHECK(gg_tree_update(inc, ts, buf, len, true) == 0);
		CHECK(gg_tree_update(fresh, ts, buf, len, false) == 0);
		compare_copies(inc, fresh);
		compare(ts, inc, deep && r % 8 == 0);
	}
	gg_tree_delete(inc);
	gg_tree_delete(fresh);
	ts_tree_delete(ts);
	ts_parser_delete(parser);
	free(buf);
}

static unsigned files, reuses;

static void check_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *text = malloc((size_t)n + 1);
	size_t len = fread(text, 1, (size_t)n, f);
	fclose(f);
	begin(path);
	files++;
	TSParser *parser = gg_python_parser_new();
	TSTree *ts = gg_python_parse(parser, NULL, text, len);
	gg_tree *t = tree_new();
	CHECK(gg_tree_update(t, ts, text, len, true) == 0);
	compare(ts, t, true);
	/* The same tree again: all of it is copied, in one piece (a tree too small to be a key is made again). */
	CHECK(gg_tree_update(t, ts, text, len, true) == 0);
	CHECK(t->reused == t->len || t->len < GG_TREE_KEY_NODES);
	compare(ts, t, false);
	/* One character inserted in the middle: most of the copy is copied. */
	if (len > 200) {
		TSInputEdit e = { (uint32_t)(len / 2), (uint32_t)(len / 2), (uint32_t)(len / 2 + 1), point_at(text, len, len / 2),
				  point_at(text, len, len / 2), { 0, 0 } };
		char *edited = malloc(len + 2);
		memcpy(edited, text, len / 2);
		edited[len / 2] = ' ';
		memcpy(edited + len / 2 + 1, text + len / 2, len - len / 2);
		e.new_end_point = point_at(edited, len + 1, len / 2 + 1);
		ts_tree_edit(ts, &e);
		TSTree *next = gg_python_parse(parser, ts, edited, len + 1);
		CHECK(gg_tree_update(t, next, edited, len + 1, true) == 0);
		compare(next, t, false);
		reuses += t->reused > t->len / 2;
		ts_tree_delete(next);
		free(edited);
	}
	gg_tree_delete(t);
	ts_tree_delete(ts);
	ts_parser_delete(parser);
	edit_rounds(text, len, getenv("GG_TEST_LONG") ? 24 : 8, true);
	free(text);
}

static void walk(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return;
	if (!S_ISDIR(st.st_mode)) {
		size_t n = strlen(path);
		if (n > 3 && strcmp(path + n - 3, ".py") == 0)
			check_file(path);
		return;
	}
	DIR *d = opendir(path);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		size_t n = strlen(path) + strlen(e->d_name) + 2;
		char *child = malloc(n);
		snprintf(child, n, "%s/%s", path, e->d_name);
		walk(child);
		free(child);
	}
	closedir(d);
}

/*
 * A module too large for the copy's 16-bit distances: a class whose block
 * holds more than 65,535 nodes, functions after it, statements after those;
 * the far parents and subtree ends, copied with their subtrees after edits.
 */
static void far_case(void)
{
	size_t cap = 1 << 20, len = 0;
	char *text = malloc(cap);
	len += (size_t)snprintf(text + len, cap - len, "import torch\n\nclass Big:\n    def m(self):\n");
	for (int i = 0; i < 6000; i++)
		len += (size_t)snprintf(text + len, cap - len, "        a%d = f(b, c)\n", i);
	len += (size_t)snprintf(text + len, cap - len, "\ndef after():\n");
	for (int i = 0; i < 100; i++)
		len += (size_t)snprintf(text + len, cap - len, "    y = g(z, %d)\n", i);
	for (int i = 0; i < 1000; i++)
		len += (size_t)snprintf(text + len, cap - len, "x%d = f(a, b)\n", i);
	begin("(the far case)");
	TSParser *parser = gg_python_parser_new();
	TSTree *ts = gg_python_parse(parser, NULL, text, len);
	gg_tree *t = tree_new();
	CHECK(gg_tree_update(t, ts, text, len, true) == 0);
	CHECK(t->len > GG_TREE_FAR && t->far_up.len > 0 && t->far_size.len > 0);
	compare(ts, t, false);
	gg_tree_delete(t);
	ts_tree_delete(ts);
	ts_parser_delete(parser);
	edit_rounds(text, len, 12, false);
	free(text);
}

int main(int argc, char **argv)
{
	far_case();
	for (int i = 1; i < argc; i++)
		walk(argv[i]);
	fprintf(stderr, "test_tree: %u files, %u reused most of the copy after one edit, %d failures\n", files, reuses,
		failures);
	return failures || files == 0 ? 1 : 0;
}
