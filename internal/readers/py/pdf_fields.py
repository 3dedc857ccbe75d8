# Reads the terminal form fields of a PDF (argv[1]) by walking its field
# tree from /AcroForm /Fields with PyMuPDF (no widget API: the packaged PyMuPDF 1.21 crashes in
# page.widgets() on some forms) and writes JSON to argv[2]:
# {fully.qualified.name: value}, with the same value conventions as pdf_widgets.py: names lose their slash ("Yes",
# "Off"), arrays become "a, b", a missing /V is "".
import json
import re
import sys

import fitz

d = fitz.open(sys.argv[1])


def item(tok):
    if tok.startswith("<"):
        b = bytes.fromhex(tok[1:-1])
        return b[2:].decode("utf-16-be") if b[:2] == b"\xfe\xff" else b.decode("latin-1")
    return tok[1:-1]


def name(x, depth=0):
    t = d.xref_get_key(x, "T")
    me = t[1] if t[0] == "string" else ""
    p = d.xref_get_key(x, "Parent")
    if p[0] == "xref" and depth < 32:
        pn = name(int(p[1].split()[0]), depth + 1)
        return pn + "." + me if pn and me else (pn or me)
    return me


def has_named_kids(x):
    kids = d.xref_get_key(x, "Kids")
    if kids[0] != "array":
        return False
    for ref in re.findall(r"(\d+) 0 R", kids[1]):
        if d.xref_get_key(int(ref), "T")[0] == "string":
            return True
    return False


def refs(tok):
    typ, val = tok
    if typ == "xref":  # an indirect array
        val = d.xref_object(int(val.split()[0]))
    return [int(r) for r in re.findall(r"(\d+) 0 R", val)] if typ in ("array", "xref") else []


def tree():
    """The xrefs of the field dictionaries reachable from /AcroForm
    /Fields: a form may keep stale copies of fields (same /T) outside it,
    which no viewer reads."""
    seen, todo = set(), refs(d.xref_get_key(d.pdf_catalog(), "AcroForm/Fields"))
    while todo:
        x = todo.pop(0)
        if x in seen or len(seen) > 100000:
            continue
        seen.add(x)
        todo.extend(refs(d.xref_get_key(x, "Kids")))
    return sorted(seen)


def main():
    fields = {}
    for x in tree():
        try:
            if d.xref_get_key(x, "T")[0] != "string" or has_named_kids(x):
                continue
            typ, v = d.xref_get_key(x, "V")
        except Exception:
            continue
        if typ == "name":
            v = v.lstrip("/")
        elif typ == "null":
            v = ""
        elif typ == "array":
            v = ", ".join(item(m) for m in re.findall(r"<[0-9A-Fa-f]*>|\([^)]*\)", v))
        fields[name(x)] = v
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump(fields, out, ensure_ascii=False)


main()
