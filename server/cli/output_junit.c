/*
 * The junit format (cli/output.h): a JUnit XML report in ruff's layout
 * (quick-junit's): the run a <testsuites>, each file a <testsuite>, each
 * finding a <testcase> that failed, with its severity as a property. A run
 * without findings is one suite with one passing case, "No errors found",
 * so that a CI test view shows the check ran.
 */
#include "cli/output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define JUNIT_NAME "gradguard"

static const char *junit_severity(gg_severity s)
{
	switch (s) {
	case GG_SEVERITY_ERROR: return "error";
	case GG_SEVERITY_WARNING: return "warning";
	default: return "info";
	}
}

cJSON *gg_cli_junit_row(const gg_output_item *it)
{
	char *message = gg_output_message(it);
	char *path = gg_output_path(it->path);
	cJSON *row = message && path ? cJSON_CreateObject() : NULL;
	bool ok = row && cJSON_AddStringToObject(row, "path", path) && cJSON_AddStringToObject(row, "code", it->f->code) &&
		  cJSON_AddStringToObject(row, "message", message) &&
		  cJSON_AddStringToObject(row, "severity", junit_severity(it->f->severity));
	/* A notebook's finding has no line of the file: its message names the cell's (as ruff, no line attributes). */
	if (ok && !it->cell)
		ok = cJSON_AddNumberToObject(row, "line", it->start.line + 1.0) &&
		     cJSON_AddNumberToObject(row, "column", it->start.character + 1.0);
	free(message);
	free(path);
	if (!ok) {
		cJSON_Delete(row);
		return NULL;
	}
	return row;
}

/*
 * s as XML 1.0 text or, in_attribute, an attribute value: the five
 * entities, and the control characters XML cannot hold (not even as
 * references) as their Unicode pictures (␛ for ESC), as the full format
 * shows them; in an attribute, tab and line breaks as references.
 */
static void xml_escape(FILE *out, const char *s, bool in_attribute)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		case '\t':
		case '\n':
		case '\r':
			if (in_attribute)
				fprintf(out, "&#%d;", *p);
			else
				fputc(*p, out);
			break;
		default:
			if (*p < 0x20)
				fprintf(out, "\xe2\x90%c", 0x80 + *p); /* U+2400 + c */
			else if (*p == 0x7f)
				fputs("\xe2\x90\xa1", out); /* U+2421 */
			else
				fputc(*p, out);
		}
	}
}

static const char *row_string(const cJSON *row, const char *key)
{
	const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(row, key));
	return s ? s : "";
}

static void junit_case(FILE *out, const cJSON *row)
{
	const char *path = row_string(row, "path"), *message = row_string(row, "message");
	const cJSON *line = cJSON_GetObjectItemCaseSensitive(row, "line");
	const cJSON *column = cJSON_GetObjectItemCaseSensitive(row, "column");
	/* The class is the path without its extension (ruff's: Path::with_extension("")). */
	const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
	size_t class_len = dot && dot > (slash ? slash + 1 : path) ? (size_t)(dot - path) : strlen(path);
	char *classname = strndup(path, class_len);
	fprintf(out, "        <testcase name=\"org.%s.%s\" classname=\"", JUNIT_NAME, row_string(row, "code"));
	xml_escape(out, classname ? classname : path, true);
	fputc('"', out);
	if (cJSON_IsNumber(line) && cJSON_IsNumber(column))
		fprintf(out, " line=\"%d\" column=\"%d\"", line->valueint, column->valueint);
	fprintf(out, ">\n            <properties>\n                <property name=\"severity\" value=\"%s\"/>\n"
		     "            </properties>\n            <failure message=\"",
		row_string(row, "severity"));
	xml_escape(out, message, true);
	fputs("\">", out);
	if (cJSON_IsNumber(line) && cJSON_IsNumber(column))
		fprintf(out, "line %d, col %d, ", line->valueint, column->valueint);
	xml_escape(out, message, false);
	fputs("</failure>\n        </testcase>\n", out);
	free(classname);
}

int gg_cli_junit_print(FILE *out, const cJSON *rows)
{
	int n = cJSON_GetArraySize(rows);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	if (n == 0) {
		fputs("<testsuites name=\"" JUNIT_NAME "\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
		      "    <testsuite name=\"" JUNIT_NAME "\" tests=\"1\" disabled=\"0\" errors=\"0\" failures=\"0\" "
		      "package=\"org." JUNIT_NAME "\">\n"
		      "        <testcase name=\"No errors found\" classname=\"" JUNIT_NAME "\"/>\n"
		      "    </testsuite>\n</testsuites>\n",
		      out);
		return ferror(out) ? -EIO : 0;
	}
	fprintf(out, "<testsuites name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\">\n", JUNIT_NAME, n, n);
	/* The rows come file by file (the run's order): a suite is a run of one path. */
	const cJSON *first = rows->child;
	while (first) {
		const char *path = row_string(first, "path");
		int count = 0;
		const cJSON *end = first;
		while (end && strcmp(row_string(end, "path"), path) == 0) {
			count++;
			end = end->next;
		}
		fputs("    <testsuite name=\"", out);
		xml_escape(out, path, true);
		fprintf(out, "\" tests=\"%d\" disabled=\"0\" errors=\"0\" failures=\"%d\" package=\"org.%s\">\n", count, count,
			JUNIT_NAME);
		for (const cJSON *r = first; r != end; r = r->next)
			junit_case(out, r);
		fputs("    </testsuite>\n", out);
		first = end;
	}
	fputs("</testsuites>\n", out);
	return ferror(out) ? -EIO : 0;
}
