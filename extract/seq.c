/* seq.c - the maximum-sum segment both token methods reduce to. */
#include "internal.h"

bool
seq_maxspan(const double *v, size_t n, double *running, size_t *first,
            size_t *last)
{
	double cur = 0, best = 0;
	size_t start = 0;
	bool found = false;

	for (size_t i = 0; i < n; i++) {
		/* Restart after a prefix that sums to zero or less: it
		 * cannot help, and dropping it keeps ties shortest. */
		if (cur <= 0) {
			cur = 0;
			start = i;
		}
		cur += v[i];
		if (running != NULL)
			running[i] = cur;
		if (cur > best) {
			best = cur;
			*first = start;
			*last = i;
			found = true;
		}
	}
	return found;
}
