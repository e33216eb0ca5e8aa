/* test_algo.c - the registry, the maximum segment, MSS and BTE on pages
 * whose right span is worked out by hand. */
#include "helpers.h"
#include "internal.h"

static void
test_maxspan(void **state)
{
	(void)state;
	size_t f = 99, l = 99;
	double run[8];
	const double v[] = { -1, 2, 3, -10, 4 };

	assert_true(seq_maxspan(v, 5, run, &f, &l));
	assert_int_equal(f, 1);
	assert_int_equal(l, 2);
	/* The running sum restarts at zero after a non-positive prefix. */
	assert_true(run[0] == -1 && run[1] == 2 && run[2] == 5 && run[3] == -5 &&
	    run[4] == 4);
}

static void
test_maxspan_ties(void **state)
{
	(void)state;
	size_t f, l;
	const double a[] = { 2, -2, 2 };     /* [0,0], [2,2] and [0,2] all sum 2 */
	const double b[] = { 0, 1 };         /* [0,1] and [1,1] both sum 1 */
	const double c[] = { 1, -1, 1, 1 };  /* [2,3] sums 2, [0,3] sums 2 */

	assert_true(seq_maxspan(a, 3, NULL, &f, &l));
	assert_true(f == 0 && l == 0);       /* the earliest-ending */
	assert_true(seq_maxspan(b, 2, NULL, &f, &l));
	assert_true(f == 1 && l == 1);       /* the shortest */
	assert_true(seq_maxspan(c, 4, NULL, &f, &l));
	assert_true(f == 2 && l == 3);
}

static void
test_maxspan_nothing(void **state)
{
	(void)state;
	size_t f, l;
	const double neg[] = { -1, -3.25, 0 };

	assert_false(seq_maxspan(neg, 3, NULL, &f, &l));
	assert_false(seq_maxspan(NULL, 0, NULL, &f, &l));
}

static void
test_registry(void **state)
{
	(void)state;
	assert_true(pith_algorithm_count() >= 2);
	assert_string_equal(pith_algorithm_at(0)->name, "auto");
	assert_non_null(pith_algorithm_find("mss"));
	assert_non_null(pith_algorithm_find("readability"));
	assert_non_null(pith_algorithm_find("bte"));
	assert_null(pith_algorithm_find("nope"));
	assert_null(pith_algorithm_find(NULL));
	assert_null(pith_algorithm_at(pith_algorithm_count()));
	for (size_t i = 0; i < pith_algorithm_count(); i++) {
		assert_non_null(pith_algorithm_at(i)->summary);
		/* The registry runs what it lists. */
		assert_non_null(algo_find(pith_algorithm_at(i)->name)->extract);
		assert_ptr_equal(pith_algorithm_find(pith_algorithm_at(i)->name),
		    pith_algorithm_at(i));
	}
}

static void
test_params(void **state)
{
	(void)state;
	pith_params *p = pith_params_new(), *q;
	pith_error err = {0};
	const char *doc;
	double d, v;

	assert_non_null(p);
	assert_true(p->mss_tag == -3.25 && p->mss_word == 1);
	assert_int_equal(pith_params_set(p, "mss.tag", "-2", &err), PITH_OK);
	assert_true(p->mss_tag == -2);
	assert_int_equal(pith_params_set(p, "mss.tag", "x", &err), PITH_EINVAL);
	assert_non_null(strstr(err.msg, "not a number"));
	assert_int_equal(pith_params_set(p, "mss.tag", "1e999", &err), PITH_EINVAL);
	assert_int_equal(pith_params_set(p, "nope", "1", &err), PITH_EINVAL);
	assert_true(p->mss_tag == -2);
	/* One NAME=VALUE argument, as -p takes it. */
	assert_int_equal(pith_params_assign(p, "mss.word=2.5", &err), PITH_OK);
	assert_true(p->mss_word == 2.5);
	assert_int_equal(pith_params_assign(p, "mss.word", &err), PITH_EINVAL);
	assert_string_equal(err.msg, "expected NAME=VALUE, not 'mss.word'");
	assert_int_equal(pith_params_assign(p, "mss.word=", &err), PITH_EINVAL);
	assert_non_null(strstr(err.msg, "not a number"));
	assert_int_equal(pith_params_assign(p, "=1", &err), PITH_EINVAL);
	assert_true(p->mss_word == 2.5);
	assert_string_equal(pith_params_describe(0, &d, &doc), "mss.tag");
	assert_true(d == -3.25);
	assert_null(pith_params_describe(99, &d, &doc));
	/* Read back by name; a copy is its own. */
	assert_int_equal(pith_params_get(p, "mss.word", &v, &err), PITH_OK);
	assert_true(v == 2.5);
	assert_int_equal(pith_params_get(p, "nope", &v, &err), PITH_EINVAL);
	assert_string_equal(err.msg, "unknown parameter 'nope'");
	assert_non_null(q = pith_params_dup(p));
	assert_int_equal(pith_params_set(p, "mss.word", "3", &err), PITH_OK);
	assert_int_equal(pith_params_get(q, "mss.word", &v, &err), PITH_OK);
	assert_true(v == 2.5);
	pith_params_free(q);
	/* Every listed parameter can be read, and reads its default. */
	pith_params_free(p);
	p = pith_params_new();
	for (size_t i = 0; pith_params_describe(i, &d, &doc) != NULL; i++) {
		assert_int_equal(pith_params_get(p, pith_params_describe(i, &d, &doc),
		    &v, &err), PITH_OK);
		assert_true(v == d);
	}
	pith_params_free(p);
	pith_params_free(NULL);
}

