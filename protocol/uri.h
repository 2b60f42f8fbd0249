#ifndef GG_URI_H
#define GG_URI_H

/*
 * file:// URIs as LSP clients send them (RFC 8089 with percent-encoding).
 * Both functions return a malloc'd string the caller owns, or NULL when the
 * input is not convertible (not a file URI, bad escape) or memory ran out.
 */
char *gg_uri_to_path(const char *uri);
char *gg_uri_from_path(const char *path);

#endif
