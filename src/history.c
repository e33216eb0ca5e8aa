/*
 * history.c - the pages read; see history.h.
 */
#include "history.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { HISTORY_FILE_MAX = 4 << 20 };

int
history_path(char *out, size_t size)
{
	return util_xdg("XDG_STATE_HOME", ".local/state", "pith/history", out, size);
}

/* s[0..n) with tabs, line breaks and other controls as spaces. */
static char *
field(const char *s, size_t n)
{
	char *f = malloc(n + 1);

	if (f == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		f[i] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
	}
	f[n] = '\0';
	return f;
}

static void
entry_free(history_entry *e)
{
	free(e->address);
	free(e->title);
}

/* Add an entry at the end (parsing) without checks of order. */
static int
append(history *h, const char *addr, size_t an, const char *title, size_t tn,
       size_t block, time_t when)
{
	history_entry *e, x = { field(addr, an), field(title, tn), block, when };

	if (x.address == NULL || x.title == NULL ||
	    (e = realloc(h->e, (h->n + 1) * sizeof *h->e)) == NULL) {
		entry_free(&x);
		return -1;
	}
	h->e = e;
	h->e[h->n++] = x;
	return 0;
}

int
history_parse(const char *text, size_t len, history *h)
{
	const char *p = text, *end = text + len;

	memset(h, 0, sizeof *h);
	while (p < end && h->n < HISTORY_MAX) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *f[4];
		const char *eol = nl != NULL ? nl : end;
		unsigned long long t, b;
		char *stop;
		int k = 1;

		f[0] = p;
		for (const char *q = p; q < eol && k < 4; q++)
			if (*q == '\t')
				f[k++] = q + 1;
		/* Only whole lines: the last one of a file cut short is not. */
		if (k == 4 && nl != NULL && f[2] < f[3] - 1) {
			errno = 0;
			t = strtoull(f[0], &stop, 10);
			if (errno == 0 && stop == f[1] - 1 && stop > f[0] &&
			    (b = strtoull(f[1], &stop, 10), errno == 0) &&
			    stop == f[2] - 1 && stop > f[1] && t <= (unsigned long long)LONG_MAX) {
				size_t an = (size_t)(f[3] - 1 - f[2]);
				int dup = 0;

				for (size_t i = 0; i < h->n && !dup; i++)
					dup = strlen(h->e[i].address) == an &&
					    memcmp(h->e[i].address, f[2], an) == 0;
				if (!dup && append(h, f[2], an, f[3], (size_t)(eol - f[3]),
				    b > SIZE_MAX ? 0 : (size_t)b, (time_t)t) != 0) {
					history_free(h);
					return -1;
				}
			}
		}
		p = nl != NULL ? nl + 1 : end;
	}
	return 0;
}

int
history_load(const char *path, history *h, diag *d)
{
	char *text;
	size_t len;
	int rc;

	memset(h, 0, sizeof *h);
	if (util_read_file(path, HISTORY_FILE_MAX, &text, &len) != 0) {
		if (errno == ENOENT)
			return 0;
		return diag_fail(d, "%s: %s", path, strerror(errno));
	}
	rc = history_parse(text, len, h);
	free(text);
	return rc != 0 ? diag_fail(d, "out of memory") : 0;
}

const history_entry *
history_find(const history *h, const char *address)
{
	for (size_t i = 0; i < h->n; i++)
		if (strcmp(h->e[i].address, address) == 0)
			return &h->e[i];
	return NULL;
}

int
history_put(history *h, const char *address, const char *title, size_t block,
            time_t when)
{
	history_entry x = { field(address, strlen(address)),
	    field(title != NULL ? title : "", title != NULL ? strlen(title) : 0), block, when };
	history_entry *e;
	size_t i;

	if (x.address == NULL || x.title == NULL) {
		entry_free(&x);
		return -1;
	}
	for (i = 0; i < h->n && strcmp(h->e[i].address, x.address) != 0; i++)
		;
	if (i < h->n) {
		entry_free(&h->e[i]);
		memmove(h->e + 1, h->e, i * sizeof *h->e);
	} else {
		if (h->n == HISTORY_MAX)
			entry_free(&h->e[--h->n]);
		if ((e = realloc(h->e, (h->n + 1) * sizeof *h->e)) == NULL) {
			entry_free(&x);
			return -1;
		}
		h->e = e;
		memmove(h->e + 1, h->e, h->n * sizeof *h->e);
		h->n++;
	}
	/* Field by field: clang's analyzer (14) loses track of a whole
	 * struct stored over one it saw freed, and reports a use after
	 * free in history_format. */
	h->e[0].address = x.address;
	h->e[0].title = x.title;
	h->e[0].block = x.block;
	h->e[0].time = x.time;
	return 0;
}

int
history_format(const history *h, util_buf *out)
{
	for (size_t i = 0; i < h->n; i++) {
		char num[64];

		snprintf(num, sizeof num, "%lld\t%zu\t", (long long)h->e[i].time, h->e[i].block);
		util_buf_puts(out, num);
		util_buf_puts(out, h->e[i].address);
		util_buf_puts(out, "\t");
		util_buf_puts(out, h->e[i].title);
		util_buf_puts(out, "\n");
	}
	return out->oom ? -1 : 0;
}

int
history_save(const char *path, const history *h, diag *d)
{
	util_buf b = {0};
	int rc;

	if (history_format(h, &b) != 0) {
		util_buf_free(&b);
		return diag_fail(d, "out of memory");
	}
	rc = util_write_file(path, b.s != NULL ? b.s : "", b.len,
	    UTIL_OVERWRITE | UTIL_MKDIRS, d) == UTIL_WRITTEN ? 0 : -1;
	util_buf_free(&b);
	return rc;
}

int
history_record(const char *path, const char *address, const char *title,
               size_t block, time_t when, diag *d)
{
	history h;
	int rc;

	if (history_load(path, &h, d) != 0)
		return -1;
	rc = history_put(&h, address, title, block, when) != 0 ?
	    diag_fail(d, "out of memory") : history_save(path, &h, d);
	history_free(&h);
	return rc;
}

void
history_free(history *h)
{
	for (size_t i = 0; i < h->n; i++)
		entry_free(&h->e[i]);
	free(h->e);
	memset(h, 0, sizeof *h);
}

int
history_key(const char *arg, char *out, size_t size)
{
	char *abs;
	int n;

	if (arg == NULL || strcmp(arg, "-") == 0)
		return -1;
	if (util_is_url(arg)) {
		n = snprintf(out, size, "%s", arg);
		return n > 0 && (size_t)n < size ? 0 : -1;
	}
	if ((abs = realpath(arg, NULL)) == NULL)
		return -1;
	n = snprintf(out, size, "%s", abs);
	free(abs);
	return n > 0 && (size_t)n < size ? 0 : -1;
}
