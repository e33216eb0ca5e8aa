/* test_theme.c - theme files: parsing, warnings, built-ins, fallbacks. */
#include "helpers.h"
#include "themefile.h"

typedef struct {
	int n;
	int lines[16];
	char last[160];
} warnings;

static void
collect(void *ctx, int line, const char *msg)
{
	warnings *w = ctx;

	if (w->n < 16)
		w->lines[w->n] = line;
	w->n++;
	snprintf(w->last, sizeof w->last, "%s", msg);
}

static void
test_parse(void **state)
{
	static const char text[] =
	    "# a comment\n"
	    "\n"
	    "text = default default\n"
	    "  heading\t=  117 default bold underline  # trailing comment\n"
	    "link = bright-blue black\r\n"
	    "status = 7 4 reverse\n";
	theme t;
	warnings w = {0};

	(void)state;
	assert_int_equal(theme_parse(&t, text, strlen(text), collect, &w), 0);
	assert_int_equal(w.n, 0);
	assert_int_equal(t.style[TH_TEXT].fg, THEME_DEFAULT);
	assert_int_equal(t.style[TH_HEADING].fg, 117);
	assert_int_equal(t.style[TH_HEADING].bg, THEME_DEFAULT);
	assert_int_equal(t.style[TH_HEADING].attr, THEME_BOLD | THEME_UNDERLINE);
	assert_int_equal(t.style[TH_LINK].fg, 12);
	assert_int_equal(t.style[TH_LINK].bg, 0);
	assert_int_equal(t.style[TH_STATUS].attr, THEME_REVERSE);
	/* Elements not named keep the defaults. */
	assert_int_equal(t.style[TH_MATCH].fg, THEME_DEFAULT);
	assert_int_equal(t.style[TH_MATCH].attr, 0);
}

static void
test_bad_lines(void **state)
{
	static const char text[] =
	    "text = default default\n"
	    "no equals sign\n"
	    "colour = red blue\n"
	    "link = red\n"
	    "heading = 256 default\n"
	    "title = red blue sparkly\n"
	    "meta = default default\n";
	theme t;
	warnings w = {0};

	(void)state;
	assert_int_equal(theme_parse(&t, text, strlen(text), collect, &w), 5);
	assert_int_equal(w.n, 5);
	assert_int_equal(w.lines[0], 2);
	assert_int_equal(w.lines[1], 3);
	assert_int_equal(w.lines[2], 4);
	assert_int_equal(w.lines[3], 5);
	assert_int_equal(w.lines[4], 6);
	assert_non_null(strstr(w.last, "sparkly"));
	/* A bad line changes nothing. */
	assert_int_equal(t.style[TH_TITLE].fg, THEME_DEFAULT);
}

static void
test_garbage(void **state)
{
	char text[3000];
	theme t;
	warnings w = {0};

	(void)state;
	for (size_t i = 0; i < sizeof text; i++)
		text[i] = (char)(i * 7 + 3);
	theme_parse(&t, text, sizeof text, collect, &w);
	memset(text, 'x', sizeof text);
	text[1] = '=';
	theme_parse(&t, text, sizeof text, NULL, NULL);
	/* Embedded NULs and control bytes never reach a message. */
	for (const char *p = w.last; *p; p++)
		assert_true(*p >= 0x20 && *p < 0x7f);
}

/* themes/NAME.theme and the built-in copy must say the same. */
static void
test_builtins_match_files(void **state)
{
	(void)state;
	assert_true(theme_builtin_count() >= 3);
	for (size_t i = 0; i < theme_builtin_count(); i++) {
		const char *name = theme_builtin_name(i);
		const char *text = theme_builtin_text(name);
		char path[256], buf[8192];
		FILE *f;
		size_t n;
		theme t;
		warnings w = {0};

		snprintf(path, sizeof path, "themes/%s.theme", name);
		f = fopen(path, "rb");
		assert_non_null(f);
		n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		assert_int_equal(n, strlen(text));
		assert_memory_equal(buf, text, n);
		assert_int_equal(theme_parse(&t, text, strlen(text), collect, &w), 0);
	}
	assert_non_null(theme_builtin_text("dark"));
	assert_non_null(theme_builtin_text("light"));
	assert_non_null(theme_builtin_text("mono"));
}