/* Extract with algo and return the plain text (caller frees). */
static char *
extract(const char *html, const char *algo, const char *tag_weight,
        pith_code want)
{
	pith_params *p = pith_params_new();
	pith_error err = {0};
	extracted r;
	char *text;

	if (tag_weight != NULL)
		assert_int_equal(pith_params_set(p, "mss.tag", tag_weight, &err), PITH_OK);
	r = extract_page(html, algo, p);
	pith_params_free(p);
	assert_int_equal(r.rc, want);
	text = r.text;
	r.text = NULL;
	extracted_free(&r);
	return text;
}

/* Navigation, a 12-word paragraph, a footer: the paragraph is worth
 * 12 - 2 * 3.25 = 5.5; every nav link (<li><a>w</a></li>) -12, so
 * nothing else joins. */
static const char page[] =
	"<ul><li><a href=/>Home</a></li><li><a href=/n>News</a></li></ul>"
	"<p>one two three four five six seven eight nine ten eleven twelve</p>"
	"<div><a href=/c>Contact</a> <a href=/p>Privacy</a></div>";

static void
test_mss_page(void **state)
{
	(void)state;
	char *t = extract(page, "mss", NULL, PITH_OK);

	assert_string_equal(t, "one two three four five six seven eight nine ten "
	    "eleven twelve");
	free(t);
	/* Tags free: everything from the first word to the last. */
	t = extract(page, "mss", "0", PITH_OK);
	assert_string_equal(t, "Home\nNews\n\none two three four five six seven eight "
	    "nine ten eleven twelve\n\nContact Privacy");
	free(t);
}

static void
test_mss_scores_exposed(void **state)
{
	(void)state;
	extracted r = extract_page(page, "mss", NULL);
	size_t f, l, n;
	const pith_token *t;

	assert_int_equal(r.rc, PITH_OK);
	assert_string_equal(pith_article_algorithm(r.a), "mss");
	n = pith_doc_ntokens(r.d);
	t = pith_doc_tokens(r.d);
	assert_true(pith_article_token_span(r.a, &f, &l));
	assert_int_equal(t[f].kind, PITH_TOKEN_WORD);
	assert_int_equal(t[l].kind, PITH_TOKEN_WORD);
	assert_int_equal(l - f + 1, 12);
	assert_true(pith_article_running(r.a)[l] == 12);
	for (size_t i = 0; i < n; i++)
		assert_true(pith_article_token_scores(r.a)[i] ==
		    (t[i].kind == PITH_TOKEN_TAG ? -3.25 : 1));
	/* Block 2 (the paragraph): </ul> (after the last item closed), <p>,
	 * 12 words, </p>. */
	assert_true(pith_article_block_scores(r.a)[2] == 12 - 3 * 3.25);
	assert_int_equal(pith_article_nspans(r.a), 1);
	assert_int_equal(pith_article_spans(r.a)[0].block, 2);
	extracted_free(&r);
}

