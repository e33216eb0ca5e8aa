/*
 * template.c - user templates (ALGORITHMS.md section 7): one selector per
 * line, `tag`, `attr=` or `attr=value`; the article is every block inside
 * a matching element, an element inside another match counting once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "internal.h"

enum { TPL_MAX_LINE = 1024 };

typedef enum { TPL_TAG, TPL_HAS, TPL_EQ } tpl_kind;

typedef struct {
	tpl_kind kind;
	char *name;      /* tag or attribute name, lower-case */
	char *value;     /* TPL_EQ only */
	int line;
} tpl_rule;

struct pith_template {
	tpl_rule *rules;
	size_t n, cap;
};

void
pith_template_free(pith_template *t)
{
	if (t == NULL)
		return;
	for (size_t i = 0; i < t->n; i++) {
		free(t->rules[i].name);
		free(t->rules[i].value);
	}
	free(t->rules);
	free(t);
}

static bool
tpl_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* s[0..n) (no NUL in it) lower-cased in a string of its own. */
static char *
tpl_lower(const char *s, size_t n)
{
	char *p = strndup(s, n);

	for (size_t i = 0; p != NULL && i < n; i++)
		if (p[i] >= 'A' && p[i] <= 'Z')
			p[i] = (char)(p[i] + 32);
	return p;
}

/* An attribute name as HTML allows it: no blanks, quotes, '<', '>',
 * '/', '=' or controls. */
static bool
tpl_attr_name(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= ' ' || (unsigned char)s[i] == 0x7f ||
		    strchr("\"'<>/=", s[i]) != NULL)
			return false;
	return n > 0;
}

static bool
tpl_tag_name(const char *s, size_t n)
{
	if (n == 0 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '_' ||
		    s[i] == ':' || s[i] == '.'))
			return false;
	return true;
}

/* One non-blank, non-comment line s[0..n) into a rule; the reason it is
 * bad otherwise. */
static const char *
tpl_line(const char *s, size_t n, tpl_rule *r)
{
	const char *eq = memchr(s, '=', n);

	if (memchr(s, '\0', n) != NULL)
		return "a NUL byte";
	if (eq == NULL) {
		if (s[0] == '.')
			return "no CSS selectors: write class=NAME";
		if (!tpl_tag_name(s, n))
			return "not a tag name: a line is one tag, attr= or attr=value";
		r->kind = TPL_TAG;
		return (r->name = tpl_lower(s, n)) == NULL ? "out of memory" : NULL;
	}
	size_t an = (size_t)(eq - s), vs = an + 1;

	while (an > 0 && tpl_blank(s[an - 1]))
		an--;
	while (vs < n && tpl_blank(s[vs]))
		vs++;
	if (an == 0)
		return "no attribute name before '='";
	if (!tpl_attr_name(s, an))
		return "not an attribute name before '='";
	if (n - vs >= 2 && (s[vs] == '"' || s[vs] == '\'') && s[n - 1] == s[vs])
		return "no quotes: everything after '=' is the value";
	if ((r->name = tpl_lower(s, an)) == NULL)
		return "out of memory";
	if (vs == n) {
		r->kind = TPL_HAS;
		return NULL;
	}
	r->kind = TPL_EQ;
	return (r->value = strndup(s + vs, n - vs)) == NULL ? "out of memory" : NULL;
}

