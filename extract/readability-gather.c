/*
 * readability-gather.c - what is gathered to the top: the deck and
 * lede, facts, notes, siblings, boxes alike and the title (see
 * readability.c).
 */
#include <gumbo.h>
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "readability-int.h"

static void mark_box(rd *r, size_t n);

/* The marks that end a sentence: FULL_STOPS full stops first. */
enum { FULL_STOPS = 3 };
static const char *const end_marks[] = {
	".", "\xe3\x80\x82", "\xe0\xa5\xa4", "?", "!", "\xef\xbc\x9f", "\xef\xbc\x81",
};

/* Block text ends with one of the marks (the first nmarks of a full
 * stop, Latin, ideographic or danda, then a question's and an
 * exclamation's, Latin and full-width), closing quotes and brackets
 * aside: typographic ones too (a quote closing with a curly quote or a
 * guillemet, the French with a no-break space before it). */
static bool
end_mark(const pith_block *blk, size_t nmarks)
{
	static const char *const closing[] = {
		"\xe2\x80\x9d", "\xe2\x80\x99", "\xc2\xbb", "\xc2\xa0", "\xe2\x80\xaf",
	};
	size_t n = blk->len;

	for (bool more = true; more;) {
		more = false;
		while (n > 0 && strchr(" \"')", blk->text[n - 1]) != NULL)
			n--;
		for (size_t i = 0; i < sizeof closing / sizeof closing[0]; i++) {
			size_t k = strlen(closing[i]);

			if (n >= k && memcmp(blk->text + n - k, closing[i], k) == 0) {
				n -= k;
				more = true;
			}
		}
	}
	for (size_t i = 0; i < nmarks && i < sizeof end_marks / sizeof end_marks[0]; i++) {
		size_t k = strlen(end_marks[i]);

		if (n >= k && memcmp(blk->text + n - k, end_marks[i], k) == 0)
			return true;
	}
	return false;
}

/* Block text ends with a full stop (see end_mark). */
bool
rd_full_stop(const pith_block *blk)
{
	return end_mark(blk, FULL_STOPS);
}

/* Block text ends a sentence: a full stop, a question or an
 * exclamation (see end_mark). */
bool
rd_sentence_end(const pith_block *blk)
{
	return end_mark(blk, sizeof end_marks / sizeof end_marks[0]);
}

/* Node n is a caption set in a div, as a page written before HTML5
 * sets a figure: the second and last of its parent div's two children,
 * the first a picture or a player and no text, n one line of at most
 * TEASER_LEN with no link and no sentence's end (a caption and its
 * credit).  A story's paragraph beside its picture ends a sentence; a
 * card's title is its link. */
bool
rd_div_caption(const rd *r, size_t n)
{
	const pith_doc *d = r->d;
	size_t p = pith_doc_node(d, n)->parent, m = p + 1, b = r->bfirst[n];
	bool media = false;

	if (p == PITH_NONE || tag(r, p) != GUMBO_TAG_DIV || r->kids[p] != 2 || m == n ||
	    rd_sibling_after(r, m) != n || r->nblk[n] != 1 ||
	    pith_doc_block(d, b)->kind != PITH_BLOCK_PARA || r->blink[b] > 0 ||
	    r->blen[b] > TEASER_LEN || rd_full_stop(pith_doc_block(d, b)))
		return false;
	/* A linked picture's block may belong to the div itself. */
	for (size_t k = r->bfirst[p]; k <= r->blast[p]; k++)
		if (k != b && pith_doc_block(d, k)->kind != PITH_BLOCK_IMAGE)
			return false;
	/* A player has no block: its element, near the top of the box. */
	for (size_t x = m; x < pith_doc_node(d, m)->end && x < m + 16 && !media; x++) {
		GumboTag t = tag(r, x);

		media = t == GUMBO_TAG_IMG || t == GUMBO_TAG_IFRAME || t == GUMBO_TAG_VIDEO ||
		    t == GUMBO_TAG_OBJECT || t == GUMBO_TAG_EMBED;
	}
	return media || r->nblk[m] > 0;
}

/* A <p> beside the content that reads as part of it, or an unnamed
 * div of loose text (see div_kin) ending a sentence (a question too), or
 * longer than a teaser with sentences in it: a post's one paragraph
 * trailing off without its full stop, as a <p> may. */
bool
rd_paragraph(const rd *r, size_t s)
{
	double ld = density(r, s);
	size_t b = r->bfirst[s];

	return (tag(r, s) == GUMBO_TAG_P || (rd_para_node(r, s) && unnamed(r, s) &&
	    (rd_sentence_end(pith_doc_block(r->d, b)) ||
	    (r->bsentence[b] && r->len[s] > TEASER_LEN)))) &&
	    ((r->len[s] > 80 && ld < 0.25) ||
	    (r->len[s] < 80 && r->len[s] > 0 && ld == 0 && (r->flags[s] & N_SENTENCE)));
}

/* Node n comes right after a paragraph of prose. */
bool
rd_after_paragraph(const rd *r, size_t n)
{
	size_t x = rd_sibling_before(r, n);

	return x != PITH_NONE && rd_paragraph(r, x);
}

/* A div that is one paragraph, as score_blocks reads it: around
 * nothing but one paragraph, or holding one block of loose text.  The
 * paragraph's node, or PITH_NONE. */
static size_t
div_paragraph(const rd *r, size_t s)
{
	if (tag(r, s) != GUMBO_TAG_DIV || r->nblk[s] != 1)
		return PITH_NONE;
	return rd_one_p_div(r, s) ? s + 1 : rd_para_node(r, s) ? s : PITH_NONE;
}

/* A standfirst boxed on its own before the content, which rd_paragraph()
 * misses for its div: one paragraph over 80 characters with a sentence
 * end (a date, a title or a score line is shorter or has none), no link,
 * not named for a byline, a caption or boilerplate.  Only before the
 * anchor: after the story such boxes are disclaimers, notes and share
 * prompts (taking them there lost more on the corpora than it won). */
