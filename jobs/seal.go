package jobs

import (
	"bufio"
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// Encryption at rest. With a Keyring (WithKeyring), a client seals what it
// stores in Redis that holds a document or an answer: blobs (documents,
// outputs, answers that travel apart), payloads, results and failure
// records. A Redis reader then sees ciphertext, and a record changed or
// moved to another key does not open (AES-GCM authenticates it together
// with the name of what it is, "blob:<doc_id>" or "result:<job_id>"). Keys
// rotate: a keyring names its keys, seals with the first and opens with any
// of them, so a new key goes first and an old one stays listed until what
// it sealed has expired (blobs after their TTL, results after retention).
//
// A sealed record is sealMagic, one byte of key-ID length, the key ID, a
// 12-byte nonce and the ciphertext. Records without sealMagic are read as
// they are (a store from before encryption was turned on); blobs are still
// checked against their sha256, so an unsealed blob cannot be swapped.

// sealMagic starts every sealed record. A document starts with "PK" or
// "%PDF", JSON with "{": nothing formfill stores as it is starts with it.
var sealMagic = []byte("\x00ffseal1")

// Keyring holds the keys a client seals and opens records with.
type Keyring struct {
	ids  []string // in order: ids[0] seals
	keys map[string]cipher.AEAD
}

// KeyEnv and KeyFileEnv name the environment variables ParseKeyring's
// callers read: FORMFILL_ENCRYPTION_KEYS holds the keys themselves,
// FORMFILL_ENCRYPTION_KEY_FILE the path of a file that holds them.
const (
	KeyEnv     = "FORMFILL_ENCRYPTION_KEYS"
	KeyFileEnv = "FORMFILL_ENCRYPTION_KEY_FILE"
)

var keyIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// ParseKeyring reads keys written as "ID:KEY" entries, separated by commas,
// spaces or new lines ('#' starts a comment line). KEY is 32 bytes (AES-256)
// in base64 or hex, as `openssl rand -base64 32` prints. The first entry
// seals; every entry opens.
func ParseKeyring(spec string) (*Keyring, error) {
	k := &Keyring{keys: map[string]cipher.AEAD{}}
	sc := bufio.NewScanner(strings.NewReader(spec))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, entry := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			if err := k.add(entry); err != nil {
				return nil, fmt.Errorf("%w: encryption keys: %w", ErrInvalidConfig, err)
			}
		}
	}
	if len(k.ids) == 0 {
		return nil, fmt.Errorf("%w: encryption keys: none given; expected ID:KEY entries, KEY being 32 bytes in base64 or hex", ErrInvalidConfig)
	}
	return k, nil
}

func (k *Keyring) add(entry string) error {
	id, raw, ok := strings.Cut(entry, ":")
	if !ok || !keyIDPattern.MatchString(id) {
		return fmt.Errorf("entry %q: expected ID:KEY with an ID of letters, digits, '.', '_' or '-'", redactKey(entry))
	}
	if _, dup := k.keys[id]; dup {
		return fmt.Errorf("key ID %q is listed twice", id)
	}
	key, err := base64.StdEncoding.DecodeString(raw)
	if err != nil || len(key) != 32 {
		if h, herr := hex.DecodeString(raw); herr == nil {
			key, err = h, nil
		}
	}
	if err != nil || len(key) != 32 {
		return fmt.Errorf("key %q: expected 32 bytes in base64 or hex (openssl rand -base64 32)", id)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return err
	}
	k.ids = append(k.ids, id)
	k.keys[id] = aead
	return nil
}

// redactKey keeps an entry's ID and hides its key, for error messages.
func redactKey(entry string) string {
	if id, _, ok := strings.Cut(entry, ":"); ok {
		return id + ":…"
	}
	return "…"
}

// KeyringFromEnv reads the keyring from FORMFILL_ENCRYPTION_KEYS or the file
// FORMFILL_ENCRYPTION_KEY_FILE names (one of them, not both), as getenv
// (os.Getenv) returns them; it returns nil when neither is set: encryption
// at rest is off.
func KeyringFromEnv(getenv func(string) string) (*Keyring, error) {
	inline, path := strings.TrimSpace(getenv(KeyEnv)), strings.TrimSpace(getenv(KeyFileEnv))
	switch {
	case inline != "" && path != "":
		return nil, fmt.Errorf("%w: set %s or %s, not both", ErrInvalidConfig, KeyEnv, KeyFileEnv)
	case path != "":
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrInvalidConfig, KeyFileEnv, err)
		}
		return ParseKeyring(string(data))
	case inline != "":
		return ParseKeyring(inline)
	}
	return nil, nil
}

// SealingKey is the ID of the key the keyring seals with.
func (k *Keyring) SealingKey() string { return k.ids[0] }

// WithKeyring makes the client seal what it stores and open what it reads
// with k (see the comment on encryption at rest above). nil leaves
// encryption off.
func WithKeyring(k *Keyring) ClientOption { return func(c *Client) { c.keys = k } }

// seal encrypts data as the record called name, or returns it as it is
// without a keyring.
func (c *Client) seal(name string, data []byte) ([]byte, error) {
	if c.keys == nil {
		return data, nil
	}
	id := c.keys.ids[0]
	aead := c.keys.keys[id]
	out := make([]byte, 0, len(sealMagic)+1+len(id)+aead.NonceSize()+len(data)+aead.Overhead())
	out = append(out, sealMagic...)
	out = append(out, byte(len(id)))
	out = append(out, id...)
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("seal %s: %w", name, err)
	}
	out = append(out, nonce...)
	return aead.Seal(out, nonce, data, []byte(name)), nil
}

// open decrypts a record stored as name. An unsealed record is returned as
// it is; a sealed one that does not open (changed, moved from another key,
// or sealed with a key the keyring lacks) is an error wrapping ErrTampered
// or ErrInvalidConfig.
func (c *Client) open(name string, stored []byte) ([]byte, error) {
	rest, sealed := bytes.CutPrefix(stored, sealMagic)
	if !sealed {
		return stored, nil
	}
	if len(rest) < 1 || len(rest) < 1+int(rest[0]) {
		return nil, fmt.Errorf("%s: a sealed record cut short (%w)", name, ErrTampered)
	}
	id := string(rest[1 : 1+int(rest[0])])
	rest = rest[1+int(rest[0]):]
	if c.keys == nil {
		return nil, fmt.Errorf("%w: %s is encrypted with key %q, and no keys are configured (set %s or %s)", ErrInvalidConfig, name, id, KeyEnv, KeyFileEnv)
	}
	aead, ok := c.keys.keys[id]
	if !ok {
		return nil, fmt.Errorf("%w: %s is encrypted with key %q, which the keyring (%s) lacks: keep a rotated-out key listed until what it sealed expires",
			ErrInvalidConfig, name, id, strings.Join(c.keys.ids, ", "))
	}
	if len(rest) < aead.NonceSize() {
		return nil, fmt.Errorf("%s: a sealed record cut short (%w)", name, ErrTampered)
	}
	data, err := aead.Open(nil, rest[:aead.NonceSize()], rest[aead.NonceSize():], []byte(name))
	if err != nil {
		return nil, fmt.Errorf("%s does not open with key %q: it was changed or moved in the job store (%w)", name, id, errors.Join(ErrTampered, err))
	}
	return data, nil
}
