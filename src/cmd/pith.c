/*
 * pith.c - the pith command: one page, shown in the reader on a
 * terminal, else dumped (-d, --explain).  Its steps: the options, the
 * settings file under them, the template, then the reader or the dump.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <malloc.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fribidi.h>
#include <jansson.h>
#include <ncurses.h>
#include <unistring/version.h>
#include <zlib.h>
#include "cmd.h"
#include "config.h"
#include "explain.h"
#include "history.h"
#include "layout.h"
#include "reader.h"
#include "site.h"
#include "sitetpl.h"
#include "themefile.h"

static const char usage_text[] =
"usage: pith [-d] [-a ALGO] [-t FILE] [-f text|markdown|json|html] [-w WIDTH]\n"
"            [-u URL] [-p NAME=VALUE] [--captions] [--explain[=tokens]]\n"
"            [--theme NAME] [--bidi on|off] [--hyphenate[=on|off]]\n"
"            [--justify[=on|off]] [--config FILE] [--timeout S]\n"
"            [--max-size SIZE] [--user-agent UA]\n"
"            [--reload | --offline] [--cache-size SIZE] [--time-limit S]\n"
"            [URL|FILE|-]\n"
"\n"
"Finds the article in a web page and shows it.  Without -d, and with a\n"
"terminal on standard output, it opens the reader; otherwise it dumps.\n"
"\n"
"  -d, --dump              print the article instead of opening the reader\n"
"  -a, --algorithm ALGO    extraction algorithm (see --list-algorithms)\n"
"  -t, --template FILE     extract what the template FILE selects (-a template;\n"
"                          without -t, $XDG_CONFIG_HOME/pith/sites/HOST.tpl)\n"
"  -f, --format FORMAT     dump format: text (default), markdown, json, html\n"
"  -w, --width N           wrap text at N columns; 0: no wrapping\n"
"  -u, --url URL           the page's address, for a file or stdin\n"
"  -p, --param NAME=VALUE  set an algorithm parameter (see --list-params)\n"
"      --explain           print why each block was kept or dropped (-f json: as JSON)\n"
"      --explain=tokens    the same token by token (readability: its candidates)\n"
"      --captions          keep figure captions and image descriptions in text\n"
"      --theme NAME        the reader's colours: dark, light, mono, ...\n"
"      --bidi on|off       the reader shows right-to-left text in visual order\n"
"                          (on); off for a terminal that reorders it itself\n"
"      --hyphenate[=on|off] break long words at the page language's\n"
"                          hyphenation points (reader, saving, -d -w N)\n"
"      --justify[=on|off]  the reader spreads paragraphs to both margins\n"
"      --config FILE       read settings from FILE, not\n"
"                          $XDG_CONFIG_HOME/pith/config\n"
"      --timeout SECONDS   give up on a download after this long (30)\n"
"      --max-size SIZE     refuse pages larger than SIZE, e.g. 500k, 50M\n"
"                          (20M fetched, 64M from a file or stdin)\n"
"      --user-agent UA     the User-Agent header to send\n"
"      --reload            fetch the page anew, not from the cache\n"
"      --offline           read pages only from the cache\n"
"      --cache-size SIZE   bound the cache in $XDG_CACHE_HOME/pith (100M);\n"
"                          0 turns it off\n"
"      --no-learn          do not count the page into its site's statistics\n"
"      --time-limit S      give up finding the article after S seconds\n"
"                          (10); 0: no limit\n"
"      --list-algorithms   list the algorithms and exit\n"
"      --history           list the pages read in the reader, the most recent\n"
"                          first, and exit\n"
"      --list-params       list the parameters with their defaults and exit\n"
"  -h, --help              show this help and exit\n"
"      pith eval --help      scoring the algorithms on a corpus\n"
"      pith learn --help     teaching -a site what a site's pages share\n"
"      pith batch --help     many pages, in parallel, as JSON lines\n"
"      pith train --help     measuring a per-page choice of method\n"
"  -V, --version           show the version and exit\n"
"\n"
"Exit status: 0 article found, 1 no article, 2 usage error, 3 input error.\n";

static int pith_main(int argc, char **argv);

const cmd_entry cmd_pith_entry = { "", pith_main, usage_text, "" };

/* Everything the command line says. */
typedef struct {
	const char *arg;           /* the page */
	const char *algorithm, *url, *theme, *config, *template;
	format fmt;
	int width;                 /* -1: not given */
	int dump, explain, learn;
	int bidi, hyphenate, justify;  /* 0: not given, else CONFIG_ON or OFF */
	unsigned text_flags;
	pith_params *params;
	input_options input;
} pith_options;

