#ifndef GG_RUNTIME_REPORT_H
#define GG_RUNTIME_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "config.h"
#include "diagnose/diagnose.h"
#include "findings.h"
#include "notebook_cells.h"

/*
 * What gradguard.probe measured (ROOT/.gradguard/runtime.json, written by
 * `python -m gradguard run`; docs/probe.md), read for `gradguard check` and
 * the language server:
 *
 * - a static finding at a runtime finding's site (the same file and line;
 *   for GG002, whose static finding is on the accumulation rather than the
 *   forward, the same function) is confirmed: its message gets the figure;
 * - a runtime finding no static finding matches is reported on its own, with
 *   the same code, its message starting "(runtime only)" and no fix;
 * - a static finding at a site the run went through (an eval-mode forward)
 *   without finding anything there is counted as not confirmed.
 *
 * A site whose line no longer reads as it did during the run (the file was
 * edited since) is left out: its figures would describe other code. A site
 * in a notebook cell is matched to the notebook's code cell with the same
 * lines (IPython's own lines aside), and read in that cell's coordinates.
 */

typedef struct gg_runtime_entry {
	char *path;          /* owned: the file, resolved (realpath); NULL for a notebook cell's */
	/*
	 * A site in a notebook cell (Jupyter runs each cell under a name that is no
	 * file): the cell's source as the kernel ran it (owned; lines, positions
	 * and function lines are the cell's), and the notebook it belongs to when
	 * the kernel said (owned, resolved; NULL: whichever notebook has the cell).
	 */
	char *cell;
	char *notebook;
	uint32_t line;       /* 1-based */
	uint32_t column, end_column; /* 1-based code points on line, end exclusive; 0: unknown */
	uint32_t first_line; /* the lines of the function the call is in */
	uint32_t last_line;
	char *code;    /* owned: "GG001", "GG002"; NULL for a site run without a finding */
	char *message; /* owned: the probe's message (NULL without a code) */
	char *figure;  /* owned: "kept 1.3 GB of activations over 500 calls ..." (NULL without a code) */
	char *text;    /* owned: the line's text as the run read it, stripped */
} gg_runtime_entry;

typedef struct gg_runtime_report {
	gg_runtime_entry *items; /* owned */
	size_t len, cap;
	/* The file last read (refresh rereads it when these change). */
	bool seen;
	struct timespec mtime;
	off_t size;
	ino_t ino;
} gg_runtime_report;

/* What applying the report did to one file's findings (added to, not reset). */
typedef struct gg_runtime_counts {
	size_t confirmed;    /* static findings the run confirmed */
	size_t runtime_only; /* runtime findings added */
	size_t unconfirmed;  /* static findings at a site the run went through without finding anything */
} gg_runtime_counts;

void gg_runtime_report_init(gg_runtime_report *r);
void gg_runtime_report_free(gg_runtime_report *r);

/*
 * Reads root/.gradguard/runtime.json into r (emptied first). No such file is
 * no error (r stays empty). Returns 0, -EINVAL for a file that is not a
 * runtime report (r empty; *error says why, malloc'd, when error is not
 * NULL), or -ENOMEM.
 */
int gg_runtime_report_load(gg_runtime_report *r, const char *root, char **error);
/*
 * As load, from file (a runtime.json kept beside a log): its sites' file
 * names are read against root. No such file is an error here.
 */
int gg_runtime_report_load_file(gg_runtime_report *r, const char *root, const char *file, char **error);
/*
 * The finding the run measured at path (resolved, as the entries' are) on
 * line, else one in the function that holds line; NULL when there is none.
 */
const gg_runtime_entry *gg_runtime_report_at(const gg_runtime_report *r, const char *path, uint32_t line);
/*
 * The probe's figure for each diagnosis whose culprit line (or the function
 * around it) the run measured, as one more line of its evidence (the bytes
 * the failing evaluation kept). Returns 0 or -ENOMEM.
 */
int gg_runtime_report_evidence(const gg_runtime_report *r, gg_diagnoses *all);
/*
 * The same from root's own .gradguard/runtime.json, read into a report of
 * the call's (any thread may call it); none there, or one that is not a
 * report, adds nothing. Returns 0 or -ENOMEM.
 */
int gg_runtime_report_diagnoses(const char *root, gg_diagnoses *all);
/* As load, only when the file changed since the last load or refresh (one stat otherwise). */
int gg_runtime_report_refresh(gg_runtime_report *r, const char *root, char **error);

/*
 * Applies r to the findings of the file at path (text[0..len), as checked;
 * nb: the notebook whose code cells text joins, or NULL for a Python file):
 * marks the findings from index `from` on that the run confirmed, appends the
 * runtime-only ones (after the others, unsorted; those config leaves out, or a
 * `# noqa` for their code on their line silences, are not added) and counts
 * into counts (may be NULL). Returns 0 or -ENOMEM.
 */
int gg_runtime_report_apply(const gg_runtime_report *r, const char *path, const char *text, size_t len,
			    const gg_notebook *nb, const gg_config *config, gg_findings *findings, size_t from,
			    gg_runtime_counts *counts);

/* The runtime finding with code at line (1-based) of the file at path (text, nb as for apply), or NULL. */
const gg_runtime_entry *gg_runtime_report_find(const gg_runtime_report *r, const char *path, const char *text,
					       size_t len, const gg_notebook *nb, uint32_t line, const char *code);

#endif
