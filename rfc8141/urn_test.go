package rfc8141

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// rows reads the tab-separated lines of a testdata file, skipping
// comments and blank lines; each row keeps its line number.
func rows(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, append([]string{strconv.Itoa(n)}, strings.Split(line, "\t")...))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("testdata/%s: no cases", name)
	}
	return out
}

// component reads a component as testdata writes it: "-" undefined, `""`
// defined and empty.
func component(s string) Component {
	switch s {
	case "-":
		return Component{}
	case `""`:
		return Component{Defined: true}
	}
	return Component{Value: s, Defined: true}
}

func TestParseValid(t *testing.T) {
	for _, r := range rows(t, "valid.txt") {
		if len(r) != 7 {
			t.Fatalf("valid.txt:%s: %d fields, want 6", r[0], len(r)-1)
		}
		in := r[1]
		want := &URN{Input: in, NID: r[2], NSS: r[3], RComponent: component(r[4]), QComponent: component(r[5]), FComponent: component(r[6]),
			Informal: strings.HasPrefix(strings.ToLower(r[2]), "urn-")}
		got, err := Parse(in)
		if err != nil {
			t.Errorf("valid.txt:%s: Parse(%q): %v", r[0], in, err)
			continue
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("valid.txt:%s: Parse(%q) (-want +got):\n%s", r[0], in, d)
		}
		if !Valid(in) {
			t.Errorf("valid.txt:%s: Valid(%q) is false", r[0], in)
		}
		if got.String() != in || !strings.HasPrefix(in, got.AssignedName()) || !strings.EqualFold(got.AssignedName(), "urn:"+got.NID+":"+got.NSS) {
			t.Errorf("valid.txt:%s: %q: String %q, AssignedName %q", r[0], in, got.String(), got.AssignedName())
		}
	}
}

func TestParseInvalid(t *testing.T) {
	for _, r := range rows(t, "invalid.txt") {
		if len(r) != 4 {
			t.Fatalf("invalid.txt:%s: %d fields, want 3", r[0], len(r)-1)
		}
		in, err := strconv.Unquote(`"` + r[1] + `"`)
		if err != nil {
			t.Fatalf("invalid.txt:%s: %v", r[0], err)
		}
		offset, err := strconv.Atoi(r[2])
		if err != nil {
			t.Fatalf("invalid.txt:%s: %v", r[0], err)
		}
		u, err := Parse(in)
		if err == nil {
			t.Errorf("invalid.txt:%s: Parse(%q) = %+v, want an error", r[0], in, u)
			continue
		}
		if Valid(in) {
			t.Errorf("invalid.txt:%s: Valid(%q) is true", r[0], in)
		}
		var ue *URNError
		if !errors.As(err, &ue) {
			t.Errorf("invalid.txt:%s: Parse(%q): %T %v, want a *URNError", r[0], in, err, err)
			continue
		}
		got := struct {
			Offset int
			Says   bool
		}{ue.Offset, strings.Contains(err.Error(), r[3])}
		want := struct {
			Offset int
			Says   bool
		}{offset, true}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("invalid.txt:%s: Parse(%q): %v (-want +got):\n%s", r[0], in, err, d)
		}
		var core *Error
		if ue.Err != nil && (!errors.As(err, &core) || core.Offset != ue.Offset) {
			t.Errorf("invalid.txt:%s: Parse(%q): the core's error is not found through it at its offset", r[0], in)
		}
		if ue.Err == nil && (ue.Why == "" || ue.Section == "" || ue.Rule == "") {
			t.Errorf("invalid.txt:%s: Parse(%q): a prose error without its rule, section or reason: %+v", r[0], in, ue)
		}
		if pos := ue.ErrorWithPosition(); !strings.HasPrefix(pos, err.Error()+"\n") || !strings.Contains(pos, "^") {
			t.Errorf("invalid.txt:%s: ErrorWithPosition:\n%s", r[0], pos)
		}
	}
}

func TestEquivalent(t *testing.T) {
	groups := rows(t, "equivalent.txt")
	for i, gi := range groups {
		for j, gj := range groups {
			for _, a := range gi[1:] {
				for _, b := range gj[1:] {
					got, err := Equivalent(a, b)
					if err != nil {
						t.Fatalf("equivalent.txt:%s: Equivalent(%q, %q): %v", gi[0], a, b, err)
					}
					if got != (i == j) {
						t.Errorf("equivalent.txt:%s,%s: Equivalent(%q, %q) = %v, want %v", gi[0], gj[0], a, b, got, i == j)
					}
				}
			}
		}
	}
	if _, err := Equivalent("urn:example:a", "urn:example:a b"); err == nil {
		t.Error("Equivalent with a string that is not a URN: no error")
	}
	if _, err := Equivalent("urn:x-a:a", "urn:example:a"); err == nil {
		t.Error("Equivalent with an experimental NID: no error")
	}
}

func TestNormalize(t *testing.T) {
	for _, r := range rows(t, "normalize.txt") {
		got, err := Normalize(r[1])
		if err != nil {
			t.Errorf("normalize.txt:%s: Normalize(%q): %v", r[0], r[1], err)
			continue
		}
		if got != r[2] {
			t.Errorf("normalize.txt:%s: Normalize(%q) = %q, want %q", r[0], r[1], got, r[2])
		}
		// The normal form is a URN, its own normal form, and equivalent.
		again, err := Normalize(got)
		eq, err2 := Equivalent(r[1], got)
		if err != nil || err2 != nil || again != got || !eq {
			t.Errorf("normalize.txt:%s: Normalize(%q) = %q, again %q (%v), equivalent %v (%v)", r[0], r[1], got, again, err, eq, err2)
		}
	}
	if _, err := Normalize("urn:example:"); err == nil {
		t.Error(`Normalize("urn:example:"): no error`)
	}
}

// TestGrammarValue holds the grammar value to section 2's ABNF alone: it
// accepts what the prose refuses (which Parse adds), and its error is the
// core's.
func TestGrammarValue(t *testing.T) {
	for _, s := range []string{"urn:x-foo:a", "urn:ab:x", "urn:example:a?+r?="} {
		if !Grammar().Valid(s) {
			t.Errorf("Grammar().Valid(%q) is false; the ABNF derives it", s)
		}
		if Valid(s) {
			t.Errorf("Valid(%q) is true; the prose refuses it", s)
		}
	}
	if Grammar().Name() != "rfc8141" || Grammar().Spec() != "RFC 8141" {
		t.Errorf("Grammar(): %s, %s", Grammar().Name(), Grammar().Spec())
	}
}

// TestHostile feeds Parse inputs that are large or binary: it must answer,
// with an error that says where, not panic or take long.
func TestHostile(t *testing.T) {
	big := "urn:example:" + strings.Repeat("a/", 1<<20)
	if _, err := Parse(big); err != nil {
		t.Errorf("Parse(2 MiB NSS): %v", err)
	}
	for _, s := range []string{big + " ", "urn:example:a?+" + strings.Repeat("?=", 1<<19), strings.Repeat("\x00", 1<<20), "urn:" + strings.Repeat("a", 1<<20) + ":x"} {
		_, err := Parse(s)
		var ue *URNError
		if !errors.As(err, &ue) || ue.Offset < 0 || ue.Offset > len(s) {
			t.Errorf("Parse(%d bytes): %v", len(s), err)
		}
	}
}
