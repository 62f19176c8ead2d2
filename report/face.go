package report

import (
	"errors"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/uri"
)

// Face is what a standard's own package says of a string beyond what its
// grammar value does: RFC 9112's form of a request-target and its target
// URI, RFC 8141's components of a URN, its prose's reasons for refusing
// one, its equivalence. A standard with a face reads its start rule
// through it (parse, normalize, equivalent); every other rule, and every
// standard without one, is read by its grammar alone.
type Face interface {
	// Read reads in as the package does, in the context c: the error,
	// which may say more than the grammar's (the RFC's prose), or the
	// fields parse adds to the record of a valid in.
	Read(in string, c Context) ([]Field, error)
	// Context names the members of Context that Read uses ("host",
	// "scheme"); nil if none.
	Context() []string
	// Normalize is the standard's normal form of in; ok is false when it
	// is the grammar's (RFC 3986 section 6).
	Normalize(in string) (normal string, ok bool, err error)
	// Equivalent compares a and b, both valid, by the standard's own
	// equivalence; ok is false when it is the grammar's (RFC 3986
	// section 6), which the equivalent command's ladder shows.
	Equivalent(a, b string) (e Equivalence, ok bool, err error)
	// Compares reports whether Normalize and Equivalent are the
	// standard's own (RFC 8141 section 3): normalize and equivalent then
	// take it although its strings are not URI references.
	Compares() bool
}

// Context is what a standard reads a string in: for RFC 9112, the Host
// header field and the connection's scheme a request-target is rebuilt
// into a target URI with (section 3.3). A standard ignores the members
// its Face does not name.
type Context struct {
	Host, Scheme string
}

// Field is a member a standard adds to parse's record of a valid string,
// and a row to its text: its name (a JSON key, "target_uri"; the text row
// writes "_" as "-") and its value, null when undefined.
type Field struct {
	Name  string
	Value parser.Component
	// Optional fields get a text row only when defined ("target_uri_error").
	Optional bool
}

// Equivalence is a standard's own answer to whether two strings are
// equivalent (RFC 8141 section 3.1): the rung that decides (Step, a code
// as the equivalent command's JSON writes it, and StepName for people),
// the section that says so, the components it was needed for (or that
// still differ, when not equivalent), and the two normal forms it
// compares.
type Equivalence struct {
	Equivalent       bool
	Step, StepName   string
	Section          string
	Components       []string
	NormalA, NormalB string
}

// FaceOf returns the face of the standard rd reads by, or nil.
func FaceOf(rd Reader) Face {
	if f, ok := rd.(interface{ face() Face }); ok {
		return f.face()
	}
	return nil
}

// SetContext sets the context rd reads its standard's strings in, or
// returns an error naming what the standard does not take.
func SetContext(rd Reader, c Context) error {
	fr, ok := rd.(interface{ setContext(Context) })
	var takes []string
	if f := FaceOf(rd); f != nil {
		takes = f.Context()
	}
	has := func(name string) bool {
		for _, t := range takes {
			if t == name {
				return true
			}
		}
		return false
	}
	for _, m := range []struct{ name, value string }{{"host", c.Host}, {"scheme", c.Scheme}} {
		if m.value != "" && !has(m.name) {
			return errors.New("--" + m.name + " applies to no string of " + SpecOf(rd))
		}
	}
	if ok {
		fr.setContext(c)
	}
	return nil
}

// faceReader reads by a grammar of the RFC 3986 family whose standard has
// a Face: the start rule through the face, every other rule as a
// GrammarReader does.
type faceReader[R uri.Rule] struct {
	*GrammarReader[R]
	f   Face
	ctx Context
}

func (r *faceReader[R]) face() Face           { return r.f }
func (r *faceReader[R]) setContext(c Context) { r.ctx = c }

// Read is the grammar's reading, with the face's error or fields for the
// start rule.
func (r *faceReader[R]) Read(ru Rule, in string, explain bool) Reading {
	res := r.GrammarReader.Read(ru, in, explain)
	if rl, ok := grammarRule[R](ru); !ok || rl != r.g.Start() || len(r.g.Allowed()) > 0 {
		return res
	}
	fields, err := r.f.Read(in, r.ctx)
	if err != nil {
		res.Err, res.View, res.EditsNeeded = err, nil, nil
		return res
	}
	res.Fields = fields
	return res
}

// Normalize is the face's normal form where the standard has its own.
func (r *faceReader[R]) Normalize(in string) (string, error) {
	n, ok, err := r.f.Normalize(in)
	if !ok {
		return r.GrammarReader.Normalize(in)
	}
	return n, err
}
