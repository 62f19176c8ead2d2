// This file gives the enums of the public packages their two names
// from one table each: Code, short and stable, for machines (JSON output,
// test tables), and String, a phrase, for people. It also holds the names
// that both RFCs' packages give alike, so that "invalid-base" means the
// same in parser and in rfc3986.

package syntax

// EnumName is a value's two names.
type EnumName struct {
	Code string // short and stable, e.g. "invalid-base"
	Text string // for people, e.g. "the base is not a URI-reference"
}

// EnumTable names the values of an enum E; a value it does not hold gets
// Unknown.
type EnumTable[E comparable] struct {
	Of      map[E]EnumName
	Unknown EnumName
}

// Code returns e's code, or Unknown's.
func (t EnumTable[E]) Code(e E) string {
	if n, ok := t.Of[e]; ok {
		return n.Code
	}
	return t.Unknown.Code
}

// Text returns e's text, or Unknown's.
func (t EnumTable[E]) Text(e E) string {
	if n, ok := t.Of[e]; ok {
		return n.Text
	}
	return t.Unknown.Text
}

// Reasons returns the table of a package's ResolveReason: the
// names that both packages give the four reasons they share, for the
// package's values of them, and the names of its own reasons in own.
func Reasons[E comparable](invalidBase, relativeBase, invalidReference, relativeTarget E, own map[E]EnumName) EnumTable[E] {
	of := map[E]EnumName{
		invalidBase:      {"invalid-base", "the base is not a URI-reference"},
		relativeBase:     {"relative-base", "the base is not an absolute URI"},
		invalidReference: {"invalid-reference", "the reference is not a URI-reference"},
		relativeTarget:   {"relative-target", "the target is not an absolute URI"},
	}
	for e, n := range own {
		of[e] = n
	}
	return EnumTable[E]{Of: of, Unknown: EnumName{"unknown", "unknown reason"}}
}
