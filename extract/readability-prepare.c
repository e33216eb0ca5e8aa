/*
 * readability-prepare.c - what one page's run starts from: each block's
 * length, links, commas and sentence, summed up the tree; each node's
 * class and weight; anchors, counts and wrappers (see readability.c).
 */
#include <gumbo.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicase.h>
#include <unictype.h>
#include <unistr.h>
#include "readability-int.h"

/* The '#' of href h when it links into this page, or NULL.  A bare
 * "#" names no place in it: a script's button (a share or print menu's
 * items), a link like any other (Readability.js's /^#.+/ too). */
const char *
rd_in_page(const rd *r, const char *h)
{
	const char *hash = h != NULL ? strchr(h, '#') : NULL;

	return hash != NULL && hash[1] != '\0' &&
	    strncmp(h, pith_doc_url(r->d) ? pith_doc_url(r->d) : "",
	    (size_t)(hash - h)) == 0 ? hash : NULL;
}

/* How much a character in run i of blk counts as link: 0 outside
 * links, 0.3 in in-page anchors (footnotes, tables of contents: links
 * of a lighter kind), else 1. */
double
rd_block_run_link(const rd *r, const pith_block *blk, size_t i)
{
	if (blk->nruns == 0 || !(blk->runs[i].style & PITH_STYLE_LINK))
		return 0;
	return rd_in_page(r, blk->runs[i].href) != NULL ? 0.3 : 1;
}

/* Text of n bytes ends a sentence: a full stop, maybe inside closing
 * double quotes (... became “confrontational.”). */
static bool
sentence_end(const char *t, size_t n)
{
	for (;;) {
		if (n > 0 && t[n - 1] == '"')
			n--;
		else if (n >= 3 && (unsigned char)t[n - 3] == 0xE2 &&
		    (unsigned char)t[n - 2] == 0x80 && (unsigned char)t[n - 1] == 0x9D)
			n -= 3;
		else
			return n > 0 && t[n - 1] == '.';
	}
}

/* s opens with word, the case of any script folded ("ΔΙΑΦΗΜΙΣΗ",
 * "Quảng cáo").  A letter and its fold take as many bytes, so the
 * word's length is also its length in s. */
bool
rd_starts(const char *s, size_t n, const char *word)
{
	const uint8_t *a = (const uint8_t *)s, *w = (const uint8_t *)word;
	size_t k = strlen(word);

	if (n < k)
		return false;
	for (size_t i = 0; i < k; ) {
		ucs4_t c, d;
		int m = u8_mbtouc(&c, a + i, k - i), mw = u8_mbtouc(&d, w + i, k - i);

		if (m != mw || (c != d && uc_tolower(c) != uc_tolower(d)))
			return false;
		i += (size_t)m;
	}
	return true;
}

/* A copyright notice ("Copyright 2008 The Associated Press. All rights
 * reserved.", "© 2008 Example News"): the wire's or the site's line
 * under the story, not its text.  The mark, then a year or the rights:
 * "Copyright law changed in 2019" is a sentence.  An opening bracket
 * before the mark is the notice's: "(© 2008 Example News)". */
