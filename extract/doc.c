/*
 * doc.c - parse HTML with gumbo and build the shared document model: the
 * node table, the blocks with their inline runs, and the token stream.
 *
 * One iterative walk does it all, with an explicit stack bounded by the
 * depth limit, so hostile nesting cannot overflow the C stack.  Blocks
 * are formed as a browser forms boxes: a block is the inline content
 * between two block-level boundaries, collapsed as white-space: normal
 * would show it (verbatim inside pre).
 */
#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <gumbo.h>
#include <unictype.h>
#include <unistr.h>
#include <uniwbrk.h>
#include "internal.h"

/* The guard keeps counted nesting to 1000; elements it does not count
 * (p, li, td, ...) can add more, so the walk allows twice that. */
enum { DEFAULT_MAX_DEPTH = 2048 };

enum ws { WS_CONTENT, WS_PENDING, WS_SUPPRESS };

/* Context inherited by descendants; each frame saves and restores it. */
typedef struct {
	pith_block_kind kind;
	int level, list, quote, pre;
	size_t box;        /* node of the innermost block-level element */
	size_t item;       /* frame of the li whose marker is unused, or NONE */
	size_t olist;      /* frame of the innermost ul/ol, or NONE */
	size_t row;        /* frame of the data-table row, or NONE */
	bool head;         /* in <head>: no blocks, no tokens */
	bool notext;       /* text here is not content (svg, select, ...) */
	bool noscript;     /* in <noscript>: only its images count */
	unsigned style;
	const char *href;
} ctx;

typedef struct {
	GumboNode *g;
	size_t node;
	size_t next;       /* next child to visit */
	bool block;        /* a block boundary on leaving */
	ctx saved;
	int counter, step; /* ol numbering */
	bool marker;       /* li: marker not yet given to a block */
	int ordered, number;
	int cells;         /* data row: cells seen */
	signed char text_kids;  /* a child is text: -1 not yet asked */
} frame;

typedef struct {
	pith_doc *doc;
	bool tokens;       /* store the token stream (else count words only) */
	/* The second walk's first: its nodes' names, so the walk needs none
	 * of the input, which the caller may have freed by then. */
	const pith_doc *first;
	size_t cap_nodes, cap_gnodes, cap_blocks, cap_bwords, cap_bwrap, cap_runs, cap_tokens,
	    cap_images;
	buf text;
	frame *stack;
	size_t depth, max_depth;
	ctx c;
	bool open;         /* a block is being filled */
	size_t bstart, tstart;
	enum ws ws;
	unsigned ws_style;  /* where the pending space was seen */
	const char *ws_href;
	int pending_tabs;
	size_t unassigned; /* first tag token not yet given to a block */
	char *brk;
	size_t brkcap;
	char *fix;          /* a string of gumbo's mended to UTF-8 */
	size_t fixcap;
	bool title_done, base_done, canon_done, oom;
	/* An image inside a line waits for what follows it to say where it
	 * stands (image_place); tight: one was just placed, nothing since. */
	bool img_wait, img_tight;
	pith_image img;
	const char *page_url;
	url_base base;     /* doc->url, parsed for the links (link_resolve) */
} builder;

/* ------------------------------------------------------------- tags */

bool
doc_tag_block(int t)
{
	switch (t) {
	case GUMBO_TAG_ADDRESS: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_BODY: case GUMBO_TAG_CAPTION:
	case GUMBO_TAG_CENTER: case GUMBO_TAG_DD: case GUMBO_TAG_DETAILS:
	case GUMBO_TAG_DIR: case GUMBO_TAG_DIV:
	case GUMBO_TAG_DL: case GUMBO_TAG_DT: case GUMBO_TAG_FIELDSET:
	case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_FIGURE: case GUMBO_TAG_FOOTER:
	case GUMBO_TAG_FORM: case GUMBO_TAG_H1: case GUMBO_TAG_H2:
	case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
	case GUMBO_TAG_H6: case GUMBO_TAG_HEADER: case GUMBO_TAG_HGROUP:
	case GUMBO_TAG_HR: case GUMBO_TAG_HTML: case GUMBO_TAG_LEGEND:
	case GUMBO_TAG_LI: case GUMBO_TAG_LISTING: case GUMBO_TAG_MAIN:
	case GUMBO_TAG_MENU: case GUMBO_TAG_NAV: case GUMBO_TAG_OL:
	case GUMBO_TAG_P: case GUMBO_TAG_PLAINTEXT: case GUMBO_TAG_PRE:
	case GUMBO_TAG_SECTION: case GUMBO_TAG_SUMMARY: case GUMBO_TAG_TABLE:
	case GUMBO_TAG_TBODY: case GUMBO_TAG_TD: case GUMBO_TAG_TFOOT:
	case GUMBO_TAG_TH: case GUMBO_TAG_THEAD: case GUMBO_TAG_TR:
	case GUMBO_TAG_UL: case GUMBO_TAG_XMP:
		return true;
	default:
		return false;
	}
}

/* Subtrees that are never content: not walked at all. */
static bool
tag_is_dropped(GumboTag t)
{
	return t == GUMBO_TAG_SCRIPT || t == GUMBO_TAG_STYLE ||
	    t == GUMBO_TAG_TEMPLATE;
}

/* Elements walked (their tags count) but whose text is not prose. */
static bool
tag_is_notext(GumboTag t)
{
	return t == GUMBO_TAG_SVG || t == GUMBO_TAG_IFRAME || t == GUMBO_TAG_SELECT ||
	    t == GUMBO_TAG_TEXTAREA || t == GUMBO_TAG_VIDEO ||
	    t == GUMBO_TAG_AUDIO || t == GUMBO_TAG_CANVAS ||
	    t == GUMBO_TAG_NOFRAMES || t == GUMBO_TAG_OBJECT;
}

static bool
tag_is_void(GumboTag t)
{
	switch (t) {
	case GUMBO_TAG_AREA: case GUMBO_TAG_BASE: case GUMBO_TAG_BR:
	case GUMBO_TAG_COL: case GUMBO_TAG_EMBED: case GUMBO_TAG_HR:
	case GUMBO_TAG_IMG: case GUMBO_TAG_INPUT: case GUMBO_TAG_LINK:
	case GUMBO_TAG_META: case GUMBO_TAG_PARAM: case GUMBO_TAG_SOURCE:
	case GUMBO_TAG_TRACK: case GUMBO_TAG_WBR:
		return true;
	default:
		return false;
	}
}

static unsigned
tag_style(GumboTag t)
{
	switch (t) {
	case GUMBO_TAG_EM: case GUMBO_TAG_I: case GUMBO_TAG_CITE:
	case GUMBO_TAG_DFN: case GUMBO_TAG_VAR:
		return PITH_STYLE_EMPH;
	case GUMBO_TAG_STRONG: case GUMBO_TAG_B:
		return PITH_STYLE_STRONG;
	case GUMBO_TAG_CODE: case GUMBO_TAG_KBD: case GUMBO_TAG_SAMP:
	case GUMBO_TAG_TT:
		return PITH_STYLE_CODE;
	default:
		return 0;
	}
}

const char *
node_attr(const GumboNode *g, const char *name)
{
	const GumboVector *v = &g->v.element.attributes;

	if (g->type != GUMBO_NODE_ELEMENT && g->type != GUMBO_NODE_TEMPLATE)
		return NULL;
	for (unsigned i = 0; i < v->length; i++) {
		const GumboAttribute *a = v->data[i];

		if (a->name[0] == name[0] && strcmp(a->name, name) == 0)
			return a->value;
	}
	return NULL;
}

/* The element next to g among its siblings, before it (step -1) or
 * after it (+1), whitespace and comments aside; NULL if none or if text
 * stands between them.  Going back, i wraps past 0 and the loop ends. */
static const GumboNode *
adjacent(const GumboNode *g, int step)
{
	const GumboNode *p = g->parent;

	if (p == NULL || (p->type != GUMBO_NODE_ELEMENT &&
	    p->type != GUMBO_NODE_TEMPLATE))
		return NULL;
	for (size_t i = g->index_within_parent + step; i < p->v.element.children.length;
	    i += step) {
		const GumboNode *k = p->v.element.children.data[i];

		if (k->type == GUMBO_NODE_ELEMENT)
			return k;
		if (k->type != GUMBO_NODE_WHITESPACE &&
		    k->type != GUMBO_NODE_COMMENT)
			return NULL;
	}
	return NULL;
}

/* The bytes of g's text, counted up to max, and copied into out (of
 * max + 1 bytes) unless it is NULL; a walk by parent links, as doc.c's
 * own walk is, not recursion on the C stack. */
static size_t
text_upto(const GumboNode *g, size_t max, char *out)
{
	const GumboNode *k = g;
	size_t n = 0;

	while (n < max) {
		if (k->type == GUMBO_NODE_TEXT) {
			size_t l = strlen(k->v.text.text);

			if (out != NULL)
				memcpy(out + n, k->v.text.text, l < max - n ? l : max - n);
			n += l;
		}
		if (k->type == GUMBO_NODE_ELEMENT && k->v.element.children.length > 0) {
			k = k->v.element.children.data[0];
			continue;
		}
		/* Up to the first ancestor with a next child, stopping at g. */
		while (k != g && k->index_within_parent + 1 >= k->parent->v.element.children.length)
			k = k->parent;
		if (k == g)
			break;
		k = k->parent->v.element.children.data[k->index_within_parent + 1];
	}
	if (out != NULL)
		out[n < max ? n : max] = '\0';
	return n;
}

/* s is a short control a script opens something with: a <button>, or
 * a link with onclick or an href of "#" or "javascript:". */
static bool
control(const GumboNode *s)
{
	const char *href;

	return s != NULL && (s->v.element.tag == GUMBO_TAG_BUTTON ||
	    (s->v.element.tag == GUMBO_TAG_A && (node_attr(s, "onclick") != NULL ||
	    ((href = node_attr(s, "href")) != NULL && (*href == '#' ||
	    strncmp(href, "javascript:", 11) == 0))))) && text_upto(s, 41, NULL) <= 40;
}

/* g is a script's link alone on its line ("Close this window", "Print
 * this page", "Show more"): an <a> going nowhere (a "javascript:" or
 * bare "#" href, or an onclick and no href) with short text, and no
 * text beside it up to the box it is in: what it does, not text.  One
 * among words ("see the <a>glossary</a>") is the sentence's. */
