/*
 * train.c - `pith train`: fit the hybrid's classifier on corpora with
 * ground truth, and say by cross-validation whether it is worth having.
 *
 * Every method runs on every page once; a page becomes its 37 features
 * and each method's shingle F1 (eval.c's metric, score.py's).  The model
 * is fitted on all pages; with --folds K, K more fits each predict the
 * pages they did not see, and the hybrid's held-out choices are scored
 * beside every single method and the oracle (the best method per page:
 * what no per-page choice can beat).
 */
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"
#include "program.h"
#include "train.h"

enum { NF = PITH_NFEATURES, MAX_METHODS = 16 };

typedef struct {
	const char *const *methods;
	size_t nm;
	const pith_params *params;
	size_t corpus;              /* index of the corpus being read */
	size_t n, cap;
	double *features;           /* n x NF */
	double *f1;                 /* n x nm */
	eval_score *score;          /* n x nm */
	size_t *from;               /* n: corpus index */
} tr_data;

static bool
tr_grow(tr_data *t)
{
	size_t c = t->cap ? 2 * t->cap : 64;
	double *f = realloc(t->features, c * NF * sizeof *f);
	double *g;
	eval_score *s;
	size_t *from;

	if (f == NULL)
		return false;
	t->features = f;
	if ((g = realloc(t->f1, c * t->nm * sizeof *g)) == NULL)
		return false;
	t->f1 = g;
	if ((s = realloc(t->score, c * t->nm * sizeof *s)) == NULL)
		return false;
	t->score = s;
	if ((from = realloc(t->from, c * sizeof *from)) == NULL)
		return false;
	t->from = from;
	t->cap = c;
	return true;
}

/* ------------------------------------------------------- the classifier */

/*
 * A softmax regression over the 37 features, one weight row per method.
 * It is fitted to give each method the share of a page its score earns
 * against the others (soft targets exp(F1 / tau), normalised), not one
 * "best" label: methods tie on most pages, and a hard label would teach
 * noise.  Features are standardised with the training mean and scale and
 * clipped to +-4, so one freak page cannot swing a choice.
 */
enum { CLIP = 4 };

typedef struct {
	double lambda;   /* L2 penalty on the weights, not the biases */
	double tau;      /* softness of the targets */
	int iterations;  /* gradient steps at most */
} tr_options;

typedef struct {
	size_t nm;
	double mean[NF], scale[NF];
	double w[MAX_METHODS][NF + 1];       /* bias first */
} tr_model;

static void
standardise(const tr_model *m, const double *f, double *x)
{
	for (size_t j = 0; j < NF; j++) {
		double v = (f[j] - m->mean[j]) / m->scale[j];

		x[j] = v > CLIP ? CLIP : v < -CLIP ? -CLIP : v;
	}
}

/* Softmax of the methods' scores for standardised x into p. */
static void
model_probs(const tr_model *m, const double *x, double *p)
{
	double top = -HUGE_VAL, sum = 0;

	for (size_t k = 0; k < m->nm; k++) {
		p[k] = m->w[k][0];
		for (size_t j = 0; j < NF; j++)
			p[k] += m->w[k][j + 1] * x[j];
		if (p[k] > top)
			top = p[k];
	}
	for (size_t k = 0; k < m->nm; k++)
		sum += p[k] = exp(p[k] - top);
	for (size_t k = 0; k < m->nm; k++)
		p[k] /= sum;
}

/* The method the model picks for a page's features. */
static size_t
model_choose(const tr_model *m, const double *f)
{
	double x[NF], p[MAX_METHODS];
	size_t best = 0;

	standardise(m, f, x);
	model_probs(m, x, p);
	for (size_t k = 1; k < m->nm; k++)
		if (p[k] > p[best])
			best = k;
	return best;
}

/* ------------------------------------------------------------- training */

/* Mean cross-entropy against the targets plus the L2 penalty (biases
 * free); with g, also its gradient. */
static double
train_loss(tr_model *m, const double *x, const double *q, size_t n,
           double lambda, double (*g)[NF + 1])
{
	double p[MAX_METHODS], loss = 0;

	if (g != NULL)
		memset(g, 0, MAX_METHODS * sizeof *g);
	for (size_t d = 0; d < n; d++) {
		const double *xd = x + d * NF, *qd = q + d * m->nm;

		model_probs(m, xd, p);
		for (size_t k = 0; k < m->nm; k++) {
			double dz = (p[k] - qd[k]) / (double)n;

			if (qd[k] > 0)
				loss -= qd[k] * log(p[k] > 1e-300 ? p[k] : 1e-300) / (double)n;
			if (g == NULL)
				continue;
			g[k][0] += dz;
			for (size_t j = 0; j < NF; j++)
				g[k][j + 1] += dz * xd[j];
		}
	}
	for (size_t k = 0; k < m->nm; k++)
		for (size_t j = 1; j <= NF; j++) {
			loss += lambda / 2 * m->w[k][j] * m->w[k][j];
			if (g != NULL)
				g[k][j] += lambda * m->w[k][j];
		}
	return loss;
}

