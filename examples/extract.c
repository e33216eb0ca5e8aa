/*
 * extract.c - the smallest use of libpith: HTML on standard input, the
 * article's title and text on standard output.
 *
 *   cc -o extract extract.c $(pkg-config --cflags --libs pith)
 *   ./extract [ALGORITHM [NAME=VALUE...]] < page.html
 *
 * NAME=VALUE sets a parameter, as pith's -p does ("mss.tag=-2").
 *
 * Exit status: 0 article, 1 no article, 2 error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pith.h>

/* All of standard input, or NULL. */
static char *
slurp(FILE *f, size_t *len)
{
	char *data = NULL, *p;
	size_t cap = 0, got;

	*len = 0;
	do {
		if (*len == cap) {
			cap = cap ? cap * 2 : 65536;
			if ((p = realloc(data, cap)) == NULL) {
				free(data);
				return NULL;
			}
			data = p;
		}
		got = fread(data + *len, 1, cap - *len, f);
		*len += got;
	} while (got > 0);
	if (ferror(f)) {
		free(data);
		return NULL;
	}
	return data;
}

int
main(int argc, char **argv)
{
	const char *algorithm = argc > 1 ? argv[1] : NULL;   /* NULL: auto */
	pith_parse_options opt = { 0 };
	pith_error err = { 0 };
	pith_doc *doc = NULL;
	pith_article *art = NULL;
	pith_params *params;
	char *html, *text = NULL;
	size_t len, tlen;
	pith_code rc;
	int status = 2;

	if ((html = slurp(stdin, &len)) == NULL) {
		fputs("extract: cannot read standard input\n", stderr);
		return 2;
	}
	/* The page's address, if known, resolves relative links. */
	opt.url = getenv("PAGE_URL");
	if ((params = pith_params_new()) == NULL) {
		fputs("extract: out of memory\n", stderr);
		free(html);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		if (pith_params_assign(params, argv[i], &err) != PITH_OK) {
			fprintf(stderr, "extract: %s\n", err.msg);
			pith_params_free(params);
			free(html);
			return 2;
		}
	}
	if (pith_doc_parse(html, len, &opt, &doc, &err) != PITH_OK) {
		fprintf(stderr, "extract: %s\n", err.msg);
	} else if ((rc = pith_extract(doc, algorithm, params, &art, &err)) != PITH_OK) {
		/* PITH_ENOARTICLE still sets art: pith_article_block_reason()
		 * would say why each block was dropped. */
		fprintf(stderr, "extract: %s\n", err.msg);
		status = rc == PITH_ENOARTICLE ? 1 : 2;
	} else if (pith_article_text(art, 0, &text, &tlen, &err) != PITH_OK) {
		fprintf(stderr, "extract: %s\n", err.msg);
	} else {
		const char *title = pith_doc_title(doc);

		printf("%s\n\n", title != NULL ? title : "");
		fwrite(text, 1, tlen, stdout);
		putchar('\n');
		status = fflush(stdout) == 0 ? 0 : 2;
	}
	free(text);
	pith_article_free(art);
	pith_params_free(params);
	pith_doc_free(doc);
	free(html);
	return status;
}
