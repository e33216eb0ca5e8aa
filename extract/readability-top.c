/*
 * readability-top.c - scoring the blocks and choosing the top: widened
 * over sections, retitled, unstreamed, or a post above its thread (see
 * readability.c).
 */
#include <gumbo.h>
#include <math.h>
#include <string.h>
#include "readability-int.h"

/* The block of div n's loose text, pictures aside (one floated into
 * the text is no second paragraph), or PITH_NONE. */
size_t
rd_loose_block(const rd *r, size_t n)
{
	size_t p = PITH_NONE;

	if (tag(r, n) != GUMBO_TAG_DIV || r->nblk[n] == 0 || r->nblk[n] > 3)
		return PITH_NONE;
	for (size_t b = r->bfirst[n]; b < r->bfirst[n] + r->nblk[n]; b++) {
		const pith_block *k = pith_doc_block(r->d, b);

		if (k->kind == PITH_BLOCK_IMAGE)
			continue;
		if (p != PITH_NONE || k->kind != PITH_BLOCK_PARA || k->node != n)
			return PITH_NONE;
		p = b;
	}
	return p;
}

/* Node n is a <p>, or a div holding one block of loose text (which
 * Readability.js makes a <p>). */
bool
rd_para_node(const rd *r, size_t n)
{
	return tag(r, n) == GUMBO_TAG_P || (r->nblk[n] == 1 && rd_loose_block(r, n) != PITH_NONE);
}

/* A div around nothing but one paragraph (its only child, node a + 1,
 * holding all its text): a paragraph in a box. */
bool
rd_one_p_div(const rd *r, size_t a)
{
	return tag(r, a) == GUMBO_TAG_DIV && r->kids[a] == 1 && a + 1 < r->nn &&
	    rd_para_node(r, a + 1) && r->len[a + 1] == r->len[a];
}

static double
score_init(const rd *r, size_t n, unsigned f)
{
	double s = 0;

	switch (tag(r, n)) {
	case GUMBO_TAG_DIV: s = 5; break;
	case GUMBO_TAG_PRE: case GUMBO_TAG_TD: case GUMBO_TAG_BLOCKQUOTE: s = 3; break;
	case GUMBO_TAG_ADDRESS: case GUMBO_TAG_OL: case GUMBO_TAG_UL:
	case GUMBO_TAG_DL: case GUMBO_TAG_DD: case GUMBO_TAG_DT:
	case GUMBO_TAG_LI: case GUMBO_TAG_FORM: s = -3; break;
	case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
	case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
	case GUMBO_TAG_TH: s = -5; break;
	default: break;
	}
	return s + ((f & F_WEIGHT_CLASSES) ? r->weight[n] : 0);
}

/* Node n's score from its name and tag, when it has none yet. */
static void
score_once(rd *r, size_t n, unsigned f)
{
	if (!(r->flags[n] & N_SCORED)) {
		r->score[n] = score_init(r, n, f);
		r->flags[n] |= N_SCORED;
	}
}

/* Paragraph-like blocks are scored; list items and headings alone
 * are not (a menu is a list of short items). */
bool
rd_scorable(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	if (blk->node == PITH_NONE || r->blen[b] < MIN_PARAGRAPH)
		return false;
	switch (blk->kind) {
	case PITH_BLOCK_PARA: case PITH_BLOCK_PRE: case PITH_BLOCK_ROW:
		break;
	case PITH_BLOCK_HEADING:
		if (blk->level == 1)
			return false;
		break;
	default:
		return false;
	}
	switch (tag(r, blk->node)) {
	case GUMBO_TAG_LI: case GUMBO_TAG_DT: case GUMBO_TAG_DD:
	case GUMBO_TAG_TH: case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_CAPTION:
	case GUMBO_TAG_LABEL: case GUMBO_TAG_BUTTON: case GUMBO_TAG_LEGEND:
	case GUMBO_TAG_SUMMARY:
		return false;
	default:
		return true;
	}
}

/* On a page with little paragraph text (under CHAR_THRESHOLD in the
 * body), a list item of prose scores as a paragraph of its list: a
 * line of MIN_PARAGRAPH or more in a list of lines with few links (a
 * joiner's services, a posting's duties), where a menu's items are a
 * few words and a related list's are links.  Full stop or not: most
 * postings and feature lists end their lines bare.  On a story's page
 * such a list is its summary, which the corpora leave out.  The list,
 * or PITH_NONE. */
static size_t
item_list(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t l;

	if (r->body == 0 || r->plen[r->body] >= CHAR_THRESHOLD ||
	    blk->kind != PITH_BLOCK_ITEM || blk->node == PITH_NONE ||
	    tag(r, blk->node) != GUMBO_TAG_LI || r->blen[b] < MIN_PARAGRAPH ||
	    (l = pith_doc_node(r->d, blk->node)->parent) == PITH_NONE)
		return PITH_NONE;
	return rd_prose_list(r, l) && density(r, l) < 0.25 ? l : PITH_NONE;
}

/* The node is out before scoring: hidden, or unlikely by name, role or
 * tag, unless it is a page-level wrapper. */
