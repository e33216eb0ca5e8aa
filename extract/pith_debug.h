/*
 * pith_debug.h - the core's introspection, for pith's own tools and
 * tests: --explain's overlay, eval, train, the fuzz harnesses.
 *
 * Outside pith.h's ABI rule: this header is not installed and these
 * functions are not exported from libpith.so (the program links the core
 * statically), so what they show may change with the algorithms.
 */
#ifndef PITH_DEBUG_H
#define PITH_DEBUG_H

#include "pith.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why: per-token scores and the running sum that chose the span (token
 * methods; NULL otherwise), the chosen tokens first..last, and a score
 * per block (the sum of its tokens' scores for token methods). */
const double *pith_article_token_scores(const pith_article *a);
const double *pith_article_running(const pith_article *a);
int pith_article_token_span(const pith_article *a, size_t *first, size_t *last);
const double *pith_article_block_scores(const pith_article *a);

/* Readability's node-level evidence: the elements it weighed as the
 * article's container (the chosen one, then its rivals best first),
 * then the chosen one's siblings it tried to add.  None for the token
 * methods; the overlay's token level and `--explain=tokens` show it. */
typedef enum {
	PITH_CAND_TOP,       /* the container chosen */
	PITH_CAND_RIVAL,     /* a high scorer that was not chosen */
	PITH_CAND_SIBLING    /* a sibling of the top, joined or not */
} pith_cand_role;

typedef struct {
	size_t node;         /* the element */
	pith_cand_role role;
	double score;        /* content score, after link density */
	int weight;          /* the class weight counted in it */
	double links;        /* link density: the share of its text in links */
	double threshold;    /* SIBLING: the score that joins; else 0 */
	int passed;          /* SIBLING: it joined the article (by score or
	                        by a rule for paragraphs); TOP: 1; RIVAL: 0 */
} pith_candidate;

size_t pith_article_ncandidates(const pith_article *a);
const pith_candidate *pith_article_candidates(const pith_article *a);

/* On how many pages the subtree with that hash was seen. */
size_t pith_site_count(const pith_site *site, uint64_t hash);
/* Each node's subtree hash (nnodes entries, malloc'd into *out), 0 for
 * elements that hold no text. */
pith_code pith_site_hashes(const pith_doc *doc, uint64_t **out,
                           pith_error *err);

/*
 * A document as the 37 numbers the seeds' hybrids read (a classifier
 * picking a method per page; `pith train` measures one): the page's size
 * class (6 one-hot buckets: < 100 B, < 1 kB, < 10 kB, < 100 kB, < 1 MB,
 * more), the share of the page that is not text, the share of text
 * inside links, three measures of the text blocks without their link
 * text (mean / longest, median / longest, longest / sum), and the
 * frequencies among all elements of 26 structural tags.
 */
#define PITH_NFEATURES 37
/* The features of node's subtree (a segment), or with PITH_NONE of the
 * whole page; a node's size is its element's bytes in the input. */
pith_code pith_doc_features(const pith_doc *doc, size_t node,
                            double features[PITH_NFEATURES], pith_error *err);
/* The i-th feature's short name ("link-ratio", "blockquote"); NULL past
 * the end. */
const char *pith_feature_name(size_t i);

#ifdef __cplusplus
}
#endif

#endif
