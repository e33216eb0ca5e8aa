/*
 * readability-thread.c - readers' comments below the article: a thread
 * after its anchor, signed posts and runs of flat posts (see
 * readability.c).
 */
#include <gumbo.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unictype.h>
#include <unistr.h>
#include "readability-int.h"

/* The first block of p's own loose text after node x, or PITH_NONE.
 * Old pages write each comment as bare text and <br> in the story's
 * own box after the anchor ("<a name=comments></a><b>Ann</b><br>..."):
 * that text belongs to p, not to a node after x, and only the token
 * stream orders it against x.  The stream is made only for such a page.
 * A block that opened before x (the story's last words run into the
 * anchor) stays. */
static size_t
loose_after(const rd *r, size_t p, size_t x)
{
	const pith_token *t;
	size_t nt, i = 0;
	bool loose = false;

	for (size_t b = r->bfirst[p]; b != PITH_NONE && b <= r->blast[p] && !loose; b++)
		loose = pith_doc_block(r->d, b)->node == p;
	if (!loose || (nt = pith_doc_ntokens(r->d)) == 0 ||
	    (t = pith_doc_tokens(r->d)) == NULL)
		return PITH_NONE;
	while (i < nt && !(t[i].kind == PITH_TOKEN_TAG && t[i].node == x))
		i++;
	for (; i < nt; i++)
		if (t[i].kind != PITH_TOKEN_TAG && t[i].block != PITH_NONE)
			return t[i].start == 0 ? t[i].block : t[i].block + 1;
	return PITH_NONE;
}

enum { RUN_MIN = 5, RATED_MIN = 3 };

/* Block b is an author's line under a comment: short, with a digit (a
 * date), ending no sentence ("Posted by: Ann at May 7, 2012 5:33 PM"). */
static bool
signature(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	return blk->len > 0 && blk->len < 80 && strchr(".?!", blk->text[blk->len - 1]) == NULL &&
	    rd_holds(blk->text, blk->len, rd_is_digit);
}

/* Block blk opens with a link before any word: a trackback's linked
 * title ("» <a>Title</a> from a blog"), another post's teaser, not a
 * reader's words. */
static bool
tracked(const pith_block *blk)
{
	for (size_t i = 0; i < blk->nruns; i++) {
		if (blk->runs[i].href != NULL)
			return true;
		if (rd_holds(blk->text + blk->runs[i].start, blk->runs[i].len, uc_is_alnum))
			break;
	}
	return false;
}

/* The siblings after heading x, up to the next heading, are readers'
 * comments written loose (TypePad: each comment's <p>s, then its
 * "Posted by: Ann | May 7, 2012" line): RUN_MIN or more signature lines
 * alike, each after a sentence of its own.  Each sibling is looked at from
 * the one heading before it: linear. */
static bool
signed_loose(const rd *r, size_t x)
{
	size_t k = 0, first = PITH_NONE;
	bool said = false;

	for (size_t s = rd_sibling_after(r, x); s != PITH_NONE && k < RUN_MIN &&
	    !heading_tag(r, s); s = rd_sibling_after(r, s)) {
		size_t b = r->bfirst[s];

		if (b == PITH_NONE)
			continue;
		if (b == r->blast[s] && signature(r, b) && rd_named_box(r, s) &&
		    (first == PITH_NONE || rd_alike(r, s, first))) {
			first = first == PITH_NONE ? s : first;
			k += said;
			said = false;
		} else if (r->bsentence[r->blast[s]] &&
		    (said || !tracked(pith_doc_block(r->d, b))))
			said = true;
	}
	return k >= RUN_MIN;
}

/* Node x, a child of p, is a heading over the readers' reply form, a
 * textarea in one of the few siblings after it: that sibling, or
 * PITH_NONE.  A thread ends where the form to join it opens, in any
 * language, so a short run signed and dated up to it is the thread
 * however few its remarks.  The look stops at the first box past the
 * heading that is no paragraph. */
static size_t
asks_reply(const rd *r, size_t p, size_t x)
{
	enum { FORM_NEAR = 4 };
	size_t s = x;

	if (x >= pith_doc_node(r->d, p)->end || !heading_tag(r, x))
		return PITH_NONE;
	for (int k = 0; k < FORM_NEAR && (s = rd_sibling_after(r, s)) != PITH_NONE; k++) {
		for (size_t n = s; n < pith_doc_node(r->d, s)->end; n++)
			if (tag(r, n) == GUMBO_TAG_TEXTAREA)
				return s;
		if (r->len[s] > 0 && tag(r, s) != GUMBO_TAG_P && tag(r, s) != GUMBO_TAG_B)
			break;
	}
	return PITH_NONE;
}

/* Heading n after the post counts no comment ("0 Comments", "Reacties
 * (0)") and the heading over the reply form follows within a few of its
 * siblings (see asks_reply): the empty thread's section, in any
 * language.  The box holding the form, or PITH_NONE. */
