/*
 * meta.c - the page's metadata: title, byline, published time, site
 * name, language, text direction, excerpt and lead image.
 *
 * Every field takes the first of its sources that has a value.  The
 * orders follow Readability.js, measured on its test pages with
 * tools/meta-check.py: JSON-LD of an article type first, then <meta>
 * name/property values, then the document itself (<title> without the
 * site's name, byline elements, <time>, the first paragraph).  Where
 * pith goes further (the site's name, or its application-name or domain,
 * cut from every title; dates from
 * itemprop, pubdate and <time>, dir from where the text is) the
 * comments say so.  Values are cleaned (white space collapsed, controls
 * dropped, length bounded) and live in the doc's string arena.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <gumbo.h>
#include <jansson.h>
#include <unictype.h>
#include <unistr.h>
#include "internal.h"

enum {
	META_MAX = 2000,          /* bytes kept of any value */
	META_TEXT_MAX = 4096,     /* bytes of element text read */
	META_BYLINE_MAX = 100,    /* a byline element has fewer characters */
	META_LD_BYTES = 4 << 20,  /* larger JSON-LD scripts are skipped */
	META_LD_NEST = 64,        /* so is JSON nested deeper than this */
	META_LD_DEPTH = 8         /* containers searched for the article */
};

/* The <meta> names and properties read, by what they feed. */
enum meta_key {
	MK_DC_TITLE, MK_DCTERM_TITLE, MK_OG_TITLE, MK_WEIBO_ARTICLE_TITLE,
	MK_WEIBO_WEBPAGE_TITLE, MK_TITLE, MK_TWITTER_TITLE, MK_PARSELY_TITLE,
	MK_DC_CREATOR, MK_DCTERM_CREATOR, MK_AUTHOR, MK_PARSELY_AUTHOR,
	MK_ARTICLE_AUTHOR,
	MK_DC_DESCRIPTION, MK_DCTERM_DESCRIPTION, MK_OG_DESCRIPTION,
	MK_WEIBO_ARTICLE_DESCRIPTION, MK_WEIBO_WEBPAGE_DESCRIPTION,
	MK_DESCRIPTION, MK_TWITTER_DESCRIPTION,
	MK_OG_SITE_NAME, MK_APPLICATION_NAME,
	MK_PUBLISHED_TIME, MK_PARSELY_PUB_DATE, MK_DATE_PUBLISHED, MK_PUBDATE,
	MK_DATE,
	MK_OG_IMAGE, MK_TWITTER_IMAGE,
	MK_CONTENT_LANGUAGE,
	MK_COUNT
};

/* What JSON-LD's article object says; cleaned strings, NULL if absent. */
typedef struct {
	const char *name, *headline, *byline, *excerpt, *site, *published,
	    *image;
	bool found;
} meta_ld;

typedef struct {
	pith_doc *d;
	const char *val[MK_COUNT];   /* <meta> content, not yet cleaned */
	GumboNode *title;            /* the first HTML <title> */
	GumboNode *h1;               /* the first h1 */
	size_t h1_node;
	size_t nh1;
	meta_ld ld;
	/* What the site may be called in a title: its name, the
	 * application-name, its domain ("wikipedia", "wikipedia.org"),
	 * what its first links to the front page read (a logo's). */
	const char *names[6], *site;
	GumboNode *home[2];
	size_t nhome;
	size_t nnames;
	char domain[2][128];
	buf tmp;
	bool oom;
} meta_scan;

/* ------------------------------------------------------------- text */

static bool
meta_is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static bool
meta_wordc(char ch)
{
	unsigned char c = (unsigned char)ch;

	return c >= 0x80 || c == '_' || (c >= '0' && c <= '9') ||
	    ((c | 32) >= 'a' && (c | 32) <= 'z');
}

static char
meta_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

/* Whether a[0..n) and b[0..n) are equal but for ASCII case. */
static bool
meta_ieqn(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (meta_lower(a[i]) != meta_lower(b[i]))
			return false;
	return true;
}

static bool
meta_ieq(const char *a, const char *b)
{
	size_t n = strlen(a);

	return strlen(b) == n && meta_ieqn(a, b, n);
}

/* Whether s holds needle (lower case), ignoring ASCII case. */
static bool
meta_icontains(const char *s, const char *needle)
{
	size_t n = strlen(needle);

	for (; *s; s++) {
		size_t i;

		for (i = 0; i < n && s[i] && meta_lower(s[i]) == needle[i]; i++)
			;
		if (i == n)
			return true;
	}
	return false;
}

/* Append a code point as UTF-8. */
static void
meta_put_cp(buf *b, unsigned long cp)
{
	uint8_t u[6];
	int n = u8_uctomb(u, (ucs4_t)cp, sizeof u);

	if (n > 0)
		buf_put(b, u, (size_t)n);
}

/* Decode the character references pages escape twice (gumbo has
 * undone the first layer), as Readability does: &quot; &amp; &apos;
 * &lt; &gt;, numeric ones (impossible code points become U+FFFD), and
 * a few common typographic names. */
static void
meta_unescape(buf *b, const char *s, size_t n)
{
	static const struct { const char *name, *c; } named[] = {
		{ "quot;", "\"" }, { "amp;", "&" }, { "apos;", "'" },
		{ "lt;", "<" }, { "gt;", ">" }, { "nbsp;", "\xc2\xa0" },
		{ "ndash;", "\xe2\x80\x93" }, { "mdash;", "\xe2\x80\x94" },
		{ "lsquo;", "\xe2\x80\x98" }, { "rsquo;", "\xe2\x80\x99" },
		{ "ldquo;", "\xe2\x80\x9c" }, { "rdquo;", "\xe2\x80\x9d" },
		{ "hellip;", "\xe2\x80\xa6" }, { "laquo;", "\xc2\xab" },
		{ "raquo;", "\xc2\xbb" }, { "middot;", "\xc2\xb7" },
	};
	size_t i = 0;

	while (i < n) {
		const char *amp = memchr(s + i, '&', n - i);
		size_t j, k;

		if (amp == NULL) {
			buf_put(b, s + i, n - i);
			return;
		}
		j = (size_t)(amp - s);
		buf_put(b, s + i, j - i);
		i = j + 1;
		for (k = 0; k < sizeof named / sizeof named[0]; k++) {
			size_t m = strlen(named[k].name);

			if (n - i >= m && memcmp(s + i, named[k].name, m) == 0) {
				buf_puts(b, named[k].c);
				i += m;
				break;
			}
		}
		if (k < sizeof named / sizeof named[0])
			continue;
		if (i < n && s[i] == '#') {
			bool hex = i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'X');
			size_t p = i + 1 + hex, q;
			unsigned long cp = 0;
			bool big = false;

			for (q = p; q < n; q++) {
				int v;
				char c = s[q];

				if (c >= '0' && c <= '9')
					v = c - '0';
				else if (hex && c >= 'a' && c <= 'f')
					v = c - 'a' + 10;
				else if (hex && c >= 'A' && c <= 'F')
					v = c - 'A' + 10;
				else
					break;
				if (cp > 0x10ffff)
					big = true;
				else
					cp = cp * (hex ? 16 : 10) + (unsigned long)v;
			}
			if (q > p && q < n && s[q] == ';') {
				if (big || cp == 0 || cp > 0x10ffff ||
				    (cp >= 0xd800 && cp <= 0xdfff))
					cp = 0xfffd;
				meta_put_cp(b, cp);
				i = q + 1;
				continue;
			}
		}
		buf_putc(b, '&');
	}
}

/* The cleaned copy of s[0..n) in the arena, or NULL when nothing is
 * left of it (or memory ran out: s->oom says which). */
static const char *
meta_clean(meta_scan *s, const char *v, size_t n, bool unescape)
{
	const char *r;

	if (v == NULL)
		return NULL;
	if (unescape && memchr(v, '&', n) != NULL) {
		s->tmp.len = 0;
		meta_unescape(&s->tmp, v, n);
		if (s->tmp.oom) {
			s->oom = true;
			return NULL;
		}
		v = s->tmp.data != NULL ? s->tmp.data : "";
		n = s->tmp.len;
	}
	if ((r = str_clean(&s->d->strings, v, n, META_MAX)) == NULL) {
		s->oom = true;
		return NULL;
	}
	return *r != '\0' ? r : NULL;
}