bool
rd_copyright(const char *s, size_t n)
{
	/* The reprint bans of Korean, Chinese and Japanese pages ("무단전재
	 * 및 재배포 금지", "版权所有", "無断転載を禁じます") say it alone,
	 * in a line that is no sentence (a full stop: the text's words). */
	static const char *const reprints[] = {
		"\xeb\xac\xb4\xeb\x8b\xa8\xec\xa0\x84\xec\x9e\xac", /* 무단전재 */
		"\xeb\xac\xb4\xeb\x8b\xa8 \xec\xa0\x84\xec\x9e\xac", /* 무단 전재 */
		"\xec\x9e\xac\xeb\xb0\xb0\xed\x8f\xac", /* 재배포 */
		"\xe7\x89\x88\xe6\x9d\x83\xe6\x89\x80\xe6\x9c\x89", /* 版权所有 */
		"\xe7\x89\x88\xe6\xac\x8a\xe6\x89\x80\xe6\x9c\x89", /* 版權所有 */
		"\xe8\xbd\xac\xe8\xbd\xbd", /* 转载 */ "\xe8\xbd\x89\xe8\xbc\x89", /* 轉載 */
		"\xe8\xbb\xa2\xe8\xbc\x89", /* 転載 */
	};
	bool year = false, rights = false;

	/* The notice set in brackets after the story's last line. */
	while (n > 0 && (*s == '(' || *s == '[')) {
		s++;
		n--;
	}
	for (size_t i = 0; i < sizeof reprints / sizeof reprints[0] &&
	    strstr(s, "\xe3\x80\x82") == NULL; i++)
		if (strstr(s, reprints[i]) != NULL)
			return true;

	for (size_t i = 0; i + 4 <= n; i++) {
		rights = rights || (i + 15 <= n && strncasecmp(s + i, "rights reserved", 15) == 0);
		year = year || ((s[i] == '1' || s[i] == '2') && isdigit((unsigned char)s[i + 1]) &&
		    isdigit((unsigned char)s[i + 2]) && isdigit((unsigned char)s[i + 3]));
	}
	if (rd_starts(s, n, "copyright ")) {
		s += 10;
		n -= 10;
		return rights || rd_starts(s, n, "\xc2\xa9") || rd_starts(s, n, "\xe2\x93\x92") ||
		    rd_starts(s, n, "(c)") || (n > 0 && isdigit((unsigned char)*s));
	}
	/* "(c) in 2019 the board shall": a statute's clause, not a mark.
	 * Korean sites print the circled small c. */
	return (rd_starts(s, n, "\xc2\xa9") || rd_starts(s, n, "\xe2\x93\x92")) && (year || rights);
}

/* Block b's length, link length, commas and sentence end.  Characters
 * are weighted by how much they say: a Han, kana or Hangul character
 * carries about a word, so it counts three. */
