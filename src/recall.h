/*
 * recall.h - what was typed at each of the reader's prompts, kept across
 * runs in $XDG_STATE_HOME/pith/prompt-NAME (a line each, the most recent
 * first, at most RECALL_MAX, written atomically), for Up and Down.
 */
#ifndef PITH_RECALL_H
#define PITH_RECALL_H

#include <stddef.h>
#include "util.h"

enum { RECALL_MAX = 100 };

/* The file of prompt name ("open", "search"): 0, or -1 without a home. */
int recall_path(const char *name, char *out, size_t size);
/* Its entries, the most recent first (*lines malloc'd, each entry too;
 * none when there is no file): 0, or -1 with d->msg. */
int recall_load(const char *name, char ***lines, size_t *n, diag *d);
/* Put line first (once: an earlier copy goes), keep RECALL_MAX, save.
 * An empty line, or one with a control character, is not kept.  0, or
 * -1 with d->msg. */
int recall_add(const char *name, const char *line, diag *d);
void recall_free(char **lines, size_t n);

#endif
