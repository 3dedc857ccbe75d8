package reliability

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// soakKinds are the job kinds of the soak's mix, in turn.
var soakKinds = []jobs.Kind{jobs.KindExtractCompact, jobs.KindFill, jobs.KindListFields, jobs.KindExtractText}

// soakJob is the i-th job of the soak: a kind on one of the documents, and
// for a fill an answer that names the job.
type soakJob struct {
	i    int
	doc  soakDoc
	kind jobs.Kind
}

func newSoakJob(i int, docs []soakDoc) soakJob {
	return soakJob{i: i, doc: docs[i%len(docs)], kind: soakKinds[i/len(docs)%len(soakKinds)]}
}

func (j soakJob) key() string    { return "soak-" + strconv.Itoa(j.i) }
func (j soakJob) answer() string { return "soak " + strconv.Itoa(j.i) }

func (j soakJob) payload() jobs.Payload {
	p := jobs.Payload{Kind: j.kind, DocID: j.doc.id, FileType: j.doc.ft}
	if j.kind == jobs.KindFill {
		p.Answers = []formats.Answer{{PairID: j.doc.field, AnswerText: j.answer()}}
	}
	return p
}

// soakFillsChecked is how many fills, besides those that ran more than
// once, have their output document read back.
const soakFillsChecked = 60

// checkSoakResults checks that the results are what one run of each job
// gives, however often a job ran: the reads of one document agree byte for
// byte, and a fill's output holds its answer exactly once. runs counts the
// runs the workers logged per job ID.
func checkSoakResults(t *testing.T, c *jobs.Client, ids []string, want []soakJob, final map[string]*jobs.Status, runs map[string]int) {
	t.Helper()
	reads := map[string]map[[32]byte][]string{} // document and kind → result digest → job IDs
	fills, rerun := 0, 0
	for i, id := range ids {
		st, j := final[id], want[i]
		if st == nil || st.State != jobs.StateCompleted {
			continue
		}
		if j.kind != jobs.KindFill {
			res := *st.Result
			data, _ := json.Marshal(res)
			k := j.doc.name + " " + string(j.kind)
			if reads[k] == nil {
				reads[k] = map[[32]byte][]string{}
			}
			d := sha256.Sum256(data)
			reads[k][d] = append(reads[k][d], id)
			continue
		}
		if runs[id] > 1 {
			rerun++
		} else if fills++; fills > soakFillsChecked {
			continue
		}
		checkSoakFill(t, c, j, st)
	}
	for k, digests := range reads {
		if len(digests) > 1 {
			var sizes []int
			for _, ids := range digests {
				sizes = append(sizes, len(ids))
			}
			sort.Ints(sizes)
			t.Errorf("%s: %d different results for the same input (jobs per result: %v)", k, len(digests), sizes)
		}
	}
	t.Logf("results: reads agree for each of %d document/kind pairs; %d fills read back, %d of them run more than once", len(reads), min(fills, soakFillsChecked)+rerun, rerun)
}

// checkSoakFill reads a fill's output document back and checks that it
// holds the job's answer once: a rerun must not write it twice.
func checkSoakFill(t *testing.T, c *jobs.Client, j soakJob, st *jobs.Status) {
	t.Helper()
	out, err := c.GetBlob(context.Background(), st.Result.OutputDocID)
	if err != nil {
		t.Errorf("fill %s on %s: output: %v", st.ID, j.doc.name, err)
		return
	}
	e, _ := formats.Lookup(j.doc.ft)
	rep, err := e.Verify(out, []formats.ExpectedAnswer{{PairID: j.doc.field, ExpectedText: j.answer()}})
	if err != nil || rep.Summary.Matched != 1 {
		t.Errorf("fill %s on %s: the output does not hold %q: %+v, %v", st.ID, j.doc.name, j.answer(), rep, err)
		return
	}
	if j.doc.ft == formats.PDF {
		return // the field's value is checked; its text is drawn once by construction
	}
	text, err := e.ExtractText(out)
	// \b: "soak 1" must not count "soak 10".
	if n := len(regexp.MustCompile(`\b`+regexp.QuoteMeta(j.answer())+`\b`).FindAllString(text, -1)); err != nil || n != 1 {
		t.Errorf("fill %s on %s: answer %q found %d times in the output (%v)", st.ID, j.doc.name, j.answer(), n, err)
	}
}

// checkFlatRSS fails unless the steady worker was alive for every sample,
// there are enough samples to judge, and its RSS stayed flat.
func checkFlatRSS(t *testing.T, samples []int64) {
	t.Helper()
	for i, s := range samples {
		if s == 0 {
			t.Errorf("the steady worker was gone at sample %d of %d: it must outlive the soak", i+1, len(samples))
			return
		}
	}
	if len(samples) < soakMinSamples {
		t.Errorf("only %d RSS samples; judging the memory needs %d", len(samples), soakMinSamples)
		return
	}
	growth, first, last := rssGrowth(samples)
	t.Logf("steady worker RSS: %s at warm-up → %s at the end (%d samples, growth %s, peak %s)",
		mib(uint64(first)), mib(uint64(last)), len(samples), mib(uint64(max(growth, 0))), mib(uint64(peak(samples))))
	if growth > soakMaxRSSGrow {
		t.Errorf("steady worker RSS grew by %s (bound %s)", mib(uint64(growth)), mib(soakMaxRSSGrow))
	}
}

// rssGrowth compares the median RSS of the first and last fifth of the
// samples, after a ten-sample warm-up.
func rssGrowth(s []int64) (growth, first, last int64) {
	if len(s) > 20 {
		s = s[10:]
	}
	k := max(len(s)/5, 1)
	first, last = median(s[:k]), median(s[len(s)-k:])
	return last - first, first, last
}

func median(s []int64) int64 {
	c := append([]int64(nil), s...)
	sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
	return c[len(c)/2]
}

func peak(s []int64) int64 {
	var p int64
	for _, v := range s {
		p = max(p, v)
	}
	return p
}
