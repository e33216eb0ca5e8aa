/*
 * cache.h - fetched pages kept on disk, for revalidation and --offline.
 *
 * One file per address in $XDG_CACHE_HOME/pith (default ~/.cache/pith),
 * named by a hash of the address (without its #fragment): a short text
 * header (the address, the final address after redirects, the content
 * type, ETag and Last-Modified, the body's length and checksum), a blank
 * line, then the body as it came (decompressed, not yet decoded).
 * Writes are atomic (temporary file, fsync, rename); a file that does not
 * parse, or whose body does not match its checksum, is deleted and
 * counts as absent.  The directory is kept under a size limit by
 * deleting the entries used longest ago.
 */
#ifndef PITH_CACHE_H
#define PITH_CACHE_H

#include <stddef.h>
#include "util.h"

/* The default bound on the cache's size. */
#define CACHE_MAX_DEFAULT ((size_t)100 << 20)

typedef struct {
	char *url;            /* the final address, after redirects */
	char *content_type;   /* or NULL */
	char *etag;           /* or NULL */
	char *modified;       /* Last-Modified, or NULL */
	char *body;
	size_t len;
} cache_entry;

/* The cache directory (not created) into out: 0, or -1 when there is
 * neither an absolute $XDG_CACHE_HOME nor a $HOME. */
int cache_dir(char *out, size_t size);

/* The entry's file name for url: 16 hexadecimal digits. */
void cache_key(const char *url, char out[17]);

/* url's entry in dir into *e: 0, or -1 when there is none. */
int cache_get(const char *dir, const char *url, cache_entry *e);

/* Store e as url's entry (creating dir), then trim dir to max bytes; an
 * entry larger than max is not stored.  0, or -1 with d->msg saying why. */
int cache_put(const char *dir, const char *url, const cache_entry *e,
              size_t max, diag *d);

/* url's entry was just used: it is evicted last. */
void cache_touch(const char *dir, const char *url);

/* Delete entries, least recently used first, until the rest take at most
 * max bytes; also forgotten temporary files. */
void cache_trim(const char *dir, size_t max);

void cache_entry_free(cache_entry *e);

#endif
