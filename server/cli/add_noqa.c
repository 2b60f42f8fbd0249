/*
 * --add-noqa (cli/add_noqa.h): each finding's noqa fix is one insertion at
 * its line's end (or after the codes of the line's noqa comment); those of
 * one line share the offset and are joined into one.
 */
#include "cli/add_noqa.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

typedef struct noqa_insert {
	size_t at;
	const gg_edit *edit; /* borrowed from the fixes */
	const char *code;
	size_t order; /* the finding's place: ties keep it */
} noqa_insert;

/* By offset, then by code: a line's codes are written in order, as ruff writes them. */
static int insert_order(const void *pa, const void *pb)
{
	const noqa_insert *a = pa, *b = pb;
	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	int c = strcmp(a->code, b->code);
	return c ? c : (a->order > b->order) - (a->order < b->order);
}

static const gg_fix *noqa_fix_of(const gg_fixes *f)
{
	for (size_t i = 0; i < f->len; i++)
		if (f->items[i].kind == GG_FIX_NOQA && f->items[i].edits_len == 1)
			return &f->items[i];
	return NULL;
}

int gg_cli_add_noqa(const char *text, size_t len, const gg_finding *findings, const gg_fixes *fixes, size_t count,
		    char **out, size_t *out_len, size_t *added)
{
	*out = NULL;
	*out_len = 0;
	*added = 0;
	noqa_insert *ins = calloc(count ? count : 1, sizeof *ins);
	if (!ins)
		return -ENOMEM;
	size_t n = 0;
	for (size_t i = 0; i < count; i++) {
		const gg_fix *fix = strcmp(findings[i].code, "GG000") == 0 ? NULL : noqa_fix_of(&fixes[i]);
		if (fix && fix->edits[0].range.start == fix->edits[0].range.end)
			ins[n++] = (noqa_insert){ fix->edits[0].range.start, &fix->edits[0], findings[i].code, i };
	}
	qsort(ins, n, sizeof *ins, insert_order);
	gg_edit *edits = calloc(n ? n : 1, sizeof *edits);
	int rc = edits ? 0 : -ENOMEM;
	size_t k = 0;
	for (size_t i = 0; i < n && !rc;) {
		/* The first insertion of a line as it is ("  # noqa: GG001" or ", GG001"), then each other code once. */
		gg_buf b = { 0 };
		rc = gg_buf_append(&b, ins[i].edit->text, ins[i].edit->text_len);
		size_t j = i + 1;
		for (; j < n && ins[j].at == ins[i].at && !rc; j++)
			if (strcmp(ins[j].code, ins[j - 1].code) != 0)
				rc = gg_buf_printf(&b, ", %s", ins[j].code);
		size_t blen = b.len;
		char *joined = rc ? NULL : gg_buf_take(&b);
		gg_buf_free(&b);
		if (!rc && !joined)
			rc = -ENOMEM;
		if (!rc)
			edits[k++] = (gg_edit){ { (uint32_t)ins[i].at, (uint32_t)ins[i].at }, joined, blen };
		i = j;
	}
	if (!rc && k)
		rc = gg_fix_apply(text, len, edits, k, out, out_len);
	if (!rc)
		*added = k;
	for (size_t i = 0; edits && i < k; i++)
		free(edits[i].text);
	free(edits);
	free(ins);
	return rc;
}
