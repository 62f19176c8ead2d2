package parser_test

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/parser"
)

// Parser is a parser under comparison: the components of ref in Java's
// terms ([FromURI]), or an error when ref is invalid (a *parser.Error is
// classified by its rule, gap and offending character).
type Parser func(ref string) (Components, error)

// Strict is [parser.Parse] (strict Appendix A) seen in Java's terms.
func Strict(ref string) (Components, error) {
	u, err := parser.Parse(ref)
	if err != nil {
		return Components{}, err
	}
	return FromURI(u), nil
}

// Java is [parser.Java], the profile of what java.net.URI documents, seen
// in Java's terms.
func Java(ref string) (Components, error) {
	u, err := parser.Java.Parse(ref)
	if err != nil {
		return Components{}, err
	}
	return FromURI(u), nil
}

// FromURI gives u's components as java.net.URI's getters would name them,
// where the two only represent the same thing differently: an opaque URI
// has no path (Java keeps the opaque part only as the scheme-specific
// part), an empty or absent port is [NoPort], a port is a number. Where the
// two read a reference differently (an empty authority is defined here and
// null in Java) the difference is kept, for [Compare] to report.
func FromURI(u *parser.URI) Components {
	c := Components{
		Scheme:             Component(u.Scheme()),
		SchemeSpecificPart: Some(u.SchemeSpecificPart()),
		Authority:          Component(u.Authority()),
		UserInfo:           Component(u.UserInfo()),
		Host:               Component(u.Host()),
		Port:               NoPort,
		Path:               Some(u.Path()),
		Query:              Component(u.Query()),
		Fragment:           Component(u.Fragment()),
		Opaque:             u.IsOpaque(),
		ServerBased:        u.AuthorityKind() == parser.ServerAuthority,
	}
	if c.Opaque {
		c.Path = Component{}
	}
	if p := u.Port(); p.Value != "" {
		n, err := strconv.ParseInt(p.Value, 10, 64)
		switch {
		case err != nil || n > math.MaxInt32:
			c.Port = PortOverflow
		default:
			c.Port = int(n)
		}
	}
	return c
}

// Outcome is how a reference fared under both parsers.
type Outcome int

const (
	// BothValid: both accept it with the same components.
	BothValid Outcome = iota
	// BothInvalid: both reject it.
	BothInvalid
	// ComponentsDiffer: both accept it, with different components.
	ComponentsDiffer
	// OnlyJava: java.net.URI accepts it, the Go parser rejects it.
	OnlyJava
	// OnlyGo: the Go parser accepts it, java.net.URI rejects it.
	OnlyGo
	// NotCompared: the reference could not be sent to Java (it holds a line
	// feed).
	NotCompared
	numOutcomes
)

// Code returns a short stable name for o.
func (o Outcome) Code() string {
	return [...]string{"both-valid", "both-invalid", "components-differ", "only-java", "only-go", "not-compared"}[o]
}

// String describes o for people.
func (o Outcome) String() string {
	return [...]string{
		"both valid, same components",
		"both invalid",
		"both valid, components differ",
		"valid in java.net.URI only",
		"valid in the Go parser only",
		"not compared (holds a line feed)",
	}[o]
}

// Class is one kind of difference: references with the same outcome and
// the same key.
type Class struct {
	Outcome Outcome
	// Key says what the references have in common: for OnlyJava the Go
	// parser's error (rule, gap, offending character), for OnlyGo Java's
	// reason, for ComponentsDiffer the components that differ.
	Key      string
	Count    int
	Examples []Example
}

// Example is one reference of a class, with what each parser said.
type Example struct {
	Input string
	Java  string
	Go    string
}

// MaxExamples bounds the examples a class keeps.
const MaxExamples = 4

// Report is the outcome of comparing java.net.URI with a Go parser.
type Report struct {
	Total int
	// Counts counts references by outcome.
	Counts [numOutcomes]int
	// NotUTF8 counts the references that are not valid UTF-8, which Java
	// judged with U+FFFD in place of the malformed bytes; they are also
	// counted in Counts, and their classes' keys start with "not UTF-8: ".
	NotUTF8 int
	// SameOffset counts the BothInvalid references where Java's index, as a
	// byte offset, is the Go error's offset.
	SameOffset int
	// Deviations counts the differences by the deviation [Attribute] gives
	// them, with up to [MaxExamples] examples each.
	Deviations map[Deviation]*Class
	classes    map[string]*Class
}

