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

/* d's warnings ("FILE:LINE: why") into w: their lines, the last why;
 * d freed. */
static void
collect(diag *d, warnings *w)
{
	const char *s;

	for (size_t i = 0; (s = diag_warning(d, i)) != NULL; i++) {
		const char *colon = strchr(s, ':');

		assert_non_null(colon);
		if (w->n < 16)
			w->lines[w->n] = atoi(colon + 1);
		w->n++;
		assert_non_null(colon = strstr(colon, ": "));
		snprintf(w->last, sizeof w->last, "%s", colon + 2);
	}
	diag_free(d);
}

/* config_parse of text over c, its warnings into w. */
static int
parse(config *c, const char *text, size_t len, warnings *w)
{
	diag d = {0};
	int bad = config_parse(c, text, len, "cfg", &d);

	collect(&d, w);
	return bad;
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
	assert_int_equal(parse(&c, text, strlen(text), &w), 0);
	assert_int_equal(w.n, 0);
	assert_string_equal(c.theme, "light");
	assert_int_equal(c.width, 72);
	assert_string_equal(c.algorithm, "bte");
	assert_string_equal(c.save_dir, "/tmp/saved # not a comment: part of the path");
}

/* On/off settings: on, off, and anything else a warning that leaves
 * the setting unset. */
static void
test_switches(void **state)
{
	static const char text[] = "bidi = off\n";
	static const char bad[] = "bidi = yes please\n";
	config c = {0};
	warnings w = {0};

	(void)state;
	assert_int_equal(c.bidi, 0);
	assert_int_equal(parse(&c, text, strlen(text), &w), 0);
	assert_int_equal(c.bidi, CONFIG_OFF);
	assert_int_equal(parse(&c, "bidi=on", 7, &w), 0);
	assert_int_equal(c.bidi, CONFIG_ON);
	assert_int_equal(c.hyphenate, 0);
	assert_int_equal(parse(&c, "hyphenate = on", 14, &w), 0);
	assert_int_equal(c.hyphenate, CONFIG_ON);
	assert_int_equal(parse(&c, "justify = off", 13, &w), 0);
	assert_int_equal(c.justify, CONFIG_OFF);
	assert_int_equal(parse(&c, "bidi_shape = on", 15, &w), 0);
	assert_int_equal(c.bidi_shape, CONFIG_ON);
	memset(&c, 0, sizeof c);
	assert_int_equal(parse(&c, bad, strlen(bad), &w), 1);
	assert_int_equal(c.bidi, 0);
	assert_string_equal(w.last, "bidi must be on or off, not 'yes please'");
	assert_int_equal(config_switch("on"), CONFIG_ON);
	assert_int_equal(config_switch("off"), CONFIG_OFF);
	assert_int_equal(config_switch("On"), 0);
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
	assert_int_equal(parse(&c, text, strlen(text), &w), 6);
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
	assert_int_equal(config_parse(&c, text, strlen(text), "cfg", NULL), 0);
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
	parse(&c, text, sizeof text, &w);
	for (const char *p = w.last; *p; p++)
		assert_true(*p >= 0x20 && *p < 0x7f);
	memset(text, 'a', sizeof text);
	assert_int_equal(parse(&c, text, sizeof text, &w), 1);
	assert_non_null(strstr(w.last, "too long"));
}

/* Fifteen bad lines: the first ten said, then a count of the rest. */
static void
test_cap(void **state)
{
	char text[256] = "";
	config c = {0};
	diag d = {0};

	(void)state;
	for (int i = 0; i < 15; i++)
		strcat(text, "bogus\n");
	assert_int_equal(config_parse(&c, text, strlen(text), "cfg", &d), 15);
	assert_int_equal(d.nwarnings, CONFIG_WARNINGS_MAX + 1);
	assert_string_equal(diag_warning(&d, 9), "cfg:10: expected 'key = value', not 'bogus'");
	assert_string_equal(diag_warning(&d, 10), "cfg: 5 more warnings not shown");
	diag_free(&d);
	/* Ten: no count. */
	text[10 * 6] = '\0';
	assert_int_equal(config_parse(&c, text, strlen(text), "cfg", &d), 10);
	assert_int_equal(d.nwarnings, 10);
	diag_free(&d);
}

static void
test_load(void **state)
{
	char path[] = "/tmp/pith-test-config.XXXXXX";
	int fd = mkstemp(path);
	config c = {0};
	warnings w = {0};
	diag d = {0};

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "width = 50\nnope\n", 16), 16);
	close(fd);
	assert_int_equal(config_load(&c, path, &d), 1);
	collect(&d, &w);
	assert_int_equal(c.width, 50);
	assert_int_equal(w.n, 1);
	assert_int_equal(w.lines[0], 2);
	unlink(path);
	/* A file named on the command line must exist; the default need not. */
	assert_int_equal(config_load(&c, path, &d), -1);
	assert_non_null(strstr(d.msg, ": cannot read: "));
	assert_int_equal(d.nwarnings, 0);
	setenv("XDG_CONFIG_HOME", "/nonexistent-pith-test", 1);
	assert_int_equal(config_load(&c, NULL, &d), 0);
	assert_int_equal(d.nwarnings, 0);
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
		cmocka_unit_test(test_switches),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_home),
		cmocka_unit_test(test_host),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_cap),
		cmocka_unit_test(test_load),
	};

	setenv("XDG_DATA_DIRS", "/nonexistent-pith-test", 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent-pith-test", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
