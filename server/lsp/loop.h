#ifndef GG_LSP_LOOP_H
#define GG_LSP_LOOP_H

#include <stddef.h>

#define GG_LSP_DEFAULT_MAX_QUEUED_OUTPUT ((size_t)32 << 20)

typedef struct gg_lsp_options {
	size_t max_message;   /* bytes; larger messages are skipped */
	unsigned debounce_ms; /* delay between an edit and its diagnostics */
	/*
	 * bytes of replies waiting for a client that does not read them; past
	 * this, no new message is read or handled until half of them are written
	 * (back-pressure: replies are never dropped).
	 */
	size_t max_queued_output;
} gg_lsp_options;

/* Serves LSP on stdin/stdout until exit or end of input. Returns the process exit code. */
int gg_lsp_run(const gg_lsp_options *opts);

#endif
