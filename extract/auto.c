/*
 * auto.c - the default: readability, backed by MSS.
 *
 * Readability finds the article's container and cleans it; MSS finds
 * the densest run of text whatever the markup says.  On the ScrapingHub
 * dev pages readability scores 0.981 shingle F1 to MSS's 0.889, and on
 * Readability's own pages 0.962 to 0.842; no length ratio between the
 * two separates the pages MSS wins (yahoo-2 and herald-sun-1, where
 * readability keeps 71-76 % of MSS's words) from the many readability
 * wins at the same ratios (aclu 72 %, e372e42c 67 %).  So MSS only steps
 * in when readability's answer is implausible on its face: nothing, a
 * scrap of under 50 words where MSS finds a span three times longer and
 * at least 150 words long (50 when the scrap is a quarter link: a
 * pager and a byline), or text that is mostly link.  That never
 * fires on either corpus, and guards the pages neither was tuned on.
 * Lower bounds do not pay: on the 1,002 dragnet and l3s pages a short
 * post (23-75 words) is more often beside a longer sidebar, which MSS
 * prefers, than lost by readability (MSS from 60 words, or whenever its
 * span misses readability's, cost dragnet 0.002-0.006).  An article of
 * loose text and <br>, the case that looked like it needed MSS, is
 * readability's own to find (its paragraphs score their container).
 *
 * What is left mostly links either way is an index, not an article,
 * unless readability's answer opens on a paragraph of prose that
 * introduces its list (T71, a blog's compendium of its posts).
 * A page built by script shows a spinner and its chrome, and ships the
 * story as the JSON-LD articleBody: when that is long and the answer a
 * scrap, the article is that text (no dev page has it; spa-shell).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

enum { SCRAP_WORDS = 50, MSS_MIN_WORDS = 150, TEASERS = 3, INTRO_SPANS = 4 };

/* A scrap whose text is this much link or more is a pager's and a
 * byline's links, not a short post (see auto_extract). */
#define NAV_LINKS 0.25

/* Headings all link (teasers' headlines) that MSS's span m holds
 * beyond readability's answer a: a longer span that adds a stream of
 * teasers to a short story is the page's "more news", not its text. */
static size_t
teasers_added(const pith_article *a, const pith_article *m)
{
	size_t n = 0, k = 0;

	for (size_t i = 0; i < m->nspans; i++) {
		size_t b = m->spans[i].block;
		const pith_block *blk = pith_doc_block(m->doc, b);

		while (k < a->nspans && a->spans[k].block < b)
			k++;
		if (blk->kind != PITH_BLOCK_HEADING || blk->len == 0 ||
		    (k < a->nspans && a->spans[k].block == b))
			continue;
		n += 5 * block_link_len(blk) >= 4 * blk->len;
	}
	return n;
}

/* MSS's span m is mostly what readability's answer a dropped as its
 * comments: a short post's readers outnumber its words, and their
 * thread is denser than the post. */
static bool
comments_added(const pith_article *a, const pith_article *m)
{
	size_t added = 0, thread = 0, k = 0;

	for (size_t i = 0; a->reason != NULL && i < m->nspans; i++) {
		size_t b = m->spans[i].block, n = m->spans[i].end - m->spans[i].start;
		const char *why = a->reason[b];

		while (k < a->nspans && a->spans[k].block < b)
			k++;
		if (k < a->nspans && a->spans[k].block == b)
			continue;
		added += n;
		thread += why != NULL && strncmp(why, COMMENTS_WHY, strlen(COMMENTS_WHY)) == 0 ? n : 0;
	}
	return 2 * thread > added;
}

/* Block b lies in an element named one of tags[0..2], or given one
 * of roles[0..2]. */
static bool
within(const pith_doc *d, size_t b, const char *const *tags, const char *const *roles)
{
	for (size_t n = pith_doc_block(d, b)->node; n != PITH_NONE; n = pith_doc_node(d, n)->parent) {
		const char *t = pith_doc_node(d, n)->tag, *role = pith_node_attr(d, n, "role");

		for (size_t k = 0; k < 3; k++)
			if ((t != NULL && tags[k] != NULL && strcmp(t, tags[k]) == 0) ||
			    (role != NULL && roles[k] != NULL && strcmp(role, roles[k]) == 0))
				return true;
	}
	return false;
}

