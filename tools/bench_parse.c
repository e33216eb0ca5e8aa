/*
 * bench_parse.c - where a page's time goes, for tools/bench.py.
 *
 *   bench_parse [-r ROUNDS] [-a ALGO] [-n] PAGE...
 *   bench_parse -G PAGE...
 *   bench_parse -W [-A] PAGE...
 *
 * Each round runs every page through pith's stages in sequence, timed
 * one by one through the public calls a program makes (the core's API
 * has no timing hooks, and needs none): read (the file, gunzipped),
 * charset (charset_decode), parse (pith_doc_parse: guard, gumbo, model),
 * extract (pith_extract), output (text, the -f json object, serialized)
 * and free.  Interleaved with them, gumbo alone parses the same decoded
 * bytes, with default options and with max_errors 0 as pith calls it.
 * The fastest round is printed as "name seconds" lines.  -n leaves gumbo
 * alone out, so a profiler sees only pith's own path.  -G only reads,
 * decodes and has gumbo parse each page, printing nothing: the peak
 * memory of gumbo's tree, for a wrapper such as GNU time to measure.
 * -W is the limit a whole `pith batch -j 1` process is held to: each
 * page read, parsed by gumbo as pith calls it, its tree walked node by
 * node and freed, and nothing else; -A gives gumbo the arena pith gives
 * it, so the two limits show what gumbo's own allocator costs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <gumbo.h>
#include <jansson.h>
#include <zlib.h>
#include "bench.h"
#include "charset.h"
#include "internal.h"
#include "pith.h"
#include "output.h"

enum { S_READ, S_CHARSET, S_PARSE, S_EXTRACT, S_OUTPUT, S_FREE, S_GUMBO,
	S_GUMBO0, S_N };
static const char *const stage_name[S_N] = {
	"read", "charset", "parse", "extract", "output", "free", "gumbo",
	"gumbo_noerrors"
};

static void
gumbo_alone(const char *html, size_t len, int noerrors)
{
	GumboOptions go = kGumboDefaultOptions;
	GumboOutput *g;

	if (noerrors)
		go.max_errors = 0;
	g = gumbo_parse_with_options(&go, html, len);
	gumbo_destroy_output(&go, g);
}

/* Every node of the tree once, as a walk over it visits them: their
 * count, so the compiler keeps the loop. */
static size_t
tree_walk(const GumboNode *root)
{
	const GumboNode *n = root;
	size_t count = 0;

	for (;;) {
		count++;
		if ((n->type == GUMBO_NODE_ELEMENT || n->type == GUMBO_NODE_DOCUMENT) &&
		    n->v.element.children.length > 0) {
			n = n->v.element.children.data[0];
			continue;
		}
		while (n != root && n->index_within_parent + 1 >=
		    n->parent->v.element.children.length)
			n = n->parent;
		if (n == root)
			return count;
		n = n->parent->v.element.children.data[n->index_within_parent + 1];
	}
}