static const char *
meta_cleans(meta_scan *s, const char *v, bool unescape)
{
	return v != NULL ? meta_clean(s, v, strlen(v), unescape) : NULL;
}

static const char *
meta_attr(GumboNode *g, const char *name)
{
	return node_attr(g, name);
}

/* The attributes the byline walk reads of every element, found in one
 * pass over its list (gumbo_get_attribute scans it once per name). */
typedef struct {
	node_attrs at;
	/* class and id lower-cased (meta_attrs_lower), NULL when absent or
	 * too long for the buffers */
	const char *lklass, *lid;
	char bklass[512], bid[256];
} meta_attrs;

static void
meta_attrs_get(GumboNode *g, meta_attrs *a)
{
	node_attrs_get(g, &a->at);
	a->lklass = a->lid = NULL;
}

/* g's text is none of a title's or byline's: hidden, or a heading's
 * permalink sign (Sphinx's h1 "Install¶" reads "Install"). */
static bool
meta_unread(GumboNode *g)
{
	node_attrs a;

	node_attrs_get(g, &a);
	return node_hidden(&a) || node_permalink(g, a.href);
}

/* Drop a character cut short at the end of b. */
static void
meta_cut_partial(buf *b)
{
	size_t i = b->len, need;
	unsigned char lead;

	while (i > 0 && b->len - i < 4 &&
	    ((unsigned char)b->data[i - 1] & 0xc0) == 0x80)
		i--;
	if (i == 0 || (lead = (unsigned char)b->data[i - 1]) < 0xc0)
		return;
	need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
	if (b->len - (i - 1) < need)
		b->len = i - 1;
}

/* Append the text under root to b as textContent has it, with white
 * space collapsed and scripts and styles left out; *raw (if not NULL)
 * gets its length in UTF-16 units before collapsing, ends trimmed, as
 * JavaScript would measure it.  Returns false when it stopped at max
 * bytes, or at 4 max + 64 nodes (so that nested empty bylines cannot
 * cost time squared), with more to come.  Walks by parent links: page depth costs
 * no stack. */
static bool
meta_node_text(GumboNode *root, buf *b, size_t max, size_t *raw)
{
	GumboNode *n = root;
	size_t units = 0, pending = 0, visits = 0;

	for (;;) {
		GumboVector *ch = NULL;

		if (++visits > 4 * max + 64)
			return false;
		if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE ||
		    n->type == GUMBO_NODE_CDATA) {
			for (const char *t = n->v.text.text; *t && !b->oom; t++) {
				unsigned char c = (unsigned char)*t;

				if (meta_is_space(c)) {
					pending += b->len > 0;
					continue;
				}
				if (b->len + (pending > 0) >= max) {
					meta_cut_partial(b);
					return false;
				}
				if (pending > 0)
					buf_putc(b, ' ');
				units += pending + ((c & 0xc0) != 0x80) + ((c & 0xf8) == 0xf0);
				pending = 0;
				buf_putc(b, (char)c);
			}
		} else if ((n->type == GUMBO_NODE_ELEMENT ||
		    n->type == GUMBO_NODE_TEMPLATE) &&
		    n->v.element.tag != GUMBO_TAG_SCRIPT &&
		    n->v.element.tag != GUMBO_TAG_STYLE &&
		    n->v.element.tag != GUMBO_TAG_NOSCRIPT &&
		    (n == root || !meta_unread(n))) {
			ch = &n->v.element.children;
		}
		if (ch != NULL && ch->length > 0) {
			n = ch->data[0];
			continue;
		}
		while (n != root && n->index_within_parent + 1 >=
		    n->parent->v.element.children.length)
			n = n->parent;
		if (n == root) {
			if (raw != NULL)
				*raw = units;
			return true;
		}
		n = n->parent->v.element.children.data[n->index_within_parent + 1];
	}
}

/* The cleaned text of an element, or NULL. */
static const char *
meta_element_text(meta_scan *s, GumboNode *g)
{
	s->tmp.len = 0;
	meta_node_text(g, &s->tmp, META_TEXT_MAX, NULL);
	if (s->tmp.oom) {
		s->oom = true;
		return NULL;
	}
	return meta_clean(s, s->tmp.data != NULL ? s->tmp.data : "", s->tmp.len,
	    false);
}

/* Length in UTF-16 units (as JavaScript counts), up to limit. */
static size_t
meta_js_length(const char *t, size_t limit)
{
	size_t n = 0;

	for (const unsigned char *u = (const unsigned char *)t; *u && n < limit; u++) {
		if ((*u & 0xc0) != 0x80)
			n++;
		if ((*u & 0xf8) == 0xf0)
			n++;     /* outside the BMP: a surrogate pair */
	}
	return n;
}

/* A letter of a script that spaces no words: Thai, Lao, Tibetan,
 * Burmese and Khmer.  Their marks (vowel signs, subjoined consonants)
 * ride on a letter and are not counted. */
static bool
meta_is_unspaced(ucs4_t c)
{
	return str_unspaced(c) && uc_is_general_category(c, UC_CATEGORY_Lo);
}

/* Words as Readability counts them (pieces between runs of white space,
 * so a leading space adds one), except that the scripts that put no
 * spaces between words (Chinese, Japanese, Thai...) count a word per
 * two ideographs, kana or letters. */
static size_t
meta_words(const char *t, size_t n)
{
	const uint8_t *u = (const uint8_t *)t;
	size_t words = 1, cjk = 0, i = 0;

	while (i < n) {
		ucs4_t c;
		int m;

		if (meta_is_space(u[i])) {
			words += cjk > 2 ? (cjk + 1) / 2 - 1 : 0;
			cjk = 0;
			words++;
			while (i < n && meta_is_space(u[i]))
				i++;
			continue;
		}
		m = u8_mbtouc(&c, u + i, n - i);
		cjk += str_cjk(c) || meta_is_unspaced(c);
		i += m > 0 ? (size_t)m : 1;
	}
	return words + (cjk > 2 ? (cjk + 1) / 2 - 1 : 0);
}

/* The next word at *p (runs of letters, digits and '_'; bytes of
 * non-ASCII characters count as letters), or NULL at the end. */
static const char *
meta_next_word(const char **p, size_t *len)
{
	const char *s = *p, *w;

	while (*s && !meta_wordc(*s))
		s++;
	for (w = s; *s && meta_wordc(*s); s++)
		;
	*p = s;
	*len = (size_t)(s - w);
	return *len > 0 ? w : NULL;
}

/* Readability's text similarity: the share of b's text (its words
 * joined by spaces) made of words that a has too. */
static double
meta_similarity(const char *a, const char *b)
{
	size_t total = 0, uniq = 0, nb = 0, nu = 0, wl, vl;
	const char *p = b, *w;

	while ((w = meta_next_word(&p, &wl)) != NULL) {
		const char *q = a, *v;
		bool found = false;

		while (!found && (v = meta_next_word(&q, &vl)) != NULL)
			found = vl == wl && meta_ieqn(v, w, wl);
		total += wl;
		nb++;
		if (!found) {
			uniq += wl;
			nu++;
		}
	}
	if (nb == 0)
		return 0;
	total += nb - 1;
	uniq += nu > 0 ? nu - 1 : 0;
	return 1.0 - (double)uniq / (double)total;
}

/* ------------------------------------------------------------- <meta> */

/* The key a <meta> name or property stands for, or -1.  Names are
 * compared lower-cased, without white space, with '.' read as ':'
 * ("DC.title" is dc:title), as Readability reads them. */
