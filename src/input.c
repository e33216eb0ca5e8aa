/* input.c - a page from a file, standard input or the network. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "program.h"

int
input_is_url(const char *arg)
{
	return strncasecmp(arg, "http://", 7) == 0 ||
	    strncasecmp(arg, "https://", 8) == 0;
}

/* Read all of f, refusing more than max bytes. */
static int
read_stream(FILE *f, const char *name, size_t max, input *in)
{
	size_t cap = 65536, n;
	char *p;

	if ((in->data = malloc(cap)) == NULL) {
		report("%s: out of memory", name);
		return -1;
	}
	for (;;) {
		if (in->len == cap) {
			if (cap > max) {
				report("%s: larger than %zu MB", name, max >> 20);
				return -1;
			}
			cap *= 2;
			if ((p = realloc(in->data, cap)) == NULL) {
				report("%s: out of memory", name);
				return -1;
			}
			in->data = p;
		}
		n = fread(in->data + in->len, 1, cap - in->len, f);
		in->len += n;
		if (in->len > max) {
			report("%s: larger than %zu MB", name, max >> 20);
			return -1;
		}
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		report("%s: %s", name, strerror(errno));
		return -1;
	}
	return 0;
}

int
input_read(const char *arg, size_t max, input *in)
{
	FILE *f;
	int rc;
	const char *colon = strstr(arg, "://");

	memset(in, 0, sizeof *in);
	if (input_is_url(arg))
		return fetch_url(arg, max, in);
	if (colon != NULL && colon > arg && strspn(arg, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-") == (size_t)(colon - arg)) {
		report("%s: only http and https addresses are supported", arg);
		return -1;
	}
	if (strcmp(arg, "-") == 0)
		return read_stream(stdin, "stdin", max, in);
	if ((f = fopen(arg, "rb")) == NULL) {
		report("%s: %s", arg, strerror(errno));
		return -1;
	}
	rc = read_stream(f, arg, max, in);
	fclose(f);
	return rc;
}

void
input_free(input *in)
{
	free(in->data);
	free(in->url);
	free(in->content_type);
	memset(in, 0, sizeof *in);
}
