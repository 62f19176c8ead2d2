package rfc3987

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// outsideRow is a row of resolve_outside.txt or map_outside.txt, read
// into its parts: the operation, its inputs, the answer this package
// must give (want, or the code of the error in errCode) and, where the
// source that the row comes from answers otherwise, that answer.
type outsideRow struct {
	line       int
	op         string
	in         []string
	want       string
	errCode    string   // the want of a row whose answer is an error: "!" and a code
	warns      []string // warn=CODE fields
	differs    bool     // the source answers otherwise: theirs
	theirs     string
	theirsNone bool // "differs !": the source gives no answer
	equivalent bool // theirs and want are equivalent (section 5.3)
}

// readOutside reads testdata/iri/name, whose rows are an operation,
// nIn inputs, the answer, and the optional fields warn=CODE, "differs"
// with the source's answer, and "equivalent".
func readOutside(t *testing.T, name string, nIn int) []outsideRow {
	t.Helper()
	var rows []outsideRow
	for _, r := range readIRITable(t, name, nIn+2) {
		o := outsideRow{line: r.line, op: r.fields[0], in: r.fields[1 : 1+nIn]}
		rest := r.fields[1+nIn:]
		if rest[0] == "!" {
			if len(rest) < 2 {
				t.Fatalf("%s:%d: \"!\" without an error code", name, r.line)
			}
			o.errCode, rest = rest[1], rest[2:]
		} else {
			o.want, rest = rest[0], rest[1:]
		}
		for len(rest) > 0 {
			f := rest[0]
			rest = rest[1:]
			switch {
			case strings.HasPrefix(f, "warn="):
				o.warns = append(o.warns, strings.TrimPrefix(f, "warn="))
			case f == "differs" && len(rest) > 0:
				o.differs = true
				o.theirs, o.theirsNone = rest[0], rest[0] == "!"
				rest = rest[1:]
			case f == "equivalent":
				o.equivalent = true
			default:
				t.Fatalf("%s:%d: unknown field %q", name, r.line, f)
			}
		}
		rows = append(rows, o)
	}
	return rows
}

// errCodeOf returns the code of err's ResolveReason, "" for nil, and a
// description of any other error.
func errCodeOf(err error) string {
	var re *ResolveError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &re):
		return re.Reason.Code()
	}
	return fmt.Sprintf("not a *ResolveError: %v", err)
}

// warningCodes returns the codes of ws.
func warningCodes(ws []Warning) []string {
	var codes []string
	for _, w := range ws {
		codes = append(codes, w.Code())
	}
	return codes
}

// TestResolveOutside checks resolution and relativization against the
// rows of outside suites in resolve_outside.txt: the answer the RFC
// gives, and, where the suite answers otherwise, that its answer is
// still different and as related to ours as the row says.
func TestResolveOutside(t *testing.T) {
	for _, r := range readOutside(t, "resolve_outside.txt", 2) {
		base, ref := r.in[0], r.in[1]
		at := fmt.Sprintf("resolve_outside.txt:%d: %s %q %q", r.line, r.op, base, ref)
		var got string
		var err error
		switch r.op {
		case "resolve", "resolve+compat-scheme":
			var opts []ResolveOption
			if r.op == "resolve+compat-scheme" {
				opts = append(opts, BackwardsCompatibleScheme())
			}
			var ws []Warning
			got, ws, err = Resolve(base, ref, opts...)
			if codes := warningCodes(ws); !slices.Equal(codes, r.warns) {
				t.Errorf("%s: warnings %q, want %q", at, codes, r.warns)
			}
			if err == nil {
				checkResolveReference(t, at, base, ref, r.want, opts, slices.Contains(r.warns, WarnPathReadsAsAuthority.Code()))
				// Section 6.5: resolving IRIs and mapping the result to a
				// URI gives the resolution of the mapped URIs.
				if u, _, err := rfc3986.Resolve(ToURI(base), ToURI(ref), opts...); u != ToURI(r.want) || err != nil {
					t.Errorf("%s: resolving the mapped URIs gives %q, %v; want %q", at, u, err, ToURI(r.want))
				}
			}
			if err == nil && r.op == "resolve" && !slices.Contains(r.warns, WarnPathReadsAsAuthority.Code()) {
				checkRelativizeBack(t, at, base, ref, r.want)
				checkIRIVariant(t, at, base, ref, r.want)
			}
		case "resolve+normalize":
			got, _, err = Resolve(base, ref)
			if err == nil {
				got, err = Normalize(got)
			}
		case "relativize":
			got, err = Relativize(base, ref)
			if err == nil {
				if back, _, err := Resolve(base, got); back != ref || err != nil {
					t.Errorf("%s: %q resolves to %q, %v; want the target", at, got, back, err)
				}
			}
		default:
			t.Fatalf("%s: unknown operation", at)
		}
		if code := errCodeOf(err); code != r.errCode {
			t.Errorf("%s: error %q, want %q", at, code, r.errCode)
			continue
		}
		if got != r.want {
			t.Errorf("%s = %q, want %q", at, got, r.want)
		}
		if r.differs {
			checkTheirs(t, at, r, base, ref)
		}
	}
}

