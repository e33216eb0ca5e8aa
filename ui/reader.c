/*
 * reader.c - the reader's event loop: pages, history, keys, prompts.
 *
 * All the reader's state is in one struct, passed down; curses stays
 * behind display.h and the text's shape behind layout.h.  Resizing is
 * the KEY_RESIZE that curses delivers, not a signal handler of ours.
 */
#include "reader.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <unistr.h>

#include "browser.h"
#include "clip.h"
#include "display.h"
#include "history.h"
#include "layout.h"
#include "edit.h"
#include "link.h"
#include "linklist.h"
#include "recall.h"
#include "overlay.h"
#include "save.h"
#include "sitetpl.h"
#include "themefile.h"
#include "tokens.h"
#include "wrap.h"

enum {
	HIST_MAX = 64,           /* pages kept for back and forward */
	QUERY_MAX = 256,
	MSG_MAX = 512,
	MIN_WIDTH = 20,
	MAX_WIDTH = 1000,
	WIDTH_STEP = 4,
	HSCROLL_STEP = 8
};

typedef struct {
	char *arg;               /* to read it again: a path, "-" or a URL */
	char *base;              /* the -u address of the first page, or NULL */
	input in;                /* its bytes, so back and forward need no network */
	size_t block;            /* the block at the top when it was left */
	char *key;               /* its address in the history file, or NULL */
	int jump;                /* a place in the page before it (#name): its
	                            arg, no base or bytes of its own */
} page;

/* VIEW_TOKENS: the overlay's second level (tokens.h), and VIEW_LINKS
 * the link list (linklist.h), over the view they were opened from. */
typedef enum { VIEW_ARTICLE, VIEW_OVERLAY, VIEW_HELP, VIEW_TOKENS, VIEW_LINKS } view;

typedef struct {
	const reader_options *opt;
	display dpy;
	pith_params *params;
	pith_template *tpl;      /* one m wrote, the params' template */
	page hist[HIST_MAX];
	size_t nhist, cur;
	pith_doc *doc;           /* of hist[cur] */
	pith_article *art;
	char why[MSG_MAX];       /* why art is empty, for the overlay, or "" */
	size_t algo;             /* the algorithm's index in the registry */
	layout lay;              /* the article or the overlay */
	layout_options laid;     /* what lay was laid out with; width 0: the
	                            article changed, lay it out again */
	layout help;
	view view, back_view;    /* back_view: what help returns to */
	size_t top, help_top;
	tokens_view tok;         /* the token level, while it is shown */
	size_t tok_top, tok_at;  /* tok_at: the boundary n or N went to */
	layout list;             /* the link list (L), while it is shown */
	size_t list_top;
	history recent;          /* the pages read, while V lists them */
	int list_recent;         /*   the list is of them, not of links */
	view sub_back;           /* what the token level or the list return to */
	size_t place, place_top; /* the block being read, while top is place_top
	                            (LAYOUT_NONE once the reader moves) */
	int hscroll, max_hscroll;
	int measure;             /* the text's width; 0: the whole screen */
	int rows, cols;
	theme th;
	char **themes;
	size_t nthemes, theme_i;
	char query[QUERY_MAX];
	layout_hit *hits;
	size_t nhits, nmatch, match, *match_piece;
	int sel;                 /* the selected link, or -1 */
	int number;              /* digits typed before Enter, or -1 */
	char msg[MSG_MAX];
	char loading[80];       /* bytes and rate of a download under way */
	int msg_error;
	const char *prompt;      /* while reading a line: its label */
	char *input;             /*   and what is typed */
	size_t input_cur;        /*   and where the cursor is in it */
	util_buf help_text;      /* made from the key bindings */
	int quit;                /* 1: q, 2: Ctrl-C */
	hyphenator *hy;          /* the page's language's dictionary, or NULL */
	char hy_lang[64];        /*   the language it was looked for, once */
	int pending;             /* a key that stopped a layout, to do next,
	                            or DK_NONE */
	int cancel;              /* q, Esc or Ctrl-C stopped a layout under
	                            a download: cancel it */
	long pause_ms;           /* PITH_TEST_LAYOUT_PAUSE: the tests' long
	                            layouts (tests/e2e/reader-stop.sh) */
} reader;

/* ------------------------------------------------------------ text */

static void
message(reader *r, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
message(reader *r, int error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->msg, sizeof r->msg, fmt, ap);
	va_end(ap);
	r->msg_error = error;
}

static int
body_rows(const reader *r)
{
	return r->rows > 2 ? r->rows - 2 : 1;
}

/* The text's width on this screen. */
static int
text_width(const reader *r, view v)
{
	int room = r->cols - (v == VIEW_OVERLAY ? OVERLAY_GUTTER : 0) - 2;
	int w = r->measure > 0 && r->measure < room && v != VIEW_TOKENS ? r->measure : room;

	return w < 10 ? 10 : w;
}

static layout *
cur_layout(reader *r)
{
	return r->view == VIEW_HELP ? &r->help : r->view == VIEW_TOKENS ? &r->tok.lay :
	    r->view == VIEW_LINKS ? &r->list : &r->lay;
}

static size_t *
cur_top(reader *r)
{
	return r->view == VIEW_HELP ? &r->help_top : r->view == VIEW_TOKENS ? &r->tok_top :
	    r->view == VIEW_LINKS ? &r->list_top : &r->top;
}

/* The reader moved: the place is what is at the top from now on. */
static void
moved(reader *r)
{
	if (r->view != VIEW_HELP)
		r->place_top = LAYOUT_NONE;
}

static void
clamp_top(reader *r)
{
	layout *l = cur_layout(r);
	size_t *top = cur_top(r), h = (size_t)body_rows(r);
	size_t max = l->nlines > h ? l->nlines - h : 0;

	if (*top > max)
		*top = max;
}

/* ---------------------------------------------------------- search */

static void
search_clear(reader *r)
{
	free(r->hits);
	free(r->match_piece);
	r->hits = NULL;
	r->match_piece = NULL;
	r->nhits = r->nmatch = r->match = 0;
}

/* Find the query in the current layout again (it was laid out anew). */
static void
search_run(reader *r)
{
	size_t k = 0;

	search_clear(r);
	if (r->query[0] == '\0' || r->view == VIEW_HELP || r->view == VIEW_TOKENS)
		return;
	if (layout_search(cur_layout(r), r->query, &r->hits, &r->nhits, &r->nmatch) != 0 ||
	    (r->nmatch > 0 && (r->match_piece = malloc(r->nmatch * sizeof *r->match_piece)) == NULL)) {
		search_clear(r);
		message(r, 1, "out of memory searching");
		return;
	}
	for (size_t i = 0; i < r->nhits; i++)
		if (i == 0 || r->hits[i].hit != r->hits[i - 1].hit)
			r->match_piece[k++] = i;
}

/* Bring match k into view. */
static void link_line(reader *r, int link, const char *lead, char *out, size_t size);

static void
show_match(reader *r, size_t k)
{
	size_t line = r->hits[r->match_piece[k]].line, h = (size_t)body_rows(r);
	size_t *top = cur_top(r);

	r->match = k;
	moved(r);
	if (line < *top || line >= *top + h)
		*top = line;
	clamp_top(r);
	message(r, 0, "match %zu of %zu", k + 1, r->nmatch);
	/* In the link list a match selects its link. */
	if (r->view == VIEW_LINKS && (r->sel = linklist_at(&r->list, line)) >= 0) {
		char lead[64];

		snprintf(lead, sizeof lead, "match %zu of %zu: ", k + 1, r->nmatch);
		link_line(r, r->sel, lead, r->msg, sizeof r->msg);
	}
}

/* Scroll the link list to the selected link. */
static void
list_show(reader *r)
{
	size_t h = (size_t)body_rows(r), line;

	if (r->sel < 0 || (size_t)r->sel >= r->list.nlinks)
		return;
	line = r->list.links[r->sel].line;
	if (line == LAYOUT_NONE)
		return;
	if (line < r->list_top || line + 1 >= r->list_top + h)
		r->list_top = line > h / 3 ? line - h / 3 : 0;
	clamp_top(r);
}

/* n and N in the token level: the next or previous span boundary,
 * from the one last gone to while it is on the screen. */
static void
tokens_step(reader *r, int dir)
{
	size_t h = (size_t)body_rows(r), line, from;

	from = r->tok_at >= r->tok_top && r->tok_at < r->tok_top + h ? r->tok_at :
	    dir > 0 ? (r->tok_top > 0 ? r->tok_top - 1 : 0) : r->tok_top;
	line = tokens_mark(&r->tok, from, dir < 0 ? -1 : 1);
	if (line == LAYOUT_NONE) {
		message(r, 1, "nothing kept: no span to go to");
		return;
	}
	r->tok_at = line;
	if (line < r->tok_top || line >= r->tok_top + h) {
		r->tok_top = line > h / 3 ? line - h / 3 : 0;
		clamp_top(r);
	}
	message(r, 0, "span boundary at line %zu of %zu", line + 1, r->tok.lay.nlines);
}

/* The next match from the top of the screen (dir 0), or after (1) or
 * before (-1) the current one. */