/* Fit a model to n pages' features (n x NF) and each method's F1 (n x
 * nm); NULL when out of memory. */
static tr_model *
model_train(const double *features, const double *scores, size_t n,
            size_t nmethods, const tr_options *opt)
{
	tr_model *m, *trial;
	double (*g)[NF + 1] = NULL, *x = NULL, *q = NULL, step = 1, loss;

	m = calloc(1, sizeof *m);
	trial = calloc(1, sizeof *trial);
	g = calloc(MAX_METHODS, sizeof *g);
	x = calloc(n * NF + 1, sizeof *x);
	q = calloc(n * nmethods + 1, sizeof *q);
	if (m == NULL || trial == NULL || g == NULL || x == NULL || q == NULL) {
		free(m);
		m = NULL;
		goto out;
	}
	m->nm = nmethods;
	for (size_t j = 0; j < NF; j++) {
		double s = 0, ss = 0;

		for (size_t d = 0; d < n; d++)
			s += features[d * NF + j];
		m->mean[j] = s / (double)n;
		for (size_t d = 0; d < n; d++)
			ss += (features[d * NF + j] - m->mean[j]) *
			    (features[d * NF + j] - m->mean[j]);
		/* A constant feature keeps scale 1: it weighs nothing either way. */
		m->scale[j] = ss > 0 ? sqrt(ss / (double)n) : 1;
	}
	for (size_t d = 0; d < n; d++) {
		double top = -HUGE_VAL, sum = 0;

		standardise(m, features + d * NF, x + d * NF);
		for (size_t k = 0; k < nmethods; k++)
			if (scores[d * nmethods + k] > top)
				top = scores[d * nmethods + k];
		for (size_t k = 0; k < nmethods; k++)
			sum += q[d * nmethods + k] =
			    exp((scores[d * nmethods + k] - top) / opt->tau);
		for (size_t k = 0; k < nmethods; k++)
			q[d * nmethods + k] /= sum;
	}
	/* Gradient descent with backtracking: the loss is convex and smooth,
	 * so this converges without a tuned step. */
	loss = train_loss(m, x, q, n, opt->lambda, g);
	for (int it = 0; it < opt->iterations; it++) {
		double gg = 0, next;

		for (size_t k = 0; k < nmethods; k++)
			for (size_t j = 0; j <= NF; j++)
				gg += g[k][j] * g[k][j];
		if (gg < 1e-14)
			break;
		for (;;) {
			*trial = *m;
			for (size_t k = 0; k < nmethods; k++)
				for (size_t j = 0; j <= NF; j++)
					trial->w[k][j] -= step * g[k][j];
			next = train_loss(trial, x, q, n, opt->lambda, NULL);
			if (next <= loss - step / 2 * gg || step < 1e-12)
				break;
			step /= 2;
		}
		memcpy(m->w, trial->w, sizeof m->w);
		loss = train_loss(m, x, q, n, opt->lambda, g);
		step *= 2;
	}
out:
	free(trial);
	free(g);
	free(x);
	free(q);
	return m;
}

/* ------------------------------------------------------------- corpora */

