/* test_clip.c - OSC 52 (src/clip.c), $BROWSER (src/browser.c) and the
 * link list (ui/render/linklist.c): what y, M and L rest on. */
#include "helpers.h"
#include "browser.h"
#include "clip.h"
#include "linklist.h"

static void
test_base64(void **state)
{
	char out[16];

	(void)state;
	/* RFC 4648's test vectors. */
	assert_int_equal(clip_base64((const unsigned char *)"", 0, out), 0);
	assert_string_equal(out, "");
	clip_base64((const unsigned char *)"f", 1, out);
	assert_string_equal(out, "Zg==");
	clip_base64((const unsigned char *)"fo", 2, out);
	assert_string_equal(out, "Zm8=");
	clip_base64((const unsigned char *)"foo", 3, out);
	assert_string_equal(out, "Zm9v");
	clip_base64((const unsigned char *)"foob", 4, out);
	assert_string_equal(out, "Zm9vYg==");
	clip_base64((const unsigned char *)"fooba", 5, out);
	assert_string_equal(out, "Zm9vYmE=");
	clip_base64((const unsigned char *)"foobar", 6, out);
	assert_string_equal(out, "Zm9vYmFy");
	clip_base64((const unsigned char *)"\xff\xfe", 2, out);
	assert_string_equal(out, "//4=");
}

static void
test_osc52(void **state)
{
	char *s, big[CLIP_MAX + 2];
	size_t n;

	(void)state;
	assert_int_equal(clip_osc52("https://example.com/", &s, &n), 0);
	assert_string_equal(s, "\033]52;c;aHR0cHM6Ly9leGFtcGxlLmNvbS8=\a");
	assert_int_equal(n, strlen(s));
	free(s);
	/* Page data: an escape or a BEL in an address never reaches the
	 * terminal, not even inside the base64 (the filter runs first). */
	assert_int_equal(clip_osc52("https://e.com/\033]52;c;x\a\xc2\x9b", &s, &n), 0);
	assert_string_equal(s, "\033]52;c;aHR0cHM6Ly9lLmNvbS9dNTI7Yzt4\a");
	free(s);
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	assert_int_equal(clip_osc52(big, &s, &n), -1);
	assert_null(s);
}

static void
test_browser_command(void **state)
{
	char out[128];
	const char *e;

	(void)state;
	e = "firefox";
	assert_int_equal(browser_command(e, strlen(e), out, sizeof out), 0);
	assert_string_equal(out, "firefox \"$1\"");
	e = "  lynx -dump %s | less";
	assert_int_equal(browser_command(e, strlen(e), out, sizeof out), 0);
	assert_string_equal(out, "lynx -dump \"$1\" | less");
	e = "echo 100%% %s";
	assert_int_equal(browser_command(e, strlen(e), out, sizeof out), 0);
	assert_string_equal(out, "echo 100% \"$1\"");
	assert_int_equal(browser_command("  ", 2, out, sizeof out), -1);
	assert_int_equal(browser_command("firefox", 7, out, 8), -1);
}

/* The address reaches the browser as one argument, never as shell
 * text, and the entries of $BROWSER are tried until one works. */
static void
test_browser_open(void **state)
{
	char dir[256], browser[512], got[512], *text = NULL;
	const char *addr = "https://e.com/a b;$(touch pwned)'\"";
	size_t len;
	diag d = {0};

	(void)state;
	scratch_make(dir, sizeof dir, "browser");
	snprintf(browser, sizeof browser, "false:printf %%s %%s >%s/got", dir);
	assert_int_equal(browser_open(browser, addr, &d), 0);
	snprintf(got, sizeof got, "%s/got", dir);
	assert_int_equal(util_read_file(got, 4096, &text, &len), 0);
	assert_string_equal(text, addr);
	free(text);
	assert_int_equal(access("pwned", F_OK), -1);
	/* An address like an option goes as a path. */
	assert_int_equal(browser_open(browser, "-x", &d), 0);
	assert_int_equal(util_read_file(got, 4096, &text, &len), 0);
	assert_string_equal(text, "./-x");
	free(text);
	assert_int_equal(browser_open("false", addr, &d), -1);
	assert_non_null(strstr(d.msg, "exit status 1"));
	assert_int_equal(browser_open(NULL, addr, &d), -1);
	assert_non_null(strstr(d.msg, "set BROWSER"));
	scratch_remove(dir);
}

static void
test_linklist(void **state)
{
	const linklist_entry e[] = {
		{ "a.html", "/pages/a.html", 1 },
		{ "https://example.com/a/very/long/address/that/wraps/over/lines.html", NULL, 2 },
		{ "nav.html", "/pages/nav.html", 3 },
	};
	layout l = {0};
	char line[256];

	(void)state;
	assert_int_equal(linklist_layout(&l, e, 3, 2, NULL, 40, 0), 0);
	assert_int_equal(l.nlinks, 3);
	layout_line_text(&l, 0, line, sizeof line);
	assert_string_equal(line, "3 links on this page");
	layout_line_text(&l, l.links[0].line, line, sizeof line);
	assert_string_equal(line, "    1  /pages/a.html");
	/* A long address wraps under itself, and each of its lines is its
	 * link's. */
	layout_line_text(&l, l.links[1].line, line, sizeof line);
	assert_int_equal(strncmp(line, "    2  https://example.com/", 27), 0);
	assert_true(l.links[2].line > l.links[1].line + 2);
	assert_int_equal(linklist_at(&l, l.links[1].line + 1), 1);
	layout_line_text(&l, l.links[1].line + 1, line, sizeof line);
	assert_int_equal(strncmp(line, "       ", 7), 0);
	for (size_t i = 0; i < l.nlines; i++)
		assert_true(l.lines[i].width <= 40);
	/* The page's other links under their own heading. */
	layout_line_text(&l, l.links[2].line - 2, line, sizeof line);
	assert_string_equal(line, "Elsewhere on the page");
	assert_string_equal(l.links[2].href, "nav.html");
	assert_int_equal(linklist_at(&l, 0), -1);
	layout_free(&l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base64),
		cmocka_unit_test(test_osc52),
		cmocka_unit_test(test_browser_command),
		cmocka_unit_test(test_browser_open),
		cmocka_unit_test(test_linklist),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
