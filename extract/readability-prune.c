/*
 * readability-prune.c - what is pruned inside the top and why:
 * prune_reason and its predicates, the reasons described, labels,
 * pagers and counters, teasers (see readability.c).
 */
#include <gumbo.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unictype.h>
#include <unistr.h>
#include "readability-int.h"

static const char ad_why[] = "dropped: advertisement label";
const char rd_byline_why[] = "dropped: byline";

/* A reason with the numbers or names that decided it, kept with the
 * article; a fixed text when memory runs out. */
const char *
rd_reason(rd *r, const char *fallback, const char *fmt, ...)
{
	char s[160];
	va_list ap;
	const char *p;

	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	p = arena_strndup(r->strings, s, strlen(s));
	return p != NULL ? p : fallback;
}

/* The class (else id) a name rule matched, for the reason. */
static const char *
names(const rd *r, size_t n)
{
	const char *v = attr(r, n, "class");

	return v != NULL && *v ? v : attr(r, n, "id") ? attr(r, n, "id") : "";
}

/* A list of sentences that link what they speak of (release notes, a
 * blog's round-up) is text; a menu's items are a few words, and a list
 * of linked headlines is links throughout. */
bool
rd_prose_list(const rd *r, size_t n)
{
	GumboTag t = tag(r, n);

	return (t == GUMBO_TAG_UL || t == GUMBO_TAG_OL) && r->kids[n] > 0 &&
	    r->len[n] / r->kids[n] >= PROSE_ITEM && density(r, n) < 0.8;
}

/* Node k is a caption box: named so (not a figure's caption), or a
 * div of a picture and its caption line (see div_caption), as a page
 * whose names say nothing sets one. */
static bool
caption_box(const rd *r, size_t k)
{
	size_t c;

	if (tag(r, k) == GUMBO_TAG_FIGCAPTION)
		return false;
	if (r->cls[k] & C_CAPTION)
		return true;
	return tag(r, k) == GUMBO_TAG_DIV && r->kids[k] == 2 && k + 1 < r->nn &&
	    (c = rd_sibling_after(r, k + 1)) != PITH_NONE && rd_div_caption(r, c);
}

/* A photo gallery's captions are its text: the top holds GALLERY_BOXES
 * or more caption boxes as its own children, each box around a picture,
 * and their text averages a line of prose (PROSE_ITEM characters; a run
 * of bare photo credits is shorter).  A story's odd captioned picture,
 * or captions deeper in the content, do not make one.  The top's
 * children only: no pass over the page. */
bool
rd_gallery(const rd *r, size_t top)
{
	const pith_doc *d = r->d;
	double len = 0;
	int boxes = 0;

	for (size_t k = top + 1; k < pith_doc_node(d, top)->end; k = pith_doc_node(d, k)->end) {
		bool picture = false;

		if (!caption_box(r, k))
			continue;
		for (size_t b = r->bfirst[k]; b != PITH_NONE && b <= r->blast[k] && !picture; b++)
			picture = pith_doc_block(d, b)->kind == PITH_BLOCK_IMAGE;
		if (!picture)
			return false;
		boxes++;
		len += r->len[k];
	}
	return boxes >= GALLERY_BOXES && len >= PROSE_ITEM * boxes;
}

/* A slideshow's captions are its text too, deeper in the top, each in
 * its slide (a list item) around or right after its picture:
 * GALLERY_BOXES or more such caption boxes, their text averaging a line
 * of prose and holding half the top's text or more (a story's captioned
 * pictures hold a little of it).  One pass over the top, a caption's
 * subtree skipped once counted; the slide is a few levels up. */
bool
rd_slides(const rd *r, size_t top)
{
	const pith_doc *d = r->d;
	double len = 0;
	int boxes = 0;

	for (size_t k = top + 1; k < pith_doc_node(d, top)->end; ) {
		size_t b = r->bfirst[k];
		bool picture = false;

		if (!(r->cls[k] & C_CAPTION) || tag(r, k) == GUMBO_TAG_FIGCAPTION || b == PITH_NONE) {
			k++;
			continue;
		}
		picture = b > 0 && pith_doc_block(d, b - 1)->kind == PITH_BLOCK_IMAGE &&
		    pith_doc_block(d, b - 1)->node != PITH_NONE &&
		    inside(r, pith_doc_block(d, b - 1)->node, pith_doc_node(d, k)->parent);
		for (; b <= r->blast[k] && !picture; b++)
			picture = pith_doc_block(d, b)->kind == PITH_BLOCK_IMAGE;
		/* A slide is a list item: a post's pictures placed in the
		 * story's flow, each in its caption box, are not a slideshow
		 * (dragnet's truth leaves such captions out). */
		size_t a = k;

		for (int up = 0; up < 4 && a != top && tag(r, a) != GUMBO_TAG_LI; up++)
			a = pith_doc_node(d, a)->parent;
		picture = picture && a != top && tag(r, a) == GUMBO_TAG_LI;
		if (picture) {
			boxes++;
			len += r->len[k];
		}
		k = pith_doc_node(d, k)->end;
	}
	return boxes >= GALLERY_BOXES && len >= PROSE_ITEM * boxes && len >= 0.5 * r->len[top];
}

/* Node n is in one of the top's own caption boxes, or anywhere in the
 * top when it is a slideshow (see slides). */
static bool
in_gallery(const rd *r, size_t n, size_t top)
{
	size_t p;

	if (r->slides)
		return inside(r, n, top);
	while ((p = pith_doc_node(r->d, n)->parent) != PITH_NONE && p != top)
		n = p;
	return p == top && caption_box(r, n);
}

/* A <header> holding nothing but headings under the page's first
 * level: a section's heading (TYPO3 and HTML5 templates box each
 * content element's heading so), not the article's byline box. */
static bool
section_header(const rd *r, size_t n)
{
	if (r->bfirst[n] == PITH_NONE)
		return false;
	for (size_t b = r->bfirst[n]; b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind != PITH_BLOCK_HEADING || blk->level < 2)
			return false;
	}
	return true;
}

/* Node n's name is the chosen content's own, not a box's beside the
 * text in it: n holds all the text of the top or gathered sibling it
 * sits in (a page builder's "elementor-widget-wrap" in each column),
 * or n is a gathered sibling styled like the top (the builder's next
 * "elementor-widget-text-editor").  Those were chosen on their scores
 * and their place, whatever the builder calls every element. */
static bool
whole(const rd *r, size_t n, size_t top)
{
	size_t a = n, p;

	while ((p = pith_doc_node(r->d, a)->parent) != PITH_NONE && (r->flags[p] & N_IN))
		a = p;
	if (a == n)
		return n != top && rd_alike(r, n, top);
	return r->len[n] >= r->len[a] && r->len[n] > 0;
}

/* A strip of logos: a label that makes no sentence ("Gefördert
 * durch", "Avec le soutien de", "Funded by") over two or more pictures
 * and nothing else.  A project's funders and partners, not its text
 * (Readability.js drops such a box from three pictures).  A few blocks
 * only: a gallery is longer; and pictures each under a word of their
 * own ("Before", "After") are a comparison. */
static bool
logo_strip(const rd *r, size_t n)
{
	size_t b = r->bfirst[n];

	if (r->gallery || b == PITH_NONE || r->nblk[n] > 12 || r->blast[n] < b + 2 ||
	    pith_doc_block(r->d, b)->kind != PITH_BLOCK_PARA || r->bsentence[b] ||
	    r->blen[b] == 0 || r->blen[b] >= 25)
		return false;
	while (++b <= r->blast[n])
		if (pith_doc_block(r->d, b)->kind != PITH_BLOCK_IMAGE)
			return false;
	return true;
}

/* A chart drawn as a picture under its labels (the axis's "100",
 * "80", "%", the years, a key's "RECESSIONS"), each label a line of
 * its own: a picture and six or more short lines (a title, "U.S.
 * Dollar index", may read as a sentence), half of them figures
 * without a letter, each a bare line.  A photo's caption is one line;
 * a draw's numbers are a list, a table of figures is data. */
static bool
chart(const rd *r, size_t n)
{
	size_t pics = 0, lines = 0, figures = 0;

	if (r->nblk[n] < 7 || r->nblk[n] > 60 || r->gallery)
		return false;
	for (size_t b = r->bfirst[n]; b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind == PITH_BLOCK_IMAGE) {
			pics++;
		} else if (r->blen[b] > 60) {
			return false;
		} else if (r->blen[b] > 0) {
			lines++;
			figures += blk->kind == PITH_BLOCK_PARA && blk->len <= 8 &&
			    !rd_holds(blk->text, blk->len, uc_is_alpha);
		}
	}
	return pics > 0 && lines >= 6 && 2 * figures >= lines;
}

/* Box n has no sibling alike on either side. */
static bool
lone(const rd *r, size_t n)
{
	size_t k[2] = { rd_sibling_before(r, n), rd_sibling_after(r, n) };

	return (k[0] == PITH_NONE || !rd_alike(r, k[0], n)) &&
	    (k[1] == PITH_NONE || !rd_alike(r, k[1], n));
}

/* Box n's buttons written as lines: bare short lines of a word or
 * two without a digit ("Full Screen", "Autoplay", "Close", "×").  A
 * few blocks only (the rule asks up the chain of boxes). */
static int
button_lines(const rd *r, size_t n)
{
	int k = 0;

	if (r->nblk[n] > 30)
		return 0;
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		size_t spaces = 0;

		for (size_t i = 0; i < blk->len && blk->len <= 12; i++)
			spaces += blk->text[i] == ' ';
		k += blk->kind == PITH_BLOCK_PARA && r->blen[b] > 0 && blk->len <= 12 &&
		    spaces <= 1 && !r->bsentence[b] && !rd_holds(blk->text, blk->len, rd_is_digit);
	}
	return k;
}

/* Node n holds more text fields than a third of its paragraphs
 * (Readability.js's rule, less its radio buttons and checkboxes, which
 * a recipe card's print options are): a signup, search or comment
 * form.  prune_reason asks only of a short box: a blog's column of
 * post, comments and comment form holds as many fields.  A date, a
 * number or a choice is a field as a text is: a booking bar's dates and
 * guests, a search by make. */