static bool
script_line(const GumboNode *g)
{
	const char *href = node_attr(g, "href");
	const GumboNode *k = g;

	if (href != NULL)
		href += strspn(href, " \t\n\r\f");
	if (g->v.element.tag != GUMBO_TAG_A || !control(g) || (href == NULL ?
	    node_attr(g, "onclick") == NULL : strcmp(href, "#") != 0 &&
	    strncasecmp(href, "javascript:", 11) != 0))
		return false;
	/* A link around paragraphs, or lines broken by <br>, holds
	 * text, not a label. */
	for (size_t i = 0; i < g->v.element.children.length; i++) {
		const GumboNode *c = g->v.element.children.data[i];

		if (c->type == GUMBO_NODE_ELEMENT && (doc_tag_block(c->v.element.tag) ||
		    c->v.element.tag == GUMBO_TAG_BR))
			return false;
	}
	for (;;) {
		const GumboNode *p = k->parent;
		const GumboVector *v;

		if (p == NULL || p->type != GUMBO_NODE_ELEMENT)
			return false;
		v = &p->v.element.children;
		/* Outward from k to the nearest text or inline element on
		 * the line: each scan stops at the next link, so a page of
		 * many stays linear. */
		for (int step = -1; step <= 1; step += 2)
			for (size_t i = k->index_within_parent + step; i < v->length; i += step) {
				const GumboNode *c = v->data[i];

				if (c->type == GUMBO_NODE_WHITESPACE || c->type == GUMBO_NODE_COMMENT)
					continue;
				if (c->type != GUMBO_NODE_ELEMENT ||
				    (!doc_tag_block(c->v.element.tag) &&
				    c->v.element.tag != GUMBO_TAG_BR))
					return false;
			}
		if (doc_tag_block(p->v.element.tag))
			return true;
		k = p;
	}
}

bool
node_permalink(const GumboNode *s, const char *href)
{
	char text[9];
	size_t n;

	if (s->v.element.tag != GUMBO_TAG_A || href == NULL || *href != '#' || href[1] == '\0' ||
	    (n = text_upto(s, sizeof text - 1, text)) == 0 || n > sizeof text - 1)
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)text[i];

		/* ASCII letters and digits are words; of the rest, only
		 * the leads of Latin-1's signs, of punctuation and symbols
		 * (U+2000-U+2FFF) and of pictographs. */
		if (c < 0x80 ? isalnum(c) : c >= 0xc0 && c != 0xc2 && c != 0xe2 && c != 0xf0)
			return false;
	}
	return true;
}

/* s is a dead link, a script's control, counting what it does: an <a>
 * going nowhere (no href, or "#" or "javascript:"; not a named anchor)
 * whose short text holds a number and a word ("14823Share", "Comments
 * 12", "Like 310").  Its label and count are the page's furniture; in
 * the line of the controls beside it they run into the text. */
static bool
counter(const GumboNode *s)
{
	const GumboNode *k;
	const char *href;
	char text[41];
	bool digit = false, word = false;

	if (s->v.element.tag != GUMBO_TAG_A || node_attr(s, "name") != NULL ||
	    ((href = node_attr(s, "href")) != NULL && strcmp(href, "") != 0 &&
	    strcmp(href, "#") != 0 && strncmp(href, "javascript:", 11) != 0) ||
	    text_upto(s, sizeof text - 1, text) > sizeof text - 1)
		return false;
	for (const char *t = text; *t; t++) {
		digit |= *t >= '0' && *t <= '9';
		word |= (unsigned char)*t >= 0x80 || isalpha((unsigned char)*t);
	}
	if (!digit || !word)
		return false;
	/* In a paragraph it is a sentence's word ("see Table 2"). */
	for (k = s->parent; k != NULL && k->type == GUMBO_NODE_ELEMENT &&
	    !doc_tag_block(k->v.element.tag); k = k->parent)
		;
	return k == NULL || k->type != GUMBO_NODE_ELEMENT || k->v.element.tag != GUMBO_TAG_P;
}

/* g hides from the eye and shows to a screen reader only, in a line of
 * text: its class is one of the frameworks' names for that rule
 * (Bootstrap's, WordPress's, Drupal's, the HTML5 boilerplate's), and it
 * sits in a paragraph, item, heading or cell.  Its "(opens in a new
 * tab)" or ", footnote 1" runs into the sentence.  Alone in a box (a
 * skip link's "Continue reading the main story") it is left to the
 * rules of boxes: Readability.js keeps it, and so does the corpus of
 * its test pages. */
static bool
unseen(const GumboNode *g, const char *k)
{
	static const char *const names[] = {
		"sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text",
		"screen-reader-only", "element-invisible", "u-visually-hidden",
		"a11y-hidden", "assistive-text",
	};
	const GumboNode *p = g->parent;
	size_t i;

	/* Most named elements are boxes: asked first, it spares their
	 * class lists the names' scan. */
	if (k == NULL || doc_tag_block(g->v.element.tag))
		return false;
	/* One pass over the class list, not one a name. */
	for (i = sizeof names / sizeof names[0]; *k && i == sizeof names / sizeof names[0]; ) {
		size_t n;

		k += strspn(k, " \t\n\r\f");
		n = strcspn(k, " \t\n\r\f");
		for (i = 0; n > 0 && i < sizeof names / sizeof names[0]; i++)
			if (strlen(names[i]) == n && strncasecmp(k, names[i], n) == 0)
				break;
		if (n == 0)
			i = sizeof names / sizeof names[0];
		k += n;
	}
	if (i == sizeof names / sizeof names[0])
		return false;
	while (p != NULL && p->type == GUMBO_NODE_ELEMENT && !doc_tag_block(p->v.element.tag))
		p = p->parent;
	if (p == NULL || p->type != GUMBO_NODE_ELEMENT)
		return false;
	switch (p->v.element.tag) {
	case GUMBO_TAG_P: case GUMBO_TAG_LI: case GUMBO_TAG_DD: case GUMBO_TAG_DT:
	case GUMBO_TAG_TD: case GUMBO_TAG_TH: case GUMBO_TAG_H1: case GUMBO_TAG_H2:
	case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
		return true;
	default:
		return false;
	}
}

/* A component's loading or error stand-in: a custom element's child
 * marked placeholder, fallback or overflow (AMP's "Loading ad...",
 * "See the full map") shows only until, or unless, the component's
 * own content loads. */
static bool
stand_in(const GumboNode *g, const char *parent)
{
	return strchr(parent, '-') != NULL && (node_attr(g, "placeholder") != NULL ||
	    node_attr(g, "fallback") != NULL || node_attr(g, "overflow") != NULL);
}

/* A "read more" remainder: g opens with a paragraph, and just before it
 * stand a paragraph and a control (see control) a script opens g with;
 * or g is a <span> ending a paragraph of visible text, the control just
 * after the paragraph.  A hidden menu follows its toggle but no
 * paragraph; a modal or cookie notice no control; a hidden note between
 * paragraphs (an embargo, a members' offer) none. */
static bool
read_more(const GumboNode *g)
{
	const GumboNode *s = adjacent(g, -1), *k = NULL, *p = g->parent;

	if (g->v.element.tag == GUMBO_TAG_SPAN && p != NULL && p->type == GUMBO_NODE_ELEMENT &&
	    p->v.element.tag == GUMBO_TAG_P) {
		size_t i = g->index_within_parent + 1;

		while (i < p->v.element.children.length &&
		    ((const GumboNode *)p->v.element.children.data[i])->type == GUMBO_NODE_WHITESPACE)
			i++;
		return i == p->v.element.children.length && control(adjacent(p, 1)) &&
		    text_upto(p, 1000, NULL) > text_upto(g, 1000, NULL);
	}
	for (unsigned i = 0; i < g->v.element.children.length && k == NULL; i++)
		if (((const GumboNode *)g->v.element.children.data[i])->type == GUMBO_NODE_ELEMENT)
			k = g->v.element.children.data[i];
	if (s == NULL || k == NULL || k->v.element.tag != GUMBO_TAG_P || !control(s))
		return false;
	s = adjacent(s, -1);
	return s != NULL && s->v.element.tag == GUMBO_TAG_P && text_upto(s, 1, NULL) > 0;
}

/* The element before g among its siblings, or its first element child
 * (a heading's button), opens and closes g (aria-expanded): g hidden is
 * a collapsed accordion's panel, a FAQ's answer, the page's text a click
 * away (a dropdown menu so shown still goes for its links).  So is a
 * "read more" remainder (see read_more). */
bool
node_collapsed(const GumboNode *g)
{
	const GumboNode *s;

	if (g->type != GUMBO_NODE_ELEMENT)
		return false;
	if (read_more(g))
		return true;
	if ((s = adjacent(g, -1)) == NULL)
		return false;
	if (node_attr(s, "aria-expanded") != NULL)
		return true;
	for (unsigned i = 0; i < s->v.element.children.length; i++) {
		const GumboNode *k = s->v.element.children.data[i];

		if (k->type == GUMBO_NODE_ELEMENT)
			return node_attr(k, "aria-expanded") != NULL;
	}
	return false;
}

static const char *
attr(GumboNode *g, const char *name)
{
	return node_attr(g, name);
}

/* s[0..*n) as UTF-8: s itself, nearly always, else a copy in b->fix
 * (NUL-terminated, *n its length) where each byte that starts no
 * character is U+FFFD.  Gumbo decodes a numeric reference too large for
 * its counter (&#8211666...;) as a lone byte, not U+FFFD.  NULL when
 * out of memory. */
static const char *
mend_utf8(builder *b, const char *s, size_t *n)
{
	const uint8_t *u = (const uint8_t *)s;
	size_t k = 0;

	if (s == NULL || u8_check(u, *n) == NULL)
		return s;
	if (!grow(&b->fix, &b->fixcap, 3 * *n + 1, 1)) {
		b->oom = true;
		return NULL;
	}
	for (size_t i = 0; i < *n; ) {
		ucs4_t uc;
		int m = u8_mbtoucr(&uc, u + i, *n - i);

		if (m > 0) {
			memcpy(b->fix + k, s + i, (size_t)m);
			k += (size_t)m;
			i += (size_t)m;
		} else {
			memcpy(b->fix + k, "\xef\xbf\xbd", 3);
			k += 3;
			i++;
		}
	}
	b->fix[k] = '\0';
	*n = k;
	return b->fix;
}

/* An attribute's value as UTF-8 (mend_utf8), or NULL. */
static const char *
attr_utf8(builder *b, GumboNode *g, const char *name)
{
	const char *v = attr(g, name);
	size_t n = v != NULL ? strlen(v) : 0;

	return mend_utf8(b, v, &n);
}

