/*
 * layout.h - an article laid out as screen lines, without curses.
 *
 * A layout is what the reader draws: lines of styled segments whose
 * text is already safe to show (no control characters, no bidi
 * overrides, valid UTF-8) and whose display widths come from wrap.h.
 * Everything here is pure, so it is tested without a terminal; the
 * display layer only copies segments to the screen.
 *
 * Two views of the same article:
 *   - the reader's: a header (title, byline, site, date, reading time),
 *     then the kept spans with their structure: headings, quotes with a
 *     bar, list bullets and numbers, code blocks unwrapped (LAYOUT_CLIP:
 *     they scroll sideways), tables aligned when they fit, links
 *     followed by their number [n], images as [image: alt];
 *   - the debug overlay (options.overlay): every block of the page, the
 *     dropped ones in TH_DIM, each beside a gutter from overlay.h.
 */
#ifndef PITH_LAYOUT_H
#define PITH_LAYOUT_H

#include <stddef.h>
#include <stdint.h>
#include "hyphenate.h"
#include "pith.h"
#include "theme.h"

#define LAYOUT_NONE ((size_t)-1)

/* Inline attributes a segment adds to its element's. */
enum { LAYOUT_EMPH = 1, LAYOUT_STRONG = 2 };

/* A layout's text stays under 4 GB, so that a segment takes 16 bytes,
 * not 24: a paragraph of styled runs makes a segment of every 3 bytes
 * of its text, and memory is much of a long layout's time (a host may
 * take 10 us to give a page).  Past it the layout is partial, as out
 * of memory. */
#define LAYOUT_MAX_TEXT ((size_t)UINT32_MAX)

typedef struct {
	uint32_t off, len;     /* bytes of layout.text */
	unsigned char elem;    /* a theme_elem */
	unsigned char attr;    /* LAYOUT_EMPH, LAYOUT_STRONG */
	unsigned char content; /* page text (searched); 0: decoration */
	int link;              /* index into layout.links, or -1 */
} layout_seg;

/* Line flags. */
enum {
	LAYOUT_CLIP = 1,       /* not wrapped (code): clip, scroll sideways */
	LAYOUT_FIRST = 2,      /* the first line of its block */
	LAYOUT_RTL = 4         /* written right to left (bidi.h): flush
	                          right, its prefix on the right side */
};

typedef struct {
	size_t seg, nseg;      /* segments layout.segs[seg .. seg+nseg) */
	size_t fixed;          /* how many leading segments never scroll
	                          sideways (gutter, quote bars, indent) */
	size_t block;          /* the document block shown, or LAYOUT_NONE */
	int width;             /* display columns of all its segments */
	unsigned flags;
	size_t gutter;         /* how many leading segments are the
	                          overlay's gutter (before the prefix) */
} layout_line;

typedef struct {
	const char *href;      /* the document's string */
	size_t line;           /* the first line showing it */
	int number;            /* shown as [number] */
} layout_link;

/* A search match, or the part of one on one line: bytes off..off+len of
 * layout.text, on line `line`; pieces of one match share `hit`. */
typedef struct {
	size_t line, off, len;
	size_t hit;
} layout_hit;

typedef struct {
	int width;             /* the text's measure in columns, > 0 */
	int ascii;             /* ASCII decoration; other characters as '?' */
	int overlay;           /* every block, with the overlay's gutter */
	int numbers;           /* number the links: [n] */
	int link_base;         /* numbers go on after it (0: from 1) */
	int plain;             /* no quote bars, list indent or markers */
	const char *why;       /* overlay: why nothing was kept, or NULL */
	int bidi;              /* mark right-to-left blocks LAYOUT_RTL */
	const hyphenator *hyphen;  /* break long words of paragraphs at its
	                          points (NULL: only at soft hyphens) */
	int justify;           /* paragraphs' lines but their last spread to
	                          the full measure (never code or tables) */
	/* Asked every so often in a long layout, in proportion to its work
	 * (lines, table cells): nonzero stops it there.  NULL: never. */
	int (*stop)(void *ctx);
	void *stop_ctx;
	size_t max_lines;      /* at most this many lines (0: LAYOUT_MAX_LINES) */
} layout_options;

