/* cache.c - fetched pages kept on disk (see cache.h). */
#include "cache.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAGIC "pith-cache 1\n"

enum {
	HEADER_MAX = 64 << 10,        /* an entry's text header */
	STALE_TMP = 3600              /* seconds before a temporary file is litter */
};

/* Entries are never larger than this, whatever the limits say. */
#define ENTRY_MAX ((size_t)1 << 31)

static uint64_t
fnv1a(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 0xcbf29ce484222325u;

	while (n-- > 0) {
		h ^= *b++;
		h *= 0x100000001b3u;
	}
	return h;
}

/* The address as the server sees it: no #fragment. */
static size_t
url_len(const char *url)
{
	return strcspn(url, "#");
}

void
cache_key(const char *url, char out[17])
{
	snprintf(out, 17, "%016llx", (unsigned long long)fnv1a(url, url_len(url)));
}

int
cache_dir(char *out, size_t size)
{
	return util_xdg("XDG_CACHE_HOME", ".cache", "pith", out, size);
}

static int
entry_path(const char *dir, const char *url, char *out, size_t size)
{
	char key[17];
	int n;

	cache_key(url, key);
	n = snprintf(out, size, "%s/%s", dir, key);
	return n > 0 && (size_t)n < size ? 0 : -1;
}

void
cache_entry_free(cache_entry *e)
{
	free(e->url);
	free(e->content_type);
	free(e->etag);
	free(e->modified);
	free(e->body);
	memset(e, 0, sizeof *e);
}

/* ------------------------------------------------------------- reading */

static char *
dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d != NULL) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* Parse a whole entry file.  1 parsed, 0 malformed, -1 out of memory. */
static int
parse(const char *f, size_t flen, cache_entry *e, char **req)
{
	const char *p = f, *end = f + flen, *nl;
	unsigned long long length = 0, check = 0;
	int have_length = 0, have_check = 0;

	if (flen < sizeof MAGIC - 1 || memcmp(f, MAGIC, sizeof MAGIC - 1) != 0)
		return 0;
	p += sizeof MAGIC - 1;
	for (;;) {
		const char *sp;
		char **field = NULL;
		size_t klen;

		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL ||
		    nl - f > HEADER_MAX)
			return 0;
		if (nl == p) {
			p++;
			break;
		}
		if ((sp = memchr(p, ' ', (size_t)(nl - p))) == NULL)
			return 0;
		klen = (size_t)(sp - p);
		sp++;
		if (klen == 3 && memcmp(p, "url", 3) == 0)
			field = req;
		else if (klen == 5 && memcmp(p, "final", 5) == 0)
			field = &e->url;
		else if (klen == 4 && memcmp(p, "type", 4) == 0)
			field = &e->content_type;
		else if (klen == 4 && memcmp(p, "etag", 4) == 0)
			field = &e->etag;
		else if (klen == 8 && memcmp(p, "modified", 8) == 0)
			field = &e->modified;
		if (field != NULL) {
			if (*field != NULL)
				return 0;
			if ((*field = dup_n(sp, (size_t)(nl - sp))) == NULL)
				return -1;
		} else if (klen == 6 && memcmp(p, "length", 6) == 0) {
			char *q;

			errno = 0;
			length = strtoull(sp, &q, 10);
			if (q != nl || q == sp || errno != 0)
				return 0;
			have_length = 1;
		} else if (klen == 5 && memcmp(p, "check", 5) == 0) {
			char *q;

			errno = 0;
			check = strtoull(sp, &q, 16);
			if (q != nl || q == sp || errno != 0)
				return 0;
			have_check = 1;
		}
		/* Other keys are a later version's: ignored. */
		p = nl + 1;
	}
	if (*req == NULL || e->url == NULL || !have_length || !have_check ||
	    length != (unsigned long long)(end - p) ||
	    fnv1a(p, (size_t)(end - p)) != check)
		return 0;
	if ((e->body = dup_n(p, (size_t)(end - p))) == NULL)
		return -1;
	e->len = (size_t)(end - p);
	return 1;
}

int
cache_get(const char *dir, const char *url, cache_entry *e)
{
	char path[PATH_MAX], *f = NULL, *req = NULL;
	const char *what;
	size_t flen;
	FILE *fp;
	int fd, rc;

	memset(e, 0, sizeof *e);
	if (entry_path(dir, url, path, sizeof path) != 0)
		return -1;
	/* Never through a link, nor a FIFO someone left in its place. */
	if ((fd = util_open_regular(path, 0, &what)) < 0)
		return -1;
	if ((fp = fdopen(fd, "rb")) == NULL) {
		close(fd);
		return -1;
	}
	rc = util_read_stream(fp, ENTRY_MAX + HEADER_MAX, &f, &flen);
	fclose(fp);
	if (rc != 0) {
		unlink(path);
		return -1;
	}
	rc = parse(f, flen, e, &req);
	free(f);
	if (rc == 0)
		unlink(path);       /* corrupt: gone, and never fatal */
	/* Another address with the same hash is a miss, not corruption. */
	if (rc != 1 || strlen(req) != url_len(url) || strncmp(req, url, url_len(url)) != 0) {
		free(req);
		cache_entry_free(e);
		return -1;
	}
	free(req);
	return 0;
}

