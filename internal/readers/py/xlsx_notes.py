# Reads .xlsx workbooks (argv[2:]) with openpyxl and writes JSON to argv[1]:
# one object per workbook, in order, {sheet: {ref: {"text": ..., "author":
# ...}}}, every cell note (legacy comment) of every sheet, its runs' text
# joined. Nothing else is kept: one process serves every workbook.
import json
import sys
import warnings

import openpyxl

warnings.simplefilter("ignore")


def book(path):
    wb = openpyxl.load_workbook(path)
    return {ws.title: {c.coordinate: {"text": c.comment.text, "author": c.comment.author or ""}
                       for c in ws._cells.values() if c.comment is not None}
            for ws in wb.worksheets}


def main():
    books = []
    for i, path in enumerate(sys.argv[2:]):
        try:
            books.append(book(path))
        except Exception as e:  # say which workbook: the caller names it by index
            sys.stderr.write("workbook %d of %d: %s: %s\n" % (i, len(sys.argv) - 2, type(e).__name__, e))
            sys.exit(1)
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(books, f, ensure_ascii=False)


main()
