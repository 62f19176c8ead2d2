package rfc2396_test

import (
	"bufio"
	"errors"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
)

// caseLine is a line of a testdata file and its line number.
type caseLine struct {
	n    int
	line string
}

// readCases returns the non-comment, non-blank lines of a testdata file,
// with their line numbers, in the file's order, so that the first failure
// reported is the first in the file.
func readCases(t *testing.T, name string) []caseLine {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []caseLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cases = append(cases, caseLine{n, line})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", name)
	}
	return cases
}

// field is one field of a testdata line: a Go-quoted string or a bare word.
type field struct {
	text   string
	quoted bool
}

// component reads a field as a component: a bare - is undefined.
func (f field) component() parser.Component {
	if !f.quoted && f.text == "-" {
		return parser.Component{}
	}
	return parser.Some(f.text)
}

// fields splits a line into Go-quoted strings and bare words.
func fields(t *testing.T, line string) []field {
	t.Helper()
	var out []field
	for line = strings.TrimLeft(line, " \t"); line != ""; line = strings.TrimLeft(line, " \t") {
		if line[0] == '"' {
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				t.Fatalf("bad quoted field in %q: %v", line, err)
			}
			s, _ := strconv.Unquote(q)
			out = append(out, field{s, true})
			line = line[len(q):]
			continue
		}
		end := strings.IndexAny(line, " \t")
		if end < 0 {
			end = len(line)
		}
		out = append(out, field{line[:end], false})
		line = line[end:]
	}
	return out
}

// TestRFCExamples checks the verdict for every URI example in the text of
// RFC 2396 (sections 1.3, 3, 5, 6, Appendices B to G), and that each valid
// one recomposes to itself.
func TestRFCExamples(t *testing.T) {
	facts, published := oracle.NewFacts(0), oracle.NewPublished(0)
	for _, c := range readCases(t, "testdata/rfc-examples.txt") {
		n, line := c.n, c.line
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 {
			t.Fatalf("rfc-examples.txt:%d: want verdict, section, reference", n)
		}
		ref, err := strconv.Unquote(parts[2])
		if err != nil {
			t.Fatalf("rfc-examples.txt:%d: %v", n, err)
		}
		if published.Match(grammar.RuleURIReference, ref) != (parts[0] == "valid") {
			t.Errorf("rfc-examples.txt:%d: %s %q: Appendix A says otherwise", n, parts[1], ref)
		}
		if !facts.Hold(ref) {
			t.Logf("rfc-examples.txt:%d: %s", n, oracle.NotHeld)
			continue
		}
		u, err := parser.Parse(ref)
		if got, want := err == nil, parts[0] == "valid"; got != want {
			t.Errorf("rfc-examples.txt:%d: %s %q: valid = %v, want %v (error: %v)", n, parts[1], ref, got, want, err)
			continue
		}
		if err == nil && u.String() != ref {
			t.Errorf("rfc-examples.txt:%d: %q recomposes to %q", n, ref, u.String())
		}
	}
}

// components is the part of a URI that testdata/components.txt records.
type components struct {
	Scheme, Authority, UserInfo, Host, Port parser.Component
	Path                                    string
	Query, Fragment                         parser.Component
	Kind, AuthorityKind, HostKind           string
}

var updateComponents = flag.Bool("update-components", false, "rewrite the readings in testdata/components.txt from the oracle")

