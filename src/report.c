/* report.c - the one place the program reports errors. */
#include <stdarg.h>
#include "program.h"

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
