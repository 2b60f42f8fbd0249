/* JSON in ruff's layouts (json_pretty.h). */
#include "cli/json_pretty.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

/* A string with JSON's escapes: the two-letter ones where JSON has them, \u00XX for other controls. */
static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\b': fputs("\\b", out); break;
		case '\f': fputs("\\f", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
		}
	}
	fputc('"', out);
}

static void json_number(FILE *out, double d)
{
	/* Rows, columns and counts are whole; anything else as cJSON would print it. */
	if (d > -9007199254740992.0 && d < 9007199254740992.0 && d == (double)(long long)d)
		fprintf(out, "%lld", (long long)d);
	else if (d == d && d - d == 0) /* finite */
		fprintf(out, "%.17g", d);
	else
		fputs("null", out);
}

static void json_indent(FILE *out, int depth)
{
	for (int i = 0; i < depth; i++)
		fputs("  ", out);
}

/* item at depth; pretty: newlines and indentation, else nothing between tokens. */
static void json_value(FILE *out, const cJSON *item, int depth, bool pretty)
{
	if (cJSON_IsString(item)) {
		json_string(out, item->valuestring ? item->valuestring : "");
	} else if (cJSON_IsNumber(item)) {
		json_number(out, item->valuedouble);
	} else if (cJSON_IsTrue(item)) {
		fputs("true", out);
	} else if (cJSON_IsFalse(item)) {
		fputs("false", out);
	} else if (cJSON_IsArray(item) || cJSON_IsObject(item)) {
		bool object = cJSON_IsObject(item);
		fputc(object ? '{' : '[', out);
		const cJSON *child = item->child;
		for (const cJSON *c = child; c; c = c->next) {
			if (c != child)
				fputc(',', out);
			if (pretty) {
				fputc('\n', out);
				json_indent(out, depth + 1);
			}
			if (object) {
				json_string(out, c->string ? c->string : "");
				fputs(pretty ? ": " : ":", out);
			}
			json_value(out, c, depth + 1, pretty);
		}
		if (pretty && child) {
			fputc('\n', out);
			json_indent(out, depth);
		}
		fputc(object ? '}' : ']', out);
	} else {
		fputs("null", out); /* null, and raw items, which gradguard never makes */
	}
}

int gg_json_pretty_print(FILE *out, const cJSON *item)
{
	json_value(out, item, 0, true);
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}

int gg_json_compact_print(FILE *out, const cJSON *item)
{
	json_value(out, item, 0, false);
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}
