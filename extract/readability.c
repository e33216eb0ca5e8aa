/*
 * readability.c - readability-style heuristics in pith's model.
 *
 * Paragraphs (blocks) are scored by length and commas, the scores flow
 * to their ancestors, class and id names weigh candidates, link density
 * discounts them; the best candidate and its qualifying siblings are the
 * article, which is then cleaned of what sits inside real containers
 * without being the article: captions, bylines, share and related rails,
 * link lists.  Too short a result is retried with relaxed rules.
 *
 * Departures from Readability.js, each measured on the dev corpora
 * (../shared/PEERS.md, docs/evaluation.md): class names are matched as
 * words, not substrings ("pageRow" is not "pager"), and a blog entry's
 * topic tags ("category-social-media") not at all; the unlikely filter spares
 * html, body, main, article and wrappers holding most of the text;
 * climbing only adopts an ancestor that beats the original top score and
 * ignores alternatives on the top's own line; a semantic article-body
 * descendant holding nearly all the text narrows the choice; a short
 * top widens to the ancestor holding headed sections of prose beside it
 * (a landing page); a standfirst boxed in a div before the story joins
 * it; boilerplate names are pruned only inside the chosen container,
 * and a photo gallery keeps its captions.
 */
#include <gumbo.h>
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicase.h>
#include <unictype.h>
#include <unistr.h>
#include "internal.h"

/* What a node's class, id and role say about it. */
enum {
	C_UNLIKELY  = 1 << 0,   /* not the article (sidebar, comments, ...) */
	C_MAYBE     = 1 << 1,   /* ... unless also named like content */
	C_POSITIVE  = 1 << 2,
	C_NEGATIVE  = 1 << 3,
	C_BOILER    = 1 << 4,   /* share bars, related rails, promos */
	C_HIDDEN    = 1 << 5,
	C_META      = 1 << 6,   /* byline, dateline, timestamp */
	C_CAPTION   = 1 << 7,   /* captions and photo credits */
	C_BODY      = 1 << 8,   /* names the article body itself */
	C_EMBED     = 1 << 9,   /* an embedded post the article quotes */
	C_ROLE_OUT  = 1 << 10,  /* a role that is never the article */
	C_THREAD    = 1 << 11,  /* the readers' comments */
	C_AVATAR    = 1 << 12   /* a poster's picture */
};
/* Names that say a box is no paragraph of the text: a lone paragraph so
 * named beside the content (a standfirst, a question) is not taken. */
enum { C_NOT_TEXT = C_META | C_CAPTION | C_BOILER | C_NEGATIVE | C_UNLIKELY };

/* Flags computed per node for one run. */
enum {
	N_HIDDEN   = 1 << 0,    /* hidden, itself or by an ancestor */
	N_UNLIKELY = 1 << 1,    /* unlikely, itself or by an ancestor */
	N_SCORED   = 1 << 2,
	N_DATA     = 1 << 3,    /* a data table */
	N_KEEP     = 1 << 4,    /* holds an embed or code: never pruned */
	N_IN       = 1 << 5,    /* inside the chosen content */
	N_SENTENCE = 1 << 6,    /* its own text holds a sentence end */
	N_BOX      = 1 << 7     /* a text box alike the top's (gather_alike, gather) */
};

/* Retry levels: each drops one rule (Readability's flags). */
enum {
	F_STRIP_UNLIKELY = 1 << 0,
	F_WEIGHT_CLASSES = 1 << 1,
	F_CLEAN          = 1 << 2
};

/* Under CHAR_THRESHOLD the rules are relaxed and tried again; a longer
 * answer from a relaxed try replaces one of RETRY_KEEPS or more, or one
 * under the headline (see anchored), only when it keeps most of it (see
 * extends). */
enum { CHAR_THRESHOLD = 500, RETRY_KEEPS = 100, MIN_PARAGRAPH = 25, TOP_N = 5 };

/* A top under CHAR_THRESHOLD widens to an ancestor up to WIDEN_UP
 * levels above it holding WIDEN_SECTIONS or more headed sections of
 * prose (a heading without links, then a sentence of WIDEN_TEXT
 * characters or more): see top_candidate.  Three, not two, on the
 * even half of the pages: two is the intro of a landing page, not its
 * body (mozilla-2 stops there, recall 0.36 to three's 0.92); the odd
 * half has no such page.  The rest moved nothing on the corpora
 * (levels 3-5, text 25-50, the ancestor's links under 0.3-0.5). */
enum { WIDEN_UP = 3, WIDEN_SECTIONS = 3, WIDEN_TEXT = 50 };
#define WIDEN_LINKS 0.3

/* A box named for the byline or the author is dropped up to this long:
 * an author's bio under the post is 300-700 characters (800 was chosen
 * on dragnet's even pages over 400 and 1500, and held on the odd). */
enum { META_BOX = 800 };

/* A teaser (a linked title and an excerpt) is at most this long; a list
 * whose items average this much or more is prose, whatever it links. */
enum { TEASER_LEN = 350, PROSE_ITEM = 40 };

/* An ad's box under its label is at most a teaser's length: the label,
 * a line or two of pitch and a button. */
enum { AD_BOX = TEASER_LEN };

/* A top holding GALLERY_BOXES or more caption boxes of its own, each
 * around its picture, is a gallery: see gallery().  Five, chosen on
 * dragnet's even pages: four ties there (five is the stricter), three
 * takes a post whose three pictures' captions the truth leaves out,
 * six loses a photo post of five.  The odd pages gain at five too. */
enum { GALLERY_BOXES = 5, STREAM_MAX = 16 };

/* A list more link than this is a link list (a menu, related stories). */
#define LINK_LIST 0.6

typedef struct {
	const pith_doc *d;
	size_t nn, nb;
	unsigned *cls;          /* C_* per node */
	int *weight;            /* class weight per node */
	unsigned char *flags;   /* N_* per node */
	unsigned char *rows;    /* a table's row blocks, counted to 2 */
	double *len, *link;     /* weighted text, and of it in links */
	double *plen;           /* text of paragraph-like blocks */
	double *llen;           /* text in lists (<ul>, <ol>) */
	int *commas;
	int *slidec;            /* slide counts (see slide_count) in the subtree */
	int *kids;              /* element children */
	int *prose_kids;        /* of them, those with text under half link */
	int *nblk;              /* blocks in the subtree */
	size_t *bfirst, *blast; /* the subtree's first and last block, or NONE */
	size_t *bwrap;          /* per block: the inline element around its
	                           loose text and others' (see prepare_wraps),
	                           or NONE */
	double *score;
	double *blen, *blink;   /* per block */
	int *bcommas;
	bool *bsentence;        /* per block: holds a sentence end */
	bool *brepeated;        /* per block: a linked list item printed twice */
	unsigned char *keep;    /* per block result of one run */
	const char **why;       /* per block */
	const char *kept_why, *out_why;
	const char *beside_why;  /* kept outside the top: gathered to it */
	size_t top;             /* the container describe() named */
	arena *strings;         /* the article's, for formatted reasons */
	size_t body;            /* the body node, or 0 */
	const unsigned char *mask;  /* nodes to treat as absent, or NULL */
	budget *time;           /* the article's */
	pith_candidate *cand;   /* this run's evidence, for the overlay */
	size_t ncand, capcand;
	bool cand_oom;
	bool widened;           /* this run's top grew over headed sections */
	size_t bodies[8], nbodies;  /* the first nodes named as the article
	                               body (see unlikely) */
	bool gallery;           /* this run's top is a gallery (see gallery) */
	bool slides;            /* ... its captions deeper in it (see slides) */
	size_t counts[8], ncounts; /* numbers in the page's title (promised) */
	size_t title_block;     /* the first heading repeating the page's title
	                           (see similar_title), or PITH_NONE */
	size_t thread_node, thread_block;  /* loose text from this block on in
	                                      this node is the comments */
	size_t replies;         /* a thread of comments under the post (see
	                           thread_post), or PITH_NONE */
	bool replies_flat;      /* ... in flat boxes (see remarked) */
	/* The scripts whose characters weigh 3, looked up once. */
	const uc_script_t *han, *hiragana, *katakana, *hangul;
	/* classify() of the last class string seen in each slot (a page
	 * gives the same classes to many elements). */
	struct { const char *s; unsigned c; } memo[256];
} rd;

static bool alike(const rd *r, size_t a, size_t b);
static bool similar_title(const rd *r, size_t b);
static bool titled(const rd *r, size_t b, int max);
static bool title_head(const char *t, const char *h);
static bool prose_list(const rd *r, size_t n);
static bool headed(const rd *r, size_t n);
static bool promised(const rd *r, size_t n);
static void mark_box(rd *r, size_t n);
static const char *label(const rd *r, size_t b);
static size_t first_text(const rd *r, size_t n);
static const char ad_why[] = "dropped: advertisement label";
static const char byline_why[] = "dropped: byline";
static bool after_paragraph(const rd *r, size_t n);
static double density(const rd *r, size_t n);
static bool holds(const char *s, size_t n, bool (*is)(ucs4_t));
static bool is_digit(ucs4_t c);
static bool slide_count(const pith_block *blk);
static bool slide_heading(const pith_block *blk);
static double counted(const rd *r, size_t t);
static size_t remarked(const rd *r, size_t t);
static size_t signed_post(rd *r, size_t top);

/* ------------------------------------------------------------ names */

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
static unsigned
classify(const char *s)
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
static unsigned
classify_memo(rd *r, const char *s)
{
	uint32_t h = 2166136261u;

	if (s == NULL)
		return 0;
	for (const char *p = s; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	h = (h ^ h >> 16) % (sizeof r->memo / sizeof r->memo[0]);
	if (r->memo[h].s == NULL || strcmp(r->memo[h].s, s) != 0) {
		r->memo[h].s = s;
		r->memo[h].c = classify(s);
	}
	return r->memo[h].c;
}

static GumboNode *
gnode(const rd *r, size_t n)
{
	return r->d->gnodes[n];
}

static GumboTag
tag(const rd *r, size_t n)
{
	return gnode(r, n)->v.element.tag;
}

static const char *
attr(const rd *r, size_t n, const char *name)
{
	return pith_node_attr(r->d, n, name);
}

/* Node n has no class and no id: an editor's paragraphs have none. */
static bool
unnamed(const rd *r, size_t n)
{
	return attr(r, n, "class") == NULL && attr(r, n, "id") == NULL;
}

static bool
role_out(const char *role)
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
static bool
tag_out(GumboTag t)
{
	return t == GUMBO_TAG_NAV || t == GUMBO_TAG_ASIDE ||
	    t == GUMBO_TAG_FOOTER || t == GUMBO_TAG_BUTTON ||
	    t == GUMBO_TAG_SELECT || t == GUMBO_TAG_TEXTAREA ||
	    t == GUMBO_TAG_INPUT || t == GUMBO_TAG_LABEL;
}

/* ------------------------------------------------------------ prepare */

/* The '#' of href h when it links into this page, or NULL.  A bare
 * "#" names no place in it: a script's button (a share or print menu's
 * items), a link like any other (Readability.js's /^#.+/ too). */
static const char *
in_page(const rd *r, const char *h)
{
	const char *hash = h != NULL ? strchr(h, '#') : NULL;

	return hash != NULL && hash[1] != '\0' &&
	    strncmp(h, pith_doc_url(r->d) ? pith_doc_url(r->d) : "",
	    (size_t)(hash - h)) == 0 ? hash : NULL;
}

/* How much a character in run i of blk counts as link: 0 outside
 * links, 0.3 in in-page anchors (footnotes, tables of contents: links
 * of a lighter kind), else 1. */
static double
block_run_link(const rd *r, const pith_block *blk, size_t i)
{
	if (blk->nruns == 0 || !(blk->runs[i].style & PITH_STYLE_LINK))
		return 0;
	return in_page(r, blk->runs[i].href) != NULL ? 0.3 : 1;
}

/* Text of n bytes ends a sentence: a full stop, maybe inside closing
 * double quotes (... became “confrontational.”). */
static bool
sentence_end(const char *t, size_t n)
{
	for (;;) {
		if (n > 0 && t[n - 1] == '"')
			n--;
		else if (n >= 3 && (unsigned char)t[n - 3] == 0xE2 &&
		    (unsigned char)t[n - 2] == 0x80 && (unsigned char)t[n - 1] == 0x9D)
			n -= 3;
		else
			return n > 0 && t[n - 1] == '.';
	}
}

/* s opens with word, the case of any script folded ("ΔΙΑΦΗΜΙΣΗ",
 * "Quảng cáo").  A letter and its fold take as many bytes, so the
 * word's length is also its length in s. */
static bool
starts(const char *s, size_t n, const char *word)
{
	const uint8_t *a = (const uint8_t *)s, *w = (const uint8_t *)word;
	size_t k = strlen(word);

	if (n < k)
		return false;
	for (size_t i = 0; i < k; ) {
		ucs4_t c, d;
		int m = u8_mbtouc(&c, a + i, k - i), mw = u8_mbtouc(&d, w + i, k - i);

		if (m != mw || (c != d && uc_tolower(c) != uc_tolower(d)))
			return false;
		i += (size_t)m;
	}
	return true;
}

/* A copyright notice ("Copyright 2008 The Associated Press. All rights
 * reserved.", "© 2008 Example News"): the wire's or the site's line
 * under the story, not its text.  The mark, then a year or the rights:
 * "Copyright law changed in 2019" is a sentence. */
static bool
copyright(const char *s, size_t n)
{
	/* The reprint bans of Korean, Chinese and Japanese pages ("무단전재
	 * 및 재배포 금지", "版权所有", "無断転載を禁じます") say it alone,
	 * in a line that is no sentence (a full stop: the text's words). */
	static const char *const reprints[] = {
		"\xeb\xac\xb4\xeb\x8b\xa8\xec\xa0\x84\xec\x9e\xac", /* 무단전재 */
		"\xeb\xac\xb4\xeb\x8b\xa8 \xec\xa0\x84\xec\x9e\xac", /* 무단 전재 */
		"\xec\x9e\xac\xeb\xb0\xb0\xed\x8f\xac", /* 재배포 */
		"\xe7\x89\x88\xe6\x9d\x83\xe6\x89\x80\xe6\x9c\x89", /* 版权所有 */
		"\xe7\x89\x88\xe6\xac\x8a\xe6\x89\x80\xe6\x9c\x89", /* 版權所有 */
		"\xe8\xbd\xac\xe8\xbd\xbd", /* 转载 */ "\xe8\xbd\x89\xe8\xbc\x89", /* 轉載 */
		"\xe8\xbb\xa2\xe8\xbc\x89", /* 転載 */
	};
	bool year = false, rights = false;

	for (size_t i = 0; i < sizeof reprints / sizeof reprints[0] &&
	    strstr(s, "\xe3\x80\x82") == NULL; i++)
		if (strstr(s, reprints[i]) != NULL)
			return true;

	for (size_t i = 0; i + 4 <= n; i++) {
		rights = rights || (i + 15 <= n && strncasecmp(s + i, "rights reserved", 15) == 0);
		year = year || ((s[i] == '1' || s[i] == '2') && isdigit((unsigned char)s[i + 1]) &&
		    isdigit((unsigned char)s[i + 2]) && isdigit((unsigned char)s[i + 3]));
	}
	if (starts(s, n, "copyright ")) {
		s += 10;
		n -= 10;
		return rights || starts(s, n, "\xc2\xa9") || starts(s, n, "\xe2\x93\x92") ||
		    starts(s, n, "(c)") || (n > 0 && isdigit((unsigned char)*s));
	}
	/* "(c) in 2019 the board shall": a statute's clause, not a mark.
	 * Korean sites print the circled small c. */
	return (starts(s, n, "\xc2\xa9") || starts(s, n, "\xe2\x93\x92")) && (year || rights);
}

/* Block b's length, link length, commas and sentence end.  Characters
 * are weighted by how much they say: a Han, kana or Hangul character
 * carries about a word, so it counts three. */
static void
block_stats(rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);
	const uint8_t *s = (const uint8_t *)blk->text;
	double link = 0, lw;
	/* Weights are 1 and 3: their sum is an integer, exactly what adding
	 * them one by one in a double gives. */
	size_t len = 0;
	int commas = 0;
	bool sentence = false;
	size_t run = 0;
	/* A space between two letters of a script that spaces no words
	 * (see below): 1 after such a letter, 2 after spaces that follow
	 * one. */
	int gap = 0;
	const uc_script_t *han = r->han, *hiragana = r->hiragana,
	    *katakana = r->katakana, *hangul = r->hangul;

	lw = block_run_link(r, blk, 0);
	for (size_t i = 0; i < blk->len; ) {
		ucs4_t uc;
		int m, w = 1;

		if (run + 1 < blk->nruns && blk->runs[run + 1].start <= i) {
			while (run + 1 < blk->nruns && blk->runs[run + 1].start <= i)
				run++;
			lw = block_run_link(r, blk, run);
		}
		if (s[i] < 0x80) {
			/* ASCII to the next run or character that is not:
			 * weight 1, and only commas and sentence ends matter. */
			size_t end = run + 1 < blk->nruns ? blk->runs[run + 1].start : blk->len,
			    j;
			double step = lw == 1 ? 1 : lw > 0 ? 0.3 : 0;

			for (j = i; j < end && j < blk->len && s[j] < 0x80; j++) {
				gap = s[j] == ' ' && gap > 0 ? 2 : 0;
				if (s[j] == ',')
					commas++;
				else if ((s[j] == '.' || s[j] == '!' || s[j] == '?') &&
				    j + 1 < blk->len && s[j + 1] == ' ')
					sentence = true;
				link += step;
			}
			len += j - i;
			i = j;
			continue;
		}
		m = u8_mbtouc(&uc, s + i, blk->len - i);
		if (uc >= 0x1100 && (uc_is_script(uc, han) ||
		    uc_is_script(uc, hiragana) || uc_is_script(uc, katakana) ||
		    uc_is_script(uc, hangul)))
			w = 3;
		/* Commas: full-width, ideographic, Arabic, Ethiopic,
		 * Armenian and Burmese. */
		if (uc == ',' || uc == 0xFF0C || uc == 0x3001 || uc == 0x060C ||
		    uc == 0x1363 || uc == 0x055D || uc == 0x104A)
			commas++;
		/* Any script's full stop: the danda, the Arabic question
		 * mark, the ideographic full stop (Unicode's STerm); and the
		 * Khmer khan and Tibetan shad, which STerm leaves out.  The
		 * shad ends a clause as often as a sentence: a comma too. */
		if (uc_is_property_sentence_terminal(uc) || uc == 0x17D4 ||
		    uc == 0x17D5 || uc == 0x0F0D || uc == 0x0F0E)
			sentence = true;
		commas += uc == 0x0F0D;
		/* Thai, Lao, Tibetan, Burmese and Khmer put no space
		 * between words: one between two of their letters parts
		 * clauses, as a comma does, and in Thai and Lao, which write
		 * no full stop, sentences too. */
		if (str_unspaced(uc) && !uc_is_general_category(uc, UC_CATEGORY_P)) {
			commas += gap == 2;
			sentence |= gap == 2 && uc <= 0x0eff;
			gap = 1;
		} else {
			gap = 0;
		}
		len += (size_t)w;
		/* Link text adds in order: 0.3 steps are not exact. */
		if (lw == 1)
			link += w;
		else if (lw > 0)
			link += 0.3 * w;
		i += m > 0 ? (size_t)m : 1;
	}
	r->blen[b] = (double)len;
	r->blink[b] = link;
	/* A block as long as a short article and carrying a copyright
	 * notice is the site's legal line: the commas of its list of
	 * trademarks are no clauses of prose, and would make the page's
	 * wrapper outscore the story.  A short notice's commas part years. */
	for (const char *c = blk->text; commas > 0 && len >= CHAR_THRESHOLD &&
	    (c = strstr(c, "\xc2\xa9")) != NULL; c += 2)
		if (copyright(c, blk->len - (size_t)(c - blk->text)))
			commas = 0;
	r->bcommas[b] = commas;
	r->bsentence[b] = sentence || sentence_end(blk->text, blk->len);
}

/* The weight of what class and id say: +-25 each. */
static int
class_weight(unsigned c, unsigned i)
{
	int w = 0;

	w += (c & C_NEGATIVE) ? -25 : 0;
	w += (c & C_POSITIVE) ? 25 : 0;
	w += (i & C_NEGATIVE) ? -25 : 0;
	w += (i & C_POSITIVE) ? 25 : 0;
	return w;
}

struct item_key { unsigned long h; size_t b; };

static int
item_key_cmp(const void *a, const void *b)
{
	const struct item_key *x = a, *y = b;

	return x->h < y->h ? -1 : x->h > y->h ? 1 : x->b < y->b ? -1 : x->b > y->b;
}

/* Mark in r->brepeated the linked list items whose text recurs in
 * another item: a message archive's or a wiki's navigation printed
 * above and below the text ("Previous message: ...").  Sorted by a
 * hash, so linear but for the sort. */
static pith_code
repeated_items(rd *r)
{
	struct item_key *k = malloc((r->nb + 1) * sizeof *k);
	size_t n = 0;

	if (k == NULL)
		return PITH_ENOMEM;
	for (size_t b = 0; b < r->nb; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		unsigned long h = 5381;

		if (blk->kind != PITH_BLOCK_ITEM || blk->len == 0)
			continue;
		for (size_t i = 0; i < blk->len; i++)
			h = h * 33 + (unsigned char)blk->text[i];
		k[n++] = (struct item_key){ h, b };
	}
	qsort(k, n, sizeof *k, item_key_cmp);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && k[j].h == k[i].h; j++)
			;
		for (size_t x = i; j - i > 1 && x < j; x++) {
			const pith_block *a = pith_doc_block(r->d, k[x].b),
			    *c = pith_doc_block(r->d, k[x == i ? i + 1 : i].b);

			if (a->len == c->len && memcmp(a->text, c->text, a->len) == 0 &&
			    r->blink[k[x].b] > 0.5 * r->blen[k[x].b])
				r->brepeated[k[x].b] = true;
		}
	}
	free(k);
	return PITH_OK;
}

/* Block b counted in node a: its length, links, commas, sentence and
 * place (b may come after a's later blocks: see prepare_wraps). */
static void
count_block(rd *r, size_t a, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	r->nblk[a]++;
	if (r->bfirst[a] == PITH_NONE || b < r->bfirst[a])
		r->bfirst[a] = b;
	if (r->blast[a] == PITH_NONE || b > r->blast[a])
		r->blast[a] = b;
	r->len[a] += r->blen[b];
	r->link[a] += r->blink[b];
	r->commas[a] += r->bcommas[b];
	if (r->bsentence[b])
		r->flags[a] |= N_SENTENCE;
	if (blk->kind == PITH_BLOCK_PARA || blk->kind == PITH_BLOCK_PRE)
		r->plen[a] += r->blen[b];
}

/* Each block's length, links, commas and sentence, added to its node;
 * false when the time ran out. */
static bool
prepare_blocks(rd *r)
{
	const pith_doc *d = r->d;

	for (size_t b = 0; b < r->nb; b++) {
		if (budget_tick(r->time))
			return false;
		const pith_block *blk = pith_doc_block(d, b);
		size_t n = blk->node;

		block_stats(r, b);
		if (n == PITH_NONE)
			continue;
		count_block(r, n, b);
		r->slidec[n] += slide_count(blk) || slide_heading(blk);
		if (blk->kind == PITH_BLOCK_PRE)
			r->flags[n] |= N_KEEP;
		if (blk->kind == PITH_BLOCK_ROW) {
			/* A row the model read as data: its table is data. */
			for (size_t a = n; a != PITH_NONE; a = pith_doc_node(d, a)->parent)
				if (tag(r, a) == GUMBO_TAG_TABLE) {
					r->flags[a] |= N_DATA;
					r->rows[a] += r->rows[a] < 2;
					break;
				}
		}
	}
	return true;
}

/* Table n is tabular: two rows or more of several cells, and no table
 * nested in it (a layout's, around a login form). */
static bool
tabular(const rd *r, size_t n)
{
	int rows = 0;

	for (size_t x = n + 1; x < pith_doc_node(r->d, n)->end; x++)
		if (tag(r, x) == GUMBO_TAG_TABLE)
			return false;
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n] && rows < 2; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		rows += blk->kind == PITH_BLOCK_ROW && memchr(blk->text, '\t', blk->len) != NULL;
	}
	return rows >= 2;
}

/* Data table n (or its wrapper) opens with a row of header cells: a
 * table of the text's own data, named for what it lists (a cookie
 * policy's "cookie-table") where a box of chrome is named for itself. */
static bool
header_row(const rd *r, size_t n)
{
	for (size_t x = n + 1; x < pith_doc_node(r->d, n)->end; x++)
		if (tag(r, x) == GUMBO_TAG_TH)
			return true;
		else if (tag(r, x) == GUMBO_TAG_TD)
			return false;
	return false;
}

/* Block b is a row of a data table.  A table of one row is no data:
 * an old page's toolbar ("Print this story | E-mail this story"),
 * menu or ad box laid out side by side, its links and labels judged
 * as a paragraph's. */
static bool
data_row(const rd *r, size_t b)
{
	size_t a = pith_doc_block(r->d, b)->node;

	if (pith_doc_block(r->d, b)->kind != PITH_BLOCK_ROW)
		return false;
	while (a != PITH_NONE && tag(r, a) != GUMBO_TAG_TABLE)
		a = pith_doc_node(r->d, a)->parent;
	return a == PITH_NONE || r->rows[a] != 1;
}

/* Each node's class, weight and hidden state; the page's bodies. */
static void
prepare_nodes(rd *r)
{
	const pith_doc *d = r->d;
	size_t nn = r->nn;

	for (size_t n = 0; n < nn; n++) {
		if (budget_tick(r->time)) break;   /* pith_extract reports it */
		const pith_node *node = pith_doc_node(d, n);
		GumboTag t = tag(r, n);
		node_attrs at;
		unsigned ck, ci, c;

		node_attrs_get(gnode(r, n), &at);
		ck = classify_memo(r, at.klass);
		ci = classify(at.id);
		c = ck | ci;
		/* An anchor's name marks a place, as an id does ("#comments"). */
		if (t == GUMBO_TAG_A)
			c |= classify(attr(r, n, "name")) & C_THREAD;
		if (node_hidden(&at) && !node_collapsed(gnode(r, n)))
			c |= C_HIDDEN;
		if (role_out(at.role))
			c |= C_ROLE_OUT;
		if (at.itemprop != NULL && strstr(at.itemprop, "articleBody") != NULL)
			c |= C_BODY;
		if (at.rel != NULL && strcmp(at.rel, "author") == 0)
			c |= C_META;
		if (t == GUMBO_TAG_BODY && r->body == 0)
			r->body = n;
		r->cls[n] = c;
		r->weight[n] = class_weight(ck, ci);
		if (node->parent != PITH_NONE) {
			r->kids[node->parent]++;
			if (r->flags[node->parent] & N_HIDDEN)
				r->flags[n] |= N_HIDDEN;
		}
		if ((c & C_HIDDEN) && t != GUMBO_TAG_BODY && t != GUMBO_TAG_HTML)
			r->flags[n] |= N_HIDDEN;
		/* What "site" removes is as good as hidden. */
		if (r->mask != NULL && r->mask[n])
			r->flags[n] |= N_HIDDEN;
		if ((c & C_BODY) && !(r->flags[n] & N_HIDDEN) &&
		    r->nbodies < sizeof r->bodies / sizeof r->bodies[0])
			r->bodies[r->nbodies++] = n;
	}
}

/* Node n's previous sibling, or PITH_NONE: the last of node n - 1's
 * ancestors below n's parent. */
static size_t
sibling_before(const rd *r, size_t n)
{
	size_t p = pith_doc_node(r->d, n)->parent, x = n - 1;

	while (x != PITH_NONE && x != p && pith_doc_node(r->d, x)->parent != p)
		x = pith_doc_node(r->d, x)->parent;
	return x != p ? x : PITH_NONE;
}

/* Node n's next sibling, or PITH_NONE. */
static size_t
sibling_after(const rd *r, size_t n)
{
	size_t x = pith_doc_node(r->d, n)->end;

	return x < r->nn && pith_doc_node(r->d, x)->parent == pith_doc_node(r->d, n)->parent ?
	    x : PITH_NONE;
}

/* Node n's nearest sibling on side dir (-1 before, 1 after) that has
 * text, past up to two empty ones (an ad's slot, an empty list), or
 * PITH_NONE. */
static size_t
text_sibling(const rd *r, size_t n, int dir)
{
	size_t x = n;

	for (int i = 0; i < 3; i++) {
		x = dir < 0 ? sibling_before(r, x) : sibling_after(r, x);
		if (x == PITH_NONE || r->len[x] > 0)
			return x;
	}
	return PITH_NONE;
}

/* Up to two siblings of heading n, within a few on side dir (-1
 * before, 1 after), of its tag and class and with ids of their own: a
 * document's anchored headings (a Markdown generator's or a table of
 * contents' anchors). */
static int
id_kin(const rd *r, size_t n, int dir)
{
	enum { NEAR = 12 };
	size_t p = pith_doc_node(r->d, n)->parent, s = n;
	int kin = 0;

	if (p == PITH_NONE)
		return 0;
	for (int k = 0; k < NEAR && kin < 2; k++) {
		if ((s = dir > 0 ? sibling_after(r, s) : sibling_before(r, s)) == PITH_NONE)
			break;
		kin += alike(r, s, n) && attr(r, s, "id") != NULL;
	}
	return kin;
}

/* Box n opens with a heading that links to the box's own id: a
 * document's section and its permalink ("<section id=comments><h2>
 * Comments<a href=#comments>", as Docutils writes them). */
static bool
permalinked(const rd *r, size_t n, const char *id)
{
	size_t end = pith_doc_node(r->d, n)->end, h = n + 1;
	const char *href;

	/* The heading first, or in a wrapper or two. */
	while (h < end && h < n + 4 && (tag(r, h) < GUMBO_TAG_H1 || tag(r, h) > GUMBO_TAG_H6))
		h++;
	if (h >= end || tag(r, h) < GUMBO_TAG_H1 || tag(r, h) > GUMBO_TAG_H6)
		return false;
	end = pith_doc_node(r->d, h)->end;
	for (size_t a = h + 1; a < end && a < h + 16; a++)
		if (tag(r, a) == GUMBO_TAG_A && (href = attr(r, a, "href")) != NULL &&
		    href[0] == '#' && strcmp(href + 1, id) == 0)
			return true;
	return false;
}

/* A heading's id among its kin's is an anchor, not a box's name, and
 * so is a permalinked section's: a privacy policy's "#comments",
 * "#advertising" and "#share" sections are its text.  What else the id
 * says stays: a byline's "docAuthor", the readers' comments' mark (see
 * drop_thread). */
static void
prepare_anchors(rd *r)
{
	for (size_t n = 0; n < r->nn; n++) {
		GumboTag t = tag(r, n);
		const char *id;
		unsigned ci, ck;

		if ((id = attr(r, n, "id")) == NULL ||
		    (ci = classify(id) & (C_BOILER | C_UNLIKELY | C_NEGATIVE)) == 0 ||
		    !((t >= GUMBO_TAG_H1 && t <= GUMBO_TAG_H6) || permalinked(r, n, id)) ||
		    id_kin(r, n, -1) + id_kin(r, n, 1) < 2)
			continue;
		ck = classify(attr(r, n, "class"));
		r->cls[n] &= ~(ci & ~ck);
		r->weight[n] = class_weight(ck, classify(id) & ~C_NEGATIVE);
	}
}

