/* program.h - what the commands share: exit statuses and reporting. */
#ifndef PITH_PROGRAM_H
#define PITH_PROGRAM_H

#include <stddef.h>
#include <stdio.h>
#include "pith.h"
#include "fetch.h"
#include "input.h"
#include "output.h"
#include "util.h"

/* Exit statuses, documented in pith(1). */
enum {
	EXIT_ARTICLE = 0,
	EXIT_NOARTICLE = 1,
	EXIT_USAGE = 2,
	EXIT_INPUT = 3
};

/* The one place errors are reported: "pith: ..." on stderr. */
void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A service's warnings, then its error when failed: each as report. */
void report_diag(const diag *d, int failed);

/* A progress line on stderr (a terminal), cleared when done; ctx is an
 * int that says whether it is drawn. */
int report_progress(void *ctx, const char *url, const fetch_progress *p);

#endif