static bool
form_box(const rd *r, size_t n)
{
	int fields = 0, paras = 0, controls = 0;

	for (size_t k = n + 1; k < pith_doc_node(r->d, n)->end; k++) {
		const char *type;

		switch (tag(r, k)) {
		case GUMBO_TAG_P:
			paras++;
			break;
		case GUMBO_TAG_INPUT:
			type = attr(r, k, "type");
			fields += type == NULL || str_has_word("text email search tel "
			    "password url date number", type, true);
			break;
		case GUMBO_TAG_SELECT:
		case GUMBO_TAG_TEXTAREA:
			fields++;
			break;
		case GUMBO_TAG_BUTTON:
		case GUMBO_TAG_LABEL:
			controls++;
			break;
		default:
			break;
		}
	}
	/* A shop's buying box is buttons and labels without a field
	 * (its colours, "Add to cart") over a price: no sentence. */
	return fields > paras / 3 || (controls >= 2 && rd_sentences(r, n) == 0);
}

/* Box n opens with an ad's label (see label) and holds more. */
static bool
ad_box(const rd *r, size_t n)
{
	size_t b = rd_first_text(r, n);

	return b != PITH_NONE && b < r->blast[n] && rd_label(r, b) == ad_why;
}

/* Aside n inside the top is a fact box in the run of the story: its
 * own heading over prose without a link, after a paragraph.  A pull
 * quote (no heading) repeats the text; a sidebar links away. */
static bool
fact_box(const rd *r, size_t n, size_t top)
{
	return n != top && inside(r, n, top) && !(r->cls[n] & (C_NOT_TEXT | C_ROLE_OUT)) &&
	    rd_headed(r, n) && rd_sentences(r, n) > 0 && r->link[n] == 0 &&
	    rd_after_paragraph(r, n);
}

/* Box p is one of a run: the element just before or after it is alike
 * and opened by its own heading too. */
static bool
headed_kin(const rd *r, size_t p)
{
	size_t q = pith_doc_node(r->d, p)->parent, s;

	if (q == PITH_NONE)
		return false;
	s = pith_doc_node(r->d, p)->end;
	if (s < r->nn && pith_doc_node(r->d, s)->parent == q && rd_alike(r, s, p) &&
	    rd_headed(r, s))
		return true;
	s = rd_sibling_before(r, p);
	return s != PITH_NONE && rd_alike(r, s, p) && rd_headed(r, s);
}

/* A box of details in a listing's item (a place's address and hours,
 * under a name like "meta"): right after the item's prose, in a box
 * opened by its own heading, one of a run.  An article's byline sits
 * above its text, not in each of a run of items. */
static bool
item_details(const rd *r, size_t n)
{
	size_t p = pith_doc_node(r->d, n)->parent;

	return p != PITH_NONE && rd_after_paragraph(r, n) && rd_headed(r, p) && headed_kin(r, p);
}

/* List n right after heading block h in the same box p. */
static bool
headed_list(const rd *r, size_t n, size_t p)
{
	size_t h = r->bfirst[n];

	return (tag(r, n) == GUMBO_TAG_UL || tag(r, n) == GUMBO_TAG_OL) && h != PITH_NONE &&
	    h > 0 && pith_doc_block(r->d, h - 1)->kind == PITH_BLOCK_HEADING &&
	    rd_own_heading(r, h - 1) && pith_doc_block(r->d, h - 1)->node != PITH_NONE &&
	    pith_doc_node(r->d, pith_doc_block(r->d, h - 1)->node)->parent == p;
}

/* List n is a few words per item under its own heading, after a
 * sentence in the same box, and one of several such (a thesaurus
 * sense: its gloss, example, then "Synonyms" and "Antonyms" over
 * linked words; or the sense is one of a run of boxes): the entry's
 * text.  A lone list of a heading's linked words ("Topics" under a
 * story) is its tags; a box of a heading and linked words alone is a
 * menu.  Short lists, a few blocks and siblings around: each item asks
 * again (keep_unlinked). */
bool
rd_word_list(const rd *r, size_t n)
{
	enum { NEAR = 4 };
	size_t p = pith_doc_node(r->d, n)->parent, h = r->bfirst[n], k;
	bool sentence = false, more = false;

	if (p == PITH_NONE || !headed_list(r, n, p) || h < 2 || h - 1 <= r->bfirst[p] ||
	    r->blast[n] - h >= 30)
		return false;
	for (size_t b = h; b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		size_t spaces = 0;

		for (size_t i = 0; i < blk->len; i++)
			spaces += blk->text[i] == ' ';
		if (blk->len > 30 || spaces > 2)
			return false;
	}
	for (size_t b = h - 1; b-- > r->bfirst[p] && b + 10 > h && !sentence; )
		sentence = r->bsentence[b] && r->blink[b] < 0.25 * r->blen[b] &&
		    pith_doc_block(r->d, b)->kind != PITH_BLOCK_HEADING;
	if (!sentence)
		return false;
	/* Another headed list among the next or previous few elements. */
	k = 0;
	for (size_t s = pith_doc_node(r->d, n)->end; !more && k < NEAR &&
	    s < pith_doc_node(r->d, p)->end; s = pith_doc_node(r->d, s)->end, k++)
		more = headed_list(r, s, p);
	k = 0;
	for (size_t s = rd_sibling_before(r, n); !more && k < NEAR && s != PITH_NONE;
	    s = rd_sibling_before(r, s), k++)
		more = headed_list(r, s, p);
	return more || headed_kin(r, p);
}

/* Box n is the whole body of the section its heading opens: right
 * after an unlinked heading of the text, up to the next heading of its
 * rank or the end, with no link and no control.  An imprint's
 * "Kontakt" box or a policy's "copyright-text" is named for what the
 * section says; a share bar, a signup box, a related box or a thread
 * under a heading link or ask. */
static bool
section_body(const rd *r, size_t n)
{
	size_t h = rd_sibling_before(r, n), p = pith_doc_node(r->d, n)->parent;
	size_t s = pith_doc_node(r->d, n)->end;
	GumboTag t;

	if (h == PITH_NONE || p == PITH_NONE || r->len[n] == 0 || r->link[n] > 0 || s > n + 500 ||
	    (r->cls[n] & (C_THREAD | C_META)) || (t = tag(r, h)) < GUMBO_TAG_H1 ||
	    t > GUMBO_TAG_H6 || (r->cls[h] & C_NOT_TEXT) || r->bfirst[h] == PITH_NONE ||
	    !rd_own_heading(r, r->bfirst[h]))
		return false;
	for (size_t k = n + 1; k < s; k++)
		if (tag(r, k) == GUMBO_TAG_BUTTON || tag(r, k) == GUMBO_TAG_INPUT ||
		    tag(r, k) == GUMBO_TAG_SELECT || tag(r, k) == GUMBO_TAG_TEXTAREA ||
		    tag(r, k) == GUMBO_TAG_IFRAME)
			return false;
	return s >= pith_doc_node(r->d, p)->end ||
	    (tag(r, s) >= GUMBO_TAG_H1 && tag(r, s) <= t);
}

/* Node n (or PITH_NONE) is a div of loose text with a sentence end,
 * a picture floated into it or not. */
static bool
div_sentence(const rd *r, size_t n)
{
	return n != PITH_NONE && rd_loose_block(r, n) != PITH_NONE && (r->flags[n] & N_SENTENCE);
}

/* A sibling of n with text, on either side past empty slots (see
 * text_sibling), is one that is(). */
static bool
beside(const rd *r, size_t n, bool (*is)(const rd *, size_t))
{
	for (int dir = -1; dir <= 1; dir += 2) {
		size_t k = rd_text_sibling(r, n, dir);

		if (k != PITH_NONE && is(r, k))
			return true;
	}
	return false;
}

/* Node n is a div of prose: a sentence, few links. */
static bool
prose_div(const rd *r, size_t n)
{
	return div_sentence(r, n) && density(r, n) <= 0.2;
}

/* Div paragraph n is one of a page's paragraphs set as divs (which
 * Readability.js makes <p>s): it has no name of its own, as an editor's
 * paragraphs have none, or a neighbour is a div of prose (past an ad's
 * empty slot between them).  A wiki's hatnote or a notice is named,
 * and stands before a <p>. */
static bool
div_kin(const rd *r, size_t n)
{
	return unnamed(r, n) || beside(r, n, prose_div);
}

/* A div's own text, its links aside, that makes it prose whatever its
 * links: a short paragraph's. */
enum { OWN_PROSE = 100 };

/* Node n is a div of loose text ending a sentence, a question too
 * (a round-up's lines), with at most half its text in links: a line
 * of the story set as a div, as its neighbours may be. */
static bool
sentence_div(const rd *r, size_t n)
{
	size_t b = rd_loose_block(r, n);

	return b != PITH_NONE && density(r, n) <= 0.5 &&
	    (r->bsentence[b] || rd_sentence_end(pith_doc_block(r->d, b)));
}

/* Div n is one of the story's paragraphs set as divs: loose text,
 * a div of sentences beside it (a <p> the page made a div).  Its links
 * (a credit, a source, a linked title) count no more than a <p>'s;
 * but mostly links, three or more, and under OWN_PROSE of its own
 * text, it is a list of them ("More news", "Follow us"). */
static bool
para_kin(const rd *r, size_t n)
{
	size_t b = rd_loose_block(r, n);

	return b != PITH_NONE && (density(r, n) <= 0.5 || r->len[n] - r->link[n] >= OWN_PROSE ||
	    rd_links(pith_doc_block(r->d, b)) <= 2) && beside(r, n, sentence_div);
}

/* Picture n is drawn at most AVATAR_MAX pixels square, or named so (on
 * itself or its link or wrapper). */
