/*
 * fuzz_bidi.c - libFuzzer: the first byte says how a line is made (bit
 * 0: right to left, bit 1: shaped, bit 2: its first segment a prefix,
 * bits 3-5: how many segments, the odd ones pith's own words), the rest
 * is the line's text for bidi_line() and bidi_line_text().  Checked: the
 * pieces show every byte of the line's text once, each from the segment
 * that holds it; a right-to-left line is flush right.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bidi.h"
#include "layout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *why)
{
	fprintf(stderr, "fuzz_bidi: %s\n", why);
	abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	layout l = {0};
	bidi_line_view v = {0};
	const layout_line *ln;
	unsigned flags;
	size_t nseg, per, at = 0;
	unsigned char *seen;
	char out[4096];

	if (size < 1 || size > 2048)
		return 0;
	flags = data[0];
	data++;
	size--;
	memset(&l, 0, sizeof l);
	l.width = 80;
	if (layout_add_line(&l, LAYOUT_NONE, (flags & 1) ? LAYOUT_RTL : 0) != 0)
		fail("out of memory");
	nseg = 1 + ((flags >> 3) & 7);
	per = size / nseg + 1;
	for (size_t s = 0; s < nseg && at < size; s++) {
		size_t n = size - at < per ? size - at : per;

		if (layout_add_text(&l, (const char *)data + at, n, TH_TEXT, 0, s % 2 == 0,
		    -1) != 0)
			fail("out of memory");
		at += n;
	}
	if ((flags & 4) && l.lines[0].nseg > 0)
		l.lines[0].fixed = 1;
	ln = &l.lines[0];
	v.shape = (flags & 2) != 0;
	if (bidi_line(&l, 0, &v) != 0)
		fail("bidi_line failed");
	if (v.pad < 0)
		fail("negative padding");
	if (v.n > 0) {
		if ((seen = calloc(l.ntext + 1, 1)) == NULL)
			fail("out of memory");
		for (size_t k = 0; k < v.n; k++) {
			const bidi_piece *p = &v.v[k];
			const layout_seg *sg;

			if (p->seg < ln->seg + ln->gutter || p->seg >= ln->seg + ln->nseg)
				fail("a piece of another line");
			sg = &l.segs[p->seg];
			if (p->off < sg->off || p->off + p->len > sg->off + sg->len)
				fail("a piece outside its segment");
			for (size_t b = p->off; b < p->off + p->len; b++)
				if (seen[b]++)
					fail("a byte shown twice");
		}
		for (size_t s = ln->gutter; s < ln->nseg; s++) {
			const layout_seg *sg = &l.segs[ln->seg + s];

			for (size_t b = sg->off; b < sg->off + sg->len; b++)
				if (!seen[b])
					fail("a byte not shown");
		}
		free(seen);
	}
	bidi_line_text(&l, 0, v.shape, out, sizeof out);
	bidi_line_view_free(&v);
	layout_free(&l);
	return 0;
}
