/*
 * fuzz_config.c - libFuzzer: the input is a settings file, read by
 * config_parse() (src/config.c) and, being a file of the same kind, by
 * theme_parse() (ui/render/theme.c) as a theme.
 *
 * config.h promises that nothing in the file stops pith: every bad line
 * is counted and skipped, the first ten reported with their number;
 * what is set is valid (a known theme and algorithm, a width of
 * 20..1000, NUL-terminated strings).  Warnings quote only plain ASCII,
 * so a hostile file cannot put a control on the terminal through them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"
#include "pith.h"
#include "themefile.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
	int n, last, lines;
} seen;

static void
fail(const char *what, int line)
{
	fprintf(stderr, "fuzz_config: %s (line %d)\n", what, line);
	abort();
}

static void
check_msg(const char *msg, int line)
{
	if (msg == NULL || msg[0] == '\0')
		fail("a warning without a message", line);
	for (const unsigned char *u = (const unsigned char *)msg; *u; u++)
		if (*u < 0x20 || *u >= 0x7f)
			fail("a warning with a byte that is not plain ASCII", line);
}

/* config_parse's warnings: "cfg:LINE: why", in order and in range, the
 * first CONFIG_WARNINGS_MAX of the bad lines, then one counting the
 * rest. */
static void
config_warned(const diag *d, int bad, seen *s)
{
	const char *w;
	size_t i = 0;

	for (; i < CONFIG_WARNINGS_MAX && (w = diag_warning(d, i)) != NULL; i++) {
		char *end;
		long line;

		if (strncmp(w, "cfg:", 4) != 0)
			fail("a warning names another file", 0);
		line = strtol(w + 4, &end, 10);
		if (strncmp(end, ": ", 2) != 0)
			fail("a warning without its line", 0);
		/* Line 0 is the file as a whole: only config_load says that. */
		if (line < 1 || line > s->lines || line <= s->last)
			fail("a warning's line number is out of order or range", (int)line);
		check_msg(end + 2, (int)line);
		s->last = (int)line;
		s->n++;
	}
	if (bad > CONFIG_WARNINGS_MAX) {
		char more[64];

		snprintf(more, sizeof more, "cfg: %d more warnings not shown",
		    bad - CONFIG_WARNINGS_MAX);
		if ((w = diag_warning(d, i++)) == NULL || strcmp(w, more) != 0)
			fail("the warnings past the first are not counted", bad);
		s->n = bad;
	}
	if (diag_warning(d, i) != NULL)
		fail("more warnings than bad lines", bad);
}

static void
theme_warned(void *ctx, int line, const char *msg)
{
	seen *s = ctx;

	if (line < 1 || line > s->lines || line < s->last)
		fail("a theme warning's line number is out of order or range", line);
	check_msg(msg, line);
	s->last = line;
	s->n++;
}

static int
terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* Theme names are looked up on disk: only the built-in ones here,
	 * whatever the machine has. */
	setenv("XDG_CONFIG_HOME", "/nonexistent/pith-fuzz", 1);
	setenv("XDG_DATA_DIRS", "/nonexistent/pith-fuzz", 1);
	setenv("HOME", "/nonexistent/pith-fuzz-home", 1);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	config c;
	theme t;
	seen s = { 0, 0, 1 };
	diag d = {0};
	int bad;

	/* Lines as config_parse counts them: each '\n' ends one. */
	for (size_t i = 0; i < size; i++)
		s.lines += data[i] == '\n';

	memset(&c, 0, sizeof c);
	bad = config_parse(&c, text, size, "cfg", &d);
	config_warned(&d, bad, &s);
	diag_free(&d);
	if (bad != s.n)
		fail("the count of bad lines is not the count of warnings", bad);
	if (!terminated(c.theme, sizeof c.theme) ||
	    !terminated(c.algorithm, sizeof c.algorithm) ||
	    !terminated(c.save_dir, sizeof c.save_dir))
		fail("a setting is not NUL-terminated", 0);
	if (c.width != 0 && (c.width < 20 || c.width > 1000))
		fail("a width outside 20..1000", c.width);
	if (c.algorithm[0] != '\0' && pith_algorithm_find(c.algorithm) == NULL)
		fail("an unknown algorithm was set", 0);
	if (c.theme[0] != '\0' && themefile_load(&t, c.theme, NULL) != 0)
		fail("a theme that does not load was set", 0);
	/* Without a diag, the same count. */
	memset(&c, 0, sizeof c);
	if (config_parse(&c, text, size, "cfg", NULL) != bad)
		fail("the count of bad lines depends on the diag", bad);

	s = (seen){ 0, 0, 1 };
	for (size_t i = 0; i < size; i++)
		s.lines += data[i] == '\n';
	bad = theme_parse(&t, text, size, theme_warned, &s);
	if (bad != s.n)
		fail("the theme's count of bad lines is not its warnings", bad);
	for (int e = 0; e < TH_COUNT; e++) {
		const theme_style *st = &t.style[e];

		if (st->fg < THEME_DEFAULT || st->fg > 255 ||
		    st->bg < THEME_DEFAULT || st->bg > 255 || st->attr > 0x1f)
			fail("a theme style out of range", e);
	}
	return 0;
}
