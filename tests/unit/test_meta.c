/* test_meta.c - page metadata: every field, its sources and their order. */
#include "helpers.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#define URL "https://example.org/news/story.html"
#define R "\xef\xbf\xbd"     /* U+FFFD */
#define LD(json) "<script type=\"application/ld+json\">" json "</script>"
#define BODY "<body><h1>Heading of the page</h1><p>First paragraph of the " \
	"story, long enough to read.</p><p>Second paragraph.</p></body>"

static pith_doc *
parse(const char *html)
{
	return parse_url(html, URL);
}

/* The doc's title (NULL: none) for html at url; a failure names the
 * page. */
static void
title_is(const char *url, const char *html, const char *want)
{
	pith_doc *d = parse_url(html, url);
	const char *got = pith_doc_title(d);

	if (want == NULL ? got != NULL : got == NULL || strcmp(got, want) != 0)
		fail_msg("title \"%s\", not \"%s\", from %s at %s", got != NULL ? got : "(NULL)",
		    want != NULL ? want : "(NULL)", html, url != NULL ? url : "no address");
	assert_ptr_equal(got, pith_doc_meta(d)->title);
	pith_doc_free(d);
}

/* The same for a page at url with this head and the standard body. */
static void
expect_title_at(const char *url, const char *head, const char *want)
{
	char html[4096];

	snprintf(html, sizeof html, "<html><head>%s</head>%s</html>", head, BODY);
	title_is(url, html, want);
}

static void
expect_title(const char *head, const char *want)
{
	expect_title_at(URL, head, want);
}

/* One field of a page's metadata. */
typedef const char *(*field_fn)(const pith_meta *);
static const char *f_byline(const pith_meta *m) { return m->byline; }
static const char *f_published(const pith_meta *m) { return m->published; }
static const char *f_site(const pith_meta *m) { return m->site; }
static const char *f_lang(const pith_meta *m) { return m->lang; }
static const char *f_dir(const pith_meta *m) { return m->dir; }
static const char *f_excerpt(const pith_meta *m) { return m->excerpt; }
static const char *f_image(const pith_meta *m) { return m->image; }

static void
expect_field(field_fn f, const char *html, const char *want)
{
	pith_doc *d = parse(html);
	const char *got = f(pith_doc_meta(d));

	if (want == NULL) {
		if (got != NULL)
			fail_msg("expected NULL, got \"%s\" from %s", got, html);
	} else if (got == NULL || strcmp(got, want) != 0) {
		fail_msg("expected \"%s\", got %s%s%s from %s", want, got != NULL ? "\"" : "",
		    got != NULL ? got : "NULL", got != NULL ? "\"" : "", html);
	}
	pith_doc_free(d);
}

/* ------------------------------------------------------------- title */

static void
test_title_sources_in_order(void **state)
{
	(void)state;
	/* JSON-LD, then og:title, twitter:title, <title>, the first h1 */
	expect_title(LD("{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle\","
	    "\"headline\":\"From JSON-LD\"}")
	    "<meta property=\"og:title\" content=\"From Open Graph\">"
	    "<meta name=\"twitter:title\" content=\"From Twitter\">"
	    "<title>From the title element of the page</title>", "From JSON-LD");
	expect_title("<meta property=\"og:title\" content=\"From Open Graph\">"
	    "<meta name=\"twitter:title\" content=\"From Twitter\">"
	    "<title>From the title element of the page</title>", "From Open Graph");
	expect_title("<meta name=\"twitter:title\" content=\"From Twitter\">"
	    "<title>From the title element of the page</title>", "From Twitter");
	expect_title("<title>From the title element of the page</title>",
	    "From the title element of the page");
	expect_title("", "Heading of the page");
	/* Dublin Core names, with '.' for ':' and any case */
	expect_title("<meta name=\"DC.title\" content=\"Dublin Core title\">"
	    "<meta property=\"og:title\" content=\"From Open Graph\">",
	    "Dublin Core title");
	/* property is a list; empty content is no value */
	expect_title("<meta property=\"x:title og:title\" content=\"Listed\">"
	    "<meta property=\"dc:title\" content=\"\">", "Listed");
	/* nothing at all */
	title_is(URL, "<p>just text</p>", NULL);
}

static void
test_title_jsonld_shapes(void **state)
{
	(void)state;
	/* @graph beside other objects */
	expect_title(LD("{\"@context\":\"https://schema.org\",\"@graph\":["
	    "{\"@type\":\"WebSite\",\"name\":\"The Site\"},"
	    "{\"@type\":\"WebPage\",\"name\":\"The page\"},"
	    "{\"@type\":\"BlogPosting\",\"headline\":\"Graph headline\"}]}"),
	    "Graph headline");
	/* a top-level array, @type as a list */
	expect_title(LD("[{\"@type\":\"Organization\",\"name\":\"Org\"},"
	    "{\"@type\":[\"CreativeWork\",\"ReportageNewsArticle\"],"
	    "\"name\":\"Array name\"}]"), "Array name");
	/* mainEntity of a page; the CDATA wrapper some CMSs add */
	expect_title(LD("<![CDATA[{\"@type\":\"WebPage\",\"mainEntity\":"
	    "{\"@type\":\"Report\",\"headline\":\"Main entity\"}}]]>"),
	    "Main entity");
	/* not an article: ignored */
	expect_title(LD("{\"@type\":\"Organization\",\"name\":\"Org name\"}")
	    "<title>The title element says this</title>",
	    "The title element says this");
	/* the first script with an article wins */
	expect_title(LD("{\"@type\":\"Person\",\"name\":\"Someone\"}")
	    LD("{\"@type\":\"Article\",\"headline\":\"Second script\"}")
	    LD("{\"@type\":\"Article\",\"headline\":\"Third script\"}"),
	    "Second script");
	/* name and headline differ: the one like the <title> */
	expect_title(LD("{\"@type\":\"NewsArticle\",\"name\":\"Site Name\","
	    "\"headline\":\"West Ham threatens the giants again\"}")
	    "<title>West Ham threatens the giants again | Site Name</title>",
	    "West Ham threatens the giants again");
	expect_title(LD("{\"@type\":\"NewsArticle\",\"name\":\"The real name\","
	    "\"headline\":\"Another headline\"}"), "The real name");
}

