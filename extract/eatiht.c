/*
 * eatiht.c - eatiht-style extraction with a cleaning phase (ALGORITHMS.md
 * section 5; seed 003).
 *
 * Cleaning drops non-text and navigation elements, social embeds,
 * elements whose class or id names a useless section, then elements left
 * empty.  Extraction follows eatiht: the text blocks of 20 characters or
 * more are the selected "text nodes"; each counts its sentences for the
 * parent of its element (a <p>'s <div>: eatiht's xpath minus its last
 * step), the parent with the most sentences marks the article, and every
 * selected block under that same parent is merged into it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unictype.h>
#include <unistr.h>
#include "internal.h"

enum { EATIHT_MIN_CHARS = 20 };

/* Elements that never hold the article's text. */
static bool
eatiht_tag_out(const char *t)
{
	static const char *const out[] = {
		"head", "style", "script", "nav", "iframe", "noscript", "header",
		"footer", "aside", "template", "object", "embed",
	};

	for (size_t i = 0; i < sizeof out / sizeof out[0]; i++)
		if (strcmp(t, out[i]) == 0)
			return true;
	return false;
}

/* Elements that are content without text. */
static bool
eatiht_replaced(const char *t)
{
	static const char *const rep[] = {
		"img", "picture", "video", "audio", "canvas", "svg", "math",
		"input", "select", "textarea", "button",
	};

	for (size_t i = 0; i < sizeof rep / sizeof rep[0]; i++)
		if (strcmp(t, rep[i]) == 0)
			return true;
	return false;
}

/* Class and id tokens, compared lower-case with '_' read as '-'
 * (WordPress themes spell them both ways). */
static const char *const eatiht_social[] = {
	"twitter-tweet", "twitter-timeline", "twitter-video", "twitter-follow-button",
	"twitter-share-button", "instagram-media", "fb-post", "fb-video", "fb-page",
	"fb-like", "fb-comments", "tiktok-embed", "reddit-card", "pinterest-embed",
};

static const char *const eatiht_useless[] = {
	"footer", "site-footer", "comments", "comment-respond", "respond",
	"comment-list", "related-posts", "jp-relatedposts", "yarpp-related",
	"related", "top-nav", "topnav", "nav", "navbar", "navigation", "menu",
	"main-menu", "addthis-tool", "addthis-toolbox", "addthis-inline-share-toolbox",
	"sharedaddy", "share", "share-buttons", "sharing", "social", "social-share",
	"sidebar", "widget-area", "breadcrumb", "breadcrumbs", "embedly-card",
	"newsletter", "advertisement", "cookie-notice",
};

/* Whether one whitespace-separated token of s is in the list. */
static bool
eatiht_names(const char *s, const char *const *list, size_t n)
{
	char w[48];

	for (const char *p = s; p != NULL && *p; ) {
		size_t k;

		p += strspn(p, " \t\n\r\f");
		k = strcspn(p, " \t\n\r\f");
		if (k > 0 && k < sizeof w) {
			for (size_t i = 0; i < k; i++)
				w[i] = p[i] == '_' ? '-' : (char)(p[i] >= 'A' &&
				    p[i] <= 'Z' ? p[i] + 32 : p[i]);
			w[k] = '\0';
			for (size_t i = 0; i < n; i++)
				if (strcmp(w, list[i]) == 0)
					return true;
		}
		p += k;
	}
	return false;
}

static unsigned char
eatiht_own(const pith_doc *d, size_t n)
{
	const char *t = pith_doc_node(d, n)->tag;
	const char *cls = pith_node_attr(d, n, "class");
	const char *id = pith_node_attr(d, n, "id");
	const size_t ns = sizeof eatiht_social / sizeof eatiht_social[0];
	const size_t nu = sizeof eatiht_useless / sizeof eatiht_useless[0];

	if (strcmp(t, "html") == 0 || strcmp(t, "body") == 0)
		return EATIHT_KEEP;
	if (eatiht_tag_out(t))
		return EATIHT_TAG;
	if (eatiht_names(cls, eatiht_social, ns) || eatiht_names(id, eatiht_social, ns))
		return EATIHT_SOCIAL;
	if (eatiht_names(cls, eatiht_useless, nu) || eatiht_names(id, eatiht_useless, nu))
		return EATIHT_NAME;
	return EATIHT_KEEP;
}

