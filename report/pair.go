package report

import (
	"fmt"

	"github.com/rfc2396/rfc2396/uri"
)

// A Pair reads references and a base by one grammar of the RFC 3986
// family and keeps the last of each, reusing their memory: the side
// compare sets against RFC 2396, reference by reference. It is not safe
// for concurrent use; each worker takes its own ([Standard.NewPair]).
type Pair interface {
	// Name is the grammar's name ("rfc3986"), as verdicts are labelled;
	// Spec its document ("RFC 3986").
	Name() string
	Spec() string
	// ReadRef reads ref; [Pair.Ref] holds its components until the next
	// call.
	ReadRef(ref string) error
	// Ref returns the components of the reference ReadRef read last,
	// without error.
	Ref() Components
	// ReadBase reads base, kept for AppendResolve until the next call;
	// HasScheme reports whether the base read last, without error, has
	// a scheme.
	ReadBase(base string) error
	BaseHasScheme() bool
	// AppendResolve appends to dst the resolution of the reference read
	// last against the base read last, both without error (RFC 3986's
	// section 5.2, as the grammar's [uri.URI.AppendResolveReference]).
	AppendResolve(dst []byte) ([]byte, error)
	// Resolve resolves ref against base from their strings, for the
	// error the grammar words ([uri.Grammar.Resolve]).
	Resolve(base, ref string) (string, error)
	// InvalidReference is the error the grammar's Resolve gives for a
	// reference it rejected with err, without reading it again.
	InvalidReference(base, ref string, err error) error
}

// Components are a reference's components as a grammar of the RFC 3986
// family reads them; Path is always defined.
type Components struct {
	Scheme, Authority, UserInfo, Host, Port, Query, Fragment uri.Component
	Path                                                     string
	HostKind                                                 uri.HostKind
}

// NewPair returns a [Pair] by the standard's grammar as published, or an
// error for a standard whose strings are not URI references of the RFC
// 3986 family (RFC 2396, which compare reads by its profiles, request
// targets, URNs, templates).
func (s Standard) NewPair() (Pair, error) {
	return s.NewPairProfile(uri.StrictProfile, nil)
}

// NewPairProfile returns a [Pair] by the standard's grammar under the
// named profile ([Standard.ProfileList]) with the named edits besides, as
// [Standard.NewReaderProfile] reads; an error for a profile or an edit
// the standard does not offer, or as [Standard.NewPair].
func (s Standard) NewPairProfile(profile string, allow []string) (Pair, error) {
	if s.newPair == nil || !s.references {
		return nil, fmt.Errorf("%s is not a standard of URI references of the RFC 3986 family", s.Name)
	}
	return s.newPair(profile, allow)
}

// grammarPair is the [Pair] of a grammar value.
type grammarPair[R uri.Rule] struct {
	g         *uri.Grammar[R]
	ref, base uri.URI[R]
}

func (p *grammarPair[R]) Name() string               { return p.g.Name() }
func (p *grammarPair[R]) Spec() string               { return p.g.Spec() }
func (p *grammarPair[R]) ReadRef(ref string) error   { return p.g.ParseInto(&p.ref, ref) }
func (p *grammarPair[R]) ReadBase(base string) error { return p.g.ParseInto(&p.base, base) }
func (p *grammarPair[R]) BaseHasScheme() bool        { return p.base.Scheme().Defined }

func (p *grammarPair[R]) Ref() Components { return ComponentsOf(&p.ref) }

// ComponentsOf returns u's components; the zero Components for a nil u.
func ComponentsOf[R uri.Rule](u *uri.URI[R]) Components {
	if u == nil {
		return Components{}
	}
	return Components{
		Scheme: u.Scheme(), Authority: u.Authority(), UserInfo: u.UserInfo(), Host: u.Host(), Port: u.Port(),
		Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(), HostKind: u.HostKind(),
	}
}

func (p *grammarPair[R]) AppendResolve(dst []byte) ([]byte, error) {
	out, _, err := p.base.AppendResolveReference(dst, &p.ref)
	return out, err
}

func (p *grammarPair[R]) Resolve(base, ref string) (string, error) {
	out, _, err := p.g.Resolve(base, ref)
	return out, err
}

func (p *grammarPair[R]) InvalidReference(base, ref string, err error) error {
	return &uri.ResolveError{Op: "resolve", Reason: uri.InvalidReference, Base: base, Ref: ref, Err: err}
}
