/*
 * readability-lists.c - lines and lists in the kept text: loose text
 * in the top, menu lines, "read also", kickers, orphans and list
 * labels (see readability.c).
 */
#include <gumbo.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <unicase.h>
#include <unictype.h>
#include <unistr.h>
#include "readability-int.h"

/* Loose text belongs to the nearest block box, so when the top is an
 * inline element (old pages' <font size=2> around the story, a <span>)
 * or sits in one, a run of it inside (the bold lede after a picture, or
 * before the first <p>) is given to the box around the top.  Blocks come
 * in the document's order and the top's subtree is one stretch of it,
 * so such a block (or picture) between the top's own first and last
 * blocks is inside it; those of text loose in the top's inline wrapper
 * (prepare_wraps) count in the range, the last unless a paragraph not
 * ending with a full stop (a note after the story, as below).  The
 * block just before the first is the lede opening the inline
 * wrapper when it is a sentence (a dateline or byline there is not).
 * A paragraph of prose loose in the top's parent or grandparent is the
 * story going on, as a <p> there is (gather_siblings, gather_sections):
 * a page that sets its text with <br>s, not <p>s, leaves it loose.  Not
 * a picture's caption; after the top only with a full stop (a note, a
 * share prompt ends otherwise), and before it one line or a full stop
 * (a headline over its byline, set as lines, is none). */
bool
rd_loose_in_top(const rd *r, size_t b, size_t top)
{
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t n = blk->node, x = top;

	if ((blk->kind != PITH_BLOCK_PARA && blk->kind != PITH_BLOCK_IMAGE) ||
	    r->bfirst[top] == PITH_NONE || !inside(r, top, n))
		return false;
	if (b >= r->bfirst[top] && b <= r->blast[top] &&
	    (b < r->blast[top] || !rd_prose_block(r, b) || rd_full_stop(blk)))
		return true;
	if (blk->kind != PITH_BLOCK_PARA)
		return false;
	for (int up = 0; up < 2 && x != n && x != r->body; up++)
		x = pith_doc_node(r->d, x)->parent;
	if (x == n && n != top && n != r->body && rd_prose_block(r, b) && !rd_captions(r, b) &&
	    (rd_full_stop(blk) ||
	    (b < r->bfirst[top] && memchr(blk->text, '\n', blk->len) == NULL)) &&
	    !(r->flags[n] & (N_HIDDEN | N_UNLIKELY)))
		return true;
	if (b + 1 != r->bfirst[top] || !r->bsentence[b])
		return false;
	for (size_t a = top; a != n; a = pith_doc_node(r->d, a)->parent)
		if (!doc_tag_block(tag(r, a)))
			return true;
	return false;
}

/* A letter or digit of any script: what a line says, not its
 * separators. */
static bool
letter(unsigned char c)
{
	return c >= 0x80 || isalnum(c);
}

/* The letters in run i of blk. */
static size_t
run_letters(const pith_block *blk, size_t i)
{
	size_t m = 0;

	for (size_t k = 0; k < blk->runs[i].len; k++)
		m += letter((unsigned char)blk->text[blk->runs[i].start + k]);
	return m;
}

/* A line of three or more links whose text between them is mostly
 * separators ("Home | News | Sport"): the pipes and spaces, counted as
 * text, hide a menu from the link ratio; letters and digits do not.
 * A paragraph of two links with one sign between ("Website · Map") is
 * one too; an item or heading so made ("Blob / File") may be text.
 * Commas between a few links may be a sentence's list; between five or
 * more, a post's categories or tags ("in Baking, Bread, Cakes, ..."). */