/* The lower-case name of an element gumbo does not know. */
static const char *
unknown_tag_name(builder *b, GumboNode *g)
{
	GumboStringPiece t = g->v.element.original_tag;
	char name[64];
	size_t i = 0, n = 0;

	if (t.length > 0 && t.data[0] == '<')
		i = 1;
	for (; i < t.length && n < sizeof name - 1; i++) {
		char ch = t.data[i];

		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
		    ch == '\f' || ch == '/' || ch == '>')
			break;
		name[n++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch + 32) : ch;
	}
	if (n == 0)
		return "unknown";
	const char *s = arena_strndup(&b->doc->strings, name, n);
	if (s == NULL)
		b->oom = true;
	return s != NULL ? s : "unknown";
}

/* ------------------------------------------------------------ blocks */

static void
token_push(builder *b, pith_token_kind kind, size_t node, size_t start,
           size_t len)
{
	pith_doc *d = b->doc;

	if (kind == PITH_TOKEN_WORD && b->open)
		d->bwords[d->nblocks - 1]++;
	if (kind != PITH_TOKEN_TAG && b->open && node != PITH_NONE) {
		size_t *w = &d->bwrap[d->nblocks - 1];

		/* The elements open now (on the stack, at their depth)
		 * are node's ancestors: the block's wrapper climbs to the
		 * nearest of them. */
		if (*w == PITH_NONE)
			*w = node;
		while (*w != PITH_NONE && ((size_t)d->nodes[*w].depth >= b->depth ||
		    b->stack[d->nodes[*w].depth].node != *w))
			*w = d->nodes[*w].parent;
	}
	if (!b->tokens)
		return;
	if (!grow(&d->tokens, &b->cap_tokens, d->ntokens + 1, sizeof *d->tokens)) {
		b->oom = true;
		return;
	}
	d->tokens[d->ntokens++] = (pith_token){
		.kind = kind, .node = node, .start = start, .len = len,
		.block = b->open ? d->nblocks - 1 : PITH_NONE,
	};
}

/* The waiting image stands here, at the open block's end. */
static void
image_place(builder *b)
{
	pith_doc *d = b->doc;

	if (!b->img_wait)
		return;
	b->img_wait = false;
	b->img_tight = true;
	if (!grow(&d->images, &b->cap_images, d->nimages + 1, sizeof *d->images)) {
		b->oom = true;
		return;
	}
	b->img.block = d->nblocks - 1;
	b->img.at = b->text.len - b->bstart;
	d->images[d->nimages++] = b->img;
}

/* Append bytes to the open block in a style; plain bytes (tabs, line
 * breaks) join whatever run precedes them. */
static void
emit_styled(builder *b, const char *s, size_t n, bool plain, unsigned style,
            const char *href)
{
	pith_doc *d = b->doc;
	pith_block *blk = &d->blocks[d->nblocks - 1];
	pith_run *last = blk->nruns ? &d->runs[d->nruns - 1] : NULL;
	size_t at = b->text.len - b->bstart;

	image_place(b);
	b->img_tight = false;

	if (last != NULL && (plain || (last->style == style &&
	    last->href == href))) {
		last->len += n;
	} else if (grow(&d->runs, &b->cap_runs, d->nruns + 1, sizeof *d->runs)) {
		d->runs[d->nruns++] = (pith_run){
			.start = at, .len = n, .style = style, .href = href,
		};
		blk->nruns++;
	} else {
		b->oom = true;
		return;
	}
	buf_put(&b->text, s, n);
}

static void
emit(builder *b, const char *s, size_t n, bool plain)
{
	emit_styled(b, s, n, plain, b->c.style, b->c.href);
}

/* Open a block of that kind: the block, or NULL when out of memory. */
static pith_block *
block_begin(builder *b, pith_block_kind kind)
{
	pith_doc *d = b->doc;
	pith_block *blk;
	size_t t;

	if (!grow(&d->blocks, &b->cap_blocks, d->nblocks + 1, sizeof *d->blocks) ||
	    !grow(&d->bwords, &b->cap_bwords, d->nblocks + 1, sizeof *d->bwords) ||
	    !grow(&d->bwrap, &b->cap_bwrap, d->nblocks + 1, sizeof *d->bwrap)) {
		b->oom = true;
		return NULL;
	}
	d->bwords[d->nblocks] = 0;
	d->bwrap[d->nblocks] = PITH_NONE;
	blk = &d->blocks[d->nblocks++];
	*blk = (pith_block){
		.kind = kind, .level = b->c.level, .list = b->c.list,
		.quote = b->c.quote, .node = b->c.box,
	};
	if (kind == PITH_BLOCK_PARA && b->c.item != PITH_NONE &&
	    b->stack[b->c.item].marker) {
		frame *li = &b->stack[b->c.item];

		blk->kind = PITH_BLOCK_ITEM;
		blk->ordered = li->ordered;
		blk->number = li->number;
		li->marker = false;
	}
	b->open = true;
	b->bstart = b->text.len;
	b->tstart = b->unassigned;
	b->ws = WS_SUPPRESS;
	/* The tags since the last block closed are this block's cost. */
	for (t = b->unassigned; t < d->ntokens; t++)
		d->tokens[t].block = d->nblocks - 1;
	while (b->pending_tabs > 0 && !b->oom) {
		emit(b, "\t", 1, true);
		b->pending_tabs--;
	}
	return blk;
}

static bool
is_space(unsigned char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f';
}

/* Drop n bytes from the end of the open block. */
static void
block_trim(builder *b, size_t n)
{
	pith_doc *d = b->doc;
	pith_block *blk = &d->blocks[d->nblocks - 1];

	while (n > 0 && blk->nruns > 0) {
		pith_run *r = &d->runs[d->nruns - 1];
		size_t k = n < r->len ? n : r->len;

		r->len -= k;
		b->text.len -= k;
		n -= k;
		if (r->len == 0) {
			d->nruns--;
			blk->nruns--;
		}
	}
}

static void
block_end(builder *b)
{
	pith_doc *d = b->doc;
	pith_block *blk;
	size_t len, i;
	bool content = false;

	if (!b->open)
		return;
	image_place(b);
	blk = &d->blocks[d->nblocks - 1];
	len = b->text.len - b->bstart;
	while (len > 0 && (is_space((unsigned char)b->text.data[b->bstart + len - 1]) &&
	    (blk->kind == PITH_BLOCK_PRE || b->text.data[b->bstart + len - 1] == '\n')))
		len--;
	block_trim(b, b->text.len - b->bstart - len);
	/* A no-break space alone (<p>&nbsp;</p>, a CMS's spacer) shows
	 * nothing either. */
	for (i = 0; i < len && !content; i++) {
		const char *c = b->text.data + b->bstart + i;

		if (i + 1 < len && memcmp(c, "\xc2\xa0", 2) == 0)
			i++;
		else
			content = !is_space((unsigned char)*c);
	}
	if (!content && blk->kind != PITH_BLOCK_RULE && blk->kind != PITH_BLOCK_IMAGE) {
		/* Nothing to show (a blank pre): forget it, its tags
		 * go to the next block. */
		for (i = b->tstart; i < d->ntokens; i++)
			d->tokens[i].block = PITH_NONE;
		while (d->nimages > 0 && d->images[d->nimages - 1].block == d->nblocks - 1)
			d->nimages--;
		d->nruns -= blk->nruns;
		d->nblocks--;
		b->text.len = b->bstart;
		b->unassigned = b->tstart;
		b->open = false;
		return;
	}
	blk->len = len;
	for (i = d->nimages; i > 0 && d->images[i - 1].block == d->nblocks - 1; i--)
		if (d->images[i - 1].at > len)
			d->images[i - 1].at = len;
	buf_putc(&b->text, '\0');
	b->open = false;
	b->ws = WS_SUPPRESS;
	b->pending_tabs = 0;
	b->unassigned = d->ntokens;
}

/* ---------------------------------------------------------- words */

/* UAX #29 word-break classes of the ASCII characters, as libunistring's
 * uc_wordbreak_property gives them (test_doc checks every byte); WB_X
 * for the bytes of other characters. */
enum { WB_O, WB_AL, WB_NU, WB_ML, WB_MN, WB_MNL, WB_SQ, WB_DQ, WB_ENL, WB_CR,
	WB_LF, WB_NL, WB_WS, WB_X };
#define WB_X16 WB_X, WB_X, WB_X, WB_X, WB_X, WB_X, WB_X, WB_X, \
	WB_X, WB_X, WB_X, WB_X, WB_X, WB_X, WB_X, WB_X
static const unsigned char wb_class[256] = {
	['\n'] = WB_LF, ['\v'] = WB_NL, ['\f'] = WB_NL, ['\r'] = WB_CR,
	[' '] = WB_WS, ['"'] = WB_DQ, ['\''] = WB_SQ, [','] = WB_MN,
	['.'] = WB_MNL, [':'] = WB_ML, [';'] = WB_MN, ['_'] = WB_ENL,
	['0'] = WB_NU, WB_NU, WB_NU, WB_NU, WB_NU, WB_NU, WB_NU, WB_NU, WB_NU,
	WB_NU,
	['A'] = WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL,
	WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL,
	WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL,
	['a'] = WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL,
	WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL,
	WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL, WB_AL,
	[0x80] = WB_X16, WB_X16, WB_X16, WB_X16, WB_X16, WB_X16, WB_X16, WB_X16,
};
#undef WB_X16

#define WB(c) (1u << (c))
/* The classes after which each class does not break: letters, digits
 * and connectors join (WB5, WB8-10, WB13a-b), spaces join (WB3d), CR
 * joins LF (WB3); newlines break on both sides (WB3a-b), the rest
 * everywhere (WB999). */
static const unsigned wb_join[WB_X] = {
	[WB_AL] = WB(WB_AL) | WB(WB_NU) | WB(WB_ENL),
	[WB_NU] = WB(WB_AL) | WB(WB_NU) | WB(WB_ENL),
	[WB_ENL] = WB(WB_AL) | WB(WB_NU) | WB(WB_ENL),
	[WB_WS] = WB(WB_WS),
	[WB_CR] = WB(WB_LF),
};

/* The breaks of ASCII text from s[i] on, by the table, up to the first
 * byte that is not ASCII: its index, or n.  s[i] starts the text or
 * follows a certain break (wb_split). */
static size_t
wb_ascii(const uint8_t *s, size_t i, size_t n, char *p)
{
	unsigned last, second = WB_X, c;

	if ((last = wb_class[s[i]]) == WB_X)
		return i;
	p[i] = i > 0;                     /* WB1, or the split */
	for (i++; i < n; i++, second = last, last = c) {
		if ((c = wb_class[s[i]]) == WB_X)
			return i;
		/* A letter after letter and MidLetter, a digit after digit
		 * and MidNum: the punctuation joins both (WB6-7, WB11-12). */
		if ((WB(last) & (WB(WB_ML) | WB(WB_MN) | WB(WB_MNL) | WB(WB_SQ))) &&
		    ((c == WB_AL && second == WB_AL && last != WB_MN) ||
		    (c == WB_NU && second == WB_NU && last != WB_ML))) {
			p[i - 1] = 0;
			p[i] = 0;
		} else {
			p[i] = !(wb_join[last] & WB(c));
		}
	}
	return n;
}

