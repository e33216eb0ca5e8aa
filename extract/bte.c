/*
 * bte.c - Body Text Extraction (Finn, Kushmerick & Smyth 2001).  BTE
 * picks i..j maximising the tags outside plus the words inside.  The tags
 * outside are all tags minus those inside, so this is the maximum-sum
 * segment with +1 per word and -1 per tag: linear time, and the same
 * optimum as the seed's quadratic search over merged runs.  Symbols are
 * not words here (BTE splits text on white space, where punctuation rides
 * along with its word), so they score 0.
 */
#include "internal.h"

pith_code
bte_extract(const pith_doc *doc, const pith_params *p, pith_article *a,
            pith_error *err)
{
	const pith_token *t = pith_doc_tokens(doc);
	size_t n = pith_doc_ntokens(doc), first, last;
	pith_code rc;

	(void)p;
	if ((rc = article_token_arrays(a, err)) != PITH_OK)
		return rc;
	for (size_t i = 0; i < n && !budget_tick(&a->time); i++)
		a->token_score[i] = t[i].kind == PITH_TOKEN_TAG ? -1 :
		    t[i].kind == PITH_TOKEN_WORD ? 1 : 0;
	if (budget_expired(&a->time))
		return PITH_OK;   /* pith_extract reports it */
	if (!seq_maxspan(a->token_score, n, a->running, &first, &last))
		return err_set(err, PITH_ENOARTICLE, "bte: no words outnumber the tags around them");
	/* Symbols at the edges cost nothing; taking them keeps the full
	 * stop that ends the last sentence and the quote that opens the
	 * first, at the same score. */
	while (last + 1 < n && t[last + 1].kind == PITH_TOKEN_SYMBOL)
		last++;
	while (first > 0 && t[first - 1].kind == PITH_TOKEN_SYMBOL)
		first--;
	return article_keep_tokens(a, first, last, err);
}
