/*
 * explain.c - `pith --explain`: why the algorithm kept what it kept, as
 * text.  The rows come from ui/overlay.c, the same ones the reader's
 * debug overlay shows in its gutter.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "explain.h"
#include "layout.h"
#include "output.h"
#include "overlay.h"
#include "pith_debug.h"
#include "tokens.h"
#include "wrap.h"

enum { DEFAULT_WIDTH = 100, MIN_EXCERPT = 20 };

/* The first line of block b's text in at most cols columns, with an
 * ellipsis when there is more. */
static void
excerpt(const pith_block *blk, int cols, char *out, size_t size)
{
	char *clean;
	size_t n, k = 0;
	wrap_line *wl = NULL;
	size_t nwl = 0;

	out[0] = '\0';
	if (blk->kind == PITH_BLOCK_RULE) {
		snprintf(out, size, "%s", "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80");
		return;
	}
	if ((clean = malloc(blk->len + 1)) == NULL)
		return;
	n = layout_clean(blk->text, blk->len, 0, clean, blk->len + 1);
	while (k < n && clean[k] == ' ')
		k++;
	if (blk->kind == PITH_BLOCK_IMAGE)
		snprintf(out, size, "[image: %.*s]", (int)(n - k), clean + k);
	else if (wrap_lines(clean + k, n - k, cols > 1 ? cols - 1 : 0, &wl, &nwl) == 0 && nwl > 0)
		snprintf(out, size, "%.*s%s", (int)wl[0].len, clean + k + wl[0].start,
		    nwl > 1 ? "\xe2\x80\xa6" : "");
	free(wl);
	free(clean);
}

/* The token level's lines, as text. */
static int
explain_tokens(const pith_article *a, int width, FILE *out)
{
	tokens_view v;
	overlay ov;
	char sum[256];
	size_t size = 65536;
	char *text = malloc(size);
	int rc;

	if (text == NULL || overlay_init(&ov, a, 0) != 0) {
		free(text);
		return -1;
	}
	overlay_summary(&ov, sum, sizeof sum);
	overlay_free(&ov);
	rc = tokens_layout(&v, a, width > 0 ? width : width == 0 ? 1 << 20 : DEFAULT_WIDTH, 0);
	fprintf(out, "%s\n", sum);
	for (size_t i = 0; rc == 0 && i < v.lay.nlines; i++) {
		layout_line_text(&v.lay, i, text, size);
		fprintf(out, "%s\n", text);
	}
	tokens_free(&v);
	free(text);
	return rc;
}

int
explain_print(const pith_article *a, int tokens, int width, FILE *out)
{
	const pith_doc *d = pith_article_doc(a);
	int cols = width > 0 ? width - OVERLAY_GUTTER : width == 0 ? 0 : DEFAULT_WIDTH - OVERLAY_GUTTER;
	size_t size = 65536;
	char *text, sum[256];
	overlay ov;

	if (tokens)
		return explain_tokens(a, width, out);
	if ((text = malloc(size)) == NULL || overlay_init(&ov, a, 0) != 0) {
		free(text);
		return -1;
	}
	if (cols != 0 && cols < MIN_EXCERPT)
		cols = MIN_EXCERPT;
	overlay_summary(&ov, sum, sizeof sum);
	fprintf(out, "%s\n%s\n", sum, overlay_header());
	for (size_t b = 0; b < pith_doc_nblocks(d); b++) {
		overlay_row r;

		overlay_row_block(&ov, b, &r);
		excerpt(pith_doc_block(d, b), cols, text, size);
		fprintf(out, "%s%s\n", r.text, text);
		if (r.reason != NULL) {
			layout_clean(r.reason, strlen(r.reason), 0, text, size);
			overlay_row_cont(&ov, b, &r);
			fprintf(out, "%s\xe2\x86\xb3 %s\n", r.text, text);
		}
	}
	overlay_free(&ov);
	free(text);
	return 0;
}

/* One block's row as data: its text whole, as -f json keeps a page's. */
static json_t *
json_block(const overlay *ov, size_t b)
{
	static const char *const kept[] = { "dropped", "kept", "partly" };
	const pith_block *blk = pith_doc_block(pith_article_doc(ov->a), b);
	const double *score = pith_article_block_scores(ov->a);
	char kind[8], *text;
	overlay_row r;
	json_t *o;

	overlay_row_block(ov, b, &r);
	if ((text = strndup(blk->text, blk->len)) == NULL)
		return NULL;
	o = json_pack("{s:s, s:s, s:o, s:o, s:o}",
	    "kind", overlay_kind(blk, kind),
	    "kept", kept[r.kept >= 0 && r.kept <= 2 ? r.kept : 0],
	    "score", score != NULL && isfinite(score[b]) ? json_real(score[b]) : json_null(),
	    "reason", output_jstr(r.reason),
	    "text", output_jstr(text));
	free(text);
	return o;
}

int
explain_json(const pith_article *a, FILE *out)
{
	const pith_doc *d = pith_article_doc(a);
	json_t *o = NULL, *blocks = NULL;
	char sum[256];
	overlay ov;
	int rc = -1;

	if (overlay_init(&ov, a, 0) != 0)
		return -1;
	overlay_summary(&ov, sum, sizeof sum);
	if ((blocks = json_array()) == NULL)
		goto done;
	for (size_t b = 0; b < pith_doc_nblocks(d); b++)
		if (json_array_append_new(blocks, json_block(&ov, b)) != 0)
			goto done;
	o = json_pack("{s:o, s:o, s:O}", "algorithm", output_jstr(pith_article_algorithm(a)),
	    "summary", output_jstr(sum), "blocks", blocks);
	if (o != NULL && json_dumpf(o, out, JSON_COMPACT | JSON_REAL_PRECISION(6)) == 0 && fputc('\n', out) != EOF)
		rc = 0;
done:
	json_decref(o);
	json_decref(blocks);
	overlay_free(&ov);
	return rc;
}
