/*
 * display.h - the one module that talks to curses (ncursesw).
 *
 * It draws layout lines, bars and prompts, turns themes into colour
 * pairs and reads keys; the reader above it knows nothing of curses.
 * Every string it draws passes layout_clean() or comes from a layout,
 * and reaches curses through addnstr, never a printf-style format.
 */
#ifndef PITH_DISPLAY_H
#define PITH_DISPLAY_H

#include <stddef.h>
#include <stdio.h>
#include "bidi.h"
#include "layout.h"
#include "theme.h"

/* Keys that are not characters: display_key returns them (< 0), or a
 * character's code point (>= 0). */
enum {
	DK_NONE = -1,
	DK_UP = -2, DK_DOWN = -3, DK_LEFT = -4, DK_RIGHT = -5,
	DK_PGUP = -6, DK_PGDN = -7, DK_HOME = -8, DK_END = -9,
	DK_BTAB = -10, DK_BACKSPACE = -11, DK_ENTER = -12, DK_RESIZE = -13,
	DK_HELP = -14, DK_DELETE = -15, DK_OTHER = -16
};

typedef struct {
	void *screen;            /* the curses SCREEN */
	FILE *tty;               /* the keyboard, when stdin is the page */
	int colors;              /* colours the terminal has (0: none) */
	int ascii;               /* the locale cannot show UTF-8 */
	unsigned long attr[TH_COUNT];
	unsigned long emph, strong;  /* what emphasis and strong add */
	int bidi;                /* draw right-to-left text in visual order */
	int bidi_shape;          /*   and Arabic in presentation forms */
	bidi_line_view view;     /* the pieces of the line being drawn */
} display;

/* What display_line marks on top of a line's own styles. */
typedef struct {
	const layout_hit *hits;  /* all search matches, sorted */
	size_t nhits;
	size_t current;          /* the match n/N went to */
	int selected;            /* the selected link, or -1 */
} display_marks;

/* Start curses on the terminal (the caller has called setlocale).
 * 0, or -1 with why in err. */
int display_open(display *d, char *err, size_t errsize);
void display_close(display *d);
void display_size(display *d, int *rows, int *cols);
void display_theme(display *d, const theme *t);
void display_erase(display *d);
/* Force a full repaint at the next flush (Ctrl-L). */
void display_redraw(display *d);

/* Line i of l at row y from column x, at most width columns; the
 * scrollable part of clipped lines starts hscroll columns in. */
void display_line(display *d, int y, int x, int width, const layout *l,
                  size_t i, int hscroll, const display_marks *m);
/* A whole row: left text, right text flush right, in element e. */
void display_bar(display *d, int y, const char *left, const char *right,
                 theme_elem e);
/* A prompt and what was typed so far, the cursor at byte `cursor` of
 * it (the start scrolled away when it is too long). */
void display_prompt(display *d, int y, const char *label, const char *input,
                    size_t cursor);
/* Show what was drawn; hide the cursor unless a prompt placed it. */
void display_flush(display *d, int cursor);

/* Bytes straight to the terminal, after what was drawn (an OSC 52
 * sequence the caller built and filtered). */
void display_send(display *d, const char *bytes, size_t n);
/* Give the terminal back as it was (for a program that needs it) and
 * take it again, repainting everything. */
void display_suspend(display *d);
void display_resume(display *d);
/* Stop pith as Ctrl-Z does in a shell (the terminal is raw, so the
 * reader asks for it), the terminal given back meanwhile; continued
 * (fg), the screen comes back whole. */
void display_stop(display *d);

/* The next key, waiting for it. */
int display_key(display *d);

#endif
