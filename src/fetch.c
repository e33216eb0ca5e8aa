/*
 * fetch.c - GET a page with libcurl: http and https only (redirects
 * too), TLS verified, bounded in redirects, time, speed and size.
 *
 * One easy handle lives for the whole session, so cookies (consent
 * redirects) and connections carry from page to page.  libcurl honours
 * the http_proxy, https_proxy, all_proxy and no_proxy variables.
 *
 * libcurl is loaded (dlopen) on the first fetch, not linked: with the
 * TLS, SSH, LDAP and IDN libraries it pulls in, loading it is about 8 ms
 * of a 14 ms start, which every page read from a file would pay for
 * nothing.  pith -d over a file per process is then twice as fast.
 */
#include <ctype.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <curl/curl.h>
#include "pith.h"
#include "charset.h"
#include "fetch.h"

/* Slower than this for that long is a stalled transfer. */
enum { LOW_SPEED_LIMIT = 64, LOW_SPEED_TIME = 15 };

#define LOCATION_MAX 300

typedef struct {
	CURL *c;
	const fetch_request *rq;
	const char *url;
	fetch_result *res;
	util_buf body;             /* res->data once the transfer is a page */
	int checked;               /* the status and type were looked at */
	int too_big, refused, cancelled, no_store, oom;
	int off_scheme;            /* the transfer left http(s) */
	char status[128];          /* the last status line's reason phrase */
	char location[LOCATION_MAX];
	char *etag, *modified;
	struct timespec start;
	double last;               /* when progress was last reported */
} transfer;

static CURL *session;

/* The libcurl calls pith makes, looked up once. */
static struct {
	void *lib;
	int inited;                /* curl_global_init done */
	CURLcode (*global_init)(long);
	void (*global_cleanup)(void);
	CURL *(*easy_init)(void);
	void (*easy_cleanup)(CURL *);
	void (*easy_reset)(CURL *);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	CURLcode (*easy_perform)(CURL *);
	const char *(*easy_strerror)(CURLcode);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
	curl_version_info_data *(*version_info)(CURLversion);
} cu;

/* Load libcurl and initialise it: 0, or -1 with why in *why. */
static int
fetch_load(const char **why)
{
	static const char *const names[] = { "libcurl.so.4", "libcurl-gnutls.so.4" };
	static const struct { const char *name; size_t off; } fns[] = {
#define FN(f, m) { "curl_" f, offsetof(__typeof__(cu), m) }
		FN("global_init", global_init), FN("global_cleanup", global_cleanup),
		FN("easy_init", easy_init), FN("easy_cleanup", easy_cleanup),
		FN("easy_reset", easy_reset), FN("easy_setopt", easy_setopt),
		FN("easy_getinfo", easy_getinfo), FN("easy_perform", easy_perform),
		FN("easy_strerror", easy_strerror), FN("slist_append", slist_append),
		FN("slist_free_all", slist_free_all), FN("version_info", version_info),
#undef FN
	};

	*why = NULL;
	for (size_t i = 0; cu.lib == NULL && i < sizeof names / sizeof names[0]; i++)
		cu.lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (cu.lib == NULL) {
		*why = "cannot load libcurl (libcurl.so.4): install libcurl4";
		return -1;
	}
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		void *f = dlsym(cu.lib, fns[i].name);

		if (f == NULL) {
			*why = "libcurl lacks a call pith needs (too old?)";
			return -1;
		}
		/* POSIX lets a data pointer from dlsym become a function. */
		memcpy((char *)&cu + fns[i].off, &f, sizeof f);
	}
	if (!cu.inited) {
		if (cu.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
			*why = "cannot start libcurl";
			return -1;
		}
		cu.inited = 1;
	}
	return 0;
}

static double
since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void copy_printable(char *out, size_t size, const char *p, size_t len);

/* Whether the transfer is at an address (eff, NULL when unknown) that
 * is not http(s), kept for the message: whatever the options did, a
 * body from elsewhere (a redirect to ftp, gopher, file) is never taken. */