/* -W: read, parse, walk, free each page; with arena, in pith's arena. */
static int
gumbo_limit(char **pages, int n, int with_arena)
{
	size_t nodes = 0;

	for (int i = 0; i < n; i++) {
		GumboOptions go = kGumboDefaultOptions;
		arena a = {0};
		GumboOutput *g;
		size_t len;
		char *html = slurp(pages[i], &len);

		if (html == NULL)
			return 1;
		go.max_errors = 0;
		if (with_arena) {
			go.allocator = arena_gumbo_alloc;
			go.deallocator = arena_gumbo_free;
			go.userdata = &a;
		}
		if ((g = gumbo_parse_with_options(&go, html, len)) == NULL)
			return 1;
		nodes += tree_walk(g->document);
		if (with_arena)
			arena_free(&a);
		else
			gumbo_destroy_output(&go, g);
		free(html);
	}
	printf("nodes %zu\n", nodes);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *algo = NULL;
	int rounds = 3, ch, nogumbo = 0, gumbo_only = 0, limit = 0, with_arena = 0;
	double best[S_N] = {0}, total_best = -1;
	size_t bytes = 0, pages = 0, failed = 0;

	while ((ch = getopt(argc, argv, "r:a:nGWA")) != -1) {
		if (ch == 'W')
			limit = 1;
		else if (ch == 'A')
			with_arena = 1;
		else if (ch == 'n')
			nogumbo = 1;
		else if (ch == 'G')
			gumbo_only = 1;
		else if (ch == 'r')
			rounds = atoi(optarg) > 0 ? atoi(optarg) : 1;
		else if (ch == 'a')
			algo = optarg;
		else
			return 2;
	}
	if (optind == argc) {
		fputs("usage: bench_parse [-r ROUNDS] [-a ALGO] [-n] PAGE...\n"
		    "       bench_parse -G PAGE...\n"
		    "       bench_parse -W [-A] PAGE...\n", stderr);
		return 2;
	}
	if (limit)
		return gumbo_limit(argv + optind, argc - optind, with_arena);
	for (int i = optind; gumbo_only && i < argc; i++) {
		char *raw, *html = NULL;
		size_t rlen = 0, hlen = 0;

		if ((raw = slurp(argv[i], &rlen)) == NULL ||
		    charset_decode(raw, rlen, NULL, 1, &html, &hlen, NULL) != 0)
			return 1;
		free(raw);
		gumbo_alone(html, hlen, 1);
		free(html);
	}
	if (gumbo_only)
		return 0;
	for (int r = 0; r < rounds; r++) {
		double t[S_N] = {0}, total = 0;

		bytes = pages = failed = 0;
		for (int i = optind; i < argc; i++) {
			double a, b;
			char *raw, *html = NULL, *body = NULL, *js;
			size_t rlen = 0, hlen = 0, blen = 0;
			pith_doc *doc = NULL;
			pith_article *art = NULL;
			pith_error err = {0};
			json_t *o;

			a = now();
			if ((raw = slurp(argv[i], &rlen)) == NULL) {
				fprintf(stderr, "bench_parse: cannot read %s\n", argv[i]);
				return 1;
			}
			b = now();
			t[S_READ] += b - a;
			if (charset_decode(raw, rlen, NULL, 1, &html, &hlen, NULL) != 0)
				return 1;
			free(raw);
			a = now();
			t[S_CHARSET] += a - b;
			if (!nogumbo)
				gumbo_alone(html, hlen, 0);
			b = now();
			t[S_GUMBO] += b - a;
			if (!nogumbo)
				gumbo_alone(html, hlen, 1);
			a = now();
			t[S_GUMBO0] += a - b;
			if (pith_doc_parse(html, hlen, NULL, &doc, &err) != PITH_OK)
				return 1;
			b = now();
			t[S_PARSE] += b - a;
			if (pith_extract(doc, algo, NULL, &art, &err) != PITH_OK)
				failed++;
			a = now();
			t[S_EXTRACT] += a - b;
			if (art != NULL && pith_article_nspans(art) > 0 &&
			    pith_article_text(art, 0, &body, &blen, &err) == PITH_OK &&
			    (o = output_json(art, body)) != NULL) {
				if ((js = json_dumps(o, JSON_COMPACT)) != NULL)
					free(js);
				json_decref(o);
			}
			b = now();
			t[S_OUTPUT] += b - a;
			free(body);
			pith_article_free(art);
			pith_doc_free(doc);
			free(html);
			a = now();
			t[S_FREE] += a - b;
			bytes += rlen;
			pages++;
		}
		for (int s = S_READ; s <= S_FREE; s++)
			total += t[s];
		if (total_best < 0 || total < total_best) {
			total_best = total;
			memcpy(best, t, sizeof best);
		}
	}
	printf("pages %zu\nbytes %zu\nfailed %zu\nrounds %d\n", pages, bytes,
	    failed, rounds);
	for (int s = 0; s < S_N; s++)
		printf("%s %.6f\n", stage_name[s], best[s]);
	printf("total %.6f\n", total_best);
	return 0;
}
