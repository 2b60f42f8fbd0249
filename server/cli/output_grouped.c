/*
 * The grouped format (cli/output.h), as ruff prints it: each file's name,
 * then its findings indented, `row:col CODE message` with the rows right-
 * and the columns left-aligned (`[*]` after the code when --fix could fix
 * it, as concise has it), then an empty line. A notebook's rows are its
 * cells', after `cell N:`.
 */
#include "cli/output.h"

#include <errno.h>

static int digits(unsigned n)
{
	int d = 1;
	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

int gg_cli_grouped_print(FILE *out, const gg_output_item *items, size_t n)
{
	if (n == 0)
		return 0;
	int row_width = 1, col_width = 1;
	for (size_t i = 0; i < n; i++) {
		int r = digits(items[i].start.line + 1), c = digits(items[i].start.character + 1);
		row_width = r > row_width ? r : row_width;
		col_width = c > col_width ? c : col_width;
	}
	fprintf(out, "%s:\n", items[0].path);
	for (size_t i = 0; i < n; i++) {
		const gg_output_item *it = &items[i];
		unsigned row = it->start.line + 1, col = it->start.character + 1;
		fprintf(out, "  %*s", row_width - digits(row), "");
		if (it->cell)
			fprintf(out, "cell %u:", it->cell);
		fprintf(out, "%u:%u%*s %s %s%s\n", row, col, col_width - digits(col), "", it->f->code, it->fixable ? "[*] " : "",
			it->f->message);
	}
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}
