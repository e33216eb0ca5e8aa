/* test_sitestore.c - the site statistics on disk (src/site.c): learned
 * once per page, kept per host, a corrupt store set aside. */
#include <sys/stat.h>
#include "helpers.h"
#include "site.h"
#include "util.h"

static const char page[] =
    "<html><body><nav><a href='/'>Home</a></nav><article><p>A story with "
    "enough words in it to be a story, about one thing and another.</p>"
    "</article></body></html>";
static const char page2[] =
    "<html><body><nav><a href='/'>Home</a></nav><article><p>Another story, "
    "with words of its own, about a third thing and a fourth.</p>"
    "</article></body></html>";

/* d's one warning (or "") into warn[512]; d freed. */
static void
one_warning(diag *d, char *warn)
{
	assert_true(d->nwarnings <= 1);
	snprintf(warn, 512, "%s", d->nwarnings > 0 ? diag_warning(d, 0) : "");
	diag_free(d);
}

static const pith_site *
page_warn(sitestore_session *ss, const pith_doc *doc, const char *key, char *warn)
{
	diag d = {0};
	const pith_site *s = sitestore_page(ss, doc, key, &d);

	one_warning(&d, warn);
	return s;
}

static int
load_warn(const char *host, pith_site **out, char *warn)
{
	diag d = {0};
	int rc = sitestore_load(host, out, &d);

	one_warning(&d, warn);
	return rc;
}

static void
test_learn(void **state)
{
	sitestore_session ss = { .learn = 1 };
	pith_doc *doc = parse_url(page, "https://www.example.org/a");
	pith_doc *other = parse_url(page2, "https://example.org/b");
	pith_doc *third = parse_url(page, "https://example.org/c");
	const pith_site *s;
	pith_site *back = NULL;
	char warn[512], path[512];
	struct stat st;

	(void)state;
	/* www.example.org and example.org share one store, which a page
	 * learned is written to. */
	assert_non_null(s = page_warn(&ss, doc, "https://www.example.org/a", warn));
	assert_string_equal(warn, "");
	assert_int_equal(pith_site_pages(s), 1);
	snprintf(path, sizeof path, "%s/pith/sites/example.org.site", scratch_dir());
	assert_int_equal(stat(path, &st), 0);
	/* Private as the cache is, whatever the umask. */
	assert_int_equal(st.st_mode & 0777, 0600);
	/* A page is counted once; another page counts too. */
	s = page_warn(&ss, doc, "https://www.example.org/a", warn);
	assert_int_equal(pith_site_pages(s), 1);
	s = page_warn(&ss, other, "https://example.org/b", warn);
	assert_int_equal(pith_site_pages(s), 2);
	sitestore_session_free(&ss);
	assert_int_equal(load_warn("example.org", &back, warn), 0);
	assert_int_equal(pith_site_pages(back), 2);
	pith_site_free(back);
	/* Without learning the store is only read. */
	ss.learn = 0;
	s = page_warn(&ss, third, NULL, warn);
	assert_int_equal(pith_site_pages(s), 2);
	sitestore_session_free(&ss);
	pith_doc_free(doc);
	pith_doc_free(other);
	pith_doc_free(third);
}

static void
test_corrupt(void **state)
{
	char path[512], warn[512];
	pith_site *s = NULL;
	struct stat st;

	(void)state;
	/* None yet: an empty site, quietly. */
	assert_int_equal(load_warn("example.net", &s, warn), 0);
	assert_int_equal(pith_site_pages(s), 0);
	assert_string_equal(warn, "");
	pith_site_free(s);
	scratch_file("pith/sites/example.net.site", "not a store\n", path, sizeof path);
	assert_int_equal(load_warn("example.net", &s, warn), 0);
	assert_int_equal(pith_site_pages(s), 0);
	assert_non_null(strstr(warn, "set aside as example.net.site.bad and rebuilt"));
	pith_site_free(s);
	assert_int_equal(stat(path, &st), -1);
	snprintf(path, sizeof path, "%s/pith/sites/example.net.site.bad", scratch_dir());
	assert_int_equal(stat(path, &st), 0);
}

/* HOST.lock is never opened through a symbolic link left in its place
 * (O_CREAT would make the file it names). */