/* Lengths, links and block ranges summed up the tree. */
static void
prepare_sums(rd *r)
{
	const pith_doc *d = r->d;
	size_t nn = r->nn;

	/* Sums flow up; children come after their parents. */
	for (size_t n = nn; n-- > 1; ) {
		size_t p = pith_doc_node(d, n)->parent;

		if (p == PITH_NONE)
			continue;
		/* A wrapper around nothing but a data table is the table: its
		 * name tells how it shows it ("table-scroll", "media"), not
		 * what it holds.  A table of one-cell rows is as often a
		 * layout's (a login prompt, a list of links). */
		if ((r->flags[n] & N_DATA) && r->kids[p] == 1 && r->len[p] == 0 &&
		    (tag(r, n) != GUMBO_TAG_TABLE || tabular(r, n)))
			r->flags[p] |= N_DATA;
		r->len[p] += r->len[n];
		r->link[p] += r->link[n];
		r->plen[p] += r->plen[n];
		r->llen[p] += tag(r, n) == GUMBO_TAG_UL || tag(r, n) == GUMBO_TAG_OL ?
		    r->len[n] : r->llen[n];
		r->commas[p] += r->commas[n];
		r->slidec[p] += r->slidec[n];
		r->nblk[p] += r->nblk[n];
		/* n's sums are whole: its subtree comes after it. */
		if (r->len[n] > 0 && r->link[n] < 0.5 * r->len[n])
			r->prose_kids[p]++;
		if (r->bfirst[n] != PITH_NONE) {
			if (r->bfirst[p] == PITH_NONE || r->bfirst[n] < r->bfirst[p])
				r->bfirst[p] = r->bfirst[n];
			if (r->blast[p] == PITH_NONE || r->blast[n] > r->blast[p])
				r->blast[p] = r->blast[n];
		}
		if ((r->cls[n] & C_EMBED) || (r->flags[n] & N_KEEP))
			r->flags[p] |= N_KEEP;
	}
}

/* The numbers of up to four digits in t[0..n), at most max of them
 * into v; how many. */
static size_t
numbers(const char *t, size_t n, size_t *v, size_t max)
{
	size_t got = 0;

	for (size_t i = 0; i < n && got < max; ) {
		size_t x = 0, k = 0;

		while (i + k < n && t[i + k] >= '0' && t[i + k] <= '9')
			x = k < 4 ? 10 * x + (size_t)(t[i + k] - '0') : 0, k++;
		if (k > 0 && k <= 4)
			v[got++] = x;
		i += k > 0 ? k : 1;
	}
	return got;
}

/* The title's numbers ("The 6 best ..."): the counts of the lists it
 * promises (see promised). */
static void
prepare_counts(rd *r)
{
	const char *t = pith_doc_title(r->d);

	if (t != NULL)
		r->ncounts = numbers(t, strlen(t), r->counts, 8);
}

static bool
inside(const rd *r, size_t n, size_t a)
{
	return n >= a && n < pith_doc_node(r->d, a)->end;
}

/* Block b is loose text in a box that holds more than it (bare text
 * and <br>s where a page would have <p>s). */
static bool
loose_para(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	return blk->kind == PITH_BLOCK_PARA && blk->node != PITH_NONE &&
	    tag(r, blk->node) != GUMBO_TAG_P && r->nblk[blk->node] > 1;
}

/* Loose text belongs to its nearest block box, but an old page sets
 * its story as text and <br>s inside an inline wrapper (<font size=2>,
 * a <span>) beside the box's menus and notes, where <p>s would make the
 * wrapper their parent.  The document keeps each block's innermost
 * element around all its text (doc_block_wrap); an inline one around
 * two loose blocks or more is the story's wrapper: it gets their sums
 * and range, and score_blocks lets it gain first, as a <p>'s parent. */
static pith_code
prepare_wraps(rd *r)
{
	const pith_doc *d = r->d;
	int *count;

	for (size_t b = 0; b < r->nb; b++)
		r->bwrap[b] = loose_para(r, b) ? doc_block_wrap(d, b) : PITH_NONE;
	if ((count = calloc(r->nn + 1, sizeof *count)) == NULL)
		return PITH_ENOMEM;
	for (size_t b = 0; b < r->nb; b++) {
		size_t c = r->bwrap[b], n = pith_doc_block(d, b)->node;

		if (c != PITH_NONE && (c == n || !inside(r, c, n) || doc_tag_block(tag(r, c))))
			c = r->bwrap[b] = PITH_NONE;
		if (c != PITH_NONE)
			count[c]++;
	}
	for (size_t b = 0; b < r->nb; b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (r->bwrap[b] == PITH_NONE || count[r->bwrap[b]] < 2) {
			r->bwrap[b] = PITH_NONE;
			continue;
		}
		for (size_t a = r->bwrap[b]; a != n; a = pith_doc_node(d, a)->parent)
			count_block(r, a, b);
	}
	free(count);
	return PITH_OK;
}

/* <main> is the page's own word for its content, and it stands when
 * the class names say nothing (hashed, or in another language).  When
 * its prose is spread over its children (a landing page's sections,
 * each outscored by the one whose paragraph sits a box deeper), it
 * weighs as a positive name does; when one child holds over half of
 * it, that child is the story and <main> its frame (a share bar, a
 * newsletter box), for the scores to tell. */
static void
weigh_main(rd *r)
{
	const pith_doc *d = r->d;

	for (size_t n = 0; n < r->nn; n++) {
		size_t c, end = pith_doc_node(d, n)->end;

		if (tag(r, n) != GUMBO_TAG_MAIN || (r->cls[n] & C_POSITIVE) || r->plen[n] <= 0)
			continue;
		for (c = n + 1; c < end && r->plen[c] <= 0.5 * r->plen[n];
		    c = pith_doc_node(d, c)->end)
			;
		if (c == end)
			r->weight[n] += 25;
	}
}

static pith_code
prepare(rd *r)
{
	size_t nn = r->nn, nb = r->nb;

	r->cls = calloc(nn + 1, sizeof *r->cls);
	r->weight = calloc(nn + 1, sizeof *r->weight);
	r->flags = calloc(nn + 1, 1);
	r->rows = calloc(nn + 1, 1);
	r->len = calloc(nn + 1, sizeof *r->len);
	r->link = calloc(nn + 1, sizeof *r->link);
	r->plen = calloc(nn + 1, sizeof *r->plen);
	r->llen = calloc(nn + 1, sizeof *r->llen);
	r->commas = calloc(nn + 1, sizeof *r->commas);
	r->slidec = calloc(nn + 1, sizeof *r->slidec);
	r->kids = calloc(nn + 1, sizeof *r->kids);
	r->prose_kids = calloc(nn + 1, sizeof *r->prose_kids);
	r->nblk = calloc(nn + 1, sizeof *r->nblk);
	r->bfirst = malloc((nn + 1) * sizeof *r->bfirst);
	r->blast = malloc((nn + 1) * sizeof *r->blast);
	r->bwrap = malloc((nb + 1) * sizeof *r->bwrap);
	r->score = calloc(nn + 1, sizeof *r->score);
	r->blen = calloc(nb + 1, sizeof *r->blen);
	r->blink = calloc(nb + 1, sizeof *r->blink);
	r->bcommas = calloc(nb + 1, sizeof *r->bcommas);
	r->bsentence = calloc(nb + 1, sizeof *r->bsentence);
	r->brepeated = calloc(nb + 1, sizeof *r->brepeated);
	r->keep = calloc(nb + 1, 1);
	r->why = calloc(nb + 1, sizeof *r->why);
	if (!r->cls || !r->weight || !r->flags || !r->rows || !r->len || !r->link ||
	    !r->plen || !r->llen || !r->commas || !r->slidec || !r->kids || !r->prose_kids ||
	    !r->nblk || !r->bfirst || !r->blast || !r->bwrap || !r->score || !r->blen ||
	    !r->blink || !r->bcommas || !r->bsentence || !r->brepeated || !r->keep ||
	    !r->why)
		return PITH_ENOMEM;
	for (size_t n = 0; n < nn; n++)
		r->bfirst[n] = r->blast[n] = PITH_NONE;
	for (size_t b = 0; b < nb; b++)
		r->bwrap[b] = PITH_NONE;

	prepare_nodes(r);
	prepare_anchors(r);
	/* Out of time already: the caller stops before any run. */
	if (budget_expired(r->time) || !prepare_blocks(r))
		return PITH_OK;
	prepare_sums(r);
	if (prepare_wraps(r) != PITH_OK)
		return PITH_ENOMEM;
	weigh_main(r);
	/* Bootstrap's alert, a docs theme's callout, is role="alert" in
	 * the run of the text: after a paragraph of prose, it is the
	 * text's note, where a banner or a flash message sits alone. */
	for (size_t n = 1; n < nn; n++)
		if ((r->cls[n] & C_ROLE_OUT) && attr(r, n, "role") != NULL &&
		    strcmp(attr(r, n, "role"), "alert") == 0 && density(r, n) < 0.25 &&
		    after_paragraph(r, n))
			r->cls[n] &= ~(unsigned)C_ROLE_OUT;
	/* The page's, not a run's: found once, asked by several rules. */
	for (r->title_block = 0; r->title_block < r->nb &&
	    !similar_title(r, r->title_block); r->title_block++)
		;
	if (r->title_block == r->nb)
		r->title_block = PITH_NONE;
	/* A blog's name heads its pages and is part of their title; the
	 * post's own title, an <h3> under it, is more of the title: that one
	 * is the headline. */
	for (size_t b = r->title_block + 1; r->title_block != PITH_NONE && b < r->nb; b++)
		if (r->blen[b] > r->blen[r->title_block] && titled(r, b, 3) &&
		    str_has_icase(pith_doc_title(r->d), pith_doc_block(r->d, b)->text))
			r->title_block = b;
	prepare_counts(r);
	return repeated_items(r);
}

/* ------------------------------------------------------------- run */

static double
density(const rd *r, size_t n)
{
	return r->len[n] > 0 ? r->link[n] / r->len[n] : 0;
}

/* The block of div n's loose text, pictures aside (one floated into
 * the text is no second paragraph), or PITH_NONE. */
static size_t
loose_block(const rd *r, size_t n)
{
	size_t p = PITH_NONE;

	if (tag(r, n) != GUMBO_TAG_DIV || r->nblk[n] == 0 || r->nblk[n] > 3)
		return PITH_NONE;
	for (size_t b = r->bfirst[n]; b < r->bfirst[n] + r->nblk[n]; b++) {
		const pith_block *k = pith_doc_block(r->d, b);

		if (k->kind == PITH_BLOCK_IMAGE)
			continue;
		if (p != PITH_NONE || k->kind != PITH_BLOCK_PARA || k->node != n)
			return PITH_NONE;
		p = b;
	}
	return p;
}

/* Node n is a <p>, or a div holding one block of loose text (which
 * Readability.js makes a <p>). */
static bool
para_node(const rd *r, size_t n)
{
	return tag(r, n) == GUMBO_TAG_P || (r->nblk[n] == 1 && loose_block(r, n) != PITH_NONE);
}

/* A div around nothing but one paragraph (its only child, node a + 1,
 * holding all its text): a paragraph in a box. */
static bool
one_p_div(const rd *r, size_t a)
{
	return tag(r, a) == GUMBO_TAG_DIV && r->kids[a] == 1 && a + 1 < r->nn &&
	    para_node(r, a + 1) && r->len[a + 1] == r->len[a];
}

static double
score_init(const rd *r, size_t n, unsigned f)
{
	double s = 0;

	switch (tag(r, n)) {
	case GUMBO_TAG_DIV: s = 5; break;
	case GUMBO_TAG_PRE: case GUMBO_TAG_TD: case GUMBO_TAG_BLOCKQUOTE: s = 3; break;
	case GUMBO_TAG_ADDRESS: case GUMBO_TAG_OL: case GUMBO_TAG_UL:
	case GUMBO_TAG_DL: case GUMBO_TAG_DD: case GUMBO_TAG_DT:
	case GUMBO_TAG_LI: case GUMBO_TAG_FORM: s = -3; break;
	case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
	case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
	case GUMBO_TAG_TH: s = -5; break;
	default: break;
	}
	return s + ((f & F_WEIGHT_CLASSES) ? r->weight[n] : 0);
}

/* Node n's score from its name and tag, when it has none yet. */
static void
score_once(rd *r, size_t n, unsigned f)
{
	if (!(r->flags[n] & N_SCORED)) {
		r->score[n] = score_init(r, n, f);
		r->flags[n] |= N_SCORED;
	}
}

/* Paragraph-like blocks are scored; list items and headings alone
 * are not (a menu is a list of short items). */
static bool
scorable(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	if (blk->node == PITH_NONE || r->blen[b] < MIN_PARAGRAPH)
		return false;
	switch (blk->kind) {
	case PITH_BLOCK_PARA: case PITH_BLOCK_PRE: case PITH_BLOCK_ROW:
		break;
	case PITH_BLOCK_HEADING:
		if (blk->level == 1)
			return false;
		break;
	default:
		return false;
	}
	switch (tag(r, blk->node)) {
	case GUMBO_TAG_LI: case GUMBO_TAG_DT: case GUMBO_TAG_DD:
	case GUMBO_TAG_TH: case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_CAPTION:
	case GUMBO_TAG_LABEL: case GUMBO_TAG_BUTTON: case GUMBO_TAG_LEGEND:
	case GUMBO_TAG_SUMMARY:
		return false;
	default:
		return true;
	}
}

/* On a page with little paragraph text (under CHAR_THRESHOLD in the
 * body), a list item of prose scores as a paragraph of its list: a
 * line of MIN_PARAGRAPH or more in a list of lines with few links (a
 * joiner's services, a posting's duties), where a menu's items are a
 * few words and a related list's are links.  Full stop or not: most
 * postings and feature lists end their lines bare.  On a story's page
 * such a list is its summary, which the corpora leave out.  The list,
 * or PITH_NONE. */
static size_t
item_list(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t l;

	if (r->body == 0 || r->plen[r->body] >= CHAR_THRESHOLD ||
	    blk->kind != PITH_BLOCK_ITEM || blk->node == PITH_NONE ||
	    tag(r, blk->node) != GUMBO_TAG_LI || r->blen[b] < MIN_PARAGRAPH ||
	    (l = pith_doc_node(r->d, blk->node)->parent) == PITH_NONE)
		return PITH_NONE;
	return prose_list(r, l) && density(r, l) < 0.25 ? l : PITH_NONE;
}

/* The node is out before scoring: hidden, or unlikely by name, role or
 * tag, unless it is a page-level wrapper. */
static bool
unlikely(const rd *r, size_t n, unsigned f)
{
	GumboTag t = tag(r, n);
	unsigned c = r->cls[n];

	if (t == GUMBO_TAG_HTML || t == GUMBO_TAG_BODY || t == GUMBO_TAG_MAIN ||
	    t == GUMBO_TAG_ARTICLE || t == GUMBO_TAG_A)
		return false;
	if (tag_out(t) || (c & C_ROLE_OUT))
		return true;
	if (!(f & F_STRIP_UNLIKELY) || !(c & C_UNLIKELY) || (c & (C_MAYBE | C_EMBED)))
		return false;
	/* A wrapper holding most of the page is not a sidebar, whatever
	 * its class says ("header-spacing" on a page wrapper), unless the
	 * page names its article body elsewhere. */
	if (r->body == 0 || r->len[n] <= 0.5 * r->len[r->body])
		return true;
	for (size_t k = 0; k < r->nbodies; k++)
		if (!inside(r, r->bodies[k], n) && r->len[r->bodies[k]] > 0)
			return true;
	return false;
}

static void
mark_excluded(rd *r, unsigned f)
{
	const pith_doc *d = r->d;

	for (size_t n = 0; n < r->nn; n++) {
		size_t p = pith_doc_node(d, n)->parent;

		r->flags[n] &= (unsigned char)~(N_UNLIKELY | N_SCORED | N_IN | N_BOX);
		r->score[n] = 0;
		if ((p != PITH_NONE && (r->flags[p] & N_UNLIKELY)) || unlikely(r, n, f))
			r->flags[n] |= N_UNLIKELY;
	}
}

static void
score_blocks(rd *r, unsigned f)
{
	const pith_doc *d = r->d;

	for (size_t b = 0; b < r->nb; b++) {
		if (budget_tick(r->time)) break;
		size_t n = pith_doc_block(d, b)->node, a, l = item_list(r, b);
		double s;
		int level = 0;

		if ((!scorable(r, b) && l == PITH_NONE) || (r->flags[n] & (N_HIDDEN | N_UNLIKELY)))
			continue;
		s = 1 + r->bcommas[b] + fmin(floor(r->blen[b] / 100), 3);
		/* A table row counts for the table as a whole, an item of
		 * prose for its list. */
		if (pith_doc_block(d, b)->kind == PITH_BLOCK_ROW)
			while (n != PITH_NONE && tag(r, n) != GUMBO_TAG_TABLE)
				n = pith_doc_node(d, n)->parent;
		if (l != PITH_NONE)
			n = l;
		if (n == PITH_NONE)
			continue;
		/* A div around nothing but one <p> is that paragraph (as
		 * a div holding loose text is): the first to gain is the
		 * container beyond it. */
		a = pith_doc_node(d, n)->parent;
		if (para_node(r, n) && a != PITH_NONE && one_p_div(r, a) &&
		    density(r, a) < 0.25)
			n = a;
		/* Loose text in a container that holds more than this
		 * paragraph is a paragraph of that container, as
		 * Readability.js wraps phrasing runs in a <p>: the container
		 * is the first to gain. */
		a = pith_doc_node(d, n)->parent;
		if (pith_doc_block(d, b)->kind == PITH_BLOCK_PARA &&
		    tag(r, n) != GUMBO_TAG_P && r->nblk[n] > 1)
			a = r->bwrap[b] != PITH_NONE ? r->bwrap[b] : n;
		for (; a != PITH_NONE && level < 5;
		    a = pith_doc_node(d, a)->parent, level++) {
			if (tag(r, a) == GUMBO_TAG_HTML)
				break;
			score_once(r, a, f);
			r->score[a] += s / (level == 0 ? 1 : level == 1 ? 2 : level * 3);
		}
	}
	for (size_t n = 0; n < r->nn; n++)
		if (r->flags[n] & N_SCORED)
			r->score[n] *= 1 - density(r, n);
}

/* Record what decided about node n, for pith_article_candidates; the
 * siblings of a huge list stop at a bound. */
static void
evidence(rd *r, size_t n, pith_cand_role role, double threshold, bool passed,
         unsigned f)
{
	enum { MAX_EVIDENCE = 256 };

	if (r->ncand >= MAX_EVIDENCE || !grow(&r->cand, &r->capcand, r->ncand + 1,
	    sizeof *r->cand)) {
		r->cand_oom |= r->ncand < MAX_EVIDENCE;
		return;
	}
	r->cand[r->ncand++] = (pith_candidate){ n, role, r->score[n],
	    (f & F_WEIGHT_CLASSES) ? r->weight[n] : 0, density(r, n), threshold,
	    passed };
}

/* Heading block b is unlinked, or linked only to its own anchor (a
 * permalink: an in-page link weighs 0.3, see block_run_link). */
static bool
own_heading(const rd *r, size_t b)
{
	return r->blink[b] <= 0.3 * r->blen[b] + 0.01;
}

/* Sections under a, outside top (unless PITH_NONE) and not unlikely: a
 * heading without links (or its permalink) followed by a sentence of
 * prose with few links. */
static size_t
headed_sections(const rd *r, size_t a, size_t top)
{
	size_t n = 0;

	if (r->bfirst[a] == PITH_NONE)
		return 0;
	for (size_t b = r->bfirst[a]; b < r->blast[a]; b++) {
		const pith_block *h = pith_doc_block(r->d, b),
		    *t = pith_doc_block(r->d, b + 1);

		if (h->kind != PITH_BLOCK_HEADING || h->level < 2 || !own_heading(r, b) ||
		    h->node == PITH_NONE || t->node == PITH_NONE || (top != PITH_NONE &&
		    (inside(r, h->node, top) || inside(r, t->node, top))) ||
		    (r->flags[h->node] & (N_HIDDEN | N_UNLIKELY)) ||
		    (r->flags[t->node] & (N_HIDDEN | N_UNLIKELY)))
			continue;
		if ((t->kind == PITH_BLOCK_PARA || t->kind == PITH_BLOCK_ITEM) &&
		    r->blen[b + 1] >= WIDEN_TEXT && r->bsentence[b + 1] &&
		    r->blink[b + 1] < 0.25 * r->blen[b + 1])
			n++;
	}
	return n;
}

/* Block b is a paragraph of prose: over 80 characters (paragraph()'s
 * measure), a sentence, few links; a list item's paragraph is one. */
static bool
prose_block(const rd *r, size_t b)
{
	pith_block_kind k = pith_doc_block(r->d, b)->kind;

	return (k == PITH_BLOCK_PARA || k == PITH_BLOCK_ITEM) && r->blen[b] > 80 &&
	    r->bsentence[b] && r->blink[b] < 0.25 * r->blen[b];
}

/* A paragraph of prose under a, outside top and not hidden or unlikely. */
static bool
prose_beside(const rd *r, size_t a, size_t top)
{
	for (size_t b = r->bfirst[a]; b != PITH_NONE && b <= r->blast[a]; b++) {
		size_t n = pith_doc_block(r->d, b)->node;

		if (n != PITH_NONE && !inside(r, n, top) && prose_block(r, b) &&
		    !(r->flags[n] & (N_HIDDEN | N_UNLIKELY)))
			return true;
	}
	return false;
}

/* A child of a, beside the top's, holds the headed sections itself: a
 * landing page's features grid, where the boxes beside a short story,
 * each the body's child, hold one each (an aside holds a sidebar's). */
static bool
grid(const rd *r, size_t a, size_t top)
{
	const pith_doc *d = r->d;

	for (size_t c = a + 1; c < pith_doc_node(d, a)->end; c = pith_doc_node(d, c)->end)
		if (!inside(r, top, c) && tag(r, c) != GUMBO_TAG_ASIDE &&
		    !(r->flags[c] & (N_HIDDEN | N_UNLIKELY)) &&
		    headed_sections(r, c, top) >= WIDEN_SECTIONS)
			return true;
	return false;
}

/* A short top beside headed sections of prose is a box on a landing or
 * product page (a notice among feature sections): the sections'
 * sentences sit in list items or short paragraphs that score little or
 * nothing, so the top won by default.  The ancestor holding the
 * sections is the page's text.  Structure only (an unlinked heading,
 * then a sentence), so it holds in any language; a related rail's or a
 * card's heading is its link.  The body too, as the rivals' ancestor
 * may be (see top_candidate), when no heading repeats the title (a
 * generator's landing page puts its sections straight in the body) or
 * when the sections are grouped in a grid (the hero, features and
 * testimonials are often the body's own children).  And when the short
 * top is the grid itself, the ancestor holding prose beside it: the
 * hero's lead, a testimonial.  The top, widened or not. */
static size_t
widen(rd *r, size_t top)
{
	const pith_doc *d = r->d;
	size_t a = pith_doc_node(d, top)->parent;

	bool won;

	r->widened = false;
	if (r->len[top] - r->link[top] >= CHAR_THRESHOLD)
		return top;
	won = headed_sections(r, top, PITH_NONE) >= WIDEN_SECTIONS;
	for (int level = 0; a != PITH_NONE && level < WIDEN_UP &&
	    tag(r, a) != GUMBO_TAG_HTML && !(r->flags[a] & (N_HIDDEN | N_UNLIKELY));
	    a = pith_doc_node(d, a)->parent, level++)
		if (density(r, a) < WIDEN_LINKS &&
		    ((headed_sections(r, a, top) >= WIDEN_SECTIONS &&
		    (tag(r, a) != GUMBO_TAG_BODY || r->title_block == PITH_NONE ||
		    grid(r, a, top))) || (won && prose_beside(r, a, top)))) {
			r->widened = true;
			return a;
		}
	return top;
}

/* Nodes a and b are of a kind: the same tag, and classes opening with
 * the same word ("frame frame-type-text" and "frame frame-type-textpic"),
 * or one class empty and the other not: a template that names every
 * other box of a run ("alt", then "") alternates them so. */
static bool
kin(const rd *r, size_t a, size_t b)
{
	const char *ca = attr(r, a, "class"), *cb = attr(r, b, "class");
	size_t k;

	if (tag(r, a) != tag(r, b) || ca == NULL || cb == NULL)
		return false;
	if (*ca == '\0' || *cb == '\0')
		return (*ca == '\0') != (*cb == '\0');
	k = strcspn(ca, " \t\n");
	return k > 0 && strncmp(ca, cb, k) == 0 && strchr(" \t\n", cb[k]) != NULL;
}

/* Nodes a and b are boxes of a kind (see alike and kin). */
static bool
of_kind(const rd *r, size_t a, size_t b)
{
	return alike(r, a, b) || kin(r, a, b);
}

/* A CMS cuts a page into content elements side by side, boxes of a kind
 * (a text, a text with a picture, a table), and a short one may win by
 * a name the others lack ("textpic-text"): two rivals of its kind
 * beside the top's box say the article is their parent.  Only below
 * the body, and only boxes of a kind: a sidebar and a footer beside
 * the main column are not.  The parent, or PITH_NONE. */
static size_t
side_by_side(const rd *r, size_t top, const size_t alt[2])
{
	const pith_doc *d = r->d;

	for (size_t x = top, a; (a = pith_doc_node(d, x)->parent) != PITH_NONE &&
	    a != r->body && tag(r, a) != GUMBO_TAG_HTML; x = a) {
		bool p0 = pith_doc_node(d, alt[0])->parent == a,
		    p1 = pith_doc_node(d, alt[1])->parent == a;

		if (p0 || p1)
			return p0 && p1 && kin(r, x, alt[0]) && kin(r, x, alt[1]) ? a : PITH_NONE;
	}
	return PITH_NONE;
}

/* The first level-1 heading in n's subtree, or PITH_NONE. */
static size_t
headline(const rd *r, size_t n)
{
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind == PITH_BLOCK_HEADING && blk->level == 1)
			return b;
	}
	return PITH_NONE;
}

/* Box x can be told from boxes elsewhere on the page: it has a class,
 * or is an <article>, or its class is empty between boxes named (the
 * other half of a run alternated, see kin): its next sibling or its
 * parent's first child.  Any two bare <div>s are alike. */
static bool
named_box(const rd *r, size_t x)
{
	const char *c = attr(r, x, "class");
	size_t p = pith_doc_node(r->d, x)->parent, e;

	if ((c != NULL && *c) || tag(r, x) == GUMBO_TAG_ARTICLE)
		return true;
	return c != NULL && p != PITH_NONE &&
	    ((p + 1 != x && kin(r, p + 1, x)) ||
	    ((e = sibling_after(r, x)) != PITH_NONE && kin(r, e, x)));
}

/* Child c of g is a story in a stream: a box under its own headline
 * with a box alike it (same tag and class) and headlined too beside it. */
static bool
streamed(const rd *r, size_t g, size_t c)
{
	if (headline(r, c) == PITH_NONE)
		return false;
	for (size_t s = g + 1; s < pith_doc_node(r->d, g)->end; s = pith_doc_node(r->d, s)->end)
		if (s != c && alike(r, s, c) && headline(r, s) != PITH_NONE)
			return true;
	return false;
}

/* The best-scored node of nodes x to e (exclusive), or x. */
static size_t
best_from(const rd *r, size_t x, size_t e)
{
	size_t best = x;

	for (size_t n = x; n < e; n++)
		if ((r->flags[n] & N_SCORED) && (!(r->flags[best] & N_SCORED) ||
		    r->score[n] > r->score[best]))
			best = n;
	return best;
}

/* The best-scored node in box x, or x. */
static size_t
best_in(const rd *r, size_t x)
{
	return best_from(r, x, pith_doc_node(r->d, x)->end);
}

/* The next stories may be saved in a box of their own, apart from the
 * article: when the box around the top is headlined other than the
 * page's title and a box alike it elsewhere, holding a story's worth
 * of paragraphs (not a masthead under the site's name), is headlined
 * with the title, that one is the article; or, the title standing
 * above them, the first alike box after it under no headline. */
static size_t
retitle(const rd *r, size_t top)
{
	size_t x = top, h = PITH_NONE;

	for (int up = 0; x != PITH_NONE && x != r->body && up < 4;
	    x = pith_doc_node(r->d, x)->parent, up++)
		if ((h = headline(r, x)) != PITH_NONE)
			break;
	if (h == PITH_NONE || x == PITH_NONE || x == r->body || similar_title(r, h) ||
	    !named_box(r, x))
		return top;
	for (size_t n = 0; n < r->nn; n++)
		if (!inside(r, n, x) && !inside(r, x, n) && alike(r, n, x) &&
		    r->plen[n] >= CHAR_THRESHOLD &&
		    (h = headline(r, n)) != PITH_NONE && similar_title(r, h))
			return best_in(r, n);
	/* The article's headline may stand above the stream, its box
	 * then under none: the first such box after the title's. */
	if ((h = r->title_block) == PITH_NONE || h >= r->bfirst[x])
		return top;
	for (size_t n = 0; n < r->nn; n++)
		if (!inside(r, n, x) && !inside(r, x, n) && alike(r, n, x) &&
		    r->plen[n] >= CHAR_THRESHOLD && r->bfirst[n] != PITH_NONE &&
		    r->bfirst[n] > h && headline(r, n) == PITH_NONE)
			return best_in(r, n);
	return top;
}

/* Infinite scroll saves the next stories below the article, each in a
 * box alike the article's own under its own headline: one story is the
 * page, the one under the page's title, or else the top's (unless
 * retitle finds the title's elsewhere), or the first when the top holds
 * them all.  Its best-scored node, or top. */
static size_t
unstream(const rd *r, size_t top)
{
	const pith_doc *d = r->d;

	for (size_t g = top, up = 0; g != PITH_NONE && g != r->body && up < 4;
	    g = pith_doc_node(d, g)->parent, up++) {
		size_t pick = PITH_NONE, first = PITH_NONE, mine = PITH_NONE;
		size_t story[STREAM_MAX], n = 0;
		bool many = false;

		/* The headlined boxes, each then matched against the others:
		 * a page of more is an index, not a stream, and is not read
		 * pair by pair. */
		for (size_t c = g + 1; c < pith_doc_node(d, g)->end && !many;
		    c = pith_doc_node(d, c)->end)
			if (headline(r, c) != PITH_NONE && !(many = n == STREAM_MAX))
				story[n++] = c;
		if (many)
			continue;
		for (size_t k = 0; k < n; k++) {
			size_t c = story[k], j = 0;

			while (j < n && (j == k || !alike(r, story[j], c)))
				j++;
			if (j == n)
				continue;
			if (first == PITH_NONE)
				first = c;
			if (pick == PITH_NONE && similar_title(r, headline(r, c)))
				pick = c;
			if (inside(r, top, c))
				mine = c;
		}
		/* Stories beside the top's box are teasers of a kind. */
		if (first == PITH_NONE || (mine == PITH_NONE && g != top))
			continue;
		if (pick == PITH_NONE && mine != PITH_NONE)
			break;
		if (pick == PITH_NONE)
			pick = first;
		return pick == mine ? top : best_in(r, pick);
	}
	return retitle(r, top);
}

