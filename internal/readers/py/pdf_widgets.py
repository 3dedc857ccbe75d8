# Reads a PDF (argv[1]) through PyMuPDF's widget API and writes JSON to argv[2]:
# {field_name: field_value}. A field with several widgets (a radio group,
# a field shown on two pages) keeps the first value that is neither empty
# nor "Off". Checkboxes and radio groups give their on-state name (often
# "Yes") or "Off"; list boxes with several selections give "a, b".
import json
import sys

import fitz


def text(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return "Yes" if v else "Off"
    if isinstance(v, (list, tuple)):
        return ", ".join(text(x) for x in v)
    return str(v)


def main():
    d = fitz.open(sys.argv[1])
    fields = {}
    for page in d:
        for w in page.widgets():
            v = text(w.field_value)
            old = fields.get(w.field_name)
            if old is None or (old in ("", "Off") and v not in ("", "Off")):
                fields[w.field_name] = v
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump(fields, out, ensure_ascii=False)


main()
