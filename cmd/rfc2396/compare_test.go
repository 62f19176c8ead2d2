package main

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/uri"
)

// errText is an error's message, "" for none.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// verdictText is a verdict's error message, "" for none, after checking
// that the message compare kept for it (derived, for a resolution, from
// the verdict's) is the error's own.
func verdictText(t *testing.T, ref string, v *verdict) string {
	t.Helper()
	if want := errText(v.err); v.msgHead+v.msg != want {
		t.Fatalf("%q: %s %v: message kept %q, the error's %q", ref, v.standard, v.profile, v.msgHead+v.msg, want)
	}
	return v.msgHead + v.msg
}

// TestComparerVerdicts holds compare, which parses a reference under one
// profile and asks the others' automata, to what parsing it under each
// says, over the references of the corpus sample: each verdict's error,
// the profile compared, and the differences.
func TestComparerVerdicts(t *testing.T) {
	refs := uritest.Sample(t, "../../testdata/bench-sample.txt")
	refs = append(refs, "http://[::1]/", "http://[fe80::1%eth0]/", "?y", "about:", "http://1.2.3.256/", "http://a~b/", "caf\xc3\xa9", "a b", "", "http://0.0.0000.0/")
	refs = append(refs, compareCases...)
	for _, side := range compareSides(t) {
		t.Run(side.name, func(t *testing.T) { checkComparerVerdicts(t, side, refs) })
	}
}

// compareSide is a standard compare sets against RFC 2396, read by its
// own package: what the comparer's Pair must agree with.
type compareSide struct {
	name  string
	parse func(string) (report.Components, error)
}

// profileReaders returns a reader of the standard named name under each
// of its named profiles, strict left out, as parse reads under --profile:
// what the comparer's other readings must agree with.
func profileReaders(t *testing.T, name string) []report.Reader {
	t.Helper()
	st, err := report.LookupStandard(name)
	if err != nil {
		t.Fatal(err)
	}
	var readers []report.Reader
	for _, p := range st.ProfileNames() {
		if p == uri.StrictProfile {
			continue
		}
		rd, err := st.NewReaderProfile(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		readers = append(readers, rd)
	}
	return readers
}

// readError is rd's error on ref, read by rd's start rule, "" for none.
func readError(t *testing.T, rd report.Reader, ref string) string {
	t.Helper()
	start, err := rd.LookupRule(rd.StartRule())
	if err != nil {
		t.Fatal(err)
	}
	return errText(rd.Read(start, ref, false).Err)
}

// compareSides are the standards compare takes (compareChoices, from the
// registry), RFC 3986 and RFC 3987 each read by its package, any other by
// a reader of its grammar value (readerSide).
func compareSides(t *testing.T) []compareSide {
	t.Helper()
	packages := map[string]func(string) (report.Components, error){
		report.StandardRFC3986: func(s string) (report.Components, error) {
			u, err := rfc3986.Parse(s)
			return report.ComponentsOf(u), err
		},
		report.StandardRFC3987: func(s string) (report.Components, error) {
			u, err := rfc3987.Parse(s)
			return report.ComponentsOf(u), err
		},
	}
	var sides []compareSide
	for name := range strings.SplitSeq(compareChoices(), "|") {
		if parse, ok := packages[name]; ok {
			sides = append(sides, compareSide{name, parse})
			continue
		}
		sides = append(sides, readerSide(t, name))
	}
	for name := range packages {
		if !slices.ContainsFunc(sides, func(s compareSide) bool { return s.name == name }) {
			t.Errorf("compare does not take %s (compareChoices() = %q)", name, compareChoices())
		}
	}
	return sides
}

// readerSide reads the references of the standard named name as parse
// does, by a reader of its grammar value: its start rule's components.
func readerSide(t *testing.T, name string) compareSide {
	t.Helper()
	st, err := report.LookupStandard(name)
	if err != nil {
		t.Fatal(err)
	}
	rd := st.NewReader(nil)
	start, err := rd.LookupRule(rd.StartRule())
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]uri.HostKind{} // "" and "none": NoHost
	for _, k := range []uri.HostKind{uri.IPLiteral, uri.IPv4, uri.RegName} {
		kinds[k.Code()] = k
	}
	return compareSide{name, func(s string) (report.Components, error) {
		res := rd.Read(start, s, false)
		if res.Err != nil {
			return report.Components{}, res.Err
		}
		if res.View == nil {
			t.Fatalf("%s: %q is valid and has no components", name, s)
		}
		v := res.View
		c := func(x parser.Component) uri.Component { return uri.Component(x) }
		return report.Components{
			Scheme: c(v.Scheme), Authority: c(v.Authority), UserInfo: c(v.UserInfo), Host: c(v.Host), Port: c(v.Port),
			Path: v.Path, Query: c(v.Query), Fragment: c(v.Fragment), HostKind: kinds[v.HostKind.Code],
		}, nil
	}}
}