static int
meta_key_of(const char *name)
{
	static const struct { const char *name; enum meta_key key; } keys[] = {
		{ "dc:title", MK_DC_TITLE }, { "dcterm:title", MK_DCTERM_TITLE },
		{ "dcterms:title", MK_DCTERM_TITLE }, { "og:title", MK_OG_TITLE },
		{ "weibo:article:title", MK_WEIBO_ARTICLE_TITLE },
		{ "weibo:webpage:title", MK_WEIBO_WEBPAGE_TITLE },
		{ "title", MK_TITLE }, { "twitter:title", MK_TWITTER_TITLE },
		{ "parsely-title", MK_PARSELY_TITLE },
		{ "dc:creator", MK_DC_CREATOR }, { "dcterm:creator", MK_DCTERM_CREATOR },
		{ "dcterms:creator", MK_DCTERM_CREATOR }, { "author", MK_AUTHOR },
		{ "parsely-author", MK_PARSELY_AUTHOR },
		{ "article:author", MK_ARTICLE_AUTHOR },
		{ "dc:description", MK_DC_DESCRIPTION },
		{ "dcterm:description", MK_DCTERM_DESCRIPTION },
		{ "dcterms:description", MK_DCTERM_DESCRIPTION },
		{ "og:description", MK_OG_DESCRIPTION },
		{ "weibo:article:description", MK_WEIBO_ARTICLE_DESCRIPTION },
		{ "weibo:webpage:description", MK_WEIBO_WEBPAGE_DESCRIPTION },
		{ "description", MK_DESCRIPTION },
		{ "twitter:description", MK_TWITTER_DESCRIPTION },
		{ "og:site_name", MK_OG_SITE_NAME },
		{ "application-name", MK_APPLICATION_NAME },
		{ "article:published_time", MK_PUBLISHED_TIME },
		{ "parsely-pub-date", MK_PARSELY_PUB_DATE },
		{ "datepublished", MK_DATE_PUBLISHED }, { "pubdate", MK_PUBDATE },
		{ "publishdate", MK_PUBDATE }, { "publish-date", MK_PUBDATE },
		{ "publish_date", MK_PUBDATE }, { "date", MK_DATE },
		{ "dc:date", MK_DATE }, { "dc:date:issued", MK_DATE },
		{ "dcterms:date", MK_DATE }, { "dcterms:issued", MK_DATE },
		{ "og:image", MK_OG_IMAGE }, { "og:image:url", MK_OG_IMAGE },
		{ "og:image:secure_url", MK_OG_IMAGE },
		{ "twitter:image", MK_TWITTER_IMAGE },
		{ "twitter:image:src", MK_TWITTER_IMAGE },
		{ "content-language", MK_CONTENT_LANGUAGE },
	};
	char k[48];
	size_t n = 0;

	for (const char *p = name; *p; p++) {
		char c = *p;

		if (meta_is_space((unsigned char)c))
			continue;
		if (n + 1 >= sizeof k)
			return -1;
		k[n++] = c == '.' ? ':' : meta_lower(c);
	}
	k[n] = '\0';
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(k, keys[i].name) == 0)
			return (int)keys[i].key;
	return -1;
}

static void
meta_store(meta_scan *s, int key, const char *content)
{
	if (key < 0)
		return;
	/* The first image is the page's main one; for text the last
	 * value wins, as in Readability. */
	if ((key == MK_OG_IMAGE || key == MK_TWITTER_IMAGE) && s->val[key] != NULL)
		return;
	s->val[key] = content;
}

static void
meta_take(meta_scan *s, GumboNode *g)
{
	const char *content = meta_attr(g, "content"), *v;
	bool matched = false;

	if (content == NULL || *content == '\0')
		return;
	/* property holds a space-separated list; name one value */
	if ((v = meta_attr(g, "property")) != NULL) {
		char tok[48];

		while (*v) {
			size_t n = 0;

			while (meta_is_space((unsigned char)*v))
				v++;
			for (; *v && !meta_is_space((unsigned char)*v); v++)
				if (n + 1 < sizeof tok)
					tok[n++] = *v;
			if (n == 0 || n + 1 >= sizeof tok)
				continue;
			tok[n] = '\0';
			int key = meta_key_of(tok);

			/* "og:article:author" reads as article:author */
			if (key < 0 && strchr(tok, ':') != NULL)
				key = meta_key_of(strchr(tok, ':') + 1);

			matched |= key >= 0;
			meta_store(s, key, content);
		}
	}
	if (!matched && (v = meta_attr(g, "name")) != NULL)
		meta_store(s, meta_key_of(v), content);
	if ((v = meta_attr(g, "itemprop")) != NULL && meta_ieq(v, "datePublished"))
		meta_store(s, MK_DATE_PUBLISHED, content);
	if ((v = meta_attr(g, "http-equiv")) != NULL &&
	    meta_ieq(v, "content-language"))
		meta_store(s, MK_CONTENT_LANGUAGE, content);
}

/* The first of keys[] with a value, cleaned. */
static const char *
meta_first(meta_scan *s, const enum meta_key *keys, size_t n)
{
	for (size_t i = 0; i < n && !s->oom; i++) {
		const char *v = meta_cleans(s, s->val[keys[i]], true);

		if (v != NULL)
			return v;
	}
	return NULL;
}

/* ------------------------------------------------------------ JSON-LD */

/* Whether a schema.org type names an article (Readability's list:
 * Article, NewsArticle and the other *Article types, BlogPosting and the
 * other *Posting types, Report, APIReference). */
static bool
meta_ld_type(const char *t)
{
	size_t n;

	if (strncmp(t, "schema:", 7) == 0)
		t += 7;
	else if (strncmp(t, "http://schema.org/", 18) == 0)
		t += 18;
	else if (strncmp(t, "https://schema.org/", 19) == 0)
		t += 19;
	n = strlen(t);
	return (n >= 7 && strcmp(t + n - 7, "Article") == 0) ||
	    (n >= 7 && strcmp(t + n - 7, "Posting") == 0) ||
	    strcmp(t, "Report") == 0 || strcmp(t, "APIReference") == 0;
}

static bool
meta_ld_is_article(json_t *o)
{
	json_t *t = json_object_get(o, "@type");
	size_t i;
	json_t *v;

	if (json_is_string(t))
		return meta_ld_type(json_string_value(t));
	json_array_foreach(t, i, v)
		if (json_is_string(v) && meta_ld_type(json_string_value(v)))
			return true;
	return false;
}

/* The first article object in document order, looking through
 * top-level arrays, @graph and mainEntity; an explicit stack, bounded. */
static json_t *
meta_ld_find(json_t *root)
{
	static const char *const kids[] = { "@graph", "mainEntity" };
	struct { json_t *v; size_t i; } st[META_LD_DEPTH];
	size_t n = 0;

	st[n].v = root;
	st[n++].i = 0;
	while (n > 0) {
		json_t *v = st[n - 1].v, *c;
		size_t i = st[n - 1].i++;

		if (json_is_array(v)) {
			if (i >= json_array_size(v)) {
				n--;
				continue;
			}
			c = json_array_get(v, i);
		} else {
			if (i == 0 && meta_ld_is_article(v))
				return v;
			if (i >= sizeof kids / sizeof kids[0]) {
				n--;
				continue;
			}
			c = json_object_get(v, kids[i]);
		}
		if ((json_is_array(c) || json_is_object(c)) && n < META_LD_DEPTH) {
			st[n].v = c;
			st[n++].i = 0;
		}
	}
	return NULL;
}

static const char *
meta_ld_string(meta_scan *s, json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_string(v) ? meta_clean(s, json_string_value(v),
	    json_string_length(v), true) : NULL;
}

static bool
meta_is_url(const char *v)
{
	const char *p = v;

	while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
		p++;
	return p > v && strncmp(p, "://", 3) == 0;
}

/* author: a name, an object with a name, or a list of them joined by
 * ", ".  Addresses are not names. */
