/* internal.h - what the core's modules share; not installed. */
#ifndef PITH_INTERNAL_H
#define PITH_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>
#include "pith.h"
#include "pith_debug.h"

/* ---- errors (util.c) */
#if defined(__GNUC__)
#define PITH_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PITH_PRINTF(a, b)
#endif
pith_code err_set(pith_error *err, pith_code code, const char *fmt, ...)
	PITH_PRINTF(3, 4);

/* ---- growable byte buffer (util.c) */
typedef struct {
	char *data;
	size_t len, cap;
	bool oom;          /* sticky: a failed append poisons the buffer */
} buf;

void buf_put(buf *b, const void *p, size_t n);
void buf_puts(buf *b, const char *s);
void buf_putc(buf *b, char c);
void buf_free(buf *b);
/* NUL-terminate and hand the bytes over; NULL after an allocation failed. */
char *buf_finish(buf *b, size_t *len);

/* Grow *p (an array of *cap elements of size sz) to hold n; false on OOM. */
bool grow(void *p, size_t *cap, size_t n, size_t sz);

/* ---- arena: many small strings and gumbo's tree, freed at once
 * (util.c) */
typedef struct arena_chunk arena_chunk;
typedef struct arena_big arena_big;
enum { ARENA_SPARE = 33 };
typedef struct {
	arena_chunk *head;
	arena_big *big;          /* gumbo's large blocks, malloc's own */
	void *spare[ARENA_SPARE]; /* blocks gumbo freed, by size / 8 */
} arena;

char *arena_strndup(arena *a, const char *s, size_t n);
/* GumboOptions' allocator and deallocator, userdata the arena: what
 * gumbo frees is reused for its next block of the same size (to 256
 * bytes) or, when large, given back; the rest goes with arena_free. */
void *arena_gumbo_alloc(void *userdata, size_t n);
void arena_gumbo_free(void *userdata, void *p);
void arena_free(arena *a);

/* ---- text cleaning (util.c) */
/* The length of the C0 or C1 control or DEL at s[0..n), or 0: bytes
 * that must never reach a terminal. */
size_t str_control_len(const unsigned char *s, size_t n);
/* s[0..n) copied into the arena with white space collapsed and trimmed,
 * controls dropped and at most max bytes kept, cut between characters.
 * NULL only when out of memory. */
char *str_clean(arena *a, const char *s, size_t n, size_t max);
/* Whether an inline style attribute hides the element. */
bool str_style_hides(const char *style);
/* Whether a hidden attribute's value hides the element's text:
 * "until-found" hides it only until find-in-page reveals it. */
bool str_hidden_hides(const char *hidden);
/* Whether word is one of the blank-separated words of list (icase: in
 * any case, as rel values are; class names are not). */
bool str_has_word(const char *list, const char *word, bool icase);
/* Whether needle occurs in hay, ASCII case aside. */
bool str_has_icase(const char *hay, const char *needle);
/* Whether c is a CJK ideograph or kana (Chinese and Japanese space no
 * words either, but count theirs apart: see meta_words). */
bool str_cjk(unsigned int c);
/* Whether c is of a script that puts no space between words: Thai,
 * Lao, Tibetan, Burmese, Khmer (Chinese and Japanese aside). */
bool str_unspaced(unsigned int c);

/* ---- the time budget (util.c): pith_extract's deadline, kept in the
 * article it makes.  Algorithms call budget_tick() at the heads of long
 * loops and leave them when it says true; pith_extract then fails with
 * PITH_ELIMIT, whatever they made of the rest. */
typedef struct {
	bool on, expired;
	unsigned ticks;
	struct timespec deadline;
} budget;
/* Start a budget of seconds; not positive and finite: none. */
void budget_start(budget *bg, double seconds);
/* Whether the deadline has passed (reads the clock; stays true). */
bool budget_expired(budget *bg);
/* The same, reading the clock once in a few thousand calls. */
bool budget_tick(budget *bg);
/* End the budget: whether it ran out. */
bool budget_stop(budget *bg);

