/*
 * config.h - the reader's settings file, $XDG_CONFIG_HOME/pith/config
 * (else ~/.config/pith/config): lines of "key = value", '#' comments.
 *
 *   theme     = dark | light | mono | a theme file's name
 *   width     = the text's measure in columns (20..1000)
 *   algorithm = an extraction algorithm (pith --list-algorithms)
 *   save_dir  = where s and S save, '~/' for the home directory
 *   bidi      = on | off: right-to-left text in visual order (off for
 *               a terminal that reorders by itself)
 *   bidi_shape = on | off: Arabic in presentation forms, for a terminal
 *               that does not join letters itself
 *   hyphenate = on | off: break long words at the language's points
 *   justify   = on | off: the reader's paragraphs flush with both margins
 *
 * A bad line is reported with its number and skipped; nothing in the
 * file can stop pith from starting.
 */
#ifndef PITH_CONFIG_H
#define PITH_CONFIG_H

#include <stddef.h>
#include "util.h"

typedef struct {
	char theme[64];        /* "" when not set */
	int width;             /* 0 when not set */
	char algorithm[64];
	char save_dir[1024];
	int bidi, bidi_shape, hyphenate, justify;  /* on/off: 0 not set, or CONFIG_* */
} config;

/* A file of garbage is not thousands of warnings: the first this many,
 * then one that counts the rest. */
enum { CONFIG_WARNINGS_MAX = 10 };

enum { CONFIG_OFF = 1, CONFIG_ON = 2 };

/* An on/off value ("on", "off"): CONFIG_ON, CONFIG_OFF, or 0. */
int config_switch(const char *val);

/* Parse text over *c, a warning in d for each bad line ("FILE:LINE:
 * why"), as many as CONFIG_WARNINGS_MAX; returns the number of bad
 * lines. */
int config_parse(config *c, const char *text, size_t len, const char *file,
                 diag *d);

/* Read path, or the default file when path is NULL (a missing default
 * file is no error), as config_parse: the number of bad lines, or -1
 * with d->msg ("FILE: why") when the file cannot be read. */
int config_load(config *c, const char *path, diag *d);

/* The default file's path, malloc'd; NULL without HOME or memory. */
char *config_default_path(void);
#endif
