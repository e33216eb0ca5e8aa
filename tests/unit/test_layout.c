/* test_layout.c - the reader's layout, search and overlay rows, without
 * a terminal. */
#include <time.h>
#include "helpers.h"
#include "layout.h"
#include "overlay.h"
#include "wrap.h"

typedef struct {
	extracted page;
	layout l;
} fixture;

static void
load(fixture *f, const char *html, const char *algo, int width, int all)
{
	layout_options o = { .width = width, .overlay = all, .numbers = 1 };

	memset(f, 0, sizeof *f);
	f->page = extract_page(html, algo, NULL);
	assert_true(f->page.rc == PITH_OK || f->page.rc == PITH_ENOARTICLE);
	assert_int_equal(layout_article(&f->l, f->page.a, &o), 0);
}

static void
unload(fixture *f)
{
	layout_free(&f->l);
	extracted_free(&f->page);
}

/* Line i's text, all segments joined. */
static const char *
line_text(const layout *l, size_t i)
{
	static char buf[4096];
	size_t k = 0;

	for (size_t s = l->lines[i].seg; s < l->lines[i].seg + l->lines[i].nseg; s++) {
		const layout_seg *sg = &l->segs[s];

		assert_true(k + sg->len < sizeof buf);
		memcpy(buf + k, l->text + sg->off, sg->len);
		k += sg->len;
	}
	buf[k] = '\0';
	return buf;
}

static size_t
find_line(const layout *l, const char *needle)
{
	for (size_t i = 0; i < l->nlines; i++)
		if (strstr(line_text(l, i), needle) != NULL)
			return i;
	return LAYOUT_NONE;
}

/* Every line fits, unless it is code that scrolls sideways; widths are
 * what wrap_width says; nothing unsafe is left. */
static void
check_lines(const layout *l, int width)
{
	for (size_t i = 0; i < l->nlines; i++) {
		const char *t = line_text(l, i);

		assert_int_equal(l->lines[i].width, wrap_width(t, strlen(t)));
		if (!(l->lines[i].flags & LAYOUT_CLIP))
			assert_true(l->lines[i].width <= width);
		for (const unsigned char *p = (const unsigned char *)t; *p; p++) {
			assert_true(*p >= 0x20 && *p != 0x7f);
			if (*p == 0xc2)
				assert_false(p[1] >= 0x80 && p[1] <= 0x9f);
		}
	}
}

#define ARTICLE(body) \
	"<html><head><title>T</title></head><body><nav><a href=/a>a</a> " \
	"<a href=/b>b</a></nav><article>" body "</article></body></html>"

static const char wide_page[] = ARTICLE(
	"<p>漢字の段落です。日本語の文章には単語の間に空白がないので、どこでも改行できますが、"
	"一文字は二桁の幅を取ります。</p>"
	"<p>Emoji 🍎 apple 🍌 banana 🍇 grapes 🍉 melon 🍒 cherries 🍑 peach "
	"🍍 pineapple 🥝 kiwi and more words to wrap.</p>"
	"<p>cafe&#769; cre&#768;me bru&#770;le&#769;e and na&#239;ve re&#769;sume&#769; "
	"and more words so the line wraps somewhere.</p>"
	"<p>https://example.org/a/very/long/path/that/goes/on/and/on/without/spaces "
	"then text.</p>");

static void
test_widths(void **state)
{
	static const int widths[] = { 10, 20, 40, 100 };

	(void)state;
	for (size_t k = 0; k < sizeof widths / sizeof widths[0]; k++) {
		fixture f;

		load(&f, wide_page, "mss", widths[k], 0);
		check_lines(&f.l, widths[k]);
		assert_int_equal(f.l.width, widths[k]);
		/* A combining mark stays with its letter. */
		if (widths[k] >= 20)
			assert_int_not_equal(find_line(&f.l, "cafe\xcc\x81"), LAYOUT_NONE);
		unload(&f);
	}
}

