/*
 * algo.c - the algorithm registry and the tunable parameters.  Adding an
 * algorithm is one file plus one line in the table; the first entry is
 * the default.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static const algo_entry algorithms[] = {
	{ { "auto", "readability, with MSS or the page's JSON-LD articleBody when "
	  "its answer is implausible" },
	  auto_extract },
	{ { "mss", "Maximum Subsequence Segmentation: densest token span "
	  "(tag -3.25, word +1)" }, mss_extract },
	{ { "bte", "Body Text Extraction: most words inside, most tags "
	  "outside" }, bte_extract },
	{ { "readability", "Readability heuristics: scored paragraphs, the "
	  "best container and its siblings, cleaned" }, readability_extract },
	{ { "linkdensity", "the node with the best ratio of link-free text "
	  "and share of the page" }, linkdensity_extract },
	{ { "eatiht", "cleaned page; the parent of the most sentences in "
	  "long text blocks, with its long blocks" }, eatiht_extract },
	{ { "template", "the elements a user template selects (-t FILE or "
	  "sites/HOST.tpl)" }, template_extract },
	{ { "site", "auto, after removing what most learned pages of the "
	  "site share (pith learn)" }, site_extract },
};

size_t
pith_algorithm_count(void)
{
	return sizeof algorithms / sizeof algorithms[0];
}

const pith_algorithm *
pith_algorithm_at(size_t i)
{
	return i < pith_algorithm_count() ? &algorithms[i].pub : NULL;
}

const algo_entry *
algo_find(const char *name)
{
	for (size_t i = 0; name != NULL && i < pith_algorithm_count(); i++)
		if (strcmp(algorithms[i].pub.name, name) == 0)
			return &algorithms[i];
	return NULL;
}

const pith_algorithm *
pith_algorithm_find(const char *name)
{
	const algo_entry *a = algo_find(name);

	return a != NULL ? &a->pub : NULL;
}

/* Every parameter, once: name, place, default, and what it means. */
static const struct param {
	const char *name;
	size_t offset;
	double dflt;
	const char *doc;
} params[] = {
	{ "mss.tag", offsetof(pith_params, mss_tag), -3.25,
	  "MSS score of each tag" },
	{ "mss.word", offsetof(pith_params, mss_word), 1,
	  "MSS score of each word or symbol" },
	{ "mss.clean", offsetof(pith_params, mss_clean), 0,
	  "1: MSS scores 0 for what eatiht's cleaning drops" },
	{ "linkdensity.p", offsetof(pith_params, ld_p), 0.99,
	  "linkdensity weight of a node's link-free share" },
	{ "linkdensity.q", offsetof(pith_params, ld_q), 0.01,
	  "linkdensity weight of a node's share of the text" },
	{ "site.share", offsetof(pith_params, site_share), 0.25,
	  "site: a subtree on more than this share of pages is template" },
	{ "site.pages", offsetof(pith_params, site_pages), 5,
	  "site: pages to learn before anything is removed" },
};

enum { NPARAMS = sizeof params / sizeof params[0] };

static double *
param_field(pith_params *p, size_t i)
{
	return (double *)(void *)((char *)p + params[i].offset);
}

void
params_init(pith_params *p)
{
	memset(p, 0, sizeof *p);
	for (size_t i = 0; i < NPARAMS; i++)
		*param_field(p, i) = params[i].dflt;
}

pith_params *
pith_params_new(void)
{
	pith_params *p = malloc(sizeof *p);

	if (p != NULL)
		params_init(p);
	return p;
}

pith_params *
pith_params_dup(const pith_params *p)
{
	pith_params *q = malloc(sizeof *q);

	if (q != NULL)
		*q = *p;
	return q;
}

void
pith_params_free(pith_params *p)
{
	free(p);
}

/* The table row named name, or NPARAMS. */
static size_t
param_find(const char *name)
{
	size_t i = 0;

	while (i < NPARAMS && strcmp(params[i].name, name) != 0)
		i++;
	return i;
}

pith_code
pith_params_set(pith_params *p, const char *name, const char *value,
                pith_error *err)
{
	size_t i = param_find(name);
	char *end;
	double v;

	if (i == NPARAMS)
		return err_set(err, PITH_EINVAL, "unknown parameter '%s'", name);
	v = strtod(value, &end);
	if (end == value || *end != '\0' || !isfinite(v))
		return err_set(err, PITH_EINVAL, "%s: not a number: '%s'",
		    name, value);
	*param_field(p, i) = v;
	return PITH_OK;
}

pith_code
pith_params_get(const pith_params *p, const char *name, double *value,
                pith_error *err)
{
	size_t i = param_find(name);

	if (i == NPARAMS)
		return err_set(err, PITH_EINVAL, "unknown parameter '%s'", name);
	*value = *(const double *)(const void *)((const char *)p + params[i].offset);
	return PITH_OK;
}

void pith_params_set_template(pith_params *p, const pith_template *t) { p->tmpl = t; }
void pith_params_set_site(pith_params *p, const pith_site *site) { p->site = site; }
void pith_params_set_time_limit(pith_params *p, double s) { p->time_limit = s; }

pith_code
pith_params_assign(pith_params *p, const char *assignment, pith_error *err)
{
	const char *eq = strchr(assignment, '=');
	char name[64];

	if (eq == NULL || (size_t)(eq - assignment) >= sizeof name)
		return err_set(err, PITH_EINVAL, "expected NAME=VALUE, not '%.100s'",
		    assignment);
	memcpy(name, assignment, (size_t)(eq - assignment));
	name[eq - assignment] = '\0';
	return pith_params_set(p, name, eq + 1, err);
}

const char *
pith_params_describe(size_t i, double *dflt, const char **doc)
{
	if (i >= NPARAMS)
		return NULL;
	*dflt = params[i].dflt;
	*doc = params[i].doc;
	return params[i].name;
}
