/*
 * fuzz_site.c - libFuzzer: the input is a site store as it might be
 * found on disk ($XDG_DATA_HOME/pith/sites/HOST.site), corrupt or not.
 *
 * pith.h promises that pith_site_load() either parses it or fails with
 * PITH_EINVAL and "line N: why" (the program then sets the file aside
 * and rebuilds it).  A store that parses is written back with
 * pith_site_save(): that text loads again, and saving it once more
 * gives the same bytes.  The loaded site then learns a fixed page and
 * runs the "site" algorithm on it, as -a site would.
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
	"<nav><a href=/>Home</a> <a href=/a>About</a></nav>"
	"<article><h1>Heading</h1><p>The first paragraph, with words enough "
	"to be an article of its own for the site algorithm.</p>"
	"<p>A second paragraph follows, and it says more of the same.</p>"
	"</article><footer>Footer text.</footer></body></html>";
static pith_doc *fixed;

static void
fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_site: %s%s%s\n", what, detail ? ": " : "",
	    detail ? detail : "");
	abort();
}

/* Save s, or abort: saving never fails but for memory. */
static char *
save(const pith_site *s, size_t *len)
{
	pith_error err = {0};
	char *text;

	if (pith_site_save(s, (size_t)-1, &text, len, &err) != PITH_OK)
		fail("a site does not save", err.msg);
	if (text[*len] != '\0' || strlen(text) != *len)
		fail("the saved text is not one NUL-terminated string", NULL);
	return text;
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
	pith_site *s = NULL, *again = NULL;
	pith_error err = {0};
	pith_params *params;
	pith_article *a = NULL;
	char *text, *text2;
	size_t len, len2, pages;
	unsigned line;
	int added;

	if (pith_site_load((const char *)data, size, &s, &err) != PITH_OK) {
		if (s != NULL)
			fail("a failed load returned a site", NULL);
		if (err.code == PITH_EINVAL &&
		    (sscanf(err.msg, "line %u: ", &line) != 1 || line == 0))
			fail("a failure that names no line", err.msg);
		if (err.code != PITH_EINVAL && err.code != PITH_ENOMEM)
			fail("a failure that is neither EINVAL nor ENOMEM", err.msg);
		return 0;
	}
	if (s == NULL)
		fail("a load that succeeded returned no site", NULL);
	pages = pith_site_pages(s);

	/* Written back, it loads again to the same text. */
	text = save(s, &len);
	if (pith_site_load(text, len, &again, &err) != PITH_OK)
		fail("a saved site does not load", err.msg);
	if (pith_site_pages(again) != pages)
		fail("the page count changed in a round trip", NULL);
	text2 = save(again, &len2);
	if (len2 != len || memcmp(text, text2, len) != 0)
		fail("saving a loaded save changed it", NULL);
	free(text2);
	free(text);
	pith_site_free(again);

	/* What -a site does with it. */
	if (pith_site_learn(s, fixed, "https://example.org/p", &added, &err) != PITH_OK)
		fail("learning a page failed", err.msg);
	if (pith_site_pages(s) != pages + (size_t)added)
		fail("learning counted a page wrongly", NULL);
	if ((params = pith_params_new()) == NULL ||
	    pith_params_set(params, "site.pages", "1", &err) != PITH_OK)
		fail("cannot set site.pages", err.msg);
	pith_params_set_site(params, s);
	if (pith_extract(fixed, "site", params, &a, &err) == PITH_OK) {
		if (pith_article_nspans(a) == 0)
			fail("an article without spans", NULL);
	}
	pith_article_free(a);
	pith_params_free(params);
	/* Saving with a bound keeps at most that many counts. */
	if (pith_site_save(s, 3, &text, &len, &err) != PITH_OK)
		fail("a bounded save failed", err.msg);
	{
		size_t counts = 0;

		for (const char *l = strchr(text, '\n'); l != NULL && l[1] != '\0';
		    l = strchr(l + 1, '\n'))
			counts += strncmp(l + 1, "key ", 4) != 0;
		if (counts > 3)
			fail("a bounded save wrote more counts than asked", NULL);
	}
	if (pith_site_load(text, len, &again, &err) != PITH_OK)
		fail("a bounded save does not load", err.msg);
	pith_site_free(again);
	free(text);
	pith_site_free(s);
	return 0;
}
