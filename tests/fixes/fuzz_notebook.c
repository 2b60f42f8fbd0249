/*
 * Fuzz entry point for notebooks, as `gradguard check --fix` takes one: any
 * bytes as the notebook's JSON (invalid UTF-8 made '?', as check refuses
 * it), read into cells (server/analysis/notebook_cells.c), fixed (fix-all
 * with the cells' anchors, safe and unsafe), written back into the JSON,
 * read again, then its cells that do not parse blanked and the rest
 * checked (notebook_syntax.c), as check reports. Nothing may leak or overrun,
 * and:
 *  - every code cell lies inside the joined text, in order, and its own text
 *    (gg_notebook_cell_text) can be had;
 *  - a notebook written back is UTF-8, is a notebook again with as many code
 *    cells, is JSON when what was read was, and a second fix-all on it
 *    writes nothing more;
 *  - blanking keeps the text's length and its cells' places.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined -DGG_LIBFUZZER it is
 * a libFuzzer target (docs/fuzzing.md); built plainly (as the tests do) it
 * replays the *.ipynb files of the folders named.
 */
#include "../fuzz_replay.h"
#include <cJSON.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "fix.h"
#include "notebook_cells.h"
#include "notebook_syntax.h"
#include "utf8.h"

#define PROMISE(cond)                                                                             \
	do {                                                                                      \
		if (!(cond)) {                                                                    \
			fprintf(stderr, "fuzz-notebook: %s:%d: broken: %s\n", __FILE__, __LINE__, #cond); \
			abort();                                                                  \
		}                                                                                 \
	} while (0)

static gg_analyzer *fuzz_analyzer;
static TSParser *fuzz_parser;

static void cells_in_order(const gg_notebook *nb)
{
	PROMISE(nb->text && nb->text[nb->len] == '\0');
	size_t at = 0;
	for (size_t c = 0; c < nb->ncells; c++) {
		const gg_nb_cell *cell = &nb->cells[c];
		PROMISE(cell->start >= at && cell->start <= cell->end && cell->end <= nb->len);
		at = cell->start;
		char *text = NULL;
		size_t len = 0;
		int rc = gg_notebook_cell_text(nb, cell, &text, &len);
		PROMISE(rc == 0 || rc == -ENOMEM);
		free(text);
	}
}

/*
 * fix-all on nb (read from json) and the notebook written back: *out (the
 * caller's; NULL when nothing changed or nothing could be put back).
 */
static void fix_and_write(const gg_notebook *nb, const char *json, size_t len, bool unsafe, char **out, size_t *out_len)
{
	*out = NULL;
	size_t *anchors = NULL, nanchors = 0;
	if (gg_notebook_anchors(nb, &anchors, &nanchors) != 0)
		return;
	gg_source src = { nb->text, nb->len, NULL, "fuzz.ipynb", NULL, NULL, NULL, NULL };
	char *text = NULL;
	size_t text_len = 0, fixed = 0, changed = 0;
	int rc = gg_fix_all_anchored(fuzz_analyzer, &src, unsafe, &text, &text_len, &fixed, anchors, nanchors);
	PROMISE(rc >= 0 || rc == -ENOMEM);
	if (rc == 0) {
		rc = gg_notebook_write(nb, json, len, text, text_len, anchors, out, out_len, &changed);
		PROMISE(rc == 0 || rc == GG_NOTEBOOK_UNMAPPED || rc == -ENOMEM);
		PROMISE(!*out || changed > 0);
	}
	free(text);
	free(anchors);
}

static void fuzz_notebook(const char *json, size_t len, bool unsafe)
{
	gg_notebook nb;
	int rc = gg_notebook_read(&nb, json, len);
	PROMISE(rc == 0 || rc == -EINVAL || rc == -ENOMEM);
	if (rc) {
		gg_notebook_free(&nb);
		return;
	}
	cells_in_order(&nb);
	char *written = NULL;
	size_t written_len = 0;
	fix_and_write(&nb, json, len, unsafe, &written, &written_len);
	if (written) {
		PROMISE(gg_utf8_first_invalid(written, written_len) == written_len);
		gg_notebook again;
		rc = gg_notebook_read(&again, written, written_len);
		PROMISE(rc == 0 || rc == -ENOMEM);
		if (!rc) {
			PROMISE(again.ncells == nb.ncells);
			cells_in_order(&again);
			cJSON *before = cJSON_ParseWithLength(json, len);
			if (before) {
				cJSON *after = cJSON_ParseWithLength(written, written_len);
				PROMISE(after);
				cJSON_Delete(after);
				cJSON_Delete(before);
			}
			/* Fixed once, fixed for good: a second run writes nothing. */
			char *twice = NULL;
			size_t twice_len = 0;
			fix_and_write(&again, written, written_len, unsafe, &twice, &twice_len);
			PROMISE(!twice);
		}
		gg_notebook_free(&again);
		free(written);
	}
	/* What check then reports: broken cells blanked, their first errors as GG000, the rest checked. */
	gg_nb_unparsed unparsed = { NULL, 0 };
	size_t text_len = nb.len;
	if (gg_notebook_unparsed(&nb, fuzz_parser, &unparsed) == 0) {
		PROMISE(nb.len == text_len);
		cells_in_order(&nb);
		gg_source src = { nb.text, nb.len, NULL, "fuzz.ipynb", NULL, NULL, NULL, NULL };
		gg_findings findings;
		gg_findings_init(&findings);
		rc = gg_analyzer_check_unparsed(fuzz_analyzer, &src, unparsed.items, unparsed.len, &findings);
		PROMISE(rc == 0 || rc == -ENOMEM);
		for (size_t i = 0; !rc && i < findings.len; i++)
			PROMISE(findings.items[i].range.start <= findings.items[i].range.end &&
				findings.items[i].range.end <= nb.len);
		gg_findings_free(&findings);
	}
	gg_nb_unparsed_free(&unparsed);
	gg_notebook_free(&nb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!fuzz_analyzer) {
		char *error = NULL;
		fuzz_analyzer = gg_analyzer_new(&error);
		free(error);
		fuzz_parser = gg_python_parser_new();
		if (!fuzz_analyzer || !fuzz_parser)
			abort();
	}
	char *json = malloc(size + 1);
	if (!json)
		return 0;
	memcpy(json, data, size);
	for (size_t at = 0; (at = gg_utf8_first_invalid(json + at, size - at) + at) < size; at++)
		json[at] = '?';
	fuzz_notebook(json, size, false);
	fuzz_notebook(json, size, true);
	free(json);
	return 0;
}

#ifndef GG_LIBFUZZER
int main(int argc, char **argv)
{
	int rc = gg_fuzz_replay("fuzz-notebook", ".ipynb", argc, argv, NULL);
	gg_analyzer_delete(fuzz_analyzer);
	if (fuzz_parser)
		ts_parser_delete(fuzz_parser);
	return rc;
}
#endif
