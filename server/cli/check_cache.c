#include "check_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "findings.h"
#include "gg_config.h"
#include "grad_context.h"
#include "pyfiles.h"

/* The file's first bytes: what it is, and the layout's number (a new layout is a new number). */
static const char cache_magic[] = "gradguard check cache 1\n";

typedef struct gg_check_cache_entry {
	gg_text_span path; /* into the cache's data, not NUL-terminated */
	gg_digest key;
} gg_check_cache_entry;

static int entry_cmp(const void *pa, const void *pb)
{
	return gg_text_span_cmp(((const gg_check_cache_entry *)pa)->path, ((const gg_check_cache_entry *)pb)->path);
}

/*
 * The run's key: this program (its version, and the size and time of its
 * file, so that a rebuild is a new program) and the index's bytes.
 */
static int run_key(const char *index_bytes, size_t index_len, gg_digest *out)
{
	struct stat st;
	memset(&st, 0, sizeof st);
	if (stat("/proc/self/exe", &st) != 0)
		return -ENOENT; /* no way to tell this program from another: no cache */
	gg_buf b = { 0 };
	int rc = gg_store_put_str(&b, GG_VERSION);
	if (!rc)
		rc = gg_store_put_u64(&b, (uint64_t)st.st_size);
	if (!rc)
		rc = gg_store_put_u64(&b, (uint64_t)st.st_mtim.tv_sec);
	if (!rc)
		rc = gg_store_put_u64(&b, (uint64_t)st.st_mtim.tv_nsec);
	if (!rc)
		rc = gg_store_put_u64(&b, (uint64_t)st.st_ino);
	if (!rc)
		rc = gg_store_put_bytes(&b, index_bytes, index_len);
	if (!rc)
		*out = gg_digest_of(b.data, b.len);
	gg_buf_free(&b);
	return rc;
}

/* DIR/VERSION/check-SCOPE for the folder the run is in and its paths. */
static char *cache_file(const char *dir, char *const *paths, size_t npaths)
{
	gg_buf b = { 0 };
	char *here = realpath(".", NULL);
	int rc = gg_store_put_str(&b, here ? here : ".");
	free(here);
	for (size_t i = 0; i < npaths && !rc; i++)
		rc = gg_store_put_str(&b, paths[i]);
	gg_digest scope = gg_digest_of(b.data, b.len);
	gg_buf_free(&b);
	if (rc)
		return NULL;
	return gg_strdup_printf("%s/%s/check-%016" PRIx64 "%016" PRIx64, dir, GG_VERSION, scope.high, scope.low);
}

int gg_check_cache_open(gg_check_cache *c, const char *dir, char *const *paths, size_t npaths,
			const char *index_bytes, size_t index_len)
{
	memset(c, 0, sizeof *c);
	int rc = run_key(index_bytes, index_len, &c->run);
	if (rc)
		return rc == -ENOMEM ? rc : 0;
	if (!(c->path = cache_file(dir, paths, npaths)))
		return -ENOMEM;
	char *data = NULL;
	size_t len = 0;
	rc = gg_pyfiles_read(c->path, &data, &len);
	if (rc)
		return rc == -ENOMEM ? rc : 0; /* none yet */
	size_t magic_len = sizeof cache_magic - 1;
	if (len < magic_len || memcmp(data, cache_magic, magic_len) != 0) {
		free(data);
		return 0;
	}
	gg_store_reader r = { data + magic_len, len - magic_len, false };
	gg_digest run;
	run.low = gg_store_get_u64(&r);
	run.high = gg_store_get_u64(&r);
	uint64_t n = gg_store_get_u64(&r);
	/* An entry takes 24 bytes at least: a count past what is left is a broken file. */
	if (r.bad || !gg_digest_equal(run, c->run) || n > r.left / 24) {
		free(data);
		return 0;
	}
	c->entries = calloc(n ? n : 1, sizeof *c->entries);
	if (!c->entries) {
		free(data);
		return -ENOMEM;
	}
	for (uint64_t i = 0; i < n && !r.bad; i++) {
		gg_check_cache_entry *e = &c->entries[i];
		e->path.ptr = gg_store_get_bytes(&r, &e->path.len);
		e->key.low = gg_store_get_u64(&r);
		e->key.high = gg_store_get_u64(&r);
	}
	if (r.bad || r.left) {
		free(c->entries);
		c->entries = NULL;
		free(data);
		return 0;
	}
	c->len = (size_t)n;
	c->data = data;
	c->data_len = len;
	gg_sort(c->entries, c->len, sizeof *c->entries, entry_cmp);
	return 0;
}