static void
block_stats(rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);
	const uint8_t *s = (const uint8_t *)blk->text;
	double link = 0, lw;
	/* Weights are 1 and 3: their sum is an integer, exactly what adding
	 * them one by one in a double gives. */
	size_t len = 0;
	int commas = 0;
	bool sentence = false;
	size_t run = 0;
	/* A space between two letters of a script that spaces no words
	 * (see below): 1 after such a letter, 2 after spaces that follow
	 * one. */
	int gap = 0;
	const uc_script_t *han = r->han, *hiragana = r->hiragana,
	    *katakana = r->katakana, *hangul = r->hangul;

	lw = rd_block_run_link(r, blk, 0);
	for (size_t i = 0; i < blk->len; ) {
		ucs4_t uc;
		int m, w = 1;

		if (run + 1 < blk->nruns && blk->runs[run + 1].start <= i) {
			while (run + 1 < blk->nruns && blk->runs[run + 1].start <= i)
				run++;
			lw = rd_block_run_link(r, blk, run);
		}
		if (s[i] < 0x80) {
			/* ASCII to the next run or character that is not:
			 * weight 1, and only commas and sentence ends matter. */
			size_t end = run + 1 < blk->nruns ? blk->runs[run + 1].start : blk->len,
			    j;
			double step = lw == 1 ? 1 : lw > 0 ? 0.3 : 0;

			for (j = i; j < end && j < blk->len && s[j] < 0x80; j++) {
				gap = s[j] == ' ' && gap > 0 ? 2 : 0;
				if (s[j] == ',')
					commas++;
				else if ((s[j] == '.' || s[j] == '!' || s[j] == '?') &&
				    j + 1 < blk->len && s[j + 1] == ' ')
					sentence = true;
				link += step;
			}
			len += j - i;
			i = j;
			continue;
		}
		m = u8_mbtouc(&uc, s + i, blk->len - i);
		if (uc >= 0x1100 && (uc_is_script(uc, han) ||
		    uc_is_script(uc, hiragana) || uc_is_script(uc, katakana) ||
		    uc_is_script(uc, hangul)))
			w = 3;
		/* Commas: full-width, ideographic, Arabic, Ethiopic,
		 * Armenian and Burmese. */
		if (uc == ',' || uc == 0xFF0C || uc == 0x3001 || uc == 0x060C ||
		    uc == 0x1363 || uc == 0x055D || uc == 0x104A)
			commas++;
		/* Any script's full stop: the danda, the Arabic question
		 * mark, the ideographic full stop (Unicode's STerm); and the
		 * Khmer khan and Tibetan shad, which STerm leaves out.  The
		 * shad ends a clause as often as a sentence: a comma too. */
		if (uc_is_property_sentence_terminal(uc) || uc == 0x17D4 ||
		    uc == 0x17D5 || uc == 0x0F0D || uc == 0x0F0E)
			sentence = true;
		commas += uc == 0x0F0D;
		/* Thai, Lao, Tibetan, Burmese and Khmer put no space
		 * between words: one between two of their letters parts
		 * clauses, as a comma does, and in Thai and Lao, which write
		 * no full stop, sentences too. */
		if (str_unspaced(uc) && !uc_is_general_category(uc, UC_CATEGORY_P)) {
			commas += gap == 2;
			sentence |= gap == 2 && uc <= 0x0eff;
			gap = 1;
		} else {
			gap = 0;
		}
		len += (size_t)w;
		/* Link text adds in order: 0.3 steps are not exact. */
		if (lw == 1)
			link += w;
		else if (lw > 0)
			link += 0.3 * w;
		i += m > 0 ? (size_t)m : 1;
	}
	r->blen[b] = (double)len;
	r->blink[b] = link;
	/* A block as long as a short article and carrying a copyright
	 * notice is the site's legal line: the commas of its list of
	 * trademarks are no clauses of prose, and would make the page's
	 * wrapper outscore the story.  A short notice's commas part years. */
	for (const char *c = blk->text; commas > 0 && len >= CHAR_THRESHOLD &&
	    (c = strstr(c, "\xc2\xa9")) != NULL; c += 2)
		if (rd_copyright(c, blk->len - (size_t)(c - blk->text)))
			commas = 0;
	r->bcommas[b] = commas;
	r->bsentence[b] = sentence || sentence_end(blk->text, blk->len);
}

/* The weight of what class and id say: +-25 each. */
static int
class_weight(unsigned c, unsigned i)
{
	int w = 0;

	w += (c & C_NEGATIVE) ? -25 : 0;
	w += (c & C_POSITIVE) ? 25 : 0;
	w += (i & C_NEGATIVE) ? -25 : 0;
	w += (i & C_POSITIVE) ? 25 : 0;
	return w;
}

struct item_key { unsigned long h; size_t b; };

static int
item_key_cmp(const void *a, const void *b)
{
	const struct item_key *x = a, *y = b;

	return x->h < y->h ? -1 : x->h > y->h ? 1 : x->b < y->b ? -1 : x->b > y->b;
}

/* Mark in r->brepeated the linked list items whose text recurs in
 * another item: a message archive's or a wiki's navigation printed
 * above and below the text ("Previous message: ...").  Sorted by a
 * hash, so linear but for the sort. */
static pith_code
repeated_items(rd *r)
{
	struct item_key *k = malloc((r->nb + 1) * sizeof *k);
	size_t n = 0;

	if (k == NULL)
		return PITH_ENOMEM;
	for (size_t b = 0; b < r->nb; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		unsigned long h = 5381;

		if (blk->kind != PITH_BLOCK_ITEM || blk->len == 0)
			continue;
		for (size_t i = 0; i < blk->len; i++)
			h = h * 33 + (unsigned char)blk->text[i];
		k[n++] = (struct item_key){ h, b };
	}
	qsort(k, n, sizeof *k, item_key_cmp);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && k[j].h == k[i].h; j++)
			;
		for (size_t x = i; j - i > 1 && x < j; x++) {
			const pith_block *a = pith_doc_block(r->d, k[x].b),
			    *c = pith_doc_block(r->d, k[x == i ? i + 1 : i].b);

			if (a->len == c->len && memcmp(a->text, c->text, a->len) == 0 &&
			    r->blink[k[x].b] > 0.5 * r->blen[k[x].b])
				r->brepeated[k[x].b] = true;
		}
	}
	free(k);
	return PITH_OK;
}

