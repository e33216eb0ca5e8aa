/*
 * link.c - where a link may lead; see link.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "link.h"

/* %XX escapes of a file: URL or relative path. */
static void
percent_decode(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (s[0] == '%' && strchr("0123456789abcdefABCDEF", s[1]) && s[1] &&
		    strchr("0123456789abcdefABCDEF", s[2]) && s[2]) {
			char hex[3] = { s[1], s[2], '\0' };
			int c = (int)strtol(hex, NULL, 16);

			if (c != 0) {
				*o++ = (char)c;
				s += 2;
				continue;
			}
		}
		*o++ = *s;
	}
	*o = '\0';
}

const char *
link_fragment(const char *href, const char *here)
{
	const char *hash = strchr(href, '#');
	size_t n;

	if (hash == NULL)
		return NULL;
	n = (size_t)(hash - href);
	if (hash == href || (here != NULL && strlen(here) >= n &&
	    strncmp(here, href, n) == 0 && (here[n] == '\0' || here[n] == '#')))
		return hash + 1;
	return NULL;
}

const char *
link_anchor(const char *href)
{
	const char *hash = strchr(href, '#');

	return hash != NULL && hash[1] != '\0' ? hash + 1 : NULL;
}

/* Whether node i is the element frag names. */
static int
names(const pith_doc *doc, size_t i, const char *frag)
{
	const char *id = pith_node_attr(doc, i, "id");
	const char *name = pith_node_attr(doc, i, "name");

	return (id != NULL && strcmp(id, frag) == 0) ||
	    (name != NULL && strcmp(name, frag) == 0);
}

size_t
link_anchor_block(const pith_doc *doc, const char *frag)
{
	size_t nn = pith_doc_nnodes(doc), nb = pith_doc_nblocks(doc);
	size_t nt = pith_doc_ntokens(doc), i, t;
	const pith_token *tok = pith_doc_tokens(doc);

	for (i = 0; i < nn && !names(doc, i, frag); i++)
		;
	if (i == nn)
		return PITH_NONE;
	/* Its start tag, then the first text from there: an id on a span
	 * inside a heading is that heading, not the block after it. */
	for (t = 0; tok != NULL && t < nt && tok[t].node != i; t++)
		;
	for (; tok != NULL && t < nt; t++)
		if (tok[t].kind != PITH_TOKEN_TAG && tok[t].block != PITH_NONE)
			return tok[t].block;
	/* No tokens (out of memory): the first block at or after it. */
	for (size_t b = 0; tok == NULL && b < nb; b++)
		if (pith_doc_block(doc, b)->node >= i)
			return b;
	return PITH_NONE;
}

int
link_target(const char *href, const char *page_arg, const char *here, char **out,
            diag *d)
{
	size_t scheme = strcspn(href, ":/?#");
	char *t;

	*out = NULL;
	if (util_is_url(href)) {
		t = strdup(href);
		goto done;
	}
	if (href[scheme] == ':' && strncmp(href, "file:", 5) != 0)
		return diag_fail(d, "cannot follow %.*s: links",
		    (int)(scheme < 20 ? scheme : 20), href);
	/* A page from the web must not lead into this machine's files. */
	if (util_is_url(page_arg) || (here != NULL && util_is_url(here)))
		return diag_fail(d, "not following a local file from a web page");
	if (strncmp(href, "file://", 7) == 0) {
		const char *path = href + 7;

		if (strncmp(path, "localhost/", 10) == 0)
			path += 9;
		if (path[0] != '/')
			return diag_fail(d, "cannot follow a file on another machine");
		t = strdup(path);
	} else if (href[0] == '/' || strcmp(page_arg, "-") == 0) {
		t = strdup(href[0] == '/' || strncmp(href, "file:", 5) != 0 ? href :
		    href + 5);
	} else {
		const char *slash = strrchr(page_arg, '/');
		size_t dl = slash != NULL ? (size_t)(slash - page_arg) + 1 : 0;

		if ((t = malloc(dl + strlen(href) + 1)) != NULL) {
			memcpy(t, page_arg, dl);
			strcpy(t + dl, href);
		}
	}
	if (t != NULL) {
		t[strcspn(t, "?#")] = '\0';
		percent_decode(t);
	}
done:
	if (t == NULL)
		return diag_fail(d, "out of memory");
	*out = t;
	return 0;
}

int
link_bare_host(const char *typed, char *out, size_t size)
{
	static const char *const ext[] = {
		"html", "htm", "xhtml", "txt", "md", "xml", "json", "pdf", "php", "asp"
	};
	size_t host = strcspn(typed, ":/?#"), last = 0, dots = 0;
	int n;

	if (host == 0 || strstr(typed, "://") != NULL || typed[0] == '.' || typed[0] == '-' ||
	    typed[host - 1] == '.' || typed[strcspn(typed, " \t")] != '\0')
		return 0;
	for (size_t i = 0; i < host; i++) {
		char c = typed[i];

		if (c == '.') {
			dots++;
			last = i + 1;
		} else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '-')) {
			return 0;
		}
	}
	if (dots == 0 && !(host == 9 && strncasecmp(typed, "localhost", 9) == 0))
		return 0;
	/* "notes.txt" is a file that is not there, not a host. */
	for (size_t i = 0; dots > 0 && i < sizeof ext / sizeof ext[0]; i++)
		if (host - last == strlen(ext[i]) && strncasecmp(typed + last, ext[i], host - last) == 0)
			return 0;
	if (typed[host] == ':' && (typed[host + 1] < '0' || typed[host + 1] > '9'))
		return 0;
	n = snprintf(out, size, "https://%s", typed);
	return n > 0 && (size_t)n < size;
}