static bool
lede(const rd *r, size_t s, size_t anchor)
{
	size_t p;

	/* A deck set as a subheading (the "spot" or "sapo" under many
	 * sites' headline) is one too when it ends as a sentence does: a
	 * headline or a teaser's question does not end with a full stop. */
	p = tag(r, s) == GUMBO_TAG_H2 && r->nblk[s] == 1 &&
	    rd_full_stop(pith_doc_block(r->d, r->bfirst[s])) ? s : div_paragraph(r, s);
	if (s > anchor || p == PITH_NONE)
		return false;
	return r->len[p] > 80 && r->link[p] == 0 && (r->flags[p] & N_SENTENCE) &&
	    !((r->cls[s] | r->cls[p]) & C_NOT_TEXT);
}

/* The line set right under the page's headline, in its own element
 * (in the article's header box or beside the body's box): a deck over
 * 80 characters without a link, sentence end or not.  A shorter one
 * is as often a byline or a kicker (dragnet lost 0.0003 on 50). */
static bool
deck(const rd *r, size_t c)
{
	return r->bfirst[c] != PITH_NONE && r->bfirst[c] == r->title_block + 1 &&
	    r->nblk[c] == 1 && r->len[c] > 80 && r->link[c] == 0 && !(r->cls[c] & C_NOT_TEXT) &&
	    (pith_doc_block(r->d, r->bfirst[c])->kind == PITH_BLOCK_PARA ||
	    pith_doc_block(r->d, r->bfirst[c])->kind == PITH_BLOCK_HEADING);
}

/* Box s before the top is the article's header, holding the heading
 * that repeats the page's title (a box named "header" too): take its
 * standfirst beside the headline and the byline.  Of a header further
 * out, beside the body's wrapper, only a standfirst ending a sentence:
 * a line without one there is as often a caption (ScrapingHub's pages
 * lost 0.0002 taking those).  A box opening right under the headline
 * with a paragraph (a video's description over its chapters) gives
 * that paragraph; a subheading or a picture's caption there is the
 * header's, which the corpora leave out. */
static void
take_deck(rd *r, size_t s, size_t top, bool far)
{
	size_t h = r->title_block;
	bool under;

	if (h == PITH_NONE || r->bfirst[s] == PITH_NONE || h + 1 < r->bfirst[s] ||
	    h > r->blast[s])
		return;
	under = h < r->bfirst[s];
	for (size_t c = s + 1; c < pith_doc_node(r->d, s)->end; c = pith_doc_node(r->d, c)->end)
		if (!(r->flags[c] & N_HIDDEN) && (under ? deck(r, c) && tag(r, c) == GUMBO_TAG_P :
		    lede(r, c, top) || (deck(r, c) && (!far || (r->flags[c] & N_SENTENCE)))))
			r->flags[c] |= N_IN;
}

/* Box n is a post's text under its own dated header: the box before
 * it in their wrapper is a line or two with a digit (a date, a
 * number) and no sentence.  Readers' comments are set so, each its
 * own header and text; a story's next section is not. */
static bool
dated_post(const rd *r, size_t n)
{
	size_t h = rd_sibling_before(r, n), b;

	if (h == PITH_NONE || (b = r->bfirst[h]) == PITH_NONE || r->blast[h] > b + 1 ||
	    r->len[h] >= 160 || rd_sentences(r, h) > 0)
		return false;
	for (; b <= r->blast[h]; b++)
		if (rd_holds(pith_doc_block(r->d, b)->text, pith_doc_block(r->d, b)->len,
		    rd_is_digit))
			return true;
	return false;
}

/* Node s holds the top's box again: a node of its kind (see kin),
 * "story-body story-body-1" beside the top's "story-body story-body-2".
 * A sidebar column styled like the article's column holds no such box,
 * and a thread holds them only as posts, each under its dated header
 * (see dated_post). */
static bool
holds_alike(const rd *r, size_t s, size_t top)
{
	const char *tc = attr(r, top, "class");
	size_t kin = 0, posts = 0;

	if (tc == NULL || *tc == '\0')
		return true;    /* nothing to tell them by: as before */
	for (size_t n = s; n < pith_doc_node(r->d, s)->end; n++) {
		if (!rd_kin(r, top, n))
			continue;
		kin++;
		posts += dated_post(r, n);
		n = pith_doc_node(r->d, n)->end - 1;
	}
	return kin > 0 && !(posts >= 2 && posts == kin);
}

/* Block blk is a fact set as a line: a bold label ending in a colon,
 * then its value ("<b>Contract:</b> permanent"). */
static bool
labelled(const pith_block *blk)
{
	const pith_run *k = blk->nruns >= 2 ? &blk->runs[0] : NULL;
	size_t e = k != NULL ? k->start + k->len : 0;

	while (e > 0 && blk->text[e - 1] == ' ')
		e--;
	return k != NULL && k->start == 0 && (k->style & PITH_STYLE_STRONG) && e > 1 &&
	    blk->text[e - 1] == ':' && k->start + k->len < blk->len;
}

/* A box of facts: most of its text in a definition list of three or
 * more terms, each with its details, and few links (an event's date,
 * venue and price, a product's specifications).  A CMS's article-info
 * list names one term ("Details") over its byline and date.  Lines
 * each a bold label and its value are such terms (a job's place,
 * contract and hours set as "<b>Contract:</b> permanent").  Right
 * beside the top, a plain list of three or more short lines without a
 * link, most of them bearing a number (a date, a time, a price), is
 * one too.  Tables are not facts: beside a story they are forms, share
 * bars and the comments (l3s loses 0.002 with them). */
