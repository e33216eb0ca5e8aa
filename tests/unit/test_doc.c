/* test_doc.c - the document model: blocks, runs, tokens, nodes, metadata. */
#include "helpers.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uniwbrk.h>
#include "internal.h"
#include "pith.h"

static pith_doc *
parse(const char *html)
{
	return parse_url(html, "https://example.org/dir/page.html");
}

static const pith_block *
block(const pith_doc *d, size_t i)
{
	assert_true(i < pith_doc_nblocks(d));
	return pith_doc_block(d, i);
}

static void
test_entities_and_space(void **state)
{
	(void)state;
	pith_doc *d = parse("<p>  Fish &amp; chips,\n\t&lt;b&gt; &eacute;t&eacute; "
	    "&#x2014; &#169;  </p><p>a&nbsp;b</p>");

	assert_int_equal(pith_doc_nblocks(d), 2);
	assert_string_equal(block(d, 0)->text, "Fish & chips, <b> \xc3\xa9t\xc3\xa9 "
	    "\xe2\x80\x94 \xc2\xa9");
	assert_int_equal(block(d, 0)->len, strlen(block(d, 0)->text));
	assert_string_equal(block(d, 1)->text, "a\xc2\xa0" "b");
	pith_doc_free(d);
}

static void
test_nested_inline_runs(void **state)
{
	(void)state;
	pith_doc *d = parse("<p>x <em>a <strong>b</strong></em> <a href='/q'>y</a>"
	    "<code>z</code></p>");
	const pith_block *b = block(d, 0);

	/* A space takes the style of the place it was written: "a " is
	 * emphasised, the space after </em> is plain. */
	assert_string_equal(b->text, "x a b yz");
	assert_int_equal(b->nruns, 6);
	assert_int_equal(b->runs[0].style, 0);
	assert_int_equal(b->runs[0].len, 2);           /* "x " */
	assert_int_equal(b->runs[1].style, PITH_STYLE_EMPH);
	assert_int_equal(b->runs[1].len, 2);           /* "a " */
	assert_int_equal(b->runs[2].style, PITH_STYLE_EMPH | PITH_STYLE_STRONG);
	assert_int_equal(b->runs[2].len, 1);           /* "b" */
	assert_int_equal(b->runs[3].style, 0);
	assert_int_equal(b->runs[3].len, 1);           /* " " */
	assert_int_equal(b->runs[4].style, PITH_STYLE_LINK);
	assert_string_equal(b->runs[4].href, "https://example.org/q");
	assert_int_equal(b->runs[5].style, PITH_STYLE_CODE);
	assert_int_equal(b->runs[5].start, 7);
	pith_doc_free(d);
}

static void
test_space_between_links_is_plain(void **state)
{
	(void)state;
	pith_doc *d = parse("<p><a href=a>one</a> <a href=b>two</a></p>");
	const pith_block *b = block(d, 0);

	assert_string_equal(b->text, "one two");
	assert_int_equal(b->nruns, 3);
	assert_int_equal(b->runs[1].style, 0);
	assert_int_equal(b->runs[1].len, 1);
	pith_doc_free(d);
}

static void
test_dropped_elements(void **state)
{
	(void)state;
	pith_doc *d = parse("<head><style>p{}</style><script>var s='SCRIPT';</script>"
	    "</head><body><p>keep<!-- COMMENT --> this</p><noscript>NOSCRIPT</noscript>"
	    "<template><p>TEMPLATE</p></template><svg><text>SVG</text></svg>"
	    "<select><option>OPTION</option></select></body>");

	assert_int_equal(pith_doc_nblocks(d), 1);
	assert_string_equal(block(d, 0)->text, "keep this");
	for (size_t i = 0; i < pith_doc_ntokens(d); i++)
		assert_int_not_equal(pith_doc_tokens(d)[i].kind == PITH_TOKEN_WORD &&
		    pith_doc_tokens(d)[i].block != 0, 1);
	pith_doc_free(d);
}

/* A screen reader's words inside a line are not the page's text; alone
 * in a box, or as a block, they are left to the algorithms. */
static void
test_screen_reader_text(void **state)
{
	(void)state;
	pith_doc *d = parse("<p>See <a href=/r>the report<span class=\"sr-only\"> (opens "
	    "in a new tab)</span></a>.</p><li>Item<span class=\"x visually-hidden\">, "
	    "one of two</span></li><div><a class=\"screen-reader-text\" href=#c>Skip "
	    "to content</a></div><p class=\"sr-only\">Block stays</p>"
	    "<p>Near <span class=\"sr-onlyish\">miss</span></p>");

	assert_int_equal(pith_doc_nblocks(d), 5);
	assert_string_equal(block(d, 0)->text, "See the report.");
	assert_string_equal(block(d, 1)->text, "Item");
	assert_string_equal(block(d, 2)->text, "Skip to content");
	assert_string_equal(block(d, 3)->text, "Block stays");
	assert_string_equal(block(d, 4)->text, "Near miss");
	pith_doc_free(d);
}