static void
test_structure(void **state)
{
	fixture f;
	size_t i;

	(void)state;
	load(&f, ARTICLE(
	    "<p>Opening words of the article, a plain run of them with no tags at "
	    "all, so that every method starts its span right here.</p>"
	    "<h2>Heading here</h2>"
	    "<p>Some text with <a href='http://x.org/1'>a link</a> and "
	    "<a href='http://x.org/2'>another link</a> in it, long enough.</p>"
	    "<blockquote><p>Quoted words of wisdom here.</p></blockquote>"
	    "<ul><li>one bullet item</li><li>two bullet item</li></ul>"
	    "<ol><li>first</li><li>second</li></ol>"
	    "<pre>code line that is much longer than the measure of the text, clipped\n"
	    "\tindented</pre>"
	    "<p>More text after the code so the article goes on past it.</p>"), "bte", 40, 0);
	check_lines(&f.l, 40);
	assert_int_not_equal(find_line(&f.l, "a link[1]"), LAYOUT_NONE);
	assert_int_not_equal(find_line(&f.l, "link[2]"), LAYOUT_NONE);
	assert_int_equal(f.l.nlinks, 2);
	assert_string_equal(f.l.links[0].href, "http://x.org/1");
	assert_int_equal(f.l.links[1].number, 2);
	assert_int_not_equal(f.l.links[0].line, LAYOUT_NONE);
	assert_int_not_equal(find_line(&f.l, "\xe2\x94\x82 Quoted words"), LAYOUT_NONE);
	assert_int_not_equal(find_line(&f.l, "\xe2\x80\xa2 one bullet item"), LAYOUT_NONE);
	assert_int_not_equal(find_line(&f.l, "1. first"), LAYOUT_NONE);
	assert_int_not_equal(find_line(&f.l, "2. second"), LAYOUT_NONE);
	i = find_line(&f.l, "code line that");
	assert_int_not_equal(i, LAYOUT_NONE);
	assert_true(f.l.lines[i].flags & LAYOUT_CLIP);
	assert_true(f.l.lines[i].width > 40);
	/* A tab in code goes to the next multiple of 8. */
	assert_string_equal(line_text(&f.l, i + 1), "        indented");
	i = find_line(&f.l, "Heading here");
	assert_int_not_equal(i, LAYOUT_NONE);
	assert_int_equal(f.l.segs[f.l.lines[i].seg].elem, TH_HEADING);
	assert_true(f.l.lines[i].flags & LAYOUT_FIRST);
	assert_int_equal(layout_line_of_block(&f.l, f.l.lines[i].block), i);
	assert_int_equal(layout_block_at(&f.l, i), f.l.lines[i].block);
	unload(&f);
}

static void
test_table(void **state)
{
	fixture f;
	size_t a, b;

	(void)state;
	load(&f, ARTICLE("<p>Words before the table, enough of them to count here.</p>"
	    "<table><tr><td>Name</td><td>Cols</td></tr>"
	    "<tr><td>Teletype Model 33</td><td>72</td></tr></table>"
	    "<p>Words after the table, enough of them to count here too.</p>"), "bte", 60, 1);
	a = find_line(&f.l, "Name");
	b = find_line(&f.l, "Teletype");
	assert_int_not_equal(a, LAYOUT_NONE);
	assert_int_equal(b, a + 1);
	/* Aligned: the separators sit in the same column. */
	assert_ptr_not_equal(strstr(line_text(&f.l, a), "\xe2\x94\x82"), NULL);
	{
		char first[256];
		const char *sa, *sb;

		snprintf(first, sizeof first, "%s", line_text(&f.l, a));
		sa = strstr(first, "\xe2\x94\x82");
		sb = strstr(line_text(&f.l, b), "\xe2\x94\x82");
		assert_int_equal(wrap_width(first, (size_t)(sa - first)),
		    wrap_width(line_text(&f.l, b), (size_t)(sb - line_text(&f.l, b))));
	}
	unload(&f);
}

/* The display column where the bar of line i is, or -1. */
static int
bar_col(const layout *l, size_t i)
{
	const char *t = line_text(l, i), *b = strstr(t, "\xe2\x94\x82");

	return b != NULL ? wrap_width(t, (size_t)(b - t)) : -1;
}

