/*
 * The walk's ignore rules (server/git_ignore.c, ignore_file.c, the git mode
 * of glob_match.c) against git's own answers: each case of
 * tests/server/git_ignore/ is built as a tree in a fresh repository (libgit2
 * makes it; git itself is not needed) and every path under "== check" is
 * asked about as the walk asks, its folder and its path. The answers were
 * written by `git check-ignore` (git_ignore_answers.py, which also describes
 * the format). The user's settings are kept out: libgit2's search paths and
 * $HOME point into the case's folder.
 *
 *   test_git_ignore CASE_OR_FOLDER...
 */
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <git2.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "git_ignore.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (c | 0x20) - 'a' + 10;
	return -1;
}

/* %XX escapes decoded in place; returns the new length. */
static size_t unescape(char *s, size_t n)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		int hi, lo;
		if (s[i] == '%' && i + 2 < n && (hi = hexval(s[i + 1])) >= 0 && (lo = hexval(s[i + 2])) >= 0) {
			s[o++] = (char)(hi * 16 + lo);
			i += 2;
		} else {
			s[o++] = s[i];
		}
	}
	return o;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* mkdir -p of path's folders (all but its last name), and the last too when dir. */
static void make_path(const char *path, bool dir)
{
	char *p = strdup(path);
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			mkdir(p, 0755);
			*s = '/';
		}
	if (dir)
		mkdir(p, 0755);
	free(p);
}

static void write_file(const char *path, const char *data, size_t len)
{
	make_path(path, false);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "test_git_ignore: cannot write %s\n", path);
		exit(1);
	}
}

typedef struct check {
	char *path; /* below the work tree, without a trailing '/' */
	bool dir, ignored;
} check;

