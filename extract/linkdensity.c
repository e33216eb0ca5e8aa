/*
 * linkdensity.c - the link-density node ratio (ALGORITHMS.md section 4):
 * every element N scores
 *
 *   ratio(N) = p * (text(N) - link(N)) / text(N) + q * text(N) / total
 *
 * text counted in characters, link(N) the part of it inside links, total
 * the page's text; the element with the highest ratio is the article.
 * The seed takes p = 0.99, q = 0.01 with p + q = 1; both are parameters
 * here and nothing forces their sum (only the order of the ratios
 * matters, so scaling both changes nothing; their proportion does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>
#include "internal.h"

/* Characters of a block, and of them those inside links.  An image's
 * alt text is not text the page shows. */
static void
ld_block_count(const pith_block *blk, double *text, double *link)
{
	*text = *link = 0;
	if (blk->kind == PITH_BLOCK_IMAGE)
		return;
	*text = (double)u8_mbsnlen((const uint8_t *)blk->text, blk->len);
	for (size_t r = 0; r < blk->nruns; r++)
		if (blk->runs[r].style & PITH_STYLE_LINK)
			*link += (double)u8_mbsnlen((const uint8_t *)blk->text +
			    blk->runs[r].start, blk->runs[r].len);
}

pith_code
linkdensity_extract(const pith_doc *d, const pith_params *p, pith_article *a,
                    pith_error *err)
{
	size_t nn = pith_doc_nnodes(d), nb = pith_doc_nblocks(d), best = PITH_NONE;
	double *text = calloc(nn + 1, sizeof *text);
	double *link = calloc(nn + 1, sizeof *link);
	double *ratio = calloc(nn + 1, sizeof *ratio);
	unsigned char *keep = calloc(nb + 1, 1);
	double total = 0, best_ratio = 0;
	const char *kept;
	char name[96], note[192];
	pith_code rc = PITH_OK;

	a->reason = calloc(nb + 1, sizeof *a->reason);
	if (text == NULL || link == NULL || ratio == NULL || keep == NULL ||
	    a->reason == NULL) {
		rc = err_set(err, PITH_ENOMEM, "out of memory");
		goto out;
	}
	/* Blocks add to their element, then sums flow up: a child always
	 * comes after its parent, so one backward sweep does it. */
	for (size_t b = 0; b < nb; b++) {
		const pith_block *blk = pith_doc_block(d, b);
		double t, l;

		if (budget_tick(&a->time))
			goto out;   /* pith_extract reports it */
		ld_block_count(blk, &t, &l);
		total += t;
		if (blk->node != PITH_NONE && blk->node < nn) {
			text[blk->node] += t;
			link[blk->node] += l;
		}
	}
	for (size_t n = nn; n-- > 1 && !budget_tick(&a->time); ) {
		size_t up = pith_doc_node(d, n)->parent;

		if (up != PITH_NONE) {
			text[up] += text[n];
			link[up] += link[n];
		}
	}
	/* Ancestors come first, so on a tie the larger subtree wins. */
	for (size_t n = 0; n < nn && total > 0 && !budget_tick(&a->time); n++) {
		if (text[n] <= 0)
			continue;
		ratio[n] = p->ld_p * (text[n] - link[n]) / text[n] +
		    p->ld_q * text[n] / total;
		if (best == PITH_NONE || ratio[n] > best_ratio) {
			best = n;
			best_ratio = ratio[n];
		}
	}
	if (best == PITH_NONE) {
		for (size_t b = 0; b < nb; b++)
			a->reason[b] = "dropped: the page has no text";
		rc = err_set(err, PITH_ENOARTICLE, "linkdensity: the page has no text");
		goto out;
	}
	reason_node_name(d, best, name, sizeof name);
	kept = reason_format(a, "kept", "kept: in %s, ratio %.3f",
	    name, best_ratio);
	for (size_t b = 0; b < nb; b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (budget_tick(&a->time))
			goto out;
		if (n == PITH_NONE || n >= nn)
			continue;
		a->block_score[b] = ratio[n];
		if (n >= best && n < pith_doc_node(d, best)->end) {
			keep[b] = 1;
			a->reason[b] = kept;
		} else {
			a->reason[b] = reason_format(a, "dropped: outside the best node",
			    "dropped: outside %s; its own node's ratio %.3f", name,
			    ratio[n]);
		}
	}
	snprintf(note, sizeof note, "linkdensity: %s, ratio %.3f, %.0f%% of the "
	    "text, links %.2f", name, best_ratio, 100 * text[best] / total,
	    link[best] / text[best]);
	if ((rc = article_note(a, note, err)) == PITH_OK)
		rc = reason_keep_blocks(a, keep, err);
out:
	free(text);
	free(link);
	free(ratio);
	free(keep);
	return rc;
}