static bool
menu_line(const pith_block *blk)
{
	size_t in = 0, out = 0, n = rd_links(blk);

	if (n < (blk->kind == PITH_BLOCK_PARA ? 2 : 3))
		return false;
	for (size_t i = 0; i < blk->nruns; i++) {
		const char *t = blk->text + blk->runs[i].start;

		if (!blk->runs[i].href && n < 5 && memchr(t, ',', blk->runs[i].len) != NULL)
			return false;
		/* Between two links, one separator sign and no word. */
		for (size_t k = 0; n == 2 && !blk->runs[i].href && k < blk->runs[i].len; k++)
			if (isalnum((unsigned char)t[k]))
				return false;
		*(blk->runs[i].href ? &in : &out) += run_letters(blk, i);
	}
	return in > 0 && (n >= 3 ? out < 0.2 * (in + out) : out <= 3);
}

/* A "Jump to: Specs | Price | Verdict" line: a paragraph of two or
 * more links, each to a place on this page, and a label.  In-page
 * links weigh little (block_run_link), so the link ratio keeps it, and
 * the label hides it from menu_line.  A bare "#" leads nowhere else
 * either ("Share: Facebook LinkedIn", a script's buttons).  A contents
 * list stays, as Readability.js keeps it. */
static bool
toc_line(const rd *r, const pith_block *blk)
{
	size_t in = 0, out = 0, nl = 0;

	for (size_t i = 0; blk->kind == PITH_BLOCK_PARA && i < blk->nruns; i++) {
		size_t m = run_letters(blk, i);

		if (blk->runs[i].href == NULL || !(blk->runs[i].style & PITH_STYLE_LINK)) {
			out += m;
			continue;
		}
		if (rd_block_run_link(r, blk, i) == 1 && strcmp(blk->runs[i].href, "#") != 0)
			return false;
		in += m;
		nl++;
	}
	return nl >= 2 && out > 0 && out < in;
}

/* href is another page of this site: relative (no other host), or on
 * the page's host, and not the site's front page. */
static bool
same_site(const rd *r, const char *href)
{
	const char *u = pith_doc_url(r->d), *h, *k;
	size_t hn, kn;

	if ((h = url_host(href, &hn)) == NULL)
		return *href != '#' && strncmp(href, "//", 2) != 0 &&
		    strcspn(href, ":") == strlen(href) && href[strspn(href, "/")] != '\0';
	/* Not the front page: a path after the host, port aside. */
	k = h + hn + strcspn(h + hn, "/?#");
	if (*k != '/' || k[1] == '\0')
		return false;
	return u != NULL && (k = url_host(u, &kn)) != NULL && hn == kn &&
	    strncasecmp(h, k, hn) == 0;
}

/* The runs of blk before its first link are a label of four words at
 * most ("Read also:", "Bu haberi de okuyun:", "Теги:") and its colon,
 * ASCII or full-width ("相关阅读："), or a label in lenticular brackets
 * ("【相关阅读】"); the first link's run, or PITH_NONE. */
static size_t
link_label(const pith_block *blk)
{
	size_t nw = 0, i = 0;
	bool colon_seen = false, gap = true;

	for (; i < blk->nruns && blk->runs[i].href == NULL; i++)
		for (size_t k = 0; k < blk->runs[i].len; k++) {
			const char *c = blk->text + blk->runs[i].start + k;

			/* The full-width colon, or the closing bracket of a
			 * label boxed in lenticular brackets ("【相关阅读】"). */
			if (k + 3 <= blk->runs[i].len && (memcmp(c, "\xef\xbc\x9a", 3) == 0 ||
			    memcmp(c, "\xe3\x80\x91", 3) == 0))
				c = ":", k += 2;
			if (*c == ':')
				colon_seen = true;
			else if (*c == ' ')
				gap = true;
			else if (colon_seen)
				return PITH_NONE;
			else if (gap)
				nw++, gap = false;
		}
	return i == blk->nruns || !colon_seen || nw == 0 || nw > 4 ? PITH_NONE : i;
}

/* "Read also: <a>Parking survey divides traders</a>" between the
 * paragraphs: a link_label(), then one link to another page of the
 * same site, and nothing after it.  A "Source:" or "Via:" line links
 * elsewhere and stays. */
