/*
 * display.c - curses, and nothing else; see display.h.
 *
 * Text goes to the screen one grapheme cluster at a time, so a line is
 * clipped between clusters and never wraps onto the next row, whatever
 * the terminal thinks a character's width is: positions are advanced by
 * the widths curses itself uses (wcwidth).
 */
#define NCURSES_WIDECHAR 1

#include "display.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <unigbrk.h>

#ifndef A_ITALIC
#define A_ITALIC A_NORMAL
#endif

int
display_open(display *d, char *err, size_t errsize)
{
	const char *cs = nl_langinfo(CODESET);
	FILE *in = stdin;
	SCREEN *s;

	memset(d, 0, sizeof *d);
	d->ascii = cs == NULL || (strcmp(cs, "UTF-8") != 0 && strcmp(cs, "utf8") != 0);
	/* With the page on stdin, the keys come from the terminal itself. */
	if (!isatty(STDIN_FILENO)) {
		if ((d->tty = fopen("/dev/tty", "r")) == NULL) {
			snprintf(err, errsize, "cannot open the terminal: %s",
			    strerror(errno));
			return -1;
		}
		in = d->tty;
	}
	if ((s = newterm(NULL, stdout, in)) == NULL) {
		snprintf(err, errsize, "cannot use this terminal (is TERM right?)");
		if (d->tty != NULL)
			fclose(d->tty);
		d->tty = NULL;
		return -1;
	}
	d->screen = s;
	set_term(s);
	/* Raw: Ctrl-C and Ctrl-Z reach the reader as keys, so Ctrl-C can
	 * cancel a prompt, and flow control (Ctrl-S) never freezes it. */
	raw();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	curs_set(0);
	/* Esc cancels a prompt; waiting a second to see if it starts a
	 * sequence feels broken. */
	set_escdelay(25);
	/* Home and End as tmux, screen and rxvt send them, whatever TERM's
	 * description says. */
	define_key("\033[1~", KEY_HOME);
	define_key("\033[4~", KEY_END);
	define_key("\033[7~", KEY_HOME);
	define_key("\033[8~", KEY_END);
	if (has_colors() && start_color() == OK) {
		d->colors = COLORS > 0 ? COLORS : 0;
		if (use_default_colors() != OK)
			d->colors = -d->colors;  /* no "default": marked negative */
	}
	return 0;
}

void
display_close(display *d)
{
	if (d->screen == NULL)
		return;
	endwin();
	delscreen(d->screen);
	bidi_line_view_free(&d->view);
	d->screen = NULL;
	if (d->tty != NULL)
		fclose(d->tty);
	d->tty = NULL;
}

void
display_send(display *d, const char *bytes, size_t n)
{
	(void)d;
	refresh();
	fwrite(bytes, 1, n, stdout);
	fflush(stdout);
}

void
display_suspend(display *d)
{
	(void)d;
	def_prog_mode();
	endwin();
	fflush(stdout);
}

void
display_resume(display *d)
{
	(void)d;
	reset_prog_mode();
	clearok(curscr, TRUE);
	refresh();
}

void
display_stop(display *d)
{
	struct sigaction dfl, old;

	display_suspend(d);
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, &old);
	raise(SIGTSTP);
	/* Continued (fg): the screen as it was, repainted whole. */
	sigaction(SIGTSTP, &old, NULL);
	display_resume(d);
}

void
display_size(display *d, int *rows, int *cols)
{
	(void)d;
	getmaxyx(stdscr, *rows, *cols);
}

static attr_t
attrs(unsigned a)
{
	return ((a & THEME_BOLD) ? A_BOLD : 0) | ((a & THEME_DIM) ? A_DIM : 0) |
	    ((a & THEME_ITALIC) ? A_ITALIC : 0) |
	    ((a & THEME_UNDERLINE) ? A_UNDERLINE : 0) |
	    ((a & THEME_REVERSE) ? A_REVERSE : 0);
}

