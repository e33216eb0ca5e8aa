/*
 * edit.h - a line being typed at a prompt, edited as readline edits it,
 * without curses: keys in, text and cursor out.
 *
 *   Left Right, Ctrl-B Ctrl-F   a character back, forward
 *   Home End, Ctrl-A Ctrl-E     the start, the end
 *   Backspace, Delete, Ctrl-D   the character before, at the cursor
 *   Ctrl-U, Ctrl-K              delete to the start, to the end
 *   Ctrl-W                      delete the word before the cursor
 *   Up Down, Ctrl-P Ctrl-N      earlier, later entries of this prompt
 */
#ifndef PITH_EDIT_H
#define PITH_EDIT_H

#include <stddef.h>

/* The keys that are not characters; characters are their code points. */
enum {
	EDIT_LEFT = -100, EDIT_RIGHT, EDIT_HOME, EDIT_END, EDIT_BACKSPACE,
	EDIT_DELETE, EDIT_UP, EDIT_DOWN
};

enum { EDIT_MAX = 4096 };

typedef struct {
	char text[EDIT_MAX];
	size_t len, cur;         /* bytes; the cursor is between characters */
	const char *const *hist; /* earlier entries, the most recent first */
	size_t nhist;
	size_t at;               /* 0: the line typed; k: hist[k - 1] */
	char typed[EDIT_MAX];    /* the line typed, while Up shows others */
	size_t max;              /* bytes the text may hold (< EDIT_MAX) */
} edit_line;

/* Start with text (NULL: empty), the cursor at its end; entries for Up
 * (may be NULL); at most max bytes (0: EDIT_MAX - 1). */
void edit_init(edit_line *e, const char *text, const char *const *hist, size_t nhist,
               size_t max);
/* Apply one key; 1 when it changed something, 0 when it did nothing
 * (an unknown key, Left at the start). */
int edit_key(edit_line *e, int key);

#endif