bool
rd_small_picture(const rd *r, size_t n)
{
	enum { AVATAR_MAX = 100 };
	const char *w = attr(r, n, "width"), *h = attr(r, n, "height");
	size_t p = pith_doc_node(r->d, n)->parent;

	if ((r->cls[n] & C_AVATAR) || (p != PITH_NONE && (r->cls[p] & C_AVATAR)))
		return true;
	return w != NULL && h != NULL && atoi(w) > 0 && atoi(w) <= AVATAR_MAX &&
	    atoi(h) > 0 && atoi(h) <= AVATAR_MAX;
}

/* The first <img> among box n's first few elements, `within` of them
 * (in a link, a wrapper): a bounded look.  PITH_NONE when none. */
size_t
rd_box_img(const rd *r, size_t n, size_t within)
{
	size_t end = pith_doc_node(r->d, n)->end;

	for (size_t i = n + 1; i < end && i <= n + within; i++)
		if (tag(r, i) == GUMBO_TAG_IMG)
			return i;
	return PITH_NONE;
}

/* Block text ends in an ellipsis ("More on her...", "Next…"): a line
 * trailing off, no sentence ended. */
static bool
trails_off(const pith_block *blk)
{
	const char *t = blk->text;
	size_t n = blk->len;

	while (n > 0 && t[n - 1] == ' ')
		n--;
	return n >= 3 && (memcmp(t + n - 3, "...", 3) == 0 ||
	    memcmp(t + n - 3, "\xe2\x80\xa6", 3) == 0);
}

/* Block blk is an author box's line above its paragraph: a short one
 * with no sentence ended (a heading, trailing off or not), or one
 * opening on a link (the author's name, linking to their posts, and a
 * count of them). */
static bool
name_line(const pith_block *blk)
{
	return blk->len > 0 && ((blk->len <= 60 && (!rd_full_stop(blk) || trails_off(blk))) ||
	    (blk->len < 80 && blk->nruns > 0 && blk->runs[0].start == 0 &&
	    blk->runs[0].href != NULL));
}

/* Box n is a note on the post's author: an avatar-sized picture and a
 * short line (the name: a heading or a link) before a paragraph about
 * them, all under META_BOX (a blog's "About Jane" box, whatever its
 * names or language). */
static bool
author_box(const rd *r, size_t n)
{
	size_t b = r->bfirst[n], e = r->blast[n], i;
	bool pic = false, name = false;
	GumboTag t = tag(r, n);

	if (b == PITH_NONE || e - b > 4 || r->len[n] >= META_BOX ||
	    (t != GUMBO_TAG_DIV && t != GUMBO_TAG_SECTION && t != GUMBO_TAG_ASIDE))
		return false;
	if ((i = rd_box_img(r, n, 6)) == PITH_NONE || !rd_small_picture(r, i))
		return false;
	for (; b <= e; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind == PITH_BLOCK_IMAGE)
			pic = true;
		else if (name_line(blk))
			name = true;
		else if (pic && name && blk->len >= 80 && r->bsentence[b])
			return true;
		else
			return false;
	}
	return false;
}

/* Box n is a quote set in the story (an embedded post: a blockquote of
 * its words, a link to the post, its date): the blockquote holds all
 * its text, and a paragraph of prose stands beside it.  A related-links
 * box is a list or a run of headlines, not a quote. */
static bool
quote_box(const rd *r, size_t n)
{
	return n + 1 < r->nn && tag(r, n + 1) == GUMBO_TAG_BLOCKQUOTE &&
	    r->len[n + 1] == r->len[n] && beside(r, n, rd_paragraph);
}

/* Node n is a caption set as a div's loose text under its picture (an
 * <img> and a <span> of text in one div) beside the story's paragraphs:
 * the picture first, then one line of at most TEASER_LEN with no link
 * and not ending a sentence (a question is no caption either).  With a
 * sentence's end inside, a caption is a sentence and its credit, half
 * that long at most: longer, it is a paragraph set around a picture
 * floated in it (a <p> the page made a div).  Not a post that is a
 * picture and its line, with no paragraph beside it. */
static bool
picture_div(const rd *r, size_t n)
{
	size_t b = rd_loose_block(r, n);

	return b != PITH_NONE && b > r->bfirst[n] && b == r->blast[n] && r->blink[b] == 0 &&
	    r->blen[b] <= (r->bsentence[b] ? TEASER_LEN / 2 : TEASER_LEN) &&
	    !rd_sentence_end(pith_doc_block(r->d, b)) && beside(r, n, rd_paragraph);
}

enum { ALT_GAP = 3, ALT_MIN = 20, ALT_MAX = 512, CREDIT_MAX = 80 };

/* Caption c's words run on from a word of alt a for ALT_MIN bytes or
 * more, up to c's end (c within a), to c's ellipsis (a teaser of the
 * caption, cut short), or to a's end with only a bracketed credit after
 * ("PHOTO: words" over "words (credit)").  A paragraph opening on the
 * alt's words ("Ann and Bo" over "Ann and Bo flew in ...") goes on.
 * An alt longer than ALT_MAX is no picture's description: the search
 * from each of its words stays bounded on a hostile page. */
static bool
alt_repeats(const pith_block *a, const pith_block *c)
{
	if (a->len > ALT_MAX)
		return false;
	for (size_t o = 0; o + ALT_MIN <= a->len; o++) {
		size_t k = 0, m;

		if (o > 0 && a->text[o - 1] != ' ')
			continue;
		while (o + k < a->len && k < c->len && a->text[o + k] == c->text[k])
			k++;
		for (m = k; m < c->len && c->text[m] == ' ';)
			m++;
		if (k >= ALT_MIN && (k == c->len ||
		    (o + k == a->len && m < c->len && c->text[m] == '(') ||
		    (c->len - k >= 3 && (memcmp(c->text + k, "...", 3) == 0 ||
		    memcmp(c->text + k, "\xe2\x80\xa6", 3) == 0))))
			return true;
	}
	return false;
}

/* Node n is a picture's caption that repeats its alt text: one line
 * (after its picture, when n holds both: an <img> and a <cite> in one
 * div) whose words a picture's alt, at most ALT_GAP blocks before it
 * (a credit between), says word for word (see alt_repeats).  A story's
 * paragraph never restates a picture's alt. */
static bool
alt_caption(const rd *r, size_t n)
{
	const pith_doc *d = r->d;
	size_t b = r->blast[n];
	const pith_block *c;

	if (r->nblk[n] == 0 || r->nblk[n] > 2 || b == PITH_NONE ||
	    (r->nblk[n] == 2 && pith_doc_block(d, b - 1)->kind != PITH_BLOCK_IMAGE))
		return false;
	c = pith_doc_block(d, b);
	if (c->kind != PITH_BLOCK_PARA || c->len < ALT_MIN)
		return false;
	for (size_t k = b; k-- > 0 && k + ALT_GAP >= b;) {
		const pith_block *i = pith_doc_block(d, k);

		if (i->kind == PITH_BLOCK_IMAGE && alt_repeats(i, c))
			return true;
	}
	return false;
}

/* Node n is the credit line between a picture and its caption that
 * repeats the picture's alt (see alt_repeats): one short line, no link
 * and no sentence ended, the picture right before it and the caption
 * right after.  A story's short line sits between paragraphs. */
static bool
alt_credit(const rd *r, size_t n)
{
	const pith_doc *d = r->d;
	size_t b = r->bfirst[n];
	const pith_block *c, *i, *t;

	if (r->nblk[n] != 1 || b == PITH_NONE || b == 0 || b + 1 >= pith_doc_nblocks(d))
		return false;
	c = pith_doc_block(d, b);
	i = pith_doc_block(d, b - 1);
	t = pith_doc_block(d, b + 1);
	return c->kind == PITH_BLOCK_PARA && c->len <= CREDIT_MAX && r->blink[b] == 0 &&
	    !rd_sentence_end(c) && i->kind == PITH_BLOCK_IMAGE && t->kind == PITH_BLOCK_PARA &&
	    alt_repeats(i, t);
}

/* Box n holds the page's headline and prose after it: the post itself,
 * whose links (its tags and categories, the blog's menu above it) count
 * against it no more than a comment thread's or a sidebar's beside it. */
static bool
headline_box(const rd *r, size_t n)
{
	size_t tb = r->title_block;

	if (tb == PITH_NONE || r->bfirst[n] == PITH_NONE || tb < r->bfirst[n] ||
	    tb >= r->blast[n])
		return false;
	for (size_t b = tb + 1; b <= r->blast[n]; b++)
		if (rd_prose_block(r, b))
			return true;
	return false;
}

/* Box n is paragraphs of prose, three or more without a link, with
 * its links in one line of their own ("see also" after the story's
 * last paragraphs): the line goes on its own (see the block pass), the
 * prose stays.  A box of teasers links each one's headline. */
static bool
link_line(const rd *r, size_t n)
{
	size_t prose = 0, linked = 0;

	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		if (r->blink[b] > 0)
			linked++;
		else if (rd_prose_block(r, b))
			prose++;
	}
	return prose >= 3 && linked <= 1;
}

