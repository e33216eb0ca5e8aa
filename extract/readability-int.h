/*
 * readability-int.h - what readability's files share (readability.c
 * describes the algorithm and names the files): the per-run state, the
 * thresholds, tiny accessors and the functions called across files.
 * Private to extract/readability*.c; not installed.
 */
#ifndef PITH_READABILITY_INT_H
#define PITH_READABILITY_INT_H

#include <gumbo.h>
#include <stdbool.h>
#include <stddef.h>
#include <unictype.h>
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

/* Why comments are dropped: after a heading or anchor (rd_drop_thread),
 * or a run of posts alike (rd_drop_flat). */
#define THREAD_WHY COMMENTS_WHY "(after a heading or anchor named so)"
#define FLAT_WHY COMMENTS_WHY "(a run of short posts alike after the post)"
/* rd_label's reason for a byline, compared by address. */
extern const char rd_byline_why[];

/* ---- tiny accessors, inlined in every file */

static inline GumboNode *
gnode(const rd *r, size_t n)
{
	return r->d->gnodes[n];
}

static inline GumboTag
tag(const rd *r, size_t n)
{
	return gnode(r, n)->v.element.tag;
}

static inline const char *
attr(const rd *r, size_t n, const char *name)
{
	return pith_node_attr(r->d, n, name);
}

/* Node n has no class and no id: an editor's paragraphs have none. */
static inline bool
unnamed(const rd *r, size_t n)
{
	return attr(r, n, "class") == NULL && attr(r, n, "id") == NULL;
}

static inline bool
heading_tag(const rd *r, size_t n)
{
	return tag(r, n) >= GUMBO_TAG_H1 && tag(r, n) <= GUMBO_TAG_H6;
}

static inline bool
inside(const rd *r, size_t n, size_t a)
{
	return n >= a && n < pith_doc_node(r->d, a)->end;
}

static inline double
density(const rd *r, size_t n)
{
	return r->len[n] > 0 ? r->link[n] / r->len[n] : 0;
}

/* ---- readability-names.c: class and id names */
unsigned rd_classify(const char *s);
unsigned rd_classify_memo(rd *r, const char *s);
bool rd_role_out(const char *role);
bool rd_tag_out(GumboTag t);

/* ---- readability-prepare.c: per-page counts */
const char *rd_in_page(const rd *r, const char *h);
double rd_block_run_link(const rd *r, const pith_block *blk, size_t i);
bool rd_starts(const char *s, size_t n, const char *word);
bool rd_copyright(const char *s, size_t n);
bool rd_header_row(const rd *r, size_t n);
bool rd_data_row(const rd *r, size_t b);
size_t rd_sibling_before(const rd *r, size_t n);
size_t rd_sibling_after(const rd *r, size_t n);
size_t rd_text_sibling(const rd *r, size_t n, int dir);
int rd_id_kin(const rd *r, size_t n, int dir);
size_t rd_numbers(const char *t, size_t n, size_t *v, size_t max);
pith_code rd_prepare(rd *r);

/* ---- readability-top.c: scoring, the top */
size_t rd_loose_block(const rd *r, size_t n);
bool rd_para_node(const rd *r, size_t n);
bool rd_one_p_div(const rd *r, size_t a);
bool rd_scorable(const rd *r, size_t b);
void rd_mark_excluded(rd *r, unsigned f);
void rd_score_blocks(rd *r, unsigned f);
void rd_evidence(rd *r, size_t n, pith_cand_role role, double threshold, bool passed, unsigned f);
bool rd_own_heading(const rd *r, size_t b);
bool rd_prose_block(const rd *r, size_t b);
bool rd_alike(const rd *r, size_t a, size_t b);
bool rd_kin(const rd *r, size_t a, size_t b);
bool rd_of_kind(const rd *r, size_t a, size_t b);
size_t rd_headline(const rd *r, size_t n);
bool rd_named_box(const rd *r, size_t x);
bool rd_streamed(const rd *r, size_t g, size_t c);
bool rd_in_run(const rd *r, size_t a, bool kind);
size_t rd_threaded(const rd *r, size_t t);
bool rd_captions(const rd *r, size_t b);
size_t rd_top_candidate(rd *r, unsigned f);

/* ---- readability-gather.c: gathered to the top */
bool rd_full_stop(const pith_block *blk);
bool rd_sentence_end(const pith_block *blk);
bool rd_div_caption(const rd *r, size_t n);
bool rd_paragraph(const rd *r, size_t s);
bool rd_after_paragraph(const rd *r, size_t n);
bool rd_prose_box(const rd *r, size_t n);
double rd_sentences(const rd *r, size_t n);
void rd_gather(rd *r, size_t top, unsigned f);
bool rd_digits_apart(const char *x, size_t n, const char *y, size_t m, bool *digit);
void rd_gather_alike(rd *r, size_t top);
void rd_gather_title(rd *r, size_t top);

/* ---- readability-prune.c: pruned from it */
const char *rd_reason(rd *r, const char *fallback, const char *fmt, ...);
bool rd_prose_list(const rd *r, size_t n);
bool rd_gallery(const rd *r, size_t top);
bool rd_slides(const rd *r, size_t top);
bool rd_word_list(const rd *r, size_t n);
bool rd_small_picture(const rd *r, size_t n);
size_t rd_box_img(const rd *r, size_t n, size_t within);
const char *rd_prune_reason(rd *r, size_t n, size_t top, unsigned f, double total, double ptotal);
bool rd_similar_title(const rd *r, size_t b);
bool rd_titled(const rd *r, size_t b, int max);
bool rd_title_head(const char *t, const char *h);
void rd_describe(rd *r, size_t top, unsigned f);
size_t rd_links(const pith_block *blk);
bool rd_section_heading(const pith_block *blk, double kept);
bool rd_prose_item(const rd *r, size_t n);
bool rd_holds(const char *s, size_t n, bool (*is)(ucs4_t));
bool rd_is_digit(ucs4_t c);
bool rd_is_star(ucs4_t c);
bool rd_score_line(const char *s, size_t n);
bool rd_rated(const rd *r, size_t c);
bool rd_tally(const rd *r, size_t b, size_t *lo, size_t *hi);
bool rd_slide_count(const pith_block *blk);
bool rd_slide_heading(const pith_block *blk);
const char *rd_label(const rd *r, size_t b);
size_t rd_first_text(const rd *r, size_t n);
bool rd_headed(const rd *r, size_t n);
bool rd_promised(const rd *r, size_t n);
double rd_drop_teasers(rd *r);

/* ---- readability-thread.c: comment threads */
void rd_drop_thread(rd *r, const char **dwhy);
size_t rd_signed_post(rd *r, size_t top);
double rd_counted(const rd *r, size_t t);
size_t rd_remarked(const rd *r, size_t t);
int rd_drop_flat(rd *r, const char **dwhy);

/* ---- readability-lists.c: lines and lists */
bool rd_loose_in_top(const rd *r, size_t b, size_t top);
double rd_keep_unlinked(rd *r, size_t b, double kept);
double rd_drop_kickers(rd *r, size_t t);
double rd_drop_orphans(rd *r);
double rd_drop_list_labels(rd *r);

#endif