static int
left_http(transfer *t, const char *eff)
{
	if (eff != NULL && util_is_url(eff))
		return 0;
	copy_printable(t->location, sizeof t->location, eff != NULL ? eff : "?",
	    eff != NULL ? strlen(eff) : 1);
	t->off_scheme = 1;
	return 1;
}

static int
refuse_redirect(const transfer *t, diag *d)
{
	return diag_fail(d, "%s: refusing a redirect to %s (only http and https)",
	    t->url, t->location);
}

/* The body of a response that is an error or not a page is not wanted:
 * stop at its first byte. */
static int
wanted(transfer *t)
{
	long code = 0;
	char *type = NULL, *eff = NULL;

	t->checked = 1;
	cu.easy_getinfo(t->c, CURLINFO_EFFECTIVE_URL, &eff);
	if (left_http(t, eff))
		return 0;
	cu.easy_getinfo(t->c, CURLINFO_RESPONSE_CODE, &code);
	if (code >= 300)
		return 0;
	cu.easy_getinfo(t->c, CURLINFO_CONTENT_TYPE, &type);
	if (charset_kind_of(type) == CHARSET_REFUSED) {
		t->refused = 1;
		return 0;
	}
	return 1;
}

static size_t
on_body(char *p, size_t size, size_t n, void *arg)
{
	transfer *t = arg;

	n *= size;
	if (!t->checked && !wanted(t))
		return 0;
	/* Counted on decoded bytes, so a compression bomb stops here. */
	if (t->body.len + n > t->rq->max_size) {
		t->too_big = 1;
		return 0;
	}
	if (util_buf_put(&t->body, p, n) != 0) {
		t->oom = 1;
		return 0;
	}
	return n;
}

/* A header's value without the name, the colon and surrounding space:
 * NULL unless the line is that header. */
static const char *
header(const char *p, size_t len, const char *name, size_t *vlen)
{
	size_t n = strlen(name);

	if (len <= n || strncasecmp(p, name, n) != 0 || p[n] != ':')
		return NULL;
	p += n + 1;
	len -= n + 1;
	while (len > 0 && (*p == ' ' || *p == '\t')) {
		p++;
		len--;
	}
	while (len > 0 && isspace((unsigned char)p[len - 1]))
		len--;
	*vlen = len;
	return p;
}

/* Printable ASCII only: it may reach a terminal or the cache. */
static void
copy_printable(char *out, size_t size, const char *p, size_t len)
{
	size_t k = 0;

	for (size_t i = 0; i < len && k + 1 < size; i++)
		if (isprint((unsigned char)p[i]))
			out[k++] = p[i];
	out[k] = '\0';
}

static char *
dup_printable(const char *p, size_t len)
{
	char *s = malloc(len + 1);

	if (s != NULL)
		copy_printable(s, len + 1, p, len);
	return s;
}