/* Node n inside the content: why it is dropped, or NULL. */
const char *
rd_prune_reason(rd *r, size_t n, size_t top, unsigned f, double total,
             double ptotal)
{
	GumboTag t = tag(r, n);
	unsigned c = r->cls[n];
	double ld = density(r, n);

	if (r->flags[n] & N_HIDDEN)
		return "dropped: hidden";
	if (r->flags[n] & N_KEEP)
		return NULL;
	/* An <aside> of the article's notes is its text (see take_notes),
	 * and so is a fact box in the run of the story's paragraphs. */
	if ((rd_tag_out(t) || (c & C_ROLE_OUT)) &&
	    !(t == GUMBO_TAG_ASIDE && ((r->flags[n] & N_BOX) || fact_box(r, n, top))))
		return rd_reason(r, "dropped: navigation or aside", "dropped: <%s>%s%.40s",
		    pith_doc_node(r->d, n)->tag, attr(r, n, "role") ? " role " : "",
		    attr(r, n, "role") ? attr(r, n, "role") : "");
	/* Figure captions stay (the text output leaves them out unless
	 * asked); credit and caption lines elsewhere are plain text,
	 * but a gallery's captions are its text. */
	if (((c & C_CAPTION) || rd_div_caption(r, n) ||
	    (n != top && (picture_div(r, n) || alt_caption(r, n) || alt_credit(r, n)))) &&
	    t != GUMBO_TAG_FIGCAPTION &&
	    !(r->gallery && in_gallery(r, n, top)))
		return rd_reason(r, "dropped: caption", "dropped: caption '%.40s'", names(r, n));
	if (n != top && (t == GUMBO_TAG_HEADER ? r->len[n] < 200 && !section_header(r, n) &&
	    !rd_prose_box(r, n) :
	    ((c & C_META) || author_box(r, n)) &&
	    r->len[n] < META_BOX && r->len[n] < 0.5 * total && !item_details(r, n)))
		return rd_reason(r, "dropped: byline or dateline",
		    "dropped: byline or dateline '%.40s'", t == GUMBO_TAG_HEADER ?
		    "<header>" : names(r, n));
	/* A box under an ad's label ("Advertisement", "Anzeige") is the
	 * ad, its pitch in plain paragraphs: short, and more than the
	 * label (which rd_label() drops alone). */
	if (n != top && r->len[n] < AD_BOX && ad_box(r, n))
		return "dropped: advertisement";
	/* Boxes styled like the one holding the top's paragraphs (see
	 * gather_alike), and boxes holding all of their part of the
	 * content (see whole), are the article's text whatever their
	 * names. */
	bool holder = (r->flags[n] & N_BOX) || whole(r, n, top) ||
	    ((r->flags[n] & N_DATA) && rd_header_row(r, n)) ||
	    ((c & (C_BOILER | C_NEGATIVE)) && section_body(r, n));

	if ((c & C_BOILER) && !(c & C_BODY) && r->len[n] < 0.5 * total && n != top && !holder)
		return rd_reason(r, "dropped: boilerplate name",
		    "dropped: boilerplate name '%.40s'", names(r, n));
	bool prose = rd_prose_list(r, n);

	if ((t == GUMBO_TAG_UL || t == GUMBO_TAG_OL) && ld > LINK_LIST && !prose &&
	    !rd_word_list(r, n))
		return rd_reason(r, "dropped: link list", "dropped: link list, links %.2f", ld);
	/* A <form> of text fields is the comment or signup form even on
	 * the relaxed retry, which keeps the boxes it doubts. */
	if (t == GUMBO_TAG_FORM && n != top && r->len[n] < CHAR_THRESHOLD && form_box(r, n))
		return rd_reason(r, "dropped: form", "dropped: form '%.40s'", names(r, n));
	if (!(f & F_CLEAN) || (r->flags[n] & N_DATA) || n == top)
		return NULL;
	/* <center> is an old page's div (its menu and footer lines). */
	if (t == GUMBO_TAG_DIV || t == GUMBO_TAG_SECTION || t == GUMBO_TAG_CENTER ||
	    t == GUMBO_TAG_UL || t == GUMBO_TAG_OL || t == GUMBO_TAG_TABLE ||
	    t == GUMBO_TAG_FORM || t == GUMBO_TAG_FIELDSET) {
		int w = (f & F_WEIGHT_CLASSES) ? r->weight[n] : 0;

		/* A negative word on the box holding most of the article's
		 * paragraphs is a state ("quick-add-hidden": a shop's
		 * description, hidden in its quick view) or a theme's whim,
		 * not a box beside the text: those are named unlikely
		 * (comments), and go. */
		if (w < 0 && ((!holder && r->plen[n] < 0.7 * ptotal) || (c & C_UNLIKELY)) &&
		    !((c & C_META) && item_details(r, n)))
			return rd_reason(r, "dropped: negative class weight",
			    "dropped: class weight %d '%.40s'", w, names(r, n));
		/* Most of the article's paragraphs: the links beside them
		 * (a menu in the story's div) go one by one, not with them. */
		if (r->plen[n] >= 0.7 * ptotal)
			return NULL;
		/* A slideshow in the story counts its first picture twice or
		 * more (the slide's count, the caption bar's), or once among
		 * its buttons ("1 of 24", "Full Screen", "Autoplay",
		 * "Close"): its captions and buttons are the widget's.  A
		 * post's numbered picture is one of a run of boxes alike. */
		if ((r->slidec[n] >= 2 || (r->slidec[n] == 1 && lone(r, n) &&
		    button_lines(r, n) >= 3)) &&
		    !r->gallery && !holder)
			return rd_reason(r, "dropped: slideshow", "dropped: slideshow, %d counts",
			    r->slidec[n]);
		if (r->len[n] < CHAR_THRESHOLD && form_box(r, n))
			return rd_reason(r, "dropped: form", "dropped: form '%.40s'", names(r, n));
		if (logo_strip(r, n))
			return "dropped: a strip of logos";
		if (chart(r, n))
			return "dropped: a chart's labels";
		/* A list, or a box that is nearly all lists (Readability.js's
		 * isList), goes for its links only as a link list would:
		 * its items (a round-up, steps, specs) link as they go. */
		bool list = t == GUMBO_TAG_UL || t == GUMBO_TAG_OL || r->llen[n] > 0.9 * r->len[n];

		if (prose || r->commas[n] >= 10)
			return NULL;
		if (list && ld > LINK_LIST && !rd_word_list(r, n))
			return rd_reason(r, "dropped: link list", "dropped: link list, links %.2f",
			    ld);
		/* A div of loose text with clauses, or among divs of prose,
		 * is a paragraph (Readability.js makes it a <p>, which this
		 * pass never drops for its links): a wire story's lede links
		 * its dateline, company and ticker.  An embedded post beside the
		 * story's paragraphs links its source and date. */
		if (!list && !(r->flags[n] & N_BOX) && ((w < 25 && ld > 0.2 &&
		    !(div_sentence(r, n) && ((r->len[n] > 80 && r->commas[n] >= 2) ||
		    div_kin(r, n))) && !quote_box(r, n) && !headline_box(r, n) && !link_line(r, n)) ||
		    ld > 0.5) && !para_kin(r, n))
			return rd_reason(r, "dropped: link density",
			    "dropped: link density %.2f (weight %d)", ld, w);
	}
	return NULL;
}

bool
rd_similar_title(const rd *r, size_t b)
{
	return rd_titled(r, b, 2);
}

/* Block b is a heading of level up to max repeating the page's title. */
bool
rd_titled(const rd *r, size_t b, int max)
{
	const char *t = pith_doc_title(r->d);
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t n;

	if (t == NULL || blk->kind != PITH_BLOCK_HEADING || blk->level > max)
		return false;
	n = strlen(t);
	/* The page title usually holds the headline plus the site name. */
	return strcmp(t, blk->text) == 0 || (blk->len >= 10 &&
	    (str_has_icase(t, blk->text) || (n >= 10 && str_has_icase(blk->text, t)))) ||
	    rd_title_head(t, blk->text);
}

/* Title t opens with h then a separator before the site's name
 * ("Shuteye : All & Sundry"): a short headline is the title's too. */
bool
rd_title_head(const char *t, const char *h)
{
	size_t m = strlen(h);
	bool hier;

	return m > 0 && strncasecmp(t, h, m) == 0 && meta_sep_at(t, m, strlen(t), true, &hier) > 0;
}

/* The reasons that name the chosen container, so the overlay can say
 * where the article is and why everything else is not. */
void
rd_describe(rd *r, size_t top, unsigned f)
{
	char name[96], s[192];
	const char *cls = attr(r, top, "class"), *id = attr(r, top, "id");
	int n;

	n = snprintf(name, sizeof name, "%s%s%.30s%s%.30s", pith_doc_node(r->d, top)->tag,
	    id ? "#" : "", id ? id : "", cls ? "." : "", cls ? cls : "");
	for (int i = 0; i < n && i < (int)sizeof name; i++)
		if (name[i] == ' ')
			name[i] = '.';
	snprintf(s, sizeof s, "kept: in %s, score %.1f, weight %+d, links %.2f%s",
	    name, r->score[top], (f & F_WEIGHT_CLASSES) ? r->weight[top] : 0,
	    density(r, top), f & F_STRIP_UNLIKELY ? "" : " (relaxed retry)");
	r->kept_why = arena_strndup(r->strings, s, strlen(s));
	snprintf(s, sizeof s, "dropped: outside %s", name);
	r->out_why = arena_strndup(r->strings, s, strlen(s));
	/* A sibling rd_gather() took, the notes after the story, a deck
	 * above it: the overlay says they are not in the top. */
	snprintf(s, sizeof s, "kept: beside %s, as its part", name);
	r->beside_why = arena_strndup(r->strings, s, strlen(s));
	if (r->kept_why == NULL || r->out_why == NULL || r->beside_why == NULL)
		r->kept_why = r->out_why = r->beside_why = "?";
	r->top = top;
	for (size_t b = 0; b < r->nb; b++)
		r->why[b] = r->out_why;
}

/* Distinct links in a block. */
size_t
rd_links(const pith_block *blk)
{
	size_t n = 0;
	const char *last = NULL;

	for (size_t i = 0; i < blk->nruns; i++)
		if (blk->runs[i].href != NULL && blk->runs[i].href != last) {
			last = blk->runs[i].href;
			n++;
		}
	return n;
}

/* A heading that is one link, once the article's text has begun,
 * names a section of it (the link is the section's permalink or its
 * source), as an unlinked heading would; before the text, a linked
 * heading is the site's name, a menu's or another story's. */
bool
rd_section_heading(const pith_block *blk, double kept)
{
	return blk->kind == PITH_BLOCK_HEADING && kept > 0 && rd_links(blk) <= 1;
}

/* An item that is all link in a list of sentences, most of its items
 * under half link (the week's highlights, one of them a bare link to a
 * review): one of them, where a box of related headlines with one
 * excerpt is mostly bare links.  So is a glossary's linked term, the
 * name of the unlinked definition after it. */
