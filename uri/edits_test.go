package uri_test

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rfc2396/rfc2396/rfc3986"
	g3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3987"
	g3987 "github.com/rfc2396/rfc2396/rfc3987/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// editVerdict is what a row of testdata/edits.tsv says of its input, and
// what the grammar says.
type editVerdict struct {
	Kind       string // valid, invalid, prose
	Offset     int
	Rule       string
	ValidUnder []string
	Section    string
}

// TestEdits checks the rows of testdata/edits.tsv under RFC 3986 and RFC
// 3987: Allow's grammars, Match's verdict and error (offset, rule, the
// edits under which the input is valid, the prose rule's section), and
// that Valid, Matches, Parse and ParseTree agree with Match.
func TestEdits(t *testing.T) {
	f, err := os.Open("testdata/edits.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 5 {
			t.Fatalf("edits.tsv:%d: %d fields, want 5", n, len(fields))
		}
		in, err := strconv.Unquote(fields[3])
		if err != nil {
			t.Fatalf("edits.tsv:%d: %v", n, err)
		}
		want := parseVerdict(t, n, fields[4])
		var edits []string
		if fields[1] != "-" {
			edits = strings.Split(fields[1], ",")
		}
		var got editVerdict
		switch fields[0] {
		case "rfc3986":
			got = checkEdit(t, n, rfc3986.Grammar(), g3986.Lookup, edits, fields[2], in)
		case "rfc3987":
			got = checkEdit(t, n, rfc3987.Grammar(), g3987.Lookup, edits, fields[2], in)
		default:
			t.Fatalf("edits.tsv:%d: standard %q", n, fields[0])
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("edits.tsv:%d: %s under %v, %s %q (-want +got):\n%s", n, fields[0], edits, fields[2], in, diff)
		}
		rows++
	}
	if rows < 20 {
		t.Fatalf("edits.tsv: %d rows", rows)
	}
}

// parseVerdict reads the last column of a row.
func parseVerdict(t *testing.T, n int, s string) editVerdict {
	f := strings.Fields(s)
	v := editVerdict{Kind: f[0]}
	switch {
	case v.Kind == "valid" && len(f) == 1:
		return v
	case v.Kind == "invalid" && (len(f) == 3 || len(f) == 4), v.Kind == "prose" && len(f) == 4:
		off, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("edits.tsv:%d: offset %q", n, f[1])
		}
		v.Offset, v.Rule = off, f[2]
		if len(f) == 4 {
			if v.Kind == "prose" {
				v.Section = f[3]
			} else {
				v.ValidUnder = strings.Split(f[3], ",")
			}
		}
		return v
	}
	t.Fatalf("edits.tsv:%d: verdict %q", n, s)
	return v
}

// checkEdit reads in as rule under g with edits in force and returns the
// verdict, failing t where the grammar's functions disagree.
func checkEdit[R uri.Rule](t *testing.T, n int, strict *uri.Grammar[R], lookup func(string) (R, bool), edits []string, ruleName, in string) editVerdict {
	t.Helper()
	g, err := strict.Allow(edits...)
	if err != nil {
		t.Fatalf("edits.tsv:%d: %v", n, err)
	}
	rule, ok := g.Lookup(ruleName)
	if !ok {
		if rule, ok = lookup(ruleName); !ok {
			t.Fatalf("edits.tsv:%d: no rule %s", n, ruleName)
		}
	}
	err = g.Match(rule, in)
	if g.Matches(rule, in) != (err == nil) {
		t.Errorf("edits.tsv:%d: Matches = %v, Match = %v", n, !(err == nil), err)
	}
	if rule == g.Start() {
		if g.Valid(in) != (err == nil) {
			t.Errorf("edits.tsv:%d: Valid disagrees with Match (%v)", n, err)
		}
		if _, perr := g.Parse(in); (perr == nil) != (err == nil) || perr != nil && perr.Error() != err.Error() {
			t.Errorf("edits.tsv:%d: Parse = %v, Match = %v", n, perr, err)
		}
	}
	if _, terr := g.ParseTree(rule, in); (terr == nil) != (err == nil) {
		t.Errorf("edits.tsv:%d: ParseTree = %v, Match = %v", n, terr, err)
	}
	if err == nil {
		return editVerdict{Kind: "valid"}
	}
	var e *uri.Error[R]
	if !errors.As(err, &e) {
		t.Fatalf("edits.tsv:%d: %T %v", n, err, err)
	}
	v := editVerdict{Kind: "invalid", Offset: e.Offset, Rule: g.RuleInfo(e.Rule).Name, ValidUnder: e.ValidUnder}
	if e.Prose != "" {
		v.Kind, v.ValidUnder = "prose", nil
		if _, after, ok := strings.Cut(e.Prose, " section "); ok {
			v.Section, _, _ = strings.Cut(after, ":")
		}
		if !strings.Contains(err.Error(), "the edit bidi-formatting allows it") {
			t.Errorf("edits.tsv:%d: %q does not name the edit that lifts the rule", n, err)
		}
	}
	if len(e.ValidUnder) > 0 && !strings.Contains(err.Error(), "valid under the edit "+e.ValidUnder[0]) {
		t.Errorf("edits.tsv:%d: %q does not name the edit that accepts the input", n, err)
	}
	return v
}

