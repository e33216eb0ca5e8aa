#!/usr/bin/env python3
"""tests/hostile/hostile.py - the hostile suite (see run.sh).

Each case is a page generated into a scratch directory (nothing big is
committed).  pith reads it with -d in every format, and each run must:
  - exit with one of the case's statuses, never by a signal, and
    without a sanitizer report;
  - finish within TIME_LIMIT seconds, plus TIME_PER_MB for each MB;
  - peak below BASE_RSS + RSS_FACTOR x the page's size (measured with
    wait4, the child's own peak);
  - print no C0 control but newline and tab, no DEL, no C1 (as a
    character or as a raw byte) - in JSON, after decoding escapes -
    and the same on stderr.
When stdout is a terminal (a pty here) the dump must also drop bidi
overrides, embeddings and isolates; the reader is checked in tmux.
Prints TAP; a comment per case gives its times and peak memory.
"""
import gzip
import json
import os
import pty
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tty

PITH = os.environ["PITH"]
MB = 1 << 20

with open(PITH, "rb") as f:
    SANITIZED = b"__asan_init" in f.read()
# Seconds per run, and peak memory: what a small page needs, some slack,
# and a multiple of the input.  Memory is linear in the page: measured on
# a plain build, 50 MB of text in one node peaks at 6.6 times its size
# (-f text), a 10 MB line at 8.5, a 1.2 MB page of links at 31 MB (pages
# whose tokens are built, for MSS, cost more, up to about 36 times).
# ASan's shadow memory, redzones and quarantine (freed blocks kept, up
# to 256 MB) need more of both; the bound then still catches anything
# worse than linear.  Time grows with the page too (a quiet machine
# reads 50 MB in 8 s), with room for a busy one.
TIME_LIMIT = 40 if SANITIZED else 20
TIME_PER_MB = 2.0 if SANITIZED else 1.0
RSS_FACTOR = 128 if SANITIZED else 16
# pith's own bound on extraction (10 s) scaled as the others are: the
# coverage build (sanitizers, gcov, -O1) took 35 s over 50 MB in one
# node on a loaded machine, where the plain build takes 5 s.
TIME_OPTS = ["--time-limit", "40"] if SANITIZED else []
RSS_SLACK = 16 * 1024

tmp = tempfile.mkdtemp(prefix="pith-hostile-")
env = dict(os.environ, HOME=tmp, XDG_CONFIG_HOME=tmp + "/cfg",
           XDG_CACHE_HOME=tmp + "/cache", XDG_DATA_DIRS=tmp + "/none",
           XDG_DATA_HOME=tmp + "/data", XDG_STATE_HOME=tmp + "/state",
           LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color")
# Nothing of the machine's terminal: curses reads COLUMNS and LINES.
for var in ("COLUMNS", "LINES", "NO_COLOR", "TERMINFO", "TERMINFO_DIRS", "TMUX",
            "LANGUAGE"):
    env.pop(var, None)
# A tmux socket path is at most 107 bytes, which a deep TMPDIR can
# exceed: the servers listen in /tmp, named after this process.
SOCK = "/tmp/pith-hostile-%d" % os.getpid()
n = 0


def ok(desc):
    global n
    n += 1
    print("ok %d - %s" % (n, desc), flush=True)


def not_ok(desc, why):
    global n
    n += 1
    print("not ok %d - %s" % (n, desc))
    for w in why:
        for line in str(w).splitlines()[:12]:
            print("#   " + line)
    sys.stdout.flush()


def comment(text):
    print("# " + text, flush=True)


# ------------------------------------------------------------ pages

SENTENCE = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do "
            "eiusmod tempor incididunt ut labore et dolore magna aliqua. ")
MARK = "Quintessential marker sentence of the hostile article."


