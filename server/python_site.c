/*
 * An environment's import folders from its layout (python_site.h): what
 * site.py would put on sys.path, found by reading the folders and files it
 * reads, so that naming an environment never runs anything in it.
 */
#include "python_site.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "findings.h"
#include "pyfiles.h"

/* Adds root once, while there is room. Returns 0 or -ENOMEM. */
static int site_push(gg_strings *roots, const char *root)
{
	if (roots->len >= GG_PYTHON_SITE_MAX_ROOTS || gg_strings_contains(roots, root))
		return 0;
	return gg_strings_push(roots, root);
}

/* path with glob's special characters escaped, so that a folder named "a[1]" is matched as named. Caller owns it. */
static char *site_glob_escape(const char *path)
{
	gg_buf b = { NULL, 0, 0 };
	for (const char *p = path; *p; p++) {
		if ((strchr("*?[]\\", *p) && gg_buf_append(&b, "\\", 1) != 0) || gg_buf_append(&b, p, 1) != 0) {
			gg_buf_free(&b);
			return NULL;
		}
	}
	return gg_buf_take(&b);
}

/*
 * The site folders of a prefix (POSIX and Windows layouts; Debian's
 * dist-packages, in its sys.path order), of Python version (such as "3.11";
 * "3*": any). Appends them to sites. Returns 0 or -ENOMEM.
 */
static int site_layouts(gg_strings *sites, const char *prefix, const char *version)
{
	static const char *const layouts[] = {
		"/lib/python%s/site-packages", "/Lib/site-packages", "/local/lib/python%s/dist-packages",
		"/lib/python3/dist-packages", NULL,
	};
	char *escaped = site_glob_escape(prefix);
	if (!escaped)
		return -ENOMEM;
	int rc = 0;
	for (const char *const *l = layouts; *l && !rc; l++) {
		char *tail = gg_strdup_printf(*l, version);
		char *pattern = tail ? gg_strdup_printf("%s%s", strcmp(escaped, "/") == 0 ? "" : escaped, tail) : NULL;
		free(tail);
		if (!pattern) {
			rc = -ENOMEM;
			break;
		}
		glob_t g;
		int grc = glob(pattern, GLOB_ONLYDIR, NULL, &g);
		free(pattern);
		if (grc == GLOB_NOSPACE)
			rc = -ENOMEM;
		for (size_t i = 0; grc == 0 && i < g.gl_pathc && !rc; i++)
			if (gg_pyfiles_is_dir(g.gl_pathv[i])) /* GLOB_ONLYDIR is a hint only */
				rc = site_push(sites, g.gl_pathv[i]);
		if (grc == 0)
			globfree(&g);
	}
	free(escaped);
	return rc;
}

/*
 * A small regular file, whole, into *text (malloc'd, NUL-terminated, the
 * caller's) and *len. A file over GG_PYTHON_SITE_MAX_FILE, or that is not a
 * regular file (a FIFO would block), is refused. Returns 0 or a negative errno.
 */
