/*
 * fuzz_core.c - libFuzzer: the input is a page.  It goes through the
 * parser and every algorithm in the registry; then, for one algorithm's
 * article chosen by the input, every output the program has (text and
 * Markdown from the core, the -d formats text, Markdown and JSON), and
 * for another --explain and the reader's layout or its debug overlay.
 *
 * Beyond "no crash, no leak, no undefined behaviour" it checks what is
 * promised: the core's text is UTF-8 (pith.h), the dumps carry no C0/C1
 * control (ESC included) but newline and tab, the JSON parses back, and
 * the reader's layout holds only safe text (layout.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include <unistr.h>
#include "pith.h"
#include "output.h"
#include "pith_debug.h"
#include "explain.h"
#include "layout.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Something every page has a chance of matching, so "template" runs. */
static const char template_text[] =
	"article\nmain\nclass=content\nid=main\nitemprop=articleBody\n";
static pith_template *tmpl;

static void
fail(const char *what, const char *s, size_t n)
{
	fprintf(stderr, "fuzz_core: %s\n", what);
	if (s != NULL) {
		fprintf(stderr, "  in %zu bytes: ", n);
		for (size_t i = 0; i < n && i < 200; i++)
			fprintf(stderr, (unsigned char)s[i] < 0x20 ||
			    (unsigned char)s[i] >= 0x7f ? "\\x%02x" : "%c",
			    (unsigned char)s[i]);
		fputc('\n', stderr);
	}
	abort();
}

static void
check_utf8(const char *what, const char *s, size_t n)
{
	if (s != NULL && u8_check((const uint8_t *)s, n) != NULL)
		fail(what, s, n);
}

/* C0 (but the two allowed), DEL and C1: what a terminal acts on. */
static int
control(ucs4_t c, const char *allowed)
{
	if (c < 0x20)
		return c == 0 || strchr(allowed, (int)c) == NULL;
	return c >= 0x7f && c < 0xa0;
}

/* The overrides, embeddings and isolates that reorder a line. */
static int
bidi(ucs4_t c)
{
	return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/* No control code point; raw bytes 0x80..0x9f (C1 to an 8-bit
 * terminal) count as controls when they are not part of a character. */
static void
check_clean(const char *what, const char *s, size_t n, const char *allowed,
            int no_bidi)
{
	const uint8_t *u = (const uint8_t *)s;

	for (size_t i = 0; i < n; ) {
		ucs4_t c;
		int k = u8_mbtoucr(&c, u + i, n - i);

		if (k < 0) {
			c = u[i];
			k = 1;
		}
		if (control(c, allowed) || (no_bidi && bidi(c)))
			fail(what, s + i, n - i < 16 ? n - i : 16);
		i += (size_t)k;
	}
}

/* Run out() into memory and hand back what it wrote (NUL-terminated). */
typedef int (*writer)(const pith_article *, int, FILE *);

static char *
capture(const pith_article *a, int arg, writer w, size_t *n)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, n);

	if (f == NULL)
		abort();
	w(a, arg, f);
	if (fclose(f) != 0)
		abort();
	return buf;
}

static int
dump_text(const pith_article *a, int width, FILE *f)
{
	diag d = {0};

	return output_write(a, FORMAT_TEXT, width, PITH_TEXT_CAPTIONS, f, &d);
}

static int
dump_markdown(const pith_article *a, int width, FILE *f)
{
	diag d = {0};

	return output_write(a, FORMAT_MARKDOWN, width, 0, f, &d);
}

static int
dump_json(const pith_article *a, int width, FILE *f)
{
	diag d = {0};

	return output_write(a, FORMAT_JSON, width, 0, f, &d);
}

static void
check_json(const char *s, size_t n)
{
	json_error_t jerr;
	json_t *o = json_loadb(s, n, 0, &jerr), *v;
	const char *key;

	if (o == NULL || !json_is_object(o))
		fail("the JSON dump does not parse back", s, n);
	if (!json_is_string(json_object_get(o, "text")))
		fail("the JSON dump has no text", s, n);
	/* Escapes decoded: the strings themselves must be clean. */
	json_object_foreach(o, key, v) {
		if (json_is_string(v))
			check_clean(key, json_string_value(v),
			    json_string_length(v), "\n\t", 0);
	}
	json_decref(o);
}

