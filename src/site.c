/*
 * site.c - the per-site statistics on disk (see site.h) and
 * `pith learn`.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "program.h"
#include "site.h"

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

/* Hold HOST's lock (HOST.lock beside the store), so that reading the
 * store, learning and writing it back is one step among processes: an
 * fd to pass to store_unlock, or -1 (errno set; EWOULDBLOCK after
 * waiting wait_ms, when wait_ms >= 0). */
static int
store_lock(const char *host, int wait_ms)
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
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
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

static void
store_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

int
sitestore_load(const char *host, pith_site **out, char *warn, size_t wsize)
{
	char path[PATH_MAX], bad[PATH_MAX + 8], *text;
	pith_error err = {0};
	size_t len;
	int rc;

	*out = NULL;
	if (wsize > 0)
		warn[0] = '\0';
	if (store_path(host, path, sizeof path) != 0)
		return -1;
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
		return -1;
	if (rc != 1) {
		/* Corrupt or unreadable: kept for a look, then started anew. */
		snprintf(bad, sizeof bad, "%s.bad", path);
		if (wsize > 0)
			snprintf(warn, wsize, "%s: %s; set aside as %s.site.bad and "
			    "rebuilt", path, rc == 0 ? err.msg : strerror(errno), host);
		rename(path, bad);
	}
	return (*out = pith_site_new()) != NULL ? 0 : -1;
}

