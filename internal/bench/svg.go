package bench

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"time"
)

// Chart geometry, in SVG user units.
const (
	svgWidth, svgHeight = 640, 360
	plotLeft, plotRight = 70, 570
	plotTop, plotBottom = 50, 300
)

// WriteSVG draws the report as a self-contained SVG: one bar per run for
// throughput (left axis, jobs/s) and a line through the runs' p95 latency
// (right axis). Hand-written so the chart needs no plotting library and the
// file diffs cleanly when regenerated.
func (r *Report) WriteSVG(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		svgWidth, svgHeight, svgWidth, svgHeight)
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	fmt.Fprintf(&b, `<text x="%d" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", plotLeft,
		html.EscapeString(fmt.Sprintf("formfill bench: %d jobs (%s), %d CPUs", r.Jobs, r.Mix, r.Host.CPUs)))

	maxRate, maxP95 := 0.0, time.Duration(0)
	for _, run := range r.summary() {
		maxRate = math.Max(maxRate, run.JobsPerSec)
		maxP95 = max(maxP95, run.Latency.P95)
	}
	rateTop := niceCeil(maxRate)
	latTop := niceCeil(float64(maxP95) / float64(time.Millisecond))
	writeAxes(&b, rateTop, latTop)

	n := len(r.summary())
	if n == 0 {
		fmt.Fprintf(&b, `<text x="%d" y="%d">no runs</text>`+"\n", plotLeft+10, (plotTop+plotBottom)/2)
	}
	slot := float64(plotRight-plotLeft) / float64(max(n, 1))
	var line []string
	for i, run := range r.summary() {
		x := float64(plotLeft) + slot*float64(i)
		h := scale(run.JobsPerSec, rateTop, plotBottom-plotTop)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#4e79a7"/>`+"\n",
			x+slot*0.2, float64(plotBottom)-h, slot*0.6, h)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%.1f</text>`+"\n", x+slot/2, float64(plotBottom)-h-4, run.JobsPerSec)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x+slot/2, plotBottom+18, html.EscapeString(run.Name))
		if run.Latency.P95 > 0 {
			y := float64(plotBottom) - scale(float64(run.Latency.P95)/float64(time.Millisecond), latTop, plotBottom-plotTop)
			line = append(line, fmt.Sprintf("%.1f,%.1f", x+slot/2, y))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="#e15759"/>`+"\n", x+slot/2, y)
		}
	}
	if len(line) > 1 {
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#e15759" stroke-width="2"/>`+"\n", strings.Join(line, " "))
	}
	writeLegend(&b)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeAxes(b *strings.Builder, rateTop, latTop float64) {
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", plotLeft, plotBottom, plotRight, plotBottom)
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", plotLeft, plotTop, plotLeft, plotBottom)
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#e15759"/>`+"\n", plotRight, plotTop, plotRight, plotBottom)
	const ticks = 4
	for i := 0; i <= ticks; i++ {
		y := float64(plotBottom) - float64(i)*float64(plotBottom-plotTop)/ticks
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", plotLeft, y, plotRight, y)
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", plotLeft-6, y+4, trimFloat(rateTop*float64(i)/ticks))
		fmt.Fprintf(b, `<text x="%d" y="%.1f" fill="#e15759">%s</text>`+"\n", plotRight+6, y+4, trimFloat(latTop*float64(i)/ticks))
	}
	fmt.Fprintf(b, `<text x="16" y="%d" transform="rotate(-90 16 %d)" text-anchor="middle">jobs/s</text>`+"\n",
		(plotTop+plotBottom)/2, (plotTop+plotBottom)/2)
	fmt.Fprintf(b, `<text x="%d" y="%d" transform="rotate(90 %d %d)" text-anchor="middle" fill="#e15759">p95 latency (ms)</text>`+"\n",
		svgWidth-14, (plotTop+plotBottom)/2, svgWidth-14, (plotTop+plotBottom)/2)
}

func writeLegend(b *strings.Builder) {
	y := svgHeight - 20
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="12" height="12" fill="#4e79a7"/>`+"\n", plotLeft, y-10)
	fmt.Fprintf(b, `<text x="%d" y="%d">throughput (jobs/s)</text>`+"\n", plotLeft+18, y)
	fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="5" fill="#e15759"/>`+"\n", plotLeft+200, y-4)
	fmt.Fprintf(b, `<text x="%d" y="%d">p95 latency, submit to completed</text>`+"\n", plotLeft+212, y)
}

// scale maps v in [0, top] onto [0, span] pixels.
func scale(v, top float64, span int) float64 {
	if top <= 0 || v <= 0 {
		return 0
	}
	return math.Min(v/top, 1) * float64(span)
}

// niceCeil rounds v up to 1, 2 or 5 times a power of ten, so axis ticks
// land on readable numbers.
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if v <= m*p {
			return m * p
		}
	}
	return 10 * p
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}
