# Reads .xlsx workbooks (argv[2:]) with openpyxl and writes JSON to argv[1]:
# one object per workbook, in order, {"widths": {sheet: {column letter:
# width}}, "styles": {sheet: {cell reference: style}}}: every column
# width the sheet sets, and every cell's style (font, fill, border,
# number format, alignment, protection) as text, so that two workbooks'
# styles compare by what they say, not by their index in the styles part.
# One process serves every workbook.
import warnings

import openpyxl

warnings.simplefilter("ignore")


def style(c, seen):
    # A cell's style is its indices into the workbook's lists: spelled out
    # once per distinct set (repr of openpyxl's objects is slow).
    key = tuple(c._style)
    if key not in seen:
        seen[key] = "|".join(repr(x) for x in (c.font, c.fill, c.border, c.number_format, c.alignment, c.protection))
    return seen[key]


def book(path):
    wb = openpyxl.load_workbook(path)
    widths, styles, seen = {}, {}, {}
    for ws in wb.worksheets:
        widths[ws.title] = {k: d.width for k, d in ws.column_dimensions.items() if d.customWidth}
        styles[ws.title] = {c.coordinate: style(c, seen) for c in ws._cells.values() if c.has_style}
    return {"widths": widths, "styles": styles}


# main: books_main.py, appended by runBooks.