pith_code
pith_template_parse(const char *text, size_t len, pith_template **out,
                    pith_error *err)
{
	pith_template *t = calloc(1, sizeof *t);
	int line = 0;

	*out = NULL;
	if (t == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	for (size_t i = 0; i < len; ) {
		const char *s = text + i, *nl = memchr(s, '\n', len - i);
		size_t n = nl != NULL ? (size_t)(nl - s) : len - i;
		const char *why;
		tpl_rule r = {0};

		i += n + (nl != NULL);
		line++;
		/* A byte order mark is not part of the first line. */
		if (line == 1 && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
			s += 3;
			n -= 3;
		}
		while (n > 0 && tpl_blank(s[0])) {
			s++;
			n--;
		}
		while (n > 0 && tpl_blank(s[n - 1]))
			n--;
		if (n == 0 || s[0] == '#')
			continue;
		if (n > TPL_MAX_LINE)
			why = "line too long";
		else if ((why = tpl_line(s, n, &r)) == NULL &&
		    !grow(&t->rules, &t->cap, t->n + 1, sizeof *t->rules))
			why = "out of memory";
		if (why != NULL) {
			free(r.name);
			free(r.value);
			pith_template_free(t);
			return err_set(err, strcmp(why, "out of memory") == 0 ?
			    PITH_ENOMEM : PITH_EINVAL, "line %d: %s", line, why);
		}
		r.line = line;
		t->rules[t->n++] = r;
	}
	if (t->n == 0) {
		pith_template_free(t);
		return err_set(err, PITH_EINVAL, "no selectors (a line is a tag, "
		    "attr= or attr=value)");
	}
	*out = t;
	return PITH_OK;
}

/* The first rule node n matches, or NULL (also when out of time: a
 * long template is nodes times lines of work). */
static const tpl_rule *
tpl_match(const pith_template *t, const pith_doc *d, size_t n, budget *bg)
{
	for (size_t i = 0; i < t->n; i++) {
		const tpl_rule *r = &t->rules[i];
		const char *v;

		if (budget_tick(bg))
			return NULL;

		if (r->kind == TPL_TAG) {
			if (strcasecmp(pith_doc_node(d, n)->tag, r->name) == 0)
				return r;
			continue;
		}
		if ((v = pith_node_attr(d, n, r->name)) == NULL)
			continue;
		if (r->kind == TPL_HAS || strcmp(v, r->value) == 0 ||
		    (strcmp(r->name, "class") == 0 && str_has_word(v, r->value, false)))
			return r;
	}
	return NULL;
}

void
pith_template_selector(const pith_doc *d, size_t i, char *out, size_t size)
{
	const char *id = pith_node_attr(d, i, "id");
	const char *cls = pith_node_attr(d, i, "class"), *tag;
	size_t k;

	if (size == 0)
		return;
	/* A value runs to the end of its line: one with a line break, or
	 * blanks at its ends, cannot be written. */
	if (id != NULL && *id && strpbrk(id, "\n\r") == NULL &&
	    !tpl_blank(id[0]) && !tpl_blank(id[strlen(id) - 1])) {
		snprintf(out, size, "id=%s", id);
		return;
	}
	if (cls != NULL) {
		cls += strspn(cls, " \t\n\r\f");
		/* A cut class would select nothing: too long, use the tag. */
		if ((k = strcspn(cls, " \t\n\r\f")) > 0 && k + 7 <= size && k <= 200) {
			snprintf(out, size, "class=%.*s", (int)k, cls);
			return;
		}
	}
	/* A tag the page wrote badly ('<ref="x">') is no selector. */
	tag = pith_doc_node(d, i)->tag;
	out[0] = '\0';
	if (tag[strspn(tag, "abcdefghijklmnopqrstuvwxyz0123456789-_:.")] == '\0')
		snprintf(out, size, "%s", tag);
}

pith_code
template_extract(const pith_doc *d, const pith_params *p, pith_article *a,
                 pith_error *err)
{
	const pith_template *t = p->tmpl;
	size_t nn = pith_doc_nnodes(d), nb = pith_doc_nblocks(d);
	size_t nt = pith_doc_ntokens(d), nmatch = 0, nspans = 0;
	const pith_token *tok = pith_doc_tokens(d);
	size_t *top, *bmatch, *from, *to;
	const tpl_rule **rule;
	const char **why;
	char name[96], note[96];
	pith_code rc = PITH_OK;

	if (t == NULL)
		/* Nothing to select with is no article, not a fault: the
		 * reader moves on to the next algorithm. */
		return err_set(err, PITH_ENOARTICLE, "template: no template for "
		    "this page (pith -t FILE, or a site template)");
	top = malloc((nn + 1) * sizeof *top);
	rule = calloc(nn + 1, sizeof *rule);
	why = calloc(nn + 1, sizeof *why);
	bmatch = malloc((nb + 1) * sizeof *bmatch);
	from = calloc(nb + 1, sizeof *from);
	to = calloc(nb + 1, sizeof *to);
	a->reason = calloc(nb + 1, sizeof *a->reason);
	if (top == NULL || rule == NULL || why == NULL || bmatch == NULL ||
	    from == NULL || to == NULL || a->reason == NULL) {
		rc = err_set(err, PITH_ENOMEM, "out of memory");
		goto out;
	}
	/* The outermost match holding each node; parents come first. */
	for (size_t n = 0; n < nn; n++) {
		size_t up = pith_doc_node(d, n)->parent;

		if (budget_tick(&a->time))
			goto out;   /* pith_extract reports it */
		top[n] = up != PITH_NONE ? top[up] : PITH_NONE;
		if (top[n] == PITH_NONE && (rule[n] = tpl_match(t, d, n, &a->time)) != NULL) {
			top[n] = n;
			nmatch++;
		}
	}
	/* A block whose element is inside a match is kept whole. */
	for (size_t b = 0; b < nb; b++) {
		size_t n = pith_doc_block(d, b)->node;

		if (budget_tick(&a->time))
			goto out;
		bmatch[b] = n != PITH_NONE && n < nn ? top[n] : PITH_NONE;
		to[b] = bmatch[b] != PITH_NONE ? pith_doc_block(d, b)->len : 0;
	}
	/* A match inside a block (an inline element) keeps the stretch its
	 * words cover. */
	for (size_t i = 0; i < nt; i++) {
		size_t b = tok[i].block, n = tok[i].node;

		if (budget_tick(&a->time))
			goto out;
		if (tok[i].kind == PITH_TOKEN_TAG || b >= nb || n >= nn ||
		    top[n] == PITH_NONE)
			continue;
		if (bmatch[b] == PITH_NONE) {
			bmatch[b] = top[n];
			from[b] = tok[i].start;
			to[b] = tok[i].start + tok[i].len;
		} else if (bmatch[b] == top[n] || pith_doc_node(d, bmatch[b])->end <= n) {
			/* Later words of this block in a match: the stretch
			 * grows (a whole block already ends at its end). */
			if (tok[i].start + tok[i].len > to[b])
				to[b] = tok[i].start + tok[i].len;
		}
	}
	for (size_t b = 0; b < nb; b++)
		nspans += bmatch[b] != PITH_NONE;
	if (nspans > 0 && (a->spans = calloc(nspans, sizeof *a->spans)) == NULL) {
		rc = err_set(err, PITH_ENOMEM, "out of memory");
		goto out;
	}
	for (size_t b = 0; b < nb; b++) {
		size_t m = bmatch[b];

		if (m == PITH_NONE) {
			a->reason[b] = nmatch > 0 ? "dropped: outside every template match" :
			    "dropped: no element matches the template";
			continue;
		}
		if (why[m] == NULL) {
			reason_node_name(d, m, name, sizeof name);
			why[m] = reason_format(a, "kept: template match",
			    "kept: in %s, template line %d", name, rule[m]->line);
		}
		a->reason[b] = why[m];
		a->block_score[b] = 1;
		a->spans[a->nspans++] = (pith_span){ b, from[b], to[b] };
	}
	if (nmatch == 0) {
		rc = err_set(err, PITH_ENOARTICLE, "template: no element matches "
		    "the template");
	} else if (nspans == 0) {
		rc = err_set(err, PITH_ENOARTICLE, "template: %zu element%s "
		    "match%s, with no text", nmatch, nmatch == 1 ? "" : "s",
		    nmatch == 1 ? "es" : "");
	} else {
		snprintf(note, sizeof note, "template: %zu matching element%s, "
		    "%zu block%s", nmatch, nmatch == 1 ? "" : "s", nspans,
		    nspans == 1 ? "" : "s");
		rc = article_note(a, note, err);
	}
out:
	free(top);
	free(rule);
	free(why);
	free(bmatch);
	free(from);
	free(to);
	return rc;
}