static size_t
on_header(char *p, size_t size, size_t n, void *arg)
{
	transfer *t = arg;
	size_t len = size * n, i = 0, vlen;
	const char *v;

	/* "HTTP/1.1 404 Not Found": a new response (after a redirect, or
	 * a 100 Continue); keep the reason after the code. */
	if (len > 5 && strncmp(p, "HTTP/", 5) == 0) {
		while (i < len && p[i] != ' ')
			i++;
		while (i < len && p[i] == ' ')
			i++;
		while (i < len && isdigit((unsigned char)p[i]))
			i++;
		while (i < len && p[i] == ' ')
			i++;
		copy_printable(t->status, sizeof t->status, p + i, len - i);
		free(t->etag);
		free(t->modified);
		t->etag = t->modified = NULL;
		t->no_store = 0;
		t->location[0] = '\0';
	} else if ((v = header(p, len, "ETag", &vlen)) != NULL) {
		free(t->etag);
		t->etag = dup_printable(v, vlen);
	} else if ((v = header(p, len, "Last-Modified", &vlen)) != NULL) {
		free(t->modified);
		t->modified = dup_printable(v, vlen);
	} else if ((v = header(p, len, "Cache-Control", &vlen)) != NULL) {
		char cc[256];

		copy_printable(cc, sizeof cc, v, vlen);
		for (char *c = cc; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		if (strstr(cc, "no-store") != NULL)
			t->no_store = 1;
	} else if ((v = header(p, len, "Location", &vlen)) != NULL) {
		copy_printable(t->location, sizeof t->location, v, vlen);
	}
	return len;
}

static int
on_progress(void *arg, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
            curl_off_t ulnow)
{
	transfer *t = arg;
	fetch_progress pr = {0};
	curl_off_t speed = 0;
	double now = since(&t->start);

	(void)ultotal;
	(void)ulnow;
	if (t->rq->progress == NULL || now - t->last < 0.1)
		return 0;
	t->last = now;
	cu.easy_getinfo(t->c, CURLINFO_SPEED_DOWNLOAD_T, &speed);
	pr.got = dlnow > 0 ? (size_t)dlnow : 0;
	pr.total = dltotal > 0 ? (size_t)dltotal : 0;
	pr.rate = (double)speed;
	pr.elapsed = now;
	if (t->rq->progress(t->rq->progress_ctx, t->url, &pr) != 0) {
		t->cancelled = 1;
		return 1;
	}
	return 0;
}

/* HTTP/2 has no reason phrases: the usual ones. */
static const char *
reason(long code, const char *given)
{
	static const struct { long code; const char *text; } r[] = {
		{ 300, "Multiple Choices" }, { 301, "Moved Permanently" },
		{ 302, "Found" }, { 303, "See Other" }, { 304, "Not Modified" },
		{ 307, "Temporary Redirect" }, { 308, "Permanent Redirect" },
		{ 400, "Bad Request" }, { 401, "Unauthorized" },
		{ 402, "Payment Required" }, { 403, "Forbidden" },
		{ 404, "Not Found" }, { 405, "Method Not Allowed" },
		{ 406, "Not Acceptable" }, { 407, "Proxy Authentication Required" },
		{ 408, "Request Timeout" }, { 410, "Gone" },
		{ 429, "Too Many Requests" }, { 451, "Unavailable For Legal Reasons" },
		{ 500, "Internal Server Error" }, { 501, "Not Implemented" },
		{ 502, "Bad Gateway" }, { 503, "Service Unavailable" },
		{ 504, "Gateway Timeout" },
	};

	if (given[0] != '\0')
		return given;
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i++)
		if (r[i].code == code)
			return r[i].text;
	return code >= 400 ? "error" : "unexpected status";
}

/* What to try after an HTTP error, where something can help. */
static const char *
hint(long code)
{
	/* Many sites refuse clients that do not look like a browser. */
	if (code == 403)
		return " \xe2\x80\x94 the site may block non-browser clients; "
		    "try --user-agent";
	return "";
}

const char *
fetch_version(void)
{
	const char *why;

	return fetch_load(&why) == 0 ? cu.version_info(CURLVERSION_NOW)->version :
	    "not loadable";
}

void
fetch_result_free(fetch_result *r)
{
	free(r->data);
	free(r->url);
	free(r->content_type);
	free(r->etag);
	free(r->modified);
	memset(r, 0, sizeof *r);
}

void
fetch_cleanup(void)
{
	if (session != NULL)
		cu.easy_cleanup(session);
	session = NULL;
	if (cu.inited)
		cu.global_cleanup();
	cu.inited = 0;
}

/* Whether a failure was the network's or the server's, not the page's
 * nor the user's: a copy of the page from before is still the page. */
static int
unreachable(const transfer *t, CURLcode rc, long code)
{
	if (t->cancelled || t->oom || t->too_big || t->refused || t->off_scheme)
		return 0;
	if (code >= 300 && rc == CURLE_WRITE_ERROR)
		return code >= 500;
	switch (rc) {
	case CURLE_COULDNT_RESOLVE_HOST: case CURLE_COULDNT_RESOLVE_PROXY:
	case CURLE_COULDNT_CONNECT: case CURLE_OPERATION_TIMEDOUT:
	case CURLE_GOT_NOTHING: case CURLE_RECV_ERROR: case CURLE_SEND_ERROR:
	case CURLE_PARTIAL_FILE: case CURLE_SSL_CONNECT_ERROR:
	case CURLE_HTTP2: case CURLE_HTTP2_STREAM:
		return 1;
	default:
		return 0;
	}
}

