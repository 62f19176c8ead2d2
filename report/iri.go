package report

import (
	"errors"

	"github.com/rfc2396/rfc2396/rfc3987"
)

// IRI is what parse adds to the reading of a valid IRI under RFC 3987:
// the URI it maps to (section 3.1) and the components that break a
// restriction of section 4.2 on bidirectional IRIs.
type IRI struct {
	// URI is the URI the input maps to by rfc3987.ToURI, after the
	// ireg-name host was converted to ASCII when asked (rfc3987.HostToASCII);
	// "" when that conversion failed (HostErr).
	URI string
	// HostErr is the error of the host's conversion, an
	// *rfc3987.HostError from rfc3987.HostToASCII.
	HostErr error
	// Warnings are those of rfc3987.BidiWarnings (a SHOULD of section
	// 4.2: the IRI stays valid).
	Warnings []rfc3987.BidiWarning
}

// iriKeeper is a reader that keeps the IRI of its last reading for
// [ReadIRI] ([GrammarReader]), and knows whether its strings map to URIs.
type iriKeeper interface {
	keptIRI() (x *IRI, mapsToURI bool)
}

// MapsToURI reports whether rd reads IRIs, which map to URIs (RFC 3987
// section 3.1).
func MapsToURI(rd Reader) bool {
	s := standardNamed(rd.Standard())
	return s != nil && s.mapsToURI
}

// ReadIRI fills r.IRI for in, a valid reading under RFC 3987 (nothing
// otherwise): the URI in maps to by section 3.1 and, when r is a whole
// reference's reading, the warnings of section 4.2. With a hostToASCII
// (rfc3987.HostToASCII, the CLI's --idna), an ireg-name host is converted
// by it first, the option section 3.1 gives for schemes known to use
// domain names; nil leaves the host as it is. The converter is the
// caller's so that a program that never converts (the playground's
// WebAssembly module) does not link golang.org/x/net/idna. A reader of
// the RFC 3986 family keeps the IRI, as it keeps the view: r.IRI is
// valid until rd's next ReadIRI, and a batch allocates none for an
// US-ASCII reference.
func ReadIRI(rd Reader, r *Reading, in string, hostToASCII func(host string) (string, error)) {
	r.IRI = nil
	if r.Err != nil {
		return
	}
	k, ok := rd.(iriKeeper) // only a GrammarReader reads IRIs
	if !ok {
		return
	}
	x, maps := k.keptIRI()
	if !maps {
		return
	}
	*x = IRI{}
	// ToURI returns a US-ASCII in as it is and writes every other byte
	// as three: the URI is as long as in exactly when in is US-ASCII,
	// which has no right-to-left character and so no bidi warning.
	x.URI = rfc3987.ToURI(in)
	r.IRI = x
	v := r.View
	if v == nil {
		return // a rule that is not a whole reference: its string maps as it is
	}
	if len(x.URI) != len(in) {
		x.Warnings = rfc3987.BidiWarnings(in)
	}
	if hostToASCII == nil || v.HostKind.Code != rfc3987.RegName.Code() || v.Host.Value == "" {
		return
	}
	host, err := hostToASCII(v.Host.Value)
	if err != nil {
		x.URI, x.HostErr = "", err
		return
	}
	authority := host
	if v.UserInfo.Defined {
		authority = v.UserInfo.Value + "@" + authority
	}
	if v.Port.Defined {
		authority += ":" + v.Port.Value
	}
	x.URI = rfc3987.ToURI(rfc3987.Recompose(rfc3987.Component(v.Scheme), rfc3987.Some(authority), v.Path,
		rfc3987.Component(v.Query), rfc3987.Component(v.Fragment)))
}

// bidiCode is the JSON code of a warning of section 4.2.
func bidiCode(r rfc3987.BidiRule) string {
	switch r {
	case rfc3987.BidiMixed:
		return "bidi-mixed"
	case rfc3987.BidiStart:
		return "bidi-start"
	case rfc3987.BidiEnd:
		return "bidi-end"
	}
	return "bidi"
}

// writeIRI writes the members an RFC 3987 record adds, after the
// components: "uri", "uri_error" and "warnings" (see [WriteParse]). in is
// the record's input, written at input: a US-ASCII IRI's URI is the input
// itself, whose JSON is copied rather than escaped again.
func writeIRI(o *Object, x *IRI, in string, input held) {
	if x == nil {
		o.Null("uri")
		o.Null("uri_error")
		o.Null("warnings")
		return
	}
	if x.HostErr == nil && x.URI == in {
		o.Key("uri")
		if !input.copy(o.W) {
			writeString(o.W, x.URI) // valid UTF-8: the IRI is
		}
	} else {
		o.StrOrNull("uri", x.URI, x.HostErr != nil)
	}
	if x.HostErr == nil && len(x.Warnings) == 0 {
		o.W.B = append(o.W.B, `,"uri_error":null,"warnings":[]`...)
		o.n += 2
		return
	}
	if x.HostErr == nil {
		o.Null("uri_error")
	} else {
		o.Key("uri_error")
		e := BeginObject(o.W)
		e.Str("code", "idna")
		e.Str("message", x.HostErr.Error())
		e.Str("section", "3.1")
		var he *rfc3987.HostError
		if errors.As(x.HostErr, &he) {
			e.Str("host", he.Host)
			e.Str("label", he.Label)
			e.Integer("offset", he.Offset)
		} else {
			e.Null("host")
			e.Null("label")
			e.Null("offset")
		}
		e.End(false)
	}
	o.Key("warnings")
	o.W.WriteByte('[')
	for i, w := range x.Warnings {
		if i > 0 {
			o.W.WriteByte(',')
		}
		wo := BeginObject(o.W)
		wo.Str("code", bidiCode(w.Rule))
		wo.Str("section", "4.2")
		wo.Str("message", w.String())
		wo.Str("component", w.Component)
		wo.Str("text", w.Text)
		wo.Integer("offset", w.Offset)
		wo.End(false)
	}
	o.W.WriteByte(']')
}
