/*
 * train.c - `pith train`: the seeds' hybrids (ALGORITHMS.md section 8),
 * measured by cross-validation on corpora with ground truth.
 *
 *   A  a classifier picks the method to run on each page from the page's
 *      37 features;
 *   B  the page is cut into segments (the children of the element that
 *      holds the text, recursing into any child with more than half of
 *      it), and a classifier keeps or drops each from its 37 features
 *      and how much of it each method kept.
 *
 * Every method runs on every page once.  In K-fold cross-validation the
 * classifiers are fitted on the other folds and scored on pages they
 * never saw (shingle F1, eval.c's metric), beside every method and the
 * oracle (the best method per page: the ceiling of variant A).
 */
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"
#include "cmd.h"
#include "pith_debug.h"
#include "train.h"

enum { NF = PITH_NFEATURES, MAX_METHODS = 16, MAXF = NF + MAX_METHODS, CLIP = 4 };

/* ------------------------------------------------------- the classifier */

/*
 * A softmax regression, one weight row per class.  Targets are soft:
 * for A each method's share of a page is exp(F1 / tau), normalised (the
 * methods tie on most pages, and a hard "best" label would teach noise);
 * for B a segment is kept to the degree its text is in the truth.
 * Features are standardised with the training mean and scale and clipped
 * to +-4, so one freak page cannot swing a choice.
 */
typedef struct {
	double lambda;   /* L2 penalty on the weights, not the biases */
	double tau;      /* softness of A's targets */
	int iterations;  /* gradient steps at most */
} tr_options;

/* Samples: n rows of nf features, nc soft targets and a weight. */
typedef struct {
	size_t n, cap, nf, nc;
	double *x, *q, *w;
} tr_set;

typedef struct {
	size_t nf, nc;
	double mean[MAXF], scale[MAXF];
	double w[MAX_METHODS][MAXF + 1];     /* bias first */
} tr_model;

static bool
set_add(tr_set *s, const double *x, const double *q, double w)
{
	if (s->n == s->cap) {
		size_t c = s->cap ? 2 * s->cap : 256;
		double *nx = realloc(s->x, c * s->nf * sizeof *nx), *nq, *nw;

		if (nx == NULL)
			return false;
		s->x = nx;
		if ((nq = realloc(s->q, c * s->nc * sizeof *nq)) == NULL)
			return false;
		s->q = nq;
		if ((nw = realloc(s->w, c * sizeof *nw)) == NULL)
			return false;
		s->w = nw;
		s->cap = c;
	}
	memcpy(s->x + s->n * s->nf, x, s->nf * sizeof *x);
	memcpy(s->q + s->n * s->nc, q, s->nc * sizeof *q);
	s->w[s->n++] = w;
	return true;
}

static void
set_free(tr_set *s)
{
	free(s->x);
	free(s->q);
	free(s->w);
	memset(s, 0, sizeof *s);
}

static void
standardise(const tr_model *m, const double *f, double *x)
{
	for (size_t j = 0; j < m->nf; j++) {
		double v = (f[j] - m->mean[j]) / m->scale[j];

		x[j] = v > CLIP ? CLIP : v < -CLIP ? -CLIP : v;
	}
}

/* Class probabilities for standardised x. */
static void
model_probs(const tr_model *m, const double *x, double *p)
{
	double top = -HUGE_VAL, sum = 0;

	for (size_t k = 0; k < m->nc; k++) {
		p[k] = m->w[k][0];
		for (size_t j = 0; j < m->nf; j++)
			p[k] += m->w[k][j + 1] * x[j];
		if (p[k] > top)
			top = p[k];
	}
	for (size_t k = 0; k < m->nc; k++)
		sum += p[k] = exp(p[k] - top);
	for (size_t k = 0; k < m->nc; k++)
		p[k] /= sum;
}

/* The likeliest class for raw features f; *prob its probability. */
static size_t
model_choose(const tr_model *m, const double *f, double *prob)
{
	double x[MAXF], p[MAX_METHODS];
	size_t best = 0;

	standardise(m, f, x);
	model_probs(m, x, p);
	for (size_t k = 1; k < m->nc; k++)
		if (p[k] > p[best])
			best = k;
	if (prob != NULL)
		*prob = p[best];
	return best;
}

