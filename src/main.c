/* main.c - the pith command line. */
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <curl/curl.h>
#include <jansson.h>
#include <ncurses.h>
#include <unistring/version.h>
#include "config.h"
#include "explain.h"
#include "program.h"
#include "reader.h"
#include "theme.h"

static const char usage_text[] =
"usage: pith [-d] [-a ALGO] [-f text|markdown|json] [-w WIDTH] [-u URL]\n"
"            [-p NAME=VALUE] [--captions] [--explain] [--theme NAME]\n"
"            [--config FILE] [URL|FILE|-]\n"
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
"      --explain           print why each block was kept or dropped\n"
"      --captions          keep figure captions and image descriptions in text\n"
"      --theme NAME        the reader's colours: dark, light, mono, ...\n"
"      --config FILE       read settings from FILE, not\n"
"                          $XDG_CONFIG_HOME/pith/config\n"
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

enum { OPT_LIST_ALGORITHMS = 256, OPT_LIST_PARAMS, OPT_EXPLAIN, OPT_THEME,
	OPT_CONFIG, OPT_CAPTIONS };

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
		{ "explain", no_argument, NULL, OPT_EXPLAIN },
		{ "captions", no_argument, NULL, OPT_CAPTIONS },
		{ "theme", required_argument, NULL, OPT_THEME },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *algorithm = NULL, *url = NULL, *arg;
	const char *theme_name = NULL, *config_path = NULL;
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

	/* The command line wins over the settings file. */
	if (config_load(&cfg, config_path, config_warning, &cw) != 0 &&
	    config_path != NULL)
		return EXIT_USAGE;
	if (algorithm == NULL && cfg.algorithm[0] != '\0')
		algorithm = cfg.algorithm;
	if (theme_name == NULL && cfg.theme[0] != '\0')
		theme_name = cfg.theme;

	if (!dump && !explain && isatty(STDOUT_FILENO)) {
		reader_options ro = {
			.arg = arg, .url = url, .algorithm = algorithm,
			.params = &params, .width = width >= 0 ? width :
			    cfg.width > 0 ? cfg.width : -1,
			.theme = theme_name, .save_dir = cfg.save_dir,
			.warning = cw.n > 0 ? cw.first : NULL,
		};
		theme t;

		if (theme_name != NULL && theme_load(&t, theme_name, NULL, NULL) != 0)
			return usage_error("unknown theme '%s'", theme_name);
		curl_global_init(CURL_GLOBAL_DEFAULT);
		status = reader_run(&ro);
		curl_global_cleanup();
		return status;
	}
	/* --explain's rows are 100 columns unless -w says otherwise. */
	explain_width = width;
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
	} else if (output_dump(art, fmt, width, text_flags, stdout) == 0) {
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