/* One case; returns the number of wrong answers. */
static int run_case(const char *file)
{
	FILE *in = fopen(file, "rb");
	if (!in) {
		fprintf(stderr, "test_git_ignore: cannot read %s\n", file);
		return 1;
	}
	char tmpl[] = "/tmp/gg-git-ignore-XXXXXX";
	char *tmp = mkdtemp(tmpl);
	if (!tmp) {
		fclose(in);
		return 1;
	}
	gg_buf work = { 0 }, home = { 0 }, cfg = { 0 }, path = { 0 }, body = { 0 };
	gg_buf_printf(&work, "%s/work", tmp);
	gg_buf_printf(&home, "%s/home", tmp);
	gg_buf_printf(&cfg, "%s/home/.config", tmp);
	make_path(gg_buf_cstr(&cfg), true);
	setenv("HOME", gg_buf_cstr(&home), 1);
	setenv("XDG_CONFIG_HOME", gg_buf_cstr(&cfg), 1);
	for (int level = GIT_CONFIG_LEVEL_PROGRAMDATA; level <= GIT_CONFIG_LEVEL_GLOBAL; level++)
		git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, gg_buf_cstr(&home));
	git_repository *repo = NULL;
	if (git_repository_init(&repo, gg_buf_cstr(&work), 0) != 0) {
		fprintf(stderr, "test_git_ignore: git_repository_init: %s\n", git_error_last()->message);
		exit(1);
	}

	check *checks = NULL;
	size_t nchecks = 0, cap = 0;
	char *section = NULL; /* the file being gathered, NULL in the check section or before any */
	bool escaped = false, in_check = false;
	char *line = NULL;
	size_t lcap = 0;
	ssize_t got;
	/* Sections are written when the next starts (and at the end); paths to check are made first. */
	for (;;) {
		got = getline(&line, &lcap, in);
		bool header = got >= 0 && (strncmp(line, "== ", 3) == 0 || strncmp(line, "==% ", 4) == 0);
		if ((got < 0 || header) && section) {
			size_t n = escaped ? unescape(body.data ? body.data : "", body.len) : body.len;
			bool setting = strcmp(section, "~ignorecase") == 0;
			if (setting) {
				/* The repository's core.ignoreCase (its body is not read). */
				git_config *c = NULL;
				if (git_repository_config(&c, repo) != 0 || git_config_set_bool(c, "core.ignoreCase", 1) != 0)
					exit(1);
				git_config_free(c);
			} else if (strcmp(section, "~excludes") == 0) {
				gg_buf_printf(&path, "%s/excludes", gg_buf_cstr(&home));
				git_config *c = NULL;
				if (git_repository_config(&c, repo) != 0 ||
				    git_config_set_string(c, "core.excludesFile", gg_buf_cstr(&path)) != 0)
					exit(1);
				git_config_free(c);
			} else {
				gg_buf_printf(&path, "%s/%s", gg_buf_cstr(&work), section);
			}
			if (!setting)
				write_file(gg_buf_cstr(&path), body.data ? body.data : "", n);
			path.len = 0;
			body.len = 0;
			free(section);
			section = NULL;
		}
		if (got < 0)
			break;
		if (got && line[got - 1] == '\n')
			line[--got] = '\0';
		if (header) {
			escaped = line[2] == '%';
			const char *name = strchr(line, ' ') + 1;
			in_check = strcmp(name, "check") == 0;
			section = in_check ? NULL : strdup(name);
			continue;
		}
		if (in_check && got >= 2) {
			if (nchecks == cap) {
				cap = cap ? 2 * cap : 64;
				checks = realloc(checks, cap * sizeof *checks);
			}
			char *p = strdup(line + 2);
			size_t n = unescape(p, strlen(p));
			p[n] = '\0';
			bool dir = n && p[n - 1] == '/';
			if (dir)
				p[n - 1] = '\0';
			checks[nchecks++] = (check){ p, dir, line[0] == 'x' };
			gg_buf_printf(&path, "%s/%s", gg_buf_cstr(&work), p);
			make_path(gg_buf_cstr(&path), dir);
			if (!dir) {
				FILE *f = fopen(gg_buf_cstr(&path), "ab");
				if (f)
					fclose(f);
			}
			path.len = 0;
		} else if (section) {
			gg_buf_append(&body, line, (size_t)got);
			gg_buf_append(&body, "\n", 1);
		}
	}
	free(line);
	fclose(in);
	git_repository_free(repo);

	int wrong = 0;
	gg_git_ignore *g = gg_git_ignore_new();
	for (size_t i = 0; i < nchecks; i++) {
		gg_buf_printf(&path, "%s/%s", gg_buf_cstr(&work), checks[i].path);
		char *full = gg_buf_take(&path);
		char *dir = strdup(full);
		*strrchr(dir, '/') = '\0';
		bool got_ignored = gg_git_ignore_path(g, dir, full);
		if (got_ignored != checks[i].ignored) {
			fprintf(stderr, "%s: %s%s: git says %s, gradguard %s\n", file, checks[i].path, checks[i].dir ? "/" : "",
				checks[i].ignored ? "ignored" : "kept", got_ignored ? "ignored" : "kept");
			wrong++;
		}
		free(full);
		free(dir);
		free(checks[i].path);
	}
	gg_git_ignore_delete(g);
	free(checks);
	nftw(tmp, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	gg_buf_free(&work);
	gg_buf_free(&home);
	gg_buf_free(&cfg);
	gg_buf_free(&path);
	gg_buf_free(&body);
	printf("%s %s (%zu paths)\n", wrong ? "FAIL" : "ok  ", file, nchecks);
	return wrong;
}

static int case_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	git_libgit2_init();
	int wrong = 0, cases = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			DIR *d = opendir(argv[i]);
			char **names = NULL;
			size_t n = 0;
			for (struct dirent *e; d && (e = readdir(d));) {
				size_t len = strlen(e->d_name);
				if (len > 5 && strcmp(e->d_name + len - 5, ".case") == 0) {
					names = realloc(names, (n + 1) * sizeof *names);
					if (asprintf(&names[n], "%s/%s", argv[i], e->d_name) < 0)
						return 1;
					n++;
				}
			}
			if (d)
				closedir(d);
			qsort(names, n, sizeof *names, case_cmp);
			for (size_t k = 0; k < n; k++) {
				wrong += run_case(names[k]);
				cases++;
				free(names[k]);
			}
			free(names);
		} else {
			wrong += run_case(argv[i]);
			cases++;
		}
	}
	git_libgit2_shutdown();
	if (!cases) {
		fprintf(stderr, "test_git_ignore: no case\n");
		return 1;
	}
	printf("%d cases, %d wrong answers\n", cases, wrong);
	return wrong ? 1 : 0;
}
