#ifndef GG_EXPLAIN_DOCS_H
#define GG_EXPLAIN_DOCS_H

/*
 * The one source of truth for what gradguard says about its rules and about
 * the PyTorch APIs they concern: hover, `gradguard explain` and the docs all
 * read these texts (markdown, with links to the PyTorch documentation).
 */

/* The explanation of a rule ("GG001"): mechanism, memory impact, fix, how to verify. NULL for an unknown code. */
const char *gg_docs_rule(const char *code);

/*
 * The explanation of a PyTorch API gradguard knows: "eval", "train",
 * "no_grad", "inference_mode", "set_grad_enabled", "enable_grad", "volatile",
 * "detach", "item". NULL for anything else.
 */
const char *gg_docs_api(const char *name);

/*
 * Markdown as plain text, for clients that cannot render it: code marks and
 * emphasis dropped, [text](url) as "text (url)", fences removed. Returns a
 * malloc'd string (the caller's) or NULL.
 */
char *gg_docs_plaintext(const char *markdown);

#endif
