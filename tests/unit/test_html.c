/* test_html.c - pith_article_html: escaping, safety, structure. */
#include "helpers.h"
#include <ctype.h>
#include <stdbool.h>

#define PAGE_URL "https://example.org/dir/page.html"

/* Parse html, keep everything from the first word to the last (MSS with
 * tag weight 0) and render it as HTML; NULL after saying why. */
static char *
render(const char *html)
{
	pith_params *p = pith_params_new();
	pith_error err = { 0 };
	extracted r;
	pith_code rc;
	char *out = NULL;
	size_t len = 0;

	assert_non_null(p);
	assert_int_equal(pith_params_set(p, "mss.tag", "0", &err), PITH_OK);
	r = extract_page_url(html, PAGE_URL, "mss", p);
	pith_params_free(p);
	err = r.err;
	rc = r.rc;
	if (rc == PITH_OK)
		rc = pith_article_html(r.a, &out, &len, &err);
	if (rc != PITH_OK || out == NULL || strlen(out) != len) {
		fprintf(stderr, "render: %s (%s)\n", pith_strerror(rc), err.msg);
		free(out);
		out = NULL;
	}
	extracted_free(&r);
	return out;
}

static void
has(const char *out, const char *want)
{
	if (strstr(out, want) == NULL) {
		fprintf(stderr, "missing: %s\nin:\n%s\n", want, out);
		fail();
	}
}

static void
lacks(const char *out, const char *bad)
{
	if (strstr(out, bad) != NULL) {
		fprintf(stderr, "unexpected: %s\nin:\n%s\n", bad, out);
		fail();
	}
}

static bool
in_list(const char *name, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(name, *list) == 0)
			return true;
	return false;
}

/*
 * Every tag the renderer writes must be one it means to: a whitelist of
 * elements and attributes (no script, style, iframe, no style= or on*=),
 * every attribute value quoted, and the elements balanced.  A cheap
 * parser, enough for output that never has '<' or '>' in values.
 */
static void
check_markup(const char *out)
{
	static const char *const elements[] = { "!doctype", "html", "head",
		"meta", "title", "link", "body", "article", "header", "h1", "h2",
		"h3", "h4", "h5", "h6", "p", "br", "em", "strong", "code", "a",
		"img", "ul", "ol", "li", "blockquote", "pre", "table", "tr", "td",
		"hr", "span", NULL };
	static const char *const voids[] = { "!doctype", "meta", "link", "br",
		"img", "hr", NULL };
	static const char *const attrs[] = { "html", "lang", "dir", "charset",
		"http-equiv", "content", "name", "rel", "href", "class", "src",
		"alt", "start", "value", NULL };
	char stack[256][16];
	int depth = 0;

	for (const char *p = strchr(out, '<'); p != NULL; p = strchr(p, '<')) {
		const char *end = strchr(p, '>');
		char name[16];
		size_t n = 0;
		bool closing = p[1] == '/';
		const char *q = p + 1 + closing;

		assert_non_null(end);
		while (q < end && !isspace((unsigned char)*q) && n + 1 < sizeof name)
			name[n++] = (char)tolower((unsigned char)*q++);
		name[n] = '\0';
		if (!in_list(name, elements)) {
			fprintf(stderr, "element <%s> in:\n%s\n", name, out);
			fail();
		}
		/* Attributes: name="value" only, names from the list. */
		while (q < end) {
			char an[32];
			size_t k = 0;

			while (q < end && isspace((unsigned char)*q))
				q++;
			if (q >= end)
				break;
			while (q < end && *q != '=' && !isspace((unsigned char)*q) &&
			    k + 1 < sizeof an)
				an[k++] = (char)tolower((unsigned char)*q++);
			an[k] = '\0';
			if (!in_list(an, attrs) || strncmp(an, "on", 2) == 0) {
				fprintf(stderr, "attribute %s on <%s>\n", an, name);
				fail();
			}
			if (q < end && *q == '=') {
				const char *close;

				assert_true(q[1] == '"');
				close = strchr(q + 2, '"');
				assert_true(close != NULL && close < end);
				q = close + 1;
			}
		}
		if (closing) {
			assert_true(depth > 0);
			if (strcmp(stack[depth - 1], name) != 0) {
				fprintf(stderr, "</%s> closes <%s> in:\n%s\n", name,
				    stack[depth - 1], out);
				fail();
			}
			depth--;
		} else if (!in_list(name, voids)) {
			assert_true(depth < 256);
			memcpy(stack[depth++], name, sizeof name);
		}
		p = end;
	}
	if (depth != 0) {
		fprintf(stderr, "<%s> left open in:\n%s\n", stack[depth - 1], out);
		fail();
	}
}

