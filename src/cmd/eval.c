/*
 * eval.c - `pith eval`: run algorithms over a corpus with ground truth and
 * score them with the metrics of ../shared/bench/score.py (ALGORITHMS.md
 * section 9), so that its figures and the script's agree.
 *
 *   shingle  tokens are \w+ runs (Python's \w: letters, digits and '_',
 *            i.e. general categories L and N); shingles their 4-grams;
 *            per document tp, fp, fn as multiset overlaps over their sum;
 *            P and R averaged over the documents where they are defined,
 *            F1 from the two means.
 *   lcs      CleanEval words; the exact longest common subsequence by
 *            Hyyrö's bit-parallel row update; P, R and F1 weighted by
 *            length (sums over the corpus).
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <dirent.h>
#include <sys/stat.h>
#include <jansson.h>
#include <unictype.h>
#include <unistr.h>
#include <zlib.h>
#include "charset.h"
#include "eval.h"
#include "cmd.h"

/* Grow *p (an array of *cap elements of size sz) to hold n; false on OOM. */
static bool
ev_grow(void *p, size_t *cap, size_t n, size_t sz)
{
	void **pp = p, *q;
	size_t c = *cap ? *cap : 16;

	if (n <= *cap)
		return true;
	while (c < n) {
		if (c > SIZE_MAX / 2 / sz)
			return false;
		c *= 2;
	}
	if ((q = realloc(*pp, c * sz)) == NULL)
		return false;
	*pp = q;
	*cap = c;
	return true;
}

/* ------------------------------------------------------------ interning */

/* Strings to dense ids, compared exactly. */
typedef struct {
	const char *s;
	size_t len;
	uint32_t id;
	bool used;
} ev_slot;

typedef struct {
	ev_slot *slots;
	size_t cap, n;
} ev_table;

static uint64_t
ev_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;   /* FNV-1a */

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h ^ (h >> 29);
}

static void
ev_table_free(ev_table *t)
{
	free(t->slots);
	t->slots = NULL;
	t->cap = t->n = 0;
}

/* The id of s: 1 found (or added when insert), 0 absent, -1 no memory. */
static int
ev_intern(ev_table *t, const char *s, size_t len, bool insert, uint32_t *id)
{
	size_t i;

	if (insert && (t->n + 1) * 2 > t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 256;
		ev_slot *ns = calloc(cap, sizeof *ns);

		if (ns == NULL)
			return -1;
		for (size_t k = 0; k < t->cap; k++) {
			if (!t->slots[k].used)
				continue;
			for (i = ev_hash(t->slots[k].s, t->slots[k].len) & (cap - 1);
			    ns[i].used; i = (i + 1) & (cap - 1))
				;
			ns[i] = t->slots[k];
		}
		free(t->slots);
		t->slots = ns;
		t->cap = cap;
	}
	if (t->cap == 0)
		return 0;
	for (i = ev_hash(s, len) & (t->cap - 1); t->slots[i].used;
	    i = (i + 1) & (t->cap - 1))
		if (t->slots[i].len == len && memcmp(t->slots[i].s, s, len) == 0) {
			*id = t->slots[i].id;
			return 1;
		}
	if (!insert)
		return 0;
	t->slots[i] = (ev_slot){ s, len, (uint32_t)t->n++, true };
	*id = t->slots[i].id;
	return 1;
}

/* ------------------------------------------------------------- shingles */

/* Python's \w: str.isalnum() or '_'; isalnum is general category L or N
 * (checked against Python 3.11 over every code point). */
static bool
ev_is_word(ucs4_t c)
{
	return c == '_' || uc_is_general_category(c, UC_CATEGORY_L) ||
	    uc_is_general_category(c, UC_CATEGORY_N);
}

/* Append the ids of the \w+ runs of s to *ids. */
static int
ev_tokens(ev_table *t, const char *s, size_t n, uint32_t **ids, size_t *nids)
{
	size_t cap = 0, start = 0;
	bool in = false;

	*ids = NULL;
	*nids = 0;
	for (size_t i = 0; i <= n; ) {
		ucs4_t c = 0;
		int m = 1;
		bool w = false;

		if (i < n) {
			m = u8_mbtouc(&c, (const uint8_t *)s + i, n - i);
			w = ev_is_word(c);
		}
		if (w && !in) {
			start = i;
			in = true;
		} else if (!w && in) {
			uint32_t id;

			if (ev_intern(t, s + start, i - start, true, &id) < 0 ||
			    !ev_grow(ids, &cap, *nids + 1, sizeof **ids))
				return -1;
			(*ids)[(*nids)++] = id;
			in = false;
		}
		i += m > 0 ? (size_t)m : 1;
	}
	return 0;
}