/* The monochrome theme uses no colour at all. */
static void
test_mono(void **state)
{
	const char *text = theme_builtin_text("mono");
	theme t;

	(void)state;
	theme_parse(&t, text, strlen(text), NULL, NULL);
	for (int e = 0; e < TH_COUNT; e++) {
		assert_int_equal(t.style[e].fg, THEME_DEFAULT);
		assert_int_equal(t.style[e].bg, THEME_DEFAULT);
	}
	assert_true(t.style[TH_STATUS].attr & THEME_REVERSE);
	assert_true(t.style[TH_DIM].attr & THEME_DIM);
}

static void
test_load(void **state)
{
	char dir[256], path[512];
	theme t;
	diag d = {0};

	(void)state;
	setenv("XDG_CONFIG_HOME", "/nonexistent-pith-test", 1);
	setenv("XDG_DATA_DIRS", "/nonexistent-pith-test", 1);
	assert_int_equal(themefile_load(&t, "light", &d), 0);
	assert_int_equal(d.nwarnings, 0);
	assert_string_equal(t.name, "light");
	/* Light sets its own colours, so a dark terminal's stay out. */
	for (int e = 0; e < TH_COUNT; e++)
		if (e != TH_EMPH && e != TH_STRONG)
			assert_true(t.style[e].bg != THEME_DEFAULT && t.style[e].fg != THEME_DEFAULT);
	assert_int_equal(themefile_load(&t, "no-such-theme", &d), -1);
	assert_string_equal(d.msg, "no such theme");
	assert_int_equal(themefile_load(&t, "../etc/passwd", &d), -1);
	assert_non_null(strstr(d.msg, "cannot read the theme: "));
	assert_int_equal(themefile_load(&t, ".hidden", &d), -1);
	assert_string_equal(d.msg, "not a theme name");
	assert_int_equal(themefile_load(&t, "themes/mono.theme", &d), 0);
	assert_string_equal(t.name, "mono");
	/* A bad line of a theme file: a warning with the file and line. */
	scratch_make(dir, sizeof dir, "theme");
	snprintf(path, sizeof path, "%s/odd.theme", dir);
	file_write(path, "# odd\ntext = nonsense\n");
	assert_int_equal(themefile_load(&t, path, &d), 0);
	assert_int_equal(d.nwarnings, 1);
	assert_non_null(strstr(diag_warning(&d, 0), "odd.theme:2: "));
	assert_string_equal(t.name, "odd");
	diag_free(&d);
	scratch_remove(dir);
}

static void
test_names(void **state)
{
	char **names;
	size_t n;

	(void)state;
	setenv("XDG_CONFIG_HOME", "/nonexistent-pith-test", 1);
	assert_int_equal(themefile_names(&names, &n), 0);
	assert_true(n >= 3);
	assert_string_equal(names[0], "dark");
	themefile_names_free(names, n);
}

static void
test_fallback(void **state)
{
	(void)state;
	assert_int_equal(theme_color_fallback(196, 256, 0), 196);
	assert_int_equal(theme_color_fallback(THEME_DEFAULT, 8, 0), THEME_DEFAULT);
	assert_int_equal(theme_color_fallback(3, 8, 0), 3);
	/* Pure red, green and blue of the cube land on their basic colours. */
	assert_int_equal(theme_color_fallback(196, 8, 0), 1);
	assert_int_equal(theme_color_fallback(46, 8, 0), 2);
	assert_int_equal(theme_color_fallback(21, 8, 0), 4);
	assert_int_equal(theme_color_fallback(9, 8, 0), 1);
	/* Greys: the terminal's text colour, or a black or white bar. */
	assert_int_equal(theme_color_fallback(244, 8, 0), THEME_DEFAULT);
	assert_int_equal(theme_color_fallback(236, 8, 1), 0);
	assert_int_equal(theme_color_fallback(253, 8, 1), 7);
	assert_int_equal(theme_color_fallback(200, 0, 0), THEME_DEFAULT);
	for (int c = 0; c < 256; c++) {
		int f = theme_color_fallback(c, 8, c & 1);

		assert_true(f >= THEME_DEFAULT && f < 8);
		f = theme_color_fallback(c, 16, 0);
		assert_true(f >= THEME_DEFAULT && f < 16);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_bad_lines),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_builtins_match_files),
		cmocka_unit_test(test_mono),
		cmocka_unit_test(test_load),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_fallback),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
