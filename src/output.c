/* output.c - the dump formats: wrapped text, Markdown, JSON and HTML. */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include <unistr.h>
#include <unistd.h>
#include "layout.h"
#include "output.h"
#include "wrap.h"

int
output_parse_format(const char *name, format *f)
{
	static const struct { const char *name; format f; } formats[] = {
		{ "text", FORMAT_TEXT }, { "markdown", FORMAT_MARKDOWN },
		{ "md", FORMAT_MARKDOWN }, { "json", FORMAT_JSON },
		{ "html", FORMAT_HTML },
	};

	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		if (strcmp(name, formats[i].name) == 0) {
			*f = formats[i].f;
			return 0;
		}
	}
	return -1;
}

/* s[0..n) without its soft hyphens: the broken ones are shown as '-',
 * the others would only be invisible bytes in a file. */
static void
put_unhyphenated(util_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; ) {
		const char *shy = NULL;

		for (size_t j = i; j + 1 < n && shy == NULL; j++)
			if (s[j] == '\xc2' && s[j + 1] == '\xad')
				shy = s + j;
		util_buf_put(b, s + i, shy != NULL ? (size_t)(shy - s) - i : n - i);
		i = shy != NULL ? (size_t)(shy - s) + 2 : n;
	}
}

/* Text wrapped at width columns; a row's tab-separated cells get a
 * visible separator, since a tab's width is the viewer's choice. */
int
output_wrap(util_buf *b, const char *s, size_t n, int width, const hyphenator *hy)
{
	util_buf t = {0};
	wrap_line *l = NULL;
	size_t nl = 0;
	char *h = NULL;
	size_t hn = 0;

	for (size_t i = 0; i < n; i++)
		util_buf_put(&t, s[i] == '\t' ? " | " : s + i, s[i] == '\t' ? 3 : 1);
	/* Soft hyphens where the dictionary allows, wrapped as the page's. */
	if (!t.oom && hy != NULL && width > 0 && t.len > 0) {
		if (hyphenate_text(hy, t.s, t.len, &h, &hn) != 0) {
			t.oom = 1;
		} else {
			free(t.s);
			t = (util_buf){ h, hn, hn + 1, 0 };
		}
	}
	if (t.oom || (t.len > 0 && wrap_lines(t.s, t.len, width, &l, &nl) != 0)) {
		b->oom = 1;
		util_buf_free(&t);
		return -1;
	}
	for (size_t i = 0; i < nl; i++) {
		if (hy != NULL)
			put_unhyphenated(b, t.s + l[i].start, l[i].len);
		else
			util_buf_put(b, t.s + l[i].start, l[i].len);
		if (l[i].hyphen)
			util_buf_put(b, "-", 1);
		util_buf_put(b, "\n", 1);
	}
	free(l);
	util_buf_free(&t);
	return b->oom ? -1 : 0;
}

/* output_wrap to a stream. */
static int
put_wrapped(const char *s, size_t n, int width, const hyphenator *hy, FILE *out)
{
	util_buf b = {0};
	int rc = output_wrap(&b, s, n, width, hy);

	if (rc == 0 && b.len > 0)
		fwrite(b.s, 1, b.len, out);
	util_buf_free(&b);
	return rc;
}

/* A JSON string of UTF-8 bytes; anything invalid becomes U+FFFD rather
 * than making the whole object fail. */
json_t *
output_jstr(const char *s)
{
	json_t *j;
	size_t n;
	char *fixed, *p;

	if (s == NULL)
		return json_null();
	n = strlen(s);
	if ((j = json_stringn(s, n)) != NULL)
		return j;
	if ((p = fixed = malloc(n * 3 + 1)) == NULL)
		return NULL;
	for (const uint8_t *u = (const uint8_t *)s; *u; ) {
		ucs4_t uc;
		int m = u8_mbtoucr(&uc, u, strlen((const char *)u));

		if (m < 0 || uc == 0) {
			memcpy(p, "\xef\xbf\xbd", 3);
			p += 3;
			u++;
		} else {
			memcpy(p, u, (size_t)m);
			p += m;
			u += m;
		}
	}
	j = json_stringn(fixed, (size_t)(p - fixed));
	free(fixed);
	return j;
}

size_t
output_strip(char *s, size_t n)
{
	size_t k = 0, i = 0;

	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		ucs4_t u;
		int m;

		if (c < 0x80) {
			if ((c >= 0x20 && c != 0x7f) || c == '\n' || c == '\t')
				s[k++] = s[i];
			i++;
			continue;
		}
		if ((m = u8_mbtoucr(&u, (const uint8_t *)s + i, n - i)) < 0) {
			/* A stray byte is kept, unless it is a raw C1 control. */
			if (c >= 0xa0)
				s[k++] = s[i];
			i++;
			continue;
		}
		if (!(u < 0xa0 || (u >= 0x202a && u <= 0x202e) ||
		    (u >= 0x2066 && u <= 0x2069) || (u >= 0xe0000 && u <= 0xe007f))) {
			memmove(s + k, s + i, (size_t)m);
			k += (size_t)m;
		}
		i += (size_t)m;
	}
	return k;
}

/* To a terminal, the page's bytes pass the reader's own filter line by
 * line: no escape sequence, control or bidi override the page chose
 * reaches the screen. */