def article(extra=""):
    """Enough prose for every algorithm to call it an article."""
    paras = ["<p>%s %s</p>" % (SENTENCE * 4, extra) for _ in range(6)]
    paras.insert(3, "<p>%s %s</p>" % (MARK, SENTENCE * 2))
    return "\n".join(paras)


def page(body, title="Hostile page", head=""):
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<title>%s</title>%s</head>\n<body><article><h1>%s</h1>\n%s\n"
            "</article></body></html>\n" % (title, head, title, body)
            ).encode("utf-8", "surrogatepass")


def deep():
    return (b"<html><body>" + b"<div>" * 200000 + article().encode() +
            b"</div>" * 200000 + b"</body></html>")


def big_node():
    # 50 MB of text in one text node.
    s = SENTENCE.encode()
    head = page("<p>")
    head = head[:head.index(b"<p>") + 3]
    return head + s * (50 * MB // len(s)) + b"</p></article></body></html>"


def attributes():
    attrs = b" ".join(b"a%d=\"v%d\"" % (i, i) for i in range(1000000))
    return (b"<html><body><div " + attrs + b">" + article().encode() +
            b"</div></body></html>")


def unclosed(tags):
    def gen():
        opened = "".join("<%s>" % tags[i % len(tags)] if tags[i % len(tags)] != "a"
                         else "<a href=\"/x%d\">" % i for i in range(100000))
        return page(opened + article())
    return gen


def invalid_utf8():
    bad = [b"\xff", b"\xfe", b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\x80",
           b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf8\x88\x80\x80\x80",
           b"\x80", b"\x9b", b"\xc2", b"\xe2\x80", b"\xf0\x9f\x98", b"\x9b31m",
           b"\xc3\x28", b"\xa0\xa1"]
    rnd = random.Random(8)
    words = SENTENCE.encode().split(b" ")
    out = []
    for i in range(4000):
        out.append(words[i % len(words)])
        if i % 3 == 0:
            out.append(rnd.choice(bad))
    body = b" ".join(out)
    return (b"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Bad \xff\xfe"
            b" \xc0\x80 bytes \x9b1m</title></head><body><article><h1>Broken \xed\xa0\x80"
            b"</h1><p>" + body + b"</p>" + article().encode() +
            b"<p><a href=\"/x\x9b\xff\">link \xc2</a></p></article></body></html>")


def nul_bytes():
    p = page(article("NUL\0inside\0words") + "<p>a\0b <a href=\"/\0x\">l\0nk</a></p>",
             title="Title\0with\0NULs",
             head="<meta name=\"author\" content=\"A\0B\">")
    return b"\0\0" + p.replace(b"Lorem", b"Lo\0rem")


ESCAPES = [
    "\x1b[31m", "\x1b[2J", "\x1b]0;pwned-title\x07", "\x1b]8;;http://evil/\x1b\\",
    "\x1bP+q\x1b\\", "\x1b[6n", "\x9b31m", "\u009b2J", "\u009d0;pwned\u009c",
    "\x07", "\x08\x08", "\x0b", "\x0c", "\x7f", "\r",
    "&#27;[31m", "&#x1b;]0;pwned-title&#7;", "&#x9b;", "&#155;", "&#x85;",
    "&#13;", "&#8;", "&#127;", "&#x202e;", "&#0;", "&#x1b",
]
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067",
        "\u2068", "\u2069"]


def escapes():
    inj = "".join("[%s]" % e for e in ESCAPES)
    bidi = "".join("%sevil%s" % (b, "\u202c") for b in BIDI)
    body = article(inj + bidi)
    body += ("\n<p>Link %s <a href=\"http://x.example/%s?%s\">text %s</a> end.</p>"
             % (inj, inj.replace('"', ""), bidi, bidi))
    body += "\n<pre>pre %s\n%s</pre>\n<p><code>code %s</code> <img alt=\"alt %s\" src=\"/i%s.png\"></p>" % (
        inj, bidi, inj, inj.replace('"', ""), "\u202e")
    head = ("<meta name=\"author\" content=\"Au%sthor\"><meta name=\"description\" "
            "content=\"Desc%s\"><meta property=\"og:site_name\" content=\"Site%s\">"
            % (inj.replace('"', ""), bidi, "\x1b[1m"))
    return page(body, title="Title " + inj + bidi, head=head)


