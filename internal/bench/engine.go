package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/enginefigures"
)

// EngineConfig is one `formfill bench engine` run: the engines, in this
// process and without Redis, on the user's own documents.
type EngineConfig struct {
	Docs    []string // files to measure
	Repeat  int      // timed runs of each call; the report gives medians (times) and the largest peak
	Answers int      // answers each fill writes
}

// EngineReport is what `formfill bench engine` measured, one entry per
// document in the order given.
type EngineReport struct {
	Repeat  int         `json:"repeat"`
	Answers int         `json:"answers"`
	Docs    []EngineDoc `json:"docs"`
}

// EngineDoc is one document's figures. A figure that does not apply to the
// format (a PDF has no XML to inflate) is null in JSON and "n/a" in text.
type EngineDoc struct {
	Path    string           `json:"path"`
	Type    formats.FileType `json:"type,omitempty"`
	Bytes   int              `json:"bytes"`
	Extract *ExtractFigures  `json:"extract,omitempty"`
	Fill    *FillFigures     `json:"fill,omitempty"`
	Error   string           `json:"error,omitempty"` // why the figures below it are missing
}

// ExtractFigures compare the compact map's first page (extract_structure_compact)
// with inflating the package's XML alone, both timed in alternation.
type ExtractFigures struct {
	WallMS        float64  `json:"wall_ms"`                 // median wall time of one extract
	CPUMS         float64  `json:"cpu_ms"`                  // median process CPU (every thread) of one extract
	InflateWallMS *float64 `json:"inflate_wall_ms"`         // median wall time to inflate every XML part
	InflateCPUMS  *float64 `json:"inflate_cpu_ms"`          // its process CPU
	WallRatio     *float64 `json:"extract_per_inflate"`     // WallMS ÷ InflateWallMS; goal ≤ 3
	CPURatio      *float64 `json:"extract_per_inflate_cpu"` // CPUMS ÷ InflateCPUMS
}

// FillFigures are the heap a fill (write and verify) of Answers answers
// peaks at, set against the XML of the parts it touches.
type FillFigures struct {
	Answers        int      `json:"answers"`                // written: fewer than asked when fewer fields are free
	PeakBytes      uint64   `json:"peak_bytes"`             // largest heap peak above the start, sampled every ms
	AnswerXML      *int64   `json:"answer_xml_bytes"`       // XML of the parts holding the answers (Excel: their sheets)
	RewrittenXML   *int64   `json:"rewritten_xml_bytes"`    // input XML of the parts the output holds changed
	RewrittenParts []string `json:"rewritten_parts"`        // those parts
	PeakPerAnswer  *float64 `json:"peak_per_answer_xml"`    // PeakBytes ÷ AnswerXML; goal ≤ 10
	PeakPerWritten *float64 `json:"peak_per_rewritten_xml"` // PeakBytes ÷ RewrittenXML
}

// RunEngine measures every document of cfg and reports each; a document
// that cannot be read or filled carries its error and the run goes on.
// err is non-nil when ctx ended.
func RunEngine(ctx context.Context, cfg EngineConfig) (*EngineReport, error) {
	rep := &EngineReport{Repeat: cfg.Repeat, Answers: cfg.Answers}
	for _, path := range cfg.Docs {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		d := EngineDoc{Path: path}
		if err := measureDoc(ctx, cfg, &d); err != nil {
			d.Error = err.Error()
		}
		rep.Docs = append(rep.Docs, d)
	}
	return rep, nil
}

// Failed counts the documents that could not be measured.
func (r *EngineReport) Failed() int {
	n := 0
	for _, d := range r.Docs {
		if d.Error != "" {
			n++
		}
	}
	return n
}

func measureDoc(ctx context.Context, cfg EngineConfig, d *EngineDoc) error {
	doc, err := os.ReadFile(d.Path)
	if err != nil {
		return err
	}
	d.Bytes = len(doc)
	if d.Type, err = formats.Detect(filepath.Base(d.Path), "", doc); err != nil {
		return err
	}
	e, err := formats.Lookup(d.Type)
	if err != nil {
		return err
	}
	if d.Extract, err = measureExtract(ctx, e, doc, cfg.Repeat); err != nil {
		return fmt.Errorf("extract: %w", err)
	}
	if d.Fill, err = measureFill(ctx, e, d.Type, doc, cfg); err != nil {
		return fmt.Errorf("fill: %w", err)
	}
	return nil
}

// timed runs call once and returns its wall time and the process's CPU
// time over it (every thread, the collector's too: steadier than wall time
// on a loaded machine).
func timed(call func() error) (wall, cpu time.Duration, err error) {
	c0, err := ProcessCPU(os.Getpid())
	if err != nil {
		return 0, 0, err
	}
	start := time.Now()
	err = call()
	wall = time.Since(start)
	c1, cerr := ProcessCPU(os.Getpid())
	if cerr != nil {
		return 0, 0, cerr
	}
	return wall, c1 - c0, err
}

// measureExtract times the first page of the compact map and, for a zip
// package, inflating its XML, alternately in each of repeat rounds after
// one untimed extract (which also shows the document can be read), as
// formats/excel's BenchmarkExtractVsInflate does.
func measureExtract(ctx context.Context, e formats.Engine, doc []byte, repeat int) (*ExtractFigures, error) {
	extract := func() error { _, err := e.ExtractCompact(doc); return err }
	if err := extract(); err != nil {
		return nil, err
	}
	zipped := enginefigures.InflateXML(doc) == nil
	var wall, cpu, iwall, icpu []time.Duration
	for range repeat {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if zipped {
			w, c, err := timed(func() error { return enginefigures.InflateXML(doc) })
			if err != nil {
				return nil, err
			}
			iwall, icpu = append(iwall, w), append(icpu, c)
		}
		w, c, err := timed(extract)
		if err != nil {
			return nil, err
		}
		wall, cpu = append(wall, w), append(cpu, c)
	}
	f := &ExtractFigures{WallMS: medianMS(wall), CPUMS: medianMS(cpu)}
	if zipped {
		f.InflateWallMS, f.InflateCPUMS = ptr(medianMS(iwall)), ptr(medianMS(icpu))
		f.WallRatio = ratio(f.WallMS, *f.InflateWallMS)
		f.CPURatio = ratio(f.CPUMS, *f.InflateCPUMS)
	}
	return f, nil
}

// medianMS is the median of ds in milliseconds (the mean of the middle two
// for an even count), 0 for none.
func medianMS(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + m) / 2
	}
	return float64(m) / float64(time.Millisecond)
}

// ratio is a ÷ b, or nil (n/a) when b is not positive.
func ratio(a, b float64) *float64 {
	if r, ok := enginefigures.Ratio(a, b); ok {
		return &r
	}
	return nil
}