func checkComparerVerdicts(t *testing.T, side compareSide, refs []string) {
	cm := testComparer(t, side.name, "")
	readers := profileReaders(t, side.name)
	for _, ref := range refs {
		c := cm.compare(ref, "", false)
		u3, err3 := side.parse(ref)
		want := []string{errText(err3)}
		for _, rd := range readers {
			want = append(want, readError(t, rd, ref))
		}
		var first *parser.URI
		var compared *parser.Profile
		for _, p := range parser.Profiles() {
			u, err := p.Parse(ref)
			want = append(want, errText(err))
			if err == nil && first == nil {
				first, compared = u, p
			}
		}
		var got []string
		for i := range c.verdicts {
			got = append(got, verdictText(t, ref, &c.verdicts[i]))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q: verdicts (-parse each +compare):\n%s", ref, diff)
		}
		if c.compared != compared {
			t.Fatalf("%q: compared under %v, want %v", ref, c.compared, compared)
		}
		var wantDiffs []difference
		if err3 == nil && first != nil {
			wantDiffs = componentDifferences(nil, first, u3)
		}
		if diff := cmp.Diff(wantDiffs, c.differences, cmp.AllowUnexported(difference{}), cmp.Comparer(func(a, b parser.Component) bool { return a == b })); len(wantDiffs)+len(c.differences) > 0 && diff != "" {
			t.Fatalf("%q: differences (-want +got):\n%s", ref, diff)
		}
	}
}

// compareCases are references on which the profiles' readings part from
// strict's, added to the corpus sample: empty authorities (java reads
// none), IPv4 addresses that ipv4-three-digits and ipv4-octets refuse
// (the authority stays valid as a reg_name, or not), hostnames that
// digit-hostname reads, brackets, scope ids, non-ASCII bytes, and strings
// that only some profiles accept.
var compareCases = []string{
	"file:///x", "file:///", "http://", "//", "///x", "//?q", "//#f", "http://#f", "http:///x?q#f",
	"http://1.2.3.0004/", "http://0000001.2.3.4/x", "http://256.1.1.1/", "http://1.2.3.256:80/a",
	"http://3com/", "http://3com.example/", "http://a@3com:8/b", "//1.2.3.4/x", "http://1.2.3.4.5/",
	"http://[::1]/", "http://[::1.2.3.4]/", "http://[fe80::1%eth0]:8080/", "mailto:[x]", "about:",
	"http://\xc3\xa9/", "x:\xc3\xa9", "?y", "?y#f", "#f", "", ".", "..", "../../../g", "./g:h", "g;x=1/../y",
	"http://a:b@c:d@e/", "http://a:/", "http://:80/", "http://@/", "mailto:x@y", "news:comp.lang", "a:b/c",
}

// testdataReferences returns the references of the repository's test data
// (the Go-quoted first field of components.txt, rfc-examples.txt and
// invalid.txt) with compareCases and the corpus sample.
func testdataReferences(t *testing.T) []string {
	t.Helper()
	refs := append([]string(nil), compareCases...)
	for _, name := range []string{"components.txt", "rfc-examples.txt", "invalid.txt", "bench-sample.txt"} {
		f, err := os.Open("../../testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if name == "bench-sample.txt" {
				refs = append(refs, line)
				continue
			}
			if name == "rfc-examples.txt" {
				_, line, _ = strings.Cut(line, "\t")
				_, line, _ = strings.Cut(line, "\t")
			}
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				continue // a comment
			}
			ref, err := strconv.Unquote(q)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, q, err)
			}
			refs = append(refs, ref)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return refs
}

