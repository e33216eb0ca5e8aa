/*
 * recall.c - the prompts' entries; see recall.h.
 */
#include "recall.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { RECALL_FILE_MAX = 1 << 20 };

int
recall_path(const char *name, char *out, size_t size)
{
	char sub[64];

	snprintf(sub, sizeof sub, "pith/prompt-%s", name);
	return util_xdg("XDG_STATE_HOME", ".local/state", sub, out, size);
}

void
recall_free(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

int
recall_load(const char *name, char ***lines, size_t *n, diag *d)
{
	char path[4096], *text, *p;
	size_t len;

	*lines = NULL;
	*n = 0;
	if (recall_path(name, path, sizeof path) != 0)
		return 0;
	if (util_read_file(path, RECALL_FILE_MAX, &text, &len) != 0)
		return errno == ENOENT ? 0 : diag_fail(d, "%s: %s", path, strerror(errno));
	if ((*lines = calloc(RECALL_MAX, sizeof **lines)) == NULL) {
		free(text);
		return diag_fail(d, "out of memory");
	}
	for (p = text; *p != '\0' && *n < RECALL_MAX;) {
		size_t k = strcspn(p, "\n");

		if (k > 0 && p[k] == '\n' && ((*lines)[*n] = strndup(p, k)) != NULL)
			(*n)++;
		p += k + (p[k] == '\n');
	}
	free(text);
	return 0;
}

int
recall_add(const char *name, const char *line, diag *d)
{
	char path[4096], **lines;
	size_t n;
	util_buf b = {0};
	int rc;

	if (line[0] == '\0')
		return 0;
	for (const char *c = line; *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return 0;
	if (recall_path(name, path, sizeof path) != 0)
		return diag_fail(d, "no home folder");
	if (recall_load(name, &lines, &n, d) != 0)
		return -1;
	/* Already the most recent: the file stays as it is. */
	if (n > 0 && strcmp(lines[0], line) == 0) {
		recall_free(lines, n);
		return 0;
	}
	util_buf_puts(&b, line);
	util_buf_puts(&b, "\n");
	for (size_t i = 0, kept = 1; i < n && kept < RECALL_MAX; i++)
		if (strcmp(lines[i], line) != 0) {
			util_buf_puts(&b, lines[i]);
			util_buf_puts(&b, "\n");
			kept++;
		}
	recall_free(lines, n);
	if (b.oom)
		rc = diag_fail(d, "out of memory");
	else
		rc = util_write_file(path, b.s, b.len, UTIL_OVERWRITE | UTIL_MKDIRS, d) ==
		    UTIL_WRITTEN ? 0 : -1;
	util_buf_free(&b);
	return rc;
}