static size_t
empty_thread(const rd *r, size_t n)
{
	enum { EMPTY_NEAR = 4 };
	size_t b = r->bfirst[n], p = pith_doc_node(r->d, n)->parent, s = n, v[2];
	const pith_block *blk;

	if (b == PITH_NONE || b != r->blast[n] || p == PITH_NONE)
		return PITH_NONE;
	blk = pith_doc_block(r->d, b);
	if (blk->len >= 40 || rd_numbers(blk->text, blk->len, v, 2) != 1 || v[0] != 0)
		return PITH_NONE;
	for (int k = 0; k < EMPTY_NEAR && (s = rd_sibling_after(r, s)) != PITH_NONE; k++)
		if (heading_tag(r, s))
			return asks_reply(r, p, s);
	return PITH_NONE;
}

/* Nodes from..to are the readers' thread, for why, unless a reason
 * already holds. */
static void
mark_thread(const char **dwhy, size_t from, size_t to, const char *why)
{
	for (size_t s = from; s < to; s++)
		dwhy[s] = dwhy[s] != NULL ? dwhy[s] : why;
}

#define ECHO_WHY COMMENTS_WHY "(after a heading quoting the headline)"

/* Heading n after the headline quotes it with words before ("4 Responses
 * to “Title”", "Kommentare zu „Titel“"): the readers' thread about the
 * post opens there, in any language.  A forum's "Re: Title" quotes
 * nothing: its replies are the page. */
static bool
echoes_title(const rd *r, size_t n)
{
	size_t b = r->bfirst[n], tb = r->title_block, m;
	const pith_block *blk, *head;

	if (b == PITH_NONE || b != r->blast[n] || tb == PITH_NONE || b <= tb)
		return false;
	blk = pith_doc_block(r->d, b);
	head = pith_doc_block(r->d, tb);
	m = head->len;
	if (m < 10 || blk->len <= m || blk->len > m + 60)
		return false;
	for (size_t i = 1; i + m <= blk->len; i++) {
		const char *s = blk->text + i + m, *end = blk->text + blk->len;
		ucs4_t c = 0;
		int k = 1;

		if (strncasecmp(blk->text + i, head->text, m) != 0)
			continue;
		while (s < end && (k = u8_mbtouc(&c, (const uint8_t *)s, (size_t)(end - s))) > 0 &&
		    uc_is_property_white_space(c))
			s += k;
		return s < end && uc_is_property_quotation_mark(c);
	}
	return false;
}

/* Block b is prose the article keeps so far. */
static bool
kept_prose(const rd *r, const char **dwhy, size_t b)
{
	size_t n = pith_doc_block(r->d, b)->node;

	return n != PITH_NONE && (r->flags[n] & N_IN) && dwhy[n] == NULL && rd_prose_block(r, b);
}

/* Block b is the headline or below it: before it lie the page's head
 * and the kicker, not the post. */
static bool
after_title(const rd *r, size_t b)
{
	return r->title_block == PITH_NONE || b >= r->title_block;
}

/* Paragraph p is a short line set as a heading is ("Comments [ Post
 * your own ]"): no sentence, a few words. */
static bool
head_line(const rd *r, size_t p)
{
	return tag(r, p) == GUMBO_TAG_P && r->len[p] > 0 && r->len[p] < 60 &&
	    !(r->flags[p] & N_SENTENCE);
}

/* A heading, or an anchor to jump to (no href), named for the readers'
 * comments ("<h2 id=comments>", "<a name=commentSection>") opens them
 * where their own elements are not named so (Movable Type, TypePad,
 * old CMSs: a run of <div id=c169900>): it and the elements after it
 * in its parent go. */
