# Reads a .xlsx (argv[1]) with openpyxl (formulas kept, not cached results);
# writes JSON to argv[2]: {"cells": {sheet: {ref: value}}, "types": {sheet: {ref: t}},
# "notes": {sheet: {ref: {"text": ..., "author": ...}}},
# "validations": {sheet: [{"sqref": ..., "type": ..., "operator": ..., "formula1": ...,
# "formula2": ..., "prompt": ..., "promptTitle": ...}]} (prompts null when absent),
# "styled": {sheet: {ref: true}}} (cells with a border or fill) for every non-empty
# cell of every sheet, hidden ones included, and every cell note (comment). Values are
# Python's str() of openpyxl's value, except booleans ("TRUE"/"FALSE") and
# dates/times (ISO 8601). Formula cells hold the formula ("=SUM(A1:A2)").
# Types are openpyxl's data_type: s string, n number, b boolean, d date,
# f formula, e error.
import datetime
import json
import sys
import warnings

import openpyxl

warnings.simplefilter("ignore")


def text(v):
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return v.isoformat()
    return str(v)


def main():
    wb = openpyxl.load_workbook(sys.argv[1], data_only=False)
    cells, types, notes, validations, styled = {}, {}, {}, {}, {}
    for ws in wb.worksheets:
        c, t, n, st = {}, {}, {}, {}
        validations[ws.title] = [{"sqref": str(dv.sqref), "type": dv.type or "", "operator": dv.operator or "",
                                  "formula1": dv.formula1 or "", "formula2": dv.formula2 or "",
                                  "prompt": dv.prompt, "promptTitle": dv.promptTitle}
                                 for dv in ws.data_validations.dataValidation]
        for row in ws.iter_rows():
            for cell in row:
                b = cell.border
                if cell.has_style and (cell.fill.fill_type or any(s is not None and s.style for s in (b.left, b.right, b.top, b.bottom))):
                    st[cell.coordinate] = True
                if cell.comment is not None:
                    n[cell.coordinate] = {"text": cell.comment.text, "author": cell.comment.author or ""}
                if cell.value is None:
                    continue
                c[cell.coordinate] = text(cell.value)
                t[cell.coordinate] = cell.data_type
        cells[ws.title], types[ws.title], notes[ws.title], styled[ws.title] = c, t, n, st
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump({"cells": cells, "types": types, "notes": notes, "validations": validations, "styled": styled}, out, ensure_ascii=False)


main()