static void
test_title_jsonld_malformed(void **state)
{
	char deep[600];
	size_t n = 0;

	(void)state;
	/* broken JSON is skipped, never fatal */
	expect_title(LD("{\"@type\":\"Article\",\"headline\":\"Broken\",}")
	    "<meta property=\"og:title\" content=\"Fallback title\">",
	    "Fallback title");
	expect_title(LD("not json at all") LD("") LD("\"a string\"")
	    LD("{\"@type\":\"Article\",\"headline\":42}")
	    "<meta property=\"og:title\" content=\"Fallback title\">",
	    "Fallback title");
	expect_title(LD("{\"@type\":\"Article\",\"headline\":\"Cut off")
	    "<title>Still a fine title for the page</title>",
	    "Still a fine title for the page");
	/* nesting beyond any sane depth is skipped before parsing */
	n += (size_t)snprintf(deep, sizeof deep, "<script type=\"application/ld+json\">");
	for (int i = 0; i < 200; i++)
		deep[n++] = '[';
	for (int i = 0; i < 200; i++)
		deep[n++] = ']';
	snprintf(deep + n, sizeof deep - n, "</script>");
	expect_title(deep, "Heading of the page");
}

static void
test_title_site_separators(void **state)
{
	static const char *const seps[] = {
		" | ", " - ", " \xe2\x80\x93 ", " \xe2\x80\x94 ", " :: ", " / ",
		" \xc2\xbb ", " \xc2\xb7 ",
	};
	char head[256];

	(void)state;
	for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
		snprintf(head, sizeof head, "<title>Council approves the new city budget"
		    "%sThe Daily Example</title>", seps[i]);
		expect_title(head, "Council approves the new city budget");
	}
	/* several separators: the last part goes */
	expect_title("<title>Council approves the new city budget - Local | "
	    "Daily</title>", "Council approves the new city budget - Local");
	/* what is left before the last separator is too short: the first
	 * part goes instead */
	expect_title("<title>Daily | Council approves the new city budget</title>",
	    "Council approves the new city budget");
	/* short titles stay whole */
	expect_title("<title>Budget approved | The Daily</title>",
	    "Budget approved | The Daily");
	expect_title("<title>Short one - Site</title>", "Short one - Site");
	/* what is left still in parts keeps the part a heading reads */
	expect_title("<title>Heading of the page | by Ann Writer | Blogs</title>",
	    "Heading of the page");
	expect_title("<title>Another story of the day | by Ann Writer | Blogs</title>",
	    "Another story of the day | by Ann Writer");
	/* in a hierarchy the last part a heading reads is the page's
	 * ("Site » Blog Archive » Headline") ... */
	title_is(URL, "<title>Harbour Notes \xc2\xbb Blog Archive \xc2\xbb What the council "
	    "decided</title><h2>What the council decided</h2><p>x</p>",
	    "What the council decided");
	/* ... but not a section's word or two, nor across a plain bar */
	title_is(URL, "<title>Council approves the new city budget \xc2\xbb Local News"
	    "</title><h2>Local News</h2><p>x</p>", "Council approves the new city budget");
	title_is(URL, "<title>Daily Example | Blog Archive | What the council decided"
	    "</title><h2>What the council decided</h2><p>x</p>",
	    "Daily Example | Blog Archive");
	/* a short one the only h1 goes on from is that h1 */
	expect_title("<title>Heading of the | Blogs</title>", "Heading of the page");
	expect_title("<title>Heading of thé | Blogs</title>", "Heading of thé | Blogs");
	/* a heading's permalink sign is not its text (Sphinx) */
	title_is(URL, "<title>Installing the tools \xe2\x80\x94 Quarry 2.4 documentation"
	    "</title><h1>Installing the tools<a class=headerlink href=\"#installing\">"
	    "\xc2\xb6</a></h1><p>x</p>", "Installing the tools");
	/* a hyphen inside a word is no separator */
	expect_title("<title>Covid-19 cases fall again across the region</title>",
	    "Covid-19 cases fall again across the region");
}

static void
test_title_colon_and_length(void **state)
{
	(void)state;
	/* "Site: headline" keeps the headline ... */
	expect_title("<title>Example News: Council approves the new budget</title>",
	    "Council approves the new budget");
	/* ... unless a heading reads the whole title */
	title_is(URL, "<title>Colon titles: a study of them</title>"
	    "<h1>Colon titles: a study of them</h1><p>x</p>", "Colon titles: a study of them");
	/* too many words before the colon: something odd, keep it all */
	expect_title("<title>This is a long title with a colon: Hello there "
	    "everyone</title>",
	    "This is a long title with a colon: Hello there everyone");
	/* a very short title gives way to the only h1, a long one */
	title_is(URL, "<title>Home</title><h1>Council approves the new city budget</h1>"
	    "<p>x</p>", "Council approves the new city budget");
}

