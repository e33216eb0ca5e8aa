/* test_readability.c - readability's decisions and auto's fallback, each
 * on a small page where the right answer is plain. */
#include "helpers.h"

/* Forty-odd words of ordinary prose: one paragraph worth scoring. */
#define PROSE(x) "<p>" x " The council met on Tuesday evening to discuss the " \
	"new bridge, which has been delayed for two years by rising costs, " \
	"shifting plans, and a long argument about where the cyclists should go.</p>"

static void
test_hidden(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<article>" PROSE("One.") "<div hidden>Secret one here.</div>"
	    "<div style='DISPLAY : none'>Secret two here.</div>"
	    "<p aria-hidden='true'>Secret three here.</p>" PROSE("Two.") "</article>",
	    "readability", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "One. The council"));
	assert_non_null(strstr(r.text, "Two. The council"));
	assert_null(strstr(r.text, "Secret"));
	/* What a browser never shows is not even text in the model; what
	 * is hidden from screen readers is dropped by readability. */
	for (size_t i = 0; i < pith_doc_nblocks(r.d); i++)
		assert_null(strstr(pith_doc_block(r.d, i)->text, "Secret two"));
	assert_string_equal(reason_of(&r, "Secret three"), "dropped: hidden");
	extracted_free(&r);
}

static void
test_reasons_name_the_container(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<div id=main class='story body'>" PROSE("A.") PROSE("B.") "</div>"
	    "<div class=sidebar>" PROSE("Side.") "</div>", "readability", NULL);
	const char *k = reason_of(&r, "A. The");

	assert_non_null(k);
	assert_non_null(strstr(k, "kept: in div#main.story.body"));
	assert_non_null(strstr(k, "weight +50"));
	assert_null(strstr(r.text, "Side."));
	extracted_free(&r);

	/* What is kept from outside the container says so: the notes its
	 * markers point to, in a box after it. */
	r = extract_page(
	    "<div id=main class=story>" PROSE("A.") "<p>See the sources.<sup><a href=#n1>1"
	    "</a></sup><sup><a href=#n2>2</a></sup></p>" PROSE("B.") "</div>"
	    "<div class=box><p id=n1>The county atlas, second edition.</p>"
	    "<p id=n2>The engineer's readings over four winters.</p></div>",
	    "readability", NULL);
	assert_non_null(strstr(r.text, "The county atlas"));
	assert_string_equal(reason_of(&r, "The county atlas"),
	    "kept: beside div#main.story, as its part");
	assert_non_null(strstr(reason_of(&r, "B. The"), "kept: in div#main.story"));
	extracted_free(&r);
}

/* Names match as words: "pageRow" is not "pager", "header-spacing" on a
 * wrapper holding most of the page is not a header. */
static void
test_class_words(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<div class='header-spacing'><div class=pageRow>" PROSE("Kept.")
	    PROSE("Also.") "</div><div class=share-tools><a href=/f>Facebook</a> "
	    "<a href=/t>Twitter</a></div></div>", "readability", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "Kept. The council"));
	assert_null(strstr(r.text, "Facebook"));
	extracted_free(&r);
}

/* lookup bisects the word tables: they must stay in strcmp order, with
 * no word beside its own plural (read from the source, run from the
 * top of the tree as tests/run.sh does). */
static void
test_word_tables_sorted(void **state)
{
	static const char *const tables[] = { "words[] = {", "tokens[] = {" };
	FILE *f = fopen("extract/readability-names.c", "r");
	char *src;
	long n;

	(void)state;
	if (f == NULL)
		skip();
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	rewind(f);
	assert_non_null(src = calloc(1, (size_t)n + 1));
	assert_int_equal(fread(src, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	for (size_t t = 0; t < 2; t++) {
		const char *p = strstr(src, tables[t]), *end;
		char last[64] = "";
		size_t count = 0;

		assert_non_null(p);
		end = strstr(p, "};");
		while ((p = strstr(p, "W(\"")) != NULL && p < end) {
			char w[64];
			size_t k = strcspn(p + 3, "\"");

			assert_true(k > 0 && k < sizeof w);
			memcpy(w, p + 3, k);
			w[k] = '\0';
			if (count++ > 0) {
				size_t l = strlen(last);

				if (strcmp(last, w) >= 0)
					fail_msg("%s: '%s' before '%s'", tables[t], last, w);
				if (k == l + 1 && w[l] == 's' && strncmp(last, w, l) == 0)
					fail_msg("%s: '%s' and its plural", tables[t], last);
			}
			strcpy(last, w);
			p += 3 + k;
		}
		assert_true(count > 20);
	}
	free(src);
}

/* Table words at both ends and in the plural still classify. */
static void
test_class_word_lookup(void **state)
{
	(void)state;
	/* "widgets" (the last word, plural) and "ads" (the first) are
	 * boilerplate; "Advertisement" splits at no hump. */
	extracted r = extract_page(
	    "<article>" PROSE("Kept.") "<div class=widgets><p>Widget rail "
	    "text that is long enough to matter here, with words.</p></div>"
	    "<div class='x ads'><p>Ad rail text that is long enough to matter "
	    "here, with words.</p></div>" PROSE("End.") "</article>",
	    "readability", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "Kept. The council"));
	assert_null(strstr(r.text, "Widget rail"));
	assert_null(strstr(r.text, "Ad rail"));
	extracted_free(&r);
}

/* "comment" compounds name the thread; commentary and commenting do not. */
static void
test_comment_compounds(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<article>" PROSE("Kept.") "<div class=commentlist><p>Thread "
	    "text that is long enough to matter here, with words.</p></div>"
	    "<div class=commentary><p>Opinion text that is long enough to matter "
	    "here, with words.</p></div><div class=commenting-rules><p>Rules text "
	    "that is long enough to matter here, with words.</p></div>"
	    PROSE("End.") "</article>", "readability", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "Kept. The council"));
	assert_null(strstr(r.text, "Thread text"));
	assert_non_null(strstr(r.text, "Opinion text"));
	assert_non_null(strstr(r.text, "Rules text"));
	extracted_free(&r);
}