static void
check_layout(const pith_article *a, int width, int overlay)
{
	layout l = {0};
	layout_options o = { .width = width + 17, .overlay = !overlay, .numbers = 1 };

	/* Laid out first as the other view at another width: the checked
	 * layout reuses (and trims) its arrays, as the reader's resize does. */
	layout_article(&l, a, &o);
	o.width = width;
	o.overlay = overlay;
	if (layout_article(&l, a, &o) == 0) {
		for (size_t i = 0; i < l.nsegs; i++) {
			const layout_seg *g = &l.segs[i];

			if (g->off > l.ntext || g->len > l.ntext - g->off)
				fail("layout segment outside its text", NULL, 0);
			check_utf8("layout text is not UTF-8", l.text + g->off,
			    g->len);
			check_clean("layout text not safe to show",
			    l.text + g->off, g->len, "", 1);
		}
		for (size_t i = 0; i < l.nlines; i++)
			if (l.lines[i].seg > l.nsegs ||
			    l.lines[i].nseg > l.nsegs - l.lines[i].seg)
				fail("layout line outside its segments", NULL, 0);
		for (size_t i = 0; i < l.nlinks; i++)
			if (l.links[i].href != NULL)
				check_clean("link URL not safe to show",
				    l.links[i].href, strlen(l.links[i].href), "", 0);
		if (!overlay) {
			layout_hit *hits = NULL;
			size_t nhits, nmatch;

			layout_search(&l, "the", &hits, &nhits, &nmatch);
			free(hits);
		}
	}
	layout_free(&l);
}

static void
outputs(const pith_article *a, int width)
{
	pith_error err = {0};
	char *s;
	size_t n;

	if (pith_article_text(a, 0, &s, &n, &err) == PITH_OK) {
		check_utf8("article text is not UTF-8", s, n);
		free(s);
	}
	if (pith_article_text(a, PITH_TEXT_CAPTIONS, &s, &n, &err) == PITH_OK) {
		check_utf8("article text (captions) is not UTF-8", s, n);
		free(s);
	}
	if (pith_article_markdown(a, &s, &n, &err) == PITH_OK) {
		check_utf8("article Markdown is not UTF-8", s, n);
		free(s);
	}

	s = capture(a, width, dump_text, &n);
	check_clean("control in the text dump", s, n, "\n\t", 0);
	free(s);
	s = capture(a, width, dump_markdown, &n);
	check_clean("control in the Markdown dump", s, n, "\n\t", 0);
	free(s);
	s = capture(a, width, dump_json, &n);
	check_json(s, n);
	free(s);
}

static int
explain_blocks(const pith_article *a, int width, FILE *f)
{
	return explain_print(a, 0, width, f);
}

static int
explain_tokens(const pith_article *a, int width, FILE *f)
{
	return explain_print(a, 1, width, f);
}

/* The reader and --explain: costly, so one algorithm per input, and
 * the article's layout or the debug overlay's as the input says. */
static void
views(const pith_article *a, int width, int overlay)
{
	char *s;
	size_t n;

	/* The overlay's inputs take its token level too. */
	s = capture(a, width, overlay ? explain_tokens : explain_blocks, &n);
	check_utf8("--explain is not UTF-8", s, n);
	free(s);
	check_layout(a, width > 0 ? width : 60, overlay);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	pith_error err = {0};

	(void)argc;
	(void)argv;
	if (pith_template_parse(template_text, sizeof template_text - 1, &tmpl,
	    &err) != PITH_OK) {
		fprintf(stderr, "fuzz_core: template: %s\n", err.msg);
		abort();
	}
	return 0;
}

/* A number drawn from the input, to choose what one input checks.  Not
 * its size alone: under -max_len most inputs grow to the same size. */