static void
test_title_site_name_known(void **state)
{
	(void)state;
	/* the site's name settles which side goes, even for short titles */
	expect_title("<meta property=\"og:site_name\" content=\"The Daily\">"
	    "<title>Budget approved | The Daily</title>", "Budget approved");
	expect_title("<meta property=\"og:site_name\" content=\"The Daily\">"
	    "<title>The Daily \xe2\x80\x94 Budget approved</title>",
	    "Budget approved");
	/* spaces and case do not matter */
	expect_title("<meta property=\"og:site_name\" content=\"The Hill\">"
	    "<meta property=\"og:title\" content=\"Senate passes the bill | TheHill\">",
	    "Senate passes the bill");
	/* a <title> that is only the site's name: the h1 */
	expect_title("<meta property=\"og:site_name\" content=\"Example Times\">"
	    "<title>Example Times</title>", "Heading of the page");
	/* a title source that gives only the site's name is passed over */
	expect_title("<meta property=\"og:site_name\" content=\"Example Times\">"
	    "<meta property=\"og:title\" content=\"Example Times\">"
	    "<title>Council approves the new city budget - Example Times</title>",
	    "Council approves the new city budget");
	expect_title(LD("{\"@type\":\"NewsArticle\",\"name\":\"Example Times\","
	    "\"headline\":\"Short one\",\"publisher\":{\"name\":\"Example Times\"}}"),
	    "Short one");
	/* JSON-LD's publisher names the site too */
	expect_title(LD("{\"@type\":\"NewsArticle\",\"headline\":\"Rates rise again "
	    "- Money Daily\",\"publisher\":{\"@type\":\"Organization\","
	    "\"name\":\"Money Daily\"}}"), "Rates rise again");
}

/* Without og:site_name, the application-name and the host's domain name
 * the site as well, in any title source, with "_" between parts too
 * (what is left keeps the part a heading reads) -- never a whole title. */
