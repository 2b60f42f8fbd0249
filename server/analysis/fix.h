#ifndef GG_FIX_H
#define GG_FIX_H

#include <stdbool.h>
#include <stddef.h>
#include <tree_sitter/api.h>

#include "analysis.h"
#include "config.h"
#include "findings.h"

/*
 * The fix engine: for a finding, the rewrites that remove it, as byte-range
 * edits on the checked text. It knows the tree and the text, nothing of the
 * LSP or the CLI; both front ends (code actions, `check --fix`) use it alike.
 *
 * Promises (tests/fixes/ checks each on the corpus): an edit keeps the file's
 * indentation unit, line endings, comments and blank lines; it never touches
 * the inside of a string (continuation lines of a multi-line string, the
 * parts of an f-string); the result parses and re-checks without the finding.
 */

typedef enum gg_fix_kind {
	GG_FIX_WRAP_NO_GRAD,         /* with torch.no_grad(): around the loop or statement */
	GG_FIX_DECORATE_NO_GRAD,     /* @torch.no_grad() on the evaluation function */
	GG_FIX_WRAP_INFERENCE,       /* with torch.inference_mode(): */
	GG_FIX_DECORATE_INFERENCE,   /* @torch.inference_mode() */
	GG_FIX_DETACH_ITEM,          /* GG002: value.detach().item() */
	GG_FIX_DETACH,               /* GG002: value.detach() */
	GG_FIX_REMOVE_VOLATILE,      /* GG003: drop volatile=True */
	GG_FIX_NOQA,                 /* # noqa: GGxxx on the reported line */
} gg_fix_kind;

/* Replace text[range.start, range.end) with text (text_len bytes; an insertion when the range is empty). */
typedef struct gg_edit {
	gg_byte_range range;
	char *text; /* owned */
	size_t text_len;
} gg_edit;

typedef struct gg_fix {
	gg_fix_kind kind;
	char *title;    /* owned: "Wrap the loop in `with torch.no_grad():`" */
	bool safe;      /* applied by `check --fix` and source.fixAll */
	bool preferred; /* the one an editor offers first */
	gg_edit *edits; /* owned; sorted by start, not overlapping */
	size_t edits_len, edits_cap;
	/* A wrap or a decorator: the bytes it puts under the context ({0, 0}: none), so that nested ones are not taken together. */
	gg_byte_range covers;
} gg_fix;

typedef struct gg_fixes {
	gg_fix *items; /* owned */
	size_t len, cap;
} gg_fixes;

void gg_fixes_init(gg_fixes *f);
void gg_fixes_free(gg_fixes *f);

/*
 * The fix `check --fix` applies of a finding's fixes: the first safe one;
 * with unsafe, else the first that changes code (a `# noqa` is none). NULL
 * when there is none. Every front end that names "the" fix asks this.
 */
const gg_fix *gg_fixes_applied(const gg_fixes *f, bool unsafe);

/* A stable short name for the kind ("wrap-no-grad"), for JSON and code action data. */
const char *gg_fix_kind_name(gg_fix_kind kind);

/*
 * Appends to out the fixes for finding (found in text, whose tree is root),
 * best first: the one whose `safe` is set is what fix-all applies. config
 * (NULL: defaults) orders no_grad and inference_mode by `prefer`.
 * Returns 0 or -ENOMEM; a finding with no possible fix appends nothing.
 */
int gg_fix_list(const char *text, size_t len, gg_node root, const gg_finding *finding, const gg_config *config,
		gg_fixes *out);

/*
 * gg_fix_list for each of findings[0..count): out[i] (set here; the caller
 * frees each) gets the fixes of findings[i]. What does not depend on the
 * finding is read from the file once, and where a line's `# noqa` goes once
 * for the findings on that line when they come in order (gg_findings_sort):
 * many findings on one long line cost no more than as many on short lines.
 * Returns 0 or -ENOMEM (every out[i] is then empty).
 */
int gg_fix_list_each(const char *text, size_t len, gg_node root, const gg_finding *findings, size_t count,
		     const gg_config *config, gg_fixes *out);

/*
 * gg_fix_list_each for applying them all (fix-all): a finding whose GG001
 * fixes would be those already given to an earlier one (two forwards in one
 * loop share its wrap) gets none but its `# noqa`, so that many findings in
 * one long loop do not build its wrap once each.
 */
int gg_fix_list_for_all(const char *text, size_t len, gg_node root, const gg_finding *findings, size_t count,
			const gg_config *config, gg_fixes *out);

/*
 * Applies edits (sorted by start, not overlapping, inside the text) to text.
 * *out (NUL-terminated, *out_len bytes) is the caller's. Returns 0, -EINVAL
 * when the edits are out of order or out of range, or -ENOMEM.
 */
int gg_fix_apply(const char *text, size_t len, const gg_edit *edits, size_t edits_len, char **out, size_t *out_len);

/*
 * Carries anchors (n ascending offsets of a text, updated in place) through
 * edits (sorted, not overlapping) as gg_fix_all_anchored does: an anchor
 * moves with the text after it. Returns false when an edit replaced a range
 * around an anchor.
 */
bool gg_fix_anchors_carry(size_t *anchors, size_t n, const gg_edit *edits, size_t edits_len);

/* gg_fix_all's answer for a text that does not parse cleanly: nothing is fixed. */
#define GG_FIX_ALL_SYNTAX_ERROR 1

/*
 * Applies every safe fix to src (with unsafe, each finding's best fix that
 * changes code, safe or not: ruff's --unsafe-fixes), re-checking between
 * rounds until nothing changes (fixes that overlap wait for the next round;
 * the same edit asked by two fixes is made once). *out is the caller's;
 * *applied counts the findings the fixes resolved: the first check's less
 * those of *out (one wrap around a loop resolves each forward in it, as
 * ruff counts the errors fixed). Running it on its own result changes
 * nothing. Returns 0, GG_FIX_ALL_SYNTAX_ERROR (*out NULL) when src has a
 * syntax error (tree-sitter finds an ERROR or MISSING node), or a negative
 * errno.
 */
int gg_fix_all(gg_analyzer *a, const gg_source *src, bool unsafe, char **out, size_t *out_len, size_t *applied);

/* gg_fix_all_anchored's answer when a fix replaced bytes around an anchor: nothing is fixed. */
#define GG_FIX_ALL_ANCHOR_LOST 2

/*
 * gg_fix_all, carrying anchors (nanchors ascending offsets of src->text,
 * updated in place) into *out: each stays before the text that followed it,
 * so an insertion at an anchor lands after it (a notebook's cell starts,
 * notebook_cells.h). Returns what gg_fix_all returns, or
 * GG_FIX_ALL_ANCHOR_LOST when an edit replaced a range around an anchor.
 */
int gg_fix_all_anchored(gg_analyzer *a, const gg_source *src, bool unsafe, char **out, size_t *out_len,
			size_t *applied, size_t *anchors, size_t nanchors);

/*
 * gg_fix_all_anchored (anchors may be NULL), also counting what was resolved
 * per rule: by_rule[i] (by_rule NULL: not counted) grows by the findings of
 * gg_rules[i] the fixes resolved (`check --show-fixes`).
 */
int gg_fix_all_counted(gg_analyzer *a, const gg_source *src, bool unsafe, char **out, size_t *out_len,
		       size_t *applied, size_t *anchors, size_t nanchors, size_t *by_rule);

#endif
