/*
 * site.c - the per-site statistics on disk (see site.h) and
 * `pith learn`.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "site.h"
#include "util.h"

/* A store larger than this is not one pith wrote.  A page learned while
 * another process holds the site's lock waits this long at most. */
enum { SITESTORE_FILE_MAX = 16 << 20, LOCK_WAIT_MS = 3000 };

/* $XDG_DATA_HOME/pith/sites (an absolute XDG_DATA_HOME, else
 * ~/.local/share), plus "/HOST.site" when host is given. */
static int
store_path(const char *host, char *out, size_t size)
{
	size_t n;

	if (util_xdg("XDG_DATA_HOME", ".local/share", "pith/sites", out, size) != 0)
		return -1;
	n = strlen(out);
	if (host != NULL) {
		int m = snprintf(out + n, size - n, "/%s.site", host);

		if (m < 0 || (size_t)m >= size - n)
			return -1;
	}
	return 0;
}

int
sitestore_lock(const char *host, int wait_ms)
{
	char path[PATH_MAX];
	int fd, waited = 0;
	size_t n;

	if (store_path(NULL, path, sizeof path) != 0 || util_mkdirs(path) != 0)
		return -1;
	n = strlen(path);
	if (snprintf(path + n, sizeof path - n, "/%s.lock", host) >= (int)(sizeof path - n)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	/* Never through a link someone left in its place. */
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600)) < 0)
		return -1;
	while (flock(fd, wait_ms < 0 ? LOCK_EX : LOCK_EX | LOCK_NB) != 0) {
		int e = errno;

		if (e == EINTR)
			continue;
		if (e != EWOULDBLOCK || waited >= wait_ms) {
			close(fd);
			errno = e;
			return -1;
		}
		usleep(20 * 1000);
		waited += 20;
	}
	return fd;
}

void
sitestore_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

int
sitestore_load(const char *host, pith_site **out, diag *d)
{
	char path[PATH_MAX], bad[PATH_MAX + 8], *text;
	pith_error err = {0};
	size_t len;
	int rc;

	*out = NULL;
	if (store_path(host, path, sizeof path) != 0)
		return diag_fail(d, "no data directory (set HOME or "
		    "XDG_DATA_HOME), or its name is too long");
	/* 0, 1 when there is none, -1 (errno says why). */
	if ((rc = util_read_file(path, SITESTORE_FILE_MAX, &text, &len)) != 0 &&
	    errno == ENOENT)
		rc = 1;
	if (rc == 0 && pith_site_load(text, len, out, &err) == PITH_OK) {
		free(text);
		return 0;
	}
	free(text);
	if (rc == 0 && err.code == PITH_ENOMEM)
		return diag_fail(d, "out of memory");
	if (rc != 1) {
		/* Corrupt or unreadable: kept for a look, then started anew. */
		snprintf(bad, sizeof bad, "%s.bad", path);
		diag_warn(d, "%s: %s; set aside as %s.site.bad and rebuilt", path,
		    rc == 0 ? err.msg : strerror(errno), host);
		rename(path, bad);
	}
	return (*out = pith_site_new()) != NULL ? 0 : diag_fail(d, "out of memory");
}

int
sitestore_save(const char *host, const pith_site *s, diag *d)
{
	char path[PATH_MAX], *text;
	size_t len;
	pith_error perr = {0};
	diag w = {0};
	int rc = 0;

	if (store_path(NULL, path, sizeof path) != 0)
		return diag_fail(d, "no data directory: set HOME or XDG_DATA_HOME");
	if (store_path(host, path, sizeof path) != 0)
		return diag_fail(d, "%s: name too long", host);
	if (pith_site_save(s, SITESTORE_MAX, &text, &len, &perr) != PITH_OK)
		return diag_fail(d, "%s", perr.msg);
	/* Private, as the cache is: it names the sites one reads. */
	if (util_write_file(path, text, len, UTIL_OVERWRITE | UTIL_PRIVATE |
	    UTIL_MKDIRS, &w) != UTIL_WRITTEN)
		rc = diag_fail(d, "%s: %.200s", path, w.msg);
	diag_free(&w);
	free(text);
	return rc;
}

/* Learn doc into host's store, read afresh under the site's lock so that
 * what other pith processes learned meanwhile stays, and write it back
 * when the page is new to it.  Best effort: a page not counted changes
 * little, so a lock that cannot be taken, or a store that cannot be
 * written, is a warning (the latter unless the store already gave one).
 * 0, or -1 when the store cannot be read. */
static int
site_learn(sitestore_session *ss, const char *host, const pith_doc *doc,
           const char *key, diag *d)
{
	size_t warned = d != NULL ? d->nwarnings : 0;
	int fd = sitestore_lock(host, LOCK_WAIT_MS), added = 0;
	char path[PATH_MAX];

	if (fd < 0) {
		int e = errno;

		/* Without a data directory there is no store to be busy:
		 * sitestore_load says so. */
		if (store_path(host, path, sizeof path) == 0)
			diag_warn(d, "%s's statistics are busy or locked away (%s): "
			    "this page is not learned", host, strerror(e));
		return 0;
	}
	sitestore_session_free(ss);
	if (sitestore_load(host, &ss->site, d) != 0) {
		sitestore_unlock(fd);
		return -1;
	}
	memcpy(ss->host, host, strlen(host) + 1);
	/* Only a page new to the site costs a write. */
	if (pith_site_learn(ss->site, doc, key, &added, NULL) == PITH_OK && added) {
		diag w = {0};

		if (sitestore_save(host, ss->site, &w) != 0 &&
		    (d == NULL || d->nwarnings == warned))
			diag_warn(d, "cannot save the statistics of %s: %s", host, w.msg);
		diag_free(&w);
	}
	sitestore_unlock(fd);
	return 0;
}

const pith_site *
sitestore_page(sitestore_session *ss, const pith_doc *doc, const char *key,
               diag *d)
{
	char host[sizeof ss->host];

	if (util_url_host(pith_doc_url(doc), 1, host, sizeof host) != 0) {
		sitestore_session_free(ss);
		return NULL;
	}
	if (ss->learn && site_learn(ss, host, doc, key, d) < 0)
		return NULL;
	/* Learned, or read before; else (not learned) read it now. */
	if (ss->site != NULL && strcmp(host, ss->host) == 0)
		return ss->site;
	sitestore_session_free(ss);
	if (sitestore_load(host, &ss->site, d) != 0)
		return NULL;
	memcpy(ss->host, host, sizeof host);
	return ss->site;
}

const pith_site *
sitestore_hook(void *ctx, const pith_doc *doc, const char *key, diag *d)
{
	return sitestore_page(ctx, doc, key, d);
}

void
sitestore_session_free(sitestore_session *ss)
{
	pith_site_free(ss->site);
	ss->site = NULL;
	ss->host[0] = '\0';
}
