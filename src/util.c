/*
 * util.c - the program's small tools; see util.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "util.h"

/* ------------------------------------------------------------- strings */

int
util_buf_reserve(util_buf *b, size_t n)
{
	size_t cap;
	char *p;

	if (b->oom)
		return -1;
	if (b->len + n + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 4096;
	while (cap < b->len + n + 1) {
		if (cap > (size_t)-1 / 2) {
			b->oom = 1;
			return -1;
		}
		cap *= 2;
	}
	if ((p = realloc(b->s, cap)) == NULL) {
		b->oom = 1;
		return -1;
	}
	b->s = p;
	b->cap = cap;
	return 0;
}

int
util_buf_put(util_buf *b, const void *p, size_t n)
{
	if (util_buf_reserve(b, n) != 0)
		return -1;
	if (n > 0)
		memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
	return 0;
}

int
util_buf_puts(util_buf *b, const char *s)
{
	return util_buf_put(b, s, strlen(s));
}

void
util_buf_free(util_buf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}

/* ---------------------------------------------------------------- diag */

int
diag_fail(diag *d, const char *fmt, ...)
{
	va_list ap;

	if (d != NULL) {
		va_start(ap, fmt);
		vsnprintf(d->msg, sizeof d->msg, fmt, ap);
		va_end(ap);
	}
	return -1;
}

void
diag_warn(diag *d, const char *fmt, ...)
{
	/* cppcheck-suppress ctunullpointer ; sizeof does not evaluate d */
	char line[sizeof d->msg];
	va_list ap;

	if (d == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (util_buf_put(&d->warnings, line, strlen(line) + 1) == 0)
		d->nwarnings++;
}

const char *
diag_warning(const diag *d, size_t i)
{
	const char *w;

	if (d == NULL || i >= d->nwarnings)
		return NULL;
	for (w = d->warnings.s; i > 0; i--)
		w += strlen(w) + 1;
	return w;
}

void
diag_free(diag *d)
{
	if (d != NULL) {
		util_buf_free(&d->warnings);
		d->nwarnings = 0;
	}
}

/* --------------------------------------------------------------- files */

/* One read of at most n bytes into buf: the count, 0 at the end, or -1
 * with errno set. */
typedef long (*util_reader)(void *src, char *buf, size_t n);

/* src to its end, at most max bytes: as util_read_stream. */
static int
util_read_all(util_reader rd, void *src, size_t max, char **text, size_t *len)
{
	util_buf b = {0};
	int e = 0;

	*text = NULL;
	*len = 0;
	for (;;) {
		long n;

		if (util_buf_reserve(&b, b.cap < 65536 ? 65536 - 1 : b.cap) != 0) {
			e = ENOMEM;
			break;
		}
		if ((n = rd(src, b.s + b.len, b.cap - b.len - 1)) < 0) {
			e = errno;
			break;
		}
		b.len += (size_t)n;
		if (b.len > max) {
			e = EFBIG;
			break;
		}
		if (n == 0)
			break;
	}
	if (e != 0) {
		util_buf_free(&b);
		errno = e;
		return -1;
	}
	b.s[b.len] = '\0';
	*text = b.s;
	*len = b.len;
	return 0;
}

static long
util_read_stdio(void *src, char *buf, size_t n)
{
	FILE *f = src;
	size_t got = fread(buf, 1, n, f);

	if (got == 0 && ferror(f)) {
		errno = errno != 0 ? errno : EIO;
		return -1;
	}
	return (long)got;
}

static long
util_read_zlib(void *src, char *buf, size_t n)
{
	gzFile f = src;
	/* gzread counts in an int. */
	int got = gzread(f, buf, n < (1u << 30) ? (unsigned)n : 1u << 30), e = Z_OK;

	if (got <= 0)
		gzerror(f, &e);
	/* Z_BUF_ERROR at the end: gzip data cut short. */
	if (got < 0 || e == Z_BUF_ERROR) {
		errno = e == Z_ERRNO ? (errno != 0 ? errno : EIO) : EBADMSG;
		return -1;
	}
	return got;
}

int
util_read_stream(FILE *f, size_t max, char **text, size_t *len)
{
	return util_read_all(util_read_stdio, f, max, text, len);
}

int
util_read_gz(gzFile f, size_t max, char **text, size_t *len)
{
	return util_read_all(util_read_zlib, f, max, text, len);
}

int
util_read_file(const char *path, size_t max, char **text, size_t *len)
{
	FILE *f = fopen(path, "rb");
	int rc, e;

	*text = NULL;
	*len = 0;
	if (f == NULL)
		return -1;
	rc = util_read_stream(f, max, text, len);
	e = errno;
	fclose(f);
	errno = e;
	return rc;
}

/* What a file that is not a regular file is, for messages. */
static const char *
util_kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" :
	    S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device" :
	    S_ISSOCK(m) ? "a socket" : S_ISLNK(m) ? "a symbolic link" :
	    "not a regular file";
}

int
util_open_regular(const char *path, int follow, const char **what)
{
	struct stat st;
	int fd, e, fl;

	*what = NULL;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
	if (fd < 0) {
		/* O_NOFOLLOW's ELOOP, a socket's ENXIO: say what it is. */
		e = errno;
		if ((e == ELOOP || e == ENXIO) && (follow ? stat(path, &st) :
		    lstat(path, &st)) == 0 && !S_ISREG(st.st_mode))
			*what = util_kind(st.st_mode);
		errno = e;
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*what = util_kind(st.st_mode);
		close(fd);
		errno = EINVAL;
		return -1;
	}
	if ((fl = fcntl(fd, F_GETFL)) >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

static void
write_err(diag *d, int e)
{
	diag_fail(d, "%s", strerror(e));
}

int
util_mkdirs(const char *dir)
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

/* All n bytes of p to fd: 0, or -1 with errno set. */
static int
write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* head and body into a new hidden file beside the target
 * (dir/.BASE.XXXXXX, so rename never crosses file systems), synced and
 * closed: 0 with its name in tmp, or -1 with errno set and nothing left
 * behind. */
static int
write_temp(const char *dir, const char *base, const char *head, size_t hlen,
           const char *body, size_t blen, int private, char *tmp, size_t size)
{
	mode_t mask;
	int fd, e;

	snprintf(tmp, size, "%s/.%.100s.XXXXXX", dir, base);
	if ((fd = mkstemp(tmp)) < 0)
		return -1;
	/* mkstemp makes it 0600; what pith writes is an ordinary file,
	 * unless it is private. */
	if (!private) {
		mask = umask(0);
		umask(mask);
		if (fchmod(fd, 0666 & ~mask) != 0)
			goto fail;
	}
	if (write_all(fd, head, hlen) != 0 || write_all(fd, body, blen) != 0 ||
	    fsync(fd) != 0)
		goto fail;
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	return 0;
fail:
	e = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = e;
	return -1;
}

/* The temporary file becomes path: replacing it when overwrite, else
 * only when there is none, even one that appeared meanwhile. */
static util_write_result
put_in_place(const char *tmp, const char *path, int overwrite, diag *d)
{
	struct stat st;

	if (overwrite) {
		if (rename(tmp, path) == 0)
			return UTIL_WRITTEN;
	} else if (link(tmp, path) == 0) {
		/* link, unlike rename, refuses to replace. */
		unlink(tmp);
		return UTIL_WRITTEN;
	} else if (errno == EEXIST) {
		unlink(tmp);
		return UTIL_EXISTS;
	} else if (errno == EPERM || errno == ENOSYS || errno == EOPNOTSUPP ||
	    errno == EMLINK) {
		/* A file system without hard links: check, then rename. */
		if (lstat(path, &st) == 0) {
			unlink(tmp);
			return UTIL_EXISTS;
		}
		if (rename(tmp, path) == 0)
			return UTIL_WRITTEN;
	}
	write_err(d, errno);
	unlink(tmp);
	return UTIL_FAILED;
}

util_write_result
util_write_parts(const char *path, const char *head, size_t hlen, const char *body,
                 size_t blen, int flags, diag *d)
{
	int overwrite = (flags & UTIL_OVERWRITE) != 0;
	char dir[4096], tmp[4400];
	const char *slash = strrchr(path, '/'), *base;
	struct stat st;
	util_write_result rc;
	int fd;

	if (path[0] == '\0' || (slash != NULL && slash[1] == '\0')) {
		write_err(d, EISDIR);
		return UTIL_FAILED;
	}
	if (slash == NULL) {
		strcpy(dir, ".");
		base = path;
	} else if ((size_t)(slash - path) >= sizeof dir) {
		write_err(d, ENAMETOOLONG);
		return UTIL_FAILED;
	} else {
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash == path ? 1 : slash - path] = '\0';
		base = slash + 1;
	}
	if ((flags & UTIL_MKDIRS) && util_mkdirs(dir) != 0)
		return diag_fail(d, "cannot create %s: %s", dir, strerror(errno));
	if (lstat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			write_err(d, EISDIR);
			return UTIL_FAILED;
		}
		if (!overwrite)
			return UTIL_EXISTS;
	}
	if (write_temp(dir, base, head, hlen, body, blen, (flags & UTIL_PRIVATE) != 0,
	    tmp, sizeof tmp) != 0) {
		write_err(d, errno);
		return UTIL_FAILED;
	}
	if ((rc = put_in_place(tmp, path, overwrite, d)) != UTIL_WRITTEN)
		return rc;
	/* The rename itself is durable only once the directory is synced. */
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		fsync(fd);
		close(fd);
	}
	return UTIL_WRITTEN;
}

