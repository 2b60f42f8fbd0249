#include "query.h"

#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"

typedef enum pred_kind {
	PRED_EQ,
	PRED_MATCH,
	PRED_ANY_OF,
} pred_kind;

typedef struct pred_string {
	const char *ptr; /* owned by the TSQuery */
	uint32_t len;
} pred_string;

typedef struct predicate {
	pred_kind kind;
	bool negated;
	uint32_t capture;
	bool rhs_is_capture; /* #eq? @a @b */
	uint32_t rhs_capture;
	pred_string *strings; /* owned; the right-hand side strings */
	uint32_t strings_len;
	regex_t re; /* compiled for PRED_MATCH only */
	bool re_compiled;
} predicate;

typedef struct pattern_predicates {
	predicate *items; /* owned */
	uint32_t len;
} pattern_predicates;

struct gg_query {
	TSQuery *ts;                  /* owned */
	pattern_predicates *patterns; /* owned; one per pattern */
	uint32_t pattern_count;
};

static void predicate_free(predicate *p)
{
	free(p->strings);
	if (p->re_compiled)
		regfree(&p->re);
}

void gg_query_delete(gg_query *q)
{
	if (!q)
		return;
	for (uint32_t i = 0; i < q->pattern_count && q->patterns; i++) {
		for (uint32_t j = 0; j < q->patterns[i].len; j++)
			predicate_free(&q->patterns[i].items[j]);
		free(q->patterns[i].items);
	}
	free(q->patterns);
	if (q->ts)
		ts_query_delete(q->ts);
	free(q);
}

static const char *query_error_name(TSQueryError e)
{
	switch (e) {
	case TSQueryErrorSyntax: return "syntax error";
	case TSQueryErrorNodeType: return "unknown node type";
	case TSQueryErrorField: return "unknown field";
	case TSQueryErrorCapture: return "unknown capture";
	case TSQueryErrorStructure: return "impossible pattern";
	case TSQueryErrorLanguage: return "incompatible language";
	default: return "error";
	}
}