/* Weighted mean cross-entropy plus the L2 penalty; with g, its gradient. */
static double
train_loss(const tr_model *m, const tr_set *s, const double *x, double wsum,
           double lambda, double (*g)[MAXF + 1])
{
	double p[MAX_METHODS], loss = 0;

	if (g != NULL)
		memset(g, 0, MAX_METHODS * sizeof *g);
	for (size_t d = 0; d < s->n; d++) {
		const double *xd = x + d * s->nf, *qd = s->q + d * s->nc;
		double wd = s->w[d] / wsum;

		model_probs(m, xd, p);
		for (size_t k = 0; k < m->nc; k++) {
			double dz = wd * (p[k] - qd[k]);

			if (qd[k] > 0)
				loss -= wd * qd[k] * log(p[k] > 1e-300 ? p[k] : 1e-300);
			if (g == NULL)
				continue;
			g[k][0] += dz;
			for (size_t j = 0; j < s->nf; j++)
				g[k][j + 1] += dz * xd[j];
		}
	}
	for (size_t k = 0; k < m->nc; k++)
		for (size_t j = 1; j <= s->nf; j++) {
			loss += lambda / 2 * m->w[k][j] * m->w[k][j];
			if (g != NULL)
				g[k][j] += lambda * m->w[k][j];
		}
	return loss;
}

/* Fit a model to the samples; NULL when out of memory. */
static tr_model *
model_train(const tr_set *s, const tr_options *opt)
{
	tr_model *m = calloc(1, sizeof *m), *trial = calloc(1, sizeof *trial);
	double (*g)[MAXF + 1] = calloc(MAX_METHODS, sizeof *g);
	double *x = calloc(s->n * s->nf + 1, sizeof *x), step = 1, loss, wsum = 0;

	if (m == NULL || trial == NULL || g == NULL || x == NULL) {
		free(m);
		m = NULL;
		goto out;
	}
	m->nf = s->nf;
	m->nc = s->nc;
	for (size_t d = 0; d < s->n; d++)
		wsum += s->w[d];
	if (!(wsum > 0))
		wsum = 1;
	for (size_t j = 0; j < s->nf; j++) {
		double sum = 0, ss = 0;

		for (size_t d = 0; d < s->n; d++)
			sum += s->x[d * s->nf + j];
		m->mean[j] = s->n ? sum / (double)s->n : 0;
		for (size_t d = 0; d < s->n; d++)
			ss += (s->x[d * s->nf + j] - m->mean[j]) *
			    (s->x[d * s->nf + j] - m->mean[j]);
		/* A constant feature keeps scale 1: it weighs nothing either way. */
		m->scale[j] = ss > 0 ? sqrt(ss / (double)s->n) : 1;
	}
	for (size_t d = 0; d < s->n; d++)
		standardise(m, s->x + d * s->nf, x + d * s->nf);
	/* Gradient descent with backtracking: the loss is convex and smooth,
	 * so this converges without a tuned step. */
	loss = train_loss(m, s, x, wsum, opt->lambda, g);
	for (int it = 0; it < opt->iterations; it++) {
		double gg = 0, next;

		for (size_t k = 0; k < m->nc; k++)
			for (size_t j = 0; j <= m->nf; j++)
				gg += g[k][j] * g[k][j];
		if (gg < 1e-14)
			break;
		for (;;) {
			*trial = *m;
			for (size_t k = 0; k < m->nc; k++)
				for (size_t j = 0; j <= m->nf; j++)
					trial->w[k][j] -= step * g[k][j];
			next = train_loss(trial, s, x, wsum, opt->lambda, NULL);
			if (next <= loss - step / 2 * gg || step < 1e-12)
				break;
			step /= 2;
		}
		memcpy(m->w, trial->w, sizeof m->w);
		loss = train_loss(m, s, x, wsum, opt->lambda, g);
		step *= 2;
	}
out:
	free(trial);
	free(g);
	free(x);
	return m;
}