// Compare runs parse over every result's input and compares its verdict
// and components with Java's.
func Compare(results []Result, parse Parser) *Report {
	rep := newReport()
	for i := range results {
		rep.add(&results[i], parse)
	}
	return rep
}

// Merge adds other's counts and classes to r.
func (r *Report) Merge(other *Report) {
	r.Total += other.Total
	for o := range r.Counts {
		r.Counts[o] += other.Counts[o]
	}
	r.NotUTF8 += other.NotUTF8
	r.SameOffset += other.SameOffset
	for _, c := range other.classes {
		mine := r.class(c.Outcome, c.Key)
		mine.Count += c.Count
		for _, e := range c.Examples {
			if len(mine.Examples) < MaxExamples {
				mine.Examples = append(mine.Examples, e)
			}
		}
	}
	for d, c := range other.Deviations {
		mine := r.Deviations[d]
		if mine == nil {
			mine = &Class{Key: d.String()}
			r.Deviations[d] = mine
		}
		mine.Count += c.Count
		for _, e := range c.Examples {
			if len(mine.Examples) < MaxExamples {
				mine.Examples = append(mine.Examples, e)
			}
		}
	}
}

func newReport() *Report {
	return &Report{classes: map[string]*Class{}, Deviations: map[Deviation]*Class{}}
}

// NewReport returns an empty report, to [Report.Merge] others into.
func NewReport() *Report { return newReport() }

func (r *Report) class(o Outcome, key string) *Class {
	k := o.Code() + "\x00" + key
	c := r.classes[k]
	if c == nil {
		c = &Class{Outcome: o, Key: key}
		r.classes[k] = c
	}
	return c
}

func (r *Report) add(res *Result, parse Parser) {
	r.Total++
	if res.Unsent {
		r.Counts[NotCompared]++
		r.note(NotCompared, "line feed", res, "", "")
		return
	}
	prefix := ""
	if res.Replaced {
		r.NotUTF8++
		prefix = "not UTF-8: "
	}
	c, err := parse(res.Input)
	if d := Attribute(res, c, err); d != NoDeviation {
		dc := r.Deviations[d]
		if dc == nil {
			dc = &Class{Key: d.String()}
			r.Deviations[d] = dc
		}
		dc.Count++
		if len(dc.Examples) < MaxExamples {
			dc.Examples = append(dc.Examples, Example{Input: res.Input})
		}
	}
	switch {
	case res.Valid && err == nil:
		diff := diffComponents(res.Components, c)
		if diff == "" {
			r.Counts[BothValid]++
			return
		}
		r.Counts[ComponentsDiffer]++
		r.note(ComponentsDiffer, prefix+diff, res, showComponents(res.Components), showComponents(c))
	case !res.Valid && err != nil:
		r.Counts[BothInvalid]++
		var perr *parser.Error
		if errors.As(err, &perr) && perr.Offset == res.Offset {
			r.SameOffset++
		}
	case res.Valid:
		r.Counts[OnlyJava]++
		r.note(OnlyJava, prefix+errorKey(err), res, showComponents(res.Components), err.Error())
	default:
		r.Counts[OnlyGo]++
		key := res.Reason
		if res.Unchecked {
			key, _, _ = strings.Cut("unchecked "+res.Reason, ":")
		}
		r.note(OnlyGo, prefix+key, res, fmt.Sprintf("index %d (byte %d): %s", res.Index, res.Offset, res.Reason), showComponents(c))
	}
}

func (r *Report) note(o Outcome, key string, res *Result, java, goSide string) {
	c := r.class(o, key)
	c.Count++
	if len(c.Examples) < MaxExamples {
		c.Examples = append(c.Examples, Example{Input: res.Input, Java: java, Go: goSide})
	}
}

// errorKey classifies a Go parser error: its rule, its gap, and the kind of
// character at its offset.
func errorKey(err error) string {
	var perr *parser.Error
	if !errors.As(err, &perr) {
		return err.Error()
	}
	key := perr.Rule.String() + " at " + charKind(perr.Input, perr.Offset)
	if perr.Gap != parser.NoGap {
		key += " (gap " + perr.Gap.Code() + ")"
	}
	return key
}

