/* eval.h - `pith eval`: extraction quality against ground truth. */
#ifndef PITH_EVAL_H
#define PITH_EVAL_H

#include <stddef.h>

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

#endif