/* ------------------------------------------------------------- corpora */

/* A segment: its features and each method's kept share (NF + nm), the
 * share of its shingles in the truth, its share of the page's text, and
 * its text. */
typedef struct {
	double *x;
	double in_truth, weight;
	char *text;
	size_t len;
} tr_segment;

typedef struct {
	size_t corpus;
	char *truth;
	double features[NF];
	double f1[MAX_METHODS];
	eval_score score[MAX_METHODS];
	tr_segment *seg;
	size_t nseg;
} tr_page;

typedef struct {
	const char *const *methods;
	size_t nm;
	const pith_params *params;
	size_t corpus;              /* index of the corpus being read */
	tr_page *page;
	size_t n, cap;
} tr_data;

static void
page_free(tr_page *p)
{
	for (size_t i = 0; i < p->nseg; i++) {
		free(p->seg[i].x);
		free(p->seg[i].text);
	}
	free(p->seg);
	free(p->truth);
}

/*
 * The seed's segmentation: starting at the root, every child element
 * holding text is a segment, except one holding more than half of the
 * page's text, which is split the same way; a split element keeps the
 * text directly in it as a segment of its own.  seg[b] is block b's
 * segment (SIZE_MAX: none) for each of its nb blocks; returns the
 * segments' nodes, *n of them.
 */
static size_t *
tr_segments(const pith_doc *d, size_t nb, size_t *seg, size_t *n)
{
	size_t nn = pith_doc_nnodes(d), total;
	size_t *text = calloc(nn + 1, sizeof *text), *idx = malloc((nn + 1) * sizeof *idx);
	size_t *out = malloc((nn + 1) * sizeof *out), *stack = malloc((nn + 1) * sizeof *stack);
	size_t top = 0;

	*n = 0;
	if (text == NULL || idx == NULL || out == NULL || stack == NULL || nn == 0) {
		free(out);
		out = NULL;
		goto done;
	}
	for (size_t b = 0; b < nb; b++)
		for (size_t i = pith_doc_block(d, b)->node; i != PITH_NONE;
		    i = pith_doc_node(d, i)->parent)
			text[i] += pith_doc_block(d, b)->len;
	for (size_t i = 0; i < nn; i++)
		idx[i] = SIZE_MAX;
	total = text[0];
	stack[top++] = 0;
	while (top > 0) {
		size_t node = stack[--top], end = pith_doc_node(d, node)->end;

		idx[node] = (*n)++;
		out[idx[node]] = node;
		for (size_t c = node + 1; c < end; c = pith_doc_node(d, c)->end) {
			if (text[c] == 0)
				continue;
			if (2 * text[c] > total) {
				stack[top++] = c;
			} else {
				idx[c] = (*n)++;
				out[idx[c]] = c;
			}
		}
	}
	for (size_t b = 0; b < nb; b++) {
		size_t i = pith_doc_block(d, b)->node;

		while (i != PITH_NONE && idx[i] == SIZE_MAX)
			i = pith_doc_node(d, i)->parent;
		seg[b] = i == PITH_NONE ? SIZE_MAX : idx[i];
	}
done:
	free(text);
	free(idx);
	free(stack);
	return out;
}

/* Cut the page into segments and describe each: kept[k * nb + b] is how
 * many bytes of block b method k kept.  0, or -1 when out of memory. */