static bool
unlikely(const rd *r, size_t n, unsigned f)
{
	GumboTag t = tag(r, n);
	unsigned c = r->cls[n];

	if (t == GUMBO_TAG_HTML || t == GUMBO_TAG_BODY || t == GUMBO_TAG_MAIN ||
	    t == GUMBO_TAG_ARTICLE || t == GUMBO_TAG_A)
		return false;
	if (rd_tag_out(t) || (c & C_ROLE_OUT))
		return true;
	if (!(f & F_STRIP_UNLIKELY) || !(c & C_UNLIKELY) || (c & (C_MAYBE | C_EMBED)))
		return false;
	/* A wrapper holding most of the page is not a sidebar, whatever
	 * its class says ("header-spacing" on a page wrapper), unless the
	 * page names its article body elsewhere. */
	if (r->body == 0 || r->len[n] <= 0.5 * r->len[r->body])
		return true;
	for (size_t k = 0; k < r->nbodies; k++)
		if (!inside(r, r->bodies[k], n) && r->len[r->bodies[k]] > 0)
			return true;
	return false;
}

void
rd_mark_excluded(rd *r, unsigned f)
{
	const pith_doc *d = r->d;

	for (size_t n = 0; n < r->nn; n++) {
		size_t p = pith_doc_node(d, n)->parent;

		r->flags[n] &= (unsigned char)~(N_UNLIKELY | N_SCORED | N_IN | N_BOX);
		r->score[n] = 0;
		if ((p != PITH_NONE && (r->flags[p] & N_UNLIKELY)) || unlikely(r, n, f))
			r->flags[n] |= N_UNLIKELY;
	}
}

void
rd_score_blocks(rd *r, unsigned f)
{
	const pith_doc *d = r->d;

	for (size_t b = 0; b < r->nb; b++) {
		if (budget_tick(r->time)) break;
		size_t n = pith_doc_block(d, b)->node, a, l = item_list(r, b);
		double s;
		int level = 0;

		if ((!rd_scorable(r, b) && l == PITH_NONE) ||
		    (r->flags[n] & (N_HIDDEN | N_UNLIKELY)))
			continue;
		s = 1 + r->bcommas[b] + fmin(floor(r->blen[b] / 100), 3);
		/* A table row counts for the table as a whole, an item of
		 * prose for its list. */
		if (pith_doc_block(d, b)->kind == PITH_BLOCK_ROW)
			while (n != PITH_NONE && tag(r, n) != GUMBO_TAG_TABLE)
				n = pith_doc_node(d, n)->parent;
		if (l != PITH_NONE)
			n = l;
		if (n == PITH_NONE)
			continue;
		/* A div around nothing but one <p> is that paragraph (as
		 * a div holding loose text is): the first to gain is the
		 * container beyond it. */
		a = pith_doc_node(d, n)->parent;
		if (rd_para_node(r, n) && a != PITH_NONE && rd_one_p_div(r, a) &&
		    density(r, a) < 0.25)
			n = a;
		/* Loose text in a container that holds more than this
		 * paragraph is a paragraph of that container, as
		 * Readability.js wraps phrasing runs in a <p>: the container
		 * is the first to gain. */
		a = pith_doc_node(d, n)->parent;
		if (pith_doc_block(d, b)->kind == PITH_BLOCK_PARA &&
		    tag(r, n) != GUMBO_TAG_P && r->nblk[n] > 1)
			a = r->bwrap[b] != PITH_NONE ? r->bwrap[b] : n;
		for (; a != PITH_NONE && level < 5;
		    a = pith_doc_node(d, a)->parent, level++) {
			if (tag(r, a) == GUMBO_TAG_HTML)
				break;
			score_once(r, a, f);
			r->score[a] += s / (level == 0 ? 1 : level == 1 ? 2 : level * 3);
		}
	}
	for (size_t n = 0; n < r->nn; n++)
		if (r->flags[n] & N_SCORED)
			r->score[n] *= 1 - density(r, n);
}

/* Record what decided about node n, for pith_article_candidates; the
 * siblings of a huge list stop at a bound. */
void
rd_evidence(rd *r, size_t n, pith_cand_role role, double threshold, bool passed,
         unsigned f)
{
	enum { MAX_EVIDENCE = 256 };

	if (r->ncand >= MAX_EVIDENCE || !grow(&r->cand, &r->capcand, r->ncand + 1,
	    sizeof *r->cand)) {
		r->cand_oom |= r->ncand < MAX_EVIDENCE;
		return;
	}
	r->cand[r->ncand++] = (pith_candidate){ n, role, r->score[n],
	    (f & F_WEIGHT_CLASSES) ? r->weight[n] : 0, density(r, n), threshold,
	    passed };
}

/* Heading block b is unlinked, or linked only to its own anchor (a
 * permalink: an in-page link weighs 0.3, see block_run_link). */
bool
rd_own_heading(const rd *r, size_t b)
{
	return r->blink[b] <= 0.3 * r->blen[b] + 0.01;
}

