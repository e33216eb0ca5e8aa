/*
 * charset.c - a page's bytes to UTF-8 (see charset.h).
 *
 * UTF-8, UTF-16, windows-1252, x-user-defined and the replacement
 * encoding are decoded here, exactly as the Encoding Standard says; the
 * other legacy encodings go through iconv, whose names for them differ
 * and whose tables are the nearest to the standard's (CP932 for
 * Shift_JIS, CP949 for EUC-KR, GB18030 for GBK).
 */
#include "charset.h"
#include "util.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <uchardet.h>

/* ------------------------------------------------------------- labels */

typedef enum {
	DEC_ICONV,             /* through iconv */
	DEC_UTF8,
	DEC_UTF16LE,
	DEC_UTF16BE,
	DEC_1252,
	DEC_USER,              /* x-user-defined */
	DEC_REPLACEMENT        /* refused for safety: one U+FFFD */
} decoder;

typedef struct {
	const char *name;
	decoder dec;
	const char *iconv[3];  /* iconv's names for it, best first */
	const char *labels;    /* space-separated, lower case */
} encoding;

/* The Encoding Standard's table of names and labels. */
static const encoding encodings[] = {
	{ "UTF-8", DEC_UTF8, { NULL }, "unicode-1-1-utf-8 unicode11utf8 "
	    "unicode20utf8 utf-8 utf8 x-unicode20utf8" },
	{ "IBM866", DEC_ICONV, { "IBM866", "CP866" }, "866 cp866 csibm866 ibm866" },
	{ "ISO-8859-2", DEC_ICONV, { "ISO-8859-2" }, "csisolatin2 iso-8859-2 "
	    "iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2" },
	{ "ISO-8859-3", DEC_ICONV, { "ISO-8859-3" }, "csisolatin3 iso-8859-3 "
	    "iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3" },
	{ "ISO-8859-4", DEC_ICONV, { "ISO-8859-4" }, "csisolatin4 iso-8859-4 "
	    "iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4" },
	{ "ISO-8859-5", DEC_ICONV, { "ISO-8859-5" }, "csisolatincyrillic cyrillic "
	    "iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988" },
	{ "ISO-8859-6", DEC_ICONV, { "ISO-8859-6" }, "arabic asmo-708 csiso88596e "
	    "csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e "
	    "iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987" },
	{ "ISO-8859-7", DEC_ICONV, { "ISO-8859-7" }, "csisolatingreek ecma-118 "
	    "elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 "
	    "iso_8859-7 iso_8859-7:1987 sun_eu_greek" },
	{ "ISO-8859-8", DEC_ICONV, { "ISO-8859-8" }, "csiso88598e csisolatinhebrew "
	    "hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 "
	    "iso_8859-8 iso_8859-8:1988 visual" },
	{ "ISO-8859-8-I", DEC_ICONV, { "ISO-8859-8" }, "csiso88598i iso-8859-8-i logical" },
	{ "ISO-8859-10", DEC_ICONV, { "ISO-8859-10" }, "csisolatin6 iso-8859-10 "
	    "iso-ir-157 iso8859-10 iso885910 l6 latin6" },
	{ "ISO-8859-13", DEC_ICONV, { "ISO-8859-13" }, "iso-8859-13 iso8859-13 iso885913" },
	{ "ISO-8859-14", DEC_ICONV, { "ISO-8859-14" }, "iso-8859-14 iso8859-14 iso885914" },
	{ "ISO-8859-15", DEC_ICONV, { "ISO-8859-15" }, "csisolatin9 iso-8859-15 "
	    "iso8859-15 iso885915 iso_8859-15 l9" },
	{ "ISO-8859-16", DEC_ICONV, { "ISO-8859-16" }, "iso-8859-16" },
	{ "KOI8-R", DEC_ICONV, { "KOI8-R" }, "cskoi8r koi koi8 koi8-r koi8_r" },
	{ "KOI8-U", DEC_ICONV, { "KOI8-RU", "KOI8-U" }, "koi8-ru koi8-u" },
	{ "macintosh", DEC_ICONV, { "MACINTOSH" }, "csmacintosh mac macintosh x-mac-roman" },
	{ "windows-874", DEC_ICONV, { "CP874", "WINDOWS-874" }, "dos-874 iso-8859-11 "
	    "iso8859-11 iso885911 tis-620 windows-874" },
	{ "windows-1250", DEC_ICONV, { "CP1250" }, "cp1250 windows-1250 x-cp1250" },
	{ "windows-1251", DEC_ICONV, { "CP1251" }, "cp1251 windows-1251 x-cp1251" },
	{ "windows-1252", DEC_1252, { NULL }, "ansi_x3.4-1968 ascii cp1252 cp819 "
	    "csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 "
	    "iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252" },
	{ "windows-1253", DEC_ICONV, { "CP1253" }, "cp1253 windows-1253 x-cp1253" },
	{ "windows-1254", DEC_ICONV, { "CP1254" }, "cp1254 csisolatin5 iso-8859-9 "
	    "iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 "
	    "windows-1254 x-cp1254" },
	{ "windows-1255", DEC_ICONV, { "CP1255" }, "cp1255 windows-1255 x-cp1255" },
	{ "windows-1256", DEC_ICONV, { "CP1256" }, "cp1256 windows-1256 x-cp1256" },
	{ "windows-1257", DEC_ICONV, { "CP1257" }, "cp1257 windows-1257 x-cp1257" },
	{ "windows-1258", DEC_ICONV, { "CP1258" }, "cp1258 windows-1258 x-cp1258" },
	{ "x-mac-cyrillic", DEC_ICONV, { "MAC-UK", "MAC-CYRILLIC" },
	    "x-mac-cyrillic x-mac-ukrainian" },
	/* The standard decodes GBK with the gb18030 decoder. */
	{ "GBK", DEC_ICONV, { "GB18030", "GBK" }, "chinese csgb2312 csiso58gb231280 "
	    "gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk" },
	{ "gb18030", DEC_ICONV, { "GB18030" }, "gb18030" },
	{ "Big5", DEC_ICONV, { "BIG5-HKSCS", "BIG5" }, "big5 big5-hkscs cn-big5 csbig5 x-x-big5" },
	{ "EUC-JP", DEC_ICONV, { "EUC-JP-MS", "EUC-JP" }, "cseucpkdfmtjapanese euc-jp x-euc-jp" },
	{ "ISO-2022-JP", DEC_ICONV, { "ISO-2022-JP" }, "csiso2022jp iso-2022-jp" },
	/* Windows' variants: 0x5C is a backslash, not a yen sign. */
	{ "Shift_JIS", DEC_ICONV, { "CP932", "WINDOWS-31J", "SHIFT_JIS" }, "csshiftjis "
	    "ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis" },
	{ "EUC-KR", DEC_ICONV, { "CP949", "UHC", "EUC-KR" }, "cseuckr csksc56011987 "
	    "euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 "
	    "ksc_5601 windows-949" },
	/* Encodings that smuggle markup past filters: never decoded. */
	{ "replacement", DEC_REPLACEMENT, { NULL }, "csiso2022kr hz-gb-2312 "
	    "iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement" },
	{ "UTF-16BE", DEC_UTF16BE, { NULL }, "unicodefffe utf-16be" },
	{ "UTF-16LE", DEC_UTF16LE, { NULL }, "csunicode iso-10646-ucs-2 ucs-2 unicode "
	    "unicodefeff utf-16 utf-16le" },
	{ "x-user-defined", DEC_USER, { NULL }, "x-user-defined" },
};