/* Box n opens with its own prose: a paragraph among its first few
 * blocks (a comment's author line, then its text), looked at no
 * deeper so that a walk over nested boxes stays linear. */
static bool
own_prose(const rd *r, size_t n)
{
	for (size_t b = r->bfirst[n], k = 0; b != PITH_NONE && b <= r->blast[n] && k < 4;
	    b++, k++)
		if (prose_block(r, b))
			return true;
	return false;
}

/* Box a is one of a run of boxes alike it (or, with kind, of its kin):
 * its parent's first child or its next sibling is alike it. */
static bool
in_run(const rd *r, size_t a, bool kind)
{
	size_t p = pith_doc_node(r->d, a)->parent, e = sibling_after(r, a);

	return p != PITH_NONE &&
	    ((p + 1 != a && (alike(r, p + 1, a) || (kind && kin(r, p + 1, a)))) ||
	    (e != PITH_NONE && (alike(r, e, a) || (kind && kin(r, e, a)))));
}

/* Box t is a thread of replies: a box of its text, one of a run of
 * alike boxes at t's top, holds an alike box of text a few levels down
 * (a reply inside the comment it answers).  Answers to a question and
 * a forum's posts follow one another; only readers' comments nest,
 * whatever their names.  An answer's or a post's own comments, or its
 * quotes, nest inside it: the run's box is then inside another run's.
 * The box holding the run (t or one in it, below the post when t holds
 * both), or PITH_NONE. */
static size_t
threaded(const rd *r, size_t t)
{
	const pith_doc *d = r->d;

	for (size_t n = t + 1; n < pith_doc_node(d, t)->end; n++) {
		size_t a = n, g;
		int up = 0;

		if (!named_box(r, n) || !own_prose(r, n))
			continue;
		while (up++ < 4 && (a = pith_doc_node(d, a)->parent) != t &&
		    !(of_kind(r, a, n) && own_prose(r, a) && in_run(r, a, true)))
			;
		if (a == t || up > 4)
			continue;
		for (g = pith_doc_node(d, a)->parent, up = 0; g != t && up < 6;
		    g = pith_doc_node(d, g)->parent, up++)
			if (own_prose(r, g) && in_run(r, g, true))
				break;
		if (g == t)
			return pith_doc_node(d, a)->parent;
	}
	return PITH_NONE;
}

/* A thread of readers' comments (see threaded, counted, remarked)
 * after the page's headline, the post's own prose between them, and the
 * best-scored node, first, in it or around it (the comments, alike and
 * many, outscore a short post and draw the top up to a box around
 * both): the post is the article, its best-scored node the top, the
 * thread dropped.  Else top. */
static size_t
thread_post(rd *r, size_t top, size_t first)
{
	const pith_doc *d = r->d;
	size_t tb = r->title_block, h, q, x, t = PITH_NONE, l = PITH_NONE;
	double run = 0, before = 0;
	bool flat = false;

	if (tb == PITH_NONE || (h = pith_doc_block(d, tb)->node) == PITH_NONE)
		return top;
	for (q = first; q != PITH_NONE && !inside(r, h, q); q = pith_doc_node(d, q)->parent)
		;
	/* A top drawn up above that box by the thread beside the post
	 * holds the thread: look up to it. */
	if (q != PITH_NONE && q != top && inside(r, q, top))
		q = top;
	/* The first threaded box after the headline's, level by level:
	 * each level's boxes are apart from the last's, so the page is
	 * walked once. */
	for (x = h; q != PITH_NONE && x != q && x != r->body;
	    x = pith_doc_node(d, x)->parent) {
		size_t p = pith_doc_node(d, x)->parent;

		for (size_t s = pith_doc_node(d, x)->end; s < pith_doc_node(d, p)->end;
		    s = pith_doc_node(d, s)->end)
			if ((l = threaded(r, s)) != PITH_NONE || (run = counted(r, s)) > 0 ||
			    (t = remarked(r, s)) != PITH_NONE) {
				flat = t != PITH_NONE;
				t = flat ? t : s;
				break;
			}
		if (t != PITH_NONE)
			break;
	}
	if (t == PITH_NONE || (!inside(r, first, t) && !inside(r, t, first) &&
	    !inside(r, top, t) && !inside(r, t, top)))
		return top;
	/* With no prose before the threaded box, it holds the post too:
	 * the run's own box (l) is the thread then. */
	for (size_t b = tb + 1; ; b++) {
		size_t n;

		if (b >= r->bfirst[t]) {
			if (l == PITH_NONE || l == t)
				break;
			t = l, b = tb + 1;
		}
		n = pith_doc_block(d, b)->node;

		if (n != PITH_NONE && n >= x && prose_block(r, b) &&
		    !(r->flags[n] & (N_HIDDEN | N_UNLIKELY)) && !(r->cls[n] & C_NOT_TEXT)) {
			/* A counted thread follows a post longer than it
			 * (see announced). */
			if ((before += r->blen[b]) <= run)
				continue;
			r->replies = t;
			r->replies_flat = flat;
			/* Flat comments found inside a top that holds the
			 * post already go, the top staying (its byline). */
			if (flat && t != top && inside(r, t, top))
				return top;
			/* A paragraph alone in its box scores the box's
			 * parent: the box is the post then. */
			x = best_from(r, x, t);
			return (r->flags[x] & N_SCORED) ? x : pith_doc_node(d, n)->parent;
		}
	}
	return top;
}

/* Block b repeats the alt text of the picture just before it: its
 * caption, however long, not the story's prose. */
static bool
captions(const rd *r, size_t b)
{
	const pith_block *img = b > 0 ? pith_doc_block(r->d, b - 1) : NULL;

	return img != NULL && img->kind == PITH_BLOCK_IMAGE && img->len >= 10 &&
	    str_has_icase(pith_doc_block(r->d, b)->text, img->text);
}

/* A short post scores below a longer box elsewhere (a blog's "about"
 * box, its readers' comments) when no class names them: the box around
 * the page's headline (a blog's post title may be an <h3>, under the
 * blog's name) and the first paragraph of prose after it is the post,
 * when the top lies apart from it.  Not when that paragraph, or a line
 * as long without a link before it, is the block right under the
 * headline: a deck (see deck), the story in a box of its own (a
 * picture's caption, repeating its alt, counts as such a line); nor
 * when the box holds other headlines as high (a list of teasers); nor
 * in the try that cleans nothing, which would gather the sidebar
 * beside the post as its part.  Its best-scored node, or top. */
static size_t
headed_post(const rd *r, size_t top, unsigned f)
{
	const pith_doc *d = r->d;
	size_t tb = r->title_block, h, b, p, up;

	if (!(f & F_CLEAN))
		return top;
	for (b = 0; tb == PITH_NONE && b < r->nb; b++)
		if (titled(r, b, 3))
			tb = b;
	if (tb == PITH_NONE || (h = pith_doc_block(d, tb)->node) == PITH_NONE ||
	    inside(r, h, top))
		return top;
	for (b = tb + 1; b < r->nb && (!prose_block(r, b) || captions(r, b)); b++)
		if (r->blen[b] > 80 && r->blink[b] == 0)
			return top;
	if (b == r->nb || b == tb + 1 || (b = pith_doc_block(d, b)->node) == PITH_NONE ||
	    (r->flags[b] & (N_HIDDEN | N_UNLIKELY)))
		return top;
	for (p = pith_doc_node(d, h)->parent, up = 0; p != PITH_NONE && p != r->body &&
	    up < 4 && !inside(r, b, p); p = pith_doc_node(d, p)->parent, up++)
		;
	if (p == PITH_NONE || p == r->body || !inside(r, b, p) || inside(r, top, p) ||
	    inside(r, p, top))
		return top;
	for (size_t k = r->bfirst[p]; k <= r->blast[p]; k++)
		if (k != tb && pith_doc_block(d, k)->kind == PITH_BLOCK_HEADING &&
		    pith_doc_block(d, k)->level <= pith_doc_block(d, tb)->level)
			return top;
	return best_in(r, p);
}

/* Node n is a picture and its caption: pictures and one paragraph,
 * nothing else (a photo box whose long caption, commas and all, can
 * outscore a short story beside it). */
static bool
photo_box(const rd *r, size_t n)
{
	size_t paras = 0, pics = 0;

	if (r->bfirst[n] == PITH_NONE || r->nblk[n] > 4)
		return false;
	for (size_t b = r->bfirst[n]; b <= r->blast[n]; b++) {
		pith_block_kind k = pith_doc_block(r->d, b)->kind;

		if (k == PITH_BLOCK_IMAGE)
			pics++;
		else if (k == PITH_BLOCK_PARA)
			paras++;
		else
			return false;
	}
	return pics > 0 && paras == 1;
}

/* Node n is a run of boxes and nothing else: five or more children,
 * nearly all alike the first (readers' comments, a list of teasers),
 * none a paragraph of n's own (a <p>, or a div of loose text as a page
 * without <p>s writes one).  Each box's prose adds a share to n's
 * score, and many boxes outscore a post whose paragraphs are its own. */
static bool
box_run(const rd *r, size_t n)
{
	enum { BOXES_MIN = 5 };
	size_t first = n + 1, k = 0, all = 0;

	if (first >= pith_doc_node(r->d, n)->end)
		return false;
	for (size_t c = first; c != PITH_NONE; c = sibling_after(r, c)) {
		if (para_node(r, c))
			return false;
		all++;
		k += of_kind(r, c, first);
	}
	return k >= BOXES_MIN && 5 * k >= 4 * all;
}

/* Pick the article's top node; 0 when nothing scored. */
static size_t
top_candidate(rd *r, unsigned f)
{
	const pith_doc *d = r->d;
	size_t best[TOP_N] = {0}, nbest = 0, top, a;
	double orig;

	for (size_t n = 0; n < r->nn; n++) {
		size_t k;

		if (!(r->flags[n] & N_SCORED))
			continue;
		for (k = nbest; k > 0 && r->score[best[k - 1]] < r->score[n]; k--)
			;
		if (k >= TOP_N)
			continue;
		if (nbest < TOP_N)
			nbest++;
		memmove(best + k + 1, best + k, (nbest - k - 1) * sizeof *best);
		best[k] = n;
	}
	if (nbest == 0 || tag(r, best[0]) == GUMBO_TAG_BODY)
		return r->body;
	top = best[0];
	/* A run of boxes (see box_run) after a box of prose that scores
	 * over 0.6 of it follows the post (readers' comments, scored by
	 * their number, whatever their names): the prose is the article. */
	if (box_run(r, top))
		for (size_t k = 1; k < nbest; k++)
			if (best[k] < top && r->score[best[k]] >= 0.6 * r->score[top] &&
			    !inside(r, top, best[k]) && !box_run(r, best[k]) &&
			    own_prose(r, best[k])) {
				top = best[k];
				break;
			}
	orig = r->score[top];

	/* Rivals nearly as good, off the top's own line, suggest the
	 * article is their common ancestor.  A rival on a better one's line
	 * is that box again (a header and its byline box), no second piece
	 * of evidence. */
	{
		size_t alt[TOP_N], nalt = 0;

		for (size_t k = 1; k < nbest; k++) {
			size_t j = 0;

			while (j < nalt && !inside(r, best[k], alt[j]) &&
			    !inside(r, alt[j], best[k]))
				j++;
			if (r->score[best[k]] >= 0.75 * orig && !inside(r, best[k], top) &&
			    !inside(r, top, best[k]) && j == nalt)
				alt[nalt++] = best[k];
		}
		/* A photo box's caption is no story: a rival nearly as good
		 * holding paragraphs of prose is. */
		if (photo_box(r, top))
			for (size_t k = 0; k < nalt; k++)
				if (own_prose(r, alt[k]) && !photo_box(r, alt[k]) &&
				    r->nblk[alt[k]] > 2) {
					top = alt[k];
					nalt = 0;
					break;
				}
		if (nalt == 2 && r->len[top] - r->link[top] < CHAR_THRESHOLD &&
		    (a = side_by_side(r, top, alt)) != PITH_NONE) {
			top = a;
		} else if (nalt >= 3) {
			/* The body too when the top is short and no heading
			 * repeats the page's title: one of a landing page's
			 * sections, often the body's own children.  A short
			 * post under its headline keeps to itself, whatever
			 * boxes sit beside it. */
			bool body = r->len[top] - r->link[top] < CHAR_THRESHOLD &&
			    r->body != 0 && r->title_block == PITH_NONE;

			for (a = pith_doc_node(d, top)->parent; a != PITH_NONE &&
			    tag(r, a) != GUMBO_TAG_HTML && (tag(r, a) != GUMBO_TAG_BODY || body);
			    a = pith_doc_node(d, a)->parent) {
				size_t in = 0;

				for (size_t k = 0; k < nalt; k++)
					in += inside(r, alt[k], a);
				/* Rivals in a box named for related stories or
				 * comments are its items, not the article's parts. */
				if (in >= 3 && !(r->cls[a] & C_NEGATIVE)) {
					top = a;
					break;
				}
			}
		}
		score_once(r, top, f);
	}
	/* Climb to an ancestor only when it beats the original top. */
	{
		double threshold = r->score[top] / 3;

		for (a = pith_doc_node(d, top)->parent; a != PITH_NONE &&
		    tag(r, a) != GUMBO_TAG_BODY; a = pith_doc_node(d, a)->parent) {
			if (!(r->flags[a] & N_SCORED))
				continue;
			if (r->score[a] < threshold)
				break;
			if (r->score[a] > orig) {
				top = a;
				break;
			}
		}
	}
	/* An only child says no more than its parent. */
	for (a = pith_doc_node(d, top)->parent; a != PITH_NONE &&
	    tag(r, a) != GUMBO_TAG_BODY && tag(r, a) != GUMBO_TAG_HTML &&
	    r->kids[a] == 1; a = pith_doc_node(d, a)->parent)
		top = a;
	/* A descendant named as the article body and holding nearly all
	 * of the paragraphs is the better answer. */
	for (size_t n = top + 1; n < pith_doc_node(d, top)->end; n++)
		if ((r->cls[n] & C_BODY) && !(r->flags[n] & N_HIDDEN) &&
		    r->plen[n] >= 0.9 * r->plen[top] && r->plen[n] > 0) {
			top = n;
			break;
		}
	/* An <article> the top sits in, holding twice its paragraphs and
	 * adding few links, is the story: its sections, each a short paragraph
	 * nested a level apart, scored too little to rival the lede. */
	for (a = pith_doc_node(d, top)->parent; a != PITH_NONE &&
	    tag(r, a) != GUMBO_TAG_BODY && tag(r, a) != GUMBO_TAG_HTML;
	    a = pith_doc_node(d, a)->parent)
		if (tag(r, a) == GUMBO_TAG_ARTICLE) {
			if (r->plen[a] >= 2 * r->plen[top] &&
			    r->link[a] - r->link[top] < 0.25 * (r->len[a] - r->len[top]) &&
			    !(r->flags[a] & (N_HIDDEN | N_UNLIKELY)))
				top = a;
			break;
		}
	top = widen(r, unstream(r, headed_post(r, thread_post(r, top, best[0]), f)));
	top = signed_post(r, top);
	score_once(r, top, f);
	evidence(r, top, PITH_CAND_TOP, 0, true, f);
	for (size_t k = 0; k < nbest; k++)
		if (best[k] != top)
			evidence(r, best[k], PITH_CAND_RIVAL, 0, false, f);
	return top;
}

/* Block text ends with a full stop (Latin, ideographic or danda),
 * closing quotes and brackets aside: typographic ones too (a quote
 * closing with a curly quote or a guillemet, the French with a no-break
 * space before it). */
static bool
full_stop(const pith_block *blk)
{
	static const char *const stops[] = { ".", "\xe3\x80\x82", "\xe0\xa5\xa4" };
	static const char *const closing[] = {
		"\xe2\x80\x9d", "\xe2\x80\x99", "\xc2\xbb", "\xc2\xa0", "\xe2\x80\xaf",
	};
	size_t n = blk->len;

	for (bool more = true; more;) {
		more = false;
		while (n > 0 && strchr(" \"')", blk->text[n - 1]) != NULL)
			n--;
		for (size_t i = 0; i < sizeof closing / sizeof closing[0]; i++) {
			size_t k = strlen(closing[i]);

			if (n >= k && memcmp(blk->text + n - k, closing[i], k) == 0) {
				n -= k;
				more = true;
			}
		}
	}
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
		size_t k = strlen(stops[i]);

		if (n >= k && memcmp(blk->text + n - k, stops[i], k) == 0)
			return true;
	}
	return false;
}

/* Node n is a caption set in a div, as a page written before HTML5
 * sets a figure: the second and last of its parent div's two children,
 * the first a picture or a player and no text, n one line of at most
 * TEASER_LEN with no link and no sentence's end (a caption and its
 * credit).  A story's paragraph beside its picture ends a sentence; a
 * card's title is its link. */
static bool
div_caption(const rd *r, size_t n)
{
	const pith_doc *d = r->d;
	size_t p = pith_doc_node(d, n)->parent, m = p + 1, b = r->bfirst[n];
	bool media = false;

	if (p == PITH_NONE || tag(r, p) != GUMBO_TAG_DIV || r->kids[p] != 2 || m == n ||
	    sibling_after(r, m) != n || r->nblk[n] != 1 ||
	    pith_doc_block(d, b)->kind != PITH_BLOCK_PARA || r->blink[b] > 0 ||
	    r->blen[b] > TEASER_LEN || full_stop(pith_doc_block(d, b)))
		return false;
	/* A linked picture's block may belong to the div itself. */
	for (size_t k = r->bfirst[p]; k <= r->blast[p]; k++)
		if (k != b && pith_doc_block(d, k)->kind != PITH_BLOCK_IMAGE)
			return false;
	/* A player has no block: its element, near the top of the box. */
	for (size_t x = m; x < pith_doc_node(d, m)->end && x < m + 16 && !media; x++) {
		GumboTag t = tag(r, x);

		media = t == GUMBO_TAG_IMG || t == GUMBO_TAG_IFRAME || t == GUMBO_TAG_VIDEO ||
		    t == GUMBO_TAG_OBJECT || t == GUMBO_TAG_EMBED;
	}
	return media || r->nblk[m] > 0;
}

/* A <p> beside the content that reads as part of it, or an unnamed
 * div of loose text (see div_kin) ending a sentence. */
static bool
paragraph(const rd *r, size_t s)
{
	double ld = density(r, s);

	return (tag(r, s) == GUMBO_TAG_P || (para_node(r, s) && unnamed(r, s) &&
	    full_stop(pith_doc_block(r->d, r->bfirst[s])))) &&
	    ((r->len[s] > 80 && ld < 0.25) ||
	    (r->len[s] < 80 && r->len[s] > 0 && ld == 0 && (r->flags[s] & N_SENTENCE)));
}

/* Node n comes right after a paragraph of prose. */
static bool
after_paragraph(const rd *r, size_t n)
{
	size_t x = sibling_before(r, n);

	return x != PITH_NONE && paragraph(r, x);
}

/* A div that is one paragraph, as score_blocks reads it: around
 * nothing but one paragraph, or holding one block of loose text.  The
 * paragraph's node, or PITH_NONE. */
static size_t
div_paragraph(const rd *r, size_t s)
{
	if (tag(r, s) != GUMBO_TAG_DIV || r->nblk[s] != 1)
		return PITH_NONE;
	return one_p_div(r, s) ? s + 1 : para_node(r, s) ? s : PITH_NONE;
}

/* A standfirst boxed on its own before the content, which paragraph()
 * misses for its div: one paragraph over 80 characters with a sentence
 * end (a date, a title or a score line is shorter or has none), no link,
 * not named for a byline, a caption or boilerplate.  Only before the
 * anchor: after the story such boxes are disclaimers, notes and share
 * prompts (taking them there lost more on the corpora than it won). */
static bool
lede(const rd *r, size_t s, size_t anchor)
{
	size_t p;

	/* A deck set as a subheading (the "spot" or "sapo" under many
	 * sites' headline) is one too when it ends as a sentence does: a
	 * headline or a teaser's question does not end with a full stop. */
	p = tag(r, s) == GUMBO_TAG_H2 && r->nblk[s] == 1 &&
	    full_stop(pith_doc_block(r->d, r->bfirst[s])) ? s : div_paragraph(r, s);
	if (s > anchor || p == PITH_NONE)
		return false;
	return r->len[p] > 80 && r->link[p] == 0 && (r->flags[p] & N_SENTENCE) &&
	    !((r->cls[s] | r->cls[p]) & C_NOT_TEXT);
}

/* The line set right under the page's headline, in its own element
 * (in the article's header box or beside the body's box): a deck over
 * 80 characters without a link, sentence end or not.  A shorter one
 * is as often a byline or a kicker (dragnet lost 0.0003 on 50). */
static bool
deck(const rd *r, size_t c)
{
	return r->bfirst[c] != PITH_NONE && r->bfirst[c] == r->title_block + 1 &&
	    r->nblk[c] == 1 && r->len[c] > 80 && r->link[c] == 0 && !(r->cls[c] & C_NOT_TEXT) &&
	    (pith_doc_block(r->d, r->bfirst[c])->kind == PITH_BLOCK_PARA ||
	    pith_doc_block(r->d, r->bfirst[c])->kind == PITH_BLOCK_HEADING);
}

/* Box s before the top is the article's header, holding the heading
 * that repeats the page's title (a box named "header" too): take its
 * standfirst beside the headline and the byline.  Of a header further
 * out, beside the body's wrapper, only a standfirst ending a sentence:
 * a line without one there is as often a caption (ScrapingHub's pages
 * lost 0.0002 taking those).  A box opening right under the headline
 * with a paragraph (a video's description over its chapters) gives
 * that paragraph; a subheading or a picture's caption there is the
 * header's, which the corpora leave out. */
static void
take_deck(rd *r, size_t s, size_t top, bool far)
{
	size_t h = r->title_block;
	bool under;

	if (h == PITH_NONE || r->bfirst[s] == PITH_NONE || h + 1 < r->bfirst[s] ||
	    h > r->blast[s])
		return;
	under = h < r->bfirst[s];
	for (size_t c = s + 1; c < pith_doc_node(r->d, s)->end; c = pith_doc_node(r->d, c)->end)
		if (!(r->flags[c] & N_HIDDEN) && (under ? deck(r, c) && tag(r, c) == GUMBO_TAG_P :
		    lede(r, c, top) || (deck(r, c) && (!far || (r->flags[c] & N_SENTENCE)))))
			r->flags[c] |= N_IN;
}

/* Node s holds the top's box again: a node of its kind (see kin),
 * "story-body story-body-1" beside the top's "story-body story-body-2".
 * A sidebar column styled like the article's column holds no such box. */
static bool
holds_alike(const rd *r, size_t s, size_t top)
{
	const char *tc = attr(r, top, "class");

	if (tc == NULL || *tc == '\0')
		return true;    /* nothing to tell them by: as before */
	for (size_t n = s; n < pith_doc_node(r->d, s)->end; n++)
		if (kin(r, top, n))
			return true;
	return false;
}

/* Block blk is a fact set as a line: a bold label ending in a colon,
 * then its value ("<b>Contract:</b> permanent"). */
static bool
labelled(const pith_block *blk)
{
	const pith_run *k = blk->nruns >= 2 ? &blk->runs[0] : NULL;
	size_t e = k != NULL ? k->start + k->len : 0;

	while (e > 0 && blk->text[e - 1] == ' ')
		e--;
	return k != NULL && k->start == 0 && (k->style & PITH_STYLE_STRONG) && e > 1 &&
	    blk->text[e - 1] == ':' && k->start + k->len < blk->len;
}

/* A box of facts: most of its text in a definition list of three or
 * more terms, each with its details, and few links (an event's date,
 * venue and price, a product's specifications).  A CMS's article-info
 * list names one term ("Details") over its byline and date.  Lines
 * each a bold label and its value are such terms (a job's place,
 * contract and hours set as "<b>Contract:</b> permanent").  Right
 * beside the top, a plain list of three or more short lines without a
 * link, most of them bearing a number (a date, a time, a price), is
 * one too.  Tables are not facts: beside a story they are forms, share
 * bars and the comments (l3s loses 0.002 with them). */
static bool
facts(const rd *r, size_t s, size_t top)
{
	double in = 0, listed = 0;
	int dt = 0, dd = 0, items = 0, numbers = 0;
	bool beside = pith_doc_node(r->d, s)->end == top || pith_doc_node(r->d, top)->end == s;

	if (r->bfirst[s] == PITH_NONE || r->len[s] < MIN_PARAGRAPH || density(r, s) >= 0.25)
		return false;
	for (size_t b = r->bfirst[s]; b <= r->blast[s]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		GumboTag t = blk->node != PITH_NONE ? tag(r, blk->node) : GUMBO_TAG_UNKNOWN;

		dt += t == GUMBO_TAG_DT;
		dd += t == GUMBO_TAG_DD;
		if (t == GUMBO_TAG_DT || t == GUMBO_TAG_DD)
			in += r->blen[b];
		if (blk->kind == PITH_BLOCK_PARA && r->blen[b] <= 80 && labelled(blk)) {
			/* "Author: ...", "Published: ...": the story's byline. */
			if (label(r, b) != NULL)
				return false;
			dt++;
			dd++;
			in += r->blen[b];
		}
		if (blk->kind == PITH_BLOCK_ITEM && r->blen[b] > 0 && r->blen[b] <= 80) {
			items++;
			numbers += holds(blk->text, blk->len, is_digit);
			listed += r->blen[b];
		}
	}
	return (dt >= 3 && dd >= dt && in >= 0.7 * r->len[s]) ||
	    (beside && r->link[s] == 0 && items >= 3 && 2 * numbers >= items &&
	    listed >= 0.7 * r->len[s] && !(r->cls[s] & C_NOT_TEXT));
}

/* Box s opens with a heading that links to another page, before any
 * paragraph of prose: a preview of the next story ("Next article", its
 * headline, its first lines and "continue reading"), however it is
 * named.  A section's own heading is unlinked or its permalink (an
 * in-page link weighs less, see block_run_link). */
static bool
preview(const rd *r, size_t s)
{
	for (size_t b = r->bfirst[s]; b != PITH_NONE && b <= r->blast[s]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind == PITH_BLOCK_HEADING)
			return r->blen[b] > 0 && r->blink[b] >= 0.8 * r->blen[b];
		if (blk->kind == PITH_BLOCK_PARA && r->blen[b] > 80)
			return false;
	}
	return false;
}

/* Box s is a story of its own: under a headline (<h1>) that is not
 * the page's title.  A section of the article has none. */
static bool
other_story(const rd *r, size_t s)
{
	size_t h = headline(r, s);

	return h != PITH_NONE && !similar_title(r, h);
}

/* The headings in box n that are links: a sidebar's teasers, each a
 * linked headline over its excerpt, have two or more; a section of the
 * article, its own headings unlinked, none. */
static int
linked_heads(const rd *r, size_t n)
{
	int k = 0;

	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++)
		k += pith_doc_block(r->d, b)->kind == PITH_BLOCK_HEADING && r->blen[b] > 0 &&
		    r->blink[b] >= 0.8 * r->blen[b];
	return k;
}

/* A box with a paragraph of prose (see prose_block). */
static bool
prose_box(const rd *r, size_t n)
{
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++)
		if (prose_block(r, b))
			return true;
	return false;
}

/* The length of n's blocks that end a sentence with few links: a
 * debate's "I will.", a blog's paragraphs of a sentence or two; a bare
 * link has none. */
static double
sentences(const rd *r, size_t n)
{
	double len = 0;

	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++)
		if (r->bsentence[b] && r->blink[b] < 0.25 * r->blen[b])
			len += r->blen[b];
	return len;
}

/* Node n's best score down its line of only children, each holding all
 * of n's text (a builder's block > content > text wrappers), or -1
 * when none scored: the wrappers are one box, and the score lands on
 * the innermost. */
static double
line_score(const rd *r, size_t n)
{
	double s = -1;

	for (size_t x = n;; x++) {
		if ((r->flags[x] & N_SCORED) && r->score[x] > s)
			s = r->score[x];
		if (r->kids[x] != 1 || x + 1 >= r->nn || r->len[x + 1] != r->len[n])
			return s;
	}
}

/* The entries of a listicle among the top's children, a run of alike
 * boxes as many as the page's title counts (see promised), are its
 * text however much of each its linked name is. */
static void
mark_promised(rd *r, size_t top)
{
	const pith_doc *d = r->d;

	for (size_t c = top + 1, e; c < pith_doc_node(d, top)->end; c = e) {
		size_t run = 0;

		for (e = c; e < pith_doc_node(d, top)->end && alike(r, e, c);
		    e = pith_doc_node(d, e)->end)
			run++;
		if (run >= 3 && promised(r, run))
			for (size_t k = c; k < e; k = pith_doc_node(d, k)->end)
				mark_box(r, k);
	}
}

/* Box s, right before the top, is the column beside it in one layout:
 * both open on a heading of one level, and s is a box of lists without
 * a link (a recipe's ingredients beside its steps, a posting's facts
 * beside its duties).  Its items are too short to score.  A box of
 * lists of sentences there is the text's summary however headed (a
 * live blog's "Key points" pinned above its entries); only such a box
 * when summary. */
static bool
column(const rd *r, size_t s, size_t top, bool summary)
{
	const pith_block *a, *b;
	double items = 0;

	if (r->bfirst[s] == PITH_NONE || r->bfirst[top] == PITH_NONE ||
	    r->link[s] > 0 || r->plen[s] >= 0.5 * r->len[s] || r->llen[s] < 0.5 * r->len[s])
		return false;
	/* The items that end a sentence: a carousel's captions are no items. */
	for (size_t k = r->bfirst[s]; k <= r->blast[s]; k++)
		if (pith_doc_block(r->d, k)->kind == PITH_BLOCK_ITEM && r->bsentence[k])
			items += r->blen[k];
	if (r->len[s] >= 100 && items >= 0.6 * r->len[s])
		return true;
	if (summary)
		return false;
	a = pith_doc_block(r->d, r->bfirst[s]);
	b = pith_doc_block(r->d, r->bfirst[top]);
	return a->kind == PITH_BLOCK_HEADING && b->kind == PITH_BLOCK_HEADING &&
	    a->level == b->level && a->level > 1;
}

/* Box n is an exhibit: nothing but a table's rows, pictures and their
 * captions (a data table, a chart in a <figure>), with a row or a
 * picture among them.  Between two parts of the article it is the
 * article's, however it is named. */
static bool
exhibit(const rd *r, size_t n)
{
	bool shown = false;

	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		pith_block_kind k = pith_doc_block(r->d, b)->kind;

		if (k != PITH_BLOCK_ROW && k != PITH_BLOCK_IMAGE && k != PITH_BLOCK_CAPTION)
			return false;
		shown |= k != PITH_BLOCK_CAPTION;
	}
	return shown;
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Box s holds two or more of the nf sorted targets frag of the
 * text's note markers. */
static bool
notes(const rd *r, size_t s, const char **frag, size_t nf)
{
	size_t hits = 0;

	for (size_t n = s; n < pith_doc_node(r->d, s)->end && hits < 2; n++) {
		/* Old pages mark a note with <a name>. */
		const char *id = attr(r, n, tag(r, n) == GUMBO_TAG_A &&
		    !attr(r, n, "id") ? "name" : "id");

		hits += id != NULL && *id &&
		    bsearch(&id, frag, nf, sizeof *frag, str_cmp) != NULL;
	}
	return hits >= 2;
}