/* Readability's answer a lies in the box the page marks as its content
 * (<article>, <main>) and MSS's m in boxes it marks as beside it
 * (<aside>, <nav>, <footer>): the poet's bio beside a haiku is longer
 * than the poem, not the article.  Both marks: a site that sets its
 * posts in <aside> marks no <article> around a short answer. */
static bool
beside_only(const pith_article *a, const pith_article *m)
{
	static const char *const main_tags[] = { "article", "main", NULL };
	static const char *const main_roles[] = { "main", "article", NULL };
	static const char *const out_tags[] = { "aside", "nav", "footer" };
	static const char *const out_roles[] = { "complementary", "navigation", "contentinfo" };

	for (size_t i = 0; i < a->nspans; i++)
		if (!within(a->doc, a->spans[i].block, main_tags, main_roles))
			return false;
	for (size_t i = 0; i < m->nspans; i++)
		if (!within(m->doc, m->spans[i].block, out_tags, out_roles))
			return false;
	return a->nspans > 0 && m->nspans > 0;
}

/* Answer a opens on its introduction: among its first spans, a
 * paragraph of SCRAP_WORDS words or more with few links.  A list of
 * links under a paragraph that says what it gathers (a blog's
 * compendium of its posts, a reading list) is that post, where an
 * index's teasers open on no prose of their own. */
static bool
introduced(const pith_article *a)
{
	for (size_t i = 0; i < a->nspans && i < INTRO_SPANS; i++) {
		const pith_block *blk = pith_doc_block(a->doc, a->spans[i].block);

		if (blk->kind == PITH_BLOCK_PARA && 4 * block_link_len(blk) < blk->len &&
		    pith_doc_block_words(a->doc, a->spans[i].block) >= SCRAP_WORDS)
			return true;
	}
	return false;
}

/* Forget what an algorithm kept, so another can fill the article. */
static void
article_reset(pith_article *a)
{
	size_t nb = pith_doc_nblocks(a->doc);

	free(a->spans);
	free(a->token_score);
	free(a->running);
	free(a->reason);
	free(a->cand);
	a->cand = NULL;
	a->ncand = 0;
	a->spans = NULL;
	a->token_score = a->running = NULL;
	a->reason = NULL;
	a->nspans = 0;
	a->has_token_span = false;
	memset(a->block_score, 0, (nb ? nb : 1) * sizeof *a->block_score);
}

/* The words of the page's JSON-LD articleBody when it is long and
 * several times the answer's (words): a script-built page ("Loading…")
 * ships its story there and nowhere in its markup.  Else 0. */
static size_t
ld_words(const pith_doc *d, size_t words)
{
	const pith_doc *ld = doc_ld(d);
	size_t n = 0;

	for (size_t i = 0; ld != NULL && i < pith_doc_nblocks(ld); i++)
		n += pith_doc_block_words(ld, i);
	return n >= MSS_MIN_WORDS && n >= 3 * words ? n : 0;
}

