/*
 * fuzz_charset.c - libFuzzer: the input is a page's bytes as they came
 * off the wire.  It goes through every step of src/charset.c: the binary
 * sniffer, the byte order mark, the <meta> prescan, detection, label and
 * Content-Type parsing, and decoding, under Content-Types of a small set
 * and in every encoding.
 *
 * charset.h promises: the output is UTF-8 (malformed input becomes
 * U+FFFD), NUL-terminated, and valid UTF-8 read as UTF-8 comes out
 * unchanged; every name returned is an encoding's canonical name.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>
#include "charset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The encodings of the Encoding Standard, by their names. */
static const char *const names[] = {
	"UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4",
	"ISO-8859-5", "ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "ISO-8859-8-I",
	"ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15",
	"ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874",
	"windows-1250", "windows-1251", "windows-1252", "windows-1253",
	"windows-1254", "windows-1255", "windows-1256", "windows-1257",
	"windows-1258", "x-mac-cyrillic", "GBK", "gb18030", "Big5", "EUC-JP",
	"ISO-2022-JP", "Shift_JIS", "EUC-KR", "replacement", "UTF-16BE",
	"UTF-16LE", "x-user-defined",
};
#define NNAMES (sizeof names / sizeof names[0])

static const char *const types[] = {
	NULL, "text/html", "text/html; charset=utf-8",
	"text/html; charset=\"Shift_JIS\"", "text/html;charset=utf-16le",
	"text/plain; charset=latin1", "text/html; charset=bogus",
	"application/xhtml+xml; charset=EUC-JP", "text/html; charset=",
};
#define NTYPES (sizeof types / sizeof types[0])

static void
fail(const char *what, const char *name)
{
	fprintf(stderr, "fuzz_charset: %s (%s)\n", what, name ? name : "NULL");
	abort();
}

/* A name charset.c returned must be one of the canonical ones. */
static void
check_name(const char *name, const char *from)
{
	if (name == NULL)
		return;
	for (size_t i = 0; i < NNAMES; i++)
		if (strcmp(name, names[i]) == 0)
			return;
	fail(from, name);
}

static void
check_out(const char *what, const char *name, const char *out, size_t n)
{
	if (out == NULL || out[n] != '\0')
		fail("output not NUL-terminated", name);
	if (u8_check((const uint8_t *)out, n) != NULL) {
		fprintf(stderr, "fuzz_charset: %s: output is not UTF-8\n", what);
		fail("output is not UTF-8", name);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *name;
	char *out, *text;
	size_t n, bomlen = 0;
	charset_info info;

	check_name(charset_bom(s, size, &bomlen), "charset_bom");
	if (bomlen > size)
		fail("BOM longer than the input", NULL);
	/* Binary or not, judged on the bytes: a byte order mark is text. */
	name = charset_sniff(s, size);
	if (name != NULL && (name[0] == '\0' || bomlen > 0))
		fail("charset_sniff named nothing, or took a BOM for binary", name);
	check_name(charset_prescan(s, size < 1024 ? size : 1024), "charset_prescan");
	check_name(charset_prescan(s, size), "charset_prescan (all)");
	check_name(charset_detect(s, size, 0), "charset_detect");
	check_name(charset_detect(s, size, 1), "charset_detect (not UTF-8)");
	check_name(charset_lookup(s, size < 64 ? size : 64), "charset_lookup");

	/* The input as a Content-Type header value. */
	if ((text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	check_name(charset_from_type(text), "charset_from_type");
	free(text);

	/* No Content-Type, and one of the others; long inputs cost. */
	for (size_t t = 0; t < NTYPES; t++) {
		if (t != 0 && t != 1 + size % (NTYPES - 1))
			continue;
		if (charset_decode(s, size, types[t], t % 2 == 0, &out, &n, &info) != 0)
			continue;
		check_name(info.name, "charset_decode");
		if (info.name == NULL)
			fail("charset_decode named no encoding", types[t]);
		check_out("charset_decode", info.name, out, n);
		/* In place, the same bytes (without a copy when they are
		 * UTF-8 already). */
		if ((text = malloc(size ? size : 1)) != NULL) {
			size_t tn = size;
			charset_info ti;

			memcpy(text, data, size);
			if (charset_decode_owned(&text, &tn, types[t], t % 2 == 0, &ti) == 0 &&
			    (tn != n || memcmp(text, out, n + 1) != 0 || ti.name != info.name))
				fail("charset_decode_owned differs from charset_decode",
				    info.name);
			free(text);
		}
		free(out);
	}

	/* Every decoder for short inputs; long ones through UTF-8 and one
	 * other. */
	for (size_t i = 0; i < NNAMES; i++) {
		if (size > 1024 && i != 0 && i != size % NNAMES)
			continue;
		if (charset_convert(names[i], s, size, &out, &n) != 0)
			continue;
		check_out("charset_convert", names[i], out, n);
		if (i == 0 && u8_check(data, size) == NULL &&
		    (n != size || memcmp(out, data, size) != 0))
			fail("valid UTF-8 changed by decoding it as UTF-8", names[i]);
		free(out);
	}
	name = charset_lookup("utf-8", 5);
	if (name == NULL || strcmp(name, "UTF-8") != 0)
		fail("\"utf-8\" is not UTF-8", name);
	return 0;
}