enum { NENC = sizeof encodings / sizeof encodings[0] };

static int
is_ws(unsigned char c)
{
	return c == 0x09 || c == 0x0a || c == 0x0c || c == 0x0d || c == 0x20;
}

static const encoding *
find_label(const char *label, size_t len)
{
	char low[64];

	while (len > 0 && is_ws((unsigned char)*label)) {
		label++;
		len--;
	}
	while (len > 0 && is_ws((unsigned char)label[len - 1]))
		len--;
	if (len == 0 || len >= sizeof low)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)label[i];

		/* A space inside would match two labels at once. */
		if (c <= 0x20 || c >= 0x7f)
			return NULL;
		low[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	low[len] = '\0';
	for (size_t i = 0; i < NENC; i++) {
		const char *l = encodings[i].labels;

		while ((l = strstr(l, low)) != NULL) {
			if ((l == encodings[i].labels || l[-1] == ' ') &&
			    (l[len] == ' ' || l[len] == '\0'))
				return &encodings[i];
			l += len;
		}
	}
	return NULL;
}

static const encoding *
find_name(const char *name)
{
	for (size_t i = 0; name != NULL && i < NENC; i++)
		if (strcmp(encodings[i].name, name) == 0)
			return &encodings[i];
	return NULL;
}

const char *
charset_lookup(const char *label, size_t len)
{
	const encoding *e = find_label(label, len);

	return e != NULL ? e->name : NULL;
}

/* ------------------------------------------------------------- HTTP */

const char *
charset_from_type(const char *t)
{
	const char *p;

	if (t == NULL || (p = strchr(t, ';')) == NULL)
		return NULL;
	/* Parameters: name=token or name="quoted"; the first charset wins. */
	while (*p == ';') {
		const char *name, *val;
		size_t nlen, vlen;
		char q[64];

		p++;
		while (is_ws((unsigned char)*p))
			p++;
		name = p;
		while (*p != '\0' && *p != ';' && *p != '=')
			p++;
		nlen = (size_t)(p - name);
		if (*p != '=')
			continue;
		p++;
		if (*p == '"') {
			vlen = 0;
			for (p++; *p != '\0' && *p != '"'; p++) {
				if (*p == '\\' && p[1] != '\0')
					p++;
				if (vlen < sizeof q - 1)
					q[vlen++] = *p;
			}
			q[vlen] = '\0';
			val = q;
			while (*p != '\0' && *p != ';')
				p++;
		} else {
			val = p;
			while (*p != '\0' && *p != ';')
				p++;
			vlen = (size_t)(p - val);
		}
		if (nlen == 7 && strncasecmp(name, "charset", 7) == 0)
			return charset_lookup(val, vlen);
	}
	return NULL;
}

/* ------------------------------------------------------------- BOM */

const char *
charset_bom(const char *data, size_t len, size_t *bomlen)
{
	const unsigned char *b = (const unsigned char *)data;

	*bomlen = 0;
	if (len >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf) {
		*bomlen = 3;
		return "UTF-8";
	}
	if (len >= 2 && b[0] == 0xfe && b[1] == 0xff) {
		*bomlen = 2;
		return "UTF-16BE";
	}
	if (len >= 2 && b[0] == 0xff && b[1] == 0xfe) {
		*bomlen = 2;
		return "UTF-16LE";
	}
	return NULL;
}

/* ------------------------------------------------------------- prescan */

/* The HTML standard's "prescan a byte stream to determine its encoding",
 * step by step.  Running out of bytes ends it (sc->out). */
typedef struct {
	const unsigned char *p;
	size_t len, pos;
	int out;
} scanner;

enum { ATTR_NAME_MAX = 32, ATTR_VALUE_MAX = 256 };

static int
cur(scanner *s)
{
	if (s->pos >= s->len) {
		s->out = 1;
		return -1;
	}
	return s->p[s->pos];
}

