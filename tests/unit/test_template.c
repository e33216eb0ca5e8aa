/* test_template.c - user templates: the line syntax and its errors, and
 * what a template selects on small pages. */
#include "helpers.h"

static void
bad_n(const char *text, size_t len, const char *msg)
{
	pith_template *t = (pith_template *)&t;
	pith_error err = {0};

	assert_int_equal(pith_template_parse(text, len, &t, &err), PITH_EINVAL);
	assert_null(t);
	if (strncmp(err.msg, msg, strlen(msg)) != 0)
		fail_msg("'%s': said '%s', want '%s...'", text, err.msg, msg);
}

static void
bad(const char *text, const char *msg)
{
	bad_n(text, strlen(text), msg);
}

static void
test_parse_errors(void **state)
{
	(void)state;
	/* The first bad line, numbered from 1, blank and comment lines
	 * counted. */
	bad("div\n\n# a comment\ndiv p\nalso bad\n", "line 4: not a tag name");
	bad(".story", "line 1: no CSS selectors: write class=NAME");
	bad("=value", "line 1: no attribute name before '='");
	bad("a b=c", "line 1: not an attribute name");
	bad("class=\"story\"", "line 1: no quotes");
	bad("p\r\nclass='x'\r\n", "line 2: no quotes");
	bad("", "no selectors");
	bad("# only\n\n   \n# comments\n", "no selectors");
	bad_n("p\nid=a\0b\n", 9, "line 2: a NUL byte");
}

static void
test_parse_ok(void **state)
{
	(void)state;
	const char *ok = "\xef\xbb\xbf# a site template\r\narticle\r\n#main is a comment\n  itemprop=  \r\n"
	    "class = story \n\nid=main\ndata-x=a=b c\n";
	pith_template *t;
	pith_error err = {0};

	assert_int_equal(pith_template_parse(ok, strlen(ok), &t, &err), PITH_OK);
	assert_non_null(t);
	pith_template_free(t);
	pith_template_free(NULL);
}

/* html extracted by the template tpl. */
static extracted
run(const char *html, const char *tpl)
{
	extracted r;
	pith_template *t;
	pith_params *p = pith_params_new();
	pith_error err = {0};

	assert_int_equal(pith_template_parse(tpl, strlen(tpl), &t, &err), PITH_OK);
	pith_params_set_template(p, t);
	r = extract_page(html, "template", p);
	pith_params_free(p);
	pith_template_free(t);  /* the article does not keep it */
	return r;
}

static const char nested[] = "<body><nav><p>Menu.</p></nav>"
	"<div class='story wide'><p>One.</p><div class='story'><p>Two.</p></div>"
	"<section><p>Three.</p></section></div><p>Four.</p>"
	"<div id='x' data-kind='aside'><p>Five.</p></div></body>";

/* A match inside a match counts once; the outer one is named. */
static void
test_nested(void **state)
{
	(void)state;
	extracted r = run(nested, "class=story\nsection\n");

	assert_int_equal(r.rc, PITH_OK);
	assert_string_equal(r.text, "One.\n\nTwo.\n\nThree.");
	assert_int_equal(pith_article_nspans(r.a), 3);
	assert_string_equal(reason_of(&r, "Two."), "kept: in div.story, template line 1");
	assert_string_equal(reason_of(&r, "Three."),
	    "kept: in div.story, template line 1");
	assert_string_equal(reason_of(&r, "Four."),
	    "dropped: outside every template match");
	assert_non_null(strstr(pith_article_note(r.a), "1 matching element, 3 blocks"));
	extracted_free(&r);
}

static void
test_attributes(void **state)
{
	(void)state;
	extracted r = run(nested, "data-kind=\nDIV\n");   /* tags in any case */

	/* The first rule a node matches names it: div#x is a div too. */
	assert_string_equal(r.text, "One.\n\nTwo.\n\nThree.\n\nFive.");
	assert_string_equal(reason_of(&r, "Five."), "kept: in div#x, template line 1");
	extracted_free(&r);
	r = run(nested, "data-kind=asid\nclass=story wid\n");
	assert_int_equal(r.rc, PITH_ENOARTICLE);
	assert_string_equal(reason_of(&r, "One."),
	    "dropped: no element matches the template");
	extracted_free(&r);
	r = run(nested, "data-kind=aside\n");
	assert_string_equal(r.text, "Five.");
	extracted_free(&r);
	/* The whole class attribute, or one of its classes. */
	r = run(nested, "class=story wide\n");
	assert_string_equal(r.text, "One.\n\nTwo.\n\nThree.");
	extracted_free(&r);
	r = run(nested, "class=wide\n");
	assert_string_equal(r.text, "One.\n\nTwo.\n\nThree.");
	extracted_free(&r);
}

/* An inline match keeps the words it covers, not its whole paragraph. */
static void
test_inline(void **state)
{
	(void)state;
	extracted r = run("<body><p>Before <span class='hl'>the marked words</span> "
	    "after.</p><p>Other.</p></body>", "class=hl");

	assert_int_equal(r.rc, PITH_OK);
	assert_string_equal(r.text, "the marked words");
	assert_string_equal(reason_of(&r, "Before"), "kept: in span.hl, template line 1");
	extracted_free(&r);
}

static void
test_no_template(void **state)
{
	(void)state;
	pith_doc *d;
	pith_article *a = (pith_article *)&a;
	pith_error err = {0};

	assert_int_equal(pith_doc_parse(nested, strlen(nested), NULL, &d, &err), PITH_OK);
	/* No template is no article (so the reader's a/A can pass it by),
	 * with a message that says what to do. */
	assert_int_equal(pith_extract(d, "template", NULL, &a, &err), PITH_ENOARTICLE);
	assert_non_null(a);
	assert_int_equal(pith_article_nspans(a), 0);
	assert_non_null(strstr(err.msg, "pith -t FILE"));
	pith_article_free(a);
	pith_doc_free(d);
}

static void
test_selector(void **state)
{
	(void)state;
	const char *html = "<body><div id='main' class='a b'>x</div>"
	    "<div class='  story  wide'>y</div><section>z</section>"
	    "<p id=' padded'>w</p></body>";
	pith_doc *d;
	pith_error err = {0};
	char sel[64];
	const char *want[] = { "id=main", "class=story", "section", "p" };
	size_t k = 0;

	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &d, &err), PITH_OK);
	for (size_t i = 0; i < pith_doc_nnodes(d); i++) {
		const char *t = pith_doc_node(d, i)->tag;

		if (strcmp(t, "div") && strcmp(t, "section") && strcmp(t, "p"))
			continue;
		pith_template_selector(d, i, sel, sizeof sel);
		assert_true(k < 4);
		assert_string_equal(sel, want[k++]);
	}
	assert_int_equal(k, 4);
	/* Cut to the buffer, always terminated. */
	pith_template_selector(d, 3, sel, 4);
	assert_int_equal(strlen(sel), 3);
	pith_doc_free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_parse_ok),
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_attributes),
		cmocka_unit_test(test_inline),
		cmocka_unit_test(test_no_template),
		cmocka_unit_test(test_selector),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
