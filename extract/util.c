/* util.c - errors, buffers, the string arena and the time budget the
 * core shares. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistr.h>
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

/* Chunks of 16 KiB, doubling to 64 KiB: under malloc's mmap threshold,
 * so one document after another reuses the heap's pages.  A block over
 * half a chunk gets a chunk of its own, linked behind the one being
 * filled so that one keeps its room. */
enum { ARENA_FIRST = 16384, ARENA_MAX = 65536 };

struct arena_chunk {
	arena_chunk *next;
	size_t used, cap;
	char data[];
};

/* arena_take's way when the head chunk is full: a new chunk. */
static void *
arena_grow(arena *a, size_t n)
{
	arena_chunk *c = a->head;
	size_t cap = c == NULL ? ARENA_FIRST : c->cap >= ARENA_MAX / 2 ? ARENA_MAX :
	    c->cap * 2;

	if (n > cap / 2)
		cap = n;
	/* The header keeps data at a multiple of 8. */
	if (n > SIZE_MAX - sizeof *c || (c = malloc(sizeof *c + cap)) == NULL)
		return NULL;
	c->used = n;
	c->cap = cap;
	if (cap == n && a->head != NULL) {
		c->next = a->head->next;
		a->head->next = c;
	} else {
		c->next = a->head;
		a->head = c;
	}
	return c->data;
}

/* n bytes at a multiple of align (1 or 8); NULL when out of memory.
 * Inline: gumbo takes a block for every node, string and list. */
static inline void *
arena_take(arena *a, size_t n, size_t align)
{
	arena_chunk *c = a->head;

	if (c != NULL) {
		size_t at = (c->used + align - 1) & ~(align - 1);

		if (at <= c->cap && c->cap - at >= n) {
			c->used = at + n;
			return c->data + at;
		}
	}
	return arena_grow(a, n);
}