/* Block b counted in node a: its length, links, commas, sentence and
 * place (b may come after a's later blocks: see prepare_wraps). */
static void
count_block(rd *r, size_t a, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	r->nblk[a]++;
	if (r->bfirst[a] == PITH_NONE || b < r->bfirst[a])
		r->bfirst[a] = b;
	if (r->blast[a] == PITH_NONE || b > r->blast[a])
		r->blast[a] = b;
	r->len[a] += r->blen[b];
	r->link[a] += r->blink[b];
	r->commas[a] += r->bcommas[b];
	if (r->bsentence[b])
		r->flags[a] |= N_SENTENCE;
	if (blk->kind == PITH_BLOCK_PARA || blk->kind == PITH_BLOCK_PRE)
		r->plen[a] += r->blen[b];
}

/* Each block's length, links, commas and sentence, added to its node;
 * false when the time ran out. */
static bool
prepare_blocks(rd *r)
{
	const pith_doc *d = r->d;

	for (size_t b = 0; b < r->nb; b++) {
		if (budget_tick(r->time))
			return false;
		const pith_block *blk = pith_doc_block(d, b);
		size_t n = blk->node;

		block_stats(r, b);
		if (n == PITH_NONE)
			continue;
		count_block(r, n, b);
		r->slidec[n] += rd_slide_count(blk) || rd_slide_heading(blk);
		if (blk->kind == PITH_BLOCK_PRE)
			r->flags[n] |= N_KEEP;
		if (blk->kind == PITH_BLOCK_ROW) {
			/* A row the model read as data: its table is data. */
			for (size_t a = n; a != PITH_NONE; a = pith_doc_node(d, a)->parent)
				if (tag(r, a) == GUMBO_TAG_TABLE) {
					r->flags[a] |= N_DATA;
					r->rows[a] += r->rows[a] < 2;
					break;
				}
		}
	}
	return true;
}

/* Table n is tabular: two rows or more of several cells, and no table
 * nested in it (a layout's, around a login form). */
static bool
tabular(const rd *r, size_t n)
{
	int rows = 0;

	for (size_t x = n + 1; x < pith_doc_node(r->d, n)->end; x++)
		if (tag(r, x) == GUMBO_TAG_TABLE)
			return false;
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n] && rows < 2; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		rows += blk->kind == PITH_BLOCK_ROW && memchr(blk->text, '\t', blk->len) != NULL;
	}
	return rows >= 2;
}

/* Data table n (or its wrapper) opens with a row of header cells: a
 * table of the text's own data, named for what it lists (a cookie
 * policy's "cookie-table") where a box of chrome is named for itself. */
bool
rd_header_row(const rd *r, size_t n)
{
	for (size_t x = n + 1; x < pith_doc_node(r->d, n)->end; x++)
		if (tag(r, x) == GUMBO_TAG_TH)
			return true;
		else if (tag(r, x) == GUMBO_TAG_TD)
			return false;
	return false;
}

/* Block b is a row of a data table.  A table of one row is no data:
 * an old page's toolbar ("Print this story | E-mail this story"),
 * menu or ad box laid out side by side, its links and labels judged
 * as a paragraph's. */
bool
rd_data_row(const rd *r, size_t b)
{
	size_t a = pith_doc_block(r->d, b)->node;

	if (pith_doc_block(r->d, b)->kind != PITH_BLOCK_ROW)
		return false;
	while (a != PITH_NONE && tag(r, a) != GUMBO_TAG_TABLE)
		a = pith_doc_node(r->d, a)->parent;
	return a == PITH_NONE || r->rows[a] != 1;
}

