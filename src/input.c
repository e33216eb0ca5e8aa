/*
 * input.c - a page from a file, standard input, the network or the
 * cache, decoded to UTF-8 HTML; see input.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "cache.h"
#include "charset.h"
#include "input.h"


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

/* ------------------------------------------------------------- files */

/* Read all of f, refusing more than max bytes. */
static int
read_stream(FILE *f, const char *name, size_t max, input *in, diag *d)
{
	char size[32];

	if (util_read_stream(f, max, &in->data, &in->len) == 0)
		return 0;
	if (errno == EFBIG) {
		util_format_size(max, size, sizeof size);
		return diag_fail(d, "%s: larger than %s", name, size);
	}
	return diag_fail(d, "%s: %s", name, errno == ENOMEM ? "out of memory" :
	    strerror(errno));
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

/* Take a fetched body, address and type into in. */
static void
from_fetch(input *in, fetch_result *fr)
{
	in->data = fr->data;
	in->len = fr->len;
	in->url = fr->url;
	in->content_type = fr->content_type;
	fr->data = fr->url = fr->content_type = NULL;
}

static int
read_url(const char *url, const input_options *o, input *in, diag *d)
{
	char dir[PATH_MAX];
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
		if (!cached || cache_get(dir, url, &ce) != 0)
			return diag_fail(d, "%s: not in the cache (--offline)", url);
		cache_touch(dir, url);
		from_entry(in, &ce);
		return 0;
	}
	if (cached && !o->reload && cache_get(dir, url, &ce) == 0) {
		have = 1;
		rq.etag = ce.etag;
		rq.modified = ce.modified;
	}
	if (fetch_url(url, &rq, &fr, d) != 0) {
		/* The network or the server failing loses no page we have: the
		 * copy from before, said (stale-if-error, RFC 5861). */
		if (have && fr.unreachable) {
			diag_warn(d, "%s", d != NULL ? d->msg : "");
			diag_warn(d, "%s: showing the copy from the cache", url);
			cache_touch(dir, url);
			from_entry(in, &ce);
			in->stale = 1;
			return 0;
		}
		cache_entry_free(&ce);
		return -1;
	}
	from_fetch(in, &fr);
	if (fr.status == 304) {
		/* Not modified: the copy we have is the page. */
		if (!have) {
			fetch_result_free(&fr);
			return diag_fail(d, "%s: 304 Not Modified, with nothing cached", url);
		}
		cache_touch(dir, url);
		from_entry(in, &ce);
	} else if (cached && !fr.no_store) {
		cache_entry ne = {
			.url = in->url, .content_type = in->content_type,
			.etag = fr.etag, .modified = fr.modified,
			.body = in->data, .len = in->len,
		};
		diag cd = {0};

		/* Not fatal: the page is here, only the next visit pays. */
		if (cache_put(dir, url, &ne, cmax, &cd) != 0)
			diag_warn(d, "cache: %s", cd.msg);
	}
	cache_entry_free(&ce);
	fetch_result_free(&fr);
	return 0;
}

/* ------------------------------------------------------------- decoding */

/* s[0..n) as HTML text. */
static void
put_escaped(util_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t run = i;
		const char *esc;

		while (run < n && s[run] != '<' && s[run] != '>' && s[run] != '&' &&
		    s[run] != '"')
			run++;
		util_buf_put(b, s + i, run - i);
		if ((i = run) >= n)
			break;
		esc = s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;" : s[i] == '&' ?
		    "&amp;" : "&quot;";
		util_buf_puts(b, esc);
	}
}

/* Plain text as an HTML page: the text in a <pre>, titled with the
 * last part of its address. */
static int
wrap_text(const char *text, size_t len, const char *name, char **out, size_t *outlen)
{
	static const char head[] = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>",
	    mid[] = "</title></head><body><pre>", tail[] = "</pre></body></html>\n";
	util_buf b = {0};
	const char *title = name, *s;
	size_t tlen;

	for (s = name; *s && *s != '?' && *s != '#'; s++)
		if (*s == '/' && s[1] != '\0' && s[1] != '?' && s[1] != '#')
			title = s + 1;
	tlen = strcspn(title, "?#");

	util_buf_put(&b, head, sizeof head - 1);
	put_escaped(&b, title, tlen);
	util_buf_put(&b, mid, sizeof mid - 1);
	put_escaped(&b, text, len);
	if (util_buf_put(&b, tail, sizeof tail - 1) != 0) {
		util_buf_free(&b);
		return -1;
	}
	*out = b.s;
	*outlen = b.len;
	return 0;
}