static int
tr_page_segments(tr_page *p, const pith_doc *doc, const size_t *kept, size_t nm,
                 const char *truth, size_t tlen)
{
	size_t nb = pith_doc_nblocks(doc), nseg, *seg = malloc((nb + 1) * sizeof *seg);
	size_t *node = seg != NULL ? tr_segments(doc, nb, seg, &nseg) : NULL, page_text = 0;
	pith_error err = {0};
	int rc = -1;

	if (node == NULL || (p->seg = calloc(nseg + 1, sizeof *p->seg)) == NULL)
		goto out;
	p->nseg = nseg;
	for (size_t b = 0; b < nb; b++)
		page_text += pith_doc_block(doc, b)->len;
	for (size_t s = 0; s < nseg; s++) {
		tr_segment *sg = &p->seg[s];
		size_t len = 0, cap = 0, bytes = 0, k;
		double tp, fp, fn;
		int exact;

		if ((sg->x = calloc(NF + nm, sizeof *sg->x)) == NULL ||
		    pith_doc_features(doc, node[s], sg->x, &err) != PITH_OK)
			goto out;
		for (size_t b = 0; b < nb; b++) {
			const pith_block *bl = pith_doc_block(doc, b);
			char *t;

			if (seg[b] != s)
				continue;
			if (sg->text == NULL || len + bl->len + 2 > cap) {
				cap = 2 * (len + bl->len + 2);
				if ((t = realloc(sg->text, cap)) == NULL)
					goto out;
				sg->text = t;
			}
			memcpy(sg->text + len, bl->text, bl->len);
			len += bl->len;
			sg->text[len++] = '\n';
			sg->text[len] = '\0';
			bytes += bl->len;
			for (k = 0; k < nm; k++)
				sg->x[NF + k] += (double)kept[k * nb + b];
		}
		for (k = 0; k < nm; k++)
			sg->x[NF + k] = bytes > 0 ? sg->x[NF + k] / (double)bytes : 0;
		sg->len = len;
		sg->weight = page_text > 0 ? (double)bytes / (double)page_text : 0;
		if (eval_shingle(truth, tlen, sg->text ? sg->text : "", len, &tp, &fp,
		    &fn, &exact) < 0)
			goto out;
		sg->in_truth = tp + fp > 0 ? tp / (tp + fp) : 0;
	}
	rc = 0;
out:
	free(seg);
	free(node);
	return rc;
}

/* One page: its features, every method's score, its segments. */
static int
tr_visit(void *ctx, const char *id, const char *truth, const pith_doc *doc,
         const char *why)
{
	tr_data *t = ctx;
	size_t tlen = strlen(truth), nb;
	size_t *kept = NULL;
	pith_error err = {0};
	tr_page *p;

	(void)id;
	/* A page pith cannot read teaches nothing about choosing a method. */
	if (doc == NULL || why != NULL)
		return 0;
	nb = pith_doc_nblocks(doc);
	if (t->n == t->cap) {
		size_t c = t->cap ? 2 * t->cap : 64;
		tr_page *np = realloc(t->page, c * sizeof *np);

		if (np == NULL)
			goto oom;
		t->page = np;
		t->cap = c;
	}
	p = memset(&t->page[t->n], 0, sizeof *p);
	p->corpus = t->corpus;
	if ((p->truth = strdup(truth)) == NULL ||
	    (kept = calloc(t->nm * nb + 1, sizeof *kept)) == NULL)
		goto oom_page;
	if (pith_doc_features(doc, PITH_NONE, p->features, &err) != PITH_OK) {
		report("%s", err.msg);
		goto fail;
	}
	for (size_t k = 0; k < t->nm; k++) {
		pith_article *a = NULL;
		char *pred = NULL;
		size_t plen = 0;
		pith_code rc = pith_extract(doc, t->methods[k], t->params, &a, &err);

		if (rc != PITH_OK && rc != PITH_ENOARTICLE) {
			report("train: %s", err.msg);
			goto fail;
		}
		if (rc == PITH_OK) {
			const pith_span *sp = pith_article_spans(a);

			/* auto may answer from the page's JSON-LD, whose
			 * blocks are not the page's. */
			for (size_t i = 0; pith_article_doc(a) == doc &&
			    i < pith_article_nspans(a); i++)
				kept[k * nb + sp[i].block] += sp[i].end - sp[i].start;
			if (pith_article_text(a, 0, &pred, &plen, &err) != PITH_OK) {
				pith_article_free(a);
				goto oom_page;
			}
		}
		pith_article_free(a);
		if (eval_score_text(truth, tlen, pred ? pred : "", plen, &p->score[k]) < 0) {
			free(pred);
			goto oom_page;
		}
		free(pred);
		p->f1[k] = eval_doc_f1(&p->score[k]);
	}
	if (tr_page_segments(p, doc, kept, t->nm, truth, tlen) != 0)
		goto oom_page;
	free(kept);
	t->n++;
	return 0;
oom_page:
	page_free(&t->page[t->n]);
	free(kept);
oom:
	report("out of memory");
	return EXIT_INPUT;
fail:
	page_free(&t->page[t->n]);
	free(kept);
	return EXIT_INPUT;
}

