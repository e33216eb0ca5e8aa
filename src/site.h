/*
 * site.h - the per-site statistics on disk, for the "site" algorithm.
 *
 * One file per host, $XDG_DATA_HOME/pith/sites/HOST.site (default
 * ~/.local/share/pith/sites), in pith_site_save's text format, at most
 * SITESTORE_MAX entries.  HOST is the address's lower-case host without
 * "www.", port or user, so www.example.org and example.org share one.
 * Writes are atomic (util_write_file: temporary file, fsync, rename).  A store
 * that does not parse is set aside as HOST.site.bad and rebuilt, with a
 * warning; it never stops pith.  Learning holds HOST.lock (flock) from
 * reading the store to writing it back, so processes learning the same
 * host at once lose no page.
 */
#ifndef PITH_SITE_H
#define PITH_SITE_H

#include <stddef.h>
#include "pith.h"
#include "util.h"

enum { SITESTORE_MAX = 20000 };

/* HOST's store into *out: an empty site when there is none, or when it
 * is corrupt (then a warning says so and where it went).  0, or -1 with
 * d->msg when out of memory or without a data directory. */
int sitestore_load(const char *host, pith_site **out, diag *d);

/* Write HOST's store, creating the directory: 0, or -1 with d->msg. */
int sitestore_save(const char *host, const pith_site *s, diag *d);

/* Hold HOST's lock (HOST.lock beside the store), so that reading the
 * store, learning and writing it back is one step among processes: an
 * fd for sitestore_unlock, or -1 (errno set; EWOULDBLOCK after waiting
 * wait_ms, when wait_ms >= 0). */
int sitestore_lock(const char *host, int wait_ms);
void sitestore_unlock(int fd);

/* What the reader and -d keep between pages: the current host's site. */
typedef struct {
	int learn;          /* count each page opened, and save */
	char host[256];     /* of site, or "" */
	pith_site *site;
} sitestore_session;

/* The site for doc's host (its address's), after learning doc when
 * ss->learn: a page is learned once, whatever key says (the address;
 * NULL for files).  NULL without a host, or when the store cannot be
 * read (d->msg; statistics are best effort, so callers need not say
 * it).  Warnings, in order: the store is busy (another process holds
 * its lock past a wait: the page is not learned), the store was corrupt,
 * else it could not be written. */
const pith_site *sitestore_page(sitestore_session *ss, const pith_doc *doc,
                                const char *key, diag *d);
void sitestore_session_free(sitestore_session *ss);
/* sitestore_page for the reader (reader_options.site), ctx the session. */
const pith_site *sitestore_hook(void *ctx, const pith_doc *doc, const char *key,
                                diag *d);

#endif
