/*
 * fetch.c - GET a page with libcurl: http and https only (redirects
 * too), bounded in redirects, time and size.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <curl/curl.h>
#include "program.h"

typedef struct {
	input *in;
	size_t cap, max;
	int too_big;
	char status[128];      /* the last status line's reason phrase */
} transfer;

static size_t
on_body(char *p, size_t size, size_t n, void *arg)
{
	transfer *t = arg;
	input *in = t->in;

	n *= size;
	/* Counted on decoded bytes, so a compression bomb stops here. */
	if (in->len + n > t->max) {
		t->too_big = 1;
		return 0;
	}
	if (in->len + n > t->cap) {
		size_t cap = t->cap ? t->cap : 65536;
		char *q;

		while (cap < in->len + n)
			cap *= 2;
		if ((q = realloc(in->data, cap)) == NULL)
			return 0;
		in->data = q;
		t->cap = cap;
	}
	memcpy(in->data + in->len, p, n);
	in->len += n;
	return n;
}

static size_t
on_header(char *p, size_t size, size_t n, void *arg)
{
	transfer *t = arg;
	size_t len = size * n, i = 0, k = 0;

	/* "HTTP/1.1 404 Not Found": keep the reason after the code. */
	if (len > 5 && strncmp(p, "HTTP/", 5) == 0) {
		while (i < len && p[i] != ' ')
			i++;
		while (i < len && p[i] == ' ')
			i++;
		while (i < len && isdigit((unsigned char)p[i]))
			i++;
		while (i < len && p[i] == ' ')
			i++;
		for (; i < len && k + 1 < sizeof t->status && p[i] != '\r' &&
		    p[i] != '\n'; i++)
			if (isprint((unsigned char)p[i]))
				t->status[k++] = p[i];
		t->status[k] = '\0';
	}
	return len;
}

const char *
fetch_version(void)
{
	return curl_version_info(CURLVERSION_NOW)->version;
}

int
fetch_url(const char *url, size_t max, input *in)
{
	CURL *c;
	CURLcode rc;
	transfer t = { .in = in, .max = max };
	long code = 0;
	char *eff = NULL, *type = NULL;
	int ret = -1;

	if ((c = curl_easy_init()) == NULL) {
		report("%s: cannot start libcurl", url);
		return -1;
	}
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(c, CURLOPT_MAXREDIRS, 10L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(c, CURLOPT_COOKIEFILE, "");
	curl_easy_setopt(c, CURLOPT_USERAGENT,
	    "pith/" PITH_VERSION " (terminal article reader)");
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &t);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, &t);

	rc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
	curl_easy_getinfo(c, CURLINFO_EFFECTIVE_URL, &eff);
	curl_easy_getinfo(c, CURLINFO_CONTENT_TYPE, &type);
	if (t.too_big)
		report("%s: larger than %zu MB", url, max >> 20);
	else if (rc != CURLE_OK)
		report("%s: %s", url, curl_easy_strerror(rc));
	else if (code >= 400)
		report("%ld %s: %s", code, t.status, url);
	else if (type != NULL && strncasecmp(type, "text/", 5) != 0 &&
	    strncasecmp(type, "application/xhtml", 17) != 0)
		report("%s: not a web page (%.60s)", url, type);
	else
		ret = 0;
	if (ret == 0) {
		in->url = strdup(eff != NULL ? eff : url);
		in->content_type = type != NULL ? strdup(type) : NULL;
		if (in->url == NULL || (type != NULL && in->content_type == NULL)) {
			report("%s: out of memory", url);
			ret = -1;
		}
	}
	curl_easy_cleanup(c);
	return ret;
}
