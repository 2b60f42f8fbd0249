/*
 * parse_only: the floor that `gradguard check` is measured against. It walks
 * the given paths the way the CLI does (server/cli_check.c: the same skipped
 * folders, sorted entries, links to folders not followed, *.py files only),
 * reads each file and parses it with the same grammar and the same entry
 * point as the analysis (gg_python_parse), then throws the tree away. No
 * queries, no rules, no output formatting.
 *
 * usage: parse_only [--framework] [--list] [--repeat N] PATH...
 *   --framework  parse only the files the analysis parses: those that spell
 *                one of the framework names (see mentions_framework in
 *                server/analysis/analysis.c); the others are read and skipped
 *   --list       print the path of each file that would be parsed, parse nothing
 *   --repeat N   parse the file set N times (for profilers; default 1)
 *
 * Prints one summary line on stderr:
 *   files=W parsed=P bytes=B read_s=R parse_s=S cpu_s=C
 * where bytes are those of the parsed files, read_s the wall time spent
 * reading, parse_s the wall time spent in the parser and cpu_s the process
 * CPU time at exit.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analysis.h"

/* Kept in step with skipped_dirs in server/cli_check.c. */
static const char *const skipped_dirs[] = {
	".bzr", ".direnv", ".eggs", ".git", ".hg", ".ipynb_checkpoints", ".mypy_cache", ".nox",
	".pytest_cache", ".pytype", ".ruff_cache", ".svn", ".tox", ".venv", "__pycache__",
	"__pypackages__", "build", "dist", "node_modules", "site-packages", "venv", NULL,
};

/* Kept in step with mentions_framework in server/analysis/analysis.c. */
static const char *const framework_words[] = {
	"torch", "lightning", "transformers", "accelerate", "timm", NULL,
};

typedef struct path_list {
	char **items; /* owned, each owned */
	size_t len, cap;
} path_list;

static int path_list_add(path_list *l, char *path)
{
	if (!path)
		return -ENOMEM;
	if (l->len == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		char **items = realloc(l->items, cap * sizeof *items);
		if (!items) {
			free(path);
			return -ENOMEM;
		}
		l->items = items;
		l->cap = cap;
	}
	l->items[l->len++] = path;
	return 0;
}

static void path_list_free(path_list *l)
{
	for (size_t i = 0; i < l->len; i++)
		free(l->items[i]);
	free(l->items);
}

static int path_cmp(const void *pa, const void *pb)
{
	return strcmp(*(char *const *)pa, *(char *const *)pb);
}

static char *path_join(const char *dir, const char *name)
{
	if (strcmp(dir, ".") == 0)
		return strdup(name);
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	char *out = NULL;
	return asprintf(&out, "%.*s/%s", (int)n, dir, name) < 0 ? NULL : out;
}

static bool has_py_suffix(const char *name)
{
	size_t n = strlen(name);
	return n > 3 && strcmp(name + n - 3, ".py") == 0;
}

static bool dir_is_skipped(const char *path, const char *name)
{
	for (const char *const *s = skipped_dirs; *s; s++)
		if (strcmp(name, *s) == 0)
			return true;
	char *cfg = path_join(path, "pyvenv.cfg");
	bool venv = cfg && access(cfg, F_OK) == 0;
	free(cfg);
	return venv;
}

static int walk_dir(path_list *files, const char *dir);

static int walk_entry(path_list *files, const char *dir, const char *name)
{
	char *path = path_join(dir, name);
	if (!path)
		return -ENOMEM;
	struct stat st;
	if (lstat(path, &st) != 0) {
		free(path);
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		int rc = dir_is_skipped(path, name) ? 0 : walk_dir(files, path);
		free(path);
		return rc;
	}
	bool keep = has_py_suffix(name) && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode));
	if (keep && S_ISLNK(st.st_mode) && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		keep = false;
	if (!keep) {
		free(path);
		return 0;
	}
	return path_list_add(files, path);
}

static int walk_dir(path_list *files, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	path_list names = { NULL, 0, 0 };
	int rc = 0;
	struct dirent *e;
	while (!rc && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			rc = path_list_add(&names, strdup(e->d_name));
	}
	closedir(d);
	if (!rc && names.len)
		qsort(names.items, names.len, sizeof *names.items, path_cmp);
	for (size_t i = 0; i < names.len && !rc; i++)
		rc = walk_entry(files, dir, names.items[i]);
	path_list_free(&names);
	return rc;
}

