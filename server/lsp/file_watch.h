#ifndef GG_LSP_FILE_WATCH_H
#define GG_LSP_FILE_WATCH_H

#include "lsp/session.h"

/*
 * The files the server reads from disk and asks the client to watch: the
 * workspace's Python files (the index) and its pyproject.toml files (the
 * configuration), by the globs in file_watch.c. The client then sends
 * workspace/didChangeWatchedFiles (lsp/handlers/did_change_watched_files.c)
 * when one changes outside its buffers. Registered dynamically, after
 * `initialized`, with clients that declare
 * workspace.didChangeWatchedFiles.dynamicRegistration; the others send
 * nothing, and the server reads files again on save only.
 */

/* Sends client/registerCapability for the watchers when the client takes it. */
void gg_file_watch_register(gg_session *s);

#endif
