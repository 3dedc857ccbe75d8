# Reads a .xlsx (argv[1]) with openpyxl data_only=True and writes JSON to
# argv[2]: {sheet: {ref: data_type}} for every non-empty cell, the type of
# the value a formula cell has cached ("s", "n", "b", "d", "e").
import json
import sys
import warnings

import openpyxl

warnings.simplefilter("ignore")


def main():
    cached = openpyxl.load_workbook(sys.argv[1], data_only=True)
    out = {}
    for ws in cached.worksheets:
        c = {}
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is not None:
                    c[cell.coordinate] = cell.data_type
        out[ws.title] = c
    with open(sys.argv[2], "w") as f:
        json.dump(out, f)


main()
