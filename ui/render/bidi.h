/*
 * bidi.h - right-to-left text in visual order (GNU FriBidi, UAX #9).
 *
 * A layout keeps its text in logical order: that is what is wrapped,
 * searched, saved and dumped.  Only drawing needs the visual order, so
 * the display asks for it line by line: bidi_line gives the pieces of a
 * line left to right, each a stretch of layout.text (so search hits and
 * links, which are logical bytes, still mark what is shown), and how
 * far to indent the line so that a right-to-left one ends at the right
 * edge of its column.  On such a line (LAYOUT_RTL) the prefix (quote
 * bars, list indent and marker) goes to the right side, mirrored.
 */
#ifndef PITH_BIDI_H
#define PITH_BIDI_H

#include <stddef.h>
#include "layout.h"
#include "pith.h"

/* A stretch of layout.text in visual order: bytes off..off+len of
 * segment seg, shown as they are, or as alt (altlen bytes) when
 * altlen > 0: a mirrored bracket, or a shaped Arabic letter. */
typedef struct {
	size_t seg, off, len;
	char alt[8];
	unsigned char altlen;
} bidi_piece;

/* Pieces of one line, reused from line to line. */
typedef struct {
	bidi_piece *v;
	size_t n, cap;
	int pad;               /* columns before the first piece */
	int shape;             /* set by the caller: Arabic letters in their
	                          presentation forms (bidi_shape = on), for a
	                          terminal that does not join them itself */
} bidi_line_view;

/* Line i of l in visual order: v->v[0..v->n) left to right, after the
 * overlay's gutter (its segments are not part of them).  A line with no
 * right-to-left text and an LTR base gets n = 0: draw it as it is.
 * 0, or -1 when out of memory. */
int bidi_line(const layout *l, size_t i, bidi_line_view *v);
void bidi_line_view_free(bidi_line_view *v);

/* Line i as it looks: padding, then the text in visual order (gutter
 * included; shaped with shape), NUL-terminated in out. */
void bidi_line_text(const layout *l, size_t i, int shape, char *out, size_t size);

/* The direction of s[0..n) by its first strong character (P2-P3):
 * 1 right-to-left, 0 left-to-right, -1 none. */
int bidi_text_rtl(const char *s, size_t n);

/* Whether a BCP 47 language tag names a language written right to left
 * (ar, he, fa, ur, yi and the like). */
int bidi_lang_rtl(const char *lang);

/* The base direction of bytes [s, e) of block b: the dir of the block
 * or an ancestor, else the page's dir, else its lang, else its first
 * strong character; 1 right-to-left, 0 left-to-right. */
int bidi_block_rtl(const pith_doc *d, size_t b, size_t s, size_t e);

/* Text outside any block (the title, the byline): the page's dir, else
 * its lang, else its own first strong character. */
int bidi_page_text_rtl(const pith_doc *d, const char *s, size_t n);

#endif