/* Sections under a, outside top (unless PITH_NONE) and not unlikely: a
 * heading without links (or its permalink) followed by a sentence of
 * prose with few links. */
static size_t
headed_sections(const rd *r, size_t a, size_t top)
{
	size_t n = 0;

	if (r->bfirst[a] == PITH_NONE)
		return 0;
	for (size_t b = r->bfirst[a]; b < r->blast[a]; b++) {
		const pith_block *h = pith_doc_block(r->d, b),
		    *t = pith_doc_block(r->d, b + 1);

		if (h->kind != PITH_BLOCK_HEADING || h->level < 2 || !rd_own_heading(r, b) ||
		    h->node == PITH_NONE || t->node == PITH_NONE || (top != PITH_NONE &&
		    (inside(r, h->node, top) || inside(r, t->node, top))) ||
		    (r->flags[h->node] & (N_HIDDEN | N_UNLIKELY)) ||
		    (r->flags[t->node] & (N_HIDDEN | N_UNLIKELY)))
			continue;
		if ((t->kind == PITH_BLOCK_PARA || t->kind == PITH_BLOCK_ITEM) &&
		    r->blen[b + 1] >= WIDEN_TEXT && r->bsentence[b + 1] &&
		    r->blink[b + 1] < 0.25 * r->blen[b + 1])
			n++;
	}
	return n;
}

/* Block b is a paragraph of prose: over 80 characters (rd_paragraph()'s
 * measure), a sentence, few links; a list item's paragraph is one. */
bool
rd_prose_block(const rd *r, size_t b)
{
	pith_block_kind k = pith_doc_block(r->d, b)->kind;

	return (k == PITH_BLOCK_PARA || k == PITH_BLOCK_ITEM) && r->blen[b] > 80 &&
	    r->bsentence[b] && r->blink[b] < 0.25 * r->blen[b];
}

/* A paragraph of prose under a, outside top and not hidden or unlikely. */
static bool
prose_beside(const rd *r, size_t a, size_t top)
{
	for (size_t b = r->bfirst[a]; b != PITH_NONE && b <= r->blast[a]; b++) {
		size_t n = pith_doc_block(r->d, b)->node;

		if (n != PITH_NONE && !inside(r, n, top) && rd_prose_block(r, b) &&
		    !(r->flags[n] & (N_HIDDEN | N_UNLIKELY)))
			return true;
	}
	return false;
}

/* A child of a, beside the top's, holds the headed sections itself: a
 * landing page's features grid, where the boxes beside a short story,
 * each the body's child, hold one each (an aside holds a sidebar's). */
static bool
grid(const rd *r, size_t a, size_t top)
{
	const pith_doc *d = r->d;

	for (size_t c = a + 1; c < pith_doc_node(d, a)->end; c = pith_doc_node(d, c)->end)
		if (!inside(r, top, c) && tag(r, c) != GUMBO_TAG_ASIDE &&
		    !(r->flags[c] & (N_HIDDEN | N_UNLIKELY)) &&
		    headed_sections(r, c, top) >= WIDEN_SECTIONS)
			return true;
	return false;
}

/* A short top beside headed sections of prose is a box on a landing or
 * product page (a notice among feature sections): the sections'
 * sentences sit in list items or short paragraphs that score little or
 * nothing, so the top won by default.  The ancestor holding the
 * sections is the page's text.  Structure only (an unlinked heading,
 * then a sentence), so it holds in any language; a related rail's or a
 * card's heading is its link.  The body too, as the rivals' ancestor
 * may be (see top_candidate), when no heading repeats the title (a
 * generator's landing page puts its sections straight in the body) or
 * when the sections are grouped in a grid (the hero, features and
 * testimonials are often the body's own children).  And when the short
 * top is the grid itself, the ancestor holding prose beside it: the
 * hero's lead, a testimonial.  The top, widened or not. */
static size_t
widen(rd *r, size_t top)
{
	const pith_doc *d = r->d;
	size_t a = pith_doc_node(d, top)->parent;

	bool won;

	r->widened = false;
	if (r->len[top] - r->link[top] >= CHAR_THRESHOLD)
		return top;
	won = headed_sections(r, top, PITH_NONE) >= WIDEN_SECTIONS;
	for (int level = 0; a != PITH_NONE && level < WIDEN_UP &&
	    tag(r, a) != GUMBO_TAG_HTML && !(r->flags[a] & (N_HIDDEN | N_UNLIKELY));
	    a = pith_doc_node(d, a)->parent, level++)
		if (density(r, a) < WIDEN_LINKS &&
		    ((headed_sections(r, a, top) >= WIDEN_SECTIONS &&
		    (tag(r, a) != GUMBO_TAG_BODY || r->title_block == PITH_NONE ||
		    grid(r, a, top))) || (won && prose_beside(r, a, top)))) {
			r->widened = true;
			return a;
		}
	return top;
}

/* Same tag and class. */
bool
rd_alike(const rd *r, size_t a, size_t b)
{
	const char *ca = attr(r, a, "class"), *cb = attr(r, b, "class");

	return tag(r, a) == tag(r, b) && (ca == NULL) == (cb == NULL) &&
	    (ca == NULL || strcmp(ca, cb) == 0);
}

