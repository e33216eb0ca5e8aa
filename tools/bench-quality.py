#!/usr/bin/env python3
"""bench-quality.py - how well each pith algorithm finds the article, per corpus.

Runs `pith -d -f json -a ALGO [-u URL] PAGE` on every page of every corpus
for every algorithm, writes the JSON `text` of each page to a temporary
folder as ID.txt and scores the folder against the corpus's truth with the
shared scorer (`score.py --metric both --json`).  Prints one table per
corpus: shingle F1 / precision / recall (the ScrapingHub benchmark metric),
word-LCS F1, failures and wall time.  Where a peers file holds other
extractors' outputs on the same pages, their rows, scored the same way, are
sorted in with pith's.  Then, for each algorithm, the macro mean over the
article corpora (--article; by default scrapinghub-dev, readability-pages,
dragnet-dev and l3s-gn1-dev): shingle F1, P and R, and the F1 of each half
of the pages (even and odd positions in id order), the split on which a
threshold is fitted and checked.

With --audit ALGO, also where ALGO's recall goes: `pith --explain -f json`
on every page gives each block's fate and the rule that decided it; the
truth's shingles found in a dropped block are charged to that rule.  Per
corpus, each rule's share of the truth (averaged over pages, as the
benchmark's recall is), on how many pages it dropped truth, and the other
shingles it removed: the rules that cost recall, and what loosening one
would let in.  Shingles across two blocks, and truth the page does not
hold, are charged to no rule.

Corpus layouts (found by looking at DIR):
  pages        DIR/ID.html.gz (or ID.html) and DIR/truth.json mapping
               ID -> {"articleBody": text, "url": address}; the url, when
               it is http(s), is passed with -u.
  readability  DIR/NAME/source.html and DIR/NAME/expected.txt (the article
               text).  A DIR/truth.json is used instead of the expected.txt
               files only when it maps every NAME to an articleBody and a
               url; otherwise the truth is built from expected.txt.

A page on which pith exits non-zero (exit 1 "no article found" included),
dies, times out or prints something that is not JSON counts as empty text
and as a failure; the run goes on.  Exit status: 0 when every corpus was
scored, 1 when the scorer failed, 2 on a usage or set-up error.

usage: tools/bench-quality.py [--corpus DIR]... [--article NAME]... [-a ALGO]...
           [--pith PATH] [--jobs N] [--timeout S] [--score PATH]
           [--peers FILE | --no-peers] [--per-doc] [--no-hybrid] [--audit ALGO]
           [--out FILE]
"""
import argparse
import datetime
import gzip
import importlib.util
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile

# The environment pith runs in: the caller's, with private XDG folders.
PITH_ENV = dict(os.environ)
import time
from concurrent.futures import ThreadPoolExecutor

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(REPO, '..', 'shared'))
# The corpora whose truth is one article a page: their macro mean is the
# figure a change to readability or auto must raise.  CleanEval's truth is
# all of a page's text that is not boilerplate, so it is reported apart.
ARTICLE_CORPORA = ['scrapinghub-dev', 'readability-pages', 'dragnet-dev', 'l3s-gn1-dev']
DEFAULT_SCORE = os.path.join(SHARED, 'bench', 'score.py')
DEFAULT_PEERS = os.path.join(SHARED, 'corpus', 'peers-scrapinghub-dev.json')


class SetupError(Exception):
    """A problem that stops the run before any result: exit status 2."""


class ScoreError(Exception):
    """The scorer failed: exit status 1."""


def say(msg):
    print('bench-quality: ' + msg, file=sys.stderr, flush=True)


def show_path(p):
    """p relative to the current directory when that is shorter."""
    rel = os.path.relpath(p)
    return rel if len(rel) < len(p) else p


# ------------------------------------------------------------------ corpora
class Page:
    def __init__(self, pid, path, gz, url):
        self.id, self.path, self.gz, self.url = pid, path, gz, url


class Corpus:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(os.path.normpath(path))
        self.layout = ''
        self.pages = []          # Page, sorted by id
        self.truth = {}          # id -> article text
        self.truth_file = ''     # the file score.py reads
        self.truth_note = ''     # where the truth came from, for the report
        self.missing = []        # truth ids without a page


def load_json(path):
    try:
        with open(path, encoding='utf-8') as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise SetupError(f'{show_path(path)}: {e}')


def http_url(v):
    return v if isinstance(v, str) and v.startswith(('http://', 'https://')) else None


