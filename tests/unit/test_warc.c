/* test_warc.c - the WARC reader: plain and multi-member gzip files,
 * non-response records, HTTP payloads (chunked, gzip), limits, and
 * broken files. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "warc.h"

static char dir[] = "/tmp/pith-warc-XXXXXX";

/* One record: header fields (CR LF each, already joined) and a block. */
static char *
record(const char *type, const char *extra, const char *block, size_t blen,
       size_t *len)
{
	char head[1024];
	int n = snprintf(head, sizeof head,
	    "WARC/1.1\r\nWARC-Type: %s\r\n%sContent-Length: %zu\r\n\r\n",
	    type, extra, blen);
	char *r = malloc((size_t)n + blen + 4);

	assert_non_null(r);
	memcpy(r, head, (size_t)n);
	memcpy(r + n, block, blen);
	memcpy(r + n + blen, "\r\n\r\n", 4);
	*len = (size_t)n + blen + 4;
	return r;
}

/* Write records to a file; gz: one gzip member per record. */
static char *
write_warc(const char *name, int gz, int nrec, char **recs, size_t *lens)
{
	char *path = malloc(strlen(dir) + strlen(name) + 2);
	FILE *f;

	assert_non_null(path);
	sprintf(path, "%s/%s", dir, name);
	if (!gz) {
		assert_non_null(f = fopen(path, "wb"));
		for (int i = 0; i < nrec; i++)
			fwrite(recs[i], 1, lens[i], f);
		fclose(f);
		return path;
	}
	for (int i = 0; i < nrec; i++) {
		gzFile g = gzopen(path, i == 0 ? "wb" : "ab");

		assert_non_null(g);
		assert_int_equal(gzwrite(g, recs[i], (unsigned)lens[i]), (int)lens[i]);
		gzclose(g);
	}
	return path;
}

/* The fixture: warcinfo, request, an HTML response, a PDF response, a
 * chunked gzip response, a resource record. */
static int
fixture(char **recs, size_t *lens)
{
	static const char html[] =
	    "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=ISO-8859-1\r\n"
	    "Content-Length: 20\r\n\r\n<p>caf\xe9 au lait</p>\n";
	static const char pdf[] =
	    "HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4";
	char gzbody[256], chunked[512];
	uLongf glen = sizeof gzbody;
	z_stream z;
	int n = 0, k;

	/* gzip "<p>squeezed</p>" by hand, then send it in two chunks. */
	memset(&z, 0, sizeof z);
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8,
	    Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (Bytef *)"<p>squeezed</p>";
	z.avail_in = 15;
	z.next_out = (Bytef *)gzbody;
	z.avail_out = sizeof gzbody;
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	glen = z.total_out;
	deflateEnd(&z);
	k = snprintf(chunked, sizeof chunked, "HTTP/1.1 200 OK\r\n"
	    "Content-Type: text/html\r\nContent-Encoding: gzip\r\n"
	    "Transfer-Encoding: chunked\r\n\r\n%lx;ext=1\r\n", (unsigned long)5);
	memcpy(chunked + k, gzbody, 5);
	k += 5;
	k += snprintf(chunked + k, sizeof chunked - (size_t)k, "\r\n%lx\r\n",
	    (unsigned long)(glen - 5));
	memcpy(chunked + k, gzbody + 5, glen - 5);
	k += (int)(glen - 5);
	k += snprintf(chunked + k, sizeof chunked - (size_t)k, "\r\n0\r\n\r\n");

	recs[n] = record("warcinfo", "WARC-Record-ID: <urn:uuid:0>\r\n",
	    "software: test\r\n", 16, &lens[n]);
	n++;
	recs[n] = record("request", "WARC-Target-URI: http://a.example/\r\n",
	    "GET / HTTP/1.1\r\n\r\n", 18, &lens[n]);
	n++;
	recs[n] = record("response", "WARC-Record-ID: <urn:uuid:1>\r\n"
	    "WARC-Target-URI: <http://a.example/>\r\n"
	    "Content-Type: application/http; msgtype=response\r\n",
	    html, sizeof html - 1, &lens[n]);
	n++;
	recs[n] = record("response", "WARC-Record-ID: <urn:uuid:2>\r\n"
	    "Content-Type: application/http;msgtype=response\r\n",
	    pdf, sizeof pdf - 1, &lens[n]);
	n++;
	recs[n] = record("response", "WARC-Record-ID: <urn:uuid:3>\r\n"
	    "WARC-Target-URI: http://b.example/x\r\n"
	    "Content-Type: application/http; msgtype=response\r\n",
	    chunked, (size_t)k, &lens[n]);
	n++;
	recs[n] = record("resource", "WARC-Record-ID: <urn:uuid:4>\r\n"
	    "WARC-Target-URI: file:///c.html\r\nContent-Type: text/html\r\n",
	    "<p>local</p>", 12, &lens[n]);
	n++;
	return n;
}

