/*
 * config.c - reading the settings file; see config.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "config.h"
#include "pith.h"
#include "themefile.h"
#include "util.h"

enum { CONFIG_MAX = 64 * 1024, LINE_MAX_ = 2048 };

/* Where warnings go, and how many bad lines there were. */
typedef struct {
	const char *file;
	diag *d;
	int bad;
} config_warnings;

/* One more bad line, said when it is among the first few. */
static void
warnf(config_warnings *w, int line, const char *what, const char *word)
{
	char msg[160], q[40];
	size_t k = 0;

	if (++w->bad > CONFIG_WARNINGS_MAX || w->d == NULL)
		return;
	/* The file may hold anything: quote only a little plain ASCII. */
	for (; word != NULL && *word && k + 1 < sizeof q && k < 32; word++)
		q[k++] = (*word >= 0x20 && *word < 0x7f) ? *word : '?';
	q[k] = '\0';
	snprintf(msg, sizeof msg, what, q);
	diag_warn(w->d, "%s:%d: %s", w->file, line, msg);
}

static char *
trim(char *s)
{
	char *e;

	s += strspn(s, " \t");
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* Whether a theme of that name exists, without saying why not. */
static int
theme_exists(const char *name)
{
	theme t;

	return themefile_load(&t, name, NULL) == 0;
}

int
config_switch(const char *val)
{
	return strcmp(val, "on") == 0 ? CONFIG_ON : strcmp(val, "off") == 0 ?
	    CONFIG_OFF : 0;
}

/* The on/off settings, in the order switch_of gives their fields. */
static const char *const switches[] = { "bidi", "bidi_shape", "hyphenate", "justify" };

/* The field of on/off setting i of switches. */
static int *
switch_of(config *c, size_t i)
{
	int *f[] = { &c->bidi, &c->bidi_shape, &c->hyphenate, &c->justify };

	return f[i];
}

static void
set(config *c, const char *key, const char *val, config_warnings *cw, int line)
{
	size_t sw = 0;

	while (sw < sizeof switches / sizeof *switches && strcmp(key, switches[sw]) != 0)
		sw++;
	if (sw < sizeof switches / sizeof *switches) {
		int v = config_switch(val);
		char what[64];

		if (v == 0) {
			/* key is one of ours, safe as a format's text. */
			snprintf(what, sizeof what, "%s must be on or off, not '%%s'", key);
			warnf(cw, line, what, val);
			return;
		}
		*switch_of(c, sw) = v;
	} else if (strcmp(key, "theme") == 0) {
		if (strlen(val) >= sizeof c->theme || !theme_exists(val)) {
			warnf(cw, line, "unknown theme '%s'", val);
			return;
		}
		strcpy(c->theme, val);
	} else if (strcmp(key, "width") == 0) {
		char *end;
		long w;

		errno = 0;
		w = strtol(val, &end, 10);
		if (end == val || *end != '\0' || errno != 0 || w < 20 || w > 1000) {
			warnf(cw, line, "width must be 20..1000, not '%s'", val);
			return;
		}
		c->width = (int)w;
	} else if (strcmp(key, "algorithm") == 0) {
		if (strlen(val) >= sizeof c->algorithm || pith_algorithm_find(val) == NULL) {
			warnf(cw, line, "unknown algorithm '%s'", val);
			return;
		}
		strcpy(c->algorithm, val);
	} else if (strcmp(key, "save_dir") == 0 || strcmp(key, "save-dir") == 0) {
		const char *home = getenv("HOME");

		if (val[0] == '~' && (val[1] == '/' || val[1] == '\0') &&
		    (home == NULL || home[0] == '\0')) {
			warnf(cw, line, "'%s': HOME is not set", val);
			return;
		}
		if (val[0] == '\0' || util_expand_home(val, c->save_dir,
		    sizeof c->save_dir) != 0) {
			c->save_dir[0] = '\0';
			warnf(cw, line, "bad save_dir '%s'", val);
			return;
		}
	} else {
		warnf(cw, line, "unknown setting '%s'", key);
	}
}

int
config_parse(config *c, const char *text, size_t len, const char *file,
             diag *d)
{
	config_warnings w = { file, d, 0 };
	char buf[LINE_MAX_];
	size_t i = 0;
	int line = 0;

	while (i < len) {
		size_t j = i, k = 0;
		int toolong = 0, binary = 0;
		char *s, *eq;

		line++;
		for (; j < len && text[j] != '\n'; j++) {
			if (text[j] == '\0')
				binary = 1;
			if (k + 1 < sizeof buf)
				buf[k++] = text[j];
			else
				toolong = 1;
		}
		buf[k] = '\0';
		i = j + 1;
		if (toolong || binary) {
			warnf(&w, line, "%s", toolong ? "line too long" : "not text");
			continue;
		}
		s = trim(buf);
		if (*s == '\0' || *s == '#')
			continue;
		if ((eq = strchr(s, '=')) == NULL) {
			warnf(&w, line, "expected 'key = value', not '%s'", s);
			continue;
		}
		*eq = '\0';
		set(c, trim(s), trim(eq + 1), &w, line);
	}
	if (w.bad > CONFIG_WARNINGS_MAX)
		diag_warn(d, "%s: %d more warnings not shown", file,
		    w.bad - CONFIG_WARNINGS_MAX);
	return w.bad;
}

char *
config_default_path(void)
{
	char p[4096];

	return util_xdg("XDG_CONFIG_HOME", ".config", "pith/config", p,
	    sizeof p) == 0 ? strdup(p) : NULL;
}

int
config_load(config *c, const char *path, diag *d)
{
	char *dflt = path == NULL ? config_default_path() : NULL, *text;
	const char *file = path != NULL ? path : dflt;
	FILE *f;
	size_t n;
	int rc = 0;

	if (file == NULL)
		return 0;
	if ((f = fopen(file, "rb")) == NULL) {
		/* Having no settings file is the usual case. */
		if (path != NULL || errno != ENOENT)
			rc = diag_fail(d, "%s: cannot read: %s", file, strerror(errno));
	} else if (util_read_stream(f, CONFIG_MAX, &text, &n) != 0) {
		rc = diag_fail(d, "%s: %s", file, errno == EFBIG ? "larger than 64 kB" :
		    errno == ENOMEM ? "out of memory" : "cannot read it");
	} else {
		rc = config_parse(c, text, n, file, d);
		free(text);
	}
	if (f != NULL)
		fclose(f);
	free(dflt);
	return rc;
}
