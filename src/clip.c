/*
 * clip.c - the clipboard through the terminal; see clip.h.
 */
#include "clip.h"

#include <stdlib.h>
#include <string.h>

#include "layout.h"

size_t
clip_base64(const unsigned char *in, size_t n, char *out)
{
	static const char abc[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t k = 0, i;

	for (i = 0; i + 2 < n; i += 3) {
		unsigned long v = (unsigned long)in[i] << 16 | (unsigned long)in[i + 1] << 8 | in[i + 2];

		out[k++] = abc[v >> 18 & 63];
		out[k++] = abc[v >> 12 & 63];
		out[k++] = abc[v >> 6 & 63];
		out[k++] = abc[v & 63];
	}
	if (i < n) {
		unsigned long v = (unsigned long)in[i] << 16 |
		    (i + 1 < n ? (unsigned long)in[i + 1] << 8 : 0);

		out[k++] = abc[v >> 18 & 63];
		out[k++] = abc[v >> 12 & 63];
		out[k++] = i + 1 < n ? abc[v >> 6 & 63] : '=';
		out[k++] = '=';
	}
	out[k] = '\0';
	return k;
}

int
clip_osc52(const char *text, char **out, size_t *len)
{
	static const char head[] = "\033]52;c;";
	size_t n = strlen(text), k;
	char *clean, *s;

	*out = NULL;
	*len = 0;
	if (n > CLIP_MAX || (clean = malloc(3 * n + 1)) == NULL)
		return -1;
	/* The control-sequence filter: what reaches the clipboard is what
	 * the screen would show. */
	k = layout_clean(text, n, 0, clean, 3 * n + 1);
	if ((s = malloc(sizeof head - 1 + 4 * ((k + 2) / 3) + 2)) == NULL) {
		free(clean);
		return -1;
	}
	memcpy(s, head, sizeof head - 1);
	n = sizeof head - 1 + clip_base64((const unsigned char *)clean, k, s + sizeof head - 1);
	s[n++] = '\a';
	s[n] = '\0';
	free(clean);
	*out = s;
	*len = n;
	return 0;
}
