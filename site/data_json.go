package site

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The grammar data (data/NAME/grammar.json and examples.json, which gen
// and gen/examples write with encoding/json) is read by the small decoder
// below rather than by encoding/json, which with the reflection it needs
// is 0.6 MB of the playground's WebAssembly module (docs/design-notes.md). It
// reads what encoding/json reads into the same structs (data_json_test.go
// compares the two on every file): members matched by name, exactly or
// else case-insensitively; unknown members skipped; null leaving a string
// empty and a list nil. It is stricter in one way: a value of the wrong
// kind (a number where a string belongs) is an error, where
// encoding/json would go on and report it at the end.

// jsonDecoder reads one JSON text, a value at a time.
type jsonDecoder struct {
	s    []byte
	i    int
	file string // for errors, e.g. "data/rfc2396/grammar.json"
}

// JSONError is grammar data the site cannot read: the file, the byte
// offset and what was wrong there.
type JSONError struct {
	File   string
	Offset int
	Msg    string
}

func (e *JSONError) Error() string {
	if e == nil {
		return "site: JSON error <nil>"
	}
	return fmt.Sprintf("site: %s: offset %d: %s", e.File, e.Offset, e.Msg)
}

func (d *jsonDecoder) errorf(format string, args ...any) error {
	return &JSONError{File: d.file, Offset: d.i, Msg: fmt.Sprintf(format, args...)}
}

func (d *jsonDecoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// peek returns the next byte that is not space, or 0 at the end.
func (d *jsonDecoder) peek() byte {
	d.space()
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

// literal consumes word (true, false, null) if it comes next.
func (d *jsonDecoder) literal(word string) bool {
	d.space()
	if strings.HasPrefix(string(d.s[d.i:min(d.i+len(word), len(d.s))]), word) {
		d.i += len(word)
		return true
	}
	return false
}

// end checks that nothing but space follows the value read.
func (d *jsonDecoder) end() error {
	if d.space(); d.i < len(d.s) {
		return d.errorf("invalid character %q after the top-level value", d.s[d.i])
	}
	return nil
}

// object reads an object, calling member for each member's name with the
// decoder at its value, which member must read (or skip). A null is an
// object with no members.
func (d *jsonDecoder) object(member func(name string) error) error {
	if d.literal("null") {
		return nil
	}
	if d.peek() != '{' {
		return d.errorf("expected an object")
	}
	d.i++
	if d.peek() == '}' {
		d.i++
		return nil
	}
	for {
		if d.peek() != '"' {
			return d.errorf("expected a member name")
		}
		name, err := d.str()
		if err != nil {
			return err
		}
		if d.peek() != ':' {
			return d.errorf("expected ':' after a member name")
		}
		d.i++
		if err := member(name); err != nil {
			return err
		}
		switch d.peek() {
		case ',':
			d.i++
		case '}':
			d.i++
			return nil
		default:
			return d.errorf("expected ',' or '}' in an object")
		}
	}
}

// array reads an array, calling elem with the decoder at each element. A
// null is no array: isNull tells it from an empty one.
func (d *jsonDecoder) array(elem func() error) (isNull bool, err error) {
	if d.literal("null") {
		return true, nil
	}
	if d.peek() != '[' {
		return false, d.errorf("expected an array")
	}
	d.i++
	if d.peek() == ']' {
		d.i++
		return false, nil
	}
	for {
		if err := elem(); err != nil {
			return false, err
		}
		switch d.peek() {
		case ',':
			d.i++
		case ']':
			d.i++
			return false, nil
		default:
			return false, d.errorf("expected ',' or ']' in an array")
		}
	}
}

// strs reads an array of strings (nil for null).
func (d *jsonDecoder) strs() ([]string, error) {
	list := []string{}
	isNull, err := d.array(func() error {
		s, err := d.str()
		list = append(list, s)
		return err
	})
	if isNull {
		return nil, err
	}
	return list, err
}

// strInto reads a string into *p, leaving it as it is for null.
func (d *jsonDecoder) strInto(p *string) error {
	if d.literal("null") {
		return nil
	}
	s, err := d.str()
	if err == nil {
		*p = s
	}
	return err
}

// str reads a string ("" for null). Invalid UTF-8 and lone surrogates
// become U+FFFD, as encoding/json reads them.
func (d *jsonDecoder) str() (string, error) {
	if d.literal("null") {
		return "", nil
	}
	if d.peek() != '"' {
		return "", d.errorf("expected a string")
	}
	d.i++
	start := d.i
	// The common case: no escape, valid UTF-8.
	for d.i < len(d.s) {
		c := d.s[d.i]
		if c == '"' {
			s := string(d.s[start:d.i])
			if !utf8.ValidString(s) {
				break
			}
			d.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		d.i++
	}
	d.i = start
	var b strings.Builder
	for {
		if d.i >= len(d.s) {
			return "", d.errorf("unterminated string")
		}
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return b.String(), nil
		case c < 0x20:
			return "", d.errorf("control character %#02x in a string", c)
		case c == '\\':
			if d.i+1 >= len(d.s) {
				return "", d.errorf("unterminated string")
			}
			e := d.s[d.i+1]
			d.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := d.hex4()
				if !ok {
					return "", d.errorf("invalid \\u escape")
				}
				if utf16.IsSurrogate(r) {
					// A pair, or U+FFFD for a lone half.
					r2 := rune(-1)
					if d.i+1 < len(d.s) && d.s[d.i] == '\\' && d.s[d.i+1] == 'u' {
						save := d.i
						d.i += 2
						if v, ok := d.hex4(); ok {
							r2 = v
						}
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							b.WriteRune(dec)
							continue
						}
						d.i = save
					}
					r = utf8.RuneError
				}
				b.WriteRune(r)
			default:
				return "", d.errorf("invalid escape \\%c", e)
			}
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			d.i++
		default:
			r, size := utf8.DecodeRune(d.s[d.i:])
			b.WriteRune(r) // U+FFFD for a byte of invalid UTF-8
			d.i += size
		}
	}
}

// hex4 reads the four hex digits of a \u escape.
func (d *jsonDecoder) hex4() (rune, bool) {
	if d.i+4 > len(d.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(d.s[d.i:d.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	d.i += 4
	return rune(v), true
}

// skip reads any value and drops it.
func (d *jsonDecoder) skip() error {
	switch c := d.peek(); {
	case c == '{':
		return d.object(func(string) error { return d.skip() })
	case c == '[':
		_, err := d.array(d.skip)
		return err
	case c == '"':
		_, err := d.str()
		return err
	case d.literal("true"), d.literal("false"), d.literal("null"):
		return nil
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	}
	return d.errorf("expected a value")
}

// number reads a number as JSON writes one:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (d *jsonDecoder) number() error {
	start := d.i
	digits := func() int {
		n := 0
		for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	bad := func() error {
		d.i = start
		return d.errorf("invalid number")
	}
	if d.i < len(d.s) && d.s[d.i] == '-' {
		d.i++
	}
	if d.i < len(d.s) && d.s[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		return bad()
	}
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return bad()
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return bad()
		}
	}
	return nil
}

// field finds the member name among names, as encoding/json matches a
// struct's fields: exactly, or else case-insensitively; -1 for none.
func field(name string, names ...string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	for i, n := range names {
		if strings.EqualFold(n, name) {
			return i
		}
	}
	return -1
}

// decodeGrammar reads a grammar.json into g.
func decodeGrammar(raw []byte, file string, g *Grammar) error {
	d := &jsonDecoder{s: raw, file: file}
	strFields := []*string{&g.Name, &g.Title, &g.Spec, &g.SpecURL, &g.Notation, &g.Source, &g.PEG, &g.Grouping}
	err := d.object(func(name string) error {
		switch i := field(name, "name", "title", "spec", "spec_url", "notation", "source", "peg_source", "grouping", "section_urls", "groups", "rules"); {
		case i < 0:
			return d.skip()
		case i < len(strFields):
			return d.strInto(strFields[i])
		case i == 8:
			if d.literal("null") {
				g.SectionURLs = nil
				return nil
			}
			if g.SectionURLs == nil {
				g.SectionURLs = map[string]string{}
			}
			return d.object(func(key string) error {
				s, err := d.str()
				g.SectionURLs[key] = s
				return err
			})
		case i == 9:
			g.Groups = []Group{}
			isNull, err := d.array(func() error {
				var grp Group
				err := decodeGroup(d, &grp)
				g.Groups = append(g.Groups, grp)
				return err
			})
			if isNull {
				g.Groups = nil
			}
			return err
		default:
			g.Rules = []*Rule{}
			isNull, err := d.array(func() error {
				if d.literal("null") {
					g.Rules = append(g.Rules, nil)
					return nil
				}
				r := &Rule{}
				err := decodeRule(d, r)
				g.Rules = append(g.Rules, r)
				return err
			})
			if isNull {
				g.Rules = nil
			}
			return err
		}
	})
	if err != nil {
		return err
	}
	return d.end()
}

func decodeGroup(d *jsonDecoder, grp *Group) error {
	return d.object(func(name string) error {
		var err error
		switch field(name, "section", "title", "rules") {
		case 0:
			err = d.strInto(&grp.Section)
		case 1:
			err = d.strInto(&grp.Title)
		case 2:
			grp.Rules, err = d.strs()
		default:
			err = d.skip()
		}
		return err
	})
}

func decodeRule(d *jsonDecoder, r *Rule) error {
	strFields := []*string{&r.Name, &r.ABNF, &r.Section, &r.PEG, &r.Note, &r.Diagram, &r.From}
	return d.object(func(name string) error {
		var err error
		switch i := field(name, "name", "abnf", "section", "peg", "peg_note", "diagram", "from", "uses", "used_by"); {
		case i < 0:
			err = d.skip()
		case i < len(strFields):
			err = d.strInto(strFields[i])
		case i == 7:
			r.Uses, err = d.strs()
		default:
			r.UsedBy, err = d.strs()
		}
		return err
	})
}

// decodeExamples reads an examples.json into ex.
func decodeExamples(raw []byte, file string, ex *examplesFile) error {
	d := &jsonDecoder{s: raw, file: file}
	err := d.object(func(name string) error {
		switch field(name, "generator", "rules") {
		case 0:
			return d.strInto(&ex.Generator)
		case 1:
			ex.Rules = []ruleExamples{}
			isNull, err := d.array(func() error {
				var re ruleExamples
				err := decodeRuleExamples(d, &re)
				ex.Rules = append(ex.Rules, re)
				return err
			})
			if isNull {
				ex.Rules = nil
			}
			return err
		}
		return d.skip()
	})
	if err != nil {
		return err
	}
	return d.end()
}

func decodeRuleExamples(d *jsonDecoder, re *ruleExamples) error {
	return d.object(func(name string) error {
		var err error
		switch field(name, "rule", "valid", "invalid") {
		case 0:
			err = d.strInto(&re.Rule)
		case 1:
			re.Valid = []Example{}
			var isNull bool
			isNull, err = d.array(func() error {
				var e Example
				err := d.object(func(name string) error {
					var err error
					switch field(name, "text", "shows") {
					case 0:
						err = d.strInto(&e.Text)
					case 1:
						err = d.strInto(&e.Shows)
					default:
						err = d.skip()
					}
					return err
				})
				re.Valid = append(re.Valid, e)
				return err
			})
			if isNull {
				re.Valid = nil
			}
		case 2:
			re.Invalid, err = d.strs()
		default:
			err = d.skip()
		}
		return err
	})
}