static const char *
meta_ld_author(meta_scan *s, json_t *a)
{
	buf b = {0};
	json_t *one = a, *v;
	size_t i, n = json_is_array(a) ? json_array_size(a) : 1;
	const char *r;

	for (i = 0; i < n && i < 64; i++) {
		if (json_is_array(a))
			one = json_array_get(a, i);
		v = json_is_object(one) ? json_object_get(one, "name") : one;
		if (!json_is_string(v) || meta_is_url(json_string_value(v)))
			continue;
		if ((r = meta_clean(s, json_string_value(v), json_string_length(v),
		    true)) == NULL)
			continue;
		if (b.len > 0)
			buf_puts(&b, ", ");
		buf_puts(&b, r);
	}
	if (b.oom)
		s->oom = true;
	r = b.len > 0 && !b.oom ? meta_clean(s, b.data, b.len, false) : NULL;
	buf_free(&b);
	return r;
}

/* image: an address, an ImageObject with url or contentUrl, or a list
 * whose first entry is one of those. */
static const char *
meta_ld_image(json_t *v)
{
	if (json_is_array(v))
		v = json_array_get(v, 0);
	if (json_is_object(v)) {
		json_t *u = json_object_get(v, "url");

		v = json_is_string(u) ? u : json_object_get(v, "contentUrl");
	}
	return json_is_string(v) ? json_string_value(v) : NULL;
}

static void
meta_ld_read(meta_scan *s, json_t *o)
{
	meta_ld *ld = &s->ld;
	json_t *v;

	ld->found = true;
	ld->name = meta_ld_string(s, o, "name");
	ld->headline = meta_ld_string(s, o, "headline");
	if ((v = json_object_get(o, "author")) != NULL)
		ld->byline = meta_ld_author(s, v);
	ld->excerpt = meta_ld_string(s, o, "description");
	v = json_object_get(o, "publisher");
	if (json_is_array(v))
		v = json_array_get(v, 0);
	if (json_is_object(v))
		ld->site = meta_ld_string(s, v, "name");
	ld->published = meta_ld_string(s, o, "datePublished");
	ld->image = meta_cleans(s, meta_ld_image(json_object_get(o, "image")), false);
	/* Raw, newlines and all: they part its paragraphs (doc_ld). */
	v = json_object_get(o, "articleBody");
	if (json_is_string(v) && json_string_length(v) > 0 &&
	    (s->d->ld_body = arena_strndup(&s->d->strings, json_string_value(v),
	    json_string_length(v))) == NULL)
		s->oom = true;
}

/* How deeply s[0..n) nests arrays and objects (strings skipped). */
static size_t
meta_json_nesting(const char *s, size_t n)
{
	size_t depth = 0, max = 0;
	bool str = false;

	for (size_t i = 0; i < n; i++) {
		if (str) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == '"')
				str = false;
		} else if (s[i] == '"') {
			str = true;
		} else if (s[i] == '[' || s[i] == '{') {
			if (++depth > max)
				max = depth;
		} else if ((s[i] == ']' || s[i] == '}') && depth > 0) {
			depth--;
		}
	}
	return max;
}

/* A <script type="application/ld+json">: malformed, oversized or
 * over-nested JSON is skipped without a word. */
static void
meta_ld_script(meta_scan *s, GumboNode *g)
{
	GumboVector *ch = &g->v.element.children;
	const char *t;
	size_t n;
	json_t *root, *art;
	json_error_t e;

	s->tmp.len = 0;
	for (unsigned i = 0; i < ch->length; i++) {
		GumboNode *c = ch->data[i];

		if (c->type == GUMBO_NODE_TEXT || c->type == GUMBO_NODE_WHITESPACE ||
		    c->type == GUMBO_NODE_CDATA)
			buf_puts(&s->tmp, c->v.text.text);
		if (s->tmp.len > META_LD_BYTES)
			return;
	}
	if (s->tmp.oom) {
		s->oom = true;
		return;
	}
	t = s->tmp.data;
	n = s->tmp.len;
	while (n > 0 && meta_is_space((unsigned char)*t))
		t++, n--;
	while (n > 0 && meta_is_space((unsigned char)t[n - 1]))
		n--;
	if (n >= 9 && memcmp(t, "<![CDATA[", 9) == 0)
		t += 9, n -= 9;
	if (n >= 3 && memcmp(t + n - 3, "]]>", 3) == 0)
		n -= 3;
	if (n == 0 || meta_json_nesting(t, n) > META_LD_NEST)
		return;
	if ((root = json_loadb(t, n, 0, &e)) == NULL)
		return;
	if ((art = meta_ld_find(root)) != NULL)
		meta_ld_read(s, art);
	json_decref(root);
}

/* ------------------------------------------------------------- scan */

static bool
meta_is_ld(GumboNode *g)
{
	static const char ld[] = "application/ld+json";
	const char *t = meta_attr(g, "type");
	size_t n = 0;

	if (t == NULL)
		return false;
	while (meta_is_space((unsigned char)*t))
		t++;
	while (t[n] && !meta_is_space((unsigned char)t[n]) && t[n] != ';')
		n++;
	return n == sizeof ld - 1 && meta_ieqn(t, ld, n);
}

/* Link g leads to the site's front page: "/", or the page's own host
 * with no path.  A logo's link does, and what it reads (or its
 * picture's alt) is the site's name. */
static bool
meta_is_home(const meta_scan *s, GumboNode *g)
{
	const char *h = meta_attr(g, "href"), *u = s->d->url, *k, *p;
	size_t hn, kn;

	if (h == NULL)
		return false;
	if (strcmp(h, "/") == 0 || strcmp(h, "./") == 0)
		return true;
	if ((k = url_host(h, &hn)) == NULL || u == NULL || (p = url_host(u, &kn)) == NULL ||
	    hn != kn || strncasecmp(k, p, hn) != 0)
		return false;
	k += hn + strcspn(k + hn, "/?#");
	return *k == '\0' || strcmp(k, "/") == 0;
}

/* The alt of the first picture under g, or NULL.  A logo sits a few
 * elements down its link; deeper is no logo, and hostile nesting
 * must not run the recursion deep. */
static const char *
meta_img_alt(GumboNode *g, int depth)
{
	const GumboVector *ch = &g->v.element.children;
	const char *a;

	if (g->v.element.tag == GUMBO_TAG_IMG)
		return meta_attr(g, "alt");
	for (unsigned i = 0; depth < 8 && i < ch->length; i++)
		if (((GumboNode *)ch->data[i])->type == GUMBO_NODE_ELEMENT &&
		    (a = meta_img_alt(ch->data[i], depth + 1)) != NULL)
			return a;
	return NULL;
}

static void
meta_collect(meta_scan *s)
{
	pith_doc *d = s->d;

	for (size_t i = 0; i < d->nnodes && !s->oom; i++) {
		GumboNode *g = d->gnodes[i];

		switch (g->v.element.tag) {
		case GUMBO_TAG_META:
			meta_take(s, g);
			break;
		case GUMBO_TAG_SCRIPT:
			if (!s->ld.found && meta_is_ld(g))
				meta_ld_script(s, g);
			break;
		case GUMBO_TAG_TITLE:
			if (s->title == NULL &&
			    g->v.element.tag_namespace == GUMBO_NAMESPACE_HTML)
				s->title = g;
			break;
		case GUMBO_TAG_A:
			if (s->nhome < sizeof s->home / sizeof s->home[0] && meta_is_home(s, g))
				s->home[s->nhome++] = g;
			break;
		case GUMBO_TAG_H1:
			if (s->h1 == NULL) {
				s->h1 = g;
				s->h1_node = i;
			}
			s->nh1++;
			break;
		default:
			break;
		}
	}
}

/* -------------------------------------------------------------- title */

/* The metadata leaves a lone ":" out ("Review : The Film" is one
 * title); readability's title_head() takes it. */
