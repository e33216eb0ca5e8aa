# tests/e2e/fetch.sh - fetching, encodings and the cache end to end,
# against a local HTTP server (python3, 127.0.0.1, a free port; it stops
# with the test).  Nothing here reaches past 127.0.0.1: proxies in the
# environment are dropped, and the proxy test's proxy is the local server.
# Encoding fixtures are made at test time by python3's codecs.
. tests/lib.sh

unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY \
    no_proxy NO_PROXY
short_tmp
srv= sock=$T/tmux.sock
trap 'if [ -n "$srv" ]; then kill "$srv" 2>/dev/null; fi
tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$T" "$T_REAL"' EXIT
trap 'exit 1' INT TERM
C=$XDG_CACHE_HOME/pith

# ------------------------------------------------------------- helpers

# show FILE [N]: FILE's first N bytes (300) on one line, for diagnostics.
show() {
	head -c "${2:-300}" "$1" 2>/dev/null |
	    awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }'
}

# same DESC FILE: the last run exited 0, quiet on stderr, and printed
# exactly FILE.
same() {
	if [ "$status" -ne 0 ] || [ -s "$T/err" ]; then
		not_ok "$1" "exit status $status" "stderr: $(show "$T/err")"
	elif cmp -s "$T/out" "$2"; then ok "$1"
	else not_ok "$1" "stdout differs from $(basename "$2")" \
	    "$(diff "$2" "$T/out" | show /dev/stdin 500)"; fi
}

# fails DESC STATUS LINE: exit STATUS, nothing on stdout, and stderr is
# exactly the one line LINE.
fails() {
	if [ "$status" -ne "$2" ]; then
		not_ok "$1" "exit status $status, expected $2" "stderr: $(show "$T/err")"
	elif [ -s "$T/out" ]; then
		not_ok "$1" "stdout not empty" "stdout: $(show "$T/out" 200)"
	elif [ "$(cat "$T/err")" != "$3" ]; then
		not_ok "$1" "stderr: $(show "$T/err")" "expected: $3"
	else ok "$1"; fi
}

# has DESC TEXT: the last run exited 0 and stdout contains TEXT.
has() {
	if [ "$status" -ne 0 ]; then
		not_ok "$1" "exit status $status" "stderr: $(show "$T/err")"
	else expect_out "$@"; fi
}

# requests: how many requests the server has logged so far.
requests() { wc -l <"$T/requests.log" | tr -d ' '; }

# last_request: the newest log line (path status if-none-match ims).
last_request() { tail -n 1 "$T/requests.log"; }

# logged DESC TEXT: the newest request line contains TEXT.
logged() {
	if last_request | grep -qF -- "$2"; then ok "$1"
	else not_ok "$1" "last request: $(last_request)" "expected: $2"; fi
}

# check DESC CMD...: one assertion on the exit status of a command.
check() {
	d=$1; shift
	if "$@" >"$T/check" 2>&1; then ok "$d"
	else not_ok "$d" "$(tail -n 3 "$T/check" | show /dev/stdin 400)"; fi
}

# ------------------------------------------------------------- fixtures

mkdir -p "$T/www/cs"
cat >"$T/fixtures.py" <<'EOF'
import os, sys

out = sys.argv[1]
# name: (encoding label, python codec, title, paragraph, paragraph)
texts = {
    "ru": ("windows-1251", "cp1251", "Новости столицы",
           "Москва — столица России, крупнейший по численности населения город страны и самый населённый из городов, полностью расположенных в Европе.",
           "Город расположен на реке Москве в центре Восточно-Европейской равнины, в междуречье Оки и Волги, и славится своими парками, театрами и музеями."),
    "pl": ("iso-8859-2", "iso8859_2", "Źródła wiedzy",
           "Źródła wiedzy są ważne: każdy uczeń powinien ćwiczyć się w czytaniu, a nauczyciel pomaga mu zrozumieć świat książek.",
           "Świat jest pełen książek, a ich lektura daje ogromną radość; w bibliotece można spędzić całe popołudnie i nie żałować ani chwili."),
    "cs": ("windows-1250", "cp1250", "Příliš žluťoučký kůň",
           "Příliš žluťoučký kůň úpěl ďábelské ódy, zatímco šťastný pes běžel po zelené louce až k řece.",
           "Česká republika leží ve střední Evropě a její hlavní město je Praha, kde žije přes milion obyvatel a stojí tam mnoho krásných kostelů."),
    "ja": ("shift_jis", "cp932", "日本語の記事",
           "日本語の文章を正しく読み取ることができるかどうかを確かめるための試験です。東京は日本の首都であり、多くの人々が暮らしています。",
           "春には桜が咲き、夏には祭りが開かれ、秋には紅葉が山を彩り、冬には雪が静かに降り積もります。四季の移り変わりは美しいものです。"),
    "ko": ("euc-kr", "cp949", "한국어 기사",
           "대한민국의 수도는 서울이며, 한국어는 한글로 적습니다. 이 문장은 인코딩을 올바르게 해석하는지 확인하기 위한 시험입니다.",
           "서울에는 많은 사람들이 살고 있으며, 봄에는 벚꽃이 피고 가을에는 단풍이 아름답게 물듭니다. 한강은 도시의 한가운데를 흐릅니다."),
    "zh": ("gb18030", "gb18030", "中文文章",
           "中华人民共和国的首都是北京。这段文字用于检验程序能否正确识别并转换国标编码的网页内容，每一个汉字都必须准确无误。",
           "长江是中国最长的河流，流经许多省份，最后注入东海。沿岸的城市历史悠久，风景优美，吸引了大量的游客前来参观。"),
    "de": ("utf-8", "utf-8", "Grüße aus Köln",
           "Grüße aus Köln — dieser Absatz enthält Umlaute wie ä, ö und ü sowie das Eszett ß, damit jede Umwandlung geprüft wird.",
           "Ελληνικά γράμματα και ένα πρόσωπο 😀 εμφανίζονται επίσης, ώστε τα ζεύγη υποκατάστατων να αποκωδικοποιούνται σωστά."),
    "fr": ("windows-1252", "cp1252", "Café crème",
           "Le café crème se boit à la française, près d’une fenêtre où l’on voit passer les piétons pressés du matin.",
           "À Noël, les rues s’illuminent et les enfants espèrent des cadeaux sous le sapin décoré avec soin — c’est la fête."),
}

