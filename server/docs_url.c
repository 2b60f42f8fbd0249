/* Where the rule pages are (docs_url.h). */
#include "docs_url.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "buf.h"
#include "findings.h"
#include "uri.h"

/* The running program's folder (links resolved), or NULL. Caller frees. */
static char *docs_program_dir(void)
{
	char *exe = realpath("/proc/self/exe", NULL);
	char *slash = exe ? strrchr(exe, '/') : NULL;
	if (!slash) {
		free(exe);
		return NULL;
	}
	*slash = '\0';
	return exe;
}

char *gg_docs_installed_base(void)
{
	/*
	 * Installed by meson into share/; a wheel's data (meson-python maps
	 * datadir to the data root, share/ dropped) lands beside bin/ as doc/;
	 * in a build folder, docs/rules beside the program or one folder up.
	 */
	static const char *const places[] = { "../share/doc/gradguard/rules", "../doc/gradguard/rules", "docs/rules",
					      "../docs/rules" };
	char *dir = docs_program_dir();
	if (!dir)
		return NULL;
	char *found = NULL;
	for (size_t i = 0; !found && i < sizeof places / sizeof *places; i++) {
		char *page = gg_strdup_printf("%s/%s/GG001.md", dir, places[i]);
		char *real = page ? realpath(page, NULL) : NULL;
		char *slash = real ? strrchr(real, '/') : NULL;
		if (slash && access(real, R_OK) == 0) {
			slash[1] = '\0'; /* the folder, '/' kept: the base of its pages */
			found = gg_uri_from_path(real);
		}
		free(real);
		free(page);
	}
	free(dir);
	return found;
}

char *gg_docs_url(const char *base, const char *code)
{
	if (!base)
		return NULL;
	if (!strstr(base, "{code}")) {
		size_t n = strlen(base);
		return gg_strdup_printf("%s%s%s.md", base, n && base[n - 1] == '/' ? "" : "/", code);
	}
	gg_buf b = { NULL, 0, 0 };
	int rc = 0;
	for (const char *p = base; *p && !rc;) {
		const char *at = strstr(p, "{code}");
		size_t n = at ? (size_t)(at - p) : strlen(p);
		rc = gg_buf_append(&b, p, n);
		if (!rc && at)
			rc = gg_buf_append(&b, code, strlen(code));
		p += n + (at ? 6 : 0);
	}
	if (rc) {
		gg_buf_free(&b);
		return NULL;
	}
	return gg_buf_take(&b);
}

bool gg_docs_url_valid(const char *url)
{
	static const char *const schemes[] = { "https://", "http://", "file://" };
	for (size_t i = 0; i < sizeof schemes / sizeof *schemes; i++)
		if (strncasecmp(url, schemes[i], strlen(schemes[i])) == 0 && url[strlen(schemes[i])])
			return true;
	return false;
}
