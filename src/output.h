/*
 * output.h - an article in the dump formats: wrapped text, Markdown,
 * JSON and HTML; shared by -d and batch so their records agree.
 */
#ifndef PITH_OUTPUT_H
#define PITH_OUTPUT_H

#include <stddef.h>
#include <stdio.h>
#include "hyphenate.h"
#include "pith.h"
#include "util.h"

typedef enum { FORMAT_TEXT, FORMAT_MARKDOWN, FORMAT_JSON, FORMAT_HTML } format;
int output_parse_format(const char *name, format *f);

/* text_flags beside PITH_TEXT_*: hyphenate wrapped text at the page's
 * language's dictionary points (hyphenate.h). */
enum { OUTPUT_HYPHENATE = 1u << 16 };

/* Write the article to out in format f, text wrapped at width (0: not
 * wrapped); text_flags: PITH_TEXT_* for the text and JSON formats, and
 * OUTPUT_HYPHENATE.  To
 * a terminal, through the reader's filter (output_put_safe).  0, or -1
 * with d->msg saying why.  Thread-safe, for batch's workers. */
int output_write(const pith_article *a, format f, int width, unsigned text_flags,
                 FILE *out, diag *d);
/* Append s[0..n) wrapped at width columns (0: not wrapped), table
 * cells separated by " | ", long words hyphenated with hy (NULL: not):
 * 0, or -1 (and b->oom) when out of memory. */
int output_wrap(util_buf *b, const char *s, size_t n, int width,
                const hyphenator *hy);
/* -f json's object (url, title, byline, ..., algorithm, text) of an
 * article whose body text is body; NULL when out of memory. */
struct json_t;
struct json_t *output_json(const pith_article *a, const char *body);
/* A JSON string of UTF-8 s, invalid bytes as U+FFFD; JSON null for NULL;
 * NULL when out of memory. */
struct json_t *output_jstr(const char *s);
/* What a file or a pipe must not carry, since it reaches a terminal
 * later (cat, less -r): control characters but newline and tab, C1
 * controls, bidi embeddings, overrides and isolates (U+202A..202E,
 * U+2066..2069: text shown in another order than it is) and tag
 * characters (U+E0000..E007F: invisible text).  Removed from s[0..n)
 * in place; returns the new length. */
size_t output_strip(char *s, size_t n);
/* Write n bytes of text to a terminal through the reader's filter (no
 * escape sequences, controls or bidi overrides); 0, or -1 on OOM. */
int output_put_safe(const char *s, size_t n, FILE *out);

#endif