enum { OPT_LIST_ALGORITHMS = 256, OPT_LIST_PARAMS, OPT_EXPLAIN, OPT_THEME,
	OPT_CONFIG, OPT_CAPTIONS, OPT_TIMEOUT, OPT_MAX_SIZE, OPT_USER_AGENT,
	OPT_RELOAD, OPT_OFFLINE, OPT_CACHE_SIZE, OPT_NO_LEARN, OPT_TIME_LIMIT,
	OPT_HISTORY, OPT_BIDI, OPT_HYPHENATE, OPT_JUSTIFY };

static const struct option longopts[] = {
	{ "dump", no_argument, NULL, 'd' },
	{ "algorithm", required_argument, NULL, 'a' },
	{ "template", required_argument, NULL, 't' },
	{ "format", required_argument, NULL, 'f' },
	{ "width", required_argument, NULL, 'w' },
	{ "url", required_argument, NULL, 'u' },
	{ "param", required_argument, NULL, 'p' },
	{ "list-algorithms", no_argument, NULL, OPT_LIST_ALGORITHMS },
	{ "list-params", no_argument, NULL, OPT_LIST_PARAMS },
	{ "history", no_argument, NULL, OPT_HISTORY },
	{ "explain", optional_argument, NULL, OPT_EXPLAIN },
	{ "captions", no_argument, NULL, OPT_CAPTIONS },
	{ "theme", required_argument, NULL, OPT_THEME },
	{ "bidi", required_argument, NULL, OPT_BIDI },
	{ "hyphenate", optional_argument, NULL, OPT_HYPHENATE },
	{ "justify", optional_argument, NULL, OPT_JUSTIFY },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "max-size", required_argument, NULL, OPT_MAX_SIZE },
	{ "user-agent", required_argument, NULL, OPT_USER_AGENT },
	{ "reload", no_argument, NULL, OPT_RELOAD },
	{ "offline", no_argument, NULL, OPT_OFFLINE },
	{ "cache-size", required_argument, NULL, OPT_CACHE_SIZE },
	{ "no-learn", no_argument, NULL, OPT_NO_LEARN },
	{ "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

static void
print_version(void)
{
	printf("pith %s\n", PITH_VERSION);
	/* _libunistring_version is 0xMMmmss. */
	/* uchardet has no version call: named, not numbered. */
	printf("gumbo %s, libcurl %s, %s, libunistring %d.%d.%d, jansson %s, "
	    "zlib %s, uchardet, fribidi %s\n",
	    PITH_GUMBO_VERSION, fetch_version(), curses_version(),
	    _libunistring_version >> 16, (_libunistring_version >> 8) & 0xff,
	    _libunistring_version & 0xff, JANSSON_VERSION, zlibVersion(),
	    FRIBIDI_VERSION);
}

static int
usage_error(const char *fmt, const char *arg)
{
	return cmd_usage(&cmd_pith_entry, fmt, arg);
}

/* --list-algorithms and --list-params. */
static void
list(int what)
{
	const char *name, *doc;
	double dflt;

	if (what == OPT_LIST_ALGORITHMS) {
		for (size_t i = 0; i < pith_algorithm_count(); i++)
			printf("%-12s %s%s\n", pith_algorithm_at(i)->name,
			    pith_algorithm_at(i)->summary, i == 0 ? " (default)" : "");
		return;
	}
	for (size_t i = 0; (name = pith_params_describe(i, &dflt, &doc)); i++)
		printf("%-14s %-8g %s\n", name, dflt, doc);
}

/* --history: the pages the reader kept, one a line: when, address,
 * title (page data, so through the filter every screen text takes). */
static int
print_history(void)
{
	char path[4096], date[32], addr[4096], title[1024];
	history h;
	diag d = {0};

	if (history_path(path, sizeof path) != 0)
		return report("no home folder for the history"), EXIT_INPUT;
	if (history_load(path, &h, &d) != 0)
		return report("%s", d.msg), EXIT_INPUT;
	for (size_t i = 0; i < h.n; i++) {
		struct tm tm;

		if (localtime_r(&h.e[i].time, &tm) == NULL ||
		    strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm) == 0)
			snprintf(date, sizeof date, "?");
		layout_clean(h.e[i].address, strlen(h.e[i].address), 0, addr, sizeof addr);
		layout_clean(h.e[i].title, strlen(h.e[i].title), 0, title, sizeof title);
		printf("%s  %s  %s\n", date, addr, title);
	}
	history_free(&h);
	return fflush(stdout) == 0 ? EXIT_ARTICLE : EXIT_INPUT;
}