static bool
facts(const rd *r, size_t s, size_t top)
{
	double in = 0, listed = 0;
	int dt = 0, dd = 0, items = 0, numbers = 0;
	bool beside = pith_doc_node(r->d, s)->end == top || pith_doc_node(r->d, top)->end == s;

	if (r->bfirst[s] == PITH_NONE || r->len[s] < MIN_PARAGRAPH || density(r, s) >= 0.25)
		return false;
	for (size_t b = r->bfirst[s]; b <= r->blast[s]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		GumboTag t = blk->node != PITH_NONE ? tag(r, blk->node) : GUMBO_TAG_UNKNOWN;

		dt += t == GUMBO_TAG_DT;
		dd += t == GUMBO_TAG_DD;
		if (t == GUMBO_TAG_DT || t == GUMBO_TAG_DD)
			in += r->blen[b];
		if (blk->kind == PITH_BLOCK_PARA && r->blen[b] <= 80 && labelled(blk)) {
			/* "Author: ...", "Published: ...": the story's byline. */
			if (rd_label(r, b) != NULL)
				return false;
			dt++;
			dd++;
			in += r->blen[b];
		}
		if (blk->kind == PITH_BLOCK_ITEM && r->blen[b] > 0 && r->blen[b] <= 80) {
			items++;
			numbers += rd_holds(blk->text, blk->len, rd_is_digit);
			listed += r->blen[b];
		}
	}
	return (dt >= 3 && dd >= dt && in >= 0.7 * r->len[s]) ||
	    (beside && r->link[s] == 0 && items >= 3 && 2 * numbers >= items &&
	    listed >= 0.7 * r->len[s] && !(r->cls[s] & C_NOT_TEXT));
}

/* Box s opens with a heading that links to another page, before any
 * paragraph of prose: a preview of the next story ("Next article", its
 * headline, its first lines and "continue reading"), however it is
 * named.  A section's own heading is unlinked or its permalink (an
 * in-page link weighs less, see block_run_link). */
static bool
preview(const rd *r, size_t s)
{
	for (size_t b = r->bfirst[s]; b != PITH_NONE && b <= r->blast[s]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind == PITH_BLOCK_HEADING)
			return r->blen[b] > 0 && r->blink[b] >= 0.8 * r->blen[b];
		if (blk->kind == PITH_BLOCK_PARA && r->blen[b] > 80)
			return false;
	}
	return false;
}

/* Box s is a story of its own: under a headline (<h1>) that is not
 * the page's title.  A section of the article has none. */
static bool
other_story(const rd *r, size_t s)
{
	size_t h = rd_headline(r, s);

	return h != PITH_NONE && !rd_similar_title(r, h);
}

/* The headings in box n that are links: a sidebar's teasers, each a
 * linked headline over its excerpt, have two or more; a section of the
 * article, its own headings unlinked, none. */
static int
linked_heads(const rd *r, size_t n)
{
	int k = 0;

	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++)
		k += pith_doc_block(r->d, b)->kind == PITH_BLOCK_HEADING && r->blen[b] > 0 &&
		    r->blink[b] >= 0.8 * r->blen[b];
	return k;
}

/* A box with a paragraph of prose (see prose_block). */
bool
rd_prose_box(const rd *r, size_t n)
{
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++)
		if (rd_prose_block(r, b))
			return true;
	return false;
}

/* The length of n's blocks that end a sentence with few links: a
 * debate's "I will.", a blog's paragraphs of a sentence or two; a bare
 * link has none. */
double
rd_sentences(const rd *r, size_t n)
{
	double len = 0;

	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++)
		if (r->bsentence[b] && r->blink[b] < 0.25 * r->blen[b])
			len += r->blen[b];
	return len;
}

/* Node n's best score down its line of only children, each holding all
 * of n's text (a builder's block > content > text wrappers), or -1
 * when none scored: the wrappers are one box, and the score lands on
 * the innermost. */
static double
line_score(const rd *r, size_t n)
{
	double s = -1;

	for (size_t x = n;; x++) {
		if ((r->flags[x] & N_SCORED) && r->score[x] > s)
			s = r->score[x];
		if (r->kids[x] != 1 || x + 1 >= r->nn || r->len[x + 1] != r->len[n])
			return s;
	}
}

/* The entries of a listicle among the top's children, a run of alike
 * boxes as many as the page's title counts (see promised), are its
 * text however much of each its linked name is. */
static void
mark_promised(rd *r, size_t top)
{
	const pith_doc *d = r->d;

	for (size_t c = top + 1, e; c < pith_doc_node(d, top)->end; c = e) {
		size_t run = 0;

		for (e = c; e < pith_doc_node(d, top)->end && rd_alike(r, e, c);
		    e = pith_doc_node(d, e)->end)
			run++;
		if (run >= 3 && rd_promised(r, run))
			for (size_t k = c; k < e; k = pith_doc_node(d, k)->end)
				mark_box(r, k);
	}
}

/* Box s, right before the top, is the column beside it in one layout:
 * both open on a heading of one level, and s is a box of lists without
 * a link (a recipe's ingredients beside its steps, a posting's facts
 * beside its duties).  Its items are too short to score.  A box of
 * lists of sentences there is the text's summary however headed (a
 * live blog's "Key points" pinned above its entries); only such a box
 * when summary. */
static bool
column(const rd *r, size_t s, size_t top, bool summary)
{
	const pith_block *a, *b;
	double items = 0;

	if (r->bfirst[s] == PITH_NONE || r->bfirst[top] == PITH_NONE ||
	    r->link[s] > 0 || r->plen[s] >= 0.5 * r->len[s] || r->llen[s] < 0.5 * r->len[s])
		return false;
	/* The items that end a sentence: a carousel's captions are no items. */
	for (size_t k = r->bfirst[s]; k <= r->blast[s]; k++)
		if (pith_doc_block(r->d, k)->kind == PITH_BLOCK_ITEM && r->bsentence[k])
			items += r->blen[k];
	if (r->len[s] >= 100 && items >= 0.6 * r->len[s])
		return true;
	if (summary)
		return false;
	a = pith_doc_block(r->d, r->bfirst[s]);
	b = pith_doc_block(r->d, r->bfirst[top]);
	return a->kind == PITH_BLOCK_HEADING && b->kind == PITH_BLOCK_HEADING &&
	    a->level == b->level && a->level > 1;
}