static void
test_controls_stripped(void **state)
{
	(void)state;
	pith_doc *d = parse("<title>T\x1b]0;x\x07</title><p>a\x1b[31mred\x07 \xc2\x9b"
	    "2Jb\x7f</p><pre>x\x1b\ty\r\n</pre>");

	/* gumbo turns most controls into U+FFFD; none may survive raw. */
#define R "\xef\xbf\xbd"
	assert_string_equal(pith_doc_title(d), "T" R "]0;x" R);
	assert_string_equal(block(d, 0)->text, "a" R "[31mred" R " " R "2Jb" R);
	assert_string_equal(block(d, 1)->text, "x" R "\ty");
#undef R
	pith_doc_free(d);
}

/* A numeric reference too large for gumbo's counter comes out of gumbo
 * as a lone byte; text and alt text are UTF-8 all the same, U+FFFD in
 * its place. */
static void
test_huge_reference(void **state)
{
	(void)state;
	pith_doc *d = parse("<p>a &#821166666666666666666666666666666666; b "
	    "<img src=x.jpg alt=\"c &#8211666666666666666666666666; d\"> e</p>"
	    "<pre>f &#82116666666666666666666666666666; g</pre>");

#define R "\xef\xbf\xbd"
	const pith_image *img;
	size_t n;

	assert_string_equal(block(d, 0)->text, "a " R " b e");
	img = pith_doc_images(d, 0, &n);
	assert_int_equal(n, 1);
	assert_string_equal(img[0].alt, "c " R " d");
	assert_string_equal(block(d, 1)->text, "f " R " g");
#undef R
	pith_doc_free(d);
}

static void
test_pre_verbatim(void **state)
{
	(void)state;
	pith_doc *d = parse("<pre>\n  int x;\n\n    y = 1;  </pre><p>after</p>");

	assert_int_equal(block(d, 0)->kind, PITH_BLOCK_PRE);
	/* The newline right after <pre> is not content (HTML parsing);
	 * trailing white space is trimmed. */
	assert_string_equal(block(d, 0)->text, "  int x;\n\n    y = 1;");
	assert_int_equal(block(d, 1)->kind, PITH_BLOCK_PARA);
	pith_doc_free(d);
}

static void
test_headings_quotes_captions_rules(void **state)
{
	(void)state;
	pith_doc *d = parse("<h1>One</h1><h3>Three</h3><blockquote><p>q1</p>"
	    "<blockquote>q2</blockquote></blockquote><figure><img src=x>"
	    "<figcaption>Cap</figcaption></figure><hr><p>end</p>");

	assert_int_equal(pith_doc_nblocks(d), 8);
	assert_int_equal(block(d, 0)->kind, PITH_BLOCK_HEADING);
	assert_int_equal(block(d, 0)->level, 1);
	assert_int_equal(block(d, 1)->level, 3);
	assert_int_equal(block(d, 2)->quote, 1);
	assert_string_equal(block(d, 3)->text, "q2");
	assert_int_equal(block(d, 3)->quote, 2);
	assert_int_equal(block(d, 4)->kind, PITH_BLOCK_IMAGE);
	assert_string_equal(block(d, 4)->src, "https://example.org/dir/x");
	assert_int_equal(block(d, 5)->kind, PITH_BLOCK_CAPTION);
	assert_int_equal(block(d, 6)->kind, PITH_BLOCK_RULE);
	assert_int_equal(block(d, 6)->len, 0);
	assert_int_equal(block(d, 7)->quote, 0);
	pith_doc_free(d);
}

static void
test_images(void **state)
{
	(void)state;
	pith_doc *d = parse("<p>text <img src=icon.png alt=icon width=16> more</p>"
	    "<img src='data:image/gif;base64,R0l' data-src='/a.jpg' alt=' A\n cat '>"
	    "<noscript><img src='/a.jpg' alt='A cat'></noscript>"
	    "<img src='data:,' alt='Lazy'><noscript><img src='/b.jpg'></noscript>"
	    "<img srcset='/c-1x.jpg 1x, /c-2x.jpg 2x'>"
	    "<img src='/pixel.gif' width=1 height=1><img src='data:,'>"
	    "<figure><img src='/d.jpg'><figcaption>Cap</figcaption><p>Credit</p></figure>");

	/* Icons in a line are nothing; images between blocks are blocks. */
	assert_string_equal(block(d, 0)->text, "text more");
	assert_int_equal(block(d, 1)->kind, PITH_BLOCK_IMAGE);
	assert_string_equal(block(d, 1)->text, "A cat");
	assert_string_equal(block(d, 1)->src, "https://example.org/a.jpg");
	/* The noscript copy of a lazy image completes it, once. */
	assert_string_equal(block(d, 2)->text, "Lazy");
	assert_string_equal(block(d, 2)->src, "https://example.org/b.jpg");
	assert_string_equal(block(d, 3)->src, "https://example.org/c-1x.jpg");
	assert_int_equal(block(d, 3)->len, 0);
	/* Pixels and bare placeholders are nothing. */
	assert_string_equal(block(d, 4)->src, "https://example.org/d.jpg");
	assert_int_equal(block(d, 5)->kind, PITH_BLOCK_CAPTION);
	assert_int_equal(block(d, 6)->kind, PITH_BLOCK_CAPTION);
	assert_int_equal(pith_doc_nblocks(d), 7);
	/* No tokens come from noscript or alt text. */
	for (size_t i = 0; i < pith_doc_ntokens(d); i++)
		assert_true(pith_doc_tokens(d)[i].kind == PITH_TOKEN_TAG ||
		    pith_doc_tokens(d)[i].block == 0 || pith_doc_tokens(d)[i].block >= 5);
	pith_doc_free(d);
}