/* Deterministic folds: page i goes to fold perm[i] % k of a seeded
 * shuffle, so runs agree and each fold mixes the corpora. */
static void
tr_folds(size_t *fold, size_t n, size_t k)
{
	uint64_t x = 0x9e3779b97f4a7c15u;

	for (size_t i = 0; i < n; i++)
		fold[i] = i % k;
	for (size_t i = n; i > 1; i--) {
		size_t j, tmp;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (size_t)(x % i);
		tmp = fold[i - 1];
		fold[i - 1] = fold[j];
		fold[j] = tmp;
	}
}

/* Variant A's training samples: the pages outside fold `held`. */
static bool
tr_set_a(const tr_data *t, const size_t *fold, size_t held, double tau, tr_set *s)
{
	for (size_t d = 0; d < t->n; d++) {
		const tr_page *p = &t->page[d];
		double q[MAX_METHODS], top = -HUGE_VAL, sum = 0;

		if (fold[d] == held)
			continue;
		for (size_t k = 0; k < t->nm; k++)
			top = p->f1[k] > top ? p->f1[k] : top;
		for (size_t k = 0; k < t->nm; k++)
			sum += q[k] = exp((p->f1[k] - top) / tau);
		for (size_t k = 0; k < t->nm; k++)
			q[k] /= sum;
		if (!set_add(s, p->features, q, 1))
			return false;
	}
	return true;
}

/* Variant B's: every segment of those pages, weighted by its share of
 * its page's text, so each page counts as much as in the page metric. */
static bool
tr_set_b(const tr_data *t, const size_t *fold, size_t held, tr_set *s)
{
	for (size_t d = 0; d < t->n; d++) {
		const tr_page *p = &t->page[d];

		for (size_t i = 0; fold[d] != held && i < p->nseg; i++) {
			double q[2] = { 1 - p->seg[i].in_truth, p->seg[i].in_truth };

			if (p->seg[i].weight > 0 && !set_add(s, p->seg[i].x, q, p->seg[i].weight))
				return false;
		}
	}
	return true;
}

/* The text variant B keeps of page p: its segments the model keeps, or
 * with no model those mostly in the truth (B's ceiling). */
static int
tr_keep_segments(const tr_model *m, const tr_page *p, eval_score *score)
{
	size_t len = 0;
	char *text = malloc(1);
	int rc;

	if (text == NULL)
		return -1;
	for (size_t i = 0; i < p->nseg; i++) {
		double prob;
		char *t;

		if (p->seg[i].len == 0 || (m != NULL ? model_choose(m, p->seg[i].x,
		    &prob) != 1 : p->seg[i].in_truth <= 0.5))
			continue;
		if ((t = realloc(text, len + p->seg[i].len + 1)) == NULL) {
			free(text);
			return -1;
		}
		text = t;
		memcpy(text + len, p->seg[i].text, p->seg[i].len);
		len += p->seg[i].len;
	}
	text[len] = '\0';
	rc = eval_score_text(p->truth, strlen(p->truth), text, len, score);
	free(text);
	return rc;
}

/* Both variants' held-out scores: a[d] the score of the method A picks
 * for page d, b[d] what B keeps of it. */
