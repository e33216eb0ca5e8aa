/* article.c - running an algorithm, what the article holds, and the
 * reasons the block-keeping methods give. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>
#include "internal.h"

pith_code
article_token_arrays(pith_article *a, pith_error *err)
{
	size_t n = pith_doc_ntokens(a->doc);

	/* Not zeroed: the token methods write every entry (seq_maxspan the
	 * running sums), unless out of time, when nothing of it is used;
	 * zeroing a big page's arrays would be work no budget stops. */
	a->token_score = malloc((n ? n : 1) * sizeof *a->token_score);
	a->running = malloc((n ? n : 1) * sizeof *a->running);
	if (a->token_score == NULL || a->running == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	return PITH_OK;
}

/* A link whose text is an address ("in https://.../pull/12", a note's
 * source): a release note or footnote printing it, where an index's
 * links read as titles. */
static bool
bare_address(const char *t, size_t n)
{
	return (n > 7 && strncmp(t, "http://", 7) == 0) ||
	    (n > 8 && strncmp(t, "https://", 8) == 0);
}

void
article_stats(const pith_article *a, size_t *words, double *link_ratio)
{
	const pith_token *t = NULL;
	size_t nt = 0, k = 0, chars = 0, link = 0;
	bool whole = true;

	/* Whole blocks in order (readability's answers) need only each
	 * block's word count, not the token stream: most pages never
	 * build it. */
	for (size_t i = 0; i < a->nspans && whole; i++) {
		const pith_span *s = &a->spans[i];

		whole = s->start == 0 && s->end == pith_doc_block(a->doc, s->block)->len &&
		    (i == 0 || s->block > s[-1].block);
	}
	if (!whole) {
		t = pith_doc_tokens(a->doc);
		nt = pith_doc_ntokens(a->doc);
	}
	*words = 0;
	for (size_t i = 0; i < a->nspans; i++) {
		const pith_span *s = &a->spans[i];
		const pith_block *b = pith_doc_block(a->doc, s->block);

		if (whole)
			*words += pith_doc_block_words(a->doc, s->block);
		/* Tokens are in block order, so one sweep finds them. */
		while (k < nt && (t[k].block == PITH_NONE || t[k].block < s->block))
			k++;
		for (; k < nt && (t[k].block == PITH_NONE || t[k].block == s->block); k++)
			*words += t[k].kind == PITH_TOKEN_WORD && t[k].start >= s->start &&
			    t[k].start + t[k].len <= s->end;
		for (size_t r = 0; r < b->nruns; r++) {
			size_t rs = b->runs[r].start > s->start ? b->runs[r].start : s->start;
			size_t re = b->runs[r].start + b->runs[r].len < s->end ?
			    b->runs[r].start + b->runs[r].len : s->end;

			if (rs < re && (b->runs[r].style & PITH_STYLE_LINK) &&
			    !bare_address(b->text + b->runs[r].start, b->runs[r].len))
				link += re - rs;
		}
		chars += s->end - s->start;
	}
	*link_ratio = chars ? (double)link / (double)chars : 0;
}