static void
search_step(reader *r, int dir)
{
	size_t k;

	if (r->view == VIEW_TOKENS) {
		tokens_step(r, dir);
		return;
	}
	if (r->query[0] == '\0') {
		message(r, 1, "no search yet: press / to search");
		return;
	}
	if (r->nmatch == 0) {
		message(r, 1, "not found: %s", r->query);
		return;
	}
	if (dir == 0) {
		for (k = 0; k < r->nmatch && r->hits[r->match_piece[k]].line < *cur_top(r); k++)
			;
		if (k == r->nmatch)
			k = 0;
		show_match(r, k);
		return;
	}
	k = dir > 0 ? (r->match + 1) % r->nmatch : (r->match + r->nmatch - 1) % r->nmatch;
	show_match(r, k);
	if ((dir > 0 && k == 0) || (dir < 0 && k == r->nmatch - 1))
		message(r, 0, "match %zu of %zu (search wrapped)", k + 1, r->nmatch);
}

/* ---------------------------------------------------------- layout */

/* The pages read (V), the most recent first: title and address. */
static int
list_recent(reader *r)
{
	linklist_entry *e = calloc(r->recent.n + 1, sizeof *e);
	char head[64];
	int rc;

	if (e == NULL)
		return -1;
	for (size_t i = 0; i < r->recent.n; i++) {
		const history_entry *h = &r->recent.e[i];
		size_t n = strlen(h->title) + strlen(h->address) + 8;
		char *s = malloc(n);

		if (s != NULL)
			snprintf(s, n, "%s%s%s", h->title, h->title[0] ? " \xc2\xb7 " : "", h->address);
		e[i] = (linklist_entry){ h->address, s, (int)i + 1 };
	}
	snprintf(head, sizeof head, "%zu page%s read, the most recent first", r->recent.n,
	    r->recent.n == 1 ? "" : "s");
	rc = linklist_layout(&r->list, e, r->recent.n, r->recent.n, head,
	    text_width(r, VIEW_TOKENS), r->dpy.ascii);
	for (size_t i = 0; i < r->recent.n; i++)
		free((char *)e[i].shown);
	free(e);
	return rc;
}

/* Where href leads, as following it would open it (a file's path), or
 * href itself when it is not followed so; malloc'd, NULL when out of
 * memory. */
static char *
link_address(reader *r, const char *href)
{
	char *t = NULL;
	diag d = {0};

	if (link_fragment(href, pith_doc_url(r->doc)) == NULL &&
	    link_target(href, r->hist[r->cur].arg, pith_doc_url(r->doc), &t, &d) == 0)
		return t;
	return strdup(href);
}

/* The link list: the article's links as numbered, then the page's
 * others (in blocks not kept), numbered on; each shown as following it
 * would open it (a file's path), or as it is when it cannot be.  0, or
 * -1 when out of memory. */
static int
list_make(reader *r)
{
	linklist_entry *e = NULL;
	size_t n = 0, cap = 0, nart = r->lay.nlinks, nb = r->doc != NULL ? pith_doc_nblocks(r->doc) : 0;
	int rc = -1;

	if (r->list_recent)
		return list_recent(r);
	for (size_t pass = 0; pass < 2; pass++) {
		n = 0;
		for (size_t i = 0; i < nart; i++, n++)
			if (pass == 1)
				e[n] = (linklist_entry){ r->lay.links[i].href, NULL, r->lay.links[i].number };
		for (size_t b = 0; b < nb; b++) {
			const pith_block *blk = pith_doc_block(r->doc, b);
			const char *last = NULL;

			/* The overlay numbers every block's links already. */
			if ((r->art != NULL && pith_article_doc(r->art) == r->doc &&
			    pith_article_block_kept(r->art, b)) ||
			    r->sub_back == VIEW_OVERLAY)
				continue;
			for (size_t k = 0; k < blk->nruns; k++) {
				const char *h = blk->runs[k].href;

				/* Runs of one link share its string. */
				if (h != NULL && (blk->runs[k].style & PITH_STYLE_LINK) && h != last) {
					if (pass == 1)
						e[n] = (linklist_entry){ h, NULL, (int)n + 1 };
					n++;
				}
				last = h;
			}
		}
		if (pass == 0 && (e = calloc(n + 1, sizeof *e)) == NULL)
			return -1;
		cap = n;
	}
	for (size_t i = 0; i < cap; i++)
		if (e[i].href != NULL)
			e[i].shown = link_address(r, e[i].href);
	rc = linklist_layout(&r->list, e, cap, nart, NULL, text_width(r, VIEW_TOKENS),
	    r->dpy.ascii);
	for (size_t i = 0; i < cap; i++)
		free((char *)e[i].shown);
	free(e);
	return rc;
}

/* The hyphenation dictionary of the page's language when hyphenate is
 * on (looked for once a language: a missing one is no error). */
static const hyphenator *
page_hyphen(reader *r)
{
	const char *lang = r->doc != NULL ? pith_doc_lang(r->doc) : NULL;

	if (!r->opt->hyphenate || lang == NULL)
		return NULL;
	if (strcmp(lang, r->hy_lang) != 0) {
		hyphenate_close(r->hy);
		r->hy = hyphenate_open(lang, NULL);
		snprintf(r->hy_lang, sizeof r->hy_lang, "%s", lang);
	}
	return r->hy;
}

/* The terminal is raw (display.h): Ctrl-C and Ctrl-Z come as keys.
 * Ctrl-C cancels a load or a prompt, and at the top quits with the
 * status a shell expects. */
enum { KEY_CTRL_C = 3, KEY_CTRL_Z = 26 };

/* A key typed already, without waiting for one: DK_NONE when none is. */
static int
key_ready(reader *r)
{
	struct pollfd pfd = { r->dpy.tty != NULL ? fileno(r->dpy.tty) : STDIN_FILENO,
	    POLLIN, 0 };

	if (poll(&pfd, 1, 0) <= 0 || !(pfd.revents & POLLIN))
		return DK_NONE;
	return display_key(&r->dpy);
}

/* options.stop of the reader's layouts: q or Ctrl-C stops a long one and
 * is done next (quit, or leave the overlay), Esc only stops it; under a
 * download (a resize lays the page out) all three cancel the download;
 * a resize is done next; other keys are dropped, as while loading.  In
 * a prompt (a resize lays the page out under it) keys are its text. */
static int
layout_stop(void *ctx)
{
	reader *r = ctx;
	int k;

	/* Each look at the keys made slow, for a test to press one while a
	 * layout of a few thousand lines goes on: a slow page big enough
	 * for that in every build would be the memory hole it tests for. */
	if (r->pause_ms > 0) {
		struct timespec ts = { r->pause_ms / 1000, r->pause_ms % 1000 * 1000000L };

		nanosleep(&ts, NULL);
	}
	while (r->prompt == NULL && (k = key_ready(r)) != DK_NONE) {
		if (k == 'q' || k == 'Q' || k == KEY_CTRL_C || k == 27) {
			if (r->loading[0] != '\0')
				r->cancel = 1;
			else
				r->pending = k == 27 ? DK_NONE : k;
			return 1;
		}
		if (k == DK_RESIZE)
			r->pending = k;
	}
	return 0;
}

/* Lay the view out again (new width, algorithm, page or view), keeping
 * block `anchor` at the top. */
static void
relayout(reader *r, size_t anchor)
{
	/* Under the token level, the view it returns to. */
	view under = r->view == VIEW_TOKENS || r->view == VIEW_LINKS ? r->sub_back : r->view;
	layout_options o = {
		.width = text_width(r, under == VIEW_OVERLAY ? VIEW_OVERLAY : VIEW_ARTICLE),
		.ascii = r->dpy.ascii, .overlay = under == VIEW_OVERLAY,
		.numbers = 1, .why = r->why[0] != '\0' ? r->why : NULL,
		.bidi = r->opt->bidi, .hyphen = page_hyphen(r),
		.justify = r->opt->justify && under != VIEW_OVERLAY,
		.stop = layout_stop, .stop_ctx = r,
	};

	/* The article and help are laid out again only when what they show
	 * or their width changed, not for a view over them (L, D) or a move
	 * within the page: that is the whole article each time. */
	if (o.width != r->laid.width || o.overlay != r->laid.overlay || r->lay.oom ||
	    r->lay.stopped) {
		int rc = 0;

		r->laid = o;
		if (r->art != NULL)
			rc = layout_article(&r->lay, r->art, &o);
		else
			layout_free(&r->lay);
		if (rc != 0)
			message(r, 1, rc < 0 ? "out of memory: the page is shown in part" :
			    "stopped: the page is laid out in part (Ctrl-L lays it out whole)");
		else if (r->lay.cut)
			message(r, 1, "the page is too long: its first %zu lines are shown",
			    r->lay.nlines);
		r->max_hscroll = 0;
		for (size_t i = 0; i < r->lay.nlines; i++)
			if ((r->lay.lines[i].flags & LAYOUT_CLIP) &&
			    r->lay.lines[i].width > r->max_hscroll)
				r->max_hscroll = r->lay.lines[i].width;
	}
	if (r->help.width != text_width(r, VIEW_HELP) || r->help.oom) {
		layout_free(&r->help);
		if (layout_text(&r->help, r->help_text.s != NULL ? r->help_text.s : "",
		    text_width(r, VIEW_HELP), r->dpy.ascii) != 0)
			message(r, 1, "out of memory");
	}
	if (anchor != LAYOUT_NONE) {
		size_t line = layout_line_of_block(&r->lay, anchor);

		r->top = line != LAYOUT_NONE ? line : r->lay.nlines;
	}
	layout_free(&r->list);
	if (r->view == VIEW_LINKS && list_make(r) != 0)
		message(r, 1, "out of memory: the list is shown in part");
	tokens_free(&r->tok);
	if (r->view == VIEW_TOKENS && r->art != NULL) {
		if (tokens_layout(&r->tok, r->art, text_width(r, VIEW_TOKENS), r->dpy.ascii) != 0)
			message(r, 1, "out of memory: the token level is shown in part");
		if (anchor != LAYOUT_NONE && !r->tok.evidence) {
			size_t line = layout_line_of_block(&r->tok.lay, anchor);

			r->tok_top = line != LAYOUT_NONE ? line : 0;
		}
	}
	clamp_top(r);
	/* Until the reader moves, the place stays the anchor, whatever
	 * this view showed of it. */
	r->place = anchor;
	r->place_top = r->top;
	if (r->sel >= (int)r->lay.nlinks)
		r->sel = -1;
	search_run(r);
}