static int collect_arg(path_list *files, const char *arg)
{
	struct stat st;
	if (stat(arg, &st) != 0) {
		fprintf(stderr, "parse_only: %s: %s\n", arg, strerror(errno));
		return 0;
	}
	if (S_ISDIR(st.st_mode))
		return walk_dir(files, arg);
	return path_list_add(files, strdup(arg));
}

/* Reads a whole file into *text (caller owns). Returns 0 or a negative errno. */
static int read_file(const char *path, char **text, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int err = -errno;
		close(fd);
		return err;
	}
	size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 65536, n = 0;
	char *buf = malloc(cap);
	int rc = buf ? 0 : -ENOMEM;
	while (!rc) {
		if (n == cap) {
			char *p = realloc(buf, cap * 2);
			if (!p) {
				rc = -ENOMEM;
				break;
			}
			buf = p;
			cap *= 2;
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0 && errno != EINTR)
			rc = -errno;
		if (got == 0)
			break;
		if (got > 0)
			n += (size_t)got;
	}
	close(fd);
	if (rc) {
		free(buf);
		return rc;
	}
	*text = buf;
	*len = n;
	return 0;
}

static bool mentions_framework(const char *text, size_t len)
{
	for (const char *const *w = framework_words; *w; w++)
		if (memmem(text, len, *w, strlen(*w)))
			return true;
	return false;
}

static double seconds(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	bool framework = false, list = false;
	long repeat = 1;
	path_list files = { NULL, 0, 0 };
	int rc = 0;
	for (int i = 1; i < argc && !rc; i++) {
		if (strcmp(argv[i], "--framework") == 0) {
			framework = true;
		} else if (strcmp(argv[i], "--list") == 0) {
			list = true;
		} else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
			repeat = strtol(argv[++i], NULL, 10);
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: parse_only [--framework] [--list] [--repeat N] PATH...\n");
			return 2;
		} else {
			rc = collect_arg(&files, argv[i]);
		}
	}
	if (rc) {
		fprintf(stderr, "parse_only: %s\n", strerror(-rc));
		path_list_free(&files);
		return 2;
	}

	TSParser *parser = gg_python_parser_new();
	if (!parser) {
		fprintf(stderr, "parse_only: cannot load the Python grammar\n");
		path_list_free(&files);
		return 2;
	}
	size_t parsed = 0, bytes = 0;
	double read_s = 0, parse_s = 0;
	for (long r = 0; r < repeat && !rc; r++) {
		parsed = bytes = 0;
		for (size_t i = 0; i < files.len && !rc; i++) {
			char *text = NULL;
			size_t len = 0;
			double t0 = seconds(CLOCK_MONOTONIC);
			int err = read_file(files.items[i], &text, &len);
			double t1 = seconds(CLOCK_MONOTONIC);
			read_s += t1 - t0;
			if (err) {
				fprintf(stderr, "parse_only: %s: %s\n", files.items[i], strerror(-err));
				continue;
			}
			/* As the CLI does: a UTF-8 byte order mark is not part of the text. */
			const char *body = text;
			if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
				body += 3;
				len -= 3;
			}
			if (!framework || mentions_framework(body, len)) {
				if (list) {
					puts(files.items[i]);
				} else {
					ts_parser_reset(parser);
					TSTree *tree = gg_python_parse(parser, NULL, body, len);
					if (!tree)
						rc = -ENOMEM;
					ts_tree_delete(tree);
				}
				parsed++;
				bytes += len;
			}
			free(text);
			parse_s += seconds(CLOCK_MONOTONIC) - t1;
		}
	}
	ts_parser_delete(parser);
	fprintf(stderr, "files=%zu parsed=%zu bytes=%zu read_s=%.3f parse_s=%.3f cpu_s=%.3f\n", files.len, parsed,
		bytes, read_s, parse_s, seconds(CLOCK_PROCESS_CPUTIME_ID));
	path_list_free(&files);
	if (rc)
		fprintf(stderr, "parse_only: %s\n", strerror(-rc));
	return rc ? 2 : 0;
}