/* ---- the document (doc.c) */
struct pith_doc {
	void *gumbo;             /* GumboOutput, kept for attributes; in strings */
	void **gnodes;           /* GumboNode per pith_node */
	pith_node *nodes;
	size_t nnodes;
	pith_block *blocks;
	size_t nblocks;
	pith_run *runs;
	size_t nruns;
	pith_image *images;      /* inside lines, by block, then at */
	size_t nimages;
	size_t *bwords;          /* nblocks: the word tokens in each block */
	size_t *bwrap;           /* nblocks: the innermost element around all
	                            of each block's text, or PITH_NONE */
	/* The token stream is built on first use (pith_doc_tokens): most
	 * pages never need it.  tokens_ready is set once it is there (or
	 * failed: tokens_oom); the lock makes one thread build it. */
	pith_token *tokens;
	size_t ntokens;
	atomic_bool tokens_ready;
	bool tokens_oom;
	pthread_mutex_t tokens_lock;   /* and ld_doc's */
	/* The JSON-LD articleBody, raw, or NULL; as a document of its own
	 * once doc_ld has been asked (the page's meta, its own blocks). */
	const char *ld_body;
	bool excerpt_text;       /* meta.excerpt is the first paragraph */
	struct pith_doc *ld_doc;
	atomic_bool ld_ready;
	char *page_url;          /* opt->url, and the depth limit, for that walk */
	size_t max_depth;
	char *text;              /* every block's text, back to back */
	char *guarded;           /* the bounded input gumbo parsed, or NULL */
	size_t bytes;            /* the input's size, as given */
	char *url, *title, *lang;
	pith_meta meta;          /* points into the fields above / strings */
	arena strings;           /* and gumbo's tree */
};

/* The page's JSON-LD articleBody as a document, made on first use;
 * NULL when there is none (or no memory).  (doc.c) */
const pith_doc *doc_ld(const pith_doc *d);

/* Whether an element of this tag (a GumboTag) opens a block box: loose
 * text and inline elements inside it make its paragraphs (doc.c). */
bool doc_tag_block(int tag);
/* The innermost element around all of block b's text, or PITH_NONE. */
size_t doc_block_wrap(const pith_doc *d, size_t b);

/* UAX #29 word breaks, as libunistring's u8_wordbreaks (doc.c). */
void doc_wordbreaks(const uint8_t *s, size_t n, char *p);

/* ---- the attributes the walk and the algorithms read of an element, in
 * one pass over its list (gumbo_get_attribute scans it once per name):
 * NULL when absent; the first of a name wins, as there.  All NULL for
 * a node that is not an element.  (doc.c) */
typedef struct {
	const char *klass, *id, *itemprop, *style, *hidden, *aria_hidden,
	    *aria_modal, *role, *rel, *href;
} node_attrs;
struct GumboInternalNode;
void node_attrs_get(const struct GumboInternalNode *g, node_attrs *a);
/* Whether an element is invisible, as Readability takes it: the hidden
 * attribute, display:none or visibility:hidden inline, aria-hidden
 * (but for fallback images), a modal dialog.  (util.c) */
bool node_hidden(const node_attrs *a);
/* The value of g's attribute name (lower case), or NULL; the first of
 * that name, as gumbo_get_attribute finds it.  gumbo lower-cases the
 * names it reads (all but SVG's camelCase ones, such as viewBox, which
 * pith never asks for), so both compare names exactly. */
const char *node_attr(const struct GumboInternalNode *g, const char *name);
/* g is a collapsed accordion's panel: the element before it, or that
 * element's first child, has aria-expanded.  (doc.c) */
bool node_collapsed(const struct GumboInternalNode *g);
/* s, an element, is a heading's permalink: an <a> to a place in the
 * page (href) whose text is a sign and no word ("¶", "#", "§", "🔗",
 * a zero-width space), as Sphinx, MkDocs and Docusaurus put after each
 * heading.  (doc.c) */
bool node_permalink(const struct GumboInternalNode *s, const char *href);
/* The bytes of block b's text inside links.  (doc.c) */
size_t block_link_len(const pith_block *b);

/* ---- links (url.c): a base address cleaned and parsed once, for the
 * many links of a page resolved against it as pith_url_resolve would. */
