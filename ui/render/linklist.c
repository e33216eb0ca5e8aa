/*
 * linklist.c - the page's links as a list; see linklist.h.
 */
#include "linklist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "wrap.h"

static void
title(layout *l, const char *s)
{
	if (l->nlines > 0)
		layout_add_line(l, LAYOUT_NONE, 0);
	layout_add_line(l, LAYOUT_NONE, LAYOUT_FIRST);
	layout_add_text(l, s, strlen(s), TH_HEADING, LAYOUT_STRONG, 1, -1);
	layout_add_line(l, LAYOUT_NONE, 0);
}

int
linklist_layout(layout *l, const linklist_entry *e, size_t n, size_t in_article,
                const char *heading, int width, int ascii)
{
	char head[96], num[32], *clean = NULL;
	size_t cap = 0;

	memset(l, 0, sizeof *l);
	l->width = width > 20 ? width : 20;
	if (n > 0 && (l->links = malloc(n * sizeof *l->links)) == NULL)
		return l->oom = 1, -1;
	l->nlinks = l->caplinks = n;
	snprintf(head, sizeof head, "%zu link%s on this page", n, n == 1 ? "" : "s");
	title(l, heading != NULL ? heading : head);
	for (size_t i = 0; i < n && !l->oom; i++) {
		const char *shown = e[i].shown != NULL ? e[i].shown : e[i].href != NULL ? e[i].href : "";
		size_t len = strlen(shown), k, nwl = 0;
		wrap_line *wl = NULL;
		int indent;

		if (i == in_article && i > 0) {
			snprintf(head, sizeof head, "Elsewhere on the page");
			title(l, head);
		}
		l->links[i] = (layout_link){ e[i].href, LAYOUT_NONE, e[i].number };
		/* The address made safe first, so it wraps as it is shown. */
		if (array_grow(&clean, &cap, 3 * len + 1, 1) != 0) {
			l->oom = 1;
			break;
		}
		k = layout_clean(shown, len, ascii, clean, cap);
		snprintf(num, sizeof num, "%5d  ", e[i].number);
		indent = (int)strlen(num);
		if (wrap_lines(clean, k, l->width - indent, &wl, &nwl) != 0) {
			l->oom = 1;
			break;
		}
		for (size_t j = 0; j < (nwl > 0 ? nwl : 1) && !l->oom; j++) {
			layout_add_line(l, LAYOUT_NONE, j == 0 ? LAYOUT_FIRST : 0);
			if (j == 0)
				layout_add_text(l, num, (size_t)indent, TH_LINKNUM, 0, 1, (int)i);
			else
				layout_add_text(l, "        ", (size_t)indent, TH_TEXT, 0, 0, -1);
			if (nwl > 0)
				layout_add_text(l, clean + wl[j].start, wl[j].len, TH_LINK, 0, 1, (int)i);
		}
		free(wl);
	}
	free(clean);
	return l->oom ? -1 : 0;
}

int
linklist_at(const layout *l, size_t i)
{
	/* An entry's lines run from its first to the next entry's. */
	int found = -1;

	for (size_t k = 0; k < l->nlinks; k++)
		if (l->links[k].line != LAYOUT_NONE && l->links[k].line <= i)
			found = (int)k;
	return found;
}
