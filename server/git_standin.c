/*
 * The stand-in repository (git_standin.h). Its config must hold the two keys
 * before libgit2 first reads ignore rules: that first read caches
 * core.excludesFile and core.ignoreCase for the repository's life, and later
 * reads of info/exclude and of the excludes file find them gone and skip
 * them (libgit2 1.5: a missing ignore file is no error).
 */
#include "git_standin.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

static int gs_remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) == 0 ? 0 : -1;
}

/* The empty excludes file, the case setting, and libgit2's caches filled from them. */
static int gs_configure(git_repository *repo)
{
	gg_buf excl = { 0 };
	git_config *cfg = NULL;
	int rc = gg_buf_printf(&excl, "%sinfo/gradguard-excludes", git_repository_path(repo));
	FILE *f = rc ? NULL : fopen(gg_buf_cstr(&excl), "w");
	if (!rc && (!f || fclose(f) != 0))
		rc = -errno;
	if (!rc && (git_repository_config(&cfg, repo) != 0 || git_config_set_string(cfg, "core.excludesFile", gg_buf_cstr(&excl)) != 0 ||
		    git_config_set_bool(cfg, "core.ignoreCase", 0) != 0))
		rc = -EIO;
	git_config_free(cfg);
	/* Adding no rule reads the settings into the caches. */
	if (!rc && git_ignore_add_rule(repo, "") != 0)
		rc = -EIO;
	gg_buf_free(&excl);
	return rc;
}

int gg_git_standin_new(git_repository **out)
{
	*out = NULL;
	const char *tmp = getenv("TMPDIR");
	gg_buf dir = { 0 };
	if (gg_buf_printf(&dir, "%s/gradguard-ignore-XXXXXX", tmp && *tmp ? tmp : "/tmp"))
		return -ENOMEM;
	char *path = gg_buf_take(&dir);
	if (!path)
		return -ENOMEM;
	if (!mkdtemp(path)) {
		int err = -errno;
		free(path);
		return err;
	}
	git_repository_init_options opts;
	int rc = git_repository_init_options_init(&opts, GIT_REPOSITORY_INIT_OPTIONS_VERSION) == 0 ? 0 : -EIO;
	opts.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_NO_REINIT;
	git_repository *repo = NULL;
	if (!rc)
		rc = git_repository_init_ext(&repo, path, &opts) == 0 ? gs_configure(repo) : -EIO;
	if (nftw(path, gs_remove_one, 16, FTW_DEPTH | FTW_PHYS) != 0 && !rc)
		rc = -EIO; /* it would be left behind: give up */
	free(path);
	if (rc) {
		git_repository_free(repo);
		return rc;
	}
	*out = repo;
	return 0;
}
