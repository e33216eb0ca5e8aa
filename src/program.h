/* program.h - what the pith program's modules share (not the core). */
#ifndef PITH_PROGRAM_H
#define PITH_PROGRAM_H

#include <stddef.h>
#include <stdio.h>
#include "pith.h"
#include "util.h"

/* Exit statuses, documented in pith(1). */
enum {
	EXIT_ARTICLE = 0,
	EXIT_NOARTICLE = 1,
	EXIT_USAGE = 2,
	EXIT_INPUT = 3
};

/* The one place errors are reported: "pith: ..." on stderr. */
void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A page as read from a file, stdin or the network: after input_read,
 * UTF-8 HTML whatever it was before (see charset.h). */
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
} input_progress;

/* Called about ten times a second while a page downloads, then once
 * with done set; nonzero cancels the download. */
typedef int (*input_progress_fn)(void *ctx, const char *url,
                                 const input_progress *p);

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
	input_progress_fn progress;
	void *progress_ctx;
} input_options;

/* input.c: read arg ("-", a file, or an http(s) URL, through the cache)
 * and decode it to UTF-8 HTML; 0, or -1 after reporting why. */
int input_read(const char *arg, const input_options *o, input *in);
void input_free(input *in);

/* What a Content-Type is to pith (NULL: HTML). */
typedef enum { INPUT_HTML, INPUT_TEXT, INPUT_REFUSED } input_kind;
input_kind input_kind_of(const char *content_type);


/* --time-limit's SECONDS (fractions too, 0 to 86400; 0: none) as
 * pith_params.time_limit (none is negative there): 0, or -1 when it is
 * not such a number. */
int input_time_limit(const char *arg, double *limit);

/* A progress line on stderr (a terminal), cleared when done; ctx is an
 * int that says whether it is drawn. */
int input_progress_bar(void *ctx, const char *url, const input_progress *p);

/* fetch.c: GET an http(s) URL into *in (body, final URL, type). */
typedef struct {
	long timeout;              /* seconds */
	size_t max_size;           /* decompressed bytes */
	const char *user_agent;    /* NULL: pith's own */
	const char *etag;          /* validators for a conditional GET, */
	const char *modified;      /* or NULL */
	input_progress_fn progress;
	void *progress_ctx;
} fetch_request;

typedef struct {
	long status;               /* 200, or 304 when the validators held */
	char *etag;                /* the response's validators, or NULL */
	char *modified;
	int no_store;              /* Cache-Control: no-store */
	int unreachable;           /* on failure: the network or the server
	                              failed (no answer, 5xx), not the page */
} fetch_result;

/* 0, or -1 after reporting why. */
int fetch_url(const char *url, const fetch_request *rq, input *in,
              fetch_result *res);
void fetch_result_free(fetch_result *r);
/* Forget the session (connections, cookies) and let libcurl clean up; a
 * later fetch starts anew. */
void fetch_cleanup(void);
const char *fetch_version(void);

/* output.c: the -d formats. */
typedef enum { FORMAT_TEXT, FORMAT_MARKDOWN, FORMAT_JSON, FORMAT_HTML } format;
int output_parse_format(const char *name, format *f);
/* Write the article; 0, or -1 after reporting. */
/* text_flags: PITH_TEXT_* for the text and JSON formats. */
int output_dump(const pith_article *a, format f, int width, unsigned text_flags,
                FILE *out);
/* The same without reporting or terminal filtering: err->msg says why
 * on -1.  Thread-safe, for batch's workers. */
int output_write(const pith_article *a, format f, int width, unsigned text_flags,
                 FILE *out, pith_error *err);
/* Append s[0..n) wrapped at width columns (0: not wrapped), table
 * cells separated by " | ": 0, or -1 (and b->oom) when out of memory. */
int output_wrap(util_buf *b, const char *s, size_t n, int width);
/* -f json's object (url, title, byline, ..., algorithm, text) of an
 * article whose body text is body; NULL when out of memory.  Shared by
 * -d and batch so their records agree. */
struct json_t;
struct json_t *output_json(const pith_article *a, const char *body);
/* A JSON string of UTF-8 s, invalid bytes as U+FFFD; JSON null for NULL;
 * NULL when out of memory. */
struct json_t *output_jstr(const char *s);
/* Write n bytes of text to a terminal through the reader's filter (no
 * escape sequences, controls or bidi overrides); 0, or -1 on OOM. */
int output_put_safe(const char *s, size_t n, FILE *out);

#endif