bool
rd_prose_item(const rd *r, size_t n)
{
	size_t l = pith_doc_node(r->d, n)->parent, dd = pith_doc_node(r->d, n)->end;

	if (tag(r, n) == GUMBO_TAG_DT)
		return dd < r->nn && pith_doc_node(r->d, dd)->parent == l &&
		    tag(r, dd) == GUMBO_TAG_DD && r->len[dd] > 0 && r->link[dd] == 0;
	return tag(r, n) == GUMBO_TAG_LI && l != PITH_NONE && rd_prose_list(r, l) &&
	    2 * r->prose_kids[l] >= r->kids[l];
}

/* A capital letter opens s (the name after "By", "Von", "Par"). */
static bool
capital(const char *s, size_t n)
{
	ucs4_t c;

	return n > 0 && u8_mbtouc(&c, (const uint8_t *)s, n) > 0 && uc_is_upper(c);
}

/* s opens with a colon, French typography's space (plain, no-break or
 * narrow no-break) before it allowed. */
static bool
colon(const char *s, size_t n)
{
	if (n > 0 && s[0] == ' ')
		s++, n--;
	else if (n >= 2 && memcmp(s, "\xc2\xa0", 2) == 0)
		s += 2, n -= 2;
	else if (n >= 3 && memcmp(s, "\xe2\x80\xaf", 3) == 0)
		s += 3, n -= 3;
	return n > 0 && s[0] == ':';
}

/* s opens what follows a dateline's word: a colon, a space or a digit,
 * full-width or ideographic ones too ("发布时间：2024", "입력 2024"). */
static bool
date_gap(const char *s, size_t n)
{
	return n > 0 && (strchr(": 0123456789", *s) != NULL ||
	    rd_starts(s, n, "\xef\xbc\x9a") || rd_starts(s, n, "\xe3\x80\x80"));
}

/* s holds a character that is(), of any script: a digit (a date in
 * Arabic-Indic, Persian or Devanagari digits is a date too), a letter. */
bool
rd_holds(const char *s, size_t n, bool (*is)(ucs4_t))
{
	const uint8_t *u = (const uint8_t *)s;
	ucs4_t c;

	for (size_t i = 0; i < n; ) {
		int m = u8_mbtouc(&c, u + i, n - i);

		if (is(c))
			return true;
		i += (size_t)m;
	}
	return false;
}

bool
rd_is_digit(ucs4_t c)
{
	return uc_decimal_value(c) >= 0;
}

/* A rating's star, full or empty ("★★★★☆"). */
bool
rd_is_star(ucs4_t c)
{
	return c == 0x2605 || c == 0x2606 || c == 0x2B50;
}

/* Short line s[0..n) is a score out of five or ten ("4.5 out of 5",
 * "Note : 4/5", "8 von 10"): a number, not over the last, which is 5
 * or 10 and ends the line's numbers. */
bool
rd_score_line(const char *s, size_t n)
{
	long last = -1, prev = -1;

	if (n > 40)
		return false;
	for (size_t i = 0; i < n; ) {
		if (!isdigit((unsigned char)s[i])) {
			i++;
			continue;
		}
		long v = 0;

		while (i < n && v < 100000 && isdigit((unsigned char)s[i]))
			v = v * 10 + (s[i++] - '0');
		/* A decimal's fraction ("4.5", "4,5") is its number's. */
		if (i + 1 < n && (s[i] == '.' || s[i] == ',') && isdigit((unsigned char)s[i + 1]))
			for (i++; i < n && isdigit((unsigned char)s[i]); i++)
				;
		prev = last, last = v;
	}
	return (last == 5 || last == 10) && prev >= 0 && prev <= last;
}

/* Box c bears a rating: a line of it, not of its prose, holds stars or
 * a score. */
bool
rd_rated(const rd *r, size_t c)
{
	for (size_t b = r->bfirst[c]; b != PITH_NONE && b <= r->blast[c]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (!rd_prose_block(r, b) && (rd_holds(blk->text, blk->len, rd_is_star) ||
		    rd_score_line(blk->text, blk->len)))
			return true;
	}
	return false;
}

/* Element x holds a <button> among its first few elements. */
static bool
button_in(const rd *r, size_t x)
{
	for (size_t n = x + 1; n < pith_doc_node(r->d, x)->end && n < x + 16; n++)
		if (tag(r, n) == GUMBO_TAG_BUTTON)
			return true;
	return false;
}

/* Block b is a number beside a button ("214" by "Reply", the votes
 * or likes under a comment): digits and no letter, in a box that holds
 * a <button> among its first few elements, or over one (a shop's
 * "€49.90" over "Add to cart", the price in a wrapper of its own, the
 * button in a form), perhaps past a few short lines ("inkl. MwSt.",
 * "In stock", a colour's choice, but no list: a pricing table's tier
 * lists what it buys): the buying box's, set
 * in the box of the description.  Nodes [*lo, *hi) are those lines.  A
 * countdown's "10" or a year heads text; only a control's count or
 * price stands by the control. */
bool
rd_tally(const rd *r, size_t b, size_t *lo, size_t *hi)
{
	enum { LINES_MAX = 4 };
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t x = blk->node, p, s;

	*lo = *hi = 0;
	if (blk->kind != PITH_BLOCK_PARA || x == PITH_NONE || blk->len > 40 ||
	    !rd_holds(blk->text, blk->len, rd_is_digit) ||
	    rd_holds(blk->text, blk->len, uc_is_alpha))
		return false;
	if (button_in(r, x))
		return true;
	/* The wrappers that hold the number alone, then the next elements. */
	for (int up = 0; up < 2 && (p = pith_doc_node(r->d, x)->parent) != PITH_NONE &&
	    r->len[p] == r->len[x]; up++)
		x = p;
	p = pith_doc_node(r->d, x)->parent;
	s = pith_doc_node(r->d, x)->end;
	for (int k = 0; k <= LINES_MAX && s < r->nn && pith_doc_node(r->d, s)->parent == p;
	    k++, s = pith_doc_node(r->d, s)->end) {
		if (tag(r, s) == GUMBO_TAG_BUTTON || button_in(r, s)) {
			*lo = x, *hi = s;
			return true;
		}
		if (r->len[s] >= 80 || heading_tag(r, s) ||
		    tag(r, s) == GUMBO_TAG_UL || tag(r, s) == GUMBO_TAG_OL || tag(r, s) == GUMBO_TAG_TABLE)
			return false;
	}
	return false;
}

/* A word of s's opens at s[i]: a credit's ("编辑：王敏"), then a colon
 * (ASCII or full-width), a bar or a slash ("文字｜林小满"). */
static bool
cjk_word_at(const char *s, size_t i, size_t n, const char *word)
{
	static const char *const after[] = {
		":", "\xef\xbc\x9a", "|", "\xef\xbd\x9c", "/", "\xef\xbc\x8f",
	};
	size_t k = strlen(word);

	if (i + k >= n || memcmp(s + i, word, k) != 0)
		return false;
	for (size_t j = 0; j < sizeof after / sizeof after[0]; j++)
		if (rd_starts(s + i + k, n - i - k, after[j]))
			return true;
	return false;
}

/* A credit line of Chinese, Japanese and Korean pages, whose names no
 * capital marks and whose words no space parts: a credit word at the
 * start or after a gap ("责任编辑：王敏", "2024年3月5日　来源：新华社",
 * a wire's "(编辑：李红　校对：王敏)"), or a Korean byline, a name and
 * then "기자" (reporter) or "특파원" (correspondent), perhaps an
 * address ("이수진 기자 sujin@example.com"); a lead opens the same way
 * but goes on.  Only a line without a full stop. */
static bool
cjk_credit(const char *s, size_t n, size_t nw)
{
	static const char *const credits[] = {
		"\xe6\x9d\xa5\xe6\xba\x90", /* 来源 */ "\xe4\xbe\x86\xe6\xba\x90", /* 來源 */
		"\xe4\xbd\x9c\xe8\x80\x85", /* 作者 */ "\xe7\xbc\x96\xe8\xbe\x91", /* 编辑 */
		"\xe7\xb7\xa8\xe8\xbc\xaf", /* 編輯 */ "\xe8\xae\xb0\xe8\x80\x85", /* 记者 */
		"\xe8\xa8\x98\xe8\x80\x85", /* 記者 */ "\xe6\xa0\xa1\xe5\xaf\xb9", /* 校对 */
		"\xe6\xa0\xa1\xe5\xb0\x8d", /* 校對 */ "\xe5\xae\xa1\xe6\xa0\xb8", /* 审核 */
		"\xe5\xaf\xa9\xe6\xa0\xb8", /* 審核 */ "\xe6\x96\x87\xe5\xad\x97", /* 文字 */
		"\xe6\x91\x84\xe5\xbd\xb1", /* 摄影 */ "\xe6\x94\x9d\xe5\xbd\xb1", /* 攝影 */
		"\xe8\xb4\xa3\xe4\xbb\xbb\xe7\xbc\x96\xe8\xbe\x91", /* 责任编辑 */
		"\xe8\xb2\xac\xe4\xbb\xbb\xe7\xb7\xa8\xe8\xbc\xaf", /* 責任編輯 */
	};
	static const char *const opens[] = {
		"\xef\xbc\x88", "\xe3\x80\x90", "\xe3\x80\x94", "(", "[", "<", /* （【〔 */
	};
	static const char *const gaps[] = { " ", "\xe3\x80\x80", "\xef\xbc\x88", "(", "|", "\xef\xbd\x9c" };
	static const char *const bys[] = {
		"\xea\xb8\xb0\xec\x9e\x90", /* 기자 */ "\xed\x8a\xb9\xed\x8c\x8c\xec\x9b\x90", /* 특파원 */
	};
	size_t i = 0;

	if (strstr(s, "\xe3\x80\x82") != NULL)     /* 。 */
		return false;
	for (size_t k = 0; k < sizeof opens / sizeof opens[0]; k++)
		if (rd_starts(s, n, opens[k]))
			i = strlen(opens[k]);
	for (size_t j = i; j < n; j++) {
		bool at = j == i;

		/* each credit word opens on a byte of 0xe4 to 0xe8 */
		if ((unsigned char)s[j] < 0xe4 || (unsigned char)s[j] > 0xe8)
			continue;
		for (size_t k = 0; !at && k < sizeof gaps / sizeof gaps[0]; k++) {
			size_t g = strlen(gaps[k]);

			at = j >= g && memcmp(s + j - g, gaps[k], g) == 0;
		}
		for (size_t k = 0; at && k < sizeof credits / sizeof credits[0]; k++)
			if (cjk_word_at(s, j, n, credits[k]))
				return true;
	}
	for (size_t j = 1; nw <= 4 && s[n - 1] != '.' && j < n; j++)
		for (size_t k = 0; s[j - 1] == ' ' && k < sizeof bys / sizeof bys[0]; k++) {
			size_t m = strlen(bys[k]);

			if (j + m <= n && memcmp(s + j, bys[k], m) == 0 &&
			    (j + m == n || strchr(" (<", s[j + m]) != NULL))
				return true;
		}
	return false;
}

