#ifndef GG_UTF8_H
#define GG_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * UTF-8 helpers shared by the position conversions, the JSON-RPC layer and
 * the CLI. Invalid input is never fatal: an invalid byte decodes as U+FFFD
 * and consumes exactly one byte, so every conversion makes progress.
 */

/* Decodes one code point at s (len > 0). Returns the bytes consumed (1..4). */
size_t gg_utf8_decode(const char *s, size_t len, uint32_t *cp);

/* True when s[0..len) is well-formed UTF-8 (no overlongs, no surrogates). */
bool gg_utf8_valid(const char *s, size_t len);

/* Byte offset of the first invalid sequence, or len when all is valid. */
size_t gg_utf8_first_invalid(const char *s, size_t len);

/* UTF-16 code units for the code point (1 or 2). */
static inline unsigned gg_utf16_units(uint32_t cp)
{
	return cp >= 0x10000 ? 2u : 1u;
}

#endif
