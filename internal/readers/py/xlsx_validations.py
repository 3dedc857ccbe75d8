# Reads .xlsx workbooks (argv[2:]) with openpyxl and writes JSON to argv[1]:
# one object per workbook, in order, {sheet: [{"sqref": ..., "type": ...,
# "operator": ..., "formula1": ..., "formula2": ..., "prompt": ...,
# "promptTitle": ...}]}, the data validations of every sheet (those of
# <dataValidations>: openpyxl drops the x14 extension's), prompts null when
# absent. Nothing else is read: one process serves every workbook.
import json
import sys
import warnings

import openpyxl

warnings.simplefilter("ignore")


def book(path):
    wb = openpyxl.load_workbook(path)
    return {ws.title: [{"sqref": str(dv.sqref), "type": dv.type or "", "operator": dv.operator or "",
                        "formula1": dv.formula1 or "", "formula2": dv.formula2 or "",
                        "prompt": dv.prompt, "promptTitle": dv.promptTitle}
                       for dv in ws.data_validations.dataValidation]
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