util_write_result
util_write_file(const char *path, const char *data, size_t len, int flags,
                diag *d)
{
	return util_write_parts(path, data, len, NULL, 0, flags, d);
}

int
util_xdg(const char *var, const char *fallback, const char *sub, char *out,
         size_t size)
{
	const char *x = getenv(var), *home = getenv("HOME");
	int n;

	/* The XDG specification says to ignore a relative path. */
	if (x != NULL && x[0] == '/')
		n = snprintf(out, size, "%s/%s", x, sub);
	else if (home != NULL && home[0] != '\0')
		n = snprintf(out, size, "%s/%s/%s", home, fallback, sub);
	else
		return -1;
	return n > 0 && (size_t)n < size ? 0 : -1;
}

int
util_url_host(const char *url, int drop_www, char *host, size_t size)
{
	const char *h = url != NULL ? strstr(url, "://") : NULL;
	size_t n = 0;

	if (size > 0)
		host[0] = '\0';
	if (h == NULL || size == 0 || (strncasecmp(url, "http://", 7) != 0 &&
	    strncasecmp(url, "https://", 8) != 0))
		return -1;
	h += 3;
	/* user:password@ goes; the host stops at the port or the path. */
	if (strcspn(h, "@") < strcspn(h, "/?#"))
		h += strcspn(h, "@") + 1;
	if (drop_www && strncasecmp(h, "www.", 4) == 0 && !strchr(":/?#", h[4]))
		h += 4;
	for (; h[n] && !strchr(":/?#", h[n]); n++) {
		char c = h[n] >= 'A' && h[n] <= 'Z' ? (char)(h[n] + 32) : h[n];

		/* Only a plain host name can be a file name. */
		if (n + 1 >= size || !((c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '.')) {
			host[0] = '\0';
			return -1;
		}
		host[n] = c;
	}
	host[n] = '\0';
	if (n == 0 || host[0] == '.') {
		host[0] = '\0';
		return -1;
	}
	return 0;
}

int
util_is_url(const char *arg)
{
	return strncasecmp(arg, "http://", 7) == 0 ||
	    strncasecmp(arg, "https://", 8) == 0;
}

long long
util_parse_size(const char *s)
{
	char *end;
	unsigned long long n;
	int shift = 0;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno != 0)
		return -1;
	switch (*end) {
	case 'k': case 'K': shift = 10; end++; break;
	case 'm': case 'M': shift = 20; end++; break;
	case 'g': case 'G': shift = 30; end++; break;
	default: break;
	}
	if (shift != 0 && (*end == 'b' || *end == 'B'))
		end++;
	if (*end != '\0' || n > ((unsigned long long)1 << 40) >> shift)
		return -1;
	return (long long)(n << shift);
}

void
util_format_size(size_t n, char *out, size_t size)
{
	if (n >= ((size_t)1 << 20) && n % ((size_t)1 << 20) == 0)
		snprintf(out, size, "%zu MB", n >> 20);
	else if (n >= ((size_t)1 << 20))
		snprintf(out, size, "%.1f MB", (double)n / (1 << 20));
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(out, size, "%zu KB", n >> 10);
	else if (n >= 1024)
		snprintf(out, size, "%.1f KB", (double)n / 1024);
	else
		snprintf(out, size, "%zu bytes", n);
}

int
util_expand_home(const char *path, char *out, size_t size)
{
	const char *home = getenv("HOME");
	int n;

	if (path[0] == '~' && (path[1] == '/' || path[1] == '\0')) {
		if (home == NULL || home[0] == '\0')
			return -1;
		n = snprintf(out, size, "%s%s", home, path + 1);
	} else {
		n = snprintf(out, size, "%s", path);
	}
	return n >= 0 && (size_t)n < size ? 0 : -1;
}