// TestReadsAsStrict holds the argument of compare.go that a profile reads a
// reference strict accepts, with no empty authority, as strict does
// whenever it accepts it, and accepts it exactly when it accepts its
// authority: readsAsStrict against each profile's Parse, over the test
// data and the corpus sample. It also asks that every named profile be
// covered, so that an edit added later is not left out of the shortcut
// unnoticed.
func TestReadsAsStrict(t *testing.T) {
	for _, p := range parser.Profiles() {
		if !coveredProfile(p) {
			// Not an error: compare reads references under such a profile
			// without the shortcut, which is slower, not wrong.
			t.Logf("profile %s has an edit the argument before coveredEdits in compare.go does not cover: check the argument for it and add it; until then compare reads references under it without the shortcut", p)
		}
	}
	checked := 0
	for _, ref := range testdataReferences(t) {
		u, err := parser.Strict.Parse(ref)
		if err != nil {
			continue
		}
		for _, p := range parser.Profiles() {
			valid, known := readsAsStrict(p, u, coveredProfile(p))
			if !known {
				if a := u.Authority(); coveredProfile(p) && nonEmptyAuthority(u) && !pathAfterNoAuthority(u) && (!a.Defined || p.Matches(grammar.RuleAuthority, a.Value)) {
					t.Fatalf("%s: readsAsStrict(%q) cannot tell", p, ref)
				}
				continue
			}
			checked++
			v, err := p.Parse(ref)
			if valid != (err == nil) {
				t.Fatalf("%s: readsAsStrict(%q) = %v; Parse: %v", p, ref, valid, err)
			}
			if valid && !sameComponents(u, v) {
				t.Fatalf("%s reads %q as %v %v %q %v %v (opaque %v); strict as %v %v %q %v %v (opaque %v)", p, ref,
					v.Scheme(), v.Authority(), v.Path(), v.Query(), v.Fragment(), v.IsOpaque(),
					u.Scheme(), u.Authority(), u.Path(), u.Query(), u.Fragment(), u.IsOpaque())
			}
		}
	}
	if checked == 0 {
		t.Fatal("no reference checked")
	}
}

// TestComparerResolutions holds compare --base, which resolves under strict
// once and gives that result to the profiles that read the base and the
// reference as strict does, to resolving under RFC 3986 and under each
// profile (rfc3986.Resolve, Profile.Resolve), over the test data and the
// corpus sample, against bases each profile reads alike or not, valid or
// not, with the comparer kept across bases as a batch keeps it. Without
// RFC2396_LONG it takes every third reference against each base, a
// different third for each.
func TestComparerResolutions(t *testing.T) {
	refs := testdataReferences(t)
	cm := testComparer(t, report.StandardRFC3986, "")
	for b, base := range compareBases {
		for i, ref := range refs {
			if !longChecks() && (i+b)%3 != 0 {
				continue
			}
			checkComparison(t, cm, ref, base)
		}
	}
}

// compareBases are bases each profile reads alike or not, valid or not.
var compareBases = []string{
	"http://a/b/c/d;p?q", "file:///a/b", "http://256.1.1.1/a/b", "http://1.2.3.0004/a/", "http://3com/x/y?q#f",
	"http://[::1]/a/b", "mailto:x@y", "f:/a", "f:a/b", "g/h", "http://a b/", "?y", "http://a/b/c/d;p?q",
}

// checkComparison checks cm.compare(ref, base, true) against parsing ref
// and resolving it under each standard and profile one by one.
func checkComparison(t *testing.T, cm *comparer, ref, base string) {
	t.Helper()
	c := cm.compare(ref, base, true)
	_, err3 := rfc3986.Parse(ref)
	want := []string{errText(err3)}
	readers := profileReaders(t, report.StandardRFC3986)
	for _, rd := range readers {
		want = append(want, readError(t, rd, ref))
	}
	for _, p := range parser.Profiles() {
		_, err := p.Parse(ref)
		want = append(want, errText(err))
	}
	var got []string
	for i := range c.verdicts {
		got = append(got, verdictText(t, ref, &c.verdicts[i]))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("compare --base %q %q: verdicts (-parse each +compare):\n%s", base, ref, diff)
	}
	r3, _, err3 := rfc3986.Resolve(base, ref)
	want = []string{r3, errText(err3)}
	for _, rd := range readers {
		r, _, err := rd.Resolve(base, ref)
		want = append(want, r, errText(err))
	}
	for _, p := range parser.Profiles() {
		r, _, err := p.Resolve(base, ref)
		want = append(want, r, errText(err))
	}
	got = got[:0]
	for i := range c.resolutions {
		got = append(got, c.resolutions[i].result, verdictText(t, ref, &c.resolutions[i]))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("compare --base %q %q: resolutions (result, error by standard and profile; -resolve each +compare):\n%s", base, ref, diff)
	}
}