/* MSS can start inside a block: the links cost more than they add. */
static void
test_mss_partial_block(void **state)
{
	(void)state;
	char *t = extract("<p>Menu <a href=a>a</a> <a href=b>b</a> Then the article "
	    "text runs on here.</p>", "mss", NULL, PITH_OK);

	assert_string_equal(t, "Then the article text runs on here.");
	free(t);
}

/* BTE scores a tag -1, so two tags around three words join the span,
 * where MSS (-3.25 a tag) leaves them out. */
static void
test_bte_vs_mss(void **state)
{
	(void)state;
	static const char html[] = "<div><p>a b c d e f g h i j</p><p>x y z</p></div>";
	char *m = extract(html, "mss", NULL, PITH_OK);
	char *b = extract(html, "bte", NULL, PITH_OK);

	assert_string_equal(m, "a b c d e f g h i j");
	assert_string_equal(b, "a b c d e f g h i j\n\nx y z");
	free(m);
	free(b);
}

/* BTE does not count punctuation as words. */
static void
test_bte_symbols(void **state)
{
	(void)state;
	extracted r = extract_page("<p>a, b.</p>", "bte", NULL);

	assert_int_equal(r.rc, PITH_OK);
	/* <p> a , b . </p> */
	assert_true(pith_article_token_scores(r.a)[0] == -1);
	assert_true(pith_article_token_scores(r.a)[1] == 1);
	assert_true(pith_article_token_scores(r.a)[2] == 0);
	assert_true(pith_article_running(r.a)[4] == 2);
	extracted_free(&r);
	/* ... but the span takes the punctuation at its edges. */
	char *t = extract("<p>\"a, b.\"</p>", "bte", NULL, PITH_OK);
	assert_string_equal(t, "\"a, b.\"");
	free(t);
}

static void
test_no_text(void **state)
{
	(void)state;
	static const char *pages[] = {
		"", "<div><img src=x><br></div>", "<script>var a = 'words words';</script>",
		"<pre>   \n  </pre>",
	};
	pith_error err = {0};

	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		for (size_t k = 0; k < pith_algorithm_count(); k++) {
			pith_doc *d;
			pith_article *a = NULL;

			/* Without a template it has no page to judge
			 * (test_template.c). */
			if (strcmp(pith_algorithm_at(k)->name, "template") == 0)
				continue;
			assert_int_equal(pith_doc_parse(pages[i], strlen(pages[i]), NULL,
			    &d, &err), PITH_OK);
			assert_int_equal(pith_extract(d, pith_algorithm_at(k)->name, NULL,
			    &a, &err), PITH_ENOARTICLE);
			assert_non_null(a);
			assert_int_equal(pith_article_nspans(a), 0);
			assert_true(err.msg[0] != '\0');
			pith_article_free(a);
			pith_doc_free(d);
		}
	}
}

static void
test_unknown_algorithm(void **state)
{
	(void)state;
	pith_doc *d;
	pith_article *a = (pith_article *)1;
	pith_error err = {0};

	assert_int_equal(pith_doc_parse("<p>x</p>", 8, NULL, &d, &err), PITH_OK);
	assert_int_equal(pith_extract(d, "nope", NULL, &a, &err), PITH_EINVAL);
	assert_null(a);
	assert_non_null(strstr(err.msg, "nope"));
	pith_doc_free(d);
}


/* A page built by script: its markup holds a spinner and chrome, its
 * story only the JSON-LD articleBody (body is that JSON string). */
static char *
shell_page(const char *body, const char *main_text)
{
	static const char fmt[] =
	    "<html lang=en><head><title>Ferries return | Coast</title>"
	    "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\","
	    "\"headline\":\"Ferries return\",\"articleBody\":\"%s\"}</script>"
	    "</head><body><nav><a href=/a>News</a> <a href=/b>Sport</a></nav>"
	    "<main>%s</main><footer>(c) Coast</footer></body></html>";
	size_t n = sizeof fmt + strlen(body) + strlen(main_text);
	char *p = malloc(n);

	assert_non_null(p);
	snprintf(p, n, fmt, body, main_text);
	return p;
}

/* n words of "wordK " text, a sentence in JSON with \n\n breaks every
 * 60 words. */
