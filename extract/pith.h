/*
 * pith.h - the article-extraction core: HTML bytes in, article out.
 *
 * The core never prints, never exits and keeps no global mutable state.
 * Every call that can fail returns a pith_code and, when given a
 * pith_error, fills it with a one-line message.  All text is UTF-8.
 *
 * Life cycle:
 *   pith_doc_parse()        bytes -> document (blocks, tokens, metadata)
 *   pith_params_new()       the tunable parameters, set by name
 *   pith_extract()          document + algorithm -> article
 *   pith_article_text()     article -> plain text (also _markdown)
 *   pith_article_free(), pith_params_free(), pith_doc_free()
 *
 * The ABI rule (libpith.so.0; see pith(3)): while the soname stays, a
 * program built against an older pith.h runs unchanged against a newer
 * library.  So nothing declared here changes or goes away: no function's
 * signature, no enum value, no field.  New things come as new functions,
 * new enum values at the end, and new parameter names: parameters live
 * behind the opaque pith_params and are set by name, so a new one is a
 * row in the library's table, not a new field.  Structs the caller
 * allocates (pith_error, pith_parse_options) or reads as arrays
 * (pith_token, pith_run, pith_span) are frozen; the others the library
 * hands out by pointer only (pith_block, pith_node, pith_meta,
 * pith_algorithm) may grow at their end, so never copy or allocate one.
 * Breaking any of this means libpith.so.1 and a new major PITH_VERSION.
 * pith_debug.h, the introspection pith's own tools use, is outside the
 * rule: it is neither installed nor exported.
 */
#ifndef PITH_H
#define PITH_H

#include <stddef.h>
#include <stdint.h>

#define PITH_VERSION "0.1.0"

/* The shared library is built with -fvisibility=hidden: only what is
 * marked PITH_API is exported, so the core's internals (buffers, the
 * guard, error helpers) never clash with a program's own names. */
#if defined(__GNUC__) && __GNUC__ >= 4
#define PITH_API __attribute__((visibility("default")))
#else
#define PITH_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
	PITH_OK = 0,
	PITH_ENOMEM,     /* out of memory */
	PITH_EINVAL,     /* bad argument (unknown algorithm, bad parameter) */
	PITH_EPARSE,     /* the HTML could not be parsed */
	PITH_ELIMIT,     /* the input exceeds a size or depth limit */
	PITH_ENOARTICLE  /* parsed fine, but no article text was found */
} pith_code;

typedef struct {
	pith_code code;
	char msg[256];
} pith_error;

PITH_API const char *pith_strerror(pith_code code);

/* ---------------------------------------------------------------- model */

typedef enum {
	PITH_BLOCK_PARA,      /* paragraph, or inline content of any other box */
	PITH_BLOCK_HEADING,   /* level 1..6 */
	PITH_BLOCK_ITEM,      /* first block of a list item: carries the marker */
	PITH_BLOCK_PRE,       /* preformatted: text verbatim, newlines kept */
	PITH_BLOCK_ROW,       /* table row: cells separated by '\t' in text */
	PITH_BLOCK_CAPTION,   /* figcaption or table caption */
	PITH_BLOCK_RULE,      /* <hr>: empty text */
	PITH_BLOCK_IMAGE      /* an image: text is its alt text, src its URL */
} pith_block_kind;

/* Inline styles; a run may combine several. */
enum {
	PITH_STYLE_EMPH   = 1 << 0,
	PITH_STYLE_STRONG = 1 << 1,
	PITH_STYLE_CODE   = 1 << 2,
	PITH_STYLE_LINK   = 1 << 3
};

/* A stretch of a block's text with one style; runs tile the text. */
typedef struct {
	size_t start, len;     /* bytes into the block's text */
	unsigned style;
	const char *href;      /* absolute URL when PITH_STYLE_LINK, else NULL */
} pith_run;

typedef struct {
	pith_block_kind kind;
	int level;       /* heading level 1..6, else 0 */
	int list;        /* list nesting depth, 0 outside lists */
	int ordered;     /* ITEM: 1 in an ordered list, 0 for a bullet */
	int number;      /* ITEM: its ordinal when ordered */
	int quote;       /* blockquote nesting depth */
	size_t node;     /* the DOM node (element) this block's content sits in */
	const char *src; /* IMAGE: absolute URL of the image, else NULL */
	const char *text;
	size_t len;
	const pith_run *runs;
	size_t nruns;
} pith_block;

typedef enum {
	PITH_TOKEN_TAG,     /* one start or end tag */
	PITH_TOKEN_WORD,    /* a word (letters or digits; one CJK ideograph) */
	PITH_TOKEN_SYMBOL   /* punctuation or another symbol */
} pith_token_kind;