typedef struct {
	uint32_t t[4];
	uint32_t n;
} ev_shingle;

static int
ev_shingle_cmp(const void *a, const void *b)
{
	const ev_shingle *x = a, *y = b;

	for (int i = 0; i < 4; i++)
		if (x->t[i] != y->t[i])
			return x->t[i] < y->t[i] ? -1 : 1;
	return x->n < y->n ? -1 : x->n > y->n;
}

/* The sorted shingles of a token sequence. */
static ev_shingle *
ev_shingles(const uint32_t *ids, size_t n, size_t *count)
{
	size_t k = n < 4 ? (n > 0) : n - 3;
	ev_shingle *s = calloc(k ? k : 1, sizeof *s);

	*count = k;
	if (s == NULL)
		return NULL;
	for (size_t i = 0; i < k; i++) {
		s[i].n = n < 4 ? (uint32_t)n : 4;
		for (size_t j = 0; j < 4; j++)
			s[i].t[j] = j < s[i].n ? ids[i + j] : UINT32_MAX;
	}
	qsort(s, k, sizeof *s, ev_shingle_cmp);
	return s;
}

int
eval_shingle(const char *truth, size_t tlen, const char *pred, size_t plen,
             double *tp, double *fp, double *fn, int *exact)
{
	ev_table t = {0};
	uint32_t *ti = NULL, *pi = NULL;
	ev_shingle *ts = NULL, *ps = NULL;
	size_t nti = 0, npi = 0, nts = 0, nps = 0, match = 0;
	int rc = -1;

	if (ev_tokens(&t, truth, tlen, &ti, &nti) < 0 ||
	    ev_tokens(&t, pred, plen, &pi, &npi) < 0 ||
	    (ts = ev_shingles(ti, nti, &nts)) == NULL ||
	    (ps = ev_shingles(pi, npi, &nps)) == NULL)
		goto out;
	/* Multiset intersection of two sorted lists. */
	for (size_t i = 0, j = 0; i < nts && j < nps; ) {
		int c = ev_shingle_cmp(&ts[i], &ps[j]);

		if (c == 0) {
			match++;
			i++;
			j++;
		} else if (c < 0) {
			i++;
		} else {
			j++;
		}
	}
	{
		double s = (double)(nts + nps - match);
		double a = (double)match, b = (double)(nps - match), c = (double)(nts - match);

		*tp = s > 0 ? a / s : 0;
		*fp = s > 0 ? b / s : 0;
		*fn = s > 0 ? c / s : 0;
	}
	*exact = nti == npi && (nti == 0 || memcmp(ti, pi, nti * sizeof *ti) == 0);
	rc = 0;
out:
	free(ti);
	free(pi);
	free(ts);
	free(ps);
	ev_table_free(&t);
	return rc;
}

/* ------------------------------------------------------------------ LCS */

/* Python's str.isspace(), which is what re's \s matches. */
static bool
ev_is_space(ucs4_t c)
{
	return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) ||
	    c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
	    c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

typedef struct {
	const char *s;
	size_t len;
} ev_word;

/* score.py's lcs_words: white space to ' ', other non-ASCII dropped,
 * tags (</?[A-Za-z!][^<>]*>) to ' ', split at spaces.  The words point
 * into *buf, which the caller frees. */