/* A pager's line printed as text ("Page 2 of 4", "Seite 2 von 3",
 * "« Previous 1 2 3 Next »", "Pages: 1 2 3 4"): a page's word, its
 * number and perhaps a short word or a slash and the count; or three
 * numbers running up one by one among at most two words.  A sentence
 * counting anything else ("2 of 4 voted") opens on no page's word and
 * runs no numbers so. */
static bool
pager(const char *s, size_t n)
{
	static const char *const pages[] = {
		"page", "pages", "seite", "seiten", "p\xc3\xa1gina", "pagina", "strona", "sida",
		"side", "sayfa",
		"\xd1\x81\xd1\x82\xd1\x80\xd0\xb0\xd0\xbd\xd0\xb8\xd1\x86\xd0\xb0", /* страница */
	};
	char kind[16];          /* per token: 'n' number, 'w' word, 's' sign */
	size_t nt = 0, nw = 0, run = 1, best = 0, w0 = 0;
	long last = -1;

	if (n > 80)
		return false;
	for (size_t i = 0, k; i < n; i = k) {
		bool digits = true;

		while (i < n && s[i] == ' ')
			i++;
		if (i == n)
			break;
		if (nt == sizeof kind)
			return false;
		for (k = i; k < n && s[k] != ' '; k++)
			digits = digits && isdigit((unsigned char)s[k]);
		/* A page's number has no leading zero ("Versions: 00 01 02"). */
		if (digits && s[i] == '0')
			return false;
		if (digits) {
			long v = strtol(s + i, NULL, 10);

			run = v == last + 1 ? run + 1 : 1;
			best = run > best ? run : best;
			last = v;
			kind[nt++] = 'n';
		} else if (rd_holds(s + i, k - i, uc_is_alpha)) {
			/* The first word, its colon aside ("Pages:"). */
			if (nt == 0)
				w0 = k - i - (k - i > 1 && s[k - 1] == ':');
			nw++;
			kind[nt++] = 'w';
		} else {
			kind[nt++] = 's';
		}
	}
	if (best >= 3 && nw <= 2)
		return true;
	if (nt < 2 || kind[0] != 'w' || kind[1] != 'n' ||
	    !(nt == 2 || (nt == 4 && kind[3] == 'n')))
		return false;
	for (size_t j = 0; j < sizeof pages / sizeof pages[0]; j++)
		if (strlen(pages[j]) == w0 && rd_starts(s, w0, pages[j]))
			return true;
	return false;
}

/* A slideshow's count on its first picture: a line of "1 of 8",
 * "Image 1 of 8", "1 / 8" (a word, the number, a short word or a slash
 * and the count, nothing else).  A widget showing one picture at a time
 * prints it in each of its bars, all on the first picture; a post of
 * numbered pictures counts each once ("1 of 6", "2 of 6"...). */
bool
rd_slide_count(const pith_block *blk)
{
	const char *s = blk->text;
	size_t n = blk->len, v[2], nv = 0, nw = 0, gap = 0;

	if (n == 0 || n > 40 || blk->kind == PITH_BLOCK_ROW)
		return false;
	for (size_t i = 0, k; i < n; i = k) {
		while (i < n && s[i] == ' ')
			i++;
		if (i == n)
			break;
		for (k = i; k < n && s[k] != ' '; k++)
			;
		size_t x = 0, j = i;

		while (j < k && isdigit((unsigned char)s[j]) && j - i < 5)
			x = 10 * x + (size_t)(s[j++] - '0');
		if (j == k && j > i) {
			if (nv == 2 || (nv == 1 && gap == 0))
				return false;
			v[nv++] = x;
			gap = 0;
		} else if (nv == 0 && nw == 0 && rd_holds(s + i, k - i, uc_is_alpha)) {
			nw++;
		} else if (nv == 1 && gap < 2 && k - i <= 3 &&
		    ((k - i == 1 && s[i] == '/') || rd_holds(s + i, k - i, uc_is_alpha))) {
			gap++;
		} else {
			return false;
		}
	}
	return nv == 2 && v[0] == 1 && v[1] >= 1;
}

/* A slide's heading in a gallery of them: "7/50" and its title
 * ("7/50 The harbour at dawn").  Each slide counts once, and a box of
 * two or more is a slideshow, unless it holds the article's paragraphs
 * (see the slideshow rule): a gallery that is the story stays. */
bool
rd_slide_heading(const pith_block *blk)
{
	const char *s = blk->text;
	size_t n = blk->len, i = 0, k = 0, m = 0;

	if (blk->kind != PITH_BLOCK_HEADING)
		return false;
	for (; i < n && i < 5 && isdigit((unsigned char)s[i]); i++)
		k = 10 * k + (size_t)(s[i] - '0');
	if (i == 0 || i == n || s[i++] != '/')
		return false;
	for (size_t j = i; i < n && i - j < 5 && isdigit((unsigned char)s[i]); i++)
		m = 10 * m + (size_t)(s[i] - '0');
	return k >= 1 && m >= 2 && k <= m && i + 1 < n && s[i] == ' ' &&
	    !isdigit((unsigned char)s[i + 1]);
}

/* A pager's line set among its links ("Page précédente | Page 2 sur 3
 * | Page suivante", "« Back · Seite 2 von 3 · Next »"): its words out
 * of links, the signs between them aside, are a pager's line (see
 * pager).  A sentence linking a word or two leaves a sentence. */
static bool
linked_pager(const pith_block *blk)
{
	char t[81];
	size_t m = 0, links = 0;

	if (blk->len > 240)
		return false;
	for (size_t i = 0, k; i < blk->len; i = k) {
		bool linked = false;

		while (i < blk->len && blk->text[i] == ' ')
			i++;
		for (k = i; k < blk->len && blk->text[k] != ' '; k++)
			;
		for (size_t j = 0; j < blk->nruns && !linked; j++)
			linked = (blk->runs[j].style & PITH_STYLE_LINK) && blk->runs[j].start <= i &&
			    i < blk->runs[j].start + blk->runs[j].len;
		links += linked;
		/* Only words and numbers: the bars and arrows go. */
		if (linked || k == i || !rd_holds(blk->text + i, k - i, uc_is_alnum))
			continue;
		if (m + (k - i) + 1 > sizeof t)
			return false;
		if (m > 0)
			t[m++] = ' ';
		memcpy(t + m, blk->text + i, k - i);
		m += k - i;
	}
	return links > 0 && m > 0 && pager(t, m);
}

/* A counter under a story: one or two words and a number in
 * parentheses ("Comments (12)", "Bình luận (0)"), or a view count's
 * word, a colon, the number and perhaps its unit ("Просмотров: 1 234",
 * "Dibaca: 2.345 kali", "浏览：2341次"); a fact's line ("Total time:
 * 15 minutes", "Rating: 10") has other words. */
static bool
counter(const char *s, size_t n)
{
	static const char *const views[] = {
		"views", "\xd0\xbf\xd1\x80\xd0\xbe\xd1\x81\xd0\xbc\xd0\xbe\xd1\x82\xd1\x80\xd0\xbe\xd0\xb2", /* просмотров */
		"\xd0\xbf\xd0\xb5\xd1\x80\xd0\xb5\xd0\xb3\xd0\xbb\xd1\x8f\xd0\xb4\xd1\x96\xd0\xb2", /* переглядів */
		"okunma", "dibaca", "l\xc6\xb0\xe1\xbb\xa3t xem", /* lượt xem */
		("visualiza\xc3\xa7\xc3\xb5" "es"), "\xd8\xa8\xd8\xa7\xd8\xb2\xd8\xaf\xdb\x8c\xd8\xaf", /* بازدید */
		"\xe6\xb5\x8f\xe8\xa7\x88", /* 浏览 */ "\xe9\x98\x85\xe8\xaf\xbb", /* 阅读 */
	};
	size_t i = 0, nw = 0, digits = 0, k;
	bool paren;

	while (i < n && s[i] != ':' && s[i] != '(' && !rd_starts(s + i, n - i, "\xef\xbc\x9a")) {
		if (isdigit((unsigned char)s[i]))
			return false;
		nw += (i == 0 || s[i - 1] == ' ') && s[i] != ' ';
		i++;
	}
	if (i == n || nw == 0 || nw > 2)
		return false;
	paren = s[i] == '(';
	for (k = 0; !paren && k < sizeof views / sizeof views[0]; k++)
		if (rd_starts(s, n, views[k]) && strlen(views[k]) >= i - (s[i - 1] == ' '))
			break;
	if (!paren && k == sizeof views / sizeof views[0])
		return false;
	i += s[i] == ':' || paren ? 1 : 3;
	while (i < n && (isdigit((unsigned char)s[i]) || strchr(" .,", s[i]) != NULL ||
	    rd_starts(s + i, n - i, "\xc2\xa0")))
		digits += isdigit((unsigned char)s[i]) != 0, i++;
	if (digits == 0 || (paren && (i == n || s[i++] != ')')))
		return false;
	/* The unit: one word ("kali", "раз", "次"). */
	while (i < n && s[i] != ' ' && !isdigit((unsigned char)s[i]) && !strchr(".!?:", s[i]))
		i++;
	return i == n;
}