static void
test_table_grid(void **state)
{
	fixture f;
	size_t h, a, m;

	(void)state;
	load(&f, ARTICLE("<p>Words before the table, enough of them to count here.</p>"
	    "<table><tr><th colspan=2>A header spanning both columns of the table</th></tr>"
	    "<tr><th><a href='/d'>Demonym</a></th><td>New Zealander</td></tr>"
	    "<tr><th rowspan=2>Languages</th><td>English</td></tr>"
	    "<tr><td>M\xc4\x81ori</td></tr>"
	    "<tr><th>Motto</th><td>a long cell of many words that cannot fit in the "
	    "width of the column and wraps inside it</td></tr></table>"
	    "<p>Words after the table, enough of them to count here too.</p>"), "readability", 40, 0);
	check_lines(&f.l, 40);
	h = find_line(&f.l, "A header spanning");
	a = find_line(&f.l, "Demonym");
	m = find_line(&f.l, "M\xc4\x81ori");
	assert_int_not_equal(h, LAYOUT_NONE);
	/* The spanning header does not widen the first column. */
	assert_int_equal(bar_col(&f.l, a), (int)strlen("Demonym[1] "));
	/* The link's number stays in its cell. */
	assert_non_null(strstr(line_text(&f.l, a), "Demonym[1] "));
	/* rowspan: the next row's cell goes in the second column. */
	assert_int_equal(bar_col(&f.l, m), bar_col(&f.l, a));
	assert_int_equal(strncmp(line_text(&f.l, m), "          ", 10), 0);
	/* A long cell wraps in its column, each line with the bar. */
	for (size_t i = find_line(&f.l, "Motto"); i < f.l.nlines &&
	    strstr(line_text(&f.l, i), "inside it") == NULL; i++)
		assert_int_equal(bar_col(&f.l, i + 1), bar_col(&f.l, a));
	/* th is strong. */
	assert_true(f.l.segs[f.l.lines[a].seg].attr & LAYOUT_STRONG);
	unload(&f);

	/* Too many columns for the width: clipped, aligned, scrolled sideways. */
	load(&f, ARTICLE("<p>Words before the table, enough of them to count here.</p>"
	    "<table><tr><td>one</td><td>two</td><td>three</td><td>four</td><td>five</td>"
	    "<td>six</td></tr><tr><td>1</td><td>2</td><td>3</td><td>4</td><td>5</td>"
	    "<td>6</td></tr></table>"
	    "<p>Words after the table, enough of them to count here too.</p>"), "readability", 12, 0);
	check_lines(&f.l, 12);
	a = find_line(&f.l, "one");
	assert_true(f.l.lines[a].flags & LAYOUT_CLIP);
	assert_int_equal(bar_col(&f.l, a), bar_col(&f.l, a + 1));
	unload(&f);
}

static void
test_controls_removed(void **state)
{
	fixture f;
	layout_options o = { .width = 30, .numbers = 1 };
	char out[64];

	(void)state;
	/* The core removes controls already; the layout must too. */
	load(&f, ARTICLE("<p>Safe text with bidi \xe2\x80\xae override and more words "
	    "to make an article of it.</p>"), "mss", 30, 0);
	check_lines(&f.l, 30);
	assert_int_equal(find_line(&f.l, "\xe2\x80\xae"), LAYOUT_NONE);
	unload(&f);
	(void)o;
	{
		static const char evil[] = "a\x1b[31mb\tc\nd\xc2\x9b" "e\xe2\x80\xae" "f\xff";

		assert_int_equal(layout_clean(evil, strlen(evil), 0, out, sizeof out),
		    strlen("a[31mb c def\xef\xbf\xbd"));
	}
	assert_string_equal(out, "a[31mb c def\xef\xbf\xbd");
	layout_clean("caf\xc3\xa9 \xe6\xbc\xa2", 9, 1, out, sizeof out);
	assert_string_equal(out, "caf? ?");
	/* Cut at a character, never inside one. */
	assert_int_equal(layout_clean("\xe6\xbc\xa2\xe6\xbc\xa2", 6, 0, out, 5), 3);
}

/* A log or a pipe gets what the screen drops as escapes; tag characters
 * (U+E0000..E007F, invisible) are dropped on screen. */
static void
test_escape(void **state)
{
	static const char evil[] = "a\x1b]2;x\x07" "b\tc\nd\xc2\x9b" "e\xe2\x80\xae"
	    "f\xf3\xa0\x81\x81g\xff";
	char out[128];

	(void)state;
	layout_escape(evil, strlen(evil), out, sizeof out);
	assert_string_equal(out, "a\\x1b]2;x\\x07b\\x09c\\x0ad\\u009be\\u202ef"
	    "\\U000e0041g\\xff");
	/* 4 * n + 1 always holds it. */
	assert_true(4 * strlen(evil) + 1 > strlen(out));
	layout_clean(evil, strlen(evil), 0, out, sizeof out);
	assert_string_equal(out, "a]2;xb c defg\xef\xbf\xbd");
	/* An emoji flag's tags go, the flag stays. */
	layout_clean("\xf0\x9f\x8f\xb4\xf3\xa0\x81\xa7", 8, 0, out, sizeof out);
	assert_string_equal(out, "\xf0\x9f\x8f\xb4");
}

/* CPU seconds of laying out html (every block, as the overlay does):
 * the least of three runs. */
static double
layout_time(const char *html)
{
	layout_options o = { .width = 80, .overlay = 1, .numbers = 1 };
	pith_doc *doc;
	pith_article *art;
	pith_error err;
	double best = 1e9;

	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &doc, &err), PITH_OK);
	pith_extract(doc, "mss", NULL, &art, &err);
	assert_non_null(art);
	for (int k = 0; k < 3; k++) {
		struct timespec t0, t1;
		layout l = {0};
		double t;

		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
		assert_int_equal(layout_article(&l, art, &o), 0);
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
		t = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		if (t < best)
			best = t;
		layout_free(&l);
	}
	pith_article_free(art);
	pith_doc_free(doc);
	return best;
}

