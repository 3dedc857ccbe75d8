package jobs

import (
	"encoding/json"
	"strings"
	"testing"
)

// sampleValue is a value of a parameter's schema type, to check that the
// payload field it names exists.
func sampleValue(p Param) json.RawMessage {
	switch p.Type() {
	case "array":
		if items, _ := p.Schema["items"].(map[string]any); items["type"] == "string" {
			return json.RawMessage(`["P1"]`)
		}
		return json.RawMessage(`[{"pair_id": "P1"}]`)
	case "boolean":
		return json.RawMessage(`true`)
	case "integer", "number":
		return json.RawMessage(`7`)
	case "object":
		return json.RawMessage(`{"pairs": [{"new": "1.1", "old": "1.1"}]}`)
	}
	if enum, ok := p.Schema["enum"].([]string); ok {
		b, _ := json.Marshal(enum[0])
		return b
	}
	return json.RawMessage(`"x"`)
}

// TestOperationsAreWellFormed checks the table's own promises: one entry
// per kind and tool, everything a front end needs is declared, and every
// parameter fills a payload field that exists.
func TestOperationsAreWellFormed(t *testing.T) {
	kinds, tools := map[Kind]bool{}, map[string]bool{}
	for _, op := range Operations {
		if kinds[op.Kind] {
			t.Errorf("kind %s declared twice", op.Kind)
		}
		kinds[op.Kind] = true
		if op.Tool != "" {
			if tools[op.Tool] {
				t.Errorf("tool %s declared twice", op.Tool)
			}
			tools[op.Tool] = true
			if !strings.Contains(op.Description, "Example") {
				t.Errorf("%s: the tool's description gives no example", op.Kind)
			}
		}
		if op.Title == "" || op.Description == "" || op.Body == nil {
			t.Errorf("%s: title, description and body are required", op.Kind)
		}
		if !op.Internal && op.Run == nil {
			t.Errorf("%s: no Run, so no worker can do it", op.Kind)
		}
		names := map[string]bool{}
		for _, p := range op.Params {
			if names[p.Name] {
				t.Errorf("%s: parameter %s declared twice", op.Kind, p.Name)
			}
			names[p.Name] = true
			if p.Type() == "" || p.Description == "" {
				t.Errorf("%s: parameter %s needs a schema type and a description", op.Kind, p.Name)
			}
			if p.Replaces && (!p.Local || op.ReadOnly) {
				t.Errorf("%s: parameter %s replaces a file, so it must be local and its operation not read-only", op.Kind, p.Name)
			}
			if p.Local {
				continue
			}
			var pl Payload
			if err := pl.Set(p.PayloadField(), sampleValue(p)); err != nil {
				t.Errorf("%s: parameter %s: %v", op.Kind, p.Name, err)
				continue
			}
			top := strings.Split(p.PayloadField(), ".")[0]
			if b, _ := json.Marshal(pl); !strings.Contains(string(b), `"`+top+`":`) {
				t.Errorf("%s: parameter %s fills %s, which the payload does not have: %s", op.Kind, p.Name, p.PayloadField(), b)
			}
		}
	}
	for _, k := range TaskKinds {
		if OperationOf(k) == nil {
			t.Errorf("task kind %s has no operation", k)
		}
	}
}

func TestPayloadSetNamesWrongTypes(t *testing.T) {
	var p Payload
	err := p.Set("locations", json.RawMessage(`"F1"`))
	var te *json.UnmarshalTypeError
	if err == nil || !asTypeError(err, &te) || te.Field != "locations" {
		t.Fatalf("Set of a string into locations: %v", err)
	}
	if err := p.Set("insertion.answer_type", json.RawMessage(`"plain_text"`)); err != nil || p.Insertion == nil || p.Insertion.AnswerType != "plain_text" {
		t.Fatalf("nested Set: %v %+v", err, p.Insertion)
	}
	if err := p.Set("insertion.answer_text", json.RawMessage(`"Yes"`)); err != nil || p.Insertion.AnswerType != "plain_text" || p.Insertion.AnswerText != "Yes" {
		t.Fatalf("a second nested Set lost the first: %v %+v", err, p.Insertion)
	}
}

func asTypeError(err error, te **json.UnmarshalTypeError) bool {
	t, ok := err.(*json.UnmarshalTypeError)
	*te = t
	return ok
}
