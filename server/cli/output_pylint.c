/* The pylint format (cli/output.h), flake8's and ruff's: `path:row: [CODE] message`. */
#include "cli/output.h"

#include <errno.h>
#include <stdlib.h>

int gg_cli_pylint_print(FILE *out, const gg_output_item *it)
{
	char *message = gg_output_message(it);
	if (!message)
		return -ENOMEM;
	fprintf(out, "%s:%u: [%s] %s\n", it->path, gg_output_row(it), it->f->code, message);
	free(message);
	return 0;
}
