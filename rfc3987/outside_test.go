package rfc3987_test

import (
	"errors"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/format"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/rfc3986"
	rfc3986grammar "github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/rfc3987/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// outsideRow is a row of a file of testdata/outside: a string taken from
// another project's test suite, a rule of RFC 3987 section 2.2, and the
// verdict RFC 3987 gives.
//
// A row is tab-separated: the rule (its RFC name: a rule of section 2.2,
// or of the grammar an edit of allow= makes, such as ZoneID), the input
// (Go-quoted, so that non-ASCII, controls and invalid UTF-8 are written
// exactly), the verdict (valid or invalid), then any of these fields:
//
//   - allow=EDIT[,EDIT]: the verdict is that of the grammar with those
//     edits (rfc3987.Allow): zone-id, bidi-formatting;
//   - source=VERDICT: the outside suite's verdict, where it differs from
//     RFC 3987's; the row's comment must then say which section decides;
//   - rfc3986=VERDICT: the outside suite's verdict on the string as a URI
//     (RFC 3986's rule of the same place: URI for IRI, URI-reference for
//     IRI-reference), checked against package rfc3986;
//   - "# ..." to the end of the line: a comment.
type outsideRow struct {
	where   string // file:line
	rule    string // the RFC's name, of section 2.2 or of an edit's rules
	input   string
	valid   bool
	allow   []string
	source  string // "" where the outside suite agrees
	rfc3986 string // "" when the row says nothing of RFC 3986
	comment string
}

// readOutside reads every file of testdata/outside.
func readOutside(t *testing.T) map[string][]outsideRow {
	t.Helper()
	files, err := filepath.Glob("testdata/outside/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("testdata/outside: %v, %d files", err, len(files))
	}
	rows := map[string][]outsideRow{}
	for _, file := range files {
		rows[file] = readOutsideFile(t, file)
	}
	return rows
}

// readOutsideFile reads one file of testdata/outside (see [outsideRow]).
func readOutsideFile(t *testing.T, file string) []outsideRow {
	t.Helper()
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rows []outsideRow
	for i, line := range strings.Split(string(text), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		where := file + ":" + strconv.Itoa(i+1)
		row := outsideRow{where: where}
		if i := strings.Index(line, "\t#"); i >= 0 {
			row.comment = strings.TrimSpace(line[i+2:])
			line = line[:i]
		}
		fields := strings.Split(line, "\t")
		if len(fields) < 3 {
			t.Fatalf("%s: want at least 3 tab-separated fields, got %d", where, len(fields))
		}
		var ok bool
		row.rule = fields[0]
		if row.input, err = strconv.Unquote(fields[1]); err != nil {
			t.Fatalf("%s: input %s: %v", where, fields[1], err)
		}
		if row.valid, ok = verdict(fields[2]); !ok {
			t.Fatalf("%s: verdict %q", where, fields[2])
		}
		for _, field := range fields[3:] {
			key, value, _ := strings.Cut(field, "=")
			switch key {
			case "allow":
				row.allow = strings.Split(value, ",")
			case "source", "rfc3986":
				if _, ok := verdict(value); !ok {
					t.Fatalf("%s: %s verdict %q", where, key, value)
				}
				if key == "source" {
					row.source = value
				} else {
					row.rfc3986 = value
				}
			default:
				t.Fatalf("%s: field %q", where, field)
			}
		}
		if row.source != "" {
			if row.source == fields[2] {
				t.Errorf("%s: source=%s is the row's own verdict", where, row.source)
			}
			if !strings.Contains(row.comment, "§") && !strings.Contains(row.comment, "section") {
				t.Errorf("%s: the row disagrees with its source and its comment names no section", where)
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// verdict reads "valid" or "invalid".
func verdict(s string) (valid, ok bool) {
	return s == "valid", s == "valid" || s == "invalid"
}

// outsideGrammar is one grammar the rows run under: RFC 3987's with some
// edits, and the ABNF oracle of the same rules.
type outsideGrammar struct {
	g *uri.Grammar[grammar.Rule]
	o *oracle.ABNF
	// uri is RFC 3986's grammar with the same edits (but for
	// bidi-formatting, which is RFC 3987's alone): over ASCII the two
	// grammars are one, rule for rule.
	uri *uri.Grammar[rfc3986grammar.Rule]
}

// grammars makes, on demand, the grammar and the oracle of each set of
// edits the rows name.
type grammars map[string]outsideGrammar

func (gs grammars) get(t *testing.T, allow []string) outsideGrammar {
	t.Helper()
	key := strings.Join(allow, ",")
	if g, ok := gs[key]; ok {
		return g
	}
	g, err := rfc3987.Allow(allow...)
	if err != nil {
		t.Fatalf("allow %q: %v", allow, err)
	}
	// The oracle reads the ABNF lines of the grammar in force (an edit
	// such as zone-id replaces IP-literal's and adds its own rules): a
	// reading of the RFC's ABNF that shares nothing with the parsers.
	var text strings.Builder
	for r := range g.NumRules() {
		text.WriteString(g.RuleInfo(grammar.Rule(r)).ABNF + "\n")
	}
	o, err := oracle.NewABNF(text.String())
	if err != nil {
		t.Fatalf("allow %q: the ABNF oracle: %v", allow, err)
	}
	var uriEdits []string
	for _, e := range allow {
		if e != "bidi-formatting" {
			uriEdits = append(uriEdits, e)
		}
	}
	ug, err := rfc3986.Allow(uriEdits...)
	if err != nil {
		t.Fatalf("rfc3986: allow %q: %v", uriEdits, err)
	}
	gs[key] = outsideGrammar{g, o, ug}
	return gs[key]
}

// firstBidiFormatting returns the offset of the first character of s that
// RFC 3987 section 4.1 forbids and its ABNF admits, LRM, RLM, LRE, RLE,
// PDF, LRO or RLO (U+200E, U+200F, U+202A-U+202E); -1 if s has none.
func firstBidiFormatting(s string) int {
	return strings.IndexFunc(s, func(r rune) bool { return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E })
}

// jsonSchemaFormat is the checker of JSON Schema's format for a rule.
var jsonSchemaFormat = map[grammar.Rule]func(string) error{
	grammar.RuleIRI:          format.IRI,
	grammar.RuleIRIReference: format.IRIReference,
}

// uriRule is the rule of RFC 3986 at the place of an IRI rule.
var uriRule = map[grammar.Rule]rfc3986grammar.Rule{
	grammar.RuleIRI:          rfc3986grammar.RuleURI,
	grammar.RuleIRIReference: rfc3986grammar.RuleURIReference,
	grammar.RuleAbsoluteIRI:  rfc3986grammar.RuleAbsoluteURI,
	grammar.RuleIrelativeRef: rfc3986grammar.RuleRelativeRef,
}

// TestOutside runs the rows of testdata/outside, strings and verdicts
// from other projects' test suites (each file says which), through Match,
// Matches, Valid, Parse and JSON Schema's formats (package format), and
// through the ABNF oracle (package oracle), an independent reading of
// section 2.2: the verdict must be the parser's and, but for the prose of
// section 4.1, the oracle's. An error must be a *rfc3987.Error whose
// offset is where the oracle's reading stops (or, for section 4.1, at the
// formatting character before it), never inside a character.
func TestOutside(t *testing.T) {
	gs := grammars{}
	total := 0
	for file, rows := range readOutside(t) {
		var valid, invalid int
		for _, row := range rows {
			if row.valid {
				valid++
			} else {
				invalid++
			}
			checkOutside(t, gs, row)
		}
		if valid == 0 || invalid == 0 {
			t.Errorf("%s: %d valid and %d invalid rows: a file should hold both", file, valid, invalid)
		}
		total += len(rows)
	}
	t.Logf("%d rows", total)
}

// checkOutside checks one row (see [TestOutside]).
func checkOutside(t *testing.T, gs grammars, row outsideRow) {
	t.Helper()
	og := gs.get(t, row.allow)
	g, in := og.g, row.input
	rule, ok := g.Lookup(row.rule)
	if !ok {
		t.Fatalf("%s: no rule %q in RFC 3987's grammar with %q", row.where, row.rule, row.allow)
	}
	name := row.rule // rule's String knows only section 2.2's names
	if got := g.Matches(rule, in); got != row.valid {
		t.Errorf("%s: %s %q: Matches says %t, the row %t", row.where, name, in, got, row.valid)
	}
	err := g.Match(rule, in)
	if (err == nil) != row.valid {
		t.Errorf("%s: %s %q: Match says %v, the row valid=%t", row.where, name, in, err, row.valid)
	}
	if rule == grammar.RuleIRIReference {
		if got := g.Valid(in); got != row.valid {
			t.Errorf("%s: %q: Valid says %t, the row %t", row.where, in, got, row.valid)
		}
		if _, perr := g.Parse(in); (perr == nil) != row.valid {
			t.Errorf("%s: %q: Parse says %v, the row valid=%t", row.where, in, perr, row.valid)
		}
	}
	if row.valid && (rule == grammar.RuleIRI || rule == grammar.RuleAbsoluteIRI || rule == grammar.RuleIrelativeRef) {
		// An IRI, an irelative-ref or an absolute-IRI is an IRI-reference.
		if !g.Valid(in) {
			t.Errorf("%s: %q: a valid %s that Valid refuses", row.where, in, name)
		}
	}

	// The oracle: the ABNF alone, which admits section 4.1's characters.
	bidiAt := -1
	if !slices.Contains(row.allow, "bidi-formatting") {
		bidiAt = firstBidiFormatting(in)
	}
	lifted := bidiAt >= 0
	oracleWant := row.valid
	if lifted {
		if row.valid {
			t.Errorf("%s: %q holds a bidirectional formatting character, which section 4.1 forbids, and the row says valid", row.where, in)
		}
		lg := gs.get(t, append(slices.Clone(row.allow), "bidi-formatting"))
		oracleWant = lg.g.Matches(rule, in)
	}
	if got := og.o.Match(name, in); got != oracleWant {
		t.Errorf("%s: %s %q: the ABNF oracle says %t, want %t", row.where, name, in, got, oracleWant)
	}

	if err != nil {
		var e *rfc3987.Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: %s %q: error %T %v", row.where, name, in, err, err)
		}
		switch {
		case e.Offset < 0 || e.Offset > len(in):
			t.Errorf("%s: %s %q: offset %d outside the input", row.where, name, in, e.Offset)
		case !atCharacter(in, e.Offset):
			t.Errorf("%s: %s %q: offset %d is inside a character", row.where, name, in, e.Offset)
		default:
			if want := refusedAt(og.o, name, in, oracleWant, bidiAt); e.Offset != want {
				t.Errorf("%s: %s %q: offset %d, want %d (the oracle's reading stops at %d): %v", row.where, name, in, e.Offset, want, og.o.ViablePrefix(name, in), err)
			}
		}
	}

	// JSON Schema's formats iri and iri-reference (package format) are
	// the rules IRI and IRI-reference with section 4.1.
	if check := jsonSchemaFormat[rule]; check != nil && len(row.allow) == 0 {
		if ferr := check(in); (ferr == nil) != row.valid {
			t.Errorf("%s: %q: the JSON Schema format says %v, the row valid=%t", row.where, in, ferr, row.valid)
		}
	}

	if row.rfc3986 != "" {
		r3986, ok := uriRule[rule]
		if !ok {
			t.Fatalf("%s: rfc3986= on rule %s, which has no RFC 3986 twin here", row.where, rule)
		}
		if got := rfc3986.Matches(r3986, in); got != (row.rfc3986 == "valid") {
			t.Errorf("%s: %s %q: rfc3986.Matches says %t, the source %s", row.where, r3986, in, got, row.rfc3986)
		}
	}
}

// outsideSpecials are characters and byte sequences at the edges of what
// section 2.2 and section 4.1 allow, which TestOutsideDerived puts into
// derived strings: the ends of ucschar's and iprivate's ranges and what
// lies just beyond them (noncharacters, U+E0000-U+E0FFF), the
// bidirectional formatting characters and their neighbours that the
// ABNF admits (ZWNJ, ZWJ, the isolates), controls, and byte sequences
// that are not UTF-8 (a surrogate's encoding, over-long forms, a sequence
// cut short, a code point past U+10FFFF), with the delimiters and
// percent-encodings of the syntax.
var outsideSpecials = []string{
	"\u0000", "\u007f", "\u0080", "\u009f", "\u00a0", "\ud7ff", "\ue000", "\uf8ff", "\uf900",
	"\ufdcf", "\ufdd0", "\ufdef", "\ufdf0", "\uffef", "\ufff0", "\ufffd", "\ufffe", "\uffff",
	"\U00010000", "\U0001fffd", "\U0001fffe", "\U0001ffff", "\U000e0000", "\U000e0fff", "\U000e1000",
	"\U000efffd", "\U000efffe", "\U000f0000", "\U000ffffd", "\U000ffffe", "\U00100000", "\U0010fffd",
	"\U0010fffe", "\U0010ffff", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c",
	"\u202d", "\u202e", "\u2066", "\u2069", "\u061c",
	"\xed\xa0\x80", "\xed\xbf\xbf", "\xc0\xaf", "\xe0\x80\xaf", "\xf0\x80\x80\xaf", "\xe2\x80", "\xf4\x90\x80\x80", "\xff",
	"%", "%2", "%25", "%zz", "%C3%A9", "[", "]", ":", "@", "/", "?", "#", " ", "\\",
}

// TestOutsideDerived holds the grammar to the ABNF oracle on strings
// the oracle's generator derives from each rule of section 2.2 (and of
// the grammar each edit makes), on mutations of them, and on them with
// one of [outsideSpecials] put in at a random place: the verdict of
// Match, Matches, ParseTree and, for IRI-reference, Valid and Parse; an
// error's offset; for a valid IRI-reference, the components Parse
// reports, against Appendix B's split of RFC 3986 and the oracle's reading
// of the authority; and, for an ASCII string, the verdict of RFC 3986's
// twin rule. Section 4.1's prose is the one difference the ABNF does not
// know: a string that holds a bidirectional formatting character is
// refused, at that character, unless bidi-formatting is allowed.
// RFC2396_LONG=1 runs ten times as many strings.
func TestOutsideDerived(t *testing.T) {
	perRule := 40
	if os.Getenv("RFC2396_LONG") != "" {
		perRule = 400
	}
	gs := grammars{}
	for _, allow := range [][]string{nil, {"zone-id"}, {"bidi-formatting"}, {"bidi-formatting", "zone-id"}} {
		og := gs.get(t, allow)
		gen := oracle.NewGeneratorOf(og.o.Definitions(), 3987)
		r := rand.New(rand.NewPCG(3987, uint64(len(allow))))
		checked, reported := 0, 0
		fail := func(format string, args ...any) {
			t.Helper()
			if reported++; reported <= 30 {
				t.Errorf("allow %q: "+format, append([]any{allow}, args...)...)
			}
		}
		for rule := range grammar.Rule(og.g.NumRules()) {
			name := og.g.RuleInfo(rule).Name
			for range perRule {
				d := gen.DeriveName(name)
				at := 0
				if len(d) > 0 {
					at = r.IntN(len(d) + 1)
				}
				special := outsideSpecials[r.IntN(len(outsideSpecials))]
				for _, s := range []string{d, gen.Mutate(d), d[:at] + special + d[at:]} {
					checked++
					checkDerived(og, rule, name, s, slices.Contains(allow, "bidi-formatting"), fail)
				}
			}
		}
		t.Logf("allow %q: %d strings", allow, checked)
	}
}

// uriTwin returns the rule of RFC 3986 that stands where the RFC 3987 rule
// named name does: "IRI" for "URI", "irelative-ref" for "relative-ref",
// "ipath-abempty" for "path-abempty"; false for ucschar and iprivate,
// which RFC 3986 has no counterpart of, and iunreserved, whose ASCII is
// unreserved's.
func uriTwin(name string) (rfc3986grammar.Rule, bool) {
	twin := strings.Replace(name, "IRI", "URI", 1)
	if strings.HasPrefix(twin, "i") && twin != "iunreserved" {
		twin = twin[1:]
	}
	if twin == "unreserved" {
		twin = "iunreserved"
	}
	return rfc3986grammar.Lookup(twin)
}

// refusedAt is where an error should put the first byte no valid string
// can have: where the ABNF oracle's reading stops, or before it the first
// of section 4.1's characters (bidiAt, -1 for none or where the edit
// bidi-formatting allows them), which no string of the language with the
// section's prose has anywhere.
func refusedAt(o *oracle.ABNF, rule, s string, abnf bool, bidiAt int) int {
	if abnf {
		return bidiAt
	}
	if at := o.ViablePrefix(rule, s); bidiAt < 0 || at < bidiAt {
		return at
	}
	return bidiAt
}

// checkDerived checks one string of [TestOutsideDerived].
func checkDerived(og outsideGrammar, rule grammar.Rule, name, s string, bidiAllowed bool, fail func(string, ...any)) {
	abnf := og.o.Match(name, s)
	bidiAt := -1
	if !bidiAllowed {
		bidiAt = firstBidiFormatting(s)
	}
	want := abnf && bidiAt < 0
	if twin, ok := uriTwin(name); ok && isASCII(s) {
		// Every character beyond RFC 3986's is beyond ASCII (section 2.2).
		if got := og.uri.Matches(twin, s); got != want {
			fail("%s %q: RFC 3987 says %t, RFC 3986's %s %t", name, s, want, twin, got)
		}
	}
	err := og.g.Match(rule, s)
	if got := og.g.Matches(rule, s); got != want || (err == nil) != want {
		fail("%s %q: Matches %t, Match %v; the ABNF says %t (section 4.1's characters at %d)", name, s, got, err, abnf, bidiAt)
		return
	}
	if err != nil {
		var e *rfc3987.Error
		switch {
		case !errors.As(err, &e):
			fail("%s %q: error %T", name, s, err)
		case e.Offset != refusedAt(og.o, name, s, abnf, bidiAt):
			fail("%s %q: offset %d, want %d (the oracle's reading stops at %d, section 4.1's first character is at %d): %v",
				name, s, e.Offset, refusedAt(og.o, name, s, abnf, bidiAt), og.o.ViablePrefix(name, s), bidiAt, err)
		case abnf && e.Prose == "":
			fail("%s %q: refused at %d, for section 4.1's character, with no prose: %v", name, s, e.Offset, err)
		}
	}
	// The reference parser peg generates from rfc3987.peg, which gives
	// the parse tree: the same verdict, and a root that spans s.
	tree, terr := og.g.ParseTree(rule, s)
	if (terr == nil) != want {
		fail("ParseTree(%s, %q): %v, want valid=%t", name, s, terr, want)
	} else if terr == nil && (tree.Rule != rule || tree.Begin != 0 || tree.End != len(s)) {
		fail("ParseTree(%s, %q): the root is %s [%d, %d)", name, s, og.g.RuleInfo(tree.Rule).Name, tree.Begin, tree.End)
	}
	if rule != grammar.RuleIRIReference {
		return
	}
	if og.g.Valid(s) != want {
		fail("Valid(%q) = %t, want %t", s, !want, want)
	}
	u, perr := og.g.Parse(s)
	if (perr == nil) != want {
		fail("Parse(%q): %v, want valid=%t", s, perr, want)
		return
	}
	if perr != nil {
		return
	}
	if u.String() != s {
		fail("Parse(%q).String() = %q", s, u.String())
	}
	split := oracle.SplitB(s)
	oc := func(c rfc3987.Component) oracle.Component {
		return oracle.Component{Value: c.Value, Defined: c.Defined}
	}
	if oc(u.Scheme()) != split.Scheme || oc(u.Authority()) != split.Authority || u.Path() != split.Path ||
		oc(u.Query()) != split.Query || oc(u.Fragment()) != split.Fragment {
		fail("Parse(%q): components %q %q %q %q %q, Appendix B's %q %q %q %q %q", s,
			u.Scheme().Value, u.Authority().Value, u.Path(), u.Query().Value, u.Fragment().Value,
			split.Scheme.Value, split.Authority.Value, split.Path, split.Query.Value, split.Fragment.Value)
		return
	}
	if !split.Authority.Defined {
		if u.HostKind() != rfc3987.NoHost {
			fail("Parse(%q): no authority, host kind %s", s, u.HostKind().Code())
		}
		return
	}
	names := oracle.AuthorityRules{Authority: "iauthority", IPLiteral: "IP-literal", IPv4: "IPv4address", RegName: "ireg-name"}
	a, ok := og.o.ReadAuthority(names, split.Authority.Value)
	if !ok {
		fail("Parse(%q): the authority %q is not an iauthority to the oracle", s, split.Authority.Value)
		return
	}
	if oc(u.UserInfo()) != a.UserInfo || oc(u.Host()) != a.Host || oc(u.Port()) != a.Port || u.HostKind().Code() != a.HostKind {
		fail("Parse(%q): userinfo %q host %q (%s) port %q; the oracle reads %q %q (%s) %q", s,
			u.UserInfo().Value, u.Host().Value, u.HostKind().Code(), u.Port().Value,
			a.UserInfo.Value, a.Host.Value, a.HostKind, a.Port.Value)
	}
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestOutsideEveryRule runs every rule of section 2.2 over the input of
// every row of testdata/outside, where the rows say nothing of the other
// rules' verdicts: the grammar must agree with the ABNF oracle on each
// (but for section 4.1's characters), and an error's offset must be where
// the oracle's reading stops. Without RFC2396_LONG a row in eight is
// taken, each row's rule's turn coming round in time.
func TestOutsideEveryRule(t *testing.T) {
	step := 8
	if os.Getenv("RFC2396_LONG") != "" {
		step = 1
	}
	og := grammars{}.get(t, nil)
	reported := 0
	fail := func(format string, args ...any) {
		t.Helper()
		if reported++; reported <= 30 {
			t.Errorf(format, args...)
		}
	}
	files := readOutside(t)
	names := slices.Sorted(maps.Keys(files))
	i := 0
	for _, file := range names {
		for _, row := range files[file] {
			if len(row.allow) > 0 {
				continue
			}
			for rule := range grammar.Rule(grammar.NumRules) {
				if i++; i%step == 0 {
					checkDerived(og, rule, rule.String(), row.input, false, fail)
				}
			}
		}
	}
}