size_t
eatiht_clean(const pith_doc *d, unsigned char *drop, budget *bg)
{
	size_t nn = pith_doc_nnodes(d), nt = pith_doc_ntokens(d), count = 0;
	const pith_token *t = pith_doc_tokens(d);
	unsigned char *has;
	budget none = {0};

	if (bg == NULL)
		bg = &none;
	/* Parents come first: one forward pass hands a drop down. */
	for (size_t n = 0; n < nn && !budget_tick(bg); n++) {
		size_t up = pith_doc_node(d, n)->parent;

		if (up != PITH_NONE && drop[up] != EATIHT_KEEP)
			drop[n] = EATIHT_INSIDE;
		else if (drop[n] == EATIHT_KEEP)
			drop[n] = eatiht_own(d, n);
	}
	/* Then what is left empty: no text and no image in what remains.
	 * Without memory for that, the first steps still stand. */
	if (!budget_tick(bg) && (has = calloc(nn + 1, 1)) != NULL) {
		for (size_t i = 0; i < nt && !budget_tick(bg); i++)
			if (t[i].kind != PITH_TOKEN_TAG && t[i].node < nn)
				has[t[i].node] = 1;
		for (size_t n = nn; n-- > 0 && !budget_tick(bg); ) {
			size_t up = pith_doc_node(d, n)->parent;

			if (drop[n] != EATIHT_KEEP)
				continue;
			if (eatiht_replaced(pith_doc_node(d, n)->tag))
				has[n] = 1;
			if (!has[n] && n > 0)
				drop[n] = EATIHT_EMPTY;
			else if (up != PITH_NONE)
				has[up] |= has[n];
		}
		/* An empty element's descendants are empty too. */
		for (size_t n = 0; n < nn && !budget_tick(bg); n++) {
			size_t up = pith_doc_node(d, n)->parent;

			if (up != PITH_NONE && drop[up] != EATIHT_KEEP &&
			    drop[n] == EATIHT_KEEP)
				drop[n] = EATIHT_INSIDE;
		}
		free(has);
	}
	for (size_t n = 0; n < nn && !budget_tick(bg); n++)
		count += drop[n] != EATIHT_KEEP;
	return count;
}

/* Sentences in a block: runs of terminators followed by a space or the
 * end, at least one for any text. */
static size_t
eatiht_sentences(const pith_block *blk)
{
	const uint8_t *s = (const uint8_t *)blk->text;
	size_t n = 0, i = 0;
	bool in_end = false;

	while (i < blk->len) {
		ucs4_t uc;
		int m = u8_mbtouc(&uc, s + i, blk->len - i);
		/* Any script's full stop (Unicode's STerm), and an ellipsis. */
		bool term = uc_is_property_sentence_terminal(uc) || uc == 0x2026;

		i += m > 0 ? (size_t)m : 1;
		if (term) {
			in_end = true;
			continue;
		}
		/* Closing quotes and brackets may follow the terminator. */
		if (in_end && (uc == '"' || uc == '\'' || uc == ')' ||
		    uc == 0x201D || uc == 0x2019 || uc == 0xBB))
			continue;
		if (in_end && (uc == ' ' || uc == '\n' || uc == '\t' ||
		    uc >= 0x3000))
			n++;
		in_end = false;
	}
	if (in_end)
		n++;
	return n > 0 ? n : 1;
}

/* The element a block's text counts for: its element's parent. */
static size_t
eatiht_parent(const pith_doc *d, const pith_block *blk)
{
	size_t up;

	if (blk->node == PITH_NONE || blk->node >= pith_doc_nnodes(d))
		return PITH_NONE;
	up = pith_doc_node(d, blk->node)->parent;
	return up != PITH_NONE ? up : blk->node;
}