int
output_put_safe(const char *s, size_t n, FILE *out)
{
	char *line = NULL;
	size_t cap = 0;

	while (n > 0) {
		const char *nl = memchr(s, '\n', n);
		size_t len = nl != NULL ? (size_t)(nl - s) : n;

		if (len * 3 + 1 > cap) {
			char *p = realloc(line, len * 3 + 1);

			if (p == NULL) {
				free(line);
				return -1;
			}
			line = p;
			cap = len * 3 + 1;
		}
		fwrite(line, 1, layout_clean(s, len, 0, line, cap), out);
		if (nl != NULL)
			fputc('\n', out);
		s += len + (nl != NULL);
		n -= len + (nl != NULL);
	}
	free(line);
	return 0;
}

json_t *
output_json(const pith_article *a, const char *body)
{
	const pith_doc *d = pith_article_doc(a);
	const pith_meta *m = pith_doc_meta(d);
	json_t *o = json_object();

	if (o == NULL ||
	    json_object_set_new(o, "url", output_jstr(pith_doc_url(d))) ||
	    json_object_set_new(o, "title", output_jstr(pith_doc_title(d))) ||
	    json_object_set_new(o, "byline", output_jstr(m->byline)) ||
	    json_object_set_new(o, "published", output_jstr(m->published)) ||
	    json_object_set_new(o, "site", output_jstr(m->site)) ||
	    json_object_set_new(o, "lang", output_jstr(pith_doc_lang(d))) ||
	    json_object_set_new(o, "dir", output_jstr(m->dir)) ||
	    json_object_set_new(o, "excerpt", output_jstr(m->excerpt)) ||
	    json_object_set_new(o, "image", output_jstr(m->image)) ||
	    json_object_set_new(o, "algorithm", output_jstr(pith_article_algorithm(a))) ||
	    json_object_set_new(o, "text", output_jstr(body))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The article in format f to out, unfiltered. */
static int
write_article(const pith_article *a, format f, int width, unsigned text_flags,
              FILE *out, diag *d)
{
	const char *page_title = pith_doc_title(pith_article_doc(a));
	char *body = NULL, *title = NULL;
	size_t len = 0;
	pith_error err = {0};
	int rc = 0;
	hyphenator *hy = NULL;

	/* Text has its tables on the reader's grid; JSON's are data, a row
	 * a line with its cells apart by tabs. */
	if ((f == FORMAT_MARKDOWN ? pith_article_markdown(a, &body, &len, &err) :
	    f == FORMAT_HTML ? pith_article_html(a, &body, &len, &err) :
	    f == FORMAT_TEXT ? layout_article_text(a, text_flags & ~(unsigned)OUTPUT_HYPHENATE,
	    width, &body, &len, &err) :
	    pith_article_text(a, text_flags & ~(unsigned)OUTPUT_HYPHENATE, &body, &len,
	    &err)) != PITH_OK)
		return diag_fail(d, "%s", err.msg);
	if ((text_flags & OUTPUT_HYPHENATE) && f == FORMAT_TEXT && width > 0)
		hy = hyphenate_open(pith_doc_lang(pith_article_doc(a)), NULL);
	/* Text for people is read on a terminal, whenever and however it
	 * gets there; JSON and HTML are data, kept as the page had them. */
	if (f == FORMAT_TEXT || f == FORMAT_MARKDOWN) {
		len = output_strip(body, len);
		if (page_title != NULL && (title = strdup(page_title)) == NULL) {
			free(body);
			return diag_fail(d, "cannot write the article: out of memory");
		}
		if (title != NULL)
			title[output_strip(title, strlen(title))] = '\0';
	}
	switch (f) {
	case FORMAT_TEXT:
		if (title != NULL) {
			rc |= put_wrapped(title, strlen(title), width, hy, out);
			fputc('\n', out);
		}
		rc |= put_wrapped(body, len, width, hy, out);
		break;
	case FORMAT_MARKDOWN:
		if (title != NULL) {
			fputs("# ", out);
			for (const char *t = title; *t; t++)
				fputc(*t == '\n' ? ' ' : *t, out);
			fputs("\n\n", out);
		}
		fwrite(body, 1, len, out);
		break;
	case FORMAT_HTML:
		/* A whole document, its header included; never wrapped. */
		fwrite(body, 1, len, out);
		break;
	case FORMAT_JSON: {
		json_t *o = output_json(a, body);

		/* The object holds its own copy: one less while it is written. */
		free(body);
		body = NULL;
		if (o == NULL || json_dumpf(o, out, JSON_COMPACT) != 0)
			rc = -1;
		fputc('\n', out);
		json_decref(o);
		break;
	}
	}
	free(body);
	free(title);
	hyphenate_close(hy);
	if (rc != 0)
		return diag_fail(d, "cannot write the article: out of memory");
	return 0;
}

int
output_write(const pith_article *a, format f, int width, unsigned text_flags,
             FILE *out, diag *d)
{
	char *mem = NULL;
	size_t memlen = 0;
	FILE *tty;
	int rc;

	if (!isatty(fileno(out)))
		return write_article(a, f, width, text_flags, out, d);
	/* To a terminal the whole article passes the filter: made first. */
	if ((tty = open_memstream(&mem, &memlen)) == NULL)
		return diag_fail(d, "cannot write the article: out of memory");
	rc = write_article(a, f, width, text_flags, tty, d);
	if (fclose(tty) != 0 || (rc == 0 && output_put_safe(mem, memlen, out) != 0))
		rc = diag_fail(d, "cannot write the article: out of memory");
	free(mem);
	return rc;
}
