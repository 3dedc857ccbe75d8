package pdf

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// Encrypted forms.
//
// US government forms (USCIS, IRS) and many others are published
// encrypted with an owner password only: the user password is empty, so
// every viewer opens them, and the permissions say what a user may do
// (fill in fields, annotate, print…). formfill reads such forms as any
// viewer does and fills them when their permissions allow filling.
//
// The output keeps the encryption: the objects a fill adds or changes
// are appended, encrypted with the document's own key and method (RC4
// or AES, PDF 32000-1 7.6), under the original encryption dictionary.
// The filled form thus opens exactly as the original did, with the same
// permissions its publisher chose; nothing is decrypted that stays
// decrypted. formfill never knows the owner password and needs none.
// The write result says so in its Encryption field.
//
// A form that needs a user password to open is refused as unsupported
// (formfill cannot read it), and so is a write the permissions forbid,
// naming the permission.

// Permission bits of an encryption dictionary's /P (PDF 32000-1, table
// 22), counted from 1 as the standard does.
const (
	permModify   = 1 << (4 - 1)  // modify the contents other than by bits 6, 9, 11
	permAnnotate = 1 << (6 - 1)  // add or modify annotations, fill in form fields
	permFillForm = 1 << (9 - 1)  // fill in form fields, even if bit 6 is clear (revision 3 and later)
	permAssemble = 1 << (11 - 1) // assemble: insert, rotate, delete pages
)

// encryption is how a document's strings and streams are encrypted.
type encryption struct {
	key           []byte // the file encryption key
	r             int    // the security handler's revision
	p             int32  // the permissions
	aesStrings    bool   // strings use AES (else RC4)
	aesStreams    bool   // streams use AES (else RC4)
	plainStrings  bool   // the string crypt filter is Identity
	plainStreams  bool   // the stream crypt filter is Identity
	plainMetadata bool   // /EncryptMetadata false
	method        string // "AES-256", "RC4 128-bit" …
}

// encryptionOf returns how the document read into ctx is encrypted, or
// nil when it is not.
func encryptionOf(ctx *model.Context) *encryption {
	if ctx.E == nil || ctx.EncKey == nil {
		return nil
	}
	e := &encryption{key: ctx.EncKey, r: ctx.E.R, p: int32(ctx.E.P), aesStrings: ctx.AES4Strings, aesStreams: ctx.AES4Streams, plainMetadata: !ctx.E.Emd}
	if ctx.Encrypt != nil {
		d := dictOf(ctx, *ctx.Encrypt)
		e.plainStrings = textOf(ctx, entry(ctx, d, "StrF")) == "Identity"
		e.plainStreams = textOf(ctx, entry(ctx, d, "StmF")) == "Identity"
	}
	switch {
	case e.r >= 5:
		e.method = "AES-256"
	case e.aesStreams || e.aesStrings:
		e.method = "AES-128"
	default:
		e.method = fmt.Sprintf("RC4 %d-bit", len(e.key)*8)
	}
	return e
}

// allows reports whether the permissions grant every bit of mask.
func (e *encryption) allows(mask int32) bool { return e.p&mask == mask }

// canFill reports whether the permissions allow filling in form fields:
// bit 6, or from revision 3 on bit 9 alone.
func (e *encryption) canFill() bool {
	return e.allows(permAnnotate) || (e.r >= 3 && e.allows(permFillForm))
}

// describe is what the write result says about the output's encryption.
func (e *encryption) describe() string {
	return fmt.Sprintf("kept: %s with an empty user password, as the original; the output opens without a password, with the original's permissions", e.method)
}

// checkWrite refuses a write the document's permissions forbid, naming
// the permission: filling needs "fill in form fields" (bit 9) or "modify
// annotations and fill in form fields" (bit 6); review notes, which add
// annotations, need bit 6; a flatten, which rewrites page content, needs
// "modify the contents of the document" (bit 4).
func (e *encryption) checkWrite(opts formats.WriteOptions) error {
	if e == nil {
		return nil
	}
	deny := func(perm string, bit int) error {
		return formats.Errorf(formats.ErrUnsupported, "file", "the PDF is encrypted with permissions that forbid %s (permission bit %d, /P %d); formfill keeps a publisher's restrictions — ask for a version that allows it", perm, bit, e.p)
	}
	if !e.canFill() {
		return deny("filling in form fields", 9)
	}
	if opts.CommentUncertain && !e.allows(permAnnotate) {
		return deny("adding annotations (comment_uncertain puts a note on each uncertain answer)", 6)
	}
	if opts.Flatten && !e.allows(permModify) {
		return deny("modifying the document's contents (flatten burns the fields into the pages)", 4)
	}
	return nil
}

