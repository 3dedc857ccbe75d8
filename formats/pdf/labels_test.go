package pdf

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// TestPrintedLabelsNameQuestionsAndOptions checks a form that names its
// fields only on the page: questions come from the printed labels unless
// a real tooltip says more, and radio groups and same-name checkboxes
// offer the choices printed beside their buttons, each with its export
// value; an option with nothing printed keeps its export value and says so.
func TestPrintedLabelsNameQuestionsAndOptions(t *testing.T) {
	cs, err := New().ExtractCompact(fixtures.PDFPrintedChoices())
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]formats.Target{}
	for _, tg := range cs.Targets {
		byName[cs.IDToXPath[tg.ID]] = tg
	}
	tests := []struct {
		name, question string
		options        []string
		hint           string
	}{
		{fixtures.PDFChoiceMarital, "Familienstand", []string{"ledig", "verheiratet", "geschieden"}, ""},
		{fixtures.PDFChoiceChildren, "Haben Sie Kinder?", []string{"Ja", "Nein"}, ""},
		{fixtures.PDFChoiceLanguage, "Bevorzugte Sprache", []string{"A", "B"}, "no label is printed beside option A, B"},
		{fixtures.PDFChoiceBirth, "Geburtsort", nil, ""},
		{fixtures.PDFChoiceJob, "Beruf", nil, ""},
		{fixtures.PDFChoiceTaxID, "Steuer-ID (elf Ziffern)", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tg, ok := byName[tt.name]
			if !ok {
				t.Fatalf("no target for %s in %v", tt.name, cs.IDToXPath)
			}
			if tg.Question != tt.question {
				t.Errorf("question %q, want %q", tg.Question, tt.question)
			}
			if strings.Join(tg.Options, "|") != strings.Join(tt.options, "|") {
				t.Errorf("options %q, want %q", tg.Options, tt.options)
			}
			if !strings.Contains(tg.Hint, tt.hint) || tt.hint == "" && tg.Hint != "" {
				t.Errorf("hint %q, want %q", tg.Hint, tt.hint)
			}
		})
	}
	if !strings.Contains(cs.CompactText, "options: ledig (0) | verheiratet (1) | geschieden (2)") {
		t.Errorf("the map does not show labels with their export values:\n%s", cs.CompactText)
	}
}