/* Each node's class, weight and hidden state; the page's bodies. */
static void
prepare_nodes(rd *r)
{
	const pith_doc *d = r->d;
	size_t nn = r->nn;

	for (size_t n = 0; n < nn; n++) {
		if (budget_tick(r->time)) break;   /* pith_extract reports it */
		const pith_node *node = pith_doc_node(d, n);
		GumboTag t = tag(r, n);
		node_attrs at;
		unsigned ck, ci, c;

		node_attrs_get(gnode(r, n), &at);
		ck = rd_classify_memo(r, at.klass);
		ci = rd_classify(at.id);
		c = ck | ci;
		/* An anchor's name marks a place, as an id does ("#comments"). */
		if (t == GUMBO_TAG_A)
			c |= rd_classify(attr(r, n, "name")) & C_THREAD;
		if (node_hidden(&at) && !node_collapsed(gnode(r, n)))
			c |= C_HIDDEN;
		if (rd_role_out(at.role))
			c |= C_ROLE_OUT;
		if (at.itemprop != NULL && strstr(at.itemprop, "articleBody") != NULL)
			c |= C_BODY;
		if (at.rel != NULL && strcmp(at.rel, "author") == 0)
			c |= C_META;
		if (t == GUMBO_TAG_BODY && r->body == 0)
			r->body = n;
		r->cls[n] = c;
		r->weight[n] = class_weight(ck, ci);
		if (node->parent != PITH_NONE) {
			r->kids[node->parent]++;
			if (r->flags[node->parent] & N_HIDDEN)
				r->flags[n] |= N_HIDDEN;
		}
		if ((c & C_HIDDEN) && t != GUMBO_TAG_BODY && t != GUMBO_TAG_HTML)
			r->flags[n] |= N_HIDDEN;
		/* What "site" removes is as good as hidden. */
		if (r->mask != NULL && r->mask[n])
			r->flags[n] |= N_HIDDEN;
		if ((c & C_BODY) && !(r->flags[n] & N_HIDDEN) &&
		    r->nbodies < sizeof r->bodies / sizeof r->bodies[0])
			r->bodies[r->nbodies++] = n;
	}
}

/* Node n's previous sibling, or PITH_NONE: the last of node n - 1's
 * ancestors below n's parent. */
size_t
rd_sibling_before(const rd *r, size_t n)
{
	size_t p = pith_doc_node(r->d, n)->parent, x = n - 1;

	while (x != PITH_NONE && x != p && pith_doc_node(r->d, x)->parent != p)
		x = pith_doc_node(r->d, x)->parent;
	return x != p ? x : PITH_NONE;
}

/* Node n's next sibling, or PITH_NONE. */
size_t
rd_sibling_after(const rd *r, size_t n)
{
	size_t x = pith_doc_node(r->d, n)->end;

	return x < r->nn && pith_doc_node(r->d, x)->parent == pith_doc_node(r->d, n)->parent ?
	    x : PITH_NONE;
}

/* Node n's nearest sibling on side dir (-1 before, 1 after) that has
 * text, past up to two empty ones (an ad's slot, an empty list), or
 * PITH_NONE. */
size_t
rd_text_sibling(const rd *r, size_t n, int dir)
{
	size_t x = n;

	for (int i = 0; i < 3; i++) {
		x = dir < 0 ? rd_sibling_before(r, x) : rd_sibling_after(r, x);
		if (x == PITH_NONE || r->len[x] > 0)
			return x;
	}
	return PITH_NONE;
}

/* Up to two siblings of heading n, within a few on side dir (-1
 * before, 1 after), of its tag and class and with ids of their own: a
 * document's anchored headings (a Markdown generator's or a table of
 * contents' anchors). */
int
rd_id_kin(const rd *r, size_t n, int dir)
{
	enum { NEAR = 12 };
	size_t p = pith_doc_node(r->d, n)->parent, s = n;
	int kin = 0;

	if (p == PITH_NONE)
		return 0;
	for (int k = 0; k < NEAR && kin < 2; k++) {
		if ((s = dir > 0 ? rd_sibling_after(r, s) : rd_sibling_before(r, s)) == PITH_NONE)
			break;
		kin += rd_alike(r, s, n) && attr(r, s, "id") != NULL;
	}
	return kin;
}

