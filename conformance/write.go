package conformance

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

//go:embed suite.schema.json
var schema []byte

// Schema returns the JSON Schema (draft 2020-12) of suite.json, a copy the
// caller may keep.
func Schema() []byte { return bytes.Clone(schema) }

// The files a suite directory holds.
const (
	SuiteFile      = "suite.json"
	SchemaFile     = "suite.schema.json"
	ValidityFile   = "validity.tsv"
	ComponentsFile = "components.tsv"
	ResolveFile    = "resolve.tsv"
)

// File is one file of a suite directory: its name and contents.
type File struct {
	Name string
	Data []byte
}

// Files returns the files of a suite directory for s, in a fixed order:
// suite.json, its schema, and the TSV files validity.tsv, components.tsv
// and resolve.tsv.
func Files(s *Suite) ([]File, error) {
	if s == nil {
		return nil, errNilSuite
	}
	if err := textOnly(s); err != nil {
		return nil, err
	}
	j, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return []File{
		{SuiteFile, append(j, '\n')},
		{SchemaFile, schema},
		{ValidityFile, validityTSV(s)},
		{ComponentsFile, componentsTSV(s)},
		{ResolveFile, resolveTSV(s)},
	}, nil
}

// textOnly returns an error naming the first case, other than a validity
// case (which writes the bytes of an input that is not UTF-8 apart: see
// [ValidityCase]), with a string that is not UTF-8: suite.json would
// hold it with U+FFFD in place of its bytes, another string than the
// case's.
func textOnly(s *Suite) error {
	check := func(kind, id string, texts ...string) error {
		for _, t := range texts {
			if !utf8.ValidString(t) {
				return fmt.Errorf("rfc2396/conformance: %s case %q holds %q, which is not UTF-8: suite.json cannot hold it", kind, id, t)
			}
		}
		return nil
	}
	for _, c := range s.Components {
		vals := []string{c.Input}
		for _, name := range ComponentNames {
			if v := c.Get(name); v != nil {
				vals = append(vals, *v)
			}
		}
		if err := check("components", c.ID, vals...); err != nil {
			return err
		}
	}
	for _, c := range s.Resolve {
		if err := check("resolve", c.ID, c.Base, c.Reference, c.Result); err != nil {
			return err
		}
	}
	for _, c := range s.Normalize {
		if err := check("normalize", c.ID, c.Input, c.Result); err != nil {
			return err
		}
	}
	for _, c := range s.Equivalence {
		if err := check("equivalence", c.ID, c.A, c.B); err != nil {
			return err
		}
	}
	return nil
}

// errNilSuite is the error of a function given no suite.
var errNilSuite = errors.New("rfc2396/conformance: no suite (nil *Suite)")

// WriteDir writes the [Files] of s into dir (created if missing; files of
// other names in it are left alone). It never follows a symbolic link: dir
// itself or one of the files it would replace being one is an error, and
// nothing is written outside dir. Each file is written under a temporary
// name and renamed into place, so that a failed write leaves no
// half-written file. An error about dir or a file in it is an
// [*fs.PathError] naming it; every write error is returned.
func WriteDir(dir string, s *Suite) error {
	if s == nil {
		return errNilSuite
	}
	if dir == "" {
		return errors.New("rfc2396/conformance: no directory to write the suite into")
	}
	files, err := Files(s)
	if err != nil {
		return err
	}
	root, err := safeout.OpenDir(dir)
	if err != nil {
		return &fs.PathError{Op: "write suite", Path: dir, Err: err}
	}
	defer root.Close()
	// Every file is checked before any is written, so that a link among
	// them leaves the directory as it was.
	for _, f := range files {
		if err := safeout.CheckPath(root, f.Name); err != nil {
			return &fs.PathError{Op: "write", Path: filepath.Join(dir, f.Name), Err: err}
		}
	}
	for _, f := range files {
		if err := safeout.WriteFile(root, f.Name, f.Data); err != nil {
			return &fs.PathError{Op: "write", Path: filepath.Join(dir, f.Name), Err: err}
		}
	}
	return nil
}

// MaxSuiteFile is the largest suite.json [ReadDir] reads, in bytes: far
// above the published suites (under 2 MB each), and small enough that a
// directory naming something endless (a link to /dev/zero) is refused
// before it costs memory.
const MaxSuiteFile = 16 << 20

