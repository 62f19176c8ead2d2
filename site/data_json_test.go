package site

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Every grammar.json and examples.json under data/ reads as encoding/json
// reads it.
func TestDecodeMatchesEncodingJSON(t *testing.T) {
	files, err := fs.Glob(data, "data/*/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no data files (%v)", err)
	}
	for _, file := range files {
		raw, err := fs.ReadFile(data, file)
		if err != nil {
			t.Fatal(err)
		}
		switch path.Base(file) {
		case "grammar.json":
			var want, got Grammar
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			if err := decodeGrammar(raw, file, &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Grammar{}, Rule{})); diff != "" {
				t.Errorf("%s (-encoding/json +ours):\n%s", file, diff)
			}
		case "examples.json":
			var want, got examplesFile
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			if err := decodeExamples(raw, file, &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (-encoding/json +ours):\n%s", file, diff)
			}
		default:
			t.Errorf("%s: a data file the site does not read", file)
		}
	}
}

// decodeCases are grammar.json texts: what encoding/json reads too, and
// what neither reads, with our error.
var decodeCases = []struct {
	in, err string // err "": reads as encoding/json reads it
}{
	{`{"name":"x","generated":{"a":[1,-2.5e3,true,false,null,"s"]},"rules":[{"name":"r","uses":null,"used_by":[]}]}`, ""},
	{`{"NAME":"upper","Title":"t","name":"exact"}`, ""},
	{`{"name":null,"section_urls":{"1":"u","2":null},"groups":[{"section":"1","rules":["a"]}]}`, ""},
	{`{"name":"\u00e9\ud83d\ude00\ud800x\"\\\/\b\f\n\r\t"}`, ""},
	{"{\"name\":\"\xff\xfe\"}", ""},
	{` { "rules" : null , "groups" : null } `, ""},
	{`{"name":"x"`, "offset 11: expected ',' or '}' in an object"},
	{`{"name":1}`, "offset 8: expected a string"},
	{`{"name":"a` + "\n" + `"}`, "offset 10: control character 0x0a in a string"},
	{`{"name":"\x"}`, `offset 11: invalid escape \x`},
	{`{"name":"\u12"}`, `offset 11: invalid \u escape`},
	{`{"rules":[{"name":"a"},]}`, "offset 23: expected an object"},
	{`{"generated":01x}`, "offset 14: expected ',' or '}' in an object"},
	{`{} x`, "offset 3: invalid character 'x' after the top-level value"},
	{``, "offset 0: expected an object"},
	{`{"generated":-}`, "offset 13: invalid number"},
}

func TestDecodeGrammar(t *testing.T) {
	for _, c := range decodeCases {
		var got Grammar
		err := decodeGrammar([]byte(c.in), "grammar.json", &got)
		if c.err != "" {
			var je *JSONError
			if !errors.As(err, &je) || !strings.HasSuffix(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one ending %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		var want Grammar
		if err := json.Unmarshal([]byte(c.in), &want); err != nil {
			t.Fatalf("%q: encoding/json: %v", c.in, err)
		}
		if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Grammar{}, Rule{})); diff != "" {
			t.Errorf("%q (-encoding/json +ours):\n%s", c.in, diff)
		}
	}
}

// FuzzDecodeGrammar: any input is read or refused with an offset inside
// it, never a panic; what encoding/json refuses as invalid JSON, we refuse.
func FuzzDecodeGrammar(f *testing.F) {
	for _, c := range decodeCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var g Grammar
		err := decodeGrammar([]byte(in), "grammar.json", &g)
		var je *JSONError
		if err != nil && (!errors.As(err, &je) || je.Offset < 0 || je.Offset > len(in)) {
			t.Fatalf("%q: error %v", in, err)
		}
		if err == nil && !json.Valid([]byte(in)) {
			t.Fatalf("%q: read, but it is not JSON", in)
		}
	})
}