static uint32_t
input_hash(const uint8_t *d, size_t n)
{
	uint32_t h = 2166136261u ^ (uint32_t)n;

	for (size_t i = 0; i < n && i < 64; i++)
		h = (h ^ d[i]) * 16777619u;
	for (size_t i = n > 64 ? n - 64 : n; i < n; i++)
		h = (h ^ d[i]) * 16777619u;
	return h;
}

/* The first algorithm at or after `from` (cyclically) that found an
 * article, or na. */
static size_t
pick(pith_code *rc, size_t na, size_t from)
{
	for (size_t k = 0; k < na; k++)
		if (rc[(from + k) % na] == PITH_OK)
			return (from + k) % na;
	return na;
}

enum { MAX_ALGORITHMS = 32 };

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pith_parse_options po = { .url = "https://example.org/dir/page.html" };
	pith_params *params;
	pith_doc *doc = NULL;
	pith_error err = {0};
	const pith_meta *m;
	uint32_t h = input_hash(data, size);
	/* Some width from the input, narrow ones included. */
	int width = h % 3 == 0 ? 0 : 8 + (int)(h / 3 % 113);
	size_t na = pith_algorithm_count(), o, v;
	pith_article *arts[MAX_ALGORITHMS] = {0};
	pith_code rcs[MAX_ALGORITHMS];

	if (na == 0 || na > MAX_ALGORITHMS)
		abort();
	if (pith_doc_parse((const char *)data, size, &po, &doc, &err) != PITH_OK)
		return 0;
	m = pith_doc_meta(doc);
	check_utf8("title is not UTF-8", m->title, m->title ? strlen(m->title) : 0);
	check_utf8("byline is not UTF-8", m->byline,
	    m->byline ? strlen(m->byline) : 0);
	for (size_t b = 0; b < pith_doc_nblocks(doc); b++) {
		const pith_block *bl = pith_doc_block(doc, b);

		check_utf8("block text is not UTF-8", bl->text, bl->len);
	}

	/* Every algorithm extracts: each has code of its own. */
	if ((params = pith_params_new()) == NULL)
		abort();
	pith_params_set_template(params, tmpl);
	for (size_t i = 0; i < na; i++) {
		pith_article *a = NULL;

		rcs[i] = pith_extract(doc, pith_algorithm_at(i)->name, params, &a,
		    &err);
		if (a != NULL) {
			/* The explanation API, as the overlay reads it. */
			size_t first, last;

			pith_article_note(a);
			pith_article_token_span(a, &first, &last);
			for (size_t b = 0; b < pith_doc_nblocks(doc); b++) {
				pith_article_block_kept(a, b);
				pith_article_block_reason(a, b);
			}
		} else if (rcs[i] == PITH_OK) {
			fail("an algorithm succeeded without an article", NULL, 0);
		}
		arts[i] = a;
	}
	/* The outputs and views are the same code whatever the algorithm,
	 * and cost several times an extraction: one algorithm's article
	 * each, chosen by the input, so that over many inputs every kind
	 * of article (whole blocks, clipped token spans) goes through them. */
	/* Out of time, an algorithm stops wherever it is and leaves no
	 * article, only the error. */
	{
		pith_article *a = NULL;
		size_t i = (h >> 20) % na;

		pith_params_set_time_limit(params, 1e-9);
		if (pith_extract(doc, pith_algorithm_at(i)->name, params, &a,
		    &err) == PITH_ELIMIT && (a != NULL ||
		    strcmp(err.msg, "time limit of 1e-09 s exceeded") != 0))
			fail("a time limit exceeded left an article or no message",
			    err.msg, strlen(err.msg));
		pith_article_free(a);
	}
	pith_params_free(params);
	if ((o = pick(rcs, na, h % na)) < na)
		outputs(arts[o], width);
	if ((v = pick(rcs, na, h / na % na)) < na)
		views(arts[v], width, h >> 16 & 1);
	for (size_t i = 0; i < na; i++)
		pith_article_free(arts[i]);
	pith_doc_free(doc);
	return 0;
}
