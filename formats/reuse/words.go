package reuse

import (
	"math"
	"strings"
)

// framing are the openings of a checklist's requirement that say how to
// ask, not what: "Verify that the app …" in one version is "The app …"
// in the next (OWASP, PCI and ISO-style checklists drop or add them
// between versions). They are cut from the front of a question before
// it is compared, longest first.
var framing = []string{
	"verify that", "verify whether", "verify if", "verify",
	"ensure that", "ensure",
	"check that", "check whether", "check if",
	"confirm that", "confirm whether",
}

// cutFraming removes one leading framing phrase from a normalised text.
func cutFraming(text string) string {
	for _, f := range framing {
		if rest, ok := strings.CutPrefix(text, f+" "); ok {
			return rest
		}
	}
	return text
}

// stem reduces an English word to a crude stem so that inflections of
// one word compare equal: "encrypted", "encrypting" and "encrypts" are
// "encrypt"; "policies" and "policy" are "polici"; "rotate" and
// "rotation" are "rot". It only strips common endings (no dictionary): a
// word of four letters or fewer loses only a plural's s.
func stem(w string) string {
	if len(w) == 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:3] // keys → key
	}
	if len(w) <= 4 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		w = w[:len(w)-3] + "i"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
	case strings.HasSuffix(w, "s"):
		w = w[:len(w)-1]
	}
	for _, suf := range []string{"ations", "ation", "ings", "ing", "edly", "ed", "ment", "ly"} {
		least := 3
		if suf == "ly" {
			least = 5 // formally → formal; supply, apply stay
		}
		if len(w)-len(suf) >= least && strings.HasSuffix(w, suf) {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	if len(w) > 4 && strings.HasSuffix(w, "y") {
		w = w[:len(w)-1] + "i" // identify, identified → identifi
	}
	if len(w) > 4 && strings.HasSuffix(w, "e") {
		w = w[:len(w)-1] // enforce, enforced → enforc
	}
	if len(w) > 4 && strings.HasSuffix(w, "at") {
		w = w[:len(w)-2] // rotate, rotated, rotation → rot
	}
	return w
}

// synonyms map the stems of words questionnaires use for one another to
// one of them: a vendor is a provider or a supplier, staff are employees
// or personnel, a customer is a client or (in a cloud) a tenant, a
// company is an organisation, an endpoint is a device. British -is- is
// spelt -iz- first (organisation, organization → organiz).
var synonyms = map[string]string{
	"provider": "vendor", "supplier": "vendor",
	"staff": "employe", "personnel": "employe", "workforc": "employe",
	"client": "customer", "tenant": "customer",
	"compani": "organiz", "organizational": "organiz",
	"endpoint": "devic",
}

// canonical is the stem standing for w's stem among its synonyms.
func canonical(w string) string {
	w = stem(w)
	if len(w) > 5 && strings.HasSuffix(w, "is") {
		w = w[:len(w)-2] + "iz"
	}
	if c, ok := synonyms[w]; ok {
		return c
	}
	return w
}

// weights are the inverse document frequencies of the stems of both
// documents' questions: a stem most questions share ("app", "data",
// "established", "documented") says little about which question this
// is, a rare one ("clipboard", "jailbroken") says much.
type weights map[string]float64

// newWeights counts in how many of the N questions qs each stem occurs
// (df): idf = ln((N+1)/df), near 0 for a stem every question has.
func newWeights(qs ...[]question) weights {
	df := map[string]int{}
	n := 0
	for _, set := range qs {
		for _, q := range set {
			n++
			for _, w := range q.words {
				df[w]++
			}
		}
	}
	out := make(weights, len(df)+1)
	out[""] = math.Log(float64(n + 1))
	for w, d := range df {
		out[w] = math.Log(float64(n+1) / float64(d))
	}
	return out
}

// of returns a stem's weight; one unseen weighs as the rarest seen.
func (ws weights) of(w string) float64 {
	if v, ok := ws[w]; ok {
		return v
	}
	return ws[""]
}

// weigh sets q's weight of each stem and their total.
func (ws weights) weigh(q *question) {
	q.wts = make([]float64, len(q.words))
	q.weight = 0
	for i, w := range q.words {
		q.wts[i] = ws.of(w)
		q.weight += q.wts[i]
	}
}

// dice is the weighted Dice coefficient of two questions' stems:
// 2·w(A∩B) / (w(A)+w(B)).
func dice(a, b *question) float64 {
	if a.weight+b.weight == 0 {
		return 0
	}
	common, i, j := 0.0, 0, 0
	for i < len(a.words) && j < len(b.words) {
		switch {
		case a.words[i] == b.words[j]:
			common += a.wts[i]
			i++
			j++
		case a.words[i] < b.words[j]:
			i++
		default:
			j++
		}
	}
	return 2 * common / (a.weight + b.weight)
}
