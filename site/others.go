package site

import (
	"net/url"
	"strings"
)

// maxOthers is the longest reference and base, together, that the
// comparison is shown for: it repeats every component twice more, and an
// answer's size is bounded.
const maxOthers = 2048

// otherRow is one component of the comparison with the other parsers
// ("What others make of it"): ours, and Go's net/url's. The WHATWG URL
// parser's is the browser's, so the page's script fills its cell in, on
// the server's pages as on the static copy's.
type otherRow struct {
	Name string
	// Ours is the component as this library reads it; OursUndefined says
	// it is undefined, NoReading that the reference is invalid here.
	Ours          string
	OursUndefined bool
	NoReading     bool
	// NetURL is net/url's reading (empty when it failed: NetURLError in
	// the first row), NetURLDiffers that it differs from ours.
	NetURL        string
	NetURLDiffers bool
	// NetURLError is net/url's error, in the first row only.
	NetURLError string
}

// otherView is the comparison of a reference's reading with net/url's.
type otherView struct {
	Rows        []otherRow
	NetURLError string // net/url rejected the reference (or the base)
}

// otherReadings compares a's reading of ref (and its resolution against
// base, when there is one) with what Go's net/url makes of them.
func otherReadings(a *Analysis, ref, base string) *otherView {
	ours := map[string]Component{}
	for _, c := range a.Components {
		ours[c.Name] = c
	}
	if a.Resolution != nil {
		ours["resolved"] = Component{Name: "resolved", Value: a.Resolution.Result, Defined: a.Resolution.Error == ""}
	}
	theirs, err := netURLReading(ref, base)
	v := &otherView{}
	if err != nil {
		v.NetURLError = err.Error()
	}
	names := []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}
	if base != "" {
		names = append(names, "resolved")
	}
	for _, name := range names {
		c, ok := ours[name]
		row := otherRow{Name: name, Ours: c.Value, OursUndefined: ok && !c.Defined, NoReading: !ok}
		if !ok && a.Valid && name != "resolved" {
			// A component the standard read does not name (RFC 3986 has
			// no opaque part): undefined.
			row.NoReading, row.OursUndefined = false, true
		}
		if err == nil {
			row.NetURL = theirs[name]
			row.NetURLDiffers = !row.NoReading && row.NetURL != row.Ours
		}
		if err != nil && len(v.Rows) == 0 {
			row.NetURLError = err.Error()
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// netURLReading reads ref with net/url.Parse and, with a base, resolves it
// with ResolveReference: the components by our names (an empty string for
// an absent one: net/url has no undefined).
func netURLReading(ref, base string) (map[string]string, error) {
	u, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	host := u.Hostname()
	if strings.Contains(host, ":") {
		// An IPv6 literal: Hostname takes off the brackets the other
		// readings keep.
		host = "[" + host + "]"
	}
	path := u.EscapedPath()
	if u.Opaque != "" {
		path = u.Opaque
	}
	out := map[string]string{
		"scheme": u.Scheme, "host": host, "port": u.Port(), "path": path,
		"query": u.RawQuery, "fragment": u.EscapedFragment(),
	}
	if u.User != nil {
		out["userinfo"] = u.User.String()
	}
	if base != "" {
		b, err := url.Parse(base)
		if err != nil {
			return out, &url.Error{Op: "parse base", URL: base, Err: err}
		}
		out["resolved"] = b.ResolveReference(u).String()
	}
	return out, nil
}