/* Box n is an exhibit: nothing but a table's rows, pictures and their
 * captions (a data table, a chart in a <figure>), with a row or a
 * picture among them.  Between two parts of the article it is the
 * article's, however it is named. */
static bool
exhibit(const rd *r, size_t n)
{
	bool shown = false;

	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		pith_block_kind k = pith_doc_block(r->d, b)->kind;

		if (k != PITH_BLOCK_ROW && k != PITH_BLOCK_IMAGE && k != PITH_BLOCK_CAPTION)
			return false;
		shown |= k != PITH_BLOCK_CAPTION;
	}
	return shown;
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Box s holds two or more of the nf sorted targets frag of the
 * text's note markers. */
static bool
notes(const rd *r, size_t s, const char **frag, size_t nf)
{
	size_t hits = 0;

	for (size_t n = s; n < pith_doc_node(r->d, s)->end && hits < 2; n++) {
		/* Old pages mark a note with <a name>. */
		const char *id = attr(r, n, tag(r, n) == GUMBO_TAG_A &&
		    !attr(r, n, "id") ? "name" : "id");

		hits += id != NULL && *id &&
		    bsearch(&id, frag, nf, sizeof *frag, str_cmp) != NULL;
	}
	return hits >= 2;
}

/* The lists in box s that hold the notes are the article's, however
 * much they link: an endnote is often only its source's title, linked.
 * Kept whole as code is (N_KEEP), their items too (keep_unlinked), and
 * so is a box of notes after the top.  Not when their links outweigh
 * the top's own words: the answer would read as mostly links (auto). */
static void
keep_notes(rd *r, size_t s, size_t top, const char **frag, size_t nf)
{
	double own = r->len[top] - r->link[top];

	if (s != top && r->link[s] <= own)
		r->flags[s] |= N_KEEP;
	for (size_t n = s; n < pith_doc_node(r->d, s)->end; n++)
		if (tag(r, n) == GUMBO_TAG_UL || tag(r, n) == GUMBO_TAG_OL) {
			if (r->link[n] <= own && notes(r, n, frag, nf))
				r->flags[n] |= N_KEEP;
			n = pith_doc_node(r->d, n)->end - 1;
		}
}

/* The article's notes set apart from it (footnotes, endnotes, an
 * <aside> of sources) after the box that won: each is the target of
 * a marker in the text ("<sup><a href=#fn2>2</a></sup>"), so a box
 * after the top holding two or more of the ids the top links to in
 * the page is the article's own text, however named or placed.  A
 * sidebar, a menu or the next story is no marker's target. */
static void
take_notes(rd *r, size_t top)
{
	const pith_doc *d = r->d;
	const char **frag = NULL;
	size_t nf = 0, cap = 0;

	for (size_t b = r->bfirst[top]; b != PITH_NONE && b <= r->blast[top]; b++) {
		const pith_block *blk = pith_doc_block(d, b);

		for (size_t i = 0; i < blk->nruns; i++) {
			/* A marker is short ("2", "[12]", "*"): "4 Comments"
			 * and "Leave a reply" lead to the thread. */
			const char *f = (blk->runs[i].style & PITH_STYLE_LINK) &&
			    blk->runs[i].len <= 6 ? rd_in_page(r, blk->runs[i].href) : NULL;

			if (f == NULL || *++f == '\0')
				continue;
			if (nf == cap) {
				const char **g = realloc(frag, (cap = cap ? 2 * cap : 16) * sizeof *g);

				if (g == NULL)
					goto out;
				frag = g;
			}
			frag[nf++] = f;
		}
	}
	if (nf < 2)
		goto out;
	qsort(frag, nf, sizeof *frag, str_cmp);
	keep_notes(r, top, top, frag, nf);
	for (size_t x = top, p; x != r->body && (p = pith_doc_node(d, x)->parent) != PITH_NONE;
	    x = p)
		for (size_t s = pith_doc_node(d, x)->end; s < pith_doc_node(d, p)->end;
		    s = pith_doc_node(d, s)->end)
			if (!(r->flags[s] & (N_HIDDEN | N_IN)) && r->len[s] > 0 &&
			    notes(r, s, frag, nf)) {
				r->flags[s] |= N_IN | N_BOX;
				keep_notes(r, s, top, frag, nf);
			}
out:
	free(frag);
}

/* Box s is a part of the article of x's own kind, of prose, however
 * little it scores: a CMS's content element ("frame frame-type-textpic"
 * beside "frame frame-type-text"), its paragraphs nested too deep in a
 * picture's layout for their scores to reach it; a <section> named its
 * own way ("intro", "conclusion").  Not with a link: a section's
 * standing disclaimer ("follow us at @...") or a forum invitation has
 * one. */
static bool
element(const rd *r, size_t s, size_t x)
{
	return ((rd_kin(r, s, x) && r->len[s] >= 100) ||
	    (tag(r, x) == GUMBO_TAG_SECTION && tag(r, s) == GUMBO_TAG_SECTION)) &&
	    rd_prose_box(r, s) && r->link[s] == 0 &&
	    !(r->cls[s] & (C_META | C_BOILER | C_NEGATIVE)) && !other_story(r, s);
}

/* The level of the heading box n opens with (see headed), or 0. */
static int
opens(const rd *r, size_t n)
{
	return rd_headed(r, n) ? pith_doc_block(r->d, rd_first_text(r, n))->level : 0;
}

