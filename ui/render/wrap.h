/*
 * wrap.h - Unicode-aware line wrapping by terminal display width.
 *
 * Shared by the plain-text dump and the ncurses reader, so it knows
 * nothing about curses: it only says which bytes go on which line.
 * Input is UTF-8; invalid bytes count as one column each.
 *
 * Behaviour:
 *   - Break opportunities follow UAX #14; a line breaks at the last
 *     opportunity that fits.  A word wider than the line is broken at
 *     grapheme-cluster boundaries; a cluster is never split, and one
 *     wider than the whole line goes alone on its own line.
 *   - A cluster is as wide as its first code point (wide/emoji 2,
 *     combining marks and controls 0); U+00AD SOFT HYPHEN is 0 wide.
 *   - Mandatory breaks ('\n', "\r\n", lone '\r', VT, FF, U+0085,
 *     U+2028, U+2029) end a line and are not part of it.  Text ending
 *     with one yields a final empty line: "a\n" is "a" and "";
 *     "" is no lines at all; "\n\n" is three empty lines.
 *   - Spaces (U+0020) at the end of a line are never shown or counted.
 *     Spaces at the start of a line after a mandatory break are kept
 *     (indentation) unless they leave no room for the next cluster.
 *   - Breaking right after a soft hyphen sets hyphen=1: draw a '-'
 *     after the line's bytes.  It is counted in `width` and must fit.
 */
#ifndef PITH_WRAP_H
#define PITH_WRAP_H

#include <stddef.h>

typedef struct {
	size_t start, len;  /* bytes of the input shown on this line (trailing spaces excluded) */
	int width;          /* display width of those bytes, plus 1 if hyphen */
	int hyphen;         /* 1: the line ends at a soft hyphen (U+00AD), draw a '-' after it */
} wrap_line;

/* Break s[0..len) into lines of at most `width` columns.  '\n' forces a break.
 * width <= 0: no wrapping, break only at mandatory breaks.  *lines is
 * malloc'd (caller frees; NULL when there are no lines); returns 0, or -1
 * when out of memory (then *lines is NULL, *nlines 0). */
int wrap_lines(const char *s, size_t len, int width, wrap_line **lines, size_t *nlines);

/* Display width of s[0..len) in terminal columns (grapheme-aware).
 * Saturates at INT_MAX. */
int wrap_width(const char *s, size_t len);

/* An address (URL or path), s[0..len), in at most width columns: whole
 * when it fits; else cut in the middle, where ellipsis goes, keeping the
 * host or first directory and as much of the end as fits (from a '/'
 * when one is in it), so the page's own name stays; the front goes
 * first when both do not fit.  Written to out (size bytes, NUL-
 * terminated, cut between characters, a cluster never split); returns
 * the bytes written. */
size_t wrap_cut_middle(const char *s, size_t len, int width, const char *ellipsis,
                       char *out, size_t size);

#endif
