package rfc3986_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// meaningBases are the bases against which Normalize must not change what
// a reference resolves to: hierarchical at several depths, with a query,
// an empty path, no authority, an empty segment, and rootless paths with
// and without a "/" (the "opaque" URIs of RFC 2396).
var meaningBases = []string{
	"http://a/b/c/d;p?q",
	"http://a/b/c/d;p?q#f",
	"http://a/",
	"http://a",
	"http://a/b//c/d",
	"ftp://u@h:21/a/b/c/d/e/f",
	"foo:/x/y/z",
	"foo:",
	"foo:a",
	"foo:a/b",
	"foo:a/b/c/d",
	"mailto:x@y",
}

// unparsable is the meaning of a target that does not normalize: a target
// whose path starts with "//" and has no authority
// (WarnPathReadsAsAuthority), or one an edited grammar does not allow
// ("foo:~" without path-rootless), may not read back: compare it with only
// the case of its scheme and hex digits normalized and the unreserved
// characters decoded.
func unparsable(got string, _ error) string {
	b := []byte(got)
	for i := 0; i < len(b) && b[i] != ':'; i++ {
		if b[i] >= 'A' && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '%' && i+2 < len(b) {
			hi, lo := upperHex(b[i+1]), upperHex(b[i+2])
			if c, err := rfc3986.Unescape(string([]byte{'%', hi, lo})); err == nil && rfc3986.Match(grammar.RuleUnreserved, c) == nil {
				out = append(out, c...)
			} else {
				out = append(out, '%', hi, lo)
			}
			i += 2
			continue
		}
		out = append(out, b[i])
	}
	return "unparsable " + string(out)
}

func upperHex(c byte) byte {
	if c >= 'a' && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// rejected reports whether a result of Normalize or Resolve is one only
// the published grammar has (editRejects): s when it came without an
// error (Resolve writes its result without reading it back), or the
// result a *ComposeError holds (Normalize reads its result back). The
// meaning is then none.
func rejected(s string, err error) bool {
	if ce, ok := uritest.As[*rfc3986.ComposeError](err); ok && ce.Err != nil {
		return editRejects(ce.Ref)
	}
	return err == nil && editRejects(s)
}

// editRejects reports whether s, a result of Normalize or Resolve, is a
// reference Appendix A as published accepts and the grammar in force
// rejects: after an edit that takes empty segments out of path-abempty,
// "foo://a/a/." normalizes to "foo://a/a/", which is no longer a URI.
// Under the published grammar it never holds.
func editRejects(s string) bool {
	inForce, published := oracles()
	return published.Match(grammar.RuleURIReference, s) && !inForce.Match(grammar.RuleURIReference, s)
}

// oracles returns the oracles of the grammar in force and as published,
// made once: each compiles every rule's expression.
var oracles = sync.OnceValues(func() (*oracle.Oracle3986, *oracle.Oracle3986) {
	return oracle.New3986(), oracle.NewPublished3986()
})

// decodesAsPublished reports whether every escape in refs is of a
// character that the grammar in force and the published one both call
// unreserved, or both do not.
func decodesAsPublished(refs ...string) bool {
	inForce, published := oracles()
	for _, ref := range refs {
		for i := 0; i+2 < len(ref); i++ {
			if ref[i] != '%' {
				continue
			}
			c, err := rfc3986.Unescape(ref[i : i+3])
			if err == nil && inForce.Match(grammar.RuleUnreserved, c) != published.Match(grammar.RuleUnreserved, c) {
				return false
			}
		}
	}
	return true
}

// checkSameMeaning reports a base of meaningBases against which a
// reference and its normal form resolve to URIs that are not equivalent;
// of the resolutions that fail, it tells apart only those of an invalid
// reference.
var checkSameMeaning = uritest.SameMeaning(meaningBases, uritest.ResolvedMeaning(uritest.Resolver(rfc3986.Resolve), uritest.Normalizer(rfc3986.Normalize), rejected, invalidReference, unparsable))

// invalidReference says "invalid reference" of a resolution refused for an
// invalid reference, and gives another error's message.
func invalidReference(err error) string {
	if rerr, ok := uritest.As[*rfc3986.ResolveError](err); ok && rerr.Reason == rfc3986.InvalidReference {
		return "invalid reference"
	}
	return err.Error()
}

func TestNormalize(t *testing.T) {
	// A row also says which escapes section 6.2.2.2 decodes: those of
	// unreserved characters, which an edit of unreserved changes.
	facts := oracle.NewFacts3986()
	hold := func(refs ...string) bool { return facts.Hold(refs...) && decodesAsPublished(refs...) }
	uritest.NormalTable(t, "testdata/normalize.txt", hold, uritest.Normalizer(rfc3986.Normalize), checkSameMeaning)
	var perr *rfc3986.Error
	if _, err := rfc3986.Normalize("a b"); !errors.As(err, &perr) || perr.Offset != 1 {
		t.Errorf("Normalize of an invalid reference: %v", err)
	}
}

// TestNormalizeMeaningSmallPaths checks the meaning of the normal form of
// every path of up to four segments drawn from "a", "b:c", "", ".", "..",
// "%2E%2E" and ".%2e", as a relative reference and after "foo:" and "foo:/",
// against every base of meaningBases.
func TestNormalizeMeaningSmallPaths(t *testing.T) {
	uritest.NormalizeSmallPaths(t, []string{"", "foo:", "foo:/"}, rfc3986.Valid, uritest.Normalizer(rfc3986.Normalize), rejected, checkSameMeaning)
}
