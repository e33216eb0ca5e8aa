# tests/hostile/libcurl.sh - the http/https-only rule must not depend on
# the installed libcurl (issue 17, item 2).  A libcurl older than 7.85
# refuses CURLOPT_PROTOCOLS_STR; this test builds a stand-in for one: a
# shim named libcurl.so.4, preloaded (LD_PRELOAD), so pith's dlopen finds
# it, which passes every call to the real libcurl but refuses the _STR
# options.  A local server then redirects to ftp:// on a port where a
# listener notes any connection: pith must refuse the redirect and never
# connect.
. tests/lib.sh

real=$(${CC:-cc} -print-file-name=libcurl.so.4 2>/dev/null)
case $real in
/*) ;;
*) real=$(ldconfig -p 2>/dev/null | awk '$1 == "libcurl.so.4" { print $NF; exit }') ;;
esac
if [ ! -f "$real" ] || ! command -v "${CC:-cc}" >/dev/null 2>&1; then
	echo "ok 1 - # SKIP no libcurl.so.4 or no C compiler"
	exit 0
fi

cat >"$T/shim.c" <<'EOF'
/* libcurl before 7.85, as far as pith can tell: the _STR protocol
 * options are unknown.  Everything else goes to the real library. */
#define CURL_DISABLE_TYPECHECK
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curl/curl.h>

static void *
real(const char *name)
{
	static void *lib;
	void *f;

	if (lib == NULL && (lib = dlopen(REAL, RTLD_NOW | RTLD_LOCAL)) == NULL)
		abort();
	if ((f = dlsym(lib, name)) == NULL)
		abort();
	return f;
}

