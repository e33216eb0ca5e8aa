/*
 * tokens.h - the overlay's second level: why an algorithm chose its
 * span, token by token.
 *
 * For the token methods (mss, bte, auto when MSS answered) every block
 * of the page is a paragraph of its tokens: a heading line
 * ("block 12  p  score +34.0  kept"), then the tokens as they come,
 * words coloured by their score and each tag a marker with its score
 * (‹p›-3.25), under each line the running sum as a sparkline, and ▶
 * and ◀ at the exact tokens where the kept span starts and ends (it
 * may start inside a block).  Algorithms that keep whole blocks show
 * the same tokens, dimmed where dropped, with the marks at the kept
 * runs' edges.
 *
 * For readability the level shows its node-level evidence instead:
 * each candidate container's path, content score, class weight and
 * link density, and each sibling of the chosen one with the score it
 * needed to join and whether it did.
 *
 * The reader shows the layout; `pith --explain=tokens` prints its lines.
 */
#ifndef PITH_TOKENS_H
#define PITH_TOKENS_H

#include <stddef.h>
#include "layout.h"
#include "pith.h"

typedef struct {
	layout lay;
	size_t *marks;        /* lines with a span's start or end, in order */
	size_t nmarks;
	int evidence;         /* readability's candidates, not tokens */
} tokens_view;

/* Lay out a's token level in width columns.  v must be zeroed or
 * freed before.  0, or -1 when out of memory (the view is partial). */
int tokens_layout(tokens_view *v, const pith_article *a, int width, int ascii);
void tokens_free(tokens_view *v);

/* The next mark after line `from` (dir 1) or before it (-1), wrapping
 * around; LAYOUT_NONE when there is none. */
size_t tokens_mark(const tokens_view *v, size_t from, int dir);

/* "div#content > article.story": node n's element and up to three of
 * its ancestors below <body>, each as tag, #id and first .class, made
 * safe to show. */
void tokens_node_path(const pith_doc *d, size_t n, char *out, size_t size);

#endif