/* A break is certain before a space that follows a printable ASCII
 * character: no rule joins the two, and none looks across the space
 * (the rules that look two characters back or ahead need a letter,
 * digit or MidLetter there, and Extend and Format attach to the space). */
static bool
wb_split(const uint8_t *s, size_t i)
{
	return s[i] == ' ' && s[i - 1] > 0x20 && s[i - 1] < 0x7f;
}

/* u8_wordbreaks, with ASCII text (most of the text pith sees) done
 * here: libunistring's rules reduce to these for ASCII (no Extend,
 * Format, ZWJ, Hebrew, Katakana or regional indicators), and a table
 * lookup per byte is several times faster than its general path.  A
 * word that is not ASCII goes to libunistring, from the certain break
 * before it to the one after it (wb_split). */
void
doc_wordbreaks(const uint8_t *s, size_t n, char *p)
{
	size_t start = 0, i, a, b;

	while (start < n && (i = wb_ascii(s, start, n, p)) < n) {
		for (a = i; a > start && !wb_split(s, a); a--)
			;
		for (b = i + 1; b < n && !wb_split(s, b); b++)
			;
		u8_wordbreaks(s + a, b - a, p + a);
		p[a] = a > 0;
		start = b;
	}
}
#undef WB

/* Split a stretch of block text into word and symbol tokens (UAX #29). */
static void
tokenise(builder *b, size_t from, size_t node)
{
	const uint8_t *s = (const uint8_t *)b->text.data + from;
	size_t n = b->text.len - from, i, j;

	if (n == 0)
		return;
	if (!grow(&b->brk, &b->brkcap, n, 1)) {
		b->oom = true;
		return;
	}
	doc_wordbreaks(s, n, b->brk);
	for (i = 0; i < n; i = j) {
		bool word = false, blank = true;

		for (j = i + 1; j < n && !b->brk[j]; j++)
			;
		for (size_t k = i; k < j && !word; ) {
			ucs4_t uc;
			int m;

			/* ASCII, as the Unicode calls below would judge it:
			 * letters and digits are words, controls and the
			 * space blank. */
			if (s[k] < 0x80) {
				unsigned ch = s[k];

				word = ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z') ||
				    (ch >= '0' && ch <= '9');
				blank &= ch <= 0x20 || ch == 0x7f;
				k++;
				continue;
			}
			m = u8_mbtouc(&uc, s + k, j - k);

			word = uc_is_alnum(uc);
			/* Spaces and invisible format characters (no-break
			 * and zero-width spaces, separators) are not tokens. */
			blank &= uc_is_general_category(uc, UC_CATEGORY_Z) ||
			    uc_is_general_category(uc, UC_CATEGORY_Cf) ||
			    uc_is_general_category(uc, UC_CATEGORY_Cc);
			k += m > 0 ? (size_t)m : 1;
		}
		if (!word && blank)
			continue;
		token_push(b, word ? PITH_TOKEN_WORD : PITH_TOKEN_SYMBOL, node,
		    from - b->bstart + i, j - i);
	}
}

/* Bytes to leave out of text: C0 and C1 controls and DEL.  Returns the
 * length of the control at s (0 if none). */
static size_t
control_len(const unsigned char *s, size_t n)
{
	if (s[0] < 0x20 || s[0] == 0x7f)
		return 1;
	if (s[0] == 0xc2 && n > 1 && s[1] >= 0x80 && s[1] <= 0x9f)
		return 2;
	return 0;
}

/* What add_text sees in a byte: text, white space (as is_space), a
 * control (as control_len), or 0xC2, which starts a C1 control or a
 * character. */
enum { TC_TEXT, TC_SPACE, TC_CTRL, TC_C2 };
static const unsigned char text_class[256] = {
	TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL,
	TC_CTRL, TC_SPACE, TC_SPACE, TC_CTRL, TC_SPACE, TC_SPACE, TC_CTRL, TC_CTRL,
	TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL,
	TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL, TC_CTRL,
	[' '] = TC_SPACE, [0x7f] = TC_CTRL, [0xc2] = TC_C2,
};

/* The end of the word starting at s[i] (text that is neither white
 * space nor a control): what
 * for (j = i; j < n && !is_space(s[j]) && !control_len(s + j, n - j); j++)
 * finds, a table lookup a byte. */
static size_t
word_end(const unsigned char *s, size_t j, size_t n)
{
	for (;;) {
		while (j < n && text_class[s[j]] == TC_TEXT)
			j++;
		if (j < n && text_class[s[j]] == TC_C2 && !control_len(s + j, n - j)) {
			j++;
			continue;
		}
		return j;
	}
}

/* White space after content: one space, in the style it was seen in,
 * goes out before the next word. */
static inline void
ws_seen(builder *b)
{
	if (b->ws == WS_CONTENT) {
		b->ws = WS_PENDING;
		b->ws_style = b->c.style;
		b->ws_href = b->c.href;
	}
}

/* The rest of a text node once one of its words is in the open block:
 * every later space and word is in the node's style, which the last run
 * has now, so the collapsed text is written straight into the buffer
 * and that run grows by it (emit's work, without a call a word). */
static void
add_text_rest(builder *b, const unsigned char *s, size_t n, size_t *ip)
{
	pith_doc *d = b->doc;
	size_t i = *ip, start = b->text.len, k;
	char *o;

	/* Each byte in gives at most one out; one more for buf's NUL. */
	if (!grow(&b->text.data, &b->text.cap, b->text.len + (n - i) + 1, 1)) {
		b->oom = b->text.oom = true;
		return;
	}
	o = b->text.data + b->text.len;
	while (i < n) {
		size_t j;

		if (text_class[s[i]] == TC_SPACE) {
			ws_seen(b);
			i++;
			continue;
		}
		if ((k = control_len(s + i, n - i)) > 0) {
			i += k;
			continue;
		}
		j = word_end(s, i + 1, n);
		if (b->ws == WS_PENDING)
			*o++ = ' ';
		memcpy(o, s + i, j - i);
		o += j - i;
		b->ws = WS_CONTENT;
		i = j;
	}
	b->text.len = (size_t)(o - b->text.data);
	d->runs[d->nruns - 1].len += b->text.len - start;
	*ip = i;
}

static void
add_text(builder *b, const char *text, size_t n, size_t node)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, mark;

	if (b->c.notext || b->c.head)
		return;
	mark = b->open ? b->text.len : PITH_NONE;
	while (i < n && !b->oom) {
		size_t j, k;

		if (b->c.pre) {
			if (s[i] == '\n' || s[i] == '\t' || !(k = control_len(s + i, n - i))) {
				for (j = i + 1; j < n && (s[j] == '\n' || s[j] == '\t' ||
				    !control_len(s + j, n - j)); j++)
					;
				if (!b->open) {
					block_begin(b, b->c.kind);
					mark = b->text.len;
				}
				if (!b->open)
					return;     /* out of memory */
				emit(b, text + i, j - i, false);
				i = j;
			} else {
				i += k;
			}
			continue;
		}
		if (is_space(s[i])) {
			/* White space after an image: it stood before it. */
			image_place(b);
			b->img_tight = false;
			ws_seen(b);
			i++;
			continue;
		}
		if ((k = control_len(s + i, n - i)) > 0) {
			i += k;
			continue;
		}
		j = word_end(s, i + 1, n);
		if (!b->open) {
			block_begin(b, b->c.kind);
			mark = b->text.len;
		}
		if (!b->open)
			return;     /* out of memory */
		if (b->ws == WS_PENDING && b->img_wait && b->img.space) {
			/* "word <img>word": the space went before the image. */
			b->img_wait = false;
			emit_styled(b, " ", 1, false, b->ws_style, b->ws_href);
			b->img.space = 0;
			b->img_wait = true;
		} else if (b->ws == WS_PENDING) {
			emit_styled(b, " ", 1, false, b->ws_style, b->ws_href);
		}
		emit(b, text + i, j - i, false);
		b->ws = WS_CONTENT;
		i = j;
		if (!b->oom)
			add_text_rest(b, s, n, &i);
	}
	if (b->open && mark != PITH_NONE)
		tokenise(b, mark, node);
}

/* ------------------------------------------------------------- walk */

/* The element before br, white space aside, is another br. */
static bool
br_follows_br(const GumboNode *br)
{
	const GumboVector *sib = &br->parent->v.element.children;

	for (unsigned i = br->index_within_parent; i-- > 0; ) {
		const GumboNode *p = sib->data[i];

		if (p->type == GUMBO_NODE_WHITESPACE || p->type == GUMBO_NODE_COMMENT)
			continue;
		return p->type == GUMBO_NODE_ELEMENT && p->v.element.tag == GUMBO_TAG_BR;
	}
	return false;
}

/* A row is a data row unless its cells hold real structure (a nested
 * table, headings, lists, or several paragraphs): layout tables put
 * whole articles in cells, and those must stay ordinary blocks. */
static bool
row_is_data(GumboNode *tr)
{
	GumboNode *n = tr;
	int blocks = 0;

	for (;;) {
		if (n->type == GUMBO_NODE_ELEMENT && n->v.element.children.length > 0) {
			n = n->v.element.children.data[0];
		} else {
			while (n != tr && n->index_within_parent + 1 >=
			    n->parent->v.element.children.length)
				n = n->parent;
			if (n == tr)
				return true;
			n = n->parent->v.element.children.data[n->index_within_parent + 1];
		}
		if (n->type != GUMBO_NODE_ELEMENT)
			continue;
		switch (n->v.element.tag) {
		case GUMBO_TAG_TD: case GUMBO_TAG_TH:
			blocks = 0;
			break;
		case GUMBO_TAG_BR:
			/* <br><br> ends a paragraph: a cell of paragraphs is
			 * an old CMS's layout, not data. */
			if (br_follows_br(n))
				return false;
			break;
		case GUMBO_TAG_TABLE: case GUMBO_TAG_UL: case GUMBO_TAG_OL:
		case GUMBO_TAG_PRE: case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_HR:
		case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
		case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
			return false;
		default:
			if (doc_tag_block(n->v.element.tag) && ++blocks > 1)
				return false;
		}
	}
}