/* One page: its features and every method's score. */
static int
tr_page(void *ctx, const char *id, const char *truth, const pith_doc *doc,
        const char *why)
{
	tr_data *t = ctx;
	size_t d = t->n, tlen = strlen(truth);
	pith_error err = {0};

	(void)id;
	/* A page pith cannot read teaches nothing about choosing a method. */
	if (doc == NULL || why != NULL)
		return 0;
	if (t->n == t->cap && !tr_grow(t)) {
		report("out of memory");
		return EXIT_INPUT;
	}
	if (pith_doc_features(doc, t->features + d * NF, &err) != PITH_OK) {
		report("%s", err.msg);
		return EXIT_INPUT;
	}
	for (size_t k = 0; k < t->nm; k++) {
		eval_score *s = &t->score[d * t->nm + k];
		const char *fail;
		size_t plen;
		char *pred = eval_extract(doc, t->methods[k], t->params, &plen, &fail);

		memset(s, 0, sizeof *s);
		if (eval_score_text(truth, tlen, pred ? pred : "", plen, s) < 0) {
			free(pred);
			report("out of memory");
			return EXIT_INPUT;
		}
		s->fail = NULL;      /* the name is not kept past this page */
		t->f1[d * t->nm + k] = eval_doc_f1(s);
		free(pred);
	}
	t->from[d] = t->corpus;
	t->n++;
	return 0;
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

/* The method each page gets from a model that did not see its fold. */
static int
tr_cross(const tr_data *t, size_t k, const tr_options *opt, size_t *pick)
{
	size_t *fold = malloc((t->n + 1) * sizeof *fold);
	double *f = malloc((t->n + 1) * NF * sizeof *f);
	double *s = malloc((t->n + 1) * t->nm * sizeof *s);
	int rc = -1;

	if (fold == NULL || f == NULL || s == NULL) {
		report("out of memory");
		goto out;
	}
	tr_folds(fold, t->n, k);
	for (size_t held = 0; held < k; held++) {
		tr_model *m;
		size_t n = 0;

		for (size_t d = 0; d < t->n; d++) {
			if (fold[d] == held)
				continue;
			memcpy(f + n * NF, t->features + d * NF, NF * sizeof *f);
			memcpy(s + n * t->nm, t->f1 + d * t->nm, t->nm * sizeof *s);
			n++;
		}
		if ((m = model_train(f, s, n, t->nm, opt)) == NULL) {
			report("out of memory");
			goto out;
		}
		for (size_t d = 0; d < t->n; d++)
			if (fold[d] == held)
				pick[d] = model_choose(m, t->features + d * NF);
		free(m);
	}
	rc = 0;
out:
	free(fold);
	free(f);
	free(s);
	return rc;
}

/* The corpus figures of picking method pick[d] (or each method, or the
 * best) on the pages of corpus c (every corpus: c == SIZE_MAX). */
static eval_total
tr_total(const tr_data *t, size_t c, const size_t *pick, size_t method,
         bool oracle, size_t *count)
{
	eval_score *s = malloc((t->n + 1) * sizeof *s);
	eval_total tot = {0};
	size_t n = 0;

	if (s == NULL)
		return tot;
	for (size_t d = 0; d < t->n; d++) {
		size_t k = pick != NULL ? pick[d] : method;

		if (c != SIZE_MAX && t->from[d] != c)
			continue;
		if (oracle)
			for (size_t j = 0, best = 0; j < t->nm; j++)
				if (t->f1[d * t->nm + j] > t->f1[d * t->nm + best] || j == 0)
					k = best = j;
		s[n++] = t->score[d * t->nm + k];
	}
	tot = eval_aggregate(s, n);
	free(s);
	*count = n;
	return tot;
}

static void
tr_row(const char *name, eval_total t, size_t n)
{
	printf("  %-14s %4zu  %.3f  %.3f  %.3f  %.3f\n", name, n, t.f1, t.p, t.r, t.lf1);
}

static void
tr_report(const tr_data *t, char **dirs, size_t ndirs, const size_t *pick, size_t k)
{
	for (size_t c = 0; c <= ndirs; c++) {
		size_t cc = c < ndirs ? c : SIZE_MAX, n = 0;

		if (c == ndirs && ndirs == 1)
			break;
		printf("%s\n  %-14s %4s  %5s  %5s  %5s  %5s\n", c < ndirs ? dirs[c] :
		    "all corpora", "method", "docs", "F1", "P", "R", "lcsF1");
		for (size_t m = 0; m < t->nm; m++) {
			eval_total tot = tr_total(t, cc, NULL, m, false, &n);

			tr_row(t->methods[m], tot, n);
		}
		if (pick != NULL) {
			char name[32];
			eval_total tot = tr_total(t, cc, pick, 0, false, &n);

			snprintf(name, sizeof name, "hybrid (%zu-cv)", k);
			tr_row(name, tot, n);
		}
		eval_total best = tr_total(t, cc, NULL, 0, true, &n);

		tr_row("oracle", best, n);
	}
}

static const char train_usage[] =
"usage: pith train [--folds K] [-a METHOD]... [--lambda L] [--tau T]\n"
"                  [-p NAME=VALUE]... CORPUS...\n"
"\n"
"Measures the seeds' hybrid: a classifier that picks the method to run\n"
"on each page from its 37 features.  Each CORPUS is a folder as pith eval\n"
"reads it (ID.html[.gz] with truth.json, or NAME/source.html with\n"
"NAME/expected.txt).  Every method runs on every page; in K-fold\n"
"cross-validation the classifier is fitted on the other folds and\n"
"scored on pages it never saw.  Prints, per corpus and over all, each\n"
"method's shingle F1, the hybrid's, and the oracle's (the best method\n"
"per page, which no per-page choice can beat).\n"
"\n"
"  --folds K             cross-validation folds, 2..100 (default 10)\n"
"  -a, --method NAME     a method to choose from, repeatable (default:\n"
"                        every algorithm but template and site)\n"
"  --lambda L            L2 penalty on the weights (default 0.05)\n"
"  --tau T               softness of the targets (default 0.02)\n"
"  -p, --param N=V       set an algorithm parameter\n"
"\n"
"Exit status: 0 when the hybrid beats every single method over all pages,\n"
"1 when it does not, 2 usage error, 3 input error.\n";

static int
tr_usage(const char *fmt, const char *arg)
{
	fputs("pith: train: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs(" (see pith train --help)\n", stderr);
	return EXIT_USAGE;
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

int
train_main(int argc, char **argv)
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
	const char *methods[MAX_METHODS];
	size_t nm = 0, folds = 10, *pick = NULL, n;
	tr_options opt = { .lambda = 0.05, .tau = 0.02, .iterations = 2000 };
	pith_params params;
	pith_error err = {0};
	tr_data t = {0};
	eval_total hybrid;
	double v, best = 0;
	int ch, status = EXIT_INPUT;

	pith_params_init(&params);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":a:p:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'F':
			if (!tr_number(optarg, 2, 100, &v) || v != (double)(size_t)v)
				return tr_usage("--folds wants 2..100, not '%s'", optarg);
			folds = (size_t)v;
			break;
		case 'a': {
			const pith_algorithm *a = pith_algorithm_find(optarg);

			if (a == NULL || !tr_method_ok(optarg))
				return tr_usage("'%s' is not a method to choose from", optarg);
			if (nm == MAX_METHODS)
				return tr_usage("%s", "too many methods");
			methods[nm++] = a->name;
			break;
		}
		case 'L':
			if (!tr_number(optarg, 0, 1e6, &opt.lambda))
				return tr_usage("--lambda wants a number >= 0, not '%s'", optarg);
			break;
		case 'T':
			if (!tr_number(optarg, 1e-6, 1e6, &opt.tau))
				return tr_usage("--tau wants a number > 0, not '%s'", optarg);
			break;
		case 'p': {
			char name[64], *eq = strchr(optarg, '=');

			if (eq == NULL || (size_t)(eq - optarg) >= sizeof name)
				return tr_usage("expected NAME=VALUE, not '%s'", optarg);
			memcpy(name, optarg, (size_t)(eq - optarg));
			name[eq - optarg] = '\0';
			if (pith_params_set(&params, name, eq + 1, &err) != PITH_OK)
				return tr_usage("%s", err.msg);
			break;
		}
		case 'h':
			fputs(train_usage, stdout);
			return 0;
		case ':':
			return tr_usage("option '%s' needs a value", argv[optind - 1]);
		default:
			return tr_usage("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return tr_usage("%s", "no corpus folder given");
	if (nm == 0)
		for (size_t i = 0; i < pith_algorithm_count() && nm < MAX_METHODS; i++)
			if (tr_method_ok(pith_algorithm_at(i)->name))
				methods[nm++] = pith_algorithm_at(i)->name;
	t.methods = methods;
	t.nm = nm;
	t.params = &params;
	for (int i = optind; i < argc; i++) {
		size_t pages;

		t.corpus = (size_t)(i - optind);
		if ((status = eval_corpus(argv[i], NULL, tr_page, &t, &pages)) != 0)
			goto out;
	}
	status = EXIT_INPUT;
	if (t.n < folds) {
		report("train: %zu readable pages: too few for %zu folds", t.n, folds);
		goto out;
	}
	if ((pick = malloc(t.n * sizeof *pick)) == NULL) {
		report("out of memory");
		goto out;
	}
	if (tr_cross(&t, folds, &opt, pick) != 0)
		goto out;
	tr_report(&t, argv + optind, (size_t)(argc - optind), pick, folds);
	hybrid = tr_total(&t, SIZE_MAX, pick, 0, false, &n);
	for (size_t m = 0; m < nm; m++) {
		eval_total one = tr_total(&t, SIZE_MAX, NULL, m, false, &n);

		if (one.f1 > best)
			best = one.f1;
	}
	printf("hybrid %s the best single method: %.3f against %.3f\n",
	    hybrid.f1 > best ? "beats" : "does not beat", hybrid.f1, best);
	if (fflush(stdout) != 0)
		goto out;
	status = hybrid.f1 > best ? 0 : EXIT_NOARTICLE;
out:
	free(pick);
	free(t.features);
	free(t.f1);
	free(t.score);
	free(t.from);
	return status;
}
