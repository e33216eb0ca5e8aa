/*
 * save.h - saving an article from the reader (s: text, S: Markdown):
 * its file's name and contents.  util_write_file writes it atomically.
 */
#ifndef PITH_SAVE_H
#define PITH_SAVE_H

#include <stddef.h>
#include <time.h>
#include "hyphenate.h"
#include "pith.h"
#include "util.h"

enum { SAVE_SLUG_MAX = 60 };

/* A file name (no extension) from a title: letters and digits (any
 * script, lower-cased), other runs as one '-'; no '/', no leading '.' or
 * '-', no control characters, at most SAVE_SLUG_MAX bytes; "article"
 * when nothing is left.  out needs SAVE_SLUG_MAX + 1 bytes. */
void save_slug(const char *title, char *out, size_t size);

/* dir/slug.ext (dir NULL or "": the current directory).  0, or -1 when
 * it does not fit. */
int save_default_path(const char *dir, const char *title, const char *ext,
                      char *out, size_t size);

/* Make the save directory dir (its "~" expanded) when it is missing and
 * path is a file in it, new folders private (0700), as the settings ask
 * for it: 1 when made, 0 when nothing was needed, -1 with d->msg. */
int save_make_dir(const char *dir, const char *path, diag *d);

/* The file's contents: the title, the author, the URL and the page's
 * own date (none when it has none: never today's), then the article as
 * text wrapped at width (0: not wrapped) and hyphenated with hy (NULL:
 * not), its links numbered [n] and
 * their addresses listed at the end under "References" as lynx -dump
 * lists them; or as Markdown, its links absolute when the page's
 * address is known.  *out is malloc'd.  0, or -1 when out of memory. */
int save_render(const pith_article *a, int markdown, int width,
                const hyphenator *hy, char **out, size_t *len);

#endif