static int site_read_small(const char *path, char **text, size_t *len)
{
	*text = NULL;
	*len = 0;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > GG_PYTHON_SITE_MAX_FILE) {
		close(fd);
		return -EFBIG;
	}
	char *buf = malloc(GG_PYTHON_SITE_MAX_FILE + 2);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	size_t n = 0;
	/* It may grow while read: one byte past the bound says so. */
	while (n <= GG_PYTHON_SITE_MAX_FILE) {
		ssize_t got = read(fd, buf + n, GG_PYTHON_SITE_MAX_FILE + 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	if (n > GG_PYTHON_SITE_MAX_FILE) {
		free(buf);
		return -EFBIG;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}

/* The next line of text[*at, len) without its end of line; false at the end. */
static bool site_next_line(const char *text, size_t len, size_t *at, const char **line, size_t *n)
{
	if (*at >= len)
		return false;
	*line = text + *at;
	const char *nl = memchr(*line, '\n', len - *at);
	size_t whole = nl ? (size_t)(nl - *line) : len - *at;
	*at += whole + (nl ? 1 : 0);
	*n = whole;
	return true;
}

static bool site_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* The value of key in pyvenv.cfg's text ("key = value", as site.py reads it), or NULL. Caller owns it. */
static char *site_cfg_value(const char *text, size_t len, const char *key)
{
	const char *line;
	size_t n, at = 0, klen = strlen(key);
	while (site_next_line(text, len, &at, &line, &n)) {
		const char *eq = memchr(line, '=', n);
		if (!eq)
			continue;
		const char *k = line, *kend = eq;
		while (k < kend && site_space(*k))
			k++;
		while (kend > k && site_space(kend[-1]))
			kend--;
		if ((size_t)(kend - k) != klen || strncasecmp(k, key, klen) != 0)
			continue;
		const char *v = eq + 1, *vend = line + n;
		while (v < vend && site_space(*v))
			v++;
		while (vend > v && site_space(vend[-1]))
			vend--;
		if (memchr(v, '\0', (size_t)(vend - v)))
			return NULL;
		return strndup(v, (size_t)(vend - v));
	}
	return NULL;
}

/*
 * pyvenv.cfg's base interpreter, when it includes the system's site-packages:
 * its site folders (of the environment's version when the file says it) are
 * appended to sites. Returns 0 or -ENOMEM.
 */
static int site_base(gg_strings *sites, const char *prefix)
{
	char *cfg = gg_pyfiles_join(prefix, "pyvenv.cfg");
	if (!cfg)
		return -ENOMEM;
	char *text = NULL;
	size_t len = 0;
	int rc = site_read_small(cfg, &text, &len);
	free(cfg);
	if (rc)
		return rc == -ENOMEM ? rc : 0;
	char *system = site_cfg_value(text, len, "include-system-site-packages");
	char *home = site_cfg_value(text, len, "home");
	char *version = site_cfg_value(text, len, "version_info");
	if (!version)
		version = site_cfg_value(text, len, "version");
	free(text);
	if (system && strcasecmp(system, "true") == 0 && home && home[0] == '/') {
		/* home is the folder of the base interpreter: its prefix is the folder above bin/. */
		size_t n = strlen(home);
		while (n > 1 && home[n - 1] == '/')
			home[--n] = '\0';
		if (n >= 4 && strcmp(home + n - 4, "/bin") == 0)
			home[n == 4 ? 1 : n - 4] = '\0';
		/* "3.11.4" -> "3.11"; anything else, any 3.x. */
		char major_minor[16] = "3*";
		unsigned minor;
		if (version && sscanf(version, "3.%u", &minor) == 1 && minor < 1000)
			snprintf(major_minor, sizeof major_minor, "3.%u", minor);
		rc = site_layouts(sites, home, major_minor);
	}
	free(system);
	free(home);
	free(version);
	return rc;
}

static int site_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One .pth file's folders, as site.addpackage reads it (but for its import lines, which are code). Returns 0 or -ENOMEM. */
static int site_pth_file(gg_strings *roots, const char *site, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	int rc = site_read_small(path, &text, &len);
	if (rc)
		return rc == -ENOMEM ? rc : 0;
	size_t at = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0; /* a byte-order mark */
	const char *line;
	size_t n;
	while (!rc && site_next_line(text, len, &at, &line, &n)) {
		while (n > 0 && site_space(line[n - 1]))
			n--;
		if (!n || line[0] == '#' || memchr(line, '\0', n))
			continue;
		if (n > 6 && strncmp(line, "import", 6) == 0 && (line[6] == ' ' || line[6] == '\t'))
			continue;
		char *entry = strndup(line, n);
		char *joined = entry ? (entry[0] == '/' ? strdup(entry) : gg_pyfiles_join(site, entry)) : NULL;
		free(entry);
		if (!joined) {
			rc = -ENOMEM;
			break;
		}
		char *real = realpath(joined, NULL);
		free(joined);
		if (real && gg_pyfiles_is_dir(real))
			rc = site_push(roots, real);
		free(real);
	}
	free(text);
	return rc;
}

/* The .pth files of a site folder, in name order as site.py takes them; hidden ones are skipped, as it does. Returns 0 or -ENOMEM. */
static int site_pth(gg_strings *roots, const char *site)
{
	DIR *d = opendir(site);
	if (!d)
		return 0;
	gg_strings names;
	gg_strings_init(&names);
	int rc = 0;
	struct dirent *e;
	/* A few more names than are read, so that the ones read are the first in order in all but absurd folders. */
	while (!rc && names.len < 4 * GG_PYTHON_SITE_MAX_PTH && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (e->d_name[0] != '.' && n > 4 && strcmp(e->d_name + n - 4, ".pth") == 0)
			rc = gg_strings_push(&names, e->d_name);
	}
	closedir(d);
	if (names.len)
		qsort(names.items, names.len, sizeof *names.items, site_name_cmp);
	for (size_t i = 0; !rc && i < names.len && i < GG_PYTHON_SITE_MAX_PTH; i++) {
		char *path = gg_pyfiles_join(site, names.items[i]);
		rc = path ? site_pth_file(roots, site, path) : -ENOMEM;
		free(path);
	}
	gg_strings_free(&names);
	return rc;
}

int gg_python_site_roots(gg_strings *roots, const char *prefix)
{
	gg_strings sites;
	gg_strings_init(&sites);
	int rc = site_layouts(&sites, prefix, "3*");
	if (!rc)
		rc = site_base(&sites, prefix);
	for (size_t i = 0; !rc && i < sites.len; i++) {
		rc = site_push(roots, sites.items[i]);
		if (!rc)
			rc = site_pth(roots, sites.items[i]);
	}
	gg_strings_free(&sites);
	return rc;
}