static bool
read_also(const rd *r, const pith_block *blk)
{
	size_t i, e = blk->len;

	while (e > 0 && blk->text[e - 1] == ' ')
		e--;
	/* A sentence ("Update: Court rules the trust stays with the
	 * state.") is the text's, its link the source. */
	if (blk->kind != PITH_BLOCK_PARA || rd_links(blk) != 1 || e == 0 ||
	    rd_full_stop(blk) || blk->text[e - 1] == '!' || blk->text[e - 1] == '?' ||
	    (i = link_label(blk)) == PITH_NONE || !same_site(r, blk->runs[i].href))
		return false;
	for (size_t j = i + 1; j < blk->nruns; j++)
		if (blk->runs[j].href != blk->runs[i].href && run_letters(blk, j) > 0)
			return false;
	return true;
}

/* "Tags: <a>market</a>, <a>repairs</a>", "Share: <a>Telegram</a>
 * <a>WhatsApp</a>": a link_label() over two links or more and nothing
 * but their separators.  The label hides the row from the link ratio
 * and menu_line. */
static bool
label_links(const pith_block *blk)
{
	size_t i;

	if (blk->kind != PITH_BLOCK_PARA || rd_links(blk) < 2 || (i = link_label(blk)) == PITH_NONE)
		return false;
	for (; i < blk->nruns; i++)
		if (blk->runs[i].href == NULL && run_letters(blk, i) > 0)
			return false;
	return true;
}

/* Keep block b unless it is mostly links; returns the length kept. */
double
rd_keep_unlinked(rd *r, size_t b, double kept)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	if (blk->kind != PITH_BLOCK_PRE && !rd_data_row(r, b) &&
	    r->blen[b] > 0 && (r->blink[b] / r->blen[b] > 0.8 || menu_line(blk) ||
	    toc_line(r, blk) || label_links(blk)) &&
	    (r->blen[b] < 150 || rd_links(blk) >= 3) &&
	    !rd_section_heading(blk, kept) && !rd_prose_item(r, blk->node) &&
	    !(blk->kind == PITH_BLOCK_ITEM && blk->node != PITH_NONE &&
	    (rd_word_list(r, pith_doc_node(r->d, blk->node)->parent) ||
	    (r->flags[pith_doc_node(r->d, blk->node)->parent] & N_KEEP)))) {
		r->why[b] = rd_reason(r, "dropped: mostly links",
		    "dropped: mostly links %.2f", r->blink[b] / r->blen[b]);
		return 0;
	}
	if (read_also(r, blk)) {
		r->why[b] = "dropped: a pointer to another story";
		return 0;
	}
	r->keep[b] = 1;
	r->why[b] = blk->node >= r->top && blk->node < pith_doc_node(r->d, r->top)->end ?
	    r->kept_why : r->beside_why;
	return r->blen[b];
}

/* The kept lines right above the title's heading that are a few
 * words without a sentence end, under rd_paragraph()'s 80 characters:
 * the kicker naming the story's section or topic ("Traffic", "Cost
 * of living"), the article's furniture.  Their length. */
double
rd_drop_kickers(rd *r, size_t t)
{
	double len = 0;

	for (size_t b = t; b-- > 0 && r->keep[b];) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind != PITH_BLOCK_PARA || r->blen[b] >= 80 || r->bsentence[b])
			break;
		r->keep[b] = 0;
		r->why[b] = "dropped: kicker above the title";
		len += r->blen[b];
	}
	return len;
}

/* The headings kept after the article's last text, when blocks follow
 * them, head what was dropped ("Related stories" over links the prune
 * took one by one, "Leave a reply" over the comment form): they go too.
 * Headings ending the page head what it hides (a readability test page's
 * collapsed sections); nor do they go when they are all the article
 * kept.  Their length. */
