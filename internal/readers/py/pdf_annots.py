# Reads the annotations of a PDF (argv[1]) with PyMuPDF and writes JSON to
# argv[2]: one entry per annotation, in page order, except form-field
# widgets and links:
#   [{"page": 1, "type": "Text", "content": "...", "author": "...",
#     "rect": [x0, y0, x1, y1], "flags": 0}]
# rect is in PyMuPDF's page coordinates (origin top left); flags are the
# annotation's /F bits (4 = print).
import json
import sys

import fitz


def main():
    doc = fitz.open(sys.argv[1])
    out = []
    for page in doc:
        for a in page.annots():
            kind = a.type[1]
            if kind in ("Widget", "Link"):
                continue
            info = a.info
            out.append({
                "page": page.number + 1,
                "type": kind,
                "content": info.get("content", ""),
                "author": info.get("title", ""),
                "rect": [a.rect.x0, a.rect.y0, a.rect.x1, a.rect.y1],
                "flags": a.flags,
            })
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)


main()
