/* test_config.c - the settings file: keys, warnings with line numbers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "util.h"

typedef struct {
	int n, lines[16];
	char last[256];
} warnings;

static void
collect(void *ctx, const char *file, int line, const char *msg)
{
	warnings *w = ctx;

	(void)file;
	if (w->n < 16)
		w->lines[w->n] = line;
	w->n++;
	snprintf(w->last, sizeof w->last, "%s", msg);
}

static void
test_good(void **state)
{
	static const char text[] =
	    "# settings\n"
	    "\n"
	    "theme = light\n"
	    "  width=72  \r\n"
	    "algorithm = bte\n"
	    "save_dir = /tmp/saved # not a comment: part of the path\n";
	config c = {0};
	warnings w = {0};

	(void)state;
	assert_int_equal(config_parse(&c, text, strlen(text), "cfg", collect, &w), 0);
	assert_int_equal(w.n, 0);
	assert_string_equal(c.theme, "light");
	assert_int_equal(c.width, 72);
	assert_string_equal(c.algorithm, "bte");
	assert_string_equal(c.save_dir, "/tmp/saved # not a comment: part of the path");
}

static void
test_bad(void **state)
{
	static const char text[] =
	    "theme = light\n"
	    "colour = red\n"
	    "width = wide\n"
	    "width = 5\n"
	    "algorithm = magic\n"
	    "theme = no-such-theme\n"
	    "just words\n"
	    "width = 90\n";
	config c = {0};
	warnings w = {0};

	(void)state;
	assert_int_equal(config_parse(&c, text, strlen(text), "cfg", collect, &w), 6);
	assert_int_equal(w.n, 6);
	for (int i = 0; i < 6; i++)
		assert_int_equal(w.lines[i], i + 2);
	/* The good lines still count. */
	assert_string_equal(c.theme, "light");
	assert_int_equal(c.width, 90);
	assert_string_equal(c.algorithm, "");
}

static void
test_home(void **state)
{
	static const char text[] = "save_dir = ~/articles\n";
	config c = {0};

	(void)state;
	setenv("HOME", "/home/someone", 1);
	assert_int_equal(config_parse(&c, text, strlen(text), "cfg", NULL, NULL), 0);
	assert_string_equal(c.save_dir, "/home/someone/articles");
}

static void
test_host(void **state)
{
	static const struct { const char *url; int www; const char *host; } cases[] = {
		{ "https://www.Example.ORG/a/b", 1, "example.org" },
		{ "https://www.Example.ORG/a/b", 0, "www.example.org" },
		{ "http://user:pw@news.example.org:8080/x?y#z", 1, "news.example.org" },
		{ "HTTPS://example.org", 1, "example.org" },
		{ "http://www./", 1, "www." },
		{ "http://[::1]/", 1, NULL },
		{ "http://ex_ample.org/", 1, NULL },
		{ "http://.hidden/", 1, NULL },
		{ "ftp://example.org/", 1, NULL },
		{ "example.org/x", 1, NULL },
		{ "http:///x", 1, NULL },
	};
	char host[64];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int rc = util_url_host(cases[i].url, cases[i].www, host, sizeof host);

		if (cases[i].host == NULL) {
			assert_int_equal(rc, -1);
			assert_string_equal(host, "");
		} else {
			assert_int_equal(rc, 0);
			assert_string_equal(host, cases[i].host);
		}
	}
	/* A host that does not fit is refused, not cut. */
	assert_int_equal(util_url_host("http://abcdefghij.example/", 0, host, 8), -1);
	assert_int_equal(util_url_host(NULL, 0, host, sizeof host), -1);
}

static void
test_garbage(void **state)
{
	char text[5000];
	config c = {0};
	warnings w = {0};

	(void)state;
	for (size_t i = 0; i < sizeof text; i++)
		text[i] = (char)((i * 31 + 7) % 256);
	config_parse(&c, text, sizeof text, "cfg", collect, &w);
	for (const char *p = w.last; *p; p++)
		assert_true(*p >= 0x20 && *p < 0x7f);
	memset(text, 'a', sizeof text);
	assert_int_equal(config_parse(&c, text, sizeof text, "cfg", collect, &w), 1);
	assert_non_null(strstr(w.last, "too long"));
}

static void
test_load(void **state)
{
	char path[] = "/tmp/pith-test-config.XXXXXX";
	int fd = mkstemp(path);
	config c = {0};
	warnings w = {0};

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "width = 50\nnope\n", 16), 16);
	close(fd);
	assert_int_equal(config_load(&c, path, collect, &w), 0);
	assert_int_equal(c.width, 50);
	assert_int_equal(w.n, 1);
	assert_int_equal(w.lines[0], 2);
	unlink(path);
	/* A file named on the command line must exist; the default need not. */
	assert_int_equal(config_load(&c, path, collect, &w), -1);
	setenv("XDG_CONFIG_HOME", "/nonexistent-pith-test", 1);
	assert_int_equal(config_load(&c, NULL, collect, &w), 0);
	{
		char *p = config_default_path();

		assert_string_equal(p, "/nonexistent-pith-test/pith/config");
		free(p);
	}
	setenv("XDG_CONFIG_HOME", "relative/ignored", 1);
	setenv("HOME", "/home/someone", 1);
	{
		char *p = config_default_path();

		assert_string_equal(p, "/home/someone/.config/pith/config");
		free(p);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_home),
		cmocka_unit_test(test_host),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_load),
	};

	setenv("XDG_DATA_DIRS", "/nonexistent-pith-test", 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent-pith-test", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