static int
starts(const scanner *s, const char *what, int icase)
{
	size_t n = strlen(what);

	if (s->len - s->pos < n)
		return 0;
	return icase ? strncasecmp((const char *)s->p + s->pos, what, n) == 0 :
	    memcmp(s->p + s->pos, what, n) == 0;
}

static void
add(char *buf, size_t *n, size_t size, int c)
{
	if (c >= 'A' && c <= 'Z')
		c += 32;
	/* Too long to be anything that matters: spoil it, keep going. */
	if (*n + 1 < size)
		buf[(*n)++] = (char)c;
	else
		buf[0] = '\x01';
	buf[*n] = '\0';
}

/* "Get an attribute": 1 and the lower-cased name and value, 0 when there
 * is none (at '>'), -1 when the bytes ran out. */
static int
get_attr(scanner *s, char *name, char *value)
{
	size_t nn = 0, nv = 0;
	int c;

	name[0] = value[0] = '\0';
	while ((c = cur(s)) >= 0 && (is_ws((unsigned char)c) || c == '/'))
		s->pos++;
	if (c < 0)
		return -1;
	if (c == '>')
		return 0;
	for (;;) {
		if ((c = cur(s)) < 0)
			return -1;
		if (c == '=' && nn > 0) {
			s->pos++;
			goto value;
		}
		if (is_ws((unsigned char)c))
			break;
		if (c == '/' || c == '>')
			return 1;
		add(name, &nn, ATTR_NAME_MAX, c);
		s->pos++;
	}
	while ((c = cur(s)) >= 0 && is_ws((unsigned char)c))
		s->pos++;
	if (c < 0)
		return -1;
	if (c != '=')
		return 1;
	s->pos++;
value:
	while ((c = cur(s)) >= 0 && is_ws((unsigned char)c))
		s->pos++;
	if (c < 0)
		return -1;
	if (c == '"' || c == '\'') {
		int q = c;

		for (;;) {
			s->pos++;
			if ((c = cur(s)) < 0)
				return -1;
			if (c == q) {
				s->pos++;
				return 1;
			}
			add(value, &nv, ATTR_VALUE_MAX, c);
		}
	}
	if (c == '>')
		return 1;
	add(value, &nv, ATTR_VALUE_MAX, c);
	s->pos++;
	for (;;) {
		if ((c = cur(s)) < 0)
			return -1;
		if (is_ws((unsigned char)c) || c == '>')
			return 1;
		add(value, &nv, ATTR_VALUE_MAX, c);
		s->pos++;
	}
}

/* "The algorithm for extracting a character encoding from a meta
 * element", on a content attribute's value. */
static const encoding *
from_content(const char *s)
{
	const char *p = s, *q;

	for (;;) {
		if ((p = strstr(p, "charset")) == NULL)
			return NULL;
		p += 7;
		while (is_ws((unsigned char)*p))
			p++;
		if (*p != '=')
			continue;
		p++;
		while (is_ws((unsigned char)*p))
			p++;
		if (*p == '"' || *p == '\'') {
			if ((q = strchr(p + 1, *p)) == NULL)
				return NULL;
			return find_label(p + 1, (size_t)(q - p - 1));
		}
		if (*p == '\0')
			return NULL;
		q = p;
		while (*q != '\0' && !is_ws((unsigned char)*q) && *q != ';')
			q++;
		return find_label(p, (size_t)(q - p));
	}
}

/* "Get an XML encoding": <?xml ... encoding="..." ?> at the very start. */
static const encoding *
xml_encoding(const unsigned char *p, size_t len)
{
	const unsigned char *end, *e, *q;
	const encoding *enc;

	if (len < 5 || memcmp(p, "<?xml", 5) != 0)
		return NULL;
	if ((end = memchr(p, '>', len)) == NULL)
		return NULL;
	for (e = p; e + 8 <= end && memcmp(e, "encoding", 8) != 0; e++)
		;
	if (e + 8 > end)
		return NULL;
	e += 8;
	while (e < end && *e <= 0x20)
		e++;
	if (e >= end || *e != '=')
		return NULL;
	e++;
	while (e < end && *e <= 0x20)
		e++;
	if (e >= end || (*e != '"' && *e != '\''))
		return NULL;
	/* The closing quote may lie past the '>'. */
	if ((q = memchr(e + 1, *e, len - (size_t)(e + 1 - p))) == NULL)
		return NULL;
	for (const unsigned char *c = e + 1; c < q; c++)
		if (*c <= 0x20)
			return NULL;
	enc = find_label((const char *)e + 1, (size_t)(q - e - 1));
	if (enc != NULL && (enc->dec == DEC_UTF16LE || enc->dec == DEC_UTF16BE))
		enc = find_name("UTF-8");
	return enc;
}

/* One <meta>: the encoding it declares, or NULL. */
static const encoding *
meta(scanner *s)
{
	char name[ATTR_NAME_MAX], value[ATTR_VALUE_MAX];
	int got_pragma = 0, need_pragma = -1, seen = 0, rc;
	int charset_failed = 0;
	const encoding *charset = NULL;

	while ((rc = get_attr(s, name, value)) == 1) {
		int bit = strcmp(name, "http-equiv") == 0 ? 1 :
		    strcmp(name, "content") == 0 ? 2 :
		    strcmp(name, "charset") == 0 ? 4 : 0;

		/* Only the first of each name counts. */
		if (bit == 0 || (seen & bit))
			continue;
		seen |= bit;
		if (bit == 1) {
			if (strcmp(value, "content-type") == 0)
				got_pragma = 1;
		} else if (bit == 2) {
			const encoding *e = from_content(value);

			if (e != NULL && charset == NULL && !charset_failed) {
				charset = e;
				need_pragma = 1;
			}
		} else {
			charset = find_label(value, strlen(value));
			charset_failed = charset == NULL;
			need_pragma = 0;
		}
	}
	if (rc < 0 || need_pragma < 0 || (need_pragma == 1 && !got_pragma) ||
	    charset == NULL)
		return NULL;
	if (charset->dec == DEC_UTF16LE || charset->dec == DEC_UTF16BE)
		return find_name("UTF-8");
	if (charset->dec == DEC_USER)
		return find_name("windows-1252");
	return charset;
}