/* A page of n repeats of unit inside open ... close. */
static char *
repeat_page(const char *open, const char *unit, const char *close, size_t n)
{
	size_t lo = strlen(open), lu = strlen(unit), lc = strlen(close);
	char *html = malloc(lo + n * lu + lc + 1), *p = html;

	assert_non_null(html);
	memcpy(p, open, lo);
	p += lo;
	for (size_t i = 0; i < n; i++, p += lu)
		memcpy(p, unit, lu);
	memcpy(p, close, lc + 1);
	return html;
}

/* Layout is linear: a row of many cells (each was found by rescanning
 * the row), a paragraph of many styled runs (each line scanned every
 * run), a table of many rows (each looked at every cell) and a line of
 * code of many tabs (each measured the line from its start) take four
 * times as long for four times as many, not sixteen: the bound, 8,
 * leaves room for a busy machine (the times are the thread's processor
 * time, the least of 3).  test_stop counts the work itself. */
static void
test_linear(void **state)
{
	static const struct { const char *open, *unit, *close; size_t n; } pages[] = {
		{ "<html><body><p>A table follows.</p><table><tr>", "<td>cell</td>",
		  "</tr></table></body></html>", 4000 },
		{ "<html><body><p>", "<b>bold</b> <i>it</i> ", "</p></body></html>", 10000 },
		{ "<html><body><p>A table follows.</p><table>",
		  "<tr><th>name</th><td>a value</td><td rowspan=2>two rows</td></tr>",
		  "</table></body></html>", 2000 },
		{ "<html><body><pre>", "ab\t", "</pre></body></html>", 3000 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		char *one = repeat_page(pages[i].open, pages[i].unit, pages[i].close, pages[i].n);
		char *four = repeat_page(pages[i].open, pages[i].unit, pages[i].close, 4 * pages[i].n);
		double t1 = layout_time(one), t4 = layout_time(four);

		print_message("# page %zu: %.4f s for %zu, %.4f s for %zu\n", i, t1,
		    pages[i].n, t4, 4 * pages[i].n);
		assert_true(t4 < 8 * t1 + 0.01);
		free(one);
		free(four);
	}
}

/* The first n lines of a partial layout are the whole one's. */
static void
same_lines(const layout *part, const layout *whole, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		char a[4096];

		assert_string_equal(strcpy(a, line_text(part, k)), line_text(whole, k));
	}
}

/* A page of `tables` tables, each a first row of 256 cells whose last
 * reaches down every row, over `rows` rows of one cell: on a grid each
 * row would draw the whole width (3 KB for 19 bytes of page). */
static char *
wide_grids(int tables, int rows, size_t *len)
{
	size_t cap = 64 + (size_t)tables * (4096 + 24 * (size_t)rows), n = 0;
	char *html = malloc(cap);

	assert_non_null(html);
	n += (size_t)snprintf(html + n, cap - n, "<html><body><p>Before the table.</p>");
	for (int t = 0; t < tables; t++) {
		n += (size_t)snprintf(html + n, cap - n, "<table><tr>");
		for (int i = 0; i < 255; i++)
			n += (size_t)snprintf(html + n, cap - n, "<td>c%d</td>", i);
		n += (size_t)snprintf(html + n, cap - n, "<td rowspan=0>down</td></tr>");
		for (int i = 0; i < rows; i++)
			n += (size_t)snprintf(html + n, cap - n, "<tr><td>y</td></tr>");
		n += (size_t)snprintf(html + n, cap - n, "<tr><td>row end %d</td></tr></table><p>Table %d ends.</p>", t, t);
	}
	n += (size_t)snprintf(html + n, cap - n, "<p>After the table.</p></body></html>");
	*len = n;
	return html;
}

/* A table whose grid would take far more than its text is laid out a
 * row a line, all its text kept, and says so; the layout stays within
 * a bound in proportion to the page, in the reader (and its overlay)
 * and in text, where a page's tables share one bound. */
