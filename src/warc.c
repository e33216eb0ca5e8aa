/* warc.c - WARC records, one at a time (see warc.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "util.h"
#include "warc.h"

/* A header line longer than this is not a WARC header. */
#define WARC_LINE_MAX ((size_t)64 << 10)
/* Nor is a header block with more lines than this. */
#define WARC_HEADER_LINES 1000
/* Room for the HTTP status line and headers above the payload limit. */
#define WARC_HTTP_SLACK ((size_t)1 << 20)

struct warc_reader {
	gzFile f;
	char *line;
	size_t cap;
};

warc_reader *
warc_from_gz(gzFile f)
{
	warc_reader *r = calloc(1, sizeof *r);

	if (r == NULL)
		return NULL;
	r->f = f;
	/* Records are read whole; a larger buffer halves the calls. */
	gzbuffer(f, 1 << 17);
	return r;
}

warc_reader *
warc_open(const char *path, diag *d)
{
	int fd = strcmp(path, "-") == 0 ? dup(STDIN_FILENO) : -1;
	gzFile f = fd >= 0 ? gzdopen(fd, "rb") : strcmp(path, "-") != 0 ?
	    gzopen(path, "rb") : NULL;
	warc_reader *r;

	if (f == NULL) {
		if (fd >= 0)
			close(fd);
		diag_fail(d, "%s", errno != 0 ? strerror(errno) : "cannot open");
		return NULL;
	}
	if ((r = warc_from_gz(f)) == NULL) {
		gzclose(f);
		diag_fail(d, "out of memory");
	}
	return r;
}

void
warc_close(warc_reader *r)
{
	if (r == NULL)
		return;
	gzclose(r->f);
	free(r->line);
	free(r);
}

long long
warc_offset(warc_reader *r)
{
	return (long long)gzoffset(r->f);
}

int
warc_sniff(const char *data, size_t len)
{
	return len >= 5 && memcmp(data, "WARC/", 5) == 0;
}

void
warc_record_free(warc_record *rec)
{
	free(rec->type);
	free(rec->record_id);
	free(rec->target_uri);
	free(rec->content_type);
	free(rec->body);
	memset(rec, 0, sizeof *rec);
}

/* One line into r->line without its CR LF: 1, 0 at the end of the file
 * before any byte, -1 on a read error or an overlong line. */
static int
warc_line(warc_reader *r, size_t *len, diag *d)
{
	size_t n = 0;

	/* Set on every path: clang's analyzer cannot see that diag_fail
	 * returns -1, and callers read *len when it is positive. */
	*len = 0;
	for (;;) {
		if (r->cap - n < 2) {
			size_t cap = r->cap ? r->cap * 2 : 1024;
			char *p;

			if (cap > WARC_LINE_MAX)
				return diag_fail(d, "a header line is too long (not a WARC file?)");
			if ((p = realloc(r->line, cap)) == NULL)
				return diag_fail(d, "out of memory");
			r->line = p;
			r->cap = cap;
		}
		if (gzgets(r->f, r->line + n, (int)(r->cap - n)) == NULL) {
			int e;
			const char *m = gzerror(r->f, &e);

			if (e != Z_OK && e != Z_BUF_ERROR)
				return diag_fail(d, "%s", e == Z_ERRNO ? strerror(errno) : m);
			if (n == 0)
				return 0;
			break;
		}
		n += strlen(r->line + n);
		/* A full buffer without the newline: grow and read on. */
		if ((n > 0 && r->line[n - 1] == '\n') || gzeof(r->f))
			break;
	}
	while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r'))
		n--;
	r->line[n] = '\0';
	*len = n;
	return 1;
}