void
rd_drop_thread(rd *r, const char **dwhy)
{
	const pith_doc *d = r->d;
	size_t post = PITH_NONE;

	/* The post's first paragraph of prose kept, after the headline:
	 * loose comments follow it (letters signed alike are the article,
	 * their first prose). */
	for (size_t b = 0; b < r->nb && post == PITH_NONE; b++)
		if (kept_prose(r, dwhy, b) && after_title(r, b))
			post = b;

	for (size_t n = 0; n < r->nn; n++) {
		GumboTag t = tag(r, n);
		size_t p = pith_doc_node(d, n)->parent;

		bool named = r->cls[n] & C_THREAD;

		if (!(r->flags[n] & N_IN) || p == PITH_NONE ||
		    !((t >= GUMBO_TAG_H1 && t <= GUMBO_TAG_H6) ||
		    (named && t == GUMBO_TAG_A && attr(r, n, "href") == NULL)))
			continue;
		/* A heading in a wrapper of its own ("<div class=x><h2
		 * id=comments>"), or the anchor in a heading ("<h2><a
		 * id=comments></a>Comments</h2>"): the comments follow the
		 * wrapper or the heading, or the line it opens as a heading. */
		size_t x = n, y;

		if (t == GUMBO_TAG_A && (heading_tag(r, p) || head_line(r, p)) &&
		    (r->flags[p] & N_IN) && pith_doc_node(d, p)->parent != PITH_NONE) {
			x = p;
			p = pith_doc_node(d, p)->parent;
		}
		while (r->kids[p] == 1 && r->len[p] == r->len[x] && (r->flags[p] & N_IN) &&
		    pith_doc_node(d, p)->parent != PITH_NONE) {
			x = p;
			p = pith_doc_node(d, p)->parent;
		}
		/* The policy's "Comments" section, more sections after it. */
		bool echo = !named && echoes_title(r, n);

		size_t form = PITH_NONE, b = r->bfirst[n];

		/* After the post, or the headline of a post of pictures
		 * (a reply form closes a page's article, none known). */
		if (!named && !echo && b != PITH_NONE &&
		    (post != PITH_NONE ? b >= post : after_title(r, b)))
			form = empty_thread(r, n);
		if (form != PITH_NONE) {
			mark_thread(dwhy, n, pith_doc_node(d, form)->end, THREAD_WHY);
			n = pith_doc_node(d, form)->end - 1;
			continue;
		}
		if ((x == n && rd_id_kin(r, n, 1) >= 2) || (!named && !echo &&
		    (post == PITH_NONE || r->bfirst[x] == PITH_NONE ||
		    r->bfirst[x] < post || !signed_loose(r, x))))
			continue;
		mark_thread(dwhy, x, pith_doc_node(d, p)->end, echo ? ECHO_WHY : THREAD_WHY);
		if (r->thread_node == PITH_NONE) {
			r->thread_node = p;
			r->thread_block = loose_after(r, p, x);
		} else if (x == p + 1 && dwhy[p] == NULL && (y = rd_sibling_before(r, p)) != PITH_NONE &&
		    (y == r->thread_node || dwhy[y] != NULL)) {
			/* A box opened so right after the thread's first
			 * is a comment whole: its loose author's line too. */
			dwhy[p] = echo ? ECHO_WHY : THREAD_WHY;
		}
		/* All after it in p is dropped: later headings there add
		 * nothing (and a page of them must stay linear). */
		n = pith_doc_node(d, p)->end - 1;
	}
}

/* Line s[0..n) ends on an initial ("Lin W.", "J."): a name's full
 * stop, not a sentence's. */
static bool
initial(const char *s, size_t n)
{
	return n >= 2 && s[n - 1] == '.' && isupper((unsigned char)s[n - 2]) &&
	    (n == 2 || s[n - 3] == ' ');
}

/* Box c opens with its author's picture: the first of its blocks, a
 * small one, its alt empty or naming the line after it ("Ann", "Ann's
 * avatar").  A photo stream's pictures are large, or its text (a
 * gallery's captions). */
static bool
avatar(const rd *r, size_t c)
{
	size_t b = r->bfirst[c], n;
	const pith_block *blk = pith_doc_block(r->d, b), *next;

	if (r->gallery || blk->kind != PITH_BLOCK_IMAGE || b >= r->blast[c] || blk->len >= 80)
		return false;
	if ((n = rd_box_img(r, c, 5)) == PITH_NONE)
		return false;
	next = pith_doc_block(r->d, b + 1);
	/* A picture sized by the style sheet alone is its author's when
	 * its alt names the name under it and says more ("Priya N.'s
	 * picture", where a card's alt repeats its title or is empty), and
	 * a date follows: a short name line that ends no sentence, then a
	 * short line with a digit. */
	if (!rd_small_picture(r, n)) {
		const pith_block *when = b + 2 <= r->blast[c] ? pith_doc_block(r->d, b + 2) : NULL;

		if (attr(r, n, "width") != NULL || attr(r, n, "height") != NULL || when == NULL ||
		    next->len == 0 || next->len >= 40 || when->len >= 40 || blk->len <= next->len ||
		    !str_has_icase(blk->text, next->text) ||
		    (strchr(".?!", next->text[next->len - 1]) != NULL && !initial(next->text, next->len)) ||
		    !rd_holds(when->text, when->len, rd_is_digit))
			return false;
	}
	return blk->len == 0 || (next->len > 0 &&
	    (str_has_icase(blk->text, next->text) || str_has_icase(next->text, blk->text)));
}

/* The term over <dd> c, its author's line ("1. Ann - May 7, 2012"), or
 * PITH_NONE: a definition list of comments signs each above its text,
 * where a glossary's term has no date. */
static size_t
signed_above(const rd *r, size_t c)
{
	size_t t;

	if (tag(r, c) != GUMBO_TAG_DD || (t = rd_sibling_before(r, c)) == PITH_NONE ||
	    tag(r, t) != GUMBO_TAG_DT || r->bfirst[t] == PITH_NONE || r->bfirst[t] != r->blast[t] ||
	    !signature(r, r->bfirst[t]))
		return PITH_NONE;
	return t;
}

