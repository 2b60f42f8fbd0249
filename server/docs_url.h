#ifndef GG_DOCS_URL_H
#define GG_DOCS_URL_H

#include <stdbool.h>

/*
 * Where a rule's page is (docs/rules/GGnnn.md), for hover links, the
 * diagnostics' codeDescription, json's url, SARIF's helpUri, rdjson's code
 * url and `gradguard explain`: under the base a configuration names
 * (docs-url in [tool.gradguard], the editor's docsUrl), else under the
 * pages installed with the program, as a file:// URI. There is no web site
 * to default to; a program found with no pages beside it links nowhere.
 */

/*
 * The folder of the rule pages installed with the running program, as a
 * file:// URI ending in '/', or NULL when none is found. Looked for from
 * the program's own folder (/proc/self/exe, links resolved): ../share/doc/
 * gradguard/rules (an install: meson's, the wheel's, the .vsix's bin/),
 * docs/rules (the build folder), ../docs/rules (the build's dist/). Caller
 * frees.
 */
char *gg_docs_installed_base(void);

/*
 * The page of rule code under base: base with each "{code}" replaced by
 * code when it has one, else base, a '/' when it does not end with one,
 * code and ".md". NULL when base is NULL, or on OOM. Caller frees.
 */
char *gg_docs_url(const char *base, const char *code);

/* Whether a docs-url setting can be one: an http://, https:// or file:// URL (a link is followed by a click). */
bool gg_docs_url_valid(const char *url);

#endif