/* The lists in box s that hold the notes are the article's, however
 * much they link: an endnote is often only its source's title, linked.
 * Kept whole as code is (N_KEEP), their items too (keep_unlinked), and
 * so is a box of notes after the top.  Not when their links outweigh
 * the top's own words: the answer would read as mostly links (auto). */
static void
keep_notes(rd *r, size_t s, size_t top, const char **frag, size_t nf)
{
	double own = r->len[top] - r->link[top];

	if (s != top && r->link[s] <= own)
		r->flags[s] |= N_KEEP;
	for (size_t n = s; n < pith_doc_node(r->d, s)->end; n++)
		if (tag(r, n) == GUMBO_TAG_UL || tag(r, n) == GUMBO_TAG_OL) {
			if (r->link[n] <= own && notes(r, n, frag, nf))
				r->flags[n] |= N_KEEP;
			n = pith_doc_node(r->d, n)->end - 1;
		}
}

/* The article's notes set apart from it (footnotes, endnotes, an
 * <aside> of sources) after the box that won: each is the target of
 * a marker in the text ("<sup><a href=#fn2>2</a></sup>"), so a box
 * after the top holding two or more of the ids the top links to in
 * the page is the article's own text, however named or placed.  A
 * sidebar, a menu or the next story is no marker's target. */
static void
take_notes(rd *r, size_t top)
{
	const pith_doc *d = r->d;
	const char **frag = NULL;
	size_t nf = 0, cap = 0;

	for (size_t b = r->bfirst[top]; b != PITH_NONE && b <= r->blast[top]; b++) {
		const pith_block *blk = pith_doc_block(d, b);

		for (size_t i = 0; i < blk->nruns; i++) {
			/* A marker is short ("2", "[12]", "*"): "4 Comments"
			 * and "Leave a reply" lead to the thread. */
			const char *f = (blk->runs[i].style & PITH_STYLE_LINK) &&
			    blk->runs[i].len <= 6 ? in_page(r, blk->runs[i].href) : NULL;

			if (f == NULL || *++f == '\0')
				continue;
			if (nf == cap) {
				const char **g = realloc(frag, (cap = cap ? 2 * cap : 16) * sizeof *g);

				if (g == NULL)
					goto out;
				frag = g;
			}
			frag[nf++] = f;
		}
	}
	if (nf < 2)
		goto out;
	qsort(frag, nf, sizeof *frag, str_cmp);
	keep_notes(r, top, top, frag, nf);
	for (size_t x = top, p; x != r->body && (p = pith_doc_node(d, x)->parent) != PITH_NONE;
	    x = p)
		for (size_t s = pith_doc_node(d, x)->end; s < pith_doc_node(d, p)->end;
		    s = pith_doc_node(d, s)->end)
			if (!(r->flags[s] & (N_HIDDEN | N_IN)) && r->len[s] > 0 &&
			    notes(r, s, frag, nf)) {
				r->flags[s] |= N_IN | N_BOX;
				keep_notes(r, s, top, frag, nf);
			}
out:
	free(frag);
}

/* Box s is a part of the article of x's own kind, of prose, however
 * little it scores: a CMS's content element ("frame frame-type-textpic"
 * beside "frame frame-type-text"), its paragraphs nested too deep in a
 * picture's layout for their scores to reach it; a <section> named its
 * own way ("intro", "conclusion").  Not with a link: a section's
 * standing disclaimer ("follow us at @...") or a forum invitation has
 * one. */
static bool
element(const rd *r, size_t s, size_t x)
{
	return ((kin(r, s, x) && r->len[s] >= 100) ||
	    (tag(r, x) == GUMBO_TAG_SECTION && tag(r, s) == GUMBO_TAG_SECTION)) &&
	    prose_box(r, s) && r->link[s] == 0 &&
	    !(r->cls[s] & (C_META | C_BOILER | C_NEGATIVE)) && !other_story(r, s);
}

/* The level of the heading box n opens with (see headed), or 0. */
static int
opens(const rd *r, size_t n)
{
	return headed(r, n) ? pith_doc_block(r->d, first_text(r, n))->level : 0;
}

/* A child of s is one of a run of named boxes alike (reviews, cards). */
static bool
boxes(const rd *r, size_t s)
{
	for (size_t c = s + 1; c < pith_doc_node(r->d, s)->end; c = pith_doc_node(r->d, c)->end)
		if (named_box(r, c) && r->len[c] > 0 && in_run(r, c, false))
			return true;
	return false;
}

/* Box s beside x is a part of the page x is one of: the page cut in
 * headed sections of a kind, each named for its part ("section
 * amenities" beside "section description"), a listing's amenities and
 * rules, lists that score nothing.  Under headings of one level, below
 * the headline: a sidebar's column beside the story's is no part.  Not
 * one of reviews or cards, boxes in a run.  After x, a box without a
 * link is one however named ("features" after "description"): a
 * sidebar's box under such a heading links somewhere. */
static bool
part(const rd *r, size_t s, size_t x)
{
	int level = opens(r, x);

	return level >= 2 && (kin(r, s, x) || (s > x && r->link[s] == 0)) && opens(r, s) == level &&
	    r->len[s] >= WIDEN_TEXT && density(r, s) < 0.25 && !boxes(r, s) &&
	    !(r->cls[s] & (C_META | C_BOILER | C_NEGATIVE)) && !other_story(r, s);
}

/* The top's siblings that qualify on their own: by score, by the top's
 * style, as its elements or parts, as lists, a deck or a lede. */
static void
gather_siblings(rd *r, size_t top, unsigned f)
{
	const pith_doc *d = r->d;
	size_t parent = pith_doc_node(d, top)->parent;
	double tscore = fmax(r->score[top], line_score(r, top));
	double threshold = fmax(10, 0.2 * tscore);
	const char *tcls = attr(r, top, "class");

	for (size_t s = parent + 1; s < pith_doc_node(d, parent)->end;
	    s = pith_doc_node(d, s)->end) {
		const char *scls = attr(r, s, "class");
		double bonus = tcls != NULL && *tcls && scls != NULL &&
		    strcmp(tcls, scls) == 0 ? 0.2 * tscore : 0;
		double sscore = bonus > 0 ? line_score(r, s) :
		    (r->flags[s] & N_SCORED) ? r->score[s] : -1;
		bool take = false;

		if (s < top && (r->flags[s] & (N_HIDDEN | N_UNLIKELY)) == N_UNLIKELY)
			take_deck(r, s, top, false);
		/* An <aside> of sentences right before the body is its
		 * summary ("Key takeaways"), as a <div> there is; not an
		 * aside's other lists (column). */
		if ((r->flags[s] & (N_HIDDEN | N_UNLIKELY)) == N_UNLIKELY &&
		    tag(r, s) == GUMBO_TAG_ASIDE && !(r->cls[s] & (C_BOILER | C_NEGATIVE | C_UNLIKELY)) &&
		    pith_doc_node(d, s)->end == top && column(r, s, top, true)) {
			r->flags[s] |= N_IN | N_BOX;
			continue;
		}
		if (s == top || (r->flags[s] & (N_HIDDEN | N_UNLIKELY)))
			continue;
		if (s > top && (preview(r, s) || linked_heads(r, s) >= 2 ||
		    threaded(r, s) != PITH_NONE)) {
			/* After the story, the next one's preview, a box
			 * of teasers or a thread of readers' replies, however
			 * it scores or is styled. */
			take = false;
		} else if (sscore >= 0 && sscore + bonus >= threshold) {
			take = true;
		} else if (sscore > 0 && sscore >= 0.75 * r->score[top] && tag(r, top) == GUMBO_TAG_TR &&
		    tag(r, s) == GUMBO_TAG_TR && r->plen[s] >= 0.5 * r->len[s] &&
		    density(r, s) < 0.25) {
			/* A short story cut across a layout table's rows (the
			 * text, a picture's row, the text again): a row of
			 * prose scoring near the top's is the story's, under
			 * the floor or not. */
			take = true;
		} else if (bonus > 0 && r->len[s] >= 100 && density(r, s) < 0.25 &&
		    linked_heads(r, s) < 2) {
			/* A section styled like the top, too deep for its
			 * paragraphs' scores to reach: the article goes on. */
			take = true;
		} else if (element(r, s, top) || part(r, s, top)) {
			take = true;
		} else if (s > top && r->len[s] >= 200 && r->link[s] == 0 &&
		    r->plen[s] < 0.5 * r->len[s]) {
			/* After the story, a box of lists without a link (a
			 * recipe's ingredients and steps, a product's specs, a
			 * match's line-ups): its items score nothing, but no
			 * sidebar or menu is 200 characters without a link. */
			take = true;
		} else if (pith_doc_node(d, s)->end == top && column(r, s, top, false)) {
			take = true;
		} else {
			take = paragraph(r, s) || lede(r, s, top) || facts(r, s, top) ||
			    (s < top && deck(r, s));
		}
		if (take)
			r->flags[s] |= N_IN;
		else if (s < top)
			take_deck(r, s, top, false);
		if (r->len[s] > 0)
			evidence(r, s, PITH_CAND_SIBLING, threshold - bonus, take, f);
	}
}

/* A sibling of the top styled like it is taken. */
static bool
taken_alike(const rd *r, size_t top)
{
	size_t parent = pith_doc_node(r->d, top)->parent;

	for (size_t s = parent + 1; s < pith_doc_node(r->d, parent)->end;
	    s = pith_doc_node(r->d, s)->end)
		if (s != top && (r->flags[s] & N_IN) && alike(r, s, top))
			return true;
	return false;
}

/* A page builder's blocks share the class they open with and vary the
 * rest (their padding: "r t-rec t-rec_pt_30", "r t-rec t-rec_pt_15"):
 * one of the top's kind between the top and a box taken after it, with
 * few links, is the article going on (a subheading, a short paragraph),
 * and so is an exhibit (a table or a chart set between the text's
 * boxes).  Not before the top (a deck or "highlights" box the corpora
 * leave out), nor after the last box (a note or a prompt).  Returns the
 * last box taken. */
static size_t
gather_between(rd *r, size_t top)
{
	const pith_doc *d = r->d;
	size_t parent = pith_doc_node(d, top)->parent, last = top;

	for (size_t s = pith_doc_node(d, top)->end;
	    s < pith_doc_node(d, parent)->end; s = pith_doc_node(d, s)->end) {
		if (!(r->flags[s] & N_IN))
			continue;
		for (size_t k = pith_doc_node(d, last)->end; k < s; k = pith_doc_node(d, k)->end)
			if (!(r->flags[k] & (N_HIDDEN | N_UNLIKELY)) &&
			    (kin(r, k, top) || exhibit(r, k)) &&
			    r->len[k] > 0 && density(r, k) < 0.25 &&
			    !(r->cls[k] & (C_META | C_BOILER | C_NEGATIVE)))
				r->flags[k] |= N_IN;
		last = s;
	}
	return last;
}

/* A record of turns, the top and a box styled like it taken (a debate's
 * speeches, an interview's answers): the boxes styled so after the last
 * taken, each holding a sentence with few links, are its last turns
 * however short, past a timestamp's or a speaker's line between them.
 * A box of prose of another kind ends the record (a note, the next
 * item). */
static void
gather_turns(rd *r, size_t top, size_t last)
{
	const pith_doc *d = r->d;
	size_t parent = pith_doc_node(d, top)->parent;

	for (size_t s = pith_doc_node(d, last)->end;
	    s < pith_doc_node(d, parent)->end; s = pith_doc_node(d, s)->end) {
		if (r->flags[s] & (N_HIDDEN | N_UNLIKELY))
			continue;
		if (!alike(r, s, top)) {
			if (prose_box(r, s))
				break;
			continue;
		}
		if (sentences(r, s) > 0 && density(r, s) < 0.25 && linked_heads(r, s) < 2 &&
		    !(r->cls[s] & (C_META | C_BOILER | C_NEGATIVE)) && !other_story(r, s))
			r->flags[s] |= N_IN;
	}
}

/* The article cut in sections by inline ads or boxes: a sibling of the
 * top's parent or grandparent styled like it (same tag and class) and
 * holding paragraphs is the article going on, or under its own heading
 * a list (an accordion's item whose answer is a few short steps).  So
 * are paragraphs beside the parent: the lede above a "read more"
 * wrapper that holds the rest; and a lede beside the grandparent (a
 * service page's summary above the accordion whose one panel won).
 * row: the article spans a grid's row of columns.  Returns whether a
 * series of sections was taken. */
static bool
gather_sections(rd *r, size_t top, bool row)
{
	const pith_doc *d = r->d;
	bool series = false;

	for (size_t x = pith_doc_node(d, top)->parent, up = 0; up < 2 && x != r->body; up++) {
		size_t g = pith_doc_node(d, x)->parent;
		const char *xc = attr(r, x, "class");

		if (g == PITH_NONE || g == r->body)
			break;
		/* Sections, not the next stories of a stream (see unstream). */
		bool sections = xc != NULL && *xc && !streamed(r, g, x);

		for (size_t s = g + 1; s < pith_doc_node(d, g)->end; s = pith_doc_node(d, s)->end) {
			/* The story's header beside the body's wrapper. */
			if (up == 0 && s < x && !(r->flags[s] & N_HIDDEN))
				take_deck(r, s, x, true);
			if (s == x || (r->flags[s] & (N_HIDDEN | N_UNLIKELY)))
				continue;
			if (sections && alike(r, s, x) && holds_alike(r, s, top) &&
			    (r->plen[s] >= 100 || (headed(r, s) && r->len[s] >= 100)) &&
			    density(r, s) < 0.25 && !other_story(r, s)) {
				r->flags[s] |= N_IN;
				series = true;
			} else if (sections && part(r, s, x)) {
				/* The top's section's heading goes with it. */
				r->flags[s] |= N_IN;
				series = true;
			} else if ((up == 0 && paragraph(r, s)) || lede(r, s, x) ||
			    (row && element(r, s, x))) {
				/* An element beside a grid's row of columns,
				 * the article's: its intro, its close. */
				r->flags[s] |= N_IN;
			}
		}
		/* Between sections taken, one styled like them and holding a
		 * sentence is the text going on however short or linked (a
		 * debate's interjection under its speaker's linked name). */
		for (size_t s = g + 1, first = PITH_NONE; sections && s < pith_doc_node(d, g)->end;
		    s = pith_doc_node(d, s)->end) {
			if (!(s == x || (r->flags[s] & N_IN)) || !alike(r, s, x))
				continue;
			for (size_t k = first == PITH_NONE ? s : pith_doc_node(d, first)->end; k < s;
			    k = pith_doc_node(d, k)->end)
				if (alike(r, k, x) && !(r->flags[k] & (N_HIDDEN | N_UNLIKELY)) &&
				    sentences(r, k) > 0 &&
				    !(r->cls[k] & (C_META | C_BOILER | C_NEGATIVE))) {
					r->flags[k] |= N_IN;
					/* Its wrappers too, whose links are its speaker's. */
					for (size_t a = k; a < r->nn && r->len[a] == r->len[k]; a++)
						r->flags[a] |= N_BOX;
				}
			first = s;
		}
		x = g;
	}
	return series;
}

/* Mark the top and its qualifying siblings as the content. */
static void
gather(rd *r, size_t top, unsigned f)
{
	const pith_doc *d = r->d;
	size_t parent = pith_doc_node(d, top)->parent;

	r->flags[top] |= N_IN;
	mark_promised(r, top);
	if (parent == PITH_NONE || top == r->body)
		return;
	take_notes(r, top);
	gather_siblings(r, top, f);

	bool turns = named_box(r, top) && taken_alike(r, top);
	size_t last = gather_between(r, top);

	if (turns)
		gather_turns(r, top, last);
	/* The top is the text of one section of a series taken whole (a
	 * FAQ's answer panel beside its question): its section's own
	 * heading before it goes with it, as the others' do. */
	if (!gather_sections(r, top, taken_alike(r, top)))
		return;
	for (size_t b = r->bfirst[top]; b != PITH_NONE && b-- > 0; ) {
		const pith_block *blk = pith_doc_block(d, b);

		if (blk->kind != PITH_BLOCK_HEADING || blk->node == PITH_NONE ||
		    !inside(r, blk->node, parent) || !own_heading(r, b))
			break;
		r->flags[blk->node] |= N_IN;
	}
}

/* Strings x (n bytes) and y (m bytes) are the same but for their runs
 * of digits, which stand at the same places; *digit says whether there
 * is one. */
static bool
digits_apart(const char *x, size_t n, const char *y, size_t m, bool *digit)
{
	size_t i = 0, j = 0;

	*digit = false;
	for (;;) {
		bool dx = i < n && isdigit((unsigned char)x[i]),
		    dy = j < m && isdigit((unsigned char)y[j]);

		if (dx != dy)
			return false;
		if (dx) {
			*digit = true;
			while (i < n && isdigit((unsigned char)x[i]))
				i++;
			while (j < m && isdigit((unsigned char)y[j]))
				j++;
			continue;
		}
		if (i == n || j == m)
			return i == n && j == m;
		if (x[i++] != y[j++])
			return false;
	}
}

/* Nodes a and b are numbered alike: the same tag and ids that differ
 * only in their digits, at least one ("post_message_9911" beside
 * "post_message_9915"): an old forum's posts carry no class. */
static bool
numbered(const rd *r, size_t a, size_t b)
{
	const char *x = attr(r, a, "id"), *y = attr(r, b, "id");
	bool digit;

	return x != NULL && y != NULL && tag(r, a) == tag(r, b) && attr(r, a, "class") == NULL &&
	    digits_apart(x, strlen(x), y, strlen(y), &digit) && digit;
}

/* The box of ancestor-or-self a of block b's node that is alike h (or,
 * h without a class, numbered alike it) and outside the top, or
 * PITH_NONE. */
static size_t
alike_box(const rd *r, size_t b, size_t h, size_t top)
{
	bool ids = attr(r, h, "class") == NULL;

	for (size_t a = pith_doc_block(r->d, b)->node; a != PITH_NONE && a != r->body;
	    a = pith_doc_node(r->d, a)->parent)
		if ((ids ? numbered(r, a, h) : alike(r, a, h)) && !inside(r, a, top) &&
		    !inside(r, top, a))
			return a;
	return PITH_NONE;
}

/* Block b is in what gather took. */
static bool
gathered(const rd *r, size_t b)
{
	for (size_t a = pith_doc_block(r->d, b)->node; a != PITH_NONE;
	    a = pith_doc_node(r->d, a)->parent)
		if (r->flags[a] & N_IN)
			return true;
	return false;
}

/* Unlinked (or permalinked) headings just before block b: the heading
 * of what b opens. */
static void
take_headings(rd *r, size_t b)
{
	while (b-- > 0) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind != PITH_BLOCK_HEADING || blk->node == PITH_NONE ||
		    !own_heading(r, b) || (r->flags[blk->node] & (N_HIDDEN | N_UNLIKELY)))
			return;
		r->flags[blk->node] |= N_IN;
	}
}

/* Mark text box n, and the wrappers around nothing else (a widget
 * around its box), as the article's text whatever their names. */
static void
mark_box(rd *r, size_t n)
{
	for (size_t a = n; a != PITH_NONE && r->len[a] == r->len[n];
	    a = pith_doc_node(r->d, a)->parent)
		r->flags[a] |= N_BOX;
}

/* A page builder's article (Elementor, Divi, WPBakery, block columns)
 * is cut into sections and columns, each holding a text box styled like
 * every other, its widget named for boilerplate ("elementor-widget"):
 * the box holding the top's paragraphs, alike elsewhere, is the article
 * going on, however deep the sections nest, and such boxes are not
 * pruned for their names.  Only while the boxes follow one another:
 * between them, headings, pictures, fragments that make no sentence (a
 * button, a Q&A's votes, tags, share links and user cards) and under
 * GAP_TEXT characters of prose; a sidebar's or a footer's box lies
 * beyond teasers or notes, another story's beyond its headline.  And
 * new boxes are taken only when they
 * hold half as much text as the content gathered so far: the top is one
 * section of many, where a story's lone box after it is a note or the
 * author's bio.  Each box brings the headings just before it. */
static void
gather_alike(rd *r, size_t top)
{
	enum { GAP_TEXT = 100, MAX_BOXES = 32 };
	const pith_doc *d = r->d;
	size_t h = PITH_NONE, box, boxes[MAX_BOXES], nboxes = 0, nin = 0;
	double found = 0, content = 0;
	const pith_block *blk;
	const char *hc;

	for (size_t b = r->bfirst[top]; b != PITH_NONE && b <= r->blast[top]; b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (n != PITH_NONE && tag(r, n) == GUMBO_TAG_P && scorable(r, b)) {
			h = pith_doc_node(d, n)->parent;
			break;
		}
		/* A forum post's text, cut by <br>s, is loose in its box. */
		if (n != PITH_NONE && tag(r, n) == GUMBO_TAG_DIV && scorable(r, b) &&
		    pith_doc_block(d, b)->kind == PITH_BLOCK_PARA) {
			h = n;
			break;
		}
	}
	/* Classless boxes are all alike, unless numbered ones. */
	if (h == PITH_NONE || ((hc = attr(r, h, "class")) == NULL ? !numbered(r, h, h) : *hc == '\0'))
		return;
	for (int dir = -1; dir <= 1; dir += 2) {
		double gap = 0;
		size_t b = dir > 0 ? r->blast[top] + 1 : r->bfirst[top];

		while (gap < GAP_TEXT && nboxes < MAX_BOXES && !budget_tick(r->time) &&
		    (dir > 0 ? b < r->nb : b-- > 0)) {
			if ((box = alike_box(r, b, h, top)) != PITH_NONE &&
			    !(r->flags[box] & (N_HIDDEN | N_UNLIKELY)) &&
			    density(r, box) < 0.25 && (prose_box(r, box) || sentences(r, box) > 80) &&
			    (gathered(r, r->bfirst[box]) || linked_heads(r, box) < 2)) {
				/* Boxes in what gather took are content already;
				 * a box of teasers (linked headlines over their
				 * excerpts) styled like the article's is none. */
				if (gathered(r, r->bfirst[box])) {
					mark_box(r, box);
					take_headings(r, r->bfirst[box]);
					nin++;
				} else {
					boxes[nboxes++] = box;
					found += r->len[box];
				}
				gap = 0;
				b = dir > 0 ? r->blast[box] + 1 : r->bfirst[box];
				continue;
			}
			blk = pith_doc_block(d, b);
			/* Another story's headline ends the article. */
			if (blk->kind == PITH_BLOCK_HEADING && blk->level == 1 && !similar_title(r, b))
				break;
			if (blk->kind != PITH_BLOCK_HEADING && !gathered(r, b))
				gap += r->bsentence[b] ? r->blen[b] : 0;
			b += dir > 0;
		}
	}
	for (size_t n = 0; n < r->nn; n = (r->flags[n] & N_IN) ? pith_doc_node(d, n)->end : n + 1)
		if (r->flags[n] & N_IN)
			content += r->len[n];
	if (nboxes == 0 || found < 0.5 * content)
		nboxes = 0;
	if (nboxes == 0 && nin == 0)
		return;
	for (size_t k = 0; k < nboxes; k++) {
		r->flags[boxes[k]] |= N_IN;
		mark_box(r, boxes[k]);
		take_headings(r, r->bfirst[boxes[k]]);
	}
	take_headings(r, r->bfirst[top]);
	/* The top's own box, inside it. */
	if (h != top && inside(r, h, top))
		mark_box(r, h);
}

/* The top is one post of several: it, or a box around it a few levels
 * up, has a box alike it beside it holding prose (the next answer or
 * reply).  A story's body stands alone. */
static bool
replied(const rd *r, size_t top)
{
	const pith_doc *d = r->d;
	size_t x = top, g;

	for (int up = 0; up < 4 && (g = pith_doc_node(d, x)->parent) != PITH_NONE &&
	    x != r->body && g != r->body; up++, x = g)
		for (size_t s = g + 1; named_box(r, x) && s < pith_doc_node(d, g)->end;
		    s = pith_doc_node(d, s)->end)
			if (s != x && alike(r, s, x) && prose_box(r, s))
				return true;
	return false;
}

/* A question above its answers: the page's headline stands before the
 * top in a box of its own (the question's, a story's header), and the
 * prose under it in that box opens the text though it is styled unlike
 * the top's posts ("question-body" beside "answer-body") and votes,
 * tags and a user card part them.  Paragraphs of prose only (see
 * prose_box): the header's byline, date and share bar stay out.  Only
 * for a thread (see replied): a story's header holds its standfirst,
 * which most readers' truths leave out.  The strict run only: a retry's
 * top may be a comment, which the story's paragraphs must not crown. */
static void
gather_title(rd *r, size_t top)
{
	const pith_doc *d = r->d;
	size_t tb = r->title_block, x, p;

	if (tb == PITH_NONE || r->bfirst[top] == PITH_NONE || tb >= r->bfirst[top] ||
	    (x = pith_doc_block(d, tb)->node) == PITH_NONE)
		return;
	while ((p = pith_doc_node(d, x)->parent) != PITH_NONE && p != r->body &&
	    !inside(r, top, p))
		x = p;
	if (p == PITH_NONE || p == r->body || x == pith_doc_block(d, tb)->node ||
	    !replied(r, top))
		return;
	for (size_t b = tb + 1; b <= r->blast[x] && b < r->bfirst[top]; b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (n != PITH_NONE && prose_block(r, b) &&
		    !(r->flags[n] & (N_HIDDEN | N_UNLIKELY)) && !(r->cls[n] & C_NOT_TEXT))
			r->flags[n] |= N_IN;
	}
}

/* A reason with the numbers or names that decided it, kept with the
 * article; a fixed text when memory runs out. */
static const char *
reason(rd *r, const char *fallback, const char *fmt, ...)
{
	char s[160];
	va_list ap;
	const char *p;

	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	p = arena_strndup(r->strings, s, strlen(s));
	return p != NULL ? p : fallback;
}

/* The class (else id) a name rule matched, for the reason. */
static const char *
names(const rd *r, size_t n)
{
	const char *v = attr(r, n, "class");

	return v != NULL && *v ? v : attr(r, n, "id") ? attr(r, n, "id") : "";
}

/* A list of sentences that link what they speak of (release notes, a
 * blog's round-up) is text; a menu's items are a few words, and a list
 * of linked headlines is links throughout. */
static bool
prose_list(const rd *r, size_t n)
{
	GumboTag t = tag(r, n);

	return (t == GUMBO_TAG_UL || t == GUMBO_TAG_OL) && r->kids[n] > 0 &&
	    r->len[n] / r->kids[n] >= PROSE_ITEM && density(r, n) < 0.8;
}

/* Node k is a caption box: named so (not a figure's caption), or a
 * div of a picture and its caption line (see div_caption), as a page
 * whose names say nothing sets one. */
static bool
caption_box(const rd *r, size_t k)
{
	size_t c;

	if (tag(r, k) == GUMBO_TAG_FIGCAPTION)
		return false;
	if (r->cls[k] & C_CAPTION)
		return true;
	return tag(r, k) == GUMBO_TAG_DIV && r->kids[k] == 2 && k + 1 < r->nn &&
	    (c = sibling_after(r, k + 1)) != PITH_NONE && div_caption(r, c);
}

/* A photo gallery's captions are its text: the top holds GALLERY_BOXES
 * or more caption boxes as its own children, each box around a picture,
 * and their text averages a line of prose (PROSE_ITEM characters; a run
 * of bare photo credits is shorter).  A story's odd captioned picture,
 * or captions deeper in the content, do not make one.  The top's
 * children only: no pass over the page. */
static bool
gallery(const rd *r, size_t top)
{
	const pith_doc *d = r->d;
	double len = 0;
	int boxes = 0;

	for (size_t k = top + 1; k < pith_doc_node(d, top)->end; k = pith_doc_node(d, k)->end) {
		bool picture = false;

		if (!caption_box(r, k))
			continue;
		for (size_t b = r->bfirst[k]; b != PITH_NONE && b <= r->blast[k] && !picture; b++)
			picture = pith_doc_block(d, b)->kind == PITH_BLOCK_IMAGE;
		if (!picture)
			return false;
		boxes++;
		len += r->len[k];
	}
	return boxes >= GALLERY_BOXES && len >= PROSE_ITEM * boxes;
}

/* A slideshow's captions are its text too, deeper in the top, each in
 * its slide (a list item) around or right after its picture:
 * GALLERY_BOXES or more such caption boxes, their text averaging a line
 * of prose and holding half the top's text or more (a story's captioned
 * pictures hold a little of it).  One pass over the top, a caption's
 * subtree skipped once counted; the slide is a few levels up. */
static bool
slides(const rd *r, size_t top)
{
	const pith_doc *d = r->d;
	double len = 0;
	int boxes = 0;

	for (size_t k = top + 1; k < pith_doc_node(d, top)->end; ) {
		size_t b = r->bfirst[k];
		bool picture = false;

		if (!(r->cls[k] & C_CAPTION) || tag(r, k) == GUMBO_TAG_FIGCAPTION || b == PITH_NONE) {
			k++;
			continue;
		}
		picture = b > 0 && pith_doc_block(d, b - 1)->kind == PITH_BLOCK_IMAGE &&
		    pith_doc_block(d, b - 1)->node != PITH_NONE &&
		    inside(r, pith_doc_block(d, b - 1)->node, pith_doc_node(d, k)->parent);
		for (; b <= r->blast[k] && !picture; b++)
			picture = pith_doc_block(d, b)->kind == PITH_BLOCK_IMAGE;
		/* A slide is a list item: a post's pictures placed in the
		 * story's flow, each in its caption box, are not a slideshow
		 * (dragnet's truth leaves such captions out). */
		size_t a = k;

		for (int up = 0; up < 4 && a != top && tag(r, a) != GUMBO_TAG_LI; up++)
			a = pith_doc_node(d, a)->parent;
		picture = picture && a != top && tag(r, a) == GUMBO_TAG_LI;
		if (picture) {
			boxes++;
			len += r->len[k];
		}
		k = pith_doc_node(d, k)->end;
	}
	return boxes >= GALLERY_BOXES && len >= PROSE_ITEM * boxes && len >= 0.5 * r->len[top];
}

/* Node n is in one of the top's own caption boxes, or anywhere in the
 * top when it is a slideshow (see slides). */
static bool
in_gallery(const rd *r, size_t n, size_t top)
{
	size_t p;

	if (r->slides)
		return inside(r, n, top);
	while ((p = pith_doc_node(r->d, n)->parent) != PITH_NONE && p != top)
		n = p;
	return p == top && caption_box(r, n);
}

/* A <header> holding nothing but headings under the page's first
 * level: a section's heading (TYPO3 and HTML5 templates box each
 * content element's heading so), not the article's byline box. */
static bool
section_header(const rd *r, size_t n)
{
	if (r->bfirst[n] == PITH_NONE)
		return false;
	for (size_t b = r->bfirst[n]; b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind != PITH_BLOCK_HEADING || blk->level < 2)
			return false;
	}
	return true;
}

/* Node n's name is the chosen content's own, not a box's beside the
 * text in it: n holds all the text of the top or gathered sibling it
 * sits in (a page builder's "elementor-widget-wrap" in each column),
 * or n is a gathered sibling styled like the top (the builder's next
 * "elementor-widget-text-editor").  Those were chosen on their scores
 * and their place, whatever the builder calls every element. */
