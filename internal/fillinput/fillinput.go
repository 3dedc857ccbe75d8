// Package fillinput reads what a fill is made of from disk: a document,
// with its type decided from the extension and confirmed by its content,
// and JSON files of answers. The CLI's commands and its batch runs
// (internal/batch) read their inputs through it, so both refuse the same
// files with the same words.
package fillinput

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"

	"github.com/formfill/formfill/formats"
)

// ReadDocument reads a document from path, refusing files over the size
// limit before reading them, and decides its type from the extension (or
// typ) confirmed by its magic bytes.
func ReadDocument(path, typ string) ([]byte, formats.FileType, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, "", fmt.Errorf("document %s: %w", path, err)
	}
	if fi.IsDir() {
		return nil, "", fmt.Errorf("document %s: is a directory, expected a .docx, .xlsx or .pdf file", path)
	}
	if err := formats.CheckSize(int(min(fi.Size(), int64(formats.MaxFileSize)+1))); err != nil {
		return nil, "", fmt.Errorf("document %s: %w", path, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("document %s: %w", path, err)
	}
	ft, err := formats.Detect(path, typ, data)
	if err != nil {
		return nil, "", fmt.Errorf("document %s: %w", path, err)
	}
	return data, ft, nil
}

// ReadJSONFile reads the JSON file of what (its name in messages) at path
// into v, with unknown fields refused so a typo in a field name is caught.
func ReadJSONFile(what, path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s file: %w", what, err)
	}
	return DecodeJSON(what, path, data, v)
}

// DecodeJSON decodes the JSON file data of what, read from path, into v,
// refusing unknown fields.
func DecodeJSON(what, path string, data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return fmt.Errorf("%s file %s is empty; expected a JSON array", what, path)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if strings.HasPrefix(err.Error(), "json: unknown field ") {
			if known := fieldNames(reflect.TypeOf(v)); len(known) > 0 {
				return fmt.Errorf("%s file %s: %w; the fields it accepts are %s", what, path, err, strings.Join(known, ", "))
			}
		}
		return fmt.Errorf("%s file %s: %w (expected a JSON array of objects)", what, path, err)
	}
	return nil
}

// fieldNames lists the JSON names of the fields of t's entries (t a
// pointer to a slice of structs, or to a struct), so a refused field comes
// with the ones that would have been accepted; nil for other types. Only
// the top level is listed: encoding/json's error does not say how deep
// the unknown field was.
func fieldNames(t reflect.Type) []string {
	for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
			continue
		case f.Anonymous && name == "":
			// encoding/json promotes an embedded struct's fields, even
			// when the struct's type is unexported.
			names = append(names, fieldNames(f.Type)...)
			continue
		case !f.IsExported():
			continue
		case name == "":
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}

// LoadAnswers reads write_answers' answers: a JSON array of
// {pair_id, answer_text | insertion_xml, mode, confidence, xpath}.
func LoadAnswers(path string) ([]formats.Answer, error) {
	var answers []formats.Answer
	if err := ReadJSONFile("answers", path, &answers); err != nil {
		return nil, err
	}
	if err := CheckAnswers(path, answers); err != nil {
		return nil, err
	}
	return answers, nil
}

// CheckAnswers checks an answers file's or manifest entry's answers
// (formats.RequireAnswers), naming where they came from (src).
func CheckAnswers(src string, answers []formats.Answer) error {
	switch err := formats.RequireAnswers(answers); {
	case errors.Is(err, formats.ErrNoAnswers):
		return fmt.Errorf("answers %s: the list is empty; expected at least one {pair_id, answer_text}", src)
	case err != nil:
		return fmt.Errorf("answers %s: %w", src, err)
	}
	return nil
}

// Exists reports whether p is a file (not a directory).
func Exists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