void gg_check_cache_close(gg_check_cache *c)
{
	free(c->path);
	free(c->data);
	free(c->entries);
	memset(c, 0, sizeof *c);
}

gg_digest gg_check_cache_key(const char *text, size_t len, gg_digest config)
{
	gg_digest content = gg_digest_of(text, len);
	uint64_t words[4] = { content.low, content.high, config.low, config.high };
	return gg_digest_of(words, sizeof words);
}

bool gg_check_cache_clean(const gg_check_cache *c, const char *path, gg_digest key)
{
	if (!c->len)
		return false;
	gg_check_cache_entry want = { { path, strlen(path) }, { 0, 0 } };
	const gg_check_cache_entry *e = bsearch(&want, c->entries, c->len, sizeof *c->entries, entry_cmp);
	return e && gg_digest_equal(e->key, key);
}

/* Writes text to path whole, or not at all (0 or -errno). */
static int file_write(const char *path, const char *text, size_t len)
{
	char *tmp = gg_strdup_printf("%s.%ld.tmp", path, (long)getpid());
	if (!tmp)
		return -ENOMEM;
	int rc = 0;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		rc = -errno;
	for (size_t done = 0; !rc && done < len;) {
		ssize_t n = write(fd, text + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			rc = n < 0 ? -errno : -EIO;
		else
			done += (size_t)n;
	}
	if (fd >= 0 && close(fd) != 0 && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path) != 0)
		rc = -errno;
	if (rc && fd >= 0)
		unlink(tmp);
	free(tmp);
	return rc;
}

/* The folders above dir that are missing (`mkdir -p`'s), dir's parent last. 0 or -errno. */
static int parents_make(const char *dir)
{
	char *path = strdup(dir);
	if (!path)
		return -ENOMEM;
	int rc = 0;
	for (char *slash = strchr(path + 1, '/'); slash && !rc; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST)
			rc = -errno;
		*slash = '/';
	}
	free(path);
	return rc;
}

/* dir (and what is missing above it) and dir/VERSION, with dir's .gitignore and CACHEDIR.TAG the first time. 0 or -errno. */
static int cache_dirs(const char *dir)
{
	int made = parents_make(dir);
	if (made)
		return made;
	if (mkdir(dir, 0755) == 0) {
		char *ignore = gg_strdup_printf("%s/.gitignore", dir), *tag = gg_strdup_printf("%s/CACHEDIR.TAG", dir);
		static const char ignore_text[] = "# Made by gradguard: nothing here is the project's.\n*\n";
		/* https://bford.info/cachedir/: backup tools leave the folder out. */
		static const char tag_text[] = "Signature: 8a477f597d28d172789f06886806bc55\n"
					       "# This file is a cache directory tag created by gradguard.\n";
		int rc = ignore && tag ? 0 : -ENOMEM;
		if (!rc)
			file_write(ignore, ignore_text, sizeof ignore_text - 1);
		if (!rc)
			file_write(tag, tag_text, sizeof tag_text - 1);
		free(ignore);
		free(tag);
		if (rc)
			return rc;
	} else if (errno != EEXIST) {
		return -errno;
	}
	char *sub = gg_strdup_printf("%s/%s", dir, GG_VERSION);
	if (!sub)
		return -ENOMEM;
	int rc = mkdir(sub, 0755) == 0 || errno == EEXIST ? 0 : -errno;
	free(sub);
	return rc;
}

int gg_check_cache_save(gg_check_cache *c, const char *dir, char *const *paths, const gg_digest *keys,
			const bool *clean, size_t n)
{
	if (!c->path)
		return 0; /* no key for this run */
	size_t count = 0;
	for (size_t i = 0; i < n; i++)
		count += clean[i];
	gg_buf b = { 0 };
	int rc = gg_buf_append(&b, cache_magic, sizeof cache_magic - 1);
	if (!rc)
		rc = gg_store_put_u64(&b, c->run.low);
	if (!rc)
		rc = gg_store_put_u64(&b, c->run.high);
	if (!rc)
		rc = gg_store_put_u64(&b, count);
	for (size_t i = 0; i < n && !rc; i++) {
		if (!clean[i])
			continue;
		rc = gg_store_put_str(&b, paths[i]);
		if (!rc)
			rc = gg_store_put_u64(&b, keys[i].low);
		if (!rc)
			rc = gg_store_put_u64(&b, keys[i].high);
	}
	if (!rc && cache_dirs(dir) == 0)
		rc = file_write(c->path, b.data, b.len) == -ENOMEM ? -ENOMEM : 0;
	gg_buf_free(&b);
	return rc == -ENOMEM ? rc : 0;
}
