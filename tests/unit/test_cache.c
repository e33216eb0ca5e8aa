/* test_cache.c - keys, round trips, corrupt entries, eviction. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"

static char dir[256];

static int
setup(void **state)
{
	char tmpl[] = "/tmp/pith-cache-test.XXXXXX";

	(void)state;
	if (mkdtemp(tmpl) == NULL)
		return -1;
	snprintf(dir, sizeof dir, "%s/cache/pith", tmpl);
	return 0;
}

static int
teardown(void **state)
{
	char cmd[PATH_MAX + 32], *slash;

	(void)state;
	/* dir is TMP/cache/pith: remove TMP. */
	if ((slash = strstr(dir, "/cache/pith")) != NULL)
		*slash = '\0';
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void
path_of(const char *url, char *out, size_t size)
{
	char key[17];

	cache_key(url, key);
	snprintf(out, size, "%s/%s", dir, key);
}

static void
put(const char *url, const char *body, size_t len, size_t max)
{
	cache_entry e = { .url = (char *)url, .content_type = "text/html; charset=utf-8",
	    .body = (char *)body, .len = len };
	diag d = {0};

	assert_int_equal(cache_put(dir, url, &e, max, &d), 0);
}

static int
exists(const char *url)
{
	char p[PATH_MAX];

	path_of(url, p, sizeof p);
	return access(p, F_OK) == 0;
}

static void
write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Files in dir whose names start with '.': temporary files. */
static int
hidden_files(void)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] == '.' && strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void
test_key(void **state)
{
	char a[17], b[17], c[17];

	(void)state;
	cache_key("http://example.org/a", a);
	cache_key("http://example.org/a#section", b);
	cache_key("http://example.org/b", c);
	assert_int_equal(strlen(a), 16);
	assert_int_equal(strspn(a, "0123456789abcdef"), 16);
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
	cache_key("http://example.org/a", b);
	assert_string_equal(a, b);
}

static void
test_dir(void **state)
{
	char out[PATH_MAX], *home = getenv("HOME"), *xdg = getenv("XDG_CACHE_HOME");
	char *h = home ? strdup(home) : NULL, *x = xdg ? strdup(xdg) : NULL;

	(void)state;
	setenv("XDG_CACHE_HOME", "/var/tmp/xdg", 1);
	setenv("HOME", "/home/someone", 1);
	assert_int_equal(cache_dir(out, sizeof out), 0);
	assert_string_equal(out, "/var/tmp/xdg/pith");
	/* Relative: not allowed by the XDG spec, so ignored. */
	setenv("XDG_CACHE_HOME", "relative/dir", 1);
	assert_int_equal(cache_dir(out, sizeof out), 0);
	assert_string_equal(out, "/home/someone/.cache/pith");
	unsetenv("XDG_CACHE_HOME");
	assert_int_equal(cache_dir(out, sizeof out), 0);
	assert_string_equal(out, "/home/someone/.cache/pith");
	unsetenv("HOME");
	assert_int_equal(cache_dir(out, sizeof out), -1);
	assert_int_equal(cache_dir(out, 4), -1);
	if (h != NULL)
		setenv("HOME", h, 1);
	if (x != NULL)
		setenv("XDG_CACHE_HOME", x, 1);
	free(h);
	free(x);
}

