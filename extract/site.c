/*
 * site.c - site-template detection by subtree hashing (ALGORITHMS.md
 * section 6).
 *
 * Every element subtree that holds text gets a 64-bit hash of its tag,
 * its own text and its children's hashes, so the same menu hashes the
 * same on every page of a site.  A site's statistics count on how many
 * learned pages each hash occurs; the "site" algorithm masks the
 * subtrees seen on more than site.share of the pages (menus, footers,
 * sidebars) and lets "auto" choose among the rest.
 *
 * The table is open addressing over a power-of-two array, bounded: past
 * SITE_MAX_ENTRIES the least frequent hashes go, which only ever loses
 * subtrees too rare to be template.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

enum {
	SITE_MAX_ENTRIES = 1 << 16,   /* hashes kept in memory (4 MB at most) */
	SITE_KEYS = 1024,             /* recent pages remembered, to skip repeats */
	SITE_VERSION = 1
};
#define SITE_MAX_PAGES 1000000000UL

typedef struct {
	uint64_t hash;                /* 0: an empty slot */
	uint32_t count;
} site_slot;

struct pith_site {
	size_t pages;
	site_slot *slot;
	size_t cap, used;             /* cap a power of two, used <= cap / 2 */
	uint64_t keys[SITE_KEYS];     /* a ring of the last pages' keys */
	size_t nkeys, keyhead;
};

/* ------------------------------------------------------------ hashing */

/* splitmix64's finaliser: every input bit moves every output bit. */
static uint64_t
mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h;
}

#define FNV_BASIS 0xcbf29ce484222325ULL

pith_code
site_hashes(const pith_doc *d, uint64_t *h, size_t *holds)
{
	size_t nn = pith_doc_nnodes(d), nt = pith_doc_ntokens(d);
	const pith_token *t = pith_doc_tokens(d);
	uint64_t *text = calloc(nn + 1, sizeof *text);

	if (text == NULL)
		return PITH_ENOMEM;
	memset(holds, 0, (nn ? nn : 1) * sizeof *holds);
	/* Own text: the node's words and symbols in order, white space
	 * aside (the model already collapsed it), each token delimited. */
	for (size_t i = 0; i < nt; i++) {
		const pith_block *b;
		size_t n = t[i].node;

		if (t[i].kind == PITH_TOKEN_TAG || n >= nn || t[i].block == PITH_NONE)
			continue;
		b = pith_doc_block(d, t[i].block);
		if (t[i].start + t[i].len > b->len)
			continue;
		if (holds[n] == 0)
			text[n] = FNV_BASIS;
		text[n] = fnv(fnv(text[n], b->text + t[i].start, t[i].len), "\x1f", 1);
		holds[n]++;
	}
	/* Bottom up in one reverse pass: a node's children come after it,
	 * so theirs are done when it is reached. */
	for (size_t n = nn; n-- > 0; ) {
		const pith_node *node = pith_doc_node(d, n);
		uint64_t x = mix64(fnv(FNV_BASIS, node->tag, strlen(node->tag)) ^
		    mix64(text[n] + 0x9e3779b97f4a7c15ULL));

		for (size_t c = n + 1; c < node->end; c = pith_doc_node(d, c)->end) {
			/* Order matters: a, b is not b, a. */
			x = mix64(x * 31 + h[c] + 0x632be59bd9b4e019ULL);
			holds[n] += holds[c];
		}
		h[n] = x != 0 ? x : 1;
	}
	free(text);
	return PITH_OK;
}

pith_code
pith_site_hashes(const pith_doc *doc, uint64_t **out, pith_error *err)
{
	size_t nn = pith_doc_nnodes(doc);
	uint64_t *h = calloc(nn + 1, sizeof *h);
	size_t *holds = calloc(nn + 1, sizeof *holds);

	*out = NULL;
	if (h == NULL || holds == NULL || site_hashes(doc, h, holds) != PITH_OK) {
		free(h);
		free(holds);
		return err_set(err, PITH_ENOMEM, "out of memory");
	}
	for (size_t n = 0; n < nn; n++)
		if (holds[n] == 0)
			h[n] = 0;
	free(holds);
	*out = h;
	return PITH_OK;
}

