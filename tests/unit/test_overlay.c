/* test_overlay.c - the overlay's rows (ui/render/overlay.c) and their
 * text form, pith --explain (src/explain.c). */
#include "helpers.h"
#include "explain.h"
#include "overlay.h"
#include "wrap.h"

static const char page[] =
    "<html><body><nav><p>Home | News | About | Contact</p></nav>"
    "<article><h2>A heading</h2><p>The first paragraph of the story has plenty "
    "of words, commas, and clauses in it, as stories do.</p>"
    "<ul><li>an item of a list</li></ul><pre>code()</pre><hr>"
    "<p>The second paragraph goes on with the story, again with many words "
    "and some more commas, so that it is kept.</p></article>"
    "<footer><p>Copyright the site</p></footer></body></html>";

static void
test_kinds(void **state)
{
	pith_doc *d = parse_url(page, NULL);
	char buf[8];

	(void)state;
	assert_string_equal(overlay_kind(pith_doc_block(d, block_starting(d, "A heading")),
	    buf), "h2");
	assert_string_equal(overlay_kind(pith_doc_block(d, block_starting(d, "an item")),
	    buf), "li");
	assert_string_equal(overlay_kind(pith_doc_block(d, block_starting(d, "code()")),
	    buf), "pre");
	assert_string_equal(overlay_kind(pith_doc_block(d, block_starting(d, "The first")),
	    buf), "p");
	for (size_t b = 0; b < pith_doc_nblocks(d); b++)
		if (pith_doc_block(d, b)->kind == PITH_BLOCK_RULE)
			assert_string_equal(overlay_kind(pith_doc_block(d, b), buf), "hr");
	pith_doc_free(d);
}

/* Every row is the gutter's width, for a token method (a running sum,
 * span marks) and a block method alike, in UTF-8 and in ASCII. */
static void
test_rows(void **state)
{
	static const char *const algos[] = { "mss", "readability" };
	pith_doc *d = parse_url(page, NULL);

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		for (int ascii = 0; ascii < 2; ascii++) {
			pith_article *a = NULL;
			pith_error err = {0};
			overlay ov;
			overlay_row r;

			assert_int_equal(pith_extract(d, algos[i], NULL, &a, &err), PITH_OK);
			assert_int_equal(overlay_init(&ov, a, ascii), 0);
			assert_int_equal(ov.has_run, i == 0);
			for (size_t b = 0; b < pith_doc_nblocks(d); b++) {
				overlay_row_block(&ov, b, &r);
				assert_int_equal(wrap_width(r.text, strlen(r.text)), OVERLAY_GUTTER);
				for (const char *c = r.text; ascii && *c; c++)
					assert_true((unsigned char)*c < 0x80);
			}
			overlay_free(&ov);
			pith_article_free(a);
		}
	}
	pith_doc_free(d);
}

static void
test_explain(void **state)
{
	pith_doc *d = parse_url(page, NULL);
	pith_article *a = NULL;
	pith_error err = {0};
	char *out = NULL, *line;
	size_t len = 0, lines = 0;
	FILE *mem = open_memstream(&out, &len);

	(void)state;
	assert_int_equal(pith_extract(d, "mss", NULL, &a, &err), PITH_OK);
	assert_int_equal(explain_print(a, 0, 60, mem), 0);
	assert_int_equal(fclose(mem), 0);
	/* The summary, the column titles, then a row per block at most 60
	 * columns, each beginning with the block's row. */
	assert_int_equal(strncmp(out, "mss: kept tokens", 16), 0);
	line = strchr(out, '\n') + 1;
	assert_int_equal(strncmp(line, overlay_header(), strlen(overlay_header())), 0);
	for (line = strchr(line, '\n') + 1; *line; line = strchr(line, '\n') + 1) {
		size_t n = strcspn(line, "\n");

		assert_true(wrap_width(line, n) <= 60);
		lines++;
	}
	assert_true(lines >= pith_doc_nblocks(d));
	assert_non_null(strstr(out, "The first paragraph"));
	free(out);
	pith_article_free(a);
	pith_doc_free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_explain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