static int
ev_words(const char *s, size_t n, char **buf, ev_word **w, size_t *nw)
{
	char *a = malloc(n + 1);
	size_t k = 0, cap = 0;

	*buf = a;
	*w = NULL;
	*nw = 0;
	if (a == NULL)
		return -1;
	for (size_t i = 0; i < n; ) {
		ucs4_t c;
		int m = u8_mbtouc(&c, (const uint8_t *)s + i, n - i);

		if (ev_is_space(c))
			a[k++] = ' ';
		else if (c < 0x80)
			a[k++] = (char)c;
		i += m > 0 ? (size_t)m : 1;
	}
	/* Tags: leftmost matches; [^<>]* cannot run past the next < or >. */
	for (size_t i = 0; i < k; i++) {
		size_t j = i + 1;

		if (a[i] != '<')
			continue;
		if (j < k && a[j] == '/')
			j++;
		if (j >= k || !((a[j] >= 'A' && a[j] <= 'Z') ||
		    (a[j] >= 'a' && a[j] <= 'z') || a[j] == '!'))
			continue;
		for (j++; j < k && a[j] != '<' && a[j] != '>'; j++)
			;
		if (j < k && a[j] == '>') {
			memset(a + i, ' ', j - i + 1);
			i = j;
		}
	}
	for (size_t i = 0; i < k; ) {
		size_t j = i;

		while (j < k && a[j] != ' ')
			j++;
		if (j > i) {
			if (!ev_grow(w, &cap, *nw + 1, sizeof **w))
				return -1;
			(*w)[(*nw)++] = (ev_word){ a + i, j - i };
		}
		i = j + 1;
	}
	return 0;
}

/* Hyyrö's bit-parallel LCS over the shorter sequence b: V starts all
 * ones, each symbol x of a does u = V & M[x], V = (V + u) | (V - u),
 * and the LCS is |b| minus the ones left.  u is a subset of V, so V - u
 * is V & ~u.  Match masks are built row by row from b's positions, so
 * memory is O(|b|). */
static long
ev_lcs_words(const ev_word *a, size_t na, const ev_word *b, size_t nb)
{
	ev_table t = {0};
	size_t W = (nb + 63) / 64, nid;
	uint64_t *V = NULL, *M = NULL;
	uint32_t *bid = NULL, *start = NULL, *pos = NULL, *fill = NULL;
	long rc = -1;

	if (nb == 0)
		return 0;
	V = malloc(W * sizeof *V);
	M = malloc(W * sizeof *M);
	bid = malloc(nb * sizeof *bid);
	pos = malloc(nb * sizeof *pos);
	if (V == NULL || M == NULL || bid == NULL || pos == NULL)
		goto out;
	for (size_t i = 0; i < nb; i++)
		if (ev_intern(&t, b[i].s, b[i].len, true, &bid[i]) < 0)
			goto out;
	/* Each word's positions in b, grouped by word (counting sort). */
	nid = t.n;
	start = calloc(nid + 1, sizeof *start);
	fill = calloc(nid + 1, sizeof *fill);
	if (start == NULL || fill == NULL)
		goto out;
	for (size_t i = 0; i < nb; i++)
		start[bid[i] + 1]++;
	for (size_t i = 0; i < nid; i++)
		start[i + 1] += start[i];
	for (size_t i = 0; i < nb; i++)
		pos[start[bid[i]] + fill[bid[i]]++] = (uint32_t)i;

	memset(V, 0xff, W * sizeof *V);
	if (nb % 64)
		V[W - 1] = (UINT64_C(1) << (nb % 64)) - 1;
	for (size_t i = 0; i < na; i++) {
		uint32_t id;
		unsigned carry = 0;

		if (ev_intern(&t, a[i].s, a[i].len, false, &id) != 1)
			continue;
		memset(M, 0, W * sizeof *M);
		for (uint32_t p = start[id]; p < start[id + 1]; p++)
			M[pos[p] / 64] |= UINT64_C(1) << (pos[p] % 64);
		for (size_t k = 0; k < W; k++) {
			uint64_t u = V[k] & M[k], s = V[k] + u + carry;

			carry = s < V[k] || (carry && s == V[k]);
			V[k] = s | (V[k] & ~u);
		}
		if (nb % 64)
			V[W - 1] &= (UINT64_C(1) << (nb % 64)) - 1;
	}
	rc = (long)nb;
	for (size_t k = 0; k < W; k++)
		rc -= __builtin_popcountll(V[k]);
out:
	free(V);
	free(M);
	free(bid);
	free(pos);
	free(start);
	free(fill);
	ev_table_free(&t);
	return rc;
}

