/*
 * features.c - a document as the 37 numbers of the seeds' hybrids
 * (ALGORITHMS.md section 8): what a classifier choosing a method per
 * page, or keeping segments, would read.  `pith train` measures such a
 * classifier against the single methods.
 */
#include <stdlib.h>
#include <string.h>
#include <gumbo.h>
#include "internal.h"

enum { NF = PITH_NFEATURES };

/* Structural tags counted (the seed's list), sorted for bsearch. */
static const char *const tags[] = {
	"blockquote", "br", "caption", "cite", "code", "col", "colgroup", "div",
	"dl", "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
	"iframe", "object", "ol", "p", "samp", "span", "table", "ul",
};
enum { NTAGS = sizeof tags / sizeof tags[0], TAG0 = NF - NTAGS };

static const char *const names[TAG0] = {
	"size<100B", "size<1kB", "size<10kB", "size<100kB", "size<1MB", "size>=1MB",
	"tag-ratio", "link-ratio", "block-mean/longest", "block-median/longest",
	"block-longest/sum",
};

const char *
pith_feature_name(size_t i)
{
	return i < TAG0 ? names[i] : i < NF ? tags[i - TAG0] : NULL;
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
size_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* The bytes of node i's element in the parsed input, start tag to end
 * tag; 0 when gumbo has no end position for it (an implied end). */
static size_t
node_bytes(const pith_doc *d, size_t i)
{
	const GumboNode *g = d->gnodes[i];
	const GumboElement *el = &g->v.element;

	if (g->type != GUMBO_NODE_ELEMENT || el->end_pos.offset <= el->start_pos.offset)
		return 0;
	return el->end_pos.offset - el->start_pos.offset + el->original_end_tag.length;
}

pith_code
pith_doc_features(const pith_doc *d, size_t node, double f[PITH_NFEATURES],
                  pith_error *err)
{
	static const double bounds[] = { 100, 1e3, 1e4, 1e5, 1e6 };
	size_t text = 0, links = 0, longest = 0, sum = 0, n = 0, *len;
	size_t bucket = 0, first = 0, end = d->nnodes, bytes = d->bytes;

	memset(f, 0, NF * sizeof *f);
	if (node != PITH_NONE) {
		if (node >= d->nnodes)
			return err_set(err, PITH_EINVAL, "no node %zu", node);
		first = node;
		end = d->nodes[node].end;
		bytes = node_bytes(d, node);
	}
	if ((len = malloc((d->nblocks + 1) * sizeof *len)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	for (size_t i = 0; i < d->nblocks; i++) {
		const pith_block *b = &d->blocks[i];
		size_t l;

		if (b->node < first || b->node >= end)
			continue;
		l = block_link_len(b);
		text += b->len;
		links += l;
		/* Text blocks without their link text: the seed's measure. */
		if (b->kind == PITH_BLOCK_IMAGE || b->kind == PITH_BLOCK_RULE ||
		    b->len <= l)
			continue;
		len[n++] = b->len - l;
		sum += b->len - l;
		if (b->len - l > longest)
			longest = b->len - l;
	}
	/* An element whose end gumbo implied: at least its text. */
	if (bytes < text)
		bytes = text;
	while (bucket < 5 && (double)bytes >= bounds[bucket])
		bucket++;
	f[bucket] = 1;
	f[6] = bytes > 0 ? 1 - (double)text / (double)bytes : 0;
	f[7] = text > 0 ? (double)links / (double)text : 0;
	if (n > 0) {
		qsort(len, n, sizeof *len, size_cmp);
		f[8] = (double)sum / (double)n / (double)longest;
		f[9] = (double)(n % 2 ? len[n / 2] : (len[n / 2 - 1] + len[n / 2]) / 2) /
		    (double)longest;
		f[10] = (double)longest / (double)sum;
	}
	free(len);
	for (size_t i = first; i < end; i++) {
		const char *t = d->nodes[i].tag;
		const char *const *hit = bsearch(&t, tags, NTAGS, sizeof *tags, str_cmp);

		if (hit != NULL)
			f[TAG0 + (size_t)(hit - tags)] += 1;
	}
	for (size_t i = TAG0; end > first && i < NF; i++)
		f[i] /= (double)(end - first);
	return PITH_OK;
}