/* Nodes a and b are of a kind: the same tag, and classes opening with
 * the same word ("frame frame-type-text" and "frame frame-type-textpic"),
 * or one class empty and the other not: a template that names every
 * other box of a run ("alt", then "") alternates them so. */
bool
rd_kin(const rd *r, size_t a, size_t b)
{
	const char *ca = attr(r, a, "class"), *cb = attr(r, b, "class");
	size_t k;

	if (tag(r, a) != tag(r, b) || ca == NULL || cb == NULL)
		return false;
	if (*ca == '\0' || *cb == '\0')
		return (*ca == '\0') != (*cb == '\0');
	k = strcspn(ca, " \t\n");
	return k > 0 && strncmp(ca, cb, k) == 0 && strchr(" \t\n", cb[k]) != NULL;
}

/* Nodes a and b are boxes of a kind (see alike and kin). */
bool
rd_of_kind(const rd *r, size_t a, size_t b)
{
	return rd_alike(r, a, b) || rd_kin(r, a, b);
}

/* A CMS cuts a page into content elements side by side, boxes of a kind
 * (a text, a text with a picture, a table), and a short one may win by
 * a name the others lack ("textpic-text"): two rivals of its kind
 * beside the top's box say the article is their parent.  Only below
 * the body, and only boxes of a kind: a sidebar and a footer beside
 * the main column are not.  The parent, or PITH_NONE. */
static size_t
side_by_side(const rd *r, size_t top, const size_t alt[2])
{
	const pith_doc *d = r->d;

	for (size_t x = top, a; (a = pith_doc_node(d, x)->parent) != PITH_NONE &&
	    a != r->body && tag(r, a) != GUMBO_TAG_HTML; x = a) {
		bool p0 = pith_doc_node(d, alt[0])->parent == a,
		    p1 = pith_doc_node(d, alt[1])->parent == a;

		if (p0 || p1)
			return p0 && p1 && rd_kin(r, x, alt[0]) && rd_kin(r, x, alt[1]) ?
			    a : PITH_NONE;
	}
	return PITH_NONE;
}

/* The first level-1 heading in n's subtree, or PITH_NONE. */
size_t
rd_headline(const rd *r, size_t n)
{
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind == PITH_BLOCK_HEADING && blk->level == 1)
			return b;
	}
	return PITH_NONE;
}

/* Box x can be told from boxes elsewhere on the page: it has a class,
 * or is an <article>, or its class is empty between boxes named (the
 * other half of a run alternated, see kin): its next sibling or its
 * parent's first child.  Any two bare <div>s are alike. */
bool
rd_named_box(const rd *r, size_t x)
{
	const char *c = attr(r, x, "class");
	size_t p = pith_doc_node(r->d, x)->parent, e;

	if ((c != NULL && *c) || tag(r, x) == GUMBO_TAG_ARTICLE)
		return true;
	return c != NULL && p != PITH_NONE &&
	    ((p + 1 != x && rd_kin(r, p + 1, x)) ||
	    ((e = rd_sibling_after(r, x)) != PITH_NONE && rd_kin(r, e, x)));
}

/* Child c of g is a story in a stream: a box under its own headline
 * with a box alike it (same tag and class) and headlined too beside it. */
bool
rd_streamed(const rd *r, size_t g, size_t c)
{
	if (rd_headline(r, c) == PITH_NONE)
		return false;
	for (size_t s = g + 1; s < pith_doc_node(r->d, g)->end; s = pith_doc_node(r->d, s)->end)
		if (s != c && rd_alike(r, s, c) && rd_headline(r, s) != PITH_NONE)
			return true;
	return false;
}

/* The best-scored node of nodes x to e (exclusive), or x. */
static size_t
best_from(const rd *r, size_t x, size_t e)
{
	size_t best = x;

	for (size_t n = x; n < e; n++)
		if ((r->flags[n] & N_SCORED) && (!(r->flags[best] & N_SCORED) ||
		    r->score[n] > r->score[best]))
			best = n;
	return best;
}

/* The best-scored node in box x, or x. */
static size_t
best_in(const rd *r, size_t x)
{
	return best_from(r, x, pith_doc_node(r->d, x)->end);
}

/* The next stories may be saved in a box of their own, apart from the
 * article: when the box around the top is headlined other than the
 * page's title and a box alike it elsewhere, holding a story's worth
 * of paragraphs (not a masthead under the site's name), is headlined
 * with the title, that one is the article; or, the title standing
 * above them, the first alike box after it under no headline. */
