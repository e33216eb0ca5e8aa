/*
 * mss.c - Maximum Subsequence Segmentation (Pasternack & Roth 2009,
 * baseline): tags score negative, words positive, and the article is the
 * contiguous token span with the greatest sum.
 */
#include <stdlib.h>
#include "internal.h"

pith_code
mss_extract(const pith_doc *doc, const pith_params *p, pith_article *a,
            pith_error *err)
{
	const pith_token *t = pith_doc_tokens(doc);
	size_t n = pith_doc_ntokens(doc), first, last;
	pith_code rc;

	unsigned char *drop = NULL;

	if ((rc = article_token_arrays(a, err)) != PITH_OK)
		return rc;
	/* mss.clean: what eatiht's cleaning removes weighs nothing (on the
	 * shared corpora shingle F1 0.897 -> 0.924 and 0.855 -> 0.879). */
	if (p->mss_clean != 0) {
		if ((drop = calloc(pith_doc_nnodes(doc) + 1, 1)) == NULL)
			return err_set(err, PITH_ENOMEM, "out of memory");
		eatiht_clean(doc, drop, &a->time);
	}
	/* The same for what "site" removes (a->mask). */
	for (size_t i = 0; i < n && !budget_tick(&a->time); i++)
		a->token_score[i] = t[i].node < pith_doc_nnodes(doc) &&
		    ((drop != NULL && drop[t[i].node]) ||
		    (a->mask != NULL && a->mask[t[i].node])) ? 0 :
		    t[i].kind == PITH_TOKEN_TAG ? p->mss_tag : p->mss_word;
	free(drop);
	if (budget_expired(&a->time))
		return PITH_OK;   /* pith_extract reports it */
	if (!seq_maxspan(a->token_score, n, a->running, &first, &last))
		return err_set(err, PITH_ENOARTICLE, "mss: no span of text outweighs its tags");
	return article_keep_tokens(a, first, last, err);
}
