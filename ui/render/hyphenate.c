/*
 * hyphenate.c - hyphenation points from libhyphen; see hyphenate.h.
 */
#include "hyphenate.h"

#include <hyphen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>
#include <unistr.h>

#include "array.h"

#define HYPHEN_DIR "/usr/share/hyphen"

/* Words shorter than this are never broken; libhyphen's own minimums
 * (the dictionary's LEFTHYPHENMIN, RIGHTHYPHENMIN) decide the rest. */
enum { MIN_WORD = 5, MAX_WORD = 100 };

struct hyphenator {
	HyphenDict *dict;
	char lang[64];
};

/* Try dir/hyph_NAME.dic. */
static HyphenDict *
load(const char *dir, const char *name)
{
	char path[512];

	FILE *f;
	HyphenDict *d;

	if (snprintf(path, sizeof path, "%s/hyph_%s.dic", dir, name) >= (int)sizeof path ||
	    (f = fopen(path, "r")) == NULL)
		return NULL;
	d = hnj_hyphen_load_file(f);
	fclose(f);
	return d;
}

hyphenator *
hyphenate_open(const char *lang, const char *dir)
{
	char ll[16], cc[16], name[40];
	size_t n, m = 0;
	HyphenDict *d = NULL;
	hyphenator *h;

	if (dir == NULL)
		dir = HYPHEN_DIR;
	if (lang == NULL)
		return NULL;
	/* "de-CH": language de, region CH; letters only, or no file. */
	n = strspn(lang, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
	if (n < 2 || n > 3 || (lang[n] != '\0' && lang[n] != '-' && lang[n] != '_'))
		return NULL;
	for (size_t i = 0; i < n; i++)
		ll[i] = (char)(lang[i] | 0x20);
	ll[n] = '\0';
	if (lang[n] != '\0') {
		const char *r = lang + n + 1;

		m = strspn(r, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
		if (m == 2 && (r[m] == '\0' || r[m] == '-' || r[m] == '_')) {
			cc[0] = (char)(r[0] & ~0x20);
			cc[1] = (char)(r[1] & ~0x20);
			cc[2] = '\0';
		} else {
			m = 0;
		}
	}
	if (m == 2) {
		snprintf(name, sizeof name, "%s_%s", ll, cc);
		d = load(dir, name);
	}
	if (d == NULL)
		d = load(dir, ll);
	if (d == NULL)
		return NULL;
	if ((h = calloc(1, sizeof *h)) == NULL) {
		hnj_hyphen_free(d);
		return NULL;
	}
	h->dict = d;
	snprintf(h->lang, sizeof h->lang, "%s", lang);
	return h;
}

void
hyphenate_close(hyphenator *h)
{
	if (h == NULL)
		return;
	hnj_hyphen_free(h->dict);
	free(h);
}

const char *
hyphenate_lang(const hyphenator *h)
{
	return h->lang;
}

/* A letter of a word: letters and the marks on them. */
static int
is_letter(ucs4_t c)
{
	return uc_is_alpha(c) || uc_is_general_category(c, UC_CATEGORY_M);
}

/* Whether the word at [s, e) is part of an address or a name with
 * dots (example.org/page, a_b, user@host): such are left whole. */
static int
in_address(const char *t, size_t n, size_t s, size_t e)
{
	char before = s > 0 ? t[s - 1] : ' ', after = e < n ? t[e] : ' ';

	return strchr("/@_:.\\", before) != NULL || strchr("/@_:\\", after) != NULL ||
	    (after == '.' && e + 1 < n && (unsigned char)t[e + 1] > ' ');
}

/* The points inside word w[0..n) (no soft hyphen in it), offset by base,
 * onto *at. */
static int
word_points(const hyphenator *h, const char *w, size_t n, size_t base, size_t **at,
            size_t *nat, size_t *cap)
{
	char low[4 * MAX_WORD], hy[4 * MAX_WORD + 5];
	char **rep = NULL;
	int *pos = NULL, *cut = NULL, rc = 0;
	size_t ln = sizeof low;
	uint8_t *lw = u8_tolower((const uint8_t *)w, n, NULL, NULL, (uint8_t *)low, &ln);

	/* Patterns are lower case; a word that changes length so cannot be
	 * mapped back, and is left whole. */
	if (lw != (uint8_t *)low || ln != n) {
		if (lw != (uint8_t *)low)
			free(lw);
		return 0;
	}
	memset(hy, 0, sizeof hy);
	if (hnj_hyphen_hyphenate3(h->dict, low, (int)n, hy, NULL, &rep, &pos, &cut,
	    2, 3, 2, 2) == 0) {
		for (size_t i = 0; i + 1 < n && rc == 0; i++) {
			/* Odd: a break after byte i; only plain ones (no
			 * spelling change, as German's old ck > k-k). */
			if (!(hy[i] & 1) || (rep != NULL && rep[i] != NULL))
				continue;
			if (array_grow(at, cap, *nat + 1, sizeof **at) != 0)
				rc = -1;
			else
				(*at)[(*nat)++] = base + i + 1;
		}
	}
	if (rep != NULL) {
		for (size_t i = 0; i < n; i++)
			free(rep[i]);
		free(rep);
	}
	free(pos);
	free(cut);
	return rc;
}

size_t
hyphenate_points(const hyphenator *h, const char *s, size_t n, size_t **at)
{
	size_t nat = 0, cap = 0, i = 0;

	*at = NULL;
	while (i < n) {
		size_t start = i, letters = 0;
		int shy = 0;
		ucs4_t c;
		int k;

		/* A word: letters, and any soft hyphens among them. */
		while (i < n && (k = u8_mbtoucr(&c, (const uint8_t *)s + i, n - i)) > 0 &&
		    (is_letter(c) || c == 0xad)) {
			shy |= c == 0xad;
			letters += c != 0xad;
			i += (size_t)k;
		}
		if (i == start) {
			k = u8_mbtoucr(&c, (const uint8_t *)s + i, n - i);
			i += k > 0 ? (size_t)k : 1;
			continue;
		}
		if (shy || letters < MIN_WORD || i - start >= MAX_WORD ||
		    in_address(s, n, start, i))
			continue;
		if (word_points(h, s + start, i - start, start, at, &nat, &cap) != 0) {
			free(*at);
			*at = NULL;
			return (size_t)-1;
		}
	}
	return nat;
}

int
hyphenate_text(const hyphenator *h, const char *s, size_t n, char **out, size_t *outlen)
{
	size_t *at, np = hyphenate_points(h, s, n, &at), k = 0, prev = 0;
	char *o;

	if (np == (size_t)-1 || (o = malloc(n + 2 * np + 1)) == NULL) {
		free(np == (size_t)-1 ? NULL : at);
		return -1;
	}
	for (size_t i = 0; i < np; i++) {
		memcpy(o + k, s + prev, at[i] - prev);
		k += at[i] - prev;
		memcpy(o + k, "\xc2\xad", 2);
		k += 2;
		prev = at[i];
	}
	memcpy(o + k, s + prev, n - prev);
	k += n - prev;
	o[k] = '\0';
	free(at);
	*out = o;
	*outlen = k;
	return 0;
}
