/*
 * guard.c - bound what reaches gumbo.
 *
 * Debian's gumbo (0.10.1) recurses when it frees a tree and slows to a
 * crawl on some inputs: 200 000 nested <div>s take minutes, 100 000
 * unclosed <b>s seconds, and a tag with a million attributes is checked
 * for duplicates pairwise.  One linear scan, before parsing, drops start
 * tags that would nest deeper than a limit and attributes past a limit
 * per tag.  It reads tags roughly as the HTML tokenizer does (comments,
 * raw-text elements, quoted attribute values), and counts only elements
 * whose end tag is required, so sloppy <p> and <li> cost nothing.  It
 * also closes a <title> that is never closed, which would otherwise
 * swallow the whole page.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "internal.h"

static bool
alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool
space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* What an element is to the guard: one that nests (counted), one that
 * never does (void, or closed implicitly by a sibling), or one whose
 * content is text up to its own end tag, <title> among those. */
enum { TAG_NESTS, TAG_FLAT, TAG_RAW, TAG_TITLE };

typedef struct {
	char name[9];
	unsigned char kind;
} guard_tag;

/* The names the guard knows, by length: a tag is compared only with the
 * few of its own length (this runs for every tag of every page). */
#define F(s) { s, TAG_FLAT }
#define R(s) { s, TAG_RAW }
static const guard_tag tags_by_len[9][12] = {
	[1] = { F("p") },
	[2] = { F("br"), F("hr"), F("li"), F("dt"), F("dd"), F("tr"), F("td"),
		F("th"), F("rp"), F("rt"), F("rb") },
	[3] = { F("col"), F("img"), F("wbr"), F("rtc"), R("xmp") },
	[4] = { F("area"), F("base"), F("link"), F("meta"), F("html"), F("head"),
		F("body") },
	[5] = { F("embed"), F("input"), F("param"), F("track"), F("tbody"),
		F("thead"), F("tfoot"), F("frame"), F("image"), R("style"),
		{ "title", TAG_TITLE } },
	[6] = { F("source"), F("option"), F("keygen"), R("script"), R("iframe") },
	[7] = { F("isindex"), F("bgsound"), R("noembed") },
	[8] = { F("optgroup"), F("colgroup"), F("basefont"), R("textarea"),
		R("noframes") },
};
#undef F
#undef R

static int
tag_kind(const char *s, size_t n)
{
	if (n >= sizeof tags_by_len / sizeof tags_by_len[0])
		return TAG_NESTS;
	for (const guard_tag *t = tags_by_len[n]; t->name[0] != '\0'; t++) {
		size_t k = 0;

		/* The names are letters: c | 0x20 is c in lower case only
		 * when c is a letter. */
		while (k < n && (s[k] | 0x20) == t->name[k])
			k++;
		if (k == n)
			return t->kind;
	}
	return TAG_NESTS;
}

/* Where the raw text of <name> ends: at "</name" followed by what ends
 * a tag name (as the tokenizer wants: "</titlevalue" is not one), or at
 * the end. */
static size_t
rawtext_end(const char *s, size_t n, size_t i, const char *name, size_t len)
{
	const char *lt;

	/* From one '<' to the next: scripts are long. */
	for (; i + 2 + len <= n && (lt = memchr(s + i, '<', n - len - 1 - i)) != NULL;
	    i++) {
		i = (size_t)(lt - s);
		if (s[i + 1] == '/' && strncasecmp(s + i + 2, name, len) == 0 &&
		    (i + 2 + len == n || space(s[i + 2 + len]) || s[i + 2 + len] == '/' ||
		    s[i + 2 + len] == '>'))
			return i;
	}
	return n;
}

static size_t
find(const char *s, size_t n, size_t i, const char *what)
{
	size_t k = strlen(what);

	for (; i + k <= n; i++)
		if (memcmp(s + i, what, k) == 0)
			return i + k;
	return n;
}

