# Reads .xlsx workbooks (argv[2:]) with openpyxl and writes JSON to argv[1]:
# one object per workbook, in order, {sheet: {ref: {"v": value, "t": type,
# "f": format, "n": number}}} for every cell with a value or a formula,
# hidden sheets included, the cells of a merged range but its first left
# out (as a full load empties them). "v" is the value data_only=True reads
# (a formula's cached result; null when it has none) as text: booleans
# "TRUE"/"FALSE", whole numbers without ".0", other numbers as Python's
# repr, dates and times ISO 8601. "t" is openpyxl's data type with
# formulas kept (s, n, b, d, e, f), "f" the number format, "n" the number
# the cell holds (a date's serial number in the workbook's date system, a
# boolean's 1 or 0), or null for text. Both loads are read-only, streaming
# (a third of the CPU of full loads); one process reads every workbook, as
# starting Python and importing openpyxl costs more than a small workbook.
import datetime
import re
import warnings

import openpyxl
from openpyxl.utils.cell import range_boundaries
from openpyxl.utils.datetime import to_excel

MERGE_CELL = re.compile(r'<(?:\w+:)?mergeCell\b[^>]*?\bref=["\']([^"\']+)["\']')

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


def merged_away(ws):
    # The cells of merged ranges but their first: a full load empties them
    # (MergedCell), a read-only one does not. The ranges are read from the
    # sheet's XML, which a read-only sheet streams again (_get_source is
    # how its own iter_rows opens the part).
    src = ws._get_source()
    try:
        xml = src.read().decode("utf-8", "replace")
    finally:
        src.close()
    away = set()
    for ref in MERGE_CELL.findall(xml):
        c1, r1, c2, r2 = range_boundaries(ref)
        away.update((r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1) if (r, c) != (r1, c1))
    return away


def cells(path, data_only):
    # Every cell with a value, by sheet and (row, column).
    wb = openpyxl.load_workbook(path, data_only=data_only, read_only=True)
    out = {}
    for ws in wb.worksheets:
        ws.reset_dimensions()  # else a sheet's <dimension>, often stale, cuts its rows short
        away = merged_away(ws)
        out[ws.title] = {(cell.row, cell.column): cell for row in ws.iter_rows() for cell in row
                         if getattr(cell, "value", None) is not None and (cell.row, cell.column) not in away}
    return wb, out


def book(path):
    fwb, formulas = cells(path, False)
    wb, cached = cells(path, True)
    out = {}
    for title, fs in formulas.items():
        vs = cached[title]
        result = {}
        for rc, f in fs.items():
            v = vs[rc].value if rc in vs else None
            result[f.coordinate] = {"v": text(v), "t": f.data_type, "f": f.number_format, "n": number(v, wb.epoch)}
        out[title] = result
    fwb.close()
    wb.close()
    return out


# main: books_main.py, appended by runBooks.
