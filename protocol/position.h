#ifndef GG_POSITION_H
#define GG_POSITION_H

#include <stddef.h>
#include <stdint.h>

/*
 * LSP positions: zero-based line and character, where "character" counts
 * code units of the negotiated encoding. Lines end at "\n", "\r\n" or a lone
 * "\r" (LSP 3.17). A line index holds the byte offset at which each line
 * starts, so converting a position costs a lookup plus a scan of one line.
 */

typedef enum gg_encoding {
	GG_ENC_UTF8,
	GG_ENC_UTF16,
	GG_ENC_UTF32,
} gg_encoding;

typedef struct gg_position {
	uint32_t line;
	uint32_t character;
} gg_position;

typedef struct gg_line_index {
	size_t *starts; /* owned; starts[0] == 0; count >= 1 */
	size_t count, cap;
} gg_line_index;

void gg_line_index_init(gg_line_index *ix);
/* (Re)builds the index for text. Returns 0 or -ENOMEM (the index is then left empty but valid). */
int gg_line_index_build(gg_line_index *ix, const char *text, size_t len);
void gg_line_index_free(gg_line_index *ix);

/* Line containing byte offset (offsets past the end map to the last line). */
uint32_t gg_line_index_line_of(const gg_line_index *ix, size_t offset);

/* Byte offset where line's content ends (before its line terminator). */
size_t gg_line_index_line_end(const gg_line_index *ix, const char *text, size_t len, uint32_t line);

/*
 * Position -> byte offset. Clamps as the LSP spec says: a character past the
 * end of its line means the end of the line; a line past the last line means
 * the end of the document. A position inside a multi-unit character (half of a
 * surrogate pair, the middle of a UTF-8 sequence) snaps to that character's start.
 */
size_t gg_position_to_offset(const gg_line_index *ix, const char *text, size_t len, gg_position pos, gg_encoding enc);

/* Byte offset -> position. Offsets inside a character snap to its start; offsets past the end clamp. */
gg_position gg_offset_to_position(const gg_line_index *ix, const char *text, size_t len, size_t offset, gg_encoding enc);

/*
 * Many offsets of one text converted together: add them, convert once, then
 * look each one up. gg_offset_to_position scans an offset's line from its
 * start, so converting offset by offset is quadratic in the offsets of a
 * line (a generated file with thousands of findings on one line); the table
 * sorts the offsets and walks each line they fall on once.
 */
typedef struct gg_offset_position {
	size_t offset;
	gg_position pos;
} gg_offset_position;

typedef struct gg_position_table {
	gg_offset_position *items; /* owned; once converted: sorted by offset, no offset twice */
	size_t len, cap;
	/* What gg_position_table_convert converted against (borrowed), for offsets never added. */
	const gg_line_index *ix;
	const char *text;
	size_t text_len;
	gg_encoding enc;
} gg_position_table;

void gg_position_table_init(gg_position_table *t);
void gg_position_table_free(gg_position_table *t);
/* Adds offset to be converted (adding one twice is fine). Returns 0 or -ENOMEM. */
int gg_position_table_add(gg_position_table *t, size_t offset);
/*
 * Converts every offset added, giving what gg_offset_to_position gives. ix
 * and text are borrowed: they must outlive the lookups.
 */
void gg_position_table_convert(gg_position_table *t, const gg_line_index *ix, const char *text, size_t len,
			       gg_encoding enc);
/*
 * offset's position, after gg_position_table_convert: a lookup for an offset
 * that was added, gg_offset_to_position for one that was not; {0, 0} before.
 */
gg_position gg_position_table_find(const gg_position_table *t, size_t offset);

/* Code units of text[0..len) in enc. */
size_t gg_encoding_units(const char *text, size_t len, gg_encoding enc);

/* "utf-8", "utf-16", "utf-32". */
const char *gg_encoding_name(gg_encoding enc);
/* Returns 0 and sets *out when name is one of the three, -1 otherwise. */
int gg_encoding_from_name(const char *name, gg_encoding *out);

#endif
