/* test_output.c - the dump formats, wrapping, and the terminal filter. */
#include <jansson.h>
#include "helpers.h"
#include "output.h"

static const char page[] =
    "<html><head><title>The Title</title></head><body><article>"
    "<p>The body of the article is long enough to be found, with many plain "
    "words one after another and hardly any tags at all in it.</p>"
    "<table><tr><td>left</td><td>right</td></tr></table>"
    "</article></body></html>";

/* The article of page in format f at width w, as written. */
static char *
written(format f, int width)
{
	extracted r = extract_page_url(page, "https://example.org/a", "readability", NULL);
	char *out = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&out, &len);
	diag d = {0};

	assert_non_null(mem);
	assert_int_equal(r.rc, PITH_OK);
	assert_int_equal(output_write(r.a, f, width, 0, mem, &d), 0);
	assert_int_equal(fclose(mem), 0);
	extracted_free(&r);
	return out;
}

static void
test_formats(void **state)
{
	char *s;
	json_t *j;
	json_error_t jerr;

	(void)state;
	/* Text: the title, a blank line, the body wrapped; a table on its
	 * grid, as the reader shows it. */
	s = written(FORMAT_TEXT, 30);
	assert_int_equal(strncmp(s, "The Title\n\nThe body of the article is\n", 38), 0);
	assert_non_null(strstr(s, "\nleft \xe2\x94\x82 right\n"));
	for (char *l = s; *l; l = strchr(l, '\n') + 1)
		assert_true(strcspn(l, "\n") <= 30);
	free(s);
	s = written(FORMAT_MARKDOWN, 0);
	assert_int_equal(strncmp(s, "# The Title\n\n", 13), 0);
	free(s);
	/* JSON: one object on one line, the address and the text in it. */
	s = written(FORMAT_JSON, 0);
	assert_non_null(j = json_loads(s, 0, &jerr));
	assert_string_equal(json_string_value(json_object_get(j, "url")),
	    "https://example.org/a");
	assert_string_equal(json_string_value(json_object_get(j, "title")), "The Title");
	assert_non_null(strstr(json_string_value(json_object_get(j, "text")),
	    "hardly any tags"));
	assert_string_equal(strchr(s, '\n'), "\n");
	json_decref(j);
	free(s);
	s = written(FORMAT_HTML, 0);
	assert_non_null(strstr(s, "<p>The body of the article"));
	free(s);
}

static void
test_parse_format(void **state)
{
	format f = FORMAT_TEXT;

	(void)state;
	assert_int_equal(output_parse_format("md", &f), 0);
	assert_int_equal(f, FORMAT_MARKDOWN);
	assert_int_equal(output_parse_format("json", &f), 0);
	assert_int_equal(f, FORMAT_JSON);
	assert_int_equal(output_parse_format("pdf", &f), -1);
	assert_int_equal(f, FORMAT_JSON);
}

static void
test_wrap(void **state)
{
	util_buf b = {0};

	(void)state;
	assert_int_equal(output_wrap(&b, "one two three", 13, 7, NULL), 0);
	assert_string_equal(b.s, "one two\nthree\n");
	util_buf_free(&b);
	/* Cells get a visible separator; nothing is no lines at all. */
	assert_int_equal(output_wrap(&b, "a\tb", 3, 0, NULL), 0);
	assert_string_equal(b.s, "a | b\n");
	util_buf_free(&b);
	assert_int_equal(output_wrap(&b, "", 0, 10, NULL), 0);
	assert_int_equal(b.len, 0);
	util_buf_free(&b);
	/* A soft hyphen that breaks shows as '-'. */
	assert_int_equal(output_wrap(&b, "extra\xc2\xadordinary", 15, 8, NULL), 0);
	assert_string_equal(b.s, "extra\xc2\xad-\nordinary\n");
	util_buf_free(&b);
}

static void
test_put_safe(void **state)
{
	static const char evil[] = "ok\x1b]0;title\x07 \x1b[31mred\r\nnext \xe2\x80\xae";
	char *out = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&out, &len);

	(void)state;
	assert_non_null(mem);
	assert_int_equal(output_put_safe(evil, sizeof evil - 1, mem), 0);
	assert_int_equal(fclose(mem), 0);
	/* No escape, control or bidi override reaches a terminal. */
	assert_null(strchr(out, '\x1b'));
	assert_null(strchr(out, '\x07'));
	assert_null(strstr(out, "\xe2\x80\xae"));
	assert_non_null(strstr(out, "red"));
	assert_non_null(strchr(out, '\n'));
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_parse_format),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_put_safe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