void
display_theme(display *d, const theme *t)
{
	int ncolors = d->colors < 0 ? -d->colors : d->colors;

	for (int e = 0; e < TH_COUNT; e++) {
		const theme_style *st = &t->style[e];
		attr_t a = attrs(st->attr);

		if (ncolors > 0 && e + 1 < COLOR_PAIRS) {
			int fg = theme_color_fallback(st->fg, ncolors, 0);
			int bg = theme_color_fallback(st->bg, ncolors, 1);

			if (d->colors < 0) {
				/* The terminal has no "default" colour to give. */
				fg = fg < 0 ? COLOR_WHITE : fg;
				bg = bg < 0 ? COLOR_BLACK : bg;
			}
			init_pair((short)(e + 1), (short)fg, (short)bg);
			a |= COLOR_PAIR(e + 1);
		}
		d->attr[e] = a;
	}
	d->emph = attrs(t->style[TH_EMPH].attr);
	d->strong = attrs(t->style[TH_STRONG].attr);
	bkgdset(' ' | (chtype)d->attr[TH_TEXT]);
}

void
display_erase(display *d)
{
	(void)d;
	erase();
}

void
display_redraw(display *d)
{
	(void)d;
	clearok(curscr, TRUE);
}

/* Columns the terminal gives the cluster s[0..n). */
static int
cluster_width(const char *s, size_t n)
{
	mbstate_t st;
	size_t i = 0;
	int w = 0;

	memset(&st, 0, sizeof st);
	while (i < n) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s + i, n - i, &st);
		int cw;

		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
			memset(&st, 0, sizeof st);
			w++;
			i++;
			continue;
		}
		cw = wcwidth(wc);
		w += cw > 0 ? cw : 0;
		i += k;
	}
	return w;
}

static const char *
next_cluster(const char *p, const char *end)
{
	const uint8_t *q = u8_grapheme_next((const uint8_t *)p, (const uint8_t *)end);

	return q != NULL && (const char *)q > p ? (const char *)q : p + 1;
}

/* Put s[0..n) at (y, *x) in attr a, not past column limit; returns 0,
 * or -1 when it did not all fit. */
static int
put(int y, int *x, int limit, const char *s, size_t n, attr_t a)
{
	const char *p = s, *end = s + n;

	attrset(a);
	while (p < end) {
		const char *q = next_cluster(p, end);
		int cw = cluster_width(p, (size_t)(q - p));

		if (*x + cw > limit)
			return -1;
		mvaddnstr(y, *x, p, (int)(q - p));
		*x += cw;
		p = q;
	}
	return 0;
}

static attr_t
seg_attr(const display *d, const layout_seg *sg, const display_marks *m)
{
	attr_t a = (attr_t)d->attr[sg->elem < TH_COUNT ? sg->elem : TH_TEXT];

	if (sg->attr & LAYOUT_EMPH)
		a |= (attr_t)d->emph;
	if (sg->attr & LAYOUT_STRONG)
		a |= (attr_t)d->strong;
	if (m != NULL && sg->link >= 0 && sg->link == m->selected)
		a = (attr_t)d->attr[TH_SELECTED];
	return a;
}

