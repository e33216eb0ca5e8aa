/*
 * config.c - reading the settings file; see config.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "config.h"
#include "pith.h"
#include "theme.h"

enum { CONFIG_MAX = 64 * 1024, LINE_MAX_ = 2048 };

static void
warnf(config_warn_fn warn, void *ctx, const char *file, int line,
      const char *what, const char *word)
{
	char msg[160], q[40];
	size_t k = 0;

	if (warn == NULL)
		return;
	/* The file may hold anything: quote only a little plain ASCII. */
	for (; word != NULL && *word && k + 1 < sizeof q && k < 32; word++)
		q[k++] = (*word >= 0x20 && *word < 0x7f) ? *word : '?';
	q[k] = '\0';
	snprintf(msg, sizeof msg, what, q);
	warn(ctx, file, line, msg);
}

static char *
trim(char *s)
{
	char *e;

	s += strspn(s, " \t");
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* Whether a theme of that name exists, without saying why not. */
static int
theme_exists(const char *name)
{
	theme t;

	return theme_load(&t, name, NULL, NULL) == 0;
}

static int
set(config *c, const char *key, const char *val, const char *file, int line,
    config_warn_fn warn, void *ctx)
{
	if (strcmp(key, "theme") == 0) {
		if (strlen(val) >= sizeof c->theme || !theme_exists(val)) {
			warnf(warn, ctx, file, line, "unknown theme '%s'", val);
			return -1;
		}
		strcpy(c->theme, val);
	} else if (strcmp(key, "width") == 0) {
		char *end;
		long w;

		errno = 0;
		w = strtol(val, &end, 10);
		if (end == val || *end != '\0' || errno != 0 || w < 20 || w > 1000) {
			warnf(warn, ctx, file, line, "width must be 20..1000, not '%s'", val);
			return -1;
		}
		c->width = (int)w;
	} else if (strcmp(key, "algorithm") == 0) {
		if (strlen(val) >= sizeof c->algorithm || pith_algorithm_find(val) == NULL) {
			warnf(warn, ctx, file, line, "unknown algorithm '%s'", val);
			return -1;
		}
		strcpy(c->algorithm, val);
	} else if (strcmp(key, "save_dir") == 0 || strcmp(key, "save-dir") == 0) {
		const char *home = getenv("HOME");
		int n;

		if (val[0] == '~' && (val[1] == '/' || val[1] == '\0')) {
			if (home == NULL || home[0] == '\0') {
				warnf(warn, ctx, file, line, "'%s': HOME is not set", val);
				return -1;
			}
			n = snprintf(c->save_dir, sizeof c->save_dir, "%s%s", home, val + 1);
		} else {
			n = snprintf(c->save_dir, sizeof c->save_dir, "%s", val);
		}
		if (val[0] == '\0' || n < 0 || (size_t)n >= sizeof c->save_dir) {
			c->save_dir[0] = '\0';
			warnf(warn, ctx, file, line, "bad save_dir '%s'", val);
			return -1;
		}
	} else {
		warnf(warn, ctx, file, line, "unknown setting '%s'", key);
		return -1;
	}
	return 0;
}

int
config_parse(config *c, const char *text, size_t len, const char *file,
             config_warn_fn warn, void *ctx)
{
	char buf[LINE_MAX_];
	size_t i = 0;
	int line = 0, bad = 0;

	while (i < len) {
		size_t j = i, k = 0;
		int toolong = 0, binary = 0;
		char *s, *eq;

		line++;
		for (; j < len && text[j] != '\n'; j++) {
			if (text[j] == '\0')
				binary = 1;
			if (k + 1 < sizeof buf)
				buf[k++] = text[j];
			else
				toolong = 1;
		}
		buf[k] = '\0';
		i = j + 1;
		if (toolong || binary) {
			warnf(warn, ctx, file, line, "%s", toolong ? "line too long" :
			    "not text");
			bad++;
			continue;
		}
		s = trim(buf);
		if (*s == '\0' || *s == '#')
			continue;
		if ((eq = strchr(s, '=')) == NULL) {
			warnf(warn, ctx, file, line, "expected 'key = value', not '%s'", s);
			bad++;
			continue;
		}
		*eq = '\0';
		if (set(c, trim(s), trim(eq + 1), file, line, warn, ctx) != 0)
			bad++;
	}
	return bad;
}

int
config_xdg(const char *var, const char *fallback, const char *sub, char *out,
           size_t size)
{
	const char *x = getenv(var), *home = getenv("HOME");
	int n;

	/* The XDG specification says to ignore a relative path. */
	if (x != NULL && x[0] == '/')
		n = snprintf(out, size, "%s/%s", x, sub);
	else if (home != NULL && home[0] != '\0')
		n = snprintf(out, size, "%s/%s/%s", home, fallback, sub);
	else
		return -1;
	return n > 0 && (size_t)n < size ? 0 : -1;
}

char *
config_default_path(void)
{
	char p[4096];

	return config_xdg("XDG_CONFIG_HOME", ".config", "pith/config", p,
	    sizeof p) == 0 ? strdup(p) : NULL;
}

int
config_load(config *c, const char *path, config_warn_fn warn, void *ctx)
{
	char *dflt = path == NULL ? config_default_path() : NULL, *text;
	const char *file = path != NULL ? path : dflt;
	FILE *f;
	size_t n;
	int rc = 0;

	if (file == NULL)
		return 0;
	if ((f = fopen(file, "rb")) == NULL) {
		/* Having no settings file is the usual case. */
		if (path != NULL || errno != ENOENT) {
			warnf(warn, ctx, file, 0, "cannot read: %s", strerror(errno));
			rc = -1;
		}
		free(dflt);
		return rc;
	}
	if ((text = malloc(CONFIG_MAX + 1)) == NULL) {
		fclose(f);
		free(dflt);
		return -1;
	}
	n = fread(text, 1, CONFIG_MAX + 1, f);
	if (ferror(f) || n > CONFIG_MAX) {
		warnf(warn, ctx, file, 0, "%s", ferror(f) ? "cannot read it" :
		    "larger than 64 kB");
		rc = -1;
	} else {
		config_parse(c, text, n, file, warn, ctx);
	}
	fclose(f);
	free(text);
	free(dflt);
	return rc;
}

int
config_host(const char *url, int drop_www, char *host, size_t size)
{
	const char *h = url != NULL ? strstr(url, "://") : NULL;
	size_t n = 0;

	if (size > 0)
		host[0] = '\0';
	if (h == NULL || size == 0 || (strncasecmp(url, "http://", 7) != 0 &&
	    strncasecmp(url, "https://", 8) != 0))
		return -1;
	h += 3;
	/* user:password@ goes; the host stops at the port or the path. */
	if (strcspn(h, "@") < strcspn(h, "/?#"))
		h += strcspn(h, "@") + 1;
	if (drop_www && strncasecmp(h, "www.", 4) == 0 && !strchr(":/?#", h[4]))
		h += 4;
	for (; h[n] && !strchr(":/?#", h[n]); n++) {
		char c = h[n] >= 'A' && h[n] <= 'Z' ? (char)(h[n] + 32) : h[n];

		/* Only a plain host name can be a file name. */
		if (n + 1 >= size || !((c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '.')) {
			host[0] = '\0';
			return -1;
		}
		host[n] = c;
	}
	host[n] = '\0';
	if (n == 0 || host[0] == '.') {
		host[0] = '\0';
		return -1;
	}
	return 0;
}

int
config_site_template(const char *url, char *host, size_t hsize, char *path,
                     size_t psize)
{
	char dir[4096];
	struct stat st;

	if (config_host(url, 0, host, hsize) != 0 ||
	    config_xdg("XDG_CONFIG_HOME", ".config", "pith/sites", dir, sizeof dir) != 0)
		return -1;
	/* www.example.org also uses example.org's template. */
	for (int www = 0; www < 2; www++) {
		int k;

		if (www && strncmp(host, "www.", 4) != 0)
			break;
		k = snprintf(path, psize, "%s/%s.tpl", dir, host + (www ? 4 : 0));
		if (k < 0 || (size_t)k >= psize)
			return -1;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			return 1;
	}
	return snprintf(path, psize, "%s/%s.tpl", dir, host) < (int)psize ? 0 : -1;
}