pith_code
article_note(pith_article *a, const char *note, pith_error *err)
{
	if ((a->note = arena_strndup(&a->strings, note, strlen(note))) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	return PITH_OK;
}

const char *
pith_article_note(const pith_article *a)
{
	return a->note;
}

void
article_sum_blocks(pith_article *a)
{
	const pith_token *t;
	size_t nt;

	/* Only token methods have scores: the others need no tokens. */
	if (a->token_score == NULL)
		return;
	t = pith_doc_tokens(a->doc);
	nt = pith_doc_ntokens(a->doc);
	for (size_t i = 0; i < nt; i++)
		if (t[i].block != PITH_NONE)
			a->block_score[t[i].block] += a->token_score[i];
}

pith_code
article_keep_tokens(pith_article *a, size_t first, size_t last,
                    pith_error *err)
{
	const pith_token *t = pith_doc_tokens(a->doc);
	size_t fb = t[first].block, lb = t[last].block;

	a->has_token_span = true;
	a->first = first;
	a->last = last;
	/* Both methods' spans start and end on text, which always has a
	 * block; a tag at either end would only lower the sum. */
	if (fb == PITH_NONE || lb == PITH_NONE || lb < fb)
		return err_set(err, PITH_EINVAL, "token span outside the blocks");
	if ((a->spans = calloc(lb - fb + 1, sizeof *a->spans)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	for (size_t b = fb; b <= lb; b++) {
		pith_span *s = &a->spans[a->nspans++];

		s->block = b;
		s->start = b == fb ? t[first].start : 0;
		s->end = b == lb ? t[last].start + t[last].len :
		    pith_doc_block(a->doc, b)->len;
	}
	return PITH_OK;
}

pith_code
pith_extract(const pith_doc *doc, const char *algorithm,
             const pith_params *params, pith_article **out, pith_error *err)
{
	const algo_entry *alg = algo_find(algorithm ? algorithm :
	    pith_algorithm_at(0)->name);
	pith_params dflt;
	pith_article *a;
	pith_code rc;
	double limit;

	*out = NULL;
	if (alg == NULL)
		return err_set(err, PITH_EINVAL, "unknown algorithm '%s'", algorithm);
	if (params == NULL) {
		params_init(&dflt);
		params = &dflt;
	}
	if ((a = calloc(1, sizeof *a)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	a->doc = doc;
	a->algorithm = alg->pub.name;
	a->block_score = calloc(doc->nblocks ? doc->nblocks : 1, sizeof *a->block_score);
	if (a->block_score == NULL) {
		pith_article_free(a);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	/* 0 is the default, so that a zeroed pith_params has a limit. */
	limit = params->time_limit == 0 ? PITH_TIME_LIMIT : params->time_limit;
	budget_start(&a->time, limit);
	rc = alg->extract(doc, params, a, err);
	/* Out of time, what the algorithm left may be half made: nothing
	 * of it is an answer. */
	if (budget_stop(&a->time) && rc != PITH_ENOMEM) {
		pith_article_free(a);
		return err_set(err, PITH_ELIMIT, "time limit of %g s exceeded", limit);
	}
	article_sum_blocks(a);
	/* a->doc: auto may answer from the page's JSON-LD (doc_ld). */
	if ((a->kept = calloc(a->doc->nblocks ? a->doc->nblocks : 1, 1)) == NULL) {
		pith_article_free(a);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < a->nspans; i++)
		a->kept[a->spans[i].block] = 1;
	if (rc == PITH_OK && a->nspans == 0)
		rc = err_set(err, PITH_ENOARTICLE, "%s: nothing was kept", alg->pub.name);
	if (rc == PITH_ENOARTICLE) {
		/* No article keeps nothing; the scores stay to explain why. */
		free(a->spans);
		a->spans = NULL;
		a->nspans = 0;
	}
	if (rc != PITH_OK && rc != PITH_ENOARTICLE) {
		pith_article_free(a);
		return rc;
	}
	*out = a;
	return rc;
}

void
pith_article_free(pith_article *a)
{
	if (a == NULL)
		return;
	free(a->spans);
	free(a->token_score);
	free(a->running);
	free(a->block_score);
	free(a->kept);
	free(a->reason);
	free(a->cand);
	arena_free(&a->strings);
	free(a);
}

const pith_doc *pith_article_doc(const pith_article *a) { return a->doc; }
const char *pith_article_algorithm(const pith_article *a) { return a->algorithm; }
size_t pith_article_nspans(const pith_article *a) { return a->nspans; }
const pith_span *pith_article_spans(const pith_article *a) { return a->spans; }
const double *pith_article_token_scores(const pith_article *a) { return a->token_score; }
const double *pith_article_running(const pith_article *a) { return a->running; }
const double *pith_article_block_scores(const pith_article *a) { return a->block_score; }
size_t pith_article_ncandidates(const pith_article *a) { return a->ncand; }
const pith_candidate *pith_article_candidates(const pith_article *a) { return a->cand; }

int
pith_article_block_kept(const pith_article *a, size_t i)
{
	return i < a->doc->nblocks && a->kept[i];
}

const char *
pith_article_block_reason(const pith_article *a, size_t i)
{
	return a->reason != NULL && i < a->doc->nblocks ? a->reason[i] : NULL;
}

int
pith_article_token_span(const pith_article *a, size_t *first, size_t *last)
{
	if (!a->has_token_span)
		return 0;
	*first = a->first;
	*last = a->last;
	return 1;
}

/* ---- reasons, shared by the methods that keep whole blocks */

void
reason_node_name(const pith_doc *d, size_t n, char *out, size_t size)
{
	const char *id = pith_node_attr(d, n, "id");
	const char *cls = pith_node_attr(d, n, "class");
	size_t k = 0;

	if (size == 0)
		return;
	if (cls != NULL) {
		cls += strspn(cls, " \t\n\r\f");
		k = strcspn(cls, " \t\n\r\f");
	}
	snprintf(out, size, "%s%s%.40s%s%.*s", pith_doc_node(d, n)->tag,
	    id != NULL && *id ? "#" : "", id != NULL ? id : "",
	    k > 0 ? "." : "", (int)(k < 40 ? k : 40), cls != NULL ? cls : "");
	/* An id may hold anything; a reason is one line of UTF-8, which a
	 * tag of stray bytes or a character cut at 40 bytes is not (found
	 * by fuzz_core: --explain printed them). */
	for (size_t i = 0, len = strlen(out); i < len; ) {
		ucs4_t c;
		int m = u8_mbtoucr(&c, (const uint8_t *)out + i, len - i);

		if (m < 0) {
			out[i++] = '?';
			continue;
		}
		if (c < 0x20)
			out[i] = ' ';
		i += (size_t)m;
	}
}

const char *
reason_format(pith_article *a, const char *fallback, const char *fmt, ...)
{
	char s[192];
	const char *p;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	p = arena_strndup(&a->strings, s, strlen(s));
	return p != NULL ? p : fallback;
}

pith_code
reason_keep_blocks(pith_article *a, const unsigned char *keep, pith_error *err)
{
	size_t nb = pith_doc_nblocks(a->doc), n = 0;

	for (size_t b = 0; b < nb; b++)
		n += keep[b] != 0;
	if (n == 0)
		return PITH_OK;
	if ((a->spans = calloc(n, sizeof *a->spans)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	for (size_t b = 0; b < nb; b++)
		if (keep[b])
			a->spans[a->nspans++] = (pith_span){ b, 0,
			    pith_doc_block(a->doc, b)->len };
	return PITH_OK;
}