long
eval_lcs(const char *truth, size_t tlen, const char *pred, size_t plen,
         size_t *twords, size_t *pwords)
{
	char *tb = NULL, *pb = NULL;
	ev_word *tw = NULL, *pw = NULL;
	size_t nt = 0, np = 0;
	long rc = -1;

	if (ev_words(truth, tlen, &tb, &tw, &nt) == 0 &&
	    ev_words(pred, plen, &pb, &pw, &np) == 0)
		rc = np >= nt ? ev_lcs_words(pw, np, tw, nt) : ev_lcs_words(tw, nt, pw, np);
	*twords = nt;
	*pwords = np;
	free(tb);
	free(pb);
	free(tw);
	free(pw);
	return rc;
}

/* ------------------------------------------------------------- corpus */

typedef struct {
	char *id;
	const char *truth;      /* into the JSON, or owned (expected.txt) */
	const char *url;        /* http(s) only, or NULL */
} ev_doc;

typedef struct {
	ev_doc *docs;
	size_t n;
	json_t *root;
	char **owned;           /* ids and truths read from expected.txt */
	size_t nowned, capowned;
} ev_corpus;

static int
ev_id_cmp(const void *a, const void *b)
{
	return strcmp(((const ev_doc *)a)->id, ((const ev_doc *)b)->id);
}

static char *
ev_join(const char *dir, const char *name, const char *tail)
{
	size_t n = strlen(dir) + strlen(name) + strlen(tail) + 2;
	char *p = malloc(n);

	if (p != NULL)
		snprintf(p, n, "%s/%s%s", dir, name, tail);
	return p;
}

/* The page file of an id: ID.html(.gz), ID.htm(.gz) or ID/source.html. */
static char *
ev_page_path(const char *dir, const char *id)
{
	static const char *const forms[] = {
		".html.gz", ".htm.gz", ".html", ".htm", "/source.html",
	};
	struct stat st;

	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		char *p = ev_join(dir, id, forms[i]);

		if (p == NULL)
			return NULL;
		if (stat(p, &st) == 0 && S_ISREG(st.st_mode))
			return p;
		free(p);
	}
	return NULL;
}

/* The whole file, gunzipped when it is gzip (zlib reads plain files as
 * they are).  NULL with *why set on failure. */
static char *
ev_read(const char *path, size_t max, size_t *len, const char **why)
{
	gzFile f = gzopen(path, "rb");
	char *data;

	if (f == NULL) {
		*why = "cannot open the page";
		return NULL;
	}
	if (util_read_gz(f, max, &data, len) != 0)
		*why = errno == ENOMEM ? "out of memory" : errno == EFBIG ?
		    "the page is too large" : "cannot read the page (bad gzip data?)";
	gzclose(f);
	return data;
}

char *
eval_extract(const pith_doc *doc, const char *algo, const pith_params *p,
             size_t *len, const char **fail)
{
	pith_article *a = NULL;
	pith_error err = {0};
	char *text = NULL;
	pith_code rc = pith_extract(doc, algo, p, &a, &err);

	*len = 0;
	*fail = NULL;
	if (rc == PITH_ENOARTICLE)
		*fail = "no article";
	else if (rc != PITH_OK)
		*fail = rc == PITH_ENOMEM ? "out of memory" : "extraction failed";
	else if (pith_article_text(a, 0, &text, len, &err) != PITH_OK)
		*fail = "out of memory";
	pith_article_free(a);
	return text;
}

static double
ev_f1(double p, double r)
{
	return p + r > 0 ? 2 * p * r / (p + r) : 0;
}

/* Per-document precision and recall as score.py's doc_pr; < 0 where the
 * document is left out of that mean. */
static void
ev_doc_pr(const eval_score *s, double *p, double *r)
{
	if (s->fp == 0 && s->fn == 0) {
		*p = *r = s->tp > 0 ? 1 : -1;
		return;
	}
	*p = s->tp + s->fp > 0 ? s->tp / (s->tp + s->fp) : -1;
	*r = s->tp + s->fn > 0 ? s->tp / (s->tp + s->fn) : -1;
}

double
eval_doc_f1(const eval_score *s)
{
	double p, r;

	/* Nothing to find and nothing found is right. */
	if (s->tp == 0 && s->fp == 0 && s->fn == 0)
		return 1;
	ev_doc_pr(s, &p, &r);
	return ev_f1(p > 0 ? p : 0, r > 0 ? r : 0);
}