static int
tr_cross(const tr_data *t, size_t k, const tr_options *opt, eval_score *a,
         eval_score *b)
{
	size_t *fold = malloc((t->n + 1) * sizeof *fold);
	int rc = -1;

	if (fold == NULL)
		goto oom;
	tr_folds(fold, t->n, k);
	for (size_t held = 0; held < k; held++) {
		tr_set sa = { .nf = NF, .nc = t->nm }, sb = { .nf = NF + t->nm, .nc = 2 };
		tr_model *ma = NULL, *mb = NULL;
		bool good = tr_set_a(t, fold, held, opt->tau, &sa) &&
		    tr_set_b(t, fold, held, &sb) &&
		    (ma = model_train(&sa, opt)) != NULL &&
		    (mb = model_train(&sb, opt)) != NULL;

		for (size_t d = 0; good && d < t->n; d++) {
			if (fold[d] != held)
				continue;
			a[d] = t->page[d].score[model_choose(ma, t->page[d].features, NULL)];
			good = tr_keep_segments(mb, &t->page[d], &b[d]) == 0;
		}
		set_free(&sa);
		set_free(&sb);
		free(ma);
		free(mb);
		if (!good)
			goto oom;
	}
	rc = 0;
	free(fold);
	return rc;
oom:
	free(fold);
	report("out of memory");
	return rc;
}

/* ------------------------------------------------------------- report */

/* The figures of per-page scores s over the pages of corpus c (every
 * corpus: SIZE_MAX). */
static eval_total
tr_total(const tr_data *t, size_t c, const eval_score *s, size_t *count)
{
	eval_score *pick = malloc((t->n + 1) * sizeof *pick);
	eval_total tot = {0};
	size_t n = 0;

	*count = 0;
	if (pick == NULL)
		return tot;
	for (size_t d = 0; d < t->n; d++)
		if (c == SIZE_MAX || t->page[d].corpus == c)
			pick[n++] = s[d];
	tot = eval_aggregate(pick, n);
	free(pick);
	*count = n;
	return tot;
}

static void
tr_row(const tr_data *t, size_t c, const char *name, const eval_score *s)
{
	size_t n;
	eval_total tot = tr_total(t, c, s, &n);

	printf("  %-18s %4zu  %.3f  %.3f  %.3f  %.3f\n", name, n, tot.f1, tot.p,
	    tot.r, tot.lf1);
}

/* The rows: every method, A, B and the oracle, per corpus and overall. */
static void
tr_report(const tr_data *t, char **dirs, size_t ndirs, eval_score *const *method,
          const eval_score *a, const eval_score *b, const eval_score *oracle,
          const eval_score *oracle_b, size_t k)
{
	char name[2][40];

	snprintf(name[0], sizeof name[0], "hybrid A (%zu-cv)", k);
	snprintf(name[1], sizeof name[1], "hybrid B (%zu-cv)", k);
	for (size_t c = 0; c <= ndirs; c++) {
		size_t cc = c < ndirs ? c : SIZE_MAX;

		if (c == ndirs && ndirs == 1)
			break;
		printf("%s\n  %-18s %4s  %5s  %5s  %5s  %5s\n", c < ndirs ? dirs[c] :
		    "all corpora", "method", "docs", "F1", "P", "R", "lcsF1");
		for (size_t m = 0; m < t->nm; m++)
			tr_row(t, cc, t->methods[m], method[m]);
		tr_row(t, cc, name[0], a);
		tr_row(t, cc, name[1], b);
		tr_row(t, cc, "oracle", oracle);
		tr_row(t, cc, "segment oracle", oracle_b);
	}
}

static const char train_usage[] =
"usage: pith train [--folds K] [-a METHOD]... [--lambda L] [--tau T]\n"
"                  [-p NAME=VALUE]... CORPUS...\n"
"\n"
"Measures the seeds' two hybrids: A, a classifier that picks the method\n"
"to run on each page from its 37 features; B, one that keeps or drops\n"
"each segment of a page from its features and how much of it each method\n"
"kept.  Each CORPUS is a folder as pith eval reads it (ID.html[.gz] with\n"
"truth.json, or NAME/source.html with NAME/expected.txt).  Every method\n"
"runs on every page; in K-fold cross-validation the classifiers are\n"
"fitted on the other folds and scored on pages they never saw.  Prints,\n"
"per corpus and over all, each method's shingle F1, the hybrids', and the\n"
"oracles': the best method per page (A's ceiling) and the segments\n"
"mostly in the truth (B's).\n"
"\n"
"      --folds K         cross-validation folds, 2..100 (default 10)\n"
"  -a, --method NAME     a method to choose from, repeatable (default:\n"
"                        every algorithm but template and site)\n"
"      --lambda L        L2 penalty on the weights (default 0.05)\n"
"      --tau T           softness of A's targets (default 0.02)\n"
"  -p, --param N=V       set an algorithm parameter\n"
"  -h, --help            show this help and exit\n"
"\n"
"Exit status: 0 when a hybrid beats every single method over all pages,\n"
"1 when neither does, 2 usage error, 3 input error.\n";

