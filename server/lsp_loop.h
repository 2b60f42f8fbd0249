#ifndef GG_LSP_LOOP_H
#define GG_LSP_LOOP_H

#include <stddef.h>

typedef struct gg_lsp_options {
	size_t max_message;   /* bytes; larger messages are skipped */
	unsigned debounce_ms; /* delay between an edit and its diagnostics */
} gg_lsp_options;

/* Serves LSP on stdin/stdout until exit or end of input. Returns the process exit code. */
int gg_lsp_run(const gg_lsp_options *opts);

#endif