/* An image inside a line stands beside the text, not in it: the text
 * (and what the algorithms read) is what it was without it. */
static void
test_images_inline(void **state)
{
	(void)state;
	pith_doc *d = parse("<p>A fox <img src='/f.jpg' alt=' red \n fox '><img alt=x>"
	    " and <a href='/l'>a <img src='/g.jpg' alt=dog></a>.<br>"
	    "<img src='/n.jpg'>end <img src='/i.png' alt=icon height=20>"
	    "<img src='/z.png' alt=' '><img src='/y.png' alt=''>so <img alt=t>x<img alt=u>"
	    " y <img alt=v></p>"
	    "<pre>code <img src='/c.png' alt=C></pre><p>no <img alt=w></p>");
	const pith_image *g;
	size_t n;

	/* The stray space before "." was in the text before too. */
	assert_string_equal(block(d, 0)->text, "A fox and a .\nend so x y");
	g = pith_doc_images(d, 0, &n);
	assert_int_equal(n, 7);
	/* After "fox", a space before it; the next one right after it. */
	assert_int_equal(g[0].at, 5);
	assert_int_equal(g[0].space, 1);
	assert_string_equal(g[0].alt, "red fox");
	assert_string_equal(g[0].src, "https://example.org/f.jpg");
	assert_null(g[0].href);
	assert_int_equal(g[1].at, 5);
	assert_int_equal(g[1].space, 0);
	assert_null(g[1].src);
	/* "a <img>.": the space was before it, so it stands after it; in a
	 * link, which it knows. */
	assert_int_equal(g[2].at, 12);
	assert_int_equal(g[2].space, 0);
	assert_string_equal(g[2].href, "https://example.org/l");
	/* No alt attribute: an image all the same; alt="" is decoration. */
	assert_int_equal(g[3].at, 14);
	assert_string_equal(g[3].alt, "");
	assert_string_equal(g[3].src, "https://example.org/n.jpg");
	g++;
	assert_int_equal(g[3].at, 21);
	assert_int_equal(g[3].space, 0);
	assert_string_equal(g[3].alt, "t");
	assert_int_equal(g[4].at, 22);
	assert_int_equal(g[4].space, 0);
	/* At the end, where no space follows in the text. */
	assert_int_equal(g[5].at, 24);
	assert_int_equal(g[5].space, 1);
	/* Not in code; none in a block of none. */
	assert_string_equal(block(d, 1)->text, "code");
	assert_null(pith_doc_images(d, 1, &n));
	assert_int_equal(n, 0);
	g = pith_doc_images(d, 2, &n);
	assert_int_equal(n, 1);
	assert_int_equal(g[0].at, 2);
	assert_null(pith_doc_images(d, 9, &n));
	pith_doc_free(d);
}

static void
test_lists(void **state)
{
	(void)state;
	pith_doc *d = parse("<ul><li>a<ul><li>a1</li></ul></li><li><p>b</p><p>b2</p></li></ul>"
	    "<ol start=3><li>three<li value=7>seven<li>eight</ol>"
	    "<ol reversed><li>x<li>y</ol>");

	assert_int_equal(pith_doc_nblocks(d), 9);
	assert_int_equal(block(d, 0)->kind, PITH_BLOCK_ITEM);
	assert_int_equal(block(d, 0)->list, 1);
	assert_int_equal(block(d, 0)->ordered, 0);
	assert_string_equal(block(d, 1)->text, "a1");
	assert_int_equal(block(d, 1)->kind, PITH_BLOCK_ITEM);
	assert_int_equal(block(d, 1)->list, 2);
	assert_int_equal(block(d, 2)->kind, PITH_BLOCK_ITEM);   /* b */
	assert_int_equal(block(d, 3)->kind, PITH_BLOCK_PARA);   /* b2 continues b */
	assert_int_equal(block(d, 3)->list, 1);
	assert_int_equal(block(d, 4)->ordered, 1);
	assert_int_equal(block(d, 4)->number, 3);
	assert_int_equal(block(d, 5)->number, 7);
	assert_int_equal(block(d, 6)->number, 8);
	assert_int_equal(block(d, 7)->number, 2);
	assert_int_equal(block(d, 8)->number, 1);
	pith_doc_free(d);
}