/* Why a transfer failed: one line in d. */
static int
explain(transfer *t, CURLcode rc, long code, const char *errbuf, diag *d)
{
	const char *url = t->url;
	char size[32];

	if (t->cancelled || rc == CURLE_ABORTED_BY_CALLBACK)
		return diag_fail(d, "%s: cancelled", url);
	if (t->oom)
		return diag_fail(d, "%s: out of memory", url);
	if (t->too_big) {
		util_format_size(t->rq->max_size, size, sizeof size);
		return diag_fail(d, "%s: larger than %s (see --max-size)", url, size);
	}
	if (t->refused) {
		char *type = NULL;
		char shown[80];

		cu.easy_getinfo(t->c, CURLINFO_CONTENT_TYPE, &type);
		copy_printable(shown, sizeof shown, type, type != NULL ? strlen(type) : 0);
		return diag_fail(d, "%s: not a web page (%s)", url, shown);
	}
	if (t->off_scheme)
		return refuse_redirect(t, d);
	if (code >= 300 && rc == CURLE_WRITE_ERROR)
		return diag_fail(d, "%ld %s: %s%s", code, reason(code, t->status), url,
		    hint(code));
	if (rc == CURLE_TOO_MANY_REDIRECTS)
		return diag_fail(d, "%s: more than %ld redirects", url, FETCH_MAX_REDIRECTS);
	if (rc == CURLE_UNSUPPORTED_PROTOCOL && t->location[0] != '\0')
		return refuse_redirect(t, d);
	if (rc == CURLE_OPERATION_TIMEDOUT) {
		curl_off_t connected = 0;

		cu.easy_getinfo(t->c, CURLINFO_CONNECT_TIME_T, &connected);
		if (connected == 0)
			return diag_fail(d, "%s: no connection within %ld s", url,
			    FETCH_CONNECT_TIMEOUT);
		if (since(&t->start) + 0.5 >= (double)t->rq->timeout)
			return diag_fail(d, "%s: timed out after %ld s (see --timeout)", url,
			    t->rq->timeout);
		return diag_fail(d, "%s: stalled: under %d bytes/s for %d s", url,
		    LOW_SPEED_LIMIT, LOW_SPEED_TIME);
	}
	return diag_fail(d, "%s: %s", url, errbuf[0] != '\0' ? errbuf :
	    cu.easy_strerror(rc));
}

/* The request's headers: what pith accepts, and the validators. */
static struct curl_slist *
request_headers(const fetch_request *rq)
{
	struct curl_slist *hdr = NULL, *h;
	char line[512];
	int ok = 1;

	/* Prefer pages; text is welcome too. */
	ok &= (h = cu.slist_append(hdr, "Accept: text/html,application/xhtml+xml,"
	    "text/plain;q=0.9,*/*;q=0.5")) != NULL;
	hdr = h != NULL ? h : hdr;
	if (rq->etag != NULL && strlen(rq->etag) < sizeof line - 20) {
		snprintf(line, sizeof line, "If-None-Match: %s", rq->etag);
		ok &= (h = cu.slist_append(hdr, line)) != NULL;
		hdr = h != NULL ? h : hdr;
	}
	if (rq->modified != NULL && strlen(rq->modified) < sizeof line - 20) {
		snprintf(line, sizeof line, "If-Modified-Since: %s", rq->modified);
		ok &= (h = cu.slist_append(hdr, line)) != NULL;
		hdr = h != NULL ? h : hdr;
	}
	if (!ok) {
		cu.slist_free_all(hdr);
		return NULL;
	}
	return hdr;
}