/* Box n opens with a heading that links to the box's own id: a
 * document's section and its permalink ("<section id=comments><h2>
 * Comments<a href=#comments>", as Docutils writes them). */
static bool
permalinked(const rd *r, size_t n, const char *id)
{
	size_t end = pith_doc_node(r->d, n)->end, h = n + 1;
	const char *href;

	/* The heading first, or in a wrapper or two. */
	while (h < end && h < n + 4 && !heading_tag(r, h))
		h++;
	if (h >= end || !heading_tag(r, h))
		return false;
	end = pith_doc_node(r->d, h)->end;
	for (size_t a = h + 1; a < end && a < h + 16; a++)
		if (tag(r, a) == GUMBO_TAG_A && (href = attr(r, a, "href")) != NULL &&
		    href[0] == '#' && strcmp(href + 1, id) == 0)
			return true;
	return false;
}

/* A heading's id among its kin's is an anchor, not a box's name, and
 * so is a permalinked section's: a privacy policy's "#comments",
 * "#advertising" and "#share" sections are its text.  What else the id
 * says stays: a byline's "docAuthor", the readers' comments' mark (see
 * drop_thread). */
static void
prepare_anchors(rd *r)
{
	for (size_t n = 0; n < r->nn; n++) {
		GumboTag t = tag(r, n);
		const char *id;
		unsigned ci, ck;

		if ((id = attr(r, n, "id")) == NULL ||
		    (ci = rd_classify(id) & (C_BOILER | C_UNLIKELY | C_NEGATIVE)) == 0 ||
		    !((t >= GUMBO_TAG_H1 && t <= GUMBO_TAG_H6) || permalinked(r, n, id)) ||
		    rd_id_kin(r, n, -1) + rd_id_kin(r, n, 1) < 2)
			continue;
		ck = rd_classify(attr(r, n, "class"));
		r->cls[n] &= ~(ci & ~ck);
		r->weight[n] = class_weight(ck, rd_classify(id) & ~C_NEGATIVE);
	}
}

/* Lengths, links and block ranges summed up the tree. */
static void
prepare_sums(rd *r)
{
	const pith_doc *d = r->d;
	size_t nn = r->nn;

	/* Sums flow up; children come after their parents. */
	for (size_t n = nn; n-- > 1; ) {
		size_t p = pith_doc_node(d, n)->parent;

		if (p == PITH_NONE)
			continue;
		/* A wrapper around nothing but a data table is the table: its
		 * name tells how it shows it ("table-scroll", "media"), not
		 * what it holds.  A table of one-cell rows is as often a
		 * layout's (a login prompt, a list of links). */
		if ((r->flags[n] & N_DATA) && r->kids[p] == 1 && r->len[p] == 0 &&
		    (tag(r, n) != GUMBO_TAG_TABLE || tabular(r, n)))
			r->flags[p] |= N_DATA;
		r->len[p] += r->len[n];
		r->link[p] += r->link[n];
		r->plen[p] += r->plen[n];
		r->llen[p] += tag(r, n) == GUMBO_TAG_UL || tag(r, n) == GUMBO_TAG_OL ?
		    r->len[n] : r->llen[n];
		r->commas[p] += r->commas[n];
		r->slidec[p] += r->slidec[n];
		r->nblk[p] += r->nblk[n];
		/* n's sums are whole: its subtree comes after it. */
		if (r->len[n] > 0 && r->link[n] < 0.5 * r->len[n])
			r->prose_kids[p]++;
		if (r->bfirst[n] != PITH_NONE) {
			if (r->bfirst[p] == PITH_NONE || r->bfirst[n] < r->bfirst[p])
				r->bfirst[p] = r->bfirst[n];
			if (r->blast[p] == PITH_NONE || r->blast[n] > r->blast[p])
				r->blast[p] = r->blast[n];
		}
		if ((r->cls[n] & C_EMBED) || (r->flags[n] & N_KEEP))
			r->flags[p] |= N_KEEP;
	}
}

/* The numbers of up to four digits in t[0..n), at most max of them
 * into v; how many. */
