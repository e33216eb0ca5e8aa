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
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <unistr.h>

#include "display.h"
#include "layout.h"
#include "link.h"
#include "overlay.h"
#include "save.h"
#include "sitetpl.h"
#include "themefile.h"

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
} page;

typedef enum { VIEW_ARTICLE, VIEW_OVERLAY, VIEW_HELP } view;

typedef struct {
	const reader_options *opt;
	display dpy;
	pith_params *params;
	pith_template *tpl;      /* one m wrote, the params' template */
	page hist[HIST_MAX];
	size_t nhist, cur;
	pith_doc *doc;           /* of hist[cur] */
	pith_article *art;
	size_t algo;             /* the algorithm's index in the registry */
	layout lay;              /* the article or the overlay */
	layout help;
	view view, back_view;    /* back_view: what help returns to */
	size_t top, help_top;
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
	util_buf help_text;      /* made from the key bindings */
	int quit;
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
	int w = r->measure > 0 && r->measure < room ? r->measure : room;

	return w < 10 ? 10 : w;
}

static layout *
cur_layout(reader *r)
{
	return r->view == VIEW_HELP ? &r->help : &r->lay;
}

static size_t *
cur_top(reader *r)
{
	return r->view == VIEW_HELP ? &r->help_top : &r->top;
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
	if (r->query[0] == '\0' || r->view == VIEW_HELP)
		return;
	if (layout_search(&r->lay, r->query, &r->hits, &r->nhits, &r->nmatch) != 0 ||
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
static void
show_match(reader *r, size_t k)
{
	size_t line = r->hits[r->match_piece[k]].line, h = (size_t)body_rows(r);

	r->match = k;
	if (line < r->top || line >= r->top + h)
		r->top = line;
	clamp_top(r);
	message(r, 0, "match %zu of %zu", k + 1, r->nmatch);
}

/* The next match from the top of the screen (dir 0), or after (1) or
 * before (-1) the current one. */
static void
search_step(reader *r, int dir)
{
	size_t k;

	if (r->query[0] == '\0') {
		message(r, 1, "no search yet: press / to search");
		return;
	}
	if (r->nmatch == 0) {
		message(r, 1, "not found: %s", r->query);
		return;
	}
	if (dir == 0) {
		for (k = 0; k < r->nmatch && r->hits[r->match_piece[k]].line < r->top; k++)
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

/* Lay the view out again (new width, algorithm, page or view), keeping
 * block `anchor` at the top. */
static void
relayout(reader *r, size_t anchor)
{
	layout_options o = {
		.width = text_width(r, r->view == VIEW_OVERLAY ? VIEW_OVERLAY : VIEW_ARTICLE),
		.ascii = r->dpy.ascii, .overlay = r->view == VIEW_OVERLAY,
		.numbers = 1,
	};

	layout_free(&r->lay);
	if (r->art != NULL && layout_article(&r->lay, r->art, &o) != 0)
		message(r, 1, "out of memory: the page is shown in part");
	layout_free(&r->help);
	if (layout_text(&r->help, r->help_text.s != NULL ? r->help_text.s : "",
	    text_width(r, VIEW_HELP), r->dpy.ascii) != 0)
		message(r, 1, "out of memory");
	if (anchor != LAYOUT_NONE) {
		size_t line = layout_line_of_block(&r->lay, anchor);

		r->top = line != LAYOUT_NONE ? line : r->lay.nlines;
	}
	r->max_hscroll = 0;
	for (size_t i = 0; i < r->lay.nlines; i++)
		if ((r->lay.lines[i].flags & LAYOUT_CLIP) && r->lay.lines[i].width > r->max_hscroll)
			r->max_hscroll = r->lay.lines[i].width;
	if (r->sel >= (int)r->lay.nlinks)
		r->sel = -1;
	clamp_top(r);
	search_run(r);
}

/* The block to keep at the top through a change; none at the very top,
 * so the header stays in view. */
static size_t
top_block(reader *r)
{
	return r->top == 0 ? LAYOUT_NONE : layout_block_at(&r->lay, r->top);
}

/* ----------------------------------------------------------- pages */

static void draw(reader *r);
static void on_resize(reader *r);

/* Ctrl-C while a page loads cancels the load, not the reader. */
static volatile sig_atomic_t load_interrupted;

static void
on_load_interrupt(int sig)
{
	(void)sig;
	load_interrupted = 1;
}

/* A download's progress in the message line; q, Esc or Ctrl-C cancels it. */
static int
load_progress(void *ctx, const char *url, const fetch_progress *p)
{
	reader *r = ctx;
	char got[32], rate[32];
	struct pollfd pfd = { r->dpy.tty != NULL ? fileno(r->dpy.tty) : STDIN_FILENO,
	    POLLIN, 0 };

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
	while (!load_interrupted && poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN)) {
		int k = display_key(&r->dpy);

		if (k == 'q' || k == 'Q' || k == 27 || k == 3)
			return 1;
		if (k == DK_RESIZE)
			on_resize(r);
		if (k == DK_NONE)
			break;
	}
	return load_interrupted;
}

/* Read a page, saying why not, or a warning about the page read (a
 * stale copy, a cache that cannot be written), in the message line.
 * reload: not from the cache. */
static int
read_page(reader *r, const char *arg, input *in, int reload)
{
	input_options o = {0};
	struct sigaction sa, old;
	diag d = {0};
	int rc;

	if (r->opt->input != NULL)
		o = *r->opt->input;
	o.reload |= reload;
	o.progress = load_progress;
	o.progress_ctx = r;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_load_interrupt;
	sigemptyset(&sa.sa_mask);
	load_interrupted = 0;
	sigaction(SIGINT, &sa, &old);
	rc = input_read(arg, &o, in, &d);
	r->loading[0] = '\0';
	sigaction(SIGINT, &old, NULL);
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
		char warn[MSG_MAX];

		pith_params_set_site(r->params, r->opt->site(r->opt->site_ctx, doc,
		    in->url != NULL && util_is_url(in->url) ? in->url : NULL, warn,
		    sizeof warn));
		if (warn[0] != '\0')
			message(r, 1, "%s", warn);
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

/* Open arg as a new page after the current one; forward history goes. */
static int
open_page(reader *r, const char *arg, const char *base)
{
	page p = {0};
	size_t here;

	loading(r, arg);
	if (read_page(r, arg, &p.in, 0) != 0)
		return -1;
	if ((p.arg = strdup(arg)) == NULL || (base != NULL && (p.base = strdup(base)) == NULL)) {
		page_free(&p);
		message(r, 1, "out of memory");
		return -1;
	}
	/* Where we were, to come back to. */
	here = r->nhist > 0 ? top_block(r) : LAYOUT_NONE;
	if (show(r, &p.in, p.base, LAYOUT_NONE) != 0) {
		page_free(&p);
		return -1;
	}
	if (r->nhist > 0)
		r->hist[r->cur].block = here;
	while (r->nhist > r->cur + 1 && r->nhist > 0)
		page_free(&r->hist[--r->nhist]);
	if (r->nhist == HIST_MAX) {
		page_free(&r->hist[0]);
		memmove(r->hist, r->hist + 1, (HIST_MAX - 1) * sizeof *r->hist);
		r->nhist--;
	}
	r->hist[r->nhist] = p;
	r->cur = r->nhist++;
	return 0;
}

/* Go back (-1) or forward (+1) in the history. */
static void
go(reader *r, int dir)
{
	size_t to;

	if ((dir < 0 && r->cur == 0) || (dir > 0 && r->cur + 1 >= r->nhist)) {
		message(r, 1, dir < 0 ? "no page to go back to" : "no page to go forward to");
		return;
	}
	to = dir < 0 ? r->cur - 1 : r->cur + 1;
	r->hist[r->cur].block = top_block(r);
	if (show(r, &r->hist[to].in, r->hist[to].base, r->hist[to].block) == 0) {
		r->cur = to;
		message(r, 0, "%s", r->hist[to].arg);
	}
}

static void
reload(reader *r)
{
	page *p = &r->hist[r->cur];
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

/* A fragment of this page: jump to the element with that id. */
static int
jump_fragment(reader *r, const char *frag)
{
	size_t nn = pith_doc_nnodes(r->doc), nb = pith_doc_nblocks(r->doc);

	if (frag[0] == '\0') {
		r->top = 0;
		return 0;
	}
	for (size_t i = 0; i < nn; i++) {
		const char *id = pith_node_attr(r->doc, i, "id");
		const char *name = pith_node_attr(r->doc, i, "name");

		if ((id == NULL || strcmp(id, frag) != 0) &&
		    (name == NULL || strcmp(name, frag) != 0))
			continue;
		/* The first block inside the element, or after it. */
		for (size_t b = 0; b < nb; b++) {
			if (pith_doc_block(r->doc, b)->node >= i) {
				size_t line = layout_line_of_block(&r->lay, b);

				if (line == LAYOUT_NONE)
					break;
				r->top = line;
				clamp_top(r);
				return 0;
			}
		}
		break;
	}
	return -1;
}

static void
follow(reader *r, int link)
{
	const char *frag;
	char *target;
	diag d = {0};

	if (link < 0 || (size_t)link >= r->lay.nlinks) {
		message(r, 1, "no link [%d]", link + 1);
		return;
	}
	/* A link into this same page moves within it. */
	if ((frag = link_fragment(r->lay.links[link].href, pith_doc_url(r->doc))) != NULL) {
		if (jump_fragment(r, frag) != 0)
			message(r, 1, "no #%.60s on this page", frag);
		return;
	}
	if (link_target(r->lay.links[link].href, r->hist[r->cur].arg,
	    pith_doc_url(r->doc), &target, &d) != 0) {
		message(r, 1, "%s", d.msg);
		return;
	}
	open_page(r, target, NULL);
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
	if (line != LAYOUT_NONE && (line < r->top || line >= r->top + h)) {
		r->top = line > h / 3 ? line - h / 3 : 0;
		clamp_top(r);
	}
	r->msg[0] = '\0';
}

/* --------------------------------------------------------- prompts */

/* Read a line at the bottom; 1 with buf filled, 0 when cancelled. */
static void on_resize(reader *r);

static int
prompt(reader *r, const char *label, char *buf, size_t size)
{
	size_t len = strlen(buf);
	int done = -1, idle = 0;

	r->prompt = label;
	r->input = buf;
	while (done < 0) {
		int k;

		draw(r);
		k = display_key(&r->dpy);
		if (k == DK_NONE) {
			if (++idle > 100)
				done = 0;
			continue;
		}
		idle = 0;
		if (k == DK_ENTER) {
			done = 1;
		} else if (k == 27 || k == 7 || k == 3) {
			done = 0;                 /* Esc, Ctrl-G, Ctrl-C */
		} else if (k == DK_RESIZE) {
			on_resize(r);
		} else if (k == DK_BACKSPACE) {
			while (len > 0 && ((unsigned char)buf[len - 1] & 0xc0) == 0x80)
				len--;
			if (len > 0)
				len--;
		} else if (k == 21) {
			len = 0;                  /* Ctrl-U */
		} else if (k == 23) {
			while (len > 0 && buf[len - 1] == ' ')
				len--;                /* Ctrl-W: the last word */
			while (len > 0 && buf[len - 1] != ' ' && buf[len - 1] != '/')
				len--;
		} else if (k >= 0x20 && k != 0x7f && !(k >= 0x80 && k < 0xa0)) {
			uint8_t u[6];
			int n = u8_uctomb(u, (ucs4_t)k, sizeof u);

			if (n > 0 && len + (size_t)n < size) {
				memcpy(buf + len, u, (size_t)n);
				len += (size_t)n;
			}
		}
		buf[len] = '\0';
	}
	r->prompt = NULL;
	r->input = NULL;
	r->msg[0] = '\0';
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
		draw(r);
		k = display_key(&r->dpy);
		r->prompt = NULL;
		r->input = NULL;
		if (k == DK_RESIZE) {
			on_resize(r);
			continue;
		}
		if (k == 'y' || k == 'Y')
			return 1;
		if (k == 'n' || k == 'N' || k == 27 || k == 7 || k == 3 || k == DK_ENTER ||
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
	char path[4096];
	char *data = NULL;
	size_t len;
	util_write_result rc;
	diag d = {0};
	const char *ext = markdown ? "md" : "txt";

	if (r->art == NULL)
		return;
	if (save_default_path(r->opt->save_dir, pith_doc_title(r->doc), ext, path,
	    sizeof path) != 0)
		path[0] = '\0';
	if (!prompt(r, markdown ? "Save Markdown to: " : "Save text to: ", path, sizeof path) ||
	    path[0] == '\0') {
		message(r, 0, "not saved");
		return;
	}
	expand_home(path, sizeof path);
	if (save_render(r->art, markdown, text_width(r, VIEW_ARTICLE), time(NULL),
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
		message(r, 0, "saved %s (%zu bytes)", path, len);
	else
		message(r, 1, "%s: cannot save %s", d.msg, path);
	free(data);
}

static void
open_prompt(reader *r)
{
	char buf[4096] = "";

	if (!prompt(r, "Open: ", buf, sizeof buf) || buf[0] == '\0')
		return;
	expand_home(buf, sizeof buf);
	open_page(r, buf, NULL);
}

static void
search_prompt(reader *r)
{
	char buf[QUERY_MAX] = "";

	if (!prompt(r, "/", buf, sizeof buf))
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
	const page *pg = r->nhist > 0 ? &r->hist[r->cur] : NULL;
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
	if (!prompt(r, label, line, sizeof line) || line[0] == '\0') {
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
	pith_article_free(r->art);
	r->art = art;
	r->algo = next;
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
	if (themefile_load(&t, r->themes[r->theme_i], NULL, NULL) != 0) {
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

static void
toggle_view(reader *r, view v)
{
	size_t at = top_block(r);

	if (r->view == VIEW_HELP) {
		r->view = r->back_view;
		if (v == VIEW_HELP)
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

static void
draw(reader *r)
{
	layout *l = cur_layout(r);
	size_t top = *cur_top(r);
	int h = body_rows(r), left = (r->cols - l->width) / 2;
	display_marks m = { r->hits, r->view == VIEW_HELP ? 0 : r->nhits, r->match,
	    r->view == VIEW_HELP ? -1 : r->sel };
	char status[1024], right[128];
	const char *url;
	size_t pct;

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
	snprintf(status, sizeof status, " %s%s  %zu%%  %s",
	    r->view == VIEW_HELP ? "help" : pith_algorithm_at(r->algo)->name,
	    r->view == VIEW_OVERLAY ? " [overlay]" : "", pct, url);
	if (r->loading[0] != '\0')
		snprintf(right, sizeof right, "%s", r->loading);
	else
		snprintf(right, sizeof right, "%zu/%zu  ? help ", r->cur + (r->nhist > 0),
		    r->nhist);
	display_bar(&r->dpy, r->rows - 2, status, right, TH_STATUS);
	if (r->prompt != NULL) {
		display_prompt(&r->dpy, r->rows - 1, r->prompt, r->input);
		display_flush(&r->dpy, 1);
		return;
	}
	if (r->number >= 0) {
		snprintf(status, sizeof status, "link %d (Enter follows it)", r->number);
		display_bar(&r->dpy, r->rows - 1, status, "", TH_MESSAGE);
	} else if (r->msg[0] != '\0') {
		display_bar(&r->dpy, r->rows - 1, r->msg, "",
		    r->msg_error ? TH_ERROR : TH_MESSAGE);
	} else if (r->sel >= 0 && r->view != VIEW_HELP) {
		snprintf(status, sizeof status, "[%d] %s", r->lay.links[r->sel].number,
		    r->lay.links[r->sel].href);
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

	if (n < 0 && (size_t)-n > *top)
		*top = 0;
	else
		*top += (size_t)n;
	clamp_top(r);
}

/* ------------------------------------------------------------ keys */

static void
act_quit(reader *r, int arg)
{
	(void)arg;
	if (r->view == VIEW_HELP)
		toggle_view(r, VIEW_HELP);
	else
		r->quit = 1;
}

static void
act_line(reader *r, int dir)
{
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
	toggle_view(r, (view)v);
}

static void
act_escape(reader *r, int arg)
{
	(void)arg;
	if (r->view == VIEW_HELP)
		toggle_view(r, VIEW_HELP);
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
	if (r->view == VIEW_HELP)
		toggle_view(r, VIEW_HELP);
	select_link(r, dir);
}

static void
act_enter(reader *r, int arg)
{
	(void)arg;
	if (r->sel >= 0 && r->view != VIEW_HELP)
		follow(r, r->sel);
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
	{ NULL, { 'L' }, 1, go, 1, "forward", NULL },
	{ NULL, { 'o' }, 1, act_open, 0, "open a URL or file", NULL },
	{ NULL, { 'r' }, 1, act_reload, 0, "reload", NULL },
	{ "Extraction", { 'a' }, 1, switch_algorithm, 1, "next, previous algorithm", NULL },
	{ NULL, { 'A' }, 1, switch_algorithm, -1, NULL, NULL },
	{ NULL, { 'd' }, 1, act_view, VIEW_OVERLAY,
	    "debug overlay: why each block was kept", NULL },
	{ NULL, { 'm' }, 1, act_template, 0,
	    "make the site's template from the block at\n"
	    "the top (its nearest element with an id or\n"
	    "class); a then reaches the template algorithm", NULL },
	{ "Saving", { 's' }, 1, save, 0, "save as text", NULL },
	{ NULL, { 'S' }, 1, save, 1, "save as Markdown", NULL },
	{ "Display", { 't' }, 1, act_theme, 1, "next, previous theme", NULL },
	{ NULL, { 'T' }, 1, act_theme, -1, NULL, NULL },
	{ NULL, { 'w' }, 1, set_width, -WIDTH_STEP, "narrower, wider text", NULL },
	{ NULL, { 'W' }, 1, set_width, WIDTH_STEP, NULL, NULL },
	{ NULL, { 12 }, 1, act_redraw, 0, "redraw", NULL },
	{ NULL, { '?', DK_HELP }, 2, act_view, VIEW_HELP,
	    "this help (q or ? closes it)", NULL },
	{ NULL, { 'q', 'Q' }, 1, act_quit, 0, "quit", NULL },
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
 * run of bindings sharing one): two spaces, the keys, the words, whose
 * further lines are indented to the same column.  0, or -1 when out of
 * memory. */
static int
help_make(util_buf *b)
{
	for (size_t i = 0; i < NBINDINGS; i++) {
		const binding *bd = &bindings[i];
		char label[128], line[256];
		const char *w = bd->help;

		if (bd->shown == 0 || bd->help == NULL)
			continue;
		if (bd->section != NULL) {
			util_buf_puts(b, b->len > 0 ? "\n" : "");
			util_buf_puts(b, bd->section);
			util_buf_puts(b, "\n");
		}
		help_label(i, label, sizeof label);
		for (int first = 1; *w != '\0'; first = 0) {
			size_t n = strcspn(w, "\n");

			snprintf(line, sizeof line, "  %-*s%.*s\n", HELP_KEYS,
			    first ? label : "", (int)n, w);
			util_buf_puts(b, line);
			w += n + (w[n] == '\n');
		}
	}
	return b->oom ? -1 : 0;
}

/* One key in the article, overlay or help. */
static void
key(reader *r, int k)
{
	/* A number then Enter follows that link; anything else forgets it. */
	if (k >= '0' && k <= '9' && r->view != VIEW_HELP) {
		if (r->number < 0)
			r->number = 0;
		if (r->number < 100000)
			r->number = r->number * 10 + (k - '0');
		return;
	}
	if (r->number >= 0) {
		int n = r->number;

		r->number = -1;
		if (k == DK_ENTER) {
			r->msg[0] = '\0';
			follow(r, n - 1);
		}
		return;
	}
	if (k != DK_RESIZE && k != DK_NONE)
		r->msg[0] = '\0';
	for (size_t i = 0; i < NBINDINGS; i++)
		for (const int *c = bindings[i].keys; *c != 0; c++)
			if (*c == k && bindings[i].act != NULL) {
				bindings[i].act(r, bindings[i].arg);
				return;
			}
}

static void
reader_free(reader *r)
{
	search_clear(r);
	layout_free(&r->lay);
	layout_free(&r->help);
	pith_article_free(r->art);
	pith_doc_free(r->doc);
	pith_template_free(r->tpl);
	pith_params_free(r->params);
	for (size_t i = 0; i < r->nhist; i++)
		page_free(&r->hist[i]);
	themefile_names_free(r->themes, r->nthemes);
	util_buf_free(&r->help_text);
	free(r);
}

int
reader_run(const reader_options *o, diag *d)
{
	reader *r = calloc(1, sizeof *r);
	const char *tname;
	char err[256];
	int idle = 0;

	if (r == NULL)
		return diag_fail(d, "out of memory");
	r->opt = o;
	r->sel = -1;
	r->number = -1;
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
	display_size(&r->dpy, &r->rows, &r->cols);
	if (themefile_names(&r->themes, &r->nthemes) != 0)
		r->nthemes = 0;
	tname = o->theme != NULL ? o->theme : r->dpy.colors != 0 ? "dark" : "mono";
	if (themefile_load(&r->th, tname, NULL, NULL) != 0)
		themefile_load(&r->th, "mono", NULL, NULL);
	for (size_t i = 0; i < r->nthemes; i++)
		if (strcmp(r->themes[i], r->th.name) == 0)
			r->theme_i = i;
	display_theme(&r->dpy, &r->th);
	if (help_make(&r->help_text) != 0)
		util_buf_free(&r->help_text);
	relayout(r, LAYOUT_NONE);

	if (open_page(r, o->arg, o->url) != 0) {
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
		k = display_key(&r->dpy);
		/* A terminal that is gone gives errors, not keys. */
		if (k == DK_NONE) {
			if (++idle > 100)
				break;
			continue;
		}
		idle = 0;
		key(r, k);
	}
	display_close(&r->dpy);
	reader_free(r);
	return 0;
}