static void
test_tables(void **state)
{
	(void)state;
	pith_doc *d = parse("<table><caption>Cap</caption><tr><th>A</th><th>B</th>"
	    "<th></th></tr><tr><td></td><td><p>2</p></td><td>3<br>4</td></tr></table>"
	    "<table><tr><td><h2>Layout</h2><p>p1</p><p>p2</p></td><td>side</td></tr></table>");

	assert_int_equal(block(d, 0)->kind, PITH_BLOCK_CAPTION);
	assert_int_equal(block(d, 1)->kind, PITH_BLOCK_ROW);
	assert_string_equal(block(d, 1)->text, "A\tB\t");
	assert_string_equal(block(d, 2)->text, "\t2\t3 4");
	/* Cells with real structure are layout, not data. */
	assert_int_equal(block(d, 3)->kind, PITH_BLOCK_HEADING);
	assert_string_equal(block(d, 4)->text, "p1");
	assert_string_equal(block(d, 5)->text, "p2");
	assert_string_equal(block(d, 6)->text, "side");
	assert_int_equal(block(d, 6)->kind, PITH_BLOCK_PARA);
	assert_int_equal(pith_doc_nblocks(d), 7);
	pith_doc_free(d);
}

static void
test_line_breaks(void **state)
{
	(void)state;
	pith_doc *d = parse("<p>one<br>  two<br>\n<br>three<br></p>");

	assert_int_equal(pith_doc_nblocks(d), 2);
	assert_string_equal(block(d, 0)->text, "one\ntwo");
	assert_string_equal(block(d, 1)->text, "three");
	pith_doc_free(d);
}

static void
test_anonymous_blocks(void **state)
{
	(void)state;
	pith_doc *d = parse("<div>loose <b>text</b><div>inner</div>tail</div>");

	assert_int_equal(pith_doc_nblocks(d), 3);
	assert_string_equal(block(d, 0)->text, "loose text");
	assert_string_equal(pith_doc_node(d, block(d, 0)->node)->tag, "div");
	assert_string_equal(block(d, 2)->text, "tail");
	assert_int_equal(block(d, 0)->node, block(d, 2)->node);
	assert_int_not_equal(block(d, 1)->node, block(d, 0)->node);
	pith_doc_free(d);
}

static void
test_links_resolve(void **state)
{
	(void)state;
	pith_doc *d = parse("<p><a href='../up'>u</a> <a href='//cdn.example/x'>c</a> "
	    "<a href='#frag'>f</a> <a>no href</a></p>");
	const pith_block *b = block(d, 0);

	assert_string_equal(b->runs[0].href, "https://example.org/up");
	assert_string_equal(b->runs[2].href, "https://cdn.example/x");
	assert_string_equal(b->runs[4].href, "https://example.org/dir/page.html#frag");
	assert_string_equal(b->text + b->runs[5].start, " no href");
	assert_null(b->runs[5].href);
	assert_int_equal(b->runs[5].style & PITH_STYLE_LINK, 0);
	assert_int_equal(b->nruns, 6);
	pith_doc_free(d);

	d = parse("<head><base href='/base/'></head><p><a href='x'>x</a></p>");
	assert_string_equal(block(d, 0)->runs[0].href, "https://example.org/base/x");
	assert_string_equal(pith_doc_url(d), "https://example.org/base/");
	pith_doc_free(d);

	d = parse_url("<p><a href='rel'>r</a></p>", NULL);
	assert_string_equal(block(d, 0)->runs[0].href, "rel");
	assert_null(pith_doc_url(d));
	pith_doc_free(d);

	/* A link before a late <base> resolves against the page's address,
	 * one after it against the base. */
	d = parse("<p><a href='a.html'>a</a></p><base href='https://b.example/d/'>"
	    "<p><a href='c.html'>c</a></p>");
	assert_string_equal(block(d, 0)->runs[0].href, "https://example.org/dir/a.html");
	assert_string_equal(block(d, 1)->runs[0].href, "https://b.example/d/c.html");
	pith_doc_free(d);
}

static void
test_tokens(void **state)
{
	(void)state;
	pith_doc *d = parse("<p>Hello, <b>world</b></p>");
	const pith_token *t = pith_doc_tokens(d);
	static const pith_token_kind want[] = {
		PITH_TOKEN_TAG, PITH_TOKEN_WORD, PITH_TOKEN_SYMBOL, PITH_TOKEN_TAG,
		PITH_TOKEN_WORD, PITH_TOKEN_TAG, PITH_TOKEN_TAG,
	};

	/* html, head and body were implied: only the source's tags count. */
	assert_int_equal(pith_doc_ntokens(d), 7);
	for (size_t i = 0; i < 7; i++) {
		assert_int_equal(t[i].kind, want[i]);
		assert_int_equal(t[i].block, 0);
	}
	assert_int_equal(t[4].start, 7);
	assert_int_equal(t[4].len, 5);
	assert_memory_equal(block(d, 0)->text + t[1].start, "Hello", 5);
	assert_string_equal(pith_doc_node(d, t[0].node)->tag, "p");
	assert_string_equal(pith_doc_node(d, t[4].node)->tag, "b");
	pith_doc_free(d);
}