/* The sequence the token methods (MSS, BTE) work on, in document order. */
typedef struct {
	pith_token_kind kind;
	size_t node;       /* element of a tag, parent element of text */
	size_t block;      /* block holding a text token; for a tag, the block
	                      that is open at it, or PITH_NONE */
	size_t start, len; /* text tokens: bytes into that block's text */
} pith_token;

#define PITH_NONE ((size_t)-1)

/* A DOM element as the core saw it.  Nodes are numbered in document
 * order, so node i's subtree is exactly nodes i .. end-1. */
typedef struct {
	const char *tag;   /* lower-case name */
	size_t parent;     /* PITH_NONE for the root */
	size_t end;
	int depth;
} pith_node;

typedef struct pith_doc pith_doc;

typedef struct {
	const char *url;         /* the page's address, for resolving links */
	size_t max_depth;        /* deeper elements are ignored; 0: default */
	size_t max_nesting;      /* start tags nested deeper are dropped before
	                            parsing; 0: default (1000) */
} pith_parse_options;

PITH_API pith_code pith_doc_parse(const char *html, size_t len,
                         const pith_parse_options *opt,
                         pith_doc **out, pith_error *err);
PITH_API void pith_doc_free(pith_doc *doc);

PITH_API size_t pith_doc_nblocks(const pith_doc *doc);
PITH_API const pith_block *pith_doc_block(const pith_doc *doc, size_t i);
/* The token stream is made on the first call of either (safe from any
 * thread); a page that only needs blocks never pays for it.  NULL (and
 * 0 tokens) when out of memory. */
PITH_API size_t pith_doc_ntokens(const pith_doc *doc);
PITH_API const pith_token *pith_doc_tokens(const pith_doc *doc);
/* How many of the tokens are words in block i, without the stream. */
PITH_API size_t pith_doc_block_words(const pith_doc *doc, size_t i);
PITH_API size_t pith_doc_nnodes(const pith_doc *doc);
PITH_API const pith_node *pith_doc_node(const pith_doc *doc, size_t i);
/* An attribute of node i, or NULL. */
PITH_API const char *pith_node_attr(const pith_doc *doc, size_t i, const char *name);

/* An image inside a line of text.  The text does not hold it (so what
 * the algorithms read is the same with or without it): it stands just
 * before byte `at` of its block's text, or at the end when at is the
 * block's len.  (An image between blocks is a PITH_BLOCK_IMAGE block.) */
typedef struct {
	size_t block;
	size_t at;
	int space;          /* white space between the text before and it */
	const char *alt;    /* its alt text, white space collapsed; "" only
	                       when it has no alt attribute (then a src) */
	const char *src;    /* absolute URL, or NULL */
	const char *href;   /* absolute URL of the link it is in, or NULL */
} pith_image;

/* The images inside block i's lines, in order of `at`; *n of them. */
PITH_API const pith_image *pith_doc_images(const pith_doc *doc, size_t i, size_t *n);

/* Metadata found in the page; every field NULL when absent. */
typedef struct {
	const char *title;      /* without the site's name */
	const char *byline;     /* author(s) */
	const char *published;  /* as the page gives it, ideally ISO 8601 */
	const char *site;       /* site name */
	const char *lang;       /* BCP 47 tag from the page */
	const char *dir;        /* "ltr" or "rtl" */
	const char *excerpt;    /* the page's own summary */
	const char *image;      /* lead image URL */
	const char *url;        /* the base links were resolved against */
} pith_meta;

PITH_API const pith_meta *pith_doc_meta(const pith_doc *doc);
PITH_API const char *pith_doc_title(const pith_doc *doc);
PITH_API const char *pith_doc_lang(const pith_doc *doc);
PITH_API const char *pith_doc_url(const pith_doc *doc);
/* Block i's direction from the HTML: "rtl" or "ltr" from the dir of its
 * element or nearest ancestor with one (dir=auto: its first strong
 * character, UAX #9 P2-P3), NULL when none says. */
PITH_API const char *pith_block_dir(const pith_doc *doc, size_t i);

/* --------------------------------------------------------- algorithms */

/* A user template (see pith_template_parse below). */
typedef struct pith_template pith_template;
/* A site's statistics (see pith_site_new below). */
typedef struct pith_site pith_site;

/* Tunable parameters, by name: pith_params_describe lists them ("mss.tag",
 * "linkdensity.q", ...) with their defaults. */
typedef struct pith_params pith_params;

/* Every parameter at its default; NULL when out of memory. */
PITH_API pith_params *pith_params_new(void);
/* A copy of p; NULL when out of memory. */
PITH_API pith_params *pith_params_dup(const pith_params *p);
PITH_API void pith_params_free(pith_params *p);
/* Set one parameter by name ("mss.tag") from its text ("-2"). */
PITH_API pith_code pith_params_set(pith_params *p, const char *name, const char *value,
                          pith_error *err);
