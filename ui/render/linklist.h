/*
 * linklist.h - every link of a page as a list (the reader's L): its
 * number and its whole address, wrapped, one entry per link; the
 * article's links first, then those elsewhere on the page.
 */
#ifndef PITH_LINKLIST_H
#define PITH_LINKLIST_H

#include "layout.h"

typedef struct {
	const char *href;        /* the document's string: what following uses */
	const char *shown;       /* the address to show (a file's resolved path) */
	int number;
} linklist_entry;

/* Lay out n entries in width columns into l (zeroed or freed before):
 * a heading (NULL: "N links on this page"), then "n  address" per entry, the address wrapped under
 * itself; the entries from in_article on under a heading of their own
 * (elsewhere on the page).  l->links are the entries, each at the line
 * of its entry, so selecting and searching work as in the article.  0,
 * or -1 when out of memory. */
int linklist_layout(layout *l, const linklist_entry *e, size_t n, size_t in_article,
                    const char *heading, int width, int ascii);

/* The link of list line i (the entry it is part of), or -1. */
int linklist_at(const layout *l, size_t i);

#endif