/* The line box c opens with, its author's: its first block (after the
 * author's picture) when it has more, else the link its text opens
 * with; NULL when neither. */
static const char *
opening(const rd *r, size_t c, size_t *n)
{
	size_t t = signed_above(r, c), f;
	const pith_block *blk;

	/* A term signs the text under it (see signed_above). */
	if (t != PITH_NONE) {
		blk = pith_doc_block(r->d, r->bfirst[t]);
		*n = blk->len;
		return blk->text;
	}
	f = r->bfirst[c] + avatar(r, c);
	blk = pith_doc_block(r->d, f);

	if (r->blast[c] > f) {
		*n = blk->len;
		return blk->text;
	}
	if (blk->nruns == 0 || blk->runs[0].start != 0 || blk->runs[0].href == NULL)
		return NULL;
	*n = blk->runs[0].len;
	return blk->text;
}

enum { REMARK_BLOCKS = 32 };

/* The author's line box c closes on, under its text (past a rule):
 * "Posted by: Ann on May 7, 2012 01:15 PM"; PITH_NONE when none. */
static size_t
sign_line(const rd *r, size_t c)
{
	size_t b = r->blast[c];

	while (b > r->bfirst[c] && pith_doc_block(r->d, b)->len == 0)
		b--;
	return b > r->bfirst[c] && signature(r, b) ? b : PITH_NONE;
}

/* Box c closes on its author's line (see sign_line). */
static bool
signed_off(const rd *r, size_t c)
{
	return sign_line(r, c) != PITH_NONE;
}

/* Box c closes on its author's line dated with two numbers or more (a
 * day and a year, where a price has one): the words above it are a
 * reader's, sentence or not ("so true"). */
static bool
dated_off(const rd *r, size_t c)
{
	size_t b = sign_line(r, c), v[2];
	const pith_block *blk;

	if (b == PITH_NONE)
		return false;
	blk = pith_doc_block(r->d, b);
	return rd_numbers(blk->text, blk->len, v, 2) == 2;
}

/* The signature line after unnamed box c, its author's: a named box
 * of one block right after it (Movable Type's "<div id=c169900>" of
 * text, then "<p class=posted>Posted by: ..."), or PITH_NONE.  The
 * signature's name makes the pair one of a kind. */
static size_t
signed_by(const rd *r, size_t c)
{
	size_t s = rd_sibling_after(r, c);

	if (rd_named_box(r, c) || s == PITH_NONE || !rd_named_box(r, s) ||
	    r->bfirst[c] == PITH_NONE || r->bfirst[s] == PITH_NONE || r->bfirst[s] != r->blast[s] ||
	    !signature(r, r->bfirst[s]))
		return PITH_NONE;
	return tracked(pith_doc_block(r->d, r->bfirst[c])) ? PITH_NONE : s;
}

/* Box c could be a reader's comment: named (or signed, see
 * signed_by), shorter than max and of
 * few blocks (which bounds the look), a sentence or two
 * with few links, no heading or picture of its own (a FAQ's, a live
 * blog's or a how-to's item has one) but its author's, opened by a
 * short line that ends no sentence (a name, not a FAQ's question).  A
 * paragraph cut into boxes has no such line. */
static bool
remark_within(const rd *r, size_t c, double max)
{
	const char *s;
	size_t n;
	bool stars, below, above;

	if (tag(r, c) == GUMBO_TAG_P || r->len[c] >= max ||
	    r->bfirst[c] == PITH_NONE || r->blast[c] - r->bfirst[c] >= REMARK_BLOCKS ||
	    (r->flags[c] & N_BOX))
		return false;
	below = signed_by(r, c) != PITH_NONE;
	above = signed_above(r, c) != PITH_NONE;
	if (!rd_named_box(r, c) && !below && !above)
		return false;
	/* A customer's review is one under its stars, whatever its
	 * title ("Love it!", a heading of its own). */
	stars = rd_rated(r, c);
	/* A box signed below (or above) needs no author's line on top. */
	if (!stars && !below && !above && !signed_off(r, c) &&
	    ((s = opening(r, c, &n)) == NULL || n == 0 || n >= 80 ||
	    (strchr(".?!", s[n - 1]) != NULL && !initial(s, n))))
		return false;
	/* Its author's lines may be headings ("<h3>Ann says:</h3><h4>on
	 * May 7, 2012</h4>"): the opening, when a dated line follows it. */
	size_t f = r->bfirst[c] + avatar(r, c);
	bool own = f < r->blast[c] && signature(r, f + 1);

	for (size_t b = f; b <= r->blast[c]; b++) {
		pith_block_kind k = pith_doc_block(r->d, b)->kind;

		if ((k == PITH_BLOCK_HEADING && !stars && !(own && b <= f + 1)) ||
		    k == PITH_BLOCK_IMAGE || k == PITH_BLOCK_CAPTION)
			return false;
	}
	/* A line under a dated term, or over a dated author's line, is a
	 * reader's, sentence or not ("1st!"). */
	return (rd_sentences(r, c) > 0 || above || dated_off(r, c)) && density(r, c) < 0.25;
}