static int
int_attr(GumboNode *g, const char *name, int dflt)
{
	const char *v = attr(g, name);
	char *end;
	long l;

	if (v == NULL)
		return dflt;
	l = strtol(v, &end, 10);
	if (end == v || l < -1000000000L || l > 1000000000L)
		return dflt;
	return (int)l;
}

static void
title_take(builder *b, GumboNode *g)
{
	buf t = {0};
	GumboVector *ch = &g->v.element.children;
	bool space = false;

	for (unsigned i = 0; i < ch->length; i++) {
		GumboNode *c = ch->data[i];
		const unsigned char *s;

		if (c->type != GUMBO_NODE_TEXT && c->type != GUMBO_NODE_WHITESPACE)
			continue;
		size_t n = strlen(c->v.text.text);

		if ((s = (const unsigned char *)mend_utf8(b, c->v.text.text, &n)) == NULL)
			break;
		for (; *s; s++) {
			size_t k;

			if (is_space(*s)) {
				space = t.len > 0;
			} else if ((k = control_len(s, 2)) > 0) {
				s += k - 1;
			} else {
				if (space)
					buf_putc(&t, ' ');
				space = false;
				buf_putc(&t, (char)*s);
			}
		}
	}
	if (t.len > 0) {
		b->doc->title = buf_finish(&t, NULL);
		b->title_done = b->doc->title != NULL;
		b->oom |= !b->title_done;
	}
	buf_free(&t);
}

/* ref against the document's address as it stands (a <base> or the
 * page's own address can change it during the walk), which is cleaned
 * and parsed once rather than for every link; NULL when out of memory. */
static char *
link_resolve(builder *b, const char *ref)
{
	const char *u = b->doc->url;

	if ((u == NULL) != (b->base.given == NULL) ||
	    (u != NULL && strcmp(u, b->base.given) != 0)) {
		if (url_base_set(&b->base, u) != 0)
			return NULL;
	}
	return url_resolve(&b->base, ref);
}

/* The image's real address: lazy loaders keep it in data-* attributes
 * and leave a placeholder (often a data: URI) in src. */
static const char *
image_src(GumboNode *g, char *out, size_t size)
{
	static const char *const lazy[] = {
		"data-src", "data-lazy-src", "data-original", "data-url",
		"data-srcset", "data-lazy-srcset", "srcset", "src",
	};

	for (size_t i = 0; i < sizeof lazy / sizeof lazy[0]; i++) {
		const char *v = attr(g, lazy[i]);
		size_t n;

		if (v == NULL)
			continue;
		v += strspn(v, " \t\n\r\f");
		/* A srcset lists "url 2x, url 640w": take the first url. */
		n = strcspn(v, strstr(lazy[i], "srcset") ? " \t\n\r\f," : "");
		if (n == 0 || n >= size || strncasecmp(v, "data:", 5) == 0)
			continue;
		memcpy(out, v, n);
		out[n] = '\0';
		return out;
	}
	return NULL;
}

/* An image standing between blocks becomes an image block (one inside
 * a line is image_inline's). */
static void
image(builder *b, GumboNode *g)
{
	pith_doc *d = b->doc;
	char where[2048], *u;
	const char *src = image_src(g, where, sizeof where), *alt = attr_utf8(b, g, "alt");
	pith_block *last = d->nblocks ? &d->blocks[d->nblocks - 1] : NULL, *blk;
	int w = int_attr(g, "width", 100), h = int_attr(g, "height", 100);

	if (w < 32 || h < 32)
		return;     /* tracking pixels and icons */
	if (src == NULL && (alt == NULL || *alt == '\0'))
		return;
	u = src != NULL ? link_resolve(b, src) : NULL;
	if (src != NULL && u == NULL) {
		b->oom = true;
		return;
	}
	/* A noscript fallback completes the lazy image just before it. */
	if (b->c.noscript && last != NULL && last->kind == PITH_BLOCK_IMAGE &&
	    (last->src == NULL || (u != NULL && strcmp(last->src, u) == 0))) {
		if (last->src == NULL && u != NULL &&
		    (last->src = arena_strndup(&d->strings, u, strlen(u))) == NULL)
			b->oom = true;
		free(u);
		return;
	}
	/* Never inside an open block (the caller sees to it). */
	if ((blk = block_begin(b, PITH_BLOCK_IMAGE)) != NULL) {
		if (u != NULL && (blk->src = arena_strndup(&d->strings, u, strlen(u))) == NULL)
			b->oom = true;
		if (alt != NULL) {
			unsigned style = b->c.style;
			const char *href = b->c.href;

			/* Alt text is plain words, not the page's prose:
			 * no tokens, no link style. */
			b->c.style = 0;
			b->c.href = NULL;
			for (const char *p = alt; *p && !b->oom; p++) {
				size_t k = control_len((const unsigned char *)p, p[1] ? 2 : 1);

				if (k > 0) {
					p += k - 1;
				} else if (is_space((unsigned char)*p)) {
					if (b->ws == WS_CONTENT)
						b->ws = WS_PENDING;
				} else {
					if (b->ws == WS_PENDING)
						emit(b, " ", 1, true);
					emit(b, p, 1, false);
					b->ws = WS_CONTENT;
				}
			}
			b->c.style = style;
			b->c.href = href;
		}
		block_end(b);
	}
	free(u);
}

/* An image inside a line: its alt text, collapsed, waits to be placed
 * (image_place) beside the text, never in it.  Icons, decorations
 * (alt="") and images with neither address nor alt text say nothing;
 * one with no alt attribute is an image all the same (alt ""). */
static void
image_inline(builder *b, GumboNode *g)
{
	pith_doc *d = b->doc;
	char where[2048], *u = NULL, *t;
	const char *src = image_src(g, where, sizeof where), *alt = attr_utf8(b, g, "alt");
	size_t k = 0;

	/* The second walk keeps tokens only: where images stand is known. */
	if (b->first != NULL || (alt == NULL && src == NULL) ||
	    int_attr(g, "width", 100) < 32 || int_attr(g, "height", 100) < 32)
		return;
	if ((t = malloc(alt != NULL ? strlen(alt) + 1 : 1)) == NULL) {
		b->oom = true;
		return;
	}
	for (const char *p = alt; p != NULL && *p; p++) {
		size_t c = control_len((const unsigned char *)p, p[1] ? 2 : 1);

		if (c > 0)
			p += c - 1;
		else if (!is_space((unsigned char)*p))
			t[k++] = *p;
		else if (k > 0 && t[k - 1] != ' ')
			t[k++] = ' ';
	}
	k -= k > 0 && t[k - 1] == ' ';
	if ((k > 0 || alt == NULL) && src != NULL && (u = link_resolve(b, src)) == NULL)
		b->oom = true;
	if ((k > 0 || alt == NULL) && !b->oom) {
		image_place(b);
		b->img = (pith_image){
			.space = b->ws == WS_PENDING && !b->img_tight,
			.alt = arena_strndup(&d->strings, t, k),
			.src = u != NULL ? arena_strndup(&d->strings, u, strlen(u)) : NULL,
			.href = (b->c.style & PITH_STYLE_LINK) ? b->c.href : NULL,
		};
		b->img_wait = b->img.alt != NULL && (u == NULL || b->img.src != NULL);
		b->oom |= !b->img_wait;
	}
	free(t);
	free(u);
}

static bool
node_push(builder *b, GumboNode *g)
{
	pith_doc *d = b->doc;
	GumboTag tag = g->v.element.tag;
	pith_node *n;

	if (!grow(&d->nodes, &b->cap_nodes, d->nnodes + 1, sizeof *d->nodes) ||
	    !grow(&d->gnodes, &b->cap_gnodes, d->nnodes + 1, sizeof *d->gnodes)) {
		b->oom = true;
		return false;
	}
	n = &d->nodes[d->nnodes];
	if (b->first != NULL && d->nnodes < b->first->nnodes)
		n->tag = b->first->nodes[d->nnodes].tag;
	else
		n->tag = tag == GUMBO_TAG_UNKNOWN ? unknown_tag_name(b, g) :
		    gumbo_normalized_tagname(tag);
	n->parent = b->depth > 0 ? b->stack[b->depth - 1].node : PITH_NONE;
	n->depth = (int)b->depth;
	n->end = d->nnodes + 1;
	d->gnodes[d->nnodes++] = g;
	return true;
}

void
node_attrs_get(const GumboNode *g, node_attrs *a)
{
	const GumboVector *v = &g->v.element.attributes;

	memset(a, 0, sizeof *a);
	if (g->type != GUMBO_NODE_ELEMENT && g->type != GUMBO_NODE_TEMPLATE)
		return;
	for (unsigned i = 0; i < v->length; i++) {
		const GumboAttribute *at = v->data[i];
		const char *name = at->name, **slot = NULL;

		switch (name[0]) {
		case 'a':
			if (strcmp(name, "aria-hidden") == 0)
				slot = &a->aria_hidden;
			else if (strcmp(name, "aria-modal") == 0)
				slot = &a->aria_modal;
			break;
		case 'c': if (strcmp(name, "class") == 0) slot = &a->klass; break;
		case 'h':
			if (strcmp(name, "hidden") == 0)
				slot = &a->hidden;
			else if (strcmp(name, "href") == 0)
				slot = &a->href;
			break;
		case 'i':
			if (strcmp(name, "id") == 0)
				slot = &a->id;
			else if (strcmp(name, "itemprop") == 0)
				slot = &a->itemprop;
			break;
		case 'r':
			if (strcmp(name, "role") == 0)
				slot = &a->role;
			else if (strcmp(name, "rel") == 0)
				slot = &a->rel;
			break;
		case 's': if (strcmp(name, "style") == 0) slot = &a->style; break;
		default: break;
		}
		if (slot != NULL && *slot == NULL)
			*slot = at->value;
	}
}

/* A page read without its address (a file): links resolve against the
 * address it gives itself, <link rel=canonical>, else og:url; only an
 * absolute http(s) one, and a <base> still wins. */
static void
self_url(builder *b, GumboNode *g, GumboTag tag, const char *rel, const char *href)
{
	pith_doc *d = b->doc;
	const char *u = NULL, *prop;
	bool canon = false;

	if (tag == GUMBO_TAG_LINK && href != NULL && str_has_word(rel, "canonical", true)) {
		u = href;
		canon = true;
	} else if (tag == GUMBO_TAG_META && d->url == NULL &&
	    (prop = attr(g, "property")) != NULL && strcasecmp(prop, "og:url") == 0) {
		u = attr(g, "content");
	}
	if (u == NULL)
		return;
	u += strspn(u, " \t\n\r\f");
	if (strncasecmp(u, "http://", 7) != 0 && strncasecmp(u, "https://", 8) != 0)
		return;
	free(d->url);
	d->url = pith_url_resolve(NULL, u);
	b->oom |= d->url == NULL;
	b->canon_done = canon;
}