/* The token stream is built on first use, from any thread: both
 * threads get the same one; each block's word count, known without it,
 * matches its word tokens. */
static void *
tokens_of(void *d)
{
	return (void *)pith_doc_tokens(d);
}

static void
test_tokens_lazy(void **state)
{
	(void)state;
	pith_doc *d = parse("<h1>Title here</h1><p>One two, <b>three</b>-four "
	    "5.6 o'clock</p><ul><li>x<li>y z</ul><p>  </p><pre>a b\n c</pre>"
	    "<table><tr><td>cell one<td>two</table><p>\xe4\xb8\xad\xe6\x96\x87 "
	    "caf\xc3\xa9</p>");
	pthread_t th[2];
	void *got[2];
	size_t words = 0;

	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&th[i], NULL, tokens_of, d), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(th[i], &got[i]), 0);
	assert_non_null(got[0]);
	assert_ptr_equal(got[0], got[1]);
	assert_ptr_equal(got[0], pith_doc_tokens(d));
	for (size_t b = 0; b < pith_doc_nblocks(d); b++) {
		size_t n = 0;

		for (size_t i = 0; i < pith_doc_ntokens(d); i++)
			n += pith_doc_tokens(d)[i].kind == PITH_TOKEN_WORD &&
			    pith_doc_tokens(d)[i].block == b;
		assert_int_equal(pith_doc_block_words(d, b), n);
		words += n;
	}
	assert_int_equal(words, 20);
	assert_int_equal(pith_doc_block_words(d, pith_doc_nblocks(d)), 0);
	pith_doc_free(d);
}

static size_t
count(const pith_doc *d, pith_token_kind k)
{
	size_t n = 0;

	for (size_t i = 0; i < pith_doc_ntokens(d); i++)
		n += pith_doc_tokens(d)[i].kind == k;
	return n;
}

static void
test_tokens_cjk_rtl(void **state)
{
	(void)state;
	/* Chinese has no spaces: every ideograph is a word. */
	pith_doc *d = parse("<p>\xe4\xb8\xad\xe6\x96\x87\xe6\xb5\x8b\xe8\xaf\x95"
	    "\xef\xbc\x8c\xe5\xa5\xbd</p>");   /* 中文测试，好 */

	assert_int_equal(count(d, PITH_TOKEN_WORD), 5);
	assert_int_equal(count(d, PITH_TOKEN_SYMBOL), 1);
	pith_doc_free(d);

	/* Japanese mixes scripts; still more than one word. */
	d = parse("<p>\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe3\x81\xae\xe3\x83\x86"
	    "\xe3\x82\xad\xe3\x82\xb9\xe3\x83\x88</p>");  /* 日本語のテキスト */
	assert_true(count(d, PITH_TOKEN_WORD) >= 3);
	pith_doc_free(d);

	/* Hebrew and Arabic: words split on spaces, punctuation apart. */
	d = parse("<p dir=rtl>\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xd7\xa2\xd7\x95\xd7\x9c"
	    "\xd7\x9d</p><p>\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7\xd8\x8c "
	    "\xd8\xb9\xd8\xa7\xd9\x84\xd9\x85</p>");
	assert_int_equal(count(d, PITH_TOKEN_WORD), 4);
	assert_int_equal(count(d, PITH_TOKEN_SYMBOL), 1);
	assert_string_equal(block(d, 0)->text, "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d "
	    "\xd7\xa2\xd7\x95\xd7\x9c\xd7\x9d");
	pith_doc_free(d);
}

static void
test_tokens_invisible(void **state)
{
	(void)state;
	/* No-break, zero-width and line-separator characters are not words
	 * or symbols: a page of them has nothing to extract. */
	pith_doc *d = parse("<p>a&nbsp;&#8203;b &#x2028; &#xFEFF;</p>");

	assert_int_equal(count(d, PITH_TOKEN_WORD), 2);
	assert_int_equal(count(d, PITH_TOKEN_SYMBOL), 0);
	pith_doc_free(d);
}

static void
test_tag_tokens_go_to_next_block(void **state)
{
	(void)state;
	pith_doc *d = parse("<div><p>one</p><p>two</p></div>");
	const pith_token *t = pith_doc_tokens(d);

	/* <div> <p> one </p> <p> two </p> </div> */
	assert_int_equal(pith_doc_ntokens(d), 8);
	assert_int_equal(t[0].block, 0);
	assert_int_equal(t[1].block, 0);
	assert_int_equal(t[3].block, 0);    /* a block's own end tag */
	assert_int_equal(t[4].block, 1);    /* <p> before "two" is its cost */
	assert_int_equal(t[6].block, 1);
	assert_int_equal(t[7].block, PITH_NONE);
	pith_doc_free(d);
}