/* -w, --timeout and --user-agent: 0, or -1 when the value is bad. */
static int
parse_number(int ch, const char *v, pith_options *o)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (ch == 'w') {
		if (end == v || *end != '\0' || n < 0 || n > 10000)
			return -1;
		o->width = (int)n;
		return 0;
	}
	if (end == v || *end != '\0' || errno != 0 || n < 1 || n > 86400)
		return -1;
	o->input.timeout = n;
	return 0;
}

/* One option that takes a value or sets a flag: -1 to go on, else the
 * exit status to stop with. */
static int
parse_option(int ch, const char *v, pith_options *o)
{
	pith_error err = {0};
	long long n;
	double limit;

	switch (ch) {
	case 'd': o->dump = 1; break;
	case 't': o->template = v; break;
	case OPT_CAPTIONS: o->text_flags |= PITH_TEXT_CAPTIONS; break;
	case OPT_EXPLAIN:
		if (v != NULL && strcmp(v, "tokens") != 0 && strcmp(v, "blocks") != 0)
			return usage_error("--explain takes blocks or tokens, not '%s'", v);
		o->explain = v != NULL && strcmp(v, "tokens") == 0 ? 2 : 1;
		break;
	case OPT_THEME: o->theme = v; break;
	case OPT_BIDI:
		if ((o->bidi = config_switch(v)) == 0)
			return usage_error("--bidi takes on or off, not '%s'", v);
		break;
	case OPT_HYPHENATE:
		if ((o->hyphenate = v != NULL ? config_switch(v) : CONFIG_ON) == 0)
			return usage_error("--hyphenate takes on or off, not '%s'", v);
		break;
	case OPT_JUSTIFY:
		if ((o->justify = v != NULL ? config_switch(v) : CONFIG_ON) == 0)
			return usage_error("--justify takes on or off, not '%s'", v);
		break;
	case OPT_CONFIG: o->config = v; break;
	case OPT_RELOAD: o->input.reload = 1; break;
	case OPT_OFFLINE: o->input.offline = 1; break;
	case OPT_NO_LEARN: o->learn = 0; break;
	case 'a':
		if (pith_algorithm_find(v) == NULL)
			return usage_error("unknown algorithm '%s'", v);
		o->algorithm = v;
		break;
	case 'f':
		if (output_parse_format(v, &o->fmt) != 0)
			return usage_error("unknown format '%s'", v);
		break;
	case 'w':
		if (parse_number(ch, v, o) != 0)
			return usage_error("bad width '%s'", v);
		break;
	case OPT_TIMEOUT:
		if (parse_number(ch, v, o) != 0)
			return usage_error("bad timeout '%s' (seconds, 1 to 86400)", v);
		break;
	case 'u':
		if (!util_is_url(v))
			return usage_error("not an http(s) address: '%s'", v);
		o->url = v;
		break;
	case 'p':
		if (pith_params_assign(o->params, v, &err) != PITH_OK)
			return usage_error("%s", err.msg);
		break;
	case OPT_MAX_SIZE:
		if ((n = util_parse_size(v)) < 1)
			return usage_error("bad size '%s'", v);
		o->input.max_size = (size_t)n;
		break;
	case OPT_CACHE_SIZE:
		if ((n = util_parse_size(v)) < 0)
			return usage_error("bad size '%s'", v);
		o->input.cache_max = (size_t)n;
		o->input.no_cache = n == 0;
		break;
	case OPT_USER_AGENT:
		/* One header line: no control characters in it. */
		for (const char *c = v; *c; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				return usage_error("bad user agent '%s'", v);
		if (v[0] == '\0')
			return usage_error("bad user agent '%s'", v);
		o->input.user_agent = v;
		break;
	case OPT_TIME_LIMIT:
		if (input_time_limit(v, &limit) != 0)
			return usage_error("bad time limit '%s' (seconds, 0 to "
			    "86400; 0: none)", v);
		pith_params_set_time_limit(o->params, limit);
		break;
	}
	return -1;
}

/* The command line into o: -1 to go on, else the exit status to stop
 * with (after --help, --version, a list or a usage error). */
static int
parse_options(int argc, char **argv, pith_options *o)
{
	int ch, st;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":da:t:f:w:u:p:hV", longopts, NULL)) != -1) {
		switch (ch) {
		case OPT_LIST_ALGORITHMS: case OPT_LIST_PARAMS:
			list(ch);
			return 0;
		case OPT_HISTORY:
			return print_history();
		case 'V':
			print_version();
			return 0;
		default:
			if ((st = cmd_option(&cmd_pith_entry, ch, argv)) >= 0 ||
			    (st = parse_option(ch, optarg, o)) >= 0)
				return st;
		}
	}
	if (optind + 1 < argc)
		return usage_error("one page at a time: '%s'", argv[optind + 1]);
	if (o->input.reload && o->input.offline)
		return usage_error("%s", "--reload and --offline exclude each other");
	/* The rows are text for people or data for programs. */
	if (o->explain == 2 && o->fmt != FORMAT_TEXT)
		return usage_error("%s", "--explain=tokens prints text only");
	if (o->explain && o->fmt != FORMAT_TEXT && o->fmt != FORMAT_JSON)
		return usage_error("%s", "--explain prints text or, with -f json, JSON");
	if (optind < argc)
		o->arg = argv[optind];
	else if (!isatty(STDIN_FILENO))
		o->arg = "-";
	else
		return usage_error("%s", "no page given");
	return -1;
}