size_t
rd_numbers(const char *t, size_t n, size_t *v, size_t max)
{
	size_t got = 0;

	for (size_t i = 0; i < n && got < max; ) {
		size_t x = 0, k = 0;

		while (i + k < n && t[i + k] >= '0' && t[i + k] <= '9')
			x = k < 4 ? 10 * x + (size_t)(t[i + k] - '0') : 0, k++;
		if (k > 0 && k <= 4)
			v[got++] = x;
		i += k > 0 ? k : 1;
	}
	return got;
}

/* The title's numbers ("The 6 best ..."): the counts of the lists it
 * promises (see promised). */
static void
prepare_counts(rd *r)
{
	const char *t = pith_doc_title(r->d);

	if (t != NULL)
		r->ncounts = rd_numbers(t, strlen(t), r->counts, 8);
}

/* Block b is loose text in a box that holds more than it (bare text
 * and <br>s where a page would have <p>s). */
static bool
loose_para(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	return blk->kind == PITH_BLOCK_PARA && blk->node != PITH_NONE &&
	    tag(r, blk->node) != GUMBO_TAG_P && r->nblk[blk->node] > 1;
}

/* Loose text belongs to its nearest block box, but an old page sets
 * its story as text and <br>s inside an inline wrapper (<font size=2>,
 * a <span>) beside the box's menus and notes, where <p>s would make the
 * wrapper their parent.  The document keeps each block's innermost
 * element around all its text (doc_block_wrap); an inline one around
 * two loose blocks or more is the story's wrapper: it gets their sums
 * and range, and score_blocks lets it gain first, as a <p>'s parent. */
static pith_code
prepare_wraps(rd *r)
{
	const pith_doc *d = r->d;
	int *count;

	for (size_t b = 0; b < r->nb; b++)
		r->bwrap[b] = loose_para(r, b) ? doc_block_wrap(d, b) : PITH_NONE;
	if ((count = calloc(r->nn + 1, sizeof *count)) == NULL)
		return PITH_ENOMEM;
	for (size_t b = 0; b < r->nb; b++) {
		size_t c = r->bwrap[b], n = pith_doc_block(d, b)->node;

		if (c != PITH_NONE && (c == n || !inside(r, c, n) || doc_tag_block(tag(r, c))))
			c = r->bwrap[b] = PITH_NONE;
		if (c != PITH_NONE)
			count[c]++;
	}
	for (size_t b = 0; b < r->nb; b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (r->bwrap[b] == PITH_NONE || count[r->bwrap[b]] < 2) {
			r->bwrap[b] = PITH_NONE;
			continue;
		}
		for (size_t a = r->bwrap[b]; a != n; a = pith_doc_node(d, a)->parent)
			count_block(r, a, b);
	}
	free(count);
	return PITH_OK;
}

/* <main> is the page's own word for its content, and it stands when
 * the class names say nothing (hashed, or in another language).  When
 * its prose is spread over its children (a landing page's sections,
 * each outscored by the one whose paragraph sits a box deeper), it
 * weighs as a positive name does; when one child holds over half of
 * it, that child is the story and <main> its frame (a share bar, a
 * newsletter box), for the scores to tell. */
static void
weigh_main(rd *r)
{
	const pith_doc *d = r->d;

	for (size_t n = 0; n < r->nn; n++) {
		size_t c, end = pith_doc_node(d, n)->end;

		if (tag(r, n) != GUMBO_TAG_MAIN || (r->cls[n] & C_POSITIVE) || r->plen[n] <= 0)
			continue;
		for (c = n + 1; c < end && r->plen[c] <= 0.5 * r->plen[n];
		    c = pith_doc_node(d, c)->end)
			;
		if (c == end)
			r->weight[n] += 25;
	}
}

