/* explain.h - `pith --explain`: the debug overlay's rows as plain text. */
#ifndef PITH_EXPLAIN_H
#define PITH_EXPLAIN_H

#include <stdio.h>
#include "pith.h"

/* One row per block of the page (the reader's overlay rows, see
 * ui/render/overlay.h) and an excerpt of its text, lines at most width
 * columns (0: whole excerpts); the algorithm's reason, when it gives
 * one, on the line below.  With tokens, the overlay's token level
 * instead (ui/render/tokens.h): a paragraph per block, its tokens with
 * their scores, the running sum's sparkline and the span's ends, or
 * readability's candidates.  Returns 0, or -1 when out of memory. */
int explain_print(const pith_article *a, int tokens, int width, FILE *out);
/* The same rows as one JSON object on a line: {"algorithm", "summary",
 * "blocks": [{"kind", "kept": "kept" | "dropped" | "partly", "score"
 * (null where the algorithm gives none), "reason" (null where none),
 * "text": the block's whole text}]}, one per block in page order.
 * Returns 0, or -1 when out of memory or out cannot be written. */
int explain_json(const pith_article *a, FILE *out);

#endif
