/*
 * batch.c - `pith batch`: many pages in one process.
 *
 * Three kinds of thread share a ring of `window` jobs:
 *   the main thread reads inputs (files, directories, a list of paths on
 *     stdin, WARC records) and puts each page's raw bytes in the next
 *     slot, waiting while the ring is full;
 *   N workers take slots in order and turn bytes into a finished record
 *     (charset, parse, extract, JSON or text);
 *   one writer prints the records in input order, as each next one is
 *     done, and frees its slot.
 * So at most `window` pages, and at most BATCH_BYTES_PER_WORKER bytes of
 * pages per worker (but always one page), are in memory at any time,
 * whatever the run's length, and the output order is the input order
 * for any N.
 *
 * Workers call only the core (no globals), input_decode, output_json /
 * output_write and jansson: nothing that prints or keeps static state.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <jansson.h>
#include <zlib.h>
#include "batch.h"
#include "charset.h"
#include "cmd.h"
#include "sitetpl.h"
#include "warc.h"

/* Deeper directories than this are not entered (a loop, or a mistake). */
#define BATCH_MAX_DEPTH 64
/* Ring slots per worker: room for a slow page while the others go on. */
#define BATCH_SLOTS_PER_WORKER 16
/* The pages in the ring, by their bytes: 16 pages of 60 MB behind a slow
 * one held a gigabyte. */
#define BATCH_BYTES_PER_WORKER ((size_t)64 << 20)

typedef struct {
	char *id;          /* the path, or the WARC record's id */
	char *url;         /* WARC-Target-URI, else NULL */
	char *ctype;       /* the HTTP Content-Type, else NULL */
	char *data;        /* the page as read (NULL after the worker) */
	size_t len;
	char *out;         /* the finished record (NULL: nothing to print) */
	size_t outlen;
	long long disk;    /* input bytes it accounts for, for the ETA */
	int failed;        /* an error record; why says what went wrong */
	int done;
	char why[300];     /* set by the reader: no page to work on */
} batch_job;

typedef struct {
	/* Settings: read-only once the threads run. */
	const char *algorithm;
	const pith_params *params;
	unsigned text_flags;
	int text;          /* -f text rather than JSON lines */
	int tty_out;       /* stdout is a terminal: filter what reaches it */
	int warc;          /* --warc: inputs, and "-", are WARC */
	int progress;      /* draw the progress line on stderr */
	size_t max;        /* the page size limit */

	pthread_mutex_t mu;
	pthread_cond_t more;    /* workers: a job to take, or the end */
	pthread_cond_t room;    /* reader: a slot was freed, or output broke */
	pthread_cond_t ready;   /* writer: the next record may be done */
	batch_job *ring;
	size_t window;
	unsigned long long put, taken, written;
	size_t held, held_max;  /* bytes of the pages in the ring, and the bound */
	int closed;             /* the reader is finished */
	int broken;             /* stdout failed: stop reading */
	int werrno;             /* why it failed */

	/* Counts, under mu; links and special files only by the reader. */
	unsigned long long pages, failed, skipped, bytes;
	unsigned long long links, special;
	long long disk_done, disk_total;
	double start, drawn_at;
	int drawn;
} batch;

