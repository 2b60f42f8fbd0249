#ifndef GG_URI_H
#define GG_URI_H

#include <stdbool.h>

/*
 * file:// URIs as LSP clients send them (RFC 8089 with percent-encoding).
 * Both functions return a malloc'd string the caller owns, or NULL when the
 * input is not convertible (not a file URI, bad escape) or memory ran out.
 */
char *gg_uri_to_path(const char *uri);
char *gg_uri_from_path(const char *path);

/*
 * prefix, then path with every byte outside RFC 3986's unreserved and
 * sub-delims, '/' and '@' (and ':' with keep_colon) percent-encoded; runs of
 * '/' in path are written as one. A
 * relative reference needs its colons encoded: a first segment with one
 * would read as a scheme. Caller owns; NULL when memory ran out.
 */
char *gg_uri_encode(const char *prefix, const char *path, bool keep_colon);

#endif