static void
test_table_bound(void **state)
{
	size_t n, len;
	char *html = wide_grids(1, 10000, &n), *text;
	pith_doc *doc;
	pith_article *art;
	pith_error err;
	layout l = {0};

	(void)state;
	assert_int_equal(pith_doc_parse(html, n, NULL, &doc, &err), PITH_OK);
	assert_int_equal(pith_extract(doc, NULL, NULL, &art, &err), PITH_OK);
	for (int ov = 0; ov < 2; ov++) {
		layout_options o = { .width = 80, .overlay = ov };

		assert_int_equal(layout_article(&l, art, &o), 0);
		print_message("# %zu bytes of page laid out in %zu bytes\n", n, l.ntext);
		assert_true(l.ntext < 8 * n);
		assert_non_null(strstr(l.text, "too large for its grid"));
		assert_non_null(strstr(l.text, "c254 \xe2\x94\x82 down"));
		assert_non_null(strstr(l.text, "row end 0"));
		assert_non_null(strstr(l.text, "After the table."));
		layout_free(&l);
	}
	pith_article_free(art);
	pith_doc_free(doc);
	free(html);

	/* 40 tables, each alone small enough for its grid (40 rows: 1 MB
	 * laid out), are not, all together, 40 MB. */
	html = wide_grids(40, 40, &n);
	assert_int_equal(pith_doc_parse(html, n, NULL, &doc, &err), PITH_OK);
	assert_int_equal(pith_extract(doc, NULL, NULL, &art, &err), PITH_OK);
	assert_int_equal(layout_article_text(art, 0, 80, &text, &len, &err), PITH_OK);
	print_message("# %zu bytes of page as %zu bytes of text\n", n, len);
	assert_true(len < 8 * n);
	assert_non_null(strstr(text, "too large for its grid"));
	assert_non_null(strstr(text, "row end 39"));
	/* The first table still has its grid: its last row is drawn up to
	 * the column reaching down. */
	assert_non_null(strstr(text, "row end 0 \xe2\x94\x82"));
	free(text);
	pith_article_free(art);
	pith_doc_free(doc);
	free(html);
}

/* A layout stops at options.max_lines, and says so (cut), with the
 * lines before the same as the whole layout's; a block of many lines is
 * cut as it is wrapped. */
static void
test_max_lines(void **state)
{
	char *html = repeat_page("<html><body><h1>Lines</h1><p>Some words before a block "
	    "of many lines.</p><pre>", "x\n", "</pre><p>After.</p></body></html>", 5000);
	pith_doc *doc;
	pith_article *art;
	pith_error err;
	layout whole = {0}, part = {0};

	(void)state;
	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &doc, &err), PITH_OK);
	assert_int_equal(pith_extract(doc, NULL, NULL, &art, &err), PITH_OK);
	for (int ov = 0; ov < 2; ov++) {
		layout_options o = { .width = 80, .overlay = ov };

		assert_int_equal(layout_article(&whole, art, &o), 0);
		assert_false(whole.cut);
		assert_true(whole.nlines > 5000);
		o.max_lines = 1000;
		assert_int_equal(layout_article(&part, art, &o), 0);
		assert_true(part.cut);
		assert_int_equal(part.nlines, 1000);
		same_lines(&part, &whole, part.nlines);
		layout_free(&part);
		layout_free(&whole);
	}
	pith_article_free(art);
	pith_doc_free(doc);
	free(html);
}

/* A layout laid out again in the same struct (the reader's resize) is
 * the one laid out afresh, in the arrays it had: a resize of a 20 MB
 * page faulted in 150 MB anew.  A smaller one after (another page)
 * gives back what it does not need.  The old code dropped the arrays
 * (LeakSanitizer). */
static void
test_relayout(void **state)
{
	char *big = repeat_page("<html><body><h1>Again</h1>", "<p>A paragraph of "
	    "<b>bold</b> and <i>other</i> words, and a few more of them.</p>",
	    "</body></html>", 3000);
	const char *small = "<html><body><h1>Small</h1><p>One paragraph of a few "
	    "words, and a few more of them, enough to be kept.</p></body></html>";
	extracted a = extract_page(big, NULL, NULL), b = extract_page(small, NULL, NULL);
	layout l = {0}, fresh = {0};
	layout_options o = { .width = 80, .numbers = 1 };
	const layout_seg *segs;

	(void)state;
	assert_int_equal(a.rc, PITH_OK);
	assert_int_equal(b.rc, PITH_OK);
	assert_int_equal(layout_article(&l, a.a, &o), 0);
	segs = l.segs;
	for (int w = 60; w <= 80; w += 20) {
		o.width = w;
		assert_int_equal(layout_article(&l, a.a, &o), 0);
		assert_int_equal(layout_article(&fresh, a.a, &o), 0);
		assert_true(l.nlines > 3000);
		assert_int_equal(l.nlines, fresh.nlines);
		assert_int_equal(l.nsegs, fresh.nsegs);
		same_lines(&l, &fresh, l.nlines);
		layout_free(&fresh);
	}
	assert_ptr_equal(l.segs, segs);
	assert_int_equal(layout_article(&l, b.a, &o), 0);
	assert_int_equal(layout_article(&fresh, b.a, &o), 0);
	assert_int_equal(l.nlines, fresh.nlines);
	same_lines(&l, &fresh, l.nlines);
	assert_true(l.capsegs <= 2 * l.nsegs + 16);
	assert_true(l.caplines <= 2 * l.nlines + 16);
	assert_true(l.captext <= 2 * l.ntext + 18);
	layout_free(&fresh);
	layout_free(&l);
	extracted_free(&a);
	extracted_free(&b);
	free(big);
}