/* Move to the next byte that ends a tag name, or to '>'; 0 if none. */
static int
skip_to(scanner *s, const char *stops)
{
	for (;;) {
		int c = cur(s);

		if (c < 0)
			return 0;
		if (c != 0 && strchr(stops, c) != NULL)
			return 1;
		s->pos++;
	}
}

/* From "<!--" to the '>' after two dashes, which may be the opening
 * ones; 0 if none. */
static int
skip_comment(scanner *s)
{
	size_t i = s->pos + 4;

	while (i < s->len && !(s->p[i] == '>' && s->p[i - 1] == '-' && s->p[i - 2] == '-'))
		i++;
	if (i >= s->len)
		return 0;
	s->pos = i;
	return 1;
}

const char *
charset_prescan(const char *data, size_t len)
{
	scanner s = { (const unsigned char *)data, len, 0, 0 };
	char name[ATTR_NAME_MAX], value[ATTR_VALUE_MAX];
	const encoding *e;

	if (len >= 6 && memcmp(data, "<\0?\0x\0", 6) == 0)
		return "UTF-16LE";
	if (len >= 6 && memcmp(data, "\0<\0?\0x", 6) == 0)
		return "UTF-16BE";
	while (s.pos < s.len && !s.out) {
		if (starts(&s, "<!--", 0)) {
			if (!skip_comment(&s))
				break;
		} else if (starts(&s, "<meta", 1) && s.len - s.pos > 5 &&
		    (is_ws(s.p[s.pos + 5]) || s.p[s.pos + 5] == '/')) {
			s.pos += 5;
			if ((e = meta(&s)) != NULL)
				return e->name;
			if (s.out)
				break;
		} else if (s.p[s.pos] == '<' && s.len - s.pos > 1 &&
		    ((s.p[s.pos + 1] | 0x20) >= 'a' && (s.p[s.pos + 1] | 0x20) <= 'z')) {
			goto tag;
		} else if (s.p[s.pos] == '<' && s.len - s.pos > 2 && s.p[s.pos + 1] == '/' &&
		    ((s.p[s.pos + 2] | 0x20) >= 'a' && (s.p[s.pos + 2] | 0x20) <= 'z')) {
			goto tag;
		} else if (starts(&s, "<!", 0) || starts(&s, "</", 0) || starts(&s, "<?", 0)) {
			if (!skip_to(&s, ">"))
				break;
		}
		s.pos++;
		continue;
tag:
		/* Another tag: its attributes are skipped, so markup inside
		 * their values is not mistaken for a <meta>. */
		if (!skip_to(&s, "\t\n\f\r >"))
			break;
		while (get_attr(&s, name, value) == 1)
			;
		if (s.out)
			break;
		s.pos++;
	}
	e = xml_encoding(s.p, s.len);
	return e != NULL ? e->name : NULL;
}

/* The primary subtag of the page's <html lang> ("en" of "en-GB"),
 * lower-cased, in out; "" when the first <html> start tag has none.
 * The prescan's scanner reads it, so markup in comments is passed over
 * and a value is bounded. */
static void
html_lang(const char *data, size_t len, char out[ATTR_VALUE_MAX])
{
	scanner s = { (const unsigned char *)data, len, 0, 0 };
	char name[ATTR_NAME_MAX], value[ATTR_VALUE_MAX];

	out[0] = '\0';
	while (s.pos < s.len && !s.out) {
		if (starts(&s, "<!--", 0)) {
			if (!skip_comment(&s))
				return;
		} else if (starts(&s, "<html", 1) && s.len - s.pos > 5 &&
		    (is_ws(s.p[s.pos + 5]) || s.p[s.pos + 5] == '>')) {
			s.pos += 5;
			while (get_attr(&s, name, value) == 1)
				if (strcmp(name, "lang") == 0) {
					memcpy(out, value, strcspn(value, "-_"));
					out[strcspn(value, "-_")] = '\0';
				}
			return;
		}
		s.pos++;
	}
}

/* ------------------------------------------------------------- UTF-8 */

/* The length of the valid UTF-8 sequence at p (1 to 4), or 0 when the
 * bytes there are not one; *bad is then the length of the maximal
 * malformed prefix the standard replaces with one U+FFFD. */
static size_t
utf8_seq(const unsigned char *p, size_t len, size_t *bad)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xbf;
	size_t need, i;

	*bad = 1;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		need = 1;
	else if (c >= 0xe0 && c <= 0xef)
		need = 2;
	else if (c >= 0xf0 && c <= 0xf4)
		need = 3;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	for (i = 1; i <= need; i++) {
		if (i >= len || p[i] < lo || p[i] > hi) {
			*bad = i;
			return 0;
		}
		lo = 0x80;
		hi = 0xbf;
	}
	return need + 1;
}

/* The first byte at or after i that is not ASCII, or len: eight bytes
 * at a time, as most of a page is markup. */
static size_t
ascii_end(const unsigned char *p, size_t i, size_t len)
{
	uint64_t w;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, p + i, 8);
		if (w & UINT64_C(0x8080808080808080))
			break;
	}
	while (i < len && p[i] < 0x80)
		i++;
	return i;
}

