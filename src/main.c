/* main.c - the pith command line. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <malloc.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <jansson.h>
#include <ncurses.h>
#include <unistring/version.h>
#include <zlib.h>
#include "batch.h"
#include "config.h"
#include "eval.h"
#include "explain.h"
#include "program.h"
#include "reader.h"
#include "site.h"
#include "sitetpl.h"
#include "theme.h"
#include "train.h"

static const char usage_text[] =
"usage: pith [-d] [-a ALGO] [-t FILE] [-f text|markdown|json|html] [-w WIDTH]\n"
"            [-u URL] [-p NAME=VALUE] [--captions] [--explain] [--theme NAME]\n"
"            [--config FILE] [--timeout S] [--max-size SIZE] [--user-agent UA]\n"
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
"      --explain           print why each block was kept or dropped\n"
"      --captions          keep figure captions and image descriptions in text\n"
"      --theme NAME        the reader's colours: dark, light, mono, ...\n"
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
"      --list-params       list the parameters with their defaults and exit\n"
"  -h, --help              show this help and exit\n"
"      pith eval --help      scoring the algorithms on a corpus\n"
"      pith learn --help     teaching -a site what a site's pages share\n"
"      pith batch --help     many pages, in parallel, as JSON lines\n"
"      pith train --help     measuring a per-page choice of method\n"
"  -V, --version           show the version and exit\n"
"\n"
"Exit status: 0 article found, 1 no article, 2 usage error, 3 input error.\n";

static int
usage_error(const char *fmt, const char *arg)
{
	fputs("pith: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs(" (see pith --help)\n", stderr);
	return EXIT_USAGE;
}

static void
print_version(void)
{
	printf("pith %s\n", PITH_VERSION);
	/* _libunistring_version is 0xMMmmss. */
	/* uchardet has no version call: named, not numbered. */
	printf("gumbo %s, libcurl %s, %s, libunistring %d.%d.%d, jansson %s, "
	    "zlib %s, uchardet\n",
	    PITH_GUMBO_VERSION, fetch_version(), curses_version(),
	    _libunistring_version >> 16, (_libunistring_version >> 8) & 0xff,
	    _libunistring_version & 0xff, JANSSON_VERSION, zlibVersion());
}

/* Settings-file warnings go to stderr at once; the reader repeats the
 * first in its message line, since its screen hides stderr. */
typedef struct {
	char first[256];
	int n;
} config_warnings;

static void
config_warning(void *ctx, const char *file, int line, const char *msg)
{
	config_warnings *w = ctx;
	char text[sizeof w->first];

	if (line > 0)
		snprintf(text, sizeof text, "%s:%d: %s", file, line, msg);
	else
		snprintf(text, sizeof text, "%s: %s", file, msg);
	report("%s", text);
	if (w->n++ == 0)
		memcpy(w->first, text, sizeof text);
}

