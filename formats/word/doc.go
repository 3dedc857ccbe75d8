// Package word is formfill's engine for Word .docx questionnaires. It
// reads word/document.xml behind the archive guard into an etree tree
// (with the XML layer's reader, package wordxml: parse.go; a plain
// verify_output and most writes leave paragraphs unbuilt until they are
// read, verify.go and lazywrite.go), gives every fillable thing a stable
// element ID, and writes answers back without breaking the document: only
// word/document.xml is re-serialised (with, when a write adds comments,
// the comments part and, when it is new, the relationships and content
// types that register it, package revision; and, when it strips active
// content, the parts it cleans); every other zip entry is copied raw,
// byte for byte.
//
// # Element IDs
//
// IDs are pure functions of the document bytes, re-derived on every call:
//
//   - P5: the fifth paragraph that is a direct child of w:body.
//   - T2: the second table that is a direct child of w:body; T2-R3 its third
//     row; T2-R3-C1 the first cell of that row. Rows wrapped in a row-level
//     content control (w:tbl/w:sdt/w:sdtContent/w:tr) count as rows of their
//     table in document order, and cells wrapped in a cell-level control
//     (w:tr/w:sdt/w:sdtContent/w:tc) count as cells of their row; their
//     XPaths go through the w:sdt/w:sdtContent steps. w:customXml wrappers
//     are looked through the same way.
//   - T1-R2-C2/T1-R1-C1: cell R1-C1 of the first table nested in cell
//     T1-R2-C2. Each nesting level appends "/T<n>-R<r>-C<c>", where n counts
//     the tables inside that cell (directly or through those wrappers);
//     the nested table itself is T1-R2-C2/T1.
//   - T4-R3-C1-P3: the third paragraph of cell T4-R3-C1 (looking through
//     cell-level wrappers). These are resolved on demand rather than listed
//     for every cell: list_form_fields uses them, and the compact map shows
//     them indented under their cell, when one cell holds several fields
//     in different paragraphs (a signature block asking for a name, a
//     title and a date), so that no two of them share an ID.
//   - SDT2: the second content control that is a direct child of w:body
//     (a block-level control). The paragraphs and tables inside it are
//     SDT2-P1, SDT2-T1, SDT2-T1-R1-C1 and so on. Body-level controls do not
//     shift the P and T numbering.
//
// Every ID maps to an XPath of the form /w:body/w:tbl[2]/w:tr[3]/w:tc[2]
// (cell IDs map to the w:tc, paragraph IDs to the w:p, SDT IDs to the
// w:sdt). XPaths from outside are checked against a strict pattern (only
// absolute child steps through w: elements with positive indices: no "//",
// "..", wildcards, predicates or functions) before etree evaluates them.
//
// The engine expects the WordprocessingML main namespace under the prefix
// "w", as Word, LibreOffice and every mainstream generator write it.
//
// # Answer targets
//
// targets.go (with targetparas.go and targetcells.go) finds the elements
// answers go in: paragraphs and cells with fields, content controls, check
// boxes (glyphs included) or placeholders; "Label:" lines answered after
// their colon; the empty lines under a question; and, read as tables, the
// empty cell beside a label, under a question row, or in a data row under
// a header, and cells of option hints. Header rows, gap columns,
// revision-history tables, example rows, tables of contents and sections
// kept for the issuer are not. Targets never nest, each says what it
// accepts (accepts.go), and list_form_fields lists the same set.
package word