def page(title, p1, p2, decl=""):
    return ("<!DOCTYPE html>\n<html><head>%s<title>%s</title></head>\n"
            "<body><nav><a href=\"/\">Home</a> <a href=\"/about\">About</a></nav>\n"
            "<article><p>%s</p>\n<p>%s</p></article>\n"
            "<footer>Footer</footer></body></html>\n" % (decl, title, p1, p2))

def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)

for name, (label, codec, title, p1, p2) in texts.items():
    write(name + ".expect", ("%s\n\n%s\n\n%s\n" % (title, p1, p2)).encode("utf-8"))
    write(name + ".label", label.encode())
    meta = '<meta charset="%s">' % label
    write(name + "-meta.html", page(title, p1, p2, meta).encode(codec))
    write(name + "-bare.html", page(title, p1, p2).encode(codec))
    write(name + "-equiv.html", page(title, p1, p2,
          '<meta http-equiv="Content-Type" content="text/html; charset=%s">' % label).encode(codec))

de = texts["de"]
for enc, codec in (("utf16le", "utf-16-le"), ("utf16be", "utf-16-be")):
    bom = "\ufeff".encode(codec)
    write(enc + "-bom.html", bom + page(*de[2:]).encode(codec))
    write(enc + "-bare.html", page(*de[2:]).encode(codec))
# A page that says UTF-8 and is windows-1252 (and a UTF-8 one with a BOM).
fr = texts["fr"]
write("fr-liar.html", page(*fr[2:], decl='<meta charset="utf-8">').encode("cp1252"))
write("utf8-bom.html", b"\xef\xbb\xbf" + page(*de[2:]).encode("utf-8"))
# UTF-8 with one broken byte in the second paragraph.
write("de-broken.html", page(*de[2:4], de[4].replace("γράμματα", "γράμ\udcffματα"),
      decl='<meta charset="utf-8">').encode("utf-8", "surrogateescape"))
write("de-broken.expect", ("%s\n\n%s\n\n%s\n" % (de[2], de[3],
      de[4].replace("γράμματα", "γράμ\ufffdματα"))).encode("utf-8"))
EOF
python3 "$T/fixtures.py" "$T/www/cs"

# ------------------------------------------------------------- the server

P1='The opening paragraph of the served article has many plain words in it, enough to be the article by any measure.'
P2='A second paragraph follows with more ordinary words, so that the span is dense and long and clearly the text.'
cat >"$T/www/page.html" <<EOF
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Served Article</title></head>
<body><nav><a href="/">Home</a></nav><article><p>$P1</p><p>$P2</p></article></body></html>
EOF
printf 'Served Article\n\n%s\n\n%s\n' "$P1" "$P2" >"$T/page.expect"

cat >"$T/server.py" <<'EOF'
import gzip, http.server, json, os, sys, time, urllib.parse

root, portfile, logfile = sys.argv[1], sys.argv[2], sys.argv[3]
page = open(os.path.join(root, "page.html"), "rb").read()
# 50 MB of zeros, 50 KB on the wire.
bomb = gzip.compress(b"<html><body><p>" + bytes(50 << 20), 6)

def article(title, text):
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>%s</title>"
            "</head><body><article><p>%s</p><p>This paragraph pads the article "
            "with plenty of ordinary words so that it is clearly the text.</p>"
            "</article></body></html>" % (title, text)).encode()

