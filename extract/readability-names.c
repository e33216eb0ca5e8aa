/*
 * readability-names.c - what a node's class, id, role and tag say: the
 * word tables, classify and its memo (see readability.c).
 */
#include <gumbo.h>
#include <string.h>
#include <strings.h>
#include "readability-int.h"

/* Words looked up in class and id names (split at anything not a
 * letter or digit, and at camelCase humps).  A word also matches with a
 * plural "s".  Both tables are kept in strcmp order, without a word and
 * its plural both, for lookup's bisection (test_readability checks). */
struct word {
	const char *w;
	size_t len;             /* strlen(w): lookups skip most entries by it */
	unsigned c;
};
#define W(s, c) { s, sizeof s - 1, c }
static const struct word words[] = {
	W("ad", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("adbox", C_UNLIKELY | C_BOILER),
	W("advert", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("advertisement", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("agegate", C_UNLIKELY),
	W("and", C_MAYBE),
	W("article", C_MAYBE | C_POSITIVE),
	W("articlebody", C_MAYBE | C_POSITIVE | C_BODY),
	W("author", C_META),
	W("avatar", C_AVATAR),
	W("banner", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("blog", C_POSITIVE),
	W("body", C_MAYBE | C_POSITIVE),
	W("breadcrumb", C_UNLIKELY | C_BOILER),
	W("byline", C_META),
	W("caption", C_CAPTION),
	W("carousel", C_BOILER),
	W("column", C_MAYBE),
	W("combx", C_UNLIKELY | C_NEGATIVE),
	W("comment", C_UNLIKELY | C_NEGATIVE | C_BOILER | C_THREAD),
	W("community", C_UNLIKELY),
	W("consent", C_UNLIKELY | C_BOILER),
	W("contact", C_NEGATIVE),
	W("content", C_MAYBE | C_POSITIVE),
	W("cookie", C_UNLIKELY | C_BOILER),
	W("copyright", C_UNLIKELY | C_BOILER),
	W("credit", C_CAPTION),
	W("cta", C_BOILER),
	W("dateline", C_META),
	W("disqus", C_UNLIKELY | C_BOILER | C_THREAD),
	W("entry", C_POSITIVE),
	W("extra", C_UNLIKELY),
	W("footer", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("gallery", C_BOILER),
	W("gdpr", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("guestbook", C_UNLIKELY | C_NEGATIVE | C_BOILER | C_THREAD),
	W("header", C_UNLIKELY),
	W("hentry", C_POSITIVE),
	W("hid", C_NEGATIVE),
	W("hidden", C_NEGATIVE),
	W("legends", C_UNLIKELY),
	W("main", C_MAYBE | C_POSITIVE),
	W("masthead", C_NEGATIVE),
	W("mathjax", C_MAYBE),
	W("media", C_NEGATIVE),
	W("menu", C_UNLIKELY | C_BOILER),
	W("meta", C_NEGATIVE | C_META),
	W("modal", C_UNLIKELY | C_BOILER),
	W("newsletter", C_UNLIKELY | C_BOILER),
	W("outbrain", C_NEGATIVE | C_UNLIKELY | C_BOILER),
	W("page", C_POSITIVE),
	W("pager", C_UNLIKELY),
	W("pagination", C_UNLIKELY | C_POSITIVE),
	W("popup", C_UNLIKELY | C_BOILER),
	W("post", C_POSITIVE),
	W("promo", C_NEGATIVE | C_BOILER),
	W("published", C_META),
	W("rail", C_BOILER),
	W("recommend", C_BOILER),
	W("recommended", C_BOILER),
	W("related", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("remark", C_UNLIKELY),
	W("replies", C_UNLIKELY),
	W("reply", C_UNLIKELY),
	W("rss", C_UNLIKELY),
	W("scroll", C_NEGATIVE),
	W("shadow", C_MAYBE),
	W("share", C_NEGATIVE | C_BOILER),
	W("sharing", C_NEGATIVE | C_BOILER),
	W("shopping", C_NEGATIVE),
	W("shoutbox", C_UNLIKELY | C_NEGATIVE),
	W("sidebar", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("skyscraper", C_UNLIKELY | C_NEGATIVE),
	W("slideshow", C_BOILER),
	W("social", C_UNLIKELY | C_BOILER),
	W("sponsor", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("sponsored", C_UNLIKELY | C_NEGATIVE | C_BOILER),
	W("story", C_POSITIVE),
	W("subscribe", C_BOILER),
	W("supplemental", C_UNLIKELY),
	W("taboola", C_UNLIKELY | C_BOILER),
	W("tags", C_NEGATIVE),
	W("text", C_POSITIVE),
	W("timestamp", C_META),
	W("trending", C_BOILER),
	W("widget", C_NEGATIVE | C_BOILER),
};

/* Whole class tokens with a meaning of their own. */
static const struct word tokens[] = {
	W("article-body", C_BODY), W("article-content", C_BODY),
	W("article-text", C_BODY), W("article__body", C_BODY),
	W("article__content", C_BODY), W("body-text", C_BODY),
	W("d-none", C_HIDDEN), W("d-print-block", C_HIDDEN),
	W("entry-content", C_BODY), W("hidden", C_HIDDEN), W("hide", C_HIDDEN),
	W("instagram-media", C_EMBED), W("invisible", C_HIDDEN),
	W("main-content", C_BODY), W("post-body", C_BODY),
	W("post-content", C_BODY), W("post-entry", C_BODY),
	W("post-text", C_BODY), W("print-header", C_META),
	W("print-only", C_HIDDEN), W("screen-reader-text", C_HIDDEN),
	W("sr-only", C_HIDDEN), W("story-body", C_BODY),
	W("story-content", C_BODY), W("tiktok-embed", C_EMBED),
	W("twitter-tweet", C_EMBED), W("visually-hidden", C_HIDDEN),
	W("wp-caption-text", C_CAPTION),
};
#undef W

/* The entry equal to w[0..len), or NULL. */
static const struct word *
word_find(const struct word *t, size_t n, const char *w, size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		/* The first byte settles most steps without a call. */
		int c = (unsigned char)t[mid].w[0] - (unsigned char)w[0];

		if (c == 0)
			c = strncmp(t[mid].w, w, len);

		if (c == 0 && t[mid].len > len)
			c = 1;
		if (c == 0)
			return &t[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* What word w[0..len) means, or its singular when it ends in "s". */
static unsigned
lookup(const struct word *t, size_t n, const char *w, size_t len)
{
	const struct word *e = NULL;

	if (len > 1 && w[len - 1] == 's')
		e = word_find(t, n, w, len - 1);
	if (e == NULL)
		e = word_find(t, n, w, len);
	/* Class names glue words ("jp-relatedposts"): a compound that
	 * starts with "related" is a related rail.  Only this head: a
	 * compound of "comment" is as often "commentary", the article. */
	if (e == NULL && t == words && len > 7 && strncmp(w, "related", 7) == 0)
		e = word_find(t, n, "related", 7);
	return e != NULL ? e->c : 0;
}

/* A token naming the post's topic, as blogs and CMSs tag an entry's
 * element ("entry-category-social_media"; WordPress's post classes
 * "hentry type-post category-sidebar tag-comments"): its words say what
 * the post is about, not what the element is, so a post filed under
 * "comments" is no thread.  A bare "category-" or "tag-" token counts
 * only on an element that names itself an entry: "category-menu" alone
 * is a menu. */
static bool
taxonomy(const char *p, size_t n, bool entry)
{
	static const struct { const char *head; bool own; } heads[] = {
		{ "entry-category-", true }, { "entry-tag-", true },
		{ "category-", false }, { "tag-", false },
	};

	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
		size_t k = strlen(heads[i].head);

		if (n > k && strncasecmp(p, heads[i].head, k) == 0)
			return heads[i].own || entry;
	}
	return false;
}

/* The words of one token (its camelCase humps and the parts between
 * other characters), looked up. */
static unsigned
classify_words(const char *p, size_t len)
{
	unsigned c = 0;
	char w[64];
	size_t n = 0;
	bool lower = false;     /* the word's last letter was lower-case */
	bool label = false;     /* the last word was "label" */

	for (size_t i = 0; i <= len; i++) {
		unsigned char ch = i < len ? (unsigned char)p[i] : '\0';
		bool alnum = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9');
		bool upper = ch >= 'A' && ch <= 'Z';

		/* A camelCase hump ends a word, as does anything else. */
		if (!alnum && !(upper && !lower)) {
			/* "label-hidden" hides the element's label, not the
			 * element: Drupal gives it to every field, the
			 * article's body and standfirst among them. */
			if (n > 0 && !(label && n == 6 && memcmp(w, "hidden", 6) == 0))
				c |= lookup(words, sizeof words / sizeof words[0], w, n);
			if (n > 0)
				label = n == 5 && memcmp(w, "label", 5) == 0;
			/* Compounds name the thread too (commentlist,
			 * commentsblock); commentary and commenting do not. */
			if (n > 7 && memcmp(w, "comment", 7) == 0 && w[7] != 'a' && w[7] != 'i')
				c |= C_BOILER | C_THREAD;
			n = 0;
		}
		if ((alnum || upper) && n < sizeof w)
			w[n++] = (char)(upper ? ch + 32 : ch);
		lower = ch >= 'a' && ch <= 'z';
	}
	return c;
}

/* Token w[0..n) shows the element from a screen width up: Tailwind's
 * "md:block", Bootstrap's "d-lg-flex".  Beside "hidden" or "d-none" it
 * makes the element the desktop's version, not a hidden one. */
static bool
shown(const char *w, size_t n)
{
	static const char *const shows[] = {
		"block", "flex", "grid", "inline", "inline-block", "inline-flex", "table",
	};
	static const char *const widths[] = { "sm", "md", "lg", "xl", "xxl" };
	const char *v = memchr(w, ':', n);
	size_t k;

	if (v != NULL) {
		v++;
	} else if (n > 2 && memcmp(w, "d-", 2) == 0) {
		for (k = 0; k < sizeof widths / sizeof widths[0]; k++) {
			size_t m = strlen(widths[k]);

			if (n > 3 + m && memcmp(w + 2, widths[k], m) == 0 && w[2 + m] == '-')
				break;
		}
		if (k == sizeof widths / sizeof widths[0])
			return false;
		v = w + 3 + strlen(widths[k]);
	} else {
		return false;
	}
	for (k = 0; k < sizeof shows / sizeof shows[0]; k++)
		if ((size_t)(w + n - v) == strlen(shows[k]) && memcmp(v, shows[k], w + n - v) == 0)
			return true;
	return false;
}

/* Classify one class or id value: words and whole tokens. */
unsigned
rd_classify(const char *s)
{
	unsigned c = 0;
	char w[64];
	bool entry, show = false;

	if (s == NULL)
		return 0;
	entry = str_has_word(s, "hentry", true) || str_has_word(s, "type-post", true);
	/* Whole space-separated tokens, lower-cased, and their words. */
	for (const char *p = s; *p; ) {
		size_t n;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		for (n = 0; p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != '\n'; n++)
			;
		if (n > 0 && !taxonomy(p, n, entry))
			c |= classify_words(p, n);
		if (n > 0 && n < sizeof w) {
			for (size_t i = 0; i < n; i++)
				w[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] + 32 : p[i]);
			c |= lookup(tokens, sizeof tokens / sizeof tokens[0], w, n);
			show |= shown(w, n);
		}
		p += n;
	}
	return show ? c & ~(unsigned)C_HIDDEN : c;
}

/* classify(s), remembered in r->memo by a hash of s. */
unsigned
rd_classify_memo(rd *r, const char *s)
{
	uint32_t h = 2166136261u;

	if (s == NULL)
		return 0;
	for (const char *p = s; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	h = (h ^ h >> 16) % (sizeof r->memo / sizeof r->memo[0]);
	if (r->memo[h].s == NULL || strcmp(r->memo[h].s, s) != 0) {
		r->memo[h].s = s;
		r->memo[h].c = rd_classify(s);
	}
	return r->memo[h].c;
}

bool
rd_role_out(const char *role)
{
	static const char *const out[] = {
		"menu", "menubar", "complementary", "navigation", "alert",
		"alertdialog", "dialog", "banner", "contentinfo", "search",
	};

	for (size_t i = 0; role != NULL && i < sizeof out / sizeof out[0]; i++)
		if (strcmp(role, out[i]) == 0)
			return true;
	return false;
}

/* Structural elements that are never the article and never in it. */
bool
rd_tag_out(GumboTag t)
{
	return t == GUMBO_TAG_NAV || t == GUMBO_TAG_ASIDE ||
	    t == GUMBO_TAG_FOOTER || t == GUMBO_TAG_BUTTON ||
	    t == GUMBO_TAG_SELECT || t == GUMBO_TAG_TEXTAREA ||
	    t == GUMBO_TAG_INPUT || t == GUMBO_TAG_LABEL;
}