static size_t
retitle(const rd *r, size_t top)
{
	size_t x = top, h = PITH_NONE;

	for (int up = 0; x != PITH_NONE && x != r->body && up < 4;
	    x = pith_doc_node(r->d, x)->parent, up++)
		if ((h = rd_headline(r, x)) != PITH_NONE)
			break;
	if (h == PITH_NONE || x == PITH_NONE || x == r->body || rd_similar_title(r, h) ||
	    !rd_named_box(r, x))
		return top;
	for (size_t n = 0; n < r->nn; n++)
		if (!inside(r, n, x) && !inside(r, x, n) && rd_alike(r, n, x) &&
		    r->plen[n] >= CHAR_THRESHOLD &&
		    (h = rd_headline(r, n)) != PITH_NONE && rd_similar_title(r, h))
			return best_in(r, n);
	/* The article's headline may stand above the stream, its box
	 * then under none: the first such box after the title's. */
	if ((h = r->title_block) == PITH_NONE || h >= r->bfirst[x])
		return top;
	for (size_t n = 0; n < r->nn; n++)
		if (!inside(r, n, x) && !inside(r, x, n) && rd_alike(r, n, x) &&
		    r->plen[n] >= CHAR_THRESHOLD && r->bfirst[n] != PITH_NONE &&
		    r->bfirst[n] > h && rd_headline(r, n) == PITH_NONE)
			return best_in(r, n);
	return top;
}

/* Infinite scroll saves the next stories below the article, each in a
 * box alike the article's own under its own headline: one story is the
 * page, the one under the page's title, or else the top's (unless
 * retitle finds the title's elsewhere), or the first when the top holds
 * them all.  Its best-scored node, or top. */
static size_t
unstream(const rd *r, size_t top)
{
	const pith_doc *d = r->d;

	for (size_t g = top, up = 0; g != PITH_NONE && g != r->body && up < 4;
	    g = pith_doc_node(d, g)->parent, up++) {
		size_t pick = PITH_NONE, first = PITH_NONE, mine = PITH_NONE;
		size_t story[STREAM_MAX], n = 0;
		bool many = false;

		/* The headlined boxes, each then matched against the others:
		 * a page of more is an index, not a stream, and is not read
		 * pair by pair. */
		for (size_t c = g + 1; c < pith_doc_node(d, g)->end && !many;
		    c = pith_doc_node(d, c)->end)
			if (rd_headline(r, c) != PITH_NONE && !(many = n == STREAM_MAX))
				story[n++] = c;
		if (many)
			continue;
		for (size_t k = 0; k < n; k++) {
			size_t c = story[k], j = 0;

			while (j < n && (j == k || !rd_alike(r, story[j], c)))
				j++;
			if (j == n)
				continue;
			if (first == PITH_NONE)
				first = c;
			if (pick == PITH_NONE && rd_similar_title(r, rd_headline(r, c)))
				pick = c;
			if (inside(r, top, c))
				mine = c;
		}
		/* Stories beside the top's box are teasers of a kind. */
		if (first == PITH_NONE || (mine == PITH_NONE && g != top))
			continue;
		if (pick == PITH_NONE && mine != PITH_NONE)
			break;
		if (pick == PITH_NONE)
			pick = first;
		return pick == mine ? top : best_in(r, pick);
	}
	return retitle(r, top);
}

/* Box n opens with its own prose: a paragraph among its first few
 * blocks (a comment's author line, then its text), looked at no
 * deeper so that a walk over nested boxes stays linear. */
static bool
own_prose(const rd *r, size_t n)
{
	for (size_t b = r->bfirst[n], k = 0; b != PITH_NONE && b <= r->blast[n] && k < 6;
	    b++, k++)
		if (rd_prose_block(r, b))
			return true;
	return false;
}

/* Box a is one of a run of boxes alike it (or, with kind, of its kin):
 * its parent's first child or its next sibling is alike it. */
bool
rd_in_run(const rd *r, size_t a, bool kind)
{
	size_t p = pith_doc_node(r->d, a)->parent, e = rd_sibling_after(r, a);

	return p != PITH_NONE &&
	    ((p + 1 != a && (rd_alike(r, p + 1, a) || (kind && rd_kin(r, p + 1, a)))) ||
	    (e != PITH_NONE && (rd_alike(r, e, a) || (kind && rd_kin(r, e, a)))));
}

/* Box a is one of a run of boxes of a kind, each with its own prose
 * (see own_prose): its parent's first child or its next sibling is.  A
 * thread's list beside an empty list of its kind ("no trackbacks") is
 * no such run. */
static bool
prose_run(const rd *r, size_t a)
{
	size_t p = pith_doc_node(r->d, a)->parent, e = rd_sibling_after(r, a);

	return p != PITH_NONE &&
	    ((p + 1 != a && rd_of_kind(r, p + 1, a) && own_prose(r, p + 1)) ||
	    (e != PITH_NONE && rd_of_kind(r, e, a) && own_prose(r, e)));
}

/* Box t is a thread of replies: a box of its text, one of a run of
 * alike boxes at t's top, holds an alike box of text a few levels down
 * (a reply inside the comment it answers).  Answers to a question and
 * a forum's posts follow one another; only readers' comments nest,
 * whatever their names.  An answer's or a post's own comments, or its
 * quotes, nest inside it: the run's box is then inside another run's.
 * The box holding the run (t or one in it, below the post when t holds
 * both), or PITH_NONE. */