/* An options.stop that counts its calls and says stop at the call
 * numbered *stop_at (never when 0). */
typedef struct {
	size_t calls, stop_at;
} stopper;

static int
stop_count(void *ctx)
{
	stopper *s = ctx;

	return ++s->calls == s->stop_at;
}

/* How often the layout of html asks options.stop, never stopped. */
static size_t
stop_calls(const char *html)
{
	stopper s = {0};
	layout_options o = { .width = 80, .overlay = 1, .numbers = 1,
	    .stop = stop_count, .stop_ctx = &s };
	pith_doc *doc;
	pith_article *art;
	pith_error err;
	layout l = {0};

	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &doc, &err), PITH_OK);
	pith_extract(doc, "mss", NULL, &art, &err);
	assert_non_null(art);
	assert_int_equal(layout_article(&l, art, &o), 0);
	layout_free(&l);
	pith_article_free(art);
	pith_doc_free(doc);
	return s.calls;
}

/* A long layout asks options.stop in proportion to its work, so the
 * count is the work, free of a busy machine: four times the rows, four
 * times the calls (a table whose rowspans pile up past the last column
 * made each row meet every cell above it); stopped, the layout ends
 * (returns 1), keeps the lines so far, the same as the whole layout's
 * first ones, and frees all (ASan). */
