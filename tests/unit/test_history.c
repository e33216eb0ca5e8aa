/* test_history.c - the pages read (src/history.c). */
#include "helpers.h"
#include "history.h"

static void
test_parse(void **state)
{
	static const char text[] =
	    "1700000300\t12\thttps://e.com/b\tB's title\n"
	    "garbage line\n"
	    "1700000200\tx\thttps://e.com/bad\tbad block\n"
	    "1700000100\t0\t/home/u/a.html\tA\twith a tab\n"
	    "1700000050\t3\thttps://e.com/b\tan older copy of b\n"
	    "1700000000\t5\thttps://e.com/cut\tno newline";
	history h;

	(void)state;
	assert_int_equal(history_parse(text, sizeof text - 1, &h), 0);
	assert_int_equal(h.n, 2);
	assert_string_equal(h.e[0].address, "https://e.com/b");
	assert_string_equal(h.e[0].title, "B's title");
	assert_int_equal(h.e[0].block, 12);
	assert_int_equal(h.e[0].time, 1700000300);
	/* The title is the rest of the line, its tab a space. */
	assert_string_equal(h.e[1].title, "A with a tab");
	assert_null(history_find(&h, "https://e.com/cut"));
	assert_int_equal(history_find(&h, "/home/u/a.html")->block, 0);
	history_free(&h);
}

/* The most recent first, each page once, at most HISTORY_MAX; what is
 * written reads back the same. */
static void
test_put(void **state)
{
	history h = {0}, back;
	util_buf b = {0};
	char addr[64];

	(void)state;
	assert_int_equal(history_put(&h, "https://e.com/a", "A", 4, 100), 0);
	assert_int_equal(history_put(&h, "https://e.com/b", "B\tx\ny", 7, 200), 0);
	assert_string_equal(h.e[0].address, "https://e.com/b");
	assert_string_equal(h.e[0].title, "B x y");
	assert_int_equal(history_put(&h, "https://e.com/a", "A again", 9, 300), 0);
	assert_int_equal(h.n, 2);
	assert_string_equal(h.e[0].title, "A again");
	assert_int_equal(h.e[0].block, 9);
	assert_int_equal(history_format(&h, &b), 0);
	assert_string_equal(b.s, "300\t9\thttps://e.com/a\tA again\n"
	    "200\t7\thttps://e.com/b\tB x y\n");
	assert_int_equal(history_parse(b.s, b.len, &back), 0);
	assert_int_equal(back.n, 2);
	assert_string_equal(back.e[1].title, "B x y");
	history_free(&back);
	util_buf_free(&b);
	for (int i = 0; i < HISTORY_MAX + 10; i++) {
		snprintf(addr, sizeof addr, "https://e.com/%d", i);
		assert_int_equal(history_put(&h, addr, "", 1, 400 + i), 0);
	}
	assert_int_equal(h.n, HISTORY_MAX);
	snprintf(addr, sizeof addr, "https://e.com/%d", HISTORY_MAX + 9);
	assert_string_equal(h.e[0].address, addr);
	assert_null(history_find(&h, "https://e.com/a"));
	history_free(&h);
}

/* The file: made with its folder, replaced atomically, read back. */
static void
test_file(void **state)
{
	char path[300], key[4096];
	history h;
	diag d = {0};

	(void)state;
	snprintf(path, sizeof path, "%s/state/pith/history", scratch_dir());
	assert_int_equal(history_load(path, &h, &d), 0);
	assert_int_equal(h.n, 0);
	assert_int_equal(history_record(path, "https://e.com/a", "A", 3, 10, &d), 0);
	assert_int_equal(history_record(path, "https://e.com/b", "B", 0, 20, &d), 0);
	assert_int_equal(history_load(path, &h, &d), 0);
	assert_int_equal(h.n, 2);
	assert_string_equal(h.e[0].address, "https://e.com/b");
	assert_int_equal(history_find(&h, "https://e.com/a")->block, 3);
	history_free(&h);
	/* Keys: a URL as it is, a file by its absolute path, stdin none. */
	assert_int_equal(history_key("https://e.com/x?y", key, sizeof key), 0);
	assert_string_equal(key, "https://e.com/x?y");
	assert_int_equal(history_key(path, key, sizeof key), 0);
	assert_string_equal(key, path);
	assert_int_equal(history_key("-", key, sizeof key), -1);
	assert_int_equal(history_key("/no/such/file", key, sizeof key), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_put),
		cmocka_unit_test_setup_teardown(test_file, scratch_setup, scratch_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