enum { MARK_ANY = 1, MARK_DAY = 2 };

/* The marks box c bears in lines not of its prose: MARK_ANY a digit or
 * a star (a date, a time or a rating), MARK_DAY a digit in a line that
 * rates nothing (a date or a time).  One pass for both. */
static unsigned
dated(const rd *r, size_t c)
{
	size_t f = r->bfirst[c] + avatar(r, c);
	unsigned m = 0;

	for (size_t b = f; b <= r->blast[c] && m != (MARK_ANY | MARK_DAY); b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		bool star, digit;

		if (!(b == f && b == r->blast[c]) && rd_prose_block(r, b))
			continue;
		star = rd_holds(blk->text, blk->len, rd_is_star);
		digit = rd_holds(blk->text, blk->len, rd_is_digit);
		m |= digit || star ? MARK_ANY : 0;
		m |= digit && !star && !rd_score_line(blk->text, blk->len) ? MARK_DAY : 0;
	}
	return m;
}

/* Boxes a and b open with the same line but for its numbers: a
 * how-to's "Step 1" and "Step 2", a live blog's times, a timeline's
 * years. */
static bool
same_opening(const rd *r, size_t a, size_t b)
{
	size_t n = 0, m = 0;
	const char *x = opening(r, a, &n), *y = opening(r, b, &m);
	bool digit;

	/* Ratings alike open reviews, not a how-to's steps. */
	return x != NULL && y != NULL && !rd_rated(r, a) && rd_digits_apart(x, n, y, m, &digit);
}

/* Text s opens on a clock's time ("00:03:44 CHAIR DIAZ", "[12:30]"):
 * a transcript's or a hearing's turn, timed from the start of the
 * record.  A comment opens on its author, its date after the name. */
static bool
clock_at(const char *s, size_t n)
{
	size_t i = 0, d;

	i += n > 0 && (s[0] == '[' || s[0] == '(');
	for (int part = 0; part < 3; part++) {
		for (d = 0; i < n && isdigit((unsigned char)s[i]); i++)
			d++;
		if (d == 0 || d > 2 || (part > 0 && d != 2))
			return false;
		if (part > 0 && (i == n || s[i] != ':'))
			return i == n || !isdigit((unsigned char)s[i]);
		if (i == n || s[i] != ':')
			return false;
		i++;
	}
	return false;
}

/* Box c opens on a clock's time (see clock_at). */
static bool
clocked(const rd *r, size_t c)
{
	size_t n = 0;
	const char *s = opening(r, c, &n);

	return s != NULL && clock_at(s, n);
}

/* The one number a short heading holds ("Kommentare (4)", "3
 * commentaires"), or 0. */
static size_t
heading_count(const pith_block *h)
{
	enum { HEADING_MAX = 40 };
	size_t v[2];

	return h->kind == PITH_BLOCK_HEADING && h->len < HEADING_MAX &&
	    rd_numbers(h->text, h->len, v, 2) == 1 ? v[0] : 0;
}

/* Box t is a thread of signed remarks, whatever its names: RUN_MIN or
 * more author's lines alike (see signature), each dated (two numbers
 * or more: a day and a year, an hour and its minutes, where a step's
 * or a photo's line has one), a sentence between each and the next,
 * at most one paragraph of prose before the first (a remark signed
 * below it), no heading after it but those lines.  Every reader's
 * comment is signed so; a post's paragraphs are not, a post with its
 * comments has more prose before them, a list of products, places or
 * shows heads each item (its price or its address is no date), and a
 * transcript's turns open on the clock. */
static bool
signed_run(const rd *r, size_t t)
{
	size_t k = 0, first = PITH_NONE, prose = 0, clocks = 0, v[2];
	bool said = false;

	for (size_t b = r->bfirst[t]; b != PITH_NONE && b <= r->blast[t]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->node != PITH_NONE && signature(r, b) &&
		    rd_numbers(blk->text, blk->len, v, 2) == 2 &&
		    (first == PITH_NONE || rd_alike(r, blk->node, first))) {
			first = blk->node;
			k += said;
			clocks += said && clock_at(blk->text, blk->len);
			said = false;
		} else if ((first == PITH_NONE && rd_prose_block(r, b) && ++prose > 1) ||
		    (first != PITH_NONE && blk->kind == PITH_BLOCK_HEADING)) {
			return false;
		} else if (r->bsentence[b]) {
			said = true;
		}
	}
	return k >= RUN_MIN && 2 * clocks < k;
}