static void
check_fixture(const char *path)
{
	diag d = {0};
	warc_reader *r = warc_open(path, &d);
	warc_record rec;

	assert_non_null(r);
	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	assert_string_equal(rec.type, "warcinfo");
	assert_string_equal(rec.record_id, "urn:uuid:0");
	assert_null(rec.body);
	warc_record_free(&rec);

	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	assert_string_equal(rec.type, "request");
	assert_null(rec.body);
	warc_record_free(&rec);

	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	assert_string_equal(rec.type, "response");
	assert_string_equal(rec.target_uri, "http://a.example/");
	assert_int_equal(rec.http_status, 200);
	assert_string_equal(rec.content_type, "text/html; charset=ISO-8859-1");
	assert_int_equal(rec.len, 20);
	assert_memory_equal(rec.body, "<p>caf\xe9 au lait</p>\n", 20);
	assert_null(rec.error);
	warc_record_free(&rec);

	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	assert_string_equal(rec.content_type, "application/pdf");
	assert_null(rec.target_uri);
	warc_record_free(&rec);

	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	assert_null(rec.error);
	assert_string_equal(rec.record_id, "urn:uuid:3");
	assert_string_equal(rec.body, "<p>squeezed</p>");
	warc_record_free(&rec);

	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	assert_string_equal(rec.type, "resource");
	assert_string_equal(rec.content_type, "text/html");
	assert_int_equal(rec.http_status, 0);
	assert_string_equal(rec.body, "<p>local</p>");
	warc_record_free(&rec);

	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 0);
	assert_true(warc_offset(r) > 0);
	warc_close(r);
}

static void
test_plain_and_gzip(void **state)
{
	char *recs[8], *p;
	size_t lens[8];
	int n = fixture(recs, lens);

	(void)state;
	p = write_warc("a.warc", 0, n, recs, lens);
	check_fixture(p);
	free(p);
	p = write_warc("a.warc.gz", 1, n, recs, lens);
	check_fixture(p);
	free(p);
	for (int i = 0; i < n; i++)
		free(recs[i]);
}

static void
test_limit(void **state)
{
	char *recs[8], *p;
	size_t lens[8];
	int n = fixture(recs, lens);
	diag d = {0};
	warc_reader *r;
	warc_record rec;

	(void)state;
	p = write_warc("b.warc.gz", 1, n, recs, lens);
	assert_non_null(r = warc_open(p, &d));
	/* A payload over the limit is an error on that record only. */
	for (int i = 0; i < 2; i++) {
		assert_int_equal(warc_next(r, &rec, 10, &d), 1);
		warc_record_free(&rec);
	}
	assert_int_equal(warc_next(r, &rec, 10, &d), 1);
	assert_non_null(rec.error);
	assert_null(rec.body);
	assert_string_equal(rec.target_uri, "http://a.example/");
	warc_record_free(&rec);
	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	assert_string_equal(rec.record_id, "urn:uuid:2");
	warc_record_free(&rec);
	warc_close(r);
	free(p);
	for (int i = 0; i < n; i++)
		free(recs[i]);
}

/* A record far over the limit is skipped unread, but its HTTP header
 * still gives its type, so a video is told from a page. */
/* A status is three digits; anything else (a number that would
 * overflow, a sign) is none. */
static void
test_status(void **state)
{
	static const char *const lines[] = {
		"HTTP/1.1 99999999999999999999 OK", "HTTP/1.1 -200 OK",
		"HTTP/1.1 2000 OK", "HTTP/1.1 20", "HTTP/1.1 404 Not Found",
	};
	static const int want[] = { 0, 0, 0, 0, 404 };
	char block[128], *recs[5], *p;
	size_t lens[5];
	diag d = {0};
	warc_reader *r;
	warc_record rec;

	(void)state;
	for (int i = 0; i < 5; i++) {
		int n = snprintf(block, sizeof block, "%s\r\nContent-Type: text/html\r\n"
		    "\r\n<p>x</p>", lines[i]);

		recs[i] = record("response", "Content-Type: application/http; "
		    "msgtype=response\r\n", block, (size_t)n, &lens[i]);
	}
	p = write_warc("status.warc", 0, 5, recs, lens);
	assert_non_null(r = warc_open(p, &d));
	for (int i = 0; i < 5; i++) {
		assert_int_equal(warc_next(r, &rec, 1000, &d), 1);
		assert_int_equal(rec.http_status, want[i]);
		warc_record_free(&rec);
		free(recs[i]);
	}
	warc_close(r);
	free(p);
}

