/*
 * The azure format (cli/output.h): one Azure Pipelines logging command per
 * finding, `##vso[task.logissue type=warning;sourcepath=PATH;linenumber=R;
 * columnnumber=C;code=GG001;]message`, at the finding's severity (error,
 * else warning: the command has no other).
 */
#include "cli/output.h"

#include <errno.h>
#include <stdlib.h>

/* The escapes of Azure's task library: '%' as %AZP25, line breaks; in a property also ';' and ']'. */
static void azure_escape(FILE *out, const char *s, bool property)
{
	for (; *s; s++) {
		switch (*s) {
		case '%': fputs("%AZP25", out); break;
		case '\r': fputs("%0D", out); break;
		case '\n': fputs("%0A", out); break;
		case ';': fputs(property ? "%3B" : ";", out); break;
		case ']': fputs(property ? "%5D" : "]", out); break;
		default: fputc(*s, out);
		}
	}
}

int gg_cli_azure_print(FILE *out, const gg_output_item *it)
{
	char *message = gg_output_message(it);
	if (!message)
		return -ENOMEM;
	fprintf(out, "##vso[task.logissue type=%s;sourcepath=", it->f->severity == GG_SEVERITY_ERROR ? "error" : "warning");
	azure_escape(out, it->path, true);
	fprintf(out, ";linenumber=%u;columnnumber=%u;code=%s;]", gg_output_row(it), gg_output_column(it), it->f->code);
	azure_escape(out, message, false);
	fputc('\n', out);
	free(message);
	return 0;
}