/* What the page says about itself: its title, base address and language. */
static void
enter_meta(builder *b, GumboNode *g, const char *href)
{
	GumboElement *el = &g->v.element;
	pith_doc *d = b->doc;

	if (el->tag == GUMBO_TAG_TITLE && !b->title_done &&
	    el->tag_namespace == GUMBO_NAMESPACE_HTML)
		title_take(b, g);
	if (el->tag == GUMBO_TAG_BASE && !b->base_done && href != NULL) {
		free(d->url);
		d->url = pith_url_resolve(b->page_url, href);
		b->base_done = true;
		b->oom |= d->url == NULL;
	}
	if (b->page_url == NULL && !b->base_done && !b->canon_done &&
	    (el->tag == GUMBO_TAG_LINK || el->tag == GUMBO_TAG_META))
		self_url(b, g, el->tag, el->tag == GUMBO_TAG_LINK ? attr(g, "rel") : NULL, href);
	if (el->tag == GUMBO_TAG_HTML && d->lang == NULL &&
	    attr(g, "lang") != NULL && *attr(g, "lang") != '\0') {
		d->lang = strdup(attr(g, "lang"));
		b->oom |= d->lang == NULL;
	}
}

static void
enter_link(builder *b, const char *href)
{
	/* A javascript: link goes nowhere; its text is plain. */
	if (href != NULL &&
	    strncasecmp(href + strspn(href, " \t\n\r\f"), "javascript:", 11) != 0) {
		char *u = link_resolve(b, href);

		b->c.href = u ? arena_strndup(&b->doc->strings, u, strlen(u)) : NULL;
		free(u);
		if (b->c.href == NULL)
			b->oom = true;
		else
			b->c.style |= PITH_STYLE_LINK;
	}
}

static void
enter_br(builder *b, size_t node, bool data_cell)
{
	if (b->c.pre) {
		add_text(b, "\n", 1, node);
	} else if (data_cell) {
		ws_seen(b);
	} else if (b->open) {
		/* One <br> breaks the line, two end the paragraph. */
		size_t len = b->text.len - b->bstart;

		if (len > 0 && b->text.data[b->text.len - 1] == '\n') {
			block_end(b);
		} else {
			emit(b, "\n", 1, true);
			b->ws = WS_SUPPRESS;
		}
	}
}

/* ul, ol, menu, dir: a list level, and an ol's numbering. */
static void
enter_list(builder *b, frame *f, GumboNode *g)
{
	GumboElement *el = &g->v.element;

	b->c.list++;
	b->c.olist = b->depth - 1;
	b->c.item = PITH_NONE;
	if (el->tag != GUMBO_TAG_OL)
		return;
	f->step = attr(g, "reversed") != NULL ? -1 : 1;
	if (f->step < 0) {
		int items = 0;

		for (unsigned i = 0; i < el->children.length; i++) {
			GumboNode *c = el->children.data[i];

			items += c->type == GUMBO_NODE_ELEMENT &&
			    c->v.element.tag == GUMBO_TAG_LI;
		}
		f->counter = int_attr(g, "start", items);
	} else {
		f->counter = int_attr(g, "start", 1);
	}
}

static void
enter_item(builder *b, frame *f, GumboNode *g)
{
	if (b->c.list == 0)
		b->c.list = 1;
	b->c.kind = PITH_BLOCK_PARA;
	f->marker = true;
	if (b->c.olist != PITH_NONE && b->stack[b->c.olist].step != 0) {
		frame *ol = &b->stack[b->c.olist];

		ol->counter = int_attr(g, "value", ol->counter);
		f->ordered = 1;
		f->number = ol->counter;
		ol->counter += ol->step;
	}
	b->c.item = b->depth - 1;
}

/* A data row's second and later cells start with a tab. */
static void
enter_cell(builder *b)
{
	if (b->stack[b->c.row].cells++ > 0) {
		if (b->open) {
			emit(b, "\t", 1, true);
			b->ws = WS_SUPPRESS;
		} else {
			b->pending_tabs++;
		}
	}
}

/* The alt text of g when g is an old page's drop cap: a picture of the
 * word's first letter ("<img alt=T>he tide"), its alt one capital and
 * the text right after it going on in small letters.  The letter is the
 * word's, not a picture's caption. */
static const char *
initial(builder *b, GumboNode *g)
{
	const char *alt = attr_utf8(b, g, "alt"), *t;
	const GumboNode *p = g->parent, *k;
	ucs4_t a, c;
	int m;

	/* An icon (see image) is no letter of the text. */
	if (alt == NULL || *alt == '\0' || p == NULL || p->type != GUMBO_NODE_ELEMENT ||
	    int_attr(g, "width", 100) < 32 || int_attr(g, "height", 100) < 32 ||
	    g->index_within_parent + 1 >= p->v.element.children.length)
		return NULL;
	k = p->v.element.children.data[g->index_within_parent + 1];
	if (k->type != GUMBO_NODE_TEXT || *(t = k->v.text.text) == '\0')
		return NULL;
	m = u8_mbtouc(&a, (const uint8_t *)alt, strlen(alt));
	return alt[m] == '\0' && uc_is_upper(a) &&
	    u8_mbtouc(&c, (const uint8_t *)t, strlen(t)) > 0 && uc_is_lower(c) ? alt : NULL;
}

/* What the element's tag means for the context and the blocks. */
static void
enter_tag(builder *b, frame *f, GumboNode *g, const char *href, bool data_cell)
{
	GumboTag tag = g->v.element.tag;
	const char *cap;

	switch (tag) {
	case GUMBO_TAG_HEAD:
		b->c.head = true;
		break;
	case GUMBO_TAG_NOSCRIPT:
		b->c.noscript = b->c.notext = true;
		break;
	case GUMBO_TAG_IMG:
		if (!b->c.head && !b->c.pre && (cap = initial(b, g)) != NULL)
			add_text(b, cap, strlen(cap), f->node);
		else if (!b->c.head && !data_cell && !b->open &&
		    (!b->c.notext || b->c.noscript))
			image(b, g);
		else if (!b->c.head && !data_cell && b->open && !b->c.notext &&
		    !b->c.pre)
			image_inline(b, g);
		break;
	case GUMBO_TAG_FIGURE:
		/* Text in a figure is its caption or credit; a table or
		 * code listing in it keeps its own kind. */
		b->c.kind = PITH_BLOCK_CAPTION;
		break;
	case GUMBO_TAG_BODY:
		b->c.head = false;
		break;
	case GUMBO_TAG_A:
		enter_link(b, href);
		break;
	case GUMBO_TAG_BR:
		enter_br(b, f->node, data_cell);
		break;
	case GUMBO_TAG_HR:
		if (!b->c.head && !data_cell) {
			block_begin(b, PITH_BLOCK_RULE);
			block_end(b);
		}
		break;
	case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
	case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
		if (!data_cell) {
			b->c.kind = PITH_BLOCK_HEADING;
			b->c.level = (int)(tag - GUMBO_TAG_H1) + 1;
		}
		break;
	case GUMBO_TAG_PRE: case GUMBO_TAG_LISTING: case GUMBO_TAG_XMP:
	case GUMBO_TAG_PLAINTEXT:
		if (!data_cell)
			b->c.kind = PITH_BLOCK_PRE;
		b->c.pre++;
		break;
	case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_CAPTION:
		if (!data_cell)
			b->c.kind = PITH_BLOCK_CAPTION;
		break;
	case GUMBO_TAG_BLOCKQUOTE:
		if (!data_cell)
			b->c.quote++;
		break;
	case GUMBO_TAG_UL: case GUMBO_TAG_OL: case GUMBO_TAG_MENU:
	case GUMBO_TAG_DIR:
		enter_list(b, f, g);
		break;
	case GUMBO_TAG_LI:
		if (!data_cell)
			enter_item(b, f, g);
		break;
	case GUMBO_TAG_TABLE:
		b->c.kind = PITH_BLOCK_PARA;
		break;
	case GUMBO_TAG_TR:
		if (!data_cell && row_is_data(g)) {
			b->c.kind = PITH_BLOCK_ROW;
			b->c.row = b->depth - 1;
			b->pending_tabs = 0;
		}
		break;
	case GUMBO_TAG_TD: case GUMBO_TAG_TH:
		if (data_cell)
			enter_cell(b);
		break;
	default:
		break;
	}
}

/* A custom element (a name with a hyphen) that stands apart from running
 * text is a box: browsers default it to inline, but pages style
 * <article-body> or <story-paragraph> as blocks.  One among words or in
 * a paragraph (<relative-time>, <g-emoji>) stays inline. */
static bool
custom_block(builder *b, const GumboNode *g, const char *name)
{
	const GumboNode *p = g->parent;
	frame *pf = b->depth > 0 && b->stack[b->depth - 1].g == p ?
	    &b->stack[b->depth - 1] : NULL;

	if (g->v.element.tag != GUMBO_TAG_UNKNOWN ||
	    g->v.element.tag_namespace != GUMBO_NAMESPACE_HTML ||
	    strchr(name, '-') == NULL || strchr(name, ':') != NULL ||
	    p == NULL || p->type != GUMBO_NODE_ELEMENT)
		return false;
	switch (p->v.element.tag) {
	case GUMBO_TAG_P: case GUMBO_TAG_H1: case GUMBO_TAG_H2:
	case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
	case GUMBO_TAG_H6:
		return false;
	case GUMBO_TAG_UNKNOWN:
		/* Inside an inline one (MathJax's <mjx-math>), inline. */
		if (b->depth == 0 || !b->stack[b->depth - 1].block)
			return false;
		break;
	default:
		if (!doc_tag_block(p->v.element.tag))
			return false;
	}
	/* Asked once a parent: a page of many custom siblings stays linear. */
	if (pf != NULL && pf->text_kids >= 0)
		return !pf->text_kids;
	bool text = false;

	for (unsigned i = 0; i < p->v.element.children.length && !text; i++)
		text = ((const GumboNode *)p->v.element.children.data[i])->type == GUMBO_NODE_TEXT;
	if (pf != NULL)
		pf->text_kids = text;
	return !text;
}

/* g is the second of two <span>s that are all a box holds, a label and
 * its value ("<li><span>Rooms</span><span>4</span></li>"): a stylesheet
 * sets them apart, or the pair reads as one word ("Rooms4").  A value
 * opening with a sign or a mark of any script (a price's ",50", an
 * ideographic comma) goes on the label's word, and so does one of
 * ideographs after ideographs: Chinese and Japanese space no words, so
 * such a pair is a line cut for its fonts (a <p> the page made a div).
 * Only in a list's item, a division or a cell: a paragraph's or a
 * heading's two spans are a line cut for its fonts, an inline box's a
 * name in two colours ("Print" "Runner"). */