static void
test_escapes_markup_characters(void **state)
{
	char *out = render("<html><head><title>Tom &amp; \"Jerry\" &lt;b&gt;</title>"
	    "</head><body><p>a &lt; b &amp;&amp; c &gt; d, \"quoted\" and 'single'"
	    " &amp;amp; &lt;script&gt;alert(1)&lt;/script&gt;</p></body></html>");

	(void)state;
	assert_non_null(out);
	has(out, "a &lt; b &amp;&amp; c &gt; d, &quot;quoted&quot; and &#39;single&#39;");
	has(out, "&amp;amp; &lt;script&gt;alert(1)&lt;/script&gt;");
	has(out, "<title>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</title>");
	has(out, "<h1>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</h1>");
	check_markup(out);
	free(out);
}

static void
test_never_scripts_styles_or_handlers(void **state)
{
	char *out = render("<html><head><style>p{color:red}</style>"
	    "<script>alert(1)</script><title>x</title></head>"
	    "<body onload=\"alert(1)\"><p onclick=\"alert(2)\" style=\"color:red\">"
	    "First words here.<script>alert(3)</script></p>"
	    "<iframe src=\"https://evil.example/\"></iframe>"
	    "<img src=\"https://example.org/a.png\" alt=\"pic\" onerror=\"alert(4)\">"
	    "<svg onload=\"alert(5)\"><text>svg words</text></svg>"
	    "<a href=\"https://example.org/\" onmouseover=\"alert(6)\">link</a>"
	    "<object data=\"x.swf\"></object><form action=\"/x\"><input "
	    "name=q onfocus=\"alert(7)\"></form><p>Last words.</p></body></html>");

	(void)state;
	assert_non_null(out);
	lacks(out, "alert");
	lacks(out, "color:red");
	lacks(out, "<script");
	lacks(out, "<style");
	lacks(out, "<iframe");
	has(out, "First words here.");
	has(out, "Last words.");
	has(out, "<img src=\"https://example.org/a.png\" alt=\"pic\">");
	check_markup(out);
	free(out);
}

static void
test_dangerous_hrefs_dropped(void **state)
{
	char *out = render("<p>"
	    "<a href=\"javascript:alert(1)\">js</a> "
	    "<a href=\"JaVaScRiPt:alert(1)\">mixed</a> "
	    "<a href=\" javascript:alert(1)\">spaced</a> "
	    "<a href=\"java&#x09;script:alert(1)\">tabbed</a> "
	    "<a href=\"data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;\">data</a> "
	    "<a href=\"vbscript:msgbox(1)\">vb</a> "
	    "<a href=\"file:///etc/passwd\">file</a> "
	    "<a href=\"mailto:ada@example.org\">mail</a> "
	    "<a href=\"/relative?a=1&amp;b=2\">rel</a> "
	    "<a href=\"http://example.com/x\">plain</a></p>"
	    "<img src=\"data:image/png;base64,AAAA\" alt=\"inline\">"
	    "<img src=\"javascript:alert(1)\" alt=\"jsimg\"><p>end "
	    "<img src=\"javascript:alert(2)\" alt=\"in a line\"> and "
	    "<a href=\"/p\"><img src=\"/pic.png\" alt=\"pic &quot;2&quot;\"></a> too</p>");

	(void)state;
	assert_non_null(out);
	lacks(out, "javascript");
	lacks(out, "script:");
	lacks(out, "data:");
	lacks(out, "vbscript");
	lacks(out, "file:");
	/* The words stay, without a link. */
	has(out, "js mixed spaced tabbed data vb file ");
	has(out, "<a href=\"mailto:ada@example.org\">mail</a>");
	has(out, "<a href=\"https://example.org/relative?a=1&amp;b=2\">rel</a>");
	has(out, "<a href=\"http://example.com/x\">plain</a>");
	has(out, "[image: inline]");
	has(out, "[image: jsimg]");
	/* An image in a line: in place, or its words when its address is bad. */
	has(out, "end [image: in a line] and <a href=\"https://example.org/p\"><img "
	    "src=\"https://example.org/pic.png\" alt=\"pic &quot;2&quot;\"></a>");
	check_markup(out);
	free(out);
}

