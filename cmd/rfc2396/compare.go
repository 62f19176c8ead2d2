package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
	"github.com/rfc2396/rfc2396/uri"
)

func compareCommand() *command {
	return &command{
		name:    "compare",
		streams: readsLines | writesResults | runsJobs,
		summary: "compare two standards' readings of each reference (not two URIs: see equivalent)",
		usage:   "compare [--standard " + compareChoices() + "] [--allow EDIT,...] [--json] [--base BASE] [-f FILE]... [REF ...]",
		about: `Compares two standards, not two URIs: what RFC 2396 and RFC 3986 (or, with
--standard, another standard of URI references: RFC 3987's IRIs) each make
of one reference. (To ask whether two URIs are the same, use
'rfc2396 equivalent A B'.) Reads each REF (with none, each line of standard
input; "-" reads standard input there) under that standard and each of
its profiles, strict first, and under every RFC 2396 profile, and prints
the verdict of each, the components on which the two standards differ
(that standard strict against RFC 2396 read under the first profile,
strict first, that accepts the reference), and with --base the
resolution of REF against BASE under each. --allow adds a reading by that
standard with the named edits of its own (not RFC 2396's), named by them
as parse names it. Exit status: 0 when that standard and RFC 2396, both
strict, agree on every reference (verdict, components and resolution),
1 when they differ on some, 2 on a usage, read or write error.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			asJSON := fs.Bool("json", false, `print one JSON object per reference: {"input","base","agree","verdicts","compared_profile","differences","resolutions"}`)
			base := fs.String("base", "", "also resolve each reference against this absolute `URI` under each standard and profile")
			standard := fs.String("standard", report.StandardRFC3986, "set this `standard` against RFC 2396: "+compareChoices())
			allow := fs.String("allow", "", "also read by that standard with these `edits` of its own in force, comma-separated")
			files := addFileFlag(fs)
			return func(inv *invocation) int {
				std, err := compareStandard(*standard)
				if err != nil {
					inv.warnf("--standard: %v", err)
					return 2
				}
				edits, err := std.ParseAllow(*allow)
				if err == nil {
					_, err = newComparer(std, edits) // what each worker makes below
				}
				if err != nil {
					inv.warnf("--allow: %v", report.TrimStandard(err.Error()))
					return 2
				}
				baseSet := false
				inv.flags.Visit(func(f *flag.Flag) { baseSet = baseSet || f.Name == "base" })
				if *asJSON {
					inv.tooLongRecord = tooLongJSON(nil, "input", func(o *report.Object) {
						if baseSet {
							o.Str("base", *base)
						} else {
							o.Null("base")
						}
						o.Boolean("agree", false)
					})
				}
				return runBatch(inv, inv.args, *files, "differing", func() refFunc {
					var jb report.Buffer             // one JSON line, written whole (a long string as it goes)
					var hb lineBuffer                // the lines of one reference for people, the same way
					cm, _ := newComparer(std, edits) // checked above
					return func(s *sink, ref string) bool {
						out := s.out
						c := cm.compare(ref, *base, baseSet)
						if *asJSON {
							jb.Out = out
							jb.Reset()
							writeCompareJSON(&jb, c)
							s.write(jb.B)
						} else {
							hb.out = out
							writeCompareHuman(&hb, c)
							s.write(hb.b)
							hb.b = hb.b[:0]
						}
						return c.agree
					}
				})
			}
		},
	}
}

// verdict is what one standard under one of its profiles says of a
// reference, or of its resolution.
type verdict struct {
	standard string
	// profile names the profile: "" for the strict reading of the
	// standard set against RFC 2396, the edits of --allow as parse names
	// them for that reading.
	profile string
	err     error
	// msgHead followed by msg is err.Error(), both "" for no error:
	// msgHead is the words a resolution's error puts before its
	// verdict's message, when msg is taken from it, otherwise "".
	msgHead, msg string
	result       string // the resolution, for a resolution
}

// difference is a component on which the two standards read a reference
// differently.
type difference struct {
	component        string
	rfc2396, rfc3986 parser.Component
}

// comparison is the result of compare for one reference.
type comparison struct {
	ref, base   string
	hasBase     bool
	baseLine    string    // "  resolved against BASE:\n", for people
	baseJSON    string    // the base as a JSON string
	verdicts    []verdict // RFC 3986's readings first (see comparer.others), then each RFC 2396 profile
	out         *outputParts
	compared    *parser.Profile
	comparedAt  int // compared's place in parser.Profiles()
	differences []difference
	resolutions []verdict
	agree       bool
}

// comparer compares references one after another ([newComparer] makes
// one), reusing what it allocates: the comparison it returns, and the
// URIs each standard reads into, are valid until the next call.
type comparer struct {
	c       comparison
	u2, tmp parser.URI
	// pair reads by the standard set against RFC 2396 (--standard),
	// RFC 3986 unless set, as published; others by it otherwise.
	pair     report.Pair
	others   []otherReading
	profiles []*parser.Profile  // parser.Profiles(), which allocates a list a call
	bases    []report.BaseCache // the base parsed under each profile
	base     baseReadings
	known    []bool // by profile: it reads the reference as strict does
	covered  []bool // by profile: coveredProfile
	// authorities remembers the profiles' verdicts on authorities.
	authorities authorityVerdicts
	r3          []byte // RFC 3986's resolution, appended
	out         outputParts
}

// otherReading is a reading of the standard set against RFC 2396 besides
// the strict one: under one of its named profiles, or with the edits of
// --allow.
type otherReading struct {
	profile string // as verdicts name it
	pair    report.Pair
	// asStrict: every edit in force keeps the grammar's readings (see
	// keepsReadings), so the reading takes whatever the strict one
	// takes, with its components: pair does not read a reference the
	// strict reading accepts.
	asStrict bool
}

// Why a reading of the other standard under edits reads a reference
// that the strict reading accepts, and the base, as strict does (the test
// TestOtherReadsAsStrict holds this over the test data and the corpus
// sample): each edit in force keeps the readings of the grammar as
// published (report.EditInfo.KeepsReadings, from uri.Edit.KeepsReadings).
// An edit that lifts a rule of the RFC's prose (RFC 3987 section 4.1's
// bidi-formatting) does by its nature: uri.Grammar.Allow keeps the ABNF's
// data and drops the lifted rule, so it reads every string with the same
// tokens and refuses fewer. An edit of the ABNF does when its manifest
// says why (its "keeps": RFC 6874's zone-id adds an alternative inside
// IP-literal that a string the grammar as published derives never
// takes), and no profile or allow list holds two edits of the ABNF.
//
// Together they keep strict's reading, so a strict reference is valid
// under such a reading with strict's components, and, the base being
// read alike as well, its resolution (a function of the two readings) is
// strict's, error included: the messages are the grammar's, which a
// variant names as the grammar as published. Anywhere else compare reads
// the reference under the edits itself.

// keepsReadings reports whether every edit of edits, which std offers,
// keeps the readings of std's grammar as published (see above).
func keepsReadings(std report.Standard, edits []string) bool {
	infos := std.Edits()
	for _, e := range edits {
		if !slices.ContainsFunc(infos, func(info report.EditInfo) bool { return info.Name == e && info.KeepsReadings }) {
			return false
		}
	}
	return true
}

// newComparer returns a comparer that sets std against RFC 2396, with the
// edits allow (--allow) as an extra reading, or an error for edits std
// cannot take together.
func newComparer(std report.Standard, allow []string) (*comparer, error) {
	cm := &comparer{}
	if err := cm.readBy(std, allow); err != nil {
		return cm, err
	}
	cm.fillOutputParts()
	return cm, nil
}

// readBy sets std, read strictly, under each of its named profiles and
// with allow, against RFC 2396.
func (cm *comparer) readBy(std report.Standard, allow []string) error {
	pair, err := std.NewPair()
	if err != nil {
		return err
	}
	cm.pair = pair
	for _, p := range std.ProfileList() {
		if p.Name == uri.StrictProfile {
			continue
		}
		if pair, err = std.NewPairProfile(p.Name, nil); err != nil {
			return err
		}
		cm.others = append(cm.others, otherReading{profile: p.Name, pair: pair, asStrict: keepsReadings(std, p.Edits)})
	}
	if len(allow) == 0 {
		return nil
	}
	// The reader names the edits as parse does.
	rd, err := std.NewReaderProfile(uri.StrictProfile, allow)
	if err != nil {
		return err
	}
	if pair, err = std.NewPairProfile(uri.StrictProfile, allow); err != nil {
		return err
	}
	cm.others = append(cm.others, otherReading{profile: rd.Profile(), pair: pair, asStrict: keepsReadings(std, allow)})
	return nil
}

// outputParts are the pieces of output that are the same for every
// reference, made once a run, by the place of a verdict or resolution in
// its list (RFC 3986's readings first, then each profile's).
type outputParts struct {
	// name is the name of the standard set against RFC 2396 ("rfc3986");
	// agreeLine and differLine end a reference's first line for people.
	name, agreeLine, differLine string
	// validJSON holds the JSON of a valid verdict ("" until it is first
	// written); resultJSON the start of a resolution's JSON object, up to
	// the result's value.
	validJSON, resultJSON []string
	// joints holds the end of a valid resolution's JSON object and the
	// start of the next's, by the next's place.
	joints []string
	// comparedJSON holds, by profile, the "compared_profile" member
	// naming it.
	comparedJSON []string
	// plainMiddle holds the JSON from the input to the resolutions of a
	// reference every standard and profile accepts with no difference,
	// for one that does not agree and one that does.
	plainMiddle [2]keptJSON
	// allValidJSON is the array of verdicts when every one is valid, and
	// allValidLines their lines for people.
	allValidJSON, allValidLines string
	// verdictLabels and resolutionLabels are the starts of lines for
	// people: indented, the standard and the profile, padded, and a
	// space; validLines a valid verdict's whole line.
	verdictLabels, resolutionLabels, validLines []string
}

// baseReadings is the base of compare --base as each standard and profile
// reads it, kept while the base stays the same (a batch has one).
type baseReadings struct {
	base   string
	filled bool
	line   string      // "  resolved against BASE:\n"
	json   string      // the base as a JSON string
	err3   error       // the pair's verdict on the base, which it keeps
	others []error     // each of comparer.others' verdicts on it, the same way
	strict *parser.URI // nil when strict rejects the base
	// asStrict holds, by profile, whether the profile reads the base with
	// strict's scheme, authority, path, query and fragment, the base has
	// no empty authority, and the profile is one the argument of
	// readsAsStrict covers: when it does, and the reference too (see
	// readsAsStrict), the profile's resolution is strict's.
	asStrict []bool
	// valid holds, by profile, whether the profile accepts the base.
	valid []bool
}

// fill reads base under RFC 3986's readings and every profile, once per
// base.
func (b *baseReadings) fill(base string, pair report.Pair, others []otherReading, profiles []*parser.Profile) {
	if b.filled && b.base == base {
		return
	}
	b.base, b.filled = base, true
	b.line = "  resolved against " + shortDisplay(base) + ":\n"
	var jb report.Buffer
	report.WriteString(&jb, base)
	report.AppendBytesMember(&jb, "base", base) // so b.json runs on with "base_bytes" when base is not UTF-8
	b.json = string(jb.B)
	b.err3 = pair.ReadBase(base)
	b.others = b.others[:0]
	for _, o := range others {
		b.others = append(b.others, o.pair.ReadBase(base))
	}
	b.strict, _ = parser.Strict.Parse(base)
	b.asStrict = make([]bool, len(profiles))
	b.valid = make([]bool, len(profiles))
	for i, p := range profiles {
		b.valid[i] = p.Valid(base)
		if b.strict == nil || !nonEmptyAuthority(b.strict) || !coveredProfile(p) {
			continue
		}
		u, err := p.Parse(base)
		b.asStrict[i] = err == nil && sameComponents(u, b.strict)
	}
}

// Why a profile's verdict on a reference, and its resolution, can be read
// off strict's (the test TestReadsAsStrict holds this over the corpus
// sample and the test data, and TestComparerResolutions the resolutions).
//
// Let s be a reference that strict (Appendix A) accepts, whose authority is
// absent or not empty. Each edit of a named profile does one of:
//
//   - rewrites rules inside authority only: digit-hostname (hostname),
//     ipv4-octets and ipv4-three-digits (IPv4address), ipv6,
//     ipv6-embedded-ipv4, ipv6-address-length and ipv6-scope (host, and
//     the addresses between "[" and "]");
//   - adds strings that contain what s cannot: non-ascii (bytes above
//     0x7F, in escaped), ipv6 and opaque-brackets ("[" and "]" in reserved
//     and uric_no_slash), empty-relative-path (a query with no path,
//     "?y"), empty-opaque-part ("scheme:" with nothing after);
//   - empty-authority: reads "//" before "/", "?", "#" or the end as no
//     authority where strict reads an empty one, or rejects it; s has
//     none. Its abs_path_nz differs from abs_path only on a path that
//     begins with "//", which strict never reads where an authority may
//     stand (after a scheme, or at the start of a relative reference): it
//     reads an authority there, empty or not.
//
// No rule of authority, in Appendix A or in an edit, derives "/", "?" or
// "#", so under every profile authority runs from "//" to the first of
// them or the end, and the rules around it are Appendix A's. Hence a
// profile p accepts s exactly when s has no authority or p accepts s's
// authority as the rule authority, and then p reads s with strict's
// scheme, authority, path, query and fragment (and as opaque or not, by
// whether "/" follows the scheme).
//
// Resolution (section 5.2, parser.URI.ResolveReference) is a function of
// those five components of the base and the reference, and of IsAbsolute
// and IsOpaque, which follow from them; its last step recomposes the
// result's components and reads the result back under the profile, and
// fails when that gives other components. So when strict and p read the
// base and s alike, both compute the same components; strict reads the
// result r back as them; r's authority, if any, is the base's or s's,
// neither empty and both accepted by p; so p accepts r (above) and reads
// it alike, and p's resolution is r too. Where the hypothesis fails (an
// empty authority, a reference or base strict rejects, a resolution strict
// refuses, an edit not listed here), compare resolves under the profile.

// coveredEdits are the edits the argument above covers.
const coveredEdits = "empty-relative-path empty-authority empty-opaque-part ipv6 ipv4-three-digits ipv6-embedded-ipv4 ipv6-address-length ipv6-scope opaque-brackets ipv4-octets digit-hostname non-ascii"

// coveredProfile reports whether every edit of p is one the argument above
// covers.
func coveredProfile(p *parser.Profile) bool {
	for _, e := range p.Edits().Edits() {
		if !strings.Contains(" "+coveredEdits+" ", " "+e.Code()+" ") {
			return false
		}
	}
	return true
}

// nonEmptyAuthority reports whether u has no authority or one that is not
// empty: the hypothesis of the argument above.
func nonEmptyAuthority(u *parser.URI) bool {
	a := u.Authority()
	return !a.Defined || a.Value != ""
}

// pathAfterNoAuthority reports whether strict read u's "//" as the start
// of its path, not of an authority: Appendix A never does ("//" then
// anything a path can hold is an authority, reg_name if not a server),
// but an edit of rfc2396.peg can make it (authority = server alone reads
// "http://1.2.3.4.5/" as a path), and then the argument above does not
// hold.
func pathAfterNoAuthority(u *parser.URI) bool {
	return !u.Authority().Defined && strings.HasPrefix(u.Path(), "//")
}

// readsAsStrict reports, for a reference u that strict read, whether p
// accepts it, when the argument above can tell (known): p accepts it when
// it has no authority or p accepts its authority, and then reads it as
// strict does. Where p refuses the authority, it does not tell: under
// Appendix A p then refuses u (reg_name takes any authority a path
// segment could be), but an edit of rfc2396.peg without reg_name lets p
// read "//" as the start of a path instead. covered is
// coveredProfile(p).
func readsAsStrict(p *parser.Profile, u *parser.URI, covered bool) (valid, known bool) {
	return readingOf(u).readsAsStrict(covered, func(a string) bool { return p.Matches(grammar.RuleAuthority, a) })
}

// strictReading is what readsAsStrict asks of a reference strict read,
// taken once for all the profiles.
type strictReading struct {
	// hypothesis: u has no empty authority, and its "//" is not read as
	// the start of a path (see pathAfterNoAuthority).
	hypothesis bool
	authority  parser.Component
}

// readingOf takes what readsAsStrict asks of u.
func readingOf(u *parser.URI) strictReading {
	return strictReading{hypothesis: nonEmptyAuthority(u) && !pathAfterNoAuthority(u), authority: u.Authority()}
}

// readsAsStrict reports what the function readsAsStrict does for the
// reference r was taken from, under a profile whose verdict on an
// authority accepts gives.
func (r strictReading) readsAsStrict(covered bool, accepts func(authority string) bool) (valid, known bool) {
	if !covered || !r.hypothesis {
		return false, false
	}
	if r.authority.Defined && !accepts(r.authority.Value) {
		return false, false
	}
	return true, true
}

// authorityVerdicts remembers, by authority, which profiles accept it as
// the rule authority, for readsAsStrict: a batch meets the same sites
// again and again (of the corpus's references that have an authority,
// four in five have one met before). It holds at
// most maxAuthorities authorities of at most maxAuthorityLen bytes, each
// copied, so that it never keeps a line alive; a longer one is asked of
// the profile each time. The zero value is ready for use.
type authorityVerdicts struct {
	profiles []*parser.Profile
	covered  []bool
	m        map[string]uint64 // bit i: profiles[i] accepts it
	// last and lastBits are the authority asked last and its entry: the
	// profiles after strict ask of the same authority one after another.
	// last is a copy: the reference a came from is lent (see refFunc).
	last     []byte
	lastBits uint64
}

const (
	maxAuthorities  = 4096
	maxAuthorityLen = 256
)

// accepts reports whether profile i accepts a as the rule authority.
func (av *authorityVerdicts) accepts(i int, a string) bool {
	if len(a) > maxAuthorityLen || len(av.profiles) > 64 || !av.covered[i] {
		return av.profiles[i].Matches(grammar.RuleAuthority, a)
	}
	if av.m != nil && string(av.last) == a {
		return av.lastBits&(1<<i) != 0
	}
	bits, ok := av.m[a]
	if !ok {
		// Every covered profile's verdict at once: the others will be
		// asked for the same reference.
		for j, p := range av.profiles {
			if av.covered[j] && p.Matches(grammar.RuleAuthority, a) {
				bits |= 1 << j
			}
		}
		if av.m == nil {
			// Made to its full size at once: growing it step by step
			// leaves each smaller table behind as garbage.
			av.m = make(map[string]uint64, maxAuthorities)
		} else if len(av.m) >= maxAuthorities {
			// Emptied, not made again: clear keeps the table, which
			// made anew each time was a tenth of what compare
			// allocated on a corpus of many sites.
			clear(av.m)
		}
		a = strings.Clone(a)
		av.m[a] = bits
	}
	av.last, av.lastBits = append(av.last[:0], a...), bits
	return bits&(1<<i) != 0
}

// sameComponents reports whether a and b have the same scheme, authority,
// path, query and fragment, and are both opaque or both not.
func sameComponents(a, b *parser.URI) bool {
	return a.Scheme() == b.Scheme() && a.Authority() == b.Authority() && a.Path() == b.Path() &&
		a.Query() == b.Query() && a.Fragment() == b.Fragment() && a.IsOpaque() == b.IsOpaque()
}

// compare reads ref under RFC 3986's readings (strict, each named
// profile, --allow) and every RFC 2396 profile, and with hasBase resolves
// it against base under each. Only an invalid reference is parsed more
// than once under RFC 2396, for the error. The first profile to accept
// the reference, strict first, reads its components; when that is strict,
// the others' verdicts are their verdicts on its authority (see
// readsAsStrict), otherwise their automata's (Valid). Resolution under
// each profile that reads the base and the reference as strict does is
// strict's (see the argument above); RFC 3986's starts from the base as
// it was parsed once.
func (cm *comparer) compare(ref, base string, hasBase bool) *comparison {
	c := &cm.c
	*c = comparison{ref: ref, base: base, hasBase: hasBase, verdicts: c.verdicts[:0], differences: c.differences[:0], resolutions: c.resolutions[:0], out: &cm.out}
	err3 := cm.pair.ReadRef(ref)
	name := cm.pair.Name()
	c.verdicts = append(c.verdicts, verdict{standard: name, err: err3, msg: errorMessage(err3)})
	for i := range cm.others {
		o := &cm.others[i]
		var err error
		if err3 != nil || !o.asStrict {
			err = o.pair.ReadRef(ref)
		}
		c.verdicts = append(c.verdicts, verdict{standard: name, profile: o.profile, err: err, msg: errorMessage(err)})
	}
	n3 := len(c.verdicts) // where RFC 2396's verdicts start
	var u2 *parser.URI
	var reading strictReading // of u2, when strict read it
	// known[i]: profile i accepts ref and reads it as strict does.
	known := cm.known[:0]
	for i, p := range cm.profiles {
		var err error
		ok := false
		switch {
		case u2 == nil:
			if err = p.ParseInto(&cm.u2, ref); err == nil {
				u2, c.compared, c.comparedAt, ok = &cm.u2, p, i, i == 0
				if i == 0 {
					reading = readingOf(u2)
				}
			}
		case c.compared == cm.profiles[0]:
			valid, tells := reading.readsAsStrict(cm.covered[i], func(a string) bool { return cm.authorities.accepts(i, a) })
			switch {
			case tells && valid:
				ok = true
			case tells || !p.Valid(ref):
				err = p.ParseInto(&cm.tmp, ref) // the error, explained
			}
		case !p.Valid(ref):
			err = p.ParseInto(&cm.tmp, ref) // the error, explained
		}
		known = append(known, ok)
		c.verdicts = append(c.verdicts, verdict{standard: report.StandardRFC2396, profile: p.Name(), err: err, msg: errorMessage(err)})
	}
	cm.known = known
	strictValid := c.verdicts[n3].err == nil
	c.agree = (err3 == nil) == strictValid
	if err3 == nil && u2 != nil {
		c.differences = componentDifferences(c.differences, u2, cm.pair.Ref())
		if c.compared != nil && c.compared.Edits() == 0 && len(c.differences) > 0 {
			c.agree = false
		}
	}
	if hasBase {
		cm.resolve(c, ref, base, strictValid, known)
	}
	return c
}

// fillOutputParts takes RFC 2396's profiles and makes the pieces of
// output that do not change from one reference to the next.
func (cm *comparer) fillOutputParts() {
	cm.profiles = parser.Profiles()
	o := &cm.out
	n := 1 + len(cm.others) + len(cm.profiles) // verdicts a reference
	o.validJSON = make([]string, n)
	o.resultJSON = make([]string, n)
	o.joints = make([]string, n)
	o.comparedJSON = make([]string, len(cm.profiles))
	cm.bases = make([]report.BaseCache, len(cm.profiles))
	o.name = cm.pair.Name()
	spec := cm.pair.Spec()
	o.agreeLine, o.differLine = ": RFC 2396 and "+spec+" agree\n", ": RFC 2396 and "+spec+" differ\n"
	labels := []string{o.name}
	for _, r := range cm.others {
		labels = append(labels, o.name+" "+r.profile)
	}
	for _, p := range cm.profiles {
		cm.covered = append(cm.covered, coveredProfile(p))
		labels = append(labels, report.StandardRFC2396+" "+p.Name())
	}
	// Results are aligned after the longest label and a space, at least
	// 27 bytes in.
	width := 22
	for _, l := range labels {
		width = max(width, len(l))
	}
	for _, l := range labels {
		pad := strings.Repeat(" ", width-len(l))
		o.verdictLabels = append(o.verdictLabels, "  "+l+pad+"   ")
		o.resolutionLabels = append(o.resolutionLabels, "    "+l+pad+" ")
		o.validLines = append(o.validLines, "  "+l+pad+"   valid\n")
	}
	o.allValidLines = strings.Join(o.validLines, "")
	cm.authorities = authorityVerdicts{profiles: cm.profiles, covered: cm.covered}
}

// resolve appends the resolutions of ref against base to c: RFC 3986's
// readings', then each profile's. strictValid is whether strict accepted
// ref (into cm.u2), known which profiles read it as strict does.
func (cm *comparer) resolve(c *comparison, ref, base string, strictValid bool, known []bool) {
	b := &cm.base
	b.fill(base, cm.pair, cm.others, cm.profiles)
	c.baseLine, c.baseJSON = b.line, b.json
	n3 := 1 + len(cm.others) // where RFC 2396's verdicts start
	v3, appended := cm.resolveBy(cm.pair, base, ref, b.err3, &c.verdicts[0])
	// Strict, from the base and the reference as parsed: what Resolve
	// does after parsing them.
	vs := verdict{standard: report.StandardRFC2396, profile: cm.profiles[0].Name()}
	if b.strict != nil && strictValid {
		vs.result, _, vs.err = b.strict.ResolveReferenceString(&cm.u2)
	} else {
		vs.result, vs.msgHead, vs.msg, vs.err = cm.resolveUnder(0, base, ref, &c.verdicts[n3])
	}
	if vs.err != nil && vs.msgHead+vs.msg == "" {
		vs.msg = vs.err.Error()
	}
	if appended {
		// Most references resolve alike under both: the string is then
		// strict's, and none is made.
		v3.result = cm.appendedResult(&vs)
	}
	c.resolutions = append(c.resolutions, v3)
	for i := range cm.others {
		o := &cm.others[i]
		if o.asStrict && c.verdicts[0].err == nil && b.err3 == nil {
			// Read as strict reads the base and the reference (see
			// keepsReadings).
			v := v3
			v.profile = o.profile
			c.resolutions = append(c.resolutions, v)
			continue
		}
		vr := c.verdicts[1+i]
		if o.asStrict && c.verdicts[0].err == nil {
			// Valid, as the strict reading, but not read (see keepsReadings).
			vr.err = o.pair.ReadRef(ref)
			vr.msg = errorMessage(vr.err)
		}
		v, appended := cm.resolveBy(o.pair, base, ref, b.others[i], &vr)
		if appended {
			v.result = cm.appendedResult(&v3)
		}
		c.resolutions = append(c.resolutions, v)
	}
	c.resolutions = append(c.resolutions, vs)
	for i, p := range cm.profiles[1:] {
		i++
		v := verdict{standard: report.StandardRFC2396, profile: p.Name()}
		if vs.err == nil && strictValid && b.asStrict[i] && known[i] {
			v.result = vs.result
		} else {
			v.result, v.msgHead, v.msg, v.err = cm.resolveUnder(i, base, ref, &c.verdicts[n3+i])
		}
		c.resolutions = append(c.resolutions, v)
	}
	if (v3.err == nil) != (vs.err == nil) || v3.result != vs.result {
		c.agree = false
	}
}

// resolveBy resolves ref against base by pair, one of RFC 3986's readings,
// which read base last with the error baseErr and ref last with the
// verdict v: from the base and the reference as parsed, without reading
// the result back, as Resolve does after parsing them. A result is
// appended to cm.r3 (see appendedResult), and appended says so.
func (cm *comparer) resolveBy(pair report.Pair, base, ref string, baseErr error, v *verdict) (r verdict, appended bool) {
	name := pair.Name()
	r = verdict{standard: name, profile: v.profile}
	switch {
	case baseErr == nil && pair.BaseHasScheme() && v.err == nil:
		cm.r3, r.err = pair.AppendResolve(cm.r3[:0])
		appended = r.err == nil
	case baseErr == nil && pair.BaseHasScheme():
		// What Resolve returns for a reference it cannot parse, having
		// parsed it as the verdict did.
		r.err = pair.InvalidReference(base, ref, v.err)
		r.msgHead, r.msg = resolveMessage(r.err, name+": ", name+": invalid reference: ", v.msg)
	default:
		r.result, r.err = pair.Resolve(base, ref) // the error, as Resolve words it
	}
	if r.err != nil && r.msgHead+r.msg == "" {
		r.msg = r.err.Error()
	}
	return r, appended
}

// appendedResult is the resolution resolveBy appended to cm.r3, as a
// string: like's result when it is the same (most references resolve
// alike under every reading), so that none is made.
func (cm *comparer) appendedResult(like *verdict) string {
	result := like.result
	if like.err != nil || string(cm.r3) != result {
		result = string(cm.r3)
	}
	if cap(cm.r3) > report.FlushAt {
		cm.r3 = nil // a long line's resolution is not kept
	}
	return result
}

// errorMessage is err's message, "" for none.
func errorMessage(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// resolveMessage is the message of err, a resolution's error that wraps
// the verdict's error on the reference, whose message was verdictMsg, in
// two pieces, head then rest: the wrapping error's words (wrapped) and
// the verdict's message after its package's prefix, without explaining
// the syntax error again or joining the pieces. Where the verdict's
// message lacks the prefix it asks err. TestComparerResolutions holds
// head+rest to err.Error().
func resolveMessage(err error, prefix, wrapped, verdictMsg string) (head, rest string) {
	if rest, ok := strings.CutPrefix(verdictMsg, prefix); ok {
		return wrapped, rest
	}
	return "", err.Error()
}

// resolveUnder resolves ref against base under profile i, whose verdict
// on ref was v, and returns the result, or the error and its message in
// two pieces (see verdict).
// Where the profile accepts the base and rejected ref with a syntax error
// that is not the gap "?y" reads through, the resolution fails with that
// error, as Profile.Resolve words it, without parsing ref again:
// resolution parses ref with ParseInto, as the verdict did, and only that
// gap is read another way (parser.URI.Resolve).
func (cm *comparer) resolveUnder(i int, base, ref string, v *verdict) (result, msgHead, msg string, err error) {
	var e *parser.Error
	if v.err != nil && cm.base.valid[i] && errors.As(v.err, &e) && e.Gap != parser.GapEmptyRelativePath {
		err := &parser.ResolveError{Op: "resolve", Reason: parser.InvalidReference, Base: base, Ref: ref, Err: v.err}
		if _, direct := v.err.(*parser.Error); direct {
			msgHead, msg = resolveMessage(err, "rfc2396: ", "rfc2396: resolve: invalid reference: ", v.msg)
			return "", msgHead, msg, err
		}
		return "", "", err.Error(), err
	}
	result, _, err = cm.bases[i].Resolve(cm.profiles[i], base, ref)
	return result, "", errorMessage(err), err
}

// componentDifferences appends to ds the components u2 (RFC 2396) and u3
// (RFC 3986) read differently, and the host's kind when one reads an IPv4
// address or an IP literal where the other does not.
func componentDifferences(ds []difference, u2 *parser.URI, u3 report.Components) []difference {
	add := func(name string, a, b parser.Component) {
		if a != b {
			ds = append(ds, difference{name, a, b})
		}
	}
	add("scheme", u2.Scheme(), u3.Scheme)
	add("authority", u2.Authority(), u3.Authority)
	add("userinfo", u2.UserInfo(), u3.UserInfo)
	add("host", u2.Host(), u3.Host)
	add("port", u2.Port(), u3.Port)
	add("path", parser.Some(u2.Path()), parser.Some(u3.Path))
	add("query", u2.Query(), u3.Query)
	add("fragment", u2.Fragment(), u3.Fragment)
	k2, k3 := u2.HostKind(), u3.HostKind
	if (k2 == parser.IPv4) != (k3 == uri.IPv4) || (k2 == parser.IPv6) != (k3 == uri.IPLiteral) {
		ds = append(ds, difference{"host_kind", parser.Component{Value: k2.Code(), Defined: k2 != parser.NoHost}, parser.Component{Value: k3.Code(), Defined: k3 != uri.NoHost}})
	}
	return ds
}

// lineBuffer collects the lines one reference gives, for people, to write
// them to out whole: appending to a slice costs a fraction of a
// bufio.Writer call a piece. What would make it longer than
// report.FlushAt is passed to out as it comes, so that a long line is not
// held again.
type lineBuffer struct {
	b   []byte
	out *bufio.Writer
}

// WriteString appends s, or writes what is held and s when together they
// are longer than report.FlushAt; errors are out's to remember. (Small
// enough to inline: a reference's lines are a dozen calls.)
func (w *lineBuffer) WriteString(s string) {
	if len(w.b)+len(s) > report.FlushAt {
		w.passOn(s)
		return
	}
	w.b = append(w.b, s...)
}

// passOn writes what is held, then s.
func (w *lineBuffer) passOn(s string) {
	w.out.Write(w.b)
	w.b = w.b[:0]
	w.out.WriteString(s)
}

// WriteByte appends c; it never fails.
func (w *lineBuffer) WriteByte(c byte) error {
	w.b = append(w.b, c)
	return nil
}

// Write appends p as WriteString does, for fmt; it never fails.
func (w *lineBuffer) Write(p []byte) (int, error) {
	if len(w.b)+len(p) > report.FlushAt {
		w.out.Write(w.b)
		w.b = w.b[:0]
		w.out.Write(p)
	} else {
		w.b = append(w.b, p...)
	}
	return len(p), nil
}

func writeCompareHuman(w *lineBuffer, c *comparison) {
	// Written piece by piece, not with fmt: a batch writes five verdict
	// lines a reference.
	refShown := c.ref
	if c.ref == "" || len(c.ref) > shownInputBytes || !printableASCII(c.ref) {
		refShown = shortDisplay(c.ref)
	}
	w.WriteString(refShown)
	if c.agree {
		w.WriteString(c.out.agreeLine)
	} else {
		w.WriteString(c.out.differLine)
	}
	if allValid(c.verdicts) && len(c.verdicts) == len(c.out.validLines) {
		w.WriteString(c.out.allValidLines)
	} else {
		for i := range c.verdicts {
			v := &c.verdicts[i]
			if v.err == nil {
				w.WriteString(c.out.validLines[i])
			} else {
				w.WriteString(c.out.verdictLabels[i])
				w.WriteString("invalid: ")
				w.WriteString(v.msg)
				w.WriteByte('\n')
			}
		}
	}
	if len(c.differences) > 0 {
		fmt.Fprintf(w, "  components (rfc2396 %s | %s):\n", c.compared.Name(), c.out.name)
		for _, d := range c.differences {
			fmt.Fprintf(w, "    %-22s %s | %s\n", d.component, componentText(d.rfc2396), componentText(d.rfc3986))
		}
	}
	if c.hasBase {
		w.WriteString(c.baseLine)
		var last, lastShown string // most profiles share a result
		for i := range c.resolutions {
			v := &c.resolutions[i]
			w.WriteString(c.out.resolutionLabels[i])
			if v.err == nil {
				switch {
				case i > 0 && v.result == last:
				case v.result == c.ref && c.ref != "" && len(c.ref) <= shownInputBytes:
					// An absolute reference resolves to itself, shown
					// whole above.
					last, lastShown = v.result, refShown
				case printableASCII(v.result):
					last, lastShown = v.result, v.result // display's answer
				default:
					last, lastShown = v.result, display(v.result)
				}
				w.WriteString(lastShown)
			} else {
				w.WriteString("not resolved: ")
				w.WriteString(v.msgHead)
				w.WriteString(v.msg)
			}
			w.WriteByte('\n')
		}
	}
}

// printableASCII reports whether every byte of s is printable ASCII, which
// display and shortDisplay show as it is: eight bytes at a time (a byte
// below 0x20 sets the top bit of its lane in x - 0x20…, one of 0x7f or
// more in x + 0x01… or x), most references being made of them.
func printableASCII(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; len(s) >= 8; s = s[8:] {
		x := syntax.Word8(s)
		if ((x-0x20*ones)&^x|(x+ones)|x)&highs != 0 {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// writeCompareJSON writes one line:
//
//	{"input","base","agree",
//	 "verdicts":[{"standard","profile","valid","error"}],
//	 "compared_profile","differences":[{"component","rfc2396","rfc3986"}],
//	 "resolutions":[{"standard","profile","result","error"}]}
//
// The verdicts and resolutions are RFC 3986's readings' (strict, with
// "profile" null, then each named profile, then --allow's, named by its
// edits), then each RFC 2396 profile's; "base" and "resolutions" are null
// without --base; "compared_profile" is the RFC 2396 profile the
// differences from strict RFC 3986 are taken under, null when no
// differences could be taken.
func writeCompareJSON(w *report.Buffer, c *comparison) {
	// Written as literal pieces, most of them the same for every
	// reference and made once (see outputParts), in the order and the
	// form report.Object gives.
	w.WriteString(`{"input":`)
	input := writeHeld(w, c.ref)
	report.AppendBytesMember(w, "input", c.ref)
	// Most references are valid under every standard and profile, with
	// no difference to show: what follows the input, up to the
	// resolutions, is then the same for every such reference that agrees
	// (or every one that does not), and is kept whole.
	plain := len(c.differences) == 0 && len(c.verdicts) == len(c.out.validJSON) && allValid(c.verdicts)
	var kept *keptJSON
	if plain {
		kept = &c.out.plainMiddle[0]
		if c.agree {
			kept = &c.out.plainMiddle[1]
		}
		if kept.text != "" && kept.hasBase == c.hasBase && kept.base == c.baseJSON {
			w.WriteString(kept.text)
			writeResolutionsJSON(w, c, input)
			return
		}
	}
	begin, spills := len(w.B), w.Spills
	if c.hasBase {
		w.WriteString(`,"base":`)
		w.WriteString(c.baseJSON)
	} else {
		w.WriteString(`,"base":null`)
	}
	if c.agree {
		w.WriteString(`,"agree":true,"verdicts":`)
	} else {
		w.WriteString(`,"agree":false,"verdicts":`)
	}
	writeVerdictsJSON(w, c)
	if c.compared != nil && c.verdicts[0].err == nil {
		member := &c.out.comparedJSON[c.comparedAt]
		if *member == "" {
			b := report.Buffer{B: []byte(`,"compared_profile":`)}
			report.WriteString(&b, c.compared.Name())
			*member = string(b.B)
		}
		w.WriteString(*member)
	} else {
		w.WriteString(`,"compared_profile":null`)
	}
	w.WriteString(`,"differences":[`)
	for i, d := range c.differences {
		if i > 0 {
			w.WriteByte(',')
		}
		do := report.BeginObject(w)
		do.Str("component", d.component)
		do.Component("rfc2396", d.rfc2396)
		do.Component(c.out.name, d.rfc3986)
		do.End(false)
	}
	w.WriteString(`],"resolutions":`)
	if plain && w.Spills == spills {
		*kept = keptJSON{text: string(w.B[begin:]), hasBase: c.hasBase, base: c.baseJSON}
	}
	writeResolutionsJSON(w, c, input)
}

// keptJSON is a stretch of a record kept to write again, and the base it
// was made for.
type keptJSON struct {
	text    string
	hasBase bool
	base    string // the base's JSON
}

// writeResolutionsJSON writes the value of "resolutions" and ends the
// record; input is where the input's JSON is. A valid resolution's object
// is written as a kept start, the result, and a kept end that runs on
// into the next object's start when that is valid too.
func writeResolutionsJSON(w *report.Buffer, c *comparison, input held) {
	if !c.hasBase {
		w.WriteString("null}\n")
		return
	}
	w.WriteByte('[')
	// The last result written, to copy for the next profile with the
	// same result; the input's JSON is copied for a result that is the
	// reference itself (an absolute URI).
	last := held{begin: -1}
	open := false // a valid resolution's object waits for its end
	for i := range c.resolutions {
		v := &c.resolutions[i]
		if v.err != nil {
			if open {
				w.WriteString(`,"error":null}`)
				open = false
			}
			if i > 0 {
				w.WriteByte(',')
			}
			writeResolutionObject(w, v)
			last.begin = -1
			continue
		}
		if open {
			w.WriteString(c.out.resolutionJoint(i, v))
		} else {
			if i > 0 {
				w.WriteByte(',')
			}
			w.WriteString(c.out.resolutionStart(i, v))
		}
		switch {
		case last.copy(w, v.result):
		case input.copy(w, v.result):
			last = input
		default:
			last = writeHeld(w, v.result)
		}
		report.AppendBytesMember(w, "result", v.result)
		open = true
	}
	if open {
		w.WriteString(`,"error":null}`)
	}
	w.WriteString("]}\n")
}

// resolutionStart is the start of the JSON object of resolution i, v, up
// to the value of "result", made the first time it is asked for.
func (o *outputParts) resolutionStart(i int, v *verdict) string {
	if o.resultJSON[i] == "" {
		var b report.Buffer
		writeResolutionStart(&b, v)
		o.resultJSON[i] = string(b.B)
	}
	return o.resultJSON[i]
}

// resolutionJoint is the end of a valid resolution's object, the comma,
// and the start of resolution i's, v.
func (o *outputParts) resolutionJoint(i int, v *verdict) string {
	if o.joints[i] == "" {
		o.joints[i] = `,"error":null},` + o.resolutionStart(i, v)
	}
	return o.joints[i]
}

// held is a string whose JSON is at B[begin:end] of the record being
// written, to copy where the same string comes again instead of escaping
// it again; begin is -1 when it is not there to copy.
type held struct {
	s          string
	begin, end int
	spills     int // the buffer's Spills then: B has been passed on since when it differs
}

// writeHeld writes s as a JSON string and returns where.
func writeHeld(w *report.Buffer, s string) held {
	h := held{s: s, begin: len(w.B), spills: w.Spills}
	report.WriteString(w, s)
	h.end = len(w.B)
	if w.Spills != h.spills {
		h.begin = -1 // passed on to the output as it was written
	}
	return h
}

// copy writes h's JSON again, when it is still in the buffer and s is h's
// string, and reports whether it did.
func (h held) copy(w *report.Buffer, s string) bool {
	if h.begin < 0 || w.Spills != h.spills || s != h.s {
		return false
	}
	w.B = append(w.B, w.B[h.begin:h.end]...)
	return true
}

// writeResolutionObject writes {"standard","profile","result","error"}.
func writeResolutionObject(w *report.Buffer, v *verdict) {
	ro := writeResolutionStart(w, v)
	if v.err != nil {
		w.WriteString("null")
	} else {
		report.WriteString(w, v.result)
		ro.AfterString("result", v.result)
	}
	report.WriteErrorMessage(&ro, v.err, "ref", v.msgHead, v.msg)
	ro.End(false)
}

// writeResolutionStart writes the start of a resolution's object, up to
// the value of "result", and returns the object.
func writeResolutionStart(w *report.Buffer, v *verdict) report.Object {
	ro := report.BeginObject(w)
	ro.Str("standard", v.standard)
	writeProfileName(&ro, v.profile)
	ro.Key("result")
	return ro
}

// writeVerdictsJSON writes the array of verdicts. When every verdict is
// valid the array is the same for every reference, and is written once a
// run and kept.
func writeVerdictsJSON(w *report.Buffer, c *comparison) {
	allValid := allValid(c.verdicts)
	if allValid && c.out.allValidJSON != "" && len(c.verdicts) == len(c.out.validJSON) {
		w.WriteString(c.out.allValidJSON)
		return
	}
	begin, spills := len(w.B), w.Spills
	w.WriteByte('[')
	for i := range c.verdicts {
		if i > 0 {
			w.WriteByte(',')
		}
		writeVerdictJSON(w, &c.verdicts[i], &c.out.validJSON[i])
	}
	w.WriteByte(']')
	if allValid && len(c.verdicts) == len(c.out.validJSON) && w.Spills == spills {
		c.out.allValidJSON = string(w.B[begin:])
	}
}

// allValid reports whether every verdict of vs is valid.
func allValid(vs []verdict) bool {
	for i := range vs {
		if vs[i].err != nil {
			return false
		}
	}
	return true
}

// writeVerdictJSON writes {"standard","profile","valid","error"}. A valid
// verdict's object is the same for every reference: it is written once per
// standard and profile and kept in *valid (most verdicts are valid ones).
func writeVerdictJSON(w *report.Buffer, v *verdict, valid *string) {
	if v.err != nil {
		writeVerdictObject(w, v)
		return
	}
	if *valid == "" {
		var b report.Buffer
		writeVerdictObject(&b, v)
		*valid = string(b.B)
	}
	w.WriteString(*valid)
}

func writeVerdictObject(w *report.Buffer, v *verdict) {
	vo := report.BeginObject(w)
	vo.Str("standard", v.standard)
	writeProfileName(&vo, v.profile)
	vo.Boolean("valid", v.err == nil)
	report.WriteErrorMessage(&vo, v.err, "input", v.msg)
	vo.End(false)
}

// writeProfileName writes "profile": name, or null for "".
func writeProfileName(o *report.Object, name string) {
	o.StrOrNull("profile", name, name == "")
}

// compareChoices lists the standards compare sets against RFC 2396: those
// of URI references that have no profiles.
func compareChoices() string {
	var names []string
	for _, s := range report.StandardsFor(report.JobResolve) {
		if !s.ParserProfiles() {
			names = append(names, s.Name)
		}
	}
	return strings.Join(names, "|")
}

// compareStandard returns the standard named name, if compare can set it
// against RFC 2396.
func compareStandard(name string) (report.Standard, error) {
	s, err := report.LookupStandard(name)
	if err != nil {
		return s, err
	}
	if s.ParserProfiles() || !s.Does(report.JobResolve) {
		return s, fmt.Errorf("compare sets RFC 2396 against one of %s, not %s", compareChoices(), name)
	}
	return s, nil
}