/* The block to keep at the top through a change (of algorithm, width,
 * view or page): the place the last change kept, while the reader has
 * not moved since (moved()), so a view that shows little of the page,
 * or nothing, does not lose it; else the block at the top, none at the
 * very top, so the header stays in view. */
static size_t
top_block(reader *r)
{
	if (r->view == VIEW_TOKENS)
		return r->tok_top == 0 ? LAYOUT_NONE : layout_block_at(&r->tok.lay, r->tok_top);
	if (r->top == r->place_top)
		return r->place;
	return r->top == 0 ? LAYOUT_NONE : layout_block_at(&r->lay, r->top);
}

/* ----------------------------------------------------------- pages */

static void draw(reader *r);
static void on_resize(reader *r);

/* A download's progress in the message line; q, Esc or Ctrl-C cancels it. */
static int
load_progress(void *ctx, const char *url, const fetch_progress *p)
{
	reader *r = ctx;
	char got[32], rate[32];
	int k;

	if (p->done) {
		r->loading[0] = '\0';
		return 0;
	}
	util_format_size(p->got, got, sizeof got);
	util_format_size((size_t)p->rate, rate, sizeof rate);
	/* Bytes and rate in the status line, where the position goes when
	 * the page is shown; what to do about it in the message line. */
	snprintf(r->loading, sizeof r->loading, "%s  %s/s ", got, rate);
	message(r, 0, "loading %s, %s/s (q cancels)  %s", got, rate, url);
	draw(r);
	while ((k = key_ready(r)) != DK_NONE) {
		if (k == 'q' || k == 'Q' || k == 27 || k == KEY_CTRL_C)
			return 1;
		if (k == DK_RESIZE)
			on_resize(r);
		if (r->cancel)
			return 1;
	}
	return 0;
}

/* Read a page, saying why not, or a warning about the page read (a
 * stale copy, a cache that cannot be written), in the message line.
 * reload: not from the cache. */
static int
read_page(reader *r, const char *arg, input *in, int reload)
{
	input_options o = {0};
	diag d = {0};
	int rc;

	if (r->opt->input != NULL)
		o = *r->opt->input;
	o.reload |= reload;
	o.progress = load_progress;
	o.progress_ctx = r;
	rc = input_read(arg, &o, in, &d);
	r->loading[0] = '\0';
	if (r->cancel) {
		/* The key stopped the layout a resize made under the download,
		 * to cancel the download, not the layout: it goes on whole. */
		r->cancel = 0;
		relayout(r, top_block(r));
	}
	if (rc != 0) {
		message(r, 1, "%s", d.msg[0] != '\0' ? d.msg : "cannot read the page");
		input_free(in);
	} else if (d.nwarnings > 0) {
		message(r, 1, "%s", diag_warning(&d, d.nwarnings - 1));
	} else {
		r->msg[0] = '\0';      /* "loading ..." is over */
	}
	diag_free(&d);
	return rc;
}

/* Keep why the algorithm found no article (rc PITH_ENOARTICLE) for the
 * overlay, with how to make a template when that is the algorithm. */
static void
set_why(reader *r, pith_code rc, const pith_error *err)
{
	r->why[0] = '\0';
	if (rc != PITH_ENOARTICLE)
		return;
	snprintf(r->why, sizeof r->why, "%s", err->msg);
	if (strcmp(pith_algorithm_at(r->algo)->name, "template") == 0)
		snprintf(r->why + strlen(r->why), sizeof r->why - strlen(r->why),
		    "; m makes the site's template from the block at the top");
}

/* Parse and extract in, then make it the page shown, at block `at`. */
static int
show(reader *r, const input *in, const char *base, size_t at)
{
	pith_parse_options popt = { .url = base != NULL ? base : in->url };
	pith_error err = {0};
	pith_doc *doc = NULL;
	pith_article *art = NULL;
	pith_code rc;

	if (pith_doc_parse(in->data, in->len, &popt, &doc, &err) != PITH_OK) {
		message(r, 1, "%s", err.msg);
		return -1;
	}
	if (r->opt->site != NULL) {
		diag d = {0};

		pith_params_set_site(r->params, r->opt->site(r->opt->site_ctx, doc,
		    in->url != NULL && util_is_url(in->url) ? in->url : NULL, &d));
		if (d.nwarnings > 0)
			message(r, 1, "%s", diag_warning(&d, d.nwarnings - 1));
		diag_free(&d);
	}
	rc = pith_extract(doc, pith_algorithm_at(r->algo)->name, r->params, &art, &err);
	if (rc != PITH_OK && rc != PITH_ENOARTICLE) {
		message(r, 1, "%s", err.msg);
		pith_doc_free(doc);
		return -1;
	}
	pith_article_free(r->art);
	pith_doc_free(r->doc);
	r->doc = doc;
	r->art = art;
	r->laid.width = 0;
	set_why(r, rc, &err);
	r->sel = -1;
	r->hscroll = 0;
	r->top = 0;
	if (rc == PITH_ENOARTICLE)
		message(r, 1, "no article found by %s: a switches algorithm, d shows why",
		    pith_algorithm_at(r->algo)->name);
	relayout(r, at);
	return 0;
}

static void
page_free(page *p)
{
	free(p->arg);
	free(p->base);
	free(p->key);
	input_free(&p->in);
	memset(p, 0, sizeof *p);
}

/* Show "Loading ..." while a page is read. */
static void
loading(reader *r, const char *what)
{
	message(r, 0, "loading %s ...", what);
	draw(r);
}

/* The entry holding the bytes of history entry i (itself, or the
 * page a jump was made in). */
static page *
page_of(reader *r, size_t i)
{
	/* cppcheck-suppress arrayIndexOutOfBoundsCond ; i < nhist <= HIST_MAX */
	while (i > 0 && r->hist[i].jump)
		i--;
	return &r->hist[i];
}

/* Keep the page shown, and where it is at, in the history file. */
static void
remember(reader *r)
{
	char path[4096];
	size_t b = top_block(r);
	diag d = {0};

	if (r->nhist == 0 || page_of(r, r->cur)->key == NULL || r->doc == NULL ||
	    history_path(path, sizeof path) != 0)
		return;
	if (history_record(path, page_of(r, r->cur)->key, pith_doc_title(r->doc),
	    b == LAYOUT_NONE ? 0 : b, time(NULL), &d) != 0)
		message(r, 1, "the history is not kept: %s", d.msg);
}

/* Where a page read before was left: its block, or LAYOUT_NONE. */
static size_t
resume_block(const char *key, time_t *when)
{
	char path[4096];
	history h;
	const history_entry *e;
	size_t b = LAYOUT_NONE;
	diag d = {0};

	if (key == NULL || history_path(path, sizeof path) != 0 ||
	    history_load(path, &h, &d) != 0)
		return LAYOUT_NONE;
	if ((e = history_find(&h, key)) != NULL && e->block > 0) {
		b = e->block;
		*when = e->time;
	}
	history_free(&h);
	return b;
}

/* Add p after the current entry, which keeps `here` (the block to come
 * back to); forward history goes, and the oldest entry when full (its
 * bytes pass to a jump made in it). */
static void
hist_push(reader *r, page *p, size_t here)
{
	if (r->nhist > 0)
		r->hist[r->cur].block = here;
	while (r->nhist > r->cur + 1 && r->nhist > 0)
		page_free(&r->hist[--r->nhist]);
	if (r->nhist == HIST_MAX) {
		if (r->hist[1].jump) {
			input_free(&r->hist[1].in);
			r->hist[1].in = r->hist[0].in;
			r->hist[1].base = r->hist[0].base;
			r->hist[1].key = r->hist[0].key;
			r->hist[1].jump = 0;
			memset(&r->hist[0].in, 0, sizeof r->hist[0].in);
			r->hist[0].base = NULL;
			r->hist[0].key = NULL;
		}
		page_free(&r->hist[0]);
		memmove(r->hist, r->hist + 1, (HIST_MAX - 1) * sizeof *r->hist);
		r->nhist--;
	}
	r->hist[r->nhist] = *p;
	r->cur = r->nhist++;
}

/* Bring the element frag names to the top: 0, or -1 when this page has
 * none, or this view shows nothing from it on. */
