/* report.c - the one place the program reports errors. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "cmd.h"
#include "layout.h"

/* "pith: " and msg as one line of stderr.  A message names files, WARC
 * records and pages, any of which may hold escape sequences: to a
 * terminal it passes the reader's filter, elsewhere what the filter
 * drops is escaped (\x1b), so a log read later is as safe and loses
 * nothing. */
static void
report_line(const char *msg)
{
	size_t n = strlen(msg), size = 4 * n + 1;
	char *safe = malloc(size);

	fflush(stdout);
	if (safe == NULL) {
		fputs("pith: out of memory\n", stderr);
		return;
	}
	if (isatty(STDERR_FILENO))
		layout_clean(msg, n, 0, safe, size);
	else
		layout_escape(msg, n, safe, size);
	fprintf(stderr, "pith: %s\n", safe);
	free(safe);
}

/* The option getopt complained about, as the user wrote it: a long
 * one whole, a short one alone (the cluster "-xd" is not its name). */
static const char *
option_name(const char *arg, int opt)
{
	static char o[3];

	if (strncmp(arg, "--", 2) == 0 || opt <= 0 || opt > 127)
		return arg;
	o[0] = '-';
	o[1] = (char)opt;
	return o;
}

int
cmd_option(const cmd_entry *c, int ch, char **argv)
{
	if (ch == 'h') {
		fputs(c->usage, stdout);
		return 0;
	}
	if (ch == ':')
		return cmd_usage(c, "option '%s' needs a value",
		    option_name(argv[optind - 1], optopt));
	if (ch == '?')
		return cmd_usage(c, "unknown option '%s'",
		    option_name(argv[optind - 1], optopt));
	return -1;
}

void
report_field(const char *s, FILE *out)
{
	size_t n = strlen(s), size = 4 * n + 1;
	char *safe = malloc(size);

	if (safe == NULL) {
		fputs("?", out);
		return;
	}
	layout_escape(s, n, safe, size);
	fputs(safe, out);
	free(safe);
}

/* fmt's message, malloc'd; NULL when out of memory. */
static char *
report_format(const char *fmt, va_list ap)
{
	va_list aq;
	char *msg;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0 || (msg = malloc((size_t)n + 1)) == NULL)
		return NULL;
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	return msg;
}

void
report(const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = report_format(fmt, ap);
	va_end(ap);
	report_line(msg != NULL ? msg : "out of memory");
	free(msg);
}

int
cmd_usage(const cmd_entry *c, const char *fmt, const char *arg)
{
	char *what, *msg = NULL;
	size_t n;

	/* fmt is the command's own, with one %s for arg. */
	n = (size_t)snprintf(NULL, 0, fmt, arg) + 1;
	if ((what = malloc(n)) != NULL) {
		snprintf(what, n, fmt, arg);
		n += strlen(c->prefix) + strlen(c->name) + 32;
		if ((msg = malloc(n)) != NULL)
			snprintf(msg, n, "%s%s (see pith %s%s--help)", c->prefix, what,
			    c->name, c->name[0] ? " " : "");
	}
	report_line(msg != NULL ? msg : "out of memory");
	free(what);
	free(msg);
	return EXIT_USAGE;
}

void
report_diag(const diag *d, int failed)
{
	const char *w;

	for (size_t i = 0; (w = diag_warning(d, i)) != NULL; i++)
		report("%s", w);
	if (failed)
		report("%s", d->msg);
}

int
report_progress(void *ctx, const char *url, const fetch_progress *p)
{
	int *drawn = ctx;
	char line[512], got[32], total[32], rate[32];
	struct winsize ws;
	size_t cols = 80, n, k = 0;
	const char *host = strstr(url, "://");

	if (p->done) {
		if (*drawn)
			fputs("\r\033[K", stderr);
		*drawn = 0;
		return 0;
	}
	/* A quick page shows no bar at all. */
	if (p->elapsed < 0.5)
		return 0;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
		cols = ws.ws_col;
	util_format_size(p->got, got, sizeof got);
	util_format_size((size_t)p->rate, rate, sizeof rate);
	if (p->total > 0) {
		util_format_size(p->total, total, sizeof total);
		n = (size_t)snprintf(line, sizeof line, "pith: %s of %s (%d%%), %s/s  ",
		    got, total, (int)(p->got * 100.0 / p->total), rate);
	} else {
		n = (size_t)snprintf(line, sizeof line, "pith: %s, %s/s  ", got, rate);
	}
	/* Then as much of the address as fits, printable ASCII only. */
	host = host != NULL ? host + 3 : url;
	for (k = n; k + 1 < sizeof line && k + 1 < cols && *host; host++)
		if (*host > 0x20 && *host < 0x7f)
			line[k++] = *host;
	line[k < cols ? k : cols - 1] = '\0';
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	*drawn = 1;
	return 0;
}
