/* test_input.c - pages read from files and the cache, decoded, and why
 * not, said to the caller instead of printed. */
#include "helpers.h"
#include <sys/stat.h>
#include "cache.h"
#include "input.h"

static void
test_file(void **state)
{
	char path[512];
	input in;
	diag d = {0};

	(void)state;
	/* Declared latin-1: UTF-8 after. */
	snprintf(path, sizeof path, "%s/page.html", scratch_dir());
	file_write(path, "<meta charset=iso-8859-1><p>caf\xe9</p>");
	assert_int_equal(input_read(path, NULL, &in, &d), 0);
	assert_non_null(strstr(in.data, "caf\xc3\xa9"));
	assert_string_equal(in.charset, "windows-1252");
	assert_int_equal(d.nwarnings, 0);
	input_free(&in);
	/* Bounded by --max-size. */
	{
		input_options o = { .max_size = 10 };

		assert_int_equal(input_read(path, &o, &in, &d), -1);
		input_free(&in);
		assert_string_equal(strstr(d.msg, "page.html: "), "page.html: larger than 10 bytes");
	}
	snprintf(path, sizeof path, "%s/none.html", scratch_dir());
	assert_int_equal(input_read(path, NULL, &in, &d), -1);
	input_free(&in);
	assert_non_null(strstr(d.msg, "none.html: No such file or directory"));
	assert_int_equal(input_read("ftp://example.org/x", NULL, &in, &d), -1);
	input_free(&in);
	assert_string_equal(d.msg, "ftp://example.org/x: only http and https "
	    "addresses are supported");
	/* Bytes that are no page say what they look like. */
	snprintf(path, sizeof path, "%s/image.html", scratch_dir());
	file_write(path, "\x89PNG\r\n\x1a\n....");
	assert_int_equal(input_read(path, NULL, &in, &d), -1);
	input_free(&in);
	assert_non_null(strstr(d.msg, "image.html: not HTML (looks like a PNG image)"));
	/* A file of text, whatever its name, is text: its lines kept in a
	 * <pre>; one with tags is HTML. */
	snprintf(path, sizeof path, "%s/notes.txt", scratch_dir());
	file_write(path, "A title\n\nLine one & more\nLine two\n");
	assert_int_equal(input_read(path, NULL, &in, &d), 0);
	assert_non_null(strstr(in.data, "<pre>A title\n\nLine one &amp; more\nLine two\n</pre>"));
	input_free(&in);
	snprintf(path, sizeof path, "%s/page.txt", scratch_dir());
	file_write(path, "\n  Some words first, then <p>a paragraph</p>");
	assert_int_equal(input_read(path, NULL, &in, &d), 0);
	assert_null(strstr(in.data, "<pre>"));
	input_free(&in);
	/* UTF-16 with a byte order mark stays HTML for the charset to read. */
	snprintf(path, sizeof path, "%s/wide.html", scratch_dir());
	{
		static const char u16[] = "\xff\xfe<\0p\0>\0h\0i\0<\0/\0p\0>\0";
		FILE *f = fopen(path, "wb");

		assert_non_null(f);
		fwrite(u16, 1, sizeof u16 - 1, f);
		fclose(f);
	}
	assert_int_equal(input_read(path, NULL, &in, &d), 0);
	assert_null(strstr(in.data, "<pre>"));
	assert_non_null(strstr(in.data, "<p>hi</p>"));
	input_free(&in);
	/* A FIFO (or a device) is refused at once, not waited on. */
	snprintf(path, sizeof path, "%s/fifo.html", scratch_dir());
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(input_read(path, NULL, &in, &d), -1);
	input_free(&in);
	assert_non_null(strstr(d.msg, "fifo.html: a FIFO, not a regular file"));
	unlink(path);
	assert_int_equal(input_read("/dev/null", NULL, &in, &d), -1);
	input_free(&in);
	assert_non_null(strstr(d.msg, "/dev/null: a character device, not a regular file"));
}

static void
test_decode(void **state)
{
	input in = {0};
	diag d = {0};

	(void)state;
	/* Plain text becomes a <pre>, escaped, titled by its name. */
	in.data = strdup("a < b & c\n");
	in.len = strlen(in.data);
	in.content_type = strdup("text/plain; charset=utf-8");
	assert_int_equal(input_decode(&in, "https://a.org/dir/notes.txt?x=1", &d), 0);
	assert_non_null(strstr(in.data, "<title>notes.txt</title>"));
	assert_non_null(strstr(in.data, "<pre>a &lt; b &amp; c\n</pre>"));
	assert_string_equal(in.charset, "UTF-8");
	input_free(&in);
	/* A type pith does not read, without the page's name: the caller
	 * says which page. */
	in.data = strdup("x");
	in.len = 1;
	in.content_type = strdup("image/png");
	assert_int_equal(input_decode(&in, "x.png", &d), -1);
	assert_string_equal(d.msg, "not a web page (image/png)");
	input_free(&in);
	in.data = strdup("%PDF-1.4 ....");
	in.len = strlen(in.data);
	in.content_type = strdup("text/plain");
	assert_int_equal(input_decode(&in, "x.txt", &d), -1);
	assert_string_equal(d.msg, "not text (looks like a PDF document)");
	input_free(&in);
}

static void
test_offline(void **state)
{
	static const char url[] = "https://example.org/story";
	char cache[512];
	cache_entry e = {
		.url = (char *)url, .content_type = (char *)"text/html",
		.body = (char *)"<p>Cached words.</p>", .len = 20,
	};
	input_options o = { .offline = 1 };
	input in;
	diag d = {0};

	(void)state;
	assert_int_equal(input_read(url, &o, &in, &d), -1);
	input_free(&in);
	assert_string_equal(d.msg, "https://example.org/story: not in the cache "
	    "(--offline)");
	assert_int_equal(cache_dir(cache, sizeof cache), 0);
	assert_int_equal(cache_put(cache, url, &e, CACHE_MAX_DEFAULT, NULL), 0);
	assert_int_equal(input_read(url, &o, &in, &d), 0);
	assert_int_equal(in.from_cache, 1);
	assert_string_equal(in.url, url);
	assert_non_null(strstr(in.data, "Cached words."));
	input_free(&in);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_file, scratch_setup, scratch_teardown),
		cmocka_unit_test(test_decode),
		cmocka_unit_test_setup_teardown(test_offline, scratch_setup, scratch_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