static void
test_structure(void **state)
{
	char *out = render("<h2>Section</h2><p>Some <em>emphasis</em>, "
	    "<strong>strength</strong> and <code>code</code>.</p>"
	    "<ul><li>one</li><li>two<ul><li>deeper</li></ul></li></ul>"
	    "<ol start=\"3\"><li>three</li><li>four</li></ol>"
	    "<blockquote><p>quoted</p><ul><li>quoted item</li></ul></blockquote>"
	    "<pre>\n\nline 1\n  line &lt;2&gt;</pre>"
	    "<table><tr><td>a</td><td><a href=\"x\">b</a></td></tr>"
	    "<tr><td>c</td><td>d</td></tr></table><hr><p>line<br>break</p>");

	(void)state;
	assert_non_null(out);
	has(out, "<h2>Section</h2>");
	has(out, "<em>emphasis</em>");
	has(out, "<strong>strength</strong>");
	has(out, "<code>code</code>");
	has(out, "<ul>\n<li><p>one</p>\n</li>\n<li><p>two</p>\n<ul>\n<li><p>deeper</p>");
	has(out, "<ol start=\"3\">\n<li><p>three</p>");
	has(out, "<blockquote>\n<p>quoted</p>\n<ul>\n<li><p>quoted item</p>");
	/* A parser eats one newline after <pre> (gumbo did, for the
	 * input): a text starting with one gets a second to keep it. */
	has(out, "<pre>\n\nline 1\n  line &lt;2&gt;</pre>");
	has(out, "<table>\n<tr><td>a</td><td><a href=\"https://example.org/dir/x\">b</a>"
	    "</td></tr>\n<tr><td>c</td><td>d</td></tr>\n</table>");
	has(out, "<hr>");
	has(out, "line<br>\nbreak");
	check_markup(out);
	free(out);
}

static void
test_header_and_head(void **state)
{
	char *out = render("<html lang=\"fr\" dir=\"rtl\"><head><title>Le titre</title>"
	    "<meta name=\"author\" content=\"Ada &lt;Lovelace&gt;\">"
	    "<meta property=\"og:site_name\" content=\"Le Site\">"
	    "<meta property=\"article:published_time\" content=\"2024-01-02\">"
	    "</head><body><p>Du texte.</p></body></html>");

	(void)state;
	assert_non_null(out);
	assert_true(strncmp(out, "<!DOCTYPE html>\n<html lang=\"fr\" dir=\"rtl\">", 41) == 0);
	has(out, "<meta charset=\"utf-8\">");
	has(out, "Content-Security-Policy");
	has(out, "<link rel=\"canonical\" href=\"" PAGE_URL "\">");
	has(out, "<p class=\"byline\">Ada &lt;Lovelace&gt;</p>");
	has(out, "<span class=\"site\">Le Site</span>");
	has(out, "<span class=\"published\">2024-01-02</span>");
	has(out, "<p class=\"source\"><a href=\"" PAGE_URL "\">" PAGE_URL "</a></p>");
	check_markup(out);
	free(out);
}