// seal returns a copy of object nr (generation gen) with its strings and
// stream data encrypted as the document's own objects are, for writing
// into the file; o itself is left as it is (the model stays decrypted).
func (e *encryption) seal(nr, gen int, o types.Object) (types.Object, error) {
	switch v := o.(type) {
	case types.StreamDict:
		d, err := e.sealDeep(nr, gen, v.Dict)
		if err != nil {
			return nil, err
		}
		v.Dict = d.(types.Dict)
		if t, _ := v.Dict["Type"].(types.Name); !e.plainStreams && !(e.plainMetadata && t == "Metadata") {
			raw, err := e.cipher(nr, gen, e.aesStreams, v.Raw)
			if err != nil {
				return nil, err
			}
			v.Raw = raw
		}
		return v, nil
	}
	return e.sealDeep(nr, gen, o)
}

// literalBytes is the bytes a string literal or a hex string holds.
func literalBytes(o types.Object) ([]byte, error) {
	if s, ok := o.(types.StringLiteral); ok {
		return types.Unescape(s.Value())
	}
	return o.(types.HexLiteral).Bytes()
}

// sealDeep copies o with every string in it encrypted. A signature's
// /Contents stays plain, as the standard requires.
func (e *encryption) sealDeep(nr, gen int, o types.Object) (types.Object, error) {
	if e.plainStrings {
		return o, nil
	}
	switch v := o.(type) {
	case types.StringLiteral, types.HexLiteral:
		b, err := literalBytes(v)
		if err != nil {
			return nil, err
		}
		c, err := e.cipher(nr, gen, e.aesStrings, b)
		if err != nil {
			return nil, err
		}
		return types.NewHexLiteral(c), nil
	case types.Dict:
		sig := false
		if t, ok := v["Type"].(types.Name); ok && (t == "Sig" || t == "DocTimeStamp") {
			sig = true
		}
		out := types.Dict{}
		for k, x := range v {
			if sig && k == "Contents" {
				out[k] = x
				continue
			}
			y, err := e.sealDeep(nr, gen, x)
			if err != nil {
				return nil, err
			}
			out[k] = y
		}
		return out, nil
	case types.Array:
		out := make(types.Array, len(v))
		for i, x := range v {
			y, err := e.sealDeep(nr, gen, x)
			if err != nil {
				return nil, err
			}
			out[i] = y
		}
		return out, nil
	}
	return o, nil
}

// objectKey is the key for object nr: the file key itself for AES-256,
// else the MD5 of the file key, the object and generation numbers (and
// "sAlT" for AES), at most 16 bytes (PDF 32000-1, algorithm 1).
func (e *encryption) objectKey(nr, gen int, useAES bool) []byte {
	if e.r >= 5 {
		return e.key
	}
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(nr))
	h := md5.New()
	h.Write(e.key)
	h.Write(n[:3])
	h.Write([]byte{byte(gen), byte(gen >> 8)})
	if useAES {
		h.Write([]byte("sAlT"))
	}
	return h.Sum(nil)[:min(16, len(e.key)+5)]
}

// cipher encrypts b for object nr. AES's initialisation vector is derived
// from the key, the object and its plain bytes, not drawn at random: the
// same fill of the same form gives the same file (jobs are retried).
func (e *encryption) cipher(nr, gen int, useAES bool, b []byte) ([]byte, error) {
	k := e.objectKey(nr, gen, useAES)
	if !useAES {
		c, err := rc4.NewCipher(k)
		if err != nil {
			return nil, err
		}
		out := make([]byte, len(b))
		c.XORKeyStream(out, b)
		return out, nil
	}
	block, err := aes.NewCipher(k)
	if err != nil {
		return nil, err
	}
	pad := aes.BlockSize - len(b)%aes.BlockSize
	plain := append(append([]byte(nil), b...), bytes.Repeat([]byte{byte(pad)}, pad)...)
	h := sha256.New()
	h.Write(k)
	fmt.Fprintf(h, "%d %d", nr, gen)
	h.Write(b)
	out := make([]byte, aes.BlockSize+len(plain))
	copy(out, h.Sum(nil)[:aes.BlockSize])
	cipher.NewCBCEncrypter(block, out[:aes.BlockSize]).CryptBlocks(out[aes.BlockSize:], plain)
	return out, nil
}

// sealedBytes serialises object nr encrypted, for the incremental update
// of an encrypted file.
func sealedBytes(enc *encryption, nr, gen int, o types.Object) ([]byte, error) {
	if sd, ok := o.(types.StreamDict); ok && sd.Raw == nil && sd.Content != nil {
		if err := sd.Encode(); err != nil {
			return nil, err
		}
		o = sd
	}
	s, err := enc.seal(nr, gen, o)
	if err != nil {
		return nil, err
	}
	b, ok := objectBytes(s)
	if !ok {
		return nil, fmt.Errorf("object %d cannot be serialised", nr)
	}
	return b, nil
}