def long_line():
    # A whole page on one 10 MB line: paragraphs and never a newline.
    one = ("<p>%s</p>" % (SENTENCE * 3)).encode()
    body = one * (10 * MB // len(one))
    return page("", title="One line").replace(b"\n", b" ").replace(
        b"</article>", body + b"</article>")


def long_word():
    # One 10 MB word with no break opportunity, amid an article.
    return page(article() + "<p>" + "x" * (10 * MB) + "</p>" + article())


def zero_width():
    zw = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u034f",
          "\u180e", "\u200e", "\u200f"]
    text = "".join(ch + zw[i % len(zw)] for i, ch in enumerate(SENTENCE * 40))
    return page("<p>" + text + "</p>" + article() + "<p>" + "\u200b" * 100000 +
                "</p>", title="Zero\u200bwidth\u200d\ufeff")


def only_links():
    links = "\n".join("<li><a href=\"/page/%d\">Link number %d to somewhere</a></li>"
                      % (i, i) for i in range(20000))
    return page("<ul>%s</ul>" % links, title="Links")


def random_bytes():
    return random.Random(8).randbytes(1 * MB)


def png():
    return (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0\0\0\x01\0\x08\x06\0\0\0" +
            random.Random(9).randbytes(256 * 1024) + b"\0\0\0\0IEND\xaeB`\x82")


def pdf():
    # A PDF's first lines are text; its streams are compressed.
    return (b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 65536 /Filter "
            b"/FlateDecode >>\nstream\n" + random.Random(10).randbytes(65536) +
            b"\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")


def gzipped():
    return gzip.compress(page(article()), mtime=0)


def utf16():
    # No byte order mark and no <meta>: told by its zero bytes.
    return page(article()).decode("utf-8").replace(
        '<meta charset="utf-8">', "").encode("utf-16-le")


def headlined_boxes():
    # 20000 boxes, each under an <h1> of its own and of a class of its
    # own: the rule for a stream of stories (infinite scroll) pairs such
    # boxes up, and must not pair every one with every other.
    boxes = "".join('<div class="c%d"><h1>Story %d</h1><p>%s</p></div>'
                    % (i, i, SENTENCE) for i in range(20000))
    return page(article() + "<div>" + boxes + "</div>")


def custom_siblings():
    # 150000 custom elements side by side: whether their parent holds
    # text beside them is asked once, not once for each.
    items = "".join("<x-item>item %d, a few words of its own</x-item>" % i
                    for i in range(150000))
    return page(article() + "<div>" + items + "</div>")


def deep_read_more():
    # A hidden <span> ending a paragraph, a "read more" button after it:
    # the paragraph's text is counted down to the span, through all the
    # nesting the guard lets through.
    return page(article() + "<p>" + SENTENCE + "<span>" * 200000 + "x" +
                "</span>" * 200000 + '<span style="display:none">the rest</span></p>'
                "<button>Read more</button>")


def chrome_after_post():
    # A post in a named box, then 30000 lines that are no sentence:
    # the walk looking for the next post (a thread's reply) counts
    # only prose as its gap, and must still end in linear time.
    lines = "".join("<div><span>Item %d</span></div>" % i for i in range(30000))
    return page('<div class="post-body">' + article() + "</div>" + lines)


def big_article():
    # 1.3 MB of paragraphs: tens of milliseconds of extraction, far over
    # the tiny --time-limit its case gives.
    return page(article() * 400)


