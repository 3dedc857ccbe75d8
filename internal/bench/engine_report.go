package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
)

// Issue 33's goals for the figures, printed beside them.
const (
	goalExtractPerInflate = 3   // an extract at most 3× inflating the XML
	goalFirstPageMS       = 100 // the first page within 100 ms
	goalPeakPerXML        = 10  // a fill's peak at most 10× the XML it touches
)

// WriteJSON writes the report as indented JSON.
func (r *EngineReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes one table per document: each figure, its value and
// issue 33's goal where it sets one.
func (r *EngineReport) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "formfill bench engine: medians of %d runs; fill of %d answers\n", r.Repeat, r.Answers)
	for _, d := range r.Docs {
		fmt.Fprintf(tw, "\n%s (%s, %s)\n", d.Path, orNA(string(d.Type)), humanSize(int64(d.Bytes)))
		if d.Extract != nil {
			writeExtract(tw, d.Extract)
		}
		if d.Fill != nil {
			writeFill(tw, d.Fill)
		}
		if d.Error != "" {
			fmt.Fprintf(tw, "  error:\t%s\n", d.Error)
		}
	}
	return tw.Flush()
}

func writeExtract(w io.Writer, x *ExtractFigures) {
	fmt.Fprintf(w, "  figure\tvalue\tgoal\n")
	fmt.Fprintf(w, "  extract, first page: wall\t%s\t≤ %d ms\n", fmtMS(x.WallMS), goalFirstPageMS)
	fmt.Fprintf(w, "  extract, first page: CPU\t%s\t\n", fmtMS(x.CPUMS))
	fmt.Fprintf(w, "  inflate the XML alone: wall / CPU\t%s / %s\t\n", fmtMSOrNA(x.InflateWallMS), fmtMSOrNA(x.InflateCPUMS))
	fmt.Fprintf(w, "  extract ÷ inflate: wall / CPU\t%s / %s\t≤ %d×\n", fmtTimes(x.WallRatio), fmtTimes(x.CPURatio), goalExtractPerInflate)
}

func writeFill(w io.Writer, f *FillFigures) {
	fmt.Fprintf(w, "  fill of %d answers: peak heap\t%s\t\n", f.Answers, humanSize(int64(f.PeakBytes)))
	fmt.Fprintf(w, "  XML of the parts holding answers\t%s\t\n", fmtBytes(f.AnswerXML))
	fmt.Fprintf(w, "  XML of the parts the fill rewrote\t%s\t%s\n", fmtBytes(f.RewrittenXML), partCount(f.RewrittenParts, f.RewrittenXML))
	fmt.Fprintf(w, "  peak ÷ XML holding answers\t%s\t≤ %d×\n", fmtTimes(f.PeakPerAnswer), goalPeakPerXML)
	fmt.Fprintf(w, "  peak ÷ XML rewritten\t%s\t\n", fmtTimes(f.PeakPerWritten))
}

func partCount(parts []string, size *int64) string {
	if size == nil {
		return ""
	}
	if len(parts) == 1 {
		return "(1 part)"
	}
	return fmt.Sprintf("(%d parts)", len(parts))
}

func orNA(s string) string {
	if s == "" {
		return "n/a"
	}
	return s
}

func fmtMS(v float64) string { return fmt.Sprintf("%.1f ms", v) }

func fmtMSOrNA(v *float64) string {
	if v == nil {
		return "n/a"
	}
	return fmtMS(*v)
}

func fmtTimes(v *float64) string {
	if v == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.2f×", *v)
}

func fmtBytes(v *int64) string {
	if v == nil {
		return "n/a"
	}
	return humanSize(*v)
}

// humanSize writes n bytes in B, KB or MB (powers of 1024).
func humanSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.2f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
