/*
 * clip.h - copying to the clipboard through the terminal: OSC 52, which
 * xterm, kitty, foot, iTerm2, WezTerm and others honour, and tmux passes
 * on with `set -g set-clipboard on`, over ssh as well.
 */
#ifndef PITH_CLIP_H
#define PITH_CLIP_H

#include <stddef.h>

enum { CLIP_MAX = 8192 };    /* longer text is not copied */

/* The escape sequence that puts text on the clipboard: ESC ] 52 ; c ;
 * base64 BEL, where the base64 is of text with control characters and
 * bidi overrides removed (it is page data: no byte of it reaches the
 * terminal as it is).  0 with *out malloc'd (*len bytes, NUL-terminated),
 * or -1 when text is longer than CLIP_MAX or memory runs out. */
int clip_osc52(const char *text, char **out, size_t *len);

/* Standard base64 (RFC 4648, padded) of in[0..n) into out, which holds
 * 4 * ((n + 2) / 3) + 1 bytes; returns the length written. */
size_t clip_base64(const unsigned char *in, size_t n, char *out);

#endif
