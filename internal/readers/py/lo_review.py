# Opens a .docx (argv[2]) in a headless LibreOffice of its own, driven
# through python3-uno, and writes JSON to argv[5]:
#   {"redlines": [{"type", "author", "date"}], "comments": [{"author",
#    "content", "anchor"}], "remaining": N}
# redlines: the tracked changes LibreOffice sees (type Insert, Delete,
#   Format, ParagraphFormat, ...), before the action.
# comments: the comments (annotation fields) with the text they are
#   anchored on, before the action.
# Then it applies argv[1] — "accept" (.uno:AcceptAllTrackedChanges) or
# "reject" (.uno:RejectAllTrackedChanges) — counts the tracked changes left
# ("remaining"), updates every field and saves the document into the folder argv[3] as out.txt
# (Writer's plain-text export, UTF-8) and out.docx. argv[4] is the
# LibreOffice profile URL to use.
import json
import os
import subprocess
import sys
import time
import uuid

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(pipe, proc):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + 90
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except Exception:
            if proc.poll() is not None:
                sys.exit("soffice exited with status %d before accepting connections" % proc.returncode)
            if time.time() > deadline:
                sys.exit("soffice did not accept a connection within 90 s")
            time.sleep(0.1)


def url(path):
    return uno.systemPathToFileUrl(os.path.abspath(path))


def review(doc):
    out = {"redlines": [], "comments": []}
    for r in doc.getRedlines():
        d = r.getPropertyValue("RedlineDateTime")
        out["redlines"].append({
            "type": r.getPropertyValue("RedlineType"),
            "author": r.getPropertyValue("RedlineAuthor"),
            "date": "%04d-%02d-%02dT%02d:%02d:%02d" % (d.Year, d.Month, d.Day, d.Hours, d.Minutes, d.Seconds),
        })
    for f in doc.getTextFields():
        if f.supportsService("com.sun.star.text.textfield.Annotation"):
            out["comments"].append({
                "author": f.getPropertyValue("Author"),
                "content": f.getPropertyValue("Content"),
                "anchor": f.getAnchor().getString(),
            })
    return out


def main():
    action, src, outdir, profile, out_json = sys.argv[1:6]
    pipe = "formfill_" + uuid.uuid4().hex
    proc = subprocess.Popen(
        ["soffice", "-env:UserInstallation=" + profile, "--headless", "--invisible", "--norestore",
         "--nologo", "--nodefault", "--accept=pipe,name=%s;urp;" % pipe],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        ctx = connect(pipe, proc)
        smgr = ctx.ServiceManager
        desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        doc = desktop.loadComponentFromURL(url(src), "_blank", 0, (prop("Hidden", True),))
        if doc is None:
            sys.exit("LibreOffice could not open " + src)
        res = review(doc)
        if action in ("accept", "reject"):
            cmd = ".uno:AcceptAllTrackedChanges" if action == "accept" else ".uno:RejectAllTrackedChanges"
            disp = smgr.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
            disp.executeDispatch(doc.getCurrentController().getFrame(), cmd, "", 0, ())
        else:
            sys.exit("unknown action " + action)
        res["remaining"] = len(list(doc.getRedlines()))
        # Accepting or rejecting changes that add or remove paragraphs makes
        # Writer recompute the reference fields (a REF to a numbered
        # paragraph) while a document without changes keeps the results
        # saved in the file: refresh every field so the text of any two
        # documents compares by their content, not by which had changes.
        doc.getTextFields().refresh()
        doc.storeToURL(url(os.path.join(outdir, "out.txt")),
                       (prop("FilterName", "Text (encoded)"), prop("FilterOptions", "UTF8")))
        doc.storeToURL(url(os.path.join(outdir, "out.docx")), (prop("FilterName", "MS Word 2007 XML"),))
        doc.close(True)
        try:
            desktop.terminate()
        except Exception:
            pass  # the bridge goes down with the office
        with open(out_json, "w", encoding="utf-8") as f:
            json.dump(res, f, ensure_ascii=False)
    finally:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


main()
