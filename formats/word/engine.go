package word

import "github.com/formfill/formfill/formats"

// Engine implements formats.Engine and formats.Filler for .docx documents.
// It is stateless and safe for concurrent use.
type Engine struct{}

// New returns the Word engine.
func New() *Engine { return &Engine{} }

func init() { formats.Register(New()) }

// Type reports formats.Word.
func (*Engine) Type() formats.FileType { return formats.Word }

var (
	_ formats.Engine = (*Engine)(nil)
	_ formats.Filler = (*Engine)(nil)
)