class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def log(self, code):
        with open(logfile, "a") as f:
            f.write("%s %d inm=%s ims=%s\n" % (self.path, code,
                    self.headers.get("If-None-Match", "-"),
                    self.headers.get("If-Modified-Since", "-")))

    def send(self, code, ctype, body, extra=(), length=True):
        self.log(code)
        self.send_response(code)
        if ctype:
            self.send_header("Content-Type", ctype)
        if length:
            self.send_header("Content-Length", str(len(body)))
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def drip(self, body, pause):
        self.log(200)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        for i in range(0, len(body), 64):
            self.wfile.write(body[i:i + 64])
            self.wfile.flush()
            time.sleep(pause)

    def do_GET(self):
        try:
            self.route()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route(self):
        u = urllib.parse.urlsplit(self.path)
        p, q = u.path, urllib.parse.parse_qs(u.query)
        if u.netloc:
            # A proxy's request: the absolute address.
            self.send(200, "text/html", article("Proxied", "Fetched through the proxy at " + u.netloc + " by way of the environment."))
        elif p == "/page.html":
            self.send(200, "text/html; charset=utf-8", page)
        elif p.startswith("/r/"):
            n = int(p[3:])
            self.send(302, "text/html", b"", [("Location", "/r/%d" % (n - 1) if n > 0 else "/page.html")])
        elif p == "/loop":
            self.send(302, "text/html", b"", [("Location", "/loop")])
        elif p == "/to-file":
            self.send(302, "text/html", b"", [("Location", "file:///etc/passwd")])
        elif p == "/404":
            self.send(404, "text/html", b"<p>gone</p>")
        elif p == "/500":
            self.send(500, "text/html", b"<p>broken</p>")
        elif p == "/418":
            self.send(418, "text/html", b"<p>tea</p>")
        elif p == "/slow":
            self.drip(page * 4, 0.25)
        elif p == "/slowish":
            self.drip(page, 0.2)
        elif p == "/big":
            self.send(200, "text/html", b"<p>" + b"x" * (200 << 10))
        elif p == "/huge":
            self.send(200, "text/html", b"<p>" + b"x" * (21 << 20))
        elif p == "/bomb":
            self.send(200, "text/html", bomb, [("Content-Encoding", "gzip")])
        elif p == "/gzip.html":
            self.send(200, "text/html; charset=utf-8", gzip.compress(page), [("Content-Encoding", "gzip")])
        elif p == "/notes.txt":
            self.send(200, "text/plain; charset=utf-8", "Plain notes\n\nThese notes have <b>no markup</b> & no tags,\n  only indented lines — and “quotes”.\n".encode())
        elif p == "/latin.txt":
            self.send(200, "text/plain", "Notes in Latin-1: café, naïve, über.\n".encode("latin-1"))
        elif p == "/doc.pdf":
            self.send(200, "application/pdf", b"%PDF-1.4\n" + bytes(100))
        elif p == "/empty":
            self.send(200, "text/html", b"")
        elif p == "/ua":
            self.send(200, "text/html", article("Agent", "The agent was [%s] on this request." % self.headers.get("User-Agent", "")))
        elif p == "/gate":
            if "consent=yes" in self.headers.get("Cookie", ""):
                self.send(200, "text/html", article("Behind the gate", "The cookie was kept from the consent page."))
            else:
                self.send(302, "text/html", b"", [("Location", "/consent")])
        elif p == "/consent":
            self.send(302, "text/html", b"", [("Location", "/gate"), ("Set-Cookie", "consent=yes; Path=/")])
        elif p == "/etag.html":
            v = open(os.path.join(root, "version")).read().strip()
            tag = '"%s"' % v
            if self.headers.get("If-None-Match") == tag:
                self.send(304, None, b"", [("ETag", tag)], length=False)
            else:
                self.send(200, "text/html; charset=utf-8", article("Version " + v, "This is version " + v + " of the page."), [("ETag", tag)])
        elif p == "/lm.html":
            lm = "Tue, 01 Jan 2030 00:00:00 GMT"
            if self.headers.get("If-Modified-Since") == lm:
                self.send(304, None, b"", length=False)
            else:
                self.send(200, "text/html; charset=utf-8", article("Dated", "This page was last modified long ago."), [("Last-Modified", lm)])
        elif p == "/flaky.html":
            mode = open(os.path.join(root, "flaky")).read().strip()
            if mode == "drop":
                self.log(0)
                self.close_connection = True
            elif mode == "503":
                self.send(503, "text/html", b"<p>down for maintenance</p>")
            elif mode == "404":
                self.send(404, "text/html", b"<p>gone</p>")
            else:
                self.send(200, "text/html; charset=utf-8", article("Flaky", "This page was fetched while the server was " + mode + "."))
        elif p == "/nostore.html":
            self.send(200, "text/html; charset=utf-8", article("Secret", "This page asks not to be stored anywhere."), [("Cache-Control", "private, no-store")])
        elif p.startswith("/a/"):
            self.send(200, "text/html; charset=utf-8", article("Page " + p[3:], "This is page " + p[3:] + " of several.") + b" " * 900)
        elif p.startswith("/cs/"):
            ctype = q.get("ct", ["text/html"])[0]
            with open(os.path.join(root, "cs", os.path.basename(p)), "rb") as f:
                self.send(200, ctype, f.read())
        else:
            self.send(404, "text/html", b"<p>not here</p>")

