/*
 * util.h - the program's small tools, shared by the services, the
 * reader and the commands: the services' error convention (diag), a
 * growable string, whole files read with a bound and written
 * atomically, directories, the XDG base directories, an address's host,
 * sizes for people.  Nothing here prints.
 */
#ifndef PITH_UTIL_H
#define PITH_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* ------------------------------------------------------------- strings */

/* A growable string, always NUL-terminated once anything is in it; an
 * append that fails poisons it (oom), so a run of appends is checked
 * once at the end. */
typedef struct {
	char *s;
	size_t len, cap;
	int oom;
} util_buf;

/* Room for n more bytes (and the NUL): 0, or -1 (and oom) when out of
 * memory. */
int util_buf_reserve(util_buf *b, size_t n);
/* Append: 0, or -1 when out of memory (now or before). */
int util_buf_put(util_buf *b, const void *p, size_t n);
int util_buf_puts(util_buf *b, const char *s);
void util_buf_free(util_buf *b);

/* ------------------------------------------------------------ the error
 * convention of the services.  The caller passes a diag (or NULL); a
 * service fills it, as curl fills the caller's error buffer, and never
 * prints.  A call that fails returns nonzero with msg set to one line
 * (without "pith: "); any call may leave warnings, in order.  Only the
 * commands and the reader show them.  diag_free releases the warnings. */
typedef struct {
	char msg[4608];
	util_buf warnings;     /* each warning followed by a NUL */
	size_t nwarnings;
} diag;

/* Set d->msg; returns -1, for `return diag_fail(d, ...)`. */
int diag_fail(diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Add a warning (dropped when out of memory). */
void diag_warn(diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Warning i, in the order given; NULL past the end. */
const char *diag_warning(const diag *d, size_t i);
void diag_free(diag *d);

/* --------------------------------------------------------------- files */

/* Read f to its end, at most max bytes: 0 with *text malloc'd and
 * NUL-terminated (it may hold NULs of its own: use *len), or -1 with
 * errno set: EFBIG when there is more than max, ENOMEM, or the read's. */
int util_read_stream(FILE *f, size_t max, char **text, size_t *len);
/* The same for the file at path; fopen's errno when it cannot be opened. */
int util_read_file(const char *path, size_t max, char **text, size_t *len);
/* The same for a zlib stream (gzopen, gzdopen: gzip unpacked, anything
 * else as it is), max counting unpacked bytes; errno EBADMSG when the
 * gzip data is bad or cut short (gzerror says which). */
struct gzFile_s;
int util_read_gz(struct gzFile_s *f, size_t max, char **text, size_t *len);

/* Open path to read, only if it is a regular file: O_NONBLOCK, so a
 * FIFO or a terminal never holds up the open, and fstat after it, so
 * what is read is what was checked; unless follow, not through a
 * symbolic link (O_NOFOLLOW).  The descriptor (blocking again), or -1:
 * with *what saying what path is instead ("a FIFO", "a symbolic link",
 * ...), or with *what NULL and errno set. */
int util_open_regular(const char *path, int follow, const char **what);

/* mkdir -p dir, new folders private (0700): what pith keeps names what
 * one reads.  0, or -1 with errno set. */
int util_mkdirs(const char *dir);

typedef enum {
	UTIL_WRITTEN = 0,
	UTIL_EXISTS = 1,       /* not written: the file exists */
	UTIL_FAILED = -1       /* not written: d->msg says why (strerror) */
} util_write_result;

/* util_write_file's flags. */
enum {
	UTIL_OVERWRITE = 1,    /* replace an existing file */
	UTIL_PRIVATE = 2,      /* 0600, whatever the umask: it names what one reads */
	UTIL_MKDIRS = 4        /* make the file's folder first (util_mkdirs) */
};

/* Write data to path atomically: a temporary file in the target's
 * directory, fsync, then rename, so a crash or a full disk never leaves
 * half a file where a whole one (or an older one) was.  Unless flags
 * has UTIL_OVERWRITE, an existing path is left alone (UTIL_EXISTS),
 * even if it appears while writing; the file is 0666 less the umask,
 * or with UTIL_PRIVATE 0600.  With UTIL_MKDIRS, a folder that cannot be
 * made fails with d->msg "cannot create DIR: why". */
util_write_result util_write_file(const char *path, const char *data, size_t len,
                                  int flags, diag *d);
/* The same for head then body in one file, without joining them in
 * memory first (a cache entry's header and its page). */
util_write_result util_write_parts(const char *path, const char *head, size_t hlen,
                                   const char *body, size_t blen, int flags,
                                   diag *d);

/* ------------------------------------------------------------- places */

/* $VAR/SUB for an absolute $VAR, else $HOME/FALLBACK/SUB: the XDG base
 * directories.  0, or -1 without a home or when out is too small. */
int util_xdg(const char *var, const char *fallback, const char *sub, char *out,
             size_t size);

/* path with a leading "~" or "~/" as $HOME into out: 0; -1 when it
 * starts so and HOME is not set, or when out is too small. */
int util_expand_home(const char *path, char *out, size_t size);

/* The host of an http(s) address, lower-case, without user or port and,
 * with drop_www, without a leading "www.": 0, or -1 when it has none
 * usable as a file name (letters, digits, '-' and '.', not first). */
int util_url_host(const char *url, int drop_www, char *host, size_t size);

/* Whether arg is an http or https address. */
int util_is_url(const char *arg);

/* ---------------------------------------------------------------- sizes */

/* "500", "500k", "20M", "1G" (also "20MB"): bytes; -1 if not a size. */
long long util_parse_size(const char *s);
/* "20 MB", "512 KB", "100 bytes": a size for messages. */
void util_format_size(size_t n, char *out, size_t size);

#endif
