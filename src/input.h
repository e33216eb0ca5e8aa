/*
 * input.h - a page from a file, standard input, the network or the
 * cache, decoded to UTF-8 HTML: every source goes through the same
 * encoding decision (charset.h), and plain text becomes a <pre>.
 */
#ifndef PITH_INPUT_H
#define PITH_INPUT_H

#include <stddef.h>
#include "fetch.h"
#include "util.h"

/* A page as read: after input_read or input_decode, UTF-8 HTML whatever
 * it was before. */
typedef struct {
	char *data;
	size_t len;
	char *url;            /* where it came from, after redirects */
	char *content_type;   /* from HTTP (or the cache), or NULL */
	const char *charset;  /* the encoding it was decoded from */
	int from_cache;       /* read from the cache, not the network */
	int stale;            /* the cache's copy because fetching failed */
} input;

/* Files and stdin, unless --max-size says otherwise. */
#define INPUT_MAX_SIZE ((size_t)64 << 20)

/* How pages are read; all zero is the defaults. */
typedef struct {
	long timeout;              /* seconds for a whole transfer; 0: 30 */
	size_t max_size;           /* bytes; 0: FETCH_MAX_SIZE fetched,
	                              INPUT_MAX_SIZE from a file or stdin */
	const char *user_agent;    /* NULL: pith's own */
	int reload;                /* fetch anew, not revalidating the cache */
	int offline;               /* only the cache, never the network */
	int no_cache;              /* neither read nor write the cache */
	size_t cache_max;          /* the cache's bound; 0: CACHE_MAX_DEFAULT */
	fetch_progress_fn progress;
	void *progress_ctx;
} input_options;

/* Read arg ("-", a file, or an http(s) URL, through the cache) and
 * decode it: 0, or -1 with d->msg saying why ("ARG: why").  Warnings
 * (a stale copy shown, a cache that cannot be written) go to d. */
int input_read(const char *arg, const input_options *o, input *in, diag *d);

/* Turn in's bytes (typed by in->content_type) into UTF-8 HTML, in place;
 * name titles a plain-text page when in->url is NULL.  0, or -1 with
 * d->msg saying why, without a name ("not HTML (looks like a PNG
 * image)").  Thread-safe: batch's workers call it. */
int input_decode(input *in, const char *name, diag *d);
void input_free(input *in);

/* --time-limit's SECONDS (fractions too, 0 to 86400; 0: none) as
 * pith_params_set_time_limit takes it (none is negative there): 0, or -1
 * when it is not such a number. */
int input_time_limit(const char *arg, double *limit);

#endif