// TestComponents checks the nine components, the kind of URI, the reading
// of the authority and of the host, against hand-checked cases that cover
// every rule of Appendix A and every "PEG:" note of rfc2396.peg
// (testdata/components.txt); and the file against the
// oracle's reading (the Appendix B split and the oracle's reading of the
// authority), so that the file, checked by hand against Appendix A, cannot
// go stale. After a grammar edit, go generate rewrites its readings from
// the oracle (-update-components), commenting out a reference the grammar
// no longer accepts, and the diff shows what the edit changed.
func TestComponents(t *testing.T) {
	const path = "testdata/components.txt"
	o := oracle.New()
	var rewritten []string // with -update-components: line number - 1 -> line
	if *updateComponents {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rewritten = strings.Split(string(data), "\n")
	}
	for _, c := range readCases(t, path) {
		n, line := c.n, c.line
		f := fields(t, line)
		if len(f) != 12 {
			t.Fatalf("components.txt:%d: %d fields, want 12", n, len(f))
		}
		in := f[0].text
		want := components{
			Scheme: f[1].component(), Authority: f[2].component(), UserInfo: f[3].component(),
			Host: f[4].component(), Port: f[5].component(), Path: f[6].text,
			Query: f[7].component(), Fragment: f[8].component(),
			Kind: f[9].text, AuthorityKind: f[10].text, HostKind: f[11].text,
		}
		if !o.Match(grammar.RuleURIReference, in) {
			// Only after a grammar edit: the grammar rejects the input now.
			if rewritten != nil {
				rewritten[n-1] = "# invalid since the grammar was edited: " + line
			} else {
				t.Errorf("components.txt:%d: the oracle says %q is not a URI-reference (go generate comments the line out)", n, in)
			}
			continue
		}
		split, opaque := o.Read(in)
		if r := componentsOf(oracleReading(o, split, opaque)); rewritten != nil {
			rewritten[n-1] = formatComponents(in, r)
			want = r
		} else if diff := cmp.Diff(want, r); diff != "" {
			t.Errorf("components.txt:%d: the oracle reads %q otherwise (-file +oracle; go generate rewrites the file):\n%s", n, in, diff)
		}
		u, err := parser.Parse(in)
		if err != nil {
			t.Errorf("components.txt:%d: Parse(%q): %v", n, in, err)
			continue
		}
		kind := "hier"
		if u.IsOpaque() {
			kind = "opaque"
		}
		got := components{
			Scheme: u.Scheme(), Authority: u.Authority(), UserInfo: u.UserInfo(), Host: u.Host(), Port: u.Port(),
			Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(),
			Kind: kind, AuthorityKind: u.AuthorityKind().Code(), HostKind: u.HostKind().Code(),
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("components.txt:%d: Parse(%q) mismatch (-want +got):\n%s", n, in, diff)
		}
		if s := u.String(); s != in {
			t.Errorf("components.txt:%d: %q recomposes to %q", n, in, s)
		}
	}
	if rewritten != nil {
		if err := os.WriteFile(path, []byte(strings.Join(rewritten, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// componentsOf is the oracle's reading r as a line of components.txt reads.
func componentsOf(r readComponents) components {
	pc := func(c oracle.Component) parser.Component { return parser.Component{Value: c.Value, Defined: c.Defined} }
	kind := "hier"
	if r.Opaque {
		kind = "opaque"
	}
	return components{
		Scheme: pc(r.Scheme), Authority: pc(r.Authority), UserInfo: pc(r.UserInfo), Host: pc(r.Host), Port: pc(r.Port),
		Path: r.Path, Query: pc(r.Query), Fragment: pc(r.Fragment),
		Kind: kind, AuthorityKind: r.AuthorityKind, HostKind: r.HostKind,
	}
}

// formatComponents writes the line of components.txt for in read as c.
func formatComponents(in string, c components) string {
	q := func(c parser.Component) string {
		if !c.Defined {
			return "-"
		}
		return strconv.Quote(c.Value)
	}
	return strings.Join([]string{strconv.Quote(in), q(c.Scheme), q(c.Authority), q(c.UserInfo), q(c.Host), q(c.Port),
		strconv.Quote(c.Path), q(c.Query), q(c.Fragment), c.Kind, c.AuthorityKind, c.HostKind}, " ")
}

var updateErrors = flag.Bool("update-errors", false, "rewrite the readings in testdata/invalid.txt from the parser, once the oracle agrees with them")

// TestErrors checks, for invalid references, the offset of the first
// character no valid reference can have there (against the file and the
// oracle), the rule being matched, and the gap of RFC 2396 the input runs
// into. After a grammar edit, go generate rewrites testdata/invalid.txt
// (-update-errors): offsets and rules from the parser where the oracle
// agrees, and a reference the grammar now accepts commented out.
func TestErrors(t *testing.T) {
	const path = "testdata/invalid.txt"
	o := oracle.New()
	var rewritten []string // with -update-errors: line number - 1 -> line
	if *updateErrors {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rewritten = strings.Split(string(data), "\n")
		defer func() {
			if err := os.WriteFile(path, []byte(strings.Join(rewritten, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		}()
	}
	gaps := map[string]parser.Gap{}
	for _, g := range []parser.Gap{parser.NoGap, parser.GapEmptyRelativePath, parser.GapIPv6Literal, parser.GapEmptyOpaquePart} {
		gaps[g.Code()] = g
	}
	type verdict struct {
		Offset int
		Rule   string
		Gap    parser.Gap
	}
	for _, c := range readCases(t, path) {
		n, line := c.n, c.line
		parts := strings.Split(line, "\t")
		if len(parts) < 3 {
			t.Fatalf("invalid.txt:%d: want input, offset, rule", n)
		}
		in, err := strconv.Unquote(parts[0])
		if err != nil {
			t.Fatalf("invalid.txt:%d: %v", n, err)
		}
		off, err := strconv.Atoi(parts[1])
		if err != nil {
			t.Fatalf("invalid.txt:%d: %v", n, err)
		}
		want := verdict{Offset: off, Rule: parts[2]}
		if len(parts) > 3 {
			g, ok := gaps[parts[3]]
			if !ok {
				t.Fatalf("invalid.txt:%d: no gap %q", n, parts[3])
			}
			want.Gap = g
		}
		_, err = parser.Parse(in)
		var perr *parser.Error
		if o.Match(grammar.RuleURIReference, in) {
			// Only after a grammar edit: the grammar accepts the input now.
			if err != nil {
				t.Errorf("invalid.txt:%d: the oracle accepts %q, Parse: %v", n, in, err)
			} else if rewritten != nil {
				rewritten[n-1] = "# valid since the grammar was edited: " + line
			} else {
				t.Errorf("invalid.txt:%d: the grammar accepts %q (go generate comments the line out)", n, in)
			}
			continue
		}
		if !errors.As(err, &perr) {
			t.Errorf("invalid.txt:%d: Parse(%q) error = %v, want a *parser.Error", n, in, err)
			continue
		}
		if v := o.ViablePrefix(grammar.RuleURIReference, in); perr.Offset != v {
			t.Errorf("invalid.txt:%d: Parse(%q) fails at offset %d, the oracle at %d", n, in, perr.Offset, v)
			continue
		}
		got := verdict{Offset: perr.Offset, Rule: perr.Rule.String(), Gap: perr.Gap}
		if rewritten != nil {
			fields := []string{parts[0], strconv.Itoa(got.Offset), got.Rule}
			if got.Gap != parser.NoGap {
				fields = append(fields, got.Gap.Code())
			}
			rewritten[n-1] = strings.Join(fields, "\t")
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("invalid.txt:%d: Parse(%q) (-want +got):\n%s", n, in, diff)
		}
		msg := perr.Error()
		for _, part := range []string{"offset " + parts[1], " in " + parts[2]} {
			if !strings.Contains(msg, part) {
				t.Errorf("invalid.txt:%d: message %q does not contain %q", n, msg, part)
			}
		}
		if want.Gap != parser.NoGap && !strings.Contains(msg, want.Gap.String()) {
			t.Errorf("invalid.txt:%d: message %q does not explain the gap", n, msg)
		}
	}
}

// TestRuleCatalogue checks that every rule can be looked up by its RFC name
// and its rfc2396.peg spelling and checked with Match.
func TestRuleCatalogue(t *testing.T) {
	names := grammar.Names()
	// The catalogue holds the rules of grammar/rfc2396.abnf, in its order,
	// however many an edit of the grammar makes.
	src, err := os.ReadFile("grammar/rfc2396.abnf")
	if err != nil {
		t.Fatal(err)
	}
	defs, err := bnf.Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, d := range defs {
		want = append(want, d.Name)
	}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Fatalf("grammar.Names() (-grammar/rfc2396.abnf +got):\n%s", diff)
	}
	for _, name := range names {
		r, ok := grammar.Lookup(name)
		if !ok || r.String() != name {
			t.Errorf("Lookup(%q) = %v, %v", name, r, ok)
		}
		if r2, ok := grammar.Lookup(r.Info().PEGName); !ok || r2 != r {
			t.Errorf("Lookup(%q) = %v, %v", r.Info().PEGName, r2, ok)
		}
		if !strings.HasPrefix(r.Info().ABNF, name+" = ") {
			t.Errorf("rule %s: ABNF %q", name, r.Info().ABNF)
		}
	}
}