static void
test_huge(void **state)
{
	static const char head[] = "HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\n\r\n";
	size_t big = (size_t)3 << 20, lens[2];
	char *block = malloc(sizeof head - 1 + big), *recs[2], *p;
	diag d = {0};
	warc_reader *r;
	warc_record rec;

	(void)state;
	assert_non_null(block);
	memcpy(block, head, sizeof head - 1);
	memset(block + sizeof head - 1, 'x', big);
	recs[0] = record("response", "WARC-Record-ID: <urn:uuid:v>\r\n"
	    "Content-Type: application/http; msgtype=response\r\n", block,
	    sizeof head - 1 + big, &lens[0]);
	recs[1] = record("resource", "Content-Type: text/html\r\n", "<p>after</p>",
	    12, &lens[1]);
	p = write_warc("f.warc.gz", 1, 2, recs, lens);
	assert_non_null(r = warc_open(p, &d));
	assert_int_equal(warc_next(r, &rec, 1000, &d), 1);
	assert_string_equal(rec.error, "larger than the size limit");
	assert_string_equal(rec.content_type, "video/mp4");
	assert_int_equal(rec.http_status, 200);
	assert_null(rec.body);
	warc_record_free(&rec);
	assert_int_equal(warc_next(r, &rec, 1000, &d), 1);
	assert_string_equal(rec.body, "<p>after</p>");
	warc_record_free(&rec);
	assert_int_equal(warc_next(r, &rec, 1000, &d), 0);
	warc_close(r);
	free(p);
	free(recs[0]);
	free(recs[1]);
	free(block);
}

static void
test_broken(void **state)
{
	char *recs[8], *p, *cut;
	size_t lens[8], total = 0;
	int n = fixture(recs, lens), rc;
	diag d = {0};
	warc_reader *r;
	warc_record rec;

	(void)state;
	/* Cut in the middle of the third record's block. */
	p = write_warc("c.warc", 0, n, recs, lens);
	for (int i = 0; i < 2; i++)
		total += lens[i];
	assert_int_equal(truncate(p, (off_t)(total + lens[2] - 20)), 0);
	assert_non_null(r = warc_open(p, &d));
	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	warc_record_free(&rec);
	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), 1);
	warc_record_free(&rec);
	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), -1);
	assert_string_equal(d.msg, "truncated record");
	warc_close(r);
	free(p);

	/* Not a WARC file at all. */
	p = write_warc("d.warc", 0, 0, recs, lens);
	assert_non_null(cut = malloc(strlen(p) + 1));
	strcpy(cut, p);
	{
		FILE *f = fopen(cut, "wb");

		assert_non_null(f);
		fputs("<html>hello</html>\n", f);
		fclose(f);
	}
	assert_non_null(r = warc_open(cut, &d));
	assert_int_equal(warc_next(r, &rec, 1 << 20, &d), -1);
	assert_string_equal(d.msg, "not a WARC record");
	warc_close(r);
	free(cut);
	free(p);

	/* Content-Length that is not a number. */
	{
		static const char bad[] = "WARC/1.0\r\nWARC-Type: response\r\n"
		    "Content-Length: -5\r\n\r\nxx";
		char *one[1] = { (char *)bad };
		size_t len[1] = { sizeof bad - 1 };

		p = write_warc("e.warc", 0, 1, one, len);
		assert_non_null(r = warc_open(p, &d));
		rc = warc_next(r, &rec, 1 << 20, &d);
		assert_int_equal(rc, -1);
		assert_string_equal(d.msg, "bad Content-Length");
		warc_close(r);
		free(p);
	}
	assert_null(warc_open("/nonexistent/x.warc", &d));
	assert_string_equal(d.msg, strerror(ENOENT));
	assert_true(warc_sniff("WARC/1.0\r\n", 10));
	assert_false(warc_sniff("<html>", 6));
	for (int i = 0; i < n; i++)
		free(recs[i]);
}

static int
setup(void **state)
{
	(void)state;
	return mkdtemp(dir) != NULL ? 0 : -1;
}

static int
teardown(void **state)
{
	char cmd[64];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_and_gzip),
		cmocka_unit_test(test_limit),
		cmocka_unit_test(test_status),
		cmocka_unit_test(test_huge),
		cmocka_unit_test(test_broken),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
