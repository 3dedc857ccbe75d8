# Reads .xlsx workbooks (argv[2:]) with openpyxl, data_only=True (a
# formula's cached value), and writes JSON to argv[1]: one object per
# workbook, in order, {sheet: {ref: {"v": value, "t": type, "f": format,
# "n": number}}} for every cell with a value or a formula, hidden sheets
# included. "v" is the value as text (null for a formula with no cached
# value): booleans "TRUE"/"FALSE", whole numbers without ".0", other
# numbers as Python's repr, dates and times ISO 8601. "t" is openpyxl's
# data type (s, n, b, d, e), f for a formula cell (found by a read-only
# load keeping formulas), "f" the number format, "n" the number the cell
# holds (a date's serial number in the workbook's date system, a
# boolean's 1 or 0), or null for text. One process reads every workbook:
# starting Python and importing openpyxl costs more than reading a small
# workbook.
import datetime
import json
import sys
import warnings

import openpyxl
from openpyxl.utils.datetime import to_excel

warnings.simplefilter("ignore")


def text(v):
    if v is None:
        return None
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return v.isoformat()
    return str(v)


def number(v, epoch):
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return float(to_excel(v, epoch))
    return None


def formula_cells(path):
    # Which cells hold a formula: a read-only load streams the sheets, a
    # third of the time of a full one.
    wb = openpyxl.load_workbook(path, data_only=False, read_only=True)
    found = {}
    for ws in wb.worksheets:
        found[ws.title] = {cell.coordinate for row in ws.iter_rows() for cell in row
                           if getattr(cell, "data_type", None) == "f"}
    wb.close()
    return found


def book(path):
    formulas = formula_cells(path)
    cached = openpyxl.load_workbook(path, data_only=True)
    out = {}
    for ws in cached.worksheets:
        fs = formulas.get(ws.title, set())
        cells = {}
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is None and cell.coordinate not in fs:
                    continue
                v = cell.value
                cells[cell.coordinate] = {"v": text(v), "t": "f" if cell.coordinate in fs else cell.data_type,
                                          "f": cell.number_format, "n": number(v, cached.epoch)}
        out[ws.title] = cells
    return out


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
