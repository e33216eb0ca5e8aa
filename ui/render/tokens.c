/*
 * tokens.c - the overlay's token level; see tokens.h.
 */
#include "tokens.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "overlay.h"
#include "pith_debug.h"
#include "wrap.h"

/* One token (or mark) as shown. */
typedef struct {
	size_t off, len;       /* bytes of the view's text buffer */
	int width;
	unsigned elem, attr;
	double run;            /* the running sum at it, or NAN */
	int space;             /* a space goes before it */
	int mark;              /* a span's start or end */
} item;

typedef struct {
	tokens_view *v;
	const pith_article *a;
	const pith_doc *d;
	int width, ascii;
	char *text;            /* the items' bytes */
	size_t ntext, captext;
	item *items;
	size_t nitems, capitems;
	size_t *marks;
	size_t capmarks;
	double max_abs;        /* the largest |token score| */
	double max_run;        /* the largest running sum */
	int oom;
} builder;

/* Add an item of page text (made safe) or decoration. */
static void
push(builder *bd, const char *s, size_t n, unsigned elem, unsigned attr,
     double run, int space, int mark)
{
	size_t k;

	if (bd->oom || array_grow(&bd->items, &bd->capitems, bd->nitems + 1, sizeof *bd->items) != 0 ||
	    array_grow(&bd->text, &bd->captext, bd->ntext + 3 * n + 1, 1) != 0) {
		bd->oom = 1;
		return;
	}
	k = layout_clean(s, n, bd->ascii, bd->text + bd->ntext, 3 * n + 1);
	bd->items[bd->nitems++] = (item){ bd->ntext, k, wrap_width(bd->text + bd->ntext, k),
	    elem, attr, run, space, mark };
	bd->ntext += k;
}

static void
add_mark(builder *bd)
{
	layout *l = &bd->v->lay;

	if (l->nlines == 0 || array_grow(&bd->marks, &bd->capmarks, bd->v->nmarks + 1,
	    sizeof *bd->marks) != 0) {
		bd->oom |= l->nlines != 0;
		return;
	}
	if (bd->v->nmarks == 0 || bd->marks[bd->v->nmarks - 1] != l->nlines - 1)
		bd->marks[bd->v->nmarks++] = l->nlines - 1;
	bd->v->marks = bd->marks;
}

static void
text(builder *bd, const char *s, unsigned elem, unsigned attr)
{
	if (layout_add_text(&bd->v->lay, s, strlen(s), elem, attr, 0, -1) != 0)
		bd->oom = 1;
}

static void
line(builder *bd, size_t block, unsigned flags)
{
	if (layout_add_line(&bd->v->lay, block, flags) != 0)
		bd->oom = 1;
}

/* Eight levels of sparkline for v of scale; blank at zero. */
static const char *
spark(double v, double scale, int ascii)
{
	static const char *const uni[] = {
		"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
		"\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88"
	};
	static const char *const asc[] = { ".", ":", "-", "=", "+", "*", "#", "@" };
	int i;

	if (!isfinite(v) || v <= 0 || scale <= 0)
		return " ";
	i = (int)ceil(v / scale * 8) - 1;
	i = i < 0 ? 0 : i > 7 ? 7 : i;
	return ascii ? asc[i] : uni[i];
}

/* Lay the items out in lines of the view's width, each followed by its
 * sparkline when there is a running sum. */
static void
flush(builder *bd, size_t block, int has_run, double max_run)
{
	size_t i = 0;

	while (i < bd->nitems && !bd->oom) {
		size_t j = i;
		int w = 0;

		/* The items that fit on this line (one at least). */
		for (; j < bd->nitems; j++) {
			int add = bd->items[j].width + (j > i && bd->items[j].space);

			if (j > i && w + add > bd->width)
				break;
			w += add;
		}
		line(bd, block, 0);
		for (size_t k = i; k < j; k++) {
			const item *it = &bd->items[k];

			if (k > i && it->space)
				text(bd, " ", TH_TEXT, 0);
			if (layout_add_text(&bd->v->lay, bd->text + it->off, it->len, it->elem,
			    it->attr, !it->mark, -1) != 0)
				bd->oom = 1;
			if (it->mark)
				add_mark(bd);
		}
		if (has_run) {
			double last = NAN;

			line(bd, block, 0);
			for (size_t k = i; k < j; k++) {
				const item *it = &bd->items[k];
				double v = isfinite(it->run) ? it->run : last;

				if (k > i && it->space)
					text(bd, spark(last, max_run, bd->ascii),
					    overlay_heat(last, max_run), 0);
				for (int c = 0; c < it->width; c++)
					text(bd, spark(v, max_run, bd->ascii), overlay_heat(v, max_run), 0);
				last = v;
			}
		}
		i = j;
	}
	bd->nitems = bd->ntext = 0;
}