/* Lines enough for fifteen times War and Peace at 80 columns; a page of
 * a million empty lines (2 MB) would otherwise take 100 bytes a byte
 * to lay out, twice that in the overlay. */
#define LAYOUT_MAX_LINES ((size_t)1 << 20)

typedef struct {
	char *text;
	size_t ntext, captext;
	layout_seg *segs;
	size_t nsegs, capsegs;
	layout_line *lines;
	size_t nlines, caplines;
	layout_link *links;
	size_t nlinks, caplinks;
	int width;             /* columns the lines are laid out in (with gutter) */
	int oom;               /* an allocation failed: the layout is partial */
	int stopped;           /* options.stop stopped it: partial too */
	int cut;               /* it reached options.max_lines: partial */
} layout;

/* Lay out article a (the spans it kept, or with options.overlay every
 * block of its document).  l must be zeroed, or hold a layout before,
 * whose memory is used again (a resize faulted in a 20 MB page's 150 MB
 * afresh).  Returns
 * 0, -1 when out of memory, or 1 when options.stop stopped it (the
 * lines so far are kept, and layout_free frees them). */
int layout_article(layout *l, const pith_article *a, const layout_options *o);

/* Article a as text (pith_article_text_tables with flags), its tables
 * laid out as the reader lays them, on their grid at width columns (0:
 * as wide as they are), without styles, the page's grids within one
 * bound (a table past it a row a line). */
pith_code layout_article_text(const pith_article *a, unsigned flags, int width,
                              char **out, size_t *len, pith_error *err);

/* Lay out plain text (help): lines starting with a non-space are
 * headings; in others, the words before the last run of two spaces
 * after the indent are keys, and the rest wraps under its own column
 * (or under the keys, when that column leaves it too little room). */
int layout_text(layout *l, const char *text, int width, int ascii);

void layout_free(layout *l);

/* Build a layout line by line, for renderers that show something other
 * than an article (the overlay's token level, the link list): a new
 * line showing block b (LAYOUT_NONE: none), then text appended to the
 * last line, made safe as layout_clean makes it, part of link `link`
 * (an index into l->links, or -1).  l must be zeroed with its width
 * set.  0, or -1 when out of memory (l->oom is set). */
int layout_add_line(layout *l, size_t b, unsigned flags);
int layout_add_text(layout *l, const char *s, size_t n, unsigned elem,
                    unsigned attr, int content, int link);
/* Line i's text, without its styles. */
void layout_line_text(const layout *l, size_t i, char *out, size_t size);

/* The first line showing block b or a later one; LAYOUT_NONE if none. */
size_t layout_line_of_block(const layout *l, size_t b);
/* The block shown at line i or the first one after it; LAYOUT_NONE. */
size_t layout_block_at(const layout *l, size_t i);

/* Every match of query (smart case: case-insensitive unless it has a
 * capital letter), matching across line breaks within a block.  hits
 * is malloc'd (NULL when none); *nmatch is the number of matches.
 * Returns 0, or -1 when out of memory. */
int layout_search(const layout *l, const char *query, layout_hit **hits,
                  size_t *nhits, size_t *nmatch);

/* A page's date as a header shows it: an ISO 8601 one ("2015-03-17",
 * "2015-03-17T16:27:40.294Z") as "17 Mar 2015", the day the page wrote
 * (its own time zone's), the same in every locale; any other as given
 * (NULL as "").  Cut to fit out (size > 0). */
void layout_date(const char *published, char *out, size_t size);

/* Copy s[0..n) into out (size > 0) as one line safe to show: control
 * characters and bidi overrides dropped, tabs and line breaks made
 * spaces, invalid bytes U+FFFD; with ascii, other characters '?'.
 * Cut at a character boundary; returns the bytes written. */
size_t layout_clean(const char *s, size_t n, int ascii, char *out, size_t size);

/* The same for a log or a pipe, where nothing may be lost: what
 * layout_clean drops (controls, line breaks, tabs, bidi controls, tag
 * characters, invalid bytes) is written as an escape instead: \x1b,
 * \u202e, \U000e0041.  4 * n + 1 bytes hold all of it. */
size_t layout_escape(const char *s, size_t n, char *out, size_t size);

#endif
