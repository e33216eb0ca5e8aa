/*
 * theme.c - reading themes: the built-in ones and theme files.
 */
#include "theme.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const elem_names[TH_COUNT] = {
	[TH_TEXT] = "text", [TH_TITLE] = "title", [TH_META] = "meta",
	[TH_HEADING] = "heading", [TH_EMPH] = "emph", [TH_STRONG] = "strong",
	[TH_CODE] = "code", [TH_PRE] = "pre", [TH_QUOTE] = "quote",
	[TH_BULLET] = "bullet", [TH_LINK] = "link", [TH_LINKNUM] = "linknum",
	[TH_SELECTED] = "selected", [TH_IMAGE] = "image", [TH_RULE] = "rule",
	[TH_TABLE] = "table", [TH_MATCH] = "match", [TH_STATUS] = "status",
	[TH_MESSAGE] = "message", [TH_ERROR] = "error", [TH_DIM] = "dim",
	[TH_GUTTER] = "gutter", [TH_MARK] = "mark", [TH_HEAT1] = "heat1",
	[TH_HEAT2] = "heat2", [TH_HEAT3] = "heat3", [TH_HEAT4] = "heat4",
	[TH_HEAT5] = "heat5",
};

/* Kept identical to themes/NAME.theme (a unit test compares them). */
static const struct {
	const char *name;
	const char *text;
} builtins[] = {
	{ "dark",
	  "# dark.theme - light text on a dark background.\n"
	  "# Colours are xterm's 256; on 8 or 16 colours each becomes the nearest\n"
	  "# basic colour, and greys the terminal's own.\n"
	  "text     = default default\n"
	  "title    = 229 default bold\n"
	  "meta     = 246 default\n"
	  "heading  = 117 default bold\n"
	  "emph     = default default italic\n"
	  "strong   = default default bold\n"
	  "code     = 180 default\n"
	  "pre      = 180 default\n"
	  "quote    = 250 default italic\n"
	  "bullet   = 214 default\n"
	  "link     = 81 default underline\n"
	  "linknum  = 243 default\n"
	  "selected = 16 81 bold\n"
	  "image    = 140 default\n"
	  "rule     = 240 default\n"
	  "table    = 242 default\n"
	  "match    = 16 220\n"
	  "status   = 252 238\n"
	  "message  = default default\n"
	  "error    = 203 default bold\n"
	  "dim      = 241 default dim\n"
	  "gutter   = 245 default\n"
	  "mark     = 214 default bold\n"
	  "heat1    = 196 default bold\n"
	  "heat2    = 209 default\n"
	  "heat3    = 250 default\n"
	  "heat4    = 150 default\n"
	  "heat5    = 46 default bold\n" },
	{ "light",
	  "# light.theme - dark text on a light background, its own: it reads the\n"
	  "# same on a dark terminal.\n"
	  "# Colours are xterm's 256; on 8 or 16 colours each becomes the nearest\n"
	  "# basic colour, and greys the terminal's own.\n"
	  "text     = 235 231\n"
	  "title    = 18 231 bold\n"
	  "meta     = 242 231\n"
	  "heading  = 25 231 bold\n"
	  "emph     = 235 231 italic\n"
	  "strong   = 235 231 bold\n"
	  "code     = 88 231\n"
	  "pre      = 88 231\n"
	  "quote    = 240 231 italic\n"
	  "bullet   = 130 231\n"
	  "link     = 26 231 underline\n"
	  "linknum  = 245 231\n"
	  "selected = 231 26 bold\n"
	  "image    = 90 231\n"
	  "rule     = 250 231\n"
	  "table    = 248 231\n"
	  "match    = 16 228\n"
	  "status   = 236 253\n"
	  "message  = 235 231\n"
	  "error    = 160 231 bold\n"
	  "dim      = 248 231 dim\n"
	  "gutter   = 242 231\n"
	  "mark     = 130 231 bold\n"
	  "heat1    = 160 231 bold\n"
	  "heat2    = 166 231\n"
	  "heat3    = 242 231\n"
	  "heat4    = 28 231\n"
	  "heat5    = 22 231 bold\n" },
	{ "mono",
	  "# mono.theme - no colours at all, only attributes: for 8-colour and\n"
	  "# monochrome terminals, and for anyone who prefers their own colours.\n"
	  "text     = default default\n"
	  "title    = default default bold\n"
	  "meta     = default default dim\n"
	  "heading  = default default bold underline\n"
	  "emph     = default default italic\n"
	  "strong   = default default bold\n"
	  "code     = default default bold\n"
	  "pre      = default default\n"
	  "quote    = default default\n"
	  "bullet   = default default bold\n"
	  "link     = default default underline\n"
	  "linknum  = default default dim\n"
	  "selected = default default reverse underline\n"
	  "image    = default default dim\n"
	  "rule     = default default dim\n"
	  "table    = default default dim\n"
	  "match    = default default reverse\n"
	  "status   = default default reverse\n"
	  "message  = default default\n"
	  "error    = default default bold\n"
	  "dim      = default default dim\n"
	  "gutter   = default default dim\n"
	  "mark     = default default bold\n"
	  "heat1    = default default bold underline\n"
	  "heat2    = default default underline\n"
	  "heat3    = default default dim\n"
	  "heat4    = default default\n"
	  "heat5    = default default bold\n" },
};

