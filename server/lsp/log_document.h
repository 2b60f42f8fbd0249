#ifndef GG_LSP_LOG_DOCUMENT_H
#define GG_LSP_LOG_DOCUMENT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "diagnose.h"
#include "lsp/session.h"

/*
 * Log documents in the server (.log, .err, .out, language "log" or
 * "plaintext"): their diagnosis as findings on the exception line and the
 * culprit frame line, and the markdown that explains a diagnosis on hover.
 * Also the session-aware entry into the diagnosis that executeCommand uses:
 * frames resolve under the workspace folder, open editor buffers win over
 * the disk, and the session's analyzer confirms on the resolved file.
 */

bool gg_log_document_is_log(const gg_document *doc);
/* Fills doc->findings from the diagnosis of doc's text, and keeps that diagnosis in doc->diagnoses. Returns 0 or a negative errno. */
int gg_log_document_analyze(gg_session *s, gg_document *doc);
/* The Hover object for offset in a log document, or NULL when nothing there is diagnosed. Diagnoses only when the text changed since the last analysis. */
cJSON *gg_log_document_hover(gg_session *s, gg_document *doc, size_t offset);

/* Diagnoses text with the session's workspace (root overrides it when not NULL). Caller frees out. */
int gg_log_diagnose(gg_session *s, const char *text, size_t len, const char *root, gg_diagnoses *out);
/* "OUT OF MEMORY (cuda:0) in evaluation, with autograd on" (caller owns; NULL on OOM). */
char *gg_log_diagnosis_headline(const gg_diagnosis *d);
/* The markdown explanation of a diagnosis (caller owns; NULL on OOM). */
char *gg_log_diagnosis_markdown(const gg_diagnosis *d);

#endif