ARTICLE = {0}
NONE = {1}
ANY = {0, 1, 3}
INPUT = {3}
# name, generator, allowed statuses, options for the text format, and
# whether an article found must hold MARK (the page has article());
# optionally options for every format and what stderr must say.
CASES = [
    ("nesting 200000 deep", deep, ARTICLE, [], True),
    ("50 MB of text in one node", big_node, ARTICLE, ["-w", "80"], False),
    ("1000000 attributes", attributes, ARTICLE, [], True),
    ("100000 unclosed <b>", unclosed(["b"]), ARTICLE, [], True),
    # Every word after an unclosed <a> is link text: no article is fine.
    ("100000 unclosed <a>", unclosed(["a"]), {0, 1}, [], True),
    ("100000 unclosed <div>", unclosed(["div"]), ARTICLE, [], True),
    ("100000 unclosed <font>", unclosed(["font"]), ARTICLE, [], True),
    ("100000 unclosed <table>", unclosed(["table"]), ARTICLE, [], True),
    ("100000 unclosed, mixed", unclosed(["b", "a", "div", "font", "table", "i", "span"]),
     {0, 1}, [], True),
    ("invalid UTF-8", invalid_utf8, ARTICLE, ["-w", "60"], True),
    ("NUL bytes", nul_bytes, ARTICLE, [], True),
    ("escape sequences and bidi overrides", escapes, ARTICLE, ["-w", "50"], True),
    ("a 10 MB line", long_line, ARTICLE, ["-w", "80"], False),
    ("a 10 MB word", long_word, ARTICLE, ["-w", "80"], True),
    ("zero-width characters", zero_width, ARTICLE, ["-w", "30"], True),
    ("a page of only links", only_links, NONE, [], False),
    ("an empty file", lambda: b"", NONE, [], False),
    # Not pages at all: refused before decoding, named.
    ("random bytes", random_bytes, INPUT, [], False, [],
     "not HTML (looks like binary data)"),
    ("a PNG", png, INPUT, [], False, [], "not HTML (looks like a PNG image)"),
    ("a PDF", pdf, INPUT, [], False, [], "not HTML (looks like a PDF document)"),
    ("gzip not decoded", gzipped, INPUT, [], False, [],
     "not HTML (looks like gzip-compressed data)"),
    ("UTF-16 without a byte order mark", utf16, ARTICLE, [], True),
    ("20000 boxes each under its own <h1>", headlined_boxes, {0, 1}, [], False),
    ("150000 custom elements side by side", custom_siblings, ARTICLE, [], False),
    ("a read-more span 200000 deep", deep_read_more, ARTICLE, [], True),
    ("30000 lines of chrome after a post", chrome_after_post, ARTICLE, [], True),
    # The time budget: an extraction over its limit stops, exit 3.
    ("1 MB over a tiny --time-limit", big_article, INPUT, [], False,
     ["--time-limit", "0.001"], "time limit of 0.001 s exceeded"),
]

# ------------------------------------------------------------ checks

# C0 but \t and \n, DEL, C1; raw bytes 0x80-0x9f outside a character
# decode (surrogateescape) to U+DC80-U+DC9F.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\udc80-\udc9f]")
BIDI_RE = re.compile("[\u202a-\u202e\u2066-\u2069]")


def controls(text, what):
    m = CONTROL.search(text)
    if m is None:
        return []
    i = m.start()
    return ["%s has U+%04X at %d: %r" % (what, ord(m.group()) & 0xff
                                         if ord(m.group()) >= 0xdc80 else ord(m.group()),
                                         i, text[max(0, i - 30):i + 30])]


def json_strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from json_strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from json_strings(x)