static bool
whole(const rd *r, size_t n, size_t top)
{
	size_t a = n, p;

	while ((p = pith_doc_node(r->d, a)->parent) != PITH_NONE && (r->flags[p] & N_IN))
		a = p;
	if (a == n)
		return n != top && alike(r, n, top);
	return r->len[n] >= r->len[a] && r->len[n] > 0;
}

/* A strip of logos: a label that makes no sentence ("Gefördert
 * durch", "Avec le soutien de", "Funded by") over two or more pictures
 * and nothing else.  A project's funders and partners, not its text
 * (Readability.js drops such a box from three pictures).  A few blocks
 * only: a gallery is longer; and pictures each under a word of their
 * own ("Before", "After") are a comparison. */
static bool
logo_strip(const rd *r, size_t n)
{
	size_t b = r->bfirst[n];

	if (r->gallery || b == PITH_NONE || r->nblk[n] > 12 || r->blast[n] < b + 2 ||
	    pith_doc_block(r->d, b)->kind != PITH_BLOCK_PARA || r->bsentence[b] ||
	    r->blen[b] == 0 || r->blen[b] >= 25)
		return false;
	while (++b <= r->blast[n])
		if (pith_doc_block(r->d, b)->kind != PITH_BLOCK_IMAGE)
			return false;
	return true;
}

/* A chart drawn as a picture under its labels (the axis's "100",
 * "80", "%", the years, a key's "RECESSIONS"), each label a line of
 * its own: a picture and six or more short lines (a title, "U.S.
 * Dollar index", may read as a sentence), half of them figures
 * without a letter, each a bare line.  A photo's caption is one line;
 * a draw's numbers are a list, a table of figures is data. */
static bool
chart(const rd *r, size_t n)
{
	size_t pics = 0, lines = 0, figures = 0;

	if (r->nblk[n] < 7 || r->nblk[n] > 60 || r->gallery)
		return false;
	for (size_t b = r->bfirst[n]; b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind == PITH_BLOCK_IMAGE) {
			pics++;
		} else if (r->blen[b] > 60) {
			return false;
		} else if (r->blen[b] > 0) {
			lines++;
			figures += blk->kind == PITH_BLOCK_PARA && blk->len <= 8 &&
			    !holds(blk->text, blk->len, uc_is_alpha);
		}
	}
	return pics > 0 && lines >= 6 && 2 * figures >= lines;
}

/* Box n has no sibling alike on either side. */
static bool
lone(const rd *r, size_t n)
{
	size_t k[2] = { sibling_before(r, n), sibling_after(r, n) };

	return (k[0] == PITH_NONE || !alike(r, k[0], n)) &&
	    (k[1] == PITH_NONE || !alike(r, k[1], n));
}

/* Box n's buttons written as lines: bare short lines of a word or
 * two without a digit ("Full Screen", "Autoplay", "Close", "×").  A
 * few blocks only (the rule asks up the chain of boxes). */
static int
button_lines(const rd *r, size_t n)
{
	int k = 0;

	if (r->nblk[n] > 30)
		return 0;
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		size_t spaces = 0;

		for (size_t i = 0; i < blk->len && blk->len <= 12; i++)
			spaces += blk->text[i] == ' ';
		k += blk->kind == PITH_BLOCK_PARA && r->blen[b] > 0 && blk->len <= 12 &&
		    spaces <= 1 && !r->bsentence[b] && !holds(blk->text, blk->len, is_digit);
	}
	return k;
}

/* Node n holds more text fields than a third of its paragraphs
 * (Readability.js's rule, less its radio buttons and checkboxes, which
 * a recipe card's print options are): a signup, search or comment
 * form.  prune_reason asks only of a short box: a blog's column of
 * post, comments and comment form holds as many fields.  A date, a
 * number or a choice is a field as a text is: a booking bar's dates and
 * guests, a search by make. */
static bool
form_box(const rd *r, size_t n)
{
	int fields = 0, paras = 0, controls = 0;

	for (size_t k = n + 1; k < pith_doc_node(r->d, n)->end; k++) {
		const char *type;

		switch (tag(r, k)) {
		case GUMBO_TAG_P:
			paras++;
			break;
		case GUMBO_TAG_INPUT:
			type = attr(r, k, "type");
			fields += type == NULL || str_has_word("text email search tel "
			    "password url date number", type, true);
			break;
		case GUMBO_TAG_SELECT:
		case GUMBO_TAG_TEXTAREA:
			fields++;
			break;
		case GUMBO_TAG_BUTTON:
		case GUMBO_TAG_LABEL:
			controls++;
			break;
		default:
			break;
		}
	}
	/* A shop's buying box is buttons and labels without a field
	 * (its colours, "Add to cart") over a price: no sentence. */
	return fields > paras / 3 || (controls >= 2 && sentences(r, n) == 0);
}

/* Box n opens with an ad's label (see label) and holds more. */
static bool
ad_box(const rd *r, size_t n)
{
	size_t b = first_text(r, n);

	return b != PITH_NONE && b < r->blast[n] && label(r, b) == ad_why;
}

/* Aside n inside the top is a fact box in the run of the story: its
 * own heading over prose without a link, after a paragraph.  A pull
 * quote (no heading) repeats the text; a sidebar links away. */
static bool
fact_box(const rd *r, size_t n, size_t top)
{
	return n != top && inside(r, n, top) && !(r->cls[n] & (C_NOT_TEXT | C_ROLE_OUT)) &&
	    headed(r, n) && sentences(r, n) > 0 && r->link[n] == 0 && after_paragraph(r, n);
}

/* Box p is one of a run: the element just before or after it is alike
 * and opened by its own heading too. */
static bool
headed_kin(const rd *r, size_t p)
{
	size_t q = pith_doc_node(r->d, p)->parent, s;

	if (q == PITH_NONE)
		return false;
	s = pith_doc_node(r->d, p)->end;
	if (s < r->nn && pith_doc_node(r->d, s)->parent == q && alike(r, s, p) && headed(r, s))
		return true;
	s = sibling_before(r, p);
	return s != PITH_NONE && alike(r, s, p) && headed(r, s);
}

/* A box of details in a listing's item (a place's address and hours,
 * under a name like "meta"): right after the item's prose, in a box
 * opened by its own heading, one of a run.  An article's byline sits
 * above its text, not in each of a run of items. */
static bool
item_details(const rd *r, size_t n)
{
	size_t p = pith_doc_node(r->d, n)->parent;

	return p != PITH_NONE && after_paragraph(r, n) && headed(r, p) && headed_kin(r, p);
}

/* List n right after heading block h in the same box p. */
static bool
headed_list(const rd *r, size_t n, size_t p)
{
	size_t h = r->bfirst[n];

	return (tag(r, n) == GUMBO_TAG_UL || tag(r, n) == GUMBO_TAG_OL) && h != PITH_NONE &&
	    h > 0 && pith_doc_block(r->d, h - 1)->kind == PITH_BLOCK_HEADING &&
	    own_heading(r, h - 1) && pith_doc_block(r->d, h - 1)->node != PITH_NONE &&
	    pith_doc_node(r->d, pith_doc_block(r->d, h - 1)->node)->parent == p;
}

/* List n is a few words per item under its own heading, after a
 * sentence in the same box, and one of several such (a thesaurus
 * sense: its gloss, example, then "Synonyms" and "Antonyms" over
 * linked words; or the sense is one of a run of boxes): the entry's
 * text.  A lone list of a heading's linked words ("Topics" under a
 * story) is its tags; a box of a heading and linked words alone is a
 * menu.  Short lists, a few blocks and siblings around: each item asks
 * again (keep_unlinked). */
static bool
word_list(const rd *r, size_t n)
{
	enum { NEAR = 4 };
	size_t p = pith_doc_node(r->d, n)->parent, h = r->bfirst[n], k;
	bool sentence = false, more = false;

	if (p == PITH_NONE || !headed_list(r, n, p) || h < 2 || h - 1 <= r->bfirst[p] ||
	    r->blast[n] - h >= 30)
		return false;
	for (size_t b = h; b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		size_t spaces = 0;

		for (size_t i = 0; i < blk->len; i++)
			spaces += blk->text[i] == ' ';
		if (blk->len > 30 || spaces > 2)
			return false;
	}
	for (size_t b = h - 1; b-- > r->bfirst[p] && b + 10 > h && !sentence; )
		sentence = r->bsentence[b] && r->blink[b] < 0.25 * r->blen[b] &&
		    pith_doc_block(r->d, b)->kind != PITH_BLOCK_HEADING;
	if (!sentence)
		return false;
	/* Another headed list among the next or previous few elements. */
	k = 0;
	for (size_t s = pith_doc_node(r->d, n)->end; !more && k < NEAR &&
	    s < pith_doc_node(r->d, p)->end; s = pith_doc_node(r->d, s)->end, k++)
		more = headed_list(r, s, p);
	k = 0;
	for (size_t s = sibling_before(r, n); !more && k < NEAR && s != PITH_NONE;
	    s = sibling_before(r, s), k++)
		more = headed_list(r, s, p);
	return more || headed_kin(r, p);
}

/* Box n is the whole body of the section its heading opens: right
 * after an unlinked heading of the text, up to the next heading of its
 * rank or the end, with no link and no control.  An imprint's
 * "Kontakt" box or a policy's "copyright-text" is named for what the
 * section says; a share bar, a signup box, a related box or a thread
 * under a heading link or ask. */
static bool
section_body(const rd *r, size_t n)
{
	size_t h = sibling_before(r, n), p = pith_doc_node(r->d, n)->parent;
	size_t s = pith_doc_node(r->d, n)->end;
	GumboTag t;

	if (h == PITH_NONE || p == PITH_NONE || r->len[n] == 0 || r->link[n] > 0 || s > n + 500 ||
	    (r->cls[n] & (C_THREAD | C_META)) || (t = tag(r, h)) < GUMBO_TAG_H1 ||
	    t > GUMBO_TAG_H6 || (r->cls[h] & C_NOT_TEXT) || r->bfirst[h] == PITH_NONE ||
	    !own_heading(r, r->bfirst[h]))
		return false;
	for (size_t k = n + 1; k < s; k++)
		if (tag(r, k) == GUMBO_TAG_BUTTON || tag(r, k) == GUMBO_TAG_INPUT ||
		    tag(r, k) == GUMBO_TAG_SELECT || tag(r, k) == GUMBO_TAG_TEXTAREA ||
		    tag(r, k) == GUMBO_TAG_IFRAME)
			return false;
	return s >= pith_doc_node(r->d, p)->end ||
	    (tag(r, s) >= GUMBO_TAG_H1 && tag(r, s) <= t);
}

/* Node n (or PITH_NONE) is a div of loose text with a sentence end,
 * a picture floated into it or not. */
static bool
div_sentence(const rd *r, size_t n)
{
	return n != PITH_NONE && loose_block(r, n) != PITH_NONE && (r->flags[n] & N_SENTENCE);
}

/* A sibling of n with text, on either side past empty slots (see
 * text_sibling), is one that is(). */
static bool
beside(const rd *r, size_t n, bool (*is)(const rd *, size_t))
{
	for (int dir = -1; dir <= 1; dir += 2) {
		size_t k = text_sibling(r, n, dir);

		if (k != PITH_NONE && is(r, k))
			return true;
	}
	return false;
}

/* Node n is a div of prose: a sentence, few links. */
static bool
prose_div(const rd *r, size_t n)
{
	return div_sentence(r, n) && density(r, n) <= 0.2;
}

/* Div paragraph n is one of a page's paragraphs set as divs (which
 * Readability.js makes <p>s): it has no name of its own, as an editor's
 * paragraphs have none, or a neighbour is a div of prose (past an ad's
 * empty slot between them).  A wiki's hatnote or a notice is named,
 * and stands before a <p>. */
static bool
div_kin(const rd *r, size_t n)
{
	return unnamed(r, n) || beside(r, n, prose_div);
}

/* Box n is a quote set in the story (an embedded post: a blockquote of
 * its words, a link to the post, its date): the blockquote holds all
 * its text, and a paragraph of prose stands beside it.  A related-links
 * box is a list or a run of headlines, not a quote. */
static bool
quote_box(const rd *r, size_t n)
{
	return n + 1 < r->nn && tag(r, n + 1) == GUMBO_TAG_BLOCKQUOTE &&
	    r->len[n + 1] == r->len[n] && beside(r, n, paragraph);
}

/* Node n is a caption set as a div's loose text under its picture (an
 * <img> and a <span> of text in one div) beside the story's paragraphs:
 * the picture first, then one line of at most TEASER_LEN with no link
 * and no sentence's end, as div_caption's.  Not a post that is a
 * picture and its line, with no paragraph beside it. */
static bool
picture_div(const rd *r, size_t n)
{
	size_t b = loose_block(r, n);

	return b != PITH_NONE && b > r->bfirst[n] && b == r->blast[n] && r->blink[b] == 0 &&
	    r->blen[b] <= TEASER_LEN && !full_stop(pith_doc_block(r->d, b)) &&
	    beside(r, n, paragraph);
}

/* Node n inside the content: why it is dropped, or NULL. */
static const char *
prune_reason(rd *r, size_t n, size_t top, unsigned f, double total,
             double ptotal)
{
	GumboTag t = tag(r, n);
	unsigned c = r->cls[n];
	double ld = density(r, n);

	if (r->flags[n] & N_HIDDEN)
		return "dropped: hidden";
	if (r->flags[n] & N_KEEP)
		return NULL;
	/* An <aside> of the article's notes is its text (see take_notes),
	 * and so is a fact box in the run of the story's paragraphs. */
	if ((tag_out(t) || (c & C_ROLE_OUT)) &&
	    !(t == GUMBO_TAG_ASIDE && ((r->flags[n] & N_BOX) || fact_box(r, n, top))))
		return reason(r, "dropped: navigation or aside", "dropped: <%s>%s%.40s",
		    pith_doc_node(r->d, n)->tag, attr(r, n, "role") ? " role " : "",
		    attr(r, n, "role") ? attr(r, n, "role") : "");
	/* Figure captions stay (the text output leaves them out unless
	 * asked); credit and caption lines elsewhere are plain text,
	 * but a gallery's captions are its text. */
	if (((c & C_CAPTION) || div_caption(r, n) || (n != top && picture_div(r, n))) &&
	    t != GUMBO_TAG_FIGCAPTION &&
	    !(r->gallery && in_gallery(r, n, top)))
		return reason(r, "dropped: caption", "dropped: caption '%.40s'", names(r, n));
	if (n != top && (t == GUMBO_TAG_HEADER ? r->len[n] < 200 && !section_header(r, n) &&
	    !prose_box(r, n) :
	    (c & C_META) &&
	    r->len[n] < META_BOX && r->len[n] < 0.5 * total && !item_details(r, n)))
		return reason(r, "dropped: byline or dateline",
		    "dropped: byline or dateline '%.40s'", t == GUMBO_TAG_HEADER ?
		    "<header>" : names(r, n));
	/* A box under an ad's label ("Advertisement", "Anzeige") is the
	 * ad, its pitch in plain paragraphs: short, and more than the
	 * label (which label() drops alone). */
	if (n != top && r->len[n] < AD_BOX && ad_box(r, n))
		return "dropped: advertisement";
	/* Boxes styled like the one holding the top's paragraphs (see
	 * gather_alike), and boxes holding all of their part of the
	 * content (see whole), are the article's text whatever their
	 * names. */
	bool holder = (r->flags[n] & N_BOX) || whole(r, n, top) ||
	    ((r->flags[n] & N_DATA) && header_row(r, n)) ||
	    ((c & (C_BOILER | C_NEGATIVE)) && section_body(r, n));

	if ((c & C_BOILER) && !(c & C_BODY) && r->len[n] < 0.5 * total && n != top && !holder)
		return reason(r, "dropped: boilerplate name",
		    "dropped: boilerplate name '%.40s'", names(r, n));
	bool prose = prose_list(r, n);

	if ((t == GUMBO_TAG_UL || t == GUMBO_TAG_OL) && ld > LINK_LIST && !prose &&
	    !word_list(r, n))
		return reason(r, "dropped: link list", "dropped: link list, links %.2f", ld);
	/* A <form> of text fields is the comment or signup form even on
	 * the relaxed retry, which keeps the boxes it doubts. */
	if (t == GUMBO_TAG_FORM && n != top && r->len[n] < CHAR_THRESHOLD && form_box(r, n))
		return reason(r, "dropped: form", "dropped: form '%.40s'", names(r, n));
	if (!(f & F_CLEAN) || (r->flags[n] & N_DATA) || n == top)
		return NULL;
	/* <center> is an old page's div (its menu and footer lines). */
	if (t == GUMBO_TAG_DIV || t == GUMBO_TAG_SECTION || t == GUMBO_TAG_CENTER ||
	    t == GUMBO_TAG_UL || t == GUMBO_TAG_OL || t == GUMBO_TAG_TABLE ||
	    t == GUMBO_TAG_FORM || t == GUMBO_TAG_FIELDSET) {
		int w = (f & F_WEIGHT_CLASSES) ? r->weight[n] : 0;

		/* A negative word on the box holding most of the article's
		 * paragraphs is a state ("quick-add-hidden": a shop's
		 * description, hidden in its quick view) or a theme's whim,
		 * not a box beside the text: those are named unlikely
		 * (comments), and go. */
		if (w < 0 && ((!holder && r->plen[n] < 0.7 * ptotal) || (c & C_UNLIKELY)) &&
		    !((c & C_META) && item_details(r, n)))
			return reason(r, "dropped: negative class weight",
			    "dropped: class weight %d '%.40s'", w, names(r, n));
		/* Most of the article's paragraphs: the links beside them
		 * (a menu in the story's div) go one by one, not with them. */
		if (r->plen[n] >= 0.7 * ptotal)
			return NULL;
		/* A slideshow in the story counts its first picture twice or
		 * more (the slide's count, the caption bar's), or once among
		 * its buttons ("1 of 24", "Full Screen", "Autoplay",
		 * "Close"): its captions and buttons are the widget's.  A
		 * post's numbered picture is one of a run of boxes alike. */
		if ((r->slidec[n] >= 2 || (r->slidec[n] == 1 && lone(r, n) &&
		    button_lines(r, n) >= 3)) &&
		    !r->gallery && !holder)
			return reason(r, "dropped: slideshow", "dropped: slideshow, %d counts",
			    r->slidec[n]);
		if (r->len[n] < CHAR_THRESHOLD && form_box(r, n))
			return reason(r, "dropped: form", "dropped: form '%.40s'", names(r, n));
		if (logo_strip(r, n))
			return "dropped: a strip of logos";
		if (chart(r, n))
			return "dropped: a chart's labels";
		/* A list, or a box that is nearly all lists (Readability.js's
		 * isList), goes for its links only as a link list would:
		 * its items (a round-up, steps, specs) link as they go. */
		bool list = t == GUMBO_TAG_UL || t == GUMBO_TAG_OL || r->llen[n] > 0.9 * r->len[n];

		if (prose || r->commas[n] >= 10)
			return NULL;
		if (list && ld > LINK_LIST && !word_list(r, n))
			return reason(r, "dropped: link list", "dropped: link list, links %.2f", ld);
		/* A div of loose text with clauses, or among divs of prose,
		 * is a paragraph (Readability.js makes it a <p>, which this
		 * pass never drops for its links): a wire story's lede links
		 * its dateline, company and ticker.  An embedded post beside the
		 * story's paragraphs links its source and date. */
		if (!list && !(r->flags[n] & N_BOX) && ((w < 25 && ld > 0.2 &&
		    !(div_sentence(r, n) && ((r->len[n] > 80 && r->commas[n] >= 2) ||
		    div_kin(r, n))) && !quote_box(r, n)) || ld > 0.5))
			return reason(r, "dropped: link density",
			    "dropped: link density %.2f (weight %d)", ld, w);
	}
	return NULL;
}

static bool
similar_title(const rd *r, size_t b)
{
	return titled(r, b, 2);
}

/* Block b is a heading of level up to max repeating the page's title. */
static bool
titled(const rd *r, size_t b, int max)
{
	const char *t = pith_doc_title(r->d);
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t n;

	if (t == NULL || blk->kind != PITH_BLOCK_HEADING || blk->level > max)
		return false;
	n = strlen(t);
	/* The page title usually holds the headline plus the site name. */
	return strcmp(t, blk->text) == 0 || (blk->len >= 10 &&
	    (str_has_icase(t, blk->text) || (n >= 10 && str_has_icase(blk->text, t)))) ||
	    title_head(t, blk->text);
}

/* Title t opens with h then a separator before the site's name
 * ("Shuteye : All & Sundry"): a short headline is the title's too. */
static bool
title_head(const char *t, const char *h)
{
	size_t m = strlen(h);
	bool hier;

	return m > 0 && strncasecmp(t, h, m) == 0 && meta_sep_at(t, m, strlen(t), true, &hier) > 0;
}

/* The reasons that name the chosen container, so the overlay can say
 * where the article is and why everything else is not. */
static void
describe(rd *r, size_t top, unsigned f)
{
	char name[96], s[192];
	const char *cls = attr(r, top, "class"), *id = attr(r, top, "id");
	int n;

	n = snprintf(name, sizeof name, "%s%s%.30s%s%.30s", pith_doc_node(r->d, top)->tag,
	    id ? "#" : "", id ? id : "", cls ? "." : "", cls ? cls : "");
	for (int i = 0; i < n && i < (int)sizeof name; i++)
		if (name[i] == ' ')
			name[i] = '.';
	snprintf(s, sizeof s, "kept: in %s, score %.1f, weight %+d, links %.2f%s",
	    name, r->score[top], (f & F_WEIGHT_CLASSES) ? r->weight[top] : 0,
	    density(r, top), f & F_STRIP_UNLIKELY ? "" : " (relaxed retry)");
	r->kept_why = arena_strndup(r->strings, s, strlen(s));
	snprintf(s, sizeof s, "dropped: outside %s", name);
	r->out_why = arena_strndup(r->strings, s, strlen(s));
	/* A sibling gather() took, the notes after the story, a deck
	 * above it: the overlay says they are not in the top. */
	snprintf(s, sizeof s, "kept: beside %s, as its part", name);
	r->beside_why = arena_strndup(r->strings, s, strlen(s));
	if (r->kept_why == NULL || r->out_why == NULL || r->beside_why == NULL)
		r->kept_why = r->out_why = r->beside_why = "?";
	r->top = top;
	for (size_t b = 0; b < r->nb; b++)
		r->why[b] = r->out_why;
}

/* Distinct links in a block. */
static size_t
links(const pith_block *blk)
{
	size_t n = 0;
	const char *last = NULL;

	for (size_t i = 0; i < blk->nruns; i++)
		if (blk->runs[i].href != NULL && blk->runs[i].href != last) {
			last = blk->runs[i].href;
			n++;
		}
	return n;
}

/* A heading that is one link, once the article's text has begun,
 * names a section of it (the link is the section's permalink or its
 * source), as an unlinked heading would; before the text, a linked
 * heading is the site's name, a menu's or another story's. */
static bool
section_heading(const pith_block *blk, double kept)
{
	return blk->kind == PITH_BLOCK_HEADING && kept > 0 && links(blk) <= 1;
}

/* An item that is all link in a list of sentences, most of its items
 * under half link (the week's highlights, one of them a bare link to a
 * review): one of them, where a box of related headlines with one
 * excerpt is mostly bare links.  So is a glossary's linked term, the
 * name of the unlinked definition after it. */
static bool
prose_item(const rd *r, size_t n)
{
	size_t l = pith_doc_node(r->d, n)->parent, dd = pith_doc_node(r->d, n)->end;

	if (tag(r, n) == GUMBO_TAG_DT)
		return dd < r->nn && pith_doc_node(r->d, dd)->parent == l &&
		    tag(r, dd) == GUMBO_TAG_DD && r->len[dd] > 0 && r->link[dd] == 0;
	return tag(r, n) == GUMBO_TAG_LI && l != PITH_NONE && prose_list(r, l) &&
	    2 * r->prose_kids[l] >= r->kids[l];
}

/* A capital letter opens s (the name after "By", "Von", "Par"). */
static bool
capital(const char *s, size_t n)
{
	ucs4_t c;

	return n > 0 && u8_mbtouc(&c, (const uint8_t *)s, n) > 0 && uc_is_upper(c);
}

/* s opens with a colon, French typography's space (plain, no-break or
 * narrow no-break) before it allowed. */
static bool
colon(const char *s, size_t n)
{
	if (n > 0 && s[0] == ' ')
		s++, n--;
	else if (n >= 2 && memcmp(s, "\xc2\xa0", 2) == 0)
		s += 2, n -= 2;
	else if (n >= 3 && memcmp(s, "\xe2\x80\xaf", 3) == 0)
		s += 3, n -= 3;
	return n > 0 && s[0] == ':';
}

/* s opens what follows a dateline's word: a colon, a space or a digit,
 * full-width or ideographic ones too ("发布时间：2024", "입력 2024"). */
static bool
date_gap(const char *s, size_t n)
{
	return n > 0 && (strchr(": 0123456789", *s) != NULL ||
	    starts(s, n, "\xef\xbc\x9a") || starts(s, n, "\xe3\x80\x80"));
}

/* s holds a character that is(), of any script: a digit (a date in
 * Arabic-Indic, Persian or Devanagari digits is a date too), a letter. */
static bool
holds(const char *s, size_t n, bool (*is)(ucs4_t))
{
	const uint8_t *u = (const uint8_t *)s;
	ucs4_t c;

	for (size_t i = 0; i < n; ) {
		int m = u8_mbtouc(&c, u + i, n - i);

		if (is(c))
			return true;
		i += (size_t)m;
	}
	return false;
}

static bool
is_digit(ucs4_t c)
{
	return uc_decimal_value(c) >= 0;
}

/* A rating's star, full or empty ("★★★★☆"). */
static bool
is_star(ucs4_t c)
{
	return c == 0x2605 || c == 0x2606 || c == 0x2B50;
}

/* Short line s[0..n) is a score out of five or ten ("4.5 out of 5",
 * "Note : 4/5", "8 von 10"): a number, not over the last, which is 5
 * or 10 and ends the line's numbers. */
static bool
score_line(const char *s, size_t n)
{
	long last = -1, prev = -1;

	if (n > 40)
		return false;
	for (size_t i = 0; i < n; ) {
		if (!isdigit((unsigned char)s[i])) {
			i++;
			continue;
		}
		long v = 0;

		while (i < n && v < 100000 && isdigit((unsigned char)s[i]))
			v = v * 10 + (s[i++] - '0');
		/* A decimal's fraction ("4.5", "4,5") is its number's. */
		if (i + 1 < n && (s[i] == '.' || s[i] == ',') && isdigit((unsigned char)s[i + 1]))
			for (i++; i < n && isdigit((unsigned char)s[i]); i++)
				;
		prev = last, last = v;
	}
	return (last == 5 || last == 10) && prev >= 0 && prev <= last;
}

/* Box c bears a rating: a line of it, not of its prose, holds stars or
 * a score. */
static bool
rated(const rd *r, size_t c)
{
	for (size_t b = r->bfirst[c]; b != PITH_NONE && b <= r->blast[c]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (!prose_block(r, b) && (holds(blk->text, blk->len, is_star) ||
		    score_line(blk->text, blk->len)))
			return true;
	}
	return false;
}

/* Element x holds a <button> among its first few elements. */
static bool
button_in(const rd *r, size_t x)
{
	for (size_t n = x + 1; n < pith_doc_node(r->d, x)->end && n < x + 16; n++)
		if (tag(r, n) == GUMBO_TAG_BUTTON)
			return true;
	return false;
}

/* Block b is a number beside a button ("214" by "Reply", the votes
 * or likes under a comment): digits and no letter, in a box that holds
 * a <button> among its first few elements, or over one (a shop's
 * "€49.90" over "Add to cart", the price in a wrapper of its own, the
 * button in a form), perhaps past a few short lines ("inkl. MwSt.",
 * "In stock", a colour's choice, but no list: a pricing table's tier
 * lists what it buys): the buying box's, set
 * in the box of the description.  Nodes [*lo, *hi) are those lines.  A
 * countdown's "10" or a year heads text; only a control's count or
 * price stands by the control. */
static bool
tally(const rd *r, size_t b, size_t *lo, size_t *hi)
{
	enum { LINES_MAX = 4 };
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t x = blk->node, p, s;

	*lo = *hi = 0;
	if (blk->kind != PITH_BLOCK_PARA || x == PITH_NONE || blk->len > 40 ||
	    !holds(blk->text, blk->len, is_digit) || holds(blk->text, blk->len, uc_is_alpha))
		return false;
	if (button_in(r, x))
		return true;
	/* The wrappers that hold the number alone, then the next elements. */
	for (int up = 0; up < 2 && (p = pith_doc_node(r->d, x)->parent) != PITH_NONE &&
	    r->len[p] == r->len[x]; up++)
		x = p;
	p = pith_doc_node(r->d, x)->parent;
	s = pith_doc_node(r->d, x)->end;
	for (int k = 0; k <= LINES_MAX && s < r->nn && pith_doc_node(r->d, s)->parent == p;
	    k++, s = pith_doc_node(r->d, s)->end) {
		if (tag(r, s) == GUMBO_TAG_BUTTON || button_in(r, s)) {
			*lo = x, *hi = s;
			return true;
		}
		if (r->len[s] >= 80 || (tag(r, s) >= GUMBO_TAG_H1 && tag(r, s) <= GUMBO_TAG_H6) ||
		    tag(r, s) == GUMBO_TAG_UL || tag(r, s) == GUMBO_TAG_OL || tag(r, s) == GUMBO_TAG_TABLE)
			return false;
	}
	return false;
}

/* A word of s's opens at s[i]: a credit's ("编辑：王敏"), then a colon
 * (ASCII or full-width), a bar or a slash ("文字｜林小满"). */
static bool
cjk_word_at(const char *s, size_t i, size_t n, const char *word)
{
	static const char *const after[] = {
		":", "\xef\xbc\x9a", "|", "\xef\xbd\x9c", "/", "\xef\xbc\x8f",
	};
	size_t k = strlen(word);

	if (i + k >= n || memcmp(s + i, word, k) != 0)
		return false;
	for (size_t j = 0; j < sizeof after / sizeof after[0]; j++)
		if (starts(s + i + k, n - i - k, after[j]))
			return true;
	return false;
}

/* A credit line of Chinese, Japanese and Korean pages, whose names no
 * capital marks and whose words no space parts: a credit word at the
 * start or after a gap ("责任编辑：王敏", "2024年3月5日　来源：新华社",
 * a wire's "(编辑：李红　校对：王敏)"), or a Korean byline, a name and
 * then "기자" (reporter) or "특파원" (correspondent), perhaps an
 * address ("이수진 기자 sujin@example.com"); a lead opens the same way
 * but goes on.  Only a line without a full stop. */
