# Reads .xlsx workbooks (argv[2:]) with openpyxl and writes JSON to argv[1]:
# one object per workbook, in order, {sheet: parts}, hidden sheets
# included, where parts is what a full load reads of the sheet beside its
# values (xlsx_values.py reads those):
#   "formulas":    {ref: formula ("=SUM(A1:A2)")}, shared formulas translated
#   "numFmtIds":   {ref: the numFmtId of the cell's format}, for every cell
#                  holding a value whose format is not General (0)
#   "merges":      [range], as openpyxl writes them ("A1:B2")
#   "links":       {ref: {"target", "location", "display", "tooltip"}}, each
#                  cell's hyperlink as openpyxl binds it ("" for absent)
#   "notes":       {ref: {"text", "author"}}
#   "validations": [{"sqref", "type", "operator", "formula1", "formula2",
#                  "prompt", "promptTitle", "x14"}]: openpyxl's, then those
#                  of the x14 extension, which openpyxl drops and this script
#                  reads from the sheet's XML with ElementTree
#   "dimension":   the <dimension> the sheet declares, "" for none
#   "inline":      [ref] of the cells holding an inline string
#   "rich":        [ref] of the cells holding a rich-text shared string
# One process serves every workbook.
import posixpath
import re
import warnings
import xml.etree.ElementTree as ET
import zipfile

import openpyxl

warnings.simplefilter("ignore")

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
STRICT = "{http://purl.oclc.org/ooxml/spreadsheetml/main}"
REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
X14 = "{http://schemas.microsoft.com/office/spreadsheetml/2009/9/main}"
XM = "{http://schemas.microsoft.com/office/excel/2006/main}"
DIMENSION = re.compile(r'<(?:\w+:)?dimension\b[^>]*?\bref=["\']([^"\']*)["\']')


def local(tag):
    return tag.rsplit("}", 1)[-1]


def sheet_parts(z):
    # Sheet name -> its part, from the workbook part and its relationships.
    rels = {}
    for r in ET.fromstring(z.read("xl/_rels/workbook.xml.rels")):
        t = r.get("Target", "")
        rels[r.get("Id")] = t.lstrip("/") if t.startswith("/") else posixpath.normpath(posixpath.join("xl", t))
    out = {}
    for el in ET.fromstring(z.read("xl/workbook.xml")).iter():
        if local(el.tag) == "sheet":
            rid = next((v for k, v in el.attrib.items() if local(k) == "id" and k.startswith("{")), None)
            if rid in rels:
                out[el.get("name")] = rels[rid]
    return out


def rich_items(z):
    # The indices of the shared strings made of runs (<r>).
    if "xl/sharedStrings.xml" not in z.namelist():
        return set()
    rich = set()
    for i, si in enumerate(x for x in ET.fromstring(z.read("xl/sharedStrings.xml")) if local(x.tag) == "si"):
        if any(local(c.tag) == "r" for c in si):
            rich.add(i)
    return rich


def x14_rules(root):
    rules = []
    for dv in root.iter(X14 + "dataValidation"):
        def formula(name):
            el = dv.find(X14 + name)
            f = el.find(XM + "f") if el is not None else None
            return (f.text or "") if f is not None else ""
        sq = dv.find(XM + "sqref")
        rules.append({"sqref": (sq.text or "") if sq is not None else "", "type": dv.get("type", ""),
                      "operator": dv.get("operator", ""), "formula1": formula("formula1"),
                      "formula2": formula("formula2"), "prompt": dv.get("prompt"),
                      "promptTitle": dv.get("promptTitle"), "x14": True})
    return rules


def xml_facts(z, part, rich):
    # The dimension, the inline and rich-text cells and the x14 rules of a
    # worksheet part, read from its XML.
    data = z.read(part)
    m = DIMENSION.search(data[:4096].decode("utf-8", "replace"))
    inline, rich_refs = [], []
    root = ET.fromstring(data)
    for c in root.iter():
        if local(c.tag) != "c":
            continue
        t, ref = c.get("t", ""), c.get("r", "")
        if t == "inlineStr":
            inline.append(ref)
        elif t == "s" and rich:
            v = next((x for x in c if local(x.tag) == "v"), None)
            if v is not None and (v.text or "").strip().isdigit() and int(v.text) in rich:
                rich_refs.append(ref)
    return (m.group(1) if m else ""), inline, rich_refs, x14_rules(root)


def fmt_id(c):
    # The numFmtId of the cell's format; a cell openpyxl made with no
    # style array has General's.
    st = getattr(c, "_style", None)
    return st.numFmtId if st is not None else 0


def link(h):
    return {"target": h.target or "", "location": h.location or "", "display": h.display or "",
            "tooltip": h.tooltip or ""}


def book(path):
    wb = openpyxl.load_workbook(path)
    z = zipfile.ZipFile(path)
    parts, rich = sheet_parts(z), rich_items(z)
    out = {}
    for ws in wb.worksheets:
        cells = list(ws._cells.values())
        dim, inline, rich_refs, x14 = ("", [], [], [])
        if ws.title in parts:
            dim, inline, rich_refs, x14 = xml_facts(z, parts[ws.title], rich)
        out[ws.title] = {
            "formulas": {c.coordinate: str(c.value) for c in cells if c.data_type == "f"},
            "numFmtIds": {c.coordinate: fmt_id(c) for c in cells if c.value is not None and fmt_id(c) != 0},
            "merges": [str(r) for r in ws.merged_cells.ranges],
            "links": {c.coordinate: link(c.hyperlink) for c in cells if c.hyperlink is not None},
            "notes": {c.coordinate: {"text": c.comment.text, "author": c.comment.author or ""}
                      for c in cells if c.comment is not None},
            "validations": [{"sqref": str(dv.sqref), "type": dv.type or "", "operator": dv.operator or "",
                             "formula1": dv.formula1 or "", "formula2": dv.formula2 or "",
                             "prompt": dv.prompt, "promptTitle": dv.promptTitle, "x14": False}
                            for dv in ws.data_validations.dataValidation] + x14,
            "dimension": dim,
            "inline": inline,
            "rich": rich_refs,
        }
    z.close()
    return out


# main: books_main.py, appended by runBooks.
