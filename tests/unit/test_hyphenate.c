/* test_hyphenate.c - hyphenation from the installed dictionaries
 * (Debian's hyphen-en-us and hyphen-de, which tools/deps.sh installs;
 * without them these tests skip, and say so).  The expected points are
 * the dictionaries' published ones: hy-phen-ation and dic-tio-nary as
 * in Webster's and TeX, Sil-ben-tren-nung and Ge-schwin-dig-keit as in
 * the Duden. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hyphenate.h"
#include "layout.h"
#include "output.h"
#include "save.h"
#include "wrap.h"

#define SHY "\xc2\xad"

/* The dictionary for lang, or skip the test when it is not installed. */
static hyphenator *
need(const char *lang, const char *file)
{
	char path[256];
	hyphenator *h;

	snprintf(path, sizeof path, "/usr/share/hyphen/%s", file);
	if (access(path, R_OK) != 0) {
		fprintf(stderr, "# %s is not installed (apt-get install hyphen-en-us hyphen-de)\n",
		    path);
		skip();
	}
	h = hyphenate_open(lang, NULL);
	assert_non_null(h);
	return h;
}

static void
check_text(const hyphenator *h, const char *in, const char *want)
{
	char *out = NULL;
	size_t n = 0;

	assert_int_equal(hyphenate_text(h, in, strlen(in), &out, &n), 0);
	assert_string_equal(out, want);
	assert_int_equal(n, strlen(want));
	free(out);
}

static void
test_english(void **state)
{
	hyphenator *h = need("en-US", "hyph_en_US.dic");

	(void)state;
	assert_string_equal(hyphenate_lang(h), "en-US");
	check_text(h, "hyphenation", "hy" SHY "phen" SHY "ation");
	check_text(h, "The Dictionary.", "The Dic" SHY "tio" SHY "nary.");
	/* Short words, the page's own soft hyphens, addresses: left be. */
	check_text(h, "the cat sat", "the cat sat");
	check_text(h, "extra" SHY "ordinary", "extra" SHY "ordinary");
	check_text(h, "see example.org/documentation or user@dictionary.org",
	    "see example.org/documentation or user@dictionary.org");
	check_text(h, "", "");
	hyphenate_close(h);
}

static void
test_german(void **state)
{
	hyphenator *h = need("de-DE", "hyph_de_DE.dic");

	(void)state;
	check_text(h, "Silbentrennung und Geschwindigkeit",
	    "Sil" SHY "ben" SHY "tren" SHY "nung und Ge" SHY "schwin" SHY "dig" SHY "keit");
	hyphenate_close(h);
	/* de-CH has its own file name; de alone the generic one. */
	h = need("de_ch", "hyph_de_CH.dic");
	hyphenate_close(h);
	h = need("de", "hyph_de.dic");
	hyphenate_close(h);
}

/* No dictionary: no hyphenator, and no error; nothing else breaks. */
static void
test_missing(void **state)
{
	util_buf b = {0};

	(void)state;
	assert_null(hyphenate_open("xx", NULL));
	assert_null(hyphenate_open("en", "/nonexistent"));
	assert_null(hyphenate_open(NULL, NULL));
	assert_null(hyphenate_open("e", NULL));
	assert_null(hyphenate_open("en/../x", NULL));
	assert_null(hyphenate_open("toolong-US", NULL));
	hyphenate_close(NULL);
	assert_int_equal(output_wrap(&b, "hyphenation hyphenation", 23, 12, NULL), 0);
	assert_string_equal(b.s, "hyphenation\nhyphenation\n");
	util_buf_free(&b);
}

static const char english[] = "<html lang=en><head><title>T</title></head><body>"
    "<article><p>Typographers consider hyphenation indispensable for justified "
    "columns: extraordinary vocabulary, incomprehensible documentation and "
    "international organizations all benefit.</p><p>A second paragraph with "
    "ordinary words keeps the extractor content and makes the article long "
    "enough for every algorithm to keep it whole.</p></article></body></html>";

/* Line i of l, all its segments. */
static void
line(const layout *l, size_t i, char *out, size_t size)
{
	layout_line_text(l, i, out, size);
}

