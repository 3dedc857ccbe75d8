# Reads the form controls of a .docx (argv[1]) with python-docx and writes
# JSON to argv[2]: a list, in document order, of
#   {"kind", "name", "tag", "text", "checked", "placeholder", "options"}
# for every content control (w:sdt, at any level) and every legacy form
# field (w:fldChar begin carrying w:ffData).
# kind: text, richtext, checkbox, dropdown, combobox, date (content
#   controls); legacy-text, legacy-checkbox, legacy-dropdown.
# name: the control's alias (else its tag), or the legacy field's name.
# text: what the control shows (for a legacy field, its result runs; for a
#   legacy dropdown, the selected entry).
# checked: checkbox state (w14:checked, or the legacy checked/default flag).
# placeholder: the control shows its placeholder (w:showingPlcHdr).
import json
import sys

import docx

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
W14 = "{http://schemas.microsoft.com/office/word/2010/wordml}"
TRUE = ("1", "true", "on", None)


def val(el, ns=W):
    return None if el is None else el.get(ns + "val")


def on(el, ns=W):
    """A boolean OOXML property: present and not switched off."""
    return el is not None and val(el, ns) in TRUE


def text_of(el):
    out = []
    for c in el.iter(W + "t", W + "tab", W + "br", W + "cr", W + "p"):
        if c.tag == W + "t":
            out.append(c.text or "")
        elif c.tag == W + "tab":
            out.append("\t")
        elif c.tag == W + "p" and out:
            out.append("\n")
        elif c.tag in (W + "br", W + "cr"):
            out.append("\n")
    return "".join(out).strip("\n")


def sdt(el):
    pr = el.find(W + "sdtPr")
    pr = pr if pr is not None else el
    alias, tag = val(pr.find(W + "alias")), val(pr.find(W + "tag"))
    c = {"kind": "richtext", "name": alias or tag or "", "tag": tag or "", "checked": False,
         "placeholder": on(pr.find(W + "showingPlcHdr")), "options": []}
    box = pr.find(W14 + "checkbox")
    if box is not None:
        c["kind"], c["checked"] = "checkbox", on(box.find(W14 + "checked"), W14)
    for kind in ("dropDownList", "comboBox"):
        lst = pr.find(W + kind)
        if lst is not None:
            c["kind"] = "dropdown" if kind == "dropDownList" else "combobox"
            c["options"] = [i.get(W + "displayText") or i.get(W + "value") or "" for i in lst.findall(W + "listItem")]
    if pr.find(W + "date") is not None:
        c["kind"] = "date"
    elif pr.find(W + "text") is not None:
        c["kind"] = "text"
    content = el.find(W + "sdtContent")
    c["text"] = text_of(content) if content is not None else ""
    return c


def legacy(ff):
    c = {"kind": "legacy-text", "name": val(ff.find(W + "name")) or "", "tag": "", "text": "",
         "checked": False, "placeholder": False, "options": []}
    box, dd = ff.find(W + "checkBox"), ff.find(W + "ddList")
    if box is not None:
        c["kind"] = "legacy-checkbox"
        checked = box.find(W + "checked")
        c["checked"] = on(checked) if checked is not None else val(box.find(W + "default")) in ("1", "true")
    elif dd is not None:
        c["kind"] = "legacy-dropdown"
        c["options"] = [val(e) or "" for e in dd.findall(W + "listEntry")]
        i = val(dd.find(W + "result")) or val(dd.find(W + "default")) or "0"
        if c["options"] and i.isdigit() and int(i) < len(c["options"]):
            c["text"] = c["options"][int(i)]
    return c


def main():
    body = docx.Document(sys.argv[1]).element.body
    out = []
    fields = []  # stack of [control or None, in_result]
    for el in body.iter(W + "sdt", W + "fldChar", W + "t"):
        if el.tag == W + "sdt":
            out.append(sdt(el))
        elif el.tag == W + "fldChar":
            kind = el.get(W + "fldCharType")
            if kind == "begin":
                ff = el.find(W + "ffData")
                c = legacy(ff) if ff is not None else None
                if c is not None:
                    out.append(c)
                fields.append([c, False])
            elif kind == "separate" and fields:
                fields[-1][1] = True
            elif kind == "end" and fields:
                fields.pop()
        elif fields and fields[-1][1] and fields[-1][0] is not None and fields[-1][0]["kind"] == "legacy-text":
            fields[-1][0]["text"] += el.text or ""
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)


main()