/* The same from one "NAME=VALUE" argument, as -p takes it. */
PITH_API pith_code pith_params_assign(pith_params *p, const char *assignment,
                                      pith_error *err);
/* One parameter's value; PITH_EINVAL for a name it does not know. */
PITH_API pith_code pith_params_get(const pith_params *p, const char *name,
                                   double *value, pith_error *err);
/* The i-th parameter's name, default and meaning; NULL past the end. */
PITH_API const char *pith_params_describe(size_t i, double *dflt, const char **doc);
/* The template the "template" algorithm applies; NULL (the default):
 * none, and then that algorithm fails with PITH_EINVAL.  Not owned. */
PITH_API void pith_params_set_template(pith_params *p, const pith_template *t);
/* The statistics the "site" algorithm uses; NULL (the default): none,
 * and then it runs "auto" and says so.  Not owned. */
PITH_API void pith_params_set_site(pith_params *p, const pith_site *site);
/* Seconds pith_extract may take, counted in the calling thread's
 * processor time (a busy machine does not fail a page): 0 the default
 * (PITH_TIME_LIMIT), negative no limit.  The algorithms check the clock
 * between their stages and every few thousand steps of their long
 * loops, so a run may overshoot by a little; one that runs out fails
 * with PITH_ELIMIT and "time limit of N s exceeded".  Parsing is not
 * counted (pith_doc_parse bounds its input instead). */
PITH_API void pith_params_set_time_limit(pith_params *p, double seconds);

#define PITH_TIME_LIMIT 10.0

typedef struct pith_article pith_article;

/* An algorithm as the registry lists it (the library owns it). */
typedef struct {
	const char *name;
	const char *summary;    /* one line, for --list-algorithms and help */
} pith_algorithm;

PITH_API size_t pith_algorithm_count(void);
PITH_API const pith_algorithm *pith_algorithm_at(size_t i);
PITH_API const pith_algorithm *pith_algorithm_find(const char *name);

/* Run an algorithm (NULL: the default) with params (NULL: the defaults).
 * On PITH_ENOARTICLE *out is still set, so the caller can explain why
 * nothing was kept. */
PITH_API pith_code pith_extract(const pith_doc *doc, const char *algorithm,
                       const pith_params *params,
                       pith_article **out, pith_error *err);
PITH_API void pith_article_free(pith_article *a);

/* A kept piece of a block: bytes start..end of its text. */
typedef struct {
	size_t block;
	size_t start, end;
} pith_span;

/* The document the article's spans and block numbers index: the one
 * given to pith_extract, or, when auto answers from a page's JSON-LD
 * articleBody, that text's own, which the page's document owns (and
 * whose meta is the page's). */
PITH_API const pith_doc *pith_article_doc(const pith_article *a);
PITH_API const char *pith_article_algorithm(const pith_article *a);
PITH_API size_t pith_article_nspans(const pith_article *a);
PITH_API const pith_span *pith_article_spans(const pith_article *a);

/* How the article was chosen, in one line ("readability: 812 words,
 * links 0.03"); NULL when the algorithm says nothing. */
PITH_API const char *pith_article_note(const pith_article *a);
/* Whether any of block i is kept. */
PITH_API int pith_article_block_kept(const pith_article *a, size_t i);
/* Why block i was kept or dropped, in a few words ("dropped: link
 * density 0.82"); NULL when the algorithm says nothing about it. */
PITH_API const char *pith_article_block_reason(const pith_article *a, size_t i);

/* ---------------------------------------------------------- templates */

/*
 * A user template: one selector per line, for sites where the automatic
 * methods fail.
 *   tag           elements with that name ("article")
 *   attr=         elements that have the attribute ("itemprop=")
 *   attr=value    elements whose attribute is exactly value: no quotes,
 *                 everything after '=' up to the end of the line (trailing
 *                 blanks dropped); class=value also matches one class of
 *                 several ("class=story" matches class="story wide")
 * Blank lines and lines starting with '#' are ignored.  Tag and attribute
 * names are matched without regard to case, values exactly.  The article
 * is every block inside a matching element; an element inside another
 * match is part of it, not a second copy.
 */
/* Parse len bytes of template text.  A bad line fails with PITH_EINVAL
 * and err->msg "line N: why"; a template without selectors also fails
 * ("no selectors"). */
PITH_API pith_code pith_template_parse(const char *text, size_t len,
                              pith_template **out, pith_error *err);
PITH_API void pith_template_free(pith_template *t);
/* The template line that selects node i of doc, written into out (size
 * bytes, NUL-terminated): "id=VALUE" when it has an id, else
 * "class=FIRST-CLASS", else its tag; empty when no line can name it (a
 * malformed tag name such as ref="x").  For building a template from a
 * block the user points at (use the block's node or an ancestor). */