static void
test_nodes(void **state)
{
	(void)state;
	/* Attribute names in any case are found by their lower-case names
	 * (gumbo lower-cases them), the first of a name winning. */
	pith_doc *d = parse("<html lang=fr><body><div ID=x Class='a b' class=c><p>t</p></div>"
	    "<custom-el>c</custom-el></body></html>");
	size_t div = PITH_NONE;

	for (size_t i = 0; i < pith_doc_nnodes(d); i++)
		if (strcmp(pith_doc_node(d, i)->tag, "div") == 0)
			div = i;
	assert_int_not_equal(div, PITH_NONE);
	assert_string_equal(pith_node_attr(d, div, "class"), "a b");
	assert_string_equal(pith_node_attr(d, div, "id"), "x");
	assert_null(pith_node_attr(d, div, "title"));
	assert_null(pith_node_attr(d, div, "i"));
	assert_string_equal(pith_doc_node(d, div + 1)->tag, "p");
	assert_int_equal(pith_doc_node(d, div + 1)->parent, div);
	assert_int_equal(pith_doc_node(d, div)->end, div + 2);
	assert_int_equal(pith_doc_node(d, div + 1)->depth, pith_doc_node(d, div)->depth + 1);
	assert_string_equal(pith_doc_node(d, div + 2)->tag, "custom-el");
	assert_string_equal(pith_doc_lang(d), "fr");
	assert_int_equal(pith_doc_node(d, 0)->parent, PITH_NONE);
	assert_int_equal(pith_doc_node(d, 0)->end, pith_doc_nnodes(d));
	pith_doc_free(d);
}

static void
test_title(void **state)
{
	(void)state;
	pith_doc *d = parse("<title>\n  A   title </title><svg><title>no</title></svg>");

	assert_string_equal(pith_doc_title(d), "A title");
	pith_doc_free(d);
	d = parse("<p>x</p><h1>Heading <em>one</em></h1>");
	assert_string_equal(pith_doc_title(d), "Heading one");
	pith_doc_free(d);
	d = parse("<p>x</p>");
	assert_null(pith_doc_title(d));
	pith_doc_free(d);
}

static void
test_empty_and_bom(void **state)
{
	(void)state;
	pith_doc *d = parse("");

	assert_int_equal(pith_doc_nblocks(d), 0);
	assert_int_equal(pith_doc_ntokens(d), 0);
	pith_doc_free(d);
	d = parse("\xef\xbb\xbf<p>bom</p>");
	assert_string_equal(block(d, 0)->text, "bom");
	pith_doc_free(d);
}

static void
test_depth_limit(void **state)
{
	(void)state;
	enum { N = 5000 };
	static char html[N * 5 + 64];
	pith_parse_options o = { .max_depth = 100 };
	pith_error err = {0};
	pith_doc *d = NULL;
	size_t k = 0;

	for (int i = 0; i < N; i++)
		k += (size_t)sprintf(html + k, "<div>");
	strcpy(html + k, "deep text");
	assert_int_equal(pith_doc_parse(html, strlen(html), &o, &d, &err), PITH_OK);
	/* Content below the limit is not walked; nothing crashes. */
	assert_int_equal(pith_doc_nblocks(d), 0);
	for (size_t i = 0; i < pith_doc_nnodes(d); i++)
		assert_true(pith_doc_node(d, i)->depth < 100);
	pith_doc_free(d);
}

/* doc_wordbreaks must equal libunistring's u8_wordbreaks.  Its ASCII
 * path decides a break from the classes of the two characters before
 * it, itself and the next, so every string of five characters over one
 * representative per class covers every case; every string of three
 * ASCII bytes checks each byte's class. */
static void
check_breaks(const uint8_t *s, size_t n)
{
	char want[8], got[8];

	u8_wordbreaks(s, n, want);
	doc_wordbreaks(s, n, got);
	if (memcmp(want, got, n) != 0) {
		char shown[64] = "";

		for (size_t i = 0; i < n; i++)
			snprintf(shown + strlen(shown), sizeof shown - strlen(shown),
			    "%02x%s", s[i], want[i] != got[i] ? "*" : " ");
		fail_msg("word breaks differ at * in %s", shown);
	}
}

static void
test_wordbreaks_ascii(void **state)
{
	static const char reps[] = "aZ0:,;.'\"_\r\n\f -";
	const size_t nr = sizeof reps - 1;
	uint8_t s[5];

	(void)state;
	for (unsigned a = 0; a < 128; a++)
		for (unsigned b = 0; b < 128; b++)
			for (unsigned c = 0; c < 128; c++) {
				s[0] = (uint8_t)a, s[1] = (uint8_t)b, s[2] = (uint8_t)c;
				check_breaks(s, 3);
			}
	for (size_t n = 1; n <= 5; n++) {
		size_t total = 1, k;

		for (k = 0; k < n; k++)
			total *= nr;
		for (size_t i = 0; i < total; i++) {
			size_t v = i;

			for (k = 0; k < n; k++, v /= nr)
				s[k] = (uint8_t)reps[v % nr];
			check_breaks(s, n);
		}
	}
	/* Not ASCII: libunistring's own answer. */
	check_breaks((const uint8_t *)"caf\xc3\xa9 o", 7);
}

