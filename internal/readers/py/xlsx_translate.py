# Shifts formulas with openpyxl's Translator and writes JSON to argv[1]:
# reads a JSON list of [formula, columns, rows] from argv[2] and writes one
# entry per formula, in order: the formula as it reads from a cell that
# many columns and rows away from the cell that holds it (a shared
# formula's member from its master), with no leading "=", or null when
# openpyxl refuses it. One process serves every formula.
import json
import re
import sys
import warnings

from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.formula.translate import Translator
from openpyxl.utils.cell import column_index_from_string, get_column_letter

warnings.simplefilter("ignore")

# A cell, column or row reference, $ marks allowed.
REF = re.compile(r"\$?([A-Za-z]*)\$?([0-9]*)")


def on_sheet(formula):
    # Whether every cell, column and row the formula's references name is
    # on a sheet of Excel's size (XFD columns, 1048576 rows).
    for tok in Tokenizer(formula).items:
        if tok.type != Token.OPERAND or tok.subtype != Token.RANGE:
            continue
        for part in tok.value.rpartition("!")[2].split(":"):
            m = REF.fullmatch(part)
            if not m or len(m.group(1)) > 3:
                continue  # a name, a table, #REF!
            col, row = m.group(1), m.group(2)
            if col and column_index_from_string(col.upper()) > 16384:
                return False
            if row and int(row) > 1048576:
                return False
    return True


def shifted(formula, cols, rows):
    # Place the origin so that the destination is on the sheet: Translator
    # takes two cells, not an offset.
    oc, orow = max(1, 1 - cols), max(1, 1 - rows)
    origin = get_column_letter(oc) + str(orow)
    dest = get_column_letter(oc + cols) + str(orow + rows)
    try:
        out = Translator("=" + formula, origin=origin).translate_formula(dest)
        if not on_sheet(out):  # may not tokenize: Data!x'y moves to x'y
            return None
    except Exception:
        return None
    return out[1:] if out.startswith("=") else out


def main():
    with open(sys.argv[2], encoding="utf-8") as f:
        shifts = json.load(f)
    out = [shifted(f, c, r) for f, c, r in shifts]
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(out, f)


main()