int
sitestore_save(const char *host, const pith_site *s, char *err, size_t esize)
{
	char path[PATH_MAX], *text;
	size_t len;
	pith_error perr = {0};
	diag d = {0};
	int rc = -1;

	if (store_path(NULL, path, sizeof path) != 0) {
		snprintf(err, esize, "no data directory: set HOME or XDG_DATA_HOME");
		return -1;
	}
	if (util_mkdirs(path) != 0) {
		snprintf(err, esize, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (store_path(host, path, sizeof path) != 0) {
		snprintf(err, esize, "%s: name too long", host);
		return -1;
	}
	if (pith_site_save(s, SITESTORE_MAX, &text, &len, &perr) != PITH_OK) {
		snprintf(err, esize, "%s", perr.msg);
		return -1;
	}
	if (util_write_file(path, text, len, 1, &d) == UTIL_WRITTEN)
		rc = 0;
	else
		snprintf(err, esize, "%s: %.200s", path, d.msg);
	free(text);
	return rc;
}

const pith_site *
sitestore_page(sitestore_session *ss, const pith_doc *doc, const char *key,
               char *warn, size_t wsize)
{
	char host[sizeof ss->host];
	int added = 0;

	if (wsize > 0)
		warn[0] = '\0';
	if (util_url_host(pith_doc_url(doc), 1, host, sizeof host) != 0) {
		sitestore_session_free(ss);
		return NULL;
	}
	/* Learning reads the store afresh under the site's lock: what other
	 * pith processes learned meanwhile stays.  It is best effort: a page
	 * not counted changes little. */
	if (ss->learn) {
		int fd = store_lock(host, LOCK_WAIT_MS);

		if (fd < 0 && wsize > 0)
			snprintf(warn, wsize, "%s's statistics are busy or locked away (%s): "
			    "this page is not learned", host, strerror(errno));
		if (fd >= 0) {
			sitestore_session_free(ss);
			if (sitestore_load(host, &ss->site, warn, wsize) != 0) {
				store_unlock(fd);
				return NULL;
			}
			memcpy(ss->host, host, sizeof host);
			/* Only a page new to the site costs a write. */
			if (pith_site_learn(ss->site, doc, key, &added, NULL) == PITH_OK && added) {
				char why[PATH_MAX + 64];

				if (sitestore_save(host, ss->site, why, sizeof why) != 0 &&
				    wsize > 0 && warn[0] == '\0')
					snprintf(warn, wsize, "cannot save the statistics of "
					    "%s: %s", host, why);
			}
			store_unlock(fd);
		}
	}
	if (ss->site == NULL || strcmp(host, ss->host) != 0) {
		sitestore_session_free(ss);
		if (sitestore_load(host, &ss->site, warn, wsize) != 0)
			return NULL;
		memcpy(ss->host, host, sizeof host);
	}
	return ss->site;
}

const pith_site *
sitestore_hook(void *ctx, const pith_doc *doc, const char *key, char *warn,
               size_t wsize)
{
	return sitestore_page(ctx, doc, key, warn, wsize);
}

void
sitestore_session_free(sitestore_session *ss)
{
	pith_site_free(ss->site);
	ss->site = NULL;
	ss->host[0] = '\0';
}

/* -------------------------------------------------------- pith learn */

static const char learn_usage[] =
"usage: pith learn [-u URL] [--offline] URL|FILE...\n"
"\n"
"Counts what the pages share into their site's statistics,\n"
"$XDG_DATA_HOME/pith/sites/HOST.site, for -a site.  A page already learned\n"
"counts once.  Prints each site's page count.\n"
"\n"
"  -u, --url URL   the address of the FILE pages (their host)\n"
"      --offline   read URL pages only from the cache\n"
"  -h, --help      show this help and exit\n";

typedef struct {
	char host[256];
	pith_site *site;
	size_t added, known;
	int lock;           /* held while pages of the host are learned, or -1 */
	int dirty;          /* learned pages not yet written */
} learn_site;

/* Write a held site back and let go of its lock: 0, or -1 after
 * reporting. */
static int
learn_release(learn_site *ls)
{
	char err[PATH_MAX + 256];
	int rc = 0;

	if (ls->lock < 0)
		return 0;
	if (ls->dirty && sitestore_save(ls->host, ls->site, err, sizeof err) != 0) {
		report("%s", err);
		rc = -1;
	}
	ls->dirty = 0;
	store_unlock(ls->lock);
	ls->lock = -1;
	return rc;
}

/* The site of host, held: its lock taken and its store read afresh.
 * One lock at a time, so two learners cannot wait for each other; a
 * site let go and needed again is read again.  NULL after reporting
 * (*status set when a write failed). */
static learn_site *
learn_hold(learn_site **sites, size_t *n, const char *host, int *status)
{
	learn_site *t = NULL;
	char warn[PATH_MAX + 256];

	for (size_t i = 0; i < *n; i++) {
		if (strcmp((*sites)[i].host, host) == 0)
			t = &(*sites)[i];
		else if (learn_release(&(*sites)[i]) != 0)
			*status = EXIT_INPUT;
	}
	if (t != NULL && t->lock >= 0)
		return t;
	if (t == NULL) {
		if ((t = realloc(*sites, (*n + 1) * sizeof *t)) == NULL) {
			report("out of memory");
			return NULL;
		}
		*sites = t;
		t = &t[(*n)++];
		memset(t, 0, sizeof *t);
		t->lock = -1;
		snprintf(t->host, sizeof t->host, "%s", host);
	}
	/* Waits while another process learns a page of the host. */
	if ((t->lock = store_lock(host, -1)) < 0) {
		report("%s: cannot lock the site's statistics: %s", host, strerror(errno));
		return NULL;
	}
	pith_site_free(t->site);
	if (sitestore_load(host, &t->site, warn, sizeof warn) != 0) {
		t->site = NULL;
		store_unlock(t->lock);
		t->lock = -1;
		report("%s: cannot open the site's statistics (no HOME or "
		    "XDG_DATA_HOME, or out of memory)", host);
		return NULL;
	}
	if (warn[0] != '\0')
		report("%s", warn);
	return t;
}

int
learn_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "url", required_argument, NULL, 'u' },
		{ "offline", no_argument, NULL, 'O' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *url = NULL;
	input_options iopt = {0};
	learn_site *sites = NULL;
	size_t nsites = 0;
	int ch, status = 0;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":u:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'u':
			if (!util_is_url(optarg)) {
				report("not an http(s) address: '%s' (see pith learn --help)",
				    optarg);
				return EXIT_USAGE;
			}
			url = optarg;
			break;
		case 'O':
			iopt.offline = 1;
			break;
		case 'h':
			fputs(learn_usage, stdout);
			return 0;
		case ':':
			report("option '%s' needs a value (see pith learn --help)",
			    argv[optind - 1]);
			return EXIT_USAGE;
		default:
			report("unknown option '%s' (see pith learn --help)", argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		report("no page given (see pith learn --help)");
		return EXIT_USAGE;
	}
	for (int i = optind; i < argc; i++) {
		const char *arg = argv[i];
		pith_parse_options popt = {0};
		pith_error err = {0};
		pith_doc *doc = NULL;
		learn_site *ls;
		char host[256];
		input in;
		diag d = {0};
		int added = 0, rc = input_read(arg, &iopt, &in, &d);

		report_diag(&d, rc != 0);
		diag_free(&d);
		if (rc != 0) {
			input_free(&in);
			status = EXIT_INPUT;
			continue;
		}
		/* A URL is its own address; -u names the files'. */
		popt.url = util_is_url(arg) ? in.url : url;
		if (util_url_host(popt.url, 1, host, sizeof host) != 0) {
			report("%s: no host to learn it for (give -u URL)", arg);
			status = EXIT_INPUT;
		} else if (pith_doc_parse(in.data, in.len, &popt, &doc, &err) != PITH_OK) {
			report("%s: %s", arg, err.msg);
			status = EXIT_INPUT;
		} else if ((ls = learn_hold(&sites, &nsites, host, &status)) == NULL) {
			status = EXIT_INPUT;
		} else if (pith_site_learn(ls->site, doc, util_is_url(arg) ? in.url : NULL,
		    &added, &err) != PITH_OK) {
			report("%s: %s", arg, err.msg);
			status = EXIT_INPUT;
		} else if (added) {
			ls->added++;
			ls->dirty = 1;
		} else {
			ls->known++;
		}
		pith_doc_free(doc);
		input_free(&in);
	}
	fetch_cleanup();
	for (size_t i = 0; i < nsites; i++) {
		learn_site *ls = &sites[i];
		size_t pages = ls->site != NULL ? pith_site_pages(ls->site) : 0;

		if (learn_release(ls) != 0) {
			status = EXIT_INPUT;
		} else if (ls->site != NULL) {
			printf("%s: %zu page%s", ls->host, pages, pages == 1 ? "" : "s");
			if (ls->known > 0)
				printf(" (%zu already learned)", ls->known);
			putchar('\n');
		}
		pith_site_free(ls->site);
	}
	free(sites);
	if (fflush(stdout) != 0 && status == 0)
		status = EXIT_INPUT;
	return status;
}
