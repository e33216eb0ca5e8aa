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
#include "save.h"
#include "wrap.h"

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

/* A growable string; a failed append poisons it. */
typedef struct {
	char *s;
	size_t len, cap;
	int oom;
} sbuf;

static void
put(sbuf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		char *p;

		while (cap < b->len + n + 1)
			cap *= 2;
		if ((p = realloc(b->s, cap)) == NULL) {
			b->oom = 1;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void
puts_(sbuf *b, const char *s)
{
	put(b, s, strlen(s));
}

/* Text wrapped at width; a row's cells get a visible separator, since a
 * tab's width is the viewer's choice. */
static void
put_wrapped(sbuf *b, const char *s, size_t n, int width)
{
	sbuf t = {0};
	wrap_line *l = NULL;
	size_t nl = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\t')
			put(&t, " | ", 3);
		else
			put(&t, s + i, 1);
	}
	if (t.oom || (t.len > 0 && wrap_lines(t.s, t.len, width, &l, &nl) != 0)) {
		b->oom = 1;
		free(t.s);
		return;
	}
	for (size_t i = 0; i < nl; i++) {
		put(b, t.s + l[i].start, l[i].len);
		if (l[i].hyphen)
			put(b, "-", 1);
		put(b, "\n", 1);
	}
	free(l);
	free(t.s);
}

/* One line from page metadata: line breaks and tabs as spaces. */
static void
put_line(sbuf *b, const char *s)
{
	for (; *s; s++)
		put(b, *s == '\n' || *s == '\t' || *s == '\r' ? " " : s, 1);
}

/* A saved file reaches a terminal later (cat, less -r): control
 * characters other than newline and tab go, C1 controls too. */
static void
strip_controls(sbuf *b)
{
	size_t k = 0;

	for (size_t i = 0; i < b->len; i++) {
		unsigned char c = (unsigned char)b->s[i];

		if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
			continue;
		if (c == 0xc2 && i + 1 < b->len && (unsigned char)b->s[i + 1] >= 0x80 &&
		    (unsigned char)b->s[i + 1] <= 0x9f) {
			i++;
			continue;
		}
		b->s[k++] = b->s[i];
	}
	b->len = k;
	if (b->s != NULL)
		b->s[k] = '\0';
}

int
save_render(const pith_article *a, int markdown, int width, time_t now,
            char **out, size_t *len)
{
	const pith_doc *d = pith_article_doc(a);
	const pith_meta *m = pith_doc_meta(d);
	const char *title = pith_doc_title(d), *url = pith_doc_url(d);
	char date[64], *body = NULL;
	size_t blen = 0;
	pith_error err;
	sbuf b = {0};
	struct tm tm;

	*out = NULL;
	*len = 0;
	if (m != NULL && m->published != NULL && m->published[0] != '\0')
		snprintf(date, sizeof date, "%s", m->published);
	else if (localtime_r(&now, &tm) == NULL || strftime(date, sizeof date, "%Y-%m-%d", &tm) == 0)
		date[0] = '\0';
	if ((markdown ? pith_article_markdown(a, &body, &blen, &err) :
	    pith_article_text(a, PITH_TEXT_CAPTIONS, &body, &blen, &err)) != PITH_OK)
		return -1;
	if (markdown) {
		if (title != NULL && title[0] != '\0') {
			puts_(&b, "# ");
			put_line(&b, title);
			puts_(&b, "\n\n");
		}
		if (url != NULL && url[0] != '\0') {
			puts_(&b, "<");
			put_line(&b, url);
			puts_(&b, ">\n\n");
		}
		if (date[0] != '\0') {
			put_line(&b, date);
			puts_(&b, "\n\n");
		}
		put(&b, body, blen);
		if (blen > 0 && body[blen - 1] != '\n')
			puts_(&b, "\n");
	} else {
		if (title != NULL && title[0] != '\0')
			put_wrapped(&b, title, strlen(title), width);
		if (url != NULL && url[0] != '\0') {
			put_line(&b, url);
			puts_(&b, "\n");
		}
		if (date[0] != '\0') {
			put_line(&b, date);
			puts_(&b, "\n");
		}
		if (b.len > 0)
			puts_(&b, "\n");
		put_wrapped(&b, body, blen, width);
	}
	free(body);
	strip_controls(&b);
	if (b.oom) {
		free(b.s);
		return -1;
	}
	*out = b.s != NULL ? b.s : calloc(1, 1);
	*len = b.len;
	return *out != NULL ? 0 : -1;
}

static void
set_err(char *err, size_t size, const char *what, int e)
{
	if (size > 0)
		snprintf(err, size, "%s%s%s", what, what[0] ? ": " : "", strerror(e));
}

int
save_mkdirs(const char *dir)
{
	char p[4096];
	size_t n = strlen(dir);

	if (n == 0 || n >= sizeof p) {
		errno = n ? ENAMETOOLONG : ENOENT;
		return -1;
	}
	memcpy(p, dir, n + 1);
	for (char *s = p + 1; ; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;

			*s = '\0';
			if (mkdir(p, 0700) != 0 && errno != EEXIST)
				return -1;
			if ((*s = c) == '\0')
				return 0;
		}
	}
}