#define FWD(ret, name, params, args) \
	ret name params { ret (*f) params; *(void **)&f = real(#name); return f args; }
FWD(CURLcode, curl_global_init, (long a), (a))
FWD(CURL *, curl_easy_init, (void), ())
FWD(CURLcode, curl_easy_perform, (CURL *c), (c))
FWD(const char *, curl_easy_strerror, (CURLcode e), (e))
FWD(struct curl_slist *, curl_slist_append, (struct curl_slist *l, const char *s), (l, s))
FWD(curl_version_info_data *, curl_version_info, (CURLversion v), (v))
void curl_global_cleanup(void) { void (*f)(void); *(void **)&f = real("curl_global_cleanup"); f(); }
void curl_easy_cleanup(CURL *c) { void (*f)(CURL *); *(void **)&f = real("curl_easy_cleanup"); f(c); }
void curl_easy_reset(CURL *c) { void (*f)(CURL *); *(void **)&f = real("curl_easy_reset"); f(c); }
void curl_slist_free_all(struct curl_slist *l) { void (*f)(struct curl_slist *); *(void **)&f = real("curl_slist_free_all"); f(l); }

CURLcode
curl_easy_getinfo(CURL *c, CURLINFO i, ...)
{
	CURLcode (*f)(CURL *, CURLINFO, ...);
	va_list ap;
	void *p;

	va_start(ap, i);
	p = va_arg(ap, void *);
	va_end(ap);
	*(void **)&f = real("curl_easy_getinfo");
	return f(c, i, p);
}

CURLcode
curl_easy_setopt(CURL *c, CURLoption o, ...)
{
	CURLcode (*f)(CURL *, CURLoption, ...);
	CURLcode rc;
	va_list ap;

	/* SHIM=ignore: every protocol option "works" and does nothing;
	 * SHIM=refuse: the bitmasks are refused too. */
	const char *mode = getenv("SHIM");
	int bits = o == CURLOPTTYPE_LONG + 181 || o == CURLOPTTYPE_LONG + 182;

	if (o == CURLOPT_PROTOCOLS_STR || o == CURLOPT_REDIR_PROTOCOLS_STR ||
	    (bits && mode != NULL)) {
		fprintf(stderr, "shim: refused option %d\n", (int)o);
		return mode != NULL && strcmp(mode, "ignore") == 0 ? CURLE_OK :
		    CURLE_UNKNOWN_OPTION;
	}
	*(void **)&f = real("curl_easy_setopt");
	va_start(ap, o);
	if (o < CURLOPTTYPE_OBJECTPOINT)
		rc = f(c, o, va_arg(ap, long));
	else if (o >= CURLOPTTYPE_OFF_T && o < CURLOPTTYPE_BLOB)
		rc = f(c, o, va_arg(ap, curl_off_t));
	else
		rc = f(c, o, va_arg(ap, void *));
	va_end(ap);
	return rc;
}
EOF
if ${CC:-cc} -shared -fPIC -o "$T/libcurl.so.4" -Wl,-soname,libcurl.so.4 \
    -DREAL="\"$real\"" "$T/shim.c" -ldl 2>"$T/cc.log"
then ok "shim: built"
else not_ok "shim: built" "$(head -n 5 "$T/cc.log")"; exit 0; fi

# A sanitized pith wants its runtime first; the shim comes before it.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS

cat >"$T/server.py" <<'EOF'
import http.server, os, socket, sys, threading

portfile, ftplog = sys.argv[1], sys.argv[2]
ftp = socket.socket()
ftp.bind(("127.0.0.1", 0))
ftp.listen(5)


def ftp_serve():
    # Note each connection and play a server that wants a login: enough
    # for libcurl to go on talking, and for the test to see it came.
    while True:
        c, _ = ftp.accept()
        with open(ftplog, "a") as f:
            f.write("connected\n")
        try:
            c.sendall(b"220 ready\r\n")
            c.settimeout(2)
            while c.recv(4096):
                c.sendall(b"530 no\r\n")
        except OSError:
            pass
        c.close()


threading.Thread(target=ftp_serve, daemon=True).start()
page = (b"<html><head><title>Fine</title></head><body><article>" +
        b"<p>An ordinary page with enough words in it to be an article, "
        b"said twice so that every algorithm keeps it.</p>" * 6 +
        b"</article></body></html>")


class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def do_GET(self):
        if self.path == "/to-ftp":
            self.send_response(302)
            self.send_header("Location", "ftp://127.0.0.1:%d/x.html" %
                             ftp.getsockname()[1])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)


s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
with open(portfile + ".tmp", "w") as f:
    f.write(str(s.server_address[1]))
os.rename(portfile + ".tmp", portfile)
s.serve_forever()
EOF
python3 "$T/server.py" "$T/port" "$T/ftp.log" 2>"$T/server.log" &
srv=$!
trap 'kill "$srv" 2>/dev/null; rm -rf "$T"' EXIT
poll test -s "$T/port"
u=http://127.0.0.1:$(cat "$T/port" 2>/dev/null)

shim() {
	LD_PRELOAD=$T/libcurl.so.4 timeout 20 "$PITH" "$@" \
	    >"$T/out" 2>"$T/err" </dev/null
	status=$?
}

shim -d "$u/page.html"
expect_status "shim: an ordinary page is fetched through it" 0
expect_err "shim: pith met the refusal" "shim: refused option"

shim -d "$u/to-ftp"
expect_status "shim: a redirect to ftp:// fails" 3
expect_err "shim: and says why" "refusing a redirect to ftp://127.0.0.1"
if [ -s "$T/ftp.log" ]; then
	not_ok "shim: the ftp port was never connected to" "$(cat "$T/ftp.log")"
else ok "shim: the ftp port was never connected to"; fi

# Without the shim, the same.
run -d "$u/to-ftp"
expect_err "a redirect to ftp:// fails with the installed libcurl" \
    "refusing a redirect to ftp://127.0.0.1"

# A libcurl that takes neither protocol option: no fetch at all.
SHIM=refuse shim -d "$u/page.html"
expect_status "shim: no protocol option taken: nothing fetched" 3
expect_err "shim: no protocol option taken: says which" "this libcurl refuses CURLOPT_PROTOCOLS"

# One that says yes and does nothing: the address where the transfer
# ended is checked after it.
: >"$T/ftp.log"
SHIM=ignore shim -d "$u/to-ftp"
expect_status "shim: options ignored: the redirect to ftp:// still fails" 3
expect_err "shim: options ignored: the address is checked after" \
    "refusing a redirect to ftp://127.0.0.1"