class S(http.server.ThreadingHTTPServer):
    daemon_threads = True

s = S(("127.0.0.1", 0), H)
with open(portfile + ".tmp", "w") as f:
    f.write(str(s.server_address[1]))
os.rename(portfile + ".tmp", portfile)
# Never outlive the test, even if its trap does not run.
s.timeout = 1
deadline = time.time() + 300
while time.time() < deadline:
    s.handle_request()
EOF
echo v1 >"$T/www/version"
: >"$T/requests.log"
python3 "$T/server.py" "$T/www" "$T/port" "$T/requests.log" 2>"$T/server.log" &
srv=$!
poll test -s "$T/port"
port=$(cat "$T/port" 2>/dev/null)
if [ -n "$port" ]; then ok "server: started on 127.0.0.1"
else not_ok "server: started on 127.0.0.1" "$(show "$T/server.log")"; exit 1; fi
u=http://127.0.0.1:$port
cs=$T/www/cs

# ------------------------------------------------------------- encodings

# Every legacy encoding: declared in <meta> (file and HTTP), in an
# http-equiv, in the HTTP header alone, and not at all (detected).
for f in ru pl cs ja ko zh; do
	run -d "$cs/$f-meta.html"
	same "charset $f: <meta charset>, file" "$cs/$f.expect"
	run -d "$cs/$f-equiv.html"
	same "charset $f: <meta http-equiv>, file" "$cs/$f.expect"
	run -d "$cs/$f-bare.html"
	same "charset $f: undeclared, file (detected)" "$cs/$f.expect"
	run -d "$u/cs/$f-meta.html"
	same "charset $f: <meta>, HTTP without charset" "$cs/$f.expect"
	lbl=$(cat "$cs/$f.label")
	run -d "$u/cs/$f-bare.html?ct=text/html;+charset=$lbl"
	same "charset $f: HTTP charset=$lbl only" "$cs/$f.expect"
	run -d "$u/cs/$f-bare.html"
	same "charset $f: undeclared over HTTP (detected)" "$cs/$f.expect"
done

# The header beats <meta>; an unknown label in it is ignored.
run -d "$u/cs/ru-meta.html?ct=text/html;+charset=no-such-thing"
same "charset: unknown HTTP label falls back to <meta>" "$cs/ru.expect"
run -d "$u/cs/pl-bare.html?ct=text/html;+charset=latin2"
same "charset: WHATWG label latin2 is ISO-8859-2" "$cs/pl.expect"
run -d "$u/cs/zh-bare.html?ct=text/html;+charset=gb2312"
same "charset: gb2312 decoded as GB18030" "$cs/zh.expect"
run -d "$u/cs/ja-bare.html?ct=text/html;+charset=x-sjis"
same "charset: x-sjis is Shift_JIS" "$cs/ja.expect"
run -d "$u/cs/fr-bare.html?ct=text/html;+charset=iso-8859-1"
same "charset: iso-8859-1 is windows-1252 (curly quotes, dash)" "$cs/fr.expect"

# UTF-16, with and without a byte order mark and a header.
for e in le be; do
	run -d "$cs/utf16$e-bom.html"
	same "utf-16$e: BOM, file" "$cs/de.expect"
	run -d "$u/cs/utf16$e-bom.html?ct=text/html;+charset=iso-8859-1"
	same "utf-16$e: BOM beats a wrong header" "$cs/de.expect"
	run -d "$u/cs/utf16$e-bare.html?ct=text/html;+charset=utf-16$e"
	same "utf-16$e: no BOM, HTTP charset=utf-16$e" "$cs/de.expect"
	run -d "$u/cs/utf16$e-bare.html"
	same "utf-16$e: no BOM, no header (detected)" "$cs/de.expect"
	run -d "$cs/utf16$e-bare.html"
	same "utf-16$e: no BOM, file (detected)" "$cs/de.expect"
done
run -d "$u/cs/utf16le-bare.html?ct=text/html;+charset=utf-16"
same "utf-16: the label utf-16 means little-endian" "$cs/de.expect"
run -d "$u/cs/utf8-bom.html?ct=text/html;+charset=windows-1251"
same "utf-8 BOM beats a windows-1251 header" "$cs/de.expect"

# Lies: declared UTF-8 but not, UTF-8 labelled as Latin-1.
run -d "$cs/fr-liar.html"
same "declared utf-8 but windows-1252: file" "$cs/fr.expect"
run -d "$u/cs/fr-liar.html"
same "declared utf-8 but windows-1252: HTTP" "$cs/fr.expect"
run -d "$u/cs/ru-bare.html?ct=text/html;+charset=utf-8"
same "HTTP says utf-8, page is windows-1251" "$cs/ru.expect"
run -d "$u/cs/de-meta.html?ct=text/html;+charset=iso-8859-1"
same "HTTP says iso-8859-1, page is UTF-8" "$cs/de.expect"
run -d "$u/cs/ja-meta.html?ct=text/html;+charset=utf-8"
same "HTTP says utf-8, page is Shift_JIS" "$cs/ja.expect"
# A broken byte shows as U+FFFD; nothing around it is lost.
run -d "$cs/de-broken.html"
same "a malformed byte becomes U+FFFD in place" "$cs/de-broken.expect"

