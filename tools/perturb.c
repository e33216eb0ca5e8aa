/* tools/perturb.c - a page as gumbo parses it, written out again with one
 * thing changed, to measure how much pith leans on markup its corpora
 * happen to use (tools/bench-quality.py --perturb; make bench-robust).
 *
 *	perturb MODE < page.html > page2.html
 *
 * MODE is one of
 *	none	the parsed tree as it is (the baseline: parsing and writing
 *		again mends the markup, which moves a few pages by itself);
 *	p2div	every <p> a <div>, as pages built of divs set paragraphs;
 *	hash	every word of a class or id a hash of it ("x3fa9c1"), as
 *		CSS-modules sites name things: no vocabulary to go on;
 *	br	every <p> its content and two <br>, as older CMSs and forums
 *		set text: no paragraph element to score (a <span> keeps the
 *		attributes of one that had any: hidden stays hidden);
 *	html4	HTML5's sectioning and figure elements <div>, <time> a
 *		<span>, and no role, aria or microdata attributes, as pages
 *		written before HTML5 are.
 * Comments are left out.  The page is decoded and bounded as pith does
 * it (src/charset.c, extract/guard.c) and written in UTF-8, saying so
 * first in its <head>: gumbo reads nothing else (a legacy page came back
 * as U+FFFD), and a <title> never closed would take the page along. */

#include "charset.h"
#include "internal.h"

#include <gumbo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum mode { MODE_NONE, MODE_P2DIV, MODE_HASH, MODE_BR, MODE_HTML4 };

static void
put_escaped(const char *s, int attr, FILE *out)
{
	for (; *s != '\0'; s++) {
		if (*s == '&')
			fputs("&amp;", out);
		else if (*s == '<' && !attr)
			fputs("&lt;", out);
		else if (*s == '>' && !attr)
			fputs("&gt;", out);
		else if (*s == '"' && attr)
			fputs("&quot;", out);
		else
			putc(*s, out);
	}
}

static int
is_void(GumboTag t)
{
	switch (t) {
	case GUMBO_TAG_AREA: case GUMBO_TAG_BASE: case GUMBO_TAG_BR: case GUMBO_TAG_COL:
	case GUMBO_TAG_EMBED: case GUMBO_TAG_HR: case GUMBO_TAG_IMG: case GUMBO_TAG_INPUT:
	case GUMBO_TAG_LINK: case GUMBO_TAG_META: case GUMBO_TAG_PARAM:
	case GUMBO_TAG_SOURCE: case GUMBO_TAG_TRACK: case GUMBO_TAG_WBR:
		return 1;
	default:
		return 0;
	}
}

/* Each white-space separated word of v as "x" and six hex digits of its
 * FNV-1a hash: the same word gives the same name all over the page. */
static void
put_hashed(const char *v, FILE *out)
{
	int first = 1;

	while (*v != '\0') {
		unsigned long h = 2166136261UL;

		if (strchr(" \t\n\r\f", *v) != NULL) {
			v++;
			continue;
		}
		for (; *v != '\0' && strchr(" \t\n\r\f", *v) == NULL; v++)
			h = ((h ^ (unsigned char)*v) * 16777619UL) & 0xffffffffUL;
		fprintf(out, "%sx%06lx", first ? "" : " ", h & 0xffffffUL);
		first = 0;
	}
}

/* Written by an explicit stack of (node, next child) rather than by
 * recursion: gumbo nests as deep as the page does. */
typedef struct {
	const GumboNode *node;
	unsigned next;
} frame;

static const char *
tag_name(const GumboElement *e, enum mode m, char *nm, size_t n)
{
	GumboStringPiece p;

	if (e->tag == GUMBO_TAG_P && m == MODE_P2DIV)
		return "div";
	if (e->tag == GUMBO_TAG_P && m == MODE_BR)
		return e->attributes.length > 0 ? "span" : NULL;
	if (m == MODE_HTML4)
		switch (e->tag) {
		case GUMBO_TAG_ARTICLE: case GUMBO_TAG_SECTION: case GUMBO_TAG_HEADER:
		case GUMBO_TAG_FOOTER: case GUMBO_TAG_NAV: case GUMBO_TAG_ASIDE:
		case GUMBO_TAG_MAIN: case GUMBO_TAG_FIGURE: case GUMBO_TAG_FIGCAPTION:
		case GUMBO_TAG_HGROUP: case GUMBO_TAG_DETAILS: case GUMBO_TAG_SUMMARY:
			return "div";
		case GUMBO_TAG_TIME: case GUMBO_TAG_MARK:
			return "span";
		default:
			break;
		}
	if (e->tag != GUMBO_TAG_UNKNOWN)
		return gumbo_normalized_tagname(e->tag);
	p = e->original_tag;
	gumbo_tag_from_original_text(&p);
	snprintf(nm, n, "%.*s", (int)(p.length < n ? p.length : n - 1), p.data);
	return nm;
}

/* Attributes HTML4 pages did not have. */
static int
html5_attr(const char *name)
{
	return strcmp(name, "role") == 0 || strncmp(name, "item", 4) == 0 ||
	    strncmp(name, "aria-", 5) == 0;
}