save_result
save_write(const char *path, const char *data, size_t len, int overwrite,
           char *err, size_t errsize)
{
	char dir[4096], tmp[4400];
	const char *slash = strrchr(path, '/'), *base;
	struct stat st;
	mode_t mask;
	int fd, e;
	size_t off = 0;

	if (path[0] == '\0' || (slash != NULL && slash[1] == '\0')) {
		set_err(err, errsize, "", EISDIR);
		return SAVE_ERROR;
	}
	if (slash == NULL) {
		strcpy(dir, ".");
		base = path;
	} else if ((size_t)(slash - path) >= sizeof dir) {
		set_err(err, errsize, "", ENAMETOOLONG);
		return SAVE_ERROR;
	} else {
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash == path ? 1 : slash - path] = '\0';
		base = slash + 1;
	}
	if (lstat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			set_err(err, errsize, "", EISDIR);
			return SAVE_ERROR;
		}
		if (!overwrite)
			return SAVE_EXISTS;
	}
	/* Hidden, beside the target, so rename never crosses file systems. */
	snprintf(tmp, sizeof tmp, "%s/.%.100s.XXXXXX", dir, base);
	if ((fd = mkstemp(tmp)) < 0) {
		set_err(err, errsize, "", errno);
		return SAVE_ERROR;
	}
	/* mkstemp makes it 0600; a saved article is an ordinary file. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0)
		goto fail;
	while (off < len) {
		ssize_t w = write(fd, data + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			goto fail;
		off += (size_t)w;
	}
	if (fsync(fd) != 0)
		goto fail;
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (overwrite) {
		if (rename(tmp, path) != 0)
			goto fail;
	} else if (link(tmp, path) == 0) {
		/* link, unlike rename, refuses to replace: no race with a file
		 * that appeared meanwhile. */
		unlink(tmp);
	} else if (errno == EEXIST) {
		unlink(tmp);
		return SAVE_EXISTS;
	} else if (errno == EPERM || errno == ENOSYS || errno == EOPNOTSUPP ||
	    errno == EMLINK) {
		/* A file system without hard links: check, then rename. */
		if (lstat(path, &st) == 0) {
			unlink(tmp);
			return SAVE_EXISTS;
		}
		if (rename(tmp, path) != 0)
			goto fail;
	} else {
		goto fail;
	}
	/* The rename itself is durable only once the directory is synced. */
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		fsync(fd);
		close(fd);
	}
	return SAVE_OK;
fail:
	e = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	set_err(err, errsize, "", e);
	return SAVE_ERROR;
}