// charKind names the character at offset off of s for class keys: the
// character itself for ASCII, "non-ASCII" for the rest, "end" at the end.
func charKind(s string, off int) string {
	switch {
	case off >= len(s):
		return "end"
	case s[off] >= 0x80:
		if r, size := utf8.DecodeRuneInString(s[off:]); r == utf8.RuneError && size == 1 {
			return "invalid UTF-8"
		}
		return "non-ASCII"
	case s[off] < 0x20 || s[off] == 0x7f:
		return fmt.Sprintf("control %#02x", s[off])
	}
	return strconv.QuoteRune(rune(s[off]))
}

// diffComponents names the components where java and goSide differ,
// comma-separated, or "" when they agree.
func diffComponents(java, goSide Components) string {
	var d []string
	check := func(name string, same bool) {
		if !same {
			d = append(d, name)
		}
	}
	check("scheme", java.Scheme == goSide.Scheme)
	check("scheme-specific-part", java.SchemeSpecificPart == goSide.SchemeSpecificPart)
	check("authority", java.Authority == goSide.Authority)
	check("userinfo", java.UserInfo == goSide.UserInfo)
	check("host", java.Host == goSide.Host)
	check("port", java.Port == goSide.Port)
	check("path", java.Path == goSide.Path)
	check("query", java.Query == goSide.Query)
	check("fragment", java.Fragment == goSide.Fragment)
	check("opaque", java.Opaque == goSide.Opaque)
	check("server-based", java.ServerBased == goSide.ServerBased)
	return strings.Join(d, ",")
}

func showComponents(c Components) string {
	return fmt.Sprintf("scheme=%v ssp=%v authority=%v userinfo=%v host=%v port=%d path=%v query=%v fragment=%v opaque=%v server=%v",
		c.Scheme, c.SchemeSpecificPart, c.Authority, c.UserInfo, c.Host, c.Port, c.Path, c.Query, c.Fragment, c.Opaque, c.ServerBased)
}

// Classes returns the classes of difference, largest first.
func (r *Report) Classes() []*Class {
	out := make([]*Class, 0, len(r.classes))
	for _, c := range r.classes {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		if out[i].Outcome != out[j].Outcome {
			return out[i].Outcome < out[j].Outcome
		}
		return out[i].Key < out[j].Key
	})
	return out
}

// VerdictAgreement is the fraction of compared references on whose
// validity the two parsers agree.
func (r *Report) VerdictAgreement() float64 {
	n := r.Total - r.Counts[NotCompared]
	if n == 0 {
		return 1
	}
	return float64(r.Counts[BothValid]+r.Counts[BothInvalid]+r.Counts[ComponentsDiffer]) / float64(n)
}

// WriteTo writes the report for people: the counts, then every class with
// its examples.
func (r *Report) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	n := r.Total - r.Counts[NotCompared]
	fmt.Fprintf(&b, "%d references (%d not UTF-8, %d not compared): verdicts agree on %d (%.3f%%), components too on %d\n",
		r.Total, r.NotUTF8, r.Counts[NotCompared], n-r.Counts[OnlyJava]-r.Counts[OnlyGo], 100*r.VerdictAgreement(), r.Counts[BothValid])
	for o := Outcome(0); o < numOutcomes; o++ {
		fmt.Fprintf(&b, "  %-32s %d\n", o.String(), r.Counts[o])
	}
	fmt.Fprintf(&b, "  both invalid at the same offset  %d\n", r.SameOffset)
	b.WriteString("by deviation:\n")
	for d := NoDeviation + 1; d < numDeviations; d++ {
		c := r.Deviations[d]
		if c == nil {
			continue
		}
		fmt.Fprintf(&b, "  %-70s %6d  e.g.", c.Key, c.Count)
		for _, e := range c.Examples {
			fmt.Fprintf(&b, " %q", e.Input)
		}
		b.WriteString("\n")
	}
	for _, c := range r.Classes() {
		fmt.Fprintf(&b, "[%s] %s: %d\n", c.Outcome.Code(), c.Key, c.Count)
		for _, e := range c.Examples {
			fmt.Fprintf(&b, "    %q\n      java: %s\n      go:   %s\n", e.Input, e.Java, e.Go)
		}
	}
	m, err := io.WriteString(w, b.String())
	return int64(m), err
}