// FuzzComparer holds compare --base to parsing and resolving under each
// standard and profile one by one, for any reference and base: the
// shortcuts of compare.go (verdicts from the authority, one resolution
// for the profiles that read alike) give what the long way gives.
func FuzzComparer(f *testing.F) {
	for _, ref := range compareCases {
		f.Add(ref, compareBases[len(ref)%len(compareBases)])
	}
	f.Fuzz(func(t *testing.T, ref, base string) {
		checkComparison(t, testComparer(t, report.StandardRFC3986, ""), ref, base)
	})
}

// TestAuthorityVerdicts holds authorityVerdicts.accepts to each profile's
// Matches on the authorities of the test data and of long or odd strings,
// asked twice (the second time from what it remembers), and checks that
// it stays within maxAuthorities.
func TestAuthorityVerdicts(t *testing.T) {
	profiles := parser.Profiles()
	av := authorityVerdicts{profiles: profiles}
	for _, p := range profiles {
		av.covered = append(av.covered, coveredProfile(p))
	}
	authorities := []string{"", "a", "[::1]", "[fe80::1%eth0]:80", "1.2.3.0004", "3com", "a b", "\xc3\xa9", strings.Repeat("a", maxAuthorityLen+1)}
	for _, ref := range testdataReferences(t) {
		if u, err := parser.Strict.Parse(ref); err == nil && u.Authority().Defined {
			authorities = append(authorities, u.Authority().Value)
		}
	}
	for round := 0; round < 2; round++ {
		for _, a := range authorities {
			for i, p := range profiles {
				if got, want := av.accepts(i, a), p.Matches(grammar.RuleAuthority, a); got != want {
					t.Fatalf("round %d: accepts(%s, %q) = %v, Matches %v", round, p, a, got, want)
				}
			}
		}
	}
	for i := 0; i < 2*maxAuthorities; i++ {
		av.accepts(0, "h"+strconv.Itoa(i))
		if len(av.m) > maxAuthorities {
			t.Fatalf("%d authorities remembered, more than %d", len(av.m), maxAuthorities)
		}
	}
}

// TestCompareJSONLongRecord writes records longer than report.FlushAt,
// which pass to the output as they are written: a string compare --json
// copies from earlier in the record instead of escaping it again (the
// input, for an absolute reference that resolves to itself) must not be
// copied from a buffer that has been passed on since. The reference is
// non-ASCII UTF-8, six bytes of JSON a byte, that only java accepts; the
// other profiles' error messages come between the input and java's
// resolution.
func TestCompareJSONLongRecord(t *testing.T) {
	for _, n := range []int{1000, 9000, 10500, 12000, 30000} {
		ref := "http://a/" + strings.Repeat("\xc3\xa9", n/2) // "é" in UTF-8
		var out, errOut strings.Builder
		if status := run([]string{"compare", "--json", "--base", "http://b/c"}, strings.NewReader(ref+"\n"), &out, &errOut); status > 1 {
			t.Fatalf("%d bytes: status %d: %s", n, status, errOut.String())
		}
		var record struct {
			Input       string `json:"input"`
			Resolutions []struct {
				Profile *string `json:"profile"`
				Result  *string `json:"result"`
			} `json:"resolutions"`
		}
		if err := json.Unmarshal([]byte(out.String()), &record); err != nil {
			t.Fatalf("%d bytes: %v", n, err)
		}
		if record.Input != ref {
			t.Fatalf("%d bytes: input reads back as %d bytes", n, len(record.Input))
		}
		// java's resolution, wherever edits/edits.txt lists the profile.
		found := false
		for _, r := range record.Resolutions {
			if r.Profile == nil || *r.Profile != "java" {
				continue
			}
			found = true
			if r.Result == nil || *r.Result != ref {
				t.Fatalf("%d bytes: java's resolution is not the reference itself: %+v", n, r)
			}
		}
		if !found {
			t.Fatalf("%d bytes: no resolution under java: %+v", n, record.Resolutions)
		}
	}
}

