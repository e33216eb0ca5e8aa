/*
 * fuzz_warc.c - libFuzzer: the input is a WARC file, plain or gzip
 * (batch reads both by their first bytes).  Every record is read as
 * pith batch reads it, with a small payload limit so that the limit's
 * path is taken too, and each HTML payload is decoded as batch's
 * workers do.
 *
 * Beyond "no crash, no leak, no hang" it checks what warc.h promises: a
 * record reads as 1, the end as 0, a broken file as -1 with a reason; a
 * payload is NUL-terminated, within the limit, and
 * absent when the record says why it is unusable; the reader's offset
 * never goes back; the decoded page is UTF-8.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <unistr.h>
#include "charset.h"
#include "input.h"
#include "warc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small, so that inputs of a few KB reach "larger than the limit". */
#define FUZZ_WARC_MAX 2048

static void
fail(const char *what)
{
	fprintf(stderr, "fuzz_warc: %s\n", what);
	abort();
}

/* The input as a file zlib can read: a memory file, no disk. */
static gzFile
open_input(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz_warc", MFD_CLOEXEC);
	size_t off = 0;
	gzFile f = NULL;

	if (fd < 0)
		fail("memfd_create");
	while (off < size) {
		ssize_t w = write(fd, data + off, size - off);

		if (w <= 0)
			fail("write");
		off += (size_t)w;
	}
	if (lseek(fd, 0, SEEK_SET) != 0 || (f = gzdopen(fd, "rb")) == NULL)
		fail("gzdopen");
	return f;
}

static void
check_record(const warc_record *rec)
{
	if (rec->body != NULL && rec->error != NULL)
		fail("a payload with an error");
	if (rec->body != NULL && (rec->len > FUZZ_WARC_MAX || rec->body[rec->len] != '\0'))
		fail("a payload over the limit or not NUL-terminated");
	if (rec->http_status < 0 || rec->http_status > 999)
		fail("an HTTP status out of range");
}

/* What batch's worker does with an HTML payload. */
static void
decode(const warc_record *rec)
{
	input in = {0};
	diag d = {0};

	if (rec->body == NULL || charset_kind_of(rec->content_type) != CHARSET_HTML)
		return;
	if ((in.data = malloc(rec->len + 1)) == NULL)
		return;
	memcpy(in.data, rec->body, rec->len + 1);
	in.len = rec->len;
	in.content_type = rec->content_type;
	if (input_decode(&in, "record", &d) == 0 &&
	    u8_check((const uint8_t *)in.data, in.len) != NULL)
		fail("a decoded payload is not UTF-8");
	in.content_type = NULL;
	input_free(&in);
	diag_free(&d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	warc_reader *r = warc_from_gz(open_input(data, size));
	warc_record rec;
	diag d = {0};
	long long last = 0, off;
	int rc, n = 0;

	if (r == NULL)
		fail("out of memory");
	while ((rc = warc_next(r, &rec, FUZZ_WARC_MAX, &d)) > 0) {
		check_record(&rec);
		decode(&rec);
		warc_record_free(&rec);
		if ((off = warc_offset(r)) < last)
			fail("the offset went back");
		last = off;
		if (++n > 100000)
			fail("more records than bytes");
	}
	if (rc < 0 && d.msg[0] == '\0')
		fail("a broken file without a reason");
	warc_close(r);
	return 0;
}