size_t
meta_sep_at(const char *t, size_t i, size_t n, bool colon, bool *hier)
{
	static const struct { const char *s; bool hier; } seps[] = {
		{ ":", false }, { "|", false }, { "-", false }, { "\xe2\x80\x93", false },
		{ "\xe2\x80\x94", false }, { "\xc2\xb7", false }, { "::", false },
		{ "\xef\xbd\x9c", false },      /* the full-width bar of CJK titles */
		{ "\\", true }, { "/", true }, { ">", true }, { "\xc2\xbb", true },
	};

	if (t[i] != ' ')
		return 0;
	for (size_t k = colon ? 0 : 1; k < sizeof seps / sizeof seps[0]; k++) {
		size_t m = strlen(seps[k].s);

		if (i + 1 + m < n && memcmp(t + i + 1, seps[k].s, m) == 0 &&
		    t[i + 1 + m] == ' ') {
			*hier = seps[k].hier;
			return m;
		}
	}
	return 0;
}

/* Where the first separator character is, whether spaced or not, and
 * its length; n when there is none. */
static size_t
meta_sep_char(const char *t, size_t n, size_t *len)
{
	static const char *const chars[] = {
		"|", "-", "\xe2\x80\x93", "\xe2\x80\x94", "\xc2\xb7", "\\", "/", ">",
		"\xc2\xbb", "\xef\xbd\x9c",
	};

	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < sizeof chars / sizeof chars[0]; k++) {
			size_t m = strlen(chars[k]);

			if (i + m <= n && memcmp(t + i, chars[k], m) == 0) {
				*len = m;
				return i;
			}
		}
	}
	*len = 0;
	return n;
}

/* Whether an h1 or h2 reads exactly t. */
static bool
meta_heading_is(meta_scan *s, const char *t)
{
	pith_doc *d = s->d;
	size_t n = strlen(t);
	bool whole;

	for (size_t i = 0; i < d->nnodes && !s->oom; i++) {
		GumboTag tag = ((GumboNode *)d->gnodes[i])->v.element.tag;

		if (tag != GUMBO_TAG_H1 && tag != GUMBO_TAG_H2)
			continue;
		s->tmp.len = 0;
		whole = meta_node_text(d->gnodes[i], &s->tmp, n + 1, NULL);
		s->oom |= s->tmp.oom;
		if (whole && s->tmp.len == n && n > 0 &&
		    memcmp(s->tmp.data, t, n) == 0)
			return true;
	}
	return false;
}

/* Whether a[0..n) names the same thing as b[0..bn): equal but for
 * ASCII case and spaces ("TheHill" is "The Hill"). */
static bool
meta_same_n(const char *a, size_t n, const char *b, size_t bn)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < n && a[i] == ' ')
			i++;
		while (j < bn && b[j] == ' ')
			j++;
		if (i == n || j == bn)
			return i == n && j == bn;
		if (!meta_ieqn(a + i, b + j, 1))
			return false;
		i++;
		j++;
	}
}

static bool
meta_same(const char *a, size_t n, const char *b)
{
	return meta_same_n(a, n, b, strlen(b));
}

/* n less a trailing legal form (" e.V.", ", Inc."): a club's logo
 * reads its name without it, its title with it, or the other way. */
static size_t
meta_legal_cut(const char *t, size_t n)
{
	static const char *const forms[] = {
		"e.V.", "GmbH", "gGmbH", "AG", "Inc.", "Inc", "Ltd.", "Ltd", "LLC",
		"plc", "S.A.", "B.V.",
	};

	for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
		size_t m = strlen(forms[k]);

		if (n > m + 1 && t[n - m - 1] == ' ' && memcmp(t + n - m, forms[k], m) == 0) {
			n -= m + 1;
			return n > 0 && t[n - 1] == ',' ? n - 1 : n;
		}
	}
	return n;
}

/* The separators (" | ", " - ", ...) in t: how many, where the first
 * and last are (the space before them) and their lengths, and whether
 * any marks a hierarchy. */
typedef struct {
	size_t count, first, flen, last, llen;
	bool hier;
} meta_seps;

static meta_seps
meta_find_seps(const char *t, size_t n)
{
	meta_seps r = { 0, n, 0, n, 0, false };

	for (size_t i = 0; i < n; i++) {
		bool h = false;
		size_t m = meta_sep_at(t, i, n, false, &h);

		if (m == 0)
			continue;
		if (r.count++ == 0) {
			r.first = i;
			r.flen = m;
		}
		r.last = i;
		r.llen = m;
		r.hier |= h;
		i += m;
	}
	return r;
}

/* Whether t[0..n) is one of the site's names, with or without a legal
 * form. */
static bool
meta_names_site(const meta_scan *s, const char *t, size_t n)
{
	size_t m = meta_legal_cut(t, n);

	for (size_t i = 0; i < s->nnames; i++) {
		const char *k = s->names[i];

		if (meta_same(t, n, k) ||
		    meta_same_n(t, m, k, meta_legal_cut(k, strlen(k))))
			return true;
	}
	return false;
}

/* A title's first and last parts: the first is t[0..head), the rest
 * after it starts at next; the last is t[tail..n), what is before it
 * ends at cut. */
typedef struct {
	size_t head, next, cut, tail;
} meta_parts;

/* t[0..n) in parts at its separators (" | ", " - ", ...), else at "_"
 * or an unspaced full-width bar (Chinese and Japanese sites write
 * "Headline_Section_Site", "Headline｜Site"), else, when colon is
 * set, at ": " (the first part ends at the first, the last starts
 * after the last); false when it has none. */
static bool
meta_split(const char *t, size_t n, meta_parts *p, bool colon)
{
	static const char bar[] = "\xef\xbd\x9c";
	meta_seps sp = meta_find_seps(t, n);
	size_t f = n, l = n, m = 0;

	if (sp.count > 0) {
		*p = (meta_parts){ sp.first, sp.first + sp.flen + 2, sp.last,
		    sp.last + sp.llen + 2 };
		return true;
	}
	for (size_t i = 0; i < n; i++) {
		size_t k = t[i] == '_' ? 1 : i + 3 <= n && memcmp(t + i, bar, 3) == 0 ? 3 : 0;

		if (k == 0)
			continue;
		f = f == n ? i : f;
		l = i;
		m = k;
	}
	if (f == n) {
		const char *a = colon ? strstr(t, ": ") : NULL, *z = a;

		if (a == NULL)
			return false;
		for (const char *c = a; (c = strstr(c + 2, ": ")) != NULL; )
			z = c;
		*p = (meta_parts){ (size_t)(a - t), (size_t)(a - t) + 2, (size_t)(z - t),
		    (size_t)(z - t) + 2 };
		return true;
	}
	*p = (meta_parts){ f, f + (t[f] == '_' ? 1 : 3), l, l + m };
	return true;
}

/* r, or when it is in parts and a heading reads its first, that part
 * ("Headline_Section_Site", "Headline | by Author | Site": the
 * headline); or, parted as a hierarchy, its last of three words or
 * more ("Blog Archive » Headline": the page is the deepest part).  Not
 * at a colon: a blog's h1 is its name, before the colon of "Blog:
 * Post". */
static const char *
meta_heading_part(meta_scan *s, const char *r)
{
	const char *h;
	size_t n = r != NULL ? strlen(r) : 0;
	meta_parts p;

	if (r == NULL || !meta_split(r, n, &p, false))
		return r;
	if ((h = meta_clean(s, r, p.head, false)) != NULL && meta_heading_is(s, h))
		return h;
	if (meta_find_seps(r, n).hier &&
	    (h = meta_clean(s, r + p.tail, n - p.tail, false)) != NULL &&
	    meta_words(h, strlen(h)) >= 3 && meta_heading_is(s, h))
		return h;
	return r;
}

/* r, or the page's only h1 when that goes on from r ("Harvest begins |
 * Site" over "Harvest begins: yields high"): the h1 is the headline
 * whole. */
static const char *
meta_h1_on(meta_scan *s, const char *r)
{
	const char *h;
	size_t k;

	if (r == NULL || s->nh1 != 1 || (h = meta_element_text(s, s->h1)) == NULL)
		return r;
	k = strlen(r);
	return strncmp(h, r, k) == 0 && h[k] != '\0' && strchr(" :,;", h[k]) != NULL ? h : r;
}

