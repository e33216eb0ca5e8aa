/*
 * overlay.c - the rows that explain an extraction; see overlay.h.
 */
#include "overlay.h"
#include "pith_debug.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int kept_states(overlay *o);

int
overlay_init(overlay *o, const pith_article *a, int ascii)
{
	const pith_doc *d = pith_article_doc(a);
	size_t nb = pith_doc_nblocks(d), nt = pith_doc_ntokens(d), first, last;
	const pith_token *t = pith_doc_tokens(d);
	const double *running = pith_article_running(a);
	const double *score = pith_article_block_scores(a);

	memset(o, 0, sizeof *o);
	o->a = a;
	o->ascii = ascii;
	o->fb = o->lb = PITH_NONE;
	if ((o->run = malloc((nb ? nb : 1) * sizeof *o->run)) == NULL ||
	    kept_states(o) != 0) {
		overlay_free(o);
		return -1;
	}
	for (size_t b = 0; b < nb; b++)
		o->run[b] = NAN;
	if (running != NULL) {
		o->has_run = 1;
		for (size_t i = 0; i < nt; i++) {
			if (t[i].block != PITH_NONE && t[i].block < nb)
				o->run[t[i].block] = running[i];
			if (running[i] > o->max_run)
				o->max_run = running[i];
		}
	}
	for (size_t b = 0; score != NULL && b < nb; b++) {
		if (isfinite(score[b]) && fabs(score[b]) > o->max_score)
			o->max_score = fabs(score[b]);
		if (isfinite(score[b]) && score[b] > o->max_pos)
			o->max_pos = score[b];
	}
	if (pith_article_token_span(a, &first, &last) && first < nt && last < nt) {
		o->fb = t[first].block;
		o->lb = t[last].block;
	}
	return 0;
}

void
overlay_free(overlay *o)
{
	free(o->run);
	free(o->kept);
	o->run = NULL;
	o->kept = NULL;
}

const char *
overlay_kind(const pith_block *blk, char buf[8])
{
	switch (blk->kind) {
	case PITH_BLOCK_HEADING:
		snprintf(buf, 8, "h%d", blk->level >= 1 && blk->level <= 6 ? blk->level : 1);
		return buf;
	case PITH_BLOCK_ITEM: return "li";
	case PITH_BLOCK_PRE: return "pre";
	case PITH_BLOCK_ROW: return "tr";
	case PITH_BLOCK_CAPTION: return "cap";
	case PITH_BLOCK_RULE: return "hr";
	case PITH_BLOCK_IMAGE: return "img";
	case PITH_BLOCK_PARA: break;
	}
	return "p";
}

/* Non-space bytes of s[0..n): what "all of a block" means. */
static size_t
visible(const char *s, size_t n)
{
	size_t v = 0;

	for (size_t i = 0; i < n; i++)
		v += s[i] != ' ' && s[i] != '\n';
	return v;
}

/* Whether each block is kept whole (1), in part (2) or not at all (0);
 * one pass over the spans, so huge pages stay linear. */
static int
kept_states(overlay *o)
{
	const pith_doc *d = pith_article_doc(o->a);
	const pith_span *sp = pith_article_spans(o->a);
	size_t nb = pith_doc_nblocks(d), *covered;

	if ((o->kept = calloc(nb ? nb : 1, 1)) == NULL ||
	    (covered = calloc(nb ? nb : 1, sizeof *covered)) == NULL)
		return -1;
	for (size_t i = 0; i < pith_article_nspans(o->a); i++) {
		const pith_block *blk;

		if (sp[i].block >= nb)
			continue;
		blk = pith_doc_block(d, sp[i].block);
		if (sp[i].start < sp[i].end && sp[i].end <= blk->len)
			covered[sp[i].block] += visible(blk->text + sp[i].start,
			    sp[i].end - sp[i].start);
	}
	for (size_t b = 0; b < nb; b++) {
		const pith_block *blk = pith_doc_block(d, b);

		if (pith_article_block_kept(o->a, b))
			o->kept[b] = covered[b] < visible(blk->text, blk->len) ? 2 : 1;
	}
	free(covered);
	return 0;
}

/* Eight cells of bar for v of scale, in eighths of a cell. */
static void
bar(char *out, size_t size, double v, double scale, int ascii)
{
	static const char *const eighth[8] = {
		"", "\xe2\x96\x8f", "\xe2\x96\x8e", "\xe2\x96\x8d", "\xe2\x96\x8c",
		"\xe2\x96\x8b", "\xe2\x96\x8a", "\xe2\x96\x89"
	};
	size_t k = 0;
	int cells = 0, n;

	out[0] = '\0';
	if (isfinite(v) && scale > 0 && v > 0) {
		double f = v / scale;

		n = (int)lround((f > 1 ? 1 : f) * (ascii ? 8 : 64));
		if (n == 0)
			n = 1;  /* anything above zero shows */
		if (ascii) {
			for (; cells < n; cells++)
				out[k++] = '#';
		} else {
			for (; n >= 8; n -= 8, cells++) {
				memcpy(out + k, "\xe2\x96\x88", 3);
				k += 3;
			}
			if (n > 0) {
				memcpy(out + k, eighth[n], 3);
				k += 3;
				cells++;
			}
		}
	}
	for (; cells < 8 && k + 1 < size; cells++)
		out[k++] = ' ';
	out[k] = '\0';
}

