/*
 * history.h - the pages read, kept across runs in
 * $XDG_STATE_HOME/pith/history, so that a page opened again resumes at
 * the paragraph where it was left and `pith --history` lists them.
 *
 * The file is text, a line per page, the most recent first:
 *   TIME <tab> BLOCK <tab> ADDRESS <tab> TITLE
 * TIME in seconds since the epoch, BLOCK the document block at the top
 * of the screen (its paragraph), ADDRESS a URL or an absolute path,
 * TITLE the page's; tabs and control characters in them become spaces.
 * At most HISTORY_MAX pages are kept; it is written atomically.
 */
#ifndef PITH_HISTORY_H
#define PITH_HISTORY_H

#include <stddef.h>
#include <time.h>
#include "util.h"

enum { HISTORY_MAX = 500 };

typedef struct {
	char *address;
	char *title;
	size_t block;
	time_t time;
} history_entry;

typedef struct {
	history_entry *e;        /* most recent first */
	size_t n;
} history;

/* $XDG_STATE_HOME/pith/history (else ~/.local/state/pith/history): 0,
 * or -1 without a home. */
int history_path(char *out, size_t size);

/* The entries of a history file's text; lines that are not entries are
 * skipped (a file cut short loses its last line, not the rest).  0, or
 * -1 when out of memory. */
int history_parse(const char *text, size_t len, history *h);
/* Read path (a missing file is an empty history): 0, or -1 with d->msg. */
int history_load(const char *path, history *h, diag *d);
/* The entry for address, or NULL. */
const history_entry *history_find(const history *h, const char *address);
/* Make address the most recent entry (replacing its old one), dropping
 * the oldest past HISTORY_MAX: 0, or -1 when out of memory. */
int history_put(history *h, const char *address, const char *title, size_t block,
                time_t when);
/* The file's text for h, appended to out: 0, or -1 when out of memory. */
int history_format(const history *h, util_buf *out);
/* Write h to path atomically, making its folder (0700): 0, or -1 with
 * d->msg. */
int history_save(const char *path, const history *h, diag *d);
/* Load path, put the entry, save: what the reader does on leaving a
 * page, so that two readers at once lose nothing but a race. */
int history_record(const char *path, const char *address, const char *title,
                   size_t block, time_t when, diag *d);
void history_free(history *h);

/* The address a page is kept under: a URL as it is, a file's absolute
 * path; 0, or -1 for standard input ("-") or a path that cannot be
 * resolved. */
int history_key(const char *arg, char *out, size_t size);

#endif