/* r after the site's name is cut, or the page's only h1 when that goes
 * on from r, or when r is a word or two that the h1 holds: what is left
 * of "Geschichte: Site" names the page's section, and "Die Geschichte
 * der Burg" is its headline. */
static const char *
meta_h1_over(meta_scan *s, const char *r)
{
	const char *h = meta_h1_on(s, r);

	if (h != r || r == NULL || s->nh1 != 1 || meta_words(r, strlen(r)) > 2 ||
	    (h = meta_element_text(s, s->h1)) == NULL)
		return h != NULL ? h : r;
	return str_has_icase(h, r) ? h : r;
}

/* t without the site's name when that is its first or last part
 * ("Headline | Site", "Site: Headline", "Headline: Site"), or NULL;
 * see meta_heading_part. */
static const char *
meta_cut_site(meta_scan *s, const char *t)
{
	size_t n = strlen(t);
	const char *r = NULL;
	meta_parts p;

	if (!meta_split(t, n, &p, true))
		return NULL;
	if (meta_names_site(s, t + p.tail, n - p.tail))
		r = meta_clean(s, t, p.cut, false);
	else if (meta_names_site(s, t, p.head))
		r = meta_clean(s, t + p.next, n - p.next, false);
	return meta_h1_over(s, meta_heading_part(s, r));
}

/* The headline in the page's <title>: the site's name cut off.  This is
 * Readability's rule: drop the last " | part" (or the first, when that
 * leaves fewer than three words); after a colon keep the end unless a
 * heading reads the whole title; take the only h1 when the title is
 * very long or short; and go back to the whole title when the cut
 * leaves four words or fewer.  Knowing the site's name settles which
 * side to drop. */
static const char *
meta_title_cut(meta_scan *s, const char *orig)
{
	size_t n = strlen(orig), curn = n, words;
	meta_seps sp = meta_find_seps(orig, n);
	const char *cur = orig, *r;

	if ((r = meta_cut_site(s, orig)) != NULL)
		return r;
	/* The parts after the one a heading reads are the section's, the
	 * author's and the site's names, however many. */
	if ((r = meta_heading_part(s, orig)) != orig)
		return r;
	if (sp.count > 0) {
		curn = sp.last;
		if (meta_words(cur, curn) < 3) {
			size_t m, at = meta_sep_char(orig, n, &m);

			cur = orig + at + m;
			curn = n - at - m;
		}
	} else if (strstr(orig, ": ") != NULL) {
		if (!meta_heading_is(s, orig)) {
			const char *lc = strrchr(orig, ':'), *fc = strchr(orig, ':');

			cur = lc + 1;
			curn = n - (size_t)(cur - orig);
			if (meta_words(cur, curn) < 3) {
				cur = fc + 1;
				curn = n - (size_t)(cur - orig);
			} else if (meta_words(orig, (size_t)(fc - orig)) > 5) {
				cur = orig;
				curn = n;
			}
		}
	} else if (meta_js_length(orig, 152) > 150 || meta_js_length(orig, 16) < 15) {
		if (s->nh1 == 1 && (r = meta_element_text(s, s->h1)) != NULL) {
			cur = r;
			curn = strlen(r);
		}
	}
	if ((r = meta_clean(s, cur, curn, false)) == NULL)
		return orig;
	words = meta_words(r, strlen(r));
	if (words <= 4) {
		size_t whole = 0;
		const char *h1;

		if ((h1 = meta_h1_on(s, r)) != r)
			return h1;

		if (sp.hier) {
			/* words of the title with every " X " taken out */
			buf b = {0};

			for (size_t i = 0; i < n; i++) {
				bool h;
				size_t m = meta_sep_at(orig, i, n, false, &h);

				if (m > 0)
					i += m + 1;
				else
					buf_putc(&b, orig[i]);
			}
			if (b.oom)
				s->oom = true;
			whole = b.data != NULL ? meta_words(b.data, b.len) : 1;
			buf_free(&b);
		}
		if (!sp.hier || words + 1 != whole)
			return orig;
	}
	return r;
}

/* ------------------------------------------------------------- byline */

/* s lower-cased (ASCII) into out, or NULL when it does not fit. */
static const char *
meta_lowered(const char *s, char *out, size_t size)
{
	size_t i;

	if (s == NULL)
		return NULL;
	for (i = 0; s[i] && i + 1 < size; i++)
		out[i] = meta_lower(s[i]);
	if (s[i])
		return NULL;
	out[i] = '\0';
	return out;
}

static void
meta_attrs_lower(meta_attrs *a)
{
	a->lklass = meta_lowered(a->at.klass, a->bklass, sizeof a->bklass);
	a->lid = meta_lowered(a->at.id, a->bid, sizeof a->bid);
}

/* Whether s (low: s lower-cased, or NULL) holds needle, ignoring ASCII
 * case; strstr on the lowered copy is what keeps long class lists
 * cheap. */
static bool
meta_has(const char *s, const char *low, const char *needle)
{
	if (s == NULL)
		return false;
	return low != NULL ? strstr(low, needle) != NULL : meta_icontains(s, needle);
}

/* Readability's unlikely candidates (by class, id and role): its walk
 * drops them, bylines in sidebars and comments with them.  "header" is
 * left out of its list: the byline of most articles sits in one, and
 * Readability finds it there on its retry passes. */
static bool
meta_unlikely(const meta_attrs *a)
{
	static const char *const bad[] = {
		"-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment",
		"community", "cover-wrap", "disqus", "extra", "footer", "gdpr",
		"legends", "menu", "related", "remark", "replies", "rss",
		"shoutbox", "sidebar", "skyscraper", "social", "sponsor",
		"supplemental", "ad-break", "agegate", "pagination", "pager",
		"popup", "yom-remote",
	};
	static const char *const maybe[] = {
		"and", "article", "body", "column", "content", "main", "shadow",
	};
	static const char *const roles[] = {
		"menu", "menubar", "complementary", "navigation", "alert",
		"alertdialog", "dialog",
	};
	const char *cls = a->at.klass, *id = a->at.id, *role = a->at.role;
	const char *lc = a->lklass, *li = a->lid;
	bool unlikely = false;

	if (role != NULL)
		for (size_t k = 0; k < sizeof roles / sizeof roles[0]; k++)
			if (strcmp(role, roles[k]) == 0)
				return true;
	if (cls == NULL && id == NULL)
		return false;
	for (size_t k = 0; k < sizeof bad / sizeof bad[0] && !unlikely; k++)
		unlikely = meta_has(cls, lc, bad[k]) || meta_has(id, li, bad[k]);
	for (size_t k = 0; k < sizeof maybe / sizeof maybe[0] && unlikely; k++)
		unlikely = !(meta_has(cls, lc, maybe[k]) || meta_has(id, li, maybe[k]));
	return unlikely;
}

static bool
meta_bylineish(const meta_attrs *a)
{
	static const char *const words[] = {
		"byline", "author", "dateline", "writtenby", "p-author",
	};
	const char *rel = a->at.rel, *ip = a->at.itemprop, *cls = a->at.klass;
	const char *id = a->at.id;

	if ((rel != NULL && strcmp(rel, "author") == 0) ||
	    (ip != NULL && strstr(ip, "author") != NULL))
		return true;
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
		if (meta_has(cls, a->lklass, words[k]) || meta_has(id, a->lid, words[k]))
			return true;
	return false;
}

/* The text of a byline element, or NULL when it is empty or too long
 * to be one; a descendant with itemprop "name" is the name itself. */
static const char *
meta_byline_text(meta_scan *s, size_t i)
{
	pith_doc *d = s->d;
	GumboNode *g = d->gnodes[i];
	const char *t;
	size_t n, units = 0;
	bool whole;

	s->tmp.len = 0;
	whole = meta_node_text(g, &s->tmp, 4 * META_BYLINE_MAX, &units);
	if (s->tmp.oom) {
		s->oom = true;
		return NULL;
	}
	if (!whole || s->tmp.len == 0 || units >= META_BYLINE_MAX)
		return NULL;
	t = s->tmp.data;
	n = s->tmp.len;
	for (size_t j = i + 1; j < d->nodes[i].end; j++) {
		const char *ip = meta_attr(d->gnodes[j], "itemprop");

		if (ip != NULL && strstr(ip, "name") != NULL)
			return meta_element_text(s, d->gnodes[j]);
	}
	return meta_clean(s, t, n, false);
}

