/*
 * link.h - where a link on a page may lead the reader: an http(s)
 * address, another place on the same page, or a file when the page
 * itself is a file (never from a page from the web).
 */
#ifndef PITH_LINK_H
#define PITH_LINK_H

#include "pith.h"
#include "util.h"

/* The fragment (after '#') when href leads into the page at address
 * here itself ("#x", or here's address with "#x"); else NULL. */
const char *link_fragment(const char *href, const char *here);

/* The fragment of any href ("x" of "page.html#x"), or NULL when it has
 * none or an empty one. */
const char *link_anchor(const char *href);

/* The block where the element with id (or name) frag starts: the block
 * of the first text inside or after it; PITH_NONE when no element has
 * it, or no text follows it. */
size_t link_anchor_block(const pith_doc *doc, const char *frag);

/* What the reader opens for href on the page it read from page_arg (a
 * path, "-" or an address) whose address is here (or NULL): an address
 * as it is, a file's path (file: URLs and relative paths, resolved
 * against page_arg, %XX decoded, without query or fragment).  0 with
 * *out malloc'd, or -1 with d->msg saying why it is not followed. */
int link_target(const char *href, const char *page_arg, const char *here,
                char **out, diag *d);

/* Whether typed is an address without its scheme ("example.com/story",
 * "localhost:8080/x"): a host of letters, digits, '-' and '.' with a
 * dot (or "localhost"), whose last label is not a file's extension,
 * then an optional port and path.  Then 1 with "https://" + typed in
 * out; else 0 (a file's name, a path, anything else). */
int link_bare_host(const char *typed, char *out, size_t size);

#endif
