package excel

import (
	"archive/zip"
	"bytes"
	"testing"
)

// TestALaneReadsWholeAPartItsStorageHolds picks the parts a lane checks
// through a window: a large part nothing records, unless the storage the
// lane holds for its larger parts has room for it.
func TestALaneReadsWholeAPartItsStorageHolds(t *testing.T) {
	large := guardStreamBytes + 1
	room := int(large) + bytes.MinRead
	for _, tc := range []struct {
		name    string
		part    string
		storage int // the capacity of the lane's storage
		want    bool
	}{
		{"no storage yet", "xl/calcChain.xml", 0, true},
		{"storage too small", "xl/calcChain.xml", room - 1, true},
		{"storage with room", "xl/calcChain.xml", room, false},
		{"styles, storage with room", "xl/styles.xml", 4 * room, false},
		{"a small part", "xl/calcChain.xml", 0, false},
		{"a worksheet", "xl/worksheets/sheet1.xml", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			size := large
			if tc.name == "a small part" {
				size = guardStreamBytes
			}
			f := &zip.File{FileHeader: zip.FileHeader{Name: tc.part, UncompressedSize64: size}}
			if got := streamsIn(f, make([]byte, 0, tc.storage)); got != tc.want {
				t.Errorf("%s of %d bytes, storage of %d: streamed %v, want %v", tc.part, size, tc.storage, got, tc.want)
			}
		})
	}
}