/* Whether node i is a paragraph as Readability sees one: a p, or a div
 * with no block inside (it makes those paragraphs).  Only the first
 * few hundred descendants are looked at. */
static bool
meta_paragraph(const pith_doc *d, size_t i)
{
	GumboTag tag = ((GumboNode *)d->gnodes[i])->v.element.tag;
	size_t end = d->nodes[i].end;

	if (tag == GUMBO_TAG_P)
		return true;
	if (tag != GUMBO_TAG_DIV || end - i > 256)
		return false;
	for (size_t j = i + 1; j < end; j++) {
		switch (((GumboNode *)d->gnodes[j])->v.element.tag) {
		case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_DL: case GUMBO_TAG_DIV:
		case GUMBO_TAG_IMG: case GUMBO_TAG_OL: case GUMBO_TAG_P:
		case GUMBO_TAG_PRE: case GUMBO_TAG_TABLE: case GUMBO_TAG_UL:
			return false;
		default:
			break;
		}
	}
	return true;
}

/* Walk the page as Readability does, skipping hidden elements and
 * unlikely candidates (outside tables and code) with everything in
 * them: *byline gets the first byline element's text (which is then
 * skipped too) and *para that of the first paragraph after the first
 * h1, the likely start of the article. */
static void
meta_walk(meta_scan *s, const char **byline, const char **para)
{
	pith_doc *d = s->d;
	size_t in_table = 0;    /* inside a table or code up to this node */

	*byline = *para = NULL;
	for (size_t i = 0; i < d->nnodes && !s->oom &&
	    (*para == NULL || *byline == NULL); ) {
		GumboNode *g = d->gnodes[i];
		GumboTag tag = g->v.element.tag;
		meta_attrs a;

		meta_attrs_get(g, &a);
		if (node_hidden(&a.at)) {
			i = d->nodes[i].end;
			continue;
		}
		meta_attrs_lower(&a);
		if (*byline == NULL && meta_bylineish(&a) &&
		    (*byline = meta_byline_text(s, i)) != NULL) {
			i = d->nodes[i].end;
			continue;
		}
		if (i >= in_table && tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_A &&
		    meta_unlikely(&a)) {
			i = d->nodes[i].end;
			continue;
		}
		if (*para == NULL && i > s->h1_node && meta_paragraph(d, i))
			*para = meta_element_text(s, g);
		if ((tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_CODE) &&
		    d->nodes[i].end > in_table)
			in_table = d->nodes[i].end;
		i++;
	}
}

/* ------------------------------------------------------------- fields */

/* A dir attribute's value: 1 ltr, 2 rtl, 0 anything else ("auto"). */
static int
meta_dir_value(const char *v)
{
	char k[4];
	size_t n = 0;

	if (v == NULL)
		return 0;
	while (meta_is_space((unsigned char)*v))
		v++;
	for (; *v && !meta_is_space((unsigned char)*v); v++) {
		if (n + 1 >= sizeof k)
			return 0;
		k[n++] = *v;
	}
	k[n] = '\0';
	return meta_ieq(k, "ltr") ? 1 : meta_ieq(k, "rtl") ? 2 : 0;
}

/* The direction of a stretch of text by its first strong character
 * (UAX #9 P2-P3, isolates not skipped): 1 ltr, 2 rtl, 0 none. */
static int
meta_first_strong(const char *s, size_t n)
{
	for (size_t i = 0; i < n; ) {
		ucs4_t c;
		int k = u8_mbtoucr(&c, (const uint8_t *)s + i, n - i);

		i += k > 0 ? (size_t)k : 1;
		if (k <= 0)
			continue;
		switch (uc_bidi_category(c)) {
		case UC_BIDI_L: return 1;
		case UC_BIDI_R: case UC_BIDI_AL: return 2;
		default: break;
		}
	}
	return 0;
}

const char *
pith_block_dir(const pith_doc *d, size_t i)
{
	const pith_block *blk = i < d->nblocks ? &d->blocks[i] : NULL;
	int v = 0;

	if (blk == NULL)
		return NULL;
	for (size_t n = blk->node; n < d->nnodes && v == 0; n = d->nodes[n].parent) {
		const char *a = node_attr(d->gnodes[n], "dir");

		v = meta_dir_value(a);
		/* dir=auto: the text decides, else the parent's (HTML). */
		if (v == 0 && a != NULL && meta_ieq(a, "auto"))
			v = meta_first_strong(blk->text, blk->len);
	}
	return v == 1 ? "ltr" : v == 2 ? "rtl" : NULL;
}

/* The direction most of the page's text is set in: each block takes the
 * dir of its nearest element that has one (html and body included), and
 * the direction holding the most bytes of text wins; NULL when that is
 * text with no dir at all. */
static const char *
meta_dir(meta_scan *s)
{
	pith_doc *d = s->d;
	unsigned char *dir;
	size_t bytes[3] = {0};
	int best = 0;

	if (d->nnodes == 0)
		return NULL;
	if ((dir = malloc(d->nnodes)) == NULL) {
		s->oom = true;
		return NULL;
	}
	/* nodes come parents first */
	for (size_t i = 0; i < d->nnodes; i++) {
		int v = meta_dir_value(meta_attr(d->gnodes[i], "dir"));
		size_t p = d->nodes[i].parent;

		dir[i] = (unsigned char)(v != 0 ? v : p != PITH_NONE ? dir[p] : 0);
	}
	for (size_t i = 0; i < d->nblocks; i++) {
		size_t node = d->blocks[i].node;

		bytes[node < d->nnodes ? dir[node] : 0] += d->blocks[i].len;
	}
	free(dir);
	for (int k = 1; k < 3; k++)
		if (bytes[k] > bytes[best])
			best = k;
	return best == 1 ? "ltr" : best == 2 ? "rtl" : NULL;
}

/* Whether a date is worth giving: not an empty placeholder
 * ("0001-01-01T00:00:00Z"), and for <time> (strict is set) one that
 * starts as an ISO 8601 date does, "YYYY-MM". */
static const char *
meta_date(const char *v, bool strict)
{
	if (v == NULL || strncmp(v, "0000", 4) == 0 ||
	    strncmp(v, "0001-01-01", 10) == 0)
		return NULL;
	if (strict) {
		for (int k = 0; k < 7; k++)
			if (k == 4 ? v[k] != '-' : !(v[k] >= '0' && v[k] <= '9'))
				return NULL;
	}
	return v;
}

/* A <time datetime> that dates the article: one marked as the
 * publication date (itemprop datePublished, pubdate), else the first
 * inside an <article>. */
static const char *
meta_time(meta_scan *s)
{
	pith_doc *d = s->d;
	size_t in_article = 0;   /* inside an article up to this node */
	const char *first = NULL, *v;

	for (size_t i = 0; i < d->nnodes; i++) {
		GumboNode *g = d->gnodes[i];
		const char *ip;

		if (g->v.element.tag == GUMBO_TAG_ARTICLE && d->nodes[i].end > in_article)
			in_article = d->nodes[i].end;
		if (g->v.element.tag != GUMBO_TAG_TIME ||
		    (v = meta_attr(g, "datetime")) == NULL)
			continue;
		while (meta_is_space((unsigned char)*v))
			v++;
		if (meta_date(v, true) == NULL)
			continue;
		ip = meta_attr(g, "itemprop");
		if ((ip != NULL && meta_icontains(ip, "datepublished")) ||
		    meta_attr(g, "pubdate") != NULL)
			return meta_cleans(s, v, false);
		if (first == NULL && i < in_article)
			first = v;
	}
	return meta_cleans(s, first, false);
}

