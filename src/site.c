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
#include <sys/stat.h>
#include <curl/curl.h>
#include "program.h"
#include "save.h"
#include "site.h"
#include "config.h"

/* A store larger than this is not one pith wrote. */
enum { SITESTORE_FILE_MAX = 16 << 20 };

int
sitestore_host(const char *url, char *host, size_t size)
{
	const char *h = url != NULL ? strstr(url, "://") : NULL;
	size_t n = 0;

	if (size > 0)
		host[0] = '\0';
	if (h == NULL || size == 0 || !input_is_url(url))
		return -1;
	h += 3;
	/* user:password@ goes; the host stops at the port or the path. */
	if (strcspn(h, "@") < strcspn(h, "/?#"))
		h += strcspn(h, "@") + 1;
	if (strncasecmp(h, "www.", 4) == 0 && !strchr(":/?#", h[4]))
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

/* $XDG_DATA_HOME/pith/sites (an absolute XDG_DATA_HOME, else
 * ~/.local/share), plus "/HOST.site" when host is given. */
static int
store_path(const char *host, char *out, size_t size)
{
	size_t n;

	if (config_xdg("XDG_DATA_HOME", ".local/share", "pith/sites", out, size) != 0)
		return -1;
	n = strlen(out);
	if (host != NULL) {
		int m = snprintf(out + n, size - n, "/%s.site", host);

		if (m < 0 || (size_t)m >= size - n)
			return -1;
	}
	return 0;
}

/* The whole file (malloc'd); 0, 1 when there is none, -1 on an error
 * or a file too large (errno says which). */
static int
read_file(const char *path, char **text, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *t;
	size_t n;

	*text = NULL;
	*len = 0;
	if (f == NULL)
		return errno == ENOENT ? 1 : -1;
	if ((t = malloc(SITESTORE_FILE_MAX + 1)) == NULL) {
		fclose(f);
		errno = ENOMEM;
		return -1;
	}
	n = fread(t, 1, SITESTORE_FILE_MAX + 1, f);
	if (ferror(f) || n > SITESTORE_FILE_MAX) {
		errno = ferror(f) ? EIO : EFBIG;
		fclose(f);
		free(t);
		return -1;
	}
	fclose(f);
	*text = t;
	*len = n;
	return 0;
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
	rc = read_file(path, &text, &len);
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
	int rc = -1;

	if (store_path(NULL, path, sizeof path) != 0) {
		snprintf(err, esize, "no data directory: set HOME or XDG_DATA_HOME");
		return -1;
	}
	if (save_mkdirs(path) != 0) {
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
	if (save_write(path, text, len, 1, err, esize) == SAVE_OK)
		rc = 0;
	else if (esize > 0) {
		char why[200];

		snprintf(why, sizeof why, "%s", err);
		snprintf(err, esize, "%s: %s", path, why);
	}
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
	if (sitestore_host(pith_doc_url(doc), host, sizeof host) != 0) {
		sitestore_session_free(ss);
		return NULL;
	}
	if (ss->site == NULL || strcmp(host, ss->host) != 0) {
		sitestore_session_free(ss);
		if (sitestore_load(host, &ss->site, warn, wsize) != 0)
			return NULL;
		memcpy(ss->host, host, sizeof host);
	}
	/* Learning is best effort: a page not counted changes little.
	 * Only a page new to the site costs a write. */
	if (ss->learn && pith_site_learn(ss->site, doc, key, &added, NULL) == PITH_OK &&
	    added) {
		char why[PATH_MAX + 64];

		if (sitestore_save(host, ss->site, why, sizeof why) != 0 && wsize > 0 &&
		    warn[0] == '\0')
			snprintf(warn, wsize, "cannot save the statistics of %s: %s",
			    host, why);
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
} learn_site;

static learn_site *
learn_find(learn_site **sites, size_t *n, const char *host)
{
	learn_site *t;
	char warn[PATH_MAX + 256];

	for (size_t i = 0; i < *n; i++)
		if (strcmp((*sites)[i].host, host) == 0)
			return &(*sites)[i];
	if ((t = realloc(*sites, (*n + 1) * sizeof *t)) == NULL) {
		report("out of memory");
		return NULL;
	}
	*sites = t;
	t = &t[*n];
	memset(t, 0, sizeof *t);
	snprintf(t->host, sizeof t->host, "%s", host);
	if (sitestore_load(host, &t->site, warn, sizeof warn) != 0) {
		report("%s: cannot open the site's statistics (no HOME or "
		    "XDG_DATA_HOME, or out of memory)", host);
		return NULL;
	}
	if (warn[0] != '\0')
		report("%s", warn);
	(*n)++;
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
			if (!input_is_url(optarg)) {
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
	curl_global_init(CURL_GLOBAL_DEFAULT);
	for (int i = optind; i < argc; i++) {
		const char *arg = argv[i];
		pith_parse_options popt = {0};
		pith_error err = {0};
		pith_doc *doc = NULL;
		learn_site *ls;
		char host[256];
		input in;
		int added = 0;

		if (input_read(arg, &iopt, &in) != 0) {
			input_free(&in);
			status = EXIT_INPUT;
			continue;
		}
		/* A URL is its own address; -u names the files'. */
		popt.url = input_is_url(arg) ? in.url : url;
		if (sitestore_host(popt.url, host, sizeof host) != 0) {
			report("%s: no host to learn it for (give -u URL)", arg);
			status = EXIT_INPUT;
		} else if (pith_doc_parse(in.data, in.len, &popt, &doc, &err) != PITH_OK) {
			report("%s: %s", arg, err.msg);
			status = EXIT_INPUT;
		} else if ((ls = learn_find(&sites, &nsites, host)) == NULL) {
			status = EXIT_INPUT;
		} else if (pith_site_learn(ls->site, doc, input_is_url(arg) ? in.url : NULL,
		    &added, &err) != PITH_OK) {
			report("%s: %s", arg, err.msg);
			status = EXIT_INPUT;
		} else if (added) {
			ls->added++;
		} else {
			ls->known++;
		}
		pith_doc_free(doc);
		input_free(&in);
	}
	fetch_cleanup();
	curl_global_cleanup();
	for (size_t i = 0; i < nsites; i++) {
		learn_site *ls = &sites[i];
		size_t pages = pith_site_pages(ls->site);
		char err[PATH_MAX + 256];

		if (ls->added > 0 && sitestore_save(ls->host, ls->site, err, sizeof err) != 0) {
			report("%s", err);
			status = EXIT_INPUT;
		} else {
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