/* The first hit on line i or after, by binary search. */
static size_t
first_hit(const display_marks *m, size_t i)
{
	size_t lo = 0, hi = m != NULL ? m->nhits : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->hits[mid].line < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Where display_line is along its row. */
typedef struct {
	int y, x, limit, col, skipped, scroll, scroll_x, cut_left, cut_right;
	size_t line, h0;
} pen;

/* The attribute of the cluster at byte off: a search match's, else a. */
static attr_t
hit_attr(const display *d, const pen *pn, const display_marks *m, size_t off, attr_t a)
{
	for (size_t h = pn->h0; m != NULL && h < m->nhits && m->hits[h].line == pn->line; h++) {
		if (off >= m->hits[h].off && off < m->hits[h].off + m->hits[h].len) {
			a = (attr_t)d->attr[TH_MATCH];
			if (m->hits[h].hit == m->current)
				a |= A_BOLD | A_UNDERLINE;
			break;
		}
	}
	return a;
}

/* Bytes off..off+len of l->text, of segment s of the line, one cluster
 * at a time (or alt in their place: a mirrored bracket); segments from
 * the line's fixed ones on scroll sideways. */
static void
draw_run(display *d, pen *pn, const layout *l, size_t s, size_t off, size_t len,
         const char *alt, size_t altlen, const display_marks *m)
{
	const layout_line *ln = &l->lines[pn->line];
	const layout_seg *sg = &l->segs[ln->seg + s];
	const char *p = l->text + off, *end = p + len;
	attr_t a = seg_attr(d, sg, m);

	if (s >= ln->fixed && pn->scroll_x < 0)
		pn->scroll_x = pn->col;
	while (p < end && !pn->cut_right) {
		const char *q = next_cluster(p, end);
		const char *g = altlen > 0 ? alt : p;
		size_t gn = altlen > 0 ? altlen : (size_t)(q - p);
		int cw = cluster_width(g, gn);

		if (s >= ln->fixed && pn->skipped < pn->scroll) {
			pn->skipped += cw;
			pn->cut_left = 1;
			p = q;
			continue;
		}
		if (pn->col + cw > pn->limit) {
			pn->cut_right = 1;
			break;
		}
		attrset(hit_attr(d, pn, m, (size_t)(p - l->text), a));
		mvaddnstr(pn->y, pn->col, g, (int)gn);
		pn->col += cw;
		p = q;
	}
}

void
display_line(display *d, int y, int x, int width, const layout *l, size_t i,
             int hscroll, const display_marks *m)
{
	const layout_line *ln = &l->lines[i];
	pen pn = { y, x, x + width, x, 0, (ln->flags & LAYOUT_CLIP) ? hscroll : 0, -1,
	    0, 0, i, first_hit(m, i) };
	bidi_line_view *v = &d->view;
	size_t from = 0;

	if (pn.limit > COLS)
		pn.limit = COLS;
	/* Right to left: the gutter, then the pieces in visual order. */
	v->shape = d->bidi_shape;
	if (d->bidi && bidi_line(l, i, v) == 0 && (v->n > 0 || v->pad > 0)) {
		for (size_t s = 0; s < ln->gutter; s++)
			draw_run(d, &pn, l, s, l->segs[ln->seg + s].off,
			    l->segs[ln->seg + s].len, NULL, 0, m);
		pn.col += v->pad;
		for (size_t k = 0; k < v->n; k++)
			draw_run(d, &pn, l, v->v[k].seg - ln->seg, v->v[k].off, v->v[k].len,
			    v->v[k].alt, v->v[k].altlen, m);
		from = ln->nseg;
	}
	for (size_t s = from; s < ln->nseg && !pn.cut_right; s++)
		draw_run(d, &pn, l, s, l->segs[ln->seg + s].off, l->segs[ln->seg + s].len,
		    NULL, 0, m);
	/* Code clipped at either side says so. */
	if (ln->flags & LAYOUT_CLIP) {
		int mx;

		if (pn.cut_right && pn.limit > x) {
			mx = pn.limit - 1;
			put(y, &mx, pn.limit, d->ascii ? ">" : "\xe2\x80\xba", d->ascii ? 1 : 3,
			    (attr_t)d->attr[TH_MARK]);
		}
		if (pn.cut_left && pn.scroll_x >= 0 && pn.scroll_x < pn.limit) {
			mx = pn.scroll_x;
			put(y, &mx, pn.limit, d->ascii ? "<" : "\xe2\x80\xb9", d->ascii ? 1 : 3,
			    (attr_t)d->attr[TH_MARK]);
		}
	}
	attrset((attr_t)d->attr[TH_TEXT]);
}

/* Columns of s, as curses counts them. */
static int
text_width(const char *s)
{
	const char *end = s + strlen(s);
	int w = 0;

	for (const char *p = s; p < end; ) {
		const char *q = next_cluster(p, end);

		w += cluster_width(p, (size_t)(q - p));
		p = q;
	}
	return w;
}

void
display_bar(display *d, int y, const char *left, const char *right,
            theme_elem e)
{
	char l[1024], r[256];
	attr_t a = (attr_t)d->attr[e];
	int x = 0, rw;

	layout_clean(left != NULL ? left : "", left != NULL ? strlen(left) : 0,
	    d->ascii, l, sizeof l);
	layout_clean(right != NULL ? right : "", right != NULL ? strlen(right) : 0,
	    d->ascii, r, sizeof r);
	attrset(a);
	move(y, 0);
	for (int c = 0; c < COLS; c++)
		mvaddch(y, c, ' ');
	rw = text_width(r);
	if (rw > COLS / 2)
		rw = 0, r[0] = '\0';
	if (put(y, &x, COLS - rw - (rw > 0), l, strlen(l), a) != 0 && COLS - rw > 1) {
		int ex = COLS - rw - (rw > 0) - 1;

		put(y, &ex, ex + 1, d->ascii ? "$" : "\xe2\x80\xa6", d->ascii ? 1 : 3, a);
	}
	if (rw > 0) {
		x = COLS - rw;
		put(y, &x, COLS, r, strlen(r), a);
	}
	attrset((attr_t)d->attr[TH_TEXT]);
}

void
display_prompt(display *d, int y, const char *label, const char *input, size_t cursor)
{
	char l[256], before[4096], after[4096];
	const char *p, *end;
	attr_t a = (attr_t)d->attr[TH_MESSAGE];
	int x = 0, room, cx;

	if (cursor > strlen(input))
		cursor = strlen(input);
	layout_clean(label, strlen(label), d->ascii, l, sizeof l);
	layout_clean(input, cursor, d->ascii, before, sizeof before);
	layout_clean(input + cursor, strlen(input + cursor), d->ascii, after, sizeof after);
	display_bar(d, y, "", "", TH_MESSAGE);
	put(y, &x, COLS - 1, l, strlen(l), a | A_BOLD);
	/* Too long to fit: the start goes, so the cursor stays in view
	 * with room for a little of what follows it. */
	room = COLS - 1 - x;
	p = before;
	end = before + strlen(before);
	if (text_width(before) + (after[0] ? 1 : 0) > room) {
		int over = text_width(before) - room + 2 + (after[0] && room > 12 ? 8 : 0);

		while (p < end && over > 0) {
			const char *q = next_cluster(p, end);

			over -= cluster_width(p, (size_t)(q - p));
			p = q;
		}
		put(y, &x, COLS - 1, d->ascii ? "<" : "\xe2\x80\xa6", d->ascii ? 1 : 3, a);
	}
	put(y, &x, COLS - 1, p, (size_t)(end - p), a);
	cx = x;
	put(y, &x, COLS - 1, after, strlen(after), a);
	move(y, cx < COLS ? cx : COLS - 1);
}

void
display_flush(display *d, int cursor)
{
	int y, x;

	(void)d;
	getyx(stdscr, y, x);
	curs_set(cursor ? 1 : 0);
	if (cursor)
		move(y, x);
	refresh();
}

int
display_key(display *d)
{
	wint_t wc;
	int rc;

	(void)d;
	rc = get_wch(&wc);
	if (rc == ERR)
		return DK_NONE;
	if (rc == KEY_CODE_YES) {
		switch (wc) {
		case KEY_UP: return DK_UP;
		case KEY_DOWN: return DK_DOWN;
		case KEY_LEFT: return DK_LEFT;
		case KEY_RIGHT: return DK_RIGHT;
		case KEY_PPAGE: return DK_PGUP;
		case KEY_NPAGE: return DK_PGDN;
		case KEY_HOME: return DK_HOME;
		case KEY_END: return DK_END;
		case KEY_BTAB: return DK_BTAB;
		case KEY_BACKSPACE: return DK_BACKSPACE;
		case KEY_ENTER: return DK_ENTER;
		case KEY_RESIZE: return DK_RESIZE;
		case KEY_DC: return DK_DELETE;
		case KEY_F(1): return DK_HELP;
		default: return DK_OTHER;
		}
	}
	if (wc == '\r' || wc == '\n')
		return DK_ENTER;
	if (wc == 127 || wc == 8)
		return DK_BACKSPACE;
	return wc > 0x10ffff ? DK_OTHER : (int)wc;
}
