/*
 * bench.h - what the bench tools share: a monotonic clock in seconds and
 * a whole file read into memory (gunzipped when it is gzip).
 */
#ifndef PITH_BENCH_H
#define PITH_BENCH_H

#include <stdlib.h>
#include <time.h>
#include <zlib.h>

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *
slurp(const char *path, size_t *len)
{
	gzFile f = gzopen(path, "rb");
	size_t cap = 1 << 16, n = 0;
	char *d = malloc(cap + 1);
	int got;

	if (f == NULL || d == NULL) {
		if (f != NULL)
			gzclose(f);
		free(d);
		return NULL;
	}
	while ((got = gzread(f, d + n, (unsigned)(cap - n))) > 0) {
		n += (size_t)got;
		if (n == cap) {
			char *p = realloc(d, cap * 2 + 1);

			if (p == NULL)
				break;
			d = p;
			cap *= 2;
		}
	}
	gzclose(f);
	d[n] = '\0';
	*len = n;
	return d;
}

#endif