/* A NULL name writes nothing: the element's content stands in its place. */
static void
open_tag(const GumboElement *e, enum mode m, const char *name, FILE *out)
{
	if (name == NULL)
		return;
	fprintf(out, "<%s", name);
	for (unsigned i = 0; i < e->attributes.length; i++) {
		const GumboAttribute *a = e->attributes.data[i];

		if (m == MODE_HTML4 && html5_attr(a->name))
			continue;
		fprintf(out, " %s=\"", a->name);
		if (m == MODE_HASH && (strcmp(a->name, "class") == 0 || strcmp(a->name, "id") == 0))
			put_hashed(a->value, out);
		else
			put_escaped(a->value, 1, out);
		putc('"', out);
	}
	putc('>', out);
}

static int
write_tree(const GumboNode *root, enum mode m, FILE *out)
{
	size_t cap = 64, depth = 0;
	frame *st = malloc(cap * sizeof *st);
	char nm[2][64];

	if (st == NULL)
		return -1;
	st[depth++] = (frame){ root, 0 };
	fputs("<!DOCTYPE html>", out);
	while (depth > 0) {
		frame *f = &st[depth - 1];
		const GumboVector *kids = f->node->type == GUMBO_NODE_DOCUMENT ?
		    &f->node->v.document.children : &f->node->v.element.children;
		const GumboNode *k;

		if (f->next >= kids->length) {
			if (f->node->type != GUMBO_NODE_DOCUMENT) {
				const char *t = tag_name(&f->node->v.element, m, nm[0],
				    sizeof nm[0]);

				if (t != NULL)
					fprintf(out, "</%s>", t);
				if (f->node->v.element.tag == GUMBO_TAG_P && m == MODE_BR)
					fputs("<br><br>", out);
			}
			depth--;
			continue;
		}
		k = kids->data[f->next++];
		switch (k->type) {
		case GUMBO_NODE_TEXT: case GUMBO_NODE_WHITESPACE: case GUMBO_NODE_CDATA:
			/* Script and style text is raw: escaping would change it. */
			if (f->node->type != GUMBO_NODE_DOCUMENT &&
			    (f->node->v.element.tag == GUMBO_TAG_SCRIPT ||
			    f->node->v.element.tag == GUMBO_TAG_STYLE ||
			    f->node->v.element.tag == GUMBO_TAG_NOSCRIPT))
				fputs(k->v.text.text, out);
			else
				put_escaped(k->v.text.text, 0, out);
			break;
		case GUMBO_NODE_ELEMENT: case GUMBO_NODE_TEMPLATE:
			open_tag(&k->v.element, m, tag_name(&k->v.element, m, nm[1],
			    sizeof nm[1]), out);
			if (is_void(k->v.element.tag))
				break;
			if (depth == cap) {
				frame *g = realloc(st, 2 * cap * sizeof *st);

				if (g == NULL) {
					free(st);
					return -1;
				}
				st = g;
				cap *= 2;
			}
			st[depth++] = (frame){ k, 0 };
			/* Before the page's own declaration: the prescan takes
			 * the first. */
			if (k->v.element.tag == GUMBO_TAG_HEAD)
				fputs("<meta charset=\"utf-8\">", out);
			break;
		default:
			break;
		}
	}
	free(st);
	return 0;
}

int
main(int argc, char **argv)
{
	static const char *const names[] = { "none", "p2div", "hash", "br", "html4" };
	size_t cap = 1 << 16, len = 0, got, glen;
	char *in = NULL, *guarded;
	GumboOutput *g;
	int m = -1, rc;

	for (int i = 0; argc == 2 && i < 5; i++)
		if (strcmp(argv[1], names[i]) == 0)
			m = i;
	if (m < 0) {
		fputs("usage: perturb none|p2div|hash|br|html4 < page.html > page2.html\n",
		    stderr);
		return 2;
	}
	if ((in = malloc(cap)) == NULL)
		goto oom;
	while ((got = fread(in + len, 1, cap - len, stdin)) > 0) {
		len += got;
		if (len == cap) {
			char *bigger = realloc(in, 2 * cap);

			if (bigger == NULL)
				goto oom;
			in = bigger;
			cap *= 2;
		}
	}
	if (ferror(stdin)) {
		fprintf(stderr, "perturb: cannot read the page\n");
		free(in);
		return 1;
	}
	if (charset_decode_owned(&in, &len, NULL, 1, NULL) < 0 ||
	    guard_html(in, len, GUARD_NESTING, GUARD_ATTRS, &guarded, &glen) != PITH_OK)
		goto oom;
	if (guarded != NULL) {
		free(in);
		in = guarded;
		len = glen;
	}
	if ((g = gumbo_parse_with_options(&kGumboDefaultOptions, in, len)) == NULL)
		goto oom;
	rc = write_tree(g->document, (enum mode)m, stdout);
	gumbo_destroy_output(&kGumboDefaultOptions, g);
	free(in);
	in = NULL;
	if (rc < 0)
		goto oom;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "perturb: cannot write the page\n");
		return 1;
	}
	return 0;
oom:
	free(in);
	fprintf(stderr, "perturb: out of memory\n");
	return 1;
}