const cmd_entry cmd_train_entry = { "train", train_main, train_usage, "train: " };

static int
tr_usage(const char *fmt, const char *arg)
{
	return cmd_usage(&cmd_train_entry, fmt, arg);
}

static bool
tr_number(const char *s, double lo, double hi, double *out)
{
	char *end;

	*out = strtod(s, &end);
	return end != s && *end == '\0' && *out >= lo && *out <= hi;
}

/* A method the classifier may pick: one that needs no user's file. */
static bool
tr_method_ok(const char *name)
{
	return strcmp(name, "template") != 0 && strcmp(name, "site") != 0;
}

/* What the command line asks for. */
typedef struct {
	const char *methods[MAX_METHODS];
	size_t nm, folds;
	tr_options opt;
	pith_params *params;
} tr_args;

/* Read the options into a; -1 to go on, else the exit status. */
static int
tr_parse(int argc, char **argv, tr_args *a)
{
	static const struct option longopts[] = {
		{ "folds", required_argument, NULL, 'F' },
		{ "method", required_argument, NULL, 'a' },
		{ "lambda", required_argument, NULL, 'L' },
		{ "tau", required_argument, NULL, 'T' },
		{ "param", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	pith_error err = {0};
	double v;
	int ch, st;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":a:p:h", longopts, NULL)) != -1) {
		if ((st = cmd_option(&cmd_train_entry, ch, argv)) >= 0)
			return st;
		switch (ch) {
		case 'F':
			if (!tr_number(optarg, 2, 100, &v) || v != (double)(size_t)v)
				return tr_usage("--folds wants 2..100, not '%s'", optarg);
			a->folds = (size_t)v;
			break;
		case 'a': {
			const pith_algorithm *alg = pith_algorithm_find(optarg);

			if (alg == NULL || !tr_method_ok(optarg))
				return tr_usage("'%s' is not a method to choose from", optarg);
			if (a->nm == MAX_METHODS)
				return tr_usage("%s", "too many methods");
			a->methods[a->nm++] = alg->name;
			break;
		}
		case 'L':
			if (!tr_number(optarg, 0, 1e6, &a->opt.lambda))
				return tr_usage("--lambda wants a number >= 0, not '%s'", optarg);
			break;
		case 'T':
			if (!tr_number(optarg, 1e-6, 1e6, &a->opt.tau))
				return tr_usage("--tau wants a number > 0, not '%s'", optarg);
			break;
		case 'p':
			if (pith_params_assign(a->params, optarg, &err) != PITH_OK)
				return tr_usage("%s", err.msg);
			break;
		}
	}
	if (optind >= argc)
		return tr_usage("%s", "no corpus folder given");
	if (a->nm == 0)
		for (size_t i = 0; i < pith_algorithm_count() && a->nm < MAX_METHODS; i++)
			if (tr_method_ok(pith_algorithm_at(i)->name))
				a->methods[a->nm++] = pith_algorithm_at(i)->name;
	return -1;
}

/* Each page's score under every method, under the oracle (its best
 * method) and under B's oracle (the segments in the truth). */
static int
tr_scores(const tr_data *t, eval_score **method, eval_score *oracle,
          eval_score *oracle_b)
{
	for (size_t d = 0; d < t->n; d++) {
		size_t top = 0;

		for (size_t m = 0; m < t->nm; m++) {
			method[m][d] = t->page[d].score[m];
			if (t->page[d].f1[m] > t->page[d].f1[top])
				top = m;
		}
		oracle[d] = t->page[d].score[top];
		if (tr_keep_segments(NULL, &t->page[d], &oracle_b[d]) != 0) {
			report("out of memory");
			return -1;
		}
	}
	return 0;
}

