/*
 * sitetpl.c - template files; see sitetpl.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "sitetpl.h"

int
sitetpl_load(const char *path, pith_template **out, diag *d)
{
	char *text, *colon;
	size_t len;
	pith_error err = {0};
	int line, rc = 0;

	*out = NULL;
	if (util_read_file(path, SITETPL_MAX, &text, &len) != 0)
		return diag_fail(d, "%s: %s", path, errno == EFBIG ?
		    "too large for a template (1 MB)" : errno == ENOMEM ?
		    "out of memory" : strerror(errno));
	if (pith_template_parse(text, len, out, &err) != PITH_OK) {
		colon = strchr(err.msg, ':');
		if (sscanf(err.msg, "line %d: ", &line) == 1 && colon != NULL)
			rc = diag_fail(d, "%s:%d:%s", path, line, colon + 1);
		else
			rc = diag_fail(d, "%s: %s", path, err.msg);
	}
	free(text);
	return rc;
}

int
sitetpl_find(const char *url, char *host, size_t hsize, char *path, size_t psize)
{
	char dir[4096];
	struct stat st;

	if (util_url_host(url, 0, host, hsize) != 0 ||
	    util_xdg("XDG_CONFIG_HOME", ".config", "pith/sites", dir, sizeof dir) != 0)
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

void
sitetpl_line(const pith_doc *doc, size_t b, char *out, size_t size)
{
	size_t node = pith_doc_block(doc, b)->node;

	pith_template_selector(doc, node, out, size);
	for (size_t n = node; n != PITH_NONE; n = pith_doc_node(doc, n)->parent) {
		const char *id = pith_node_attr(doc, n, "id");
		const char *cls = pith_node_attr(doc, n, "class");

		if ((id != NULL && id[strspn(id, " \t\n\r\f")] != '\0') ||
		    (cls != NULL && cls[strspn(cls, " \t\n\r\f")] != '\0')) {
			char sel[512];

			pith_template_selector(doc, n, sel, sizeof sel);
			if (sel[0] != '\0') {
				snprintf(out, size, "%s", sel);
				return;
			}
		}
	}
	if (out[0] == '\0')
		snprintf(out, size, "%s", pith_doc_node(doc, node)->tag);
}

int
sitetpl_add(const char *path, int exists, const char *line, pith_template **out,
            diag *d)
{
	util_buf b = {0};
	char *old = NULL;
	size_t len = 0;
	pith_error err = {0};
	int rc = -1;

	*out = NULL;
	if (exists == 1 && util_read_file(path, SITETPL_MAX, &old, &len) != 0 &&
	    errno != ENOENT)
		return diag_fail(d, "not written: %s: %s", path, errno == EFBIG ?
		    "too large for a template (1 MB)" : strerror(errno));
	util_buf_put(&b, old, len);
	free(old);
	if (b.len > 0 && b.s[b.len - 1] != '\n')
		util_buf_put(&b, "\n", 1);
	util_buf_puts(&b, line);
	util_buf_put(&b, "\n", 1);
	if (b.oom) {
		util_buf_free(&b);
		return diag_fail(d, "cannot write the template: out of memory");
	}
	if (pith_template_parse(b.s, b.len, out, &err) != PITH_OK) {
		diag_fail(d, "not written: %s", err.msg);
		goto out;
	}
	if (util_write_file(path, b.s, b.len, UTIL_OVERWRITE | UTIL_PRIVATE |
	    UTIL_MKDIRS, d) != UTIL_WRITTEN) {
		char why[256];

		snprintf(why, sizeof why, "%.200s", d != NULL ? d->msg : "");
		diag_fail(d, "%s: cannot write %s", why, path);
	} else {
		rc = 0;
	}
out:
	if (rc != 0) {
		pith_template_free(*out);
		*out = NULL;
	}
	util_buf_free(&b);
	return rc;
}