static void
test_link_density(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<article>" PROSE("Body.") "<div class=more><p><a href=/1>First "
	    "related story</a> and <a href=/2>second related story</a></p></div>"
	    "<ul><li><a href=/a>Alpha link</a></li><li><a href=/b>Beta link</a></li>"
	    "</ul>" PROSE("End.") "</article>", "readability", NULL);
	const char *w = reason_of(&r, "First related");

	assert_null(strstr(r.text, "related story"));
	assert_null(strstr(r.text, "Alpha link"));
	assert_non_null(w);
	assert_non_null(strstr(w, "dropped: "));
	assert_non_null(strstr(reason_of(&r, "Alpha link"), "links 1.00"));
	extracted_free(&r);
}

/* Chinese paragraphs have no spaces and few commas: they still count. */
static void
test_cjk(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<div class=nav><p><a href=/1>Home page of the site</a></p></div>"
	    "<div class=text><p>\xe5\xb8\x82\xe6\x94\xbf\xe5\xba\x9c\xe5\x91\xa8\xe4\xba\x8c"
	    "\xe6\x99\x9a\xe4\xb8\x8a\xe5\xbc\x80\xe4\xbc\x9a\xe8\xae\xa8\xe8\xae\xba\xe6\x96"
	    "\xb0\xe6\xa1\xa5\xe7\x9a\x84\xe8\xae\xa1\xe5\x88\x92\xe3\x80\x82</p></div>",
	    "readability", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "\xe5\xb8\x82\xe6\x94\xbf\xe5\xba\x9c"));
	assert_null(strstr(r.text, "Home page"));
	extracted_free(&r);
}

static void
test_title_heading_dropped(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<title>The new bridge is late again - Daily News</title>"
	    "<article><h1>The new bridge is late again</h1>" PROSE("A.") PROSE("B.")
	    "</article>", "readability", NULL);

	assert_null(strstr(r.text, "late again"));
	assert_string_equal(reason_of(&r, "The new bridge"),
	    "dropped: repeats the title");
	extracted_free(&r);
}

/* Too little under the strict rules: the relaxed retry finds it. */
static void
test_retry(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<div class=extra>" PROSE("Only.") PROSE("Text.") "</div>"
	    "<div>" PROSE("Plain.") PROSE("More.") "</div>", "readability", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "Only. The council"));
	assert_non_null(strstr(r.text, "Plain. The council"));
	assert_non_null(strstr(reason_of(&r, "Only."), "relaxed retry"));
	extracted_free(&r);
}

/* An article split into sections styled alike is one article. */
static void
test_same_class_sections(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<div class=body-wrap><div class=part><div><div><div><div>"
	    PROSE("First.") PROSE("Second.") PROSE("Third.") "</div></div></div></div>"
	    "</div><figure><img src=x.jpg></figure><div class=part><div><div><div><div>"
	    PROSE("Fourth.") "</div></div></div></div></div></div>",
	    "readability", NULL);

	assert_non_null(strstr(r.text, "First."));
	assert_non_null(strstr(r.text, "Fourth."));
	extracted_free(&r);
}

/* auto: readability finds nothing in <nav>, MSS finds the text. */
static void
test_auto_falls_back(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<nav>" PROSE("Nav.") PROSE("More.") PROSE("Yet.") PROSE("And.")
	    "</nav>", "auto", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "Nav. The council"));
	assert_non_null(pith_article_note(r.a));
	assert_non_null(strstr(pith_article_note(r.a), "mss: readability found nothing"));
	extracted_free(&r);
}