// TestChoosingAPrintedOptionTicksItsWidget writes options by printed label
// and by export value and checks the stored value, which widget is on,
// and that verify reports the label.
func TestChoosingAPrintedOptionTicksItsWidget(t *testing.T) {
	tests := []struct {
		scenario, field, answer string
		state, label            string // the export value stored, the label shown
	}{
		{"radio by label", fixtures.PDFChoiceMarital, "verheiratet", "1", "verheiratet"},
		{"radio by export value", fixtures.PDFChoiceMarital, "2", "2", "geschieden"},
		{"radio by label in other case", fixtures.PDFChoiceMarital, "LEDIG", "0", "ledig"},
		{"same-name checkboxes: the second", fixtures.PDFChoiceChildren, "Nein", "Nein", "Nein"},
		{"same-name checkboxes: the first", fixtures.PDFChoiceChildren, "Ja", "Ja", "Ja"},
		{"unlabelled option by export value", fixtures.PDFChoiceLanguage, "B", "B", "B"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			res, err := New().Write(fixtures.PDFPrintedChoices(), []formats.Answer{{PairID: tt.field, AnswerText: tt.answer}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := open(res.Document)
			if err != nil {
				t.Fatal(err)
			}
			f := d.byName[tt.field]
			if got := textOf(d.ctx, entry(d.ctx, f.dict, "V")); got != tt.state {
				t.Errorf("/V %q, want %q", got, tt.state)
			}
			if f.Value != tt.label {
				t.Errorf("value read back %q, want %q", f.Value, tt.label)
			}
			for _, wd := range f.widgets {
				want := "Off"
				if wd.on == tt.state {
					want = tt.state
				}
				if got := textOf(d.ctx, entry(d.ctx, wd.dict, "AS")); got != want {
					t.Errorf("widget %s: /AS %q, want %q", wd.on, got, want)
				}
			}
			v, err := New().Verify(res.Document, []formats.ExpectedAnswer{{PairID: tt.field, ExpectedText: tt.label}})
			if err != nil {
				t.Fatal(err)
			}
			if len(v.ContentResults) != 1 || v.ContentResults[0].Status != formats.ContentMatched {
				t.Errorf("verify %+v, want matched", v.ContentResults)
			} else if v.ContentResults[0].Actual != tt.label {
				t.Errorf("verify reports %q, want the label %q", v.ContentResults[0].Actual, tt.label)
			}
		})
	}
}

func TestPrintedOptionRefusesOthers(t *testing.T) {
	_, err := New().Write(fixtures.PDFPrintedChoices(), []formats.Answer{{PairID: fixtures.PDFChoiceMarital, AnswerText: "verwitwet"}}, formats.WriteOptions{})
	if err == nil || !strings.Contains(err.Error(), "ledig | verheiratet | geschieden") {
		t.Errorf("err = %v, want the printed options listed", err)
	}
}

func TestFindLabelReadsThePageLikeAPerson(t *testing.T) {
	at := func(x, y, end, size float64, text string) run {
		return run{x: x, y: y, end: end, size: size, text: text}
	}
	tests := []struct {
		scenario string
		runs     []run
		boxes    [][4]float64
		rect     [4]float64
		button   bool
		want     string
	}{
		{"caption under a line in small type beats the row above",
			[]run{at(40, 630, 120, 8, "Personne physique"), at(92, 604, 200, 6, "NOM, Prénom")},
			[][4]float64{{89, 613, 386, 625}}, [4]float64{89, 613, 386, 625}, false, "NOM, Prénom"},
		{"caption under the box above is not this box's caption",
			[]run{at(62, 574, 80, 6, "Jour"), at(40, 605, 120, 6, "NOM, Prénom")},
			[][4]float64{{30, 613, 200, 625}, {60, 582, 81, 594}}, [4]float64{60, 582, 81, 594}, false, "Jour"},
		{"caption above in body type beats the next box's caption under it",
			[]run{at(57, 702, 110, 9, "First name"), at(57, 664, 105, 9, "Last name")},
			[][4]float64{{57, 676, 417, 699}, {57, 631, 417, 654}}, [4]float64{57, 676, 417, 699}, false, "First name"},
		{"a line number joins the words left of it",
			[]run{at(96, 356, 105, 8, "1 a"), at(115, 356, 339, 8, "Total amount from Form(s) W-2, box 1"), at(489, 356, 497, 8, "1a")},
			nil, [4]float64{504, 354, 576, 366}, false, "1a Total amount from Form(s) W-2, box 1"},
		{"no label across another box",
			[]run{at(36, 581, 60, 8, "Né le")},
			[][4]float64{{62, 582, 81, 594}, {110, 582, 130, 594}}, [4]float64{110, 582, 130, 594}, false, ""},
		{"a box right after another, with no label of its own, asks the same",
			[]run{at(36, 581, 60, 8, "Né le")},
			[][4]float64{{62, 582, 81, 594}, {85, 582, 107, 594}}, [4]float64{85, 582, 107, 594}, false, "Né le"},
		{"a caption block of two lines",
			[]run{at(57, 776, 465, 12, "If your appeal is late, explain why and send"), at(57, 761, 300, 12, "reasons along with this form.")},
			nil, [4]float64{57, 59, 417, 758}, false, "If your appeal is late, explain why and send reasons along with this form."},
		{"a grid cell: column header and row number",
			[]run{at(205, 740, 250, 8, "Geburtsdatum"), at(64, 716, 68, 6, "2")},
			[][4]float64{{205, 720, 259, 735}, {60, 690, 201, 718}, {205, 690, 259, 718}}, [4]float64{205, 690, 259, 718}, false, "Geburtsdatum: 2"},
		{"a box after a check box's option label asks that choice's question",
			[]run{at(310, 672.6, 347.3, 8, "Unterhalt?"), at(415.3, 671, 431.8, 8, "Nein"), at(457.9, 671, 468.5, 8, "Ja:")},
			[][4]float64{{272.8, 655.9, 304, 680}, {403.9, 671, 411.3, 678.4}, {446.5, 671, 453.9, 678.4}, {470.9, 663, 524.8, 680}},
			[4]float64{470.9, 663, 524.8, 680}, false, "Unterhalt? Ja"},
		{"a choice's question wraps under its first line",
			[]run{at(55, 672.6, 121, 8, "Nichtselbständiger"), at(55, 662.6, 80, 8, "Arbeit?"), at(160, 671, 176, 8, "Nein"), at(202, 671, 213, 8, "Ja:")},
			[][4]float64{{148.8, 671, 156.2, 678.4}, {191.3, 671, 198.7, 678.4}, {215.4, 663, 269.3, 680}},
			[4]float64{215.4, 663, 269.3, 680}, false, "Nichtselbständiger Arbeit? Ja"},
		{"an option label without a question gives way to the box's caption",
			[]run{at(66.7, 508.2, 83, 8, "Nein"), at(112, 508.2, 122.7, 8, "Ja:"), at(130, 482, 300, 6, "Art des Kontos, Kreditinstitut")},
			[][4]float64{{55.3, 508.2, 62.7, 515.6}, {100.6, 508.2, 108, 515.6}, {125.4, 490.4, 523.7, 517.3}},
			[4]float64{125.4, 490.4, 523.7, 517.3}, false, "Art des Kontos, Kreditinstitut"},
		{"a letter-spaced prefix before the box is read past to the row's caption",
			[]run{at(322.7, 764.7, 398, 10, "Help with Fees -"), at(322.7, 754.7, 354.9, 10, "Ref no."), at(416.1, 753.9, 464, 12, "H W F –")},
			[][4]float64{{463.5, 751.4, 506.9, 765.8}}, [4]float64{463.5, 751.4, 506.9, 765.8}, false, "Help with Fees - Ref no."},
		{"a box parted from the box before it by a dash has its question",
			[]run{at(322.7, 764.7, 398, 10, "Help with Fees -"), at(322.7, 754.7, 354.9, 10, "Ref no."), at(416.1, 753.9, 464, 12, "H W F –"), at(507.6, 755.3, 515, 12, "–")},
			[][4]float64{{463.5, 751.4, 506.9, 765.8}, {516, 750.5, 557.6, 765.8}}, [4]float64{516, 750.5, 557.6, 765.8}, false, "Help with Fees - Ref no."},
		{"a box parted from the one before it by words is not its continuation",
			[]run{at(322.7, 764.7, 398, 10, "Sort code"), at(507, 755.3, 515, 12, "or")},
			[][4]float64{{400, 751.4, 500, 765.8}, {516, 750.5, 557.6, 765.8}}, [4]float64{516, 750.5, 557.6, 765.8}, false, "or"},
		{"a short word before the box is no line number: its caption wins",
			[]run{at(35.5, 581.5, 56.7, 8, "Né (e)"), at(161.2, 581.5, 165.7, 8, "à"), at(167.5, 574.3, 195.1, 6, "Commune")},
			[][4]float64{{110.7, 582.1, 155.3, 594.1}, {168.7, 582.1, 559.6, 594.1}}, [4]float64{168.7, 582.1, 559.6, 594.1}, false, "Commune"},
		{"a caption under the box beats a section heading over it",
			[]run{at(55.3, 684.9, 185.5, 14, "Angaben zu Ihrer Person"), at(55.3, 645.2, 150, 9, "Name, Vorname")},
			[][4]float64{{55.3, 651.3, 275, 678.2}}, [4]float64{55.3, 651.3, 275, 678.2}, false, "Name, Vorname"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			if got := findLabel(splitLeaders(tt.runs), tt.boxes, tt.rect, tt.button, 9); got != tt.want {
				t.Errorf("findLabel = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSplitLeadersCutsFillInLines(t *testing.T) {
	rs := splitLeaders([]run{{x: 28, end: 293, y: 165, size: 10, text: " Fait à ______________, le__________ "},
		{x: 239, end: 363, y: 779, size: 12, text: "de \uf063 Perte   \uf063 Vol"}, {x: 50, end: 90, y: 700, size: 9, text: "Apt. no."}})
	var got []string
	for _, r := range rs {
		if r.x > r.end {
			t.Errorf("%q runs backwards: %v > %v", r.text, r.x, r.end)
		}
		got = append(got, r.text)
	}
	if want := "Fait à|, le|de|Perte|Vol|Apt. no."; strings.Join(got, "|") != want {
		t.Errorf("runs %q, want %s", got, want)
	}
}

func FuzzSplitLeaders(f *testing.F) {
	f.Add(" Fait à ____, le____ ", 28.0, 293.0)
	f.Add("de \uf063 Perte \uf063 Vol", 0.0, 10.0)
	f.Add("", 5.0, 1.0)
	f.Fuzz(func(t *testing.T, text string, x, end float64) {
		for _, r := range splitLeaders([]run{{x: x, end: end, y: 1, size: 8, text: text}}) {
			if strings.TrimSpace(r.text) == "" || strings.ContainsFunc(r.text, isPrivateUse) {
				t.Fatalf("run %q from %q", r.text, text)
			}
		}
	})
}

// TestLabelsOnACrowdedPageStayCheap checks that a page of many boxes and
// many runs is labelled in bounded work: with more than maxPageBoxes the
// other boxes are not consulted.
func TestLabelsOnACrowdedPageStayCheap(t *testing.T) {
	var fields []*field
	var rs []run
	for i := 0; i < 2000; i++ {
		x, y := float64(i%40)*14, float64(i/40)*14
		r := [4]float64{x, y, x + 10, y + 10}
		fields = append(fields, &field{Kind: kindText, Page: 1, rect: r, widgets: []*widget{{page: 1, rect: r}}})
		rs = append(rs, run{x: x, end: x + 9, y: y + 11, size: 6, text: "ab"})
	}
	boxes := widgetBoxes(fields)
	if len(boxes[1]) != 0 {
		t.Fatalf("%d boxes kept for a page of 2000, want none", len(boxes[1]))
	}
	for _, f := range fields[:200] {
		findLabel(rs, boxes[1], f.rect, false, 8)
	}
}

func TestTooltipThatRepeatsTheNameIsNoTooltip(t *testing.T) {
	tests := []struct {
		scenario, tip, full, partial string
		want                         bool
	}{
		{"partial name", "txtNoms", "form.txtNoms[0]", "txtNoms[0]", true},
		{"full name with a dot in it", "2. Zahl der Zimmer", "2. Zahl der Zimmer", " Zahl der Zimmer", true},
		{"name with a trailing space", "Rückkaufswert", "Rückkaufswert ", "Rückkaufswert ", true},
		{"control character in both", "3. \aAnzahl der Personen", "3. \aAnzahl der Personen", " \aAnzahl der Personen", true},
		{"programmer's identifier", "ckbVol", "Case1", "Case1", true},
		{"a real tooltip", "Monatlicher Nettobetrag in Euro", "Betrag 5", "Betrag 5", false},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			if got := sameAsName(tt.tip, tt.full, tt.partial); got != tt.want {
				t.Errorf("sameAsName(%q, %q, %q) = %v, want %v", tt.tip, tt.full, tt.partial, got, tt.want)
			}
		})
	}
}

func TestQuestionBeforeALeftOptionLabelIsPartedAtItsColon(t *testing.T) {
	tests := []struct {
		scenario, label, question, option string
		ok                                bool
	}{
		{"question and first option in one phrase", "Sexe : M", "Sexe", "M", true},
		{"no colon: the whole is the option", "Madame", "", "", false},
		{"a colon with nothing after it", "Sexe :", "", "", false},
		{"a colon after a bare number is no question", "1: Oui", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			q, o, ok := questionAndOption(tt.label)
			if ok != tt.ok || ok && (q != tt.question || o != tt.option) {
				t.Errorf("questionAndOption(%q) = %q, %q, %v; want %q, %q, %v", tt.label, q, o, ok, tt.question, tt.option, tt.ok)
			}
		})
	}
}

// On a page whose running text is its 6 pt captions (the body size is the
// captions'), a caption tight under the box above is that box's, not the
// next box's caption above.
func TestTinyCaptionsUnderBoxesOnACaptionPage(t *testing.T) {
	at := func(x, y, end float64, text string) run { return run{x: x, y: y, end: end, size: 6, text: text} }
	rs := []run{at(412.4, 645.2, 450.5, "Geburtsdatum"), at(412.4, 608.4, 515.5, "Tagsüber tel. erreichbar unter Nummer")}
	boxes := [][4]float64{{412.4, 651.3, 496.1, 678.2}, {412.4, 614.4, 558.4, 641.3}}
	tests := []struct {
		scenario string
		rect     [4]float64
		want     string
	}{
		{"the lower box takes the caption under it", boxes[1], "Tagsüber tel. erreichbar unter Nummer"},
		{"the upper box keeps its own", boxes[0], "Geburtsdatum"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			if got := findLabel(rs, boxes, tt.rect, false, 6); got != tt.want {
				t.Errorf("findLabel = %q, want %q", got, tt.want)
			}
		})
	}
}