/* CURLOPT_PROTOCOLS and CURLOPT_REDIR_PROTOCOLS, the bitmasks that
 * libcurl before 7.85 knows instead of the _STR options: by number,
 * since newer headers mark them deprecated. */
#define OPT_PROTOCOLS_BITS ((CURLoption)(CURLOPTTYPE_LONG + 181))
#define OPT_REDIR_PROTOCOLS_BITS ((CURLoption)(CURLOPTTYPE_LONG + 182))

/* http and https only, for the address and every redirect: the _STR
 * options, else (an older libcurl refuses them) the bitmasks.  0, or -1
 * when this libcurl takes neither. */
static int
set_protocols(CURL *c)
{
	long bits = CURLPROTO_HTTP | CURLPROTO_HTTPS;

	if (cu.easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK &&
	    cu.easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") == CURLE_OK)
		return 0;
	if (cu.easy_setopt(c, OPT_PROTOCOLS_BITS, bits) == CURLE_OK &&
	    cu.easy_setopt(c, OPT_REDIR_PROTOCOLS_BITS, bits) == CURLE_OK)
		return 0;
	return -1;
}

/* Every option of a transfer: http and https only, TLS verified,
 * bounded in redirects, time, speed and size (the callbacks count the
 * bytes).  0, or -1 with d->msg naming an option this libcurl refused
 * that one of those rules rests on; the others only help. */
static int
set_options(transfer *t, struct curl_slist *hdr, char *errbuf, diag *d)
{
	const fetch_request *rq = t->rq;
	CURL *c = t->c;
	const char *failed = NULL;

#define RULE(opt, val) \
	if (failed == NULL && cu.easy_setopt(c, opt, val) != CURLE_OK) \
		failed = #opt
	if (set_protocols(c) != 0)
		failed = "CURLOPT_PROTOCOLS";
	RULE(CURLOPT_URL, t->url);
	RULE(CURLOPT_FOLLOWLOCATION, 1L);
	RULE(CURLOPT_MAXREDIRS, FETCH_MAX_REDIRECTS);
	RULE(CURLOPT_SSL_VERIFYPEER, 1L);
	RULE(CURLOPT_SSL_VERIFYHOST, 2L);
	RULE(CURLOPT_CONNECTTIMEOUT, FETCH_CONNECT_TIMEOUT);
	RULE(CURLOPT_TIMEOUT, rq->timeout);
	RULE(CURLOPT_LOW_SPEED_LIMIT, (long)LOW_SPEED_LIMIT);
	RULE(CURLOPT_LOW_SPEED_TIME, (long)LOW_SPEED_TIME);
	RULE(CURLOPT_NOSIGNAL, 1L);
	RULE(CURLOPT_ERRORBUFFER, errbuf);
	RULE(CURLOPT_WRITEFUNCTION, on_body);
	RULE(CURLOPT_WRITEDATA, t);
	RULE(CURLOPT_HEADERFUNCTION, on_header);
	RULE(CURLOPT_HEADERDATA, t);
#undef RULE
	if (failed != NULL)
		return diag_fail(d, "%s: this libcurl refuses %s, which keeps fetching "
		    "safe (too old? pith needs 7.19.4)", t->url, failed);
	cu.easy_setopt(c, CURLOPT_AUTOREFERER, 1L);
	/* "": every encoding this libcurl can decode. */
	cu.easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
	/* "": cookies in memory, for this session only. */
	cu.easy_setopt(c, CURLOPT_COOKIEFILE, "");
	cu.easy_setopt(c, CURLOPT_USERAGENT, rq->user_agent != NULL ?
	    rq->user_agent : "pith/" PITH_VERSION " (terminal article reader)");
	cu.easy_setopt(c, CURLOPT_HTTPHEADER, hdr);
	cu.easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
	cu.easy_setopt(c, CURLOPT_XFERINFODATA, t);
	cu.easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
	return 0;
}

/* What a finished transfer came to: 0 with res filled, or -1. */
static int
finish(transfer *t, CURLcode rc, const char *errbuf, diag *d)
{
	const fetch_request *rq = t->rq;
	fetch_result *res = t->res;
	long code = 0;
	char *eff = NULL, *type = NULL;

	cu.easy_getinfo(t->c, CURLINFO_RESPONSE_CODE, &code);
	cu.easy_getinfo(t->c, CURLINFO_EFFECTIVE_URL, &eff);
	cu.easy_getinfo(t->c, CURLINFO_CONTENT_TYPE, &type);
	if (rc == CURLE_OK && t->cancelled)
		rc = CURLE_ABORTED_BY_CALLBACK;
	/* After the transfer too, whatever the options did: where it ended
	 * is http(s), or nothing of it is kept. */
	if (left_http(t, eff))
		return refuse_redirect(t, d);
	if (rc != CURLE_OK) {
		res->unreachable = unreachable(t, rc, code);
		return explain(t, rc, code, errbuf, d);
	}
	if (code >= 300 && !(code == 304 && (rq->etag != NULL || rq->modified != NULL))) {
		res->unreachable = code >= 500;
		return diag_fail(d, "%ld %s: %s%s", code, reason(code, t->status), t->url,
		    hint(code));
	}
	/* An empty body is never looked at in on_body. */
	if (code < 300 && !t->checked && !wanted(t))
		return explain(t, CURLE_WRITE_ERROR, code, errbuf, d);
	res->status = code == 304 ? 304 : 200;
	res->data = t->body.s;
	res->len = t->body.len;
	memset(&t->body, 0, sizeof t->body);
	res->url = strdup(eff != NULL ? eff : t->url);
	res->content_type = type != NULL ? dup_printable(type, strlen(type)) : NULL;
	res->etag = t->etag;
	res->modified = t->modified;
	res->no_store = t->no_store;
	t->etag = t->modified = NULL;
	if (res->url == NULL || (type != NULL && res->content_type == NULL)) {
		fetch_result_free(res);
		return diag_fail(d, "%s: out of memory", t->url);
	}
	return 0;
}

int
fetch_url(const char *url, const fetch_request *rq, fetch_result *res, diag *d)
{
	transfer t = { .rq = rq, .url = url, .res = res };
	struct curl_slist *hdr;
	char errbuf[CURL_ERROR_SIZE] = "";
	const char *why;
	CURLcode rc;
	int ret;

	memset(res, 0, sizeof *res);
	if (fetch_load(&why) != 0)
		return diag_fail(d, "%s: %s", url, why);
	if (session == NULL)
		session = cu.easy_init();
	else
		cu.easy_reset(session);
	if ((t.c = session) == NULL)
		return diag_fail(d, "%s: cannot start libcurl", url);
	clock_gettime(CLOCK_MONOTONIC, &t.start);
	t.last = -1;
	if ((hdr = request_headers(rq)) == NULL)
		return diag_fail(d, "%s: out of memory", url);
	if (set_options(&t, hdr, errbuf, d) != 0) {
		cu.easy_setopt(t.c, CURLOPT_HTTPHEADER, NULL);
		cu.easy_setopt(t.c, CURLOPT_ERRORBUFFER, NULL);
		cu.slist_free_all(hdr);
		return -1;
	}
	rc = cu.easy_perform(t.c);
	if (rq->progress != NULL) {
		fetch_progress done = { .got = t.body.len, .elapsed = since(&t.start),
		    .done = 1 };

		rq->progress(rq->progress_ctx, url, &done);
	}
	if ((ret = finish(&t, rc, errbuf, d)) != 0) {
		int unreach = res->unreachable;

		/* A failure leaves nothing to free, only whether to blame the
		 * network. */
		fetch_result_free(res);
		res->unreachable = unreach;
	}
	util_buf_free(&t.body);
	free(t.etag);
	free(t.modified);
	/* The handle keeps pointers to these: drop them before they go. */
	cu.easy_setopt(t.c, CURLOPT_HTTPHEADER, NULL);
	cu.easy_setopt(t.c, CURLOPT_ERRORBUFFER, NULL);
	cu.slist_free_all(hdr);
	return ret;
}
