/*
 * Rewriting a file as carefully as an editor's save (file_rewrite.h).
 */
#include "cli/file_rewrite.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "findings.h" /* gg_strdup_printf */

/* How long a lock held by another program is waited for, in steps of LOCK_STEP_MS. */
#define LOCK_WAIT_MS 60000
#define LOCK_STEP_MS 10
/* Tries at reopening a file replaced (by another rewrite) while its lock was awaited. */
#define REOPEN_TRIES 100
/* Tries at a temporary name nobody holds. */
#define TEMP_TRIES 100
/* Bytes of the file's name kept in its temporary's name (NAME_MAX is 255). */
#define TEMP_NAME_KEEP 200

static int read_all(int fd, char **text, size_t *len)
{
	struct stat st;
	if (fstat(fd, &st) != 0)
		return -errno;
	size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
	size_t n = 0;
	char *buf = malloc(cap);
	if (!buf)
		return -ENOMEM;
	for (;;) {
		if (n == cap) {
			char *p = realloc(buf, cap * 2);
			if (!p) {
				free(buf);
				return -ENOMEM;
			}
			buf = p;
			cap *= 2;
		}
		ssize_t got = pread(fd, buf + n, cap - n, (off_t)n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int err = -errno;
			free(buf);
			return err;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	*text = buf;
	*len = n;
	return 0;
}

static int write_all(int fd, const char *p, size_t len, off_t at)
{
	while (len) {
		ssize_t put = pwrite(fd, p, len, at);
		if (put < 0 && errno == EINTR)
			continue;
		if (put < 0)
			return -errno;
		if (put == 0)
			return -EIO;
		p += put;
		len -= (size_t)put;
		at += put;
	}
	return 0;
}

/*
 * Waits for an exclusive flock on fd, a bounded time. Returns 0 (also where
 * the file system has no locks: the check for changes since the read still
 * holds), -EWOULDBLOCK (still held) or a negative errno.
 */
static int lock_wait(int fd)
{
	for (int waited = 0;; waited += LOCK_STEP_MS) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno == EINTR)
			continue;
		if (errno == ENOLCK || errno == EOPNOTSUPP || errno == EINVAL)
			return 0;
		if (errno != EWOULDBLOCK || waited >= LOCK_WAIT_MS)
			return -errno;
		struct timespec step = { 0, LOCK_STEP_MS * 1000000L };
		nanosleep(&step, NULL);
	}
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/*
 * Opens path (no link at its last part) for reading, and says whether the
 * user may write it. Not opened for writing until a fix writes it: closing a
 * file opened for writing tells file watchers it was written.
 */
static int open_file(const char *path, bool *writable)
{
	/* O_NONBLOCK: a FIFO in the file's place must not hang the run; regular files ignore it. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	/* The kernel's own answer for this user: mode, ACLs, a read-only mount. */
	*writable = faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0;
	return fd;
}

int gg_file_rewrite_open(gg_file_rewrite *f, const char *path, char **text, size_t *len, char **why)
{
	memset(f, 0, sizeof *f);
	f->fd = -1;
	*text = NULL;
	*len = 0;
	*why = NULL;
	/* A link is written through to its target: the file named is the file the link's reader sees. */
	f->path = realpath(path, NULL);
	if (!f->path)
		return errno == ENOMEM ? -ENOMEM : -errno;
	for (int tries = 0;; tries++) {
		int fd = open_file(f->path, &f->writable);
		if (fd == -ELOOP) { /* a link put where the resolved file was, since realpath */
			*why = strdup("replaced by a link while it was opened");
			return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
		}
		if (fd < 0)
			return fd;
		f->fd = fd;
		if (fstat(fd, &f->st) != 0)
			return -errno;
		if (!S_ISREG(f->st.st_mode)) {
			*why = strdup("not a regular file");
			return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
		}
		int rc = lock_wait(fd);
		if (rc == -EWOULDBLOCK) {
			*why = strdup("locked by another program for a minute");
			return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
		}
		if (rc)
			return rc;
		/* Another rewrite may have replaced the file while we waited: then the path names a new one. */
		struct stat now;
		if (lstat(f->path, &now) == 0 && same_file(&now, &f->st))
			break;
		close(fd);
		f->fd = -1;
		if (tries == REOPEN_TRIES) {
			*why = strdup("replaced again and again while waiting for its lock");
			return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
		}
	}
	int rc = read_all(f->fd, text, len);
	if (!rc && fstat(f->fd, &f->st) != 0)
		rc = -errno;
	if (rc) {
		free(*text);
		*text = NULL;
		*len = 0;
	}
	return rc;
}

/* Whether the file is still what was read: the same file at the path, size, mtime and bytes. */
static int still_as_read(const gg_file_rewrite *f, const char *expect, size_t expect_len, bool *same)
{
	*same = false;
	struct stat at_path, now;
	if (lstat(f->path, &at_path) != 0 || !same_file(&at_path, &f->st))
		return 0;
	if (fstat(f->fd, &now) != 0)
		return -errno;
	if (now.st_size != f->st.st_size || (size_t)now.st_size != expect_len ||
	    now.st_mtim.tv_sec != f->st.st_mtim.tv_sec || now.st_mtim.tv_nsec != f->st.st_mtim.tv_nsec)
		return 0;
	char *text = NULL;
	size_t len = 0;
	int rc = read_all(f->fd, &text, &len);
	if (rc)
		return rc;
	*same = len == expect_len && memcmp(text, expect, len) == 0;
	free(text);
	return 0;
}

static int changed_skip(char **why)
{
	*why = strdup("changed on disk since it was read (run again to fix it)");
	return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
}

/*
 * Makes room for len bytes in fd (which holds expect_len) before anything is
 * overwritten: a disk that fills must fail the fix, not cut the file. Where
 * the filesystem cannot reserve, the write goes ahead (and is undone if it
 * fails). Returns 0 or -ENOSPC, -EDQUOT, -EFBIG with the file as it was.
 */
static int reserve_in_place(int fd, size_t expect_len, size_t len)
{
	if (len <= expect_len)
		return 0;
	int e = posix_fallocate(fd, 0, (off_t)len);
	if (e != ENOSPC && e != EDQUOT && e != EFBIG)
		return 0;
	struct stat st;
	if (fstat(fd, &st) == 0 && st.st_size != (off_t)expect_len && ftruncate(fd, (off_t)expect_len) != 0) {
		/* nothing more to do: only bytes past the old end can differ */
	}
	return -e;
}

/*
 * Writes head and body over the file itself, from its start, and cuts it
 * there (its inode and links stay). Room is reserved first; a write that
 * fails all the same puts the bytes read (expect) back, which fit where
 * they were.
 */
static int commit_in_place(gg_file_rewrite *f, const char *expect, size_t expect_len, const char *head,
			   size_t head_len, const char *body, size_t body_len, char **why)
{
	int fd = open(f->path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return errno == ELOOP ? changed_skip(why) : -errno;
	struct stat st;
	bool same = false;
	int rc = fstat(fd, &st) != 0 ? -errno : 0;
	if (!rc && same_file(&st, &f->st))
		rc = still_as_read(f, expect, expect_len, &same);
	if (!rc && !same)
		rc = changed_skip(why);
	if (!rc)
		rc = reserve_in_place(fd, expect_len, head_len + body_len);
	if (rc) {
		close(fd);
		return rc;
	}
	rc = write_all(fd, head, head_len, 0);
	if (!rc)
		rc = write_all(fd, body, body_len, (off_t)head_len);
	if (!rc && ftruncate(fd, (off_t)(head_len + body_len)) != 0)
		rc = -errno;
	if (rc && write_all(fd, expect, expect_len, 0) == 0) /* undone: the old bytes need no new room */
		(void)ftruncate(fd, (off_t)expect_len);
	if (fsync(fd) != 0 && !rc)
		rc = -errno;
	close(fd);
	return rc;
}

/* A name for the temporary file of base: hidden, beside it, random. NULL on OOM. */
static char *temp_name(const char *base)
{
	uint32_t r = 0;
	if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		struct timespec t;
		clock_gettime(CLOCK_MONOTONIC, &t);
		r = (uint32_t)t.tv_nsec ^ (uint32_t)getpid() * 2654435761u;
	}
	size_t keep = strlen(base) < TEMP_NAME_KEEP ? strlen(base) : TEMP_NAME_KEEP;
	return gg_strdup_printf(".%.*s.gradguard-%08x~", (int)keep, base, (unsigned)r);
}

/*
 * The new version in a temporary file (O_EXCL: a link at its name is never
 * followed) of the file's folder, with the file's mode and owner, synced,
 * then renamed over the file. -EPERM when the owner cannot be kept and
 * -EACCES when the folder takes no new file: the caller writes in place.
 */
static int commit_replace(gg_file_rewrite *f, const char *expect, size_t expect_len, const char *head,
			  size_t head_len, const char *body, size_t body_len, char **why)
{
	char *slash = strrchr(f->path, '/'); /* realpath: absolute, so there is one */
	char *dir = slash == f->path ? strdup("/") : strndup(f->path, (size_t)(slash - f->path));
	const char *base = slash + 1;
	if (!dir)
		return -ENOMEM;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (dfd < 0)
		return -errno;
	char *tmp = NULL;
	int fd = -1, rc = 0;
	for (int tries = 0; fd < 0 && tries < TEMP_TRIES; tries++) {
		free(tmp);
		tmp = temp_name(base);
		if (!tmp) {
			rc = -ENOMEM;
			break;
		}
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST) {
			rc = -errno;
			break;
		}
	}
	if (fd < 0) {
		rc = rc ? rc : -EEXIST;
		if (rc == -EROFS || rc == -EPERM)
			rc = -EACCES;
		free(tmp);
		close(dfd);
		return rc;
	}
	struct stat made;
	rc = write_all(fd, head, head_len, 0);
	if (!rc)
		rc = write_all(fd, body, body_len, (off_t)head_len);
	if (!rc && fstat(fd, &made) != 0)
		rc = -errno;
	/* The owner first: a change of owner clears the set-id bits that fchmod then restores. */
	if (!rc && (made.st_uid != f->st.st_uid || made.st_gid != f->st.st_gid) &&
	    fchown(fd, f->st.st_uid, f->st.st_gid) != 0)
		rc = -EPERM;
	if (!rc && fchmod(fd, f->st.st_mode & 07777) != 0)
		rc = -errno;
	if (!rc && fsync(fd) != 0)
		rc = -errno;
	bool same = false;
	if (!rc)
		rc = still_as_read(f, expect, expect_len, &same);
	if (!rc && !same)
		rc = changed_skip(why);
	if (!rc && renameat(dfd, tmp, dfd, base) != 0)
		rc = -errno;
	if (rc)
		unlinkat(dfd, tmp, 0);
	else
		fsync(dfd); /* the rename itself on disk; a folder that cannot be synced is no error */
	close(fd);
	close(dfd);
	free(tmp);
	return rc;
}

int gg_file_rewrite_commit(gg_file_rewrite *f, const char *expect, size_t expect_len, const char *head,
			   size_t head_len, const char *body, size_t body_len, char **why)
{
	*why = NULL;
	if (f->fd < 0)
		return -EBADF;
	/* What the mode says, as an editor reads it: no write bit is read-only, even for root. */
	if (!f->writable || !(f->st.st_mode & 0222)) {
		*why = strdup("the file is read-only");
		return *why ? GG_FILE_REWRITE_SKIPPED : -ENOMEM;
	}
	/* Other hard links would keep the old version: write the one file they share. */
	if (f->st.st_nlink > 1)
		return commit_in_place(f, expect, expect_len, head, head_len, body, body_len, why);
	int rc = commit_replace(f, expect, expect_len, head, head_len, body, body_len, why);
	if (rc == -EPERM || rc == -EACCES)
		rc = commit_in_place(f, expect, expect_len, head, head_len, body, body_len, why);
	return rc;
}

void gg_file_rewrite_close(gg_file_rewrite *f)
{
	if (f->fd >= 0)
		close(f->fd); /* and with it the lock */
	f->fd = -1;
	free(f->path);
	f->path = NULL;
}