static void
test_title_site_name_found(void **state)
{
	static const struct {
		const char *url, *head, *want;
	} cases[] = {
		{ "https://en.wikipedia.org/wiki/Mozilla",
		    "<title>Mozilla - Wikipedia</title>", "Mozilla" },
		{ "http://www.bbc.co.uk/news", "<title>Rates - BBC.co.uk</title>", "Rates" },
		{ "https://user@bbc.co.uk:8080/news", "<title>Rates | BBC</title>", "Rates" },
		{ "http://localhost/news", "<title>Rates | Localhost</title>",
		    "Rates | Localhost" },
		/* an address with no name in it names nothing */
		{ "http://192.168.0.10/x", "<title>Rates - 10</title>", "Rates - 10" },
		{ URL, "<meta name=\"application-name\" content=\"\xe8\x85\xbe\xe8\xae\xaf\xe7\xbd\x91\">"
		    "<title>Heading of the page_\xe7\xa7\x91\xe6\x8a\x80_\xe8\x85\xbe\xe8\xae\xaf\xe7\xbd\x91</title>",
		    "Heading of the page" },
		{ URL, "<meta name=\"application-name\" content=\"Site\">"
		    "<title>Site_A short one_Section</title>", "A short one_Section" },
		/* an application-name that is the title is no site's name */
		{ URL, "<meta name=\"application-name\" content=\"Launch set for December\">"
		    "<meta property=\"og:title\" content=\"Launch set for December\">",
		    "Launch set for December" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		expect_title_at(cases[i].url, cases[i].head, cases[i].want);
}

/* The site's name read off its first links to the front page (a logo's
 * text or its picture's alt): cut from a title at a colon too. */
static void
test_title_site_name_home_link(void **state)
{
	static const struct {
		const char *url, *html, *want;
	} cases[] = {
		/* a council's logo, its name after the colon */
		{ URL, "<title>Road closed at Kirchberg: Town of Weilerbach</title>"
		    "<a href=\"/\"><img src=\"/logo.svg\" alt=\"Town of Weilerbach\"></a>"
		    "<h1>Road closed at Kirchberg</h1><p>x</p>", "Road closed at Kirchberg" },
		/* a blog's h1 links home: "Blog: Post" */
		{ URL, "<title>Garden Diary: April harvest</title>"
		    "<h1><a href=\"/\">Garden Diary</a></h1><h3>April harvest</h3><p>x</p>",
		    "April harvest" },
		{ "https://lucia.example.com/2013/04/market.html",
		    "<title>Lucia's Notebook: An afternoon at the market</title>"
		    "<h1><a href=\"https://lucia.example.com/\">Lucia's Notebook</a></h1><p>x</p>",
		    "An afternoon at the market" },
		/* the root of another site is not this one's */
		{ "https://lucia.example.com/2013/04/market.html",
		    "<title>Lucia's Notebook: An afternoon at the market</title>"
		    "<a href=\"https://other.example.net/\">An afternoon at the market</a>"
		    "<p>x</p>", "An afternoon at the market" },
		{ "https://lucia.example.com/2013/04/market.html",
		    "<title>Old notes: Town of Weilerbach</title>"
		    "<a href=\"https://other.example.net/\">Town of Weilerbach</a><p>x</p>",
		    "Old notes: Town of Weilerbach" },
		/* nor is a link to another page */
		{ URL, "<title>Short one: Town of Weilerbach</title>"
		    "<a href=\"/about\">Town of Weilerbach</a><p>x</p>",
		    "Short one: Town of Weilerbach" },
		/* the logo's name without the club's legal form: the word
		 * left is the section's, the only h1 holding it the headline */
		{ URL, "<title>Geschichte: F\xc3\xb6rderverein Burg Falkenau e.V.</title>"
		    "<a href=\"/\"><img src=\"/logo.png\" alt=\"F\xc3\xb6rderverein Burg Falkenau\"></a>"
		    "<h1>Die Geschichte der Burg</h1><p>x</p>", "Die Geschichte der Burg" },
		{ URL, "<title>Termine | Heimatverein Talbach e.V.</title>"
		    "<a href=\"/\">Heimatverein Talbach</a>"
		    "<h1>Termine 2024</h1><p>x</p>", "Termine 2024" },
		/* an h1 without the word, or two h1s, leave the part be */
		{ URL, "<title>Geschichte: F\xc3\xb6rderverein Burg Falkenau e.V.</title>"
		    "<a href=\"/\"><img src=\"/logo.png\" alt=\"F\xc3\xb6rderverein Burg Falkenau\"></a>"
		    "<h1>Willkommen</h1><p>x</p>", "Geschichte" },
		{ URL, "<title>Termine | Heimatverein Talbach e.V.</title>"
		    "<a href=\"/\">Heimatverein Talbach</a>"
		    "<h1>Termine 2024</h1><h1>Termine 2025</h1><p>x</p>", "Termine" },
		/* the part left is where the only h1 starts: the h1 is the
		 * headline whole, however long the part */
		{ URL, "<title>Neues Verfahren zur Wasseraufbereitung \xe2\x80\x93 Universit\xc3\xa4t "
		    "Lindenau</title><a href=\"/\">Universit\xc3\xa4t Lindenau</a>"
		    "<h1>Neues Verfahren zur Wasseraufbereitung entfernt Mikroplastik</h1><p>x</p>",
		    "Neues Verfahren zur Wasseraufbereitung entfernt Mikroplastik" },
		{ URL, "<title>Neues Verfahren zur Wasseraufbereitung \xe2\x80\x93 Universit\xc3\xa4t "
		    "Lindenau</title><a href=\"/\">Universit\xc3\xa4t Lindenau</a>"
		    "<h1>Neues Verfahren zur Wasseraufbereitungsanlage</h1><p>x</p>",
		    "Neues Verfahren zur Wasseraufbereitung" },
		/* the legal form in the name and not in the title */
		{ URL, "<title>Spring catalogue now out | Nordwind Tools</title>"
		    "<meta property=\"og:site_name\" content=\"Nordwind Tools GmbH\">"
		    "<p>x</p>", "Spring catalogue now out" },
		/* without a name, the h1 over a colon is no headline (a blog's) */
		{ URL, "<title>Garden Diary: April harvest</title>"
		    "<h1>Garden Diary</h1><h3>April harvest</h3><p>x</p>",
		    "Garden Diary: April harvest" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		title_is(cases[i].url, cases[i].html, cases[i].want);
}

/* Japanese and Chinese titles: the full-width bar, spaced or not, parts
 * as a separator does; without the site's name, the part the page's
 * heading reads, however many follow it. */
static void
test_title_cjk_parts(void **state)
{
	(void)state;
	expect_title("<meta property=\"og:site_name\" content=\"Minato\">"
	    "<title>Heading of the page\xef\xbd\x9cMinato</title>", "Heading of the page");
	expect_title("<title>Heading of the page \xef\xbd\x9c Minato</title>",
	    "Heading of the page");
	expect_title("<title>Heading of the page_\xe7\xa7\x91\xe6\x8a\x80_"
	    "\xe5\x8d\x97\xe6\xb1\x9f\xe7\xbd\x91</title>", "Heading of the page");
	expect_title("<title>Heading of the page - Travel notes - Cloud forum</title>",
	    "Heading of the page");
	/* no heading reads the first part: Readability's cut */
	expect_title("<title>Another headline here - Travel notes - Cloud forum</title>",
	    "Another headline here - Travel notes");
}

/* Thai, Tibetan and the other scripts that space no words: a headline
 * is one piece between spaces but many words, so the site's name is
 * cut as after an English headline (it was kept as "four words or
 * fewer"). */
static void
test_title_unspaced(void **state)
{
	(void)state;
	/* "Farmers' market reopens in Chiang Mai" | Daily Monsoon */
	expect_title("<title>\xe0\xb8\x95\xe0\xb8\xa5\xe0\xb8\xb2\xe0\xb8\x94"
	    "\xe0\xb8\x99\xe0\xb8\xb1\xe0\xb8\x94\xe0\xb9\x80\xe0\xb8\x81"
	    "\xe0\xb8\xa9\xe0\xb8\x95\xe0\xb8\xa3\xe0\xb8\x81\xe0\xb8\xa3"
	    "\xe0\xb9\x80\xe0\xb8\x9b\xe0\xb8\xb4\xe0\xb8\x94\xe0\xb8\xad"
	    "\xe0\xb8\xb5\xe0\xb8\x81\xe0\xb8\x84\xe0\xb8\xa3\xe0\xb8\xb1"
	    "\xe0\xb9\x89\xe0\xb8\x87 | Daily Monsoon</title>",
	    "\xe0\xb8\x95\xe0\xb8\xa5\xe0\xb8\xb2\xe0\xb8\x94"
	    "\xe0\xb8\x99\xe0\xb8\xb1\xe0\xb8\x94\xe0\xb9\x80\xe0\xb8\x81"
	    "\xe0\xb8\xa9\xe0\xb8\x95\xe0\xb8\xa3\xe0\xb8\x81\xe0\xb8\xa3"
	    "\xe0\xb9\x80\xe0\xb8\x9b\xe0\xb8\xb4\xe0\xb8\x94\xe0\xb8\xad"
	    "\xe0\xb8\xb5\xe0\xb8\x81\xe0\xb8\x84\xe0\xb8\xa3\xe0\xb8\xb1"
	    "\xe0\xb9\x89\xe0\xb8\x87");
	/* "a new library" - Daily Monsoon: marks (subjoined letters, vowel
	 * signs) count for nothing */
	expect_title("<title>\xe0\xbd\x91\xe0\xbd\x94\xe0\xbd\xba\xe0\xbc\x8b"
	    "\xe0\xbd\x98\xe0\xbd\x9b\xe0\xbd\xbc\xe0\xbd\x91"
	    "\xe0\xbc\x8b\xe0\xbd\x81\xe0\xbd\x84\xe0\xbc\x8b"
	    "\xe0\xbd\x82\xe0\xbd\xa6\xe0\xbd\xa2\xe0\xbc\x8b"
	    "\xe0\xbd\x94\xe0\xbc\x8d - Daily Monsoon</title>",
	    "\xe0\xbd\x91\xe0\xbd\x94\xe0\xbd\xba\xe0\xbc\x8b"
	    "\xe0\xbd\x98\xe0\xbd\x9b\xe0\xbd\xbc\xe0\xbd\x91"
	    "\xe0\xbc\x8b\xe0\xbd\x81\xe0\xbd\x84\xe0\xbc\x8b"
	    "\xe0\xbd\x82\xe0\xbd\xa6\xe0\xbd\xa2\xe0\xbc\x8b"
	    "\xe0\xbd\x94\xe0\xbc\x8d");
	/* a short Thai headline is still short: the title stays whole */
	expect_title("<title>\xe0\xb8\x82\xe0\xb9\x88\xe0\xb8\xb2\xe0\xb8\xa7"
	    " | Daily Monsoon</title>", "\xe0\xb8\x82\xe0\xb9\x88\xe0\xb8\xb2"
	    "\xe0\xb8\xa7 | Daily Monsoon");
}

/* ------------------------------------------------------------ byline */

static void
test_byline_sources(void **state)
{
	(void)state;
	expect_field(f_byline, "<meta name=\"author\" content=\"Ann Writer\">"
	    "<p class=\"byline\">By Someone Else</p>", "Ann Writer");
	expect_field(f_byline, LD("{\"@type\":\"Article\",\"author\":{\"@type\":"
	    "\"Person\",\"name\":\"Jay Son\"}}")
	    "<meta name=\"author\" content=\"Ann Writer\">", "Jay Son");
	expect_field(f_byline, LD("{\"@type\":\"Article\",\"author\":["
	    "{\"name\":\"Stella Kim\"},{\"name\":\"Jennifer Jett\"},{\"url\":\"x\"},"
	    "\"Third Person\"]}"), "Stella Kim, Jennifer Jett, Third Person");
	expect_field(f_byline, LD("{\"@type\":\"Article\",\"author\":\"Plain Name\"}"),
	    "Plain Name");
	/* an address is not a name */
	expect_field(f_byline, "<meta property=\"article:author\" "
	    "content=\"https://www.facebook.com/someone\"><p>x</p>", NULL);
	expect_field(f_byline, "<meta property=\"og:article:author\" "
	    "content=\"BBC News\"><p>x</p>", "BBC News");
	expect_field(f_byline, "<meta property=\"dc:creator\" content=\"DC Creator\">"
	    "<meta name=\"author\" content=\"Meta Author\">", "DC Creator");
	expect_field(f_byline, "<meta name=\"parsely-author\" content=\"Jane Doe\">",
	    "Jane Doe");
}

/* Over 600 bytes of class names. */
#define LONG_CLASSES_10 "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee " \
	"fffffffff ggggggggg hhhhhhhhh iiiiiiiii jjjjjjjjj"
#define LONG_CLASSES LONG_CLASSES_10 " " LONG_CLASSES_10 " " LONG_CLASSES_10 \
	" " LONG_CLASSES_10 " " LONG_CLASSES_10 " " LONG_CLASSES_10

static void
test_byline_in_page(void **state)
{
	(void)state;
	expect_field(f_byline, "<p>Intro</p><a rel=\"author\" href=\"/a\">Rel "
	    "Author</a>", "Rel Author");
	expect_field(f_byline, "<div class=\"post-byline\">\n  By\n\t Pat   Smith "
	    "</div>", "By Pat Smith");
	expect_field(f_byline, "<span id=\"writtenby\">Sam Jones</span>", "Sam Jones");
	/* itemprop author with a name inside: the name */
	expect_field(f_byline, "<div itemprop=\"author\" itemscope>Written by "
	    "<span itemprop=\"name\">Lee Chen</span>, staff</div>", "Lee Chen");
	/* a hundred characters or more is no byline */
	expect_field(f_byline, "<div class=\"author\">This box tells you about "
	    "the author at great length, more than any byline would ever take to "
	    "say who wrote this</div><p class=\"byline\">Short Name</p>",
	    "Short Name");
	/* hidden, or in a comment section or sidebar: skipped */
	expect_field(f_byline, "<p class=\"byline\" hidden>Hidden One</p>"
	    "<p class=\"byline\" style=\"display: none\">Hidden Two</p>"
	    "<div class=\"comments\"><span class=\"comment-author\">Commenter"
	    "</span></div><aside class=\"sidebar\"><p class=\"author\">Side"
	    "</p></aside><p class=\"byline\">Real Author</p>", "Real Author");
	/* empty bylines do not count */
	expect_field(f_byline, "<p class=\"byline\">  </p><p>x</p>", NULL);
	/* class and id words in any case; a content word spares an
	 * unlikely one; a class list longer than the lowering buffer
	 * still matches */
	expect_field(f_byline, "<div ID=\"SideBar\"><p class=\"Author\">Side</p>"
	    "</div><p CLASS=\"Post-ByLine\">Upper Case</p>", "Upper Case");
	expect_field(f_byline, "<div class=\"sidebar main\"><p class=\"author\">"
	    "Main Side</p></div>", "Main Side");
	expect_field(f_byline, "<div class=\"" LONG_CLASSES " Comment\"><p class="
	    "\"author\">In Comments</p></div><p class=\"x " LONG_CLASSES
	    " WrittenBy\">Long Class</p>", "Long Class");
}

/* --------------------------------------------------------- published */

static void
test_published(void **state)
{
	(void)state;
	expect_field(f_published, LD("{\"@type\":\"Article\",\"datePublished\":"
	    "\"2024-06-25T10:00:00Z\"}")
	    "<meta property=\"article:published_time\" content=\"2020-01-01\">",
	    "2024-06-25T10:00:00Z");
	expect_field(f_published, "<meta property=\"article:published_time\" "
	    "content=\"2015-07-10T09:53:00-04:00\"><meta name=\"date\" "
	    "content=\"1999-01-01\">", "2015-07-10T09:53:00-04:00");
	expect_field(f_published, "<meta name=\"parsely-pub-date\" "
	    "content=\"2024-04-20T04:20:00.000Z\">", "2024-04-20T04:20:00.000Z");
	expect_field(f_published, "<meta itemprop=\"datePublished\" "
	    "content=\"2017-01-13\">", "2017-01-13");
	expect_field(f_published, "<meta name=\"pubdate\" content=\"2017-03-10\">",
	    "2017-03-10");
	expect_field(f_published, "<meta name=\"date\" content=\"2016-02-01 01:28\">",
	    "2016-02-01 01:28");
	/* a time marked as the publication date, anywhere */
	expect_field(f_published, "<footer><time datetime=\"2019-01-01\">x</time>"
	    "</footer><time itemprop=\"datePublished\" datetime=\"2019-11-21\">"
	    "Nov 21</time>", "2019-11-21");
	/* else the first time in the article */
	expect_field(f_published, "<time datetime=\"2001-01-01\">nav</time>"
	    "<article><h1>T</h1><time datetime=\"PDT08:05\">bad</time>"
	    "<time datetime=\" 2015-03-10T08:05:41-07:00\">March 10</time>"
	    "</article>", "2015-03-10T08:05:41-07:00");
	/* placeholders are no date */
	expect_field(f_published, LD("{\"@type\":\"Article\",\"datePublished\":"
	    "\"0001-01-01T00:00:00Z\"}") "<meta property=\"article:published_time\" "
	    "content=\"2019-11-20\">", "2019-11-20");
	expect_field(f_published, "<p><time datetime=\"2019-11-20\">x</time></p>",
	    NULL);
}

/* ------------------------------------------------ site, lang and dir */

static void
test_site(void **state)
{
	(void)state;
	expect_field(f_site, "<meta property=\"og:site_name\" content=\"Example "
	    "Times\">", "Example Times");
	expect_field(f_site, LD("{\"@type\":\"NewsArticle\",\"publisher\":"
	    "{\"@type\":\"Organization\",\"name\":\"Publisher Name\"}}")
	    "<meta property=\"og:site_name\" content=\"OG Site\">", "Publisher Name");
	expect_field(f_site, LD("{\"@type\":\"NewsArticle\",\"publisher\":"
	    "[{\"name\":\"First Publisher\"}]}"), "First Publisher");
	expect_field(f_site, "<title>No site here</title>", NULL);
}

static void
test_lang(void **state)
{
	(void)state;
	expect_field(f_lang, "<html lang=\"pt-BR\"><p>x</p></html>", "pt-BR");
	expect_field(f_lang, "<html lang=\"de\"><head><meta http-equiv="
	    "\"Content-Language\" content=\"fr\"></head></html>", "de");
	expect_field(f_lang, "<html><head><meta http-equiv=\"content-language\" "
	    "content=\"fr-CA, en\"></head></html>", "fr-CA");
	expect_field(f_lang, "<html lang=\"\"><p>x</p></html>", NULL);
	expect_field(f_lang, "<p>x</p>", NULL);
}

static void
test_dir(void **state)
{
	(void)state;
	expect_field(f_dir, "<html dir=\"rtl\"><body><p>نص عربي</p></body></html>",
	    "rtl");
	expect_field(f_dir, "<html dir=\"ltr\"><body dir=\"RTL\"><p>text</p>"
	    "</body></html>", "rtl");
	expect_field(f_dir, "<html dir=\"ltr\"><body><p>text</p></body></html>",
	    "ltr");
	/* the direction most of the text is set in */
	expect_field(f_dir, "<body><nav>Home</nav><main dir=\"rtl\"><p>A long "
	    "paragraph that is most of the page's text.</p></main></body>", "rtl");
	expect_field(f_dir, "<body><p>Most of the text has no direction set on "
	    "it at all.</p><p dir=\"rtl\">short</p></body>", NULL);
	expect_field(f_dir, "<html dir=\"auto\"><p>text</p></html>", NULL);
	expect_field(f_dir, "<p>text</p>", NULL);
}

/* ------------------------------------------------- excerpt and image */

static void
test_excerpt(void **state)
{
	(void)state;
	expect_field(f_excerpt, "<meta name=\"description\" content=\"Meta "
	    "description\"><meta property=\"og:description\" content=\"OG "
	    "description\">", "OG description");
	expect_field(f_excerpt, "<meta name=\"description\" content=\"Meta "
	    "description\"><meta name=\"twitter:description\" content=\"Tw\">",
	    "Meta description");
	expect_field(f_excerpt, LD("{\"@type\":\"Article\",\"description\":\"LD "
	    "description\"}") "<meta property=\"og:description\" content=\"OG\">",
	    "LD description");
	/* no summary: the first paragraph after the h1 */
	expect_field(f_excerpt, "<html><head></head><body><p>Menu text</p>"
	    "<h1>Title</h1><div class=\"byline\">By Al</div><p></p><div>First\n"
	    "   paragraph <b>of</b> it.</div><p>Second.</p></body></html>",
	    "First paragraph of it.");
	expect_field(f_excerpt, "<p>Only <span hidden>HIDDEN</span>paragraph.</p>",
	    "Only paragraph.");
}

static void
test_image(void **state)
{
	(void)state;
	expect_field(f_image, "<meta property=\"og:image\" content=\"/img/lead.jpg\">"
	    "<meta property=\"og:image\" content=\"/img/second.jpg\">"
	    "<meta name=\"twitter:image\" content=\"https://cdn.example/t.jpg\">",
	    "https://example.org/img/lead.jpg");
	expect_field(f_image, "<meta name=\"twitter:image\" content=\"t.png\">",
	    "https://example.org/news/t.png");
	expect_field(f_image, LD("{\"@type\":\"Article\",\"image\":\"ld.jpg\"}"),
	    "https://example.org/news/ld.jpg");
	expect_field(f_image, LD("{\"@type\":\"Article\",\"image\":{\"@type\":"
	    "\"ImageObject\",\"url\":\"//cdn.example/obj.jpg\"}}"),
	    "https://cdn.example/obj.jpg");
	expect_field(f_image, LD("{\"@type\":\"Article\",\"image\":["
	    "\"https://cdn.example/a.jpg\",\"https://cdn.example/b.jpg\"]}"),
	    "https://cdn.example/a.jpg");
	expect_field(f_image, "<p>no image</p>", NULL);
	/* <base> moves the base */
	expect_field(f_image, "<base href=\"https://other.example/dir/\">"
	    "<meta property=\"og:image\" content=\"i.jpg\">",
	    "https://other.example/dir/i.jpg");
}

static void
test_url_is_base(void **state)
{
	pith_doc *d;

	(void)state;
	d = parse("<p>x</p>");
	assert_string_equal(pith_doc_meta(d)->url, URL);
	assert_ptr_equal(pith_doc_url(d), pith_doc_meta(d)->url);
	pith_doc_free(d);
	d = parse_url("<p>x</p>", NULL);
	assert_null(pith_doc_meta(d)->url);
	assert_null(pith_doc_meta(d)->image);
	pith_doc_free(d);
}

/* ------------------------------------------------------- cleaning */

static void
no_controls(const char *s)
{
	for (const unsigned char *u = (const unsigned char *)s; *u; u++) {
		assert_true(*u >= 0x20 && *u != 0x7f);
		if (u[0] == 0xc2)
			assert_false(u[1] >= 0x80 && u[1] <= 0x9f);
	}
}

static void
test_controls_and_space(void **state)
{
	pith_doc *d;
	const pith_meta *m;

	(void)state;
	d = parse("<html><head><meta property=\"og:title\" content=\"Evil \x1b[31m"
	    "red\x07 title\xc2\x9b" "2J here\">"
	    "<meta name=\"author\" content=\"  Ann \n\t  Writer  \">"
	    "<meta property=\"og:site_name\" content=\"Site&amp;amp;Co &amp;#x1F62D; "
	    "&amp;#0; &amp;#xFFFFFFFF; &amp;#xg;\">"
	    LD("{\"@type\":\"Article\",\"description\":\"LD \\u001b[2Jtext\\u009b "
	    "&lt;b&gt;\"}") "</head><body><p>x</p></body></html>");
	m = pith_doc_meta(d);
	/* gumbo makes most controls U+FFFD; none may survive raw */
	no_controls(m->title);
	assert_string_equal(m->title, "Evil " R "[31mred" R " title" R "2J here");
	assert_string_equal(m->byline, "Ann Writer");
	/* references escaped twice are undone, impossible ones are U+FFFD */
	assert_string_equal(m->site, "Site&Co \xf0\x9f\x98\xad " R " " R " &#xg;");
	assert_string_equal(m->excerpt, "LD [2Jtext <b>");
	pith_doc_free(d);
}

static void
test_overlong_values(void **state)
{
	size_t n = 3000 * 2 + 100 * 5 + 200;
	char *html = malloc(n), *p = html;
	pith_doc *d;
	const char *t;

	(void)state;
	assert_non_null(html);
	p += sprintf(p, "<meta property=\"og:title\" content=\"a");
	/* "a" then two-byte characters: a cut must fall between them */
	for (int i = 0; i < 3000; i++)
		p += sprintf(p, "\xc3\xa9");
	p += sprintf(p, "\"><meta name=\"description\" content=\"");
	for (int i = 0; i < 100; i++)
		p += sprintf(p, "word ");
	sprintf(p, "\">");
	d = parse(html);
	t = pith_doc_meta(d)->title;
	assert_non_null(t);
	assert_true(strlen(t) <= 2000);
	assert_true(strlen(t) >= 1990);
	assert_int_equal(strlen(t) % 2, 1);      /* "a" and whole é's */
	assert_int_equal((unsigned char)t[strlen(t) - 1], 0xa9);
	/* trailing space trimmed */
	assert_string_equal(pith_doc_meta(d)->excerpt + 490, "word word");
	pith_doc_free(d);
	free(html);
}

/* The shared cleaning helper on its own. */
static void
test_str_clean(void **state)
{
	static const char in[] = "  a \t\n b\x01" "c\x7f\xc2\x85 d  ";
	static const struct {
		const char *name, *in;
		size_t max;
		const char *want;
	} cleaned[] = {
		{ "space and controls", in, 100, "a bc d" },
		{ "cut at 3", in, 3, "a b" },
		{ "cut inside a character", "\xc3\xa9\xc3\xa9\xc3\xa9", 5, "\xc3\xa9\xc3\xa9" },
		{ "a broken last character", "ab\xe2\x82", 100, "ab" },
		{ "a lone continuation byte (gumbo's &#8211666...;)", "a \xaa b", 100, "a b" },
		{ "a surrogate and a code point past U+10FFFF", "a\xed\xa0\x80\xf4\x90\x80\x80" "b",
		  100, "ab" },
		{ "only space", " \n ", 100, "" },
	};
	static const struct {
		const char *name, *s;
		size_t len;
	} controls[] = {
		{ "ESC", "\x1b", 1 }, { "CSI", "\xc2\x9b", 2 }, { "no-break space", "\xc2\xa0", 0 },
		{ "nothing", "", 0 },
	};
	arena a = {0};
	char *s;

	(void)state;
	for (size_t i = 0; i < sizeof cleaned / sizeof cleaned[0]; i++) {
		s = str_clean(&a, cleaned[i].in, strlen(cleaned[i].in), cleaned[i].max);
		if (strcmp(s, cleaned[i].want) != 0)
			fail_msg("str_clean, %s: \"%s\", not \"%s\"", cleaned[i].name, s,
			    cleaned[i].want);
	}
	for (size_t i = 0; i < sizeof controls / sizeof controls[0]; i++) {
		size_t n = str_control_len((const unsigned char *)controls[i].s,
		    strlen(controls[i].s));

		if (n != controls[i].len)
			fail_msg("str_control_len of %s: %zu, not %zu", controls[i].name, n,
			    controls[i].len);
	}
	arena_free(&a);
}

/* Deep nesting: the text walks follow parent links, not the C stack. */
static void
test_deep_page(void **state)
{
	enum { N = 5000 };
	static char html[N * 6 + 256];
	size_t k = 0;
	pith_doc *d;

	(void)state;
	k += (size_t)sprintf(html, "<title>Home</title><h1>");
	for (int i = 0; i < N; i++)
		k += (size_t)sprintf(html + k, "<span>");
	strcpy(html + k, "A deeply nested heading for the page</h1>");
	d = parse(html);
	assert_string_equal(pith_doc_title(d), "A deeply nested heading for the page");
	pith_doc_free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_title_sources_in_order),
		cmocka_unit_test(test_title_jsonld_shapes),
		cmocka_unit_test(test_title_jsonld_malformed),
		cmocka_unit_test(test_title_site_separators),
		cmocka_unit_test(test_title_colon_and_length),
		cmocka_unit_test(test_title_site_name_known),
		cmocka_unit_test(test_title_site_name_found),
		cmocka_unit_test(test_title_site_name_home_link),
		cmocka_unit_test(test_title_cjk_parts),
		cmocka_unit_test(test_title_unspaced),
		cmocka_unit_test(test_byline_sources),
		cmocka_unit_test(test_byline_in_page),
		cmocka_unit_test(test_published),
		cmocka_unit_test(test_site),
		cmocka_unit_test(test_lang),
		cmocka_unit_test(test_dir),
		cmocka_unit_test(test_excerpt),
		cmocka_unit_test(test_image),
		cmocka_unit_test(test_url_is_base),
		cmocka_unit_test(test_controls_and_space),
		cmocka_unit_test(test_overlong_values),
		cmocka_unit_test(test_str_clean),
		cmocka_unit_test(test_deep_page),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