static bool
pair_value(const builder *b, const GumboNode *g)
{
	const GumboNode *p = g->parent, *prev = adjacent(g, -1);
	unsigned spans = 0;
	char c[5];
	ucs4_t uc = 0;

	if (g->v.element.tag != GUMBO_TAG_SPAN || prev == NULL ||
	    prev->v.element.tag != GUMBO_TAG_SPAN || p->v.element.children.length > 5)
		return false;
	switch (p->v.element.tag) {
	case GUMBO_TAG_LI: case GUMBO_TAG_DIV: case GUMBO_TAG_DD: case GUMBO_TAG_DT:
	case GUMBO_TAG_TD: case GUMBO_TAG_TH:
		break;
	default:
		return false;
	}
	for (unsigned i = 0; i < p->v.element.children.length; i++) {
		const GumboNode *k = p->v.element.children.data[i];

		if (k->type == GUMBO_NODE_ELEMENT)
			spans++;
		else if (k->type != GUMBO_NODE_WHITESPACE && k->type != GUMBO_NODE_COMMENT)
			return false;
	}
	if (spans != 2 || text_upto(g, 4, c) == 0 ||
	    u8_mbtouc(&uc, (const uint8_t *)c, strlen(c)) <= 0)
		return false;
	if (str_cjk(uc) && b->open && b->text.len > b->tstart) {
		ucs4_t last = 0;
		const uint8_t *t = (const uint8_t *)b->text.data;

		if (u8_prev(&last, t + b->text.len, t + b->tstart) != NULL && str_cjk(last))
			return false;
	}
	return uc_is_general_category(uc, UC_CATEGORY_L) ||
	    uc_is_general_category(uc, UC_CATEGORY_N);
}

static void
enter(builder *b, GumboNode *g)
{
	GumboElement *el = &g->v.element;
	GumboTag tag = el->tag;
	size_t node = b->doc->nnodes;
	node_attrs at;
	frame *f;
	bool data_cell, custom, standin;

	if (!node_push(b, g))
		return;
	node_attrs_get(g, &at);
	enter_meta(b, g, at.href);
	/* A declarative shadow root is what the browser shows in its
	 * host (a web component's server-rendered text); other
	 * templates are for scripts to copy. */
	if ((tag_is_dropped(tag) && !(tag == GUMBO_TAG_TEMPLATE &&
	    (attr(g, "shadowrootmode") != NULL || attr(g, "shadowroot") != NULL))) ||
	    tag == GUMBO_TAG_TITLE || b->depth + 1 >= b->max_depth)
		return;     /* recorded, not walked */

	/* <noscript> is what a browser without scripts shows; pith reads
	 * only its images, and its tags are not the page's. */
	if (!b->c.head && !b->c.noscript && tag != GUMBO_TAG_NOSCRIPT &&
	    el->original_tag.length > 0)
		token_push(b, PITH_TOKEN_TAG, node, 0, 0);

	if (pair_value(b, g))
		ws_seen(b);
	custom = custom_block(b, g, b->doc->nodes[node].tag);
	standin = b->depth > 0 && stand_in(g, b->doc->nodes[b->stack[b->depth - 1].node].tag);
	f = &b->stack[b->depth++];
	*f = (frame){ .g = g, .node = node, .saved = b->c, .text_kids = -1 };
	data_cell = b->c.row != PITH_NONE;
	f->block = (doc_tag_block(tag) || custom) && !data_cell;
	if (f->block) {
		block_end(b);
		b->c.box = node;
	}
	/* What a browser does not show is not text: the hidden attribute,
	 * inline display:none and a screen reader's words in a line (its
	 * tags still count as tokens), but
	 * for a collapsed accordion's panel.  Nor is a short <button>'s
	 * label ("Play", "Copy", "Print this", "Load more"): a control
	 * inline in a line runs into its text ("Play4:12").  A heading's
	 * button is its accordion's question. */
	if (tag_is_notext(tag) || (tag == GUMBO_TAG_BUTTON &&
	    b->c.kind != PITH_BLOCK_HEADING && control(g)) ||
	    (b->c.kind != PITH_BLOCK_HEADING && (counter(g) || script_line(g))) ||
	    (b->c.kind == PITH_BLOCK_HEADING && node_permalink(g, at.href)) ||
	    unseen(g, at.klass) || standin ||
	    ((str_hidden_hides(at.hidden) || str_style_hides(at.style)) && !node_collapsed(g)))
		b->c.notext = true;
	b->c.style |= tag_style(tag);
	enter_tag(b, f, g, at.href, data_cell);
}

static void
leave(builder *b)
{
	frame *f = &b->stack[--b->depth];
	GumboElement *el = &f->g->v.element;

	if (!b->c.head && !b->c.noscript && el->original_end_tag.length > 0 &&
	    !tag_is_void(el->tag))
		token_push(b, PITH_TOKEN_TAG, f->node, 0, 0);
	if (f->block)
		block_end(b);
	b->c = f->saved;
	b->doc->nodes[f->node].end = b->doc->nnodes;
}

static void
walk(builder *b, GumboNode *root)
{
	GumboVector *top = &root->v.document.children;
	size_t next = 0;

	for (;;) {
		GumboVector *ch = b->depth ? &b->stack[b->depth - 1].g->v.element.children : top;
		size_t *i = b->depth ? &b->stack[b->depth - 1].next : &next;
		GumboNode *n;

		if (b->oom)
			return;
		if (*i >= ch->length) {
			if (b->depth == 0)
				return;
			leave(b);
			continue;
		}
		n = ch->data[(*i)++];
		switch (n->type) {
		case GUMBO_NODE_ELEMENT:
		case GUMBO_NODE_TEMPLATE:
			enter(b, n);
			break;
		case GUMBO_NODE_TEXT:
		case GUMBO_NODE_WHITESPACE:
		case GUMBO_NODE_CDATA: {
			size_t len = strlen(n->v.text.text);
			const char *t = mend_utf8(b, n->v.text.text, &len);

			if (t != NULL)
				add_text(b, t, len, b->depth ? b->stack[b->depth - 1].node : PITH_NONE);
			break;
		}
		default:
			break;
		}
	}
}

/* Point blocks and runs into the finished arrays. */
static void
finish(builder *b)
{
	pith_doc *d = b->doc;
	size_t off = 0, r = 0;

	d->text = buf_finish(&b->text, NULL);
	if (d->text == NULL) {
		b->oom = true;
		return;
	}
	for (size_t i = 0; i < d->nblocks; i++) {
		pith_block *blk = &d->blocks[i];

		blk->text = d->text + off;
		/* A page of images only has no runs at all: NULL + 0 is no
		 * pointer either. */
		blk->runs = d->runs != NULL ? d->runs + r : NULL;
		off += blk->len + 1;
		r += blk->nruns;
	}
	if (d->title == NULL) {
		for (size_t i = 0; i < d->nblocks; i++) {
			if (d->blocks[i].kind == PITH_BLOCK_HEADING &&
			    d->blocks[i].level == 1) {
				d->title = strdup(d->blocks[i].text);
				b->oom |= d->title == NULL;
				break;
			}
		}
	}
}

/* Ready b to walk into d: tokens says whether to store the token stream
 * or only count each block's words. */
static void
builder_init(builder *b, pith_doc *d, const char *page_url, size_t max_depth,
             bool tokens)
{
	*b = (builder){ .doc = d, .tokens = tokens, .page_url = page_url,
	    .max_depth = max_depth, .ws = WS_SUPPRESS };
	b->c = (ctx){ .kind = PITH_BLOCK_PARA, .box = PITH_NONE, .item = PITH_NONE,
	    .olist = PITH_NONE, .row = PITH_NONE };
	if (page_url != NULL && (d->url = strdup(page_url)) == NULL)
		b->oom = true;
}

/* The walk over gumbo's tree; false when out of memory. */
static bool
builder_run(builder *b, GumboOutput *g)
{
	if (!b->oom && (b->stack = malloc(b->max_depth * sizeof *b->stack)) == NULL)
		b->oom = true;
	if (!b->oom)
		walk(b, g->document);
	block_end(b);
	free(b->stack);
	free(b->brk);
	free(b->fix);
	url_base_free(&b->base);
	b->stack = NULL;
	b->brk = NULL;
	b->fix = NULL;
	return !b->oom;
}

/* The raw markup of a frameset page's <noframes> (the parser keeps it
 * as text), the longest one, or NULL; *at is where the frameset starts.
 * Only the frameset's own nesting is searched. */
static const GumboStringPiece *
noframes_markup(const GumboNode *g, int depth, size_t *at)
{
	const GumboStringPiece *best = NULL;
	const GumboVector *v = &g->v.element.children;

	for (unsigned i = 0; i < v->length && depth < 16; i++) {
		const GumboNode *c = v->data[i], *t;
		const GumboStringPiece *s = NULL;

		if (c->type != GUMBO_NODE_ELEMENT)
			continue;
		if (c->v.element.tag == GUMBO_TAG_FRAMESET) {
			if (*at == 0 || c->v.element.start_pos.offset < *at)
				*at = c->v.element.start_pos.offset;
			s = noframes_markup(c, depth + 1, at);
		} else if (c->v.element.tag == GUMBO_TAG_HEAD) {
			s = noframes_markup(c, depth + 1, at);
		} else if (c->v.element.tag == GUMBO_TAG_NOFRAMES &&
		    c->v.element.children.length == 1 &&
		    (t = c->v.element.children.data[0])->type == GUMBO_NODE_TEXT) {
			s = &t->v.text.original_text;
		}
		if (s != NULL && (best == NULL || s->length > best->length))
			best = s;
	}
	return best;
}

/* A frameset page shows other pages in its frames; its own text is the
 * <noframes> body, which the parser keeps as raw text.  In *src (*n
 * bytes) the page's markup up to its frameset (its head, its title)
 * and that body, through the nesting guard; NULL when the page has no
 * such body.  False when out of memory. */