int
eval_score_text(const char *truth, size_t tlen, const char *pred, size_t plen,
                eval_score *s)
{
	if (eval_shingle(truth, tlen, pred, plen, &s->tp, &s->fp, &s->fn,
	    &s->exact) < 0)
		return -1;
	s->lcs = eval_lcs(truth, tlen, pred, plen, &s->twords, &s->pwords);
	return s->lcs < 0 ? -1 : 0;
}

eval_total
eval_aggregate(const eval_score *s, size_t n)
{
	long double sp = 0, sr = 0;
	size_t np = 0, nr = 0, exact = 0, lcs = 0, pw = 0, tw = 0;
	eval_total t;

	for (size_t i = 0; i < n; i++) {
		double p, r;

		ev_doc_pr(&s[i], &p, &r);
		if (p >= 0) {
			sp += p;
			np++;
		}
		if (r >= 0) {
			sr += r;
			nr++;
		}
		exact += s[i].exact != 0;
		lcs += (size_t)s[i].lcs;
		pw += s[i].pwords;
		tw += s[i].twords;
	}
	t.p = np ? (double)(sp / np) : 0;
	t.r = nr ? (double)(sr / nr) : 0;
	t.f1 = ev_f1(t.p, t.r);
	t.acc = n ? (double)exact / (double)n : 0;
	t.lp = pw ? (double)lcs / (double)pw : 0;
	t.lr = tw ? (double)lcs / (double)tw : 0;
	t.lf1 = ev_f1(t.lp, t.lr);
	return t;
}

static bool
ev_own(ev_corpus *c, char *s)
{
	if (s == NULL || !ev_grow(&c->owned, &c->capowned, c->nowned + 1,
	    sizeof *c->owned)) {
		free(s);
		return false;
	}
	c->owned[c->nowned++] = s;
	return true;
}

static void
ev_corpus_free(ev_corpus *c)
{
	for (size_t i = 0; i < c->nowned; i++)
		free(c->owned[i]);
	free(c->owned);
	free(c->docs);
	json_decref(c->root);
}

/* The truth as sorted documents; -1 after reporting. */
static int
ev_load_truth(ev_corpus *c, const char *path)
{
	json_error_t jerr;
	const char *key;
	json_t *v;

	if ((c->root = json_load_file(path, 0, &jerr)) == NULL) {
		if (jerr.line > 0)
			report("%s:%d: %s", path, jerr.line, jerr.text);
		else
			report("%s: %s", path, jerr.text);
		return -1;
	}
	if (!json_is_object(c->root)) {
		report("%s: not a JSON object of ID -> {\"articleBody\": ...}", path);
		return -1;
	}
	if ((c->docs = calloc(json_object_size(c->root) + 1, sizeof *c->docs)) == NULL) {
		report("out of memory");
		return -1;
	}
	json_object_foreach(c->root, key, v) {
		json_t *body = json_is_object(v) ? json_object_get(v, "articleBody") : v;
		json_t *url = json_is_object(v) ? json_object_get(v, "url") : NULL;
		const char *u = json_is_string(url) ? json_string_value(url) : NULL;
		ev_doc *d = &c->docs[c->n++];

		d->id = (char *)key;
		/* Anything but a string is an empty article, as in score.py. */
		d->truth = json_is_string(body) ? json_string_value(body) : "";
		d->url = u != NULL && (strncasecmp(u, "http://", 7) == 0 ||
		    strncasecmp(u, "https://", 8) == 0) ? u : NULL;
	}
	return 0;
}

/* Readability's layout: every NAME/expected.txt is NAME's truth. */
static int
ev_load_expected(ev_corpus *c, const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	size_t cap = 0;

	if (dp == NULL) {
		report("%s: cannot open the corpus folder", dir);
		return -1;
	}
	while ((e = readdir(dp)) != NULL) {
		char *path, *text;
		const char *why;
		size_t len;

		if (e->d_name[0] == '.' || (path = ev_join(dir, e->d_name,
		    "/expected.txt")) == NULL)
			continue;
		text = ev_read(path, INPUT_MAX_SIZE, &len, &why);
		free(path);
		if (text == NULL)
			continue;
		if (!ev_grow(&c->docs, &cap, c->n + 1, sizeof *c->docs) ||
		    !ev_own(c, text) || !ev_own(c, strdup(e->d_name))) {
			closedir(dp);
			report("out of memory");
			return -1;
		}
		c->docs[c->n++] = (ev_doc){ .id = c->owned[c->nowned - 1],
		    .truth = text };
	}
	closedir(dp);
	if (c->n == 0) {
		report("%s: no truth.json and no NAME/expected.txt", dir);
		return -1;
	}
	return 0;
}

