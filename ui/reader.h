/*
 * reader.h - the interactive reader (ncursesw): pith PAGE on a terminal.
 */
#ifndef PITH_READER_H
#define PITH_READER_H

#include "pith.h"
#include "input.h"
#include "theme.h"
#include "util.h"

typedef struct {
	const char *arg;          /* the page: a file, "-" or an http(s) URL */
	const char *url;          /* -u: the first page's address, or NULL */
	const char *algorithm;    /* NULL: the default */
	const pith_params *params;
	int width;                /* the text's measure; 0: the whole screen,
	                             < 0: the default (80) */
	const theme *theme;       /* NULL: dark, or mono without colours */
	const char *save_dir;     /* NULL or "": the current directory */
	int bidi;                 /* right-to-left text in visual order */
	int bidi_shape;           /*   Arabic in presentation forms */
	int hyphenate;            /* break long words at the dictionary's points */
	int justify;              /* paragraphs flush with both margins */
	const char *warning;      /* shown first in the message line, or NULL */
	const input_options *input;  /* how pages are fetched, or NULL */
	/* Called with each page parsed, before extraction: learns it and
	 * gives its site's statistics for -a site (kept by the callee until
	 * the next call), with a warning to show in d.  key is the page's
	 * address, NULL for a file.  NULL: no site statistics. */
	const pith_site *(*site)(void *ctx, const pith_doc *doc, const char *key,
	                         diag *d);
	void *site_ctx;
} reader_options;

/* Run the reader until the user quits: 0 (q), 1 (Ctrl-C), or -1 with
 * d->msg saying why when the first page cannot be shown (the screen is
 * restored then). */
int reader_run(const reader_options *o, diag *d);

#endif