def load_corpus(path, tmp):
    if not os.path.isdir(path):
        raise SetupError(f'{show_path(path)}: not a corpus folder')
    c = Corpus(path)
    names = sorted(os.listdir(path))
    subdirs = [n for n in names if os.path.isfile(os.path.join(path, n, 'source.html'))]
    top_truth = os.path.join(path, 'truth.json')
    if subdirs:
        c.layout = 'readability'
        urls = {}
        t = load_json(top_truth) if os.path.isfile(top_truth) else None
        if (isinstance(t, dict) and set(t) == set(subdirs) and
                all(isinstance(v, dict) and isinstance(v.get('articleBody'), str) and v.get('url')
                    for v in t.values())):
            c.truth = {k: v['articleBody'] for k, v in t.items()}
            urls = {k: http_url(v['url']) for k, v in t.items()}
            c.truth_file, c.truth_note = top_truth, 'truth.json'
        else:
            for n in subdirs:
                exp = os.path.join(path, n, 'expected.txt')
                try:
                    with open(exp, encoding='utf-8', errors='replace') as f:
                        c.truth[n] = f.read()
                except OSError:
                    say(f'{show_path(exp)}: missing; page left out')
            c.truth_file = os.path.join(tmp, f'truth-{len(os.listdir(tmp))}.json')
            with open(c.truth_file, 'w', encoding='utf-8') as f:
                json.dump({k: {'articleBody': v} for k, v in c.truth.items()}, f, ensure_ascii=False)
            c.truth_note = 'NAME/expected.txt'
        c.pages = [Page(n, os.path.join(path, n, 'source.html'), False, urls.get(n))
                   for n in sorted(c.truth)]
        return c
    if not os.path.isfile(top_truth):
        raise SetupError(f'{show_path(path)}: neither ID.html.gz pages with a truth.json '
                         'nor NAME/source.html folders')
    c.layout = 'pages'
    t = load_json(top_truth)
    if not isinstance(t, dict):
        raise SetupError(f'{show_path(top_truth)}: not a JSON object of ID -> {{"articleBody": ...}}')
    c.truth_file, c.truth_note = top_truth, 'truth.json'
    for k, v in t.items():
        body = v.get('articleBody') if isinstance(v, dict) else v
        c.truth[k] = body if isinstance(body, str) else ''
    files = {}
    for n in names:
        for ext, gz in (('.html.gz', True), ('.htm.gz', True), ('.html', False), ('.htm', False)):
            if n.endswith(ext):
                files.setdefault(n[:-len(ext)], (os.path.join(path, n), gz))
                break
    for k in sorted(c.truth):
        if k in files:
            v = t[k]
            c.pages.append(Page(k, files[k][0], files[k][1], http_url(v.get('url')) if isinstance(v, dict) else None))
        else:
            c.missing.append(k)
    extra = sorted(set(files) - set(c.truth))
    if extra:
        say(f'{c.name}: {len(extra)} page(s) without truth ignored ({", ".join(extra[:3])}...)')
    if not c.truth:
        raise SetupError(f'{show_path(top_truth)}: no documents')
    return c


