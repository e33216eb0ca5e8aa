/* test_features.c - the hybrid's 37 features on pages whose numbers are
 * worked out by hand. */
#include <math.h>
#include "helpers.h"
#include "pith_debug.h"

static size_t
feature(const char *name)
{
	for (size_t i = 0; pith_feature_name(i) != NULL; i++)
		if (strcmp(pith_feature_name(i), name) == 0)
			return i;
	fail_msg("no feature '%s'", name);
	return 0;
}

/* Two paragraphs: "Nine char" (9 bytes) and "cc dd" whose "dd" is a link
 * (3 bytes without it). */
static const char page[] =
	"<html><body><div><p>Nine char</p><p>cc <a href='/x'>dd</a></p>"
	"</div></body></html>";

static void
test_hand_made(void **state)
{
	double f[PITH_NFEATURES];
	pith_error err = {0};
	pith_doc *d = parse_len(page, sizeof page - 1, NULL);
	size_t nn = pith_doc_nnodes(d), text = 0;

	(void)state;
	assert_int_equal(pith_doc_nblocks(d), 2);
	for (size_t i = 0; i < pith_doc_nblocks(d); i++)
		text += pith_doc_block(d, i)->len;
	assert_int_equal(text, 14);
	assert_int_equal(pith_doc_features(d, PITH_NONE, f, &err), PITH_OK);
	/* 84 bytes: the "< 100 B" bucket, and only it. */
	assert_true(f[feature("size<100B")] == 1);
	for (size_t i = 1; i < 6; i++)
		assert_true(f[i] == 0);
	assert_float_equal(f[feature("tag-ratio")], 1 - 14.0 / (sizeof page - 1), 1e-12);
	assert_float_equal(f[feature("link-ratio")], 2.0 / 14, 1e-12);
	/* Blocks without link text: 9 and 3. */
	assert_float_equal(f[feature("block-mean/longest")], 6.0 / 9, 1e-12);
	assert_float_equal(f[feature("block-median/longest")], 6.0 / 9, 1e-12);
	assert_float_equal(f[feature("block-longest/sum")], 9.0 / 12, 1e-12);
	/* html head body div p p a: two of the elements are p, one div. */
	assert_int_equal(nn, 7);
	assert_float_equal(f[feature("p")], 2.0 / 7, 1e-12);
	assert_float_equal(f[feature("div")], 1.0 / 7, 1e-12);
	assert_true(f[feature("table")] == 0);
	pith_doc_free(d);
}

/* A segment: the div's subtree, its bytes those of <div>...</div>. */
static void
test_subtree(void **state)
{
	double f[PITH_NFEATURES];
	pith_error err = {0};
	pith_doc *d = parse_len(page, sizeof page - 1, NULL);
	const char *open = strstr(page, "<div>"), *close = strstr(page, "</div>");
	double bytes = (double)(close + 6 - open);

	(void)state;
	assert_string_equal(pith_doc_node(d, 3)->tag, "div");
	assert_int_equal(pith_doc_features(d, 3, f, &err), PITH_OK);
	assert_float_equal(f[feature("tag-ratio")], 1 - 14 / bytes, 1e-12);
	assert_float_equal(f[feature("link-ratio")], 2.0 / 14, 1e-12);
	/* div p p a */
	assert_float_equal(f[feature("p")], 2.0 / 4, 1e-12);
	assert_float_equal(f[feature("div")], 1.0 / 4, 1e-12);
	/* The second paragraph alone: 5 bytes of text, 2 in a link. */
	assert_int_equal(pith_doc_features(d, 5, f, &err), PITH_OK);
	assert_float_equal(f[feature("link-ratio")], 2.0 / 5, 1e-12);
	assert_float_equal(f[feature("block-longest/sum")], 1, 1e-12);
	assert_int_equal(pith_doc_features(d, 99, f, &err), PITH_EINVAL);
	pith_doc_free(d);
}

static void
test_size_classes(void **state)
{
	static const size_t sizes[] = { 50, 500, 5000, 50000, 500000, 1500000 };
	double f[PITH_NFEATURES];
	pith_error err = {0};

	(void)state;
	for (size_t s = 0; s < 6; s++) {
		char *html = malloc(sizes[s]);
		pith_doc *d;

		assert_non_null(html);
		memset(html, 'x', sizes[s]);
		memcpy(html, "<p>", 3);
		d = parse_len(html, sizes[s], NULL);
		assert_int_equal(pith_doc_features(d, PITH_NONE, f, &err), PITH_OK);
		for (size_t i = 0; i < 6; i++)
			assert_true(f[i] == (i == s));
		pith_doc_free(d);
		free(html);
	}
}

static void
test_empty_and_names(void **state)
{
	double f[PITH_NFEATURES];
	pith_error err = {0};
	pith_doc *d = parse_len("", 0, NULL);

	(void)state;
	assert_int_equal(pith_doc_features(d, PITH_NONE, f, &err), PITH_OK);
	for (size_t i = 0; i < PITH_NFEATURES; i++)
		assert_true(isfinite(f[i]));
	assert_true(f[feature("size<100B")] == 1);
	pith_doc_free(d);
	/* 37 distinct names, then NULL. */
	for (size_t i = 0; i < PITH_NFEATURES; i++) {
		assert_non_null(pith_feature_name(i));
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(pith_feature_name(i), pith_feature_name(j));
	}
	assert_null(pith_feature_name(PITH_NFEATURES));
	assert_int_equal(feature("h6") - feature("h1"), 5);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_made),
		cmocka_unit_test(test_subtree),
		cmocka_unit_test(test_size_classes),
		cmocka_unit_test(test_empty_and_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
