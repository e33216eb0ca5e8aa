/* test_edit.c - the prompts' line editor (ui/render/edit.c) and what
 * they recall across runs (src/recall.c). */
#include "helpers.h"
#include "edit.h"
#include "recall.h"

static void
keys(edit_line *e, const char *s)
{
	for (; *s; s++)
		edit_key(e, (unsigned char)*s);
}

static void
test_moving(void **state)
{
	edit_line e;

	(void)state;
	edit_init(&e, "hello world", NULL, 0, 0);
	assert_int_equal(e.cur, 11);
	edit_key(&e, EDIT_HOME);
	keys(&e, ">");
	assert_string_equal(e.text, ">hello world");
	edit_key(&e, 5);                       /* Ctrl-E */
	keys(&e, "!");
	assert_string_equal(e.text, ">hello world!");
	edit_key(&e, 1);                       /* Ctrl-A */
	edit_key(&e, EDIT_RIGHT);
	edit_key(&e, EDIT_DELETE);
	assert_string_equal(e.text, ">ello world!");
	edit_key(&e, EDIT_LEFT);
	assert_int_equal(edit_key(&e, EDIT_LEFT), 0);   /* at the start */
	assert_int_equal(edit_key(&e, EDIT_BACKSPACE), 0);
	edit_key(&e, EDIT_END);
	assert_int_equal(edit_key(&e, EDIT_RIGHT), 0);
	assert_int_equal(edit_key(&e, EDIT_DELETE), 0);
	edit_key(&e, EDIT_BACKSPACE);
	assert_string_equal(e.text, ">ello world");
}

static void
test_killing(void **state)
{
	edit_line e;

	(void)state;
	edit_init(&e, "https://example.com/a/page.html", NULL, 0, 0);
	edit_key(&e, 23);                      /* Ctrl-W: the last part */
	assert_string_equal(e.text, "https://example.com/a/");
	edit_key(&e, 23);                      /* then the slash */
	assert_string_equal(e.text, "https://example.com/a");
	edit_init(&e, "one two  three", NULL, 0, 0);
	edit_key(&e, 23);
	assert_string_equal(e.text, "one two  ");
	edit_key(&e, 23);
	assert_string_equal(e.text, "one ");
	edit_init(&e, "keep|cut", NULL, 0, 0);
	for (int i = 0; i < 3; i++)
		edit_key(&e, EDIT_LEFT);
	edit_key(&e, 11);                      /* Ctrl-K */
	assert_string_equal(e.text, "keep|");
	edit_key(&e, EDIT_LEFT);
	edit_key(&e, 21);                      /* Ctrl-U */
	assert_string_equal(e.text, "|");
	assert_int_equal(e.cur, 0);
}

/* Multibyte characters move, insert and delete whole. */
static void
test_utf8(void **state)
{
	edit_line e;

	(void)state;
	edit_init(&e, "a\xc3\xa9\xe6\xbc\xa2", NULL, 0, 0);
	edit_key(&e, EDIT_LEFT);
	assert_int_equal(e.cur, 3);
	edit_key(&e, 0x263a);
	assert_string_equal(e.text, "a\xc3\xa9\xe2\x98\xba\xe6\xbc\xa2");
	edit_key(&e, EDIT_LEFT);
	edit_key(&e, EDIT_BACKSPACE);
	assert_string_equal(e.text, "a\xe2\x98\xba\xe6\xbc\xa2");
	/* Controls are never typed in. */
	assert_int_equal(edit_key(&e, 0x1b), 0);
	assert_int_equal(edit_key(&e, 0x9b), 0);
	/* The limit holds, between characters. */
	edit_init(&e, "", NULL, 0, 4);
	keys(&e, "abc");
	assert_int_equal(edit_key(&e, 0xe9), 0);
	assert_int_equal(edit_key(&e, 'd'), 1);
	assert_int_equal(edit_key(&e, 'e'), 0);
	assert_string_equal(e.text, "abcd");
}

/* Up and Down: the earlier entries, and back to what was typed. */
static void
test_recall(void **state)
{
	const char *const hist[] = { "second", "first" };
	edit_line e;

	(void)state;
	edit_init(&e, "typ", hist, 2, 0);
	edit_key(&e, EDIT_UP);
	assert_string_equal(e.text, "second");
	edit_key(&e, EDIT_UP);
	assert_string_equal(e.text, "first");
	assert_int_equal(edit_key(&e, EDIT_UP), 0);
	edit_key(&e, EDIT_DOWN);
	assert_string_equal(e.text, "second");
	edit_key(&e, EDIT_DOWN);
	assert_string_equal(e.text, "typ");
	assert_int_equal(edit_key(&e, EDIT_DOWN), 0);
}

static void
test_recall_file(void **state)
{
	char path[4096], **lines;
	struct stat before, after;
	size_t n;
	diag d = {0};

	(void)state;
	assert_int_equal(recall_load("open", &lines, &n, &d), 0);
	assert_int_equal(n, 0);
	assert_int_equal(recall_add("open", "a.html", &d), 0);
	assert_int_equal(recall_add("open", "b.html", &d), 0);
	assert_int_equal(recall_add("open", "a.html", &d), 0);
	assert_int_equal(recall_add("open", "", &d), 0);
	assert_int_equal(recall_add("open", "bad\x1b", &d), 0);
	assert_int_equal(recall_add("search", "zebra", &d), 0);
	assert_int_equal(recall_load("open", &lines, &n, &d), 0);
	assert_int_equal(n, 2);
	assert_string_equal(lines[0], "a.html");
	assert_string_equal(lines[1], "b.html");
	recall_free(lines, n);
	/* The most recent entry again rewrites nothing: the same file. */
	assert_int_equal(recall_path("open", path, sizeof path), 0);
	assert_int_equal(stat(path, &before), 0);
	assert_int_equal(recall_add("open", "a.html", &d), 0);
	assert_int_equal(stat(path, &after), 0);
	assert_true(before.st_ino == after.st_ino);
	for (int i = 0; i < RECALL_MAX + 5; i++) {
		char s[16];

		snprintf(s, sizeof s, "q%d", i);
		assert_int_equal(recall_add("search", s, &d), 0);
	}
	assert_int_equal(recall_load("search", &lines, &n, &d), 0);
	assert_int_equal(n, RECALL_MAX);
	recall_free(lines, n);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moving),
		cmocka_unit_test(test_killing),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_recall),
		cmocka_unit_test_setup_teardown(test_recall_file, scratch_setup,
		    scratch_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
