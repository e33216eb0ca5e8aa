/*
 * input.c - a page from a file, standard input, the network or the
 * cache, decoded to UTF-8 HTML: every source goes through the same
 * encoding decision (charset.c), and plain text becomes a <pre>.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "cache.h"
#include "charset.h"
#include "program.h"

input_kind
input_kind_of(const char *type)
{
	static const char *const html[] = {
		"text/html", "application/xhtml+xml", "application/xml", "text/xml",
		"application/vnd.wap.xhtml+xml",
	};
	size_t n;

	if (type == NULL)
		return INPUT_HTML;
	while (*type == ' ' || *type == '\t')
		type++;
	n = strcspn(type, "; \t");
	if (n == 0)
		return INPUT_HTML;
	for (size_t i = 0; i < sizeof html / sizeof html[0]; i++)
		if (strlen(html[i]) == n && strncasecmp(type, html[i], n) == 0)
			return INPUT_HTML;
	if (n > 5 && strncasecmp(type, "text/", 5) == 0)
		return INPUT_TEXT;
	return INPUT_REFUSED;
}

int
input_time_limit(const char *arg, double *limit)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || *end != '\0' || errno != 0 || !(v >= 0 && v <= 86400))
		return -1;
	*limit = v == 0 ? -1 : v;
	return 0;
}

/* ------------------------------------------------------------- progress */

int
input_progress_bar(void *ctx, const char *url, const input_progress *p)
{
	int *drawn = ctx;
	char line[512], got[32], total[32], rate[32];
	struct winsize ws;
	size_t cols = 80, n, k = 0;
	const char *host = strstr(url, "://");

	if (p->done) {
		if (*drawn)
			fputs("\r\033[K", stderr);
		*drawn = 0;
		return 0;
	}
	/* A quick page shows no bar at all. */
	if (p->elapsed < 0.5)
		return 0;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
		cols = ws.ws_col;
	util_format_size(p->got, got, sizeof got);
	util_format_size((size_t)p->rate, rate, sizeof rate);
	if (p->total > 0) {
		util_format_size(p->total, total, sizeof total);
		n = (size_t)snprintf(line, sizeof line, "pith: %s of %s (%d%%), %s/s  ",
		    got, total, (int)(p->got * 100.0 / p->total), rate);
	} else {
		n = (size_t)snprintf(line, sizeof line, "pith: %s, %s/s  ", got, rate);
	}
	/* Then as much of the address as fits, printable ASCII only. */
	host = host != NULL ? host + 3 : url;
	for (k = n; k + 1 < sizeof line && k + 1 < cols && *host; host++)
		if (*host > 0x20 && *host < 0x7f)
			line[k++] = *host;
	line[k < cols ? k : cols - 1] = '\0';
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	*drawn = 1;
	return 0;
}

/* ------------------------------------------------------------- files */

/* Read all of f, refusing more than max bytes. */
static int
read_stream(FILE *f, const char *name, size_t max, input *in)
{
	size_t cap = 65536, n;
	char *p, size[32];

	if ((in->data = malloc(cap)) == NULL) {
		report("%s: out of memory", name);
		return -1;
	}
	for (;;) {
		if (in->len == cap) {
			if (cap > max)
				goto too_big;
			cap *= 2;
			if ((p = realloc(in->data, cap)) == NULL) {
				report("%s: out of memory", name);
				return -1;
			}
			in->data = p;
		}
		n = fread(in->data + in->len, 1, cap - in->len, f);
		in->len += n;
		if (in->len > max)
			goto too_big;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		report("%s: %s", name, strerror(errno));
		return -1;
	}
	return 0;
too_big:
	util_format_size(max, size, sizeof size);
	report("%s: larger than %s", name, size);
	return -1;
}

/* ------------------------------------------------------------- network */

/* Take a cache entry's strings and body into in. */
static void
from_entry(input *in, cache_entry *e)
{
	free(in->data);
	free(in->url);
	free(in->content_type);
	in->data = e->body;
	in->len = e->len;
	in->url = e->url;
	in->content_type = e->content_type;
	in->from_cache = 1;
	e->body = e->url = e->content_type = NULL;
	cache_entry_free(e);
}

static int
read_url(const char *url, const input_options *o, input *in)
{
	char dir[PATH_MAX], err[PATH_MAX + 128];
	size_t cmax = o->cache_max ? o->cache_max : CACHE_MAX_DEFAULT;
	int cached = !o->no_cache && cache_dir(dir, sizeof dir) == 0, have = 0;
	cache_entry ce = {0};
	fetch_request rq = {
		.timeout = o->timeout > 0 ? o->timeout : FETCH_TIMEOUT,
		.max_size = o->max_size ? o->max_size : FETCH_MAX_SIZE,
		.user_agent = o->user_agent,
		.progress = o->progress, .progress_ctx = o->progress_ctx,
	};
	fetch_result fr;

	if (o->offline) {
		if (!cached || cache_get(dir, url, &ce) != 0) {
			report("%s: not in the cache (--offline)", url);
			return -1;
		}
		cache_touch(dir, url);
		from_entry(in, &ce);
		return 0;
	}
	if (cached && !o->reload && cache_get(dir, url, &ce) == 0) {
		have = 1;
		rq.etag = ce.etag;
		rq.modified = ce.modified;
	}
	if (fetch_url(url, &rq, in, &fr) != 0) {
		/* The network or the server failing loses no page we have: the
		 * copy from before, said (stale-if-error, RFC 5861). */
		if (have && fr.unreachable) {
			report("%s: showing the copy from the cache", url);
			cache_touch(dir, url);
			from_entry(in, &ce);
			in->stale = 1;
			return 0;
		}
		cache_entry_free(&ce);
		return -1;
	}
	if (fr.status == 304) {
		/* Not modified: the copy we have is the page. */
		if (!have) {
			report("%s: 304 Not Modified, with nothing cached", url);
			fetch_result_free(&fr);
			return -1;
		}
		cache_touch(dir, url);
		from_entry(in, &ce);
	} else if (cached && !fr.no_store) {
		cache_entry ne = {
			.url = in->url, .content_type = in->content_type,
			.etag = fr.etag, .modified = fr.modified,
			.body = in->data, .len = in->len,
		};

		/* Not fatal: the page is here, only the next visit pays. */
		if (cache_put(dir, url, &ne, cmax, err, sizeof err) != 0)
			report("cache: %s", err);
	}
	cache_entry_free(&ce);
	fetch_result_free(&fr);
	return 0;
}

