"""html-check.py FILE...: each FILE is pith's -f html output.  Parsed
with html.parser: tags balanced, a UTF-8 meta and a non-empty title, no
script/style/embedding element, no event or style attribute, links only
http(s)/mailto and images only http(s).  Prints one line per problem."""
import sys
from html.parser import HTMLParser

VOID = {"meta", "link", "br", "img", "hr"}
BANNED = {"script", "style", "iframe", "object", "embed", "form", "svg",
          "math", "base", "frame", "frameset", "noscript", "template"}


class Check(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems = [], []
        self.charset = self.in_title = False
        self.title = ""

    def handle_starttag(self, tag, attrs):
        if tag in BANNED:
            self.problems.append("<%s>" % tag)
        for name, value in attrs:
            if name.startswith("on") or name == "style":
                self.problems.append("%s= on <%s>" % (name, tag))
            if name == "href" and not value.lower().startswith(
                    ("http://", "https://", "mailto:")):
                self.problems.append("href %r" % value)
            if name == "src" and not value.lower().startswith(
                    ("http://", "https://")):
                self.problems.append("src %r" % value)
        if tag == "meta" and ("charset", "utf-8") in attrs:
            self.charset = True
        if tag == "title":
            self.in_title = True
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.problems.append("self-closing <%s/>" % tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append("</%s> closes %s" % (
                tag, self.stack[-1] if self.stack else "nothing"))
            return
        self.stack.pop()
        if tag == "title":
            self.in_title = False

    def handle_data(self, data):
        if self.in_title:
            self.title += data


bad = 0
for path in sys.argv[1:]:
    c = Check()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if not text.startswith("<!DOCTYPE html>"):
        c.problems.append("no doctype")
    c.feed(text)
    c.close()
    if c.stack:
        c.problems.append("left open: %s" % " ".join(c.stack))
    if not c.charset:
        c.problems.append("no <meta charset=\"utf-8\">")
    if not c.title.strip():
        c.problems.append("empty title")
    for p in c.problems:
        print("%s: %s" % (path, p))
        bad = 1
sys.exit(bad)