// ReadDir reads the suite.json of a suite directory. A file over
// [MaxSuiteFile] bytes is an error naming it.
func ReadDir(dir string) (*Suite, error) {
	if dir == "" {
		return nil, errors.New("rfc2396/conformance: no directory to read the suite from")
	}
	name := filepath.Join(dir, SuiteFile)
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tooBig := fmt.Errorf("%s: over %d bytes (MaxSuiteFile): not a suite this program reads", name, MaxSuiteFile)
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > MaxSuiteFile {
		return nil, tooBig
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSuiteFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > MaxSuiteFile {
		return nil, tooBig
	}
	var s Suite
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: offset %d: %w", name, jsonErrorOffset(err, dec, len(data)), err)
	}
	if s.Format != FormatVersion {
		return nil, fmt.Errorf("%s: format %d, this program reads format %d", name, s.Format, FormatVersion)
	}
	return &s, nil
}

// jsonErrorOffset is where in the input, of size bytes, dec's error err
// is: the offset a syntax or type error carries, the end for an input
// that ends too soon, else how far dec read.
func jsonErrorOffset(err error, dec *json.Decoder, size int) int64 {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return syntax.Offset
	case errors.As(err, &typ):
		return typ.Offset
	case errors.Is(err, io.ErrUnexpectedEOF):
		return int64(size)
	}
	return dec.InputOffset()
}

// TSVEscape writes s for a TSV field: every byte outside printable
// US-ASCII, a backslash and a tab as \xHH (upper-case hex), everything
// else as it is.
func TSVEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e || c == '\\' {
			fmt.Fprintf(&b, `\x%02X`, c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// TSVUnescape undoes [TSVEscape]; it reports a malformed escape.
func TSVUnescape(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		var c byte
		if i+3 >= len(s) || s[i+1] != 'x' || !syntax.IsHex(s[i+2]) || !syntax.IsHex(s[i+3]) {
			return "", fmt.Errorf("offset %d: a backslash must start \\xHH", i)
		}
		c = syntax.HexValue(s[i+2])<<4 | syntax.HexValue(s[i+3])
		b.WriteByte(c)
		i += 3
	}
	return b.String(), nil
}

// tsvOpt writes an optional component: \N when undefined.
func tsvOpt(p *string) string {
	if p == nil {
		return `\N`
	}
	return TSVEscape(*p)
}

func validityTSV(s *Suite) []byte {
	var b bytes.Buffer
	b.WriteString("rule\tinput\tvalid\toffset\n")
	for _, c := range s.Validity {
		off := ""
		if c.Offset != nil {
			off = fmt.Sprint(*c.Offset)
		}
		fmt.Fprintf(&b, "%s\t%s\t%v\t%s\n", c.Rule, TSVEscape(c.Input), c.Valid, off)
	}
	return b.Bytes()
}

func componentsTSV(s *Suite) []byte {
	var b bytes.Buffer
	b.WriteString("input\t" + strings.Join(ComponentNames, "\t") + "\n")
	for _, c := range s.Components {
		b.WriteString(TSVEscape(c.Input))
		for _, name := range ComponentNames {
			b.WriteString("\t" + tsvOpt(c.Get(name)))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func resolveTSV(s *Suite) []byte {
	var b bytes.Buffer
	b.WriteString("base\treference\tresult\n")
	for _, c := range s.Resolve {
		fmt.Fprintf(&b, "%s\t%s\t%s\n", TSVEscape(c.Base), TSVEscape(c.Reference), TSVEscape(c.Result))
	}
	return b.Bytes()
}

// DefaultSeed is the seed of the published suite: the copy committed under
// testdata/vectors and the one the reference site offers for download.
const DefaultSeed = 2396

// Published returns the files of the published suite, every standard's
// ([Standards]) with [DefaultSeed], named STANDARD/FILE
// ("rfc2396/suite.json").
func Published() ([]File, error) {
	var out []File
	for _, std := range Standards() {
		s, _, err := Generate(Options{Standard: std, Seed: DefaultSeed})
		if err != nil {
			return nil, err
		}
		files, err := Files(s)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			out = append(out, File{Name: string(std) + "/" + f.Name, Data: f.Data})
		}
	}
	return out, nil
}