static char *
words_json(size_t n, const char *first)
{
	char *p = malloc(n * 16 + 64);
	size_t k = 0;

	assert_non_null(p);
	k += (size_t)sprintf(p, "%s", first);
	for (size_t i = 0; i < n; i++)
		k += (size_t)sprintf(p + k, i % 60 == 59 ? "w%zu.\\n\\n" : "w%zu ", i);
	return p;
}

static void
test_auto_jsonld_shell(void **state)
{
	(void)state;
	char *body = words_json(200, "Ferries ran, so a < b & c. ");
	char *html = shell_page(body, "<div class=spinner>Loading\u2026</div>");
	extracted r = extract_page(html, NULL, NULL);
	const pith_doc *ld = pith_article_doc(r.a);

	assert_int_equal(r.rc, PITH_OK);
	/* The article is the articleBody's own document, one block a
	 * paragraph, its text unescaped, the page's meta kept. */
	assert_ptr_not_equal(ld, r.d);
	assert_int_equal(pith_doc_nblocks(ld), 4);
	assert_int_equal(pith_article_nspans(r.a), 4);
	assert_non_null(strstr(r.text, "Ferries ran, so a < b & c. w0 w1"));
	assert_null(strstr(r.text, "Loading"));
	assert_null(strstr(r.text, "Sport"));
	assert_string_equal(pith_doc_title(ld), "Ferries return");
	assert_string_equal(pith_doc_lang(ld), "en");
	/* With no description, the excerpt is the first paragraph: the
	 * story's, not the spinner the page shows. */
	assert_string_equal(pith_doc_meta(r.d)->excerpt, "Loading\u2026");
	assert_non_null(strstr(pith_doc_meta(ld)->excerpt, "Ferries ran, so a < b"));
	assert_non_null(strstr(pith_article_note(r.a), "json-ld"));
	assert_true(pith_article_block_kept(r.a, 3));
	extracted_free(&r);
	free(html);

	/* Markup in the articleBody is read as markup. */
	html = shell_page("<p>One paragraph.</p><p>Another one.</p>", "");
	r = extract_page(html, NULL, NULL);
	/* Too short to outweigh the page: no answer from it. */
	assert_ptr_equal(pith_article_doc(r.a), r.d);
	extracted_free(&r);
	free(html);
	free(body);
	body = words_json(160, "<p>Marked up.</p><p>");
	html = shell_page(body, "");
	r = extract_page(html, NULL, NULL);
	assert_ptr_not_equal(pith_article_doc(r.a), r.d);
	assert_string_equal(pith_doc_block(pith_article_doc(r.a), 0)->text, "Marked up.");
	extracted_free(&r);
	free(html);
	free(body);
}

/* The story in the markup stands: the articleBody is not asked. */
static void
test_auto_jsonld_page_stands(void **state)
{
	(void)state;
	char *body = words_json(300, "");
	char main_text[2048] = "<article>";
	extracted r;
	char *html;

	for (int i = 0; i < 6; i++)
		strcat(main_text, "<p>The harbour board said crews rebuilt the two "
		    "stages with steel frames, and passengers queued early.</p>");
	strcat(main_text, "</article>");
	html = shell_page(body, main_text);
	r = extract_page(html, NULL, NULL);
	assert_int_equal(r.rc, PITH_OK);
	assert_ptr_equal(pith_article_doc(r.a), r.d);
	assert_non_null(strstr(r.text, "steel frames"));
	assert_null(strstr(r.text, "w299"));
	/* Another algorithm never answers from it. */
	extracted_free(&r);
	r = extract_page(html, "readability", NULL);
	assert_ptr_equal(pith_article_doc(r.a), r.d);
	extracted_free(&r);
	free(html);
	free(body);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_maxspan),
		cmocka_unit_test(test_maxspan_ties),
		cmocka_unit_test(test_maxspan_nothing),
		cmocka_unit_test(test_registry),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_mss_page),
		cmocka_unit_test(test_auto_jsonld_shell),
		cmocka_unit_test(test_auto_jsonld_page_stands),
		cmocka_unit_test(test_mss_scores_exposed),
		cmocka_unit_test(test_mss_partial_block),
		cmocka_unit_test(test_bte_vs_mss),
		cmocka_unit_test(test_bte_symbols),
		cmocka_unit_test(test_no_text),
		cmocka_unit_test(test_unknown_algorithm),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
