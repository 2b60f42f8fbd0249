#ifndef GG_EXPLAIN_DOCS_H
#define GG_EXPLAIN_DOCS_H

/*
 * The one source of truth for what gradguard says about its rules and about
 * the PyTorch APIs they concern: hover, `gradguard explain` and the docs all
 * read these texts (markdown, with links to the PyTorch documentation).
 */

/*
 * The page of a rule ("GG001"): docs/rules/GG001.md as built in, the one
 * text per rule (what it finds, why it matters, the fix, how to verify, when
 * it is not reported, how gradguard decides). NULL for an unknown code.
 */
const char *gg_docs_rule(const char *code);

/*
 * What a hover on a finding shows of its rule's page, short enough for an
 * editor's hover at its default size: the title with subject (the code the
 * finding is on, one line without backticks, or NULL), the page's "In brief"
 * (the mechanism in three lines) and a link to the whole page, url (none
 * when NULL: the front end knows where the pages are). Not the
 * finding's message: editors show it already (VS Code in the same hover).
 * malloc'd (the caller's); NULL for an unknown code or out of memory.
 */
char *gg_docs_rule_hover(const char *code, const char *subject, const char *url);

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
