/*
 * readability.c - readability-style heuristics in pith's model.
 *
 * Paragraphs (blocks) are scored by length and commas, the scores flow
 * to their ancestors, class and id names weigh candidates, link density
 * discounts them; the best candidate and its qualifying siblings are the
 * article, which is then cleaned of what sits inside real containers
 * without being the article: captions, bylines, share and related rails,
 * link lists.  Too short a result is retried with relaxed rules.
 *
 * Departures from Readability.js, each measured on the dev corpora
 * (../shared/PEERS.md, docs/evaluation.md): class names are matched as
 * words, not substrings ("pageRow" is not "pager"), and a blog entry's
 * topic tags ("category-social-media") not at all; the unlikely filter spares
 * html, body, main, article and wrappers holding most of the text;
 * climbing only adopts an ancestor that beats the original top score and
 * ignores alternatives on the top's own line; a semantic article-body
 * descendant holding nearly all the text narrows the choice; a short
 * top widens to the ancestor holding headed sections of prose beside it
 * (a landing page); a standfirst boxed in a div before the story joins
 * it; boilerplate names are pruned only inside the chosen container,
 * and a photo gallery keeps its captions.
 *
 * The layers, one file each behind readability-int.h: class and id
 * names (readability-names.c), per-page counts (-prepare.c), scoring
 * and the top (-top.c), what is gathered to it (-gather.c), what is
 * pruned from it (-prune.c), comment threads (-thread.c), lines and
 * lists (-lists.c); the runs and retries are here.
 */
#include <gumbo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include "readability-int.h"

/* One pass with flags f; returns the kept text length. */
static double
run(rd *r, unsigned f, size_t *top_out)
{
	const pith_doc *d = r->d;
	size_t top;
	double total = 0, ptotal = 0, kept = 0;
	bool title_seen = false;
	size_t bylines = 0, buy_lo = 0, buy_hi = 0;
	const char **dwhy;

	r->ncand = 0;
	r->thread_node = r->thread_block = r->replies = PITH_NONE;
	rd_mark_excluded(r, f);
	rd_score_blocks(r, f);
	top = rd_top_candidate(r, f);
	*top_out = top;
	memset(r->keep, 0, r->nb);
	if (top == 0 && r->body == 0) {
		for (size_t b = 0; b < r->nb; b++)
			r->why[b] = "dropped: nothing scored";
		return 0;
	}
	rd_gather(r, top, f);
	rd_gather_alike(r, top);
	if (f & F_STRIP_UNLIKELY)
		rd_gather_title(r, top);
	r->gallery = rd_gallery(r, top);
	r->slides = !r->gallery && rd_slides(r, top);
	r->gallery |= r->slides;
	for (size_t n = 0; n < r->nn; n++)
		if (r->flags[n] & N_IN) {
			total += r->len[n];
			ptotal += r->plen[n];
		}

	/* Walk the content; a pruned node takes its subtree with it. */
	if ((dwhy = calloc(r->nn + 1, sizeof *dwhy)) == NULL)
		return -1;
	rd_describe(r, top, f);
	for (size_t n = 0; n < r->nn; n++) {
		if (budget_tick(r->time)) break;
		size_t p = pith_doc_node(d, n)->parent;

		if (p != PITH_NONE && (r->flags[p] & N_IN))
			r->flags[n] |= N_IN;
		if (!(r->flags[n] & N_IN))
			continue;
		if (p != PITH_NONE && dwhy[p] != NULL && (r->flags[p] & N_IN)) {
			dwhy[n] = dwhy[p];
			continue;
		}
		dwhy[n] = rd_prune_reason(r, n, top, f, total, ptotal);
	}
	rd_drop_thread(r, dwhy);
	if (rd_drop_flat(r, dwhy) < 0) {
		free(dwhy);
		return -1;
	}
	for (size_t s = r->replies; s != PITH_NONE && s < pith_doc_node(d, r->replies)->end; s++)
		if (dwhy[s] == NULL)
			dwhy[s] = r->replies_flat ? FLAT_WHY : COMMENTS_WHY "(replies nested in posts alike)";
	for (size_t b = 0; b < r->nb; b++) {
		const pith_block *blk = pith_doc_block(d, b);
		size_t n = blk->node;

		if (n == PITH_NONE || (!(r->flags[n] & N_IN) && !rd_loose_in_top(r, b, top))) {
			/* Comments drop_flat found outside say so. */
			if (n != PITH_NONE && dwhy[n] != NULL)
				r->why[b] = dwhy[n];
			continue;
		}
		if (dwhy[n] != NULL || (n == r->thread_node && b >= r->thread_block)) {
			r->why[b] = dwhy[n] != NULL ? dwhy[n] : THREAD_WHY;
			continue;
		}
		/* The headline heads the text; a heading after 200
		 * characters of it (prune_reason's short header) is a
		 * section's, though the title holds its words ("... and
		 * loose ends" over a section "Loose ends"). */
		if (!title_seen && kept < 200 && rd_similar_title(r, b)) {
			title_seen = true;
			r->why[b] = "dropped: repeats the title";
			kept -= rd_drop_kickers(r, b);
			continue;
		}
		if ((n >= buy_lo && n < buy_hi) || rd_tally(r, b, &buy_lo, &buy_hi)) {
			r->why[b] = "dropped: a tally beside its buttons";
			continue;
		}
		if ((r->why[b] = rd_label(r, b)) != NULL) {
			bylines += r->why[b] == rd_byline_why;
			continue;
		}
		if (r->brepeated[b]) {
			r->why[b] = "dropped: a linked item repeated (navigation)";
			continue;
		}
		kept += rd_keep_unlinked(r, b, kept);
	}
	/* A byline on every item is a list's (an index of stories, each
	 * with its author), not the article's furniture. */
	for (size_t b = 0; bylines >= 3 && b < r->nb; b++)
		if (r->why[b] == rd_byline_why)
			kept += rd_keep_unlinked(r, b, kept);
	free(dwhy);
	kept -= rd_drop_teasers(r);
	kept -= rd_drop_list_labels(r);
	kept -= rd_drop_orphans(r);
	return kept;
}

