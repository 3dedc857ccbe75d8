# Reads .xlsx workbooks (argv[2:]) with openpyxl and writes JSON to argv[1]:
# one object per workbook, in order, {sheet: {ref: {"text": ..., "author":
# ...}}}, every cell note (legacy comment) of every sheet, its runs' text
# joined. Nothing else is kept: one process serves every workbook.
import warnings

import openpyxl

warnings.simplefilter("ignore")


def book(path):
    wb = openpyxl.load_workbook(path)
    return {ws.title: {c.coordinate: {"text": c.comment.text, "author": c.comment.author or ""}
                       for c in ws._cells.values() if c.comment is not None}
            for ws in wb.worksheets}


# main: books_main.py, appended by runBooks.