static void
test_roundtrip(void **state)
{
	static const char body[] = "<p>one\ntwo\0three\r\n</p>";
	cache_entry in = {
		.url = "http://example.org/final", .content_type = "text/html; charset=koi8-r",
		.etag = "W/\"abc\"", .modified = "Tue, 01 Jan 2030 00:00:00 GMT",
		.body = (char *)body, .len = sizeof body,
	}, out;
	diag d = {0};
	struct stat st;
	char p[PATH_MAX];

	(void)state;
	assert_int_equal(cache_get(dir, "http://example.org/a", &out), -1);
	assert_int_equal(cache_put(dir, "http://example.org/a", &in, 1 << 20, &d), 0);
	/* Private: the cache shows what was read. */
	assert_int_equal(stat(dir, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	path_of("http://example.org/a", p, sizeof p);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(cache_get(dir, "http://example.org/a#frag", &out), 0);
	assert_string_equal(out.url, in.url);
	assert_string_equal(out.content_type, in.content_type);
	assert_string_equal(out.etag, in.etag);
	assert_string_equal(out.modified, in.modified);
	assert_int_equal(out.len, sizeof body);
	assert_memory_equal(out.body, body, sizeof body);
	cache_entry_free(&out);
	assert_int_equal(hidden_files(), 0);

	/* Without the optional fields; and replacing. */
	in.content_type = in.etag = in.modified = NULL;
	in.len = 0;
	assert_int_equal(cache_put(dir, "http://example.org/a", &in, 1 << 20, &d), 0);
	assert_int_equal(cache_get(dir, "http://example.org/a", &out), 0);
	assert_null(out.content_type);
	assert_null(out.etag);
	assert_null(out.modified);
	assert_int_equal(out.len, 0);
	cache_entry_free(&out);
}

static void
test_not_stored(void **state)
{
	cache_entry e = { .url = "http://example.org/x", .body = "0123456789", .len = 10 };
	diag d = {0};

	(void)state;
	/* Larger than the whole cache. */
	assert_int_equal(cache_put(dir, "http://example.org/x", &e, 5, &d), 0);
	assert_false(exists("http://example.org/x"));
	/* A header value that would break its line. */
	e.etag = "\"a\"\nlength 0";
	assert_int_equal(cache_put(dir, "http://example.org/x", &e, 100, &d), 0);
	assert_false(exists("http://example.org/x"));
	/* A directory that cannot be made: an error, said. */
	assert_int_equal(cache_put("/proc/no/such/dir", "http://example.org/x",
	    &(cache_entry){ .url = "u", .body = "b", .len = 1 }, 100, &d), -1);
	assert_non_null(strstr(d.msg, "/proc/no/such/dir"));
}

/* Each of these files is an entry gone bad: read as nothing, and
 * deleted, so the next fetch replaces it. */
static void
test_corrupt(void **state)
{
	static const char good[] = "<p>the body</p>";
	const char *url = "http://example.org/c";
	char p[PATH_MAX], link_to[PATH_MAX], *f;
	size_t flen;
	cache_entry e;
	FILE *fp;
	struct stat st;
	const char *bad[] = {
		"",
		"garbage",
		"pith-cache 9\nurl http://example.org/c\n",
		"pith-cache 1\nurl http://example.org/c\nfinal x\nlength 3\ncheck 0\n",
		"pith-cache 1\nurl http://example.org/c\nfinal x\nlength 3\n\nabc",
		"pith-cache 1\nurl http://example.org/c\nlength 3\ncheck 0\n\nabc",
		"pith-cache 1\nurl http://example.org/c\nfinal x\nlength x\ncheck 0\n\nabc",
		"pith-cache 1\nurl http://example.org/c\nurl http://example.org/c\n"
		    "final x\nlength 0\ncheck cbf29ce484222325\n\n",
		"pith-cache 1\nnospace\n\n",
	};

	(void)state;
	path_of(url, p, sizeof p);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		put(url, good, sizeof good - 1, 1 << 20);
		write_file(p, bad[i], strlen(bad[i]));
		if (cache_get(dir, url, &e) == 0)
			fail_msg("corrupt entry %zu was read", i);
		assert_int_not_equal(access(p, F_OK), 0);
	}

	/* The body cut short, or one byte of it changed. */
	put(url, good, sizeof good - 1, 1 << 20);
	fp = fopen(p, "rb");
	assert_non_null(fp);
	assert_int_equal(fstat(fileno(fp), &st), 0);
	flen = (size_t)st.st_size;
	f = malloc(flen);
	assert_non_null(f);
	assert_int_equal(fread(f, 1, flen, fp), flen);
	fclose(fp);
	write_file(p, f, flen - 1);
	assert_int_equal(cache_get(dir, url, &e), -1);
	assert_int_not_equal(access(p, F_OK), 0);
	f[flen - 3] ^= 1;
	write_file(p, f, flen);
	assert_int_equal(cache_get(dir, url, &e), -1);
	assert_int_not_equal(access(p, F_OK), 0);
	/* Intact, it reads. */
	f[flen - 3] ^= 1;
	write_file(p, f, flen);
	assert_int_equal(cache_get(dir, url, &e), 0);
	assert_memory_equal(e.body, good, sizeof good - 1);
	cache_entry_free(&e);
	free(f);

	/* A directory where the file should be: nothing, and no crash. */
	unlink(p);
	assert_int_equal(mkdir(p, 0700), 0);
	assert_int_equal(cache_get(dir, url, &e), -1);
	rmdir(p);

	/* A FIFO there is a miss at once, not a wait for a writer; a
	 * link, even to a good entry, is not followed. */
	assert_int_equal(mkfifo(p, 0600), 0);
	assert_int_equal(cache_get(dir, url, &e), -1);
	unlink(p);
	put(url, good, sizeof good - 1, 1 << 20);
	snprintf(link_to, sizeof link_to, "%s/elsewhere", dir);
	assert_int_equal(rename(p, link_to), 0);
	assert_int_equal(symlink(link_to, p), 0);
	assert_int_equal(cache_get(dir, url, &e), -1);
	unlink(p);
	unlink(link_to);
}

/* Another address under the same name is a miss, not corruption. */
static void
test_collision(void **state)
{
	char pa[PATH_MAX], pb[PATH_MAX];
	cache_entry e;

	(void)state;
	put("http://example.org/a", "aaa", 3, 1 << 20);
	path_of("http://example.org/a", pa, sizeof pa);
	path_of("http://example.org/b", pb, sizeof pb);
	assert_int_equal(rename(pa, pb), 0);
	assert_int_equal(cache_get(dir, "http://example.org/b", &e), -1);
	assert_int_equal(access(pb, F_OK), 0);
}

static void
set_used(const char *url, time_t t)
{
	char p[PATH_MAX];
	struct timespec ts[2] = { { t, 0 }, { t, 0 } };

	path_of(url, p, sizeof p);
	assert_int_equal(utimensat(AT_FDCWD, p, ts, 0), 0);
}

static void
test_trim(void **state)
{
	char body[1000], p[PATH_MAX];
	struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	struct stat st;
	cache_entry e;
	off_t each;

	(void)state;
	memset(body, 'x', sizeof body);
	put("http://a.example/", body, sizeof body, 1 << 20);
	put("http://b.example/", body, sizeof body, 1 << 20);
	put("http://c.example/", body, sizeof body, 1 << 20);
	set_used("http://a.example/", 1000);
	set_used("http://b.example/", 2000);
	set_used("http://c.example/", 3000);
	path_of("http://a.example/", p, sizeof p);
	assert_int_equal(stat(p, &st), 0);
	each = st.st_size;

	/* a is used again: b is now the oldest. */
	cache_touch(dir, "http://a.example/");
	cache_trim(dir, (size_t)each * 2);
	assert_true(exists("http://a.example/"));
	assert_false(exists("http://b.example/"));
	assert_true(exists("http://c.example/"));

	/* Storing over the bound evicts the oldest, never the new one. */
	set_used("http://a.example/", 4000);
	put("http://d.example/", body, sizeof body, (size_t)each * 2);
	assert_false(exists("http://c.example/"));
	assert_true(exists("http://a.example/"));
	assert_true(exists("http://d.example/"));
	assert_int_equal(cache_get(dir, "http://d.example/", &e), 0);
	cache_entry_free(&e);

	/* A temporary file a crash left behind goes; a fresh one stays. */
	snprintf(p, sizeof p, "%s/.0123456789abcdef.old", dir);
	write_file(p, "x", 1);
	assert_int_equal(utimensat(AT_FDCWD, p, old, 0), 0);
	snprintf(p, sizeof p, "%s/.0123456789abcdef.new", dir);
	write_file(p, "x", 1);
	/* Other files are not the cache's to delete. */
	snprintf(p, sizeof p, "%s/README", dir);
	write_file(p, "mine", 4);
	cache_trim(dir, 0);
	assert_int_equal(hidden_files(), 1);
	assert_false(exists("http://a.example/"));
	assert_false(exists("http://d.example/"));
	assert_int_equal(access(p, F_OK), 0);
	/* Trimming a directory that is not there does nothing. */
	cache_trim("/nonexistent/pith", 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key),
		cmocka_unit_test(test_dir),
		cmocka_unit_test_setup_teardown(test_roundtrip, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_stored, setup, teardown),
		cmocka_unit_test_setup_teardown(test_corrupt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_collision, setup, teardown),
		cmocka_unit_test_setup_teardown(test_trim, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
