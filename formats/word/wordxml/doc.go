// Package wordxml is the Word engine's XML layer: it reads a part's bytes
// into an etree tree several times faster than etree's own reader and
// writes a tree back byte for byte as etree would (Read, Write), checks
// and resolves the XPaths callers send (CheckXPath, ResolveXPath, XPathOf),
// and walks WordprocessingML elements (IsW, ChildW, FindW…). It knows
// nothing of element IDs, targets or answers; package word builds those on
// top. The lexical rules it shares with Excel's reader (characters,
// references, the depth bound) come from formats/internal/xmllex.
package wordxml
