/* test_save.c - file names from titles, rendering, atomic writes. */
#include "helpers.h"
#include <dirent.h>

#include "save.h"
#include "util.h"

static void
slug_is(const char *title, const char *want)
{
	char out[SAVE_SLUG_MAX + 1];

	save_slug(title, out, sizeof out);
	assert_string_equal(out, want);
}

static void
test_slug(void **state)
{
	char out[SAVE_SLUG_MAX + 1], big[400];

	(void)state;
	slug_is("Hello, World!", "hello-world");
	slug_is("  ../../etc/passwd  ", "etc-passwd");
	slug_is(".hidden", "hidden");
	slug_is("a/b\\c", "a-b-c");
	slug_is("tab\there\x01\x1b[31m", "tab-here-31m");
	slug_is("Über Café", "über-café");
	slug_is("漢字 かな", "漢字-かな");
	slug_is("", "article");
	slug_is(NULL, "article");
	slug_is("!!! ---", "article");
	slug_is("\xff\xfe bad bytes", "bad-bytes");
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	save_slug(big, out, sizeof out);
	assert_int_equal(strlen(out), SAVE_SLUG_MAX);
	/* Never cut inside a character. */
	for (size_t i = 0; i + 3 < sizeof big; i += 3)
		memcpy(big + i, "\xe6\xbc\xa2", 3);
	big[sizeof big - 1 - (sizeof big - 1) % 3] = '\0';
	save_slug(big, out, sizeof out);
	assert_true(strlen(out) <= SAVE_SLUG_MAX);
	assert_int_equal(strlen(out) % 3, 0);
	/* A small buffer still gets a terminated name. */
	save_slug("Hello", out, 3);
	assert_string_equal(out, "he");
}

static void
test_default_path(void **state)
{
	char p[256];

	(void)state;
	assert_int_equal(save_default_path(NULL, "A Title", "txt", p, sizeof p), 0);
	assert_string_equal(p, "a-title.txt");
	assert_int_equal(save_default_path("/tmp/x/", "A Title", "md", p, sizeof p), 0);
	assert_string_equal(p, "/tmp/x/a-title.md");
	assert_int_equal(save_default_path("/tmp/x", NULL, "md", p, sizeof p), 0);
	assert_string_equal(p, "/tmp/x/article.md");
	assert_int_equal(save_default_path("/tmp/x", "t", "md", p, 8), -1);
}

