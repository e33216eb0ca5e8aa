/*
 * sitetpl.h - template files: reading one (-t FILE, batch -t), finding
 * a site's own ($XDG_CONFIG_HOME/pith/sites/HOST.tpl), and adding a
 * line to it (the reader's m).
 */
#ifndef PITH_SITETPL_H
#define PITH_SITETPL_H

#include <stddef.h>
#include "pith.h"
#include "util.h"

/* A template file larger than this is not one. */
#define SITETPL_MAX ((size_t)1 << 20)

/* Read and parse the template file at path into *out: 0, or -1 with
 * d->msg "FILE:N: why" (the core says "line N: why") or "FILE: why". */
int sitetpl_load(const char *path, pith_template **out, diag *d);

/* The site template of a page's address: $XDG_CONFIG_HOME/pith/sites/
 * HOST.tpl, HOST lower-case without user or port (into host, "" when the
 * address has no plain host name); www.HOST also uses HOST.tpl.  1 with
 * path naming the file that exists, 0 with path naming where HOST.tpl
 * would go, -1 for no http(s) address with a usable host. */
int sitetpl_find(const char *url, char *host, size_t hsize, char *path,
                 size_t psize);

/* The template line for block b of d: the selector of the nearest
 * element, from the block's own up, with an id or a class, else of the
 * block's own element, else its tag. */
void sitetpl_line(const pith_doc *doc, size_t b, char *out, size_t size);

/* Add line to the template file at path (which exists when exists is
 * 1; its lines stay: a template's selectors add up), creating its
 * directory, atomically.  0 with *out the whole template parsed, or -1
 * with d->msg saying why; nothing is written unless it parses. */
int sitetpl_add(const char *path, int exists, const char *line,
                pith_template **out, diag *d);

#endif
