package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

func equivalentCommand() *command {
	return &command{
		name:    "equivalent",
		streams: writesResults,
		summary: "say whether two references are equivalent (section 6) and which step decides",
		usage:   "equivalent [--standard " + standardChoices(report.JobCompare) + "] [--profile NAME] [--allow EDIT,...] [--json] A B",
		about: `Compares the two references A and B as section 6 of the standard does: they
are equivalent when their normal forms (see normalize) are equal. Says
which step of the comparison ladder of RFC 3986 section 6.2 decides: equal
as strings (6.2.1); after case normalization of the scheme, the host and
the hex digits of escapes (6.2.2.1); after decoding escaped unreserved
characters (6.2.2.2, RFC 3986 only: RFC 2396 unescapes nothing); after
removing dot segments (6.2.2.3); or after the scheme's rules: an empty or
default port, an empty http path (6.2.3). Under rfc3987 the same rungs
are RFC 3987 section 5.3's (5.3.1, 5.3.2.1, 5.3.2.3, 5.3.2.4, 5.3.3).
Under rfc8141 URNs are compared by RFC 8141 section 3.1 instead: equal as
strings, after case normalization ("urn", the NID, the hex digits of the
NSS's escapes), or ignoring the r-, q- and f-components.
When they are not equivalent, it names the components that still differ. (To compare what the two
standards make of one reference, use compare.) Exit status: 0 equivalent,
1 not, 2 on a usage error or an invalid reference.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			asJSON := fs.Bool("json", false, `print one JSON object: {"a","b","standard","profile","equivalent","step","section","components","normal_a","normal_b","error"}`)
			sf := addStandardFlags(fs, report.JobCompare)
			return func(inv *invocation) int {
				if len(inv.args) != 2 {
					fmt.Fprintf(inv.errOut, "rfc2396 equivalent: want two references, A and B; got %d arguments\n", len(inv.args))
					fmt.Fprintln(inv.errOut, "run 'rfc2396 equivalent -h' for its usage and flags")
					return 2
				}
				rd, err := sf.reader()
				if err != nil {
					inv.warnf("%v", err)
					return 2
				}
				return runEquivalent(inv, rd, inv.args[0], inv.args[1], *asJSON)
			}
		},
	}
}

// A comparisonStep is a rung of the comparison ladder of RFC 3986 section
// 6.2, in order: two references that are equal after a rung are
// equivalent, and the first rung after which they are equal decides.
type comparisonStep int

const (
	stepSimple      comparisonStep = iota // 6.2.1: equal as strings
	stepCase                              // 6.2.2.1: scheme and host case, hex digits of escapes
	stepCharacter                         // RFC 3987 5.3.2.2: NFC (IRIs only)
	stepPercent                           // 6.2.2.2: escaped unreserved characters decoded (RFC 3986)
	stepPathSegment                       // 6.2.2.3: dot segments removed
	stepScheme                            // 6.2.3: empty and default ports, an empty http path
)

// code is the step's name in JSON.
func (s comparisonStep) code() string {
	return [...]string{"simple-string", "case", "character", "percent-encoding", "path-segment", "scheme-based"}[s]
}

// name is the step's name for people.
func (s comparisonStep) name() string {
	return [...]string{"simple string comparison", "case normalization", "character normalization", "percent-encoding normalization",
		"path segment normalization", "scheme-based normalization"}[s]
}

// section is where the ladder says what the step does.
func (s comparisonStep) section(l report.Ladder) string { return l.Rungs[s] }

// uriParts are the components of a reference that equivalence compares,
// copied out of a reader's view (which the next read overwrites).
type uriParts struct {
	values  [7]string
	defined [7]bool
	server  bool // the host is a server's (lower-cased by normalization)
}

// partNames name the components of uriParts, in order.
var partNames = [7]string{"scheme", "authority", "userinfo", "host", "port", "path", "query"}

// fragment is compared as the eighth part: kept apart so that partNames
// reads as the components of a URI.
func partsOf(v *report.View) (p uriParts, fragment parser.Component) {
	if v == nil {
		return p, fragment
	}
	cs := [7]parser.Component{v.Scheme, v.Authority, v.UserInfo, v.Host, v.Port, parser.Some(v.Path), v.Query}
	if v.Host.Defined {
		cs[1] = parser.Component{} // compared through userinfo, host and port
	}
	for i, c := range cs {
		p.values[i], p.defined[i] = strings.Clone(c.Value), c.Defined
	}
	p.server = v.Host.Defined
	return p, parser.Component{Value: strings.Clone(v.Fragment.Value), Defined: v.Fragment.Defined}
}

// equivalence is the answer of the command.
type equivalence struct {
	equivalent bool
	step       comparisonStep // the deciding step, when equivalent
	components []string       // that the step was needed for; or that differ, when not equivalent
	normalA    string
	normalB    string
}

// compareRefs compares a and b, both valid, under rd: their normal forms
// decide (as parser.Equivalent and rfc3986.Equivalent do); the step is the
// first rung of the ladder after which every component is equal.
func compareRefs(rd report.Reader, rule report.Rule, a, b string) (equivalence, error) {
	var e equivalence
	var err error
	if e.normalA, err = rd.Normalize(a); err != nil {
		return e, &refError{"a", err}
	}
	if e.normalB, err = rd.Normalize(b); err != nil {
		return e, &refError{"b", err}
	}
	read := func(s string) (uriParts, parser.Component) {
		r := rd.Read(rule, s, false)
		return partsOf(r.View)
	}
	if e.normalA != e.normalB {
		pa, fa := read(e.normalA)
		pb, fb := read(e.normalB)
		for i := range pa.values {
			if pa.values[i] != pb.values[i] || pa.defined[i] != pb.defined[i] {
				e.components = append(e.components, partNames[i])
			}
		}
		if fa != fb {
			e.components = append(e.components, "fragment")
		}
		return e, nil
	}
	e.equivalent = true
	if a == b {
		return e, nil
	}
	pa, fa := read(a)
	pb, fb := read(b)
	is3986 := report.RFC3986Family(rd)
	ladder := report.LadderOf(rd)
	need := func(name string, s comparisonStep) {
		if s > e.step {
			e.step, e.components = s, nil
		}
		if s == e.step {
			e.components = append(e.components, name)
		}
	}
	for i := range pa.values {
		if x, y := pa.values[i], pb.values[i]; x != y || pa.defined[i] != pb.defined[i] {
			need(partNames[i], partStep(partNames[i], x, y, pa.defined[i] == pb.defined[i], pa.server, is3986, ladder))
		}
	}
	if fa != fb {
		need("fragment", partStep("fragment", fa.Value, fb.Value, fa.Defined == fb.Defined, false, is3986, ladder))
	}
	return e, nil
}

// partStep is the first rung of the ladder after which the values x and y
// of the component name of two equivalent references are equal; both
// defined or both not when sameDefined. On a ladder with a character rung
// (RFC 3987's), the characters are normalized after case (NFC, 5.3.2.2),
// and percent-encoding normalization decodes what an IRI holds as it is
// (5.3.2.3), as rfc3987's Normalize does.
func partStep(name, x, y string, sameDefined, server, is3986 bool, ladder report.Ladder) comparisonStep {
	switch {
	case name == "port" || !sameDefined:
		return stepScheme
	case name == "path" && (x == "" && y == "/" || x == "/" && y == ""):
		return stepScheme
	}
	fold := func(s string) string {
		s = upperHex(s)
		if name == "scheme" || name == "host" && (server || is3986) {
			s = strings.ToLower(s)
		}
		return s
	}
	fx, fy := fold(x), fold(y)
	switch {
	case fx == fy:
		return stepCase
	case ladder.Characters != nil && ladder.Characters(fx) == ladder.Characters(fy):
		return stepCharacter
	case ladder.Characters != nil && ladder.Characters(decodeUnreserved(ladder.Percent(fx))) == ladder.Characters(decodeUnreserved(ladder.Percent(fy))):
		return stepPercent
	case is3986 && decodeUnreserved(fx) == decodeUnreserved(fy):
		return stepPercent
	case name == "path":
		return stepPathSegment
	}
	return stepScheme
}

// upperHex returns s with the hex digits of its escapes in upper case.
func upperHex(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && syntax.IsHex(b[i+1]) && syntax.IsHex(b[i+2]) {
			b[i+1], b[i+2] = toUpper(b[i+1]), toUpper(b[i+2])
			i += 2
		}
	}
	return string(b)
}

func toUpper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// decodeUnreserved returns s with every escape of an unreserved character
// of RFC 3986 (ALPHA, DIGIT, "-", ".", "_", "~") decoded.
func decodeUnreserved(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && syntax.IsHex(s[i+1]) && syntax.IsHex(s[i+2]) {
			c := syntax.HexValue(s[i+1])<<4 | syntax.HexValue(s[i+2])
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
				b.WriteByte(c)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// refError is an error about the reference "a" or "b".
type refError struct {
	which string
	err   error
}

func (e *refError) Error() string { return e.err.Error() }
func (e *refError) Unwrap() error { return e.err }

// runEquivalent compares a and b under rd and prints the answer.
func runEquivalent(inv *invocation, rd report.Reader, a, b string, asJSON bool) int {
	rule, err := rd.LookupRule(rd.StartRule())
	if err != nil {
		inv.warnf("%v", err)
		return 2
	}
	var e equivalence
	for _, r := range []struct{ which, in string }{{"a", a}, {"b", b}} {
		if rerr := rd.Read(rule, r.in, false).Err; rerr != nil && err == nil {
			err = &refError{r.which, rerr}
		}
	}
	// A standard with its own equivalence (RFC 8141 section 3.1)
	// answers through its face; the others climb RFC 3986's ladder.
	var own *report.Equivalence
	if f := report.FaceOf(rd); err == nil && f != nil {
		fe, ok, ferr := f.Equivalent(a, b)
		switch {
		case ferr != nil:
			err = &refError{"a", ferr}
		case ok:
			own = &fe
			e = equivalence{equivalent: fe.Equivalent, components: fe.Components, normalA: fe.NormalA, normalB: fe.NormalB}
		}
	}
	if err == nil && own == nil {
		e, err = compareRefs(rd, rule, a, b)
	}
	stepCode, stepName, stepSection := e.step.code(), e.step.name(), e.step.section(report.LadderOf(rd))
	if own != nil {
		stepCode, stepName, stepSection = own.Step, own.StepName, own.Section
	}
	out := inv.output()
	if asJSON {
		var jb report.Buffer
		o := report.BeginObject(&jb)
		o.Str("a", a)
		o.Str("b", b)
		writeStandard(&o, rd)
		if err != nil {
			o.Null("equivalent")
			o.Null("step")
			o.Null("section")
			o.Null("components")
			o.Null("normal_a")
			o.Null("normal_b")
			report.WriteError(&o, err.(*refError).err, err.(*refError).which)
		} else {
			o.Boolean("equivalent", e.equivalent)
			o.StrOrNull("step", stepCode, !e.equivalent)
			o.StrOrNull("section", stepSection, !e.equivalent)
			o.Key("components")
			jb.WriteByte('[')
			for i, c := range e.components {
				if i > 0 {
					jb.WriteByte(',')
				}
				report.WriteString(&jb, c)
			}
			jb.WriteByte(']')
			o.Str("normal_a", e.normalA)
			o.Str("normal_b", e.normalB)
			o.Null("error")
		}
		o.End(true)
		out.Write(jb.B)
	} else if err != nil {
		re := err.(*refError)
		in := map[string]string{"a": a, "b": b}[re.which]
		what := "invalid " + rd.StartRule()
		if isComposeError(re.err) {
			what = "no normal form under the grammar in force"
		}
		fmt.Fprintf(out, "%s: %s%s\n", shortDisplay(in), what, headingSuffix(rd))
		writeErrorDetail(out, re.err)
	} else {
		std := report.SpecOf(rd)
		switch {
		case !e.equivalent:
			section := report.LadderOf(rd).Section
			if own != nil {
				section = own.Section
			}
			fmt.Fprintf(out, "not equivalent: %s %s after normalization (%s section %s)\n",
				strings.Join(e.components, ", "), plural(len(e.components), "differs", "differ"), std, section)
		case stepCode == stepSimple.code():
			fmt.Fprintf(out, "equivalent: equal as strings (%s, %s section %s)\n", stepName, std, stepSection)
		default:
			fmt.Fprintf(out, "equivalent: %s decides, in %s (%s section %s)\n", stepName, strings.Join(e.components, ", "), std, stepSection)
		}
		if e.normalA == e.normalB {
			fmt.Fprintf(out, "  normal form  %s\n", e.normalA)
		} else {
			fmt.Fprintf(out, "  a            %s\n", e.normalA)
			fmt.Fprintf(out, "  b            %s\n", e.normalB)
		}
	}
	switch {
	case err != nil:
		return 2
	case !e.equivalent:
		return 1
	}
	return 0
}
