/* main.c - the pith command line. */
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <curl/curl.h>
#include <jansson.h>
#include <ncurses.h>
#include <unistring/version.h>
#include "program.h"

static const char usage_text[] =
"usage: pith [-d] [-a ALGO] [-f text|markdown|json] [-w WIDTH] [-u URL]\n"
"            [-p NAME=VALUE] [URL|FILE|-]\n"
"\n"
"Finds the article in a web page and shows it.  Without -d, and with a\n"
"terminal on standard output, it opens the reader; otherwise it dumps.\n"
"\n"
"  -d, --dump              print the article instead of opening the reader\n"
"  -a, --algorithm ALGO    extraction algorithm (see --list-algorithms)\n"
"  -f, --format FORMAT     dump format: text (default), markdown, json\n"
"  -w, --width N           wrap text at N columns; 0: no wrapping\n"
"  -u, --url URL           the page's address, for a file or stdin\n"
"  -p, --param NAME=VALUE  set an algorithm parameter (see --list-params)\n"
"      --list-algorithms   list the algorithms and exit\n"
"      --list-params       list the parameters with their defaults and exit\n"
"  -h, --help              show this help and exit\n"
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
	printf("gumbo %s, libcurl %s, %s, libunistring %d.%d.%d, jansson %s\n",
	    PITH_GUMBO_VERSION, fetch_version(), curses_version(),
	    _libunistring_version >> 16, (_libunistring_version >> 8) & 0xff,
	    _libunistring_version & 0xff, JANSSON_VERSION);
}

static int
terminal_width(void)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
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

enum { OPT_LIST_ALGORITHMS = 256, OPT_LIST_PARAMS };

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "dump", no_argument, NULL, 'd' },
		{ "algorithm", required_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "width", required_argument, NULL, 'w' },
		{ "url", required_argument, NULL, 'u' },
		{ "param", required_argument, NULL, 'p' },
		{ "list-algorithms", no_argument, NULL, OPT_LIST_ALGORITHMS },
		{ "list-params", no_argument, NULL, OPT_LIST_PARAMS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *algorithm = NULL, *url = NULL, *arg;
	format fmt = FORMAT_TEXT;
	int width = -1, dump = 0, ch, status;
	pith_params params;
	pith_parse_options popt = {0};
	pith_error err = {0};
	pith_doc *doc = NULL;
	pith_article *art = NULL;
	pith_code rc;
	input in;

	pith_params_init(&params);
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":da:f:w:u:p:hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			dump = 1;
			break;
		case 'a':
			if (pith_algorithm_find(optarg) == NULL)
				return usage_error("unknown algorithm '%s'", optarg);
			algorithm = optarg;
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
			if (!input_is_url(optarg))
				return usage_error("not an http(s) address: '%s'", optarg);
			url = optarg;
			break;
		case 'p': {
			char name[64], *eq = strchr(optarg, '=');

			if (eq == NULL || (size_t)(eq - optarg) >= sizeof name)
				return usage_error("expected NAME=VALUE, not '%s'", optarg);
			memcpy(name, optarg, (size_t)(eq - optarg));
			name[eq - optarg] = '\0';
			if (pith_params_set(&params, name, eq + 1, &err) != PITH_OK)
				return usage_error("%s", err.msg);
			break;
		}
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
				printf("%-12s %-8g %s\n", name, dflt, doc_);
			return 0;
		}
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
	if (optind < argc)
		arg = argv[optind];
	else if (!isatty(STDIN_FILENO))
		arg = "-";
	else
		return usage_error("%s", "no page given");

	/* The reader is the next step; a terminal gets a wrapped dump. */
	if (!dump && isatty(STDOUT_FILENO) && width < 0)
		width = terminal_width() < 80 ? terminal_width() : 80;
	if (width < 0)
		width = 0;

	curl_global_init(CURL_GLOBAL_DEFAULT);
	if (input_read(arg, INPUT_MAX_SIZE, &in) != 0) {
		input_free(&in);
		curl_global_cleanup();
		return EXIT_INPUT;
	}
	popt.url = url != NULL ? url : in.url;
	status = EXIT_INPUT;
	if ((rc = pith_doc_parse(in.data, in.len, &popt, &doc, &err)) != PITH_OK) {
		report("%s: %s", arg, err.msg);
	} else if ((rc = pith_extract(doc, algorithm, &params, &art, &err)) == PITH_ENOARTICLE) {
		report("%s: no article found (%s)", arg, err.msg);
		status = EXIT_NOARTICLE;
	} else if (rc != PITH_OK) {
		report("%s: %s", arg, err.msg);
	} else if (output_dump(art, fmt, width, stdout) == 0) {
		status = EXIT_ARTICLE;
	}
	if (fflush(stdout) != 0 && status == EXIT_ARTICLE) {
		report("cannot write the article");
		status = EXIT_INPUT;
	}
	pith_article_free(art);
	pith_doc_free(doc);
	input_free(&in);
	curl_global_cleanup();
	return status;
}
