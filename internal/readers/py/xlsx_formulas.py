# Reads a .xlsx (argv[1]) with openpyxl and writes JSON to argv[2]:
# {sheet: {ref: formula}} for every formula cell of every sheet, array
# formulas included (their text, with the leading "="). The cached values
# are XLSXCached's concern; this says which cells hold a formula.
import json
import sys
import warnings

import openpyxl

warnings.simplefilter("ignore")


def main():
    wb = openpyxl.load_workbook(sys.argv[1], data_only=False)
    out = {}
    for ws in wb.worksheets:
        c = {}
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type != "f":
                    continue
                v = cell.value
                c[cell.coordinate] = v if isinstance(v, str) else "=" + str(getattr(v, "text", v) or "")
        out[ws.title] = c
    with open(sys.argv[2], "w") as f:
        json.dump(out, f)


main()
