/* test_util.c - the program's small tools and its error convention. */
#include <errno.h>
#include <sys/stat.h>
#include <zlib.h>
#include "helpers.h"
#include "util.h"

static void
test_buf(void **state)
{
	util_buf b = {0};

	(void)state;
	assert_int_equal(util_buf_puts(&b, "ab"), 0);
	assert_int_equal(util_buf_put(&b, "c\0d", 3), 0);
	assert_int_equal(b.len, 5);
	assert_memory_equal(b.s, "abc\0d", 6);
	for (int i = 0; i < 10000; i++)
		util_buf_puts(&b, "0123456789");
	assert_int_equal(b.len, 100005);
	assert_int_equal(b.s[b.len], '\0');
	util_buf_free(&b);
	assert_null(b.s);
	/* A failed append poisons the buffer, so one check at the end does. */
	b.oom = 1;
	assert_int_equal(util_buf_puts(&b, "x"), -1);
	assert_int_equal(b.len, 0);
}

static void
test_diag(void **state)
{
	diag d = {0};

	(void)state;
	assert_int_equal(diag_fail(&d, "%s: %d", "why", 3), -1);
	assert_string_equal(d.msg, "why: 3");
	assert_null(diag_warning(&d, 0));
	diag_warn(&d, "first %s", "one");
	diag_warn(&d, "second");
	assert_int_equal(d.nwarnings, 2);
	assert_string_equal(diag_warning(&d, 0), "first one");
	assert_string_equal(diag_warning(&d, 1), "second");
	assert_null(diag_warning(&d, 2));
	diag_free(&d);
	assert_int_equal(d.nwarnings, 0);
	/* A caller may not care. */
	assert_int_equal(diag_fail(NULL, "x"), -1);
	diag_warn(NULL, "x");
}

static void
test_read(void **state)
{
	char dir[256], path[512], *text;
	size_t len;

	(void)state;
	scratch_make(dir, sizeof dir, "util");
	snprintf(path, sizeof path, "%s/f", dir);
	file_write(path, "0123456789");
	assert_int_equal(util_read_file(path, 10, &text, &len), 0);
	assert_int_equal(len, 10);
	assert_string_equal(text, "0123456789");
	free(text);
	/* One byte over the bound is too large. */
	assert_int_equal(util_read_file(path, 9, &text, &len), -1);
	assert_int_equal(errno, EFBIG);
	assert_null(text);
	snprintf(path, sizeof path, "%s/none", dir);
	assert_int_equal(util_read_file(path, 9, &text, &len), -1);
	assert_int_equal(errno, ENOENT);
	/* A directory opens but cannot be read. */
	assert_int_equal(util_read_file(dir, 9, &text, &len), -1);
	assert_int_equal(errno, EISDIR);
	/* mkdir -p, private. */
	{
		struct stat st;

		snprintf(path, sizeof path, "%s/a/b/c", dir);
		assert_int_equal(util_mkdirs(path), 0);
		assert_int_equal(util_mkdirs(path), 0);
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0700);
	}
	scratch_remove(dir);
}

/* util_read_gz of path with the bound max: its return, errno or text. */
static int
read_gz(const char *path, size_t max, char **text, size_t *len)
{
	gzFile f = gzopen(path, "rb");
	int rc, e;

	assert_non_null(f);
	rc = util_read_gz(f, max, text, len);
	e = errno;
	gzclose(f);
	errno = e;
	return rc;
}

/* A gzip file is unpacked, a plain one read as it is, both bounded by
 * what they hold; gzip data cut short is an error, not a shorter page. */
