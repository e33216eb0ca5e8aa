/* report.c - the one place the program reports errors. */
#include <stdarg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "cmd.h"

void
report(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("pith: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int
cmd_usage(const cmd_entry *c, const char *fmt, const char *arg)
{
	fprintf(stderr, "pith: %s", c->prefix);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see pith %s%s--help)\n", c->name, c->name[0] ? " " : "");
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