/* A block's heading line. */
static void
heading(builder *bd, size_t b, const char *extra)
{
	const double *score = pith_article_block_scores(bd->a);
	char kind[8], s[256];

	if (b == PITH_NONE) {
		snprintf(s, sizeof s, "after the last block%s", extra);
	} else {
		const pith_block *blk = pith_doc_block(bd->d, b);

		snprintf(s, sizeof s, "block %zu  %s  score %+.1f  %s%s", b,
		    overlay_kind(blk, kind), score != NULL && isfinite(score[b]) ? score[b] : 0.0,
		    pith_article_block_kept(bd->a, b) ? "kept" : "dropped", extra);
	}
	line(bd, b == PITH_NONE ? LAYOUT_NONE : b, LAYOUT_FIRST);
	text(bd, s, TH_GUTTER, 0);
}

/* Whether the text token t is in a span the algorithm kept. */
static int
token_kept(const pith_article *a, const pith_token *t, size_t *span)
{
	const pith_span *sp = pith_article_spans(a);
	size_t n = pith_article_nspans(a);

	/* Spans are in block order: *span follows the tokens along. */
	while (*span < n && (sp[*span].block < t->block ||
	    (sp[*span].block == t->block && sp[*span].end <= t->start)))
		(*span)++;
	return *span < n && sp[*span].block == t->block && sp[*span].start <= t->start &&
	    t->start < sp[*span].end;
}

/* A run of a group's tokens: tokens lo..hi of block b. */
static void
group(builder *bd, size_t lo, size_t hi, size_t b, const unsigned char *kept,
      const uint8_t *end_tag, size_t first, size_t last, int has_span)
{
	const pith_doc *d = bd->d;
	const pith_token *t = pith_doc_tokens(d);
	const double *score = pith_article_token_scores(bd->a);
	const double *run = pith_article_running(bd->a);
	double max_abs = bd->max_abs, max_run = bd->max_run;
	const char *start_mark = bd->ascii ? ">>" : "\xe2\x96\xb6";
	const char *end_mark = bd->ascii ? "<<" : "\xe2\x97\x80";
	char extra[128] = "", buf[96];
	size_t prev_end = 0, prev_block = PITH_NONE;

	for (size_t i = lo; i < hi; i++) {
		size_t n = strlen(extra);

		if (has_span && i == first)
			snprintf(extra + n, sizeof extra - n, "  span starts at token %zu", i);
		else if (!has_span && kept[i] && (i == 0 || !kept[i - 1]) && t[i].kind != PITH_TOKEN_TAG)
			snprintf(extra + n, sizeof extra - n, "  a kept run starts at token %zu", i);
		n = strlen(extra);
		if (has_span && i == last)
			snprintf(extra + n, sizeof extra - n, "  span ends at token %zu", i);
	}
	heading(bd, b, extra);
	for (size_t i = lo; i < hi && !bd->oom; i++) {
		const pith_token *tk = &t[i];
		double s = score != NULL ? score[i] : NAN;
		double r = run != NULL ? run[i] : NAN;
		int in = has_span ? i >= first && i <= last : kept[i];
		int starts = has_span ? i == first : kept[i] && (i == lo || !kept[i - 1]);
		int ends = has_span ? i == last : kept[i] && (i + 1 >= hi || !kept[i + 1]);
		unsigned elem;

		if (starts)
			push(bd, start_mark, strlen(start_mark), TH_MARK, 0, NAN, 1, 1);
		if (tk->kind == PITH_TOKEN_TAG) {
			const pith_node *nd = pith_doc_node(d, tk->node);
			int n;

			n = snprintf(buf, sizeof buf, "%s%s%.40s%s", bd->ascii ? "<" : "\xe2\x80\xb9",
			    end_tag[i] ? "/" : "", nd != NULL ? nd->tag : "?",
			    bd->ascii ? ">" : "\xe2\x80\xba");
			if (score != NULL && n > 0 && (size_t)n < sizeof buf)
				snprintf(buf + n, sizeof buf - (size_t)n, "%.3g", s);
			elem = score != NULL ? overlay_heat(s, max_abs) : in ? TH_GUTTER : TH_DIM;
			push(bd, buf, strlen(buf), elem, 0, r, 1, 0);
		} else {
			const pith_block *blk = pith_doc_block(d, tk->block);
			/* As the page spaces its words: none inside "don't". */
			int space = !(tk->block == prev_block && tk->start == prev_end);

			elem = score != NULL ? (in ? overlay_heat(s, max_abs) : TH_DIM) :
			    in ? TH_TEXT : TH_DIM;
			if (blk != NULL && tk->start + tk->len <= blk->len)
				push(bd, blk->text + tk->start, tk->len, elem,
				    in ? LAYOUT_STRONG * (score == NULL) : 0, r, space, 0);
			prev_block = tk->block;
			prev_end = tk->start + tk->len;
		}
		if (ends)
			push(bd, end_mark, strlen(end_mark), TH_MARK, 0, NAN, 0, 1);
	}
	flush(bd, b == PITH_NONE ? LAYOUT_NONE : b, run != NULL, max_run);
	line(bd, LAYOUT_NONE, 0);
}

