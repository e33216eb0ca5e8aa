/*
 * overlay.h - why the algorithm kept what it kept, one row per block.
 *
 * The debug overlay in the reader and `pith --explain` show the same
 * rows: this module formats them, the layout places them in a gutter
 * beside the block's text, explain prints them beside an excerpt.
 *
 * A row, OVERLAY_GUTTER columns wide:
 *
 *   block  kept/kind  score  running-sum bar  span mark
 *      12  +p           +34.0  ██████▍          ┃
 *
 * The bar is the running sum at the block's last token (token methods),
 * scaled to the largest; for other methods the block's score.  The mark
 * shows the chosen token span: ┏ where it starts, ┃ inside, ┗ where it
 * ends, ■ when it starts and ends in the same block.
 */
#ifndef PITH_OVERLAY_H
#define PITH_OVERLAY_H

#include <stddef.h>
#include "pith.h"
#include "theme.h"

enum { OVERLAY_GUTTER = 31, OVERLAY_PIECES = 5 };

typedef struct {
	const pith_article *a;
	double *run;         /* per block: running sum at its last token, or NAN */
	unsigned char *kept; /* per block: 0 dropped, 1 kept, 2 partly kept */
	double max_run;      /* largest running sum, > 0 when has_run */
	double max_score;    /* largest |block score| */
	double max_pos;      /* largest positive block score */
	int has_run;         /* a token method: the running sum exists */
	size_t fb, lb;       /* blocks of the span's first and last tokens, or PITH_NONE */
	int ascii;           /* ASCII bars and marks */
} overlay;

typedef struct {
	char text[128];      /* the whole gutter, OVERLAY_GUTTER columns */
	struct {
		size_t len;      /* bytes of text */
		theme_elem elem;
	} piece[OVERLAY_PIECES];
	int kept;            /* 0 dropped, 1 kept, 2 partly kept */
	const char *reason;  /* the algorithm's words, or NULL (page-free text) */
} overlay_row;

/* Gather what the rows need; 0, or -1 when out of memory (then
 * overlay_free has nothing left to do, but may be called). */
int overlay_init(overlay *o, const pith_article *a, int ascii);
void overlay_free(overlay *o);

/* Block b's row, for its first line. */
void overlay_row_block(const overlay *o, size_t b, overlay_row *r);
/* The gutter beside b's other lines: blank but for the span's bar. */
void overlay_row_cont(const overlay *o, size_t b, overlay_row *r);
/* A short label for a block's kind: "p", "h2", "li", "pre", ... */
const char *overlay_kind(const pith_block *blk, char buf[8]);
/* The colour of v on a scale of -scale..scale (TH_HEAT1..TH_HEAT5):
 * the overlay's scores and bars, and the token level's. */
theme_elem overlay_heat(double v, double scale);

/* "mss: kept tokens 57..311 of 412, blocks 4..21; best sum 123.0" */
void overlay_summary(const overlay *o, char *buf, size_t size);
/* Column titles aligned with the rows. */
const char *overlay_header(void);

#endif
