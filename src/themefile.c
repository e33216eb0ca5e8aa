/*
 * themefile.c - themes by name: files in the XDG directories, else the
 * built-in ones; see themefile.h.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "themefile.h"
#include "util.h"

/* A theme file larger than this is not one. */
enum { THEMEFILE_MAX = 64 * 1024 };

/* The directories theme files are looked for in, most personal first;
 * *n of them in dirs (each malloc'd). */
static size_t
theme_dirs(char **dirs, size_t max)
{
	const char *data = getenv("XDG_DATA_DIRS");
	size_t n = 0;
	char path[4096];

	if (util_xdg("XDG_CONFIG_HOME", ".config", "pith/themes", path,
	    sizeof path) == 0 && n < max && (dirs[n] = strdup(path)) != NULL)
		n++;
	/* The XDG specification says to ignore relative paths. */
	if (data == NULL || data[0] == '\0')
		data = "/usr/local/share:/usr/share";
	while (*data != '\0' && n < max) {
		size_t k = strcspn(data, ":");

		if (data[0] == '/' && k + 14 < sizeof path) {
			snprintf(path, sizeof path, "%.*s/pith/themes", (int)k, data);
			if ((dirs[n] = strdup(path)) != NULL)
				n++;
		}
		data += k;
		data += *data == ':';
	}
	return n;
}

/* A theme name that is safe to make a file name of. */
static int
name_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > 48 || name[0] == '.' || name[0] == '-')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '-' &&
		    name[i] != '_' && name[i] != '.')
			return 0;
	return 1;
}

static void
set_name(theme *t, const char *name)
{
	const char *base = strrchr(name, '/');
	size_t n;

	base = base != NULL ? base + 1 : name;
	n = strcspn(base, ".");
	if (n == 0)
		n = strlen(base);
	if (n >= sizeof t->name)
		n = sizeof t->name - 1;
	memcpy(t->name, base, n);
	t->name[n] = '\0';
}

/* Where theme_parse's warnings go: "FILE:LINE: why" into a diag. */
typedef struct {
	diag *d;
	const char *file;
} theme_warnings;

static void
warned(void *ctx, int line, const char *msg)
{
	const theme_warnings *w = ctx;

	diag_warn(w->d, "%s:%d: %s", w->file, line, msg);
}

/* text parsed as the theme NAME, with file in its warnings. */
static void
parse(theme *t, const char *text, size_t len, const char *file,
      const char *name, diag *d)
{
	theme_warnings w = { d, file };

	theme_parse(t, text, len, d != NULL ? warned : NULL, &w);
	set_name(t, name);
}

static int
load_file(theme *t, const char *path, const char *name, diag *d)
{
	size_t len;
	char *s;

	if (util_read_file(path, THEMEFILE_MAX, &s, &len) != 0)
		return -1;
	parse(t, s, len, path, name, d);
	free(s);
	return 0;
}

int
themefile_load(theme *t, const char *name, diag *d)
{
	char *dirs[16], path[4200];
	size_t n;
	const char *text;
	int rc = -1;

	if (strchr(name, '/') != NULL) {
		if (load_file(t, name, name, d) == 0)
			return 0;
		return diag_fail(d, "cannot read the theme: %s", strerror(errno));
	}
	if (!name_ok(name))
		return diag_fail(d, "not a theme name");
	n = theme_dirs(dirs, sizeof dirs / sizeof dirs[0]);
	for (size_t i = 0; i < n && rc != 0; i++) {
		snprintf(path, sizeof path, "%s/%s.theme", dirs[i], name);
		rc = load_file(t, path, name, d);
	}
	for (size_t i = 0; i < n; i++)
		free(dirs[i]);
	if (rc == 0)
		return 0;
	if ((text = theme_builtin_text(name)) != NULL) {
		parse(t, text, strlen(text), name, name, d);
		return 0;
	}
	return diag_fail(d, "no such theme");
}

static int
has_name(char **names, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
themefile_names(char ***names, size_t *n)
{
	char *dirs[16], **v;
	size_t nd, nbuiltin = theme_builtin_count(), cap = nbuiltin + 16, nb;

	*names = NULL;
	*n = 0;
	if ((v = malloc(cap * sizeof *v)) == NULL)
		return -1;
	for (nb = 0; nb < nbuiltin; nb++) {
		if ((v[nb] = strdup(theme_builtin_name(nb))) == NULL) {
			themefile_names_free(v, nb);
			return -1;
		}
	}
	*n = nb;
	nd = theme_dirs(dirs, sizeof dirs / sizeof dirs[0]);
	for (size_t i = 0; i < nd; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *ent;

		while (d != NULL && (ent = readdir(d)) != NULL) {
			size_t len = strlen(ent->d_name);
			char name[64];

			if (len <= 6 || len - 6 >= sizeof name ||
			    strcmp(ent->d_name + len - 6, ".theme") != 0)
				continue;
			memcpy(name, ent->d_name, len - 6);
			name[len - 6] = '\0';
			if (!name_ok(name) || has_name(v, *n, name))
				continue;
			if (*n == cap) {
				char **nv = cap < 1024 ? realloc(v, 2 * cap * sizeof *v) : NULL;

				if (nv == NULL)
					break;
				v = nv;
				cap *= 2;
			}
			if ((v[*n] = strdup(name)) != NULL)
				(*n)++;
		}
		if (d != NULL)
			closedir(d);
		free(dirs[i]);
	}
	qsort(v + nb, *n - nb, sizeof *v, cmp_names);
	*names = v;
	return 0;
}

void
themefile_names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}