# Standard input goes through the same decision.
run_in "$cs/ja-meta.html" -d
same "stdin: Shift_JIS by <meta>" "$cs/ja.expect"
run_in "$cs/ko-bare.html" -d -
same "stdin: EUC-KR detected" "$cs/ko.expect"
run_in "$cs/utf16be-bom.html" -d
same "stdin: UTF-16BE by BOM" "$cs/de.expect"
run_in "$cs/fr-liar.html" -d
same "stdin: declared utf-8 but windows-1252" "$cs/fr.expect"

# ------------------------------------------------------------- content types

run -d "$u/notes.txt"
printf 'notes.txt\n\nPlain notes\n\nThese notes have <b>no markup</b> & no tags,\n  only indented lines — and “quotes”.\n' >"$T/notes.expect"
same "text/plain: shown as text, markup-like text kept literally" "$T/notes.expect"
run -d "$u/latin.txt"
has "text/plain without charset: Latin-1 detected" "Notes in Latin-1: café, naïve, über."
run -d "$u/doc.pdf"
fails "application/pdf refused, type named" 3 "pith: $u/doc.pdf: not a web page (application/pdf)"
run -d "$u/gzip.html"
same "gzip Content-Encoding decoded" "$T/page.expect"
run -d "$u/empty"
check "an empty page: no article (exit 1)" test "$status" -eq 1

# ------------------------------------------------------------- HTTP errors

run -d "$u/404"
fails "404: status and reason, exit 3" 3 "pith: 404 Not Found: $u/404"
run -d "$u/500"
fails "500: status and reason, exit 3" 3 "pith: 500 Internal Server Error: $u/500"
run -d "$u/418"
fails "418: the server's own reason phrase" 3 "pith: 418 I'm a Teapot: $u/418"

# ------------------------------------------------------------- redirects

run -d -f json "$u/r/3"
check "redirects: a chain of 4 followed" python3 -c 'import json, sys
o = json.load(open(sys.argv[1]))
sys.exit(0 if o["url"] == sys.argv[2] else "url: %r" % o["url"])' "$T/out" "$u/page.html"
run -d "$u/r/9"
same "redirects: 10 are allowed" "$T/page.expect"
run -d "$u/r/10"
fails "redirects: 11 are refused" 3 "pith: $u/r/10: more than 10 redirects"
run -d "$u/loop"
fails "redirects: a loop ends" 3 "pith: $u/loop: more than 10 redirects"
run -d "$u/to-file"
fails "redirects: file:///etc/passwd refused" 3 \
    "pith: $u/to-file: refusing a redirect to file:///etc/passwd (only http and https)"
run -d file:///etc/passwd
fails "file:// refused outright" 3 "pith: file:///etc/passwd: only http and https addresses are supported"
run -d gopher://127.0.0.1/
fails "gopher:// refused outright" 3 "pith: gopher://127.0.0.1/: only http and https addresses are supported"

# ------------------------------------------------------------- limits

t0=$(date +%s)
run -d --timeout 2 "$u/slow"
t1=$(date +%s)
fails "--timeout: a slow drip stops" 3 "pith: $u/slow: timed out after 2 s (see --timeout)"
check "--timeout: within about 2 s" test $((t1 - t0)) -le 5
# One SIGINT, as a terminal's Ctrl-C sends, once the download is under
# way (the server has logged the request), however slow the machine.
cat >"$T/sigint.py" <<'EOF'
import signal, subprocess, sys, time
def requests():
    with open(sys.argv[3]) as f:
        return sum(1 for line in f if line.startswith("/slow "))
