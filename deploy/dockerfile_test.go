package deploy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// instruction is one Dockerfile instruction with continuation lines joined.
type instruction struct {
	cmd  string // upper-cased keyword
	args string
	line int
}

// stage is one FROM … block.
type stage struct {
	image, name string
	body        []instruction
}

// parseDockerfile is a small parser, enough to check the structure of our own
// Dockerfile (no Docker engine here to build it): comments, blank lines,
// backslash continuations, FROM … AS name.
func parseDockerfile(t *testing.T, data []byte) []stage {
	t.Helper()
	var (
		stages  []stage
		pending strings.Builder
		start   int
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if pending.Len() == 0 && (line == "" || strings.HasPrefix(line, "#")) {
			continue
		}
		if pending.Len() == 0 {
			start = n
		}
		if cont, ok := strings.CutSuffix(line, `\`); ok {
			pending.WriteString(strings.TrimSpace(cont) + " ")
			continue
		}
		pending.WriteString(line)
		keyword, args, _ := strings.Cut(pending.String(), " ")
		pending.Reset()
		in := instruction{cmd: strings.ToUpper(keyword), args: strings.TrimSpace(args), line: start}
		if in.cmd == "FROM" {
			f := strings.Fields(in.args)
			st := stage{image: f[0]}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				st.name = f[2]
			}
			stages = append(stages, st)
			continue
		}
		if len(stages) == 0 {
			if in.cmd == "ARG" {
				continue
			}
			t.Fatalf("line %d: %s before the first FROM", in.line, in.cmd)
		}
		stages[len(stages)-1].body = append(stages[len(stages)-1].body, in)
	}
	if pending.Len() > 0 {
		t.Fatalf("Dockerfile ends inside a continued line")
	}
	return stages
}

func (s stage) find(cmd string) []instruction {
	var out []instruction
	for _, in := range s.body {
		if in.cmd == cmd {
			out = append(out, in)
		}
	}
	return out
}

func TestDockerfileBuildsStaticBinaryInBuilderStage(t *testing.T) {
	stages := parseDockerfile(t, mustRead(t, "Dockerfile"))
	if len(stages) < 2 {
		t.Fatalf("want a multi-stage build, got %d stage(s)", len(stages))
	}
	build := stages[0]
	if !strings.HasPrefix(build.image, "golang:1.26") || build.name == "" {
		t.Errorf("builder stage = FROM %s AS %q, want golang:1.26 with a name", build.image, build.name)
	}
	var run string
	for _, in := range build.find("RUN") {
		if strings.Contains(in.args, "go build") {
			run = in.args
		}
	}
	for _, want := range []string{"CGO_ENABLED=0", "-trimpath", `-ldflags "-s -w"`, "./cmd/formfill"} {
		if !strings.Contains(run, want) {
			t.Errorf("go build step %q lacks %s", run, want)
		}
	}
}

func TestDockerfileFinalImageIsMinimalNonRoot(t *testing.T) {
	stages := parseDockerfile(t, mustRead(t, "Dockerfile"))
	final := stages[len(stages)-1]
	if final.image != "scratch" && !strings.HasPrefix(final.image, "gcr.io/distroless/static") {
		t.Errorf("final image %s, want scratch or distroless static", final.image)
	}
	users := final.find("USER")
	if len(users) == 0 {
		t.Fatal("final stage has no USER: the container would run as root")
	}
	user := strings.Split(users[len(users)-1].args, ":")[0]
	if user == "root" || user == "0" || user == "" {
		t.Errorf("final USER %q is root", users[len(users)-1].args)
	}

	copies := final.find("COPY")
	var binPath string
	for _, c := range copies {
		f := strings.Fields(c.args)
		if len(f) == 3 && f[0] == "--from="+stages[0].name {
			binPath = f[2]
		}
	}
	if binPath == "" {
		t.Fatalf("final stage does not COPY --from=%s the binary (COPY lines: %v)", stages[0].name, copies)
	}

	eps := final.find("ENTRYPOINT")
	if len(eps) != 1 {
		t.Fatalf("want one ENTRYPOINT in the final stage, got %d", len(eps))
	}
	var ep []string // exec form: no shell in distroless/scratch
	if err := json.Unmarshal([]byte(eps[0].args), &ep); err != nil || len(ep) == 0 {
		t.Fatalf("ENTRYPOINT %s is not the exec (JSON) form: %v", eps[0].args, err)
	}
	if ep[0] != binPath || !strings.HasSuffix(ep[0], "/formfill") {
		t.Errorf("ENTRYPOINT %v does not run the copied binary %s", ep, binPath)
	}
}

func TestParseDockerfileJoinsContinuationsAndNamesStages(t *testing.T) {
	src := "ARG X=1\n# comment\nFROM a:1 AS one\nRUN echo \\\n  two\nFROM scratch\nUSER 1\n"
	stages := parseDockerfile(t, []byte(src))
	if len(stages) != 2 || stages[0].name != "one" || stages[1].image != "scratch" {
		t.Fatalf("stages = %+v", stages)
	}
	if got := stages[0].find("RUN")[0].args; got != "echo two" {
		t.Errorf("joined RUN = %q, want %q", got, "echo two")
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The PDF engine draws text a form's fonts lack with Noto fonts, which
// fontdir finds under /usr/share/fonts: the final image must carry them,
// copied from a stage that installs Debian's fonts-noto-core and
// fonts-noto-cjk (distroless has no package manager).
func TestDockerfileFinalImageCarriesNotoFonts(t *testing.T) {
	stages := parseDockerfile(t, mustRead(t, "Dockerfile"))
	installs := map[string]bool{}
	for _, s := range stages[:len(stages)-1] {
		for _, in := range s.find("RUN") {
			if strings.Contains(in.args, "fonts-noto-core") && strings.Contains(in.args, "fonts-noto-cjk") {
				installs[s.name] = true
			}
		}
	}
	if len(installs) == 0 {
		t.Fatal("no stage installs fonts-noto-core and fonts-noto-cjk")
	}
	var core, cjk bool
	for _, c := range stages[len(stages)-1].find("COPY") {
		f := strings.Fields(c.args)
		if len(f) < 3 || !installs[strings.TrimPrefix(f[0], "--from=")] || !strings.HasPrefix(f[len(f)-1], "/usr/share/fonts/") {
			continue
		}
		core = core || strings.Contains(c.args, "truetype/noto")
		cjk = cjk || strings.Contains(c.args, "NotoSansCJK-Regular.ttc")
	}
	if !core || !cjk {
		t.Errorf("final stage copies Noto core %v, Noto Sans CJK %v into /usr/share/fonts; want both", core, cjk)
	}
}
