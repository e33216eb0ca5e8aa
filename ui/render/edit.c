/*
 * edit.c - a prompt's line; see edit.h.
 */
#include "edit.h"

#include <stdint.h>
#include <string.h>
#include <unistr.h>

static void
set(edit_line *e, const char *s)
{
	size_t n = strlen(s);

	if (n > e->max)
		n = e->max;
	/* Not inside a character. */
	while (n > 0 && n < strlen(s) && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	memcpy(e->text, s, n);
	e->text[n] = '\0';
	e->len = e->cur = n;
}

void
edit_init(edit_line *e, const char *text, const char *const *hist, size_t nhist,
          size_t max)
{
	memset(e, 0, sizeof *e);
	e->max = max > 0 && max < EDIT_MAX ? max : EDIT_MAX - 1;
	e->hist = hist;
	e->nhist = hist != NULL ? nhist : 0;
	set(e, text != NULL ? text : "");
}

static size_t
prev_char(const edit_line *e, size_t i)
{
	while (i > 0 && ((unsigned char)e->text[--i] & 0xc0) == 0x80)
		;
	return i;
}

static size_t
next_char(const edit_line *e, size_t i)
{
	while (i < e->len && ((unsigned char)e->text[++i] & 0xc0) == 0x80)
		;
	return i;
}

/* Delete bytes a..b. */
static int
cut(edit_line *e, size_t a, size_t b)
{
	if (a >= b)
		return 0;
	memmove(e->text + a, e->text + b, e->len - b + 1);
	e->len -= b - a;
	e->cur = a;
	return 1;
}

static int
recall(edit_line *e, size_t to)
{
	if (to == e->at || to > e->nhist)
		return 0;
	if (e->at == 0)
		memcpy(e->typed, e->text, e->len + 1);
	e->at = to;
	set(e, to == 0 ? e->typed : e->hist[to - 1]);
	return 1;
}

static int
insert(edit_line *e, int key)
{
	uint8_t u[8];
	int n;

	if (key < 0x20 || key == 0x7f || (key >= 0x80 && key < 0xa0) || key > 0x10ffff)
		return 0;
	if ((n = u8_uctomb(u, (ucs4_t)key, sizeof u)) <= 0 || e->len + (size_t)n > e->max)
		return 0;
	memmove(e->text + e->cur + n, e->text + e->cur, e->len - e->cur + 1);
	memcpy(e->text + e->cur, u, (size_t)n);
	e->len += (size_t)n;
	e->cur += (size_t)n;
	return 1;
}

int
edit_key(edit_line *e, int key)
{
	size_t i;

	switch (key) {
	case EDIT_LEFT: case 2:
		if (e->cur == 0)
			return 0;
		e->cur = prev_char(e, e->cur);
		return 1;
	case EDIT_RIGHT: case 6:
		if (e->cur >= e->len)
			return 0;
		e->cur = next_char(e, e->cur);
		return 1;
	case EDIT_HOME: case 1:
		e->cur = 0;
		return 1;
	case EDIT_END: case 5:
		e->cur = e->len;
		return 1;
	case EDIT_BACKSPACE:
		return e->cur > 0 ? cut(e, prev_char(e, e->cur), e->cur) : 0;
	case EDIT_DELETE: case 4:
		return e->cur < e->len ? cut(e, e->cur, next_char(e, e->cur)) : 0;
	case 21:                     /* Ctrl-U */
		return cut(e, 0, e->cur);
	case 11:                     /* Ctrl-K */
		if (e->cur >= e->len)
			return 0;
		e->text[e->cur] = '\0';
		e->len = e->cur;
		return 1;
	case 23:                     /* Ctrl-W: spaces, then a word (a path's
	                                last part: up to a '/') */
		i = e->cur;
		while (i > 0 && e->text[i - 1] == ' ')
			i--;
		while (i > 0 && e->text[i - 1] != ' ' && e->text[i - 1] != '/')
			i--;
		if (i == e->cur && i > 0)
			i--;                 /* a lone '/' goes too */
		return cut(e, i, e->cur);
	case EDIT_UP: case 16:
		return recall(e, e->at + 1);
	case EDIT_DOWN: case 14:
		return e->at > 0 ? recall(e, e->at - 1) : 0;
	default:
		return insert(e, key);
	}
}