/* The box of p's children that holds block b: the post's, beside a
 * thread after it; p itself when that box is the block alone (a
 * headline, the post's text loose after it in p). */
static size_t
post_box(const rd *r, size_t p, size_t b)
{
	size_t c = pith_doc_block(r->d, b)->node;

	while (c != p && pith_doc_node(r->d, c)->parent != p)
		c = pith_doc_node(r->d, c)->parent;
	return c != p && r->nblk[c] > 1 ? c : p;
}

/* A top that is a thread of signed remarks (see signed_run) outscores
 * a short post above it when no class names the thread: in the nearest
 * box around it (a few levels up) holding a paragraph of prose before
 * it, else a headline that counts nothing ("12 comments" heads the
 * thread), the box holding that block is the article (see post_box),
 * the thread dropped (a try that gathers the post's siblings would
 * take it as the post's part).  Each level looks at its
 * blocks before the last level's: linear.  Else top. */
size_t
rd_signed_post(rd *r, size_t top)
{
	enum { POST_UP = 4 };
	const pith_doc *d = r->d;
	size_t a, up, from = r->bfirst[top], head = PITH_NONE, post = PITH_NONE;
	bool in;

	if (from == PITH_NONE || !signed_run(r, top))
		return top;
	for (a = pith_doc_node(d, top)->parent, up = 0; post == PITH_NONE && a != PITH_NONE &&
	    a != r->body && tag(r, a) != GUMBO_TAG_HTML && up < POST_UP;
	    from = r->bfirst[a], a = pith_doc_node(d, a)->parent, up++) {
		for (size_t b = r->bfirst[a]; b < from && post == PITH_NONE; b++) {
			const pith_block *blk = pith_doc_block(d, b);

			if (blk->node == PITH_NONE || (r->flags[blk->node] & (N_HIDDEN | N_UNLIKELY)))
				continue;
			if (rd_prose_block(r, b))
				post = post_box(r, a, b);
			else if (head == PITH_NONE && blk->kind == PITH_BLOCK_HEADING &&
			    blk->level <= 3 && heading_count(blk) == 0)
				head = post_box(r, a, b);
		}
	}
	post = post != PITH_NONE ? post : head;
	if (post == PITH_NONE)
		return top;
	/* A post of a picture and its share bar says nothing a reader
	 * would: the thread stays the answer, and a stricter try's.  A
	 * post with a sentence of its own, or as long as a short story
	 * (lines without a full stop: a list, a caption), says more. */
	in = inside(r, top, post);
	if (rd_sentences(r, post) - (in ? rd_sentences(r, top) : 0) <= 0 &&
	    r->len[post] - r->link[post] - (in ? r->len[top] - r->link[top] : 0) < CHAR_THRESHOLD)
		return top;
	r->replies = top;
	r->replies_flat = true;
	return post;
}

/* A short run of k remarks from box first to box last is a thread
 * when a short heading right before it counts them ("Kommentare (4)",
 * "3 commentaires", "Reacties (2)"): the number says so in every
 * language, where a word list would need one for each.  A chapter
 * list's count or a Q&A's "Your questions (4)" is no thread's: those
 * boxes are the article, so the post's prose before them must be
 * longer than they are.  prose[b] and all[b] sum the post's prose kept
 * and all text before block b, for a walk that stays linear. */
static bool
announced(const rd *r, const double *prose, const double *all, size_t post, size_t first,
    size_t last, size_t k)
{
	size_t b = r->bfirst[first];

	if (b == 0 || b <= post || heading_count(pith_doc_block(r->d, b - 1)) != k)
		return false;
	return prose[b] - prose[post] > all[r->blast[last] + 1] - all[b];
}

/* Box t opens with a short heading that counts the run of k dated
 * remarks alike after it, in t or in the one list after the heading
 * ("Reacties (4)" over four comments), or the run and the replies
 * alike nested in it ("4 comentários" over two comments and their
 * answers): a thread in any language (see announced).  The run's text
 * length, or 0.  A remark is short, so the look inside it is too. */
double
rd_counted(const rd *r, size_t t)
{
	size_t h = t + 1, c, k = 0, m = 0, days = 0, n;
	double run = 0;

	if (h >= pith_doc_node(r->d, t)->end || !heading_tag(r, h) || r->bfirst[h] == PITH_NONE ||
	    (n = heading_count(pith_doc_block(r->d, r->bfirst[h]))) < 2)
		return 0;
	c = rd_sibling_after(r, h);
	if (c != PITH_NONE && (tag(r, c) == GUMBO_TAG_OL || tag(r, c) == GUMBO_TAG_UL) &&
	    c + 1 < pith_doc_node(r->d, c)->end)
		c = c + 1;
	for (size_t f = c; c != PITH_NONE && rd_alike(r, c, f) &&
	    remark_within(r, c, CHAR_THRESHOLD); c = rd_sibling_after(r, c)) {
		k++, days += (dated(r, c) & MARK_DAY) != 0, run += r->len[c];
		for (size_t x = c + 1; x < pith_doc_node(r->d, c)->end; x++)
			m += rd_alike(r, x, f) && remark_within(r, x, CHAR_THRESHOLD);
	}
	return (k == n || k + m == n) && 2 * days > k ? run : 0;
}