static int
goto_anchor(reader *r, const char *frag)
{
	size_t b = link_anchor_block(r->doc, frag), line;

	/* The article may be another document's (the page's JSON-LD). */
	if (r->art == NULL || pith_article_doc(r->art) != r->doc)
		return -1;
	if (b == PITH_NONE || (line = layout_line_of_block(&r->lay, b)) == LAYOUT_NONE)
		return -1;
	r->top = line;
	clamp_top(r);
	/* The anchor is the place, in every algorithm's view. */
	r->place = b;
	r->place_top = r->top;
	r->sel = -1;
	return 0;
}

/* Open arg as a new page after the current one, at the element frag
 * names (or NULL: the top); forward history goes. */
static int
open_page(reader *r, const char *arg, const char *base, const char *frag)
{
	page p = {0};
	size_t here, at;
	char key[4096], anchor[512];
	time_t when = 0;

	/* frag may be the old page's string, gone once the new one shows. */
	if (frag != NULL)
		snprintf(anchor, sizeof anchor, "%s", frag);

	loading(r, arg);
	if (read_page(r, arg, &p.in, 0) != 0)
		return -1;
	if ((p.arg = strdup(arg)) == NULL || (base != NULL && (p.base = strdup(base)) == NULL) ||
	    (history_key(arg, key, sizeof key) == 0 && (p.key = strdup(key)) == NULL)) {
		page_free(&p);
		message(r, 1, "out of memory");
		return -1;
	}
	/* Where we were, to come back to. */
	here = r->nhist > 0 ? top_block(r) : LAYOUT_NONE;
	remember(r);
	at = resume_block(p.key, &when);
	if (show(r, &p.in, p.base, at) != 0) {
		page_free(&p);
		return -1;
	}
	if (at != LAYOUT_NONE && r->top > 0) {
		char date[64];
		struct tm tm;

		if (localtime_r(&when, &tm) == NULL || strftime(date, sizeof date, "%e %b %H:%M",
		    &tm) == 0)
			date[0] = '\0';
		message(r, 0, "resumed where you left it (paragraph %zu, %s); g goes to the top",
		    at + 1, date[0] == ' ' ? date + 1 : date);
	}
	hist_push(r, &p, here);
	if (frag != NULL && goto_anchor(r, anchor) != 0)
		message(r, 1, "no #%.60s on this page", anchor);
	return 0;
}

/* A link into this page: the place it leads to is an entry of the
 * history, so Backspace comes back. */
static void
jump(reader *r, const char *frag)
{
	size_t here = top_block(r), top = r->top;
	page p = { .jump = 1 };

	if (frag[0] == '\0') {
		r->top = 0;
		r->place = LAYOUT_NONE;
		r->place_top = 0;
	} else if (goto_anchor(r, frag) != 0) {
		message(r, 1, "no #%.60s on this page", frag);
		return;
	}
	if ((p.arg = strdup(r->hist[r->cur].arg)) == NULL) {
		r->top = top;
		message(r, 1, "out of memory");
		return;
	}
	hist_push(r, &p, here);
	message(r, 0, "#%.60s (Backspace returns)", frag);
}

/* Go back (-1) or forward (+1) in the history. */
static void
go(reader *r, int dir)
{
	size_t to;
	page *pg;

	if ((dir < 0 && r->cur == 0) || (dir > 0 && r->cur + 1 >= r->nhist)) {
		message(r, 1, dir < 0 ? "no page to go back to" : "no page to go forward to");
		return;
	}
	to = dir < 0 ? r->cur - 1 : r->cur + 1;
	r->hist[r->cur].block = top_block(r);
	remember(r);
	pg = page_of(r, to);
	if (pg == page_of(r, r->cur)) {
		/* The same page: only the place changes. */
		r->top = 0;
		relayout(r, r->hist[to].block);
		r->sel = -1;
		r->cur = to;
		return;
	}
	if (show(r, &pg->in, pg->base, r->hist[to].block) == 0) {
		r->cur = to;
		message(r, 0, "%s", r->hist[to].arg);
	}
}

static void
reload(reader *r)
{
	page *p = page_of(r, r->cur);
	input in;
	size_t at = top_block(r);

	if (strcmp(p->arg, "-") == 0) {
		message(r, 1, "standard input cannot be read again");
		return;
	}
	loading(r, p->arg);
	if (read_page(r, p->arg, &in, 1) != 0)
		return;
	if (show(r, &in, p->base, at) != 0) {
		input_free(&in);
		return;
	}
	input_free(&p->in);
	p->in = in;
	/* A stale copy's warning stays in the message line. */
	if (!in.stale)
		message(r, 0, "reloaded %s", p->arg);
}

/* ----------------------------------------------------------- links */

/* The links numbered on the screen: the list's while it is shown (the
 * article's, then the rest of the page's), else the article's. */
static layout *
links_of(reader *r)
{
	return r->view == VIEW_LINKS ? &r->list : &r->lay;
}

static void
follow(reader *r, int link)
{
	layout *l = links_of(r);
	const char *frag, *href;
	char *target;
	diag d = {0};

	if (link < 0 || (size_t)link >= l->nlinks) {
		message(r, 1, "no link [%d]", link + 1);
		return;
	}
	/* The document's string: it outlives the list. */
	href = l->links[link].href;
	if (r->view == VIEW_LINKS && r->list_recent) {
		char *addr = strdup(href);

		r->view = r->sub_back;
		relayout(r, LAYOUT_NONE);
		if (addr == NULL)
			message(r, 1, "out of memory");
		else
			open_page(r, addr, NULL, NULL);  /* it says why not */
		free(addr);
		return;
	}
	if (r->view == VIEW_LINKS) {
		r->view = r->sub_back;
		relayout(r, LAYOUT_NONE);
	}
	/* A link into this same page moves within it. */
	if ((frag = link_fragment(href, pith_doc_url(r->doc))) != NULL) {
		jump(r, frag);
		return;
	}
	if (link_target(href, r->hist[r->cur].arg, pith_doc_url(r->doc), &target, &d) != 0) {
		message(r, 1, "%s", d.msg);
		return;
	}
	open_page(r, target, NULL, link_anchor(href));
	free(target);
}

/* Select the next (dir 1) or previous (-1) link, scrolling to it. */
static void
select_link(reader *r, int dir)
{
	layout *l = &r->lay;
	size_t h = (size_t)body_rows(r), line;
	int n = (int)l->nlinks;

	if (n == 0) {
		message(r, 1, "no links on this page");
		return;
	}
	if (r->sel < 0) {
		/* Start from what is on the screen. */
		int k;

		for (k = 0; k < n && l->links[k].line < r->top; k++)
			;
		if (dir < 0)
			k--;
		r->sel = k < 0 ? n - 1 : k >= n ? 0 : k;
	} else {
		r->sel = (r->sel + dir + n) % n;
	}
	line = l->links[r->sel].line;
	moved(r);
	if (line != LAYOUT_NONE && (line < r->top || line >= r->top + h)) {
		r->top = line > h / 3 ? line - h / 3 : 0;
		clamp_top(r);
	}
	r->msg[0] = '\0';
}

/* --------------------------------------------------------- prompts */

/* The editor's key for a reader's key. */
static int
edit_code(int k)
{
	switch (k) {
	case DK_LEFT: return EDIT_LEFT;
	case DK_RIGHT: return EDIT_RIGHT;
	case DK_HOME: return EDIT_HOME;
	case DK_END: return EDIT_END;
	case DK_BACKSPACE: return EDIT_BACKSPACE;
	case DK_DELETE: return EDIT_DELETE;
	case DK_UP: return EDIT_UP;
	case DK_DOWN: return EDIT_DOWN;
	default: return k < 0 ? 0 : k;
	}
}

/* Read a line at the bottom, buf its start, edited as readline edits
 * (edit.h); Up and Down recall what was typed at the prompt `name`
 * before (NULL: nothing), in this run or earlier ones.  1 with buf
 * filled, 0 when cancelled. */
static int
prompt(reader *r, const char *label, const char *name, char *buf, size_t size)
{
	static edit_line e;      /* 8 KB: not on the stack */
	char **hist = NULL;
	size_t nhist = 0;
	int done = -1, idle = 0;
	diag d = {0};

	/* An unreadable file of entries only means none to recall. */
	if (name != NULL && recall_load(name, &hist, &nhist, &d) != 0)
		nhist = 0;
	edit_init(&e, buf, (const char *const *)hist, nhist, size - 1);
	r->prompt = label;
	while (done < 0) {
		int k;

		r->input = e.text;
		r->input_cur = e.cur;
		draw(r);
		k = display_key(&r->dpy);
		if (k == DK_NONE) {
			if (++idle > 100)
				done = 0;
			continue;
		}
		idle = 0;
		if (k == DK_ENTER)
			done = 1;
		else if (k == 27 || k == 7 || k == KEY_CTRL_C)
			done = 0;                 /* Esc, Ctrl-G, Ctrl-C */
		else if (k == DK_RESIZE)
			on_resize(r);
		else
			edit_key(&e, edit_code(k));
	}
	recall_free(hist, nhist);
	r->prompt = NULL;
	r->input = NULL;
	r->msg[0] = '\0';
	if (done) {
		memcpy(buf, e.text, e.len + 1);
		if (name != NULL && recall_add(name, buf, &d) != 0)
			message(r, 1, "%s", d.msg);
	}
	return done;
}