/* How many entries scratch_dir() holds. */
static size_t
entries(void)
{
	DIR *d = opendir(scratch_dir());
	struct dirent *e;
	size_t n = 0;

	while (d != NULL && (e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	if (d != NULL)
		closedir(d);
	return n;
}

static void
file_is(const char *path, const char *want)
{
	char buf[256];
	FILE *f = fopen(path, "rb");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	assert_string_equal(buf, want);
}

static void
test_write(void **state)
{
	char p[512];
	diag d = {0};
	struct stat st;

	(void)state;
	snprintf(p, sizeof p, "%s/out.txt", scratch_dir());
	assert_int_equal(util_write_file(p, "first\n", 6, 0, &d), UTIL_WRITTEN);
	file_is(p, "first\n");
	/* An ordinary file, not mkstemp's 0600, and no temporary left. */
	assert_int_equal(stat(p, &st), 0);
	{
		mode_t mask = umask(0);

		umask(mask);
		assert_int_equal(st.st_mode & 0777, 0666 & ~mask);
	}
	assert_int_equal(entries(), 1);
	/* It refuses to overwrite unless told to. */
	assert_int_equal(util_write_file(p, "second\n", 7, 0, &d), UTIL_EXISTS);
	file_is(p, "first\n");
	assert_int_equal(entries(), 1);
	assert_int_equal(util_write_file(p, "second\n", 7, 1, &d), UTIL_WRITTEN);
	file_is(p, "second\n");
	assert_int_equal(entries(), 1);
	/* Errors say why, and leave nothing behind. */
	snprintf(p, sizeof p, "%s/no/such/dir/out.txt", scratch_dir());
	assert_int_equal(util_write_file(p, "x", 1, 0, &d), UTIL_FAILED);
	assert_non_null(strstr(d.msg, "No such file"));
	assert_int_equal(util_write_file(scratch_dir(), "x", 1, 1, &d), UTIL_FAILED);
	snprintf(p, sizeof p, "%s/", scratch_dir());
	assert_int_equal(util_write_file(p, "x", 1, 1, &d), UTIL_FAILED);
	assert_int_equal(entries(), 1);
	/* UTIL_MKDIRS makes the folders (0700); util_write_parts writes its
	 * two parts as one file. */
	snprintf(p, sizeof p, "%s/no/such/dir/out.txt", scratch_dir());
	assert_int_equal(util_write_parts(p, "head,", 5, "body", 4, UTIL_MKDIRS |
	    UTIL_PRIVATE, &d), UTIL_WRITTEN);
	file_is(p, "head,body");
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	snprintf(p, sizeof p, "%s/no/such", scratch_dir());
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(util_write_file("/proc/pith-no/dir/f", "x", 1, UTIL_MKDIRS, &d),
	    UTIL_FAILED);
	assert_non_null(strstr(d.msg, "cannot create /proc/pith-no/dir"));
}

/* s starts with prefix (the failure shows both). */
static void
assert_starts(const char *s, const char *prefix)
{
	char head[512];

	snprintf(head, sizeof head, "%.*s", (int)strlen(prefix), s);
	assert_string_equal(head, prefix);
}

static void
test_make_dir(void **state)
{
	char sd[512], path[600], other[600];
	struct stat st;
	diag d = {0};

	(void)state;
	snprintf(sd, sizeof sd, "%s/new/articles", scratch_dir());
	snprintf(path, sizeof path, "%s/a.txt", sd);
	snprintf(other, sizeof other, "%s/elsewhere/a.txt", scratch_dir());
	/* Only the save directory itself, for a file in it. */
	assert_int_equal(save_make_dir(sd, other, &d), 0);
	assert_int_equal(save_make_dir(NULL, path, &d), 0);
	assert_int_equal(save_make_dir(sd, path, &d), 1);
	assert_int_equal(stat(sd, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0700);
	/* There now: nothing more to do. */
	assert_int_equal(save_make_dir(sd, path, &d), 0);
	rmdir(sd);
	snprintf(sd, sizeof sd, "%s/new", scratch_dir());
	rmdir(sd);
	/* A directory that cannot be made says why. */
	assert_int_equal(save_make_dir("/proc/pith-no/dir", "/proc/pith-no/dir/a.txt", &d), -1);
	assert_non_null(strstr(d.msg, "cannot create /proc/pith-no/dir"));
}

static void
test_render(void **state)
{
	static const char html[] =
	    "<html><head><title>My Title</title><meta name=author content=\"Ann Writer\">"
	    "</head><body><article>"
	    "<p>The body of the article is long enough to be found, with many "
	    "plain words one after another and <a href=\"/other\">a link</a> "
	    "and <a href=\"https://else.example/a/long/address/that/is/not/wrapped\">"
	    "<b>another</b> one</a>.</p>"
	    "</article></body></html>";
	extracted r = extract_page_url(html, "https://example.org/story", NULL, NULL);
	char *out, *refs;
	size_t len;

	(void)state;
	assert_int_equal(r.rc, PITH_OK);
	assert_int_equal(save_render(r.a, 0, 30, NULL, &out, &len), 0);
	assert_int_equal(strlen(out), len);
	/* The page has no date: none is made up. */
	assert_starts(out, "My Title\nby Ann Writer\nhttps://example.org/story\n\n");
	assert_non_null(strstr(out, "link[1]"));
	assert_non_null(strstr(out, "one[2]"));
	/* The references: numbered as in the text, whole. */
	assert_non_null(refs = strstr(out, "\nReferences\n\n"));
	assert_non_null(strstr(refs, "   1. https://example.org/other\n"));
	assert_non_null(strstr(refs, "   2. https://else.example/a/long/address/that/is/not/wrapped\n"));
	for (char *l = out; l < refs; ) {
		size_t n = strcspn(l, "\n");

		assert_true(n <= 30);
		l += n + (l[n] == '\n');
	}
	free(out);
	assert_int_equal(save_render(r.a, 1, 30, NULL, &out, &len), 0);
	assert_starts(out, "# My Title\n\nBy Ann Writer\n\n<https://example.org/story>\n\n");
	assert_non_null(strstr(out, "(<https://example.org/other>)"));
	free(out);
	extracted_free(&r);
}

/* Saved text lays tables on the reader's grid, at the width: a spanning
 * header, cells wrapped in their column, each link's number in its own
 * cell and counted on among the article's links. */
static void
test_render_table(void **state)
{
	static const char html[] =
	    "<html><head><title>Facts</title></head><body><article>"
	    "<p>A paragraph with <a href=\"/a\">a link</a> before the table, long enough "
	    "to be kept with the table as the article.</p><table>"
	    "<tr><th colspan=2>Country facts</th></tr>"
	    "<tr><th><a href=\"/d\">Demonym</a></th><td><a href=\"/n\">Kiwi</a></td></tr>"
	    "<tr><th>Motto</th><td>None official, though a phrase is sung at every "
	    "gathering</td></tr></table>"
	    "<p>And <a href=\"/z\">after</a> it more words of the article.</p>"
	    "</article></body></html>";
	extracted r = extract_page_url(html, "https://example.org/story", "readability", NULL);
	char *out, *refs;
	size_t len;

	(void)state;
	assert_int_equal(r.rc, PITH_OK);
	assert_int_equal(save_render(r.a, 0, 40, NULL, &out, &len), 0);
	assert_non_null(strstr(out, "\nCountry facts\n"
	    "Demonym[2] \xe2\x94\x82 Kiwi[3]\n"
	    "Motto      \xe2\x94\x82 None official, though a\n"
	    "           \xe2\x94\x82 phrase is sung at every\n"
	    "           \xe2\x94\x82 gathering\n\n"));
	assert_non_null(strstr(out, "after[4]"));
	assert_non_null(refs = strstr(out, "\nReferences\n\n"));
	assert_non_null(strstr(refs, "   2. https://example.org/d\n"
	    "   3. https://example.org/n\n   4. https://example.org/z\n"));
	free(out);
	extracted_free(&r);
}

/* The page's own date, when it has one, as people write it. */
static void
test_render_date(void **state)
{
	static const char html[] =
	    "<html><head><title>Dated</title>"
	    "<meta property=\"article:published_time\" content=\"2015-03-17T16:27:40.294Z\">"
	    "</head>"
	    "<body><article><p>The body of the article is long enough to be found, with "
	    "many plain words one after another and hardly any tags.</p></article></body></html>";
	extracted r = extract_page(html, NULL, NULL);
	char *out;
	size_t len;

	(void)state;
	assert_int_equal(r.rc, PITH_OK);
	assert_int_equal(save_render(r.a, 0, 0, NULL, &out, &len), 0);
	/* as the reader's header shows it */
	assert_starts(out, "Dated\n17 Mar 2015\n\n");
	assert_null(strstr(out, "References"));
	free(out);
	extracted_free(&r);
}

/* A saved file is read on a terminal later: what would reorder or hide
 * its text goes, in the title and in the body, in both formats. */
static void
test_render_bidi(void **state)
{
	static const char html[] =
	    "<html><head><title>Evil\xe2\x80\xae title</title></head><body><article>"
	    "<p>The body of the article \xe2\x81\xa6is long\xe2\x81\xa9 enough to be "
	    "found, with many plain words\xf3\xa0\x81\x81 one after another and "
	    "hardly any tags at all.</p></article></body></html>";
	extracted r = extract_page(html, NULL, NULL);
	char *out;
	size_t len;

	(void)state;
	assert_int_equal(r.rc, PITH_OK);
	for (int md = 0; md <= 1; md++) {
		assert_int_equal(save_render(r.a, md, 0, NULL, &out, &len), 0);
		assert_null(strstr(out, "\xe2\x80\xae"));
		assert_null(strstr(out, "\xe2\x81\xa6"));
		assert_null(strstr(out, "\xe2\x81\xa9"));
		assert_null(strstr(out, "\xf3\xa0"));
		assert_non_null(strstr(out, "Evil title"));
		assert_non_null(strstr(out, "is long enough"));
		assert_non_null(strstr(out, "plain words one"));
		free(out);
	}
	extracted_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slug),
		cmocka_unit_test(test_default_path),
		cmocka_unit_test_setup_teardown(test_write, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_make_dir, scratch_setup, scratch_teardown),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_render_date),
		cmocka_unit_test(test_render_table),
		cmocka_unit_test(test_render_bidi),
	};

	setenv("TZ", "UTC", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