/* The text of node n's longest link run (a card's headline, a
 * transcript line's speaker); its length in *len. */
static const char *
main_link(const rd *r, size_t n, size_t *len)
{
	const char *best = NULL;

	*len = 0;
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		for (size_t i = 0; i < blk->nruns; i++)
			if (blk->runs[i].href != NULL && blk->runs[i].len > *len) {
				*len = blk->runs[i].len;
				best = blk->text + blk->runs[i].start;
			}
	}
	return best;
}

/* A <p> that links names inside its sentences, as a wire release links
 * its company, products and web address: its first link comes 20 bytes
 * and more into its text, and a link to another address follows.  A
 * card made of a <p> opens with its link (after a number or a date at
 * most), and its links lead to its one page. */
static bool
linked_prose(const rd *r, size_t n)
{
	const char *first = NULL;
	size_t off = 0;

	if (tag(r, n) != GUMBO_TAG_P)
		return false;
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		for (size_t i = 0; i < blk->nruns; i++) {
			const char *h = blk->runs[i].href;

			if (h == NULL)
				continue;
			if (first == NULL && off + blk->runs[i].start < 20)
				return false;
			if (first == NULL)
				first = h;
			else if (strcmp(h, first) != 0)
				return true;
		}
		off += blk->len;
	}
	return false;
}

/* An index or search page: no paragraph of real prose among the kept
 * blocks (Readability's "readerable" measure: paragraphs of 140
 * characters and more add the square root of the excess; an article
 * passes 20), and most of the content is a run of five or more alike
 * siblings (same tag and class) that each carry links on 15 % to 90 %
 * of their text: cards, teasers, results (not a news story's short
 * paragraphs with a linked name or two, nor a release's that link names
 * mid-sentence (linked_prose), nor the bare links of "earlier
 * episodes" under a short post: a card has words beside its link; nor
 * a chat log's lines, which link their speakers again and again).  On
 * both corpora the prose measure alone falls under 20 on short real
 * articles, so both must hold. */