/* A parsed reference; a NULL pointer marks an undefined component (an
 * empty query differs from none).  The path is always defined. */
typedef struct {
	const char *scheme, *auth, *path, *query, *frag;
	size_t nscheme, nauth, npath, nquery, nfrag;
} url_parts;
typedef struct {
	char *given;             /* the base as given, or NULL: none */
	char *text;              /* cleaned; parts point into it */
	url_parts parts;
} url_base;

/* Make base hold text (NULL: no base): 0, or -1 when out of memory. */
int url_base_set(url_base *base, const char *text);
void url_base_free(url_base *base);
/* pith_url_resolve(base->given, ref). */
char *url_resolve(const url_base *base, const char *ref);
/* The host of the absolute address u, its user and port aside, and its
 * length in *n; NULL when u names no host. */
const char *url_host(const char *u, size_t *n);

/* ---- guard.c: drop start tags nested deeper than max_nesting and
 * attributes past max_attrs per tag; *out is NULL when nothing had to
 * change, else the bounded copy.  pith_doc_parse's limits are these. */
enum { GUARD_NESTING = 1000, GUARD_ATTRS = 256 };
pith_code guard_html(const char *s, size_t n, size_t max_nesting,
                     size_t max_attrs, char **out, size_t *outn);

/* ---- metadata (meta.c): fill doc->meta once the walk is done; only
 * PITH_ENOMEM can fail it. */
pith_code meta_extract(pith_doc *d);
/* The separator " X " in title t (n bytes) at t[i], the space before it:
 * X's length, or 0; a lone ":" counts only when colon is set.  *hier is
 * set for the ones that mark a hierarchy ("/", ">"). */
size_t meta_sep_at(const char *t, size_t i, size_t n, bool colon, bool *hier);

/* ---- the article (article.c) */
struct pith_article {
	const pith_doc *doc;
	const char *algorithm;
	pith_span *spans;
	size_t nspans;
	double *token_score;     /* ntokens, or NULL */
	double *running;         /* ntokens, or NULL */
	bool has_token_span;
	size_t first, last;
	double *block_score;     /* nblocks */
	unsigned char *kept;     /* nblocks, filled from the spans */
	const char **reason;     /* nblocks, or NULL */
	arena strings;           /* reasons that needed formatting */
	const char *note;        /* how it was chosen, or NULL */
	pith_candidate *cand;    /* readability's evidence, or NULL */
	size_t ncand;
	bool final;              /* "no article" is a verdict, not a miss */
	/* Nodes (nnodes) readability and MSS treat as absent, or NULL: the
	 * site templates "site" removes.  Set only while it runs. */
	const unsigned char *mask;
	budget time;             /* pith_extract's, while it runs */
};

/* Keep the text of tokens first..last: whole blocks inside, clipped
 * blocks at the ends. */
pith_code article_keep_tokens(pith_article *a, size_t first, size_t last,
                              pith_error *err);
/* Span i's block and its bytes s..e without blank edges (all of a
 * pre's), as every output format shows them. */
const pith_block *article_span(const pith_article *a, size_t i, size_t *s,
                               size_t *e);
/* Words kept, and the share of kept text inside links. */
void article_stats(const pith_article *a, size_t *words, double *link_ratio);
/* Record the one-line summary of how the article was chosen. */
pith_code article_note(pith_article *a, const char *note, pith_error *err);
/* Fill block scores as the sums of token scores. */
void article_sum_blocks(pith_article *a);
/* Allocate the per-token arrays. */
pith_code article_token_arrays(pith_article *a, pith_error *err);

/* How readability's reasons for a thread of comments start: auto asks
 * whether MSS's longer span is that thread. */
#define COMMENTS_WHY "dropped: the comments "

/* ---- sequence methods (seq.c) */
/* Maximum-sum contiguous segment of v[0..n) (Kadane).  Writes the running
 * sum (reset at zero) into running[] when non-NULL.  Returns false when no
 * segment has a positive sum.  Ties: the earliest-ending maximum, and for
 * it the shortest segment. */
bool seq_maxspan(const double *v, size_t n, double *running,
                 size_t *first, size_t *last);