/* The settings file under the command line: 0, or EXIT_USAGE when
 * --config names a file that cannot be read.  Its warnings go to stderr
 * at once (config_load keeps ten and counts the rest); the reader
 * repeats the first in its message line, as first, since its screen
 * hides stderr. */
static int
merge_config(pith_options *o, config *cfg, char *first, size_t size)
{
	diag d = {0};
	int rc;

	/* -t asks for the template algorithm unless -a says otherwise. */
	if (o->template != NULL && o->algorithm == NULL)
		o->algorithm = "template";
	rc = config_load(cfg, o->config, &d);
	report_diag(&d, rc < 0);
	snprintf(first, size, "%s", rc < 0 ? d.msg : d.nwarnings > 0 ?
	    diag_warning(&d, 0) : "");
	diag_free(&d);
	if (rc < 0 && o->config != NULL)
		return EXIT_USAGE;
	if (o->algorithm == NULL && cfg->algorithm[0] != '\0')
		o->algorithm = cfg->algorithm;
	if (o->theme == NULL && cfg->theme[0] != '\0')
		o->theme = cfg->theme;
	if (o->bidi == 0)
		o->bidi = cfg->bidi;
	if (o->hyphenate == 0)
		o->hyphenate = cfg->hyphenate;
	if (o->hyphenate == CONFIG_ON)
		o->text_flags |= OUTPUT_HYPHENATE;
	if (o->justify == 0)
		o->justify = cfg->justify;
	return 0;
}

/* The template from -t, else the site's own for -a template, into
 * o->params (NULL for none): 0, or EXIT_USAGE after reporting. */