static bool
index_like(const rd *r, const unsigned char *kept)
{
	const pith_doc *d = r->d;
	double prose = 0, total = 0;

	for (size_t b = 0; b < r->nb; b++)
		if (kept[b] && r->blen[b] >= 140)
			prose += sqrt(r->blen[b] - 140);
	if (prose >= 20)
		return false;
	for (size_t n = 0; n < r->nn; n++) {
		size_t p = pith_doc_node(d, n)->parent;

		if ((r->flags[n] & N_IN) && (p == PITH_NONE || !(r->flags[p] & N_IN)))
			total += r->len[n];
	}
	for (size_t p = 0; p < r->nn; p++) {
		if (budget_tick(r->time)) break;
		if (!(r->flags[p] & N_IN) || r->kids[p] < 5)
			continue;
		/* Count each kind of child once, from its first member; a
		 * few kinds per parent are enough to find the cards. */
		size_t seen[8], nseen = 0;

		for (size_t c = p + 1; c < pith_doc_node(d, p)->end && nseen < 8;
		    c = pith_doc_node(d, c)->end) {
			size_t count = 0, k, again = 0, nl[8];
			const char *last[8];
			double text = 0, link = 0;

			for (k = 0; k < nseen && !rd_alike(r, seen[k], c); k++)
				;
			if (k < nseen)
				continue;
			seen[nseen++] = c;

			for (size_t s = c; s < pith_doc_node(d, p)->end; s = pith_doc_node(d, s)->end) {
				/* A thread's posts are not cards, though each
				 * links its author, reply and vote buttons. */
				if (!rd_alike(r, s, c) || r->link[s] <= 0 ||
				    ((r->cls[p] | r->cls[s]) & C_THREAD) ||
				    (rd_headed(r, s) && (r->widened || rd_prose_box(r, s))) ||
				    linked_prose(r, s) ||
				    r->link[s] < 0.15 * r->len[s] || r->link[s] > 0.9 * r->len[s])
					continue;
				/* A link named again a few lines on is a
				 * speaker's (a chat log's, a transcript's):
				 * cards each link their own headline. */
				size_t ml;
				const char *m = main_link(r, s, &ml);

				for (size_t i = 0; ml > 0 && i < count && i < 8; i++)
					if (nl[i] == ml && memcmp(last[i], m, ml) == 0) {
						again++;
						break;
					}
				last[count % 8] = m;
				nl[count % 8] = ml;
				count++;
				text += r->len[s];
				link += r->link[s];
			}
			if (count >= 5 && text >= 0.5 * total && link >= 0.15 * text &&
			    2 * again < count && !rd_promised(r, count))
				return true;
		}
	}
	return false;
}

static void
rd_free(rd *r)
{
	free(r->cls);
	free(r->weight);
	free(r->flags);
	free(r->rows);
	free(r->len);
	free(r->link);
	free(r->plen);
	free(r->llen);
	free(r->commas);
	free(r->slidec);
	free(r->kids);
	free(r->prose_kids);
	free(r->nblk);
	free(r->bfirst);
	free(r->blast);
	free(r->bwrap);
	free(r->score);
	free(r->blen);
	free(r->blink);
	free(r->bcommas);
	free(r->bsentence);
	free(r->brepeated);
	free(r->keep);
	free(r->why);
	free(r->cand);
}

/* The last run kept at least half of the blocks of best.  A relaxed
 * try exists to rescue an article the strict rules took for a sidebar
 * or comments; when the strict try found a short article, a longer
 * answer elsewhere is the sidebar or the comments (a 23-word post
 * under a blog's 100-word "about" box), so it must extend what the
 * strict try kept, not replace it. */
static bool
extends(const rd *r, const unsigned char *best)
{
	size_t was = 0, both = 0;

	for (size_t b = 0; b < r->nb; b++) {
		was += best[b];
		both += best[b] && r->keep[b];
	}
	return 2 * both >= was;
}

/* The strict try's container sits under the page's headline (the
 * headline is in its parent's subtree): a short post under its own
 * title, which a longer box elsewhere must extend, not replace. */
static bool
anchored(const rd *r, size_t top)
{
	size_t up, tb = r->title_block;

	if (top == 0 || (up = pith_doc_node(r->d, top)->parent) == PITH_NONE ||
	    r->bfirst[up] == PITH_NONE)
		return false;
	return tb != PITH_NONE && r->bfirst[up] <= tb && tb <= r->blast[up];
}

/* This run's evidence becomes the article's. */
static pith_code
keep_evidence(rd *r, pith_article *a)
{
	free(a->cand);
	a->cand = NULL;
	a->ncand = 0;
	if (r->cand_oom)
		return PITH_ENOMEM;
	if (r->ncand == 0)
		return PITH_OK;
	if ((a->cand = malloc(r->ncand * sizeof *a->cand)) == NULL)
		return PITH_ENOMEM;
	memcpy(a->cand, r->cand, r->ncand * sizeof *a->cand);
	a->ncand = r->ncand;
	return PITH_OK;
}

