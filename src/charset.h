/*
 * charset.h - a page's bytes to UTF-8, decided the way the HTML standard
 * says: a byte order mark, the HTTP charset, the <meta> prescan of the
 * first 1024 bytes, detection (uchardet), then windows-1252.
 *
 * Encodings are named as the WHATWG Encoding Standard names them
 * ("windows-1252", "Shift_JIS", "UTF-16LE"); every function returns those
 * static strings, never a copy.
 */
#ifndef PITH_CHARSET_H
#define PITH_CHARSET_H

#include <stddef.h>

/* Where the decision came from. */
typedef enum {
	CHARSET_BOM,
	CHARSET_HTTP,          /* the Content-Type header */
	CHARSET_META,          /* <meta charset>, http-equiv or <?xml encoding> */
	CHARSET_DETECTED,      /* the bytes themselves */
	CHARSET_DEFAULT        /* nothing said or found: windows-1252 */
} charset_source;

typedef struct {
	const char *name;      /* the encoding the bytes were read in */
	charset_source source;
	int overridden;        /* a declaration was wrong and was not used */
} charset_info;

/* The encoding a label names ("latin1", " UTF8 ", "x-sjis"), or NULL when
 * the Encoding Standard knows no such label.  len bytes of label. */
const char *charset_lookup(const char *label, size_t len);

/* The charset parameter of a Content-Type value as an encoding, or NULL
 * when there is none or it names no known encoding. */
const char *charset_from_type(const char *content_type);

/* A byte order mark at the start: the encoding, its length in *bomlen;
 * NULL when there is none. */
const char *charset_bom(const char *data, size_t len, size_t *bomlen);

/* The HTML standard's prescan of data[0 .. len) for <meta charset>,
 * <meta http-equiv content> and <?xml encoding>; NULL when it finds
 * nothing.  The caller chooses len (the standard: 1024). */
const char *charset_prescan(const char *data, size_t len);

/* Guess the encoding of undeclared bytes: UTF-16 by its zero bytes, UTF-8
 * when the bytes are UTF-8, else uchardet; NULL when nothing is sure.
 * not_utf8: the bytes are known not to be UTF-8 (a false declaration). */
const char *charset_detect(const char *data, size_t len, int not_utf8);

/* Whether bytes that should be a page are binary data, judged before
 * any decoding: a file format's signature (PNG, PDF, zip, gzip, ELF,
 * ...), else binary data bytes (the MIME Sniffing Standard's controls)
 * in more than 1 of 20 of the first 4 KB.  A byte order mark, UTF-16's
 * zero bytes or a few stray NULs in a page are text.  Returns what the
 * bytes look like ("a PNG image", "binary data"), or NULL for text. */
const char *charset_sniff(const char *data, size_t len);

/* Convert len bytes in encoding name to UTF-8.  Every malformed sequence
 * becomes U+FFFD; nothing is dropped.  *out is malloc'd and NUL-terminated
 * (it may hold NULs of its own: use *outlen).  0, or -1 when out of
 * memory. */
int charset_convert(const char *name, const char *data, size_t len,
                    char **out, size_t *outlen);

/* Decide the encoding of a page (content_type may be NULL; html enables
 * the <meta> prescan) and convert it, without its byte order mark.  info
 * may be NULL.  0, or -1 when out of memory. */
int charset_decode(const char *data, size_t len, const char *content_type,
                   int html, char **out, size_t *outlen, charset_info *info);

/* charset_decode on *data (malloc'd, *len bytes), in place: *data and
 * *len become the UTF-8, the same block when the page already was
 * well-formed UTF-8 without a byte order mark (a page is seldom
 * anything else, and then is not copied).  0, or -1 when out of memory,
 * *data left as it was. */
int charset_decode_owned(char **data, size_t *len, const char *content_type,
                         int html, charset_info *info);

/* What a Content-Type is to pith (NULL: HTML): a page, plain text (shown
 * as a <pre>), or something else. */
typedef enum { CHARSET_HTML, CHARSET_TEXT, CHARSET_REFUSED } charset_kind;
charset_kind charset_kind_of(const char *content_type);

#endif
