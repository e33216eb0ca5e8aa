/*
 * learn.c - `pith learn`: count pages into their site's statistics
 * (site.h), for -a site.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd.h"
#include "site.h"

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

static int learn_main(int argc, char **argv);

const cmd_entry cmd_learn_entry = { "learn", learn_main, learn_usage, "" };

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
	diag d = {0};
	int rc = 0;

	if (ls->lock < 0)
		return 0;
	if (ls->dirty && (rc = sitestore_save(ls->host, ls->site, &d)) != 0)
		report("%s", d.msg);
	ls->dirty = 0;
	sitestore_unlock(ls->lock);
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
	diag d = {0};
	int rc;

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
	if ((t->lock = sitestore_lock(host, -1)) < 0) {
		report("%s: cannot lock the site's statistics: %s", host, strerror(errno));
		return NULL;
	}
	pith_site_free(t->site);
	rc = sitestore_load(host, &t->site, &d);
	report_diag(&d, 0);
	diag_free(&d);
	if (rc != 0) {
		sitestore_unlock(t->lock);
		t->lock = -1;
		report("%s: cannot open the site's statistics: %s", host, d.msg);
		return NULL;
	}
	return t;
}

/* Learn one page into its site's statistics (held in sites): 0, or
 * EXIT_INPUT after reporting why not. */
static int
learn_page(const char *arg, const char *url, const input_options *iopt,
           learn_site **sites, size_t *nsites)
{
	pith_parse_options popt = {0};
	pith_error err = {0};
	pith_doc *doc = NULL;
	learn_site *ls;
	char host[256];
	input in;
	diag d = {0};
	int added = 0, status = 0, rc = input_read(arg, iopt, &in, &d);

	report_diag(&d, rc != 0);
	diag_free(&d);
	if (rc != 0) {
		input_free(&in);
		return EXIT_INPUT;
	}
	/* A URL is its own address; -u names the files'. */
	popt.url = util_is_url(arg) ? in.url : url;
	if (util_url_host(popt.url, 1, host, sizeof host) != 0) {
		report("%s: no host to learn it for (give -u URL)", arg);
		status = EXIT_INPUT;
	} else if (pith_doc_parse(in.data, in.len, &popt, &doc, &err) != PITH_OK) {
		report("%s: %s", arg, err.msg);
		status = EXIT_INPUT;
	} else if ((ls = learn_hold(sites, nsites, host, &status)) == NULL) {
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
	return status;
}

/* Write every site back and print its page count: 0, or EXIT_INPUT when
 * one cannot be written. */
static int
learn_finish(learn_site *sites, size_t nsites)
{
	int status = 0;

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
	return status;
}

static int
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
	int ch, st, status = 0;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":u:h", longopts, NULL)) != -1) {
		if ((st = cmd_option(&cmd_learn_entry, ch, argv)) >= 0)
			return st;
		switch (ch) {
		case 'u':
			if (!util_is_url(optarg))
				return cmd_usage(&cmd_learn_entry,
				    "not an http(s) address: '%s'", optarg);
			url = optarg;
			break;
		case 'O':
			iopt.offline = 1;
			break;
		}
	}
	if (optind >= argc)
		return cmd_usage(&cmd_learn_entry, "%s", "no page given");
	for (int i = optind; i < argc; i++)
		if (learn_page(argv[i], url, &iopt, &sites, &nsites) != 0)
			status = EXIT_INPUT;
	fetch_cleanup();
	if (learn_finish(sites, nsites) != 0)
		status = EXIT_INPUT;
	if (fflush(stdout) != 0 && status == 0)
		status = EXIT_INPUT;
	return status;
}