pith_code
rd_prepare(rd *r)
{
	size_t nn = r->nn, nb = r->nb;

	r->cls = calloc(nn + 1, sizeof *r->cls);
	r->weight = calloc(nn + 1, sizeof *r->weight);
	r->flags = calloc(nn + 1, 1);
	r->rows = calloc(nn + 1, 1);
	r->len = calloc(nn + 1, sizeof *r->len);
	r->link = calloc(nn + 1, sizeof *r->link);
	r->plen = calloc(nn + 1, sizeof *r->plen);
	r->llen = calloc(nn + 1, sizeof *r->llen);
	r->commas = calloc(nn + 1, sizeof *r->commas);
	r->slidec = calloc(nn + 1, sizeof *r->slidec);
	r->kids = calloc(nn + 1, sizeof *r->kids);
	r->prose_kids = calloc(nn + 1, sizeof *r->prose_kids);
	r->nblk = calloc(nn + 1, sizeof *r->nblk);
	r->bfirst = malloc((nn + 1) * sizeof *r->bfirst);
	r->blast = malloc((nn + 1) * sizeof *r->blast);
	r->bwrap = malloc((nb + 1) * sizeof *r->bwrap);
	r->score = calloc(nn + 1, sizeof *r->score);
	r->blen = calloc(nb + 1, sizeof *r->blen);
	r->blink = calloc(nb + 1, sizeof *r->blink);
	r->bcommas = calloc(nb + 1, sizeof *r->bcommas);
	r->bsentence = calloc(nb + 1, sizeof *r->bsentence);
	r->brepeated = calloc(nb + 1, sizeof *r->brepeated);
	r->keep = calloc(nb + 1, 1);
	r->why = calloc(nb + 1, sizeof *r->why);
	if (!r->cls || !r->weight || !r->flags || !r->rows || !r->len || !r->link ||
	    !r->plen || !r->llen || !r->commas || !r->slidec || !r->kids || !r->prose_kids ||
	    !r->nblk || !r->bfirst || !r->blast || !r->bwrap || !r->score || !r->blen ||
	    !r->blink || !r->bcommas || !r->bsentence || !r->brepeated || !r->keep ||
	    !r->why)
		return PITH_ENOMEM;
	for (size_t n = 0; n < nn; n++)
		r->bfirst[n] = r->blast[n] = PITH_NONE;
	for (size_t b = 0; b < nb; b++)
		r->bwrap[b] = PITH_NONE;

	prepare_nodes(r);
	prepare_anchors(r);
	/* Out of time already: the caller stops before any run. */
	if (budget_expired(r->time) || !prepare_blocks(r))
		return PITH_OK;
	prepare_sums(r);
	if (prepare_wraps(r) != PITH_OK)
		return PITH_ENOMEM;
	weigh_main(r);
	/* Bootstrap's alert, a docs theme's callout, is role="alert" in
	 * the run of the text: after a paragraph of prose, it is the
	 * text's note, where a banner or a flash message sits alone. */
	for (size_t n = 1; n < nn; n++)
		if ((r->cls[n] & C_ROLE_OUT) && attr(r, n, "role") != NULL &&
		    strcmp(attr(r, n, "role"), "alert") == 0 && density(r, n) < 0.25 &&
		    rd_after_paragraph(r, n))
			r->cls[n] &= ~(unsigned)C_ROLE_OUT;
	/* The page's, not a run's: found once, asked by several rules. */
	for (r->title_block = 0; r->title_block < r->nb &&
	    !rd_similar_title(r, r->title_block); r->title_block++)
		;
	if (r->title_block == r->nb)
		r->title_block = PITH_NONE;
	/* A blog's name heads its pages and is part of their title; the
	 * post's own title, an <h3> under it, is more of the title, or opens
	 * it (a short one, before the blog's name): that one is the headline. */
	for (size_t b = r->title_block + 1; r->title_block != PITH_NONE && b < r->nb; b++)
		if ((r->blen[b] > r->blen[r->title_block] ||
		    rd_title_head(pith_doc_title(r->d), pith_doc_block(r->d, b)->text)) &&
		    rd_titled(r, b, 3) &&
		    str_has_icase(pith_doc_title(r->d), pith_doc_block(r->d, b)->text))
			r->title_block = b;
	prepare_counts(r);
	return repeated_items(r);
}
