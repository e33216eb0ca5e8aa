/* test_charset.c - labels, the <meta> prescan, decoders, the decision. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "charset.h"

#define FFFD "\xef\xbf\xbd"

static void
label_is(const char *label, const char *want)
{
	const char *got = charset_lookup(label, strlen(label));

	if (want == NULL)
		assert_null(got);
	else
		assert_string_equal(got != NULL ? got : "(null)", want);
}

static void
test_labels(void **state)
{
	(void)state;
	label_is("utf-8", "UTF-8");
	label_is("UTF8", "UTF-8");
	label_is("unicode-1-1-utf-8", "UTF-8");
	label_is(" \tlatin1\n ", "windows-1252");
	label_is("ISO-8859-1", "windows-1252");
	label_is("ascii", "windows-1252");
	label_is("us-ascii", "windows-1252");
	label_is("iso-8859-9", "windows-1254");
	label_is("gb2312", "GBK");
	label_is("GBK", "GBK");
	label_is("gb18030", "gb18030");
	label_is("x-sjis", "Shift_JIS");
	label_is("ms932", "Shift_JIS");
	label_is("windows-31j", "Shift_JIS");
	label_is("ks_c_5601-1987", "EUC-KR");
	label_is("big5-hkscs", "Big5");
	label_is("utf-16", "UTF-16LE");
	label_is("unicodefffe", "UTF-16BE");
	label_is("iso-2022-kr", "replacement");
	label_is("hz-gb-2312", "replacement");
	label_is("koi8-ru", "KOI8-U");
	label_is("tis-620", "windows-874");
	label_is("x-mac-ukrainian", "x-mac-cyrillic");
	label_is("logical", "ISO-8859-8-I");
	label_is("x-user-defined", "x-user-defined");
	label_is("csisolatin2", "ISO-8859-2");
	label_is("cp1250", "windows-1250");
	/* Not labels: unknown, empty, a prefix, two words. */
	label_is("bogus", NULL);
	label_is("", NULL);
	label_is("   ", NULL);
	label_is("utf", NULL);
	label_is("8859-1", NULL);
	label_is("iso 8859-1", NULL);
	label_is("utf-8 latin1", NULL);
	label_is("utf-32", NULL);
	label_is("utf-7", NULL);
	/* Only len bytes count. */
	assert_string_equal(charset_lookup("koi8-rxyz", 6), "KOI8-R");
}

static void
type_is(const char *type, const char *want)
{
	const char *got = charset_from_type(type);

	if (want == NULL)
		assert_null(got);
	else
		assert_string_equal(got != NULL ? got : "(null)", want);
}

static void
test_content_type(void **state)
{
	(void)state;
	type_is("text/html; charset=ISO-8859-1", "windows-1252");
	type_is("text/html;charset=\"utf-8\"", "UTF-8");
	type_is("text/html; CHARSET=Shift_JIS", "Shift_JIS");
	type_is("text/html; foo=bar; charset=gb2312", "GBK");
	type_is("text/html; foo=\"a;charset=koi8-r\"; charset=euc-kr", "EUC-KR");
	type_is("text/html; charset=utf-8; charset=koi8-r", "UTF-8");
	type_is("text/html; charset=\"ut\\f-8\"", "UTF-8");
	type_is("text/html; charset=utf-8 ", "UTF-8");
	type_is("text/html; charset=", NULL);
	type_is("text/html; charset=bogus", NULL);
	type_is("text/html; charset =utf-8", NULL);
	type_is("text/html", NULL);
	type_is("", NULL);
	type_is(NULL, NULL);
}

static void
test_bom(void **state)
{
	size_t n = 99;

	(void)state;
	assert_string_equal(charset_bom("\xef\xbb\xbfx", 4, &n), "UTF-8");
	assert_int_equal(n, 3);
	assert_string_equal(charset_bom("\xfe\xff\0x", 4, &n), "UTF-16BE");
	assert_int_equal(n, 2);
	assert_string_equal(charset_bom("\xff\xfex\0", 4, &n), "UTF-16LE");
	assert_int_equal(n, 2);
	assert_null(charset_bom("\xef\xbb", 2, &n));
	assert_int_equal(n, 0);
	assert_null(charset_bom("<html>", 6, &n));
	assert_null(charset_bom("", 0, &n));
}

