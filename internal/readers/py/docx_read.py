# Reads a .docx (argv[1]) with python-docx and writes JSON to argv[2]:
#   {"lines": [...], "tables": [[[cell, ...], ...], ...]}
# lines: the text of every paragraph in document order, one entry each,
#   walking into tables (row by row, nested tables included), content
#   controls (w:sdt) at any level and w:customXml. Runs inside inline
#   content controls, hyperlinks, fields (their results, not their
#   instructions) and smart tags count; deleted text, text boxes, headers
#   and footers do not.
# tables: the top-level tables of the body (also those inside a body-level
#   content control), as rows of cells, where rows and cells wrapped in
#   w:sdt count like plain ones; a cell's text is its lines joined by "\n"
#   (so a nested table's text is part of its cell's text).
# python-docx opens the package (it fails on a broken one); the walk reads
# python-docx's lxml tree, because python-docx's own .paragraphs/.tables
# skip content controls.
import json
import sys

import docx

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
SKIP = {W + "pPr", W + "rPr", W + "sdtPr", W + "sdtEndPr", W + "instrText",
        W + "delText", W + "del", W + "txbxContent", MC + "Fallback"}
WRAPPERS = {W + "sdt", W + "sdtContent", W + "customXml", W + "smartTag"}


def para_text(p):
    out = []

    def walk(el):
        for c in el:
            tag = c.tag
            if tag in SKIP:
                continue
            if tag == W + "t":
                out.append(c.text or "")
            elif tag == W + "tab":
                out.append("\t")
            elif tag in (W + "br", W + "cr"):
                out.append("\n")
            elif tag == W + "noBreakHyphen":
                out.append("-")
            else:
                walk(c)

    walk(p)
    return "".join(out)


def children(el, want):
    """Children of el with tag want, looking through sdt/customXml wrappers."""
    for c in el:
        if c.tag == want:
            yield c
        elif c.tag in WRAPPERS:
            yield from children(c, want)


def block_lines(el, lines):
    for c in el:
        if c.tag == W + "p":
            lines.append(para_text(c))
        elif c.tag == W + "tbl":
            for tr in children(c, W + "tr"):
                for tc in children(tr, W + "tc"):
                    block_lines(tc, lines)
        elif c.tag in WRAPPERS:
            block_lines(c, lines)


def table_rows(tbl):
    rows = []
    for tr in children(tbl, W + "tr"):
        cells = []
        for tc in children(tr, W + "tc"):
            lines = []
            block_lines(tc, lines)
            cells.append("\n".join(lines))
        rows.append(cells)
    return rows


def main():
    d = docx.Document(sys.argv[1])
    body = d.element.body
    lines = []
    block_lines(body, lines)
    tables = [table_rows(t) for t in children(body, W + "tbl")]
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump({"lines": lines, "tables": tables}, out, ensure_ascii=False)


main()