/* -------------------------------------------------------------- table */

pith_site *
pith_site_new(void)
{
	pith_site *s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	s->cap = 1024;
	if ((s->slot = calloc(s->cap, sizeof *s->slot)) == NULL) {
		free(s);
		return NULL;
	}
	return s;
}

void
pith_site_free(pith_site *s)
{
	if (s == NULL)
		return;
	free(s->slot);
	free(s);
}

size_t
pith_site_pages(const pith_site *s)
{
	return s != NULL ? s->pages : 0;
}

static site_slot *
find(const pith_site *s, uint64_t h)
{
	size_t mask = s->cap - 1, i = (size_t)mix64(h) & mask;

	/* Load stays at or under one half: an empty slot always ends it. */
	while (s->slot[i].hash != 0 && s->slot[i].hash != h)
		i = (i + 1) & mask;
	return &s->slot[i];
}

size_t
pith_site_count(const pith_site *s, uint64_t hash)
{
	return s == NULL || hash == 0 ? 0 : find(s, hash)->count;
}

/* Rebuild into cap slots, keeping entries counted more than min. */
static bool
rehash(pith_site *s, size_t cap, uint32_t min)
{
	site_slot *old = s->slot;
	size_t ocap = s->cap;

	if ((s->slot = calloc(cap, sizeof *s->slot)) == NULL) {
		s->slot = old;
		return false;
	}
	s->cap = cap;
	s->used = 0;
	for (size_t i = 0; i < ocap; i++)
		if (old[i].hash != 0 && old[i].count > min) {
			*find(s, old[i].hash) = old[i];
			s->used++;
		}
	free(old);
	return true;
}