/* A child of s is one of a run of named boxes alike (reviews, cards). */
static bool
boxes(const rd *r, size_t s)
{
	for (size_t c = s + 1; c < pith_doc_node(r->d, s)->end; c = pith_doc_node(r->d, c)->end)
		if (rd_named_box(r, c) && r->len[c] > 0 && rd_in_run(r, c, false))
			return true;
	return false;
}

/* Box s beside x is a part of the page x is one of: the page cut in
 * headed sections of a kind, each named for its part ("section
 * amenities" beside "section description"), a listing's amenities and
 * rules, lists that score nothing.  Under headings of one level, below
 * the headline: a sidebar's column beside the story's is no part.  Not
 * one of reviews or cards, boxes in a run.  After x, a box without a
 * link is one however named ("features" after "description"): a
 * sidebar's box under such a heading links somewhere. */
static bool
part(const rd *r, size_t s, size_t x)
{
	int level = opens(r, x);

	return level >= 2 && (rd_kin(r, s, x) || (s > x && r->link[s] == 0)) &&
	    opens(r, s) == level && r->len[s] >= WIDEN_TEXT && density(r, s) < 0.25 &&
	    !boxes(r, s) &&
	    !(r->cls[s] & (C_META | C_BOILER | C_NEGATIVE)) && !other_story(r, s);
}

/* The top's siblings that qualify on their own: by score, by the top's
 * style, as its elements or parts, as lists, a deck or a lede. */
static void
gather_siblings(rd *r, size_t top, unsigned f)
{
	const pith_doc *d = r->d;
	size_t parent = pith_doc_node(d, top)->parent;
	double tscore = fmax(r->score[top], line_score(r, top));
	double threshold = fmax(10, 0.2 * tscore);
	const char *tcls = attr(r, top, "class");

	for (size_t s = parent + 1; s < pith_doc_node(d, parent)->end;
	    s = pith_doc_node(d, s)->end) {
		const char *scls = attr(r, s, "class");
		double bonus = tcls != NULL && *tcls && scls != NULL &&
		    strcmp(tcls, scls) == 0 ? 0.2 * tscore : 0;
		double sscore = bonus > 0 ? line_score(r, s) :
		    (r->flags[s] & N_SCORED) ? r->score[s] : -1;
		bool take = false;

		if (s < top && (r->flags[s] & (N_HIDDEN | N_UNLIKELY)) == N_UNLIKELY)
			take_deck(r, s, top, false);
		/* An <aside> of sentences right before the body is its
		 * summary ("Key takeaways"), as a <div> there is; not an
		 * aside's other lists (column). */
		if ((r->flags[s] & (N_HIDDEN | N_UNLIKELY)) == N_UNLIKELY &&
		    tag(r, s) == GUMBO_TAG_ASIDE && !(r->cls[s] & (C_BOILER | C_NEGATIVE | C_UNLIKELY)) &&
		    pith_doc_node(d, s)->end == top && column(r, s, top, true)) {
			r->flags[s] |= N_IN | N_BOX;
			continue;
		}
		if (s == top || (r->flags[s] & (N_HIDDEN | N_UNLIKELY)))
			continue;
		if (s > top && (preview(r, s) || linked_heads(r, s) >= 2 ||
		    rd_threaded(r, s) != PITH_NONE)) {
			/* After the story, the next one's preview, a box
			 * of teasers or a thread of readers' replies, however
			 * it scores or is styled. */
			take = false;
		} else if (sscore >= 0 && sscore + bonus >= threshold) {
			take = true;
		} else if (sscore > 0 && sscore >= 0.75 * r->score[top] && tag(r, top) == GUMBO_TAG_TR &&
		    tag(r, s) == GUMBO_TAG_TR && r->plen[s] >= 0.5 * r->len[s] &&
		    density(r, s) < 0.25) {
			/* A short story cut across a layout table's rows (the
			 * text, a picture's row, the text again): a row of
			 * prose scoring near the top's is the story's, under
			 * the floor or not. */
			take = true;
		} else if (bonus > 0 && r->len[s] >= 100 && density(r, s) < 0.25 &&
		    linked_heads(r, s) < 2) {
			/* A section styled like the top, too deep for its
			 * paragraphs' scores to reach: the article goes on. */
			take = true;
		} else if (element(r, s, top) || part(r, s, top)) {
			take = true;
		} else if (s > top && r->len[s] >= 200 && r->link[s] == 0 &&
		    r->plen[s] < 0.5 * r->len[s]) {
			/* After the story, a box of lists without a link (a
			 * recipe's ingredients and steps, a product's specs, a
			 * match's line-ups): its items score nothing, but no
			 * sidebar or menu is 200 characters without a link. */
			take = true;
		} else if (pith_doc_node(d, s)->end == top && column(r, s, top, false)) {
			take = true;
		} else {
			take = rd_paragraph(r, s) || lede(r, s, top) || facts(r, s, top) ||
			    (s < top && deck(r, s));
		}
		if (take)
			r->flags[s] |= N_IN;
		else if (s < top)
			take_deck(r, s, top, false);
		if (r->len[s] > 0)
			rd_evidence(r, s, PITH_CAND_SIBLING, threshold - bonus, take, f);
	}
}

/* A sibling of the top styled like it is taken. */
static bool
taken_alike(const rd *r, size_t top)
{
	size_t parent = pith_doc_node(r->d, top)->parent;

	for (size_t s = parent + 1; s < pith_doc_node(r->d, parent)->end;
	    s = pith_doc_node(r->d, s)->end)
		if (s != top && (r->flags[s] & N_IN) && rd_alike(r, s, top))
			return true;
	return false;
}

