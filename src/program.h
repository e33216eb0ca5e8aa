/* program.h - what the pith program's modules share (not the core). */
#ifndef PITH_PROGRAM_H
#define PITH_PROGRAM_H

#include <stddef.h>
#include <stdio.h>
#include "pith.h"

/* Exit statuses, documented in pith(1). */
enum {
	EXIT_ARTICLE = 0,
	EXIT_NOARTICLE = 1,
	EXIT_USAGE = 2,
	EXIT_INPUT = 3
};

/* The one place errors are reported: "pith: ..." on stderr. */
void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A page as read from a file, stdin or the network. */
typedef struct {
	char *data;
	size_t len;
	char *url;            /* where it came from, after redirects */
	char *content_type;   /* from HTTP, or NULL */
} input;

#define INPUT_MAX_SIZE ((size_t)64 << 20)

/* input.c: read arg ("-", a file, or an http(s) URL); 0, or -1 after
 * reporting why. */
int input_read(const char *arg, size_t max, input *in);
void input_free(input *in);
int input_is_url(const char *arg);

/* fetch.c: GET an http(s) URL into *in; 0, or -1 after reporting. */
int fetch_url(const char *url, size_t max, input *in);
const char *fetch_version(void);

/* output.c: the -d formats. */
typedef enum { FORMAT_TEXT, FORMAT_MARKDOWN, FORMAT_JSON } format;
int output_parse_format(const char *name, format *f);
/* Write the article; 0, or -1 after reporting. */
/* text_flags: PITH_TEXT_* for the text and JSON formats. */
int output_dump(const pith_article *a, format f, int width, unsigned text_flags,
                FILE *out);

#endif
