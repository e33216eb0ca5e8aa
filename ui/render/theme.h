/*
 * theme.h - the reader's colours: which colour and attributes each
 * element of the screen gets.  Pure data and parsing; the display layer
 * turns a theme into curses colour pairs.
 *
 * A theme file is lines of "element = FG BG [ATTR ...]":
 *   FG, BG  a colour: default, black, red, green, yellow, blue, magenta,
 *           cyan, white, bright-NAME (8..15), or a number 0..255
 *   ATTR    bold, dim, italic, underline, reverse, or none
 * '#' starts a comment.  Elements not named keep the terminal's default
 * colours and no attributes.
 */
#ifndef PITH_THEME_H
#define PITH_THEME_H

#include <stddef.h>

/* Every element of the screen a theme colours. */
typedef enum {
	TH_TEXT,      /* body text */
	TH_TITLE,     /* the article's title */
	TH_META,      /* byline, site, date, reading time; captions */
	TH_HEADING,   /* headings */
	TH_EMPH,      /* emphasis: its attributes add to the element's */
	TH_STRONG,    /* strong: the same */
	TH_CODE,      /* inline code */
	TH_PRE,       /* code blocks */
	TH_QUOTE,     /* block quotes and their bar */
	TH_BULLET,    /* list bullets and numbers */
	TH_LINK,      /* link text */
	TH_LINKNUM,   /* the [n] after a link */
	TH_SELECTED,  /* the link Tab selected */
	TH_IMAGE,     /* [image: alt] */
	TH_RULE,      /* horizontal rules */
	TH_TABLE,     /* table cell separators */
	TH_MATCH,     /* search matches */
	TH_STATUS,    /* the status line */
	TH_MESSAGE,   /* the message and prompt line */
	TH_ERROR,     /* error messages */
	TH_DIM,       /* text the algorithm dropped (debug overlay) */
	TH_GUTTER,    /* the overlay's gutter: block numbers and kinds */
	TH_MARK,      /* span marks, clipping marks */
	TH_HEAT1,     /* score heat scale: most negative ... */
	TH_HEAT2,
	TH_HEAT3,     /* ... about zero ... */
	TH_HEAT4,
	TH_HEAT5,     /* ... most positive */
	TH_COUNT
} theme_elem;

enum {
	THEME_BOLD = 1 << 0,
	THEME_DIM = 1 << 1,
	THEME_ITALIC = 1 << 2,
	THEME_UNDERLINE = 1 << 3,
	THEME_REVERSE = 1 << 4
};

#define THEME_DEFAULT (-1)   /* the terminal's own colour */

typedef struct {
	short fg, bg;         /* THEME_DEFAULT or 0..255 */
	unsigned attr;        /* THEME_* bits */
} theme_style;

typedef struct {
	char name[64];
	theme_style style[TH_COUNT];
} theme;

/* Called once per bad line; line counts from 1. */
typedef void (*theme_warn_fn)(void *ctx, int line, const char *msg);

const char *theme_elem_name(theme_elem e);

/* Parse a theme's text over the defaults (all default, no attributes).
 * Returns the number of bad lines; each was reported through warn
 * (which may be NULL). */
int theme_parse(theme *t, const char *text, size_t len, theme_warn_fn warn,
                void *ctx);

/* The themes compiled in (dark, light, mono): the same text as the
 * files in themes/, so pith works before it is installed. */
size_t theme_builtin_count(void);
const char *theme_builtin_name(size_t i);
const char *theme_builtin_text(const char *name);

/* A colour the terminal has: c itself when c < ncolors, else the
 * nearest of the first 8 (or 16) colours; THEME_DEFAULT stays.  A grey
 * becomes THEME_DEFAULT as a foreground, black or white as a background. */
int theme_color_fallback(int c, int ncolors, int background);

#endif