enum { NBUILTINS = sizeof builtins / sizeof builtins[0] };

const char *
theme_elem_name(theme_elem e)
{
	return (unsigned)e < TH_COUNT ? elem_names[e] : NULL;
}

static const char *const color_names[] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"
};

/* A colour word: 0 and *c set, or -1. */
static int
parse_color(const char *w, int *c)
{
	char *end;
	long v;

	if (strcmp(w, "default") == 0) {
		*c = THEME_DEFAULT;
		return 0;
	}
	for (int i = 0; i < 8; i++) {
		if (strcmp(w, color_names[i]) == 0) {
			*c = i;
			return 0;
		}
		if (strncmp(w, "bright-", 7) == 0 && strcmp(w + 7, color_names[i]) == 0) {
			*c = 8 + i;
			return 0;
		}
	}
	if (!isdigit((unsigned char)w[0]))
		return -1;
	errno = 0;
	v = strtol(w, &end, 10);
	if (*end != '\0' || errno != 0 || v < 0 || v > 255)
		return -1;
	*c = (int)v;
	return 0;
}

static int
parse_attr(const char *w, unsigned *a)
{
	static const struct { const char *name; unsigned bit; } attrs[] = {
		{ "bold", THEME_BOLD }, { "dim", THEME_DIM },
		{ "italic", THEME_ITALIC }, { "underline", THEME_UNDERLINE },
		{ "reverse", THEME_REVERSE }, { "none", 0 },
	};

	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		if (strcmp(w, attrs[i].name) == 0) {
			*a |= attrs[i].bit;
			return 0;
		}
	}
	return -1;
}

/* Copy a word of the page-independent theme text for a message: short,
 * printable ASCII only, since a theme file may hold anything. */
static void
quote_word(char *out, size_t size, const char *w)
{
	size_t k = 0;

	for (; *w && k + 1 < size && k < 24; w++)
		out[k++] = (*w >= 0x20 && *w < 0x7f) ? *w : '?';
	out[k] = '\0';
}

static void
warn_line(theme_warn_fn warn, void *ctx, int line, const char *fmt,
          const char *word)
{
	char msg[128], q[32];

	if (warn == NULL)
		return;
	quote_word(q, sizeof q, word);
	snprintf(msg, sizeof msg, fmt, q);
	warn(ctx, line, msg);
}

/* One "element = FG BG [ATTR...]" line, NUL-terminated and without its
 * comment.  Returns 0, or -1 after warning. */
static int
parse_line(theme *t, char *s, int line, theme_warn_fn warn, void *ctx)
{
	char *eq = strchr(s, '='), *name = s, *w, *save = NULL;
	int colors[2], ncolors = 0, e;
	unsigned attr = 0;

	if (eq == NULL) {
		warn_line(warn, ctx, line, "expected 'element = colours'%s", "");
		return -1;
	}
	*eq = '\0';
	name += strspn(name, " \t");
	for (char *p = eq; p > name && (p[-1] == ' ' || p[-1] == '\t'); p--)
		p[-1] = '\0';
	for (e = 0; e < TH_COUNT; e++)
		if (strcmp(name, elem_names[e]) == 0)
			break;
	if (e == TH_COUNT) {
		warn_line(warn, ctx, line, "unknown element '%s'", name);
		return -1;
	}
	for (w = strtok_r(eq + 1, " \t", &save); w != NULL;
	    w = strtok_r(NULL, " \t", &save)) {
		int c;

		if (ncolors < 2 && parse_color(w, &c) == 0) {
			colors[ncolors++] = c;
		} else if (parse_attr(w, &attr) != 0) {
			warn_line(warn, ctx, line, "unknown colour or attribute '%s'", w);
			return -1;
		}
	}
	if (ncolors < 2) {
		warn_line(warn, ctx, line, "'%s' needs a foreground and a background colour",
		    name);
		return -1;
	}
	t->style[e] = (theme_style){ (short)colors[0], (short)colors[1], attr };
	return 0;
}