# Runs pith from a small process of its own: Linux charges a child the
# peak RSS its parent had when it forked (and, with vfork, the parent's
# own peak), so measuring from this script would count its big pages.
SPAWN = r"""
import json, os, sys, time
limit, out, err, res = float(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    if out != "-":
        os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 1)
    os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 2)
    os.execv(sys.argv[5], sys.argv[5:])
killed = False
while True:
    p, st, ru = os.wait4(pid, os.WNOHANG)
    if p:
        break
    if time.monotonic() - t0 > limit:
        os.kill(pid, 9)
        p, st, ru = os.wait4(pid, 0)
        killed = True
        break
    time.sleep(0.005)
json.dump({"status": os.WEXITSTATUS(st) if os.WIFEXITED(st) else None,
           "signal": os.WTERMSIG(st) if os.WIFSIGNALED(st) else None,
           "secs": time.monotonic() - t0, "kb": ru.ru_maxrss,
           "killed": killed}, open(res, "w"))
"""


def run(args, out, err, stdout=None, limit=TIME_LIMIT):
    """Run pith; (status or None, signal or None, seconds, peak KB, timed out).
    stdout: a file descriptor to inherit instead of writing to out."""
    res = tmp + "/result.json"
    subprocess.run([sys.executable, "-c", SPAWN, str(limit),
                    "-" if stdout is not None else out, err, res, PITH] + args,
                   stdin=subprocess.DEVNULL, stdout=stdout, env=env, check=True)
    with open(res) as f:
        r = json.load(f)
    return r["status"], r["signal"], r["secs"], r["kb"], r["killed"]


def check_run(desc, path, args, allowed, fmt, base_kb, size, marked, message=None):
    out, err = tmp + "/out", tmp + "/err"
    limit = TIME_LIMIT + TIME_PER_MB * size / MB
    status, sig, secs, kb, timed_out = run(args + [path], out, err, limit=limit)
    why = []
    if timed_out:
        why.append("killed after %.0f s" % limit)
    elif sig is not None:
        why.append("killed by signal %d" % sig)
    elif status not in allowed:
        why.append("exit status %d, expected %s" % (status, " or ".join(
            str(s) for s in sorted(allowed))))
    limit_kb = base_kb + RSS_SLACK + RSS_FACTOR * size // 1024
    if kb > limit_kb:
        why.append("peak RSS %d MB > %d MB (%d MB + %d MB + %d x %.1f MB)" % (
            kb // 1024, limit_kb // 1024, base_kb // 1024, RSS_SLACK // 1024,
            RSS_FACTOR, size / MB))
    with open(err, "rb") as f:
        errb = f.read()
    errs = errb.decode("utf-8", "surrogateescape")
    if re.search(r"Sanitizer|runtime error:", errs):
        why.append("sanitizer: " + errs[:1500])
    why += controls(errs, "stderr")
    if message is not None and (message not in errs or errs.count("\n") != 1 or
                                not errs.startswith("pith: ")):
        why.append("stderr is not one line saying %r" % message)
    with open(out, "rb") as f:
        data = f.read()
    text = data.decode("utf-8", "surrogateescape")
    if fmt == "json" and status == 0:
        try:
            for s in json_strings(json.loads(data)):
                why += controls(s, "a JSON string")
        except ValueError as e:
            why.append("not JSON: %s" % e)
    why += controls(text, "stdout")
    # The article survived: its marker sentence, however wrapped.
    if marked and status == 0 and MARK[:40] not in " ".join(text.split()):
        why.append("the article's marker sentence is missing: %r" % text[:200])
    if why:
        not_ok(desc, why + ["stderr: " + errs[:300]])
    else:
        ok(desc)
    return secs, kb, status


def baseline():
    path = tmp + "/small.html"
    with open(path, "wb") as f:
        f.write(page(article()))
    _, _, _, kb, _ = run(["-d", path], tmp + "/out", tmp + "/err")
    return kb