/* A yes-or-no question; 1 for yes. */
static int
confirm(reader *r, const char *question)
{
	int idle = 0;

	for (;;) {
		char empty[1] = "";
		int k;

		r->prompt = question;
		r->input = empty;
		r->input_cur = 0;
		draw(r);
		k = display_key(&r->dpy);
		/* The page laid out again under the question reads no keys:
		 * they are the answer. */
		if (k == DK_RESIZE) {
			on_resize(r);
			continue;
		}
		r->prompt = NULL;
		r->input = NULL;
		if (k == 'y' || k == 'Y')
			return 1;
		if (k == 'n' || k == 'N' || k == 27 || k == 7 || k == KEY_CTRL_C || k == DK_ENTER ||
		    (k == DK_NONE && ++idle > 100))
			return 0;
	}
}

/* "~/x" is in the home directory; left as it is without a HOME. */
static void
expand_home(char *path, size_t size)
{
	char tmp[4096];

	if (util_expand_home(path, tmp, sizeof tmp) == 0 && strlen(tmp) < size)
		strcpy(path, tmp);
}

static void
save(reader *r, int markdown)
{
	char path[4096], dir[4096];
	char *data = NULL;
	int made = 0;
	size_t len;
	util_write_result rc;
	diag d = {0};
	const char *ext = markdown ? "md" : "txt";

	if (r->art == NULL)
		return;
	if (save_default_path(r->opt->save_dir, pith_doc_title(r->doc), ext, path,
	    sizeof path) != 0)
		path[0] = '\0';
	if (!prompt(r, markdown ? "Save Markdown to: " : "Save text to: ", "save", path,
	    sizeof path) ||
	    path[0] == '\0') {
		message(r, 0, "not saved");
		return;
	}
	expand_home(path, sizeof path);
	if (r->opt->save_dir != NULL &&
	    util_expand_home(r->opt->save_dir, dir, sizeof dir) == 0 &&
	    (made = save_make_dir(dir, path, &d)) < 0) {
		message(r, 1, "%s: not saved", d.msg);
		return;
	}
	if (save_render(r->art, markdown, text_width(r, VIEW_ARTICLE), page_hyphen(r),
	    &data, &len) != 0) {
		message(r, 1, "cannot save: out of memory");
		return;
	}
	rc = util_write_file(path, data, len, 0, &d);
	if (rc == UTIL_EXISTS) {
		char q[4200];

		snprintf(q, sizeof q, "%s exists; overwrite it? (y/n) ", path);
		if (!confirm(r, q)) {
			message(r, 0, "not saved: %s exists", path);
			free(data);
			return;
		}
		rc = util_write_file(path, data, len, 1, &d);
	}
	if (rc == UTIL_WRITTEN)
		message(r, 0, "%s%s%ssaved %s (%zu bytes)", made > 0 ? "created " : "",
		    made > 0 ? dir : "", made > 0 ? "; " : "", path, len);
	else
		message(r, 1, "%s: cannot save %s", d.msg, path);
	free(data);
}

static void
open_prompt(reader *r)
{
	char buf[4096] = "", url[4200];
	const page *pg = r->nhist > 0 ? &r->hist[r->cur] : NULL;

	/* The current address, to edit into the next (w3m's U). */
	if (pg != NULL && strcmp(pg->arg, "-") != 0)
		snprintf(buf, sizeof buf, "%s", pg->arg);
	if (!prompt(r, "Open: ", "open", buf, sizeof buf) || buf[0] == '\0')
		return;
	expand_home(buf, sizeof buf);
	/* "example.com/story": no such file, so the web. */
	if (!util_is_url(buf) && access(buf, F_OK) != 0 &&
	    link_bare_host(buf, url, sizeof url)) {
		open_page(r, url, NULL, link_anchor(url));
		return;
	}
	open_page(r, buf, NULL, util_is_url(buf) ? link_anchor(buf) : NULL);
}

static void
search_prompt(reader *r)
{
	char buf[QUERY_MAX] = "";

	if (!prompt(r, "/", "search", buf, sizeof buf))
		return;
	/* An empty search repeats the last one. */
	if (buf[0] != '\0')
		memcpy(r->query, buf, sizeof r->query);
	if (r->view == VIEW_HELP)
		r->view = r->back_view;
	search_run(r);
	search_step(r, 0);
}

static void switch_algorithm(reader *r, int dir);

/* m: add a line for the block at the top to the site's template file,
 * then show what the template selects. */
static void
make_template(reader *r)
{
	const page *pg = r->nhist > 0 ? page_of(r, r->cur) : NULL;
	const char *addr = pg == NULL ? NULL : pg->base != NULL ? pg->base : pg->in.url;
	char host[256], path[4096], line[512], label[300];
	size_t b, algo;
	int exists;
	pith_template *t = NULL;
	diag d = {0};

	if (r->doc == NULL || r->view == VIEW_HELP)
		return;
	if ((exists = sitetpl_find(addr, host, sizeof host, path, sizeof path)) < 0) {
		message(r, 1, "a template belongs to a site: open the page by its "
		    "address (or give -u URL)");
		return;
	}
	if ((b = layout_block_at(&r->lay, r->top)) == LAYOUT_NONE) {
		message(r, 1, "scroll the block the article is in to the top first");
		return;
	}
	sitetpl_line(r->doc, b, line, sizeof line);
	snprintf(label, sizeof label, "Template line for %s: ", host);
	if (!prompt(r, label, NULL, line, sizeof line) || line[0] == '\0') {
		message(r, 0, "no template written");
		return;
	}
	if (sitetpl_add(path, exists, line, &t, &d) != 0) {
		message(r, 1, "%s", d.msg);
		return;
	}
	pith_template_free(r->tpl);
	r->tpl = t;
	pith_params_set_template(r->params, t);
	/* Show the template's article at once; a and A go back. */
	for (algo = 0; algo < pith_algorithm_count(); algo++)
		if (strcmp(pith_algorithm_at(algo)->name, "template") == 0)
			break;
	r->algo = (algo + pith_algorithm_count() - 1) % pith_algorithm_count();
	switch_algorithm(r, 1);
	if (!r->msg_error)
		message(r, 0, "%s %s: %s", exists == 1 ? "added to" : "wrote", path, line);
}

/* ------------------------------------------------------ the rest */

static void
switch_algorithm(reader *r, int dir)
{
	size_t n = pith_algorithm_count(), next = (r->algo + n + (size_t)(dir < 0 ? n - 1 : 1)) % n;
	const pith_algorithm *alg = pith_algorithm_at(next);
	size_t at = top_block(r);
	pith_article *art = NULL;
	pith_error err = {0};
	pith_code rc;

	if (r->doc == NULL || n < 2)
		return;
	rc = pith_extract(r->doc, alg->name, r->params, &art, &err);
	if (rc != PITH_OK && rc != PITH_ENOARTICLE) {
		message(r, 1, "%s", err.msg);
		return;
	}
	/* Blocks of another document (auto's answer from the page's
	 * JSON-LD) are no place in this one. */
	if (r->art == NULL || pith_article_doc(art) != pith_article_doc(r->art))
		at = LAYOUT_NONE;
	pith_article_free(r->art);
	r->art = art;
	r->laid.width = 0;
	r->algo = next;
	set_why(r, rc, &err);
	if (r->view == VIEW_HELP)
		r->view = r->back_view;
	relayout(r, at);
	if (rc == PITH_ENOARTICLE)
		message(r, 1, "%s: no article found (d shows why)", alg->name);
	else
		message(r, 0, "%s: %s", alg->name, alg->summary);
}

static void
set_theme(reader *r, size_t i)
{
	char why[160] = "";
	theme t;

	if (r->nthemes == 0)
		return;
	r->theme_i = i % r->nthemes;
	if (themefile_load(&t, r->themes[r->theme_i], NULL) != 0) {
		message(r, 1, "cannot load the theme %s", r->themes[r->theme_i]);
		return;
	}
	r->th = t;
	display_theme(&r->dpy, &r->th);
	snprintf(why, sizeof why, "theme %s", r->th.name);
	message(r, 0, "%s", why);
}

static void
set_width(reader *r, int delta)
{
	int w = text_width(r, VIEW_ARTICLE) + delta;
	size_t at = top_block(r);

	if (w < MIN_WIDTH)
		w = MIN_WIDTH;
	if (w > MAX_WIDTH)
		w = MAX_WIDTH;
	r->measure = w;
	relayout(r, at);
	message(r, 0, "width %d", text_width(r, VIEW_ARTICLE));
}

static void
on_resize(reader *r)
{
	size_t at = top_block(r);

	display_size(&r->dpy, &r->rows, &r->cols);
	relayout(r, at);
}

/* Into the token level (at block `at`) or the link list, or out of
 * them to v: the view they came from when v is the one shown. */
