package conformance

import (
	"strings"

	"github.com/rfc2396/rfc2396/internal/oracle"
)

// This file is a second, independent reading of section 5.2 of each RFC,
// written from the RFC text over the oracle's Appendix B split; the suite
// ships a resolution only when it agrees with the project's parser.

// resolve3986 is RFC 3986 section 5.2.2 (strict), 5.2.3 and 5.3.
func resolve3986(base, ref string) string {
	b, r := oracle.SplitB(base), oracle.SplitB(ref)
	var t oracle.Split
	switch {
	case r.Scheme.Defined:
		t = r
		t.Path = oracle.RemoveDotSegments(r.Path)
	case r.Authority.Defined:
		t = r
		t.Path = oracle.RemoveDotSegments(r.Path)
		t.Scheme = b.Scheme
	default:
		t.Scheme, t.Authority = b.Scheme, b.Authority
		switch {
		case r.Path == "":
			t.Path = b.Path
			t.Query = b.Query
			if r.Query.Defined {
				t.Query = r.Query
			}
		case r.Path[0] == '/':
			t.Path = oracle.RemoveDotSegments(r.Path)
			t.Query = r.Query
		default:
			var merged string
			if b.Authority.Defined && b.Path == "" {
				merged = "/" + r.Path
			} else {
				merged = b.Path[:strings.LastIndexByte(b.Path, '/')+1] + r.Path
			}
			t.Path = oracle.RemoveDotSegments(merged)
			t.Query = r.Query
		}
	}
	t.Fragment = r.Fragment
	return recompose(t)
}

// recompose is section 5.3.
func recompose(t oracle.Split) string {
	var b strings.Builder
	if t.Scheme.Defined {
		b.WriteString(t.Scheme.Value + ":")
	}
	if t.Authority.Defined {
		b.WriteString("//" + t.Authority.Value)
	}
	b.WriteString(t.Path)
	if t.Query.Defined {
		b.WriteString("?" + t.Query.Value)
	}
	if t.Fragment.Defined {
		b.WriteString("#" + t.Fragment.Value)
	}
	return b.String()
}

// resolve2396 is RFC 2396 section 5.2, steps 1 to 7, for a base with a
// hierarchical, absolute path, over the components o reads (Appendix B as
// the grammar reads it; an opaque reference's query is part of its path,
// which recomposes to the same string).
func resolve2396(o *oracle.Oracle, base, ref string) string {
	b, _ := o.Read(base)
	r, _ := o.Read(ref)
	// Step 2: a reference to the current document.
	if r.Path == "" && !r.Scheme.Defined && !r.Authority.Defined && !r.Query.Defined {
		t := b
		t.Fragment = r.Fragment
		return recompose(t)
	}
	// Step 3: an absolute reference is the target.
	if r.Scheme.Defined {
		return ref
	}
	t := oracle.Split{Scheme: b.Scheme, Query: r.Query, Fragment: r.Fragment}
	switch {
	case r.Authority.Defined: // step 4
		t.Authority = r.Authority
		t.Path = r.Path
	case strings.HasPrefix(r.Path, "/"): // step 5
		t.Authority = b.Authority
		t.Path = r.Path
	default: // step 6
		t.Authority = b.Authority
		t.Path = step6(b.Path[:strings.LastIndexByte(b.Path, '/')+1] + r.Path)
	}
	return recompose(t)
}

// step6 is steps 6a to 6f of RFC 2396 section 5.2 on the buffer, with the
// segments between "/" as its complete path segments.
func step6(buf string) string {
	segs := strings.Split(buf, "/") // segs[0] is "" for an absolute path
	// 6c and 6d: "." segments.
	var kept []string
	for i, s := range segs {
		if s == "." && i > 0 {
			if i == len(segs)-1 {
				kept = append(kept, "") // a final "." leaves the "/" before it
			}
			continue
		}
		kept = append(kept, s)
	}
	segs = kept
	// 6e and 6f: "<segment>/.." pairs, leftmost first, the segment not "..".
	for changed := true; changed; {
		changed = false
		for i := 1; i+1 < len(segs); i++ {
			if segs[i] != ".." && segs[i+1] == ".." {
				if i+2 == len(segs) { // "<segment>/.." at the end: 6f
					segs = append(segs[:i], "")
				} else { // "<segment>/../": 6e
					segs = append(segs[:i], segs[i+2:]...)
				}
				changed = true
				break
			}
		}
	}
	return strings.Join(segs, "/")
}