pith_code
readability_extract(const pith_doc *d, const pith_params *p, pith_article *a,
                    pith_error *err)
{
	static const unsigned attempts[] = {
		F_STRIP_UNLIKELY | F_WEIGHT_CLASSES | F_CLEAN,
		F_WEIGHT_CLASSES | F_CLEAN,
		F_CLEAN,
		0,
	};
	rd r = { .d = d, .nn = pith_doc_nnodes(d), .nb = pith_doc_nblocks(d),
	    .strings = &a->strings, .mask = a->mask, .time = &a->time,
	    .han = uc_script_byname("Han"), .hiragana = uc_script_byname("Hiragana"),
	    .katakana = uc_script_byname("Katakana"),
	    .hangul = uc_script_byname("Hangul") };
	unsigned char *best = NULL;
	double best_len = -1;
	size_t top = 0, best_top = 0, best_i = 0, tried = 0;
	pith_code rc = PITH_OK;
	bool anchor = false, bare = false;

	(void)p;
	if (rd_prepare(&r) != PITH_OK || (best = calloc(r.nb + 1, 1)) == NULL ||
	    (a->reason = calloc(r.nb + 1, sizeof *a->reason)) == NULL) {
		rd_free(&r);
		free(best);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < sizeof attempts / sizeof attempts[0]; i++) {
		if (budget_expired(r.time)) break;
		double len = run(&r, attempts[i], &top);

		tried = i + 1;
		if (len < 0) {
			rc = err_set(err, PITH_ENOMEM, "out of memory");
			break;
		}
		/* A strict answer without a sentence (a player's menus, a
		 * form's labels) is no article to hold on to, unless it sits
		 * under the headline (a post of a linked line or two). */
		if (i == 0) {
			anchor = len > 0 && anchored(&r, top);
			bare = top == 0 || rd_sentences(&r, top) < MIN_PARAGRAPH;
		}
		if (len > best_len && (i == 0 || ((best_len < RETRY_KEEPS || bare) && !anchor) ||
		    extends(&r, best))) {
			best_len = len;
			best_top = top;
			best_i = i;
			memcpy(best, r.keep, r.nb);
			memcpy(a->reason, r.why, r.nb * sizeof *r.why);
			if (keep_evidence(&r, a) != PITH_OK) {
				rc = err_set(err, PITH_ENOMEM, "out of memory");
				break;
			}
			/* A block shows the score of the candidate it counted
			 * for: its nearest scored ancestor. */
			for (size_t b = 0; b < r.nb; b++) {
				size_t n = pith_doc_block(d, b)->node;

				while (n != PITH_NONE && !(r.flags[n] & N_SCORED))
					n = pith_doc_node(d, n)->parent;
				a->block_score[b] = n != PITH_NONE ? r.score[n] : 0;
			}
		}
		if (len >= CHAR_THRESHOLD)
			break;
	}
	/* Out of time: pith_extract reports it; nothing more to judge. */
	if (budget_expired(r.time))
		rc = PITH_ENOARTICLE;
	/* The flags describe the last attempt; bring back the best one's
	 * to judge what kind of page it is. */
	if (rc == PITH_OK && best_i + 1 != tried && run(&r, attempts[best_i], &top) < 0)
		rc = err_set(err, PITH_ENOMEM, "out of memory");
	if (rc == PITH_OK && index_like(&r, best)) {
		a->final = true;
		rc = err_set(err, PITH_ENOARTICLE, "readability: short texts in a list "
		    "of links, an index or search page");
	}
	(void)best_top;
	if (rc == PITH_OK) {
		size_t n = 0;

		for (size_t b = 0; b < r.nb; b++)
			n += best[b];
		if (n > 0 && (a->spans = calloc(n, sizeof *a->spans)) == NULL)
			rc = err_set(err, PITH_ENOMEM, "out of memory");
		/* No spans without a block kept (n == 0). */
		for (size_t b = 0; rc == PITH_OK && a->spans != NULL && b < r.nb; b++)
			if (best[b])
				a->spans[a->nspans++] = (pith_span){ b, 0,
				    pith_doc_block(d, b)->len };
		if (rc == PITH_OK) {
			size_t nwords;
			double links;

			article_stats(a, &nwords, &links);
			/* Invisible characters only are not an article. */
			if (nwords == 0)
				rc = err_set(err, PITH_ENOARTICLE, "readability: "
				    "no words in any paragraph");
		}
	}
	free(best);
	rd_free(&r);
	return rc;
}