size_t
rd_threaded(const rd *r, size_t t)
{
	const pith_doc *d = r->d;

	for (size_t n = t + 1; n < pith_doc_node(d, t)->end; n++) {
		size_t a = n, g;
		int up = 0;

		if (!rd_named_box(r, n) || !own_prose(r, n))
			continue;
		while (up++ < 4 && (a = pith_doc_node(d, a)->parent) != t &&
		    !(rd_of_kind(r, a, n) && own_prose(r, a) && rd_in_run(r, a, true)))
			;
		if (a == t || up > 4)
			continue;
		for (g = pith_doc_node(d, a)->parent, up = 0; g != t && up < 6;
		    g = pith_doc_node(d, g)->parent, up++)
			if (own_prose(r, g) && prose_run(r, g))
				break;
		if (g == t)
			return pith_doc_node(d, a)->parent;
	}
	return PITH_NONE;
}

/* A thread of readers' comments (see threaded, counted, remarked)
 * after the page's headline, the post's own prose between them, and the
 * best-scored node, first, in it or around it (the comments, alike and
 * many, outscore a short post and draw the top up to a box around
 * both): the post is the article, its best-scored node the top, the
 * thread dropped.  Else top. */
static size_t
thread_post(rd *r, size_t top, size_t first)
{
	const pith_doc *d = r->d;
	size_t tb = r->title_block, h, q, x, y, t = PITH_NONE, l = PITH_NONE;
	double run = 0, before = 0;
	bool flat = false;

	if (tb == PITH_NONE || (h = pith_doc_block(d, tb)->node) == PITH_NONE)
		return top;
	for (q = first; q != PITH_NONE && !inside(r, h, q); q = pith_doc_node(d, q)->parent)
		;
	/* A top drawn up above that box by the thread beside the post
	 * holds the thread: look up to it. */
	if (q != PITH_NONE && q != top && inside(r, q, top))
		q = top;
	/* The first threaded box after the headline's, level by level:
	 * each level's boxes are apart from the last's, so the page is
	 * walked once. */
	for (x = h; q != PITH_NONE && x != q && x != r->body;
	    x = pith_doc_node(d, x)->parent) {
		size_t p = pith_doc_node(d, x)->parent;

		for (size_t s = pith_doc_node(d, x)->end; s < pith_doc_node(d, p)->end;
		    s = pith_doc_node(d, s)->end)
			if ((l = rd_threaded(r, s)) != PITH_NONE || (run = rd_counted(r, s)) > 0 ||
			    (t = rd_remarked(r, s)) != PITH_NONE) {
				flat = t != PITH_NONE;
				t = flat ? t : s;
				break;
			}
		if (t != PITH_NONE)
			break;
	}
	if (t == PITH_NONE || (!inside(r, first, t) && !inside(r, t, first) &&
	    !inside(r, top, t) && !inside(r, t, top)))
		return top;
	/* With no prose before the threaded box, it holds the post too:
	 * the run's own box (l) is the thread then. */
	for (size_t b = tb + 1; ; b++) {
		size_t n;

		if (b >= r->bfirst[t]) {
			if (l == PITH_NONE || l == t)
				break;
			t = l, b = tb + 1;
		}
		n = pith_doc_block(d, b)->node;

		if (n != PITH_NONE && n >= x && rd_prose_block(r, b) &&
		    !(r->flags[n] & (N_HIDDEN | N_UNLIKELY)) && !(r->cls[n] & C_NOT_TEXT)) {
			/* A counted thread follows a post longer than it
			 * (see announced). */
			if ((before += r->blen[b]) <= run)
				continue;
			r->replies = t;
			r->replies_flat = flat;
			/* Flat comments found inside a top that holds the
			 * post already go, the top staying (its byline). */
			if (flat && t != top && inside(r, t, top))
				return top;
			/* A paragraph alone in its box scores the box's
			 * parent: the box is the post then.  The boxes
			 * up to the one holding n: an author's note
			 * after the post is no part of it. */
			for (y = x; pith_doc_node(d, y)->end <= n; y = pith_doc_node(d, y)->end)
				;
			x = best_from(r, x, pith_doc_node(d, y)->end);
			return (r->flags[x] & N_SCORED) ? x : pith_doc_node(d, n)->parent;
		}
	}
	return top;
}

/* Block b repeats the alt text of the picture just before it: its
 * caption, however long, not the story's prose. */
bool
rd_captions(const rd *r, size_t b)
{
	const pith_block *img = b > 0 ? pith_doc_block(r->d, b - 1) : NULL;

	return img != NULL && img->kind == PITH_BLOCK_IMAGE && img->len >= 10 &&
	    str_has_icase(pith_doc_block(r->d, b)->text, img->text);
}

/* A short post scores below a longer box elsewhere (a blog's "about"
 * box, its readers' comments) when no class names them: the box around
 * the page's headline (a blog's post title may be an <h3>, under the
 * blog's name) and the first paragraph of prose after it is the post,
 * when the top lies apart from it.  Not when that paragraph, or a line
 * as long without a link before it, is the block right under the
 * headline: a deck (see deck), the story in a box of its own (a
 * picture's caption, repeating its alt, counts as such a line); nor
 * when the box holds other headlines as high (a list of teasers); nor
 * in the try that cleans nothing, which would gather the sidebar
 * beside the post as its part.  Its best-scored node (the headline's
 * box for a post of a picture), or top. */