// TestCompareOutputKept holds the records of one comparer kept across
// references and bases, as a batch keeps it (with the pieces of output it
// keeps), to those of a new comparer for each reference, in JSON and for
// people, over every fifth reference of the test data (every twentieth
// without RFC2396_LONG) and the cases above, against each base and with none: by RFC 3986, and by RFC 3987
// with an --allow reading, whose long name widens the labels.
func TestCompareOutputKept(t *testing.T) {
	var refs []string
	every := 20
	if longChecks() {
		every = 5
	}
	for i, ref := range testdataReferences(t) {
		if i%every == 0 {
			refs = append(refs, ref)
		}
	}
	refs = append(refs, compareCases...)
	for _, side := range []struct{ standard, allow string }{
		{report.StandardRFC3986, ""},
		{report.StandardRFC3987, "bidi-formatting,zone-id"},
	} {
		kept := testComparer(t, side.standard, side.allow)
		var keptJSON, newJSON report.Buffer
		var keptText, newText lineBuffer
		for _, base := range append([]string{""}, compareBases...) {
			for _, ref := range refs {
				fresh := testComparer(t, side.standard, side.allow)
				keptJSON.Reset()
				newJSON.Reset()
				keptText.b, newText.b = keptText.b[:0], newText.b[:0]
				c := kept.compare(ref, base, base != "")
				writeCompareJSON(&keptJSON, c)
				writeCompareHuman(&keptText, c)
				c = fresh.compare(ref, base, base != "")
				writeCompareJSON(&newJSON, c)
				writeCompareHuman(&newText, c)
				if diff := cmp.Diff(string(newJSON.B), string(keptJSON.B)); diff != "" {
					t.Fatalf("compare --standard %s --allow %q --json --base %q %q (-new comparer +kept):\n%s", side.standard, side.allow, base, ref, diff)
				}
				if diff := cmp.Diff(string(newText.b), string(keptText.b)); diff != "" {
					t.Fatalf("compare --standard %s --allow %q --base %q %q (-new comparer +kept):\n%s", side.standard, side.allow, base, ref, diff)
				}
			}
		}
	}
}

// testComparer is the comparer of compare --standard standard --allow
// allow.
func testComparer(t testing.TB, standard, allow string) *comparer {
	t.Helper()
	std, err := compareStandard(standard)
	if err != nil {
		t.Fatal(err)
	}
	edits, err := std.ParseAllow(allow)
	if err != nil {
		t.Fatal(err)
	}
	cm, err := newComparer(std, edits)
	if err != nil {
		t.Fatal(err)
	}
	return cm
}

// TestPrintableASCII puts every byte at every place of strings of one to
// seventeen printable bytes: printableASCII agrees with a test of one
// byte at a time.
func TestPrintableASCII(t *testing.T) {
	for n := 1; n <= 17; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("~", n))
				b[at] = byte(c)
				s := string(b)
				want := true
				for _, c := range b {
					want = want && c >= 0x20 && c < 0x7f
				}
				if got := printableASCII(s); got != want {
					t.Fatalf("printableASCII(%q) = %v, want %v", s, got, want)
				}
			}
		}
	}
}

// otherReadingCase is what compare says of a reference by one reading of the
// standard it sets against RFC 2396, as testdata/compare-readings.tsv
// writes it.
type otherReadingCase struct {
	Profile, Verdict, Result string
}