static double
batch_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *
batch_strdup(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

static void
batch_job_free(batch_job *j)
{
	free(j->id);
	free(j->url);
	free(j->ctype);
	free(j->data);
	free(j->out);
	memset(j, 0, sizeof *j);
}

/* ------------------------------------------------------------- workers */

/* The record of a page that failed. */
static void
batch_fail(const batch *b, batch_job *j)
{
	json_t *o;

	j->failed = 1;
	if (b->text)
		return;   /* the writer says why on stderr */
	o = json_object();
	if (o == NULL || json_object_set_new(o, "id", output_jstr(j->id)) ||
	    json_object_set_new(o, "url", output_jstr(j->url)) ||
	    json_object_set_new(o, "error", output_jstr(j->why)) ||
	    (j->out = json_dumps(o, JSON_COMPACT |
	    (b->tty_out ? JSON_ENSURE_ASCII : 0))) == NULL)
		snprintf(j->why, sizeof j->why, "out of memory");
	json_decref(o);
}

/* The record of a page's article. */
static int
batch_record(const batch *b, batch_job *j, const pith_article *a)
{
	pith_error err = {0};
	diag d = {0};
	char *body = NULL;
	size_t len = 0;
	json_t *o, *art;
	int rc = -1;

	if (b->text) {
		FILE *f = open_memstream(&j->out, &j->outlen);

		if (f == NULL)
			return -1;
		rc = output_write(a, FORMAT_TEXT, 0, b->text_flags, f, &d);
		/* Records are separated by a line holding a form feed. */
		fputs("\f\n", f);
		if (fclose(f) != 0)
			rc = -1;
		if (rc != 0) {
			free(j->out);
			j->out = NULL;
		}
		return rc;
	}
	if (pith_article_text(a, b->text_flags, &body, &len, &err) != PITH_OK)
		return -1;
	/* "id" first, then exactly the fields of -d -f json. */
	art = output_json(a, body);
	o = json_object();
	if (art != NULL && o != NULL &&
	    json_object_set_new(o, "id", output_jstr(j->id)) == 0 &&
	    json_object_update(o, art) == 0 &&
	    (j->out = json_dumps(o, JSON_COMPACT |
	    (b->tty_out ? JSON_ENSURE_ASCII : 0))) != NULL)
		rc = 0;
	json_decref(art);
	json_decref(o);
	free(body);
	return rc;
}

static void
batch_process(const batch *b, batch_job *j)
{
	pith_parse_options popt = { .url = j->url };
	pith_error err = {0};
	pith_doc *doc = NULL;
	pith_article *art = NULL;
	/* The page's bytes become its HTML in place, as pith reads a page. */
	input in = { .data = j->data, .len = j->len, .content_type = j->ctype };
	diag d = {0};
	pith_code rc;

	if (j->why[0] != '\0') {
		batch_fail(b, j);
		return;
	}
	j->data = NULL;
	if (input_decode(&in, j->id, &d) != 0) {
		free(in.data);
		snprintf(j->why, sizeof j->why, "%.*s", (int)sizeof j->why - 1, d.msg);
		batch_fail(b, j);
		return;
	}
	rc = pith_doc_parse(in.data, in.len, &popt, &doc, &err);
	/* The document keeps what it needs: one copy of the page less while
	 * the article is made. */
	free(in.data);
	if (rc != PITH_OK)
		snprintf(j->why, sizeof j->why, "%s", err.msg);
	else if ((rc = pith_extract(doc, b->algorithm, b->params, &art, &err)) ==
	    PITH_ENOARTICLE)
		snprintf(j->why, sizeof j->why, "no article found (%s)", err.msg);
	else if (rc != PITH_OK)
		snprintf(j->why, sizeof j->why, "%s", err.msg);
	else if (batch_record(b, j, art) != 0)
		snprintf(j->why, sizeof j->why, "out of memory");
	if (j->why[0] != '\0')
		batch_fail(b, j);
	pith_article_free(art);
	pith_doc_free(doc);
}

static void *
batch_worker(void *arg)
{
	batch *b = arg;

	pthread_mutex_lock(&b->mu);
	for (;;) {
		unsigned long long seq;
		batch_job *j;

		while (b->taken == b->put && !b->closed)
			pthread_cond_wait(&b->more, &b->mu);
		if (b->taken == b->put)
			break;
		seq = b->taken++;
		j = &b->ring[seq % b->window];
		/* The slot is this worker's until done is set. */
		pthread_mutex_unlock(&b->mu);
		batch_process(b, j);
		pthread_mutex_lock(&b->mu);
		j->done = 1;
		if (seq == b->written)
			pthread_cond_signal(&b->ready);
	}
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

/* -------------------------------------------------------------- writer */

/* "1:05:09" or "4:07". */
static void
batch_clock(double s, char *out, size_t size)
{
	long t = s > 0 && s < 1e8 ? (long)(s + 0.5) : 0;

	if (t >= 3600)
		snprintf(out, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(out, size, "%ld:%02ld", t / 60, t % 60);
}

/* The progress line; called with mu held. */
static void
batch_draw(batch *b, double now)
{
	double el = now - b->start;
	char eta[48] = "";

	if (el <= 0)
		return;
	if (b->disk_total > 0 && b->disk_done > 0) {
		double left = (double)(b->disk_total - b->disk_done) /
		    ((double)b->disk_done / el);
		int pct = (int)(100.0 * (double)b->disk_done / (double)b->disk_total);
		char c[24];

		batch_clock(left, c, sizeof c);
		snprintf(eta, sizeof eta, "  %3d%%  ETA %s", pct > 100 ? 100 : pct, c);
	}
	fprintf(stderr, "\rpith: %llu pages  %.1f pages/s  %.1f MB/s%s\033[K",
	    b->pages, (double)b->pages / el, (double)b->bytes / el / 1e6, eta);
	fflush(stderr);
	b->drawn = 1;
	b->drawn_at = now;
}

static void
batch_undraw(batch *b)
{
	if (b->drawn) {
		fputs("\r\033[K", stderr);
		b->drawn = 0;
	}
}

static void *
batch_writer(void *arg)
{
	batch *b = arg;

	pthread_mutex_lock(&b->mu);
	for (;;) {
		batch_job j;
		batch_job *slot;
		int broken;

		for (;;) {
			slot = &b->ring[b->written % b->window];
			if ((b->written < b->put && slot->done) ||
			    (b->written == b->put && b->closed))
				break;
			if (b->progress) {
				struct timespec ts;
				double now = batch_now();

				if (now - b->drawn_at >= 0.2)
					batch_draw(b, now);
				clock_gettime(CLOCK_REALTIME, &ts);
				ts.tv_nsec += 200000000L;
				if (ts.tv_nsec >= 1000000000L) {
					ts.tv_sec++;
					ts.tv_nsec -= 1000000000L;
				}
				pthread_cond_timedwait(&b->ready, &b->mu, &ts);
			} else {
				pthread_cond_wait(&b->ready, &b->mu);
			}
		}
		if (b->written == b->put)
			break;
		j = *slot;
		memset(slot, 0, sizeof *slot);
		broken = b->broken;
		pthread_mutex_unlock(&b->mu);

		if (!broken && j.out != NULL) {
			if (b->text && b->tty_out)
				output_put_safe(j.out, strlen(j.out), stdout);
			else
				fputs(j.out, stdout);
			if (!b->text)
				putchar('\n');
			broken = ferror(stdout);
		}
		pthread_mutex_lock(&b->mu);
		if (broken && !b->broken) {
			/* Nobody reads what follows: tell the reader to stop. */
			b->werrno = errno;
			b->broken = 1;
			pthread_cond_broadcast(&b->room);
		}
		if (j.failed && b->text) {
			batch_undraw(b);
			fflush(stdout);
			report("%s: %s", j.id, j.why);
		}
		b->pages++;
		b->failed += (unsigned long long)j.failed;
		b->bytes += j.len;
		b->held -= j.len;
		/* Counted as written, not as read: the reader runs ahead. */
		b->disk_done += j.disk;
		b->written++;
		pthread_cond_signal(&b->room);
		pthread_mutex_unlock(&b->mu);
		batch_job_free(&j);
		pthread_mutex_lock(&b->mu);
	}
	if (b->progress)
		batch_undraw(b);
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

/* -------------------------------------------------------------- reader */

/* Hand a job to the workers; it is theirs then (or freed): 0, or -1 when
 * the output is broken and reading should stop. */
static int
batch_put(batch *b, batch_job *j)
{
	pthread_mutex_lock(&b->mu);
	/* A page bigger than the bound goes alone. */
	while (!b->broken && (b->put - b->written >= b->window ||
	    (b->held > 0 && b->held + j->len > b->held_max)))
		pthread_cond_wait(&b->room, &b->mu);
	if (b->broken) {
		pthread_mutex_unlock(&b->mu);
		batch_job_free(j);
		return -1;
	}
	b->ring[b->put % b->window] = *j;
	b->ring[b->put % b->window].done = 0;
	b->held += j->len;
	b->put++;
	pthread_cond_signal(&b->more);
	pthread_mutex_unlock(&b->mu);
	memset(j, 0, sizeof *j);
	return 0;
}

/* An error record for id, carried through the ring to keep its place. */
static int
batch_put_error(batch *b, const char *id, const char *url, const char *fmt,
                const char *arg)
{
	batch_job j = {0};

	j.id = batch_strdup(id);
	j.url = batch_strdup(url);
	snprintf(j.why, sizeof j.why, fmt, arg);
	if (j.why[0] == '\0')
		snprintf(j.why, sizeof j.why, "error");
	return batch_put(b, &j);
}

/* Every response and resource record of a WARC file that is an HTML
 * page; other records are passed over, non-HTML pages counted. */
static int
batch_warc(batch *b, const char *name, warc_reader *r)
{
	long long last = 0, off;
	unsigned long long nrec = 0;
	warc_record rec;
	diag d = {0};
	int rc;

	while ((rc = warc_next(r, &rec, b->max, &d)) > 0) {
		batch_job j = {0};
		char idbuf[64];
		int ok;

		nrec++;
		if (rec.type == NULL || (strcmp(rec.type, "response") != 0 &&
		    strcmp(rec.type, "resource") != 0)) {
			warc_record_free(&rec);
			continue;
		}
		if ((rec.http_status != 0 && (rec.http_status < 200 ||
		    rec.http_status > 299)) ||
		    charset_kind_of(rec.content_type) != CHARSET_HTML) {
			/* Redirects, errors, images, PDF: not pages to read. */
			pthread_mutex_lock(&b->mu);
			b->skipped++;
			pthread_mutex_unlock(&b->mu);
			warc_record_free(&rec);
			continue;
		}
		/* A record without an id is named by its place in the file. */
		snprintf(idbuf, sizeof idbuf, "#%llu", nrec);
		if (rec.record_id != NULL) {
			j.id = rec.record_id;
			rec.record_id = NULL;
		} else if ((j.id = malloc(strlen(name) + sizeof idbuf)) != NULL) {
			sprintf(j.id, "%s%s", name, idbuf);
		}
		j.url = rec.target_uri;
		j.ctype = rec.content_type;
		j.data = rec.body;
		j.len = rec.len;
		rec.target_uri = rec.content_type = rec.body = NULL;
		/* The file up to here, with the records passed over. */
		/* (-1 on a pipe, where no ETA is shown) */
		if ((off = warc_offset(r)) < last)
			off = last;
		j.disk = off - last;
		last = off;
		if (rec.error != NULL)
			snprintf(j.why, sizeof j.why, "%s", rec.error);
		else if (j.id == NULL)
			snprintf(j.why, sizeof j.why, "out of memory");
		warc_record_free(&rec);
		ok = batch_put(b, &j);
		if (ok != 0)
			return -1;
	}
	if (rc < 0) {
		char msg[sizeof d.msg + 32];

		snprintf(msg, sizeof msg, "WARC record %llu: %s", nrec + 1, d.msg);
		return batch_put_error(b, name, NULL, "%s", msg);
	}
	return 0;
}

/* Why reading f failed (errno, then zlib's error), as batch says it. */
static void
batch_read_error(gzFile f, size_t max, char *why, size_t size)
{
	int e = errno, ze;
	const char *m = gzerror(f, &ze);
	char s[32];

	if (e == EFBIG) {
		util_format_size(max, s, sizeof s);
		snprintf(why, size, "larger than %s", s);
	} else if (e == ENOMEM) {
		snprintf(why, size, "out of memory");
	} else if (ze == Z_BUF_ERROR) {
		snprintf(why, size, "truncated gzip data");
	} else {
		snprintf(why, size, "%s", ze != Z_OK && ze != Z_ERRNO ? m :
		    e != 0 ? strerror(e) : "cannot read");
	}
}

/* One file: a page (gzip or not), or a WARC file by its first bytes.
 * Only a regular file is read, and, unless follow, not through a
 * symbolic link: what a directory holds is not to send pith elsewhere
 * (/proc/self/environ) nor to hold it up (a FIFO). */
static int
batch_file(batch *b, const char *path, int follow)
{
	const char *what;
	int fd = util_open_regular(path, follow, &what);
	gzFile f = NULL;
	batch_job j = {0};
	long long size = 0;
	struct stat st;
	char head[5];
	int got, rc;

	if (fd < 0 && what != NULL)
		return batch_put_error(b, path, NULL, "%s, not a regular file", what);
	if (fd >= 0 && fstat(fd, &st) == 0)
		size = (long long)st.st_size;
	if (fd < 0 || (f = gzdopen(fd, "rb")) == NULL) {
		int e = errno;

		if (fd >= 0)
			close(fd);
		return batch_put_error(b, path, NULL, "%s", e != 0 ? strerror(e) :
		    "cannot open");
	}
	gzbuffer(f, 1 << 17);
	/* The first bytes say whether it is a WARC file. */
	errno = 0;
	got = gzread(f, head, sizeof head);
	if (got > 0 && (b->warc || warc_sniff(head, (size_t)got)) && gzrewind(f) == 0) {
		warc_reader *r = warc_from_gz(f);

		if (r == NULL) {
			gzclose(f);
			return batch_put_error(b, path, NULL, "%s", "out of memory");
		}
		rc = batch_warc(b, path, r);
		warc_close(r);
		return rc;
	}
	if ((j.id = strdup(path)) == NULL)
		snprintf(j.why, sizeof j.why, "out of memory");
	else if (got < 0 || gzrewind(f) != 0 ||
	    util_read_gz(f, b->max, &j.data, &j.len) != 0)
		batch_read_error(f, b->max, j.why, sizeof j.why);
	gzclose(f);
	if (b->warc && j.why[0] == '\0')
		snprintf(j.why, sizeof j.why, "not a WARC file");
	if (j.why[0] != '\0') {
		free(j.data);
		j.data = NULL;
		j.len = 0;
	}
	j.disk = size;
	return batch_put(b, &j);
}

/* What a directory holds that batch reads: pages and WARC files, gzipped
 * or not; everything else (truth files, images, dot files) is passed. */
static int
batch_wanted(const char *name)
{
	static const char *const ext[] = {
		".html", ".htm", ".xhtml", ".shtml", ".warc"
	};
	size_t n = strlen(name);

	if (name[0] == '.')
		return 0;
	if (n > 3 && strcasecmp(name + n - 3, ".gz") == 0)
		n -= 3;
	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
		size_t e = strlen(ext[i]);

		if (n > e && strncasecmp(name + n - e, ext[i], e) == 0)
			return 1;
	}
	return 0;
}

static int
batch_name_cmp(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int
batch_not_dot(const struct dirent *d)
{
	return strcmp(d->d_name, ".") != 0 && strcmp(d->d_name, "..") != 0;
}

/* What a walk passes over: a symbolic link (to a page or a folder), or
 * a FIFO, device or socket with a page's name.  Counted for the
 * summary, once (not in the ETA's pass). */
static void
batch_pass(batch *b, int link, int count)
{
	if (count)
		return;
	pthread_mutex_lock(&b->mu);
	if (link)
		b->links++;
	else
		b->special++;
	pthread_mutex_unlock(&b->mu);
}

/* A path from the command line or the list (top: links followed), or
 * one a walk found (top 0: lstat'ed by the walk, a directory or a
 * regular file): a directory is walked in name order (so a run's order
 * is the same each time), a file read.  count: only add up the sizes,
 * for the progress line's ETA. */
static int
batch_path(batch *b, const char *path, int depth, int top, int count)
{
	struct stat st;
	struct dirent **names = NULL;
	int n, rc = 0;

	if ((top ? stat(path, &st) : lstat(path, &st)) != 0) {
		if (count)
			return 0;
		return batch_put_error(b, path, NULL, "%s", strerror(errno));
	}
	if (!S_ISDIR(st.st_mode)) {
		if (count) {
			b->disk_total += st.st_size;
			return 0;
		}
		return batch_file(b, path, top);
	}
	if (depth > BATCH_MAX_DEPTH) {
		if (count)
			return 0;
		return batch_put_error(b, path, NULL, "%s", "directories nested too deep");
	}
	if ((n = scandir(path, &names, batch_not_dot, batch_name_cmp)) < 0) {
		if (count)
			return 0;
		return batch_put_error(b, path, NULL, "%s", strerror(errno));
	}
	for (int i = 0; i < n; i++) {
		size_t len = strlen(path) + strlen(names[i]->d_name) + 2;
		char *p = rc == 0 ? malloc(len) : NULL;
		struct stat cst;

		if (p != NULL) {
			int wanted = batch_wanted(names[i]->d_name);

			snprintf(p, len, "%s%s%s", path,
			    path[strlen(path) - 1] == '/' ? "" : "/", names[i]->d_name);
			/* Links are followed only when named, never in a walk. */
			if (lstat(p, &cst) != 0)
				;
			else if (S_ISLNK(cst.st_mode)) {
				if (wanted || (stat(p, &cst) == 0 && S_ISDIR(cst.st_mode)))
					batch_pass(b, 1, count);
			} else if (S_ISDIR(cst.st_mode) || (wanted && S_ISREG(cst.st_mode)))
				rc = batch_path(b, p, depth + 1, 0, count);
			else if (wanted)
				batch_pass(b, 0, count);
		} else if (rc == 0) {
			rc = batch_put_error(b, path, NULL, "%s", "out of memory");
		}
		free(p);
		free(names[i]);
	}
	free(names);
	return rc;
}

/* Paths on standard input, one a line. */
static int
batch_list(batch *b)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	while (rc == 0 && (n = getline(&line, &cap, stdin)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n > 0)
			rc = batch_path(b, line, 0, 1, 0);
	}
	if (rc == 0 && ferror(stdin)) {
		report("batch: cannot read the list of paths: %s", strerror(errno));
		rc = -2;
	}
	free(line);
	return rc;
}

/* A WARC stream on standard input (--warc -). */
static int
batch_stdin_warc(batch *b)
{
	diag d = {0};
	warc_reader *r = warc_open("-", &d);
	int rc;

	if (r == NULL)
		return batch_put_error(b, "-", NULL, "%s", d.msg);
	rc = batch_warc(b, "-", r);
	warc_close(r);
	return rc;
}

/* ---------------------------------------------------------------- main */

static const char batch_usage[] =
"usage: pith batch [-j N] [-a ALGO] [-t FILE] [-p NAME=VALUE] [-f jsonl|text]\n"
"                  [--warc] [--captions] [--strict] [--time-limit S]\n"
"                  [--max-size SIZE] [-q] [FILE|DIR|-]...\n"
"\n"
"Extracts the article of many pages in one process, in parallel, and\n"
"prints one record per page in input order.  FILE is a page (.html, or\n"
"gzipped) or a WARC file (.warc, .warc.gz: its HTML response records);\n"
"DIR is walked for such files in name order; - reads a list of paths,\n"
"one a line, from standard input (with --warc: a WARC stream).\n"
"\n"
"  -j, --jobs N            worker threads (default: the online CPUs)\n"
"  -a, --algorithm ALGO    extraction algorithm (default auto)\n"
"  -t, --template FILE     extract what the template FILE selects, as\n"
"                          pith -t does (-a template unless -a is given)\n"
"  -p, --param NAME=VALUE  set an algorithm parameter\n"
"  -f, --format FORMAT     jsonl (default): {\"id\",\"url\",\"title\",...,\n"
"                          \"text\"} a line, or {\"id\",\"url\",\"error\"};\n"
"                          text: each page as pith -d prints it, then a\n"
"                          line holding a form feed\n"
"      --warc              inputs are WARC; - is a WARC stream\n"
"      --captions          keep figure captions in the text\n"
"      --strict            exit 1 when any page failed\n"
"      --time-limit S      give up a page's extraction after S seconds\n"
"                          (10): an error record; 0: no limit\n"
"      --max-size SIZE     a larger page (decompressed) is an error record:\n"
"                          bytes or 500k, 50M, 1G (default 64M)\n"
"  -q, --quiet             no summary line on stderr\n"
"  -h, --help              show this help and exit\n"
"\n"
"A page that fails gives an error record and the run goes on; the\n"
"summary on stderr counts them.  Exit status: 0 every input was read and\n"
"every record written, 1 with --strict when some page failed, 2 usage\n"
"error, 3 the output or the list of paths could not be read or written.\n";

const cmd_entry cmd_batch_entry = { "batch", batch_main, batch_usage, "batch: " };

/* Read and parse the template FILE (as pith -t): NULL after saying
 * "FILE:N: why" on stderr. */
static pith_template *
batch_template(const char *path)
{
	pith_template *tpl;
	diag d = {0};

	if (sitetpl_load(path, &tpl, &d) != 0)
		report("batch: %s", d.msg);
	return tpl;
}

static const struct option batch_longopts[] = {
	{ "jobs", required_argument, NULL, 'j' },
	{ "algorithm", required_argument, NULL, 'a' },
	{ "param", required_argument, NULL, 'p' },
	{ "format", required_argument, NULL, 'f' },
	{ "warc", no_argument, NULL, 'W' },
	{ "captions", no_argument, NULL, 'C' },
	{ "strict", no_argument, NULL, 'S' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "time-limit", required_argument, NULL, 'T' },
	{ "max-size", required_argument, NULL, 'M' },
	{ "template", required_argument, NULL, 't' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* What the command line says besides the batch's settings. */
typedef struct {
	long jobs;
	const char *algorithm, *template;
	int strict, quiet;
	pith_params *params;
} batch_options;

/* One option: -1 to go on, else the exit status to stop with. */
static int
batch_option(int ch, const char *v, batch *b, batch_options *o)
{
	pith_error err = {0};
	char *end;
	long long n;
	double limit;

	switch (ch) {
	case 'j':
		errno = 0;
		o->jobs = strtol(v, &end, 10);
		if (end == v || *end != '\0' || errno != 0 || o->jobs < 1 || o->jobs > 1024)
			return cmd_usage(&cmd_batch_entry, "bad job count '%s' (1 to 1024)", v);
		break;
	case 'a':
		if (pith_algorithm_find(v) == NULL)
			return cmd_usage(&cmd_batch_entry, "unknown algorithm '%s'", v);
		/* Site statistics are per site, a batch's pages are not. */
		if (strcmp(v, "site") == 0)
			return cmd_usage(&cmd_batch_entry, "-a %s is for one page at a time "
			    "(pith -d)", v);
		o->algorithm = v;
		break;
	case 't': o->template = v; break;
	case 'W': b->warc = 1; break;
	case 'C': b->text_flags |= PITH_TEXT_CAPTIONS; break;
	case 'S': o->strict = 1; break;
	case 'q': o->quiet = 1; break;
	case 'M':
		if ((n = util_parse_size(v)) < 1)
			return cmd_usage(&cmd_batch_entry, "bad size '%s'", v);
		b->max = (size_t)n;
		break;
	case 'p':
		if (pith_params_assign(o->params, v, &err) != PITH_OK)
			return cmd_usage(&cmd_batch_entry, "%s", err.msg);
		break;
	case 'f':
		if (strcmp(v, "text") == 0)
			b->text = 1;
		else if (strcmp(v, "jsonl") == 0 || strcmp(v, "json") == 0)
			b->text = 0;
		else
			return cmd_usage(&cmd_batch_entry, "unknown format '%s' (jsonl or "
			    "text)", v);
		break;
	case 'T':
		if (input_time_limit(v, &limit) != 0)
			return cmd_usage(&cmd_batch_entry, "bad time limit '%s' (seconds, 0 "
			    "to 86400; 0: none)", v);
		pith_params_set_time_limit(o->params, limit);
		break;
	}
	return -1;
}

/* The command line into b and o: -1 to go on, else the exit status to
 * stop with. */
static int
batch_parse(int argc, char **argv, batch *b, batch_options *o)
{
	int ch, st, stdin_used = 0;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":j:a:t:p:f:qh", batch_longopts, NULL)) != -1) {
		if ((st = cmd_option(&cmd_batch_entry, ch, argv)) >= 0 ||
		    (st = batch_option(ch, optarg, b, o)) >= 0)
			return st;
	}
	for (int i = optind; i < argc; i++)
		if (strcmp(argv[i], "-") == 0 && stdin_used++)
			return cmd_usage(&cmd_batch_entry, "%s", "- given twice");
	/* -t asks for the template algorithm unless -a says otherwise; the
	 * site's own template (pith -d -a template) is one page's. */
	if (o->template != NULL && o->algorithm == NULL)
		o->algorithm = "template";
	if (o->algorithm != NULL && strcmp(o->algorithm, "template") == 0 &&
	    o->template == NULL)
		return cmd_usage(&cmd_batch_entry, "%s", "-a template needs a template: -t FILE");
	if (o->algorithm != NULL)
		b->algorithm = o->algorithm;
	if (optind == argc && isatty(STDIN_FILENO))
		return cmd_usage(&cmd_batch_entry, "%s", "no input given");
	return -1;
}

/* Tell the workers and the writer nothing more comes, and wait for
 * them. */
static void
batch_join(batch *b, pthread_t *workers, size_t started, const pthread_t *writer)
{
	pthread_mutex_lock(&b->mu);
	b->closed = 1;
	pthread_cond_broadcast(&b->more);
	pthread_cond_broadcast(&b->ready);
	pthread_mutex_unlock(&b->mu);
	for (size_t i = 0; i < started; i++)
		pthread_join(workers[i], NULL);
	if (writer != NULL)
		pthread_join(*writer, NULL);
}

/* The exit status of a finished run, and its summary on stderr. */
static int
batch_status(batch *b, int rc, const batch_options *o)
{
	double el = batch_now() - b->start;
	int status = 0;

	if (fflush(stdout) != 0 || ferror(stdout) || b->broken) {
		report("batch: cannot write the records: %s",
		    strerror(b->werrno != 0 ? b->werrno : errno != 0 ? errno : EIO));
		status = EXIT_INPUT;
	} else if (rc == -2) {
		status = EXIT_INPUT;
	} else if (o->strict && b->failed > 0) {
		status = 1;
	}
	if (!o->quiet) {
		char passed[160] = "";

		/* What the walk did not read, when it passed over anything. */
		if (b->links + b->special > 0)
			snprintf(passed, sizeof passed, ", passed over %llu symbolic "
			    "link%s and %llu FIFO%s, device%s or socket%s", b->links,
			    b->links == 1 ? "" : "s", b->special, b->special == 1 ? "" : "s",
			    b->special == 1 ? "" : "s", b->special == 1 ? "" : "s");
		report("batch: %llu pages, %llu failed, %llu skipped (not HTML)%s, "
		    "%.1f MB in %.2f s (%.1f pages/s, %.1f MB/s)", b->pages, b->failed,
		    b->skipped, passed, (double)b->bytes / 1e6, el,
		    el > 0 ? (double)b->pages / el : 0.0,
		    el > 0 ? (double)b->bytes / el / 1e6 : 0.0);
	}
	return status;
}

/* Read every input into the ring while the threads work: 0, or what
 * the readers return. */
static int
batch_run(batch *b, int argc, char **argv)
{
	int rc = 0;

	if (optind == argc)
		rc = b->warc ? batch_stdin_warc(b) : batch_list(b);
	for (int i = optind; rc == 0 && i < argc; i++)
		rc = strcmp(argv[i], "-") != 0 ? batch_path(b, argv[i], 0, 1, 0) :
		    b->warc ? batch_stdin_warc(b) : batch_list(b);
	return rc;
}

/* batch_main with the parameters it fills, so that every return frees
 * them. */
static int
batch_go(int argc, char **argv, pith_params *params)
{
	batch b;
	batch_options o = { .jobs = sysconf(_SC_NPROCESSORS_ONLN), .params = params };
	pthread_t *workers = NULL, writer;
	pith_template *tpl = NULL;
	int status = EXIT_INPUT;
	size_t started = 0;

	memset(&b, 0, sizeof b);
	b.algorithm = pith_algorithm_at(0)->name;
	b.params = o.params;
	b.max = INPUT_MAX_SIZE;
	if ((status = batch_parse(argc, argv, &b, &o)) >= 0)
		return status;
	if (o.template != NULL && (tpl = batch_template(o.template)) == NULL)
		return EXIT_USAGE;
	pith_params_set_template(o.params, tpl);
	if (o.jobs < 1)
		o.jobs = 1;

	b.tty_out = isatty(STDOUT_FILENO);
	b.progress = isatty(STDERR_FILENO);
	b.window = (size_t)o.jobs * BATCH_SLOTS_PER_WORKER;
	b.held_max = (size_t)o.jobs * BATCH_BYTES_PER_WORKER;
	if ((b.ring = calloc(b.window, sizeof *b.ring)) == NULL ||
	    (workers = calloc((size_t)o.jobs, sizeof *workers)) == NULL) {
		free(b.ring);
		pith_template_free(tpl);
		report("batch: out of memory");
		return EXIT_INPUT;
	}
	/* jansson seeds its hash function on first use; do it before the
	 * threads race to. */
	json_object_seed(0);
	pthread_mutex_init(&b.mu, NULL);
	pthread_cond_init(&b.more, NULL);
	pthread_cond_init(&b.room, NULL);
	pthread_cond_init(&b.ready, NULL);
	/* The ETA needs the total; stdin's list is not known in advance. */
	if (b.progress)
		for (int i = optind; i < argc; i++)
			if (strcmp(argv[i], "-") != 0)
				batch_path(&b, argv[i], 0, 1, 1);
	b.start = batch_now();
	for (; started < (size_t)o.jobs; started++)
		if (pthread_create(&workers[started], NULL, batch_worker, &b) != 0)
			break;
	if (started == 0 || pthread_create(&writer, NULL, batch_writer, &b) != 0) {
		report("batch: cannot start threads");
		batch_join(&b, workers, started, NULL);
	} else {
		int rc = batch_run(&b, argc, argv);

		batch_join(&b, workers, started, &writer);
		status = batch_status(&b, rc, &o);
	}
	pthread_mutex_destroy(&b.mu);
	pthread_cond_destroy(&b.more);
	pthread_cond_destroy(&b.room);
	pthread_cond_destroy(&b.ready);
	free(workers);
	free(b.ring);
	pith_template_free(tpl);
	return status;
}

int
batch_main(int argc, char **argv)
{
	pith_params *params = pith_params_new();
	int status;

	if (params == NULL) {
		report("batch: out of memory");
		return EXIT_INPUT;
	}
	status = batch_go(argc, argv, params);
	pith_params_free(params);
	return status;
}
