package report

// WriteParse writes the record of parse --json for in, read as rule
// by rd with the result r (explain as given to [Reader.Read]): one line,
// the same members under both standards:
//
//	{"input","valid","standard","rule","profile","edits_needed","error",
//	 "scheme","scheme_specific_part","authority","userinfo","host","port",
//	 "path","query","fragment","opaque","authority_kind","host_kind"}
//
// with "valid_under" after "error" when --explain is given. Components are
// null when undefined, and all of them are null for an invalid input or for
// a rule that is not a whole reference; under RFC 3986 "profile",
// "scheme_specific_part", "opaque" and "authority_kind", which it has no
// counterpart for, are null and "edits_needed" is empty. A valid relative
// reference whose first segment reads as a host name also gets
// "appendix_f_note" (see extract.LooksAbbreviated). Under RFC 3987 the
// record ends with three more members (see [ReadIRI]): "uri", the URI a
// valid input maps to (section 3.1), null when --idna's conversion of the
// host failed; "uri_error", null or that failure as {"code":"idna",
// "message","section","host","label","offset"}; and "warnings", the
// components that break section 4.2's restrictions on bidirectional IRIs,
// each {"code","section","message","component","text","offset"} with code
// "bidi-mixed", "bidi-start" or "bidi-end". All three are null for an
// invalid input. A standard with a [Face] adds, for a valid string of its
// start rule, its own members last: RFC 9112's "form" (and, with a
// context, "target_uri" and "target_uri_error"), RFC 8141's "nid",
// "nss", "r_component", "q_component" and "f_component".
func WriteParse(w *Buffer, rd Reader, rule Rule, in string, explain bool, r *Reading) {
	NewParseWriter(rd, rule, explain).Write(w, in, r)
}

// ParseWriter writes the records of parse --json (see [WriteParse]) of
// many inputs read the same way: the members that do not change from one
// input to the next are written out once, when it is made.
type ParseWriter struct {
	explain bool
	iri     bool   // RFC 3987: "uri", "uri_error" and "warnings" follow
	fixed   string // ,"standard":…,"rule":…,"profile":…
}

// NewParseWriter returns a ParseWriter for inputs read as rule by rd,
// explain as given to [Reader.Read].
func NewParseWriter(rd Reader, rule Rule, explain bool) *ParseWriter {
	var b Buffer
	o := Object{W: &b, n: 1} // after "input" and "valid"
	o.Str("standard", rd.Standard())
	o.Str("rule", rule.String())
	o.StrOrNull("profile", rd.Profile(), rd.Profile() == "")
	return &ParseWriter{explain: explain, iri: MapsToURI(rd), fixed: string(b.B)}
}

// Write writes the record of in, whose reading is r.
func (pw *ParseWriter) Write(w *Buffer, in string, r *Reading) {
	explain := pw.explain
	o := BeginObject(w)
	o.Key("input")
	input := held{begin: len(w.B), spills: w.Spills}
	if !writeString(w, in) {
		o.bytesMember("input", in)
	}
	input.end = len(w.B)
	o.Boolean("valid", r.Err == nil)
	w.B = append(w.B, pw.fixed...)
	o.n += 3
	o.Key("edits_needed")
	if r.EditsNeeded != nil {
		WriteStringList(w, r.EditsNeeded)
	} else {
		WriteEditList(w, r.Needs)
	}
	WriteError(&o, r.Err, "input")
	if explain {
		o.Key("valid_under")
		w.WriteByte('[')
		for i, a := range r.ValidUnder {
			if i > 0 {
				w.WriteByte(',')
			}
			ao := BeginObject(w)
			ao.Str("profile", a.Profile)
			ao.Key("edits")
			WriteStringList(w, a.Edits)
			ao.Key("documents")
			WriteStringList(w, a.Documents)
			ao.End(false)
		}
		w.WriteByte(']')
	}
	v := r.View
	if v == nil {
		for _, k := range [...]string{"scheme", "scheme_specific_part", "authority", "userinfo", "host", "port", "path", "query", "fragment", "opaque", "authority_kind", "host_kind"} {
			o.Null(k)
		}
		if pw.iri {
			writeIRI(&o, r.IRI, in, input)
		}
		writeFields(&o, r.Fields)
		o.End(true)
		return
	}
	o.Component("scheme", v.Scheme)
	if v.SchemeSpecificPart != nil {
		o.Str("scheme_specific_part", *v.SchemeSpecificPart)
	} else {
		o.Null("scheme_specific_part")
	}
	o.Component("authority", v.Authority)
	o.Component("userinfo", v.UserInfo)
	o.Component("host", v.Host)
	o.Component("port", v.Port)
	o.Str("path", v.Path)
	o.Component("query", v.Query)
	o.Component("fragment", v.Fragment)
	if v.Opaque != nil {
		o.Boolean("opaque", *v.Opaque)
	} else {
		o.Null("opaque")
	}
	o.StrOrNull("authority_kind", v.AuthorityKind.Code, v.AuthorityKind.Code == "")
	o.StrOrNull("host_kind", v.HostKind.Code, v.HostKind.Code == "")
	if v.AppendixF != nil {
		o.Str("appendix_f_note", v.AppendixF.Note()) // only for a host-like first segment
	}
	if pw.iri {
		writeIRI(&o, r.IRI, in, input)
	}
	writeFields(&o, r.Fields)
	o.End(true)
}

// held is where a string just written lies in a [Buffer], B[begin:end],
// to copy where the same string comes again instead of escaping it again;
// spills is the buffer's Spills then, and B no longer holds it once
// Spills differs.
type held struct{ begin, end, spills int }

// copy writes the string at h again and reports whether it could.
func (h held) copy(w *Buffer) bool {
	if w.Spills != h.spills || h.end <= h.begin {
		return false
	}
	w.B = append(w.B, w.B[h.begin:h.end]...)
	return true
}

// writeFields writes the members a standard's face adds (see [Field]).
func writeFields(o *Object, fields []Field) {
	for _, f := range fields {
		o.Component(f.Name, f.Value)
	}
}