// TestCompareOtherReadings runs the cases of testdata/compare-readings.tsv:
// compare reads a reference by the other standard strictly, under each of
// its profiles and with --allow, and resolves it under each; whether the
// two standards agree stays a matter of their strict readings.
func TestCompareOtherReadings(t *testing.T) {
	data, err := os.ReadFile("testdata/compare-readings.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) < 6 {
			t.Fatalf("line %d: %d fields, want at least 6", n+1, len(fields))
		}
		standard, allow, base, agree := fields[0], fields[1], fields[2], fields[4] == "true"
		ref, err := strconv.Unquote(fields[3])
		if err != nil {
			t.Fatalf("line %d: reference %s: %v", n+1, fields[3], err)
		}
		var want []otherReadingCase
		for _, f := range fields[5:] {
			want = append(want, readingCase(t, n+1, f))
		}
		t.Run(strings.Join(fields[:4], " "), func(t *testing.T) {
			cm := testComparer(t, standard, allow)
			c := cm.compare(ref, base, base != "")
			var got []otherReadingCase
			for i := range 1 + len(cm.others) {
				v := &c.verdicts[i]
				r := otherReadingCase{Profile: v.profile, Verdict: "valid"}
				if r.Profile == "" {
					r.Profile = "-"
				}
				if v.err != nil {
					r.Verdict = "invalid"
				}
				if base != "" && c.resolutions[i].err == nil {
					r.Result = c.resolutions[i].result
				}
				got = append(got, r)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("readings (-want +got):\n%s", diff)
			}
			if c.agree != agree {
				t.Errorf("agree = %v, want %v", c.agree, agree)
			}
		})
	}
}

// readingCase reads one reading's field of testdata/compare-readings.tsv:
// the profile, the verdict and a Go-quoted result, separated by spaces.
func readingCase(t *testing.T, line int, field string) otherReadingCase {
	t.Helper()
	profile, rest, _ := strings.Cut(field, " ")
	verdict, result, hasResult := strings.Cut(rest, " ")
	r := otherReadingCase{Profile: profile, Verdict: verdict}
	if verdict != "valid" && verdict != "invalid" {
		t.Fatalf("line %d: verdict %q, want valid or invalid", line, verdict)
	}
	if hasResult {
		var err error
		if r.Result, err = strconv.Unquote(result); err != nil {
			t.Fatalf("line %d: result %s: %v", line, result, err)
		}
	}
	return r
}

// TestOtherReadsAsStrict holds the argument before keepsReadings in
// compare.go, and so each edit's claim that it keeps the grammar's
// readings (uri.Edit.KeepsReadings): under each profile of each standard compare takes, and with
// all its edits, whose edits the argument covers, a reference the strict
// reading accepts is accepted with the same components, over the test
// data, the corpus sample and references with IP literals and bidi
// formatting characters. A profile with an edit that does not keep the
// readings is logged, as TestReadsAsStrict logs RFC 2396's.
func TestOtherReadsAsStrict(t *testing.T) {
	refs := append(testdataReferences(t), "http://[fe80::1%25en1]/", "http://[::1]/", "http://[v7.x]/", "http://[::ffff:1.2.3.4]:8/",
		"http://a/\u200e", "\u200f", "http://\u05d0.example/\u200e?\u202a#\u202c", "[::1]")
	for name := range strings.SplitSeq(compareChoices(), "|") {
		std, err := compareStandard(name)
		if err != nil {
			t.Fatal(err)
		}
		strict, err := std.NewPair()
		if err != nil {
			t.Fatal(err)
		}
		var all []string
		for _, e := range std.Edits() {
			all = append(all, e.Name)
		}
		readings := map[string]report.Pair{}
		for _, p := range std.ProfileList() {
			if p.Name == uri.StrictProfile {
				continue
			}
			if !keepsReadings(std, p.Edits) {
				t.Logf("%s: profile %s has an edit that does not keep the grammar's readings (uri.Edit.KeepsReadings): compare reads references under it without the shortcut", name, p.Name)
				continue
			}
			if readings[p.Name], err = std.NewPairProfile(p.Name, nil); err != nil {
				t.Fatal(err)
			}
		}
		if keepsReadings(std, all) {
			if readings["+"+strings.Join(all, ",")], err = std.NewPairProfile(uri.StrictProfile, all); err != nil {
				t.Fatal(err)
			}
		}
		if len(readings) == 0 {
			continue
		}
		checked := 0
		for _, ref := range refs {
			if strict.ReadRef(ref) != nil {
				continue
			}
			want := strict.Ref()
			for profile, pair := range readings {
				if err := pair.ReadRef(ref); err != nil {
					t.Fatalf("%s %s refuses %q, which strict accepts: %v", name, profile, ref, err)
				}
				if diff := cmp.Diff(want, pair.Ref()); diff != "" {
					t.Fatalf("%s %s reads %q (-strict +%s):\n%s", name, profile, ref, profile, diff)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Fatalf("%s: no reference checked", name)
		}
	}
}