char *
arena_strndup(arena *a, const char *s, size_t n)
{
	char *p = arena_take(a, n + 1, 1);

	if (p == NULL)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* A block of gumbo's follows a word holding its size, or ARENA_OWN for
 * a block of malloc's own: one of ARENA_BIG bytes or more, in the list
 * a->big.  Those are gumbo's growing string buffers, which it frees at
 * each doubling; kept in the arena, every size a 50 MB text passed
 * through would stay.  A small block gumbo frees (a fifth of what it
 * takes: tokens, buffers) waits in a->spare for the next of its size. */
enum { ARENA_BIG = 32768 };
#define ARENA_OWN SIZE_MAX

struct arena_big {
	arena_big *prev, *next;
	size_t size;             /* ARENA_OWN: the word before the block */
};

void *
arena_gumbo_alloc(void *userdata, size_t n)
{
	arena *a = userdata;
	size_t *w, k;

	if (n >= ARENA_BIG) {
		arena_big *b = n <= SIZE_MAX - sizeof *b ? malloc(sizeof *b + n) : NULL;

		if (b == NULL)
			return NULL;
		*b = (arena_big){ .next = a->big, .size = ARENA_OWN };
		if (a->big != NULL)
			a->big->prev = b;
		a->big = b;
		return b + 1;
	}
	n = (n + 7) & ~(size_t)7;
	if ((k = n / 8) < ARENA_SPARE && a->spare[k] != NULL) {
		void **p = a->spare[k];

		a->spare[k] = *p;
		return p;
	}
	if ((w = arena_take(a, sizeof *w + (n ? n : 8), 8)) == NULL)
		return NULL;
	*w = n;
	return w + 1;
}

void
arena_gumbo_free(void *userdata, void *p)
{
	arena *a = userdata;
	size_t *w = p;

	if (p == NULL)
		return;
	if (w[-1] == ARENA_OWN) {
		arena_big *b = (arena_big *)p - 1;

		if (b->prev != NULL)
			b->prev->next = b->next;
		else
			a->big = b->next;
		if (b->next != NULL)
			b->next->prev = b->prev;
		free(b);
	} else if (w[-1] / 8 < ARENA_SPARE) {
		*(void **)p = a->spare[w[-1] / 8];
		a->spare[w[-1] / 8] = p;
	}
}

void
arena_free(arena *a)
{
	arena_chunk *c, *next;
	arena_big *b, *bnext;

	for (c = a->head; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	for (b = a->big; b != NULL; b = bnext) {
		bnext = b->next;
		free(b);
	}
	memset(a, 0, sizeof *a);
}

size_t
str_control_len(const unsigned char *s, size_t n)
{
	if (n == 0)
		return 0;
	if (s[0] < 0x20 || s[0] == 0x7f)
		return 1;
	if (s[0] == 0xc2 && n > 1 && s[1] >= 0x80 && s[1] <= 0x9f)
		return 2;
	return 0;
}

char *
str_clean(arena *a, const char *s, size_t n, size_t max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t cap = n < max ? n : max, o = 0, i = 0;
	bool space = false;
	char *t, *r;

	if ((t = malloc(cap + 1)) == NULL)
		return NULL;
	while (i < n) {
		size_t k, m;
		ucs4_t uc;
		int len;

		if (u[i] == ' ' || u[i] == '\t' || u[i] == '\n' || u[i] == '\r' ||
		    u[i] == '\f') {
			space = o > 0;
			i++;
			continue;
		}
		if ((k = str_control_len(u + i, n - i)) > 0) {
			i += k;
			continue;
		}
		/* Whole characters only: a broken sequence is left out, and
		 * so is a lone byte of one, as gumbo makes of a reference
		 * too large for its counter (&#8211666...;). */
		if ((len = u8_mbtoucr(&uc, u + i, n - i)) < 0) {
			i++;
			continue;
		}
		m = (size_t)len;
		if (o + (space ? 1 : 0) + m > cap)
			break;
		if (space)
			t[o++] = ' ';
		space = false;
		memcpy(t + o, u + i, m);
		o += m;
		i += m;
	}
	r = arena_strndup(a, t, o);
	free(t);
	return r;
}

/* Whether an inline style hides its element: "display: none" or
 * "visibility: hidden", with any spacing and case, the property name
 * standing on its own ("min-display" is another property). */
static bool
style_is(const char *style, const char *prop, const char *val)
{
	size_t m = strlen(prop);

	for (const char *st = style; *st; st++) {
		const char *p = st + m;

		/* prop is lower case: most bytes fail on the first letter,
		 * without a call. */
		if ((*st | 0x20) != prop[0] || strncasecmp(st, prop, m) != 0 ||
		    (st > style && (isalnum((unsigned char)st[-1]) ||
		    st[-1] == '-' || st[-1] == '_')))
			continue;
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f')
			p++;
		if (*p++ != ':')
			continue;
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f')
			p++;
		if (strncasecmp(p, val, strlen(val)) == 0)
			return true;
	}
	return false;
}

bool
str_has_word(const char *list, const char *word, bool icase)
{
	size_t n = strlen(word);

	for (const char *p = list; p != NULL && *p != '\0'; ) {
		size_t k;

		p += strspn(p, " \t\n\r\f");
		k = strcspn(p, " \t\n\r\f");
		if (k == n && n > 0 && (icase ? strncasecmp(p, word, n) : memcmp(p, word, n)) == 0)
			return true;
		p += k;
	}
	return false;
}

bool
str_cjk(unsigned int c)
{
	return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) ||
	    (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) ||
	    (c >= 0x20000 && c <= 0x2ffff);
}

bool
str_unspaced(unsigned int c)
{
	return (c >= 0x0e00 && c <= 0x0fff) || (c >= 0x1000 && c <= 0x109f) ||
	    (c >= 0x1780 && c <= 0x17ff);
}

bool
str_style_hides(const char *s)
{
	return s != NULL && (style_is(s, "display", "none") ||
	    style_is(s, "visibility", "hidden"));
}

bool
str_hidden_hides(const char *h)
{
	/* A collapsed accordion's panel (GOV.UK's, the design systems'
	 * after it): the page's text, searchable and shown on a click. */
	return h != NULL && strcasecmp(h, "until-found") != 0;
}

bool
node_hidden(const node_attrs *a)
{
	if (str_hidden_hides(a->hidden) || str_style_hides(a->style))
		return true;
	if (a->aria_hidden != NULL && strcmp(a->aria_hidden, "true") == 0 &&
	    (a->klass == NULL || strstr(a->klass, "fallback-image") == NULL))
		return true;
	return a->role != NULL && strcmp(a->role, "dialog") == 0 &&
	    a->aria_modal != NULL && strcmp(a->aria_modal, "true") == 0;
}

/* ---- the time budget.  The clock is the thread's processor time: it
 * measures the work, so a busy machine (or a sanitizer's pace) does not
 * fail a page that a quiet one reads. */
#define BUDGET_CLOCK CLOCK_THREAD_CPUTIME_ID
enum { BUDGET_TICKS = 4096 };   /* loop heads between two clock reads */

void
budget_start(budget *bg, double seconds)
{
	struct timespec now;

	memset(bg, 0, sizeof *bg);
	/* Negative, infinite or NaN: no limit. */
	if (!(seconds > 0) || !isfinite(seconds) || seconds > 1e9)
		return;
	clock_gettime(BUDGET_CLOCK, &now);
	bg->deadline.tv_sec = now.tv_sec + (time_t)seconds;
	bg->deadline.tv_nsec = now.tv_nsec +
	    (long)((seconds - (double)(time_t)seconds) * 1e9);
	if (bg->deadline.tv_nsec >= 1000000000L) {
		bg->deadline.tv_sec++;
		bg->deadline.tv_nsec -= 1000000000L;
	}
	bg->on = true;
}

bool
budget_expired(budget *bg)
{
	struct timespec now;

	if (!bg->on || bg->expired)
		return bg->expired;
	clock_gettime(BUDGET_CLOCK, &now);
	bg->expired = now.tv_sec > bg->deadline.tv_sec ||
	    (now.tv_sec == bg->deadline.tv_sec &&
	    now.tv_nsec >= bg->deadline.tv_nsec);
	return bg->expired;
}

bool
budget_tick(budget *bg)
{
	if (!bg->on)
		return false;
	if (++bg->ticks % BUDGET_TICKS != 0)
		return bg->expired;
	return budget_expired(bg);
}

bool
budget_stop(budget *bg)
{
	bool expired = budget_expired(bg);

	memset(bg, 0, sizeof *bg);
	return expired;
}

/* Needle in haystack, ASCII case aside: a <title> often recases the
 * headline ("Title Case", or a capital after the prefix's colon). */
bool
str_has_icase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return n == 0;
}
