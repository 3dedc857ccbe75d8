package deploy

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// A variable the binary does not read is ignored without a word: a
// misspelt FORMFILL_BLOB_STORE keeps documents in Redis, a misspelt
// FORMFILL_NOTIFY_ALLOW leaves webhooks on the default. So every variable
// the manifests give formfill's containers must be one the binary reads
// (a string constant in its non-test sources), one the container's args
// (or another container's, from a shared ConfigMap) substitute ($(NAME)), or one a ScaledObject reads (…FromEnv); OTEL_*
// variables are the OpenTelemetry SDK's.

// binarySources are the packages whose variables the binary reads.
var binarySources = []string{"../cmd/formfill", "../jobs", "../worker", "../mcp", "../embedded",
	"../internal/queue", "../internal/batch", "../internal/fillinput"}

var (
	envNamePattern = regexp.MustCompile(`^(FORMFILL|AWS)_[A-Z0-9_]+$`)
	readOnce       sync.Once
	readNames      map[string]bool
	readErr        error
)

// namesTheBinaryReads collects the FORMFILL_* and AWS_* string constants
// of the binary's non-test sources.
func namesTheBinaryReads() (map[string]bool, error) {
	readOnce.Do(func() {
		readNames = map[string]bool{}
		fset := token.NewFileSet()
		for _, dir := range binarySources {
			paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
			if err != nil || len(paths) == 0 {
				readErr = fmt.Errorf("no Go sources in %s: %v", dir, err)
				return
			}
			for _, p := range paths {
				if strings.HasSuffix(p, "_test.go") {
					continue
				}
				f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
				if err != nil {
					readErr = err
					return
				}
				ast.Inspect(f, func(n ast.Node) bool {
					if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil && envNamePattern.MatchString(s) {
							readNames[s] = true
						}
					}
					return true
				})
			}
		}
	})
	return readNames, readErr
}

// checkEnvNames returns the variables given to formfill's containers that
// nothing reads.
func checkEnvNames(m *manifests) error {
	read, err := namesTheBinaryReads()
	if err != nil {
		return err
	}
	fromEnv := map[string]bool{}
	for _, so := range m.scaled {
		for _, tr := range so.Spec.Triggers {
			for k, v := range tr.Metadata {
				if strings.HasSuffix(k, "FromEnv") {
					fromEnv[v] = true
				}
			}
		}
	}
	// A shared ConfigMap's key substituted in one container's args (the
	// workers' $(FORMFILL_CONCURRENCY)) is used, though others get it too.
	var args strings.Builder
	for _, d := range m.deployments {
		for _, c := range d.Spec.Template.Spec.Containers {
			args.WriteString(strings.Join(append(append([]string(nil), c.Command...), c.Args...), " "))
		}
	}
	var errs []error
	for name, d := range m.deployments {
		for _, c := range d.Spec.Template.Spec.Containers {
			for _, v := range containerEnvNames(m, c) {
				switch {
				case read[v], strings.HasPrefix(v, "OTEL_"), fromEnv[v], strings.Contains(args.String(), "$("+v+")"):
				default:
					errs = append(errs, fmt.Errorf("%s/%s: %s is given but nothing reads it (misspelt?)", name, c.Name, v))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// containerEnvNames lists the variables c gets: its env, and the keys of
// the ConfigMaps and Secrets it takes whole.
func containerEnvNames(m *manifests, c corev1.Container) []string {
	var names []string
	for _, e := range c.Env {
		names = append(names, e.Name)
	}
	for _, src := range c.EnvFrom {
		if src.ConfigMapRef != nil && m.configMaps[src.ConfigMapRef.Name] != nil {
			for k := range m.configMaps[src.ConfigMapRef.Name].Data {
				names = append(names, src.Prefix+k)
			}
		}
		if src.SecretRef != nil && m.secrets[src.SecretRef.Name] != nil {
			for k := range m.secrets[src.SecretRef.Name].StringData {
				names = append(names, src.Prefix+k)
			}
		}
	}
	return names
}

func TestK8sEnvNamesAreRead(t *testing.T) {
	read, err := namesTheBinaryReads()
	if err != nil {
		t.Fatal(err)
	}
	// The scan must see the variables it vouches for.
	for _, v := range []string{"FORMFILL_REDIS_URL", "FORMFILL_BLOB_STORE", "FORMFILL_NOTIFY_ALLOW", "AWS_ACCESS_KEY_ID"} {
		if !read[v] {
			t.Fatalf("the source scan misses %s: it vouches for nothing", v)
		}
	}
	for name, files := range map[string]map[string][]byte{"k8s": readK8s(t), "k8s/ha": readK8sHA(t)} {
		m, err := decodeManifests(files)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkEnvNames(m); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestK8sMisspeltEnvNameIsCaught(t *testing.T) {
	files := readK8s(t)
	files["k8s/configmap.yaml"] = []byte(strings.Replace(string(files["k8s/configmap.yaml"]), "FORMFILL_NOTIFY_ALLOW:", "FORMFILL_NOTIFY_ALLOWED:", 1))
	m, err := decodeManifests(files)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkEnvNames(m); err == nil || !strings.Contains(err.Error(), "FORMFILL_NOTIFY_ALLOWED") {
		t.Fatalf("misspelt variable: %v", err)
	}
}