/* ---- parameters and the registry (algo.c) */
/* pith_params behind its functions; the algorithms read the fields. */
struct pith_params {
	double mss_tag;      /* MSS score of a tag            (-3.25) */
	double mss_word;     /* MSS score of a word or symbol (+1)    */
	double mss_clean;    /* MSS: nonzero weighs nothing that eatiht's
	                        cleaning removes (nav, footers, embeds)  (0) */
	double ld_p;         /* linkdensity: weight of the non-link share (0.99) */
	double ld_q;         /* linkdensity: weight of the node's share of
	                        the page's text (0.01); p + q need not be 1 */
	const pith_template *tmpl;   /* pith_params_set_template */
	double site_share;   /* site: a subtree on more than this share of
	                        the site's pages is template (0.25) */
	double site_pages;   /* site: fewer pages learned removes nothing (5) */
	const pith_site *site;       /* pith_params_set_site */
	double time_limit;           /* pith_params_set_time_limit */
};

/* Every parameter at its default, in storage the caller has. */
void params_init(pith_params *p);

typedef pith_code algo_fn(const pith_doc *, const pith_params *,
                               pith_article *, pith_error *);
/* A registry entry: what pith_algorithm_at shows, and how to run it. */
typedef struct {
	pith_algorithm pub;
	algo_fn *extract;
} algo_entry;

/* The entry named name, or NULL. */
const algo_entry *algo_find(const char *name);

/* ---- algorithms: one file each */
pith_code mss_extract(const pith_doc *, const pith_params *, pith_article *,
                      pith_error *);
pith_code bte_extract(const pith_doc *, const pith_params *, pith_article *,
                      pith_error *);
pith_code readability_extract(const pith_doc *, const pith_params *,
                              pith_article *, pith_error *);
pith_code auto_extract(const pith_doc *, const pith_params *, pith_article *,
                       pith_error *);
pith_code linkdensity_extract(const pith_doc *, const pith_params *,
                              pith_article *, pith_error *);
pith_code eatiht_extract(const pith_doc *, const pith_params *,
                         pith_article *, pith_error *);
pith_code template_extract(const pith_doc *, const pith_params *,
                           pith_article *, pith_error *);
pith_code site_extract(const pith_doc *, const pith_params *, pith_article *,
                       pith_error *);

/* ---- subtree hashes (site.c): h[n] for every node, holds[n] the text
 * tokens in its subtree (both nnodes long).  PITH_ENOMEM only. */
pith_code site_hashes(const pith_doc *doc, uint64_t *h, size_t *holds);

/* ---- eatiht's cleaning phase (eatiht.c): set drop_nodes[i] (nnodes
 * bytes, zeroed by the caller) for every node the cleaning removes, its
 * subtree included: non-text elements, nav/header/footer/aside, social
 * embeds, elements named like useless sections, elements left empty.
 * The value says why (EATIHT_*).  Returns how many nodes are dropped;
 * out of time (bg, or NULL for none) it stops where it is. */
enum {
	EATIHT_KEEP = 0,
	EATIHT_TAG,        /* a non-text or navigation element */
	EATIHT_SOCIAL,     /* a social-media embed */
	EATIHT_NAME,       /* class or id names a useless section */
	EATIHT_EMPTY,      /* nothing left in it */
	EATIHT_INSIDE      /* inside a dropped element */
};
size_t eatiht_clean(const pith_doc *doc, unsigned char *drop_nodes, budget *bg);

/* ---- reasons shared by the node-choosing methods (article.c) */
/* "div#main.story": a node's tag, id and first class, for reasons. */
void reason_node_name(const pith_doc *doc, size_t n, char *out, size_t size);
/* A formatted reason kept in the article's arena; fallback when out of
 * memory. */
const char *reason_format(pith_article *a, const char *fallback,
                          const char *fmt, ...) PITH_PRINTF(3, 4);
/* The article as whole blocks: keep[b] set for kept blocks.  Fills
 * a->spans; PITH_ENOMEM only. */
pith_code reason_keep_blocks(pith_article *a, const unsigned char *keep,
                             pith_error *err);

#endif