/* A block whose direction differs from the page's (the one most of its
 * text has, on <html>) carries its own dir; one that agrees carries none. */
static void
test_block_dir(void **state)
{
	char *out = render("<html dir=\"rtl\"><head><title>T</title></head><body>"
	    "<h2 dir=\"ltr\">Heading</h2><p>שלום לכם, זו פסקה ארוכה למדי בעברית</p>"
	    "<p dir=\"ltr\">Left</p>"
	    "<div dir=\"ltr\"><pre>code</pre><table><tr><td>cell</td></tr></table>"
	    "<figure><figcaption>Caption</figcaption></figure></div>"
	    "<p dir=\"rtl\">עוד</p></body></html>");

	(void)state;
	assert_non_null(out);
	has(out, "<html dir=\"rtl\">");
	has(out, "<h2 dir=\"ltr\">Heading</h2>");
	has(out, "<p>שלום לכם, זו פסקה ארוכה למדי בעברית</p>");
	has(out, "<p dir=\"ltr\">Left</p>");
	has(out, "<pre dir=\"ltr\">code</pre>");
	has(out, "<tr dir=\"ltr\"><td>cell</td></tr>");
	has(out, "<p class=\"caption\" dir=\"ltr\">Caption</p>");
	has(out, "<p>עוד</p>");
	check_markup(out);
	free(out);
}

static void
test_untitled_page_still_has_a_title(void **state)
{
	char *out = render("<p>Just words.</p>");

	(void)state;
	assert_non_null(out);
	/* No title: the address stands in, and there is no empty <h1>. */
	has(out, "<title>" PAGE_URL "</title>");
	lacks(out, "<h1>");
	check_markup(out);
	free(out);
}

/* Structures that follow each other in awkward orders stay balanced. */
static void
test_transitions_stay_balanced(void **state)
{
	static const char *const pages[] = {
		"<ul><li><table><tr><td>t</td></tr></table></li></ul><p>after</p>",
		"<blockquote><table><tr><td>q</td></tr></table></blockquote>"
		"<table><tr><td>r</td></tr></table>",
		"<ol><li>a<blockquote>in quote</blockquote>b</li><li>c</li></ol>",
		"<ul><li><ul><li><ul><li>3</li></ul></li></ul></li></ul><ol><li>x</li></ol>",
		"<ul><li>u</li></ul><ol><li>o</li></ol><ul><li>u2</li></ul>",
		"<blockquote><blockquote><ul><li>deep</li></ul></blockquote>"
		"<pre>code</pre></blockquote><hr>",
		"<ul><li><p>para 1</p><p>para 2</p><pre>pre</pre></li></ul>",
		"<table><tr><td>x</td></tr></table><ul><li>l</li></ul>"
		"<table><tr><td>y</td></tr></table>",
	};

	(void)state;
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		char *out = render(pages[i]);

		assert_non_null(out);
		check_markup(out);
		free(out);
	}
}

/* C0 and C1 controls are parse errors in HTML: never written. */
static void
test_controls_dropped(void **state)
{
	char *out = render("<p>a&#1;b&#x7f;c\xc2\x85" "d&#27;[31m</p>");

	(void)state;
	assert_non_null(out);
	for (const unsigned char *p = (const unsigned char *)out; *p; p++) {
		assert_false(*p < 0x20 && *p != '\n' && *p != '\t');
		assert_false(*p == 0x7f);
		assert_false(p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f);
	}
	check_markup(out);
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escapes_markup_characters),
		cmocka_unit_test(test_never_scripts_styles_or_handlers),
		cmocka_unit_test(test_dangerous_hrefs_dropped),
		cmocka_unit_test(test_structure),
		cmocka_unit_test(test_header_and_head),
		cmocka_unit_test(test_block_dir),
		cmocka_unit_test(test_untitled_page_still_has_a_title),
		cmocka_unit_test(test_transitions_stay_balanced),
		cmocka_unit_test(test_controls_dropped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