static void
sub_toggle(reader *r, view v, size_t at)
{
	int sub = r->view == VIEW_TOKENS || r->view == VIEW_LINKS;

	if (sub && v == r->view) {
		r->view = r->sub_back;
		relayout(r, at);
		r->msg[0] = '\0';
		return;
	}
	if (v == VIEW_TOKENS && r->art == NULL) {
		message(r, 1, "no article to explain");
		return;
	}
	if (v == VIEW_LINKS && !r->list_recent && r->lay.nlinks == 0) {
		message(r, 1, "no links on this page");
		return;
	}
	if (!sub)
		r->sub_back = r->view;
	r->view = v;
	if (v == VIEW_TOKENS) {
		r->tok_top = 0;
		r->tok_at = LAYOUT_NONE;
	} else {
		r->list_top = 0;
	}
	relayout(r, at);
	if (v == VIEW_LINKS) {
		r->sel = r->sel >= 0 && !r->list_recent ? r->sel : 0;
		list_show(r);
		message(r, 0, "%s: Enter %s, / searches, y copies, M opens in $BROWSER, q returns",
		    r->list_recent ? "pages read" : "links", r->list_recent ? "opens" : "follows");
	} else {
		message(r, 0, "%s", r->tok.evidence ?
		    "readability's candidates and the top's siblings; n N: the ones kept; q returns" :
		    "tokens: scores, the running sum below; n N: the span's ends; q returns");
	}
}

static void
toggle_view(reader *r, view v)
{
	size_t at = top_block(r);

	if (r->view == VIEW_HELP) {
		r->view = r->back_view;
		if (v == VIEW_HELP)
			return;
	}
	if (v == VIEW_TOKENS || r->view == VIEW_TOKENS || v == VIEW_LINKS ||
	    r->view == VIEW_LINKS) {
		sub_toggle(r, v, at);
		return;
	}
	if (v == VIEW_HELP) {
		r->back_view = r->view;
		r->view = VIEW_HELP;
		r->help_top = 0;
		return;
	}
	r->view = r->view == v ? VIEW_ARTICLE : v;
	relayout(r, at);
	message(r, 0, "%s", r->view == VIEW_OVERLAY ?
	    "debug overlay: score, running sum, span; dropped blocks dimmed" : "article");
}

/* lead and addr for the message line, addr cut in the middle to fit. */
static void
address_line(reader *r, const char *lead, const char *addr, char *out, size_t size)
{
	int w = r->cols - 1 - wrap_width(lead, strlen(lead));

	snprintf(out, size, "%s", lead);
	if (strlen(lead) < size)
		wrap_cut_middle(addr, strlen(addr), w > 8 ? w : 8,
		    r->dpy.ascii ? "..." : "\xe2\x80\xa6", out + strlen(lead), size - strlen(lead));
}

/* "[n] address" of a link for the message line. */
static void
link_line(reader *r, int link, const char *lead, char *out, size_t size)
{
	const layout_link *ln = &links_of(r)->links[link];
	char head[64], *addr = ln->href != NULL ? link_address(r, ln->href) : NULL;

	snprintf(head, sizeof head, "%s[%d] ", lead, ln->number);
	address_line(r, head, addr != NULL ? addr : "", out, size);
	free(addr);
}

static void
draw(reader *r)
{
	layout *l = cur_layout(r);
	size_t top = *cur_top(r);
	int h = body_rows(r), left = (r->cols - l->width) / 2;
	int plain = r->view == VIEW_HELP || r->view == VIEW_TOKENS;
	display_marks m = { r->hits, plain ? 0 : r->nhits, r->match, plain ? -1 : r->sel };
	char status[1024], right[128], where[512];
	const char *url;
	size_t pct;
	int room;

	if (left < 1)
		left = r->cols > l->width ? (r->cols - l->width) / 2 : 0;
	display_erase(&r->dpy);
	for (int y = 0; y < h && top + (size_t)y < l->nlines; y++)
		display_line(&r->dpy, y, left, r->cols - left, l, top + (size_t)y,
		    r->hscroll, &m);
	url = r->doc != NULL && pith_doc_url(r->doc) != NULL ? pith_doc_url(r->doc) :
	    r->nhist > 0 ? r->hist[r->cur].arg : "";
	pct = l->nlines <= (size_t)h ? 100 :
	    (top + (size_t)h) * 100 / l->nlines;
	if (pct > 100)
		pct = 100;
	if (r->loading[0] != '\0')
		snprintf(right, sizeof right, "%s", r->loading);
	else
		snprintf(right, sizeof right, "%zu/%zu  ? help ", r->cur + (r->nhist > 0),
		    r->nhist);
	snprintf(status, sizeof status, " %s%s%s  %zu%%  ",
	    r->view == VIEW_HELP ? "help" : pith_algorithm_at(r->algo)->name,
	    r->view == VIEW_OVERLAY ? " [overlay]" : r->view == VIEW_TOKENS ? " [tokens]" :
	    r->view == VIEW_LINKS ? " [links]" : "",
	    r->lay.stopped && (r->view == VIEW_ARTICLE || r->view == VIEW_OVERLAY) ?
	    " [in part]" : "", pct);
	/* A long address loses its middle, not its end (the page's name). */
	room = r->cols - wrap_width(right, strlen(right)) - 1 -
	    wrap_width(status, strlen(status));
	wrap_cut_middle(url, strlen(url), room, r->dpy.ascii ? "..." : "\xe2\x80\xa6",
	    where, sizeof where);
	snprintf(status + strlen(status), sizeof status - strlen(status), "%s", where);
	display_bar(&r->dpy, r->rows - 2, status, right, TH_STATUS);
	if (r->prompt != NULL) {
		display_prompt(&r->dpy, r->rows - 1, r->prompt, r->input, r->input_cur);
		display_flush(&r->dpy, 1);
		return;
	}
	if (r->number >= 0) {
		snprintf(status, sizeof status, "%d: Enter follows link [%d]; "
		    "j, k, Space, n... move %d times", r->number, r->number, r->number);
		display_bar(&r->dpy, r->rows - 1, status, "", TH_MESSAGE);
	} else if (r->msg[0] != '\0') {
		display_bar(&r->dpy, r->rows - 1, r->msg, "",
		    r->msg_error ? TH_ERROR : TH_MESSAGE);
	} else if (r->sel >= 0 && !plain) {
		link_line(r, r->sel, "", status, sizeof status);
		display_bar(&r->dpy, r->rows - 1, status, "", TH_MESSAGE);
	} else {
		display_bar(&r->dpy, r->rows - 1, "", "", TH_MESSAGE);
	}
	display_flush(&r->dpy, 0);
}

static void
scroll_by(reader *r, long n)
{
	size_t *top = cur_top(r);

	moved(r);
	if (n < 0 && (size_t)-n > *top)
		*top = 0;
	else
		*top += (size_t)n;
	clamp_top(r);
}

/* ------------------------------------------------------------ keys */

static void list_move(reader *r, int dir);

/* q and Esc close help or the overlay before anything else. */
static int
leave_view(reader *r)
{
	if (r->view == VIEW_ARTICLE)
		return 0;
	toggle_view(r, r->view);
	return 1;
}

static void
act_quit(reader *r, int arg)
{
	(void)arg;
	if (!leave_view(r))
		r->quit = 1;
}

static void
act_interrupt(reader *r, int arg)
{
	(void)arg;
	r->quit = 2;
}

static void
act_suspend(reader *r, int arg)
{
	(void)arg;
	display_stop(&r->dpy);
}

static void
act_line(reader *r, int dir)
{
	if (r->view == VIEW_LINKS)
		list_move(r, dir);   /* a menu: the lines are its entries */
	else
		scroll_by(r, dir);
}

static void
act_page(reader *r, int dir)
{
	scroll_by(r, dir * (body_rows(r) > 2 ? body_rows(r) - 2 : 1));
}

static void
act_half(reader *r, int dir)
{
	scroll_by(r, dir * (body_rows(r) / 2));
}

static void
act_end(reader *r, int dir)
{
	moved(r);
	*cur_top(r) = dir < 0 ? 0 : cur_layout(r)->nlines;
	clamp_top(r);
}

static void
act_sideways(reader *r, int dir)
{
	if (dir < 0)
		r->hscroll = r->hscroll > HSCROLL_STEP ? r->hscroll - HSCROLL_STEP : 0;
	else if (r->hscroll + HSCROLL_STEP < r->max_hscroll)
		r->hscroll += HSCROLL_STEP;
}

static void
act_search(reader *r, int arg)
{
	(void)arg;
	search_prompt(r);
}

static void
act_view(reader *r, int v)
{
	if (v == VIEW_LINKS && r->view != VIEW_LINKS)
		r->list_recent = 0;
	toggle_view(r, (view)v);
}

/* V: the pages read, from the history file. */
static void
act_recent(reader *r, int arg)
{
	char path[4096];
	diag d = {0};

	(void)arg;
	if (r->view == VIEW_LINKS)
		toggle_view(r, VIEW_LINKS);
	remember(r);
	history_free(&r->recent);
	if (history_path(path, sizeof path) != 0 || history_load(path, &r->recent, &d) != 0) {
		message(r, 1, "no history: %s", d.msg[0] ? d.msg : "no home folder");
		return;
	}
	r->list_recent = 1;
	r->sel = -1;
	toggle_view(r, VIEW_LINKS);
}

static void
act_escape(reader *r, int arg)
{
	(void)arg;
	leave_view(r);
	r->sel = -1;
}

static void
act_template(reader *r, int arg)
{
	(void)arg;
	make_template(r);
}

static void
act_open(reader *r, int arg)
{
	(void)arg;
	open_prompt(r);
}

