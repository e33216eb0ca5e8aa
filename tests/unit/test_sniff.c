/* test_sniff.c - charset_sniff: binary files are told from pages before
 * decoding, and no page (with NULs, in UTF-16, in a legacy encoding) is
 * taken for one. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "charset.h"

/* n bytes of a fixed pseudo-random sequence after a header. */
static char *
noise(const char *head, size_t hlen, size_t n)
{
	char *s = malloc(hlen + n);
	uint32_t x = 12345;

	assert_non_null(s);
	memcpy(s, head, hlen);
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		s[hlen + i] = (char)(x >> 16);
	}
	return s;
}

static const char *
sniff_noise(const char *head, size_t hlen)
{
	char *s = noise(head, hlen, 8192);
	const char *what = charset_sniff(s, hlen + 8192);

	free(s);
	return what;
}

#define SNIFF(lit) charset_sniff(lit, sizeof lit - 1)

static void
test_formats(void **state)
{
	(void)state;
	assert_string_equal(sniff_noise("\x89PNG\r\n\x1a\n", 8), "a PNG image");
	assert_string_equal(sniff_noise("GIF89a", 6), "a GIF image");
	assert_string_equal(sniff_noise("\xff\xd8\xff\xe0", 4), "a JPEG image");
	assert_string_equal(sniff_noise("RIFF\x10\0\0\0WEBPVP8 ", 16), "a WebP image");
	assert_string_equal(sniff_noise("\x1f\x8b\x08\0", 4), "gzip-compressed data");
	assert_string_equal(sniff_noise("PK\3\4\x14\0", 6), "a zip archive");
	assert_string_equal(sniff_noise("\x7f" "ELF\2\1\1", 7), "an ELF executable");
	assert_string_equal(sniff_noise("\xfd" "7zXZ\0", 6), "xz-compressed data");
	assert_string_equal(sniff_noise("\x28\xb5\x2f\xfd", 4), "zstd-compressed data");
	/* A PDF's header is text; its signature says what it is. */
	assert_string_equal(SNIFF("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< >>\nendobj\n"),
	    "a PDF document");
	assert_string_equal(SNIFF("BZh91AY&SY\x12\x34"), "bzip2-compressed data");
	/* Whatever it is, random bytes are not a page. */
	assert_string_equal(sniff_noise("", 0), "binary data");
	assert_string_equal(sniff_noise("<html>", 6), "binary data");
}

static void
test_weak_signatures(void **state)
{
	(void)state;
	/* Two letters a text may start with need binary bytes beside them. */
	assert_null(SNIFF("BMW and MZ are letters, not formats."));
	assert_null(SNIFF("MZ is a postcode prefix in this text."));
	assert_string_equal(SNIFF("BM\x36\0\x0c\0\0\0\0\0\x36\0\0\0"), "a BMP image");
	assert_string_equal(SNIFF("MZ\x90\0\3\0\0\0\4\0\0\0"), "a Windows executable");
	/* Words that only sit where a format keeps its name are text. */
	assert_null(SNIFF("<p>Big WAVE ahead, and an ftyp too.</p>"));
	assert_string_equal(SNIFF("RIFF\x24\0\0\0WAVEfmt "), "a WAVE audio file");
	assert_string_equal(SNIFF("\0\0\0\x20" "ftypisom\0\0\2\0"), "an MP4 video");
	{
		char tar[600], text[600];

		memset(tar, 0, sizeof tar);
		memcpy(tar, "page.html", 9);
		memcpy(tar + 257, "ustar", 5);
		assert_string_equal(charset_sniff(tar, sizeof tar), "a tar archive");
		memset(text, 'a', sizeof text);
		memcpy(text + 257, "ustar", 5);
		assert_null(charset_sniff(text, sizeof text));
	}
}

static void
test_pages(void **state)
{
	static const char page[] = "<!DOCTYPE html><html><head><title>T</title>"
	    "</head><body><p>Words and more words.</p></body></html>";
	char s[4096 + 64];
	size_t n = 0;

	(void)state;
	assert_null(charset_sniff(NULL, 0));
	assert_null(charset_sniff("", 0));
	assert_null(SNIFF(page));
	assert_null(SNIFF("just some plain text\twith a tab\r\nand\fa form feed"));
	/* Legacy encodings: bytes over 0x7f are letters, ESC is ISO-2022-JP's. */
	assert_null(SNIFF("<p>caf\xe9 na\xefve \x93quoted\x94 \x82\xa0\x82\xa2</p>"));
	assert_null(SNIFF("<p>\x1b$B$3$s$K$A$O\x1b(B</p>"));
	/* A page with stray NULs, one in a hundred bytes (tests/hostile's
	 * page with NULs has as many). */
	memcpy(s, "\0\0", 2);
	n = 2;
	while (n + sizeof page < 4096) {
		memcpy(s + n, page, sizeof page - 1);
		n += sizeof page - 1;
		s[n++] = '\0';
	}
	assert_null(charset_sniff(s, n));
	/* One in ten is binary data. */
	for (size_t i = 0; i < n; i += 10)
		s[i] = '\1';
	assert_string_equal(charset_sniff(s, n), "binary data");
}

static void
test_utf16(void **state)
{
	static const char text[] = "<!DOCTYPE html><html><body><p>Text</p></body></html>";
	char le[2 * sizeof text + 2], be[2 * sizeof text + 2];
	size_t n = 0;

	(void)state;
	for (size_t i = 0; i + 1 < sizeof text; i++, n += 2) {
		le[n] = text[i];
		le[n + 1] = '\0';
		be[n] = '\0';
		be[n + 1] = text[i];
	}
	/* Without a byte order mark: every other byte is zero. */
	assert_null(charset_sniff(le, n));
	assert_null(charset_sniff(be, n));
	/* With one. */
	memmove(le + 2, le, n);
	memcpy(le, "\xff\xfe", 2);
	assert_null(charset_sniff(le, n + 2));
	memmove(be + 2, be, n);
	memcpy(be, "\xfe\xff", 2);
	assert_null(charset_sniff(be, n + 2));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_weak_signatures),
		cmocka_unit_test(test_pages),
		cmocka_unit_test(test_utf16),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