static void
scan_is(const char *html, const char *want)
{
	const char *got = charset_prescan(html, strlen(html));

	if (want == NULL) {
		if (got != NULL)
			fail_msg("%s: expected nothing, got %s", html, got);
	} else if (got == NULL || strcmp(got, want) != 0) {
		fail_msg("%s: expected %s, got %s", html, want, got ? got : "nothing");
	}
}

static void
test_prescan(void **state)
{
	char big[2048];

	(void)state;
	scan_is("<meta charset=\"windows-1251\">", "windows-1251");
	scan_is("<!DOCTYPE html><html><head><META CHARSET=KOI8-R>", "KOI8-R");
	scan_is("<meta charset='gb2312'/>", "GBK");
	scan_is("<meta/charset=koi8-r>", "KOI8-R");
	scan_is("<meta\ncharset\n=\n\"euc-kr\"\n>", "EUC-KR");
	scan_is("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=euc-kr\">",
	    "EUC-KR");
	scan_is("<meta content='text/html; charset=shift_jis' http-equiv=content-type>",
	    "Shift_JIS");
	scan_is("<meta http-equiv=content-type content=\"text/html; charset='koi8-r'\">",
	    "KOI8-R");
	scan_is("<meta http-equiv=content-type content=\"nocharset here; charset=gbk\">",
	    "GBK");
	/* content= needs http-equiv; an unmatched quote is nothing. */
	scan_is("<meta content=\"text/html; charset=euc-kr\">", NULL);
	scan_is("<meta http-equiv=refresh content=\"text/html; charset=euc-kr\">", NULL);
	scan_is("<meta http-equiv=content-type content=\"text/html; charset='koi8-r\">", NULL);
	/* UTF-16 in a <meta> cannot be true (the <meta> was read as ASCII). */
	scan_is("<meta charset=\"utf-16\">", "UTF-8");
	scan_is("<meta charset=\"utf-16be\">", "UTF-8");
	scan_is("<meta charset=\"x-user-defined\">", "windows-1252");
	/* Comments, other tags' attributes and look-alikes are skipped. */
	scan_is("<!-- <meta charset=\"koi8-r\"> --><meta charset=\"iso-8859-2\">", "ISO-8859-2");
	scan_is("<!--><meta charset=\"koi8-r\">", "KOI8-R");
	scan_is("<!---><meta charset=\"koi8-r\">-->", "KOI8-R");
	scan_is("<div title='<meta charset=\"koi8-r\">'><meta charset=\"gbk\">", "GBK");
	scan_is("</p title=\"<meta charset=koi8-r>\"><meta charset=gbk>", "GBK");
	scan_is("<metadata charset=\"koi8-r\"><meta charset=\"big5\">", "Big5");
	scan_is("<!DOCTYPE <meta charset=koi8-r>><meta charset=gbk>", "GBK");
	/* The first of a name counts; a bad label spoils its <meta>. */
	scan_is("<meta charset=\"koi8-r\" charset=\"gbk\">", "KOI8-R");
	scan_is("<meta charset=\"bogus\"><meta charset=\"gbk\">", "GBK");
	scan_is("<meta charset=\"bogus\" http-equiv=content-type "
	    "content=\"text/html; charset=koi8-r\">", NULL);
	/* Cut off: nothing. */
	scan_is("<meta charset=\"koi8", NULL);
	scan_is("<!-- <meta charset=\"koi8-r\">", NULL);
	scan_is("", NULL);
	scan_is("<html><body>no declaration here</body></html>", NULL);
	/* An XML declaration, when no <meta> says anything. */
	scan_is("<?xml version=\"1.0\" encoding=\"windows-1250\"?><html>", "windows-1250");
	scan_is("<?xml version='1.0' encoding = 'koi8-r' ?>", "KOI8-R");
	scan_is("<?xml version=\"1.0\" encoding=\"UTF-16\"?>", "UTF-8");
	scan_is("<?xml version=\"1.0\"?><p>encoding=\"koi8-r\"", NULL);
	scan_is(" <?xml version=\"1.0\" encoding=\"koi8-r\"?>", NULL);
	assert_string_equal(charset_prescan("<\0?\0x\0m\0l\0", 10), "UTF-16LE");
	assert_string_equal(charset_prescan("\0<\0?\0x\0m\0l", 10), "UTF-16BE");
	/* Only the bytes given are scanned. */
	memset(big, ' ', sizeof big);
	memcpy(big + 1100, "<meta charset=koi8-r>", 21);
	assert_null(charset_prescan(big, 1024));
	assert_string_equal(charset_prescan(big, sizeof big), "KOI8-R");
}