void
cache_touch(const char *dir, const char *url)
{
	char path[PATH_MAX];

	if (entry_path(dir, url, path, sizeof path) == 0)
		utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW);
}

/* ------------------------------------------------------------- writing */

/* A header value must stay on its line. */
static int
one_line(const char *s)
{
	return s == NULL || strpbrk(s, "\r\n") == NULL;
}

static int
set_err(diag *d, const char *what, const char *path, int e)
{
	return diag_fail(d, "%s %s: %s", what, path, strerror(e));
}

int
cache_put(const char *dir, const char *url, const cache_entry *e, size_t max,
          diag *d)
{
	char path[PATH_MAX], *head = NULL;
	size_t hlen;
	FILE *h;
	diag wd = {0};
	int rc;

	if (e->len > max || e->len > ENTRY_MAX || !one_line(url) || !one_line(e->url) ||
	    !one_line(e->content_type) || !one_line(e->etag) || !one_line(e->modified))
		return 0;
	if (entry_path(dir, url, path, sizeof path) != 0) {
		set_err(d, "cannot write", dir, ENAMETOOLONG);
		return -1;
	}
	if (util_mkdirs(dir) != 0) {
		set_err(d, "cannot create", dir, errno);
		return -1;
	}
	if ((h = open_memstream(&head, &hlen)) == NULL) {
		set_err(d, "cannot write", path, errno);
		return -1;
	}
	fprintf(h, MAGIC "url %.*s\nfinal %s\n", (int)url_len(url), url, e->url);
	if (e->content_type != NULL)
		fprintf(h, "type %s\n", e->content_type);
	if (e->etag != NULL)
		fprintf(h, "etag %s\n", e->etag);
	if (e->modified != NULL)
		fprintf(h, "modified %s\n", e->modified);
	fprintf(h, "length %zu\ncheck %016llx\n\n", e->len,
	    (unsigned long long)fnv1a(e->body, e->len));
	if (fclose(h) != 0 || hlen > HEADER_MAX) {
		free(head);
		return 0;
	}
	/* Private: the cache names the pages one reads. */
	rc = util_write_parts(path, head, hlen, e->body, e->len,
	    UTIL_OVERWRITE | UTIL_PRIVATE, &wd) == UTIL_WRITTEN ? 0 :
	    diag_fail(d, "cannot write %s: %s", path, wd.msg);
	free(head);
	if (rc == 0)
		cache_trim(dir, max);
	return rc;
}

/* ------------------------------------------------------------- trimming */

typedef struct {
	char name[17];
	off_t size;
	struct timespec used;
} file;

static int
is_key(const char *name)
{
	return strlen(name) == 16 && strspn(name, "0123456789abcdef") == 16;
}

static int
older(const void *a, const void *b)
{
	const file *x = a, *y = b;

	if (x->used.tv_sec != y->used.tv_sec)
		return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
	if (x->used.tv_nsec != y->used.tv_nsec)
		return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
	return strcmp(x->name, y->name);
}

void
cache_trim(const char *dir, size_t max)
{
	DIR *d;
	struct dirent *de;
	file *f = NULL, *g;
	size_t n = 0, cap = 0;
	unsigned long long total = 0;
	time_t now = time(NULL);
	int dfd;

	if ((d = opendir(dir)) == NULL)
		return;
	dfd = dirfd(d);
	while ((de = readdir(d)) != NULL) {
		struct stat st;

		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISREG(st.st_mode))
			continue;
		if (de->d_name[0] == '.') {
			/* A temporary file a crash left behind. */
			if (now - st.st_mtime > STALE_TMP)
				unlinkat(dfd, de->d_name, 0);
			continue;
		}
		if (!is_key(de->d_name))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			if ((g = realloc(f, cap * sizeof *f)) == NULL)
				break;
			f = g;
		}
		memcpy(f[n].name, de->d_name, 17);
		f[n].size = st.st_size;
		f[n].used = st.st_mtim;
		total += (unsigned long long)st.st_size;
		n++;
	}
	if (total > max && n > 0) {
		qsort(f, n, sizeof *f, older);
		for (size_t i = 0; i < n && total > max; i++)
			if (unlinkat(dfd, f[i].name, 0) == 0 || errno == ENOENT)
				total -= (unsigned long long)f[i].size;
	}
	free(f);
	closedir(d);
}