static size_t
headed_post(const rd *r, size_t top, unsigned f)
{
	const pith_doc *d = r->d;
	size_t tb = r->title_block, h, b, p, up;

	if (!(f & F_CLEAN))
		return top;
	for (b = 0; tb == PITH_NONE && b < r->nb; b++)
		if (rd_titled(r, b, 3))
			tb = b;
	if (tb == PITH_NONE || (h = pith_doc_block(d, tb)->node) == PITH_NONE ||
	    inside(r, h, top))
		return top;
	for (b = tb + 1; b < r->nb && (!rd_prose_block(r, b) || rd_captions(r, b)); b++)
		if (r->blen[b] > 80 && r->blink[b] == 0)
			return top;
	/* A post that is a picture under its headline, no prose after it,
	 * loses to a short box before it (a blog's "about me"): the
	 * picture is the post's text. */
	bool pic = b == r->nb && tb + 1 < r->nb &&
	    pith_doc_block(d, tb + 1)->kind == PITH_BLOCK_IMAGE &&
	    r->blast[top] < tb && r->len[top] - r->link[top] < CHAR_THRESHOLD;

	b = pic ? tb + 1 : b;
	if (b == r->nb || (b == tb + 1 && !pic) || (b = pith_doc_block(d, b)->node) == PITH_NONE ||
	    (r->flags[b] & (N_HIDDEN | N_UNLIKELY)))
		return top;
	for (p = pith_doc_node(d, h)->parent, up = 0; p != PITH_NONE && p != r->body &&
	    up < 4 && !inside(r, b, p); p = pith_doc_node(d, p)->parent, up++)
		;
	if (p == PITH_NONE || p == r->body || !inside(r, b, p) || inside(r, top, p) ||
	    inside(r, p, top))
		return top;
	for (size_t k = r->bfirst[p]; k <= r->blast[p]; k++)
		if (k != tb && pith_doc_block(d, k)->kind == PITH_BLOCK_HEADING &&
		    pith_doc_block(d, k)->level <= pith_doc_block(d, tb)->level)
			return top;
	return pic ? p : best_in(r, p);
}

/* Node n is a picture and its caption: pictures and one paragraph,
 * nothing else (a photo box whose long caption, commas and all, can
 * outscore a short story beside it). */
static bool
photo_box(const rd *r, size_t n)
{
	size_t paras = 0, pics = 0;

	if (r->bfirst[n] == PITH_NONE || r->nblk[n] > 4)
		return false;
	for (size_t b = r->bfirst[n]; b <= r->blast[n]; b++) {
		pith_block_kind k = pith_doc_block(r->d, b)->kind;

		if (k == PITH_BLOCK_IMAGE)
			pics++;
		else if (k == PITH_BLOCK_PARA)
			paras++;
		else
			return false;
	}
	return pics > 0 && paras == 1;
}

/* Node n is a run of boxes and nothing else: five or more children,
 * nearly all alike the first (readers' comments, a list of teasers),
 * none a paragraph of n's own (a <p>, or a div of loose text as a page
 * without <p>s writes one).  Each box's prose adds a share to n's
 * score, and many boxes outscore a post whose paragraphs are its own. */
static bool
box_run(const rd *r, size_t n)
{
	enum { BOXES_MIN = 5 };
	size_t first = n + 1, k = 0, all = 0;

	if (first >= pith_doc_node(r->d, n)->end)
		return false;
	for (size_t c = first; c != PITH_NONE; c = rd_sibling_after(r, c)) {
		if (rd_para_node(r, c))
			return false;
		all++;
		k += rd_of_kind(r, c, first);
	}
	return k >= BOXES_MIN && 5 * k >= 4 * all;
}

