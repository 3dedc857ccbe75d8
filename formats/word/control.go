package word

import (
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// textControls lists the content controls inside el that take text (not
// checkboxes, not row or cell wrappers), outside nested tables.
func textControls(el *etree.Element) []*etree.Element {
	var out []*etree.Element
	descend(el, func(e *etree.Element) bool {
		if e != el && isW(e, "tbl") {
			return false
		}
		if isW(e, "sdt") && sdtCheckbox(e) == nil {
			sc := childW(e, "sdtContent")
			if sc != nil && len(findW(sc, "tc")) == 0 && len(findW(sc, "tr")) == 0 {
				out = append(out, e)
				return false
			}
		}
		return true
	})
	return out
}

// fillControl writes the answer into the one text control the target
// holds, keeping the control: the content is replaced and the placeholder
// flag cleared. Drop-down answers must be one of the options. It reports
// whether the target was a control target.
func fillControl(t target, text string, c *content) (bool, error) {
	ctls := textControls(t.el)
	if len(ctls) == 0 {
		return false, nil
	}
	if len(ctls) > 1 {
		xps := make([]string, len(ctls))
		for i, s := range ctls {
			xps[i] = xpathOf(rootBody(t.el), s)
		}
		return true, formats.Errorf(formats.ErrInvalidArgument, t.id,
			"the target holds %d content controls; address one by xpath: %s", len(ctls), strings.Join(xps, ", "))
	}
	sdt := ctls[0]
	if c == nil {
		if opts := controlOptions(sdt); len(opts) > 0 && pathW(sdt, "sdtPr", "dropDownList") != nil {
			pick, ok := matchOption(opts, text)
			if !ok {
				return true, formats.Errorf(formats.ErrInvalidArgument, t.id,
					"%q is not an option of this drop-down; expected one of %s", text, strings.Join(opts, " | "))
			}
			text = pick
		}
	}
	rPr := inheritRPr(contextRPr(sdt))
	if rPr == nil {
		rPr = inheritRPr(pathW(sdt, "sdtPr", "rPr"))
	}
	err := replaceContent(target{id: t.id, xpath: t.xpath, el: sdt}, text, withRPr(c, text, rPr))
	if err == nil && c == nil {
		setFullDate(sdt, text)
	}
	return true, err
}

// withRPr makes sure a plain answer uses rPr even when the control's own
// content (a placeholder run) is replaced.
func withRPr(c *content, text string, rPr *etree.Element) *content {
	if c != nil && c.styled != nil && !c.styled.own {
		s := *c.styled
		s.base, s.own = rPr, true
		return &content{styled: &s}
	}
	if c != nil {
		return c
	}
	return &content{runs: []*etree.Element{textRun(rPr, text)}}
}

// unsetPlaceholder drops w:showingPlcHdr so Word shows the content as an
// answer rather than as grey placeholder text.
func unsetPlaceholder(sdt *etree.Element) {
	if pr := childW(sdt, "sdtPr"); pr != nil {
		for _, e := range childrenW(pr, "showingPlcHdr") {
			pr.RemoveChild(e)
		}
	}
}

// controlOptions returns the display texts of a drop-down or combo box
// control, without the "Choose an item." prompt.
func controlOptions(sdt *etree.Element) []string {
	pr := childW(sdt, "sdtPr")
	if pr == nil {
		return nil
	}
	list := childW(pr, "dropDownList")
	if list == nil {
		list = childW(pr, "comboBox")
	}
	if list == nil {
		return nil
	}
	var out []string
	for _, li := range childrenW(list, "listItem") {
		text, _ := attr(li, "w", "displayText")
		value, _ := attr(li, "w", "value")
		if text == "" {
			text = value
		}
		if text == "" || value == "" && strings.HasPrefix(text, "Choose") {
			continue
		}
		out = append(out, text)
	}
	return out
}

// matchOption finds answer among options, ignoring case and spacing.
func matchOption(options []string, answer string) (string, bool) {
	n := formats.Normalize(answer)
	for _, o := range options {
		if formats.Normalize(o) == n {
			return o, true
		}
	}
	return "", false
}