/* Text that is not all ASCII: judged a word at a time, it breaks as
 * libunistring breaks it whole.  Every string of up to four pieces of
 * ASCII classes and characters with rules of their own (Extend, Format,
 * ZWJ, MidNumLet, Katakana, Hebrew, regional indicators, spaces that
 * are not ASCII), then long random ones. */
static void
test_wordbreaks_mixed(void **state)
{
	static const char *const pieces[] = {
		"a", "Z", "0", " ", "  ", ":", ".", "'", ",", "_", "\n", "\"",
		"\xc3\xa9", "\xe2\x80\x99", "\xc2\xa0", "\xe6\x97\xa5",
		"\xcc\x81", "\xe2\x80\x8d", "\xc2\xad", "\xf0\x9f\x87\xab",
		"\xf0\x9f\x91\x8d", "\xe3\x80\x80", "\xe3\x82\xab", "\xd7\x90",
	};
	enum { NP = sizeof pieces / sizeof pieces[0], MAX = 40 * 4 };
	uint8_t s[MAX];
	char want[MAX], got[MAX];
	unsigned seed = 18;

	(void)state;
	for (size_t len = 1; len <= 4; len++) {
		size_t total = 1;

		for (size_t k = 0; k < len; k++)
			total *= NP;
		for (size_t v = 0; v < total; v++) {
			size_t n = 0, x = v;

			for (size_t k = 0; k < len; k++, x /= NP) {
				memcpy(s + n, pieces[x % NP], strlen(pieces[x % NP]));
				n += strlen(pieces[x % NP]);
			}
			u8_wordbreaks(s, n, want);
			doc_wordbreaks(s, n, got);
			assert_memory_equal(want, got, n);
		}
	}
	for (int round = 0; round < 20000; round++) {
		size_t n = 0, len = 1 + (seed = seed * 1103515245u + 12345u) % 40;

		for (size_t k = 0; k < len; k++) {
			const char *pc;

			seed = seed * 1103515245u + 12345u;
			/* Mostly ASCII, as pages are. */
			pc = pieces[(seed >> 8) % 4 ? (seed >> 16) % 12 : (seed >> 16) % NP];
			memcpy(s + n, pc, strlen(pc));
			n += strlen(pc);
		}
		u8_wordbreaks(s, n, want);
		doc_wordbreaks(s, n, got);
		assert_memory_equal(want, got, n);
	}
}

/* The tokens are built after pith_doc_parse returns, perhaps long after:
 * by then the caller may have freed its bytes, and custom elements'
 * names came from them.  The second walk takes them from the first. */
static void
test_tokens_after_input_freed(void **state)
{
	static const char page[] =
		"<html><body><my-widget><p>Inside a custom element, a paragraph "
		"of words.</p></my-widget><x-foo>More words here.</x-foo></body></html>";
	char *copy = malloc(sizeof page);
	pith_doc *d = NULL, *ref = NULL;
	pith_error err = {0};
	const pith_token *t, *rt;

	(void)state;
	assert_non_null(copy);
	memcpy(copy, page, sizeof page);
	assert_int_equal(pith_doc_parse(copy, sizeof page - 1, NULL, &d, &err), PITH_OK);
	assert_int_equal(pith_doc_parse(page, sizeof page - 1, NULL, &ref, &err), PITH_OK);
	memset(copy, '#', sizeof page);
	free(copy);
	/* Under ASan a read of the freed bytes stops here. */
	t = pith_doc_tokens(d);
	rt = pith_doc_tokens(ref);
	assert_int_equal(pith_doc_ntokens(d), pith_doc_ntokens(ref));
	for (size_t i = 0; i < pith_doc_ntokens(d); i++) {
		assert_int_equal(t[i].kind, rt[i].kind);
		assert_int_equal(t[i].node, rt[i].node);
	}
	for (size_t i = 0; i < pith_doc_nnodes(d); i++)
		assert_string_equal(pith_doc_node(d, i)->tag, pith_doc_node(ref, i)->tag);
	pith_doc_free(d);
	pith_doc_free(ref);
}

/* A page without its address resolves links against the one it gives
 * itself: rel=canonical, else og:url; -u (the address given) and
 * <base> win, and only an absolute http(s) address counts. */