static int
count_desc(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* Over the bound: drop the rarest hashes until at most half is left. */
static bool
prune(pith_site *s)
{
	uint32_t *c = malloc(s->used * sizeof *c), min;
	size_t k = 0;

	if (c == NULL)
		return false;
	for (size_t i = 0; i < s->cap; i++)
		if (s->slot[i].hash != 0)
			c[k++] = s->slot[i].count;
	qsort(c, k, sizeof *c, count_desc);
	min = c[SITE_MAX_ENTRIES / 2];
	free(c);
	return rehash(s, s->cap, min);
}

/* Add n to hash h's count. */
static bool
add(pith_site *s, uint64_t h, uint32_t n)
{
	site_slot *e;

	if ((s->used + 1) * 2 > s->cap && !rehash(s, s->cap * 2, 0))
		return false;
	e = find(s, h);
	if (e->hash == 0) {
		e->hash = h;
		s->used++;
	}
	e->count = e->count > UINT32_MAX - n ? UINT32_MAX : e->count + n;
	return true;
}

static bool
key_seen(const pith_site *s, uint64_t k)
{
	for (size_t i = 0; i < s->nkeys; i++)
		if (s->keys[i] == k)
			return true;
	return false;
}

static void
key_add(pith_site *s, uint64_t k)
{
	s->keys[s->keyhead] = k;
	s->keyhead = (s->keyhead + 1) % SITE_KEYS;
	if (s->nkeys < SITE_KEYS)
		s->nkeys++;
}

static int
hash_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

pith_code
pith_site_learn(pith_site *s, const pith_doc *doc, const char *key, int *added,
                pith_error *err)
{
	size_t nn = pith_doc_nnodes(doc), k = 0;
	uint64_t *h = calloc(nn + 1, sizeof *h), pk, ck;
	size_t *holds = calloc(nn + 1, sizeof *holds);
	pith_code rc = PITH_OK;

	if (added != NULL)
		*added = 0;
	if (h == NULL || holds == NULL || site_hashes(doc, h, holds) != PITH_OK) {
		rc = err_set(err, PITH_ENOMEM, "out of memory");
		goto out;
	}
	/* A page without text teaches nothing. */
	if (nn == 0 || holds[0] == 0 || s->pages >= SITE_MAX_PAGES)
		goto out;
	/* The page's address, and its content: a page first learned from
	 * a file and then read from the web counts once. */
	pk = key != NULL ? mix64(fnv(fnv(FNV_BASIS, "key", 4), key, strlen(key))) :
	    h[0];
	ck = h[0];
	if (key_seen(s, pk) || key_seen(s, ck))
		goto out;
	/* Each distinct subtree once per page: a menu repeated in the
	 * footer is still one page's worth. */
	for (size_t n = 0; n < nn; n++)
		if (holds[n] > 0)
			h[k++] = h[n];
	qsort(h, k, sizeof *h, hash_cmp);
	for (size_t i = 0; i < k; i++)
		if ((i == 0 || h[i] != h[i - 1]) && !add(s, h[i], 1)) {
			rc = err_set(err, PITH_ENOMEM, "out of memory");
			goto out;
		}
	/* Pruned between pages, not during one, so a subtree this page
	 * shares is counted before the rare ones go. */
	if (s->used > SITE_MAX_ENTRIES && !prune(s)) {
		rc = err_set(err, PITH_ENOMEM, "out of memory");
		goto out;
	}
	s->pages++;
	key_add(s, pk);
	if (ck != pk)
		key_add(s, ck);
	if (added != NULL)
		*added = 1;
out:
	free(h);
	free(holds);
	return rc;
}

/* --------------------------------------------------------- the store */

static int
slot_cmp(const void *a, const void *b)
{
	const site_slot *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return x->hash < y->hash ? -1 : x->hash > y->hash;
}

pith_code
pith_site_save(const pith_site *s, size_t max_entries, char **text, size_t *len,
               pith_error *err)
{
	site_slot *e = malloc((s->used ? s->used : 1) * sizeof *e);
	size_t k = 0;
	char line[64];
	buf b = {0};

	*text = NULL;
	*len = 0;
	if (e == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	for (size_t i = 0; i < s->cap; i++)
		if (s->slot[i].hash != 0)
			e[k++] = s->slot[i];
	qsort(e, k, sizeof *e, slot_cmp);
	if (k > max_entries)
		k = max_entries;
	snprintf(line, sizeof line, "pith-site %d %zu\n", SITE_VERSION, s->pages);
	buf_puts(&b, line);
	/* Oldest first, so loading replays them in order. */
	for (size_t i = 0; i < s->nkeys; i++) {
		size_t j = (s->keyhead + SITE_KEYS - s->nkeys + i) % SITE_KEYS;

		snprintf(line, sizeof line, "key %016" PRIx64 "\n", s->keys[j]);
		buf_puts(&b, line);
	}
	for (size_t i = 0; i < k; i++) {
		snprintf(line, sizeof line, "%016" PRIx64 " %" PRIu32 "\n",
		    e[i].hash, e[i].count);
		buf_puts(&b, line);
	}
	free(e);
	if ((*text = buf_finish(&b, len)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	return PITH_OK;
}

/* Exactly 16 hexadecimal digits, not all zero. */
static bool
parse_hex(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;

	if (n != 16)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
		    c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (d < 0)
			return false;
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return v != 0;
}

/* A decimal without sign or leading zero, at most max. */
static bool
parse_dec(const char *s, size_t n, unsigned long max, unsigned long *out)
{
	unsigned long v = 0;

	if (n == 0 || n > 10 || (n > 1 && s[0] == '0'))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	*out = v;
	return v <= max;
}

pith_code
pith_site_load(const char *text, size_t len, pith_site **out, pith_error *err)
{
	static const char magic[] = "pith-site ";
	pith_site *s = pith_site_new();
	size_t line = 1, entries = 0;
	unsigned long pages, v;
	const char *p = text, *end = text + len, *nl, *sp;
	pith_code rc = PITH_OK;

	*out = NULL;
	if (s == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	/* Header: "pith-site VERSION PAGES". */
	nl = memchr(p, '\n', len);
	if (nl == NULL || (size_t)(nl - p) < sizeof magic ||
	    memcmp(p, magic, sizeof magic - 1) != 0) {
		rc = err_set(err, PITH_EINVAL, "line 1: not a pith site store");
		goto fail;
	}
	p += sizeof magic - 1;
	sp = memchr(p, ' ', (size_t)(nl - p));
	if (sp == NULL || !parse_dec(p, (size_t)(sp - p), 1000, &v) ||
	    v != SITE_VERSION) {
		rc = err_set(err, PITH_EINVAL, "line 1: unknown version");
		goto fail;
	}
	if (!parse_dec(sp + 1, (size_t)(nl - sp - 1), SITE_MAX_PAGES, &pages)) {
		rc = err_set(err, PITH_EINVAL, "line 1: bad page count");
		goto fail;
	}
	s->pages = pages;
	for (p = nl + 1; p < end; p = nl + 1) {
		uint64_t h;
		site_slot *e;

		line++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL) {
			rc = err_set(err, PITH_EINVAL, "line %zu: cut short", line);
			goto fail;
		}
		if (nl - p > 4 && memcmp(p, "key ", 4) == 0) {
			/* Keys come before the counts, as written. */
			if (entries > 0 || !parse_hex(p + 4, (size_t)(nl - p - 4), &h)) {
				rc = err_set(err, PITH_EINVAL, "line %zu: bad page key", line);
				goto fail;
			}
			if (s->nkeys == SITE_KEYS) {
				rc = err_set(err, PITH_EINVAL, "line %zu: too many page keys", line);
				goto fail;
			}
			key_add(s, h);
			continue;
		}
		sp = memchr(p, ' ', (size_t)(nl - p));
		if (sp == NULL || !parse_hex(p, (size_t)(sp - p), &h) ||
		    !parse_dec(sp + 1, (size_t)(nl - sp - 1), pages, &v) || v == 0) {
			rc = err_set(err, PITH_EINVAL, "line %zu: expected HASH COUNT "
			    "(16 hex digits, 1 to %lu)", line, pages);
			goto fail;
		}
		if (++entries > SITE_MAX_ENTRIES) {
			rc = err_set(err, PITH_EINVAL, "line %zu: more than %d entries",
			    line, SITE_MAX_ENTRIES);
			goto fail;
		}
		if ((s->used + 1) * 2 > s->cap && !rehash(s, s->cap * 2, 0)) {
			rc = err_set(err, PITH_ENOMEM, "out of memory");
			goto fail;
		}
		if ((e = find(s, h))->hash != 0) {
			rc = err_set(err, PITH_EINVAL, "line %zu: hash %016" PRIx64
			    " repeated", line, h);
			goto fail;
		}
		*e = (site_slot){ h, (uint32_t)v };
		s->used++;
	}
	*out = s;
	return PITH_OK;
fail:
	pith_site_free(s);
	return rc;
}

/* ---------------------------------------------------------- algorithm */

/* mask[n] for every node inside a subtree seen on more than share of
 * the pages (and on two at least), with seen[n] that subtree's count.  The page's root and
 * body are never template: they are the page. */
static size_t
site_mask(const pith_doc *d, const pith_site *s, double share,
          const uint64_t *h, const size_t *holds, unsigned char *mask,
          uint32_t *seen, budget *bg)
{
	size_t nn = pith_doc_nnodes(d), roots = 0;

	for (size_t n = 0; n < nn && !budget_tick(bg); n++) {
		const pith_node *node = pith_doc_node(d, n);
		size_t c;

		if (node->parent != PITH_NONE && node->parent < n && mask[node->parent]) {
			mask[n] = 1;
			seen[n] = seen[node->parent];
			continue;
		}
		if (holds[n] == 0 || strcmp(node->tag, "html") == 0 ||
		    strcmp(node->tag, "body") == 0)
			continue;
		c = pith_site_count(s, h[n]);
		/* Seen on this page alone is never template, whatever the
		 * share: with few pages that is most of them. */
		if (c >= 2 && (double)c > share * (double)s->pages) {
			mask[n] = 1;
			seen[n] = (uint32_t)c;
			roots++;
		}
	}
	return roots;
}

/* Take the masked blocks out of what auto kept, and say why. */
static pith_code
site_drop(pith_article *a, const unsigned char *mask, const uint32_t *seen,
          size_t pages, size_t *dropped, pith_error *err)
{
	const pith_doc *d = a->doc;
	size_t nb = pith_doc_nblocks(d), nn = pith_doc_nnodes(d), k = 0;

	*dropped = 0;
	if (a->reason == NULL && (a->reason = calloc(nb + 1, sizeof *a->reason)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	for (size_t b = 0; b < nb && !budget_tick(&a->time); b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (n >= nn || !mask[n])
			continue;
		a->reason[b] = reason_format(a, "dropped: seen on most pages",
		    "dropped: seen on %" PRIu32 " of %zu pages", seen[n], pages);
		(*dropped)++;
	}
	for (size_t i = 0; i < a->nspans; i++) {
		size_t n = pith_doc_block(d, a->spans[i].block)->node;

		if (n < nn && mask[n])
			continue;
		a->spans[k++] = a->spans[i];
	}
	a->nspans = k;
	return PITH_OK;
}

pith_code
site_extract(const pith_doc *d, const pith_params *p, pith_article *a,
             pith_error *err)
{
	const pith_site *s = p->site;
	size_t nn = pith_doc_nnodes(d), pages = pith_site_pages(s), roots, dropped;
	uint64_t *h = NULL;
	size_t *holds = NULL;
	unsigned char *mask = NULL;
	uint32_t *seen = NULL;
	pith_code rc, nrc;
	char note[320];

	if (s == NULL || (double)pages < p->site_pages) {
		/* Too little known about the site to call anything template. */
		rc = auto_extract(d, p, a, err);
		if (rc != PITH_OK && rc != PITH_ENOARTICLE)
			return rc;
		snprintf(note, sizeof note, "site: %zu of %g pages learned; auto%s%s",
		    pages, p->site_pages, a->note ? ": " : "", a->note ? a->note : "");
		nrc = article_note(a, note, err);
		return nrc != PITH_OK ? nrc : rc;
	}
	h = calloc(nn + 1, sizeof *h);
	holds = calloc(nn + 1, sizeof *holds);
	mask = calloc(nn + 1, 1);
	seen = calloc(nn + 1, sizeof *seen);
	if (h == NULL || holds == NULL || mask == NULL || seen == NULL ||
	    site_hashes(d, h, holds) != PITH_OK) {
		rc = err_set(err, PITH_ENOMEM, "out of memory");
		goto out;
	}
	/* Out of time: pith_extract reports it. */
	if (budget_expired(&a->time)) {
		rc = PITH_OK;
		goto out;
	}
	roots = site_mask(d, s, p->site_share, h, holds, mask, seen, &a->time);
	if (budget_expired(&a->time)) {
		rc = PITH_OK;
		goto out;
	}
	a->mask = mask;
	rc = auto_extract(d, p, a, err);
	a->mask = NULL;
	if (rc != PITH_OK && rc != PITH_ENOARTICLE)
		goto out;
	if ((nrc = site_drop(a, mask, seen, pages, &dropped, err)) != PITH_OK) {
		rc = nrc;
		goto out;
	}
	snprintf(note, sizeof note, "site: %zu template subtrees (%zu blocks) seen on "
	    "over %g%% of %zu pages; %s", roots, dropped, 100 * p->site_share, pages,
	    a->note ? a->note : "auto found nothing");
	if ((nrc = article_note(a, note, err)) != PITH_OK) {
		rc = nrc;
		goto out;
	}
	if (rc == PITH_OK && a->nspans == 0)
		rc = err_set(err, PITH_ENOARTICLE, "site: only template blocks were left");
out:
	free(h);
	free(holds);
	free(mask);
	free(seen);
	return rc;
}