static void
test_auto_index_page(void **state)
{
	(void)state;
	char html[8192];
	size_t k = 0;

	k += (size_t)snprintf(html + k, sizeof html - k, "<div class=list>");
	for (int i = 0; i < 30; i++)
		k += (size_t)snprintf(html + k, sizeof html - k, "<div class=teaser><a "
		    "href=/s%d>Story number %d about the council and its bridge</a></div>",
		    i, i);
	snprintf(html + k, sizeof html - k, "</div>");
	extracted r = extract_page(html, "auto", NULL);

	assert_int_equal(r.rc, PITH_ENOARTICLE);
	assert_int_equal(pith_article_nspans(r.a), 0);
	extracted_free(&r);
}

static void
test_readability_keeps_structure(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<article>" PROSE("A.") "<div class='code-toolbar'><pre>int\n"
	    "    main(void)</pre></div><table><tr><th>City</th><th>People</th></tr>"
	    "<tr><td>Oslo</td><td>709000</td></tr></table><blockquote class=twitter-tweet>"
	    "<p>A tweet the story quotes, with its words.</p></blockquote>" PROSE("B.")
	    "</article>", "readability", NULL);

	assert_non_null(strstr(r.text, "int\n    main(void)"));
	assert_non_null(strstr(r.text, "Oslo\t709000"));
	assert_non_null(strstr(r.text, "A tweet the story quotes"));
	extracted_free(&r);
}

/* Furniture judged by its words: bylines, datelines, ad labels and
 * caption lines go; prose that merely starts alike stays. */
static void
test_labels(void **state)
{
	(void)state;
	extracted r = extract_page("<article><p>By Jane Roe - 11/18/19 11:04 PM EST</p>"
	    "<p>PUBLISHED: 10:48, Tue, Nov 19, 2019 | UPDATED: 11:05</p>" PROSE("A.")
	    "<p>Advertisement</p><p>The crowd gathered by the river (Image: GETTY )</p>"
	    "<p>By the end of the night, the bridge was open.</p>"
	    "<p>Updated guidance is expected from the council next week.</p>"
	    PROSE("B.") "</article>", "readability", NULL);

	assert_string_equal(reason_of(&r, "By Jane"), "dropped: byline");
	assert_string_equal(reason_of(&r, "PUBLISHED"), "dropped: dateline");
	assert_string_equal(reason_of(&r, "Advertisement"),
	    "dropped: advertisement label");
	assert_string_equal(reason_of(&r, "The crowd"), "dropped: caption line");
	assert_non_null(strstr(r.text, "By the end of the night, the bridge was open."));
	assert_non_null(strstr(r.text, "Updated guidance is expected"));
	extracted_free(&r);
}

/* A list goes for its links only as a link list would: steps that link
 * a tool or a page as they go stay, in a box of their own or bare, while
 * a box of bare links to other stories still goes. */
static void
test_list_links(void **state)
{
	(void)state;
	extracted r = extract_page(
	    "<article>" PROSE("Intro.") "<div><ul>"
	    "<li>Sift the flour with <a href=/salt>sea salt</a></li>"
	    "<li>Rub in the <a href=/butter>cold butter</a></li>"
	    "<li>Stir in the <a href=/buttermilk>buttermilk</a></li>"
	    "<li>Bake for twenty minutes</li></ul></div>"
	    "<ol><li>Cool on a <a href=/rack>wire rack</a></li>"
	    "<li>Serve warm with jam</li></ol>" PROSE("Outro.")
	    "<div><ul><li><a href=/s1>Another scone recipe</a></li>"
	    "<li><a href=/s2>Ten breads to try</a> now</li></ul></div>"
	    PROSE("End.") "</article>", "readability", NULL);

	assert_int_equal(r.rc, PITH_OK);
	assert_non_null(strstr(r.text, "Rub in the cold butter"));
	assert_non_null(strstr(r.text, "Bake for twenty minutes"));
	assert_non_null(strstr(r.text, "Cool on a wire rack"));
	assert_null(strstr(r.text, "Another scone recipe"));
	assert_non_null(strstr(reason_of(&r, "Ten breads"), "dropped: link list"));
	extracted_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden),
		cmocka_unit_test(test_reasons_name_the_container),
		cmocka_unit_test(test_class_words),
		cmocka_unit_test(test_word_tables_sorted),
		cmocka_unit_test(test_class_word_lookup),
		cmocka_unit_test(test_comment_compounds),
		cmocka_unit_test(test_link_density),
		cmocka_unit_test(test_cjk),
		cmocka_unit_test(test_title_heading_dropped),
		cmocka_unit_test(test_retry),
		cmocka_unit_test(test_same_class_sections),
		cmocka_unit_test(test_auto_falls_back),
		cmocka_unit_test(test_auto_index_page),
		cmocka_unit_test(test_readability_keeps_structure),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_list_links),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