static bool
cjk_credit(const char *s, size_t n, size_t nw)
{
	static const char *const credits[] = {
		"\xe6\x9d\xa5\xe6\xba\x90", /* 来源 */ "\xe4\xbe\x86\xe6\xba\x90", /* 來源 */
		"\xe4\xbd\x9c\xe8\x80\x85", /* 作者 */ "\xe7\xbc\x96\xe8\xbe\x91", /* 编辑 */
		"\xe7\xb7\xa8\xe8\xbc\xaf", /* 編輯 */ "\xe8\xae\xb0\xe8\x80\x85", /* 记者 */
		"\xe8\xa8\x98\xe8\x80\x85", /* 記者 */ "\xe6\xa0\xa1\xe5\xaf\xb9", /* 校对 */
		"\xe6\xa0\xa1\xe5\xb0\x8d", /* 校對 */ "\xe5\xae\xa1\xe6\xa0\xb8", /* 审核 */
		"\xe5\xaf\xa9\xe6\xa0\xb8", /* 審核 */ "\xe6\x96\x87\xe5\xad\x97", /* 文字 */
		"\xe6\x91\x84\xe5\xbd\xb1", /* 摄影 */ "\xe6\x94\x9d\xe5\xbd\xb1", /* 攝影 */
		"\xe8\xb4\xa3\xe4\xbb\xbb\xe7\xbc\x96\xe8\xbe\x91", /* 责任编辑 */
		"\xe8\xb2\xac\xe4\xbb\xbb\xe7\xb7\xa8\xe8\xbc\xaf", /* 責任編輯 */
	};
	static const char *const opens[] = {
		"\xef\xbc\x88", "\xe3\x80\x90", "\xe3\x80\x94", "(", "[", "<", /* （【〔 */
	};
	static const char *const gaps[] = { " ", "\xe3\x80\x80", "\xef\xbc\x88", "(", "|", "\xef\xbd\x9c" };
	static const char *const bys[] = {
		"\xea\xb8\xb0\xec\x9e\x90", /* 기자 */ "\xed\x8a\xb9\xed\x8c\x8c\xec\x9b\x90", /* 특파원 */
	};
	size_t i = 0;

	if (strstr(s, "\xe3\x80\x82") != NULL)     /* 。 */
		return false;
	for (size_t k = 0; k < sizeof opens / sizeof opens[0]; k++)
		if (starts(s, n, opens[k]))
			i = strlen(opens[k]);
	for (size_t j = i; j < n; j++) {
		bool at = j == i;

		/* each credit word opens on a byte of 0xe4 to 0xe8 */
		if ((unsigned char)s[j] < 0xe4 || (unsigned char)s[j] > 0xe8)
			continue;
		for (size_t k = 0; !at && k < sizeof gaps / sizeof gaps[0]; k++) {
			size_t g = strlen(gaps[k]);

			at = j >= g && memcmp(s + j - g, gaps[k], g) == 0;
		}
		for (size_t k = 0; at && k < sizeof credits / sizeof credits[0]; k++)
			if (cjk_word_at(s, j, n, credits[k]))
				return true;
	}
	for (size_t j = 1; nw <= 4 && s[n - 1] != '.' && j < n; j++)
		for (size_t k = 0; s[j - 1] == ' ' && k < sizeof bys / sizeof bys[0]; k++) {
			size_t m = strlen(bys[k]);

			if (j + m <= n && memcmp(s + j, bys[k], m) == 0 &&
			    (j + m == n || strchr(" (<", s[j + m]) != NULL))
				return true;
		}
	return false;
}

/* A pager's line printed as text ("Page 2 of 4", "Seite 2 von 3",
 * "« Previous 1 2 3 Next »", "Pages: 1 2 3 4"): a page's word, its
 * number and perhaps a short word or a slash and the count; or three
 * numbers running up one by one among at most two words.  A sentence
 * counting anything else ("2 of 4 voted") opens on no page's word and
 * runs no numbers so. */
static bool
pager(const char *s, size_t n)
{
	static const char *const pages[] = {
		"page", "pages", "seite", "seiten", "p\xc3\xa1gina", "pagina", "strona", "sida",
		"side", "sayfa",
		"\xd1\x81\xd1\x82\xd1\x80\xd0\xb0\xd0\xbd\xd0\xb8\xd1\x86\xd0\xb0", /* страница */
	};
	char kind[16];          /* per token: 'n' number, 'w' word, 's' sign */
	size_t nt = 0, nw = 0, run = 1, best = 0, w0 = 0;
	long last = -1;

	if (n > 80)
		return false;
	for (size_t i = 0, k; i < n; i = k) {
		bool digits = true;

		while (i < n && s[i] == ' ')
			i++;
		if (i == n)
			break;
		if (nt == sizeof kind)
			return false;
		for (k = i; k < n && s[k] != ' '; k++)
			digits = digits && isdigit((unsigned char)s[k]);
		/* A page's number has no leading zero ("Versions: 00 01 02"). */
		if (digits && s[i] == '0')
			return false;
		if (digits) {
			long v = strtol(s + i, NULL, 10);

			run = v == last + 1 ? run + 1 : 1;
			best = run > best ? run : best;
			last = v;
			kind[nt++] = 'n';
		} else if (holds(s + i, k - i, uc_is_alpha)) {
			/* The first word, its colon aside ("Pages:"). */
			if (nt == 0)
				w0 = k - i - (k - i > 1 && s[k - 1] == ':');
			nw++;
			kind[nt++] = 'w';
		} else {
			kind[nt++] = 's';
		}
	}
	if (best >= 3 && nw <= 2)
		return true;
	if (nt < 2 || kind[0] != 'w' || kind[1] != 'n' ||
	    !(nt == 2 || (nt == 4 && kind[3] == 'n')))
		return false;
	for (size_t j = 0; j < sizeof pages / sizeof pages[0]; j++)
		if (strlen(pages[j]) == w0 && starts(s, w0, pages[j]))
			return true;
	return false;
}

/* A slideshow's count on its first picture: a line of "1 of 8",
 * "Image 1 of 8", "1 / 8" (a word, the number, a short word or a slash
 * and the count, nothing else).  A widget showing one picture at a time
 * prints it in each of its bars, all on the first picture; a post of
 * numbered pictures counts each once ("1 of 6", "2 of 6"...). */
static bool
slide_count(const pith_block *blk)
{
	const char *s = blk->text;
	size_t n = blk->len, v[2], nv = 0, nw = 0, gap = 0;

	if (n == 0 || n > 40 || blk->kind == PITH_BLOCK_ROW)
		return false;
	for (size_t i = 0, k; i < n; i = k) {
		while (i < n && s[i] == ' ')
			i++;
		if (i == n)
			break;
		for (k = i; k < n && s[k] != ' '; k++)
			;
		size_t x = 0, j = i;

		while (j < k && isdigit((unsigned char)s[j]) && j - i < 5)
			x = 10 * x + (size_t)(s[j++] - '0');
		if (j == k && j > i) {
			if (nv == 2 || (nv == 1 && gap == 0))
				return false;
			v[nv++] = x;
			gap = 0;
		} else if (nv == 0 && nw == 0 && holds(s + i, k - i, uc_is_alpha)) {
			nw++;
		} else if (nv == 1 && gap < 2 && k - i <= 3 &&
		    ((k - i == 1 && s[i] == '/') || holds(s + i, k - i, uc_is_alpha))) {
			gap++;
		} else {
			return false;
		}
	}
	return nv == 2 && v[0] == 1 && v[1] >= 1;
}

/* A slide's heading in a gallery of them: "7/50" and its title
 * ("7/50 The harbour at dawn").  Each slide counts once, and a box of
 * two or more is a slideshow, unless it holds the article's paragraphs
 * (see the slideshow rule): a gallery that is the story stays. */
static bool
slide_heading(const pith_block *blk)
{
	const char *s = blk->text;
	size_t n = blk->len, i = 0, k = 0, m = 0;

	if (blk->kind != PITH_BLOCK_HEADING)
		return false;
	for (; i < n && i < 5 && isdigit((unsigned char)s[i]); i++)
		k = 10 * k + (size_t)(s[i] - '0');
	if (i == 0 || i == n || s[i++] != '/')
		return false;
	for (size_t j = i; i < n && i - j < 5 && isdigit((unsigned char)s[i]); i++)
		m = 10 * m + (size_t)(s[i] - '0');
	return k >= 1 && m >= 2 && k <= m && i + 1 < n && s[i] == ' ' &&
	    !isdigit((unsigned char)s[i + 1]);
}

/* A pager's line set among its links ("Page précédente | Page 2 sur 3
 * | Page suivante", "« Back · Seite 2 von 3 · Next »"): its words out
 * of links, the signs between them aside, are a pager's line (see
 * pager).  A sentence linking a word or two leaves a sentence. */
static bool
linked_pager(const pith_block *blk)
{
	char t[81];
	size_t m = 0, links = 0;

	if (blk->len > 240)
		return false;
	for (size_t i = 0, k; i < blk->len; i = k) {
		bool linked = false;

		while (i < blk->len && blk->text[i] == ' ')
			i++;
		for (k = i; k < blk->len && blk->text[k] != ' '; k++)
			;
		for (size_t j = 0; j < blk->nruns && !linked; j++)
			linked = (blk->runs[j].style & PITH_STYLE_LINK) && blk->runs[j].start <= i &&
			    i < blk->runs[j].start + blk->runs[j].len;
		links += linked;
		/* Only words and numbers: the bars and arrows go. */
		if (linked || k == i || !holds(blk->text + i, k - i, uc_is_alnum))
			continue;
		if (m + (k - i) + 1 > sizeof t)
			return false;
		if (m > 0)
			t[m++] = ' ';
		memcpy(t + m, blk->text + i, k - i);
		m += k - i;
	}
	return links > 0 && m > 0 && pager(t, m);
}

/* A counter under a story: one or two words and a number in
 * parentheses ("Comments (12)", "Bình luận (0)"), or a view count's
 * word, a colon, the number and perhaps its unit ("Просмотров: 1 234",
 * "Dibaca: 2.345 kali", "浏览：2341次"); a fact's line ("Total time:
 * 15 minutes", "Rating: 10") has other words. */
static bool
counter(const char *s, size_t n)
{
	static const char *const views[] = {
		"views", "\xd0\xbf\xd1\x80\xd0\xbe\xd1\x81\xd0\xbc\xd0\xbe\xd1\x82\xd1\x80\xd0\xbe\xd0\xb2", /* просмотров */
		"\xd0\xbf\xd0\xb5\xd1\x80\xd0\xb5\xd0\xb3\xd0\xbb\xd1\x8f\xd0\xb4\xd1\x96\xd0\xb2", /* переглядів */
		"okunma", "dibaca", "l\xc6\xb0\xe1\xbb\xa3t xem", /* lượt xem */
		("visualiza\xc3\xa7\xc3\xb5" "es"), "\xd8\xa8\xd8\xa7\xd8\xb2\xd8\xaf\xdb\x8c\xd8\xaf", /* بازدید */
		"\xe6\xb5\x8f\xe8\xa7\x88", /* 浏览 */ "\xe9\x98\x85\xe8\xaf\xbb", /* 阅读 */
	};
	size_t i = 0, nw = 0, digits = 0, k;
	bool paren;

	while (i < n && s[i] != ':' && s[i] != '(' && !starts(s + i, n - i, "\xef\xbc\x9a")) {
		if (isdigit((unsigned char)s[i]))
			return false;
		nw += (i == 0 || s[i - 1] == ' ') && s[i] != ' ';
		i++;
	}
	if (i == n || nw == 0 || nw > 2)
		return false;
	paren = s[i] == '(';
	for (k = 0; !paren && k < sizeof views / sizeof views[0]; k++)
		if (starts(s, n, views[k]) && strlen(views[k]) >= i - (s[i - 1] == ' '))
			break;
	if (!paren && k == sizeof views / sizeof views[0])
		return false;
	i += s[i] == ':' || paren ? 1 : 3;
	while (i < n && (isdigit((unsigned char)s[i]) || strchr(" .,", s[i]) != NULL ||
	    starts(s + i, n - i, "\xc2\xa0")))
		digits += isdigit((unsigned char)s[i]) != 0, i++;
	if (digits == 0 || (paren && (i == n || s[i++] != ')')))
		return false;
	/* The unit: one word ("kali", "раз", "次"). */
	while (i < n && s[i] != ' ' && !isdigit((unsigned char)s[i]) && !strchr(".!?:", s[i]))
		i++;
	return i == n;
}

/* Short lines that say who, when or what a picture is, or that an ad
 * sits here: the article's furniture, not its text.  Judged on the
 * text, for the pages whose class names say nothing.  The words are
 * the few each language's newsrooms print (starts() folds their case). */
static const char *
label(const rd *r, size_t b)
{
	static const char *const ads[] = {
		"advert", "advertisement", "advertising", "sponsored", "ad",
		"anzeige", "werbung", "publicit\xc3\xa9", "publicidad", "publicidade",
		"pubblicit\xc3\xa0", "advertentie", "reklama", "annons", "annonse",
		"\xd0\xa0\xd0\xb5\xd0\xba\xd0\xbb\xd0\xb0\xd0\xbc\xd0\xb0", /* Реклама */
		"reklam", "iklan", "qu\xe1\xba\xa3ng c\xc3\xa1o",
		"\xce\xb4\xce\xb9\xce\xb1\xcf\x86\xce\xae\xce\xbc\xce\xb9\xcf\x83\xce\xb7", /* διαφήμιση */
		"\xd8\xa5\xd8\xb9\xd9\x84\xd8\xa7\xd9\x86", /* إعلان */
		"\xd8\xaa\xd8\xa8\xd9\x84\xdb\x8c\xd8\xba\xd8\xa7\xd8\xaa", /* تبلیغات */
		"\xe0\xa4\xb5\xe0\xa4\xbf\xe0\xa4\x9c\xe0\xa5\x8d\xe0\xa4\x9e\xe0\xa4\xbe\xe0\xa4\xaa\xe0\xa4\xa8", /* विज्ञापन */
		"\xce\x94\xce\x99\xce\x91\xce\xa6\xce\x97\xce\x9c\xce\x99\xce\xa3\xce\x97", /* ΔΙΑΦΗΜΙΣΗ: capitals drop the accent */
	};
	static const char *const dates[] = {
		"published", "updated", "last updated", "first published", "posted",
		"modified", "ver\xc3\xb6""ffentlicht", "aktualisiert", "publi\xc3\xa9",
		"mis \xc3\xa0 jour", "publicado", "actualizado", "atualizado",
		"pubblicato", "aggiornato", "gepubliceerd", "bijgewerkt", "opublikowano",
		"zaktualizowano", "publicerad", "uppdaterad", "publisert", "oppdatert",
		"udgivet", "opdateret", "zuletzt aktualisiert", "derni\xc3\xa8re mise \xc3\xa0 jour",
		"\xc3\x9a""ltima actualizaci\xc3\xb3n", "\xc3\x9a""ltima atualiza\xc3\xa7\xc3\xa3o",
		"ultimo aggiornamento",
		"\xd0\x9e\xd0\xbf\xd1\x83\xd0\xb1\xd0\xbb\xd0\xb8\xd0\xba\xd0\xbe\xd0\xb2\xd0\xb0\xd0\xbd\xd0\xbe", /* Опубликовано */
		"\xd0\x9e\xd0\xb1\xd0\xbd\xd0\xbe\xd0\xb2\xd0\xbb\xd0\xb5\xd0\xbd\xd0\xbe", /* Обновлено */
		"giri\xc5\x9f", "g\xc3\xbcncelleme", "son g\xc3\xbcncelleme", "yay\xc4\xb1nlanma", "yay\xc4\xb1n tarihi",
		"\xce\xb4\xce\xb7\xce\xbc\xce\xbf\xcf\x83\xce\xb9\xce\xb5\xcf\x8d\xce\xb8\xce\xb7\xce\xba\xce\xb5", /* δημοσιεύθηκε */
		"\xce\xb5\xce\xbd\xce\xb7\xce\xbc\xce\xb5\xcf\x81\xcf\x8e\xce\xb8\xce\xb7\xce\xba\xce\xb5", /* ενημερώθηκε */
		"\xd8\xaa\xd8\xa7\xd8\xb1\xd9\x8a\xd8\xae \xd8\xa7\xd9\x84\xd9\x86\xd8\xb4\xd8\xb1", /* تاريخ النشر */
		"\xd8\xa2\xd8\xae\xd8\xb1 \xd8\xaa\xd8\xad\xd8\xaf\xd9\x8a\xd8\xab", /* آخر تحديث */
		"\xd8\xaa\xd8\xa7\xd8\xb1\xdb\x8c\xd8\xae \xd8\xa7\xd9\x86\xd8\xaa\xd8\xb4\xd8\xa7\xd8\xb1", /* تاریخ انتشار */
		"diperbarui", "dipublikasikan", "diterbitkan",
		"c\xe1\xba\xadp nh\xe1\xba\xadt", "ng\xc3\xa0y \xc4\x91\xc4\x83ng", /* cập nhật, ngày đăng */
		"\xe0\xa4\xaa\xe0\xa5\x8d\xe0\xa4\xb0\xe0\xa4\x95\xe0\xa4\xbe\xe0\xa4\xb6\xe0\xa4\xbf\xe0\xa4\xa4", /* प्रकाशित */
		"\xe0\xa4\x85\xe0\xa4\xaa\xe0\xa4\xa1\xe0\xa5\x87\xe0\xa4\x9f", /* अपडेट */
		"\xe0\xa4\x85\xe0\xa4\xaa\xe0\xa4\xa1\xe0\xa5\x87\xe0\xa4\x9f\xe0\xa5\x87\xe0\xa4\xa1", /* अपडेटेड */

		"\xec\x9e\x85\xeb\xa0\xa5", /* 입력 */ "\xec\x88\x98\xec\xa0\x95", /* 수정 */
		"\xeb\x93\xb1\xeb\xa1\x9d", /* 등록 */ "\xea\xb8\xb0\xec\x82\xac\xec\x9e\x85\xeb\xa0\xa5", /* 기사입력 */
		"\xec\xb5\x9c\xec\xa2\x85\xec\x88\x98\xec\xa0\x95", /* 최종수정 */
		"\xec\x97\x85\xeb\x8d\xb0\xec\x9d\xb4\xed\x8a\xb8", /* 업데이트 */
		"\xe5\x8f\x91\xe5\xb8\x83\xe6\x97\xb6\xe9\x97\xb4", /* 发布时间 */
		"\xe5\x8f\x91\xe5\xb8\x83\xe6\x97\xa5\xe6\x9c\x9f", /* 发布日期 */
		"\xe6\x9b\xb4\xe6\x96\xb0\xe6\x97\xb6\xe9\x97\xb4", /* 更新时间 */
		"\xe7\x99\xbc\xe5\xb8\x83\xe6\x99\x82\xe9\x96\x93", /* 發布時間 */
		"\xe6\x9b\xb4\xe6\x96\xb0\xe6\x99\x82\xe9\x96\x93", /* 更新時間 */
		"\xe5\x85\xac\xe9\x96\x8b\xe6\x97\xa5", /* 公開日 */ "\xe6\x9b\xb4\xe6\x96\xb0\xe6\x97\xa5", /* 更新日 */
		"\xe6\x8a\x95\xe7\xa8\xbf\xe6\x97\xa5", /* 投稿日 */ "\xe9\x85\x8d\xe4\xbf\xa1\xe6\x97\xa5", /* 配信日 */
		"\xe6\x8e\xb2\xe8\xbc\x89\xe6\x97\xa5", /* 掲載日 */
	};
	static const char *const credits[] = {
		"photo", "image", "credit", "photograph", "foto",
		"\xd1\x84\xd0\xbe\xd1\x82\xd0\xbe", /* фото */
	};
	static const char *const bys[] = {
		"by ", "von ", "par ", "por ", "di ", "door ", "av ", "af ", "oleh ",
	};
	/* "Penulis: Rina", "كتب: خالد": the word and a colon, as scripts
	 * without capitals cannot mark the name. */
	static const char *const writers[] = {
		"author", "editor", "penulis", "redaktur", "yazar",
		"\xd0\xb0\xd0\xb2\xd1\x82\xd0\xbe\xd1\x80", /* автор */ ("t\xc3\xa1" "c gi\xe1\xba\xa3"), /* tác giả */
		"\xd9\x83\xd8\xaa\xd8\xa8", "\xd8\xa8\xd9\x82\xd9\x84\xd9\x85", /* كتب, بقلم */
		"\xd9\x86\xd9\x88\xdb\x8c\xd8\xb3\xd9\x86\xd8\xaf\xd9\x87", /* نویسنده */
		"\xe0\xa4\xb2\xe0\xa5\x87\xe0\xa4\x96\xe0\xa4\x95", /* लेखक */
	};
	const pith_block *blk = pith_doc_block(r->d, b);
	const char *s = blk->text, *a, *z;
	size_t n = blk->len, nw = 1, nc;
	char end;

	/* Lengths in characters: a Hindi or Greek line takes two or
	 * three bytes a letter.  A row of no data table is a line. */
	if ((blk->kind != PITH_BLOCK_PARA && blk->kind != PITH_BLOCK_ITEM &&
	    (blk->kind != PITH_BLOCK_ROW || data_row(r, b))) || n == 0 || n > 1000 ||
	    (nc = u8_mbsnlen((const uint8_t *)s, n)) > 250)
		return NULL;
	end = s[n - 1];
	/* A line ending in a comma or semicolon goes on in the next: a
	 * verse's or a list's clause ("By Sunday noon the barges pass,"),
	 * never a credit, a byline or a dateline. */
	if (end == ',' || end == ';')
		return NULL;
	for (size_t i = 0; i < n; i++)
		nw += s[i] == ' ';
	/* The label alone, its rules aside ("- Publicidade -", "— Anzeige —"). */
	for (a = s, z = s + n; a < z && strchr(" -*|\xe2\x80\x93\x94", *a); a++)
		;
	while (z > a && strchr(" -*|\xe2\x80\x93\x94", z[-1]))
		z--;
	for (size_t i = 0; i < sizeof ads / sizeof ads[0]; i++)
		if (strlen(ads[i]) == (size_t)(z - a) && starts(a, z - a, ads[i]))
			return ad_why;
	for (size_t i = 0; nc < 120 && i < sizeof dates / sizeof dates[0]; i++)
		if (starts(s, n, dates[i]) && date_gap(s + strlen(dates[i]), n - strlen(dates[i])) &&
		    holds(s, n, is_digit))
			return "dropped: dateline";
	for (size_t i = 0; nc < 100 && nw <= 12 && i < sizeof bys / sizeof bys[0]; i++) {
		size_t k = strlen(bys[i]);

		if (starts(s, n, bys[i]) && capital(s + k, n - k) &&
		    end != '.' && end != '!' && end != '?' && end != '"')
			return byline_why;
	}
	for (size_t i = 0; nw >= 2 && nw <= 6 && i < sizeof writers / sizeof writers[0]; i++)
		if (starts(s, n, writers[i]) && colon(s + strlen(writers[i]), n - strlen(writers[i])) &&
		    end != '.' && end != '!' && end != '?' && end != '"')
			return byline_why;
	if (end == ')' && (strstr(s, "(Image:") || strstr(s, "(Photo:") ||
	    strstr(s, "(Picture:") || strstr(s, "(Credit:")))
		return "dropped: caption line";
	for (size_t i = 0; nc < 150 && i < sizeof credits / sizeof credits[0]; i++)
		if (starts(s, n, credits[i]) && colon(s + strlen(credits[i]), n - strlen(credits[i])))
			return "dropped: caption line";
	if (copyright(s, n))
		return "dropped: copyright";
	if (blk->kind == PITH_BLOCK_PARA && nc < 40 && counter(s, n))
		return "dropped: a counter";
	if (end != '.' && (pager(s, n) || linked_pager(blk)))
		return "dropped: pager";
	if (n < 300 && cjk_credit(s, n, nw))
		return byline_why;
	return NULL;
}

/* The first block of node n's subtree with text (no picture, not
 * empty), or PITH_NONE. */
static size_t
first_text(const rd *r, size_t n)
{
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++)
		if (pith_doc_block(r->d, b)->kind != PITH_BLOCK_IMAGE && r->blen[b] > 0)
			return b;
	return PITH_NONE;
}

/* A table row that is a teaser, its title and excerpt one line: the
 * row opens on a link and ends on a sentence. */
static bool
row_teaser(const pith_block *blk)
{
	for (size_t i = 0; blk->kind == PITH_BLOCK_ROW && i < blk->nruns; i++) {
		const pith_run *u = &blk->runs[i];
		size_t k = 0;

		while (k < u->len && isspace((unsigned char)blk->text[u->start + k]))
			k++;
		if (k < u->len)
			return u->href != NULL && full_stop(blk);
	}
	return false;
}

/* A teaser of another page: a short element whose first text is a
 * link (its title), with perhaps an image and an excerpt. */
static bool
teaser(const rd *r, size_t n)
{
	size_t b;

	if (r->len[n] > TEASER_LEN || r->link[n] <= 0 || (b = first_text(r, n)) == PITH_NONE)
		return false;
	return r->blink[b] >= 0.8 * r->blen[b] || row_teaser(pith_doc_block(r->d, b));
}

/* A card of another page: a picture, a link to that page (on the
 * picture, or laid over the whole card, so its words may be no link at
 * all), and short lines that end no sentence (a kicker, a headline, a
 * cut excerpt, a date).  A section of the article with a picture has
 * prose, and a gallery's pictures are its text. */
static bool
card(const rd *r, size_t n)
{
	size_t end = pith_doc_node(r->d, n)->end;
	bool pic = false;
	const char *h;

	if (r->gallery || r->len[n] > 2 * TEASER_LEN || first_text(r, n) == PITH_NONE)
		return false;
	for (size_t b = r->bfirst[n]; b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		pic |= blk->kind == PITH_BLOCK_IMAGE;
		if (blk->kind != PITH_BLOCK_IMAGE && full_stop(blk))
			return false;
	}
	for (size_t x = n; pic && x < end; x++)
		if (tag(r, x) == GUMBO_TAG_A && (h = attr(r, x, "href")) != NULL &&
		    h[0] != '\0' && h[0] != '#' && strncmp(h, "javascript:", 11) != 0)
			return true;
	return false;
}

/* Drop the kept blocks b0..b1 of parent p, and the heading over them,
 * unless as much of the article follows them as they hold: teasers
 * close an article, a list of linked items inside it is its text.  A
 * run of cards (see card) is no text of it wherever it stands, when
 * the article's prose outside it is twice its size (an index's cards
 * are its content). */
static double
drop_run(rd *r, size_t p, size_t b0, size_t b1, const double *after, bool cards)
{
	const pith_doc *d = r->d;
	double in = 0, dropped = 0;
	size_t h;

	for (size_t b = b0; b <= b1; b++)
		in += r->keep[b] ? r->blen[b] : 0;
	if (after[b1 + 1] > 0.5 * in &&
	    !(cards && after[0] - (after[b0] - after[b1 + 1]) >= 2 * in))
		return 0;
	/* The heading: the last block before the run that is not already
	 * dropped (a few back at most), if it is a heading in p or, over
	 * a box of cards, in p's parent (a box's title in its own wrapper
	 * beside the cards' list). */
	for (h = b0; h > 0 && h + 8 > b0 && !r->keep[h - 1] &&
	    pith_doc_block(d, h - 1)->kind != PITH_BLOCK_HEADING; h--)
		;
	if (h > 0 && r->keep[h - 1] && pith_doc_block(d, h - 1)->kind == PITH_BLOCK_HEADING &&
	    (pith_doc_block(d, h - 1)->node >= p ||
	    (cards && pith_doc_block(d, h - 1)->node >= pith_doc_node(d, p)->parent)))
		b0 = h - 1;
	for (size_t b = b0; b <= b1; b++)
		if (r->keep[b]) {
			r->keep[b] = 0;
			r->why[b] = "dropped: teasers of other pages";
			dropped += r->blen[b];
		}
	return dropped;
}

/* The page's title counts n items as a number of its own ("The 6 best
 * new restaurants", "Die 5 schönsten Wanderwege"): n entries under
 * linked names are the list it promises, not teasers of other pages
 * nor an index's cards.  The title's numbers are read once (prepare). */
static bool
promised(const rd *r, size_t n)
{
	for (size_t i = 0; i < r->ncounts; i++)
		if (r->counts[i] == n)
			return true;
	return false;
}

/* Nodes a and b are alike, or differ in one class word of two or
 * more at the same place: a run's "post0", "post1", "post2", which a
 * site's hashed names (CSS modules) make words wholly apart. */
static bool
alike_but_one(const rd *r, size_t a, size_t b)
{
	const char *x = attr(r, a, "class"), *y = attr(r, b, "class");
	int nw = 0, apart = 0;

	if (alike(r, a, b))
		return true;
	if (x == NULL || y == NULL || tag(r, a) != tag(r, b))
		return false;
	for (;;) {
		size_t i = strspn(x, " \t\n"), j = strspn(y, " \t\n"), m, n;

		x += i;
		y += j;
		if (*x == '\0' || *y == '\0')
			return *x == *y && nw >= 2 && apart <= 1;
		m = strcspn(x, " \t\n");
		n = strcspn(y, " \t\n");
		apart += m != n || strncmp(x, y, m) != 0;
		nw++;
		x += m;
		y += n;
	}
}

/* Teasers of other pages after the article ("You may also like",
 * "Lesen Sie auch", "Você pode gostar"): a run of three or more alike
 * siblings, each a teaser, with little of the article after it.  The
 * structure says it in every language, where class names and headings
 * would need a word list for each.  Returns the text dropped. */
static double
drop_teasers(rd *r)
{
	const pith_doc *d = r->d;
	double dropped = 0, *after;

	/* The article's paragraph text after each block, as kept before
	 * any run is dropped. */
	if ((after = calloc(r->nb + 1, sizeof *after)) == NULL)
		return 0;
	for (size_t b = r->nb; b-- > 0; )
		after[b] = after[b + 1] + (r->keep[b] &&
		    pith_doc_block(d, b)->kind == PITH_BLOCK_PARA ? r->blen[b] : 0);
	for (size_t p = 0; p < r->nn; p++) {
		if (budget_tick(r->time))
			break;
		/* A list kept whole holds the article's notes (keep_notes). */
		if (!(r->flags[p] & N_IN) || r->kids[p] < 3 || word_list(r, p) ||
		    ((tag(r, p) == GUMBO_TAG_UL || tag(r, p) == GUMBO_TAG_OL) &&
		    (r->flags[p] & N_KEEP)))
			continue;
		for (size_t c = p + 1; c < pith_doc_node(d, p)->end; ) {
			size_t run = 0, cards = 0, last = c, e;

			for (e = c; e < pith_doc_node(d, p)->end && alike_but_one(r, e, c);
			    e = pith_doc_node(d, e)->end) {
				bool k = card(r, e);

				if (!k && !teaser(r, e))
					break;
				cards += k;
				run++;
				last = e;
			}
			if (run < 3) {
				c = pith_doc_node(d, c)->end;
				continue;
			}
			if (!promised(r, run))
				dropped += drop_run(r, p, r->bfirst[c], r->blast[last], after,
				    cards == run);
			c = e;
		}
	}
	free(after);
	return dropped;
}

#define THREAD_WHY COMMENTS_WHY "(after a heading or anchor named so)"

/* The first block of p's own loose text after node x, or PITH_NONE.
 * Old pages write each comment as bare text and <br> in the story's
 * own box after the anchor ("<a name=comments></a><b>Ann</b><br>..."):
 * that text belongs to p, not to a node after x, and only the token
 * stream orders it against x.  The stream is made only for such a page.
 * A block that opened before x (the story's last words run into the
 * anchor) stays. */
static size_t
loose_after(const rd *r, size_t p, size_t x)
{
	const pith_token *t;
	size_t nt, i = 0;
	bool loose = false;

	for (size_t b = r->bfirst[p]; b != PITH_NONE && b <= r->blast[p] && !loose; b++)
		loose = pith_doc_block(r->d, b)->node == p;
	if (!loose || (nt = pith_doc_ntokens(r->d)) == 0 ||
	    (t = pith_doc_tokens(r->d)) == NULL)
		return PITH_NONE;
	while (i < nt && !(t[i].kind == PITH_TOKEN_TAG && t[i].node == x))
		i++;
	for (; i < nt; i++)
		if (t[i].kind != PITH_TOKEN_TAG && t[i].block != PITH_NONE)
			return t[i].start == 0 ? t[i].block : t[i].block + 1;
	return PITH_NONE;
}