static void
test_self_url(void **state)
{
	static const char body[] = "<body><p><a href=\"b.html\">b</a></p></body>";
	char html[1024];
	pith_doc *d;

	(void)state;
	snprintf(html, sizeof html, "<head><meta property=og:url content=\"https://og.example/x/\">"
	    "<link rel=\"Canonical\" href=\" https://c.example/dir/a.html\"></head>%s", body);
	d = parse_url(html, NULL);
	assert_string_equal(pith_doc_url(d), "https://c.example/dir/a.html");
	assert_string_equal(pith_doc_block(d, 0)->runs[0].href, "https://c.example/dir/b.html");
	pith_doc_free(d);
	d = parse_url(html, "http://given.example/");
	assert_string_equal(pith_doc_url(d), "http://given.example/");
	pith_doc_free(d);
	snprintf(html, sizeof html, "<head><meta property=\"og:url\" content=\"https://og.example/x/\">"
	    "<link rel=canonical href=\"/relative\"></head>%s", body);
	d = parse_url(html, NULL);
	assert_string_equal(pith_doc_url(d), "https://og.example/x/");
	assert_string_equal(pith_doc_block(d, 0)->runs[0].href, "https://og.example/x/b.html");
	pith_doc_free(d);
	snprintf(html, sizeof html, "<head><base href=\"https://base.example/\">"
	    "<link rel=canonical href=\"https://c.example/\"></head>%s", body);
	d = parse_url(html, NULL);
	assert_string_equal(pith_doc_url(d), "https://base.example/");
	pith_doc_free(d);
	snprintf(html, sizeof html, "<head><link rel=canonical href=\"javascript:x\"></head>%s", body);
	d = parse_url(html, NULL);
	assert_null(pith_doc_url(d));
	assert_string_equal(pith_doc_block(d, 0)->runs[0].href, "b.html");
	pith_doc_free(d);
}

/* The arena gumbo's tree lives in: blocks at multiples of 8; a small
 * block gumbo frees is its next of that size; a large one is malloc's
 * own, given back when gumbo frees it and otherwise with the arena
 * (LeakSanitizer would see one left); strings share the arena, a long
 * one in a chunk of its own that leaves the current chunk's room. */
static void
test_arena_gumbo(void **state)
{
	arena a = {0};
	char *p, *q, *big, *big2, *s, *t, *u;
	size_t n = 100000;

	(void)state;
	p = arena_gumbo_alloc(&a, 24);
	assert_non_null(p);
	assert_int_equal((uintptr_t)p % 8, 0);
	memset(p, 'x', 24);
	q = arena_gumbo_alloc(&a, 3);
	assert_int_equal((uintptr_t)q % 8, 0);
	arena_gumbo_free(&a, p);
	assert_ptr_equal(arena_gumbo_alloc(&a, 20), p);
	assert_ptr_not_equal(arena_gumbo_alloc(&a, 24), p);
	big = arena_gumbo_alloc(&a, 1 << 20);
	big2 = arena_gumbo_alloc(&a, 40000);
	assert_non_null(big);
	assert_non_null(big2);
	memset(big, 'b', 1 << 20);
	memset(big2, 'c', 40000);
	arena_gumbo_free(&a, big);
	arena_gumbo_free(&a, NULL);
	assert_non_null(s = malloc(n));
	memset(s, 'l', n);
	t = arena_strndup(&a, "short", 5);
	u = arena_strndup(&a, s, n);
	assert_non_null(u);
	assert_int_equal(u[n], '\0');
	assert_memory_equal(u, s, n);
	assert_ptr_equal(arena_strndup(&a, "next", 4), t + 6);
	assert_string_equal(t, "short");
	free(s);
	arena_free(&a);
	assert_null(a.head);
	assert_null(a.big);
}

/* Blank-separated words: rel values in any case, class names as written. */
static void
test_has_word(void **state)
{
	(void)state;
	assert_true(str_has_word("alternate Canonical", "canonical", true));
	assert_false(str_has_word("alternate Canonical", "canonical", false));
	assert_true(str_has_word(" story\twide ", "wide", false));
	assert_false(str_has_word("storywide", "story", false));
	assert_false(str_has_word("", "", false));
	assert_false(str_has_word(NULL, "x", true));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_self_url),
		cmocka_unit_test(test_entities_and_space),
		cmocka_unit_test(test_nested_inline_runs),
		cmocka_unit_test(test_space_between_links_is_plain),
		cmocka_unit_test(test_dropped_elements),
		cmocka_unit_test(test_controls_stripped),
		cmocka_unit_test(test_screen_reader_text),
		cmocka_unit_test(test_huge_reference),
		cmocka_unit_test(test_pre_verbatim),
		cmocka_unit_test(test_headings_quotes_captions_rules),
		cmocka_unit_test(test_images),
		cmocka_unit_test(test_images_inline),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_line_breaks),
		cmocka_unit_test(test_anonymous_blocks),
		cmocka_unit_test(test_links_resolve),
		cmocka_unit_test(test_tokens),
		cmocka_unit_test(test_tokens_cjk_rtl),
		cmocka_unit_test(test_tokens_invisible),
		cmocka_unit_test(test_tag_tokens_go_to_next_block),
		cmocka_unit_test(test_nodes),
		cmocka_unit_test(test_title),
		cmocka_unit_test(test_empty_and_bom),
		cmocka_unit_test(test_depth_limit),
		cmocka_unit_test(test_wordbreaks_ascii),
		cmocka_unit_test(test_wordbreaks_mixed),
		cmocka_unit_test(test_tokens_lazy),
		cmocka_unit_test(test_tokens_after_input_freed),
		cmocka_unit_test(test_arena_gumbo),
		cmocka_unit_test(test_has_word),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
