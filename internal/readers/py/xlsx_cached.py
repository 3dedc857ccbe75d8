# Reads a .xlsx (argv[1]) with openpyxl data_only=True: the values cached in
# formula cells, as previews and pandas show them. Writes JSON to argv[2]:
# {sheet: {ref: value}} for every formula cell and every non-empty cell of
# every sheet; a formula cell without a cached value maps to null. Values are
# Python's str(), booleans "TRUE"/"FALSE".
import json
import sys
import warnings

import openpyxl

warnings.simplefilter("ignore")


def text(v):
    if v is None:
        return None
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def main():
    formulas = openpyxl.load_workbook(sys.argv[1], data_only=False)
    cached = openpyxl.load_workbook(sys.argv[1], data_only=True)
    out = {}
    for ws in cached.worksheets:
        fs = formulas[ws.title]
        c = {}
        for row in fs.iter_rows():
            for cell in row:
                if cell.data_type == "f" or cell.value is not None:
                    c[cell.coordinate] = text(ws[cell.coordinate].value)
        out[ws.title] = c
    with open(sys.argv[2], "w") as f:
        json.dump(out, f)


main()