static void
test_lock_link(void **state)
{
	char path[512], target[512];
	struct stat st;
	int fd;

	(void)state;
	snprintf(target, sizeof target, "%s/elsewhere", scratch_dir());
	scratch_file("pith/sites/example.com.lock", NULL, path, sizeof path);
	assert_int_equal(symlink(target, path), 0);
	assert_int_equal(sitestore_lock("example.com", 0), -1);
	assert_int_equal(stat(target, &st), -1);
	/* A lock of its own is taken and given back. */
	assert_true((fd = sitestore_lock("example.org", 0)) >= 0);
	sitestore_unlock(fd);
}

/* Another process learning the host (its lock held here), the store not
 * read yet in this session: the page is not learned, and a warning says
 * so; what the store had is still given. */
static void
test_busy(void **state)
{
	sitestore_session ss = { .learn = 1 };
	pith_doc *doc = parse_url(page, "https://example.org/a");
	pith_doc *other = parse_url(page2, "https://example.org/b");
	const pith_site *s;
	char warn[512];
	int fd;

	(void)state;
	assert_non_null(s = page_warn(&ss, doc, "https://example.org/a", warn));
	assert_int_equal(pith_site_pages(s), 1);
	sitestore_session_free(&ss);
	assert_true((fd = sitestore_lock("example.org", 0)) >= 0);
	assert_non_null(s = page_warn(&ss, other, "https://example.org/b", warn));
	assert_int_equal(pith_site_pages(s), 1);
	assert_non_null(strstr(warn, "example.org's statistics are busy or locked away ("));
	assert_non_null(strstr(warn, "): this page is not learned"));
	sitestore_unlock(fd);
	sitestore_session_free(&ss);
	pith_doc_free(doc);
	pith_doc_free(other);
}

/* Busy and corrupt: the page is not learned and the store is set aside;
 * both are said, in the order they happen (the lock is tried first), so
 * the reader, which shows the last, shows the lasting one.  The next
 * page of the host, its store now read, says only that it is busy. */
static void
test_busy_corrupt(void **state)
{
	sitestore_session ss = { .learn = 1 };
	pith_doc *doc = parse_url(page, "https://example.org/a");
	pith_doc *other = parse_url(page2, "https://example.org/b");
	const pith_site *s;
	char path[512], warn[512];
	diag d = {0};
	int fd;

	(void)state;
	scratch_file("pith/sites/example.org.site", "not a store\n", path, sizeof path);
	assert_true((fd = sitestore_lock("example.org", 0)) >= 0);
	assert_non_null(s = sitestore_page(&ss, doc, "https://example.org/a", &d));
	assert_int_equal(pith_site_pages(s), 0);
	assert_int_equal(d.nwarnings, 2);
	assert_non_null(strstr(diag_warning(&d, 0),
	    "example.org's statistics are busy or locked away"));
	assert_non_null(strstr(diag_warning(&d, 1),
	    "set aside as example.org.site.bad and rebuilt"));
	diag_free(&d);
	assert_non_null(s = page_warn(&ss, other, "https://example.org/b", warn));
	assert_int_equal(pith_site_pages(s), 0);
	assert_non_null(strstr(warn, "example.org's statistics are busy or locked away"));
	sitestore_unlock(fd);
	sitestore_session_free(&ss);
	pith_doc_free(doc);
	pith_doc_free(other);
}

/* Without a data directory nothing is learned or read, and that is
 * d->msg, not a warning that the store is busy. */
static void
test_no_data_dir(void **state)
{
	sitestore_session ss = { .learn = 1 };
	pith_doc *doc = parse_url(page, "https://example.org/a");
	char *home = getenv("HOME") != NULL ? strdup(getenv("HOME")) : NULL;
	diag d = {0};

	(void)state;
	unsetenv("HOME");
	setenv("XDG_DATA_HOME", "relative", 1);
	assert_null(sitestore_page(&ss, doc, "https://example.org/a", &d));
	assert_int_equal(d.nwarnings, 0);
	assert_non_null(strstr(d.msg, "no data directory"));
	if (home != NULL)
		setenv("HOME", home, 1);
	free(home);
	sitestore_session_free(&ss);
	pith_doc_free(doc);
}

static void
test_no_host(void **state)
{
	sitestore_session ss = { .learn = 1 };
	pith_doc *doc = parse_url(page, NULL);
	char warn[512];

	(void)state;
	assert_null(page_warn(&ss, doc, NULL, warn));
	sitestore_session_free(&ss);
	pith_doc_free(doc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_learn, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_corrupt, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_lock_link, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_busy, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_busy_corrupt, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_no_data_dir, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_no_host, scratch_setup, scratch_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
