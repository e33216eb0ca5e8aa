/*
 * url.c - resolve a link against the page's address (RFC 3986 section 5),
 * with the input cleanup browsers apply to href values.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"


static int is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Length of s's scheme, 0 when there is none. */
static size_t scheme_len(const char *s)
{
	size_t i;

	if (!is_alpha((unsigned char)s[0]))
		return 0;
	for (i = 1; is_alpha((unsigned char)s[i]) ||
	     (s[i] >= '0' && s[i] <= '9') ||
	     s[i] == '+' || s[i] == '-' || s[i] == '.'; i++)
		;
	return s[i] == ':' ? i : 0;
}

static int is_http(const char *s, size_t n)
{
	static const char http[] = "https";
	size_t i;

	if (!s || (n != 4 && n != 5))
		return 0;
	for (i = 0; i < n; i++)
		if (lower((unsigned char)s[i]) != http[i])
			return 0;
	return 1;
}

/* As the WHATWG parser does with an href: trim C0 controls and spaces at
 * both ends, drop tab, CR and LF anywhere (they come from wrapped HTML).
 * Other controls (C0, DEL, C1) and spaces are percent-encoded, so no URL
 * pith hands on can carry a terminal escape. */
static char *clean(const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(s), i, j = 0;
	unsigned char ch;
	char *c;

	while (n && (unsigned char)s[n - 1] <= 0x20)
		n--;
	while (n && (unsigned char)*s <= 0x20)
		s++, n--;
	/* Most hrefs hold none of those bytes: copied whole. */
	for (i = 0; i < n; i++) {
		ch = (unsigned char)s[i];
		if (ch <= 0x20 || ch == 0x7f || ch == 0xc2)
			break;
	}
	if (i == n) {
		if ((c = malloc(n + 1)) != NULL) {
			memcpy(c, s, n);
			c[n] = '\0';
		}
		return c;
	}
	c = malloc(3 * n + 1);
	if (!c)
		return NULL;
	/* Tab, CR and LF go first, so that what they split (a C1 control
	 * written as 0xC2 TAB 0x9B) is judged whole. */
	for (i = 0; i < n; i++)
		if (s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
			c[j++] = s[i];
	n = j;
	memmove(c + 2 * n, c, n);
	for (i = 0, j = 0; i < n; i++) {
		const unsigned char *t = (const unsigned char *)c + 2 * n;

		ch = t[i];
		if (ch <= 0x20 || ch == 0x7f || (ch == 0xc2 && i + 1 < n &&
		    t[i + 1] >= 0x80 && t[i + 1] <= 0x9f)) {
			c[j++] = '%';
			c[j++] = hex[ch >> 4];
			c[j++] = hex[ch & 15];
			if (ch == 0xc2) {
				ch = t[++i];
				c[j++] = '%';
				c[j++] = hex[ch >> 4];
				c[j++] = hex[ch & 15];
			}
			continue;
		}
		c[j++] = (char)ch;
	}
	c[j] = '\0';
	return c;
}

static void parse(const char *s, url_parts *u)
{
	size_t n = scheme_len(s);

	memset(u, 0, sizeof(*u));
	if (n) {
		u->scheme = s;
		u->nscheme = n;
		s += n + 1;
	}
	if (s[0] == '/' && s[1] == '/') {
		u->auth = s + 2;
		u->nauth = strcspn(u->auth, "/?#");
		s = u->auth + u->nauth;
	}
	u->path = s;
	u->npath = strcspn(s, "?#");
	s += u->npath;
	if (*s == '?') {
		u->query = ++s;
		u->nquery = strcspn(s, "#");
		s += u->nquery;
	}
	if (*s == '#') {
		u->frag = ++s;
		u->nfrag = strlen(s);
	}
}

static int starts(const char *s, size_t n, const char *p)
{
	size_t m = strlen(p);

	return n >= m && memcmp(s, p, m) == 0;
}

static int equals(const char *s, size_t n, const char *p)
{
	return n == strlen(p) && memcmp(s, p, n) == 0;
}

/* RFC 3986 5.2.4, writing to out (the result is never longer than in).
 * Popping a segment scans back only over what it removes: linear. */
static size_t remove_dots(char *out, const char *in, size_t n)
{
	size_t o = 0, k;

	while (n) {
		if (starts(in, n, "../") || starts(in, n, "./")) {
			k = starts(in, n, "../") ? 3 : 2;
			in += k, n -= k;
		} else if (starts(in, n, "/./") || equals(in, n, "/.")) {
			in += 1, n -= 1;
			if (n == 1) {	/* "/." at the end leaves "/" */
				out[o++] = '/';
				n = 0;
			} else {
				in += 1, n -= 1;
			}
		} else if (starts(in, n, "/../") || equals(in, n, "/..")) {
			while (o && out[o - 1] != '/')
				o--;
			if (o)
				o--;
			if (n == 3) {
				out[o++] = '/';
				n = 0;
			} else {
				in += 3, n -= 3;
			}
		} else if (equals(in, n, ".") || equals(in, n, "..")) {
			n = 0;
		} else {
			const char *slash = memchr(in + 1, '/', n - 1);

			k = slash != NULL ? (size_t)(slash - in) : n;
			memcpy(out + o, in, k);
			o += k;
			in += k, n -= k;
		}
	}
	return o;
}

/* RFC 3986 5.2.2 and 5.3; r has a scheme or b is absolute. */
static char *resolve(const url_parts *b, const url_parts *r)
{
	url_parts t = *r;
	char *out, *merged = NULL;
	size_t n = 0, i, cap;
	int dots = 1;

	if (!r->scheme) {
		t.scheme = b->scheme;
		t.nscheme = b->nscheme;
		if (!r->auth) {
			t.auth = b->auth;
			t.nauth = b->nauth;
			if (!r->npath) {
				t.path = b->path;
				t.npath = b->npath;
				dots = 0;
				if (!r->query) {
					t.query = b->query;
					t.nquery = b->nquery;
				}
			} else if (r->path[0] != '/') {
				/* 5.2.3: keep the base up to its last '/' */
				merged = malloc(b->npath + r->npath + 2);
				if (!merged)
					return NULL;
				if (b->auth && !b->npath) {
					merged[n++] = '/';
				} else {
					for (i = b->npath; i && b->path[i - 1] != '/'; i--)
						;
					memcpy(merged, b->path, i);
					n = i;
				}
				memcpy(merged + n, r->path, r->npath);
				t.path = merged;
				t.npath = n + r->npath;
			}
		}
	}
	cap = t.nscheme + t.nauth + t.npath + t.nquery + t.nfrag + 6;
	out = malloc(cap);
	if (!out) {
		free(merged);
		return NULL;
	}
	memcpy(out, t.scheme, t.nscheme);
	n = t.nscheme;
	out[n++] = ':';
	if (t.auth) {
		out[n++] = '/';
		out[n++] = '/';
		memcpy(out + n, t.auth, t.nauth);
		n += t.nauth;
	}
	if (is_http(t.scheme, t.nscheme)) {
		/* case-insensitive parts; userinfo keeps its case */
		for (i = 0; i < t.nscheme; i++)
			out[i] = (char)lower((unsigned char)out[i]);
		for (i = n; i > n - t.nauth && out[i - 1] != '@'; i--)
			out[i - 1] = (char)lower((unsigned char)out[i - 1]);
	}
	if (dots) {
		n += remove_dots(out + n, t.path, t.npath);
	} else {
		memcpy(out + n, t.path, t.npath);
		n += t.npath;
	}
	if (t.query) {
		out[n++] = '?';
		memcpy(out + n, t.query, t.nquery);
		n += t.nquery;
	}
	if (t.frag) {
		out[n++] = '#';
		memcpy(out + n, t.frag, t.nfrag);
		n += t.nfrag;
	}
	out[n] = '\0';
	free(merged);
	return out;
}

int url_base_set(url_base *base, const char *text)
{
	url_base_free(base);
	if (!text)
		return 0;
	base->given = strdup(text);
	base->text = clean(text);
	if (!base->given || !base->text) {
		url_base_free(base);
		return -1;
	}
	parse(base->text, &base->parts);
	return 0;
}

void url_base_free(url_base *base)
{
	free(base->given);
	free(base->text);
	memset(base, 0, sizeof(*base));
}

char *url_resolve(const url_base *base, const char *ref)
{
	const url_parts *b = &base->parts;
	url_parts r;
	char *cr, *out, *p;
	size_t n;

	cr = clean(ref ? ref : "");
	if (!cr)
		return NULL;
	n = scheme_len(cr);
	if (n ? is_http(cr, n) : is_http(b->scheme, b->nscheme)) {
		/* browsers read '\' as '/' before the query in http(s) */
		for (p = cr; *p && *p != '?' && *p != '#'; p++)
			if (*p == '\\')
				*p = '/';
	}
	parse(cr, &r);
	/* Opaque schemes, or nothing to resolve against: leave it be. */
	if (r.scheme ? !is_http(r.scheme, r.nscheme) : !b->scheme)
		return cr;
	out = resolve(b, &r);
	free(cr);
	return out;
}

char *pith_url_resolve(const char *base, const char *ref)
{
	url_base b = {0};
	char *out;

	if (url_base_set(&b, base) != 0)
		return NULL;
	out = url_resolve(&b, ref);
	url_base_free(&b);
	return out;
}

const char *url_host(const char *u, size_t *n)
{
	url_parts p;
	const char *h, *at;
	size_t k;

	parse(u, &p);
	if (p.nscheme == 0 || p.auth == NULL)
		return NULL;
	h = p.auth;
	k = p.nauth;
	if ((at = memchr(h, '@', k)) != NULL) {
		k -= (size_t)(at + 1 - h);
		h = at + 1;
	}
	for (*n = 0; *n < k && h[*n] != ':'; (*n)++)
		;
	return h;
}