/* A run of remarks of a kind (see remark_within; kin: a thread's boxes
 * differ by their odd and even, their author's and their depth's
 * names) among a box's children, and what marks them: stop ends the
 * last (past its signature), brief counts those under CHAR_THRESHOLD
 * with no signature line of their own after them, signs those signed
 * below (see signed_by, signed_off). */
struct flat_run {
	size_t first, last, stop, k, brief, signs, dates, days, same, stars, clocks;
};

/* Box n, not of first's kind, takes turns with it: the box after n is
 * of first's kind again (a thread's odd and even rows named apart,
 * "comment-odd" and "comment-even", whose hashed names share no word).
 * n is then *other, the run's second kind. */
static bool
alternate(const rd *r, size_t n, size_t first, size_t *other)
{
	size_t x = rd_sibling_after(r, n);

	if (tag(r, n) != tag(r, first) || x == PITH_NONE || !rd_of_kind(r, x, first))
		return false;
	*other = n;
	return true;
}

/* The next run of remarks shorter than max among p's children from
 * child *c on; *c moves past it.  False when no child is left. */
static bool
next_run(const rd *r, size_t p, size_t *c, double max, struct flat_run *u)
{
	size_t stop = pith_doc_node(r->d, p)->end;

	while (*c < stop && !remark_within(r, *c, max))
		*c = pith_doc_node(r->d, *c)->end;
	if (*c >= stop)
		return false;
	memset(u, 0, sizeof *u);
	u->first = *c;
	for (size_t other = PITH_NONE; *c < stop && remark_within(r, *c, max) &&
	    (rd_of_kind(r, *c, u->first) || (other != PITH_NONE ? rd_of_kind(r, *c, other) :
	    alternate(r, *c, u->first, &other))); *c = u->stop) {
		size_t sig = signed_by(r, *c);
		bool sign = sig != PITH_NONE || signed_off(r, *c) ||
		    signed_above(r, *c) != PITH_NONE;
		size_t t;
		unsigned m = sign ? MARK_ANY | MARK_DAY : dated(r, *c);

		u->k++, u->dates += (m & MARK_ANY) != 0, u->days += (m & MARK_DAY) != 0;
		u->brief += r->len[*c] < CHAR_THRESHOLD && sig == PITH_NONE;
		u->signs += sign;
		u->same += u->k > 1 && same_opening(r, u->last, *c);
		u->stars += rd_rated(r, *c), u->clocks += clocked(r, *c);
		u->last = *c;
		/* A signed box's run goes on past its signature. */
		u->stop = pith_doc_node(r->d, sig != PITH_NONE ? sig : *c)->end;
		/* and past the term that signs the next one (see signed_above). */
		if (u->stop < stop && tag(r, u->stop) == GUMBO_TAG_DT &&
		    (t = rd_sibling_after(r, u->stop)) != PITH_NONE &&
		    signed_above(r, t) == u->stop)
			u->stop = t;
	}
	return true;
}

/* Most of run u is dated and by authors that change: readers'
 * comments, not a how-to's steps or a transcript's turns. */
static bool
talk(const struct flat_run *u)
{
	return 2 * u->dates >= u->k && 2 * u->same < u->k && 2 * u->clocks < u->k;
}

/* The box, t or one in it, whose children are readers' comments in
 * flat boxes: a run of RUN_MIN or more remarks of a kind that talk,
 * long ones too (a thread that outscores the post has them).  Each
 * box's children are looked at once, each of few blocks: linear.
 * PITH_NONE when none. */
size_t
rd_remarked(const rd *r, size_t t)
{
	for (size_t p = t; p < pith_doc_node(r->d, t)->end; p++) {
		struct flat_run u;

		for (size_t c = p + 1; next_run(r, p, &c, 4 * CHAR_THRESHOLD, &u); )
			if (u.k >= RUN_MIN && talk(&u))
				return p;
	}
	return PITH_NONE;
}

/* Readers' comments in flat boxes named anyhow ("c7x", "item-b"), each
 * beside the next, where rd_threaded() sees no reply nested: a run of
 * RUN_MIN or more short remarks alike (a long one among them does not
 * cut it), most dated and by authors that change,
 * holding the last paragraph of prose kept, after the post's first one
 * in a box unlike them; or all after it, outside the content (a column
 * of their own beside a brief), where the reason tells auto that MSS's
 * longer span is the comments (comments_added).  Answers to a question
 * are few and long, a forum's posts are read from the first, a debate's
 * turns are alike the top (N_BOX).  Customer reviews under their rating
 * may all be shorter than prose: after the post's last paragraph, in
 * the content, they go too.  One thread a page: the walk stops at it.
 * 0, or -1 when out of memory. */
