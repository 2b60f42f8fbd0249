#ifndef GG_DX_TEXT_H
#define GG_DX_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/*
 * Small string helpers for the log diagnosis (the growable buffer is the
 * analysis layer's gg_buf): copies of untrusted log text that are bounded and always valid UTF-8 (so
 * that every string in a diagnosis can go into JSON as it is).
 */

/*
 * A copy of at most max bytes of s, cut at a character boundary, with invalid
 * UTF-8 and control characters (other than tab) replaced by U+FFFD / removed.
 * Caller owns; NULL on OOM.
 */
char *gg_text_dup(const char *s, size_t n, size_t max);

/* s without leading/trailing spaces and tabs: returns the start, sets *n. */
const char *gg_text_trim(const char *s, size_t *n);
/* Number of leading spaces (a tab counts as one). */
size_t gg_text_indent(const char *s, size_t n);
bool gg_text_starts(const char *s, size_t n, const char *prefix);
/* memmem for a C-string needle; NULL when absent. */
const char *gg_text_find(const char *s, size_t n, const char *needle);
/* Case-insensitive gg_text_find. */
const char *gg_text_find_ci(const char *s, size_t n, const char *needle);

/* dir "/" name; caller owns; NULL on OOM. */
char *gg_strdup_join(const char *dir, const char *name);

#endif
