#include "findings.h"

#include "buf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gg_findings_init(gg_findings *f)
{
	f->items = NULL;
	f->len = 0;
	f->cap = 0;
}

static void finding_free(gg_finding *finding)
{
	free(finding->message);
	for (size_t i = 0; i < finding->related_len; i++)
		free(finding->related[i].message);
	free(finding->related);
	free(finding->fix_also);
}

void gg_findings_truncate(gg_findings *f, size_t len)
{
	while (f->len > len)
		finding_free(&f->items[--f->len]);
}

void gg_findings_remove_if(gg_findings *f, size_t from, bool (*drop)(gg_finding *finding, void *ctx), void *ctx)
{
	/* Swap the kept ones forward (their order is kept), then free the tail. */
	size_t kept = from;
	for (size_t i = from; i < f->len; i++) {
		if (drop(&f->items[i], ctx))
			continue;
		if (i != kept) {
			gg_finding tmp = f->items[kept];
			f->items[kept] = f->items[i];
			f->items[i] = tmp;
		}
		kept++;
	}
	gg_findings_truncate(f, kept);
}

void gg_findings_clear(gg_findings *f)
{
	gg_findings_truncate(f, 0);
}

void gg_findings_free(gg_findings *f)
{
	gg_findings_clear(f);
	free(f->items);
	gg_findings_init(f);
}

gg_finding *gg_findings_push(gg_findings *f, const char *code, gg_severity severity, gg_byte_range range, char *message)
{
	if (!message)
		return NULL;
	if (gg_grow((void **)&f->items, &f->cap, f->len, sizeof *f->items)) {
		free(message);
		return NULL;
	}
	gg_finding *finding = &f->items[f->len++];
	/* Every field a rule does not set is zero: no proof, no run, the fix at the range. */
	*finding = (gg_finding){ .code = code, .severity = severity, .range = range, .message = message };
	return finding;
}

int gg_finding_add_fix_site(gg_finding *finding, gg_byte_range at, unsigned proof)
{
	/* A few calls at most: grown one at a time, as the related entries are. */
	gg_fix_site *sites = realloc(finding->fix_also, (finding->fix_also_len + 1) * sizeof *sites);
	if (!sites)
		return -ENOMEM;
	finding->fix_also = sites;
	sites[finding->fix_also_len++] = (gg_fix_site){ at, proof };
	return 0;
}

int gg_finding_add_related(gg_finding *finding, gg_byte_range range, char *message)
{
	if (!message)
		return -ENOMEM;
	gg_related *related = realloc(finding->related, (finding->related_len + 1) * sizeof *related);
	if (!related) {
		free(message);
		return -ENOMEM;
	}
	finding->related = related;
	related[finding->related_len].range = range;
	related[finding->related_len].message = message;
	finding->related_len++;
	return 0;
}

static int finding_cmp(const void *pa, const void *pb)
{
	const gg_finding *a = pa, *b = pb;
	if (a->range.start != b->range.start)
		return a->range.start < b->range.start ? -1 : 1;
	int c = strcmp(a->code, b->code);
	if (c)
		return c;
	if (a->range.end != b->range.end)
		return a->range.end < b->range.end ? -1 : 1;
	return 0;
}

void gg_findings_sort(gg_findings *f)
{
	if (f->len < 2)
		return;
	qsort(f->items, f->len, sizeof *f->items, finding_cmp);
	size_t kept = 1;
	for (size_t i = 1; i < f->len; i++) {
		if (finding_cmp(&f->items[kept - 1], &f->items[i]) == 0)
			finding_free(&f->items[i]);
		else
			f->items[kept++] = f->items[i];
	}
	f->len = kept;
}

char *gg_memdup_str(const char *p, size_t n)
{
	char *s = malloc(n + 1);
	if (s) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	return s;
}

char *gg_strdup_printf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	char *s = malloc((size_t)n + 1);
	if (!s)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}
