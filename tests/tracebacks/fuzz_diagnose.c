/*
 * Fuzz entry point for the traceback parser and the diagnosis: any bytes in,
 * a diagnosis (and its JSON) out, nothing leaked or overrun. Built with
 * clang -fsanitize=fuzzer,address -DGG_LIBFUZZER it is a libFuzzer target;
 * built plainly (as the tests do) it replays the files named on its command
 * line (the files of a folder named), each whole and then fed in pieces of
 * 1, 2, 3 bytes.
 */
#include "../fuzz_replay.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose.h"
#include "diagnose_json.h"


static void fuzz_one(const char *text, size_t size, size_t step)
{
	gg_diagnoser *d = gg_diagnoser_new();
	if (!d)
		return;
	for (size_t i = 0; i < size; i += step)
		if (gg_diagnoser_feed(d, text + i, i + step <= size ? step : size - i) != 0)
			break;
	gg_diagnoses all;
	if (gg_diagnoser_finish(d, NULL, &all) == 0) {
		cJSON *json = gg_diagnoses_to_json(&all);
		char *s = json ? cJSON_PrintUnformatted(json) : NULL;
		free(s);
		cJSON_Delete(json);
	}
	gg_diagnoses_free(&all);
	gg_diagnoser_delete(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_one((const char *)data, size, size ? size : 1);
	fuzz_one((const char *)data, size, 7);
	return 0;
}

#ifndef GG_LIBFUZZER
/* Also fed in pieces of 1, 2 and 3 bytes: every line and escape split everywhere. */
static void fuzz_also(const uint8_t *data, size_t len)
{
	for (size_t step = 1; step <= 3 && len < 100000; step++)
		fuzz_one((const char *)data, len, step);
}

int main(int argc, char **argv)
{
	return gg_fuzz_replay("fuzz-diagnose", ".log", argc, argv, fuzz_also);
}
#endif
