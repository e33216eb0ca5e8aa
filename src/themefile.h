/*
 * themefile.h - the reader's themes by name: theme files in the XDG
 * directories, and the built-in ones (theme.h parses them).
 */
#ifndef PITH_THEMEFILE_H
#define PITH_THEMEFILE_H

#include <stddef.h>
#include "theme.h"
#include "util.h"

/* Find and parse the theme NAME: a file NAME.theme in
 * $XDG_CONFIG_HOME/pith/themes, then in each of $XDG_DATA_DIRS/pith/themes,
 * then a built-in theme; a NAME with a '/' is a file's path.  Returns 0,
 * a warning "FILE:LINE: why" for each bad line, or -1 with d->msg when
 * there is no such theme. */
int themefile_load(theme *t, const char *name, diag *d);

/* The names t cycles through: the built-in themes, then other themes
 * found in the directories above, each once.  names is malloc'd, as is
 * every name in it; themefile_names_free releases them. */
int themefile_names(char ***names, size_t *n);
void themefile_names_free(char **names, size_t n);

#endif