// TestProfiles checks each grammar's profiles: strict first with no edit,
// then the manifest's; Profile's grammar has exactly the profile's edits
// in force, whatever edits the grammar asked has; an unknown name is an
// error that lists the names.
func TestProfiles(t *testing.T) {
	type profile struct {
		Name  string
		Edits []string
	}
	for _, c := range []struct {
		spec     string
		profiles func() []uri.Profile
		profile  func(from []string, name string) ([]string, error)
		want     []profile
	}{
		{"RFC 3986", rfc3986.Grammar().Profiles, func(from []string, name string) ([]string, error) {
			return profileEdits(rfc3986.Grammar(), from, name)
		}, []profile{{"strict", nil}, {"rfc6874", []string{"zone-id"}}}},
		{"RFC 3987", rfc3987.Grammar().Profiles, func(from []string, name string) ([]string, error) {
			return profileEdits(rfc3987.Grammar(), from, name)
		}, []profile{{"strict", nil}, {"rfc6874", []string{"zone-id"}}, {"abnf", []string{"bidi-formatting"}}}},
	} {
		var got []profile
		for _, p := range c.profiles() {
			got = append(got, profile{p.Name, p.Edits})
			if p.Doc == "" {
				t.Errorf("%s: profile %s has no doc", c.spec, p.Name)
			}
		}
		if diff := cmp.Diff(c.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: Profiles (-want +got):\n%s", c.spec, diff)
		}
		for _, p := range c.want {
			for _, from := range [][]string{nil, {"zone-id"}} {
				edits, err := c.profile(from, p.Name)
				if err != nil {
					t.Errorf("%s: Profile(%q) from edits %q: %v", c.spec, p.Name, from, err)
					continue
				}
				if diff := cmp.Diff(p.Edits, edits, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("%s: Profile(%q) from edits %q: edits in force (-want +got):\n%s", c.spec, p.Name, from, diff)
				}
			}
		}
		_, err := c.profile(nil, "java")
		want := `no profile named "java"; the profiles of ` + c.spec + ` are `
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: Profile(\"java\"): %v, want an error with %q", c.spec, err, want)
		}
	}
}

// profileEdits returns the edits in force in g's profile name, asked of
// g with the edits from in force.
func profileEdits[R uri.Rule](g *uri.Grammar[R], from []string, name string) ([]string, error) {
	g, err := g.Allow(from...)
	if err != nil {
		return nil, err
	}
	p, err := g.Profile(name)
	if err != nil {
		return nil, err
	}
	return p.Allowed(), nil
}