int
eval_corpus(const char *dir, const char *truth_path, eval_page_fn fn,
            void *ctx, size_t *npages)
{
	ev_corpus c = {0};
	char *owned = NULL;
	struct stat st;
	size_t missing = 0;
	int status = EXIT_INPUT, rc;

	*npages = 0;
	if (truth_path == NULL) {
		if ((owned = ev_join(dir, "truth.json", "")) == NULL) {
			report("out of memory");
			return EXIT_INPUT;
		}
		if (stat(owned, &st) == 0)
			truth_path = owned;
	}
	rc = truth_path != NULL ? ev_load_truth(&c, truth_path) :
	    ev_load_expected(&c, dir);
	if (rc != 0)
		goto out;
	qsort(c.docs, c.n, sizeof *c.docs, ev_id_cmp);
	for (size_t d = 0; d < c.n; d++) {
		const char *why = NULL;
		char *path = ev_page_path(dir, c.docs[d].id), *html = NULL, *utf8 = NULL;
		size_t hlen = 0, ulen = 0;
		pith_doc *doc = NULL;
		pith_error err = {0};

		if (path == NULL) {
			why = "no page file";
			missing++;
		} else if ((html = ev_read(path, INPUT_MAX_SIZE, &hlen, &why)) != NULL) {
			pith_parse_options popt = { .url = c.docs[d].url };

			why = NULL;
			if (charset_decode(html, hlen, NULL, 1, &utf8, &ulen, NULL) != 0)
				why = "out of memory";
			else if (pith_doc_parse(utf8, ulen, &popt, &doc, &err) != PITH_OK)
				why = "cannot parse the page";
		}
		if (why != NULL && path != NULL)
			report("eval: %s: %s", path, why);
		rc = fn(ctx, c.docs[d].id, c.docs[d].truth, doc, why);
		pith_doc_free(doc);
		free(utf8);
		free(html);
		free(path);
		if (rc != 0) {
			status = rc;
			goto out;
		}
		++*npages;
	}
	if (missing > 0)
		report("eval: %zu of %zu truth ids without a page in %s (scored as "
		    "empty)", missing, c.n, dir);
	status = 0;
out:
	ev_corpus_free(&c);
	free(owned);
	return status;
}

/* ------------------------------------------------------------ command */

typedef struct {
	const char *name;
	eval_score *docs;
	size_t failures, cap;
} ev_algo;

typedef struct {
	ev_algo *al;
	size_t nal;
	char **ids;
	size_t nd, cap;
	const pith_params *params;
} ev_run;

enum { EV_SHINGLE = 1, EV_LCS = 2 };

