package wordxml

import "testing"

// TestNumberFormats: each w:numFmt Word writes shows a counter as Word
// shows it; an unknown format falls back to decimal.
func TestNumberFormats(t *testing.T) {
	tests := []struct {
		n      int
		format string
		want   string
	}{
		{4, "lowerRoman", "iv"}, {1994, "upperRoman", "MCMXCIV"}, {28, "lowerLetter", "bb"}, {53, "upperLetter", "AAA"},
		{3, "decimalZero", "03"}, {12, "decimalZero", "12"}, {22, "ordinal", "22nd"}, {13, "ordinal", "13th"},
		{21, "cardinalText", "Twenty-one"}, {10, "ordinalText", "Tenth"}, {42, "ordinalText", "Forty-second"},
		{300, "ordinalText", "Three hundredth"}, {115, "cardinalText", "One hundred fifteen"}, {2, "chicago", "†"}, {5, "chicago", "**"},
		{2, "decimalEnclosedParen", "(2)"}, {7, "none", ""}, {7, "someFutureFormat", "7"},
	}
	for _, tt := range tests {
		if got := formatNumber(tt.n, tt.format); got != tt.want {
			t.Errorf("formatNumber(%d, %s) = %q, want %q", tt.n, tt.format, got, tt.want)
		}
	}
}
