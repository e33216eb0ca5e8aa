/*
 * array.c - growable arrays; see array.h.
 */
#include "array.h"

#include <stdint.h>
#include <stdlib.h>

int
array_grow(void *pp, size_t *cap, size_t need, size_t size)
{
	void **p = pp, *q;
	size_t n = *cap ? *cap : 16;

	if (need <= *cap)
		return 0;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			return -1;
		n *= 2;
	}
	if ((q = realloc(*p, n * size)) == NULL)
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

void
array_trim(void *pp, size_t *cap, size_t n, size_t size)
{
	void **p = pp, *q;

	if (*cap <= 2 * n + 16)
		return;
	if (n == 0) {
		free(*p);
		*p = NULL;
		*cap = 0;
	} else if ((q = realloc(*p, n * size)) != NULL) {
		*p = q;
		*cap = n;
	}
}