int
rd_drop_flat(rd *r, const char **dwhy)
{
	const pith_doc *d = r->d;
	size_t post = PITH_NONE, end = PITH_NONE;
	double *prose, *all;

	/* The first and the last paragraph of prose kept, the first after
	 * the headline: the post's and the run's; the sums announced()
	 * reads. */
	if ((prose = calloc(2 * (r->nb + 1), sizeof *prose)) == NULL)
		return -1;
	all = prose + r->nb + 1;
	for (size_t b = 0; b < r->nb; b++) {
		bool mine = kept_prose(r, dwhy, b);

		if (mine && after_title(r, b)) {
			post = post == PITH_NONE ? b : post;
			end = b;
		}
		prose[b + 1] = prose[b] + (mine ? r->blen[b] : 0);
		all[b + 1] = all[b] + r->blen[b];
	}
	for (size_t p = 0; post != PITH_NONE && p < r->nn; p++) {
		struct flat_run u;

		if (dwhy[p] != NULL)
			continue;
		size_t from = PITH_NONE, opened = PITH_NONE, signs = 0, form;

		for (size_t c = p + 1; next_run(r, p, &c, 4 * CHAR_THRESHOLD, &u); ) {
			size_t first = u.first, last = u.last, k = u.brief, stars = u.stars;

			if (from == PITH_NONE && u.signs > 0)
				from = first;
			signs += u.signs;
			/* A reply without a sentence, or a picture, cuts a
			 * thread into runs: the first run of talk after the
			 * post opens it. */
			if (opened == PITH_NONE && k >= 2 && talk(&u) && post < r->bfirst[first])
				opened = first;

			bool told = k >= 2 && k < RUN_MIN && 2 * u.days > k &&
			    announced(r, prose, all, post, first, last, k);

			if ((k >= RUN_MIN || (k >= RATED_MIN && 2 * stars > k && 2 * u.days > k) || told) &&
			    talk(&u) && post < r->bfirst[first] &&
			    ((r->bfirst[first] <= end && end <= r->blast[last]) ||
			    (told && end < r->bfirst[first]) ||
			    (end < r->bfirst[first] && (!(r->flags[first] & N_IN) || 2 * stars >= k)))) {
				size_t above = signed_above(r, opened);

				/* The first's term goes with it. */
				mark_thread(dwhy, above != PITH_NONE ? above : opened, u.stop, FLAT_WHY);
				free(prose);
				return 0;
			}
			/* A short run, each remark signed, up to the reply
			 * form (see asks_reply): the thread, the headings over
			 * it and over the form too. */
			if (u.k >= 2 && u.signs == u.k && talk(&u) && 2 * u.days > u.k &&
			    post < r->bfirst[first] &&
			    (form = asks_reply(r, p, u.stop)) != PITH_NONE) {
				size_t h = rd_sibling_before(r, first);

				mark_thread(dwhy, h != PITH_NONE && heading_tag(r, h) ? h : first,
				    pith_doc_node(d, form)->end, FLAT_WHY);
				free(prose);
				return 0;
			}
			/* A run of RUN_MIN in a box apart from the post, the
			 * last prose kept further on in that box: replies
			 * without a sentence ("need a quote asap!!") cut the
			 * thread into runs, and a late reply's prose is kept,
			 * so the rest of the box is the thread, and so are
			 * the boxes of its kinds just before the run. */
			if (k >= RUN_MIN && talk(&u) && post < r->bfirst[first] &&
			    end > r->blast[last] && inside(r, pith_doc_block(d, end)->node, p) &&
			    !inside(r, pith_doc_block(d, post)->node, p)) {
				size_t s = opened, x = rd_sibling_after(r, opened), y;

				while ((y = rd_sibling_before(r, s)) != PITH_NONE &&
				    (rd_of_kind(r, y, opened) ||
				    (x != PITH_NONE && rd_of_kind(r, y, x))))
					s = y;
				mark_thread(dwhy, s, pith_doc_node(d, p)->end, FLAT_WHY);
				free(prose);
				return 0;
			}
			/* Comments signed below, RUN_MIN of them after the
			 * post, in the box that holds the last prose kept:
			 * from the first signed one on, the rest of the box is
			 * the thread (one without a sentence, or a picture,
			 * cuts the run, not the thread: the box's runs count
			 * together).  An article of signed letters opens with
			 * them, its first prose. */
			if (signs >= RUN_MIN && talk(&u) && post < r->bfirst[from] &&
			    end >= r->bfirst[from] && inside(r, pith_doc_block(d, end)->node, p)) {
				mark_thread(dwhy, from, pith_doc_node(d, p)->end, FLAT_WHY);
				free(prose);
				return 0;
			}
		}
	}
	free(prose);
	return 0;
}