/* A page builder's blocks share the class they open with and vary the
 * rest (their padding: "r t-rec t-rec_pt_30", "r t-rec t-rec_pt_15"):
 * one of the top's kind between the top and a box taken after it, with
 * few links, is the article going on (a subheading, a short paragraph),
 * and so is an exhibit (a table or a chart set between the text's
 * boxes).  Not before the top (a deck or "highlights" box the corpora
 * leave out), nor after the last box (a note or a prompt).  Returns the
 * last box taken. */
static size_t
gather_between(rd *r, size_t top)
{
	const pith_doc *d = r->d;
	size_t parent = pith_doc_node(d, top)->parent, last = top;

	for (size_t s = pith_doc_node(d, top)->end;
	    s < pith_doc_node(d, parent)->end; s = pith_doc_node(d, s)->end) {
		if (!(r->flags[s] & N_IN))
			continue;
		for (size_t k = pith_doc_node(d, last)->end; k < s; k = pith_doc_node(d, k)->end)
			if (!(r->flags[k] & (N_HIDDEN | N_UNLIKELY)) &&
			    (rd_kin(r, k, top) || exhibit(r, k)) &&
			    r->len[k] > 0 && density(r, k) < 0.25 &&
			    !(r->cls[k] & (C_META | C_BOILER | C_NEGATIVE)))
				r->flags[k] |= N_IN;
		last = s;
	}
	return last;
}

/* A record of turns, the top and a box styled like it taken (a debate's
 * speeches, an interview's answers): the boxes styled so after the last
 * taken, each holding a sentence with few links, are its last turns
 * however short, past a timestamp's or a speaker's line between them.
 * A box of prose of another kind ends the record (a note, the next
 * item). */
static void
gather_turns(rd *r, size_t top, size_t last)
{
	const pith_doc *d = r->d;
	size_t parent = pith_doc_node(d, top)->parent;

	for (size_t s = pith_doc_node(d, last)->end;
	    s < pith_doc_node(d, parent)->end; s = pith_doc_node(d, s)->end) {
		if (r->flags[s] & (N_HIDDEN | N_UNLIKELY))
			continue;
		if (!rd_alike(r, s, top)) {
			if (rd_prose_box(r, s))
				break;
			continue;
		}
		if (rd_sentences(r, s) > 0 && density(r, s) < 0.25 && linked_heads(r, s) < 2 &&
		    !(r->cls[s] & (C_META | C_BOILER | C_NEGATIVE)) && !other_story(r, s))
			r->flags[s] |= N_IN;
	}
}

/* The article cut in sections by inline ads or boxes: a sibling of the
 * top's parent or grandparent styled like it (same tag and class) and
 * holding paragraphs is the article going on, or under its own heading
 * a list (an accordion's item whose answer is a few short steps).  So
 * are paragraphs beside the parent: the lede above a "read more"
 * wrapper that holds the rest; and a lede beside the grandparent (a
 * service page's summary above the accordion whose one panel won).
 * row: the article spans a grid's row of columns.  Returns whether a
 * series of sections was taken. */
static bool
gather_sections(rd *r, size_t top, bool row)
{
	const pith_doc *d = r->d;
	bool series = false;

	for (size_t x = pith_doc_node(d, top)->parent, up = 0; up < 2 && x != r->body; up++) {
		size_t g = pith_doc_node(d, x)->parent;
		const char *xc = attr(r, x, "class");

		if (g == PITH_NONE || g == r->body)
			break;
		/* Sections, not the next stories of a stream (see unstream). */
		bool sections = xc != NULL && *xc && !rd_streamed(r, g, x);

		for (size_t s = g + 1; s < pith_doc_node(d, g)->end; s = pith_doc_node(d, s)->end) {
			/* The story's header beside the body's wrapper. */
			if (up == 0 && s < x && !(r->flags[s] & N_HIDDEN))
				take_deck(r, s, x, true);
			if (s == x || (r->flags[s] & (N_HIDDEN | N_UNLIKELY)))
				continue;
			if (sections && rd_alike(r, s, x) && holds_alike(r, s, top) &&
			    (r->plen[s] >= 100 || (rd_headed(r, s) && r->len[s] >= 100)) &&
			    density(r, s) < 0.25 && !other_story(r, s)) {
				r->flags[s] |= N_IN;
				series = true;
			} else if (sections && part(r, s, x)) {
				/* The top's section's heading goes with it. */
				r->flags[s] |= N_IN;
				series = true;
			} else if ((up == 0 && rd_paragraph(r, s)) || lede(r, s, x) ||
			    (row && element(r, s, x))) {
				/* An element beside a grid's row of columns,
				 * the article's: its intro, its close. */
				r->flags[s] |= N_IN;
			}
		}
		/* Between sections taken, one styled like them and holding a
		 * sentence is the text going on however short or linked (a
		 * debate's interjection under its speaker's linked name). */
		for (size_t s = g + 1, first = PITH_NONE; sections && s < pith_doc_node(d, g)->end;
		    s = pith_doc_node(d, s)->end) {
			if (!(s == x || (r->flags[s] & N_IN)) || !rd_alike(r, s, x))
				continue;
			for (size_t k = first == PITH_NONE ? s : pith_doc_node(d, first)->end; k < s;
			    k = pith_doc_node(d, k)->end)
				if (rd_alike(r, k, x) && !(r->flags[k] & (N_HIDDEN | N_UNLIKELY)) &&
				    rd_sentences(r, k) > 0 &&
				    !(r->cls[k] & (C_META | C_BOILER | C_NEGATIVE))) {
					r->flags[k] |= N_IN;
					/* Its wrappers too, whose links are its speaker's. */
					for (size_t a = k; a < r->nn && r->len[a] == r->len[k]; a++)
						r->flags[a] |= N_BOX;
				}
			first = s;
		}
		x = g;
	}
	return series;
}