static void
convert_is(const char *enc, const char *in, size_t len, const char *want)
{
	char *out;
	size_t n;

	assert_int_equal(charset_convert(enc, in, len, &out, &n), 0);
	assert_int_equal(strlen(out), n);
	if (strcmp(out, want) != 0)
		fail_msg("%s: got \"%s\", expected \"%s\"", enc, out, want);
	free(out);
}

#define CONVERT(enc, lit, want) convert_is(enc, lit, sizeof lit - 1, want)

static void
test_convert(void **state)
{
	char *out;
	size_t n;

	(void)state;
	/* UTF-8: one U+FFFD per maximal malformed part. */
	CONVERT("UTF-8", "caf\xc3\xa9", "café");
	CONVERT("UTF-8", "a\xff" "b", "a" FFFD "b");
	CONVERT("UTF-8", "x\xe2\x82", "x" FFFD);
	CONVERT("UTF-8", "\xe2\x82x", FFFD "x");
	CONVERT("UTF-8", "\xc0\xaf", FFFD FFFD);
	CONVERT("UTF-8", "\xed\xa0\x80", FFFD FFFD FFFD);
	CONVERT("UTF-8", "\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD);
	CONVERT("UTF-8", "\xf0\x9f\x98\x80!", "\xf0\x9f\x98\x80!");
	/* windows-1252 and x-user-defined, by table. */
	CONVERT("windows-1252", "\x80\x81\x9f\xe9", "€\xc2\x81Ÿé");
	CONVERT("x-user-defined", "a\x80\xff", "a\xef\x9e\x80\xef\x9f\xbf");
	/* UTF-16: surrogate pairs, lone surrogates, an odd last byte. */
	CONVERT("UTF-16LE", "A\0\x3d\xd8\x00\xde", "A\xf0\x9f\x98\x80");
	CONVERT("UTF-16BE", "\0A\xd8\x3d\xde\x00", "A\xf0\x9f\x98\x80");
	CONVERT("UTF-16LE", "\x3d\xd8" "A\0", FFFD "A");
	CONVERT("UTF-16LE", "\x00\xde" "A\0", FFFD "A");
	CONVERT("UTF-16LE", "A\0B", "A" FFFD);
	CONVERT("UTF-16BE", "\0\xe9\0", "é" FFFD);
	/* Through iconv. */
	CONVERT("windows-1251", "\xcf\xf0\xe8", "При");
	CONVERT("ISO-8859-2", "\xb1\xb6", "ąś");
	CONVERT("windows-1250", "\xb9\x9c", "ąś");
	CONVERT("KOI8-R", "\xf0\xd2\xc9", "При");
	CONVERT("Shift_JIS", "\x93\xfa\x96\x7b", "日本");
	CONVERT("Shift_JIS", "C:\x5c", "C:\\");
	CONVERT("EUC-KR", "\xc7\xd1\xb1\xb9", "한국");
	CONVERT("GBK", "\xd6\xd0\xce\xc4", "中文");
	CONVERT("gb18030", "\x81\x30\x81\x30", "\xc2\x80");
	CONVERT("Big5", "\xa4\xa4\xa4\xe5", "中文");
	CONVERT("EUC-JP", "\xc6\xfc\xcb\xdc", "日本");
	CONVERT("ISO-2022-JP", "\x1b$B\x46\x7c\x4b\x5c\x1b(B!", "日本!");
	/* Malformed in a multibyte encoding: U+FFFD, then back in step. */
	CONVERT("Shift_JIS", "\x81\x20x", FFFD " x");
	CONVERT("Shift_JIS", "\x93\xfa\x93", "日" FFFD);
	CONVERT("EUC-KR", "\xc7\xd1\xff\xb1\xb9", "한" FFFD "국");
	CONVERT("gb18030", "\xd6\xd0\xff\xce\xc4", "中" FFFD "文");
	/* The replacement encoding yields one U+FFFD for anything. */
	CONVERT("replacement", "<script>alert(1)</script>", FFFD);
	CONVERT("replacement", "", "");
	/* Unknown names read as windows-1252; NULs pass through. */
	CONVERT("no-such", "\xe9", "é");
	assert_int_equal(charset_convert("UTF-8", "a\0b", 3, &out, &n), 0);
	assert_int_equal(n, 3);
	assert_memory_equal(out, "a\0b", 4);
	free(out);
}

/* charset_decode on s, expecting want from enc and source src; and
 * charset_decode_owned on a copy, expecting the same. */
static void
decode_is(const char *s, size_t len, const char *type, int html, const char *want,
          const char *enc, charset_source src, int overridden)
{
	charset_info ci, ci2;
	char *out, *own = malloc(len ? len : 1);
	size_t n, n2 = len;

	assert_int_equal(charset_decode(s, len, type, html, &out, &n, &ci), 0);
	if (strcmp(out, want) != 0)
		fail_msg("got \"%s\", expected \"%s\" (read as %s)", out, want, ci.name);
	assert_string_equal(ci.name, enc);
	assert_int_equal(ci.source, src);
	assert_int_equal(ci.overridden, overridden);
	assert_non_null(own);
	memcpy(own, s, len);
	assert_int_equal(charset_decode_owned(&own, &n2, type, html, &ci2), 0);
	assert_int_equal(n2, n);
	assert_memory_equal(own, out, n + 1);
	assert_string_equal(ci2.name, ci.name);
	assert_int_equal(ci2.source, ci.source);
	assert_int_equal(ci2.overridden, ci.overridden);
	free(own);
	free(out);
}

#define DECODE(lit, type, html, want, enc, src, ov) \
	decode_is(lit, sizeof lit - 1, type, html, want, enc, src, ov)

/* Russian in windows-1251, long enough to be told from its neighbours. */
#define RU1251 "\xcc\xee\xf1\xea\xe2\xe0 \x97 \xf1\xf2\xee\xeb\xe8\xf6\xe0 \xd0" \
	"\xee\xf1\xf1\xe8\xe8, \xea\xf0\xf3\xef\xed\xe5\xe9\xf8\xe8\xe9 " \
	"\xef\xee \xf7\xe8\xf1\xeb\xe5\xed\xed\xee\xf1\xf2\xe8 \xed\xe0" \
	"\xf1\xe5\xeb\xe5\xed\xe8\xff \xe3\xee\xf0\xee\xe4 \xf1\xf2\xf0" \
	"\xe0\xed\xfb."
#define RUUTF8 "Москва — столица России, крупнейший по численности населения город страны."

static void
test_decode(void **state)
{
	char *out, *late;
	size_t n;
	charset_info ci;

	(void)state;
	/* A BOM beats the header and is not kept. */
	DECODE("\xef\xbb\xbf<p>caf\xc3\xa9", "text/html; charset=windows-1251", 1,
	    "<p>café", "UTF-8", CHARSET_BOM, 0);
	DECODE("\xff\xfe<\0p\0>\0\xe9\0", NULL, 1, "<p>é", "UTF-16LE", CHARSET_BOM, 0);
	DECODE("\xfe\xff\0<\0p\0>\0\xe9", "text/html; charset=utf-8", 1, "<p>é",
	    "UTF-16BE", CHARSET_BOM, 0);
	/* The header beats <meta>, which beats detection. */
	DECODE("<meta charset=koi8-r><p>\xcf\xf0\xe8", "text/html; charset=windows-1251", 1,
	    "<meta charset=koi8-r><p>При", "windows-1251", CHARSET_HTTP, 0);
	DECODE("<meta charset=koi8-r><p>\xf0\xd2\xc9", "text/html", 1,
	    "<meta charset=koi8-r><p>При", "KOI8-R", CHARSET_META, 0);
	DECODE("<meta charset=bogus><p>\xf0\xd2\xc9", "text/html; charset=koi8-r", 1,
	    "<meta charset=bogus><p>При", "KOI8-R", CHARSET_HTTP, 0);
	/* Plain text has no <meta> to read. */
	DECODE("<meta charset=koi8-r> " RU1251, "text/plain", 0,
	    "<meta charset=koi8-r> " RUUTF8, "windows-1251", CHARSET_DETECTED, 0);
	/* Declared UTF-8 but not: detected instead. */
	DECODE("<meta charset=utf-8><p>" RU1251, NULL, 1,
	    "<meta charset=utf-8><p>" RUUTF8, "windows-1251", CHARSET_DETECTED, 1);
	DECODE("<p>" RU1251, "text/html; charset=UTF-8", 1,
	    "<p>" RUUTF8, "windows-1251", CHARSET_DETECTED, 1);
	/* UTF-8 with one stray byte stays UTF-8. */
	DECODE("<meta charset=utf-8><p>Москва \xff столица", NULL, 1,
	    "<meta charset=utf-8><p>Москва " FFFD " столица", "UTF-8", CHARSET_META, 0);
	/* A legacy label on well-formed UTF-8 is a mislabel. */
	DECODE("<p>" RUUTF8, "text/html; charset=iso-8859-1", 1, "<p>" RUUTF8,
	    "UTF-8", CHARSET_DETECTED, 1);
	DECODE("<meta charset=windows-1252><p>café", NULL, 1,
	    "<meta charset=windows-1252><p>café", "UTF-8", CHARSET_DETECTED, 1);
	DECODE("<p>plain ASCII", "text/html; charset=koi8-r", 1, "<p>plain ASCII",
	    "KOI8-R", CHARSET_HTTP, 0);
	/* UTF-16 declared on bytes without a zero in them is false. */
	DECODE("<p>" RUUTF8, "text/html; charset=utf-16", 1, "<p>" RUUTF8,
	    "UTF-8", CHARSET_DETECTED, 1);
	/* Nothing declared. */
	DECODE("<p>" RUUTF8, NULL, 1, "<p>" RUUTF8, "UTF-8", CHARSET_DETECTED, 0);
	DECODE("<p>" RU1251, NULL, 1, "<p>" RUUTF8, "windows-1251", CHARSET_DETECTED, 0);
	DECODE("<\0p\0>\0h\0i\0 \0t\0h\0e\0r\0e\0", NULL, 1, "<p>hi there", "UTF-16LE",
	    CHARSET_DETECTED, 0);
	DECODE("\0<\0p\0>\0h\0i\0 \0t\0h\0e\0r\0e", NULL, 1, "<p>hi there", "UTF-16BE",
	    CHARSET_DETECTED, 0);
	DECODE("<p>\x1b$B\x46\x7c\x4b\x5c\x38\x6c\x24\x4e\x4a\x38\x3e\x4f\x24\x47"
	    "\x24\x39\x21\x23\x1b(B", NULL, 1, "<p>日本語の文章です。", "ISO-2022-JP",
	    CHARSET_DETECTED, 0);
	/* A <meta> past the first 1024 bytes still counts. */
	late = malloc(4096);
	assert_non_null(late);
	memset(late, ' ', 4096);
	memcpy(late + 3000, "<meta charset=koi8-r>\xf0\xd2\xc9", 24);
	assert_int_equal(charset_decode(late, 3024, NULL, 1, &out, &n, &ci), 0);
	assert_string_equal(ci.name, "KOI8-R");
	assert_int_equal(ci.source, CHARSET_META);
	assert_string_equal(out + 3021, "При");
	free(out);
	free(late);
	/* Nothing at all. */
	assert_int_equal(charset_decode("", 0, NULL, 1, &out, &n, NULL), 0);
	assert_int_equal(n, 0);
	assert_string_equal(out, "");
	free(out);
}

/* A page that already is UTF-8 is decoded without a copy; one with a
 * byte order mark or a malformed byte is converted, the input freed. */
static void
test_decode_owned(void **state)
{
	static const char page[] = "<meta charset=utf-8><p>" RUUTF8;
	char *p = malloc(sizeof page + 100), *q;
	size_t n = sizeof page - 1;
	charset_info ci;

	(void)state;
	assert_non_null(p);
	memcpy(p, page, n);
	q = p;
	assert_int_equal(charset_decode_owned(&p, &n, NULL, 1, &ci), 0);
	assert_string_equal(p, page);
	assert_int_equal(n, sizeof page - 1);
	assert_string_equal(ci.name, "UTF-8");
#ifndef __SANITIZE_ADDRESS__
	/* ASan's realloc always moves a block. */
	assert_ptr_equal(p, q);
#else
	(void)q;
#endif
	free(p);
	/* A malformed byte: U+FFFD, in a new block. */
	assert_non_null(p = strdup("<meta charset=utf-8>" RUUTF8 "\xffz"));
	n = strlen(p);
	assert_int_equal(charset_decode_owned(&p, &n, NULL, 1, NULL), 0);
	assert_string_equal(p, "<meta charset=utf-8>" RUUTF8 "\xef\xbf\xbdz");
	assert_int_equal(n, strlen(p));
	free(p);
	/* Nothing at all, from no block. */
	p = NULL;
	n = 0;
	assert_int_equal(charset_decode_owned(&p, &n, NULL, 1, NULL), 0);
	assert_non_null(p);
	assert_string_equal(p, "");
	free(p);
}

/* English with a single Spanish word in windows-1252. */
#define WEST1252 "<html><head><title>Library</title></head><body><article>" \
	"<h1>Heading</h1><p>The council said on Tuesday that the new library " \
	"would open next spring after two years of delays. Residents had " \
	"waited a long time for the building, which will hold more than forty " \
	"thousand books and a small theatre for local groups. The opening " \
	"night will feature jalape\xf1o snacks.</p></article></body></html>"

/* English naming a Spaniard and a caf\xe9 in windows-1252, which
 * uchardet 0.0.7 takes for ISO-8859-2 (\xf1 as n-acute); the page's
 * lang goes before its head. */
#define WEST_NAMES(lang) "<!DOCTYPE html>\n<html" lang "><head><title>Library" \
	"</title></head><body><p>The council said on Tuesday that the new " \
	"library would open next spring after two years of delays. Residents " \
	"had waited a long time for the building, which will hold more than " \
	"forty thousand books and a small theatre for local groups. The mayor " \
	"said the project was worth the wait.  Also mentioned: caf\xe9, " \
	"Ib\xe1\xf1" "ez.</p></body></html>\n"

static void
test_detect_lang(void **state)
{
	static const char en[] = WEST_NAMES(" lang=\"en-GB\""),
	    pl[] = WEST_NAMES(" lang=pl"), none[] = WEST_NAMES("");
	const char *guess = charset_detect(none, sizeof none - 1, 0);

	(void)state;
	/* A page in English is in windows-1252 whatever a few names
	 * suggest; one in Polish keeps the detector's guess. */
	assert_string_equal(charset_detect(en, sizeof en - 1, 0), "windows-1252");
	assert_non_null(guess);
	assert_string_equal(charset_detect(pl, sizeof pl - 1, 0), guess);
}

static void
test_detect(void **state)
{
	(void)state;
	assert_string_equal(charset_detect(RU1251 " " RU1251, sizeof RU1251 * 2 - 1, 0),
	    "windows-1251");
	assert_string_equal(charset_detect(RUUTF8, sizeof RUUTF8 - 1, 0), "UTF-8");
	/* Known not to be UTF-8: never UTF-8. */
	assert_true(charset_detect(RUUTF8, sizeof RUUTF8 - 1, 1) == NULL ||
	    strcmp(charset_detect(RUUTF8, sizeof RUUTF8 - 1, 1), "UTF-8") != 0);
	assert_null(charset_detect("", 0, 1));
	/* A Western page with one accented word is windows-1252, not one
	 * of the Latin encodings that the web hardly uses. */
	assert_string_equal(charset_detect(WEST1252, sizeof WEST1252 - 1, 0),
	    "windows-1252");
	assert_string_equal(charset_detect(WEST1252, sizeof WEST1252 - 1, 1),
	    "windows-1252");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_content_type),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_prescan),
		cmocka_unit_test(test_detect_lang),
		cmocka_unit_test(test_convert),
		cmocka_unit_test(test_decode),
		cmocka_unit_test(test_decode_owned),
		cmocka_unit_test(test_detect),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
