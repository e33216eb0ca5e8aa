/* util.c - errors, buffers and the string arena the core shares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

const char *
pith_strerror(pith_code code)
{
	switch (code) {
	case PITH_OK:         return "success";
	case PITH_ENOMEM:     return "out of memory";
	case PITH_EINVAL:     return "invalid argument";
	case PITH_EPARSE:     return "cannot parse the page";
	case PITH_ELIMIT:     return "input exceeds a limit";
	case PITH_ENOARTICLE: return "no article found";
	}
	return "unknown error";
}

pith_code
err_set(pith_error *err, pith_code code, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL) {
		err->code = code;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
	}
	return code;
}

bool
grow(void *p, size_t *cap, size_t n, size_t sz)
{
	void **arr = p;
	size_t c = *cap ? *cap : 16;
	void *q;

	if (n <= *cap)
		return true;
	while (c < n) {
		if (c > ((size_t)-1) / 2 / sz)
			return false;
		c *= 2;
	}
	if ((q = realloc(*arr, c * sz)) == NULL)
		return false;
	*arr = q;
	*cap = c;
	return true;
}

void
buf_put(buf *b, const void *p, size_t n)
{
	if (b->oom || n == 0)
		return;
	if (b->len + n + 1 < b->len || !grow(&b->data, &b->cap, b->len + n + 1, 1)) {
		b->oom = true;
		return;
	}
	memcpy(b->data + b->len, p, n);
	b->len += n;
}

void
buf_puts(buf *b, const char *s)
{
	buf_put(b, s, strlen(s));
}

void
buf_putc(buf *b, char c)
{
	buf_put(b, &c, 1);
}

void
buf_free(buf *b)
{
	free(b->data);
	memset(b, 0, sizeof *b);
}

char *
buf_finish(buf *b, size_t *len)
{
	char *s;

	if (!b->oom && !grow(&b->data, &b->cap, b->len + 1, 1))
		b->oom = true;
	if (b->oom) {
		buf_free(b);
		return NULL;
	}
	b->data[b->len] = '\0';
	s = b->data;
	if (len != NULL)
		*len = b->len;
	memset(b, 0, sizeof *b);
	return s;
}

/* Chunks of at least 16 KiB; a larger string gets a chunk of its own. */
struct arena_chunk {
	arena_chunk *next;
	size_t used, cap;
	char data[];
};

char *
arena_strndup(arena *a, const char *s, size_t n)
{
	arena_chunk *c = a->head;
	char *p;

	if (c == NULL || c->cap - c->used < n + 1) {
		size_t cap = n + 1 > 16384 ? n + 1 : 16384;

		if ((c = malloc(sizeof *c + cap)) == NULL)
			return NULL;
		c->used = 0;
		c->cap = cap;
		c->next = a->head;
		a->head = c;
	}
	p = c->data + c->used;
	memcpy(p, s, n);
	p[n] = '\0';
	c->used += n + 1;
	return p;
}

void
arena_free(arena *a)
{
	arena_chunk *c, *next;

	for (c = a->head; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
}