def main():
    base_kb = baseline()
    comment("%s build; limits: %d s + %.0f s/MB, %d MB + %d MB + %d x input" % (
        "sanitized" if SANITIZED else "plain", TIME_LIMIT, TIME_PER_MB,
        base_kb // 1024, RSS_SLACK // 1024, RSS_FACTOR))
    for name, gen, allowed, textopts, marked, *rest in CASES:
        allopts, message = rest if rest else ([], None)
        path = tmp + "/page.html"
        data = gen()
        with open(path, "wb") as f:
            f.write(data)
        del data
        size = os.path.getsize(path)
        stats = []
        for fmt in ("text", "markdown", "json"):
            opts = ["-d", "-f", fmt] + ([] if "--time-limit" in allopts else TIME_OPTS) + \
                allopts + (textopts if fmt == "text" else [])
            secs, kb, status = check_run("%s: %s" % (name, fmt), path, opts,
                                         allowed, fmt, base_kb, size, marked,
                                         message)
            stats.append("%s %.2f s %d MB" % (fmt, secs, kb // 1024))
        comment("%s (%s): exit %s; %s" % (
            name, "%.1f MB" % (size / MB) if size >= MB else "%d KB" % (size // 1024),
            status, ", ".join(stats)))
        os.unlink(path)
    terminal()
    reader_refuses()
    reader()


# ------------------------------------------------------------ terminals

def terminal():
    """-d with stdout on a terminal: no controls, and no bidi overrides."""
    path = tmp + "/escapes.html"
    with open(path, "wb") as f:
        f.write(escapes())
    for fmt in ("text", "markdown", "json"):
        desc = "escape sequences and bidi overrides: %s on a terminal" % fmt
        master, slave = pty.openpty()
        # Raw: what pith writes arrives as it is (no \n -> \r\n).
        tty.setraw(slave)
        chunks = []

        def drain():
            # Read as pith writes, lest it block on a full pty.
            while True:
                try:
                    b = os.read(master, 65536)
                except OSError:
                    return
                if not b:
                    return
                chunks.append(b)
        t = threading.Thread(target=drain)
        t.start()
        status, sig, secs, kb, timed_out = run(["-d", "-f", fmt, path], tmp + "/out",
                                               tmp + "/err", stdout=slave)
        os.close(slave)
        t.join(10)
        os.close(master)
        text = b"".join(chunks).decode("utf-8", "surrogateescape")
        why = []
        if timed_out or sig is not None or status != 0:
            why.append("status %s, signal %s" % (status, sig))
        if fmt == "json":
            try:
                for s in json_strings(json.loads(text)):
                    why += controls(s, "a JSON string")
                    if BIDI_RE.search(s):
                        why.append("a JSON string has a bidi override: %r" % s[:80])
            except ValueError as e:
                why.append("not JSON: %s" % e)
        why += controls(text, "the terminal")
        m = BIDI_RE.search(text)
        if m:
            why.append("the terminal got U+%04X: %r" % (
                ord(m.group()), text[max(0, m.start() - 30):m.start() + 30]))
        if why:
            not_ok(desc, why)
        else:
            ok(desc)


def reader_refuses():
    """The reader (in tmux: no -d, a terminal) refuses binary input as -d
    does: the screen is restored, then one line on stderr, exit 3."""
    desc = "a PNG: the reader refuses it"
    if shutil.which("tmux") is None:
        ok(desc + " # SKIP tmux not installed")
        return
    path, sock, done = tmp + "/image.png", SOCK + "-png.sock", tmp + "/png.status"
    with open(path, "wb") as f:
        f.write(png())
    with open(tmp + "/png.sh", "w") as f:
        f.write("'%s' '%s' 2>'%s/png.err'; echo $? >'%s.tmp'; mv '%s.tmp' '%s'\n" % (
            PITH, path, tmp, done, done, done))
    subprocess.run(["tmux", "-f", "/dev/null", "-S", sock, "new-session", "-d", "-s",
                    "png", "-x", "80", "-y", "24", "sh " + tmp + "/png.sh"],
                   capture_output=True, env=env)
    end = time.monotonic() + TIME_LIMIT
    while not os.path.exists(done) and time.monotonic() < end:
        time.sleep(0.05)
    subprocess.run(["tmux", "-f", "/dev/null", "-S", sock, "kill-server"],
                   capture_output=True, env=env)
    why = []
    if not os.path.exists(done):
        why.append("no exit after %d s" % TIME_LIMIT)
    else:
        with open(done) as f:
            status = f.read().strip()
        with open(tmp + "/png.err", "rb") as f:
            errs = f.read().decode("utf-8", "surrogateescape")
        if status != "3":
            why.append("exit status %s, expected 3" % status)
        if "not HTML (looks like a PNG image)" not in errs or errs.count("\n") != 1:
            why.append("stderr: %r" % errs[:300])
    if why:
        not_ok(desc, why)
    else:
        ok(desc)


def reader():
    """The reader in tmux: the page's escapes and overrides never reach
    the screen, the pane's title or the link's status line."""
    if shutil.which("tmux") is None:
        ok("reader: # SKIP tmux not installed")
        return
    path = tmp + "/escapes.html"
    sock = SOCK + ".sock"

    def tm(*args):
        return subprocess.run(["tmux", "-f", "/dev/null", "-S", sock] + list(args),
                              capture_output=True, env=env)

    def screen():
        return tm("capture-pane", "-p", "-t", "pith").stdout.decode("utf-8", "replace")

    def wait_for(text, secs=10):
        end = time.monotonic() + secs
        while time.monotonic() < end:
            s = screen()
            if text in s:
                return s
            time.sleep(0.05)
        return None

    def after_keys(prev, *keys, secs=2):
        """The screen once the keys have changed it (or after secs,
        when they change nothing, as Space at the end does)."""
        for k in keys:
            tm("send-keys", "-t", "pith", k)
        end = time.monotonic() + secs
        while True:
            s = screen()
            if s != prev or time.monotonic() >= end:
                return s
            time.sleep(0.05)

    with open(tmp + "/reader.sh", "w") as f:
        f.write("'%s' --theme mono '%s' 2>'%s/reader.err'\n" % (PITH, path, tmp))
    tm("new-session", "-d", "-s", "pith", "-x", "100", "-y", "40", "sh " + tmp + "/reader.sh")
    try:
        s = wait_for(MARK[:40])
        if s is None:
            not_ok("reader: shows the article", [screen()])
            return
        ok("reader: shows the article")
        title = tm("display-message", "-p", "-t", "pith", "#{pane_title}").stdout.decode(
            "utf-8", "replace")
        if "pwned" in title:
            not_ok("reader: the page cannot set the terminal's title", [title])
        else:
            ok("reader: the page cannot set the terminal's title")
        # Scroll through the whole article, collecting every screen.
        seen = s
        for _ in range(12):
            nxt = after_keys(s, "Space")
            if nxt == s:
                break   # the end of the article
            s = nxt
            seen += s
        s = after_keys(s, "g", "Tab")
        seen += s
        m = BIDI_RE.search(seen)
        if m:
            i = m.start()
            not_ok("reader: no bidi override on the screen",
                   ["U+%04X in %r" % (ord(m.group()), seen[max(0, i - 40):i + 40])])
        else:
            ok("reader: no bidi override on the screen")
        # The mono theme sets no colour: a colour on screen is the page's.
        after_keys(s, "g")
        styled = tm("capture-pane", "-e", "-p", "-t", "pith").stdout.decode(
            "utf-8", "replace")
        m = re.search(r"\x1b\[[0-9;]*(3[0-7]|38;[25])[;m]", styled)
        if m:
            i = m.start()
            not_ok("reader: the page sets no colour", [repr(styled[max(0, i - 40):i + 40])])
        else:
            ok("reader: the page sets no colour")
    finally:
        tm("kill-server")


try:
    main()
finally:
    shutil.rmtree(tmp, ignore_errors=True)
    for end in ("-png.sock", ".sock"):
        try:
            os.unlink(SOCK + end)
        except OSError:
            pass
