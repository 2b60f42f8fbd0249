/*
 * gg_file_rewrite (what `check --fix` writes files with): links kept, read-only
 * and changed files left, the lock that makes two rewrites take turns.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "../unit/check.h"
#include "cli/file_rewrite.h"

static char dir[] = "/tmp/gg-rewrite-XXXXXX";

static char *at(const char *name)
{
	static char buf[4][512];
	static int k;
	char *b = buf[k++ % 4];
	snprintf(b, sizeof buf[0], "%s/%s", dir, name);
	return b;
}

static void put(const char *name, const char *text, mode_t mode)
{
	int fd = open(at(name), O_WRONLY | O_CREAT | O_TRUNC, mode);
	CHECK(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text));
	fchmod(fd, mode);
	close(fd);
}

/* The file's text (static buffer), "" when unreadable. */
static const char *get(const char *name)
{
	static char buf[4096];
	int fd = open(at(name), O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : 0;
	buf[n > 0 ? n : 0] = '\0';
	if (fd >= 0)
		close(fd);
	return buf;
}

/* Files in dir besides the names the test made: a temporary left behind. */
static int entries(void)
{
	int n = 0;
	DIR *d = opendir(dir);
	for (struct dirent *e; d && (e = readdir(d));)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	if (d)
		closedir(d);
	return n;
}

/* Opens and reads name, then commits new_text; returns what commit returned (or open's failure). */
static int rewrite(const char *name, const char *new_text, char **why)
{
	gg_file_rewrite f;
	char *text = NULL;
	size_t len = 0;
	*why = NULL;
	int rc = gg_file_rewrite_open(&f, at(name), &text, &len, why);
	if (!rc)
		rc = gg_file_rewrite_commit(&f, text, len, "", 0, new_text, strlen(new_text), why);
	gg_file_rewrite_close(&f);
	free(text);
	return rc;
}

static void test_plain(void)
{
	put("plain.py", "old\n", 0640);
	struct stat before, after;
	stat(at("plain.py"), &before);
	char *why;
	CHECK_EQ_INT(rewrite("plain.py", "new\n", &why), 0);
	CHECK(strcmp(get("plain.py"), "new\n") == 0);
	stat(at("plain.py"), &after);
	CHECK_EQ_INT(after.st_mode & 07777, 0640);
	CHECK(after.st_uid == before.st_uid && after.st_gid == before.st_gid);
	CHECK_EQ_INT(entries(), 1);
	unlink(at("plain.py"));
}

static void test_symlink_written_through(void)
{
	put("target.py", "old\n", 0644);
	CHECK(symlink("target.py", at("link.py")) == 0);
	char *why;
	CHECK_EQ_INT(rewrite("link.py", "new\n", &why), 0);
	struct stat st;
	CHECK(lstat(at("link.py"), &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(strcmp(get("target.py"), "new\n") == 0);
	CHECK_EQ_INT(entries(), 2);
	unlink(at("link.py"));
	unlink(at("target.py"));
}

static void test_hard_link_kept(void)
{
	put("one.py", "old\n", 0644);
	CHECK(link(at("one.py"), at("two.py")) == 0);
	struct stat before, after;
	stat(at("one.py"), &before);
	char *why;
	CHECK_EQ_INT(rewrite("one.py", "a longer new text\n", &why), 0);
	stat(at("one.py"), &after);
	CHECK(before.st_ino == after.st_ino && after.st_nlink == 2);
	CHECK(strcmp(get("two.py"), "a longer new text\n") == 0);
	CHECK_EQ_INT(rewrite("two.py", "short\n", &why), 0); /* and cut when shorter */
	CHECK(strcmp(get("one.py"), "short\n") == 0);
	unlink(at("one.py"));
	unlink(at("two.py"));
}

static void test_read_only_left(void)
{
	put("ro.py", "old\n", 0444);
	char *why;
	CHECK_EQ_INT(rewrite("ro.py", "new\n", &why), GG_FILE_REWRITE_SKIPPED);
	CHECK(why && strstr(why, "read-only"));
	free(why);
	CHECK(strcmp(get("ro.py"), "old\n") == 0);
	CHECK_EQ_INT(entries(), 1);
	unlink(at("ro.py"));
}

/* Someone writes the file between the read and the commit: how is what varies. */
static void changed_between(const char *how)
{
	put("busy.py", "original\n", 0644);
	gg_file_rewrite f;
	char *text = NULL, *why = NULL;
	size_t len = 0;
	CHECK_EQ_INT(gg_file_rewrite_open(&f, at("busy.py"), &text, &len, &why), 0);
	struct stat st;
	stat(at("busy.py"), &st);
	const char *theirs = "saved by the user\n";
	if (strcmp(how, "same size, same mtime") == 0) {
		theirs = "ORIGINAL\n";
		int fd = open(at("busy.py"), O_WRONLY);
		CHECK(fd >= 0 && pwrite(fd, theirs, strlen(theirs), 0) == (ssize_t)strlen(theirs));
		struct timespec times[2] = { st.st_atim, st.st_mtim };
		futimens(fd, times); /* a content hash, not the clock, must tell */
		close(fd);
	} else if (strcmp(how, "in place") == 0) {
		int fd = open(at("busy.py"), O_WRONLY | O_TRUNC);
		CHECK(fd >= 0 && write(fd, theirs, strlen(theirs)) == (ssize_t)strlen(theirs));
		close(fd);
	} else { /* "renamed over", as editors save */
		put("busy.py.new", theirs, 0644);
		CHECK(rename(at("busy.py.new"), at("busy.py")) == 0);
	}
	int rc = gg_file_rewrite_commit(&f, text, len, "", 0, "fixed\n", 6, &why);
	if (rc != GG_FILE_REWRITE_SKIPPED)
		fprintf(stderr, "changed %s: commit returned %d\n", how, rc);
	CHECK_EQ_INT(rc, GG_FILE_REWRITE_SKIPPED);
	CHECK(why && strstr(why, "changed"));
	CHECK(strcmp(get("busy.py"), theirs) == 0);
	gg_file_rewrite_close(&f);
	free(text);
	free(why);
	CHECK_EQ_INT(entries(), 1);
	unlink(at("busy.py"));
}

typedef struct second_open {
	char *text;
	size_t len;
	int rc;
} second_open;

static void *open_second(void *arg)
{
	second_open *s = arg;
	gg_file_rewrite f;
	char *why = NULL;
	s->rc = gg_file_rewrite_open(&f, at("shared.py"), &s->text, &s->len, &why);
	gg_file_rewrite_close(&f);
	free(why);
	return NULL;
}

/* A second rewrite of a file waits for the first and reads what it wrote, not the file it replaced. */
static void test_second_waits_for_first(void)
{
	put("shared.py", "old\n", 0644);
	gg_file_rewrite f;
	char *text = NULL, *why = NULL;
	size_t len = 0;
	CHECK_EQ_INT(gg_file_rewrite_open(&f, at("shared.py"), &text, &len, &why), 0);
	second_open s = { NULL, 0, -1 };
	pthread_t t;
	CHECK(pthread_create(&t, NULL, open_second, &s) == 0);
	usleep(100 * 1000); /* the thread is now waiting for the lock (or about to) */
	CHECK_EQ_INT(gg_file_rewrite_commit(&f, text, len, "", 0, "first's\n", 8, &why), 0);
	gg_file_rewrite_close(&f);
	pthread_join(t, NULL);
	CHECK_EQ_INT(s.rc, 0);
	CHECK(s.len == 8 && memcmp(s.text, "first's\n", 8) == 0);
	free(s.text);
	free(text);
	unlink(at("shared.py"));
}

static void test_not_regular(void)
{
	CHECK(mkfifo(at("pipe.py"), 0644) == 0);
	gg_file_rewrite f;
	char *text = NULL, *why = NULL;
	size_t len = 0;
	CHECK_EQ_INT(gg_file_rewrite_open(&f, at("pipe.py"), &text, &len, &why), GG_FILE_REWRITE_SKIPPED);
	gg_file_rewrite_close(&f);
	free(why);
	unlink(at("pipe.py"));
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_plain();
	test_symlink_written_through();
	test_hard_link_kept();
	test_read_only_left();
	changed_between("same size, same mtime");
	changed_between("in place");
	changed_between("renamed over");
	test_second_waits_for_first();
	test_not_regular();
	rmdir(dir);
	return check_report();
}