# ------------------------------------------------------------------ pith
def pith_lines(pith, *args):
    try:
        p = subprocess.run([pith, *args], capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except OSError as e:
        raise SetupError(f'{pith}: {e.strerror}; build it with make or pass --pith PATH')
    except subprocess.TimeoutExpired:
        raise SetupError(f'{pith} {" ".join(args)}: timed out')
    if p.returncode != 0:
        raise SetupError(f'{pith} {" ".join(args)}: exit status {p.returncode}: '
                         + p.stderr.decode('utf-8', 'replace').strip()[:200])
    return p.stdout.decode('utf-8', 'replace').splitlines()


def git_state():
    """The repository's commit, "+ uncommitted changes" when the tree is dirty; '' without git."""
    try:
        p = subprocess.run(['git', '-C', REPO, 'describe', '--always', '--dirty=+'],
                           capture_output=True, timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return ''
    s = p.stdout.decode('utf-8', 'replace').strip() if p.returncode == 0 else ''
    return s[:-1] + ' with uncommitted changes' if s.endswith('+') else s


def first_line(b, arg):
    """The first line of pith's stderr without "pith: " and the page's name."""
    s = b.decode('utf-8', 'replace').strip()
    s = s.splitlines()[0] if s else ''
    for prefix in ('pith: ', arg + ': '):
        if s.startswith(prefix):
            s = s[len(prefix):]
    return s[:160]


# [perturber, mode] under --perturb: each page goes through tools/perturb.c
# on its way to pith.
PERTURB = None
# tools/perturb.c's modes, as the report words them.
PERTURB_MODES = {'none': '', 'p2div': ', every <p> a <div>',
                 'hash': ', every class and id word a hash',
                 'br': ', every <p> its text and two <br>',
                 'html4': ', HTML5\'s elements as <div> and <span>, no role, aria or microdata'}


def page_input(page):
    """(pith's arguments after the options, its stdin bytes or None)."""
    if not page.gz and PERTURB is None:
        return [page.path], None
    with (gzip.open if page.gz else open)(page.path, 'rb') as f:
        data = f.read()
    if PERTURB is not None:
        p = subprocess.run(PERTURB, input=data, capture_output=True)
        if p.returncode != 0:
            raise OSError(f'{PERTURB[1]}: ' + (first_line(p.stderr, '-') or f'exit {p.returncode}'))
        data = p.stdout
    return ['-'], data


def run_page(pith, algo, page, timeout):
    """(text, failure reason or None) of one page."""
    cmd = [pith, '-d', '-f', 'json', '-a', algo]
    if page.url:
        cmd += ['-u', page.url]
    try:
        arg, data = page_input(page)
        cmd += arg
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        return '', f'unreadable page: {e}'
    try:
        p = subprocess.run(cmd, input=data, capture_output=True, timeout=timeout,
                           stdin=subprocess.DEVNULL if data is None else None,
                           env=PITH_ENV)
    except subprocess.TimeoutExpired:
        return '', f'timed out after {timeout:g} s'
    except OSError as e:
        return '', f'cannot run pith: {e.strerror}'
    if p.returncode < 0:
        try:
            sig = signal.Signals(-p.returncode).name
        except ValueError:
            sig = str(-p.returncode)
        return '', f'killed by {sig}: {first_line(p.stderr, cmd[-1])}'.rstrip(': ')
    if p.returncode != 0:
        return '', f'exit {p.returncode}: {first_line(p.stderr, cmd[-1])}'.rstrip(': ')
    try:
        text = json.loads(p.stdout.decode('utf-8'))['text']
        if not isinstance(text, str):
            raise ValueError('text is not a string')
    except (ValueError, KeyError, TypeError) as e:
        return '', f'exit 0 but no JSON text: {e}'
    return text, None


# ------------------------------------------------------------------ scoring
def score(score_py, truth_file, pred):
    """score.py's JSON result: {system: {'n', 'shingle', 'lcs', 'docs'}}."""
    cmd = [sys.executable, score_py, '--truth', truth_file, '--pred', pred,
           '--metric', 'both', '--json', '--per-doc']
    p = subprocess.run(cmd, capture_output=True, stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        raise ScoreError(f'{show_path(score_py)} failed (exit {p.returncode}) on {show_path(pred)}:\n'
                         + p.stderr.decode('utf-8', 'replace').strip()[-2000:])
    try:
        return json.loads(p.stdout.decode('utf-8'))['systems']
    except (ValueError, KeyError) as e:
        raise ScoreError(f'{show_path(score_py)}: unexpected output ({e})')


def row(name, res, pith, failures=None, wall=None):
    docs = res.get('docs', {}).get('shingle', {})
    return {'name': name, 'pith': pith, 'docs': res['n'],
            'f1': res['shingle']['f1'], 'p': res['shingle']['precision'],
            'r': res['shingle']['recall'], 'lcs': res['lcs']['f1'],
            'failures': failures, 'wall': wall,
            'docs_f1': {i: d['f1'] for i, d in docs.items()},
            'docs_pr': {i: (d.get('precision'), d.get('recall')) for i, d in docs.items()}}


def shingle_f1(pr):
    """The benchmark's F1 of [(doc precision or None, doc recall or None)]:
    P and R are means over the pages that have one, F1 comes from the two
    (as score.py computes it)."""
    def mean(xs):
        xs = [x for x in xs if x is not None]
        return sum(xs) / len(xs) if xs else 0.0
    p, r = mean(d[0] for d in pr), mean(d[1] for d in pr)
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def halves(r):
    """F1 on the pages at even and at odd positions in id order."""
    ids = sorted(r['docs_pr'])
    return tuple(shingle_f1([r['docs_pr'][i] for i in ids[h::2]])[2] for h in (0, 1))


def macro_rows(results, names):
    """Per pith algorithm: F1 per article corpus, and the macro means of F1,
    P, R and of each half's F1 over those corpora."""
    chosen = [(r[0], r[1]) for r in results if r[0].name in names]
    if not chosen:
        return [], []
    out = []
    for algo in [r['name'] for r in chosen[0][1] if r['pith']]:
        per = [next(r for r in rows if r['pith'] and r['name'] == algo) for _, rows in chosen]
        k = len(per)
        h = [halves(r) for r in per]
        out.append({'name': algo, 'corpora': [r['f1'] for r in per],
                    'f1': sum(r['f1'] for r in per) / k, 'p': sum(r['p'] for r in per) / k,
                    'r': sum(r['r'] for r in per) / k,
                    'even': sum(x[0] for x in h) / k, 'odd': sum(x[1] for x in h) / k})
    out.sort(key=lambda m: -m['f1'])
    return [c.name for c, _ in chosen], out


def macro_table(corpora, rows, md):
    head = ['system'] + corpora + ['macro F1', 'P', 'R', 'even half', 'odd half']
    body = [[f'**pith {m["name"]}**' if md else f'pith {m["name"]}']
            + [f'{x:.4f}' for x in m['corpora'] + [m['f1'], m['p'], m['r'], m['even'], m['odd']]]
            for m in rows]
    if md:
        return '\n'.join(['| ' + ' | '.join(head) + ' |',
                          '|' + '|'.join([' --- '] + [' ---: '] * (len(head) - 1)) + '|']
                         + ['| ' + ' | '.join(b) + ' |' for b in body])
    w = [max(len(x[k]) for x in [head] + body) for k in range(len(head))]
    return '\n'.join('  '.join(c.ljust(w[k]) if k == 0 else c.rjust(w[k]) for k, c in enumerate(x))
                     for x in [head] + body)


def bench_corpus(c, args, algos, tmp, peers):
    """The table rows of one corpus, pith's first, and per-page failures."""
    rows, fails = [], {}
    for algo in algos:
        out = os.path.join(tmp, f'{c.name}-{algo}')
        os.makedirs(out)
        t0 = time.monotonic()
        with ThreadPoolExecutor(max_workers=args.jobs) as ex:
            results = list(ex.map(lambda pg: run_page(args.pith, algo, pg, args.timeout), c.pages))
        wall = time.monotonic() - t0
        f = [(pg.id, why) for pg, (_, why) in zip(c.pages, results) if why]
        f += [(i, 'no page file') for i in c.missing]
        for pg, (text, _) in zip(c.pages, results):
            with open(os.path.join(out, pg.id + '.txt'), 'w', encoding='utf-8') as fh:
                fh.write(text)
        for i in c.missing:
            open(os.path.join(out, i + '.txt'), 'w').close()
        res = next(iter(score(args.score, c.truth_file, out).values()))
        rows.append(row(algo, res, True, len(f), wall))
        fails[algo] = sorted(f)
        say(f'{c.name}: {algo}: {len(c.pages)} pages in {wall:.1f} s, '
            f'{len(f)} failure(s), shingle F1 {rows[-1]["f1"]:.3f}')
    peer_note = ''
    if peers:
        pfile, pids = peers
        if pids & set(c.truth):
            systems = score(args.score, c.truth_file, pfile)
            for name, res in systems.items():
                label = f'{name} {res["version"]}' if res.get('version') else name
                rows.append(row(label, res, False))
            peer_note = show_path(pfile)
            rows.sort(key=lambda r: -r['f1'])
    return rows, fails, peer_note


def load_peers(path, explicit):
    if path is None:
        return None
    if not os.path.isfile(path):
        if explicit:
            raise SetupError(f'{show_path(path)}: no such peers file')
        return None
    data = load_json(path)
    ids = set()
    if isinstance(data, dict):
        for v in data.values():
            if isinstance(v, dict) and isinstance(v.get('output'), dict):
                ids |= set(v['output'])
        if not ids and set(data) == {'version', 'output'}:
            ids = set(data['output'])
        if not ids:
            ids = set(data)
    return path, ids


# ------------------------------------------------------------------ tables
HEAD = ['system', 'docs', 'F1', 'P', 'R', 'LCS F1', 'failures', 'wall']


def cells(r, mark):
    name = f'pith {r["name"]}' if r['pith'] else r['name']
    return [mark(name) if r['pith'] else name, str(r['docs']), f'{r["f1"]:.3f}', f'{r["p"]:.3f}',
            f'{r["r"]:.3f}', f'{r["lcs"]:.3f}',
            '-' if r['failures'] is None else str(r['failures']),
            '-' if r['wall'] is None else f'{r["wall"]:.1f} s']


def text_table(rows):
    if all(r['pith'] for r in rows):
        body = [cells(r, str) for r in rows]
    else:
        body = [cells(r, lambda n: '* ' + n) for r in rows]
        body = [[c if k or r['pith'] else '  ' + c for k, c in enumerate(b)] for r, b in zip(rows, body)]
    w = [max(len(x[k]) for x in [HEAD] + body) for k in range(len(HEAD))]
    return '\n'.join('  '.join(c.ljust(w[k]) if k == 0 else c.rjust(w[k]) for k, c in enumerate(x))
                     for x in [HEAD] + body)


def md_table(rows):
    out = ['| ' + ' | '.join(HEAD) + ' |', '|' + '|'.join([' --- '] + [' ---: '] * (len(HEAD) - 1)) + '|']
    out += ['| ' + ' | '.join(cells(r, lambda n: f'**{n}**')) + ' |' for r in rows]
    return '\n'.join(out)


def failure_lines(fails, limit=10):
    out = []
    for algo, f in fails.items():
        if f:
            shown = '; '.join(f'{i} ({why})' for i, why in f[:limit])
            more = f'; and {len(f) - limit} more' if len(f) > limit else ''
            out.append(f'{algo}: {shown}{more}')
    return out


def per_doc_lines(rows, fails):
    prows = [r for r in rows if r['pith']]
    why = {(a, i): w for a, f in fails.items() for i, w in f}
    ids = sorted(prows[0]['docs_f1']) if prows else []
    out = ['\t'.join(['id'] + [r['name'] for r in prows])]
    for i in ids:
        out.append('\t'.join([i] + [f'{r["docs_f1"].get(i, 0.0):.3f}'
                                    + (f' FAIL ({why[(r["name"], i)]})' if (r['name'], i) in why else '')
                                    for r in prows]))
    return out


# ------------------------------------------------------------------ main
# The penalties the hybrid section shows: the default, and one strong
# enough that the classifier stops leaving the best method.
HYBRID_LAMBDAS = ['0.05', '2']


def hybrid_section(pith, paths):
    """`pith train` (the seeds' hybrid, 10-fold cross-validated) over all
    corpora at once, as Markdown lines; printed as it goes."""
    md = ['', '## hybrid (classifiers over the methods)', '',
          'The seeds\' two hybrids (ALGORITHMS.md section 8), each a softmax regression: *A* picks',
          'the method to run from a page\'s 37 features; *B* cuts the page into segments (the',
          'children of the element holding the text, recursing into any child with more than half',
          'of it) and keeps each or not from its 37 features and how much of it every method kept.',
          '`pith train` runs every method on every page of all corpora, fits the classifiers on',
          'nine tenths and scores them on the tenth they never saw, ten times over (shingle F1 as',
          'above, per corpus and over all pages).  *oracle* picks the best method for each page',
          'with hindsight (the ceiling of A); *segment oracle* keeps the segments whose text is',
          'mostly in the truth (the ceiling of B).  A hybrid is kept only if it beats the best',
          'single method on pages it was not trained on.', '']
    verdicts = []
    for lam in HYBRID_LAMBDAS:
        cmd = [pith, 'train', '--lambda', lam] + paths
        say('hybrid: ' + ' '.join(['pith', 'train', '--lambda', lam] + [show_path(p) for p in paths]))
        r = subprocess.run(cmd, capture_output=True, text=True, env=PITH_ENV)
        if r.returncode not in (0, 1):
            say(f'pith train failed (exit {r.returncode}): {r.stderr.strip()}')
            return []
        out = r.stdout.replace(os.path.dirname(os.path.commonpath(paths)) + os.sep, '')
        print('\n' + out, end='')
        md += [f'`pith train --lambda {lam}` (L2 penalty {lam}):', '', '```', out.rstrip(), '```', '']
        verdicts.append((lam, r.returncode == 0, '; '.join(out.strip().splitlines()[-2:])))
    md.append('Verdict: ' + '; '.join(f'with lambda {lam}, {v}' for lam, _, v in verdicts) + '.')
    if not any(kept for _, kept, _ in verdicts):
        md += ['', 'So pith does not offer the hybrid as an algorithm; `pith train` stays to measure it',
               'again as the methods or the corpora change.']
    return md


# ------------------------------------------------------------------ audit
def explain_page(pith, algo, page, timeout):
    """The blocks of `pith --explain -f json` on a page, or None."""
    cmd = [pith, '--explain', '-f', 'json', '-a', algo] + (['-u', page.url] if page.url else [])
    try:
        arg, data = page_input(page)
        p = subprocess.run(cmd + arg, input=data, capture_output=True, timeout=timeout,
                           stdin=subprocess.DEVNULL if data is None else None, env=PITH_ENV)
        return json.loads(p.stdout.decode('utf-8'))['blocks']
    except (OSError, EOFError, gzip.BadGzipFile, subprocess.TimeoutExpired,
            ValueError, KeyError, TypeError):
        return None


def rule_of(reason):
    """A reason without the names and numbers of its page: "dropped:
    outside div#main.story" is the rule "dropped: outside"."""
    if not reason:
        return '(no reason: outside a token span, or nothing kept)'
    words = []
    for w in reason.split():
        if re.search(r"[0-9'\"#.(=]", w):
            break
        words.append(w)
        if w in ('outside', 'in'):
            break
    return ' '.join(words).rstrip(',')


def audit_corpus(c, args, algo, analyse):
    """[(rule, recall share, pages, truth shingles, other shingles)], the
    rules that dropped truth first, and the pages that could not be read."""
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        pages = list(ex.map(lambda pg: explain_page(args.pith, algo, pg, args.timeout), c.pages))
    rules, unread = {}, 0
    for pg, blocks in zip(c.pages, pages):
        if blocks is None:
            unread += 1
            continue
        truth = analyse(c.truth.get(pg.id, ''))[1]
        total = sum(truth.values())
        for b in blocks:
            if b.get('kept') != 'dropped' or not b.get('text'):
                continue
            sh = analyse(b['text'])[1]
            good = sum(min(n, truth[k]) for k, n in sh.items())
            r = rules.setdefault(rule_of(b.get('reason')), [0.0, set(), 0, 0])
            r[0] += good / total if total else 0
            if good:
                r[1].add(pg.id)
            r[2] += good
            r[3] += sum(sh.values()) - good
    n = max(1, len(c.pages) - unread)
    out = [(k, v[0] / n, len(v[1]), v[2], v[3]) for k, v in rules.items()]
    out.sort(key=lambda x: (-x[1], -x[4]))
    return out, unread


def audit_lines(rows, md, limit=12):
    head = ['rule', 'recall lost', 'pages', 'truth shingles', 'other shingles']
    body = [[f'`{r[0]}`' if md else r[0], f'{r[1]:.4f}', str(r[2]), str(r[3]), str(r[4])]
            for r in rows[:limit]]
    if md:
        return (['| ' + ' | '.join(head) + ' |', '| --- | ---: | ---: | ---: | ---: |']
                + ['| ' + ' | '.join(b) + ' |' for b in body])
    w = [max(len(x[k]) for x in [head] + body) for k in range(len(head))]
    return ['  '.join(c.ljust(w[k]) if k == 0 else c.rjust(w[k]) for k, c in enumerate(x))
            for x in [head] + body]


def load_analyse(score_py):
    """score.py's tokeniser (tokens, Counter of shingles), so that the
    audit counts shingles exactly as the benchmark does."""
    spec = importlib.util.spec_from_file_location('pith_score', score_py)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
        return mod.analyse
    except (OSError, SyntaxError, AttributeError) as e:
        raise SetupError(f'{show_path(score_py)}: no analyse() to count shingles with ({e})')


def cpus():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def default_corpora():
    """Every corpus folder in ../shared/corpus, the article corpora first."""
    top = os.path.join(SHARED, 'corpus')
    found = sorted(n for n in os.listdir(top) if os.path.isdir(os.path.join(top, n)))
    order = [n for n in ARTICLE_CORPORA if n in found] + [n for n in found if n not in ARTICLE_CORPORA]
    if not order:
        raise SetupError(f'no corpus folders in {show_path(top)}; pass --corpus DIR')
    return [os.path.join(top, n) for n in order]


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog='bench-quality.py',
        description='Run every pith algorithm over article-extraction corpora and print a quality table.')
    ap.add_argument('--corpus', action='append', metavar='DIR',
                    help='corpus folder, repeatable (default: every corpus in ../shared/corpus)')
    ap.add_argument('--article', action='append', metavar='NAME',
                    help='a corpus (folder name) whose truth is one article a page, repeatable: the '
                         'macro mean is over these (default: ' + ', '.join(ARTICLE_CORPORA) + ')')
    ap.add_argument('--pith', default=os.path.join(REPO, 'pith'), metavar='PATH',
                    help='the pith binary (default: ./pith in the repository)')
    ap.add_argument('-a', '--algorithm', action='append', dest='algos', metavar='ALGO',
                    help='algorithm, repeatable (default: every one `pith --list-algorithms` lists)')
    ap.add_argument('--jobs', '-j', type=int, default=cpus(), metavar='N',
                    help='parallel pith processes (default: the number of CPUs)')
    ap.add_argument('--timeout', type=float, default=30, metavar='S',
                    help='seconds per page before pith is killed and the page failed (default 30)')
    ap.add_argument('--score', default=DEFAULT_SCORE, metavar='PATH',
                    help='the scorer (default: ../shared/bench/score.py)')
    g = ap.add_mutually_exclusive_group()
    g.add_argument('--peers', metavar='FILE',
                   help='other extractors\' outputs (score.py multi-system JSON), added to the table of '
                        'every corpus whose ids it covers (default: ../shared/corpus/peers-scrapinghub-dev.json)')
    g.add_argument('--no-peers', action='store_true', help='no peers\' rows')
    ap.add_argument('--per-doc', action='store_true', help='also print each page\'s shingle F1 per algorithm')
    ap.add_argument('--out', metavar='FILE', help='also write the report as Markdown to FILE')
    ap.add_argument('--audit', metavar='ALGO',
                    help='also charge the truth ALGO dropped to the rules that dropped it (pith --explain -f json)')
    ap.add_argument('--no-hybrid', action='store_true',
                    help='leave out the hybrid\'s cross-validation (`pith train` over every corpus)')
    ap.add_argument('--perturb', choices=list(PERTURB_MODES),
                    help='pass every page through the perturber first, parsed and written again: '
                         + '; '.join(k + (v and ' (' + v[2:] + ')') for k, v in PERTURB_MODES.items()))
    ap.add_argument('--perturber', default=os.path.join(REPO, 'build', 'perturb'), metavar='PATH',
                    help='tools/perturb.c\'s binary (default: build/perturb; make build/perturb)')
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error('--jobs must be at least 1')
    if args.timeout <= 0:
        ap.error('--timeout must be positive')
    return args


def main(argv):
    args = parse_args(argv)
    if not args.corpus:
        if not os.path.isdir(SHARED):
            raise SetupError(f'no corpus given and no shared corpora at {show_path(SHARED)}; '
                             'pass --corpus DIR')
        args.corpus = default_corpora()
    if not os.path.isfile(args.score):
        raise SetupError(f'no scorer at {show_path(args.score)}; pass --score PATH to score.py')
    if os.sep not in args.pith:
        args.pith = os.path.join('.', args.pith)
    args.pith = os.path.abspath(args.pith)
    version = (pith_lines(args.pith, '--version') or ['pith (unknown version)'])[0]
    listed = [ln.split()[0] for ln in pith_lines(args.pith, '--list-algorithms') if ln.strip()]
    # template extracts what a user's template selects; with none it has
    # nothing to measure, so it is run only when asked for.
    algos = args.algos or [a for a in listed if a != 'template']
    unknown = [a for a in algos if a not in listed]
    if unknown:
        raise SetupError(f'unknown algorithm {", ".join(unknown)}; pith lists {", ".join(listed)}')
    algos = list(dict.fromkeys(algos))
    if args.audit and args.audit not in listed:
        raise SetupError(f'unknown algorithm {args.audit} to audit; pith lists {", ".join(listed)}')
    analyse = load_analyse(args.score) if args.audit else None
    if args.perturb:
        global PERTURB
        if not os.access(args.perturber, os.X_OK):
            raise SetupError(f'no perturber at {show_path(args.perturber)}; run make build/perturb')
        PERTURB = [os.path.abspath(args.perturber), args.perturb]
        say(f'pages perturbed: {args.perturb}')
    peers = None if args.no_peers else load_peers(args.peers or DEFAULT_PEERS, bool(args.peers))

    git = git_state()
    started = datetime.datetime.now(datetime.timezone.utc)
    with tempfile.TemporaryDirectory(prefix='bench-quality.') as tmp:
        # pith learns sites and caches pages under the XDG folders: keep a
        # benchmark's pages out of the user's own.
        for k in ('XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME'):
            PITH_ENV[k] = os.path.join(tmp, 'xdg-' + k.lower())
        corpora = [load_corpus(os.path.abspath(p), tmp) for p in dict.fromkeys(args.corpus)]
        results = []
        for c in corpora:
            rows, fails, peer_note = bench_corpus(c, args, algos, tmp, peers)
            audit = audit_corpus(c, args, args.audit, analyse) if args.audit else None
            results.append((c, rows, fails, peer_note, audit))
    if args.peers and not any(r[3] for r in results):
        say(f'{show_path(args.peers)}: covers none of the corpora\'s pages; no peers\' rows')

    md = [
        '# Extraction quality',
        '',
        f'Generated by `tools/bench-quality.py` on {started:%Y-%m-%d} (UTC) with `{version}`'
        + (f' (source tree at {git}),' if git else ','),
        f'{args.jobs} pith process(es) at a time and a {args.timeout:g} s limit per page:',
        '',
        '```sh',
        'python3 ' + shlex.join(['tools/bench-quality.py'] + argv),
        '```',
        '',
        'Regenerate it with `make && make bench-quality OUT=docs/evaluation.md` (or the command',
        'above); every figure comes from the script, none is typed by hand.',
        '',
        'Columns: shingle F1, P and R are the ScrapingHub article-extraction benchmark metric',
        '(token 4-gram overlap with the true article text, P and R averaged over pages, F1 from',
        f'the two means), LCS F1 the CleanEval-style word-LCS F1, both computed by `{show_path(args.score)}`;',
        '*failures* are pages where pith exited non-zero (including 1, "no article found"),',
        'died or timed out, scored as empty text; *wall* is the time pith took over the corpus.',
    ]
    if args.perturb:
        md += ['', f'Every page went through `tools/perturb.c {args.perturb}` first (parsed by gumbo and '
               'written again' + PERTURB_MODES[args.perturb] + ').']
    if any(r[3] for r in results):
        md.append('pith\'s rows are in bold; the other rows are the peers\' published outputs on the same pages.')
    for c, rows, fails, peer_note, audit in results:
        src = f'{show_path(c.path)}, {len(c.truth)} pages, truth from `{c.truth_note}`'
        print(f'\n{c.name} ({src})')
        print(text_table(rows))
        if any(not r['pith'] for r in rows):
            print(f'  (* = pith; peers from {peer_note})')
        fl = failure_lines(fails)
        for ln in fl:
            print('failures: ' + ln)
        if args.per_doc:
            print()
            print('\n'.join(per_doc_lines(rows, fails)))
        md += ['', f'## {c.name}', '', f'`{show_path(c.path)}`: {len(c.truth)} pages, truth from '
               f'`{c.truth_note}`' + (f', peers from `{peer_note}`.' if peer_note else '.'), '', md_table(rows)]
        if fl:
            md += ['', 'Failed pages:', ''] + [f'- {ln}' for ln in fl]
        if audit:
            arows, unread = audit
            r = next((x['r'] for x in rows if x['pith'] and x['name'] == args.audit), None)
            said = (f'Where `{args.audit}`\'s recall ({r:.3f}) goes: the share of the truth\'s shingles '
                    'that sat in blocks each rule dropped, averaged over pages' if r is not None else
                    f'Where `{args.audit}`\'s recall goes: the share of the truth\'s shingles in blocks '
                    'each rule dropped, averaged over pages')
            said += (f'; {unread} page(s) gave no --explain and are left out.' if unread else '.')
            print(f'\n{c.name}: recall lost by rule ({args.audit})')
            print('\n'.join(audit_lines(arows, False)))
            md += ['', f'### {c.name}: recall lost by rule', '', said, ''] + audit_lines(arows, True)
    names, mrows = macro_rows(results, args.article or ARTICLE_CORPORA)
    if mrows:
        note = (f'Shingle F1 per article corpus ({", ".join(names)}), their macro mean with the '
                'means of P and R, and the macro F1 of each half of every corpus\'s pages (even and odd '
                'positions in id order): a threshold is fitted on one half and kept only if the other agrees.')
        print('\nmacro mean over the article corpora')
        print(macro_table(names, mrows, False))
        md += ['', '## macro mean over the article corpora', '', note, '', macro_table(names, mrows, True)]
    if not args.no_hybrid and len(corpora) > 0:
        md += hybrid_section(args.pith, [c.path for c in corpora])
    sys.stdout.flush()
    if args.out:
        tmp_out = args.out + '.tmp'
        try:
            os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
            with open(tmp_out, 'w', encoding='utf-8') as f:
                f.write('\n'.join(md) + '\n')
            os.replace(tmp_out, args.out)
        except OSError as e:
            raise SetupError(f'{args.out}: {e.strerror}')
        say(f'wrote {args.out}')
    return 0


def on_term(signum, frame):
    raise SystemExit(128 + signum)


if __name__ == '__main__':
    signal.signal(signal.SIGTERM, on_term)
    try:
        sys.exit(main(sys.argv[1:]))
    except SetupError as e:
        say(str(e))
        sys.exit(2)
    except ScoreError as e:
        say(str(e))
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