enum { RUN_MIN = 5, RATED_MIN = 3 };

/* Block b is an author's line under a comment: short, with a digit (a
 * date), ending no sentence ("Posted by: Ann at May 7, 2012 5:33 PM"). */
static bool
signature(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	return blk->len > 0 && blk->len < 80 && strchr(".?!", blk->text[blk->len - 1]) == NULL &&
	    holds(blk->text, blk->len, is_digit);
}

/* Block blk opens with a link before any word: a trackback's linked
 * title ("» <a>Title</a> from a blog"), another post's teaser, not a
 * reader's words. */
static bool
tracked(const pith_block *blk)
{
	for (size_t i = 0; i < blk->nruns; i++) {
		if (blk->runs[i].href != NULL)
			return true;
		if (holds(blk->text + blk->runs[i].start, blk->runs[i].len, uc_is_alnum))
			break;
	}
	return false;
}

/* The siblings after heading x, up to the next heading, are readers'
 * comments written loose (TypePad: each comment's <p>s, then its
 * "Posted by: Ann | May 7, 2012" line): RUN_MIN or more signature lines
 * alike, each after a sentence of its own.  Each sibling is looked at from
 * the one heading before it: linear. */
static bool
signed_loose(const rd *r, size_t x)
{
	size_t k = 0, first = PITH_NONE;
	bool said = false;

	for (size_t s = sibling_after(r, x); s != PITH_NONE && k < RUN_MIN &&
	    !(tag(r, s) >= GUMBO_TAG_H1 && tag(r, s) <= GUMBO_TAG_H6); s = sibling_after(r, s)) {
		size_t b = r->bfirst[s];

		if (b == PITH_NONE)
			continue;
		if (b == r->blast[s] && signature(r, b) && named_box(r, s) &&
		    (first == PITH_NONE || alike(r, s, first))) {
			first = first == PITH_NONE ? s : first;
			k += said;
			said = false;
		} else if (r->bsentence[r->blast[s]] &&
		    (said || !tracked(pith_doc_block(r->d, b))))
			said = true;
	}
	return k >= RUN_MIN;
}

/* Block b is prose the article keeps so far. */
static bool
kept_prose(const rd *r, const char **dwhy, size_t b)
{
	size_t n = pith_doc_block(r->d, b)->node;

	return n != PITH_NONE && (r->flags[n] & N_IN) && dwhy[n] == NULL && prose_block(r, b);
}

/* Block b is the headline or below it: before it lie the page's head
 * and the kicker, not the post. */
static bool
after_title(const rd *r, size_t b)
{
	return r->title_block == PITH_NONE || b >= r->title_block;
}

/* A heading, or an anchor to jump to (no href), named for the readers'
 * comments ("<h2 id=comments>", "<a name=commentSection>") opens them
 * where their own elements are not named so (Movable Type, TypePad,
 * old CMSs: a run of <div id=c169900>): it and the elements after it
 * in its parent go. */
static void
drop_thread(rd *r, const char **dwhy)
{
	const pith_doc *d = r->d;
	size_t post = PITH_NONE;

	/* The post's first paragraph of prose kept, after the headline:
	 * loose comments follow it (letters signed alike are the article,
	 * their first prose). */
	for (size_t b = 0; b < r->nb && post == PITH_NONE; b++)
		if (kept_prose(r, dwhy, b) && after_title(r, b))
			post = b;

	for (size_t n = 0; n < r->nn; n++) {
		GumboTag t = tag(r, n);
		size_t p = pith_doc_node(d, n)->parent;

		bool named = r->cls[n] & C_THREAD;

		if (!(r->flags[n] & N_IN) || p == PITH_NONE ||
		    !((t >= GUMBO_TAG_H1 && t <= GUMBO_TAG_H6) ||
		    (named && t == GUMBO_TAG_A && attr(r, n, "href") == NULL)))
			continue;
		/* A heading in a wrapper of its own ("<div class=x><h2
		 * id=comments>"), or the anchor in a heading ("<h2><a
		 * id=comments></a>Comments</h2>"): the comments follow the
		 * wrapper or the heading. */
		size_t x = n;

		if (t == GUMBO_TAG_A && tag(r, p) >= GUMBO_TAG_H1 && tag(r, p) <= GUMBO_TAG_H6 &&
		    (r->flags[p] & N_IN) && pith_doc_node(d, p)->parent != PITH_NONE) {
			x = p;
			p = pith_doc_node(d, p)->parent;
		}
		while (r->kids[p] == 1 && r->len[p] == r->len[x] && (r->flags[p] & N_IN) &&
		    pith_doc_node(d, p)->parent != PITH_NONE) {
			x = p;
			p = pith_doc_node(d, p)->parent;
		}
		/* The policy's "Comments" section, more sections after it. */
		if ((x == n && id_kin(r, n, 1) >= 2) || (!named && (post == PITH_NONE ||
		    r->bfirst[x] == PITH_NONE ||
		    r->bfirst[x] < post || !signed_loose(r, x))))
			continue;
		for (size_t s = x; s < pith_doc_node(d, p)->end; s++)
			if (dwhy[s] == NULL)
				dwhy[s] = THREAD_WHY;
		if (r->thread_node == PITH_NONE) {
			r->thread_node = p;
			r->thread_block = loose_after(r, p, x);
		}
		/* All after it in p is dropped: later headings there add
		 * nothing (and a page of them must stay linear). */
		n = pith_doc_node(d, p)->end - 1;
	}
}

#define FLAT_WHY COMMENTS_WHY "(a run of short posts alike after the post)"

/* Line s[0..n) ends on an initial ("Lin W.", "J."): a name's full
 * stop, not a sentence's. */
static bool
initial(const char *s, size_t n)
{
	return n >= 2 && s[n - 1] == '.' && isupper((unsigned char)s[n - 2]) &&
	    (n == 2 || s[n - 3] == ' ');
}

/* Picture n is drawn at most AVATAR_MAX pixels square, or named so (on
 * itself or its link or wrapper). */
static bool
small_picture(const rd *r, size_t n)
{
	enum { AVATAR_MAX = 100 };
	const char *w = attr(r, n, "width"), *h = attr(r, n, "height");
	size_t p = pith_doc_node(r->d, n)->parent;

	if ((r->cls[n] & C_AVATAR) || (p != PITH_NONE && (r->cls[p] & C_AVATAR)))
		return true;
	return w != NULL && h != NULL && atoi(w) > 0 && atoi(w) <= AVATAR_MAX &&
	    atoi(h) > 0 && atoi(h) <= AVATAR_MAX;
}

/* Box c opens with its author's picture: the first of its blocks, a
 * small one, its alt empty or naming the line after it ("Ann", "Ann's
 * avatar").  A photo stream's pictures are large, or its text (a
 * gallery's captions). */
static bool
avatar(const rd *r, size_t c)
{
	size_t b = r->bfirst[c], n = c + 1, end = pith_doc_node(r->d, c)->end;
	const pith_block *blk = pith_doc_block(r->d, b), *next;

	if (r->gallery || blk->kind != PITH_BLOCK_IMAGE || b >= r->blast[c] || blk->len >= 80)
		return false;
	/* The picture's element: among the box's first few (in a link, a
	 * wrapper), a bounded look. */
	while (n < end && n <= c + 4 && tag(r, n) != GUMBO_TAG_IMG)
		n++;
	if (n >= end || tag(r, n) != GUMBO_TAG_IMG)
		return false;
	next = pith_doc_block(r->d, b + 1);
	/* A picture sized by the style sheet alone is its author's when
	 * its alt names the name under it and says more ("Priya N.'s
	 * picture", where a card's alt repeats its title or is empty), and
	 * a date follows: a short name line that ends no sentence, then a
	 * short line with a digit. */
	if (!small_picture(r, n)) {
		const pith_block *when = b + 2 <= r->blast[c] ? pith_doc_block(r->d, b + 2) : NULL;

		if (attr(r, n, "width") != NULL || attr(r, n, "height") != NULL || when == NULL ||
		    next->len == 0 || next->len >= 40 || when->len >= 40 || blk->len <= next->len ||
		    !str_has_icase(blk->text, next->text) ||
		    (strchr(".?!", next->text[next->len - 1]) != NULL && !initial(next->text, next->len)) ||
		    !holds(when->text, when->len, is_digit))
			return false;
	}
	return blk->len == 0 || (next->len > 0 &&
	    (str_has_icase(blk->text, next->text) || str_has_icase(next->text, blk->text)));
}

/* The term over <dd> c, its author's line ("1. Ann - May 7, 2012"), or
 * PITH_NONE: a definition list of comments signs each above its text,
 * where a glossary's term has no date. */
static size_t
signed_above(const rd *r, size_t c)
{
	size_t t;

	if (tag(r, c) != GUMBO_TAG_DD || (t = sibling_before(r, c)) == PITH_NONE ||
	    tag(r, t) != GUMBO_TAG_DT || r->bfirst[t] == PITH_NONE || r->bfirst[t] != r->blast[t] ||
	    !signature(r, r->bfirst[t]))
		return PITH_NONE;
	return t;
}

/* The line box c opens with, its author's: its first block (after the
 * author's picture) when it has more, else the link its text opens
 * with; NULL when neither. */
static const char *
opening(const rd *r, size_t c, size_t *n)
{
	size_t t = signed_above(r, c), f;
	const pith_block *blk;

	/* A term signs the text under it (see signed_above). */
	if (t != PITH_NONE) {
		blk = pith_doc_block(r->d, r->bfirst[t]);
		*n = blk->len;
		return blk->text;
	}
	f = r->bfirst[c] + avatar(r, c);
	blk = pith_doc_block(r->d, f);

	if (r->blast[c] > f) {
		*n = blk->len;
		return blk->text;
	}
	if (blk->nruns == 0 || blk->runs[0].start != 0 || blk->runs[0].href == NULL)
		return NULL;
	*n = blk->runs[0].len;
	return blk->text;
}

enum { REMARK_BLOCKS = 32 };

/* Box c closes on its author's line, under its text (past a rule):
 * "Posted by: Ann on May 7, 2012 01:15 PM". */
static bool
signed_off(const rd *r, size_t c)
{
	size_t b = r->blast[c];

	while (b > r->bfirst[c] && pith_doc_block(r->d, b)->len == 0)
		b--;
	return b > r->bfirst[c] && signature(r, b);
}

/* The signature line after unnamed box c, its author's: a named box
 * of one block right after it (Movable Type's "<div id=c169900>" of
 * text, then "<p class=posted>Posted by: ..."), or PITH_NONE.  The
 * signature's name makes the pair one of a kind. */
static size_t
signed_by(const rd *r, size_t c)
{
	size_t s = sibling_after(r, c);

	if (named_box(r, c) || s == PITH_NONE || !named_box(r, s) || r->bfirst[c] == PITH_NONE ||
	    r->bfirst[s] == PITH_NONE || r->bfirst[s] != r->blast[s] || !signature(r, r->bfirst[s]))
		return PITH_NONE;
	return tracked(pith_doc_block(r->d, r->bfirst[c])) ? PITH_NONE : s;
}

/* Box c could be a reader's comment: named (or signed, see
 * signed_by), shorter than max and of
 * few blocks (which bounds the look), a sentence or two
 * with few links, no heading or picture of its own (a FAQ's, a live
 * blog's or a how-to's item has one) but its author's, opened by a
 * short line that ends no sentence (a name, not a FAQ's question).  A
 * paragraph cut into boxes has no such line. */
static bool
remark_within(const rd *r, size_t c, double max)
{
	const char *s;
	size_t n;
	bool stars, below, above;

	if (tag(r, c) == GUMBO_TAG_P || r->len[c] >= max ||
	    r->bfirst[c] == PITH_NONE || r->blast[c] - r->bfirst[c] >= REMARK_BLOCKS ||
	    (r->flags[c] & N_BOX))
		return false;
	below = signed_by(r, c) != PITH_NONE;
	above = signed_above(r, c) != PITH_NONE;
	if (!named_box(r, c) && !below && !above)
		return false;
	/* A customer's review is one under its stars, whatever its
	 * title ("Love it!", a heading of its own). */
	stars = rated(r, c);
	/* A box signed below (or above) needs no author's line on top. */
	if (!stars && !below && !above && !signed_off(r, c) &&
	    ((s = opening(r, c, &n)) == NULL || n == 0 || n >= 80 ||
	    (strchr(".?!", s[n - 1]) != NULL && !initial(s, n))))
		return false;
	/* Its author's lines may be headings ("<h3>Ann says:</h3><h4>on
	 * May 7, 2012</h4>"): the opening, when a dated line follows it. */
	size_t f = r->bfirst[c] + avatar(r, c);
	bool own = f < r->blast[c] && signature(r, f + 1);

	for (size_t b = f; b <= r->blast[c]; b++) {
		pith_block_kind k = pith_doc_block(r->d, b)->kind;

		if ((k == PITH_BLOCK_HEADING && !stars && !(own && b <= f + 1)) ||
		    k == PITH_BLOCK_IMAGE || k == PITH_BLOCK_CAPTION)
			return false;
	}
	/* A line under a dated term is a reader's, sentence or not ("1st!"). */
	return (sentences(r, c) > 0 || above) && density(r, c) < 0.25;
}

enum { MARK_ANY = 1, MARK_DAY = 2 };

/* The marks box c bears in lines not of its prose: MARK_ANY a digit or
 * a star (a date, a time or a rating), MARK_DAY a digit in a line that
 * rates nothing (a date or a time).  One pass for both. */
static unsigned
dated(const rd *r, size_t c)
{
	size_t f = r->bfirst[c] + avatar(r, c);
	unsigned m = 0;

	for (size_t b = f; b <= r->blast[c] && m != (MARK_ANY | MARK_DAY); b++) {
		const pith_block *blk = pith_doc_block(r->d, b);
		bool star, digit;

		if (!(b == f && b == r->blast[c]) && prose_block(r, b))
			continue;
		star = holds(blk->text, blk->len, is_star);
		digit = holds(blk->text, blk->len, is_digit);
		m |= digit || star ? MARK_ANY : 0;
		m |= digit && !star && !score_line(blk->text, blk->len) ? MARK_DAY : 0;
	}
	return m;
}

/* Boxes a and b open with the same line but for its numbers: a
 * how-to's "Step 1" and "Step 2", a live blog's times, a timeline's
 * years. */
static bool
same_opening(const rd *r, size_t a, size_t b)
{
	size_t n = 0, m = 0;
	const char *x = opening(r, a, &n), *y = opening(r, b, &m);
	bool digit;

	/* Ratings alike open reviews, not a how-to's steps. */
	return x != NULL && y != NULL && !rated(r, a) && digits_apart(x, n, y, m, &digit);
}

/* Text s opens on a clock's time ("00:03:44 CHAIR DIAZ", "[12:30]"):
 * a transcript's or a hearing's turn, timed from the start of the
 * record.  A comment opens on its author, its date after the name. */
static bool
clock_at(const char *s, size_t n)
{
	size_t i = 0, d;

	i += n > 0 && (s[0] == '[' || s[0] == '(');
	for (int part = 0; part < 3; part++) {
		for (d = 0; i < n && isdigit((unsigned char)s[i]); i++)
			d++;
		if (d == 0 || d > 2 || (part > 0 && d != 2))
			return false;
		if (part > 0 && (i == n || s[i] != ':'))
			return i == n || !isdigit((unsigned char)s[i]);
		if (i == n || s[i] != ':')
			return false;
		i++;
	}
	return false;
}

/* Box c opens on a clock's time (see clock_at). */
static bool
clocked(const rd *r, size_t c)
{
	size_t n = 0;
	const char *s = opening(r, c, &n);

	return s != NULL && clock_at(s, n);
}

/* The one number a short heading holds ("Kommentare (4)", "3
 * commentaires"), or 0. */
static size_t
heading_count(const pith_block *h)
{
	enum { HEADING_MAX = 40 };
	size_t v[2];

	return h->kind == PITH_BLOCK_HEADING && h->len < HEADING_MAX &&
	    numbers(h->text, h->len, v, 2) == 1 ? v[0] : 0;
}

/* Box t is a thread of signed remarks, whatever its names: RUN_MIN or
 * more author's lines alike (see signature), each dated (two numbers
 * or more: a day and a year, an hour and its minutes, where a step's
 * or a photo's line has one), a sentence between each and the next,
 * at most one paragraph of prose before the first (a remark signed
 * below it), no heading after it but those lines.  Every reader's
 * comment is signed so; a post's paragraphs are not, a post with its
 * comments has more prose before them, a list of products, places or
 * shows heads each item (its price or its address is no date), and a
 * transcript's turns open on the clock. */
static bool
signed_run(const rd *r, size_t t)
{
	size_t k = 0, first = PITH_NONE, prose = 0, clocks = 0, v[2];
	bool said = false;

	for (size_t b = r->bfirst[t]; b != PITH_NONE && b <= r->blast[t]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->node != PITH_NONE && signature(r, b) &&
		    numbers(blk->text, blk->len, v, 2) == 2 &&
		    (first == PITH_NONE || alike(r, blk->node, first))) {
			first = blk->node;
			k += said;
			clocks += said && clock_at(blk->text, blk->len);
			said = false;
		} else if ((first == PITH_NONE && prose_block(r, b) && ++prose > 1) ||
		    (first != PITH_NONE && blk->kind == PITH_BLOCK_HEADING)) {
			return false;
		} else if (r->bsentence[b]) {
			said = true;
		}
	}
	return k >= RUN_MIN && 2 * clocks < k;
}

/* The box of p's children that holds block b: the post's, beside a
 * thread after it; p itself when that box is the block alone (a
 * headline, the post's text loose after it in p). */
static size_t
post_box(const rd *r, size_t p, size_t b)
{
	size_t c = pith_doc_block(r->d, b)->node;

	while (c != p && pith_doc_node(r->d, c)->parent != p)
		c = pith_doc_node(r->d, c)->parent;
	return c != p && r->nblk[c] > 1 ? c : p;
}

/* A top that is a thread of signed remarks (see signed_run) outscores
 * a short post above it when no class names the thread: in the nearest
 * box around it (a few levels up) holding a paragraph of prose before
 * it, else a headline that counts nothing ("12 comments" heads the
 * thread), the box holding that block is the article (see post_box),
 * the thread dropped (a try that gathers the post's siblings would
 * take it as the post's part).  Each level looks at its
 * blocks before the last level's: linear.  Else top. */
static size_t
signed_post(rd *r, size_t top)
{
	enum { POST_UP = 4 };
	const pith_doc *d = r->d;
	size_t a, up, from = r->bfirst[top], head = PITH_NONE, post = PITH_NONE;
	bool in;

	if (from == PITH_NONE || !signed_run(r, top))
		return top;
	for (a = pith_doc_node(d, top)->parent, up = 0; post == PITH_NONE && a != PITH_NONE &&
	    a != r->body && tag(r, a) != GUMBO_TAG_HTML && up < POST_UP;
	    from = r->bfirst[a], a = pith_doc_node(d, a)->parent, up++) {
		for (size_t b = r->bfirst[a]; b < from && post == PITH_NONE; b++) {
			const pith_block *blk = pith_doc_block(d, b);

			if (blk->node == PITH_NONE || (r->flags[blk->node] & (N_HIDDEN | N_UNLIKELY)))
				continue;
			if (prose_block(r, b))
				post = post_box(r, a, b);
			else if (head == PITH_NONE && blk->kind == PITH_BLOCK_HEADING &&
			    blk->level <= 3 && heading_count(blk) == 0)
				head = post_box(r, a, b);
		}
	}
	post = post != PITH_NONE ? post : head;
	if (post == PITH_NONE)
		return top;
	/* A post of a picture and its share bar says nothing a reader
	 * would: the thread stays the answer, and a stricter try's.  A
	 * post with a sentence of its own, or as long as a short story
	 * (lines without a full stop: a list, a caption), says more. */
	in = inside(r, top, post);
	if (sentences(r, post) - (in ? sentences(r, top) : 0) <= 0 &&
	    r->len[post] - r->link[post] - (in ? r->len[top] - r->link[top] : 0) < CHAR_THRESHOLD)
		return top;
	r->replies = top;
	r->replies_flat = true;
	return post;
}

/* A short run of k remarks from box first to box last is a thread
 * when a short heading right before it counts them ("Kommentare (4)",
 * "3 commentaires", "Reacties (2)"): the number says so in every
 * language, where a word list would need one for each.  A chapter
 * list's count or a Q&A's "Your questions (4)" is no thread's: those
 * boxes are the article, so the post's prose before them must be
 * longer than they are.  prose[b] and all[b] sum the post's prose kept
 * and all text before block b, for a walk that stays linear. */
static bool
announced(const rd *r, const double *prose, const double *all, size_t post, size_t first,
    size_t last, size_t k)
{
	size_t b = r->bfirst[first];

	if (b == 0 || b <= post || heading_count(pith_doc_block(r->d, b - 1)) != k)
		return false;
	return prose[b] - prose[post] > all[r->blast[last] + 1] - all[b];
}

/* Box t opens with a short heading that counts the run of k dated
 * remarks alike after it, in t or in the one list after the heading
 * ("Reacties (4)" over four comments), or the run and the replies
 * alike nested in it ("4 comentários" over two comments and their
 * answers): a thread in any language (see announced).  The run's text
 * length, or 0.  A remark is short, so the look inside it is too. */
static double
counted(const rd *r, size_t t)
{
	size_t h = t + 1, c, k = 0, m = 0, days = 0, n;
	double run = 0;

	if (h >= pith_doc_node(r->d, t)->end || tag(r, h) < GUMBO_TAG_H1 ||
	    tag(r, h) > GUMBO_TAG_H6 || r->bfirst[h] == PITH_NONE ||
	    (n = heading_count(pith_doc_block(r->d, r->bfirst[h]))) < 2)
		return 0;
	c = sibling_after(r, h);
	if (c != PITH_NONE && (tag(r, c) == GUMBO_TAG_OL || tag(r, c) == GUMBO_TAG_UL) &&
	    c + 1 < pith_doc_node(r->d, c)->end)
		c = c + 1;
	for (size_t f = c; c != PITH_NONE && alike(r, c, f) &&
	    remark_within(r, c, CHAR_THRESHOLD); c = sibling_after(r, c)) {
		k++, days += (dated(r, c) & MARK_DAY) != 0, run += r->len[c];
		for (size_t x = c + 1; x < pith_doc_node(r->d, c)->end; x++)
			m += alike(r, x, f) && remark_within(r, x, CHAR_THRESHOLD);
	}
	return (k == n || k + m == n) && 2 * days > k ? run : 0;
}

/* A run of remarks of a kind (see remark_within; kin: a thread's boxes
 * differ by their odd and even, their author's and their depth's
 * names) among a box's children, and what marks them: stop ends the
 * last (past its signature), brief counts those under CHAR_THRESHOLD
 * with no signature line of their own after them, signs those signed
 * below (see signed_by, signed_off). */
struct flat_run {
	size_t first, last, stop, k, brief, signs, dates, days, same, stars, clocks;
};

/* Box n, not of first's kind, takes turns with it: the box after n is
 * of first's kind again (a thread's odd and even rows named apart,
 * "comment-odd" and "comment-even", whose hashed names share no word).
 * n is then *other, the run's second kind. */
static bool
alternate(const rd *r, size_t n, size_t first, size_t *other)
{
	size_t x = sibling_after(r, n);

	if (tag(r, n) != tag(r, first) || x == PITH_NONE || !of_kind(r, x, first))
		return false;
	*other = n;
	return true;
}

/* The next run of remarks shorter than max among p's children from
 * child *c on; *c moves past it.  False when no child is left. */
static bool
next_run(const rd *r, size_t p, size_t *c, double max, struct flat_run *u)
{
	size_t stop = pith_doc_node(r->d, p)->end;

	while (*c < stop && !remark_within(r, *c, max))
		*c = pith_doc_node(r->d, *c)->end;
	if (*c >= stop)
		return false;
	memset(u, 0, sizeof *u);
	u->first = *c;
	for (size_t other = PITH_NONE; *c < stop && remark_within(r, *c, max) &&
	    (of_kind(r, *c, u->first) || (other != PITH_NONE ? of_kind(r, *c, other) :
	    alternate(r, *c, u->first, &other))); *c = u->stop) {
		size_t sig = signed_by(r, *c);
		bool sign = sig != PITH_NONE || signed_off(r, *c) ||
		    signed_above(r, *c) != PITH_NONE;
		size_t t;
		unsigned m = sign ? MARK_ANY | MARK_DAY : dated(r, *c);

		u->k++, u->dates += (m & MARK_ANY) != 0, u->days += (m & MARK_DAY) != 0;
		u->brief += r->len[*c] < CHAR_THRESHOLD && sig == PITH_NONE;
		u->signs += sign;
		u->same += u->k > 1 && same_opening(r, u->last, *c);
		u->stars += rated(r, *c), u->clocks += clocked(r, *c);
		u->last = *c;
		/* A signed box's run goes on past its signature. */
		u->stop = pith_doc_node(r->d, sig != PITH_NONE ? sig : *c)->end;
		/* and past the term that signs the next one (see signed_above). */
		if (u->stop < stop && tag(r, u->stop) == GUMBO_TAG_DT &&
		    (t = sibling_after(r, u->stop)) != PITH_NONE && signed_above(r, t) == u->stop)
			u->stop = t;
	}
	return true;
}

/* Most of run u is dated and by authors that change: readers'
 * comments, not a how-to's steps or a transcript's turns. */
static bool
talk(const struct flat_run *u)
{
	return 2 * u->dates >= u->k && 2 * u->same < u->k && 2 * u->clocks < u->k;
}

/* The box, t or one in it, whose children are readers' comments in
 * flat boxes: a run of RUN_MIN or more remarks of a kind that talk,
 * long ones too (a thread that outscores the post has them).  Each
 * box's children are looked at once, each of few blocks: linear.
 * PITH_NONE when none. */
static size_t
remarked(const rd *r, size_t t)
{
	for (size_t p = t; p < pith_doc_node(r->d, t)->end; p++) {
		struct flat_run u;

		for (size_t c = p + 1; next_run(r, p, &c, 4 * CHAR_THRESHOLD, &u); )
			if (u.k >= RUN_MIN && talk(&u))
				return p;
	}
	return PITH_NONE;
}

/* Nodes from..to are the flat thread, unless a reason already holds. */
static void
flat_drop(const char **dwhy, size_t from, size_t to)
{
	for (size_t s = from; s < to; s++)
		dwhy[s] = dwhy[s] != NULL ? dwhy[s] : FLAT_WHY;
}

/* Readers' comments in flat boxes named anyhow ("c7x", "item-b"), each
 * beside the next, where threaded() sees no reply nested: a run of
 * RUN_MIN or more short remarks alike (a long one among them does not
 * cut it), most dated and by authors that change,
 * holding the last paragraph of prose kept, after the post's first one
 * in a box unlike them; or all after it, outside the content (a column
 * of their own beside a brief), where the reason tells auto that MSS's
 * longer span is the comments (comments_added).  Answers to a question
 * are few and long, a forum's posts are read from the first, a debate's
 * turns are alike the top (N_BOX).  Customer reviews under their rating
 * may all be shorter than prose: after the post's last paragraph, in
 * the content, they go too.  One thread a page: the walk stops at it.
 * 0, or -1 when out of memory. */
static int
drop_flat(rd *r, const char **dwhy)
{
	const pith_doc *d = r->d;
	size_t post = PITH_NONE, end = PITH_NONE;
	double *prose, *all;

	/* The first and the last paragraph of prose kept, the first after
	 * the headline: the post's and the run's; the sums announced()
	 * reads. */
	if ((prose = calloc(2 * (r->nb + 1), sizeof *prose)) == NULL)
		return -1;
	all = prose + r->nb + 1;
	for (size_t b = 0; b < r->nb; b++) {
		bool mine = kept_prose(r, dwhy, b);

		if (mine && after_title(r, b)) {
			post = post == PITH_NONE ? b : post;
			end = b;
		}
		prose[b + 1] = prose[b] + (mine ? r->blen[b] : 0);
		all[b + 1] = all[b] + r->blen[b];
	}
	for (size_t p = 0; post != PITH_NONE && p < r->nn; p++) {
		struct flat_run u;

		if (dwhy[p] != NULL)
			continue;
		size_t from = PITH_NONE, opened = PITH_NONE, signs = 0;

		for (size_t c = p + 1; next_run(r, p, &c, 4 * CHAR_THRESHOLD, &u); ) {
			size_t first = u.first, last = u.last, k = u.brief, stars = u.stars;

			if (from == PITH_NONE && u.signs > 0)
				from = first;
			signs += u.signs;
			/* A reply without a sentence, or a picture, cuts a
			 * thread into runs: the first run of talk after the
			 * post opens it. */
			if (opened == PITH_NONE && k >= 2 && talk(&u) && post < r->bfirst[first])
				opened = first;

			bool told = k >= 2 && k < RUN_MIN && 2 * u.days > k &&
			    announced(r, prose, all, post, first, last, k);

			if ((k >= RUN_MIN || (k >= RATED_MIN && 2 * stars > k && 2 * u.days > k) || told) &&
			    talk(&u) && post < r->bfirst[first] &&
			    ((r->bfirst[first] <= end && end <= r->blast[last]) ||
			    (told && end < r->bfirst[first]) ||
			    (end < r->bfirst[first] && (!(r->flags[first] & N_IN) || 2 * stars >= k)))) {
				size_t above = signed_above(r, opened);

				/* The first's term goes with it. */
				flat_drop(dwhy, above != PITH_NONE ? above : opened, u.stop);
				free(prose);
				return 0;
			}
			/* A run of RUN_MIN in a box apart from the post, the
			 * last prose kept further on in that box: replies
			 * without a sentence ("need a quote asap!!") cut the
			 * thread into runs, and a late reply's prose is kept,
			 * so the rest of the box is the thread, and so are
			 * the boxes of its kinds just before the run. */
			if (k >= RUN_MIN && talk(&u) && post < r->bfirst[first] &&
			    end > r->blast[last] && inside(r, pith_doc_block(d, end)->node, p) &&
			    !inside(r, pith_doc_block(d, post)->node, p)) {
				size_t s = opened, x = sibling_after(r, opened), y;

				while ((y = sibling_before(r, s)) != PITH_NONE && (of_kind(r, y, opened) ||
				    (x != PITH_NONE && of_kind(r, y, x))))
					s = y;
				flat_drop(dwhy, s, pith_doc_node(d, p)->end);
				free(prose);
				return 0;
			}
			/* Comments signed below, RUN_MIN of them after the
			 * post, in the box that holds the last prose kept:
			 * from the first signed one on, the rest of the box is
			 * the thread (one without a sentence, or a picture,
			 * cuts the run, not the thread: the box's runs count
			 * together).  An article of signed letters opens with
			 * them, its first prose. */
			if (signs >= RUN_MIN && talk(&u) && post < r->bfirst[from] &&
			    end >= r->bfirst[from] && inside(r, pith_doc_block(d, end)->node, p)) {
				flat_drop(dwhy, from, pith_doc_node(d, p)->end);
				free(prose);
				return 0;
			}
		}
	}
	free(prose);
	return 0;
}