/* Whether len bytes are well-formed UTF-8: decoding would change none. */
static int
utf8_valid(const unsigned char *p, size_t len)
{
	size_t i = 0, n, bad;

	while ((i = ascii_end(p, i, len)) < len) {
		if ((n = utf8_seq(p + i, len - i, &bad)) == 0)
			return 0;
		i += n;
	}
	return 1;
}

/* Count well-formed multibyte sequences and malformed ones. */
static void
utf8_stats(const char *data, size_t len, size_t *multi, size_t *bad)
{
	const unsigned char *p = (const unsigned char *)data;
	size_t i = 0, n, b;

	*multi = *bad = 0;
	while (i < len) {
		if (p[i] < 0x80) {
			i = ascii_end(p, i, len);
			continue;
		}
		if ((n = utf8_seq(p + i, len - i, &b)) > 0) {
			(*multi)++;
			i += n;
		} else {
			(*bad)++;
			i += b;
		}
	}
}

/* ------------------------------------------------------------- output */

static void
put_cp(util_buf *b, unsigned long cp)
{
	unsigned char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (unsigned char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (unsigned char)(0xc0 | cp >> 6);
		u[1] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (unsigned char)(0xe0 | cp >> 12);
		u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (unsigned char)(0xf0 | cp >> 18);
		u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	util_buf_put(b, u, n);
}

#define REPLACEMENT 0xfffd

static void
dec_utf8(util_buf *b, const unsigned char *p, size_t len)
{
	size_t i = 0, n, bad;

	/* Well-formed input in one allocation. */
	if (util_buf_reserve(b, len) != 0)
		return;
	while (i < len) {
		size_t run = ascii_end(p, i, len);

		/* Copy ASCII and well-formed runs whole. */
		while (run < len && (n = utf8_seq(p + run, len - run, &bad)) > 0)
			run = ascii_end(p, run + n, len);
		util_buf_put(b, p + i, run - i);
		i = run;
		if (i < len) {
			(void)utf8_seq(p + i, len - i, &bad);
			put_cp(b, REPLACEMENT);
			i += bad;
		}
	}
}

static void
dec_utf16(util_buf *b, const unsigned char *p, size_t len, int be)
{
	size_t i = 0;

	while (i + 1 < len) {
		unsigned long u = be ? (unsigned long)p[i] << 8 | p[i + 1] :
		    (unsigned long)p[i + 1] << 8 | p[i];

		i += 2;
		if (u >= 0xd800 && u <= 0xdbff && i + 1 < len) {
			unsigned long v = be ? (unsigned long)p[i] << 8 | p[i + 1] :
			    (unsigned long)p[i + 1] << 8 | p[i];

			if (v >= 0xdc00 && v <= 0xdfff) {
				put_cp(b, 0x10000 + ((u - 0xd800) << 10) + (v - 0xdc00));
				i += 2;
				continue;
			}
		}
		/* A lone surrogate; the unit after it is read on its own. */
		put_cp(b, u >= 0xd800 && u <= 0xdfff ? REPLACEMENT : u);
	}
	if (i < len)
		put_cp(b, REPLACEMENT);
}

/* windows-1252's 0x80-0x9F; the rest is ISO-8859-1. */
static const unsigned short cp1252[32] = {
	0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
	0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178
};

static void
dec_single(util_buf *b, const unsigned char *p, size_t len, decoder d)
{
	for (size_t i = 0; i < len; i++) {
		size_t run = i;

		while (run < len && p[run] < 0x80)
			run++;
		util_buf_put(b, p + i, run - i);
		if ((i = run) >= len)
			break;
		if (d == DEC_USER)
			put_cp(b, 0xf780 + p[i] - 0x80);
		else
			put_cp(b, p[i] < 0xa0 ? cp1252[p[i] - 0x80] : p[i]);
	}
}

/* iconv stops at a malformed sequence: write U+FFFD for it, step over
 * one byte and go on, so the decoder finds its footing at the next byte
 * that can start a character. */
static int
dec_iconv(util_buf *b, const encoding *e, const unsigned char *p, size_t len)
{
	iconv_t cd = (iconv_t)-1;
	char *in = (char *)p;
	size_t inleft = len;
	int flushing = 0;

	for (size_t i = 0; i < 3 && e->iconv[i] != NULL && cd == (iconv_t)-1; i++)
		cd = iconv_open("UTF-8", e->iconv[i]);
	if (cd == (iconv_t)-1)
		return -1;
	for (;;) {
		char *out;
		size_t outleft, r;

		if (util_buf_reserve(b, inleft * 2 + 64) != 0)
			break;
		out = b->s + b->len;
		outleft = b->cap - b->len - 1;
		r = flushing ? iconv(cd, NULL, NULL, &out, &outleft) :
		    iconv(cd, &in, &inleft, &out, &outleft);
		b->len = (size_t)(out - b->s);
		if (r != (size_t)-1) {
			if (flushing)
				break;
			flushing = 1;
		} else if (errno == E2BIG) {
			if (util_buf_reserve(b, b->cap) != 0)
				break;
		} else if (errno == EINVAL && !flushing) {
			/* Cut off at the end. */
			put_cp(b, REPLACEMENT);
			inleft = 0;
		} else if (errno == EILSEQ && !flushing && inleft > 0) {
			put_cp(b, REPLACEMENT);
			in++;
			inleft--;
		} else {
			break;
		}
	}
	iconv_close(cd);
	return 0;
}

int
charset_convert(const char *name, const char *data, size_t len, char **out,
                size_t *outlen)
{
	const encoding *e = find_name(name);
	const unsigned char *p = (const unsigned char *)data;
	util_buf b = {0};

	if (e == NULL)
		e = find_name("windows-1252");
	*out = NULL;
	*outlen = 0;
	switch (e->dec) {
	case DEC_UTF8:
		dec_utf8(&b, p, len);
		break;
	case DEC_UTF16LE:
	case DEC_UTF16BE:
		dec_utf16(&b, p, len, e->dec == DEC_UTF16BE);
		break;
	case DEC_1252:
	case DEC_USER:
		dec_single(&b, p, len, e->dec);
		break;
	case DEC_REPLACEMENT:
		if (len > 0)
			put_cp(&b, REPLACEMENT);
		break;
	case DEC_ICONV:
		/* An iconv without this table: windows-1252 keeps ASCII
		 * readable and shows every other byte. */
		if (dec_iconv(&b, e, p, len) != 0)
			dec_single(&b, p, len, DEC_1252);
		break;
	}
	if (util_buf_reserve(&b, 0) != 0) {
		free(b.s);
		return -1;
	}
	b.s[b.len] = '\0';
	*out = b.s;
	*outlen = b.len;
	return 0;
}

/* ------------------------------------------------------------- detection */

/* Enough of a page to judge it by. */
enum { DETECT_MAX = 1 << 20, UTF16_SAMPLE = 4096 };

/* UTF-16 without a BOM: markup is ASCII, so every other byte is zero. */
static const char *
detect_utf16(const unsigned char *p, size_t len)
{
	size_t n = len < UTF16_SAMPLE ? len : UTF16_SAMPLE, even = 0, odd = 0;

	n &= ~(size_t)1;
	if (n < 8)
		return NULL;
	for (size_t i = 0; i < n; i += 2) {
		even += p[i] == 0;
		odd += p[i + 1] == 0;
	}
	if (odd * 10 > n * 3 && even * 50 < n)
		return "UTF-16LE";
	if (even * 10 > n * 3 && odd * 50 < n)
		return "UTF-16BE";
	return NULL;
}

/* uchardet's names that are not the standard's labels; and the Latin
 * encodings that it guesses from a handful of accented names on a
 * Western page ("jalape\xf1o" as Nordic ISO-8859-10, "\x9c" as
 * Esperanto ISO-8859-3), that pages are almost never in: the web's
 * Western encoding is windows-1252. */
static const encoding *
from_uchardet(const char *name)
{
	static const struct { const char *from, *to; } alias[] = {
		{ "UHC", "EUC-KR" }, { "CP949", "EUC-KR" },
		{ "MAC-CYRILLIC", "x-mac-cyrillic" },
		{ "ISO-8859-3", "windows-1252" }, { "ISO-8859-10", "windows-1252" },
		{ "ISO-8859-14", "windows-1252" },
	};
	const encoding *e;

	for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
		if (strcasecmp(name, alias[i].from) == 0)
			return find_name(alias[i].to);
	e = find_label(name, strlen(name));
	/* A guess never picks an encoding that is refused or odd. */
	if (e != NULL && (e->dec == DEC_REPLACEMENT || e->dec == DEC_USER))
		return NULL;
	return e;
}

/* A guess of a Central European or Baltic encoding for a page that
 * says it is in a language windows-1252 writes: uchardet reads a few
 * accented names on an English page ("Ib\xe1\xf1ez") as Polish or Czech,
 * where the page's own lang says otherwise. */
static int
western_page(const char *data, size_t len, const char *guess)
{
	static const char *const central[] = {
		"ISO-8859-2", "ISO-8859-4", "ISO-8859-13", "ISO-8859-16",
		"windows-1250", "windows-1254", "windows-1257",
	};
	static const char *const western[] = {
		"af", "ca", "da", "de", "en", "es", "eu", "fi", "fo", "fr", "ga",
		"gl", "id", "is", "it", "lb", "ms", "nb", "nl", "nn", "no", "oc",
		"pt", "sv", "sw",
	};
	char lang[ATTR_VALUE_MAX];
	size_t i;

	for (i = 0; i < sizeof central / sizeof central[0] && strcmp(guess, central[i]) != 0; i++)
		;
	if (i == sizeof central / sizeof central[0])
		return 0;
	html_lang(data, len, lang);
	for (i = 0; i < sizeof western / sizeof western[0]; i++)
		if (strcmp(lang, western[i]) == 0)
			return 1;
	return 0;
}

const char *
charset_detect(const char *data, size_t len, int not_utf8)
{
	const unsigned char *p = (const unsigned char *)data;
	const encoding *e = NULL;
	const char *u;
	size_t multi, bad;
	uchardet_t ud;

	if ((u = detect_utf16(p, len)) != NULL)
		return u;
	if (len > DETECT_MAX)
		len = DETECT_MAX;
	if (!not_utf8) {
		utf8_stats(data, len, &multi, &bad);
		/* ISO-2022-JP is seven-bit, and so valid UTF-8: ESC gives it away. */
		if (bad == 0 && memchr(data, 0x1b, len) == NULL)
			return "UTF-8";
		/* UTF-8 with a few broken bytes is still UTF-8. */
		if (multi >= 8 && bad * 20 <= multi)
			return "UTF-8";
	}
	if ((ud = uchardet_new()) == NULL)
		return NULL;
	if (uchardet_handle_data(ud, data, len) == 0) {
		uchardet_data_end(ud);
		u = uchardet_get_charset(ud);
		if (u != NULL && u[0] != '\0')
			e = from_uchardet(u);
	}
	uchardet_delete(ud);
	if (e != NULL && not_utf8 && e->dec == DEC_UTF8)
		e = NULL;
	if (e != NULL && western_page(data, len, e->name))
		e = find_name("windows-1252");
	return e != NULL ? e->name : NULL;
}

/* ------------------------------------------------------------- sniffing */

/* A file format's signature: bytes at an offset, '.' standing for any
 * byte.  A weak one (letters a text may begin with: "BM", "MZ") counts
 * only beside binary bytes in the first few. */
typedef struct {
	size_t at;
	const char *magic;
	size_t len;
	int weak;
	const char *what;
} signature;

#define SIG(at, m, weak, what) { at, m, sizeof m - 1, weak, what }

static const signature signatures[] = {
	SIG(0, "\x89PNG\r\n\x1a\n", 0, "a PNG image"),
	SIG(0, "GIF87a", 0, "a GIF image"),
	SIG(0, "GIF89a", 0, "a GIF image"),
	SIG(0, "\xff\xd8\xff", 0, "a JPEG image"),
	SIG(0, "RIFF....WEBP", 0, "a WebP image"),
	SIG(0, "RIFF....WAVE", 0, "a WAVE audio file"),
	SIG(0, "RIFF....AVI ", 0, "an AVI video"),
	SIG(0, "II*\0", 0, "a TIFF image"),
	SIG(0, "MM\0*", 0, "a TIFF image"),
	SIG(0, "\0\0\1\0", 0, "an icon"),
	SIG(4, "ftypavif", 1, "an AVIF image"),
	SIG(4, "ftypheic", 1, "a HEIF image"),
	SIG(4, "ftypmif1", 1, "a HEIF image"),
	SIG(4, "ftyp", 1, "an MP4 video"),
	SIG(0, "\x1a\x45\xdf\xa3", 0, "a Matroska or WebM video"),
	SIG(0, "OggS\0", 0, "an Ogg audio or video file"),
	SIG(0, "fLaC", 1, "a FLAC audio file"),
	SIG(0, "ID3", 1, "an MP3 audio file"),
	SIG(0, "BM", 1, "a BMP image"),
	SIG(0, "%PDF-", 0, "a PDF document"),
	SIG(0, "PK\3\4", 0, "a zip archive"),
	SIG(0, "PK\5\6", 0, "a zip archive"),
	SIG(0, "PK\7\x08", 0, "a zip archive"),
	SIG(0, "\x1f\x8b", 0, "gzip-compressed data"),
	SIG(0, "\x1f\x9d", 0, "compressed data (compress)"),
	SIG(0, "BZh.1AY&SY", 0, "bzip2-compressed data"),
	SIG(0, "BZh", 1, "bzip2-compressed data"),
	SIG(0, "\xfd" "7zXZ\0", 0, "xz-compressed data"),
	SIG(0, "\x28\xb5\x2f\xfd", 0, "zstd-compressed data"),
	SIG(0, "\x04\x22\x4d\x18", 0, "LZ4-compressed data"),
	SIG(0, "7z\xbc\xaf\x27\x1c", 0, "a 7-Zip archive"),
	SIG(0, "Rar!\x1a\x07", 0, "a RAR archive"),
	SIG(257, "ustar", 1, "a tar archive"),
	SIG(0, "!<arch>\n", 0, "an ar archive"),
	SIG(0, "\xed\xab\xee\xdb", 0, "an RPM package"),
	SIG(0, "\x7f" "ELF", 0, "an ELF executable"),
	SIG(0, "MZ", 1, "a Windows executable"),
	SIG(0, "\xfe\xed\xfa\xce", 0, "a Mach-O executable"),
	SIG(0, "\xfe\xed\xfa\xcf", 0, "a Mach-O executable"),
	SIG(0, "\xce\xfa\xed\xfe", 0, "a Mach-O executable"),
	SIG(0, "\xcf\xfa\xed\xfe", 0, "a Mach-O executable"),
	SIG(0, "\xca\xfe\xba\xbe", 0, "a Java class file"),
	SIG(0, "\0asm", 0, "a WebAssembly module"),
	SIG(0, "wOFF", 1, "a web font"),
	SIG(0, "wOF2", 1, "a web font"),
	SIG(0, "\0\1\0\0\0", 0, "a font"),
	SIG(0, "OTTO", 1, "a font"),
	SIG(0, "SQLite format 3\0", 0, "an SQLite database"),
	SIG(0, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 0, "a Microsoft Office document"),
	SIG(0, "FWS", 1, "a Flash file"),
	SIG(0, "CWS", 1, "a Flash file"),
};

static int
signature_is(const signature *g, const unsigned char *p, size_t len)
{
	if (len < g->at + g->len)
		return 0;
	for (size_t i = 0; i < g->len; i++)
		if (g->magic[i] != '.' && (unsigned char)g->magic[i] != p[g->at + i])
			return 0;
	return 1;
}

/* The MIME Sniffing Standard's binary data bytes: controls that text
 * does not hold (tab, newline, form feed, carriage return and ESC do). */
static int
binary_byte(unsigned char c)
{
	return c <= 0x08 || c == 0x0b || (c >= 0x0e && c <= 0x1a) ||
	    (c >= 0x1c && c <= 0x1f);
}

/* Enough of a page to judge it by; a share of binary bytes above which
 * it is not text.  Compressed or random bytes are one in ten binary; a
 * page with a few stray NULs (tests/hostile has one: 1 %) stays well
 * under. */
enum { SNIFF_SAMPLE = 4096, SNIFF_WEAK = 16, SNIFF_SHARE = 20 /* 1/20 */ };

const char *
charset_sniff(const char *data, size_t len)
{
	const unsigned char *p = (const unsigned char *)data;
	size_t n = len < SNIFF_SAMPLE ? len : SNIFF_SAMPLE, bin = 0, bom;

	if (len == 0 || charset_bom(data, len, &bom) != NULL)
		return NULL;
	for (size_t i = 0; i < sizeof signatures / sizeof signatures[0]; i++) {
		const signature *g = &signatures[i];
		size_t k = 0, end = g->at + g->len + SNIFF_WEAK;

		if (!signature_is(g, p, len))
			continue;
		/* A weak one needs a binary byte in it or just after it. */
		while (g->weak && k < end && k < len && !binary_byte(p[k]))
			k++;
		if (!g->weak || (k < end && k < len))
			return g->what;
	}
	for (size_t i = 0; i < n; i++)
		bin += binary_byte(p[i]);
	/* UTF-16 markup is half zero bytes, and is text. */
	if (bin == 0 || detect_utf16(p, len) != NULL)
		return NULL;
	return bin * SNIFF_SHARE > n ? "binary data" : NULL;
}

/* ------------------------------------------------------------- deciding */

enum { PRESCAN_LEN = 1024, PRESCAN_LATE = 256 << 10 };

/* Is a declared encoding plainly false for these bytes?  Returns the
 * encoding to use instead, or NULL to keep the declaration. */
static const char *
second_opinion(const encoding *e, const char *data, size_t len)
{
	size_t multi, bad, n = len < DETECT_MAX ? len : DETECT_MAX;
	const char *d;

	if (e->dec == DEC_UTF16LE || e->dec == DEC_UTF16BE) {
		/* UTF-16 markup has zero bytes; without any it is a mislabel. */
		if (memchr(data, 0, n < PRESCAN_LEN ? n : PRESCAN_LEN) == NULL && len >= 2)
			return (d = charset_detect(data, len, 0)) != NULL ? d : "windows-1252";
		return NULL;
	}
	if (e->dec == DEC_REPLACEMENT)
		return NULL;
	utf8_stats(data, n, &multi, &bad);
	if (e->dec == DEC_UTF8) {
		/* Mostly malformed: not UTF-8 at all, whatever it says. */
		if (bad > 0 && multi <= bad)
			return (d = charset_detect(data, len, 1)) != NULL ? d : "windows-1252";
		return NULL;
	}
	/* Legacy text is almost never well-formed UTF-8 with non-ASCII in
	 * it; a page that is was saved as UTF-8 and labelled wrongly. */
	if (bad == 0 && multi > 0 && memchr(data, 0x1b, n) == NULL)
		return "UTF-8";
	return NULL;
}

/* The encoding of a page, as charset_decode decides it, and the length
 * of its byte order mark. */
static const char *
decide(const char *data, size_t len, const char *content_type, int html,
       charset_info *info, size_t *bom)
{
	charset_info ci = { NULL, CHARSET_DEFAULT, 0 };
	const encoding *e = NULL;
	const char *name, *other;

	*bom = 0;
	if ((name = charset_bom(data, len, bom)) != NULL) {
		ci.source = CHARSET_BOM;
	} else {
		if ((e = find_name(charset_from_type(content_type))) != NULL)
			ci.source = CHARSET_HTTP;
		if (e == NULL && html) {
			/* The standard's 1024 bytes, then as far as a parser that
			 * meets a later <meta> would go to change the encoding. */
			e = find_name(charset_prescan(data, len < PRESCAN_LEN ? len : PRESCAN_LEN));
			if (e == NULL && len > PRESCAN_LEN)
				e = find_name(charset_prescan(data,
				    len < PRESCAN_LATE ? len : PRESCAN_LATE));
			if (e != NULL)
				ci.source = CHARSET_META;
		}
		if (e != NULL && (other = second_opinion(e, data, len)) != NULL) {
			e = find_name(other);
			ci.source = CHARSET_DETECTED;
			ci.overridden = 1;
		}
		if (e == NULL && (e = find_name(charset_detect(data, len, 0))) != NULL)
			ci.source = CHARSET_DETECTED;
		if (e == NULL)
			e = find_name("windows-1252");
		name = e->name;
	}
	ci.name = name;
	if (info != NULL)
		*info = ci;
	return name;
}

int
charset_decode(const char *data, size_t len, const char *content_type, int html,
               char **out, size_t *outlen, charset_info *info)
{
	size_t bom;
	const char *name = decide(data, len, content_type, html, info, &bom);

	return charset_convert(name, data + bom, len - bom, out, outlen);
}

int
charset_decode_owned(char **data, size_t *len, const char *content_type,
                     int html, charset_info *info)
{
	const char *in = *data != NULL ? *data : "";
	size_t bom, outlen;
	const char *name = decide(in, *len, content_type, html, info, &bom);
	char *out;

	/* Well-formed UTF-8 decodes to itself: no copy. */
	if (bom == 0 && find_name(name)->dec == DEC_UTF8 &&
	    utf8_valid((const unsigned char *)in, *len)) {
		if ((out = realloc(*data, *len + 1)) == NULL)
			return -1;
		out[*len] = '\0';
		*data = out;
		return 0;
	}
	if (charset_convert(name, in + bom, *len - bom, &out, &outlen) != 0)
		return -1;
	free(*data);
	*data = out;
	*len = outlen;
	return 0;
}

charset_kind
charset_kind_of(const char *type)
{
	static const char *const html[] = {
		"text/html", "application/xhtml+xml", "application/xml", "text/xml",
		"application/vnd.wap.xhtml+xml",
	};
	size_t n;

	if (type == NULL)
		return CHARSET_HTML;
	while (*type == ' ' || *type == '\t')
		type++;
	n = strcspn(type, "; \t");
	if (n == 0)
		return CHARSET_HTML;
	for (size_t i = 0; i < sizeof html / sizeof html[0]; i++)
		if (strlen(html[i]) == n && strncasecmp(type, html[i], n) == 0)
			return CHARSET_HTML;
	if (n > 5 && strncasecmp(type, "text/", 5) == 0)
		return CHARSET_TEXT;
	return CHARSET_REFUSED;
}
