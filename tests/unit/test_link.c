/* test_link.c - which links the reader may follow, and where to. */
#include "helpers.h"
#include "link.h"

static void
target_is(const char *href, const char *page, const char *here, const char *want)
{
	char *t = NULL;
	diag d = {0};

	assert_int_equal(link_target(href, page, here, &t, &d), 0);
	assert_string_equal(t, want);
	free(t);
}

static void
refused(const char *href, const char *page, const char *here, const char *why)
{
	char *t = (char *)1;
	diag d = {0};

	assert_int_equal(link_target(href, page, here, &t, &d), -1);
	assert_null(t);
	assert_string_equal(d.msg, why);
}

static void
test_fragment(void **state)
{
	(void)state;
	assert_string_equal(link_fragment("#notes", NULL), "notes");
	assert_string_equal(link_fragment("#", "https://a.org/x"), "");
	assert_string_equal(link_fragment("https://a.org/x#n2", "https://a.org/x"), "n2");
	/* The page's own address may carry a fragment of its own. */
	assert_string_equal(link_fragment("https://a.org/x#n2", "https://a.org/x#top"),
	    "n2");
	/* Another page, or one whose address only starts the same. */
	assert_null(link_fragment("https://a.org/y#n2", "https://a.org/x"));
	assert_null(link_fragment("https://a.org/x2#n", "https://a.org/x"));
	assert_null(link_fragment("https://a.org/x#n", NULL));
	assert_null(link_fragment("https://a.org/x", "https://a.org/x"));
}

static void
test_anchor(void **state)
{
	static const char html[] = "<html><body><p>First paragraph of words.</p>"
	    "<h2><span id='sec2'>Second</span> heading</h2>"
	    "<div id='box'><p>Inside the box.</p></div>"
	    "<p><a name='old'></a>Named the old way.</p>"
	    "<p id='end'></p></body></html>";
	pith_doc *doc;
	pith_error err;
	size_t b;

	(void)state;
	assert_string_equal(link_anchor("page.html#sec2"), "sec2");
	assert_string_equal(link_anchor("https://a.org/x?q=1#n"), "n");
	assert_null(link_anchor("page.html#"));
	assert_null(link_anchor("page.html"));
	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &doc, &err), PITH_OK);
	b = link_anchor_block(doc, "sec2");
	assert_int_not_equal(b, PITH_NONE);
	assert_memory_equal(pith_doc_block(doc, b)->text, "Second heading", 14);
	b = link_anchor_block(doc, "box");
	assert_memory_equal(pith_doc_block(doc, b)->text, "Inside the box.", 15);
	b = link_anchor_block(doc, "old");
	assert_memory_equal(pith_doc_block(doc, b)->text, "Named the old way.", 18);
	assert_int_equal(link_anchor_block(doc, "end"), PITH_NONE);
	assert_int_equal(link_anchor_block(doc, "nowhere"), PITH_NONE);
	pith_doc_free(doc);
}

static void
test_web(void **state)
{
	(void)state;
	/* An address is followed as it is, query and fragment too. */
	target_is("https://b.org/p?q=1#f", "https://a.org/x", NULL,
	    "https://b.org/p?q=1#f");
	target_is("HTTP://b.org/", "page.html", NULL, "HTTP://b.org/");
	refused("mailto:someone@example.org", "page.html", NULL,
	    "cannot follow mailto: links");
	refused("javascript:alert(1)", "https://a.org/", NULL,
	    "cannot follow javascript: links");
	/* A long scheme is named in part. */
	refused("abcdefghijklmnopqrstuvwxyz:x", "page.html", NULL,
	    "cannot follow abcdefghijklmnopqrst: links");
}

static void
test_files(void **state)
{
	(void)state;
	/* A page from the web never leads into this machine's files: by
	 * how it was opened, or by its own address (-u, a cached copy). */
	refused("file:///etc/passwd", "https://a.org/x", NULL,
	    "not following a local file from a web page");
	refused("notes.html", "saved.html", "https://a.org/x",
	    "not following a local file from a web page");
	refused("/etc/passwd", "https://a.org/x", NULL,
	    "not following a local file from a web page");
	refused("file://server/share/x.html", "page.html", NULL,
	    "cannot follow a file on another machine");
	/* A file page's links: file: URLs, absolute and relative paths,
	 * without query or fragment, %XX decoded. */
	target_is("file:///tmp/a%20b.html", "page.html", NULL, "/tmp/a b.html");
	target_is("file://localhost/tmp/x.html#s", "page.html", NULL, "/tmp/x.html");
	target_is("/srv/doc/y.html?v=2", "dir/page.html", NULL, "/srv/doc/y.html");
	target_is("next.html#top", "dir/sub/page.html", NULL, "dir/sub/next.html");
	target_is("next.html", "page.html", NULL, "next.html");
	target_is("../up%2Fx.html", "/d/page.html", NULL, "/d/../up/x.html");
	/* %00 is not a byte a path can hold: kept as it is written. */
	target_is("a%00b.html", "page.html", NULL, "a%00b.html");
	/* From standard input there is no directory to resolve against. */
	target_is("next.html", "-", NULL, "next.html");
	target_is("file:next.html", "-", NULL, "next.html");
}

/* What the open prompt tries as https:// when no such file exists. */
static void
test_bare_host(void **state)
{
	char out[128];

	(void)state;
	assert_true(link_bare_host("example.com/story", out, sizeof out));
	assert_string_equal(out, "https://example.com/story");
	assert_true(link_bare_host("news.example.co.uk", out, sizeof out));
	assert_true(link_bare_host("localhost:8080/x", out, sizeof out));
	assert_string_equal(out, "https://localhost:8080/x");
	assert_true(link_bare_host("127.0.0.1/a?b#c", out, sizeof out));
	assert_false(link_bare_host("notes.txt", out, sizeof out));
	assert_false(link_bare_host("page.html", out, sizeof out));
	assert_false(link_bare_host("dir/page.html", out, sizeof out));
	assert_false(link_bare_host("./example.com", out, sizeof out));
	assert_false(link_bare_host("/tmp/x.com", out, sizeof out));
	assert_false(link_bare_host("https://example.com/", out, sizeof out));
	assert_false(link_bare_host("example.com:x", out, sizeof out));
	assert_false(link_bare_host("two words.com", out, sizeof out));
	assert_false(link_bare_host("example.", out, sizeof out));
	assert_false(link_bare_host("", out, sizeof out));
	assert_false(link_bare_host("example.com", out, 8));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fragment),
		cmocka_unit_test(test_anchor),
		cmocka_unit_test(test_web),
		cmocka_unit_test(test_files),
		cmocka_unit_test(test_bare_host),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