before = requests()
with open(sys.argv[1], "wb") as out, open(sys.argv[2], "wb") as err:
    p = subprocess.Popen(sys.argv[4:], stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    end = time.monotonic() + 15
    while requests() == before and p.poll() is None and time.monotonic() < end:
        time.sleep(0.05)
    p.send_signal(signal.SIGINT)
    sys.exit(p.wait(timeout=20))
EOF
timeout 20 python3 "$T/sigint.py" "$T/out" "$T/err" "$T/requests.log" "$PITH" -d "$u/slow"
status=$?
fails "Ctrl-C cancels a download" 3 "pith: $u/slow: cancelled"
run -d --max-size 100k "$u/big"
fails "--max-size: a body over the limit" 3 "pith: $u/big: larger than 100 KB (see --max-size)"
run -d "$u/huge"
fails "max size: 20 MB by default" 3 "pith: $u/huge: larger than 20 MB (see --max-size)"
run -d "$u/bomb"
fails "max size: a gzip bomb stops at 20 MB decompressed" 3 "pith: $u/bomb: larger than 20 MB (see --max-size)"
run -d --max-size 1M "$u/bomb"
fails "max size: the gzip bomb at --max-size 1M" 3 "pith: $u/bomb: larger than 1 MB (see --max-size)"
printf '<p>%0300d</p>' 0 >"$T/small.html"
run -d --max-size 100 "$T/small.html"
fails "--max-size applies to files too" 3 "pith: $T/small.html: larger than 100 bytes"

# ------------------------------------------------------------- the session

run -d "$u/ua"
has "User-Agent: pith's own by default" "The agent was [pith/"
run -d --user-agent "TestAgent/1.0 (test)" "$u/ua"
has "--user-agent is sent" "The agent was [TestAgent/1.0 (test)]"
run -d "$u/gate"
has "cookies: kept across a consent redirect" "The cookie was kept from the consent page."
http_proxy=$u timeout 20 "$PITH" -d http://pith-test.invalid/story >"$T/out" 2>"$T/err" </dev/null
status=$?
has "proxy: http_proxy is honoured" "Fetched through the proxy at pith-test.invalid"

# ------------------------------------------------------------- the cache

# ETag: the second visit revalidates and gets 304.
n0=$(requests)
run -d "$u/etag.html"
has "cache: first fetch" "This is version v1 of the page."
logged "cache: first fetch is unconditional" "/etag.html 200 inm=-"
check "cache: an entry is written" test "$(ls "$C" | wc -l)" -ge 1
run -d "$u/etag.html"
has "cache: 304 gives the cached page" "This is version v1 of the page."
logged "cache: revalidated with If-None-Match" '/etag.html 304 inm="v1"'
echo v2 >"$T/www/version"
run -d "$u/etag.html"
has "cache: a changed page replaces the entry" "This is version v2 of the page."
logged "cache: changed page came as 200" '/etag.html 200 inm="v1"'
run -d --reload "$u/etag.html"
has "--reload: the page" "This is version v2 of the page."
logged "--reload: no validators sent" "/etag.html 200 inm=-"
# Last-Modified.
run -d "$u/lm.html"
run -d "$u/lm.html"
has "cache: Last-Modified round trip" "This page was last modified long ago."
logged "cache: revalidated with If-Modified-Since" "/lm.html 304 inm=- ims=Tue, 01 Jan 2030 00:00:00 GMT"

# The network or the server failing: the cached copy, said on stderr.
# The page itself gone (404), or --reload: no copy.
echo up >"$T/www/flaky"
run -d "$u/flaky.html"
has "flaky: first fetch" "fetched while the server was up"
echo 503 >"$T/www/flaky"
run -d "$u/flaky.html"
has "flaky: a 5xx shows the cached copy" "fetched while the server was up"
if [ "$(cat "$T/err")" = "$(printf 'pith: 503 Service Unavailable: %s\npith: %s: showing the copy from the cache' "$u/flaky.html" "$u/flaky.html")" ]
then ok "flaky: the error and the fallback are said"
else not_ok "flaky: the error and the fallback are said" "stderr: $(show "$T/err")"; fi
echo drop >"$T/www/flaky"
run -d "$u/flaky.html"
has "flaky: no answer at all shows the cached copy" "fetched while the server was up"
expect_err "flaky: the empty reply is said" "showing the copy from the cache"
run -d --reload "$u/flaky.html"
check "flaky: --reload never falls back" test "$status" -eq 3
echo 404 >"$T/www/flaky"
run -d "$u/flaky.html"
fails "flaky: a page gone is gone, cached or not" 3 "pith: 404 Not Found: $u/flaky.html"
echo up >"$T/www/flaky"

# --offline: the cache only.
n1=$(requests)
run -d --offline "$u/etag.html"
has "--offline: a cached page" "This is version v2 of the page."
run -d --offline "$u/r/4"
fails "--offline: a redirect never followed is not cached" 3 "pith: $u/r/4: not in the cache (--offline)"
run -d "$u/r/2"
run -d --offline -f json "$u/r/2"
check "--offline: a redirected page keeps its final address" python3 -c 'import json, sys
o = json.load(open(sys.argv[1]))
sys.exit(0 if o["url"] == sys.argv[2] else "url: %r" % o["url"])' "$T/out" "$u/page.html"
n2=$(requests)
check "--offline: no request reached the server" test "$n2" -eq $((n1 + 4))
run -d --offline "$u/never-seen"
fails "--offline: a page not cached" 3 "pith: $u/never-seen: not in the cache (--offline)"
run -d --offline --reload "$u/etag.html"
fails "--offline with --reload: usage error" 2 "pith: --reload and --offline exclude each other (see pith --help)"
# no-store is honoured.
run -d "$u/nostore.html"
has "no-store: page shown" "This page asks not to be stored anywhere."
run -d --offline "$u/nostore.html"
fails "no-store: not cached" 3 "pith: $u/nostore.html: not in the cache (--offline)"

# A corrupt entry is discarded, never fatal.
for f in "$C"/*; do printf 'pith-cache 1\ngarbage' >"$f"; done
run -d --offline "$u/etag.html"
fails "corrupt entry: --offline treats it as absent" 3 "pith: $u/etag.html: not in the cache (--offline)"
run -d "$u/lm.html"
has "corrupt entry: fetched anew" "This page was last modified long ago."
logged "corrupt entry: no validators from it" "/lm.html 200 inm=- ims=-"
run -d --offline "$u/lm.html"
has "corrupt entry: replaced by a good one" "This page was last modified long ago."
check "cache: no temporary files left" test -z "$(ls -A "$C" | grep '^\.')"

# Bounded: the oldest entries go.
rm -rf "$C"
for p in one two three four; do run -d --cache-size 3k "$u/a/$p"; done
check "--cache-size: the cache stays under the bound" test "$(cat "$C"/* | wc -c)" -le 3072
run -d --offline "$u/a/one"
check "--cache-size: the oldest entry was evicted" test "$status" -eq 3
run -d --offline "$u/a/four"
has "--cache-size: the newest entry stays" "This is page four of several."
rm -rf "$C"
run -d --cache-size 0 "$u/page.html"
check "--cache-size 0: nothing written" test ! -e "$C"
# Without XDG_CACHE_HOME: ~/.cache/pith.
mkdir -p "$T/home"
env -u XDG_CACHE_HOME HOME="$T/home" timeout 20 "$PITH" -d "$u/page.html" >"$T/out" 2>"$T/err"
check "cache: ~/.cache/pith without XDG_CACHE_HOME" test -n "$(ls "$T/home/.cache/pith")"
# An unwritable cache is said, not fatal.
rm -rf "$C"
mkdir -p "$XDG_CACHE_HOME"
: >"$C"
run -d "$u/page.html"
if [ "$status" -eq 0 ] && cmp -s "$T/out" "$T/page.expect" && grep -q "^pith: cache: " "$T/err"
then ok "cache: a cache that cannot be written is reported, the page shown"
else not_ok "cache: a cache that cannot be written is reported, the page shown" "exit $status" "stderr: $(show "$T/err")"; fi
rm -f "$C"

# ------------------------------------------------------------- usage

usage() {
	d=$1; m=$2; shift 2
	run "$@"
	fails "usage: $d" 2 "pith: $m (see pith --help)"
}
usage "--timeout 0" "bad timeout '0' (seconds, 1 to 86400)" --timeout 0 "$u/page.html"
usage "--timeout x" "bad timeout 'x' (seconds, 1 to 86400)" --timeout x "$u/page.html"
usage "--max-size 0" "bad size '0'" --max-size 0 "$u/page.html"
usage "--max-size 5q" "bad size '5q'" --max-size 5q "$u/page.html"
usage "--cache-size -1" "bad size '-1'" --cache-size -1 "$u/page.html"
# The message stays one line: the newline is shown escaped.
usage "--user-agent with a newline" "bad user agent 'a\\x0ab'" --user-agent 'a
b' "$u/page.html"
run --help
missing=
for o in --timeout --max-size --user-agent --reload --offline --cache-size; do
	grep -qe " $o[ ,]" "$T/out" || missing="$missing $o"
done
check "--help names the fetching options" test -z "$missing"

# ------------------------------------------------------------- progress

# With stderr on a terminal, a progress line that is cleared at the end;
# piped (every run above), none.
cat >"$T/ptyrun.py" <<'EOF'
import os, pty, subprocess, sys
m, s = pty.openpty()
with open(sys.argv[1], "wb") as out:
    p = subprocess.Popen(sys.argv[3:], stdin=subprocess.DEVNULL, stdout=out, stderr=s)
    os.close(s)
    err = b""
    while True:
        try:
            b = os.read(m, 4096)
        except OSError:
            break
        if not b:
            break
        err += b
    p.wait(timeout=20)
open(sys.argv[2], "wb").write(err)
sys.exit(p.returncode)
EOF
timeout 20 python3 "$T/ptyrun.py" "$T/out" "$T/err" "$PITH" -d "$u/slowish"
status=$?
if [ "$status" -eq 0 ] && cmp -s "$T/out" "$T/page.expect" && grep -q '/s' "$T/err" &&
    python3 -c 'import sys; e = open(sys.argv[1], "rb").read(); sys.exit(0 if e.endswith(b"\r\x1b[K") and b"\n" not in e else 1)' "$T/err"
then ok "progress: shown on a terminal's stderr, then cleared"
else not_ok "progress: shown on a terminal's stderr, then cleared" "exit $status" "stderr: $(od -c "$T/err" | head -n 5 | show /dev/stdin)"; fi

# The reader: progress in its message line, q cancels the download.
if command -v tmux >/dev/null 2>&1; then
	tm() { tmux -f /dev/null -S "$sock" "$@"; }
	# rshows TEXT: the screen, captured now into $T/screen, shows TEXT.
	rshows() {
		tm capture-pane -p -t pith >"$T/screen" 2>/dev/null
		grep -q "$1" "$T/screen"
	}
	# rwait TEXT: until the screen shows TEXT.
	rwait() { poll rshows "$1"; }
	# rquit: q, then until pith has exited.
	rquit() {
		tm send-keys -t pith q
		poll test -f "$T/rstatus"
	}
	{
		echo "export TERM=xterm-256color LANG=C.UTF-8 HOME='$T/home'"
		echo "export XDG_CONFIG_HOME='$T/cfg' XDG_CACHE_HOME='$XDG_CACHE_HOME'"
		echo "'$PITH' '$u/slow' 2>'$T/rstderr'"
		echo "echo \$? >'$T/rstatus.tmp' && mv '$T/rstatus.tmp' '$T/rstatus'"
	} >"$T/reader.sh"
	tm new-session -d -s pith -x 100 -y 24 "sh '$T/reader.sh'"
	rwait "q cancels"
	if grep -q "loading .*/s (q cancels)" "$T/screen"; then ok "reader: download progress in the message line"
	else not_ok "reader: download progress in the message line" "$(cat "$T/screen")"; fi
	# The status line (second to last) shows bytes and rate at its right.
	if tail -n 2 "$T/screen" | head -n 1 | grep -qE "[0-9.]+ ?[kMG]?(B|bytes)  +[0-9.]+ ?[kMG]?(B|bytes)/s *$"
	then ok "reader: bytes and rate in the status line"
	else not_ok "reader: bytes and rate in the status line" "$(tail -n 2 "$T/screen")"; fi
	rquit
	if [ "$(cat "$T/rstatus" 2>/dev/null)" = 3 ] && grep -q "cancelled" "$T/rstderr"
	then ok "reader: q cancels the download"
	else not_ok "reader: q cancels the download" "status $(cat "$T/rstatus" 2>/dev/null)" "stderr: $(show "$T/rstderr")"; fi
	tm kill-server 2>/dev/null || :

	# A resize under a download lays the page out again (when q comes,
	# the key that shows it); q there is the download's: it cancels the
	# download, not pith, and the page is laid out whole.  Each look at
	# the keys waits 0.15 s (PITH_TEST_LAYOUT_PAUSE), so the page's
	# layout takes 3 s.
	python3 -c 'import sys; sys.stdout.write("<html><head><title>Long</title></head><body><article><h1>Long</h1><p>A paragraph with the word MARKER, then a long block of lines.</p><pre>" + "".join("line %d\n" % i for i in range(20000)) + "</pre></article></body></html>")' >"$T/long.html"
	sed -e "s|'$u/slow'|'$T/long.html'|" -e "1s|\$| PITH_TEST_LAYOUT_PAUSE=150|" "$T/reader.sh" >"$T/reader4.sh"
	rm -f "$T/rstatus"
	tm new-session -d -s pith -x 100 -y 24 "sh '$T/reader4.sh'"
	rwait "MARKER"
	tm send-keys -t pith o C-u "$u/slow" Enter
	rwait "q cancels"
	tm resize-window -t pith -x 60 -y 24
	tm send-keys -t pith q
	rwait "cancelled"
	sleep 1
	if [ ! -f "$T/rstatus" ] && rshows "MARKER" && ! grep -q "in part" "$T/screen"
	then ok "reader: q under a download's resize cancels the download, and the page is whole"
	else not_ok "reader: q under a download's resize cancels the download, and the page is whole" "status $(cat "$T/rstatus" 2>/dev/null)" "$(cat "$T/screen")"; fi
	rquit
	tm kill-server 2>/dev/null || :

	# r in the reader fetches anew, past the cache.
	run -d "$u/etag.html"
	rm -f "$T/rstatus"
	sed "s|'$u/slow'|'$u/etag.html'|" "$T/reader.sh" >"$T/reader2.sh"
	tm new-session -d -s pith -x 100 -y 24 "sh '$T/reader2.sh'"
	rwait "This is version"
	before=$(last_request)
	tm send-keys -t pith r
	rwait "reloaded"
	if echo "$before" | grep -qF '/etag.html 304 inm="v2"' &&
	    last_request | grep -qF "/etag.html 200 inm=-"
	then ok "reader: opening revalidates, r reloads past the cache"
	else not_ok "reader: opening revalidates, r reloads past the cache" "before r: $before" "after r: $(last_request)"; fi
	rquit
	tm kill-server 2>/dev/null || :

	# The server down: the reader shows the cached copy and says so.
	run -d "$u/flaky.html"
	echo 503 >"$T/www/flaky"
	rm -f "$T/rstatus"
	sed "s|'$u/slow'|'$u/flaky.html'|" "$T/reader.sh" >"$T/reader3.sh"
	tm new-session -d -s pith -x 100 -y 24 "sh '$T/reader3.sh'"
	rwait "showing the copy"
	if grep -q "fetched while the server was up" "$T/screen" &&
	    grep -q "flaky.html: showing the copy from the cache" "$T/screen"
	then ok "reader: the server down, the cached copy with a warning"
	else not_ok "reader: the server down, the cached copy with a warning" "$(cat "$T/screen")"; fi
	rquit
	tm kill-server 2>/dev/null || :
	echo up >"$T/www/flaky"
else
	ok "reader: the server down # SKIP tmux not installed"
	ok "reader: download progress # SKIP tmux not installed"
	ok "reader: q cancels # SKIP tmux not installed"
	ok "reader: q under a resize cancels # SKIP tmux not installed"
	ok "reader: r reloads # SKIP tmux not installed"
fi