theme_elem
overlay_heat(double v, double scale)
{
	double f;

	if (!isfinite(v) || scale <= 0)
		return TH_HEAT3;
	f = v / scale;
	return f <= -0.5 ? TH_HEAT1 : f < -0.02 ? TH_HEAT2 : f <= 0.02 ? TH_HEAT3 :
	    f < 0.5 ? TH_HEAT4 : TH_HEAT5;
}

static const char *
mark(const overlay *o, size_t b, int first_line)
{
	static const char *const uni[] = {
		" ", "\xe2\x94\x8f", "\xe2\x94\x83", "\xe2\x94\x97", "\xe2\x96\xa0"
	};
	static const char *const asc[] = { " ", "[", "|", "]", "=" };
	const char *const *m = o->ascii ? asc : uni;

	if (o->fb == PITH_NONE || b < o->fb || b > o->lb)
		return m[0];
	if (!first_line)
		return b < o->lb ? m[2] : m[0];
	if (b == o->fb && b == o->lb)
		return m[4];
	return b == o->fb ? m[1] : b == o->lb ? m[3] : m[2];
}

/* Append one piece of the gutter. */
static void
piece(overlay_row *r, int i, size_t *k, theme_elem elem, const char *s)
{
	size_t n = strlen(s);

	if (*k + n >= sizeof r->text)
		n = sizeof r->text - 1 - *k;
	memcpy(r->text + *k, s, n);
	*k += n;
	r->text[*k] = '\0';
	r->piece[i].len = n;
	r->piece[i].elem = elem;
}

void
overlay_row_block(const overlay *o, size_t b, overlay_row *r)
{
	const pith_doc *d = pith_article_doc(o->a);
	const pith_block *blk = pith_doc_block(d, b);
	const double *score = pith_article_block_scores(o->a);
	double s = score != NULL ? score[b] : NAN;
	char num[16], kind[8], head[32], sc[32], br[64], mk[16];
	size_t k = 0;

	memset(r, 0, sizeof *r);
	r->kept = o->kept[b];
	r->reason = pith_article_block_reason(o->a, b);
	/* Five columns of block number: the last digits when it is huge. */
	snprintf(num, sizeof num, "%5zu", b % 100000);
	snprintf(head, sizeof head, "%s %c%-3s ", num,
	    r->kept == 1 ? '+' : r->kept == 2 ? '~' : '-', overlay_kind(blk, kind));
	if (score == NULL)
		snprintf(sc, sizeof sc, "%8s", "");
	else if (!isfinite(s))
		snprintf(sc, sizeof sc, "%8s", "?");
	else if (fabs(s) < 1e6)
		snprintf(sc, sizeof sc, "%+8.1f", s);
	else
		snprintf(sc, sizeof sc, "%+8.1e", s);
	if (strlen(sc) > 8)
		snprintf(sc, sizeof sc, "%8s", s < 0 ? "-big" : "+big");
	if (o->has_run)
		bar(br, sizeof br, o->run[b], o->max_run, o->ascii);
	else
		bar(br, sizeof br, s, o->max_pos, o->ascii);
	snprintf(mk, sizeof mk, " %s ", mark(o, b, 1));
	piece(r, 0, &k, TH_GUTTER, head);
	piece(r, 1, &k, overlay_heat(s, o->max_score), sc);
	piece(r, 2, &k, TH_GUTTER, " ");
	piece(r, 3, &k, o->has_run ? overlay_heat(o->run[b], o->max_run) :
	    overlay_heat(s, o->max_score), br);
	piece(r, 4, &k, TH_MARK, mk);
}

void
overlay_row_cont(const overlay *o, size_t b, overlay_row *r)
{
	char mk[16], blank[32];
	size_t k = 0;

	memset(r, 0, sizeof *r);
	memset(blank, ' ', OVERLAY_GUTTER - 3);
	blank[OVERLAY_GUTTER - 3] = '\0';
	snprintf(mk, sizeof mk, " %s ", b == PITH_NONE ? " " : mark(o, b, 0));
	piece(r, 0, &k, TH_GUTTER, blank);
	for (int i = 1; i < 4; i++)
		piece(r, i, &k, TH_GUTTER, "");
	piece(r, 4, &k, TH_MARK, mk);
}

void
overlay_summary(const overlay *o, char *buf, size_t size)
{
	const pith_doc *d = pith_article_doc(o->a);
	size_t nb = pith_doc_nblocks(d), kept = 0, first, last;

	for (size_t b = 0; b < nb; b++)
		kept += pith_article_block_kept(o->a, b) != 0;
	if (pith_article_token_span(o->a, &first, &last))
		snprintf(buf, size, "%s: kept tokens %zu..%zu of %zu (blocks %zu..%zu), "
		    "%zu of %zu blocks; best sum %.1f", pith_article_algorithm(o->a),
		    first, last, pith_doc_ntokens(d), o->fb, o->lb, kept, nb, o->max_run);
	else
		snprintf(buf, size, "%s: kept %zu of %zu blocks",
		    pith_article_algorithm(o->a), kept, nb);
	/* How the algorithm decided, when it says (auto names the method
	 * it used). */
	if (pith_article_note(o->a) != NULL) {
		size_t n = strlen(buf);

		if (n + 3 < size)
			snprintf(buf + n, size - n, " (%s)", pith_article_note(o->a));
	}
}

const char *
overlay_header(void)
{
	/* Aligned with overlay_row_block: 5+1, 4+1, 8+1, 8+1, 3. */
	return "block kind    score running    text";
}
