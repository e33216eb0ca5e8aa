/*
 * fuzz_template.c - libFuzzer: the input is read twice.
 *
 * As a template: pith_template_parse(), and a template that parses is
 * applied to a fixed page through the "template" algorithm.
 *
 * As a page: for some of its elements, pith_template_selector() must
 * write a line that parses and selects that element, as pith.h says
 * ("the template line that selects node i"): the blocks the element
 * holds are kept.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pith.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char page[] =
	"<!DOCTYPE html><html><head><title>T</title></head><body>"
	"<nav id=nav class='menu top'><a href=/>Home</a> <a href=/a>About</a></nav>"
	"<main><article id=main class='story wide' itemprop=articleBody>"
	"<h1>Heading</h1><p class=lead>The first paragraph, with words.</p>"
	"<p data-x='v=w'>A second <b class=em>bold</b> one.</p>"
	"<div class='  spaced  '><p>Inside a spaced class.</p></div>"
	"<ul><li>one<li>two</ul><table><tr><td>cell<td>cell</table>"
	"<pre>code\n  indented</pre></article></main>"
	"<aside class=related><p>Related links here.</p></aside>"
	"<footer id=f>Footer text.</footer></body></html>";
static pith_doc *fixed;

static void
fail(const char *what, size_t node, const char *line)
{
	fprintf(stderr, "fuzz_template: %s (node %zu, line \"", what, node);
	for (const unsigned char *u = (const unsigned char *)line; *u; u++)
		fprintf(stderr, *u < 0x20 || *u >= 0x7f || *u == '"' ?
		    "\\x%02x" : "%c", *u);
	fprintf(stderr, "\")\n");
	abort();
}

static void
apply(const pith_doc *doc, const pith_template *t, pith_article **out)
{
	pith_params *params = pith_params_new();
	pith_error err = {0};

	if (params == NULL)
		abort();
	pith_params_set_template(params, t);
	*out = NULL;
	pith_extract(doc, "template", params, out, &err);
	pith_params_free(params);
}

/* The selector of node i parses and keeps the blocks node i holds. */
static void
check_selector(const pith_doc *doc, size_t i)
{
	char line[512];
	pith_template *t = NULL;
	pith_error err = {0};
	pith_article *a;
	const pith_node *nd = pith_doc_node(doc, i);

	pith_template_selector(doc, i, line, sizeof line);
	/* Cut short by the buffer: the caller's choice, not a fault; empty:
	 * no line can name this node. */
	if (strlen(line) == sizeof line - 1 || line[0] == '\0')
		return;
	if (pith_template_parse(line, strlen(line), &t, &err) != PITH_OK) {
		fprintf(stderr, "fuzz_template: %s\n", err.msg);
		fail("the selector does not parse", i, line);
	}
	apply(doc, t, &a);
	if (a == NULL)
		fail("the selector's template gave no article", i, line);
	for (size_t b = 0; b < pith_doc_nblocks(doc); b++) {
		size_t n = pith_doc_block(doc, b)->node;

		if (n >= i && n < nd->end && pith_doc_block(doc, b)->len > 0 &&
		    !pith_article_block_kept(a, b))
			fail("the selector does not select its node", i, line);
	}
	pith_article_free(a);
	pith_template_free(t);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	pith_error err = {0};

	(void)argc;
	(void)argv;
	if (pith_doc_parse(page, sizeof page - 1, NULL, &fixed, &err) != PITH_OK)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pith_template *t = NULL;
	pith_error err = {0};
	pith_doc *doc = NULL;

	if (pith_template_parse((const char *)data, size, &t, &err) == PITH_OK) {
		pith_article *a;

		apply(fixed, t, &a);
		if (a != NULL) {
			char *text;
			size_t n;

			if (pith_article_text(a, 0, &text, &n, &err) == PITH_OK)
				free(text);
			pith_article_free(a);
		}
		pith_template_free(t);
	} else if (err.msg[0] == '\0') {
		fprintf(stderr, "fuzz_template: a failure without a message\n");
		abort();
	}

	if (pith_doc_parse((const char *)data, size, NULL, &doc, &err) == PITH_OK) {
		size_t nn = pith_doc_nnodes(doc), step = nn / 16 + 1;

		for (size_t i = 0; i < nn; i += step)
			check_selector(doc, i);
		pith_doc_free(doc);
	}
	return 0;
}
