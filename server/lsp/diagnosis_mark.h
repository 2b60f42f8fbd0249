#ifndef GG_LSP_DIAGNOSIS_MARK_H
#define GG_LSP_DIAGNOSIS_MARK_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "lsp/session.h"

/*
 * The diagnosis mark: the one diagnostic that gradguard.diagnoseTraceback
 * publishes at the culprit line of a source file ("out of memory ... in the
 * pasted traceback"). It lives in the session while it applies, and ends
 * when the file is edited, saved or closed, or when another diagnosis
 * replaces it; ending it publishes the file again without it.
 *
 * A pushing client gets it in every publish of that file meanwhile (next to
 * the file's findings). A pulling client gets the findings from its pulls
 * and the mark alone by push, since a pull answers for open documents only
 * and the culprit is often not open; ending it pushes an empty list, which
 * the client's pushed collection needs (its pulled one is apart).
 */

/*
 * Makes diagnostic (taking ownership, on every path) the mark on uri (copied),
 * ending the previous mark if it was on another file. The caller publishes
 * uri (gg_diagnostics_publish carries the mark). Returns 0 or -ENOMEM.
 */
int gg_diagnosis_mark_set(gg_session *s, const char *uri, cJSON *diagnostic);
/*
 * The file at uri changed, was saved or closed: its mark ends and the client
 * is told. Returns true when a mark ended and a publish for uri went out (or
 * waits on the debounce timer), false when uri had no mark.
 */
bool gg_diagnosis_mark_end(gg_session *s, const char *uri);
/* Appends a copy of the mark to list when it is on uri. Returns 0 or -ENOMEM. */
int gg_diagnosis_mark_append(const gg_session *s, const char *uri, cJSON *list);
/* Frees the mark (the session closes). */
void gg_diagnosis_mark_free(gg_session *s);

#endif