// TestValidUnder checks the readings Grammar.ValidUnder lists for a
// string the grammar refuses (the grammar with one more edit, then each
// profile of other edits that accepts it), and Needs, the edits of a
// grammar a string it accepts needs.
func TestValidUnder(t *testing.T) {
	zone, lrm := "http://[fe80::1%25en1]/", "http://a/\u200e"
	for _, c := range []struct {
		spec, from, in string
		want           []uri.Alternative
	}{
		{"RFC 3986", "", zone, []uri.Alternative{
			{Profile: "strict+zone-id", Edits: []string{"zone-id"}, Documents: []string{"RFC 6874"}},
			{Profile: "rfc6874", Edits: []string{"zone-id"}, Documents: []string{"RFC 6874"}},
		}},
		{"RFC 3986", "", "http://a b/", nil},
		{"RFC 3986", "zone-id", zone, nil}, // accepted
		{"RFC 3987", "", lrm, []uri.Alternative{
			{Profile: "strict+bidi-formatting", Edits: []string{"bidi-formatting"}, Documents: []string{"RFC 3987 section 4.1"}},
			{Profile: "abnf", Edits: []string{"bidi-formatting"}, Documents: []string{"RFC 3987 section 4.1"}},
		}},
		// With zone-id in force, the edit added is named with it, and the
		// profile of zone-id alone does not accept the LRM.
		{"RFC 3987", "zone-id", zone + "\u200e", []uri.Alternative{
			{Profile: "strict+bidi-formatting,zone-id", Edits: []string{"bidi-formatting", "zone-id"}, Documents: []string{"RFC 3987 section 4.1", "RFC 6874"}},
		}},
		// Only both edits together accept it: no single reading does.
		{"RFC 3987", "", zone + "\u200e", nil},
	} {
		var got []uri.Alternative
		var err error
		switch c.spec {
		case "RFC 3986":
			got, err = validUnder(rfc3986.Grammar(), c.from, c.in)
		case "RFC 3987":
			got, err = validUnder(rfc3987.Grammar(), c.from, c.in)
		}
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s with %q: ValidUnder(%q) (-want +got):\n%s", c.spec, c.from, c.in, diff)
		}
	}
	g, err := rfc3987.Allow("zone-id", "bidi-formatting")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"http://a/", nil},
		{zone, []string{"zone-id"}},
		{lrm, []string{"bidi-formatting"}},
		{zone + "\u200e", []string{"bidi-formatting", "zone-id"}},
		{"http://a b/", nil}, // refused
	} {
		if got := g.Needs(g.Start(), c.in); !cmp.Equal(got, c.want) {
			t.Errorf("Needs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// validUnder is ValidUnder of g with the edits from (comma-separated) in
// force, for in as g's start rule.
func validUnder[R uri.Rule](g *uri.Grammar[R], from, in string) ([]uri.Alternative, error) {
	if from != "" {
		var err error
		if g, err = g.Allow(strings.Split(from, ",")...); err != nil {
			return nil, err
		}
	}
	return g.ValidUnder(g.Start(), in), nil
}

// TestKeepsReadings: an edit that lifts a prose rule keeps the grammar's
// readings by its nature, an edit of the ABNF when its manifest says why
// (Keeps), and the generated faces say so of theirs.
func TestKeepsReadings(t *testing.T) {
	var got []string
	for _, e := range rfc3986.Grammar().Edits() {
		got = append(got, e.Name+"="+strconv.FormatBool(e.KeepsReadings()))
	}
	for _, e := range rfc3987.Grammar().Edits() {
		got = append(got, e.Name+"="+strconv.FormatBool(e.KeepsReadings()))
	}
	want := []string{"zone-id=true", "bidi-formatting=true", "zone-id=true"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("KeepsReadings of the faces' edits (-want +got):\n%s", diff)
	}
	abnf := uri.Edit[g3986.Rule]{Name: "x", Grammar: &uri.Data[g3986.Rule]{}}
	if abnf.KeepsReadings() {
		t.Error("an edit of the ABNF without Keeps keeps the readings")
	}
	abnf.Keeps = "why"
	if !abnf.KeepsReadings() {
		t.Error("an edit of the ABNF with Keeps does not keep the readings")
	}
}