static bool
noframes_page(const GumboOutput *g, const char *html, size_t len, size_t max_nesting,
              char **src, size_t *n)
{
	const GumboStringPiece *nf;
	char *guarded = NULL;
	size_t at = 0, glen;

	*src = NULL;
	if (g->root->type != GUMBO_NODE_ELEMENT ||
	    (nf = noframes_markup(g->root, 0, &at)) == NULL || at == 0 || at > len ||
	    memchr(nf->data, '<', nf->length) == NULL)
		return true;
	*n = at + nf->length;
	if ((*src = malloc(*n + 1)) == NULL)
		return false;
	memcpy(*src, html, at);
	memcpy(*src + at, nf->data, nf->length);
	(*src)[*n] = '\0';
	if (guard_html(*src, *n, max_nesting, GUARD_ATTRS, &guarded, &glen) != PITH_OK) {
		free(*src);
		*src = NULL;
		return false;
	}
	if (guarded != NULL) {
		free(*src);
		*src = guarded;
		*n = glen;
	}
	return true;
}

pith_code
pith_doc_parse(const char *html, size_t len, const pith_parse_options *opt,
               pith_doc **out, pith_error *err)
{
	GumboOptions go = kGumboDefaultOptions;
	GumboOutput *g;
	builder b;
	pith_doc *d;
	size_t glen;
	char *src;

	*out = NULL;
	if (html == NULL && len > 0)
		return err_set(err, PITH_EINVAL, "no input");
	if (len >= 3 && memcmp(html, "\xef\xbb\xbf", 3) == 0)
		html += 3, len -= 3;
	if ((d = calloc(1, sizeof *d)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	if (pthread_mutex_init(&d->tokens_lock, NULL) != 0) {
		free(d);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	atomic_init(&d->tokens_ready, false);
	atomic_init(&d->ld_ready, false);
	d->bytes = len;
	/* Kept for the token stream, built on demand by a second walk. */
	d->max_depth = opt != NULL && opt->max_depth ? opt->max_depth : DEFAULT_MAX_DEPTH;
	builder_init(&b, d, opt != NULL ? opt->url : NULL, d->max_depth, false);
	if (opt != NULL && opt->url != NULL && (d->page_url = strdup(opt->url)) == NULL)
		b.oom = true;

	if (guard_html(html ? html : "", len, opt != NULL && opt->max_nesting ?
	    opt->max_nesting : GUARD_NESTING, GUARD_ATTRS, &d->guarded,
	    &glen) != PITH_OK) {
		pith_doc_free(d);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	if (d->guarded != NULL) {
		html = d->guarded;
		len = glen;
	}
	go.max_errors = 0;
	/* gumbo's tree lives in the document's arena: no malloc a node,
	 * and pith_doc_free drops it whole. */
	go.allocator = arena_gumbo_alloc;
	go.deallocator = arena_gumbo_free;
	go.userdata = &d->strings;
	g = gumbo_parse_with_options(&go, len ? html : "", len);
	d->gumbo = g;
	if (g == NULL) {
		pith_doc_free(d);
		return err_set(err, PITH_EPARSE, "cannot parse the page");
	}
	/* A frameset page's text is its <noframes> body: parsed again. */
	if (!noframes_page(g, html, len, opt != NULL && opt->max_nesting ?
	    opt->max_nesting : GUARD_NESTING, &src, &glen)) {
		pith_doc_free(d);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	if (src != NULL) {
		/* The first tree is the arena's and goes with it. */
		free(d->guarded);
		d->guarded = src;
		g = gumbo_parse_with_options(&go, src, glen);
		d->gumbo = g;
		if (g == NULL) {
			pith_doc_free(d);
			return err_set(err, PITH_EPARSE, "cannot parse the page");
		}
	}
	if (builder_run(&b, g))
		finish(&b);
	buf_free(&b.text);
	if (b.oom) {
		pith_doc_free(d);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	if (meta_extract(d) != PITH_OK) {
		pith_doc_free(d);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	*out = d;
	return PITH_OK;
}

/* The token stream, made by walking the tree again into a scratch
 * document that keeps only its tokens: the same walk makes the same
 * blocks, so every token's block and offsets are the first walk's.
 * Most pages never need it (auto reads the blocks and their word
 * counts), and on a page of prose it is some eight times the page. */
static void
doc_tokens_build(pith_doc *d)
{
	pith_doc *s = calloc(1, sizeof *s);
	builder b;

	if (s == NULL) {
		d->tokens_oom = true;
		return;
	}
	builder_init(&b, s, d->page_url, d->max_depth, true);
	b.first = d;
	if (builder_run(&b, d->gumbo) && !b.oom) {
		d->tokens = s->tokens;
		d->ntokens = s->ntokens;
		s->tokens = NULL;
	} else {
		d->tokens_oom = true;
	}
	buf_free(&b.text);
	free(s->gnodes);
	free(s->nodes);
	free(s->blocks);
	free(s->bwords);
	free(s->bwrap);
	free(s->runs);
	free(s->images);
	free(s->tokens);
	free(s->url);
	free(s->title);
	free(s->lang);
	arena_free(&s->strings);
	free(s);
}

/* Build the tokens once, whichever thread asks first; the flag is
 * read without the lock once set. */
static void
doc_tokens(const pith_doc *cd)
{
	/* Documents are only ever made by pith_doc_parse, never const. */
	pith_doc *d = (pith_doc *)cd;

	if (atomic_load_explicit(&d->tokens_ready, memory_order_acquire))
		return;
	pthread_mutex_lock(&d->tokens_lock);
	if (!atomic_load_explicit(&d->tokens_ready, memory_order_relaxed)) {
		doc_tokens_build(d);
		atomic_store_explicit(&d->tokens_ready, true, memory_order_release);
	}
	pthread_mutex_unlock(&d->tokens_lock);
}

/* Whether an articleBody is markup ("<p>One.</p><p>Two.</p>"), which
 * some sites put there, rather than text, where "a < b" is no tag. */
static bool
ld_markup(const char *s)
{
	for (s = strchr(s, '<'); s != NULL; s = strchr(s + 1, '<')) {
		const char *t = s[1] == '/' ? s + 2 : s + 1;

		if (((t[0] == 'p' || t[0] == 'P') && (t[1] == '>' || t[1] == ' ')) ||
		    strncasecmp(t, "br", 2) == 0 || strncasecmp(t, "div", 3) == 0)
			return true;
	}
	return false;
}

/* The articleBody as a page of its own: markup as it is, text as one
 * paragraph per line.  Its meta is the page's, which outlives it. */
static void
doc_ld_build(pith_doc *d)
{
	pith_parse_options opt = { .url = d->url, .max_depth = d->max_depth };
	const char *s = d->ld_body;
	pith_doc *ld = NULL;
	buf h = { 0 };

	buf_puts(&h, "<article>");
	if (ld_markup(s)) {
		buf_puts(&h, s);
	} else {
		buf_puts(&h, "<p>");
		for (; *s != '\0'; s++) {
			if (*s == '\n' || *s == '\r') {
				s += strspn(s, "\r\n") - 1;
				buf_puts(&h, "</p><p>");
			} else if (*s == '&' || *s == '<' || *s == '>') {
				buf_puts(&h, *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : "&gt;");
			} else {
				buf_putc(&h, *s);
			}
		}
		buf_puts(&h, "</p>");
	}
	buf_puts(&h, "</article>");
	if (!h.oom && pith_doc_parse(h.data, h.len, &opt, &ld, NULL) == PITH_OK && ld != NULL) {
		const char *own = ld->meta.excerpt;

		/* An excerpt the page's first paragraph gave ("Loading…")
		 * is the story's first paragraph here. */
		ld->meta = d->meta;
		if (d->excerpt_text)
			ld->meta.excerpt = own;
		d->ld_doc = ld;
	}
	buf_free(&h);
}

const pith_doc *
doc_ld(const pith_doc *cd)
{
	pith_doc *d = (pith_doc *)cd;

	if (d->ld_body == NULL)
		return NULL;
	if (!atomic_load_explicit(&d->ld_ready, memory_order_acquire)) {
		pthread_mutex_lock(&d->tokens_lock);
		if (!atomic_load_explicit(&d->ld_ready, memory_order_relaxed)) {
			doc_ld_build(d);
			atomic_store_explicit(&d->ld_ready, true, memory_order_release);
		}
		pthread_mutex_unlock(&d->tokens_lock);
	}
	return d->ld_doc;
}

void
pith_doc_free(pith_doc *d)
{
	if (d == NULL)
		return;
	pith_doc_free(d->ld_doc);
	free(d->gnodes);
	free(d->nodes);
	free(d->blocks);
	free(d->bwords);
	free(d->bwrap);
	free(d->runs);
	free(d->images);
	free(d->tokens);
	free(d->text);
	free(d->guarded);
	free(d->url);
	free(d->page_url);
	free(d->title);
	free(d->lang);
	arena_free(&d->strings);
	pthread_mutex_destroy(&d->tokens_lock);
	free(d);
}

size_t pith_doc_nblocks(const pith_doc *d) { return d->nblocks; }

size_t
pith_doc_ntokens(const pith_doc *d)
{
	doc_tokens(d);
	return d->ntokens;
}

const pith_token *
pith_doc_tokens(const pith_doc *d)
{
	doc_tokens(d);
	return d->tokens;
}

size_t
block_link_len(const pith_block *b)
{
	size_t n = 0;

	for (size_t r = 0; r < b->nruns; r++)
		if (b->runs[r].style & PITH_STYLE_LINK)
			n += b->runs[r].len;
	return n;
}

size_t
pith_doc_block_words(const pith_doc *d, size_t i)
{
	return i < d->nblocks ? d->bwords[i] : 0;
}

size_t
doc_block_wrap(const pith_doc *d, size_t b)
{
	return b < d->nblocks ? d->bwrap[b] : PITH_NONE;
}

size_t pith_doc_nnodes(const pith_doc *d) { return d->nnodes; }
const char *pith_doc_title(const pith_doc *d) { return d->meta.title; }
const char *pith_doc_lang(const pith_doc *d) { return d->meta.lang; }
const char *pith_doc_url(const pith_doc *d) { return d->meta.url; }

const pith_meta *
pith_doc_meta(const pith_doc *d)
{
	return &d->meta;
}

const pith_block *
pith_doc_block(const pith_doc *d, size_t i)
{
	return i < d->nblocks ? &d->blocks[i] : NULL;
}

const pith_image *
pith_doc_images(const pith_doc *d, size_t i, size_t *n)
{
	size_t lo = 0, hi = d->nimages, k;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->images[mid].block < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k < d->nimages && d->images[k].block == i; k++)
		;
	*n = k - lo;
	return *n > 0 ? &d->images[lo] : NULL;
}

const pith_node *
pith_doc_node(const pith_doc *d, size_t i)
{
	return i < d->nnodes ? &d->nodes[i] : NULL;
}

const char *
pith_node_attr(const pith_doc *d, size_t i, const char *name)
{
	return i < d->nnodes ? node_attr(d->gnodes[i], name) : NULL;
}