static void
ev_print(const ev_run *run, unsigned metrics, bool per_doc)
{
	const ev_algo *al = run->al;
	size_t nal = run->nal, nd = run->nd;
	int w = 9;

	for (size_t i = 0; i < nal; i++)
		if ((int)strlen(al[i].name) > w)
			w = (int)strlen(al[i].name);
	printf("%-*s  %4s  %6s", w, "algorithm", "docs", "failed");
	if (metrics & EV_SHINGLE)
		printf("  %5s  %5s  %5s  %5s", "F1", "P", "R", "Acc");
	if (metrics & EV_LCS)
		printf("  %5s  %5s  %5s", "lcsF1", "lcsP", "lcsR");
	putchar('\n');
	for (size_t i = 0; i < nal; i++) {
		eval_total t = eval_aggregate(al[i].docs, nd);

		printf("%-*s  %4zu  %6zu", w, al[i].name, nd, al[i].failures);
		if (metrics & EV_SHINGLE)
			printf("  %.3f  %.3f  %.3f  %.3f", t.f1, t.p, t.r, t.acc);
		if (metrics & EV_LCS)
			printf("  %.3f  %.3f  %.3f", t.lf1, t.lp, t.lr);
		putchar('\n');
	}
	for (size_t i = 0; per_doc && i < nal; i++) {
		printf("\n# %s per document\nid", al[i].name);
		if (metrics & EV_SHINGLE)
			printf("\tP\tR\tF1");
		if (metrics & EV_LCS)
			printf("\tlcs\tpred_words\ttrue_words\tlcsP\tlcsR");
		printf("\tnote\n");
		for (size_t d = 0; d < nd; d++) {
			const eval_score *s = &al[i].docs[d];
			double p, r;

			ev_doc_pr(s, &p, &r);
			/* Ids and notes come from the corpus and its pages. */
			report_field(run->ids[d], stdout);
			if (metrics & EV_SHINGLE) {
				if (p >= 0)
					printf("\t%.3f", p);
				else
					printf("\t-");
				if (r >= 0)
					printf("\t%.3f", r);
				else
					printf("\t-");
				printf("\t%.3f", ev_f1(p > 0 ? p : 0, r > 0 ? r : 0));
			}
			if (metrics & EV_LCS) {
				printf("\t%ld\t%zu\t%zu", s->lcs, s->pwords, s->twords);
				if (s->pwords)
					printf("\t%.3f", (double)s->lcs / (double)s->pwords);
				else
					printf("\t-");
				if (s->twords)
					printf("\t%.3f", (double)s->lcs / (double)s->twords);
				else
					printf("\t-");
			}
			putchar('\t');
			report_field(s->fail ? s->fail : "", stdout);
			putchar('\n');
		}
	}
}

/* Score every algorithm on one page. */
static int
ev_page(void *ctx, const char *id, const char *truth, const pith_doc *doc,
        const char *why)
{
	ev_run *run = ctx;
	size_t d = run->nd, tlen = strlen(truth);
	char *copy;

	/* The id goes into ids[d] only with the page's scores, so that a
	 * failure leaves no freed pointer behind. */
	if (!ev_grow(&run->ids, &run->cap, d + 1, sizeof *run->ids) ||
	    (copy = strdup(id)) == NULL) {
		report("out of memory");
		return EXIT_INPUT;
	}
	for (size_t i = 0; i < run->nal; i++) {
		eval_score *s;
		size_t plen = 0;
		char *pred = NULL;
		const char *fail = why;

		if (!ev_grow(&run->al[i].docs, &run->al[i].cap, d + 1,
		    sizeof *run->al[i].docs))
			goto oom;
		s = &run->al[i].docs[d];
		if (doc != NULL)
			pred = eval_extract(doc, run->al[i].name, run->params, &plen, &fail);
		if (eval_score_text(truth, tlen, pred ? pred : "", plen, s) < 0) {
			free(pred);
			goto oom;
		}
		s->fail = fail;
		run->al[i].failures += fail != NULL;
		free(pred);
	}
	run->ids[run->nd++] = copy;
	return 0;
oom:
	free(copy);
	report("out of memory");
	return EXIT_INPUT;
}

static const char eval_usage[] =
"usage: pith eval [--truth TRUTH.json] [--metric lcs|shingle|both]\n"
"                 [-a ALGO|all]... [-p NAME=VALUE]... [--per-doc] DIR\n"
"\n"
"Runs algorithms over the pages in DIR (ID.html, ID.html.gz, or\n"
"NAME/source.html) and scores them against TRUTH.json, which maps each ID\n"
"to {\"articleBody\": text, \"url\": address} (default DIR/truth.json, or\n"
"else each NAME/expected.txt).\n"
"\n"
"      --truth FILE      the ground truth\n"
"      --metric M        shingle (ScrapingHub benchmark), lcs (CleanEval\n"
"                        words) or both (default)\n"
"  -a, --algorithm ALGO  an algorithm, repeatable; all: every one but\n"
"                        template (default: the default algorithm)\n"
"  -p, --param N=V       set an algorithm parameter\n"
"      --per-doc         also print each document's scores\n"
"  -h, --help            show this help and exit\n";

const cmd_entry cmd_eval_entry = { "eval", eval_main, eval_usage, "eval: " };

static int
ev_usage(const char *fmt, const char *arg)
{
	return cmd_usage(&cmd_eval_entry, fmt, arg);
}

