#ifndef GG_FINDINGS_H
#define GG_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * What the analysis reports, in byte offsets of the checked text. Front ends
 * (the LSP server, the CLI) convert offsets to their own coordinates.
 */

typedef enum gg_severity {
	GG_SEVERITY_ERROR = 1,
	GG_SEVERITY_WARNING = 2,
	GG_SEVERITY_INFORMATION = 3,
	GG_SEVERITY_HINT = 4,
} gg_severity;

typedef struct gg_byte_range {
	uint32_t start, end;
} gg_byte_range;

typedef struct gg_related {
	gg_byte_range range;
	char *message; /* owned */
} gg_related;

/* GG001: another call the same fix wraps, with what the rule proved of its own regions (GG_PROOF_*). */
typedef struct gg_fix_site {
	gg_byte_range at;
	unsigned proof;
} gg_fix_site;

typedef struct gg_finding {
	const char *code; /* static: "GG001" */
	gg_severity severity;
	gg_byte_range range;
	char *message;      /* owned */
	gg_related *related; /* owned array */
	size_t related_len;
	/*
	 * What the rule proved, for the fixer (which then changes only what is
	 * proven): where the fix belongs when not at range (GG001: the call in the
	 * evaluation caller that runs a shared helper; GG002: the value joined onto
	 * the accumulator, which .detach() goes on; {0, 0}: at range), and
	 * GG_PROOF_* bits about the reported value.
	 */
	gg_byte_range fix_at;
	unsigned proof;
	/*
	 * GG001: the statements a wrap covers when it is not the loop, where
	 * the rule proved that a run of sibling statements holding the
	 * region's other forwards does not train: one wrap for the encoder and
	 * the decoder of one caption. {0, 0}: the fixed call's statement alone.
	 */
	gg_byte_range wrap_run;
	/*
	 * GG001: the calls of the other evaluation callers of the helper fixed at
	 * fix_at: one fix wraps them all, so that it fixes the finding whole.
	 */
	gg_fix_site *fix_also; /* owned array */
	size_t fix_also_len;
} gg_finding;

enum {
	GG_PROOF_TENSOR = 1u << 0, /* the value is a tensor with history (a loss, or .backward() ran on it) */
	GG_PROOF_SCALAR = 1u << 1, /* ... and a scalar loss, for which .item() fits */
	/*
	 * GG001: the regions a fix may cover around the fixed call
	 * (gg_fix_regions: its loop, its statement, the body of its function)
	 * do not train, as the semantic model proves it: no backward, optimizer
	 * step, grad-mode change, training call or yield in them (semantic/trains.c).
	 */
	GG_PROOF_LOOP_QUIET = 1u << 2,
	GG_PROOF_STATEMENT_QUIET = 1u << 3,
	GG_PROOF_BODY_QUIET = 1u << 4,
	/* GG003: grad is already off where the keyword is, so dropping it leaves nothing to do. */
	GG_PROOF_GRAD_OFF = 1u << 5,
	/*
	 * GG001, a caution rather than a proof: the run module's class is
	 * unknown and a module of the project differentiates in its forward
	 * (autograd.grad of its input): a wrap may break that one, so no fix is safe.
	 */
	GG_PROOF_MAY_DIFFERENTIATE = 1u << 6,
};

typedef struct gg_findings {
	gg_finding *items; /* owned */
	size_t len, cap;
} gg_findings;

void gg_findings_init(gg_findings *f);
/* Frees every finding and empties the list; the list stays usable. */
void gg_findings_clear(gg_findings *f);
void gg_findings_free(gg_findings *f);
/* Frees the findings from index len on; a no-op when the list is not longer. */
void gg_findings_truncate(gg_findings *f, size_t len);
/*
 * Frees and removes the findings from index from on for which drop returns
 * true (drop may also edit the ones it keeps); the rest keep their order.
 */
void gg_findings_remove_if(gg_findings *f, size_t from, bool (*drop)(gg_finding *finding, void *ctx), void *ctx);

/* Appends a finding; message is consumed (freed on failure). Returns the new finding or NULL. */
gg_finding *gg_findings_push(gg_findings *f, const char *code, gg_severity severity, gg_byte_range range, char *message);
/* Adds related information; message is consumed. Returns 0 or -ENOMEM. */
int gg_finding_add_related(gg_finding *finding, gg_byte_range range, char *message);
/* Adds a call the finding's fix wraps too. Returns 0 or -ENOMEM. */
int gg_finding_add_fix_site(gg_finding *finding, gg_byte_range at, unsigned proof);
/* Orders by start offset, then code; drops exact duplicates (same code and range). */
void gg_findings_sort(gg_findings *f);

/* printf into a fresh malloc'd string (NULL on failure). */
char *gg_strdup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The n bytes at p (NULs included) with a NUL after them. Caller frees; NULL on OOM. */
char *gg_memdup_str(const char *p, size_t n);

#endif