/* Short lines that say who, when or what a picture is, or that an ad
 * sits here: the article's furniture, not its text.  Judged on the
 * text, for the pages whose class names say nothing.  The words are
 * the few each language's newsrooms print (rd_starts() folds their case). */
const char *
rd_label(const rd *r, size_t b)
{
	static const char *const ads[] = {
		"advert", "advertisement", "advertising", "sponsored", "ad",
		"anzeige", "werbung", "publicit\xc3\xa9", "publicidad", "publicidade",
		"pubblicit\xc3\xa0", "advertentie", "reklama", "annons", "annonse",
		"\xd0\xa0\xd0\xb5\xd0\xba\xd0\xbb\xd0\xb0\xd0\xbc\xd0\xb0", /* Реклама */
		"reklam", "iklan", "qu\xe1\xba\xa3ng c\xc3\xa1o",
		"\xce\xb4\xce\xb9\xce\xb1\xcf\x86\xce\xae\xce\xbc\xce\xb9\xcf\x83\xce\xb7", /* διαφήμιση */
		"\xd8\xa5\xd8\xb9\xd9\x84\xd8\xa7\xd9\x86", /* إعلان */
		"\xd8\xaa\xd8\xa8\xd9\x84\xdb\x8c\xd8\xba\xd8\xa7\xd8\xaa", /* تبلیغات */
		"\xe0\xa4\xb5\xe0\xa4\xbf\xe0\xa4\x9c\xe0\xa5\x8d\xe0\xa4\x9e\xe0\xa4\xbe\xe0\xa4\xaa\xe0\xa4\xa8", /* विज्ञापन */
		"\xce\x94\xce\x99\xce\x91\xce\xa6\xce\x97\xce\x9c\xce\x99\xce\xa3\xce\x97", /* ΔΙΑΦΗΜΙΣΗ: capitals drop the accent */
	};
	static const char *const dates[] = {
		"published", "updated", "last updated", "first published", "posted",
		"modified", "ver\xc3\xb6""ffentlicht", "aktualisiert", "publi\xc3\xa9",
		"mis \xc3\xa0 jour", "publicado", "actualizado", "atualizado",
		"pubblicato", "aggiornato", "gepubliceerd", "bijgewerkt", "opublikowano",
		"zaktualizowano", "publicerad", "uppdaterad", "publisert", "oppdatert",
		"udgivet", "opdateret", "zuletzt aktualisiert", "derni\xc3\xa8re mise \xc3\xa0 jour",
		"\xc3\x9a""ltima actualizaci\xc3\xb3n", "\xc3\x9a""ltima atualiza\xc3\xa7\xc3\xa3o",
		"ultimo aggiornamento",
		"\xd0\x9e\xd0\xbf\xd1\x83\xd0\xb1\xd0\xbb\xd0\xb8\xd0\xba\xd0\xbe\xd0\xb2\xd0\xb0\xd0\xbd\xd0\xbe", /* Опубликовано */
		"\xd0\x9e\xd0\xb1\xd0\xbd\xd0\xbe\xd0\xb2\xd0\xbb\xd0\xb5\xd0\xbd\xd0\xbe", /* Обновлено */
		"giri\xc5\x9f", "g\xc3\xbcncelleme", "son g\xc3\xbcncelleme", "yay\xc4\xb1nlanma", "yay\xc4\xb1n tarihi",
		"\xce\xb4\xce\xb7\xce\xbc\xce\xbf\xcf\x83\xce\xb9\xce\xb5\xcf\x8d\xce\xb8\xce\xb7\xce\xba\xce\xb5", /* δημοσιεύθηκε */
		"\xce\xb5\xce\xbd\xce\xb7\xce\xbc\xce\xb5\xcf\x81\xcf\x8e\xce\xb8\xce\xb7\xce\xba\xce\xb5", /* ενημερώθηκε */
		"\xd8\xaa\xd8\xa7\xd8\xb1\xd9\x8a\xd8\xae \xd8\xa7\xd9\x84\xd9\x86\xd8\xb4\xd8\xb1", /* تاريخ النشر */
		"\xd8\xa2\xd8\xae\xd8\xb1 \xd8\xaa\xd8\xad\xd8\xaf\xd9\x8a\xd8\xab", /* آخر تحديث */
		"\xd8\xaa\xd8\xa7\xd8\xb1\xdb\x8c\xd8\xae \xd8\xa7\xd9\x86\xd8\xaa\xd8\xb4\xd8\xa7\xd8\xb1", /* تاریخ انتشار */
		"diperbarui", "dipublikasikan", "diterbitkan",
		"c\xe1\xba\xadp nh\xe1\xba\xadt", "ng\xc3\xa0y \xc4\x91\xc4\x83ng", /* cập nhật, ngày đăng */
		"\xe0\xa4\xaa\xe0\xa5\x8d\xe0\xa4\xb0\xe0\xa4\x95\xe0\xa4\xbe\xe0\xa4\xb6\xe0\xa4\xbf\xe0\xa4\xa4", /* प्रकाशित */
		"\xe0\xa4\x85\xe0\xa4\xaa\xe0\xa4\xa1\xe0\xa5\x87\xe0\xa4\x9f", /* अपडेट */
		"\xe0\xa4\x85\xe0\xa4\xaa\xe0\xa4\xa1\xe0\xa5\x87\xe0\xa4\x9f\xe0\xa5\x87\xe0\xa4\xa1", /* अपडेटेड */

		"\xec\x9e\x85\xeb\xa0\xa5", /* 입력 */ "\xec\x88\x98\xec\xa0\x95", /* 수정 */
		"\xeb\x93\xb1\xeb\xa1\x9d", /* 등록 */ "\xea\xb8\xb0\xec\x82\xac\xec\x9e\x85\xeb\xa0\xa5", /* 기사입력 */
		"\xec\xb5\x9c\xec\xa2\x85\xec\x88\x98\xec\xa0\x95", /* 최종수정 */
		"\xec\x97\x85\xeb\x8d\xb0\xec\x9d\xb4\xed\x8a\xb8", /* 업데이트 */
		"\xe5\x8f\x91\xe5\xb8\x83\xe6\x97\xb6\xe9\x97\xb4", /* 发布时间 */
		"\xe5\x8f\x91\xe5\xb8\x83\xe6\x97\xa5\xe6\x9c\x9f", /* 发布日期 */
		"\xe6\x9b\xb4\xe6\x96\xb0\xe6\x97\xb6\xe9\x97\xb4", /* 更新时间 */
		"\xe7\x99\xbc\xe5\xb8\x83\xe6\x99\x82\xe9\x96\x93", /* 發布時間 */
		"\xe6\x9b\xb4\xe6\x96\xb0\xe6\x99\x82\xe9\x96\x93", /* 更新時間 */
		"\xe5\x85\xac\xe9\x96\x8b\xe6\x97\xa5", /* 公開日 */ "\xe6\x9b\xb4\xe6\x96\xb0\xe6\x97\xa5", /* 更新日 */
		"\xe6\x8a\x95\xe7\xa8\xbf\xe6\x97\xa5", /* 投稿日 */ "\xe9\x85\x8d\xe4\xbf\xa1\xe6\x97\xa5", /* 配信日 */
		"\xe6\x8e\xb2\xe8\xbc\x89\xe6\x97\xa5", /* 掲載日 */
	};
	static const char *const credits[] = {
		"photo", "image", "credit", "photograph", "foto",
		"\xd1\x84\xd0\xbe\xd1\x82\xd0\xbe", /* фото */
	};
	static const char *const bys[] = {
		"by ", "von ", "par ", "por ", "di ", "door ", "av ", "af ", "oleh ",
	};
	/* "Penulis: Rina", "كتب: خالد": the word and a colon, as scripts
	 * without capitals cannot mark the name. */
	static const char *const writers[] = {
		"author", "editor", "penulis", "redaktur", "yazar",
		"\xd0\xb0\xd0\xb2\xd1\x82\xd0\xbe\xd1\x80", /* автор */ ("t\xc3\xa1" "c gi\xe1\xba\xa3"), /* tác giả */
		"\xd9\x83\xd8\xaa\xd8\xa8", "\xd8\xa8\xd9\x82\xd9\x84\xd9\x85", /* كتب, بقلم */
		"\xd9\x86\xd9\x88\xdb\x8c\xd8\xb3\xd9\x86\xd8\xaf\xd9\x87", /* نویسنده */
		"\xe0\xa4\xb2\xe0\xa5\x87\xe0\xa4\x96\xe0\xa4\x95", /* लेखक */
	};
	const pith_block *blk = pith_doc_block(r->d, b);
	const char *s = blk->text, *a, *z;
	size_t n = blk->len, nw = 1, nc;
	char end;

	/* Lengths in characters: a Hindi or Greek line takes two or
	 * three bytes a letter.  A row of no data table is a line. */
	if ((blk->kind != PITH_BLOCK_PARA && blk->kind != PITH_BLOCK_ITEM &&
	    (blk->kind != PITH_BLOCK_ROW || rd_data_row(r, b))) || n == 0 || n > 1000 ||
	    (nc = u8_mbsnlen((const uint8_t *)s, n)) > 250)
		return NULL;
	end = s[n - 1];
	/* A line ending in a comma or semicolon goes on in the next: a
	 * verse's or a list's clause ("By Sunday noon the barges pass,"),
	 * never a credit, a byline or a dateline. */
	if (end == ',' || end == ';')
		return NULL;
	for (size_t i = 0; i < n; i++)
		nw += s[i] == ' ';
	/* The label alone, its rules aside ("- Publicidade -", "— Anzeige —"). */
	for (a = s, z = s + n; a < z && strchr(" -*|\xe2\x80\x93\x94", *a); a++)
		;
	while (z > a && strchr(" -*|\xe2\x80\x93\x94", z[-1]))
		z--;
	for (size_t i = 0; i < sizeof ads / sizeof ads[0]; i++)
		if (strlen(ads[i]) == (size_t)(z - a) && rd_starts(a, z - a, ads[i]))
			return ad_why;
	for (size_t i = 0; nc < 120 && i < sizeof dates / sizeof dates[0]; i++)
		if (rd_starts(s, n, dates[i]) &&
		    date_gap(s + strlen(dates[i]), n - strlen(dates[i])) &&
		    rd_holds(s, n, rd_is_digit))
			return "dropped: dateline";
	for (size_t i = 0; nc < 100 && nw <= 12 && i < sizeof bys / sizeof bys[0]; i++) {
		size_t k = strlen(bys[i]);

		if (rd_starts(s, n, bys[i]) && capital(s + k, n - k) &&
		    end != '.' && end != '!' && end != '?' && end != '"')
			return rd_byline_why;
	}
	for (size_t i = 0; nw >= 2 && nw <= 6 && i < sizeof writers / sizeof writers[0]; i++)
		if (rd_starts(s, n, writers[i]) &&
		    colon(s + strlen(writers[i]), n - strlen(writers[i])) &&
		    end != '.' && end != '!' && end != '?' && end != '"')
			return rd_byline_why;
	if (end == ')' && (strstr(s, "(Image:") || strstr(s, "(Photo:") ||
	    strstr(s, "(Picture:") || strstr(s, "(Credit:")))
		return "dropped: caption line";
	for (size_t i = 0; nc < 150 && i < sizeof credits / sizeof credits[0]; i++)
		if (rd_starts(s, n, credits[i]) &&
		    colon(s + strlen(credits[i]), n - strlen(credits[i])))
			return "dropped: caption line";
	if (rd_copyright(s, n))
		return "dropped: copyright";
	if (blk->kind == PITH_BLOCK_PARA && nc < 40 && counter(s, n))
		return "dropped: a counter";
	if (end != '.' && (pager(s, n) || linked_pager(blk)))
		return "dropped: pager";
	if (n < 300 && cjk_credit(s, n, nw))
		return rd_byline_why;
	return NULL;
}

