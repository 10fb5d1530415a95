#!/usr/bin/python3
# -------------------------------------------------------------------------
#
# prose.py
#	  How long the sentences of the documentation are: the median, the
#	  90th percentile and the longest, in words, of README.md and doc/*.md
#	  (or the files given), and the longest table cell.
#
# Prose is what is outside code blocks and tables: paragraphs, list items
# and headings' text excluded.  A sentence ends with ".", "!" or "?"
# before a blank or the end of its paragraph; inline code counts as one
# word.  Table cells are counted apart, each as one text.
#
# Usage: python3 tools/prose.py [--root DIR] [FILE...]
# Prints one line per file and one for all of them.
#
# Copyright (c) 2026, idtypes developers
#
# tools/prose.py
#
# -------------------------------------------------------------------------
import argparse
import glob
import os
import re
import statistics

SENTENCE_END = re.compile(r'(?<=[.!?])\s+(?=[A-Z`(*\[])')


def words(text):
    text = re.sub(r'`[^`]*`', 'CODE', text)
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)
    return [w for w in text.split() if re.search(r'\w', w)]


def blocks(path):
    """The prose paragraphs and the table cells of a Markdown file."""
    paragraphs, cells, current = [], [], []
    fenced = False
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.lstrip().startswith('```'):
            fenced = not fenced
            continue
        if fenced:
            continue
        if line.startswith('|'):
            cells += [c.strip() for c in line.strip('|').split('|')
                      if c.strip() and not re.fullmatch(r':?-+:?', c.strip())]
            continue
        if not line.strip() or line.startswith('#') or re.match(r'\s*([-*]|\d+\.)\s', line):
            if current:
                paragraphs.append(' '.join(current))
            current = []
            if line.strip() and not line.startswith('#'):
                current = [re.sub(r'^\s*([-*]|\d+\.)\s+', '', line)]
            continue
        current.append(line.strip())
    if current:
        paragraphs.append(' '.join(current))
    return paragraphs, cells


def sentence_lengths(paragraphs):
    out = []
    for p in paragraphs:
        for s in SENTENCE_END.split(p):
            n = len(words(s))
            if n:
                out.append(n)
    return out


def summary(name, lengths, cells):
    if not lengths:
        return '%s: no sentences' % name
    q = statistics.quantiles(lengths, n=10) if len(lengths) > 1 else lengths
    longest_cell = max((len(words(c)) for c in cells), default=0)
    return '%s: %d sentences, median %g words, 90th percentile %g, longest %d; longest table cell %d words' % (
        name, len(lengths), statistics.median(lengths), round(q[-1], 1), max(lengths), longest_cell)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    ap.add_argument('files', nargs='*')
    args = ap.parse_args()
    files = args.files or [os.path.join(args.root, 'README.md')] + sorted(glob.glob(os.path.join(args.root, 'doc', '*.md')))
    all_lengths, all_cells = [], []
    for f in files:
        paragraphs, cells = blocks(f)
        lengths = sentence_lengths(paragraphs)
        all_lengths += lengths
        all_cells += cells
        print(summary(os.path.relpath(f, args.root), lengths, cells))
    print(summary('all', all_lengths, all_cells))


if __name__ == '__main__':
    main()