double
rd_drop_orphans(rd *r)
{
	const pith_doc *d = r->d;
	double len = 0;
	size_t b = r->nb;

	if (b == 0 || r->keep[b - 1])
		return 0;
	while (b > 0 && !(r->keep[b - 1] && (pith_doc_block(d, b - 1)->kind != PITH_BLOCK_HEADING ||
	    (r->bsentence[b - 1] && r->blen[b - 1] >= 80))))
		b--;
	for (; b > 0 && b < r->nb; b++)
		if (r->keep[b]) {
			r->keep[b] = 0;
			r->why[b] = "dropped: heads only what was dropped";
			len += r->blen[b];
		}
	return len;
}

/* s has letters and all are capitals ("LEIA MAIS"). */
static bool
shouted(const char *s, size_t n)
{
	const uint8_t *u = (const uint8_t *)s;
	bool any = false;
	ucs4_t c;

	for (size_t i = 0; i < n; ) {
		int m = u8_mbtouc(&c, u + i, n - i);

		if (uc_is_alpha(c) && uc_toupper(c) != c)
			return false;
		any |= uc_is_alpha(c) && uc_tolower(c) != c;
		i += (size_t)m;
	}
	return any;
}

/* Kept item b of a list is only the label of the list nested in it,
 * whose items, links all, the walk dropped ("Bookmark this story" over
 * its sites' links): a menu's heading, not the story's list.  A label
 * ending in a colon introduces its items ("In progress:"), as a
 * story's list does. */
static bool
submenu_label(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t li = blk->node, e;
	double len = 0, link = 0;

	if (blk->kind != PITH_BLOCK_ITEM || li == PITH_NONE || tag(r, li) != GUMBO_TAG_LI ||
	    blk->len == 0 || rd_links(blk) > 0 || r->bsentence[b] || rd_full_stop(blk) ||
	    blk->len > 60 || blk->text[blk->len - 1] == ':' || (e = r->blast[li]) <= b)
		return false;
	for (size_t k = b + 1; k <= e; k++) {
		if (r->keep[k])
			return false;
		len += r->blen[k];
		link += r->blink[k];
	}
	return len > 0 && link / len > 0.8;
}

/* A kept line of a few words and no sentence, a label by its colon or
 * its capitals ("LEIA MAIS", "Baca juga:", "相关阅读："), right over
 * links the walk dropped inside the article, labels them: a pointer to
 * other stories, dropped with its list where the story goes on after
 * it (drop_orphans' case within the text).  Its length. */
double
rd_drop_list_labels(rd *r)
{
	double len = 0;

	for (size_t b = 0; b + 1 < r->nb; b++) {
		const pith_block *blk = pith_doc_block(r->d, b), *next;
		size_t nw = 1, nx, e;

		if (r->keep[b] && submenu_label(r, b)) {
			r->keep[b] = 0;
			r->why[b] = "dropped: labels a dropped list of links";
			len += r->blen[b];
			continue;
		}
		if (!r->keep[b] || r->keep[b + 1] || blk->kind != PITH_BLOCK_PARA ||
		    rd_links(blk) > 0 || r->bsentence[b] || rd_full_stop(blk) ||
		    u8_mbsnlen((const uint8_t *)blk->text, blk->len) > 30)
			continue;
		for (size_t i = 0; i < blk->len; i++)
			nw += blk->text[i] == ' ';
		next = pith_doc_block(r->d, b + 1);
		nx = next->node;
		if (nw > 3 || !(blk->text[blk->len - 1] == ':' ||
		    (blk->len >= 3 && memcmp(blk->text + blk->len - 3, "\xef\xbc\x9a", 3) == 0) ||
		    shouted(blk->text, blk->len)) ||
		    nx == PITH_NONE || !(r->flags[nx] & N_IN) || r->blen[b + 1] == 0 ||
		    r->blink[b + 1] / r->blen[b + 1] <= 0.8)
			continue;
		/* The story goes on after the links. */
		for (e = b + 1; e < r->nb && !r->keep[e]; e++)
			;
		if (e == r->nb)
			continue;
		r->keep[b] = 0;
		r->why[b] = "dropped: labels links to other stories";
		len += r->blen[b];
	}
	return len;
}