/* The first block of node n's subtree with text (no picture, not
 * empty), or PITH_NONE. */
size_t
rd_first_text(const rd *r, size_t n)
{
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++)
		if (pith_doc_block(r->d, b)->kind != PITH_BLOCK_IMAGE && r->blen[b] > 0)
			return b;
	return PITH_NONE;
}

/* The node's text opens with a heading without links (or its
 * permalink, see own_heading): a section of
 * the page, where a card or a result opens with its linked title.  A
 * feature section's "learn more" link weighs as much as a card's, so
 * on a top widened over such sections (see top_candidate) they are not
 * counted as cards; nor, on any top, is such a section with a paragraph
 * of prose (see prose_box): a listicle's or buying guide's item, its
 * "buy now" link as long as a teaser's, where a shop's tile has a name
 * and a price. */
bool
rd_headed(const rd *r, size_t n)
{
	size_t b = rd_first_text(r, n);

	return b != PITH_NONE && pith_doc_block(r->d, b)->kind == PITH_BLOCK_HEADING &&
	    rd_own_heading(r, b);
}

/* A table row that is a teaser, its title and excerpt one line: the
 * row opens on a link and ends on a sentence. */
static bool
row_teaser(const pith_block *blk)
{
	for (size_t i = 0; blk->kind == PITH_BLOCK_ROW && i < blk->nruns; i++) {
		const pith_run *u = &blk->runs[i];
		size_t k = 0;

		while (k < u->len && isspace((unsigned char)blk->text[u->start + k]))
			k++;
		if (k < u->len)
			return u->href != NULL && rd_full_stop(blk);
	}
	return false;
}

/* A teaser of another page: a short element whose first text is a
 * link (its title), with perhaps an image and an excerpt. */
static bool
teaser(const rd *r, size_t n)
{
	size_t b;

	if (r->len[n] > TEASER_LEN || r->link[n] <= 0 || (b = rd_first_text(r, n)) == PITH_NONE)
		return false;
	return r->blink[b] >= 0.8 * r->blen[b] || row_teaser(pith_doc_block(r->d, b));
}

/* A card of another page: a picture, a link to that page (on the
 * picture, or laid over the whole card, so its words may be no link at
 * all), and short lines that end no sentence (a kicker, a headline, a
 * cut excerpt, a date).  A section of the article with a picture has
 * prose, and a gallery's pictures are its text. */
static bool
card(const rd *r, size_t n)
{
	size_t end = pith_doc_node(r->d, n)->end;
	bool pic = false;
	const char *h;

	if (r->gallery || r->len[n] > 2 * TEASER_LEN || rd_first_text(r, n) == PITH_NONE)
		return false;
	for (size_t b = r->bfirst[n]; b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		pic |= blk->kind == PITH_BLOCK_IMAGE;
		if (blk->kind != PITH_BLOCK_IMAGE && rd_full_stop(blk))
			return false;
	}
	for (size_t x = n; pic && x < end; x++)
		if (tag(r, x) == GUMBO_TAG_A && (h = attr(r, x, "href")) != NULL &&
		    h[0] != '\0' && h[0] != '#' && strncmp(h, "javascript:", 11) != 0)
			return true;
	return false;
}

/* Drop the kept blocks b0..b1 of parent p, and the heading over them,
 * unless as much of the article follows them as they hold: teasers
 * close an article, a list of linked items inside it is its text.  A
 * run of cards (see card) is no text of it wherever it stands, when
 * the article's prose outside it is twice its size (an index's cards
 * are its content). */
static double
drop_run(rd *r, size_t p, size_t b0, size_t b1, const double *after, bool cards)
{
	const pith_doc *d = r->d;
	double in = 0, dropped = 0;
	size_t h;

	for (size_t b = b0; b <= b1; b++)
		in += r->keep[b] ? r->blen[b] : 0;
	if (after[b1 + 1] > 0.5 * in &&
	    !(cards && after[0] - (after[b0] - after[b1 + 1]) >= 2 * in))
		return 0;
	/* The heading: the last block before the run that is not already
	 * dropped (a few back at most), if it is a heading in p or, over
	 * a box of cards, in p's parent (a box's title in its own wrapper
	 * beside the cards' list). */
	for (h = b0; h > 0 && h + 8 > b0 && !r->keep[h - 1] &&
	    pith_doc_block(d, h - 1)->kind != PITH_BLOCK_HEADING; h--)
		;
	if (h > 0 && r->keep[h - 1] && pith_doc_block(d, h - 1)->kind == PITH_BLOCK_HEADING &&
	    (pith_doc_block(d, h - 1)->node >= p ||
	    (cards && pith_doc_block(d, h - 1)->node >= pith_doc_node(d, p)->parent)))
		b0 = h - 1;
	for (size_t b = b0; b <= b1; b++)
		if (r->keep[b]) {
			r->keep[b] = 0;
			r->why[b] = "dropped: teasers of other pages";
			dropped += r->blen[b];
		}
	return dropped;
}

/* The page's title counts n items as a number of its own ("The 6 best
 * new restaurants", "Die 5 schönsten Wanderwege"): n entries under
 * linked names are the list it promises, not teasers of other pages
 * nor an index's cards.  The title's numbers are read once (prepare). */
bool
rd_promised(const rd *r, size_t n)
{
	for (size_t i = 0; i < r->ncounts; i++)
		if (r->counts[i] == n)
			return true;
	return false;
}

/* Nodes a and b are alike, or differ in one class word of two or
 * more at the same place: a run's "post0", "post1", "post2", which a
 * site's hashed names (CSS modules) make words wholly apart. */
static bool
alike_but_one(const rd *r, size_t a, size_t b)
{
	const char *x = attr(r, a, "class"), *y = attr(r, b, "class");
	int nw = 0, apart = 0;

	if (rd_alike(r, a, b))
		return true;
	if (x == NULL || y == NULL || tag(r, a) != tag(r, b))
		return false;
	for (;;) {
		size_t i = strspn(x, " \t\n"), j = strspn(y, " \t\n"), m, n;

		x += i;
		y += j;
		if (*x == '\0' || *y == '\0')
			return *x == *y && nw >= 2 && apart <= 1;
		m = strcspn(x, " \t\n");
		n = strcspn(y, " \t\n");
		apart += m != n || strncmp(x, y, m) != 0;
		nw++;
		x += m;
		y += n;
	}
}

/* Teasers of other pages after the article ("You may also like",
 * "Lesen Sie auch", "Você pode gostar"): a run of three or more alike
 * siblings, each a teaser, with little of the article after it.  The
 * structure says it in every language, where class names and headings
 * would need a word list for each.  Returns the text dropped. */
double
rd_drop_teasers(rd *r)
{
	const pith_doc *d = r->d;
	double dropped = 0, *after;

	/* The article's paragraph text after each block, as kept before
	 * any run is dropped. */
	if ((after = calloc(r->nb + 1, sizeof *after)) == NULL)
		return 0;
	for (size_t b = r->nb; b-- > 0; )
		after[b] = after[b + 1] + (r->keep[b] &&
		    pith_doc_block(d, b)->kind == PITH_BLOCK_PARA ? r->blen[b] : 0);
	for (size_t p = 0; p < r->nn; p++) {
		if (budget_tick(r->time))
			break;
		/* A list kept whole holds the article's notes (keep_notes). */
		if (!(r->flags[p] & N_IN) || r->kids[p] < 3 || rd_word_list(r, p) ||
		    ((tag(r, p) == GUMBO_TAG_UL || tag(r, p) == GUMBO_TAG_OL) &&
		    (r->flags[p] & N_KEEP)))
			continue;
		for (size_t c = p + 1; c < pith_doc_node(d, p)->end; ) {
			size_t run = 0, cards = 0, last = c, e;

			for (e = c; e < pith_doc_node(d, p)->end && alike_but_one(r, e, c);
			    e = pith_doc_node(d, e)->end) {
				bool k = card(r, e);

				if (!k && !teaser(r, e))
					break;
				cards += k;
				run++;
				last = e;
			}
			if (run < 3) {
				c = pith_doc_node(d, c)->end;
				continue;
			}
			if (!rd_promised(r, run))
				dropped += drop_run(r, p, r->bfirst[c], r->blast[last], after,
				    cards == run);
			c = e;
		}
	}
	free(after);
	return dropped;
}