static const char *
eatiht_why(unsigned char code)
{
	switch (code) {
	case EATIHT_TAG: return "a non-text or navigation element";
	case EATIHT_SOCIAL: return "a social-media embed";
	case EATIHT_NAME: return "named as a useless section";
	case EATIHT_EMPTY: return "left empty";
	default: return "cleaned";
	}
}

pith_code
eatiht_extract(const pith_doc *d, const pith_params *p, pith_article *a,
               pith_error *err)
{
	size_t nn = pith_doc_nnodes(d), nb = pith_doc_nblocks(d), best = PITH_NONE;
	unsigned char *drop = calloc(nn + 1, 1), *sel = calloc(nb + 1, 1);
	size_t *root = calloc(nn + 1, sizeof *root);
	double *score = calloc(nn + 1, sizeof *score);
	const char *kept;
	char name[96], note[160];
	size_t nsel = 0, nkept = 0;
	pith_code rc = PITH_OK;

	(void)p;
	a->reason = calloc(nb + 1, sizeof *a->reason);
	if (drop == NULL || sel == NULL || root == NULL || score == NULL ||
	    a->reason == NULL) {
		rc = err_set(err, PITH_ENOMEM, "out of memory");
		goto out;
	}
	eatiht_clean(d, drop, &a->time);
	/* The outermost dropped element of each node, to name it. */
	for (size_t n = 0; n < nn && !budget_tick(&a->time); n++) {
		size_t up = pith_doc_node(d, n)->parent;

		root[n] = drop[n] == EATIHT_INSIDE && up != PITH_NONE ? root[up] : n;
	}
	for (size_t b = 0; b < nb; b++) {
		const pith_block *blk = pith_doc_block(d, b);
		size_t up = eatiht_parent(d, blk);

		if (budget_tick(&a->time))
			goto out;   /* pith_extract reports it */
		if (up == PITH_NONE) {
			a->reason[b] = "dropped: outside the page's elements";
		} else if (drop[blk->node] != EATIHT_KEEP) {
			size_t r = root[blk->node];

			reason_node_name(d, r, name, sizeof name);
			a->reason[b] = reason_format(a, "dropped: cleaned",
			    "dropped: cleaned, in %s: %s", name, eatiht_why(drop[r]));
		} else if (blk->kind == PITH_BLOCK_IMAGE || blk->kind == PITH_BLOCK_RULE ||
		    u8_mbsnlen((const uint8_t *)blk->text, blk->len) < EATIHT_MIN_CHARS) {
			a->reason[b] = "dropped: shorter than 20 characters";
		} else {
			sel[b] = 1;
			nsel++;
			score[up] += (double)eatiht_sentences(blk);
		}
	}
	/* The argmax; on a tie the first in the page. */
	for (size_t n = 0; n < nn && !budget_tick(&a->time); n++)
		if (score[n] > 0 && (best == PITH_NONE || score[n] > score[best]))
			best = n;
	if (best == PITH_NONE) {
		rc = err_set(err, PITH_ENOARTICLE, "eatiht: no text block of %d "
		    "characters or more survives cleaning", EATIHT_MIN_CHARS);
		goto out;
	}
	reason_node_name(d, best, name, sizeof name);
	kept = reason_format(a, "kept", "kept: under %s, %.0f sentences", name,
	    score[best]);
	for (size_t b = 0; b < nb; b++) {
		size_t up = eatiht_parent(d, pith_doc_block(d, b));

		if (budget_tick(&a->time))
			goto out;
		if (!sel[b])
			continue;
		a->block_score[b] = score[up];
		if (up == best) {
			a->reason[b] = kept;
			nkept++;
			continue;
		}
		sel[b] = 0;
		a->reason[b] = reason_format(a, "dropped: under another parent",
		    "dropped: counts for another parent (%.0f sentences), not %s",
		    score[up], name);
	}
	snprintf(note, sizeof note, "eatiht: %s, %.0f sentences in %zu of %zu long "
	    "blocks", name, score[best], nkept, nsel);
	if ((rc = article_note(a, note, err)) == PITH_OK)
		rc = reason_keep_blocks(a, sel, err);
out:
	free(drop);
	free(sel);
	free(root);
	free(score);
	return rc;
}