/* Pick the article's top node; 0 when nothing scored. */
size_t
rd_top_candidate(rd *r, unsigned f)
{
	const pith_doc *d = r->d;
	size_t best[TOP_N] = {0}, nbest = 0, top, a;
	double orig;

	for (size_t n = 0; n < r->nn; n++) {
		size_t k;

		if (!(r->flags[n] & N_SCORED))
			continue;
		for (k = nbest; k > 0 && r->score[best[k - 1]] < r->score[n]; k--)
			;
		if (k >= TOP_N)
			continue;
		if (nbest < TOP_N)
			nbest++;
		memmove(best + k + 1, best + k, (nbest - k - 1) * sizeof *best);
		best[k] = n;
	}
	if (nbest == 0 || tag(r, best[0]) == GUMBO_TAG_BODY)
		return r->body;
	top = best[0];
	/* A run of boxes (see box_run) after a box of prose that scores
	 * over 0.6 of it follows the post (readers' comments, scored by
	 * their number, whatever their names): the prose is the article. */
	if (box_run(r, top))
		for (size_t k = 1; k < nbest; k++)
			if (best[k] < top && r->score[best[k]] >= 0.6 * r->score[top] &&
			    !inside(r, top, best[k]) && !box_run(r, best[k]) &&
			    own_prose(r, best[k])) {
				top = best[k];
				break;
			}
	orig = r->score[top];

	/* Rivals nearly as good, off the top's own line, suggest the
	 * article is their common ancestor.  A rival on a better one's line
	 * is that box again (a header and its byline box), no second piece
	 * of evidence. */
	{
		size_t alt[TOP_N], nalt = 0;

		for (size_t k = 1; k < nbest; k++) {
			size_t j = 0;

			while (j < nalt && !inside(r, best[k], alt[j]) &&
			    !inside(r, alt[j], best[k]))
				j++;
			if (r->score[best[k]] >= 0.75 * orig && !inside(r, best[k], top) &&
			    !inside(r, top, best[k]) && j == nalt)
				alt[nalt++] = best[k];
		}
		/* A photo box's caption is no story: a rival nearly as good
		 * holding paragraphs of prose is. */
		if (photo_box(r, top))
			for (size_t k = 0; k < nalt; k++)
				if (own_prose(r, alt[k]) && !photo_box(r, alt[k]) &&
				    r->nblk[alt[k]] > 2) {
					top = alt[k];
					nalt = 0;
					break;
				}
		if (nalt == 2 && r->len[top] - r->link[top] < CHAR_THRESHOLD &&
		    (a = side_by_side(r, top, alt)) != PITH_NONE) {
			top = a;
		} else if (nalt >= 3) {
			/* The body too when the top is short and no heading
			 * repeats the page's title: one of a landing page's
			 * sections, often the body's own children.  A short
			 * post under its headline keeps to itself, whatever
			 * boxes sit beside it. */
			bool body = r->len[top] - r->link[top] < CHAR_THRESHOLD &&
			    r->body != 0 && r->title_block == PITH_NONE;

			for (a = pith_doc_node(d, top)->parent; a != PITH_NONE &&
			    tag(r, a) != GUMBO_TAG_HTML && (tag(r, a) != GUMBO_TAG_BODY || body);
			    a = pith_doc_node(d, a)->parent) {
				size_t in = 0;

				for (size_t k = 0; k < nalt; k++)
					in += inside(r, alt[k], a);
				/* Rivals in a box named for related stories or
				 * comments are its items, not the article's parts. */
				if (in >= 3 && !(r->cls[a] & C_NEGATIVE)) {
					top = a;
					break;
				}
			}
		}
		score_once(r, top, f);
	}
	/* Climb to an ancestor only when it beats the original top. */
	{
		double threshold = r->score[top] / 3;

		for (a = pith_doc_node(d, top)->parent; a != PITH_NONE &&
		    tag(r, a) != GUMBO_TAG_BODY; a = pith_doc_node(d, a)->parent) {
			if (!(r->flags[a] & N_SCORED))
				continue;
			if (r->score[a] < threshold)
				break;
			if (r->score[a] > orig) {
				top = a;
				break;
			}
		}
	}
	/* An only child says no more than its parent. */
	for (a = pith_doc_node(d, top)->parent; a != PITH_NONE &&
	    tag(r, a) != GUMBO_TAG_BODY && tag(r, a) != GUMBO_TAG_HTML &&
	    r->kids[a] == 1; a = pith_doc_node(d, a)->parent)
		top = a;
	/* A descendant named as the article body and holding nearly all
	 * of the paragraphs is the better answer. */
	for (size_t n = top + 1; n < pith_doc_node(d, top)->end; n++)
		if ((r->cls[n] & C_BODY) && !(r->flags[n] & N_HIDDEN) &&
		    r->plen[n] >= 0.9 * r->plen[top] && r->plen[n] > 0) {
			top = n;
			break;
		}
	/* An <article> the top sits in, holding twice its paragraphs and
	 * adding few links, is the story: its sections, each a short paragraph
	 * nested a level apart, scored too little to rival the lede. */
	for (a = pith_doc_node(d, top)->parent; a != PITH_NONE &&
	    tag(r, a) != GUMBO_TAG_BODY && tag(r, a) != GUMBO_TAG_HTML;
	    a = pith_doc_node(d, a)->parent)
		if (tag(r, a) == GUMBO_TAG_ARTICLE) {
			if (r->plen[a] >= 2 * r->plen[top] &&
			    r->link[a] - r->link[top] < 0.25 * (r->len[a] - r->len[top]) &&
			    !(r->flags[a] & (N_HIDDEN | N_UNLIKELY)))
				top = a;
			break;
		}
	top = widen(r, unstream(r, headed_post(r, thread_post(r, top, best[0]), f)));
	top = rd_signed_post(r, top);
	score_once(r, top, f);
	rd_evidence(r, top, PITH_CAND_TOP, 0, true, f);
	for (size_t k = 0; k < nbest; k++)
		if (best[k] != top)
			rd_evidence(r, best[k], PITH_CAND_RIVAL, 0, false, f);
	return top;
}
