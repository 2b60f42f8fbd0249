/* Unified diffs through libgit2 (cli/diff.h). */
#include "cli/diff.h"

#include <errno.h>
#include <git2.h>

static void diff_line(FILE *out, const git_diff_line *l)
{
	switch (l->origin) {
	case GIT_DIFF_LINE_CONTEXT:
	case GIT_DIFF_LINE_ADDITION:
	case GIT_DIFF_LINE_DELETION:
		fputc(l->origin, out);
		fwrite(l->content, 1, l->content_len, out);
		break;
	case GIT_DIFF_LINE_CONTEXT_EOFNL:
	case GIT_DIFF_LINE_ADD_EOFNL:
	case GIT_DIFF_LINE_DEL_EOFNL:
		/* libgit2's content is "\n\\ No newline at end of file\n"; diff -u prints the marker line alone. */
		fputs("\n\\ No newline at end of file\n", out);
		break;
	default:
		break;
	}
}

/* "start,count", or "start" alone for one line. */
static void diff_range(FILE *out, int start, int count)
{
	if (count == 1)
		fprintf(out, "%d", start);
	else
		fprintf(out, "%d,%d", start, count);
}

int gg_cli_diff_print(FILE *out, const char *label, const char *old, size_t old_len, const char *new_text,
		      size_t new_len)
{
	if (git_libgit2_init() < 0)
		return -ENOMEM;
	git_diff_options opts;
	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.context_lines = 3;
	/* Text always: a file with a NUL is still Python to us, and git would call it binary. */
	opts.flags |= GIT_DIFF_FORCE_TEXT;
	git_patch *patch = NULL;
	int rc = git_patch_from_buffers(&patch, old, old_len, label, new_text, new_len, label, &opts);
	if (rc == 0) {
		fprintf(out, "--- %s\n+++ %s\n", label, label);
		for (size_t h = 0; h < git_patch_num_hunks(patch); h++) {
			const git_diff_hunk *hunk = NULL;
			size_t lines = 0;
			if (git_patch_get_hunk(&hunk, &lines, patch, h) != 0)
				break;
			/* Without the function heading git appends: as ruff and diff -u print. */
			fputs("@@ -", out);
			diff_range(out, hunk->old_start, hunk->old_lines);
			fputs(" +", out);
			diff_range(out, hunk->new_start, hunk->new_lines);
			fputs(" @@\n", out);
			for (size_t k = 0; k < lines; k++) {
				const git_diff_line *l = NULL;
				if (git_patch_get_line_in_hunk(&l, patch, h, k) == 0)
					diff_line(out, l);
			}
		}
	}
	git_patch_free(patch);
	git_libgit2_shutdown();
	return rc == 0 ? 0 : -ENOMEM;
}