static void
act_select(reader *r, int dir)
{
	if (r->view == VIEW_LINKS) {
		list_move(r, dir);
		return;
	}
	if (r->view == VIEW_HELP || r->view == VIEW_TOKENS)
		toggle_view(r, r->view);
	select_link(r, dir);
}

/* Up and down the link list. */
static void
list_move(reader *r, int dir)
{
	int n = (int)r->list.nlinks;

	if (n == 0)
		return;
	r->sel = r->sel < 0 ? 0 : r->sel + dir < 0 ? 0 : r->sel + dir >= n ? n - 1 : r->sel + dir;
	list_show(r);
}

/* The selected link's address (what following it opens), or the
 * page's; NULL with a message when there is none. */
static char *
chosen_address(reader *r, int *link)
{
	const page *pg = r->nhist > 0 ? &r->hist[r->cur] : NULL;
	const char *url = r->doc != NULL ? pith_doc_url(r->doc) : NULL;
	char *s;

	const layout *l = links_of(r);

	*link = r->sel >= 0 && r->view != VIEW_HELP && r->view != VIEW_TOKENS ? r->sel : -1;
	if (*link >= 0 && (size_t)*link < l->nlinks && l->links[*link].href != NULL)
		s = link_address(r, l->links[*link].href);
	else if (url != NULL)
		s = strdup(url);
	else if (pg != NULL && strcmp(pg->arg, "-") != 0)
		s = strdup(pg->arg);
	else {
		message(r, 1, "this page has no address (read from standard input)");
		return NULL;
	}
	if (s == NULL)
		message(r, 1, "out of memory");
	return s;
}

/* y: the address to the clipboard, through the terminal (OSC 52). */
static void
act_yank(reader *r, int arg)
{
	int link;
	char *addr = chosen_address(r, &link), *seq, shown[MSG_MAX];
	size_t n;

	(void)arg;
	if (addr == NULL)
		return;
	if (clip_osc52(addr, &seq, &n) != 0) {
		message(r, 1, "too long to copy (%zu bytes)", strlen(addr));
		free(addr);
		return;
	}
	display_send(&r->dpy, seq, n);
	free(seq);
	if (link >= 0)
		link_line(r, link, "copied ", shown, sizeof shown);
	else
		address_line(r, "copied ", addr, shown, sizeof shown);
	message(r, 0, "%s", shown);
	free(addr);
}

/* M: the page, or the selected link, in $BROWSER; the terminal is the
 * browser's until it returns. */
static void
act_browser(reader *r, int arg)
{
	int link;
	char *addr = chosen_address(r, &link), *target = NULL;
	diag d = {0};
	int rc;

	(void)arg;
	if (addr == NULL)
		return;
	/* A link goes where following it would: never javascript:. */
	if (link >= 0 && link_target(addr, r->hist[r->cur].arg, pith_doc_url(r->doc),
	    &target, &d) != 0) {
		message(r, 1, "%s", d.msg);
		free(addr);
		return;
	}
	display_suspend(&r->dpy);
	rc = browser_open(getenv("BROWSER"), target != NULL ? target : addr, &d);
	display_resume(&r->dpy);
	if (rc != 0) {
		message(r, 1, "%s", d.msg);
	} else {
		char shown[MSG_MAX];

		address_line(r, "opened in the browser: ", target != NULL ? target : addr,
		    shown, sizeof shown);
		message(r, 0, "%s", shown);
	}
	free(target);
	free(addr);
}

static void
act_enter(reader *r, int arg)
{
	(void)arg;
	if (r->sel >= 0 && r->view != VIEW_HELP && r->view != VIEW_TOKENS)
		follow(r, r->sel);
	else if (r->view == VIEW_OVERLAY)
		toggle_view(r, VIEW_TOKENS);   /* the block at the top, token by token */
	else
		scroll_by(r, 1);
}

static void
act_reload(reader *r, int arg)
{
	(void)arg;
	reload(r);
}

static void
act_theme(reader *r, int dir)
{
	set_theme(r, r->theme_i + (dir > 0 ? 1 : r->nthemes - 1));
}

static void
act_redraw(reader *r, int arg)
{
	(void)arg;
	display_redraw(&r->dpy);
	if (r->lay.stopped) {
		relayout(r, top_block(r));
		if (!r->lay.stopped)
			r->msg[0] = '\0';
	}
}

static void
act_resize(reader *r, int arg)
{
	(void)arg;
	on_resize(r);
}

/* What each key does, and the help screen made from it: a binding's
 * first `shown` keys are named there, beside its words; one without
 * words shares the line of the binding before ("n  N"), one with no key
 * shown is not in the help.  Digits then Enter (follow link [n]) are
 * read before these: their line is words only. */
typedef struct {
	const char *section;     /* starts a section of the help, or NULL */
	int keys[6];             /* 0-terminated */
	int shown;
	void (*act)(reader *, int);
	int arg;
	const char *help;
	const char *label;       /* the keys' names in the help, when not keys */
} binding;

static const binding bindings[] = {
	{ "Moving", { 'j', DK_DOWN, 14, 5 }, 3, act_line, 1, "one line down", NULL },
	{ NULL, { 'k', DK_UP, 16, 25 }, 3, act_line, -1, "one line up", NULL },
	{ NULL, { ' ', DK_PGDN, 'f', 6, 22 }, 3, act_page, 1, "a page down", NULL },
	{ NULL, { 'b', DK_PGUP, 2 }, 2, act_page, -1, "a page up", NULL },
	{ NULL, { 4 }, 1, act_half, 1, "half a page down, up", NULL },
	{ NULL, { 21 }, 1, act_half, -1, NULL, NULL },
	{ NULL, { 'g', DK_HOME, '<' }, 2, act_end, -1, "top, bottom", NULL },
	{ NULL, { 'G', DK_END, '>' }, 2, act_end, 1, NULL, NULL },
	{ NULL, { 'h', DK_LEFT }, 2, act_sideways, -1, "scroll code sideways", NULL },
	{ NULL, { 'l', DK_RIGHT }, 2, act_sideways, 1, NULL, NULL },
	{ "Searching", { '/' }, 1, act_search, 0, "search (smart case)", NULL },
	{ NULL, { 'n' }, 1, search_step, 1, "next, previous match", NULL },
	{ NULL, { 'N' }, 1, search_step, -1, NULL, NULL },
	{ "Links", { '\t' }, 1, act_select, 1, "select the next, previous link", NULL },
	{ NULL, { DK_BTAB }, 1, act_select, -1, NULL, NULL },
	{ NULL, { DK_ENTER }, 1, act_enter, 0, "follow the selected link", NULL },
	{ NULL, { 0 }, 1, NULL, 0, "follow link [NUMBER]", "NUMBER Enter" },
	{ NULL, { DK_BACKSPACE, 'H' }, 2, go, -1, "back", NULL },
	{ NULL, { 'F' }, 1, go, 1, "forward", NULL },
	{ NULL, { 'L' }, 1, act_view, VIEW_LINKS,
	    "list the links (Enter follows, / searches)", NULL },
	{ NULL, { 'y' }, 1, act_yank, 0,
	    "copy the selected link's address, else the\n"
	    "page's (OSC 52: the terminal's clipboard)", NULL },
	{ NULL, { 'M' }, 1, act_browser, 0,
	    "open the selected link, else the page, in\n"
	    "$BROWSER", NULL },
	{ NULL, { 'V' }, 1, act_recent, 0,
	    "the pages read before, the most recent first\n"
	    "(Enter opens one where it was left)", NULL },
	{ NULL, { 'o' }, 1, act_open, 0,
	    "open a URL or file (offers this page's to\n"
	    "edit; example.com/x is tried as https://)", NULL },
	{ NULL, { 'r' }, 1, act_reload, 0, "reload", NULL },
	{ "Extraction", { 'a' }, 1, switch_algorithm, 1, "next, previous algorithm", NULL },
	{ NULL, { 'A' }, 1, switch_algorithm, -1, NULL, NULL },
	{ NULL, { 'd' }, 1, act_view, VIEW_OVERLAY,
	    "debug overlay: why each block was kept", NULL },
	{ NULL, { 'D' }, 1, act_view, VIEW_TOKENS,
	    "the overlay token by token (Enter in the\n"
	    "overlay: from the block at the top); n N go\n"
	    "to the span's ends; readability: its\n"
	    "candidates; q returns", NULL },
	{ NULL, { 'm' }, 1, act_template, 0,
	    "make the site's template from the block at the top (its nearest "
	    "element with an id or class); a then reaches the template algorithm",
	    NULL },
	{ "Saving", { 's' }, 1, save, 0, "save as text", NULL },
	{ NULL, { 'S' }, 1, save, 1, "save as Markdown", NULL },
	{ "Display", { 't' }, 1, act_theme, 1, "next, previous theme", NULL },
	{ NULL, { 'T' }, 1, act_theme, -1, NULL, NULL },
	{ NULL, { 'w' }, 1, set_width, -WIDTH_STEP, "narrower, wider text", NULL },
	{ NULL, { 'W' }, 1, set_width, WIDTH_STEP, NULL, NULL },
	{ NULL, { 12 }, 1, act_redraw, 0,
	    "redraw (and lay the page out whole when a key stopped it)", NULL },
	{ NULL, { '?', DK_HELP }, 2, act_view, VIEW_HELP,
	    "this help (q or ? closes it)", NULL },
	{ NULL, { 'q', 'Q' }, 1, act_quit, 0,
	    "quit (q closes help and the overlay first)", NULL },
	{ NULL, { KEY_CTRL_C }, 1, act_interrupt, 0, NULL, NULL },
	{ NULL, { KEY_CTRL_Z }, 1, act_suspend, 0, "suspend (fg returns)", NULL },
	{ NULL, { 27 }, 0, act_escape, 0, NULL, NULL },
	{ NULL, { DK_RESIZE }, 0, act_resize, 0, NULL, NULL },
};

