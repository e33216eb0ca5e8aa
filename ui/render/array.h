/*
 * array.h - the renderers' growable arrays: one doubling realloc for
 * layout, tokens, wrap and the link list (a renderer may not include
 * src/util.h, which is a layer above).
 */
#ifndef PITH_ARRAY_H
#define PITH_ARRAY_H

#include <stddef.h>

/* Grow *pp, an array of *cap elements of size bytes, to hold need:
 * 0, or -1 when out of memory (the array as it was). */
int array_grow(void *pp, size_t *cap, size_t need, size_t size);

/* Give back what *pp holds beyond n elements when that is more than
 * n again (memory kept from a bigger use before); never fails. */
void array_trim(void *pp, size_t *cap, size_t n, size_t size);

#endif