/* Line and column (1-based) of offset in source, for messages. */
static void source_position(const char *source, uint32_t len, uint32_t offset, unsigned *line, unsigned *col)
{
	*line = 1;
	*col = 1;
	for (uint32_t i = 0; i < offset && i < len; i++) {
		if (source[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

static void set_error(char **error, char *message)
{
	if (error)
		*error = message;
	else
		free(message);
}

/* Compiles one predicate from steps[0..n) (without the Done step). Returns 0 or sets *why. */
static int predicate_compile(const TSQuery *ts, const TSQueryPredicateStep *steps, uint32_t n, predicate *p, const char **why)
{
	memset(p, 0, sizeof *p);
	if (n == 0 || steps[0].type != TSQueryPredicateStepTypeString) {
		*why = "a predicate must start with its name";
		return -EINVAL;
	}
	uint32_t name_len;
	const char *name = ts_query_string_value_for_id(ts, steps[0].value_id, &name_len);
	if (!strcmp(name, "eq?") || !strcmp(name, "not-eq?")) {
		p->kind = PRED_EQ;
		p->negated = name[0] == 'n';
	} else if (!strcmp(name, "match?") || !strcmp(name, "not-match?")) {
		p->kind = PRED_MATCH;
		p->negated = name[0] == 'n';
	} else if (!strcmp(name, "any-of?") || !strcmp(name, "not-any-of?")) {
		p->kind = PRED_ANY_OF;
		p->negated = name[0] == 'n';
	} else {
		*why = "unknown predicate (known: eq?, not-eq?, match?, not-match?, any-of?, not-any-of?)";
		return -EINVAL;
	}
	if (n < 2 || steps[1].type != TSQueryPredicateStepTypeCapture) {
		*why = "the first argument of a predicate must be a capture";
		return -EINVAL;
	}
	p->capture = steps[1].value_id;

	if (p->kind != PRED_ANY_OF && n != 3) {
		*why = "eq? and match? take exactly two arguments";
		return -EINVAL;
	}
	if (p->kind == PRED_ANY_OF && n < 3) {
		*why = "any-of? needs at least one string";
		return -EINVAL;
	}
	if (p->kind == PRED_EQ && steps[2].type == TSQueryPredicateStepTypeCapture) {
		p->rhs_is_capture = true;
		p->rhs_capture = steps[2].value_id;
		return 0;
	}
	p->strings_len = n - 2;
	p->strings = calloc(p->strings_len, sizeof *p->strings);
	if (!p->strings) {
		*why = "out of memory";
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < p->strings_len; i++) {
		if (steps[2 + i].type != TSQueryPredicateStepTypeString) {
			*why = "expected a string argument";
			return -EINVAL;
		}
		p->strings[i].ptr = ts_query_string_value_for_id(ts, steps[2 + i].value_id, &p->strings[i].len);
	}
	if (p->kind == PRED_MATCH) {
		/* Query strings are NUL-terminated in tree-sitter's symbol table. */
		if (regcomp(&p->re, p->strings[0].ptr, REG_EXTENDED | REG_NOSUB) != 0) {
			*why = "invalid regular expression";
			return -EINVAL;
		}
		p->re_compiled = true;
	}
	return 0;
}

static int pattern_compile(gg_query *q, uint32_t pattern, const char **why)
{
	uint32_t step_count;
	const TSQueryPredicateStep *steps = ts_query_predicates_for_pattern(q->ts, pattern, &step_count);
	pattern_predicates *pp = &q->patterns[pattern];
	uint32_t count = 0;
	for (uint32_t i = 0; i < step_count; i++)
		if (steps[i].type == TSQueryPredicateStepTypeDone)
			count++;
	if (count == 0)
		return 0;
	pp->items = calloc(count, sizeof *pp->items);
	if (!pp->items) {
		*why = "out of memory";
		return -ENOMEM;
	}
	uint32_t start = 0;
	for (uint32_t i = 0; i < step_count; i++) {
		if (steps[i].type != TSQueryPredicateStepTypeDone)
			continue;
		int rc = predicate_compile(q->ts, steps + start, i - start, &pp->items[pp->len], why);
		/* Counted even on failure: predicate_compile leaves it safe to free. */
		pp->len++;
		if (rc)
			return rc;
		start = i + 1;
	}
	return 0;
}

gg_query *gg_query_new(const TSLanguage *lang, const char *name, const char *source, uint32_t len, char **error)
{
	if (error)
		*error = NULL;
	gg_query *q = calloc(1, sizeof *q);
	if (!q) {
		set_error(error, gg_strdup_printf("query %s: out of memory", name));
		return NULL;
	}
	uint32_t offset = 0;
	TSQueryError err = TSQueryErrorNone;
	q->ts = ts_query_new(lang, source, len, &offset, &err);
	if (!q->ts) {
		unsigned line, col;
		source_position(source, len, offset, &line, &col);
		set_error(error, gg_strdup_printf("query %s:%u:%u: %s", name, line, col, query_error_name(err)));
		gg_query_delete(q);
		return NULL;
	}
	q->pattern_count = ts_query_pattern_count(q->ts);
	q->patterns = calloc(q->pattern_count ? q->pattern_count : 1, sizeof *q->patterns);
	if (!q->patterns) {
		set_error(error, gg_strdup_printf("query %s: out of memory", name));
		gg_query_delete(q);
		return NULL;
	}
	for (uint32_t i = 0; i < q->pattern_count; i++) {
		const char *why = NULL;
		if (pattern_compile(q, i, &why) != 0) {
			unsigned line, col;
			source_position(source, len, ts_query_start_byte_for_pattern(q->ts, i), &line, &col);
			set_error(error, gg_strdup_printf("query %s:%u:%u: %s", name, line, col, why));
			gg_query_delete(q);
			return NULL;
		}
	}
	return q;
}

uint32_t gg_query_capture_id(const gg_query *q, const char *name)
{
	uint32_t n = ts_query_capture_count(q->ts);
	size_t name_len = strlen(name);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t len;
		const char *s = ts_query_capture_name_for_id(q->ts, i, &len);
		if (len == name_len && memcmp(s, name, len) == 0)
			return i;
	}
	return UINT32_MAX;
}

void gg_query_exec(const gg_query *q, TSQueryCursor *cursor, TSNode node)
{
	ts_query_cursor_exec(cursor, q->ts, node);
}

bool gg_query_match_node(const TSQueryMatch *match, uint32_t id, TSNode *out)
{
	for (uint16_t i = 0; i < match->capture_count; i++) {
		if (match->captures[i].index == id) {
			*out = match->captures[i].node;
			return true;
		}
	}
	return false;
}

/* The node's text, or an empty span when the node lies outside text (a stale tree). */
static bool node_text(TSNode node, const char *text, size_t len, const char **ptr, size_t *n)
{
	uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
	if (end < start || end > len)
		return false;
	*ptr = text + start;
	*n = end - start;
	return true;
}

static bool text_eq(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && memcmp(a, b, alen) == 0;
}

static bool predicate_holds_on(const predicate *p, const TSQueryMatch *match, TSNode node, const char *text, size_t len)
{
	const char *s;
	size_t n;
	if (!node_text(node, text, len, &s, &n))
		return false;
	bool result = false;
	switch (p->kind) {
	case PRED_EQ:
		if (p->rhs_is_capture) {
			TSNode other;
			const char *o;
			size_t on;
			if (!gg_query_match_node(match, p->rhs_capture, &other))
				return true;
			result = node_text(other, text, len, &o, &on) && text_eq(s, n, o, on);
		} else {
			result = text_eq(s, n, p->strings[0].ptr, p->strings[0].len);
		}
		break;
	case PRED_MATCH: {
		/*
		 * regexec wants a C string. REG_STARTEND would avoid the copy, but
		 * sanitizers' regexec interceptors still read to a NUL.
		 */
		char *copy = malloc(n + 1);
		if (!copy)
			return false;
		memcpy(copy, s, n);
		copy[n] = '\0';
		result = regexec(&p->re, copy, 0, NULL, 0) == 0;
		free(copy);
		break;
	}
	case PRED_ANY_OF:
		for (uint32_t i = 0; i < p->strings_len && !result; i++)
			result = text_eq(s, n, p->strings[i].ptr, p->strings[i].len);
		break;
	}
	return result != p->negated;
}

static bool match_holds(const gg_query *q, const TSQueryMatch *match, const char *text, size_t len)
{
	if (match->pattern_index >= q->pattern_count)
		return false;
	const pattern_predicates *pp = &q->patterns[match->pattern_index];
	for (uint32_t i = 0; i < pp->len; i++) {
		const predicate *p = &pp->items[i];
		for (uint16_t c = 0; c < match->capture_count; c++) {
			if (match->captures[c].index != p->capture)
				continue;
			if (!predicate_holds_on(p, match, match->captures[c].node, text, len))
				return false;
		}
	}
	return true;
}

bool gg_query_next_match(const gg_query *q, TSQueryCursor *cursor, const char *text, size_t len, TSQueryMatch *match)
{
	while (ts_query_cursor_next_match(cursor, match)) {
		if (match_holds(q, match, text, len))
			return true;
	}
	return false;
}
