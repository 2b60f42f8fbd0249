#ifndef GG_FUZZ_REPLAY_H
#define GG_FUZZ_REPLAY_H

#include <stddef.h>
#include <stdint.h>

/*
 * The replay driver of every fuzz target built without libFuzzer (as the
 * tests build them, with gcc and the sanitizers): each argument is a file,
 * or a folder whose regular files are each one input (names starting with
 * '.' or ending in ".md" left out; with suffix, only names ending in it).
 * Every input goes to LLVMFuzzerTestOneInput, then to also when it is not
 * NULL. Returns main's status: 0, or 1 when a file cannot be read or there
 * was no input at all.
 *
 * A file named *.repeat stands for a large input, to keep the case small:
 * a JSON object {"before": TEXT, "repeat": TEXT, "count": N, "after": TEXT}
 * is the input before + repeat * N + after (before and after optional).
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int gg_fuzz_replay(const char *name, const char *suffix, int argc, char **argv,
		   void (*also)(const uint8_t *data, size_t size));

#endif
