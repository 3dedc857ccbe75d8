package jobs

import (
	"context"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/redistest"
)

func TestCheckGroupRefusesMalformedGroups(t *testing.T) {
	fill := Payload{Kind: KindFill, DocID: "abc"}
	many := make([]Payload, MaxGroup+1)
	for i := range many {
		many[i] = fill
	}
	tests := []struct {
		name   string
		group  []Payload
		errHas string
	}{
		{"empty", nil, "0 payloads; expected 1 to 64"},
		{"too many", many, "65 payloads; expected 1 to 64"},
		{"not a fill", []Payload{fill, {Kind: KindWrite, DocID: "abc"}}, `payload 1 is of kind "write"; expected fill`},
		{"nested group", []Payload{{Kind: KindFillGroup, Group: []Payload{fill}}}, `payload 0 is of kind "fill_group"`},
		{"no document", []Payload{fill, {Kind: KindFill}}, "payload 1 needs a document"},
		{"answers blob of its own", []Payload{{Kind: KindFill, DocID: "abc", AnswersBlob: "def"}}, "payload 0 carries an answers blob"},
		{"valid", []Payload{fill, fill}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckGroup(tt.group)
			if tt.errHas == "" {
				if err != nil {
					t.Fatalf("valid group refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v, want one mentioning %q", err, tt.errHas)
			}
		})
	}
}

func TestKindOfTaskKnowsFillGroupButUsersCannotNameIt(t *testing.T) {
	if k, err := KindOfTask(KindFillGroup.TaskType()); err != nil || k != KindFillGroup {
		t.Fatalf("KindOfTask(fill_group) = %q, %v", k, err)
	}
	if _, err := ParseKind(string(KindFillGroup)); err == nil {
		t.Fatal("ParseKind accepted fill_group, which only batch runs make")
	}
	if KindFillGroup.NeedsDocument() {
		t.Fatal("a fill_group has no document of its own")
	}
}

// A group of long answer lists passes the inline payload limit: its
// payloads must travel as a blob and come back whole.
func TestLargeGroupPayloadTravelsAsBlob(t *testing.T) {
	c := NewClient(redistest.Conn(t, jobsTestDB))
	defer c.Close()
	ctx := context.Background()
	long := strings.Repeat("x", 20<<10)
	var group []Payload
	for i := range 16 {
		group = append(group, Payload{Kind: KindFill, DocID: DocID([]byte{byte(i)}), FileType: formats.Word,
			Answers: []formats.Answer{{PairID: "P1", AnswerText: long}}})
	}
	data, err := c.encodePayload(ctx, Payload{Kind: KindFillGroup, Group: group})
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > maxInlinePayload || strings.Contains(string(data), long) {
		t.Fatalf("payload of %d bytes still carries the answers inline", len(data))
	}
	p, err := backendOf(c).ResolvePayload(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Group) != len(group) || p.Group[15].DocID != group[15].DocID || p.Group[3].Answers[0].AnswerText != long {
		t.Fatalf("group came back as %d payloads, last doc %q", len(p.Group), p.Group[len(p.Group)-1].DocID)
	}
}

// Long locations (validate) and expected answers (verify) travel as a blob
// as answers do, come back in their operation's arguments, and leave the
// caller's payload as it was: the arguments sit behind pointers the
// encoded copy shares with it.
func TestLargeArgumentsTravelAsBlobAndLeaveTheCallersPayload(t *testing.T) {
	c := NewClient(redistest.Conn(t, jobsTestDB))
	defer c.Close()
	ctx := context.Background()
	long := strings.Repeat("x", maxInlinePayload)
	tests := []struct {
		name string
		p    Payload
		back func(p *Payload) string // the long text as it came back
	}{
		{"validate's locations", Payload{Kind: KindValidate, DocID: "d", Validate: &ValidateArgs{Locations: []formats.Location{{PairID: "P1", Snippet: long}}}},
			func(p *Payload) string { return p.validateArgs().Locations[0].Snippet }},
		{"verify's expected answers", Payload{Kind: KindVerify, DocID: "d", Verify: &VerifyArgs{SourceDocID: "s", Expected: []formats.ExpectedAnswer{{PairID: "P1", ExpectedText: long}}}},
			func(p *Payload) string { return p.verifyArgs().Expected[0].ExpectedText }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := c.encodePayload(ctx, tt.p)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > maxInlinePayload || strings.Contains(string(data), long) {
				t.Fatalf("payload of %d bytes still carries the list inline", len(data))
			}
			if tt.back(&tt.p) != long {
				t.Fatal("encoding emptied the caller's payload")
			}
			p, err := backendOf(c).ResolvePayload(ctx, data)
			if err != nil {
				t.Fatal(err)
			}
			if tt.back(&p) != long || p.AnswersBlob != "" || p.Kind != tt.p.Kind {
				t.Fatalf("came back as %+v", p)
			}
			if tt.p.Verify != nil && p.Verify.SourceDocID != "s" {
				t.Fatalf("verify's source came back as %q", p.Verify.SourceDocID)
			}
		})
	}
}
