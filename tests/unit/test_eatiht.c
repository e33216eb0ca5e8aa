/* test_eatiht.c - eatiht's cleaning phase and its sentence argmax, on
 * pages where the right answer is plain. */
#include "helpers.h"
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static const char page[] =
	"<html><head><title>T</title><style>p{}</style></head><body>"
	"<header><p>The site's header says something long enough.</p></header>"
	"<nav><p>Navigation text that is long enough to count.</p></nav>"
	"<div id='main'>"
	"<p>The first paragraph of the story. It has two sentences.</p>"
	"<p>Short one.</p>"
	"<p>The second paragraph of the story! It has three. Really.</p>"
	"<div class='share_buttons sharedaddy'><p>Share this story with all of your friends.</p></div>"
	"<blockquote class='twitter-tweet'><p>A tweet quoted in full, long enough.</p></blockquote>"
	"<span id='empty'><b></b></span>"
	"</div>"
	"<aside><p>An aside about something else entirely, long.</p></aside>"
	"<div id='related_posts'><p>A related post title that runs long. And on.</p></div>"
	"<footer><p>Copyright notice of the site, long enough too.</p></footer>"
	"</body></html>";

static void
test_clean(void **state)
{
	(void)state;
	pith_doc *d;
	pith_error err = {0};
	unsigned char *drop;
	size_t n, m;

	assert_int_equal(pith_doc_parse(page, strlen(page), NULL, &d, &err), PITH_OK);
	drop = calloc(pith_doc_nnodes(d), 1);
	assert_non_null(drop);
	assert_true(eatiht_clean(d, drop, NULL) > 0);
	assert_int_equal(drop[node_with_tag(d, "head")], EATIHT_TAG);
	assert_int_equal(drop[node_with_tag(d, "style")], EATIHT_INSIDE);
	assert_int_equal(drop[node_with_tag(d, "header")], EATIHT_TAG);
	assert_int_equal(drop[node_with_tag(d, "nav")], EATIHT_TAG);
	assert_int_equal(drop[node_with_tag(d, "aside")], EATIHT_TAG);
	assert_int_equal(drop[node_with_tag(d, "footer")], EATIHT_TAG);
	assert_int_equal(drop[node_with_tag(d, "blockquote")], EATIHT_SOCIAL);
	/* related_posts and sharedaddy: names, '_' read as '-'. */
	assert_int_equal(drop[node_with_id(d, "related_posts")], EATIHT_NAME);
	n = node_with_id(d, "main");
	assert_int_equal(drop[n], EATIHT_KEEP);
	for (m = n + 1; m < pith_doc_node(d, n)->end; m++)
		if (strcmp(pith_doc_node(d, m)->tag, "div") == 0)
			break;
	assert_int_equal(drop[m], EATIHT_NAME);
	/* An element with nothing in it goes, and what it holds. */
	m = node_with_id(d, "empty");
	assert_int_equal(drop[m], EATIHT_EMPTY);
	assert_int_not_equal(drop[m + 1], EATIHT_KEEP);
	assert_int_equal(drop[node_with_tag(d, "body")], EATIHT_KEEP);
	free(drop);
	pith_doc_free(d);
}

static void
test_extract(void **state)
{
	(void)state;
	extracted r = extract_page(page, "eatiht", NULL);
	size_t b;

	assert_int_equal(r.rc, PITH_OK);
	assert_string_equal(r.text, "The first paragraph of the story. It has two sentences.\n\n"
	    "The second paragraph of the story! It has three. Really.");
	/* Five sentences under div#main: each kept block shows them. */
	b = block_starting(r.d, "The first");
	assert_true(pith_article_block_scores(r.a)[b] == 5);
	assert_string_equal(pith_article_block_reason(r.a, b), "kept: under div#main, 5 sentences");
	assert_string_equal(reason_of(&r, "Short one"), "dropped: shorter than 20 characters");
	assert_string_equal(reason_of(&r, "Navigation"),
	    "dropped: cleaned, in nav: a non-text or navigation element");
	assert_string_equal(reason_of(&r, "A tweet"),
	    "dropped: cleaned, in blockquote.twitter-tweet: a social-media embed");
	assert_string_equal(reason_of(&r, "Share this"),
	    "dropped: cleaned, in div.share_buttons: named as a useless section");
	assert_non_null(strstr(pith_article_note(r.a), "eatiht: div#main, 5 sentences"));
	extracted_free(&r);
}

/* Sentences decide, not blocks: three one-sentence blocks lose to two
 * blocks of four sentences between them. */
static void
test_sentences_win(void **state)
{
	(void)state;
	const char *html = "<body><div id='a'>"
	    "<p>One long sentence with no end in sight</p>"
	    "<p>Another long sentence, again without end</p>"
	    "<p>A third long sentence; still not ending</p></div>"
	    "<div id='b'><p>Short. Bits. Of text here.</p>"
	    "<p>(Quoted.) \"And so?\" Yes... indeed</p></div></body>";
	extracted r = extract_page(html, "eatiht", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "Short. Bits."));
	assert_null(strstr(r.text, "One long"));
	assert_non_null(strstr(pith_article_note(r.a), "div#b, 6 sentences"));
	extracted_free(&r);
}

static void
test_nothing_long(void **state)
{
	(void)state;
	const char *html = "<body><p>Tiny.</p><nav><p>A long navigation paragraph "
	    "that would count.</p></nav></body>";
	extracted r = extract_page(html, "eatiht", NULL);

	assert_int_equal(r.rc, PITH_ENOARTICLE);
	assert_non_null(strstr(r.err.msg, "20 characters"));
	extracted_free(&r);
}

/* mss.clean: a wordy menu outweighs the article for plain MSS; cleaned,
 * its words weigh nothing. */
static void
test_mss_clean(void **state)
{
	(void)state;
	const char *html = "<body><nav><p>one two three four five six seven eight "
	    "nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
	    "eighteen nineteen twenty</p></nav><div><p>The article says a few "
	    "things here.</p></div></body>";
	pith_doc *d;
	pith_article *a;
	pith_params *p = pith_params_new();
	pith_error err = {0};
	char *text;
	size_t len;

	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &d, &err), PITH_OK);
	assert_int_equal(pith_extract(d, "mss", p, &a, &err), PITH_OK);
	assert_int_equal(pith_article_text(a, 0, &text, &len, &err), PITH_OK);
	assert_non_null(strstr(text, "twenty"));
	free(text);
	pith_article_free(a);
	assert_int_equal(pith_params_set(p, "mss.clean", "1", &err), PITH_OK);
	assert_int_equal(pith_extract(d, "mss", p, &a, &err), PITH_OK);
	assert_int_equal(pith_article_text(a, 0, &text, &len, &err), PITH_OK);
	assert_string_equal(text, "The article says a few things here.");
	for (size_t i = 0; i < pith_doc_ntokens(d); i++)
		if (strcmp(pith_doc_node(d, pith_doc_tokens(d)[i].node)->tag, "nav") == 0)
			assert_true(pith_article_token_scores(a)[i] == 0);
	free(text);
	pith_article_free(a);
	pith_doc_free(d);
	pith_params_free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_extract),
		cmocka_unit_test(test_sentences_win),
		cmocka_unit_test(test_nothing_long),
		cmocka_unit_test(test_mss_clean),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
