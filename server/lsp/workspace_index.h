#ifndef GG_LSP_WORKSPACE_INDEX_H
#define GG_LSP_WORKSPACE_INDEX_H

#include "lsp/session.h"

/*
 * The project index (server/analysis/project.h) of the workspace folder, for
 * the language server: built on a thread of its own, away from the loop, then
 * handed to the session on the loop thread, where every open document is
 * analysed again. Built after `initialized`, and again after a Python file is
 * saved (one build at a time; a save during a build asks for one more). The
 * loop never waits for a build: the server exits on `exit` while one runs.
 */

/* Starts a build of the workspace's index, or asks for another after the one running. */
void gg_workspace_index_start(gg_session *s);
/*
 * The session is closing: a build still running is cancelled and detached
 * (it stops at its next file, or kills the interpreter it runs, and frees
 * itself) and the session's index is freed.
 */
void gg_workspace_index_close(gg_session *s);

#endif
