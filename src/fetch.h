/*
 * fetch.h - GET an http(s) address with libcurl (loaded on the first
 * fetch): the body, the final address and type, the validators.
 */
#ifndef PITH_FETCH_H
#define PITH_FETCH_H

#include <stddef.h>
#include "util.h"

/* A fetched body, decompressed, unless --max-size says otherwise. */
#define FETCH_MAX_SIZE ((size_t)20 << 20)
#define FETCH_TIMEOUT 30L
#define FETCH_CONNECT_TIMEOUT 10L
#define FETCH_MAX_REDIRECTS 10L

/* How a download is going, for a progress display. */
typedef struct {
	size_t got;           /* bytes received so far */
	size_t total;         /* the announced length, 0 if unknown */
	double rate;          /* bytes per second */
	double elapsed;       /* seconds since the request */
	int done;             /* the last call: the transfer is over */
} fetch_progress;

/* Called about ten times a second while a page downloads, then once
 * with done set; nonzero cancels the download. */
typedef int (*fetch_progress_fn)(void *ctx, const char *url,
                                 const fetch_progress *p);

typedef struct {
	long timeout;              /* seconds */
	size_t max_size;           /* decompressed bytes */
	const char *user_agent;    /* NULL: pith's own */
	const char *etag;          /* validators for a conditional GET, */
	const char *modified;      /* or NULL */
	fetch_progress_fn progress;
	void *progress_ctx;
} fetch_request;

typedef struct {
	long status;               /* 200, or 304 when the validators held */
	char *data;                /* the body (200), malloc'd, or NULL */
	size_t len;
	char *url;                 /* the final address, after redirects */
	char *content_type;        /* or NULL */
	char *etag;                /* the response's validators, or NULL */
	char *modified;
	int no_store;              /* Cache-Control: no-store */
	int unreachable;           /* on failure: the network or the server
	                              failed (no answer, 5xx), not the page */
} fetch_result;

/* 0, or -1 with d->msg saying why ("URL: why"); res->unreachable is
 * set either way. */
int fetch_url(const char *url, const fetch_request *rq, fetch_result *res,
              diag *d);
void fetch_result_free(fetch_result *r);
/* Forget the session (connections, cookies) and let libcurl clean up; a
 * later fetch starts anew. */
void fetch_cleanup(void);
const char *fetch_version(void);

#endif