static void
test_stop(void **state)
{
	static const struct { const char *open, *unit, *close; size_t n; } pages[] = {
		{ "<html><body><table>", "<tr><td rowspan=0>to the end</td></tr>",
		  "</table></body></html>", 2000 },
		{ "<html><body><table>",
		  "<tr><th>name</th><td>a value</td><td rowspan=2>two rows</td></tr>",
		  "</table></body></html>", 4000 },
		{ "<html><body>", "<p>A paragraph of a few words, and a few more.</p>",
		  "</body></html>", 8000 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		char *one = repeat_page(pages[i].open, pages[i].unit, pages[i].close, pages[i].n);
		char *four = repeat_page(pages[i].open, pages[i].unit, pages[i].close, 4 * pages[i].n);
		size_t c1 = stop_calls(one), c4 = stop_calls(four);
		stopper s;
		layout_options o = { .width = 80, .numbers = 1, .stop = stop_count,
		    .stop_ctx = &s };
		layout part = {0}, whole = {0};
		pith_doc *doc;
		pith_article *art;
		pith_error err;

		print_message("# page %zu: %zu calls for %zu, %zu for %zu\n", i, c1,
		    pages[i].n, c4, 4 * pages[i].n);
		assert_true(c1 >= 4);
		assert_true(c4 <= 5 * c1);
		assert_int_equal(pith_doc_parse(four, strlen(four), NULL, &doc, &err), PITH_OK);
		pith_extract(doc, "mss", NULL, &art, &err);
		assert_non_null(art);
		/* The overlay shows every block, the article what mss kept. */
		for (int ov = 0; ov < 2; ov++) {
			o.overlay = ov;
			s = (stopper){ 0, 0 };
			assert_int_equal(layout_article(&whole, art, &o), 0);
			assert_false(whole.stopped);
			if (s.calls < 2) {
				/* mss keeps little of a table: no long layout. */
				assert_true(ov == 0 && i < 2);
				layout_free(&whole);
				continue;
			}
			s = (stopper){ 0, s.calls / 2 };
			assert_int_equal(layout_article(&part, art, &o), 1);
			assert_int_equal(s.calls, s.stop_at);
			assert_true(part.stopped);
			assert_true(part.nlines > 0 && part.nlines < whole.nlines);
			same_lines(&part, &whole, part.nlines - 1);
			layout_free(&part);
			layout_free(&whole);
		}
		pith_article_free(art);
		pith_doc_free(doc);
		free(one);
		free(four);
	}
}

static void
test_search(void **state)
{
	fixture f;
	layout_hit *hits;
	size_t nhits, nmatch;

	(void)state;
	load(&f, ARTICLE("<p>The quick brown fox jumps over the lazy dog, and the "
	    "Quick grey fox naps; quick quick.</p>"
	    "<p>Nothing here about animals at all, just other words.</p>"), "bte", 12, 0);
	assert_int_equal(layout_search(&f.l, "quick", &hits, &nhits, &nmatch), 0);
	assert_int_equal(nmatch, 4);
	free(hits);
	/* A capital makes it case-sensitive. */
	assert_int_equal(layout_search(&f.l, "Quick", &hits, &nhits, &nmatch), 0);
	assert_int_equal(nmatch, 1);
	free(hits);
	/* A phrase across a line break matches, in two pieces. */
	assert_int_equal(layout_search(&f.l, "over the lazy dog", &hits, &nhits, &nmatch), 0);
	assert_int_equal(nmatch, 1);
	assert_true(nhits >= 2);
	assert_true(hits[nhits - 1].line > hits[0].line);
	for (size_t i = 0; i < nhits; i++)
		assert_int_equal(hits[i].hit, 0);
	free(hits);
	assert_int_equal(layout_search(&f.l, "zebra", &hits, &nhits, &nmatch), 0);
	assert_int_equal(nmatch, 0);
	assert_null(hits);
	unload(&f);
}

static const char dropped_page[] =
	"<html><head><title>T</title></head><body>"
	"<div><a href=/1>Menu one</a> <a href=/2>Menu two</a> <a href=/3>Menu three</a></div>"
	"<article><p>The article body is a long paragraph of plain words with "
	"no markup at all, long enough to outweigh every tag around it easily, "
	"and then some more words for good measure.</p></article>"
	"<footer><a href=/x>Footer link</a></footer></body></html>";

static void
test_overlay(void **state)
{
	fixture f;
	size_t i;
	int dim = 0;

	(void)state;
	load(&f, dropped_page, "mss", 40, 1);
	assert_int_equal(f.l.width, 40 + OVERLAY_GUTTER);
	check_lines(&f.l, 40 + OVERLAY_GUTTER);
	/* Dropped blocks are there, dimmed; the kept one is not. */
	i = find_line(&f.l, "Menu one");
	assert_int_not_equal(i, LAYOUT_NONE);
	for (size_t s = f.l.lines[i].fixed; s < f.l.lines[i].nseg; s++)
		dim += f.l.segs[f.l.lines[i].seg + s].elem == TH_DIM;
	assert_true(dim > 0);
	i = find_line(&f.l, "The article body");
	assert_int_not_equal(i, LAYOUT_NONE);
	for (size_t s = f.l.lines[i].fixed; s < f.l.lines[i].nseg; s++)
		assert_int_not_equal(f.l.segs[f.l.lines[i].seg + s].elem, TH_DIM);
	/* Its gutter: a kept paragraph with a positive score, the span's mark. */
	assert_non_null(strstr(line_text(&f.l, i), "+p "));
	assert_non_null(strstr(line_text(&f.l, i), "\xe2\x96\xa0"));
	assert_non_null(find_line(&f.l, "kept tokens") != LAYOUT_NONE ? "" : NULL);
	assert_int_equal(find_line(&f.l, "no article:"), LAYOUT_NONE);
	/* Why nothing was kept, when the caller says, under the summary. */
	{
		layout_options o = { .width = 40, .overlay = 1, .why = "the page is mostly links" };
		layout l = {0};

		assert_int_equal(layout_article(&l, f.page.a, &o), 0);
		i = find_line(&l, "no article: the page is mostly links");
		assert_true(i > 0 && i < find_line(&l, "block kind"));
		assert_int_equal(l.segs[l.lines[i].seg].elem, TH_ERROR);
		layout_free(&l);
	}
	unload(&f);
	/* Nothing kept, no spans at all: every block, dimmed. */
	load(&f, "<html><body><ul><li><a href=a>One</a></li><li><a href=b>Two</a></li>"
	    "</ul></body></html>", "auto", 40, 1);
	assert_int_equal(pith_article_nspans(f.page.a), 0);
	assert_int_not_equal(find_line(&f.l, "One"), LAYOUT_NONE);
	unload(&f);
}

static void
test_overlay_rows(void **state)
{
	pith_doc *doc;
	pith_article *art;
	pith_error err;
	overlay ov;
	overlay_row r;
	char sum[256];

	(void)state;
	assert_int_equal(pith_doc_parse(dropped_page, strlen(dropped_page), NULL, &doc, &err), PITH_OK);
	assert_int_equal(pith_extract(doc, "mss", NULL, &art, &err), PITH_OK);
	assert_int_equal(overlay_init(&ov, art, 1), 0);
	for (size_t b = 0; b < pith_doc_nblocks(doc); b++) {
		size_t len = 0;

		overlay_row_block(&ov, b, &r);
		assert_int_equal(wrap_width(r.text, strlen(r.text)), OVERLAY_GUTTER);
		for (int k = 0; k < OVERLAY_PIECES; k++)
			len += r.piece[k].len;
		assert_int_equal(len, strlen(r.text));
		assert_int_equal(r.kept != 0, pith_article_block_kept(art, b) != 0);
		overlay_row_cont(&ov, b, &r);
		assert_int_equal(wrap_width(r.text, strlen(r.text)), OVERLAY_GUTTER);
	}
	overlay_summary(&ov, sum, sizeof sum);
	assert_non_null(strstr(sum, "mss: kept tokens"));
	assert_int_equal(strlen(overlay_header()), OVERLAY_GUTTER + 4);
	overlay_free(&ov);
	pith_article_free(art);
	pith_doc_free(doc);
}

static void
test_help_text(void **state)
{
	layout l = {0};

	(void)state;
	assert_int_equal(layout_text(&l, "Heading\n  q  quit now\n\n  j  down a line\n", 30, 0), 0);
	assert_int_equal(l.nlines, 4);
	assert_int_equal(l.segs[l.lines[0].seg].elem, TH_HEADING);
	assert_string_equal(line_text(&l, 1), "  q  quit now");
	layout_free(&l);
	/* Words wrap under their own column; the keys are every word
	 * before the last run of spaces. */
	assert_int_equal(layout_text(&l, "  g  Home    G  End  the top and the bottom "
	    "of the text\n", 42, 0), 0);
	assert_int_equal(l.nlines, 2);
	assert_string_equal(line_text(&l, 0), "  g  Home    G  End  the top and the");
	assert_string_equal(line_text(&l, 1), "                     bottom of the text");
	assert_int_equal(l.segs[l.lines[0].seg + 1].elem, TH_BULLET);
	check_lines(&l, 42);
	layout_free(&l);
	/* Too little room beside the keys: the words go under them. */
	assert_int_equal(layout_text(&l, "  Tab  Shift-Tab       select the next, "
	    "previous link\n", 30, 0), 0);
	assert_int_equal(l.nlines, 3);
	assert_string_equal(line_text(&l, 0), "  Tab  Shift-Tab");
	assert_string_equal(line_text(&l, 1), "      select the next,");
	assert_string_equal(line_text(&l, 2), "      previous link");
	check_lines(&l, 30);
	layout_free(&l);
}

/* The header says each thing once, its date as people write it; an
 * image inside a line shows in place. */
static void
test_header_and_images(void **state)
{
	static const char *const dates[][2] = {
		{ "2015-03-17T16:27:40.294Z", "17 Mar 2015" },
		{ "2001-10-29", "29 Oct 2001" },
		{ "1999-12-01 08:00:00", "1 Dec 1999" },
		{ "05/29/2007 09:49:00", "05/29/2007 09:49:00" },
		{ "2015-13-01", "2015-13-01" },
		{ "2015-03-17x", "2015-03-17x" },
		{ "2015-3-17", "2015-3-17" },
		{ "", "" },
	};
	char out[64], small[8];
	fixture f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof dates / sizeof dates[0]; i++) {
		layout_date(dates[i][0], out, sizeof out);
		assert_string_equal(out, dates[i][1]);
	}
	layout_date(NULL, out, sizeof out);
	assert_string_equal(out, "");
	layout_date("2015-03-17", small, sizeof small);
	assert_string_equal(small, "17 Mar ");
	load(&f, "<html><head><title>Rain falls</title>"
	    "<meta name=author content='Daily News'>"
	    "<meta property=og:site_name content='daily news'>"
	    "<meta property=article:published_time content='2015-03-17T16:27:40.294Z'>"
	    "</head><body><article><p>A paragraph long enough to be kept, with a "
	    "<img src=f.jpg alt='red fox'> in it and more words after the image.</p>"
	    "</article></body></html>", "readability", 200, 0);
	i = find_line(&f.l, "Daily News");
	assert_true(i != LAYOUT_NONE);
	assert_non_null(strstr(line_text(&f.l, i), "Daily News \xc2\xb7 17 Mar 2015 \xc2\xb7 1 min read"));
	assert_null(strstr(line_text(&f.l, i), "daily news"));
	assert_true(find_line(&f.l, "with a [image: red fox] in it") != LAYOUT_NONE);
	check_lines(&f.l, 200);
	unload(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_widths),
		cmocka_unit_test(test_structure),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_table_grid),
		cmocka_unit_test(test_controls_removed),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_linear),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_table_bound),
		cmocka_unit_test(test_max_lines),
		cmocka_unit_test(test_relayout),
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_overlay),
		cmocka_unit_test(test_overlay_rows),
		cmocka_unit_test(test_help_text),
		cmocka_unit_test(test_header_and_images),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