/* Loose text belongs to the nearest block box, so when the top is an
 * inline element (old pages' <font size=2> around the story, a <span>)
 * or sits in one, a run of it inside (the bold lede after a picture, or
 * before the first <p>) is given to the box around the top.  Blocks come
 * in the document's order and the top's subtree is one stretch of it,
 * so such a block (or picture) between the top's own first and last
 * blocks is inside it; those of text loose in the top's inline wrapper
 * (prepare_wraps) count in the range, the last unless a paragraph not
 * ending with a full stop (a note after the story, as below).  The
 * block just before the first is the lede opening the inline
 * wrapper when it is a sentence (a dateline or byline there is not).
 * A paragraph of prose loose in the top's parent or grandparent is the
 * story going on, as a <p> there is (gather_siblings, gather_sections):
 * a page that sets its text with <br>s, not <p>s, leaves it loose.  Not
 * a picture's caption; after the top only with a full stop (a note, a
 * share prompt ends otherwise), and before it one line or a full stop
 * (a headline over its byline, set as lines, is none). */
static bool
loose_in_top(const rd *r, size_t b, size_t top)
{
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t n = blk->node, x = top;

	if ((blk->kind != PITH_BLOCK_PARA && blk->kind != PITH_BLOCK_IMAGE) ||
	    r->bfirst[top] == PITH_NONE || !inside(r, top, n))
		return false;
	if (b >= r->bfirst[top] && b <= r->blast[top] &&
	    (b < r->blast[top] || !prose_block(r, b) || full_stop(blk)))
		return true;
	if (blk->kind != PITH_BLOCK_PARA)
		return false;
	for (int up = 0; up < 2 && x != n && x != r->body; up++)
		x = pith_doc_node(r->d, x)->parent;
	if (x == n && n != top && n != r->body && prose_block(r, b) && !captions(r, b) &&
	    (full_stop(blk) ||
	    (b < r->bfirst[top] && memchr(blk->text, '\n', blk->len) == NULL)) &&
	    !(r->flags[n] & (N_HIDDEN | N_UNLIKELY)))
		return true;
	if (b + 1 != r->bfirst[top] || !r->bsentence[b])
		return false;
	for (size_t a = top; a != n; a = pith_doc_node(r->d, a)->parent)
		if (!doc_tag_block(tag(r, a)))
			return true;
	return false;
}

/* A letter or digit of any script: what a line says, not its
 * separators. */
static bool
letter(unsigned char c)
{
	return c >= 0x80 || isalnum(c);
}

/* The letters in run i of blk. */
static size_t
run_letters(const pith_block *blk, size_t i)
{
	size_t m = 0;

	for (size_t k = 0; k < blk->runs[i].len; k++)
		m += letter((unsigned char)blk->text[blk->runs[i].start + k]);
	return m;
}

/* A line of three or more links whose text between them is mostly
 * separators ("Home | News | Sport"): the pipes and spaces, counted as
 * text, hide a menu from the link ratio; letters and digits do not.
 * A paragraph of two links with one sign between ("Website · Map") is
 * one too; an item or heading so made ("Blob / File") may be text. */
static bool
menu_line(const pith_block *blk)
{
	size_t in = 0, out = 0, n = links(blk);

	if (n < (blk->kind == PITH_BLOCK_PARA ? 2 : 3))
		return false;
	for (size_t i = 0; i < blk->nruns; i++) {
		const char *t = blk->text + blk->runs[i].start;

		if (!blk->runs[i].href && memchr(t, ',', blk->runs[i].len) != NULL)
			return false;
		/* Between two links, one separator sign and no word. */
		for (size_t k = 0; n == 2 && !blk->runs[i].href && k < blk->runs[i].len; k++)
			if (isalnum((unsigned char)t[k]))
				return false;
		*(blk->runs[i].href ? &in : &out) += run_letters(blk, i);
	}
	return in > 0 && (n >= 3 ? out < 0.2 * (in + out) : out <= 3);
}

/* A "Jump to: Specs | Price | Verdict" line: a paragraph of two or
 * more links, each to a place on this page, and a label.  In-page
 * links weigh little (block_run_link), so the link ratio keeps it, and
 * the label hides it from menu_line.  A bare "#" leads nowhere else
 * either ("Share: Facebook LinkedIn", a script's buttons).  A contents
 * list stays, as Readability.js keeps it. */
static bool
toc_line(const rd *r, const pith_block *blk)
{
	size_t in = 0, out = 0, nl = 0;

	for (size_t i = 0; blk->kind == PITH_BLOCK_PARA && i < blk->nruns; i++) {
		size_t m = run_letters(blk, i);

		if (blk->runs[i].href == NULL || !(blk->runs[i].style & PITH_STYLE_LINK)) {
			out += m;
			continue;
		}
		if (block_run_link(r, blk, i) == 1 && strcmp(blk->runs[i].href, "#") != 0)
			return false;
		in += m;
		nl++;
	}
	return nl >= 2 && out > 0 && out < in;
}

/* href is another page of this site: relative (no other host), or on
 * the page's host, and not the site's front page. */
static bool
same_site(const rd *r, const char *href)
{
	const char *u = pith_doc_url(r->d), *h, *k;
	size_t hn, kn;

	if ((h = url_host(href, &hn)) == NULL)
		return *href != '#' && strncmp(href, "//", 2) != 0 &&
		    strcspn(href, ":") == strlen(href) && href[strspn(href, "/")] != '\0';
	/* Not the front page: a path after the host, port aside. */
	k = h + hn + strcspn(h + hn, "/?#");
	if (*k != '/' || k[1] == '\0')
		return false;
	return u != NULL && (k = url_host(u, &kn)) != NULL && hn == kn &&
	    strncasecmp(h, k, hn) == 0;
}

/* The runs of blk before its first link are a label of four words at
 * most ("Read also:", "Bu haberi de okuyun:", "Теги:") and its colon,
 * ASCII or full-width ("相关阅读："), or a label in lenticular brackets
 * ("【相关阅读】"); the first link's run, or PITH_NONE. */
static size_t
link_label(const pith_block *blk)
{
	size_t nw = 0, i = 0;
	bool colon_seen = false, gap = true;

	for (; i < blk->nruns && blk->runs[i].href == NULL; i++)
		for (size_t k = 0; k < blk->runs[i].len; k++) {
			const char *c = blk->text + blk->runs[i].start + k;

			/* The full-width colon, or the closing bracket of a
			 * label boxed in lenticular brackets ("【相关阅读】"). */
			if (k + 3 <= blk->runs[i].len && (memcmp(c, "\xef\xbc\x9a", 3) == 0 ||
			    memcmp(c, "\xe3\x80\x91", 3) == 0))
				c = ":", k += 2;
			if (*c == ':')
				colon_seen = true;
			else if (*c == ' ')
				gap = true;
			else if (colon_seen)
				return PITH_NONE;
			else if (gap)
				nw++, gap = false;
		}
	return i == blk->nruns || !colon_seen || nw == 0 || nw > 4 ? PITH_NONE : i;
}

/* "Read also: <a>Parking survey divides traders</a>" between the
 * paragraphs: a link_label(), then one link to another page of the
 * same site, and nothing after it.  A "Source:" or "Via:" line links
 * elsewhere and stays. */
static bool
read_also(const rd *r, const pith_block *blk)
{
	size_t i, e = blk->len;

	while (e > 0 && blk->text[e - 1] == ' ')
		e--;
	/* A sentence ("Update: Court rules the trust stays with the
	 * state.") is the text's, its link the source. */
	if (blk->kind != PITH_BLOCK_PARA || links(blk) != 1 || e == 0 ||
	    full_stop(blk) || blk->text[e - 1] == '!' || blk->text[e - 1] == '?' ||
	    (i = link_label(blk)) == PITH_NONE || !same_site(r, blk->runs[i].href))
		return false;
	for (size_t j = i + 1; j < blk->nruns; j++)
		if (blk->runs[j].href != blk->runs[i].href && run_letters(blk, j) > 0)
			return false;
	return true;
}

/* "Tags: <a>market</a>, <a>repairs</a>", "Share: <a>Telegram</a>
 * <a>WhatsApp</a>": a link_label() over two links or more and nothing
 * but their separators.  The label hides the row from the link ratio
 * and menu_line. */
static bool
label_links(const pith_block *blk)
{
	size_t i;

	if (blk->kind != PITH_BLOCK_PARA || links(blk) < 2 || (i = link_label(blk)) == PITH_NONE)
		return false;
	for (; i < blk->nruns; i++)
		if (blk->runs[i].href == NULL && run_letters(blk, i) > 0)
			return false;
	return true;
}

/* Keep block b unless it is mostly links; returns the length kept. */
static double
keep_unlinked(rd *r, size_t b, double kept)
{
	const pith_block *blk = pith_doc_block(r->d, b);

	if (blk->kind != PITH_BLOCK_PRE && !data_row(r, b) &&
	    r->blen[b] > 0 && (r->blink[b] / r->blen[b] > 0.8 || menu_line(blk) ||
	    toc_line(r, blk) || label_links(blk)) &&
	    (r->blen[b] < 150 || links(blk) >= 3) &&
	    !section_heading(blk, kept) && !prose_item(r, blk->node) &&
	    !(blk->kind == PITH_BLOCK_ITEM && blk->node != PITH_NONE &&
	    (word_list(r, pith_doc_node(r->d, blk->node)->parent) ||
	    (r->flags[pith_doc_node(r->d, blk->node)->parent] & N_KEEP)))) {
		r->why[b] = reason(r, "dropped: mostly links",
		    "dropped: mostly links %.2f", r->blink[b] / r->blen[b]);
		return 0;
	}
	if (read_also(r, blk)) {
		r->why[b] = "dropped: a pointer to another story";
		return 0;
	}
	r->keep[b] = 1;
	r->why[b] = blk->node >= r->top && blk->node < pith_doc_node(r->d, r->top)->end ?
	    r->kept_why : r->beside_why;
	return r->blen[b];
}

/* The kept lines right above the title's heading that are a few
 * words without a sentence end, under paragraph()'s 80 characters:
 * the kicker naming the story's section or topic ("Traffic", "Cost
 * of living"), the article's furniture.  Their length. */
static double
drop_kickers(rd *r, size_t t)
{
	double len = 0;

	for (size_t b = t; b-- > 0 && r->keep[b];) {
		const pith_block *blk = pith_doc_block(r->d, b);

		if (blk->kind != PITH_BLOCK_PARA || r->blen[b] >= 80 || r->bsentence[b])
			break;
		r->keep[b] = 0;
		r->why[b] = "dropped: kicker above the title";
		len += r->blen[b];
	}
	return len;
}

/* The headings kept after the article's last text, when blocks follow
 * them, head what was dropped ("Related stories" over links the prune
 * took one by one, "Leave a reply" over the comment form): they go too.
 * Headings ending the page head what it hides (a readability test page's
 * collapsed sections); nor do they go when they are all the article
 * kept.  Their length. */
static double
drop_orphans(rd *r)
{
	const pith_doc *d = r->d;
	double len = 0;
	size_t b = r->nb;

	if (b == 0 || r->keep[b - 1])
		return 0;
	while (b > 0 && !(r->keep[b - 1] && (pith_doc_block(d, b - 1)->kind != PITH_BLOCK_HEADING ||
	    (r->bsentence[b - 1] && r->blen[b - 1] >= 80))))
		b--;
	for (; b > 0 && b < r->nb; b++)
		if (r->keep[b]) {
			r->keep[b] = 0;
			r->why[b] = "dropped: heads only what was dropped";
			len += r->blen[b];
		}
	return len;
}

/* s has letters and all are capitals ("LEIA MAIS"). */
static bool
shouted(const char *s, size_t n)
{
	const uint8_t *u = (const uint8_t *)s;
	bool any = false;
	ucs4_t c;

	for (size_t i = 0; i < n; ) {
		int m = u8_mbtouc(&c, u + i, n - i);

		if (uc_is_alpha(c) && uc_toupper(c) != c)
			return false;
		any |= uc_is_alpha(c) && uc_tolower(c) != c;
		i += (size_t)m;
	}
	return any;
}

/* Kept item b of a list is only the label of the list nested in it,
 * whose items, links all, the walk dropped ("Bookmark this story" over
 * its sites' links): a menu's heading, not the story's list.  A label
 * ending in a colon introduces its items ("In progress:"), as a
 * story's list does. */
static bool
submenu_label(const rd *r, size_t b)
{
	const pith_block *blk = pith_doc_block(r->d, b);
	size_t li = blk->node, e;
	double len = 0, link = 0;

	if (blk->kind != PITH_BLOCK_ITEM || li == PITH_NONE || tag(r, li) != GUMBO_TAG_LI ||
	    blk->len == 0 || links(blk) > 0 || r->bsentence[b] || full_stop(blk) || blk->len > 60 ||
	    blk->text[blk->len - 1] == ':' || (e = r->blast[li]) <= b)
		return false;
	for (size_t k = b + 1; k <= e; k++) {
		if (r->keep[k])
			return false;
		len += r->blen[k];
		link += r->blink[k];
	}
	return len > 0 && link / len > 0.8;
}

/* A kept line of a few words and no sentence, a label by its colon or
 * its capitals ("LEIA MAIS", "Baca juga:", "相关阅读："), right over
 * links the walk dropped inside the article, labels them: a pointer to
 * other stories, dropped with its list where the story goes on after
 * it (drop_orphans' case within the text).  Its length. */
static double
drop_list_labels(rd *r)
{
	double len = 0;

	for (size_t b = 0; b + 1 < r->nb; b++) {
		const pith_block *blk = pith_doc_block(r->d, b), *next;
		size_t nw = 1, nx, e;

		if (r->keep[b] && submenu_label(r, b)) {
			r->keep[b] = 0;
			r->why[b] = "dropped: labels a dropped list of links";
			len += r->blen[b];
			continue;
		}
		if (!r->keep[b] || r->keep[b + 1] || blk->kind != PITH_BLOCK_PARA ||
		    links(blk) > 0 || r->bsentence[b] || full_stop(blk) ||
		    u8_mbsnlen((const uint8_t *)blk->text, blk->len) > 30)
			continue;
		for (size_t i = 0; i < blk->len; i++)
			nw += blk->text[i] == ' ';
		next = pith_doc_block(r->d, b + 1);
		nx = next->node;
		if (nw > 3 || !(blk->text[blk->len - 1] == ':' ||
		    (blk->len >= 3 && memcmp(blk->text + blk->len - 3, "\xef\xbc\x9a", 3) == 0) ||
		    shouted(blk->text, blk->len)) ||
		    nx == PITH_NONE || !(r->flags[nx] & N_IN) || r->blen[b + 1] == 0 ||
		    r->blink[b + 1] / r->blen[b + 1] <= 0.8)
			continue;
		/* The story goes on after the links. */
		for (e = b + 1; e < r->nb && !r->keep[e]; e++)
			;
		if (e == r->nb)
			continue;
		r->keep[b] = 0;
		r->why[b] = "dropped: labels links to other stories";
		len += r->blen[b];
	}
	return len;
}

/* One pass with flags f; returns the kept text length. */
static double
run(rd *r, unsigned f, size_t *top_out)
{
	const pith_doc *d = r->d;
	size_t top;
	double total = 0, ptotal = 0, kept = 0;
	bool title_seen = false;
	size_t bylines = 0, buy_lo = 0, buy_hi = 0;
	const char **dwhy;

	r->ncand = 0;
	r->thread_node = r->thread_block = r->replies = PITH_NONE;
	mark_excluded(r, f);
	score_blocks(r, f);
	top = top_candidate(r, f);
	*top_out = top;
	memset(r->keep, 0, r->nb);
	if (top == 0 && r->body == 0) {
		for (size_t b = 0; b < r->nb; b++)
			r->why[b] = "dropped: nothing scored";
		return 0;
	}
	gather(r, top, f);
	gather_alike(r, top);
	if (f & F_STRIP_UNLIKELY)
		gather_title(r, top);
	r->gallery = gallery(r, top);
	r->slides = !r->gallery && slides(r, top);
	r->gallery |= r->slides;
	for (size_t n = 0; n < r->nn; n++)
		if (r->flags[n] & N_IN) {
			total += r->len[n];
			ptotal += r->plen[n];
		}

	/* Walk the content; a pruned node takes its subtree with it. */
	if ((dwhy = calloc(r->nn + 1, sizeof *dwhy)) == NULL)
		return -1;
	describe(r, top, f);
	for (size_t n = 0; n < r->nn; n++) {
		if (budget_tick(r->time)) break;
		size_t p = pith_doc_node(d, n)->parent;

		if (p != PITH_NONE && (r->flags[p] & N_IN))
			r->flags[n] |= N_IN;
		if (!(r->flags[n] & N_IN))
			continue;
		if (p != PITH_NONE && dwhy[p] != NULL && (r->flags[p] & N_IN)) {
			dwhy[n] = dwhy[p];
			continue;
		}
		dwhy[n] = prune_reason(r, n, top, f, total, ptotal);
	}
	drop_thread(r, dwhy);
	if (drop_flat(r, dwhy) < 0) {
		free(dwhy);
		return -1;
	}
	for (size_t s = r->replies; s != PITH_NONE && s < pith_doc_node(d, r->replies)->end; s++)
		if (dwhy[s] == NULL)
			dwhy[s] = r->replies_flat ? FLAT_WHY : COMMENTS_WHY "(replies nested in posts alike)";
	for (size_t b = 0; b < r->nb; b++) {
		const pith_block *blk = pith_doc_block(d, b);
		size_t n = blk->node;

		if (n == PITH_NONE || (!(r->flags[n] & N_IN) && !loose_in_top(r, b, top))) {
			/* Comments drop_flat found outside say so. */
			if (n != PITH_NONE && dwhy[n] != NULL)
				r->why[b] = dwhy[n];
			continue;
		}
		if (dwhy[n] != NULL || (n == r->thread_node && b >= r->thread_block)) {
			r->why[b] = dwhy[n] != NULL ? dwhy[n] : THREAD_WHY;
			continue;
		}
		/* The headline heads the text; a heading after 200
		 * characters of it (prune_reason's short header) is a
		 * section's, though the title holds its words ("... and
		 * loose ends" over a section "Loose ends"). */
		if (!title_seen && kept < 200 && similar_title(r, b)) {
			title_seen = true;
			r->why[b] = "dropped: repeats the title";
			kept -= drop_kickers(r, b);
			continue;
		}
		if ((n >= buy_lo && n < buy_hi) || tally(r, b, &buy_lo, &buy_hi)) {
			r->why[b] = "dropped: a tally beside its buttons";
			continue;
		}
		if ((r->why[b] = label(r, b)) != NULL) {
			bylines += r->why[b] == byline_why;
			continue;
		}
		if (r->brepeated[b]) {
			r->why[b] = "dropped: a linked item repeated (navigation)";
			continue;
		}
		kept += keep_unlinked(r, b, kept);
	}
	/* A byline on every item is a list's (an index of stories, each
	 * with its author), not the article's furniture. */
	for (size_t b = 0; bylines >= 3 && b < r->nb; b++)
		if (r->why[b] == byline_why)
			kept += keep_unlinked(r, b, kept);
	free(dwhy);
	kept -= drop_teasers(r);
	kept -= drop_list_labels(r);
	kept -= drop_orphans(r);
	return kept;
}

/* Same tag and class. */
static bool
alike(const rd *r, size_t a, size_t b)
{
	const char *ca = attr(r, a, "class"), *cb = attr(r, b, "class");

	return tag(r, a) == tag(r, b) && (ca == NULL) == (cb == NULL) &&
	    (ca == NULL || strcmp(ca, cb) == 0);
}

/* The node's text opens with a heading without links (or its
 * permalink, see own_heading): a section of
 * the page, where a card or a result opens with its linked title.  A
 * feature section's "learn more" link weighs as much as a card's, so
 * on a top widened over such sections (see top_candidate) they are not
 * counted as cards; nor, on any top, is such a section with a paragraph
 * of prose (see prose_box): a listicle's or buying guide's item, its
 * "buy now" link as long as a teaser's, where a shop's tile has a name
 * and a price. */
static bool
headed(const rd *r, size_t n)
{
	size_t b = first_text(r, n);

	return b != PITH_NONE && pith_doc_block(r->d, b)->kind == PITH_BLOCK_HEADING &&
	    own_heading(r, b);
}

/* The text of node n's longest link run (a card's headline, a
 * transcript line's speaker); its length in *len. */
static const char *
main_link(const rd *r, size_t n, size_t *len)
{
	const char *best = NULL;

	*len = 0;
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		for (size_t i = 0; i < blk->nruns; i++)
			if (blk->runs[i].href != NULL && blk->runs[i].len > *len) {
				*len = blk->runs[i].len;
				best = blk->text + blk->runs[i].start;
			}
	}
	return best;
}

/* A <p> that links names inside its sentences, as a wire release links
 * its company, products and web address: its first link comes 20 bytes
 * and more into its text, and a link to another address follows.  A
 * card made of a <p> opens with its link (after a number or a date at
 * most), and its links lead to its one page. */
static bool
linked_prose(const rd *r, size_t n)
{
	const char *first = NULL;
	size_t off = 0;

	if (tag(r, n) != GUMBO_TAG_P)
		return false;
	for (size_t b = r->bfirst[n]; b != PITH_NONE && b <= r->blast[n]; b++) {
		const pith_block *blk = pith_doc_block(r->d, b);

		for (size_t i = 0; i < blk->nruns; i++) {
			const char *h = blk->runs[i].href;

			if (h == NULL)
				continue;
			if (first == NULL && off + blk->runs[i].start < 20)
				return false;
			if (first == NULL)
				first = h;
			else if (strcmp(h, first) != 0)
				return true;
		}
		off += blk->len;
	}
	return false;
}

/* An index or search page: no paragraph of real prose among the kept
 * blocks (Readability's "readerable" measure: paragraphs of 140
 * characters and more add the square root of the excess; an article
 * passes 20), and most of the content is a run of five or more alike
 * siblings (same tag and class) that each carry links on 15 % to 90 %
 * of their text: cards, teasers, results (not a news story's short
 * paragraphs with a linked name or two, nor a release's that link names
 * mid-sentence (linked_prose), nor the bare links of "earlier
 * episodes" under a short post: a card has words beside its link; nor
 * a chat log's lines, which link their speakers again and again).  On
 * both corpora the prose measure alone falls under 20 on short real
 * articles, so both must hold. */
static bool
index_like(const rd *r, const unsigned char *kept)
{
	const pith_doc *d = r->d;
	double prose = 0, total = 0;

	for (size_t b = 0; b < r->nb; b++)
		if (kept[b] && r->blen[b] >= 140)
			prose += sqrt(r->blen[b] - 140);
	if (prose >= 20)
		return false;
	for (size_t n = 0; n < r->nn; n++) {
		size_t p = pith_doc_node(d, n)->parent;

		if ((r->flags[n] & N_IN) && (p == PITH_NONE || !(r->flags[p] & N_IN)))
			total += r->len[n];
	}
	for (size_t p = 0; p < r->nn; p++) {
		if (budget_tick(r->time)) break;
		if (!(r->flags[p] & N_IN) || r->kids[p] < 5)
			continue;
		/* Count each kind of child once, from its first member; a
		 * few kinds per parent are enough to find the cards. */
		size_t seen[8], nseen = 0;

		for (size_t c = p + 1; c < pith_doc_node(d, p)->end && nseen < 8;
		    c = pith_doc_node(d, c)->end) {
			size_t count = 0, k, again = 0, nl[8];
			const char *last[8];
			double text = 0, link = 0;

			for (k = 0; k < nseen && !alike(r, seen[k], c); k++)
				;
			if (k < nseen)
				continue;
			seen[nseen++] = c;

			for (size_t s = c; s < pith_doc_node(d, p)->end; s = pith_doc_node(d, s)->end) {
				/* A thread's posts are not cards, though each
				 * links its author, reply and vote buttons. */
				if (!alike(r, s, c) || r->link[s] <= 0 ||
				    ((r->cls[p] | r->cls[s]) & C_THREAD) ||
				    (headed(r, s) && (r->widened || prose_box(r, s))) ||
				    linked_prose(r, s) ||
				    r->link[s] < 0.15 * r->len[s] || r->link[s] > 0.9 * r->len[s])
					continue;
				/* A link named again a few lines on is a
				 * speaker's (a chat log's, a transcript's):
				 * cards each link their own headline. */
				size_t ml;
				const char *m = main_link(r, s, &ml);

				for (size_t i = 0; ml > 0 && i < count && i < 8; i++)
					if (nl[i] == ml && memcmp(last[i], m, ml) == 0) {
						again++;
						break;
					}
				last[count % 8] = m;
				nl[count % 8] = ml;
				count++;
				text += r->len[s];
				link += r->link[s];
			}
			if (count >= 5 && text >= 0.5 * total && link >= 0.15 * text &&
			    2 * again < count && !promised(r, count))
				return true;
		}
	}
	return false;
}

static void
rd_free(rd *r)
{
	free(r->cls);
	free(r->weight);
	free(r->flags);
	free(r->rows);
	free(r->len);
	free(r->link);
	free(r->plen);
	free(r->llen);
	free(r->commas);
	free(r->slidec);
	free(r->kids);
	free(r->prose_kids);
	free(r->nblk);
	free(r->bfirst);
	free(r->blast);
	free(r->bwrap);
	free(r->score);
	free(r->blen);
	free(r->blink);
	free(r->bcommas);
	free(r->bsentence);
	free(r->brepeated);
	free(r->keep);
	free(r->why);
	free(r->cand);
}

/* The last run kept at least half of the blocks of best.  A relaxed
 * try exists to rescue an article the strict rules took for a sidebar
 * or comments; when the strict try found a short article, a longer
 * answer elsewhere is the sidebar or the comments (a 23-word post
 * under a blog's 100-word "about" box), so it must extend what the
 * strict try kept, not replace it. */
static bool
extends(const rd *r, const unsigned char *best)
{
	size_t was = 0, both = 0;

	for (size_t b = 0; b < r->nb; b++) {
		was += best[b];
		both += best[b] && r->keep[b];
	}
	return 2 * both >= was;
}

/* The strict try's container sits under the page's headline (the
 * headline is in its parent's subtree): a short post under its own
 * title, which a longer box elsewhere must extend, not replace. */
static bool
anchored(const rd *r, size_t top)
{
	size_t up, tb = r->title_block;

	if (top == 0 || (up = pith_doc_node(r->d, top)->parent) == PITH_NONE ||
	    r->bfirst[up] == PITH_NONE)
		return false;
	return tb != PITH_NONE && r->bfirst[up] <= tb && tb <= r->blast[up];
}

/* This run's evidence becomes the article's. */
static pith_code
keep_evidence(rd *r, pith_article *a)
{
	free(a->cand);
	a->cand = NULL;
	a->ncand = 0;
	if (r->cand_oom)
		return PITH_ENOMEM;
	if (r->ncand == 0)
		return PITH_OK;
	if ((a->cand = malloc(r->ncand * sizeof *a->cand)) == NULL)
		return PITH_ENOMEM;
	memcpy(a->cand, r->cand, r->ncand * sizeof *a->cand);
	a->ncand = r->ncand;
	return PITH_OK;
}

pith_code
readability_extract(const pith_doc *d, const pith_params *p, pith_article *a,
                    pith_error *err)
{
	static const unsigned attempts[] = {
		F_STRIP_UNLIKELY | F_WEIGHT_CLASSES | F_CLEAN,
		F_WEIGHT_CLASSES | F_CLEAN,
		F_CLEAN,
		0,
	};
	rd r = { .d = d, .nn = pith_doc_nnodes(d), .nb = pith_doc_nblocks(d),
	    .strings = &a->strings, .mask = a->mask, .time = &a->time,
	    .han = uc_script_byname("Han"), .hiragana = uc_script_byname("Hiragana"),
	    .katakana = uc_script_byname("Katakana"),
	    .hangul = uc_script_byname("Hangul") };
	unsigned char *best = NULL;
	double best_len = -1;
	size_t top = 0, best_top = 0, best_i = 0, tried = 0;
	pith_code rc = PITH_OK;
	bool anchor = false, bare = false;

	(void)p;
	if (prepare(&r) != PITH_OK || (best = calloc(r.nb + 1, 1)) == NULL ||
	    (a->reason = calloc(r.nb + 1, sizeof *a->reason)) == NULL) {
		rd_free(&r);
		free(best);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < sizeof attempts / sizeof attempts[0]; i++) {
		if (budget_expired(r.time)) break;
		double len = run(&r, attempts[i], &top);

		tried = i + 1;
		if (len < 0) {
			rc = err_set(err, PITH_ENOMEM, "out of memory");
			break;
		}
		/* A strict answer without a sentence (a player's menus, a
		 * form's labels) is no article to hold on to, unless it sits
		 * under the headline (a post of a linked line or two). */
		if (i == 0) {
			anchor = len > 0 && anchored(&r, top);
			bare = top == 0 || sentences(&r, top) < MIN_PARAGRAPH;
		}
		if (len > best_len && (i == 0 || ((best_len < RETRY_KEEPS || bare) && !anchor) ||
		    extends(&r, best))) {
			best_len = len;
			best_top = top;
			best_i = i;
			memcpy(best, r.keep, r.nb);
			memcpy(a->reason, r.why, r.nb * sizeof *r.why);
			if (keep_evidence(&r, a) != PITH_OK) {
				rc = err_set(err, PITH_ENOMEM, "out of memory");
				break;
			}
			/* A block shows the score of the candidate it counted
			 * for: its nearest scored ancestor. */
			for (size_t b = 0; b < r.nb; b++) {
				size_t n = pith_doc_block(d, b)->node;

				while (n != PITH_NONE && !(r.flags[n] & N_SCORED))
					n = pith_doc_node(d, n)->parent;
				a->block_score[b] = n != PITH_NONE ? r.score[n] : 0;
			}
		}
		if (len >= CHAR_THRESHOLD)
			break;
	}
	/* Out of time: pith_extract reports it; nothing more to judge. */
	if (budget_expired(r.time))
		rc = PITH_ENOARTICLE;
	/* The flags describe the last attempt; bring back the best one's
	 * to judge what kind of page it is. */
	if (rc == PITH_OK && best_i + 1 != tried && run(&r, attempts[best_i], &top) < 0)
		rc = err_set(err, PITH_ENOMEM, "out of memory");
	if (rc == PITH_OK && index_like(&r, best)) {
		a->final = true;
		rc = err_set(err, PITH_ENOARTICLE, "readability: short texts in a list "
		    "of links, an index or search page");
	}
	(void)best_top;
	if (rc == PITH_OK) {
		size_t n = 0;

		for (size_t b = 0; b < r.nb; b++)
			n += best[b];
		if (n > 0 && (a->spans = calloc(n, sizeof *a->spans)) == NULL)
			rc = err_set(err, PITH_ENOMEM, "out of memory");
		for (size_t b = 0; rc == PITH_OK && b < r.nb; b++)
			if (best[b])
				a->spans[a->nspans++] = (pith_span){ b, 0,
				    pith_doc_block(d, b)->len };
		if (rc == PITH_OK) {
			size_t nwords;
			double links;

			article_stats(a, &nwords, &links);
			/* Invisible characters only are not an article. */
			if (nwords == 0)
				rc = err_set(err, PITH_ENOARTICLE, "readability: "
				    "no words in any paragraph");
		}
	}
	free(best);
	rd_free(&r);
	return rc;
}
