package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const engineUsage = `Usage: formfill bench engine [flags] FILE...

Measures the engines on your own documents, in this process and without
Redis, and reports the figures issue 33 sets goals for (Excel first; Word and
PDF where a figure applies, "n/a" where it does not):

  extract, first page    wall and CPU time of one extract_structure_compact
                         (the compact map's first page), median of --repeat
                         runs. Goal: within 100 ms.
  inflate the XML alone  the time to inflate every XML part of the package
                         and nothing else: the least any reader does. Timed
                         in alternation with the extract.
  extract ÷ inflate      how many times that least the extract costs, by wall
                         time and by CPU (CPU is steadier on a busy machine).
                         Goal: at most 3×.
  fill: peak heap        the most heap a fill (write and verify) of --answers
                         answers holds above what was live before it, sampled
                         every millisecond; the largest of --repeat fills. The
                         answers go to the first writable fields of
                         list_form_fields: a list gets its first option, any
                         other field "answer N"; a field refusing that gets a
                         number, then "yes", else the next field is taken.
  XML holding answers    the inflated XML of the parts the answers are in
                         (Excel: their sheets; Word: n/a, a field's ID does not
                         name its part; PDF: n/a).
  XML rewritten          the inflated XML of the parts the output holds
                         changed, found by comparing the output's entries with
                         the input's (Excel: sheets, those of recalculated
                         formulas included; Word: any XML part).
  peak ÷ XML             the peak as a multiple of each. Goal: at most 10× the
                         XML holding the answers.

CPU is the whole process's (every thread, the garbage collector's too). Times
vary with the machine's load: compare ratios, and use --repeat on a busy one.

Example:
  formfill bench engine --repeat 7 --answers 600 hecvat-4.14-educause.xlsx poam.xlsx
  formfill bench engine --json questionnaire.docx > figures.json

Flags:
`

// engineMain runs `formfill bench engine` with args (after "engine"): 0
// when every document was measured, 1 when one could not be, 2 on a usage
// error.
func engineMain(args []string, stdout, stderr io.Writer) int {
	cfg, asJSON, err := parseEngineFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "formfill bench engine:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := RunEngine(ctx, cfg)
	write := rep.WriteText
	if asJSON {
		write = rep.WriteJSON
	}
	if werr := write(stdout); werr != nil {
		fmt.Fprintln(stderr, "formfill bench engine:", werr)
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "formfill bench engine:", err)
		return 1
	}
	if n := rep.Failed(); n > 0 {
		fmt.Fprintf(stderr, "formfill bench engine: %d of %d documents could not be measured\n", n, len(rep.Docs))
		return 1
	}
	return 0
}

func parseEngineFlags(args []string, stderr io.Writer) (EngineConfig, bool, error) {
	var (
		cfg    EngineConfig
		asJSON bool
	)
	fs := flag.NewFlagSet("formfill bench engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, engineUsage); fs.PrintDefaults() }
	fs.IntVar(&cfg.Repeat, "repeat", 5, "timed runs of each call: medians of the times, the largest heap peak")
	fs.IntVar(&cfg.Answers, "answers", 600, "answers each fill writes (fewer when the document has fewer writable fields)")
	fs.BoolVar(&asJSON, "json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		return cfg, false, err
	}
	cfg.Docs = fs.Args()
	switch {
	case len(cfg.Docs) == 0:
		return cfg, false, errors.New("no documents given: name one or more .xlsx, .docx or .pdf files (see --help)")
	case cfg.Repeat <= 0:
		return cfg, false, fmt.Errorf("--repeat %d: expected a positive count", cfg.Repeat)
	case cfg.Answers <= 0:
		return cfg, false, fmt.Errorf("--answers %d: expected a positive count", cfg.Answers)
	}
	return cfg, asJSON, nil
}
