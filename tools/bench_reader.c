/*
 * bench_reader.c - the reader's figures, for tools/bench.py.
 *
 *   bench_reader [-l] [-W] [-r ROUNDS] [-w WIDTH] PAGE
 *
 * What the reader does before its first screen, stage by stage, through
 * the calls ui/reader.c makes (no terminal needed): read (gunzipped),
 * charset, parse, extract (auto), then the layout (ui/render/layout.c and
 * ui/render/wrap.c) of the first screen at WIDTH columns (80) and of the whole
 * article; then a resize: the whole article laid out again at WIDTH-20
 * and back at WIDTH, as relayout() does.  Beside the first screen, what
 * `pith -d` does instead after the extraction: the article as text,
 * wrapped at WIDTH, written out (to /dev/null).  The fastest round of
 * each is printed as "name value" lines (seconds, or a count).  With -l,
 * only the stages up to the first layout and one more at the same width
 * (the others print -1): for bench.py's series of generated pages, the
 * layouts' processor times by size (first_screen_cpu, again_cpu) and
 * the pages of memory each first touched (first_faults, again_faults),
 * whose cost is most of the rest: the kernel's.  With -W,
 * memory is warmed before the first layout (warm below).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include "bench.h"
#include "charset.h"
#include "layout.h"
#include "output.h"
#include "pith.h"

enum { SCREEN_LINES = 50 };

static void
keep_min(double *best, double t)
{
	if (*best < 0 || t < *best)
		*best = t;
}

/* The processor time of this thread: on a shared machine, what the
 * layout itself took. */
static double
cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The pages of memory the process has first touched so far. */
static double
faults_now(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_minflt + (double)ru.ru_majflt;
}

/* Touch and free 8 bytes a byte of the page, so that the first layout
 * is given memory the kernel has just had back, as a small page's is.
 * A kernel with free page reporting (a Firecracker guest's, page_reporting)
 * hands memory free for 2 s back to the host, which takes about 10 us
 * to give each page again: the 20 MB page's parse takes 2 s, and its
 * first layout was timed on the host's page faults, not on its work. */
static void
warm(size_t bytes)
{
	/* Through a volatile pointer, so that the stores are not dropped
	 * as dead before free. */
	static void *(*volatile touch)(void *, int, size_t) = memset;
	size_t n = 8 * bytes;
	char *p = malloc(n);

	if (p != NULL)
		touch(p, 1, n);
	free(p);
}

/* One layout of a at width w; its seconds, and its lines in *nlines;
 * its processor seconds in *cpu and the pages it touched in *faults. */
static double
lay(layout *l, const pith_article *a, int w, size_t *nlines, double *cpu, double *faults)
{
	layout_options o = { .width = w, .numbers = 1 };
	double f = faults_now(), c = cpu_now(), t = now();

	if (layout_article(l, a, &o) != 0) {
		fputs("bench_reader: out of memory\n", stderr);
		exit(1);
	}
	t = now() - t;
	*cpu = cpu_now() - c;
	*faults = faults_now() - f;
	*nlines = l->nlines;
	return t;
}

int
main(int argc, char **argv)
{
	int rounds = 3, width = 80, only_first = 0, warm_first = 0, ch;
	double t_read = -1, t_charset = -1, t_parse = -1, t_extract = -1,
	    t_first = -1, t_full = -1, t_narrow = -1, t_wide = -1, t_dump = -1,
	    c_first = -1, c_again = -1, f_first = -1, f_again = -1, c, u;
	FILE *devnull = fopen("/dev/null", "w");
	size_t bytes = 0, text = 0, lines = 0, n;

	while ((ch = getopt(argc, argv, "lWr:w:")) != -1) {
		if (ch == 'l')
			only_first = 1;
		else if (ch == 'W')
			warm_first = 1;
		else if (ch == 'r')
			rounds = atoi(optarg) > 0 ? atoi(optarg) : 1;
		else if (ch == 'w')
			width = atoi(optarg) > 20 ? atoi(optarg) : 80;
		else
			return 2;
	}
	if (optind + 1 != argc) {
		fputs("usage: bench_reader [-l] [-W] [-r ROUNDS] [-w WIDTH] PAGE\n", stderr);
		return 2;
	}
	if (devnull == NULL)
		return 1;
	for (int r = 0; r < rounds; r++) {
		double a, b;
		char *raw, *html = NULL, *body = NULL;
		size_t rlen = 0, hlen = 0, blen = 0;
		pith_doc *doc = NULL;
		pith_article *art = NULL;
		pith_error err = {0};
		layout l = {0};
		diag dg = {0};

		a = now();
		if ((raw = slurp(argv[optind], &rlen)) == NULL) {
			fprintf(stderr, "bench_reader: cannot read %s\n", argv[optind]);
			return 1;
		}
		b = now();
		keep_min(&t_read, b - a);
		if (charset_decode(raw, rlen, NULL, 1, &html, &hlen, NULL) != 0)
			return 1;
		free(raw);
		a = now();
		keep_min(&t_charset, a - b);
		if (pith_doc_parse(html, hlen, NULL, &doc, &err) != PITH_OK)
			return 1;
		b = now();
		keep_min(&t_parse, b - a);
		if (pith_extract(doc, NULL, NULL, &art, &err) != PITH_OK) {
			fprintf(stderr, "bench_reader: %s: %s\n", argv[optind], err.msg);
			return 1;
		}
		a = now();
		keep_min(&t_extract, a - b);
		if (warm_first)
			warm(rlen);
		/* The first screen: the layout the reader needs before it can
		 * draw line 0 (today the whole article). */
		keep_min(&t_first, lay(&l, art, width, &lines, &c, &u));
		keep_min(&c_first, c);
		keep_min(&f_first, u);
		if (only_first) {
			lay(&l, art, width, &n, &c, &u);
			keep_min(&c_again, c);
			keep_min(&f_again, u);
		} else {
			keep_min(&t_full, lay(&l, art, width, &lines, &c, &u));
			keep_min(&t_narrow, lay(&l, art, width - 20, &n, &c, &u));
			keep_min(&t_wide, lay(&l, art, width, &n, &c, &u));
			a = now();
			if (output_write(art, FORMAT_TEXT, width, 0, devnull, &dg) != 0) {
				fprintf(stderr, "bench_reader: %s\n", dg.msg);
				return 1;
			}
			fflush(devnull);
			keep_min(&t_dump, now() - a);
		}
		if (pith_article_text(art, 0, &body, &blen, &err) == PITH_OK)
			text = blen;
		free(body);
		layout_free(&l);
		pith_article_free(art);
		pith_doc_free(doc);
		free(html);
		bytes = rlen;
	}
	printf("bytes %zu\ntext %zu\nlines %zu\nscreen %d\nrounds %d\n", bytes,
	    text, lines, SCREEN_LINES, rounds);
	printf("read %.6f\ncharset %.6f\nparse %.6f\nextract %.6f\n", t_read,
	    t_charset, t_parse, t_extract);
	printf("first_screen %.6f\nfirst_screen_cpu %.6f\nagain_cpu %.6f\nlayout_full %.6f\nrelayout_narrow %.6f\n"
	    "relayout_back %.6f\ndump %.6f\n", t_first, c_first, c_again, t_full, t_narrow, t_wide, t_dump);
	printf("first_faults %.0f\nagain_faults %.0f\n", f_first, f_again);
	fclose(devnull);
	return 0;
}