/* Where the group of block b that starts at token lo ends, looking up
 * to token to: after its last token inside b, or at lo when none is. */
static size_t
group_end(const pith_token *t, size_t lo, size_t to, size_t b)
{
	size_t end = lo;

	for (size_t j = lo; j < to; j++)
		if (t[j].block == b)
			end = j + 1;
	return end;
}

/* The token stream in groups, a block's each: its leading tags (those
 * open in no block), then every token the block holds. */
static void
token_level(builder *bd)
{
	const pith_doc *d = bd->d;
	const pith_token *t = pith_doc_tokens(d);
	size_t nt = pith_doc_ntokens(d), first = 0, last = 0, lo = 0, span = 0;
	size_t cur = PITH_NONE, nn = pith_doc_nnodes(d);
	int has_span = pith_article_token_span(bd->a, &first, &last);
	const double *score = pith_article_token_scores(bd->a);
	const double *run = pith_article_running(bd->a);
	unsigned char *kept = calloc(nt + 1, 1);
	uint8_t *seen = calloc(nn + 1, 1), *end_tag = calloc(nt + 1, 1);

	if (kept == NULL || seen == NULL || end_tag == NULL || (nt > 0 && t == NULL)) {
		bd->oom = 1;
		goto out;
	}
	for (size_t i = 0; i < nt; i++) {
		if (score != NULL && fabs(score[i]) > bd->max_abs)
			bd->max_abs = fabs(score[i]);
		if (run != NULL && run[i] > bd->max_run)
			bd->max_run = run[i];
		/* A node's first tag opens it, its second closes it. */
		if (t[i].kind == PITH_TOKEN_TAG && t[i].node < nn)
			end_tag[i] = seen[t[i].node]++ > 0;
		if (t[i].kind != PITH_TOKEN_TAG && t[i].block != PITH_NONE)
			kept[i] = (unsigned char)token_kept(bd->a, &t[i], &span);
	}
	/* A tag inside kept text is kept with it. */
	for (size_t i = 1; i < nt; i++)
		if (t[i].kind == PITH_TOKEN_TAG && kept[i - 1]) {
			size_t j = i;

			while (j < nt && t[j].kind == PITH_TOKEN_TAG)
				j++;
			for (; i < j; i++)
				kept[i] = j < nt && kept[j];
		}
	for (size_t i = 0; i < nt && !bd->oom; i++) {
		size_t b = t[i].block;

		if (t[i].kind == PITH_TOKEN_TAG || b == PITH_NONE || b == cur)
			continue;
		/* Text of a new block: the previous group ends at its last
		 * token inside its block, or at the first tag open in none. */
		if (cur != PITH_NONE) {
			size_t end = group_end(t, lo, i, cur);

			group(bd, lo, end, cur, kept, end_tag, first, last, has_span);
			lo = end;
		}
		cur = b;
	}
	if (!bd->oom && cur != PITH_NONE) {
		size_t end = group_end(t, lo, nt, cur);

		group(bd, lo, end, cur, kept, end_tag, first, last, has_span);
		lo = end;
	}
	if (!bd->oom && lo < nt)
		group(bd, lo, nt, PITH_NONE, kept, end_tag, first, last, has_span);
out:
	free(kept);
	free(seen);
	free(end_tag);
}

static void
node_name(const pith_doc *d, size_t n, char *out, size_t size)
{
	const pith_node *nd = pith_doc_node(d, n);
	const char *id = pith_node_attr(d, n, "id"), *cls = pith_node_attr(d, n, "class");
	size_t c0 = 0, cn = 0;

	if (cls != NULL) {
		c0 = strspn(cls, " \t\n\r\f");
		cn = strcspn(cls + c0, " \t\n\r\f");
	}
	snprintf(out, size, "%s%s%.40s%s%.*s", nd->tag, id != NULL && *id ? "#" : "",
	    id != NULL ? id : "", cn > 0 ? "." : "", (int)(cn > 40 ? 40 : cn),
	    cls != NULL ? cls + c0 : "");
}

