/*
 * browser.h - handing a page to the user's web browser ($BROWSER), as
 * w3m's M does.
 */
#ifndef PITH_BROWSER_H
#define PITH_BROWSER_H

#include <stddef.h>
#include "util.h"

/* The shell command that runs one entry of $BROWSER (a command, or one
 * with %s where the address goes) on the address in "$1": the address
 * is never part of the command's text.  0, or -1 when out is too small
 * or the entry is empty. */
int browser_command(const char *entry, size_t len, char *out, size_t size);

/* Run $BROWSER (browser: its value; entries separated by ':' are tried
 * in turn until one succeeds) on address, waiting for it; Ctrl-C goes
 * to the browser, not to us.  0, or -1 with d->msg saying why. */
int browser_open(const char *browser, const char *address, diag *d);

#endif