static void
test_read_gz(void **state)
{
	char path[512], *text;
	const char body[] = "0123456789abcdef";
	gzFile f;
	FILE *out;
	size_t len;
	long size;

	(void)state;
	snprintf(path, sizeof path, "%s/page.gz", scratch_dir());
	assert_non_null(f = gzopen(path, "wb"));
	for (int i = 0; i < 10000; i++)
		assert_int_equal(gzwrite(f, body, 16), 16);
	assert_int_equal(gzclose(f), Z_OK);
	assert_int_equal(read_gz(path, 160000, &text, &len), 0);
	assert_int_equal(len, 160000);
	assert_memory_equal(text + 159984, body, 16);
	assert_int_equal(text[len], '\0');
	free(text);
	assert_int_equal(read_gz(path, 159999, &text, &len), -1);
	assert_int_equal(errno, EFBIG);
	assert_null(text);
	/* Cut in the middle of its data. */
	assert_non_null(out = fopen(path, "r+b"));
	assert_int_equal(fseek(out, 0, SEEK_END), 0);
	size = ftell(out);
	assert_int_equal(fclose(out), 0);
	assert_int_equal(truncate(path, size / 2), 0);
	assert_int_equal(read_gz(path, 160000, &text, &len), -1);
	assert_int_equal(errno, EBADMSG);
	assert_null(text);
	snprintf(path, sizeof path, "%s/plain", scratch_dir());
	file_write(path, "<p>plain</p>");
	assert_int_equal(read_gz(path, 100, &text, &len), 0);
	assert_string_equal(text, "<p>plain</p>");
	assert_int_equal(len, 12);
	free(text);
}

static void
test_places(void **state)
{
	char out[64];

	(void)state;
	setenv("HOME", "/home/someone", 1);
	assert_int_equal(util_expand_home("~/x", out, sizeof out), 0);
	assert_string_equal(out, "/home/someone/x");
	assert_int_equal(util_expand_home("~", out, sizeof out), 0);
	assert_string_equal(out, "/home/someone");
	assert_int_equal(util_expand_home("~x/y", out, sizeof out), 0);
	assert_string_equal(out, "~x/y");
	assert_int_equal(util_expand_home("~/x", out, 8), -1);
	unsetenv("HOME");
	assert_int_equal(util_expand_home("~/x", out, sizeof out), -1);
	assert_int_equal(util_expand_home("/abs", out, sizeof out), 0);
	/* XDG: an absolute variable, else under HOME, else nothing. */
	setenv("XDG_DATA_HOME", "relative", 1);
	assert_int_equal(util_xdg("XDG_DATA_HOME", ".local/share", "pith", out,
	    sizeof out), -1);
	setenv("HOME", "/h", 1);
	assert_int_equal(util_xdg("XDG_DATA_HOME", ".local/share", "pith", out,
	    sizeof out), 0);
	assert_string_equal(out, "/h/.local/share/pith");
	setenv("XDG_DATA_HOME", "/data", 1);
	assert_int_equal(util_xdg("XDG_DATA_HOME", ".local/share", "pith", out,
	    sizeof out), 0);
	assert_string_equal(out, "/data/pith");
	assert_true(util_is_url("HTTPS://a.org"));
	assert_false(util_is_url("ftp://a.org"));
	assert_false(util_is_url("http:/a"));
}

static void
test_sizes(void **state)
{
	char s[32];

	(void)state;
	assert_int_equal(util_parse_size("500"), 500);
	assert_int_equal(util_parse_size("20M"), 20 << 20);
	assert_int_equal(util_parse_size("20MB"), 20 << 20);
	assert_int_equal(util_parse_size("1g"), 1 << 30);
	assert_int_equal(util_parse_size("-1"), -1);
	assert_int_equal(util_parse_size("5X"), -1);
	assert_int_equal(util_parse_size("2000G"), -1);
	util_format_size(20 << 20, s, sizeof s);
	assert_string_equal(s, "20 MB");
	util_format_size(1536, s, sizeof s);
	assert_string_equal(s, "1.5 KB");
	util_format_size(100, s, sizeof s);
	assert_string_equal(s, "100 bytes");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buf),
		cmocka_unit_test(test_diag),
		cmocka_unit_test(test_read),
		cmocka_unit_test_setup_teardown(test_read_gz, scratch_setup, scratch_teardown),
		cmocka_unit_test(test_places),
		cmocka_unit_test(test_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
