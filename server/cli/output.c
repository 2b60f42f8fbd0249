/* What the formats of `gradguard check` share (cli/output.h). */
#include "cli/output.h"

#include <string.h>

#include "uri.h"
#include "utf8.h"

char *gg_output_message(const gg_output_item *it)
{
	if (!it->cell)
		return strdup(it->f->message);
	return gg_strdup_printf("cell %u, line %u: %s", it->cell, it->start.line + 1, it->f->message);
}

unsigned gg_output_row(const gg_output_item *it)
{
	return it->cell ? 1 : it->start.line + 1;
}

unsigned gg_output_column(const gg_output_item *it)
{
	return it->cell ? 1 : it->start.character + 1;
}

char *gg_output_path(const char *path)
{
	size_t n = strlen(path);
	return gg_utf8_first_invalid(path, n) == n ? strdup(path) : gg_uri_encode("", path, false);
}