/* The page's headline (an <h3> too: a blog's post title under the
 * blog's name) set right before the top's first block, outside it, no
 * block between them (the post's title box over its body's box, with
 * no class to join them): the post's own title heads its text. */
static void
take_headline(rd *r, size_t top)
{
	size_t b = r->bfirst[top], h;

	if (b == PITH_NONE || b == 0)
		return;
	b--;
	if ((b != r->title_block && !rd_titled(r, b, 3)) ||
	    (h = pith_doc_block(r->d, b)->node) == PITH_NONE || inside(r, h, top) ||
	    (r->flags[h] & (N_HIDDEN | N_UNLIKELY)))
		return;
	r->flags[h] |= N_IN;
}

/* Mark the top and its qualifying siblings as the content. */
void
rd_gather(rd *r, size_t top, unsigned f)
{
	const pith_doc *d = r->d;
	size_t parent = pith_doc_node(d, top)->parent;

	r->flags[top] |= N_IN;
	mark_promised(r, top);
	if (parent == PITH_NONE || top == r->body)
		return;
	take_headline(r, top);
	take_notes(r, top);
	gather_siblings(r, top, f);

	bool turns = rd_named_box(r, top) && taken_alike(r, top);
	size_t last = gather_between(r, top);

	if (turns)
		gather_turns(r, top, last);
	/* The top is the text of one section of a series taken whole (a
	 * FAQ's answer panel beside its question): its section's own
	 * heading before it goes with it, as the others' do. */
	if (!gather_sections(r, top, taken_alike(r, top)))
		return;
	for (size_t b = r->bfirst[top]; b != PITH_NONE && b-- > 0; ) {
		const pith_block *blk = pith_doc_block(d, b);

		if (blk->kind != PITH_BLOCK_HEADING || blk->node == PITH_NONE ||
		    !inside(r, blk->node, parent) || !rd_own_heading(r, b))
			break;
		r->flags[blk->node] |= N_IN;
	}
}

/* Strings x (n bytes) and y (m bytes) are the same but for their runs
 * of digits, which stand at the same places; *digit says whether there
 * is one. */
bool
rd_digits_apart(const char *x, size_t n, const char *y, size_t m, bool *digit)
{
	size_t i = 0, j = 0;

	*digit = false;
	for (;;) {
		bool dx = i < n && isdigit((unsigned char)x[i]),
		    dy = j < m && isdigit((unsigned char)y[j]);

		if (dx != dy)
			return false;
		if (dx) {
			*digit = true;
			while (i < n && isdigit((unsigned char)x[i]))
				i++;
			while (j < m && isdigit((unsigned char)y[j]))
				j++;
			continue;
		}
		if (i == n || j == m)
			return i == n && j == m;
		if (x[i++] != y[j++])
			return false;
	}
}

/* Nodes a and b are numbered alike: the same tag and ids that differ
 * only in their digits, at least one ("post_message_9911" beside
 * "post_message_9915"): an old forum's posts carry no class. */
static bool
numbered(const rd *r, size_t a, size_t b)
{
	const char *x = attr(r, a, "id"), *y = attr(r, b, "id");
	bool digit;

	return x != NULL && y != NULL && tag(r, a) == tag(r, b) && attr(r, a, "class") == NULL &&
	    rd_digits_apart(x, strlen(x), y, strlen(y), &digit) && digit;
}

/* The box of ancestor-or-self a of block b's node that is alike h (or,
 * h without a class, numbered alike it) and outside the top, or
 * PITH_NONE. */
static size_t
alike_box(const rd *r, size_t b, size_t h, size_t top)
{
	bool ids = attr(r, h, "class") == NULL;

	for (size_t a = pith_doc_block(r->d, b)->node; a != PITH_NONE && a != r->body;
	    a = pith_doc_node(r->d, a)->parent)
		if ((ids ? numbered(r, a, h) : rd_alike(r, a, h)) && !inside(r, a, top) &&
		    !inside(r, top, a))
			return a;
	return PITH_NONE;
}

/* Block b is in what gather took. */
static bool
gathered(const rd *r, size_t b)
{
	for (size_t a = pith_doc_block(r->d, b)->node; a != PITH_NONE;
	    a = pith_doc_node(r->d, a)->parent)
		if (r->flags[a] & N_IN)
			return true;
	return false;
}

/* Unlinked (or permalinked) headings just before block b: the heading
 * of what b opens. */
static void
take_headings(rd *r, size_t b)
{
	while (b-- > 0) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind != PITH_BLOCK_HEADING || blk->node == PITH_NONE ||
		    !rd_own_heading(r, b) || (r->flags[blk->node] & (N_HIDDEN | N_UNLIKELY)))
			return;
		r->flags[blk->node] |= N_IN;
	}
}

/* Mark text box n, and the wrappers around nothing else (a widget
 * around its box), as the article's text whatever their names. */
static void
mark_box(rd *r, size_t n)
{
	for (size_t a = n; a != PITH_NONE && r->len[a] == r->len[n];
	    a = pith_doc_node(r->d, a)->parent)
		r->flags[a] |= N_BOX;
}

/* A page builder's article (Elementor, Divi, WPBakery, block columns)
 * is cut into sections and columns, each holding a text box styled like
 * every other, its widget named for boilerplate ("elementor-widget"):
 * the box holding the top's paragraphs, alike elsewhere, is the article
 * going on, however deep the sections nest, and such boxes are not
 * pruned for their names.  Only while the boxes follow one another:
 * between them, headings, pictures, fragments that make no sentence (a
 * button, a Q&A's votes, tags, share links and user cards) and under
 * GAP_TEXT characters of prose; a sidebar's or a footer's box lies
 * beyond teasers or notes, another story's beyond its headline.  And
 * new boxes are taken only when they
 * hold half as much text as the content gathered so far: the top is one
 * section of many, where a story's lone box after it is a note or the
 * author's bio.  Each box brings the headings just before it. */