/* s[0..n) trimmed and copied; NULL when out of memory. */
static char *
warc_dup(const char *s, size_t n)
{
	char *d;

	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if ((d = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/* Read n bytes into buf, or skip them when buf is NULL: 0, or -1. */
static int
warc_read(warc_reader *r, char *buf, unsigned long long n, diag *d)
{
	char scratch[1 << 14];

	while (n > 0) {
		unsigned want = n > (1u << 30) ? 1u << 30 : (unsigned)n;
		int got;

		if (buf == NULL && want > sizeof scratch)
			want = sizeof scratch;
		/* cppcheck-suppress legacyUninitvar ; gzread fills scratch */
		got = gzread(r->f, buf != NULL ? buf : scratch, want);
		if (got <= 0) {
			int e;
			const char *m = gzerror(r->f, &e);

			return diag_fail(d, "%s", got == 0 ? "truncated record" :
			    e == Z_ERRNO ? strerror(errno) : m);
		}
		if (buf != NULL)
			buf += got;
		n -= (unsigned)got;
	}
	return 0;
}

/* An HTTP header's value in head[0..n) (lines separated by LF), or NULL. */
static char *
warc_http_header(const char *head, size_t n, const char *name)
{
	size_t nl = strlen(name);
	const char *p = head, *end = head + n;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len = eol != NULL ? (size_t)(eol - p) : (size_t)(end - p);

		if (len > nl && p[nl] == ':' && strncasecmp(p, name, nl) == 0) {
			while (len > 0 && p[len - 1] == '\r')
				len--;
			return warc_dup(p + nl + 1, len - nl - 1);
		}
		p += len + 1;
	}
	return NULL;
}

/* Undo chunked transfer coding in place; -1 when it is not chunked
 * after all (some writers keep the header but store the body plain). */
static int
warc_dechunk(char *b, size_t *len)
{
	size_t in = 0, out = 0, n = *len;

	for (;;) {
		char *end;
		unsigned long long size;

		if (in >= n)
			return -1;
		errno = 0;
		size = strtoull(b + in, &end, 16);
		if (end == b + in || errno != 0)
			return -1;
		/* Chunk extensions run to the end of the line. */
		in = (size_t)(end - b);
		while (in < n && b[in] != '\n')
			in++;
		if (in++ >= n)
			return -1;
		if (size == 0)
			break;
		if (size > n - in)
			return -1;
		memmove(b + out, b + in, (size_t)size);
		out += (size_t)size;
		in += (size_t)size;
		/* The CR LF after the data. */
		if (in < n && b[in] == '\r')
			in++;
		if (in < n && b[in] == '\n')
			in++;
	}
	*len = out;
	b[out] = '\0';
	return 0;
}

/* gzip, zlib or raw deflate data to a new buffer of at most max bytes. */
static char *
warc_inflate(const char *data, size_t len, size_t max, size_t *outlen,
             const char **why)
{
	/* 15 + 32: gzip or zlib by the header; then raw deflate. */
	static const int bits[] = { 15 + 32, -15 };

	if (len > UINT32_MAX) {
		*why = "larger than the size limit";
		return NULL;
	}
	for (size_t k = 0; k < sizeof bits / sizeof bits[0]; k++) {
		z_stream z;
		size_t cap = len * 4 + 1024, n = 0;
		char *out = malloc(cap + 1);
		int rc = Z_OK;

		if (out == NULL) {
			*why = "out of memory";
			return NULL;
		}
		memset(&z, 0, sizeof z);
		if (inflateInit2(&z, bits[k]) != Z_OK) {
			free(out);
			*why = "out of memory";
			return NULL;
		}
		z.next_in = (Bytef *)(uintptr_t)data;
		z.avail_in = (uInt)len;
		for (;;) {
			if (n == cap) {
				char *p;

				if (cap > max || (p = realloc(out, cap * 2 + 1)) == NULL)
					break;
				out = p;
				cap *= 2;
			}
			z.next_out = (Bytef *)out + n;
			z.avail_out = (uInt)(cap - n > UINT32_MAX ? UINT32_MAX : cap - n);
			rc = inflate(&z, Z_NO_FLUSH);
			n = (size_t)((char *)z.next_out - out);
			/* Z_OK: more to come; anything else but the end is bad
			 * or truncated data. */
			if (rc != Z_OK)
				break;
		}
		inflateEnd(&z);
		if (rc == Z_STREAM_END && n <= max) {
			out[n] = '\0';
			*outlen = n;
			return out;
		}
		free(out);
		if (rc == Z_STREAM_END || n >= cap) {
			*why = n >= cap && cap <= max ? "out of memory" :
			    "larger than the size limit";
			return NULL;
		}
	}
	*why = "bad compressed data (Content-Encoding)";
	return NULL;
}

/* The end of an HTTP message's header in block[0..n): the blank line's
 * start, or NULL when the header does not end there. */
static char *
warc_http_end(char *block, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++)
		if (block[i] == '\n' && (block[i + 1] == '\n' ||
		    (block[i + 1] == '\r' && i + 2 < n && block[i + 2] == '\n')))
			return block + i + 1;
	return NULL;
}

/* The status and Content-Type of an HTTP header in head[0..n). */
static void
warc_http_head(warc_record *rec, const char *head, size_t n)
{
	if (n > 9 && strncasecmp(head, "HTTP/", 5) == 0) {
		const char *sp = memchr(head, ' ', n);
		size_t k = sp != NULL ? (size_t)(sp - head) + 1 : n;

		/* Three digits, as RFC 9112 has it: atoi on a server's
		 * "99999999999" overflowed (found by fuzz_warc). */
		rec->http_status = 0;
		if (k + 3 <= n && strspn(head + k, "0123456789") >= 3 &&
		    (k + 3 == n || head[k + 3] < '0' || head[k + 3] > '9'))
			rec->http_status = (head[k] - '0') * 100 + (head[k + 1] - '0') * 10 +
			    (head[k + 2] - '0');
	}
	free(rec->content_type);
	rec->content_type = warc_http_header(head, n, "Content-Type");
}

/* Split a response record's HTTP message into status, type and a decoded
 * body; the block (block[0..n), NUL-terminated) becomes rec->body. */
static void
warc_http(warc_record *rec, char *block, size_t n, size_t max)
{
	char *sep = warc_http_end(block, n), *te, *ce, *body;
	size_t hlen = sep != NULL ? (size_t)(sep - block) : n, blen;

	warc_http_head(rec, block, hlen);
	te = warc_http_header(block, hlen, "Transfer-Encoding");
	ce = warc_http_header(block, hlen, "Content-Encoding");
	if (sep != NULL)
		sep += *sep == '\r' ? 2 : 1;
	else
		sep = block + n;
	blen = n - (size_t)(sep - block);
	memmove(block, sep, blen);
	block[blen] = '\0';
	/* "gzip, chunked": chunked is always the last coding. */
	if (te != NULL && strlen(te) >= 7 &&
	    strcasecmp(te + strlen(te) - 7, "chunked") == 0)
		(void)warc_dechunk(block, &blen);
	if (ce != NULL && (strcasecmp(ce, "gzip") == 0 ||
	    strcasecmp(ce, "x-gzip") == 0 || strcasecmp(ce, "deflate") == 0)) {
		/* Common Crawl stores bodies decoded but keeps the header
		 * under another name; a body that does not decode as declared
		 * here may still be plain, so only a gzip header is trusted. */
		const char *why = NULL;
		size_t dlen = 0;

		if ((body = warc_inflate(block, blen, max, &dlen, &why)) != NULL) {
			free(block);
			block = body;
			blen = dlen;
		} else if (blen >= 2 && (unsigned char)block[0] == 0x1f &&
		    (unsigned char)block[1] == 0x8b) {
			rec->error = why;
		}
	} else if (ce != NULL && *ce != '\0' && strcasecmp(ce, "identity") != 0) {
		rec->error = "unsupported Content-Encoding";
	}
	free(te);
	free(ce);
	if (rec->error == NULL && blen > max)
		rec->error = "larger than the size limit";
	if (rec->error != NULL) {
		free(block);
		return;
	}
	rec->body = block;
	rec->len = blen;
}

/* The record's header lines up to the blank one: the fields pith uses
 * into rec, *ctype and *clen.  0, or -1 with d->msg. */
static int
warc_headers(warc_reader *r, warc_record *rec, char **ctype,
             unsigned long long *clen, diag *d)
{
	int have_len = 0, rc, lines = 0;
	size_t n;

	for (;;) {
		char *colon, **field = NULL;

		if ((rc = warc_line(r, &n, d)) < 0)
			return -1;
		if (rc == 0)
			return diag_fail(d, "truncated record");
		if (n == 0)
			break;
		if (++lines > WARC_HEADER_LINES)
			return diag_fail(d, "too many header lines (not a WARC file?)");
		if ((colon = memchr(r->line, ':', n)) == NULL)
			continue;   /* a folded line or junk: nothing pith uses */
		*colon = '\0';
		if (strcasecmp(r->line, "WARC-Type") == 0)
			field = &rec->type;
		else if (strcasecmp(r->line, "WARC-Record-ID") == 0)
			field = &rec->record_id;
		else if (strcasecmp(r->line, "WARC-Target-URI") == 0)
			field = &rec->target_uri;
		else if (strcasecmp(r->line, "Content-Type") == 0)
			field = ctype;
		else if (strcasecmp(r->line, "Content-Length") == 0) {
			char *end;

			errno = 0;
			*clen = strtoull(colon + 1, &end, 10);
			while (*end == ' ' || *end == '\t')
				end++;
			if (errno != 0 || end == colon + 1 || *end != '\0' ||
			    strchr(colon + 1, '-') != NULL)
				return diag_fail(d, "bad Content-Length");
			have_len = 1;
		}
		if (field != NULL) {
			free(*field);
			if ((*field = warc_dup(colon + 1, n - (size_t)(colon + 1 - r->line))) == NULL)
				return diag_fail(d, "out of memory");
		}
	}
	if (!have_len)
		return diag_fail(d, "a record without Content-Length");
	/* WARC 1.0 writers put URIs and ids in angle brackets. */
	for (char **s = &rec->record_id; s != NULL; s = s == &rec->record_id ?
	    &rec->target_uri : NULL) {
		size_t l = *s != NULL ? strlen(*s) : 0;

		if (l >= 2 && (*s)[0] == '<' && (*s)[l - 1] == '>') {
			memmove(*s, *s + 1, l - 2);
			(*s)[l - 2] = '\0';
		}
	}
	return 0;
}

/* A page's block of clen bytes, kept whole (max bytes at most, plus
 * what an HTTP header adds): the body, or the page inside an HTTP
 * response.  *ctype goes to rec when rec keeps it.  0, or -1 with d->msg. */
static int
warc_keep(warc_reader *r, warc_record *rec, char **ctype,
          unsigned long long clen, size_t max, diag *d)
{
	char *block = malloc((size_t)clen + 1);

	if (block == NULL)
		return diag_fail(d, "out of memory");
	if (warc_read(r, block, clen, d) != 0) {
		free(block);
		return -1;
	}
	block[clen] = '\0';
	if (strcmp(rec->type, "response") == 0 && *ctype != NULL &&
	    strncasecmp(*ctype, "application/http", 16) == 0) {
		warc_http(rec, block, (size_t)clen, max);
	} else if (clen > max) {
		free(block);
		rec->error = "larger than the size limit";
	} else {
		rec->content_type = *ctype;
		*ctype = NULL;
		rec->body = block;
		rec->len = (size_t)clen;
	}
	return 0;
}

/* A page too large to keep: its header still says whether it is a page
 * at all (a video is passed over, not an error).  0, or -1 with d->msg. */
static int
warc_skip_large(warc_reader *r, warc_record *rec, char **ctype,
                unsigned long long clen, diag *d)
{
	size_t peek = clen < 8192 ? (size_t)clen : 8192;
	char head[8192];
	char *end;

	if (warc_read(r, head, peek, d) != 0 ||
	    warc_read(r, NULL, clen - peek, d) != 0)
		return -1;
	if (*ctype != NULL && strncasecmp(*ctype, "application/http", 16) == 0) {
		end = warc_http_end(head, peek);
		warc_http_head(rec, head, end != NULL ? (size_t)(end - head) : peek);
	} else {
		rec->content_type = *ctype;
		*ctype = NULL;
	}
	rec->error = "larger than the size limit";
	return 0;
}

int
warc_next(warc_reader *r, warc_record *rec, size_t max, diag *d)
{
	unsigned long long clen = 0;
	int rc, payload;
	size_t n;
	char *ctype = NULL;

	memset(rec, 0, sizeof *rec);
	/* Records end in CR LF CR LF; blank lines before a header are that. */
	do {
		if ((rc = warc_line(r, &n, d)) <= 0)
			return rc;
	} while (n == 0);
	if (!warc_sniff(r->line, n))
		return diag_fail(d, "not a WARC record");
	if (warc_headers(r, rec, &ctype, &clen, d) != 0)
		goto fail;
	payload = rec->type != NULL && (strcmp(rec->type, "response") == 0 ||
	    strcmp(rec->type, "resource") == 0);
	if (payload && clen <= max + WARC_HTTP_SLACK)
		rc = warc_keep(r, rec, &ctype, clen, max, d);
	else if (payload)
		rc = warc_skip_large(r, rec, &ctype, clen, d);
	else
		rc = warc_read(r, NULL, clen, d);
	if (rc != 0)
		goto fail;
	free(ctype);
	return 1;
fail:
	free(ctype);
	warc_record_free(rec);
	return -1;
}
