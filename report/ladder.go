package report

import "github.com/rfc2396/rfc2396/rfc3987"

// A Ladder is how a standard of URI references compares two of them: the
// rungs of its comparison ladder (RFC 3986 section 6.2, RFC 3987 section
// 5.3), each after the last, and where the standard says what each does.
// The equivalent command climbs it to say which rung decides.
type Ladder struct {
	// Section is the section of the whole ladder ("6.2").
	Section string
	// Rungs are the sections of the rungs, in the order simple string
	// comparison, case normalization, character normalization,
	// percent-encoding normalization, path segment normalization,
	// scheme-based normalization; "" for a rung the standard does not
	// have.
	Rungs [6]string
	// Characters normalizes the characters of a component (RFC 3987's
	// NFC, section 5.3.2.2), and Percent decodes its percent-encodings
	// of what the standard holds as it is (section 5.3.2.3); both nil
	// for a standard without the character rung.
	Characters, Percent func(string) string
}

// The ladders of the standards: RFC 2396 has none of its own (section 6
// names case, escapes and the default port; dot segments go as steps 6c
// to 6f of section 5.2 remove them); the RFC 3986 family climbs section
// 6.2's; RFC 3987 adds character normalization (5.3.2.2) between case and
// percent-encoding.
var (
	ladderRFC2396 = Ladder{Section: "6", Rungs: [6]string{"6", "6", "", "6", "5.2", "6"}}
	ladderRFC3986 = Ladder{Section: "6.2", Rungs: [6]string{"6.2.1", "6.2.2.1", "", "6.2.2.2", "6.2.2.3", "6.2.3"}}
	ladderRFC3987 = Ladder{Section: "5.3", Rungs: [6]string{"5.3.1", "5.3.2.1", "5.3.2.2", "5.3.2.3", "5.3.2.4", "5.3.3"},
		Characters: rfc3987.NormalizeNFC, Percent: rfc3987.NormalizePercentEncoding}
)

// Ladder returns the standard's comparison ladder.
func (s Standard) Ladder() Ladder {
	switch {
	case s.ladder != nil:
		return *s.ladder
	case s.ParserProfiles():
		return ladderRFC2396
	}
	return ladderRFC3986
}

// LadderOf returns the comparison ladder of the standard rd reads by.
func LadderOf(rd Reader) Ladder {
	if s := standardNamed(rd.Standard()); s != nil {
		return s.Ladder()
	}
	return ladderRFC3986
}
