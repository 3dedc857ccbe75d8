# Reads .xlsx workbooks (argv[2:]) with openpyxl and writes JSON to argv[1]:
# one object per workbook, in order, {sheet: [{"sqref": ..., "type": ...,
# "operator": ..., "formula1": ..., "formula2": ..., "prompt": ...,
# "promptTitle": ...}]}, the data validations of every sheet (those of
# <dataValidations>: openpyxl drops the x14 extension's), prompts null when
# absent. Nothing else is read: one process serves every workbook.
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


# main: books_main.py, appended by runBooks.