// checkResolveReference checks that resolving the parsed reference
// against the parsed base gives want too, as a URI and as a string. Where
// the result's path reads as an authority (readsAsAuthority), the URI is
// the one want reads as, or none if it does not read back.
func checkResolveReference(t *testing.T, at, base, ref, want string, opts []ResolveOption, readsAsAuthority bool) {
	t.Helper()
	b, err := Parse(base)
	if err != nil {
		t.Errorf("%s: Parse(base): %v", at, err)
		return
	}
	u, err := Parse(ref)
	if err != nil {
		t.Errorf("%s: Parse(reference): %v", at, err)
		return
	}
	if s, _, err := b.ResolveReferenceString(u, opts...); s != want || err != nil {
		t.Errorf("%s: ResolveReferenceString = %q, %v; want %q", at, s, err, want)
	}
	v, _, err := b.ResolveReference(u, opts...)
	if readsAsAuthority && errCodeOf(err) == Unrepresentable.Code() {
		return
	}
	if err != nil || v.String() != want {
		t.Errorf("%s: ResolveReference = %v, %v; want %q", at, v, err, want)
	}
}

// checkRelativizeBack checks that relativizing the target of a
// resolution gives a reference that resolves to it again and is no
// longer than the one the row resolved.
func checkRelativizeBack(t *testing.T, at, base, ref, target string) {
	t.Helper()
	rel, err := Relativize(base, target)
	if err != nil {
		t.Errorf("%s: Relativize(base, %q): %v", at, target, err)
		return
	}
	if back, _, err := Resolve(base, rel); back != target || err != nil {
		t.Errorf("%s: Relativize(base, %q) = %q, which resolves to %q, %v", at, target, rel, back, err)
	}
	if len(rel) > len(ref) {
		t.Errorf("%s: Relativize(base, %q) = %q, longer than the row's reference", at, target, rel)
	}
}

// iriVariant writes s with its letters "b" and "g" replaced by
// characters beyond US-ASCII (U+0431 and U+011F), which an IRI holds
// where those letters may stand, except in a scheme.
var iriVariant = strings.NewReplacer("b", "\u0431", "g", "\u011f").Replace

// checkIRIVariant checks section 6.5 on a row made an IRI: resolution
// treats the characters of ucschar as it treats unreserved ones, so the
// row with "b" and "g" replaced resolves to its result with the same
// replacement, and mapping that result to a URI gives the resolution of
// the mapped base and reference. A row whose replacement is not an IRI
// reference (a scheme "g") is skipped.
func checkIRIVariant(t *testing.T, at, base, ref, want string) {
	t.Helper()
	base, ref, want = iriVariant(base), iriVariant(ref), iriVariant(want)
	if !Valid(base) || !Valid(ref) {
		return
	}
	if got, _, err := Resolve(base, ref); got != want || err != nil {
		t.Errorf("%s: made an IRI, resolves to %q, %v; want %q", at, got, err, want)
	}
	if u, _, err := rfc3986.Resolve(ToURI(base), ToURI(ref)); u != ToURI(want) || err != nil {
		t.Errorf("%s: made an IRI, resolving the mapped URIs gives %q, %v; want %q", at, u, err, ToURI(want))
	}
}

// checkTheirs checks the source's own answer to a row: different from
// ours, equivalent to it exactly when the row says so, and for
// relativize a reference that resolves to the target too, no shorter
// than ours.
func checkTheirs(t *testing.T, at string, r outsideRow, base, ref string) {
	t.Helper()
	if r.theirsNone {
		return
	}
	if r.errCode == "" && r.theirs == r.want {
		t.Errorf("%s: the source's answer %q is want: drop \"differs\"", at, r.theirs)
	}
	if r.op == "relativize" {
		if back, _, err := Resolve(base, r.theirs); back != ref || err != nil {
			t.Errorf("%s: the source's %q resolves to %q, %v", at, r.theirs, back, err)
		}
		if len(r.theirs) < len(r.want) {
			t.Errorf("%s: the source's %q is shorter than %q", at, r.theirs, r.want)
		}
		return
	}
	if r.errCode != "" {
		if r.equivalent {
			t.Errorf("%s: an error has no equivalent", at)
		}
		return
	}
	a, errA := Parse(r.want)
	b, errB := Parse(r.theirs)
	if eq := errA == nil && errB == nil && Equivalent(a, b); eq != r.equivalent {
		t.Errorf("%s: Equivalent(%q, %q) = %v, want %v", at, r.want, r.theirs, eq, r.equivalent)
	}
}