int
theme_parse(theme *t, const char *text, size_t len, theme_warn_fn warn,
            void *ctx)
{
	char buf[512];
	int line = 0, bad = 0;
	size_t i = 0;

	for (int e = 0; e < TH_COUNT; e++)
		t->style[e] = (theme_style){ THEME_DEFAULT, THEME_DEFAULT, 0 };
	while (i < len) {
		size_t j = i, k = 0;
		int toolong = 0;

		line++;
		for (; j < len && text[j] != '\n'; j++) {
			if (k + 1 < sizeof buf)
				buf[k++] = text[j] == '\r' ? ' ' : text[j];
			else
				toolong = 1;
		}
		buf[k] = '\0';
		i = j + 1;
		if (memchr(buf, '\0', k) != NULL || toolong) {
			warn_line(warn, ctx, line, "line too long or not text%s", "");
			bad++;
			continue;
		}
		if (strchr(buf, '#') != NULL)
			*strchr(buf, '#') = '\0';
		if (buf[strspn(buf, " \t")] == '\0')
			continue;
		if (parse_line(t, buf, line, warn, ctx) != 0)
			bad++;
	}
	return bad;
}

size_t
theme_builtin_count(void)
{
	return NBUILTINS;
}

const char *
theme_builtin_name(size_t i)
{
	return i < NBUILTINS ? builtins[i].name : NULL;
}

const char *
theme_builtin_text(const char *name)
{
	for (size_t i = 0; i < NBUILTINS; i++)
		if (strcmp(builtins[i].name, name) == 0)
			return builtins[i].text;
	return NULL;
}

/* xterm's 256-colour palette as RGB. */
static void
rgb(int c, int *r, int *g, int *b)
{
	static const unsigned char base[16][3] = {
		{ 0, 0, 0 }, { 205, 0, 0 }, { 0, 205, 0 }, { 205, 205, 0 },
		{ 0, 0, 238 }, { 205, 0, 205 }, { 0, 205, 205 }, { 229, 229, 229 },
		{ 127, 127, 127 }, { 255, 0, 0 }, { 0, 255, 0 }, { 255, 255, 0 },
		{ 92, 92, 255 }, { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
	};

	if (c < 16) {
		*r = base[c][0];
		*g = base[c][1];
		*b = base[c][2];
	} else if (c < 232) {
		static const int level[6] = { 0, 95, 135, 175, 215, 255 };

		c -= 16;
		*r = level[c / 36];
		*g = level[c / 6 % 6];
		*b = level[c % 6];
	} else {
		*r = *g = *b = 8 + 10 * (c - 232);
	}
}

int
theme_color_fallback(int c, int ncolors, int background)
{
	int r, g, b, best = THEME_DEFAULT, lim;
	long bestd = -1;

	if (c < 0 || c < ncolors)
		return c;
	if (ncolors < 8)
		return THEME_DEFAULT;
	rgb(c, &r, &g, &b);
	/* A grey has no hue worth keeping.  As text it becomes the
	 * terminal's own colour, which is readable whatever the background;
	 * as a background (a status bar) black or white keeps it a bar. */
	{
		int hi = r > g ? (r > b ? r : b) : (g > b ? g : b);
		int lo = r < g ? (r < b ? r : b) : (g < b ? g : b);

		if (hi - lo < 40)
			return !background ? THEME_DEFAULT : hi < 128 ? 0 : 7;
	}
	lim = ncolors >= 16 ? 16 : 8;
	for (int i = 1; i < lim; i++) {
		int cr, cg, cb;
		long d;

		if (i == 7 || i == 8 || i == 15)
			continue;
		rgb(i, &cr, &cg, &cb);
		d = (long)(r - cr) * (r - cr) + (long)(g - cg) * (g - cg) +
		    (long)(b - cb) * (b - cb);
		if (bestd < 0 || d < bestd) {
			bestd = d;
			best = i;
		}
	}
	return best;
}