int
input_decode(input *in, const char *name, diag *d)
{
	charset_kind kind = charset_kind_of(in->content_type);
	charset_info ci;
	char *html;
	size_t hlen;
	const char *binary;

	/* Only from a cache written by another version. */
	if (kind == CHARSET_REFUSED)
		return diag_fail(d, "not a web page (%.79s)", in->content_type);
	/* A PNG or a zip decoded as text is a screen of mojibake: judged
	 * on the raw bytes, before any encoding could hide what they are. */
	if ((binary = charset_sniff(in->data, in->len)) != NULL)
		return diag_fail(d, "not %s (looks like %s)", kind == CHARSET_TEXT ?
		    "text" : "HTML", binary);
	if (charset_decode_owned(&in->data, &in->len, in->content_type,
	    kind == CHARSET_HTML, &ci) != 0)
		return diag_fail(d, "out of memory");
	in->charset = ci.name;
	if (kind == CHARSET_TEXT) {
		if (wrap_text(in->data, in->len, in->url != NULL ? in->url : name, &html,
		    &hlen) != 0)
			return diag_fail(d, "out of memory");
		free(in->data);
		in->data = html;
		in->len = hlen;
	}
	return 0;
}

/* Read arg's bytes, unless it names what pith does not read. */
static int
read_raw(const char *arg, const input_options *o, input *in, diag *d)
{
	size_t max = o->max_size ? o->max_size : INPUT_MAX_SIZE;
	const char *colon = strstr(arg, "://"), *what;
	FILE *f;
	int fd, rc;

	if (util_is_url(arg))
		return read_url(arg, o, in, d);
	if (colon != NULL && colon > arg && strspn(arg, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-") == (size_t)(colon - arg))
		return diag_fail(d, "%s: only http and https addresses are supported", arg);
	if (strcmp(arg, "-") == 0)
		return read_stream(stdin, "stdin", max, in, d);
	/* A page is a regular file: a FIFO or /dev/tty (a page's link can
	 * name one) would wait for ever, or read the keyboard as a page. */
	if ((fd = util_open_regular(arg, 1, &what)) < 0 && what != NULL)
		return diag_fail(d, "%s: %s, not a regular file (a stream is read "
		    "from standard input: -)", arg, what);
	if (fd < 0 || (f = fdopen(fd, "rb")) == NULL) {
		if (fd >= 0)
			close(fd);
		return diag_fail(d, "%s: %s", arg, strerror(errno));
	}
	rc = read_stream(f, arg, max, in, d);
	fclose(f);
	return rc;
}

/* Whether bytes with no type of their own (a file, stdin) are HTML: they
 * start with a tag, or name one of HTML's own near the start.  Anything
 * else is text, read as it is, line breaks kept, as text/plain is. */
static int
looks_like_html(const char *s, size_t n)
{
	static const char *const tags[] = { "<html", "<!doctype", "<head", "<body",
	    "<p>", "<p ", "<div", "<br", "<table", "<a href", "<title" };
	size_t i = 0, lim = n < 2048 ? n : 2048;

	/* UTF-16 (NULs between ASCII) is for the charset's detection to
	 * read: HTML, as before. */
	if (memchr(s, '\0', lim) != NULL)
		return 1;
	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	if (i == n || s[i] == '<')
		return 1;
	for (; i < lim; i++) {
		if (s[i] != '<')
			continue;
		for (size_t k = 0; k < sizeof tags / sizeof tags[0]; k++)
			if (i + strlen(tags[k]) <= n && strncasecmp(s + i, tags[k], strlen(tags[k])) == 0)
				return 1;
	}
	return 0;
}

int
input_read(const char *arg, const input_options *o, input *in, diag *d)
{
	static const input_options defaults;
	char why[sizeof d->msg];

	memset(in, 0, sizeof *in);
	if (read_raw(arg, o != NULL ? o : &defaults, in, d) != 0)
		return -1;
	if (in->content_type == NULL && !util_is_url(arg) && in->data != NULL &&
	    charset_sniff(in->data, in->len) == NULL && !looks_like_html(in->data, in->len) &&
	    (in->content_type = strdup("text/plain")) == NULL) {
		input_free(in);
		return diag_fail(d, "out of memory");
	}
	if (input_decode(in, arg, d) == 0)
		return 0;
	/* Said of the page: its name first (a refused type comes only with
	 * an address, never from stdin). */
	snprintf(why, sizeof why, "%s", d != NULL ? d->msg : "");
	return diag_fail(d, "%s: %s", strcmp(arg, "-") == 0 ? "stdin" : arg, why);
}

void
input_free(input *in)
{
	free(in->data);
	free(in->url);
	free(in->content_type);
	memset(in, 0, sizeof *in);
}