/* Every line that ends in '-' broke a word where the dictionary allows
 * it: the word put back together, hyphenated, has a soft hyphen there. */
static void
check_breaks(const hyphenator *h, const layout *l, int width, int *hyphens)
{
	char a[512], b[512], word[256], *hy;
	size_t n;
	int found;

	*hyphens = 0;
	for (size_t i = 0; i + 1 < l->nlines; i++) {
		size_t la, wa, wb;

		line(l, i, a, sizeof a);
		assert_true(l->lines[i].width <= width);
		la = strlen(a);
		if (la == 0 || a[la - 1] != '-')
			continue;
		(*hyphens)++;
		line(l, i + 1, b, sizeof b);
		wa = la - 1;
		while (wa > 0 && a[wa - 1] != ' ')
			wa--;
		wb = strcspn(b, " ,.:");
		snprintf(word, sizeof word, "%.*s%.*s", (int)(la - 1 - wa), a + wa, (int)wb, b);
		assert_int_equal(hyphenate_text(h, word, strlen(word), &hy, &n), 0);
		/* A soft hyphen sits right after the first part's bytes. */
		found = 0;
		for (size_t at = 0, k = 0; hy[at] != '\0'; ) {
			if (strncmp(hy + at, SHY, 2) == 0) {
				found |= k == la - 1 - wa;
				at += 2;
			} else {
				at++;
				k++;
			}
		}
		if (!found)
			fail_msg("no point after %zu bytes of %s", la - 1 - wa, word);
		free(hy);
	}
}

static void
test_layout(void **state)
{
	hyphenator *h = need("en", "hyph_en.dic");
	layout_options o = { .width = 30, .numbers = 1, .hyphen = h };
	pith_doc *doc;
	pith_article *art;
	pith_error err;
	layout l = {0};
	char first[256];
	int n;

	(void)state;
	assert_int_equal(pith_doc_parse(english, strlen(english), NULL, &doc, &err), PITH_OK);
	assert_int_equal(pith_extract(doc, "readability", NULL, &art, &err), PITH_OK);
	assert_int_equal(layout_article(&l, art, &o), 0);
	/* "Typographers consider " leaves 8 columns: "hyphen-" fits, at
	 * the dictionary's second point. */
	for (size_t i = 0; i < l.nlines; i++) {
		line(&l, i, first, sizeof first);
		if (strncmp(first, "Typographers", 12) == 0)
			break;
	}
	assert_string_equal(first, "Typographers consider hyphen-");
	check_breaks(h, &l, 30, &n);
	assert_true(n >= 3);
	/* The layout's text has no soft hyphen left: search sees words. */
	assert_null(strstr(l.text, SHY));
	layout_free(&l);
	/* Without the dictionary no line ends in a hyphen. */
	o.hyphen = NULL;
	assert_int_equal(layout_article(&l, art, &o), 0);
	check_breaks(h, &l, 30, &n);
	assert_int_equal(n, 0);
	layout_free(&l);
	pith_article_free(art);
	pith_doc_free(doc);
	hyphenate_close(h);
}

/* -d -w N and saved text: the same points, no soft hyphen in the file. */
static void
test_output(void **state)
{
	hyphenator *h = need("de", "hyph_de.dic");
	util_buf b = {0};
	pith_doc *doc;
	pith_article *art;
	pith_error err;
	char *out;
	size_t len;

	(void)state;
	assert_int_equal(output_wrap(&b, "Eine Silbentrennung", 19, 12, h), 0);
	assert_string_equal(b.s, "Eine Silben-\ntrennung\n");
	util_buf_free(&b);
	assert_int_equal(pith_doc_parse(english, strlen(english), NULL, &doc, &err), PITH_OK);
	assert_int_equal(pith_extract(doc, "readability", NULL, &art, &err), PITH_OK);
	hyphenate_close(h);
	h = need("en", "hyph_en.dic");
	assert_int_equal(save_render(art, 0, 30, h, &out, &len), 0);
	assert_non_null(strstr(out, "Typographers consider hyphen-\nation"));
	assert_null(strstr(out, SHY));
	free(out);
	pith_article_free(art);
	pith_doc_free(doc);
	hyphenate_close(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_english),
		cmocka_unit_test(test_german),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_output),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
