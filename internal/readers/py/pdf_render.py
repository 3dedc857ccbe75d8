# Renders one page of a PDF with MuPDF (PyMuPDF), form field appearances
# included, as a grayscale PGM. Arguments: PDF path, output path, page
# (1-based), resolution in dpi.
import sys

import fitz

path, out, page, dpi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
doc = fitz.open(path)
pix = doc[page - 1].get_pixmap(dpi=dpi, colorspace=fitz.csGRAY, annots=True)
with open(out, "wb") as f:
    f.write(pix.tobytes("pgm"))