void
rd_gather_alike(rd *r, size_t top)
{
	enum { GAP_TEXT = 100, MAX_BOXES = 32 };
	const pith_doc *d = r->d;
	size_t h = PITH_NONE, box, boxes[MAX_BOXES], nboxes = 0, nin = 0;
	double found = 0, content = 0;
	const pith_block *blk;
	const char *hc;

	for (size_t b = r->bfirst[top]; b != PITH_NONE && b <= r->blast[top]; b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (n != PITH_NONE && tag(r, n) == GUMBO_TAG_P && rd_scorable(r, b)) {
			h = pith_doc_node(d, n)->parent;
			break;
		}
		/* A forum post's text, cut by <br>s, is loose in its box. */
		if (n != PITH_NONE && tag(r, n) == GUMBO_TAG_DIV && rd_scorable(r, b) &&
		    pith_doc_block(d, b)->kind == PITH_BLOCK_PARA) {
			h = n;
			break;
		}
	}
	/* Classless boxes are all alike, unless numbered ones. */
	if (h == PITH_NONE || ((hc = attr(r, h, "class")) == NULL ? !numbered(r, h, h) : *hc == '\0'))
		return;
	for (int dir = -1; dir <= 1; dir += 2) {
		double gap = 0;
		size_t b = dir > 0 ? r->blast[top] + 1 : r->bfirst[top];

		while (gap < GAP_TEXT && nboxes < MAX_BOXES && !budget_tick(r->time) &&
		    (dir > 0 ? b < r->nb : b-- > 0)) {
			if ((box = alike_box(r, b, h, top)) != PITH_NONE &&
			    !(r->flags[box] & (N_HIDDEN | N_UNLIKELY)) &&
			    density(r, box) < 0.25 &&
			    (rd_prose_box(r, box) || rd_sentences(r, box) > 80) &&
			    (gathered(r, r->bfirst[box]) || linked_heads(r, box) < 2)) {
				/* Boxes in what gather took are content already;
				 * a box of teasers (linked headlines over their
				 * excerpts) styled like the article's is none. */
				if (gathered(r, r->bfirst[box])) {
					mark_box(r, box);
					take_headings(r, r->bfirst[box]);
					nin++;
				} else {
					boxes[nboxes++] = box;
					found += r->len[box];
				}
				gap = 0;
				b = dir > 0 ? r->blast[box] + 1 : r->bfirst[box];
				continue;
			}
			blk = pith_doc_block(d, b);
			/* Another story's headline ends the article. */
			if (blk->kind == PITH_BLOCK_HEADING && blk->level == 1 &&
			    !rd_similar_title(r, b))
				break;
			if (blk->kind != PITH_BLOCK_HEADING && !gathered(r, b))
				gap += r->bsentence[b] ? r->blen[b] : 0;
			b += dir > 0;
		}
	}
	for (size_t n = 0; n < r->nn; n = (r->flags[n] & N_IN) ? pith_doc_node(d, n)->end : n + 1)
		if (r->flags[n] & N_IN)
			content += r->len[n];
	if (nboxes == 0 || found < 0.5 * content)
		nboxes = 0;
	if (nboxes == 0 && nin == 0)
		return;
	for (size_t k = 0; k < nboxes; k++) {
		r->flags[boxes[k]] |= N_IN;
		mark_box(r, boxes[k]);
		take_headings(r, r->bfirst[boxes[k]]);
	}
	take_headings(r, r->bfirst[top]);
	/* The top's own box, inside it. */
	if (h != top && inside(r, h, top))
		mark_box(r, h);
}

/* The top is one post of several: it, or a box around it a few levels
 * up, has a box alike it beside it holding prose (the next answer or
 * reply).  A story's body stands alone. */
static bool
replied(const rd *r, size_t top)
{
	const pith_doc *d = r->d;
	size_t x = top, g;

	for (int up = 0; up < 4 && (g = pith_doc_node(d, x)->parent) != PITH_NONE &&
	    x != r->body && g != r->body; up++, x = g)
		for (size_t s = g + 1; rd_named_box(r, x) && s < pith_doc_node(d, g)->end;
		    s = pith_doc_node(d, s)->end)
			if (s != x && rd_alike(r, s, x) && rd_prose_box(r, s))
				return true;
	return false;
}

/* A question above its answers: the page's headline stands before the
 * top in a box of its own (the question's, a story's header), and the
 * prose under it in that box opens the text though it is styled unlike
 * the top's posts ("question-body" beside "answer-body") and votes,
 * tags and a user card part them.  Paragraphs of prose only (see
 * prose_box): the header's byline, date and share bar stay out.  Only
 * for a thread (see replied): a story's header holds its standfirst,
 * which most readers' truths leave out.  The strict run only: a retry's
 * top may be a comment, which the story's paragraphs must not crown. */
void
rd_gather_title(rd *r, size_t top)
{
	const pith_doc *d = r->d;
	size_t tb = r->title_block, x, p;

	if (tb == PITH_NONE || r->bfirst[top] == PITH_NONE || tb >= r->bfirst[top] ||
	    (x = pith_doc_block(d, tb)->node) == PITH_NONE)
		return;
	while ((p = pith_doc_node(d, x)->parent) != PITH_NONE && p != r->body &&
	    !inside(r, top, p))
		x = p;
	if (p == PITH_NONE || p == r->body || x == pith_doc_block(d, tb)->node ||
	    !replied(r, top))
		return;
	for (size_t b = tb + 1; b <= r->blast[x] && b < r->bfirst[top]; b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (n != PITH_NONE && rd_prose_block(r, b) &&
		    !(r->flags[n] & (N_HIDDEN | N_UNLIKELY)) && !(r->cls[n] & C_NOT_TEXT))
			r->flags[n] |= N_IN;
	}
}
