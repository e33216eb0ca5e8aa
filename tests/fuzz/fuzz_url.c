/*
 * fuzz_url.c - libFuzzer: base and reference for pith_url_resolve(),
 * split at the first newline (no newline: the whole input is the
 * reference, resolved against a fixed base and against none).
 *
 * url.c promises that no URL it returns carries a control character
 * (C0, DEL, C1) or a space: they are trimmed or percent-encoded.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pith.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A string on stderr, C-escaped. */
static void
show(const char *s)
{
	if (s == NULL) {
		fputs("NULL", stderr);
		return;
	}
	fputc('"', stderr);
	for (const unsigned char *u = (const unsigned char *)s; *u; u++)
		fprintf(stderr, *u < 0x20 || *u >= 0x7f || *u == '"' ||
		    *u == '\\' ? "\\x%02x" : "%c", *u);
	fputc('"', stderr);
}

static void
check(const char *base, const char *ref, const char *out)
{
	const unsigned char *u = (const unsigned char *)out;

	if (out == NULL) {
		fprintf(stderr, "fuzz_url: NULL on a small input\n");
		abort();
	}
	for (size_t i = 0; u[i]; i++) {
		if (u[i] <= 0x20 || u[i] == 0x7f ||
		    (u[i] == 0xc2 && u[i + 1] >= 0x80 && u[i + 1] <= 0x9f)) {
			fprintf(stderr, "fuzz_url: byte 0x%02x at %zu of ", u[i], i);
			show(out);
			fputs(", base ", stderr);
			show(base);
			fputs(", ref ", stderr);
			show(ref);
			fputc('\n', stderr);
			abort();
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Strings end at NUL, as they would coming from the parser. */
	char *s = malloc(size + 1), *nl, *out;

	if (s == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if ((nl = memchr(s, '\n', size)) != NULL) {
		*nl = '\0';
		out = pith_url_resolve(s, nl + 1);
		check(s, nl + 1, out);
		free(out);
	} else {
		static const char base[] = "https://user@example.org:8080/a/b/c.html?q=1#f";

		out = pith_url_resolve(base, s);
		check(base, s, out);
		free(out);
		out = pith_url_resolve(NULL, s);
		check(NULL, s, out);
		free(out);
	}
	free(s);
	return 0;
}