void
tokens_node_path(const pith_doc *d, size_t n, char *out, size_t size)
{
	enum { DEPTH = 4 };
	size_t chain[DEPTH], k = 0, len = 0;
	char name[160], raw[1024];
	int more = 0;

	raw[0] = '\0';
	for (size_t a = n; a != PITH_NONE && a < pith_doc_nnodes(d);
	    a = pith_doc_node(d, a)->parent) {
		const char *tag = pith_doc_node(d, a)->tag;

		if (strcmp(tag, "body") == 0 || strcmp(tag, "html") == 0)
			break;
		if (k == DEPTH) {
			more = 1;
			break;
		}
		chain[k++] = a;
	}
	if (more)
		len += (size_t)snprintf(raw, sizeof raw, "... > ");
	while (k > 0 && len < sizeof raw) {
		node_name(d, chain[--k], name, sizeof name);
		len += (size_t)snprintf(raw + len, sizeof raw - len, "%s%s", name, k > 0 ? " > " : "");
	}
	if (len == 0)
		snprintf(raw, sizeof raw, "%s", n < pith_doc_nnodes(d) ? pith_doc_node(d, n)->tag : "?");
	layout_clean(raw, strlen(raw), 0, out, size);
}

/* Readability's candidates and the top's siblings. */
static void
evidence(builder *bd)
{
	const pith_candidate *c = pith_article_candidates(bd->a);
	size_t n = pith_article_ncandidates(bd->a);
	static const char *const role[] = { "top     ", "rival   ", "sibling " };
	char path[512], s[256];

	line(bd, LAYOUT_NONE, LAYOUT_FIRST);
	text(bd, "readability: the candidates for the article's container, and the top's "
	    "siblings", TH_HEADING, LAYOUT_STRONG);
	line(bd, LAYOUT_NONE, 0);
	for (size_t i = 0; i < n && !bd->oom; i++) {
		const char *verdict = "";

		tokens_node_path(bd->d, c[i].node, path, sizeof path);
		line(bd, LAYOUT_NONE, 0);
		text(bd, role[c[i].role <= PITH_CAND_SIBLING ? c[i].role : 1],
		    TH_MARK, c[i].role == PITH_CAND_TOP ? LAYOUT_STRONG : 0);
		text(bd, path, c[i].role == PITH_CAND_RIVAL ? TH_DIM : TH_TEXT, 0);
		if (c[i].role == PITH_CAND_TOP || (c[i].role == PITH_CAND_SIBLING && c[i].passed))
			add_mark(bd);
		line(bd, LAYOUT_NONE, 0);
		snprintf(s, sizeof s, "         score %.1f  weight %+d  links %.2f",
		    c[i].score, c[i].weight, c[i].links);
		text(bd, s, TH_GUTTER, 0);
		if (c[i].role == PITH_CAND_SIBLING) {
			snprintf(s, sizeof s, "  threshold %.1f: ", c[i].threshold);
			text(bd, s, TH_GUTTER, 0);
			verdict = c[i].passed ? (c[i].score >= c[i].threshold ? "passed, joined" :
			    "failed, joined as a paragraph") : "failed, left out";
			text(bd, verdict, c[i].passed ? TH_HEAT5 : TH_HEAT1, 0);
		}
	}
	if (n == 0) {
		line(bd, LAYOUT_NONE, 0);
		text(bd, "nothing scored: no paragraph long enough to vote for a container",
		    TH_ERROR, 0);
	}
}

int
tokens_layout(tokens_view *v, const pith_article *a, int width, int ascii)
{
	builder bd = { .v = v, .a = a, .d = pith_article_doc(a), .width = width > 10 ? width : 10,
	    .ascii = ascii };

	memset(v, 0, sizeof *v);
	v->lay.width = bd.width;
	v->evidence = pith_article_ncandidates(a) > 0 ||
	    (pith_article_running(a) == NULL && strcmp(pith_article_algorithm(a), "readability") == 0);
	if (v->evidence)
		evidence(&bd);
	else
		token_level(&bd);
	free(bd.text);
	free(bd.items);
	v->marks = bd.marks;
	if (bd.oom)
		v->lay.oom = 1;
	return v->lay.oom ? -1 : 0;
}

void
tokens_free(tokens_view *v)
{
	layout_free(&v->lay);
	free(v->marks);
	memset(v, 0, sizeof *v);
}

size_t
tokens_mark(const tokens_view *v, size_t from, int dir)
{
	if (v->nmarks == 0)
		return LAYOUT_NONE;
	if (dir > 0) {
		for (size_t i = 0; i < v->nmarks; i++)
			if (v->marks[i] > from)
				return v->marks[i];
		return v->marks[0];
	}
	for (size_t i = v->nmarks; i > 0; i--)
		if (v->marks[i - 1] < from)
			return v->marks[i - 1];
	return v->marks[v->nmarks - 1];
}