enum { NBINDINGS = sizeof bindings / sizeof bindings[0], HELP_KEYS = 23 };

/* A key's name in the help. */
static const char *
key_name(int k, char buf[16])
{
	static const struct { int key; const char *name; } names[] = {
		{ ' ', "Space" }, { '\t', "Tab" }, { DK_BTAB, "Shift-Tab" },
		{ DK_UP, "Up" }, { DK_DOWN, "Down" }, { DK_LEFT, "Left" },
		{ DK_RIGHT, "Right" }, { DK_PGUP, "PgUp" }, { DK_PGDN, "PgDn" },
		{ DK_HOME, "Home" }, { DK_END, "End" }, { DK_ENTER, "Enter" },
		{ DK_BACKSPACE, "Backspace" }, { DK_HELP, "F1" },
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].key == k)
			return names[i].name;
	if (k >= 1 && k <= 26)
		snprintf(buf, 16, "Ctrl-%c", 'A' + k - 1);
	else
		snprintf(buf, 16, "%c", k);
	return buf;
}

/* Whether binding j is on the help line of binding i. */
static int
same_line(size_t i, size_t j)
{
	return j == i || (j < NBINDINGS && bindings[j].help == NULL &&
	    bindings[j].shown > 0);
}

/* The keys of the help line starting at binding i: each binding's
 * names two spaces apart, bindings two apart, or four when one of them
 * names more than one key ("g  Home    G  End"). */
static void
help_label(size_t i, char *out, size_t size)
{
	char name[16];
	size_t n = 0, j;
	int wide = 0;

	out[0] = '\0';
	for (j = i; same_line(i, j); j++)
		wide |= bindings[j].shown > 1;
	for (j = i; same_line(i, j) && n < size; j++) {
		const binding *bd = &bindings[j];

		if (j > i)
			n += (size_t)snprintf(out + n, size - n, "%s", wide ? "    " : "  ");
		if (bd->label != NULL)
			n += (size_t)snprintf(out + n, size - n, "%s", bd->label);
		for (int k = 0; bd->label == NULL && k < bd->shown && n < size; k++)
			n += (size_t)snprintf(out + n, size - n, "%s%s", k > 0 ? "  " : "",
			    key_name(bd->keys[k], name));
	}
}

/* The help screen: each section's title, then a line per binding (or
 * run of bindings sharing one): two spaces, the keys, the words
 * (layout_text wraps them under their column).  0, or -1 when out of
 * memory. */
static int
help_make(util_buf *b)
{
	for (size_t i = 0; i < NBINDINGS; i++) {
		const binding *bd = &bindings[i];
		char label[128], line[512];

		if (bd->shown == 0 || bd->help == NULL)
			continue;
		if (bd->section != NULL) {
			util_buf_puts(b, b->len > 0 ? "\n" : "");
			util_buf_puts(b, bd->section);
			util_buf_puts(b, "\n");
		}
		help_label(i, label, sizeof label);
		snprintf(line, sizeof line, "  %-*s  %s", HELP_KEYS - 2, label, bd->help);
		/* One line: layout_text wraps it to the screen. */
		for (char *nl = line; (nl = strchr(nl, '\n')) != NULL; )
			*nl = ' ';
		util_buf_puts(b, line);
		util_buf_puts(b, "\n");
	}
	return b->oom ? -1 : 0;
}

/* Whether a count before the key repeats it ("5j"): the moves. */
static int
repeats(void (*act)(reader *, int))
{
	return act == act_line || act == act_page || act == act_half ||
	    act == act_sideways || act == search_step || act == act_select;
}

/* Key k's binding, count times when it repeats. */
static void
run_key(reader *r, int k, int count)
{
	for (size_t i = 0; i < NBINDINGS; i++)
		for (const int *c = bindings[i].keys; *c != 0; c++)
			if (*c == k && bindings[i].act != NULL) {
				for (int n = repeats(bindings[i].act) ? count : 1; n > 0; n--)
					bindings[i].act(r, bindings[i].arg);
				return;
			}
}

/* A number typed before a key: Enter follows that link, a move repeats
 * that often, Backspace takes back a digit, Esc or any other key
 * forgets it.  1 when the key was taken. */
static int
count_key(reader *r, int k)
{
	int n = r->number;

	if (k >= '0' && k <= '9' && r->view != VIEW_HELP && r->view != VIEW_TOKENS) {
		n = n < 0 ? 0 : n;
		r->number = n < 100000 ? n * 10 + (k - '0') : n;
		return 1;
	}
	if (n < 0 || k == DK_RESIZE || k == DK_NONE)
		return 0;
	if (k == DK_BACKSPACE) {
		r->number = n >= 10 ? n / 10 : -1;
		return 1;
	}
	r->number = -1;
	r->msg[0] = '\0';
	if (k == DK_ENTER)
		follow(r, n - 1);
	else if (k != 27)
		run_key(r, k, n);
	return 1;
}

/* One key in the article, overlay or help. */
static void
key(reader *r, int k)
{
	if (count_key(r, k))
		return;
	if (k != DK_RESIZE && k != DK_NONE)
		r->msg[0] = '\0';
	run_key(r, k, 1);
}

static void
reader_free(reader *r)
{
	search_clear(r);
	layout_free(&r->lay);
	layout_free(&r->help);
	layout_free(&r->list);
	history_free(&r->recent);
	tokens_free(&r->tok);
	pith_article_free(r->art);
	pith_doc_free(r->doc);
	pith_template_free(r->tpl);
	pith_params_free(r->params);
	for (size_t i = 0; i < r->nhist; i++)
		page_free(&r->hist[i]);
	themefile_names_free(r->themes, r->nthemes);
	util_buf_free(&r->help_text);
	hyphenate_close(r->hy);
	free(r);
}

int
reader_run(const reader_options *o, diag *d)
{
	reader *r = calloc(1, sizeof *r);
	char err[256];
	const char *pause = getenv("PITH_TEST_LAYOUT_PAUSE");
	int idle = 0, rc;

	if (r == NULL)
		return diag_fail(d, "out of memory");
	r->opt = o;
	r->sel = -1;
	r->number = -1;
	r->pending = DK_NONE;
	if (pause != NULL)
		r->pause_ms = strtol(pause, NULL, 10);
	r->measure = o->width < 0 ? 80 : o->width;
	r->params = o->params != NULL ? pith_params_dup(o->params) : pith_params_new();
	if (r->params == NULL) {
		reader_free(r);
		return diag_fail(d, "out of memory");
	}
	for (size_t i = 0; o->algorithm != NULL && i < pith_algorithm_count(); i++)
		if (strcmp(pith_algorithm_at(i)->name, o->algorithm) == 0)
			r->algo = i;
	/* Wide characters need the user's locale; numbers stay "C". */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	if (display_open(&r->dpy, err, sizeof err) != 0) {
		reader_free(r);
		return diag_fail(d, "%s", err);
	}
	r->dpy.bidi = r->opt->bidi;
	r->dpy.bidi_shape = r->opt->bidi_shape;
	display_size(&r->dpy, &r->rows, &r->cols);
	if (themefile_names(&r->themes, &r->nthemes) != 0)
		r->nthemes = 0;
	if (o->theme != NULL)
		r->th = *o->theme;
	else if (themefile_load(&r->th, r->dpy.colors != 0 ? "dark" : "mono", NULL) != 0)
		themefile_load(&r->th, "mono", NULL);
	for (size_t i = 0; i < r->nthemes; i++)
		if (strcmp(r->themes[i], r->th.name) == 0)
			r->theme_i = i;
	display_theme(&r->dpy, &r->th);
	if (help_make(&r->help_text) != 0)
		util_buf_free(&r->help_text);
	relayout(r, LAYOUT_NONE);

	if (open_page(r, o->arg, o->url, util_is_url(o->arg) ? link_anchor(o->arg) : NULL) != 0) {
		/* Nothing to show: why, for the caller to say where it stays
		 * visible. */
		display_close(&r->dpy);
		diag_fail(d, "%s", r->msg);
		reader_free(r);
		return -1;
	}
	if (o->warning != NULL && r->msg[0] == '\0')
		message(r, 1, "%s", o->warning);
	/* A first-time reader learns where the keys are. */
	if (r->msg[0] == '\0')
		message(r, 0, "? for help");
	while (!r->quit) {
		int k;

		draw(r);
		k = r->pending != DK_NONE ? r->pending : display_key(&r->dpy);
		r->pending = DK_NONE;
		/* A terminal that is gone gives errors, not keys. */
		if (k == DK_NONE) {
			if (++idle > 100)
				break;
			continue;
		}
		idle = 0;
		key(r, k);
	}
	remember(r);
	display_close(&r->dpy);
	rc = r->quit == 2;
	reader_free(r);
	return rc;
}