static int
choose_template(pith_options *o, pith_template **tpl)
{
	char host[256], site[4096];
	diag d = {0};
	const char *path = o->template;

	*tpl = NULL;
	if (path == NULL && (o->algorithm == NULL || strcmp(o->algorithm, "template") != 0))
		return 0;
	if (path == NULL) {
		if (sitetpl_find(o->url != NULL ? o->url : o->arg, host, sizeof host,
		    site, sizeof site) != 1) {
			if (host[0] != '\0')
				report("no template for %s: give -t FILE or write "
				    "$XDG_CONFIG_HOME/pith/sites/%s.tpl", host, host);
			else
				report("-a template needs a template: -t FILE (or -u URL, "
				    "for $XDG_CONFIG_HOME/pith/sites/HOST.tpl)");
			return EXIT_USAGE;
		}
		path = site;
	}
	if (sitetpl_load(path, tpl, &d) != 0) {
		report("%s", d.msg);
		return EXIT_USAGE;
	}
	pith_params_set_template(o->params, *tpl);
	return 0;
}

/* The page in the reader, until the user quits. */
static int
run_reader(pith_options *o, const config *cfg, const char *cfg_warning,
           sitestore_session *ss)
{
	reader_options ro = {
		.arg = o->arg, .url = o->url, .algorithm = o->algorithm,
		.params = o->params, .width = o->width >= 0 ? o->width :
		    cfg->width > 0 ? cfg->width : -1,
		.save_dir = cfg->save_dir, .bidi = o->bidi != CONFIG_OFF,
		.hyphenate = o->hyphenate == CONFIG_ON, .justify = o->justify == CONFIG_ON,
		.bidi_shape = cfg->bidi_shape == CONFIG_ON,
		.warning = cfg_warning[0] != '\0' ? cfg_warning : NULL,
		.input = &o->input,
		.site = sitestore_hook, .site_ctx = ss,
	};
	diag d = {0};
	theme t;
	int status = EXIT_ARTICLE, rc;

	/* Loaded once, here, where an unknown one is a usage error. */
	if (o->theme != NULL && themefile_load(&t, o->theme, NULL) != 0)
		return usage_error("unknown theme '%s'", o->theme);
	ro.theme = o->theme != NULL ? &t : NULL;
	if ((rc = reader_run(&ro, &d)) < 0) {
		report("%s", d.msg);
		status = EXIT_INPUT;
	} else if (rc == 1) {
		status = EXIT_INTERRUPTED;
	}
	fetch_cleanup();
	return status;
}

/* Ctrl-C while a page downloads in dump mode: say "cancelled". */
static volatile sig_atomic_t interrupted;

static void
on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

typedef struct {
	int drawn;                 /* report_progress's state */
	int bar;                   /* stderr is a terminal */
} progress_state;

static int
dump_progress(void *ctx, const char *url, const fetch_progress *p)
{
	progress_state *ps = ctx;

	if (ps->bar)
		report_progress(&ps->drawn, url, p);
	return interrupted;
}

/* Read the page for a dump, with a progress bar where a person watches
 * it; Ctrl-C cancels the download with a message, and an ignored
 * SIGINT (a background job) stays ignored.  0, or -1 after reporting. */
static int
read_page(pith_options *o, input *in)
{
	progress_state ps = { 0, isatty(STDERR_FILENO) };
	struct sigaction sa, old_sa;
	diag d = {0};
	int rc;

	o->input.progress = dump_progress;
	o->input.progress_ctx = &ps;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, NULL, &old_sa);
	if (old_sa.sa_handler != SIG_IGN)
		sigaction(SIGINT, &sa, NULL);
	rc = input_read(o->arg, &o->input, in, &d);
	sigaction(SIGINT, &old_sa, NULL);
	fetch_cleanup();
	report_diag(&d, rc != 0);
	diag_free(&d);
	return rc;
}

/* --explain's rows, as text or (-f json) as data: 0, or -1 when out of
 * memory. */
static int
explain(const pith_options *o, const pith_article *art)
{
	if (o->fmt == FORMAT_JSON)
		return explain_json(art, stdout);
	return explain_print(art, o->explain == 2, o->width, stdout);
}

/* Extract the parsed page and print it (or why each block was kept):
 * the exit status. */
