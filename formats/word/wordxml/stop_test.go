package wordxml

import (
	"context"
	"errors"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// TestIsNamedMatchesFullTag: an end tag is matched against the open
// element as FullTag would match it.
func TestIsNamedMatchesFullTag(t *testing.T) {
	for _, tc := range []struct {
		name, space, tag, end string
	}{
		{"same prefixed name", "w", "p", "w:p"},
		{"same plain name", "", "p", "p"},
		{"other local name", "w", "p", "w:pPr"},
		{"other prefix", "w", "p", "w14:p"},
		{"prefix missing", "w", "p", "p"},
		{"prefix where none is", "", "p", "w:p"},
		{"colon elsewhere", "w", "p", "wx:"},
		{"empty end name", "w", "p", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			el := &etree.Element{Space: tc.space, Tag: tc.tag}
			if got, want := isNamed(el, tc.end), el.FullTag() == tc.end; got != want {
				t.Errorf("isNamed(%q, %q) = %v, FullTag says %v", el.FullTag(), tc.end, got, want)
			}
		})
	}
}

// TestEndedCallStopsReadAndWrite: a stop that can end the call is still
// stepped by the read (built, left out and deferred content alike) and
// the write, though one that never can is dropped. It checks at the third
// tag, <c>: inside the content left out or deferred.
func TestEndedCallStopsReadAndWrite(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	doc := []byte(`<a><b x="1"><c>t</c></b><d/></a>`)
	for _, tc := range []struct {
		name string
		read func(stop *formats.Stopper) error
	}{
		{"whole", func(stop *formats.Stopper) error {
			_, err := Read(doc, xmllex.MaxDepth, nil, stop)
			return err
		}},
		{"left out", func(stop *formats.Stopper) error {
			_, err := Read(doc, xmllex.MaxDepth, map[string]bool{"b": true}, stop)
			return err
		}},
		{"deferred", func(stop *formats.Stopper) error {
			_, _, err := ParseLazy(doc, "test", nil, "b", "", stop)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.read(formats.NewStopper(ctx, 3)); !errors.Is(err, formats.ErrStopped) {
				t.Errorf("ended call: %v, want ErrStopped", err)
			}
			if err := tc.read(formats.NewStopper(nil, 1)); err != nil {
				t.Errorf("no call to end: %v", err)
			}
		})
	}
	x, err := Read(doc, xmllex.MaxDepth, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteStop(nil, x, 0, formats.NewStopper(ctx, 1)); !errors.Is(err, formats.ErrStopped) {
		t.Errorf("write of an ended call: %v, want ErrStopped", err)
	}
}