/* What the command line asks for. */
typedef struct {
	const char *truth_path;
	const char **names;
	size_t nnames, capnames;
	unsigned metrics;
	bool per_doc, all;
	pith_params *params;
} ev_args;

/* Add an algorithm's name; false when out of memory (said). */
static bool
ev_add_name(ev_args *a, const char *name)
{
	if (!ev_grow(&a->names, &a->capnames, a->nnames + 1, sizeof *a->names)) {
		report("out of memory");
		return false;
	}
	a->names[a->nnames++] = name;
	return true;
}

/* Read the options into a; -1 to go on, else the exit status. */
static int
ev_parse(int argc, char **argv, ev_args *a)
{
	static const struct option longopts[] = {
		{ "truth", required_argument, NULL, 'T' },
		{ "metric", required_argument, NULL, 'm' },
		{ "algorithm", required_argument, NULL, 'a' },
		{ "param", required_argument, NULL, 'p' },
		{ "per-doc", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	pith_error err = {0};
	int ch, st;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":a:p:h", longopts, NULL)) != -1) {
		if ((st = cmd_option(&cmd_eval_entry, ch, argv)) >= 0)
			return st;
		switch (ch) {
		case 'T':
			a->truth_path = optarg;
			break;
		case 'm':
			if (strcmp(optarg, "shingle") == 0)
				a->metrics = EV_SHINGLE;
			else if (strcmp(optarg, "lcs") == 0)
				a->metrics = EV_LCS;
			else if (strcmp(optarg, "both") == 0)
				a->metrics = EV_SHINGLE | EV_LCS;
			else
				return ev_usage("unknown metric '%s'", optarg);
			break;
		case 'a':
			if (strcmp(optarg, "all") == 0)
				a->all = true;
			else if (pith_algorithm_find(optarg) == NULL)
				return ev_usage("unknown algorithm '%s'", optarg);
			else if (!ev_add_name(a, optarg))
				return EXIT_INPUT;
			break;
		case 'p':
			if (pith_params_assign(a->params, optarg, &err) != PITH_OK)
				return ev_usage("%s", err.msg);
			break;
		case 'D':
			a->per_doc = true;
			break;
		}
	}
	if (optind + 1 != argc)
		return ev_usage("%s", optind >= argc ? "no corpus folder given" :
		    "one corpus folder at a time");
	if (a->all) {
		/* A template belongs to one site; it has no place in "all". */
		a->nnames = 0;
		for (size_t i = 0; i < pith_algorithm_count(); i++)
			if (strcmp(pith_algorithm_at(i)->name, "template") != 0 &&
			    !ev_add_name(a, pith_algorithm_at(i)->name))
				return EXIT_INPUT;
	} else if (a->nnames == 0 && !ev_add_name(a, pith_algorithm_at(0)->name)) {
		return EXIT_INPUT;
	}
	return -1;
}

/* Score the algorithms a names on the corpus in dir and print the table. */
static int
ev_main(const ev_args *a, const char *dir)
{
	ev_run run = { .params = a->params };
	size_t nd = 0;
	int status = EXIT_INPUT;

	if ((run.al = calloc(a->nnames, sizeof *run.al)) == NULL) {
		report("out of memory");
		goto out;
	}
	run.nal = a->nnames;
	for (size_t i = 0; i < a->nnames; i++)
		run.al[i].name = a->names[i];
	if ((status = eval_corpus(dir, a->truth_path, ev_page, &run, &nd)) != 0)
		goto out;
	ev_print(&run, a->metrics, a->per_doc);
	status = fflush(stdout) == 0 ? 0 : EXIT_INPUT;
out:
	for (size_t i = 0; run.al != NULL && i < run.nal; i++)
		free(run.al[i].docs);
	for (size_t i = 0; i < run.nd; i++)
		free(run.ids[i]);
	free(run.ids);
	free(run.al);
	return status;
}

int
eval_main(int argc, char **argv)
{
	ev_args args = { .metrics = EV_SHINGLE | EV_LCS };
	int status;

	if ((args.params = pith_params_new()) == NULL) {
		report("out of memory");
		return EXIT_INPUT;
	}
	status = ev_parse(argc, argv, &args);
	if (status < 0)
		status = ev_main(&args, argv[optind]);
	free(args.names);
	pith_params_free(args.params);
	return status;
}