/* Keep all of the articleBody's document: its text is the article. */
static pith_code
ld_extract(pith_article *a, size_t had, size_t n, pith_error *err)
{
	const pith_doc *ld = doc_ld(a->doc);
	size_t nb = pith_doc_nblocks(ld);
	char note[160];

	article_reset(a);
	free(a->block_score);
	a->doc = ld;
	a->block_score = calloc(nb ? nb : 1, sizeof *a->block_score);
	a->spans = malloc((nb ? nb : 1) * sizeof *a->spans);
	if (a->block_score == NULL || a->spans == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	for (size_t i = 0; i < nb; i++)
		if (pith_doc_block(ld, i)->len > 0)
			a->spans[a->nspans++] = (pith_span){ i, 0, pith_doc_block(ld, i)->len };
	snprintf(note, sizeof note, "json-ld: the page shows %zu word%s; "
	    "its articleBody has %zu", had, had == 1 ? "" : "s", n);
	return article_note(a, note, err);
}

pith_code
auto_extract(const pith_doc *d, const pith_params *p, pith_article *a,
             pith_error *err)
{
	pith_article m = { .doc = d, .mask = a->mask };
	size_t rw = 0, mw = 0, n, min_span;
	double rl = 0, ml = 0;
	pith_code rc, mrc;
	bool stands;
	char note[160];

	rc = readability_extract(d, p, a, err);
	/* Out of time: pith_extract says so, and MSS would only add to it. */
	if (budget_expired(&a->time))
		return rc;
	/* An index page is not an article however dense its teasers. */
	if ((rc != PITH_OK && rc != PITH_ENOARTICLE) || a->final)
		return rc;
	if (rc == PITH_OK)
		article_stats(a, &rw, &rl);
	/* Readability's answer stands whatever MSS would say: MSS (and the
	 * token stream it needs) is left out. */
	if (rc == PITH_OK && rl <= 0.5 && rw >= SCRAP_WORDS) {
		snprintf(note, sizeof note, "readability: %zu words, links %.2f", rw, rl);
		return article_note(a, note, err);
	}
	if ((m.block_score = calloc(pith_doc_nblocks(d) + 1, sizeof *m.block_score)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	/* MSS spends the article's time too. */
	m.time = a->time;
	mrc = mss_extract(d, p, &m, NULL);
	a->time = m.time;
	if (mrc == PITH_OK)
		article_stats(&m, &mw, &ml);
	/* Readability's answer stands unless MSS's span is much longer and
	 * adds neither teasers, nor only what sits beside the content, nor
	 * mostly the comments readability dropped; the
	 * span's tests are asked only then.  A scrap a quarter link or more
	 * (a slideshow's "Previous 1 / 13 Next" run into its byline, the
	 * text in a caption box readability drops) is no short post for
	 * MSS_MIN_WORDS to guard: a span of SCRAP_WORDS outweighs it. */
	min_span = rl < NAV_LINKS ? MSS_MIN_WORDS : SCRAP_WORDS;
	stands = rc == PITH_OK && rl <= 0.5 && (rw >= SCRAP_WORDS || mrc != PITH_OK ||
	    mw < 3 * rw || mw < min_span || teasers_added(a, &m) >= TEASERS ||
	    beside_only(a, &m) || comments_added(a, &m));
	free(m.spans);
	free(m.token_score);
	free(m.running);
	free(m.block_score);
	if (mrc == PITH_ENOMEM)
		return err_set(err, PITH_ENOMEM, "out of memory");
	if (budget_expired(&a->time))
		return rc;

	if ((n = ld_words(d, stands ? rw : mrc == PITH_OK && ml <= 0.5 ? mw : 0)) > 0)
		return ld_extract(a, stands ? rw : mw, n, err);
	if (stands) {
		snprintf(note, sizeof note, "readability: %zu words, links %.2f", rw, rl);
		return article_note(a, note, err);
	}
	if (mrc == PITH_OK && ml <= 0.5) {
		if (rc == PITH_OK)
			snprintf(note, sizeof note, "mss: readability kept %zu words%s; "
			    "the densest span has %zu", rw, rl > 0.5 ? " of mostly links" :
			    rl >= NAV_LINKS ? " of many links" : "", mw);
		else
			snprintf(note, sizeof note, "mss: readability found nothing; "
			    "the densest span has %zu words", mw);
		article_reset(a);
		if ((rc = mss_extract(d, p, a, err)) != PITH_OK)
			return rc;
		/* Inline tags weigh against the span as any tag does, so it
		 * can open after a lede's bold first words or close before a
		 * paragraph's link: the reader gets whole paragraphs. */
		if (a->nspans > 0) {
			a->spans[0].start = 0;
			a->spans[a->nspans - 1].end =
			    pith_doc_block(d, a->spans[a->nspans - 1].block)->len;
		}
		return article_note(a, note, err);
	}
	if (rc == PITH_OK && introduced(a)) {
		snprintf(note, sizeof note, "readability: %zu words, links %.2f, "
		    "under an introduction", rw, rl);
		return article_note(a, note, err);
	}
	if (rc == PITH_OK || mrc == PITH_OK) {
		article_reset(a);
		return err_set(err, PITH_ENOARTICLE, "the page is mostly links (an index?)");
	}
	return rc;
}
