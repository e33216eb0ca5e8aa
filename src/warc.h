/*
 * warc.h - WARC files (ISO 28500, versions 1.0 and 1.1) read record by
 * record, plain or gzip.  A .warc.gz is one gzip member per record,
 * concatenated; zlib's gzread reads across members, so both forms take
 * the same path and memory holds one record at a time.
 */
#ifndef PITH_WARC_H
#define PITH_WARC_H

#include <stddef.h>
#include <zlib.h>
#include "util.h"

typedef struct warc_reader warc_reader;

typedef struct {
	char *type;          /* WARC-Type: "response", "request", "warcinfo"... */
	char *record_id;     /* WARC-Record-ID without its angle brackets */
	char *target_uri;    /* WARC-Target-URI, or NULL */
	int http_status;     /* response records: the HTTP status; else 0 */
	char *content_type;  /* the payload's type: the HTTP Content-Type of
	                        a response, a resource record's own; or NULL */
	/* The payload of response and resource records (an HTTP body
	 * without its chunking and Content-Encoding), NUL-terminated; NULL
	 * for other records and when error is set. */
	char *body;
	size_t len;
	/* Why a response or resource record's payload is unusable (larger
	 * than the limit, an unknown Content-Encoding, bad compressed data),
	 * else NULL.  The reader goes on with the next record. */
	const char *error;
} warc_record;

/* Read path ("-": standard input); NULL with d->msg set when it cannot
 * be opened. */
warc_reader *warc_open(const char *path, diag *d);
/* Read an open gzFile from its current position; warc_close closes it. */
warc_reader *warc_from_gz(gzFile f);
/* The next record, its payload bounded by max bytes: 1, or 0 at the end
 * of the file, or -1 when the file is broken here (a truncated record,
 * something that is not a WARC header, a read error) with d->msg set;
 * nothing more can be read then.  A record's own trouble is rec->error,
 * not d.  rec is overwritten (free it first). */
int warc_next(warc_reader *r, warc_record *rec, size_t max, diag *d);
void warc_record_free(warc_record *rec);
/* Bytes of the file consumed so far (compressed bytes for gzip). */
long long warc_offset(warc_reader *r);
void warc_close(warc_reader *r);

/* Whether data (the start of a file, after gunzip) is a WARC record. */
int warc_sniff(const char *data, size_t len);

#endif
