/*
 * config.h - the reader's settings file, $XDG_CONFIG_HOME/pith/config
 * (else ~/.config/pith/config): lines of "key = value", '#' comments.
 *
 *   theme     = dark | light | mono | a theme file's name
 *   width     = the text's measure in columns (20..1000)
 *   algorithm = an extraction algorithm (pith --list-algorithms)
 *   save_dir  = where s and S save, '~/' for the home directory
 *
 * A bad line is reported with its number and skipped; nothing in the
 * file can stop pith from starting.
 */
#ifndef PITH_CONFIG_H
#define PITH_CONFIG_H

#include <stddef.h>

typedef struct {
	char theme[64];        /* "" when not set */
	int width;             /* 0 when not set */
	char algorithm[64];
	char save_dir[1024];
} config;

/* Told about each bad line (line 0: the file as a whole). */
typedef void (*config_warn_fn)(void *ctx, const char *file, int line,
                               const char *msg);

/* Parse text over *c; returns the number of bad lines. */
int config_parse(config *c, const char *text, size_t len, const char *file,
                 config_warn_fn warn, void *ctx);

/* Read path, or the default file when path is NULL (a missing default
 * file is no error).  Returns 0, or -1 when the file cannot be read
 * (after warning). */
int config_load(config *c, const char *path, config_warn_fn warn, void *ctx);

/* The default file's path, malloc'd; NULL without HOME or memory. */
char *config_default_path(void);
#endif