/* ------------------------------------------------------------- decoding */

typedef struct {
	char *s;
	size_t len, cap;
} sbuf;

static int
sput(sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		char *p;

		while (cap < b->len + n + 1)
			cap *= 2;
		if ((p = realloc(b->s, cap)) == NULL)
			return -1;
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
	return 0;
}

static int
sput_escaped(sbuf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t run = i;
		const char *esc;

		while (run < n && s[run] != '<' && s[run] != '>' && s[run] != '&' &&
		    s[run] != '"')
			run++;
		if (sput(b, s + i, run - i) != 0)
			return -1;
		if ((i = run) >= n)
			break;
		esc = s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;" : s[i] == '&' ?
		    "&amp;" : "&quot;";
		if (sput(b, esc, strlen(esc)) != 0)
			return -1;
	}
	return 0;
}

/* Plain text as an HTML page: the text in a <pre>, titled with the
 * last part of its address. */
static int
wrap_text(const char *text, size_t len, const char *name, char **out, size_t *outlen)
{
	static const char head[] = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>",
	    mid[] = "</title></head><body><pre>", tail[] = "</pre></body></html>\n";
	sbuf b = {0};
	const char *title = name, *s;
	size_t tlen;

	for (s = name; *s && *s != '?' && *s != '#'; s++)
		if (*s == '/' && s[1] != '\0' && s[1] != '?' && s[1] != '#')
			title = s + 1;
	tlen = strcspn(title, "?#");

	if (sput(&b, head, sizeof head - 1) != 0 || sput_escaped(&b, title, tlen) != 0 ||
	    sput(&b, mid, sizeof mid - 1) != 0 || sput_escaped(&b, text, len) != 0 ||
	    sput(&b, tail, sizeof tail - 1) != 0) {
		free(b.s);
		return -1;
	}
	*out = b.s;
	*outlen = b.len;
	return 0;
}

/* The bytes in in become UTF-8 HTML. */
static int
decode(const char *arg, input *in)
{
	input_kind kind = input_kind_of(in->content_type);
	charset_info ci;
	char *out = NULL, *html;
	size_t outlen = 0, hlen;
	char shown[80];
	const char *binary;

	if (kind == INPUT_REFUSED) {
		/* Only from a cache written by another version. */
		snprintf(shown, sizeof shown, "%s", in->content_type);
		report("%s: not a web page (%s)", arg, shown);
		return -1;
	}
	/* A PNG or a zip decoded as text is a screen of mojibake: judged
	 * on the raw bytes, before any encoding could hide what they are. */
	if ((binary = charset_sniff(in->data, in->len)) != NULL) {
		report("%s: not %s (looks like %s)", strcmp(arg, "-") == 0 ?
		    "stdin" : arg, kind == INPUT_TEXT ? "text" : "HTML", binary);
		return -1;
	}
	if (charset_decode(in->data != NULL ? in->data : "", in->len, in->content_type,
	    kind == INPUT_HTML, &out, &outlen, &ci) != 0) {
		report("%s: out of memory", arg);
		return -1;
	}
	in->charset = ci.name;
	if (kind == INPUT_TEXT) {
		if (wrap_text(out, outlen, in->url != NULL ? in->url : arg, &html, &hlen) != 0) {
			free(out);
			report("%s: out of memory", arg);
			return -1;
		}
		free(out);
		out = html;
		outlen = hlen;
	}
	free(in->data);
	in->data = out;
	in->len = outlen;
	return 0;
}

int
input_read(const char *arg, const input_options *o, input *in)
{
	static const input_options defaults;
	size_t max;
	FILE *f;
	int rc;
	const char *colon = strstr(arg, "://");

	memset(in, 0, sizeof *in);
	if (o == NULL)
		o = &defaults;
	max = o->max_size ? o->max_size : INPUT_MAX_SIZE;
	if (util_is_url(arg)) {
		rc = read_url(arg, o, in);
	} else if (colon != NULL && colon > arg && strspn(arg, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-") == (size_t)(colon - arg)) {
		report("%s: only http and https addresses are supported", arg);
		rc = -1;
	} else if (strcmp(arg, "-") == 0) {
		rc = read_stream(stdin, "stdin", max, in);
	} else if ((f = fopen(arg, "rb")) == NULL) {
		report("%s: %s", arg, strerror(errno));
		rc = -1;
	} else {
		rc = read_stream(f, arg, max, in);
		fclose(f);
	}
	return rc == 0 ? decode(arg, in) : -1;
}

void
input_free(input *in)
{
	free(in->data);
	free(in->url);
	free(in->content_type);
	memset(in, 0, sizeof *in);
}