/* Whether hybrid A or B beats the best single method, said on stdout:
 * 0 when one does, 1 when neither, EXIT_INPUT when stdout fails. */
static int
tr_verdict(const tr_data *t, eval_score *const *method, const eval_score *a,
           const eval_score *b)
{
	eval_total ta, tb;
	double best = 0;
	const char *best_name = "";
	size_t n;

	for (size_t m = 0; m < t->nm; m++) {
		eval_total one = tr_total(t, SIZE_MAX, method[m], &n);

		if (one.f1 > best) {
			best = one.f1;
			best_name = t->methods[m];
		}
	}
	ta = tr_total(t, SIZE_MAX, a, &n);
	tb = tr_total(t, SIZE_MAX, b, &n);
	printf("hybrid A %s the best single method (%s): %.3f against %.3f\n",
	    ta.f1 > best ? "beats" : "does not beat", best_name, ta.f1, best);
	printf("hybrid B %s the best single method (%s): %.3f against %.3f\n",
	    tb.f1 > best ? "beats" : "does not beat", best_name, tb.f1, best);
	if (fflush(stdout) != 0)
		return EXIT_INPUT;
	return ta.f1 > best || tb.f1 > best ? 0 : EXIT_NOARTICLE;
}

/* Read the corpora, cross-validate both hybrids and report. */
static int
tr_run(tr_args *args, char **dirs, size_t ndirs)
{
	tr_data t = { .methods = args->methods, .nm = args->nm,
	    .params = args->params };
	eval_score *method[MAX_METHODS] = {0}, *a = NULL, *b = NULL, *oracle = NULL;
	eval_score *oracle_b = NULL;
	int status = EXIT_INPUT;
	bool oom = false;

	for (size_t i = 0; i < ndirs; i++) {
		size_t pages;

		t.corpus = i;
		if ((status = eval_corpus(dirs[i], NULL, tr_visit, &t, &pages)) != 0)
			goto out;
	}
	status = EXIT_INPUT;
	if (t.n < args->folds) {
		report("train: %zu readable pages: too few for %zu folds", t.n,
		    args->folds);
		goto out;
	}
	oom |= (a = calloc(t.n, sizeof *a)) == NULL;
	oom |= (b = calloc(t.n, sizeof *b)) == NULL;
	oom |= (oracle = calloc(t.n, sizeof *oracle)) == NULL;
	oom |= (oracle_b = calloc(t.n, sizeof *oracle_b)) == NULL;
	for (size_t m = 0; m < t.nm; m++)
		oom |= (method[m] = calloc(t.n, sizeof *method[m])) == NULL;
	if (oom) {
		report("out of memory");
		goto out;
	}
	if (tr_scores(&t, method, oracle, oracle_b) != 0 ||
	    tr_cross(&t, args->folds, &args->opt, a, b) != 0)
		goto out;
	tr_report(&t, dirs, ndirs, method, a, b, oracle, oracle_b, args->folds);
	status = tr_verdict(&t, method, a, b);
out:
	for (size_t m = 0; m < t.nm; m++)
		free(method[m]);
	free(a);
	free(b);
	free(oracle);
	free(oracle_b);
	for (size_t d = 0; d < t.n; d++)
		page_free(&t.page[d]);
	free(t.page);
	return status;
}

int
train_main(int argc, char **argv)
{
	tr_args args = { .folds = 10,
	    .opt = { .lambda = 0.05, .tau = 0.02, .iterations = 2000 } };
	int status;

	if ((args.params = pith_params_new()) == NULL) {
		report("out of memory");
		return EXIT_INPUT;
	}
	status = tr_parse(argc, argv, &args);
	if (status < 0)
		status = tr_run(&args, argv + optind, (size_t)(argc - optind));
	pith_params_free(args.params);
	return status;
}
