/* test_sitetpl.c - template files: read, found for a site, added to. */
#include <sys/stat.h>
#include "helpers.h"
#include "sitetpl.h"

static void
test_load(void **state)
{
	char path[512], *big;
	pith_template *t = NULL;
	diag d = {0};

	(void)state;
	snprintf(path, sizeof path, "%s/good.tpl", scratch_dir());
	file_write(path, "# a comment\nclass=story\n");
	assert_int_equal(sitetpl_load(path, &t, &d), 0);
	assert_non_null(t);
	pith_template_free(t);
	/* A bad line is named by the file and its number, as a compiler
	 * would. */
	snprintf(path, sizeof path, "%s/bad.tpl", scratch_dir());
	file_write(path, "class=story\n.story\n");
	assert_int_equal(sitetpl_load(path, &t, &d), -1);
	assert_null(t);
	assert_non_null(strstr(d.msg, "/bad.tpl:2: "));
	snprintf(path, sizeof path, "%s/none.tpl", scratch_dir());
	assert_int_equal(sitetpl_load(path, &t, &d), -1);
	assert_non_null(strstr(d.msg, "none.tpl: No such file"));
	/* More than 1 MB is not a template. */
	snprintf(path, sizeof path, "%s/big.tpl", scratch_dir());
	assert_non_null(big = malloc(SITETPL_MAX + 2));
	memset(big, '#', SITETPL_MAX + 1);
	big[SITETPL_MAX + 1] = '\0';
	file_write(path, big);
	free(big);
	assert_int_equal(sitetpl_load(path, &t, &d), -1);
	assert_non_null(strstr(d.msg, "big.tpl: too large for a template (1 MB)"));
}

static void
test_find(void **state)
{
	char host[64], path[4096], want[4096];

	(void)state;
	/* No file: where www.example.org's would go. */
	assert_int_equal(sitetpl_find("https://www.example.org/a", host, sizeof host,
	    path, sizeof path), 0);
	assert_string_equal(host, "www.example.org");
	snprintf(want, sizeof want, "%s/pith/sites/www.example.org.tpl", scratch_dir());
	assert_string_equal(path, want);
	/* example.org's file serves www.example.org too. */
	scratch_file("pith/sites/example.org.tpl", "article\n", want, sizeof want);
	assert_int_equal(sitetpl_find("https://www.example.org/a", host, sizeof host,
	    path, sizeof path), 1);
	assert_string_equal(path, want);
	assert_int_equal(sitetpl_find("file:///x.html", host, sizeof host, path,
	    sizeof path), -1);
	assert_int_equal(sitetpl_find(NULL, host, sizeof host, path, sizeof path), -1);
}

static void
test_add(void **state)
{
	char path[512], *text;
	pith_template *t = NULL;
	diag d = {0};
	struct stat st;

	(void)state;
	/* The first line makes the file, and the folders it is in. */
	snprintf(path, sizeof path, "%s/pith/sites/example.org.tpl", scratch_dir());
	assert_int_equal(sitetpl_add(path, 0, "id=main", &t, &d), 0);
	assert_non_null(t);
	pith_template_free(t);
	assert_non_null(text = file_text(path));
	assert_string_equal(text, "id=main\n");
	free(text);
	/* Private, as the cache and the statistics beside it are. */
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	snprintf(path, sizeof path, "%s/pith/sites", scratch_dir());
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	/* Later lines add up; a last line without its newline gets one. */
	snprintf(path, sizeof path, "%s/pith/sites/example.org.tpl", scratch_dir());
	file_write(path, "id=main");
	assert_int_equal(sitetpl_add(path, 1, "class=story", &t, &d), 0);
	pith_template_free(t);
	assert_non_null(text = file_text(path));
	assert_string_equal(text, "id=main\nclass=story\n");
	free(text);
	/* A line that does not parse writes nothing. */
	assert_int_equal(sitetpl_add(path, 1, ".story", &t, &d), -1);
	assert_null(t);
	assert_non_null(strstr(d.msg, "not written: line 3: "));
	assert_non_null(text = file_text(path));
	assert_string_equal(text, "id=main\nclass=story\n");
	free(text);
	/* Nor does a file that exists but cannot be read (a directory). */
	snprintf(path, sizeof path, "%s/pith", scratch_dir());
	assert_int_equal(sitetpl_add(path, 1, "id=main", &t, &d), -1);
	assert_non_null(strstr(d.msg, "not written: "));
}

static void
test_line(void **state)
{
	static const char html[] =
	    "<body><div id='main'><section><p>First words.</p></section></div>"
	    "<div><p class=' lead '>Second words.</p></div>"
	    "<div><p>Third words.</p></div></body>";
	pith_doc *doc = parse_url(html, NULL);
	char line[128];

	(void)state;
	/* The nearest element with an id or a class names the block. */
	sitetpl_line(doc, block_starting(doc, "First"), line, sizeof line);
	assert_string_equal(line, "id=main");
	sitetpl_line(doc, block_starting(doc, "Second"), line, sizeof line);
	assert_string_equal(line, "class=lead");
	/* Else the block's own element. */
	sitetpl_line(doc, block_starting(doc, "Third"), line, sizeof line);
	assert_string_equal(line, "p");
	pith_doc_free(doc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_load, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_find, scratch_setup, scratch_teardown),
		cmocka_unit_test_setup_teardown(test_add, scratch_setup, scratch_teardown),
		cmocka_unit_test(test_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
