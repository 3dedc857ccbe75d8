package formats

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// Occurrence says which match of an answer's Find text an edit applies to:
// 1 for the first (also what the zero value means), n for the n-th, or
// AllOccurrences. In JSON it is a number or the string "all".
type Occurrence int

// AllOccurrences makes an edit apply to every match of Find.
const AllOccurrences Occurrence = -1

// Index returns the 1-based match an edit applies to; 0 for all of them.
func (o Occurrence) Index() int {
	switch {
	case o == AllOccurrences:
		return 0
	case o <= 0:
		return 1
	}
	return int(o)
}

// String gives "all" or the number.
func (o Occurrence) String() string {
	if o == AllOccurrences {
		return "all"
	}
	return strconv.Itoa(o.Index())
}

// MarshalJSON writes "all" or the number.
func (o Occurrence) MarshalJSON() ([]byte, error) {
	if o == AllOccurrences {
		return []byte(`"all"`), nil
	}
	return []byte(strconv.Itoa(int(o))), nil
}

// UnmarshalJSON reads a positive number, a string holding one, or "all".
func (o *Occurrence) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*o = 0
		return nil
	}
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return Errorf(ErrInvalidArgument, "occurrence", "%s is not a number or \"all\"", b)
		}
		s = strings.TrimSpace(s)
		if strings.EqualFold(s, "all") {
			*o = AllOccurrences
			return nil
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return Errorf(ErrInvalidArgument, "occurrence", "%s is not a match number counted from 1, or \"all\"", b)
	}
	*o = Occurrence(n)
	return nil
}
