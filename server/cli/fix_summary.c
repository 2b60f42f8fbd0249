/* ruff's lines about fixes (cli/fix_summary.h). */
#include "cli/fix_summary.h"

#include <errno.h>
#include <stdlib.h>

void gg_cli_fix_summary_fixable(FILE *out, size_t fixable, size_t hidden, bool unsafe_given)
{
	if (unsafe_given) {
		if (fixable)
			fprintf(out, "[*] %zu fixable with the --fix option.\n", fixable);
		return;
	}
	const char *es = hidden == 1 ? "" : "es";
	if (fixable && hidden)
		fprintf(out,
			"[*] %zu fixable with the `--fix` option (%zu hidden fix%s can be enabled with the "
			"`--unsafe-fixes` option).\n",
			fixable, hidden, es);
	else if (fixable)
		fprintf(out, "[*] %zu fixable with the `--fix` option.\n", fixable);
	else if (hidden)
		fprintf(out, "No fixes available (%zu hidden fix%s can be enabled with the `--unsafe-fixes` option).\n",
			hidden, es);
}

void gg_cli_fix_summary_fixed(FILE *out, size_t fixed, size_t hidden, bool would)
{
	const char *s = fixed == 1 ? "" : "s", *es = hidden == 1 ? "" : "es";
	if (hidden && fixed)
		fprintf(out, "%s %zu finding%s (%zu additional fix%s available with `--unsafe-fixes`).\n",
			would ? "Would fix" : "Fixed", fixed, s, hidden, es);
	else if (hidden)
		fprintf(out, "%s (%zu fix%s available with `--unsafe-fixes`).\n",
			would ? "No findings would be fixed" : "No findings fixed", hidden, es);
	else if (fixed)
		fprintf(out, "%s %zu finding%s.\n", would ? "Would fix" : "Fixed", fixed, s);
}

int gg_cli_fix_summary_file(gg_buf *log, const char *path, const char *const *codes, const char *const *names,
			    const size_t *fixed, size_t n, size_t *total)
{
	size_t *order = calloc(n ? n : 1, sizeof *order);
	if (!order)
		return -ENOMEM;
	size_t m = 0, widest = 0;
	for (size_t i = 0; i < n; i++) {
		if (fixed[i])
			order[m++] = i;
		if (fixed[i] > widest)
			widest = fixed[i];
	}
	/* Most fixed first, ties in code order (ruff sorts by count). */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && fixed[order[j]] > fixed[order[j - 1]]; j--) {
			size_t t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	int width = 1;
	for (size_t w = widest; w >= 10; w /= 10)
		width++;
	int rc = m ? gg_buf_printf(log, "- %s:\n", path) : 0;
	for (size_t i = 0; i < m && !rc; i++) {
		rc = gg_buf_printf(log, "    %*zu \xC3\x97 %s (%s)\n", width, fixed[order[i]], codes[order[i]],
				   names[order[i]]);
		*total += fixed[order[i]];
	}
	free(order);
	return rc;
}

void gg_cli_fix_summary_print(FILE *out, const gg_buf *log, size_t total)
{
	if (!total)
		return;
	fprintf(out, "\nFixed %zu finding%s:\n", total, total == 1 ? "" : "s");
	fwrite(log->data, 1, log->len, out);
	fputc('\n', out);
}