pith_code
guard_html(const char *s, size_t n, size_t max_nesting, size_t max_attrs,
           char **out, size_t *outn)
{
	buf b = {0};
	size_t i = 0, copied = 0, depth = 0;
	bool changed = false, no_title_end = false;

	*out = NULL;
	*outn = 0;
	while (i < n) {
		const char *lt = memchr(s + i, '<', n - i);
		size_t start, name, namelen, attrs = 0, cut = 0;
		bool end, selfclose = false;
		int kind;

		if (lt == NULL)
			break;
		start = i = (size_t)(lt - s);
		if (n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
			i = find(s, n, i + 4, "-->");
			continue;
		}
		if (i + 1 < n && (s[i + 1] == '!' || s[i + 1] == '?')) {
			i = find(s, n, i + 1, ">");
			continue;
		}
		end = i + 1 < n && s[i + 1] == '/';
		name = i + 1 + end;
		if (name >= n || !alpha(s[name])) {
			i++;
			continue;
		}
		for (namelen = 0; name + namelen < n && !space(s[name + namelen]) &&
		    s[name + namelen] != '/' && s[name + namelen] != '>'; namelen++)
			;
		/* Attributes: name[=value], values quoted or not. */
		for (i = name + namelen; i < n && s[i] != '>'; ) {
			if (space(s[i]) || s[i] == '/') {
				selfclose = s[i] == '/';
				i++;
				continue;
			}
			selfclose = false;
			if (++attrs == max_attrs + 1 && !end)
				cut = i;
			while (i < n && !space(s[i]) && s[i] != '=' && s[i] != '>')
				i++;
			while (i < n && space(s[i]))
				i++;
			if (i < n && s[i] == '=') {
				i++;
				while (i < n && space(s[i]))
					i++;
				if (i < n && (s[i] == '"' || s[i] == '\'')) {
					const char *q = memchr(s + i + 1, s[i], n - i - 1);

					i = q != NULL ? (size_t)(q - s) + 1 : n;
				} else {
					while (i < n && !space(s[i]) && s[i] != '>')
						i++;
				}
			}
		}
		if (i < n)
			i++;     /* past '>' */
		kind = tag_kind(s + name, namelen);
		if (end) {
			if (kind == TAG_NESTS && depth > 0)
				depth--;
			continue;
		}
		/* Raw-text elements hold no elements: they do not nest. */
		if (!selfclose && kind == TAG_NESTS) {
			if (depth >= max_nesting) {
				/* Too deep: the tag goes, its text stays. */
				buf_put(&b, s + copied, start - copied);
				copied = i;
				changed = true;
				continue;
			}
			depth++;
		}
		if (cut != 0) {
			/* Too many attributes: keep the first ones. */
			buf_put(&b, s + copied, cut - copied);
			buf_putc(&b, '>');
			copied = i;
			changed = true;
		}
		if (kind != TAG_RAW && kind != TAG_TITLE)
			continue;
		if (kind == TAG_TITLE) {
			/* A <title> never closed would take the rest of the
			 * page as its text (a truncated "</tit" does it): it
			 * ends at the next tag, as lenient parsers end it.
			 * Once no "</title" follows, none follows later. */
			size_t e = no_title_end ? n : rawtext_end(s, n, i, "title", 5);
			const char *next = e == n ? memchr(s + i, '<', n - i) : NULL;

			no_title_end = e == n;
			if (next != NULL) {
				e = (size_t)(next - s);
				buf_put(&b, s + copied, e - copied);
				buf_put(&b, "</title>", 8);
				copied = e;
				changed = true;
			}
			i = e;
			continue;
		}
		i = rawtext_end(s, n, i, s + name, namelen);
	}
	if (!changed) {
		buf_free(&b);
		return PITH_OK;
	}
	buf_put(&b, s + copied, n - copied);
	if ((*out = buf_finish(&b, outn)) == NULL)
		return PITH_ENOMEM;
	return PITH_OK;
}
