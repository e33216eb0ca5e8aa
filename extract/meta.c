/* meta.c - the page's metadata: title, byline, dates, site, language. */
#include "internal.h"

pith_code
meta_extract(pith_doc *d)
{
	d->meta.title = d->title;
	d->meta.lang = d->lang;
	d->meta.url = d->url;
	return PITH_OK;
}
