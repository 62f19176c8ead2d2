package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestModuleSize builds the module as rfc2396 site does (-tags=playground),
// and with the three grammars of issue 29 alone (RFC 2396, 3986, 3987:
// -tags=playground,uri_iri_only), and logs what each holds: its size, its
// code and data sections, and the code of each package, from the
// WebAssembly name section of a build without -s -w (docs/site.md, "Size
// and speed", has the numbers). It checks that the module links nothing
// the build tags and the js files leave out: no engine of an edit of the
// RFC 3986 family, no compact parser, no ABNF reader, no reflection for
// errors.As, no IDNA, no x/text bidi package, no gzip, no parser peg
// compiled (the module runs the grammars as syntax.PEGProgram tables), and,
// with uri_iri_only, no package of the other grammars.
func TestModuleSize(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check (two builds of the module): set RFC2396_LONG=1")
	}
	absent := []string{
		"zoneId",          // the zone-id edit's parsers and automata
		"compactCompiled", // a compact parser: the module reads tokens with the reference parsers
		"github.com_rfc2396_rfc2396_grammar_bnf.parseABNF", // the ABNF reader
		"errors.As",                      // reflection's assignability
		"golang.org_x_net_idna",          // rfc3987.HostToASCII, the CLI's --idna alone
		"golang.org_x_text_unicode_bidi", // its import of log: rfc3987 reads bidi_gen.go
		"compress_gzip",                  // the static site's writer, native only
		"referencePEG",                   // peg's parsers: the module runs the grammars with syntax.PEGParser
		"editReferencePEG",               // the same for RFC 2396's union grammar
	}
	for _, b := range []struct {
		tags   string
		absent []string
	}{
		{"playground", absent},
		{"playground,uri_iri_only", append(slices.Clone(absent), "rfc2396_rfc9112", "rfc2396_rfc8141", "rfc2396_rfc6570")},
	} {
		stripped := buildModule(t, b.tags, "-s -w")
		named := buildModule(t, b.tags, "")
		m, err := readModule(named)
		if err != nil {
			t.Fatalf("-tags=%s: %v", b.tags, err)
		}
		s, err := readModule(stripped)
		if err != nil {
			t.Fatalf("-tags=%s: %v", b.tags, err)
		}
		t.Logf("-tags=%s: %d bytes (code %d, data %d)", b.tags, len(stripped), s.code, s.data)
		for _, p := range m.packages()[:25] {
			t.Logf("  %8d bytes of code, %4d functions: %s", p.size, p.funcs, p.name)
		}
		for _, f := range m.funcs {
			for _, a := range b.absent {
				if strings.Contains(f.name, a) {
					t.Errorf("-tags=%s: the module links %s (%d bytes of code)", b.tags, f.name, f.size)
				}
			}
		}
	}
}

// buildModule builds the module with the tags and ldflags, and returns it.
func buildModule(t *testing.T, tags, ldflags string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "m.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-tags="+tags, "-ldflags="+ldflags, "-o", out, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the module with -tags=%s: %v\n%s", tags, err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// module is what readModule reads of a WebAssembly module: the sizes of
// its code and data sections, and each function's name (from the name
// section; none after -s) and the size of its body.
type module struct {
	code, data int
	funcs      []function
}

type function struct {
	name string
	size int
}

// pkgSize is the code of one package: its functions' bodies.
type pkgSize struct {
	name        string
	size, funcs int
}

// packages sums the functions' code by package, largest first. The name
// section spells a function's package path with "_" for "/"
// ("github.com_rfc2396_rfc2396_site.renderResult"); the package is what
// precedes the first "." after the path's domain.
func (m *module) packages() []pkgSize {
	by := map[string]*pkgSize{}
	for _, f := range m.funcs {
		name := f.name
		domain := ""
		for _, d := range []string{"github.com_", "golang.org_"} {
			if strings.HasPrefix(name, d) {
				domain, name = d, name[len(d):]
			}
		}
		pkg, _, _ := strings.Cut(name, ".")
		pkg = domain + pkg
		if by[pkg] == nil {
			by[pkg] = &pkgSize{name: pkg}
		}
		by[pkg].size += f.size
		by[pkg].funcs++
	}
	var out []pkgSize
	for _, p := range by {
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b pkgSize) int { return cmp.Or(b.size-a.size, strings.Compare(a.name, b.name)) })
	return out
}

// readModule reads the sections of a WebAssembly binary (the format's
// section 5): the imported functions (which come first in the function
// index space), the code section's bodies and the name section's function
// names.
func readModule(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	r := &reader{b: b, i: 8}
	m := &module{}
	imported := 0
	var sizes []int
	names := map[int]string{}
	for r.i < len(b) && r.err == nil {
		id := r.readByte()
		size := r.num()
		end := r.i + size
		if r.err != nil || end > len(b) {
			return nil, errors.New("a section runs past the end")
		}
		switch id {
		case 2: // imports
			for n := r.num(); n > 0 && r.err == nil; n-- {
				r.skip(r.num()) // module
				r.skip(r.num()) // name
				switch kind := r.readByte(); kind {
				case 0: // function: its type index
					r.num()
					imported++
				case 1: // table: element type, limits
					r.readByte()
					r.limits()
				case 2: // memory: limits
					r.limits()
				case 3: // global: value type, mutability
					r.skip(2)
				default:
					return nil, fmt.Errorf("an import of kind %d", kind)
				}
			}
		case 10: // code
			m.code = size
			for n := r.num(); n > 0 && r.err == nil; n-- {
				body := r.num()
				sizes = append(sizes, body)
				r.skip(body)
			}
		case 11: // data
			m.data = size
		case 0: // custom: the name section's function names
			if name := string(r.bytes(r.num())); name == "name" {
				for r.i < end && r.err == nil {
					sub, subSize := r.readByte(), r.num()
					subEnd := r.i + subSize
					if sub == 1 {
						for n := r.num(); n > 0 && r.err == nil; n-- {
							index := r.num()
							names[index] = string(r.bytes(r.num()))
						}
					}
					r.i = subEnd
				}
			}
		}
		r.i = end
	}
	if r.err != nil {
		return nil, r.err
	}
	for i, size := range sizes {
		m.funcs = append(m.funcs, function{name: names[imported+i], size: size})
	}
	return m, nil
}

// reader reads a module's bytes; the first read past the end sets err.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) readByte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("unexpected end of the module")
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

// num reads an unsigned LEB128 number of at most 32 bits.
func (r *reader) num() int {
	n, shift := 0, 0
	for shift < 35 {
		c := r.readByte()
		n |= int(c&0x7f) << shift
		if c&0x80 == 0 {
			return n
		}
		shift += 7
	}
	r.err = errors.New("a number longer than 32 bits")
	return 0
}

func (r *reader) skip(n int) { r.bytes(n) }

func (r *reader) bytes(n int) []byte {
	if n < 0 || r.i+n > len(r.b) {
		r.err = errors.New("unexpected end of the module")
		r.i = len(r.b)
		return nil
	}
	b := r.b[r.i : r.i+n]
	r.i += n
	return b
}

// limits reads a table's or memory's limits: a flag, the minimum and, if
// the flag says so, the maximum.
func (r *reader) limits() {
	flags := r.readByte()
	r.num()
	if flags&1 != 0 {
		r.num()
	}
}