/* The option getopt complained about, as the user wrote it. */
static const char *
option_name(const char *arg, int opt)
{
	static char o[3];

	if (strncmp(arg, "--", 2) == 0 || opt <= 0 || opt > 127)
		return arg;
	o[0] = '-';
	o[1] = (char)opt;
	return o;
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

/* Read and parse a template file: 0, or EXIT_USAGE after reporting
 * why. */
static int
template_load(const char *path, pith_template **out)
{
	diag d = {0};

	if (sitetpl_load(path, out, &d) != 0) {
		report("%s", d.msg);
		return EXIT_USAGE;
	}
	return 0;
}

enum { OPT_LIST_ALGORITHMS = 256, OPT_LIST_PARAMS, OPT_EXPLAIN, OPT_THEME,
	OPT_CONFIG, OPT_CAPTIONS, OPT_TIMEOUT, OPT_MAX_SIZE, OPT_USER_AGENT,
	OPT_RELOAD, OPT_OFFLINE, OPT_CACHE_SIZE, OPT_NO_LEARN, OPT_TIME_LIMIT };

int
main(int argc, char **argv)
{
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
		{ "explain", no_argument, NULL, OPT_EXPLAIN },
		{ "captions", no_argument, NULL, OPT_CAPTIONS },
		{ "theme", required_argument, NULL, OPT_THEME },
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
	const char *algorithm = NULL, *url = NULL, *arg;
	const char *theme_name = NULL, *config_path = NULL, *template_path = NULL;
	pith_template *tpl = NULL;
	format fmt = FORMAT_TEXT;
	int width = -1, dump = 0, explain = 0, explain_width, ch, status;
	unsigned text_flags = 0;
	config cfg = {0};
	config_warnings cw = {{0}, 0};
	pith_params params;
	pith_parse_options popt = {0};
	pith_error err = {0};
	pith_doc *doc = NULL;
	pith_article *art = NULL;
	pith_code rc;
	input in;
	input_options iopt = {0};
	diag d = {0};
	progress_state ps = {0, 0};
	struct sigaction sa, old_sa;
	/* Pages with a host teach its statistics (-a site) unless --no-learn. */
	sitestore_session ss = { .learn = 1 };

	/* `pith eval ...` is a command of its own. */
	if (argc > 1 && strcmp(argv[1], "eval") == 0)
		return eval_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "learn") == 0)
		return learn_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "batch") == 0)
		return batch_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "train") == 0)
		return train_main(argc - 1, argv + 1);

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

	pith_params_init(&params);
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":da:t:f:w:u:p:hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			dump = 1;
			break;
		case 'a':
			if (pith_algorithm_find(optarg) == NULL)
				return usage_error("unknown algorithm '%s'", optarg);
			algorithm = optarg;
			break;
		case 't':
			template_path = optarg;
			break;
		case 'f':
			if (output_parse_format(optarg, &fmt) != 0)
				return usage_error("unknown format '%s'", optarg);
			break;
		case 'w': {
			char *end;
			long w = strtol(optarg, &end, 10);

			if (end == optarg || *end != '\0' || w < 0 || w > 10000)
				return usage_error("bad width '%s'", optarg);
			width = (int)w;
			break;
		}
		case 'u':
			if (!util_is_url(optarg))
				return usage_error("not an http(s) address: '%s'", optarg);
			url = optarg;
			break;
		case 'p':
			if (pith_params_assign(&params, optarg, &err) != PITH_OK)
				return usage_error("%s", err.msg);
			break;
		case OPT_LIST_ALGORITHMS:
			for (size_t i = 0; i < pith_algorithm_count(); i++)
				printf("%-12s %s%s\n", pith_algorithm_at(i)->name,
				    pith_algorithm_at(i)->summary,
				    i == 0 ? " (default)" : "");
			return 0;
		case OPT_LIST_PARAMS: {
			const char *name, *doc_;
			double dflt;

			for (size_t i = 0; (name = pith_params_describe(i, &dflt, &doc_)); i++)
				printf("%-14s %-8g %s\n", name, dflt, doc_);
			return 0;
		}
		case OPT_CAPTIONS:
			text_flags |= PITH_TEXT_CAPTIONS;
			break;
		case OPT_EXPLAIN:
			explain = 1;
			break;
		case OPT_THEME:
			theme_name = optarg;
			break;
		case OPT_CONFIG:
			config_path = optarg;
			break;
		case OPT_TIMEOUT: {
			char *end;
			long t;

			errno = 0;
			t = strtol(optarg, &end, 10);
			if (end == optarg || *end != '\0' || errno != 0 || t < 1 || t > 86400)
				return usage_error("bad timeout '%s' (seconds, 1 to 86400)", optarg);
			iopt.timeout = t;
			break;
		}
		case OPT_MAX_SIZE: {
			long long n = util_parse_size(optarg);

			if (n < 1)
				return usage_error("bad size '%s'", optarg);
			iopt.max_size = (size_t)n;
			break;
		}
		case OPT_CACHE_SIZE: {
			long long n = util_parse_size(optarg);

			if (n < 0)
				return usage_error("bad size '%s'", optarg);
			iopt.cache_max = (size_t)n;
			iopt.no_cache = n == 0;
			break;
		}
		case OPT_USER_AGENT:
			/* One header line: no control characters in it. */
			for (const char *c = optarg; *c; c++)
				if ((unsigned char)*c < 0x20 || *c == 0x7f)
					return usage_error("bad user agent '%s'", optarg);
			if (optarg[0] == '\0')
				return usage_error("bad user agent '%s'", optarg);
			iopt.user_agent = optarg;
			break;
		case OPT_RELOAD:
			iopt.reload = 1;
			break;
		case OPT_NO_LEARN:
			ss.learn = 0;
			break;
		case OPT_TIME_LIMIT:
			if (input_time_limit(optarg, &params.time_limit) != 0)
				return usage_error("bad time limit '%s' (seconds, 0 to "
				    "86400; 0: none)", optarg);
			break;
		case OPT_OFFLINE:
			iopt.offline = 1;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		case 'V':
			print_version();
			return 0;
		case ':':
			return usage_error("option '%s' needs a value",
			    option_name(argv[optind - 1], optopt));
		default:
			return usage_error("unknown option '%s'",
			    option_name(argv[optind - 1], optopt));
		}
	}
	if (optind + 1 < argc)
		return usage_error("one page at a time: '%s'", argv[optind + 1]);
	if (iopt.reload && iopt.offline)
		return usage_error("%s", "--reload and --offline exclude each other");
	if (optind < argc)
		arg = argv[optind];
	else if (!isatty(STDIN_FILENO))
		arg = "-";
	else
		return usage_error("%s", "no page given");

	/* -t asks for the template algorithm unless -a says otherwise. */
	if (template_path != NULL && algorithm == NULL)
		algorithm = "template";
	/* The command line wins over the settings file. */
	if (config_load(&cfg, config_path, config_warning, &cw) != 0 &&
	    config_path != NULL)
		return EXIT_USAGE;
	if (algorithm == NULL && cfg.algorithm[0] != '\0')
		algorithm = cfg.algorithm;
	if (theme_name == NULL && cfg.theme[0] != '\0')
		theme_name = cfg.theme;

	/* A template from -t, else the site's own for -a template. */
	if (template_path != NULL) {
		if ((status = template_load(template_path, &tpl)) != 0)
			return status;
	} else if (algorithm != NULL && strcmp(algorithm, "template") == 0) {
		char host[256], site[4096];

		if (sitetpl_find(url != NULL ? url : arg, host, sizeof host,
		    site, sizeof site) != 1) {
			if (host[0] != '\0')
				report("no template for %s: give -t FILE or write "
				    "$XDG_CONFIG_HOME/pith/sites/%s.tpl", host, host);
			else
				report("-a template needs a template: -t FILE (or -u URL, "
				    "for $XDG_CONFIG_HOME/pith/sites/HOST.tpl)");
			return EXIT_USAGE;
		}
		status = template_load(site, &tpl);
		if (status != 0)
			return status;
	}
	params.tmpl = tpl;

	if (!dump && !explain && isatty(STDOUT_FILENO)) {
		reader_options ro = {
			.arg = arg, .url = url, .algorithm = algorithm,
			.params = &params, .width = width >= 0 ? width :
			    cfg.width > 0 ? cfg.width : -1,
			.theme = theme_name, .save_dir = cfg.save_dir,
			.warning = cw.n > 0 ? cw.first : NULL,
			.input = &iopt,
			.site = sitestore_hook, .site_ctx = &ss,
		};
		theme t;

		if (theme_name != NULL && theme_load(&t, theme_name, NULL, NULL) != 0) {
			pith_template_free(tpl);
			return usage_error("unknown theme '%s'", theme_name);
		}
		status = EXIT_ARTICLE;
		if (reader_run(&ro, &d) != 0) {
			report("%s", d.msg);
			status = EXIT_INPUT;
		}
		fetch_cleanup();
		pith_template_free(tpl);
		sitestore_session_free(&ss);
		return status;
	}
	/* --explain's rows are 100 columns unless -w says otherwise. */
	explain_width = width;
	if (width < 0)
		width = 0;

	/* A progress bar only where a person watches it. */
	ps.bar = isatty(STDERR_FILENO);
	iopt.progress = dump_progress;
	iopt.progress_ctx = &ps;
	/* Ctrl-C cancels the download with a message; an ignored SIGINT
	 * (a background job) stays ignored. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, NULL, &old_sa);
	if (old_sa.sa_handler != SIG_IGN)
		sigaction(SIGINT, &sa, NULL);
	status = input_read(arg, &iopt, &in, &d);
	sigaction(SIGINT, &old_sa, NULL);
	fetch_cleanup();
	report_diag(&d, status != 0);
	diag_free(&d);
	if (status != 0) {
		input_free(&in);
		pith_template_free(tpl);
		return EXIT_INPUT;
	}
	popt.url = url != NULL ? url : in.url;
	status = EXIT_INPUT;
	rc = pith_doc_parse(in.data, in.len, &popt, &doc, &err);
	/* The document keeps what it needs: the page's bytes can go before
	 * the article is made and written (a big page's peak is then lower). */
	free(in.data);
	in.data = NULL;
	in.len = 0;
	/* Learn the page, and load its site's statistics for -a site. */
	if (rc == PITH_OK && (ss.learn || (algorithm != NULL &&
	    strcmp(algorithm, "site") == 0))) {
		char warn[PATH_MAX + 256];

		params.site = sitestore_page(&ss, doc, util_is_url(arg) ? in.url : NULL,
		    warn, sizeof warn);
		if (warn[0] != '\0')
			report("%s", warn);
	}
	if (rc != PITH_OK) {
		report("%s: %s", arg, err.msg);
	} else if ((rc = pith_extract(doc, algorithm, &params, &art, &err)) != PITH_OK &&
	    explain && art != NULL) {
		/* Explaining why nothing was kept is what --explain is for. */
		if (explain_print(art, explain_width, stdout) == 0)
			status = EXIT_NOARTICLE;
		report("%s: no article found (%s)", arg, err.msg);
	} else if (rc == PITH_ENOARTICLE) {
		report("%s: no article found (%s)", arg, err.msg);
		status = EXIT_NOARTICLE;
	} else if (rc != PITH_OK) {
		report("%s: %s", arg, err.msg);
	} else if (explain) {
		if (explain_print(art, explain_width, stdout) == 0)
			status = EXIT_ARTICLE;
		else
			report("%s: out of memory", arg);
	} else if (output_write(art, fmt, width, text_flags, stdout, &d) == 0) {
		status = EXIT_ARTICLE;
	} else {
		report("%s", d.msg);
	}
	if (fflush(stdout) != 0 && status == EXIT_ARTICLE) {
		report("cannot write the article");
		status = EXIT_INPUT;
	}
	pith_article_free(art);
	pith_doc_free(doc);
	pith_template_free(tpl);
	sitestore_session_free(&ss);
	input_free(&in);
	return status;
}