/* An image address made absolute against the doc's base. */
static const char *
meta_image(meta_scan *s, const char *v)
{
	const char *c = meta_cleans(s, v, false), *r;
	char *u;

	if (c == NULL)
		return NULL;
	if ((u = pith_url_resolve(s->d->url, c)) == NULL) {
		s->oom = true;
		return NULL;
	}
	r = meta_cleans(s, u, false);
	free(u);
	return r;
}

/* Whether t is the site's name (of the names a title's part may be,
 * the first: an application-name or a domain is often the title). */
static bool
meta_is_site(const meta_scan *s, const char *t)
{
	return t != NULL && s->site != NULL && meta_same(t, strlen(t), s->site);
}

/* A title without the site's name, when that is a part of it. */
static const char *
meta_strip_site(meta_scan *s, const char *t)
{
	const char *r = t != NULL ? meta_cut_site(s, t) : NULL;

	return r != NULL ? r : t;
}

/* The registrable part of the doc's host ("wikipedia" of
 * en.wikipedia.org, "bbc" of www.bbc.co.uk), alone and with what
 * follows it, into s->names. */
static void
meta_domain(meta_scan *s)
{
	static const char *const second[] = {
		"co", "com", "net", "org", "ac", "gov", "edu", "ne", "or", "go",
	};
	const char *u = s->d->url, *h, *end, *dot[3] = { NULL, NULL, NULL };
	const char *reg;
	size_t n, k = 0;

	if (u == NULL || (h = url_host(u, &n)) == NULL)
		return;
	end = h + n;
	for (const char *p = end; p > h && k < 3; p--)
		if (p[-1] == '.')
			dot[k++] = p - 1;
	/* no dot, an address by number, or an empty label */
	if (k == 0 || end[-1] <= '9' || dot[0] + 1 == end)
		return;
	reg = dot[1] != NULL ? dot[1] + 1 : h;
	for (size_t i = 0; dot[1] != NULL && end - dot[0] == 3 &&
	    i < sizeof second / sizeof second[0]; i++)
		if ((size_t)(dot[0] - reg) == strlen(second[i]) &&
		    meta_ieqn(reg, second[i], strlen(second[i])))
			reg = dot[2] != NULL ? dot[2] + 1 : h;
	n = (size_t)(end - reg);
	if (reg == dot[0] || n >= sizeof s->domain[0])
		return;
	memcpy(s->domain[1], reg, n);
	s->domain[1][n] = '\0';
	memcpy(s->domain[0], reg, n);
	s->domain[0][strcspn(s->domain[0], ".")] = '\0';
	s->names[s->nnames++] = s->domain[0];
	s->names[s->nnames++] = s->domain[1];
}

static const char *
meta_title(meta_scan *s)
{
	static const enum meta_key keys[] = {
		MK_DC_TITLE, MK_DCTERM_TITLE, MK_OG_TITLE, MK_WEIBO_ARTICLE_TITLE,
		MK_WEIBO_WEBPAGE_TITLE, MK_TITLE, MK_TWITTER_TITLE, MK_PARSELY_TITLE,
	};
	const meta_ld *ld = &s->ld;
	const char *doc = NULL, *t, *h;

	if (s->title != NULL && (doc = meta_element_text(s, s->title)) != NULL)
		doc = meta_title_cut(s, doc);
	if (ld->name != NULL && ld->headline != NULL &&
	    strcmp(ld->name, ld->headline) != 0) {
		/* Some sites put their own name in name and the title in
		 * headline: take the one like the <title>. */
		bool nm = doc != NULL && meta_similarity(ld->name, doc) > 0.75;
		bool hm = doc != NULL && meta_similarity(ld->headline, doc) > 0.75;

		t = (hm && !nm) || meta_is_site(s, ld->name) ? ld->headline :
		    ld->name;
	} else if ((t = ld->name) == NULL && (t = ld->headline) == NULL) {
		t = meta_first(s, keys, sizeof keys / sizeof keys[0]);
	}
	if (t != NULL && !meta_is_site(s, t))
		return meta_strip_site(s, t);
	/* a title that is just the site's name says nothing */
	if (doc != NULL && !meta_is_site(s, doc))
		return doc;
	if (s->h1 != NULL && (h = meta_element_text(s, s->h1)) != NULL)
		return h;
	return t != NULL ? t : doc;
}

pith_code
meta_extract(pith_doc *d)
{
	static const enum meta_key byline_keys[] = {
		MK_DC_CREATOR, MK_DCTERM_CREATOR, MK_AUTHOR, MK_PARSELY_AUTHOR,
	};
	static const enum meta_key excerpt_keys[] = {
		MK_DC_DESCRIPTION, MK_DCTERM_DESCRIPTION, MK_OG_DESCRIPTION,
		MK_WEIBO_ARTICLE_DESCRIPTION, MK_WEIBO_WEBPAGE_DESCRIPTION,
		MK_DESCRIPTION, MK_TWITTER_DESCRIPTION,
	};
	static const enum meta_key published_keys[] = {
		MK_PUBLISHED_TIME, MK_PARSELY_PUB_DATE, MK_DATE_PUBLISHED, MK_PUBDATE,
		MK_DATE,
	};
	meta_scan s = { .d = d };
	pith_meta *m = &d->meta;
	const char *v, *para, *found;

	memset(m, 0, sizeof *m);
	m->url = d->url;
	meta_collect(&s);

	m->site = s.ld.site;
	if (m->site == NULL)
		m->site = meta_cleans(&s, s.val[MK_OG_SITE_NAME], true);
	if ((s.site = m->site) != NULL)
		s.names[s.nnames++] = m->site;
	if ((v = meta_cleans(&s, s.val[MK_APPLICATION_NAME], true)) != NULL)
		s.names[s.nnames++] = v;
	meta_domain(&s);
	for (size_t i = 0; i < s.nhome && s.nnames < sizeof s.names / sizeof s.names[0]; i++) {
		if ((v = meta_element_text(&s, s.home[i])) == NULL)
			v = meta_cleans(&s, meta_img_alt(s.home[i], 0), true);
		if (v != NULL)
			s.names[s.nnames++] = v;
	}
	m->title = meta_title(&s);

	m->byline = s.ld.byline;
	if (m->byline == NULL)
		m->byline = meta_first(&s, byline_keys,
		    sizeof byline_keys / sizeof byline_keys[0]);
	if (m->byline == NULL && (v = s.val[MK_ARTICLE_AUTHOR]) != NULL &&
	    !meta_is_url(v))
		m->byline = meta_cleans(&s, v, true);
	meta_walk(&s, &found, &para);
	if (m->byline == NULL)
		m->byline = found;

	m->published = meta_date(s.ld.published, false);
	for (size_t k = 0; k < sizeof published_keys / sizeof published_keys[0] &&
	    m->published == NULL; k++)
		m->published = meta_date(meta_cleans(&s, s.val[published_keys[k]],
		    true), false);

	if (m->published == NULL)
		m->published = meta_time(&s);

	m->excerpt = s.ld.excerpt;
	if (m->excerpt == NULL)
		m->excerpt = meta_first(&s, excerpt_keys,
		    sizeof excerpt_keys / sizeof excerpt_keys[0]);
	if (m->excerpt == NULL && (m->excerpt = para) != NULL)
		d->excerpt_text = true;

	m->lang = meta_cleans(&s, d->lang, false);
	if (m->lang == NULL && (v = s.val[MK_CONTENT_LANGUAGE]) != NULL) {
		size_t n = strcspn(v, ",");

		m->lang = meta_clean(&s, v, n, false);
	}
	m->dir = meta_dir(&s);

	m->image = meta_image(&s, s.val[MK_OG_IMAGE]);
	if (m->image == NULL)
		m->image = meta_image(&s, s.val[MK_TWITTER_IMAGE]);
	if (m->image == NULL)
		m->image = meta_image(&s, s.ld.image);

	buf_free(&s.tmp);
	return s.oom ? PITH_ENOMEM : PITH_OK;
}
