/*
 * hyphenate.h - where long words may break: Liang's patterns from the
 * installed hyphenation dictionaries (libhyphen, Debian's hyphen-LANG
 * packages in /usr/share/hyphen).
 *
 * The points become soft hyphens (U+00AD) in the text before it is
 * wrapped, so wrap.h breaks there with a '-' as it does at the page's
 * own; a word that has a soft hyphen of its own keeps just those.
 */
#ifndef PITH_HYPHENATE_H
#define PITH_HYPHENATE_H

#include <stddef.h>

typedef struct hyphenator hyphenator;

/* The dictionary for a BCP 47 language tag ("de-CH", "en"): hyph_ll_CC.dic,
 * else hyph_ll.dic, in dir (NULL: /usr/share/hyphen).  NULL when there is
 * none or it cannot be read: then nothing is hyphenated, which is no
 * error. */
hyphenator *hyphenate_open(const char *lang, const char *dir);
void hyphenate_close(hyphenator *h);
/* The language tag it was opened for, as given. */
const char *hyphenate_lang(const hyphenator *h);

/* The byte offsets of s[0..n) where a soft hyphen may go (before the
 * byte at each offset), ascending, into *at (malloc'd, NULL when none):
 * inside words of 5 letters or more that are not part of an address.
 * Returns how many, or (size_t)-1 when out of memory. */
size_t hyphenate_points(const hyphenator *h, const char *s, size_t n, size_t **at);

/* s[0..n) with U+00AD at those points: *out malloc'd, NUL-terminated,
 * *outlen bytes.  0, or -1 when out of memory. */
int hyphenate_text(const hyphenator *h, const char *s, size_t n, char **out, size_t *outlen);

#endif