PITH_API void pith_template_selector(const pith_doc *doc, size_t i, char *out,
                            size_t size);

/* ---------------------------------------------------- site statistics */

/*
 * What a site's pages share, for the "site" algorithm (menus, footers and
 * sidebars repeat; articles do not).  Every element subtree that holds
 * text has a 64-bit hash of its tag, its own text and its children's
 * hashes, so equal subtrees hash equal on any page; a pith_site counts
 * on how many learned pages each hash occurs, in a bounded table (the
 * rarest hashes go first).  "site" removes the subtrees seen on more
 * than site.share of at least site.pages pages, then runs "auto".
 */

/* An empty site; NULL when out of memory. */
PITH_API pith_site *pith_site_new(void);
PITH_API void pith_site_free(pith_site *site);
/* Count doc's subtrees, each distinct one once.  key names the page
 * (its address) so a page read again counts once; with NULL, or also,
 * its content names it.  *added (NULL: not wanted) is 1 when the page
 * counted, 0 when it was known or holds no text. */
PITH_API pith_code pith_site_learn(pith_site *site, const pith_doc *doc,
                                   const char *key, int *added,
                                   pith_error *err);
PITH_API size_t pith_site_pages(const pith_site *site);
/* The site as text (malloc'd, NUL-terminated): "pith-site 1 PAGES", the
 * recent pages' keys ("key HEX"), then "HEX COUNT" lines, most frequent
 * first, at most max_entries of them. */
PITH_API pith_code pith_site_save(const pith_site *site, size_t max_entries,
                                  char **text, size_t *len, pith_error *err);
/* Parse what pith_site_save wrote.  Anything else fails with
 * PITH_EINVAL and err->msg "line N: why": rebuild the store. */
PITH_API pith_code pith_site_load(const char *text, size_t len,
                                  pith_site **out, pith_error *err);

/* ------------------------------------------------------------ output */

/* Text options. */
enum {
	PITH_TEXT_CAPTIONS = 1 << 0,  /* keep figure captions and image alt text
	                                 (inside a line too) */
	PITH_TEXT_LINKS = 1 << 1      /* each link's text followed by its number,
	                                 "[3]", as lynx -dump numbers them */
};

/* Plain text of the article body: blocks separated by one blank line,
 * list items and rows on adjacent lines; captions and images only with
 * PITH_TEXT_CAPTIONS.  *out is malloc'd and NUL-terminated. */
PITH_API pith_code pith_article_text(const pith_article *a, unsigned flags, char **out,
                            size_t *len, pith_error *err);
/* What writes a table for pith_article_text_tables: its rows are spans
 * [first, first + n) of a, every one a PITH_BLOCK_ROW (some may have no
 * text to show).  It sets *out to their text (malloc'd; lines apart by
 * '\n', no last one; *len bytes) and, with PITH_TEXT_LINKS in flags,
 * numbers their links on from *links, adding how many to *links, in
 * the order pith_article_links lists them.  Nonzero: out of memory. */
typedef int (*pith_table_fn)(void *ctx, const pith_article *a, size_t first,
                             size_t n, unsigned flags, size_t *links,
                             char **out, size_t *len);
/* pith_article_text with each table (rows one after another) written
 * by table(ctx, ...), not as a line a row with its cells apart by tabs:
 * for renderers that lay tables out by display width. */
PITH_API pith_code pith_article_text_tables(const pith_article *a, unsigned flags,
                                            pith_table_fn table, void *ctx,
                                            char **out, size_t *len,
                                            pith_error *err);
/* The addresses of the links pith_article_text numbers with the same
 * flags, in that order: links[n - 1] is link [n] (lynx -dump's
 * References).  *links is malloc'd, its strings the document's. */
PITH_API pith_code pith_article_links(const pith_article *a, unsigned flags,
                                      const char ***links, size_t *n,
                                      pith_error *err);
/* Markdown: headings, lists, quotes, code, links and tables kept. */
PITH_API pith_code pith_article_markdown(const pith_article *a, char **out,
                                size_t *len, pith_error *err);
/* A standalone HTML5 document (UTF-8): the title, a header with byline,
 * site, date and source address, then the blocks with their structure
 * (headings, lists, quotes, pre, tables, links, images).  Every byte from
 * the page is escaped; links keep only http, https and mailto addresses
 * and images only http(s) ones; no script, style or event attribute is
 * ever written, and a Content-Security-Policy forbids scripts besides. */
PITH_API pith_code pith_article_html(const pith_article *a, char **out,
                                     size_t *len, pith_error *err);

/* ------------------------------------------------------------ helpers */

/* Resolve ref against the absolute base URL (RFC 3986 section 5).
 * Returns a malloc'd string, or NULL when out of memory. */
PITH_API char *pith_url_resolve(const char *base, const char *ref);

#ifdef __cplusplus
}
#endif

#endif
