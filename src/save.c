/*
 * save.c - rendering and atomically writing a saved article.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unicase.h>
#include <unictype.h>
#include <unistr.h>
#include "layout.h"
#include "output.h"
#include "save.h"

void
save_slug(const char *title, char *out, size_t size)
{
	const uint8_t *s = (const uint8_t *)(title != NULL ? title : "");
	size_t n = strlen((const char *)s), k = 0, lim = size - 1;
	int dash = 0;

	if (lim > SAVE_SLUG_MAX)
		lim = SAVE_SLUG_MAX;
	for (size_t i = 0; i < n; ) {
		ucs4_t c;
		uint8_t u[8];
		int m = u8_mbtoucr(&c, s + i, n - i), ul;

		i += m > 0 ? (size_t)m : 1;
		if (m < 0 || !uc_is_alnum(c)) {
			dash = k > 0;
			continue;
		}
		ul = u8_uctomb(u, uc_tolower(c), sizeof u);
		if (ul <= 0 || k + (size_t)dash + (size_t)ul > lim)
			break;
		if (dash)
			out[k++] = '-';
		memcpy(out + k, u, (size_t)ul);
		k += (size_t)ul;
		dash = 0;
	}
	if (k == 0)
		k = (size_t)snprintf(out, size, "%s", "article");
	out[k < size ? k : size - 1] = '\0';
}

int
save_default_path(const char *dir, const char *title, const char *ext,
                  char *out, size_t size)
{
	char slug[SAVE_SLUG_MAX + 1];
	int n;

	save_slug(title, slug, sizeof slug);
	if (dir == NULL || dir[0] == '\0')
		n = snprintf(out, size, "%s.%s", slug, ext);
	else
		n = snprintf(out, size, "%s%s%s.%s", dir,
		    dir[strlen(dir) - 1] == '/' ? "" : "/", slug, ext);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

int
save_make_dir(const char *dir, const char *path, diag *d)
{
	struct stat st;
	size_t n = dir != NULL ? strlen(dir) : 0;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (n == 0 || strncmp(path, dir, n) != 0 || path[n] != '/' ||
	    strchr(path + n + 1, '/') != NULL || stat(dir, &st) == 0 || errno != ENOENT)
		return 0;
	if (util_mkdirs(dir) != 0)
		return diag_fail(d, "cannot create %s: %s", dir, strerror(errno));
	return 1;
}

/* One line from page metadata: line breaks and tabs as spaces. */
static void
put_line(util_buf *b, const char *s)
{
	for (; *s; s++)
		util_buf_put(b, *s == '\n' || *s == '\t' || *s == '\r' ? " " : s, 1);
}

/* A header line of page metadata, when there is one. */
static void
meta_line(util_buf *b, const char *lead, const char *s, const char *tail)
{
	if (s == NULL || s[0] == '\0')
		return;
	util_buf_puts(b, lead);
	put_line(b, s);
	util_buf_puts(b, tail);
}

/* lynx -dump's References: the links' addresses, numbered as in the
 * text, never wrapped (an address broken in two is no address). */
static int
references(util_buf *b, const pith_article *a, unsigned flags)
{
	const char **links;
	size_t n;
	pith_error err;

	if (pith_article_links(a, flags, &links, &n, &err) != PITH_OK)
		return -1;
	if (n > 0)
		util_buf_puts(b, "\nReferences\n\n");
	for (size_t i = 0; i < n; i++) {
		char num[32];

		snprintf(num, sizeof num, "%4zu. ", i + 1);
		util_buf_puts(b, num);
		put_line(b, links[i]);
		util_buf_puts(b, "\n");
	}
	free(links);
	return 0;
}

int
save_render(const pith_article *a, int markdown, int width, const hyphenator *hy,
            char **out, size_t *len)
{
	const pith_doc *d = pith_article_doc(a);
	const pith_meta *m = pith_doc_meta(d);
	const char *title = pith_doc_title(d), *url = pith_doc_url(d);
	/* Only the page's own date: a saved copy must not pass today off
	 * as the article's. */
	const char *by = m != NULL ? m->byline : NULL;
	const unsigned flags = PITH_TEXT_CAPTIONS | PITH_TEXT_LINKS;
	char *body = NULL, date[128];
	size_t blen = 0;
	pith_error err;
	util_buf b = {0};

	*out = NULL;
	*len = 0;
	layout_date(m != NULL ? m->published : NULL, date, sizeof date);
	if ((markdown ? pith_article_markdown(a, &body, &blen, &err) :
	    layout_article_text(a, flags, width, &body, &blen, &err)) != PITH_OK)
		return -1;
	if (markdown) {
		meta_line(&b, "# ", title, "\n\n");
		meta_line(&b, "By ", by, "\n\n");
		meta_line(&b, "<", url, ">\n\n");
		meta_line(&b, "", date, "\n\n");
		util_buf_put(&b, body, blen);
		if (blen > 0 && body[blen - 1] != '\n')
			util_buf_puts(&b, "\n");
	} else {
		if (title != NULL && title[0] != '\0')
			output_wrap(&b, title, strlen(title), width, hy);
		meta_line(&b, "by ", by, "\n");
		meta_line(&b, "", url, "\n");
		meta_line(&b, "", date, "\n");
		if (b.len > 0)
			util_buf_puts(&b, "\n");
		output_wrap(&b, body, blen, width, hy);
		if (references(&b, a, flags) != 0)
			b.oom = 1;
	}
	free(body);
	if (b.s != NULL) {
		b.len = output_strip(b.s, b.len);
		b.s[b.len] = '\0';
	}
	if (b.oom) {
		free(b.s);
		return -1;
	}
	*out = b.s != NULL ? b.s : calloc(1, 1);
	*len = b.len;
	return *out != NULL ? 0 : -1;
}