static int
print_article(pith_options *o, pith_doc *doc)
{
	/* --explain's rows are 100 columns unless -w says otherwise. */
	int width = o->width < 0 ? 0 : o->width, status = EXIT_INPUT;
	pith_article *art = NULL;
	pith_error err = {0};
	pith_code rc;
	diag d = {0};

	if ((rc = pith_extract(doc, o->algorithm, o->params, &art, &err)) != PITH_OK &&
	    o->explain && art != NULL) {
		/* Explaining why nothing was kept is what --explain is for. */
		if (explain(o, art) == 0)
			status = EXIT_NOARTICLE;
		report("%s: no article found (%s)", o->arg, err.msg);
	} else if (rc == PITH_ENOARTICLE) {
		report("%s: no article found (%s)", o->arg, err.msg);
		status = EXIT_NOARTICLE;
	} else if (rc != PITH_OK) {
		report("%s: %s", o->arg, err.msg);
	} else if (o->explain) {
		if (explain(o, art) == 0)
			status = EXIT_ARTICLE;
		else
			report("%s: out of memory", o->arg);
	} else if (output_write(art, o->fmt, width, o->text_flags, stdout, &d) == 0) {
		status = EXIT_ARTICLE;
	} else {
		report("%s", d.msg);
	}
	pith_article_free(art);
	return status;
}

/* -d and --explain: read, parse, learn, extract, print. */
static int
dump(pith_options *o, sitestore_session *ss)
{
	pith_parse_options popt = {0};
	pith_error err = {0};
	pith_doc *doc = NULL;
	pith_code rc;
	input in;
	int status = EXIT_INPUT;

	if (read_page(o, &in) != 0) {
		input_free(&in);
		return EXIT_INPUT;
	}
	popt.url = o->url != NULL ? o->url : in.url;
	rc = pith_doc_parse(in.data, in.len, &popt, &doc, &err);
	/* The document keeps what it needs: the page's bytes can go before
	 * the article is made and written (a big page's peak is then lower). */
	free(in.data);
	in.data = NULL;
	in.len = 0;
	if (rc != PITH_OK) {
		report("%s: %s", o->arg, err.msg);
	} else {
		/* Learn the page, and load its site's statistics for -a site. */
		if (ss->learn || (o->algorithm != NULL && strcmp(o->algorithm, "site") == 0)) {
			diag d = {0};

			pith_params_set_site(o->params, sitestore_page(ss, doc,
			    util_is_url(o->arg) ? in.url : NULL, &d));
			report_diag(&d, 0);
			diag_free(&d);
		}
		status = print_article(o, doc);
	}
	if (fflush(stdout) != 0 && status == EXIT_ARTICLE) {
		report("cannot write the article");
		status = EXIT_INPUT;
	}
	pith_doc_free(doc);
	input_free(&in);
	return status;
}

static int
pith_main(int argc, char **argv)
{
	pith_options o = { .fmt = FORMAT_TEXT, .width = -1, .learn = 1 };
	config cfg = {0};
	char cfg_warning[sizeof ((diag *)0)->msg];
	pith_template *tpl = NULL;
	/* Pages with a host teach its statistics (-a site) unless --no-learn. */
	sitestore_session ss = {0};
	int status;

#ifdef M_MMAP_THRESHOLD
	/* A page's big buffers (its bytes, gumbo's strings, the text) are
	 * freed while others are still growing; glibc would otherwise raise
	 * its mmap threshold after the first such free and keep them in the
	 * heap, where they stay resident.  A fixed threshold gives them back:
	 * a 5 MB page peaks at 65 MB instead of 69.  Only for one page: a
	 * batch's memory is flat anyway, and there the page faults of fresh
	 * mappings cost 5 % of its time. */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif

	if ((o.params = pith_params_new()) == NULL) {
		report("out of memory");
		return EXIT_INPUT;
	}
	if ((status = parse_options(argc, argv, &o)) >= 0 ||
	    (status = merge_config(&o, &cfg, cfg_warning, sizeof cfg_warning)) != 0 ||
	    (status = choose_template(&o, &tpl)) != 0)
		goto out;
	ss.learn = o.learn;
	if (!o.dump && !o.explain && isatty(STDOUT_FILENO))
		status = run_reader(&o, &cfg, cfg_warning, &ss);
	else
		status = dump(&o, &ss);
out:
	pith_template_free(tpl);
	sitestore_session_free(&ss);
	pith_params_free(o.params);
	return status;
}
