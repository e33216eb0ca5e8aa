/*
 * cmd.h - the commands: pith itself and each subcommand (pith NAME ...),
 * one file each with its entry, listed in one table (main.c); what they
 * share: exit statuses and reporting.  Only commands and the reader
 * print; the services below them fill a diag.
 */
#ifndef PITH_CMD_H
#define PITH_CMD_H

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
	EXIT_INPUT = 3,
	EXIT_INTERRUPTED = 130   /* the reader quit by Ctrl-C, as shells expect */
};

typedef struct {
	const char *name;      /* pith NAME ...; "" for pith itself */
	int (*main)(int argc, char **argv);  /* argv[0] is the name */
	const char *usage;     /* what --help prints */
	const char *prefix;    /* what its messages start with: "batch: " */
} cmd_entry;

extern const cmd_entry cmd_pith_entry, cmd_batch_entry, cmd_eval_entry,
    cmd_learn_entry, cmd_train_entry;

/* A usage error of command c: "pith: PREFIX<fmt with arg> (see pith
 * NAME --help)" on stderr.  Returns EXIT_USAGE. */
int cmd_usage(const cmd_entry *c, const char *fmt, const char *arg);

/* What every command does with three of getopt_long's answers (its
 * optstring starting with ':'): 'h' prints c's usage (0), ':' and '?'
 * are usage errors naming the option as written, "-x" even inside a
 * cluster (EXIT_USAGE).  -1 for any other option, the command's own. */
int cmd_option(const cmd_entry *c, int ch, char **argv);

/* The one place errors are reported: "pith: ..." on stderr. */
void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* s to out as one field of a table: controls (tabs and newlines too),
 * bidi controls and invalid bytes escaped as report does for a pipe. */
void report_field(const char *s, FILE *out);
/* A service's warnings, then its error when failed: each as report. */
void report_diag(const diag *d, int failed);

/* A progress line on stderr (a terminal), cleared when done; ctx is an
 * int that says whether it is drawn. */
int report_progress(void *ctx, const char *url, const fetch_progress *p);

#endif
