/* eval.h - `pith eval`: extraction quality against ground truth. */
#ifndef PITH_EVAL_H
#define PITH_EVAL_H

#include <stddef.h>
#include "pith.h"

/* `pith eval ...` with argv[0] "eval"; returns the exit status. */
int eval_main(int argc, char **argv);

/* The metrics, exposed for the tests.  Texts are UTF-8. */

/* The shingle metric of one document (../shared/bench/score.py): tokens
 * are \w+ runs, shingles their 4-grams (fewer than 4 tokens: one shingle
 * of them all); tp, fp and fn are multiset overlaps divided by their sum
 * (all 0 when the sum is).  *exact: the token sequences are equal.
 * 0, or -1 when out of memory. */
int eval_shingle(const char *truth, size_t tlen, const char *pred, size_t plen,
                 double *tp, double *fp, double *fn, int *exact);

/* CleanEval words: Unicode white space to spaces, other non-ASCII
 * dropped, residual tags removed, split at spaces.  The length of the
 * longest common subsequence of the two word sequences, and their
 * lengths; -1 when out of memory. */
long eval_lcs(const char *truth, size_t tlen, const char *pred, size_t plen,
              size_t *twords, size_t *pwords);

/* One extraction's figures for one document. */
typedef struct {
	double tp, fp, fn;      /* shingle overlaps over their sum */
	int exact;
	long lcs;
	size_t pwords, twords;
	const char *fail;       /* why its text is empty, or NULL */
} eval_score;

/* A corpus's figures: shingle P and R are means over the documents
 * (score.py), LCS ones sums over the corpus. */
typedef struct {
	double p, r, f1, acc;       /* shingle */
	double lp, lr, lf1;         /* lcs */
} eval_total;

/* Both metrics of one prediction; 0, or -1 when out of memory. */
int eval_score_text(const char *truth, size_t tlen, const char *pred, size_t plen,
                    eval_score *s);
/* A document's own shingle F1. */
double eval_doc_f1(const eval_score *s);
eval_total eval_aggregate(const eval_score *s, size_t n);

/* Told about each page of a corpus, in id order: its parsed document, or
 * NULL and why not.  Returns 0 to go on, else the status to stop with. */
typedef int (*eval_page_fn)(void *ctx, const char *id, const char *truth,
                            const pith_doc *doc, const char *why);

/* Visit the pages of dir (ID.html[.gz], ID.htm[.gz] or NAME/source.html)
 * that truth_path names; without truth_path, dir/truth.json or else each
 * NAME/expected.txt.  Pages are decoded as pith decodes them.  *npages:
 * the pages visited.  0, or an exit status after reporting. */
int eval_corpus(const char *dir, const char *truth_path, eval_page_fn fn,
                void *ctx, size_t *npages);

/* The text an algorithm extracts, malloc'd, or NULL with *fail saying
 * why (no article, extraction failed, out of memory). */
char *eval_extract(const pith_doc *doc, const char *algo, const pith_params *p,
                   size_t *len, const char **fail);

#endif
