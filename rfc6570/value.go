package rfc6570

import "strconv"

// Values maps variable names, as the template writes them (pct-encoded
// triplets kept, section 2.3), to their values. A name that is absent,
// or whose [Value] is the zero Value, is undefined.
type Values map[string]Value

// Kind is the type of a [Value] (sections 2.3 and 2.4.2).
type Kind uint8

// The kinds of values.
const (
	// KindUndefined is the zero Value: undefined, like a name that is
	// absent from [Values].
	KindUndefined Kind = iota
	// KindString is a string, possibly empty: the empty string is
	// defined (section 2.3).
	KindString
	// KindList is a list of strings; a list with no member is undefined.
	KindList
	// KindAssoc is an associative array of (name, value) pairs, in
	// order; one with no pair is undefined.
	KindAssoc
)

// String returns the kind's name: "undefined", "string", "list" or
// "associative array".
func (k Kind) String() string {
	switch k {
	case KindUndefined:
		return "undefined"
	case KindString:
		return "string"
	case KindList:
		return "list"
	case KindAssoc:
		return "associative array"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Pair is one (name, value) pair of an associative array.
type Pair struct {
	Name, Value string
}

// Value is the value of one variable: undefined (the zero Value), a
// string ([String]), a list ([List]) or an associative array ([Assoc]).
//
// Section 2.3 lets members of a composite value be undefined; expansion
// (section 3.2.1 and Appendix A) only ever uses the defined ones, and
// treats an array whose members are all undefined as undefined, exactly
// as it treats an empty one. So an undefined member is represented by
// leaving it out: the expansion is the same.
type Value struct {
	kind  Kind
	str   string
	list  []string
	pairs []Pair
}

// String returns the string value s.
func String(s string) Value { return Value{kind: KindString, str: s} }

// List returns the list value of members, in order. The slice is kept,
// not copied.
func List(members ...string) Value { return Value{kind: KindList, list: members} }

// Assoc returns the associative array of pairs, in order. The slice is
// kept, not copied.
func Assoc(pairs ...Pair) Value { return Value{kind: KindAssoc, pairs: pairs} }

// Kind returns the type of v.
func (v Value) Kind() Kind { return v.kind }

// Defined reports whether v is defined by section 2.3: a string is
// (even empty), a list or an associative array is when it has a member.
func (v Value) Defined() bool {
	switch v.kind {
	case KindString:
		return true
	case KindList:
		return len(v.list) > 0
	case KindAssoc:
		return len(v.pairs) > 0
	}
	return false
}

// Str returns the string of a [KindString] value, and "" for another.
func (v Value) Str() string { return v.str }

// Members returns the members of a [KindList] value, and nil for
// another. The slice is v's: do not modify it.
func (v Value) Members() []string { return v.list }

// Pairs returns the pairs of a [KindAssoc] value, and nil for another.
// The slice is v's: do not modify it.
func (v Value) Pairs() []Pair { return v.pairs }
