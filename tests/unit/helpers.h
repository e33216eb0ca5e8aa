/*
 * helpers.h - what the unit tests share: cmocka, a page parsed, blocks
 * and nodes found by their text, tag or id, and a scratch directory.
 * Static inline, so a test file pays only for what it uses.
 */
#ifndef PITH_TEST_HELPERS_H
#define PITH_TEST_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "pith.h"

/* len bytes of html parsed with url as its address (NULL: none); it
 * must parse. */
static inline pith_doc *
parse_len(const char *html, size_t len, const char *url)
{
	pith_parse_options o = { .url = url };
	pith_error err = {0};
	pith_doc *d = NULL;

	assert_int_equal(pith_doc_parse(html, len, &o, &d, &err), PITH_OK);
	assert_non_null(d);
	return d;
}

static inline pith_doc *
parse_url(const char *html, const char *url)
{
	return parse_len(html, strlen(html), url);
}

/* The first block whose text starts with s; block_with: that holds it. */
static inline size_t
block_starting(const pith_doc *d, const char *s)
{
	for (size_t i = 0; i < pith_doc_nblocks(d); i++)
		if (strncmp(pith_doc_block(d, i)->text, s, strlen(s)) == 0)
			return i;
	fail_msg("no block starts with '%s'", s);
	return 0;
}

static inline size_t
block_with(const pith_doc *d, const char *s)
{
	for (size_t i = 0; i < pith_doc_nblocks(d); i++)
		if (strstr(pith_doc_block(d, i)->text, s) != NULL)
			return i;
	fail_msg("no block holds '%s'", s);
	return 0;
}

/* A page parsed and extracted: its article (there is one even when rc
 * is PITH_ENOARTICLE), the extraction's error and the article's plain
 * text. */
typedef struct {
	pith_doc *d;
	pith_article *a;
	pith_code rc;
	pith_error err;
	char *text;
} extracted;

/* html with url as its address (NULL: none) extracted by algo (NULL:
 * auto) with p (NULL: the defaults). */
static inline extracted
extract_page_url(const char *html, const char *url, const char *algo,
    const pith_params *p)
{
	extracted r = {0};
	pith_error err = {0};
	size_t len;

	r.d = parse_url(html, url);
	r.rc = pith_extract(r.d, algo, p, &r.a, &r.err);
	assert_non_null(r.a);
	assert_int_equal(pith_article_text(r.a, 0, &r.text, &len, &err), PITH_OK);
	assert_int_equal(strlen(r.text), len);
	return r;
}

/* The same for a page with no address. */
static inline extracted
extract_page(const char *html, const char *algo, const pith_params *p)
{
	return extract_page_url(html, NULL, algo, p);
}

static inline void
extracted_free(extracted *r)
{
	free(r->text);
	pith_article_free(r->a);
	pith_doc_free(r->d);
}

/* The reason given for the first block whose text starts with s. */
static inline const char *
reason_of(const extracted *r, const char *s)
{
	return pith_article_block_reason(r->a, block_starting(r->d, s));
}

/* The first node with this id, or with this tag. */
static inline size_t
node_with_id(const pith_doc *d, const char *id)
{
	for (size_t i = 0; i < pith_doc_nnodes(d); i++) {
		const char *v = pith_node_attr(d, i, "id");

		if (v != NULL && strcmp(v, id) == 0)
			return i;
	}
	fail_msg("no node with id '%s'", id);
	return 0;
}

static inline size_t
node_with_tag(const pith_doc *d, const char *tag)
{
	for (size_t i = 0; i < pith_doc_nnodes(d); i++)
		if (strcmp(pith_doc_node(d, i)->tag, tag) == 0)
			return i;
	fail_msg("no <%s>", tag);
	return 0;
}

/* A new empty directory /tmp/pith-test-NAME.XXXXXX into dir. */
static inline void
scratch_make(char *dir, size_t size, const char *name)
{
	snprintf(dir, size, "/tmp/pith-test-%s.XXXXXX", name);
	assert_non_null(mkdtemp(dir));
}

static inline int
scratch_unlink(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* rm -r dir. */
static inline void
scratch_remove(const char *dir)
{
	nftw(dir, scratch_unlink, 16, FTW_DEPTH | FTW_PHYS);
}

/* The scratch directory of scratch_setup, one a test file. */
static inline char *
scratch_dir(void)
{
	static char dir[256];

	return dir;
}

/* A test's fixture (cmocka_unit_test_setup_teardown): scratch_dir()
 * made anew, and every XDG home pith reads pointed at it, so that the
 * services under test write there and nowhere of the user's. */
static inline int
scratch_setup(void **state)
{
	static const char *const homes[] = {
		"XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
	};

	(void)state;
	scratch_make(scratch_dir(), 256, "unit");
	for (size_t i = 0; i < sizeof homes / sizeof homes[0]; i++)
		setenv(homes[i], scratch_dir(), 1);
	return 0;
}

static inline int
scratch_teardown(void **state)
{
	(void)state;
	scratch_remove(scratch_dir());
	return 0;
}

/* path's whole contents, malloc'd; NULL when it cannot be read. */
static inline char *
file_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s;
	size_t n;

	if (f == NULL)
		return NULL;
	s = calloc(1, 1 << 20);
	n = s != NULL ? fread(s, 1, (1 << 20) - 1, f) : 0;
	fclose(f);
	if (s != NULL)
		s[n] = '\0';
	return s;
}

/* Write text to path; it must work. */
static inline void
file_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
	assert_int_equal(fclose(f), 0);
}

/* scratch_dir()/rel into path, its folders made (mkdir -p); with text,
 * the file written. */
static inline void
scratch_file(const char *rel, const char *text, char *path, size_t size)
{
	char *p;

	assert_true((size_t)snprintf(path, size, "%s/%s", scratch_dir(), rel) < size);
	for (p = path + strlen(scratch_dir()) + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		assert_true(mkdir(path, 0700) == 0 || errno == EEXIST);
		*p = '/';
	}
	if (text != NULL)
		file_write(path, text);
}

#endif
